"""What a grid shows besides its digits: cell lines, box or region borders, tints and X
diagonals, as pure numbers (no canvas).

Glossary and conventions:
  grid units  x = columns from the grid's left edge, y = rows from its TOP edge, one unit a
              cell; draw.py scales them to points (and flips y)
  segment     (x0, y0, x1, y1) in grid units, a maximal straight run of one kind
  thin        a cell edge between two cells of the same box or region
  thick       a cell edge between two boxes or regions: wherever neighbouring cells'
              Geometry.regions differ, so classic boxes and jigsaw regions alike
  tint        (gray, x, y, width, height): a light gray rectangle behind the digits;
              X diagonal cells and hyper windows get UNIT_TINT, jigsaw regions (when the
              template asks) one of REGION_TINTS each, neighbours always different
  shade       a region's index into REGION_TINTS: a colouring of the region adjacency
              graph with at most four shades (every map of regions has one); three
              grays at least 10% black apart (white, 10%, 22%: all the light range
              allows), and the fourth white under a hatch, found only when three do not do
  hatch       (x, y, width, height): a rectangle of HATCHED cells, under thin light
              diagonal lines instead of a fourth gray too close to the other three
  dot         (x, y, radius): a small disc of DOT_GRAY beside the digits, from the kind's
              UnitMarks (disjoint groups: each cell's dot sits where the cell sits in
              its box)
  frame       (x, y, width, height): one grid's outline on a multi-grid (samurai) board,
              drawn as one rectangle at border weight; the board's units are its square
              of side x side positions. Every edge is drawn once, at the heaviest weight a
              grid gives it (frame, then box border, then cell line), so a box two grids
              share is not drawn twice

Grays stay within rules.TINT_GRAYS, so digits, even the lighter answer digits, stay legible.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core.grid import BOX_SHAPES, geometry
from ..core.kinds import Board
from ..core.model import XStyle
from ..core.rules import TINT_GRAYS, Variant

Segment = tuple[float, float, float, float]
Tint = tuple[float, float, float, float, float]

UNIT_TINT = 0.86
"""Gray behind X diagonal cells and hyper windows."""

REGION_TINTS = (1.0, 0.9, 0.78, 1.0)
"""Fill of each shade of jigsaw regions, neighbours differ: white and two light grays,
each at least TINT_STEP from the others, then white again under a hatch (HATCHED)."""

HATCHED = 3
"""The shade drawn as a hatch: the last one tried, for maps three shades cannot colour."""

TINT_STEP = 0.1
"""Least difference of two region grays: finer steps look alike once printed."""

HATCH_GRAY = 0.78
"""Gray of the hatch lines: the darkest tint gray, so digits read as on any tint."""

HATCH_PITCH = 1 / 3
"""Distance of the hatch's diagonal lines, in cells."""

DIAGONAL_GRAY = 0.55
"""Gray of X diagonal lines (x_style: lines): visible without hiding the digits."""

DOT_GRAY = 0.35
"""Fill of a unit's dots: small marks need more ink than a tint to show on a laser
printer, and they sit clear of the digit."""

assert all(TINT_GRAYS[0] <= g <= TINT_GRAYS[1] for g in (UNIT_TINT, *REGION_TINTS[1:HATCHED]))
assert all(abs(a - b) >= TINT_STEP - 1e-9 for i, a in enumerate(REGION_TINTS[:HATCHED])
           for b in REGION_TINTS[i + 1 : HATCHED])


@dataclass(frozen=True)
class GridMarks:
    """Everything a grid draws besides its border and digits, in grid units."""

    n: int
    """Cells per row."""
    thin: tuple[Segment, ...]
    """Cell lines inside boxes or regions."""
    thick: tuple[Segment, ...]
    """Box or region borders inside the grid (the outer border is drawn apart)."""
    tints: tuple[Tint, ...]
    """Gray rectangles behind the digits, drawn first."""
    diagonals: tuple[Segment, ...]
    """X diagonals drawn as thin gray lines corner to corner (x_style: lines)."""
    hatches: tuple[tuple[float, float, float, float], ...] = ()
    """Rectangles of hatched cells (x, y, width, height), drawn over the tints."""
    frames: tuple[tuple[float, float, float, float], ...] = ()
    """A multi-grid board's grid outlines (x, y, width, height), each drawn as one
    rectangle at border weight; none: the border is the whole square."""
    dots: tuple[tuple[float, float, float], ...] = ()
    """Small discs (x, y, radius) drawn in DOT_GRAY over the tints, under the lines."""


def grid_marks(
    n: int, variant: Variant, regions: str | None, x_style: XStyle, region_tint: bool
) -> GridMarks:
    """The marks of an n x n grid of a variant (jigsaw: on its region layout; a multi-grid
    kind: of its whole board, board_marks)."""
    if variant.board is not None:
        return board_marks(n, variant.board)
    return _marks(n, variant, regions, x_style, region_tint and not variant.boxes)


