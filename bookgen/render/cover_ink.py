"""The cover's colours: the accent, its tints, white and black, in one colour space.

Glossary and conventions:
  space    gray (no accent: gray operators only), rgb or cmyk (CoverInk, or PDF/X): every
           colour of one cover is written in its one space, so a CMYK cover has no RGB
           (the grids, drawn by draw.py, keep gray operators: PDF/X allows them, and
           presses print them on K alone)
  tint     the accent mixed with white: 0 is white, 1 the accent itself; solid, never
           transparent (PDF/X-1a allows no transparency)
  cmyk     from RGB by the plain formula (K = 1 - max(r, g, b)); black is K only
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from reportlab.pdfgen.canvas import Canvas

from ..core.model import Colour, CoverInk, CoverSpec

GRAY_ACCENT = 0.2
"""The accent's gray on a cover without an accent colour."""


class Space(Enum):
    """The colour space a cover is written in."""

    GRAY = "gray"
    """Gray operators only (no accent colour)."""
    RGB = "rgb"
    """The accent in RGB, black and white in gray."""
    CMYK = "cmyk"
    """Every colour in CMYK."""


@dataclass(frozen=True)
class Ink:
    """The cover's palette."""

    space: Space
    """Where every colour is written."""
    accent: Colour
    """The accent as RGB (gray when the cover has none)."""

    def fill(self, c: Canvas, tint: float = 1.0) -> None:
        """Fill with the accent at `tint`."""
        self._set(c, tint, stroke=False)

    def stroke(self, c: Canvas, tint: float = 1.0) -> None:
        """Stroke with the accent at `tint`."""
        self._set(c, tint, stroke=True)

    def fill_gray(self, c: Canvas, gray: float) -> None:
        """Fill with a neutral gray (0 black, 1 white)."""
        self._neutral(c, gray, stroke=False)

    def stroke_gray(self, c: Canvas, gray: float) -> None:
        """Stroke with a neutral gray (0 black, 1 white)."""
        self._neutral(c, gray, stroke=True)

    def _neutral(self, c: Canvas, gray: float, stroke: bool) -> None:
        if self.space is Space.CMYK:
            # Black as K only: rich black would misregister on small type.
            (c.setStrokeColorCMYK if stroke else c.setFillColorCMYK)(0, 0, 0, 1 - gray)
        else:
            (c.setStrokeGray if stroke else c.setFillGray)(gray)

    def _set(self, c: Canvas, tint: float, stroke: bool) -> None:
        r, g, b = (1 - tint * (1 - v) for v in (self.accent.red, self.accent.green,
                                               self.accent.blue))
        if self.space is Space.GRAY:
            (c.setStrokeGray if stroke else c.setFillGray)(r)
        elif self.space is Space.RGB:
            (c.setStrokeColorRGB if stroke else c.setFillColorRGB)(r, g, b)
        else:
            (c.setStrokeColorCMYK if stroke else c.setFillColorCMYK)(*cmyk(r, g, b))


def cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """An RGB colour as CMYK by the plain formula; values rounded to 4 places."""
    k = 1 - max(r, g, b)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


def ink(cover: CoverSpec, pdfx: bool) -> Ink:
    """The palette of a cover: gray without an accent, else RGB or CMYK as asked (PDF/X
    is always CMYK)."""
    if cover.accent is None:
        gray = Colour(GRAY_ACCENT, GRAY_ACCENT, GRAY_ACCENT)
        return Ink(Space.CMYK if pdfx or cover.ink is CoverInk.CMYK else Space.GRAY, gray)
    space = Space.CMYK if pdfx or cover.ink is CoverInk.CMYK else Space.RGB
    return Ink(space, cover.accent)
