"""The pure-Python backend: the reference for fast.py, and the fallback without numba.

Glossary and conventions (shared with fast.py):
  vals       list of n*n values, row-major, 0 = blank
  mask       candidate bit mask, bit v-1 set = value v possible
  cand[c]    the candidates of cell c (of a filled cell: its value's bit), kept exact by
             removing a placed value from the peers (_assign)
  used[u]    mask of the values given in unit u (for the trace's starting figures)
  queue      cells left with one candidate, still to be filled (naked singles)
  count      naked and hidden singles to a fixpoint, then branch on the empty cell with
             the fewest candidates (lowest cell on ties), values ascending, or where it
             has three or more, on the fewest places a digit has in a unit, if fewer
             (fast.py's glossary); fast.py runs the same search, so both find the same
             solutions in the same order
  trace      SPEC 3: the possibility list sorted once by (candidates, block-order
             position), naked singles, branch on the first still-empty entry; yields
             level, maxlevel, the way and the complexity figures

Single placements are forced, so filling them in any order reaches the same state (or a
dead end in every order): the queue gives what SPEC 3's repeated list scans give.
The searches recurse (depth <= number of blanks); lists and ints keep them quick in
CPython.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from . import (
    BOARD_FOCUS,
    EXCLUSION_NODES,
    EXCLUSION_NODES_FROM,
    FirstSolution,
    TraceArrays,
    trace_arrays,
)

if TYPE_CHECKING:
    import numpy as np

    from ...core.grid import Geometry, GeometryKey
    from ...variants.killer.cages import Cages


@dataclass(frozen=True)
class _Tables:
    """Plain-list topology for the Python searches."""

    units: list[list[int]]
    """Cells of each unit."""
    cell_units: list[list[int]]
    """Units of each cell."""
    peers: list[list[int]]
    """Peers of each cell (unit mates and pair-rule cells)."""
    ruled: list[list[int]]
    """The peers a pair rule adds to each cell's unit mates (anti-knight's)."""
    neighbours: list[list[int]]
    """Non-consecutive neighbours of each cell."""
    full: int
    """Mask with all n values."""


_TABLES: dict[tuple[int, int, int], tuple[tuple[Any, Any, Any], _Tables]] = {}
"""Converted tables by the identity of the numpy arrays (Geometry.arrays() hands out the
same arrays each time); holding the arrays keeps their ids from being reused."""


def _tables(units: Any, cell_units: Any, peers: Any, npeers: Any) -> _Tables:
    key = (id(units), id(cell_units), id(peers))
    if key not in _TABLES:
        _TABLES[key] = ((units, cell_units, peers),
                        _convert(units, cell_units, peers, npeers))
    return _TABLES[key][1]


def _convert(units: Any, cell_units: Any, peers: Any, npeers: Any) -> _Tables:
    import numpy as np

    us = np.asarray(units).tolist()
    cu = [[u for u in row if u >= 0] for row in np.asarray(cell_units).tolist()]
    rows, ends = np.asarray(peers).tolist(), np.asarray(npeers).tolist()
    parts = [(row[: end[0]], row[end[0]: end[1]], row[end[1]: end[2]])
             for row, end in zip(rows, ends, strict=True)]
    return _from_parts(us, cu, parts, len(us[0]))


def _from_parts(units: list[list[int]], cell_units: list[list[int]],
                parts: Sequence[tuple[list[int], list[int], list[int]]], n: int) -> _Tables:
    """The tables from each cell's peers in Geometry.peer_parts' three parts (unit mates,
    pair-rule cells, neighbours), as the kernels' peer rows hold them."""
    return _Tables(units, cell_units, [mates + ruled for mates, ruled, _ in parts],
                   [ruled for _, ruled, _ in parts], [near for _, _, near in parts],
                   (1 << n) - 1)


