"""The tests' killer solver (killer_search.py, behind shapes.count_killer) against the
plainest statement of the rules, the exact cover of whole-cage fillings
(shapes.count_killer_exact): the same solutions, all of them, on puzzles with one, several
and none, and on classic puzzles written as killers.

The puzzles with several solutions are generated ones with cages merged, which leaves
innies and outies of other sums than the puzzle's own: where the solver's narrowing
dropped a digit some solution needs, a solution would be missing here.
"""

from __future__ import annotations

import random

import pytest
from conftest import SMALL_PUZZLES
from exact_cover import solutions_exact
from killer_search import UNITS, killer_solutions
from shapes import count_killer_exact

from bookgen.core.grid import geometry
from bookgen.core.model import Band, CageSpec
from bookgen.make.generate import make_killer

Cages = list[tuple[int, list[int]]]

MANY = 40
"""Solutions asked for: more than any puzzle here has, so both lists are complete."""


def _merged(cages: Cages, solution: tuple[int, ...], times: int, rng: random.Random) -> Cages:
    """The cages with `times` pairs of touching cages merged where no digit repeats."""
    groups = [list(cells) for _, cells in cages]
    for _ in range(times):
        pairs = [(i, j) for i, a in enumerate(groups) for j, b in enumerate(groups)
                 if i < j and len(a) + len(b) <= 6
                 and any(abs(x - y) == 9 or (abs(x - y) == 1 and x // 9 == y // 9)
                         for x in a for y in b)
                 and not {solution[x] for x in a} & {solution[y] for y in b}]
        if not pairs:
            break
        i, j = rng.choice(pairs)
        groups = [g for k, g in enumerate(groups) if k not in (i, j)] + [groups[i] + groups[j]]
    return [(sum(solution[c] for c in g), sorted(g)) for g in groups]


def _killers() -> list[tuple[str, list[int], Cages]]:
    rng = random.Random(5)
    found = []
    for index in range(3):
        p = make_killer(CageSpec(aim=Band.EASY), "search", index)
        cages = [(c.total, list(c.cells)) for c in p.cages]
        found.append((f"unique {index}", list(p.puzzle), cages))
        for times in (4, 10):
            found.append((f"merged {index}x{times}", list(p.puzzle),
                          _merged(cages, p.solution, times, rng)))
        wrong = [(t + (1 if k == 0 else -1 if k == 1 else 0), cells)
                 for k, (t, cells) in enumerate(cages)]
        found.append((f"no solution {index}", list(p.puzzle), wrong))
    return found


KILLERS = _killers()


@pytest.mark.parametrize("name, givens, cages", KILLERS, ids=[k[0] for k in KILLERS])
def test_the_solver_finds_what_the_exact_cover_finds(name: str, givens: list[int],
                                                     cages: Cages) -> None:
    ours = killer_solutions(givens, cages, MANY)
    assert len(ours) < MANY
    assert sorted(ours) == sorted(count_killer_exact(givens, cages, MANY))
    if name.startswith("unique"):
        assert len(ours) == 1
    if name.startswith("no solution"):
        assert ours == []


def test_some_merged_puzzles_have_several_solutions() -> None:
    counts = [len(killer_solutions(g, c, MANY)) for name, g, c in KILLERS
              if name.startswith("merged")]
    assert max(counts) >= 2, counts


@pytest.mark.parametrize("puzzle", SMALL_PUZZLES[9])  # the last has 146 solutions
@pytest.mark.parametrize("cage_units", ["rows", "boxes"])
def test_a_classic_puzzle_caged_by_its_units_solves_as_the_classic_one(
        puzzle: str, cage_units: str) -> None:
    givens = [int(ch) if ch.isdigit() else 0 for ch in puzzle]
    units = UNITS[:9] if cage_units == "rows" else UNITS[18:]
    cages = [(45, list(unit)) for unit in units]
    ours = killer_solutions(givens, cages, 1000)
    classic = solutions_exact(givens, geometry(9), 1000)
    assert len(classic) < 1000
    assert sorted(ours) == sorted(list(s) for s in classic)
