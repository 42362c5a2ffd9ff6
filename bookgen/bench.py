"""`bookgen bench <kind>`: throughput on this machine, one function per kind.

Glossary:
  kind       what is measured: "solve" (the kernels), more kinds register in KINDS
  dataset    a file of puzzles, one per line (grid.parse_many), e.g. ../shared/data/top1465.txt
  puzzles/s  whole-batch throughput: puzzles / wall seconds of batched kernel calls
  median us  the median over single-puzzle calls (so it includes the per-call overhead)
  budget     --seconds: each measurement stops taking more puzzles after this long

Speed claims in the project come from here, never from timed tests. Every measurement
runs on one core, in this process.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import InputError

if TYPE_CHECKING:
    import numpy as np

    from .grid import Geometry
    from .kernels import Backend

CHUNK = 64
"""Puzzles per batched call in the throughput phase (small enough to stop on budget)."""
SINGLE_MAX = 2000
"""Most single-puzzle calls timed for the median."""


def load_dataset(path: str, limit: int | None) -> tuple[Geometry, np.ndarray]:
    """The first `limit` puzzles of a dataset file as an int8 batch (all of one size)."""
    import numpy as np

    from .grid import parse_many

    p = Path(path)
    if not p.is_file():
        raise InputError(f"{path}: no such dataset file")
    rows: list[tuple[int, ...]] = []
    geo = None
    for line, values, g in parse_many(p.read_text(encoding="utf-8"), str(p), check=False):
        if geo is None:
            geo = g
        elif g.n != geo.n:
            raise InputError(
                f"{path}: line {line}: a {g.n}x{g.n} grid in a {geo.n}x{geo.n} dataset"
            )
        rows.append(values)
        if limit and len(rows) >= limit:
            break
    if geo is None:
        raise InputError(f"{path}: no puzzle found")
    return geo, np.array(rows, dtype=np.int8)


def _measure(
    run: Callable[[np.ndarray], Any], grids: np.ndarray, seconds: float
) -> tuple[int, float, float]:
    """(puzzles done, puzzles/s, median us per single call) within the budget."""
    done, spent = 0, 0.0
    while done < len(grids) and spent < seconds:
        t0 = time.perf_counter()
        run(grids[done : done + CHUNK])
        spent += time.perf_counter() - t0
        done = min(done + CHUNK, len(grids))
    singles: list[float] = []
    budget_end = time.perf_counter() + seconds
    for row in grids[:SINGLE_MAX]:
        t0 = time.perf_counter()
        run(row[None, :])
        singles.append(time.perf_counter() - t0)
        if time.perf_counter() > budget_end:
            break
    return done, done / spent if spent else 0.0, statistics.median(singles) * 1e6


def bench_solve(args: argparse.Namespace) -> int:
    """Counting (limit 2) and trace figures, per backend: puzzles/s and median us."""
    from .kernels import BACKENDS, get_backend

    geo, grids = load_dataset(args.dataset, args.limit)
    names = BACKENDS if args.backend == "both" else (args.backend,)
    print(f"dataset {args.dataset}: {len(grids)} puzzles, {geo.n}x{geo.n}, "
          f"budget {args.seconds:g} s per measurement")
    head = ("backend", "task", "puzzles", "puzzles/s", "median us")
    print("{:8s} {:6s} {:>8s} {:>11s} {:>11s}  notes".format(*head))
    for name in names:
        backend: Backend = get_backend(name)
        t0 = time.perf_counter()
        backend.count_batch(geo, grids[:1])
        backend.trace_batch(geo, grids[:1])
        warm = time.perf_counter() - t0
        tasks: dict[str, Callable[[np.ndarray], Any]] = {
            "count": partial(backend.count_batch, geo),
            "trace": partial(backend.trace_batch, geo),
        }
        for task, run in tasks.items():
            done, rate, median = _measure(run, grids, args.seconds)
            note = f"first call {warm:.2f} s" if task == "count" else ""
            print(f"{name:8s} {task:6s} {done:8d} {rate:11.0f} {median:11.1f}  {note}")
    return 0


KINDS: dict[str, Callable[[argparse.Namespace], int]] = {"solve": bench_solve}
"""Every bench kind: a function taking the parsed arguments, printing its report."""


def run_bench(args: argparse.Namespace) -> int:
    """Run the bench kind named by args.kind."""
    return KINDS[args.kind](args)
