"""The logical solver: the ladder of techniques, tried easiest first, and the grade.

Glossary:
  ladder    the techniques in SE order; after every successful step the solver starts
            again from the top, so each step uses the easiest technique that works
  grade     the largest step difficulty (SE rates a puzzle by its hardest step)
  trial     the defined fallback beyond the ladder: when no technique applies, the most
            constrained cell gets its solution value, rated 10.0 (above every chain)
The grade assumes a puzzle with one solution (uniqueness techniques rely on it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..grid import Geometry
from ..model import Band, band_of
from ..solver import solve
from . import chains, fish, singles, subsets, uniqueness, wings
from .board import Board, Step, digits_of
from .scale import Technique

Finder = Callable[[Board], list[Step]]

LADDER: tuple[Finder, ...] = (
    singles.hidden_singles_box,
    singles.hidden_singles_line,
    subsets.direct_pointing,
    subsets.direct_claiming,
    subsets.direct_hidden_pair,
    singles.naked_singles,
    subsets.direct_hidden_triple,
    subsets.pointing,
    subsets.claiming,
    subsets.naked_pair,
    fish.x_wing,
    subsets.hidden_pair,
    subsets.naked_triple,
    fish.swordfish,
    subsets.hidden_triple,
    fish.turbot_fish,
    fish.empty_rectangle,
    wings.xy_wing,
    wings.xyz_wing,
    uniqueness.unique_rectangle,
    subsets.naked_quad,
    fish.jellyfish,
    subsets.hidden_quad,
    wings.wxyz_wing,
    uniqueness.bug_plus_one,
    wings.aligned_pair_exclusion,
    wings.vwxyz_wing,
    chains.x_chain,
    wings.w_wing,
    chains.aic,
    chains.nishio,
    chains.forcing_chains,
    chains.dynamic_forcing_chains,
    chains.nested_forcing_chains,
)
"""Every technique finder, in the order SE tries them (by base value)."""


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
    counts: tuple[tuple[str, int], ...]
    """(technique name, number of steps), in ladder order."""
    solved: bool
    """True when the steps fill the grid (False only for a puzzle without a solution)."""


def solve_steps(board: Board, solution: Sequence[int] | None = None) -> list[Step]:
    """Solve the board in place by the ladder; the steps taken, in order."""
    log: list[Step] = []
    while not board.solved():
        if board.broken():
            break
        for find in LADDER:
            found = find(board)
            if found:
                break
        else:
            if solution is None:
                solution = solve_any(board)
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
    count, solutions = solve(tuple(board.values), board.geo, limit=1)
    return solutions[0] if count else None


def grade(
    values: tuple[int, ...], geo: Geometry, solution: tuple[int, ...] | None = None
) -> Grading:
    """Grade a puzzle on the SE scale by solving it with human techniques.

    `solution`, when known, spares a search if the fallback (trial) is needed.
    """
    board = Board(values, geo)
    steps = solve_steps(board, solution)
    hardest = max(steps, key=lambda s: s.difficulty, default=None)
    value = round(hardest.difficulty, 1) if hardest else 1.0
    tally: dict[str, int] = {}
    for s in steps:
        tally[s.technique.label] = tally.get(s.technique.label, 0) + 1
    return Grading(
        grade=value,
        band=band_of(value),
        hardest=hardest.technique.label if hardest else "",
        steps=tuple(steps),
        counts=tuple(tally.items()),
        solved=board.solved(),
    )
