"""Page geometry and pagination: pure numbers, no canvas.

Glossary and conventions:
  point      PDF unit, 72 pt = 1 in; y grows upwards from the bottom edge of the page
  page       numbered from 1; page 1 is a right-hand (recto) page, so odd pages have the
             gutter (inside margin) on the LEFT and even pages on the RIGHT
  trim       the finished page after cutting; without bleed the PDF page is the trim, with
             bleed the PDF page is larger by BLEED_PT at the outside edge, top and bottom
  live area  the trim minus MIN_MARGIN_PT on every side: nothing prints outside it
  gutter     the inside margin; Template.gutter None means auto: the KDP value for the
             page count, and never less than the outside margin (the binding eats the
             gutter, so a grid closer to the spine than to the edge looks off-centre)
  box        a page's content box: the trim minus its mirrored margins
  glyph box  the height a line of type may ink: TYPE_DESCENT below its baseline to
             TYPE_ASCENT above, in em (bounds that hold for common text faces)
  band       the strip at the top of a content box that holds a heading or running header
  slot       where one grid goes: its square Rect, the baseline of its label above it and
             of its foot line below it (time target, solving-time box), in the content
             box's local coordinates (origin at the box's lower-left corner)
  plan       every page in order with what it holds; counted before anything is drawn,
             because the gutter depends on the page count
  board      a multi-grid (samurai, twin) puzzle: ONE a page, whatever the template's
             puzzles_per_page (its cells stay large enough to write in), and
             BOARD_ANSWERS a page in the answer key, on pages of their own (Plan.board_slots,
             board_answer_slots)
  recto start  a section or the answer key opening on a right-hand page, a blank page
             put before it when needed (Template.print.starts_recto)

Everything here is derived from the Template and the Book; render.py only walks it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from ..core.errors import LayoutError
from ..core.lang import Texts
from ..core.model import Book, BookPuzzle, BookSection, Template, Tip
from ..core.rules import (
    ANSWERS_PER_PAGE,
    BLEED_PT,
    KDP_GUTTERS,
    LARGE_PRINT_ANSWER_PT,
    LARGE_PRINT_DIGIT_PT,
    LARGE_PRINT_HEADING_PT,
    LARGE_PRINT_PER_PAGE,
    LARGE_PRINT_TEXT_PT,
    MAX_ANSWER_GRAY,
    MIN_LINE_PT,
    MIN_MARGIN_PT,
    MIN_PAGES,
    MIN_TEXT_PT,
    PER_PAGE,
    Variant,
    kdp_gutter,
    page_limit,
)
from .cage_outlines import cage_fit, caged, fit_problem, least_sum
from .howto import guide_heading
from .tipsfit import Part, shown, tip_pages
from .workedfit import worked_pages

LARGE_PRINT_TEMPLATE = "letter-large-print"
"""The shipped large-print template with the largest cells, named where a large-print
template's cells are too small."""

CELL_TYPE_SHARE = 0.85
"""The largest digit a cell holds, as a share of its side."""

ONE_UP_FILL = 0.85
"""A lone grid spans at most this share of the box width, so it keeps some white around it."""

BOARD_FILL = 0.95
"""A multi-grid board spans at most this share of the box width: its empty corners and
edges (no grid there) keep the white around it that a lone square grid needs a margin for."""

BOARD_ANSWERS = (4, 2)
"""Boards an answer-key page holds: 4 where the template's answer pages hold at least 4
grids and the digits of the book's widest board keep their least size, else 2 (answers
are read, not solved, so small cells do)."""

TYPE_ASCENT = 0.95
"""Highest a font's ascent may reach above the baseline, in em, for placing text against
the live area (Vera: 0.76, its tallest glyphs 0.93; digits 0.73)."""

TYPE_DESCENT = 0.3
"""Lowest a font's descent may reach below the baseline, in em (Vera and DejaVu: 0.24)."""


