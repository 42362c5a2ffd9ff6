"""Solving tips: the technique families a book's puzzles need, each with an example step
taken from the grader's own solution of one of the book's puzzles, in the book's language.

Glossary:
  family    model.Family: techniques explained together (each technique's tips key,
            Technique.family)
  needs     the families of the techniques a puzzle's logical solution uses (Rating.steps)
  example   the first step of the family in the solution of the first puzzle (by book
            number) that needs it whose diagram the page can show with its houses whole,
            else cut (the `shown` test: large print needs room for 16 pt candidates),
            worded with the language's cell, unit and step texts; each puzzle looked at
            is graded again for its whole solution; when no step's diagram can be shown,
            the first step, in words alone
  technique a technique section's page: the technique's own name and teaching text with
            the first step of that technique in the section's own puzzles (technique_tip)
  diagram   the example drawn: the solution's steps before it applied to the puzzle's
            board, so its values and candidates are the grader's own at that step, and
            what the technique's drawing hook (Rule.draw) highlights
  board     a multi-grid (samurai) puzzle: its step is drawn on the one 9x9 grid that
            holds most of the step's marks (grid_view; the whole 21x21 board at the width
            of a tips figure would print candidates too small to read), and its cells
            and units are named with their grid ('r4c2 (top-left grid)')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import partial

from ..core.grid import Geometry, geometry, symbol
from ..core.lang import Texts
from ..core.model import Family, StepDiagram, Tip
from ..grade import grade
from ..grade.board import Board, Step
from ..grade.killer_scale import grade_killer
from ..grade.rating import Rating
from ..grade.scale import Technique
from ..grade.tables import grading_geometry
from ..grade.techniques.cage_sums import killer_board
from ..variants.killer.cages import Cages


def needed(r: Rating) -> set[Family]:
    """The families a rated puzzle's solution uses."""
    return {t.family for t, count in r.steps or () if count}


def book_tips(
    puzzles: Sequence[tuple[int, Rating, Geometry, Cages]], texts: Texts,
    shown: Callable[[Tip, bool], bool] = lambda tip, cut: True,
) -> tuple[Tip, ...]:
    """One tip per family the puzzles need, easiest first. `puzzles`: (book number, rating,
    geometry, cages (killer; else ())) in book order; `shown(tip, cut)`: whether a tip's
    diagram fits the page with its houses whole (with `cut`: cut at the window's edge)."""
    wanted = set().union(*(needed(p[1]) for p in puzzles)) if puzzles else set()
    steps = _Steps(puzzles, texts)
    out = []
    for family in Family:
        if family in wanted:
            out.append(steps.shown_tip(partial(_in_family, family),
                                       partial(_needs_family, family), shown))
    return tuple(out)


def _in_family(family: Family, technique: Technique) -> bool:
    return technique.family is family


def _needs_family(family: Family, r: Rating) -> bool:
    return family in needed(r)


def technique_tip(
    puzzles: Sequence[tuple[int, Rating, Geometry, Cages]], technique: Technique,
    texts: Texts, shown: Callable[[Tip, bool], bool] = lambda tip, cut: True,
) -> Tip | None:
    """The tip of a technique section's page: the first step of the technique (by name) in
    the section's `puzzles` whose diagram the page shows (as book_tips chooses), taught
    by the step's own technique (hidden single: in a box, or in a line); None when no
    puzzle uses it."""
    def used(r: Rating) -> bool:
        return any(t.label == technique.label for t, count in r.steps or () if count)

    if not any(used(p[1]) for p in puzzles):
        return None
    return _Steps(puzzles, texts, own=True).shown_tip(lambda t: t.label == technique.label,
                                                      used, shown)


class _Steps:
    """The example steps of some puzzles, each puzzle's solution graded once; their tips
    teach the step's `own` technique (a technique page), else its family."""

    def __init__(self, puzzles: Sequence[tuple[int, Rating, Geometry, Cages]],
                 texts: Texts, own: bool = False) -> None:
        self.puzzles = puzzles
        self.texts = texts
        self.own = own
        self.logs: dict[int, tuple[Step, ...]] = {}

    def examples(self, wanted: Callable[[Technique], bool], uses: Callable[[Rating], bool]
                 ) -> Iterator[Tip]:
        """A tip for each step of a wanted technique, in book order."""
        for number, r, geo, cages in self.puzzles:
            if not uses(r):
                continue
            if number not in self.logs:
                # the whole solution: the diagram needs the board the steps before the
                # example leave
                self.logs[number] = solution_steps(r, geo, cages)
            log = self.logs[number]
            for at, step in enumerate(log):
                if wanted(step.technique):
                    yield Tip(step.technique.family, number,
                              example(step, geo, number, self.texts),
                              diagram(r.puzzle, geo, cages, log[:at], step),
                              step.technique.key if self.own else None)

    def shown_tip(self, wanted: Callable[[Technique], bool], uses: Callable[[Rating], bool],
                  shown: Callable[[Tip, bool], bool]) -> Tip:
        """The first example whose diagram is shown (see book_tips)."""
        first = next(self.examples(wanted, uses))
        # a step shown with its whole houses teaches more than one cut to fit
        return next((tip for cut in (False, True) for tip in self.examples(wanted, uses)
                     if shown(tip, cut)), replace(first, diagram=None))


def solution_steps(r: Rating, geo: Geometry, cages: Cages) -> tuple[Step, ...]:
    """The steps of a puzzle's logical solution."""
    assert r.solution is not None
    return (grade_killer(r.puzzle, cages, r.solution) if cages
            else grade(r.puzzle, geo, r.solution)).steps


