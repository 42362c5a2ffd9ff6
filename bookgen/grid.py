"""Grid geometry, symbols, parsing and formatting.

Glossary and conventions:
  n          symbols per unit, n = box_rows * box_cols: 4 (2x2), 6 (2x3), 9 (3x3),
             12 (3x4), 16 (4x4)
  cell       0 .. n*n-1, row-major: cell = row * n + col
  value      0 = blank, 1 .. n = a symbol; a grid is a tuple of n*n values
  symbol     how a value is written: 1-9, then A, B, C, ... (10 = A); blank '.'
  unit       n cells that hold each symbol once: rows, columns, boxes (or jigsaw regions),
             and the variant's extras (rules.Variant: X diagonals, hyper windows)
  peers      the other cells sharing at least one unit with a cell
  block order  box by box from the top-left, each box row by row (seed 000's "Z-order");
             block_order[pos] = cell, block_pos[cell] = pos
  label      r4c2: 1-based row and column, as people read it

The tables are computed once per topology (Geometry.key) and are immutable; kernels take the
numpy copies from ``Geometry.arrays()``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .errors import GenerationError, InputError
from .rules import HYPER_WINDOWS, Variant

SYMBOLS = "123456789ABCDEFG"
BOX_SHAPES: dict[int, tuple[int, int]] = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}
SIZES = tuple(BOX_SHAPES)
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
    """For each cell, its peers in ascending order."""
    block_order: tuple[int, ...]
    """block_order[pos] = the cell at block-order position pos (box by box, or region by
    region, each row by row)."""
    block_pos: tuple[int, ...]
    """block_pos[cell] = the block-order position of cell."""
    _arrays: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def ncells(self) -> int:
        return self.n * self.n

    @property
    def region_labels(self) -> str:
        """The regions as n*n labels 1..n in row-major order (jigsaw's `regions` string)."""
        return "".join(SYMBOLS[r] for r in self.regions)

    @property
    def region_layout(self) -> str | None:
        """A jigsaw grid's region_labels; None for variants with boxes."""
        return self.region_labels if self.variant is Variant.JIGSAW else None

    @property
    def key(self) -> GeometryKey:
        """What identifies the topology: size, variant and (jigsaw only) the regions."""
        return self.n, self.variant, self.region_layout

    def row(self, cell: int) -> int:
        return cell // self.n

    def col(self, cell: int) -> int:
        return cell % self.n

    def box(self, cell: int) -> int:
        """The box (or jigsaw region) of a cell."""
        return self.regions[cell]

    def label(self, cell: int) -> str:
        """'r4c2' for the cell in 1-based row 4, column 2."""
        r, c = divmod(cell, self.n)
        return f"r{r + 1}c{c + 1}"

    def arrays(self) -> dict[str, Any]:
        """numpy int32 tables for the kernels, built once.

        units (nunits, n); cell_units (ncells, k) padded with -1; peers (ncells, maxpeers)
        padded with -1; npeers (ncells,); block_order, block_pos (ncells,).
        """
        if not self._arrays:
            import numpy as np

            k = max(len(u) for u in self.cell_units)
            cu = np.full((self.ncells, k), -1, dtype=np.int32)
            for c, us in enumerate(self.cell_units):
                cu[c, : len(us)] = us
            mp = max(len(p) for p in self.peers)
            pe = np.full((self.ncells, mp), -1, dtype=np.int32)
            for c, ps in enumerate(self.peers):
                pe[c, : len(ps)] = ps
            self._arrays.update(
                units=np.array(self.units, dtype=np.int32),
                cell_units=cu,
                peers=pe,
                npeers=np.array([len(p) for p in self.peers], dtype=np.int32),
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
    try:
        kind = Variant.parse(variant)
    except GenerationError as e:
        raise InputError(str(e)) from None
    if n not in kind.sizes:
        sizes = ", ".join(map(str, kind.sizes))
        raise InputError(f"unsupported grid size {n} for {kind.value}: expected one of {sizes}")
    if kind is Variant.JIGSAW:
        if regions is None:
            raise InputError("a jigsaw grid needs its regions: n*n region labels, row-major")
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
        if not _connected(members, n):
            raise InputError(f"jigsaw region {name!r} is not connected")
    return "".join(SYMBOLS[index[ch]] for ch in text)


def _connected(cells: list[int], n: int) -> bool:
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
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    if variant is Variant.JIGSAW:
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
    if variant is Variant.X:
        units += [tuple(i * n + i for i in range(n)), tuple(i * n + n - 1 - i for i in range(n))]
        names += ["diagonal 1", "diagonal 2"]
    if variant is Variant.HYPER:
        for k, (r0, c0) in enumerate(HYPER_WINDOWS):
            units.append(tuple((r0 + i) * n + c0 + j for i in range(3) for j in range(3)))
            names.append(f"window {k + 1}")
    cell_units = tuple(
        tuple(u for u, cells in enumerate(units) if c in cells) for c in range(n * n)
    )
    peers = tuple(
        tuple(sorted({p for u in cell_units[c] for p in units[u]} - {c})) for c in range(n * n)
    )
    block_order = tuple(c for box in boxes for c in box)
    block_pos = [0] * (n * n)
    for pos, c in enumerate(block_order):
        block_pos[c] = pos
    return Geometry(
        n=n,
        box_rows=br,
        box_cols=bc,
        variant=variant,
        regions=regions,
        units=tuple(units),
        unit_names=tuple(names),
        cell_units=cell_units,
        peers=peers,
        block_order=block_order,
        block_pos=tuple(block_pos),
    )


def size_for_cells(ncells: int) -> int | None:
    """n such that n*n == ncells and n is a supported size, else None."""
    n = math.isqrt(ncells)
    return n if n * n == ncells and n in BOX_SHAPES else None


# ---------------------------------------------------------------- symbols


def symbol(value: int) -> str:
    """'.' for a blank, else the symbol of value (1-9, A-G)."""
    return SYMBOLS[value - 1] if value else "."


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


def _where(source: str, line: int, pos: int | None = None) -> str:
    at = f"{source}: " if source else ""
    return f"{at}line {line}" + (f", position {pos}" if pos is not None else "")


def _check_clashes(values: Sequence[int], geo: Geometry, where: str) -> None:
    clash = find_clash(values, geo)
    if clash:
        a, b, u = clash
        raise InputError(
            f"{where}: givens clash: {geo.label(a)} and {geo.label(b)} both hold "
            f"{symbol(values[a])} in {geo.unit_names[u]}"
        )


def find_clash(values: Sequence[int], geo: Geometry) -> tuple[int, int, int] | None:
    """The first clash (cell_a, cell_b, unit) among the givens, or None."""
    for u, cells in enumerate(geo.units):
        seen: dict[int, int] = {}
        for c in cells:
            v = values[c]
            if v and v in seen:
                return seen[v], c, u
            if v:
                seen[v] = c
    return None


def _parse_vector(text: str, where: str, variant: Variant | str) -> tuple[Grid, Geometry]:
    """A JSON list (row-major) or the seed's block-order vector '[0 0 6 ...]'."""
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
    n = size_for_cells(len(nums))
    if n is None:
        raise InputError(
            f"{where}: a vector of {len(nums)} numbers: expected 16, 36, 81, 144 or 256"
        )
    geo = geometry(n, variant)
    for i, v in enumerate(nums):
        if not 0 <= v <= n:
            raise InputError(
                f"{where}: item {i + 1} is {v}: symbol too large for a {n}x{n} grid "
                f"(expected 0-{n})"
            )
    values = [0] * geo.ncells
    for i, v in enumerate(nums):
        values[geo.block_order[i] if block else i] = v
    return tuple(values), geo


def _parse_symbols(
    chars: list[tuple[int, int, str]], where_line: str, source: str, variant: Variant | str
) -> tuple[Grid, Geometry]:
    """chars: (line, position, char) of every symbol character, frame and spaces removed."""
    n = size_for_cells(len(chars))
    if n is None:
        raise InputError(
            f"{where_line}: {len(chars)} symbols: expected 16, 36, 81, 144 or 256 "
            f"(a 4x4, 6x6, 9x9, 12x12 or 16x16 grid)"
        )
    values = []
    for line, pos, ch in chars:
        v = _value_of(ch, n)
        if v is None:
            big = _value_of(ch, 16) is not None
            what = "symbol too large for" if big else "unknown symbol in"
            raise InputError(
                f"{_where(source, line, pos)}: {what} a {n}x{n} grid: {ch!r} "
                f"(expected {_expected(n)})"
            )
        values.append(v)
    return tuple(values), geometry(n, variant)


def _symbol_chars(line: str, lineno: int) -> list[tuple[int, int, str]]:
    return [
        (lineno, i + 1, ch)
        for i, ch in enumerate(line)
        if not ch.isspace() and ch not in FRAME_CHARS
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


def parse(
    text: str, source: str = "", variant: Variant | str = Variant.CLASSIC, check: bool = True
) -> tuple[Grid, Geometry]:
    """One grid from any accepted form; raises InputError naming line and position.

    Forms: one line of n*n symbols; a multi-line grid (spaces and | - + = ignored); the
    seed's block-order vector '[0 0 6 ...]'; a JSON list of n*n integers. With check,
    clashing givens are an error.
    """
    lines = [raw.split("#", 1)[0] for raw in text.splitlines()]
    if not text.lstrip().startswith("["):
        chars = [ch for i, line in enumerate(lines) for ch in _symbol_chars(line, i + 1)]
        if size_for_cells(len(chars)) is not None:
            # The whole text is one grid, however its rows are broken over lines.
            first = chars[0][0]
            values, geo = _parse_symbols(chars, _where(source, first), source, variant)
            if check:
                _check_clashes(values, geo, _where(source, first))
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
    text: str, source: str = "", variant: Variant | str = Variant.CLASSIC, check: bool = True
) -> Iterator[tuple[int, Grid, Geometry]]:
    """Every puzzle in a text: (first line number, values, geometry).

    One puzzle per line, '#' starts a comment, blank lines are skipped. A line with fewer
    symbols than a whole grid starts a multi-line grid that runs for n symbol lines; a
    line starting with '[' starts a vector that runs to the closing ']'.
    """
    lines = [raw.split("#", 1)[0].rstrip() for raw in text.splitlines()]
    i = 0
    while i < len(lines):
        line = lines[i]
        start = i + 1
        if not line.strip():
            i += 1
            continue
        if line.lstrip().startswith("["):
            chunk = [line]
            while "]" not in chunk[-1] and i + 1 < len(lines):
                i += 1
                chunk.append(lines[i])
            if "]" not in chunk[-1]:
                raise InputError(f"{_where(source, start)}: vector not closed: expected ']'")
            i += 1
            values, geo = _parse_vector(" ".join(chunk), _where(source, start), variant)
        else:
            chars = _symbol_chars(line, start)
            i += 1
            if not chars:
                continue  # a frame line such as '------+------'
            if len(chars) in BOX_SHAPES and (
                size_for_cells(len(chars)) is None or _spaced(line)
            ):
                rows = [chars]
                while len(rows) < len(chars) and i < len(lines):
                    more = _symbol_chars(lines[i], i + 1)
                    i += 1
                    if more:
                        rows.append(more)
                chars = [c for row in rows for c in row]
            values, geo = _parse_symbols(chars, _where(source, start), source, variant)
        if check:
            _check_clashes(values, geo, _where(source, start))
        yield start, values, geo


# ---------------------------------------------------------------- formatting


def format_line(values: Sequence[int]) -> str:
    """One line of n*n symbols, '.' for blanks."""
    return "".join(symbol(v) for v in values)


def format_grid(values: Sequence[int], geo: Geometry) -> str:
    """A framed multi-line grid with '|' and '-+-' between boxes."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols
    out = []
    sep = "-+-".join("-" * (2 * bc - 1) for _ in range(n // bc))
    for r in range(n):
        if r and r % br == 0:
            out.append(sep)
        cells = [symbol(values[r * n + c]) for c in range(n)]
        out.append(" | ".join(" ".join(cells[b : b + bc]) for b in range(0, n, bc)))
    return "\n".join(out)


def format_seed(values: Sequence[int], geo: Geometry) -> str:
    """The seed's block-order vector: '[0 0 6 ...]' (numbers, 0 for blanks)."""
    return "[" + " ".join(str(values[c]) for c in geo.block_order) + "]"


def format_json(values: Sequence[int]) -> str:
    """A JSON list of n*n integers, row-major, 0 for blanks."""
    return json.dumps(list(values))


def format_as(values: Sequence[int], geo: Geometry, fmt: str) -> str:
    """Format a grid as one of FORMATS: line, grid, seed, json."""
    if fmt == "line":
        return format_line(values)
    if fmt == "grid":
        return format_grid(values, geo)
    if fmt == "seed":
        return format_seed(values, geo)
    if fmt == "json":
        return format_json(values)
    raise ValueError(f"unknown format {fmt!r}")
