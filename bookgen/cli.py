"""The command line: `bookgen <command> ...`.

Each command is a pair: ``_add_<name>(subparsers)`` declares its arguments and
``_cmd_<name>(args) -> int`` runs it; the options several commands share, how puzzles are
read and where data is written live in cli_options. Every BookgenError is caught in
``main`` and printed as ``error: <message>`` with exit code 1, as are usage errors. Data
goes to stdout (or -o FILE), messages to stderr. SIGTERM, and SIGINT even when it was
ignored at start, stop a command as Ctrl-C does: worker pools are shut down and no
partial output is left (exit code 128 + the signal's number).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from . import __version__, project
from .cli_options import (
    AUTO,
    HelpFormatter,
    add_options,
    backend_chosen,
    bars_shown,
    data_out,
    progress_bar,
    read_batches,
    read_killer,
    read_puzzles,
)
from .errors import BookgenError, InputError
from .grid import ALL_SIZES, Geometry, topology_fields
from .rules import Variant

if TYPE_CHECKING:
    from pathlib import Path

    from .config import BookConfig
    from .model import DigSpec
    from .rate import Rating

E = TypeVar("E", bound=Enum)

Command = Callable[[argparse.Namespace], int]


def _puzzle_command(
    sub: argparse._SubParsersAction, name: str, formats: tuple[str, ...], **kwargs: Any
) -> argparse.ArgumentParser:
    """A command that reads PUZZLE|FILE|- and prints results: the argument, --format
    (first choice the default) and the shared options of every such command."""
    p: argparse.ArgumentParser = sub.add_parser(name, **kwargs)
    p.add_argument("puzzles", metavar="PUZZLE|FILE|-",
                   help="a puzzle, a file of puzzles (.txt, .sdm, JSON lines with a "
                   "\"puzzle\" key), or - for standard input")
    p.add_argument("--format", choices=formats, default=formats[0], help="output format")
    add_options(p, "variant", "output", "quiet", "backend")
    return p


def _warm_kernels(with_grade: bool = False) -> None:
    """Load (or compile) the kernels, and the grader when asked, before any puzzle is
    timed: a puzzle's seconds is its own work only."""
    from .kernels import warm_up

    warm_up()
    if with_grade:
        from . import grade  # noqa: F401


# ---------------------------------------------------------------- rate, solve, hints


def _add_rate(sub: argparse._SubParsersAction) -> None:
    p = _puzzle_command(
        sub, "rate", ("text", "json", "seed"),
        help="rate puzzles: the seed's figures and the human grade",
        description="Rate each puzzle: solutions (capped at 2), level/maxlevel, way_complexity, "
        "cand_sum, cand_sq, clues, time, and the SE-scale grade with its band. --format json "
        "prints one object per line with the same keys for every puzzle (null where a figure "
        "is not computed).",
    )
    p.add_argument("--no-grade", action="store_true", help="skip the human grade (faster)")
    p.set_defaults(func=_cmd_rate)


def _cmd_rate(args: argparse.Namespace) -> int:
    import json
    import time

    from .rate import rate
    from .solver import format_seed_trace

    killer = read_killer(args.puzzles, args.variant)
    if killer is not None:
        from . import cli_killer

        return cli_killer.rate(args, killer)
    puzzles = list(read_puzzles(args.puzzles, args.variant))
    with_grade = not args.no_grade and args.format != "seed"
    _warm_kernels(with_grade)
    with data_out(args.output) as write, progress_bar(len(puzzles), args.quiet,
                                                      "puzzle") as bar:
        for where, values, geo in puzzles:
            t0 = time.perf_counter()
            r = rate(values, geo, with_grade=with_grade)
            if args.format == "json":
                write(json.dumps(r.as_dict() | topology_fields(geo)) + "\n")
            elif args.format == "text":
                write(_rating_line(r, geo) + "\n")
            elif r.trace is None:
                raise InputError(f"{where}: --format seed needs the trace figures, which are "
                                 f"not computed for {geo.n}x{geo.n} puzzles")
            else:
                ms = (time.perf_counter() - t0) * 1000
                write(format_seed_trace(values, r.trace, geo, ms) + "\n")
            bar.update(1)
    return 0


def _rating_line(r: Rating, geo: Geometry) -> str:
    from .grid import format_line

    tr = r.trace
    words = {0: "no solution", 1: "1 solution"}.get(r.count, f"{r.count}+ solutions")
    line = f"{format_line(r.puzzle)}  {words}"
    if tr:
        line += (f"  level {tr.level}/{tr.maxlevel}  complexity "
                 f"{tr.way_complexity}/{tr.cand_sum}/{tr.cand_sq}")
    line += f"  clues {r.clues}"
    if r.grade is not None:
        line += f"  grade {r.grade:.1f} {r.band.value if r.band else ''} ({r.hardest})"
    line += f"  {r.seconds * 1000:.1f} ms"
    if geo.variant is not Variant.CLASSIC:
        line += f"  variant {geo.variant.value}"
    if geo.region_layout:
        line += f"  regions {geo.region_layout}"
    return line


