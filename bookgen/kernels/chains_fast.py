"""The numba dynamic forcing-chains search: grade/chains.py's ``_search`` at level 0 on
the changing board (contradiction, double, cell and unit forcing chains), compiled
(``cache=True``). It meets the same conclusions in the same order, with the same
complexities and ancestors; chains.py turns its rows back into its own deductions.

Glossary: as grade/chains.py. A run is the propagation of one assumption, ON or OFF of
one candidate. Every run of the board state is made first, and the nodes it reaches are
kept as rows of a pool: the node key (2 * cand index + on) and its ancestors, a bitset
over node keys in uint64 words; a run's rows follow one another. Run number 2 * a + on
belongs to the a-th candidate of the board.

Conclusion kinds (``KIND_*``): the start's ON run clashed (the candidate is false), its
OFF run clashed (true), both its runs agree (double), every place of a digit in a unit
agrees (unit), every digit of a cell agrees (cell).
"""

from __future__ import annotations

import numpy as np
from numba import njit

KIND_CLASH_ON, KIND_CLASH_OFF, KIND_DOUBLE, KIND_UNIT, KIND_CELL = range(5)

_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_ONE = np.uint64(1)


@njit(cache=True)
def _pop(row):
    """The set bits of a row of uint64 words."""
    total = 0
    for w in range(row.shape[0]):
        x = row[w]
        x = x - ((x >> np.uint64(1)) & _M1)
        x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
        x = (x + (x >> np.uint64(4))) & _M4
        total += int((x * _H01) >> np.uint64(56))
    return total


@njit(cache=True)
def _bits(m):
    k = 0
    while m:
        m &= m - 1
        k += 1
    return k


@njit(cache=True)
def _grow2(a, need):
    if need <= a.shape[0]:
        return a
    b = np.zeros((max(need, 2 * a.shape[0]), a.shape[1]), dtype=a.dtype)
    b[: a.shape[0]] = a
    return b


@njit(cache=True)
def _grow1(a, need):
    if need <= a.shape[0]:
        return a
    b = np.zeros(max(need, 2 * a.shape[0]), dtype=a.dtype)
    b[: a.shape[0]] = a
    return b


