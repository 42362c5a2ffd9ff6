"""Complete a random board and dig clues under the uniqueness check: the plain-Python kernels.

Glossary and conventions (shared with ``dig_fast``, which compiles these very functions with
numba, so both backends give identical puzzles by construction):
  grid       int8 array of n*n values, row-major, 0 = blank
  tables     ``units, cell_units, peers, npeers`` from ``Geometry.arrays()``; cell_units and
             peers are padded with -1; then ``rules``, band_layout.rule_table's table of the
             geometry ((0, 3) when it does not fit bands)
  rs         the random state: an int64 array of one element holding a 32-bit xorshift state
             (never 0). Every random choice of a kernel is drawn from it, so a kernel is a
             deterministic function of its inputs and the seed the caller derived.
  groups     (ngroups, gmax) int32 array of cells blanked together (a symmetry orbit),
             padded with -1; gsize[g] = cells in group g
  mask       bit v-1 set = value v
  removal test  a group may be blanked when no solution differs from the known one at one of
             its cells: count_core with that cell's known value excluded finds none (SPEC §4);
             skipped where the answer is sure (dig_core)
  batch      generate_batch: generate_core for many seeds in one call

Everything here avoids Python-only features (lists, dicts, exceptions) so that numba can
compile it unchanged, and reads array items through int() so that plain Python computes in
unbounded ints as numba does in int64. ``count_core`` is resolved from this module's
globals, which the fast backend replaces by the compiled counting kernel; ``other_solution``
likewise, which the fast backend answers on band bitboards where the grid fits them.
"""

from __future__ import annotations

import numpy as np

from .band_layout import EXTRA, LOW_INDEX
from .band_search import (
    FRAMES,
    HELD,
    UNAVOIDABLE,
    branch_cell,
    given_words,
    hidden_single,
    load_givens,
    low_bit,
    open_frame,
    settle,
    take_branch,
    unavoidable_sets,
    workspace,
)
from .reference import count_core

XORSHIFT_MASK = 0xFFFFFFFF


def seed_state(seed: int) -> np.ndarray:
    """A random state for the kernels from any integer seed."""
    return np.array([seed % XORSHIFT_MASK + 1], dtype=np.int64)


def rand_below(rs, k):
    """A number in 0..k-1 (k <= 2**31) from the xorshift32 state rs[0]."""
    x = int(rs[0])
    x ^= (x << 13) & XORSHIFT_MASK
    x ^= x >> 17
    x ^= (x << 5) & XORSHIFT_MASK
    rs[0] = x
    return (x * k) >> 32


def shuffle(a, count, rs):
    """Fisher-Yates shuffle of a[:count] in place."""
    for i in range(count - 1, 0, -1):
        j = rand_below(rs, i + 1)
        a[i], a[j] = a[j], a[i]


def popcount(m):
    c = 0
    while m:
        m &= m - 1
        c += 1
    return c


def candidates(c, umask, cell_units, full):
    """The values still open for cell c given the used-value mask of every unit."""
    used = 0
    for j in range(cell_units.shape[1]):
        u = cell_units[c, j]
        if u >= 0:
            used |= umask[u]
    return full & ~used


def choices(grid, c, umask, cell_units, full, peers, npeers):
    """candidates() less the values the pair rules forbid (none on most kinds)."""
    return candidates(c, umask, cell_units, full) & ~peer_mask(
        grid, c, peers, npeers, int(npeers[c, 0]))


def set_value(grid, c, v, umask, cell_units):
    """Put v (0 = blank) in cell c and keep the unit masks in step."""
    old = int(grid[c])
    for j in range(cell_units.shape[1]):
        u = cell_units[c, j]
        if u >= 0:
            if old:
                umask[u] &= ~(1 << (old - 1))
            if v:
                umask[u] |= 1 << (v - 1)
    grid[c] = v


def peer_mask(grid, c, peers, npeers, start):
    """The values cell c may not take for the cells of its peer row from index start on:
    the values of its peers, and those one above and below its neighbours' values."""
    m = 0
    for j in range(start, npeers[c, 2]):
        v = int(grid[peers[c, j]])
        if v:
            if j < npeers[c, 1]:
                m |= 1 << (v - 1)
            else:
                m |= (1 << v) | (1 << (v - 1) >> 1)
    return m


def other_solution(puzzle, c, bit, units, cell_units, peers, npeers, rules, work, given):
    """Whether the puzzle has a solution without bit's value in cell c (the removal test).
    rules, work (the band search's scratch space) and given (the puzzle's given_words,
    where bands serve) serve the fast backend's version, which counts on band
    bitboards."""
    return count_core(puzzle, 1, c, bit, units, cell_units, peers, npeers) > 0