@lru_cache(maxsize=256)
def _marks(
    n: int, variant: Variant, regions: str | None, x_style: XStyle, region_tint: bool
) -> GridMarks:
    box = geometry(n, variant, regions).regions
    thin, thick = borders(box, n)
    units = variant.unit_marks(n, diagonal_lines=x_style is XStyle.LINES)
    tints: list[Tint] = [(UNIT_TINT, *rect) for rect in units.tints]
    hatches: list[tuple[float, float, float, float]] = []
    diagonals: tuple[Segment, ...] = units.lines
    if region_tint:
        shade = region_shades(box, n)
        for r in range(n):
            c = 0
            while c < n:  # one rectangle per run of a shade along the row
                end = c + 1
                while end < n and shade[box[r * n + end]] == shade[box[r * n + c]]:
                    end += 1
                gray = REGION_TINTS[shade[box[r * n + c]]]
                if gray < 1.0:
                    tints.append((gray, float(c), float(r), float(end - c), 1.0))
                if shade[box[r * n + c]] == HATCHED:
                    hatches.append((float(c), float(r), float(end - c), 1.0))
                c = end
    return GridMarks(n, thin, thick, tuple(tints), diagonals, tuple(hatches),
                     dots=units.dots)


@lru_cache(maxsize=8)
def board_marks(n: int, board: Board) -> GridMarks:
    """The lines of a board of n x n grids (samurai): each grid's frame, box borders and
    cell lines, every edge once at the heaviest weight any grid gives it."""
    rows, cols = BOX_SHAPES[n]
    # (vertical?, line, step) -> 2 on a grid's outline, 1 on a box border, 0 in a box
    weight: dict[tuple[bool, int, int], int] = {}
    for r0, c0 in board.origins:
        for i in range(n + 1):
            for k in range(n):
                for key, every in (((False, r0 + i, c0 + k), rows), ((True, c0 + i, r0 + k), cols)):
                    w = 2 if i in (0, n) else int(i % every == 0)
                    weight[key] = max(weight.get(key, 0), w)
    thin: list[Segment] = []
    thick: list[Segment] = []
    for vertical, line, step in sorted(weight):
        w = weight[vertical, line, step]
        if w == 2 or (step and weight.get((vertical, line, step - 1)) == w):
            continue  # a frame's edge, or inside a run begun before
        end = step + 1
        while weight.get((vertical, line, end)) == w:
            end += 1
        x = float(line)
        (thick if w else thin).append((x, step, x, end) if vertical else (step, x, end, x))
    frames = tuple((float(c0), float(r0), float(n), float(n)) for r0, c0 in board.origins)
    return GridMarks(board.side, tuple(thin), tuple(thick), (), (), frames=frames)


def borders(box: tuple[int, ...], n: int) -> tuple[tuple[Segment, ...], tuple[Segment, ...]]:
    """(thin, thick) inner segments of a grid whose cell c lies in box or region box[c]:
    each inner grid line is walked edge by edge and cut where its kind changes."""
    thin: list[Segment] = []
    thick: list[Segment] = []
    for i in range(1, n):
        x = y = float(i)
        # vertical line x = i: the edge beside row r parts cells (r, i-1) and (r, i)
        for a, b, parted in _runs([box[r * n + i - 1] != box[r * n + i] for r in range(n)]):
            (thick if parted else thin).append((x, a, x, b))
        # horizontal line y = i: the edge above column c parts cells (i-1, c) and (i, c)
        for a, b, parted in _runs([box[(i - 1) * n + c] != box[i * n + c] for c in range(n)]):
            (thick if parted else thin).append((a, y, b, y))
    return tuple(thin), tuple(thick)


def _runs(parted: list[bool]) -> list[tuple[float, float, bool]]:
    """(start, end, kind) of each run of equal kinds along a line of edges."""
    out, start = [], 0
    for k in range(1, len(parted) + 1):
        if k == len(parted) or parted[k] != parted[start]:
            out.append((float(start), float(k), parted[start]))
            start = k
    return out


def region_shades(box: tuple[int, ...], n: int) -> tuple[int, ...]:
    """A shade (0 .. 3) for each region such that regions sharing an edge differ: the
    first colouring found by trying regions in index order, shades in order."""
    near: list[set[int]] = [set() for _ in range(n)]
    for cell, b in enumerate(box):
        r, c = divmod(cell, n)
        for other in ((r + 1) * n + c if r + 1 < n else -1, cell + 1 if c + 1 < n else -1):
            if other >= 0 and box[other] != b:
                near[b].add(box[other])
                near[box[other]].add(b)
    shade = [-1] * n

    def place(k: int) -> bool:
        if k == n:
            return True
        for s in range(len(REGION_TINTS)):
            if all(shade[m] != s for m in near[k]):
                shade[k] = s
                if place(k + 1):
                    return True
        shade[k] = -1
        return False

    if not place(0):  # a map of regions in the plane always has a 4-colouring
        raise AssertionError("no four-colouring of the regions")
    return tuple(shade)
