"""Searching 9x9 grids on band bitboards: the plain-Python source of bands.py's kernels.

bands.py compiles these very functions with numba (as dig_fast.py does dig_reference's);
run as they are, they serve the reference backend's random completion (dig_reference.
band_fill) and dig, so that both backends fill the same boards and dig the same puzzles.

Glossary (band_layout.py has the layout: bands, words, mini-rows, the rule table):
  state      27 digit words and 3 words of unsolved cells, in one int64 row of 30
             (F[3*d + b], then U[b] at 27 + b); a frame of the search is a copy of it
  seen       the words as the last band pass left them: a digit whose words differ has
             changed since, and only those are passed over again
  band pass  for each changed digit, in each band: drop the cells of mini-rows that take
             part in no way of placing the digit once in each row and box (a table look-up,
             which also finds a band with no way: a dead end); the same in each stack, by
             columns; then place the digit where a row of a band has one cell left (a row's,
             box's or column's lone cell comes out of the two tables this way)
  place      put digit d in a cell: the cell's other digits, the digit's other cells in the
             row and box, in the column in the other bands, and per the rule table go
  singles    a cell with one digit left (naked); a unit of the rule table with one cell
             left for a digit (hidden)
  branch     on ways: on the band or stack whose digits have the fewest ways in all, on its
             digit with the fewest ways (two or more), one branch a way (the digit's other
             mini-rows or mini-columns there go); a way takes more of the grid at once than
             a cell, and hard puzzles need a third of the branches. The count of whole
             classic puzzles (band_count) branches so. On cells (the other kinds too): on an
             unsolved cell with two digits (else the first with fewest), one branch a
             digit, ascending in the count and in the dig's removal tests (count_given's
             ways False), in a random order in the random completion
             (dig_reference.band_fill). The count and the removal tests branch instead on
             a digit's places in a unit (rows, columns, boxes, then the rule table's),
             one branch a place, where the cell has three digits or more and such a digit
             has fewer places (open_places), unless pair rules hold (see fast.py's
             count). Every branch starts from a copy of its frame
  triads     each mini-row (and mini-column) holds three digits: where only three digits
             may go, each must (its other mini-rows of the row and box go); where three
             must (each has no way without it), no other may. Where fewer may or more must,
             a dead end. The count on ways settles with them (tighten): branching on ways
             without them, an almost empty grid sends the search down countless ways that
             put four digits in a mini-row
  given words  the givens as words, given_words' row of 30 (given[3*d + b]: band b's
             cells holding digit d + 1; given[27 + b]: band b's givens); the count starts
             from them (count_given), the dig keeps its own up to date
  unavoidable set  cells of a full board whose digits can be rearranged into another
             full board: a puzzle with no clue among them has two solutions (SPEC 4's
             removal test is then sure to fail)

The count answers counts only: for the first solution in the order the reference search
finds it, fast.py's search serves. A dead end is any word with no cell in some row or
column, or a cell with no digit left (which also catches two givens of a unit alike).
"""

from __future__ import annotations

import numpy as np

from .band_layout import (
    BAND_MATES,
    BAND_WORD,
    BOXES,
    CELL,
    COLUMN,
    EXTRA,
    LONE,
    LOW_INDEX,
    MATCHINGS,
    MATES,
    MINI_CELLS,
    MUST,
    NEAR,
    ROW_BITS,
    ROW_BOXES,
    ROWS,
    WAY_COUNT,
    WAY_SET,
    WAYS,
)

STATE = 35
"""Columns of a workspace row: the state (30), then the frame's branch (a cell's band, bit
and digits to try; a way's WAYED + band or stack, digit and ways to try; a digit's places:
PLACED, the digit, and the places to try, a word a band)."""
WAYED = 3
"""A frame's column 30 from here up: a branch on ways (WAYED + 0..2 a band, + 3..5 a
stack)."""
PLACED = WAYED + 6
"""A frame's column 30 for a branch on a digit's places in a unit (open_places)."""
UNAVOIDABLE = 72
"""Most sets unavoidable_sets finds: 18 pairs of lines with 4 cycles each."""
HELD = 4
"""Most of those sets a cell is in: two pairs of rows and two of columns."""
FRAMES = 82
"""Workspace rows that hold frames (one a guess, and the start: the random completion guesses
at most 81 cells, the count at most 54 ways, one a digit of a band or stack); the row after
them holds ``seen``."""