def band_fill(grid, rs, node_limit, rules, work):
    """Complete grid (its values kept) to a random full board on band bitboards: the band
    search's singles, then a branch on its branch cell with the digits in a random order;
    False when node_limit branches pass first or the values have no completion."""
    stack = work
    seen = work[FRAMES]
    given_words(grid, stack[1])
    if not load_givens(stack[1], -1, 0, stack[0], rules):
        return False
    seen[:] = -1
    if not settle(stack[0], seen, rules):
        return False
    depth = 0
    nodes = 0
    while True:
        b, x = branch_cell(stack[depth])
        if b < 0:
            for w in range(27):
                v = int(stack[depth, w])
                while v:
                    grid[27 * (w % 3) + low_bit(v)] = w // 3 + 1
                    v &= v - 1
            return True
        nodes += 1
        if nodes > node_limit:
            return False
        open_frame(stack, depth, b, x)
        depth += 1
        alive = False
        while depth > 0 and not alive:
            f = stack[depth - 1]
            left = int(f[32])
            if left == 0:
                depth -= 1
                continue
            pick = left
            for _ in range(rand_below(rs, popcount(left))):
                pick &= pick - 1
            bit = pick & -pick
            f[32] = left ^ bit
            alive = take_branch(stack, depth, LOW_INDEX[bit], seen, rules)
        if not alive:
            return False


def complete_core(grid, rs, nseed, node_limit, units, cell_units, peers, npeers, rules):
    """Fill the blank grid with a random full board; False if node_limit was hit first.

    Seeds up to nseed random non-clashing digits in random cells (seed 003), then completes:
    on band bitboards where the grid fits them (band_fill; rules is its table), else with a
    depth-first search that branches on the cell with fewest candidates and tries its
    candidates in a random order drawn per cell. On False the grid is left partly filled.
    """
    ncells = grid.shape[0]
    n = units.shape[1]
    full = (1 << n) - 1
    umask = np.zeros(units.shape[0], dtype=np.int64)
    cells = np.arange(ncells, dtype=np.int32)
    shuffle(cells, ncells, rs)
    placed = 0
    for i in range(ncells):
        if placed >= nseed:
            break
        c = cells[i]
        cand = choices(grid, c, umask, cell_units, full, peers, npeers)
        if cand == 0:
            continue
        r = rand_below(rs, popcount(cand))
        v = 1
        while True:
            if (cand >> (v - 1)) & 1:
                if r == 0:
                    break
                r -= 1
            v += 1
        set_value(grid, c, v, umask, cell_units)
        placed += 1
    if rules.shape[0]:
        return band_fill(grid, rs, node_limit, rules, workspace())
    orders = np.empty((ncells, n), dtype=np.int8)
    for c in range(ncells):
        for k in range(n):
            orders[c, k] = k + 1
        shuffle(orders[c], n, rs)
    stack_cell = np.zeros(ncells, dtype=np.int32)
    stack_next = np.zeros(ncells, dtype=np.int32)
    depth = 0
    nodes = 0
    while True:
        best = -1
        best_count = n + 1
        for c in range(ncells):
            if grid[c] == 0:
                k = popcount(choices(grid, c, umask, cell_units, full, peers, npeers))
                if k < best_count:
                    best = c
                    best_count = k
                    if k <= 1:
                        break
        if best < 0:
            return True
        nodes += 1
        if nodes > node_limit:
            return False
        if best_count > 0:
            stack_cell[depth] = best
            stack_next[depth] = 0
            depth += 1
        # Advance the deepest open choice to its next candidate, backtracking past the
        # exhausted ones (a dead end, best_count == 0, lands here directly).
        placed_one = False
        while depth > 0 and not placed_one:
            c = stack_cell[depth - 1]
            if grid[c]:
                set_value(grid, c, 0, umask, cell_units)
            cand = choices(grid, c, umask, cell_units, full, peers, npeers)
            k = stack_next[depth - 1]
            while k < n:
                v = int(orders[c, k])
                k += 1
                if (cand >> (v - 1)) & 1:
                    set_value(grid, c, v, umask, cell_units)
                    placed_one = True
                    break
            stack_next[depth - 1] = k
            if not placed_one:
                depth -= 1
        if not placed_one:
            return False


