"""The logical solver: the ladder of techniques, tried easiest first, and the grade.

Glossary:
  ladder    the techniques in SE order (grade.techniques.LADDER); after every successful
            step the solver starts again from the top, so each step uses the easiest
            technique that works
  grade     the largest step difficulty (SE rates a puzzle by its hardest step)
  trial     the defined fallback beyond the ladder: when no technique applies, the most
            constrained cell gets its solution value, rated 10.0 (above every chain)
The grade assumes a puzzle with one solution (uniqueness techniques rely on it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.grid import Geometry
from ..core.model import Band, band_of
from ..engine.trace import solve
from .board import Board, Step, digits_of
from .scale import Technique
from .tables import base_geometry
from .technique import Finder
from .techniques import LADDER

_FINDERS: tuple[Finder, ...] = tuple(r.finder for r in LADDER if r.finder)
"""The ladder's finders, in its order."""

@dataclass(frozen=True)
class Grading:
    """The result of grading one puzzle."""

    grade: float
    """SE-scale grade: the hardest step's difficulty, one decimal."""
    band: Band
    """The band of the grade (SPEC §5)."""
    hardest: str
    """Name of the technique of the hardest step ('' for a puzzle with no empty cell)."""
    steps: tuple[Step, ...]
    """Every step of the solution, in order."""
    counts: tuple[tuple[Technique, int], ...]
    """(technique, number of steps), in the order the solution first uses each."""
    solved: bool
    """True when the steps fill the grid (False only for a puzzle without a solution)."""
    technique: Technique | None
    """The technique of the hardest step (None for a puzzle with no empty cell)."""

    def __repr__(self) -> str:
        state = "" if self.solved else ", unsolved"
        return (f"Grading({self.grade:.1f} {self.band.value}, hardest {self.hardest!r}, "
                f"{len(self.steps)} steps{state})")


def solve_steps(board: Board, solution: Sequence[int] | None = None) -> list[Step]:
    """Solve the board in place by the ladder; the steps taken, in order."""
    return ladder_steps(board, _FINDERS, solution, solve_any)


def ladder_steps(
    board: Board,
    finders: Sequence[Finder],
    solution: Sequence[int] | None,
    search: Callable[[Board], Sequence[int] | None],
) -> list[Step]:
    """Solve the board in place: each time, the steps of the first finder that finds any;
    when none does, a trial step places a cell from the solution (found by `search` when
    not given). The steps taken, in order."""
    log: list[Step] = []
    while not board.solved():
        if board.broken():
            break
        for finder in finders:
            found = finder(board)
            if found:
                break
        else:
            if solution is None:
                solution = search(board)
                if solution is None:
                    break
            found = [_trial(board, solution)]
        changed = False
        for step in found:
            changed |= board.apply(step)
        log.extend(found)
        if not changed:
            break  # a step that changes nothing would repeat forever: stop, unsolved
    return log


def _trial(board: Board, solution: Sequence[int]) -> Step:
    cell = min(
        (c for c, m in enumerate(board.cands) if m), key=lambda c: board.cands[c].bit_count()
    )
    tech = Technique.TRIAL
    return Step(
        tech, tech.se, (cell,), digits_of(board.cands[cell]), placed=((cell, solution[cell]),)
    )


def solve_any(board: Board) -> tuple[int, ...] | None:
    """One solution of the board's placed values, or None (the engine's counting search)."""
    count, solutions = solve(tuple(board.values), base_geometry(board.geo), limit=1)
    return solutions[0] if count else None


def grade(
    values: tuple[int, ...], geo: Geometry, solution: tuple[int, ...] | None = None
) -> Grading:
    """Grade a puzzle on the SE scale by solving it with human techniques.

    `solution`, when known, spares a search if the fallback (trial) is needed.
    """
    board = Board(values, geo)
    steps = solve_steps(board, solution)
    return grading_of(steps, board.solved())


def grades_at_least(values: tuple[int, ...], geo: Geometry, top: float) -> bool:
    """Whether grade(values, geo).grade >= top, found without solving past top."""
    return graded_below(values, geo, top) is None


def graded_below(values: tuple[int, ...], geo: Geometry, top: float) -> Grading | None:
    """grade(values, geo) when its grade is below top, else None, found without solving
    past top.

    The ladder runs with the rungs rated below top only, which the full ladder tries first
    and in the same order, so both take the same steps until one rated top or more is
    needed: a step that rounds to top or more, or a state none of these rungs moves (the
    full ladder would take a later rung's step or a trial, both rated top or more). What
    makes an aimed dig cheap: the step past a band's top is judged, never graded whole.
    """
    board = Board(values, geo)
    finders = [rung.finder for rung in LADDER if rung.finder and rung.base < top]
    log: list[Step] = []
    while not board.solved() and not board.broken():
        found = next((steps for f in finders if (steps := f(board))), None)
        if found is None or any(round(s.difficulty, 1) >= top for s in found):
            return None
        changed = False
        for step in found:
            changed |= board.apply(step)
        log.extend(found)
        if not changed:
            break  # the full ladder stops here too, unsolved, its grade below top
    return grading_of(log, board.solved())


def grading_of(steps: Sequence[Step], solved: bool) -> Grading:
    """The Grading of a solve's steps: the hardest step's difficulty is the grade."""
    hardest = max(steps, key=lambda s: s.difficulty, default=None)
    value = round(hardest.difficulty, 1) if hardest else 1.0
    tally: dict[Technique, int] = {}
    for s in steps:
        tally[s.technique] = tally.get(s.technique, 0) + 1
    return Grading(
        grade=value,
        band=band_of(value),
        hardest=hardest.technique.label if hardest else "",
        steps=tuple(steps),
        counts=tuple(tally.items()),
        solved=solved,
        technique=hardest.technique if hardest else None,
    )
