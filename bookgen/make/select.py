"""Selection: which rated puzzles go into a section, and in what order (pure functions).

Glossary:
  difficulty  a section's target: a band name of the grade, and/or inclusive ranges on
              rating figures (model.Difficulty)
  shape       what a section's puzzles look like: size, symmetry of the clue pattern,
              clue range, minimality (generate.DigSpec)
  rules       everything a section asks of a puzzle: uniqueness, its shape, its difficulty
  objective   the figure a section climbs when improving: the grade when it selects by
              band, else the first ranged figure, else way_complexity
  shortfall   how far below a difficulty a rating lies; orders improvement starts
  aimed       a difficulty whose digs stop before the puzzle gets too hard for it: every
              one with a finite top on the grade (each band but extreme, each technique
              but the last rung's)
  technique   a difficulty's technique: the puzzle's hardest step is of its name, and its
              grade lies in the technique's window (a grade range the config reader adds);
              needs: every named technique is among the solution's steps
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.model import Difficulty, DigSpec, SectionConfig
from ..core.rules import DEFAULT_OBJECTIVE, Figure
from ..grade.rating import Rating
from ..grade.target import uses
from .generate import misfit


@dataclass(frozen=True)
class Rules:
    """Everything a section asks of each of its puzzles (besides being unique)."""

    shape: DigSpec
    """Size, symmetry of the clue pattern, clue range and minimality."""
    difficulty: Difficulty
    """What the puzzle must rate."""


def matches(rating: Rating, rules: Rules) -> bool:
    """Whether a rating is of a unique puzzle with the rules' shape, inside every limit of
    their difficulty."""
    return (
        rating.count == 1
        and shortfall(rating, rules.difficulty) == 0.0
        and aimed_right(rating, rules.difficulty)
        and misfit(rating.puzzle, rules.shape) is None
    )


def aimed_right(rating: Rating, difficulty: Difficulty) -> bool:
    """Whether a graded rating's hardest step is the difficulty's technique (when it has
    one) and its solution uses every technique the difficulty needs."""
    target = difficulty.technique
    return (target is None or (rating.hardest is not None
                               and rating.hardest.label == target.label)) \
        and uses(rating.steps, difficulty.needs)


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


def ceiling(difficulty: Difficulty, figure: Figure) -> float:
    """The least value of `figure` that lies above the difficulty (inf: none does); what
    improving towards the difficulty must stay below."""
    return min(
        (hi if open_top else math.nextafter(hi, math.inf)
         for f, _, hi, open_top in _limits(difficulty) if f == figure),
        default=math.inf,
    )


def too_hard(rating: Rating, difficulty: Difficulty) -> bool:
    """Whether a rating lies above a limit of the difficulty (what an aimed dig avoids)."""
    return shortfall(rating, difficulty) == float("inf")


def aimed(difficulty: Difficulty) -> bool:
    """Whether digs for this difficulty stop before the puzzle is too hard: any finite top
    on the grade. Random digs land in a band below extreme by luck only (9x9 minimal
    puzzles: classic easy 1%, hard 15%; X hard 10%, extreme 83%), while a dig stopped
    before the band's top lands in it in half or more of the tries (X hard 3 of 6, hyper
    hard 5 of 6, jigsaw medium 5 of 6); the judge (grade.solver.grades_at_least) never
    solves past the top, so the steps it judges cost little."""
    return any(f is Figure.GRADE and math.isfinite(hi) for f, _, hi, _ in _limits(difficulty))


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
    candidates: Iterable[Rating], rules: Rules, count: int, taken: set[tuple[int, ...]]
) -> list[Rating]:
    """The first `count` candidates (in the given order) that match and are not taken yet.

    `taken` holds the puzzles already in the book and is updated, so no book repeats one.
    A caged puzzle (killer) is known by its solution: its givens are (nearly) all blank.
    """
    chosen: list[Rating] = []
    caged = rules.shape.variant.caged
    for r in candidates:
        if len(chosen) == count:
            break
        key = r.solution if caged else r.puzzle
        if key is not None and key not in taken and matches(r, rules):
            taken.add(key)
            chosen.append(r)
    return chosen