def low_bit(v):
    """Index of the lowest set bit of a 27-bit word (v != 0)."""
    if v & ROW_BITS:
        return LOW_INDEX[v & ROW_BITS]
    if (v >> 9) & ROW_BITS:
        return 9 + LOW_INDEX[(v >> 9) & ROW_BITS]
    return 18 + LOW_INDEX[v >> 18]


def popcount27(v):
    v = v - ((v >> 1) & 0x55555555)
    v = (v & 0x33333333) + ((v >> 2) & 0x33333333)
    v = (v + (v >> 4)) & 0x0F0F0F0F
    return (v * 0x01010101 & 0xFFFFFFFF) >> 24


def place(s, d, b, x, rules):
    """Digit d in bit x of band b (see the glossary's place)."""
    bit = 1 << x
    for e in range(9):
        if e != d:
            s[3 * e + b] &= ~bit
    w = 3 * d
    s[w + b] &= ~BAND_MATES[x]
    col = COLUMN[x % 9]
    for o in range(3):
        if o != b:
            s[w + o] &= ~col
    s[27 + b] &= ~bit
    if rules[0, 0]:
        _ruled(s, d, 27 * b + x, rules)


def _ruled(s, d, c, rules):
    """What the rule table takes away when digit d goes in cell c."""
    w = 3 * d
    for o in range(3):
        s[w + o] &= ~rules[CELL + c, o]
        near = rules[NEAR + c, o]
        if near:
            if d > 0:
                s[w - 3 + o] &= ~near
            if d < 8:
                s[w + 3 + o] &= ~near


def _spread(cols):
    """The band cells of a 9-bit set of columns."""
    return cols | cols << 9 | cols << 18


def _minis(v):
    """The mini-rows (9 bits) in which the band word v has a cell."""
    return ROW_BOXES[v & ROW_BITS] | ROW_BOXES[(v >> 9) & ROW_BITS] << 3 | ROW_BOXES[v >> 18] << 6


def _columns(v):
    """The columns (9 bits) in which the band word v has a cell."""
    return (v | v >> 9 | v >> 18) & ROW_BITS


def _stack_minis(c0, c1, c2, k):
    """The mini-columns (9 bits) of the stack from column k on, from each band's columns."""
    return (c0 >> k) & 7 | ((c1 >> k) & 7) << 3 | ((c2 >> k) & 7) << 6


def _in_ways(v):
    """The cells of a digit's band word in some way of placing it once in each row and box
    of the band; 0 when there is none."""
    return v & MINI_CELLS[MATCHINGS[_minis(v)]]


def _band_pass(s, seen, rules):
    """Band and stack passes until no digit's words change; False at a dead end."""
    again = True
    while again:
        again = False
        for d in range(9):
            w = 3 * d
            v0 = s[w]
            v1 = s[w + 1]
            v2 = s[w + 2]
            if v0 == seen[w] and v1 == seen[w + 1] and v2 == seen[w + 2]:
                continue
            v0 = _in_ways(v0)
            v1 = _in_ways(v1)
            v2 = _in_ways(v2)
            if v0 == 0 or v1 == 0 or v2 == 0:
                return False
            # what the stacks or placements below change is passed over once more
            seen[w] = v0
            seen[w + 1] = v1
            seen[w + 2] = v2
            # the same in each stack: one column of the stack a band, one band a column
            c0 = _columns(v0)
            c1 = _columns(v1)
            c2 = _columns(v2)
            a0 = 0
            a1 = 0
            a2 = 0
            for k in range(0, 9, 3):
                keep = MATCHINGS[_stack_minis(c0, c1, c2, k)]
                if keep == 0:
                    return False
                a0 |= (keep & 7) << k
                a1 |= ((keep >> 3) & 7) << k
                a2 |= ((keep >> 6) & 7) << k
            v0 &= _spread(a0)
            v1 &= _spread(a1)
            v2 &= _spread(a2)
            s[w] = v0
            s[w + 1] = v1
            s[w + 2] = v2
            again = True
            for b in range(3):
                v = s[w + b]
                lone = (LONE[v & ROW_BITS] | LONE[(v >> 9) & ROW_BITS] << 9
                        | LONE[v >> 18] << 18) & s[27 + b]
                while lone:
                    place(s, d, b, low_bit(lone), rules)
                    lone &= (lone - 1) & s[w + b]
    return True


