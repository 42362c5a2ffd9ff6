"""Fitting the book's own words (title, subtitle, author, copyright, section names) into
their places: wrapped at word ends (a word longer than the line is broken), shrunk as far
as the print minimum and no further.

Glossary:
  fitted    text wrapped to a width at the largest size, at most the wanted one and at
            least MIN_TEXT_PT, that keeps it within its height; None when even MIN_TEXT_PT
            does not fit (config refuses such text at validate, naming its key: unfit)
  leading   line pitch as a multiple of the type size
  places    title page: the title from 0.72 of the box height down, within 0.30 of it; a
            rule; the subtitle down to just above the author, who starts at 0.25; the
            copyright in the lower half of its page; headings and contents lines are one
            line each (the contents page count assumes it)

Pure numbers from font metrics; draw.py draws what is fitted here.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import accumulate

from reportlab.pdfbase.pdfmetrics import stringWidth

from ..core import lang
from ..core.lang import Texts, fill
from ..core.model import (
    BANDS,
    STARS,
    Band,
    Book,
    BookPuzzle,
    DifficultyDisplay,
    Template,
)
from . import tipsfit
from .geometry import MIN_TEXT_PT, Metrics, PageKind, Plan, section_heading
from .howto import book_symbols, boxed_sizes, guide_rules, how_to_play_text

TITLE_TOP = 0.72
TITLE_HEIGHT = 0.30
AUTHOR_TOP = 0.25
"""Places on the title page, as fractions of the content box height."""

DESCENT = 0.3
"""Depth of descenders below the last baseline, in ems."""

SHRINK = 0.95
"""Each step down in size while fitting."""

LEADING = 1.35
"""Line pitch of body text as a multiple of the type size."""

STAR_PITCH = 1.05
"""Advance from one star to the next, in ems of the label's type."""

LOWEST_GRADE = 1.0
"""The lowest grade on the SE scale: a puzzle that needs nothing but full houses."""

PARAGRAPH_GAP = 0.9
"""Space after each paragraph of a how-to-play page, in ems."""

HIGHEST_GRADE = 99.9
"""A grade with as many digits as any a label shows (the widest it can print)."""


@dataclass(frozen=True)
class Fitted:
    """Text wrapped and sized for its place."""

    lines: tuple[str, ...]
    """The lines, in order."""
    size: float
    """Type size in points."""
    leading: float
    """Line pitch as a multiple of `size`."""

    @property
    def height(self) -> float:
        """From the top of the first line to the lowest descender of the last."""
        return self.size * (1 + (len(self.lines) - 1) * self.leading + DESCENT)


_CJK = ("\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
        "\uf900-\ufaff\uff00-\uffef")
"""Scripts written without spaces (Chinese, Japanese, Korean; full-width forms): a line
may break between any two of their characters."""

_OPENING = "「『（【〔〈《"
_CLOSING = "、。，．）」』】〕〉》ー・：；？！ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
"""Marks that stay with the character after (opening) or before (closing) them."""

_TOKENS = re.compile(rf"[ \t]+|[{_OPENING}]*(?:[{_CJK}]|[^ \t{_CJK}]+)[{_CLOSING}]*")
"""A run of spaces, one CJK character with its marks, or a word. A no-break space is
part of its word, so French '« mot »' and '4 :' never break."""


ORPHAN_LEAST = 3
"""Fewest characters the last line of a paragraph holds when the line before can give it
more: one or two characters alone on a line ('2.', 'す。') read as a mistake."""


