"""Scaling over workers: the chunks of a parallel generate, the same puzzles on any number
of workers, the pool's time log (pooltime.py), the progress bars that keep a later pool
forking, and the shape of `bookgen bench generate` and `bookgen bench build` (run briefly:
speed figures come from running them, never from timed tests)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bookgen.core.model import Band, DigSpec
from bookgen.core.rules import Variant
from bookgen.make.improve import (
    CHUNK,
    chunk_plan,
    chunked,
    generated_line,
    generated_lines,
    iter_generated,
    worker_pool,
)
from bookgen.make.pooltime import PoolLog, makespan

EXAMPLES = Path(__file__).resolve().parent.parent / "bookgen" / "examples"


@pytest.mark.parametrize("start, count, workers", [
    (0, 2000, 2), (0, 2000, 1), (7, 53, 2), (3, 1, 2), (0, 8, 2), (0, 10_001, 4),
])
def test_chunks_cover_the_run_once_in_order_and_shrink_at_the_end(start, count, workers):
    plan = list(chunk_plan(start, count, workers))
    firsts = [s for s, _ in plan]
    sizes = [n for _, n in plan]
    assert firsts[0] == start
    assert all(a + n == b for (a, n), b in zip(plan, firsts[1:], strict=False))
    assert sum(sizes) == count
    assert all(1 <= n <= CHUNK for n in sizes)
    assert sizes == sorted(sizes, reverse=True)
    # the last chunk is small whatever the run: one worker never waits long on the other
    assert sizes[-1] <= max(1, count // 100)


@pytest.mark.parametrize("count, workers", [(8, 2), (3, 2), (20, 4)])
def test_a_short_run_gets_a_chunk_for_every_worker(count, workers):
    assert len(list(chunk_plan(0, count, workers))) >= min(count, workers)


def test_two_workers_make_the_same_puzzles_and_figures_as_one():
    spec = DigSpec(minimal=True)
    one = list(iter_generated(130, spec, seed=5, start_index=3, workers=1, with_figures=True))
    two = list(iter_generated(130, spec, seed=5, start_index=3, workers=2, with_figures=True))
    assert [p.index for p, _ in one] == list(range(3, 133))
    assert [(p, {k: v for k, v in f.items() if k != "seconds"}) for p, f in two] \
        == [(p, {k: v for k, v in f.items() if k != "seconds"}) for p, f in one]


def test_a_short_banded_run_is_the_same_on_two_workers():
    spec = DigSpec(4)
    one = [p for p, _ in iter_generated(5, spec, seed=1, workers=1, band=Band.EASY)]
    two = [p for p, _ in iter_generated(5, spec, seed=1, workers=2, band=Band.EASY)]
    assert two == one


@pytest.mark.parametrize("cpus, workers, span", [
    ([1.0, 1.0, 1.0, 1.0], 2, 2.0), ([3.0, 1.0, 1.0, 1.0], 2, 3.0),
    ([1.0, 1.0, 2.0], 2, 3.0), ([2.0, 1.0, 1.0], 2, 2.0), ([1.0, 2.0], 1, 3.0), ([], 2, 0.0),
])
def test_makespan_lays_tasks_in_order_on_the_first_free_worker(cpus, workers, span):
    assert makespan(cpus, workers) == span


def _spin(n: int) -> int:
    """A task that takes some CPU time (runs in a worker)."""
    return sum(i * i for i in range(n))


@pytest.mark.parametrize("workers", [1, 2])
def test_a_pool_log_times_every_task_of_every_map(workers):
    log = PoolLog()
    with worker_pool(workers, log=log) as pmap:
        first = list(pmap(_spin, [20_000] * 6))
        second = list(pmap(_spin, [10, 20]))
    assert first == [_spin(20_000)] * 6 and second == [_spin(10), _spin(20)]
    report = log.report
    assert report is not None
    assert [len(times) for times in log.maps] == [6, 2]
    assert report.workers == workers and report.tasks == 8
    processes = {t.process for times in log.maps for t in times}
    if workers == 1:
        assert processes == {os.getpid()} and report.worker_overhead == 0
    else:
        assert os.getpid() not in processes and len(processes) <= 2
    assert all(t.end >= t.start and t.cpu >= 0 for times in log.maps for t in times)
    assert 0 <= report.startup <= report.wall
    assert 0 <= report.idle_share <= 1
    assert report.task_cpu == pytest.approx(sum(t.cpu for m in log.maps for t in m))
    spans = sum(makespan([t.cpu for t in m], workers) for m in log.maps)
    assert 0 <= report.overlap <= report.parent_cpu
    assert report.idle_wall == pytest.approx(
        report.startup + spans + report.parent_cpu - report.overlap
        + (report.overlap + report.worker_overhead) / workers)
    assert report.cpu == pytest.approx(
        report.task_cpu + report.parent_cpu + report.worker_overhead)


def test_the_parents_work_while_it_takes_results_in_is_the_overlap():
    """CPU the parent spends between two results of a map (here: a spin for each) is
    overlap, shared among the workers in the idle estimate; between two maps it is not."""
    log = PoolLog()
    inside = 0.0
    with worker_pool(2, log=log) as pmap:
        for _ in pmap(_spin, [20_000] * 4):
            t = time.process_time()
            _spin(400_000)
            inside += time.process_time() - t
        t = time.process_time()
        _spin(400_000)
        between = time.process_time() - t
        list(pmap(_spin, [10]))
    report = log.report
    assert report is not None
    assert report.overlap >= inside
    assert report.parent_cpu - report.overlap >= between * 0.8


@pytest.mark.parametrize("fmt", ["line", "json"])
@pytest.mark.parametrize("spec, count", [
    (DigSpec(minimal=True), CHUNK + 30),  # two workers' worth
    (DigSpec(6, variant=Variant.JIGSAW), 4),  # a random layout each: region lines too
])
def test_the_lines_the_workers_write_are_the_puzzles_lines(spec, count, fmt):
    expected = [generated_line(p, figures, fmt) + "\n"
                for p, figures in iter_generated(count, spec, 4, workers=1, with_figures=True)]
    for workers in (1, 2):
        assert list(generated_lines(count, spec, 4, workers, None, None, fmt)) == expected


def test_a_chunked_map_sends_fewer_messages_and_keeps_task_order():
    tasks = [(k * 7919) % 3000 for k in range(40)]
    log = PoolLog()
    with worker_pool(2, log=log) as pool:
        pmap = chunked(pool, 2)
        assert list(pmap(_spin, tasks)) == [_spin(n) for n in tasks]
        assert list(pmap(_spin, [])) == []
    # one message a chunk: 10, 8, 6, 4, 3, 3, 2, 1, 1, 1, 1 tasks
    assert [len(times) for times in log.maps] == [len(list(chunk_plan(0, 40, 2))), 0]
    assert len(log.maps[0]) < len(tasks)


def test_one_worker_maps_its_tasks_one_by_one():
    def pmap(func, tasks):
        return map(func, tasks)

    assert chunked(pmap, 1) is pmap


def test_a_section_bar_starts_no_monitor_thread(monkeypatch):
    # a monitor thread would make every later pool of this process start from a forkserver
    from tqdm import tqdm

    from bookgen.book.progress import section_progress

    monkeypatch.setattr(tqdm, "monitor_interval", 10)
    monkeypatch.setattr(tqdm, "monitor", None)
    with section_progress(True, "Easy", 2) as bar:
        bar.update(1)
    assert tqdm.monitor is None


def _bench(*argv: str) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "bookgen", "bench", *argv],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


SPEEDUP = r"2 workers over 1: \d+\.\d\dx wall here; \d+\.\d\dx estimated for an idle machine"
POOL = r"\s+\d+\.\d{3}\s+\d+\.\d{3}\s+\d+\.\d{3}\s+\d+"


def test_bench_generate_reports_each_rounds_runs_their_overheads_and_the_median_speedup():
    lines = _bench("generate", "-n", "120", "--backend", "numba", "--rounds", "2")
    assert lines[0].startswith("generate -n 120: minimal 9x9 puzzles") and "load average" in lines[0]
    assert "2 rounds" in lines[0]
    assert lines[1].split() == ["backend", "round", "workers", "puzzles", "seconds", "puzzles/s",
                                "cpu", "s", "start", "s", "parent", "s", "extra", "s", "idle%",
                                "notes"]
    runs = [(1, 1), (1, 2), (2, 1), (2, 2)]
    for (r, workers), line in zip(runs, lines[2:6], strict=True):
        assert re.fullmatch(rf"numba\s+{r}\s+{workers}\s+120\s+\d+\.\d\d\s+\d+\s+\d+\.\d\d"
                            rf"{POOL}  complete, same puzzles", line), line
    median = r"2 workers over 1: (\d+\.\d\d)x wall here \(median of 2 rounds: (\d+\.\d\d)x to " \
        r"(\d+\.\d\d)x\); \d+\.\d\dx estimated for an idle machine"
    got = re.fullmatch("numba: " + median + r" .*", lines[6])
    assert got, lines[6]
    mid, lo, hi = map(float, got.groups())
    assert lo <= mid <= hi and mid == pytest.approx((lo + hi) / 2, abs=0.011)
    assert lines[7].startswith("pool: start = ") and len(lines) == 8


def test_bench_generate_stopped_by_its_budget_makes_no_estimate():
    lines = _bench("generate", "-n", "5000", "--backend", "numba", "--seconds", "0.05",
                   "--rounds", "1")
    assert "budget reached, same puzzles" in lines[3]
    assert lines[4].endswith("no idle-machine estimate: a run was stopped by the budget "
                             "(--seconds)")
    assert "median" not in lines[4]


def test_bench_build_builds_with_one_and_two_workers_into_the_same_book(tmp_path):
    # a folder stands for the one book config in it, as for build
    (tmp_path / "quick.yaml").write_text((EXAMPLES / "quick.yaml").read_text())
    lines = _bench("build", "--config", str(tmp_path))
    assert lines[0].startswith(f"build {tmp_path / 'quick.yaml'}: into temporary folders")
    assert lines[1].split()[:6] == ["workers", "seconds", "cpu", "s", "make", "s"]
    for workers, line, note in zip((1, 2), lines[2:4], ("", ", same book"), strict=True):
        assert re.fullmatch(rf"\s+{workers}(\s+\d+\.\d\d){{4}}{POOL}  10 pages{note}", line), line
    assert re.fullmatch(SPEEDUP + r" .*", lines[4]), lines[4]


def test_bench_build_takes_only_its_options():
    out = subprocess.run([sys.executable, "-m", "bookgen", "bench", "build", "-n", "3"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert out.stderr.startswith("error: -n does not apply to bench build (only to ")
