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
from .tables import base_geometry

Finder = Callable[[Board], list[Step]]


@dataclass(frozen=True)
class Rung:
    """One technique finder of the ladder, with what it reports and how SE rates it."""

    finder: Finder
    """Returns the finder's steps on a board (the lowest-rated deduction, or a batch of
    singles), or [] when the technique does not apply."""
    techniques: tuple[Technique, ...]
    """The techniques it reports; their names, SE base values and descriptions."""
    rating: str
    """SE's rating rule for its steps, in words."""

    @property
    def base(self) -> float:
        """The lowest rating the finder can give: its easiest technique's base value."""
        return min(t.se for t in self.techniques)


T = Technique

LADDER: tuple[Rung, ...] = (
    Rung(singles.full_houses, (T.FULL_HOUSE,), "1.0"),
    Rung(singles.hidden_singles_box, (T.HIDDEN_SINGLE_BOX,), "1.2"),
    Rung(singles.hidden_singles_line, (T.HIDDEN_SINGLE_LINE,), "1.5"),
    Rung(subsets.direct_pointing, (T.DIRECT_POINTING,), "1.7"),
    Rung(subsets.direct_claiming, (T.DIRECT_CLAIMING,), "1.9"),
    Rung(subsets.direct_hidden_pair, (T.DIRECT_HIDDEN_PAIR,), "2.0"),
    Rung(singles.naked_singles, (T.NAKED_SINGLE,), "2.3"),
    Rung(subsets.direct_hidden_triple, (T.DIRECT_HIDDEN_TRIPLE,), "2.5"),
    Rung(subsets.pointing, (T.POINTING,), "2.6"),
    Rung(subsets.claiming, (T.CLAIMING,), "2.8"),
    Rung(
        subsets.generalized_intersection,
        (T.GENERALIZED_INTERSECTION,),
        "2.9; X and hyper grids only, in place of pointing and claiming",
    ),
    Rung(subsets.naked_pair, (T.NAKED_PAIR,), "3.0"),
    Rung(fish.x_wing, (T.X_WING,), "3.2"),
    Rung(subsets.hidden_pair, (T.HIDDEN_PAIR,), "3.4"),
    Rung(subsets.naked_triple, (T.NAKED_TRIPLE,), "3.6"),
    Rung(fish.swordfish, (T.SWORDFISH,), "3.8"),
    Rung(subsets.hidden_triple, (T.HIDDEN_TRIPLE,), "4.0"),
    Rung(
        fish.two_strong_links,
        (T.SKYSCRAPER, T.TWO_STRING_KITE, T.TURBOT_CRANE, T.EMPTY_RECTANGLE),
        "4.0 on parallel lines, 4.1 with a box or lines both ways, 4.3 with a grouped link "
        "or a diagonal or window",
    ),
    Rung(wings.xy_wing, (T.XY_WING,), "4.2"),
    Rung(wings.xyz_wing, (T.XYZ_WING,), "4.4"),
    Rung(
        uniqueness.unique_loop,
        (T.UNIQUE_RECTANGLE, T.UNIQUE_LOOP),
        "4.5 for 4 cells, 4.6 for 6, 4.7 for 8, 5.0 for 10+; type 3: +0.1 per extra cell",
    ),
    Rung(subsets.naked_quad, (T.NAKED_QUAD,), "5.0"),
    Rung(fish.jellyfish, (T.JELLYFISH,), "5.2"),
    Rung(subsets.hidden_quad, (T.HIDDEN_QUAD,), "5.4"),
    Rung(
        fish.three_strong_links,
        (T.THREE_STRONG_LINKS,),
        "5.4; +0.1 with a box or lines both ways, +0.2 with both, +0.3 grouped or with a "
        "diagonal or window",
    ),
    Rung(wings.wxyz_wing, (T.WXYZ_WING,), "5.5; 5.6 when its largest cell has 3 digits"),
    Rung(uniqueness.bug, (T.BUG, T.BUG_TYPE_2), "5.6 for one extra cell, 5.7 for type 2"),
    Rung(
        fish.four_strong_links,
        (T.FOUR_STRONG_LINKS,),
        "5.8; +0.1 with a box or lines both ways, +0.2 with both, +0.3 grouped or with a "
        "diagonal or window",
    ),
    Rung(wings.vwxyz_wing, (T.VWXYZ_WING,), "6.2; +0.2 - |3 - largest cell| / 10"),
    Rung(wings.aligned_pair_exclusion, (T.ALIGNED_PAIR_EXCLUSION,), "6.2"),
    Rung(wings.uvwxyz_wing, (T.UVWXYZ_WING,), "6.6"),
    Rung(
        chains.chains_and_cycles,
        (T.CYCLE, T.X_CHAIN, T.AIC),
        "6.5 + length extra for an X- or Y-cycle, 6.6 for a forcing X-chain, 7.0 with both "
        "kinds of links",
    ),
    Rung(wings.tuvwxyz_wing, (T.TUVWXYZ_WING,), "7.5"),
    Rung(wings.aligned_triple_exclusion, (T.ALIGNED_TRIPLE_EXCLUSION,), "7.5"),
    Rung(chains.nishio, (T.NISHIO,), "7.5 + length extra"),
    Rung(
        chains.forcing_chains,
        (T.CELL_FORCING_CHAINS, T.UNIT_FORCING_CHAINS),
        "8.0 + length extra",
    ),
    Rung(chains.dynamic_forcing_chains, (T.DYNAMIC_FORCING_CHAINS,), "8.5 + length extra"),
    Rung(
        chains.dynamic_forcing_chains_plus,
        (T.DYNAMIC_FORCING_CHAINS_PLUS,),
        "9.0 + length extra",
    ),
    Rung(
        chains.nested_forcing_chains,
        (T.NESTED_FORCING_CHAINS,),
        "9.5 + length extra, the nested chains' nodes counted",
    ),
    Rung(
        chains.nested_multiple_forcing_chains,
        (T.NESTED_MULTIPLE_FORCING_CHAINS,),
        "10.0 + length extra, the nested chains' nodes counted",
    ),
    Rung(
        chains.nested_dynamic_forcing_chains,
        (T.NESTED_DYNAMIC_FORCING_CHAINS,),
        "10.5 + length extra, the nested chains' nodes counted",
    ),
)
"""Every technique finder, in the order SE tries them: the registry that the solver, the
scale and the explanations read."""


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

    def __repr__(self) -> str:
        state = "" if self.solved else ", unsolved"
        return (f"Grading({self.grade:.1f} {self.band.value}, hardest {self.hardest!r}, "
                f"{len(self.steps)} steps{state})")


