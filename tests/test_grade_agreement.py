"""`bookgen bench grade`'s agreement with SE ratings given as ranges ('<1.5', '1.5-2.3'):
a grade inside the range is exact, one outside counts its distance to the nearer end."""

from __future__ import annotations

import pytest

from bookgen.grade.calibrate import Sample, agreement, read_dataset

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def sample(rating: float, low: float, high: float, grade: float) -> Sample:
    return Sample(rating, low, high, grade, 0.0, 0.0, 0, "hidden single")


def test_dataset_keeps_the_range_of_a_range_rating(tmp_path):
    data = tmp_path / "rated.txt"
    data.write_text(f"{PUZZLE} <1.5\n{PUZZLE} 1.5-2.3\n{PUZZLE} 2.6\n")
    assert sorted(r[1:] for r in read_dataset(str(data))) == [
        (1.2, 1.0, 1.4), (1.9, 1.5, 2.3), (2.6, 2.6, 2.6)]


@pytest.mark.parametrize(
    "grade, exact, within_01, within_03",
    [(1.5, 1, 1, 1), (2.3, 1, 1, 1), (1.7, 1, 1, 1), (2.4, 0, 1, 1), (1.4, 0, 1, 1),
     (2.6, 0, 0, 1), (1.2, 0, 0, 1), (2.8, 0, 0, 0)],
)
def test_a_grade_inside_the_range_is_exact(grade, exact, within_01, within_03):
    lines = agreement([sample(1.9, 1.5, 2.3, grade)])
    assert lines[0] == f"exact: {exact}/1 = {100.0 * exact:.1f}%"
    assert lines[1] == f"within 0.1: {within_01}/1 = {100.0 * within_01:.1f}%"
    assert lines[2] == f"within 0.3: {within_03}/1 = {100.0 * within_03:.1f}%"


def test_a_single_rating_is_exact_only_when_equal():
    lines = agreement([sample(1.2, 1.2, 1.2, 1.0), sample(1.2, 1.2, 1.2, 1.2)])
    assert lines[0] == "exact: 1/2 = 50.0%"
    assert "  hidden single 1.0: 1  1.2 x1" in lines
