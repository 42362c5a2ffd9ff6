"""grade/techniques/wings.py's aligned pair and triple exclusions and its WXYZ- to
TUVWXYZ-wings compiled with numba (``cache=True``): the same steps as the Python finders,
which use them whenever the numba backend serves on grids of 81 cells or fewer. The pair
exclusion's kernel only finds the pair: the Python finder words its step.

Glossary: as grade/techniques/wings.py. ``cands`` holds each cell's candidates as a
bitmask, ``sees`` whether two cells are peers (the grid's peer sets).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import watch_compiles
from .chains_fast import _low_index
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
def _first_visit(ex, a, b, c):
    """Whether aligned_triple_exclusion's loop meets the trio of its cells a < b and c
    first at (a, b, c): of the trio x < y < z it meets (x, y, z), (x, z, y) and (y, z, x),
    in that order, each when its third cell is an excluder of one of the other two."""
    if c > b:
        return True
    if ex[a, b] or ex[c, b]:  # (c between a and b) or (c below a): (x, y, z) came first
        return False
    return c > a or not (ex[c, a] or ex[b, a])  # c below a: and (x, z, y)


@njit(cache=True)
def aligned_triple_exclusion(cands, sees):
    """The first trio (wings.aligned_triple_exclusion's order) with a candidate in no
    possible combination: (x, y, z, removed from x, from y, from z) as bitmasks, or
    all -1 when there is none."""
    ncells = cands.shape[0]
    words = (ncells + 63) // 64
    count = np.zeros(ncells, np.int64)
    for c in range(ncells):
        count[c] = _bits(cands[c])
    ex = np.zeros((ncells, ncells), np.bool_)
    ex_bits = np.zeros((ncells, words), np.uint64)
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
                ex_bits[c, p >> 6] |= np.uint64(1) << np.uint64(p & 63)
                has[c] = True
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
                if not _first_visit(ex, a, b, c):
                    continue
                x, y, z = a, b, c
                if z < y:
                    y, z = z, y
                    if y < x:
                        x, y = y, x
                ncommon = 0
                for w in range(words):
                    both = ex_bits[x, w] & ex_bits[y, w] & ex_bits[z, w]
                    while both:
                        low = both & (~both + np.uint64(1))
                        both ^= low
                        common[ncommon] = 64 * w + _low_index(low)
                        ncommon += 1
                if ncommon < 2:
                    continue
                ok = _allowed(cands, sees, x, y, z, common, ncommon)
                rx, ry, rz = cands[x] & ~ok[0], cands[y] & ~ok[1], cands[z] & ~ok[2]
                if rx | ry | rz:
                    out[0], out[1], out[2], out[3], out[4], out[5] = x, y, z, rx, ry, rz
                    return out
    return out


@njit(cache=True)
def aligned_pair_exclusion(cands, sees, units):
    """The first pair (wings.aligned_pair_exclusion's order: units in turn, the pairs of
    a unit's open cells in its order, a pair met in an earlier unit skipped) with a
    candidate that takes part in no possible pair of digits: (unit, cell, cell), or all -1
    when there is none. units: each unit's cells in its order, padded with -1."""
    ncells = cands.shape[0]
    seen = np.zeros((ncells, ncells), np.bool_)
    empty = np.zeros(units.shape[1], np.int64)
    blockers = np.zeros(ncells, np.int64)
    out = np.full(3, -1, np.int64)
    for u in range(units.shape[0]):
        nempty = 0
        for k in range(units.shape[1]):
            c = units[u, k]
            if c >= 0 and cands[c]:
                empty[nempty] = c
                nempty += 1
        for i in range(nempty):
            a = empty[i]
            for j in range(i + 1, nempty):
                b = empty[j]
                if seen[a, b]:
                    continue
                seen[a, b] = True
                nblock = 0
                for c in range(ncells):
                    if sees[a, c] and sees[b, c] and _bits(cands[c]) == 2:
                        blockers[nblock] = cands[c]
                        nblock += 1
                ok_a = ok_b = 0
                ma = cands[a]
                while ma:
                    da = ma & -ma
                    ma ^= da
                    mb = cands[b]
                    while mb:
                        db = mb & -mb
                        mb ^= db
                        if da == db:
                            continue
                        blocked = False
                        for k in range(nblock):
                            if blockers[k] == da | db:
                                blocked = True
                                break
                        if not blocked:
                            ok_a |= da
                            ok_b |= db
                if cands[a] & ~ok_a or cands[b] & ~ok_b:
                    out[0], out[1], out[2] = u, a, b
                    return out
    return out


@njit(cache=True)
def _seeing_all(sees, cells, ncells_in, c):
    """Whether cell c sees every one of cells[:ncells_in]."""
    for i in range(ncells_in):
        if not sees[cells[i], c]:
            return False
    return True


@njit(cache=True)
def als_wing(cands, sees, size, graded, base):
    """wings._als_wing's search: the almost locked sets of size - 1 mutually visible cells
    holding size digits, in its order, each with each bivalue cell near it; the
    lowest-rated deduction in tenths (base, plus the spread when graded), then the one
    removing most, the first met of equals. Returns (found, its set's largest candidate
    count), its cells (the set's, then the bivalue cell's), its digits as a bitmask, and
    its removals as rows (cell, digit index) in the order of cells, then digits."""
    ncells = cands.shape[0]
    k = size - 1
    limit = size
    mid = (size + 2) // 2
    count = np.zeros(ncells, np.int64)
    for c in range(ncells):
        count[c] = _bits(cands[c])
    chosen = np.zeros(k, np.int64)
    union = np.zeros(k, np.int64)
    nxt = np.zeros(k + 1, np.int64)
    in_als = np.zeros(ncells, np.bool_)
    near = np.zeros(ncells, np.bool_)
    held = np.zeros(k, np.int64)
    removed = np.zeros((ncells * 32, 2), np.int64)
    best_value = np.int64(1 << 40)
    best_elim = np.zeros((0, 2), np.int64)
    best_cells = np.zeros(size, np.int64)
    best_union = 0
    best_big = 0
    for c0 in range(ncells):
        if not 2 <= count[c0] <= limit:
            continue
        chosen[0] = c0
        union[0] = cands[c0]
        depth = 1
        nxt[1] = c0 + 1
        while depth >= 1:
            x = nxt[depth]
            while x < ncells:
                if (2 <= count[x] <= limit and _seeing_all(sees, chosen, depth, x)
                        and _bits(union[depth - 1] | cands[x]) <= limit):
                    break
                x += 1
            if x >= ncells:
                depth -= 1
                continue
            nxt[depth] = x + 1
            chosen[depth] = x
            union[depth] = union[depth - 1] | cands[x]
            if depth < k - 1:
                depth += 1
                nxt[depth] = x + 1
                continue
            u = union[depth]
            if _bits(u) != limit:
                continue
            # one almost locked set: chosen[:k], its digits u
            biggest = 0
            for i in range(k):
                biggest = max(biggest, count[chosen[i]])
            value = base + ((size - mid) - abs(mid - biggest) if graded else 0)
            if value > best_value:
                continue
            in_als[:] = False
            near[:] = False
            for i in range(k):
                in_als[chosen[i]] = True
                for q in range(ncells):
                    if sees[chosen[i], q]:
                        near[q] = True
            for yz in range(ncells):
                m = cands[yz]
                if count[yz] != 2 or not near[yz] or in_als[yz] or m & u != m:
                    continue
                low = m & -m
                lx = lz = True
                for i in range(k):
                    if not sees[chosen[i], yz]:  # outside: a set cell yz does not see
                        if cands[chosen[i]] & low:
                            lx = False
                        if cands[chosen[i]] & (m ^ low):
                            lz = False
                if not (lx or lz):
                    continue
                nrem = 0
                for dbit in range(32):
                    b = np.int64(1) << dbit
                    if not u & b:
                        continue
                    if b & m:
                        # the bivalue cell's digit d is removed when the other one links
                        if not (lx if b != low else lz):
                            continue
                        with_yz = True
                    elif lx and lz:
                        with_yz = False
                    else:
                        continue
                    nh = 0
                    for i in range(k):
                        if cands[chosen[i]] & b:
                            held[nh] = chosen[i]
                            nh += 1
                    for q in range(ncells):
                        if in_als[q] or q == yz or not cands[q] & b:
                            continue
                        if with_yz and not sees[yz, q]:
                            continue
                        if _seeing_all(sees, held, nh, q):
                            removed[nrem, 0] = q
                            removed[nrem, 1] = dbit
                            nrem += 1
                if nrem == 0:
                    continue
                if value < best_value or (value == best_value and nrem > best_elim.shape[0]):
                    order = np.argsort(removed[:nrem, 0] * 32 + removed[:nrem, 1])
                    best_elim = removed[:nrem][order].copy()
                    best_value = value
                    best_cells[:k] = chosen
                    best_cells[k] = yz
                    best_union = u
                    best_big = biggest
    return best_elim.shape[0] > 0, best_big, best_cells, best_union, best_elim
