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
  row perm    rowperm[i] = the source row placed at row i (a table of every one of them);
              col perms likewise
  head key    the blank/given pattern of a form's first row as bits, first cell highest,
              given = 1: a form's first row is its pattern with the givens named 1, 2, ...
              in order, so only rows whose best pattern is the smallest can start the form

The search: for each transposition and source row, the best head key is found by sorting
its stacks by clue count; only (transposition, row) pairs reaching the smallest key go on,
with the column permutations that give that key; every row permutation starting with that
row is then tried with those columns, comparing cell by cell against the best so far and
stopping at the first larger cell. `minlex_core` is plain Python over numpy arrays; with
numba it is compiled from the same source, so both backends give the same forms.

Sizes 4, 6 and 9 are supported: the group of 12x12 and 16x16 grids (82,944 and 7,962,624
column permutations) is too large for this search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import permutations, product

import numpy as np

from .errors import InputError
from .grid import BOX_SHAPES, Geometry, Grid
from .rules import HYPER_WINDOWS, JIGSAW_SIZES, Variant

CANON_SIZES = (4, 6, 9)
"""Grid sizes with a canonical form."""


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
def _colperms(n: int, box_cols: int) -> np.ndarray:
    """The column permutations of a geometry, built once."""
    return line_perms(n // box_cols, box_cols)


def minlex_core(
    grids: np.ndarray, n: int, box_rows: int, box_cols: int, transposable: bool,
    colperms: np.ndarray, out: np.ndarray,
) -> None:
    """The minlex form of grids[t] (t = 0 as given, 1 transposed) into out.

    Row by row: a state is a transposition, a column permutation, the source rows used so
    far and the labels given so far; every state whose rows so far equal the best prefix
    is extended by each source row allowed next, and only the extensions giving the
    smallest next row are kept.
    """
    ntrans = 2 if transposable else 1
    nstacks = n // box_cols
    # head keys: stacks sorted by clue count, blanks first inside each
    heads = np.zeros((ntrans, n), dtype=np.int64)
    counts = np.zeros(nstacks, dtype=np.int64)
    best_head = -1
    for t in range(ntrans):
        for r in range(n):
            for s in range(nstacks):
                c = 0
                for j in range(box_cols):
                    if grids[t, r * n + s * box_cols + j] != 0:
                        c += 1
                counts[s] = c
            counts.sort()
            key = 0
            for s in range(nstacks):
                for j in range(box_cols):
                    key = (key << 1) | (1 if j >= box_cols - counts[s] else 0)
            heads[t, r] = key
            if best_head < 0 or key < best_head:
                best_head = key
    # level 0: every (transposition, row, column permutation) giving the best head
    cap = 0
    for t in range(ntrans):
        for r in range(n):
            if heads[t, r] == best_head:
                cap += colperms.shape[0]
    st_t = np.zeros(cap, dtype=np.int32)
    st_cp = np.zeros(cap, dtype=np.int32)
    st_used = np.zeros(cap, dtype=np.int64)
    st_last = np.zeros(cap, dtype=np.int32)
    st_label = np.zeros((cap, n + 1), dtype=np.int8)
    st_next = np.zeros(cap, dtype=np.int32)
    m = 0
    for t in range(ntrans):
        for r in range(n):
            if heads[t, r] != best_head:
                continue
            for k in range(colperms.shape[0]):
                key = 0
                for j in range(n):
                    key = (key << 1) | (1 if grids[t, r * n + colperms[k, j]] != 0 else 0)
                if key != best_head:
                    continue
                st_t[m] = t
                st_cp[m] = k
                st_used[m] = 1 << r
                st_last[m] = r
                nxt = 1
                for j in range(n):
                    v = grids[t, r * n + colperms[k, j]]
                    if v != 0:
                        st_label[m, v] = nxt
                        nxt += 1
                st_next[m] = nxt
                m += 1
    # the head row of the form: its givens are named 1, 2, ... in order
    nxt = 1
    for j in range(n):
        if (best_head >> (n - 1 - j)) & 1:
            out[j] = nxt
            nxt += 1
        else:
            out[j] = 0
    row = np.zeros(n, dtype=np.int8)
    lab = np.zeros(n + 1, dtype=np.int8)
    for i in range(1, n):
        new_cap = m * n
        nt = np.zeros(new_cap, dtype=np.int32)
        ncp = np.zeros(new_cap, dtype=np.int32)
        nused = np.zeros(new_cap, dtype=np.int64)
        nlast = np.zeros(new_cap, dtype=np.int32)
        nlabel = np.zeros((new_cap, n + 1), dtype=np.int8)
        nnext = np.zeros(new_cap, dtype=np.int32)
        k = 0
        have = False
        for a in range(m):
            t = st_t[a]
            cp = st_cp[a]
            band = st_last[a] // box_rows
            for s in range(n):
                if (st_used[a] >> s) & 1:
                    continue
                # inside a band the rows of the current band, at a band start any band
                if i % box_rows != 0 and s // box_rows != band:
                    continue
                for d in range(n + 1):
                    lab[d] = st_label[a, d]
                nx = st_next[a]
                state = 0 if have else -1
                for j in range(n):
                    v = grids[t, s * n + colperms[cp, j]]
                    if v != 0:
                        if lab[v] == 0:
                            lab[v] = nx
                            nx += 1
                        v = lab[v]
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
                nt[k] = t
                ncp[k] = cp
                nused[k] = st_used[a] | (1 << s)
                nlast[k] = s
                for d in range(n + 1):
                    nlabel[k, d] = lab[d]
                nnext[k] = nx
                k += 1
        st_t, st_cp, st_used, st_last, st_label, st_next = nt, ncp, nused, nlast, nlabel, nnext
        m = k


try:
    from numba import njit

    _minlex: Callable[..., None] = njit(cache=True, nogil=True)(minlex_core)
except ImportError:  # pragma: no cover - the pure-Python fallback
    _minlex = minlex_core


def canonical(values: Grid, geo: Geometry, compiled: bool = True) -> Grid:
    """The minlex form of a puzzle (or a full board) of size 4, 6 or 9.

    compiled=False runs minlex_core as plain Python (the reference the tests compare).
    X, hyper and jigsaw puzzles get their own group's form (variant_canonical).
    """
    if geo.variant is not Variant.CLASSIC:
        return variant_canonical(values, geo)[0]
    n = geo.n
    if n not in CANON_SIZES:
        raise InputError(
            f"{n}x{n}: canonical forms exist for sizes {', '.join(map(str, CANON_SIZES))} only"
        )
    g = np.array(values, dtype=np.int8).reshape(n, n)
    grids = np.stack([g.reshape(-1), g.T.reshape(-1)])
    out = np.zeros(n * n, dtype=np.int8)
    (_minlex if compiled else minlex_core)(
        grids, n, geo.box_rows, geo.box_cols, geo.box_rows == geo.box_cols,
        _colperms(n, geo.box_cols), out,
    )
    return tuple(out.tolist())


def canonical_key(values: Grid, geo: Geometry) -> str:
    """The canonical form as a line of symbols (blank '.'), the bank's key of a puzzle.
    A variant's key starts with its name, and a jigsaw's with its canonical layout
    ('jigsaw:<layout>:<form>'), so no two variants share a key."""
    from .grid import format_line

    if geo.variant is Variant.CLASSIC:
        return format_line(canonical(values, geo))
    form, layout = variant_canonical(values, geo)
    return ":".join([geo.variant.value] + ([layout] if layout else []) + [format_line(form)])


# ---------------------------------------------------------------- variants
#
# The variants' groups are small (X 9x9: 96 motions, windoku: 128, jigsaw: at most the 8
# rotations and mirrors), so their forms are found by trying every motion.


VARIANT_CANON_SIZES: dict[Variant, tuple[int, ...]] = {
    Variant.X: (4, 6, 9),
    Variant.HYPER: (9,),
    Variant.JIGSAW: JIGSAW_SIZES,
}
"""Grid sizes of each variant with a canonical form."""


def _cell_map(n: int, rows: Sequence[int], cols: Sequence[int], transpose: bool) -> tuple[
        int, ...]:
    """The motion as a table: image cell i takes the value of source cell map[i]
    (rows[i] is the source row placed at row i, likewise cols; transposed first)."""
    return tuple((cols[c] * n + rows[r]) if transpose else (rows[r] * n + cols[c])
                 for r in range(n) for c in range(n))


@cache
def variant_motions(n: int, variant: Variant) -> tuple[tuple[int, ...], ...]:
    """The cell maps of an X or hyper grid's group (relabelling aside): the classic motions
    (band, row, stack and column permutations, transposition) that map the variant's extra
    units onto extra units.

    X: the diagonals go to diagonals exactly when the columns follow the rows, or follow
    them mirrored, and the row permutation commutes with the mirror i -> n-1-i. Hyper: the
    windows are products of window rows and window columns, so rows and columns that each
    keep the window lines {1, 2, 3} and {5, 6, 7} together. Transposition joins both
    groups when the boxes are square."""
    br, bc = BOX_SHAPES[n]
    mirror = list(range(n - 1, -1, -1))
    if variant is Variant.X:
        stacks = {tuple(q) for q in line_perms(n // bc, bc).tolist()}
        pairs = []
        for p in line_perms(n // br, br).tolist():
            if all(p[mirror[i]] == mirror[p[i]] for i in range(n)):
                for q in (p, [mirror[v] for v in p]):
                    if tuple(q) in stacks:  # 2x3 boxes: columns move by stacks of 3
                        pairs.append((p, q))
    elif variant is Variant.HYPER:
        windows = [{r0 + i for i in range(3)} for r0, _ in HYPER_WINDOWS[::3]]
        keep = [p for p in line_perms(n // br, br).tolist()
                if all({p[i] for i in w} in windows for w in windows)]
        pairs = [(p, q) for p in keep for q in keep]
    else:
        raise InputError(f"no motion table for {variant.value} grids")
    return tuple(_cell_map(n, p, q, t) for p, q in pairs
                 for t in ((False, True) if br == bc else (False,)))


def _dihedral(n: int) -> tuple[tuple[int, ...], ...]:
    """The 8 rotations and mirrors as cell maps."""
    ident, flip = list(range(n)), list(range(n - 1, -1, -1))
    return tuple(_cell_map(n, rows, cols, t) for rows in (ident, flip) for cols in (ident, flip)
                 for t in (False, True))


def _relabelled(values: Sequence[int]) -> tuple[int, ...]:
    """Symbols renamed 1, 2, ... in order of first appearance; blanks stay 0."""
    names: dict[int, int] = {}
    return tuple(names.setdefault(v, len(names) + 1) if v else 0 for v in values)


def variant_canonical(values: Grid, geo: Geometry) -> tuple[Grid, str | None]:
    """(the minlex form, the layout it goes with) of an X, hyper or jigsaw puzzle.

    X and hyper: the smallest relabelled image under variant_motions. Jigsaw: the motions
    are the 8 rotations and mirrors, applied to the puzzle and its layout together; the
    form is the smallest (relabelled layout, relabelled puzzle), so a motion that maps the
    layout onto itself relabels the puzzle only, and a turned copy of the whole puzzle
    has the same form."""
    n = geo.n
    sizes = VARIANT_CANON_SIZES.get(geo.variant, ())
    if n not in sizes:
        raise InputError(f"{n}x{n} {geo.variant.value}: canonical forms exist for sizes "
                         f"{', '.join(map(str, sizes)) or 'none'}")
    if geo.variant is Variant.JIGSAW:
        best = min((_relabelled([geo.regions[i] + 1 for i in m]),
                    _relabelled([values[i] for i in m])) for m in _dihedral(n))
        return best[1], "".join(str(v) for v in best[0])
    return min(_relabelled([values[i] for i in m]) for m in variant_motions(n, geo.variant)), None
