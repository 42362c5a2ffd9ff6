"""The compiled aligned triple exclusion (engine/kernels/wings_fast.py) against the Python
finder of grade/techniques/wings.py: the same step on every board state."""

from __future__ import annotations

import pytest
from test_grade_chains_compiled import _both, _states
from test_grade_kept_tables import GEOS
from test_grade_techniques import FIRST_TO_FIRE, from_candidates

from bookgen.grade import Technique
from bookgen.grade.board import Board
from bookgen.grade.techniques import wings

SMALL = [name for name, geo in GEOS.items() if geo.ncells <= 81]
"""The grids the compiled finder serves (up to 81 cells)."""


def test_the_real_position_gives_the_same_step(monkeypatch):
    ((_, _, _, text),) = [row for row in FIRST_TO_FIRE
                          if row[0] is Technique.ALIGNED_TRIPLE_EXCLUSION]
    python, compiled = _both(monkeypatch, wings.aligned_triple_exclusion,
                             from_candidates(text))
    assert python and compiled == python


@pytest.mark.parametrize("name", SMALL)
def test_compiled_finder_finds_what_the_python_one_finds(name, monkeypatch):
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    found = 0
    for cands in _states(geo, seed=7 + len(name), count=12):
        board = Board((0,) * geo.ncells, geo)
        board.cands[:] = cands
        python, compiled = _both(monkeypatch, wings.aligned_triple_exclusion, board)
        assert compiled == python
        found += bool(python)
    assert found > 0  # the states are not all barren
