"""Parallel work: generate many puzzles, and improve one (seed 000's "improve sudoku").

Glossary:
  pool        the worker processes (ProcessPoolExecutor); this module owns it. Workers are
              forked from this process when it runs a single thread (they inherit the
              loaded kernels), else from a clean "forkserver" process; tasks and results
              are plain picklable records either way
  workers     processes in the pool; 1 = everything in this process, no pool
  chunk       consecutive puzzle indexes done by one task of `generate`; the parent yields
              the results in index order whatever order the chunks finish in
  banded      a `generate` run with a band: each index's puzzle is the first aimed dig of
              it (seeds f"{seed}~b{k}" after the run's own) that grades in the band
  objective   the rating figure improve maximizes: any rules.Figure
              ('way_complexity', the seed's measure, by default; 'grade' is the human grade)
  evaluation  one rating of a candidate puzzle; the budget of a deterministic improve
  shape       the DigSpec every candidate keeps: symmetry, clue range, minimality (the
              default: any unique puzzle, no symmetry)
  orbit       the cells a symmetry moves into one another (rules.symmetry_groups);
              clues are added and removed a whole orbit at a time, so symmetry is kept
  chain       one local search: from the best of a few random puzzles of the solution
              (or the given puzzle, if better), a move puts back one or two orbits from
              the solution and digs all clue orbits again in a random order, down to the
              shape's fewest clues, or to minimal when it asks for that (the puzzle stays
              unique); accepted when the objective does not drop, or by annealing with a
              fading temperature; chain i draws its randomness from
              Random(f"{seed}:chain:{i}")
  misfit      a dig or move that ends outside the shape's clue range: it costs an
              evaluation, is not rated and never becomes the current or best puzzle
  ceiling     objective values at or above it are out of bounds (the top of a book
              section's band): such a puzzle counts as a misfit, so the search climbs
              towards the band without passing it
  restarts    the baseline improve must beat: dig fresh random puzzles of the same
              solution and shape, keep the best

An evaluations budget is split over a fixed number of chains that depends only on the
budget, so the result is the same for any number of workers; a seconds budget runs one
chain per worker until the time is up (anytime: the best so far).
"""

from __future__ import annotations

import gc
import math
import multiprocessing
import random
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, wait
from contextlib import closing, contextmanager
from dataclasses import dataclass
from functools import partial
from itertools import groupby, repeat
from typing import Any, TypeVar

from ..core.errors import GenerationError, InputError
from ..core.grid import Geometry, Grid
from ..core.model import Band, DigSpec
from ..core.rules import DEFAULT_OBJECTIVE, Figure, symmetry_groups
from ..grade.rating import batch_figures, rate
from .generate import (
    GeneratedPuzzle,
    dig,
    dig_kernels,
    make_puzzle,
    make_puzzles,
    misfit,
    puzzle_geometry,
    puzzle_run,
)
from .pooltime import PoolLog

T = TypeVar("T")
R = TypeVar("R")

CHUNK = 200
"""Most puzzles per task of a parallel generate (chunk_plan): 200 minimal 9x9 puzzles take
0.02 s, so the pool passes a message per 0.02 s of work (at 50, two workers sat idle 27% of
`bench generate`'s run on a loaded machine, at 200 16%)."""
TAIL = 2
"""A chunk holds at most a TAIL-th of a worker's share of the puzzles left (chunk_plan),
since the worker that draws the last chunk keeps its partner idle until it is done: 2000
minimal 9x9 puzzles on 2 workers end on chunks of 150, 113, ..., 1 puzzles, not 200 (0.02
s), and 8 hard ones are 6 chunks on both workers, not 1 chunk (0.8 s) on one."""
CHAIN_EVALUATIONS = 1000
"""An evaluations budget gets one chain per this many evaluations ..."""
MAX_CHAINS = 16
"""... but never more chains than this."""
WARM_SHARE = 0.1
"""Share of a chain's budget spent on fresh random puzzles; the walk starts at the best."""
TEMPERATURE = 0.05
"""A chain's starting temperature as a share of its best score (way_complexity ~100: 5)."""


# ---------------------------------------------------------------- the pool


def default_workers() -> int:
    """All cores."""
    return multiprocessing.cpu_count()


