"""The numba backend: the same searches as reference.py, compiled (``cache=True``).

Glossary and conventions (shared with reference.py):
  grid       int8 array of n*n values, row-major, 0 = blank; batches are (m, n*n)
  mask       candidate bit mask, bit v-1 set = value v possible; n <= 16 fits int32
  cand[c]    the candidates of cell c (of a filled cell: its value's bit), kept exact by
             removing a placed value from the peers (_assign)
  queue      cells left with one candidate, still to be filled (naked singles)
  used[u]    mask of the values given in unit u (for the trace's starting figures)
  tables     int32 arrays from ``Geometry.arrays()``: units (nunits, n), cell_units
             (ncells, k) padded with -1, peers (ncells, width) padded: unit mates, pair-rule
             cells, then non-consecutive neighbours, and npeers (ncells, 3) where each
             part ends
  frame      one level of the explicit search stack: vals and cand before the branch,
             the branch cell and the candidates still to try

Two searches live here:
  count      any technique allowed (SPEC 4): naked and hidden singles to a fixpoint, then
             branch on the empty cell with the fewest candidates (lowest cell on ties),
             values ascending; but where that cell has three or more and a unit has a
             digit with fewer places, on the places of the first such digit with the
             fewest (units in table order, digits ascending), cells in unit order. Not on
             a board, whose search branches near its last branch, nor where pair rules
             hold, whose candidates say more than a unit's places (there places cost a
             non-consecutive count half as much again). On a near-empty hyper grid with
             no solution, cells alone took minutes, and places settle it in milliseconds.
             reference.py runs the same search, so both backends find the same solutions
             in the same order.
  trace      SPEC 3: the possibility list sorted once by (candidates, block-order
             position), naked singles, branch on the first still-empty entry of the list;
             it yields the seed's figures (level, maxlevel, way ...).

Every loop over puzzles runs inside numba (the ``*_batch`` functions); ``count_core`` and
``solve_core`` are the per-grid entry points other kernels call from inside numba.
numba_backend.py calls the batch functions, jitted or as aot.py compiled them ahead of time.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import BOARD_FOCUS, EXCLUSION_NODES, EXCLUSION_NODES_FROM, watch_compiles

watch_compiles()


@njit(cache=True)
def _popcount(m: int) -> int:
    m = m - ((m >> 1) & 0x5555)
    m = (m & 0x3333) + ((m >> 2) & 0x3333)
    m = (m + (m >> 4)) & 0x0F0F
    return (m + (m >> 8)) & 0x1F


@njit(cache=True)
def _cell_mask(c, used, cell_units, full):
    """The candidates of empty cell c: values not used in any of its units."""
    m = full
    for k in range(cell_units.shape[1]):
        u = cell_units[c, k]
        if u < 0:
            break
        m &= ~used[u]
    return m


@njit(cache=True)
def _ruled(grid, c, peers, npeers):
    """The values the givens rule out for cell c through pair rules: its anti-knight
    peers' values, and those one above and below its neighbours' values."""
    m = 0
    for k in range(npeers[c, 0], npeers[c, 2]):
        v = grid[peers[c, k]]
        if v:
            if k < npeers[c, 1]:
                m |= 1 << (v - 1)
            else:
                m |= (1 << v) | ((1 << (v - 1)) >> 1)
    return m


@njit(cache=True)
def _load(grid, vals, used, cell_units):
    """Copy grid into vals and fill used; False when two givens clash."""
    used[:] = 0
    ok = True
    for c in range(grid.shape[0]):
        v = grid[c]
        vals[c] = v
        if v:
            bit = 1 << (v - 1)
            for k in range(cell_units.shape[1]):
                u = cell_units[c, k]
                if u < 0:
                    break
                if used[u] & bit:
                    ok = False
                used[u] |= bit
    return ok


@njit(cache=True)
def _assign(c, bit, vals, cand, peers, npeers, queue, qt):
    """Put bit's value in cell c, remove it from the peers and the values one above and
    below it from the neighbours; cells left with one candidate are queued. Returns the
    new queue tail, -1 at a dead end."""
    vals[c] = _popcount(bit - 1) + 1
    cand[c] = bit
    gone = bit
    for k in range(npeers[c, 2]):
        if k == npeers[c, 1]:
            gone = (bit << 1) | (bit >> 1)
        p = peers[c, k]
        m = cand[p]
        if m & gone:
            if vals[p]:
                return -1
            m &= ~gone
            if m == 0:
                return -1
            cand[p] = m
            if m & (m - 1) == 0:
                queue[qt] = p
                qt += 1
    return qt


@njit(cache=True)
def _drain(vals, cand, peers, npeers, queue, qt):
    """Assign every queued naked single (and those they create); False at a dead end."""
    qh = 0
    while qh < qt:
        c = queue[qh]
        qh += 1
        if vals[c] == 0:
            qt = _assign(c, cand[c], vals, cand, peers, npeers, queue, qt)
            if qt < 0:
                return False
    return True


@njit(cache=True)
def _propagate(vals, cand, units, peers, npeers, queue, qt):
    """Naked and hidden singles to a fixpoint; False at a dead end.

    cand[] holds every cell's candidates (a solved cell: its value's bit), kept exact by
    _assign, so the fixpoint is the same as reference.py's whatever the order.
    """
    if not _drain(vals, cand, peers, npeers, queue, qt):
        return False
    n = units.shape[1]
    full = (1 << n) - 1
    changed = True
    while changed:
        changed = False
        for u in range(units.shape[0]):
            while True:
                once = 0
                twice = 0
                solved = 0
                for i in range(n):
                    c = units[u, i]
                    m = cand[c]
                    if vals[c]:
                        solved |= m
                    else:
                        twice |= once & m
                        once |= m
                if (once | solved) != full:
                    return False
                hidden = once & ~twice & ~solved
                if hidden == 0:
                    break
                b = hidden & -hidden
                at = 0
                for i in range(n):
                    at = units[u, i]
                    if vals[at] == 0 and cand[at] & b:
                        break
                qt = _assign(at, b, vals, cand, peers, npeers, queue, 0)
                if qt < 0 or not _drain(vals, cand, peers, npeers, queue, qt):
                    return False
                changed = True
    return True


@njit(cache=True)
def _fewest(cells, count, start, vals, cand):
    """The first empty cell of cells[start:count] then cells[:start] with the fewest
    candidates (a pair ends the scan); -1 when all are filled."""
    best = -1
    fewest = 99
    for i in range(count):
        k = i + start
        if k >= count:
            k -= count
        c = cells[k]
        if vals[c] == 0:
            p = _popcount(cand[c])
            if p < fewest:
                fewest = p
                best = c
                if p == 2:
                    break
    return best


@njit(cache=True)
def _fewest_places(fewest, vals, cand, units):
    """(unit, digit bit, places) of the first unit, digits ascending, where a digit has
    fewer places than `fewest` among the unit's empty cells (places: a mask over the
    unit's positions); unit -1 when none has."""
    n = units.shape[1]
    best_u = -1
    best_b = 0
    best_p = 0
    for u in range(units.shape[0]):
        for d in range(n):
            b = 1 << d
            k = 0
            at = 0
            for i in range(n):
                c = units[u, i]
                if vals[c] == 0 and cand[c] & b:
                    k += 1
                    at |= 1 << i
            if 0 < k < fewest:
                fewest = k
                best_u = u
                best_b = b
                best_p = at
    return best_u, best_b, best_p