SOLVE_CHUNK = 8192
"""Puzzles solved per kernel call by `solve` (the progress bar moves once a chunk)."""


def _add_solve(sub: argparse._SubParsersAction) -> None:
    p = _puzzle_command(
        sub, "solve", ("line", "grid", "seed", "json"),
        help="print the solution of each puzzle",
        description="Print each puzzle's solution, one line per puzzle (--format grid for a "
        "framed grid; --format json for one object per puzzle with its puzzle, count and "
        "solutions). A puzzle with no solution, or more than one, is said so on stderr (the "
        "two solutions found are printed) and the exit code is then 1.",
    )
    p.set_defaults(func=_cmd_solve)


def _cmd_solve(args: argparse.Namespace) -> int:
    from .grid import check_clashes
    from .kernels import get_backend

    killer = read_killer(args.puzzles, args.variant)
    if killer is not None:
        from . import cli_killer

        return cli_killer.solve(args, killer)
    # Clashing givens are left to the kernel, which finds no solution for them; only
    # those puzzles are checked here, for the message.
    source, batches = read_batches(args.puzzles, args.variant, check=False)
    backend = get_backend()
    status = 0
    total = sum(len(b.grids) for b in batches)
    with data_out(args.output) as write, progress_bar(total, args.quiet, "puzzle") as bar:
        for batch in batches:
            for i in range(0, len(batch.grids), SOLVE_CHUNK):
                grids = batch.grids[i : i + SOLVE_CHUNK]
                counts, sols = backend.solutions_batch(batch.geo, grids, 2)
                for k in (counts == 0).nonzero()[0].tolist():
                    where = f"{source}: line {batch.lines[i + k]}"
                    try:
                        check_clashes(grids[k].tolist(), batch.geo, where)
                    except InputError:
                        write(_solved_text(grids[:k], counts[:k], sols[:k], batch.geo,
                                           args.format)[0])
                        raise
                text, odd = _solved_text(grids, counts, sols, batch.geo, args.format)
                write(text)
                for k in odd:
                    status = 1
                    what = "no solution" if counts[k] == 0 else "more than one solution"
                    print(f"{source}: line {batch.lines[i + k]}: {what}", file=sys.stderr)
                bar.update(len(grids))
    return status


def _solved_text(
    grids: Any, counts: Any, sols: Any, geo: Geometry, fmt: str
) -> tuple[str, list[int]]:
    """The output of solve for a chunk, and the rows that have no single solution.

    line and json are formatted as arrays; a row with several solutions prints the two
    found, a row with none prints nothing (json: every row, with its count, and the
    variant's topology_fields; a jigsaw solution in text is followed by its region line)."""
    import json

    from .grid import format_as, format_lines

    counts = counts.tolist()
    odd = [k for k, c in enumerate(counts) if c != 1]
    if fmt == "json":
        puzzles = format_lines(grids).split("\n")
        firsts = format_lines(sols[:, 0]).split("\n")
        seconds = format_lines(sols[:, 1]).split("\n") if odd else []
        topology = json.dumps(topology_fields(geo))[1:-1]
        out = []
        for k, count in enumerate(counts):
            found = ", ".join(f'"{s}"' for s in (firsts[k], seconds[k] if odd else "")[:count])
            out.append(f'{{"puzzle": "{puzzles[k]}", "count": {count}, "solutions": [{found}], '
                       f'{topology}}}\n')
        return "".join(out), odd
    if fmt == "line" and not odd and geo.region_layout is None:
        return format_lines(sols[:, 0]), odd
    out = []
    for k, count in enumerate(counts):
        out += [format_as(sols[k, j].tolist(), geo, fmt) + "\n" for j in range(count)]
    return "".join(out), odd


def _add_hints(sub: argparse._SubParsersAction) -> None:
    p = _puzzle_command(
        sub, "hints", ("text", "seed"),
        help="candidates of every empty cell, fewest first",
        description="Print 'complexity: cand_sum/cand_sq' and every empty cell with its "
        "candidates, fewest first, ties by block-order position (seed 000's hints).",
    )
    p.set_defaults(func=_cmd_hints)


def _cmd_hints(args: argparse.Namespace) -> int:
    from .solver import format_hints

    killer = read_killer(args.puzzles, args.variant)
    if killer is not None:
        from . import cli_killer

        return cli_killer.hints(args, killer)
    puzzles = list(read_puzzles(args.puzzles, args.variant))
    with data_out(args.output) as write, progress_bar(len(puzzles), args.quiet,
                                                      "puzzle") as bar:
        for _where, values, geo in puzzles:
            write(format_hints(values, geo, args.format) + "\n")
            bar.update(1)
    return 0




def _book_options(p: argparse.ArgumentParser) -> None:
    """CONFIG, -o, --seed, --workers, -q: the options of the commands that make a book."""
    p.add_argument("config", metavar="CONFIG", help="a book config, e.g. configs/quick.yaml")
    p.add_argument("-o", "--output", metavar="DIR",
                   help="output folder (default: output/<config name>)")
    add_options(p, "seed", "workers", "quiet", "backend",
                seed=dict(default=None, help="book seed (default: the config's)"),
                workers=dict(default=None, help="worker processes; auto: one per core "
                             "(default: the config's, else auto)"))


