"""Killer cages as pure numbers: each cage's outline inset from the cell borders, where its
sum and the white knock-out behind it go, and the room a caged cell leaves for its digit
(killer_grid.py draws them).

Glossary and conventions:
  page units  points, x from the grid's left edge, y from its TOP edge (killer_grid.py flips y)
  loop        a cage's border as its corners in grid units (one unit a cell), in order
              with the cage on the right hand (clockwise on the page); the first loop
              starts at the top-left corner of the cage's first cell, heading right
  inset       a loop moved into the cage: every corner moves by the margin along the
              inward normals of both its edges, so outer corners move in, inner (concave)
              corners move out, and the outline keeps the margin on both sides of a turn
  path        the inset outline in page units; the outer one opened at the knock-out
  knock-out   a white rectangle behind a sum, across the top and left dashes of its cell:
              the outline stops at its edges instead of running through the figure, as
              printed killers show it (fitted_dash lays whole dashes up to the edges)
  fit         the sizes and offsets of the cages, sums and digits of one grid (CageFit)
  caged       a grid that shows cages: a killer puzzle, or a blank killer grid counted
              before its cages are made

The sum sits in a band at the top of its cell; digits keep below that band and above the
bottom dash, centred when the cell has room, else as little lower as it takes. Answer
grids show no cages: the solution's digits alone, as a classic answer grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.model import BookPuzzle
from ..core.rules import KILLER_DASH_PT, KILLER_SUM_PT
from ..variants.killer.cages import Cage

Point = tuple[float, float]
Loop = tuple[Point, ...]

DIGIT_HEIGHT = 0.73
"""Height of a digit above its baseline, in em (draw.py centres digits by it)."""

DIGIT_ADVANCE = 0.65
"""Widest advance of a digit, in em, for room checks made without a font (Vera: 0.636)."""

CLEAR_PT = 0.75
"""Least white between a sum and a grid line, a dash or a digit."""

INSET_SHARE = 0.12
"""The dashed outline's distance from the cell borders, as a share of the cell side (more
where the grid lines are heavy, CageFit.inset): a clear white channel between a dash and a
box line beside it, so the two never read as one line."""

SUM_SHARE = 0.22
"""A sum's type size as a share of the cell side (never below least_sum)."""

LINE_SHARE = 0.03
"""The dash's width as a share of the cell side (never below KILLER_DASH_PT): black and
heavier than the light cell lines, so a cage reads at a glance."""

KNOCKOUT_PAD = 0.5
"""White around a sum's glyph box, in points, so the dashes stop short of the figure (less
than CLEAR_PT, so the knock-out never covers a grid line)."""

DASH_SHARE = (0.09, 0.06)
"""Dash and gap lengths as shares of the cell side (at least DASH_LEAST)."""

DASH_LEAST = (1.5, 1.0)
"""Shortest dash and gap in points: shorter ones print as a gray line."""

DIGIT_OVER_SUM = 1.25
"""A caged cell's digit is at least this many times its sum's size, so a sum never reads
as an entry."""


def caged(p: BookPuzzle) -> bool:
    """Whether the grid of `p` shows cages (a killer grid does even while blank, as the page
    count before the work sees it)."""
    return bool(p.cages) or p.variant.caged


@dataclass(frozen=True)
class CageFit:
    """Where a caged grid's cages, sums and digits go, for one cell side."""

    step: float
    """The cell side."""
    line: float
    """Width of the dashed outline."""
    dash: tuple[float, float]
    """Dash and gap lengths."""
    inset: float
    """Distance of the outline (its centre line) from the cell borders."""
    corner: float
    """Distance of the sum's glyph box from the top and left borders of its cell."""
    sum_size: float
    """Type size of the sums."""
    digit_size: float
    """Type size of the digits: the template's, or less where the cell has no room."""
    digit_drop: float
    """How far the digits' centres sit below the cell centres (0 when there is room)."""

    @property
    def sum_height(self) -> float:
        return DIGIT_HEIGHT * self.sum_size

    @property
    def band(self) -> float:
        """The bottom of the sum band: digits keep below it."""
        return self.corner + self.sum_height + CLEAR_PT


