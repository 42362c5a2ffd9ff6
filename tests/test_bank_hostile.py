"""The bank, clusters and worker counts under hostile input, as a black box: a bank of a
newer or unknown schema, a file that is not a bank, a damaged bank, a failed insert, a run
with nothing new left, worker counts far past the cores, and a --cluster address where
something that is not a Dask scheduler (or nothing) answers. Each ends well within
HOSTILE with `error: ...` (or a note) and exit code 1, and leaves a file that is not a
bank as it was. Also the bank verbs' help, and export's --variant and --difficulty."""

from __future__ import annotations

import os
import re
import shutil
import socket
import sqlite3
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from blackbox import HOSTILE, bookgen, filled
from conftest import missing_data

from bookgen.book.bank import APPLICATION_ID, SCHEMA, SCHEMA_VERSION
from bookgen.core.model import Band, band_of

PUZZLE6 = ".3.4.1...2...64...5......4.1.3.....5"
"""A unique 6x6 puzzle (conftest.SMALL_PUZZLES)."""

VERBS: dict[str, Callable[[Path, Path], list[str]]] = {
    "fill": lambda bank, _: ["bank", "fill", str(bank), "--size", "6", "-n", "3", "--quiet"],
    "import": lambda bank, source: ["bank", "import", str(bank), str(source)],
    "stats": lambda bank, _: ["bank", "stats", str(bank)],
    "export": lambda bank, _: ["bank", "export", str(bank)],
    "series": lambda bank, _: ["bank", "series", str(bank), "weekly"],
}
"""Every bank verb, run on a bank (and a file of puzzles for import)."""

CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
"""The cores a bookgen started here may run on."""

REFUSE = (f"this bookgen (0.1.0) reads schema version {SCHEMA_VERSION}: use the bookgen that "
          "made it, or name a new file for a bank")
"""How a bank of another schema is refused, after what it is."""


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bank of 40 classic and 12 X 6x6 puzzles, made once; tests take copies."""
    return filled(tmp_path_factory.mktemp("made") / "bank.db", 40, 12)


@pytest.fixture
def bank(made: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "bank.db"
    shutil.copy(made, copy)
    return copy


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "in.txt"
    path.write_text(PUZZLE6 + "\n")
    return path


def sql(path: Path, *statements: str) -> list[tuple[object, ...]]:
    """Run statements on a file with plain sqlite3; the last one's rows."""
    db = sqlite3.connect(path)
    try:
        rows: list[tuple[object, ...]] = []
        for statement in statements:
            rows = db.execute(statement).fetchall()
        db.commit()
        return rows
    finally:
        db.close()


