"""`bookgen create`: a unique puzzle made from any grid of digits (seed 000's 'create').

Glossary:
  change  one thing done to the grid: a clashing given dropped, a given removed while
          there is no solution, a cell filled where two solutions differ; written after
          the puzzle as '# ...' lines (line, grid, seed), or as "changes" (json)
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.grid import Geometry, Grid, format_line
from .formats import Shown, topology
from .options import add_options
from .skeleton import read_items, run_each

if TYPE_CHECKING:
    from ..make.generate import Created

__all__ = ["Made", "add_create", "run_create"]


def add_create(sub: argparse._SubParsersAction) -> None:
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
    p.set_defaults(func=run_create)


@dataclass(frozen=True)
class Made(Shown):
    """One grid made a unique puzzle."""

    made: Created
    """The puzzle, its solution and the changes."""
    geo: Geometry
    """Its geometry."""

    def grids(self) -> tuple[Grid, ...]:
        return (self.made.puzzle,)

    def notes(self) -> list[str]:
        return [f"# {c}" for c in self._changes()]

    def record(self) -> dict[str, Any]:
        return {"puzzle": format_line(self.made.puzzle, self.geo),
                "solution": format_line(self.made.solution, self.geo),
                "changes": self._changes()} | topology(self.geo)

    def _changes(self) -> list[str]:
        return [c.describe(self.geo) for c in self.made.changes]


def run_create(args: argparse.Namespace) -> int:
    import random

    from ..make.generate import create

    items, bad = read_items(args.puzzles, args.variant, killer=False, check=False)
    return run_each(args, items, lambda item: Made(
        create(item.values, item.geo, random.Random(f"{args.seed}:{item.where}")), item.geo),
        bad=bad)
