"""Cover geometry: the full-wrap cover as pure numbers, no canvas.

Glossary and conventions:
  wrap     the cover's one page: bleed, back cover, spine, front cover, bleed, side by side;
           origin at the lower-left corner of the bleed, y up, points (72 pt = 1 in)
  panel    the back or front cover at trim size (Template.page_width x page_height)
  spine    interior pages x the paper's thickness (rules.Paper.thickness_in)
  fold     a vertical line where the spine meets a panel
  safe     a panel inset by PANEL_MARGIN_PT (0.5 in) from its trim lines and its fold: text
           and art stay inside it
  barcode  the area on the back, lower right, that KDP prints its barcode in; left empty
  ground   what the front's title stands on, by style: the accent band across the top
           (puzzle), the whole front in the accent (typographic), a white card over the
           pattern (pattern); backgrounds run into the bleed, text never does
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import LayoutError
from ..core.model import CoverStyle, Template
from ..core.rules import (
    BARCODE_INSET_PT,
    BARCODE_PT,
    BLEED_PT,
    FOLD_CLEARANCE_PT,
    SPINE_TEXT_MIN_PAGES,
    Paper,
)
from .geometry import Rect

PANEL_MARGIN_PT = 36.0
"""Margin of every text and grid on a panel from its trim lines and its fold (0.5 in)."""

GAP_PT = 14.0
"""Space between two areas of a panel."""

BAND_SHARE = 0.36
"""The puzzle style's title band, as a share of the trim height."""

LINE_SHARE = 0.035
"""Height of one line of small text (price, caption) as a share of the trim height."""

HEADING_SHARE = 0.07
"""The back's heading (the title again), as a share of the trim height."""

AUTHOR_SHARE = 0.06
"""Height of the author's line at the foot of the front, as a share of the trim height."""

BADGE_SHARE = 0.075
"""Height of the row of badges, as a share of the trim height."""

SAMPLE_SHARE = 0.55
"""The back's sample puzzle spans at most this share of the safe width."""

SAMPLE_HEIGHT_SHARE = 0.4
"""... and at most this share of the trim height."""

MIN_SAMPLE_PT = 72.0
"""Smallest sample puzzle worth printing, and the least width of the imprint beside the
barcode area (1 in)."""


@dataclass(frozen=True)
class CoverPlan:
    """Every area of a full-wrap cover, in wrap coordinates."""

    trim: tuple[float, float]
    """Trim width and height of one panel."""
    pages: int
    """Interior page count the spine is sized for."""
    paper: Paper
    """Interior paper."""
    style: CoverStyle
    """The front's design."""
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
    back_ground: Rect
    """The back and the spine with their bleed: the accent background."""
    front_ground: Rect
    """What the front's title stands on (see the glossary)."""
    title: Rect
    """The front's title and subtitle."""
    badges: Rect
    """The front's row of badges."""
    art: Rect | None
    """The front's puzzle grid (square; puzzle style only)."""
    author: Rect
    """The author's line at the foot of the front."""
    heading: Rect
    """The back's heading: the title again, smaller."""
    blurb: Rect
    """The back's text, below the heading."""
    caption: Rect
    """The sample's caption line, just above it."""
    sample: Rect
    """The back's sample puzzle grid (square), centred above the barcode row."""
    imprint: Rect
    """The imprint's lines, lower left on the back, beside the barcode area."""
    price: Rect
    """The price line, right-aligned just above the barcode area."""
    spine_text: Rect | None
    """Where spine text may go (the spine less the fold clearance and the panel margin at
    top and bottom), or None when the book is too thin for spine text."""

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


def _between(safe: Rect, bottom: float, top: float) -> Rect:
    """The safe area's full width from `bottom` to `top`."""
    return Rect(safe.x, bottom, safe.width, top - bottom)


