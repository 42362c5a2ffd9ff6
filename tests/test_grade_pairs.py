"""Grading under pair rules (anti-knight, anti-king, non-consecutive) as Sukaku Explainer
grades them: its two non-consecutive techniques, the chain links the rules add, unique
loops a rule may break, and whole grades checked step by step against the solution."""

from __future__ import annotations

import random

import pytest
from test_grade_chains_compiled import _both, _dynamic
from test_grade_variants import board, rc

from bookgen.core.grid import Geometry, geometry
from bookgen.grade import Board, Step, Technique, describe, grade
from bookgen.grade.board import set_bits
from bookgen.grade.tables import tables
from bookgen.grade.technique import Rule
from bookgen.grade.techniques import chains, consecutive, rule_of, uniqueness

KNIGHT = geometry(9, "anti-knight")
KING = geometry(9, "anti-king")
NC = geometry(9, "non-consecutive")
CLASSIC = geometry(9)

PUZZLES = {
    # bookgen generate --variant K --difficulty hard -n 15 --seed 74 (the first of each)
    "anti-knight": (
        ".4...29.....9...........3...........658...72......6..52..59.6...65..7..2.7.2...1.",
        "347182956586943271129675348732859164658431729491726835213594687865317492974268513"),
    "anti-king": (
        ".4...29.....3................1...4..754...12......4.854..57.2...39..1..7.7.2...38",
        "347182956912356874568497312891725463754638129623914785486573291239861547175249638"),
    "non-consecutive": (
        "....37..4.394........8....36...819.7.........8.57.........7...6.....4.5..........",
        "581937264739462518264815793642581937397246185815793642158379426973624851426158379"),
}


def values(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text)


def elims(step: Step) -> set[tuple[int, int]]:
    return set(step.eliminated)


# ---------------------------------------------------------------- non-consecutive forcing cell


@pytest.mark.parametrize(("digits", "gone"), [("45", {4, 5}), ("46", {5}), ("456", {5}),
                                              ("19", set()), ("47", set()), ("4", set())])
def test_a_forcing_cell_removes_what_each_of_its_digits_touches(digits, gone):
    b = board(NC, only={rc(5, 5): digits})
    steps = consecutive.nc_forcing_cells(b)
    if not gone:
        assert steps == []
        return
    (step,) = steps
    assert step.technique is Technique.NC_FORCING_CELL and step.difficulty == 2.4
    assert step.cells == (rc(5, 5),)
    near = (rc(4, 5), rc(5, 4), rc(5, 6), rc(6, 5))
    assert elims(step) == {(c, d) for c in near for d in gone}


def test_no_forcing_cell_or_locked_pattern_without_a_non_consecutive_rule():
    for geo in (CLASSIC, KNIGHT, KING):
        b = board(geo, only={rc(5, 5): "45"}, drop={5: [rc(1, c) for c in range(1, 10)
                                                         if c not in (4, 5)]})
        assert consecutive.nc_forcing_cells(b) == [] and consecutive.locked_nc(b) == []


# ---------------------------------------------------------------- locked non-consecutive


def test_a_digit_locked_in_two_cells_side_by_side_leaves_both_without_its_neighbours():
    # 5 in row 1 only at r1c4, r1c5 (no column or earlier digit locked: the board is open)
    b = board(NC, drop={5: [rc(1, c) for c in range(1, 10) if c not in (4, 5)]})
    (step,) = consecutive.locked_nc(b)
    assert step.technique is Technique.LOCKED_NC and step.difficulty == 2.5
    assert step.cells == (rc(1, 4), rc(1, 5)) and step.digits == (5,)
    assert NC.unit_names[step.units[0]] == "row 1"
    assert elims(step) == {(rc(1, c), d) for c in (4, 5) for d in (4, 6)}


def test_a_digit_locked_around_a_cell_leaves_that_cell_without_its_neighbours():
    # 5 in box 5 only on the plus sign around r5c5, r5c5 itself excluded: only r5c5 lies
    # side by side with all four places
    plus = {rc(4, 5), rc(5, 4), rc(5, 6), rc(6, 5)}
    box5 = [rc(r, c) for r in (4, 5, 6) for c in (4, 5, 6)]
    b = board(NC, drop={5: [c for c in box5 if c not in plus]})
    (step,) = consecutive.locked_nc(b)
    assert set(step.cells) == plus and NC.unit_names[step.units[0]] == "box 5"
    assert elims(step) == {(rc(5, 5), 4), (rc(5, 5), 6)}


