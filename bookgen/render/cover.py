"""The full-wrap cover: back, spine and front drawn on one page (PRINT.md, the cover).

Glossary and conventions:
  plan     cover_geometry.CoverPlan: every area in wrap coordinates; nothing here decides
           where things go, only how large text can be to fit its area
  accent   the config's one colour (Book.cover.accent) fills the band; without one the band
           is dark gray and the whole cover uses gray operators only
  block    lines of text set in a box: every part shrinks by the same factor until all fit,
           wrapped on words; glyph boxes (font ascent to descent) stay inside the box
  blurb    the config's text for the back cover, else the language's (cover.blurb)
  grids    the cover's puzzles are the book's own, drawn by draw.puzzle_grid like the
           interior's, with the template's fonts and line weights
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..core.errors import LayoutError
from ..core.model import Book, BookPuzzle
from ..core.rules import MIN_TEXT_PT
from . import draw
from .cover_geometry import CoverPlan, cover_plan
from .fit import wrap
from .geometry import Metrics, Rect, Slot, digit_size, metrics
from .writer import open_canvas, register_fonts, write_pdf

BAND_GRAY = 0.2
"""The band's gray when the config gives no accent colour."""

LEADING = 1.25
"""Line pitch as a multiple of the type size."""

SHRINK = 0.95
"""Factor a block's sizes shrink by per try while it does not fit."""


@dataclass(frozen=True)
class Part:
    """One run of text in a block."""

    text: str
    """The words; wrapped to the box width."""
    font: str
    """Registered font name."""
    size: float
    """Largest type size wanted."""


@dataclass(frozen=True)
class Block:
    """Text set in one area of the cover."""

    box: Rect
    """The area, in wrap coordinates."""
    parts: tuple[Part, ...]
    """The runs, top down; empty texts are left out."""
    what: str
    """What it is, for an error message: 'title and subtitle on the front cover'."""
    key: str
    """The config key that sets its text."""
    gray: float
    """Gray of the type: white on the band, black elsewhere."""
    centred: bool = True
    """Lines centred across the box, else flush left."""
    middle: bool = True
    """The block centred in the box's height, else at its top."""


@dataclass(frozen=True)
class Fitted:
    """A block at the size that fits."""

    block: Block
    scale: float
    """Every part's size times this."""
    height: float
    """Height of the set text, glyph boxes included."""
    lines: tuple[tuple[str, ...], ...]
    """Each part's lines."""


def render_cover(book: Book, pages: int, path: str | Path) -> CoverPlan:
    """Draw the cover of `book`, whose interior has `pages` pages, into `path` (written
    atomically); returns the plan, whose numbers the manifest records. LayoutError, and no
    file, when a text does not fit its area."""
    t = book.template
    fonts = register_fonts(t)
    m = metrics(t)
    plan = cover_plan(t, pages, m.label_size)
    front, back = cover_puzzles(book)
    fitted = [fit(b) for b in blocks(plan, book, fonts, m)]
    write_pdf(path, lambda temp: _write(temp, plan, book, fonts, m, fitted, front, back))
    return plan


def cover_problems(book: Book, pages: int) -> list[tuple[str, str]]:
    """(config key, message) for each reason the cover of `book` could not be drawn: a
    trim too small for the back's barcode area and sample, a text too long for its area.
    Config asks this of a book of blank grids, before any work."""
    t = book.template
    fonts = register_fonts(t)
    m = metrics(t)
    try:
        plan = cover_plan(t, pages, m.label_size)
    except LayoutError as e:
        return [("template", str(e))]
    problems = []
    for b in blocks(plan, book, fonts, m):
        try:
            fit(b)
        except LayoutError as e:
            problems.append((b.key, str(e)))
    return problems


