"""The grader on X, hyper and jigsaw grids: steps that exist only through a variant's
units, classic patterns a variant unit breaks, and whole generated puzzles solved to the
solution the independent exact-cover solver finds.

Hand-built positions start from an empty grid (every cell holds every digit) with some
candidates taken out. Units of a 9x9 grid: rows 0-8, columns 9-17, boxes or regions
18-26, then diagonals 27-28 (X) or windows 27-30 and hidden windows 31-35 (hyper).
"""

from __future__ import annotations

import pytest
from exact_cover import count_exact, solutions_exact

from bookgen.core.grid import Geometry, geometry
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Variant
from bookgen.grade import Board, Step, Technique, describe, explain, grade
from bookgen.grade.explain import format_candidates
from bookgen.grade.tables import grading_geometry, tables
from bookgen.grade.techniques import singles, subsets, uniqueness
from bookgen.make.generate import make_puzzle

X9 = geometry(9, Variant.X)
HYPER9 = geometry(9, Variant.HYPER)
CLASSIC9 = geometry(9)
DIAG1, DIAG2 = 27, 28
WINDOW1, HIDDEN4 = 27, 34

# A 9x9 jigsaw layout (connected regions of nine cells, few of them boxes)
JIGSAW9 = (
    "111122333"
    "112122333"
    "142222363"
    "144555663"
    "447555666"
    "477555666"
    "447888999"
    "477788999"
    "778888999"
)
# A 5x5 jigsaw: region 3 is r2c3, r3c2-4, r4c3 (a plus sign)
JIGSAW5 = "AAABB" "AACBB" "DCCCB" "DDCEE" "DDEEE"


def rc(r: int, c: int, n: int = 9) -> int:
    return (r - 1) * n + c - 1


def board(geo: Geometry, drop: dict[int, list[int]] | None = None,
          only: dict[int, str] | None = None) -> Board:
    """An empty grid with digit d taken out of the cells drop[d], and the cells of `only`
    left with just those digits."""
    b = Board((0,) * geo.ncells, geo)
    for d, cells in (drop or {}).items():
        for c in cells:
            b.cands[c] &= ~(1 << (d - 1))
    for c, digits in (only or {}).items():
        b.cands[c] = sum(1 << (int(x) - 1) for x in digits)
    return b


# ---------------------------------------------------------------- the grading geometry


def test_hyper_grades_with_the_five_hidden_windows():
    geo = grading_geometry(HYPER9)
    assert geo.units[:31] == HYPER9.units
    assert len(geo.units) == 36
    assert geo.unit_names[31:] == (
        "hidden window 1 (r159c159)", "hidden window 2 (r159c234)",
        "hidden window 3 (r159c678)", "hidden window 4 (r234c159)",
        "hidden window 5 (r678c159)",
    )
    # every cell is in exactly one of the nine windows
    windows = [set(u) for u in geo.units[27:]]
    assert sorted(c for w in windows for c in w) == list(range(81))
    assert rc(5, 5) in geo.peers[rc(1, 1)]  # both in hidden window 1
    assert rc(5, 5) not in HYPER9.peers[rc(1, 1)]
    assert grading_geometry(X9) is X9 and grading_geometry(CLASSIC9) is CLASSIC9


def test_hidden_windows_hold_every_digit_in_hyper_solutions():
    """The reason they are units: every solution of a hyper puzzle has each digit once in
    each hidden window (checked on the exact-cover solver's solutions, which know only
    the four windows)."""
    geo = grading_geometry(HYPER9)
    for i in range(3):
        p = make_puzzle(DigSpec(9, variant=Variant.HYPER, minimal=True), 5, i)
        (solution,) = solutions_exact(p.puzzle, HYPER9, 2)
        for cells in geo.units[31:]:
            assert sorted(solution[c] for c in cells) == list(range(1, 10))


