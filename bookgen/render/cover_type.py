"""Setting the cover's display type: the title fitted large without orphans, the blurb in a
readable measure, badges sized to their row. Pure numbers, no canvas.

Glossary and conventions:
  glyph box  a line's height is the font's ascent plus its depth below the baseline
  orphan     a last line of one word ('Sudoku for Sharp / Minds'); a title of two words
             set one a line ('Classic / Sudoku') has none
  lines      the title is set as large as it fits, on the fewest lines that keep it near
             that size; of the breaks on that many lines, the one whose longest line is
             shortest: lines of even length
  measure    the blurb's line length: at most MEASURE_CHARS characters, however wide the
             panel, as a book's text column
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from ..core.errors import LayoutError
from .fit import wrap

TITLE_LEADING = 1.05
"""Line pitch of the title, as a multiple of its size: display type is set tight."""

MAX_TITLE_LINES = 4
"""A title is set on at most this many lines."""

FEWER_LINES = 0.8
"""A title takes fewer lines when that keeps at least this share of its largest size."""

MEASURE_CHARS = 60
"""Most characters on a line of the blurb."""

BLURB_SIZES = (12.0, 11.5, 11.0)
"""The blurb's type sizes, tried largest first."""

BLURB_LEADING = 1.4
"""The blurb's line pitch, as a multiple of its size."""


@dataclass(frozen=True)
class SetText:
    """Lines of one font and size."""

    lines: tuple[str, ...]
    """The lines, top down."""
    font: str
    """Registered font name."""
    size: float
    """Type size."""
    leading: float
    """Line pitch as a multiple of the size."""

    @property
    def ascent(self) -> float:
        """Height of the first line's glyph box above its baseline."""
        return getAscentDescent(self.font, self.size)[0]

    @property
    def depth(self) -> float:
        """Depth of the last line's glyph box below its baseline."""
        return -getAscentDescent(self.font, self.size)[1]

    @property
    def height(self) -> float:
        """Height from the first line's ascent to the last line's depth."""
        return self.ascent + self.depth + self.size * self.leading * (len(self.lines) - 1)

    @property
    def width(self) -> float:
        """The longest line's width."""
        return max((stringWidth(line, self.font, self.size) for line in self.lines),
                   default=0.0)


def _breaks(words: list[str], k: int) -> Iterator[tuple[str, ...]]:
    """Every way to set the words on `k` lines, in order, without an orphan."""
    n = len(words)
    for cuts in combinations(range(1, n), k - 1):
        bounds = (0, *cuts, n)
        lines = [words[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
        if k > 1 and len(lines[-1]) == 1 and n > 2:
            continue
        yield tuple(" ".join(line) for line in lines)


def _on_lines(words: list[str], k: int, font: str, width: float, height: float,
              largest: float, least: float) -> SetText | None:
    """The words on `k` lines at the largest whole size that fits, in the most even break
    at that size; None when no size from `largest` down to `least` fits."""
    size = float(int(largest))
    total = stringWidth(" ".join(words), font, 1.0)
    while size >= least:
        ascent, descent = getAscentDescent(font, size)
        # The longest of k lines is at least 1/k of the whole: no break to try below that.
        if ascent - descent + size * TITLE_LEADING * (k - 1) <= height and \
                total * size / k <= width * 1.0001:
            fitting = [(max(stringWidth(line, font, size) for line in lines), lines)
                       for lines in _breaks(words, k)]
            fitting = [f for f in fitting if f[0] <= width]
            if fitting:
                return SetText(min(fitting)[1], font, size, TITLE_LEADING)
        size -= 1.0
    return None


def title_lines(text: str, font: str, width: float, height: float, largest: float,
                least: float) -> SetText:
    """The title set as large as it fits the box, on as few lines as keep it near that size
    (within FEWER_LINES); LayoutError when no setting fits at `least`."""
    words = text.split()
    options = [o for k in range(1, min(len(words), MAX_TITLE_LINES) + 1)
               if (o := _on_lines(words, k, font, width, height, largest, least))]
    if not options:
        raise LayoutError(f"the title on the front cover does not fit its {width / 72:.2f} x "
                          f"{height / 72:.2f} in area even at {least:g} pt: expected a "
                          "shorter text")
    biggest = max(o.size for o in options)
    return next(o for o in options if o.size >= FEWER_LINES * biggest)


def measured(text: str, font: str, size: float, width: float) -> list[str]:
    """The text wrapped to `width` and to at most MEASURE_CHARS characters a line."""
    while True:
        lines = wrap(text, font, size, width, break_words=False)
        if all(len(line) <= MEASURE_CHARS for line in lines) or width < size:
            return lines
        width -= size / 2  # about one character narrower


def blurb_lines(paragraphs: list[str], font: str, width: float, height: float
                ) -> tuple[SetText, ...]:
    """The blurb's paragraphs at the largest of BLURB_SIZES whose lines fit the box (half
    a line between paragraphs); LayoutError when even the smallest does not."""
    for size in BLURB_SIZES:
        parts = tuple(SetText(tuple(measured(p, font, size, width)), font, size,
                              BLURB_LEADING) for p in paragraphs)
        if stacked(parts) <= height and all(part.width <= width for part in parts):
            return parts
    raise LayoutError(f"the blurb on the back cover does not fit its {width / 72:.2f} x "
                      f"{height / 72:.2f} in area at {BLURB_SIZES[-1]:g} pt: expected a "
                      "shorter text")


def blurb_need(paragraphs: list[str], font: str, width: float) -> float:
    """The blurb's height at the least of BLURB_SIZES, set `width` wide."""
    size = BLURB_SIZES[-1]
    return stacked(tuple(SetText(tuple(measured(p, font, size, width)), font, size,
                                 BLURB_LEADING) for p in paragraphs))


def stacked(parts: tuple[SetText, ...]) -> float:
    """Height of the parts set one below the other, half a line apart."""
    if not parts:
        return 0.0
    return sum(p.height for p in parts) + sum(p.size * p.leading * 0.5 for p in parts[1:])
