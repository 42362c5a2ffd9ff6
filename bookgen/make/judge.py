"""How a section's digs are judged against its difficulty, and a technique section's
puzzles steered toward its technique.

Glossary:
  judges     an aimed dig's (too_hard, on_target) pair (generate.aimed_dig): too_hard when
             the puzzle rates above a limit of the difficulty; on_target, for a technique
             section, when its hardest step is the technique and its steps use the needs
  top        the least grade too hard for a technique section whose limits are all on the
             grade: the ladder is cut there (solver.graded_below), so nothing past the
             technique is graded
  steered    a technique section (limits on the grade only, not minimal) whose dig missed
             the technique walks toward it (aim.steer), scored by closeness: None when too
             hard, REACHED on target, else the grade, STEER_USED more when the solution
             already uses the technique below a harder step
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..core.grid import Geometry, Grid
from ..core.model import Difficulty
from ..core.rules import Figure
from ..grade.rating import Rating, rate
from ..grade.solver import Grading, graded_below, grades_at_least
from ..grade.target import uses
from .aim import REACHED, Score, steer
from .select import Rules, too_hard

__all__ = ["STEER_USED", "Judge", "closeness", "judge", "on_target", "steered", "steers",
           "technique_top"]

STEER_USED = 100.0
"""What using the technique (below a harder step) adds to a puzzle's grade when steering:
more than any grade, so such a puzzle is never left for one that does not use it."""


def steers(rules: Rules) -> bool:
    """Whether a section's puzzles are steered toward its technique: a technique section
    whose limits are all on the grade (judged by the cut ladder), not minimal (a walk's
    swaps do not keep minimality)."""
    difficulty = rules.difficulty
    return difficulty.technique is not None and not rules.shape.minimal \
        and all(f is Figure.GRADE for f, _, _ in difficulty.ranges)


def steered(start: Rating, geo: Geometry, rules: Rules, seed: str, evaluations: int
            ) -> Rating:
    """The rating of the puzzle a walk from `start` toward the section's technique
    reaches (aim.steer, seeded by `seed`), or `start` when it reaches none."""
    assert start.solution is not None
    shape = rules.shape
    reached = steer(start.puzzle, start.solution, geo, shape.symmetry, shape.target,
                    closeness(rules.difficulty, geo), random.Random(seed), evaluations)
    return start if reached is None else rate(reached, geo)


Judge = tuple[Callable[[Grid], bool] | None, Callable[[Grid], bool] | None]
"""An aimed dig's (too_hard, on_target) judges (generate.aimed_dig)."""


def judge(difficulty: Difficulty, geo: Geometry) -> Judge:
    """The judges of an aimed dig: the puzzle rates above a limit of the difficulty, and,
    for a technique section, its hardest step is the technique. A band alone, or a
    technique with grade limits only, is judged by the ladder cut at the top (the same
    answer as grading the puzzle whole, without the steps past the top: the costly part
    of expert and extreme ones)."""
    band = difficulty.band
    if band is not None and not difficulty.ranges:
        return (lambda puzzle: grades_at_least(puzzle, geo, band.bounds[1])), None
    target = difficulty.technique
    if target is None or not all(f is Figure.GRADE for f, _, _ in difficulty.ranges):
        return (lambda puzzle: too_hard(rate(puzzle, geo), difficulty)), None
    top = technique_top(difficulty)
    graded: dict[Grid, Grading | None] = {}  # on_target asks of the puzzle just judged

    def over(puzzle: Grid) -> bool:
        graded[puzzle] = graded_below(puzzle, geo, top)
        return graded[puzzle] is None

    def hit(puzzle: Grid) -> bool:
        g = graded.pop(puzzle)
        return g is not None and on_target(g, difficulty)

    return over, hit


def technique_top(difficulty: Difficulty) -> float:
    """The least grade too hard for a technique section whose limits are all on the
    grade: the dig keeps a removal while the hardest step stays at or below the technique
    (a band or grade range given with it only narrows the grades further)."""
    top = min(tenth_above(hi) for _, _, hi in difficulty.ranges)
    if difficulty.band is not None:
        top = min(top, difficulty.band.bounds[1])
    return top


def on_target(g: Grading, difficulty: Difficulty) -> bool:
    """Whether a grading's hardest step is the section's technique, and its steps use
    every technique the section needs."""
    target = difficulty.technique
    return target is not None and g.technique is not None \
        and g.technique.label == target.label and uses(g.counts, difficulty.needs)


def closeness(difficulty: Difficulty, geo: Geometry) -> Score:
    """How near a technique section a puzzle is, for steering (aim.steer): None when it
    grades too hard, REACHED on target; else its grade, STEER_USED more when its solution
    uses the technique below a harder step (one removal may make that step the hardest)."""
    top = technique_top(difficulty)
    target = difficulty.technique
    assert target is not None

    def score(puzzle: Grid) -> float | None:
        g = graded_below(puzzle, geo, top)
        if g is None:
            return None
        if on_target(g, difficulty):
            return REACHED
        used = any(t.label == target.label for t, _ in g.counts)
        return g.grade + (STEER_USED if used else 0.0)

    return score


def tenth_above(hi: float) -> float:
    """The least grade above an inclusive grade limit: grades have one decimal."""
    return round(math.floor(hi * 10 + 1e-6) / 10 + 0.1, 1)
