"""`bookgen explain`: the step-by-step solution in plain words, headed by the grade.

Glossary:
  step        one deduction of the human-style grader, in words: 'r4c2 = 3: hidden single
              in box 4' (grade.describe)
  candidates  --candidates: the candidate grid before every step that is not a single
              (classic puzzles and their variants; a killer puzzle's steps come alone)

A puzzle must have exactly one solution (one that has not is said so on stderr, and the
exit code is 1); the explanations are separated by a blank line.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from .formats import Shown
from .options import add_options
from .skeleton import Item, count_problem, read_items, run_each

__all__ = ["Explained", "add_explain", "explained", "run_explain"]


def add_explain(sub: argparse._SubParsersAction) -> None:
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
    p.set_defaults(func=run_explain)


@dataclass(frozen=True)
class Explained(Shown):
    """The explanation of one puzzle."""

    words: str
    """The grade line and every step, one a line; empty for a puzzle not explained."""
    wrong: str | None = None
    """Why the puzzle is not explained (it has no single solution), or None."""

    def report(self) -> str:
        return self.words

    def text(self) -> str:
        return "" if self.wrong else super().text()

    def problem(self) -> str | None:
        return self.wrong


def explained(item: Item, candidates: bool) -> Explained:
    """The explanation of a puzzle; none, and the problem, when it has no single
    solution."""
    what = count_problem(item.solve()[0])
    if what:
        return Explained("", f"{what}: explain needs a puzzle with exactly one solution")
    if item.cages is None:
        from ..grade import explain

        return Explained(explain(item.values, item.geo, candidates=candidates))
    from ..grade import describe
    from ..grade.killer_scale import grade_killer

    g = grade_killer(item.values, item.cages)
    lines = [f"grade {g.grade:.1f} {g.band.value} (hardest: {g.hardest})"]
    return Explained("\n".join(lines + [describe(step, item.geo) for step in g.steps]))


def run_explain(args: argparse.Namespace) -> int:
    items, bad = read_items(args.puzzles, args.variant)
    return run_each(args, items, lambda item: explained(item, args.candidates), between="\n",
                    bad=bad)