@njit(cache=True)
def _run(n, cands, start, on, units_of, unit_cells, peers,
         cur, son, soff, qon, qoff, made_row, made_at, pool, pool_key, npool, clash_row):
    """Propagate ON/OFF(start) on a copy of cands, SE's way: ON nodes first, each queue in
    the order reached, until a clash. The nodes reached go to the pool from row npool on.
    Returns (next free row, clash complexity or 0, pool, pool_key); the clash's ancestors
    are left in clash_row."""
    words = pool.shape[1]
    for c in range(cands.shape[0]):
        cur[c] = cands[c]
    first = npool
    hon = ton = hoff = toff = 0
    pool = _grow2(pool, npool + 1)
    pool_key = _grow1(pool_key, npool + 1)
    key = 2 * start + on
    pool[npool, :] = 0
    pool[npool, key >> 6] |= _ONE << np.uint64(key & 63)
    pool_key[npool] = key
    if on:
        son[start] = npool
        qon[0] = start
        ton = 1
    else:
        soff[start] = npool
        qoff[0] = start
        toff = 1
    npool += 1
    clash = 0
    while clash == 0 and (hon < ton or hoff < toff):
        if hon < ton:
            # ON(i): OFF for the cell's other digits, then for the peers holding d
            i = qon[hon]
            hon += 1
            arow = son[i]
            c = i // n
            d = i % n
            b = 1 << d
            rest = cur[c] & ~b
            k = 0
            while clash == 0:
                if rest:
                    e = 0
                    while not (rest >> e) & 1:
                        e += 1
                    rest &= ~(1 << e)
                    j = c * n + e
                else:
                    if k >= peers.shape[1] or peers[c, k] < 0:
                        break
                    p = peers[c, k]
                    k += 1
                    if not cur[p] & b:
                        continue
                    j = p * n + d
                if son[j] >= 0:
                    for w in range(words):
                        clash_row[w] = pool[son[j], w] | pool[arow, w]
                    clash = _pop(pool[son[j]]) + _pop(pool[arow]) + 1
                elif soff[j] < 0:
                    pool = _grow2(pool, npool + 1)
                    pool_key = _grow1(pool_key, npool + 1)
                    for w in range(words):
                        pool[npool, w] = pool[arow, w]
                    pool[npool, (2 * j) >> 6] |= _ONE << np.uint64((2 * j) & 63)
                    pool_key[npool] = 2 * j
                    soff[j] = npool
                    npool += 1
                    qoff[toff] = j
                    toff += 1
            continue
        # OFF(i): ON for the cell's last digit, and for a unit's last place of d
        i = qoff[hoff]
        hoff += 1
        arow = soff[i]
        c = i // n
        d = i % n
        b = 1 << d
        m = cur[c]
        nmade = 0
        if _bits(m) == 2:
            last = m & ~b
            e = -1
            while last:
                last >>= 1
                e += 1
            for w in range(words):
                made_row[nmade, w] = pool[arow, w]
            gone = cands[c] & ~m
            e2 = 0
            while gone:
                if gone & 1:
                    r = soff[c * n + e2]
                    for w in range(words):
                        made_row[nmade, w] |= pool[r, w]
                gone >>= 1
                e2 += 1
            made_at[nmade] = c * n + e
            nmade += 1
        for uk in range(units_of.shape[1]):
            u = units_of[c, uk]
            if u < 0:
                break
            other = -1
            for qk in range(unit_cells.shape[1]):
                q = unit_cells[u, qk]
                if q < 0:
                    break
                if q != c and cur[q] & b:
                    if other >= 0:
                        other = -2
                        break
                    other = q
            if other >= 0:
                for w in range(words):
                    made_row[nmade, w] = pool[arow, w]
                for qk in range(unit_cells.shape[1]):
                    q = unit_cells[u, qk]
                    if q < 0:
                        break
                    if cands[q] & b and not cur[q] & b:
                        r = soff[q * n + d]
                        for w in range(words):
                            made_row[nmade, w] |= pool[r, w]
                made_at[nmade] = other * n + d
                nmade += 1
        cur[c] = m & ~b
        for k in range(nmade):
            j = made_at[k]
            if soff[j] >= 0:
                for w in range(words):
                    clash_row[w] = pool[soff[j], w] | made_row[k, w]
                clash = _pop(pool[soff[j]]) + _pop(made_row[k]) + 1
                break
            if son[j] < 0:
                pool = _grow2(pool, npool + 1)
                pool_key = _grow1(pool_key, npool + 1)
                for w in range(words):
                    pool[npool, w] = made_row[k, w]
                pool[npool, (2 * j + 1) >> 6] |= _ONE << np.uint64((2 * j + 1) & 63)
                pool_key[npool] = 2 * j + 1
                son[j] = npool
                npool += 1
                qon[ton] = j
                ton += 1
    for r in range(first, npool):  # clear the dense maps for the next run
        if pool_key[r] & 1:
            son[pool_key[r] >> 1] = -1
        else:
            soff[pool_key[r] >> 1] = -1
    return npool, clash, pool, pool_key


@njit(cache=True)
def _common(runs, nruns, pol, skip, nskip, first, end, pool_key, pos, keys, at):
    """The cand indices reached with polarity pol (1: ON) by every run of runs[:nruns],
    apart from skip[:nskip], ascending, into keys, with at[k, x] the row of keys[k] in
    runs[x]: their number. pos is a scratch map from node key to row, all -1."""
    count = 0
    r0 = runs[0]
    for x in range(first[r0], end[r0]):
        key = pool_key[x]
        if key & 1 != pol:
            continue
        j = key >> 1
        ok = True
        for t in range(nskip):
            if skip[t] == j:
                ok = False
                break
        if ok:
            keys[count] = j
            at[count, 0] = x
            count += 1
    for t in range(1, nruns):
        if count == 0:
            break
        r = runs[t]
        for x in range(first[r], end[r]):
            pos[pool_key[x]] = x
        kept = 0
        for k in range(count):
            x = pos[2 * keys[k] + pol]
            if x >= 0:
                keys[kept] = keys[k]
                for y in range(t):
                    at[kept, y] = at[k, y]
                at[kept, t] = x
                kept += 1
        count = kept
        for x in range(first[r], end[r]):
            pos[pool_key[x]] = -1
    order = np.argsort(keys[:count], kind="mergesort")
    keys[:count] = keys[:count][order]
    at[:count] = at[:count][order]
    return count


