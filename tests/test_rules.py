"""The shared facts (rules.py): symmetry orbits, clue counts, the 4x4 supply, print limits,
each checked against a count made here from first principles."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bookgen.core.rules import (
    KDP_GUTTERS,
    MIN_CLUES,
    SHIDOKU_PUZZLES,
    Symmetry,
    clue_counts,
    is_symmetric,
    kdp_gutter,
    orbit_sizes,
    symmetry_groups,
)

# ---------------------------------------------------------------- symmetry and clue counts


@pytest.mark.parametrize("n", [4, 6, 9])
@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_orbits_cover_the_grid(n, symmetry):
    sizes = orbit_sizes(n, symmetry)
    assert sum(sizes) == n * n
    assert set(sizes) <= {1, 2, 4, 8}


def test_dihedral_orbits_on_9x9():
    # centre alone; middle row/column and both diagonals (16 + 16 cells) in fours; the
    # remaining 48 cells in eights
    assert orbit_sizes(9, Symmetry.DIHEDRAL) == (1,) + (4,) * 8 + (8,) * 6


def brute_counts(n: int, sizes: tuple[int, ...]) -> set[int]:
    return {sum(c) for k in range(len(sizes) + 1) for c in itertools.combinations(sizes, k)}


@pytest.mark.parametrize(
    "n, symmetry, rule",
    [
        (9, Symmetry.NONE, lambda k: True),
        (9, Symmetry.ROTATIONAL, lambda k: True),  # the centre cell makes odd counts possible
        (4, Symmetry.ROTATIONAL, lambda k: k % 2 == 0),
        (6, Symmetry.MIRROR, lambda k: k % 2 == 0),
        (9, Symmetry.ROTATIONAL90, lambda k: k % 4 in (0, 1)),
        (4, Symmetry.ROTATIONAL90, lambda k: k % 4 == 0),
        (4, Symmetry.DIAGONAL, lambda k: True),
    ],
)
def test_clue_counts(n, symmetry, rule):
    want = {k for k in range(MIN_CLUES[n], n * n) if rule(k)}
    assert clue_counts(n, symmetry) == want
    if n == 4:
        assert want == brute_counts(n, orbit_sizes(n, symmetry)) & set(range(4, 16))


# ---------------------------------------------------------------- 4x4 supply


def shidoku_grids() -> np.ndarray:
    """All 4x4 sudoku grids, row by row, each row a permutation fitting the rows above."""
    rows = list(itertools.permutations(range(4)))

    def fits(grid: tuple, row: tuple) -> bool:
        r = len(grid)
        box_mates = grid[r - 1] if r % 2 else ()
        return all(row[c] != g[c] for g in grid for c in range(4)) and all(
            row[c] not in box_mates[c // 2 * 2: c // 2 * 2 + 2] for c in range(4))

    grids = [()]
    for _ in range(4):
        grids = [g + (row,) for g in grids for row in rows if fits(g, row)]
    return np.array([sum(g, ()) for g in grids])


def test_4x4_puzzle_supply_by_brute_force():
    grids = shidoku_grids()
    assert len(grids) == 288
    bits = 1 << np.arange(16)
    agree = ((grids[:, None, :] == grids[None, :, :]) * bits).sum(-1)
    every = np.arange(1 << 16)
    ones = np.array([bin(m).count("1") for m in every])
    # a clue set is ambiguous when it lies inside the cells where the grid agrees with
    # another grid: mark those sets, closed downwards one bit at a time
    ambiguous = np.zeros((len(grids), 1 << 16), dtype=bool)
    for g in range(len(grids)):
        ambiguous[g, np.delete(agree[g], g)] = True
    for b in range(16):  # axis 2 of the view is bit b of the clue set
        view = ambiguous.reshape(len(grids), 1 << (15 - b), 2, 1 << b)
        view[:, :, 0, :] |= view[:, :, 1, :]
    idx = np.arange(16).reshape(4, 4)
    moves = {
        "none": [], "rotational": [np.rot90(idx, 2)], "rotational90": [np.rot90(idx)],
        "mirror": [np.fliplr(idx)], "flip": [np.flipud(idx)], "diagonal": [idx.T],
        "antidiagonal": [np.rot90(idx, 2).T], "dihedral": [np.rot90(idx), np.fliplr(idx)],
    }
    assert set(moves) == {s.value for s in Symmetry}
    for name, gens in moves.items():
        orbits = {frozenset([c]) for c in range(16)}
        for _ in range(4):  # close under the generators
            orbits = {frozenset(o | {int(p.ravel()[c]) for p in gens for c in o}) for o in orbits}
        masks = [sum(1 << c for c in o) for o in orbits]
        unions = np.array([sum(m for m, on in zip(masks, pick, strict=True) if on)
                           for pick in itertools.product((0, 1), repeat=len(masks))])
        unique = ~ambiguous[:, unions]
        counted = np.bincount(np.broadcast_to(ones[unions], unique.shape)[unique], minlength=17)
        assert tuple(counted[4:16]) == SHIDOKU_PUZZLES[Symmetry(name)], name


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_orbits_are_closed_under_their_motions(n, symmetry):
    """Each orbit maps onto itself under every motion the symmetry names (checked with
    numpy's own rotations and mirrors, not the module's tables)."""
    idx = np.arange(n * n).reshape(n, n)
    motions = {
        Symmetry.NONE: [], Symmetry.ROTATIONAL: [np.rot90(idx, 2)],
        Symmetry.ROTATIONAL90: [np.rot90(idx)], Symmetry.MIRROR: [np.fliplr(idx)],
        Symmetry.FLIP: [np.flipud(idx)], Symmetry.DIAGONAL: [idx.T],
        Symmetry.ANTIDIAGONAL: [np.rot90(idx, 2).T],
        Symmetry.DIHEDRAL: [np.rot90(idx), np.fliplr(idx)],
    }[symmetry]
    groups = symmetry_groups(n, symmetry)
    assert sorted(c for g in groups for c in g) == list(range(n * n))
    for g in groups:
        for m in motions:
            assert {int(m.ravel()[c]) for c in g} == set(g)
        # and no orbit is larger than the group generated makes it
        assert len(g) <= {Symmetry.NONE: 1, Symmetry.ROTATIONAL90: 4,
                          Symmetry.DIHEDRAL: 8}.get(symmetry, 2)


def test_is_symmetric():
    n = 9
    pattern = [0] * 81
    pattern[0] = pattern[80] = 5
    assert is_symmetric(tuple(pattern), n, Symmetry.ROTATIONAL)
    assert not is_symmetric(tuple(pattern), n, Symmetry.MIRROR)
    pattern[80] = 0
    assert not is_symmetric(tuple(pattern), n, Symmetry.ROTATIONAL)
    assert is_symmetric(tuple(pattern), n, Symmetry.NONE)


@pytest.mark.parametrize(
    ("pages", "inches"),
    [(24, 0.375), (150, 0.375), (151, 0.5), (300, 0.5), (301, 0.625), (500, 0.625),
     (501, 0.75), (700, 0.75), (701, 0.875), (828, 0.875), (900, 0.875)],
)
def test_kdp_gutter(pages, inches):
    assert kdp_gutter(pages) == pytest.approx(inches * 72)
    assert KDP_GUTTERS[-1][0] == 828
