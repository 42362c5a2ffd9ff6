"""Killer sudoku grading: cage techniques first, then the classic ladder, on a killer scale.

Glossary:
  killer scale the classic SE values with singles easy (a killer has no givens to scan) and
               subsets and fish expert (killer_rating), plus the cage techniques' own values
  killer rung  a rule of the killer ladder with its finder bound to the killer grid and its
               killer rating
A killer puzzle's grade is its hardest step on this scale; its band reads it as any grade.
The uniqueness techniques are left out: swapping digits changes cage sums, so a classic
deadly pattern is no deadly pattern here. The cage finders are in grade.cages, their
technique objects in grade.techniques.cage_sums.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..variants.killer.cages import Cages
from .board import Board, Step
from .explain import told
from .scale import Technique
from .solver import Grading, grading_of, ladder_steps
from .technique import Finder, Rule
from .techniques import LADDER
from .techniques.cage_sums import CAGE_RULES, KillerGrid, killer_board, solve_killer

T = Technique

_LEFT_OUT = frozenset(
    {T.UNIQUE_RECTANGLE, T.UNIQUE_LOOP, T.BUG, T.BUG_TYPE_2, T.GENERALIZED_INTERSECTION,
     T.DOUBLY_NESTED_FORCING_CHAINS}
)
"""Classic techniques a killer ladder skips: deadly patterns assume that swapping two
digits keeps a solution, which cage sums forbid; generalized intersections are for X and
hyper grids; SE's fifth nested level would search for minutes on the open grid where a
killer's chains stall, which takes the trial step instead."""

_SINGLES = {T.FULL_HOUSE: 1.0, T.HIDDEN_SINGLE_BOX: 1.2, T.HIDDEN_SINGLE_LINE: 1.3,
            T.NAKED_SINGLE: 1.4}


def killer_rating(technique: Technique, se: float) -> float:
    """The value a classic step of SE value `se` counts for in a killer grade.

    Singles stay easy (below 1.5): a killer starts empty, and singles are how its cages'
    digits are written in. SE's 3.0-3.9 (naked and hidden pairs and triples, X-wing,
    swordfish) become 4.0-4.4, expert, above the rule of 45 and cage splitting; the rest
    keeps its SE value (locked candidates hard, wings expert, chains extreme).
    """
    if technique in _SINGLES:
        return _SINGLES[technique]
    if 3.0 <= se < 4.0:
        return round(4.0 + (se - 3.0) / 2, 1)
    return se


KillerFinder = Callable[[Board, KillerGrid], list[Step]]


@dataclass(frozen=True)
class KillerRung:
    """One rule of the killer ladder, its finder taking the killer grid and giving killer
    ratings."""

    rule: Rule
    """The technique object (its words, family and drawing hook serve killer steps too)."""
    finder: KillerFinder
    """Returns the rule's steps (with killer ratings) or []."""
    base: float
    """Its easiest technique's value on the killer scale: the ladder's order."""

    @property
    def techniques(self) -> tuple[Technique, ...]:
        """The techniques it reports."""
        return self.rule.techniques


def _classic(finder: Finder) -> KillerFinder:
    def run(board: Board, kg: KillerGrid) -> list[Step]:
        return [replace(s, difficulty=killer_rating(s.technique, s.difficulty))
                for s in finder(board)]
    return run


def _ladder() -> tuple[KillerRung, ...]:
    own = [KillerRung(r, r.finder, r.base) for r in CAGE_RULES if r.finder]
    classic = [
        KillerRung(r, _classic(r.finder), min(killer_rating(t, t.se) for t in r.techniques))
        for r in LADDER
        if r.finder and not set(r.techniques) <= _LEFT_OUT
    ]
    return tuple(sorted(own + classic, key=lambda r: r.base))


KILLER_LADDER = _ladder()
"""Every rule of a killer grade, in the order tried: by killer rating, cage techniques
before classic ones of the same value."""


def killer_steps(board: Board, kg: KillerGrid, solution: Sequence[int] | None = None,
                 ceiling: float | None = None) -> list[Step]:
    """Solve the board in place by the killer ladder; the steps taken, in order. With a
    ceiling, only the rungs below it are tried, and the solve stops (unsolved) where they
    find nothing: the ladder is tried easiest first, so up to there the steps are the
    whole ladder's, and its next step would rate the ceiling or more."""

    def search(board: Board) -> Sequence[int] | None:
        if ceiling is not None:
            return None
        count, sols = solve_killer(board.values, kg.cages, limit=1)
        return sols[0] if count else None

    def bound(finder: KillerFinder) -> Finder:
        return lambda board: finder(board, kg)

    rungs = [rung for rung in KILLER_LADDER if ceiling is None or rung.base < ceiling]
    return ladder_steps(board, [bound(rung.finder) for rung in rungs],
                        solution if ceiling is None else None, search)


def grade_killer(givens: tuple[int, ...], cages: Cages,
                 solution: tuple[int, ...] | None = None) -> Grading:
    """Grade a killer puzzle (81 givens, usually all 0, and its cages) on the killer scale.

    `solution`, when known, spares a search if the fallback (trial) is needed.
    """
    board, kg = killer_board(givens, cages)
    return grading_of(killer_steps(board, kg, solution), board.solved())


def grade_killer_below(givens: tuple[int, ...], cages: Cages, ceiling: float
                       ) -> Grading | None:
    """grade_killer's grading when the grade lies below `ceiling`, else None; the rungs of
    the ceiling or more (the costly chains among them) are never tried, so a puzzle too
    hard for a band is turned down for the price of its easy steps."""
    board, kg = killer_board(givens, cages)
    steps = killer_steps(board, kg, ceiling=ceiling)
    if not board.solved():
        return None
    g = grading_of(steps, True)
    return g if g.grade < ceiling else None


def explain_killer(givens: tuple[int, ...], cages: Cages, candidates: bool = False) -> str:
    """The step-by-step solution of a killer puzzle in plain words, headed by the grade;
    with candidates, the candidate grid before every step that is not a single."""
    board, _ = killer_board(givens, cages)
    return told(grade_killer(givens, cages), board, candidates,
                "no solution: the cages leave a cell without candidates")
