"""Rating: a puzzle's seed figures (SPEC §3) and its human-style grade (SPEC §5) as one record.

Glossary:
  figures   the trace solver's numbers: count, level, maxlevel, way_complexity, cand_sum,
            cand_sq, plus clues (givens) and seconds (time to rate)
  grade     the SE-scale number of the human-style grader, with its band, its hardest
            technique and the steps per technique (Technique values, named only in as_dict)
  as_dict   the stable JSON object of `bookgen rate --format json`: always the keys of
            RECORD_KEYS, null where a figure was not computed (keys are added over time,
            never renamed); `generate --format json` prints the same keys, and both add
            grid.topology_fields (the variant, and a jigsaw's regions)
  killer    a killer puzzle (givens and cages) is counted by the cage kernels and graded
            on the killer scale (grade.killer_scale); it has no trace figures (the trace knows
            no cages)
  traced    grids up to TRACE_MAX_SIZE get the trace figures; larger ones only the count
            and solution (from the counting search) and the grade: the seed's trace,
            with its fixed branching order, can run for hours on a sparse 16x16 puzzle
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core.grid import Geometry, Grid, format_line, format_lines
from ..core.model import Band, band_of
from ..core.rules import TRACE_FIGURES, Figure, traced
from ..engine.trace import Trace, backend_of, solve, trace
from ..variants.killer.cages import Cages

if TYPE_CHECKING:  # the grader loads on first use: rating without a grade needs none of it
    from .scale import Technique
    from .solver import Grading

RECORD_KEYS = ("puzzle", "solution", "count", *(f.value for f in TRACE_FIGURES), "clues",
               "seconds", "grade", "band", "hardest", "steps")
"""The keys of a rating record (as_dict), in order."""


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
    hardest: Technique | None = None
    """The technique of the hardest step the grade rests on (None when ungraded, or for a
    grid with no empty cell)."""
    steps: tuple[tuple[Technique, int], ...] | None = None
    """How many steps of each technique the logical solve used, in the order it first
    used each."""

    def __repr__(self) -> str:
        tr = self.trace
        figures = (f", level {tr.level}/{tr.maxlevel}, complexity {tr.way_complexity}/"
                   f"{tr.cand_sum}/{tr.cand_sq}" if tr else "")
        grade = (f", grade {self.grade:.1f} {self.band.value if self.band else ''} "
                 f"({self.hardest_label})" if self.grade is not None else "")
        return (f"Rating({format_line(self.puzzle)!r}, count {self.count}{figures}, "
                f"clues {self.clues}{grade}, {self.seconds * 1000:.1f} ms)")

    @property
    def hardest_label(self) -> str | None:
        """The hardest technique's name ('' for a graded grid with no empty cell), None
        when ungraded: what people and the rating record read."""
        if self.grade is None:
            return None
        return self.hardest.label if self.hardest else ""

    def step_labels(self) -> dict[str, int]:
        """Steps per technique name, in the order the solution first uses each: techniques
        that share a name ('hidden single' in a box or a line) count together."""
        out: dict[str, int] = {}
        for t, count in self.steps or ():
            out[t.label] = out.get(t.label, 0) + count
        return out

    def figure(self, f: Figure) -> float:
        """The value of a rating figure; ValueError if it was not computed."""
        if f is Figure.CLUES:
            return self.clues
        value = self.grade if f is Figure.GRADE else getattr(self.trace, f.value, None)
        if value is None:
            raise ValueError(f"puzzle was rated without {f.value}")
        return float(value)

    def as_dict(self, geo: Geometry | None = None) -> dict[str, object]:
        """The JSON object of `bookgen rate` (stable keys); given the puzzle's geometry, a
        multi-grid board is written whole ('-' outside its grids)."""
        out: dict[str, object] = {
            "puzzle": format_line(self.puzzle, geo),
            "solution": format_line(self.solution, geo) if self.solution else None,
            "count": self.count,
        }
        out.update(
            (f.value, getattr(self.trace, f.value) if self.trace else None) for f in TRACE_FIGURES
        )
        out.update(clues=self.clues, seconds=round(self.seconds, 6))
        graded = self.grade is not None
        out.update(
            grade=self.grade, band=self.band.value if self.band else None,
            hardest=self.hardest_label, steps=self.step_labels() if graded else None,
        )
        return out


def batch_figures(
    puzzles: Sequence[Grid], geo: Geometry, backend: str | None = None
) -> list[dict[str, Any]]:
    """The rating records of many puzzles of one geometry without the grade and without
    timing (seconds null), from one kernel batch: what rate(..., with_grade=False).as_dict()
    gives, at array speed."""
    import numpy as np

    if not puzzles:
        return []
    grids = np.array(puzzles, dtype=np.int8).reshape(len(puzzles), geo.ncells)
    kernels = backend_of(backend)
    lines = format_lines(grids).split("\n")
    clues = np.count_nonzero(grids, axis=1).tolist()
    empty: dict[str, Any] = {f.value: None for f in TRACE_FIGURES}
    if not traced(geo.n, geo.variant):
        counts, firsts = kernels.solve_batch(geo, grids, 2)
        columns = [empty] * len(puzzles)
    else:
        ta = kernels.trace_batch(geo, grids, 2)
        counts, firsts = ta.count, ta.solutions[:, 0]
        table = {f.value: getattr(ta, f.value).tolist() for f in TRACE_FIGURES}
        columns = [{name: values[i] for name, values in table.items()}
                   for i in range(len(puzzles))]
    solutions = format_lines(firsts).split("\n")
    out = []
    for i, count in enumerate(counts.tolist()):
        record: dict[str, Any] = dict.fromkeys(RECORD_KEYS)
        record.update(columns[i], puzzle=lines[i], solution=solutions[i] if count else None,
                      count=count, clues=clues[i])
        out.append(record)
    return out


def _graded(
    values: Grid, geo: Geometry, tr: Trace | None, count: int, solution: Grid | None,
    seconds: float, with_grade: bool,
) -> Rating:
    clues = sum(1 for v in values if v)
    if not with_grade or count != 1:
        return Rating(values, count, solution, tr, clues, seconds)
    from . import grade

    t0 = time.perf_counter()
    g = grade(values, geo, solution)
    seconds += time.perf_counter() - t0
    return with_grading(Rating(values, count, solution, tr, clues, seconds), g)


def with_grading(r: Rating, g: Grading) -> Rating:
    """The rating with a grading's grade, band, hardest technique and step counts."""
    return replace(r, grade=round(g.grade, 1), band=g.band, hardest=g.technique,
                   steps=g.counts)


