"""The grade of calibration puzzles pinned exactly: grade and hardest technique, and where
they agree with the Sudoku Explainer rating (table in tests/data/grade_table.txt)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from exact_cover import solutions_exact

from bookgen.core.grid import parse
from bookgen.core.model import band_of
from bookgen.grade import Band, Technique, grade
from bookgen.grade.calibrate import check_steps

TABLE = Path(__file__).resolve().parent / "data" / "grade_table.txt"


@dataclass(frozen=True)
class Row:
    """One line of the table."""

    puzzle: str
    """The puzzle, one line of 81 symbols."""
    rating: float
    """Its SE rating."""
    grade: float
    """Our grade."""
    hardest: Technique
    """The technique of our hardest step."""
    differs: bool
    """True when our grade is not SE's rating."""


def read_table() -> list[Row]:
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        puzzle, rating, ours, hardest, *flag = line.split()
        assert flag in ([], ["differs"]), line
        rows.append(Row(puzzle, float(rating), float(ours), Technique[hardest], bool(flag)))
    return rows


ROWS = read_table()


def test_the_table_spans_the_scale_and_mostly_agrees():
    assert len(ROWS) >= 40
    assert len({r.puzzle for r in ROWS}) == len(ROWS)
    agree = [r for r in ROWS if not r.differs]
    assert len(agree) >= 35
    assert min(r.grade for r in agree) <= 1.2 and max(r.grade for r in agree) >= 8.0
    # the flag tells the truth about the two numbers
    assert all((r.grade != r.rating) == r.differs for r in ROWS)
    # every band of the scale is represented
    assert {band_of(r.grade) for r in agree} == set(Band)


@pytest.mark.parametrize("row", ROWS, ids=[f"{r.rating}-{r.hardest.name}" for r in ROWS])
def test_grade_and_hardest_technique_are_pinned(row: Row):
    values, geo = parse(row.puzzle)
    solutions = solutions_exact(values, geo, 2)
    assert len(solutions) == 1
    g = grade(values, geo)
    assert g.solved
    assert check_steps(g.steps, solutions[0]) == 0
    hardest = max(g.steps, key=lambda s: s.difficulty)
    assert (g.grade, hardest.technique) == (row.grade, row.hardest)
    assert g.hardest == row.hardest.label
