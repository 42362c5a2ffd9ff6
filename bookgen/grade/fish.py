"""Fish: X-wing (2), swordfish (3), jellyfish (4) on rows and columns.

Glossary:
  base lines   k rows (or columns) where a digit has 2..k places
  cover lines  the k columns (or rows) holding all those places; the digit leaves the
               rest of the cover lines
"""

from __future__ import annotations

from itertools import combinations

from .board import Board, Step
from .scale import Technique
from .tables import tables

_FISH = {2: Technique.X_WING, 3: Technique.SWORDFISH, 4: Technique.JELLYFISH}


def _fish(board: Board, k: int) -> list[Step]:
    cands, geo, n = board.cands, board.geo, board.n
    t = tables(geo)
    tech = _FISH[k]
    table = board.where()
    for base, cover in ((t.rows, t.cols), (t.cols, t.rows)):
        for d in range(1, n + 1):
            b = 1 << (d - 1)
            spots = []
            for i, u in enumerate(base):
                pos = table[u][d - 1]
                if 2 <= pos.bit_count() <= k:
                    spots.append((i, pos))
            for combo in combinations(spots, k):
                pos = 0
                for _, p in combo:
                    pos |= p
                if pos.bit_count() != k:
                    continue
                base_units = {base[i] for i, _ in combo}
                base_cells = {c for u in base_units for c in geo.units[u]}
                covers = tuple(cover[j] for j in range(n) if pos >> j & 1)
                elim = tuple(
                    (c, d)
                    for cu in covers
                    for c in geo.units[cu]
                    if cands[c] & b and c not in base_cells
                )
                if elim:
                    cells = tuple(
                        sorted(c for u in base_units for c in geo.units[u] if cands[c] & b)
                    )
                    units = tuple(sorted(base_units)) + covers
                    return [Step(tech, tech.se, cells, (d,), eliminated=elim, units=units)]
    return []


def x_wing(board: Board) -> list[Step]:
    return _fish(board, 2)


def swordfish(board: Board) -> list[Step]:
    return _fish(board, 3)


def jellyfish(board: Board) -> list[Step]:
    return _fish(board, 4)


def _kind(board: Board, unit: int) -> str:
    return board.geo.unit_names[unit].split()[0]


def turbot_fish(board: Board) -> list[Step]:
    """Two strong links on one digit joined by a weak link: skyscraper, kite, crane.

    One end of the two links holds the digit, so it leaves the cells that see both far
    ends. Rated by the links' units: two parallel lines (skyscraper) 4.0, a row and a
    column (two-string kite) 4.1, a box involved (turbot crane) 4.2.
    """
    cands, geo, n = board.cands, board.geo, board.n
    sets = tables(geo).peer_sets
    best: Step | None = None
    for d in range(1, n + 1):
        b = 1 << (d - 1)
        links = []
        for u, cells in enumerate(geo.units):
            spots = [c for c in cells if cands[c] & b]
            if len(spots) == 2:
                links.append((u, spots[0], spots[1]))
        for i, (u1, p, q) in enumerate(links):
            for u2, r, s in links[i + 1 :]:
                if len({p, q, r, s}) < 4:
                    continue
                for x, x2 in ((p, q), (q, p)):
                    for y, y2 in ((r, s), (s, r)):
                        if y2 not in sets[x2]:
                            continue
                        elim = tuple(
                            (c, d)
                            for c in sorted(sets[x] & sets[y])
                            if cands[c] & b and c not in (x2, y2)
                        )
                        if not elim:
                            continue
                        kinds = {_kind(board, u1), _kind(board, u2)}
                        tech = (
                            Technique.TURBOT_CRANE
                            if "box" in kinds
                            else Technique.SKYSCRAPER
                            if len(kinds) == 1
                            else Technique.TWO_STRING_KITE
                        )
                        if best is None or tech.se < best.difficulty:
                            best = Step(
                                tech, tech.se, (x, x2, y2, y), (d,), eliminated=elim, units=(u1, u2)
                            )
    return [best] if best else []


def empty_rectangle(board: Board) -> list[Step]:
    """A digit whose places in a box lie on one row and one column (a cross), joined to a
    strong link on a line outside the box.

    If the target held the digit, the cross would be left with one arm, which forces the
    near end of the strong link off and its far end on, in the target's own line.
    """
    cands, geo, n = board.cands, board.geo, board.n
    t = tables(geo)
    tech = Technique.EMPTY_RECTANGLE
    for d in range(1, n + 1):
        b = 1 << (d - 1)
        links = []  # (in a column?, line index, the two cells)
        for is_col, units in ((True, t.cols), (False, t.rows)):
            for k, u in enumerate(units):
                spots = [c for c in geo.units[u] if cands[c] & b]
                if len(spots) == 2:
                    links.append((is_col, k, spots))
        if not links:
            continue
        for box in t.boxes:
            cells = geo.units[box]
            spots = [c for c in cells if cands[c] & b]
            if len(spots) < 2:
                continue
            rows = {geo.row(c) for c in cells}
            cols = {geo.col(c) for c in cells}
            for r in rows:
                for c in cols:
                    if any(geo.row(x) != r and geo.col(x) != c for x in spots):
                        continue
                    for is_col, k, pair in links:
                        if k in (cols if is_col else rows):
                            continue
                        for near, far in (pair, pair[::-1]):
                            if is_col and near // n == r and far // n not in rows:
                                target = (far // n) * n + c
                            elif not is_col and near % n == c and far % n not in cols:
                                target = r * n + far % n
                            else:
                                continue
                            if cands[target] & b:
                                return [
                                    Step(
                                        tech,
                                        tech.se,
                                        tuple(spots) + (near, far),
                                        (d,),
                                        eliminated=((target, d),),
                                        units=(box,),
                                    )
                                ]
    return []
