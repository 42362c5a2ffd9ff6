"""The full-wrap cover: back, spine and front drawn on one page (PRINT.md, the cover).

Glossary and conventions:
  plan     cover_geometry.CoverPlan: every area in wrap coordinates; nothing here decides
           where things go, only how large text can be to fit its area
  ink      cover_ink.Ink: the accent and its tints, white and black, in the cover's one
           colour space (gray, RGB or CMYK)
  typeset  every text of the cover at the size that fits its area (Typeset), made before
           the canvas is opened, so a text too long stops the cover before any file
  block    lines of text set in a box: every part shrinks by the same factor until all fit,
           wrapped on words; glyph boxes (font ascent to descent) stay inside the box
  blurb    the config's text for the back cover, else the language's (cover.blurb), set at
           11-12 pt in a measure of at most 60 characters (cover_type)
  badges   short texts on the front in the book's language: the puzzle count, the range of
           bands, answers included
  grids    the cover's puzzles are the book's own, drawn by draw.puzzle_grid like the
           interior's, with the template's fonts and line weights, and no interior label
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..core.errors import LayoutError
from ..core.model import Band, Book, BookPuzzle, CoverStyle
from ..core.rules import MIN_TEXT_PT
from . import cover_front, draw
from .cover_geometry import GAP_PT, CoverPlan, cover_plan
from .cover_ink import Ink, ink
from .cover_type import SetText, blurb_lines, blurb_need, stacked, title_lines
from .fit import wrap
from .geometry import Metrics, Rect, digit_size, metrics
from .writer import open_canvas, register_fonts, write_pdf

LEADING = 1.25
"""Line pitch of the smaller blocks as a multiple of the type size."""

SHRINK = 0.95
"""Factor a block's sizes shrink by per try while it does not fit."""

TITLE_SHARE = 0.15
"""The title's largest size as a share of the trim width (65 pt on 6x9)."""

SUBTITLE_SHARE = 0.04
"""The subtitle's size as a share of the trim width."""

SUBTITLE_ROOM = 0.3
"""Most of the title area's height the subtitle may take."""

AUTHOR_SHARE = 0.036
"""The author's size as a share of the trim width."""

HEADING_SHARE = 0.05
"""The back's heading size as a share of the trim width."""

SMALL_SHARE = 0.023
"""Caption, imprint and price size as a share of the trim width (10 pt on 6x9)."""


class Align(Enum):
    """Where a block's lines sit across its box."""

    LEFT = "left"
    """Flush left."""
    CENTRE = "centre"
    """Centred."""
    RIGHT = "right"
    """Flush right."""


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
    """What it is, for an error message: 'author on the front cover'."""
    key: str
    """The config key that sets its text."""
    align: Align = Align.CENTRE
    """Where the lines sit across the box."""
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


@dataclass(frozen=True)
class Typeset:
    """Every text of a cover at its size."""

    title: SetText
    """The front's title."""
    subtitle: Fitted
    """The front's subtitle (no lines when the book has none)."""
    author: Fitted
    """The author's line on the front."""
    heading: Fitted
    """The title again at the top of the back."""
    blurb: tuple[SetText, ...]
    """The back's paragraphs."""
    caption: Fitted
    """The line above the back's sample."""
    imprint: Fitted
    """The imprint's lines, lower left on the back."""
    price: Fitted
    """The price line above the barcode area (no lines without a price)."""
    badges: cover_front.Badges | None
    """The front's badges, or None when the config turns them off."""


def render_cover(book: Book, pages: int, path: str | Path) -> CoverPlan:
    """Draw the cover of `book`, whose interior has `pages` pages, into `path` (written
    atomically); returns the plan, whose numbers the manifest records. LayoutError, and no
    file, when a text does not fit its area."""
    t = book.template
    fonts = register_fonts(t)
    m = metrics(t)
    plan = plan_cover(book, pages, fonts)
    front, back = cover_puzzles(book)
    typeset, problems = typeset_cover(plan, book, fonts)
    if typeset is None:
        raise LayoutError(problems[0][1])
    palette = ink(book.cover, t.print.pdfx)
    write_pdf(path, lambda temp: _write(temp, plan, book, fonts, m, palette, typeset,
                                        front, back))
    return plan