def test_unit_kinds():
    assert tables(X9).kinds[27:] == ("diagonal", "antidiagonal")
    assert set(tables(HYPER9).kinds[27:]) == {"window"}
    jig = geometry(9, Variant.JIGSAW, JIGSAW9)
    assert tables(jig).kinds[18:27] == ("box",) * 9  # regions play the boxes' part
    assert tables(jig).boxes == tuple(range(18, 27))
    assert not tables(jig).generalized and not tables(CLASSIC9).generalized
    assert tables(X9).generalized and tables(HYPER9).generalized


# ---------------------------------------------------------------- singles


def test_hidden_single_on_a_diagonal():
    # 5 left on diagonal 1 only at r3c3; row 3, column 3 and box 1 still have other places
    others = [rc(i, i) for i in range(1, 10) if i != 3]
    b = board(X9, {5: others})
    assert singles.hidden_singles_box(b) == []
    assert singles.hidden_singles_line(b) == [
        Step(Technique.HIDDEN_SINGLE_LINE, 1.5, (rc(3, 3),), (5,),
             placed=((rc(3, 3), 5),), units=(DIAG1,))
    ]
    assert describe(singles.hidden_singles_line(b)[0], X9) == (
        "r3c3 = 5: hidden single in diagonal 1"
    )
    # the same candidates on a classic grid: no single anywhere
    assert singles.hidden_singles_line(board(CLASSIC9, {5: others})) == []


def test_hidden_single_in_a_hidden_window():
    # 8 left in hidden window 1 (r159c159) only at r5c5
    others = [rc(r, c) for r in (1, 5, 9) for c in (1, 5, 9) if (r, c) != (5, 5)]
    b = board(HYPER9, {8: others})
    (step,) = singles.hidden_singles_line(b)
    assert (step.placed, step.units, step.difficulty) == (((rc(5, 5), 8),), (31,), 1.5)
    assert describe(step, HYPER9) == (
        "r5c5 = 8: hidden single in hidden window 1 (r159c159)"
    )


def test_hidden_single_in_a_jigsaw_region_is_a_box_single():
    geo = geometry(5, Variant.JIGSAW, JIGSAW5)
    plus = [rc(2, 3, 5), rc(3, 2, 5), rc(3, 4, 5), rc(4, 3, 5)]  # region 3 but its centre
    (step,) = singles.hidden_singles_box(board(geo, {2: plus}))
    assert step == Step(Technique.HIDDEN_SINGLE_BOX, 1.2, (rc(3, 3, 5),), (2,),
                        placed=((rc(3, 3, 5), 2),), units=(12,))
    assert describe(step, geo) == "r3c3 = 2: hidden single in region 3"


# ---------------------------------------------------------------- locked candidates


ROW2_OUT_OF_WINDOW1 = [rc(2, c) for c in (1, 5, 6, 7, 8, 9)]
WINDOW1_OFF_ROW2 = [rc(r, c) for r in (3, 4) for c in (2, 3, 4)]


@pytest.mark.parametrize("d", [1, 9])
def test_generalized_intersection_from_a_window_into_a_row(d):
    steps = subsets.generalized_intersection(board(HYPER9, {d: WINDOW1_OFF_ROW2}))
    assert steps == [
        Step(Technique.GENERALIZED_INTERSECTION, 2.9, (rc(2, 2), rc(2, 3), rc(2, 4)), (d,),
             eliminated=tuple((c, d) for c in ROW2_OUT_OF_WINDOW1), units=(WINDOW1,))
    ]
    assert describe(steps[0], HYPER9) == (
        f"generalized intersection: {d} in window 1 only at r2c2, r2c3, r2c4, so not in "
        f"the cells seeing them all -> removed from r2c1, r2c5, r2c6, r2c7, r2c8, r2c9"
    )


def test_x_and_hyper_replace_pointing_and_claiming_as_sukaku():
    # 4 in box 1 only on row 1: pointing (2.6) on a classic grid, a generalized
    # intersection (2.9) with the same removals on X and hyper grids
    drop = {4: [rc(r, c) for r in (2, 3) for c in (1, 2, 3)]}
    (classic,) = subsets.pointing(board(CLASSIC9, drop))
    assert subsets.generalized_intersection(board(CLASSIC9, drop)) == []
    for geo in (X9, HYPER9):
        b = board(geo, drop)
        assert subsets.pointing(b) == subsets.claiming(b) == []
        (step,) = subsets.generalized_intersection(b)
        assert (step.difficulty, step.units, step.eliminated) == (
            2.9, (18,), classic.eliminated)


