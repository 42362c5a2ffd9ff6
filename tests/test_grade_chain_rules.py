"""The patterns dynamic forcing chains (+) apply on an assumed board, each alone.

A rule reads `src` (the board before the assumption) and `cands` (the assumed board, some
candidates removed) and yields (targets, parents): the cand indices (cell * 9 + digit - 1)
it removes, and those whose earlier removal it needed. Every case here starts from an open
9x9 grid and removes a few candidates; targets and parents are worked out by hand.
"""

from __future__ import annotations

from bookgen.core.grid import Variant, geometry
from bookgen.grade.techniques import chains

GEO = geometry(9)
ALL = (1 << 9) - 1


def cand(r: int, c: int, d: int) -> int:
    return ((r - 1) * 9 + c - 1) * 9 + d - 1


def assumed(removed: list[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """An open grid (src) and a copy without the given (row, col, digit) candidates."""
    src = [ALL] * 81
    cands = src[:]
    for r, c, d in removed:
        cands[(r - 1) * 9 + c - 1] &= ~(1 << (d - 1))
    return src, cands


def found(rule, src: list[int], cands: list[int], geo=GEO) -> list[tuple[set[int], set[int]]]:
    return sorted(((set(t), set(p)) for t, p in rule(geo, src, cands)), key=lambda x: min(x[0]))


def test_rules_find_nothing_when_nothing_was_removed():
    src, cands = assumed([])
    for rule in (chains._locked_rule, chains._hidden_pair_rule, chains._naked_pair_rule,
                 chains._x_wing_rule):
        assert found(rule, src, cands) == []


def test_pointing_and_claiming():
    # 1 gone from rows 2 and 3 of box 1: box 1 points along row 1
    gone = [(r, c, 1) for r in (2, 3) for c in (1, 2, 3)]
    src, cands = assumed(gone)
    assert found(chains._locked_rule, src, cands) == [
        ({cand(1, c, 1) for c in range(4, 10)}, {cand(r, c, 1) for r, c, _ in gone})
    ]
    # 5 gone from row 4 outside box 5: row 4 claims box 5, whose other rows lose 5
    gone = [(4, c, 5) for c in (1, 2, 3, 7, 8, 9)]
    src, cands = assumed(gone)
    assert found(chains._locked_rule, src, cands) == [
        ({cand(r, c, 5) for r in (5, 6) for c in (4, 5, 6)}, {cand(4, c, 5) for _, c, _ in gone})
    ]


def test_hidden_pair():
    # 1 and 2 of row 1 only in c1 and c2: those cells keep only 1 and 2
    gone = [(1, c, d) for c in range(3, 10) for d in (1, 2)]
    src, cands = assumed(gone)
    assert found(chains._hidden_pair_rule, src, cands) == [
        ({cand(1, c, d) for c in (1, 2) for d in range(3, 10)}, {cand(*g) for g in gone})
    ]


def test_hidden_pair_needs_five_open_cells():
    # as above, but row 1 has only four empty cells before the assumption (SE's rule)
    gone = [(1, c, d) for c in range(3, 5) for d in (1, 2)]
    src, cands = assumed(gone)
    for c in range(4, 9):  # r1c5 to r1c9 filled
        src[c] = cands[c] = 0
    assert found(chains._hidden_pair_rule, src, cands) == []
    src[4] = cands[4] = 1 << 8  # a fifth empty cell (r1c5 holds 9 only)
    assert found(chains._hidden_pair_rule, src, cands) == [
        ({cand(1, c, d) for c in (1, 2) for d in range(3, 10)}, {cand(*g) for g in gone})
    ]


def test_naked_pair_in_its_row_and_box():
    # r1c1 and r1c2 left with 1, 2: the rest of row 1 and of box 1 lose them
    gone = [(1, c, d) for c in (1, 2) for d in range(3, 10)]
    src, cands = assumed(gone)
    parents = {cand(*g) for g in gone}
    row = {cand(1, c, d) for c in range(3, 10) for d in (1, 2)}
    box = {cand(r, c, d) for r, c in [(1, 3)] + [(r, c) for r in (2, 3) for c in (1, 2, 3)]
           for d in (1, 2)}
    # both start at r1c3: the box's first, as SE looks in boxes before rows
    assert found(chains._naked_pair_rule, src, cands) == [(box, parents), (row, parents)]


def test_naked_pair_needs_four_open_cells():
    gone = [(1, c, d) for c in (1, 2) for d in range(3, 10)]
    src, cands = assumed(gone)
    for c in range(3, 9):  # r1c4 to r1c9 filled
        src[c] = cands[c] = 0
    for r in range(2, 4):
        for c in range(1, 4):
            src[(r - 1) * 9 + c - 1] = cands[(r - 1) * 9 + c - 1] = 0
    # row 1 and box 1 now have three empty cells each (r1c1, r1c2, r1c3)
    assert found(chains._naked_pair_rule, src, cands) == []
    src[3] = cands[3] = ALL  # r1c4 empty again: row 1 has four empty cells, box 1 three
    assert found(chains._naked_pair_rule, src, cands) == [
        ({cand(1, c, d) for c in (3, 4) for d in (1, 2)}, {cand(*g) for g in gone})
    ]


def test_x_wing():
    # 6 of rows 1 and 5 only in columns 1 and 5: the rest of those columns lose 6
    gone = [(r, c, 6) for r in (1, 5) for c in (2, 3, 4, 6, 7, 8, 9)]
    src, cands = assumed(gone)
    assert found(chains._x_wing_rule, src, cands) == [
        ({cand(r, c, 6) for r in (2, 3, 4, 6, 7, 8, 9) for c in (1, 5)}, {cand(*g) for g in gone})
    ]
    # the same by columns: 6 of columns 2 and 7 only in rows 3 and 8
    gone = [(r, c, 6) for c in (2, 7) for r in (1, 2, 4, 5, 6, 7, 9)]
    src, cands = assumed(gone)
    assert found(chains._x_wing_rule, src, cands) == [
        ({cand(r, c, 6) for r in (3, 8) for c in (1, 3, 4, 5, 6, 8, 9)}, {cand(*g) for g in gone})
    ]


def test_x_wing_parents_are_its_base_lines_removals_only():
    # 6 also gone from r3c1, in a cover column: no longer a target, nor a parent
    gone = [(r, c, 6) for r in (1, 5) for c in (2, 3, 4, 6, 7, 8, 9)] + [(3, 1, 6)]
    src, cands = assumed(gone)
    (targets, parents), = found(chains._x_wing_rule, src, cands)
    assert targets == {cand(r, c, 6) for r in (2, 3, 4, 6, 7, 8, 9) for c in (1, 5)} - {
        cand(3, 1, 6)}
    assert parents == {cand(r, c, 6) for r in (1, 5) for c in (2, 3, 4, 6, 7, 8, 9)}


def test_generalized_intersection_on_the_x_grid():
    # on an X grid, 1 of row 1 left only in c1 and c2: every cell seeing both loses 1 (the
    # rest of row 1 and of box 1); r1c1 is on the main diagonal, but r1c2 is not on it
    geo = geometry(9, Variant.X)
    gone = [(1, c, 1) for c in range(3, 10)]
    src, cands = assumed(gone)
    assert found(chains._locked_rule, src, cands, geo) == [
        ({cand(r, c, 1) for r in (2, 3) for c in (1, 2, 3)}, {cand(*g) for g in gone})
    ]


def test_no_pointing_from_one_cell():
    # 1 of box 1 only in r1c1 (and gone from r1c9 and r9c1 too): a hidden single, which
    # SE's locked candidates leave to the links (a digit needs two places in the source),
    # so neither row 1 nor column 1 loses 1; with r1c2 kept the box points along row 1
    box = [(r, c, 1) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) != (1, 1)]
    src, cands = assumed(box + [(1, 9, 1), (9, 1, 1)])
    assert found(chains._locked_rule, src, cands) == []
    cands[1] |= 1
    rest = [cand(r, c, 1) for r, c, _ in box if r > 1]
    assert found(chains._locked_rule, src, cands) == [
        ({cand(1, c, 1) for c in range(4, 9)}, set(rest))]


def test_no_pointing_from_a_box_whose_digit_is_placed():
    # r2c2 holds 1: no cell of box 1, row 2 or column 2 has 1, before or after the assumption
    src, cands = assumed([])
    for grid in (src, cands):
        grid[10] = 0
        for c in range(81):
            if c != 10 and (c // 9 == 1 or c % 9 == 1 or (c // 27 == 0 and c % 9 < 3)):
                grid[c] &= ~1
    assert found(chains._locked_rule, src, cands) == []


def test_generalized_intersection_on_a_later_digit():
    # as above with 2 (1 keeps nine places in row 1), and r1c9 had no 2 even before the
    # assumption: it is no parent
    geo = geometry(9, Variant.X)
    gone = [(1, c, 2) for c in range(3, 10)]
    src, cands = assumed(gone)
    src[8] &= ~(1 << 1)
    assert found(chains._locked_rule, src, cands, geo) == [
        ({cand(r, c, 2) for r in (2, 3) for c in (1, 2, 3)}, {cand(*g) for g in gone[:-1]})
    ]


def test_pairs_in_a_later_unit_after_a_small_one():
    # row 1 has four empty cells (too few for SE's hidden pair, enough for a naked pair
    # only with four): units after it are still searched
    gone = [(5, c, d) for c in range(3, 10) for d in (1, 2)]
    src, cands = assumed(gone)
    for c in range(4, 9):  # r1c5 to r1c9 filled
        src[c] = cands[c] = 0
    assert found(chains._hidden_pair_rule, src, cands) == [
        ({cand(5, c, d) for c in (1, 2) for d in range(3, 10)}, {cand(*g) for g in gone})
    ]
    gone = [(5, c, d) for c in (1, 2) for d in range(3, 10)]
    src, cands = assumed(gone)
    for c in range(3, 9):  # r1c4 to r1c9 filled: row 1 has three empty cells
        src[c] = cands[c] = 0
    parents = {cand(*g) for g in gone}
    row = {cand(5, c, d) for c in range(3, 10) for d in (1, 2)}
    box = {cand(r, c, d) for r in (4, 5, 6) for c in (1, 2, 3) for d in (1, 2)} - {
        cand(5, c, d) for c in (1, 2) for d in (1, 2)}
    assert found(chains._naked_pair_rule, src, cands) == sorted(
        [(row, parents), (box, parents)], key=lambda x: min(x[0]))


def test_naked_pair_past_a_cell_with_other_digits():
    # r1c1 and r1c3 left with 1, 2; r1c2 between them with 3, 4: the pair is still found
    gone = [(1, c, d) for c in (1, 3) for d in range(3, 10)]
    gone += [(1, 2, d) for d in (1, 2, 5, 6, 7, 8, 9)]
    src, cands = assumed(gone)
    parents = {cand(1, c, d) for c in (1, 3) for d in range(3, 10)}
    row = {cand(1, c, d) for c in range(4, 10) for d in (1, 2)}
    box = {cand(r, c, d) for r in (2, 3) for c in (1, 2, 3) for d in (1, 2)}
    assert found(chains._naked_pair_rule, src, cands) == sorted(
        [(row, parents), (box, parents)], key=lambda x: min(x[0]))


def test_naked_pair_on_the_x_grid_clears_their_common_peers():
    # r1c1 and r2c2 left with 1, 2 share box 1 and the main diagonal: both units clear
    # box 1 and the rest of the diagonal
    geo = geometry(9, Variant.X)
    gone = [(r, r, d) for r in (1, 2) for d in range(3, 10)]
    src, cands = assumed(gone)
    cells = {(r, c) for r in (1, 2, 3) for c in (1, 2, 3)} | {(r, r) for r in range(3, 10)}
    targets = {cand(r, c, d) for r, c in cells - {(1, 1), (2, 2)} for d in (1, 2)}
    parents = {cand(*g) for g in gone}
    assert found(chains._naked_pair_rule, src, cands, geo) == [(targets, parents)] * 2


def test_x_wing_past_a_line_with_other_places():
    # 6 of rows 1 and 5 only in columns 1 and 5, row 3's only in columns 2 and 7
    gone = [(r, c, 6) for r in (1, 5) for c in (2, 3, 4, 6, 7, 8, 9)]
    gone += [(3, c, 6) for c in (1, 3, 4, 5, 6, 8, 9)]
    src, cands = assumed(gone)
    (targets, parents), = found(chains._x_wing_rule, src, cands)
    assert targets == {cand(r, c, 6) for r in (2, 4, 6, 7, 8, 9) for c in (1, 5)}
    assert parents == {cand(r, c, 6) for r in (1, 5) for c in (2, 3, 4, 6, 7, 8, 9)}