def diagram(puzzle: tuple[int, ...], geo: Geometry, cages: Cages, before: Sequence[Step],
            step: Step) -> StepDiagram:
    """`step` drawn on the board of `puzzle` (killer: with its `cages`) after the steps
    `before` it, which must be the solution's steps leading to it."""
    board = start_board(puzzle, geo, cages)
    for s in before:
        board.apply(s)
    return board_diagram(board, puzzle, geo, cages, step)


def start_board(puzzle: tuple[int, ...], geo: Geometry, cages: Cages) -> Board:
    """The grader's board of a puzzle (killer: with its `cages`) before any step."""
    return killer_board(puzzle, cages)[0] if cages else Board(puzzle, geo)


def board_diagram(board: Board, puzzle: tuple[int, ...], geo: Geometry, cages: Cages,
                  step: Step) -> StepDiagram:
    """`step` drawn on `board`, the board of `puzzle` the solution's steps before it
    leave."""
    drawn = step.technique.rule.draw(step, board.cands)
    units = grading_geometry(geo).units
    whole = StepDiagram(
        box_rows=geo.box_rows, box_cols=geo.box_cols, regions=geo.regions,
        givens=puzzle, values=tuple(board.values), candidates=tuple(board.cands),
        cells=drawn.cells,
        houses=tuple(sorted({c for u in drawn.units for c in units[u]} | set(drawn.cage))),
        circled=drawn.candidates, eliminated=drawn.eliminated, placed=drawn.placed,
        links=tuple(((a[0], a[1]), (b[0], b[1])) for a, b in drawn.links), cages=cages,
    )
    return whole if geo.board is None else grid_view(whole, geo)


def grid_view(d: StepDiagram, geo: Geometry) -> StepDiagram:
    """A board's step diagram cut to the one n x n grid that holds most of the step's
    marks (the first in the board's order on a tie); marks outside it are left out of
    the picture (the step's words still name every cell)."""
    assert geo.board is not None
    n = geo.n
    cell_of = {p: c for c, p in enumerate(geo.positions)}
    grids = [tuple(cell_of[p] for p in geo.board.grid_positions(n, g))
             for g in range(len(geo.board.origins))]
    marked = set(d.cells) | {c for c, _ in d.circled + d.eliminated + d.placed}
    cells = max(grids, key=lambda grid: len(marked.intersection(grid)))
    local = {c: i for i, c in enumerate(cells)}

    def inside(marks: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        return tuple((local[c], v) for c, v in marks if c in local)

    return replace(
        d, regions=geometry(n).regions, givens=tuple(d.givens[c] for c in cells),
        values=tuple(d.values[c] for c in cells),
        candidates=tuple(d.candidates[c] for c in cells),
        cells=tuple(local[c] for c in d.cells if c in local),
        houses=tuple(sorted(local[c] for c in d.houses if c in local)),
        circled=inside(d.circled), eliminated=inside(d.eliminated), placed=inside(d.placed),
        links=tuple(((local[a[0]], a[1]), (local[b[0]], b[1])) for a, b in d.links
                    if a[0] in local and b[0] in local))


def example(step: Step, geo: Geometry, number: int, texts: Texts) -> str:
    """A step in the book's language: 'Puzzle 3, box 5: r4c2 = 7.'"""
    where = unit(step.units[0], geo, texts) if step.units else None
    if where is None:
        return texts("tips.example_cells", number=number, result=result(step, geo, texts))
    return texts("tips.example", number=number, unit=where, result=result(step, geo, texts))


def result(step: Step, geo: Geometry, texts: Texts) -> str:
    """What a step finds in the book's language: 'r4c2 = 7; 3 is ruled out in r4c5'."""
    parts = [texts("step.place", cell=cell(c, geo, texts), digit=symbol(v))
             for c, v in step.placed]
    by_digit: dict[int, list[int]] = {}
    for c, d in step.eliminated:
        by_digit.setdefault(d, []).append(c)
    sep = texts("list.separator")
    parts += [texts("step.remove", digit=symbol(d),
                    cells=sep.join(cell(c, geo, texts) for c in cells))
              for d, cells in sorted(by_digit.items())]
    return texts("step.separator").join(parts)


def cell(c: int, geo: Geometry, texts: Texts) -> str:
    """A cell's name in the language: 'r4c2', 'Z4S2'; on a board, in its grid's rows and
    columns with the grid named ('r4c2 (top-left grid)')."""
    if geo.board is None:
        row, col = divmod(c, geo.n)
        return texts("cell", row=row + 1, col=col + 1)
    g, row, col = geo.board.grid_of(geo.n, geo.positions[c])
    return in_grid(texts("cell", row=row + 1, col=col + 1), geo.board.names[g], texts)


def in_grid(what: str, grid: str, texts: Texts) -> str:
    """A cell's or unit's name on a board with its grid's name ('top-left'), in the
    language."""
    return texts("board.in_grid", what=what, grid=texts(f"board.{grid.replace('-', '_')}"))


def unit(u: int, geo: Geometry, texts: Texts) -> str | None:
    """A unit's name in the language ('box 5', 'Block 5'), or None for a kind of unit the
    language files do not name (a windoku's hidden windows: the grader's own units, which
    follow the grid's)."""
    name = grading_geometry(geo).unit_names[u]
    grid = next((g for g in geo.board.names if name.startswith(f"{g} ")), None) \
        if geo.board else None
    kind, _, n = name[len(grid) + 1 if grid else 0:].rpartition(" ")
    if not n.isdigit():  # a kind's one unit, named alone: 'asterisk', 'center dot'
        key = f"unit.{name.replace(' ', '_')}"
        return texts(key) if key in dict(texts.strings) else None
    key = f"unit.{kind}"
    if key not in dict(texts.strings):
        return None
    return in_grid(texts(key, n=int(n)), grid, texts) if grid else texts(key, n=int(n))