def test_locked_non_consecutive_runs_digits_first_then_columns_rows_boxes():
    # 7 in column 2 only at r1c2, r2c2 and 3 in row 9 only at r9c8, r9c9: digit 3 first;
    # then 7 in row 1 as well as column 2: the column first
    b = board(NC, drop={3: [rc(9, c) for c in range(1, 8)],
                        7: [rc(r, 2) for r in range(3, 10)] + [rc(1, c) for c in range(3, 10)]})
    first = consecutive.locked_nc(b)[0]
    assert first.digits == (3,) and NC.unit_names[first.units[0]] == "row 9"
    b.apply(first)
    b.forget()
    second = consecutive.locked_nc(b)[0]
    assert second.digits == (7,) and NC.unit_names[second.units[0]] == "column 2"


def test_the_non_consecutive_techniques_stand_after_the_naked_single():
    from bookgen.grade.techniques import LADDER

    names = [r.techniques[0] for r in LADDER]
    at = names.index(Technique.NAKED_SINGLE)
    assert names[at + 1: at + 3] == [Technique.NC_FORCING_CELL, Technique.LOCKED_NC]


def test_the_words_name_the_rule():
    b = board(NC, only={rc(2, 2): "45"})
    (step,) = consecutive.nc_forcing_cells(b)
    words = describe(step, NC)
    assert "r2c2 holds 4 or 5;" in words and "non-consecutive)" in words
    assert "no cell side by side with it can hold 4 or 5" in words
    b = board(NC, drop={5: [rc(1, c) for c in range(1, 10) if c not in (4, 5)]})
    (step,) = consecutive.locked_nc(b)
    words = describe(step, NC)
    assert "5 in row 1 only at r1c4, r1c5" in words and "(non-consecutive)" in words
    b = board(NC, only={rc(2, 2): "456"})
    assert "r2c2 holds 4, 5 or 6;" in describe(consecutive.nc_forcing_cells(b)[0], NC)


def nc_positions() -> list[tuple[Rule, Board]]:
    """A position for each non-consecutive rule (test_grade_rules checks every rule's
    words, family and drawing on one)."""
    return [
        (rule_of(Technique.NC_FORCING_CELL), board(NC, only={rc(5, 5): "456"})),
        (rule_of(Technique.LOCKED_NC),
         board(NC, drop={5: [rc(1, c) for c in range(1, 10) if c not in (4, 5)]})),
    ]


# ---------------------------------------------------------------- the ladder


def test_a_non_consecutive_grid_keeps_the_classic_ladder_and_leapers_the_variant_one():
    assert not tables(NC).generalized and not tables(CLASSIC).generalized
    assert tables(KNIGHT).generalized and tables(KING).generalized


# ---------------------------------------------------------------- chain links


def _off_after_on(geo: Geometry, cell: int, digit: int) -> set[tuple[int, int]]:
    b = Board((0,) * geo.ncells, geo)
    ch = chains._Chaining(b, y_links=True, dynamic=False, level=0)
    _, off, _, _ = ch.run(cell * 9 + digit - 1, True)
    return {divmod(i, 9) for i in off}


def test_a_knight_and_a_king_link_rule_out_the_digit_a_leap_away():
    off = _off_after_on(KNIGHT, rc(5, 5), 3)
    assert (rc(3, 4), 2) in off and (rc(7, 6), 2) in off  # cand index digit 3 -> 2
    assert (rc(3, 3), 2) not in off
    off = _off_after_on(KING, rc(1, 3), 3)
    assert (rc(2, 4), 2) in off  # diagonal, across a box border
    assert (rc(3, 5), 2) not in _off_after_on(KING, rc(1, 3), 3)
    assert (rc(3, 4), 2) not in _off_after_on(CLASSIC, rc(5, 5), 3)


def test_a_non_consecutive_link_rules_out_the_digits_one_apart_side_by_side():
    off = _off_after_on(NC, rc(5, 5), 5)
    for c in (rc(4, 5), rc(5, 4), rc(5, 6), rc(6, 5)):
        assert {(c, 3), (c, 5)} <= off  # digits 4 and 6
    assert (rc(4, 4), 3) not in off and (rc(5, 7), 3) not in off
    # static links too: the chain graph's weak links
    g = chains._Graph(NC, list(Board((0,) * 81, NC).cands), y_links=False)
    i = rc(5, 5) * 9 + 4
    assert g.weak[i] >> (rc(5, 6) * 9 + 3) & 1 and g.weak[i] >> (rc(5, 6) * 9 + 5) & 1
    assert not g.weak[i] >> (rc(5, 6) * 9 + 6) & 1


def _states(geo: Geometry, text: str, seed: int) -> list[list[int]]:
    """A puzzle's start and the same with random candidates removed."""
    rng = random.Random(seed)
    cands = list(Board(values(text), geo).cands)
    out = [cands[:]]
    for _ in range(2):
        cut = cands[:]
        for _ in range(rng.randrange(20, 60)):
            c = rng.randrange(81)
            if cut[c].bit_count() > 1:
                cut[c] &= ~(1 << rng.choice(list(set_bits(cut[c]))))
        out.append(cut)
    return out


