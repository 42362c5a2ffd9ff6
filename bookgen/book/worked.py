"""Worked solutions: chosen puzzles of the book solved step by step, as the grader solves
them, in the book's language, for the appendix after the answer key.

Glossary:
  spec      the config's `worked:` (WorkedSpec): puzzle numbers in the order given, or
            the pick HARDEST (the highest grade; of equal grades the later puzzle, the book
            running easier to harder)
  single    a step of a singles family (explain.SINGLES): it fills a cell, and a run of
            them in a row is one entry in words ('Steps 1-14, singles: r1c3 = 4, ...')
  combination  a killer step of cage combinations (the cage's sum allows only some digits
            in its cells), the killer solver's most common step: a run of them is one entry
            in words too, as singles are ('Steps 3-5, cage combinations: 8 is ruled out in
            r1c1; ...'), or a medium killer alone would take some seventy pages of diagrams
  key step  every other step: an entry of its own, headed by its number and technique's
            name, drawn on the board the steps before it leave (tips.board_diagram),
            with where it looks and what it finds in words
  start     the puzzle as printed (givens, cages), nothing marked; end: the board after
            the last step, the solved grid
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.grid import Geometry, symbol
from ..core.lang import Texts
from ..core.model import StepDiagram, WorkedEntry, WorkedPick, WorkedSolution, WorkedSpec
from ..grade.board import Board, Step
from ..grade.explain import SINGLES
from ..grade.rating import Rating
from ..grade.scale import Technique
from ..variants.killer.cages import Cages
from .tips import board_diagram, cell, result, solution_steps, start_board, unit

RUN_MOST = 27
"""Most singles one entry lists: a longer run is cut into entries of this many, so a
16x16 grid's runs stay short paragraphs a page holds."""

Solved = tuple[int, Rating, Geometry, Cages]
"""A book puzzle as the pipeline hands it on: (number, rating, geometry, cages)."""


def in_words(step: Step) -> str | None:
    """The run a step is listed in, in words ('singles' or 'combinations'), or None for a
    key step."""
    if step.technique.family in SINGLES:
        return "singles"
    return "combinations" if step.technique is Technique.CAGE_COMBINATIONS else None


def picked(spec: WorkedSpec, puzzles: Sequence[Solved]) -> tuple[int, ...]:
    """The numbers of the puzzles to work: those listed, or the hardest one."""
    if spec.pick is WorkedPick.HARDEST:
        grades = [(p[1].grade or 0.0, p[0]) for p in puzzles]
        return (max(grades)[1],) if grades else ()
    return spec.numbers


def worked_solutions(spec: WorkedSpec, puzzles: Sequence[Solved], texts: Texts,
                     dates: Mapping[int, str] | None = None) -> tuple[WorkedSolution, ...]:
    """The worked solutions of the picked puzzles (numbers the config checked against the
    book), in the order picked; a daily book's are headed by the `dates` of their numbers."""
    by_number = {p[0]: p for p in puzzles}
    return tuple(worked(*by_number[number], texts, (dates or {}).get(number, ""))
                 for number in picked(spec, puzzles))


def worked(number: int, r: Rating, geo: Geometry, cages: Cages, texts: Texts,
           date: str = "") -> WorkedSolution:
    """Puzzle `number` solved step by step in the book's language, headed by its `date`
    in a daily book (whose grids are labelled by date), else by its number."""
    board = start_board(r.puzzle, geo, cages)
    entries: list[WorkedEntry] = []
    run: list[tuple[int, Step]] = []
    for k, step in enumerate(solution_steps(r, geo, cages), 1):
        kind = in_words(step)
        if run and kind != in_words(run[0][1]):
            entries += _run(run, geo, texts)
            run = []
        if kind is None:
            entries.append(_key_step(k, step, board, r.puzzle, geo, cages, texts))
        else:
            run.append((k, step))
        board.apply(step)
    entries += _run(run, geo, texts)
    band = texts(f"band.{r.band.value}") if r.band else ""
    heading = texts("worked.heading_daily", date=date, band=band) if date else \
        texts("worked.heading", number=number, band=band)
    return WorkedSolution(number, heading,
                          _plain(r.puzzle, r.puzzle, geo, cages), tuple(entries),
                          _plain(r.puzzle, tuple(board.values), geo, cages))


def _run(run: Sequence[tuple[int, Step]], geo: Geometry, texts: Texts
         ) -> list[WorkedEntry]:
    """A run of singles, or of cage combinations, as entries of words, RUN_MOST steps
    each (none for an empty run)."""
    out = []
    for at in range(0, len(run), RUN_MOST):
        part = run[at:at + RUN_MOST]
        if in_words(part[0][1]) == "singles":
            key = "worked.single"
            found = texts("list.separator").join(
                texts("step.place", cell=cell(c, geo, texts), digit=symbol(v))
                for _, step in part for c, v in step.placed)
        else:
            key = "worked.combination"
            found = texts("step.separator").join(result(step, geo, texts) for _, step in part)
        first, last = part[0][0], part[-1][0]
        text = (texts(key, first=first, result=found) if first == last
                else texts(f"{key}s", first=first, last=last, result=found))
        out.append(WorkedEntry(first, last, "", text))
    return out


def _key_step(k: int, step: Step, board: Board, puzzle: tuple[int, ...], geo: Geometry,
              cages: Cages, texts: Texts) -> WorkedEntry:
    """Step `k` of the solution, taken on `board`, headed, worded and drawn."""
    name = texts("worked.step", step=k, technique=texts(f"name.{step.technique.key}"))
    found = result(step, geo, texts)
    where = unit(step.units[0], geo, texts) if step.units else None
    text = (texts("worked.found", result=found) if where is None
            else texts("worked.where", unit=where, result=found))
    return WorkedEntry(k, k, name, text, board_diagram(board, puzzle, geo, cages, step))


def _plain(puzzle: tuple[int, ...], values: tuple[int, ...], geo: Geometry, cages: Cages
           ) -> StepDiagram:
    """A grid of `values` over the givens of `puzzle`, without candidates or marks."""
    blank = (0,) * len(puzzle)
    return StepDiagram(
        box_rows=geo.box_rows, box_cols=geo.box_cols, regions=geo.regions, givens=puzzle,
        values=values, candidates=blank, cells=(), houses=(), circled=(), eliminated=(),
        placed=(), cages=cages)

