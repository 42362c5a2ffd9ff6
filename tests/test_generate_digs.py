"""Digging and creating at their edges: where an aimed dig starts judging, digs by orbits and
down to a clue count, the orbit misfit names, and the changes create reports.

Every puzzle is checked unique by the independent exact-cover solver (tests/exact_cover.py),
and its shape by tests/shapes.py.
"""

from __future__ import annotations

import random
import re

import pytest
from exact_cover import count_exact
from shapes import minimal, orbit, symmetric

from bookgen.core.errors import GenerationError
from bookgen.core.grid import geometry, parse
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Symmetry, symmetry_groups
from bookgen.make.generate import aimed_dig, complete_board, create, dig, make_puzzle, misfit

GEO = geometry(9)
SOLUTION = complete_board(GEO, random.Random(3))
MINIMAL = dig(SOLUTION, GEO, random.Random(4))
"""A minimal puzzle of SOLUTION (single cells): every puzzle between it and the full board
is unique, so any order of its blanks is a dig path."""


def _clues(puzzle) -> int:
    return sum(1 for v in puzzle if v)


def _path() -> list[tuple[int]]:
    blanks = [c for c, v in enumerate(MINIMAL) if not v]
    random.Random(5).shuffle(blanks)
    return [(c,) for c in blanks]


def test_an_aimed_dig_judges_every_puzzle_from_the_clue_bound_down():
    asked: list[tuple[int, ...]] = []

    def judge(puzzle):
        asked.append(puzzle)
        return False

    assert count_exact(MINIMAL, GEO) == 1
    last = aimed_dig(SOLUTION, _path(), 40, judge)
    # The first puzzle judged has exactly the bound's 40 clues, then one fewer each step.
    assert [_clues(p) for p in asked] == list(range(40, _clues(MINIMAL) - 1, -1))
    assert last == MINIMAL == asked[-1]


def test_an_aimed_dig_stops_before_the_first_puzzle_too_hard():
    too_hard = lambda p: _clues(p) < 33  # noqa: E731
    stopped = aimed_dig(SOLUTION, _path(), 40, too_hard)
    assert stopped is not None and _clues(stopped) == 33
    assert count_exact(stopped, GEO) == 1
    assert all(v in (0, s) for v, s in zip(stopped, SOLUTION, strict=True))
    # When already the first puzzle within the bound is too hard there is no aimed puzzle.
    assert aimed_dig(SOLUTION, _path(), 40, lambda p: True) is None


@pytest.mark.parametrize("symmetry", [Symmetry.ROTATIONAL, Symmetry.DIHEDRAL])
def test_a_dig_by_orbits_keeps_the_symmetry_and_is_minimal_by_orbits(symmetry):
    puzzle = dig(SOLUTION, GEO, random.Random(6), groups=symmetry_groups(9, symmetry))
    assert count_exact(puzzle, GEO) == 1
    assert symmetric(puzzle, symmetry.value, 9)
    assert minimal(puzzle, symmetry.value, GEO)
    assert not symmetric(MINIMAL, symmetry.value, 9)  # single cells would not have kept it


def test_a_dig_without_minimal_stops_at_its_clue_count():
    puzzle = dig(SOLUTION, GEO, random.Random(7), minimal=False, lo=30)
    assert _clues(puzzle) == 30 and count_exact(puzzle, GEO) == 1
    # With minimal the same dig goes on below lo, as far as uniqueness allows.
    deeper = dig(SOLUTION, GEO, random.Random(7), minimal=True, lo=30)
    assert _clues(deeper) < 30 and count_exact(deeper, GEO) == 1
    assert minimal(deeper, "none", GEO)


def test_misfit_names_the_first_orbit_that_can_go():
    spec = DigSpec(9, Symmetry.ROTATIONAL, minimal=True)
    p = make_puzzle(spec, 2, 0)
    more = list(p.puzzle)
    blank = next(c for c, v in enumerate(p.puzzle) if not v)
    for c in orbit("rotational", 9, blank):
        more[c] = p.solution[c]
    # The independent check: the clue orbits in reading order, the first whose removal
    # keeps the puzzle unique.
    spare = None
    for cell in range(81):
        cells = orbit("rotational", 9, cell)
        if more[cell] and min(cells) == cell:
            fewer = [0 if c in cells else v for c, v in enumerate(more)]
            if count_exact(fewer, GEO) == 1:
                spare = sorted(cells)
                break
    assert spare is not None and len(spare) == 2
    labels = ", ".join(f"r{c // 9 + 1}c{c % 9 + 1}" for c in spare)
    assert misfit(tuple(more), spec) == f"it is not minimal: the clues at {labels} can go"


def test_create_reports_each_change_with_its_cell_value_and_reason():
    # r1c9 has no candidate left: the grid has no solution until a given is removed.
    values, geo = parse("12345678." + "........9" + "." * 63)
    made = create(values, geo, random.Random(0))
    assert count_exact(made.puzzle, geo) == 1
    removed = [c for c in made.changes if c.action == "removed"]
    added = [c for c in made.changes if c.action == "added"]
    assert removed and added
    for change in removed:
        assert values[change.cell] == change.value != 0
        assert change.describe(geo) == (
            f"removed {geo.label(change.cell)}={change.value}: the grid had no solution")
    for change in added:
        assert made.puzzle[change.cell] == change.value == made.solution[change.cell]
        assert change.describe(geo) == (
            f"added {geo.label(change.cell)}={change.value}: the grid had several solutions")


# ---------------------------------------------------------------- make_puzzle's contract


def test_a_puzzle_depends_on_its_seed_and_its_index():
    spec = DigSpec(6, minimal=True)
    made = {(seed, index): make_puzzle(spec, seed, index) for seed in (1, 2) for index in (0, 1)}
    assert len({p.solution for p in made.values()}) == 4
    for (_, index), p in made.items():
        assert p.index == index and p.tries >= 1 and p.clues == _clues(p.puzzle)
        assert count_exact(p.puzzle, geometry(6)) == 1
    assert make_puzzle(spec, 2, 1) == made[2, 1]


def test_minimal_puzzles_in_a_clue_range_are_minimal():
    # Half-turn minimal puzzles have 26-29 clues; a dig that stopped at 28 would rarely be.
    spec = DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(28, 30), minimal=True)
    for index in range(4):
        p = make_puzzle(spec, 4, index)
        assert 28 <= p.clues <= 30 and count_exact(p.puzzle, GEO) == 1
        assert minimal(p.puzzle, "rotational", GEO)


@pytest.mark.parametrize(
    ("tries", "minimal_", "reached"),
    [(1, False, r"\d+"), (1, True, r"\d+"), (6, False, r"\d+-\d+")],
)
def test_an_unreachable_target_names_the_clue_counts_reached(tries, minimal_, reached):
    spec = DigSpec(9, clues=ClueTarget(17, 17), minimal=minimal_, max_tries=tries)
    with pytest.raises(GenerationError) as e:
        make_puzzle(spec, 0, 0)
    tail = " (minimal puzzles)" if minimal_ else ""
    text = str(e.value)
    assert re.fullmatch(rf"puzzle 0: after {tries} tries the clue counts reached were "
                        rf"({reached}), target 17{re.escape(tail)}", text), text
    counts = [int(k) for k in re.search(r"were (\S+),", text).group(1).split("-")]
    assert all(17 < k <= 81 for k in counts) and counts == sorted(set(counts))