def _naked(s, rules):
    """Place every cell left with one digit: -1 at a dead end, else how many were placed."""
    placed = 0
    for b in range(3):
        one = 0
        two = 0
        for d in range(9):
            v = s[3 * d + b]
            two |= one & v
            one |= v
        if one != BAND_WORD:
            return -1
        single = one & ~two & s[27 + b]
        while single:
            x = low_bit(single)
            single &= single - 1
            d = 0
            while d < 9 and not (s[3 * d + b] >> x) & 1:
                d += 1
            if d == 9:  # an earlier single of this pass took its last digit
                return -1
            place(s, d, b, x, rules)
            placed += 1
    return placed


def _hidden(s, rules):
    """Place every digit a unit of the rule table has one cell left for: -1 at a dead end,
    else how many were placed. (A column's or box's lone cell is the band and stack
    passes' work.)"""
    placed = 0
    for u in range(EXTRA, rules.shape[0]):
        for d in range(9):
            w = 3 * d
            n = 0
            for b in range(3):
                n += popcount27(s[w + b] & rules[u, b])
            if n == 0:
                return -1
            if n == 1:
                for b in range(3):
                    v = s[w + b] & rules[u, b] & s[27 + b]
                    if v:
                        place(s, d, b, low_bit(v), rules)
                        placed += 1
    return placed


def settle(s, seen, rules):
    """Band passes and singles to a fixpoint; False at a dead end."""
    while True:
        if not _band_pass(s, seen, rules):
            return False
        k = _naked(s, rules)
        if k < 0:
            return False
        if k:
            continue
        if rules.shape[0] <= EXTRA:
            return True
        k = _hidden(s, rules)
        if k < 0:
            return False
        if k == 0:
            return True


def _tally(x, n1, n2, n3, n4):
    """Bit-sliced counting to four: after adding words x one at a time, n_k has the bits
    that k or more of them have."""
    return n1 | x, n2 | (n1 & x), n3 | (n2 & x), n4 | (n3 & x)


def _triads(s):
    """The triads (see the glossary) once over the bands' mini-rows and the stacks'
    mini-columns: -1 at a dead end, else 1 when a word changed, 0 when none did. The
    counts run over the digits in 27-bit words: 9 bits a band (h: may, hm: must) or a
    stack (v, vm)."""
    h1 = h2 = h3 = h4 = hm1 = hm2 = hm3 = hm4 = 0
    v1 = v2 = v3 = v4 = vm1 = vm2 = vm3 = vm4 = 0
    for d in range(9):
        w = 3 * d
        r0 = _minis(s[w])
        r1 = _minis(s[w + 1])
        r2 = _minis(s[w + 2])
        c0 = _columns(s[w])
        c1 = _columns(s[w + 1])
        c2 = _columns(s[w + 2])
        k0 = _stack_minis(c0, c1, c2, 0)
        k1 = _stack_minis(c0, c1, c2, 3)
        k2 = _stack_minis(c0, c1, c2, 6)
        h1, h2, h3, h4 = _tally(r0 | r1 << 9 | r2 << 18, h1, h2, h3, h4)
        hm1, hm2, hm3, hm4 = _tally(MUST[r0] | MUST[r1] << 9 | MUST[r2] << 18,
                                    hm1, hm2, hm3, hm4)
        v1, v2, v3, v4 = _tally(k0 | k1 << 9 | k2 << 18, v1, v2, v3, v4)
        vm1, vm2, vm3, vm4 = _tally(MUST[k0] | MUST[k1] << 9 | MUST[k2] << 18,
                                    vm1, vm2, vm3, vm4)
    if h3 != BAND_WORD or v3 != BAND_WORD or hm4 | vm4:
        return -1
    h_only = h3 & ~h4 & ~hm3  # three may, not all yet must: they must
    h_full = hm3 & h4  # three must, more may
    v_only = v3 & ~v4 & ~vm3
    v_full = vm3 & v4
    if h_only | h_full | v_only | v_full == 0:
        return 0
    changed = 0
    for d in range(9):
        w = 3 * d
        c0 = _columns(s[w])
        c1 = _columns(s[w + 1])
        c2 = _columns(s[w + 2])
        cols = 0  # the columns each band loses, 9 bits a band
        for k in range(3):
            m = _stack_minis(c0, c1, c2, 3 * k)
            loose = m & ~MUST[m]
            drop = (MATES[loose & (v_only >> (9 * k)) & ROW_BITS]
                    | loose & (v_full >> (9 * k)))
            for b in range(3):
                cols |= ((drop >> (3 * b)) & 7) << (3 * k + 9 * b)
        for b in range(3):
            v = s[w + b]
            m = _minis(v)
            loose = m & ~MUST[m]
            drop = (MATES[loose & (h_only >> (9 * b)) & ROW_BITS]
                    | loose & (h_full >> (9 * b)))
            keep = v & ~MINI_CELLS[drop & ROW_BITS] & ~_spread((cols >> (9 * b)) & ROW_BITS)
            if keep != v:
                s[w + b] = keep
                changed = 1
    return changed


