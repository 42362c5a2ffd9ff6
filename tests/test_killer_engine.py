"""Killer engine: the cage-sum table, both counting backends, and make_killer, every
generated puzzle checked unique by the tests' own killer solver (shapes.count_killer)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from shapes import count_killer

from bookgen.core.errors import GenerationError
from bookgen.core.model import CageSpec
from bookgen.core.rules import Symmetry, Variant, clue_counts, min_clues
from bookgen.engine.kernels import get_backend
from bookgen.engine.kernels.cage_tables import combo_table
from bookgen.make.generate import cage_partition, make_killer
from bookgen.variants.killer.cages import Cage, cages_of, check_against, make_cages, sum_bounds

BACKENDS = ["python", "numba"]


def _pairs(cages: tuple[Cage, ...]) -> list[tuple[int, tuple[int, ...]]]:
    return [(c.total, c.cells) for c in cages]


def _connected(cells: tuple[int, ...]) -> bool:
    seen, todo = {cells[0]}, [cells[0]]
    while todo:
        c = todo.pop()
        for nb in (c - 9, c + 9, c - 1 if c % 9 else -1, c + 1 if c % 9 < 8 else -1):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def test_killer_variant_rules() -> None:
    assert Variant.parse("killer") is Variant.KILLER
    assert Variant.KILLER.sizes == (9,)
    assert min_clues(9, Variant.KILLER) == 0
    assert 0 in clue_counts(9, Symmetry.NONE, Variant.KILLER)


@pytest.mark.parametrize(("k", "s"), [(1, 5), (2, 3), (2, 17), (3, 6), (3, 24), (4, 20),
                                      (5, 15), (5, 35), (2, 10)])
def test_combo_table_is_the_union_of_digit_sets(k: int, s: int) -> None:
    table = combo_table()
    for avail in (511, 0b101010101, 0b000111111, 0b111000111):
        digits = [d for d in range(1, 10) if avail >> (d - 1) & 1]
        union = 0
        for combo in combinations(digits, k):
            if sum(combo) == s:
                for d in combo:
                    union |= 1 << (d - 1)
        assert table[k, s, avail] == union


def test_sum_bounds() -> None:
    assert sum_bounds(1) == (1, 9)
    assert sum_bounds(2) == (3, 17)
    assert sum_bounds(5) == (15, 35)
    assert sum_bounds(9) == (45, 45)


def _adjacent(x: int, y: int) -> bool:
    return abs(x - y) == 9 or (abs(x - y) == 1 and x // 9 == y // 9)


def _looser(cages: tuple[Cage, ...], solution: tuple[int, ...]) -> tuple[Cage, ...]:
    """The cages with the two largest first-cell neighbours merged where no digit repeats:
    usually a puzzle with several solutions."""
    groups = [list(c.cells) for c in cages]
    for i, a in enumerate(groups):
        for j, b in enumerate(groups):
            if i < j and any(_adjacent(x, y) for x in a for y in b) and not (
                    {solution[x] for x in a} & {solution[y] for y in b}) and len(a) + len(b) <= 5:
                merged = [g for k, g in enumerate(groups) if k not in (i, j)] + [a + b]
                return cages_of(solution, merged)
    return cages


LIMIT = 10
"""Solutions counted when the backends are compared."""


def _agree(index: int, independent: bool) -> None:
    """Both backends give the same count and solutions, in the same order, for a
    generated puzzle and a looser one (two cages merged twice); every solution obeys the
    rules; with independent, the tests' own solver finds the same solutions (as many, when
