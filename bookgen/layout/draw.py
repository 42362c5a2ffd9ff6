"""Canvas calls: grids, labels, headings and the front and back pages.

Glossary and conventions:
  c          a reportlab canvas; every function draws in local coordinates, either a
             grid's own (origin at its lower-left corner, via translate) or the page's
             content box (render.py translates there before calling)
  fonts      the registered regular and bold TrueType font names
  gray       0 = black, 1 = white; only gray operators are used (no RGB, no CMYK)
  optical centre  a digit's baseline sits 0.37 x its size below the cell centre, because
             digits are about 0.73 em tall

Nothing here decides where things go: positions come from geometry.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..grid import SYMBOLS
from ..model import Book, BookPuzzle, LineWeights, Template, XStyle
from . import fit
from .geometry import MIN_TEXT_PT, Metrics, Rect, Slot
from .howto import Guide
from .marks import DIAGONAL_GRAY, GridMarks, Segment, grid_marks

BASELINE_DROP = 0.37
"""Baseline below the cell centre, as a fraction of the type size."""

RULE_GRAY = 0.6
"""Gray of the writing lines on Notes pages."""

STEP_RING_PT = 1.5
"""Stroke of the ring that marks the worked cell of a how-to-play example."""


@dataclass(frozen=True)
class Fonts:
    """The registered font names a book is drawn with."""

    regular: str
    """Digits, labels, text."""
    bold: str
    """Givens in the answer key, headings, puzzle numbers."""


@lru_cache(maxsize=256)
def _half_widths(font: str, size: float) -> tuple[float, ...]:
    """Half the advance width of every symbol, index = value (0 unused), for centring."""
    return (0.0,) + tuple(stringWidth(s, font, size) / 2 for s in SYMBOLS)


def grid_lines(
    c: Canvas, side: float, marks: GridMarks, cell: float, box: float, border: float
) -> None:
    """Tints first, then cell lines, X diagonal lines, box or region borders on top, and
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
    for width, segments, gray in ((cell, marks.thin, 0.0), (cell, marks.diagonals, DIAGONAL_GRAY),
                                  (box, marks.thick, 0.0)):
        if segments:
            c.setStrokeGray(gray)
            c.setLineWidth(width)
            c.lines([points(s) for s in segments])
    c.setStrokeGray(0.0)
    c.setLineWidth(border)
    c.rect(0, 0, side, side, stroke=1, fill=0)


def _marks(puzzle: BookPuzzle, x_style: XStyle, region_tint: bool) -> GridMarks:
    return grid_marks(puzzle.n, puzzle.variant, puzzle.regions, x_style, region_tint)


def _digits(
    c: Canvas,
    puzzle: BookPuzzle,
    side: float,
    size: float,
    runs: Sequence[tuple[str, float, Sequence[int]]],
) -> None:
    """Symbols centred optically in their cells: one text object per grid.

    runs: (font, gray, values) drawn in turn; a value of 0 leaves its cell empty.
    Neighbouring symbols of equal width in a row go out as one string, spaced a cell
    apart by the character spacing: a few times fewer text operators than one per cell.
    """
    n = puzzle.n
    step = side / n
    text = c.beginText()
    spacing: float | None = None
    for font, gray, values in runs:
        half = _half_widths(font, size)
        text.setFont(font, size)
        text.setFillGray(gray)
        for r in range(n):
            row = values[r * n : (r + 1) * n]
            y = side - (r + 0.5) * step - BASELINE_DROP * size
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
                text.textOut("".join(SYMBOLS[x - 1] for x in row[col:end]))
                col = end
    c.drawText(text)