def _assign(
    c: int, bit: int, vals: list[int], cand: list[int], t: _Tables, queue: list[int]
) -> bool:
    """Put bit's value in cell c, remove it from the peers and the digits one above and
    below it from the neighbours, queueing new singles; False at a dead end."""
    vals[c] = bit.bit_length()
    cand[c] = bit
    for cells, gone in ((t.peers[c], bit), (t.neighbours[c], bit << 1 | bit >> 1)):
        for p in cells:
            m = cand[p]
            if m & gone:
                if vals[p]:
                    return False
                m &= ~gone
                if not m:
                    return False
                cand[p] = m
                if not m & (m - 1):
                    queue.append(p)
    return True


def _drain(vals: list[int], cand: list[int], t: _Tables, queue: list[int]) -> bool:
    """Fill every queued naked single (and those they create); False at a dead end."""
    while queue:
        c = queue.pop()
        if not vals[c] and not _assign(c, cand[c], vals, cand, t, queue):
            return False
    return True


def _start(grid: Sequence[int], t: _Tables) -> tuple[list[int], list[int], list[int]] | None:
    """(vals, cand, queue) with the givens placed; None when they clash or leave a cell
    without candidates."""
    n = len(grid)
    vals, cand, queue = [0] * n, [t.full] * n, list[int]()
    for c, v in enumerate(grid):
        if v:
            bit = 1 << (v - 1)
            if not cand[c] & bit or not _assign(c, bit, vals, cand, t, queue):
                return None
    return vals, cand, queue


class _Counter:
    """One counting search: naked and hidden singles, fewest-candidates branching."""

    def __init__(self, t: _Tables, limit: int, start: int = 0, capped: bool = False,
                 excluded: int = -1) -> None:
        self.t = t
        self.limit = limit
        self.sols: list[list[int]] = []
        self.start = start
        self.excluded = excluded
        """The cell whose value is excluded, -1 for none."""
        """Where the scan for a branch cell starts (fast._search's ex_start)."""
        self.capped = capped
        """Whether the search is held to EXCLUSION_NODES branch points."""
        self.nodes = 0
        self.path: list[int] = []
        """The branch cells of the levels above, outermost first (fast._search's bcell)."""
        self.focus = BOARD_FOCUS and len(t.peers) >= EXCLUSION_NODES_FROM
        """Whether it branches near its last branch (a board: fast._near)."""
        self.undecided = False
        """Whether it stopped at EXCLUSION_NODES (it then counts as reaching the limit)."""
        self.places = not self.focus and not any(t.ruled) and not any(t.neighbours)
        """Whether it may branch on a digit's places (fast._search's: no board, no pair
        rule)."""

    def propagate(self, vals: list[int], cand: list[int], queue: list[int]) -> bool:
        """Naked and hidden singles to a fixpoint (fast._propagate's); False at a dead end."""
        t = self.t
        if not _drain(vals, cand, t, queue):
            return False
        full = t.full
        changed = True
        while changed:
            changed = False
            for cells in t.units:
                while True:
                    once = twice = solved = 0
                    for c in cells:
                        m = cand[c]
                        if vals[c]:
                            solved |= m
                        else:
                            twice |= once & m
                            once |= m
                    if once | solved != full:
                        return False
                    hidden = once & ~twice & ~solved
                    if not hidden:
                        break
                    b = hidden & -hidden
                    at = next(c for c in cells if not vals[c] and cand[c] & b)
                    if not _assign(at, b, vals, cand, t, queue) or not _drain(vals, cand, t, queue):
                        return False
                    changed = True
        return True

    def search(self, vals: list[int], cand: list[int], queue: list[int]) -> bool:
        """True when the limit is reached (stop everything)."""
        if not self.propagate(vals, cand, queue):
            return False
        best = self.near(vals, cand) if self.focus else -1
        if best < 0:
            n = len(cand)
            best = _fewest(((i + self.start) % n for i in range(n)), vals, cand)
        if best < 0:
            self.sols.append(vals)
            return len(self.sols) >= self.limit
        self.nodes += 1
        if self.capped and self.nodes > EXCLUSION_NODES:
            self.undecided = True
            return True
        k = cand[best].bit_count()
        places = _fewest_places(k, vals, cand, self.t) if k > 2 and self.places else None
        if places is not None:  # fast._search's branch on a digit's places
            b, cells = places
            branches = [(c, b) for c in cells]
        else:
            branches = [(best, b) for b in _bits(cand[best])]
        self.path.append(best)
        for c, b in branches:
            v2, c2, q2 = vals[:], cand[:], list[int]()
            if _assign(c, b, v2, c2, self.t, q2) and self.search(v2, c2, q2):
                return True
        self.path.pop()
        return False

    def near(self, vals: list[int], cand: list[int]) -> int:
        """fast._near: the fewest-candidates empty peer of the latest branch cell with one,
        then of the excluded cell; -1 when none has."""
        for at in [*reversed(self.path), self.excluded]:
            best = _fewest(self.t.peers[at], vals, cand) if at >= 0 else -1
            if best >= 0:
                return best
        return -1


