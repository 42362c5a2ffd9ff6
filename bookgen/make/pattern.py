"""Pattern-first digs: a technique section of a rare fish (jellyfish) digs its board's
cells around one drawn place of the fish first, so the dig's puzzles keep the fish open,
and an aimed dig replays that order (generate.make_puzzle).

Glossary:
  pattern   where the fish is to be: for a fish of size k on digit d, k base lines of
            one direction; the cover lines are the other direction's lines through d's
            cells in them
  first     the cells blanked before any other: every cell of d (d stays open in the
            lines outside the base too, where the fish eliminates; a given d there would
            solve d in its line, and leave nothing to eliminate) and the base lines'
            cells in the cover lines (room for d in each)
  last      cells blanked after every other, so a dig stopping short keeps them given:
            the base lines' cells outside the cover lines, whose other digits confine d
            to the cover lines there. Giving d's cells outside the base instead (tried)
            gave no jellyfish in 800 aimed digs; this gave 17
  order     the symmetry orbits in dig order: those with a first cell, then the rest,
            then those with a last cell, each part in an order drawn from the rng
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..core.grid import Grid
from ..grade.scale import Technique

FISH_SIZES: dict[Technique, int] = {Technique.JELLYFISH: 4}
"""The fish dug pattern first: technique -> its number of base lines."""

Arrange = Callable[[Grid, Sequence[Sequence[int]], random.Random], list[int]]
"""A pattern's dig order: (solution, orbits, rng) -> orbit indices (see the glossary)."""


def arranger(technique: Technique | None) -> Arrange | None:
    """The dig order of a technique's pattern, or None: the technique is dug as usual."""
    if technique in FISH_SIZES:
        size = FISH_SIZES[technique]
        return lambda solution, orbits, rng: _ordered(orbits, *_fish(solution, size, rng),
                                                      rng)
    return None


def _fish(solution: Grid, size: int, rng: random.Random) -> tuple[set[int], set[int]]:
    """(first, last) cells of a fish of `size` base lines on a drawn digit."""
    n = _side(solution)
    digit = rng.randint(1, n)
    rows = rng.random() < 0.5  # base lines: rows (cover: columns) or the transpose

    def cell(line: int, across: int) -> int:
        return line * n + across if rows else across * n + line

    base = rng.sample(range(n), size)
    cover = [a for line in base for a in range(n) if solution[cell(line, a)] == digit]
    first = {cell(line, a) for line in base for a in cover}
    first |= {c for c in range(n * n) if solution[c] == digit}
    last = {cell(line, a) for line in base for a in range(n)} - first
    return first, last


def _side(solution: Grid) -> int:
    """The side of a square board."""
    return round(len(solution) ** 0.5)


def _ordered(orbits: Sequence[Sequence[int]], first: set[int], last: set[int],
             rng: random.Random) -> list[int]:
    """The orbits in dig order: those with a first cell, the rest, those with a last
    cell (an orbit with both is first), each part shuffled by rng."""
    parts: list[list[int]] = [[], [], []]
    for g, orbit in enumerate(orbits):
        parts[0 if first.intersection(orbit) else 2 if last.intersection(orbit) else 1] \
            .append(g)
    order: list[int] = []
    for part in parts:
        rng.shuffle(part)
        order += part
    return order