def rate_killer(values: Grid, cages: Cages, with_grade: bool = True,
                ceiling: float | None = None) -> Rating:
    """Rate a killer puzzle: its solutions by the cage kernels, and its killer grade when
    it is unique and the grade is asked for. With a ceiling, a puzzle whose grade would be
    the ceiling or more is graded no further (grade.killer_scale.grade_killer_below): it is
    rated the ceiling, a lower bound, with no hardest technique and no steps."""
    import numpy as np

    from ..engine.kernels import get_backend
    from .killer_scale import grade_killer, grade_killer_below

    t0 = time.perf_counter()
    count, found = get_backend().killer_solutions(np.array(values, dtype=np.int8), cages, 2)
    solution = tuple(found[0].tolist()) if count else None
    clues = sum(1 for v in values if v)
    if not with_grade or count != 1:
        return Rating(values, count, solution, None, clues, time.perf_counter() - t0)
    g = (grade_killer(values, cages, solution) if ceiling is None
         else grade_killer_below(values, cages, ceiling))
    if g is None:
        assert ceiling is not None
        return Rating(values, count, solution, None, clues, time.perf_counter() - t0,
                      ceiling, band_of(ceiling))
    return with_grading(Rating(values, count, solution, None, clues, time.perf_counter() - t0),
                       g)


def rate(values: Grid, geo: Geometry, with_grade: bool = True) -> Rating:
    """Rate one puzzle: figures (traced up to TRACE_MAX_SIZE), and the human grade when
    the puzzle is unique and the grade is asked for."""
    t0 = time.perf_counter()
    if not traced(geo.n, geo.variant):
        count, solutions = solve(values, geo)
        first = solutions[0] if solutions else None
        return _graded(values, geo, None, count, first, time.perf_counter() - t0, with_grade)
    tr = trace(values, geo)
    seconds = time.perf_counter() - t0
    return _graded(values, geo, tr, tr.count, tr.solution, seconds, with_grade)
