"""The pieces every technique's words are made of: cells, digits, chain nodes and a step's
result.

Glossary:
  r4c2 = 3     a placement;  r4c2 != 3  a candidate that is false (in chains)
  result       what a step concludes: placements, then 'removed D from cells'
"""

from __future__ import annotations

from ..core.grid import Geometry, symbol
from .board import Node, Step


def cells(geo: Geometry, cells: tuple[int, ...] | list[int]) -> str:
    """'r1c1, r2c5'."""
    return ", ".join(geo.label(c) for c in cells)


def digits(ds: tuple[int, ...] | list[int]) -> str:
    """'3, 7'."""
    return ", ".join(symbol(d) for d in ds)


def removed(geo: Geometry, step: Step) -> str:
    """'removed 7 from r4c1, r4c8', grouped by digit or by cell, whichever is shorter."""
    by_digit: dict[int, list[int]] = {}
    by_cell: dict[int, list[int]] = {}
    for c, d in step.eliminated:
        by_digit.setdefault(d, []).append(c)
        by_cell.setdefault(c, []).append(d)
    if len(by_digit) == 1 and step.digits == tuple(by_digit):
        return "removed from " + cells(geo, next(iter(by_digit.values())))
    if len(by_cell) < len(by_digit):
        return "removed " + "; ".join(
            f"{digits(sorted(ds))} from {geo.label(c)}" for c, ds in by_cell.items()
        )
    return "removed " + "; ".join(
        f"{symbol(d)} from {cells(geo, cs)}" for d, cs in sorted(by_digit.items())
    )


def node(geo: Geometry, nd: Node) -> str:
    """'r4c2=3' for a candidate assumed true, 'r4c2!=3' for one assumed false."""
    cell, d, on = nd
    return f"{geo.label(cell)}{'=' if on else '!='}{symbol(d)}"


def result(geo: Geometry, step: Step) -> str:
    """What the step concludes: 'r4c2 = 3; removed 7 from r4c1'."""
    parts = [f"{geo.label(c)} = {symbol(v)}" for c, v in step.placed]
    if step.eliminated:
        parts.append(removed(geo, step))
    return "; ".join(parts)


def set_name(k: int) -> str:
    """'single', 'pair', 'triple' or 'quad' for a set of k cells."""
    return {1: "single", 2: "pair", 3: "triple"}.get(k, "quad")
