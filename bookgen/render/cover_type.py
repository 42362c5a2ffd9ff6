"""Setting the cover's display type: the title fitted large without orphans, the blurb in a
readable measure, badges sized to their row. Pure numbers, no canvas.

Glossary and conventions:
  glyph box  a line's height is the font's ascent plus its depth below the baseline
  orphan     a last line of one word under a line of several ('Sudoku for Sharp / Minds');
             a title of single words set one a line ('Classic / Sudoku') is not one
  balance    of the breaks that fit, the one on the fewest lines, then the one whose
             longest line is shortest: lines of even length
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


def _breaks(words: list[str]) -> Iterator[tuple[str, ...]]:
    """Every way to set the words on 1 to MAX_TITLE_LINES lines, in order, without an
    orphan."""
    n = len(words)
    for k in range(1, min(n, MAX_TITLE_LINES) + 1):
        for cuts in combinations(range(1, n), k - 1):
            bounds = (0, *cuts, n)
            lines = [words[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
            if k > 1 and len(lines[-1]) == 1 and len(lines[-2]) > 1:
                continue
            yield tuple(" ".join(line) for line in lines)


def title_lines(text: str, font: str, width: float, height: float, largest: float,
                least: float) -> SetText:
    """The title at the largest whole size from `largest` down to `least` at which some
    break fits the box, with the best such break (see balance); LayoutError when none fits at
    `least`."""
    words = text.split()
    size = float(int(largest))
    while size >= least:
        ascent, descent = getAscentDescent(font, size)
        best: tuple[tuple[int, float], tuple[str, ...]] | None = None
        for lines in _breaks(words):
            if ascent - descent + size * TITLE_LEADING * (len(lines) - 1) > height:
                break  # more lines only get taller
            longest = max(stringWidth(line, font, size) for line in lines)
            # Fewer lines first, then the most even.
            if longest <= width and (best is None or (len(lines), longest) < best[0]):
                best = ((len(lines), longest), lines)
        if best is not None:
            return SetText(best[1], font, size, TITLE_LEADING)
        size -= 1.0
    raise LayoutError(f"the title {text!r} does not fit its {width / 72:.2f} x "
                      f"{height / 72:.2f} in area on the front even at {least:g} pt: "
                      "expected a shorter title")


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


def stacked(parts: tuple[SetText, ...]) -> float:
    """Height of the parts set one below the other, half a line apart."""
    if not parts:
        return 0.0
    return sum(p.height for p in parts) + sum(p.size * p.leading * 0.5 for p in parts[1:])