def cover_puzzles(book: Book) -> tuple[BookPuzzle, BookPuzzle]:
    """The front's puzzle and the back's sample, as the config chose them."""
    everything = sorted((p for s in book.sections for p in s.puzzles), key=lambda p: p.number)
    if not everything:
        raise LayoutError(f"book {book.title!r} has no puzzles for its cover")
    by_number = {p.number: p for p in everything}
    chosen = []
    for key, number, default in (
        ("front_puzzle", book.cover.front_puzzle, everything[-1]),
        ("back_puzzle", book.cover.back_puzzle, everything[0]),
    ):
        if number is not None and number not in by_number:
            raise LayoutError(
                f"cover.{key} is {number}: expected a puzzle number from 1 to {len(everything)}"
            )
        chosen.append(default if number is None else by_number[number])
    return chosen[0], chosen[1]


def blocks(plan: CoverPlan, book: Book, fonts: draw.Fonts, m: Metrics) -> list[Block]:
    """Every text block of the cover but the caption and the spine."""
    return [
        Block(
            plan.title,
            (
                Part(book.title, fonts.bold, m.heading_size * 2.2),
                Part(book.subtitle, fonts.regular, m.heading_size * 1.1),
            ),
            "title and subtitle on the front cover",
            "title",
            gray=1.0,
        ),
        Block(
            plan.heading,
            (Part(book.title, fonts.bold, m.heading_size * 1.2),),
            "title on the back cover",
            "title",
            gray=1.0,
        ),
        Block(
            plan.author,
            (Part(book.author, fonts.regular, m.text_size * 1.6),),
            "author on the front cover",
            "author",
            gray=0.0,
        ),
        Block(
            plan.blurb,
            tuple(Part(p, fonts.regular, m.text_size * 1.1) for p in paragraphs(blurb(book))),
            "blurb on the back cover",
            "cover.blurb",
            gray=0.0,
            centred=False,
            middle=False,
        ),
    ]


def _write(
    path: Path,
    plan: CoverPlan,
    book: Book,
    fonts: draw.Fonts,
    m: Metrics,
    fitted: list[Fitted],
    front: BookPuzzle,
    back: BookPuzzle,
) -> None:
    t = book.template
    c = open_canvas(path, plan.size, book, fonts, m.text_size)
    w, h = plan.size
    c.setBleedBox((0, 0, w, h))
    c.setTrimBox((plan.back.x, plan.back.y, plan.front.right, plan.front.top))
    _band(c, plan, book)
    for f in fitted:
        _draw_block(c, f)
    c.setFillGray(0.0)
    c.setStrokeGray(0.0)
    for rect, puzzle in ((plan.front_puzzle, front), (plan.sample, back)):
        draw.puzzle_grid(c, rect, puzzle, digit_size(rect.width, puzzle.n, t.digit_scale),
                         t.lines, fonts, t.x_style, t.region_tint)
    _, depth = _extent(fonts.bold, m.label_size)
    draw.puzzle_label(c, Slot(plan.sample, plan.caption.y + depth), back, t, book.texts,
                      fonts, m.label_size, m.least_size)
    _spine(c, plan, book, fonts, m)
    c.showPage()
    c.save()


def _band(c: Canvas, plan: CoverPlan, book: Book) -> None:
    """The strip across the top: the accent colour, or gray without one."""
    accent = book.cover.accent
    if accent is None:
        c.setFillGray(BAND_GRAY)
    else:
        c.setFillColorRGB(accent.red, accent.green, accent.blue)
    b = plan.band
    c.rect(b.x, b.y, b.width, b.height, stroke=0, fill=1)


def blurb(book: Book) -> str:
    """The back cover's text: the config's, else the language's, with the puzzle count."""
    count = sum(len(s.puzzles) for s in book.sections)
    return book.cover.blurb or book.texts("cover.blurb", count=count)


def paragraphs(text: str) -> list[str]:
    """The blurb's paragraphs: split at blank lines, each paragraph's lines joined."""
    out, lines = [], []
    for line in [*text.splitlines(), ""]:
        if line.strip():
            lines.append(line.strip())
        elif lines:
            out.append(" ".join(lines))
            lines = []
    return out


def _extent(font: str, size: float) -> tuple[float, float]:
    """(ascent, depth below the baseline) of a line of type: its glyph box."""
    ascent, descent = getAscentDescent(font, size)
    return ascent, -descent


