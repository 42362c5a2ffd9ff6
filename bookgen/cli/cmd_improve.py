"""`bookgen improve`: a harder unique puzzle with the same solution (seed 000's 'improve').

Glossary:
  budget     --evaluations N (the same result for any --workers) or --seconds T (the best
             found in that time)
  objective  the figure raised (rules.Figure): way_complexity by default, or the grade
  figures    the puzzle's figures before and after, in the report (text) or the record
             (json)
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError
from ..core.grid import Geometry, format_as, format_line
from .formats import FORMATTERS, Shown, topology
from .options import (
    add_options,
    add_shape_options,
    capped_workers,
    data_out,
    enum_value,
    positive,
    positive_seconds,
    progress_bar,
    read_puzzles,
    shape,
    workers_of,
)

if TYPE_CHECKING:
    from ..make.improve import Improved

__all__ = ["Report", "add_improve", "run_improve"]


def add_improve(sub: argparse._SubParsersAction) -> None:
    from ..core.rules import DEFAULT_OBJECTIVE, Figure

    p = sub.add_parser(
        "improve",
        help="search for a harder puzzle with the same solution",
        description="From a full grid or a unique puzzle, search on several processes for "
        "the unique puzzle of the same solution with the highest objective (seed 000's "
        "'improve sudoku'). --evaluations gives the same result for any --workers; "
        "--seconds returns the best found in that time. Every candidate keeps the shape "
        "--symmetry, --clues and --minimal ask for; a puzzle given must have it already.",
    )
    p.add_argument("grid", metavar="PUZZLE|FILE|-",
                   help="a full grid or a unique puzzle: as text, a file holding it, or - for "
                   "standard input")
    budget = p.add_mutually_exclusive_group(required=True)
    budget.add_argument("--evaluations", type=positive, metavar="N", help="puzzles to rate")
    budget.add_argument("--seconds", type=positive_seconds, metavar="T", help="time to search")
    add_options(p, "cluster")
    p.add_argument("--objective", type=enum_value(Figure), default=None,
                   metavar="|".join(f.value for f in Figure),
                   help=f"the figure to raise (default {DEFAULT_OBJECTIVE.value}; grade on "
                        "grids without the trace figures: 16x16 and boards)")
    add_shape_options(p)
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    add_options(p, "variant", "output", "quiet", "workers", "backend", "seed")
    p.set_defaults(func=run_improve)


@dataclass(frozen=True)
class Report(Shown):
    """What improve found."""

    result: Improved
    """The puzzle found, its solution, the figures before and after, the work done."""
    geo: Geometry
    """Its geometry."""

    def record(self) -> dict[str, Any]:
        r = self.result
        return {"puzzle": format_line(r.puzzle, self.geo),
                "solution": format_line(r.solution, self.geo),
                "before": r.before, "after": r.after} | topology(self.geo)

    def report(self) -> str:
        r = self.result
        lines = [format_as(r.puzzle, self.geo, "line"), format_as(r.solution, self.geo, "line")]
        for name, figures in (("before", r.before), ("after", r.after)):
            lines.append(f"{name}: " + "  ".join(
                f"{k} {figures[k]}" for k in ("clues", "level", "maxlevel", "way_complexity",
                                              "cand_sum", "cand_sq", "grade")
                if figures.get(k) is not None))
        lines.append(f"{r.evaluations} evaluations in {r.chains} chains, "
                     f"objective {r.objective.value}")
        return "\n".join(lines)


@contextmanager
def _cluster(address: str | None) -> Iterator[Any]:
    """The pmap of a Dask cluster at `address`, or None without one."""
    if address is None:
        yield None
        return
    from ..make.cluster import cluster_pool

    with cluster_pool(address) as pmap:
        yield pmap


def run_improve(args: argparse.Namespace) -> int:
    from ..core.rules import DEFAULT_OBJECTIVE, TRACE_MAX_SIZE, Figure, grid_name, traced
    from ..make.improve import improve

    puzzles, bad = read_puzzles(args.grid, args.variant)
    if len(puzzles) > 1:
        raise InputError(f"{puzzles[1][0]}: improve takes one grid")
    if not puzzles:
        return 1  # its bad lines are reported
    _, values, geo = puzzles[0]
    if args.objective is None:
        args.objective = DEFAULT_OBJECTIVE if traced(geo.n, geo.variant) else Figure.GRADE
    if args.objective.traced and not traced(geo.n, geo.variant):
        raise InputError(f"--objective {args.objective.value}: the trace figures are not "
                         f"computed for {grid_name(geo.n, geo.variant)} grids (only up to "
                         f"{TRACE_MAX_SIZE}x{TRACE_MAX_SIZE}); use grade or clues")
    workers = capped_workers(workers_of(args), "--workers", args.quiet)
    spec = shape(args, geo.n, geo.variant, geo.region_layout)
    total = args.seconds if args.seconds is not None else args.evaluations
    with (progress_bar(total, args.quiet, "s" if args.seconds else "eval") as bar,
          _cluster(args.cluster) as pool):

        def progress(fraction: float) -> None:
            done = round(fraction * total, 1) if args.seconds else int(fraction * total)
            bar.update(done - bar.n)

        with data_out(args.output) as write:
            result = improve(values, geo, args.evaluations, args.seconds, workers, args.seed,
                             args.objective, progress=progress, spec=spec, pool=pool)
            write(FORMATTERS[args.format](Report(result, geo)))
    return 1 if bad else 0
