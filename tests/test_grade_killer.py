"""The killer grader: each cage technique on a position built for it, the killer scale's
bands, and whole puzzles (made and proved unique by tests/killer_maker.py) solved right."""

from __future__ import annotations

import pytest
from killer_maker import count, make_killer, random_solution

from bookgen.core.grid import geometry
from bookgen.core.model import Band, band_of
from bookgen.grade.board import Board
from bookgen.grade.killer_scale import KILLER_LADDER, explain_killer, grade_killer, killer_rating
from bookgen.grade.scale import Technique
from bookgen.grade.techniques.cage_sums import (
    KillerGrid,
    cage_combinations,
    cage_pointing,
    cage_split,
    combination_elimination,
    combos,
    fits,
    innie_outie,
    innies_outies,
    solve_killer,
)
from bookgen.variants.killer.cages import Cage

T = Technique
GEO = geometry(9)


def mask(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def with_singles(sol: list[int], cages: list[tuple[int, ...]]) -> tuple[Cage, ...]:
    """The given cages (totals from the solution) and every other cell a one-cell cage."""
    taken = {c for cage in cages for c in cage}
    out = [Cage(sum(sol[c] for c in cage), cage) for cage in cages]
    out += [Cage(sol[c], (c,)) for c in range(81) if c not in taken]
    return tuple(sorted(out, key=lambda cage: cage.cells[0]))


def board_without(sol: list[int], empty: set[int]) -> Board:
    return Board(tuple(0 if c in empty else v for c, v in enumerate(sol)), GEO)


def test_combos_are_the_sets_of_distinct_digits_making_the_sum():
    assert combos(3, 2) == (mask(1, 2),)
    assert combos(17, 2) == (mask(8, 9),)
    assert set(combos(10, 2)) == {mask(1, 9), mask(2, 8), mask(3, 7), mask(4, 6)}
    assert combos(45, 9) == (mask(*range(1, 10)),)
    assert combos(23, 3, mask(*range(1, 10)) & ~mask(9)) == ()  # 9 + 8 + 6 needs the 9
    assert set(combos(23, 3)) == {mask(6, 8, 9)}


def test_fits_keeps_the_digits_some_assignment_gives():
    # two linked cells summing to 10: {1..4} and {6, 7, 9} -> 1+9, 3+7, 4+6
    assert fits((mask(1, 2, 3, 4), mask(6, 7, 9)), 10, (0b10, 0b01)) == (
        mask(1, 3, 4), mask(6, 7, 9))
    # linked cells may not both be 5; unlinked ones may
    assert fits((mask(5), mask(5, 6)), 10, (0b10, 0b01)) == (0, 0)
    assert fits((mask(5), mask(5, 6)), 10, (0, 0)) == (mask(5), mask(5))


def test_cage_combinations_restricts_a_cage_to_its_sums_digits():
    sol = random_solution(__import__("random").Random(3))
    a, b = 0, 1
    cages = with_singles(sol, [(a, b)])
    board = Board((0,) * 81, GEO)
    steps = cage_combinations(board, KillerGrid(cages, GEO))
    step = next(s for s in steps if s.cage == (a, b))
    total = sol[a] + sol[b]
    keep = {d for d in range(1, 10) if 1 <= total - d <= 9 and total - d != d}
    assert step.technique is T.CAGE_COMBINATIONS and step.total == total
    assert set(step.eliminated) == {(c, d) for c in (a, b) for d in range(1, 10)
                                    if d not in keep}
    # every one-cell cage is placed by its total
    single = next(s for s in steps if s.cage == (80,))
    assert single.placed == ((80, sol[80]),) and single.eliminated == ()


def test_cage_combinations_places_the_digit_every_combination_needs():
    # cage 3 at r1c1-r1c2 is {1, 2}; with 2 gone from r1c1, the 2 goes in r1c2
    cages = (Cage(3, (0, 1)),) + tuple(Cage(5, (c,)) for c in range(2, 81))
    board = Board((0,) * 81, GEO)
    board.cands[0] = mask(1)
    board.cands[1] = mask(1, 2)
    step = next(s for s in cage_combinations(board, KillerGrid(cages, GEO)) if s.cage == (0, 1))
    assert step.placed == ((1, 2),) and step.eliminated == ()


def test_rule_of_45_places_the_one_innie():
    # row 1: cages r1c1-r1c4 and r1c5-r1c8 inside it, r1c9 shares a cage with r2c9
    sol = random_solution(__import__("random").Random(5))
    row1 = [(0, 1, 2, 3), (4, 5, 6, 7), (8, 17)]
    kg = KillerGrid(with_singles(sol, row1), GEO)
    board = board_without(sol, set(range(9)) | {17})
    (step,) = innie_outie(board, kg)
    assert step.technique is T.INNIE_OUTIE and step.units == (0,)
    assert step.placed == ((8, 45 - sum(sol[0:8])),) == ((8, sol[8]),)
    assert step.difficulty == T.INNIE_OUTIE.se


def test_cage_split_gives_the_rest_of_a_cage_its_sum():
    # box 1 holds one-cell cages but for r3c3, which shares a cage with r3c4-r3c5: the
    # innie r3c3 is worth 45 less the box's other cells, so r3c4 + r3c5 make the rest
    sol = random_solution(__import__("random").Random(7))
    kg = KillerGrid(with_singles(sol, [(20, 21, 22)]), GEO)
    board = board_without(sol, {20, 21, 22})
    board.cands[21] = mask(sol[21], sol[22], 9 if 9 not in (sol[21], sol[22]) else 1)
    board.cands[22] = mask(sol[21], sol[22])
    board.cands[20] = mask(sol[20])
    (step,) = cage_split(board, kg)
    assert step.technique is T.CAGE_SPLIT and step.cage == (20, 21, 22)
    assert step.cells == (21, 22) and step.total == sol[21] + sol[22]
    wrong = next(d for d in (9, 1) if d not in (sol[21], sol[22]))
    assert step.eliminated == ((21, wrong),)


def test_the_killer_scale_gives_each_band_what_its_name_says():
    assert band_of(T.CAGE_COMBINATIONS.se) is Band.EASY
    for t in (T.FULL_HOUSE, T.HIDDEN_SINGLE_BOX, T.HIDDEN_SINGLE_LINE, T.NAKED_SINGLE):
        assert band_of(killer_rating(t, t.se)) is Band.EASY
    assert band_of(T.INNIE_OUTIE.se + 0.3) is Band.MEDIUM
    for t in (T.INNIES_OUTIES, T.CAGE_SPLIT):
        assert band_of(t.se) is Band.HARD and band_of(t.se + 0.3) is Band.HARD
    assert band_of(T.COMBINATION_ELIMINATION.se) is Band.EXPERT
    for t in (T.NAKED_PAIR, T.X_WING, T.HIDDEN_PAIR, T.NAKED_TRIPLE, T.SWORDFISH):
        assert band_of(killer_rating(t, t.se)) is Band.EXPERT
    for t in (T.CYCLE, T.X_CHAIN, T.AIC, T.DYNAMIC_FORCING_CHAINS):
        assert band_of(killer_rating(t, t.se)) is Band.EXTREME
    bases = [r.base for r in KILLER_LADDER]
    assert bases == sorted(bases)
    used = {t for r in KILLER_LADDER for t in r.techniques}
    assert T.UNIQUE_RECTANGLE not in used and T.BUG not in used


@pytest.mark.parametrize("seed", range(6))
def test_grading_solves_unique_killer_puzzles_to_their_solution(seed):
    cages, sol = make_killer(seed, most=4)
    assert len(count([list(c.cells) for c in cages], [c.total for c in cages])) == 1
    g = grade_killer((0,) * 81, cages)
    placed = [0] * 81
    for step in g.steps:
        for c, v in step.placed:
            assert v == sol[c], (seed, step)
            placed[c] = v
        for c, d in step.eliminated:
            assert d != sol[c], (seed, step)
    assert g.solved and placed == sol
    assert g.band is band_of(g.grade) and g.grade == max(s.difficulty for s in g.steps)
    assert solve_killer((0,) * 81, cages) == (1, [tuple(sol)])


def test_givens_never_make_a_puzzle_harder():
    cages, sol = make_killer(4, most=4)
    bare = grade_killer((0,) * 81, cages)
    helped = grade_killer(tuple(sol[c] if c % 4 == 0 else 0 for c in range(81)), cages)
    assert helped.grade <= bare.grade
    assert grade_killer(tuple(sol), cages).steps == ()


def test_explain_words_killer_steps():
    sol = random_solution(__import__("random").Random(5))
    cages = with_singles(sol, [(0, 1, 2, 3), (4, 5, 6, 7), (8, 17)])
    text = explain_killer((0,) * 81, cages)
    assert text.startswith("grade ")
    lines = text.splitlines()
    two = sol[8] + sol[17]
    pair = [ln for ln in lines if f"cage combinations: cage {two} at r1c9, r2c9: the "
            "combinations of the sum use only " in ln]
    assert len(pair) == 1 and " from r1c9, r2c9" in pair[0]  # both cells lose the same
    assert any(ln.endswith(f"cage {sol[9]} at r2c1: the combinations of the sum use only "
                           f"{sol[9]} -> r2c1 = {sol[9]}") for ln in lines)
    assert any(ln.split(". ", 1)[1].startswith("cage combinations: cage ") for ln in lines[1:])


def test_explain_names_the_houses_of_the_rule_of_45():
    sol = random_solution(__import__("random").Random(5))
    kg = KillerGrid(with_singles(sol, [(0, 1, 2, 3), (4, 5, 6, 7), (8, 17)]), GEO)
    (step,) = innie_outie(board_without(sol, set(range(9)) | {17}), kg)
    from bookgen.grade.explain import describe
    assert describe(step, GEO) == (
        f"rule of 45 on row 1: the cages leave r1c9 summing to {sol[8]} -> r1c9 = {sol[8]}")


def test_cage_pointing_clears_a_needed_digit_from_cells_seeing_its_places():
    # cage 3 at r1c1-r1c2 needs 1 and 2: 1 leaves the rest of row 1 and of box 1
    cages = (Cage(3, (0, 1)),) + tuple(Cage(5, (c,)) for c in range(2, 81))
    (step,) = cage_pointing(Board((0,) * 81, GEO), KillerGrid(cages, GEO))
    assert step.technique is T.CAGE_POINTING and step.digits == (1,)
    assert step.cells == (0, 1) and step.cage == (0, 1)
    assert step.eliminated == tuple((c, 1) for c in [2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
                                                     18, 19, 20])
    from bookgen.grade.explain import describe
    assert describe(step, GEO) == (
        "cage pointing: cage at r1c1, r1c2: every combination of its sum needs 1, found only "
        "at r1c1, r1c2, so not in the cells outside the cage seeing them all -> removed "
        "from r1c3, r1c4, r1c5, r1c6, r1c7, r1c8, r1c9, r2c1, r2c2, r2c3, r3c1, r3c2, r3c3")


def test_combination_elimination_drops_what_no_assignment_gives():
    # cage 10 at r1c1-r1c2 with {1, 2, 3, 4} and {6, 7, 9}: 2 would need an 8
    cages = (Cage(10, (0, 1)),) + tuple(Cage(5, (c,)) for c in range(2, 81))
    board = Board((0,) * 81, GEO)
    board.cands[0], board.cands[1] = mask(1, 2, 3, 4), mask(6, 7, 9)
    (step,) = combination_elimination(board, KillerGrid(cages, GEO))
    assert step.technique is T.COMBINATION_ELIMINATION and step.eliminated == ((0, 2),)
    assert step.digits == (1, 3, 4, 6, 7, 9) and step.total == 10


def test_innies_and_outies_read_two_innies_as_a_cage():
    # row 1: r1c1-r1c7 one cage, r1c8 and r1c9 in cages reaching into row 2: the innies
    # r1c8 + r1c9 make 45 less the cage
    sol = random_solution(__import__("random").Random(11))
    kg = KillerGrid(with_singles(sol, [tuple(range(7)), (7, 16), (8, 17)]), GEO)
    board = board_without(sol, {7, 8, 16, 17})
    extra = next(d for d in range(1, 10) if d not in (sol[7], sol[8]))
    board.cands[7] = mask(sol[7], sol[8], extra)
    board.cands[8] = mask(sol[7], sol[8])
    (step,) = innies_outies(board, kg)
    assert step.technique is T.INNIES_OUTIES and step.units == (0,)
    assert step.cells == (7, 8) and step.total == 45 - sum(sol[:7])
    assert step.eliminated == ((7, extra),)


# Two published killers: the UK Puzzle Association's killer 1 and the example of
# killersudokuonline.com's tips page. Each cage: sum, then its cells as "rc" pairs.
PUBLISHED = [
    ("20 00 01 10 11|9 02 03|22 12 22 21|17 04 14 24|9 05 06|18 16 26 27|20 07 08 17 18|"
     "8 20 30|16 13 23 33 32 31|27 15 25 35 36 37|11 28 38|12 40 41 42|22 46 47 48|"
     "15 34 43 44 45 54|8 50 60|30 51 52 53 63 73|17 57 56 55 65 75|11 58 68|11 61 62 72|"
     "24 70 71 80 81|16 82 83|19 64 74 84|10 85 86|16 67 66 76|17 77 78 87 88",
     "632798154478165392195324786724639815813452679569817243346571928981243567257986431"),
    ("6 00 01|18 02 03 04|14 05 06 07|16 08 18|17 10 20|6 11 21|17 12 22 32|16 13 23 33|"
     "4 14 24|12 15 16 17|16 25 26 27|9 28 38|4 30 31|23 35 36 37|15 40 41 42|16 46 47 48|"
     "21 34 43 44 45 54|9 50 60|24 51 52 53|9 55 65 75|14 56 66 76|6 57 58|7 61 62 63|"
     "17 64 74|12 67 77|14 68 78|12 70 80|11 71 72 73|23 81 82 83|13 84 85 86|4 87 88",
     "423968517856417329917532684134726895285149763679853142341285976762391458598674231"),
]


def published(index: int) -> tuple[tuple[Cage, ...], list[int]]:
    text, solution = PUBLISHED[index]
    cages = []
    for part in text.split("|"):
        total, *cells = part.split()
        cages.append(Cage(int(total), tuple(sorted(int(rc[0]) * 9 + int(rc[1])
                                                    for rc in cells))))
    return tuple(sorted(cages, key=lambda c: c.cells[0])), [int(ch) for ch in solution]


@pytest.mark.parametrize("index", range(len(PUBLISHED)))
def test_published_killers_are_graded_to_their_published_solution(index):
    cages, sol = published(index)
    assert sorted(c for cage in cages for c in cage.cells) == list(range(81))
    # the published solution keeps every rule (the helper's counter is too slow to prove
    # these large cages unique; their setters publish them as unique)
    for cage in cages:
        digits = [sol[c] for c in cage.cells]
        assert sum(digits) == cage.total and len(set(digits)) == len(digits)
    for k in range(9):
        assert {sol[k * 9 + i] for i in range(9)} == set(range(1, 10))
        assert {sol[i * 9 + k] for i in range(9)} == set(range(1, 10))
        r, c = k // 3 * 3, k % 3 * 3
        assert {sol[(r + i) * 9 + c + j] for i in range(3) for j in range(3)} == set(
            range(1, 10))
    g = grade_killer((0,) * 81, cages)
    placed = [0] * 81
    for step in g.steps:
        for c, v in step.placed:
            placed[c] = v
        assert all(d != sol[c] for c, d in step.eliminated), step
    assert g.solved and placed == sol and g.hardest != "trial"
