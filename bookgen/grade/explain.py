"""The solution in plain words: one line per step, optionally with the candidate grid.

Glossary:
  r4c2 = 3     a placement;  r4c2 != 3  a candidate that is false (in chains)
  ->           what the step concludes: placements or 'removed D from cells'
The wording is meant for a printed "how it's solved" page.
"""

from __future__ import annotations

from ..core.grid import Geometry, symbol
from ..core.model import Family
from . import phrases
from .board import Board, Step, digits_of
from .solver import Grading, grade
from .tables import grading_geometry


def describe(step: Step, geo: Geometry) -> str:
    """One step in plain words, as its technique tells it; units by name ('row 3',
    'diagonal 1', 'window 2', 'region 4', 'hidden window 1 (r159c159)')."""
    geo = grading_geometry(geo)
    return step.technique.rule.words(step, geo, phrases.result(geo, step))


def format_candidates(board: Board) -> str:
    """The candidate grid: each empty cell lists its candidates, filled cells their value.
    '|' and '-' mark box borders; on a jigsaw grid they mark region borders, wherever two
    neighbouring cells lie in different regions ('+' where borders meet)."""
    geo, n = board.geo, board.n
    regions = geo.regions
    fields = []
    for cell in range(geo.ncells):
        v = board.values[cell]
        text = symbol(v) if v else "".join(symbol(d) for d in digits_of(board.cands[cell]))
        fields.append(text.center(n) if v else text.ljust(n))
    rows = []
    for r in range(n):
        if r:
            marks = [regions[r * n + c] != regions[(r - 1) * n + c] for c in range(n)]
            if any(marks):
                rows.append(_border_line(marks, regions, r, n))
        parts = [fields[r * n]]
        for c in range(1, n):
            wall = regions[r * n + c] != regions[r * n + c - 1]
            parts.append((" | " if wall else " ") + fields[r * n + c])
        rows.append("".join(parts).rstrip())
    return "\n".join(rows)


def _border_line(marks: list[bool], regions: tuple[int, ...], r: int, n: int) -> str:
    """The line between rows r - 1 and r: '-' under each cell whose region changes there,
    '+' at a column border next to one."""
    out = []
    for c in range(n):
        if c:
            wall = (regions[r * n + c] != regions[r * n + c - 1]
                    or regions[(r - 1) * n + c] != regions[(r - 1) * n + c - 1])
            left, right = marks[c - 1], marks[c]
            if wall:
                out.append("-+-" if left or right else " | ")
            else:
                out.append("-" if left and right else " ")
        out.append(("-" if marks[c] else " ") * n)
    return "".join(out).rstrip()


def explain(values: tuple[int, ...], geo: Geometry, candidates: bool = False) -> str:
    """The step-by-step solution in plain words, headed by the grade.

    With candidates, the candidate grid is shown before every step that is not a single.
    """
    return told(grade(values, geo), Board(values, geo), candidates,
                "no solution: the givens leave a cell without candidates")


SINGLES = frozenset({Family.FULL_HOUSE, Family.HIDDEN_SINGLE, Family.NAKED_SINGLE})
"""The families of the singles: the steps that fill a cell with no candidate diagram."""


def told(g: Grading, board: Board, candidates: bool, unsolved: str) -> str:
    """A grading's steps in plain words, headed by the grade, on the board they were taken
    from (applied in turn); with candidates, the candidate grid before every step that is
    not a single; `unsolved` ends the text when the steps did not solve the board."""
    out = [f"grade {g.grade:.1f} ({g.band.value}), hardest step: {g.hardest or 'none'}"]
    for k, step in enumerate(g.steps, 1):
        if candidates and step.technique.family not in SINGLES:
            out += ["", format_candidates(board), ""]
        out.append(f"{k}. {describe(step, board.geo)}")
        board.apply(step)
    if not g.solved:
        out.append(unsolved)
    return "\n".join(out)
