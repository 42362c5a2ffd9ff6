"""Canvas calls: grids, labels, headings and the front and back pages.

Glossary and conventions:
  c          a reportlab canvas; every function draws in local coordinates, either a
             grid's own (origin at its lower-left corner, via translate) or the page's
             content box (render.py translates there before calling)
  fonts      the registered regular and bold TrueType font names
  gray       0 = black, 1 = white; only gray operators are used (no RGB, no CMYK)
  optical centre  a digit's baseline sits 0.37 x its size below the cell centre, because
             digits are about 0.73 em tall
  faux bold  bold type drawn from the regular face, filled and stroked FAUX_BOLD_EM thick
             (text render mode 2), where the book has no bold face (Fonts.faux)

Nothing here decides where things go: positions come from geometry.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..core.lang import Texts
from ..core.model import (
    STARS,
    Band,
    Book,
    BookPuzzle,
    LineWeights,
    Symbols,
    Template,
    XStyle,
)
from ..core.rules import KILLER_SUM_PT, MIN_LINE_PT
from . import fit
from .geometry import HINT_LEADING, HINT_LINES, MIN_TEXT_PT, Metrics, Rect, Slot, hint_pitch
from .killer_grid import grid_fit, killer_grid
from .marks import (
    DIAGONAL_GRAY,
    DOT_GRAY,
    HATCH_GRAY,
    HATCH_PITCH,
    GridMarks,
    Segment,
    grid_marks,
)
from .symbols import draw_icon
from .symbols import glyphs as symbol_glyphs

BASELINE_DROP = 0.37
"""Baseline below the cell centre, as a fraction of the type size."""

RULE_GRAY = 0.6
"""Gray of the writing lines on Notes pages."""

STAR_LINE = 0.75
"""Outline width of an unfilled star (the print minimum for any stroke)."""


FAUX_BOLD_EM = 0.035
"""Stroke of a faux bold, in ems: thickens each stem by about a third of a regular
stem (IPA Gothic's are about 0.08 em), a visible bold that keeps counters open."""

FILL_STROKE = 2
"""PDF text render mode: fill, then stroke the outline."""


@dataclass(frozen=True)
class Fonts:
    """The registered font names a book is drawn with."""

    regular: str
    """Digits, labels, text."""
    bold: str
    """Givens, headings, puzzle numbers."""
    faux: bool = False
    """The bold spec is the regular face (no bold weight): bold is drawn stroked, and
    `bold` names that face registered apart, so bold text is told by its font."""


def draw_text(c: Canvas, x: float, y: float, text: str, fonts: Fonts, size: float,
              bold: bool = False, align: str = "left") -> None:
    """One line of text at (x, y), aligned 'left', 'centre' or 'right' on x; bold in the
    bold face, or in a faux bold where the book has none."""
    c.setFont(fonts.bold if bold else fonts.regular, size)
    show = {"left": c.drawString, "centre": c.drawCentredString,
            "right": c.drawRightString}[align]
    if not (bold and fonts.faux):
        show(x, y, text)
        return
    c.saveState()
    show(x, y, text, mode=faux_mode(c, fonts, fonts.bold, size))
    c.restoreState()


def faux_mode(c: Canvas, fonts: Fonts, font: str, size: float) -> int | None:
    """The text render mode of `font` at `size`: None (fill) for a real face; for the bold
    of a book without a bold face, FILL_STROKE with the line width of a faux bold (the
    caller strokes in the fill's colour)."""
    if not (fonts.faux and font == fonts.bold):
        return None
    c.setLineWidth(FAUX_BOLD_EM * size)
    c.setLineJoin(1)  # round joins: no spikes at the sharp corners of kana
    return FILL_STROKE


@lru_cache(maxsize=256)
def _half_widths(font: str, size: float, glyphs: str) -> tuple[float, ...]:
    """Half the advance width of every glyph, index = value (0 unused), for centring."""
    return (0.0,) + tuple(stringWidth(s, font, size) / 2 for s in glyphs)


def grid_lines(
    c: Canvas, side: float, marks: GridMarks, cell: float, box: float, border: float
) -> None:
    """Tints first, then dots, cell lines, X diagonal lines, box or region borders on top, and
    the border as one rectangle (clean corners).

    Borders fall wherever neighbouring cells lie in different boxes or regions: after
    every box_cols columns and box_rows rows of a classic grid (a 6x6 grid's boxes are 2
    rows by 3 columns), around each irregular region of a jigsaw grid.
    """
    step = side / marks.n

    def points(seg: Segment) -> Segment:
        x0, y0, x1, y1 = seg
        return x0 * step, side - y0 * step, x1 * step, side - y1 * step

    if marks.tints:
        for gray in sorted({t[0] for t in marks.tints}):
            c.setFillGray(gray)
            for _, x, y, w, h in (t for t in marks.tints if t[0] == gray):
                c.rect(x * step, side - (y + h) * step, w * step, h * step, stroke=0, fill=1)
        c.setFillGray(0.0)
    if marks.hatches:
        _hatch(c, side, step, marks.hatches)
    if marks.dots:
        c.setFillGray(DOT_GRAY)
        path = c.beginPath()
        for x, y, r in marks.dots:
            path.circle(x * step, side - y * step, r * step)
        c.drawPath(path, stroke=0, fill=1)
        c.setFillGray(0.0)
    for width, segments, gray in ((cell, marks.thin, 0.0), (cell, marks.diagonals, DIAGONAL_GRAY),
                                  (box, marks.thick, 0.0)):
        if segments:
            c.setStrokeGray(gray)
            c.setLineWidth(width)
            c.lines([points(s) for s in segments])
    c.setStrokeGray(0.0)
    c.setLineWidth(border)
    if not marks.frames:
        c.rect(0, 0, side, side, stroke=1, fill=0)
    for x, y, w, h in marks.frames:
        c.rect(x * step, side - (y + h) * step, w * step, h * step, stroke=1, fill=0)


def _hatch(c: Canvas, side: float, step: float,
           rects: Sequence[tuple[float, float, float, float]]) -> None:
    """Diagonal lines HATCH_PITCH cells apart across the grid, clipped to the rectangles
    (grid units): the fourth shade of jigsaw regions."""
    c.saveState()
    clip = c.beginPath()
    for x, y, w, h in rects:
        clip.rect(x * step, side - (y + h) * step, w * step, h * step)
    c.clipPath(clip, stroke=0, fill=0)
    pitch = HATCH_PITCH * step
    c.setStrokeGray(HATCH_GRAY)
    c.setLineWidth(MIN_LINE_PT)
    # lines x - y = k * pitch, each cut to the grid's square: clipped ink outside it
    # would still widen the page's drawn boxes past the live area
    c.lines([(max(0.0, k * pitch), max(0.0, -k * pitch),
              min(side, side + k * pitch), min(side, side - k * pitch))
             for k in range(-math.ceil(side / pitch) + 1, math.ceil(side / pitch))])
    c.restoreState()


def _marks(puzzle: BookPuzzle, x_style: XStyle, region_tint: bool) -> GridMarks:
    return grid_marks(puzzle.n, puzzle.variant, puzzle.regions, x_style, region_tint)


def _digits(
    c: Canvas,
    puzzle: BookPuzzle,
    side: float,
    size: float,
    runs: Sequence[tuple[str, float, Sequence[int], bool]],
    drop: float = 0.0,
) -> None:
    """Symbols centred optically in their cells (`drop` lower, below a cage's sum): one
    text object per grid, or the icons of a grid of shapes (symbols.py).

    runs: (font, gray, values, stroked) drawn in turn; a value of 0 leaves its cell
    empty; stroked runs are a faux bold (FAUX_BOLD_EM).
    Neighbouring symbols of equal width in a row go out as one string, spaced a cell
    apart by the character spacing: a few times fewer text operators than one per cell.
    """
    geo = puzzle.geo
    n = geo.width
    step = side / n
    if puzzle.variant.board is not None:  # a board's cells laid on its square, 0 outside
        runs = [(font, gray, _spread(values, geo.positions, n), stroked)
                for font, gray, values, stroked in runs]
    if puzzle.symbols is Symbols.SHAPES:
        for _, gray, values, _ in runs:
            for cell, v in enumerate(values):
                if v:
                    r, col = divmod(cell, n)
                    draw_icon(c, (col + 0.5) * step, side - (r + 0.5) * step, size, v, gray)
        return
    glyphs = symbol_glyphs(puzzle.symbols)
    text = c.beginText()
    spacing: float | None = None
    for font, gray, values, stroked in runs:
        half = _half_widths(font, size, glyphs)
        text.setFont(font, size)
        text.setFillGray(gray)
        text.setTextRenderMode(FILL_STROKE if stroked else 0)
        if stroked:
            c.setLineWidth(FAUX_BOLD_EM * size)
            c.setStrokeGray(gray)
        for r in range(n):
            row = values[r * n : (r + 1) * n]
            y = side - (r + 0.5) * step - drop - BASELINE_DROP * size
            col = 0
            while col < n:
                v = row[col]
                if not v:
                    col += 1
                    continue
                end = col + 1
                while end < n and row[end] and half[row[end]] == half[v]:
                    end += 1
                if end - col > 1 and spacing != step - 2 * half[v]:
                    spacing = step - 2 * half[v]
                    text.setCharSpace(spacing)
                text.setTextOrigin((col + 0.5) * step - half[v], y)
                text.textOut("".join(glyphs[x - 1] for x in row[col:end]))
                col = end
    c.drawText(text)


def _spread(values: Sequence[int], positions: Sequence[int], width: int) -> list[int]:
    """A board's cell values at their positions on its width x width square, 0 elsewhere."""
    out = [0] * (width * width)
    for v, p in zip(values, positions, strict=True):
        out[p] = v
    return out


def puzzle_grid(
    c: Canvas, rect: Rect, puzzle: BookPuzzle, size: float, weights: LineWeights, fonts: Fonts,
    x_style: XStyle = XStyle.TINT, region_tint: bool = False, givens_bold: bool = True,
    sums: float = KILLER_SUM_PT,
) -> None:
    """A puzzle: its givens black, in the bold font (regular without `givens_bold`), on
    the full-weight grid with the marks of its variant (x_style, region_tint: the
    template's choices), or a killer's grid with its cages (killer_grid.py), its sums at
    least `sums` pt."""
    c.saveState()
    c.translate(rect.x, rect.y)
    fit = grid_fit(puzzle, rect.width, size, weights, sums)
    if fit:
        killer_grid(c, puzzle, rect.width, fit, weights, fonts.regular)
    else:
        grid_lines(c, rect.width, _marks(puzzle, x_style, region_tint), weights.cell,
                   weights.box, weights.border)
    font = fonts.bold if givens_bold else fonts.regular
    _digits(c, puzzle, rect.width, fit.digit_size if fit else size,
            ((font, 0.0, puzzle.givens, givens_bold and fonts.faux),),
            fit.digit_drop if fit else 0.0)
    c.restoreState()


def answer_grid(
    c: Canvas,
    rect: Rect,
    puzzle: BookPuzzle,
    size: float,
    weights: LineWeights,
    fonts: Fonts,
    gray: float,
    x_style: XStyle = XStyle.TINT,
    region_tint: bool = False,
) -> None:
    """A solution: givens bold black, the filled-in digits regular in `gray`, on the
    answer-weight grid with the same marks as the puzzle; a killer's without its cages,
    whose sums would crowd the digits."""
    filled = tuple(0 if g else s for g, s in zip(puzzle.givens, puzzle.solution, strict=True))
    c.saveState()
    c.translate(rect.x, rect.y)
    grid_lines(c, rect.width, _marks(puzzle, x_style, region_tint), weights.answer_cell,
               weights.answer_box, weights.answer_box)
    _digits(c, puzzle, rect.width, size,
            ((fonts.bold, 0.0, puzzle.givens, fonts.faux), (fonts.regular, gray, filled, False)))
    c.restoreState()


def label(
    c: Canvas, slot: Slot, left: str, right: str, fonts: Fonts, size: float, least: float,
    stars: int = 0,
) -> None:
    """The line above a grid: `left` bold at its left edge, `right` at its right edge, or
    with `stars` (1 to 5) that many filled stars of five there.

    Texts too long for the grid's width shrink together (not below `least`) and keep a
    gap of one em between them.
    """
    size = fit.label_size(left, right, stars, fonts.bold, fonts.regular, size, least,
                          slot.grid.width) or least  # config refuses labels that need less
    draw_text(c, slot.grid.x, slot.label_y, left, fonts, size, bold=True)
    if right:
        draw_text(c, slot.grid.right, slot.label_y, right, fonts, size, align="right")
    if stars:
        star_row(c, slot.grid.right, slot.label_y, size, stars)


def star_row(c: Canvas, right: float, baseline: float, size: float, filled: int) -> None:
    """Five stars ending at `right`, sitting on `baseline`, as tall as capitals of `size`;
    the first `filled` of them solid, the rest outlined."""
    outer = 0.38 * size
    inner = outer * 0.4
    c.saveState()
    c.setLineWidth(STAR_LINE)
    c.setLineJoin(1)
    for i in range(len(STARS)):
        cx = right - (len(STARS) - i - 0.5) * fit.STAR_PITCH * size
        cy = baseline + 0.36 * size
        path = c.beginPath()
        for k in range(10):
            radius = outer if k % 2 == 0 else inner
            angle = math.pi / 2 + k * math.pi / 5
            point = (cx + radius * math.cos(angle), cy + radius * math.sin(angle))
            if k == 0:
                path.moveTo(*point)
            else:
                path.lineTo(*point)
        path.close()
        solid = i < filled
        c.drawPath(path, stroke=0 if solid else 1, fill=1 if solid else 0)
    c.restoreState()


def puzzle_label(
    c: Canvas, slot: Slot, p: BookPuzzle, t: Template, texts: Texts, fonts: Fonts,
    size: float, least: float,
) -> None:
    """A grid's label: the template's (else the language's) text, and its difficulty as
    the template shows it (Template.difficulty)."""
    left, right, stars = fit.shown_label(p, t, texts, fonts.bold, fonts.regular, size, least,
                                         slot.grid.width)
    label(c, slot, left, right, fonts, size, least, stars)


def puzzle_foot(
    c: Canvas, slot: Slot, p: BookPuzzle, t: Template, texts: Texts, fonts: Fonts,
    size: float, least: float,
) -> None:
    """The line under a puzzle grid, where the slot has one: the time target of its band
    at the left edge, and at the right edge a box to write the solving time in, between
    its words ('Solved in [   ] min')."""
    if slot.foot_y is None:
        return
    target, before, after = fit.time_parts(p, t, texts)
    size = fit.foot_size(target, before, after, fonts.regular, size, least,
                         slot.grid.width) or least  # config refuses lines that need less
    y = slot.foot_y
    if target:
        draw_text(c, slot.grid.x, y, target, fonts, size)
    if not (before or after):
        return
    x = slot.grid.right
    if after:
        draw_text(c, x, y, after, fonts, size, align="right")
        x -= stringWidth(after, fonts.regular, size) + 0.3 * size
    box = fit.SOLVED_BOX_EM * size
    c.setLineWidth(STAR_LINE)
    # from just below the baseline to above the capitals: a box for handwritten digits
    c.rect(x - box, y - 0.3 * size, box, 1.3 * size, stroke=1, fill=0)
    if before:
        draw_text(c, x - box - 0.3 * size, y, before, fonts, size, align="right")


def heading(
    c: Canvas, box: Rect, m: Metrics, text: str, first: bool, odd: bool, fonts: Fonts
) -> None:
    """The band at the top of the box: a centred heading where a part starts, else a
    small running header at the outer edge (right on odd pages, left on even pages)."""
    if first:
        # Long names shrink to the box width, not below the print minimum (config refuses
        # names that would need less).
        size = fit.fit_line(text, fonts.bold, m.heading_size, box.width) or MIN_TEXT_PT
        draw_text(c, box.width / 2, box.height - m.band / 2 - BASELINE_DROP * size, text,
                  fonts, size, bold=True, align="centre")
        return
    size = fit.fit_line(text, fonts.regular, m.running_size, box.width) or MIN_TEXT_PT
    y = box.height - m.band / 2 - BASELINE_DROP * size
    draw_text(c, box.width if odd else 0.0, y, text, fonts, size,
              align="right" if odd else "left")


def footer(c: Canvas, x: float, y: float, align: str, text: str, font: str, size: float) -> None:
    """The page number at (x, y), aligned to the outer edge."""
    c.setFont(font, size)
    if align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def _paragraph(
    c: Canvas,
    text: str,
    x: float,
    top: float,
    width: float,
    font: str,
    size: float,
    centred: bool = False,
    leading: float = 1.35,
) -> float:
    """Wrapped text whose first line's top is at `top`; returns the y below the last line."""
    c.setFont(font, size)
    y = top - size
    for line in fit.wrap(text, font, size, width):
        if centred:
            c.drawCentredString(x + width / 2, y, line)
        else:
            c.drawString(x, y, line)
        y -= size * leading
    return y + size * leading - size * 0.3


def _fitted(c: Canvas, text: fit.Fitted | None, top: float, width: float, fonts: Fonts,
            bold: bool = False, centred: bool = True) -> None:
    """Fitted lines whose first line's top is at `top` (nothing for None: config refuses
    such text, so only a Book made in code gets here)."""
    if text is None:
        return
    y = top - text.size
    for line in text.lines:
        draw_text(c, width / 2 if centred else 0.0, y, line, fonts, text.size, bold,
                  "centre" if centred else "left")
        y -= text.size * text.leading


def title_page(c: Canvas, box: Rect, book: Book, fonts: Fonts, m: Metrics) -> None:
    """Title, a rule, subtitle and author, centred; long texts wrap and shrink (fit.py)."""
    w, h = box.width, box.height
    page = fit.title_page(book, fonts.bold, fonts.regular, w, h, m)
    _fitted(c, page.title, h * fit.TITLE_TOP, w, fonts, bold=True)
    c.setLineWidth(1.0)
    c.line(w * 0.3, page.rule_y, w * 0.7, page.rule_y)
    _fitted(c, page.subtitle, page.rule_y - m.heading_size, w, fonts)
    _fitted(c, page.author, h * fit.AUTHOR_TOP, w, fonts)


def copyright_page(c: Canvas, box: Rect, book: Book, fonts: Fonts, m: Metrics) -> None:
    """The back of the title page: the copyright notice, rights, edition, imprint and ISBN
    near the bottom (fit.copyright_page); blank without any."""
    words = fit.copyright_page(book)
    if words:
        text = fit.copyright_text(words, fonts.regular, box.width, box.height, m)
        if text is not None:
            top = (len(text.lines) + 1) * text.size * text.leading
            _fitted(c, text, top, box.width, fonts, centred=False)


def contents(
    c: Canvas, box: Rect, entries: Sequence[tuple[str, tuple[int, int] | None, int]],
    fonts: Fonts, m: Metrics, texts: Texts,
) -> None:
    """Contents lines below the band: name and the section's puzzle numbers, dot
    leaders, first page number. A long line shrinks (not below MIN_TEXT_PT) to keep clear
    of its page number."""
    size = m.text_size
    y = box.height - m.band - size * 1.5
    dot = stringWidth(" .", fonts.regular, size)
    room = fit.contents_width(box.width, fonts.regular, size)
    for part, span, page in entries:
        name = fit.contents_line(part, span, texts)
        number = str(page)
        name_size = fit.fit_line(name, fonts.regular, size, room) or MIN_TEXT_PT
        used = stringWidth(name, fonts.regular, name_size) + stringWidth(number, fonts.regular,
                                                                          size)
        c.setFont(fonts.regular, name_size)
        c.drawString(0, y, name)
        c.setFont(fonts.regular, size)
        c.drawRightString(box.width, y, number)
        dots = int((box.width - used - 2 * dot) / dot)
        if dots > 0:
            c.drawRightString(
                box.width - stringWidth(number, fonts.regular, size) - dot, y, " ." * dots
            )
        y -= size * 2.0


HINT_COLUMN = 0.4
"""The largest share of the width the hints' label column takes; a longer label shrinks."""


def hint_column(puzzles: Sequence[BookPuzzle], t: Template, texts: Texts, fonts: Fonts,
                m: Metrics, width: float) -> float:
    """The width of the hints pages' label column: the widest of the puzzles' labels (as
    their grids show them: fit.label_parts) and a space, at most HINT_COLUMN of `width`."""
    widest = max(stringWidth(fit.label_parts(p, t, texts)[0], fonts.bold, m.text_size)
                 for p in puzzles)
    return min(widest + m.text_size, HINT_COLUMN * width)


def hints(c: Canvas, box: Rect, puzzles: Sequence[BookPuzzle], column: float, t: Template,
          texts: Texts, fonts: Fonts, m: Metrics) -> None:
    """The hints of a page below the band, one slot each (geometry.hint_pitch): the
    puzzle's label in bold in a column `column` wide (hint_column), its hint wrapped
    beside it, shrunk (not below the least size) to fit HINT_LINES lines of the body
    size."""
    width = box.width - column
    room = HINT_LINES * HINT_LEADING * m.text_size
    top = box.height - m.band - m.text_size
    for i, p in enumerate(puzzles):
        y = top - i * hint_pitch(m)
        label = fit.label_parts(p, t, texts)[0]
        label_size = fit.fit_line(label, fonts.bold, m.text_size, column - m.text_size)
        draw_text(c, 0, y, label, fonts, max(label_size or 0.0, m.least_size), bold=True)
        size = m.text_size
        lines = fit.wrap(p.hint, fonts.regular, size, width)
        while len(lines) * HINT_LEADING * size > room and size > m.least_size:
            size = max(m.least_size, size * fit.SHRINK)
            lines = fit.wrap(p.hint, fonts.regular, size, width)
        for k, line in enumerate(lines):
            draw_text(c, column, y - k * HINT_LEADING * size, line, fonts, size)


def notes(c: Canvas, box: Rect, m: Metrics) -> None:
    """Writing lines, light gray, from below the band to the bottom of the box."""
    step = m.text_size * 2.2
    y = box.height - m.band - step
    segments = []
    while y >= 0:
        segments.append((0.0, y, box.width, y))
        y -= step
    c.setStrokeGray(RULE_GRAY)
    c.setLineWidth(0.75)
    c.lines(segments)
    c.setStrokeGray(0.0)


def belongs_to(c: Canvas, box: Rect, texts: Texts, fonts: Fonts, m: Metrics) -> None:
    """The owner's page: "This book belongs to" and a line to write a name on."""
    w, h = box.width, box.height
    text = texts("belongs_to")
    size = fit.fit_line(text, fonts.regular, m.heading_size * 1.2, w) or MIN_TEXT_PT
    y = h * 0.62
    c.setFont(fonts.regular, size)
    c.drawCentredString(w / 2, y, text)
    c.setLineWidth(1.0)
    c.line(w * 0.15, y - size * 3, w * 0.85, y - size * 3)


def scale(c: Canvas, box: Rect, texts: Texts, fonts: Fonts, m: Metrics) -> None:
    """The difficulty scale: how grades are given, then each band with its stars, its
    grades and what it asks of the solver."""
    items = fit.scale_items(texts, fonts.bold, fonts.regular)
    top = box.height - m.band
    # the bold line of each band leaves room at its right for the stars
    width = box.width
    size, lines = fit.sized(items, width - len(STARS) * fit.STAR_PITCH * m.text_size, top,
                         m.text_size, m.least_size)
    y = top - size
    for i, ((_, font, after), block) in enumerate(zip(items, lines, strict=True)):
        for k, line in enumerate(block):
            draw_text(c, 0, y, line, fonts, size, bold=font == fonts.bold)
            if i % 2 and k == 0:  # items 1, 3, ...: a band's name line
                star_row(c, width, y, size, STARS[list(Band)[i // 2]])
            y -= size * fit.LEADING
        y -= after * size * fit.LEADING
