"""Signals as a black box: SIGTERM to build, generate or improve ends the worker pool (no
process of the command is left) and leaves no partial output, as Ctrl-C does; Ctrl-C
(SIGINT) still works when it was ignored at start, as in a program started with '&' by a
non-interactive shell. Each command runs in its own session, so its process group holds
exactly it and its workers."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SMALL_PUZZLES
from exact_cover import count_exact, solutions_exact

from bookgen.core.grid import format_line, parse

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = SMALL_PUZZLES[9][0]
BIG_BOOK = """\
title: Many
author: Tests
seed: 5
template: letter-4up
sections:
  - name: Hard
    count: 400
    difficulty: hard
"""


def group(pgid: int) -> list[int]:
    """The live (not zombie) processes of a process group."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def start(*args: str, ignore_sigint: bool = False) -> subprocess.Popen[str]:
    def setup() -> None:
        if ignore_sigint:
            signal.signal(signal.SIGINT, signal.SIG_IGN)

    return subprocess.Popen([sys.executable, "-m", "bookgen", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=setup)


def wait_for(condition, what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[str], sig: int) -> tuple[str, str]:
    """Send sig to the command (not its workers), wait for it; then none of its group may
    be left."""
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    wait_for(lambda: not group(proc.pid), "the workers to end", timeout=20)
    return out, err


def workers_started(proc: subprocess.Popen[str], count: int = 2) -> bool:
    return len(group(proc.pid)) >= 1 + count


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_generate_stopped_keeps_whole_lines_and_no_worker(tmp_path, sig, code):
    target = tmp_path / "many.txt"
    proc = start("generate", "-n", "1000000", "--workers", "2", "-q", "-o", str(target),
                 ignore_sigint=sig == signal.SIGINT)
    part = Path(f"{target}.part")
    wait_for(lambda: part.exists() and part.stat().st_size > 3000, "puzzles to be written")
    assert workers_started(proc)
    out, err = stop(proc, sig)
    assert proc.returncode == code, err
    assert out == "" and "Traceback" not in err
    lines = target.read_text().splitlines()
    assert err == f"interrupted: wrote {len(lines)} of 1000000 puzzles to {target}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.txt"]
    for line in lines[:: max(1, len(lines) // 4)]:
        values, geo = parse(line)
        assert count_exact(values, geo) == 1


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_improve_stopped_writes_nothing_and_no_worker(tmp_path, sig, code):
    target = tmp_path / "best.json"
    grid = format_line(solutions_exact(*parse(GOLDEN), 1)[0])
    proc = start("improve", grid, "--seconds", "300", "--workers", "2", "-q", "--format",
                 "json", "-o", str(target), ignore_sigint=sig == signal.SIGINT)
    wait_for(lambda: workers_started(proc), "the workers to start")
    time.sleep(1)
    out, err = stop(proc, sig)
    assert proc.returncode == code, err
    assert out == "" and err == "interrupted\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_build_stopped_by_sigterm_leaves_no_book_and_no_worker(tmp_path):
    config = tmp_path / "many.yaml"
    config.write_text(BIG_BOOK, encoding="utf-8")
    out_dir = tmp_path / "book"
    proc = start("build", str(config), "-o", str(out_dir), "--workers", "2", "-q")
    wait_for(lambda: workers_started(proc), "the workers to start")
    time.sleep(1)
    out, err = stop(proc, signal.SIGTERM)
    assert proc.returncode == 143, err
    assert out == "" and err == "interrupted\n"
    # no book, only the cache of the candidates it made: the next build continues there
    assert sorted(p.name for p in tmp_path.iterdir()) == [".book.cache", "many.yaml"]


def test_sigint_ignored_at_start_still_stops_a_command_in_the_kernels():
    # solve on stdin waits for input: a command that has started, with no pool
    proc = subprocess.Popen([sys.executable, "-m", "bookgen", "solve", "-"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    # Sent again and again: one that arrives before the command has started is ignored,
    # as it was asked to be.
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        proc.send_signal(signal.SIGINT)
        time.sleep(0.5)
    out, err = proc.communicate(timeout=5)
    assert proc.returncode == 130 and err == "interrupted\n" and out == ""