def _init_worker(backend: str | None) -> None:
    # Ctrl-C is the parent's to handle: it keeps the finished results. A forked worker
    # also inherits the parent's SIGTERM handler; it takes the default action instead, so
    # the parent can end it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    dig_kernels(backend)


def _warm(backend: str | None, batch: DigSpec | None) -> None:
    """Run every kernel a worker uses once, so that a cold numba cache is filled here, once,
    and not by each worker at the same time: the batch dig of `batch` when the workers make
    plain puzzles of that spec (its geometry's tables then come to them with the fork), else
    a 4x4 puzzle's dig; and the trace figures."""
    made = (make_puzzles(batch, 0, 0, 1, backend)[0] if batch is not None
            else make_puzzle(DigSpec(4, minimal=True), 0, 0, backend))
    rate(made.puzzle, made.geo, with_grade=False)


def _pool(workers: int, backend: str | None, batch: DigSpec | None) -> ProcessPoolExecutor:
    _warm(backend, batch)
    # Forked workers inherit the kernels loaded above (loading numba's cache takes a
    # process about a second); forking is only safe while this process has one thread.
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        method = "fork"
    else:
        method = "forkserver"
        multiprocessing.set_forkserver_preload(
            ["bookgen.engine.kernels.dig_fast", "bookgen.grade.rating"]
        )
    ctx = multiprocessing.get_context(method)
    return ProcessPoolExecutor(workers, ctx, initializer=_init_worker, initargs=(backend,))


PoolMap = Callable[[Callable[[T], R], Iterable[T]], Iterator[R]]
"""pmap(func, tasks): func over tasks, results in task order."""


