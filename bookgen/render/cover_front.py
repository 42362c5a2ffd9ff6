"""The cover's front by style: its ground, its art and its badges (the texts are cover.py's).

Glossary and conventions:
  ground   what the title stands on (cover_geometry): the accent band (puzzle), the whole
           front in the accent (typographic), a white card over the pattern (pattern)
  pattern  the book's own solution grids tiled across the front in light tints of the
           accent, in book order, so the same book always gives the same pattern
  badge    a short text in a pill: filled with the accent and set in white on a white
           ground, white with accent type on the accent
  colour   of a text on the ground: None is the accent itself, a number a gray (1 white)
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..core.model import Book, BookPuzzle, CoverStyle, Symbols
from ..core.rules import BLEED_PT
from . import draw
from .cover_geometry import CoverPlan
from .cover_ink import Ink
from .geometry import Rect
from .symbols import draw_symbol

PILL_HEIGHT = 2.1
"""A badge's height as a multiple of its type size."""

PILL_PAD = 1.0
"""Space each side of a badge's text, as a multiple of its type size."""

PILL_GAP = 0.8
"""Space between two badges, as a multiple of their type size."""

MIN_BADGE_PT = 8.0
"""The least type size of a badge."""

BADGE_SHARE = 0.034
"""The badges' largest type size as a share of the trim width (14.5 pt on 6x9)."""

TILES_ACROSS = 2.5
"""The pattern's grids across the front's width."""

PATTERN_LINE_TINT = 0.35
"""The pattern's grid lines, as a tint of the accent."""

PATTERN_DIGIT_TINT = 0.22
"""The pattern's digits, as a tint of the accent."""

PATTERN_GROUND_TINT = 0.06
"""The pattern's background, as a tint of the accent."""

MOTIF_SHARE = 0.62
"""The typographic style's motif (one box of a solution, large) as a share of the trim
width."""

MOTIF_TINT = 0.72
"""The motif's lines and digits, as a tint of the accent: a lighter shade of the ground."""


@dataclass(frozen=True)
class Badges:
    """The front's badges at the size that fits their row."""

    texts: tuple[str, ...]
    """The badges, left to right."""
    font: str
    """Registered font name."""
    size: float
    """Type size."""
    row: Rect
    """The row they are centred in."""

    @property
    def widths(self) -> tuple[float, ...]:
        """Each pill's width."""
        return tuple(stringWidth(t, self.font, self.size) + 2 * PILL_PAD * self.size
                     for t in self.texts)

    @property
    def width(self) -> float:
        """The row of pills' width."""
        return sum(self.widths) + PILL_GAP * self.size * (len(self.texts) - 1)


@dataclass(frozen=True)
class Colours:
    """The colours of the front's texts on its ground (None: the accent, else a gray)."""

    title: float | None
    """The title (and the typographic style's rule)."""
    subtitle: float | None
    """The subtitle."""
    author: float | None
    """The author."""


def fit_badges(texts: tuple[str, ...], font: str, row: Rect, trim_width: float) -> Badges:
    """The badges at the largest size in half points, up to BADGE_SHARE of the trim width,
    whose pills fit the row; when none from MIN_BADGE_PT up does, the last badge is left
    out and the rest tried again (never an error: a config is checked on blank grids,
    whose badges lack the band range the book will have)."""
    largest = float(int(min(row.height / PILL_HEIGHT, BADGE_SHARE * trim_width)))
    while texts:
        size = largest
        while size >= MIN_BADGE_PT:
            badges = Badges(texts, font, size, row)
            if badges.width <= row.width:
                return badges
            size -= 0.5
        texts = texts[:-1]
    return Badges((), font, largest, row)


def paint(c: Canvas, palette: Ink, colour: float | None) -> None:
    """Set the fill and the stroke (a rule's, a faux bold's) to a text colour of Colours."""
    if colour is None:
        palette.fill(c)
        palette.stroke(c)
    else:
        palette.fill_gray(c, colour)
        palette.stroke_gray(c, colour)


def front(c: Canvas, plan: CoverPlan, book: Book, puzzle: BookPuzzle, fonts: draw.Fonts,
          palette: Ink, badges: Badges | None) -> Colours:
    """The front's ground, art (from `puzzle`, the front's, or the whole book's grids) and
    badges in the plan's style; returns the colours its texts take."""
    g = plan.front_ground
    if plan.style is CoverStyle.PATTERN:
        _pattern(c, plan, book, fonts, palette)
        palette.fill_gray(c, 1.0)
        c.rect(g.x, g.y, g.width, g.height, stroke=0, fill=1)
        a = plan.author
        pad = (plan.front_safe.x - plan.front.x) / 3
        c.rect(a.x, a.y - pad, a.width, a.height + 2 * pad, stroke=0, fill=1)
        palette.fill(c)
        c.rect(g.x, g.top - pad, g.width, pad, stroke=0, fill=1)  # the card's accent edge
        colours = Colours(None, 0.2, 0.0)
        on_accent = False
    else:
        palette.fill(c)
        c.rect(g.x, g.y, g.width, g.height, stroke=0, fill=1)
        on_accent = plan.style is CoverStyle.TYPOGRAPHIC
        colours = Colours(1.0, 1.0, 1.0 if on_accent else 0.0)
        if on_accent:
            _motif(c, plan, puzzle, fonts, palette)
    if badges is not None:
        _badges(c, badges, palette, on_accent, fonts)
    return colours