def cover_problems(book: Book, pages: int) -> list[tuple[str, str]]:
    """(config key, message) for each reason the cover of `book` could not be drawn: a
    trim too small for the back's barcode area and sample, a text too long for its area.
    Config asks this of a book of blank grids, before any work."""
    fonts = register_fonts(book.template)
    try:
        plan = plan_cover(book, pages, fonts)
    except LayoutError as e:
        return [("template", str(e))]
    return typeset_cover(plan, book, fonts)[1]


def plan_cover(book: Book, pages: int, fonts: draw.Fonts) -> CoverPlan:
    """The cover's plan, its back's sample as large as leaves the blurb room at its least
    size."""
    t, style = book.template, book.cover.style
    width = cover_plan(t, pages, style).blurb.width
    return cover_plan(t, pages, style, blurb_need(paragraphs(blurb_text(book)), fonts.regular,
                                                  width))


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


def badges(book: Book) -> tuple[str, ...]:
    """The badges' texts: the puzzle count, the range of the puzzles' bands (one band's word
    when they share it; none for blank grids) and answers included."""
    puzzles = [p for s in book.sections for p in s.puzzles]
    texts = [book.texts("cover.badge.count", count=len(puzzles))]
    bands = sorted({p.band for p in puzzles if p.band is not None}, key=list(Band).index)
    if len(bands) == 1:
        texts.append(book.texts(f"band.{bands[0].value}"))
    elif bands:
        texts.append(book.texts("cover.badge.range", easiest=book.texts(f"band.{bands[0].value}"),
                                hardest=book.texts(f"band.{bands[-1].value}")))
    texts.append(book.texts("cover.badge.answers"))
    return tuple(texts)


def imprint(book: Book) -> str:
    """The back's imprint: the publication's imprint and ISBN, else the author's name."""
    pub = book.publication
    lines = [book.texts("copyright.imprint", imprint=pub.imprint)] if pub and pub.imprint \
        else [book.author]
    if pub and pub.isbn:
        lines.append(book.texts("copyright.isbn", isbn=pub.isbn))
    return "\n".join(line for line in lines if line)


def typeset_cover(plan: CoverPlan, book: Book, fonts: draw.Fonts
                  ) -> tuple[Typeset | None, list[tuple[str, str]]]:
    """Every text of the cover set in its area, or None and (config key, message) for each
    text that does not fit."""
    w = plan.trim[0]
    problems: list[tuple[str, str]] = []

    def attempt(key: str, make: Callable[[], object], again: bool = True) -> object:
        """make(), or None and its problem noted (unless `again` is false and the key has
        one already)."""
        try:
            return make()
        except LayoutError as e:
            if again or key not in {k for k, _ in problems}:
                problems.append((key, str(e)))
            return None

    box = plan.title
    align = Align.LEFT if plan.style is CoverStyle.TYPOGRAPHIC else Align.CENTRE
    sub_box = Rect(box.x, box.y, box.width, box.height * SUBTITLE_ROOM)
    subtitle = attempt("subtitle", lambda: fit(Block(
        sub_box, (Part(book.subtitle, fonts.regular, SUBTITLE_SHARE * w),),
        "subtitle on the front cover", "subtitle", align=align, middle=False)))
    room = box.height - (subtitle.height + 2 * GAP_PT if isinstance(subtitle, Fitted)
                         and subtitle.height else 0.0)
    title = attempt("title", lambda: title_lines(book.title, fonts.bold, box.width, room,
                                                 TITLE_SHARE * w, MIN_TEXT_PT))
    small = SMALL_SHARE * w
    blocks = {
        "author": Block(plan.author, (Part(book.author, fonts.regular, AUTHOR_SHARE * w),),
                        "author on the front cover", "author", align=align),
        "heading": Block(plan.heading, (Part(book.title, fonts.bold, HEADING_SHARE * w),),
                         "title on the back cover", "title"),
        "caption": Block(plan.caption, (Part(book.texts("cover.sample"), fonts.bold, small),),
                         "caption of the back's sample", "text"),
        "imprint": Block(plan.imprint, tuple(Part(line, fonts.regular, small)
                                             for line in imprint(book).splitlines()),
                         "imprint on the back cover",
                         "publication" if book.publication and book.publication.imprint
                         else "author", align=Align.LEFT, middle=False),
        "price": Block(plan.price, (Part(book.cover.price, fonts.bold, small * 1.1),),
                       "price on the back cover", "cover.price", align=Align.RIGHT),
    }
    # The imprint may be the author's name again: told once, at the front's line.
    fitted = {name: attempt(b.key, partial(fit, b), again=name != "imprint")
              for name, b in blocks.items()}
    blurb = attempt("cover.blurb", lambda: blurb_lines(paragraphs(blurb_text(book)),
                                                       fonts.regular, plan.blurb.width,
                                                       plan.blurb.height))
    badge_set = cover_front.fit_badges(badges(book), fonts.bold, plan.badges, w) \
        if book.cover.badges else None
    if problems:
        return None, problems
    assert isinstance(title, SetText) and isinstance(subtitle, Fitted)
    assert isinstance(blurb, tuple)
    f = {k: v for k, v in fitted.items() if isinstance(v, Fitted)}
    return Typeset(title, subtitle, f["author"], f["heading"], blurb, f["caption"],
                   f["imprint"], f["price"], badge_set), []