def folder(path: Path) -> dict[str, tuple[bytes, int]]:
    """Every file beside `path` (its -wal or -shm included) with its bytes and mtime."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in path.parent.iterdir()}


def last_error(done: subprocess.CompletedProcess[str]) -> str:
    """The last line of a run that failed as it should: exit code 1, no traceback."""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    return done.stderr.strip().splitlines()[-1]


# ---------------------------------------------------------------- schemas


def newer(path: Path) -> str:
    sql(path, f"PRAGMA user_version = {SCHEMA_VERSION + 6}")
    return f"a bank of schema version {SCHEMA_VERSION + 6}, made by a newer bookgen; {REFUSE}"


def extra_column(path: Path) -> str:
    sql(path, "ALTER TABLE puzzle ADD COLUMN shelf TEXT NOT NULL DEFAULT 'top'")
    return (f"a bank marked schema version {SCHEMA_VERSION}, but its puzzle table has "
            f"columns this bookgen does not know (shelf); {REFUSE}")


def old_extra_column(path: Path) -> str:
    """A bank of before versions were stored (no application id, version 0), with a
    column of its own."""
    sql(path, "PRAGMA application_id = 0", "PRAGMA user_version = 0",
        "ALTER TABLE placement ADD COLUMN shelf INTEGER NOT NULL DEFAULT 1")
    return ("a bank marked schema version 0, but its placement table has columns this "
            f"bookgen does not know (shelf); {REFUSE}")


@pytest.mark.parametrize("change", [newer, extra_column, old_extra_column])
@pytest.mark.parametrize("verb", VERBS)
def test_a_bank_of_another_schema_is_refused_by_every_verb_and_left_alone(
        bank: Path, source: Path, verb: str, change: Callable[[Path], str]) -> None:
    expected = change(bank)
    before = folder(bank)
    done = bookgen(*VERBS[verb](bank, source), timeout=HOSTILE)
    assert last_error(done) == f"error: {bank}: {expected}"
    assert done.stdout == ""
    assert folder(bank) == before


def test_an_insert_the_bank_refuses_is_an_error_not_already_stored(
        tmp_path: Path, source: Path) -> None:
    # the same columns, and a rule no puzzle meets: every insert fails, and not as a
    # duplicate
    strict = SCHEMA.replace("regions TEXT\n)", "regions TEXT, CHECK (clues < 0)\n)", 1)
    assert strict != SCHEMA
    path = tmp_path / "strict.db"
    db = sqlite3.connect(path)
    db.executescript(strict)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.close()
    message = f"error: {path}: the bank refused a change (CHECK constraint failed: clues < 0)"
    imported = bookgen(*VERBS["import"](path, source), timeout=HOSTILE)
    assert last_error(imported) == message
    assert "already stored" not in imported.stdout
    filled = bookgen(*VERBS["fill"](path, source), "--workers", "1", timeout=HOSTILE)
    assert last_error(filled) == message
    assert sql(path, "SELECT count(*) FROM puzzle") == [(0,)]


def test_a_fill_with_nothing_new_left_stops_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "four.db"
    done = bookgen("bank", "fill", path, "--size", "4", "-n", "100000", "--quiet",
                   timeout=HOSTILE)
    message = last_error(done)
    held = re.fullmatch(
        rf"error: {re.escape(str(path))}: the last (\d+) puzzles of this run within the grades "
        r"were all stored already: the bank seems to hold every 4x4 puzzle of this kind "
        r"\(this run holds (\d+) of the 100000 asked\)", message)
    assert held, message
    assert int(held[1]) >= 1000
    # what it found is kept, and every class once
    assert sql(path, "SELECT count(*), count(DISTINCT canon) FROM puzzle") == [
        (int(held[2]), int(held[2]))]


@pytest.mark.parametrize(("asked", "told"), [
    (("--grade", "50-"), "--grade 50-: no 9x9 classic puzzle grades above 12, so a fill for "
                         "50 and up would never end; expected a range that starts at 12 or "
                         "below"),
    (("--size", "4", "--difficulty", "hard"),
     "--difficulty hard: no 4x4 classic puzzle grades above 1.2, so a fill for 2.5 and up "
     "would never end; expected a range that starts at 1.2 or below"),
])
def test_a_fill_for_grades_no_puzzle_reaches_is_refused(
        tmp_path: Path, asked: tuple[str, ...], told: str) -> None:
    path = tmp_path / "b.db"
    done = bookgen("bank", "fill", path, "-n", "2", *asked, timeout=HOSTILE)
    assert (done.returncode, last_error(done)) == (1, f"error: {told}")
    assert not path.exists()


# ---------------------------------------------------------------- not a bank


def foreign_sqlite(path: Path) -> str:
    sql(path, "CREATE TABLE notes (text TEXT)", "CREATE TABLE tags (name TEXT)",
        "INSERT INTO notes VALUES ('mine')")
    return ("not a bookgen bank (an SQLite database of another program: its tables: notes, "
            "tags); name a new file for a bank")


def foreign_wal(path: Path) -> str:
    sql(path, "PRAGMA journal_mode = WAL", "CREATE TABLE notes (text TEXT)",
        "INSERT INTO notes VALUES ('mine')")
    return ("not a bookgen bank (an SQLite database of another program: its tables: notes); "
            "name a new file for a bank")


def foreign_marked(path: Path) -> str:
    sql(path, "PRAGMA user_version = 3")
    return ("not a bookgen bank (an SQLite database of another program: it has no tables); "
            "name a new file for a bank")


def text_file(path: Path) -> str:
    path.write_text("shopping list: eggs, milk\n" * 40)
    return "not a bookgen bank (not an SQLite database); name a new file for a bank"


def binary_file(path: Path) -> str:
    path.write_bytes(bytes(range(256)) * 16)
    return "not a bookgen bank (not an SQLite database); name a new file for a bank"


@pytest.mark.parametrize("make", [foreign_sqlite, foreign_wal, foreign_marked, text_file,
                                  binary_file])
@pytest.mark.parametrize("verb", VERBS)
def test_a_file_that_is_not_a_bank_is_never_changed(
        tmp_path: Path, source: Path, verb: str, make: Callable[[Path], str]) -> None:
    path = tmp_path / "data" / "other.db"
    path.parent.mkdir()
    expected = make(path)
    before = folder(path)
    done = bookgen(*VERBS[verb](path, source), timeout=HOSTILE)
    assert last_error(done) == f"error: {path}: {expected}"
    assert folder(path) == before


@pytest.mark.parametrize("verb", ["stats", "export", "series"])
def test_a_verb_that_reads_makes_no_bank(tmp_path: Path, source: Path, verb: str) -> None:
    missing, empty = tmp_path / "missing.db", tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert last_error(bookgen(*VERBS[verb](missing, source), timeout=HOSTILE)) == (
        f"error: {missing}: no such bank")
    assert last_error(bookgen(*VERBS[verb](empty, source), timeout=HOSTILE)) == (
        f"error: {empty}: no bank in this file yet (bank fill or bank import makes one)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.db", "in.txt"]
    assert empty.read_bytes() == b""


@pytest.mark.parametrize("verb", ["fill", "import"])
def test_a_verb_that_stores_makes_a_bank_of_an_empty_file(
        tmp_path: Path, source: Path, verb: str) -> None:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    extra = ["--workers", "1"] if verb == "fill" else []
    done = bookgen(*VERBS[verb](path, source), *extra, timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert sql(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert sql(path, "PRAGMA application_id") == [(APPLICATION_ID,)]
    assert sql(path, "SELECT count(*) > 0 FROM puzzle") == [(1,)]


def test_a_damaged_bank_is_named_by_every_verb(bank: Path, source: Path) -> None:
    data = bytearray(bank.read_bytes())
    page = sql(bank, "PRAGMA page_size")[0][0]
    assert isinstance(page, int) and len(data) >= 4 * page
    # everything past the first page (the schema) overwritten, in the middle of the file
    data[page:-page] = bytes((i * 151 + 7) % 256 for i in range(len(data) - 2 * page))
    bank.write_bytes(bytes(data))
    for verb in VERBS:
        done = bookgen(*VERBS[verb](bank, source), timeout=HOSTILE)
        assert last_error(done) == (
            f"error: {bank}: the bank is damaged (database disk image is malformed); restore "
            f"it from a copy (sqlite3's .recover command saves what it can)"), verb


# ---------------------------------------------------------------- workers and clusters


def test_a_fill_with_a_thousand_workers_uses_the_cores(tmp_path: Path) -> None:
    if CORES is None or CORES >= 1000:
        pytest.skip("a machine with 1000 cores or more")
    done = bookgen("bank", "fill", tmp_path / "b.db", "--size", "6", "-n", "12",
                   "--workers", "1000", timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert (f"note: --workers 1000: this machine has {CORES} core{'s' if CORES > 1 else ''}; "
            f"using {CORES}") in done.stderr.splitlines()
    assert done.stdout.startswith(f"{tmp_path / 'b.db'}: 12 puzzles of this run")


def needs_dask() -> None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        missing_data("Dask (pip install 'bookgen[cluster]')")


def test_a_local_cluster_of_a_million_uses_the_cores(tmp_path: Path) -> None:
    needs_dask()
    done = bookgen("bank", "fill", tmp_path / "b.db", "--size", "6", "-n", "4",
                   "--cluster", "local:1000000", timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert (f"note: --cluster local:1000000: this machine has {CORES} "
            f"core{'s' if CORES != 1 else ''}; using local:{CORES}") in done.stderr.splitlines()
    assert done.stdout.startswith(f"{tmp_path / 'b.db'}: 4 puzzles of this run")


@pytest.mark.parametrize("command", [
    ["build", "missing.yaml"], ["cover", "missing.yaml"],
    ["improve", "not a grid", "--evaluations", "10"],
])
def test_every_command_with_a_local_cluster_caps_it(tmp_path: Path, command: list[str]) -> None:
    # the note comes as the option is read, before the command fails on its other input
    done = bookgen(*command, "--cluster", "local:1000000", cwd=tmp_path, timeout=HOSTILE)
    assert done.returncode == 1
    assert done.stderr.startswith(f"note: --cluster local:1000000: this machine has {CORES} ")


@pytest.fixture
def server() -> Iterator[Callable[[bytes | None], str]]:
    """serve(reply): a TCP server on 127.0.0.1 that answers each connection with `reply`
    (None: says nothing and holds it open); its address."""
    sockets: list[socket.socket] = []
    stop = threading.Event()

    def serve(reply: bytes | None) -> str:
        listener = socket.create_server(("127.0.0.1", 0))
        sockets.append(listener)

        def answer() -> None:
            while not stop.is_set():
                try:
                    conn, _ = listener.accept()
                except OSError:
                    return
                sockets.append(conn)
                if reply is not None:
                    try:
                        conn.sendall(reply)
                    except OSError:
                        pass

        threading.Thread(target=answer, daemon=True).start()
        return f"tcp://127.0.0.1:{listener.getsockname()[1]}"

    yield serve
    stop.set()
    for s in sockets:
        s.close()


NOT_A_SCHEDULER = "not a Dask scheduler ({}); give the address `dask scheduler` prints"


@pytest.mark.parametrize(("reply", "why"), [
    (b"\xff" * 64 + b"garbage " * 200, "its answer is not Dask's protocol"),
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", "its answer is not Dask's protocol"),
    (None, "no answer within 10 s"),
], ids=["garbage", "http", "silent"])
def test_a_server_that_is_not_a_scheduler_is_named(
        tmp_path: Path, server: Callable[[bytes | None], str], reply: bytes | None,
        why: str) -> None:
    needs_dask()
    address = server(reply)
    done = bookgen("bank", "fill", tmp_path / "b.db", "--size", "6", "-n", "3",
                   "--cluster", address, timeout=HOSTILE)
    assert last_error(done) == f"error: --cluster {address}: {NOT_A_SCHEDULER.format(why)}"
    if reply is not None:  # another command meets the same check (a silent one: 10 s more)
        improve = bookgen("improve", PUZZLE6, "--evaluations", "10", "--cluster", address,
                          timeout=HOSTILE)
        assert last_error(improve) == last_error(done)


def test_a_port_where_nothing_listens_is_named_at_once(tmp_path: Path) -> None:
    needs_dask()
    with socket.create_server(("127.0.0.1", 0)) as s:
        port = s.getsockname()[1]  # free once closed
    address = f"tcp://127.0.0.1:{port}"
    done = bookgen("bank", "fill", tmp_path / "b.db", "--size", "6", "-n", "3",
                   "--cluster", address, timeout=HOSTILE)
    assert last_error(done) == (
        f"error: --cluster {address}: cannot reach the scheduler (connection refused: "
        f"nothing listens there; start one with `dask scheduler`)")


# ---------------------------------------------------------------- help and export


def help_of(verb: str) -> str:
    done = bookgen("bank", verb, "--help", env={"COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_bank_verb_has_a_description_and_help_for_each_option() -> None:
    for verb in VERBS:
        text = help_of(verb)
        usage, description, *_ = text.split("\n\n")
        assert usage.startswith(f"usage: bookgen bank {verb} ")
        assert not description.startswith(("positional arguments", "options")), verb
        # each option has its help beside it, or on the next line when the option is long
        lines = text[text.index("options:"):].splitlines()[1:] + [""]
        bare = [line for line, after in zip(lines, lines[1:], strict=False)
                if line.startswith("  -") and not re.search(r"\S  +\S", line.strip())
                and not re.match(r" {6,}\S", after)]
        assert bare == [], verb
    assert re.search(r"\n  -o FILE, --output FILE\s+write the results to FILE", help_of("export"))


def option_help(text: str, option: str) -> tuple[str, str]:
    """(the option as help shows it, its help without the default) in a --help text."""
    found = re.search(rf"\n  ({re.escape(option)}\S*(?: \S+)?)\s+(\S.*)", text)
    assert found, option
    return found[1], found[2].split(" (default")[0]


def test_export_takes_size_variant_and_difficulty_as_fill_does() -> None:
    fill, export = help_of("fill"), help_of("export")
    for option in ("--size", "--variant", "--difficulty", "--grade"):
        # the same flag, choices or metavar, and the same words
        assert option_help(fill, option) == option_help(export, option)
    assert option_help(export, "--size")[0] == "--size {4,5,6,7,8,9,12,16}"


def grades_of(lines: list[str]) -> list[float]:
    return [float(line.split("# grade ")[1].split()[0]) for line in lines]


def test_export_filters_by_variant_and_difficulty(made: Path, tmp_path: Path) -> None:
    rows = sql(made, "SELECT variant, grade FROM puzzle")
    out = tmp_path / "x.txt"
    done = bookgen("bank", "export", made, "--variant", "x", "-o", out)
    assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == sum(1 for v, _ in rows if v == "x") == 12
    assert all('"variant": "x"' in line for line in lines)
    for band in (Band.EASY, Band.MEDIUM):
        done = bookgen("bank", "export", made, "--variant", "classic", "--difficulty",
                       band.value)
        assert done.returncode == 0, done.stderr
        grades = grades_of(done.stdout.splitlines())
        expected = sorted(g for v, g in rows if v == "classic" and band_of(float(g)) is band)
        assert grades and sorted(grades) == pytest.approx(expected, abs=0.05)
        assert all(not line.startswith("{") for line in done.stdout.splitlines())
    both = bookgen("bank", "export", made, "--difficulty", "easy", "--grade", "1-")
    assert both.returncode == 1
    assert "argument --grade: not allowed with argument --difficulty" in both.stderr
