"""Killer steps in plain words, for explanations.

Glossary:
  cage at r1c1-r1c3   a cage by its cells: a run along a row or column as 'first-last',
                      other shapes as a list
  rows 1-2            a house set of the rule of 45: its kind and its house numbers,
                      'boxes 1 and 4' for two boxes one above the other
"""

from __future__ import annotations

from ..core.grid import Geometry, symbol
from .board import Step
from .scale import Technique

T = Technique
_KINDS = ("row", "column", "box")


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


def describe_killer(step: Step, geo: Geometry, what: str) -> str:
    """A killer step in plain words; `what` is its result ('r1c1 = 7; removed ...')."""
    t = step.technique
    if t in (T.CAGE_COMBINATIONS, T.COMBINATION_ELIMINATION, T.CAGE_POINTING):
        cage = cells_text(geo, step.cage)
        whole = step.cells == step.cage
        if t is T.CAGE_POINTING:
            return (f"{t.label}: cage at {cage}: every combination of its sum needs "
                    f"{symbol(step.digits[0])}, found only at {cells_text(geo, step.cells)}, "
                    f"so not in the cells outside the cage seeing them all -> {what}")
        head = (f"cage {step.total} at {cage}" if whole else
                f"cage at {cage}, whose empty cells {cells_text(geo, step.cells)} "
                f"sum to {step.total}")
        what = _cage_result(geo, step)
        how = ("the combinations of the sum" if t is T.CAGE_COMBINATIONS
               else "the combinations the cells' candidates can place")
        return f"{t.label}: {head}: {how} use only {_digits(step.digits)} -> {what}"
    houses = houses_text(geo, step.units)
    cells = cells_text(geo, step.cells)
    if t is T.CAGE_SPLIT:
        return (f"{t.label}: rule of 45 on {houses} gives the sum of part of the cage at "
                f"{cells_text(geo, step.cage)}, so its other cells {cells} sum to "
                f"{step.total} -> {what}")
    return f"{t.label} on {houses}: the cages leave {cells} summing to {step.total} -> {what}"
