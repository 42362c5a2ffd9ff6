"""Canonical forms of multi-grid (gattai) boards under the board's own symmetry group.

Glossary:
  board group  the motions of the whole board that map grids onto grids and units onto
               units, with relabelling of the digits: the rotations and mirrors of the
               board square that map the board onto itself (8 on samurai; twin: identity,
               half turn and the two diagonal mirrors), then row and column orders that keep
               every grid a grid. Order: |dihedral| x |row orders| x |column orders|
  band         three board rows 3b..3b+2 (a stack: three columns); a band lies in the same
               grids over its whole length, so its rows may be ordered freely
  band class   bands that lie in exactly the same grids (samurai: bands 0 and 1, bands 5
               and 6; every other band alone): they may change places. Row orders: 3!^bands
               x the product of |class|! (samurai 6^7 x 2 x 2; twin 6^5 x 2 x 2)
  frame        one rotation or mirror and one order of the stacks; the rows (bands and
               rows within them) are chosen by the search, the columns within each stack by
               refinement
  cell         a run of image columns of one stack and the source columns it may still take
               in any order: the columns are tied, no row so far tells them apart
  form         the least image, read row-major over the board positions inside the grids
               (blank 0 first), digits renamed 1, 2, ... in order of first appearance

The group holds about 10^13 motions on samurai, so the form is found by a search instead of
by trying them all: image row by image row, every live state (frame, rows placed, column
cells, names given) tries each source row that may come next; its least image row puts in
each cell the blanks first, then the named digits in order, then the unnamed ones (each
order of those is a branch, as it names them); the cell splits into runs of equal values.
Only the states whose row equals the least row over all states live on, so the rows kept
are always the prefix of the least image: the form is exact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import permutations, product

from ..core.kinds import Board, Motion

Cell = tuple[int, tuple[int, ...]]
"""A cell of the column state: (first image column, the source columns it may take)."""


@dataclass(frozen=True)
class BoardGroup:
    """A board's symmetry group, as generators the search combines."""

    side: int
    """Rows (and columns) of the board."""
    dihedral: tuple[Motion, ...]
    """The rotations and mirrors of the board square that map the board onto itself, as
    position maps over the whole square (image position p takes source position m[p])."""
    row_classes: tuple[tuple[int, ...], ...]
    """The band classes of the rows: bands that may change places, each band in one."""
    col_classes: tuple[tuple[int, ...], ...]
    """The same for the stacks of columns."""
    covered: tuple[tuple[int, ...], ...]
    """For each band, the stacks some grid covers in it (the rest is outside)."""

    @property
    def order(self) -> int:
        """Motions in the group (relabelling aside)."""
        bands = self.side // 3
        lines = 6 ** bands
        rows = lines * math.prod(math.factorial(len(c)) for c in self.row_classes)
        cols = lines * math.prod(math.factorial(len(c)) for c in self.col_classes)
        return len(self.dihedral) * rows * cols


def square_motions(side: int) -> tuple[Motion, ...]:
    """The 8 rotations and mirrors of a side x side square as position maps."""
    last = side - 1
    maps = (lambda r, c: (r, c), lambda r, c: (c, r), lambda r, c: (last - r, last - c),
            lambda r, c: (last - c, last - r), lambda r, c: (r, last - c),
            lambda r, c: (last - r, c), lambda r, c: (c, last - r), lambda r, c: (last - c, r))
    return tuple(tuple(s * side + t for s, t in (f(r, c) for r in range(side)
                                                  for c in range(side))) for f in maps)


def _classes(grid_sets: Sequence[frozenset[int]]) -> tuple[tuple[int, ...], ...]:
    """Bands grouped by the grids they lie in, in order of their first band."""
    out: dict[frozenset[int], list[int]] = {}
    for b, grids in enumerate(grid_sets):
        out.setdefault(grids, []).append(b)
    return tuple(tuple(bands) for bands in out.values())


@cache
def board_group(board: Board, n: int) -> BoardGroup:
    """The group of a board of n x n grids (n = 9: bands of three rows)."""
    side, inside = board.side, set(board.positions(n))
    if n != 9 or side % 3 or any(r % 3 or c % 3 for r, c in board.origins):
        raise ValueError("board groups exist for 9x9 grids on box boundaries only")
    dihedral = tuple(m for m in square_motions(side) if {m[p] for p in inside} == inside)

    def grids(axis: int, band: int) -> frozenset[int]:
        return frozenset(g for g, origin in enumerate(board.origins)
                         if origin[axis] <= 3 * band < origin[axis] + n)

    bands = side // 3
    covered = tuple(tuple(s for s in range(bands) if (3 * b) * side + 3 * s in inside)
                    for b in range(bands))
    return BoardGroup(side, dihedral, _classes([grids(0, b) for b in range(bands)]),
                      _classes([grids(1, b) for b in range(bands)]), covered)


