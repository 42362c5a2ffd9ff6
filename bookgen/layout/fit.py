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

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..model import Book
from .geometry import MIN_TEXT_PT, Metrics

TITLE_TOP = 0.72
TITLE_HEIGHT = 0.30
AUTHOR_TOP = 0.25
"""Places on the title page, as fractions of the content box height."""

DESCENT = 0.3
"""Depth of descenders below the last baseline, in ems."""

SHRINK = 0.95
"""Each step down in size while fitting."""


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


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of at most `width` points; a word too long for a line is broken."""
    lines = []
    for line in simpleSplit(text, font, size, width):
        if stringWidth(line, font, size) <= width:
            lines.append(line)
            continue
        ends = list(accumulate(stringWidth(ch, font, size) for ch in line))
        start, used = 0, 0.0
        while start < len(line):
            # the most characters from `start` that fit, at least one
            end = max(start + 1, bisect_right(ends, used + width))
            lines.append(line[start:end])
            start, used = end, ends[end - 1]
    return lines


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


def copyright_text(text: str, font: str, width: float, height: float,
                   m: Metrics) -> Fitted | None:
    """The copyright line(s), in the lower half of the title's back page."""
    return fit(text, font, max(m.least_size, m.text_size * 0.8), width, height / 2)


def contents_width(width: float, font: str, size: float) -> float:
    """Room for a section name on a contents line, after its page number and dots."""
    return width - stringWidth(" 000", font, size) - 2 * stringWidth(" .", font, size)


def unfit(book: Book, bold: str, regular: str, width: float, height: float,
          m: Metrics) -> list[tuple[str | int, str]]:
    """(key, problem) for every text of the book that cannot be printed at MIN_TEXT_PT or
    more in its place, the key a field name or a section's index: what config reports at
    validate."""
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
        if book.copyright and copyright_text(book.copyright, regular, width, height, m) is None:
            problems.append(("copyright", f"too long to fit on its page at {least} "
                                          f"({len(book.copyright)} characters); shorten it"))
    for i, s in enumerate(book.sections):
        heading = fit_line(s.name, bold, m.heading_size, width)
        entry = fit_line(s.name, regular, m.text_size,
                         contents_width(width, regular, m.text_size))
        if heading is None or (book.front.contents and entry is None):
            problems.append((i, f"too long for one heading line at {least} "
                             f"({len(s.name)} characters); shorten it"))
    return problems
