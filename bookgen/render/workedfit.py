"""The worked-solutions appendix laid out: each worked puzzle as blocks that stay on one
page, and the blocks put on pages in order, each page filled before the next begins.

Glossary:
  block     parts that never split over two pages: a puzzle's heading with its start
            grid; a run of singles (one paragraph, gray); a key step's heading, its
            diagram and its words; the label 'Solution' with the solved grid. A block that
            does not fit below what a page holds starts the next page, so a heading never
            ends a page
  grid      a start or end grid: the whole grid at the diagrams' cell (diagram.fit's aim)
            or less to fit, values only, never below the least type size
  key step  its diagram as diagram.fit gives it in a whole page's room less its words:
            the step's bands with their houses whole, else only its stacks, else (a
            16x16 grid, large print) the bands and stacks of its own cells with its houses
            cut at the window's edge; a step whose diagram fits none keeps its words alone
  opening   the appendix's first page starts with what it is and how to read the diagrams
  estimate  tipsfit's: the page plan is counted before fonts are at hand; the pages are
            drawn with real widths, the type shrinking in the rare case it fell short

Sizes are in points; `least` is the book's least type size (16 pt in large print), so a
large-print book gets larger cells and fewer diagrams a page.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.lang import Texts
from ..core.model import StepDiagram, WorkedEntry, WorkedSolution
from . import diagram
from .tipsfit import FIGURE_AFTER, LEADING, Figure, Paragraph, Part, Role, end, estimate

Block = tuple[Part, ...]
"""Parts that stay on one page together."""

GRID_AFTER = 0.8
"""Space below a start or end grid, in lines."""


def grid_fit(d: StepDiagram, width: float, least: float, tall: float) -> diagram.Fit | None:
    """A whole grid with values only (a start or end grid) in `width` and `tall` points:
    the diagrams' cell or less, its values never below `least` points; None when even
    that does not fit."""
    heading = least
    n = d.n
    aim = max(diagram.CELL_PT, diagram.CELL_SHARE * width)
    rise = tall - diagram.HEADING_ROOM * heading
    cell = min(aim, (width - diagram.HEADING_ROOM * heading) / n, rise / n)
    if diagram.VALUE_SHARE * cell < least:
        return None
    return diagram.Fit(diagram.Window(range(n), range(n)), cell, heading)


def _grid(label: Paragraph, d: StepDiagram, width: float, least: float, size: float,
          room: float) -> Block:
    """A label with a start or end grid below it (the label alone where none fits)."""
    tall = room - end(estimate((label,), width, size), label, size) \
        - GRID_AFTER * size * LEADING
    f = grid_fit(d, width, least, tall)
    if f is None:
        return (label,)
    return (label, Figure(f.height, GRID_AFTER, d, fit=f))


def _key_step(e: WorkedEntry, width: float, least: float, size: float, room: float
              ) -> Block:
    """A key step's heading, diagram and words (its words alone when no window of it
    fits a page)."""
    assert e.diagram is not None
    words = (Paragraph(e.name, Role.NAME, 0.2), Paragraph(e.text, Role.BODY, 1.0))
    tall = room - end(estimate(words, width, size), words[-1], size) \
        - FIGURE_AFTER * size * LEADING
    f = diagram.fit(e.diagram, width, least, tall) or \
        diagram.fit(e.diagram, width, least, tall, cut=True)
    if f is None:
        return words
    return (words[0], Figure(f.height, FIGURE_AFTER, e.diagram, fit=f), words[1])


def blocks(w: WorkedSolution, texts: Texts, width: float, least: float, size: float,
           room: float) -> list[Block]:
    """A worked puzzle's blocks, top to bottom, for pages `room` points tall."""
    out = [_grid(Paragraph(w.heading, Role.NAME, 0.3), w.start, width, least, size, room)]
    for e in w.entries:
        out.append(_key_step(e, width, least, size, room) if e.diagram is not None
                   else (Paragraph(e.text, Role.CAPTION, 0.8),))
    out.append(_grid(Paragraph(texts("example.solution"), Role.NAME, 0.3), w.end, width,
                     least, size, room))
    return out


def worked_pages(worked: Sequence[WorkedSolution], texts: Texts, width: float,
                 height: float, size: float, least: float) -> tuple[tuple[Part, ...], ...]:
    """The parts of each page of the appendix, in order: the opening, then each worked
    puzzle's blocks, a block that does not fit below what a page holds starting the
    next."""
    opening: Block = (Paragraph(texts("worked.intro"), Role.BODY, 1.3),)
    pages: list[list[Part]] = [list(opening)]
    used = estimate(opening, width, size)
    for w in worked:
        for block in blocks(w, texts, width, least, size, height):
            if pages[-1] and used + end(estimate(block, width, size), block[-1], size) > height:
                pages.append([])
                used = 0.0
            pages[-1] += block
            used += estimate(block, width, size)
    return tuple(tuple(page) for page in pages)