def _write(path: Path, plan: CoverPlan, book: Book, fonts: draw.Fonts, m: Metrics,
           palette: Ink, ts: Typeset, front: BookPuzzle, back: BookPuzzle) -> None:
    t = book.template
    c = open_canvas(path, plan.size, book, fonts, m.text_size)
    w, h = plan.size
    c.setBleedBox((0, 0, w, h))
    c.setTrimBox((plan.back.x, plan.back.y, plan.front.right, plan.front.top))
    _back(c, plan, book, fonts, palette, ts, back)
    _spine(c, plan, book, fonts, m, palette)
    colours = cover_front.front(c, plan, book, front, fonts, palette, ts.badges)
    _title(c, plan, ts, palette, colours, fonts)
    _draw_block(c, ts.author, lambda: cover_front.paint(c, palette, colours.author), fonts)
    if plan.art is not None:
        palette.fill_gray(c, 0.0)
        palette.stroke_gray(c, 0.0)
        draw.puzzle_grid(c, plan.art, front,
                         digit_size(plan.art.width, front.across, t.digit_scale), t.lines,
                         fonts, t.x_style, t.region_tint, t.givens_bold)
    c.showPage()
    c.save()


def _title(c: Canvas, plan: CoverPlan, ts: Typeset, palette: Ink,
           colours: cover_front.Colours, fonts: draw.Fonts) -> None:
    """The title and the subtitle, centred together in the title area; flush left in the
    typographic style, with a short rule between them."""
    box = plan.title
    centred = plan.style is not CoverStyle.TYPOGRAPHIC
    # The typographic style's rule takes a line of its own.
    gap = (GAP_PT if centred else 2 * GAP_PT) if ts.subtitle.height else 0.0
    height = ts.title.height + gap + ts.subtitle.height
    top = box.top - (box.height - height) / 2
    cover_front.paint(c, palette, colours.title)
    _set(c, ts.title, box, top, centred, fonts)
    if not ts.subtitle.height:
        return
    top -= ts.title.height + gap
    if not centred:
        cover_front.paint(c, palette, colours.title)
        c.setLineWidth(ts.title.size / 12)
        rule = top + gap / 2
        c.line(box.x, rule, box.x + box.width / 4, rule)
    _draw_block(c, ts.subtitle, lambda: cover_front.paint(c, palette, colours.subtitle), fonts,
                top)


def _set(c: Canvas, text: SetText, box: Rect, top: float, centred: bool,
         fonts: draw.Fonts) -> None:
    """Lines of one size from `top` (the first glyph box's top) down."""
    c.setFont(text.font, text.size)
    mode = draw.faux_mode(c, fonts, text.font, text.size)
    y = top - text.ascent
    for line in text.lines:
        if centred:
            c.drawCentredString(box.x + box.width / 2, y, line, mode=mode)
        else:
            c.drawString(box.x, y, line, mode=mode)
        y -= text.size * text.leading


