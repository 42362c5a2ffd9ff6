"""The puzzle bank: fills that are deterministic, resumable after kill -9 and safe side by
side; imports that keep good lines and name bad ones; one row per class of isomorphs; the
series ledger. Mostly 6x6 (rated in milliseconds), black box where the issue asks for it."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest
from exact_cover import count_exact

from bookgen.book.bank import Bank, GradeRange, fill, import_file
from bookgen.core.grid import format_line, geometry, parse
from bookgen.core.model import DigSpec
from bookgen.core.rules import Symmetry

SPEC6 = DigSpec(6)


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, input=stdin, timeout=300)


def fill_command(bank: Path, n: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "bookgen", "bank", "fill", str(bank), "--size", "6",
            "-n", str(n), "--seed", "4", "--quiet", *extra]


def contents(bank: Path) -> list[tuple[object, ...]]:
    """(canon, givens, run index, grade) of every row, by canon."""
    with sqlite3.connect(bank) as db:
        return db.execute(
            "SELECT canon, givens, run_index, grade FROM puzzle ORDER BY canon").fetchall()


def integrity(bank: Path) -> str:
    with sqlite3.connect(bank) as db:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])


def test_fill_stores_unique_rated_puzzles(tmp_path: Path) -> None:
    result = fill(tmp_path / "b.db", SPEC6, 12, seed=1, workers=1)
    assert (result.stored, result.added) == (12, 12)
    assert result.examined >= 12
    geo = geometry(6)
    rows = contents(tmp_path / "b.db")
    assert len(rows) == 12 == len({r[0] for r in rows})
    for _, givens, _, grade in rows:
        assert count_exact(parse(str(givens))[0], geo) == 1
        assert isinstance(grade, float)
    with Bank(tmp_path / "b.db") as bank:
        assert bank.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_fill_is_the_same_for_any_worker_count_and_resumes(tmp_path: Path) -> None:
    one, two, steps = tmp_path / "one.db", tmp_path / "two.db", tmp_path / "steps.db"
    fill(one, SPEC6, 30, seed=2, workers=1)
    fill(two, SPEC6, 30, seed=2, workers=2)
    assert fill(steps, SPEC6, 11, seed=2, workers=2).stored == 11
    again = fill(steps, SPEC6, 30, seed=2, workers=1)
    assert again.added == 19
    assert contents(one) == contents(two) == contents(steps)
    done = fill(steps, SPEC6, 30, seed=2, workers=1)
    assert (done.added, done.examined) == (0, 0)


def test_fill_keeps_only_the_grades_asked(tmp_path: Path) -> None:
    grades = GradeRange(1.5, 2.5)
    result = fill(tmp_path / "b.db", SPEC6, 5, seed=3, grades=grades, workers=1)
    assert result.stored == 5
    assert result.examined > 5  # most 6x6 puzzles are easy: some were left out
    assert all(1.5 <= r[3] < 2.5 for r in contents(tmp_path / "b.db"))


@pytest.mark.slow
def test_kill_9_loses_at_most_a_batch_and_the_rerun_completes(tmp_path: Path) -> None:
    killed, whole = tmp_path / "killed.db", tmp_path / "whole.db"
    proc = subprocess.Popen(fill_command(killed, 400, "--workers", "1"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with sqlite3.connect(killed, timeout=5) as db:
                if db.execute("SELECT count(*) FROM puzzle").fetchone()[0] >= 16:
                    break
        except sqlite3.OperationalError:
            pass  # the table is not made yet
        time.sleep(0.05)
    assert proc.poll() is None, "the fill ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert integrity(killed) == "ok"
    partial = contents(killed)
    assert 16 <= len(partial) < 400
    with sqlite3.connect(killed) as db:
        cursor = db.execute("SELECT next_index FROM run").fetchone()[0]
        # everything below the cursor is stored, nothing above it
        assert max(r[2] for r in partial) < cursor
    out = subprocess.run(fill_command(killed, 400, "--workers", "2"), capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "400 puzzles of this run" in out.stdout
    subprocess.run(fill_command(whole, 400, "--workers", "2"), check=True, timeout=300,
                   capture_output=True)
    assert contents(killed) == contents(whole)
    assert set(partial) <= set(contents(whole))


@pytest.mark.slow
def test_two_fills_at_once_do_not_corrupt_the_bank(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    procs = [subprocess.Popen(fill_command(bank, 60, "--workers", "1", *extra),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for extra in ([], [], ["--symmetry", "rotational"])]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    assert integrity(bank) == "ok"
    with sqlite3.connect(bank) as db:
        runs = dict(db.execute("SELECT run, count(*) FROM puzzle GROUP BY run").fetchall())
    assert sorted(runs.values()) == [60, 60]
    alone = tmp_path / "alone.db"
    fill(alone, SPEC6, 60, seed=4, workers=1)
    with sqlite3.connect(bank) as db:
        plain = db.execute("SELECT canon, givens, run_index, grade FROM puzzle WHERE run LIKE "
                           "'%symmetry=none%' ORDER BY canon").fetchall()
    assert plain == contents(alone)


def isomorph6(line: str) -> str:
    """An isomorph of a 6x6 puzzle: its first and last bands swapped, symbols renamed."""
    values, _ = parse(line)
    names = {0: 0, 1: 6, 2: 5, 3: 4, 4: 3, 5: 2, 6: 1}
    rows = [values[r * 6:(r + 1) * 6] for r in range(6)]
    rows = rows[4:] + rows[2:4] + rows[:2]
    return format_line([names[v] for row in rows for v in row])


def test_import_keeps_good_lines_and_names_bad_ones(tmp_path: Path) -> None:
    made = fill(tmp_path / "src.db", SPEC6, 3, seed=5, workers=1)
    assert made.stored == 3
    givens = [str(r[1]) for r in contents(tmp_path / "src.db")]
    text = "\n".join([
        "# three good puzzles, an isomorph and four bad lines",
        givens[0],
        givens[1] + "  # a comment",
        "12345",
        givens[2],
        isomorph6(givens[0]),
        "11" + "." * 34,
        "." * 36,
        "1x" + "." * 34,
    ]) + "\n"
    source = tmp_path / "in.txt"
    source.write_text(text)
    out = run("bank", "import", str(tmp_path / "b.db"), str(source))
    assert out.returncode == 1
    assert out.stdout.strip() == f"{tmp_path / 'b.db'}: added 3, already stored 1, bad lines 4"
    errors = out.stderr.splitlines()
    assert [re.search(r": line (\d+)", e).group(1) for e in errors] == ["4", "7", "8", "9"]  # type: ignore[union-attr]
    assert errors[2] == f"error: {source}: line 8: not a unique puzzle"
    assert all(e.startswith(f"error: {source}: line ") for e in errors)
    with sqlite3.connect(tmp_path / "b.db") as db:
        lines = db.execute("SELECT source_line FROM puzzle ORDER BY source_line").fetchall()
    assert lines == [(2,), (3,), (5,)]


def test_isomorphs_are_one_row(tmp_path: Path) -> None:
    line = ".3.4.1...2...64...5......4.1.3.....5"
    assert count_exact(parse(line)[0], geometry(6)) == 1
    assert isomorph6(line) != line
    result = import_file(tmp_path / "b.db", "x", f"{line}\n{isomorph6(line)}\n")
    assert (result.added, result.known, result.bad) == (1, 1, ())


def test_export_reads_back_and_filters_by_grade(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    fill(bank, SPEC6, 20, seed=6, workers=1)
    out = run("bank", "export", str(bank), "-o", str(tmp_path / "all.txt"))
    assert out.returncode == 0, out.stderr
    lines = (tmp_path / "all.txt").read_text().splitlines()
    assert len(lines) == 20
    assert {line.split()[0] for line in lines} == {str(r[1]) for r in contents(bank)}
    again = import_file(tmp_path / "again.db", "all.txt", "\n".join(lines))
    assert (again.added, again.bad) == (20, ())
    hard = run("bank", "export", str(bank), "--grade", "1.5-")
    grades = [float(line.split("grade ")[1].split()[0]) for line in hard.stdout.splitlines()]
    assert grades and all(g >= 1.5 for g in grades)
    assert len(grades) == sum(1 for r in contents(bank) if r[3] >= 1.5)


def test_stats_table(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    fill(bank, SPEC6, 10, seed=7, workers=1)
    out = run("bank", "stats", str(bank))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == f"{bank}: 10 puzzles"
    assert lines[1:3] == ["size:", "         6        10"]
    clue_rows = lines[lines.index("clues:") + 1:]
    with sqlite3.connect(bank) as db:
        expected = db.execute("SELECT clues, count(*) FROM puzzle GROUP BY clues").fetchall()
    assert [tuple(map(int, r.split())) for r in clue_rows] == expected


@pytest.mark.parametrize(("args", "message"), [
    (["stats", "nope.db"], "error: nope.db: no such bank"),
    (["fill", "b.db", "-n", "3", "--grade", "9-8"], "error: --grade '9-8': the range is empty (lo >= hi)"),
    (["fill", "b.db", "-n", "3", "--grade", "hard"], "error: --grade 'hard': expected a grade range such as 8.0-9.0 or 8.0-"),
    (["import", "b.db", "missing.txt"], "error: missing.txt: cannot read: No such file or directory"),
    (["series", "b.db", "weekly"], "error: b.db: no book of series 'weekly'"),
    (["fill", "no/such/dir/b.db", "-n", "3", "--size", "4"],
     "error: no/such/dir/b.db: cannot write the bank: no such folder: no/such/dir"),
])
def test_cli_errors(tmp_path: Path, args: list[str], message: str) -> None:
    if args[0] == "series":
        with Bank(tmp_path / "b.db"):
            pass
    out = subprocess.run([sys.executable, "-m", "bookgen", "bank", *args], capture_output=True,
                         text=True, cwd=tmp_path, timeout=60)
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1] == message
    assert "Traceback" not in out.stderr


def test_not_a_bank(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_text("not sqlite at all, " * 100)
    out = run("bank", "stats", str(junk))
    assert out.returncode == 1
    assert out.stderr.startswith(f"error: {junk}: not a bookgen bank (")


def test_series_ledger_never_repeats_a_puzzle_and_returns_a_books_own_picks(
        tmp_path: Path) -> None:
    path = tmp_path / "b.db"
    fill(path, SPEC6, 12, seed=8, workers=1)
    with Bank(path) as bank:
        everything = GradeRange()
        first = bank.pick(6, everything, 5, "weekly", "hash-1")
        bank.record("weekly", "Volume 1", "hash-1", [(i + 1, r["canon"]) for i, r in
                                                       enumerate(first)])
        second = bank.pick(6, everything, 5, "weekly", "hash-2")
        bank.record("weekly", "Volume 2", "hash-2", [(i + 1, r["canon"]) for i, r in
                                                       enumerate(second)])
        assert not {r["canon"] for r in first} & {r["canon"] for r in second}
        again = bank.pick(6, everything, 5, "weekly", "hash-1")
        assert [r["canon"] for r in again] == [r["canon"] for r in first]
        third = bank.pick(6, everything, 5, "weekly", "hash-3")
        assert len(third) == 2  # only 12 puzzles, 10 placed
        other = bank.pick(6, everything, 12, "daily", "hash-9")
        assert len(other) == 12
        assert bank.series("weekly") == [("Volume 1", "hash-1", 5), ("Volume 2", "hash-2", 5)]
    out = run("bank", "series", str(path), "weekly")
    assert out.stdout.splitlines() == ["Volume 1  config hash-1  5 puzzles",
                                       "Volume 2  config hash-2  5 puzzles"]


def test_symmetry_is_read_from_the_pattern(tmp_path: Path) -> None:
    fill(tmp_path / "b.db", DigSpec(6, Symmetry.ROTATIONAL), 4, seed=9, workers=1)
    with sqlite3.connect(tmp_path / "b.db") as db:
        kinds = {r[0] for r in db.execute("SELECT symmetry FROM puzzle")}
    assert kinds <= {"rotational", "rotational90", "dihedral"}


def test_stats_plot_draws_one_bar_a_tenth(tmp_path: Path) -> None:
    bank = tmp_path / "b.db"
    fill(bank, SPEC6, 20, seed=6, workers=1)
    out = run("bank", "stats", str(bank), "--plot", str(tmp_path / "g.png"))
    assert out.returncode == 0, out.stderr
    data = (tmp_path / "g.png").read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    grades = {float(str(r[3])) for r in contents(bank)}
    assert len(grades) >= 2
    tenths = round((max(grades) - min(grades)) * 10) + 1  # empty tenths get no bar
    assert (width, height) == (20 + tenths * 8 - 2, 220)
    pixels = zlib.decompress(data[data.index(b"IDAT") + 4:])
    bottom = pixels[(height - 11) * (width + 1) + 1:(height - 10) * (width + 1)]
    assert sum(1 for v in bottom if v == 0) == 6 * len(grades)  # a 6-pixel bar per grade
