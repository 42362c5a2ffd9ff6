"""The solving-tips pages laid out: what each tip is made of, the room it takes, and the
tips put on pages whole, each page filled before the next begins.

Glossary:
  part      one piece of a page, top to bottom: a paragraph (its text and font role) or a
            figure (a diagram, or the notation figure), each with the space after it in
            lines of body text
  tip       its family's name (bold), how it works, its diagram and the example step
            as the diagram's caption (gray); a technique page's tip: the technique's
            teaching text (its name heads the page), diagram and caption; never split
            over two pages; its diagram takes at most the room left below what is
            above it on its page (a smaller
            window, diagram.fit; with its houses cut at the window's edge only where more
            than half the page is left), else the tip starts the next page; a tip whose
            diagram fits no page keeps its words alone
  opening   the first tips page's parts before the tips: what the tips are, the notation
            in words and its figure
  estimate  the room a paragraph takes before fonts are at hand (the page plan is counted
            before anything is drawn): EM_WIDTH per character, CJK_WIDTH for a character
            of a script written without spaces (a line with any holding whole ones, less
            CJK_END), and whole lines; the pages are drawn with the real widths, their
            type shrinking in the rare case the estimate fell short
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..core.lang import Texts
from ..core.model import StepDiagram, Tip
from . import diagram
from .diagram import NOTATION, NOTATION_WINDOW

LEADING = 1.35
"""Line pitch of the tips pages' text, as a multiple of the type size."""

EM_WIDTH = 0.6
"""The estimated width of a character, in ems (the bundled faces average about 0.55)."""

CJK_WIDTH = 1.0
"""The estimated width of a CJK character, in ems (full width)."""

CJK_END = 1.0
"""The room a line of CJK text is estimated to leave at its end, in ems: its characters
are whole, and one that carries a closing mark moves to the next line whole."""

NOTATION_CELL = 0.6
"""The notation figure's cell side as a share of the tip diagrams' (it is a small figure
beside its labels)."""


class Role(Enum):
    """What a paragraph is, which sets its font and gray."""

    NAME = "name"
    """A technique's name: bold."""
    BODY = "body"
    """Plain text."""
    CAPTION = "caption"
    """A diagram's caption: the example step, in gray."""


@dataclass(frozen=True)
class Paragraph:
    """Wrapped text."""

    text: str
    """The words."""
    role: Role
    """Its font and gray."""
    after: float
    """Space after it, in lines."""


@dataclass(frozen=True)
class Figure:
    """A drawing of a known height: a tip's diagram, or the notation figure."""

    height: float
    """Its height in points."""
    after: float
    """Space after it, in lines."""
    step: StepDiagram | None = None
    """The step a tip's diagram draws (None: the notation figure, or a blank book's tip,
    which is counted, never drawn)."""
    notation: bool = False
    """Whether it is the notation figure."""
    fit: diagram.Fit | None = None
    """Where a tip's diagram goes, its window and cells (None: nothing to draw)."""


Part = Paragraph | Figure


def words_only(tip: Tip, texts: Texts) -> tuple[Paragraph, ...]:
    """A tip's words: (a family's: its name,) how it works and its example step (the
    diagram's caption, last); all of a tip whose diagram fits no page."""
    caption = Paragraph(tip.example, Role.CAPTION, 1.3)
    if tip.technique is not None:
        return (Paragraph(texts(f"teach.{tip.technique}"), Role.BODY, 0.5), caption)
    key = tip.family.value
    return (Paragraph(texts(f"technique.{key}"), Role.NAME, 0.0),
            Paragraph(texts(f"tip.{key}"), Role.BODY, 0.5), caption)


FIGURE_AFTER = 0.3
"""Space below a tip's diagram, in lines."""


def _figure_room(words: Sequence[Part], width: float, size: float, room: float) -> float:
    """The height a tip's diagram may take in `room` below and above its `words`."""
    return room - end(estimate(words, width, size), words[-1], size) \
        - FIGURE_AFTER * size * LEADING


def tip_parts(tip: Tip, texts: Texts, width: float, least: float, size: float,
              room: float, page: float) -> tuple[Part, ...] | None:
    """A tip, top to bottom: name, text, diagram, caption, in `room` points at type `size`
    by the estimate, on a page that holds `page` points; its diagram as large as the room
    left by its words allows, its houses cut at the window's edge only where more than
    half the page is left (diagram.fit: so a page is not left half empty, and a tip
    below a full half keeps its houses whole on the next page); a tip not made yet, a
    blank book's, is given the tallest diagram a whole page holds; None when the diagram
    fits nowhere in that room."""
    *above, caption = words = words_only(tip, texts)
    if tip.puzzle == 0:
        tall = diagram.tallest(9, 3, width, least, _figure_room(words, width, size, page))
        return (*above, Figure(tall, FIGURE_AFTER), caption)
    if tip.diagram is None:
        return words
    tall = _figure_room(words, width, size, room)
    f = diagram.fit(tip.diagram, width, least, tall) or \
        (diagram.fit(tip.diagram, width, least, tall, cut=True) if room > page / 2 else None)
    if f is None:
        return None
    return (*above, Figure(f.height, FIGURE_AFTER, tip.diagram, fit=f), caption)


