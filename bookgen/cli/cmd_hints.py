"""`bookgen hints`: the candidates of every empty cell, fewest first (seed 000's hints).

Glossary:
  text  'complexity: cand_sum/cand_sq', then one 'r4c2: 3 7' line per empty cell; a
        killer puzzle's candidates are those its givens and cage sums leave
  seed  the seed's one-line list '((2/4(28) [3]) ...)' (no killer form)
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..core.errors import InputError
from .formats import Shown
from .skeleton import Item, puzzle_command, read_items, run_each

__all__ = ["Hints", "add_hints", "run_hints"]


def add_hints(sub: argparse._SubParsersAction) -> None:
    p = puzzle_command(
        sub, "hints", ("text", "seed"),
        help="candidates of every empty cell, fewest first",
        description="Print 'complexity: cand_sum/cand_sq' and every empty cell with its "
        "candidates, fewest first, ties by block-order position (seed 000's hints).",
    )
    p.set_defaults(func=run_hints)


@dataclass(frozen=True)
class Hints(Shown):
    """The hints of one puzzle."""

    item: Item
    """The puzzle."""

    def report(self) -> str:
        from ..engine.trace import format_hints, format_killer_hints

        item = self.item
        if item.cages is not None:
            return format_killer_hints(item.values, item.cages)
        return format_hints(item.values, item.geo, "text")

    def seed(self) -> str:
        from ..engine.trace import format_hints

        return format_hints(self.item.values, self.item.geo, "seed") + "\n"


def run_hints(args: argparse.Namespace) -> int:
    items, bad = read_items(args.puzzles, args.variant)
    if any(item.cages is not None for item in items) and args.format != "text":
        raise InputError(f"--format {args.format}: killer hints are written as text only")
    return run_each(args, items, Hints, bad=bad)
