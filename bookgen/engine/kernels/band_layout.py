"""The band layout of a 9x9 grid for bands.py's counting kernel: its fixed tables, and the
tables of a geometry's rules beyond rows, columns and boxes. numpy only (no numba), so a
geometry can build its tables without the compiler.

Glossary:
  band       three rows of the grid: cells 27*b .. 27*b+26
  word       the 27 cells of one band for one digit, one bit a cell (bit 9*r + c for the
             band's row r and column c): the cells of the band where the digit may still go.
             The state of a search is 27 words, digit-major (word 3*d + b), and three words of
             unsolved cells, one a band
  mini-row   the three cells of one row inside one box; a band has nine: bit 3*r + k for row
             r and box k
  stack      three columns of the grid; seen by bands, its mini-columns are bit 3*b + j
             for band b and the stack's column j (the same tables serve)
  way        one mini-row in each row and each box of a band (or one mini-column in each
             band and each column of a stack): where a digit may take its three places
             there. WAYS lists the six
  rule table (1 + ncells*2 + nextra, 3) int32 rows of three band words, from
             ``rule_table``: row 0 a header, (1 when any cell has rules below, 1 when
             pair rules hold: anti-knight or anti-king cells, neighbours, 0);
             rows CELL.. the cells each cell's digit leaves beyond its row, column and box
             (extra unit mates, anti-knight cells); rows NEAR.. its non-consecutive
             neighbours; then from EXTRA one row a unit beyond rows, columns and boxes (X
             diagonals, windows, ...). A (0, 3) table: the geometry does not fit bands
             (another size, jigsaw regions, a multi-grid board), and the general search
             serves it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ...core.grid import Geometry

BAND_CELLS = 27
BAND_WORD = (1 << BAND_CELLS) - 1
"""A word with every cell of its band (27 bits)."""
ROW_BITS = 0x1FF
CELL = 1
NEAR = CELL + 81
EXTRA = NEAR + 81
"""Where the rule table's parts start (see the glossary)."""


def _row_boxes() -> np.ndarray:
    """ROW_BOXES[row bits] = the boxes (3 bits) in which the row of 9 bits has a cell."""
    t = np.zeros(512, np.int64)
    for m in range(512):
        t[m] = sum(1 << k for k in range(3) if m >> (3 * k) & 7)
    return t


WAYS = np.array([sum(1 << (3 * r + p[r]) for r in range(3))
                 for p in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))],
                np.int64)
"""The six ways of placing a digit once in each row and each box of a band, as mini-row
bits (the same six, read as bands and columns, for a stack)."""


def _way_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each set of mini-rows (9 bits): MATCHINGS, the union of the ways it holds (0 when
    none); MUST, the mini-rows in all of them (0 when none); WAY_SET, those ways as 6 bits
    (bit i: WAYS[i]); WAY_COUNT, how many."""
    union = np.zeros(512, np.int64)
    must = np.zeros(512, np.int64)
    ways = np.zeros(512, np.int64)
    for m in range(512):
        common = 511
        for i, bits in enumerate(WAYS):
            if m & bits == bits:
                union[m] |= bits
                common &= bits
                ways[m] |= 1 << i
        must[m] = common if ways[m] else 0
    count = np.array([bin(int(w)).count("1") for w in ways], np.int64)
    return union, must, ways, count


def _mates() -> np.ndarray:
    """MATES[mini-rows] = the other mini-rows of their rows and boxes (9 bits); read as a
    stack, the other mini-columns of their bands and columns."""
    t = np.zeros(512, np.int64)
    for m in range(512):
        for i in range(9):
            if m >> i & 1:
                t[m] |= sum(1 << j for j in range(9)
                            if j != i and (j // 3 == i // 3 or j % 3 == i % 3))
    return t


def _mini_cells() -> np.ndarray:
    """MINI_CELLS[mini-rows] = the band cells of those mini-rows (27 bits)."""
    t = np.zeros(512, np.int64)
    for m in range(512):
        for i in range(9):
            if m >> i & 1:
                r, k = divmod(i, 3)
                t[m] |= 7 << (9 * r + 3 * k)
    return t


def _lone() -> np.ndarray:
    """LONE[row bits] = the row's bits when it holds exactly one, else 0."""
    t = np.zeros(512, np.int64)
    for m in range(1, 512):
        if m & (m - 1) == 0:
            t[m] = m
    return t


