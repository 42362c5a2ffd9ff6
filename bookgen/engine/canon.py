"""Canonical form: one representative of all the puzzles that are the same puzzle in disguise.

Glossary:
  isomorph    a puzzle made from another by the grid's symmetry group: relabelling the
              symbols, permuting the bands (row groups of one box height) and the rows inside
              each band, permuting the stacks (column groups of one box width) and the columns
              inside each stack, and, when boxes are square, transposing
  relabel     symbols renamed in order of first appearance (row-major): the lexicographically
              smallest naming of a fixed arrangement; blanks stay 0 and sort first
  minlex      the lexicographically smallest row-major string among all isomorphs: the
              canonical form; two puzzles are isomorphs exactly when their forms are equal
  new symbol  a symbol of the row being placed that no earlier row named: it will get the
              next free name, so while the row is ordered every new symbol counts as one
              value NEW = n + 1, larger than every name
  state       a transposition, the source rows placed so far and a *set* of column
              permutations, all giving the best prefix so far, with the names given so far
  column set  kept as a representative order (perm: source column at each place) with ties:
              ctie[j] = places j and j+1 (one stack) may still swap; stie[p] = output stacks
              p and p+1 may still swap whole. Tied places are blank in every row so far,
              tied stacks are blank there too, so any order inside a tie gives the same prefix

The search builds the form row by row. For each state and each source row allowed next
(a row of the current band, or at a band start any row of an unused band), the smallest
next row over the state's column set is found directly: sort each cell of tied places by
value, then each run of tied stacks by their sorted segments. Only (state, row) pairs
reaching the smallest row go on. Their column set shrinks to the orders giving that row:
ties stay among blanks; new symbols that tie (in one cell, or in equal stack segments)
are named differently by each order, so each order becomes a state of its own. Nothing is
ever enumerated that cannot tie with the best prefix, and sparse rows, which would tie
hundreds of whole column permutations, stay one state.

`minlex_core` is plain Python over numpy arrays; the numba backend compiles it from the
same source (kernels/canon_fast.py), so both backends give the same forms. Every size has
a form, 4x4 to 16x16, but a level of more than MAX_STATES states is refused: a 16x16
board (or nearly full grid) ties millions of column orders on its first row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import permutations, product
from math import factorial

import numpy as np

from ..core.errors import GenerationError, InputError
from ..core.grid import BOX_SHAPES, Geometry, Grid
from ..core.kinds import motions_of
from ..core.rules import SIZES, Variant

CANON_SIZES = SIZES
"""Grid sizes with a classic canonical form: all of them."""
MAX_STATES = 1 << 21
"""Most states one level of the search may hold (about 350 MB): a 12x12 board needs
about a million, a 16x16 board 250 million."""


def line_perms(groups: int, width: int) -> np.ndarray:
    """Every permutation of `groups` groups of `width` lines that keeps groups together:
    shape (groups! * width!^groups, groups*width), each row the source line of each place."""
    inner = list(permutations(range(width)))
    out = []
    for order in permutations(range(groups)):
        for insides in product(inner, repeat=groups):
            out.append([g * width + insides[k][i] for k, g in enumerate(order)
                        for i in range(width)])
    return np.array(out, dtype=np.int16)


@cache
def _perm_tables(most: int) -> tuple[np.ndarray, np.ndarray]:
    """(table, factorials): table[k, d] is the d-th ordering of k items, k <= most."""
    table = np.zeros((most + 1, factorial(most), most), dtype=np.int8)
    for k in range(1, most + 1):
        for d, p in enumerate(permutations(range(k))):
            table[k, d, :k] = p
    return table, np.array([factorial(k) for k in range(most + 1)], dtype=np.int64)


def _grown(a: np.ndarray, used: int) -> np.ndarray:
    """a with twice the rows, its first `used` rows kept."""
    out = np.zeros((2 * a.shape[0],) + a.shape[1:], dtype=a.dtype)
    out[:used] = a[:used]
    return out


def _sort_runs(vals: np.ndarray, order: np.ndarray, flags: np.ndarray, at: int, count: int,
               width: int) -> None:
    """Sort `count` segments of `width` values (and their columns in order) smallest first
    inside each run of segments that may swap: flags[at + i] == 1 ties segment i to i + 1."""
    p = 0
    while p < count:
        e = p
        while flags[at + e] == 1:
            e += 1
        for x in range(p + 1, e + 1):
            y = x
            while y > p:
                cmp = 0
                for z in range(width):
                    diff = vals[(y - 1) * width + z] - vals[y * width + z]
                    if diff != 0:
                        cmp = diff
                        break
                if cmp <= 0:
                    break
                for z in range(width):
                    lo = (y - 1) * width + z
                    hi = y * width + z
                    vals[lo], vals[hi] = vals[hi], vals[lo]
                    order[lo], order[hi] = order[hi], order[lo]
                y -= 1
        p = e + 1


def minlex_core(
    grid: np.ndarray, n: int, box_rows: int, box_cols: int, transposable: bool,
    ptab: np.ndarray, fact: np.ndarray, limit: int, out: np.ndarray,
) -> int:
    """The minlex form of grid (n*n values, row-major) into out: 0; 1 when a row or column
    holds a symbol twice (no naming by first appearance then); 2 when a level would hold
    more than `limit` states (boards and nearly full grids of 16x16 tie millions of
    column orders on their first row).

    States live in two buffers (this level's, the next level's) that grow by doubling, so
    a puzzle costs a handful of allocations: si[a] = (transposition, rows used as bits,
    last row, next free name); sb[a] = perm, ctie, stie and the names (symbol -> name).
    """
    w = box_cols
    nst = n // w
    new = n + 1
    grids = np.zeros((2, n * n), dtype=np.int8)  # as given, transposed
    for r in range(n):
        for c in range(n):
            grids[0, r * n + c] = grid[r * n + c]
            grids[1, c * n + r] = grid[r * n + c]
    seen = np.zeros(n + 1, dtype=np.int64)
    for t in range(2):
        for r in range(n):
            for c in range(n):
                v = grids[t, r * n + c]
                if v != 0:
                    if seen[v] == t * n + r + 1:
                        return 1
                    seen[v] = t * n + r + 1
    # blank rows of one band, and the rows of blank bands, are swapped by an automorphism
    # of the grid: of those only the first unused one is tried
    blank_row = np.ones((2, n), dtype=np.int8)
    blank_band = np.ones((2, n // box_rows), dtype=np.int8)
    for t in range(2):
        for r in range(n):
            for c in range(n):
                if grids[t, r * n + c] != 0:
                    blank_row[t, r] = 0
                    blank_band[t, r // box_rows] = 0
    CT, ST, LB = n, 2 * n, 2 * n + nst  # noqa: N806 - offsets into a state's bytes
    width = 3 * n + nst + 1
    cap = 64
    si = np.zeros((cap, 4), dtype=np.int64)
    sb = np.zeros((cap, width), dtype=np.int8)
    ni = np.zeros((cap, 4), dtype=np.int64)
    nb = np.zeros((cap, width), dtype=np.int8)
    # the first states: each transposition, every column order tied inside its stack
    m = 2 if transposable else 1
    for a in range(m):
        si[a, 0] = a
        si[a, 3] = 1
        for j in range(n):
            sb[a, j] = j
            sb[a, CT + j] = 1 if j % w != w - 1 else 0
        for p in range(nst - 1):
            sb[a, ST + p] = 1
    ci = np.zeros((cap, 2), dtype=np.int64)  # candidates: parent state, source row
    cb = np.zeros((cap, 2 * n), dtype=np.int8)  # their sorted order and its values
    groups = np.zeros((n + nst, 3), dtype=np.int64)  # first place or stack, size, a stack?
    vals = np.zeros(n, dtype=np.int8)
    order = np.zeros(n, dtype=np.int8)
    row = np.zeros(n, dtype=np.int8)
    base = np.zeros(n, dtype=np.int8)
    for i in range(n):
        # ---- every (state, source row) reaching the smallest next row, and that row
        k = 0
        have = False
        for a in range(m):
            t = si[a, 0]
            band = si[a, 2] // box_rows
            for s in range(n):
                if (si[a, 1] >> s) & 1:
                    continue
                # inside a band only its rows; at a band start any unused row (its band
                # is unused: bands are placed whole)
                if i % box_rows != 0 and s // box_rows != band:
                    continue
                if blank_row[t, s] == 1:
                    twin = False
                    for s2 in range(s):
                        if (si[a, 1] >> s2) & 1 == 0 and blank_row[t, s2] == 1 and (
                                s2 // box_rows == s // box_rows
                                or blank_band[t, s2 // box_rows] == 1
                                and blank_band[t, s // box_rows] == 1):
                            twin = True
                    if twin:
                        continue
                for j in range(n):
                    col = sb[a, j]
                    v = grids[t, s * n + int(col)]
                    if v != 0:
                        v = sb[a, LB + v] if sb[a, LB + v] != 0 else new
                    vals[j] = v
                    order[j] = col
                # smallest first inside each cell of tied places, then smallest segment
                # first inside each run of tied stacks
                _sort_runs(vals, order, sb[a], CT, n, 1)
                _sort_runs(vals, order, sb[a], ST, nst, w)
                # the row as named (new symbols in order) against the best so far
                nx = si[a, 3]
                state = 0 if have else -1
                for j in range(n):
                    v = vals[j]
                    if v == new:
                        v = nx
                        nx += 1
                    row[j] = v
                    if state == 0:
                        if v < out[i * n + j]:
                            state = -1
                        elif v > out[i * n + j]:
                            state = 1
                            break
                if state == 1:
                    continue
                if state == -1:
                    for j in range(n):
                        out[i * n + j] = row[j]
                    k = 0
                    have = True
                if k == ci.shape[0]:
                    ci = _grown(ci, k)
                    cb = _grown(cb, k)
                ci[k, 0] = a
                ci[k, 1] = s
                for j in range(n):
                    cb[k, j] = order[j]
                    cb[k, n + j] = vals[j]
                k += 1
        # ---- the next states: one per candidate and order of its tied new symbols
        b = 0
        for q in range(k):
            a = ci[q, 0]
            t = si[a, 0]
            s = ci[q, 1]
            # the groups of tied new symbols: in one cell (they sort last in it) ...
            orders = 1
            gc = 0
            j = 0
            while j < n:
                e = j
                while sb[a, CT + e] == 1:
                    e += 1
                lo = e + 1
                while lo > j and cb[q, n + lo - 1] == new:
                    lo -= 1
                if e + 1 - lo >= 2:
                    groups[gc, 0] = lo
                    groups[gc, 1] = e + 1 - lo
                    groups[gc, 2] = 0
                    gc += 1
                    orders *= fact[e + 1 - lo]
                j = e + 1
            # ... or in equal segments of tied stacks
            p = 0
            while p < nst:
                e = p
                while sb[a, ST + e] == 1:
                    e += 1
                x = p
                while x <= e:
                    y = x
                    while y < e:
                        same = True
                        for z in range(w):
                            if cb[q, n + x * w + z] != cb[q, n + (y + 1) * w + z]:
                                same = False
                                break
                        if not same:
                            break
                        y += 1
                    fresh = False
                    for z in range(w):
                        if cb[q, n + x * w + z] == new:
                            fresh = True
                    if y > x and fresh:
                        groups[gc, 0] = x
                        groups[gc, 1] = y - x + 1
                        groups[gc, 2] = 1
                        gc += 1
                        orders *= fact[y - x + 1]
                    x = y + 1
                p = e + 1
            if b + orders > ni.shape[0]:
                if b + orders > limit:
                    return 2
                ni = _grown(ni, b)
                nb = _grown(nb, b)
                if b + orders > ni.shape[0]:
                    ni = np.concatenate((ni, np.zeros((orders, 4), dtype=np.int64)))
                    nb = np.concatenate((nb, np.zeros((orders, width), dtype=np.int8)))
            for branch in range(orders):
                rem = branch
                for j in range(n):
                    base[j] = cb[q, j]
                for g in range(gc):
                    lo = groups[g, 0]
                    size = groups[g, 1]
                    pick = rem % fact[size]
                    rem //= fact[size]
                    if groups[g, 2] == 0:
                        for x in range(size):
                            base[lo + x] = cb[q, lo + ptab[size, pick, x]]
                    else:
                        for j in range(n):
                            order[j] = base[j]
                        for x in range(size):
                            for z in range(w):
                                base[(lo + x) * w + z] = order[(lo + ptab[size, pick, x]) * w + z]
                ni[b, 0] = t
                ni[b, 1] = si[a, 1] | (1 << s)
                ni[b, 2] = s
                nx = si[a, 3]
                for v in range(n + 1):
                    nb[b, LB + v] = sb[a, LB + v]
                for j in range(n):
                    nb[b, j] = base[j]
                    v = grids[t, s * n + int(base[j])]
                    if v != 0 and nb[b, LB + v] == 0:
                        nb[b, LB + v] = nx
                        nx += 1
                    # places stay tied while blank
                    tied = j < n - 1 and sb[a, CT + j] == 1 and cb[q, n + j] == 0 \
                        and cb[q, n + j + 1] == 0
                    nb[b, CT + j] = 1 if tied else 0
                ni[b, 3] = nx
                for p in range(nst):
                    tied = p < nst - 1 and sb[a, ST + p] == 1
                    for z in range(w):
                        if tied and (cb[q, n + p * w + z] != 0
                                     or cb[q, n + (p + 1) * w + z] != 0):
                            tied = False
                    nb[b, ST + p] = 1 if tied else 0
                b += 1
        si, sb, ni, nb = ni, nb, si, sb
        m = b
    return 0


def _minlex() -> Callable[..., int]:
    """minlex_core compiled when the numba backend serves (from the ahead-of-time module
    when it is built, else kernels/canon_fast.py), else the plain Python."""
    import os

    return _minlex_of(os.environ.get("BOOKGEN_BACKEND"))


@cache
def _minlex_of(backend: str | None) -> Callable[..., int]:
    """_minlex for a value of $BOOKGEN_BACKEND, looked up once a process."""
    from .kernels import aot, backend_name, grader_kernels

    if backend_name() == "numba":
        module = aot.load()
        if module is not None:
            ahead: Callable[..., int] = module.canon_minlex
            return ahead
    fast = grader_kernels("canon_fast")
    return minlex_core if fast is None else fast.minlex_core


def canonical(values: Grid, geo: Geometry, compiled: bool = True) -> Grid:
    """The minlex form of a puzzle (or a full board) of any size.

    compiled=False runs minlex_core as plain Python (the reference the tests compare), as
    the pure-Python backend does.
    InputError when a row or column holds a symbol twice.
    X, hyper and jigsaw puzzles get their own group's form (variant_canonical).
    """
    if not geo.variant.minlex:
        return variant_canonical(values, geo)[0]
    n = geo.n
    if n not in CANON_SIZES:
        raise InputError(
            f"{n}x{n}: canonical forms exist for sizes {', '.join(map(str, CANON_SIZES))} only"
        )
    out = np.zeros(n * n, dtype=np.int8)
    ptab, fact = _perm_tables(max(geo.box_cols, n // geo.box_cols))
    status = (_minlex() if compiled else minlex_core)(
        np.array(values, dtype=np.int8), n, geo.box_rows, geo.box_cols,
        geo.box_rows == geo.box_cols, ptab, fact, MAX_STATES, out,
    )
    if status == 1:
        raise InputError(f"{n}x{n} grid: a symbol appears twice in one row or column")
    if status == 2:
        raise InputError(f"{n}x{n} grid: too many equivalent orders to search for its "
                         f"canonical form (a board or nearly full grid)")
    return tuple(out.tolist())


def canonical_key(values: Grid, geo: Geometry) -> str:
    """The canonical form as a line of symbols (blank '.'), the bank's key of a puzzle.
    A variant's key starts with its name, and a jigsaw's with its canonical layout
    ('jigsaw:<layout>:<form>'), so no two variants share a key."""
    from ..core.grid import format_line

    if geo.variant.minlex:
        return format_line(canonical(values, geo))
    form, layout = variant_canonical(values, geo)
    # a board's form is written whole, '-' outside its grids, as its puzzles are
    return ":".join([geo.variant.value] + ([layout] if layout else [])
                    + [format_line(form, geo)])


# ---------------------------------------------------------------- variants
#
# The variants' groups are small (X 9x9: 96 motions, windoku: 128, jigsaw: at most the 8
# rotations and mirrors), so their forms are found by trying every motion; each kind
# names its own group (Variant.motions, Variant.canonical).


def cell_map(n: int, rows: Sequence[int], cols: Sequence[int], transpose: bool) -> tuple[
        int, ...]:
    """The motion as a table: image cell i takes the value of source cell map[i]
    (rows[i] is the source row placed at row i, likewise cols; transposed first)."""
    return tuple((cols[c] * n + rows[r]) if transpose else (rows[r] * n + cols[c])
                 for r in range(n) for c in range(n))


def line_motions(n: int, pairs: Sequence[tuple[Sequence[int], Sequence[int]]]
                 ) -> tuple[tuple[int, ...], ...]:
    """The cell maps of (row order, column order) pairs, each also transposed when the
    boxes are square."""
    br, bc = BOX_SHAPES[n]
    return tuple(cell_map(n, p, q, t) for p, q in pairs
                 for t in ((False, True) if br == bc else (False,)))


def dihedral(n: int) -> tuple[tuple[int, ...], ...]:
    """The 8 rotations and mirrors as cell maps."""
    ident, flip = list(range(n)), list(range(n - 1, -1, -1))
    return tuple(cell_map(n, rows, cols, t) for rows in (ident, flip) for cols in (ident, flip)
                 for t in (False, True))


def variant_motions(n: int, variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The cell maps of a kind's group (relabelling aside), kept once per size."""
    return motions_of(variant, n)


def variant_canonical(values: Grid, geo: Geometry) -> tuple[Grid, str | None]:
    """(the minlex form, the layout it goes with) of a puzzle of a kind other than
    classic: the least relabelled image under the kind's group (Variant.canonical)."""
    n = geo.n
    sizes = geo.variant.canon_sizes
    if n not in sizes:
        raise InputError(f"{n}x{n} {geo.variant.value}: canonical forms exist for sizes "
                         f"{', '.join(map(str, sizes)) or 'none'}")
    try:
        return geo.variant.canonical(values, geo.regions)
    except GenerationError as e:
        raise InputError(str(e)) from None
