"""`bookgen rate`: the seed's figures and the human grade of each puzzle.

Glossary:
  rating  rate.Rating: count, trace figures (None for a killer puzzle, whose cages the
          trace solver does not know, and past rules.TRACE_MAX_SIZE), clues, grade, time
  record  a line of --format json: the keys of Rating.as_dict for every puzzle (null where a
          figure is not computed), then the puzzle's topology (variant, regions, cages)
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

from ..core.errors import InputError
from ..core.grid import Geometry, format_line
from ..core.rules import grid_name
from ..grade.rating import Rating
from .formats import Shown, topology_words
from .skeleton import Item, puzzle_command, read_items, run_each

__all__ = ["Rated", "add_rate", "rating_line", "run_rate", "warm_kernels"]


def add_rate(sub: argparse._SubParsersAction) -> None:
    p = puzzle_command(
        sub, "rate", ("text", "json", "seed"),
        help="rate puzzles: the seed's figures and the human grade",
        description="Rate each puzzle: solutions (capped at 2), level/maxlevel, way_complexity, "
        "cand_sum, cand_sq, clues, time, and the SE-scale grade with its band. --format json "
        "prints one object per line with the same keys for every puzzle (null where a figure "
        "is not computed).",
    )
    p.add_argument("--no-grade", action="store_true", help="skip the human grade (faster)")
    p.set_defaults(func=run_rate)


def warm_kernels(with_grade: bool = False) -> None:
    """Load (or compile) the kernels, and the grader when asked, before any puzzle is
    timed: a puzzle's seconds is its own work only."""
    from ..engine.kernels import warm_up

    warm_up()
    if with_grade:
        from .. import grade  # noqa: F401


@dataclass(frozen=True)
class Rated(Shown):
    """One puzzle rated."""

    item: Item
    """The puzzle."""
    rating: Rating
    """Its figures and grade."""
    ms: float
    """Milliseconds the rating took, as the seed prints them."""

    def record(self) -> dict[str, Any]:
        return self.rating.as_dict(self.item.geo) | self.item.topology()

    def report(self) -> str:
        return rating_line(self.rating, self.item.topology(), self.item.geo)

    def seed(self) -> str:
        from ..engine.trace import format_seed_trace

        item = self.item
        if self.rating.trace is None:
            raise InputError(f"{item.where}: --format seed needs the trace figures, which "
                             f"are not computed for "
                             f"{grid_name(item.geo.n, item.geo.variant)} puzzles")
        return format_seed_trace(item.values, self.rating.trace, item.geo, self.ms) + "\n"


def rating_line(r: Rating, topology: dict[str, Any], geo: Geometry | None = None) -> str:
    """rate's text line: the puzzle, its solutions, trace figures, clues, grade, time and
    topology."""
    tr = r.trace
    words = {0: "no solution", 1: "1 solution"}.get(r.count, f"{r.count}+ solutions")
    line = f"{format_line(r.puzzle, geo)}  {words}"
    if tr:
        line += (f"  level {tr.level}/{tr.maxlevel}  complexity "
                 f"{tr.way_complexity}/{tr.cand_sum}/{tr.cand_sq}")
    line += f"  clues {r.clues}"
    if r.grade is not None:
        hardest = f" ({r.hardest_label})" if r.hardest_label else ""  # none: a full grid
        line += f"  grade {r.grade:.1f} {r.band.value if r.band else ''}{hardest}"
    return line + f"  {r.seconds * 1000:.1f} ms" + topology_words(topology)


def run_rate(args: argparse.Namespace) -> int:
    from ..grade.rating import rate, rate_killer

    items, bad = read_items(args.puzzles, args.variant)
    killer = any(item.cages is not None for item in items)
    if killer and args.format == "seed":
        raise InputError("--format seed needs the trace figures, which killer puzzles do "
                         "not have; use text or json")
    with_grade = not args.no_grade and args.format != "seed"
    if killer:
        items[0].solve()  # loads the killer kernels before any puzzle is timed
    else:
        warm_kernels(with_grade)

    def show(item: Item) -> Rated:
        t0 = time.perf_counter()
        if item.cages is not None:
            r = rate_killer(item.values, item.cages, with_grade)
        else:
            r = rate(item.values, item.geo, with_grade=with_grade)
        return Rated(item, r, (time.perf_counter() - t0) * 1000)

    return run_each(args, items, show, bad=bad)