def least_sum(least: float) -> float:
    """The least size of a cage sum in a book whose least text size is `least`: never
    below KILLER_SUM_PT, nor below the book's other texts (16 pt in large print)."""
    return max(KILLER_SUM_PT, least)


def cage_fit(step: float, heavy: float, digit: float, sums: float = KILLER_SUM_PT) -> CageFit:
    """The fit of a cell of side `step` in a grid whose heaviest line (border or box line)
    is `heavy` wide, for digits of size `digit` and sums of at least `sums` pt."""
    line = max(KILLER_DASH_PT, LINE_SHARE * step)
    corner = heavy / 2 + CLEAR_PT
    inset = max(INSET_SHARE * step, corner + line / 2)
    sum_size = max(sums, SUM_SHARE * step)
    top = corner + DIGIT_HEIGHT * sum_size + CLEAR_PT
    bottom = step - inset - line / 2 - CLEAR_PT
    size = min(digit, (bottom - top) / DIGIT_HEIGHT)
    centre = max(step / 2, top + DIGIT_HEIGHT * size / 2)
    dash = (max(DASH_LEAST[0], DASH_SHARE[0] * step), max(DASH_LEAST[1], DASH_SHARE[1] * step))
    return CageFit(step, line, dash, inset, corner, sum_size, size, centre - step / 2)


def fit_problem(fit: CageFit, least: float) -> str | None:
    """Why a cell of this fit cannot hold a sum, the dashes and a digit of at least `least`
    pt legibly, or None when it can."""
    wide = fit.corner + 2 * DIGIT_ADVANCE * fit.sum_size + CLEAR_PT
    need = max(least, DIGIT_OVER_SUM * fit.sum_size)
    if fit.digit_size < need - 1e-9:
        return (f"{fit.step:.1f} pt cells leave {max(fit.digit_size, 0):.1f} pt digits below "
                f"{fit.sum_size:g} pt cage sums; expected at least {need:.3g} pt")
    if wide > fit.step - fit.inset:
        return (f"{fit.step:.1f} pt cells cannot hold a two-digit {fit.sum_size:g} pt cage sum "
                "beside the dashes")
    return None


def outline(cells: Sequence[int], n: int) -> tuple[Loop, ...]:
    """The border of a cage of an n x n grid as loops of corners (grid units): the outer
    loop first, from the top-left corner of cells[0] heading right; any hole after it."""
    inside = set(cells)
    edges: dict[Point, list[Point]] = {}

    def add(a: Point, b: Point) -> None:
        edges.setdefault(a, []).append(b)

    for cell in cells:
        r, c = divmod(cell, n)
        x, y = float(c), float(r)
        if r == 0 or cell - n not in inside:
            add((x, y), (x + 1, y))
        if c == n - 1 or cell + 1 not in inside:
            add((x + 1, y), (x + 1, y + 1))
        if r == n - 1 or cell + n not in inside:
            add((x + 1, y + 1), (x, y + 1))
        if c == 0 or cell - 1 not in inside:
            add((x, y + 1), (x, y))
    loops = []
    first = divmod(min(cells), n)
    start: Point | None = (float(first[1]), float(first[0]))
    while start is not None:
        loops.append(_walk(edges, start))
        start = min((a for a, ends in edges.items() if ends), key=lambda p: (p[1], p[0]),
                    default=None)
    return tuple(loops)


def _walk(edges: dict[Point, list[Point]], start: Point) -> Loop:
    """Follow unused edges from `start` back to it, keeping the cage on the right (where
    two cells touch only at a corner, turn right first); the corners where it turns.
    Edges are used up as they are followed."""
    corners: list[Point] = []
    here = start
    # heading right where there is an edge that way (always, at a cage's first cell)
    nxt = max(edges[start], key=lambda b: b[0])
    heading = (0.0, 0.0)
    while True:
        edges[here].remove(nxt)
        move = (nxt[0] - here[0], nxt[1] - here[1])
        if move != heading:
            corners.append(here)
        heading, here = move, nxt
        if here == start:
            return tuple(corners)
        right, left = (-heading[1], heading[0]), (heading[1], -heading[0])
        nxt = next(p for p in ((here[0] + d[0], here[1] + d[1]) for d in (right, heading, left))
                   if p in edges[here])


