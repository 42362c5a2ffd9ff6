"""Cover geometry: the full-wrap cover as pure numbers, no canvas.

Glossary and conventions:
  wrap     the cover's one page: bleed, back cover, spine, front cover, bleed, side by side;
           origin at the lower-left corner of the bleed, y up, points (72 pt = 1 in)
  panel    the back or front cover at trim size (Template.page_width x page_height)
  spine    interior pages x the paper's thickness (rules.Paper.thickness_in)
  fold     a vertical line where the spine meets a panel
  safe     a panel inset by MIN_MARGIN_PT from its trim lines and its fold: text and art
           stay inside it
  barcode  the area on the back, lower right, that KDP prints its barcode in; left empty
  band     the accent strip across the top of the whole wrap; it runs into the bleed, the
           one thing that may, and holds the title on the front
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import LayoutError
from ..core.model import Template
from ..core.rules import (
    BARCODE_INSET_PT,
    BARCODE_PT,
    BLEED_PT,
    FOLD_CLEARANCE_PT,
    MIN_MARGIN_PT,
    SPINE_TEXT_MIN_PAGES,
    Paper,
)
from .geometry import Rect

BAND_SHARE = 0.3
"""The band's height as a share of the trim height."""

AUTHOR_SHARE = 0.08
"""Height of the author's line at the foot of the front, as a share of the trim height."""

SAMPLE_SHARE = 0.4
"""The back's sample puzzle spans at most this share of the safe width."""

MIN_SAMPLE_PT = 72.0
"""Smallest sample puzzle worth printing beside the barcode area (1 in)."""


@dataclass(frozen=True)
class CoverPlan:
    """Every area of a full-wrap cover, in wrap coordinates."""

    trim: tuple[float, float]
    """Trim width and height of one panel."""
    pages: int
    """Interior page count the spine is sized for."""
    paper: Paper
    """Interior paper."""
    spine_width: float
    """Spine width: pages x paper thickness."""
    size: tuple[float, float]
    """The wrap's width and height, bleed included."""
    back: Rect
    """The back cover at trim size."""
    spine: Rect
    """The spine, fold to fold, trim height."""
    front: Rect
    """The front cover at trim size."""
    back_safe: Rect
    """Where the back's text and art go."""
    front_safe: Rect
    """Where the front's text and art go."""
    barcode: Rect
    """The empty barcode area on the back."""
    band: Rect
    """The accent strip across the top, bleed included."""
    title: Rect
    """The front's title and subtitle: the band's part inside the front's safe area."""
    heading: Rect
    """The same part of the band on the back: the title again, smaller."""
    front_puzzle: Rect
    """The front's puzzle grid (square), between the band and the author."""
    author: Rect
    """The author's line at the foot of the front."""
    sample: Rect
    """The back's sample puzzle grid (square), lower left beside the barcode area."""
    caption: Rect
    """The sample's caption line, just above it."""
    blurb: Rect
    """The back's text, between the band and the sample."""
    spine_text: Rect | None
    """Where spine text may go (the spine less the fold clearance, below the band), or
    None when the book is too thin for spine text."""

    def manifest(self) -> dict[str, object]:
        """The cover's facts for manifest.json, lengths in inches."""
        return {
            "trim_in": [round(v / 72, 4) for v in self.trim],
            "paper": self.paper.value,
            "pages": self.pages,
            "spine_in": round(self.spine_width / 72, 4),
            "wrap_in": [round(v / 72, 4) for v in self.size],
        }


def spine_width(pages: int, paper: Paper) -> float:
    """The spine's width in points for an interior of `pages` pages."""
    return pages * paper.thickness_in * 72


def inset(r: Rect, d: float) -> Rect:
    """`r` shrunk by `d` on every side."""
    return Rect(r.x + d, r.y + d, r.width - 2 * d, r.height - 2 * d)


def _grid(x: float, y: float, side: float, t: Template) -> Rect:
    """A grid in the square at (x, y): inset by half its border, so the stroke stays inside."""
    b = t.lines.border / 2
    return Rect(x + b, y + b, side - 2 * b, side - 2 * b)


def cover_plan(t: Template, pages: int, caption_pt: float) -> CoverPlan:
    """The cover of a book of `pages` interior pages in template `t`; `caption_pt` is the
    type size of the sample's caption. LayoutError when the back has no room for the
    barcode area and a sample puzzle side by side."""
    w, h = t.page_width, t.page_height
    paper = t.print.paper
    s = spine_width(pages, paper)
    m = MIN_MARGIN_PT
    back = Rect(BLEED_PT, BLEED_PT, w, h)
    spine = Rect(back.right, BLEED_PT, s, h)
    front = Rect(spine.right, BLEED_PT, w, h)
    size = (front.right + BLEED_PT, h + 2 * BLEED_PT)
    back_safe, front_safe = inset(back, m), inset(front, m)
    band_bottom = back.top - BAND_SHARE * h
    band = Rect(0.0, band_bottom, size[0], size[1] - band_bottom)
    # Text in the band keeps the safe distance from its lower edge too.
    title = Rect(front_safe.x, band_bottom + m, front_safe.width, front_safe.top - band_bottom - m)
    heading = Rect(back_safe.x, title.y, back_safe.width, title.height)
    author = Rect(front_safe.x, front_safe.y, front_safe.width, AUTHOR_SHARE * h)
    room = band_bottom - m - author.top - m
    side = min(0.8 * front_safe.width, room)
    front_puzzle = _grid(front.x + (w - side) / 2, author.top + m + (room - side) / 2, side, t)
    bw, bh = BARCODE_PT
    barcode = Rect(back.right - BARCODE_INSET_PT - bw, back.y + BARCODE_INSET_PT, bw, bh)
    beside = barcode.x - m - back_safe.x
    side = min(SAMPLE_SHARE * back_safe.width, beside, 0.35 * back_safe.height)
    if side < MIN_SAMPLE_PT:
        raise LayoutError(
            f"template {t.name!r}: a {w / 72:g} x {h / 72:g} in cover has {beside / 72:.2f} in "
            f"beside the {bw / 72:g} x {bh / 72:g} in barcode area for a sample puzzle; "
            f"expected at least {MIN_SAMPLE_PT / 72:g} in (a wider trim)"
        )
    sample = _grid(back_safe.x, back_safe.y, side, t)
    caption = Rect(
        back_safe.x, back_safe.y + side + caption_pt * 0.5, back_safe.width, caption_pt * 1.4
    )
    blurb_bottom = max(caption.top, barcode.top) + m
    blurb = Rect(back_safe.x, blurb_bottom, back_safe.width, band_bottom - m - blurb_bottom)
    spine_text = None
    if pages >= SPINE_TEXT_MIN_PAGES and s > 2 * FOLD_CLEARANCE_PT:
        spine_text = Rect(
            spine.x + FOLD_CLEARANCE_PT, spine.y + m, s - 2 * FOLD_CLEARANCE_PT,
            band_bottom - m - (spine.y + m),
        )
    return CoverPlan(
        trim=(w, h), pages=pages, paper=paper, spine_width=s, size=size, back=back, spine=spine,
        front=front, back_safe=back_safe, front_safe=front_safe, barcode=barcode, band=band,
        title=title, heading=heading, front_puzzle=front_puzzle, author=author, sample=sample,
        caption=caption, blurb=blurb, spine_text=spine_text,
    )
