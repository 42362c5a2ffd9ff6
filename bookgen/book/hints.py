"""Hints: for each puzzle, where to look for the first step that needs more than singles,
told in the book's language without giving away a digit to write in.

Glossary:
  step      the hinted step: the first of the grader's own solution (the steps book_tips
            regrades) whose technique's family is not a single; for a puzzle that singles
            alone solve, its hardest single (the first of the highest difficulty)
  where     the units the step lives in, by name ('box 5 and row 4'); a chain's start
            cell; a killer step without units: the cage by its first cell; else the
            step's cells
  named     the cells a hint names (none when it names units)
  withheld  the digits a hint never states: those the step places and the solution
            values of the cells it names; a hint states one digit the step rules out
            ('a 7 is ruled out') only when that digit is not withheld
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.grid import Geometry, symbol
from ..core.lang import Texts
from ..core.model import Family
from ..grade.board import Step
from ..grade.explain import SINGLES  # the families a hint looks past: found by scanning
from ..grade.tables import grading_geometry
from .tips import cell, unit

MOST_CELLS = 3
"""Most cells a hint names where it cannot name units: a place to look, not a pattern."""

CHAINS = frozenset({Family.CHAIN, Family.FORCING})
"""The families whose hint names where the chain starts."""


@dataclass(frozen=True)
class Hint:
    """One puzzle's hint and the step it tells."""

    text: str
    """The hint in the book's language."""
    at: int
    """The hinted step's index in the solution's steps."""
    step: Step
    """The hinted step, as the grader took it."""
    digit: int | None
    """The digit the hint says is ruled out, or None when it states no digit."""
    named: tuple[int, ...]
    """The cells the hint names (empty when it names units)."""


def hinted(steps: Sequence[Step]) -> int:
    """The index of the step a puzzle's hint tells (see the glossary); -1 for no steps."""
    for at, step in enumerate(steps):
        if step.technique.family not in SINGLES:
            return at
    hardest = max((s.difficulty for s in steps), default=None)
    return next((at for at, s in enumerate(steps) if s.difficulty == hardest), -1)


def puzzle_hint(steps: Sequence[Step], solution: Sequence[int], geo: Geometry,
                texts: Texts) -> Hint | None:
    """The hint of a puzzle from its solution's steps and its solution; None for a puzzle
    with nothing to solve."""
    at = hinted(steps)
    if at < 0:
        return None
    step = steps[at]
    family = step.technique.family
    opening, named = _where(step, geo, texts)
    if family in SINGLES:
        return Hint(texts(f"hint.{family.value}", opening=opening), at, step, None, named)
    withheld = {v for _, v in step.placed} | {solution[c] for c in named}
    digit = next((d for _, d in sorted(step.eliminated, key=lambda e: (e[1], e[0]))
                  if d not in withheld), None)
    technique = texts(f"name.{step.technique.key}")
    if digit is not None:
        text = texts("hint.remove", opening=opening, technique=technique, digit=symbol(digit))
    elif step.placed:
        text = texts("hint.place", opening=opening, technique=technique)
    else:
        text = texts("hint.remove_any", opening=opening, technique=technique)
    return Hint(text, at, step, digit, named)


def _where(step: Step, geo: Geometry, texts: Texts) -> tuple[str, tuple[int, ...]]:
    """The hint's opening ('Look at box 5 and row 4', 'Start from r4c2') and the cells it
    names."""
    if step.technique.family in CHAINS:
        start = step.chains[0][0][0] if step.chains else step.cells[0]
        return texts("hint.start", cell=cell(start, geo, texts)), (start,)
    grading = grading_geometry(geo)
    names = [unit(u, grading, texts) for u in step.units]
    if names and None not in names:
        # 'row 1, row 5 and column 3': the list's separator, the last two joined by 'and'
        *rest, last = (n for n in names if n is not None)
        head = texts("list.separator").join(rest)
        where = texts("hint.and").join((head, last)) if rest else last
        return texts("hint.look", where=where), ()
    if step.cage:
        first = min(step.cage)
        return texts("hint.look", where=texts("hint.cage", cell=cell(first, geo, texts))), \
            (first,)
    shown = tuple(step.cells[:MOST_CELLS])
    where = texts("list.separator").join(cell(c, geo, texts) for c in shown)
    return texts("hint.look", where=where), shown
