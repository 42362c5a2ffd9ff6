"""`bookgen bank mine` as a black box: a mining killed mid-run and run again ends with the
same finds as one never killed (and as one on two workers), a Dask cluster on the loopback
address gives them too, the summary names its bands and rates, and bad requests get an
`error: ...` line and exit code 1."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cluster import scheduler  # noqa: F401 - the fixture, asked for by name

ROUNDS = 4


def command(bank: Path, *extra: str, rounds: int = ROUNDS) -> list[str]:
    return [sys.executable, "-m", "bookgen", "bank", "mine", str(bank), "--grade", "6.0",
            "--rounds", str(rounds), "--seed", "7", "--quiet", *extra]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, timeout=300)


def finds(bank: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(bank) as db:
        return db.execute("SELECT canon, givens, grade, run, run_index FROM puzzle "
                          "ORDER BY canon").fetchall()


def rounds_done(bank: Path) -> int:
    try:
        with sqlite3.connect(bank, timeout=5) as db:
            row = db.execute("SELECT max(rounds) FROM mining").fetchone()
    except sqlite3.OperationalError:  # not made yet
        return 0
    return int(row[0] or 0)


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A mining never killed, on two workers: (bank, its summary)."""
    bank = tmp_path_factory.mktemp("whole") / "bank.db"
    out = subprocess.run(command(bank, "--workers", "2"), capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    return bank, out.stdout


def test_the_summary_says_rounds_bands_cpu_and_rates(whole: tuple[Path, str]) -> None:
    bank, out = whole
    lines = out.splitlines()
    assert lines[0].startswith(f"{bank}: mined {ROUNDS} rounds ({ROUNDS} in all, grades 6-, "
                               f"seed 7); graded ")
    assert f"added {len(finds(bank))}" in lines[0]
    assert lines[1].startswith("distinct puzzles graded by band: 8.0+ ")
    assert ", 9.0+ " in lines[1] and ", 10.0+ " in lines[1]
    assert lines[2].startswith("CPU ") and " on 2 workers, load " in lines[2]
    assert lines[3].startswith("finds per CPU hour: 8.0+ ")


def test_a_killed_mining_run_again_ends_with_the_same_finds(tmp_path: Path,
                                                            whole: tuple[Path, str]) -> None:
    bank = tmp_path / "bank.db"
    proc = subprocess.Popen(command(bank, "--workers", "1"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None and rounds_done(bank) < 2:
        time.sleep(0.02)
    assert proc.poll() is None, "the mining ended before it could be killed"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    assert 2 <= rounds_done(bank) < ROUNDS
    again = subprocess.run(command(bank, "--workers", "1"), capture_output=True, text=True,
                           timeout=300)
    assert again.returncode == 0, again.stderr
    assert finds(bank) == finds(whole[0])
    assert f"({ROUNDS} in all" in again.stdout


@pytest.mark.slow
def test_a_cluster_on_loopback_gives_the_same_finds(tmp_path: Path, whole: tuple[Path, str],
                                                    request: pytest.FixtureRequest) -> None:
    address, _ = request.getfixturevalue("scheduler")
    bank = tmp_path / "bank.db"
    out = subprocess.run(command(bank, "--cluster", address), capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert finds(bank) == finds(whole[0])
    assert f" on {address}, load " in out.stdout


@pytest.mark.parametrize(("args", "message"), [
    ([], "bank mine: give --seconds S or --rounds R (or both): mining has no end of its own"),
    (["--rounds", "2", "--grade", "x"],
     "--grade 'x': expected a grade range such as 8.0-9.0 or 8.0-"),
    (["--rounds", "2", "--grade", "9-8"], "--grade '9-8': the range is empty (lo >= hi)"),
    (["--rounds", "2", "--grade", "13"],
     "--grade 13-: no 9x9 puzzle grades above 12, so a mining for 13 and up would find "
     "nothing; expected a range that starts at 12 or below"),
])
def test_bad_requests(tmp_path: Path, args: list[str], message: str) -> None:
    bank = tmp_path / "b.db"
    grade = [] if "--grade" in args else ["--grade", "9.0"]
    out = run("bank", "mine", str(bank), *grade, *args)
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1] == f"error: {message}"
    assert not bank.exists()


@pytest.mark.parametrize(("args", "message"), [
    (["--rounds", "0"], "argument --rounds: expected a positive whole number, got '0'"),
    (["--seconds", "-1"], "argument --seconds: expected a positive number of seconds, "
                          "got '-1'"),
])
def test_bad_numbers(tmp_path: Path, args: list[str], message: str) -> None:
    out = run("bank", "mine", str(tmp_path / "b.db"), "--grade", "9.0", *args)
    assert out.returncode != 0
    assert message in out.stderr


def test_a_folder_is_not_a_bank(tmp_path: Path) -> None:
    out = run("bank", "mine", str(tmp_path), "--grade", "9.0", "--rounds", "1")
    assert out.returncode == 1
    assert out.stderr.strip() == f"error: {tmp_path}: a folder, not a bank file; name a file " \
                                 f"for the bank"


def test_more_workers_than_cores_are_capped(tmp_path: Path) -> None:
    many = str((os.cpu_count() or 1) + 3)
    out = run("bank", "mine", str(tmp_path / "b.db"), "--grade", "6.0", "--rounds", "1",
              "--workers", many)
    assert out.returncode == 0, out.stderr
    assert f"note: --workers {many}: this machine has" in out.stderr
