"""Killer sudoku's cage techniques: the finders, and the fixed facts of a killer grid.

Glossary:
  combo        a set of distinct digits making a cage's (remaining) sum with its cell count
  house set    a union of adjacent houses (1-4 rows, 1-4 columns, a box or two adjacent
               boxes) of 9k cells: its digits sum to 45k
  innies       the cells inside a house set of the cages that stick out of it; their sum is
               45k less the totals of the cages wholly inside
  outies       the cells outside a house set of the cages that stick into it; their sum is
               those cages' totals less the innies' sum
  group        cells of known sum (innies, outies, or the rest of a cage they split)
  linked       two cells that may not hold the same digit: peers, or mates in a cage
Each finder takes the board and the KillerGrid; the killer ladder (grade.killer_scale) tries
them among the classic ones.

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ...core.grid import Geometry, geometry, symbol
from ...core.model import Family
from ...variants.killer.cages import Cage, Cages
from ..board import Board, Step, digits_of
from ..scale import Technique
from ..technique import Rule

T = Technique
N = 9
ALL = (1 << N) - 1

UNION_EXTRA = 0.1
"""Added to a rule-of-45 step per house beyond the first of its house set (at most 0.3)."""

@lru_cache(maxsize=1 << 16)
def combos(total: int, size: int, allowed: int = ALL) -> tuple[int, ...]:
    """Masks of the sets of `size` distinct digits of `allowed` that sum to `total`."""
    digits = digits_of(allowed)
    return tuple(
        sum(1 << (d - 1) for d in combo)
        for combo in combinations(digits, size)
        if sum(combo) == total
    )


@lru_cache(maxsize=1 << 16)
def fits(masks: tuple[int, ...], total: int, links: tuple[int, ...]) -> tuple[int, ...]:
    """For cells with candidate masks `masks`, which must sum to `total` with linked cells
    (links[i]: bit j set when cells i and j differ) distinct: each cell's digits that some
    such assignment gives it (all 0 when none exists)."""
    k = len(masks)
    order = sorted(range(k), key=lambda i: masks[i].bit_count())
    lo = [min(digits_of(masks[i]), default=10) for i in order]
    hi = [max(digits_of(masks[i]), default=0) for i in order]
    lo_rest = [sum(lo[i:]) for i in range(k + 1)]
    hi_rest = [sum(hi[i:]) for i in range(k + 1)]
    value = [0] * k
    possible = [0] * k

    def dfs(pos: int, rest: int) -> None:
        if pos == k:
            if rest == 0:
                for i in range(k):
                    possible[i] |= 1 << (value[i] - 1)
            return
        if not lo_rest[pos] <= rest <= hi_rest[pos]:
            return
        cell = order[pos]
        banned = 0
        for j in range(pos):
            if links[cell] >> order[j] & 1:
                banned |= 1 << (value[order[j]] - 1)
        for d in digits_of(masks[cell] & ~banned):
            if d > rest:
                break
            value[cell] = d
            dfs(pos + 1, rest - d)
        value[cell] = 0

    dfs(0, total)
    return tuple(possible)


@dataclass(frozen=True)
class Group:
    """Cells whose sum the cages and the rule of 45 give."""

    cells: tuple[int, ...]
    """The cells, ascending."""
    total: int
    """Their sum."""
    units: tuple[int, ...]
    """The houses of the house set it comes from (unit indices: rows 0-8, columns 9-17,
    boxes 18-26)."""
    technique: Technique
    """INNIE_OUTIE for innies and outies (INNIES_OUTIES when several are unknown),
    CAGE_SPLIT for the rest of a cage they split."""
    cage: tuple[int, ...] = ()
    """For a split: the cells of the cage split."""


def house_sets(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """The house sets the rule of 45 reads, fewest houses first: 1-4 adjacent rows, 1-4
    adjacent columns, a box, two boxes side by side or one above the other."""
    out: list[tuple[int, ...]] = []
    for k in range(1, 5):
        if k == 1:
            out += [(b,) for b in range(2 * N, 3 * N)]
        for first in range(N - k + 1):
            out.append(tuple(range(first, first + k)))
            out.append(tuple(range(N + first, N + first + k)))
        if k == 2:
            for b in range(N):
                if b % 3 < 2:
                    out.append((2 * N + b, 2 * N + b + 1))
                if b < 6:
                    out.append((2 * N + b, 2 * N + b + 3))
    return tuple(out)


class KillerGrid:
    """A killer puzzle's fixed facts: cages, which cage each cell is in, linked cells, and
    the groups of known sum (from every house set)."""

    def __init__(self, cages: Cages, geo: Geometry) -> None:
        self.geo = geo
        self.cages = cages
        cage_of = [-1] * geo.ncells
        for i, cage in enumerate(cages):
            for c in cage.cells:
                if cage_of[c] != -1:
                    raise ValueError(f"cell {c} lies in two cages")
                cage_of[c] = i
        if -1 in cage_of:
            raise ValueError(f"cell {cage_of.index(-1)} lies in no cage")
        self.cage_of = tuple(cage_of)
        peers = [set(p) for p in geo.peers]
        for cage in cages:
            for c in cage.cells:
                peers[c].update(x for x in cage.cells if x != c)
        self.linked = tuple(frozenset(p) for p in peers)
        self.geo_peers = tuple(frozenset(p) for p in geo.peers)
        self.groups = self._groups()

    def links(self, cells: Sequence[int]) -> tuple[int, ...]:
        """links[i]: bit j set when cells[i] and cells[j] may not share a digit."""
        return tuple(
            sum(1 << j for j, b in enumerate(cells) if b in self.linked[a]) for a in cells
        )

    def _groups(self) -> tuple[Group, ...]:
        seen: set[tuple[int, ...]] = {cage.cells for cage in self.cages}
        sums: list[Group] = []
        splits: list[Group] = []
        for units in house_sets(self.geo):
            inside = frozenset(c for u in units for c in self.geo.units[u])
            touching = {self.cage_of[c] for c in inside}
            whole = [i for i in touching if set(self.cages[i].cells) <= inside]
            part = [i for i in touching if i not in whole]
            innie_sum = 45 * len(units) - sum(self.cages[i].total for i in whole)
            innies = tuple(sorted(c for i in part for c in self.cages[i].cells if c in inside))
            outies = tuple(
                sorted(c for i in part for c in self.cages[i].cells if c not in inside)
            )
            outie_sum = sum(self.cages[i].total for i in part) - innie_sum
            for cells, total in ((innies, innie_sum), (outies, outie_sum)):
                if not cells or cells in seen:
                    continue
                seen.add(cells)
                sums.append(Group(cells, total, units, T.INNIE_OUTIE))
                host = {self.cage_of[c] for c in cells}
                if len(host) == 1:
                    cage = self.cages[host.pop()]
                    rest = tuple(c for c in cage.cells if c not in cells)
                    if rest not in seen:
                        seen.add(rest)
                        splits.append(
                            Group(rest, cage.total - total, units, T.CAGE_SPLIT, cage.cells)
                        )
        return tuple(sums + splits)


def _union_extra(units: tuple[int, ...]) -> float:
    return min(len(units) - 1, 3) * UNION_EXTRA


def cage_combinations(board: Board, kg: KillerGrid) -> list[Step]:
    """Each cage's empty cells keep only digits of the combinations of its remaining sum
    (placed digits and their cage mates excluded); a digit every combination needs, with
    one place left in the cage, is placed."""
    out = []
    values, cands = board.values, board.cands
    for cage in kg.cages:
        empty = [c for c in cage.cells if not values[c]]
        if not empty:
            continue
        used = sum(1 << (values[c] - 1) for c in cage.cells if values[c])
        rest = cage.total - sum(values[c] for c in cage.cells)
        found = combos(rest, len(empty), ALL & ~used)
        if not found:
            continue  # a contradiction: the board is broken, and the solver stops
        union = 0
        need = ALL
        for m in found:
            union |= m
            need &= m
        placed = []
        for d in digits_of(need):
            places = [c for c in empty if cands[c] >> (d - 1) & 1]
            if len(places) == 1 and cands[places[0]] & ~(1 << (d - 1)):
                placed.append((places[0], d))
        filled = {c for c, _ in placed}
        gone = tuple((c, d) for c in empty if c not in filled
                     for d in digits_of(cands[c] & ~union))
        if gone or placed:
            out.append(Step(T.CAGE_COMBINATIONS, T.CAGE_COMBINATIONS.se, tuple(empty),
                            digits_of(union), placed=tuple(placed), eliminated=gone,
                            total=rest, cage=cage.cells))
    return out


def _group_steps(board: Board, kg: KillerGrid, split: bool, several: bool) -> list[Step]:
    """The first group of known sum (innies and outies, or the rest of a split cage) with
    one unknown cell (placed), or with two or three (several: the digits no assignment of
    the sum gives are removed)."""
    values, cands = board.values, board.cands
    for g in kg.groups:
        if (g.technique is T.CAGE_SPLIT) != split:
            continue
        empty = tuple(c for c in g.cells if not values[c])
        rest = g.total - sum(values[c] for c in g.cells)
        tech = T.CAGE_SPLIT if split else T.INNIES_OUTIES if several else T.INNIE_OUTIE
        value = round(tech.se + _union_extra(g.units), 1)
        if len(empty) == 1 and not several:
            c = empty[0]
            if 1 <= rest <= N and cands[c] >> (rest - 1) & 1:
                return [Step(tech, value, empty, (rest,), placed=((c, rest),), units=g.units,
                             total=rest, cage=g.cage)]
        elif 2 <= len(empty) <= 3 and several:
            masks = tuple(cands[c] for c in empty)
            keep = fits(masks, rest, kg.links(empty))
            gone = tuple(
                (c, d) for c, m, k in zip(empty, masks, keep, strict=True)
                for d in digits_of(m & ~k)
            )
            if gone and any(keep):
                return [Step(tech, value, empty, (), eliminated=gone, units=g.units,
                             total=rest, cage=g.cage)]
    return []


def innie_outie(board: Board, kg: KillerGrid) -> list[Step]:
    """Rule of 45: the one unknown cell of innies or outies takes the rest of their sum."""
    return _group_steps(board, kg, split=False, several=False)


def innies_outies(board: Board, kg: KillerGrid) -> list[Step]:
    """Rule of 45: two or three unknown innies or outies of known sum, read as a cage."""
    return _group_steps(board, kg, split=False, several=True)


def cage_split(board: Board, kg: KillerGrid) -> list[Step]:
    """The rest of a cage split by innies or outies of known sum: one unknown cell placed,
    or two or three read as a cage."""
    return (_group_steps(board, kg, split=True, several=False)
            or _group_steps(board, kg, split=True, several=True))


def _cage_fits(board: Board, kg: KillerGrid, cage: Cage) -> tuple[list[int], tuple[int, ...],
                                                                   int]:
    """(empty cells, digits each can take in some full assignment, digits every assignment
    uses)."""
    values, cands = board.values, board.cands
    empty = [c for c in cage.cells if not values[c]]
    rest = cage.total - sum(values[c] for c in cage.cells)
    masks = tuple(cands[c] for c in empty)
    keep = fits(masks, rest, kg.links(empty))
    return empty, keep, _needed(masks, rest, keep)


def _needed(masks: tuple[int, ...], rest: int, keep: tuple[int, ...]) -> int:
    """Digits in every combination of the sum that the cells' digits can place."""
    union = 0
    for m in keep:
        union |= m
    need = ALL
    for combo in combos(rest, len(masks), union):
        if all(m & combo for m in keep):
            need &= combo
    return need if any(keep) else 0