def test_generalized_intersection_from_a_diagonal_into_a_box():
    # 6 on diagonal 2 only at r1c9, r2c8, r3c7 (all in box 3): it leaves the rest of box 3
    others = [rc(i, 10 - i) for i in range(4, 10)]
    (step,) = subsets.generalized_intersection(board(X9, {6: others}))
    box3_rest = [rc(r, c) for r in (1, 2, 3) for c in (7, 8, 9) if r + c != 10]
    assert step.units == (DIAG2,) and step.digits == (6,)
    assert sorted(step.eliminated) == sorted((c, 6) for c in box3_rest)


def test_direct_claiming_from_a_window_through_a_hidden_window():
    # 7 in window 1 only on row 2: it leaves r2c1, ...; hidden window 4 (r234c159) then
    # has 7 only at r3c1, a hidden single: direct claiming (source not a box), 1.9
    b = board(HYPER9, {7: WINDOW1_OFF_ROW2 + [rc(r, c) for r in (2, 3, 4) for c in (5, 9)]
                       + [rc(4, 1)]})
    assert subsets.direct_pointing(b) == []
    (step,) = subsets.direct_claiming(b)
    assert (step.technique, step.difficulty, step.units) == (
        Technique.DIRECT_CLAIMING, 1.9, (WINDOW1, 1))
    # as SE, the step places the single; the removals from r2c1, r2c6-8 wait
    assert step.placed == ((rc(3, 1), 7),) and step.eliminated == ()
    assert describe(step, HYPER9) == (
        "direct claiming triple: 7 in window 1 confined to row 2 -> r3c1 = 7")


def test_no_direct_locking_along_a_diagonal():
    """Sukaku's Locking pairs boxes, lines and windows, never diagonals: 3 confined to
    box 1 on diagonal 1 would leave box 5 a single (r5c6), but only the generalized
    intersection (2.9) takes it off the diagonal."""
    box1_off_d1 = [rc(r, c) for r in (1, 2, 3) for c in (1, 2, 3) if r != c]
    box5_rest = [rc(r, c) for r in (4, 5, 6) for c in (4, 5, 6) if (r, c) not in ((4, 4), (5, 6))]
    b = board(X9, {3: box1_off_d1 + box5_rest})
    assert subsets.direct_pointing(b) == subsets.direct_claiming(b) == []
    (step,) = subsets.generalized_intersection(b)
    assert step.units == (18,) and step.cells == (rc(1, 1), rc(2, 2), rc(3, 3))
    assert step.eliminated == tuple((rc(i, i), 3) for i in (4, 7, 8, 9))


JIG = geometry(5, Variant.JIGSAW, JIGSAW5)
COL3, ROW3, REGION3 = 7, 2, 12


@pytest.mark.parametrize("d", [1, 5])
def test_region_column_claiming_on_a_jigsaw(d):
    # d in column 3 only inside region 3 (r2c3, r3c3, r4c3): it leaves r3c2 and r3c4
    col3_out = [rc(1, 3, 5), rc(5, 3, 5)]
    steps = subsets.claiming(board(JIG, {d: col3_out}))
    assert steps == [
        Step(Technique.CLAIMING, 2.8, (rc(2, 3, 5), rc(3, 3, 5), rc(4, 3, 5)), (d,),
             eliminated=((rc(3, 2, 5), d), (rc(3, 4, 5), d)), units=(COL3, REGION3))
    ]
    assert describe(steps[0], JIG) == (
        f"claiming triple: {d} in column 3 confined to region 3 -> removed from r3c2, r3c4"
    )


