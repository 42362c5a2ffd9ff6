"""What a cell prints for its value: a digit, a letter, or a shape drawn as a vector icon.

Glossary and conventions:
  value    1..n, the puzzle's own digit (0 = blank, never drawn); a section's symbols
           (model.Symbols) change only how it is printed
  glyphs   the text a value prints as: "123456789ABCDEFG" for digits, "ABCDEF" for letters
  icon     shape k stands for value k: an outline (circle, square, triangle, diamond,
           star, heart) and a fill (solid, outline, striped, half), so that no two icons
           share both and each still reads in grayscale, from a distance, or half-seen
  em       icons are sized like type: `size` is the size the cell's digit would have, and
           an icon spans ICON_EM of it, centred on the cell's centre (digits sit on an
           optical baseline, icons have none)
  c        a reportlab canvas; icons are paths (no font glyphs), drawn in `gray`, stroked
           and filled alike, so an answer key's gray icons match the puzzle's black ones

The outlines live in a unit square centred on the origin (x right, y up, half-side 0.5).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..core.grid import SYMBOLS
from ..core.lang import Texts
from ..core.model import Symbols
from ..core.rules import MIN_LINE_PT

ICON_EM = 1.05
"""An icon's side in ems of the cell's type size: as tall as a digit's cap height plus
its margins, since a shape carries less ink than a stroke figure of the same height."""

LINE_EM = 0.09
"""An icon's outline in ems: bold enough to read as a drawn shape, not a hairline."""

STRIPES = 4
"""Stripes across a striped icon: few and bold, distinct from a gray fill at any size."""

LETTERS = "ABCDEF"
"""The glyphs of the letters symbols."""


class Fill(Enum):
    """How an icon's inside is inked."""

    SOLID = "solid"
    """Filled whole."""
    OUTLINE = "outline"
    """The outline only."""
    STRIPED = "striped"
    """Horizontal stripes inside the outline."""
    HALF = "half"
    """The lower half filled."""


Place = Callable[[float, float], tuple[float, float]]
"""Maps a point of the unit square to the page."""

Outline = Callable[[PDFPathObject, Place], None]
"""Adds a shape's closed outline to a path, its unit points placed by the second argument."""


def _polygon(points: tuple[tuple[float, float], ...]) -> Outline:
    def add(p: PDFPathObject, at: Place) -> None:
        p.moveTo(*at(*points[0]))
        for x, y in points[1:]:
            p.lineTo(*at(x, y))
        p.close()
    return add


def _circle(p: PDFPathObject, at: Place) -> None:
    (x, y), (edge, _) = at(0.0, 0.0), at(0.48, 0.0)
    p.circle(x, y, edge - x)


def _heart(p: PDFPathObject, at: Place) -> None:
    p.moveTo(*at(0.0, -0.47))
    p.curveTo(*at(-0.2, -0.25), *at(-0.5, -0.05), *at(-0.5, 0.17))
    p.curveTo(*at(-0.5, 0.52), *at(-0.06, 0.55), *at(0.0, 0.25))
    p.curveTo(*at(0.06, 0.55), *at(0.5, 0.52), *at(0.5, 0.17))
    p.curveTo(*at(0.5, -0.05), *at(0.2, -0.25), *at(0.0, -0.47))
    p.close()


def _star() -> tuple[tuple[float, float], ...]:
    """Five points, the top one straight up, the tips and the notches alternating."""
    radii = (0.52, 0.21)
    # 0.04 low: its optical middle (the pentagon, not its box) sits on the cell's centre
    return tuple((radii[k % 2] * math.sin(k * math.pi / 5),
                  radii[k % 2] * math.cos(k * math.pi / 5) - 0.04) for k in range(10))


@dataclass(frozen=True)
class Icon:
    """The shape one value prints as."""

    name: str
    """Its name and its word's key in the language tables (shape.<name>)."""
    fill: Fill
    """How its inside is inked."""
    outline: Outline
    """Its outline."""


ICONS: tuple[Icon, ...] = (
    Icon("circle", Fill.SOLID, _circle),
    Icon("square", Fill.OUTLINE, _polygon(((-0.42, -0.42), (0.42, -0.42), (0.42, 0.42),
                                           (-0.42, 0.42)))),
    Icon("triangle", Fill.STRIPED, _polygon(((-0.5, -0.42), (0.5, -0.42), (0.0, 0.48)))),
    Icon("diamond", Fill.HALF, _polygon(((0.0, -0.5), (0.4, 0.0), (0.0, 0.5), (-0.4, 0.0)))),
    Icon("star", Fill.SOLID, _polygon(_star())),
    Icon("heart", Fill.OUTLINE, _heart),
)
"""Value k prints as ICONS[k - 1]. A 4x4 grid's four icons differ in fill as well as in
outline; a 6x6 grid's star and heart share a fill with the circle and the square but no
outline with anything."""


def glyphs(symbols: Symbols) -> str:
    """The text value k prints as is glyphs(symbols)[k - 1] (not for shapes)."""
    return LETTERS if symbols is Symbols.LETTERS else SYMBOLS


def draw_symbol(c: Canvas, x: float, y: float, size: float, value: int,
                symbols: Symbols, gray: float | None = None) -> None:
    """One value centred on the cell centre (x, y) in the canvas's current font and
    fill: a glyph on its optical baseline (0.37 of the size below the centre), or an
    icon, in `gray` (None: the canvas's fill and stroke colours)."""
    if symbols is Symbols.SHAPES:
        draw_icon(c, x, y, size, value, gray)
    else:
        c.drawCentredString(x, y - 0.37 * size, glyphs(symbols)[value - 1])


def symbol_word(symbols: Symbols, value: int, texts: Texts) -> str:
    """A value as a sentence names it: its digit or letter, or its shape's word in the
    book's language."""
    if symbols is Symbols.SHAPES:
        return texts(f"shape.{ICONS[value - 1].name}")
    return glyphs(symbols)[value - 1]


def draw_icon(c: Canvas, x: float, y: float, size: float, value: int,
              gray: float | None) -> None:
    """The icon of `value` centred on (x, y), ICON_EM of the type size `size`, in `gray`
    (None: in the canvas's fill colour, stroked in its stroke colour, as a cover's ink)."""
    icon = ICONS[value - 1]
    half = ICON_EM * size / 2
    line = max(MIN_LINE_PT, LINE_EM * size)

    def at(u: float, v: float) -> tuple[float, float]:
        return x + 2 * half * u, y + 2 * half * v

    def path() -> PDFPathObject:
        p = c.beginPath()
        icon.outline(p, at)
        return p

    c.saveState()
    if gray is not None:
        c.setStrokeGray(gray)
        c.setFillGray(gray)
    c.setLineWidth(line)
    c.setLineJoin(1)  # round joins: a star's and a triangle's tips stay inside the cell
    if icon.fill in (Fill.STRIPED, Fill.HALF):
        c.saveState()
        c.clipPath(path(), stroke=0, fill=0)
        if icon.fill is Fill.HALF:
            c.rect(x - half, y - half, 2 * half, half, stroke=0, fill=1)
        else:
            # stripes as wide as the gaps between them, the lowest on the base
            pitch = 2 * half / (STRIPES + 0.5)
            for k in range(STRIPES):
                c.rect(x - half, y - half + k * pitch, 2 * half, pitch / 2, stroke=0, fill=1)
        c.restoreState()
    c.drawPath(path(), stroke=1, fill=int(icon.fill is Fill.SOLID))
    c.restoreState()
