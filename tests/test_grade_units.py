"""The grader on disjoint groups, asterisk, centre dot and girandola grids: each place
where one of these unit families changes a technique (as Sukaku Explainer grades them),
and generated puzzles of each kind graded step by step against their solution.

Hand-built positions start from an empty grid (every cell holds every digit) with some
candidates taken out. Units of these 9x9 grids: rows 0-8, columns 9-17, boxes 18-26,
then the nine disjoint groups 27-35 or the one shape unit 27.
"""

from __future__ import annotations

import pytest

from bookgen.core.grid import Geometry, geometry
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.grade import Board, Step, Technique, describe, grade
from bookgen.grade.tables import tables
from bookgen.grade.techniques import fish, singles, subsets, uniqueness
from bookgen.make.generate import make_puzzle
from bookgen.variants.extra_regions import ASTERISK, CENTRE_DOT, DISJOINT_GROUPS, GIRANDOLA

CLASSIC9 = geometry(9)
GROUPS9 = geometry(9, DISJOINT_GROUPS)
ASTERISK9 = geometry(9, ASTERISK)
CENTRE_DOT9 = geometry(9, CENTRE_DOT)
GIRANDOLA9 = geometry(9, GIRANDOLA)
ALL = (GROUPS9, ASTERISK9, CENTRE_DOT9, GIRANDOLA9)
GROUP1, SHAPE = 27, 27


