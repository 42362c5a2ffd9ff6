"""Locked candidates and subsets: the whole step each one logs (technique, SE value,
pattern cells, digits, removals, units), on the first and last digit, and the 'direct'
forms only when the hidden single is in the pattern's own unit.

Positions start from an empty 9x9 grid, where every cell holds every digit. Units are
numbered rows 0-8, columns 9-17, boxes 18-26.
"""

from __future__ import annotations

import pytest

from bookgen.core.grid import geometry
from bookgen.grade import Board, Step, Technique
from bookgen.grade.techniques import subsets

GEO = geometry(9)
ROW1, ROW4, COL1, BOX5 = 0, 3, 9, 22


def rc(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def board(drop: dict[int, list[int]] | None = None, only: dict[int, str] | None = None) -> Board:
    """An empty grid with digit d removed from the cells drop[d], and the cells of `only`
    left with just those digits."""
    b = Board((0,) * 81, GEO)
    for d, cells in (drop or {}).items():
        for c in cells:
            b.cands[c] &= ~(1 << (d - 1))
    for c, digits in (only or {}).items():
        b.cands[c] = sum(1 << (int(x) - 1) for x in digits)
    return b


ROW4_OUTSIDE_BOX5 = [rc(4, c) for c in (1, 2, 3, 7, 8, 9)]
BOX5_OFF_ROW4 = [rc(r, c) for r in (5, 6) for c in (4, 5, 6)]


@pytest.mark.parametrize("d", [1, 9])
def test_pointing_step(d):
    steps = subsets.pointing(board({d: BOX5_OFF_ROW4}))
    assert steps == [
        Step(
            Technique.POINTING,
            2.6,
            (rc(4, 4), rc(4, 5), rc(4, 6)),
            (d,),
            eliminated=tuple((c, d) for c in ROW4_OUTSIDE_BOX5),
            units=(BOX5, ROW4),
        )
    ]


@pytest.mark.parametrize("d", [1, 9])
def test_claiming_step(d):
    steps = subsets.claiming(board({d: ROW4_OUTSIDE_BOX5}))
    assert steps == [
        Step(
            Technique.CLAIMING,
            2.8,
            (rc(4, 4), rc(4, 5), rc(4, 6)),
            (d,),
            eliminated=tuple((c, d) for c in BOX5_OFF_ROW4),
            units=(ROW4, BOX5),
        )
    ]


def test_direct_pointing_not_for_a_single_in_another_unit():
    # 7 in box 5 only on row 4, so pointing removes it from r4c1 ...; column 1 then has
    # 7 only at r9c1, a hidden single, but not in row 4 (the pointing's target line)
    b = board({7: BOX5_OFF_ROW4 + [rc(r, 1) for r in (1, 2, 3, 5, 6, 7, 8)]})
    assert subsets.pointing(b) and subsets.direct_pointing(b) == []


@pytest.mark.parametrize("pair", ["12", "23", "89"])
def test_naked_pair_step(pair):
    a, b = (int(x) for x in pair)
    steps = subsets.naked_pair(board(only={rc(1, 1): pair, rc(1, 2): pair}))
    assert steps == [
        Step(
            Technique.NAKED_PAIR,
            3.0,
            (rc(1, 1), rc(1, 2)),
            (a, b),
            eliminated=tuple((rc(1, c), d) for c in range(3, 10) for d in (a, b)),
            units=(ROW1,),
        )
    ]


def test_naked_pair_not_in_a_unit_with_nothing_else_to_remove():
    # the pair fills row 1's only two open cells: nothing to remove there; box 1 is next
    full = {rc(1, c): str(c) for c in range(3, 10)}
    b = board(only={rc(1, 1): "12", rc(1, 2): "12", **full})
    for c in range(3, 10):
        b.cands[rc(1, c)] = 0
    steps = subsets.naked_pair(b)
    assert [s.units for s in steps] == [(18,)]


@pytest.mark.parametrize("digits", [(1, 2), (3, 4), (8, 9)])
def test_hidden_pair_step(digits):
    outside = [rc(1, c) for c in range(3, 10)]
    steps = subsets.hidden_pair(board({d: outside for d in digits}))
    others = [d for d in range(1, 10) if d not in digits]
    assert steps == [
        Step(
            Technique.HIDDEN_PAIR,
            3.4,
            (rc(1, 1), rc(1, 2)),
            digits,
            eliminated=tuple((c, d) for c in (rc(1, 1), rc(1, 2)) for d in others),
            units=(ROW1,),
        )
    ]


def test_hidden_quad_step():
    outside = [rc(1, c) for c in range(5, 10)]
    steps = subsets.hidden_quad(board({d: outside for d in (1, 2, 3, 4)}))
    spots = tuple(rc(1, c) for c in range(1, 5))
    assert steps == [
        Step(
            Technique.HIDDEN_QUAD,
            5.4,
            spots,
            (1, 2, 3, 4),
            eliminated=tuple((c, d) for c in spots for d in range(5, 10)),
            units=(ROW1,),
        )
    ]


def test_direct_hidden_pair_needs_a_single_in_its_own_unit():
    pair_only = {d: [rc(1, c) for c in range(3, 10)] for d in (1, 2)}
    # 3 in row 1 only at r1c1 and r1c3: the pair's removal of 3 at r1c1 leaves r1c3
    direct = board({**pair_only, 3: [rc(1, c) for c in (2, 4, 5, 6, 7, 8, 9)]})
    steps = subsets.direct_hidden_pair(direct)
    assert steps and steps[0].technique is Technique.DIRECT_HIDDEN_PAIR
    assert steps[0].difficulty == 2.0 and steps[0].units == (ROW1,)
    assert steps[0].cells == (rc(1, 1), rc(1, 2)) and steps[0].digits == (1, 2)
    # as SE, it places that single and removes nothing
    assert steps[0].placed == ((rc(1, 3), 3),) and steps[0].eliminated == ()
    # 3 in column 1 only at r1c1 and r5c1: a single, but in column 1, not in row 1
    elsewhere = board({**pair_only, 3: [rc(r, 1) for r in (2, 3, 4, 6, 7, 8, 9)]})
    assert subsets.hidden_pair(elsewhere) and subsets.direct_hidden_pair(elsewhere) == []
    assert subsets.direct_hidden_pair(board(pair_only)) == []
