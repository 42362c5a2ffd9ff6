"""A technique as one object: its finder, its rating rule, its words, its tips family and
what a diagram of one of its steps highlights.

Glossary:
  Technique  grade.scale.Technique: the value a step and a rating keep (name, SE base value,
             description); hashable and small, so steps and ratings stay plain data
  Rule       the object behind one or more Technique values: the finder that reports them
             (one finder may report several, as SE's producers do: the strong-link finder
             names a skyscraper, a kite, a crane or an empty rectangle), how SE rates its
             steps, how a step is told in words, the tips family and the drawing hook
  words      words(step, geo, what) -> the step in plain words; `what` is its result
             already worded ('r4c2 = 3; removed 7 from r4c1')
  Drawing    what a diagram of a step highlights, as plain data (cells, candidates, units,
             links, what it places and removes); drawing it is the renderer's business
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.grid import Geometry
from ..core.model import Family
from .board import Board, Node, Step
from .scale import Technique

Finder = Callable[[Board], list[Step]]
"""A classic finder: the steps it finds on a board, or []."""
Words = Callable[[Step, Geometry, str], str]
"""A step in plain words, given its worded result."""
Draw = Callable[[Step, Sequence[int]], "Drawing"]
"""What a diagram of a step highlights, given the candidate masks before the step."""


@dataclass(frozen=True)
class Drawing:
    """What a diagram of one step highlights: cells and digits as plain data."""

    cells: tuple[int, ...]
    """The cells of the pattern, to shade."""
    candidates: tuple[tuple[int, int], ...]
    """(cell, digit) candidates the pattern is made of, to circle."""
    eliminated: tuple[tuple[int, int], ...]
    """(cell, digit) candidates the step removes, to strike."""
    placed: tuple[tuple[int, int], ...]
    """(cell, value) the step places."""
    units: tuple[int, ...] = ()
    """Units the pattern lives in (grading geometry indices), to outline."""
    links: tuple[tuple[Node, Node], ...] = ()
    """Chain links, each from one node to the next, to draw as arrows."""
    cage: tuple[int, ...] = ()
    """The killer cage the step reads, to outline."""


def draw_pattern(step: Step, cands: Sequence[int]) -> Drawing:
    """The drawing most techniques need: the step's cells shaded, the pattern's digits
    circled where the cells hold them, its units outlined."""
    return Drawing(
        cells=step.cells,
        candidates=tuple((c, d) for c in step.cells for d in step.digits
                         if cands[c] >> (d - 1) & 1),
        eliminated=step.eliminated,
        placed=step.placed,
        units=step.units,
        cage=step.cage,
    )


@dataclass(frozen=True)
class Rule:
    """One technique as an object (see the glossary); the ladders are tuples of these."""

    finder: Callable[..., list[Step]] | None
    """Finds its steps on a board (a killer rule's also takes the killer grid), or None for
    the trial, which the solver applies itself when no finder finds anything."""
    techniques: tuple[Technique, ...]
    """The Technique values its steps carry: names, SE base values, descriptions."""
    rating: str
    """How SE rates its steps, in words; starts with the lowest value."""
    family: Family
    """The tips key: the family the solving-tips page explains it with."""
    words: Words
    """How one of its steps is told in plain words."""
    draw: Draw = draw_pattern
    """What a diagram of one of its steps highlights."""

    @property
    def base(self) -> float:
        """The lowest rating the finder can give: its easiest technique's base value."""
        return min(t.se for t in self.techniques)

    def __repr__(self) -> str:
        return f"Rule({', '.join(t.name for t in self.techniques)})"
