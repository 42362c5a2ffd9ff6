"""X and hyper grids graded as Sukaku Explainer (SE) grades them: the strong links it
draws in boxes and windows, the order of its direct locks, and whole puzzles where each
rule decides the grade, with the grade SE's `serate --isWindows=1` / `--isX=1` gives.

A unit's strong links are checked on its places of a digit (bit i: the unit's i-th cell,
cells row-major); units of a 9x9 grid: rows 0-8, columns 9-17, boxes 18-26, then windows
27-30 and hidden windows 31-35 (hyper), or diagonals 27-28 (X).
"""

from __future__ import annotations

import pytest

from bookgen.core.grid import Geometry, geometry
from bookgen.core.rules import Variant
from bookgen.grade import Technique, grade
from bookgen.grade.tables import grading_geometry, tables
from bookgen.grade.techniques import fish

HYPER9 = grading_geometry(geometry(9, Variant.HYPER))
X9 = geometry(9, Variant.X)
CLASSIC9 = geometry(9)
BOX1, WINDOW1 = 18, 27


def rc(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def links(geo: Geometry, unit: int, *cells: int) -> set[tuple[frozenset[int], frozenset[int]]]:
    """The unit's strong links (end, other end) when a digit's places are `cells`."""
    pos = sum(1 << geo.units[unit].index(c) for c in cells)
    out = set()
    for u, one, two, grouped in fish._unit_links(geo, unit, pos):
        assert u == unit and grouped
        out.add((one, two))
    return out


def both_ways(*pairs: tuple[set[int], set[int]]) -> set[tuple[frozenset[int], frozenset[int]]]:
    return {(frozenset(a), frozenset(b)) for x, y in pairs for a, b in ((x, y), (y, x))}


# ---------------------------------------------------------------- crossings in windows


def test_a_window_crossing_counts_only_with_its_heart_in_the_window_top_row():
    # r3c3, r4c2, r4c3 in window 1 (r2-4, c2-4) cross at r4c3, the window's bottom row:
    # SE looks for a window's heart in its top row only, so no link; the same places in
    # box 1 (r1c2... shifted one row and column up) make one
    assert links(HYPER9, WINDOW1, rc(3, 3), rc(4, 2), rc(4, 3)) == set()
    assert links(HYPER9, BOX1, rc(2, 2), rc(3, 1), rc(3, 2)) == both_ways(
        ({rc(3, 1)}, {rc(2, 2), rc(3, 2)})
    )
    # r2c3, r2c4, r3c3 cross at r2c3, in the window's top row: a link
    assert links(HYPER9, WINDOW1, rc(2, 3), rc(2, 4), rc(3, 3)) == both_ways(
        ({rc(2, 4)}, {rc(3, 3), rc(2, 3)})
    )


def test_a_hidden_window_crossing_also_needs_its_heart_in_the_top_row():
    # hidden window 1 is r159 x c159: r5c5, r9c1, r9c5 cross at r9c5 (bottom row)
    hidden1 = 31
    assert HYPER9.unit_names[hidden1] == "hidden window 1 (r159c159)"
    assert links(HYPER9, hidden1, rc(5, 5), rc(9, 1), rc(9, 5)) == set()
    # r1c5, r1c9, r5c5, r9c5 cross at r1c5 (top row): the column arm takes the heart in
    assert links(HYPER9, hidden1, rc(1, 5), rc(1, 9), rc(5, 5), rc(9, 5)) == both_ways(
        ({rc(1, 9)}, {rc(1, 5), rc(5, 5), rc(9, 5)})
    )


def test_the_hidden_windows_on_three_consecutive_rows_are_read_column_by_column():
    # SE reads r678c159 (and r234c159) down its columns: its first line is column 1
    hidden5 = 35
    assert HYPER9.unit_names[hidden5] == "hidden window 5 (r678c159)"
    # r6c5, r6c9, r7c9, r8c9 cross at r6c9, in the top row but not in column 1: no link
    assert links(HYPER9, hidden5, rc(6, 5), rc(6, 9), rc(7, 9), rc(8, 9)) == set()
    # r6c1, r6c5, r7c1 cross at r6c1; of the two single arms, the one SE reads as its
    # column is the row's: row 6 takes the heart in
    assert links(HYPER9, hidden5, rc(6, 1), rc(6, 5), rc(7, 1)) == both_ways(
        ({rc(7, 1)}, {rc(6, 1), rc(6, 5)})
    )


# ---------------------------------------------------------------- the ends of a crossing


def test_a_two_cell_arm_takes_the_heart_in_when_the_other_arm_is_single():
    # box 1: 1, 2 of row 1 and r2c1, crossing at r1c1, which does not hold the digit
    places = (rc(1, 2), rc(1, 3), rc(2, 1))
    assert links(HYPER9, BOX1, *places) == both_ways(
        ({rc(1, 1), rc(1, 2), rc(1, 3)}, {rc(2, 1)})
    )
    assert links(X9, BOX1, *places) == links(HYPER9, BOX1, *places)
    # the classic ladder keeps the arms as they are
    assert links(CLASSIC9, BOX1, *places) == both_ways(({rc(1, 2), rc(1, 3)}, {rc(2, 1)}))


def test_two_cell_arms_both_take_in_a_heart_that_holds_the_digit():
    places = (rc(1, 1), rc(1, 2), rc(1, 3), rc(2, 1), rc(3, 1))
    assert links(HYPER9, BOX1, *places) == both_ways(
        ({rc(1, 1), rc(1, 2), rc(1, 3)}, {rc(1, 1), rc(2, 1), rc(3, 1)})
    )
    # classic: the heart joins either arm
    assert links(CLASSIC9, BOX1, *places) == both_ways(
        ({rc(1, 1), rc(1, 2), rc(1, 3)}, {rc(2, 1), rc(3, 1)}),
        ({rc(1, 2), rc(1, 3)}, {rc(1, 1), rc(2, 1), rc(3, 1)}),
    )


# ---------------------------------------------------------------- boxes split in two lines


def test_a_box_whose_places_lie_on_two_rows_splits_into_them():
    # r1c1, r1c2, r2c1, r2c3: no row and column of the box hold them all
    places = (rc(1, 1), rc(1, 2), rc(2, 1), rc(2, 3))
    expected = both_ways(({rc(1, 1), rc(1, 2)}, {rc(2, 1), rc(2, 3)}))
    assert links(HYPER9, BOX1, *places) == expected
    assert links(X9, BOX1, *places) == expected
    assert links(CLASSIC9, BOX1, *places) == set()


def test_a_box_whose_places_fill_a_square_splits_both_ways():
    places = (rc(2, 2), rc(2, 3), rc(3, 2), rc(3, 3))
    assert links(X9, BOX1, *places) == both_ways(
        ({rc(2, 2), rc(2, 3)}, {rc(3, 2), rc(3, 3)}),
        ({rc(2, 2), rc(3, 2)}, {rc(2, 3), rc(3, 3)}),
    )


# ---------------------------------------------------------------- direct locks


def test_hyper_direct_locks_follow_sukaku_order():
    t = tables(HYPER9)
    kinds = t.kinds
    # pointing: boxes to rows and columns only
    assert {(kinds[s], kinds[d]) for s, d, *_ in t.pointing_locks} == {
        ("box", "row"), ("box", "column")
    }
    # claiming: lines to boxes, then the windows' locks in SE's order of kinds
    pairs = [(kinds[s], kinds[d]) for s, d, *_ in t.claiming_locks]
    lines = [p for p in pairs if "window" not in p]
    assert set(lines) == {("row", "box"), ("column", "box")}
    assert pairs[: len(lines)] == lines
    order = []
    for pair in pairs[len(lines):]:
        if not order or order[-1] != pair:
            order.append(pair)
    assert order == [
        ("window", "column"), ("window", "row"), ("column", "window"), ("row", "window"),
        ("box", "window"), ("window", "box"),
    ]
    # nine windows (four drawn, five hidden) each cross three rows and three columns
    assert sum(1 for s, d, *_ in t.claiming_locks if kinds[s] == "window"
               and kinds[d] == "row") == 27


# ---------------------------------------------------------------- whole puzzles, as serate


@pytest.mark.parametrize(
    ("puzzle", "variant", "se", "hardest"),
    [
        # a window crossing with its heart outside the top row is no link
        ("....47.........7...7..9..........8....3...4.1...8..........612..1.....86........7",
         Variant.HYPER, 5.6, Technique.WXYZ_WING),
        # a box split between two rows
        (".....6.....93..8......1.....5.....6...6.....44......18....25.....58.3............",
         Variant.HYPER, 4.3, Technique.EMPTY_RECTANGLE),
        # a two-cell arm with the heart: a cell seeing the arm through a hidden window
        # but not the heart keeps its candidate
        (".......3.......7....7..8..4.6.2.3..9.4......3.9............5.....1.97...8.......5",
         Variant.HYPER, 5.7, Technique.THREE_STRONG_LINKS),
        # two single arms: the column's takes the heart in
        ("..9........8......62.....9.....97..8....2..1.1.....23.48.........1.......6......4",
         Variant.HYPER, 5.7, Technique.THREE_STRONG_LINKS),
        # r678c159 read column by column: no crossing at r6c9
        ("...7..6..........2.......3.192.76..573.........69.8............4.7...56....5.....",
         Variant.HYPER, 4.2, Technique.XY_WING),
        # a window's direct claiming comes before a box -> window direct pointing
        (".......29.4.........58.....26.........9.6.....8.....3.3...16..............27...4.",
         Variant.HYPER, 1.9, Technique.DIRECT_CLAIMING),
    ],
)
def test_puzzles_grade_as_serate_grades_them(puzzle, variant, se, hardest):
    values = tuple(0 if ch == "." else int(ch) for ch in puzzle)
    g = grade(values, geometry(9, variant))
    assert g.solved
    assert (g.grade, g.technique) == (se, hardest)
