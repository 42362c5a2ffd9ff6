"""Wings: XY-wing, XYZ-wing, WXYZ- and VWXYZ-wings; and aligned pair exclusion.

Glossary:
  bivalue      a cell with exactly two candidates
  pivot        the middle cell of a wing; pincers are two cells it sees
  aligned pair two cells of one unit; a pair of values for them is excluded when it
               clashes or when it would empty a cell that sees both

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from ...core.grid import Geometry, GeometryKey
from ...core.model import Family
from ...engine.kernels import grader_kernels
from .. import phrases
from ..board import Board, Step, digits_of, set_bits
from ..scale import Technique
from ..tables import tables
from ..technique import Rule


def _seeing_all(board: Board, cells: tuple[int, ...], b: int) -> list[int]:
    """Empty cells other than `cells` that see every one of them and hold bit b."""
    sets = tables(board.geo).peer_sets
    common = set(sets[cells[0]])
    for c in cells[1:]:
        common &= sets[c]
    return sorted(c for c in common if board.cands[c] & b and c not in cells)


def xy_wing(board: Board) -> list[Step]:
    cands, geo = board.cands, board.geo
    tech = Technique.XY_WING
    for pivot, m in enumerate(cands):
        if m.bit_count() != 2:
            continue
        wings = [p for p in geo.peers[pivot] if cands[p].bit_count() == 2 and cands[p] != m]
        for a, b in combinations(wings, 2):
            ma, mb = cands[a], cands[b]
            if not (ma & m and mb & m) or ma & m == mb & m or not ma & mb & ~m:
                continue
            z = ma & mb & ~m
            if (ma | mb | m).bit_count() != 3 or z.bit_count() != 1:
                continue
            elim = tuple((c, digits_of(z)[0]) for c in _seeing_all(board, (a, b), z))
            if elim:
                return [Step(tech, tech.se, (pivot, a, b), digits_of(m | z), eliminated=elim)]
    return []


def xyz_wing(board: Board) -> list[Step]:
    cands, geo = board.cands, board.geo
    tech = Technique.XYZ_WING
    for pivot, m in enumerate(cands):
        if m.bit_count() != 3:
            continue
        wings = [
            p for p in geo.peers[pivot] if cands[p].bit_count() == 2 and cands[p] & m == cands[p]
        ]
        for a, b in combinations(wings, 2):
            if cands[a] == cands[b]:
                continue
            z = cands[a] & cands[b]
            elim = tuple((c, digits_of(z)[0]) for c in _seeing_all(board, (pivot, a, b), z))
            if elim:
                return [Step(tech, tech.se, (pivot, a, b), digits_of(m), eliminated=elim)]
    return []


def _als(board: Board, k: int) -> Iterator[tuple[int, int]]:
    """Almost locked sets of k mutually visible cells (each with 2+ candidates) holding
    k + 1 digits in all: (cells as bits, digits). Each set once, in the order of their
    cells ascending."""
    cands = board.cands
    peers = tables(board.geo).peer_cells
    limit = k + 1
    fits = 0
    for c, m in enumerate(cands):
        if 2 <= m.bit_count() <= limit:
            fits |= 1 << c

    def grow(chosen: int, size: int, union: int, pool: int) -> Iterator[tuple[int, int]]:
        # pool: the cells after the last chosen one that see every chosen cell
        need = k - size - 1
        while pool:
            low = pool & -pool
            pool ^= low
            x = low.bit_length() - 1
            grown = union | cands[x]
            if grown.bit_count() > limit:
                continue
            if not need:
                if grown.bit_count() == limit:
                    yield chosen | low, grown
                continue
            rest = pool & peers[x]
            if rest.bit_count() >= need:
                yield from grow(chosen | low, size + 1, grown, rest)

    for c in set_bits(fits):
        yield from grow(1 << c, 1, cands[c], fits & peers[c] & -(2 << c))


def _als_wing(board: Board, size: int, tech: Technique, graded: bool) -> list[Step]:
    """SE's WXYZ- to TUVWXYZ-wings: an almost locked set of size - 1 mutually visible
    cells with `size` digits, and a bivalue cell xz outside it whose two digits are in
    the set. If every holder of x in the set sees the bivalue cell, x is true in one of
    them or in xz, so z is true in the set or in xz: z leaves the cells seeing all those
    z holders. When z links them too (doubly linked), x does the same, and each other
    digit of the set is locked in it and leaves the cells seeing all its holders.

    Rated as SE: the base; WXYZ and VWXYZ add (size - m) - |m - biggest| tenths with
    m = (size + 2) // 2 and `biggest` the most candidates of a set cell. The lowest-rated
    deduction is taken, then the one removing most. Compiled
    (engine/kernels/wings_fast.py) on grids of 81 cells or fewer when the numba backend
    serves.
    """
    cands = board.cands
    mid = (size + 2) // 2
    fast = grader_kernels("wings_fast") if board.geo.ncells <= 81 else None
    if fast is not None:
        import numpy as np

        found, biggest, cells, union, elim = fast.als_wing(
            np.array(cands, dtype=np.int64), _sees(board.geo), size, graded,
            round(tech.se * 10))
        if not found:
            return []
        value = round(tech.se + (0.1 * ((size - mid) - abs(mid - biggest)) if graded else 0.0), 1)
        return [Step(tech, value, tuple(cells.tolist()), digits_of(int(union)),
                     eliminated=tuple((c, d + 1) for c, d in elim.tolist()))]
    peers = tables(board.geo).peer_cells
    holders = board.holders()
    bivalue = 0
    for c, m in enumerate(cands):
        if m.bit_count() == 2:
            bivalue |= 1 << c
    best: tuple[float, int, Step] | None = None

    def seeing_all(cells: int) -> int:
        common = -1
        for c in set_bits(cells):
            common &= peers[c]
        return common

    for als, union in _als(board, size - 1):
        cells = tuple(set_bits(als))
        near = 0
        for c in cells:
            near |= peers[c]
        biggest = max(cands[c].bit_count() for c in cells)
        value = tech.se + (0.1 * ((size - mid) - abs(mid - biggest)) if graded else 0.0)
        value = round(value, 1)
        if best is not None and value > best[0]:
            continue
        for yz in set_bits(bivalue & near & ~als):
            m = cands[yz]
            if m & union != m:
                continue
            x, z = digits_of(m)
            outside = als & ~peers[yz]
            lx, lz = not holders[x] & outside, not holders[z] & outside
            if not (lx or lz):
                continue
            pattern = als | 1 << yz
            removed = {}  # digit -> cells it leaves
            for d, ok in ((z, lx), (x, lz)):
                if ok:  # the other digit of the bivalue cell is the one removed
                    cut = seeing_all(holders[d] & als | 1 << yz) & holders[d] & ~pattern
                    if cut:
                        removed[d] = cut
            if lx and lz:
                for d in digits_of(union & ~m):
                    cut = seeing_all(holders[d] & als) & holders[d] & ~pattern
                    if cut:
                        removed[d] = cut
            if not removed:
                continue
            elim = sorted((c, d) for d, cut in removed.items() for c in set_bits(cut))
            if best is None or (value, -len(elim)) < best[:2]:
                step = Step(
                    tech, value, cells + (yz,), digits_of(union), eliminated=tuple(elim)
                )
                best = (value, -len(elim), step)
    return [best[2]] if best else []


def wxyz_wing(board: Board) -> list[Step]:
    return _als_wing(board, 4, Technique.WXYZ_WING, graded=True)


def vwxyz_wing(board: Board) -> list[Step]:
    return _als_wing(board, 5, Technique.VWXYZ_WING, graded=True)


def uvwxyz_wing(board: Board) -> list[Step]:
    return _als_wing(board, 6, Technique.UVWXYZ_WING, graded=False)


def tuvwxyz_wing(board: Board) -> list[Step]:
    return _als_wing(board, 7, Technique.TUVWXYZ_WING, graded=False)


def aligned_pair_exclusion(board: Board) -> list[Step]:
    """SE's aligned pair exclusion (6.2): two open cells of a unit; a pair of digits for
    them is impossible when they share it and see each other, or when it fills a bivalue
    cell both see; a candidate of the two in no possible pair is removed. The pairs come
    unit by unit, each once. Compiled (engine/kernels/wings_fast.py, which finds the pair)
    on grids of 81 cells or fewer when the numba backend serves."""
    cands, geo = board.cands, board.geo
    fast = grader_kernels("wings_fast") if geo.ncells <= 81 else None
    if fast is not None:
        import numpy as np

        u, a, b = fast.aligned_pair_exclusion(np.array(cands, dtype=np.int64), _sees(geo),
                                              _unit_rows(geo)).tolist()
        step = _pair_step(board, u, a, b) if u >= 0 else None
        return [step] if step else []
    seen: set[tuple[int, int]] = set()
    for u, cells in enumerate(geo.units):
        empty = [c for c in cells if cands[c]]
        for a, b in combinations(empty, 2):
            if (a, b) in seen:
                continue
            seen.add((a, b))
            step = _pair_step(board, u, a, b)
            if step:
                return [step]
    return []


def _pair_step(board: Board, u: int, a: int, b: int) -> Step | None:
    """The aligned pair exclusion step of cells a and b of unit u, if it removes any."""
    cands, sets = board.cands, tables(board.geo).peer_sets
    tech = Technique.ALIGNED_PAIR_EXCLUSION
    common = [c for c in sets[a] & sets[b] if cands[c]]
    blockers = [cands[c] for c in common if cands[c].bit_count() == 2]
    ok_a = ok_b = 0
    for da in digits_of(cands[a]):
        for db in digits_of(cands[b]):
            if da == db:
                continue
            pair = (1 << (da - 1)) | (1 << (db - 1))
            if pair in blockers:
                continue
            ok_a |= 1 << (da - 1)
            ok_b |= 1 << (db - 1)
    elim = tuple((a, d) for d in digits_of(cands[a] & ~ok_a)) + tuple(
        (b, d) for d in digits_of(cands[b] & ~ok_b)
    )
    if not elim:
        return None
    used = tuple(c for c in common if cands[c].bit_count() == 2)
    return Step(tech, tech.se, (a, b) + used, (), eliminated=elim, units=(u,))


def aligned_triple_exclusion(board: Board) -> list[Step]:
    """SE's aligned triplet exclusion (7.5): three cells, each seen by the same two or
    more cells holding 2-3 candidates (the excluders). A combination of their candidates
    is impossible when two of them that see each other take the same digit, or when it
    covers every candidate of an excluder; a candidate of the three that takes part in no
    possible combination is removed.

    As SE, cells next to a naked single are skipped, and the three are a pair plus a cell
    that is an excluder of one of the pair. Compiled (engine/kernels/wings_fast.py) on
    grids of 81 cells or fewer when the numba backend serves."""
    cands, geo = board.cands, board.geo
    tech = Technique.ALIGNED_TRIPLE_EXCLUSION
    fast = grader_kernels("wings_fast") if geo.ncells <= 81 else None
    if fast is not None:
        import numpy as np

        found = fast.aligned_triple_exclusion(np.array(cands, dtype=np.int64), _sees(geo))
        trio, removed = tuple(found[:3].tolist()), found[3:].tolist()
        if trio[0] < 0:
            return []
        elim = tuple((c, d) for c, m in zip(trio, removed, strict=True) for d in digits_of(m))
        return [Step(tech, tech.se, trio, (), eliminated=elim)]
    sets = tables(geo).peer_sets
    excluders: dict[int, set[int]] = {}
    for c, m in enumerate(cands):
        if m.bit_count() < 2:
            continue
        if any(cands[p].bit_count() == 1 for p in sets[c]):
            continue
        ex = {p for p in sets[c] if 2 <= cands[p].bit_count() <= 3}
        if ex:
            excluders[c] = ex
    base = sorted(excluders)
    seen: set[tuple[int, int, int]] = set()
    for i, a in enumerate(base):
        for b in base[i + 1 :]:
            twin = (excluders[a] | excluders[b]) & excluders.keys()
            for c in sorted(twin - {a, b}):
                p, q, r = sorted((a, b, c))
                trio = (p, q, r)
                if trio in seen:
                    continue
                seen.add(trio)
                common = excluders[p] & excluders[q] & excluders[r]
                if len(common) < 2:
                    continue
                removed = _exclude(board, trio, common, sets)
                if removed:
                    return [Step(tech, tech.se, trio, (), eliminated=removed)]
    return []


_SEES: dict[GeometryKey, Any] = {}


def _sees(geo: Geometry) -> Any:
    """Whether two cells are peers, as a boolean matrix (the compiled finder's table)."""
    got = _SEES.get(geo.key)
    if got is None:
        import numpy as np

        got = _SEES[geo.key] = np.zeros((geo.ncells, geo.ncells), dtype=np.bool_)
        for c, peers in enumerate(tables(geo).peer_sets):
            got[c, list(peers)] = True
    return got


_UNIT_ROWS: dict[GeometryKey, Any] = {}


def _unit_rows(geo: Geometry) -> Any:
    """Each unit's cells in its order, padded with -1 (the compiled pair finder's table)."""
    got = _UNIT_ROWS.get(geo.key)
    if got is None:
        import numpy as np

        width = max(len(cells) for cells in geo.units)
        got = _UNIT_ROWS[geo.key] = np.full((len(geo.units), width), -1, dtype=np.int64)
        for u, cells in enumerate(geo.units):
            got[u, :len(cells)] = cells
    return got


def _exclude(
    board: Board, cells: tuple[int, int, int], common: set[int], sets: tuple[frozenset[int], ...]
) -> tuple[tuple[int, int], ...]:
    """The candidates of `cells` that take part in no possible combination."""
    cands = board.cands
    x, y, z = cells
    sees_xy, sees_xz, sees_yz = y in sets[x], z in sets[x], z in sets[y]
    walls = {cands[e] for e in common}
    ok = [0, 0, 0]
    for a in digits_of(cands[x]):
        ba = 1 << (a - 1)
        for b in digits_of(cands[y]):
            if a == b and sees_xy:
                continue
            bb = 1 << (b - 1)
            # z's digit c is barred by a peer of x or y on the same digit, or by an
            # excluder it would empty: one whose digits outside a and b are c alone
            barred = (ba if sees_xz else 0) | (bb if sees_yz else 0)
            for w in walls:
                rest = w & ~(ba | bb)
                if not rest:
                    barred = -1  # a and b alone empty it
                    break
                if not rest & (rest - 1):
                    barred |= rest
            free = cands[z] & ~barred
            if free:
                ok[0] |= ba
                ok[1] |= bb
                ok[2] |= free
    return tuple((cell, d) for k, cell in enumerate(cells) for d in digits_of(cands[cell] & ~ok[k]))


# ---------------------------------------------------------------- technique objects
T = Technique


def _pivot(step: Step, geo: Geometry, what: str) -> str:
    pivot, *pincers = step.cells
    return (
        f"{step.technique.label}: pivot {geo.label(pivot)}, pincers "
        f"{phrases.cells(geo, pincers)} on {phrases.digits(step.digits)} -> {what}"
    )


def _als_words(step: Step, geo: Geometry, what: str) -> str:
    *als, yz = step.cells
    return (
        f"{step.technique.label}: {phrases.cells(geo, als)} hold only "
        f"{phrases.digits(step.digits)} between them, and the bivalue {geo.label(yz)} is "
        f"linked to them -> {what}"
    )


def _pair_exclusion(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label}: {phrases.cells(geo, step.cells[:2])} in "
            f"{geo.unit_names[step.units[0]]} -> {what}")