class PageKind(Enum):
    """What a page holds."""

    TITLE = "title"
    COPYRIGHT = "copyright"
    BELONGS_TO = "belongs to"
    HOW_TO_PLAY = "how to play"
    TIPS = "tips"
    TECHNIQUE = "technique"
    SCALE = "scale"
    CONTENTS = "contents"
    PUZZLES = "puzzles"
    HINTS = "hints"
    ANSWERS = "answers"
    WORKED = "worked"
    NOTES = "notes"
    BLANK = "blank"


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle; (x, y) is its lower-left corner."""

    x: float
    """Left edge."""
    y: float
    """Bottom edge."""
    width: float
    """Width."""
    height: float
    """Height."""

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width


@dataclass(frozen=True)
class Slot:
    """The place of one grid on a page, in content-box coordinates."""

    grid: Rect
    """The square grid (its border's outline)."""
    label_y: float
    """Baseline of the label line above the grid."""
    foot_y: float | None = None
    """Baseline of the line below the grid (time target, solving-time box); None when the
    template shows neither."""


@dataclass(frozen=True)
class Metrics:
    """Type sizes and spacing of one template, scaled to its page."""

    heading_size: float
    """Section, answer and front-page headings."""
    band: float
    """Height of the heading band at the top of every content box."""
    running_size: float
    """The running header (section name) on pages that continue a part."""
    label_size: float
    """Puzzle labels ('Puzzle 37', difficulty) above body grids."""
    answer_label_size: float
    """Labels above answer-key grids."""
    text_size: float
    """Body text of the front pages."""
    footer_size: float
    """Page numbers."""
    least_size: float
    """The floor of any text that shrinks to fit (MIN_TEXT_PT, or larger in large print)."""
    gap: float
    """Space between body grids."""
    answer_gap: float
    """Space between answer-key grids."""


@dataclass(frozen=True)
class Page:
    """One page of the plan."""

    number: int
    """1-based page number; odd numbers are right-hand pages."""
    kind: PageKind
    """What the page holds."""
    title: str = ""
    """The part's heading: a section name, or 'Answers', 'Contents', 'Notes' ... in the
    book's language."""
    first: bool = True
    """True where a part starts (big heading), False on its later pages (running header)."""
    puzzles: tuple[BookPuzzle, ...] = ()
    """The grids on a puzzles or answers page, in slot order; on a hints page, the
    puzzles whose hints it holds."""
    entries: tuple[tuple[str, tuple[int, int] | None, int], ...] = ()
    """Contents lines on a contents page: (name, the first and last puzzle number of a
    section or None for the answer key, first page)."""
    tips: tuple[Tip, ...] = ()
    """The tips on a solving-tips page."""
    parts: tuple[Part, ...] = ()
    """On a worked-solutions page: its paragraphs and figures, top to bottom."""
    variant: Variant | None = None
    """On a how-to-play page: the variant it explains (None: the general page)."""
    cages: bool = False
    """On a how-to-play page: the killer page (cages and their sums)."""

    @property
    def numbered(self) -> bool:
        """Whether the footer shows the page number (not on the title leaf, the owner's
        page or a blank)."""
        return self.kind not in (PageKind.TITLE, PageKind.COPYRIGHT, PageKind.BELONGS_TO,
                                 PageKind.BLANK)


@dataclass(frozen=True)
class Plan:
    """The whole book laid out: pages, margins and the grid slots."""

    template: Template
    """The template the plan follows."""
    pages: tuple[Page, ...]
    """Every page in order; on demand the count is even and at least MIN_PAGES."""
    gutter: float
    """Inside margin in points."""
    metrics: Metrics
    """Type sizes and spacing."""
    puzzle_slots: tuple[Slot, ...]
    """Slots of a body page, filled in order."""
    answer_slots: tuple[Slot, ...]
    """Slots of an answer-key page, filled in order."""
    board_slots: tuple[Slot, ...] = ()
    """The slot of a multi-grid board's page (one a page)."""
    board_answer_slots: tuple[Slot, ...] = ()
    """Slots of an answer-key page of boards (board_answers)."""

    def slots(self, page: Page) -> tuple[Slot, ...]:
        """The slots of a puzzles or answers page: a board page's own, or the template's."""
        board = bool(page.puzzles) and page.puzzles[0].variant.board is not None
        if page.kind is PageKind.ANSWERS:
            return self.board_answer_slots if board else self.answer_slots
        return self.board_slots if board else self.puzzle_slots

    def box(self, number: int) -> Rect:
        """The content box of page `number` in page coordinates."""
        return content_box(self.template, self.gutter, number)


def board_answers(t: Template, m: Metrics, across: int) -> int:
    """How many boards `across` cells wide an answer-key page holds (BOARD_ANSWERS),
    judged in the content box of the widest gutter the book may get (the gutter waits
    for the page count, which waits for this)."""
    many, few = BOARD_ANSWERS
    least = LARGE_PRINT_ANSWER_PT if t.large_print else MIN_TEXT_PT
    height = t.page_height - t.margin_top - t.margin_bottom - m.band
    side = slots(many, tips_width(t), height, m.answer_label_size * 1.6, m.answer_gap,
                 t.lines.answer_box)[0].grid.width
    return many if t.answers_per_page >= many and t.digit_scale * side / across >= least \
        else few


def _runs(kind: PageKind, name: str, puzzles: tuple[BookPuzzle, ...], per_page: int,
          board_per_page: int) -> list[Page]:
    """The pages of a part: its puzzles in order, per_page a page, boards board_per_page
    a page on pages of their own (hints are text: a hints page takes any puzzle)."""

    def drawn(p: BookPuzzle) -> bool:
        return kind is not PageKind.HINTS and p.variant.board is not None

    pages: list[Page] = []
    i = 0
    while i < len(puzzles):
        board = drawn(puzzles[i])
        room = board_per_page if board else per_page
        end = i + 1
        while end < len(puzzles) and end - i < room and drawn(puzzles[end]) == board:
            end += 1
        pages.append(Page(0, kind, name, not pages, puzzles[i:end]))
        i = end
    return pages


def page_size(t: Template) -> tuple[float, float]:
    """(width, height) of the PDF page: the trim, plus the bleed when there is one."""
    bleed = BLEED_PT if t.print.bleed else 0.0
    return t.page_width + bleed, t.page_height + 2 * bleed


def trim_box(t: Template, number: int) -> Rect:
    """The trim of page `number` in page coordinates: the bleed lies at the outside edge
    (right of odd pages, left of even pages), at the top and at the bottom."""
    if not t.print.bleed:
        return Rect(0.0, 0.0, t.page_width, t.page_height)
    return Rect(0.0 if number % 2 else BLEED_PT, BLEED_PT, t.page_width, t.page_height)


def auto_gutter(t: Template, pages: int) -> float:
    """The inside margin of a book of `pages` pages: the template's, or for 'auto' KDP's
    gutter for the page count widened to the outside margin when that is larger."""
    if t.gutter is not None:
        return t.gutter
    return max(kdp_gutter(pages), t.margin_outside)


def content_box(t: Template, gutter: float, number: int) -> Rect:
    """The trim minus its mirrored margins: the gutter is on the left of odd pages."""
    trim = trim_box(t, number)
    left = gutter if number % 2 else t.margin_outside
    return Rect(
        trim.x + left,
        trim.y + t.margin_bottom,
        t.page_width - gutter - t.margin_outside,
        t.page_height - t.margin_top - t.margin_bottom,
    )


def footer_room(t: Template) -> float:
    """The least bottom margin that holds the page number's glyph box between the live
    area's edge (MIN_MARGIN_PT above the trim) and the content box."""
    return MIN_MARGIN_PT + (TYPE_ASCENT + TYPE_DESCENT) * metrics(t).footer_size


def footer_anchor(t: Template, box: Rect, number: int, size: float) -> tuple[float, float, str]:
    """(x, baseline, 'left'|'right') of the page number: outer corner, inside the margins.

    Local to the content box: the number's glyph box is centred between the live area's
    bottom edge and the box (a baseline centred alone would let descenders and a large
    size reach the trim), aligned with the outer edge of the box (right on odd pages,
    left on even pages).
    """
    centre = (MIN_MARGIN_PT - t.margin_bottom) / 2
    baseline = centre - (TYPE_ASCENT - TYPE_DESCENT) / 2 * size
    return (box.width, baseline, "right") if number % 2 else (0.0, baseline, "left")


def metrics(t: Template) -> Metrics:
    """Type sizes and spacing from the page size: letter gets 20 pt headings, 6x9 about 14.

    Large print scales labels and body text by 1.3, keeps every size at least
    LARGE_PRINT_TEXT_PT and headings at least LARGE_PRINT_HEADING_PT.
    """
    w = t.page_width
    grow = 1.3 if t.large_print else 1.0
    least = LARGE_PRINT_TEXT_PT if t.large_print else MIN_TEXT_PT
    heading = max(LARGE_PRINT_HEADING_PT if t.large_print else 0.0,
                  _clamp(w * 0.033, 14.0, 22.0))
    label = max(least, _clamp(w * 0.018, 9.0, 12.0) * grow)
    return Metrics(
        heading_size=heading,
        band=heading * 1.9,
        running_size=max(least, MIN_TEXT_PT + 2, label * 0.85),
        label_size=label,
        answer_label_size=max(least, 8.0),
        text_size=max(least, _clamp(w * 0.02, 10.0, 13.0) * grow),
        footer_size=max(least, _clamp(w * 0.016, 9.0, 11.0)),
        least_size=least,
        gap=max(18.0, 0.07 * (w - 72.0)),
        answer_gap=max(10.0, 0.04 * (w - 72.0)),
    )


def arrangement(
    count: int, width: float, height: float, label: float, gap: float
) -> tuple[int, int]:
    """(columns, rows) that give `count` grids the largest square side in the area.

    Each grid needs a label line of height `label` above it and `gap` to its neighbours.
    Ties go to fewer empty slots, then to fewer columns.
    """
    best: tuple[float, int, int, int] | None = None
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        side = _side(cols, rows, width, height, label, gap)
        key = (round(side, 6), -(cols * rows - count), -cols, cols)
        if best is None or key > best:
            best = key
    assert best is not None
    return best[3], math.ceil(count / best[3])


def slots(
    count: int, width: float, height: float, label: float, gap: float, border: float,
    foot: float = 0.0, fill: float = ONE_UP_FILL,
) -> tuple[Slot, ...]:
    """`count` slots in an area of width x height (origin lower-left), row by row from the top.

    Each grid with its label line above (and its foot line below, when `foot` > 0) is
    centred in its cell of the arrangement; a lone grid is kept to `fill` of the
    width. Grids are inset by half the border width, so the stroked border stays inside
    the area (and the margins).
    """
    cols, rows = arrangement(count, width, height, label + foot, gap)
    side = _side(cols, rows, width, height, label + foot, gap)
    if count == 1:
        side = min(side, fill * width)
    cell_w = (width - (cols - 1) * gap) / cols
    cell_h = (height - (rows - 1) * gap) / rows
    out = []
    for i in range(count):
        r, c = divmod(i, cols)
        x = c * (cell_w + gap) + (cell_w - side) / 2
        top = height - r * (cell_h + gap) - (cell_h - side - label - foot) / 2
        grid = Rect(x + border / 2, top - label - side + border / 2, side - border, side - border)
        # capitals of the foot line (0.73 em) hang as far below the grid as the label
        # sits above it (0.3 of its room): 0.76 of the room down to the baseline
        below = top - label - side - 0.76 * foot
        out.append(Slot(grid, top - 0.7 * label, below if foot else None))
    return tuple(out)


def _side(cols: int, rows: int, width: float, height: float, label: float, gap: float) -> float:
    return min(
        (width - (cols - 1) * gap) / cols,
        (height - (rows - 1) * gap) / rows - label,
    )


def _clamp(v: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, v))