def cage_pointing(board: Board, kg: KillerGrid) -> list[Step]:
    """A digit every combination of a cage needs leaves the cells outside the cage that are
    linked to all its places inside."""
    cands = board.cands
    for cage in kg.cages:
        empty, keep, need = _cage_fits(board, kg, cage)
        if len(empty) < 2:
            continue
        for d in digits_of(need):
            bit = 1 << (d - 1)
            places = [c for c in empty if cands[c] & bit]
            if not places:
                continue
            seen = frozenset.intersection(*(kg.geo_peers[c] for c in places))
            gone = tuple((c, d) for c in sorted(seen) if cands[c] & bit
                         and kg.cage_of[c] != kg.cage_of[places[0]])
            if gone:
                return [Step(T.CAGE_POINTING, T.CAGE_POINTING.se, tuple(places), (d,),
                             eliminated=gone, total=cage.total, cage=cage.cells)]
    return []


def combination_elimination(board: Board, kg: KillerGrid) -> list[Step]:
    """A cage's digits that no assignment of its sum over its cells' candidates gives."""
    cands = board.cands
    for cage in kg.cages:
        empty, keep, _ = _cage_fits(board, kg, cage)
        if len(empty) < 2 or not any(keep):
            continue
        gone = tuple((c, d) for c, k in zip(empty, keep, strict=True)
                     for d in digits_of(cands[c] & ~k))
        if gone:
            rest = cage.total - sum(board.values[c] for c in cage.cells)
            union = 0
            for k in keep:
                union |= k
            return [Step(T.COMBINATION_ELIMINATION, T.COMBINATION_ELIMINATION.se,
                         tuple(empty), digits_of(union), eliminated=gone, total=rest,
                         cage=cage.cells)]
    return []