def _book_config(args: argparse.Namespace) -> tuple[BookConfig, Path]:
    """The config the book options name (workers capped at the cores) and its folder."""
    import dataclasses
    from pathlib import Path

    from .config import load_config

    workers = usable_cores() if args.workers == AUTO else args.workers
    cfg = load_config(args.config, seed=args.seed, workers=workers)
    cfg = dataclasses.replace(cfg, workers=capped_workers(cfg.workers, "workers"))
    return cfg, Path(args.output) if args.output else Path("output") / cfg.name


def _add_build(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="build a book: config -> book.pdf, manifest.json, puzzles.txt",
        description="Validate the config, make, rate, select and improve its puzzles, and "
        "write book.pdf, manifest.json and puzzles.txt into the output folder (default "
        "output/<config name>/). Nothing is written unless the whole book is made.",
    )
    _book_options(p)
    add_options(p, "cluster")
    p.set_defaults(func=_cmd_build)


def _seconds(text: str) -> float:
    """A positive, finite number of seconds ('inf' and 'nan' are floats, not budgets)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _positive(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def _cmd_build(args: argparse.Namespace) -> int:
    import time

    from .output import book_bytes, claim
    from .pipeline import build_book, write_book
    from .rules import COVER_PLATFORMS

    t0 = time.perf_counter()
    cfg, out = _book_config(args)
    print(_estimate(cfg)[0], flush=True)
    # The folder is checked and locked before any work: a build that cannot be written
    # stops now, not after every puzzle has been made.
    covered = cfg.template.print.platform in COVER_PLATFORMS
    with claim(out, book_bytes(sum(s.count for s in cfg.sections), covered)) as slot:
        built = build_book(cfg, progress=bars_shown(args.quiet), cluster=args.cluster)
        pages = write_book(built, slot)
    puzzles = sum(len(s.puzzles) for s in built.book.sections)
    print(f"wrote {out / 'book.pdf'} ({pages} pages, {puzzles} puzzles), manifest.json and "
          f"puzzles.txt in {time.perf_counter() - t0:.1f} s")
    return 0


def usable_cores() -> int:
    """The cores this process may run on."""
    import os

    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def capped_workers(asked: int | None, what: str, quiet: bool = False) -> int | None:
    """`asked` worker processes, at most one per usable core (more only queue for the
    same cores and cost memory); says so on stderr when it lowers them, unless quiet."""
    cores = usable_cores()
    if asked is None or asked <= cores:
        return asked
    if not quiet:
        print(f"note: {what} {asked}: this machine has {cores} core"
              f"{'s' if cores > 1 else ''}; using {cores}", file=sys.stderr)
    return cores


def _add_cover(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "cover",
        help="make a book's full-wrap cover: config -> cover.pdf",
        description="Make the book's puzzles as build does, count its interior pages, and "
        "write the full-wrap cover (back, spine, front, with bleed) as cover.pdf into the "
        "output folder (default output/<config name>/). The spine width follows the page "
        "count and the paper of the config's print block.",
    )
    _book_options(p)
    add_options(p, "cluster")
    p.set_defaults(func=_cmd_cover)


def _cmd_cover(args: argparse.Namespace) -> int:
    from .errors import OutputError
    from .layout.cover import render_cover
    from .layout.geometry import plan_book
    from .output import COVER_BYTES, claim
    from .pipeline import build_book

    cfg, out = _book_config(args)
    with claim(out, COVER_BYTES) as slot:
        built = build_book(cfg, progress=bars_shown(args.quiet), cluster=args.cluster)
        try:
            slot.target.mkdir(exist_ok=True)
        except OSError as e:
            raise OutputError(f"{out}: cannot create the folder: {e.strerror or e}") from None
        plan = render_cover(built.book, len(plan_book(built.book).pages),
                            slot.target / "cover.pdf")
    (tw, th), (ww, wh) = ((round(v / 72, 4) for v in pair) for pair in (plan.trim, plan.size))
    print(f"wrote {out / 'cover.pdf'}: {tw:g} x {th:g} in trim, {plan.pages} pages on "
          f"{plan.paper.value} paper, spine {plan.spine_width / 72:.4f} in, "
          f"wrap {ww:g} x {wh:g} in")
    return 0


def _add_validate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "validate",
        help="check a book config without building it",
        description="Check a book config and its template: every problem is listed at once, "
        "each with its key path and line; then that the output folder (default "
        "output/<config name>/) could take the book. Sections whose puzzles random digs "
        "rarely give are warned about on stderr. Prints 'ok: ...' and exits 0 when the "
        "config is sound, else exits 1.",
    )
    p.add_argument("config", metavar="CONFIG", help="a book config, e.g. configs/quick.yaml")
    p.add_argument("-o", "--output", metavar="DIR",
                   help="the output folder a build would use (default output/<config name>)")
    p.set_defaults(func=_cmd_validate)


def _cmd_validate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .config import load_config
    from .feasible import rare_sections
    from .output import book_bytes, preflight
    from .rules import COVER_PLATFORMS

    cfg = load_config(args.config)
    capped_workers(cfg.workers, "workers")
    puzzles = sum(s.count for s in cfg.sections)
    covered = cfg.template.print.platform in COVER_PLATFORMS
    preflight(Path(args.output) if args.output else Path("output") / cfg.name,
              book_bytes(puzzles, covered))
    line, slow = _estimate(cfg)
    for warning in rare_sections(cfg) + slow:
        print(f"warning: {warning}", file=sys.stderr)
    print(f"ok: {cfg.title}: {len(cfg.sections)} sections, {puzzles} puzzles, "
          f"template {cfg.template.name}")
    print(line)
    return 0


def _estimate(cfg: BookConfig) -> tuple[str, list[str]]:
    """The book's time estimate from the measured band rates, and the slow sections."""
    from .bandrates import book_estimate

    return book_estimate(cfg, cfg.workers or usable_cores())


