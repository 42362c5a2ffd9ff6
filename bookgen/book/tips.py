"""Solving tips: the technique families a book's puzzles need, each with an example step
taken from the grader's own solution of one of the book's puzzles, in the book's language.

Glossary:
  family    model.Family: techniques explained together (grade.scale.FAMILIES)
  needs     the families of the steps a puzzle's logical solution takes (Rating.steps)
  example   the first step of the family in the solution of the first puzzle (by book
            number) that needs it, worded with the language's cell, unit and step texts
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.grid import Geometry, Grid, symbol
from ..core.lang import Texts
from ..core.model import Family, Tip
from ..grade import grade
from ..grade.board import Step
from ..grade.killer import grade_killer
from ..grade.scale import Technique
from ..variants.killer.cages import Cages

_BY_LABEL: dict[str, tuple[Family, ...]] = {}
for _t in Technique:
    _BY_LABEL[_t.label] = (*_BY_LABEL.get(_t.label, ()), _t.family)
"""A technique's name (as Rating.steps gives it) -> the families it may belong to."""


def needed(steps: Sequence[tuple[str, int]]) -> set[Family]:
    """The families a solution's step counts (technique name, count) use."""
    return {f for name, count in steps if count for f in _BY_LABEL.get(name, ())}


def book_tips(
    puzzles: Sequence[tuple[int, Grid, Grid, Geometry, Sequence[tuple[str, int]], Cages]],
    texts: Texts,
) -> tuple[Tip, ...]:
    """One tip per family the puzzles need, easiest first. `puzzles`: (book number,
    givens, solution, geometry, step counts, cages (killer; else ())) in book order."""
    wanted = set().union(*(needed(p[4]) for p in puzzles)) if puzzles else set()
    out = []
    solved: dict[int, tuple[Step, ...]] = {}
    for family in Family:
        if family not in wanted:
            continue
        number, givens, solution, geo, _, cages = next(
            p for p in puzzles if family in needed(p[4]))
        if number not in solved:
            solved[number] = (grade_killer(givens, cages, solution) if cages
                              else grade(givens, geo, solution)).steps
        step = next(s for s in solved[number] if s.technique.family is family)
        out.append(Tip(family, number, example(step, geo, number, texts)))
    return tuple(out)


def example(step: Step, geo: Geometry, number: int, texts: Texts) -> str:
    """A step in the book's language: 'Puzzle 3, box 5: r4c2 = 7.'"""
    parts = [texts("step.place", cell=cell(c, geo, texts), digit=symbol(v))
             for c, v in step.placed]
    by_digit: dict[int, list[int]] = {}
    for c, d in step.eliminated:
        by_digit.setdefault(d, []).append(c)
    sep = texts("list.separator")
    parts += [texts("step.remove", digit=symbol(d),
                    cells=sep.join(cell(c, geo, texts) for c in cells))
              for d, cells in sorted(by_digit.items())]
    result = texts("step.separator").join(parts)
    where = unit(step.units[0], geo, texts) if step.units else None
    if where is None:
        return texts("tips.example_cells", number=number, result=result)
    return texts("tips.example", number=number, unit=where, result=result)


def cell(c: int, geo: Geometry, texts: Texts) -> str:
    """A cell's name in the language: 'r4c2', 'Z4S2'."""
    row, col = divmod(c, geo.n)
    return texts("cell", row=row + 1, col=col + 1)


def unit(u: int, geo: Geometry, texts: Texts) -> str | None:
    """A unit's name in the language ('box 5', 'Block 5'), or None for a kind of unit the
    language files do not name."""
    kind, _, n = geo.unit_names[u].rpartition(" ")
    key = f"unit.{kind}"
    if key not in dict(texts.strings) or not n.isdigit():
        return None
    return texts(key, n=int(n))
