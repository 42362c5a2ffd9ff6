"""An independent solver for the tests: sudoku as exact cover, solved by Algorithm X.

Glossary:
  column     a constraint to cover exactly once: ("cell", c) = cell c holds one value,
             ("unit", u, v) = unit u holds value v once
  row        a choice (c, v): value v in cell c; it covers ("cell", c) and ("unit", u, v)
             for every unit u of c
  X          column -> the set of rows still covering it; Y: row -> its columns

Written from the definition alone (it shares no code with bookgen's kernels or its
Geometry tables), so that agreeing with it means something. The units of every size and
variant are built here from the rules as people state them (variant_units); of a
Geometry only its size, variant name and jigsaw region labels are read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

Column = tuple[Any, ...]
Row = tuple[int, int]


BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
"""Box height and width of each classic size."""


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


def units_of(geo: Any) -> list[list[int]]:
    """variant_units for a Geometry, from its size, variant name and region labels only."""
    return variant_units(geo.n, geo.variant.value, geo.region_layout)


def _problem(geo: Any) -> tuple[dict[Column, set[Row]], dict[Row, list[Column]]]:
    units = units_of(geo)
    y: dict[Row, list[Column]] = {}
    for c in range(geo.n * geo.n):
        for v in range(1, geo.n + 1):
            y[(c, v)] = [("cell", c)] + [("unit", u, v) for u, cells in enumerate(units)
                                         if c in cells]
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


def _cover(
    x: dict[Column, set[Row]], y: dict[Row, list[Column]], partial: list[Row]
) -> Iterator[list[Row]]:
    if not x:
        yield list(partial)
        return
    col = min(x, key=lambda j: len(x[j]))
    for r in sorted(x[col]):
        partial.append(r)
        removed = _select(x, y, r)
        yield from _cover(x, y, partial)
        _deselect(x, y, r, removed)
        partial.pop()


def _solutions(values: Sequence[int], geo: Any) -> Iterator[tuple[int, ...]]:
    x, y = _problem(geo)
    for c, v in enumerate(values):
        if v:
            if any(col not in x for col in y[(c, v)]):
                return  # a clash: some constraint is already covered
            _select(x, y, (c, v))
    for chosen in _cover(x, y, []):
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
