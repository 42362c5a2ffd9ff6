"""Step diagrams of the solving tips, and the small figure that explains their notation:
a grid, or the bands of it a step touches, with its values, its candidates in small type,
the step's cells shaded, the candidates it rests on circled and those it removes struck
out, drawn as vector art in gray.

Glossary:
  window     the rows and columns a diagram shows: the whole bands (rows of boxes) that
             hold every cell the step shades, circles, strikes or places, and all columns;
             only the stacks (columns of boxes) among them when all columns would need
             candidates smaller than the least type size; failing both, the bands (then
             stacks) of the step's own cells alone, its houses cut at the window's edge (in
             a grid with cages, grown by whole bands and stacks until no cage crosses the
             edge, so every cage shown keeps its sum); a grid without boxes whole, and one
             with cages whole but for those cut windows; no diagram when even the smallest
             window would need smaller candidates in the room given
  raster     where a candidate sits in its cell: a grid of box_rows x box_cols small
             places (3 x 3 in a 9x9 grid), digit d in place d-1, row by row, as people
             pencil them; a grid without boxes uses the smallest square raster that holds n
  cell       a diagram's cell side in points: CELL_PT, or CELL_SHARE of a wide page's width,
             or more where candidates of the least type size need it; less to fit the width
             and height given, never so little that candidates fall below the least size
  headings   the row numbers at the left of the window and the column numbers above it,
             so a cell name (r5c1) can be found
  houses     the cells of the units a step lives in, shaded lighter than its pattern
  cages      a killer grid's cages, dashed and with their sums as on the puzzle pages
             (cage_outlines.py), the sums never below the least size (least_sum); its
             candidates keep below the sums and inside the dashes
  writer     draws a value: one centred string at a size, bold (a given) or not, so the
             page's own bold is used (a faux bold where the book has no bold face)

Positions are local: a diagram is drawn with its window's top-left corner (headings
outside it) at the point given. Nothing here knows the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..core.grid import SYMBOLS
from ..core.model import StepDiagram
from . import killer_grid
from .cage_outlines import CageFit, cage_fit, least_sum

Writer = Callable[[float, float, str, float, bool], None]
"""Draws a string centred on x with its baseline at y, at a type size, bold or not."""

CELL_PT = 27.0
"""The cell side a diagram aims for: candidates of 7 pt in a 9x9 grid (the print minimum),
so a tall diagram and a short one share a 6x9 page."""

CELL_SHARE = 0.06
"""On wide pages, the cell side a diagram aims for as a share of the width (32 pt on a
letter page), so its candidates grow with the page."""

CANDIDATE_SHARE = 0.78
"""A candidate's type size as a share of its raster place."""

VALUE_SHARE = 0.62
"""A value's type size as a share of the cell."""

HOUSE_GRAY = 0.92
"""Tint of the cells of the step's units."""

PATTERN_GRAY = 0.78
"""Tint of the step's own cells."""

PLACED_GRAY = 0.4
"""Gray of the digits placed by earlier steps (the givens are black)."""

HEADING_GRAY = 0.35
"""Gray of the row and column numbers."""

THIN_PT = 0.75
"""Cell lines and the rings around candidates: the print minimum."""

BOX_PT = 1.5
"""Box (region) lines."""

BORDER_PT = 2.0
"""The window's outline."""

PLACED_RING_PT = 1.5
"""The ring around a candidate the step places (a heavier one than the pattern's)."""

HEADING_ROOM = 1.4
"""Room for the headings, in ems of their type."""


@dataclass(frozen=True)
class Window:
    """The rows and columns of a grid a diagram shows, each a range."""

    rows: range
    """Rows shown, top to bottom."""
    cols: range
    """Columns shown, left to right."""


@dataclass(frozen=True)
class Fit:
    """A diagram's size on its page."""

    window: Window
    """What it shows."""
    cell: float
    """Cell side in points."""
    heading: float
    """Type size of the row and column numbers."""

    @property
    def width(self) -> float:
        """From the row numbers' left edge to the window's right edge."""
        return HEADING_ROOM * self.heading + len(self.window.cols) * self.cell

    @property
    def height(self) -> float:
        """From the column numbers' top to the window's bottom edge."""
        return HEADING_ROOM * self.heading + len(self.window.rows) * self.cell


def raster(d: StepDiagram) -> tuple[int, int]:
    """(rows, columns) of the candidates' places in a cell."""
    if d.box_rows:
        return d.box_rows, d.box_cols
    side = math.isqrt(d.n - 1) + 1
    return side, side


