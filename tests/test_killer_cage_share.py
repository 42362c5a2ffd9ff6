"""Single-cell cages in generated killers: at most SINGLE_SHARE of the cages in every band
(a single cell is a given in disguise), the cages covering the grid once, every puzzle
unique by the tests' own killer solver (shapes.count_killer), and the
pass that joins or re-cuts a single cell keeping the puzzle unique.

The puzzles are the product's own: make_killer with the cages drawn for each band, as a
killer section draws its candidates.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from shapes import count_killer

from bookgen.core.model import Band, CageSpec
from bookgen.make.generate import GeneratedKiller, _absorb_singles, make_killer
from bookgen.variants.killer.cage_aim import SINGLE_SHARE
from bookgen.variants.killer.cages import cages_of

SAMPLE = 5
"""Puzzles drawn a band."""

def _joined(cells: list[int]) -> bool:
    """Whether the cells join through shared edges (a 9x9 grid)."""
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        r, c = divmod(todo.pop(), 9)
        for nb in (d for d in cells if abs(d // 9 - r) + abs(d % 9 - c) == 1):
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def _unique(p: GeneratedKiller) -> bool:
    return count_killer(p.puzzle, [(c.total, c.cells) for c in p.cages]) == [list(p.solution)]


@pytest.fixture(scope="module", params=list(Band))
def sample(request: pytest.FixtureRequest) -> tuple[Band, list[GeneratedKiller]]:
    """A band and the killers drawn for it."""
    band = request.param
    return band, [make_killer(CageSpec(aim=band), "share", i) for i in range(SAMPLE)]


def test_single_cells_are_at_most_a_twentieth_of_the_cages(sample) -> None:  # type: ignore[no-untyped-def]
    _, drawn = sample
    cages = [cage for p in drawn for cage in p.cages]
    singles = sum(1 for cage in cages if len(cage.cells) == 1)
    assert singles <= SINGLE_SHARE * len(cages)


def test_the_cages_cover_the_grid_once_and_add_up(sample) -> None:  # type: ignore[no-untyped-def]
    _, drawn = sample
    for p in drawn:
        cells = sorted(c for cage in p.cages for c in cage.cells)
        assert cells == list(range(81))
        for cage in p.cages:
            digits = [p.solution[c] for c in cage.cells]
            assert len(set(digits)) == len(digits) and sum(digits) == cage.total


def test_every_drawn_killer_is_unique_by_the_tests_solver(sample) -> None:  # type: ignore[no-untyped-def]
    _, drawn = sample
    assert all(_unique(p) for p in drawn)


@pytest.mark.parametrize("index", range(3))
def test_a_single_cell_split_off_is_absorbed_and_the_puzzle_stays_unique(index: int) -> None:
    made = make_killer(CageSpec(aim=Band.MEDIUM), "absorb", index)
    groups = [list(cage.cells) for cage in made.cages]
    # split one cell off a cage of three or more, leaving the rest joined: the puzzle stays
    # unique (a split only adds facts) and now has one single-cell cage
    g, cell = next((g, c) for g, cells in enumerate(groups) if len(cells) > 2 for c in cells
                   if _joined([d for d in cells if d != c]))
    groups[g].remove(cell)
    groups.append([cell])
    before = len(groups)
    givens = np.zeros(81, dtype=np.int8)

    def unique(trial: list[list[int]]) -> bool:
        cages = cages_of(made.solution, trial)
        return count_killer(givens, [(c.total, c.cells) for c in cages]) == [
            list(made.solution)]

    assert unique(groups)
    _absorb_singles(groups, made.solution, givens, 5, random.Random(index), unique)
    assert all(len(cells) > 1 for cells in groups)
    assert len(groups) in (before - 1, before)  # one join, or a re-cut of two cages
    assert sorted(c for cells in groups for c in cells) == list(range(81))
    assert unique(groups)


def test_sizes_that_ask_for_single_cells_keep_them() -> None:
    # a config's own cage sizes with a weight for one cell: its single cells stay
    made = [make_killer(CageSpec(weights=(2, 6, 3, 0, 0)), "asked", i) for i in range(3)]
    assert sum(1 for p in made for cage in p.cages if len(cage.cells) == 1) > 3
