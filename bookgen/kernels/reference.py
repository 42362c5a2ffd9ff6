"""The pure-Python backend: the reference for fast.py, and the fallback without numba.

Glossary and conventions (shared with fast.py):
  vals       list of n*n values, row-major, 0 = blank
  mask       candidate bit mask, bit v-1 set = value v possible
  used[u]    mask of the values already placed in unit u
  units      cells of each unit; cell_units: the units of each cell
  count      naked and hidden singles to a fixpoint, then branch on the empty cell with
             the fewest candidates (lowest cell on ties), values ascending; fast.py runs
             the same search, so both find the same first solution
  trace      SPEC 3 exactly: the possibility list sorted once by (candidates, block-order
             position), naked-single scans in list order, branch on the first still-empty
             entry; yields level, maxlevel, the way and the complexity figures

The searches recurse (depth <= number of blanks); lists and ints keep them quick in
CPython.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from . import TraceArrays

if TYPE_CHECKING:
    from ..grid import Geometry


@dataclass(frozen=True)
class _Tables:
    """Plain-list topology for the Python searches."""

    units: list[list[int]]
    """Cells of each unit."""
    cell_units: list[list[int]]
    """Units of each cell."""
    full: int
    """Mask with all n values."""


def _tables(units: Any, cell_units: Any) -> _Tables:
    cu = [[u for u in row if u >= 0] for row in np.asarray(cell_units).tolist()]
    us = np.asarray(units).tolist()
    return _Tables(us, cu, (1 << len(us[0])) - 1)


def _load(grid: Sequence[int], t: _Tables) -> tuple[list[int], list[int], bool]:
    """(vals, used, ok) of a grid; ok is False when two givens clash."""
    vals = [int(v) for v in grid]
    used = [0] * len(t.units)
    ok = True
    for c, v in enumerate(vals):
        if v:
            bit = 1 << (v - 1)
            for u in t.cell_units[c]:
                ok = ok and not used[u] & bit
                used[u] |= bit
    return vals, used, ok


def _mask(c: int, used: list[int], t: _Tables) -> int:
    m = t.full
    for u in t.cell_units[c]:
        m &= ~used[u]
    return m


def _place(c: int, bit: int, vals: list[int], used: list[int], t: _Tables) -> None:
    vals[c] = bit.bit_length()
    for u in t.cell_units[c]:
        used[u] |= bit


class _Counter:
    """One counting search: naked and hidden singles, fewest-candidates branching."""

    def __init__(self, t: _Tables, limit: int, ex_cell: int, ex_mask: int) -> None:
        self.t = t
        self.limit = limit
        self.ex_cell = ex_cell
        self.ex_mask = ex_mask
        self.sols: list[list[int]] = []

    def cand(self, c: int, used: list[int]) -> int:
        m = _mask(c, used, self.t)
        return m & ~self.ex_mask if c == self.ex_cell else m

    def propagate(
        self, vals: list[int], used: list[int], empties: list[int]
    ) -> dict[int, int] | None:
        """Singles to a fixpoint (same fixpoint as fast._propagate); the candidates of the
        remaining blanks, or None at a dead end."""
        t = self.t
        while True:
            changed = False
            cand = {}
            for c in empties:
                if not vals[c]:
                    m = self.cand(c, used)
                    if not m:
                        return None
                    if m & (m - 1):
                        cand[c] = m
                    else:
                        _place(c, m, vals, used, t)
                        changed = True
            if changed:
                continue
            for u, cells in enumerate(t.units):
                once = twice = 0
                for c in cells:
                    if not vals[c]:
                        m = cand[c]
                        twice |= once & m
                        once |= m
                missing = t.full & ~used[u]
                if missing & ~once:
                    return None
                hidden = missing & ~twice
                while hidden:
                    b = hidden & -hidden
                    hidden ^= b
                    at = next((c for c in cells if not vals[c] and cand[c] & b), -1)
                    if at < 0 or not self.cand(at, used) & b:
                        return None
                    _place(at, b, vals, used, t)
                    changed = True
            if not changed:
                return cand

    def search(self, vals: list[int], used: list[int], empties: list[int]) -> bool:
        """True when the limit is reached (stop everything)."""
        cand = self.propagate(vals, used, empties)
        if cand is None:
            return False
        if not cand:
            self.sols.append(vals)
            return len(self.sols) >= self.limit
        best = min(cand, key=lambda c: (cand[c].bit_count(), c))
        rest = [c for c in empties if not vals[c]]
        m = cand[best]
        while m:
            b = m & -m
            m ^= b
            v2, u2 = vals[:], used[:]
            _place(best, b, v2, u2, self.t)
            if self.search(v2, u2, rest):
                return True
        return False


def _search(
    grid: Sequence[int], limit: int, ex_cell: int, ex_mask: int, t: _Tables
) -> list[list[int]]:
    """The solutions found, at most limit, in the order fast._search finds them."""
    vals, used, ok = _load(grid, t)
    if not ok or (ex_cell >= 0 and vals[ex_cell] and (1 << (vals[ex_cell] - 1)) & ex_mask):
        return []
    counter = _Counter(t, limit, ex_cell, ex_mask)
    counter.search(vals, used, [c for c, v in enumerate(vals) if not v])
    return counter.sols


def count_core(
    grid: Any, limit: int, excl_cell: int, excl_mask: int,
    units: Any, cell_units: Any, peers: Any, npeers: Any,
) -> int:
    """Solutions of grid up to limit, with excl_mask removed from excl_cell's candidates
    (excl_cell = -1: no exclusion); same contract as fast.count_core."""
    t = _tables(units, cell_units)
    return len(_search(np.asarray(grid).tolist(), limit, excl_cell, excl_mask, t))


def solve_core(
    grid: Any, limit: int, excl_cell: int, excl_mask: int,
    units: Any, cell_units: Any, peers: Any, npeers: Any,
) -> tuple[int, np.ndarray]:
    """(count up to limit, first solution or zeros); same contract as fast.solve_core."""
    g = np.asarray(grid)
    sols = _search(g.tolist(), limit, excl_cell, excl_mask, _tables(units, cell_units))
    return len(sols), np.array(sols[0] if sols else np.zeros(len(g)), dtype=np.int8)


class _Tracer:
    """One SPEC 3 search over a possibility list sorted once."""

    def __init__(self, t: _Tables, limit: int, plist: list[int]) -> None:
        self.t = t
        self.limit = limit
        self.plist = plist
        self.sols: list[list[int]] = []
        self.path: list[list[int]] = []
        """Branch steps [cell, mask, index] from the root to the current level."""
        self.way: list[list[int]] = []
        self.maxlevel = 0

    def scan(self, vals: list[int], used: list[int]) -> bool:
        """Naked-single scans in list order until one fills nothing; False at a dead end."""
        t = self.t
        while True:
            filled = False
            for c in self.plist:
                if not vals[c]:
                    m = _mask(c, used, t)
                    if not m:
                        return False
                    if not m & (m - 1):
                        _place(c, m, vals, used, t)
                        filled = True
            if not filled:
                return True

    def search(self, vals: list[int], used: list[int]) -> bool:
        """True when the limit is reached (stop everything)."""
        if not self.scan(vals, used):
            return False
        c = next((c for c in self.plist if not vals[c]), -1)
        if c < 0:
            if not self.sols:
                self.way = [step[:] for step in self.path]
            self.sols.append(vals)
            return len(self.sols) >= self.limit
        m = _mask(c, used, self.t)
        step = [c, m, -1]
        self.path.append(step)
        self.maxlevel = max(self.maxlevel, len(self.path))
        while m:
            b = m & -m
            m ^= b
            step[2] += 1
            v2, u2 = vals[:], used[:]
            _place(c, b, v2, u2, self.t)
            if self.search(v2, u2):
                return True
        self.path.pop()
        return False


def _trace_one(
    grid: Sequence[int], limit: int, t: _Tables, block_pos: Sequence[int]
) -> tuple[_Tracer, int, int]:
    """The SPEC 3 search of one grid: the finished tracer, cand_sum and cand_sq."""
    vals, used, ok = _load(grid, t)
    counts = {c: _mask(c, used, t).bit_count() for c, v in enumerate(vals) if not v}
    plist = sorted(counts, key=lambda c: (counts[c], block_pos[c]))
    tracer = _Tracer(t, limit, plist)
    if ok:
        tracer.search(vals, used)
    return tracer, sum(counts.values()), sum(k * k for k in counts.values())


def _geo_tables(geo: Geometry) -> _Tables:
    a = geo.arrays()
    return _tables(a["units"], a["cell_units"])


class ReferenceBackend:
    """The pure-Python backend; loops over the batch in Python."""

    name = "python"

    def count_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2) -> np.ndarray:
        t = _geo_tables(geo)
        rows = np.asarray(grids).reshape(-1, geo.ncells).tolist()
        return np.array([len(_search(g, limit, -1, 0, t)) for g in rows], dtype=np.int32)

    def solve_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        counts, sols = self.solutions_batch(geo, grids, limit)
        return counts, sols[:, 0]

    def solutions_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        t = _geo_tables(geo)
        rows = np.asarray(grids).reshape(-1, geo.ncells).tolist()
        counts = np.zeros(len(rows), dtype=np.int32)
        sols = np.zeros((len(rows), limit, geo.ncells), dtype=np.int8)
        for i, g in enumerate(rows):
            found = _search(g, limit, -1, 0, t)
            counts[i] = len(found)
            if found:
                sols[i, : len(found)] = found
        return counts, sols

    def trace_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2) -> TraceArrays:
        t = _geo_tables(geo)
        rows = np.asarray(grids).reshape(-1, geo.ncells).tolist()
        m, nc = len(rows), geo.ncells
        figs = np.zeros((m, 6), dtype=np.int64)
        sols = np.zeros((m, limit, nc), dtype=np.int8)
        way = np.zeros((3, m, nc), dtype=np.int32)
        for i, g in enumerate(rows):
            tr, cand_sum, cand_sq = _trace_one(g, limit, t, geo.block_pos)
            complexity = sum(step[1].bit_count() ** 2 for step in tr.way)
            figs[i] = (len(tr.sols), len(tr.way), tr.maxlevel, complexity, cand_sum, cand_sq)
            for k, sol in enumerate(tr.sols):
                sols[i, k] = sol
            if tr.way:
                way[:, i, : len(tr.way)] = np.array(tr.way, dtype=np.int32).T
        return TraceArrays(
            count=figs[:, 0].astype(np.int32),
            level=figs[:, 1].astype(np.int32),
            maxlevel=figs[:, 2].astype(np.int32),
            way_complexity=figs[:, 3],
            cand_sum=figs[:, 4],
            cand_sq=figs[:, 5],
            solutions=sols,
            way_len=figs[:, 1].astype(np.int32),
            way_cell=way[0],
            way_mask=way[1],
            way_index=way[2],
        )
