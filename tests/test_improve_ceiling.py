"""improve's ceiling: a candidate at or over it is never the best, not even a chain's first.

A chain whose every candidate reaches the ceiling finds no puzzle, and improve says so
(GenerationError naming the ceiling) instead of handing back a puzzle that is too hard.
Every puzzle returned is checked unique by the independent exact-cover solver.
"""

from __future__ import annotations

import math
import random

import pytest
from exact_cover import count_exact

from bookgen.core.errors import GenerationError
from bookgen.core.grid import geometry
from bookgen.core.model import DigSpec
from bookgen.core.rules import Figure
from bookgen.make.generate import complete_board, make_puzzle
from bookgen.make.improve import ChainTask, improve, objective_value, run_chain

GEO = geometry(9)
SOLUTION = complete_board(GEO, random.Random(5))


def _task(ceiling: float, start=None, restarts: bool = False, evaluations: int = 6) -> ChainTask:
    return ChainTask(SOLUTION, start, DigSpec(9), Figure.WAY_COMPLEXITY, 1, 0, evaluations,
                     None, None, "python", restarts, ceiling)


@pytest.mark.parametrize("restarts", [False, True])
def test_a_chain_with_every_candidate_over_the_ceiling_has_no_best(restarts):
    result = run_chain(_task(0.0, restarts=restarts))
    assert result.evaluations == 6
    assert result.puzzle is None and result.score == -math.inf


def test_a_start_over_the_ceiling_is_not_kept_as_best():
    start = make_puzzle(DigSpec(9), 3, 0).puzzle
    value = objective_value(Figure.WAY_COMPLEXITY, start, GEO)
    result = run_chain(_task(value, start=start, evaluations=1))
    assert result.puzzle is None and result.score == -math.inf


def test_improve_under_a_ceiling_nothing_reaches_raises():
    with pytest.raises(GenerationError, match=r"below way_complexity 0 in 8 digs"):
        improve(SOLUTION, GEO, evaluations=8, workers=1, seed=1, ceiling=0.0,
                backend="python")


def test_improve_from_a_start_at_the_ceiling_returns_a_puzzle_below_it():
    p = make_puzzle(DigSpec(9), 4, 0)
    value = objective_value(Figure.WAY_COMPLEXITY, p.puzzle, GEO)
    result = improve(p.puzzle, GEO, evaluations=30, workers=1, seed=2, ceiling=value,
                     backend="python")
    assert result.after["way_complexity"] < value
    assert count_exact(result.puzzle, GEO) == 1
    assert all(v == s for v, s in zip(result.puzzle, p.solution, strict=True) if v)