def _add_explain(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "explain",
        help="the step-by-step solution in plain words, with the grade",
        description="Solve each puzzle with human techniques, easiest first, and print every "
        "step in plain words ('r4c2 = 3: hidden single in box 4'), headed by the grade on the "
        "Sudoku Explainer scale. The puzzle must have exactly one solution.",
    )
    p.add_argument("puzzles", metavar="PUZZLE|FILE|-", help="a puzzle, a file of puzzles, or -")
    p.add_argument(
        "--candidates",
        action="store_true",
        help="show the candidate grid before every step that is not a single",
    )
    add_options(p, "variant", "output", "quiet", "backend")
    p.set_defaults(func=_cmd_explain)


def _cmd_explain(args: argparse.Namespace) -> int:
    from .grade import explain
    from .solver import count_solutions

    killer = read_killer(args.puzzles, args.variant)
    if killer is not None:
        from . import cli_killer

        return cli_killer.explain(args, killer)
    puzzles = list(read_puzzles(args.puzzles, args.variant))
    with data_out(args.output) as write, progress_bar(len(puzzles), args.quiet,
                                                      "puzzle") as bar:
        for k, (where, values, geo) in enumerate(puzzles):
            count = count_solutions(values, geo, limit=2)
            if count != 1:
                what = "no solution" if count == 0 else "more than one solution"
                raise InputError(f"{where}: {what}: explain needs a puzzle with exactly one "
                                 "solution")
            write(("\n" if k else "") + explain(values, geo, candidates=args.candidates) + "\n")
            bar.update(1)
    return 0


def _add_bench(sub: argparse._SubParsersAction) -> None:
    from .bench import KINDS

    p = sub.add_parser(
        "bench",
        help="measure throughput on this machine",
        description="Measure one part of bookgen on a dataset and print a report "
        "(solve: counting with limit 2 and the trace figures, puzzles/s and median us, per "
        "kernel backend; layout: seconds to lay out and write a letter 4-up book of the "
        "first 1,000 puzzles, or --limit N, with its answer key; generate: minimal 9x9 "
        "puzzles per second with 1 and 2 workers, per backend; improve: best way_complexity "
        "of improve vs random restarts at equal evaluations, from fixed full grids; grade: "
        "the human grade against SE ratings, rank correlations, per-band quartiles, AUCs "
        "and seconds per puzzle; cli: the whole process of solve on --dataset and of "
        "generate -n N --minimal against the kernels alone and the start-up; variants: "
        "minimal 9x9 puzzles per second, grade time and band mix per variant, and jigsaw "
        "layouts drawn per usable layout per size; bands: puzzles a CPU minute of a 9x9 section of "
        "each kind and band, made as a book makes them, on one worker).",
    )
    p.add_argument("kind", choices=sorted(KINDS), help="what to measure")
    p.add_argument("--dataset", default=None, metavar="PATH",
                   help="a file of puzzles (solve, layout), or of '<puzzle> <rating>' (grade)")
    p.add_argument("--limit", type=int, default=None, metavar="N", help="first N puzzles only")
    p.add_argument(
        "--backend", choices=("python", "numba", "both"), default="both",
        help="kernel backend(s) to measure (default: both)",
    )
    p.add_argument(
        "--seconds", type=_seconds, default=10.0, metavar="S",
        help="time budget of each measurement (default 10)",
    )
    p.add_argument("-n", type=int, default=None, metavar="N",
                   help="generate, cli: puzzles to make (default 10000); bands: puzzles a "
                   "section (default 20)")
    p.add_argument("--kinds", default=None, metavar="K,K",
                   help="bands: only these kinds (classic, x, hyper, jigsaw, killer)")
    p.add_argument("--bands", default=None, metavar="B,B",
                   help="bands: only these bands (easy, medium, hard, expert, extreme)")
    p.add_argument("--size", type=int, default=None, metavar="N",
                   help="bands: the grid size (default 9); kinds without it are left out")
    add_options(p, "workers", workers=dict(
        default=None, help="generate, improve: processes; auto: one per core (default: 1 and "
        "2 for generate, 1 for cli, auto for improve)"))
    p.add_argument("--evaluations", default="2000,20000", metavar="N,N",
                   help="improve: evaluation budgets compared (default 2000,20000)")
    p.add_argument("--grids", type=int, default=5, metavar="K",
                   help="improve: fixed full grids to start from (default 5)")
    p.set_defaults(func=_cmd_bench)


