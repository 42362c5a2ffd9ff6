"""The grader on real puzzles: every deduction checked against the solution, grades
against SE ratings, and every grid size solved without a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA_DIR, missing_data
from exact_cover import solutions_exact

from bookgen.core.grid import BOX_SHAPES, geometry, parse
from bookgen.grade import Board, Technique, grade
from bookgen.grade.calibrate import check_steps, read_dataset, spearman
from bookgen.grade.solver import ladder_steps, solve_any
from bookgen.grade.techniques import singles

DATA = DATA_DIR / "se_calibration.txt"
HARDEST = DATA_DIR / "hardest_1106.txt"


def _needs(path: Path) -> Path:
    """The data file, or a skip (a failure under CI=true) when it is absent."""
    if not path.is_file():
        missing_data(str(path))
    return path


def _sample(per_rating: int, below: float = 99.0) -> list[tuple[str, float]]:
    return [(p, r) for p, r, _, _ in read_dataset(str(_needs(DATA)), per_rating, seed=7)
            if r < below]


def _checked(text: str) -> tuple[float, int, bool]:
    values, geo = parse(text)
    solutions = solutions_exact(values, geo, 2)
    assert len(solutions) == 1
    g = grade(values, geo)
    return g.grade, check_steps(g.steps, solutions[0]), g.solved


def test_every_deduction_on_a_calibration_sample_is_true():
    # one puzzle per rating below 8.5 (the costly dynamic chains are covered by the slow test)
    sample = _sample(1, below=8.5)
    assert len(sample) >= 45
    grades, ratings = [], []
    for text, rating in sample:
        g, wrong, solved = _checked(text)
        assert wrong == 0, text
        assert solved
        grades.append(g)
        ratings.append(rating)
    assert spearman(grades, ratings) > 0.85


@pytest.mark.slow
def test_every_deduction_on_hard_puzzles_is_true():
    sample = [(p, r) for p, r, _, _ in read_dataset(str(_needs(DATA)), 1, seed=11) if r >= 8.5]
    for text, _ in sample:
        _, wrong, solved = _checked(text)
        assert wrong == 0, text
        assert solved


@pytest.mark.slow
def test_beyond_the_ladder_deductions_are_true_and_graded_highest():
    lines = [x.split()[0] for x in _needs(HARDEST).read_text().splitlines() if x.strip()]
    for text in lines[:1]:  # about 8 CPU s: one nested step after another
        values, geo = parse(text[:81])
        solution = solutions_exact(values, geo, 1)[0]
        g = grade(values, geo)
        assert g.solved
        assert check_steps(g.steps, solution) == 0
        assert g.grade >= 9.0  # SE rates every puzzle of this list 9.7 or more
        # The 10.0 fallback alone would meet that bound: the nested chains earn it here
        assert all(step.technique is not Technique.TRIAL for step in g.steps)
        assert g.hardest.startswith("nested")


def test_a_trial_step_places_the_solution_value_only_where_no_finder_fires():
    finders = [singles.full_houses, singles.hidden_singles_box, singles.naked_singles]
    text = _needs(HARDEST).read_text().split()[0]
    values, geo = parse(text[:81])
    solution = solutions_exact(values, geo, 1)[0]
    board = Board(values, geo)
    steps = ladder_steps(board, finders, solution, solve_any)
    assert board.solved()
    replay = Board(values, geo)
    trials = 0
    for step in steps:
        if step.technique is Technique.TRIAL:
            trials += 1
            assert not any(f(replay) for f in finders)
            ((cell, value),) = step.placed
            assert value == solution[cell] and step.difficulty == 10.0
        replay.apply(step)
    assert trials > 0


def _full_grid(n: int) -> tuple[int, ...]:
    """A valid solution grid for size n: the shifted-rows pattern."""
    br, bc = BOX_SHAPES[n]
    return tuple((bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n))


@pytest.mark.parametrize("n", sorted(BOX_SHAPES))
def test_every_size_is_graded_and_solved(n):
    geo = geometry(n)
    full = _full_grid(n)
    # blank a spread of cells; hidden singles and the rest of the ladder must finish it
    values = tuple(0 if (i * 7) % 5 < 2 else v for i, v in enumerate(full))
    g = grade(values, geo, full)
    assert g.solved
    board = Board(values, geo)
    for step in g.steps:
        board.apply(step)
    assert tuple(board.values) == full
    assert check_steps(g.steps, full) == 0


def test_x_variant_uses_the_diagonals():
    geo = geometry(9, "x")
    board = Board((0,) * 81, geo)
    for i in range(8):  # 5 leaves diagonal 1 except r9c9
        board.cands[i * 10] &= ~(1 << 4)
    steps = singles.hidden_singles_line(board)
    assert [(geo.unit_names[s.units[0]], s.placed) for s in steps] == [("diagonal 1", ((80, 5),))]


def test_grade_fields_agree_with_the_steps():
    text = "..951.3.......9...2.37.68.9.67...2.48.......69.2...18.7.69.34.5...4.......4.279.."
    values, geo = parse(text)
    g = grade(values, geo)
    assert g.grade == round(max(s.difficulty for s in g.steps), 1)
    assert sum(k for _, k in g.counts) == len(g.steps)
    assert g.hardest in {s.technique.label for s in g.steps}
    assert g.band.value in ("easy", "medium", "hard", "expert", "extreme")
