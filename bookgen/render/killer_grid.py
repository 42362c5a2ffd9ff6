"""Canvas calls of a killer puzzle grid: light gray cell lines, gray box lines, the black
border, the black dashed cage outlines, and each sum on a white knock-out that
interrupts the dashes (cage_outlines.py has the numbers).

Glossary and conventions:
  c       a reportlab canvas, translated to the grid's lower-left corner (draw.puzzle_grid)
  side    the grid's side in points
  weights the template's line weights: the border keeps its width and black; cell and box
          lines go gray and lighter than the cages, as printed killers draw them, so a
          cage's outline is the darkest line across a box line as well as inside a box
  gray    0 = black, 1 = white; only gray operators are used

A killer's answer grid shows no cages (draw.answer_grid draws it as a classic one), so
nothing here draws answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..core.model import BookPuzzle, LineWeights, XStyle
from ..core.rules import KILLER_SUM_PT
from ..variants.killer.cages import Cage
from .cage_outlines import CageFit, cage_fit, fitted_dash, knockout, paths, sum_origin
from .marks import grid_marks

CELL_LINE_PT = 0.5
"""Width of a killer grid's cell lines: thinner than the cage dashes (KILLER_DASH_PT)."""

CELL_GRAY = 0.5
"""Gray of a killer grid's cell lines (50% black): there to count cells by, not to read."""

BOX_GRAY = 0.45
"""Gray of a killer grid's box lines (55% black): the boxes still show, yet a black cage
dash crossing one stays the line the eye follows."""

KNOCKOUT_GRAY = 1.0
"""The knock-out behind a sum: paper white."""


def grid_fit(puzzle: BookPuzzle, side: float, size: float, weights: LineWeights,
             sums: float = KILLER_SUM_PT) -> CageFit | None:
    """Where the cages, sums and digits of a killer puzzle grid go (None for a grid
    without cages), for digits of `size` and sums of at least `sums` pt on the
    template's `weights`."""
    if not puzzle.cages:
        return None
    return cage_fit(side / puzzle.n, weights.border, size, sums)


def killer_grid(c: Canvas, puzzle: BookPuzzle, side: float, fit: CageFit,
                weights: LineWeights, font: str) -> None:
    """The grid's lines, then each cage's dashed outline, then its sum on a knock-out in
    the top-left corner of the cage's first cell; the digits are the caller's."""
    _lines(c, puzzle, side, weights)
    cages(c, puzzle.cages, puzzle.n, (0.0, side), fit, font)


def _lines(c: Canvas, puzzle: BookPuzzle, side: float, weights: LineWeights) -> None:
    """Cell lines light gray, box lines gray, the border black as one rectangle."""
    marks = grid_marks(puzzle.n, puzzle.variant, puzzle.regions, XStyle.TINT, False)
    step = side / puzzle.n
    c.saveState()
    for width, gray, segments in ((CELL_LINE_PT, CELL_GRAY, marks.thin),
                                  (weights.box, BOX_GRAY, marks.thick)):
        c.setStrokeGray(gray)
        c.setLineWidth(width)
        c.lines([(x0 * step, side - y0 * step, x1 * step, side - y1 * step)
                 for x0, y0, x1, y1 in segments])
    c.setStrokeGray(0.0)
    c.setLineWidth(weights.border)
    c.rect(0, 0, side, side, stroke=1, fill=0)
    c.restoreState()


def cages(c: Canvas, cages: Sequence[Cage], n: int, origin: tuple[float, float],
          fit: CageFit, font: str) -> None:
    """The dashed outlines (each opened at its sum's knock-out), the white knock-outs, and
    the sums on them, for an n x n grid whose top-left corner is at `origin` (a caller
    showing part of a grid clips to it)."""
    ox, oy = origin
    c.saveState()
    c.setStrokeGray(0.0)
    c.setLineWidth(fit.line)
    c.setLineCap(0)
    c.setLineJoin(0)
    figures = [(cage, str(cage.total), stringWidth(str(cage.total), font, fit.sum_size))
               for cage in cages]
    for cage, _, width in figures:
        for points in paths(cage, n, fit, width):
            c.setDash(list(fitted_dash(points, fit)), 0)
            path = c.beginPath()
            path.moveTo(ox + points[0][0], oy - points[0][1])
            for x, y in points[1:]:
                path.lineTo(ox + x, oy - y)
            c.drawPath(path, stroke=1, fill=0)
    c.setFillGray(KNOCKOUT_GRAY)
    for cage, _, width in figures:
        x, top, w, h = knockout(cage, n, fit, width)
        c.rect(ox + x, oy - top - h, w, h, stroke=0, fill=1)
    text = c.beginText()
    text.setFont(font, fit.sum_size)
    text.setFillGray(0.0)
    for cage, figure, _ in figures:
        x, y = sum_origin(cage, n, fit)
        text.setTextOrigin(ox + x, oy - y)
        text.textOut(figure)
    c.drawText(text)
    c.restoreState()