def _orders(classes: tuple[tuple[int, ...], ...], bands: int) -> list[tuple[int, ...]]:
    """Every map image band -> source band that permutes bands within their classes."""
    out = []
    for choice in product(*(permutations(c) for c in classes)):
        image = [0] * bands
        for cls, perm in zip(classes, choice, strict=True):
            for b, source in zip(cls, perm, strict=True):
                image[b] = source
        out.append(tuple(image))
    return out


@dataclass(frozen=True)
class _State:
    """One live branch of the search."""

    rows: tuple[int, ...]
    """Source rows of the image rows placed so far."""
    bands: tuple[int, ...]
    """Source bands of the image bands begun so far."""
    cells: tuple[Cell, ...]
    """The column cells, in image column order."""
    names: tuple[tuple[int, int], ...]
    """(digit, its new name) for the digits named so far."""
    matrix: tuple[tuple[int, ...], ...]
    """The source board (after the frame's rotation or mirror) as rows, -1 outside."""


def _row_options(row: Sequence[int], state: _State, covered: frozenset[int]
                 ) -> list[tuple[tuple[int, ...], tuple[Cell, ...], tuple[tuple[int, int], ...]]]:
    """The least image rows of one source row under the state's column cells: (values,
    cells after refinement, names), one per order of the digits it names first."""
    partial: list[tuple[list[int], list[Cell], dict[int, int]]] = [
        ([], [], dict(state.names))]
    for start, sources in state.cells:
        if start // 3 not in covered:
            partial = [(v, [*c, (start, sources)], nm) for v, c, nm in partial]
            continue
        grown = []
        for values, cells, names in partial:
            blank = [s for s in sources if not row[s]]
            named = sorted((names[row[s]], s) for s in sources if row[s] and row[s] in names)
            fresh = [s for s in sources if row[s] and row[s] not in names]
            for order in permutations(fresh):
                nm = dict(names)
                out = [0] * len(blank) + [k for k, _ in named]
                for s in order:
                    out.append(nm.setdefault(row[s], len(nm) + 1))
                seq = blank + [s for _, s in named] + list(order)
                split, i = [], 0
                while i < len(seq):
                    j = i
                    while j + 1 < len(seq) and out[j + 1] == out[i]:
                        j += 1
                    split.append((start + i, tuple(sorted(seq[i:j + 1]))))
                    i = j + 1
                grown.append(([*values, *out], [*cells, *split], nm))
        partial = grown
    return [(tuple(v), tuple(c), tuple(nm.items())) for v, c, nm in partial]


def canonical_board(values: Sequence[int], board: Board, n: int) -> tuple[int, ...]:
    """The form of a board's cell values (blank 0) under its group, as cell values."""
    group = board_group(board, n)
    side, bands = group.side, group.side // 3
    positions = board.positions(n)
    flat = [-1] * (side * side)
    for cell, p in enumerate(positions):
        flat[p] = values[cell]
    covered = [frozenset(c) for c in group.covered]
    row_classes = {b: cls for cls in group.row_classes for b in cls}
    states = []
    for motion in group.dihedral:
        image = [flat[p] for p in motion]
        matrix = tuple(tuple(image[r * side:(r + 1) * side]) for r in range(side))
        for stacks in _orders(group.col_classes, bands):
            cells = tuple((3 * s, tuple(range(3 * t, 3 * t + 3))) for s, t in enumerate(stacks))
            states.append(_State((), (), cells, (), matrix))
    form: list[int] = []
    for r in range(side):
        band = r // 3
        best: tuple[int, ...] | None = None
        kept: list[_State] = []
        for state in states:
            if r % 3 == 0:
                taken = set(state.bands)
                choices = [(b, (*state.bands, b)) for b in row_classes[band] if b not in taken]
            else:
                choices = [(state.bands[band], state.bands)]
            for source_band, new_bands in choices:
                for source in range(3 * source_band, 3 * source_band + 3):
                    if source in state.rows:
                        continue
                    for row, cells, names in _row_options(state.matrix[source], state,
                                                          covered[band]):
                        if best is None or row < best:
                            best, kept = row, []
                        if row == best:
                            kept.append(_State((*state.rows, source), new_bands, cells, names,
                                               state.matrix))
        assert best is not None
        form.extend(best)
        states = kept
    return tuple(form)