def solve_killer(givens: Sequence[int], cages: Cages, limit: int = 2
                 ) -> tuple[int, list[tuple[int, ...]]]:
    """(solutions found up to `limit`, those solutions): a backtracking search over the
    cages, choosing the cell with the fewest digits left."""
    geo = geometry(N)
    kg = KillerGrid(cages, geo)
    values = list(givens)
    cage_left = [cage.total - sum(values[c] for c in cage.cells) for cage in cages]
    cage_empty = [sum(1 for c in cage.cells if not values[c]) for cage in cages]
    found: list[tuple[int, ...]] = []

    def allowed(c: int) -> int:
        used = 0
        for p in kg.linked[c]:
            if values[p]:
                used |= 1 << (values[p] - 1)
        i = kg.cage_of[c]
        left, k = cage_left[i], cage_empty[i]
        mask = ALL & ~used
        if k == 1:
            return mask & (1 << (left - 1)) if 1 <= left <= N else 0
        inside = 0
        for x in kg.cages[i].cells:
            if values[x]:
                inside |= 1 << (values[x] - 1)
        out = 0
        for combo in combos(left, k, ALL & ~inside):
            out |= combo
        return out & mask

    def search() -> bool:
        best, best_mask, best_n = -1, 0, 10
        for c in range(geo.ncells):
            if not values[c]:
                m = allowed(c)
                n = m.bit_count()
                if n < best_n:
                    best, best_mask, best_n = c, m, n
                    if n <= 1:
                        break
        if best < 0:
            found.append(tuple(values))
            return len(found) >= limit
        i = kg.cage_of[best]
        for d in digits_of(best_mask):
            values[best] = d
            cage_left[i] -= d
            cage_empty[i] -= 1
            stop = search()
            values[best] = 0
            cage_left[i] += d
            cage_empty[i] += 1
            if stop:
                return True
        return False

    search()
    return len(found), found


