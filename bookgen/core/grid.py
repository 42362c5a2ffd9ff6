"""Grid geometry, symbols, parsing and formatting.

Glossary and conventions:
  n          symbols per unit, n = box_rows * box_cols: 4 (2x2), 6 (2x3), 9 (3x3),
             12 (3x4), 16 (4x4)
  cell       0 .. n*n-1, row-major: cell = row * n + col. On a multi-grid board
             (samurai) the cells are the board positions some grid covers, numbered
             row-major over the board (Geometry.positions); row and column are the board's
  value      0 = blank, 1 .. n = a symbol; a grid is a tuple of n*n values
  symbol     how a value is written: 1-9, then A, B, C, ... (10 = A); blank '.'
  unit       n cells that hold each symbol once: rows, columns, boxes (or jigsaw regions),
             and the variant's extras (rules.Variant: X diagonals, hyper windows)
  peers      the other cells a cell's digit may not repeat in: those sharing a unit with
             it, and those a pair rule of Relation.DIFFERENT binds to it (anti-knight)
  neighbours a cell's non-consecutive partners (a Relation.NON_CONSECUTIVE pair rule):
             their digits differ by more than one; no cell has any on other kinds
  block order  box by box from the top-left, each box row by row (seed 000's "Z-order");
             block_order[pos] = cell, block_pos[cell] = pos
  label      r4c2: 1-based row and column, as people read it
  batch      many puzzles of one geometry as one numpy int8 array (m, n*n) with the line
             each came from (Batch); whole files are parsed, checked and formatted as
             arrays, and only a line found wrong is read again by the exact parser, for
             its message
  record     a JSON object on one line with a "puzzle" key (the output of rate, generate
             or solve --format json), read back as that puzzle; it may carry "variant"
             (classic when absent) and, for jigsaw, "regions"
  region line  a jigsaw puzzle's regions written as text: n*n labels, row-major, on the
             line after the puzzle in every text form (SPEC's "puzzle line plus a region
             line"); sizes 5, 7 and 8 exist only as jigsaw grids

The tables are computed once per topology (Geometry.key) and are immutable; kernels take the
numpy copies from ``Geometry.arrays()``.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, BinaryIO, TypeVar

from .errors import GenerationError, InputError
from .kinds import Board, PairRule, Relation
from .rules import JIGSAW_SIZES, Variant

R = TypeVar("R")
"""A record a reader gathers (gathered)."""
E = TypeVar("E", bound=Exception)
"""The error of a bad record (gathered)."""

SYMBOLS = "123456789ABCDEFG"
BOX_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SIZES = tuple(BOX_SHAPES)
ALL_SIZES = tuple(sorted({n for kind in Variant for n in kind.sizes}))
"""Every grid size of any variant."""
FRAME_CHARS = set("|-+=")
BLANKS = {".", "_"}
FORMATS = ("line", "grid", "seed", "json")

Grid = tuple[int, ...]
GeometryKey = tuple[int, Variant, "str | None"]
"""What identifies a topology: size, variant, jigsaw region labels (Geometry.key)."""


@dataclass(frozen=True)
class Geometry:
    """The static topology of one grid size and variant (and jigsaw region layout)."""

    n: int
    """Symbols per unit and cells per row."""
    box_rows: int
    """Rows in one box; 0 for jigsaw, whose regions are not rectangles."""
    box_cols: int
    """Columns in one box; 0 for jigsaw."""
    variant: Variant
    """Which units the grid has besides rows and columns (rules.Variant)."""
    regions: tuple[int, ...]
    """For each cell, the index (0 .. n-1) of its box, or of its jigsaw region."""
    units: tuple[tuple[int, ...], ...]
    """Every unit: rows first, then columns, boxes (or regions), variant extras."""
    unit_names: tuple[str, ...]
    """Human name of each unit: 'row 1', 'column 3', 'box 5', 'region 2', 'diagonal 1',
    'window 4'."""
    cell_units: tuple[tuple[int, ...], ...]
    """For each cell, the indices of the units it belongs to."""
    peers: tuple[tuple[int, ...], ...]
    """For each cell, its peers in ascending order (unit mates and pair-rule cells)."""
    ruled: tuple[tuple[int, ...], ...]
    """For each cell, its peers that share no unit with it, ascending: the cells a pair
    rule of Relation.DIFFERENT binds to it beyond its units (anti-knight; mostly none)."""
    neighbours: tuple[tuple[int, ...], ...]
    """For each cell, its non-consecutive neighbours in ascending order (mostly none)."""
    block_order: tuple[int, ...]
    """block_order[pos] = the cell at block-order position pos (box by box, or region by
    region, each row by row)."""
    block_pos: tuple[int, ...]
    """block_pos[cell] = the block-order position of cell."""
    width: int
    """Cells a board row holds: n, or a multi-grid board's side (21 for samurai)."""
    positions: tuple[int, ...]
    """positions[cell] = its board position, row * width + column (the identity on one
    grid; a samurai board skips the positions outside its grids)."""
    unit_kinds: tuple[str, ...]
    """What each unit is for the grader: 'row', 'column', 'box' (a box or a jigsaw
    region), or an extra unit's family ('diagonal', 'window', ...)."""
    _arrays: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __repr__(self) -> str:
        if not self.variant.boxes:
            return f"Geometry({self.n}x{self.n}, {self.variant.value} {self.region_labels})"
        extra = "" if self.variant is Variant.CLASSIC else f", {self.variant.value}"
        return f"Geometry({self.n}x{self.n}, boxes {self.box_rows}x{self.box_cols}{extra})"

    @property
    def ncells(self) -> int:
        return len(self.positions)

    @property
    def board(self) -> Board | None:
        """A multi-grid kind's board (Variant.board); None for one grid."""
        return self.variant.board

    @property
    def region_labels(self) -> str:
        """The regions as n*n labels 1..n in row-major order (jigsaw's `regions` string)."""
        return "".join(SYMBOLS[r] for r in self.regions)

    @property
    def region_layout(self) -> str | None:
        """A jigsaw grid's region_labels; None for variants with boxes."""
        return None if self.variant.boxes else self.region_labels

    @property
    def key(self) -> GeometryKey:
        """What identifies the topology: size, variant and (jigsaw only) the regions."""
        return self.n, self.variant, self.region_layout

    def row(self, cell: int) -> int:
        """The board row of a cell (its grid row on one grid)."""
        return self.positions[cell] // self.width

    def col(self, cell: int) -> int:
        """The board column of a cell."""
        return self.positions[cell] % self.width

    def cell_at(self, row: int, col: int) -> int | None:
        """The cell at a board row and column; None outside every grid."""
        if self.board is None:
            return row * self.n + col
        cells = self._arrays.get("cell_at")
        if cells is None:
            cells = self._arrays["cell_at"] = {p: c for c, p in enumerate(self.positions)}
        return cells.get(row * self.width + col)

    def box(self, cell: int) -> int:
        """The box (or jigsaw region) of a cell."""
        return self.regions[cell]

    def label(self, cell: int) -> str:
        """'r4c2' for the cell in 1-based row 4, column 2; on a multi-grid board the grid
        comes first, 'top-left r4c2' (a shared cell is named in the first grid listed)."""
        if self.board is None:
            r, c = divmod(cell, self.n)
            return f"r{r + 1}c{c + 1}"
        g, r, c = self.board.grid_of(self.n, self.positions[cell])
        return f"{self.board.names[g]} r{r + 1}c{c + 1}"

    def peer_parts(self) -> list[tuple[list[int], list[int], list[int]]]:
        """Each cell's peers in the three parts the kernels take: its unit mates, the cells
        a pair rule keeps from its digit (anti-knight), its neighbours (non-consecutive)."""
        return [([p for p in ps if p not in self.ruled[c]], list(self.ruled[c]),
                 list(self.neighbours[c])) for c, ps in enumerate(self.peers)]

    def arrays(self) -> dict[str, Any]:
        """numpy int32 tables for the kernels, built once.

        units (nunits, n); cell_units (ncells, k) padded with -1; block_order, block_pos
        (ncells,); peers (ncells, width) padded with -1: each cell's unit mates, then the
        cells a pair rule keeps from its digit (anti-knight), then its neighbours; npeers
        (ncells, 3): where each of the three parts ends. Kernels remove a placed digit from
        the first two parts and the digits one above and below it from the third. A kernel
        module may keep tables of its own here, built from these (band_layout.rules_of).
        """
        if "units" not in self._arrays:
            import numpy as np

            k = max(len(u) for u in self.cell_units)
            cu = np.full((self.ncells, k), -1, dtype=np.int32)
            for c, us in enumerate(self.cell_units):
                cu[c, : len(us)] = us
            rows = self.peer_parts()
            width = max(sum(map(len, parts)) for parts in rows)
            pe = np.full((self.ncells, width), -1, dtype=np.int32)
            ends = np.zeros((self.ncells, 3), dtype=np.int32)
            for c, (mates, ruled, near) in enumerate(rows):
                row = mates + ruled + near
                pe[c, : len(row)] = row
                ends[c] = (len(mates), len(mates) + len(ruled), len(row))
            self._arrays.update(
                units=np.array(self.units, dtype=np.int32),
                cell_units=cu,
                peers=pe,
                npeers=ends,
                block_order=np.array(self.block_order, dtype=np.int32),
                block_pos=np.array(self.block_pos, dtype=np.int32),
            )
        return self._arrays


