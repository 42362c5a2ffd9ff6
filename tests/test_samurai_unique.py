"""Every samurai and twin puzzle bookgen makes has one solution by the tests' own exact-cover
solver (exact_cover.board_units: the grids' origins and the 9x9 rules, nothing of
bookgen's Geometry tables), and that solution is the one bookgen gives.

Glossary:
  made      puzzles of make_puzzle (library) or `bookgen generate` (command line)
  board     the positions some grid covers, in row-major order: the puzzle's cells
"""

from __future__ import annotations

from pathlib import Path

import pytest
from blackbox import bookgen
from exact_cover import BOARDS, board_units, count_exact, solutions_exact

from bookgen.core.grid import format_line, geometry, parse
from bookgen.core.model import DigSpec
from bookgen.core.rules import Variant
from bookgen.make.generate import make_puzzle

KINDS = ("samurai", "twin")


@pytest.mark.parametrize("kind", KINDS)
def test_board_units_from_the_rules(kind: str) -> None:
    positions, units = board_units(kind)
    side, origins = BOARDS[kind]
    shared = len(origins) - 1  # each extra grid shares one box with the first it meets
    assert len(positions) == 81 * len(origins) - 9 * shared
    assert len(units) == 27 * len(origins) - shared
    assert all(len(u) == 9 for u in units)
    # every cell is in a row, a column and a box of each grid covering it
    per_cell = [sum(c in u for u in units) for c in range(len(positions))]
    assert sorted(set(per_cell)) == [3, 5]
    assert per_cell.count(5) == 9 * shared
    assert all(0 <= p < side * side for p in positions)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("index", range(3))
def test_made_puzzles_are_unique(kind: str, index: int) -> None:
    made = make_puzzle(DigSpec(9, variant=Variant.parse(kind)), 11, index, "numba")
    geo = geometry(9, kind)
    found = solutions_exact(made.puzzle, geo, 2)
    assert found == [made.solution]
    # the check can fail: a puzzle short of a few givens has more than one solution
    fewer = list(made.puzzle)
    for c in [c for c, v in enumerate(fewer) if v][:8]:
        fewer[c] = 0
    assert count_exact(fewer, geo) == 2


@pytest.mark.parametrize("kind", KINDS)
def test_generated_by_the_command_line_are_unique(kind: str, tmp_path: Path) -> None:
    out = tmp_path / "made.txt"
    done = bookgen("generate", "--variant", kind, "-n", "2", "--seed", "4", "-o", out,
                   env={"BOOKGEN_BACKEND": "numba"})
    assert done.returncode == 0, done.stderr
    # each line: the puzzle, then '# solution' and its solution
    lines = [line.split() for line in out.read_text().splitlines() if line]
    assert len(lines) == 2
    geo = geometry(9, kind)
    for puzzle, _, word, solution, *_ in lines:
        assert word == "solution"
        assert len(puzzle) == len(solution) == BOARDS[kind][0] ** 2
        values, g = parse(puzzle, variant=kind)
        assert g is geo
        found = solutions_exact(values, geo, 2)
        assert len(found) == 1
        assert format_line(found[0], geo) == solution
