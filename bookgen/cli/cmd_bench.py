"""`bookgen bench <kind>`: throughput on this machine, one function per kind.

Glossary:
  kind       what is measured: "solve" (the kernels), "layout" (a book's PDF), "samurai"
             (multi-grid boards by band), "startup" (the light commands' start-up), more
             kinds register in KINDS
  dataset    a file of puzzles, one per line (grid.parse_many), e.g. ../shared/data/top1465.txt
  puzzles/s  whole-batch throughput: puzzles / wall seconds of batched kernel calls, the
             best of the passes over the dataset that fit in the budget
  median us  the median over single-puzzle calls (so it includes the per-call overhead)
  budget     --seconds: each measurement stops taking more puzzles after this long

Speed claims in the project come from here, never from timed tests. Every measurement
runs on one core, in this process, except generate and improve, which run on --workers.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..book.bandrates import bench_bands
from ..book.techrates import bench_techniques
from ..core.errors import InputError
from ..core.grid import ALL_SIZES
from .bench_count import bench_count
from .bench_mine import bench_mine
from .options import (
    add_options,
    capped_workers,
    counted,
    positive,
    positive_seconds,
    workers_of,
)

__all__ = ["KINDS", "add_bench", "load_dataset", "run_bench"]

if TYPE_CHECKING:
    import numpy as np

    from ..core.grid import Geometry
    from ..engine.kernels import Backend
    from ..make.pooltime import PoolReport

CHUNK = 64
"""Puzzles per batched call in the throughput phase (small enough to stop on budget)."""
SINGLE_MAX = 2000
"""Most single-puzzle calls timed for the median."""
BUILD_EXAMPLE = "classic-100.yaml"
"""The example book bench build builds when no --config is given."""


def dataset_file(path: str) -> Path:
    """The --dataset file; InputError when it is missing, a folder or not a regular file (a
    device: endless bytes)."""
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such dataset file")
    if not p.is_file():
        what = "a folder" if p.is_dir() else "not a regular file"
        raise InputError(f"{path}: is {what}; expected a dataset file of puzzles")
    return p


def load_dataset(path: str | None, limit: int | None) -> tuple[Geometry, np.ndarray]:
    """The first `limit` puzzles of a dataset file as an int8 batch (all of one size)."""
    import numpy as np

    from ..core.grid import decode_text, parse_many, size_for_cells

    if path is None:
        raise InputError("this bench needs --dataset PATH (a file of puzzles)")
    p = dataset_file(path)
    rows: list[tuple[int, ...]] = []
    geo = None
    # a one-line puzzle may be followed by other fields ('<puzzle> <rating>'): keep it alone
    lines = []
    try:
        text = decode_text(p.read_bytes(), str(p))
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None
    for raw in text.splitlines():
        head = raw.split(maxsplit=1)[0] if raw.strip() else ""
        lines.append(head if size_for_cells(len(head)) else raw)
    for line, values, g in parse_many("\n".join(lines), str(p), check=False):
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
    """(puzzles in the best pass, its puzzles/s, median us per single call).

    Passes over the dataset repeat while the budget lasts and the best one counts (the
    machine may be shared; the least disturbed pass is the closest to its speed).
    """
    passes: list[tuple[int, float]] = []  # (puzzles, puzzles/s)
    total = 0.0
    while total < seconds:
        done, spent = 0, 0.0
        while done < len(grids) and total + spent < seconds:
            t0 = time.perf_counter()
            run(grids[done : done + CHUNK])
            spent += time.perf_counter() - t0
            done = min(done + CHUNK, len(grids))
        total += spent
        passes.append((done, done / spent))
    best_done, best_rate = max(passes)  # whole passes first, then the fastest
    singles: list[float] = []
    budget_end = time.perf_counter() + seconds
    for row in grids[:SINGLE_MAX]:
        t0 = time.perf_counter()
        run(row[None, :])
        singles.append(time.perf_counter() - t0)
        if time.perf_counter() > budget_end:
            break
    return best_done, best_rate, statistics.median(singles) * 1e6


def bench_solve(args: argparse.Namespace) -> int:
    """Counting (limit 2) and trace figures, per backend: puzzles/s and median us."""
    from ..engine.kernels import BACKENDS, get_backend

    if args.seconds <= 0:
        raise InputError(f"--seconds {args.seconds:g}: expected a positive number of seconds")
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


LAYOUT_PUZZLES = 1000
"""Puzzles in the layout bench's book unless --limit says otherwise."""