def _band_mates() -> np.ndarray:
    """BAND_MATES[bit] = the other cells of the bit's row and box in its band."""
    t = np.zeros(BAND_CELLS, np.int64)
    for x in range(BAND_CELLS):
        r, c = divmod(x, 9)
        for y in range(BAND_CELLS):
            s, d = divmod(y, 9)
            if y != x and (s == r or d // 3 == c // 3):
                t[x] |= 1 << y
    return t


def _low_index() -> np.ndarray:
    """LOW_INDEX[bits] = the index of the lowest set bit of 9 bits (9 for none)."""
    t = np.full(512, 9, np.int64)
    for m in range(1, 512):
        t[m] = (m & -m).bit_length() - 1
    return t


ROW_BOXES = _row_boxes()
MATCHINGS, MUST, WAY_SET, WAY_COUNT = _way_tables()
MATES = _mates()
MINI_CELLS = _mini_cells()
LONE = _lone()
BAND_MATES = _band_mates()
LOW_INDEX = _low_index()
COLUMN = np.array([0x40201 << c for c in range(9)], np.int64)
"""COLUMN[c] = the band cells of column c."""
ROWS = np.array([sum(ROW_BITS << 9 * r for r in range(3) if m >> r & 1) for m in range(8)],
                np.int64)
"""ROWS[3 bits] = the band cells of those rows."""
BOXES = np.array([sum(0x1C0E07 << 3 * k for k in range(3) if m >> k & 1) for m in range(8)],
                 np.int64)
"""BOXES[3 bits] = the band cells of those boxes."""


def fits(geo: Geometry) -> bool:
    """True when bands.py can count the geometry's puzzles: one 9x9 grid of 3x3 boxes."""
    return geo.n == 9 and geo.box_rows == 3 and geo.box_cols == 3 and geo.board is None


def _words(cells: object) -> list[int]:
    """The three band words of a set of cells."""
    w = [0, 0, 0]
    for c in cells:  # type: ignore[attr-defined]
        b, x = divmod(int(c), BAND_CELLS)
        w[b] |= 1 << x
    return w


def rule_table(geo: Geometry) -> np.ndarray:
    """The geometry's rule table (see the glossary); (0, 3) when it does not fit."""
    if not fits(geo):
        return np.zeros((0, 3), np.int32)
    classic = {frozenset(u) for u in geo.units[:27]}
    extra = [u for u in geo.units if frozenset(u) not in classic]
    rows: list[list[int]] = []
    for c in range(81):
        r, col = divmod(c, 9)
        plain = {p for p in range(81) if p != c and (
            p // 9 == r or p % 9 == col or (p // 27, p % 9 // 3) == (c // 27, col // 3))}
        rows.append(_words(set(geo.peers[c]) - plain))
    rows += [_words(geo.neighbours[c]) for c in range(81)]
    paired = any(geo.ruled[c] or geo.neighbours[c] for c in range(81))
    head = [int(any(any(r) for r in rows)), int(paired), 0]
    return np.array([head, *rows, *(_words(u) for u in extra)], np.int32).reshape(-1, 3)


def rules_of(geo: Geometry) -> np.ndarray:
    """rule_table(geo), built once a geometry (kept with its other kernel tables)."""
    tables = geo.arrays()
    if "rules" not in tables:
        tables["rules"] = rule_table(geo)
    rules: np.ndarray = tables["rules"]
    return rules
