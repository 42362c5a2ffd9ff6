"""The order in which the level-1 rules inside an assumption meet their deductions, and
what a nested conclusion rests on: SE's.

Inside an assumption the first deduction to remove a candidate names the OFF node's
parents, and the OFF nodes are queued in the order the deductions come, so the order
changes which node a propagation meets first and so the chains' lengths. SE's locked
candidates run through the box -> column locks digit by digit, then box -> row, column ->
box and row -> box; its pairs of digits, cells and lines come by the later one first
(0-1, 0-2, 1-2, 0-3, ...); its X-wings on columns before rows. Each position here is an
open 9x9 grid with a few candidates removed (test_grade_chain_rules.assumed), made so that
the old order (crossing by crossing, pairs by the earlier one first, X-wings on rows
first) gives another deduction first; the Python and compiled rules must agree on it.

A nested search's conclusions come in the order the first assumption's propagation
reached them, and a conclusion's assumptions need what SE's hint gives them: a unit
chain's the digit's removed places in its unit, a cell chain's the cell's removed digits,
a candidate's two ways nothing.
"""

from __future__ import annotations

from collections import deque

import pytest
from test_grade_chain_rules import GEO, assumed, cand

from bookgen.grade.board import Board
from bookgen.grade.scale import Technique
from bookgen.grade.techniques import chains

# 1 of box 1 only in row 1 (it points along row 1), 1 of box 9 only in column 9 (it points
# along column 9): both remove r1c9's 1
POINTING = [(r, c, 1) for r in (2, 3) for c in (1, 2, 3)] + [
    (r, c, 1) for r in (7, 8, 9) for c in (7, 8)]
ALONG_ROW_1 = [cand(1, c, 1) for c in range(4, 10)]
ALONG_COLUMN_9 = [cand(r, 9, 1) for r in range(1, 7)]


def rule_order(rule, removed: list[tuple[int, int, int]]) -> list[list[int]]:
    src, cands = assumed(removed)
    return [sorted(targets) for targets, _ in rule(GEO, src, cands)]


def test_box_to_column_locks_come_before_box_to_row_locks():
    assert rule_order(chains._locked_rule, POINTING) == [ALONG_COLUMN_9, ALONG_ROW_1]


def test_locks_of_one_group_go_digit_by_digit():
    # box 1 points 2 along column 1, box 9 points 1 along column 9: the lower digit first,
    # though box 1 comes first
    removed = [(r, c, 2) for r in (1, 2, 3) for c in (2, 3)] + [
        (r, c, 1) for r in (7, 8, 9) for c in (7, 8)]
    assert rule_order(chains._locked_rule, removed) == [
        [cand(r, 9, 1) for r in range(1, 7)], [cand(r, 1, 2) for r in range(4, 10)]]


def test_hidden_pairs_by_their_higher_digit():
    # box 1: 1 and 4 only in r1c1 and r1c2, 2 and 3 only in r1c3 and r2c1; pair 2-3 comes
    # before pair 1-4 (by the earlier places it would be the other way)
    box = [(r, c) for r in (1, 2, 3) for c in (1, 2, 3)]
    removed = [(r, c, d) for r, c in box for d in (1, 4) if (r, c) not in ((1, 1), (1, 2))]
    removed += [(r, c, d) for r, c in box for d in (2, 3) if (r, c) not in ((1, 3), (2, 1))]
    got = rule_order(chains._hidden_pair_rule, removed)
    assert got[:2] == [
        [cand(r, c, d) for r, c in ((1, 3), (2, 1)) for d in range(5, 10)],
        [cand(1, c, d) for c in (1, 2) for d in range(5, 10)],
    ]


def test_naked_pairs_by_their_later_cell():
    # box 1: r1c1 and r2c1 hold 1 and 2, r1c2 and r1c3 hold 3 and 4: the cells 2 and 3 of
    # the box (r1c2, r1c3) pair first, before cells 1 and 4 (r1c1, r2c1)
    keep = {(1, 1): (1, 2), (2, 1): (1, 2), (1, 2): (3, 4), (1, 3): (3, 4)}
    removed = [(r, c, d) for (r, c), ds in keep.items() for d in range(1, 10) if d not in ds]
    got = rule_order(chains._naked_pair_rule, removed)
    rest = [(r, c) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) not in keep]
    assert got[:2] == [[cand(r, c, d) for r, c in rest for d in (3, 4)],
                       [cand(r, c, d) for r, c in rest for d in (1, 2)]]