def _close(pool: ProcessPoolExecutor, interrupted: bool) -> None:
    """Shut a pool down: wait for the running tasks, or, on Ctrl-C or SIGTERM, end the
    workers at once (their work is dropped anyway) so that none outlives this process."""
    if interrupted:
        _end_workers(pool)
    pool.shutdown(wait=True, cancel_futures=True)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """End a pool's workers in the middle of their tasks. The executor keeps its
    processes, tasks and result pipe private: there is no public way to do this."""
    processes = list(getattr(pool, "_processes", {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.exitcode is None:
            process.kill()
        # Wait for it outright: a worker may close its end of the sentinel pipe (which
        # the timed join waits on) a moment before it can be reaped.
        process.join()
    # A worker ended halfway through sending a result leaves part of a message in the
    # pipe, and the executor's reader thread waits for the rest. This process holds the
    # pipe's last write end: closing it turns that wait into end-of-file, which the
    # executor takes for a broken pool, so that shutdown returns.
    results = getattr(pool, "_result_queue", None)
    if results is not None:
        results._writer.close()


@contextmanager
def worker_pool(workers: int | None = None, backend: str | None = None,
                log: PoolLog | None = None, batch: DigSpec | None = None
                ) -> Iterator[PoolMap]:
    """A pool kept open for many maps; workers 1 runs everything in this process. `batch`:
    the spec of the plain puzzles the workers make in batches, if that is what they do
    (_warm).

    Leaving the block drops the tasks not started and waits for the running ones; leaving
    it by Ctrl-C or SIGTERM (KeyboardInterrupt) ends the workers at once. With a `log`,
    every task is timed into it, and its report is set once the pool has closed.
    """
    count = workers or default_workers()
    if log is not None:
        log.open(count)
    try:
        with _opened(count, backend, batch) as pmap:
            yield pmap if log is None else log.logged(pmap)
    finally:
        if log is not None:
            log.close()


@contextmanager
def _opened(count: int, backend: str | None, batch: DigSpec | None) -> Iterator[PoolMap]:
    """worker_pool without the log."""
    if count <= 1:
        yield lambda func, tasks: map(func, tasks)
        return
    pool = _pool(count, backend, batch)
    # While the pool is open, the objects made so far (numba's and the modules', most of
    # the heap) stay out of the collector's passes: here, where the results pile up (a
    # third of the CPU this process spent taking 50,000 puzzles was collecting), and in
    # the forked workers, whose pages a pass would copy.
    gc.freeze()
    interrupted = True
    try:
        yield lambda func, tasks: _results([pool.submit(func, task) for task in tasks])
        interrupted = False
    except Exception:
        interrupted = False
        raise
    finally:
        _close(pool, interrupted)
        gc.unfreeze()


def chunked(pmap: PoolMap, workers: int) -> PoolMap:
    """pmap sending each map's tasks to its `workers` workers in chunks (chunk_plan: they
    shrink towards the map's end, so the workers still finish together), results in task
    order: many short tasks then pass fewer messages (a 9x9 book's candidate, 0.01 s,
    cost the pool 0.3 ms of CPU)."""
    if workers <= 1:
        return pmap

    def run(func: Callable[[T], R], tasks: Iterable[T]) -> Iterator[R]:
        every = list(tasks)
        chunks = [every[i : i + n] for i, n in chunk_plan(0, len(every), workers)]
        for results in pmap(partial(_run_all, func), chunks):
            yield from results

    return run


def _run_all(func: Callable[[T], R], tasks: list[T]) -> list[R]:
    """func over one chunk of tasks (in a worker)."""
    return [func(task) for task in tasks]


def _results(futures: list[Future[R]]) -> Iterator[R]:
    """The futures' results in their order. Unlike Executor.map, a map stopped early does
    not cancel its tasks left: the pool's shutdown does, from the executor's own thread.
    A cancel from this thread races that thread, which marks every task failed when a
    worker dies (a SIGTERM sent to the whole process group ends the workers as it reaches
    this process), and Python 3.11 prints an InvalidStateError for each one cancelled
    under its hands."""
    futures.reverse()
    while futures:
        yield futures.pop().result()  # popped: a result is not kept once given


# ---------------------------------------------------------------- generate many


@dataclass(frozen=True)
class GenerateTask:
    """One chunk of puzzle indexes for a worker."""

    spec: DigSpec
    """What the puzzles look like."""
    seed: int | str
    """The run's seed."""
    start: int
    """First puzzle index of the chunk."""
    count: int
    """Puzzles in the chunk."""
    backend: str | None
    """Counting backend name (None = default)."""
    with_figures: bool
    """Rate each puzzle (trace figures, no grade) and return the rating dict."""
    band: Band | None = None
    """Make every puzzle of this band (banded); None: any grade."""


BAND_TRIES = 50
"""Puzzles dug for one index of a banded run before it gives up (aimed digs land in
their band in a third (samurai hard) to all (samurai easy, medium) of the tries)."""


def banded(spec: DigSpec, seed: int | str, index: int, band: Band,
           backend: str | None = None) -> GeneratedPuzzle:
    """Puzzle `index` of a run whose every puzzle grades in `band`: an aimed dig (stopped
    before the band's top, when it has one) from the run's seed, else from the seeds
    f"{seed}~b{k}", k = 1, 2, ..., the first that grades in the band."""
    from ..core.model import Difficulty
    from ..grade.solver import graded_below
    from .judge import judge
    from .select import aimed

    difficulty = Difficulty(band, ())
    lo, hi = band.bounds
    for k in range(BAND_TRIES):
        run = seed if k == 0 else f"{seed}~b{k}"
        geo = puzzle_geometry(spec, run, index, backend)[0]
        too_hard = judge(difficulty, geo)[0] if aimed(difficulty) else None
        made = make_puzzle(spec, run, index, backend, too_hard=too_hard)
        graded = graded_below(made.puzzle, made.geo, hi)
        if graded is not None and graded.grade >= lo:
            return made
    raise GenerationError(f"puzzle {index}: no {band.value} puzzle in {BAND_TRIES} digs")


def _generate_chunk(task: GenerateTask
                    ) -> tuple[Iterable[GeneratedPuzzle], list[dict[str, Any]] | None]:
    """The chunk's puzzles (plain ones as the kernel's arrays: PuzzleRun) and, with
    figures, each one's rating dict."""
    indexes = range(task.start, task.start + task.count)
    made: Iterable[GeneratedPuzzle] | None
    if task.band is not None:
        made = [banded(task.spec, task.seed, i, task.band, task.backend) for i in indexes]
    else:
        made = puzzle_run(task.spec, task.seed, task.start, task.count, task.backend)
    if made is None:
        made = [make_puzzle(task.spec, task.seed, i, task.backend) for i in indexes]
    if not task.with_figures:
        return made, None
    # The figures of each run of puzzles of one geometry come from one kernel batch (a
    # jigsaw puzzle on a random layout has a geometry of its own).
    figures: list[dict[str, Any]] = []
    for geo, same in groupby(made, key=lambda p: p.geo):
        figures += batch_figures([p.puzzle for p in same], geo, task.backend)
    return made, figures


def iter_generated(
    count: int,
    spec: DigSpec,
    seed: int | str = 0,
    start_index: int = 0,
    workers: int | None = None,
    backend: str | None = None,
    with_figures: bool = False,
    band: Band | None = None,
    log: PoolLog | None = None,
) -> Generator[tuple[GeneratedPuzzle, dict[str, Any] | None], None, None]:
    """Puzzles start_index .. start_index+count-1 of the run seeded `seed`, in index order,
    each with its rating dict (the keys of rate --format json; seconds and the grade are
    null, the trace figures too above rules.TRACE_MAX_SIZE) when with_figures, else None.
    With a band, every puzzle grades in it (banded). With a `log`, the pool's tasks are
    timed into it (worker_pool)."""
    chunks = _chunks(_generate_chunk, count, spec, seed, start_index, workers, backend,
                     with_figures, band, log)
    with closing(chunks):
        for made, figures in chunks:
            yield from (zip(made, repeat(None)) if figures is None
                        else zip(made, figures, strict=True))


def generated_lines(count: int, spec: DigSpec, seed: int | str, workers: int | None,
                    backend: str | None, band: Band | None, fmt: str
                    ) -> Generator[str, None, None]:
    """What `bookgen generate` writes: puzzles 0 .. count-1 of iter_generated, with figures,
    as generated_line's text in `fmt`, each ending in a newline. The workers write the text,
    so that the process holding the pool only passes it on (formatting took it a fifth to
    a quarter of the CPU the puzzles took the workers, and two workers waited for it)."""
    chunks = _chunks(partial(_chunk_lines, fmt), count, spec, seed, 0, workers, backend,
                     True, band, None)
    with closing(chunks):
        for lines in chunks:
            yield from lines


def _chunk_lines(fmt: str, task: GenerateTask) -> list[str]:
    """The chunk's puzzles and figures as generated_lines gives them."""
    made, figures = _generate_chunk(task)
    assert figures is not None
    return [generated_line(p, f, fmt) + "\n" for p, f in zip(made, figures, strict=True)]


def _chunks(func: Callable[[GenerateTask], R], count: int, spec: DigSpec, seed: int | str,
            start_index: int, workers: int | None, backend: str | None, with_figures: bool,
            band: Band | None, log: PoolLog | None) -> Generator[R, None, None]:
    """func of each chunk of iter_generated's puzzles (chunk_plan), in order, on a pool
    sized for them."""
    if count <= 0:
        raise GenerationError(f"puzzle count {count}: expected a positive number")
    # Workers pay for their start-up (about 0.04 s for two) with a chunk of plain puzzles
    # each (CHUNK 9x9 minimal ones: 0.02 s), or with a single banded puzzle (0.1 s and more).
    workers = min(workers or default_workers(), -(-count // (CHUNK if band is None else 1)))
    tasks = [GenerateTask(spec, seed, i, size, backend, with_figures, band)
             for i, size in chunk_plan(start_index, count, workers)]
    with worker_pool(workers, backend, log, spec if band is None else None) as pmap:
        yield from pmap(func, tasks)


def chunk_plan(start: int, count: int, workers: int) -> Iterator[tuple[int, int]]:
    """(first index, size) of each chunk of puzzles start .. start+count-1 on `workers`:
    CHUNK puzzles at most, and never more than a TAIL-th of a worker's share of what is
    left, so that the chunks shrink towards the end and the workers finish together (and
    a short run, a banded one above all, has a chunk for every worker)."""
    end = start + count
    while start < end:
        size = min(CHUNK, -(-(end - start) // (TAIL * workers)))
        yield start, size
        start += size


def generated_line(p: GeneratedPuzzle, figures: dict[str, Any] | None, fmt: str) -> str:
    """One output of `bookgen generate`: 'line' is the puzzle, then after '#' the solution
    and figures, and for jigsaw a second line, the region line (so the file reads back as
    puzzles with --variant jigsaw); 'json' is the rating dict with the variant (and
    regions). Nothing is timed: the same seed gives byte-identical output."""
    import json

    from ..core.grid import format_line, topology_fields

    figures = figures or {}
    geo = p.geo
    if fmt == "json":
        return json.dumps((figures or {"puzzle": format_line(p.puzzle, geo),
                                       "solution": format_line(p.solution, geo),
                                       "clues": p.clues})
                          | topology_fields(geo))
    line = (f"{format_line(p.puzzle, geo)}  # solution {format_line(p.solution, geo)}  "
            f"clues {p.clues}")
    if figures.get("level") is not None:
        line += (
            f"  level {figures['level']}/{figures['maxlevel']}  complexity "
            f"{figures['way_complexity']}/{figures['cand_sum']}/{figures['cand_sq']}"
        )
    if p.regions is not None:
        line += f"\n{p.regions}  # regions"
    return line


def generate_puzzles(
    count: int,
    spec: DigSpec,
    seed: int | str = 0,
    start_index: int = 0,
    workers: int | None = None,
    backend: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GeneratedPuzzle]:
    """`count` puzzles of the run seeded `seed`, in index order; progress(k) after each."""
    out = []
    for p, _ in iter_generated(count, spec, seed, start_index, workers, backend):
        out.append(p)
        if progress:
            progress(len(out))
    return out


# ---------------------------------------------------------------- improve


def objective_value(objective: Figure, values: Grid, geo: Geometry) -> float:
    """The figure `objective` of a puzzle (the grade is computed only when asked for)."""
    return rate(values, geo, with_grade=objective is Figure.GRADE).figure(objective)


@dataclass(frozen=True)
class ChainTask:
    """One local search for a worker."""

    solution: Grid
    """The full board every candidate puzzle must have as its only solution."""
    start: Grid | None
    """A unique puzzle of the shape to start from; None: a random puzzle of the solution."""
    spec: DigSpec
    """The shape every candidate keeps (size and variant included)."""
    objective: Figure
    """The figure maximized."""
    seed: int | str
    """The run's seed."""
    index: int
    """The chain's number; its randomness comes from (seed, index)."""
    evaluations: int | None
    """Evaluations to spend; None: run until deadline."""
    deadline: float | None
    """time.time() to stop at; None: run the evaluations."""
    seconds: float | None
    """The whole time budget (the deadline is this far from the start)."""
    backend: str | None
    """Counting backend name (None = default)."""
    restarts: bool = False
    """Run the baseline instead: every evaluation digs a fresh random puzzle."""
    ceiling: float = math.inf
    """Objective values at or above this count as misfits."""


@dataclass(frozen=True)
class ChainResult:
    """The best puzzle one chain found."""

    index: int
    """The chain's number."""
    puzzle: Grid | None
    """Its best puzzle (first reached among equals); None when no dig fitted the shape."""
    score: float
    """That puzzle's objective."""
    evaluations: int
    """Evaluations spent."""


def _fresh(solution: Grid, spec: DigSpec, rng: random.Random, backend: str | None) -> Grid | None:
    """A random puzzle of the solution in the shape; None when the dig misses its clue range."""
    orbits = symmetry_groups(spec.size, spec.symmetry, spec.variant)
    return _in_range(
        dig(solution, spec.geo, rng, groups=orbits, minimal=spec.minimal, lo=spec.target.lo,
            backend=backend),
        spec,
    )


def _neighbour(
    puzzle: Grid, solution: Grid, spec: DigSpec, rng: random.Random, backend: str | None
) -> Grid | None:
    """Put back one or two orbits, then dig every clue orbit again in a random order, down
    to the shape's fewest clues (or to minimal); None when that ends outside its range."""
    orbits = symmetry_groups(spec.size, spec.symmetry, spec.variant)
    grid = list(puzzle)
    blanks = [orbit for orbit in orbits if not grid[orbit[0]]]
    for orbit in rng.sample(blanks, min(len(blanks), rng.choice((1, 2)))):
        for c in orbit:
            grid[c] = solution[c]
    clues = [orbit for orbit in orbits if grid[orbit[0]]]
    dug = dig(solution, spec.geo, rng, start=tuple(grid), groups=clues, minimal=spec.minimal,
              lo=spec.target.lo, backend=backend)
    return _in_range(dug, spec)


def _in_range(puzzle: Grid, spec: DigSpec) -> Grid | None:
    """The puzzle when its clue count is in the shape's range, else None. Digs keep the
    symmetry and uniqueness by construction, and minimality when asked to."""
    target = spec.target
    return puzzle if target.lo <= sum(1 for v in puzzle if v) <= target.hi else None


def _accept(new: float, current: float, best: float, spent: float, rng: random.Random) -> bool:
    """Annealing: never worse, or worse with a chance that fades as the budget is spent.

    The temperature is a share of the best score, so every objective's scale works.
    """
    if new >= current:
        return True
    temperature = TEMPERATURE * max(best, 1.0) * (1.0 - spent)
    return temperature > 0 and rng.random() < math.exp((new - current) / temperature)


def run_chain(task: ChainTask, spent: Callable[[float], None] | None = None) -> ChainResult:
    """One chain (or the restarts baseline) within its budget; spent(fraction of the
    budget) after every evaluation when given."""
    geo = task.spec.geo
    rng = random.Random(f"{task.seed}:chain:{task.index}")

    def fresh() -> Grid | None:
        return _fresh(task.solution, task.spec, rng, task.backend)

    def rated(puzzle: Grid | None) -> float:
        """The objective; a misfit (or a value at the ceiling) scores -inf, never kept."""
        value = -math.inf if puzzle is None else objective_value(task.objective, puzzle, geo)
        return value if value < task.ceiling else -math.inf

    def fraction(done: int) -> float:
        """How much of the budget is spent."""
        if task.evaluations is not None:
            return done / task.evaluations
        assert task.deadline is not None and task.seconds is not None
        return 1.0 - max(task.deadline - time.time(), 0.0) / task.seconds

    def more(done: int) -> bool:
        return fraction(done) < 1.0

    current = task.start if task.start is not None and not task.restarts else fresh()
    score = rated(current)
    # The first puzzle is the best so far only when it fits (a value under the ceiling).
    best = current if score > -math.inf else None
    best_score, done = score, 1
    while more(done):
        # Sampling a few fresh puzzles first gives the walk a good start (2,000 evaluations
        # from 5 grids: mean best way_complexity 101 -> 107, worst grid 84 -> 96).
        exploring = task.restarts or current is None or fraction(done) < WARM_SHARE
        if exploring:
            candidate = fresh()
        else:
            assert current is not None
            candidate = _neighbour(current, task.solution, task.spec, rng, task.backend)
        cand_score = rated(candidate)
        done += 1
        if spent:
            spent(fraction(done))
        if cand_score > -math.inf and (
            cand_score > score
            if exploring
            else _accept(cand_score, score, best_score, fraction(done), rng)
        ):
            current, score = candidate, cand_score
        if cand_score > best_score:
            best, best_score = candidate, cand_score
    return ChainResult(task.index, best, best_score, done)


@dataclass(frozen=True)
class Improved:
    """The outcome of improve."""

    puzzle: Grid
    """The best unique puzzle found."""
    solution: Grid
    """Its solution (the same as the input's)."""
    before: dict[str, Any]
    """Rating dict of the input."""
    after: dict[str, Any]
    """Rating dict of the result."""
    objective: Figure
    """The figure maximized."""
    evaluations: int
    """Evaluations spent over all chains."""
    chains: int
    """Chains run."""


def chain_budgets(evaluations: int, chains: int | None = None) -> list[int]:
    """How an evaluations budget is split into chains (depends on the budget only)."""
    chains = chains or max(1, min(MAX_CHAINS, evaluations // CHAIN_EVALUATIONS))
    chains = min(chains, evaluations)
    base, extra = divmod(evaluations, chains)
    return [base + (i < extra) for i in range(chains)]


def _start(
    values: Grid, geo: Geometry, spec: DigSpec, backend: str | None
) -> tuple[Grid, Grid | None]:
    """(solution, start puzzle or None) of an improve input."""
    from ..engine.trace import solve

    count, solutions = solve(values, geo, limit=2, backend=backend)
    if count != 1:
        what = "no solution" if count == 0 else "more than one solution"
        raise InputError(
            f"the puzzle has {what}: improve needs a full grid or a unique puzzle "
            f"(bookgen create makes one)"
        )
    if all(values):
        return solutions[0], None
    if problem := misfit(values, spec, backend):
        raise InputError(f"the puzzle does not have the shape asked for: {problem}")
    return solutions[0], values


def improve(
    values: Grid,
    geo: Geometry,
    evaluations: int | None = None,
    seconds: float | None = None,
    workers: int | None = None,
    seed: int | str = 0,
    objective: Figure = DEFAULT_OBJECTIVE,
    backend: str | None = None,
    restarts: bool = False,
    progress: Callable[[float], None] | None = None,
    chains: int | None = None,
    spec: DigSpec | None = None,
    ceiling: float = math.inf,
    pool: PoolMap | None = None,
) -> Improved:
    """Search for the unique puzzle of values' solution with the highest objective.

    Exactly one of evaluations (deterministic for any worker count) or seconds (anytime)
    is the budget. progress(fraction done) is called as chains finish (or as time passes).
    restarts=True runs the random-restarts baseline on the same budget instead. chains
    overrides how many chains share an evaluations budget (see chain_budgets). spec is
    the shape every candidate keeps (default: any unique puzzle of geo); a given puzzle
    must have it already. Candidates whose objective reaches ceiling are passed by. A
    `pool` (a Dask cluster's, cluster.py) runs the chains instead of `workers` processes;
    a chain depends on its task alone, so the result is the same.
    GenerationError when no dig of the budget fits.
    """
    if (evaluations is None) == (seconds is None):
        raise GenerationError("improve needs one budget: evaluations or seconds")
    if evaluations is not None and evaluations <= 0:
        raise GenerationError(f"evaluations {evaluations}: expected a positive number")
    if seconds is not None and not seconds > 0:
        raise GenerationError(f"seconds {seconds}: expected a positive number")
    spec = spec or DigSpec(geo.n, variant=geo.variant, regions=geo.region_layout)
    if spec.geo is not geo:
        raise GenerationError(f"shape of size {spec.size} for a {geo.n}x{geo.n} grid")
    solution, start = _start(values, geo, spec, backend)
    workers = workers or default_workers()
    deadline = None if seconds is None else time.time() + seconds
    budgets: list[int | None] = (
        list(chain_budgets(evaluations, chains)) if evaluations is not None else [None] * workers
    )
    tasks = [
        ChainTask(solution, start, spec, objective, seed, i, b, deadline, seconds, backend,
                  restarts, ceiling)
        for i, b in enumerate(budgets)
    ]
    results = _run_chains(tasks, workers, backend, seconds, progress, pool)
    best = max(results, key=lambda r: (r.score, -r.index))
    spent = sum(r.evaluations for r in results)
    if best.puzzle is None:
        raise GenerationError(
            f"no {'minimal ' if spec.minimal else ''}puzzle of this solution with "
            f"{spec.target} clues and {spec.symmetry.description}"
            + (f" below {objective.value} {ceiling:g}" if ceiling < math.inf else "")
            + f" in {spent} digs: widen the clue range"
        )
    return Improved(
        puzzle=best.puzzle,
        solution=solution,
        before=rate(values, geo, with_grade=objective is Figure.GRADE).as_dict(geo),
        after=rate(best.puzzle, geo, with_grade=objective is Figure.GRADE).as_dict(geo),
        objective=objective,
        evaluations=spent,
        chains=len(results),
    )


def _run_chains(
    tasks: list[ChainTask],
    workers: int,
    backend: str | None,
    seconds: float | None,
    progress: Callable[[float], None] | None,
    pool: PoolMap | None = None,
) -> list[ChainResult]:
    started = time.time()

    def report(finished: float) -> None:
        if progress:
            by_time = (time.time() - started) / seconds if seconds else 0.0
            progress(min(max(finished / len(tasks), by_time), 1.0))

    results: list[ChainResult] = []
    if pool is not None:
        for result in pool(run_chain, tasks):
            results.append(result)
            report(len(results))
        return results
    if workers <= 1 or len(tasks) == 1:
        for task in tasks:
            results.append(run_chain(task, lambda part: report(len(results) + part)))
        return results
    processes = _pool(min(workers, len(tasks)), backend, None)
    interrupted = True
    try:
        futures: list[Future[ChainResult]] = [processes.submit(run_chain, t) for t in tasks]
        while True:
            done, pending = wait(futures, timeout=0.5)
            report(len(done))
            if not pending:
                interrupted = False
                return [f.result() for f in futures]
    except Exception:
        interrupted = False
        raise
    finally:
        _close(processes, interrupted)

