"""An independent solver for the tests: sudoku as exact cover, solved by Algorithm X.

Glossary:
  column     a constraint to cover exactly once: ("cell", c) = cell c holds one value,
             ("unit", u, v) = unit u holds value v once
  row        a choice (c, v): value v in cell c; it covers ("cell", c) and ("unit", u, v)
             for every unit u of c
  X          column -> the set of rows still covering it; Y: row -> its columns

  board      a multi-grid (gattai) puzzle: 9x9 grids overlapping in whole boxes on a
             square of positions (BOARDS); its cells are the positions some grid covers,
             numbered row-major over the board, as the puzzle's values are

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


EXTRA_RULES: dict[str, Any] = {}
"""Kind name -> a function n -> the kind's extra units, for kinds outside the package (a
plug-in's test states its rule here, from the rule as people state it)."""


def variant_units(n: int, variant: str = "classic", regions: str | None = None
                  ) -> list[list[int]]:
    """Every unit as a list of cells (row-major): rows, columns, then boxes or jigsaw
    regions (cells sharing a label), then X's two main diagonals or hyper's four 3x3
    windows at 1-based rows and columns 2-4 and 6-8, or a plug-in kind's EXTRA_RULES."""
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
                    if k in x and len(x[k]) < 2:
                        if not x[k]:
                            return False, trail
                        todo.extend(x[k])
    return True, trail


def _undo(x: dict[Column, set[Row]], y: dict[Row, list[Column]],
          trail: list[tuple[Row, list[set[Row]]]]) -> None:
    for r, removed in reversed(trail):
        _deselect(x, y, r, removed)


def _column(x: dict[Column, set[Row]], y: dict[Row, list[Column]], probe: bool) -> Column:
    """The column to branch on: the one with fewest rows; with probe, when every column
    has two or more, first a two-row column one of whose rows forces an empty column
    (so that branch dies at once and the other is taken as good as forced). Probing keeps
    the search on a board of several grids from branching in one grid while a wrong
    choice waits, undetected, in another."""
    col = min(x, key=lambda j: len(x[j]))
    if not probe or len(x[col]) < 2:
        return col
    for j in sorted(k for k in x if len(x[k]) == 2):
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
    if not x:
        yield list(partial)
        return
    col = _column(x, y, probe)
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
