"""Rating: a puzzle's seed figures (SPEC §3) and its human-style grade (SPEC §5) as one record.

Glossary:
  figures   the trace solver's numbers: count, level, maxlevel, way_complexity, cand_sum,
            cand_sq, plus clues (givens) and seconds (time to rate)
  grade     the SE-scale number of the human-style grader, with its band and hardest step
  as_dict   the stable JSON object of `bookgen rate --format json` (keys are added over
            time, never renamed)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from .grid import Geometry, Grid, format_line
from .solver import Trace, trace, trace_many

FIGURES = ("count", "level", "maxlevel", "way_complexity", "cand_sum", "cand_sq", "clues", "grade")
"""Rating figures a config range or an improve objective may name."""


@dataclass(frozen=True)
class Rating:
    """Everything known about one puzzle's difficulty."""

    puzzle: Grid
    """The givens, 0 = blank."""
    trace: Trace
    """The seed's trace solver result (figures, way, solutions)."""
    clues: int
    """Number of givens."""
    seconds: float
    """Time taken to rate (trace, and grade when asked)."""
    grade: float | None = None
    """SE-scale grade; None when grading was skipped."""
    band: str | None = None
    """Band name of the grade: easy, medium, hard, expert, extreme."""
    hardest: str | None = None
    """Name of the hardest technique the grade rests on."""
    steps: tuple[tuple[str, int], ...] | None = None
    """How many steps of each technique the logical solve used, in ladder order."""

    @property
    def solution(self) -> Grid | None:
        return self.trace.solution

    def figure(self, name: str) -> float:
        """The value of one of FIGURES (grade must have been computed)."""
        if name == "clues":
            return self.clues
        if name == "grade":
            if self.grade is None:
                raise ValueError("puzzle was rated without a grade")
            return self.grade
        value: int = getattr(self.trace, name)
        return value

    def as_dict(self) -> dict[str, object]:
        """The JSON object of `bookgen rate` (stable keys)."""
        tr = self.trace
        out: dict[str, object] = {
            "puzzle": format_line(self.puzzle),
            "solution": format_line(tr.solution) if tr.solution else None,
            "count": tr.count,
            "level": tr.level,
            "maxlevel": tr.maxlevel,
            "way_complexity": tr.way_complexity,
            "cand_sum": tr.cand_sum,
            "cand_sq": tr.cand_sq,
            "clues": self.clues,
            "seconds": round(self.seconds, 6),
        }
        if self.grade is not None:
            out.update(
                grade=self.grade, band=self.band, hardest=self.hardest, steps=dict(self.steps or ())
            )
        return out


def _graded(values: Grid, geo: Geometry, tr: Trace, seconds: float, with_grade: bool) -> Rating:
    clues = sum(1 for v in values if v)
    if not with_grade or tr.count != 1:
        return Rating(values, tr, clues, seconds)
    from .grade import grade

    t0 = time.perf_counter()
    g = grade(values, geo, tr.solution)
    seconds += time.perf_counter() - t0
    counts = g.counts.items() if isinstance(g.counts, dict) else g.counts
    return Rating(
        values, tr, clues, seconds, round(g.grade, 1), g.band.value, g.hardest, tuple(counts)
    )


def rate(values: Grid, geo: Geometry, with_grade: bool = True) -> Rating:
    """Rate one puzzle: trace figures always, the human grade when it is unique and asked."""
    t0 = time.perf_counter()
    tr = trace(values, geo)
    return _graded(values, geo, tr, time.perf_counter() - t0, with_grade)


def rate_many(puzzles: Sequence[Grid], geo: Geometry, with_grade: bool = True) -> list[Rating]:
    """Rate puzzles of one geometry; the trace runs as one batch (seconds are per puzzle)."""
    t0 = time.perf_counter()
    traces = trace_many(puzzles, geo)
    each = (time.perf_counter() - t0) / max(1, len(puzzles))
    return [_graded(v, geo, tr, each, with_grade) for v, tr in zip(puzzles, traces, strict=True)]