def _back(c: Canvas, plan: CoverPlan, book: Book, fonts: draw.Fonts, palette: Ink,
          ts: Typeset, sample: BookPuzzle) -> None:
    """The back and the spine in the accent; on the back, in white: the heading, the blurb,
    the caption, the imprint and the price; the sample puzzle on a white square."""
    t = book.template
    g = plan.back_ground
    palette.fill(c)
    c.rect(g.x, g.y, g.width, g.height, stroke=0, fill=1)
    def white() -> None:
        cover_front.paint(c, palette, 1.0)

    for block in (ts.heading, ts.caption, ts.imprint, ts.price):
        _draw_block(c, block, white, fonts)
    box = plan.blurb
    width = max(part.width for part in ts.blurb) if ts.blurb else 0.0
    # The measure is narrower than a wide back: the column is centred on it.
    column = Rect(box.x + (box.width - width) / 2, box.y, width, box.height)
    top = box.top - (box.height - stacked(ts.blurb)) / 2
    white()
    for part in ts.blurb:
        _set(c, part, column, top, False, fonts)
        top -= part.height + part.size * part.leading * 0.5
    s = plan.sample
    pad = t.lines.border + GAP_PT / 2
    palette.fill_gray(c, 1.0)
    c.rect(s.x - pad, s.y - pad, s.width + 2 * pad, s.height + 2 * pad, stroke=0, fill=1)
    palette.fill_gray(c, 0.0)
    palette.stroke_gray(c, 0.0)
    draw.puzzle_grid(c, s, sample, digit_size(s.width, sample.across, t.digit_scale), t.lines,
                     fonts, t.x_style, t.region_tint, t.givens_bold)


def blurb_text(book: Book) -> str:
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


def _draw_block(c: Canvas, f: Fitted, paint: Callable[[], None], fonts: draw.Fonts,
                top: float | None = None) -> None:
    """A fitted block's lines, top down, in the colour `paint` sets; from `top` when given,
    else placed in its box as the block asks."""
    b = f.block
    box = b.box
    if top is None:
        top = box.top - ((box.height - f.height) / 2 if b.middle else 0.0)
    paint()
    for i, (p, lines) in enumerate(zip([p for p in b.parts if p.text], f.lines, strict=True)):
        size = p.size * f.scale
        ascent, depth = _extent(p.font, size)
        top -= size * LEADING * 0.5 if i else 0.0
        y = top - ascent
        c.setFont(p.font, size)
        mode = draw.faux_mode(c, fonts, p.font, size)
        for line in lines:
            if b.align is Align.CENTRE:
                c.drawCentredString(box.x + box.width / 2, y, line, mode=mode)
            elif b.align is Align.RIGHT:
                c.drawRightString(box.right, y, line, mode=mode)
            else:
                c.drawString(box.x, y, line, mode=mode)
            y -= size * LEADING
        top = y + size * LEADING - depth


def _spine(c: Canvas, plan: CoverPlan, book: Book, fonts: draw.Fonts, m: Metrics,
           palette: Ink) -> None:
    """Title (bold) from the top and author from the bottom of the spine, reading top to
    bottom, white on the accent; only where the plan allows spine text and it fits at
    MIN_TEXT_PT or more."""
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
    cover_front.paint(c, palette, 1.0)
    c.saveState()
    # Local x runs down the spine, local y across it towards the front cover.
    c.translate(box.x, box.top)
    c.rotate(-90)
    baseline = (box.width - ascent - depth) / 2 + depth
    c.setFont(runs[0][1], size)
    c.drawString(0, baseline, runs[0][0], mode=draw.faux_mode(c, fonts, runs[0][1], size))
    if len(runs) > 1:
        c.setFont(runs[1][1], size)
        c.drawRightString(box.height, baseline, runs[1][0])
    c.restoreState()
