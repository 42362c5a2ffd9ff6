"""Uniqueness patterns: unique rectangles and loops (types 1-4) and BUG+1.

They are valid only for puzzles with one solution, which every graded puzzle has.

Glossary:
  loop         an even cycle of empty cells all holding the same two digits a, b (the
               deadly pair), each step along a unit of another kind than the last; every
               unit it visits holds exactly two of its cells, one at an odd and one at an
               even position. If only a, b stayed, the puzzle would have two solutions.
               A rectangle is the loop of four cells (two rows, two columns, two boxes).
               Every unit of the grid counts, the variant's too (diagonals, windows,
               hidden windows; jigsaw regions as boxes): a rectangle with one cell on a
               diagonal is no deadly pattern, since swapping a, b would break the diagonal.
               Under a pair rule, as SE, a loop counts only when no cell bound to one of
               its cells beyond their units holds a or b and no non-consecutive neighbour
               holds a digit one apart from a or b (else the swap might break the rule)
  extra cells  the loop's cells holding more than a, b; one of their extras must be true
  BUG          bivalue universal grave: every empty cell bivalue; BUG+1 has one cell
               with three candidates, whose odd digit must be its value
Rating (SE): 4.5 for a rectangle, 4.6 for a loop of 6, 4.7 of 8, 5.0 of 10 or more; type 3
adds 0.1 per cell of its naked set beyond the virtual one (and per digit of a hidden set
beyond two). Every loop deduction is collected and the lowest-rated is taken.

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ...core.grid import Geometry, GeometryKey
from ...core.model import Family
from .. import phrases
from ..board import Board, Step, digits_of, next_to, set_bits
from ..scale import Technique
from ..tables import kept, per_geometry, tables
from ..technique import Rule
from .singles import told_by_description

_UR = Technique.UNIQUE_RECTANGLE
_UL = Technique.UNIQUE_LOOP


def _area(board: Board, start: int, pair: int) -> int:
    """The cells a loop from `start` may enter, as bits: those holding the pair, except
    the pair's bivalue cells below `start` (a loop is walked from its first one)."""
    cands = board.cands
    a, b = digits_of(pair)
    holders = board.holders()
    area = holders[a] & holders[b] & ~(1 << start)
    for c in set_bits(area & ((1 << start) - 1)):
        if cands[c] == pair:
            area ^= 1 << c
    return area


_LOOPS: dict[GeometryKey, dict[tuple[int, int, tuple[int, ...]], list[tuple[int, ...]]]] = {}


def _valid_loops(board: Board, start: int, pair: int, area: int) -> list[tuple[int, ...]]:
    """The valid loops from `start` (see _loops, _valid). They depend only on the area
    and its cells' candidates, so they are kept by those: most starts keep them from one
    board state to the next. (Not on the pair either: two pairs with the same area and
    candidates are both in every area cell, and the walk reads only how many digits the
    cells add beside the pair, which is then the same for both.)"""
    cands = board.cands
    key = (start, area, tuple(cands[c] for c in set_bits(area)))
    return kept(
        per_geometry(_LOOPS, board.geo), key,
        lambda: [loop for loop in _loops(board, start, pair, area) if _valid(board, loop)],
    )


def _loops(board: Board, start: int, pair: int, area: int) -> Iterator[tuple[int, ...]]:
    """Closed paths from `start` through the area's cells, each step along a unit of
    another kind than the step before; at most two cells with extras, unless every extra
    cell adds the same single digit (type 2).

    Paths that cannot close into a valid loop are cut early: a unit may hold two path
    cells only, at positions of opposite parity."""
    geo, cands = board.geo, board.cands
    t = tables(geo)
    kinds, unit_cells = t.kinds, t.unit_cells
    home = 1 << start
    path = [start]
    held: dict[int, list[int]] = {u: [0] for u in geo.cell_units[start]}  # unit -> positions

    def fits(cell: int, pos: int) -> bool:
        for u in geo.cell_units[cell]:
            got = held.get(u)
            if got and (len(got) == 2 or got[0] % 2 == pos % 2):
                return False
        return True

    def walk(
        cell: int, last: str, allowed: int, extra: int, free: int
    ) -> Iterator[tuple[int, ...]]:
        pos = len(path)
        for u in geo.cell_units[cell]:
            kind = kinds[u]
            if kind == last:
                continue
            ahead = unit_cells[u] & (free | home) if pos >= 4 else unit_cells[u] & free
            for nxt in set_bits(ahead):
                if nxt == start:
                    yield tuple(path)
                    continue
                m = cands[nxt]
                more = extra | (m & ~pair)
                wide = m.bit_count() > 2
                if (wide and more.bit_count() != 1 and allowed <= 0) or not fits(nxt, pos):
                    continue
                path.append(nxt)
                for w in geo.cell_units[nxt]:
                    held.setdefault(w, []).append(pos)
                yield from walk(nxt, kind, allowed - wide, more, free & ~(1 << nxt))
                for w in geo.cell_units[nxt]:
                    held[w].pop()
                path.pop()

    yield from walk(start, "", 2, 0, area)


