"""Techniques as objects: every rule of the ladders words a real step, names its tips family
and draws it inside the grid; ratings keep Technique values; tips read the ratings and
never grade a puzzle again."""

from __future__ import annotations

import pytest
from killer_maker import make_killer
from test_grade_nested import NESTED_STATE
from test_grade_pairs import nc_positions
from test_grade_techniques import FIRST_TO_FIRE, from_candidates, position, row
from test_grade_variants import X9, board, rc

from bookgen import geometry, parse, rate
from bookgen.book.bank import Bank, entry_of, rating_of
from bookgen.book.tips import book_tips
from bookgen.core.lang import Texts
from bookgen.core.model import Family
from bookgen.grade import Board, Step, Technique, describe, solver
from bookgen.grade import killer_scale as killer_grade
from bookgen.grade.killer_scale import KILLER_LADDER
from bookgen.grade.rating import rate_killer
from bookgen.grade.technique import Rule
from bookgen.grade.techniques import FAMILIES, LADDER, RULES, chains, rule_of
from bookgen.grade.techniques.cage_sums import killer_board

GEO = geometry(9)
EMPTY = (0,) * 81
NESTED = (chains.nested_forcing_chains, chains.nested_multiple_forcing_chains,
          chains.nested_dynamic_forcing_chains, chains.doubly_nested_forcing_chains)


def _x_intersection() -> tuple[Board, Rule]:
    # 6 on diagonal 2 only at r1c9, r2c8, r3c7: a generalized intersection (X grids only)
    return board(X9, {6: [rc(i, 10 - i) for i in range(4, 10)]}), rule_of(
        Technique.GENERALIZED_INTERSECTION)


def positions() -> list[tuple[Rule, Board]]:
    """A position for every classic rule but the nested chains: the first that fires of
    test_grade_techniques' real positions for one of its techniques."""
    out = {}
    for tech, _, _, text in FIRST_TO_FIRE:
        out.setdefault(rule_of(tech), text)
    found = [(r, from_candidates(text)) for r, text in out.items()]
    b, r = _x_intersection()
    # the hand-made positions of test_grade_techniques: 7 in row 4 only in box 5 leaves
    # r5c1 the single place of 7 in row 5; 1-4 in row 1 only in c1-c4
    claiming = position(remove={7: row(4, "123789") + row(5, "2346789")})
    quad = position(remove={d: row(1, "56789") for d in (1, 2, 3, 4)})
    return [*found, (r, b), (rule_of(Technique.DIRECT_CLAIMING), claiming),
            (rule_of(Technique.HIDDEN_QUAD), quad), *nc_positions()]


def check_step(step: Step, rule: Rule, b: Board) -> None:
    """The rule words the step, names a family and draws it inside the grid, on the
    candidates the step was found on."""
    assert step.technique in rule.techniques and step.technique.rule is rule
    words = describe(step, b.geo)
    assert words and "\n" not in words
    assert isinstance(rule.family, Family) and FAMILIES[step.technique] is rule.family
    drawing = rule.draw(step, b.cands)
    assert drawing.cells and set(drawing.cells) <= set(range(b.geo.ncells))
    assert set(step.cells) <= set(drawing.cells)
    assert all(b.cands[c] >> (d - 1) & 1 for c, d in drawing.candidates)
    assert all(c in drawing.cells for c, _ in drawing.candidates)
    assert drawing.eliminated == step.eliminated and drawing.placed == step.placed
    assert set(drawing.units) <= set(range(len(b.geo.units)))
    for a, z in drawing.links:
        assert a[0] in drawing.cells and z[0] in drawing.cells


def test_every_technique_has_one_rule_and_every_ladder_rule_a_position():
    named = [t for r in RULES for t in r.techniques]
    assert sorted(named, key=list(Technique).index) == list(Technique)
    covered = {r for r, _ in positions()}
    assert set(LADDER) - covered == {r for r in LADDER if r.finder in NESTED}


@pytest.mark.parametrize("rule, b", positions(),
                         ids=lambda v: repr(v) if isinstance(v, Rule) else "position")
