"""One puzzle as an image (SVG, or PNG through a one-page PDF), and PDF pages as PNG.

Glossary and conventions:
  image     one grid on a white square: the grid's side plus QUIET_PT all round, drawn
            by draw.puzzle_grid (a puzzle) or draw.answer_grid (its solution) exactly as
            a book draws them, with the template's fonts, lines and marks
  side      the grid's side in points (72 pt = 1 in)
  svg       the drawing on svg.SvgCanvas: lines and shapes as paths, every digit (and
            cage sum) one <text> element
  png       the drawing on a reportlab canvas as a one-page PDF, rasterised by PDFium
            (pypdfium2, the `images` extra) to an 8-bit gray PNG that records its dpi;
            book pages alike, and a cover's front in colour
  dpi       pixels per inch of a PNG: a side of s points is round(s * dpi / 72) pixels
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..core.errors import MissingExtra
from ..core.model import BookPuzzle, Template
from ..core.rules import BLEED_PT
from . import draw
from .geometry import Rect, digit_size
from .svg import Face, SvgCanvas

if TYPE_CHECKING:
    import numpy as np
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["DPI_RANGE", "QUIET_PT", "ImageStyle", "cover_front_png", "first_lines", "need_pdfium",
           "pdf_pages_png", "png", "puzzle_pdf", "puzzle_png", "puzzle_svg"]

QUIET_PT = 6.0
"""White around the grid: its border's outer half and a little air stay on the image."""

DPI_RANGE = (36, 1200)
"""The dpi a PNG may ask for: a thumbnail to a print master."""

IMAGES_EXTRA = "pip install 'bookgen[images]'"
"""The command that installs what PNG images need."""


@dataclass(frozen=True)
class ImageStyle:
    """How an exported grid looks."""

    template: Template
    """Fonts, line weights, digit scale, answer gray, X style, region tints and bold
    givens: the template's, as its books print them."""
    side: float
    """The grid's side in points."""
    answers: bool = False
    """The solution (draw.answer_grid) rather than the puzzle."""

    @property
    def size(self) -> float:
        """The image's side in points."""
        return self.side + 2 * QUIET_PT


def _draw(c: Canvas, puzzle: BookPuzzle, style: ImageStyle, fonts: draw.Fonts) -> None:
    """The white square, then the grid as a book's page draws it."""
    t = style.template
    c.setFillGray(1.0)
    c.rect(0, 0, style.size, style.size, stroke=0, fill=1)
    c.setFillGray(0.0)
    grid = Rect(QUIET_PT, QUIET_PT, style.side, style.side)
    digits = digit_size(style.side, puzzle.across, t.digit_scale)
    if style.answers:
        draw.answer_grid(c, grid, puzzle, digits, t.lines, fonts, t.answer_gray, t.x_style,
                         t.region_tint)
    else:
        draw.puzzle_grid(c, grid, puzzle, digits, t.lines, fonts, t.x_style, t.region_tint,
                         t.givens_bold)


def puzzle_svg(puzzle: BookPuzzle, style: ImageStyle) -> str:
    """The image as an SVG file."""
    from .writer import register_fonts

    fonts = register_fonts(style.template)
    # a faux bold is the regular face stroked (draw.Fonts.faux): the stroke the canvas
    # writes makes it bold, as in the PDF; a bold weight too would thicken it twice
    faces = {fonts.regular: Face(_family(fonts.regular), False),
             fonts.bold: Face(_family(fonts.bold), not fonts.faux)}
    c = SvgCanvas(style.size, style.size, faces)
    # SvgCanvas has every canvas method the grid drawing calls (tests/test_export.py
    # draws each kind through it)
    _draw(cast("Canvas", c), puzzle, style, fonts)
    return c.svg()


@cache
def _family(font: str) -> str:
    """The family name of a registered font, from its file's name table."""
    from fontTools.ttLib import TTFont
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font).face
    index = getattr(face, "subfontIndex", 0) or 0
    path = Path(face.filename)
    with open(path, "rb") as f:
        names = TTFont(f, fontNumber=index if path.suffix.lower() == ".ttc" else -1,
                       lazy=True)["name"]
        # 16: the typographic family (without the weight); 1: the legacy one
        family = names.getDebugName(16) or names.getDebugName(1)
    return family or font


