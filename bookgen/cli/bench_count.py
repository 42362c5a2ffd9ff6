"""`bookgen bench count`: uniqueness checks (solutions counted up to 2) per CPU second, by
counting engine, on a dataset or on fresh puzzles of every kind and size.

Glossary:
  engine     bands: the band-bitboard count (engine/kernels/bands.py), which 9x9 grids of
             3x3 boxes use, extra units and pair rules included; search: fast.py's general
             search, which every other grid uses (and which 9x9 used before bands); killer:
             the killer count of cages and givens
  checks/s   puzzles counted per CPU second of this process, the best pass over the puzzles
             within --seconds (each pass counts every puzzle once, in batches)
  source     --dataset's file, or -n minimal puzzles of one kind and size made before the
             timing (fewer for the slow-to-make sizes: SLOW_TO_MAKE)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..core.errors import InputError

if TYPE_CHECKING:
    from ..core.grid import Geometry
    from ..engine.kernels.numba_backend import FastBackend
    from ..make.generate import GeneratedKiller, GeneratedPuzzle

KINDS_MADE = (("classic", 9), ("x", 9), ("hyper", 9), ("anti-knight", 9), ("anti-king", 9),
              ("non-consecutive", 9), ("disjoint-groups", 9), ("asterisk", 9),
              ("classic", 6), ("classic", 16), ("jigsaw", 9), ("samurai", 9), ("killer", 9))
"""(kind, size) of the puzzles made when no dataset is given."""
SLOW_TO_MAKE = {16: 10, "samurai": 10, "killer": 50}
"""Most puzzles made of a size or kind whose puzzles take long to make."""


def _rate(run: Callable[[], object], count: int, seconds: float) -> float:
    """Puzzles per CPU second: the best of the passes (run counts all count puzzles) that fit
    in seconds, at least one."""
    best = 0.0
    spent = 0.0
    while spent < seconds or best == 0.0:
        t0 = time.process_time()
        run()
        took = max(time.process_time() - t0, 1e-9)
        spent += took
        best = max(best, count / took)
    return best


class Engine(Enum):
    """A counting engine (see the glossary)."""

    BANDS = "bands"
    SEARCH = "search"
    KILLER = "killer"


Runs = list[tuple[Engine, Callable[[], object]]]
"""Each engine measured on a source, with the call that counts all its puzzles once."""


def _grid_runs(fast: FastBackend, geo: Geometry, grids: np.ndarray) -> Runs:
    """Both engines where bands serve the geometry, else the search."""
    from ..engine.kernels.band_layout import rules_of

    runs: Runs = []
    if len(rules_of(geo)):
        runs.append((Engine.BANDS, partial(fast.count_batch, geo, grids, 2)))
    return [*runs, (Engine.SEARCH, partial(fast.search_count_batch, geo, grids, 2))]


def _count_killers(fast: FastBackend, puzzles: list[GeneratedKiller]) -> None:
    for p in puzzles:
        fast.killer_solutions(np.array(p.puzzle, np.int8), p.cages, 2)


def _count_each(fast: FastBackend, puzzles: list[GeneratedPuzzle]) -> None:
    """Each puzzle on its own geometry (a jigsaw layout each)."""
    for p in puzzles:
        fast.search_count_batch(p.geo, np.array([p.puzzle], np.int8), 2)


def _sources(args: argparse.Namespace, fast: FastBackend) -> Iterator[tuple[str, int, Runs]]:
    """(label, puzzles, the engines' runs) of each source: the dataset, or puzzles made of
    every kind and size."""
    from ..core.model import CageSpec, DigSpec
    from ..core.rules import Variant
    from ..make.generate import make_killer, make_puzzle
    from .cmd_bench import load_dataset

    if args.dataset:
        geo, grids = load_dataset(args.dataset, args.limit)
        yield Path(args.dataset).name, len(grids), _grid_runs(fast, geo, grids)
        return
    for kind, n in KINDS_MADE:
        most = min(args.n, SLOW_TO_MAKE.get(n, args.n), SLOW_TO_MAKE.get(kind, args.n))
        label = f"{kind} {n}x{n}"
        if kind == "killer":
            killers = [make_killer(CageSpec(), "bench", i) for i in range(most)]
            yield label, most, [(Engine.KILLER, partial(_count_killers, fast, killers))]
            continue
        made = [make_puzzle(DigSpec(n, variant=Variant.parse(kind), minimal=True), "bench", i)
                for i in range(most)]
        if kind == "jigsaw":  # each puzzle has a layout of its own: one geometry at a time
            yield label, most, [(Engine.SEARCH, partial(_count_each, fast, made))]
        else:
            grids = np.array([p.puzzle for p in made], np.int8)
            yield label, most, _grid_runs(fast, made[0].geo, grids)


def bench_count(args: argparse.Namespace) -> int:
    """Checks per CPU second of each counting engine, per source (see the glossary)."""
    from ..engine.kernels import get_backend, numba_problem
    from ..engine.kernels.numba_backend import FastBackend

    problem = numba_problem()
    if problem:
        raise InputError(f"bench count measures the compiled kernels: numba is missing "
                         f"({problem})")
    fast = get_backend("numba")
    assert isinstance(fast, FastBackend)
    print(f"count: solutions up to 2 per puzzle, puzzles per CPU second of one core, best "
          f"pass within {args.seconds:g} s; "
          + ("--dataset " + args.dataset if args.dataset else f"-n {args.n} minimal puzzles "
             "of each kind made first"))
    print("{:24s} {:>7s} {:>8s} {:>12s} {:>10s}  {}".format(
        "source", "puzzles", "engine", "checks/s", "us/check", "vs search"))
    for label, count, runs in _sources(args, fast):
        for _, run in runs:
            run()  # load or compile outside the timing
        rates = [(engine, _rate(run, count, args.seconds)) for engine, run in runs]
        search = dict(rates).get(Engine.SEARCH)
        for engine, rate in rates:
            versus = f"{rate / search:.2f}x" if search and engine is Engine.BANDS else ""
            print(f"{label:24s} {count:7d} {engine.value:>8s} {rate:12.0f} {1e6 / rate:10.1f}  "
                  f"{versus}")
    return 0
