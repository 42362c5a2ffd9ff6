"""Rating: a puzzle's seed figures (SPEC §3) and its human-style grade (SPEC §5) as one record.

Glossary:
  figures   the trace solver's numbers: count, level, maxlevel, way_complexity, cand_sum,
            cand_sq, plus clues (givens) and seconds (time to rate)
  grade     the SE-scale number of the human-style grader, with its band and hardest step
  as_dict   the stable JSON object of `bookgen rate --format json` (keys are added over
            time, never renamed)
  traced    grids up to TRACE_MAX_SIZE get the trace figures; larger ones only the count
            and solution (from the counting search) and the grade: the seed's trace,
            with its fixed branching order, can run for hours on a sparse 16x16 puzzle
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from .grid import Geometry, Grid, format_line
from .model import Band
from .rules import TRACE_FIGURES, TRACE_MAX_SIZE, Figure
from .solver import Trace, solve, trace


@dataclass(frozen=True)
class Rating:
    """Everything known about one puzzle's difficulty."""

    puzzle: Grid
    """The givens, 0 = blank."""
    count: int
    """Solutions, capped at 2 (1 = unique)."""
    solution: Grid | None
    """The first solution found; None when there is none."""
    trace: Trace | None
    """The seed's trace solver result (figures, way); None above TRACE_MAX_SIZE."""
    clues: int
    """Number of givens."""
    seconds: float
    """Time taken to rate (trace, and grade when asked)."""
    grade: float | None = None
    """SE-scale grade; None when grading was skipped."""
    band: Band | None = None
    """The band of the grade."""
    hardest: str | None = None
    """Name of the hardest technique the grade rests on."""
    steps: tuple[tuple[str, int], ...] | None = None
    """How many steps of each technique the logical solve used, in ladder order."""

    def figure(self, f: Figure) -> float:
        """The value of a rating figure; ValueError if it was not computed."""
        if f is Figure.CLUES:
            return self.clues
        value = self.grade if f is Figure.GRADE else getattr(self.trace, f.value, None)
        if value is None:
            raise ValueError(f"puzzle was rated without {f.value}")
        return float(value)

    def as_dict(self) -> dict[str, object]:
        """The JSON object of `bookgen rate` (stable keys)."""
        out: dict[str, object] = {
            "puzzle": format_line(self.puzzle),
            "solution": format_line(self.solution) if self.solution else None,
            "count": self.count,
        }
        out.update(
            (f.value, getattr(self.trace, f.value) if self.trace else None) for f in TRACE_FIGURES
        )
        out.update(clues=self.clues, seconds=round(self.seconds, 6))
        if self.grade is not None:
            out.update(
                grade=self.grade, band=self.band.value if self.band else None, hardest=self.hardest,
                steps=dict(self.steps or ()),
            )
        return out


def _graded(
    values: Grid, geo: Geometry, tr: Trace | None, count: int, solution: Grid | None,
    seconds: float, with_grade: bool,
) -> Rating:
    clues = sum(1 for v in values if v)
    if not with_grade or count != 1:
        return Rating(values, count, solution, tr, clues, seconds)
    from .grade import grade

    t0 = time.perf_counter()
    g = grade(values, geo, solution)
    seconds += time.perf_counter() - t0
    counts = g.counts.items() if isinstance(g.counts, dict) else g.counts
    return Rating(
        values, count, solution, tr, clues, seconds, round(g.grade, 1), g.band,
        g.hardest, tuple(counts),
    )


def rate(values: Grid, geo: Geometry, with_grade: bool = True) -> Rating:
    """Rate one puzzle: figures (traced up to TRACE_MAX_SIZE), and the human grade when
    the puzzle is unique and the grade is asked for."""
    t0 = time.perf_counter()
    if geo.n > TRACE_MAX_SIZE:
        count, solutions = solve(values, geo)
        first = solutions[0] if solutions else None
        return _graded(values, geo, None, count, first, time.perf_counter() - t0, with_grade)
    tr = trace(values, geo)
    seconds = time.perf_counter() - t0
    return _graded(values, geo, tr, tr.count, tr.solution, seconds, with_grade)