def _kinds(board: Board) -> tuple[str, ...]:
    """The kind of each unit ('row', 'column', 'box', 'window', 'diagonal', ...): a loop
    steps along a unit of another kind than its last step (Sukaku Explainer walks every
    unit of the variant, so a loop may step along a diagonal or a window too)."""
    return tables(board.geo).kinds


def _valid(board: Board, loop: tuple[int, ...]) -> bool:
    """Every unit met holds two loop cells, one at an odd and one at an even position."""
    seen: tuple[set[int], set[int]] = (set(), set())
    for i, c in enumerate(loop):
        side = seen[i % 2]
        for u in board.geo.cell_units[c]:
            if u in side:
                return False
            side.add(u)
    return seen[0] == seen[1]


def _base(size: int) -> float:
    """SE's loop rating: 4.5 for four cells, 4.6 for six, 4.7 for eight, 5.0 above."""
    return _UR.se + (0.5 if size >= 10 else 0.2 if size >= 8 else 0.1 if size >= 6 else 0.0)


def unique_loop(board: Board) -> list[Step]:
    """The lowest-rated unique rectangle or loop deduction (types 1 to 4)."""
    cands = board.cands
    found: dict[tuple[frozenset[int], tuple[tuple[int, int], ...]], Step] = {}
    for start, m in enumerate(cands):
        if m.bit_count() != 2:
            continue
        for loop in _valid_loops(board, start, m, _area(board, start, m)):
            if _restricted(board, loop, m):
                continue
            for step in _deductions(board, loop, m):
                key = (frozenset(loop), step.eliminated)
                old = found.get(key)
                if old is None or step.difficulty < old.difficulty:
                    found[key] = step
    best = min(found.values(), key=lambda s: s.difficulty, default=None)
    return [best] if best else []


def _restricted(board: Board, loop: tuple[int, ...], pair: int) -> bool:
    """Whether a pair rule may tell the loop's two fillings apart (SE's test, as crude as
    its own): a cell bound to a loop cell beyond its units (anti-knight, anti-king) holds
    a or b, or a non-consecutive neighbour of one holds a digit one apart from a or b.
    Swapping a and b might then break the rule, so the loop is no deadly pattern."""
    cands = board.cands
    bound = tables(board.geo).beyond_units
    near = board.geo.neighbours
    apart = 0
    for d in digits_of(pair):
        apart |= next_to(d)
    return any(cands[p] & pair for c in loop for p in bound[c]) or any(
        cands[p] & apart for c in loop for p in near[c])


def _deductions(board: Board, loop: tuple[int, ...], pair: int) -> Iterator[Step]:
    cands, geo = board.cands, board.geo
    sets = tables(geo).peer_sets
    ab = digits_of(pair)
    tech = _UR if len(loop) == 4 else _UL
    base = _base(len(loop))
    cells = tuple(sorted(loop))
    extras = [c for c in loop if cands[c] != pair]
    extra = 0
    for c in extras:
        extra |= cands[c] & ~pair
    if len(extras) == 1:  # type 1: the only extra cell must take an extra digit
        yield Step(tech, base, cells, ab, eliminated=tuple((extras[0], d) for d in ab))
        return
    if extra.bit_count() == 1:  # type 2: the common extra digit is true in an extra cell
        d = digits_of(extra)[0]
        common = set(sets[extras[0]])
        for c in extras[1:]:
            common &= sets[c]
        elim = tuple((c, d) for c in sorted(common) if cands[c] & extra and c not in loop)
        if elim:
            yield Step(tech, base, cells, ab + (d,), eliminated=elim)
    if len(extras) != 2:
        return
    x, y = extras
    for u in geo.cell_units[x]:
        if u not in geo.cell_units[y]:
            continue
        if extra.bit_count() >= 2:
            yield from _type3(board, loop, pair, extra, u, tech, base)
        for keep, drop in ((ab[0], ab[1]), (ab[1], ab[0])):  # type 4: a locked to x, y
            kb = 1 << (keep - 1)
            if all(c in (x, y) for c in geo.units[u] if cands[c] & kb):
                elim = tuple((c, drop) for c in (x, y))
                yield Step(tech, base, cells, ab, eliminated=elim, units=(u,))


