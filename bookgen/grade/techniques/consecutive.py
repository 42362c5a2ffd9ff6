"""The two techniques of a non-consecutive rule, as Sukaku Explainer rates them (its
forcingCellNC and lockedNC, tried after the naked single).

Glossary:
  neighbours   a cell's non-consecutive partners (Geometry.neighbours): their digits may
               not be one apart from its own; on a grid without such a rule every cell has
               none and both finders find nothing
  touches      digit e touches digit d when it is d or one apart from d: a cell holding d
               leaves no e in its neighbours (d itself because a neighbour shares a row or
               column with it, d - 1 and d + 1 by the rule)
  forcing cell a cell whose candidates all touch some digits: its neighbours lose them
               (candidates d, d + 1: lose both; d, d + 1, d + 2 or d, d + 2: lose d + 1)
  locked       a digit whose places in a unit (at most 3 in a row or column, 5 in a box)
               have common cells among their neighbours or themselves: whichever place
               holds the digit, those cells hold neither digit one apart from it

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from ...core.grid import Geometry, symbol
from ...core.kinds import Relation
from ...core.model import Family
from .. import phrases
from ..board import Board, Step, digits_of, next_to
from ..scale import Technique
from ..tables import tables
from ..technique import Rule


def _forced(cands: int) -> int:
    """The digits (as a mask) that every candidate of a cell holding `cands` touches: the
    forcing cell's removals from its neighbours, 0 when none."""
    k = cands.bit_count()
    if k not in (2, 3):
        return 0
    span = cands.bit_length() - (cands & -cands).bit_length()
    low = cands & -cands
    if span == 1:
        return cands  # d, d + 1: each rules out the other and itself
    if span == 2:
        return low << 1  # d, d + 2 or d, d + 1, d + 2: all touch d + 1
    return 0


def nc_forcing_cells(board: Board) -> list[Step]:
    """The first cell, in cell order, whose candidates force removals on its neighbours
    (SE's NC forcing cell, 2.4)."""
    cands, near = board.cands, board.geo.neighbours
    if not any(near):
        return []
    tech = Technique.NC_FORCING_CELL
    for c, m in enumerate(cands):
        forced = _forced(m)
        if not forced:
            continue
        elim = tuple((p, d) for p in near[c] for d in digits_of(cands[p] & forced))
        if elim:
            return [Step(tech, tech.se, (c,), digits_of(m), eliminated=elim)]
    return []


_MOST = {"box": 5, "row": 3, "column": 3}
"""The most places a digit may have in a unit of each kind for a locked pattern (SE's
bounds: the neighbours of a cell and the cell itself form a plus sign, 5 cells of a box
at most, 3 of a line)."""


def locked_nc(board: Board) -> list[Step]:
    """The first digit and unit, digits ascending, then columns, rows and boxes (SE's
    order), whose places lock the digits one apart out of common cells (SE's locked NC,
    2.5)."""
    geo, cands = board.geo, board.cands
    near = geo.neighbours
    if not any(near):
        return []
    t = tables(geo)
    tech = Technique.LOCKED_NC
    units = t.cols + t.rows + t.boxes
    where = board.where()
    for d in range(1, board.n + 1):
        apart = next_to(d) & board.full
        for u in units:
            places = where[u][d - 1]
            count = places.bit_count()
            if not count or count > _MOST[t.kinds[u]]:
                continue
            cells = geo.units[u]
            held = [cells[i] for i in range(len(cells)) if places >> i & 1]
            common = set(near[held[0]]) | {held[0]}
            for c in held[1:]:
                common &= set(near[c]) | {c}
            elim = tuple((p, e) for p in sorted(common) for e in digits_of(cands[p] & apart))
            if elim:
                return [Step(tech, tech.se, tuple(held), (d,), eliminated=elim, units=(u,))]
    return []


# ---------------------------------------------------------------- technique objects
T = Technique


def _rule_of(geo: Geometry) -> tuple[str, str]:
    """The non-consecutive rule's name and how it says two bound cells lie."""
    rule = next(r for r in geo.variant.pair_rules(geo.n)
                if r.relation is Relation.NON_CONSECUTIVE)
    return rule.name, rule.where


def _alternatives(ds: tuple[int, ...] | list[int]) -> str:
    """'4, 5 or 6'."""
    *head, last = (symbol(d) for d in ds)
    return f"{', '.join(head)} or {last}" if head else last


def _forcing_words(step: Step, geo: Geometry, what: str) -> str:
    name, where = _rule_of(geo)
    gone = sorted({d for _, d in step.eliminated})
    return (
        f"{step.technique.label}: {geo.label(step.cells[0])} holds "
        f"{_alternatives(step.digits)}; whichever it is, no cell {where} with it can hold "
        f"{_alternatives(gone)} (the same digit or one apart: {name}) -> {what}"
    )


def _locked_words(step: Step, geo: Geometry, what: str) -> str:
    name, where = _rule_of(geo)
    d = step.digits[0]
    victims = sorted({c for c, _ in step.eliminated})
    gone = sorted({e for _, e in step.eliminated})
    each = "each of " if len(victims) > 1 else ""
    return (
        f"{step.technique.label}: {symbol(d)} in {geo.unit_names[step.units[0]]} only at "
        f"{phrases.cells(geo, step.cells)}; whichever holds it, {each}"
        f"{phrases.cells(geo, victims)} is that cell or lies {where} with it, so holds no "
        f"{_alternatives(gone)} ({name}) -> {what}"
    )


NC_FORCING_CELL = Rule(nc_forcing_cells, (T.NC_FORCING_CELL,),
                       "2.4; non-consecutive grids only", Family.NAKED_SUBSET,
                       _forcing_words)
LOCKED_NC = Rule(locked_nc, (T.LOCKED_NC,), "2.5; non-consecutive grids only",
                 Family.LOCKED, _locked_words)
