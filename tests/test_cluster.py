"""`bank fill --cluster`: a real Dask scheduler and two workers on the loopback address give
the same bank as a fill without them, also when a worker is killed mid-run; and the clear
errors of a bad address or a missing Dask."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import missing_data

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def scheduler(tmp_path: Path) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    """A `dask scheduler` and two `dask worker`s on 127.0.0.1: (address, worker processes)."""
    if not (BIN / "dask").is_file():
        missing_data("Dask (pip install 'bookgen[cluster]')")
    address = f"tcp://127.0.0.1:{free_port()}"
    logs = open(tmp_path / "dask.log", "wb")  # noqa: SIM115 - closed below
    common = {"stdout": logs, "stderr": subprocess.STDOUT, "cwd": tmp_path}
    sched = subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port",
                              address.rsplit(":", 1)[1], "--no-dashboard"], **common)
    time.sleep(2)
    workers = [subprocess.Popen([str(BIN / "dask"), "worker", address, "--nthreads", "1",
                                 "--no-dashboard", "--host", "127.0.0.1"], **common)
               for _ in range(2)]
    try:
        yield address, workers
    finally:
        # The workers first, while their scheduler still answers: a worker whose scheduler
        # is gone waits 8 s for its process to close before its nanny kills it.
        for group in (workers, [sched]):
            for p in group:
                if p.poll() is None:
                    p.terminate()
            for p in group:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
        logs.close()


def command(bank: Path, n: int, *extra: str) -> list[str]:
    return [sys.executable, "-m", "bookgen", "bank", "fill", str(bank), "--size", "6", "-n",
            str(n), "--seed", "12", "--quiet", *extra]


def fill(bank: Path, *extra: str, n: int = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(bank, n, *extra),
                          capture_output=True, text=True, timeout=300)


def contents(bank: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(bank) as db:
        return db.execute("SELECT canon, givens, run_index, grade, steps FROM puzzle "
                          "ORDER BY canon").fetchall()


@pytest.mark.slow
def test_a_cluster_fill_gives_the_same_bank_even_when_a_worker_dies(
        tmp_path: Path, scheduler: tuple[str, list[subprocess.Popen[bytes]]]) -> None:
    address, workers = scheduler
    local = tmp_path / "local.db"
    assert fill(local, "--workers", "1", n=400).returncode == 0
    remote = tmp_path / "remote.db"
    proc = subprocess.Popen(command(remote, 400, "--cluster", address), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with sqlite3.connect(remote, timeout=5) as db:
                if db.execute("SELECT count(*) FROM puzzle").fetchone()[0] >= 8:
                    break
        except sqlite3.OperationalError:
            pass
        time.sleep(0.05)
    assert proc.poll() is None, "the fill ended before a worker could be killed"
    os.kill(workers[0].pid, signal.SIGKILL)
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert "400 puzzles of this run" in out
    assert workers[0].wait(timeout=10) == -signal.SIGKILL
    assert contents(remote) == contents(local)


@pytest.mark.slow
def test_a_local_cluster_gives_the_same_bank(tmp_path: Path) -> None:
    if not (BIN / "dask").is_file():
        missing_data("Dask (pip install 'bookgen[cluster]')")
    local, cluster = tmp_path / "a.db", tmp_path / "b.db"
    assert fill(local, "--workers", "2").returncode == 0
    out = fill(cluster, "--cluster", "local:2")
    assert out.returncode == 0, out.stderr
    assert contents(cluster) == contents(local)


@pytest.mark.parametrize(("address", "message"), [
    ("local:zero", "error: --cluster local:zero: expected local:N with N a positive number of "
                   "worker processes, or a scheduler address tcp://HOST:PORT"),
    ("local:0", "error: --cluster local:0: expected local:N with N a positive number of "
                "worker processes, or a scheduler address tcp://HOST:PORT"),
])
def test_bad_cluster_address(tmp_path: Path, address: str, message: str) -> None:
    out = fill(tmp_path / "b.db", "--cluster", address)
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1] == message


@pytest.mark.slow  # the client waits for the scheduler before giving up
def test_no_scheduler_there(tmp_path: Path) -> None:
    if not (BIN / "dask").is_file():
        missing_data("Dask (pip install 'bookgen[cluster]')")
    address = f"tcp://127.0.0.1:{free_port()}"
    out = fill(tmp_path / "b.db", "--cluster", address, n=3)
    assert out.returncode == 1
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith(f"error: --cluster {address}: cannot reach the scheduler (")


def test_without_dask_the_message_says_how_to_get_it(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['distributed'] = None; from bookgen.cli import main; "
            f"sys.exit(main(['bank', 'fill', {str(tmp_path / 'b.db')!r}, '--size', '6', "
            "'-n', '3', '--cluster', 'local:2']))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 1
    assert out.stderr.strip() == ("error: --cluster local:2: Dask is not installed; install it "
                                  "with pip install 'bookgen[cluster]'")


def test_dask_logs_nothing_of_its_own_after_a_local_cluster_closes() -> None:
    """A local cluster's silence_logs ends with the cluster, but a comm may close later
    (a fill stopped by SIGTERM printed the scheduler's 'Batched Comm Closed' with its
    traceback): every Dask logger of bookgen's process stays quiet below CRITICAL."""
    import logging

    if not (BIN / "dask").is_file():
        missing_data("Dask (pip install 'bookgen[cluster]')")
    from bookgen.make.cluster import cluster_pool

    with cluster_pool("local:1") as pmap:
        assert list(pmap(abs, [-1, -2])) == [1, 2]
    names = [name for name in logging.root.manager.loggerDict if name.startswith("distributed.")]
    assert {"distributed.batched", "distributed.scheduler", "distributed.client"} <= set(names)
    for name in ["distributed", *names]:
        assert not logging.getLogger(name).isEnabledFor(logging.ERROR), name