def bench_layout(args: argparse.Namespace) -> int:
    """Seconds to lay out a book of the dataset's puzzles (default 1,000) with their answer
    key, letter 4-up, and write the PDF (to a temporary folder)."""
    import tempfile

    from ..book.config import load_template
    from ..core.model import Book, BookPuzzle, BookSection
    from ..engine.kernels import get_backend
    from ..render.geometry import plan_book
    from ..render.writer import render_book

    geo, grids = load_dataset(args.dataset, args.limit or LAYOUT_PUZZLES)
    counts, solutions = get_backend().solve_batch(geo, grids, 1)
    puzzles = [
        BookPuzzle(0, "", "", geo.box_rows, geo.box_cols, tuple(map(int, g)), tuple(map(int, s)))
        for g, s, k in zip(grids, solutions, counts, strict=True)
        if k
    ]
    per_part = -(-len(puzzles) // 4)
    sections = []
    for i in range(0, len(puzzles), per_part):
        name = f"Part {i // per_part + 1}"
        part = tuple(
            replace(p, number=i + j + 1, section=name, difficulty=name)
            for j, p in enumerate(puzzles[i : i + per_part])
        )
        sections.append(BookSection(name, part))
    book = Book("Bench", "", "", "", tuple(sections), load_template("letter-4up"))
    t0 = time.perf_counter()
    plan_book(book)
    planned = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "book.pdf"
        t0 = time.perf_counter()
        pages = render_book(book, path)
        spent = time.perf_counter() - t0
        size = path.stat().st_size
    print(f"dataset {args.dataset}: {len(puzzles)} puzzles laid out, template letter-4up")
    print(f"{pages} pages, {size / 1e6:.2f} MB; plan {planned:.3f} s; "
          f"plan + draw + write {spent:.2f} s ({len(puzzles) / spent:.0f} puzzles/s)")
    return 0


POOL_HEADER = "{:>7s} {:>8s} {:>7s} {:>5s}".format("start s", "parent s", "extra s", "idle%")
"""The pool columns (_pool_columns) of bench generate and bench build."""
POOL_LEGEND = ("pool: start = seconds until every worker ran its first task; parent = CPU s of "
               "this process outside tasks; extra = the workers' CPU s outside tasks; idle = "
               "share of the workers' time in no task")
"""What the pool columns mean, printed under the table."""


def _pool_columns(report: PoolReport) -> str:
    """A pool's overheads: start-up seconds, the parent's CPU seconds and the workers' CPU
    seconds outside tasks, and the share of the workers' time in no task."""
    return (f"{report.startup:7.3f} {report.parent_cpu:8.3f} {report.worker_overhead:7.3f} "
            f"{report.idle_share * 100:5.0f}")


def _load() -> str:
    """The machine's load average over the last minute and its cores, in words."""
    import os

    from .options import usable_cores

    return f"load average {os.getloadavg()[0]:.2f} on {counted(usable_cores(), 'core')}"


def _speedup(label: str, workers: int, wall: float, idle: float | None,
             spread: str = "") -> str:
    """The speed-up line of `workers` workers over one: `wall` here, `idle` estimated for an
    idle machine (None: not estimated); `spread` says what the figures are the median of."""
    line = f"{label}{workers} workers over 1: {wall:.2f}x wall here{spread}; "
    if idle is None:
        return line + "no idle-machine estimate: a run was stopped by the budget (--seconds)"
    return line + (f"{idle:.2f}x estimated for an idle machine (1 worker's CPU s over the "
                   f"{workers}-worker run's wall estimated from its CPU s)")


def bench_generate(args: argparse.Namespace) -> int:
    """Minimal 9x9 puzzles, no symmetry (-n, default 10,000), made --rounds times (default
    3) with 1 and 2 workers (or --workers) in turn, per backend, each run stopped after
    --seconds: wall seconds and puzzles/s, CPU seconds (workers included), the pool's
    overheads (pooltime.py), and the speed-up of each worker count over 1, here and
    estimated for an idle machine: the median of the rounds' speed-ups, each round's runs
    made one after the other, so that a machine whose speed drifts (a shared VM) moves
    both."""
    from contextlib import closing

    from ..core.model import DigSpec
    from ..engine.kernels import BACKENDS
    from ..make.generate import make_puzzles
    from ..make.improve import iter_generated
    from ..make.pooltime import PoolLog

    spec = DigSpec(minimal=True)
    names = BACKENDS if args.backend == "both" else (args.backend,)
    counts = (args.workers,) if args.workers else (1, 2)
    rounds = args.rounds
    print(f"generate -n {args.n}: minimal 9x9 puzzles, no symmetry, seed 0, "
          f"budget {args.seconds:g} s per run, {counted(rounds, 'round')}; {_load()}")
    print("{:8s} {:>5s} {:>7s} {:>8s} {:>9s} {:>11s} {:>8s} {}  notes".format(
        "backend", "round", "workers", "puzzles", "seconds", "puzzles/s", "cpu s",
        POOL_HEADER))
    first: list[Any] = []
    for name in names:
        make_puzzles(spec, 0, 0, 1, name)  # load or compile the kernels outside the timing
        walls: dict[int, list[float]] = {w: [] for w in counts[1:]}  # speed-ups, per round
        idles: dict[int, list[float | None]] = {w: [] for w in counts[1:]}
        for r in range(1, rounds + 1):
            one: tuple[float, float, bool] | None = None  # per puzzle: wall, CPU s; complete
            for workers in counts:
                made = []
                log = PoolLog()
                t0 = time.perf_counter()
                # closed on leaving, so that a run stopped by the budget closes its pool
                # (and the log sums it up) now
                with closing(iter_generated(args.n, spec, 0, 0, workers, name, log=log)) as run:
                    for p, _ in run:
                        made.append(p)
                        if time.perf_counter() - t0 > args.seconds:
                            break
                spent = time.perf_counter() - t0
                report = log.report
                assert report is not None
                first = first or made
                k = min(len(first), len(made))
                complete = len(made) == args.n
                note = "complete" if complete else "budget reached"
                note += ", same puzzles" if made[:k] == first[:k] else ", DIFFERENT puzzles"
                print(f"{name:8s} {r:5d} {workers:7d} {len(made):8d} {spent:9.2f} "
                      f"{len(made) / spent:11.0f} {report.cpu:8.2f} {_pool_columns(report)}  "
                      f"{note}")
                if workers == 1:
                    one = (spent / len(made), report.cpu / len(made), complete)
                elif one is not None:
                    wall, cpu, whole = one
                    walls[workers].append(wall / (spent / len(made)))
                    idles[workers].append(cpu / (report.idle_wall / len(made))
                                          if whole and complete else None)
        for workers, ratios in walls.items():
            estimates = idles[workers]
            spread = (f" (median of {rounds} rounds: {min(ratios):.2f}x to {max(ratios):.2f}x)"
                      if rounds > 1 else "")
            print(_speedup(f"{name}: ", workers, statistics.median(ratios),
                           None if None in estimates else
                           statistics.median([e for e in estimates if e is not None]), spread))
    print(POOL_LEGEND)
    return 0


def _warm_build() -> None:
    """Load what a build loads once per process: the kernels and the grader (one 9x9
    puzzle made and rated) and the PDF writer."""
    from ..core.model import DigSpec
    from ..grade.rating import rate
    from ..make.generate import make_puzzle
    from ..render import writer  # noqa: F401

    made = make_puzzle(DigSpec(), "warm", 0)
    rate(made.puzzle, made.geo)


def bench_build(args: argparse.Namespace) -> int:
    """A book config (--config, default the classic-100 example) built with 1 and 2
    workers (or --workers) into temporary folders, without its build cache or bank: wall
    and CPU seconds (workers included) of the whole (config read, puzzles made, book
    written) and of making the puzzles, the pool's overheads (pooltime.py), whether the
    books are the same bytes, and the speed-up of each worker count over 1, here and
    estimated for an idle machine."""
    import dataclasses
    import hashlib
    import tempfile

    from ..book.config import config_file, load_config
    from ..book.pipeline import build_book, write_book
    from ..book.shipped import EXAMPLES, folder
    from ..make.pooltime import PoolLog
    from ..make.pooltime import process_tree_cpu as cpu

    path = config_file(args.config) if args.config \
        else Path(str(folder(EXAMPLES))) / BUILD_EXAMPLE
    counts = (args.workers,) if args.workers else (1, 2)
    # what a process loads once (the config reader, kernels, grader, PDF writer: 0.4 CPU s)
    # is loaded outside the timing, or the first build would pay it alone
    load_config(path)
    _warm_build()
    print(f"build {path}: into temporary folders, no build cache, no bank; {_load()}")
    print("{:>7s} {:>8s} {:>8s} {:>8s} {:>10s} {}  notes".format(
        "workers", "seconds", "cpu s", "make s", "make cpu s", POOL_HEADER))
    first = ""
    one: tuple[float, float] | None = None  # wall, CPU s
    with tempfile.TemporaryDirectory() as tmp:
        for workers in counts:
            log = PoolLog()
            t0, c0 = time.perf_counter(), cpu()
            cfg = dataclasses.replace(load_config(path, workers=workers), bank=None)
            built = build_book(cfg, progress=False, log=log)
            pages = write_book(built, Path(tmp) / f"book{workers}")
            spent, used = time.perf_counter() - t0, cpu() - c0
            report = log.report
            assert report is not None
            digest = hashlib.sha256((Path(tmp) / f"book{workers}" / "book.pdf").read_bytes())
            note = f"{pages} pages"
            if first:
                note += ", same book" if digest.hexdigest() == first else ", DIFFERENT book"
            first = first or digest.hexdigest()
            print(f"{workers:7d} {spent:8.2f} {used:8.2f} {report.wall:8.2f} {report.cpu:10.2f} "
                  f"{_pool_columns(report)}  {note}")
            if workers == 1:
                one = (spent, used)
            elif one is not None:
                # the rest of the build (config read, book written) runs in this process
                rest = used - report.cpu
                print(_speedup("", workers, one[0] / spent, one[1] / (report.idle_wall + rest)))
    print(POOL_LEGEND)
    return 0


def bench_improve(args: argparse.Namespace) -> int:
    """Best way_complexity of improve vs random restarts (fresh random minimal puzzles) at
    equal evaluations, from --grids fixed full grids, for each budget of --evaluations."""
    import random

    from ..core.grid import geometry
    from ..make.generate import complete_board
    from ..make.improve import improve

    try:
        budgets = [int(b) for b in args.evaluations.split(",")]
    except ValueError:
        raise InputError(f"--evaluations {args.evaluations!r}: expected numbers like "
                         "2000,20000") from None
    geo = geometry(9)
    grids = [complete_board(geo, random.Random(f"bench:{i}")) for i in range(args.grids)]
    print(f"improve vs random restarts: {len(grids)} fixed 9x9 grids, objective "
          f"way_complexity, seed 0, workers {args.workers or 'all cores'}")
    print("{:>11s} {:>4s} {:>8s} {:>9s} {:>9s} {:>10s}".format(
        "evaluations", "grid", "improve", "restarts", "improve s", "restarts s"))
    for budget in budgets:
        wins, sums = 0, [0.0, 0.0]
        for i, grid in enumerate(grids):
            row = []
            for restarts in (False, True):
                t0 = time.perf_counter()
                r = improve(grid, geo, evaluations=budget, workers=args.workers,
                            restarts=restarts)
                row += [r.after["way_complexity"], time.perf_counter() - t0]
            wins += row[0] > row[2]
            sums[0] += row[0]
            sums[1] += row[2]
            print(f"{budget:11d} {i:4d} {row[0]:8d} {row[2]:9d} {row[1]:9.1f} {row[3]:10.1f}")
        print(f"{budget:11d} mean {sums[0] / len(grids):8.1f} {sums[1] / len(grids):9.1f}"
              f"  improve higher on {wins} of {len(grids)} grids")
    return 0


def bench_grade(args: argparse.Namespace) -> int:
    """The human grade against SE ratings (--dataset of '<puzzle> <rating>' lines): Spearman
    rho, Kendall tau, grade quartiles per band, adjacent-band AUCs, seconds per puzzle.
    --limit N grades a seeded sample of about N puzzles spread evenly over the ratings."""
    from ..grade.calibrate import bench_grade as report

    if args.dataset is None:
        raise InputError("bench grade needs --dataset PATH (lines '<puzzle> <SE rating>')")
    dataset_file(args.dataset)
    kind = "" if args.variant is None else f", {args.variant.value} puzzles"
    print(f"dataset {args.dataset}{kind}"
          + (f": a sample of about {args.limit}" if args.limit else ""))
    print(report(args.dataset, limit=args.limit or 0, variant=args.variant))
    return 0


BANK_FILL = 100
"""9x9 puzzles per fill measurement of bench bank."""
BANK_ROWS = 100_000
"""Rows of the synthetic bank the pick query is timed on."""


def bench_bank(args: argparse.Namespace) -> int:
    """The bank's costs: canonical forms/s (--dataset, or generated puzzles), fill
    throughput (BANK_FILL 9x9 puzzles made, rated and stored; 1 and 2 workers, and local
    Dask clusters of 1 and 2 processes, their start included, when Dask is installed), the
    time to pick 100 puzzles of
    a band from a BANK_ROWS bank, and the CPU seconds per puzzle of grade 8.0+ and 9.0+ by
    random digging and by improvement (objective grade), each run for --seconds."""
    import random
    import tempfile

    from ..book.bank import Bank, GradeRange, fill
    from ..core.grid import geometry
    from ..core.model import Band, DigSpec
    from ..core.rules import Figure
    from ..engine.canon import canonical
    from ..grade.rating import rate
    from ..make.generate import make_puzzle
    from ..make.improve import improve

    geo = geometry(9)
    if args.dataset:
        _, grids = load_dataset(args.dataset, args.limit)
        puzzles = [tuple(g.tolist()) for g in grids]
    else:
        puzzles = [make_puzzle(DigSpec(), "bench", i).puzzle for i in range(args.limit or 2000)]
    canonical(puzzles[0], geo)
    t0, c0 = time.perf_counter(), time.process_time()
    done = 0
    while done < len(puzzles) and time.perf_counter() - t0 < args.seconds:
        canonical(puzzles[done], geo)
        done += 1
    # per CPU second too: on a shared machine the wall rate is this process's share
    print(f"canonical forms: {done / (time.perf_counter() - t0):,.0f} /s, "
          f"{done / (time.process_time() - c0):,.0f} per CPU s, on {done} puzzles "
          f"({args.dataset or 'generated 9x9'})")
    with tempfile.TemporaryDirectory() as tmp:
        settings: list[tuple[str, dict[str, Any]]] = [("1 worker", {"workers": 1}),
                                                      ("2 workers", {"workers": 2})]
        try:
            import distributed  # noqa: F401

            settings += [("Dask local:1", {"workers": 1, "cluster": "local:1"}),
                         ("Dask local:2", {"workers": 2, "cluster": "local:2"})]
        except ImportError:
            print("(Dask not installed: no cluster measurement)")
        first: list[Any] = []
        for k, (name, kw) in enumerate(settings):
            path = Path(tmp) / f"fill{k}.db"
            t0 = time.perf_counter()
            fill(path, DigSpec(), BANK_FILL, seed=1, **kw)
            spent = time.perf_counter() - t0
            with Bank(path) as bank:
                rows = [(r["canon"], r["run_index"]) for r in bank.rows()]
            first = first or rows
            same = "same bank" if rows == first else "DIFFERENT bank"
            print(f"fill {name:13s} {BANK_FILL} puzzles in {spent:6.1f} s: "
                  f"{BANK_FILL / spent:5.2f} puzzles/s  ({same})")
        path = Path(tmp) / "big.db"
        rng = random.Random(0)
        with Bank(path) as bank, bank.write():
            bank.db.executemany(
                "INSERT INTO puzzle (size, canon, givens, solution, clues, grade, band, steps, "
                "symmetry, generator) VALUES (9, ?, '', '', ?, ?, ?, '{}', 'none', 'bench')",
                ((f"{i:081d}", rng.randint(20, 32), g, Band.EXPERT.value)
                 for i, g in ((i, round(rng.uniform(1.2, 9.5), 1)) for i in range(BANK_ROWS))))
        with Bank(path) as bank:
            times = []
            for i in range(20):
                t0 = time.perf_counter()
                picked = bank.pick(9, GradeRange.of_band(Band.EXPERT), 100, f"s{i}", "h")
                times.append(time.perf_counter() - t0)
        print(f"pick 100 expert puzzles from a {BANK_ROWS:,}-row bank: median "
              f"{statistics.median(times) * 1000:.1f} ms ({len(picked)} picked)")
    for how in ("random digging", "improvement"):
        c0 = time.process_time()
        tried, hard, harder = 0, 0, 0
        while time.process_time() - c0 < args.seconds:
            made = make_puzzle(DigSpec(minimal=True), "mine", tried)
            if how == "improvement":
                made_puzzle = improve(made.solution, geo, evaluations=60, workers=1,
                                      seed=f"mine:{tried}", objective=Figure.GRADE).puzzle
            else:
                made_puzzle = made.puzzle
            grade = rate(made_puzzle, geo).grade or 0.0
            tried += 1
            hard += grade >= 8.0
            harder += grade >= 9.0
        cpu = time.process_time() - c0
        costs = "  ".join(
            f"{label}: " + (f"{cpu / count:,.0f} CPU s each ({count} found)" if count
                            else f"more than {cpu:,.0f} CPU s each (none found)")
            for label, count in (("8.0+", hard), ("9.0+", harder)))
        print(f"mining by {how}: {tried} puzzles in {cpu:.0f} CPU s; {costs}")
    return 0


CLI_RUNS = 3
"""Runs of each fast measurement of bench cli; the best counts (the machine is shared)."""
CLI_LONG_RUNS = 2
"""Runs of each generate measurement of bench cli."""


@dataclass(frozen=True)
class Timing:
    """The best of several runs of one thing."""

    wall: float
    """Wall seconds."""
    cpu: float
    """CPU seconds (user + system; of the child process for a command)."""

    def __str__(self) -> str:
        return f"{self.wall:8.2f} {self.cpu:8.2f}"


def _best(timings: list[Timing]) -> Timing:
    return Timing(min(t.wall for t in timings), min(t.cpu for t in timings))


def _command(argv: list[str], runs: int) -> Timing:
    """The best of `runs` runs of `bookgen ARGV` as a new process, its output discarded."""
    return _best(_process_runs(_bookgen(argv), runs))


def _bookgen(argv: list[str]) -> list[str]:
    """The command line of `bookgen ARGV` run by this interpreter."""
    import sys

    return [sys.executable, "-m", "bookgen", *argv]


def _process_runs(
    command: list[str], runs: int, env: dict[str, str] | None = None
) -> list[Timing]:
    """Each of `runs` runs of a command as a new process (in env, else this process's
    environment), its output discarded."""
    import resource
    import subprocess

    out = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True, env=env)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise InputError(f"{' '.join(command[2:])} failed: {done.stderr.strip()}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        out.append(Timing(wall, cpu))
    return out


def _in_process(run: Callable[[], Any], runs: int) -> Timing:
    out = []
    for _ in range(runs):
        c0, t0 = time.process_time(), time.perf_counter()
        run()
        out.append(Timing(time.perf_counter() - t0, time.process_time() - c0))
    return _best(out)


def bench_cli(args: argparse.Namespace) -> int:
    """The command line's own cost: the whole process of `bookgen solve` on --dataset (all
    49,158 17-clue puzzles of ../shared/data/17clue.txt) and of `bookgen generate -n N
    --minimal` (--workers, default 1), against the kernels alone doing the same work in
    this process, and the start-up of an empty command (`bookgen --version`) and of a
    command that loads the kernels (`bookgen solve` on one puzzle). The target: the whole
    process takes at most 1.5 x the kernels' time plus the empty command's start-up."""
    import numpy as np

    from ..core.grid import parse_batches
    from ..core.model import DigSpec
    from ..engine.kernels import get_backend, warm_up
    from ..make.generate import dig_kernels, generate_into

    if args.dataset is None:
        raise InputError("bench cli needs --dataset PATH, e.g. ../shared/data/17clue.txt")
    path = dataset_file(args.dataset)
    batches = parse_batches(path.read_text(encoding="utf-8"), str(path))
    if len(batches) != 1:
        raise InputError(f"{args.dataset}: expected one-line puzzles of one size")
    geo, grids = batches[0].geo, batches[0].grids
    first = "".join(".123456789ABCDEFG"[v] for v in grids[0].tolist())
    workers = str(args.workers or 1)
    backend = get_backend()
    warm_up(backend)
    kern = dig_kernels()
    spec = DigSpec(minimal=True)

    def generate_kernels(n: int) -> None:
        puzzles = np.zeros((n, spec.geo.ncells), dtype=np.int8)
        solution = np.zeros(spec.geo.ncells, dtype=np.int8)
        order = np.zeros(spec.geo.ncells, dtype=np.int32)
        for i in range(n):
            order[:] = np.arange(spec.geo.ncells)
            generate_into(spec, 0, i, kern, puzzles[i], solution, order)
        for i in range(0, n, 50):  # the figures, by the chunks generate rates
            backend.trace_batch(spec.geo, puzzles[i : i + 50], 2)

    generate_kernels(1)  # the digging kernels load (or compile) before they are timed

    ahead = getattr(backend, "ahead", None)  # only the numba backend has the choice
    compiled = "" if ahead is None else (
        " (kernels compiled ahead of time)" if ahead else " (jitted kernels)")
    print(f"bench cli: backend {backend.name}{compiled}, best of {CLI_RUNS} runs "
          f"({CLI_LONG_RUNS} for generate); wall and CPU seconds")
    rows: list[tuple[str, Timing]] = [
        ("start-up: bookgen --version", _command(["--version"], CLI_RUNS)),
        ("start-up: bookgen solve <one puzzle>", _command(["solve", first], CLI_RUNS)),
        (f"solve: kernels only, {len(grids)} puzzles",
         _in_process(lambda: backend.solutions_batch(geo, grids, 2), CLI_RUNS)),
        (f"solve: whole process, {len(grids)} puzzles",
         _command(["solve", str(path), "--quiet"], CLI_RUNS)),
        (f"generate: kernels only, {args.n} minimal",
         _in_process(lambda: generate_kernels(args.n), 1)),
        (f"generate: whole process, --workers {workers}",
         _command(["generate", "-n", str(args.n), "--minimal", "--workers", workers,
                   "--quiet"], CLI_LONG_RUNS)),
    ]
    print(f"{'':44s} {'wall s':>8s} {'cpu s':>8s}")
    for name, timing in rows:
        print(f"{name:44s} {timing}")
    empty, loaded = rows[0][1], rows[1][1]
    for what, kernels, whole in (("solve", rows[2][1], rows[3][1]),
                                 ("generate", rows[4][1], rows[5][1])):
        for clock in ("wall", "cpu"):
            k, w, e = (getattr(x, clock) for x in (kernels, whole, empty))
            verdict = "met" if w <= 1.5 * k + e else "NOT met"
            print(f"{what} {clock}: whole {w:.2f} s = {(w - e) / k:.2f} x kernels + start-up "
                  f"{e:.2f} s; target 1.5 x: {verdict} (loading the kernels: "
                  f"{getattr(loaded, clock) - e:.2f} s of it)")
    return 0


STARTUP_PUZZLE = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"
"""The puzzle bench startup solves when no --dataset is given (SPEC 3's golden example)."""
STARTUP_TARGET = 0.15
"""CPU seconds a light command may cost, the whole process: `bookgen --version`, and
`bookgen solve` of one puzzle with the kernels' ahead-of-time module built."""


def bench_startup(args: argparse.Namespace) -> int:
    """The start-up of the light commands: the CPU seconds (user + system of the child
    process) of `bookgen --version` and of `bookgen solve` on one puzzle (the first of
    --dataset, else STARTUP_PUZZLE), median of -n runs each, against STARTUP_TARGET; and
    the interpreter's own floor: an empty Python, and one that imports numpy with its BLAS
    threads as the command line sets them."""
    import os
    import sys

    from ..__main__ import BLAS_THREADS
    from ..engine.kernels import aot, backend_name

    puzzle = STARTUP_PUZZLE
    if args.dataset is not None:
        _, grids = load_dataset(args.dataset, 1)
        puzzle = "".join(".123456789ABCDEFG"[v] for v in grids[0].tolist())
    solve = _bookgen(["solve", puzzle])
    _process_runs(solve, 1)  # builds, untimed, what the first solve of these sources builds
    module = "built" if aot.load() else f"not built ({aot.failed() or 'being built'})"
    print(f"bench startup: backend {backend_name()}, ahead-of-time module {module}; CPU "
          f"seconds of the whole process (user + system), {args.n} runs each")
    blas = {**os.environ, **{name: os.environ.get(name, "1") for name in BLAS_THREADS}}
    rows = [
        ("floor: python -c pass", [sys.executable, "-c", "pass"], None),
        ("floor: python -c 'import numpy'", [sys.executable, "-c", "import numpy"], blas),
        ("bookgen --version", _bookgen(["--version"]), None),
        ("bookgen solve <one puzzle>", solve, None),
    ]
    print(f"{'':32s} {'median':>7s} {'min':>7s} {'max':>7s}  target {STARTUP_TARGET} s")
    for label, command, env in rows:
        cpu = sorted(t.cpu for t in _process_runs(command, args.n, env))
        median = statistics.median(cpu)
        verdict = ("met" if median <= STARTUP_TARGET else "NOT met"
                   ) if label.startswith("bookgen") else ""
        print(f"{label:32s} {median:7.3f} {cpu[0]:7.3f} {cpu[-1]:7.3f}  {verdict}".rstrip())
    return 0


VARIANT_GRADES = 60
"""Puzzles per variant bench variants grades (unless --limit says otherwise)."""
GRADE_BUDGET = 6
"""bench variants grades puzzles of a variant until this many times --seconds are spent."""
LAYOUTS = 40
"""Usable jigsaw layouts drawn per size by bench variants."""


def bench_variants(args: argparse.Namespace) -> int:
    """Per variant (classic, X, hyper, jigsaw with a fresh random layout each, killer with
    the default cage mix and no givens): minimal 9x9 (killer: unique) puzzles per second
    on one core for --seconds, the grade's seconds per puzzle and the
    band mix of up to --limit (VARIANT_GRADES) of those puzzles, graded while
    GRADE_BUDGET * --seconds last; then per jigsaw size,
    layouts drawn per usable layout (LAYOUTS usable ones each). Times are this process's CPU
    seconds: the work runs on one core, and CPU time stays fair when other programs share
    the machine."""
    from ..core.model import Band, CageSpec, DigSpec
    from ..core.rules import JIGSAW_SIZES, Variant
    from ..grade.killer_scale import grade_killer
    from ..grade.rating import rate
    from ..make.generate import (
        GeneratedKiller,
        GeneratedPuzzle,
        make_killer,
        make_puzzle,
        random_layout,
    )

    limit = args.limit or VARIANT_GRADES
    print(f"variants: minimal 9x9 puzzles, no symmetry, one core, {args.seconds:g} CPU s of "
          f"generation each; grades of the first {limit} (or as many as "
          f"{GRADE_BUDGET * args.seconds:g} s allow)")
    print("{:8s} {:>8s} {:>10s} {:>7s} {:>7s} {:>9s} {:>9s}  {}".format(
        "variant", "puzzles", "puzzles/s", "clues", "graded", "grade s", "grade max",
        "bands (" + " ".join(b.value for b in Band) + ")"))
    for variant in Variant:
        spec = DigSpec(9, variant=variant, minimal=True)
        make: Callable[[str, int], GeneratedPuzzle | GeneratedKiller] = (
            partial(make_killer, CageSpec()) if variant is Variant.KILLER
            else partial(make_puzzle, spec))
        make("warm", 0)  # load or compile the kernels outside the timing
        made: list[GeneratedPuzzle | GeneratedKiller] = []
        t0 = time.process_time()
        while time.process_time() - t0 < args.seconds:
            made.append(make("bench", len(made)))
        spent = time.process_time() - t0
        times: list[float] = []
        bands = dict.fromkeys(Band, 0)
        for p in made[:limit]:
            if sum(times) > GRADE_BUDGET * args.seconds:
                break
            t1 = time.process_time()
            if isinstance(p, GeneratedKiller):
                band: Band | None = grade_killer(p.puzzle, p.cages).band
            else:
                band = rate(p.puzzle, p.geo).band
            times.append(time.process_time() - t1)
            if band:
                bands[band] += 1
        clues = statistics.mean(p.clues for p in made)
        print(f"{variant.value:8s} {len(made):8d} {len(made) / spent:10.1f} {clues:7.1f} "
              f"{len(times):7d} {statistics.mean(times):9.3f} {max(times):9.2f}  "
              + " ".join(f"{bands[b]:d}" for b in Band))
    print(f"jigsaw layouts: {LAYOUTS} usable layouts per size")
    print("{:>4s} {:>14s} {:>18s} {:>16s}".format(
        "size", "tried/usable", "growths/layout", "CPU ms/usable"))
    for n in JIGSAW_SIZES:
        random_layout(n, "warm", 0)
        t0 = time.process_time()
        found = [random_layout(n, "bench", i) for i in range(LAYOUTS)]
        spent = time.process_time() - t0
        tried = sum(f.tried for f in found)
        print(f"{n:4d} {tried / LAYOUTS:14.2f} {sum(f.growths for f in found) / tried:18.1f} "
              f"{spent / LAYOUTS * 1000:16.1f}")
    return 0


BOARD_BANDS = ("easy", "medium", "hard")
"""The bands bench samurai measures by default: an expert or extreme board takes minutes
to grade."""


def bench_boards(args: argparse.Namespace) -> int:
    """Per multi-grid kind (samurai, twin) and band (--bands, default BOARD_BANDS): -n
    puzzles of the band as `generate --difficulty` makes them (improve.banded), one core;
    puzzles a CPU minute, clues, the grade's CPU seconds per puzzle, the share of them
    interlocked as dug, then the same run with --interlocked: puzzles a CPU minute. Times
    are this process's CPU seconds."""
    from dataclasses import replace

    from ..book.bandrates import _names, machine
    from ..core.model import Band, DigSpec
    from ..core.rules import Variant
    from ..grade.rating import rate
    from ..make.improve import banded
    from ..make.interlock import free_grids

    bands = _names(args.bands or ",".join(BOARD_BANDS), Band, "--bands") or []
    print(f"samurai: {args.n} puzzles a band, no symmetry, one core, CPU time of this "
          f"process; {machine()}")
    print("{:8s} {:8s} {:>11s} {:>7s} {:>9s} {:>12s} {:>18s}".format(
        "kind", "band", "puzzles/min", "clues", "grade s", "interlocked", "locked puzzles/min"))
    for variant in (v for v in Variant if v.board is not None):
        spec = DigSpec(9, variant=variant)
        banded(spec, "warm", 0, Band.EASY)  # load the kernels and the grader untimed
        for band in bands:
            t0 = time.process_time()
            made = [banded(spec, "bench", i, band) for i in range(args.n)]
            spent = time.process_time() - t0
            grade_s = []
            for p in made:
                t1 = time.process_time()
                rate(p.puzzle, p.geo)
                grade_s.append(time.process_time() - t1)
            locked = sum(1 for p in made if not free_grids(p.puzzle, p.geo))
            t0 = time.process_time()
            for i in range(args.n):
                banded(replace(spec, interlocked=True), "bench", i, band)
            spent_locked = time.process_time() - t0
            print(f"{variant.name:8s} {band.value:8s} {args.n * 60 / spent:11.1f} "
                  f"{statistics.mean(p.clues for p in made):7.1f} "
                  f"{statistics.mean(grade_s):9.3f} {locked:5d} of {args.n:<3d} "
                  f"{args.n * 60 / spent_locked:18.1f}", flush=True)
    return 0


KINDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "cli": bench_cli,
    "startup": bench_startup,
    "solve": bench_solve,
    "count": bench_count,
    "layout": bench_layout,
    "generate": bench_generate,
    "build": bench_build,
    "improve": bench_improve,
    "grade": bench_grade,
    "bank": bench_bank,
    "mine": bench_mine,
    "variants": bench_variants,
    "bands": bench_bands,
    "techniques": bench_techniques,
    "samurai": bench_boards,
}
"""Every bench kind: a function taking the parsed arguments, printing its report."""