def rc(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def board(geo: Geometry, drop: dict[int, list[int]]) -> Board:
    """An empty grid with digit d taken out of the cells drop[d]."""
    b = Board((0,) * geo.ncells, geo)
    for d, cells in drop.items():
        for c in cells:
            b.cands[c] &= ~(1 << (d - 1))
    return b


def places(geo: Geometry, u: int, cells: list[int]) -> int:
    """A unit's places of a digit as bits of its cell order."""
    return sum(1 << geo.units[u].index(c) for c in cells)


# The units as people state them: the cell at the same spot of every box (group k: the
# k-th cell of each box); the shapes' nine cells, row by row
STATED = {
    "disjoint-groups": [
        [rc(3 * br + k // 3 + 1, 3 * bc + k % 3 + 1) for br in range(3) for bc in range(3)]
        for k in range(9)
    ],
    "asterisk": [[rc(2, 5), rc(3, 3), rc(3, 7), rc(5, 2), rc(5, 5), rc(5, 8), rc(7, 3),
                  rc(7, 7), rc(8, 5)]],
    "center-dot": [[rc(r, c) for r in (2, 5, 8) for c in (2, 5, 8)]],
    "girandola": [[rc(1, 1), rc(1, 9), rc(2, 5), rc(5, 2), rc(5, 5), rc(5, 8), rc(8, 5),
                   rc(9, 1), rc(9, 9)]],
}


# ---------------------------------------------------------------- the tables


def test_the_families_and_the_locks_they_add():
    assert tables(GROUPS9).kinds[27:] == ("group",) * 9
    assert (tables(ASTERISK9).kinds[27:], tables(CENTRE_DOT9).kinds[27:],
            tables(GIRANDOLA9).kinds[27:]) == (("asterisk",), ("center-dot",), ("girandola",))
    assert all(tables(geo).generalized for geo in ALL)
    classic = tables(CLASSIC9)
    # a group crosses each of three rows and three columns in three cells: 18 locks each
    # way; it meets a box in one cell, so no box lock and no new pointing
    t = tables(GROUPS9)
    assert t.pointing_locks == classic.pointing_locks
    added = t.claiming_locks[len(classic.claiming_locks):]
    assert len(added) == 9 * 6 * 2
    assert (GROUP1, 9, (0, 27, 54), (3, 6, 30, 33, 57, 60), (9, 18, 36, 45, 63, 72)) in added
    assert (0, GROUP1, (0, 3, 6), (1, 2, 4, 5, 7, 8), (27, 30, 33, 54, 57, 60)) in added
    # the shapes lock with nothing (as the diagonals, they are left to the generalized
    # intersections)
    for geo in (ASTERISK9, CENTRE_DOT9, GIRANDOLA9):
        assert tables(geo).claiming_locks == classic.claiming_locks


# ---------------------------------------------------------------- singles


@pytest.mark.parametrize("geo", ALL, ids=lambda g: g.variant.value)
def test_hidden_single_in_a_new_unit_rates_as_a_line_single(geo):
    # 5 left in the first extra unit only at its middle cell; that cell's row, column and
    # box keep other places
    cells = geo.units[27]
    b = board(geo, {5: [c for c in cells if c != cells[4]]})
    assert singles.hidden_singles_box(b) == []
    assert singles.hidden_singles_line(b) == [
        Step(Technique.HIDDEN_SINGLE_LINE, 1.5, (cells[4],), (5,), placed=((cells[4], 5),),
             units=(27,))
    ]
    assert singles.hidden_singles_line(board(CLASSIC9, {5: list(cells[:4] + cells[5:])})) == []


def test_hidden_single_words_name_the_unit():
    cells = GROUPS9.units[GROUP1]
    (step,) = singles.hidden_singles_line(board(GROUPS9, {5: [c for c in cells if c != 30]}))
    assert describe(step, GROUPS9) == "r4c4 = 5: hidden single in group 1"


# ---------------------------------------------------------------- locked candidates


GROUP1_OFF_ROW1 = [rc(r, c) for r in (4, 7) for c in (1, 4, 7)]


def test_generalized_intersection_from_a_group_into_a_row():
    # 7 in group 1 only on row 1 (r1c1, r1c4, r1c7): it leaves the rest of row 1
    (step,) = subsets.generalized_intersection(board(GROUPS9, {7: GROUP1_OFF_ROW1}))
    assert step == Step(
        Technique.GENERALIZED_INTERSECTION, 2.9, (rc(1, 1), rc(1, 4), rc(1, 7)), (7,),
        eliminated=tuple((rc(1, c), 7) for c in (2, 3, 5, 6, 8, 9)), units=(GROUP1,))
    assert subsets.pointing(board(GROUPS9, {7: GROUP1_OFF_ROW1})) == []


def test_direct_claiming_from_a_group_leaves_a_single_in_another_group():
    # as above, and group 2 has 7 on row 1 and at r4c5 only: once row 1 loses its 7s
    # outside group 1, r4c5 is group 2's last place (SE's Locking pairs groups and rows)
    group2_off_row1 = [rc(r, c) for r in (4, 7) for c in (2, 5, 8) if (r, c) != (4, 5)]
    b = board(GROUPS9, {7: GROUP1_OFF_ROW1 + group2_off_row1})
    assert subsets.direct_pointing(b) == []
    (step,) = subsets.direct_claiming(b)
    assert (step.technique, step.difficulty, step.units, step.placed) == (
        Technique.DIRECT_CLAIMING, 1.9, (GROUP1, 0), ((rc(4, 5), 7),))
    assert describe(step, GROUPS9) == (
        "direct claiming triple: 7 in group 1 confined to row 1 -> r4c5 = 7")


def test_generalized_intersection_through_two_units_from_the_asterisk():
    # 4 in the asterisk only at r3c3 and r5c2: a cell seeing both sees one by a column
    # and the other by a box (r1c2-r3c2 in box 1, r4c3-r6c3 in box 4)
    others = [c for c in ASTERISK9.units[SHAPE] if c not in (rc(3, 3), rc(5, 2))]
    (step,) = subsets.generalized_intersection(board(ASTERISK9, {4: others}))
    assert (step.cells, step.units, step.difficulty) == ((rc(3, 3), rc(5, 2)), (SHAPE,), 2.9)
    assert step.eliminated == tuple(
        (c, 4) for c in (rc(1, 2), rc(2, 2), rc(3, 2), rc(4, 3), rc(5, 3), rc(6, 3)))


def test_generalized_intersection_from_the_girandola_into_a_row():
    others = [c for c in GIRANDOLA9.units[SHAPE] if c not in (rc(1, 1), rc(1, 9))]
    (step,) = subsets.generalized_intersection(board(GIRANDOLA9, {8: others}))
    assert step.units == (SHAPE,)
    assert step.eliminated == tuple((rc(1, c), 8) for c in range(2, 9))


# ---------------------------------------------------------------- strong links


def test_a_link_in_any_new_unit_rates_plus_three_tenths():
    for geo in ALL:
        assert fish._extra(board(geo, {}), [0, 27], False) == 0.3
    assert fish._extra(board(GROUPS9, {}), [0, 1], False) == 0.0
    assert fish._extra(board(GROUPS9, {}), [0, 18], False) == 0.1


def test_turbot_crane_through_a_group():
    # 5 in group 1 only at r1c1, r4c4; in column 9 only at r4c9, r8c9; r4c4 and r4c9
    # share row 4: r1c1 or r8c9 holds 5. r8c1 sees both by its column and row, r2c3 sees
    # r1c1 in box 1 and r8c9 in group 6
    group1 = [c for c in GROUPS9.units[GROUP1] if c not in (rc(1, 1), rc(4, 4))]
    column9 = [rc(r, 9) for r in range(1, 10) if r not in (4, 8)]
    (step,) = fish.two_strong_links(board(GROUPS9, {5: group1 + column9}))
    assert step == Step(Technique.TURBOT_CRANE, 4.3,
                        (rc(1, 1), rc(4, 4), rc(4, 9), rc(8, 9)), (5,),
                        eliminated=((rc(2, 3), 5), (rc(8, 1), 5)), units=(17, GROUP1))


def test_a_group_groups_its_strong_links_as_a_box_with_the_heart_on_its_first_row():
    # places r1c4, r1c7 (row 1) and r4c1, r7c1 (column 1) cross at r1c1: a grouped link
    pos = places(GROUPS9, GROUP1, [rc(1, 4), rc(1, 7), rc(4, 1), rc(7, 1)])
    row, col = frozenset({rc(1, 4), rc(1, 7)}), frozenset({rc(4, 1), rc(7, 1)})
    assert fish._unit_links(GROUPS9, GROUP1, pos) == [
        (GROUP1, row, col, True), (GROUP1, col, row, True)]
    # the same shape crossing at r4c1 (the group's second row) Sukaku does not try
    pos = places(GROUPS9, GROUP1, [rc(4, 4), rc(4, 7), rc(1, 1), rc(7, 1)])
    assert fish._unit_links(GROUPS9, GROUP1, pos) == []
    # two places on one row: that row's link, not the group's
    assert fish._unit_links(GROUPS9, GROUP1, places(GROUPS9, GROUP1, [0, 3])) == []


def test_a_shape_groups_its_strong_links_by_thirds_of_its_cells():
    # the asterisk's thirds are r2c5 r3c3 r3c7 | r5c2 r5c5 r5c8 | r7c3 r7c7 r8c5 (each
    # cell in a box of its own): places in two thirds make a grouped link
    top, middle = frozenset({rc(2, 5), rc(3, 3)}), frozenset({rc(5, 2)})
    pos = places(ASTERISK9, SHAPE, sorted(top | middle))
    assert fish._unit_links(ASTERISK9, SHAPE, pos) == [
        (SHAPE, top, middle, True), (SHAPE, middle, top, True)]
    pos = places(ASTERISK9, SHAPE, [rc(2, 5), rc(5, 2), rc(8, 5)])
    assert fish._unit_links(ASTERISK9, SHAPE, pos) == []


# ---------------------------------------------------------------- uniqueness


def rectangle_steps(geo: Geometry, a: int, b: int) -> list[Step]:
    """The unique loops over a type-1 unique rectangle on 1, 2 in rows 1, 2 and columns
    a, b (two boxes): three corners hold 1, 2, the fourth 1, 2, 3, and no other cell of
    their rows, columns and boxes holds 1 or 2."""
    corners = (rc(1, a), rc(1, b), rc(2, a), rc(2, b))
    near = {x for c in corners for u in CLASSIC9.cell_units[c] for x in CLASSIC9.units[u]}
    bd = board(geo, {1: sorted(near - set(corners)), 2: sorted(near - set(corners))})
    for c in corners:
        bd.cands[c] = 0b011
    bd.cands[corners[3]] = 0b111
    return [s for s in uniqueness.unique_loop(bd) if set(s.cells[:4]) == set(corners)]


@pytest.mark.parametrize(("geo", "cols", "deadly"), [
    (GROUPS9, (1, 4), True),  # r1c1, r1c4 in group 1; r2c1, r2c4 in group 4
    (GROUPS9, (1, 5), False),  # r1c1 alone in group 1, r1c5 alone in group 2, ...
    (CENTRE_DOT9, (2, 5), True),  # r2c2 and r2c5 both in the centre dot
    (CENTRE_DOT9, (2, 4), False),  # r2c2 alone in it
    (ASTERISK9, (1, 4), True),  # no corner in the asterisk
    (ASTERISK9, (5, 7), False),  # r2c5 alone in it
    (GIRANDOLA9, (1, 4), False),  # r1c1 alone in it
], ids=str)
def test_a_rectangle_is_deadly_only_with_two_corners_in_each_new_unit_it_touches(
    geo, cols, deadly
):
    assert rectangle_steps(CLASSIC9, *cols)  # on a classic grid it always is
    steps = rectangle_steps(geo, *cols)
    assert bool(steps) is deadly
    if deadly:
        assert steps[0].difficulty == 4.5
        assert set(steps[0].eliminated) == {(rc(2, cols[1]), 1), (rc(2, cols[1]), 2)}


# ---------------------------------------------------------------- whole puzzles


def test_the_stated_units_are_the_geometry_units():
    for geo in ALL:
        assert sorted(map(sorted, geo.units[27:])) == sorted(STATED[geo.variant.value])


@pytest.mark.parametrize("geo", ALL, ids=lambda g: g.variant.value)
@pytest.mark.parametrize("index", [0, 1])
def test_generated_puzzles_grade_to_their_solution(geo, index):
    """The solution holds every digit once in each stated unit; the grade solves the
    puzzle to it, and no step places or removes anything against it."""
    spec = DigSpec(9, variant=geo.variant, clues=ClueTarget(24, 28))
    p = make_puzzle(spec, 31, index)
    solution = p.solution
    for unit in STATED[geo.variant.value] + [list(u) for u in CLASSIC9.units]:
        assert sorted(solution[c] for c in unit) == list(range(1, 10))
    g = grade(p.puzzle, geo, solution)
    assert g.solved and all(s.technique is not Technique.TRIAL for s in g.steps)
    for step in g.steps:
        for c, v in step.placed:
            assert solution[c] == v, (step, geo.label(c))
        for c, d in step.eliminated:
            assert solution[c] != d, (step, geo.label(c))
    b = Board(p.puzzle, geo)
    for step in g.steps:
        b.apply(step)
    assert tuple(b.values) == tuple(solution)
