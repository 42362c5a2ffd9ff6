"""The solving-tips pages laid out: what each tip is made of, the room it takes, and the
tips put on pages whole, each page filled before the next begins.

Glossary:
  part      one piece of a page, top to bottom: a paragraph (its text and font role) or a
            figure (a diagram, or the notation figure), each with the space after it in
            lines of body text
  tip       its technique's name (bold), how it works, its diagram and the example step
            as the diagram's caption (gray): never split over two pages
  opening   the first tips page's parts before the tips: what the tips are, the notation
            in words and its figure
  estimate  the room a paragraph takes before fonts are at hand (the page plan is counted
            before anything is drawn): EM_WIDTH per character, CJK_WIDTH for a character
            of a script written without spaces, and whole lines; the pages are drawn with
            the real widths, their type shrinking in the rare case the estimate fell short
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


Part = Paragraph | Figure


def _text_parts(tip: Tip, texts: Texts) -> tuple[Paragraph, Paragraph]:
    key = tip.family.value
    return (Paragraph(texts(f"technique.{key}"), Role.NAME, 0.0),
            Paragraph(texts(f"tip.{key}"), Role.BODY, 0.5))


def tip_parts(tip: Tip, texts: Texts, width: float, least: float) -> tuple[Part, ...]:
    """A tip, top to bottom: name, text, diagram (a tallest-case space for a tip without
    one: a blank book's), caption."""
    name, body = _text_parts(tip, texts)
    if tip.diagram is None:
        height = diagram.tallest(9, 3, width, least)
    else:
        height = diagram.fit(tip.diagram, width, least).height
    return (name, body, Figure(height, 0.3, tip.diagram),
            Paragraph(tip.example, Role.CAPTION, 1.3))


def notation_fit(width: float, least: float) -> diagram.Fit:
    """The notation figure's size: box 4, its cells a share of the diagrams'."""
    cell = diagram.fit(NOTATION, width, least).cell * NOTATION_CELL
    return diagram.Fit(NOTATION_WINDOW, max(cell, diagram.least_cell(NOTATION, least)), least)


def opening_parts(texts: Texts, width: float, least: float) -> tuple[Part, ...]:
    """The first tips page's parts before its tips."""
    return (Paragraph(texts("tips.intro"), Role.BODY, 0.6),
            Paragraph(texts("tips.notation"), Role.BODY, 0.5),
            Figure(notation_fit(width, least).height, 1.3, notation=True))


def page_parts(page_tips: Sequence[Tip], first: bool, texts: Texts, width: float,
               least: float) -> list[Part]:
    """A tips page top to bottom: (on the first page) the opening, then each tip."""
    parts = list(opening_parts(texts, width, least)) if first else []
    for tip in page_tips:
        parts += tip_parts(tip, texts, width, least)
    return parts


def height(parts: Sequence[Part], lines: Sequence[Sequence[str]], size: float) -> float:
    """The height the parts take at type `size`, their paragraphs wrapped into `lines`."""
    return sum((part.height if isinstance(part, Figure) else len(block) * size * LEADING)
               + part.after * size * LEADING
               for part, block in zip(parts, lines, strict=True))


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
    return sum(max(1, math.ceil(sum(CJK_WIDTH if ord(ch) >= 0x2E80 else EM_WIDTH
                                    for ch in line) / ems))
               for line in text.split("\n"))


def tip_pages(tips: Sequence[Tip], texts: Texts, width: float, height: float, size: float,
              least: float) -> tuple[tuple[Tip, ...], ...]:
    """The tips of each tips page, in order: each tip goes on the page being filled when
    it fits below what is there (the opening first), else starts the next page; a tip
    taller than a page has one to itself (the first page may hold the opening alone)."""
    pages: list[list[Tip]] = [[]]
    used = estimate(opening_parts(texts, width, least), width, size)
    for tip in tips:
        need = estimate(tip_parts(tip, texts, width, least), width, size)
        if used and used + need > height:
            pages.append([])
            used = 0.0
        pages[-1].append(tip)
        used += need
    return tuple(tuple(page) for page in pages)

