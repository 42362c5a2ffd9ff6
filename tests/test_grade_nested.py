"""Nested forcing chains (SE's levels 2 to 4): dynamic forcing chains (+) that also follow
forcing chains on each assumed grid, and count each nested chain's nodes once.

The state below was met grading the first puzzle of the shared hardest_er.txt (published
ER 10.4): dynamic forcing chains (+) find nothing on it, nested forcing chains do. The
nested search is checked as a proof from the inside too: on a grid where only candidates
false in the solution were removed, every forcing chain it follows removes a false
candidate and rests on removals that were made.
"""

from __future__ import annotations

import random

import pytest
from exact_cover import solutions_exact
from test_grade_chain_offers import _offers
from test_grade_techniques import GEO, first_to_fire, from_candidates

from bookgen.grade import Technique
from bookgen.grade.board import set_bits
from bookgen.grade.explain import describe
from bookgen.grade.solver import LADDER
from bookgen.grade.techniques import chains

NESTED_STATE = (
    "24589 289 =6 13459 123458 123489 34579 23578 234789 "
    "24589 =3 24589 4569 24568 =7 4569 2568 =1 "
    "=1 289 =7 34569 234568 23489 34569 23568 23489 "
    "24678 12678 1248 13457 123457 1234 13467 =9 3478 "
    "=3 12789 12489 1479 1247 =6 147 178 =5 "
    "4679 =5 149 =8 1347 1349 =2 1367 347 "
    "2789 12789 =3 147 1478 =5 179 127 =6 "
    "56789 16789 1589 =2 13678 138 13579 =4 379 "
    "2567 =4 125 1367 =9 13 =8 12357 237"
)


def _solution(text: str) -> tuple[int, ...]:
    board = from_candidates(text)
    (solution,) = solutions_exact(tuple(board.values), GEO, 2)
    return solution


def assumed(text: str, seed: int) -> tuple[list[int], tuple[int, ...], set[int], list[int]]:
    """A board state's candidates, its solution, 40 of its false candidates drawn at
    random (seed), and the candidates left without them: an assumed grid on which every
    sound deduction removes only false candidates."""
    src = from_candidates(text).cands
    solution = _solution(text)
    n = GEO.n
    false = [c * n + d for c, m in enumerate(src) for d in range(n)
             if m >> d & 1 and solution[c] != d + 1]
    removed = set(random.Random(seed).sample(false, 40))
    cands = src[:]
    for i in removed:
        cands[i // n] &= ~(1 << (i % n))
    return src, solution, removed, cands


def test_nested_forcing_chains_fire_where_dynamic_plus_finds_nothing():
    board = from_candidates(NESTED_STATE)
    assert chains.dynamic_forcing_chains_plus(board) == []
    steps = first_to_fire(board)
    assert [s.technique for s in steps] == [Technique.NESTED_FORCING_CHAINS]
    assert round(steps[0].difficulty, 1) == 10.2
    r5c2 = 4 * 9 + 1
    assert GEO.label(r5c2) == "r5c2"
    assert steps[0].eliminated == ((r5c2, 9),)
    assert _solution(NESTED_STATE)[r5c2] != 9
    text = describe(steps[0], GEO)
    assert text.startswith("nested forcing chains: assuming r5c2 = 9 leads to a contradiction")
    assert text.endswith("(rated 10.2 for its length) -> removed from r5c2")


@pytest.mark.slow
def test_every_nested_conclusion_met_is_true():
    board = from_candidates(NESTED_STATE)
    solution = _solution(NESTED_STATE)
    made = _offers(board, chains.nested_forcing_chains)
    assert len(made) > 10
    for _size, target, on, _starts, _unit in made:
        cell, digit = divmod(target, board.n)
        assert (solution[cell] == digit + 1) is on


@pytest.mark.parametrize("seed", range(4))
def test_forcing_chains_on_an_assumed_grid_remove_only_false_candidates(seed):
    src, solution, removed, cands = assumed(NESTED_STATE, seed)
    n = GEO.n
    found = chains._board_chains(GEO, src, cands)
    assert found  # the removals make chains the grid alone does not have
    assert not chains._board_chains(GEO, src, src)
    for nodes, size, targets, parents in found:
        assert size == len(nodes) >= 3
        assert parents and set(set_bits(parents)) <= removed
        for i in targets:
            assert cands[i // n] >> (i % n) & 1
            assert solution[i // n] != i % n + 1


def test_a_nested_chain_counts_once_in_a_complexity():
    board = from_candidates(NESTED_STATE)
    ch = chains._Chaining(board, y_links=True, dynamic=True, level=2)
    assert ch.size(0b1011, 0b100) == 4  # plain nodes: every branch counts its own
    first = 1 << (ch.shift + ch.number("first", 7))
    second = 1 << (ch.shift + ch.number("second", 5))
    assert ch.number("first", 7) == 0 and ch.weights == [7, 5]
    assert ch.size(0b11 | first, 0b100 | first) == 3 + 7
    assert ch.size(0b11 | first, 0b100 | second) == 3 + 7 + 5


def test_nested_levels_follow_dynamic_plus_in_the_ladder():
    finders = [r.finder for r in LADDER]
    at = finders.index(chains.dynamic_forcing_chains_plus)
    assert finders[at + 1:] == [chains.nested_forcing_chains,
                                chains.nested_multiple_forcing_chains,
                                chains.nested_dynamic_forcing_chains,
                                chains.doubly_nested_forcing_chains]
    assert [r.base for r in LADDER[at:]] == [9.0, 9.5, 10.0, 10.5, 11.0]


@pytest.mark.parametrize("seed", range(3))
def test_static_searches_skip_only_cells_that_conclude_nothing(seed):
    board = from_candidates(NESTED_STATE)
    solution = _solution(NESTED_STATE)
    n = board.n
    cands = board.cands[:]
    false = [c * n + d for c, m in enumerate(cands) for d in range(n)
             if m >> d & 1 and solution[c] != d + 1]
    for i in random.Random(seed).sample(false, 30):
        cands[i // n] &= ~(1 << (i % n))
    view = chains._View(GEO, cands)
    tech = Technique.CELL_FORCING_CHAINS
    every = list(chains._search(view, tech, False, 0, False))
    cells = chains._may_conclude(GEO, cands)
    assert every and len(cells) < sum(1 for m in cands if m.bit_count() >= 3)
    assert list(chains._search(view, tech, False, 0, False, cells)) == every
