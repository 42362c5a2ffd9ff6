"""Selection rules pinned at their edges: half-open bands, closed ranges, the shortfall
that orders improvement, the objective of a section, the easy-first order and pick."""

from __future__ import annotations

import math

import pytest

from bookgen.book.config import Difficulty, ImproveSpec, SectionConfig
from bookgen.core.model import Band, DigSpec
from bookgen.core.rules import Figure
from bookgen.engine.trace import Trace
from bookgen.grade.rating import Rating
from bookgen.make.select import Rules, objective, order_key, shortfall
from bookgen.make.select import matches as matches_rules
from bookgen.make.select import pick as pick_rules

ANY = DigSpec(1)
"""A shape every one-cell test puzzle has: these tests are about the difficulty."""


def matches(r: Rating, difficulty: Difficulty) -> bool:
    return matches_rules(r, Rules(ANY, difficulty))


def pick(rs: list[Rating], difficulty: Difficulty, count: int, taken: set) -> list[Rating]:
    return pick_rules(rs, Rules(ANY, difficulty), count, taken)


def rating(
    grade: float | None = 2.0, way: int = 50, count: int = 1, puzzle: tuple[int, ...] = (1,)
) -> Rating:
    trace = Trace(
        found=True, count=count, solution=None, solutions=(), way=(), level=5, maxlevel=7,
        way_complexity=way, cand_sum=200, cand_sq=600,
    )
    return Rating(puzzle, count, None, trace, clues=30, seconds=0.0, grade=grade)


MEDIUM = Difficulty(Band.MEDIUM, ())  # 1.5 <= grade < 2.5
WAY = Difficulty(None, ((Figure.WAY_COMPLEXITY, 40.0, 60.0),))


@pytest.mark.parametrize(
    "grade, inside", [(1.4, False), (1.5, True), (2.0, True), (2.4, True), (2.5, False)]
)
def test_band_is_half_open(grade, inside):
    assert matches(rating(grade), MEDIUM) is inside


@pytest.mark.parametrize("way, inside", [(39, False), (40, True), (60, True), (61, False)])
def test_ranges_are_closed(way, inside):
    assert matches(rating(way=way), WAY) is inside


def test_band_and_range_both_apply():
    both = Difficulty(Band.MEDIUM, ((Figure.WAY_COMPLEXITY, 40.0, 60.0),))
    assert matches(rating(2.0, 50), both)
    assert not matches(rating(2.0, 70), both)
    assert not matches(rating(3.0, 50), both)


def test_only_unique_puzzles_match():
    assert not matches(rating(count=2), MEDIUM)
    assert not matches(rating(count=2), Difficulty(None, ()))
    assert matches(rating(), Difficulty(None, ()))


@pytest.mark.parametrize(
    "grade, way, expected",
    [
        (1.0, 50, 0.5),  # below the band by 0.5
        (1.5, 50, 0.0),
        (2.4, 50, 0.0),
        (2.5, 50, math.inf),  # the band's top is open
        (3.0, 50, math.inf),
        (1.0, 30, 10.5),  # below both limits: the shortfalls add up
        (2.0, 61, math.inf),
        (2.0, 60, 0.0),  # a range's top is closed
    ],
)
def test_shortfall(grade, way, expected):
    both = Difficulty(Band.MEDIUM, ((Figure.WAY_COMPLEXITY, 40.0, 60.0),))
    assert shortfall(rating(grade, way), both) == pytest.approx(expected)


def section(difficulty: Difficulty, improve: ImproveSpec | None = None) -> SectionConfig:
    return SectionConfig(
        name="S", count=1, difficulty=difficulty, dig=DigSpec(9), improve=improve,
    )


def test_objective():
    sums = ((Figure.CAND_SUM, 1.0, 2.0),)
    assert objective(section(MEDIUM)) is Figure.GRADE
    assert objective(section(Difficulty(Band.MEDIUM, sums))) is Figure.GRADE
    assert objective(section(Difficulty(None, sums))) is Figure.CAND_SUM
    assert objective(section(Difficulty(None, ()))) is Figure.WAY_COMPLEXITY
    assert objective(section(MEDIUM, ImproveSpec(10, None, Figure.LEVEL))) is Figure.LEVEL


def test_order_key_is_grade_then_way_then_text():
    a = rating(1.2, 90, puzzle=(2,))
    b = rating(2.0, 10, puzzle=(1,))
    c = rating(2.0, 20, puzzle=(0,))
    d = rating(2.0, 20, puzzle=(3,))
    assert sorted([d, c, b, a], key=order_key) == [a, b, c, d]
    assert order_key(rating(None, 20, puzzle=(1, 2))) == (0.0, 20, "12")
    untraced = Rating((1,), 1, None, None, clues=30, seconds=0.0, grade=3.0)
    assert order_key(untraced) == (3.0, 0, "1")


def test_pick_keeps_order_skips_taken_and_stops_at_count():
    rs = [rating(2.0, puzzle=(i,)) for i in range(5)]
    rs.insert(1, rating(3.0, puzzle=(9,)))  # does not match
    taken = {(2,)}
    chosen = pick(rs, MEDIUM, 2, taken)
    assert [r.puzzle for r in chosen] == [(0,), (1,)]
    assert taken == {(0,), (1,), (2,)}
    assert [r.puzzle for r in pick(rs, MEDIUM, 5, taken)] == [(3,), (4,)]
    assert pick(rs, MEDIUM, 0, set()) == []