def _layout(parts: Sequence[Part], width: float, scale: float) -> tuple[float, list[list[str]]]:
    """(height, lines of each part) with every size times `scale`; a gap of half a line
    separates parts."""
    height = 0.0
    wrapped = []
    for i, p in enumerate(parts):
        size = p.size * scale
        lines = wrap(p.text, p.font, size, width, break_words=False)
        if any(stringWidth(line, p.font, size) > width for line in lines):
            return float("inf"), []  # a word longer than the box
        ascent, depth = _extent(p.font, size)
        height += ascent + depth + size * LEADING * (len(lines) - 1)
        height += size * LEADING * 0.5 if i else 0.0
        wrapped.append(lines)
    return height, wrapped


def fit(block: Block) -> Fitted:
    """The block at the largest common scale that fits its box (sizes shrink together);
    LayoutError when even MIN_TEXT_PT does not fit."""
    parts = [p for p in block.parts if p.text]
    box = block.box
    if not parts:
        return Fitted(block, 1.0, 0.0, ())
    scale = 1.0
    least = MIN_TEXT_PT / min(p.size for p in parts)
    height, wrapped = _layout(parts, box.width, scale)
    while height > box.height and scale * SHRINK >= least:
        scale *= SHRINK
        height, wrapped = _layout(parts, box.width, scale)
    if height > box.height:
        raise LayoutError(
            f"the {block.what} does not fit its {box.width / 72:.2f} x {box.height / 72:.2f} in "
            f"area even at {MIN_TEXT_PT:g} pt: expected a shorter text"
        )
    return Fitted(block, scale, height, tuple(tuple(lines) for lines in wrapped))


def _draw_block(c: Canvas, f: Fitted) -> None:
    """A fitted block's lines, top down."""
    b = f.block
    box = b.box
    c.setFillGray(b.gray)
    top = box.top - ((box.height - f.height) / 2 if b.middle else 0.0)
    for i, (p, lines) in enumerate(zip([p for p in b.parts if p.text], f.lines, strict=True)):
        size = p.size * f.scale
        ascent, depth = _extent(p.font, size)
        top -= size * LEADING * 0.5 if i else 0.0
        y = top - ascent
        c.setFont(p.font, size)
        for line in lines:
            if b.centred:
                c.drawCentredString(box.x + box.width / 2, y, line)
            else:
                c.drawString(box.x, y, line)
            y -= size * LEADING
        top = y + size * LEADING - depth


def _spine(c: Canvas, plan: CoverPlan, book: Book, fonts: draw.Fonts, m: Metrics) -> None:
    """Title (bold) from the top and author from the bottom of the spine, reading top to
    bottom; only where the plan allows spine text and it fits at MIN_TEXT_PT or more."""
    box = plan.spine_text
    if box is None:
        return
    ascent, depth = _extent(fonts.bold, 1.0)
    size = min(m.text_size * 1.4, box.width / (ascent + depth))
    if size < MIN_TEXT_PT:
        return  # a spine this thin takes no legible type
    gap = 2 * size
    runs = [(book.title, fonts.bold), (book.author, fonts.regular)]
    runs = [r for r in runs if r[0]]
    while runs:
        length = sum(stringWidth(text, font, 1.0) for text, font in runs)
        fitted = min(size, (box.height - gap * (len(runs) - 1)) / length)
        if fitted >= MIN_TEXT_PT:
            size = fitted
            break
        runs.pop()  # the author goes first, then the title
    if not runs:
        return
    ascent, depth = _extent(fonts.bold, size)
    c.saveState()
    # Local x runs down the spine, local y across it towards the front cover.
    c.translate(box.x, box.top)
    c.rotate(-90)
    baseline = (box.width - ascent - depth) / 2 + depth
    c.setFont(runs[0][1], size)
    c.drawString(0, baseline, runs[0][0])
    if len(runs) > 1:
        c.setFont(runs[1][1], size)
        c.drawRightString(box.height, baseline, runs[1][0])
    c.restoreState()