def _type3(
    board: Board, loop: tuple[int, ...], pair: int, extra: int, u: int, tech: Technique,
    base: float,
) -> Iterator[Step]:
    """Type 3: the two extra cells act as one cell holding their extras; with k other
    cells of a shared unit it forms a naked set of k + 1 digits, which leave the unit's
    other cells."""
    cands, geo = board.cands, board.geo
    ab = digits_of(pair)
    x, y = (c for c in loop if cands[c] != pair)
    both = extra & cands[x] & cands[y]
    empty = [c for c in geo.units[u] if cands[c]]
    others = [c for c in empty if c not in (x, y)]
    for k in range(1, len(empty) // 2):
        if k + 1 < extra.bit_count():
            continue
        for combo in combinations(others, k):
            union = extra
            strict = both
            for c in combo:
                union |= cands[c]
                strict |= cands[c]
            if union.bit_count() != k + 1 or strict.bit_count() != k + 1:
                continue
            elim = tuple(
                (c, d) for c in others if c not in combo for d in digits_of(cands[c] & union)
            )
            if elim:
                yield Step(
                    tech, base + 0.1 * k, tuple(sorted(loop)) + combo, ab,
                    eliminated=elim, units=(u,),
                )


def _bug_values(board: Board) -> dict[int, int] | None:
    """The BUG's extra candidates: cell -> mask of the digits that must leave it for every
    unit to hold each digit in 0 or 2 places; None when the board is no BUG+n.

    A digit with an odd count in a unit is charged to the one cell of its places with
    three or more candidates; when every such count is of one same digit, all its wide
    places are charged (SE's rule)."""
    cands, geo = board.cands, board.geo
    extra: dict[int, int] = {}
    wide_all: set[int] = set()
    digits: set[int] = set()
    for cells in geo.units:
        for d in range(board.n):
            b = 1 << d
            spots = [c for c in cells if cands[c] & b]
            if len(spots) in (0, 2):
                continue
            wide = [c for c in spots if cands[c].bit_count() >= 3]
            if not wide:
                return None
            digits.add(d)
            wide_all.update(wide)
            if len(wide) == 1:
                extra[wide[0]] = extra.get(wide[0], 0) | b
    if len(digits) == 1 and len(wide_all) > len(extra):
        b = 1 << digits.pop()
        for c in wide_all:
            extra[c] = extra.get(c, 0) | b
    left = [m & ~extra.get(c, 0) for c, m in enumerate(cands)]
    for cells in geo.units:
        for d in range(board.n):
            if sum(1 for c in cells if left[c] >> d & 1) not in (0, 2):
                return None
    return extra or None


def bug(board: Board) -> list[Step]:
    """Bivalue universal grave: if every extra candidate left, the grid would be a deadly
    pattern, so one of them is true. Type 1 (one cell, 5.6): its extras are all it can
    hold. Type 2 (5.7): the extras are one digit, which leaves every cell seeing all of
    its BUG places."""
    extra = _bug_values(board)
    if extra is None:
        return []
    cands = board.cands
    sets = tables(board.geo).peer_sets
    if len(extra) == 1:
        (cell, m), = extra.items()
        tech = Technique.BUG
        keep = digits_of(m)
        if len(keep) == 1:
            return [Step(tech, tech.se, (cell,), keep, placed=((cell, keep[0]),))]
        elim = tuple((cell, d) for d in digits_of(cands[cell] & ~m))
        return [Step(tech, tech.se, (cell,), keep, eliminated=elim)]
    values = 0
    for m in extra.values():
        values |= m
    if values.bit_count() != 1:
        return []
    tech = Technique.BUG_TYPE_2
    cells = sorted(extra)
    common = set(sets[cells[0]])
    for c in cells[1:]:
        common &= sets[c]
    d = digits_of(values)[0]
    elim = tuple((c, d) for c in sorted(common - set(cells)) if cands[c] & values)
    if not elim:
        return []
    return [Step(tech, tech.se, tuple(cells), (d,), eliminated=elim)]


# ---------------------------------------------------------------- technique objects
T = Technique


def _loop(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label} on {phrases.digits(step.digits[:2])} at "
            f"{phrases.cells(geo, step.cells[:4])} -> {what}")


UNIQUE_LOOPS = Rule(
    unique_loop, (T.UNIQUE_RECTANGLE, T.UNIQUE_LOOP),
    "4.5 for 4 cells, 4.6 for 6, 4.7 for 8, 5.0 for 10+; type 3: +0.1 per extra cell",
    Family.UNIQUENESS, _loop,
)
BUG = Rule(bug, (T.BUG, T.BUG_TYPE_2), "5.6 for one extra cell, 5.7 for type 2",
           Family.UNIQUENESS, told_by_description)