def digit_size(side: float, n: int, scale: float) -> float:
    """Type size of the symbols in an n x n grid of the given side: scale x cell, >= 7 pt."""
    return max(MIN_TEXT_PT, scale * side / n)


def tips_width(t: Template) -> float:
    """The width the tips are laid out in: the content box with the widest gutter the
    book may get, as the gutter waits for the page count."""
    gutter = KDP_GUTTERS[-1][1] if t.gutter is None else t.gutter
    return t.page_width - t.margin_outside - gutter


def tips_room(t: Template, m: Metrics) -> float:
    """The height the tips are laid out in: the content box below the heading band."""
    return t.page_height - t.margin_top - t.margin_bottom - m.band


def tip_fits(t: Template, texts: Texts) -> Callable[[Tip, bool], bool]:
    """Whether a tip's diagram fits a tips page of the template, its candidates at the
    least type size, its houses whole (or cut, given True): the tips take an example
    whose diagram does."""
    m = metrics(t)
    return lambda tip, cut: shown(tip, texts, tips_width(t), m.least_size, m.text_size,
                                  tips_room(t, m), cut)


HINT_LINES = 3
"""Lines of text each hint has room for at the body size; a longer one shrinks to fit
(hints per page never depend on the hints' words, so a book of blank grids has the page
count of the book to come)."""