def add_bench(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench",
        help="measure throughput on this machine",
        description="Measure one part of bookgen on a dataset and print a report (solve: counting "
        "with limit 2 and the trace figures, puzzles/s and median us, per kernel backend; "
        "count: uniqueness checks per CPU second of each counting engine (band bitboards, "
        "the general search, killer), on --dataset or on -n minimal puzzles of every kind "
        "and size (default 200); layout: seconds to lay out and write a letter 4-up book "
        "of the first 1,000 puzzles, or --limit N, with its answer key; generate: minimal "
        "9x9 puzzles per second with 1 and 2 workers in turn, --rounds times, per backend, "
        "the worker pool's overheads and the median speed-up; build: a book config built "
        "with 1 and 2 workers, seconds, the pool's overheads, the speed-up and whether the "
        "books are the same; "
        "improve: best way_complexity of improve vs random restarts at equal evaluations, "
        "from fixed full grids; grade: the human grade against SE ratings, rank "
        "correlations, per-band quartiles, AUCs and seconds per puzzle; cli: the whole "
        "process of solve on --dataset and of generate -n N --minimal against the kernels "
        "alone and the start-up; startup: the CPU seconds of bookgen --version and of "
        "solve on one puzzle, median of -n runs (10 by default), against the target of "
        "0.15 s; variants: minimal 9x9 puzzles per second, grade time and band mix per "
        "variant, and jigsaw layouts drawn per usable layout per size; bands: puzzles a "
        "CPU minute of a 9x9 section of each kind and band, made as a book makes them, on "
        "one worker; techniques: 9x9 puzzles a CPU minute whose hardest step is each "
        "technique, aimed digs against plain digs filtered; samurai: samurai and twin "
        "puzzles a CPU minute by band, grade time per puzzle, the interlocked share and "
        "the cost of --interlocked; mine: 8.0+, 9.0+ and 10.0+ finds per CPU hour of "
        "neighbourhood mining against random digging, --seconds each on the same --workers, "
        "and what mining's filters save and lose).",
    )
    p.add_argument("kind", choices=sorted(KINDS), help="what to measure")
    p.add_argument("--config", default=None, metavar="PATH",
                   help="build: the book config built (default: the classic-100 example)")
    p.add_argument("--dataset", default=None, metavar="PATH",
                   help="a file of puzzles (solve, layout), or of '<puzzle> <rating>' (grade)")
    p.add_argument("--limit", type=positive, default=None, metavar="N", help="first N puzzles only")
    p.add_argument(
        "--backend", choices=("python", "numba", "both"), default=None,
        help="kernel backend(s) to measure (default: both)",
    )
    p.add_argument(
        "--seconds", type=positive_seconds, default=None, metavar="S",
        help="time budget of each measurement (default 10)",
    )
    p.add_argument("-n", type=positive, default=None, metavar="N",
                   help="generate, cli: puzzles to make (default 10000); bands: puzzles a "
                   "section (default 20); samurai: puzzles a band (default 10); startup: runs "
                   "of each command (default 10); count: puzzles of each kind (default 200)")
    p.add_argument("--kinds", default=None, metavar="K,K",
                   help="bands: only these kinds (classic, x, hyper, jigsaw, killer; samurai "
                   "and twin only when named)")
    p.add_argument("--bands", default=None, metavar="B,B",
                   help="bands, samurai: only these bands (easy, medium, hard, expert, "
                   "extreme)")
    p.add_argument("--techniques", default=None, metavar="T,T",
                   help="techniques: only these techniques, each measured aimed and plain")
    p.add_argument("--size", type=int, default=None, choices=ALL_SIZES, metavar="N",
                   help="bands: the grid size (default 9); kinds without it are left out")
    add_options(p, "variant", variant=dict(
        default=None, help="grade: the kind of the dataset's puzzles (default classic), "
        "graded against ratings of the same kind (Sukaku Explainer's --isX=1, --isNC=1, ...)"))
    add_options(p, "workers", workers=dict(
        default=None, help="generate, build, improve, mine: processes; auto: one per core "
        "(default: 1 and 2 for generate and build, 1 for cli and mine, auto for improve)"))
    p.add_argument("--rounds", type=positive, default=None, metavar="R",
                   help="generate: rounds of runs with 1 and 2 workers in turn, the "
                   "speed-up their median (default 3)")
    p.add_argument("--evaluations", default=None, metavar="N,N",
                   help="improve: evaluation budgets compared (default 2000,20000)")
    p.add_argument("--grids", type=positive, default=None, metavar="K",
                   help="improve: fixed full grids to start from (default 5)")
    p.set_defaults(func=run_bench)