def puzzle_grid(
    c: Canvas, rect: Rect, puzzle: BookPuzzle, size: float, weights: LineWeights, fonts: Fonts,
    x_style: XStyle = XStyle.TINT, region_tint: bool = False,
) -> None:
    """A puzzle: its givens in the regular font, black, on the full-weight grid with the
    marks of its variant (x_style, region_tint: the template's choices)."""
    c.saveState()
    c.translate(rect.x, rect.y)
    grid_lines(c, rect.width, _marks(puzzle, x_style, region_tint), weights.cell, weights.box,
               weights.border)
    _digits(c, puzzle, rect.width, size, ((fonts.regular, 0.0, puzzle.givens),))
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
    answer-weight grid with the same marks as the puzzle."""
    filled = tuple(0 if g else s for g, s in zip(puzzle.givens, puzzle.solution, strict=True))
    c.saveState()
    c.translate(rect.x, rect.y)
    grid_lines(c, rect.width, _marks(puzzle, x_style, region_tint), weights.answer_cell,
               weights.answer_box, weights.answer_box)
    _digits(
        c,
        puzzle,
        rect.width,
        size,
        ((fonts.bold, 0.0, puzzle.givens), (fonts.regular, gray, filled)),
    )
    c.restoreState()


def label(
    c: Canvas, slot: Slot, left: str, right: str, fonts: Fonts, size: float, least: float
) -> None:
    """The line above a grid: `left` bold at its left edge, `right` at its right edge.

    Texts too long for the grid's width shrink together (not below `least`) and keep a
    gap of one em between them.
    """
    used = stringWidth(left, fonts.bold, size) + stringWidth(right, fonts.regular, size)
    if used:
        size = max(least, min(size, size * (slot.grid.width - size) / used))
    c.setFont(fonts.bold, size)
    c.drawString(slot.grid.x, slot.label_y, left)
    if right:
        c.setFont(fonts.regular, size)
        c.drawRightString(slot.grid.right, slot.label_y, right)


def heading(
    c: Canvas, box: Rect, m: Metrics, text: str, first: bool, odd: bool, fonts: Fonts
) -> None:
    """The band at the top of the box: a centred heading where a part starts, else a
    small running header at the outer edge (right on odd pages, left on even pages)."""
    if first:
        # Long names shrink to the box width, not below the print minimum (config refuses
        # names that would need less).
        size = fit.fit_line(text, fonts.bold, m.heading_size, box.width) or MIN_TEXT_PT
        c.setFont(fonts.bold, size)
        c.drawCentredString(box.width / 2, box.height - m.band / 2 - BASELINE_DROP * size, text)
        return
    size = fit.fit_line(text, fonts.regular, m.running_size, box.width) or MIN_TEXT_PT
    y = box.height - m.band / 2 - BASELINE_DROP * size
    c.setFont(fonts.regular, size)
    if odd:
        c.drawRightString(box.width, y, text)
    else:
        c.drawString(0, y, text)


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
    for line in simpleSplit(text, font, size, width):
        if centred:
            c.drawCentredString(x + width / 2, y, line)
        else:
            c.drawString(x, y, line)
        y -= size * leading
    return y + size * leading - size * 0.3


def _fitted(c: Canvas, text: fit.Fitted | None, top: float, width: float, font: str,
            centred: bool = True) -> None:
    """Fitted lines whose first line's top is at `top` (nothing for None: config refuses
    such text, so only a Book made in code gets here)."""
    if text is None:
        return
    c.setFont(font, text.size)
    y = top - text.size
    for line in text.lines:
        if centred:
            c.drawCentredString(width / 2, y, line)
        else:
            c.drawString(0, y, line)
        y -= text.size * text.leading


def title_page(c: Canvas, box: Rect, book: Book, fonts: Fonts, m: Metrics) -> None:
    """Title, a rule, subtitle and author, centred; long texts wrap and shrink (fit.py)."""
    w, h = box.width, box.height
    page = fit.title_page(book, fonts.bold, fonts.regular, w, h, m)
    _fitted(c, page.title, h * fit.TITLE_TOP, w, fonts.bold)
    c.setLineWidth(1.0)
    c.line(w * 0.3, page.rule_y, w * 0.7, page.rule_y)
    _fitted(c, page.subtitle, page.rule_y - m.heading_size, w, fonts.regular)
    _fitted(c, page.author, h * fit.AUTHOR_TOP, w, fonts.regular)


def copyright_page(c: Canvas, box: Rect, book: Book, fonts: Fonts, m: Metrics) -> None:
    """The back of the title page: the copyright line near the bottom; blank without one."""
    if book.copyright:
        text = fit.copyright_text(book.copyright, fonts.regular, box.width, box.height, m)
        if text is not None:
            top = (len(text.lines) + 1) * text.size * text.leading
            _fitted(c, text, top, box.width, fonts.regular, centred=False)


EXAMPLE = BookPuzzle(
    number=0,
    section="",
    difficulty="",
    box_rows=2,
    box_cols=2,
    givens=(1, 0, 0, 4, 0, 0, 1, 0, 0, 1, 0, 0, 4, 0, 0, 1),
    solution=(1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1),
)
"""The small worked example on the how-to-play page."""


def how_to_play(
    c: Canvas,
    box: Rect,
    sizes: Sequence[tuple[int, int]],
    fonts: Fonts,
    m: Metrics,
    weights: LineWeights,
    gray: float,
    digit_scale: float,
) -> None:
    """The rules for the grid sizes in the book, and a 4x4 example with its solution."""
    y = box.height - m.band
    gap = m.text_size * 0.9
    for text in how_to_play_text(sizes):
        y = _paragraph(c, text, 0, y, box.width, fonts.regular, m.text_size) - gap
    side = min(box.width * 0.3, y - 2 * m.label_size - gap)
    if side < 40:
        return
    left = box.width / 2 - side - gap
    top = y - m.label_size * 1.6
    size = max(MIN_TEXT_PT, digit_scale * side / 4)
    for x, name in ((left, "Puzzle"), (box.width / 2 + gap, "Solution")):
        c.setFont(fonts.bold, m.label_size)
        c.drawString(x, top + m.label_size * 0.5, name)
    puzzle_grid(c, Rect(left, top - side, side, side), EXAMPLE, size, weights, fonts)
    answer_grid(
        c, Rect(box.width / 2 + gap, top - side, side, side), EXAMPLE, size, weights, fonts, gray
    )


def how_to_play_variant(
    c: Canvas,
    box: Rect,
    guide: Guide,
    fonts: Fonts,
    m: Metrics,
    t: Template,
) -> None:
    """A variant's rules, its worked example (puzzle and solution side by side, drawn with
    the book's marks) and the example's first step in words."""
    y = box.height - m.band
    gap = m.text_size * 0.9
    for text in guide.rules:
        y = _paragraph(c, text, 0, y, box.width, fonts.regular, m.text_size) - gap
    example = guide.example
    # The step goes below the grids: measure it first, to size the grids to what is left.
    lines = len(simpleSplit(guide.step, fonts.regular, m.text_size, box.width))
    below = lines * m.text_size * 1.35 + gap
    side = min(box.width * min(0.45, 0.075 * example.n), y - 2 * m.label_size - gap - below)
    if side < 40:
        return
    top = y - m.label_size * 1.6
    size = max(MIN_TEXT_PT, t.digit_scale * side / example.n)
    left, right = box.width / 2 - side - gap, box.width / 2 + gap
    for x, name in ((left, "Puzzle"), (right, "Solution")):
        c.setFont(fonts.bold, m.label_size)
        c.drawString(x, top + m.label_size * 0.5, name)
    puzzle_grid(c, Rect(left, top - side, side, side), example, size, t.lines, fonts,
                t.x_style, t.region_tint)
    # a ring inside the cell the step below fills, so the words find their cell
    step = side / example.n
    r, col = divmod(guide.step_cell, example.n)
    inset = step * 0.12
    c.setLineWidth(STEP_RING_PT)
    c.roundRect(left + col * step + inset, top - (r + 1) * step + inset, step - 2 * inset,
                step - 2 * inset, step * 0.2, stroke=1, fill=0)
    answer_grid(c, Rect(right, top - side, side, side), example, size, t.lines, fonts,
                t.answer_gray, t.x_style, t.region_tint)
    _paragraph(c, guide.step, 0, top - side - gap, box.width, fonts.regular, m.text_size)


def how_to_play_text(sizes: Sequence[tuple[int, int]]) -> tuple[str, ...]:
    """The rules, naming the symbols of every grid size in the book."""
    kinds = []
    for rows, cols in sorted(set(sizes), key=lambda s: s[0] * s[1]):
        n = rows * cols
        symbols = f"1 to {n}" if n <= 9 else f"1 to 9 and A to {SYMBOLS[n - 1]}"
        kinds.append(
            f"a {n}×{n} grid has boxes of {rows} rows by {cols} columns and uses {symbols}"
        )
    return (
        "Each puzzle is a square grid of rows, columns and boxes (the areas inside the "
        "thick lines). Some cells already hold a symbol: these are the givens.",
        "Fill in every empty cell so that each row, each column and each box contains "
        "every symbol exactly once" + (": " + "; ".join(kinds) if kinds else "") + ".",
        "Every puzzle has exactly one solution, and logic alone finds it: there is no "
        "need to guess. Start where a row, column or box is nearly full, or look for the "
        "only cell left for a symbol in a box.",
        "Puzzles are numbered through the book and grow harder from section to section. "
        "The answers are at the back in puzzle order: the givens are printed in bold, the "
        "symbols you fill in are lighter.",
    )


def contents(
    c: Canvas, box: Rect, entries: Sequence[tuple[str, int]], fonts: Fonts, m: Metrics
) -> None:
    """Contents lines below the band: name, dot leaders, first page number. A long name
    shrinks (not below MIN_TEXT_PT) to keep clear of its page number."""
    size = m.text_size
    y = box.height - m.band - size * 1.5
    dot = stringWidth(" .", fonts.regular, size)
    room = fit.contents_width(box.width, fonts.regular, size)
    for name, page in entries:
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