def killer_board(givens: Sequence[int], cages: Cages) -> tuple[Board, KillerGrid]:
    """The candidate board of a killer puzzle (givens' peers cleared) and its fixed facts."""
    geo = geometry(N)
    return Board(tuple(givens), geo), KillerGrid(cages, geo)


# ---------------------------------------------------------------- technique objects
_KINDS = ("row", "column", "box")
_HOUSES = "; +0.1 per house beyond the first of its house set, at most +0.3"


def cells_text(geo: Geometry, cells: tuple[int, ...]) -> str:
    """'r1c1-r1c3' for a run of cells along a row or column, else 'r1c1, r2c1, r2c2'."""
    if len(cells) > 2:
        rows = {c // geo.n for c in cells}
        cols = {c % geo.n for c in cells}
        step = 1 if len(rows) == 1 else geo.n if len(cols) == 1 else 0
        if step and all(b - a == step for a, b in zip(cells, cells[1:], strict=False)):
            return f"{geo.label(cells[0])}-{geo.label(cells[-1])}"
    return ", ".join(geo.label(c) for c in cells)


def houses_text(geo: Geometry, units: tuple[int, ...]) -> str:
    """'row 3', 'rows 1-2', 'columns 4-7', 'boxes 1-2', 'boxes 1 and 4'."""
    kind = _KINDS[units[0] // geo.n]
    numbers = [u % geo.n + 1 for u in units]
    if len(numbers) == 1:
        return f"{kind} {numbers[0]}"
    if all(b - a == 1 for a, b in zip(numbers, numbers[1:], strict=False)):
        run = f"{numbers[0]}-{numbers[-1]}"
    else:
        run = ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
    plural = "boxes" if kind == "box" else kind + "s"
    return f"{plural} {run}"


def _digits(ds: tuple[int, ...]) -> str:
    return ", ".join(symbol(d) for d in ds)


def _cage_result(geo: Geometry, step: Step) -> str:
    """'r1c9 = 9; removed 8, 9 from r1c6-r4c6': cells losing the same digits together."""
    lost: dict[int, list[int]] = {}
    for c, d in step.eliminated:
        lost.setdefault(c, []).append(d)
    together: dict[tuple[int, ...], list[int]] = {}
    for c, ds in lost.items():
        together.setdefault(tuple(sorted(ds)), []).append(c)
    parts = [f"{geo.label(c)} = {symbol(v)}" for c, v in step.placed]
    if together:
        parts.append("removed " + "; ".join(
            f"{_digits(ds)} from {cells_text(geo, tuple(sorted(cells)))}"
            for ds, cells in together.items()))
    return "; ".join(parts)


def _combinations(step: Step, geo: Geometry, what: str) -> str:
    """Cage combinations and combination elimination: the digits the cage's combinations
    leave (the result worded cell group by cell group, not the classic way)."""
    t = step.technique
    cage = cells_text(geo, step.cage)
    head = (f"cage {step.total} at {cage}" if step.cells == step.cage else
            f"cage at {cage}, whose empty cells {cells_text(geo, step.cells)} "
            f"sum to {step.total}")
    how = ("the combinations of the sum" if t is T.CAGE_COMBINATIONS
           else "the combinations the cells' candidates can place")
    return (f"{t.label}: {head}: {how} use only {_digits(step.digits)} -> "
            f"{_cage_result(geo, step)}")


def _pointing(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label}: cage at {cells_text(geo, step.cage)}: every combination "
            f"of its sum needs {symbol(step.digits[0])}, found only at "
            f"{cells_text(geo, step.cells)}, so not in the cells outside the cage seeing "
            f"them all -> {what}")


def _split(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label}: rule of 45 on {houses_text(geo, step.units)} gives the "
            f"sum of part of the cage at {cells_text(geo, step.cage)}, so its other cells "
            f"{cells_text(geo, step.cells)} sum to {step.total} -> {what}")


