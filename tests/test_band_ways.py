"""The band count's branching on ways and its triads (engine/kernels/band_search.py): the
triads' three rules on positions made for them, in the bands and in the stacks; the count
on ways against the count on cells and the exact-cover solver, on puzzles with one,
several and no solutions, from the empty grid to full ones."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np
import pytest
from conftest import solved_board
from exact_cover import count_exact
from test_band_count import BAND_KINDS

from bookgen.core.grid import geometry
from bookgen.core.rules import Variant
from bookgen.engine.kernels import band_search as search
from bookgen.engine.kernels.band_layout import rules_of

bands = pytest.importorskip("bookgen.engine.kernels.bands")
compiled = bands.steps

CLASSIC = rules_of(geometry(9))
ROW0_REST = (3, 4, 5, 6, 7, 8)
"""Row 1's cells outside box 1."""


def _open_state() -> np.ndarray:
    """The state of the empty grid: every digit may go anywhere."""
    given = np.zeros(30, np.int64)
    state = np.zeros(search.STATE, np.int64)
    assert search.load_givens(given, -1, 0, state, CLASSIC)
    return state


def _drop(state: np.ndarray, digit: int, cells: tuple[int, ...]) -> None:
    """Take digit (1-9) from the cells."""
    for c in cells:
        state[3 * (digit - 1) + c // 27] &= ~(1 << (c % 27))


def _may(state: np.ndarray, digit: int, cell: int) -> bool:
    return bool(int(state[3 * (digit - 1) + cell // 27]) >> (cell % 27) & 1)


def test_three_digits_that_alone_may_go_in_a_mini_row_must_go_there() -> None:
    s = _open_state()
    for d in range(4, 10):
        _drop(s, d, (0, 1, 2))
    assert search._triads(s) == 1
    for d in (1, 2, 3):
        # they leave the rest of row 1 and the rest of box 1, and keep their mini-row
        assert not any(_may(s, d, c) for c in (*ROW0_REST, 9, 10, 11, 18, 19, 20))
        assert all(_may(s, d, c) for c in (0, 1, 2, 27, 36, 45))
    assert all(_may(s, d, c) for d in range(4, 10) for c in (*ROW0_REST, 9, 20))
    assert search._triads(s) == 0  # nothing more to do


def test_three_digits_that_must_go_in_a_mini_row_leave_it_to_no_other() -> None:
    s = _open_state()
    for d in (1, 2, 3):
        _drop(s, d, ROW0_REST)  # in row 1 each has box 1 alone
    assert search._triads(s) == 1
    assert not any(_may(s, d, c) for d in range(4, 10) for c in (0, 1, 2))
    assert all(_may(s, d, c) for d in range(4, 10) for c in (*ROW0_REST, 9))


@pytest.mark.parametrize("digits", [4, 5])
def test_four_digits_that_must_go_in_one_mini_row_are_a_dead_end(digits: int) -> None:
    s = _open_state()
    for d in range(1, digits + 1):
        _drop(s, d, ROW0_REST)
    assert search._triads(s) == -1


def test_mini_columns_the_same_way() -> None:
    column1 = (0, 9, 18)  # column 1 in band 1
    s = _open_state()
    for d in range(4, 10):
        _drop(s, d, column1)
    assert search._triads(s) == 1
    for d in (1, 2, 3):
        # they leave column 1 in bands 2 and 3, and box 1's other columns
        assert not any(_may(s, d, c) for c in (27, 36, 45, 54, 63, 72, 1, 2, 10, 11, 19, 20))
        assert all(_may(s, d, c) for c in (*column1, 3, 28))
    s = _open_state()
    for d in (1, 2, 3, 4):
        _drop(s, d, (27, 36, 45, 54, 63, 72))  # column 1 has band 1 alone for them
    assert search._triads(s) == -1


def test_tighten_finds_the_dead_end_that_settle_does_not() -> None:
    s = _open_state()
    for d in range(1, 5):
        _drop(s, d, ROW0_REST)
    seen = np.full(27, -1, np.int64)
    assert search.settle(s.copy(), seen.copy(), CLASSIC)
    assert not search.tighten(s, seen, CLASSIC)


def _count(grid: np.ndarray, limit: int, ways: bool, kernels: dict | None = None) -> int:
    """count_given branching on ways or on cells, compiled or (kernels None) plain."""
    k = kernels or vars(search)
    work = k["workspace"]()
    given = np.zeros(30, np.int64)
    k["given_words"](grid, given)
    return int(k["count_given"](given, limit, -1, 0, CLASSIC, work, ways))


def _sparse_grids(seed: int, k: int) -> list[np.ndarray]:
    """k grids of random boards with 0 to 36 of their digits, a fifth with one digit
    changed: mostly several solutions, some none, a few one."""
    rng = random.Random(seed)
    geo = geometry(9)
    grids = []
    for _ in range(k):
        board = solved_board(rng, geo)
        g = np.zeros(81, np.int8)
        for c in rng.sample(range(81), rng.randint(0, 36)):
            g[c] = board[c]
        if rng.random() < 0.2:
            c = rng.randrange(81)
            g[c] = rng.randint(1, 9)
        grids.append(g)
    return grids


def test_the_empty_grid_and_full_boards() -> None:
    empty = np.zeros(81, np.int8)
    assert _count(empty, 2, True) == 2
    assert _count(empty, 40, True, compiled) == 40
    board = np.array(solved_board(random.Random(5), geometry(9)), np.int8)
    assert _count(board, 2, True) == _count(board, 2, True, compiled) == 1


def test_ways_and_cells_count_alike_on_sparse_grids() -> None:
    grids = _sparse_grids(11, 400)
    for limit in (2, 25):
        ways = [_count(g, limit, True, compiled) for g in grids]
        assert ways == [_count(g, limit, False, compiled) for g in grids]
        assert {0, 1, limit} <= set(ways)  # none, one and many all came up
    # the plain-Python source, and the independent exact cover, on some of them
    few = grids[:40]
    assert [_count(g, 3, True) for g in few] == [count_exact(g.tolist(), geometry(9), 3)
                                                  for g in few]


def test_ways_and_cells_count_alike_on_hard_puzzles(
        read_data: Callable[[str, int], list[str]]) -> None:
    lines = read_data("hardest_1106.txt", 30) + read_data("top95.txt", 30)
    grids = [np.array([0 if ch in ".0" else int(ch) for ch in line[:81]], np.int8)
             for line in lines]
    rng = random.Random(2)
    fewer = []
    for g in grids:  # a clue less: several solutions
        f = g.copy()
        f[rng.choice(np.flatnonzero(f).tolist())] = 0
        fewer.append(f)
    for batch, expected in ((grids, 1), (fewer, None)):
        ways = [_count(g, 2, True, compiled) for g in batch]
        assert ways == [_count(g, 2, False, compiled) for g in batch]
        if expected:
            assert set(ways) == {expected}
    assert [_count(g, 2, True) for g in grids[:3]] == [1, 1, 1]


@pytest.mark.parametrize("kind", BAND_KINDS)
def test_the_empty_grid_of_every_band_kind_reaches_the_limit(kind: str) -> None:
    """The count takes ways on classic grids, cells under other kinds' rules (on ways the
    empty non-consecutive grid would never reach it)."""
    rules = rules_of(geometry(9, Variant.parse(kind)))
    assert bands.band_count_batch(np.zeros((1, 81), np.int8), 4, rules).tolist() == [4]
