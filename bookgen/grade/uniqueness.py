"""Uniqueness patterns: unique rectangles (types 1-4) and BUG+1.

They are valid only for puzzles with one solution, which every graded puzzle has.

Glossary:
  rectangle    four empty cells in two rows, two columns and two boxes, all holding the
               same two digits a, b (the deadly pair); if only a, b stayed, the puzzle
               would have two solutions
  floor, roof  the two cells holding exactly a, b, and the two with extra candidates
  BUG          bivalue universal grave: every empty cell bivalue; BUG+1 has one cell
               with three candidates, whose odd digit must be its value
"""

from __future__ import annotations

from itertools import combinations

from .board import Board, Step, digits_of
from .scale import Technique
from .tables import tables

_UR = Technique.UNIQUE_RECTANGLE


def _rectangles(board: Board) -> list[tuple[tuple[int, int, int, int], int]]:
    """Every rectangle (cells r1c1, r1c2, r2c1, r2c2) with its deadly pair mask."""
    cands, geo, n = board.cands, board.geo, board.n
    out = []
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            cells = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            common = cands[cells[0]] & cands[cells[1]] & cands[cells[2]] & cands[cells[3]]
            if common.bit_count() < 2:
                continue
            if len({geo.box(c) for c in cells}) != 2:
                continue
            for pair in combinations(digits_of(common), 2):
                out.append((cells, (1 << (pair[0] - 1)) | (1 << (pair[1] - 1))))
    return out


def _shared_units(board: Board, a: int, b: int) -> list[int]:
    return [u for u in board.geo.cell_units[a] if u in board.geo.cell_units[b]]


def unique_rectangle(board: Board) -> list[Step]:
    cands, geo = board.cands, board.geo
    sets = tables(geo).peer_sets
    for cells, pair in _rectangles(board):
        ab = digits_of(pair)
        floors = [c for c in cells if cands[c] == pair]
        roofs = [c for c in cells if cands[c] != pair]
        if len(floors) == 3:
            roof = roofs[0]
            elim = tuple((roof, d) for d in ab)
            return [Step(_UR, _UR.se, cells, ab, eliminated=elim)]
        if len(floors) != 2 or roofs[1] not in sets[roofs[0]]:
            continue
        x, y = roofs
        extra = (cands[x] | cands[y]) & ~pair
        if cands[x] & ~pair == cands[y] & ~pair and extra.bit_count() == 1:
            d = digits_of(extra)[0]
            targets = [c for c in sets[x] & sets[y] if cands[c] & extra and c not in cells]
            if targets:  # type 2: one of the roofs holds the extra digit
                elim = tuple((c, d) for c in sorted(targets))
                return [Step(_UR, _UR.se + 0.1, cells, ab + (d,), eliminated=elim)]
        for u in _shared_units(board, x, y):
            others = [c for c in geo.units[u] if cands[c] and c not in (x, y)]
            for k in (1, 2):  # type 3: the roofs' extras form a naked set with k cells
                for combo in combinations(others, k):
                    union = extra
                    for c in combo:
                        union |= cands[c]
                    if union.bit_count() != k + 1:
                        continue
                    elim = tuple(
                        (c, d)
                        for c in others
                        if c not in combo
                        for d in digits_of(cands[c] & union)
                    )
                    if elim:
                        return [
                            Step(
                                _UR,
                                _UR.se + 0.1 * k,
                                cells + combo,
                                ab,
                                eliminated=elim,
                                units=(u,),
                            )
                        ]
            for keep, drop in ((ab[0], ab[1]), (ab[1], ab[0])):  # type 4: a is locked to the roofs
                kb = 1 << (keep - 1)
                if all(c in (x, y) for c in geo.units[u] if cands[c] & kb):
                    elim = tuple((c, drop) for c in (x, y))
                    return [Step(_UR, _UR.se + 0.1, cells, ab, eliminated=elim, units=(u,))]
    return []


def bug_plus_one(board: Board) -> list[Step]:
    cands, geo = board.cands, board.geo
    tech = Technique.BUG
    odd = [c for c, m in enumerate(cands) if m and m.bit_count() != 2]
    if len(odd) != 1 or cands[odd[0]].bit_count() != 3:
        return []
    cell = odd[0]
    for d in digits_of(cands[cell]):
        b = 1 << (d - 1)
        counts = [sum(1 for c in geo.units[u] if cands[c] & b) for u in geo.cell_units[cell]]
        if all(k == 3 for k in counts):
            return [Step(tech, tech.se, (cell,), (d,), placed=((cell, d),))]
    return []
