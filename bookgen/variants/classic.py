"""Classic sudoku: rows, columns and rectangular boxes, in every size from 4x4 to 16x16.

The base kind's defaults are the classic grid's; this kind adds its proven clue minimums
and the full classic group for canonical forms (engine/canon.py's compiled minlex search).
"""

from __future__ import annotations

from ..core.kinds import Variant, register
from ..core.rules import MIN_CLUES, SIZES


class Classic(Variant):
    """Rows, columns and rectangular boxes."""

    name = "classic"
    sizes = SIZES
    description = "rows, columns and boxes each hold every symbol once"
    rank = 0
    canon_sizes = SIZES
    minlex = True

    def min_clues(self, n: int) -> int:
        """The proven minimums (4x4 4, 6x6 8, 9x9 17), else n - 1 (rules.MIN_CLUES)."""
        return MIN_CLUES[n]


CLASSIC = register(Classic())

__all__ = ["CLASSIC", "Classic"]