def test_region_row_pointing_on_a_jigsaw():
    # 4 in region 3 only on row 3: it leaves r3c1 and r3c5
    steps = subsets.pointing(board(JIG, {4: [rc(2, 3, 5), rc(4, 3, 5)]}))
    assert steps == [
        Step(Technique.POINTING, 2.6, (rc(3, 2, 5), rc(3, 3, 5), rc(3, 4, 5)), (4,),
             eliminated=((rc(3, 1, 5), 4), (rc(3, 5, 5), 4)), units=(REGION3, ROW3))
    ]


# ---------------------------------------------------------------- naked sets


def test_generalized_naked_pair_reaches_cells_seeing_both():
    # r1c1 and r2c2 hold only 1, 2 (box 1, both on diagonal 1): on an X grid the pair also
    # leaves the rest of diagonal 1, on a classic grid only the rest of box 1
    only = {rc(1, 1): "12", rc(2, 2): "12"}
    (x_step,) = subsets.naked_pair(board(X9, only=only))
    (c_step,) = subsets.naked_pair(board(CLASSIC9, only=only))
    box1 = {rc(r, c) for r in (1, 2, 3) for c in (1, 2, 3)} - {rc(1, 1), rc(2, 2)}
    diag = {rc(i, i) for i in range(3, 10)}
    assert {c for c, _ in c_step.eliminated} == box1
    assert {c for c, _ in x_step.eliminated} == box1 | diag
    assert x_step.difficulty == c_step.difficulty == 3.0
    assert describe(x_step, X9).startswith(
        "naked pair: r1c1, r2c2 hold only 1, 2 in box 1 (and so not in any cell seeing all "
        "their places) -> removed")
    assert "seeing" not in describe(c_step, CLASSIC9)


# ---------------------------------------------------------------- uniqueness


def _rectangle_board(geo: Geometry, cols: tuple[int, int]) -> tuple[Board, tuple[int, ...]]:
    """A type-1 unique rectangle on 1, 2 in rows 1, 2 and the given columns (two boxes):
    three cells hold 1, 2 and the fourth 1, 2, 3; no other cell of their rows, columns
    and boxes holds 1 or 2."""
    a, b = cols
    corners = (rc(1, a), rc(1, b), rc(2, a), rc(2, b))
    near = {x for c in corners for u in CLASSIC9.cell_units[c] for x in CLASSIC9.units[u]}
    near -= set(corners)
    bd = board(geo, {1: sorted(near), 2: sorted(near)},
               only={corners[0]: "12", corners[1]: "12", corners[2]: "12", corners[3]: "123"})
    return bd, corners


def _rectangle_steps(geo: Geometry, cols: tuple[int, int]) -> list[Step]:
    bd, corners = _rectangle_board(geo, cols)
    return [s for s in uniqueness.unique_loop(bd) if set(s.cells[:4]) == set(corners)]


def test_unique_rectangle_on_a_classic_grid():
    (step,) = _rectangle_steps(CLASSIC9, (2, 5))
    assert step.technique is Technique.UNIQUE_RECTANGLE and step.difficulty == 4.5
    assert set(step.eliminated) == {(rc(2, 5), 1), (rc(2, 5), 2)}


def test_a_diagonal_breaks_the_unique_rectangle():
    # r2c2 is on diagonal 1, which holds no other corner: swapping 1 and 2 would put the
    # other digit on the diagonal twice or not at all, so the rectangle is no deadly pattern
    assert _rectangle_steps(X9, (2, 5)) == []
    # columns 4 and 7 keep the rectangle off both diagonals: it stays deadly on X
    (step,) = _rectangle_steps(X9, (4, 7))
    assert set(step.eliminated) == {(rc(2, 7), 1), (rc(2, 7), 2)}


def test_a_window_breaks_the_unique_rectangle():
    # r2c4 lies in window 1 and r2c7 in window 2, each alone there
    assert _rectangle_steps(HYPER9, (4, 7)) == []
    assert _rectangle_steps(CLASSIC9, (4, 7))


# ---------------------------------------------------------------- strong links


