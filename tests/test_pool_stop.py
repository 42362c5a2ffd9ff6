"""A worker pool stopped by Ctrl-C while its workers are sending results.

A worker ended halfway through sending a result leaves part of a message in the result
pipe. The pool must still close at once, print nothing, and leave no worker behind.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import os, pathlib, time
    from bookgen.make.improve import worker_pool

    def children():
        count = 0
        for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:  # a process that ended meanwhile
                continue
            count += fields[1] == str(os.getpid())
        return count

    def big(i):
        return b"x" * 30_000_000  # sending it takes longer than making it

    for _ in range(ROUNDS):
        t0 = time.time()
        try:
            with worker_pool(2) as pmap:
                for k, _result in enumerate(pmap(big, range(1000))):
                    if k == 3:
                        raise KeyboardInterrupt
        except KeyboardInterrupt:
            pass
        print("closed", round(time.time() - t0, 1), "children", children(), flush=True)
    """
)


def test_pool_stopped_while_workers_send_closes_quietly(tmp_path):
    script = tmp_path / "stop.py"
    rounds = 4
    script.write_text(SCRIPT.replace("ROUNDS", str(rounds)))
    try:
        done = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, timeout=120
        )
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"the pool did not close: {e.stdout!r}") from None
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert len(lines) == rounds
    assert all(line.endswith("children 0") for line in lines), lines
