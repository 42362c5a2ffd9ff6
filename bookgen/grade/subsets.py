"""Locked candidates and naked/hidden subsets (pairs, triples, quads), with SE's direct forms.

Glossary:
  pointing     a digit whose places in a box lie on one line: removed from the rest of it
  claiming     a digit whose places in a line lie in one box: removed from the rest of it
  naked set    k cells of a unit whose candidates together are k digits: those digits
               leave the unit's other cells
  hidden set   k digits of a unit whose places together are k cells: other digits leave
               those cells
  direct       the same pattern, rated lower when its removals leave a hidden single
               (for locked candidates: in a unit of the source's kind, as SE's Locking)
"""

from __future__ import annotations

from itertools import combinations

from .board import Board, Step, digits_of
from .scale import Technique
from .singles import makes_hidden_single
from .tables import tables


def _leaves_single_nearby(board: Board, elim: tuple[tuple[int, int], ...], source: int) -> bool:
    """SE's test for direct pointing and claiming: the removals leave a hidden single in a
    unit of the source's kind (another box for pointing, a parallel line for claiming)
    through a removed cell. The target line or box itself cannot hold it: a single place
    there would be a single place in the source too, found earlier as a hidden single."""
    geo = board.geo
    kind = geo.unit_names[source].split()[0]
    near = {u for c, _ in elim for u in geo.cell_units[c] if geo.unit_names[u].split()[0] == kind}
    return any(makes_hidden_single(board, elim, u) for u in sorted(near))


def _locked(board: Board, pointing: bool, direct: bool) -> list[Step]:
    cands, n = board.cands, board.n
    if direct:
        tech = Technique.DIRECT_POINTING if pointing else Technique.DIRECT_CLAIMING
    else:
        tech = Technique.POINTING if pointing else Technique.CLAIMING
    for box, line, shared, box_rest, line_rest in tables(board.geo).crossings:
        inside = 0
        for c in shared:
            inside |= cands[c]
        if not inside:
            continue
        source, target = (box_rest, line_rest) if pointing else (line_rest, box_rest)
        outside = 0
        for c in source:
            outside |= cands[c]
        for d in range(1, n + 1):
            b = 1 << (d - 1)
            if not inside & b or outside & b:
                continue
            elim = tuple((c, d) for c in target if cands[c] & b)
            units = (box, line) if pointing else (line, box)
            if not elim or (direct and not _leaves_single_nearby(board, elim, units[0])):
                continue
            cells = tuple(c for c in shared if cands[c] & b)
            return [Step(tech, tech.se, cells, (d,), eliminated=elim, units=units)]
    return []


def direct_pointing(board: Board) -> list[Step]:
    return _locked(board, pointing=True, direct=True)


def direct_claiming(board: Board) -> list[Step]:
    return _locked(board, pointing=False, direct=True)


def pointing(board: Board) -> list[Step]:
    return _locked(board, pointing=True, direct=False)


def claiming(board: Board) -> list[Step]:
    return _locked(board, pointing=False, direct=False)


_NAKED = {2: Technique.NAKED_PAIR, 3: Technique.NAKED_TRIPLE, 4: Technique.NAKED_QUAD}
_HIDDEN = {2: Technique.HIDDEN_PAIR, 3: Technique.HIDDEN_TRIPLE, 4: Technique.HIDDEN_QUAD}
_DIRECT_HIDDEN = {2: Technique.DIRECT_HIDDEN_PAIR, 3: Technique.DIRECT_HIDDEN_TRIPLE}


def _naked(board: Board, k: int) -> list[Step]:
    cands, geo = board.cands, board.geo
    tech = _NAKED[k]
    for u, cells in enumerate(geo.units):
        empty = [c for c in cells if cands[c]]
        if len(empty) <= k:
            continue
        small = [c for c in empty if cands[c].bit_count() <= k]
        for combo in combinations(small, k):
            union = 0
            for c in combo:
                union |= cands[c]
            if union.bit_count() != k:
                continue
            elim = tuple(
                (c, d) for c in empty if c not in combo for d in digits_of(cands[c] & union)
            )
            if elim:
                return [Step(tech, tech.se, combo, digits_of(union), eliminated=elim, units=(u,))]
    return []


def _hidden(board: Board, k: int, direct: bool) -> list[Step]:
    cands, geo = board.cands, board.geo
    tech = _DIRECT_HIDDEN[k] if direct else _HIDDEN[k]
    table = board.where()
    for u, cells in enumerate(geo.units):
        where = {d: pos for d, pos in enumerate(table[u], 1) if pos}
        if len(where) <= k:
            continue
        small = [d for d, pos in where.items() if pos.bit_count() <= k]
        if len(small) < k:
            continue
        for combo in combinations(small, k):
            pos = 0
            for d in combo:
                pos |= where[d]
            if pos.bit_count() != k:
                continue
            keep = 0
            for d in combo:
                keep |= 1 << (d - 1)
            spots = tuple(cells[i] for i in range(len(cells)) if pos >> i & 1)
            elim = tuple((c, d) for c in spots for d in digits_of(cands[c] & ~keep))
            if not elim or (direct and not makes_hidden_single(board, elim, u)):
                continue
            return [Step(tech, tech.se, spots, combo, eliminated=elim, units=(u,))]
    return []


def direct_hidden_pair(board: Board) -> list[Step]:
    return _hidden(board, 2, direct=True)


def direct_hidden_triple(board: Board) -> list[Step]:
    return _hidden(board, 3, direct=True)


def naked_pair(board: Board) -> list[Step]:
    return _naked(board, 2)


def naked_triple(board: Board) -> list[Step]:
    return _naked(board, 3)


def naked_quad(board: Board) -> list[Step]:
    return _naked(board, 4)


def hidden_pair(board: Board) -> list[Step]:
    return _hidden(board, 2, direct=False)


def hidden_triple(board: Board) -> list[Step]:
    return _hidden(board, 3, direct=False)


def hidden_quad(board: Board) -> list[Step]:
    return _hidden(board, 4, direct=False)