def test_a_strong_link_in_a_diagonal_rates_like_a_grouped_one():
    """Sukaku adds 0.3 to a chain with a link in a diagonal or window."""
    from bookgen.grade.techniques import fish

    assert fish._extra(board(X9), [0, DIAG1], False) == 0.3
    assert fish._extra(board(HYPER9), [9, 33], False) == 0.3
    assert fish._extra(board(X9), [0, 1], False) == 0.0
    assert fish._extra(board(X9), [0, 18], False) == 0.1


# ---------------------------------------------------------------- whole puzzles


def _check_solve(values: tuple[int, ...], geo: Geometry) -> None:
    """The puzzle is unique by the exact-cover solver, the grade solves it to that
    solution, and no step places or removes anything against it."""
    sols = solutions_exact(values, geo, 2)
    assert len(sols) == 1, "the puzzle is not unique"
    (solution,) = sols
    g = grade(values, geo, solution)
    assert g.solved
    for step in g.steps:
        for c, v in step.placed:
            assert solution[c] == v, (step, geo.label(c))
        for c, d in step.eliminated:
            assert solution[c] != d, (step, geo.label(c))
    board = Board(values, geo)
    for step in g.steps:
        board.apply(step)
    assert tuple(board.values) == solution
    assert all(s.technique is not Technique.TRIAL for s in g.steps)


@pytest.mark.parametrize("variant", [Variant.X, Variant.HYPER])
@pytest.mark.parametrize("index", [0, 1])
def test_generated_variant_puzzles_grade_to_their_solution(variant, index):
    spec = DigSpec(9, variant=variant, clues=ClueTarget(26, 30))
    p = make_puzzle(spec, 21, index)
    _check_solve(p.puzzle, spec.geo)


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "count"), [(Variant.X, 1), (Variant.HYPER, 2)])
def test_minimal_variant_puzzles_grade_to_their_solution(variant, count):
    """Minimal X puzzles are sparse and hard (most grade 8-10, seconds each)."""
    for index in range(count):
        p = make_puzzle(DigSpec(9, variant=variant, minimal=True), 7, index)
        _check_solve(p.puzzle, geometry(9, variant))


@pytest.mark.parametrize("index", [0, 1, 2])
def test_minimal_jigsaw_puzzles_grade_to_their_solution(index):
    spec = DigSpec(9, variant=Variant.JIGSAW, regions=JIGSAW9, minimal=True)
    p = make_puzzle(spec, 3, index)
    assert count_exact(p.puzzle, spec.geo) == 1
    _check_solve(p.puzzle, spec.geo)


@pytest.mark.parametrize(("n", "variant", "regions"), [
    (6, Variant.X, None), (4, Variant.X, None), (5, Variant.JIGSAW, JIGSAW5),
    (7, Variant.JIGSAW, "2222111" "2223411" "3333411" "5533444" "5556674" "5666674"
                        "5677777"),
])
def test_small_variant_puzzles_grade_to_their_solution(n, variant, regions):
    spec = DigSpec(n, variant=variant, regions=regions, minimal=True)
    for index in range(3):
        p = make_puzzle(spec, 9, index)
        _check_solve(p.puzzle, spec.geo)


# ---------------------------------------------------------------- explain


def test_explain_draws_jigsaw_candidate_grids_by_region():
    text = format_candidates(board(JIG))
    lines = text.splitlines()
    # row 1 is A A A B B: one wall, between c3 and c4
    assert lines[0] == "12345 12345 12345 | 12345 12345"
    # between rows 1 and 2 only column 3 changes region (A above, C below)
    assert lines[1] == "           -+-------+-"
    assert lines[2] == "12345 12345 | 12345 | 12345 12345"
    assert len(lines) == 5 + 4  # four border lines: every row boundary changes somewhere


def test_explain_a_jigsaw_puzzle_end_to_end():
    spec = DigSpec(5, variant=Variant.JIGSAW, regions=JIGSAW5, minimal=True)
    p = make_puzzle(spec, 4, 0)
    text = explain(p.puzzle, spec.geo, candidates=True)
    assert text.startswith("grade ")
    assert "box" not in text  # a jigsaw grid has regions
    assert "no solution" not in text