@njit(cache=True)
def _nunits(units_of, c):
    k = 0
    while k < units_of.shape[1] and units_of[c, k] >= 0:
        k += 1
    return k


@njit(cache=True)
def _emit(out, anc, nout, kind, pol, a, b, nr, keys, at, count, pool):
    """Add a conclusion for each of keys[:count], resting on its rows at[k, :nr]: its
    complexity is their ancestor counts added, its ancestors their union."""
    words = pool.shape[1]
    out = _grow2(out, nout + count)
    anc = _grow2(anc, nout + count)
    for t in range(count):
        j = keys[t]
        size = 0
        anc[nout, :] = 0
        for x in range(nr):
            row = at[t, x]
            size += _pop(pool[row])
            for w in range(words):
                anc[nout, w] |= pool[row, w]
        out[nout, 0] = kind
        out[nout, 1] = j
        out[nout, 2] = pol
        out[nout, 3] = size
        out[nout, 4] = a
        out[nout, 5] = b
        nout += 1
    return out, anc, nout


@njit(cache=True)
def search(n, cands, units_of, unit_cells, peers, words):
    """Every conclusion of the dynamic forcing-chains search on the board state cands, in
    chains.py's order: (kind, target, on, size, a, b) rows and their ancestors' rows. a is
    the start's cand index (clash, double), the unit (unit) or the cell (cell); b is the
    unit's digit index."""
    ncells = cands.shape[0]
    ncand = ncells * n
    number = np.full(ncand, -1, np.int64)
    nalive = 0
    for c in range(ncells):
        for e in range(n):
            if (cands[c] >> e) & 1:
                number[c * n + e] = nalive
                nalive += 1
    nruns = 2 * nalive
    first = np.zeros(nruns, np.int64)
    end = np.zeros(nruns, np.int64)
    clash = np.zeros(nruns, np.int64)
    clash_rows = np.zeros((nruns, words), np.uint64)
    pos = np.full(2 * ncand, -1, np.int64)
    at = np.zeros((ncand, n + 1), np.int64)
    pool = np.zeros((1024, words), np.uint64)
    pool_key = np.zeros(1024, np.int64)
    npool = 0
    cur = np.zeros(ncells, np.int64)
    son = np.full(ncand, -1, np.int64)
    soff = np.full(ncand, -1, np.int64)
    qon = np.zeros(ncand, np.int64)
    qoff = np.zeros(ncand, np.int64)
    made_row = np.zeros((units_of.shape[1] + 1, words), np.uint64)
    made_at = np.zeros(units_of.shape[1] + 1, np.int64)
    for s in range(ncand):
        if number[s] < 0:
            continue
        for on in range(2):
            r = 2 * number[s] + on
            first[r] = npool
            npool, clash[r], pool, pool_key = _run(
                n, cands, s, on, units_of, unit_cells, peers, cur, son, soff, qon, qoff,
                made_row, made_at, pool, pool_key, npool, clash_rows[r])
            end[r] = npool
    cap = 256
    out = np.zeros((cap, 6), np.int64)
    anc = np.zeros((cap, words), np.uint64)
    nout = 0
    runs = np.zeros(n + 1, np.int64)
    skip = np.zeros(n + 1, np.int64)
    keys = np.zeros(ncand, np.int64)
    for c in range(ncells):
        m = cands[c]
        k = _bits(m)
        if k < 2:
            continue
        for d in range(n):
            if not (m >> d) & 1:
                continue
            s = c * n + d
            ron = 2 * number[s] + 1
            roff = 2 * number[s]
            # a contradiction of each run; then what both runs agree on; then the units
            for r, kind, on in ((ron, KIND_CLASH_ON, 0), (roff, KIND_CLASH_OFF, 1)):
                if clash[r]:
                    out = _grow2(out, nout + 1)
                    anc = _grow2(anc, nout + 1)
                    out[nout, 0] = kind
                    out[nout, 1] = s
                    out[nout, 2] = on
                    out[nout, 3] = clash[r]
                    out[nout, 4] = s
                    out[nout, 5] = -1
                    anc[nout, :] = clash_rows[r]
                    nout += 1
            groups = 1 if k >= 3 else 0
            for g in range(groups + _nunits(units_of, c)):
                if g < groups:
                    runs[0] = ron
                    runs[1] = roff
                    nr = 2
                    kind = KIND_DOUBLE
                    a = s
                    b = -1
                else:
                    u = units_of[c, g - groups]
                    nr = 0
                    lead = -1
                    for qk in range(unit_cells.shape[1]):
                        q = unit_cells[u, qk]
                        if q < 0:
                            break
                        if (cands[q] >> d) & 1:
                            if lead < 0:
                                lead = q
                            runs[nr] = 2 * number[q * n + d] + 1
                            skip[nr] = q * n + d
                            nr += 1
                    if nr < 2 or lead != c:
                        continue
                    kind = KIND_UNIT
                    a = u
                    b = d
                for pol in (1, 0):
                    if kind == KIND_DOUBLE:
                        nskip = 1 - pol
                        skip[0] = s
                    else:
                        nskip = nr
                    count = _common(runs, nr, pol, skip, nskip, first, end, pool_key, pos,
                                    keys, at)
                    out, anc, nout = _emit(out, anc, nout, kind, pol, a, b, nr, keys, at,
                                           count, pool)
        # the cell: every digit's ON run
        nr = 0
        for d in range(n):
            if (m >> d) & 1:
                runs[nr] = 2 * number[c * n + d] + 1
                skip[nr] = c * n + d
                nr += 1
        for pol in (1, 0):
            count = _common(runs, nr, pol, skip, nr, first, end, pool_key, pos, keys, at)
            out, anc, nout = _emit(out, anc, nout, KIND_CELL, pol, c, -1, nr, keys, at,
                                   count, pool)
    return out[:nout], anc[:nout]