def marked_cells(d: StepDiagram, houses: bool = True) -> set[int]:
    """Every cell the step shades (with `houses`, its houses too), circles, strikes or
    places."""
    return ({*d.cells, *(d.houses if houses else ())}
            | {c for c, _ in (*d.circled, *d.eliminated, *d.placed)}
            | {c for link in d.links for c, _ in link})


WINDOWS = ((True, False), (True, True), (False, False), (False, True))
"""The windows a diagram tries, largest first: (with its houses, only its stacks)."""


def window(d: StepDiagram, stacks: bool, houses: bool = True) -> Window:
    """The bands (and with `stacks`, the stacks) that hold every marked cell (with
    `houses`, every cell of the step's houses); the whole grid when nothing is marked, and
    for a killer grid with its houses (else grown until it cuts no cage: a cage cut by
    the window could hide its sum)."""
    n = d.n
    cells = marked_cells(d, houses)
    if not d.box_rows or not cells or (d.cages and houses):
        return Window(range(n), range(n))
    view = _spanned(d, cells, Window(range(0), range(n) if not stacks else range(0)))
    while True:
        cut = {c for cage in d.cages for c in cage.cells
               if len({_inside(view, c, n) for c in cage.cells}) == 2}
        if not cut:
            return view
        view = _spanned(d, cut, view)


def _inside(view: Window, cell: int, n: int) -> bool:
    return cell // n in view.rows and cell % n in view.cols


