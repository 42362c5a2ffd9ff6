"""Selection: which rated puzzles go into a section, and in what order (pure functions).

Glossary:
  difficulty  a section's target: a band name of the grade, and/or inclusive ranges on
              rating figures (config.Difficulty)
  objective   the figure a section climbs when improving: the grade when it selects by
              band, else the first ranged figure, else way_complexity
  shortfall   how far below a difficulty a rating lies; orders improvement starts
"""

from __future__ import annotations

from collections.abc import Iterable

from .config import Difficulty, SectionConfig
from .rate import Rating
from .rules import DEFAULT_OBJECTIVE, Figure


def matches(rating: Rating, difficulty: Difficulty) -> bool:
    """Whether a unique puzzle's rating lies inside every limit of the difficulty."""
    return rating.count == 1 and all(
        lo <= rating.figure(f) and (rating.figure(f) < hi if open_top else rating.figure(f) <= hi)
        for f, lo, hi, open_top in _limits(difficulty)
    )


def shortfall(rating: Rating, difficulty: Difficulty) -> float:
    """How far below the difficulty a rating lies (0 if not below); inf if above any limit.

    Orders the starting points of improvement: the nearest below the band climb first.
    """
    total = 0.0
    for f, lo, hi, open_top in _limits(difficulty):
        value = rating.figure(f)
        if value > hi or (open_top and value == hi):
            return float("inf")
        total += max(0.0, lo - value)
    return total


def _limits(difficulty: Difficulty) -> list[tuple[Figure, float, float, bool]]:
    """(figure, lo, hi, top is open) for every limit; bands are half-open, ranges closed."""
    out = [(f, lo, hi, False) for f, lo, hi in difficulty.ranges]
    if difficulty.band is not None:
        lo, hi = difficulty.band.bounds
        out.insert(0, (Figure.GRADE, lo, hi, True))
    return out


def objective(section: SectionConfig) -> Figure:
    """The figure to raise when a section's puzzles are too easy."""
    if section.improve is not None:
        return section.improve.objective
    limits = _limits(section.difficulty)
    return limits[0][0] if limits else DEFAULT_OBJECTIVE


def order_key(rating: Rating) -> tuple[float, int, str]:
    """Easier first: by grade (when known), then way_complexity, then the puzzle text."""
    grade = rating.grade if rating.grade is not None else 0.0
    way = rating.trace.way_complexity if rating.trace else 0
    return (grade, way, "".join(map(str, rating.puzzle)))


def pick(
    candidates: Iterable[Rating], difficulty: Difficulty, count: int, taken: set[tuple[int, ...]]
) -> list[Rating]:
    """The first `count` candidates (in the given order) that match and are not taken yet.

    `taken` holds the puzzles already in the book and is updated, so no book repeats one.
    """
    chosen: list[Rating] = []
    for r in candidates:
        if len(chosen) == count:
            break
        if r.puzzle not in taken and matches(r, difficulty):
            taken.add(r.puzzle)
            chosen.append(r)
    return chosen