def tighten(s, seen, rules):
    """settle, then the triads, until neither changes a word: the count's propagation;
    False at a dead end."""
    while settle(s, seen, rules):
        k = _triads(s)
        if k <= 0:
            return k == 0
    return False


def branch_cell(s):
    """(band, bit) of the unsolved cell to branch on: the first with two digits, else the
    first with fewest; band -1 when every cell is solved."""
    best_b = -1
    best_x = -1
    fewest = 10
    for b in range(3):
        todo = s[27 + b]
        if todo == 0:
            continue
        one = 0
        two = 0
        three = 0
        for d in range(9):
            v = s[3 * d + b]
            three |= two & v
            two |= one & v
            one |= v
        pair = two & ~three & todo
        if pair:
            return b, low_bit(pair)
        while todo and fewest > 3:
            x = low_bit(todo)
            todo &= todo - 1
            k = 0
            for d in range(9):
                k += (s[3 * d + b] >> x) & 1
            if k < fewest:
                fewest = k
                best_b = b
                best_x = x
    return best_b, best_x


def unit_word(u, b, rules):
    """The cells of unit u in band b: rows 0..8, columns 9..17, boxes 18..26, then the
    rule table's units from EXTRA on."""
    if u < 9:
        return ROWS[1 << (u % 3)] if u // 3 == b else 0
    if u < 18:
        return COLUMN[u - 9]
    if u < 27:
        k = u - 18
        return BOXES[1 << (k % 3)] if k // 3 == b else 0
    return rules[EXTRA + u - 27, b]


def open_places(stack, depth, fewest, rules):
    """Make frame stack[depth]'s branch one on the places of the first digit (units in
    unit_word's order, digits ascending) with fewer unsolved cells than `fewest` in a unit,
    the fewest; the frame stays as it was when none has."""
    s = stack[depth]
    for u in range(27 + max(rules.shape[0] - EXTRA, 0)):
        m0 = unit_word(u, 0, rules) & s[27]
        m1 = unit_word(u, 1, rules) & s[28]
        m2 = unit_word(u, 2, rules) & s[29]
        for d in range(9):
            w = 3 * d
            k = popcount27(s[w] & m0) + popcount27(s[w + 1] & m1) + popcount27(s[w + 2] & m2)
            if 0 < k < fewest:
                fewest = k
                s[30] = PLACED
                s[31] = d
                s[32] = s[w] & m0
                s[33] = s[w + 1] & m1
                s[34] = s[w + 2] & m2


def take_place(stack, depth, seen, rules):
    """Frame stack[depth - 1]'s digit in the first of its places left (taken off them),
    settled in stack[depth]; False at a dead end."""
    f = stack[depth - 1]
    b = 0
    while f[32 + b] == 0:
        b += 1
    v = f[32 + b]
    f[32 + b] = v & (v - 1)
    s = _child(stack, depth, seen)
    place(s, f[31], b, low_bit(v), rules)
    return settle(s, seen, rules)


