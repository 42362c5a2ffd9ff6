"""Singles: hidden singles (box first, then lines) and naked singles.

Glossary:
  full house     the last empty cell of a unit
  hidden single  a digit with one place left in a unit
  naked single   a cell with one candidate left
Singles are returned in batches (every single visible at once): they are all true in a
puzzle with a solution, and applying them together does not change the grade. A call that
finds none leaves a note on the board (board.py): the next call skips the units unchanged
since.

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from ...core.grid import Geometry
from ...core.model import Family
from ..board import Board, Step, digits_of
from ..scale import Technique
from ..tables import tables
from ..technique import Rule


def _hidden(board: Board, units: tuple[int, ...], tech: Technique) -> list[Step]:
    cands, geo = board.cands, board.geo
    steps: list[Step] = []
    taken: set[int] = set()
    note = (_hidden, tech)
    changed, clean = board.changed_since(note)
    for u in units:
        if clean and not changed >> u & 1:
            continue  # no single here at the last empty call, and the same candidates
        cells = geo.units[u]
        once = twice = 0
        for c in cells:
            m = cands[c]
            twice |= once & m
            once |= m
        single = once & ~twice
        if not single:
            continue
        for d in digits_of(single):
            b = 1 << (d - 1)
            cell = next(c for c in cells if cands[c] & b)
            if cell not in taken:
                taken.add(cell)
                steps.append(Step(tech, tech.se, (cell,), (d,), placed=((cell, d),), units=(u,)))
    if not steps:
        board.leave_note(note, len(units))
    return steps


def full_houses(board: Board) -> list[Step]:
    """Every unit with one empty cell left: it takes the missing digit (SE rates it 1.0,
    below any hidden single)."""
    cands, geo = board.cands, board.geo
    tech = Technique.FULL_HOUSE
    steps: list[Step] = []
    taken: set[int] = set()
    changed, clean = board.changed_since(full_houses)
    for u, (cells, get) in enumerate(zip(geo.units, tables(geo).unit_readers, strict=True)):
        if clean and not changed >> u & 1:
            continue  # no full house here at the last empty call, and the same candidates
        if get(cands).count(0) != len(cells) - 1:
            continue  # read in one call: most units have several empty cells, or none
        empty = [c for c in cells if cands[c]]
        if empty[0] not in taken and cands[empty[0]].bit_count() == 1:
            c = empty[0]
            taken.add(c)
            d = digits_of(cands[c])[0]
            steps.append(Step(tech, tech.se, (c,), (d,), placed=((c, d),), units=(u,)))
    if not steps:
        board.leave_note(full_houses, len(geo.units))
    return steps


def hidden_singles_box(board: Board) -> list[Step]:
    """Every digit with one place left in a box."""
    return _hidden(board, tables(board.geo).boxes, Technique.HIDDEN_SINGLE_BOX)


def hidden_singles_line(board: Board) -> list[Step]:
    """Every digit with one place left in a row, column (or diagonal)."""
    return _hidden(board, tables(board.geo).lines, Technique.HIDDEN_SINGLE_LINE)


def naked_singles(board: Board) -> list[Step]:
    """Every cell with one candidate left."""
    tech = Technique.NAKED_SINGLE
    return [
        Step(tech, tech.se, (c,), digits_of(m), placed=((c, digits_of(m)[0]),))
        for c, m in enumerate(board.cands)
        if m and not m & (m - 1)
    ]


# ---------------------------------------------------------------- technique objects
T = Technique


def told_by_description(step: Step, geo: Geometry, what: str) -> str:
    """'r4c2 = 3: naked single (only one candidate left in the cell)': the words of a
    technique that its description says all of."""
    t = step.technique
    return f"{what}: {t.label} ({t.description})"


def _full_house(step: Step, geo: Geometry, what: str) -> str:
    return f"{what}: full house, the last empty cell of {geo.unit_names[step.units[0]]}"


def _hidden_single(step: Step, geo: Geometry, what: str) -> str:
    return f"{what}: hidden single in {geo.unit_names[step.units[0]]}"


FULL_HOUSE = Rule(full_houses, (T.FULL_HOUSE,), "1.0", Family.FULL_HOUSE, _full_house)
HIDDEN_SINGLE_BOX = Rule(hidden_singles_box, (T.HIDDEN_SINGLE_BOX,), "1.2",
                         Family.HIDDEN_SINGLE, _hidden_single)
HIDDEN_SINGLE_LINE = Rule(hidden_singles_line, (T.HIDDEN_SINGLE_LINE,), "1.5",
                          Family.HIDDEN_SINGLE, _hidden_single)
NAKED_SINGLE = Rule(naked_singles, (T.NAKED_SINGLE,), "2.3", Family.NAKED_SINGLE,
                    told_by_description)
TRIAL = Rule(None, (T.TRIAL,), "10.0", Family.TRIAL, told_by_description)
