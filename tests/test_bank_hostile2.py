"""The bank, series and clusters as a hostile but realistic user meets them, as a black box:
a bank file or folder that cannot be written, a folder named as the bank, a bank deleted
while a fill runs, two fills of one run at once, an export or a plot with nothing to show,
odd --grade and --cluster values, a server that hangs up, a scheduler that dies mid-fill
and Ctrl-C during a local cluster's fill. Each ends well within HOSTILE with `error: ...`
and exit code 1 (130 for Ctrl-C), no traceback, the stored rows kept and counts that agree
with the bank."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
from blackbox import HOSTILE, bookgen, filled
from conftest import missing_data

BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bank of 12 classic and 4 X 6x6 puzzles, made once; tests take copies."""
    return filled(tmp_path_factory.mktemp("made") / "bank.db", 12, 4)


@pytest.fixture
def bank(made: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "my bänk" / "bank.db"
    copy.parent.mkdir()
    shutil.copy(made, copy)
    return copy


def count(path: Path) -> int:
    """Rows of the bank at `path` (closed at once: an open connection keeps the -wal and
    -shm files, which would let a write through a read-only folder)."""
    with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as db:
        return int(db.execute("SELECT count(*) FROM puzzle").fetchone()[0])


def last_error(done: subprocess.CompletedProcess[str]) -> str:
    """The last line of a run that failed as it should: exit code 1, no traceback."""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    return done.stderr.strip().splitlines()[-1]


def folder(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.iterdir()}


# ---------------------------------------------------------------- files that cannot be written


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """`path` (a file or a folder) read-only, even to root (which ignores modes): by its
    mode, or as root by the immutable attribute; put back on leaving."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", path], capture_output=True).returncode:
        pytest.skip("root without an immutable attribute here: nothing is read-only to it")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", path], check=True)


WRITES: dict[str, Callable[[Path], list[str]]] = {
    "fill": lambda bank: ["bank", "fill", str(bank), "--size", "6", "-n", "20", "--seed",
                          "3", "--workers", "1", "--quiet"],
    "import": lambda bank: ["bank", "import", str(bank), "-"],
}
READS: dict[str, Callable[[Path], list[str]]] = {
    "stats": lambda bank: ["bank", "stats", str(bank)],
    "export": lambda bank: ["bank", "export", str(bank), "--variant", "x"],
}
PUZZLE6 = ".3.4.1...2...64...5......4.1.3.....5\n"
"""A unique 6x6 puzzle the bank does not hold, for import."""


@pytest.mark.parametrize("where", ["file", "folder"])
def test_an_unwritable_bank_is_read_and_its_writes_are_refused_by_name(
        bank: Path, where: str) -> None:
    held = count(bank)
    stats = bookgen(*READS["stats"](bank), timeout=HOSTILE)
    with read_only(bank if where == "file" else bank.parent):
        before = folder(bank.parent)
        for verb, args in READS.items():
            done = bookgen(*args(bank), timeout=HOSTILE)
            assert done.returncode == 0, (verb, done.stderr)
        assert bookgen(*READS["stats"](bank), timeout=HOSTILE).stdout == stats.stdout
        exported = bookgen(*READS["export"](bank), timeout=HOSTILE).stdout.splitlines()
        assert len(exported) == 4
        why = ("the file is read-only" if where == "file" else
               f"its folder {bank.parent} is read-only, and SQLite writes its -wal and -shm "
               f"files beside the bank")
        for verb, args in WRITES.items():
            done = bookgen(*args(bank), stdin=PUZZLE6, timeout=HOSTILE)
            assert last_error(done) == f"error: {bank}: cannot write the bank: {why}", verb
        assert folder(bank.parent) == before
    assert count(bank) == held


def test_a_new_bank_in_a_read_only_folder_or_no_folder_is_refused_by_name(
        tmp_path: Path) -> None:
    shut = tmp_path / "shut"
    shut.mkdir()
    with read_only(shut):
        done = bookgen(*WRITES["fill"](shut / "new.db"), timeout=HOSTILE)
        assert last_error(done) == (
            f"error: {shut / 'new.db'}: cannot write the bank: its folder {shut} is "
            f"read-only, and SQLite writes its -wal and -shm files beside the bank")
    assert list(shut.iterdir()) == []
    for verb, args in WRITES.items():
        done = bookgen(*args(tmp_path / "gone" / "b.db"), stdin=PUZZLE6, timeout=HOSTILE)
        assert last_error(done) == (f"error: {tmp_path / 'gone' / 'b.db'}: cannot write the "
                                    f"bank: no such folder: {tmp_path / 'gone'}"), verb


@pytest.mark.parametrize("verb", [*WRITES, *READS, "series"])
def test_a_folder_named_as_the_bank_is_said_to_be_one(tmp_path: Path, verb: str) -> None:
    args = {**WRITES, **READS}.get(verb, lambda b: ["bank", "series", str(b), "weekly"])
    done = bookgen(*args(tmp_path), stdin=PUZZLE6, timeout=HOSTILE)
    assert last_error(done) == f"error: {tmp_path}: a folder, not a bank file; name a file " \
                               f"for the bank"
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- the file under a fill


def wait_for_rows(path: Path, process: subprocess.Popen[bytes]) -> None:
    """Until the bank at `path` holds a row (the fill has written a batch)."""
    deadline = time.monotonic() + HOSTILE
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if path.exists() and count(path) > 0:
                return
        except sqlite3.Error:
            pass  # the tables are being made
        time.sleep(0.2)
    raise AssertionError("the fill stored nothing")


def started(*args: str | Path, cwd: Path) -> subprocess.Popen[bytes]:
    """`python -m bookgen *args` started in a session of its own, as a terminal runs it."""
    return subprocess.Popen([sys.executable, "-m", "bookgen", *map(str, args)], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "BOOKGEN_BACKEND": "python"},
                            start_new_session=True)


def finished(process: subprocess.Popen[bytes]) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=HOSTILE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise
    return process.returncode, out.decode(), err.decode()


def test_a_bank_deleted_while_a_fill_runs_is_an_error_not_a_count(tmp_path: Path) -> None:
    path = tmp_path / "b.db"
    fill = started("bank", "fill", path, "--size", "6", "-n", "100000", "--workers", "1",
                   "--quiet", cwd=tmp_path)
    wait_for_rows(path, fill)
    for name in ("b.db", "b.db-wal", "b.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    code, out, err = finished(fill)
    assert (code, out, "Traceback" in err) == (1, "", False), err
    assert err.splitlines()[-1] == (
        f"error: {path}: the bank was deleted or replaced while this command ran; what it "
        f"stored went with the old file (run the command again to make a new bank)")


def test_two_fills_of_one_run_at_once_count_only_what_each_added(tmp_path: Path) -> None:
    path = tmp_path / "b.db"
    fills = [started("bank", "fill", path, "--size", "6", "-n", "60", "--workers", "1",
                     "--quiet", cwd=tmp_path) for _ in range(2)]
    added = []
    for fill in fills:
        code, out, err = finished(fill)
        assert code == 0, err
        said = re.fullmatch(rf"{re.escape(str(path))}: 60 puzzles of this run \(grades 0-\); "
                            r"added (\d+), examined (\d+), next index (\d+)\n", out)
        assert said, out
        added.append(int(said[1]))
    assert sum(added) == count(path) == 60


# ---------------------------------------------------------------- nothing to show


@pytest.mark.parametrize(("filters", "said"), [
    (["--size", "9"], "--size 9"),
    (["--variant", "jigsaw"], "--variant jigsaw"),
    (["--size", "6", "--variant", "x", "--difficulty", "extreme"],
     "--size 6 --variant x --difficulty extreme"),
    (["--grade", "11.9-"], "--grade 11.9-"),
])
def test_an_export_that_matches_nothing_says_so_and_writes_nothing(
        bank: Path, tmp_path: Path, filters: list[str], said: str) -> None:
    out = tmp_path / "out.txt"
    done = bookgen("bank", "export", bank, *filters, "-o", out, timeout=HOSTILE)
    assert last_error(done) == (f"error: {bank}: no stored puzzle matches {said} (bank stats "
                                f"lists what the bank holds); nothing written")
    assert not out.exists()


def test_an_empty_bank_exports_and_plots_nothing(tmp_path: Path) -> None:
    path, png = tmp_path / "b.db", tmp_path / "grades.png"
    assert bookgen("bank", "import", path, "-", stdin="", timeout=HOSTILE).returncode == 0
    done = bookgen("bank", "export", path, timeout=HOSTILE)
    assert last_error(done) == (f"error: {path}: no stored puzzle matches the export (bank "
                                f"stats lists what the bank holds); nothing written")
    done = bookgen("bank", "stats", path, "--plot", png, timeout=HOSTILE)
    assert done.stdout.startswith(f"{path}: 0 puzzles\n")
    assert last_error(done) == (f"error: --plot {png}: the bank holds no puzzles, so there "
                                f"is no histogram to draw (nothing written)")
    assert not png.exists()


# ---------------------------------------------------------------- odd options


@pytest.mark.parametrize("verb", ["fill", "export"])
def test_a_grade_of_nan_is_refused(bank: Path, verb: str) -> None:
    done = bookgen("bank", verb, bank, *(["-n", "1"] if verb == "fill" else []), "--grade",
                   "nan", timeout=HOSTILE)
    assert last_error(done) == ("error: --grade 'nan': expected a grade range such as "
                                "8.0-9.0 or 8.0- (nan is not a grade)")


def test_a_killer_fill_is_refused_by_name(tmp_path: Path) -> None:
    done = bookgen("bank", "fill", tmp_path / "b.db", "--variant", "killer", "-n", "1",
                   timeout=HOSTILE)
    assert last_error(done) == ("error: --variant killer: the bank holds no killer puzzles; "
                                "expected one of classic, x, hyper, jigsaw, samurai, twin, "
                                "anti-knight, anti-king, non-consecutive, disjoint-groups, "
                                "asterisk, center-dot, girandola")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("address", ["", "   ", "127.0.0.1:99999", "tcp://127.0.0.1:0",
                                     "tcp://127.0.0.1:8786/status", "tcp://:"])
def test_an_address_that_cannot_be_a_schedulers_is_refused_even_with_no_work(
        bank: Path, address: str) -> None:
    # the run holds its 12 already: nothing would be asked of the cluster
    done = bookgen("bank", "fill", bank, "--size", "6", "-n", "12", "--seed", "3",
                   "--cluster", address, timeout=HOSTILE)
    assert last_error(done) == (f"error: --cluster {address!r}: expected local:N, or a "
                                f"scheduler address tcp://HOST:PORT with a port from 1 to "
                                f"65535")
    assert done.stdout == ""


def needs_dask() -> None:
    if not (BIN / "dask").is_file():
        missing_data("Dask (pip install 'bookgen[cluster]')")


def test_a_server_that_hangs_up_is_named(tmp_path: Path) -> None:
    needs_dask()
    with socket.create_server(("127.0.0.1", 0)) as listener:
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        fill = started("bank", "fill", tmp_path / "b.db", "--size", "6", "-n", "2",
                       "--cluster", address, cwd=tmp_path)
        # every connection is hung up on, until the fill ends (its probe and Dask's own
        # connection may be seconds apart on a loaded machine)
        listener.settimeout(1)
        deadline = time.monotonic() + HOSTILE
        while fill.poll() is None and time.monotonic() < deadline:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            conn.close()
        code, out, err = finished(fill)
    assert (code, "Traceback" in err) == (1, False), err
    assert err.splitlines()[-1] == (
        f"error: --cluster {address}: not a Dask scheduler (it closed the connection "
        f"without an answer); give the address `dask scheduler` prints")


# ---------------------------------------------------------------- clusters going away


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def listening(port: int) -> None:
    """Until something listens on the loopback port (a scheduler just started)."""
    deadline = time.monotonic() + HOSTILE
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing listens on port {port}")


def session_members(sid: int) -> list[int]:
    """The processes still in session `sid` (Linux /proc)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            members.append(int(stat.parent.name))
    return members


def test_a_scheduler_that_dies_mid_fill_is_an_error_and_the_rows_are_kept(
        tmp_path: Path) -> None:
    needs_dask()
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    log = open(tmp_path / "dask.log", "wb")  # noqa: SIM115 - closed below
    dask = [subprocess.Popen([BIN / "dask", "scheduler", "--host", "127.0.0.1", "--port",
                              str(port), "--no-dashboard"], stdout=log, stderr=log)]
    try:
        listening(port)
        dask.append(subprocess.Popen([BIN / "dask", "worker", address, "--nworkers", "1",
                                      "--nthreads", "1", "--no-dashboard"],
                                     stdout=log, stderr=log))
        path = tmp_path / "b.db"
        fill = started("bank", "fill", path, "--size", "6", "-n", "100000", "--cluster",
                       address, "--quiet", cwd=tmp_path)
        wait_for_rows(path, fill)
        dask[0].kill()
        code, out, err = finished(fill)
    finally:
        for process in reversed(dask):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()
    assert (code, out, "Traceback" in err) == (1, "", False), err
    assert err.splitlines()[-1] == (
        f"error: --cluster {address}: lost the connection to the scheduler mid-run; what was "
        f"finished before is kept: run the same command again once the scheduler is back")
    with closing(sqlite3.connect(path)) as db:
        (cursor,), = db.execute("SELECT next_index FROM run").fetchall()
        assert db.execute("SELECT count(*), max(run_index) + 1 FROM puzzle").fetchone() == (
            cursor, cursor)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_to_a_local_cluster_fill_ends_it_all_without_a_traceback(
        tmp_path: Path, sig: signal.Signals) -> None:
    needs_dask()
    path = tmp_path / "b.db"
    fill = started("bank", "fill", path, "--size", "6", "-n", "100000", "--cluster",
                   "local:2", "--quiet", cwd=tmp_path)
    wait_for_rows(path, fill)
    os.killpg(fill.pid, sig)  # as a terminal's Ctrl-C reaches every process of the job
    code, out, err = finished(fill)
    assert (code, out, err) == (128 + sig, "", "interrupted\n")
    deadline = time.monotonic() + 10
    while session_members(fill.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert session_members(fill.pid) == []
    assert count(path) > 0


def test_a_cluster_fill_with_a_hundred_million_workers_uses_what_it_has(
        tmp_path: Path) -> None:
    needs_dask()
    cores = len(os.sched_getaffinity(0))
    done = bookgen("bank", "fill", tmp_path / "b.db", "--size", "6", "-n", "3", "--workers",
                   "100000000", "--cluster", "local:1", timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert (f"note: --workers 100000000: this machine has {cores} core"
            f"{'s' if cores > 1 else ''}; using {cores}") in done.stderr.splitlines()
    assert count(tmp_path / "b.db") == 3


@pytest.mark.parametrize(("verb", "name"), [
    ("export", "bank.db"), ("export", "hard.db"), ("export", "link.db"),
    ("export", "bank.db-wal"), ("plot", "./bank.db"),
])
def test_an_output_onto_the_bank_itself_is_refused_and_the_bank_kept(
        bank: Path, verb: str, name: str) -> None:
    (bank.parent / "hard.db").hardlink_to(bank)
    (bank.parent / "link.db").symlink_to(bank)
    before = bank.read_bytes()
    args = (["bank", "export", bank, "-o", name] if verb == "export"
            else ["bank", "stats", bank, "--plot", name])
    done = bookgen(*args, cwd=bank.parent, timeout=HOSTILE)
    own = f"{bank}-wal" if name.endswith("-wal") else str(bank)
    assert last_error(done) == (f"error: {'-o' if verb == 'export' else '--plot'} {name}: "
                                f"that is the bank's own file {own}; writing there would "
                                f"destroy the bank; name another file")
    assert done.stdout == ""
    assert bank.read_bytes() == before
    assert sorted(p.name for p in bank.parent.iterdir()) == ["bank.db", "hard.db", "link.db"]


def test_an_imports_bad_lines_are_reported_in_line_order(tmp_path: Path) -> None:
    lines = ["." * 36, "11" + "." * 34, PUZZLE6.strip(), "123456" + "." * 30, "1234"]
    done = bookgen("bank", "import", tmp_path / "b.db", "-", stdin="\n".join(lines) + "\n",
                   timeout=HOSTILE)
    assert done.returncode == 1
    assert done.stdout == f"{tmp_path / 'b.db'}: added 1, already stored 0, bad lines 4\n"
    numbers = [int(m[1]) for m in re.finditer(r"line (\d+)", done.stderr)]
    assert numbers == [1, 2, 4, 5], done.stderr