def wrap(text: str, font: str, size: float, width: float,
         break_words: bool = True) -> list[str]:
    """Lines of at most `width` points, broken at spaces, between CJK characters and at
    line breaks; a word too long for a line is broken (or, without `break_words`, left
    on a line of its own, wider than `width`). A paragraph's last line of fewer than
    ORPHAN_LEAST characters takes words or CJK characters from the line before it."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        rows: list[list[str]] = [[]]  # each line's tokens, a space as its own token
        space = spaced = False  # spaced: the last line starts where a space was
        for token in _TOKENS.findall(paragraph):
            if token.isspace():
                space = bool(rows[-1])
                continue
            joined = [*rows[-1], " ", token] if space else [*rows[-1], token]
            if not rows[-1] or stringWidth("".join(joined), font, size) <= width:
                rows[-1] = joined
            else:
                rows.append([token])
                spaced = space
            space = False
        _no_orphan(rows, spaced, font, size, width)
        lines += ["".join(row) for row in rows]
    if not break_words:
        return lines
    return [part for line in lines for part in _broken(line, font, size, width)]


def _no_orphan(rows: list[list[str]], spaced: bool, font: str, size: float,
               width: float) -> None:
    """Move the last word or CJK character of the second last line to the start of the
    last (`spaced`: the two were parted at a space), while the last line holds fewer
    than ORPHAN_LEAST characters, still fits `width` and the line before keeps one."""
    if len(rows) < 2:
        return
    before, last = rows[-2], rows[-1]
    while len("".join(last)) < ORPHAN_LEAST and len(before) > 1:
        moved = [before[-1], " ", *last] if spaced else [before[-1], *last]
        if stringWidth("".join(moved), font, size) > width:
            return
        before.pop()
        spaced = before[-1] == " "
        if spaced:
            before.pop()
        last[:] = moved


def _broken(line: str, font: str, size: float, width: float) -> list[str]:
    """A line wider than `width` cut into pieces that fit, at least one character each."""
    if stringWidth(line, font, size) <= width:
        return [line]
    ends = list(accumulate(stringWidth(ch, font, size) for ch in line))
    out, start, used = [], 0, 0.0
    while start < len(line):
        # the most characters from `start` that fit, at least one
        end = max(start + 1, bisect_right(ends, used + width))
        out.append(line[start:end])
        start, used = end, ends[end - 1]
    return out


def fit(text: str, font: str, size: float, width: float, height: float,
        leading: float = 1.35) -> Fitted | None:
    """The text at the largest size from `size` down to MIN_TEXT_PT that fits the box."""
    while True:
        fitted = Fitted(tuple(wrap(text, font, size, width)), size, leading)
        if fitted.height <= height:
            return fitted
        if size <= MIN_TEXT_PT:
            return None
        size = max(MIN_TEXT_PT, size * SHRINK)


def fit_line(text: str, font: str, size: float, width: float) -> float | None:
    """The largest size, at most `size`, at which the text fits one line of `width`; None
    when that is below MIN_TEXT_PT."""
    used = stringWidth(text, font, size)
    if used <= width:
        return size
    smaller = size * width / used
    return smaller if smaller >= MIN_TEXT_PT else None


def label_parts(p: BookPuzzle, t: Template, texts: Texts) -> tuple[str, str, int]:
    """A grid's label: the template's (else the language's) text at its left, and at its
    right its difficulty as the template shows it (Template.difficulty): a text, or a
    number of stars (0: none). The difficulty in words is the puzzle's section name, so a
    label says what the section heading and the contents say ('Very Easy', not the
    band's 'Easy'). A daily book's grid is labelled with its date, and its difficulty in
    words is its band's (its section is its month)."""
    text = t.label or texts.template("label")
    if p.date:
        left, text, named = p.date, "", p.difficulty
    else:
        left, named = fill(text, number=p.number, difficulty=p.section), p.section
    if t.difficulty is DifficultyDisplay.BAND:
        return left, "" if "{difficulty}" in text else named, 0
    if t.difficulty is DifficultyDisplay.GRADE and p.grade is not None:
        return left, texts("grade", grade=texts.number(p.grade)), 0
    if t.difficulty is DifficultyDisplay.STARS and p.band is not None:
        return left, "", STARS[p.band]
    return left, "", 0


def shown_label(p: BookPuzzle, t: Template, texts: Texts, bold: str, regular: str,
                size: float, least: float, width: float) -> tuple[str, str, int]:
    """label_parts, without the section name where it cannot stand beside the label on
    a grid `width` wide even at `least` (the section's heading still names it)."""
    left, right, stars = label_parts(p, t, texts)
    if (right and t.difficulty is DifficultyDisplay.BAND
            and label_size(left, right, stars, bold, regular, size, least, width) is None):
        return left, "", stars
    return left, right, stars


def time_parts(p: BookPuzzle, t: Template, texts: Texts) -> tuple[str, str, str]:
    """The line under a puzzle grid: its time target by band at the left ('' without one)
    and, around the solving-time box at the right, the words before and after it ('' and
    '' without the box)."""
    target = (texts("time.target", minutes=t.time_target[list(Band).index(p.band)])
              if t.time_target and p.band is not None else "")
    if not t.solved_box:
        return target, "", ""
    return target, texts("time.solved"), texts("time.minutes")


def label_size(left: str, right: str, stars: int, bold: str, regular: str, size: float,
               least: float, width: float) -> float | None:
    """The size of the line above a grid `width` wide: `size`, or smaller so that `left`
    (bold), `right` (or the stars) and a gap of one em fit; None when even `least` does
    not fit."""
    used = stringWidth(left, bold, size) + stringWidth(right, regular, size)
    used += len(STARS) * STAR_PITCH * size if stars else 0.0
    if not used:
        return size
    if used * least / size + least > width:
        return None
    return max(least, min(size, size * (width - size) / used))


SOLVED_BOX_EM = 3.2
"""Width of the solving-time box in ems of the line's type (room for a handwritten '25')."""


def foot_size(target: str, before: str, after: str, font: str, size: float, least: float,
              width: float) -> float | None:
    """The size of the line under a grid `width` wide: `size`, or smaller so that the
    time target, the words around the solving-time box and the box (when `before` or
    `after` is set) fit with a gap of one em; None when even `least` does not fit."""
    used = sum(stringWidth(x, font, size) for x in (target, before, after))
    if before or after:
        used += (SOLVED_BOX_EM + 0.6) * size  # the box and a space on each side of it
    if not used:
        return size
    if used * least / size + least > width:
        return None
    return max(least, min(size, size * (width - size) / used))


def _labels(book: Book, bold: str, regular: str, plan: Plan) -> list[tuple[str | int, str]]:
    """(key, problem) when the label of the book's widest number, with each section's name
    and the widest difficulty it may show, is too wide for a puzzle or answer grid at the
    least size (the key a section's index when its name alone is too long); and when the
    line under a puzzle grid (time target, solving-time box) is too wide for it."""
    t, texts, m = book.template, book.texts, plan.metrics
    everything = [p for s in book.sections for p in s.puzzles]
    last = max(everything, key=lambda p: p.number, default=None)
    if last is None:
        return []
    if last.date:  # a daily book's labels are its dates: the widest decides
        last = max(everything, key=lambda p: stringWidth(p.date, bold, 10))
    overrides = dict(texts.overrides)
    for i, section in enumerate(book.sections):
        for band in Band:
            p = replace(last, section=section.name, band=band, grade=HIGHEST_GRADE,
                        difficulty=texts(f"band.{band.value}"))
            for slots, size in ((plan.puzzle_slots, m.label_size),
                                (plan.answer_slots, m.answer_label_size)):
                width = slots[0].grid.width
                left, right, stars = shown_label(p, t, texts, bold, regular, size,
                                                 m.least_size, width)
                if label_size(left, right, stars, bold, regular, size, m.least_size,
                              width) is not None:
                    continue
                shown = f"{left} {right}".strip()
                # a label that names its section ({difficulty}) may fit without the name
                named = label_size(*label_parts(replace(p, section=""), t, texts), bold,
                                   regular, size, m.least_size, width) is not None
                worded = named or bool(t.label) or "label" in overrides
                per_page = "puzzles" if slots is plan.puzzle_slots else "answers"
                key: str | int = i if named else "label" if worded else f"{per_page}_per_page"
                return [(key,
                         f"the label {shown[:60]!r}{'...' if len(shown) > 60 else ''} "
                         f"does not fit above a {width:.0f} pt grid even at "
                         f"{m.least_size:g} pt; expected "
                         + ("a shorter text" if worded else
                            f"fewer {per_page} a page ({per_page}_per_page) or a larger page"))]
    for band in Band:
        target, before, after = time_parts(replace(last, band=band), t, texts)
        width = plan.puzzle_slots[0].grid.width
        if foot_size(target, before, after, regular, m.label_size, m.least_size,
                     width) is None:
            return [("puzzles_per_page",
                     f"the line {f'{target} {before} {after}'.strip()!r} does not fit under "
                     f"a {width:.0f} pt grid even at {m.least_size:g} pt; expected fewer "
                     "puzzles a page (puzzles_per_page) or a larger page")]
    return []


def _headings(book: Book, bold: str, regular: str, width: float,
              m: Metrics) -> list[tuple[str, str]]:
    """(key, problem) for every one-line text the config words itself (text.heading.*,
    text.belongs_to, ...: lang.one_line) that cannot be set on one line at the print
    minimum, as a page's heading, its running header or a contents line."""
    problems = []
    for key, text in book.texts.overrides:
        if not lang.one_line(key):
            continue
        if (fit_line(text, bold, m.heading_size, width) is None
                or fit_line(text, regular, m.running_size, width) is None
                or fit_line(text, regular, m.text_size,
                            contents_width(width, regular, m.text_size)) is None):
            problems.append((f"text.{key}", f"too long for one heading line at "
                             f"{MIN_TEXT_PT:g} pt ({len(text)} characters); shorten it"))
    return problems


Items = Sequence[tuple[str, str, float]]
"""Paragraphs of a page set in one size: (text, font, space after in lines)."""


def sized(items: Items, width: float, height: float, size: float,
          least: float) -> tuple[float, list[list[str]]]:
    """The largest size from `size` down to `least` at which the paragraphs fit `height`
    (or `least`, when none does); with their lines."""
    while True:
        wrapped = [wrap(text, font, size, width) for text, font, _ in items]
        if column_height(items, wrapped, size) <= height or size <= least:
            return size, wrapped
        size = max(least, size * SHRINK)


def column_height(items: Items, lines: Sequence[Sequence[str]], size: float) -> float:
    """The height the wrapped paragraphs take at `size`."""
    return sum((len(block) + after) * size * LEADING
               for block, (_, _, after) in zip(lines, items, strict=True))


def scale_items(texts: Texts, bold: str, regular: str) -> list[tuple[str, str, float]]:
    """The difficulty scale page: how grades are given, then each band's line (its name
    and grades, bold) and what it asks of the solver."""
    items = [(texts("scale.intro", example=texts.quote(texts("band.hard"))), regular, 1.0)]
    for band in Band:
        # Grades have one decimal, and the easiest step (a full house) is rated 1.0: the
        # band lo <= grade < hi holds the grades max(lo, 1.0) to hi - 0.1.
        lo, hi = BANDS[band]
        lo = max(lo, LOWEST_GRADE)
        grades = (texts("scale.from", lo=texts.number(lo)) if hi == math.inf
                  else texts("scale.range", lo=texts.number(lo), hi=texts.number(hi - 0.1)))
        items += [(texts("scale.line", band=texts(f"band.{band.value}"), grades=grades),
                   bold, 0.0),
                  (texts(f"scale.{band.value}"), regular, 0.8)]
    return items


def paragraphs_height(texts: Sequence[str], font: str, size: float, width: float) -> float:
    """The height of a how-to-play page's paragraphs set at `size`, each followed by its
    gap (draw._paragraph)."""
    return sum(Fitted(tuple(wrap(t, font, size, width)), size, LEADING).height
               + PARAGRAPH_GAP * size for t in texts)


def _pages(book: Book, bold: str, regular: str, plan: Plan) -> list[tuple[str, str]]:
    """(key, problem) for each front page of paragraphs (how to play, solving tips, the
    difficulty scale) whose texts run past the bottom of its page even at the least
    size; the key names the config's own texts on it (text.KEY), else the block."""
    box, m, texts = plan.box(1), plan.metrics, book.texts
    room = box.height - m.band
    sizes = boxed_sizes(book)
    stars = len(STARS) * STAR_PITCH * m.text_size
    problems = []
    for page in plan.pages:
        if page.kind is PageKind.HOW_TO_PLAY:
            key = "killer" if page.cages else page.variant.value if page.variant else None
            paragraphs = guide_rules(key, texts) if key else \
                how_to_play_text(sizes, texts, book_symbols(book), book.dated)
            over = paragraphs_height(paragraphs, regular, m.text_size, box.width) > room
        elif page.kind in (PageKind.TIPS, PageKind.TECHNIQUE):
            parts = tipsfit.page_parts(page.tips, page.kind is PageKind.TIPS and page.first,
                                       texts, box.width, m.least_size, m.text_size, room)
            size, tip_lines = tipsfit.sized(
                parts, lambda p, s: wrap(p.text, bold if p.role is tipsfit.Role.NAME
                                         else regular, s, box.width),
                room, m.text_size, m.least_size, SHRINK)
            over = tipsfit.height(parts, tip_lines, size) > room
        elif page.kind is PageKind.SCALE:
            items = scale_items(texts, bold, regular)
            size, lines = sized(items, box.width - stars, room, m.text_size, m.least_size)
            over = column_height(items, lines, size) > room
        else:
            continue
        if over:
            problems.append(("text", f"the texts of the page {page.title!r} run past its "
                                     f"bottom even at {m.least_size:g} pt; expected "
                                     f"shorter texts"))
    return problems


@dataclass(frozen=True)
class TitlePage:
    """The title page's texts, fitted; None where a text cannot fit."""

    title: Fitted | None
    subtitle: Fitted | None
    """None also when there is no subtitle."""
    author: Fitted | None
    """None also when there is no author."""
    rule_y: float
    """Height of the rule under the title."""


def title_page(book: Book, bold: str, regular: str, width: float, height: float,
               m: Metrics) -> TitlePage:
    """Where the title page's texts go in a content box of `width` x `height`."""
    title = fit(book.title, bold, m.heading_size * 1.8, width, height * TITLE_HEIGHT, 1.15)
    rule_y = height * TITLE_TOP - (title.height if title else 0.0) - m.heading_size
    room = rule_y - m.heading_size - height * AUTHOR_TOP - m.heading_size
    subtitle = (fit(book.subtitle, regular, m.heading_size * 0.9, width, room)
                if book.subtitle else None)
    author = (fit(book.author, regular, m.text_size * 1.2, width, height * AUTHOR_TOP)
              if book.author else None)
    return TitlePage(title, subtitle, author, rule_y)


def copyright_page(book: Book) -> str:
    """What the back of the title page says, one line per field: the copyright line (or
    the language's notice for the publication's year), then the rights line, edition,
    imprint and ISBN of the publication block; '' when the book gives none of them.

    The rights line is left out when the copyright line already says it ('© 2026 Ann.
    All rights reserved.' and the language's default 'All rights reserved.' would print
    it twice)."""
    words, pub = book.texts, book.publication
    lines = [book.copyright]
    if pub is not None:
        if not book.copyright and pub.year is not None:
            holder = book.author or pub.imprint
            lines.append(words("copyright.notice", year=pub.year, holder=holder).strip())
        rights = words("copyright.rights") if pub.rights is None else pub.rights
        if not _said(rights, lines):
            lines.append(rights)
        lines.append(pub.edition)
        if pub.imprint:
            lines.append(words("copyright.imprint", imprint=pub.imprint))
        if pub.isbn:
            lines.append(words("copyright.isbn", isbn=pub.isbn))
    return "\n".join(line for line in lines if line)


def _said(text: str, lines: Sequence[str]) -> bool:
    """Whether `text` already stands in one of the lines, case, spacing and a final full
    stop aside."""
    def plain(x: str) -> str:
        return " ".join(x.split()).casefold().rstrip(".。")
    return bool(plain(text)) and any(plain(text) in plain(line) for line in lines)


def copyright_text(text: str, font: str, width: float, height: float,
                   m: Metrics) -> Fitted | None:
    """The copyright line(s), in the lower half of the title's back page."""
    return fit(text, font, max(m.least_size, m.text_size * 0.8), width, height / 2)


def contents_line(name: str, span: tuple[int, int] | None, texts: Texts) -> str:
    """A contents line's words: the part's name and, for a section, the numbers of its
    puzzles ('Easy (puzzles 1–20)'), so a reader finds a puzzle without turning pages."""
    if span is None:
        return name
    first, last = span
    if first == last:
        return texts("contents.puzzle", name=name, number=first)
    return texts("contents.puzzles", name=name, first=first, last=last)


def contents_width(width: float, font: str, size: float) -> float:
    """Room for a section name on a contents line, after its page number and dots."""
    return width - stringWidth(" 000", font, size) - 2 * stringWidth(" .", font, size)


def unfit(book: Book, bold: str, regular: str, plan: Plan) -> list[tuple[str | int, str]]:
    """(key, problem) for every text of the book that cannot be printed at MIN_TEXT_PT or
    more in its place, the key a field name ('text.heading.answers' for a text of the
    `text:` block, 'label' for the grids' labels) or a section's index: what config
    reports at validate."""
    box, m = plan.box(1), plan.metrics
    width, height = box.width, box.height
    least = f"{MIN_TEXT_PT:g} pt"
    problems: list[tuple[str | int, str]] = []
    if book.front.title_page:
        page = title_page(book, bold, regular, width, height, m)
        for key, text, fitted in (("title", book.title, page.title),
                                  ("subtitle", book.subtitle, page.subtitle),
                                  ("author", book.author, page.author)):
            if text and fitted is None:
                problems.append((key, f"too long to fit on the title page at {least} "
                                      f"({len(text)} characters); shorten it"))
        words = copyright_page(book)
        if words and copyright_text(words, regular, width, height, m) is None:
            key = "copyright" if book.copyright else "publication"
            problems.append((key, f"too long to fit on its page at {least} "
                                  f"({len(words)} characters); shorten it"))
    for i, s in enumerate(book.sections):
        # as its pages print it: with the kind's rule where the kind has one in headings
        printed = section_heading(s, book.texts)
        heading = fit_line(printed, bold, m.heading_size, width)
        numbers = [p.number for p in s.puzzles] or [0]
        entry = fit_line(contents_line(s.name, (min(numbers), max(numbers)), book.texts),
                         regular, m.text_size, contents_width(width, regular, m.text_size))
        if heading is None or (book.front.contents and entry is None):
            problems.append((i, f"too long for one heading line at {least} "
                             f"({len(printed)} characters); shorten it"))
    return [*problems, *_headings(book, bold, regular, width, m),
            *_labels(book, bold, regular, plan), *_pages(book, bold, regular, plan)]