@njit(cache=True)
def needed(n, src, cands, units_of, unit_cells, ancs):
    """Per row of ancestors (ON and OFF node keys), the removals from src to cands that the
    ON nodes among them needed, as rows of cand-index bits: an ON node's cell's removed
    digits when the cell is down to two, else its digit's removed places in the first
    unit (in units_of's order) where two or fewer are left (chains.py's rule parents)."""
    ncells = cands.shape[0]
    ncand = ncells * n
    words = (ncand + 63) // 64
    share = np.zeros((ncand, words), np.uint64)
    done = np.zeros(ncand, np.bool_)
    out = np.zeros((ancs.shape[0], words), np.uint64)
    for r in range(ancs.shape[0]):
        for w in range(ancs.shape[1]):
            x = ancs[r, w] & np.uint64(0xAAAAAAAAAAAAAAAA)  # the ON keys
            bit = 0
            while x:
                while not (x >> np.uint64(bit)) & _ONE:
                    bit += 1
                x &= ~(_ONE << np.uint64(bit))
                i = (64 * w + bit) >> 1
                if i >= ncand:
                    break
                if not done[i]:
                    done[i] = True
                    c = i // n
                    d = i % n
                    if _bits(cands[c]) <= 2:
                        gone = src[c] & ~cands[c]
                        for e in range(n):
                            if (gone >> e) & 1:
                                j = c * n + e
                                share[i, j >> 6] |= _ONE << np.uint64(j & 63)
                    else:
                        for uk in range(units_of.shape[1]):
                            u = units_of[c, uk]
                            if u < 0:
                                break
                            places = 0
                            for qk in range(unit_cells.shape[1]):
                                q = unit_cells[u, qk]
                                if q >= 0 and (cands[q] >> d) & 1:
                                    places += 1
                            if places <= 2:
                                for qk in range(unit_cells.shape[1]):
                                    q = unit_cells[u, qk]
                                    if q >= 0 and (src[q] >> d) & 1 and not (cands[q] >> d) & 1:
                                        j = q * n + d
                                        share[i, j >> 6] |= _ONE << np.uint64(j & 63)
                                break
                for v in range(words):
                    out[r, v] |= share[i, v]
    return out