def test_rule_words_family_and_drawing_of_a_real_step(rule, b):
    steps = rule.finder(b)
    assert steps
    for step in steps:
        check_step(step, rule, b)


@pytest.mark.slow
@pytest.mark.parametrize("finder", NESTED[:-1], ids=lambda f: f.__name__)
def test_nested_rules_words_family_and_drawing_of_a_real_step(finder):
    """Levels 2 to 4 on the whole state; level 5's search of it takes minutes, so its
    step is checked on one assumption (test_grade_nested_level5)."""
    b = from_candidates(NESTED_STATE)
    (step,) = finder(b)
    check_step(step, step.technique.rule, b)
    assert step.technique.rule.finder is finder and step.chains


def test_killer_rules_word_and_draw_every_step_with_its_cage():
    cages, _ = make_killer(3)
    g = killer_grade.grade_killer(EMPTY, cages)
    b, _ = killer_board(EMPTY, cages)
    seen = set()
    for step in g.steps:
        rule = step.technique.rule
        check_step(step, rule, b)
        assert rule.draw(step, b.cands).cage == step.cage
        if step.technique is Technique.CAGE_COMBINATIONS:  # the rule of 45 reads houses
            assert step.cage
        seen.add(step.technique)
        b.apply(step)
    assert {Technique.CAGE_COMBINATIONS, Technique.INNIE_OUTIE} <= seen
    assert {r.rule for r in KILLER_LADDER} >= {rule_of(t) for t in seen}


def test_the_trial_is_a_rule_without_a_finder():
    trial = rule_of(Technique.TRIAL)
    assert trial.finder is None and trial not in LADDER and trial.family is Family.TRIAL


# a puzzle SE rates 6.6: its solution needs a wing
PUZZLE = ".....61....8.726..72....84.4.........5..98.....7...9..53..8..2...42...5......37.."


def test_a_rating_keeps_techniques_and_its_record_their_names():
    values, geo = parse(PUZZLE)
    r = rate(values, geo)
    assert isinstance(r.hardest, Technique) and r.hardest_label == r.hardest.label
    assert r.steps and all(isinstance(t, Technique) for t, _ in r.steps)
    record = r.as_dict()
    g = solver.grade(values, geo)
    labels: dict[str, int] = {}
    for s in g.steps:
        labels[s.technique.label] = labels.get(s.technique.label, 0) + 1
    assert record["steps"] == labels and record["hardest"] == g.hardest


def test_tips_grade_each_example_puzzle_once(monkeypatch):
    values, geo = parse(PUZZLE)
    cages, _ = make_killer(3)
    classic, killer = rate(values, geo), rate_killer(EMPTY, cages)
    texts = Texts()
    calls = []
    for module in (solver, killer_grade):
        real = module.ladder_steps

        def counted(*args, real=real, **kw):
            calls.append(1)
            return real(*args, **kw)

        monkeypatch.setattr(module, "ladder_steps", counted)
    puzzles = [(1, classic, geo, ()), (2, killer, geo, cages)]
    tips = book_tips(puzzles, texts)
    assert len(calls) == 2  # the whole solution, for the board before each example
    used = {t.family for r in (classic, killer) for t, _ in r.steps or ()}
    assert [t.family for t in tips] == [f for f in Family if f in used]
    assert {Family.CAGE, Family.WING, Family.HIDDEN_SINGLE} <= used


def test_a_rating_from_the_bank_reads_its_names_back_as_techniques(tmp_path):
    values, geo = parse(PUZZLE)
    made = rate(values, geo)
    with Bank(tmp_path / "b.db") as bank:
        entry = entry_of(values, geo)
        assert entry is not None
        with bank.write():
            bank.add([entry], 9)
        (row,) = bank.rows(9)
        back = rating_of(row)
    assert back.hardest is made.hardest
    assert back.step_labels() == made.step_labels() and back.as_dict()["steps"] == (
        made.as_dict()["steps"])
    shared = {t for t, _ in made.steps or ()} & {Technique.HIDDEN_SINGLE_LINE}
    assert {t for t, _ in back.steps or ()} == {t for t, _ in made.steps or ()} - shared