def _cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    args.workers = capped_workers(_workers(args), "--workers")
    return run_bench(args)


# ---------------------------------------------------------------- create, improve, generate


def _workers(args: argparse.Namespace) -> int | None:
    """--workers as a count; None for auto or not given (the callee's default: every
    core)."""
    return None if args.workers in (None, AUTO) else int(args.workers)


def _add_create(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "create",
        help="make a unique puzzle from any grid of digits",
        description="Make each grid a unique puzzle (seed 000's 'create sudoku'): clashing "
        "givens are dropped, givens are removed while there is no solution, and cells where "
        "two solutions differ are filled while there are several. Prints the puzzle, then "
        "one '# ...' line per change.",
    )
    p.add_argument("puzzles", metavar="PUZZLE|FILE|-", help="a grid, a file of grids, or -")
    p.add_argument("--format", choices=("line", "grid", "seed", "json"), default="line",
                   help="output format")
    add_options(p, "variant", "seed", "output", "quiet", "backend")
    p.set_defaults(func=_cmd_create)


def _cmd_create(args: argparse.Namespace) -> int:
    import json
    import random

    from .generate import create
    from .grid import format_as, format_line

    puzzles = list(read_puzzles(args.puzzles, args.variant, check=False))
    with data_out(args.output) as write, progress_bar(len(puzzles), args.quiet,
                                                      "puzzle") as bar:
        for where, values, geo in puzzles:
            made = create(values, geo, random.Random(f"{args.seed}:{where}"))
            bar.update(1)
            if args.format == "json":
                changes = [c.describe(geo) for c in made.changes]
                write(json.dumps({"puzzle": format_line(made.puzzle),
                                  "solution": format_line(made.solution),
                                  "changes": changes} | topology_fields(geo)) + "\n")
                continue
            write(format_as(made.puzzle, geo, args.format) + "\n")
            for change in made.changes:
                write(f"# {change.describe(geo)}\n")
    return 0


def _enum(kind: type[E]) -> Callable[[str], E]:
    """An argparse type: a member of the enum by its value, or an error listing them."""

    def parse(text: str) -> E:
        try:
            return kind(text.strip().lower())
        except ValueError:
            names = ", ".join(str(m.value) for m in kind)
            raise argparse.ArgumentTypeError(f"{text!r}: expected one of {names}") from None

    return parse


def _add_shape_options(p: argparse.ArgumentParser) -> None:
    """--symmetry, --clues, --minimal: the shape of the puzzles made (model.DigSpec)."""
    from .rules import Symmetry

    p.add_argument("--symmetry", default="none", metavar="SYM",
                   help="the clue pattern's symmetry: " + ", ".join(s.value for s in Symmetry))
    p.add_argument("--clues", default=None, metavar="N|LO-HI",
                   help="clue count or range (default: any)")
    p.add_argument("--minimal", action="store_true",
                   help="no clue (group of symmetric clues) can be removed")


def _shape(
    args: argparse.Namespace, n: int, variant: Variant = Variant.CLASSIC,
    regions: str | None = None,
) -> DigSpec:
    """The DigSpec the shape options ask for; GenerationError naming a bad option."""
    from .model import ClueTarget, DigSpec
    from .rules import Symmetry

    clues = ClueTarget.parse(args.clues, n, variant) if args.clues else None
    return DigSpec(n, Symmetry.parse(args.symmetry), clues, args.minimal, variant, regions)


def _generate_spec(args: argparse.Namespace) -> DigSpec:
    """generate's DigSpec: size, variant, regions (a jigsaw without them gets a random layout
    per puzzle) and the shape options; InputError naming what does not fit."""
    from .grid import geometry
    from .rules import JIGSAW_SIZES

    variant = args.variant or Variant.CLASSIC
    if variant is Variant.JIGSAW and args.regions is None:
        if args.size not in JIGSAW_SIZES:
            sizes = ", ".join(map(str, JIGSAW_SIZES))
            raise InputError(f"--size {args.size}: jigsaw grids have sizes {sizes}")
        return _shape(args, args.size, variant)
    try:
        geo = geometry(args.size, variant, args.regions)
    except InputError as e:
        raise InputError(f"--size {args.size} --variant {variant.value}: {e}") from None
    return _shape(args, geo.n, geo.variant, geo.region_layout)