def _rule_of_45(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label} on {houses_text(geo, step.units)}: the cages leave "
            f"{cells_text(geo, step.cells)} summing to {step.total} -> {what}")


CAGE_COMBINATIONS = Rule(cage_combinations, (T.CAGE_COMBINATIONS,), "1.1", Family.CAGE,
                         _combinations)
INNIE_OUTIE = Rule(innie_outie, (T.INNIE_OUTIE,), "1.8" + _HOUSES, Family.CAGE,
                   _rule_of_45)
CAGE_POINTING = Rule(cage_pointing, (T.CAGE_POINTING,), "2.7", Family.CAGE, _pointing)
INNIES_OUTIES = Rule(innies_outies, (T.INNIES_OUTIES,), "3.0" + _HOUSES, Family.CAGE,
                     _rule_of_45)
CAGE_SPLIT = Rule(cage_split, (T.CAGE_SPLIT,), "3.2" + _HOUSES, Family.CAGE, _split)
COMBINATION_ELIMINATION = Rule(combination_elimination, (T.COMBINATION_ELIMINATION,),
                               "4.2", Family.CAGE, _combinations)

CAGE_RULES = (CAGE_COMBINATIONS, INNIE_OUTIE, CAGE_POINTING, INNIES_OUTIES, CAGE_SPLIT,
              COMBINATION_ELIMINATION)
"""The killer techniques, easiest first."""
