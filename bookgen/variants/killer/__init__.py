"""Killer sudoku: classic 9x9 plus cages, each showing the sum of its cells, no digit
repeated in a cage. The cage records and their text forms live in cages.py.

A killer puzzle's cages carry its information, so it needs no given (and normally has
none); two killer puzzles are told apart by their solutions.
"""

from __future__ import annotations

from ...core.kinds import Variant, register


class Killer(Variant):
    """Classic 9x9 plus cages with sums."""

    name = "killer"
    sizes = (9,)
    description = "cages show the sum of their cells; no digit repeats in a cage"
    rank = 4
    caged = True

    def min_clues(self, n: int) -> int:
        return 0


KILLER = register(Killer())

__all__ = ["KILLER", "Killer"]