HINT_LEADING = 1.3
"""Line pitch of the hints, as a multiple of the type size."""

HINT_GAP = 0.7
"""Space between two hints, in lines."""


def hints_per_page(t: Template, m: Metrics) -> int:
    """How many hints fit on one hints page, each in a slot of HINT_LINES lines."""
    height = t.page_height - t.margin_top - t.margin_bottom - m.band
    return max(1, int(height // hint_pitch(m)))


def hint_pitch(m: Metrics) -> float:
    """The height of one hint's slot, the gap after it included."""
    return (HINT_LINES + HINT_GAP) * HINT_LEADING * m.text_size


def contents_lines(t: Template, m: Metrics) -> int:
    """How many contents lines fit on one contents page."""
    height = t.page_height - t.margin_top - t.margin_bottom - m.band
    return max(1, int(height // (m.text_size * 2.0)))


def plan_book(book: Book) -> Plan:
    """Every page of the book, the gutter and the slots; LayoutError if it cannot be printed."""
    plan = plan_pages(book)
    check_page_limit(plan)
    _check_sizes(plan, [p for s in book.sections for p in s.puzzles])
    return plan


def page_count(book: Book) -> int:
    """The interior's page count, as the PDF will have it (a cover's spine depends on it).

    Only the sections' puzzle counts and the template matter, so a book of blank grids
    gives the count of the book to come.
    """
    return len(plan_pages(book).pages)


def section_heading(section: BookSection, texts: Texts) -> str:
    """The heading of a section's puzzle pages: its name, and the rule of its kind when
    no mark on the grid shows it (Variant.rule_in_heading: 'Anti-knight - no digit
    repeats a knight's move away'), so every page of the section says it."""
    kind = section.puzzles[0].variant if section.puzzles else None
    if kind is None or not kind.rule_in_heading:
        return section.name
    return texts("heading.ruled", name=section.name, rule=texts(f"rule.{kind.name}"))


def plan_pages(book: Book) -> Plan:
    """Every page of the book, the gutter and the slots, before the check that every grid
    size is printable (config asks this of a book of blank grids to judge a config).

    Order: title leaf (title page and its back with the copyright page), "this book
    belongs to", how to play (and a page for each variant besides classic that the book
    holds, howto.guide, then the killer page for caged grids), solving tips, the
    difficulty scale, contents, one part per section (a technique section's opens with
    the page teaching its technique), the hints (when the book has them), the answer key,
    the worked solutions (when the book has any); the front pages
    each as the book's FrontMatter asks. With recto starts a blank page goes before a part
    that would start on a left-hand page. On demand, Notes pages follow up to an even
    count of at least MIN_PAGES (plan_book then refuses a book over the page limit of its
    trim and paper). Sections without puzzles are left out.
    """
    t = book.template
    _check_template(t)
    sections = [s for s in book.sections if s.puzzles]
    if not sections:
        raise LayoutError(f"book {book.title!r} has no puzzles to lay out")
    m = metrics(t)
    words = book.texts
    front: list[Page] = []
    if book.front.title_page:
        front += [Page(0, PageKind.TITLE), Page(0, PageKind.COPYRIGHT)]
    if book.front.belongs_to:
        front.append(Page(0, PageKind.BELONGS_TO))
    if book.front.how_to_play:
        # the general page, then its worked example on a page of its own
        front += [Page(0, PageKind.HOW_TO_PLAY, words("heading.how_to_play"), first)
                  for first in (True, False)]
        present = {p.variant for s in sections for p in s.puzzles}
        front += [Page(0, PageKind.HOW_TO_PLAY, guide_heading(v.value, words), variant=v)
                  for v in Variant if v in present and v.howto]
        if any(caged(p) for s in sections for p in s.puzzles):
            front.append(Page(0, PageKind.HOW_TO_PLAY, guide_heading("killer", words),
                              cages=True))
    if book.front.tips and book.tips:
        groups = tip_pages(book.tips, words, tips_width(t), tips_room(t, m), m.text_size,
                           m.least_size)
        front += [Page(0, PageKind.TIPS, words("heading.tips"), i == 0, tips=group)
                  for i, group in enumerate(groups)]
    if book.front.scale:
        front.append(Page(0, PageKind.SCALE, words("heading.scale")))
    answers = words("heading.answers")
    worked = words("heading.worked")
    back = ([words("heading.hints")] if book.hints else []) + [answers] \
        + ([worked] if book.worked else [])
    names = [s.name for s in sections] + back
    # a daily book's sections are months, its grids labelled by date, not by number
    spans: list[tuple[int, int] | None] = [
        None if s.puzzles[0].date else
        (min(p.number for p in s.puzzles), max(p.number for p in s.puzzles)) for s in sections]
    spans += [None] * len(back)
    per_contents = contents_lines(t, m)
    contents_pages = math.ceil(len(names) / per_contents) if book.front.contents else 0
    everything = sorted((p for s in sections for p in s.puzzles), key=lambda p: p.number)
    runs = [(PageKind.PUZZLES, section_heading(s, words), s.puzzles, t.puzzles_per_page)
            for s in sections]
    if book.hints:
        runs.append((PageKind.HINTS, back[0], tuple(everything), hints_per_page(t, m)))
    runs.append((PageKind.ANSWERS, answers, tuple(everything), t.answers_per_page))
    across = max((p.across for p in everything if p.variant.board), default=0)
    per_board = board_answers(t, m, across) if across else 0
    parts = [_runs(kind, name, puzzles, per_page,
                   per_board if kind is PageKind.ANSWERS else 1)
             for kind, name, puzzles, per_page in runs]
    for part, s in zip(parts, sections, strict=False):
        if s.technique is not None:  # the part opens with the page teaching its technique
            part.insert(0, Page(0, PageKind.TECHNIQUE, s.name, tips=(s.technique,)))
    if book.worked:
        # the appendix after the answer key: a reader checks an answer first, then turns
        # here to see how it is reached
        parts.append([Page(0, PageKind.WORKED, worked, i == 0, parts=group)
                      for i, group in enumerate(worked_pages(
                          book.worked, words, tips_width(t), tips_room(t, m), m.text_size,
                          m.least_size))])
    body: list[Page] = []
    firsts = []
    for part in parts:
        first = len(front) + contents_pages + len(body) + 1
        if t.print.starts_recto and first % 2 == 0:
            body.append(Page(0, PageKind.BLANK, first=False))
            first += 1
        firsts.append(first)
        body += part
    entries = tuple(zip(names, spans, firsts, strict=True))
    contents = [
        Page(
            0,
            PageKind.CONTENTS,
            words("heading.contents"),
            i == 0,
            entries=entries[i * per_contents : (i + 1) * per_contents],
        )
        for i in range(contents_pages)
    ]
    pages = front + contents + body
    total = len(pages)
    if t.print.platform.on_demand:
        total = max(MIN_PAGES, total + total % 2)
    notes = words("heading.notes")
    pages += [Page(0, PageKind.NOTES, notes, i == 0) for i in range(total - len(pages))]
    pages = [replace(p, number=i + 1) for i, p in enumerate(pages)]
    gutter = auto_gutter(t, total)
    box = content_box(t, gutter, 1)
    if box.width <= 0 or box.height <= m.band:
        raise LayoutError(
            f"template {t.name!r}: margins leave no room on a "
            f"{t.page_width:g} x {t.page_height:g} pt page"
        )
    area_h = box.height - m.band
    label, foot = m.label_size * 1.6, (
        m.label_size * 1.6 if t.time_target is not None or t.solved_box else 0.0)
    plan = Plan(
        template=t,
        pages=tuple(pages),
        gutter=gutter,
        metrics=m,
        puzzle_slots=slots(t.puzzles_per_page, box.width, area_h, label, m.gap,
                           t.lines.border, foot),
        answer_slots=slots(
            t.answers_per_page,
            box.width,
            area_h,
            m.answer_label_size * 1.6,
            m.answer_gap,
            t.lines.answer_box,
        ),
        board_slots=slots(1, box.width, area_h, label, m.gap, t.lines.border, foot,
                          BOARD_FILL),
        board_answer_slots=slots(per_board, box.width, area_h, m.answer_label_size * 1.6,
                                 m.answer_gap, t.lines.answer_box) if per_board else (),
    )
    return plan


def check_page_limit(plan: Plan) -> None:
    """LayoutError when an on-demand book has more pages than its trim and paper allow."""
    t = plan.template
    if not t.print.platform.on_demand:
        return
    limit = page_limit(t.page_width, t.page_height, t.print.paper)
    if len(plan.pages) > limit:
        raise LayoutError(
            f"the book needs {len(plan.pages)} pages; expected at most {limit} for "
            f"{t.print.platform.value} on {t.print.paper.value} paper at "
            f"{_inches(t.page_width)} x {_inches(t.page_height)} in: fewer puzzles, "
            "or more of them a page"
        )


def _check_template(t: Template) -> None:
    if t.puzzles_per_page not in PER_PAGE:
        raise LayoutError(
            f"template {t.name!r}: puzzles_per_page is {t.puzzles_per_page}: expected "
            f"{', '.join(map(str, PER_PAGE[:-1]))} or {PER_PAGE[-1]}"
        )
    least, most = ANSWERS_PER_PAGE
    if not least <= t.answers_per_page <= most:
        raise LayoutError(
            f"template {t.name!r}: answers_per_page is {t.answers_per_page}: expected "
            f"{least} to {most}"
        )
    if t.large_print and t.puzzles_per_page > LARGE_PRINT_PER_PAGE:
        raise LayoutError(
            f"template {t.name!r}: large print allows at most {LARGE_PRINT_PER_PAGE} puzzles "
            f"a page, not {t.puzzles_per_page}"
        )
    if not 0.0 <= t.answer_gray <= MAX_ANSWER_GRAY:
        raise LayoutError(
            f"template {t.name!r}: answer_gray is {t.answer_gray:g}: expected 0 to "
            f"{MAX_ANSWER_GRAY:g} (filled-in answers at least 60% black)"
        )
    thin = {k: v for k, v in vars(t.lines).items() if v < MIN_LINE_PT}
    if thin:
        k, v = next(iter(thin.items()))
        raise LayoutError(
            f"template {t.name!r}: lines.{k} is {v:g} pt: expected at least {MIN_LINE_PT:g}"
        )
    if t.margin_bottom < footer_room(t) - 1e-9:
        raise LayoutError(f"template {t.name!r}: {footer_problem(t)}")


def footer_problem(t: Template) -> str:
    """Why the bottom margin cannot hold the page number (config and layout say the same)."""
    need = footer_room(t)
    return (
        f"a bottom margin of {_inches(t.margin_bottom)}in leaves no room for the "
        f"{metrics(t).footer_size:.3g} pt page number at least 0.25in from the trim; "
        f"expected at least {math.ceil(round(need / 72 * 100, 6)) / 100:g}in"
    )


def glyph_problem(ascent: float, descent: float) -> str | None:
    """Why a font's ink may leave the room the layout places type in (ascent above and
    descent below the baseline, in em), or None when it keeps inside."""
    if ascent <= TYPE_ASCENT + 1e-9 and descent <= TYPE_DESCENT + 1e-9:
        return None
    return (
        f"its glyphs reach {ascent:.2f} em above and {descent:.2f} em below the baseline; "
        f"expected at most {TYPE_ASCENT:g} and {TYPE_DESCENT:g} em, the room page numbers "
        "are placed in 0.25in from the trim"
    )


def _inches(pt: float) -> str:
    return f"{round(pt / 72, 2):g}"


def _check_sizes(plan: Plan, puzzles: list[BookPuzzle]) -> None:
    """Every grid size in the book must be printable in its slots (type >= 7 pt, fits)."""
    t = plan.template
    for n, across in sorted({(p.n, p.across) for p in puzzles}):
        board = across != n
        body_side = (plan.board_slots if board else plan.puzzle_slots)[0].grid.width
        answer_side = (plan.board_answer_slots if board else plan.answer_slots)[0].grid.width
        for side, what, per_page in (
            (body_side, "puzzles_per_page", 1 if board else t.puzzles_per_page),
            (answer_side, "answers_per_page", len(plan.board_answer_slots) if board
             else t.answers_per_page),
        ):
            cell = side / across
            if MIN_TEXT_PT > CELL_TYPE_SHARE * cell:
                raise LayoutError(
                    f"template {t.name!r}: {n}x{n} grids at {what} {per_page} get "
                    f"{cell:.1f} pt cells, too small for {MIN_TEXT_PT:g} pt type: "
                    f"expected fewer {what.replace('_per_page', '')} a page"
                )
        if any(caged(p) for p in puzzles if p.n == n):
            problem = cage_problem(plan, n)
            if problem:
                raise LayoutError(problem)
        if not t.large_print:
            continue
        for side, least, what in (
            (body_side, LARGE_PRINT_DIGIT_PT, "digits"),
            (answer_side, LARGE_PRINT_ANSWER_PT, "answer digits"),
        ):
            size = digit_size(side, across, t.digit_scale)
            if size < least:
                raise LayoutError(
                    f"template {t.name!r}: large print needs {what} of at least "
                    f"{least:g} pt, {n}x{n} grids get {size:.1f} pt"
                )


def cage_problem(plan: Plan, n: int) -> str | None:
    """Why caged n x n puzzle grids cannot show their sums (at least KILLER_SUM_PT), dashes
    and digits legibly in the plan's puzzle slots, or None (config says the same). Answer
    grids show no cages, so they need no more room than classic ones."""
    t = plan.template
    side = plan.puzzle_slots[0].grid.width
    least = LARGE_PRINT_DIGIT_PT if t.large_print else MIN_TEXT_PT
    sums = least_sum(plan.metrics.least_size)
    bigger = f", or a larger page such as the template {LARGE_PRINT_TEMPLATE!r}"
    problem = fit_problem(cage_fit(side / n, t.lines.border, digit_size(side, n, t.digit_scale),
                                   sums), least)
    if problem:
        return (f"template {t.name!r}: killer {n}x{n} grids at puzzles_per_page "
                f"{t.puzzles_per_page}: {problem} (fewer puzzles a page"
                f"{bigger if t.large_print and t.name != LARGE_PRINT_TEMPLATE else ''})")
    return None
