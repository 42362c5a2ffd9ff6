"""A provisional killer grader: cage sums as candidate restrictions, then singles.

Glossary:
  cage sums   every empty cell of a cage keeps the digits that some set of distinct digits,
              all still possible in the cage's empty cells, reaching the sum left, contains
  singles     naked singles (a cell with one candidate) and hidden singles (a digit with
              one place in a row, column or box)
  grade       SOLVED_BY_SUMS when cage sums and singles alone fill the grid; otherwise
              BEYOND_SUMS, a fixed provisional value: this grader knows no harder step, so
              it cannot tell hard from extreme (no step log either: steps is empty)
"""

from __future__ import annotations

from ..grid import geometry
from ..kernels.cages import MAX_SUM, combo_table
from ..killer import Cages
from ..model import band_of
from .solver import Grading

SOLVED_BY_SUMS = 1.0
"""The grade of a puzzle that cage sums and singles solve."""

BEYOND_SUMS = 4.5
"""The provisional grade of any other puzzle (band expert)."""

FULL = 511


def _settle(cand: list[int], cages: Cages) -> bool:
    """Cage sums and singles to a fixpoint; False when a cell is left without candidates."""
    geo = geometry(9)
    combo = combo_table()
    changed = True
    while changed:
        changed = False
        for c in range(81):
            m = cand[c]
            if m and not m & (m - 1):
                for p in geo.peers[c]:
                    if cand[p] & m and cand[p] != m:
                        cand[p] &= ~m
                        changed = True
        for cells in geo.units:
            for d in range(9):
                bit = 1 << d
                spots = [c for c in cells if cand[c] & bit]
                if len(spots) == 1 and cand[spots[0]] != bit:
                    cand[spots[0]] = bit
                    changed = True
        for cage in cages:
            fixed = [cand[c] for c in cage.cells if not cand[c] & (cand[c] - 1)]
            open_ = [c for c in cage.cells if cand[c] & (cand[c] - 1)]
            left = cage.total - sum(m.bit_length() for m in fixed)
            if not open_ or not 0 <= left <= MAX_SUM:
                continue
            used = 0
            for m in fixed:
                used |= m
            avail = 0
            for c in open_:
                avail |= cand[c]
            allowed = int(combo[len(open_), left, avail & ~used & FULL])
            for c in open_:
                if cand[c] & allowed != cand[c]:
                    cand[c] &= allowed
                    changed = True
        if not all(cand):
            return False
    return True


def grade_killer(givens: tuple[int, ...], cages: Cages) -> Grading:
    """The provisional grade of a killer puzzle (see the glossary)."""
    cand = [1 << (v - 1) if v else FULL for v in givens]
    solved = _settle(cand, cages) and all(not m & (m - 1) for m in cand)
    value = SOLVED_BY_SUMS if solved else BEYOND_SUMS
    return Grading(grade=value, band=band_of(value),
                   hardest="cage sums" if solved else "beyond cage sums",
                   steps=(), counts=(), solved=solved)
