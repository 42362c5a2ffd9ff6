"""Independent checks of a puzzle's shape for the tests: symmetry, minimality, a dig spec.

Glossary:
  image   where a symmetry's motions take cell (r, c), written out case by case (not
          bookgen's orbit tables)
  orbit   a cell with all its images: blank together or given together in a symmetric
          puzzle
Minimality is checked with the exact-cover solver (exact_cover.py), not bookgen's kernels;
a killer's solutions by the tests' own killer solver (killer_search.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from exact_cover import count_exact
from killer_search import killer_solutions


def image(symmetry: str, n: int, r: int, c: int) -> list[tuple[int, int]]:
    """Where the symmetry's motions take (r, c), the identity left out."""
    m = n - 1
    table = {
        "rotational": [(m - r, m - c)],
        "rotational90": [(c, m - r), (m - r, m - c), (m - c, r)],
        "mirror": [(r, m - c)],
        "flip": [(m - r, c)],
        "diagonal": [(c, r)],
        "antidiagonal": [(m - c, m - r)],
        "dihedral": [(c, m - r), (m - r, m - c), (m - c, r), (r, m - c), (m - r, c), (c, r),
                     (m - c, m - r)],
    }
    return table.get(symmetry, [])


def orbit(symmetry: str, n: int, cell: int) -> frozenset[int]:
    r, c = divmod(cell, n)
    return frozenset([cell] + [r2 * n + c2 for r2, c2 in image(symmetry, n, r, c)])


def symmetric(puzzle: Sequence[int], symmetry: str, n: int) -> bool:
    """Whether every orbit is all blank or all given."""
    return all(
        len({bool(puzzle[c]) for c in orbit(symmetry, n, cell)}) == 1 for cell in range(n * n)
    )


def minimal(puzzle: Sequence[int], symmetry: str, geo: Any) -> bool:
    """Whether blanking any orbit of clues leaves several solutions."""
    orbits = {orbit(symmetry, geo.n, c) for c, v in enumerate(puzzle) if v}
    for cells in orbits:
        fewer = [0 if c in cells else v for c, v in enumerate(puzzle)]
        if count_exact(fewer, geo) == 1:
            return False
    return True


def assert_dug_to(puzzle: Sequence[int], solution: Sequence[int], spec: Any, geo: Any) -> None:
    """The puzzle is unique (exact cover) and of the solution, symmetric, inside the clue
    range, and minimal where spec (a DigSpec) asks."""
    assert count_exact(puzzle, geo) == 1
    assert all(p in (0, s) for p, s in zip(puzzle, solution, strict=True))
    assert symmetric(puzzle, spec.symmetry.value, geo.n)
    assert spec.target.lo <= sum(1 for v in puzzle if v) <= spec.target.hi
    if spec.minimal:
        assert minimal(puzzle, spec.symmetry.value, geo)


def count_killer(
    givens: Sequence[int], cages: Sequence[tuple[int, Sequence[int]]], limit: int = 2
) -> list[list[int]]:
    """Up to `limit` solutions of a 9x9 killer puzzle, by the tests' own killer solver
    (killer_search.py: candidates narrowed by the rules, innies and outies among them,
    then a search), which count_killer_exact cross-checks in test_killer_search.py."""
    return killer_solutions(givens, cages, limit)


def count_killer_exact(
    givens: Sequence[int], cages: Sequence[tuple[int, Sequence[int]]], limit: int = 2
) -> list[list[int]]:
    """Up to `limit` solutions of a 9x9 killer puzzle, as exact cover solved by the tests'
    own Algorithm X (exact_cover.py), written from the rules alone: a choice fills one
    whole cage with distinct digits (every ordering of every set of distinct digits that
    sums to the cage's total, agreeing with the givens); it covers the cage, its cells,
    and (row, digit), (column, digit), (box, digit) for each of its cells. Cells and
    (unit, digit) are the columns every solution covers (exact_cover.PRIMARY). Slower than
    count_killer by far on loose puzzles (a minute on some expert ones), and the simplest
    statement of the rules, so it checks that solver."""
    from itertools import combinations, permutations

    from exact_cover import _cover

    y: dict[Any, list[Any]] = {}
    for g, (total, cells) in enumerate(cages):
        for digits in combinations(range(1, 10), len(cells)):
            if sum(digits) != total:
                continue
            for order in permutations(digits):
                if any(givens[c] and givens[c] != d for c, d in zip(cells, order, strict=True)):
                    continue
                cols: list[Any] = [("cage", g)]
                for c, d in zip(cells, order, strict=True):
                    r, k = divmod(c, 9)
                    cols += [("cell", c), ("unit", r, d), ("unit", 9 + k, d),
                             ("unit", 18 + r // 3 * 3 + k // 3, d)]
                y[(g, order)] = cols
    x: dict[Any, set[Any]] = {}
    for row, cols in y.items():
        for col in cols:
            x.setdefault(col, set()).add(row)
    if len(x) != len(cages) + 4 * 81:  # a constraint no choice covers
        return []
    found = []
    for chosen in _cover(x, y, []):
        grid = [0] * 81
        for g, order in chosen:
            for c, d in zip(cages[g][1], order, strict=True):
                grid[c] = d
        found.append(grid)
        if len(found) >= limit:
            break
    return found
