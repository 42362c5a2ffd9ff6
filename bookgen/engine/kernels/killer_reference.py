"""The pure-Python killer search: the reference for killer_fast.py.

Glossary (see cages.py for the tables):
  cand[c]    candidates of cell c as a bit mask (bit v-1 = value v)
  done[c]    cell c is placed: its single candidate has been removed from its peers
  propagate  to a fixpoint: place naked singles (removing the value from the classic
             peers and the cage mates), hidden singles of rows, columns and boxes, and
             cage sums (every empty cell of a cage keeps only digits of combo[k, s,
             avail], k its empty cells, s the total less the placed digits, avail the
             union of their candidates less the placed digits)
  search     propagate, then branch on the empty cell with the fewest candidates (lowest
             cell on ties), values ascending; killer_fast.py runs the same search, so both
             find the same solutions in the same order
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from .cage_tables import MAX_SUM, cage_arrays, combo_table

if TYPE_CHECKING:
    from ...variants.killer.cages import Cages

FULL = 511


class _Killer:
    def __init__(self, cages: Cages, limit: int) -> None:
        from ...core.grid import geometry

        cells, lens, totals, _owner, peers, _np = cage_arrays(cages, 81)
        self.cages = [(list(map(int, row[:k])), int(t))
                      for row, k, t in zip(cells, lens, totals, strict=True)]
        self.peers = [[int(p) for p in row if p >= 0] for row in peers]
        self.units = [list(u) for u in geometry(9).units]
        self.combo = combo_table().tolist()
        self.limit = limit
        self.sols: list[list[int]] = []

    def propagate(self, cand: list[int], done: list[bool]) -> bool:
        changed = True
        while changed:
            changed = False
            for c in range(81):
                m = cand[c]
                if not done[c] and not m & (m - 1):
                    done[c] = True
                    for p in self.peers[c]:
                        if cand[p] & m:
                            cand[p] ^= m
                            if not cand[p]:
                                return False
                            changed = True
            for cells in self.units:
                once = twice = 0
                for c in cells:
                    twice |= once & cand[c]
                    once |= cand[c]
                if once != FULL:
                    return False
                alone = once & ~twice
                if alone:
                    for c in cells:
                        m = cand[c] & alone
                        if m and cand[c] != m:
                            if m & (m - 1):
                                return False
                            cand[c] = m
                            changed = True
            for cells, total in self.cages:
                left, used, avail, k = total, 0, 0, 0
                for c in cells:
                    if done[c]:
                        left -= cand[c].bit_length()
                        used |= cand[c]
                    else:
                        avail |= cand[c]
                        k += 1
                if not k:
                    if left:
                        return False
                    continue
                if left < 0 or left > MAX_SUM:
                    return False
                allowed = self.combo[k][left][avail & ~used & FULL]
                if not allowed:
                    return False
                for c in cells:
                    if not done[c]:
                        m = cand[c] & allowed
                        if not m:
                            return False
                        if m != cand[c]:
                            cand[c] = m
                            changed = True
        return True

    def search(self, cand: list[int], done: list[bool]) -> None:
        if not self.propagate(cand, done):
            return
        best, fewest = -1, 10
        for c in range(81):
            if not done[c]:
                k = bin(cand[c]).count("1")
                if k < fewest:
                    best, fewest = c, k
        if best < 0:
            self.sols.append([m.bit_length() for m in cand])
            return
        m = cand[best]
        while m and len(self.sols) < self.limit:
            bit = m & -m
            m ^= bit
            child = cand[:]
            child[best] = bit
            self.search(child, done[:])


def killer_solutions(
    grid: Sequence[int], cages: Cages, limit: int = 2
) -> tuple[int, np.ndarray]:
    """(solutions found up to limit, (limit, 81) int8 of them in the order found)."""
    k = _Killer(cages, limit)
    cand = [1 << (int(v) - 1) if v else FULL for v in grid]
    k.search(cand, [False] * 81)
    sols = np.zeros((limit, 81), dtype=np.int8)
    if k.sols:
        sols[: len(k.sols)] = k.sols
    return len(k.sols), sols
