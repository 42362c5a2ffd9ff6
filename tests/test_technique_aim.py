"""Steering toward a technique: the walk (make.aim.steer) keeps every puzzle unique, in its
clue range and symmetric, is the same for the same seed, and turns a technique section's
dig that missed a rare technique into a puzzle whose hardest step is it; the chains'
windows reach the next rule's base value."""

from __future__ import annotations

import random

import pytest
from exact_cover import solutions_exact

from bookgen.book import pipeline
from bookgen.book.techrates import technique_rules
from bookgen.core.grid import Grid, geometry
from bookgen.core.model import ClueTarget, DigSpec, ImproveSpec
from bookgen.core.rules import Figure, Symmetry, is_symmetric
from bookgen.grade import grade
from bookgen.grade.rating import rate
from bookgen.grade.scale import Technique
from bookgen.grade.target import window
from bookgen.make.aim import REACHED, steer
from bookgen.make.generate import make_puzzle
from bookgen.make.judge import judge
from bookgen.make.pattern import arranger
from bookgen.make.select import aimed_right, matches

GEO = geometry(9)


def _start(symmetry: Symmetry) -> tuple[Grid, Grid]:
    """A unique puzzle with 36 or so clues and its solution."""
    made = make_puzzle(DigSpec(symmetry=symmetry, clues=ClueTarget(36, 40), minimal=False),
                       "aim", 0)
    return made.puzzle, made.solution


@pytest.mark.parametrize("symmetry", [Symmetry.NONE, Symmetry.ROTATIONAL])
def test_every_puzzle_of_a_walk_is_unique_symmetric_and_in_its_clue_range(symmetry):
    puzzle, solution = _start(symmetry)
    seen: list[Grid] = []

    def score(p: Grid) -> float:
        seen.append(p)
        return float(sum(1 for v in p if not v))  # climbs toward fewer clues

    target = ClueTarget(30, 40)
    assert steer(puzzle, solution, GEO, symmetry, target, score, random.Random(2), 40) is None
    assert len(seen) > 20  # most moves are not void
    assert len(set(seen)) > 10
    for p in seen:
        assert sum(1 for v in p if v) in target
        assert is_symmetric(p, 9, symmetry)
        assert solutions_exact(p, GEO, 2) == [solution]


def test_a_walk_stops_where_the_score_is_reached_and_is_the_same_for_the_same_seed():
    puzzle, solution = _start(Symmetry.NONE)
    clues = sum(1 for v in puzzle if v)

    def score(p: Grid) -> float:
        left = sum(1 for v in p if v)
        return REACHED if left <= clues - 3 else float(-left)

    runs = [steer(puzzle, solution, GEO, Symmetry.NONE, ClueTarget(17, 81), score,
                  random.Random(seed), 200) for seed in (5, 5, 6)]
    assert runs[0] is not None and runs[0] == runs[1]
    assert sum(1 for v in runs[0] if v) == clues - 3
    assert runs[2] is not None and runs[2] != runs[0]
    # a start out of bounds (None) is not walked from
    assert steer(puzzle, solution, GEO, Symmetry.NONE, ClueTarget(17, 81),
                 lambda p: None, random.Random(5), 50) is None


# (technique, candidate index): a section candidate of seed "aim" whose dig (pattern first
# for the jellyfish) missed the technique and whose walk found it (found by scanning the
# indexes)
STEERED = [(Technique.SWORDFISH, 88), (Technique.JELLYFISH, 43)]


@pytest.mark.parametrize(("technique", "index"), STEERED)
def test_a_dig_that_missed_a_rare_technique_is_steered_onto_it(technique, index):
    rules = technique_rules(technique)
    spec = rules.shape
    judges = judge(rules.difficulty, spec.geo)
    dug = make_puzzle(spec, "aim", index, too_hard=judges[0], on_target=judges[1],
                      arrange=arranger(technique))
    assert not aimed_right(rate(dug.puzzle, dug.geo), rules.difficulty)
    made = pipeline._candidate((rules, "aim", index)).rating
    assert matches(made, rules)
    # graded again here, whole, and solved by the independent solver
    g = grade(made.puzzle, GEO)
    assert g.technique is not None and g.technique.label == technique.label
    lo, top = window(technique)
    assert lo <= g.grade < top
    assert solutions_exact(made.puzzle, GEO, 2) == [dug.solution]


def test_a_chain_window_reaches_the_next_rule_and_the_others_stay():
    # a forcing X-chain rated 6.6 plus a length extra of 0.4 or more is still the hardest
    # step when no cycle or AIC of its rule rates lower; the next rule (Nishio, the
    # TUVWXYZ-wing) starts at 7.5
    assert window(Technique.X_CHAIN) == (6.6, 7.5)
    assert window(Technique.CYCLE) == (6.5, 7.5)
    assert window(Technique.AIC) == (7.0, 7.5)
    assert window(Technique.CELL_FORCING_CHAINS) == (8.0, 8.5)
    assert window(Technique.X_WING) == (3.2, 3.4)
    assert window(Technique.UVWXYZ_WING) == (6.6, 7.0)


def test_a_technique_section_improves_a_start_by_walking_toward_the_technique():
    # candidate 11 of seed "aim" missed the swordfish; its improvement walks 600 moves
    rules = technique_rules(Technique.SWORDFISH)
    start = pipeline._candidate((rules, "aim", 11)).rating
    assert start.count == 1 and not matches(start, rules)
    job = (start.puzzle, rules, ImproveSpec(600, None, Figure.GRADE), "aim:improve:11")
    made = pipeline._improved(job)
    assert matches(made, rules) and made.solution == start.solution
    g = grade(made.puzzle, GEO)
    assert g.technique is Technique.SWORDFISH
    assert solutions_exact(made.puzzle, GEO, 2) == [start.solution]
    assert pipeline._improved(job).puzzle == made.puzzle  # the same seed walks the same way
