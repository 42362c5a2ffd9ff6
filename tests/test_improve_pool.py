"""The worker pool's own parts, in this process: what a worker sets up before its first
task, how a pool is closed when its work is done, and how its workers are ended at once on
Ctrl-C (the running tasks dropped, no worker left, shutdown not left waiting).

tests/test_pool_stop.py stops a whole pool by Ctrl-C in a child process, as a user does;
these call the parts directly, so that a mutation run of bookgen/improve.py sees them.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor

import pytest

from bookgen.make.improve import _close, _end_workers, _init_worker, _results

LONG = 60.0
"""Seconds a task sleeps that a test must never wait for."""


@pytest.fixture
def pool():
    """Two forked workers, started as the product starts its workers (_init_worker: SIGTERM
    takes its default action whatever handler this process had when it forked);
    whatever a test leaves of them is ended afterwards."""
    executor = ProcessPoolExecutor(2, multiprocessing.get_context("fork"),
                                   initializer=_init_worker, initargs=("python",))
    yield executor
    for process in list((getattr(executor, "_processes", None) or {}).values()):
        process.kill()
    executor.shutdown(wait=False, cancel_futures=True)


@pytest.fixture
def signals():
    """Put this process's Ctrl-C and SIGTERM handlers back after the test."""
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield
    for sig, handler in before.items():
        signal.signal(sig, handler)


def _busy(executor: ProcessPoolExecutor, running: int, queued: int) -> list[Future]:
    """`running` tasks asleep in the workers, then `queued` more waiting for a free one."""
    futures = [executor.submit(time.sleep, LONG) for _ in range(running + queued)]
    deadline = time.time() + 30
    while sum(f.running() for f in futures) < running:
        assert time.time() < deadline, "the workers never started their tasks"
        time.sleep(0.02)
    return futures


def _reaped(processes: list) -> list[tuple[bool, int | None]]:
    """Each process's (alive, exit code) once its exit code is known. The executor's own
    thread, seeing its workers die, reaps them too; when it wins that race a join here
    returns before the process object has its exit code, so give it a moment."""
    deadline = time.time() + 10
    while any(p.exitcode is None for p in processes) and time.time() < deadline:
        time.sleep(0.02)
    return [(p.is_alive(), p.exitcode) for p in processes]


def test_a_worker_ignores_ctrl_c_and_takes_sigterm_by_default(signals):
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: None)
    _init_worker("python")
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_ending_workers_stops_them_midway_and_lets_shutdown_return(pool):
    futures = _busy(pool, running=2, queued=3)
    processes = list(pool._processes.values())
    t0 = time.time()
    _end_workers(pool)
    # SIGTERM ends them; a worker a loaded machine kept from ending within the join's
    # 5 s is killed instead: either way none is left midway
    ended = _reaped(processes)
    assert all(not alive and code in (-signal.SIGTERM, -signal.SIGKILL)
               for alive, code in ended), ended
    # The pipe's last write end is closed, so the executor's reader sees end-of-file.
    assert pool._result_queue._writer.closed
    pool.shutdown(wait=True, cancel_futures=True)
    assert time.time() - t0 < LONG / 4
    assert all(f.done() for f in futures)


def test_a_map_stopped_early_leaves_its_tasks_to_the_pool(pool, monkeypatch):
    # Executor.map cancels the tasks a stopped map leaves, from this thread; that races the
    # executor's own thread, which marks every task failed when a worker dies (a SIGTERM to
    # the whole process group), and Python 3.11 raises and prints InvalidStateError on each
    # task cancelled under its hands. The pool's map leaves them to the shutdown instead.
    thread_errors = []
    monkeypatch.setattr(threading, "excepthook", thread_errors.append)
    futures = [pool.submit(int, "7")] + _busy(pool, running=2, queued=5)
    results = _results(list(futures))
    assert next(results) == 7
    results.close()
    assert not any(f.cancelled() for f in futures)
    _end_workers(pool)
    pool.shutdown(wait=True, cancel_futures=True)
    assert all(f.done() for f in futures)
    assert thread_errors == []


def test_closing_an_interrupted_pool_does_not_wait_for_its_tasks(pool):
    futures = _busy(pool, running=2, queued=1)
    processes = list(pool._processes.values())
    t0 = time.time()
    _close(pool, interrupted=True)
    assert time.time() - t0 < LONG / 4
    assert all(not alive for alive, _ in _reaped(processes))
    assert all(f.done() for f in futures)


def test_closing_a_finished_pool_waits_for_the_running_tasks_and_drops_the_queued():
    executor = ProcessPoolExecutor(1, multiprocessing.get_context("fork"))
    running = executor.submit(time.sleep, 0.5)
    queued = [executor.submit(time.sleep, 0.5) for _ in range(3)]
    while not running.running():
        time.sleep(0.01)
    processes = list(executor._processes.values())
    _close(executor, interrupted=False)
    assert running.done() and not running.cancelled() and running.result() is None
    assert queued[-1].cancelled()
    assert all(not alive for alive, _ in _reaped(processes))