def inset(loop: Loop, margin: float) -> Loop:
    """The loop moved `margin` grid units into its cage: each corner by the margin along
    the inward normals of the edges before and after it."""
    out = []
    for i, (x, y) in enumerate(loop):
        px, py = loop[i - 1]
        nx, ny = loop[(i + 1) % len(loop)]
        a = _unit(x - px, y - py)
        b = _unit(nx - x, ny - y)
        out.append((x + margin * (-a[1] - b[1]), y + margin * (a[0] + b[0])))
    return tuple(out)


def _unit(dx: float, dy: float) -> Point:
    return ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))


def paths(cage: Cage, n: int, fit: CageFit, sum_width: float) -> tuple[Loop, ...]:
    """The dashed outline of `cage` in page units: the outer loop opened at the sum's
    knock-out (whose figure is `sum_width` wide), from its right edge on the top dashes
    round to its bottom edge on the left ones, then any hole closed (its last point its
    first)."""
    step = fit.step
    loops = [tuple((x * step, y * step) for x, y in inset(loop, fit.inset / step))
             for loop in outline(cage.cells, n)]
    outer = loops[0]
    x, top, w, h = knockout(cage, n, fit, sum_width)
    (x0, y0), (x1, _), (_, yl) = outer[0], outer[1], outer[-1]
    start, end = (min(x + w, x1), y0), (x0, min(top + h, yl))
    return ((start, *outer[1:], end), *((*hole, hole[0]) for hole in loops[1:]))


def fitted_dash(points: Loop, fit: CageFit) -> tuple[float, float]:
    """Dash and gap near the fit's that lay whole dashes from the first point to the last:
    an outline starts and ends with a dash at its knock-out, never with a sliver of one
    that would read as a mark beside the sum (a closed hole starts and ends in one)."""
    length = sum(abs(bx - ax) + abs(by - ay) for (ax, ay), (bx, by)
                 in zip(points, points[1:], strict=False))
    dash, gap = fit.dash
    closed = points[0] == points[-1]
    # closed: k periods; open: k periods and one more dash
    extra = 0.0 if closed else dash
    k = max(1, round((length - extra) / (dash + gap)))
    scale = length / (k * (dash + gap) + extra)
    return dash * scale, gap * scale


def knockout(cage: Cage, n: int, fit: CageFit, sum_width: float
             ) -> tuple[float, float, float, float]:
    """The white rectangle behind the sum of `cage` (whose figure is `sum_width` wide) as
    (x, y of its top-left corner, width, height) in page units: the glyph box with
    KNOCKOUT_PAD above and left of it (clear of the grid lines, KNOCKOUT_PAD < CLEAR_PT)
    and a dash gap or more right of and below it, where the dashes resume, so they never
    touch the figure; at least across the dashes of the cell's top and left edges."""
    x, baseline = sum_origin(cage, n, fit)
    r, c = divmod(cage.cells[0], n)
    dash_far = fit.inset + fit.line / 2  # the dashes' far side, from the cell's top-left
    room = max(KNOCKOUT_PAD, fit.dash[1])
    right = max(x + sum_width, c * fit.step + dash_far) + room
    bottom = max(baseline, r * fit.step + dash_far) + room
    left, top = x - KNOCKOUT_PAD, baseline - fit.sum_height - KNOCKOUT_PAD
    return left, top, right - left, bottom - top


def sum_origin(cage: Cage, n: int, fit: CageFit) -> Point:
    """Where the sum of `cage` starts, in page units: the left end of its baseline."""
    r, c = divmod(cage.cells[0], n)
    return c * fit.step + fit.corner, r * fit.step + fit.corner + fit.sum_height