def _front(style: CoverStyle, front: Rect, safe: Rect, t: Template
           ) -> tuple[Rect, Rect, Rect, Rect | None, Rect]:
    """(ground, title, badges, art, author) of the front in `style`."""
    h = front.height
    author = _between(safe, safe.y, safe.y + AUTHOR_SHARE * h)
    bleed_top = front.top + BLEED_PT
    if style is CoverStyle.PUZZLE:
        band_bottom = front.top - BAND_SHARE * h
        ground = Rect(front.x, band_bottom, front.width + BLEED_PT, bleed_top - band_bottom)
        title = _between(safe, band_bottom + GAP_PT, safe.top)
        badges = _between(safe, author.top + GAP_PT, author.top + GAP_PT + BADGE_SHARE * h)
        room = band_bottom - GAP_PT - (badges.top + GAP_PT)
        side = min(0.9 * safe.width, room)
        art = _grid(front.x + (front.width - side) / 2, badges.top + GAP_PT + (room - side) / 2,
                    side, t)
        return ground, title, badges, art, author
    if style is CoverStyle.TYPOGRAPHIC:
        ground = Rect(front.x, 0.0, front.width + BLEED_PT, bleed_top)
        badges = _between(safe, safe.top - BADGE_SHARE * h, safe.top)
        title = _between(safe, front.y + 0.45 * h, badges.y - GAP_PT)
        # The author's line keeps to the left half: the motif fills the lower right.
        author = Rect(safe.x, safe.y, safe.width / 2, AUTHOR_SHARE * h)
        return ground, title, badges, None, author
    # The pattern style: a white card across the middle holds the title and the badges.
    card = _between(safe, front.y + 0.3 * h, front.y + 0.82 * h)
    badges = _between(inset(card, GAP_PT), card.y + GAP_PT, card.y + GAP_PT + BADGE_SHARE * h)
    title = _between(inset(card, GAP_PT), badges.top + GAP_PT, card.top - GAP_PT)
    return card, title, badges, None, author


def cover_plan(t: Template, pages: int, style: CoverStyle, text: float = 0.0) -> CoverPlan:
    """The cover of a book of `pages` interior pages in template `t`, front in `style`, its
    back's sample small enough to leave the blurb `text` points of height (not below
    MIN_SAMPLE_PT). LayoutError when the back has no room for the barcode area and a
    sample puzzle."""
    w, h = t.page_width, t.page_height
    paper = t.print.paper
    s = spine_width(pages, paper)
    m = PANEL_MARGIN_PT
    back = Rect(BLEED_PT, BLEED_PT, w, h)
    spine = Rect(back.right, BLEED_PT, s, h)
    front = Rect(spine.right, BLEED_PT, w, h)
    size = (front.right + BLEED_PT, h + 2 * BLEED_PT)
    back_safe, front_safe = inset(back, m), inset(front, m)
    ground, title, badges, art, author = _front(style, front, front_safe, t)
    bw, bh = BARCODE_PT
    barcode = Rect(back.right - BARCODE_INSET_PT - bw, back.y + BARCODE_INSET_PT, bw, bh)
    line = LINE_SHARE * h
    price = Rect(barcode.x, barcode.top + GAP_PT / 2, back_safe.right - barcode.x, line)
    imprint = Rect(back_safe.x, back_safe.y, barcode.x - GAP_PT - back_safe.x,
                   barcode.top - back_safe.y)
    heading = _between(back_safe, back_safe.top - HEADING_SHARE * h, back_safe.top)
    sample_bottom = price.top + GAP_PT
    side = min(SAMPLE_SHARE * back_safe.width, SAMPLE_HEIGHT_SHARE * h)
    if side < MIN_SAMPLE_PT or imprint.width < MIN_SAMPLE_PT:
        raise LayoutError(
            f"template {t.name!r}: a {w / 72:g} x {h / 72:g} in cover has "
            f"{imprint.width / 72:.2f} in beside the {bw / 72:g} x {bh / 72:g} in barcode area "
            f"for the imprint; expected at least {MIN_SAMPLE_PT / 72:g} in (a wider trim)"
        )
    # Above the sample: its caption, the blurb, the heading, with a gap between each.
    room = heading.y - 2.5 * GAP_PT - line - sample_bottom - text
    side = max(MIN_SAMPLE_PT, min(side, room))
    # Height to spare on a large back: a third of it below the sample, so the blurb
    # (centred in its area) and the sample share the rest instead of leaving one gap.
    sample_bottom += max(0.0, room - side) / 3
    sample = _grid(back.x + (w - side) / 2, sample_bottom, side, t)
    caption = _between(back_safe, sample_bottom + side + GAP_PT / 2,
                       sample_bottom + side + GAP_PT / 2 + line)
    blurb = _between(back_safe, caption.top + GAP_PT, heading.y - GAP_PT)
    back_ground = Rect(0.0, 0.0, spine.right, size[1])
    spine_text = None
    if pages >= SPINE_TEXT_MIN_PAGES and s > 2 * FOLD_CLEARANCE_PT:
        spine_text = Rect(spine.x + FOLD_CLEARANCE_PT, spine.y + m,
                          s - 2 * FOLD_CLEARANCE_PT, h - 2 * m)
    return CoverPlan(
        trim=(w, h), pages=pages, paper=paper, style=style, spine_width=s, size=size,
        back=back, spine=spine, front=front, back_safe=back_safe, front_safe=front_safe,
        barcode=barcode, back_ground=back_ground, front_ground=ground, title=title,
        badges=badges, art=art, author=author, heading=heading, blurb=blurb, caption=caption,
        sample=sample, imprint=imprint, price=price, spine_text=spine_text,
    )
