"""The numba killer search: killer_reference.py's search, compiled (``cache=True``).

Glossary: as killer_reference.py. The recursion becomes an explicit stack: frame d holds
cand and done before its branch, the branch cell and the values still to try.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numba import njit

from . import watch_compiles
from .cage_tables import MAX_SUM, cage_arrays, combo_table

if TYPE_CHECKING:
    from ...variants.killer.cages import Cages

watch_compiles()

FULL = 511


@njit(cache=True)
def _bits(m):
    k = 0
    while m:
        m &= m - 1
        k += 1
    return k


@njit(cache=True)
def _value(m):
    v = 0
    while m:
        m >>= 1
        v += 1
    return v


@njit(cache=True)
def _propagate(cand, done, peers, npeers, units, cage_cells, cage_len, cage_total, combo):
    changed = True
    while changed:
        changed = False
        for c in range(81):
            m = cand[c]
            if not done[c] and not m & (m - 1):
                done[c] = 1
                for k in range(npeers[c]):
                    p = peers[c, k]
                    if cand[p] & m:
                        cand[p] ^= m
                        if not cand[p]:
                            return False
                        changed = True
        for u in range(units.shape[0]):
            once = 0
            twice = 0
            for k in range(9):
                m = cand[units[u, k]]
                twice |= once & m
                once |= m
            if once != FULL:
                return False
            alone = once & ~twice
            if alone:
                for k in range(9):
                    c = units[u, k]
                    m = cand[c] & alone
                    if m and cand[c] != m:
                        if m & (m - 1):
                            return False
                        cand[c] = m
                        changed = True
        for g in range(cage_cells.shape[0]):
            left = cage_total[g]
            used = 0
            avail = 0
            empty = 0
            for k in range(cage_len[g]):
                c = cage_cells[g, k]
                if done[c]:
                    left -= _value(cand[c])
                    used |= cand[c]
                else:
                    avail |= cand[c]
                    empty += 1
            if empty == 0:
                if left != 0:
                    return False
                continue
            if left < 0 or left > MAX_SUM:
                return False
            allowed = combo[empty, left, avail & ~used & FULL]
            if allowed == 0:
                return False
            for k in range(cage_len[g]):
                c = cage_cells[g, k]
                if not done[c]:
                    m = cand[c] & allowed
                    if m == 0:
                        return False
                    if m != cand[c]:
                        cand[c] = m
                        changed = True
    return True


@njit(cache=True)
def killer_core(grid, limit, peers, npeers, units, cage_cells, cage_len, cage_total, combo,
                sols):
    """Solutions of grid under the cages, up to limit, into sols (limit, 81); the count."""
    cands = np.zeros((82, 81), dtype=np.int32)
    dones = np.zeros((82, 81), dtype=np.int8)
    bcell = np.zeros(82, dtype=np.int32)
    bmask = np.zeros(82, dtype=np.int32)
    for c in range(81):
        cands[0, c] = (1 << (grid[c] - 1)) if grid[c] else FULL
    count = 0
    depth = 0
    fresh = _propagate(cands[0], dones[0], peers, npeers, units, cage_cells, cage_len,
                       cage_total, combo)
    if not fresh:
        return 0
    while True:
        if fresh:
            best = -1
            fewest = 10
            for c in range(81):
                if not dones[depth, c]:
                    k = _bits(cands[depth, c])
                    if k < fewest:
                        best = c
                        fewest = k
            if best < 0:
                for c in range(81):
                    sols[count, c] = _value(cands[depth, c])
                count += 1
                if count >= limit:
                    return count
                bmask[depth] = 0
            else:
                bcell[depth] = best
                bmask[depth] = cands[depth, best]
        fresh = False
        m = bmask[depth]
        if m == 0:
            depth -= 1
            if depth < 0:
                return count
            continue
        bit = m & -m
        bmask[depth] = m ^ bit
        cands[depth + 1] = cands[depth]
        dones[depth + 1] = dones[depth]
        cands[depth + 1, bcell[depth]] = bit
        if _propagate(cands[depth + 1], dones[depth + 1], peers, npeers, units, cage_cells,
                      cage_len, cage_total, combo):
            depth += 1
            fresh = True


def killer_solutions(grid: np.ndarray, cages: Cages, limit: int = 2) -> tuple[int, np.ndarray]:
    """(solutions found up to limit, (limit, 81) int8 of them in the order found)."""
    from ...core.grid import geometry

    cells, lens, totals, _owner, peers, npeers = cage_arrays(cages, 81)
    sols = np.zeros((limit, 81), dtype=np.int8)
    count = killer_core(np.asarray(grid, dtype=np.int8), limit, peers, npeers,
                        geometry(9).arrays()["units"], cells, lens, totals, combo_table(), sols)
    return int(count), sols