@njit(cache=True)
def _near(depth, bcell, ex_cell, vals, cand, peers, npeers):
    """A board's focused branch cell: the fewest-candidates empty peer of the latest branch
    cell with one (then of ex_cell); -1 when none has (BOARD_FOCUS)."""
    d = depth
    while d >= 0:
        at = bcell[d - 1] if d > 0 else ex_cell
        d -= 1
        if at >= 0:
            best = _fewest(peers[at], npeers[at, 1], 0, vals, cand)
            if best >= 0:
                return best
    return -1


@njit(cache=True)
def _search(grid, limit, ex_cell, ex_mask, units, peers, npeers, sols):
    """Count solutions up to limit; the first ones found go into the rows of sols
    (k, ncells), as many as fit; rows left over stay zero."""
    ncells = grid.shape[0]
    full = (1 << units.shape[1]) - 1
    sols[:] = 0
    vals = np.zeros(ncells, np.int8)
    cand = np.full(ncells, full, np.int32)
    queue = np.empty(ncells + 1, np.int32)  # a cell turns single once, ex_cell maybe twice
    qt = 0
    for c in range(ncells):
        v = grid[c]
        if v:
            bit = 1 << (v - 1)
            if not cand[c] & bit:
                return 0
            qt = _assign(c, bit, vals, cand, peers, npeers, queue, qt)
            if qt < 0:
                return 0
    if ex_cell >= 0:
        m = cand[ex_cell] & ~ex_mask
        if m == 0:
            return 0
        if vals[ex_cell] == 0:
            cand[ex_cell] = m
            if m & (m - 1) == 0:
                queue[qt] = ex_cell
                qt += 1
    sv = np.empty((ncells + 1, ncells), np.int8)
    sc = np.empty((ncells + 1, ncells), np.int32)
    bcell = np.empty(ncells + 1, np.int32)
    brem = np.empty(ncells + 1, np.int32)
    bdigit = np.empty(ncells + 1, np.int32)  # a branch on places: the digit's bit, else 0
    depth = 0
    count = 0
    nodes = 0
    board = ncells >= EXCLUSION_NODES_FROM
    places = not board  # and no pair rule: no cell has peers beyond its unit mates
    for c in range(ncells):
        if npeers[c, 0] != npeers[c, 2]:
            places = False
            break
    capped = ex_cell >= 0 and board
    ex_start = max(ex_cell, 0)
    every = np.arange(ncells, dtype=np.int32)
    alive = _propagate(vals, cand, units, peers, npeers, queue, qt)
    while True:
        if alive:
            best = -1
            if board and BOARD_FOCUS:
                best = _near(depth, bcell, ex_cell, vals, cand, peers, npeers)
            if best < 0:
                # the scan starts at the excluded cell: on a multi-grid board a search that
                # branches in a grid far from the contradiction repeats it for every branch
                best = _fewest(every, ncells, ex_start, vals, cand)
            if best < 0:
                if count < sols.shape[0]:
                    sols[count, :] = vals
                count += 1
                if count >= limit:
                    return count
            else:
                nodes += 1
                if capped and nodes > EXCLUSION_NODES:
                    return limit  # undecided: as good as another solution to a dig
                sv[depth, :] = vals
                sc[depth, :] = cand
                bcell[depth] = best
                brem[depth] = cand[best]
                bdigit[depth] = 0
                k = _popcount(cand[best])
                if k > 2 and places:
                    u, b, at = _fewest_places(k, vals, cand, units)
                    if u >= 0:
                        bcell[depth] = u
                        brem[depth] = at
                        bdigit[depth] = b
                depth += 1
        alive = False
        while depth > 0 and not alive:
            rem = brem[depth - 1]
            if rem == 0:
                depth -= 1
                continue
            b = rem & -rem
            brem[depth - 1] = rem ^ b
            vals[:] = sv[depth - 1]
            cand[:] = sc[depth - 1]
            at = bcell[depth - 1]
            if bdigit[depth - 1]:  # b marks the place: its unit's cell takes the digit
                at = units[at, _popcount(b - 1)]
                b = bdigit[depth - 1]
            qt = _assign(at, b, vals, cand, peers, npeers, queue, 0)
            alive = qt >= 0 and _propagate(vals, cand, units, peers, npeers, queue, qt)
        if not alive:
            return count


