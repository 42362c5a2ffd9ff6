"""The band-bitboard count (engine/kernels/bands.py) against the independent exact-cover
solver and the pure-Python reference: every 9x9 kind it serves, puzzles with one, several
and no solutions, exclusions, clashes; which geometries it serves; the dig's removal test
answered by it gives the reference backend's puzzles."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from exact_cover import count_exact

from bookgen.core.grid import geometry
from bookgen.core.model import DigSpec
from bookgen.core.rules import Variant
from bookgen.engine.kernels import dig_fast, dig_reference, get_backend
from bookgen.engine.kernels.band_layout import CELL, EXTRA, NEAR, fits, rule_table, rules_of
from bookgen.make.generate import completes, make_puzzle

bands = pytest.importorskip("bookgen.engine.kernels.bands")

THIN = {"anti-knight": 2, "non-consecutive": 1}
"""Clues taken away at most where eight leave too many solutions to reach the limit soon
(anti-knight: the exact-cover solver takes 5 s on its grid of four taken away, and two
already give five solutions)."""
COVERED_KINDS = ("classic", "x", "hyper", "anti-knight", "anti-king", "disjoint-groups",
                 "asterisk", "center-dot", "girandola")
"""The kinds checked against the exact-cover solver. A minimal non-consecutive puzzle has six
to eight clues, on which that solver takes minutes: the reference search checks it."""
BAND_KINDS = (*COVERED_KINDS, "non-consecutive")
SEEDS = {"non-consecutive": (1,)}
"""Seeds of the puzzles checked against the reference search (1 and 2 unless named): on
a non-consecutive puzzle of six clues that search takes 4 to 8 s a grid, so one seed's
grids (unique, then not) do there."""


def _thinned(kind: str, seed: int, keep: int) -> list[tuple[int, ...]]:
    """A generated puzzle of the kind and copies of it with clues taken away at random:
    unique, then mostly with several solutions."""
    spec = DigSpec(size=9, variant=Variant.parse(kind), minimal=True)
    made = make_puzzle(spec, seed, 0, "numba")
    rng = random.Random(seed)
    grids = [made.puzzle]
    givens = [c for c in range(81) if made.puzzle[c]]
    for k in sorted({1, 2, 4, 8} & set(range(keep + 1))):
        g = list(made.puzzle)
        for c in rng.sample(givens, min(k, len(givens) - 1)):
            g[c] = 0
        grids.append(tuple(g))
    return grids


@pytest.mark.parametrize("kind", COVERED_KINDS)
def test_band_counts_match_exact_cover(kind: str) -> None:
    geo = geometry(9, Variant.parse(kind))
    grids = _thinned(kind, 7, THIN.get(kind, 8))
    counts = bands.band_count_batch(np.array(grids, np.int8), 5, rules_of(geo))
    expected = [count_exact(g, geo, 5) for g in grids]
    assert counts.tolist() == expected
    assert expected[0] == 1 and max(expected) > 1  # unique and not: both cases ran


@pytest.mark.parametrize("kind", BAND_KINDS)
def test_band_counts_match_the_reference_search(kind: str) -> None:
    geo = geometry(9, Variant.parse(kind))
    grids = np.array([g for seed in SEEDS.get(kind, (1, 2))
                      for g in _thinned(kind, seed, THIN.get(kind, 8))],
                     np.int8)
    fast = get_backend("numba").count_batch(geo, grids, 3)
    assert fast.tolist() == get_backend("python").count_batch(geo, grids, 3).tolist()


def test_data_file_puzzles_are_unique(read_data: Callable[[str, int], list[str]]) -> None:
    geo = geometry(9)
    grids = np.array([[0 if ch == "." else int(ch) for ch in line]
                      for line in read_data("top95.txt", 40)], np.int8)
    counts = bands.band_count_batch(grids, 2, rules_of(geo))
    assert counts.tolist() == [count_exact(g, geo, 2) for g in grids.tolist()] == [1] * 40


def test_exclusion_and_clashes() -> None:
    geo = geometry(9)
    rules = rules_of(geo)
    made = make_puzzle(DigSpec(minimal=True), 11, 0, "numba")
    work = bands.workspace()
    grid = np.array(made.puzzle, np.int8)
    blank = next(c for c in range(81) if not grid[c])
    value = made.solution[blank]
    # without its value the blank cell has no solution (the puzzle is unique)...
    assert bands.band_count(grid, 2, blank, 1 << (value - 1), rules, work) == 0
    # ...and with every other value taken away, the one solution is left
    others = 0x1FF & ~(1 << (value - 1))
    assert bands.band_count(grid, 2, blank, others, rules, work) == 1
    given = next(c for c in range(81) if grid[c])
    assert bands.band_count(grid, 2, given, 1 << (grid[given] - 1), rules, work) == 0
    clash = grid.copy()
    row_mate = next(c for c in range(blank - blank % 9, blank - blank % 9 + 9) if grid[c])
    clash[blank] = grid[row_mate]
    assert bands.band_count(clash, 2, -1, 0, rules, work) == 0
    assert count_exact(tuple(clash.tolist()), geo, 2) == 0


def test_which_geometries_fit_bands() -> None:
    assert fits(geometry(9)) and fits(geometry(9, Variant.HYPER))
    for geo in (geometry(6), geometry(16), geometry(9, Variant.parse("samurai")),
                geometry(9, Variant.JIGSAW, "111222333" * 3 + "444555666" * 3
                         + "777888999" * 3)):
        assert not fits(geo) and rule_table(geo).shape == (0, 3)
    # the table's units beyond rows, columns and boxes: two diagonals, four windows
    assert rule_table(geometry(9, Variant.X)).shape == (EXTRA + 2, 3)
    assert rule_table(geometry(9, Variant.HYPER)).shape == (EXTRA + 4, 3)
    assert not rule_table(geometry(9))[0].any()  # the header: no cell has rules
    knight = rule_table(geometry(9, Variant.parse("anti-knight")))
    assert knight.shape == (EXTRA, 3) and knight[0, 0] == 1
    # r5c5 leaves its digit in eight cells a knight's move away and has no neighbour rule
    assert sum(bin(int(w)).count("1") for w in knight[CELL + 40]) == 8
    assert not knight[NEAR:].any()


@pytest.mark.parametrize("kind", ("classic", "x", "anti-king", "disjoint-groups"))
def test_dig_by_band_count_gives_the_reference_puzzles(kind: str) -> None:
    spec = DigSpec(size=9, variant=Variant.parse(kind), minimal=True)
    for index in range(2):
        fast = make_puzzle(spec, 5, index, "numba")
        assert fast == make_puzzle(spec, 5, index, "python")
        assert count_exact(fast.puzzle, fast.geo, 2) == 1


@pytest.mark.parametrize("kind", BAND_KINDS)
def test_band_fill_makes_valid_random_boards_alike_in_both_backends(kind: str) -> None:
    geo = geometry(9, Variant.parse(kind))
    # most sets of random digits on a hyper grid have no completion: tries are drawn anew
    made = {i: completes(geo, random.Random(i), "numba") for i in range(40)}
    found = {i: board for i, board in made.items() if board is not None}
    boards = list(found.values())[:3]
    assert len(set(boards)) == 3
    for board in boards:
        assert all(board) and count_exact(board, geo, 2) == 1  # full: one solution iff valid
    first = min(found)
    assert completes(geo, random.Random(first), "python") == found[first]


def test_band_fill_keeps_the_values_it_is_given() -> None:
    geo = geometry(9)
    made = make_puzzle(DigSpec(minimal=True), 3, 0, "numba")
    rules = rules_of(geo)
    for module in (dig_fast, dig_reference):  # band_fill itself, not only through complete
        grid = np.array(made.puzzle, np.int8)
        assert module.band_fill(grid, module.seed_state(1), 100, rules, module.workspace())
        assert tuple(grid.tolist()) == made.solution  # a unique puzzle: its solution
        clash = np.array(made.puzzle, np.int8)
        first = next(c for c in range(81) if clash[c])
        mate = next(c for c in range(first - first % 9, first - first % 9 + 9) if not clash[c])
        clash[mate] = clash[first]
        assert not module.band_fill(clash, module.seed_state(1), 100, rules,
                                    module.workspace())
