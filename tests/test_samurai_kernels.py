"""The exclusion search's node cap: boards only, and only ever an answer of "not unique"."""

from __future__ import annotations

import numpy as np
import pytest

from bookgen.core.grid import geometry
from bookgen.core.model import DigSpec
from bookgen.engine.kernels import EXCLUSION_NODES_FROM, reference
from bookgen.make.generate import make_puzzle
from bookgen.variants.samurai import SAMURAI


def _tables(geo):  # type: ignore[no-untyped-def]
    a = geo.arrays()
    return a["units"], a["cell_units"], a["peers"], a["npeers"]


def _hard_cell(puzzle, geo):  # type: ignore[no-untyped-def]
    """An empty cell whose exclusion search needs at least one branch point."""
    units = _tables(geo)
    grid = np.array(puzzle, dtype=np.int8)
    sols = reference._search(grid.tolist(), 1, -1, 0, reference._tables(*units))
    solution = sols[0]
    for c in range(geo.ncells):
        if grid[c]:
            continue
        t = reference._tables(*units)
        started = reference._start(grid.tolist(), t)
        assert started is not None
        counter = reference._Counter(t, 1, c, False)
        vals, cand, queue = started
        cand[c] &= ~(1 << (solution[c] - 1))
        if not cand[c] & (cand[c] - 1):
            queue.append(c)
        counter.search(vals, cand, queue)
        if counter.nodes:
            return c, solution[c]
    pytest.skip("no exclusion search here branches")


def test_a_capped_board_search_answers_not_unique(monkeypatch):
    geo = geometry(9, SAMURAI)
    assert geo.ncells >= EXCLUSION_NODES_FROM > 256
    puzzle = make_puzzle(DigSpec(variant=SAMURAI), "cap", 0).puzzle
    cell, value = _hard_cell(puzzle, geo)
    grid = np.array(puzzle, dtype=np.int8)
    exact = reference.count_core(grid, 1, cell, 1 << (value - 1), *_tables(geo))
    assert exact == 0  # the dig's puzzle is unique
    monkeypatch.setattr(reference, "EXCLUSION_NODES", 0)
    assert reference.count_core(grid, 1, cell, 1 << (value - 1), *_tables(geo)) == 1
    # a search without exclusion (solve, rate) is never capped
    assert reference.count_core(grid, 2, -1, 0, *_tables(geo)) == 1


def test_a_single_grid_is_never_capped(monkeypatch):
    geo = geometry(16)
    puzzle = make_puzzle(DigSpec(size=16), "cap", 0).puzzle
    cell, value = _hard_cell(puzzle, geo)
    grid = np.array(puzzle, dtype=np.int8)
    monkeypatch.setattr(reference, "EXCLUSION_NODES", 0)
    assert reference.count_core(grid, 1, cell, 1 << (value - 1), *_tables(geo)) == 0


def test_improve_raises_the_grade_of_a_board_by_default(tmp_path):
    """A board has no trace figures, so improve's default objective there is the grade."""
    from blackbox import bookgen

    made = bookgen("generate", "--variant", "twin", "-n", "1", "--seed", "4", "-o",
                   tmp_path / "twin.txt", "-q", env={"BOOKGEN_BACKEND": "numba"})
    assert made.returncode == 0, made.stderr
    done = bookgen("improve", "--variant", "twin", tmp_path / "twin.txt", "--evaluations",
                   "10", "--seed", "1", "--workers", "1", env={"BOOKGEN_BACKEND": "numba"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("objective grade")
    board = done.stdout.splitlines()[0]
    assert len(board) == 225 and board.count("-") == 72


def test_both_backends_find_the_same_solutions_of_a_board_with_several():
    """The focused branching (BOARD_FOCUS) is the same search in both backends: the same
    two solutions, in the same order, of boards with givens taken away."""
    import random

    from bookgen.engine.kernels import get_backend

    python, numba = get_backend("python"), get_backend("numba")
    for index in range(4):
        made = make_puzzle(DigSpec(variant=SAMURAI), "multi", index)
        rng = random.Random(index)
        grid = list(made.puzzle)
        for c in rng.sample([c for c in range(len(grid)) if grid[c]], 4):
            grid[c] = 0
        batch = np.array([grid], dtype=np.int8)
        counts, sols = numba.solutions_batch(made.geo, batch, 2)
        again, same = python.solutions_batch(made.geo, batch, 2)
        assert counts.tolist() == again.tolist() == [2]
        assert (sols == same).all()
        assert sols[0, 0].tolist() != sols[0, 1].tolist()