def _triple_exclusion(step: Step, geo: Geometry, what: str) -> str:
    return f"{step.technique.label}: {phrases.cells(geo, step.cells)} -> {what}"


XY_WING = Rule(xy_wing, (T.XY_WING,), "4.2", Family.WING, _pivot)
XYZ_WING = Rule(xyz_wing, (T.XYZ_WING,), "4.4", Family.WING, _pivot)
WXYZ_WING = Rule(wxyz_wing, (T.WXYZ_WING,), "5.5; 5.6 when its largest cell has 3 digits",
                 Family.WING, _als_words)
VWXYZ_WING = Rule(vwxyz_wing, (T.VWXYZ_WING,), "6.2; +0.2 - |3 - largest cell| / 10",
                  Family.WING, _als_words)
UVWXYZ_WING = Rule(uvwxyz_wing, (T.UVWXYZ_WING,), "6.6", Family.WING, _als_words)
TUVWXYZ_WING = Rule(tuvwxyz_wing, (T.TUVWXYZ_WING,), "7.5", Family.WING, _als_words)
ALIGNED_PAIR_EXCLUSION = Rule(aligned_pair_exclusion, (T.ALIGNED_PAIR_EXCLUSION,), "6.2",
                              Family.EXCLUSION, _pair_exclusion)
ALIGNED_TRIPLE_EXCLUSION = Rule(aligned_triple_exclusion, (T.ALIGNED_TRIPLE_EXCLUSION,),
                                "7.5", Family.EXCLUSION, _triple_exclusion)
