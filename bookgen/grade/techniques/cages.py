"""Killer cage techniques as technique objects, and their words.

Glossary:
  cage at r1c1-r1c3   a cage by its cells: a run along a row or column as 'first-last',
                      other shapes as a list
  rows 1-2            a house set of the rule of 45: its kind and its house numbers,
                      'boxes 1 and 4' for two boxes one above the other
Each finder takes the board and the killer grid (grade.cages.KillerGrid).
"""

from __future__ import annotations

from ...core.grid import Geometry, symbol
from ...core.model import Family
from .. import cages
from ..board import Step
from ..scale import Technique
from ..technique import Rule

T = Technique
_KINDS = ("row", "column", "box")
_HOUSES = "; +0.1 per house beyond the first of its house set, at most +0.3"


def cells_text(geo: Geometry, cells: tuple[int, ...]) -> str:
    """'r1c1-r1c3' for a run of cells along a row or column, else 'r1c1, r2c1, r2c2'."""
    if len(cells) > 2:
        rows = {c // geo.n for c in cells}
        cols = {c % geo.n for c in cells}
        step = 1 if len(rows) == 1 else geo.n if len(cols) == 1 else 0
        if step and all(b - a == step for a, b in zip(cells, cells[1:], strict=False)):
            return f"{geo.label(cells[0])}-{geo.label(cells[-1])}"
    return ", ".join(geo.label(c) for c in cells)


def houses_text(geo: Geometry, units: tuple[int, ...]) -> str:
    """'row 3', 'rows 1-2', 'columns 4-7', 'boxes 1-2', 'boxes 1 and 4'."""
    kind = _KINDS[units[0] // geo.n]
    numbers = [u % geo.n + 1 for u in units]
    if len(numbers) == 1:
        return f"{kind} {numbers[0]}"
    if all(b - a == 1 for a, b in zip(numbers, numbers[1:], strict=False)):
        run = f"{numbers[0]}-{numbers[-1]}"
    else:
        run = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
    plural = "boxes" if kind == "box" else kind + "s"
    return f"{plural} {run}"


def _digits(ds: tuple[int, ...]) -> str:
    return ", ".join(symbol(d) for d in ds)


def _cage_result(geo: Geometry, step: Step) -> str:
    """'r1c9 = 9; removed 8, 9 from r1c6-r4c6': cells losing the same digits together."""
    lost: dict[int, list[int]] = {}
    for c, d in step.eliminated:
        lost.setdefault(c, []).append(d)
    together: dict[tuple[int, ...], list[int]] = {}
    for c, ds in lost.items():
        together.setdefault(tuple(sorted(ds)), []).append(c)
    parts = [f"{geo.label(c)} = {symbol(v)}" for c, v in step.placed]
    if together:
        parts.append("removed " + "; ".join(
            f"{_digits(ds)} from {cells_text(geo, tuple(sorted(cells)))}"
            for ds, cells in together.items()))
    return "; ".join(parts)


def _combinations(step: Step, geo: Geometry, what: str) -> str:
    """Cage combinations and combination elimination: the digits the cage's combinations
    leave (the result worded cell group by cell group, not the classic way)."""
    t = step.technique
    cage = cells_text(geo, step.cage)
    head = (f"cage {step.total} at {cage}" if step.cells == step.cage else
            f"cage at {cage}, whose empty cells {cells_text(geo, step.cells)} "
            f"sum to {step.total}")
    how = ("the combinations of the sum" if t is T.CAGE_COMBINATIONS
           else "the combinations the cells' candidates can place")
    return (f"{t.label}: {head}: {how} use only {_digits(step.digits)} -> "
            f"{_cage_result(geo, step)}")


def _pointing(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label}: cage at {cells_text(geo, step.cage)}: every combination "
            f"of its sum needs {symbol(step.digits[0])}, found only at "
            f"{cells_text(geo, step.cells)}, so not in the cells outside the cage seeing "
            f"them all -> {what}")


def _split(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label}: rule of 45 on {houses_text(geo, step.units)} gives the "
            f"sum of part of the cage at {cells_text(geo, step.cage)}, so its other cells "
            f"{cells_text(geo, step.cells)} sum to {step.total} -> {what}")


def _rule_of_45(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label} on {houses_text(geo, step.units)}: the cages leave "
            f"{cells_text(geo, step.cells)} summing to {step.total} -> {what}")


CAGE_COMBINATIONS = Rule(cages.cage_combinations, (T.CAGE_COMBINATIONS,), "1.1", Family.CAGE,
                         _combinations)
INNIE_OUTIE = Rule(cages.innie_outie, (T.INNIE_OUTIE,), "1.8" + _HOUSES, Family.CAGE,
                   _rule_of_45)
CAGE_POINTING = Rule(cages.cage_pointing, (T.CAGE_POINTING,), "2.7", Family.CAGE, _pointing)
INNIES_OUTIES = Rule(cages.innies_outies, (T.INNIES_OUTIES,), "3.0" + _HOUSES, Family.CAGE,
                     _rule_of_45)
CAGE_SPLIT = Rule(cages.cage_split, (T.CAGE_SPLIT,), "3.2" + _HOUSES, Family.CAGE, _split)
COMBINATION_ELIMINATION = Rule(cages.combination_elimination, (T.COMBINATION_ELIMINATION,),
                               "4.2", Family.CAGE, _combinations)

CAGE_RULES = (CAGE_COMBINATIONS, INNIE_OUTIE, CAGE_POINTING, INNIES_OUTIES, CAGE_SPLIT,
              COMBINATION_ELIMINATION)
"""The killer techniques, easiest first."""