def geometry(
    n: int = 9, variant: Variant | str = Variant.CLASSIC, regions: str | None = None
) -> Geometry:
    """The geometry of an n x n grid of a variant; one object per topology.

    regions (jigsaw only): n*n region labels in row-major order, any n distinct characters,
    each used by n connected cells. Raises InputError naming what is wrong."""
    kind = _kind(variant)
    if n not in kind.sizes:
        sizes = ", ".join(map(str, kind.sizes))
        raise InputError(f"unsupported grid size {n} for {kind.value}: expected one of {sizes}")
    if not kind.boxes:
        if regions is None:
            raise InputError(f"a {kind.value} grid needs its regions: n*n region labels, "
                             "row-major")
        return _geometry(n, kind, _region_string(n, regions))
    if regions is not None:
        raise InputError(f"regions belong to jigsaw grids, not {kind.value}")
    return _geometry(n, kind, "")


def _region_string(n: int, labels: str) -> str:
    """regions relabelled 1..n by first appearance; InputError unless they tile the grid
    into n connected regions of n cells."""
    text = "".join(labels.split())
    if len(text) != n * n:
        raise InputError(f"jigsaw regions: {len(text)} labels, expected {n * n} ({n}x{n})")
    index: dict[str, int] = {}
    for ch in text:
        index.setdefault(ch, len(index))
    if len(index) != n:
        raise InputError(f"jigsaw regions: {len(index)} different labels, expected {n}")
    cells: list[list[int]] = [[] for _ in range(n)]
    for c, ch in enumerate(text):
        cells[index[ch]].append(c)
    for r, members in enumerate(cells):
        name = next(ch for ch, i in index.items() if i == r)
        if len(members) != n:
            raise InputError(f"jigsaw region {name!r} has {len(members)} cells, expected {n}")
        if not connected(members, n):
            raise InputError(f"jigsaw region {name!r} is not connected")
    return "".join(SYMBOLS[index[ch]] for ch in text)


def connected(cells: Sequence[int], n: int) -> bool:
    """Whether the cells form one piece through shared edges."""
    inside, seen, todo = set(cells), {cells[0]}, [cells[0]]
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            nb = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and nb in inside and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