def test_x_wings_on_columns_first():
    # 1 only in c1 and c2 of rows 1 and 2 (an X-wing on rows), 2 only in r5 and r6 of
    # columns 5 and 6 (an X-wing on columns): the one on columns comes first
    removed = [(r, c, 1) for r in (1, 2) for c in range(3, 10)]
    removed += [(r, c, 2) for c in (5, 6) for r in range(1, 10) if r not in (5, 6)]
    assert rule_order(chains._x_wing_rule, removed) == [
        [cand(r, c, 2) for r in (5, 6) for c in range(1, 10) if c not in (5, 6)],
        [cand(r, c, 1) for r in range(3, 10) for c in (1, 2)],
    ]


def test_no_x_wing_on_a_digit_open_in_three_lines():
    # 1 open in rows 1 to 3 only before the assumption (placed in the six others, as
    # far as the candidates tell), then only in c1 and c2 of rows 1 and 2: SE looks for
    # no fish there; open in row 4 as well, it finds the X-wing
    src, cands = assumed([(1, c, 1) for c in range(3, 10)] + [(2, c, 1) for c in range(3, 10)])
    for grid in (src, cands):
        for c in range(27, 81):
            grid[c] &= ~1
    assert list(chains._x_wing_rule(GEO, src, cands)) == []
    for grid in (src, cands):
        grid[3 * 9 + 8] |= 1  # r4c9
    (targets, _), = chains._x_wing_rule(GEO, src, cands)
    assert targets == [cand(3, c, 1) for c in (1, 2)]


def _propagate(removed: list[tuple[int, int, int]]) -> tuple[list[int], dict[int, int]]:
    """The OFF nodes the level-1 rules add to an assumption that removed these candidates,
    in the order they are queued, and their ancestors."""
    src, cands = assumed(removed)
    board = Board((0,) * GEO.ncells, GEO)
    board.cands[:] = src
    ch = chains._Chaining(board, y_links=True, dynamic=True, level=1)
    to_off = {i: 1 << (2 * i) for i in set_bits_of(src, cands)}
    pend: deque[int] = deque()
    assert ch._advanced(cands, to_off, pend)
    return list(pend), {j: to_off[j] for j in pend}


def set_bits_of(src: list[int], cands: list[int]) -> list[int]:
    return [c * 9 + d for c in range(81) for d in range(9) if (src[c] & ~cands[c]) >> d & 1]


@pytest.mark.parametrize("backend", ["python", "numba"])
def test_an_assumption_meets_the_box_to_column_lock_first(backend, monkeypatch):
    """r1c9's 1 goes OFF resting on box 9's removals, not box 1's, and column 9's nodes
    are queued first; the Python and compiled rules queue the same nodes alike."""
    if backend == "numba":
        pytest.importorskip("numba")
    monkeypatch.setenv("BOOKGEN_BACKEND", backend)
    assert chains._kernel() is (backend == "numba")
    pend, ancestors = _propagate(POINTING)
    assert sorted(pend) == sorted(set(ALONG_COLUMN_9 + ALONG_ROW_1))
    assert set(pend[:len(ALONG_COLUMN_9)]) == set(ALONG_COLUMN_9)
    box_9 = [cand(r, c, 1) for r in (7, 8, 9) for c in (7, 8)]
    r1c9 = cand(1, 9, 1)
    assert ancestors[r1c9] == sum(1 << (2 * i) for i in box_9 + [r1c9])


def test_python_and_compiled_rules_give_the_same_deductions_in_the_same_order(monkeypatch):
    pytest.importorskip("numba")
    positions = [POINTING]
    positions.append([(r, c, d) for r in (1, 2, 3) for c in (1, 2, 3) for d in (1, 4)
                      if (r, c) not in ((1, 1), (1, 2))]
                     + [(r, c, 2) for c in (5, 6) for r in range(1, 10) if r not in (5, 6)]
                     + [(r, c, 3) for r in (4, 5) for c in range(3, 10)])
    for removed in positions:
        src, cands = assumed(removed)
        board = Board((0,) * GEO.ncells, GEO)
        board.cands[:] = src
        out = []
        for backend in ("python", "numba"):
            monkeypatch.setenv("BOOKGEN_BACKEND", backend)
            ch = chains._Chaining(board, y_links=True, dynamic=True, level=1)
            out.append([[(list(t), list(p)) for t, p in rule if p]
                        for rule in ch._level_one(cands)])
        assert out[0] == out[1]
        assert sum(map(len, out[0])) >= 2


def test_a_multiple_search_meets_its_conclusions_in_the_first_propagation_order():
    """SE intersects the assumptions' sets keeping the first set's order, and ties of
    rating and complexity keep that order: the conclusions come as the first assumption's
    propagation reached them, not by candidate."""
    board = Board((0,) * GEO.ncells, GEO)
    ch = chains._Chaining(board, y_links=True, dynamic=False, level=0)
    first = {40: 0b1, 7: 0b10, 300: 0b100, 12: 0b1000}
    second = {12: 0b10000, 300: 0b100000, 40: 0b1000000}
    assert [k for k, _, _ in chains._common(ch, [first, second], (300,))] == [40, 12]