def _add_improve(sub: argparse._SubParsersAction) -> None:
    from .rules import DEFAULT_OBJECTIVE, Figure

    p = sub.add_parser(
        "improve",
        help="search for a harder puzzle with the same solution",
        description="From a full grid or a unique puzzle, search on several processes for "
        "the unique puzzle of the same solution with the highest objective (seed 000's "
        "'improve sudoku'). --evaluations gives the same result for any --workers; "
        "--seconds returns the best found in that time. Every candidate keeps the shape "
        "--symmetry, --clues and --minimal ask for; a puzzle given must have it already.",
    )
    p.add_argument("grid", metavar="GRID", help="a full grid or a unique puzzle (text or file)")
    budget = p.add_mutually_exclusive_group(required=True)
    budget.add_argument("--evaluations", type=int, metavar="N", help="puzzles to rate")
    budget.add_argument("--seconds", type=_seconds, metavar="T", help="time to search")
    add_options(p, "cluster")
    p.add_argument("--objective", type=_enum(Figure), default=DEFAULT_OBJECTIVE,
                   metavar="|".join(f.value for f in Figure),
                   help=f"the figure to raise (default {DEFAULT_OBJECTIVE.value})")
    _add_shape_options(p)
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    add_options(p, "variant", "output", "quiet", "workers", "backend", "seed")
    p.set_defaults(func=_cmd_improve)


def _cmd_improve(args: argparse.Namespace) -> int:
    import json

    from .grid import format_as, format_line
    from .improve import improve
    from .rules import TRACE_MAX_SIZE

    (where, values, geo), *more = list(read_puzzles(args.grid, args.variant))
    if more:
        raise InputError(f"{more[0][0]}: improve takes one grid")
    if args.objective.traced and geo.n > TRACE_MAX_SIZE:
        raise InputError(f"--objective {args.objective.value}: the trace figures are not "
                         f"computed for {geo.n}x{geo.n} grids (only up to {TRACE_MAX_SIZE}x"
                         f"{TRACE_MAX_SIZE}); use grade or clues")
    workers = capped_workers(_workers(args), "--workers", args.quiet)
    spec = _shape(args, geo.n, geo.variant, geo.region_layout)
    total = args.seconds if args.seconds is not None else args.evaluations
    with (progress_bar(total, args.quiet, "s" if args.seconds else "eval") as bar,
          _cluster(args.cluster) as pool):

        def progress(fraction: float) -> None:
            done = round(fraction * total, 1) if args.seconds else int(fraction * total)
            bar.update(done - bar.n)

        with data_out(args.output) as write:
            result = improve(values, geo, args.evaluations, args.seconds, workers, args.seed,
                             args.objective, progress=progress, spec=spec, pool=pool)
            if args.format == "json":
                write(json.dumps({"puzzle": format_line(result.puzzle),
                                  "solution": format_line(result.solution),
                                  "before": result.before, "after": result.after}
                                 | topology_fields(geo)) + "\n")
                return 0
            lines = [format_as(result.puzzle, geo, "line"), format_as(result.solution, geo, "line")]
            for name, figures in (("before", result.before), ("after", result.after)):
                lines.append(f"{name}: " + "  ".join(
                    f"{k} {figures[k]}" for k in ("clues", "level", "maxlevel", "way_complexity",
                                                  "cand_sum", "cand_sq", "grade")
                    if figures.get(k) is not None))
            lines.append(f"{result.evaluations} evaluations in {result.chains} chains, "
                         f"objective {result.objective.value}")
            write("\n".join(lines) + "\n")
    return 0


@contextmanager
def _cluster(address: str | None) -> Iterator[Any]:
    """The pmap of a Dask cluster at `address`, or None without one."""
    if address is None:
        yield None
        return
    from .cluster import cluster_pool

    with cluster_pool(address) as pmap:
        yield pmap


def _add_generate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "generate",
        help="generate unique puzzles with their solutions and figures",
        description="Complete random boards and dig clues under the uniqueness check, on "
        "several processes. One puzzle per line: the puzzle, then after '#' its solution and "
        "figures (a file of these lines reads back as puzzles); --format json gives JSON "
        "lines with the keys of 'rate --format json'. The same --seed gives the same "
        "puzzles for any --workers and backend. Ctrl-C keeps the puzzles finished so far.",
    )
    p.add_argument("-n", type=int, required=True, metavar="N", help="number of puzzles")
    p.add_argument("--size", type=int, default=9, choices=ALL_SIZES,
                   help="grid size (5, 7 and 8: jigsaw only)")
    _add_shape_options(p)
    add_options(p, "variant")
    p.add_argument("--regions", default=None, metavar="LABELS",
                   help="jigsaw: a fixed region layout, n*n labels row-major (default: a "
                   "fresh random layout for every puzzle)")
    p.add_argument("--givens", type=int, default=0, metavar="N",
                   help="killer: most givens placed before cages are split (default 0: "
                   "cages alone)")
    p.add_argument("--format", choices=("line", "json"), default="line", help="output format")
    add_options(p, "output", "quiet", "workers", "backend", "seed")
    p.set_defaults(func=_cmd_generate)


