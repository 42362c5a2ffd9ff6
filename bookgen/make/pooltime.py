"""Where a worker pool's time goes: each task's run, the parent's CPU, the workers' start-up
and idle share (`bookgen bench generate` and `bookgen bench build` print them).

Glossary:
  task time   one task's run: the process it ran in, its start and end (time.time(), the
              one clock every process shares) and the CPU seconds it took
  map         one pmap call; a book build's round is one, and its next round is submitted
              only once the caller has taken this one's results
  start-up    seconds from opening the pool until its last worker to start a task starts
              its first
  idle share  the share of the workers' time (workers x the pool's wall seconds) in no task
  parent CPU  CPU seconds of the process holding the pool while it is open, its tasks left
              out when it runs them itself (one worker)
  overlap     the part of the parent CPU spent while a map was being taken (from its first
              result asked for to its last given): the parent takes results in while the
              workers run the map's later tasks
  worker CPU  CPU seconds of the worker processes (getrusage of the ended children): their
              tasks plus start-up, pickling and waiting; a forkserver's workers are not
              this process's children, and their CPU outside tasks counts as 0
  overhead    parent CPU, and worker CPU outside tasks
  idle wall   the pool's wall seconds on an idle machine, estimated from CPU seconds alone
              (a loaded machine stretches wall time, not CPU time): start-up, plus each map's
              tasks laid out in submit order on the first free worker by their CPU seconds,
              plus the parent CPU outside maps, plus the overlap and the workers' CPU
              outside tasks shared among the workers (on a machine of `workers` cores the
              parent's work during a map takes its CPU from theirs, and it ends with theirs)
"""

from __future__ import annotations

import heapq
import os
import resource
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class TaskTime:
    """One task's run."""

    process: int
    """The process id it ran in."""
    start: float
    """time.time() at its start."""
    end: float
    """time.time() at its end."""
    cpu: float
    """CPU seconds it took."""


def timed(func: Callable[[T], R], task: T) -> tuple[R, TaskTime]:
    """func(task) and the time it took (runs in the worker)."""
    start, cpu = time.time(), time.process_time()
    result = func(task)
    return result, TaskTime(os.getpid(), start, time.time(), time.process_time() - cpu)


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def process_tree_cpu() -> float:
    """CPU seconds of this process and of its worker processes that have ended (a pool's
    workers count once the pool is closed)."""
    return time.process_time() + _children_cpu()


def makespan(cpus: Iterable[float], workers: int) -> float:
    """Seconds until the last of these tasks ends when each, in this order, starts on the
    first free of `workers` workers (one map on an idle machine)."""
    free = [0.0] * workers
    for cpu in cpus:
        heapq.heapreplace(free, free[0] + cpu)
    return max(free)


@dataclass(frozen=True)
class PoolReport:
    """What one pool spent, once closed."""

    workers: int
    """Worker processes (1: the tasks ran in the parent)."""
    tasks: int
    """Tasks run."""
    wall: float
    """Seconds the pool was open."""
    startup: float
    """Start-up seconds (see the glossary)."""
    parent_cpu: float
    """The parent's CPU seconds outside tasks."""
    overlap: float
    """The part of parent_cpu spent while a map was being taken."""
    task_cpu: float
    """CPU seconds of all tasks together."""
    worker_overhead: float
    """The workers' CPU seconds outside tasks (0 with one worker)."""
    idle_share: float
    """Share of the workers' time in no task, 0..1."""
    idle_wall: float
    """Estimated wall seconds on an idle machine."""

    @property
    def cpu(self) -> float:
        """Every CPU second the pool's work took: tasks and overhead."""
        return self.task_cpu + self.parent_cpu + self.worker_overhead


class PoolLog:
    """Task times and CPU seconds of one pool, gathered while it is open (improve.worker_pool
    fills it; `report` holds the result once the pool is closed)."""

    def __init__(self) -> None:
        self.maps: list[list[TaskTime]] = []
        """The task times of each map, in submit order."""
        self.report: PoolReport | None = None
        """The summary, set when the pool closes."""
        self._workers = 1
        self._opened = (0.0, 0.0, 0.0)
        self._overlap = 0.0

    def open(self, workers: int) -> None:
        """The pool opens now with `workers` processes."""
        self._workers = workers
        self._opened = (time.time(), time.process_time(), _children_cpu())

    def logged(self, pmap: Callable[[Callable[[Any], Any], Iterable[Any]], Iterator[Any]]
               ) -> Callable[[Callable[[T], R], Iterable[T]], Iterator[R]]:
        """pmap with every task timed into this log."""

        def run(func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
            times: list[TaskTime] = []
            self.maps.append(times)
            cpu = time.process_time()
            try:
                for result, took in pmap(partial(timed, func), tasks):
                    times.append(took)
                    yield result
            finally:
                inline = 0.0 if self._workers > 1 else sum(t.cpu for t in times)
                self._overlap += time.process_time() - cpu - inline

        return run

    def close(self) -> PoolReport:
        """The pool has closed (its workers ended): sum it up into `report`."""
        opened, parent, children = self._opened
        wall = time.time() - opened
        every = [t for times in self.maps for t in times]
        task_cpu = sum(t.cpu for t in every)
        pooled = self._workers > 1
        parent_cpu = time.process_time() - parent - (0.0 if pooled else task_cpu)
        worker_overhead = max(_children_cpu() - children - task_cpu, 0.0) if pooled else 0.0
        first: dict[int, float] = {}
        for t in every:
            first[t.process] = min(first.get(t.process, t.start), t.start)
        startup = max(first.values(), default=opened) - opened
        busy = sum(t.end - t.start for t in every)
        idle_share = max(0.0, 1.0 - busy / (self._workers * wall)) if wall > 0 else 0.0
        overlap = min(self._overlap, parent_cpu)
        idle_wall = (startup + sum(makespan((t.cpu for t in times), self._workers)
                                   for times in self.maps)
                     + parent_cpu - overlap + (overlap + worker_overhead) / self._workers)
        self.report = PoolReport(self._workers, len(every), wall, startup, parent_cpu,
                                 overlap, task_cpu, worker_overhead, idle_share, idle_wall)
        return self.report
