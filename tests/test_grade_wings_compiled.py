"""The compiled aligned pair and triple exclusions and almost-locked-set wings
(engine/kernels/wings_fast.py) against the Python finders of grade/techniques/wings.py:
the same step on every board state."""

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


EXCLUSIONS = {Technique.ALIGNED_PAIR_EXCLUSION: wings.aligned_pair_exclusion,
              Technique.ALIGNED_TRIPLE_EXCLUSION: wings.aligned_triple_exclusion}


@pytest.mark.parametrize("tech", EXCLUSIONS)
def test_the_real_position_gives_the_same_step(tech, monkeypatch):
    ((_, _, _, text),) = [row for row in FIRST_TO_FIRE if row[0] is tech]
    python, compiled = _both(monkeypatch, EXCLUSIONS[tech], from_candidates(text))
    assert python and compiled == python


ALS_WINGS = [wings.wxyz_wing, wings.vwxyz_wing, wings.uvwxyz_wing, wings.tuvwxyz_wing]

FAMILIES = {
    "pair exclusion": ([wings.aligned_pair_exclusion], 3, 12),
    "triple exclusion": ([wings.aligned_triple_exclusion], 7, 12),
    "wings": (ALS_WINGS, 50, 6),
}
"""Each compiled family's finders, the seed its states are drawn from and their number."""


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("name", SMALL)
def test_compiled_finders_find_what_the_python_ones_find(name, family, monkeypatch):
    finders, seed, count = FAMILIES[family]
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    found = 0
    for cands in _states(geo, seed=seed + len(name), count=count):
        board = Board((0,) * geo.ncells, geo)
        board.cands[:] = cands
        for finder in finders:
            python, compiled = _both(monkeypatch, finder, board)
            assert compiled == python
            found += bool(python)
    assert found > 0  # the states are not all barren


WING_TECHNIQUES = {Technique.WXYZ_WING: wings.wxyz_wing, Technique.VWXYZ_WING: wings.vwxyz_wing,
                   Technique.UVWXYZ_WING: wings.uvwxyz_wing,
                   Technique.TUVWXYZ_WING: wings.tuvwxyz_wing}


@pytest.mark.parametrize("tech", WING_TECHNIQUES)
def test_the_real_wing_positions_give_the_same_step(tech, monkeypatch):
    rows = [row for row in FIRST_TO_FIRE if row[0] is tech]
    assert rows
    for _, _, _, text in rows:
        python, compiled = _both(monkeypatch, WING_TECHNIQUES[tech], from_candidates(text))
        assert python and compiled == python