@pytest.mark.parametrize("kind", PUZZLES)
def test_the_compiled_chains_follow_the_pair_rules_as_the_python_ones(kind, monkeypatch):
    pytest.importorskip("numba")
    geo = geometry(9, kind)
    met = 0
    for cands in _states(geo, PUZZLES[kind][0], seed=3):
        expected, got = _both(monkeypatch, _dynamic, chains._View(geo, cands))
        assert got == expected
        expected, got = _both(monkeypatch, lambda g, c: list(chains._every_chain(g, c)),
                              geo, cands)
        assert got == expected
        met += len(got)
    assert met > 0


# ---------------------------------------------------------------- uniqueness


def _rectangle(geo: Geometry, extra: dict[int, str] | None = None) -> Board:
    """A type-1 unique rectangle on 1, 2 at r1c1, r1c4, r3c1, r3c4 (r3c4 also holds 3);
    1 and 2 gone from every other cell of rows 1 to 5, 3 from rows 1 to 4, so that only
    `extra` may hold them near the rectangle."""
    corners = {rc(1, 1): "12", rc(1, 4): "12", rc(3, 1): "12", rc(3, 4): "123"}
    rest = [rc(r, c) for r in range(1, 5) for c in range(1, 10)]
    row5 = [rc(5, c) for c in range(1, 10)]
    b = board(geo, drop={1: rest + row5, 2: rest + row5, 3: rest},
              only={**corners, **(extra or {})})
    b.forget()
    return b


@pytest.mark.parametrize("geo", [CLASSIC, KNIGHT, KING, NC], ids=str)
def test_a_rectangle_is_deadly_when_no_pair_rule_can_tell_its_fillings_apart(geo):
    (step,) = uniqueness.unique_loop(_rectangle(geo))
    assert step.technique is Technique.UNIQUE_RECTANGLE and step.difficulty == 4.5
    assert set(step.eliminated) == {(rc(3, 4), 1), (rc(3, 4), 2)}


def test_a_rectangle_a_pair_rule_may_break_is_no_deadly_pattern():
    # r2c2 is a knight's move from r1c4 and holds 1: SE lets no such rectangle count;
    # r2c3, a knight's move from r1c1 and r3c1 inside their box, does not count
    assert uniqueness.unique_loop(_rectangle(KNIGHT, {rc(2, 2): "15"})) == []
    assert uniqueness.unique_loop(_rectangle(CLASSIC, {rc(2, 2): "15"}))
    assert uniqueness.unique_loop(_rectangle(KNIGHT, {rc(2, 3): "15"}))
    # anti-king: r4c5 touches r3c4 diagonally from another box; r2c2 touches r1c1 and
    # r3c1 inside their box, where the box already keeps the digit (SE's test skips it)
    assert uniqueness.unique_loop(_rectangle(KING, {rc(4, 5): "25"})) == []
    assert uniqueness.unique_loop(_rectangle(KING, {rc(2, 2): "25"}))
    # non-consecutive: r1c2 beside r1c1 holds 3, one apart from 2; 7 and 8 are not
    assert uniqueness.unique_loop(_rectangle(NC, {rc(1, 2): "37"})) == []
    assert uniqueness.unique_loop(_rectangle(NC, {rc(1, 2): "78"}))


# ---------------------------------------------------------------- whole grades


@pytest.mark.parametrize("kind", PUZZLES)
def test_every_step_of_a_grade_is_true_of_the_solution(kind):
    text, solved = PUZZLES[kind]
    geo = geometry(9, kind)
    solution = values(solved)
    g = grade(values(text), geo)
    assert g.solved and g.steps
    for step in g.steps:
        assert all(solution[c] == v for c, v in step.placed), step
        assert all(solution[c] != d for c, d in step.eliminated), step
        assert describe(step, geo)


def test_chain_words_name_the_pair_rule_behind_a_link():
    def told(geo: Geometry, *nodes: tuple[int, int, bool]) -> str:
        last = nodes[-1]
        step = Step(Technique.AIC, 7.0, (), (last[1],), eliminated=((last[0], last[1]),),
                    chains=(nodes,))
        return describe(step, geo)

    words = told(KNIGHT, (rc(1, 3), 5, True), (rc(3, 4), 5, False))
    assert "r1c3=5 -> r3c4!=5 (a knight's move apart: anti-knight)" in words
    words = told(NC, (rc(5, 5), 5, True), (rc(5, 6), 6, False))
    assert "r5c5=5 -> r5c6!=6 (side by side: non-consecutive)" in words
    words = told(KING, (rc(1, 1), 5, True), (rc(2, 2), 5, False), (rc(2, 2), 4, True),
                 (rc(3, 3), 4, False), (rc(3, 3), 7, True), (rc(4, 4), 7, False))
    assert words.count("(touching diagonally: anti-king)") == 1  # r2c2, r3c3 share box 1
    assert "(" not in told(KNIGHT, (rc(1, 1), 5, True), (rc(1, 9), 5, False))