def _cmd_generate(args: argparse.Namespace) -> int:
    from .improve import generated_line, iter_generated

    if args.n <= 0:
        raise InputError(f"-n {args.n}: expected a positive number of puzzles")
    if args.givens and args.variant is not Variant.KILLER:
        raise InputError("--givens belongs to killer puzzles: add --variant killer")
    if args.givens < 0:
        raise InputError(f"--givens {args.givens}: expected 0 or more")
    if args.variant is Variant.KILLER:
        from . import cli_killer

        try:
            return cli_killer.generate(args)
        except KeyboardInterrupt as e:
            return _interrupted_code(e)
    workers = capped_workers(_workers(args), "--workers", args.quiet)
    spec = _generate_spec(args)
    written = 0
    try:
        with data_out(args.output, keep_on_interrupt=True) as write, \
                progress_bar(args.n, args.quiet, "puzzle") as bar:
            for p, figures in iter_generated(args.n, spec, args.seed, 0, workers,
                                             args.backend, with_figures=True):
                write(generated_line(p, figures, args.format) + "\n")
                written += 1
                bar.update(1)
    except KeyboardInterrupt as e:
        where = f" to {args.output}" if args.output else ""
        print(f"interrupted: wrote {written} of {args.n} puzzles{where}", file=sys.stderr)
        return _interrupted_code(e)
    return 0


# ---------------------------------------------------------------- bank


_BANK_HELP = "the bank's SQLite file"


def _add_bank(sub: argparse._SubParsersAction) -> None:
    from .model import Band
    from .rules import JIGSAW_SIZES, SIZES, Symmetry

    p = sub.add_parser(
        "bank",
        help="a bank of rated puzzles: fill, stats, export, import, series",
        description="A SQLite file of rated puzzles, one row per class of isomorphs, and the "
        "ledger of the puzzles each series has printed.",
    )
    bank = p.add_subparsers(dest="bank_command", metavar="ACTION", required=True)
    f = bank.add_parser(
        "fill", help="make, rate and store puzzles",
        description="Make, rate and store puzzles until the bank holds N of this run (size, "
        "symmetry, clues, seed) within the grades. Puzzle i of a run depends only on the "
        "seed and i; a killed fill loses at most one batch, and the same command run "
        "again continues where it stopped.")
    f.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    f.add_argument("-n", type=_positive, required=True, metavar="N",
                   help="puzzles of this run and grades the bank should hold")
    f.add_argument("--size", type=int, default=9, choices=sorted({*SIZES, *JIGSAW_SIZES}),
                   help="grid size (5, 7 and 8: jigsaw only)")
    add_options(f, "variant")
    which = f.add_mutually_exclusive_group()
    which.add_argument("--difficulty", type=_enum(Band), default=None, metavar="BAND",
                       help="|".join(b.value for b in Band))
    which.add_argument("--grade", default=None, metavar="LO-HI",
                       help="grades kept: 8.0-9.0 (9.0 excluded) or 8.0- (and up)")
    f.add_argument("--symmetry", type=_enum(Symmetry), default=Symmetry.NONE, metavar="SYM",
                   help="|".join(s.value for s in Symmetry) + " (default none)")
    f.add_argument("--clues", default=None, metavar="N|LO-HI", help="clue count or range")
    f.add_argument("--minimal", action="store_true", help="minimal puzzles")
    add_options(f, "seed", "workers", "cluster", "quiet", "backend")
    f.set_defaults(func=_cmd_bank_fill)
    s = bank.add_parser("stats", help="counts by size, band, grade and clues")
    s.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    s.add_argument("--plot", default=None, metavar="FILE.png",
                   help="also draw the grades as a histogram (one bar a tenth)")
    s.set_defaults(func=_cmd_bank_stats)
    e = bank.add_parser("export", help="write stored puzzles, one a line")
    e.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    e.add_argument("--grade", default=None, metavar="LO-HI", help="only these grades")
    e.add_argument("--size", type=int, default=None, choices=SIZES,
                   help="only this grid size (default: every size)")
    add_options(e, "output")
    e.set_defaults(func=_cmd_bank_export)
    i = bank.add_parser(
        "import", help="check, rate and store the puzzles of a file",
        description="Check, rate and store each puzzle of a file (one a line); bad lines are "
        "reported with their line numbers (exit code 1), the good ones are kept.")
    i.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    i.add_argument("file", metavar="FILE|-", help="a file of puzzles, one a line, or -")
    i.set_defaults(func=_cmd_bank_import)
    r = bank.add_parser("series", help="the books of a series and their puzzle counts")
    r.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    r.add_argument("name", metavar="NAME", help="the series' name, as configs give it")
    r.set_defaults(func=_cmd_bank_series)


