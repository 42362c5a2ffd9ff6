"""A section's keys at their bounds: clue ranges on the edge of the grid and of a symmetry's
possible counts, the 4x4 supply, and improve objectives on grids the trace does not rate."""

from __future__ import annotations

from pathlib import Path

import pytest

from bookgen.book import config as C
from bookgen.core.errors import ConfigError
from bookgen.core.model import ClueTarget
from bookgen.core.rules import Figure

HEAD = "title: Bounds\nseed: 1\ntemplate: letter-4up\nsections:\n"
"""Four lines: a section's own keys start on line 5."""


def load(tmp_path: Path, section: str, extra: str = "") -> C.BookConfig:
    path = tmp_path / "book.yaml"
    path.write_text(HEAD + section + extra, encoding="utf-8")
    return C.load_config(path)


def problems(tmp_path: Path, section: str, extra: str = "") -> list[str]:
    with pytest.raises(ConfigError) as e:
        load(tmp_path, section, extra)
    return [line.strip() for line in str(e.value).splitlines()[1:]]


def test_a_section_may_leave_one_cell_blank_but_not_none(tmp_path):
    section = "  - {name: Full, count: 1, difficulty: easy, clues: %s}\n"
    assert load(tmp_path, section % "80").sections[0].dig.target == ClueTarget(80, 80)
    assert problems(tmp_path, section % "81") == [
        "sections[0].clues: expected at most 80 clues on a 9x9 grid (81 cells), got 81 (line 5)"]


def test_section_clues_are_whole_numbers(tmp_path):
    assert problems(tmp_path, "  - {name: A, count: 1, difficulty: easy, clues: [24.5, 30]}\n") == [
        "sections[0].clues: expected a range [lo, hi] or one integer, each >= 0, got [24.5, 30] "
        "(line 5)"]


def test_a_range_above_every_possible_count_names_the_one_below(tmp_path):
    section = ("  - {name: A, count: 1, difficulty: easy, size: 4, symmetry: rotational90, "
               "clues: [13, 15]}\n")
    assert problems(tmp_path, section) == [
        "sections[0].clues: no clue count in [13, 15] is possible with symmetry 'rotational90' "
        "on a 4x4 grid (it places clues in groups of 4); nearest possible: 12 (line 5)"]


def test_a_4x4_section_may_ask_for_every_puzzle_there_is(tmp_path):
    section = ("  - {name: A, count: %d, difficulty: easy, size: 4, symmetry: rotational90, "
               "clues: 4}\n")
    assert load(tmp_path, section % 240).sections[0].count == 240
    assert problems(tmp_path, section % 241) == [
        "sections[0].count: expected at most 240: only 240 different 4x4 puzzles have 4 clues "
        "and symmetry 'rotational90', got 241 (line 5)"]


def test_a_4x4_supply_without_a_clue_range_counts_every_clue_count(tmp_path):
    section = "  - {name: A, count: 2000, difficulty: easy, size: 4, symmetry: dihedral}\n"
    assert problems(tmp_path, section) == [
        "sections[0].count: expected at most 1104: only 1104 different 4x4 puzzles have "
        "symmetry 'dihedral', got 2000 (line 5)"]


def test_a_4x4_section_without_a_count_is_told_only_that(tmp_path):
    section = "  - {name: A, difficulty: easy, size: 4, symmetry: rotational90, clues: 4}\n"
    assert problems(tmp_path, section) == ["sections[0].count: required key missing (line 5)"]


BIG = "  - name: Big\n    size: 16\n    count: 1\n    difficulty: extreme\n    improve:\n"


def test_an_untraced_size_may_improve_the_grade_but_no_trace_figure(tmp_path):
    cfg = load(tmp_path, BIG + "      evaluations: 10\n      objective: grade\n",
               "layout: {answers_per_page: 4, puzzles_per_page: 1}\n")
    assert cfg.sections[0].improve == C.ImproveSpec(10, None, Figure.GRADE)
    why = ("the trace figures are not computed for 16x16 puzzles (only up to 12x12); use a "
           "band, grade or clues")
    assert problems(tmp_path, BIG + "      evaluations: 10\n      objective: level\n",
                    "layout: {answers_per_page: 4, puzzles_per_page: 1}\n") == [
        f"sections[0].improve.objective: objective 'level': {why} (line 11)"]


@pytest.mark.parametrize(("own", "implied", "narrowed"),
                         [("[20, 26]", "[24, 28]", (24, 26)), ("[20, 24]", "[24, 28]", (24, 24)),
                          ("[26, 40]", "[24, 28]", (26, 28))])
def test_the_clue_ranges_of_a_section_and_its_difficulty_meet(tmp_path, own, implied, narrowed):
    section = (f"  - {{name: A, count: 1, clues: {own}, "
               f"difficulty: {{band: hard, clues: {implied}}}}}\n")
    assert load(tmp_path, section).sections[0].dig.target == ClueTarget(*narrowed)


@pytest.mark.parametrize(("key", "told"), [
    ("size: 10", "sections[0].size: expected a grid size: one of 4, 6, 9, 12, 16 (a jigsaw "
                 "also 5, 7, 8), got 10"),
    ("symmetry: rotatinal", "sections[0].symmetry: unknown symmetry 'rotatinal'; did you mean "
     "'rotational'? expected one of none, rotational, rotational90, mirror, flip, diagonal, "
     "antidiagonal, dihedral")])
def test_clues_are_not_judged_against_a_wrong_size_or_symmetry(tmp_path, key, told):
    """Too few clues for a 9x9 grid, but the grid the clues are for is not known."""
    section = f"  - {{name: A, count: 1, difficulty: easy, clues: [12, 16], {key}}}\n"
    assert problems(tmp_path, section) == [f"{told} (line 5)"]


def test_a_grade_range_must_meet_its_band_which_excludes_its_top(tmp_path):
    section = "  - {name: A, count: 1, difficulty: {band: %s, grade: %s}}\n"
    # Medium is [1.5, 2.5): a range ending at 1.5 meets it, one starting at 2.5 does not.
    meets = load(tmp_path, section % ("medium", "[1, 1.5]")).sections[0].difficulty
    assert meets.ranges == ((Figure.GRADE, 1.0, 1.5),)
    assert problems(tmp_path, section % ("medium", "[2.5, 3]")) == [
        "sections[0].difficulty.grade: grade range [2.5, 3] lies outside band 'medium' "
        "(grade 1.5 up to 2.5) (line 5)"]
