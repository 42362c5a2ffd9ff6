"""SE's fifth nested level (doubly nested forcing chains, 11.0): where dynamic forcing
chains find nothing on an assumed grid, nested forcing chains (level 2) run there.

The state is test_grade_nested's (met grading hardest_er.txt's first puzzle). Assuming
r1c1 = 4 there, level 4 stalls on its assumed grid: neither the level-1 rules nor the dynamic
forcing chains on it remove anything more. Level 5's nested forcing chains do, and reach a
contradiction. The whole level-5 search on this state takes minutes, so these tests follow
single assumptions.
"""

from __future__ import annotations

import pytest
from test_grade_nested import NESTED_STATE, _solution
from test_grade_rules import check_step
from test_grade_techniques import GEO, from_candidates

from bookgen.core.grid import geometry, parse
from bookgen.core.kinds import Variant
from bookgen.grade import Board, Technique
from bookgen.grade.explain import describe
from bookgen.grade.killer_scale import KILLER_LADDER
from bookgen.grade.scale import length_extra
from bookgen.grade.solver import LADDER
from bookgen.grade.techniques import chains

R1C1 = 0
TWO_SOLUTIONS = "..9......4...5..7..6.4....5.....274...6.....1..........3...169.8945......1...9..."


def _runs(start: int, on: bool) -> tuple[chains.Run, chains.Run, chains._Chaining]:
    """The level-4 and level-5 propagations of one assumption on the state, and the
    level-5 chaining (its nested chains' weights)."""
    board = from_candidates(NESTED_STATE)
    four = chains._Chaining(board, y_links=True, dynamic=True, level=4)
    five = chains._Chaining(board, y_links=True, dynamic=True, level=5)
    return four.run(start, on), five.run(start, on), five


def test_level_five_follows_level_four_last_in_the_ladder():
    assert LADDER[-1].finder is chains.doubly_nested_forcing_chains
    assert LADDER[-2].finder is chains.nested_dynamic_forcing_chains
    assert Technique.DOUBLY_NESTED_FORCING_CHAINS.se == 11.0


def test_a_false_assumption_clashes_at_level_five_where_level_four_stalls():
    r1c1_4 = R1C1 * 9 + 3
    assert _solution(NESTED_STATE)[R1C1] != 4
    four, five, chaining = _runs(r1c1_4, True)
    assert four[2] == 0  # level 4: no contradiction
    assert five[2] > 0
    assert chaining.weights  # it rests on nested chains, each counted once
    assert len(five[1]) > len(four[1])


@pytest.mark.parametrize("digit", [4, 5])
def test_what_level_five_reaches_from_the_truth_is_true(digit):
    """Assuming r1c1's true value ON, or a false one OFF, is consistent: every node
    reached agrees with the solution (and level 5 reaches further than level 4)."""
    solution = _solution(NESTED_STATE)
    on = solution[R1C1] == digit
    four, five, _ = _runs(R1C1 * 9 + digit - 1, on)
    assert five[2] == 0
    assert len(five[0]) + len(five[1]) > len(four[0]) + len(four[1])
    for i in five[0]:
        assert solution[i // 9] == i % 9 + 1
    for i in five[1]:
        assert solution[i // 9] != i % 9 + 1


def test_a_level_five_step_is_rated_from_eleven():
    board = from_candidates(NESTED_STATE)
    r1c1_4 = R1C1 * 9 + 3
    _four, five, _ = _runs(r1c1_4, True)
    best = chains._Best(board)
    best.offer(Technique.DOUBLY_NESTED_FORCING_CHAINS, five[2], r1c1_4, False,
               ((r1c1_4, True),))
    (step,) = best.steps()
    assert step.difficulty == round(11.0 + length_extra(five[2]), 1)
    assert step.eliminated == ((R1C1, 4),)
    assert describe(step, GEO).startswith("doubly nested forcing chains: assuming r1c1 = 4")
    check_step(step, step.technique.rule, board)


def test_level_five_runs_on_the_classic_grid_only(monkeypatch):
    """Elsewhere a stalled level 4 takes the trial step, as before (a level-5 search would
    take minutes on those grids): an X grid with the state's values, and the killer ladder."""
    searched = []
    monkeypatch.setattr(chains, "_multiple", lambda board, *a, **k: searched.append(board) or [])
    state = from_candidates(NESTED_STATE)
    x_grid = Board(tuple(state.values), geometry(9, Variant.X))
    assert chains.doubly_nested_forcing_chains(x_grid) == []
    assert searched == []
    chains.doubly_nested_forcing_chains(state)
    assert searched == [state]
    # a puzzle of two solutions (an asterisk puzzle read as classic): nothing to search
    several = Board(parse(TWO_SOLUTIONS)[0], GEO)
    assert chains.doubly_nested_forcing_chains(several) == []
    assert searched == [state]
    killer = {t for rung in KILLER_LADDER for t in rung.techniques}
    assert Technique.NESTED_DYNAMIC_FORCING_CHAINS in killer
    assert Technique.DOUBLY_NESTED_FORCING_CHAINS not in killer
