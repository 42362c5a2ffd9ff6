"""An independent killer solver for the tests: candidates narrowed by the rules, then a
search, written from the rules as people state them (it shares no code with bookgen's
kernels, its tables or its cage combinations).

Glossary:
  cands     per cell, a bitset of the digits it may still hold (bit d for digit d)
  units     the 27 rows, columns and boxes of a 9x9 grid: each holds every digit once
  combos    per cage, the sets of distinct digits (as bitsets) that add up to its sum
  innies    per unit, its cells outside the cages wholly inside it: they add up to 45
            less those cages' sums (every unit holds 1 to 9 once); outies: the cells
            outside the unit of the cages reaching into it add up to those cages' sums
            less 45. Where such cells lie in one unit they hold distinct digits, and are
            taken as one more cage
  narrow    apply, until nothing changes: a settled cell's digit leaves the cells of its
            units and of its cage; a digit with one place left in a unit goes there; a
            cage (or innie or outie group) keeps only the combos its cells can still hold
            (every cell one of the combo's digits, every digit some cell), and each cell
            only the digits of those

Every step only removes digits no solution can have there, so the search (on the cell
of fewest candidates) meets every solution; a finished grid is checked against every
rule once more before it counts.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

ALL = 0b1111111110
"""Digits 1 to 9."""

UNITS = ([[r * 9 + c for c in range(9)] for r in range(9)]
         + [[r * 9 + c for r in range(9)] for c in range(9)]
         + [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)]
            for b in range(9)])


def _combos(total: int, size: int) -> list[int]:
    return [sum(1 << d for d in ds) for ds in combinations(range(1, 10), size)
            if sum(ds) == total]


def _innies(cages: list[tuple[int, list[int]]]) -> list[tuple[int, list[int]]]:
    """Per unit, the cells left when the cages wholly inside it are taken away, with the
    sum they must make (45 less those cages' sums); and the cells outside it of the cages
    that reach into it, when they lie in one unit, with theirs (those cages' sums less
    45). Either way the cells hold distinct digits, as in a cage."""
    found = []
    for unit in UNITS:
        inside = set(unit)
        left = set(unit)
        total = 45
        for cage_total, cells in cages:
            if inside.issuperset(cells):
                left -= set(cells)
                total -= cage_total
        if 0 < len(left) < 9:
            found.append((total, sorted(left)))
        touching = [(t, cells) for t, cells in cages if inside & set(cells)]
        outside = {c for _, cells in touching for c in cells} - inside
        if outside and any(set(other).issuperset(outside) for other in UNITS):
            found.append((sum(t for t, _ in touching) - 45, sorted(outside)))
    return found


class _Killer:
    def __init__(self, cages: Sequence[tuple[int, Sequence[int]]]) -> None:
        self.cages = [(total, list(cells)) for total, cells in cages]
        self.combos = [_combos(total, len(cells)) for total, cells in self.cages]
        self.groups = self.cages + _innies(self.cages)
        """The cages, then each unit's innies as a cage of their own."""
        self.group_combos = [_combos(total, len(cells)) for total, cells in self.groups]
        mates: list[set[int]] = [set() for _ in range(81)]
        for group in UNITS + [cells for _, cells in self.cages]:
            for c in group:
                mates[c].update(group)
        self.mates = [sorted(m - {c}) for c, m in enumerate(mates)]

    def narrow(self, cands: list[int]) -> bool:
        """Narrow cands in place; False when some cell or cage is left with nothing."""
        settled = [False] * 81
        changed = True
        while changed:
            changed = False
            for c in range(81):
                m = cands[c]
                if not m:
                    return False
                if settled[c] or m & (m - 1):
                    continue
                settled[c] = True
                for p in self.mates[c]:
                    if cands[p] & m:
                        cands[p] &= ~m
                        if not cands[p]:
                            return False
                        changed = True
            for unit in UNITS:
                for d in range(1, 10):
                    b = 1 << d
                    place = -1  # -1: none yet, -2: two or more
                    for c in unit:
                        if cands[c] & b:
                            if place != -1:
                                place = -2
                                break
                            place = c
                    if place == -1:
                        return False
                    if place >= 0 and cands[place] != b:
                        cands[place] = b  # a digit it also held alone finds no place next
                        changed = True
            for (_, cells), combos in zip(self.groups, self.group_combos, strict=True):
                reach = 0
                for c in cells:
                    reach |= cands[c]
                union = 0
                for combo in combos:
                    if combo & reach == combo and all(cands[c] & combo for c in cells):
                        union |= combo
                if not union:
                    return False
                for c in cells:
                    if cands[c] & ~union:
                        cands[c] &= union
                        if not cands[c]:
                            return False
                        changed = True
        return True

    def solutions(self, cands: list[int]) -> Iterator[list[int]]:
        if not self.narrow(cands):
            return
        open_cells = [c for c in range(81) if cands[c] & (cands[c] - 1)]
        if not open_cells:
            grid = [m.bit_length() - 1 for m in cands]
            if self.valid(grid):
                yield grid
            return
        c = min(open_cells, key=lambda x: cands[x].bit_count())
        m = cands[c]
        while m:
            b = m & -m
            m ^= b
            trial = cands[:]
            trial[c] = b
            yield from self.solutions(trial)

    def valid(self, grid: list[int]) -> bool:
        return (all(sorted(grid[c] for c in unit) == list(range(1, 10)) for unit in UNITS)
                and all(len({grid[c] for c in cells}) == len(cells)
                        and sum(grid[c] for c in cells) == total
                        for total, cells in self.cages))


def killer_solutions(givens: Sequence[int], cages: Sequence[tuple[int, Sequence[int]]],
                     limit: int = 2) -> list[list[int]]:
    """Up to `limit` solutions of a 9x9 killer puzzle (row-major givens, 0 = blank; cages
    as (sum, cells)), in the search's order."""
    cands = [1 << v if v else ALL for v in givens]
    found = []
    for grid in _Killer(cages).solutions(cands):
        found.append(grid)
        if len(found) >= limit:
            break
    return found