def _bits(m: int) -> list[int]:
    """The bits of mask m, lowest first."""
    out = []
    while m:
        out.append(m & -m)
        m &= m - 1
    return out


def _fewest_places(fewest: int, vals: list[int], cand: list[int], t: _Tables
                   ) -> tuple[int, list[int]] | None:
    """fast._fewest_places: (digit bit, its empty cells) of the first unit, digits
    ascending, where a digit has fewer places than `fewest`; None when none has."""
    best = None
    for cells in t.units:
        empty = [c for c in cells if not vals[c]]
        for b in _bits(t.full):
            at = [c for c in empty if cand[c] & b]
            if 0 < len(at) < fewest:
                fewest, best = len(at), (b, at)
    return best


def _fewest(cells: Iterable[int], vals: list[int], cand: list[int]) -> int:
    """The first empty cell among `cells` with the fewest candidates (a pair ends the
    scan); -1 when all are filled."""
    best, fewest = -1, 99
    for c in cells:
        if not vals[c]:
            k = cand[c].bit_count()
            if k < fewest:
                best, fewest = c, k
                if k == 2:
                    break
    return best


def _search(
    grid: Sequence[int], limit: int, ex_cell: int, ex_mask: int, t: _Tables
) -> list[list[int]]:
    """The solutions found, at most limit, in the order fast._search finds them."""
    started = _start(grid, t)
    if started is None:
        return []
    vals, cand, queue = started
    if ex_cell >= 0:
        m = cand[ex_cell] & ~ex_mask
        if not m:
            return []
        if not vals[ex_cell]:
            cand[ex_cell] = m
            if not m & (m - 1):
                queue.append(ex_cell)
    counter = _Counter(t, limit, max(ex_cell, 0),
                       ex_cell >= 0 and len(grid) >= EXCLUSION_NODES_FROM, ex_cell)
    counter.search(vals, cand, queue)
    if counter.undecided:  # as good as another solution to a dig (fast._search)
        return counter.sols + [[0] * len(grid)] * (limit - len(counter.sols))
    return counter.sols


def count_core(
    grid: Any, limit: int, excl_cell: int, excl_mask: int,
    units: Any, cell_units: Any, peers: Any, npeers: Any,
) -> int:
    """Solutions of grid up to limit, with excl_mask removed from excl_cell's candidates
    (excl_cell = -1: no exclusion); same contract as fast.count_core."""
    import numpy as np

    t = _tables(units, cell_units, peers, npeers)
    return len(_search(np.asarray(grid).tolist(), limit, excl_cell, excl_mask, t))


def solve_core(
    grid: Any, limit: int, excl_cell: int, excl_mask: int,
    units: Any, cell_units: Any, peers: Any, npeers: Any,
) -> tuple[int, np.ndarray]:
    """(count up to limit, first solution or zeros); same contract as fast.solve_core."""
    import numpy as np

    g = np.asarray(grid)
    t = _tables(units, cell_units, peers, npeers)
    sols = _search(g.tolist(), limit, excl_cell, excl_mask, t)
    return len(sols), np.array(sols[0] if sols else np.zeros(len(g)), dtype=np.int8)


