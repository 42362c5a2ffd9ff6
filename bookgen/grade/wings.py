"""Wings: XY-wing, XYZ-wing, WXYZ- and VWXYZ-wings; and aligned pair exclusion.

Glossary:
  bivalue      a cell with exactly two candidates
  pivot        the middle cell of a wing; pincers are two cells it sees
  aligned pair two cells of one unit; a pair of values for them is excluded when it
               clashes or when it would empty a cell that sees both
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .board import Board, Step, digits_of
from .scale import Technique
from .tables import tables


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


def _bent_sets(
    board: Board, pool: list[int], size: int, start: int, chosen: list[int], union: int, loose: int
) -> Iterator[tuple[list[int], int, int]]:
    """Sets of `size` cells (the chosen ones plus cells of pool after `start`) holding
    `size` digits in all, with at most one loose digit (one whose holders do not all see
    each other): (cells, digits, loose digits). Loose digits only grow, so more than one
    prunes the search."""
    if len(chosen) == size:
        if union.bit_count() == size:
            yield chosen, union, loose
        return
    cands, sets = board.cands, tables(board.geo).peer_sets
    for i in range(start, len(pool)):
        x = pool[i]
        grown = union | cands[x]
        if grown.bit_count() > size:
            continue
        more = loose
        for c in chosen:
            if x not in sets[c]:
                more |= cands[c] & cands[x]
        if more.bit_count() <= 1:
            yield from _bent_sets(board, pool, size, i + 1, chosen + [x], grown, more)


def _bent_wing(board: Board, size: int, tech: Technique) -> list[Step]:
    """A pivot and size-1 wings it sees, with `size` digits in all, exactly one of them
    (z) not locked: z is in the pattern, so it leaves every cell seeing all its places."""
    cands, geo = board.cands, board.geo
    for pivot, m in enumerate(cands):
        if not 2 <= m.bit_count() <= size:
            continue
        pool = [p for p in geo.peers[pivot] if cands[p] and (cands[p] | m).bit_count() <= size]
        for wing, union, loose in _bent_sets(board, pool, size, 0, [pivot], m, 0):
            if not loose:
                continue
            z = loose.bit_length()
            holders = tuple(c for c in wing if cands[c] & loose)
            targets = [c for c in _seeing_all(board, holders, loose) if c not in wing]
            if targets:
                elim = tuple((c, z) for c in targets)
                # SE (Sukaku) adds up to (size - 3) tenths, most for a middle-sized largest cell
                biggest = max(cands[c].bit_count() for c in wing)
                value = tech.se + 0.1 * (size - 3 - abs(3 - biggest))
                return [Step(tech, value, tuple(wing), digits_of(union), eliminated=elim)]
    return []


def wxyz_wing(board: Board) -> list[Step]:
    return _bent_wing(board, 4, Technique.WXYZ_WING)


def vwxyz_wing(board: Board) -> list[Step]:
    return _bent_wing(board, 5, Technique.VWXYZ_WING)


def aligned_pair_exclusion(board: Board) -> list[Step]:
    cands, geo = board.cands, board.geo
    sets = tables(geo).peer_sets
    tech = Technique.ALIGNED_PAIR_EXCLUSION
    seen: set[tuple[int, int]] = set()
    for u, cells in enumerate(geo.units):
        empty = [c for c in cells if cands[c]]
        for a, b in combinations(empty, 2):
            if (a, b) in seen:
                continue
            seen.add((a, b))
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
            if elim:
                used = tuple(c for c in common if cands[c].bit_count() == 2)
                return [Step(tech, tech.se, (a, b) + used, (), eliminated=elim, units=(u,))]
    return []