def shown(tip: Tip, texts: Texts, width: float, least: float, size: float, room: float,
          cut: bool) -> bool:
    """Whether a tip's diagram fits a page of its own (`room` points at type `size`),
    its houses whole (or with `cut`, cut at the window's edge where it takes that)."""
    assert tip.diagram is not None
    tall = _figure_room(words_only(tip, texts), width, size, room)
    return diagram.fit(tip.diagram, width, least, tall, cut) is not None


def notation_fit(width: float, least: float) -> diagram.Fit:
    """The notation figure's size: box 4, its cells a share of the diagrams'."""
    f = diagram.fit(NOTATION, width, least)
    cell = f.cell * NOTATION_CELL if f else 0.0
    return diagram.Fit(NOTATION_WINDOW, max(cell, diagram.least_cell(NOTATION, least)), least)


def opening_parts(texts: Texts, width: float, least: float) -> tuple[Part, ...]:
    """The first tips page's parts before its tips."""
    return (Paragraph(texts("tips.intro"), Role.BODY, 0.6),
            Paragraph(texts("tips.notation"), Role.BODY, 0.5),
            Figure(notation_fit(width, least).height, 1.3, notation=True))


def page_parts(page_tips: Sequence[Tip], first: bool, texts: Texts, width: float,
               least: float, size: float, room: float) -> list[Part]:
    """A tips page `room` points tall top to bottom: (on the first page) the opening, then
    each tip, its diagram fitted to the room the parts above it leave (by the estimate at
    type `size`, as tip_pages placed it)."""
    parts = list(opening_parts(texts, width, least)) if first else []
    used = estimate(parts, width, size)
    for tip in page_tips:
        more = (tip_parts(tip, texts, width, least, size, room - used, room)
                or tip_parts(tip, texts, width, least, size, room, room)
                or words_only(tip, texts))
        used += estimate(more, width, size)
        parts += more
    return parts


def end(total: float, last: Part, size: float) -> float:
    """The height `total` of parts at type `size` without the space after the `last`
    one: the foot of a page needs none."""
    return total - last.after * size * LEADING


def height(parts: Sequence[Part], lines: Sequence[Sequence[str]], size: float) -> float:
    """The height the parts take at type `size`, their paragraphs wrapped into `lines`
    (to the last part's foot)."""
    return end(sum((part.height if isinstance(part, Figure) else len(block) * size * LEADING)
                   + part.after * size * LEADING
                   for part, block in zip(parts, lines, strict=True)), parts[-1], size)


def sized(parts: Sequence[Part], wrap: Callable[[Paragraph, float], list[str]], room: float,
          size: float, least: float, shrink: float) -> tuple[float, list[list[str]]]:
    """The largest type size from `size` down to `least` (by steps of `shrink`) at which
    the parts fit `room` (or `least`, when none does), with the paragraphs' lines as
    `wrap(paragraph, size)` breaks them (figures keep their size)."""
    while True:
        lines = [wrap(p, size) if isinstance(p, Paragraph) else [] for p in parts]
        if height(parts, lines, size) <= room or size <= least:
            return size, lines
        size = max(least, size * shrink)


def estimate(parts: Sequence[Part], width: float, size: float) -> float:
    """The height the parts take at type `size` by the estimate (see the glossary)."""
    total = 0.0
    for part in parts:
        if isinstance(part, Figure):
            total += part.height
        else:
            total += _lines(part.text, width, size) * size * LEADING
        total += part.after * size * LEADING
    return total


def _lines(text: str, width: float, size: float) -> int:
    ems = width / size
    # a line of CJK holds whole characters, and a closing mark keeps to the one before it
    cjk_ems = max(CJK_WIDTH, math.floor(ems / CJK_WIDTH) * CJK_WIDTH - CJK_END)
    out = 0
    for line in text.split("\n"):
        cjk = [ord(ch) >= 0x2E80 for ch in line]
        total = sum(CJK_WIDTH if wide else EM_WIDTH for wide in cjk)
        out += max(1, math.ceil(total / (cjk_ems if any(cjk) else ems)))
    return out


def tip_pages(tips: Sequence[Tip], texts: Texts, width: float, height: float, size: float,
              least: float) -> tuple[tuple[Tip, ...], ...]:
    """The tips of each tips page, in order: each tip goes on the page being filled when
    it fits below what is there (the opening first), its diagram in a smaller window
    where that fits, else starts the next page; a tip taller than a page has one to
    itself (the first page may hold the opening alone)."""
    pages: list[list[Tip]] = [[]]
    used = estimate(opening_parts(texts, width, least), width, size)
    for tip in tips:
        here = tip_parts(tip, texts, width, least, size, height - used, height)
        if here is None or used + end(estimate(here, width, size), here[-1], size) > height:
            if pages[-1] or used:
                pages.append([])
            used = 0.0
            here = (tip_parts(tip, texts, width, least, size, height, height)
                    or words_only(tip, texts))
        pages[-1].append(tip)
        used += estimate(here, width, size)
    return tuple(tuple(page) for page in pages)