there are LIMIT or more)."""
    p = make_killer(CageSpec(), "agree", index)
    loose = p.cages
    for _ in range(2):
        loose = _looser(loose, p.solution)
    grid = np.array(p.puzzle, dtype=np.int8)
    assert loose != p.cages
    for cages in (p.cages, loose):
        fast = get_backend("numba").killer_solutions(grid, cages, LIMIT)
        slow = get_backend("python").killer_solutions(grid, cages, LIMIT)
        assert fast[0] == slow[0] >= 1
        assert (fast[1] == slow[1]).all()
        for sol in fast[1][: fast[0]].tolist():
            assert _valid(sol, cages)
        assert len({tuple(s) for s in fast[1][: fast[0]].tolist()}) == fast[0]
        if independent:
            ours = count_killer(p.puzzle, _pairs(cages), LIMIT)
            if fast[0] < LIMIT:
                assert sorted(ours) == sorted(fast[1][: fast[0]].tolist())
            else:
                assert len(ours) == LIMIT


@pytest.mark.parametrize("index", range(3, 8))
def test_backends_agree(index: int) -> None:
    _agree(index, independent=False)


@pytest.mark.slow
@pytest.mark.parametrize("index", (1, 2, 15))  # 15's looser cages have two solutions; 0's
# too, but the Python backend takes 18 s to show it
def test_backends_agree_with_the_tests_solver(index: int) -> None:
    _agree(index, independent=True)


def _valid(sol: list[int], cages: tuple[Cage, ...]) -> bool:
    """A full grid obeying rows, columns, boxes and the cages, checked from the rules."""
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + i) * 9 + b % 3 * 3 + j for i in range(3) for j in range(3)]
              for b in range(9)]
    return (all(sorted(sol[c] for c in u) == list(range(1, 10)) for u in units)
            and check_against(cages, sol) is None)


def test_contradiction_counts_zero() -> None:
    p = make_killer(CageSpec(), "zero", 0)
    wrong = tuple(Cage(c.total + (1 if i == 0 else -1 if i == 1 else 0), c.cells)
                  for i, c in enumerate(p.cages))
    for name in BACKENDS:
        count, sols = get_backend(name).killer_solutions(np.zeros(81, np.int8), wrong, 2)
        if check_against(wrong, p.solution) is not None and count_killer(
                p.puzzle, _pairs(wrong), 1) == []:
            assert count == 0 and not sols.any()


@pytest.mark.parametrize("index", range(6))
def test_generated_killer_is_unique_by_the_tests_solver(index: int) -> None:
    p = make_killer(CageSpec(), 11, index)
    assert p.clues == 0 and not any(p.puzzle)
    assert check_against(p.cages, p.solution) is None
    assert sorted(c for cage in p.cages for c in cage.cells) == list(range(81))
    for cage in p.cages:
        assert 1 <= len(cage.cells) <= 5 and _connected(cage.cells)
        assert len({p.solution[c] for c in cage.cells}) == len(cage.cells)
    solutions = count_killer(p.puzzle, _pairs(p.cages))
    assert solutions == [list(p.solution)]


@pytest.mark.slow
def test_givens_mode_places_few_givens_and_stays_unique() -> None:
    for index in range(1):
        p = make_killer(CageSpec(givens=4), 5, index)
        assert p.clues <= 4
        assert all(v == p.solution[c] for c, v in enumerate(p.puzzle) if v)
        assert count_killer(p.puzzle, _pairs(p.cages)) == [list(p.solution)]


def test_size_weights_bound_the_cages() -> None:
    p = make_killer(CageSpec(weights=(0, 1)), 2, 0)
    assert max(len(c.cells) for c in p.cages) <= 2
    assert count_killer(p.puzzle, _pairs(p.cages)) == [list(p.solution)]
    big = make_killer(CageSpec(weights=(0, 0, 0, 0, 1)), 2, 0)
    assert sum(len(c.cells) for c in big.cages) / len(big.cages) > 3


def test_partition_has_no_repeats_and_covers_the_grid() -> None:
    import random

    solution = make_killer(CageSpec(), 1, 0).solution
    groups = cage_partition(solution, (1, 5, 5, 3, 1), random.Random(3))
    assert sorted(c for g in groups for c in g) == list(range(81))
    assert all(len({solution[c] for c in g}) == len(g) for g in groups)
    assert make_cages([(sum(solution[c] for c in g), g) for g in groups])


@pytest.mark.parametrize("backend", BACKENDS)
def test_same_seed_same_puzzle_on_either_backend(backend: str) -> None:
    a = make_killer(CageSpec(), "same", 4, backend)
    b = make_killer(CageSpec(), "same", 4, "numba")
    assert a == b
    assert make_killer(CageSpec(), "same", 5) != a


def test_bad_weights_are_refused() -> None:
    with pytest.raises(GenerationError, match="weights"):
        make_killer(CageSpec(weights=(0, 0)), 1, 0)
    with pytest.raises(GenerationError, match="weights"):
        make_killer(CageSpec(weights=(1,) * 6), 1, 0)