def dig_core(
    puzzle, solution, groups, gsize, order, norder, minimal, lo, units, cell_units, peers, npeers,
    rules,
):
    """Blank the groups order[:norder] in turn, each kept blank only while the puzzle stays
    unique; returns the clue count. puzzle (a unique puzzle of solution) is dug in place.

    Without minimal, digging stops at lo clues and skips a group that would go below lo;
    with minimal every group is tried, so no remaining group can be blanked alone.

    The removal test is skipped where its answer is sure without it: a cell its peers pin
    to one value, or (on band bitboards) whose value has no other open cell in one of its
    units, keeps that value; and on a board of rows, columns and boxes alone, a cell of an
    unavoidable set of the solution (band_search.unavoidable_sets) left without a clue
    can take another value.
    """
    full = (1 << units.shape[1]) - 1
    work = workspace()
    banded = rules.shape[0] > 0
    given = np.zeros(30, dtype=np.int64)
    sets = np.zeros((UNAVOIDABLE, 3), dtype=np.int64)
    holds = np.zeros((81, HELD + 1), dtype=np.int32)
    if banded:
        if rules.shape[0] == EXTRA and rules[0, 0] == 0:
            unavoidable_sets(solution, sets, holds)
        given_words(puzzle, given)
    clues = 0
    for c in range(puzzle.shape[0]):
        if puzzle[c]:
            clues += 1
    for i in range(norder):
        if not minimal and clues <= lo:
            break
        g = order[i]
        k = gsize[g]
        if not minimal and clues - k < lo:
            continue
        for j in range(k):
            c = groups[g, j]
            puzzle[c] = 0
            if banded:
                _given_flip(given, c, int(solution[c]))
        unique = True
        for j in range(k):
            c = groups[g, j]
            bit = 1 << (int(solution[c]) - 1)
            # A cell its peers pin to one value needs no search (most cells, early on).
            if (peer_mask(puzzle, c, peers, npeers, 0) | bit) & full == full:
                continue
            if banded:
                b = c // 27
                if hidden_single(given, int(solution[c]) - 1, b, c - 27 * b):
                    continue
                if _unhit(sets, holds, given, c):
                    unique = False
                    break
            if other_solution(puzzle, c, bit, units, cell_units, peers, npeers, rules, work,
                              given):
                unique = False
                break
        if unique:
            clues -= k
        else:
            for j in range(k):
                c = groups[g, j]
                puzzle[c] = solution[c]
                if banded:
                    _given_flip(given, c, int(solution[c]))
    return clues


def _given_flip(given, c, v):
    """Blank or give again, in given_words' words, cell c of value v."""
    b = c // 27
    bit = 1 << (c - 27 * b)
    given[3 * (v - 1) + b] ^= bit
    given[27 + b] ^= bit


def _unhit(sets, holds, given, c):
    """Whether one of the unavoidable sets that hold cell c (unavoidable_sets' sets and
    holds) has no given left (given_words' words)."""
    for i in range(1, holds[c, 0] + 1):
        k = holds[c, i]
        if not (sets[k, 0] & given[27] or sets[k, 1] & given[28] or sets[k, 2] & given[29]):
            return True
    return False


def generate_core(
    seed, nseed, node_limit, groups, gsize, minimal, lo, hi, max_tries, order, puzzle, solution,
    units, cell_units, peers, npeers, rules,
):
    """Complete a random board and dig it until the clue count is within lo..hi.

    Each try completes a fresh board (retrying completions that hit node_limit), shuffles
    the groups and digs. Returns (tries, fewest, most clues reached); puzzle and solution
    hold the last try, the result when lo <= clues <= hi, which the caller checks, and
    order (0..ngroups-1 on entry) the order that try visited the groups in: the groups
    blank at the end, in that order, are the dig's removals as they happened.
    """
    rs = np.zeros(1, dtype=np.int64)
    rs[0] = seed % XORSHIFT_MASK + 1
    ngroups = gsize.shape[0]
    fewest = puzzle.shape[0] + 1
    most = -1
    tries = 0
    while tries < max_tries:
        tries += 1
        solution[:] = 0
        while not complete_core(solution, rs, nseed, node_limit, units, cell_units, peers,
                                npeers, rules):
            solution[:] = 0
        puzzle[:] = solution
        shuffle(order, ngroups, rs)
        clues = dig_core(
            puzzle, solution, groups, gsize, order, ngroups, minimal, lo,
            units, cell_units, peers, npeers, rules,
        )
        fewest = min(fewest, clues)
        most = max(most, clues)
        if lo <= clues <= hi:
            break
    return tries, fewest, most


def generate_batch(
    seeds, nseed, node_limit, groups, gsize, minimal, lo, hi, max_tries, budget, puzzles,
    solutions, made, units, cell_units, peers, npeers, rules,
):
    """generate_core for each seed in turn, into puzzles[i] and solutions[i], made[i] =
    (tries, fewest, most clues reached), until the puzzles' tries reach budget; returns
    the puzzles made. One call for many puzzles: no call and no argument checks a puzzle
    between Python and the kernels, and a call still ends after a bounded number of
    tries (Python handles Ctrl-C only between calls)."""
    order = np.empty(gsize.shape[0], dtype=np.int32)
    tries = 0
    for i in range(seeds.shape[0]):
        for g in range(order.shape[0]):
            order[g] = g
        made[i, 0], made[i, 1], made[i, 2] = generate_core(
            int(seeds[i]), nseed, node_limit, groups, gsize, minimal, lo, hi, max_tries, order,
            puzzles[i], solutions[i], units, cell_units, peers, npeers, rules,
        )
        tries += made[i, 0]
        if tries >= budget:
            return i + 1
    return seeds.shape[0]