def _ways_of(s, d, p):
    """The ways (WAY_SET's 6 bits) digit d has left in band p (0..2) or stack p - 3."""
    w = 3 * d
    if p < 3:
        return WAY_SET[_minis(s[w + p])]
    return WAY_SET[_stack_minis(_columns(s[w]), _columns(s[w + 1]), _columns(s[w + 2]),
                                3 * (p - 3))]


def branch_way(s):
    """(place, digit) of the count's branch: the band (place 0..2) or stack (3..5) whose
    digits have the fewest ways in all, and its digit with the fewest (two or more);
    place -1 when every digit has one way in every band and stack (a solved state)."""
    h0 = 0
    h1 = 0
    h2 = 0
    t0 = 0
    t1 = 0
    t2 = 0
    for d in range(9):
        a = s[3 * d]
        b = s[3 * d + 1]
        c = s[3 * d + 2]
        h0 += WAY_COUNT[_minis(a)]
        h1 += WAY_COUNT[_minis(b)]
        h2 += WAY_COUNT[_minis(c)]
        c0 = _columns(a)
        c1 = _columns(b)
        c2 = _columns(c)
        t0 += WAY_COUNT[_stack_minis(c0, c1, c2, 0)]
        t1 += WAY_COUNT[_stack_minis(c0, c1, c2, 3)]
        t2 += WAY_COUNT[_stack_minis(c0, c1, c2, 6)]
    place = -1
    fewest = 9 * 6 + 1
    for p, t in enumerate((h0, h1, h2, t0, t1, t2)):
        if 9 < t < fewest:  # 9: each digit has its one way there
            fewest = t
            place = p
    if place < 0:
        return -1, 0
    digit = 0
    fewest = 7
    for d in range(9):
        n = popcount27(_ways_of(s, d, place))
        if 1 < n < fewest:
            fewest = n
            digit = d
            if n == 2:
                break
    return place, digit


def open_way(stack, depth, p, d):
    """Record in frame stack[depth] its branch: digit d's ways in band or stack p."""
    stack[depth, 30] = WAYED + p
    stack[depth, 31] = d
    stack[depth, 32] = _ways_of(stack[depth], d, p)


def take_way(stack, depth, i, seen, rules):
    """Frame stack[depth - 1] with its digit in way WAYS[i] of its band or stack, settled
    in stack[depth]; False at a dead end."""
    f = stack[depth - 1]
    s = _child(stack, depth, seen)
    p = f[30] - WAYED
    w = 3 * f[31]
    way = WAYS[i]
    if p < 3:
        s[w + p] &= MINI_CELLS[way]
    else:
        k = 3 * (p - 3)
        for b in range(3):
            s[w + b] &= ~_spread((7 & ~(way >> (3 * b))) << k)
    return tighten(s, seen, rules)


def given_words(grid, given):
    """given[3*d + b]: the cells of band b that hold digit d + 1 in the 81-cell grid;
    given[27 + b]: band b's givens."""
    for w in range(30):
        given[w] = 0
    for c in range(81):
        v = grid[c]
        if v:
            b = c // 27
            bit = 1 << (c - 27 * b)
            given[3 * (v - 1) + b] |= bit
            given[27 + b] |= bit


def _given_columns(given, w):
    """The columns (9 bits) of the givens of the digit of words w .. w + 2."""
    cols = 0
    for b in range(3):
        v = given[w + b]
        cols |= (v | v >> 9 | v >> 18) & ROW_BITS
    return cols


def _seen(v, cols):
    """The cells of a band in a row or box of the band word v's cells, or in the columns
    cols (9 bits)."""
    rows = ((1 if v & ROW_BITS else 0) | (2 if (v >> 9) & ROW_BITS else 0)
            | (4 if v >> 18 else 0))
    boxes = ROW_BOXES[v & ROW_BITS] | ROW_BOXES[(v >> 9) & ROW_BITS] | ROW_BOXES[v >> 18]
    return ROWS[rows] | BOXES[boxes] | _spread(cols)