def _badges(c: Canvas, badges: Badges, palette: Ink, on_accent: bool,
            fonts: draw.Fonts) -> None:
    """The pills centred in their row: white on the accent, accent on white."""
    row, size = badges.row, badges.size
    height = PILL_HEIGHT * size
    x = row.x + (row.width - badges.width) / 2
    y = row.y + (row.height - height) / 2
    ascent, descent = getAscentDescent(badges.font, size)
    baseline = y + height / 2 - (ascent + descent) / 2
    for text, width in zip(badges.texts, badges.widths, strict=True):
        paint(c, palette, 1.0 if on_accent else None)
        c.roundRect(x, y, width, height, height / 2, stroke=0, fill=1)
        paint(c, palette, None if on_accent else 1.0)
        c.setFont(badges.font, size)
        c.drawCentredString(x + width / 2, baseline, text,
                            mode=draw.faux_mode(c, fonts, badges.font, size))
        x += width + PILL_GAP * size


def _pattern(c: Canvas, plan: CoverPlan, book: Book, fonts: draw.Fonts, palette: Ink) -> None:
    """The front, bleed included, tiled with the book's solution grids in light tints."""
    f = plan.front
    area = Rect(f.x, 0.0, f.width + BLEED_PT, plan.size[1])
    c.saveState()
    clip = c.beginPath()
    clip.rect(area.x, area.y, area.width, area.height)
    c.clipPath(clip, stroke=0, fill=0)
    palette.fill(c, PATTERN_GROUND_TINT)
    c.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
    puzzles = [p for s in book.sections for p in s.puzzles]
    side = f.width / TILES_ACROSS
    step = side * 1.12
    rows = int(area.height / step) + 2
    cols = int(area.width / step) + 2
    for row in range(rows):
        # Every other row shifts by half a tile, as bricks, so no column lines up.
        shift = -step / 2 if row % 2 else -step / 5
        for col in range(cols):
            p = puzzles[(row * cols + col) % len(puzzles)]
            _tile(c, Rect(area.x + shift + col * step, area.top - (row + 1) * step, side, side),
                  p, fonts, palette, area)
    c.restoreState()


def _motif(c: Canvas, plan: CoverPlan, p: BookPuzzle, fonts: draw.Fonts, palette: Ink) -> None:
    """The typographic style's art: the first box of the front puzzle's solution, large,
    in a lighter shade of the ground, running off the front's lower right corner."""
    rows, cols = (p.box_rows, p.box_cols) if p.box_rows else (3, 3)
    cell = MOTIF_SHARE * plan.front.width / cols
    x = plan.front.right + BLEED_PT - cell * (cols - 0.4)
    y = plan.front.y - BLEED_PT - cell * 0.4
    box = _corner(p, rows, cols)
    c.saveState()
    clip = c.beginPath()
    clip.rect(plan.front.x, 0.0, plan.front.width + BLEED_PT, plan.size[1])
    c.clipPath(clip, stroke=0, fill=0)
    palette.stroke(c, MOTIF_TINT)
    c.setLineWidth(cell / 40)
    for i in range(rows + 1):
        c.line(x, y + i * cell, x + cols * cell, y + i * cell)
    for i in range(cols + 1):
        c.line(x + i * cell, y, x + i * cell, y + rows * cell)
    palette.fill(c, MOTIF_TINT)
    size = cell * 0.6
    c.setFont(fonts.bold, size)
    for i, v in enumerate(box):
        r, col = divmod(i, cols)
        if v:  # a blank grid (a page count before the work) has no digits
            draw_symbol(c, x + (col + 0.5) * cell, y + (rows - r - 0.5) * cell, size, v,
                        p.symbols)
    c.restoreState()


def _corner(p: BookPuzzle, rows: int, cols: int) -> list[int]:
    """The solution's values in the top-left rows x cols of its square, row by row: of a
    multi-grid board, of its top-left grid (a whole board at a tile's size would print
    its digits too small to read)."""
    geo = p.geo
    return [p.solution[geo.cell_at(r, col) or 0] for r in range(rows) for col in range(cols)]


def _tile(c: Canvas, r: Rect, p: BookPuzzle, fonts: draw.Fonts, palette: Ink,
          area: Rect) -> None:
    """One solution grid of the pattern (of a board: its top-left grid): lines and
    digits, no cages or marks; digits
    outside `area` are left out (the clip would hide them, but a preflight still finds
    them: text on the back or the spine)."""
    n = p.n
    cell = r.width / n
    values = _corner(p, n, n)
    palette.stroke(c, PATTERN_LINE_TINT)
    for i in range(n + 1):
        box_line = i in (0, n) or (p.box_rows and i % p.box_rows == 0)
        c.setLineWidth(1.5 if box_line else 0.75)
        c.line(r.x, r.y + i * cell, r.right, r.y + i * cell)
        box_col = i in (0, n) or (p.box_cols and i % p.box_cols == 0)
        c.setLineWidth(1.5 if box_col else 0.75)
        c.line(r.x + i * cell, r.y, r.x + i * cell, r.top)
    palette.fill(c, PATTERN_DIGIT_TINT)
    if p.symbols is Symbols.SHAPES:  # icons are stroked too, in the digits' tint
        palette.stroke(c, PATTERN_DIGIT_TINT)
    size = cell * 0.55
    c.setFont(fonts.regular, size)
    for i, v in enumerate(values):
        row, col = divmod(i, n)
        x, y = r.x + col * cell, r.top - (row + 1) * cell
        if v and area.x <= x and x + cell <= area.right and area.y <= y and y + cell <= area.top:
            draw_symbol(c, x + cell / 2, y + cell / 2, size, v, p.symbols)