def _cmd_bank_fill(args: argparse.Namespace) -> int:
    from .bank import GradeRange, fill
    from .model import ClueTarget, DigSpec

    grades = (GradeRange.of_band(args.difficulty) if args.difficulty
              else GradeRange.parse(args.grade) if args.grade else GradeRange())
    variant = args.variant or Variant.CLASSIC
    spec = DigSpec(args.size, args.symmetry,
                   ClueTarget.parse(args.clues, args.size, variant) if args.clues else None,
                   args.minimal, variant)
    with progress_bar(args.n, args.quiet, "puzzle") as bar:
        def progress(stored: int) -> None:
            bar.update(stored - bar.n)

        result = fill(args.bank, spec, args.n, args.seed, grades, _workers(args), progress,
                      args.cluster)
    print(f"{args.bank}: {result.stored} puzzles of this run (grades {grades}); added "
          f"{result.added}, examined {result.examined}, next index {result.next_index}")
    return 0


def _cmd_bank_stats(args: argparse.Namespace) -> int:
    from .bank import Bank

    with Bank(args.bank, create=False) as bank:
        stats = bank.stats()
    total = sum(c for _, c in stats["size"])
    print(f"{args.bank}: {total} puzzles")
    for name, rows in stats.items():
        print(f"{name}:")
        for key, count in rows:
            label = f"{key:.1f}" if isinstance(key, float) else str(key)
            print(f"  {label:>8}  {count:>8}")
    if args.plot:
        from .plot import histogram_png

        by_tenth = {round(g * 10): c for g, c in stats["grade"] if isinstance(g, float)}
        lo, hi = min(by_tenth, default=0), max(by_tenth, default=0)
        png = histogram_png([by_tenth.get(t, 0) for t in range(lo, hi + 1)])
        _write_whole(args.plot, png)
    return 0


def _cmd_bank_export(args: argparse.Namespace) -> int:
    from .bank import GradeRange, export_lines

    grades = GradeRange.parse(args.grade) if args.grade else GradeRange()
    lines = list(export_lines(args.bank, grades, args.size))
    text = "".join(line + "\n" for line in lines)
    if args.output:
        _write_whole(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


def _write_whole(path: str, data: str | bytes) -> None:
    """Write a file whole or not at all (a .part file renamed at the end)."""
    import os

    try:
        with open(f"{path}.part", "wb") as out:
            out.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(f"{path}.part", path)
    except OSError as e:
        raise InputError(f"{path}: cannot write: {e}") from None


def _cmd_bank_import(args: argparse.Namespace) -> int:
    from .bank import import_file

    if args.file == "-":
        text, source = sys.stdin.read(), "stdin"
    else:
        try:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"{args.file}: cannot read: {e}") from None
        source = args.file
    result = import_file(args.bank, source, text)
    for message in result.bad:
        print(f"error: {message}", file=sys.stderr)
    print(f"{args.bank}: added {result.added}, already stored {result.known}, "
          f"bad lines {len(result.bad)}")
    return 1 if result.bad else 0


def _cmd_bank_series(args: argparse.Namespace) -> int:
    from .bank import Bank

    with Bank(args.bank, create=False) as bank:
        books = bank.series(args.name)
    if not books:
        raise InputError(f"{args.bank}: no book of series {args.name!r}")
    for book, config_hash, count in books:
        print(f"{book}  config {config_hash[:12]}  {count} puzzles")
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse with the exit code of every other bad input: 1, and help that shows the
    defaults (subcommands inherit both)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(1, f"{self.prog}: error: {message}\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bookgen",
        description="Graded sudoku puzzles and print-ready puzzle books.",
    )
    parser.add_argument("--version", action="version", version=f"bookgen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in _ADDERS:
        add(sub)
    return parser


_ADDERS: list[Callable[[argparse._SubParsersAction], None]] = [
    _add_build,
    _add_cover,
    _add_rate,
    _add_solve,
    _add_hints,
    _add_validate,
    _add_explain,
    _add_bench,
    _add_create,
    _add_improve,
    _add_generate,
    _add_bank,
    *project.ADDERS,
]
"""Every command's `_add_<name>`; each sets `func` on its subparser with set_defaults."""


class Interrupted(KeyboardInterrupt):
    """A signal that stops a command the way Ctrl-C does (SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _interrupted_code(e: KeyboardInterrupt) -> int:
    """128 + the number of the signal that stopped the command (130 for Ctrl-C)."""
    import signal

    return 128 + (e.signum if isinstance(e, Interrupted) else signal.SIGINT)


@contextmanager
def _signals_as_interrupt() -> Iterator[None]:
    """SIGTERM raises Interrupted, so the command unwinds as on Ctrl-C: worker pools are
    ended, output files dropped, the output folder's stage removed. SIGINT gets Python's
    handler back when it was ignored at start (a program started with '&' by a
    non-interactive shell), so Ctrl-C and kill -INT still stop it."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGTERM, terminate)
    if before[signal.SIGINT] == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        for sig, handler in before.items():
            if handler is not None:
                signal.signal(sig, handler)


def main(argv: Sequence[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    try:
        with _signals_as_interrupt(), backend_chosen(args):
            result: int = args.func(args)
        return result
    except BookgenError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as e:
        print("interrupted", file=sys.stderr)
        return _interrupted_code(e)
    except BrokenPipeError:
        return 0