@njit(cache=True)
def count_core(grid, limit, excl_cell, excl_mask, units, cell_units, peers, npeers):
    """Solutions of grid (not modified) up to limit, with excl_mask removed from
    excl_cell's candidates (excl_cell = -1: no exclusion). cell_units is accepted for
    a stable signature."""
    none = np.empty((0, grid.shape[0]), np.int8)
    return _search(grid, limit, excl_cell, excl_mask, units, peers, npeers, none)


@njit(cache=True)
def solve_core(grid, limit, excl_cell, excl_mask, units, cell_units, peers, npeers):
    """(count up to limit, first solution or zeros); same arguments as count_core."""
    first = np.empty((1, grid.shape[0]), np.int8)
    count = _search(grid, limit, excl_cell, excl_mask, units, peers, npeers, first)
    return count, first[0]


@njit(cache=True)
def _count_batch(grids, limit, units, peers, npeers):
    m = grids.shape[0]
    counts = np.zeros(m, np.int32)
    none = np.empty((0, grids.shape[1]), np.int8)
    for i in range(m):
        counts[i] = _search(grids[i], limit, -1, 0, units, peers, npeers, none)
    return counts


@njit(cache=True)
def _solutions_batch(grids, limit, units, peers, npeers):
    m = grids.shape[0]
    counts = np.zeros(m, np.int32)
    sols = np.zeros((m, limit, grids.shape[1]), np.int8)
    for i in range(m):
        counts[i] = _search(grids[i], limit, -1, 0, units, peers, npeers, sols[i])
    return counts, sols