def _spanned(d: StepDiagram, cells: set[int], view: Window) -> Window:
    """The smallest window of whole bands and stacks holding `view` and `cells`."""
    n = d.n
    rows = {c // n for c in cells} | ({view.rows[0], view.rows[-1]} if view.rows else set())
    cols = {c % n for c in cells} | ({view.cols[0], view.cols[-1]} if view.cols else set())
    return Window(range(min(rows) // d.box_rows * d.box_rows,
                        (max(rows) // d.box_rows + 1) * d.box_rows),
                  range(min(cols) // d.box_cols * d.box_cols,
                        (max(cols) // d.box_cols + 1) * d.box_cols))


def least_cell(d: StepDiagram, least: float) -> float:
    """The smallest cell (to a point) whose candidates are `least` points: in a killer
    grid, below the sum and inside the dashes."""
    cell = least / CANDIDATE_SHARE * max(raster(d))
    while candidate_size(d, cell, least) < least - 1e-9:
        cell += 1.0
    return cell


def _cage_fit(cell: float, least: float) -> CageFit:
    return cage_fit(cell, BOX_PT, VALUE_SHARE * cell, least_sum(least))


def _candidate_area(d: StepDiagram, cell: float, least: float
                    ) -> tuple[float, float, float, float]:
    """(left, top, width, height) of the candidates' raster in a cell, from its top-left
    corner: the whole cell, or in a killer grid the cell below the sum band (sums of at
    least `least` pt) and inside the dashed outlines."""
    if not d.cages:
        return 0.0, 0.0, cell, cell
    room = _cage_fit(cell, least)
    side = room.inset + room.line / 2
    return side, room.band, cell - 2 * side, cell - room.band - side


def candidate_size(d: StepDiagram, cell: float, least: float) -> float:
    """The candidates' type size in a cell of side `cell` (`least`: the book's least type
    size, which a killer grid's sums keep to)."""
    rows, cols = raster(d)
    _, _, width, height = _candidate_area(d, cell, least)
    return CANDIDATE_SHARE * min(width / cols, height / rows)


def fit(d: StepDiagram, width: float, least: float, tall: float = math.inf,
        cut: bool = False) -> Fit | None:
    """The diagram's window and cell side in `width` and `tall` points: the step's bands
    across all columns, else only its stacks (with `cut`, then those of the step's own
    cells, its houses cut at the edge), each at the aimed cell or as much less as the room
    takes, its candidates never below `least` points; None when no window fits."""
    heading = least
    room = width - HEADING_ROOM * heading
    rise = tall - HEADING_ROOM * heading
    aim = max(CELL_PT, CELL_SHARE * width, least_cell(d, least))
    for houses, stacks in WINDOWS if cut else WINDOWS[:2]:
        view = window(d, stacks, houses)
        cell = min(aim, room / len(view.cols), rise / len(view.rows))
        if cell > 0 and candidate_size(d, cell, least) >= least - 1e-9:
            return Fit(view, cell, heading)
    return None


def tallest(n: int, box_rows: int, width: float, least: float, tall: float) -> float:
    """The height of the tallest diagram of an n x n grid in `width` and `tall` points
    (every band shown, else all the room, to a whole point below so that rounding never
    runs it past the room): what a tip whose diagram is not known yet is given."""
    blank = StepDiagram(box_rows, n // box_rows if box_rows else 0, (0,) * (n * n),
                        (0,) * (n * n), (0,) * (n * n), (0,) * (n * n), (), (), (), (), ())
    f = fit(blank, width, least, tall)
    return f.height if f else math.floor(tall)


def draw(c: Canvas, d: StepDiagram, f: Fit, x: float, top: float, regular: str,
         value: Writer) -> None:
    """The diagram with its window's top-left corner at (x + headings, top - headings):
    candidates, headings and sums in `regular`, values by `value` (givens bold)."""
    least = f.heading  # the headings are set at the least size
    view, cell = f.window, f.cell
    n = d.n
    left = x + HEADING_ROOM * f.heading
    upper = top - HEADING_ROOM * f.heading
    rows, cols = len(view.rows), len(view.cols)

    def corner(cell_index: int) -> tuple[float, float]:
        """The lower-left corner of a cell."""
        r, col = divmod(cell_index, n)
        return left + (col - view.cols.start) * cell, upper - (r - view.rows.start + 1) * cell

    shown = [r * n + col for r in view.rows for col in view.cols]
    c.saveState()
    _headings(c, view, left, upper, cell, f.heading, regular)
    pattern = set(d.cells) | {p for p, _ in d.placed}
    for gray, group in ((HOUSE_GRAY, set(d.houses) - pattern), (PATTERN_GRAY, pattern)):
        c.setFillGray(gray)
        for k in shown:
            if k in group:
                c.rect(*corner(k), cell, cell, stroke=0, fill=1)
    c.setFillGray(0.0)
    _lines(c, d, view, left, upper, cell)
    size, drop = VALUE_SHARE * cell, 0.0
    if d.cages:
        room = _cage_fit(cell, least)
        c.saveState()
        frame = c.beginPath()
        frame.rect(left, upper - rows * cell, cols * cell, rows * cell)
        c.clipPath(frame, stroke=0, fill=0)
        killer_grid.cages(c, d.cages, n, (left - view.cols.start * cell,
                                          upper + view.rows.start * cell), room, regular)
        c.restoreState()
        size, drop = room.digit_size, room.digit_drop
    for k in shown:
        v = d.values[k]
        if v:
            x0, y0 = corner(k)
            c.setFillGray(0.0 if d.givens[k] else PLACED_GRAY)
            value(x0 + cell / 2, y0 + cell / 2 - drop - 0.37 * size, SYMBOLS[v - 1], size,
                  bool(d.givens[k]))
    c.setFillGray(0.0)
    _candidates(c, d, shown, corner, cell, regular, least)
    c.setLineWidth(BORDER_PT)
    c.rect(left, upper - rows * cell, cols * cell, rows * cell)
    c.restoreState()


def _headings(c: Canvas, view: Window, left: float, upper: float, cell: float, size: float,
              font: str) -> None:
    """Row numbers at the left, column numbers above, in gray."""
    c.setFillGray(HEADING_GRAY)
    c.setFont(font, size)
    for i, r in enumerate(view.rows):
        y = upper - (i + 0.5) * cell - 0.37 * size
        c.drawRightString(left - 0.4 * size, y, str(r + 1))
    for i, col in enumerate(view.cols):
        c.drawCentredString(left + (i + 0.5) * cell, upper + 0.4 * size, str(col + 1))
    c.setFillGray(0.0)


def _lines(c: Canvas, d: StepDiagram, view: Window, left: float, upper: float,
           cell: float) -> None:
    """Cell lines, then box (region) lines wherever neighbouring cells lie in different
    regions."""
    n = d.n
    thin: list[tuple[float, float, float, float]] = []
    thick: list[tuple[float, float, float, float]] = []
    for i, r in enumerate(view.rows):
        for j, col in enumerate(view.cols):
            x0, y1 = left + j * cell, upper - i * cell
            if j:
                (thick if d.regions[r * n + col] != d.regions[r * n + col - 1] else thin).append(
                    (x0, y1, x0, y1 - cell))
            if i:
                (thick if d.regions[r * n + col] != d.regions[(r - 1) * n + col] else thin
                 ).append((x0, y1, x0 + cell, y1))
    for width, segments in ((THIN_PT, thin), (BOX_PT, thick)):
        if segments:
            c.setLineWidth(width)
            c.lines(segments)


def _candidates(c: Canvas, d: StepDiagram, shown: Sequence[int],
                corner: Callable[[int], tuple[float, float]], cell: float, font: str,
                least: float) -> None:
    """Each empty cell's candidates at their raster places: those the step places in a
    heavy ring, those its pattern is made of in a thin one, those it removes struck
    through; chain links as arrows between candidates."""
    rows, cols = raster(d)
    inside, below, width, height = _candidate_area(d, cell, least)
    pitch_x, pitch_y = width / cols, height / rows
    size = candidate_size(d, cell, least)
    half = stringWidth("8", font, size) / 2

    def centre(k: int, digit: int) -> tuple[float, float]:
        x0, y0 = corner(k)
        r, col = divmod(digit - 1, cols)
        return x0 + inside + (col + 0.5) * pitch_x, y0 + cell - below - (r + 0.5) * pitch_y

    circled, placed, struck = set(d.circled), set(d.placed), set(d.eliminated)
    radius = 0.5 * min(pitch_x, pitch_y) - PLACED_RING_PT / 2
    c.setFont(font, size)
    c.setLineWidth(THIN_PT)
    for k in shown:
        mask = d.candidates[k]
        digit = 0
        while mask:
            digit += 1
            if mask & 1:
                cx, cy = centre(k, digit)
                c.drawCentredString(cx, cy - 0.37 * size, SYMBOLS[digit - 1])
                if (k, digit) in placed:
                    c.setLineWidth(PLACED_RING_PT)
                    c.circle(cx, cy, radius)
                    c.setLineWidth(THIN_PT)
                elif (k, digit) in circled:
                    c.circle(cx, cy, radius)
                if (k, digit) in struck:
                    c.line(cx - radius, cy - radius, cx + radius, cy + radius)
                    c.line(cx - radius, cy + radius, cx + radius, cy - radius)
            mask >>= 1
    visible = set(shown)
    for a, b in d.links:
        if a[0] in visible and b[0] in visible:
            _arrow(c, centre(*a), centre(*b), radius + half * 0.2, size * 0.5)


def _arrow(c: Canvas, a: tuple[float, float], b: tuple[float, float], clear: float,
           head: float) -> None:
    """A line from candidate a to candidate b, kept `clear` of both, with a head `head`
    long at b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length <= 2 * clear:
        return
    ux, uy = dx / length, dy / length
    x0, y0 = a[0] + ux * clear, a[1] + uy * clear
    x1, y1 = b[0] - ux * clear, b[1] - uy * clear
    c.line(x0, y0, x1, y1)
    path = c.beginPath()
    path.moveTo(x1, y1)
    path.lineTo(x1 - head * ux + head * 0.45 * uy, y1 - head * uy - head * 0.45 * ux)
    path.lineTo(x1 - head * ux - head * 0.45 * uy, y1 - head * uy + head * 0.45 * ux)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _notation() -> StepDiagram:
    """The figure of the notation: box 4 of a 9x9 grid with two givens, r4c2's candidates
    1, 3 and 7, r5c1 filled with its circled candidate 6, and 8 struck out in r6c3."""
    n = 9
    values = [0] * n * n
    candidates = [0] * n * n
    for cell, value in ((27, 9), (38, 4)):
        values[cell] = value
    for cell, digits in ((28, (1, 3, 7)), (29, (1, 5)), (36, (2, 6)), (37, (1, 3, 6)),
                         (45, (1, 3, 6)), (46, (3, 5, 7)), (47, (3, 8))):
        candidates[cell] = sum(1 << (d - 1) for d in digits)
    return StepDiagram(3, 3, tuple(r // 3 * 3 + col // 3 for r in range(n) for col in range(n)),
                       tuple(values), tuple(values), tuple(candidates), (36,), (), ((36, 6),),
                       ((47, 8),), ((36, 6),))


NOTATION = _notation()
"""The notation figure's grid; NOTATION_CELLS are the cells its labels name."""

NOTATION_WINDOW = Window(range(3, 6), range(0, 3))
"""Box 4: what the notation figure shows."""

NOTATION_CELLS = (28, 36, 47)
"""The cells the notation figure's labels explain, one per row shown: candidates (r4c2),
a cell filled (r5c1 = 6), a candidate ruled out (r6c3)."""
