"""Chains: what each logged step must hold together, on the start of hard puzzles.

A contradiction step (Nishio, dynamic forcing chains and their plus form) concludes the
opposite of its assumption: cells and digits name it, its chain starts at the assumption,
and it is rated from the technique's base (the exact ratings, SE's sums of ancestors, are
pinned in test_grade_techniques.py). Every step is true against the solution, and a finder
reports one step, its lowest-rated.
"""

from __future__ import annotations

import pytest
from exact_cover import solutions_exact

from bookgen.core.grid import geometry, parse
from bookgen.grade import Board, Technique
from bookgen.grade.techniques import chains

PUZZLES = [
    ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
]
"""SPEC 3's golden example and the first two puzzles of top95."""

CONTRADICTIONS = [
    (chains.nishio, Technique.NISHIO),
    (chains.dynamic_forcing_chains, Technique.DYNAMIC_FORCING_CHAINS),
    (chains.dynamic_forcing_chains_plus, Technique.DYNAMIC_FORCING_CHAINS_PLUS),
]


def start(puzzle: str) -> tuple[Board, tuple[int, ...]]:
    values, geo = parse(puzzle)
    (solution,) = solutions_exact(values, geo, 2)
    return Board(values, geo), solution


@pytest.mark.parametrize("puzzle", PUZZLES)
@pytest.mark.parametrize("finder, tech", CONTRADICTIONS, ids=lambda x: getattr(x, "name", ""))
def test_contradiction_steps_hold_together(puzzle, finder, tech):
    board, solution = start(puzzle)
    steps = finder(board)
    assert len(steps) == 1
    step = steps[0]
    assert step.technique is tech
    for c, d in step.eliminated:
        assert solution[c] != d
    for c, v in step.placed:
        assert solution[c] == v
    assert step.difficulty >= tech.se
    if len(step.chains) == 1:  # a contradiction: the assumption's opposite holds
        (c, d, on), result = step.chains[0][0], step.chains[0][-1]
        assert result == (c, d, not on)
        assert (step.eliminated, step.placed) == ((((c, d),), ()) if on else ((), ((c, d),)))
        assert step.cells == (c,) and step.digits == (d,)
    else:  # cell, unit or double forcing: every chain starts at an assumption of the step
        assert all(chain[0][0] in step.cells for chain in step.chains)
        assert len({chain[-1] for chain in step.chains}) == 1  # one conclusion


@pytest.mark.parametrize("puzzle", PUZZLES)
@pytest.mark.parametrize(
    "finder, techs",
    [
        (chains.x_chain, {Technique.X_CHAIN}),
        (chains.aic, {Technique.AIC}),
        (chains.forcing_chains, {Technique.CELL_FORCING_CHAINS, Technique.UNIT_FORCING_CHAINS}),
    ],
    ids=["x_chain", "aic", "forcing_chains"],
)
def test_static_chain_steps_are_true_and_rated_from_their_base(puzzle, finder, techs):
    board, solution = start(puzzle)
    steps = finder(board)
    assert len(steps) <= 1
    for step in steps:
        assert step.technique in techs
        assert step.difficulty >= step.technique.se
        assert all(solution[c] != d for c, d in step.eliminated)
        assert all(solution[c] == v for c, v in step.placed)
        assert step.chains and all(len(chain) >= 2 for chain in step.chains)
        nodes = [node for chain in step.chains for node in chain]
        assert all(board.cands[c] >> (d - 1) & 1 for c, d, _ in nodes)  # live candidates
        if finder is not chains.forcing_chains:  # those log (start, conclusion) pairs
            for chain in step.chains:  # a chain alternates ON and OFF
                assert all(a[2] != b[2] for a, b in zip(chain, chain[1:], strict=False))
            # one assumption, at the head of every chain: ON is removed, OFF is placed
            (c, d, on) = step.chains[0][0]
            assert all(chain[0] == (c, d, on) for chain in step.chains)
            assert (step.eliminated, step.placed) == (((c, d),), ()) if on else ((), ((c, d),))
            assert step.cells == tuple(dict.fromkeys(c for c, _, _ in nodes))
            assert step.digits == tuple(sorted({d for _, d, _ in nodes}))


@pytest.mark.parametrize(
    "finder", [chains.x_chain, chains.aic, chains.forcing_chains, chains.nishio]
)
def test_chains_find_nothing_on_an_empty_grid(finder):
    assert finder(Board((0,) * 81, geometry(9))) == []
