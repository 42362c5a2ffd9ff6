"""Static tables the techniques share, built once per geometry; and the grading geometry.

Glossary:
  kind         what a unit is: 'row', 'column', 'box' (a box, or a jigsaw region: it plays
               the box's part in every technique), or an extra unit's family: 'window',
               'diagonal', 'antidiagonal', 'group' (disjoint groups), 'asterisk',
               'center-dot', 'girandola'
  box units    the units of kind 'box'; every other unit is a line here (rows, columns,
               diagonals, windows)
  hidden window  hyper only: the windows leave five more 3x3 sets of cells that hold every
               digit once (rows 1, 5, 9 or the window rows, crossed with columns 1, 5, 9 or
               the window columns). Sukaku Explainer counts them as windows; so does the
               grader, as units appended after the geometry's own
  crossing     a box and a row or column sharing two or more cells: (box, line, shared,
               box_rest, line_rest) as tuples of cells
  lock         a crossing read one way: (source, target, shared, source_rest, target_rest);
               a digit whose places in the source all lie in the shared cells leaves the
               target's rest
  generalized  X, hyper and other grids where a cell sees more than its row, column and
               box (extra units, anti-knight): Sukaku Explainer's variant ladder
               (generalized intersections and naked sets, in place of plain pointing,
               claiming and naked sets)
  cand index   i = cell * n + digit - 1, the bit of a candidate in chain bitsets
  kept         a bounded memo: a finder's result for one unit or digit, kept by what it
               depends on (a unit's places, a digit's holders), so board states and
               puzzles that share them do not search again
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, TypeVar

from ..core.grid import Geometry, GeometryKey, geometry, unit_tables

Lock = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]

LOCKING_FAMILIES = ("group", "window")
"""Extra unit families that lock with rows, columns and boxes as a box does with a line
(Sukaku Explainer's Locking): disjoint groups and windows, never diagonals or the one-unit
shapes."""


@dataclass(frozen=True)
class Tables:
    """Precomputed topology for one geometry."""

    kinds: tuple[str, ...]
    """The kind of each unit (see the glossary)."""
    boxes: tuple[int, ...]
    """Indices of the box units (boxes or jigsaw regions)."""
    lines: tuple[int, ...]
    """Indices of the other units (rows, columns, variant diagonals and windows)."""
    rows: tuple[int, ...]
    """Indices of the row units."""
    cols: tuple[int, ...]
    """Indices of the column units."""
    crossings: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]
    """Every (box, row or column, shared cells, rest of box, rest of line) with two or more
    shared."""
    pointing_locks: tuple[Lock, ...]
    """Every crossing box -> row or column (a box is the source)."""
    claiming_locks: tuple[Lock, ...]
    """Every crossing row or column -> box; then on hyper grids the windows' locks, and
    on disjoint-groups grids the groups', in Sukaku Explainer's order: extra -> column,
    extra -> row, column -> extra, row -> extra, box -> extra (a pointing among these
    claimings), extra -> box (a disjoint group meets a box in one cell, so never locks
    with it)."""
    pointing_reads: tuple[int, ...]
    """Per pointing lock, as bits, the units its finders read: source, target, and the
    units of the source's kind meeting the target's rest (where a direct form's hidden
    single lies)."""
    claiming_reads: tuple[int, ...]
    """The same per claiming lock."""
    generalized: bool
    """Whether Sukaku Explainer's variant ladder applies (see the glossary)."""
    peer_sets: tuple[frozenset[int], ...]
    """peers[cell] as sets, for quick 'sees' tests."""
    peer_cells: tuple[int, ...]
    """peers[cell] as cell bits (bit p for peer p)."""
    beyond_units: tuple[frozenset[int], ...]
    """Per cell, its peers that share no unit with it: the cells a pair rule of
    Relation.DIFFERENT binds to it beyond its units (anti-knight); none on most grids."""
    cell_units: tuple[int, ...]
    """geo.cell_units[cell] as unit bits (bit u for unit u)."""
    unit_cells: tuple[int, ...]
    """units[unit] as cell bits; a unit's cells are ascending, so its bits read in the
    same order."""
    peer_bits: tuple[int, ...]
    """peer_bits[cell * n + d - 1]: the cand-index bits of digit d in the cell's peers."""
    cell_bits: tuple[int, ...]
    """cell_bits[cell]: the cand-index bits of every digit of the cell."""
    cell_cands: tuple[tuple[int, ...], ...]
    """cell_cands[cell]: the cand indices of every digit of the cell."""
    unit_cands: tuple[tuple[int, ...], ...]
    """unit_cands[unit * n + d - 1]: the cand indices of digit d in the unit's cells."""
    unit_bits: tuple[int, ...]
    """unit_bits[unit * n + d - 1]: the cand-index bits of digit d in the unit's cells."""
    unit_readers: tuple[itemgetter[tuple[int, ...]], ...]
    """unit_readers[unit](per-cell list): the unit's cells' entries, as a tuple, in one call."""
    cell_places: tuple[tuple[tuple[int, int], ...], ...]
    """cell_places[cell]: (unit, 1 << i) for each unit holding the cell as its i-th cell."""


_GRADING: dict[GeometryKey, Geometry] = {}


def grading_geometry(geo: Geometry) -> Geometry:
    """The geometry the grader works on: `geo` itself, except where the kind adds units
    for the grader (Variant.grading_units: windoku's five hidden windows, named 'hidden
    window k (r159c234)'), which follow the geometry's units. Unit indices below
    len(geo.units) mean the same unit in both."""
    got = _GRADING.get(geo.key)
    if got is None:
        extra = geo.variant.grading_units(geo.n)
        got = _GRADING[geo.key] = _with_hidden_windows(geo) if extra else geo
    return got


def base_geometry(geo: Geometry) -> Geometry:
    """The plain geometry of a grading geometry (the one the kernels and formats know)."""
    return geometry(geo.n, geo.variant, geo.region_layout)


def _with_hidden_windows(geo: Geometry) -> Geometry:
    extra = geo.variant.grading_units(geo.n)
    units = list(geo.units) + [cells for _, _, cells in extra]
    names = list(geo.unit_names) + [name for name, _, _ in extra]
    kinds = geo.unit_kinds + tuple(family for _, family, _ in extra)
    cell_units, mates = unit_tables(units, geo.ncells)
    peers = tuple(tuple(sorted(set(m) | set(p))) for m, p in zip(mates, geo.peers, strict=True))
    return dataclasses.replace(
        geo, units=tuple(units), unit_names=tuple(names), cell_units=cell_units, peers=peers,
        unit_kinds=kinds, _arrays={},
    )


def unit_kinds(geo: Geometry) -> tuple[str, ...]:
    """The kind of each unit of a (grading) geometry (Geometry.unit_kinds)."""
    return geo.unit_kinds


_CACHE: dict[GeometryKey, Tables] = {}
_BY_OBJECT: dict[int, tuple[Geometry, Tables]] = {}
"""The same tables by the geometry object's id: geometries are made once per topology and
the techniques ask for their tables many times a step (an entry holds its geometry, so
the id stays its own)."""


def tables(geo: Geometry) -> Tables:
    """The tables of a geometry's grading geometry, built on first use."""
    got = _BY_OBJECT.get(id(geo))
    if got is not None and got[0] is geo:
        return got[1]
    key = geo.key
    t = _CACHE.get(key)
    if t is None:
        t = _CACHE[key] = _build(grading_geometry(geo))
    _BY_OBJECT[id(geo)] = (geo, t)
    return t


def _lock(units: tuple[tuple[int, ...], ...], source: int, target: int) -> Lock | None:
    tset = set(units[target])
    shared = tuple(c for c in units[source] if c in tset)
    if len(shared) < 2:
        return None
    source_rest = tuple(c for c in units[source] if c not in shared)
    target_rest = tuple(c for c in units[target] if c not in shared)
    return source, target, shared, source_rest, target_rest


def _sees_more(geo: Geometry, kinds: tuple[str, ...]) -> bool:
    """Whether a cell may see more than its row, column and box: units of other kinds, or
    cells a pair rule keeps from its digit (anti-knight). SE switches to its variant ladder
    only then: a non-consecutive rule alone adds no 'sees' and keeps the classic ladder."""
    return any(k not in ("row", "column", "box") for k in kinds) or any(geo.ruled)


def _build(geo: Geometry) -> Tables:
    n = geo.n
    kinds = unit_kinds(geo)
    boxes = tuple(u for u, k in enumerate(kinds) if k == "box")
    lines = tuple(u for u, k in enumerate(kinds) if k != "box")
    rows = tuple(u for u in lines if kinds[u] == "row")
    cols = tuple(u for u in lines if kinds[u] == "column")
    crossings = []
    pointing: list[Lock] = []
    claiming: list[Lock] = []
    for b in boxes:
        for line in rows + cols:
            lock = _lock(geo.units, b, line)
            if lock is not None:
                crossings.append(lock)
                pointing.append(lock)
                back = _lock(geo.units, line, b)
                assert back is not None
                claiming.append(back)
    # Sukaku Explainer tries the windows' (groups') locks after every box and line lock,
    # claiming and pointing alike, so its box -> window pointing waits for a window's
    # claiming
    for family in LOCKING_FAMILIES:
        extra = tuple(u for u in lines if kinds[u] == family)
        pairs = ((extra, cols), (extra, rows), (cols, extra), (rows, extra), (boxes, extra),
                 (extra, boxes))
        for sources, targets in pairs:
            for source in sources:
                for target in targets:
                    lock = _lock(geo.units, source, target)
                    if lock is not None:
                        claiming.append(lock)
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
    def reads(lock: Lock) -> int:
        source, target, _, _, target_rest = lock
        bits = 1 << source | 1 << target
        for c in target_rest:
            for u in geo.cell_units[c]:
                if kinds[u] == kinds[source]:
                    bits |= 1 << u
        return bits

    return Tables(
        kinds=kinds,
        boxes=boxes,
        lines=lines,
        rows=rows,
        cols=cols,
        crossings=tuple(crossings),
        pointing_locks=tuple(pointing),
        claiming_locks=tuple(claiming),
        pointing_reads=tuple(reads(lock) for lock in pointing),
        claiming_reads=tuple(reads(lock) for lock in claiming),
        generalized=_sees_more(geo, kinds),
        peer_sets=tuple(frozenset(p) for p in geo.peers),
        peer_cells=tuple(sum(1 << p for p in ps) for ps in geo.peers),
        beyond_units=tuple(frozenset(r) for r in geo.ruled),
        cell_units=tuple(sum(1 << u for u in us) for us in geo.cell_units),
        unit_cells=tuple(sum(1 << c for c in cells) for cells in geo.units),
        peer_bits=tuple(peer_bits),
        cell_bits=cell_bits,
        cell_cands=cell_cands,
        unit_cands=unit_cands,
        unit_bits=tuple(sum(1 << i for i in spots) for spots in unit_cands),
        unit_readers=tuple(itemgetter(*cells) for cells in geo.units),
        cell_places=tuple(
            tuple((u, 1 << geo.units[u].index(c)) for u in geo.cell_units[c])
            for c in range(geo.ncells)
        ),
    )


CACHE_LIMIT = 4096
"""Entries a kept cache holds, unless told otherwise, before it starts afresh."""

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def kept(
    cache: dict[K, V], key: K, make: Callable[..., V], *args: Any, limit: int = CACHE_LIMIT
) -> V:
    """cache[key], made by make(*args) on first use; a full cache starts afresh."""
    if key in cache:
        return cache[key]
    if len(cache) >= limit:
        cache.clear()
    got = cache[key] = make(*args)
    return got


def per_geometry(caches: dict[GeometryKey, dict[K, V]], geo: Geometry) -> dict[K, V]:
    """The cache of one geometry among `caches`: its keys then leave the geometry's key
    out (hashing that, an enum in it, costs more than the rest of a lookup)."""
    got = caches.get(geo.key)
    if got is None:
        got = caches[geo.key] = {}
    return got