PUZZLES = {"bands": 20, "samurai": 10, "startup": 10, "count": 200}
"""-n when not given, by kind: puzzles a section for bands, a band for samurai, runs of
each command for startup, else 10000 puzzles made."""

USES: dict[str, tuple[str, ...]] = {
    "cli": ("dataset", "n", "workers"),
    "startup": ("dataset", "n"),
    "solve": ("backend", "dataset", "limit", "seconds"),
    "count": ("dataset", "limit", "n", "seconds"),
    "layout": ("dataset", "limit"),
    "generate": ("backend", "n", "rounds", "seconds", "workers"),
    "build": ("config", "workers"),
    "improve": ("evaluations", "grids", "workers"),
    "grade": ("dataset", "limit", "variant"),
    "bank": ("dataset", "limit", "seconds"),
    "mine": ("seconds", "workers"),
    "variants": ("limit", "seconds"),
    "bands": ("bands", "kinds", "n", "size"),
    "techniques": ("techniques", "seconds"),
    "samurai": ("bands", "n"),
}
"""The options each bench kind reads: another one given is refused, not ignored."""

DEFAULTS: dict[str, Any] = {"backend": "both", "seconds": 10.0, "evaluations": "2000,20000",
                            "grids": 5, "rounds": 3}
"""The options whose default is a value, once an option given is known (None: not
given)."""

FLAGS = {"n": "-n"}
"""An option's flag where it is not '--' and its name."""


def run_bench(args: argparse.Namespace) -> int:
    """Run the bench kind named by args.kind, on --workers at most one per usable core; an
    option the kind does not read is an InputError."""
    for name in ("dataset", "limit", "n", "kinds", "bands", "size", "techniques", *DEFAULTS,
                 "workers", "variant", "config"):
        if getattr(args, name) is not None and name not in USES[args.kind]:
            kinds = ", ".join(k for k, uses in USES.items() if name in uses)
            raise InputError(f"{FLAGS.get(name, '--' + name)} does not apply to bench "
                             f"{args.kind} (only to {kinds})")
    for name, default in DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    if args.n is None:
        args.n = PUZZLES.get(args.kind, 10000)
    args.workers = capped_workers(workers_of(args), "--workers")
    return KINDS[args.kind](args)
