"""Running bookgen as a user does, for the black-box tests: `python -m bookgen ARGS` in a
subprocess, with a time limit so that a hang fails the test instead of stalling the suite.

Glossary:
  bookgen   run the command line and return the finished process (stdout, stderr, exit
            code as text); subprocess.TimeoutExpired when it outlives `timeout`
  HOSTILE   the time limit of a hostile case: input made to hang or exhaust the program,
            which must end with a message well before it
  filled    a 6x6 bank made through `bank fill`: classic and X puzzles of seed 3
  refused   a run that failed as bad input must: exit code 1, `error:` first, no
            traceback; its message
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

__all__ = ["HOSTILE", "bookgen", "filled", "refused"]

HOSTILE = 60.0
"""Seconds a hostile case may take before it counts as a hang."""


def bookgen(
    *args: str | Path, cwd: Path | None = None, stdin: str | bytes | None = None,
    timeout: float = 120.0, env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run `python -m bookgen *args` (the pure-Python kernels unless env says otherwise,
    so no run waits for a compiler) and return it finished; stdin as text or bytes (bad bytes
    are a case)."""
    environment = {**os.environ, "BOOKGEN_BACKEND": "python", **(env or {})}
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "bookgen", *map(str, args)], capture_output=True,
        input=data, timeout=timeout, cwd=cwd, env=environment,
    )
    # Decoded leniently: a test of bad bytes must see the message, not a decoding error.
    return subprocess.CompletedProcess(
        done.args, done.returncode, done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"))


def refused(done: subprocess.CompletedProcess[str]) -> str:
    """The error text of a run that must fail cleanly: exit 1, `error:`, no traceback."""
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert done.stderr.startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr
    return done.stderr


def filled(path: Path, classic: int, x: int) -> Path:
    """A new bank at `path` of `classic` classic and `x` X 6x6 puzzles (seed 3, one
    worker), made by `bank fill` as a user makes one."""
    for extra in (["-n", str(classic)], ["-n", str(x), "--variant", "x"]):
        done = bookgen("bank", "fill", path, "--size", "6", "--seed", "3", "--workers", "1",
                       "--quiet", *extra)
        assert done.returncode == 0, done.stderr
    return path
