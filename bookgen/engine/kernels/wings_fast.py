"""grade/techniques/wings.py's aligned triple exclusion compiled with numba
(``cache=True``): the same trio and the same removals as the Python finder, which uses it
whenever the numba backend serves on grids of 81 cells or fewer (its table of trios met
grows with the cube of the cells).

Glossary: as grade/techniques/wings.py. ``cands`` holds each cell's candidates as a
bitmask, ``sees`` whether two cells are peers (the grid's peer sets).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import watch_compiles
from .killer_fast import _bits

watch_compiles()


@njit(cache=True)
def _allowed(cands, sees, x, y, z, common, ncommon):
    """Per cell of the trio x < y < z, its candidates that take part in a possible
    combination (wings._exclude)."""
    ok = np.zeros(3, np.int64)
    sees_xy, sees_xz, sees_yz = sees[x, y], sees[x, z], sees[y, z]
    mx = cands[x]
    while mx:
        ba = mx & -mx
        mx ^= ba
        my = cands[y]
        while my:
            bb = my & -my
            my ^= bb
            if ba == bb and sees_xy:
                continue
            barred = (ba if sees_xz else 0) | (bb if sees_yz else 0)
            for k in range(ncommon):
                rest = cands[common[k]] & ~(ba | bb)
                if rest == 0:
                    barred = -1
                    break
                if rest & (rest - 1) == 0:
                    barred |= rest
            free = cands[z] & ~barred
            if free:
                ok[0] |= ba
                ok[1] |= bb
                ok[2] |= free
    return ok


@njit(cache=True)
def aligned_triple_exclusion(cands, sees):
    """The first trio (wings.aligned_triple_exclusion's order) with a candidate in no
    possible combination: (x, y, z, removed from x, from y, from z) as bitmasks, or
    all -1 when there is none."""
    ncells = cands.shape[0]
    count = np.zeros(ncells, np.int64)
    for c in range(ncells):
        count[c] = _bits(cands[c])
    ex = np.zeros((ncells, ncells), np.bool_)
    has = np.zeros(ncells, np.bool_)
    for c in range(ncells):
        if count[c] < 2:
            continue
        single = False
        for p in range(ncells):
            if sees[c, p] and count[p] == 1:
                single = True
                break
        if single:
            continue
        for p in range(ncells):
            if sees[c, p] and 2 <= count[p] <= 3:
                ex[c, p] = True
                has[c] = True
    seen = np.zeros(ncells * ncells * ncells, np.bool_)
    common = np.zeros(ncells, np.int64)
    out = np.full(6, -1, np.int64)
    for a in range(ncells):
        if not has[a]:
            continue
        for b in range(a + 1, ncells):
            if not has[b]:
                continue
            for c in range(ncells):
                if c == a or c == b or not has[c] or not (ex[a, c] or ex[b, c]):
                    continue
                x, y, z = a, b, c
                if z < y:
                    y, z = z, y
                    if y < x:
                        x, y = y, x
                key = (x * ncells + y) * ncells + z
                if seen[key]:
                    continue
                seen[key] = True
                ncommon = 0
                for e in range(ncells):
                    if ex[x, e] and ex[y, e] and ex[z, e]:
                        common[ncommon] = e
                        ncommon += 1
                if ncommon < 2:
                    continue
                ok = _allowed(cands, sees, x, y, z, common, ncommon)
                rx, ry, rz = cands[x] & ~ok[0], cands[y] & ~ok[1], cands[z] & ~ok[2]
                if rx | ry | rz:
                    out[0], out[1], out[2], out[3], out[4], out[5] = x, y, z, rx, ry, rz
                    return out
    return out
