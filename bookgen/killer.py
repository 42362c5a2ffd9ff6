"""Killer sudoku cages: the record every stage shares.

Glossary:
  cage     a set of cells, joined through shared edges, whose digits sum to the cage's
           total; no digit repeats inside a cage
  total    the sum printed at the cage's top-left cell
  cells    row-major cell indices from 0, ascending; the first is the cage's top-left cell
           (the cell where the sum is printed: smallest row, then smallest column)
  cages    a tuple of Cage covering every cell of the grid exactly once
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Cage:
    """One cage of a killer puzzle."""

    total: int
    """The sum of the cage's digits."""
    cells: tuple[int, ...]
    """Row-major cell indices, ascending; cells[0] is where the sum is printed."""

    def __post_init__(self) -> None:
        if tuple(sorted(self.cells)) != self.cells or not self.cells:
            raise ValueError(f"cage cells must be a non-empty ascending tuple: {self.cells}")

    def __repr__(self) -> str:
        return f"Cage({self.total}: {', '.join(map(str, self.cells))})"


Cages = tuple[Cage, ...]
"""A killer puzzle's cages, covering every cell once (ordered by their first cell)."""