@njit(cache=True)
def _trace_one(grid, limit, units, cell_units, peers, npeers, block_pos, sols, way_cell, way_mask,
               way_index):
    """The SPEC 3 search of one grid; writes sols and the way, returns the figures
    (count, level, maxlevel, way_complexity, cand_sum, cand_sq); the way has level steps.

    Step 2's naked-single scans run as a queue (_drain): single placements are forced, so
    any order reaches the same state, or a dead end in every order; what SPEC 3 fixes
    (the list order, the branch cell, its candidates then) is kept exactly.
    """
    ncells = grid.shape[0]
    full = (1 << units.shape[1]) - 1
    vals = np.empty(ncells, np.int8)
    used = np.empty(units.shape[0], np.int32)
    ok = _load(grid, vals, used, cell_units)
    keys = np.empty(ncells, np.int64)
    npl = 0
    cand_sum = 0
    cand_sq = 0
    for c in range(ncells):
        if vals[c] == 0:
            p = _popcount(_cell_mask(c, used, cell_units, full) & ~_ruled(grid, c, peers, npeers))
            cand_sum += p
            cand_sq += p * p
            keys[npl] = p * ncells + block_pos[c]
            npl += 1
    if not ok:
        return 0, 0, 0, 0, cand_sum, cand_sq
    order = np.argsort(keys[:npl])
    # keys end in the block position; the cell comes back through block order
    plist = np.empty(npl, np.int32)
    inv = np.empty(ncells, np.int32)
    for c in range(ncells):
        inv[block_pos[c]] = c
    for i in range(npl):
        plist[i] = inv[keys[order[i]] % ncells]
    vals[:] = 0
    cand = np.full(ncells, full, np.int32)
    queue = np.empty(ncells, np.int32)
    qt = 0
    for c in range(ncells):
        if grid[c] and qt >= 0:
            qt = _assign(c, 1 << (grid[c] - 1), vals, cand, peers, npeers, queue, qt)
    alive = qt >= 0 and _drain(vals, cand, peers, npeers, queue, qt)
    sv = np.empty((npl + 1, ncells), np.int8)
    sc = np.empty((npl + 1, ncells), np.int32)
    bcell = np.empty(npl + 1, np.int32)
    bmask = np.empty(npl + 1, np.int32)
    brem = np.empty(npl + 1, np.int32)
    bidx = np.empty(npl + 1, np.int32)
    bstart = np.empty(npl + 1, np.int32)
    depth = 0
    maxlevel = 0
    count = 0
    level = 0
    complexity = 0
    start = 0
    while True:
        if alive:
            while start < npl and vals[plist[start]] != 0:
                start += 1
            if start == npl:
                if count == 0:
                    level = depth
                    for d in range(depth):
                        way_cell[d] = bcell[d]
                        way_mask[d] = bmask[d]
                        way_index[d] = bidx[d]
                        p = _popcount(bmask[d])
                        complexity += p * p
                sols[count, :] = vals
                count += 1
                if count >= limit:
                    break
            else:
                c = plist[start]
                sv[depth, :] = vals
                sc[depth, :] = cand
                bcell[depth] = c
                bmask[depth] = cand[c]
                brem[depth] = cand[c]
                bidx[depth] = -1
                # list entries before the branch cell stay filled below it
                bstart[depth] = start
                depth += 1
        alive = False
        while depth > 0 and not alive:
            rem = brem[depth - 1]
            if rem == 0:
                depth -= 1
                continue
            b = rem & -rem
            brem[depth - 1] = rem ^ b
            bidx[depth - 1] += 1
            vals[:] = sv[depth - 1]
            cand[:] = sc[depth - 1]
            start = bstart[depth - 1]
            if depth > maxlevel:
                maxlevel = depth
            qt = _assign(bcell[depth - 1], b, vals, cand, peers, npeers, queue, 0)
            alive = qt >= 0 and _drain(vals, cand, peers, npeers, queue, qt)
        if not alive:
            break
    return count, level, maxlevel, complexity, cand_sum, cand_sq


@njit(cache=True)
def _trace_batch(grids, limit, units, cell_units, peers, npeers, block_pos):
    m, ncells = grids.shape
    figs = np.zeros((m, 6), np.int64)
    sols = np.zeros((m, limit, ncells), np.int8)
    way_cell = np.zeros((m, ncells), np.int32)
    way_mask = np.zeros((m, ncells), np.int32)
    way_index = np.zeros((m, ncells), np.int32)
    for i in range(m):
        r = _trace_one(
            grids[i], limit, units, cell_units, peers, npeers, block_pos,
            sols[i], way_cell[i], way_mask[i], way_index[i],
        )
        for k in range(6):
            figs[i, k] = r[k]
    return figs, sols, way_cell, way_mask, way_index
