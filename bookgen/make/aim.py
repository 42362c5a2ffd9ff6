"""Steer a puzzle toward a technique: a seeded local search over clue changes that keeps
the puzzle unique and in its clue range, climbing the caller's score until it is reached.

Glossary:
  orbit     the cells a symmetry moves into one another (rules.symmetry_groups): clues
            are put back and blanked a whole orbit at a time, so symmetry is kept
  move      put back `adds` blank orbits from the solution, then blank `cuts` clue orbits
            (not those just put back), each only while the puzzle stays unique (MOVES);
            a move that finds no such orbit, or leaves the clue range, is void
  score     the caller's judgement of a puzzle: None when it is out of bounds (too hard
            for the section), REACHED when it is what the caller aims at, else a number to
            climb (a technique section: its technique used, then the grade: pipeline)
  walk      from the start, each move is kept when its score is not lower than the
            current one (sideways moves cross plateaus of equal grade); every move costs
            one evaluation of the budget, void or not, so the walk's length, and with
            the seeded rng its result, depend only on the start, the budget and the seed
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import numpy as np

from ..core.grid import Geometry, Grid
from ..core.model import ClueTarget
from ..core.rules import Symmetry, symmetry_groups

REACHED = math.inf
"""The score of a puzzle the walk aims at: it ends there."""

MOVES: tuple[tuple[int, int], ...] = ((1, 1), (1, 2))
"""(orbits put back, orbits blanked) of the moves, drawn alike: one back and one blanked
wanders at the same depth, one back and two blanked goes a clue deeper. A walk starts at
the deepest puzzle of an aimed dig, where a plain blank is mostly too hard or not unique,
and putting back more than it blanks only eases it, which the score turns down. With
those two moves as well, the same 960 candidates (X-wing, swordfish, naked quad, hidden
triple; two seeds) found 18 of their technique in 100 CPU s; without them, 18 in 79 s."""

Score = Callable[[Grid], float | None]
"""A caller's judgement of a unique puzzle (see the glossary)."""


def steer(
    start: Grid, solution: Grid, geo: Geometry, symmetry: Symmetry, target: ClueTarget,
    score: Score, rng: random.Random, evaluations: int, backend: str | None = None,
) -> Grid | None:
    """The first puzzle of the walk from `start` (a unique puzzle of `solution`) that
    scores REACHED within `evaluations` moves, or None."""
    from ..engine.kernels import get_backend

    count = get_backend(backend).count_batch
    orbits = symmetry_groups(geo.n, symmetry, geo.variant)
    current, value = start, score(start)
    if value == REACHED:
        return start
    if value is None:
        return None

    def unique(grids: list[list[int]]) -> list[bool]:
        counts = count(geo, np.array(grids, dtype=np.int8), 2)
        return [int(c) == 1 for c in counts]

    for _ in range(evaluations):
        trial = _moved(current, solution, orbits, rng.choice(MOVES), rng, unique)
        if trial is None or sum(1 for v in trial if v) not in target:
            continue
        new = score(trial)
        if new is not None and new >= value:
            current, value = trial, new
            if value == REACHED:
                return current
    return None


def _moved(
    puzzle: Grid, solution: Grid, orbits: Sequence[Sequence[int]], move: tuple[int, int],
    rng: random.Random, unique: Callable[[list[list[int]]], list[bool]],
) -> Grid | None:
    """The puzzle after one move (see the glossary), or None when the move is void."""
    adds, cuts = move
    blank = [o for o in orbits if not puzzle[o[0]]]
    if len(blank) < adds:
        return None
    grid = list(puzzle)
    added = rng.sample(blank, adds)
    for orbit in added:
        for c in orbit:
            grid[c] = solution[c]
    for _ in range(cuts):
        given = [o for o in orbits if grid[o[0]] and o not in added]
        rng.shuffle(given)
        # every blank tried at once in one batch; the first unique one in the drawn order
        fewer = []
        for orbit in given:
            row = list(grid)
            for c in orbit:
                row[c] = 0
            fewer.append(row)
        kept = next((row for row, ok in zip(fewer, unique(fewer) if fewer else [],
                                            strict=True) if ok), None)
        if kept is None:
            return None
        grid = kept
    return tuple(grid)