def solve_steps(board: Board, solution: Sequence[int] | None = None) -> list[Step]:
    """Solve the board in place by the ladder; the steps taken, in order."""
    return ladder_steps(board, [rung.finder for rung in LADDER], solution, solve_any)


def ladder_steps(
    board: Board,
    finders: Sequence[Callable[[Board], list[Step]]],
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
    """Whether grade(values, geo).grade >= top, found without solving past top.

    The ladder runs with the rungs rated below top only, which the full ladder tries first
    and in the same order, so both take the same steps until one rated top or more is
    needed: a step that rounds to top or more, or a state none of these rungs moves (the
    full ladder would take a later rung's step or a trial, both rated top or more). What
    makes an aimed dig cheap: the step past a band's top is judged, never graded whole.
    """
    board = Board(values, geo)
    finders = [rung.finder for rung in LADDER if rung.base < top]
    while not board.solved() and not board.broken():
        found = next((steps for f in finders if (steps := f(board))), None)
        if found is None or any(round(s.difficulty, 1) >= top for s in found):
            return True
        changed = False
        for step in found:
            changed |= board.apply(step)
        if not changed:
            break  # the full ladder stops here too, unsolved, its grade below top
    return False


def grading_of(steps: Sequence[Step], solved: bool) -> Grading:
    """The Grading of a solve's steps: the hardest step's difficulty is the grade."""
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
        solved=solved,
    )