def puzzle_pdf(puzzle: BookPuzzle, style: ImageStyle) -> bytes:
    """The image as a one-page PDF, drawn with the canvas the books are written with."""
    from reportlab.pdfgen.canvas import Canvas

    from .writer import register_fonts

    fonts = register_fonts(style.template)
    out = io.BytesIO()
    c = Canvas(out, pagesize=(style.size, style.size), invariant=1, pageCompression=1,
               initialFontName=fonts.regular)
    _draw(c, puzzle, style, fonts)
    c.showPage()
    c.save()
    return out.getvalue()


def puzzle_png(puzzle: BookPuzzle, style: ImageStyle, dpi: int) -> bytes:
    """The image as a PNG of `dpi` pixels an inch."""
    return pdf_pages_png(puzzle_pdf(puzzle, style), [1], dpi)[0]


def pdf_pages_png(pdf: bytes | Path, pages: Sequence[int], dpi: int) -> list[bytes]:
    """Pages (from 1) of a PDF as gray PNGs of `dpi` pixels an inch (interiors are gray
    only); MissingExtra without pypdfium2."""
    return [png(_render(pdf, number, dpi, False), dpi) for number in pages]


def cover_front_png(pdf: Path, trim: tuple[float, float], dpi: int) -> bytes:
    """The front of a full-wrap cover (cover_geometry: bleed, back, spine, front, bleed)
    at trim size (`trim`: the interior's page in points), in colour, as a PNG of
    round(trim x dpi / 72) pixels."""
    pixels = _render(pdf, 1, dpi, True)
    scale = dpi / 72
    # cut in whole pixels from the right and the top edge: the front ends a bleed
    # before the page's right edge and starts a bleed below its top
    right = pixels.shape[1] - round(BLEED_PT * scale)
    top = round(BLEED_PT * scale)
    return png(pixels[top:top + round(trim[1] * scale), right - round(trim[0] * scale):right],
               dpi)


def _render(pdf: bytes | Path, number: int, dpi: int, colour: bool) -> np.ndarray:
    """Page `number` of a PDF as a (height, width, channels) array: 1 channel gray, or 3
    RGB in `colour`."""
    doc = need_pdfium().PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        page = doc[number - 1]
        # rev_byteorder: RGB rather than PDFium's native BGR
        bitmap = page.render(scale=dpi / 72, grayscale=not colour, rev_byteorder=colour,
                             fill_color=(255, 255, 255, 255))
        pixels = bitmap.to_numpy().copy()  # the bitmap's buffer goes with it
        bitmap.close()
        page.close()
    finally:
        doc.close()
    shaped = pixels.reshape(*pixels.shape[:2], -1)  # a gray bitmap comes as (height, width)
    return shaped[:, :, :3] if colour else shaped[:, :, :1]


def first_lines(pdf: Path) -> list[str]:
    """The first line of text of every page of a PDF ('' on a page without text): its
    heading, which the writer draws before the rest of a page."""
    doc = need_pdfium().PdfDocument(str(pdf))
    try:
        heads = []
        for k in range(len(doc)):
            page = doc[k]
            text = page.get_textpage()
            heads.append(text.get_text_range().split("\r\n", 1)[0].strip())
            text.close()
            page.close()
        return heads
    finally:
        doc.close()


def need_pdfium() -> Any:
    """The pypdfium2 module; MissingExtra, naming the pip command, without it (the
    commands ask first, so they fail before writing anything)."""
    try:
        import pypdfium2
    except ImportError:
        raise MissingExtra(f"PNG images need pypdfium2, which is not installed: "
                           f"{IMAGES_EXTRA}") from None
    return pypdfium2


def png(pixels: np.ndarray, dpi: int) -> bytes:
    """An 8-bit PNG of a (height, width, channels) array, 1 channel gray or 3 RGB, with
    its dpi in a pHYs chunk (PNG counts pixels a metre). Each row is stored as its
    difference from the row above (PNG filter 2, Up): a page's rows repeat, so most
    become zeros and compress fast."""
    import numpy as np

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    height, width, channels = pixels.shape
    flat = np.ascontiguousarray(pixels, dtype=np.uint8).reshape(height, width * channels)
    up = np.diff(flat, axis=0, prepend=np.zeros((1, width * channels), np.uint8))  # mod 256
    rows = np.hstack([np.full((height, 1), 2, np.uint8), up]).tobytes()
    per_metre = round(dpi / 0.0254)
    colour_type = {1: 0, 3: 2}[channels]  # gray, RGB
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))
            + chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
            + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))