def _givens_mask(c: int, grid: Sequence[int], used: list[int], t: _Tables) -> int:
    """The candidates of empty cell c by the givens: not used in its units, nor ruled out
    by a pair rule (fast._ruled)."""
    m = t.full
    for u in t.cell_units[c]:
        m &= ~used[u]
    for p in t.ruled[c]:
        if grid[p]:
            m &= ~(1 << (grid[p] - 1))
    for p in t.neighbours[c]:
        if grid[p]:
            m &= ~(1 << grid[p] | 1 << (grid[p] - 1) >> 1)
    return m


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

    def search(self, vals: list[int], cand: list[int], queue: list[int], start: int) -> bool:
        """True when the limit is reached (stop everything). start: list entries before
        it are filled here (they stay filled below a branch)."""
        if not _drain(vals, cand, self.t, queue):
            return False
        plist = self.plist
        while start < len(plist) and vals[plist[start]]:
            start += 1
        if start == len(plist):
            if not self.sols:
                self.way = [step[:] for step in self.path]
            self.sols.append(vals)
            return len(self.sols) >= self.limit
        c = plist[start]
        m = cand[c]
        step = [c, m, -1]
        self.path.append(step)
        self.maxlevel = max(self.maxlevel, len(self.path))
        while m:
            b = m & -m
            m ^= b
            step[2] += 1
            v2, c2, q2 = vals[:], cand[:], list[int]()
            if _assign(c, b, v2, c2, self.t, q2) and self.search(v2, c2, q2, start):
                return True
        self.path.pop()
        return False


def _trace_one(
    grid: Sequence[int], limit: int, t: _Tables, block_pos: Sequence[int]
) -> tuple[_Tracer, int, int]:
    """The SPEC 3 search of one grid: the finished tracer, cand_sum and cand_sq."""
    used = [0] * len(t.units)
    ok = True
    for c, v in enumerate(grid):
        if v:
            bit = 1 << (v - 1)
            for u in t.cell_units[c]:
                ok = ok and not used[u] & bit
                used[u] |= bit
    counts = {c: _givens_mask(c, grid, used, t).bit_count() for c, v in enumerate(grid) if not v}
    plist = sorted(counts, key=lambda c: (counts[c], block_pos[c]))
    tracer = _Tracer(t, limit, plist)
    started = _start(grid, t) if ok else None
    if started is not None:
        tracer.search(*started, 0)
    return tracer, sum(counts.values()), sum(k * k for k in counts.values())


_GEO_TABLES: dict[GeometryKey, _Tables] = {}
"""The tables of each topology the searches met, built from its geometry's tuples."""


def _geo_tables(geo: Geometry) -> _Tables:
    """The tables of a geometry, built from its own tuples (no numpy)."""
    t = _GEO_TABLES.get(geo.key)
    if t is None:
        t = _GEO_TABLES[geo.key] = _from_parts(
            [list(u) for u in geo.units], [list(us) for us in geo.cell_units],
            geo.peer_parts(), geo.n)
    return t


def solutions(values: Sequence[int], geo: Geometry, limit: int = 2) -> list[list[int]]:
    """The solutions of one puzzle, at most limit, in the order the backends find them:
    plain lists throughout, so that a caller that solves a few puzzles imports no numpy."""
    return _search(values, limit, -1, 0, _geo_tables(geo))


class ReferenceBackend(FirstSolution):
    """The pure-Python backend; loops over the batch in Python."""

    name = "python"

    def count_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2) -> np.ndarray:
        import numpy as np

        t = _geo_tables(geo)
        rows = np.asarray(grids).reshape(-1, geo.ncells).tolist()
        return np.array([len(_search(g, limit, -1, 0, t)) for g in rows], dtype=np.int32)

    def solutions_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        import numpy as np

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
        import numpy as np

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
        return trace_arrays(figs, sols, way[0], way[1], way[2])

    def dig_kernels(self) -> ModuleType:
        from . import dig_reference

        return dig_reference

    def killer_solutions(
        self, grid: np.ndarray, cages: Cages, limit: int = 2
    ) -> tuple[int, np.ndarray]:
        import numpy as np

        from .killer_reference import killer_solutions

        return killer_solutions(np.asarray(grid).tolist(), cages, limit)