# row 1 keeps 1 in r1c1 and r1c5 only, box 1 in r1c1 and r2c2 only: assuming r1c1 true
# is a hidden single of the box as much as of the row
ROW_AND_BOX = [(1, c, 1) for c in (2, 3, 4, 6, 7, 8, 9)] + [
    (r, c, 1) for r in (2, 3) for c in (1, 2, 3) if (r, c) != (2, 2)]
ROW_1 = {cand(1, c, 1) for c in (2, 3, 4, 6, 7, 8, 9)}
TECH = Technique.UNIT_FORCING_CHAINS


def _rule_parents(removed, found) -> set[int]:
    src, cands = assumed(removed)
    needed = chains._RuleParents(GEO, chains._order(GEO)[0], src, cands)
    return set(chains.set_bits(needed(found)))


def test_a_unit_chain_needs_its_units_removals_for_its_assumptions():
    """SE gives a unit forcing chain's assumptions the removed places of the digit in the
    chain's unit (row 1 here), not in the first unit where they are down to two (box 1)."""
    starts = ((cand(1, 1, 1), True), (cand(1, 5, 1), True))
    ancestors = sum(1 << (2 * s + 1) for s, _ in starts)
    found = (TECH, 2, cand(1, 1, 2), False, starts, 0, ancestors)
    assert _rule_parents(ROW_AND_BOX, found) == ROW_1


def test_a_cell_chain_needs_its_cells_removals_and_a_double_chain_nothing():
    # r1c1 keeps 1, 2 and 3 only: a cell chain from it needs those removals, whatever its
    # digits' units hold; both ways of r1c1's 1 need nothing for the assumption
    removed = ROW_AND_BOX + [(1, 1, d) for d in range(4, 10)]
    starts = tuple((cand(1, 1, d), True) for d in (1, 2, 3))
    ancestors = sum(1 << (2 * s + 1) for s, _ in starts)
    found = (TECH, 3, cand(5, 5, 5), False, starts, -1, ancestors)
    assert _rule_parents(removed, found) == {cand(1, 1, d) for d in range(4, 10)}
    s = cand(1, 1, 1)
    found = (TECH, 2, cand(5, 5, 5), False, ((s, True), (s, False)), -1,
             1 << (2 * s + 1) | 1 << (2 * s))
    assert _rule_parents(removed, found) == set()


def test_the_compiled_rule_parents_are_the_python_ones():
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from bookgen.engine.kernels import chains_fast

    src, cands = assumed(ROW_AND_BOX)
    units_of, unit_cells, _, _, words = chains._kernel_tables(GEO)
    starts = ((cand(1, 1, 1), True), (cand(1, 5, 1), True))
    # a unit chain from row 1 resting also on an ON node of r5c5 (its 5 down to two
    # places in box 5), and a double chain of r1c1's 1
    inner = cand(5, 5, 5)
    box_5 = [(r, c, 5) for r in (4, 5, 6) for c in (4, 5, 6) if (r, c) not in ((5, 5), (6, 6))]
    for r, c, d in box_5:
        cands[(r - 1) * 9 + c - 1] &= ~(1 << (d - 1))
    cases = [(chains_fast.KIND_UNIT, starts, 0, 0, 0),
             (chains_fast.KIND_DOUBLE, ((starts[0][0], True), (starts[0][0], False)), -1,
              starts[0][0], -1)]
    expected = []
    rows = []
    ancs = np.zeros((len(cases), words), np.uint64)
    for x, (kind, found_starts, unit, a, b) in enumerate(cases):
        keys = [2 * s + on for s, on in found_starts] + [2 * inner + 1]
        ancestors = sum(1 << k for k in keys)
        for k in keys:
            ancs[x, k >> 6] |= np.uint64(1 << (k & 63))
        found = (TECH, len(keys), cand(9, 9, 9), False, found_starts, unit, ancestors)
        expected.append(chains._RuleParents(GEO, chains._order(GEO)[0], src, cands)(found))
        rows.append([kind, cand(9, 9, 9), 0, len(keys), a, b])
    got = chains_fast.needed(9, np.array(src, np.int64), np.array(cands, np.int64), units_of,
                             unit_cells, np.array(rows, np.int64), ancs)
    as_ints = [int.from_bytes(row.astype("<u8").tobytes(), "little") for row in got]
    assert as_ints == expected
    box_5_gone = {cand(r, c, 5) for r, c, _ in box_5}
    assert set(chains.set_bits(expected[0])) == ROW_1 | box_5_gone
    assert set(chains.set_bits(expected[1])) == box_5_gone
