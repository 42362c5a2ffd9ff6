"""Killer sudoku: classic 9x9 plus cages, each showing the sum of its cells, no digit
repeated in a cage. The cage records and their text forms live in cages.py.

A killer puzzle's cages carry its information, so it needs no given (and normally has
none); two killer puzzles are told apart by their solutions.
"""

from __future__ import annotations

from typing import Any

from ...core.kinds import Variant, register


class Killer(Variant):
    """Classic 9x9 plus cages with sums."""

    name = "killer"
    sizes = (9,)
    description = "cages show the sum of their cells; no digit repeats in a cage"
    rank = 4
    caged = True
    improvable = False

    def min_clues(self, n: int) -> int:
        return 0

    def make_candidate(self, spec: Any, difficulty: Any, seed: str, index: int
                       ) -> tuple[Any, str | None, tuple[Any, ...]]:
        """A random solution cut into cages drawn for the section's band (cage_aim), rated
        on the killer scale no further than the section's grade ceiling: a candidate too
        hard for the section is turned down before its costly steps."""
        import math

        from ...core.rules import Figure
        from ...grade.rating import rate_killer
        from ...make.generate import make_killer
        from ...make.select import ceiling

        made = make_killer(spec.cages, seed, index)
        top = ceiling(difficulty, Figure.GRADE)
        rating = rate_killer(made.puzzle, made.cages, ceiling=None if math.isinf(top) else top)
        return rating, None, made.cages


KILLER = register(Killer())

__all__ = ["KILLER", "Killer"]
