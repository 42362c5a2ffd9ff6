"""grade/techniques/chains.py's chain searches compiled with numba (``cache=True``), each giving
what its Python counterpart gives, in the same order; chains.py turns the rows back into
its own values and uses these whenever the numba backend serves:

  search          the dynamic forcing-chains search at level 0 (``_search``):
                  contradiction, double, cell and unit forcing chains; or the static
                  cell and unit forcing chains from some cells
  nested_found    what a nested search at levels 3 and 4 may add to an outer chain
                  (``_Chaining._nested``): the search's conclusions sorted, one per set
                  of removals, each named by what it rests on
  nested_adds     of those, what one outer chain adds: the new removals, with the
                  removals each needed (``needed``, as ``_RuleParents``)
  forcing_chains  the shortest forcing chain from every start (``_every_chain``)
  cycles          the bidirectional cycles that remove something (``_every_cycle``)
  may_conclude    the cells a static multiple search may conclude from (``_may_conclude``)
  plus_rules      the level-1 rules on an assumed board (``_Chaining._level_one``), on
                  classic and jigsaw grids

Glossary: as grade/techniques/chains.py. A bitset is a row of uint64 words. A run is the
propagation of one assumption, ON or OFF of one candidate. ``search`` makes every run it
reads first and keeps the nodes each reaches as rows of a pool: the node key (2 * cand
index + on) and its ancestors, a bitset over the board's nodes (bit 2 * a + on for the
a-th candidate of the board); a run's rows follow one another. Run number 2 * a + on
belongs to the a-th candidate of the board.

Conclusion kinds (``KIND_*``): the start's ON run clashed (the candidate is false), its
OFF run clashed (true), both its runs agree (double), every place of a digit in a unit
agrees (unit), every digit of a cell agrees (cell).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import watch_compiles
from .killer_fast import _bits

watch_compiles()

KIND_CLASH_ON, KIND_CLASH_OFF, KIND_DOUBLE, KIND_UNIT, KIND_CELL = range(5)
TIE_RANK = np.array([7, 7, 1, 6, 5], np.int64)
"""Per kind, the rank SE breaks ties of rating and complexity with (chains.py's
_tie_rank): double, cell, unit, then clash."""

_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


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
def _two_places(cands, cells, d):
    """The places of digit d (0-based) among cells (padded with -1): (how many, the first
    and the last of them in the cells' order)."""
    first = last = -1
    count = 0
    for q in cells:
        if q >= 0 and (cands[q] >> d) & 1:
            count += 1
            if first < 0:
                first = q
            last = q
    return count, first, last


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
def _run(n, cands, number, start, on, dynamic, y_links, units_of, near, places, given,
         unit_mask, groups, cur, son, soff, qon, qoff, made_row, made_at, pool, pool_key,
         npool, clash_row):
    """Propagate ON/OFF(start) on a copy of cands (changed by each OFF node when
    dynamic, else as it is), SE's way: ON nodes first, each queue in the order reached,
    until a clash; the links inside a cell only with y_links (Nishio has none). The nodes
    reached go to the pool from row npool on; their ancestors are bits
    2 * number[cand index] + on (the candidates of cands numbered in turn). Returns
    (next free row, clash complexity or 0, pool, pool_key); the clash's ancestors are
    left in clash_row. The cell masks (_cell_masks): given, each digit's places in cands;
    places, the same kept as cur changes; unit_mask, each unit's cells; groups, each
    cell's peers."""
    words = pool.shape[1]
    for c in range(cands.shape[0]):
        cur[c] = cands[c]
    wc = places.shape[1]
    for d in range(n):
        for w in range(wc):
            places[d, w] = given[d, w]
    first = npool
    hon = ton = hoff = toff = 0
    pool = _grow2(pool, npool + 1)
    pool_key = _grow1(pool_key, npool + 1)
    bit = 2 * number[start] + on
    pool[npool, :] = 0
    pool[npool, bit >> 6] |= _ONE << np.uint64(bit & 63)
    pool_key[npool] = 2 * start + on
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
            # ON(i): OFF for the cell's other digits, then for the peers holding d, then
            # for the digits one apart in its non-consecutive neighbours (d + 1 first)
            i = qon[hon]
            hon += 1
            arow = son[i]
            c = i // n
            d = i % n
            b = 1 << d
            rest = cur[c] & ~b if y_links else 0
            # the peers holding d: each group's cells from the lowest (_cell_masks)
            gi = 0
            gw = -1
            gx = _ZERO
            peering = True
            g = 0
            while clash == 0:
                if rest:
                    e = 0
                    while not (rest >> e) & 1:
                        e += 1
                    rest &= ~(1 << e)
                    j = c * n + e
                elif peering:
                    while gx == 0:
                        gw += 1
                        if gw == wc:
                            gw = 0
                            gi += 1
                        if gi >= groups.shape[1]:
                            break
                        gx = groups[c, gi, gw] & places[d, gw]
                    if gx == 0:
                        peering = False
                        continue
                    low = gx & (~gx + _ONE)
                    gx ^= low
                    j = (64 * gw + _low_index(low)) * n + d
                else:
                    if g >= 2 * near.shape[1] or near[c, g >> 1] < 0:
                        break
                    p = near[c, g >> 1]
                    e = d + 1 - 2 * (g & 1)
                    g += 1
                    if e < 0 or e >= n or not (cur[p] >> e) & 1:
                        continue
                    j = p * n + e
                if son[j] >= 0:
                    for w in range(words):
                        clash_row[w] = pool[son[j], w] | pool[arow, w]
                    clash = _pop(pool[son[j]]) + _pop(pool[arow]) + 1
                elif soff[j] < 0:
                    pool = _grow2(pool, npool + 1)
                    pool_key = _grow1(pool_key, npool + 1)
                    for w in range(words):
                        pool[npool, w] = pool[arow, w]
                    bit = 2 * number[j]
                    pool[npool, bit >> 6] |= _ONE << np.uint64(bit & 63)
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
        if y_links and _bits(m) == 2:
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
        # a unit's last place of d other than c; the places of d in the unit that the
        # run removed are its hidden parents
        cw = c >> 6
        cb = _ONE << np.uint64(c & 63)
        for uk in range(units_of.shape[1]):
            u = units_of[c, uk]
            if u < 0:
                break
            other = -1
            for w in range(wc):
                x = places[d, w] & unit_mask[u, w]
                if w == cw:
                    x &= ~cb
                if x:
                    if other != -1 or x & (x - _ONE):
                        other = -2
                        break
                    other = 64 * w + _low_index(x)
            if other >= 0:
                for w in range(words):
                    made_row[nmade, w] = pool[arow, w]
                for w in range(wc):
                    x = given[d, w] & unit_mask[u, w] & ~places[d, w]
                    while x:
                        low = x & (~x + _ONE)
                        x ^= low
                        r = soff[(64 * w + _low_index(low)) * n + d]
                        for v in range(words):
                            made_row[nmade, v] |= pool[r, v]
                made_at[nmade] = other * n + d
                nmade += 1
        if dynamic:
            cur[c] = m & ~b
            places[d, cw] &= ~cb
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
                bit = 2 * number[j] + 1
                pool[npool, bit >> 6] |= _ONE << np.uint64(bit & 63)
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
def _cell_masks(n, cands, unit_cells, peers):
    """Rows of cell bits (uint64 words) that _run reads: each digit's places in cands,
    each unit's cells, and each cell's peers cut into groups of rising cell numbers, so
    that walking the groups in turn, each from its lowest bit, meets the peers in
    peers[c]'s order (SE's: box, row, column, then the pair rules' cells)."""
    ncells = cands.shape[0]
    wc = (ncells + 63) // 64
    given = np.zeros((n, wc), np.uint64)
    for c in range(ncells):
        for e in range(n):
            if (cands[c] >> e) & 1:
                given[e, c >> 6] |= _ONE << np.uint64(c & 63)
    unit_mask = np.zeros((unit_cells.shape[0], wc), np.uint64)
    for u in range(unit_cells.shape[0]):
        for q in unit_cells[u]:
            if q >= 0:
                unit_mask[u, q >> 6] |= _ONE << np.uint64(q & 63)
    ngroups = 1
    for c in range(ncells):
        k = 1
        for x in range(1, peers.shape[1]):
            if peers[c, x] < 0:
                break
            if peers[c, x] < peers[c, x - 1]:
                k += 1
        ngroups = max(ngroups, k)
    groups = np.zeros((ncells, ngroups, wc), np.uint64)
    for c in range(ncells):
        g = 0
        for x in range(peers.shape[1]):
            q = peers[c, x]
            if q < 0:
                break
            if x > 0 and q < peers[c, x - 1]:
                g += 1
            groups[c, g, q >> 6] |= _ONE << np.uint64(q & 63)
    return given, unit_mask, groups


@njit(cache=True)
def _common(runs, nruns, pol, skip, nskip, first, end, pool_key, pos, keys, at, reach,
            number):
    """The cand indices reached with polarity pol (1: ON) by every run of runs[:nruns],
    apart from skip[:nskip], in the order the first run reached them (SE's), into keys,
    with at[k, x] the row of keys[k] in runs[x]: their number. pos is a scratch map from
    node key to row, all -1; reach[pol, r] the bits number[cand index] run r reached with
    polarity pol (most runs share nothing: their bits tell at once)."""
    shared = False
    for w in range(reach.shape[2]):
        x = reach[pol, runs[0], w]
        for t in range(1, nruns):
            x &= reach[pol, runs[t], w]
        for t in range(nskip):
            bit = number[skip[t]]
            if bit >> 6 == w:
                x &= ~(_ONE << np.uint64(bit & 63))
        if x:
            shared = True
            break
    if not shared:
        return 0
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
def _wanted(n, cands, number, units_of, unit_cells, dynamic, able):
    """The runs a search reads (run 2 * number[cand index] + on): all when dynamic; else
    the ON runs of the candidates of each marked cell with three or more, and of each
    digit's places in the units such a cell opens (holds the digit's first place of)."""
    want = np.full(2 * np.sum(number >= 0), dynamic)
    if dynamic:
        return want
    for c in range(cands.shape[0]):
        m = cands[c]
        if not able[c] or _bits(m) < 3:
            continue
        for d in range(n):
            if not (m >> d) & 1:
                continue
            want[2 * number[c * n + d] + 1] = True
            for u in units_of[c]:
                if u < 0:
                    break
                count, lead, _last = _two_places(cands, unit_cells[u], d)
                if count >= 2 and lead == c:
                    for q in unit_cells[u]:
                        if q >= 0 and (cands[q] >> d) & 1:
                            want[2 * number[q * n + d] + 1] = True
    return want


@njit(cache=True)
def search(n, cands, units_of, unit_cells, peers, near, words, dynamic, able, nishio=False):
    """Every conclusion of the dynamic forcing-chains search on the board state cands
    (or with dynamic False, of the static cell and unit forcing chains from the cells
    marked in able, as at nested level 3; or with nishio, the contradictions of Nishio's
    runs, no links inside cells), in chains.py's order: (kind, target, on,
    size, a, b) rows and their ancestors' rows. a is the start's cand index (clash,
    double), the unit (unit) or the cell (cell); b is the unit's digit index. The
    ancestors are node keys, in rows of `words` words; inside, the runs keep them as
    bits over the board's candidates only, far fewer."""
    ncells = cands.shape[0]
    ncand = ncells * n
    number = np.full(ncand, -1, np.int64)
    nalive = 0
    for c in range(ncells):
        for e in range(n):
            if (cands[c] >> e) & 1:
                number[c * n + e] = nalive
                nalive += 1
    narrow = max(1, (2 * nalive + 63) // 64)
    nruns = 2 * nalive
    first = np.zeros(nruns, np.int64)
    end = np.zeros(nruns, np.int64)
    clash = np.zeros(nruns, np.int64)
    clash_rows = np.zeros((nruns, narrow), np.uint64)
    pos = np.full(2 * ncand, -1, np.int64)
    at = np.zeros((ncand, n + 1), np.int64)
    pool = np.zeros((1024, narrow), np.uint64)
    pool_key = np.zeros(1024, np.int64)
    npool = 0
    cur = np.zeros(ncells, np.int64)
    son = np.full(ncand, -1, np.int64)
    soff = np.full(ncand, -1, np.int64)
    qon = np.zeros(ncand, np.int64)
    qoff = np.zeros(ncand, np.int64)
    made_row = np.zeros((units_of.shape[1] + 1, narrow), np.uint64)
    made_at = np.zeros(units_of.shape[1] + 1, np.int64)
    given, unit_mask, groups = _cell_masks(n, cands, unit_cells, peers)
    places = np.empty_like(given)  # each run starts it from given
    want = _wanted(n, cands, number, units_of, unit_cells, dynamic, able)
    reach = np.zeros((2, nruns, (nalive + 63) // 64), np.uint64)
    for s in range(ncand):
        if number[s] < 0:
            continue
        for on in range(2):
            r = 2 * number[s] + on
            if not want[r]:
                continue
            first[r] = npool
            npool, clash[r], pool, pool_key = _run(
                n, cands, number, s, on, dynamic, not nishio, units_of, near, places, given,
                unit_mask, groups, cur, son, soff, qon, qoff, made_row, made_at, pool,
                pool_key, npool, clash_rows[r])
            end[r] = npool
            for x in range(first[r], npool):
                bit = number[pool_key[x] >> 1]
                reach[pool_key[x] & 1, r, bit >> 6] |= _ONE << np.uint64(bit & 63)
    cap = 256
    out = np.zeros((cap, 6), np.int64)
    anc = np.zeros((cap, narrow), np.uint64)
    nout = 0
    runs = np.zeros(n + 1, np.int64)
    skip = np.zeros(n + 1, np.int64)
    keys = np.zeros(ncand, np.int64)
    for c in range(ncells):
        m = cands[c]
        k = _bits(m)
        if k < 2 or not dynamic and (k == 2 or not able[c]):
            continue
        for d in range(n):
            if not (m >> d) & 1:
                continue
            s = c * n + d
            ron = 2 * number[s] + 1
            roff = 2 * number[s]
            # a contradiction of each run; then what both runs agree on; then the units
            for r, kind, on in ((ron, KIND_CLASH_ON, 0), (roff, KIND_CLASH_OFF, 1)):
                if dynamic and clash[r]:
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
            if nishio:
                continue
            groups = 1 if k >= 3 and dynamic else 0
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
                                    keys, at, reach, number)
                    out, anc, nout = _emit(out, anc, nout, kind, pol, a, b, nr, keys, at,
                                           count, pool)
        if nishio:
            continue
        # the cell: every digit's ON run
        nr = 0
        for d in range(n):
            if (m >> d) & 1:
                runs[nr] = 2 * number[c * n + d] + 1
                skip[nr] = c * n + d
                nr += 1
        for pol in (1, 0):
            count = _common(runs, nr, pol, skip, nr, first, end, pool_key, pos, keys, at,
                            reach, number)
            out, anc, nout = _emit(out, anc, nout, KIND_CELL, pol, c, -1, nr, keys, at,
                                   count, pool)
    return out[:nout], _widen(anc[:nout], number, words)


@njit(cache=True)
def _widen(rows, number, words):
    """Rows of bits 2 * number[i] + on as rows of node keys 2 * i + on, `words` wide."""
    cand = np.zeros(number.shape[0], np.int64)
    for i in range(number.shape[0]):
        if number[i] >= 0:
            cand[number[i]] = i
    out = np.zeros((rows.shape[0], words), np.uint64)
    for r in range(rows.shape[0]):
        for w in range(rows.shape[1]):
            x = rows[r, w]
            while x:
                low = x & (~x + _ONE)
                x ^= low
                b = 64 * w + _low_index(low)
                key = 2 * cand[b >> 1] + (b & 1)
                out[r, key >> 6] |= _ONE << np.uint64(key & 63)
    return out


@njit(cache=True)
def _share_places(n, src, cands, unit_cells, u, d, row):
    """Add to row (cand-index bits) digit d's places in unit u removed from src to cands."""
    for qk in range(unit_cells.shape[1]):
        q = unit_cells[u, qk]
        if q >= 0 and (src[q] >> d) & 1 and not (cands[q] >> d) & 1:
            j = q * n + d
            row[j >> 6] |= _ONE << np.uint64(j & 63)


@njit(cache=True)
def _share_cell(n, src, cands, c, row):
    """Add to row (cand-index bits) cell c's digits removed from src to cands."""
    gone = src[c] & ~cands[c]
    for e in range(n):
        if (gone >> e) & 1:
            j = c * n + e
            row[j >> 6] |= _ONE << np.uint64(j & 63)


@njit(cache=True)
def needed(n, src, cands, units_of, unit_cells, rows, ancs):
    """Per conclusion (search's rows and their rows of ancestors, ON and OFF node keys),
    the removals from src to cands that it needed, as rows of cand-index bits
    (chains.py's _RuleParents): for each ON node among its ancestors, the node's cell's
    removed digits when the cell is down to two, else its digit's removed places in the
    first unit (in units_of's order) where two or fewer are left; but for the
    conclusion's assumptions, the cell's removed digits (cell), the digit's removed
    places in the unit (unit), or nothing (clash, double)."""
    ncells = cands.shape[0]
    ncand = ncells * n
    words = (ncand + 63) // 64
    share = np.zeros((ncand, words), np.uint64)
    done = np.zeros(ncand, np.bool_)
    out = np.zeros((ancs.shape[0], words), np.uint64)
    assumed = np.zeros(ancs.shape[1], np.uint64)
    for r in range(ancs.shape[0]):
        kind, target, on, size, a, b = rows[r]
        assumed[:] = 0
        if kind == KIND_CELL:
            _share_cell(n, src, cands, a, out[r])
            for e in range(n):
                if (cands[a] >> e) & 1:
                    key = 2 * (a * n + e) + 1
                    assumed[key >> 6] |= _ONE << np.uint64(key & 63)
        elif kind == KIND_UNIT:
            _share_places(n, src, cands, unit_cells, a, b, out[r])
            for qk in range(unit_cells.shape[1]):
                q = unit_cells[a, qk]
                if q >= 0 and (cands[q] >> b) & 1:
                    key = 2 * (q * n + b) + 1
                    assumed[key >> 6] |= _ONE << np.uint64(key & 63)
        elif kind != KIND_CLASH_OFF:
            key = 2 * a + 1
            assumed[key >> 6] |= _ONE << np.uint64(key & 63)
        for w in range(ancs.shape[1]):
            x = ancs[r, w] & np.uint64(0xAAAAAAAAAAAAAAAA) & ~assumed[w]  # the ON keys
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
                        _share_cell(n, src, cands, c, share[i])
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
                                _share_places(n, src, cands, unit_cells, u, d, share[i])
                                break
                for v in range(words):
                    out[r, v] |= share[i, v]
    return out


@njit(cache=True)
def _nested_key(n, cands, units_of, unit_cells, kind, target, on, a, b, place):
    """One number per nested conclusion's assumptions, target and polarity (chains.py's
    (starts, target, on); nested_found mixes in a hash of its nodes): a cell's starts
    are its digits, a unit's the digit's places, named by the lowest-numbered unit
    holding them all and their positions in it (a box-row crossing's places are the same
    starts in both). place is a scratch map of cells, all False."""
    ncand = cands.shape[0] * n
    mask = 0
    if kind == KIND_CELL:
        mask = cands[a]
    elif kind == KIND_UNIT:
        first = -1
        count = 0
        for q in unit_cells[a]:
            if q >= 0 and (cands[q] >> b) & 1:
                place[q] = True
                count += 1
                if first < 0:
                    first = q
        best = -1
        for u in units_of[first]:
            if u < 0:
                break
            held = 0
            for q in unit_cells[u]:
                if q >= 0 and place[q]:
                    held += 1
            if held == count and (best < 0 or u < best):
                best = u
        for qk in range(unit_cells.shape[1]):
            if unit_cells[best, qk] >= 0 and place[unit_cells[best, qk]]:
                mask |= 1 << qk
        for q in unit_cells[a]:
            if q >= 0:
                place[q] = False
        a = best
    key = (mask * (n + 1) + b + 1) * ncand + a
    return ((key * 5 + kind) * ncand + target) * 2 + on


@njit(cache=True)
def nested_found(n, cands, units_of, unit_cells, peers, near, words, dynamic, able):
    """What a search on the assumed board cands may add to an outer chain (chains.py's
    ``_Chaining._nested``), whatever board the outer chain started from: dynamic forcing
    chains at level 4, else the static cell and unit forcing chains from the cells
    marked in able. Its conclusions that remove something, cheapest first (by size, then
    TIE_RANK, stable: one base rating per search, and the length extra grows with the
    size), the first of each set of removals only, as search's rows and ancestors' rows,
    and a key each: _nested_key mixed with a hash of the conclusion's nodes (chains.py
    names it by them too)."""
    rows, ancs = search(n, cands, units_of, unit_cells, peers, near, words, dynamic, able)
    ncand = cands.shape[0] * n
    order = np.argsort(rows[:, 3] * 8 + TIE_RANK[rows[:, 0]], kind="mergesort")
    kept = np.zeros(rows.shape[0], np.int64)
    nkept = 0
    # one conclusion per set of removals, the first (SE keeps one hint per set); a true
    # candidate with one other removes that one
    claimed = np.zeros(2 * ncand, np.bool_)
    for x in order:
        target = rows[x, 1]
        rest = cands[target // n] & ~(1 << (target % n))
        if rows[x, 2] == 1 and not rest:
            continue  # true, but the cell holds nothing else to remove
        key = target
        if rows[x, 2] == 1:
            key = ncand + target
            if _bits(rest) == 1:
                key = (target // n) * n + _low_index(np.uint64(rest))
        if claimed[key]:
            continue
        claimed[key] = True
        kept[nkept] = x
        nkept += 1
    rows = rows[kept[:nkept]]
    ancs = ancs[kept[:nkept]]
    keys = np.zeros(nkept, np.uint64)
    place = np.zeros(cands.shape[0], np.bool_)
    for t in range(nkept):
        kind, target, on, size, a, b = rows[t]
        h = np.uint64(_nested_key(n, cands, units_of, unit_cells, kind, target, on, a, b,
                                  place))
        for w in range(ancs.shape[1]):
            h = (h ^ ancs[t, w]) * np.uint64(0x100000001B3)
        keys[t] = h
    return rows, ancs, keys


@njit(cache=True)
def nested_adds(n, src, cands, units_of, unit_cells, rows, ancs, is_off):
    """Of nested_found's conclusions on cands, those that needed a removal from src
    (their positions: chains.py numbers each), and of these the ones that remove a
    candidate not yet OFF (is_off, marked as they go): their positions among the
    conclusions, the end of each one's new removals in a flat array of cand indices,
    that array, and the removals each needed, as cand indices in a flat array with the
    end of each one's."""
    need = needed(n, src, cands, units_of, unit_cells, rows, ancs)
    nrows = rows.shape[0]
    ncand = cands.shape[0] * n
    kept = np.zeros(nrows, np.int64)
    nkept = 0
    for x in range(nrows):
        for w in range(need.shape[1]):
            if need[x, w]:
                kept[nkept] = x
                nkept += 1
                break
    at = np.zeros(nkept, np.int64)
    ends = np.zeros(nkept, np.int64)
    flat = np.zeros(ncand, np.int64)
    parent_ends = np.zeros(nkept, np.int64)
    parents = np.zeros(64, np.int64)
    nadd = nflat = nparents = 0
    off = is_off.copy()
    for t in range(nkept):
        x = kept[t]
        target = rows[x, 1]
        on = rows[x, 2]
        c = target // n
        d = target % n
        start = nflat
        for e in range(n):
            j = c * n + e
            if (e != d and on == 1 and (cands[c] >> e) & 1 or e == d and on == 0) and not off[j]:
                off[j] = True
                flat[nflat] = j
                nflat += 1
        if nflat > start:
            at[nadd] = t
            ends[nadd] = nflat
            for w in range(need.shape[1]):
                word = need[x, w]
                while word:
                    low = word & (~word + _ONE)
                    word ^= low
                    parents = _grow1(parents, nparents + 1)
                    parents[nparents] = 64 * w + _low_index(low)
                    nparents += 1
            parent_ends[nadd] = nparents
            nadd += 1
    return (kept[:nkept], at[:nadd], ends[:nadd], flat[:nflat], parents[:nparents],
            parent_ends[:nadd])


_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_LOW_INDEX = np.zeros(64, np.int64)
for _i in range(64):
    _LOW_INDEX[((1 << _i) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _i


@njit(cache=True)
def _low_index(low):
    """The index of the single set bit of low (a power of two), by de Bruijn's table."""
    return _LOW_INDEX[(low * _DEBRUIJN) >> np.uint64(58)]


@njit(cache=True)
def _spread(links, bits, out):
    """out = the union of links[i] over the set bits i of bits (rows of uint64 words)."""
    out[:] = 0
    for w in range(bits.shape[0]):
        x = bits[w]
        while x:
            low = x & (~x + _ONE)
            x ^= low
            i = 64 * w + _low_index(low)
            for v in range(out.shape[0]):
                out[v] |= links[i, v]


@njit(cache=True)
def _static_links(n, cands, peers, near, unit_cells, y_links, x_links=True):
    """grade/techniques/chains.py's _Graph: per cand index its weak and strong links as rows of
    cand-index bits (weak links to peers and to the digits one apart in non-consecutive
    neighbours, strong links of units with x_links; links inside cells with y_links), and
    the bits of the nodes that have a strong link."""
    ncells = cands.shape[0]
    ncand = ncells * n
    words = (ncand + 63) // 64
    weak = np.zeros((ncand, words), np.uint64)
    strong = np.zeros((ncand, words), np.uint64)
    for c in range(ncells):
        m = cands[c]
        if not m:
            continue
        pair = _bits(m) == 2
        for d in range(n):
            if not (m >> d) & 1:
                continue
            i = c * n + d
            for k in range(peers.shape[1]):
                p = peers[c, k]
                if p < 0:
                    break
                if (cands[p] >> d) & 1:
                    j = p * n + d
                    weak[i, j >> 6] |= _ONE << np.uint64(j & 63)
            for k in range(near.shape[1]):
                p = near[c, k]
                if p < 0:
                    break
                for e in (d - 1, d + 1):
                    if 0 <= e < n and (cands[p] >> e) & 1:
                        j = p * n + e
                        weak[i, j >> 6] |= _ONE << np.uint64(j & 63)
            if y_links:
                for e in range(n):
                    if e != d and (m >> e) & 1:
                        j = c * n + e
                        weak[i, j >> 6] |= _ONE << np.uint64(j & 63)
                        if pair:
                            strong[i, j >> 6] |= _ONE << np.uint64(j & 63)
    for u in range(unit_cells.shape[0] if x_links else 0):
        for d in range(n):
            count, a, b = _two_places(cands, unit_cells[u], d)
            a = a * n + d
            b = b * n + d
            if count == 2:
                strong[a, b >> 6] |= _ONE << np.uint64(b & 63)
                strong[b, a >> 6] |= _ONE << np.uint64(a & 63)
    has_strong = np.zeros(words, np.uint64)
    for i in range(ncand):
        for v in range(words):
            if strong[i, v]:
                has_strong[i >> 6] |= _ONE << np.uint64(i & 63)
                break
    return weak, strong, has_strong


@njit(cache=True)
def _chain_links(n, cands, units_of, unit_cells, peers, near, i, on, y_links, x_links, out):
    """The nodes one link leads to from ON (weak links: OFF nodes) or OFF (strong links:
    ON nodes) of cand index i, in SE's order (the cell, then its units or peers box
    first), each once: their count, the cand indices in out."""
    c = i // n
    d = i % n
    m = cands[c]
    k = 0
    if on:
        if y_links:
            for e in range(n):
                if e != d and (m >> e) & 1:
                    out[k] = c * n + e
                    k += 1
        for x in range(peers.shape[1]):
            q = peers[c, x]
            if q < 0:
                break
            if (cands[q] >> d) & 1:
                out[k] = q * n + d
                k += 1
        for x in range(near.shape[1]):
            q = near[c, x]
            if q < 0:
                break
            for e in (d + 1, d - 1):
                if 0 <= e < n and (cands[q] >> e) & 1:
                    out[k] = q * n + e
                    k += 1
        return k
    if y_links and _bits(m) == 2:
        for e in range(n):
            if e != d and (m >> e) & 1:
                out[k] = c * n + e
                k += 1
    if not x_links:
        return k
    for x in range(units_of.shape[1]):
        u = units_of[c, x]
        if u < 0:
            break
        other = -1
        for q in unit_cells[u]:
            if q < 0:
                break
            if q != c and (cands[q] >> d) & 1:
                if other >= 0:
                    other = -2
                    break
                other = q
        if other >= 0:
            j = other * n + d
            fresh = True
            for y in range(k):
                if out[y] == j:
                    fresh = False
            if fresh:
                out[k] = j
                k += 1
    return k


@njit(cache=True)
def _adjacency(n, cands, units_of, unit_cells, peers, near, y_links, x_links):
    """_chain_links of every node (row 2 * cand index + on) of the board's candidates,
    worked out once: the targets, and their count in the last column (the rows of other
    nodes are left unset)."""
    ncand = cands.shape[0] * n
    width = n + peers.shape[1] + 2 * near.shape[1] + units_of.shape[1] + 1
    adj = np.empty((2 * ncand, width), np.int64)
    for i in range(ncand):
        if not (cands[i // n] >> (i % n)) & 1:
            continue
        for on in range(2):
            k = _chain_links(n, cands, units_of, unit_cells, peers, near, i, on, y_links,
                             x_links, adj[2 * i + on])
            adj[2 * i + on, width - 1] = k
    return adj


@njit(cache=True)
def _chain_length(weak, strong, has_strong, s, on, limit, layer, seen, nxt, masked):
    """The number of implications of the shortest chain from ON/OFF(s) back to its
    negation over static links (rows of bits), or 0 if none within limit: a layer at a
    time, 64 nodes to a word, far quicker than following the queue."""
    words = has_strong.shape[0]
    sw = s >> 6
    sb = _ONE << np.uint64(s & 63)
    if not on and not has_strong[sw] & sb:
        return 0
    seen[:] = 0
    layer[:] = 0
    layer[sw] = sb
    seen[on, sw] = sb
    kind = on
    for t in range(1, limit + 1):
        if kind:
            _spread(weak, layer, nxt)
        else:
            for v in range(words):
                masked[v] = layer[v] & has_strong[v]
            _spread(strong, masked, nxt)
        kind ^= 1
        if kind != on and nxt[sw] & sb:
            return t
        empty = True
        for v in range(words):
            nxt[v] &= ~seen[kind, v]
            if nxt[v]:
                empty = False
        if empty:
            return 0
        for v in range(words):
            seen[kind, v] |= nxt[v]
            layer[v] = nxt[v]
    return 0


@njit(cache=True)
def forcing_chains(n, cands, units_of, unit_cells, peers, near, limit):
    """grade/techniques/chains.py's forcing chains on the board state cands
    (``_every_chain``): for X-chains (links on one digit), then chains with both kinds of
    links; each start ascending, from its ON, then its OFF node: the first chain back to
    the start's negation within `limit` implications, breadth first in SE's order (each
    node reached once, by the first node of the queue linking to it). Rows of (both kinds
    of links, on, number of nodes, then the chain's cand indices from its start)."""
    ncand = cands.shape[0] * n
    out = np.full((64, limit + 4), -1, np.int64)
    nout = 0
    seen = np.zeros(2 * ncand, np.bool_)
    touched = np.zeros(2 * ncand, np.int64)
    parent = np.zeros(2 * ncand, np.int64)
    queue = np.zeros(2 * ncand, np.int64)
    nxt = np.zeros(2 * ncand, np.int64)
    words = (ncand + 63) // 64
    layer = np.zeros(words, np.uint64)
    bits_seen = np.zeros((2, words), np.uint64)
    bits_nxt = np.zeros(words, np.uint64)
    masked = np.zeros(words, np.uint64)
    for y_links in range(2):
        adj = _adjacency(n, cands, units_of, unit_cells, peers, near, y_links == 1, True)
        last = adj.shape[1] - 1
        weak, strong, has_strong = _static_links(n, cands, peers, near, unit_cells,
                                                 y_links == 1)
        for s in range(ncand):
            if not (cands[s // n] >> (s % n)) & 1:
                continue
            for on in (1, 0):
                # most starts have no chain: the queue is followed only where one is
                if not _chain_length(weak, strong, has_strong, s, on, limit, layer,
                                     bits_seen, bits_nxt, masked):
                    continue
                seen[2 * s + on] = True
                touched[0] = 2 * s + on
                ntouched = 1
                queue[0] = 2 * s + on
                nq = 1
                kind = on
                found = -1
                t = 0
                while nq and found < 0 and t < limit:
                    t += 1
                    nn = 0
                    for x in range(nq):
                        node = queue[x]
                        links = adj[node]
                        for y in range(links[last]):
                            j = 2 * links[y] + 1 - kind
                            if links[y] == s and kind == on and found < 0:
                                found = j
                                parent[j] = node
                            if not seen[j]:
                                seen[j] = True
                                touched[ntouched] = j
                                ntouched += 1
                                parent[j] = node
                                nxt[nn] = j
                                nn += 1
                        if found >= 0:
                            break
                    queue[:nn] = nxt[:nn]
                    nq = nn
                    kind ^= 1
                for x in range(ntouched):
                    seen[touched[x]] = False
                if found < 0:
                    continue
                out = _grow2(out, nout + 1)
                out[nout, :] = -1
                out[nout, 0] = y_links
                out[nout, 1] = on
                out[nout, 2] = t + 1
                node = found
                for x in range(t, -1, -1):
                    out[nout, 3 + x] = node >> 1
                    node = parent[node]
                nout += 1
    return out[:nout]


@njit(cache=True)
def cycles(n, cands, units_of, unit_cells, peers, near, limit):
    """grade/techniques/chains.py's bidirectional cycles that remove something
    (``_every_cycle``), in its order: for X-cycles, Y-cycles, then cycles with both kinds
    of links, from each ON start ascending, breadth first in SE's order. Rows of (kind
    0-2, number of nodes, then the cycle's cand indices from its start), and per row the
    cand indices it removes as a bitset row."""
    ncells = cands.shape[0]
    ncand = ncells * n
    words = (ncand + 63) // 64
    width = 2 * limit + 4
    out = np.full((16, width + 2), -1, np.int64)
    elim = np.zeros((16, words), np.uint64)
    nout = 0
    reached = np.zeros(ncand, np.bool_)
    touched = np.zeros(ncand, np.int64)
    par_off = np.zeros(ncand, np.int64)
    par_on = np.zeros(ncand, np.int64)
    front = np.zeros(ncand, np.int64)
    front_anc = np.zeros((ncand, words), np.uint64)
    nxt = np.zeros(ncand, np.int64)
    nxt_anc = np.zeros((ncand, words), np.uint64)
    nodes = np.zeros(width, np.int64)
    inside = np.zeros(ncells, np.bool_)
    seen = np.zeros((2, ncand), np.bool_)
    for kind in range(3):
        y_links = kind != 0
        x_links = kind != 1
        adj = _adjacency(n, cands, units_of, unit_cells, peers, near, y_links, x_links)
        last = adj.shape[1] - 1
        for s in range(ncand):
            c0 = s // n
            if not (cands[c0] >> (s % n)) & 1:
                continue
            if not x_links and _bits(cands[c0]) != 2:
                continue
            back = adj[2 * s]
            nback = back[last]
            if not nback:
                continue
            reached[s] = True
            touched[0] = s
            ntouched = 1
            nf = 1
            front[0] = s
            front_anc[0, :] = 0
            depth = 0
            while nf and depth < limit:
                nn = 0
                for f in range(nf):
                    p = front[f]
                    weak = adj[2 * p + 1]
                    for zk in range(weak[last]):
                        z = weak[zk]
                        zw = z >> 6
                        zb = _ONE << np.uint64(z & 63)
                        if front_anc[f, zw] & zb:
                            continue
                        closes = False
                        for y in range(nback):
                            if back[y] == z:
                                closes = True
                        if depth and closes:
                            # the cycle: s ... p, then z, back to s
                            size = 0
                            q = p
                            nodes[size] = z
                            size += 1
                            while q != s:
                                nodes[size] = q
                                nodes[size + 1] = par_off[q]
                                size += 2
                                q = par_on[q]
                            nodes[size] = s
                            size += 1
                            for k in range(size):
                                inside[nodes[k] // n] = True
                            found = False
                            for k in range(size):
                                i = nodes[size - 1 - k]
                                on = 1 - k % 2
                                c = i // n
                                d = i % n
                                for m in range(peers.shape[1]):
                                    q2 = peers[c, m]
                                    if q2 < 0:
                                        break
                                    if not inside[q2] and (cands[q2] >> d) & 1:
                                        seen[on, q2 * n + d] = True
                                        if seen[1 - on, q2 * n + d]:
                                            found = True
                            if found:
                                out = _grow2(out, nout + 1)
                                elim = _grow2(elim, nout + 1)
                                out[nout, :] = -1
                                elim[nout, :] = 0
                                out[nout, 0] = kind
                                out[nout, 1] = size
                                for k in range(size):
                                    out[nout, 2 + k] = nodes[size - 1 - k]
                            for k in range(size):
                                i = nodes[k]
                                c = i // n
                                d = i % n
                                inside[c] = False
                                for m in range(peers.shape[1]):
                                    q2 = peers[c, m]
                                    if q2 < 0:
                                        break
                                    j = q2 * n + d
                                    if found and seen[0, j] and seen[1, j]:
                                        elim[nout, j >> 6] |= _ONE << np.uint64(j & 63)
                                    seen[0, j] = False
                                    seen[1, j] = False
                            if found:
                                nout += 1
                        strong = adj[2 * z]
                        for tk in range(strong[last]):
                            t = strong[tk]
                            if reached[t]:
                                continue
                            reached[t] = True
                            touched[ntouched] = t
                            ntouched += 1
                            par_off[t] = z
                            par_on[t] = p
                            nxt[nn] = t
                            nxt_anc[nn, :] = front_anc[f, :]
                            nxt_anc[nn, zw] |= zb
                            nn += 1
                nf = nn
                front[:nn] = nxt[:nn]
                front_anc[:nn] = nxt_anc[:nn]
                depth += 1
            for x in range(ntouched):
                reached[touched[x]] = False
    return out[:nout], elim[:nout]


@njit(cache=True)
def _reach(weak, strong, has_strong, start, on_seen, off_seen):
    """The cand indices reached ON and OFF from ON(start) over static links, however far,
    into on_seen and off_seen."""
    words = has_strong.shape[0]
    frontier = np.zeros(words, np.uint64)
    nxt = np.zeros(words, np.uint64)
    on_seen[:] = 0
    off_seen[:] = 0
    frontier[start >> 6] = _ONE << np.uint64(start & 63)
    on_seen[start >> 6] = frontier[start >> 6]
    while True:
        _spread(weak, frontier, nxt)
        for v in range(words):
            nxt[v] &= ~off_seen[v]
            off_seen[v] |= nxt[v]
            nxt[v] &= has_strong[v]
        _spread(strong, nxt, frontier)
        moved = False
        for v in range(words):
            frontier[v] &= ~on_seen[v]
            on_seen[v] |= frontier[v]
            if frontier[v]:
                moved = True
        if not moved:
            return


@njit(cache=True)
def may_conclude(n, cands, units_of, unit_cells, peers, near):
    """grade/techniques/chains.py's _may_conclude: per cell, whether a static cell or unit forcing
    chains search from it can conclude anything (the nodes every candidate of the cell,
    or every place of a digit in a unit the cell opens, reaches are not only the
    starts)."""
    ncells = cands.shape[0]
    ncand = ncells * n
    words = (ncand + 63) // 64
    weak, strong, has_strong = _static_links(n, cands, peers, near, unit_cells, True)
    on_rows = np.zeros((ncand, words), np.uint64)
    off_rows = np.zeros((ncand, words), np.uint64)
    done = np.zeros(ncand, np.bool_)
    starts = np.zeros(n, np.int64)
    out = np.zeros(ncells, np.bool_)
    for c in range(ncells):
        m = cands[c]
        if _bits(m) < 3:
            continue
        # group 0: the cell's digits; then each unit the cell opens for each digit
        for d in range(-1, n):
            if d >= 0 and not (m >> d) & 1:
                continue
            for uk in range(units_of.shape[1] if d >= 0 else 1):
                k = 0
                if d < 0:
                    for e in range(n):
                        if (m >> e) & 1:
                            starts[k] = c * n + e
                            k += 1
                else:
                    u = units_of[c, uk]
                    if u < 0:
                        break
                    for qk in range(unit_cells.shape[1]):
                        q = unit_cells[u, qk]
                        if q >= 0 and (cands[q] >> d) & 1:
                            starts[k] = q * n + d
                            k += 1
                    if k < 2 or starts[0] != c * n + d:
                        continue
                found = False
                for v in range(words):
                    on_all = ~np.uint64(0)
                    off_all = ~np.uint64(0)
                    own = np.uint64(0)
                    for x in range(k):
                        s = starts[x]
                        if not done[s]:
                            _reach(weak, strong, has_strong, s, on_rows[s], off_rows[s])
                            done[s] = True
                        on_all &= on_rows[s, v]
                        off_all &= off_rows[s, v]
                        if s >> 6 == v:
                            own |= _ONE << np.uint64(s & 63)
                    if (on_all | off_all) & ~own:
                        found = True
                        break
                if found:
                    out[c] = True
                    break
            if out[c]:
                break
    return out


@njit(cache=True)
def _put(items, nitems, rule, targets, nt, parents, np_):
    """Append one deduction (rule, its targets, its parents) to the flat items array."""
    items = _grow1(items, nitems + 3 + nt + np_)
    items[nitems] = rule
    items[nitems + 1] = nt
    items[nitems + 2] = np_
    items[nitems + 3: nitems + 3 + nt] = targets[:nt]
    items[nitems + 3 + nt: nitems + 3 + nt + np_] = parents[:np_]
    return items, nitems + 3 + nt + np_


@njit(cache=True)
def plus_rules(n, src, cands, locks, lock_ends, units, nsrc, rows, cols, order):
    """grade/techniques/chains.py's level-1 rules on a classic or jigsaw board state cands reached
    from src: locked candidates (rule 0), hidden pairs (1), naked pairs (2) and X-wings
    (3), each deduction in the Python rule's order (SE's), as flat records (rule, number
    of targets, number of parents, targets, parents); those needing no removal left out.
    locks rows: (shared cells, source's rest, target's rest) as three blocks of cells
    padded with -1, in chains.py's _lock_order, its groups ending at lock_ends; nsrc: per
    unit, its cells open in src; order: the units in the order pairs are looked for in
    (chains.py's _pair_order)."""
    ncells = cands.shape[0]
    items = np.zeros(256, np.int64)
    nitems = 0
    targets = np.zeros(ncells * n, np.int64)
    parents = np.zeros(ncells * n, np.int64)
    width = locks.shape[1] // 3
    # locked candidates: a group digit by digit, each digit over the group's locks; a
    # lock's digits: in two shared cells or more, not in the source's rest, in the target's
    found = np.zeros(locks.shape[0], np.int64)
    for x in range(locks.shape[0]):
        inside = s_mask = t_mask = 0
        for k in range(width):
            c = locks[x, k]
            if c >= 0:
                inside |= cands[c]
            c = locks[x, width + k]
            if c >= 0:
                s_mask |= cands[c]
            c = locks[x, 2 * width + k]
            if c >= 0:
                t_mask |= cands[c]
        found[x] = inside & ~s_mask & t_mask
    start = 0
    for end in lock_ends:
        for d in range(n):
            for x in range(start, end):
                if not (found[x] >> d) & 1:
                    continue
                np_ = nt = shared = 0
                for k in range(width):
                    c = locks[x, k]
                    if c >= 0 and (cands[c] >> d) & 1:
                        shared += 1
                    c = locks[x, width + k]
                    if c >= 0 and (src[c] >> d) & 1:
                        parents[np_] = c * n + d
                        np_ += 1
                    c = locks[x, 2 * width + k]
                    if c >= 0 and (cands[c] >> d) & 1:
                        targets[nt] = c * n + d
                        nt += 1
                if np_ and shared >= 2:
                    items, nitems = _put(items, nitems, 0, targets, nt, parents, np_)
        start = end
    # hidden pairs: two digits with the same two places in a unit, pairs of digits by
    # the higher digit, then the lower
    firsts = np.zeros(n, np.int64)
    seconds = np.zeros(n, np.int64)
    for u in order:
        if nsrc[u] <= 4:
            continue
        two = np.zeros(n, np.int64)  # the digits with two places, ascending
        ntwo = 0
        for d in range(n):
            count, a, b = _two_places(cands, units[u], d)
            if count == 2:
                firsts[d] = min(a, b)
                seconds[d] = max(a, b)
                two[ntwo] = d
                ntwo += 1
        for y in range(1, ntwo):
            for x in range(y):
                a = two[x]
                b = two[y]
                if firsts[a] != firsts[b] or seconds[a] != seconds[b]:
                    continue
                keep = (1 << a) | (1 << b)
                nt = 0
                for c in (firsts[a], seconds[a]):
                    for e in range(n):
                        if (cands[c] & ~keep) >> e & 1:
                            targets[nt] = c * n + e
                            nt += 1
                if not nt:
                    continue
                np_ = 0
                for k in range(units.shape[1]):
                    c = units[u, k]
                    if c < 0 or c == firsts[a] or c == seconds[a]:
                        continue
                    for e in (a, b):
                        if (src[c] >> e) & 1:
                            parents[np_] = c * n + e
                            np_ += 1
                if np_:
                    items, nitems = _put(items, nitems, 1, targets, nt, parents, np_)
    # naked pairs: two cells of a unit with the same two candidates, pairs of cells by
    # the later cell, then the earlier
    for u in order:
        if nsrc[u] < 4:
            continue
        for y in range(units.shape[1]):
            q = units[u, y]
            if q < 0 or _bits(cands[q]) != 2:
                continue
            for x in range(y):
                p = units[u, x]
                if p < 0 or cands[p] != cands[q]:
                    continue
                m = cands[p]
                nt = 0
                for c in range(ncells):  # the unit's cells, ascending
                    inunit = False
                    for k in range(units.shape[1]):
                        if units[u, k] == c:
                            inunit = True
                            break
                    if not inunit or c == p or c == q:
                        continue
                    for e in range(n):
                        if (cands[c] & m) >> e & 1:
                            targets[nt] = c * n + e
                            nt += 1
                if not nt:
                    continue
                np_ = 0
                for c in (p, q):
                    for e in range(n):
                        if (src[c] & ~m) >> e & 1:
                            parents[np_] = c * n + e
                            np_ += 1
                if np_:
                    items, nitems = _put(items, nitems, 2, targets, nt, parents, np_)
    # X-wings: a digit with the same two places in two columns (rows), on columns first;
    # pairs of lines by the later line, then the earlier, each pair digit by digit; only
    # digits with four lines or more open in src in the grid
    for side in range(2):
        base = cols if side == 0 else rows
        cover = rows if side == 0 else cols
        count = np.zeros((base.shape[0], n), np.int64)
        poss = np.zeros((base.shape[0], n), np.int64)
        opened = np.zeros((base.shape[0], n), np.int64)  # per grid's first line
        for ui in range(base.shape[0]):
            u = base[ui]
            # a line's first line of its grid: a board of several grids has n lines a
            # grid, and a line's k-th cell is crossed by its own grid's k-th cover line
            grid = ui - ui % n
            for d in range(n):
                before = False
                for k in range(units.shape[1]):
                    c = units[u, k]
                    if c >= 0 and (cands[c] >> d) & 1:
                        count[ui, d] += 1
                        poss[ui, d] |= 1 << k
                    if c >= 0 and (src[c] >> d) & 1:
                        before = True
                if before:
                    opened[grid, d] += 1
        for y in range(base.shape[0]):
            for x in range(y):
                grid = x - x % n
                if y - y % n != grid:
                    continue
                for d in range(n):
                    if (count[x, d] != 2 or count[y, d] != 2 or poss[x, d] != poss[y, d]
                            or opened[grid, d] < 4):
                        continue
                    pos = poss[x, d]
                    u1 = base[x]
                    u2 = base[y]
                    nt = 0
                    for k in range(units.shape[1]):
                        if not (pos >> k) & 1:
                            continue
                        for kk in range(units.shape[1]):
                            c = units[cover[grid + k], kk]
                            if c < 0 or not (cands[c] >> d) & 1:
                                continue
                            inside = False
                            for z in range(units.shape[1]):
                                if units[u1, z] == c or units[u2, z] == c:
                                    inside = True
                            if not inside:
                                targets[nt] = c * n + d
                                nt += 1
                    if not nt:
                        continue
                    np_ = 0
                    for u in (u1, u2):
                        for kk in range(units.shape[1]):
                            c = units[u, kk]
                            if c < 0 or not (src[c] >> d) & 1 or (cands[c] >> d) & 1:
                                continue
                            covered = False
                            for k in range(units.shape[1]):
                                if (pos >> k) & 1:
                                    for z in range(units.shape[1]):
                                        if units[cover[grid + k], z] == c:
                                            covered = True
                            if not covered:
                                parents[np_] = c * n + d
                                np_ += 1
                    if np_:
                        items, nitems = _put(items, nitems, 3, targets, nt, parents, np_)
    return items[:nitems]


@njit(cache=True)
def _removes(n, cands, peers, nodes, nnodes, inside, seen):
    """Whether a cycle (its nnodes cand indices, OFF and ON nodes in turn) removes
    something: a candidate outside its cells that sees an ON node and an OFF node of its
    digit (chains.py's _cycle_removals)."""
    for x in range(nnodes):
        inside[nodes[x] // n] = True
    seen[:] = 0
    for x in range(nnodes):
        c = nodes[x] // n
        d = nodes[x] % n
        on = x % 2
        for k in range(peers.shape[1]):
            p = peers[c, k]
            if p < 0:
                break
            if not inside[p] and (cands[p] >> d) & 1:
                j = p * n + d
                seen[on, j >> 6] |= _ONE << np.uint64(j & 63)
    for x in range(nnodes):
        inside[nodes[x] // n] = False
    for v in range(seen.shape[1]):
        if seen[0, v] & seen[1, v]:
            return True
    return False


@njit(cache=True)
def shortest_cycle(n, cands, peers, near, unit_cells, y_links, x_links, bound):
    """chains.py's _cycles: the first bidirectional cycle met that removes something,
    every ON start (a bivalue cell's only, without x_links) growing one layer at a time
    in turn, shorter than `bound` nodes: its cand indices from the ON node closing it back
    to the start (chains.py's order), or none."""
    weak, strong, has_strong = _static_links(n, cands, peers, near, unit_cells, y_links,
                                             x_links)
    ncells = cands.shape[0]
    ncand = ncells * n
    words = has_strong.shape[0]
    starts = np.zeros(ncand, np.int64)
    nst = 0
    for i in range(ncand):
        m = cands[i // n]
        if (m >> (i % n)) & 1 and (x_links or _bits(m) == 2):
            starts[nst] = i
            nst += 1
    par_off = np.full((max(nst, 1), ncand), -1, np.int64)
    par_on = np.full((max(nst, 1), ncand), -1, np.int64)
    reached = np.zeros((max(nst, 1), words), np.uint64)
    cap = max(nst, 16)
    fk = np.zeros(cap, np.int64)
    fp = np.zeros(cap, np.int64)
    fa = np.zeros((cap, words), np.uint64)
    for k in range(nst):
        s = starts[k]
        reached[k, s >> 6] |= _ONE << np.uint64(s & 63)
        fk[k] = k
        fp[k] = s
    nf = nst
    nodes = np.zeros(ncand + 2, np.int64)
    inside = np.zeros(ncells, np.bool_)
    seen = np.zeros((2, words), np.uint64)
    cand = np.zeros(words, np.uint64)
    size = 1
    while nf and size + 1 < bound:
        grow = size + 3 < bound
        gk = np.zeros(max(nf, 16), np.int64)
        gp = np.zeros(max(nf, 16), np.int64)
        ga = np.zeros((max(nf, 16), words), np.uint64)
        ng = 0
        for e in range(nf):
            k = fk[e]
            s = starts[k]
            p = fp[e]
            sw = s >> 6
            sb = _ONE << np.uint64(s & 63)
            for v in range(words):
                useful = has_strong[v] if grow else strong[s, v]
                cand[v] = weak[p, v] & useful & ~fa[e, v]
            for v in range(words):
                x = cand[v]
                while x:
                    low = x & (~x + _ONE)
                    x ^= low
                    z = 64 * v + _low_index(low)
                    if size >= 3 and strong[z, sw] & sb:
                        nodes[0] = z
                        nn = 1
                        q = p
                        while q != s:
                            nodes[nn] = q
                            nodes[nn + 1] = par_off[k, q]
                            nn += 2
                            q = par_on[k, q]
                        nodes[nn] = s
                        nn += 1
                        if _removes(n, cands, peers, nodes, nn, inside, seen):
                            return nodes[:nn].copy()
                    if not grow:
                        continue
                    fresh = False
                    for w in range(words):
                        if strong[z, w] & ~reached[k, w]:
                            fresh = True
                            break
                    if not fresh:
                        continue
                    for w in range(words):
                        y_bits = strong[z, w] & ~reached[k, w]
                        reached[k, w] |= y_bits
                        while y_bits:
                            ylow = y_bits & (~y_bits + _ONE)
                            y_bits ^= ylow
                            y = 64 * w + _low_index(ylow)
                            par_off[k, y] = z
                            par_on[k, y] = p
                            gk = _grow1(gk, ng + 1)
                            gp = _grow1(gp, ng + 1)
                            ga = _grow2(ga, ng + 1)
                            gk[ng] = k
                            gp[ng] = y
                            for u in range(words):
                                ga[ng, u] = fa[e, u]
                            ga[ng, z >> 6] |= _ONE << np.uint64(z & 63)
                            ng += 1
        fk, fp, fa, nf = gk, gp, ga, ng
        size += 2
    return nodes[:0].copy()


@njit(cache=True)
def shortest_forcing(n, cands, peers, near, unit_cells, y_links, limit):
    """chains.py's _forcing: the shortest forcing chain over static links from a start
    back to its negation, ON starts first, each ascending, a later one kept only when
    shorter: (its number of nodes, its start's cand index, 1 if from ON), or a size 0."""
    weak, strong, has_strong = _static_links(n, cands, peers, near, unit_cells, y_links)
    words = has_strong.shape[0]
    layer = np.zeros(words, np.uint64)
    seen = np.zeros((2, words), np.uint64)
    nxt = np.zeros(words, np.uint64)
    masked = np.zeros(words, np.uint64)
    best = 0
    best_s = -1
    best_on = 0
    for on in (1, 0):
        for s in range(cands.shape[0] * n):
            if not (cands[s // n] >> (s % n)) & 1:
                continue
            lim = limit if best == 0 else best - 2
            if lim < 2:
                break
            t = _chain_length(weak, strong, has_strong, s, on, lim, layer, seen, nxt, masked)
            if t and (best == 0 or t + 1 < best):
                best = t + 1
                best_s = s
                best_on = on
    return best, best_s, best_on
