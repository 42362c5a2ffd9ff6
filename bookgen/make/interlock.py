"""Interlocked boards: no grid of a multi-grid board can be solved from its own givens.

Glossary:
  alone       one grid of a board (core.kinds.Board) taken as a classic 9x9 sudoku with the
              givens that lie in it and nothing else
  free grid   a grid that is unique alone: a solver could finish it without looking at
              its neighbours
  interlocked a board with no free grid ("no grid can be solved on its own"); a board is
              unique as a whole whatever its grids are alone
  lock        dig on from a unique puzzle: blank, in an order drawn from the caller's rng,
              symmetry orbits of clues that lie in a free grid, each only while the board
              stays unique, the clue count stays at or above lo and the judge does not
              find it too hard; stop when no grid is free (None when none of the
              orbits left can go). Digging only where a grid is free spends removals where
              they are needed, where a filter alone would throw most boards away
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from ..core.grid import Geometry, Grid, geometry


@cache
def grid_cells(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """The cells of each grid of a board, row-major within the grid (geo.board's order)."""
    assert geo.board is not None
    cell_of = {p: i for i, p in enumerate(geo.positions)}
    return tuple(tuple(cell_of[p] for p in geo.board.grid_positions(geo.n, g))
                 for g in range(len(geo.board.origins)))


def free_grids(puzzle: Grid, geo: Geometry, backend: str | None = None) -> list[int]:
    """The grids of a board that are unique alone (one batch of the counting kernel over
    the grids, each a classic n x n grid)."""
    from ..engine.kernels import get_backend

    cells = grid_cells(geo)
    alone = np.array([[puzzle[c] for c in grid] for grid in cells], dtype=np.int8)
    counts = get_backend(backend).count_batch(geometry(geo.n), alone, 2).tolist()
    return [g for g, count in enumerate(counts) if count == 1]


def lock(
    puzzle: Grid, geo: Geometry, orbits: Sequence[Sequence[int]], rng: random.Random,
    lo: int = 0, too_hard: Callable[[Grid], bool] | None = None, backend: str | None = None,
) -> Grid | None:
    """The puzzle dug on until it is interlocked (see the glossary), or None when an orbit
    that would free the last free grids cannot go."""
    from ..engine.kernels import get_backend

    count = get_backend(backend).count_batch
    grid = list(puzzle)
    clues = sum(1 for v in grid if v)
    while free := free_grids(tuple(grid), geo, backend):
        inside = {c for g in free for c in grid_cells(geo)[g]}
        given = [o for o in orbits if grid[o[0]] and inside.intersection(o)
                 and clues - len(o) >= lo]
        rng.shuffle(given)
        fewer = np.tile(np.array(grid, dtype=np.int8), (len(given), 1))
        for i, orbit in enumerate(given):
            fewer[i, list(orbit)] = 0
        # every removal counted in one batch; the first in the drawn order that the
        # judge accepts is kept
        counts = count(geo, fewer, 2).tolist() if given else []
        kept = next((row for row, n in zip(fewer, counts, strict=True) if n == 1
                     and (too_hard is None or not too_hard(tuple(row.tolist())))), None)
        if kept is None:
            return None
        grid = kept.tolist()
        clues = sum(1 for v in grid if v)
    return tuple(grid)
