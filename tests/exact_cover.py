"""An independent solver for the tests: sudoku as exact cover, solved by Algorithm X.

Glossary:
  column     a constraint to cover exactly once: ("cell", c) = cell c holds one value,
             ("unit", u, v) = unit u holds value v once
  row        a choice (c, v): value v in cell c; it covers ("cell", c) and ("unit", u, v)
             for every unit u of c
  X          column -> the set of rows still covering it; Y: row -> its columns
  secondary  a column that may be covered once or not at all ("at most one of these
             rows"): ("differ", a, b, v) = cells a and b do not both hold v (anti-knight,
             anti-king), ("apart", a, b, v) = a does not hold v while b holds v + 1
             (non-consecutive). Algorithm X branches on primary columns only and stops
             when none is left

  board      a multi-grid (gattai) puzzle: 9x9 grids overlapping in whole boxes on a
             square of positions (BOARDS); its cells are the positions some grid covers,
             numbered row-major over the board, as the puzzle's values are

Constraint kinds (9x9), from their rules as people state them:
  disjoint-groups  the cells at one place in every box form a unit (nine units)
  asterisk         one unit: the centre cell, the four cells three steps from it along
                   its row and column, and the four two steps from it diagonally
  center-dot       one unit: the centre cell of every box
  girandola        one unit: the four corners, the centre cell and the four cells three
                   steps from it along its row and column
  anti-knight      two cells a knight's move apart hold different digits
  anti-king        two cells a king's move apart (touching, even at a corner) hold
                   different digits
  non-consecutive  two cells sharing a side hold digits that are not one apart

Written from the definition alone (it shares no code with bookgen's kernels or its
Geometry tables), so that agreeing with it means something. The units of every size and
variant are built here from the rules as people state them (variant_units, board_units);
of a Geometry only its size, variant name and jigsaw region labels are read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

Column = tuple[Any, ...]
Row = tuple[int, int]


BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
"""Box height and width of each classic size."""


BOARDS: dict[str, tuple[int, tuple[tuple[int, int], ...]]] = {
    "samurai": (21, ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))),
    "twin": (15, ((0, 0), (6, 6))),
}
"""Multi-grid kind -> (board side, each 9x9 grid's top-left (row, column)), as the puzzles
are printed: samurai's four corner grids and a centre grid sharing a corner box with each;
twin's two grids sharing one box."""


KNIGHT = tuple((dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2)
               if abs(dr) != abs(dc))
"""A knight's eight moves as (row, column) steps."""

KING = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
"""A king's eight moves."""

SIDE = ((-1, 0), (1, 0), (0, -1), (0, 1))
"""The four cells sharing a side."""

DIFFERENT_STEPS = {"anti-knight": KNIGHT, "anti-king": KING}
"""Kind -> the steps between two cells that may not hold the same digit."""

APART_STEPS = {"non-consecutive": SIDE}
"""Kind -> the steps between two cells that may not hold digits one apart."""


def _rc(cells: Sequence[tuple[int, int]], n: int) -> list[int]:
    """1-based (row, column) pairs as cells."""
    return sorted((r - 1) * n + c - 1 for r, c in cells)


def _middle_star(n: int, orthogonal: int, diagonal: int) -> list[tuple[int, int]]:
    """The centre cell, the four cells `orthogonal` steps from it along its row and
    column, and the four `diagonal` steps from it diagonally (1-based)."""
    m = (n + 1) // 2
    return ([(m, m)] + [(m + dr * orthogonal, m + dc * orthogonal) for dr, dc in SIDE]
            + [(m + dr * diagonal, m + dc * diagonal) for dr in (-1, 1) for dc in (-1, 1)])


def _box_places(n: int) -> list[list[int]]:
    """For each place inside a box, the cells at that place in every box."""
    h, w = BOXES[n]
    return [[(top + i) * n + left + j for top in range(0, n, h) for left in range(0, n, w)]
            for i in range(h) for j in range(w)]


KIND_UNITS: dict[str, Any] = {
    "disjoint-groups": _box_places,
    "asterisk": lambda n: [_rc(_middle_star(n, 3, 2), n)],
    "center-dot": lambda n: [_rc([(top + 2, left + 2) for top in range(0, n, 3)
                                  for left in range(0, n, 3)], n)],
    "girandola": lambda n: [_rc(_middle_star(n, 3, 4), n)],
}
"""Kind -> a function n -> the units the kind adds (9x9 only: the shapes are drawn on it)."""


def bound_pairs(n: int, steps: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every pair (a, b), a < b, of cells of an n x n grid one of the steps apart."""
    out = set()
    for a in range(n * n):
        r, c = divmod(a, n)
        for dr, dc in steps:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                b = (r + dr) * n + c + dc
                out.add((min(a, b), max(a, b)))
    return sorted(out)


def pair_columns(n: int, variant: str) -> dict[Column, list[Row]]:
    """The kind's secondary columns, each with the rows (choices) it holds."""
    cols: dict[Column, list[Row]] = {}
    for a, b in bound_pairs(n, DIFFERENT_STEPS.get(variant, ())):
        for v in range(1, n + 1):
            cols[("differ", a, b, v)] = [(a, v), (b, v)]
    for a, b in bound_pairs(n, APART_STEPS.get(variant, ())):
        for v in range(1, n):
            cols[("apart", a, b, v)] = [(a, v), (b, v + 1)]
            cols[("apart", b, a, v)] = [(b, v), (a, v + 1)]
    return cols


PRIMARY = ("cell", "unit")
"""The first words of the columns that must be covered."""


EXTRA_RULES: dict[str, Any] = {}
"""Kind name -> a function n -> the kind's extra units, for kinds outside the package (a
plug-in's test states its rule here, from the rule as people state it)."""


def variant_units(n: int, variant: str = "classic", regions: str | None = None
                  ) -> list[list[int]]:
    """Every unit as a list of cells (row-major): rows, columns, then boxes or jigsaw
    regions (cells sharing a label), then X's two main diagonals or hyper's four 3x3
    windows at 1-based rows and columns 2-4 and 6-8, or a constraint kind's KIND_UNITS, or a
    plug-in kind's EXTRA_RULES."""
    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    if variant == "jigsaw":
        assert regions is not None and len(regions) == n * n
        units += [[c for c in range(n * n) if regions[c] == label]
                  for label in sorted(set(regions))]
    else:
        h, w = BOXES[n]
        units += [[(top + i) * n + left + j for i in range(h) for j in range(w)]
                  for top in range(0, n, h) for left in range(0, n, w)]
    if variant == "x":
        units.append([i * n + i for i in range(n)])
        units.append([i * n + (n - 1 - i) for i in range(n)])
    if variant == "hyper":
        assert n == 9
        for top in (1, 5):
            for left in (1, 5):
                units.append([(top + i) * 9 + left + j for i in range(3) for j in range(3)])
    if variant in KIND_UNITS:
        units += KIND_UNITS[variant](n)
    if variant in EXTRA_RULES:
        units += EXTRA_RULES[variant](n)
    return units


def board_units(kind: str) -> tuple[list[int], list[list[int]]]:
    """(the board positions some grid covers, ascending; every unit as a list of cells)
    of a multi-grid kind: each grid's rows, columns and 3x3 boxes, a box two grids share
    once. Cell i is positions[i]."""
    side, origins = BOARDS[kind]
    grids = [[(r0 + r) * side + c0 + c for r in range(9) for c in range(9)]
             for r0, c0 in origins]
    positions = sorted({p for grid in grids for p in grid})
    cell = {p: i for i, p in enumerate(positions)}
    units: list[list[int]] = []
    for grid in grids:
        for unit in variant_units(9):
            members = sorted(cell[grid[k]] for k in unit)
            if members not in units:  # a shared box is one unit, not two
                units.append(members)
    return positions, units


def units_of(geo: Any) -> list[list[int]]:
    """variant_units (or board_units) for a Geometry, from its size, variant name and
    region labels only."""
    if geo.variant.value in BOARDS:
        return board_units(geo.variant.value)[1]
    return variant_units(geo.n, geo.variant.value, geo.region_layout)


def _problem(geo: Any) -> tuple[dict[Column, set[Row]], dict[Row, list[Column]]]:
    units = units_of(geo)
    cell_units: dict[int, list[int]] = {}
    for u, cells in enumerate(units):
        for c in cells:
            cell_units.setdefault(c, []).append(u)
    y: dict[Row, list[Column]] = {}
    for c in sorted(cell_units):
        for v in range(1, geo.n + 1):
            y[(c, v)] = [("cell", c)] + [("unit", u, v) for u in cell_units[c]]
    if geo.variant.value not in BOARDS:
        for col, rows in pair_columns(geo.n, geo.variant.value).items():
            for row in rows:
                y[row].append(col)
    x: dict[Column, set[Row]] = {}
    for row, cols in y.items():
        for col in cols:
            x.setdefault(col, set()).add(row)
    return x, y


def _select(x: dict[Column, set[Row]], y: dict[Row, list[Column]], r: Row) -> list[set[Row]]:
    removed = []
    for j in y[r]:
        for i in x[j]:
            for k in y[i]:
                if k != j:
                    x[k].remove(i)
        removed.append(x.pop(j))
    return removed


def _deselect(
    x: dict[Column, set[Row]], y: dict[Row, list[Column]], r: Row, removed: list[set[Row]]
) -> None:
    for j in reversed(y[r]):
        x[j] = removed.pop()
        for i in x[j]:
            for k in y[i]:
                if k != j:
                    x[k].add(i)


def _forced(x: dict[Column, set[Row]], y: dict[Row, list[Column]], r: Row
            ) -> tuple[bool, list[tuple[Row, list[set[Row]]]]]:
    """Select r and then every row left alone in its column, until none is or a column
    has no row left: (whether no column emptied, the selections made, to undo)."""
    trail: list[tuple[Row, list[set[Row]]]] = []
    todo = [r]
    while todo:
        r = todo.pop()
        if not all(j in x and r in x[j] for j in y[r]):
            continue  # taken away by an earlier forced row; its column is seen below
        removed = _select(x, y, r)
        trail.append((r, removed))
        for gone in removed:
            for i in gone:
                for k in y[i]:
                    if k in x and k[0] in PRIMARY and len(x[k]) < 2:
                        if not x[k]:
                            return False, trail
                        todo.extend(x[k])
    return True, trail


def _undo(x: dict[Column, set[Row]], y: dict[Row, list[Column]],
          trail: list[tuple[Row, list[set[Row]]]]) -> None:
    for r, removed in reversed(trail):
        _deselect(x, y, r, removed)


def _column(x: dict[Column, set[Row]], y: dict[Row, list[Column]], probe: bool
            ) -> Column | None:
    """The primary column to branch on (None: every one is covered): the one with fewest
    rows; with probe, when every column
    has two or more, first a two-row column one of whose rows forces an empty column
    (so that branch dies at once and the other is taken as good as forced). Probing keeps
    the search on a board of several grids from branching in one grid while a wrong
    choice waits, undetected, in another."""
    primary = [j for j in x if j[0] in PRIMARY]
    if not primary:
        return None
    col = min(primary, key=lambda j: len(x[j]))
    if not probe or len(x[col]) < 2:
        return col
    for j in sorted(k for k in primary if len(x[k]) == 2):
        for r in sorted(x[j]):
            ok, trail = _forced(x, y, r)
            _undo(x, y, trail)
            if not ok:
                return j
    return col


def _cover(
    x: dict[Column, set[Row]], y: dict[Row, list[Column]], partial: list[Row],
    probe: bool = False,
) -> Iterator[list[Row]]:
    col = _column(x, y, probe)
    if col is None:
        yield list(partial)
        return
    for r in sorted(x[col]):
        partial.append(r)
        removed = _select(x, y, r)
        yield from _cover(x, y, partial, probe)
        _deselect(x, y, r, removed)
        partial.pop()


def _solutions(values: Sequence[int], geo: Any) -> Iterator[tuple[int, ...]]:
    x, y = _problem(geo)
    for c, v in enumerate(values):
        if v:
            if any(col not in x for col in y[(c, v)]):
                return  # a clash: some constraint is already covered
            _select(x, y, (c, v))
    for chosen in _cover(x, y, [], geo.variant.value in BOARDS):
        grid = list(values)
        for c, v in chosen:
            grid[c] = v
        yield tuple(grid)


def solutions_exact(values: Sequence[int], geo: Any, limit: int) -> list[tuple[int, ...]]:
    """Up to limit solutions of the puzzle (row-major values, 0 = blank), as full grids."""
    out = []
    for sol in _solutions([int(v) for v in values], geo):
        out.append(sol)
        if len(out) >= limit:
            break
    return out


def count_exact(values: Sequence[int], geo: Any, limit: int = 2) -> int:
    """The number of solutions, capped at limit."""
    return len(solutions_exact(values, geo, limit))
