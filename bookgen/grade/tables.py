"""Static tables the techniques share, built once per geometry.

Glossary:
  box units    the units named 'box ...'; every other unit is a line (row, column, diagonal)
  crossing     a box and a line sharing two or more cells: (box, line, shared, box_rest,
               line_rest) as tuples of cells
  cand index   i = cell * n + digit - 1, the bit of a candidate in chain bitsets
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grid import Geometry, GeometryKey


@dataclass(frozen=True)
class Tables:
    """Precomputed topology for one geometry."""

    boxes: tuple[int, ...]
    """Indices of the box units."""
    lines: tuple[int, ...]
    """Indices of the other units (rows, columns, variant diagonals)."""
    rows: tuple[int, ...]
    """Indices of the row units."""
    cols: tuple[int, ...]
    """Indices of the column units."""
    crossings: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]
    """Every (box, line, shared cells, rest of box, rest of line) with two or more shared."""
    peer_sets: tuple[frozenset[int], ...]
    """peers[cell] as sets, for quick 'sees' tests."""
    peer_bits: tuple[int, ...]
    """peer_bits[cell * n + d - 1]: the cand-index bits of digit d in the cell's peers."""
    cell_bits: tuple[int, ...]
    """cell_bits[cell]: the cand-index bits of every digit of the cell."""
    cell_cands: tuple[tuple[int, ...], ...]
    """cell_cands[cell]: the cand indices of every digit of the cell."""
    unit_cands: tuple[tuple[int, ...], ...]
    """unit_cands[unit * n + d - 1]: the cand indices of digit d in the unit's cells."""


_CACHE: dict[GeometryKey, Tables] = {}


def tables(geo: Geometry) -> Tables:
    """The tables of a geometry, built on first use."""
    key = geo.key
    t = _CACHE.get(key)
    if t is None:
        t = _CACHE[key] = _build(geo)
    return t


def _build(geo: Geometry) -> Tables:
    n = geo.n
    boxes = tuple(u for u, name in enumerate(geo.unit_names) if name.startswith("box"))
    lines = tuple(u for u in range(len(geo.units)) if u not in boxes)
    rows = tuple(u for u in lines if geo.unit_names[u].startswith("row"))
    cols = tuple(u for u in lines if geo.unit_names[u].startswith("column"))
    crossings = []
    for b in boxes:
        bset = set(geo.units[b])
        for line in lines:
            shared = tuple(c for c in geo.units[line] if c in bset)
            if len(shared) >= 2:
                box_rest = tuple(c for c in geo.units[b] if c not in shared)
                line_rest = tuple(c for c in geo.units[line] if c not in shared)
                crossings.append((b, line, shared, box_rest, line_rest))
    peer_bits = []
    for c in range(geo.ncells):
        for d in range(n):
            bits = 0
            for p in geo.peers[c]:
                bits |= 1 << (p * n + d)
            peer_bits.append(bits)
    cell_bits = tuple(((1 << n) - 1) << (c * n) for c in range(geo.ncells))
    cell_cands = tuple(tuple(range(c * n, c * n + n)) for c in range(geo.ncells))
    unit_cands = tuple(tuple(c * n + d for c in cells) for cells in geo.units for d in range(n))
    return Tables(
        boxes=boxes,
        lines=lines,
        rows=rows,
        cols=cols,
        crossings=tuple(crossings),
        peer_sets=tuple(frozenset(p) for p in geo.peers),
        peer_bits=tuple(peer_bits),
        cell_bits=cell_bits,
        cell_cands=cell_cands,
        unit_cands=unit_cands,
    )