def _open(given, w, b, cols):
    """The blank cells of band b that no given of the digit of words w .. w + 2 sees by
    row, box or column (cols: its givens' columns)."""
    return BAND_WORD & ~given[27 + b] & ~_seen(given[w + b], cols)


def load_givens(given, ex_cell, ex_mask, s, rules):
    """The state of the givens (given_words' words), ex_mask's digits taken from ex_cell;
    False when the givens clash."""
    for d in range(9):
        w = 3 * d
        cols = 0
        for b in range(3):
            v = given[w + b]
            r0 = v & ROW_BITS
            r1 = (v >> 9) & ROW_BITS
            r2 = v >> 18
            b0 = ROW_BOXES[r0]
            b1 = ROW_BOXES[r1]
            b2 = ROW_BOXES[r2]
            # two givens of d in a row, a column or a box
            if (r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1)):
                return False
            if (r0 & r1) | (r0 & r2) | (r1 & r2) | (cols & (r0 | r1 | r2)):
                return False
            if (b0 & b1) | (b0 & b2) | (b1 & b2):
                return False
            cols |= r0 | r1 | r2
        for b in range(3):
            s[w + b] = _open(given, w, b, cols) | given[w + b]
    for b in range(3):
        s[27 + b] = BAND_WORD & ~given[27 + b]
    if rules[0, 0]:
        for w in range(27):
            v = given[w]
            while v:
                _ruled(s, w // 3, 27 * (w % 3) + low_bit(v), rules)
                v &= v - 1
        for w in range(27):
            if s[w] & given[w] != given[w]:
                return False
    if ex_cell >= 0:
        b = ex_cell // 27
        bit = 1 << (ex_cell - 27 * b)
        for d in range(9):
            if (ex_mask >> d) & 1:
                s[3 * d + b] &= ~bit
    return True


def hidden_single(given, d, b, x):
    """Whether the givens (given_words) leave digit d + 1 no open cell but bit x of band b
    in that cell's row, column or box. Rows, columns and boxes alone: a geometry's other
    rules would only close more cells, so a single here is one under them too."""
    w = 3 * d
    cols = _given_columns(given, w)
    mine = _open(given, w, b, cols)
    bit = 1 << x
    if mine & (ROW_BITS << (x - x % 9)) == bit or mine & BOXES[1 << (x % 9 // 3)] == bit:
        return True
    col = COLUMN[x % 9]
    if mine & col != bit:
        return False
    for o in range(3):
        if o != b and _open(given, w, o, cols) & col:
            return False
    return True


def _hold(holds, c, k):
    """Note in holds that cell c is in set k."""
    holds[c, 0] += 1
    holds[c, holds[c, 0]] = k


def unavoidable_sets(solution, sets, holds):
    """Unavoidable sets of the full 9x9 board solution into sets[:k] (one row of three band
    words a set), and in holds[c] the sets that hold cell c (holds[c, 0] of them, from
    holds[c, 1] on: at most HELD); returns k (at most UNAVOIDABLE). Two rows of a band
    hold the same digits in the columns of each cycle of the permutation that maps the
    digit of one row to the digit of the other in the same column: a puzzle without a
    clue in those cells has a second solution, the board with the two rows swapped there.
    The same for two columns of a stack. (The parts of two digits' cells that no row,
    column or box links would catch a tenth more of the dig's failing removals, and cost
    as much to find as they save.)"""
    k = 0
    holds[:, 0] = 0
    for step, across in ((9, 1), (1, 9)):  # rows, then columns
        for l1 in range(9):
            for l2 in range(l1 + 1, l1 - l1 % 3 + 3):
                where = 0  # where[digit] = its place in line l1, four bits each
                for i in range(9):
                    where |= i << (4 * int(solution[l1 * step + i * across]))
                done = 0
                for i in range(9):
                    if (done >> i) & 1:
                        continue
                    sets[k, 0] = 0
                    sets[k, 1] = 0
                    sets[k, 2] = 0
                    j = i
                    while not (done >> j) & 1:
                        done |= 1 << j
                        for c in (l1 * step + j * across, l2 * step + j * across):
                            sets[k, c // 27] |= 1 << (c % 27)
                            _hold(holds, c, k)
                        j = (where >> (4 * int(solution[l2 * step + j * across]))) & 15
                    k += 1
    return k


def open_frame(stack, depth, b, x):
    """Record in frame stack[depth] its branch: bit x of band b, and the digits to try."""
    left = 0
    for d in range(9):
        left |= ((int(stack[depth, 3 * d + b]) >> x) & 1) << d
    stack[depth, 30] = b
    stack[depth, 31] = x
    stack[depth, 32] = left


def _child(stack, depth, seen):
    """Frame stack[depth - 1]'s state copied into stack[depth] (returned), its words also
    into seen."""
    f = stack[depth - 1]
    s = stack[depth]
    for i in range(27):
        s[i] = f[i]
        seen[i] = f[i]
    for i in range(27, 30):
        s[i] = f[i]
    return s


def take_branch(stack, depth, digit, seen, rules):
    """Frame stack[depth - 1] with the digit in its branch cell, settled in stack[depth];
    False at a dead end."""
    f = stack[depth - 1]
    s = _child(stack, depth, seen)
    place(s, digit, f[30], f[31], rules)
    return settle(s, seen, rules)


def band_count(grid, limit, ex_cell, ex_mask, rules, work):
    """Solutions of the 81-cell grid up to limit, ex_mask's digits taken from ex_cell
    (-1: none); work is scratch space from ``workspace()``. It branches on ways where the
    grid has rows, columns and boxes alone, on cells where a kind's rules add units or
    take digits from cells: a way says nothing of those, and a search on ways meets them
    late (on the empty non-consecutive grid it does not end; on hyper grids of eight
    givens it took seconds where cells take milliseconds)."""
    given_words(grid, work[1])
    plain = rules.shape[0] <= EXTRA and rules[0, 0] == 0
    return count_given(work[1], limit, ex_cell, ex_mask, rules, work, plain)


def count_given(given, limit, ex_cell, ex_mask, rules, work, ways):
    """band_count of the givens in given_words' words (read before the search writes to
    work, so they may be work[1]), branching on ways (with the triads) or, ways False, on
    cells: the dig's removal tests mostly end at once or at a second solution, and there a
    cell's branch, cheaper to choose and settle, costs less."""
    stack = work
    seen = work[FRAMES]
    s = stack[0]
    if not load_givens(given, ex_cell, ex_mask, s, rules):
        return 0
    seen[:] = -1
    if not (tighten(s, seen, rules) if ways else settle(s, seen, rules)):
        return 0
    count = 0
    depth = 0
    while True:
        p, d = branch_way(stack[depth]) if ways else (-1, 0)
        if p >= 0:
            open_way(stack, depth, p, d)
            depth += 1
        else:
            b, x = branch_cell(stack[depth])  # -1: solved (a guard: ways fix every cell)
            if b < 0:
                count += 1
                if count >= limit:
                    return count
            else:
                open_frame(stack, depth, b, x)
                k = popcount27(stack[depth, 32])
                if k > 2 and rules[0, 1] == 0:  # not where pair rules hold (fast.py's)
                    open_places(stack, depth, k, rules)
                depth += 1
        alive = False
        while depth > 0 and not alive:
            f = stack[depth - 1]
            placed = f[30] == PLACED
            left = f[32] | f[33] | f[34] if placed else f[32]
            if left == 0:
                depth -= 1
                continue
            if placed:
                alive = take_place(stack, depth, seen, rules)
                continue
            f[32] = left & (left - 1)
            if f[30] >= WAYED:
                alive = take_way(stack, depth, LOW_INDEX[left], seen, rules)
            else:
                alive = take_branch(stack, depth, LOW_INDEX[left], seen, rules)
        if not alive:
            return count


def workspace():
    """Scratch space for band_count: the frames, then ``seen``."""
    return np.empty((FRAMES + 1, STATE), np.int64)


def band_count_batch(grids, limit, rules):
    """(m,) int32: the solutions of each 81-cell grid, capped at limit."""
    m = grids.shape[0]
    counts = np.zeros(m, np.int32)
    work = workspace()
    for i in range(m):
        counts[i] = band_count(grids[i], limit, -1, 0, rules, work)
    return counts