@cache
def _geometry(n: int, variant: Variant, labels: str) -> Geometry:
    if variant.board is not None:
        return _board_geometry(n, variant, variant.board)
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    if not variant.boxes:
        br = bc = 0
        regions = tuple(SYMBOLS.index(ch) for ch in labels)
        region_word = "region"
    else:
        br, bc = BOX_SHAPES[n]
        regions = tuple((c // n // br) * (n // bc) + c % n // bc for c in range(n * n))
        region_word = "box"
    boxes = [tuple(c for c in range(n * n) if regions[c] == b) for b in range(n)]
    units = rows + cols + boxes
    names = [f"row {i + 1}" for i in range(n)] + [f"column {i + 1}" for i in range(n)]
    names += [f"{region_word} {i + 1}" for i in range(n)]
    for name, _, cells in variant.extra_units(n):
        units.append(cells)
        names.append(name)
    kinds = ["row"] * n + ["column"] * n + ["box"] * n
    kinds += [family for _, family, _ in variant.extra_units(n)]
    return _made(n, variant, (br, bc), regions, boxes, units, names, kinds, n,
                 tuple(range(n * n)))


def _made(n: int, variant: Variant, box: tuple[int, int], regions: Sequence[int],
          boxes: Sequence[Sequence[int]], units: Sequence[Sequence[int]],
          names: Sequence[str], kinds: Sequence[str], width: int,
          positions: tuple[int, ...]) -> Geometry:
    """The Geometry of these units and the kind's pair rules, its peer tables and block
    order derived."""
    cell_units, peers = unit_tables(units, len(positions))
    rules = variant.pair_rules(n)
    bound: list[tuple[set[int], set[int]]] = [(set(), set()) for _ in positions]
    for rule in rules:
        part = 0 if rule.relation is Relation.DIFFERENT else 1
        for c in range(len(positions)):
            bound[c][part].update(rule.cells(n, c))
    ruled = tuple(tuple(sorted(bound[c][0] - set(ps))) for c, ps in enumerate(peers))
    peers = tuple(tuple(sorted(set(ps) | bound[c][0])) for c, ps in enumerate(peers))
    neighbours = tuple(tuple(sorted(near)) for _, near in bound)
    block_order = tuple(c for b in boxes for c in b)
    block_pos = [0] * len(positions)
    for pos, c in enumerate(block_order):
        block_pos[c] = pos
    return Geometry(
        n=n,
        box_rows=box[0],
        box_cols=box[1],
        variant=variant,
        regions=tuple(regions),
        units=tuple(map(tuple, units)),
        unit_names=tuple(names),
        cell_units=cell_units,
        peers=peers,
        ruled=ruled,
        neighbours=neighbours,
        block_order=block_order,
        block_pos=tuple(block_pos),
        width=width,
        positions=positions,
        unit_kinds=tuple(kinds),
    )


def _board_geometry(n: int, variant: Variant, board: Board) -> Geometry:
    """A multi-grid board: every grid's rows, then every grid's columns, then the boxes
    (a box two grids share once, named in the first grid that has it)."""
    br, bc = BOX_SHAPES[n]
    positions = board.positions(n)
    cell = {p: i for i, p in enumerate(positions)}
    rows, cols, names_r, names_c = [], [], [], []
    boxes: dict[tuple[int, ...], str] = {}
    for g, name in enumerate(board.names):
        grid = board.grid_positions(n, g)
        for i in range(n):
            rows.append(tuple(cell[grid[i * n + j]] for j in range(n)))
            cols.append(tuple(cell[grid[j * n + i]] for j in range(n)))
            names_r.append(f"{name} row {i + 1}")
            names_c.append(f"{name} column {i + 1}")
        for b in range(n):
            r0, c0 = b // (n // bc) * br, b % (n // bc) * bc
            members = tuple(sorted(cell[grid[(r0 + i) * n + c0 + j]]
                                   for i in range(br) for j in range(bc)))
            boxes.setdefault(members, f"{name} box {b + 1}")
    box_units = list(boxes)
    regions = [0] * len(positions)
    for b, members in enumerate(box_units):
        for c in members:
            regions[c] = b
    units = rows + cols + box_units
    names = names_r + names_c + list(boxes.values())
    kinds = ["row"] * len(rows) + ["column"] * len(cols) + ["box"] * len(box_units)
    return _made(n, variant, (br, bc), regions, box_units, units, names, kinds, board.side,
                 positions)


def unit_tables(units: Sequence[Sequence[int]], ncells: int
                ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """(for each cell the indices of its units, for each cell its peers ascending) of a
    grid with these units."""
    cell_units = tuple(
        tuple(u for u, cells in enumerate(units) if c in cells) for c in range(ncells)
    )
    peers = tuple(
        tuple(sorted({p for u in cell_units[c] for p in units[u]} - {c})) for c in range(ncells)
    )
    return cell_units, peers


def size_for_cells(ncells: int) -> int | None:
    """n such that n*n == ncells and n is a grid size of some variant, else None."""
    n = math.isqrt(ncells)
    return n if n * n == ncells and n in ALL_SIZES else None


def topology_fields(geo: Geometry) -> dict[str, str]:
    """The JSON line keys that say a puzzle's topology: variant, and jigsaw's regions."""
    out = {"variant": geo.variant.value}
    if geo.region_layout is not None:
        out["regions"] = geo.region_layout
    return out


# ---------------------------------------------------------------- symbols


def symbol(value: int) -> str:
    """'.' for a blank, else the symbol of value (1-9, A-G)."""
    return SYMBOLS[value - 1] if value else "."


_SYMBOL_OF = "." + SYMBOLS
"""_SYMBOL_OF[value] = symbol(value)."""
_SYMBOL_BYTES = bytes.maketrans(bytes(range(len(_SYMBOL_OF))), _SYMBOL_OF.encode("ascii"))
"""The byte table that turns a grid's values, as bytes, into its line (format_line)."""


def _expected(n: int) -> str:
    top = SYMBOLS[n - 1]
    digits = f"1-{top}" if n <= 9 else f"1-9, A-{top}"
    blanks = ". 0 _" if n <= 9 else ". _"
    return f"{digits}, or {blanks} for a blank"


def _value_of(ch: str, n: int) -> int | None:
    """The value of one symbol character for size n; None if not a symbol of that size."""
    if ch in BLANKS or (ch == "0" and n <= 9):
        return 0
    i = SYMBOLS.find(ch.upper())
    return i + 1 if 0 <= i < n else None


# ---------------------------------------------------------------- parsing


def _where(source: str, line: int, pos: int | None = None, within: str = "") -> str:
    at = f"{source}: " if source else ""
    return f"{at}line {line}" + (f", {within}position {pos}" if pos is not None else "")


@dataclass(frozen=True)
class Clash:
    """Two givens that break a rule."""

    first: int
    """The earlier cell."""
    second: int
    """The later cell."""
    holds: str
    """What they hold: 'both hold 5', 'hold 4 and 5'."""
    where: str
    """The rule they break: 'in row 3', "(a knight's move apart: anti-knight)"."""

    def describe(self, geo: Geometry) -> str:
        """'r3c1 and r3c7 both hold 5 in row 3'."""
        return f"{geo.label(self.first)} and {geo.label(self.second)} {self.holds} {self.where}"


def check_clashes(values: Sequence[int], geo: Geometry, where: str) -> None:
    """InputError naming the first clash among the givens (where: 'FILE: line N')."""
    clash = find_clash(values, geo)
    if clash:
        raise InputError(f"{where}: givens clash: {clash.describe(geo)}")


def find_clash(values: Sequence[int], geo: Geometry) -> Clash | None:
    """The first clash among the givens: in a unit, then across a pair rule; or None."""
    for u, cells in enumerate(geo.units):
        seen: dict[int, int] = {}
        for c in cells:
            v = values[c]
            if v and v in seen:
                return Clash(seen[v], c, f"both hold {symbol(v)}", f"in {geo.unit_names[u]}")
            if v:
                seen[v] = c
    for a, b, rule in pair_bonds(geo):
        va, vb = values[a], values[b]
        if va and vb and rule.forbids(va, vb):
            both = (f"both hold {symbol(va)}" if va == vb
                    else f"hold {symbol(va)} and {symbol(vb)}")
            return Clash(a, b, both, f"({rule.where}: {rule.name})")
    return None


def pair_bonds(geo: Geometry) -> tuple[tuple[int, int, PairRule], ...]:
    """Every two cells a pair rule of the kind binds, (lower cell, higher cell, rule)."""
    return _pair_bonds(geo.n, geo.variant)


@cache
def _pair_bonds(n: int, variant: Variant) -> tuple[tuple[int, int, PairRule], ...]:
    return tuple((c, p, rule) for rule in variant.pair_rules(n) for c in range(n * n)
                 for p in rule.cells(n, c) if p > c)


def _sizes_text(kind: Variant) -> str:
    """'16, 36, 81, 144 or 256 (a 4x4, 6x6, 9x9, 12x12 or 16x16 grid)' for the variant."""
    cells = [str(n * n) for n in kind.sizes]
    grids = [f"{n}x{n}" for n in kind.sizes]

    def listed(items: list[str]) -> str:
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]

    return f"{listed(cells)} (a {listed(grids)} grid)"


def _size(count: int, kind: Variant, where: str, what: str) -> int:
    """The grid size of `count` symbols (or numbers) for the variant; InputError naming the
    sizes it has, and the jigsaw variant for sizes only jigsaw grids have."""
    if kind.board is not None:
        n = kind.sizes[0]
        side = kind.board.side
        if count == (kind.cell_count(n) if what == "vector" else side * side):
            return n
        expected = (f"{kind.cell_count(n)} numbers, one per cell of the {kind.name} board"
                    if what == "vector" else
                    f"{side * side} ({side} rows of {side}: a symbol or '.' in each grid, "
                    "'-' outside the grids)")
        raise InputError(f"{where}: {count} {'numbers' if what == 'vector' else 'symbols'}: "
                         f"expected {expected}")
    n = math.isqrt(count)
    if n * n == count and n in kind.sizes:
        return n
    if n * n == count and n in JIGSAW_SIZES and n not in BOX_SHAPES:
        raise InputError(f"{where}: a {n}x{n} grid exists only as a jigsaw (variant jigsaw, "
                         "with its region line)")
    expected = _sizes_text(kind)
    board = next((k for k in Variant if k.board is not None and count in (
        k.cell_count(k.sizes[0]), k.board.side ** 2)), None)
    if board is not None:
        expected += f"; a {board.name} board is read with --variant {board.name}"
    if what == "vector":
        expected = expected.split(" (")[0]
        raise InputError(f"{where}: a vector of {count} numbers: expected {expected}")
    raise InputError(f"{where}: {count} symbols: expected {expected}")


def _topology(n: int, kind: Variant, regions: str | None, where: str) -> Geometry:
    """geometry(n, kind, regions) with `where` in front of its errors."""
    try:
        return geometry(n, kind, regions)
    except InputError as e:
        raise InputError(f"{where}: {e}") from None


def _parse_vector(text: str, where: str, kind: Variant) -> tuple[Grid, int, bool]:
    """A JSON list (row-major) or the seed's block-order vector '[0 0 6 ...]': (values in
    the order written, size, whether they are in block order)."""
    body = text.strip()
    if "," in body:
        if body.count("[") > 1:  # json would recurse once per bracket
            raise InputError(f"{where}: expected a flat JSON list of numbers, found nested lists")
        try:
            data = json.loads(body)
        except json.JSONDecodeError as e:
            raise InputError(f"{where}: not a JSON list of numbers ({e.msg})") from None
        if not isinstance(data, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in data
        ):
            raise InputError(f"{where}: expected a JSON list of integers")
        nums, block = data, False
    else:
        tokens = body.strip("[]").split()
        nums = []
        for i, tok in enumerate(tokens):
            if not (tok.isascii() and tok.isdigit()):
                raise InputError(
                    f"{where}: seed vector item {i + 1} is {tok!r}: expected a number 0-9"
                )
            nums.append(int(tok))
        block = True
    n = _size(len(nums), kind, where, "vector")
    for i, v in enumerate(nums):
        if not 0 <= v <= n:
            raise InputError(
                f"{where}: item {i + 1} is {v}: symbol too large for a {n}x{n} grid "
                f"(expected 0-{n})"
            )
    return tuple(nums), n, block


def _placed(nums: Grid, geo: Geometry, block: bool) -> Grid:
    """Vector numbers in row-major order (block order follows the geometry's regions)."""
    if not block:
        return nums
    values = [0] * geo.ncells
    for i, v in enumerate(nums):
        values[geo.block_order[i]] = v
    return tuple(values)


def _parse_symbols(
    chars: list[tuple[int, int, str]], where_line: str, source: str, kind: Variant,
    within: str = "",
) -> tuple[Grid, int]:
    """chars: (line, position, char) of every symbol character, frame and spaces removed
    (a board's '-' kept: board_chars)."""
    n = _size(len(chars), kind, where_line, "symbols")
    if kind.board is not None:
        chars = _board_cells(chars, kind, n, source, within)
    values = []
    for line, pos, ch in chars:
        v = _value_of(ch, n)
        if v is None:
            big = _value_of(ch, 16) is not None
            what = "symbol too large for" if big else "unknown symbol in"
            raise InputError(
                f"{_where(source, line, pos, within)}: {what} a {n}x{n} grid: {ch!r} "
                f"(expected {_expected(n)})"
            )
        values.append(v)
    return tuple(values), n


def _board_cells(chars: list[tuple[int, int, str]], kind: Variant, n: int, source: str,
                 within: str) -> list[tuple[int, int, str]]:
    """The characters of a board's cells, in cell order; InputError where '-' stands inside
    a grid or a symbol outside every grid."""
    assert kind.board is not None
    inside = set(kind.board.positions(n))
    side = kind.board.side
    for k, (line, pos, ch) in enumerate(chars):
        if (ch == "-") == (k in inside):
            r, c = divmod(k, side)
            what = ("'-' inside a grid: expected a symbol or '.'" if ch == "-" else
                    f"{ch!r} outside the grids: expected '-'")
            raise InputError(f"{_where(source, line, pos, within)}: board row {r + 1}, "
                             f"column {c + 1}: {what}")
    return [chars[k] for k in sorted(inside)]


def _record_object(raw: str) -> Any:
    """The JSON value a record line starts with; a '#' comment may follow it (bank export
    writes one). json's ValueError (JSONDecodeError) or RecursionError otherwise."""
    body = raw.strip()
    data, end = json.JSONDecoder().raw_decode(body)
    rest = body[end:].lstrip()
    if rest and not rest.startswith("#"):
        raise json.JSONDecodeError("Extra data", body, end)
    return data


def _parse_record(
    raw: str, source: str, lineno: int, asked: Variant | None
) -> tuple[Grid, Geometry]:
    """A record line: the puzzle under its "puzzle" key, a string of symbols or a list of
    numbers; positions in a message count within that string. Its "variant" (classic when
    absent) must agree with the one asked for, if any; "regions" are a jigsaw's labels."""
    where = _where(source, lineno)
    try:
        data = _record_object(raw)
    except (json.JSONDecodeError, RecursionError) as e:
        why = e.msg if isinstance(e, json.JSONDecodeError) else "nested too deeply"
        raise InputError(f"{where}: not a JSON object ({why})") from None
    puzzle = data.get("puzzle") if isinstance(data, dict) else None
    if not isinstance(puzzle, (list, str)):
        raise InputError(f'{where}: expected a JSON object with a "puzzle" key holding the '
                         "puzzle, as rate --format json prints")
    assert isinstance(data, dict)
    name = data.get("variant", Variant.CLASSIC.value)
    try:
        if not isinstance(name, str):
            raise ValueError(name)
        kind = Variant.parse(name)
    except (GenerationError, ValueError):
        names = ", ".join(v.value for v in Variant)
        raise InputError(f"{where}: unknown variant {name!r}: expected one of {names}") from None
    if asked is not None and kind is not asked:
        raise InputError(f"{where}: the puzzle's variant is {kind.value}, but "
                         f"{asked.value} was asked for")
    regions = data.get("regions")
    if regions is not None and not isinstance(regions, str):
        raise InputError(f'{where}: "regions" must be a string of region labels')
    if isinstance(puzzle, list):
        nums, n, block = _parse_vector(json.dumps(puzzle), where, kind)
        geo = _topology(n, kind, regions, where)
        return _placed(nums, geo, block), geo
    chars = [(lineno, k, ch) for _, k, ch in _symbol_chars(puzzle, lineno, kind)]
    values, n = _parse_symbols(chars, where, source, kind, '"puzzle" ')
    return values, _topology(n, kind, regions, where)


def _symbol_chars(line: str, lineno: int, kind: Variant | None = None
                  ) -> list[tuple[int, int, str]]:
    """(line, position, char) of the symbols of a line, spaces and frame dropped; a board's
    '-' (a position outside its grids) is kept."""
    frame = FRAME_CHARS - {"-"} if kind is not None and kind.board else FRAME_CHARS
    return [
        (lineno, i + 1, ch)
        for i, ch in enumerate(line)
        if not ch.isspace() and ch not in frame
    ]


def _spaced(line: str) -> bool:
    """A row written with spaces or '|' between symbols (a row, not a one-line 4x4)."""
    return len(line.strip().split()) > 1 or "|" in line


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 bytes as text, a leading byte-order mark dropped; InputError naming the first
    byte that is not UTF-8 and its line (never the file's content)."""
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise InputError(f"{source}: not UTF-8 text: byte 0x{data[e.start]:02x} on line {line} "
                         "is not UTF-8; save it as UTF-8") from None


MAX_LINE = 65536
"""The longest line a file of puzzles may have, in characters. The longest puzzle line is
a killer record with its rating, a few thousand; a longer line is refused as it is read,
so that a file of one huge line costs no more memory than this."""


def read_lines(stream: BinaryIO, source: str, bad: list[InputError]) -> str:
    """The text of a stream of puzzles, read and decoded line by line (any line ending): a
    line that is not UTF-8, or longer than MAX_LINE, is added to `bad` (naming source and
    line) and left blank, so the others keep their numbers. A leading byte-order mark is
    dropped. The stream is left open."""
    # Bytes that are not UTF-8 are read as lone surrogates, found per line below.
    text = io.TextIOWrapper(stream, encoding="utf-8", errors="surrogateescape", newline=None)
    parts: list[str] = []
    number = 0
    try:
        while line := text.readline(MAX_LINE + 1):
            number += 1
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while line and not line.endswith("\n"):  # the rest, a piece at a time
                    line = text.readline(MAX_LINE + 1)
                bad.append(InputError(f"{_where(source, number)}: longer than {MAX_LINE} "
                                      "characters, which no puzzle line is: not a file of "
                                      "puzzles?"))
                line = "\n"
            else:
                try:
                    line.encode("utf-8")
                except UnicodeEncodeError as e:
                    byte = ord(line[e.start]) - 0xDC00
                    bad.append(InputError(f"{_where(source, number)}: not UTF-8 text: byte "
                                          f"0x{byte:02x} at position {e.start + 1} is not "
                                          "UTF-8; save it as UTF-8"))
                    line = "\n"
            parts.append(line)
    finally:
        text.detach()
    return "".join(parts).removeprefix("\ufeff")


def _kind(variant: Variant | str | None) -> Variant:
    """A Variant from a name ('' and None are classic); InputError listing the names."""
    try:
        return Variant.parse(variant or Variant.CLASSIC)
    except GenerationError as e:
        raise InputError(str(e)) from None


def parse(
    text: str, source: str = "", variant: Variant | str | None = None, check: bool = True
) -> tuple[Grid, Geometry]:
    """One grid from any accepted form; raises InputError naming line and position.

    Forms: one line of n*n symbols; a multi-line grid (spaces and | - + = ignored); the
    seed's block-order vector '[0 0 6 ...]'; a JSON list of n*n integers; a JSON line
    object (see parse_many). A jigsaw puzzle's region line follows it. With check,
    clashing givens are an error. variant None: classic, or a JSON line's own.
    """
    kind = _kind(variant)
    lines = [raw.split("#", 1)[0] for raw in text.splitlines()]
    if not text.lstrip().startswith(("[", "{")) and kind.boxes:
        chars = [ch for i, line in enumerate(lines) for ch in _symbol_chars(line, i + 1)]
        if size_for_cells(len(chars)) in kind.sizes:
            # The whole text is one grid, however its rows are broken over lines.
            first = chars[0][0]
            values, n = _parse_symbols(chars, _where(source, first), source, kind)
            geo = _topology(n, kind, None, _where(source, first))
            if check:
                check_clashes(values, geo, _where(source, first))
            return values, geo
    puzzles = list(parse_many(text, source, variant, check))
    if not puzzles:
        raise InputError(f"{source or 'input'}: no puzzle found")
    if len(puzzles) > 1:
        raise InputError(
            f"{source or 'input'}: expected one puzzle, found {len(puzzles)} "
            f"(line {puzzles[1][0]} starts another)"
        )
    return puzzles[0][1], puzzles[0][2]


def parse_many(
    text: str, source: str = "", variant: Variant | str | None = None, check: bool = True,
    bad: list[InputError] | None = None, first: int = 1,
) -> Iterator[tuple[int, Grid, Geometry]]:
    """Every puzzle in a text: (first line number, values, geometry).

    One puzzle per line, '#' starts a comment, blank lines are skipped. A line with fewer
    symbols than a whole grid starts a multi-line grid that runs for n symbol lines; a
    line starting with '[' starts a vector that runs to the closing ']'; a line starting
    with '{' is a record, a JSON object whose "puzzle" key holds the puzzle and maybe
    "variant" and "regions" (its variant must agree with `variant` when that is given). A
    jigsaw puzzle in any other form is followed by its region line. variant None means
    classic for text. A bad puzzle raises its InputError, or, given a `bad` list, is added
    to it and reading goes on after it. `first` is the number of the text's first line.
    """
    asked = None if variant is None else _kind(variant)
    kind = asked or Variant.CLASSIC
    raws = text.splitlines()
    lines = [raw.split("#", 1)[0].rstrip() for raw in raws]
    base = first - 1
    i = 0

    def next_puzzle() -> tuple[int, Grid, Geometry] | None:
        """The puzzle that starts at line i (None for a line without one), i moved past
        what it read."""
        nonlocal i
        line = lines[i]
        start = base + i + 1
        where = _where(source, start)
        regions: str | None = None
        block = False
        if raws[i].lstrip().startswith("{"):
            # the raw line: a '#' inside the record is no comment
            i += 1
            values, geo = _parse_record(raws[i - 1], source, start, asked)
        elif not line.strip():
            i += 1
            return None
        else:
            if line.lstrip().startswith("["):
                chunk = [line]
                while "]" not in chunk[-1] and i + 1 < len(lines):
                    i += 1
                    chunk.append(lines[i])
                i += 1
                if "]" not in chunk[-1]:
                    raise InputError(f"{where}: vector not closed: expected ']'")
                values, n, block = _parse_vector(" ".join(chunk), where, kind)
            else:
                i += 1  # past the line before it can fail: reading goes on after it
                chars = _symbol_chars(line, start, kind)
                if not chars:
                    return None  # a frame line such as '------+------'
                if kind.board is not None and len(chars) == kind.board.side or (
                    len(chars) in kind.sizes and (
                        size_for_cells(len(chars)) not in kind.sizes or _spaced(line))
                ):
                    rows = [chars]
                    while len(rows) < len(chars) and i < len(lines):
                        more = _symbol_chars(lines[i], base + i + 1, kind)
                        i += 1
                        if more:
                            rows.append(more)
                    chars = [c for row in rows for c in row]
                values, n = _parse_symbols(chars, where, source, kind)
            if not kind.boxes:
                while i < len(lines) and not _symbol_chars(lines[i], base + i + 1):
                    i += 1
                if i == len(lines):
                    raise InputError(f"{where}: a jigsaw puzzle needs its region line "
                                     f"after it: {n * n} region labels, row-major")
                regions = "".join(ch for _, _, ch in _symbol_chars(lines[i], base + i + 1))
                where = _where(source, base + i + 1)
                i += 1
            geo = _topology(n, kind, regions, where)
            values = _placed(values, geo, block)
        if geo.variant.caged:
            raise InputError(f"{_where(source, start)}: a killer puzzle is read with its "
                             "cages (killer.parse_killer), which this command does not take")
        if check:
            check_clashes(values, geo, _where(source, start))
        return start, values, geo

    yield from gathered(next_puzzle, lambda: i < len(lines), bad, InputError)


def gathered(read: Callable[[], R | None], more: Callable[[], bool], bad: list[E] | None,
             error: type[E]) -> Iterator[R]:
    """The records `read()` returns while `more()` holds (None: nothing there). A bad
    record raises its `error`; given a `bad` list it is added to it instead and reading
    goes on after it (`read` moves past a line before it can fail on it)."""
    while more():
        try:
            found = read()
        except error as e:
            if bad is None:
                raise
            bad.append(e)
            continue
        if found is not None:
            yield found


# ---------------------------------------------------------------- batches


@dataclass(frozen=True)
class Batch:
    """Consecutive puzzles of one text that share a geometry, as arrays."""

    geo: Geometry
    """Their geometry."""
    grids: Any
    """numpy int8 (m, n*n): one puzzle a row, row-major, 0 = blank."""
    lines: Any
    """numpy int64 (m,): the line each puzzle starts on (1-based)."""

    def __repr__(self) -> str:
        return f"Batch({len(self.grids)} puzzles, {self.geo!r})"


_ONE_LINE = re.compile(r"[0-9A-Za-z._]+")
"""What a one-line puzzle of the fast path looks like once its comment is cut."""


def _value_table() -> bytes:
    """A bytes.translate table: symbol bytes (both cases) -> their value, a newline -> 254,
    every other byte -> 255."""
    table = bytearray([255]) * 256
    for i, ch in enumerate(SYMBOLS):
        table[ord(ch)] = table[ord(ch.lower())] = i + 1
    for ch in "._0":
        table[ord(ch)] = 0
    table[10] = 254
    return bytes(table)


_VALUES = _value_table()


def parse_batches(
    text: str, source: str = "", variant: Variant | str | None = None, check: bool = True,
    bad: list[InputError] | None = None,
) -> list[Batch]:
    """Every puzzle of a text, as parse_many reads it, in batches of consecutive puzzles
    of one geometry: the same puzzles, line numbers and errors (raised, or added to `bad`
    while the good puzzles are kept, as parse_many does).

    A classic text of one-line puzzles of one size (comments, blank lines and classic
    records allowed) is parsed and checked as one array; anything else (another variant,
    a record with a variant or regions), and every line found wrong, goes through
    parse_many. Jigsaw puzzles each have their own geometry, so each is its own batch.
    """
    if variant is None or _kind(variant) is Variant.CLASSIC:
        fast = _fast_batch(text, source, variant, check, bad)
        if fast is not None:
            return [fast] if len(fast.grids) else []
    import numpy as np

    batches: list[Batch] = []
    rows: list[Grid] = []
    starts: list[int] = []
    geo: Geometry | None = None
    for line, values, g in parse_many(text, source, variant, check, bad):
        if g is not geo and rows:
            assert geo is not None
            batches.append(Batch(geo, np.array(rows, dtype=np.int8), np.array(starts)))
            rows, starts = [], []
        geo = g
        rows.append(values)
        starts.append(line)
    if rows:
        assert geo is not None
        batches.append(Batch(geo, np.array(rows, dtype=np.int8), np.array(starts)))
    return batches


def _fast_batch(
    text: str, source: str, variant: Variant | str | None, check: bool,
    bad: list[InputError] | None,
) -> Batch | None:
    """The whole text as one array when it is classic one-line puzzles of one size; None
    when it is not (parse_many reads it then). A line it finds wrong is parsed again alone by
    parse_many, for the error naming it: raised, or added to `bad` and the line left out."""
    import numpy as np

    try:
        raw = text.encode("ascii")
    except UnicodeEncodeError:
        return None
    translated = raw.translate(_VALUES)
    if b"\xff" not in translated:
        # Symbols and newlines only: the lines are found on the array itself.
        ends = np.flatnonzero(np.frombuffer(translated, dtype=np.uint8) == 254)
        starts = np.concatenate(([0], ends + 1))
        lengths = np.concatenate((ends, [len(raw)])) - starts
        kept = lengths > 0
        lines = np.flatnonzero(kept) + 1
        widths = set(lengths[kept].tolist())
        body = translated.replace(b"\xfe", b"")
        chars = raw.replace(b"\n", b"")
    else:
        found = _one_line_puzzles(text)
        if found is None:
            return None
        numbers, puzzles = found
        lines = np.array(numbers, dtype=np.int64)
        widths = set(map(len, puzzles))
        chars = "".join(puzzles).encode("ascii")
        body = chars.translate(_VALUES)
    # a set, not np.unique: that one imports numpy.ma, a twentieth of `bookgen solve PUZZLE`
    if len(widths) == 0:
        return Batch(geometry(9), np.zeros((0, 81), dtype=np.int8), lines)
    n = size_for_cells(min(widths))
    if len(widths) > 1 or n not in Variant.CLASSIC.sizes:
        return None
    geo = geometry(n)
    # a writable array: numba compiles read-only arrays as another type
    values = np.frombuffer(bytearray(body), dtype=np.uint8).reshape(-1, geo.ncells)
    wrong = np.flatnonzero((values > geo.n).any(axis=1)) if values.max() > geo.n else lines[:0]
    if geo.n > 9 and b"0" in chars:
        zero = np.frombuffer(chars, dtype=np.uint8).reshape(-1, geo.ncells) == ord("0")
        wrong = np.union1d(wrong, np.flatnonzero(zero.any(axis=1)))
    grids = values.view(np.int8)  # every value is at most 16
    if check and not len(wrong):
        wrong = np.flatnonzero(clashing(grids, geo))
    elif check:
        # only the rows of good symbols can be checked for clashes
        fine = np.ones(len(grids), dtype=bool)
        fine[wrong] = False
        rows = np.flatnonzero(fine)
        wrong = np.union1d(wrong, rows[clashing(grids[rows], geo)])
    if len(wrong):
        before = len(bad) if bad is not None else 0
        texts = text.splitlines()
        for row in wrong.tolist():
            line = int(lines[row])
            for _ in parse_many(texts[line - 1], source, variant, check, bad, first=line):
                pass
        if bad is None or len(bad) - before != len(wrong):
            if bad is not None:
                del bad[before:]  # the exact parser reads the text again, and says them again
            return None  # it disagrees on some line: let it read the text
        kept = np.ones(len(grids), dtype=bool)
        kept[wrong] = False
        grids, lines = grids[kept], lines[kept]
    return Batch(geo, grids, lines)


def _one_line_puzzles(text: str) -> tuple[list[int], list[str]] | None:
    """(line numbers, puzzles) of a text whose every puzzle is one word of symbols on its
    line (a comment may follow) or a record whose puzzle is one; None otherwise."""
    numbers: list[int] = []
    puzzles: list[str] = []
    match = _ONE_LINE.fullmatch
    for k, raw in enumerate(text.splitlines(), 1):
        word = raw.split("#", 1)[0].strip()
        if word.startswith("{"):
            try:
                data = _record_object(raw)
            except (ValueError, RecursionError):
                return None
            if not isinstance(data, dict) or "regions" in data or data.get(
                    "variant", Variant.CLASSIC.value) != Variant.CLASSIC.value:
                return None
            puzzle = data.get("puzzle")
            if not isinstance(puzzle, str):
                return None
            word = puzzle
        elif not word:
            continue
        if not match(word):
            return None
        numbers.append(k)
        puzzles.append(word)
    return numbers, puzzles


CLASH_ROWS = 8192
"""Puzzles checked for clashes at once (bounds the temporary arrays)."""


def clashing(grids: Any, geo: Geometry) -> Any:
    """(m,) bool: the rows of an int8 batch whose givens clash in some unit.

    Each given becomes its value's bit; a unit clashes when the sum of its bits differs
    from their OR. Rows, columns and boxes are reshaped views of the bits; only a
    variant's extra units (and jigsaw regions) are gathered."""
    import numpy as np

    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    bit = np.array([0] + [1 << v for v in range(n)], dtype=np.int32)
    # jigsaw regions are no reshape of the grid: gathered like the variant's extras; a
    # board is no reshape at all
    whole = geo.board is None
    extra = geo.arrays()["units"][(3 if br else 2) * n if whole else 0:]
    out = np.zeros(len(grids), dtype=bool)
    for i in range(0, len(grids), CLASH_ROWS):
        bits = bit[grids[i : i + CLASH_ROWS]]
        m = len(bits)
        views: list[tuple[Any, tuple[int, ...]]] = []
        if whole:
            cells = bits.reshape(m, n, n)  # [row, column]
            views += [(cells, (2,)), (cells, (1,))]
        if br and whole:
            boxes = bits.reshape(m, n // br, br, n // bc, bc)  # [band, row, stack, column]
            views.append((boxes, (2, 4)))
        found = np.zeros(m, dtype=bool)
        for view, axes in views:
            found |= (view.sum(axis=axes) != np.bitwise_or.reduce(view, axis=axes)).reshape(
                m, -1).any(axis=1)
        if len(extra):
            per_unit = bits[:, extra]
            found |= (per_unit.sum(axis=2) != np.bitwise_or.reduce(per_unit, axis=2)).any(axis=1)
        for relation, (a, b) in _bond_arrays(geo):
            va, vb = grids[i : i + m, a].astype(np.int32), grids[i : i + m, b].astype(np.int32)
            found |= ((va > 0) & (vb > 0) & relation.forbids(va, vb)).any(axis=1)
        out[i : i + m] = found
    return out


def _bond_arrays(geo: Geometry) -> list[tuple[Relation, tuple[Any, Any]]]:
    """Per relation, the (first cells, second cells) of the pair bonds as index arrays."""
    import numpy as np

    out = []
    for relation in Relation:
        pairs = [(a, b) for a, b, rule in pair_bonds(geo) if rule.relation is relation]
        if pairs:
            first, second = zip(*pairs, strict=True)
            out.append((relation, (np.array(first), np.array(second))))
    return out


def format_lines(grids: Any) -> str:
    """One line of symbols per row of an int8 batch, each ending in a newline."""
    import numpy as np

    m, ncells = grids.shape
    out = np.empty((m, ncells + 1), dtype=np.uint8)
    out[:, :ncells] = np.frombuffer(b"." + SYMBOLS.encode("ascii"), dtype=np.uint8)[grids]
    out[:, ncells] = 10
    return out.tobytes().decode("ascii")


# ---------------------------------------------------------------- formatting


def format_line(values: Sequence[int], geo: Geometry | None = None) -> str:
    """One line of n*n symbols, '.' for blanks; a board (geo a multi-grid geometry) as its
    whole square, '-' outside the grids."""
    if geo is not None and geo.board is not None:
        return "".join(board_rows(values, geo))
    if not isinstance(values, (tuple, list)):  # bytes() of an array is its buffer
        values = [int(v) for v in values]
    # as bytes through a table: a fifth of the time of a symbol looked up for each cell
    return bytes(values).translate(_SYMBOL_BYTES).decode("ascii")


def board_rows(values: Sequence[int], geo: Geometry) -> list[str]:
    """A board's rows as text: each position's symbol, '-' outside the grids."""
    out = ["-"] * (geo.width * geo.width)
    for c, p in enumerate(geo.positions):
        out[p] = symbol(values[c])
    return ["".join(out[r * geo.width:(r + 1) * geo.width]) for r in range(geo.width)]


def format_grid(values: Sequence[int], geo: Geometry) -> str:
    """A framed multi-line grid with '|' and '-+-' between boxes. A jigsaw grid has '|'
    between cells of different regions and '-' under a cell whose region changes below it
    (its region line is format_as's)."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    if not bc:
        return _format_jigsaw_grid(values, geo)
    if geo.board is not None:
        return "\n".join(" ".join(row) for row in board_rows(values, geo))
    out = []
    sep = "-+-".join("-" * (2 * bc - 1) for _ in range(n // bc))
    for r in range(n):
        if r and r % br == 0:
            out.append(sep)
        cells = [symbol(values[r * n + c]) for c in range(n)]
        out.append(" | ".join(" ".join(cells[b : b + bc]) for b in range(0, n, bc)))
    return "\n".join(out)


def _format_jigsaw_grid(values: Sequence[int], geo: Geometry) -> str:
    n, reg = geo.n, geo.regions
    out = []
    for r in range(n):
        row = symbol(values[r * n])
        for c in range(1, n):
            wall = reg[r * n + c] != reg[r * n + c - 1]
            row += (" | " if wall else " ") + symbol(values[r * n + c])
        out.append(row)
        if r < n - 1:
            under = [reg[r * n + c] != reg[(r + 1) * n + c] for c in range(n)]
            if any(under):
                # '-' below each symbol whose region ends there, at the symbol's column
                marks = [" "] * len(row)
                col = 0
                for c in range(n):
                    if c:
                        col += 3 if reg[r * n + c] != reg[r * n + c - 1] else 1
                    if under[c]:
                        marks[col] = "-"
                    col += 1
                out.append("".join(marks).rstrip())
    return "\n".join(out)


def format_seed(values: Sequence[int], geo: Geometry) -> str:
    """The seed's block-order vector: '[0 0 6 ...]' (numbers, 0 for blanks)."""
    return "[" + " ".join(str(values[c]) for c in geo.block_order) + "]"


def format_json(values: Sequence[int]) -> str:
    """A JSON list of n*n integers, row-major, 0 for blanks."""
    return json.dumps(list(values))


def format_as(values: Sequence[int], geo: Geometry, fmt: str) -> str:
    """Format a grid as one of FORMATS: line, grid, seed, json; a jigsaw grid's region
    line follows on the next line, so the text reads back as the same puzzle."""
    if fmt == "line":
        text = format_line(values, geo)
    elif fmt == "grid":
        text = format_grid(values, geo)
    elif fmt == "seed":
        text = format_seed(values, geo)
    elif fmt == "json":
        text = format_json(values)
    else:
        raise ValueError(f"unknown format {fmt!r}")
    regions = geo.region_layout
    return text if regions is None else f"{text}\n{regions}"
