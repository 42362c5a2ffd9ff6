"""Multi-grid (gattai) sudoku: 9x9 grids overlapping in whole boxes on one board.

Samurai: five grids on a 21x21 board, at rows/columns (0,0) (0,12) (6,6) (12,0) (12,12);
the centre grid shares one corner box with each of the others. Twin: two grids at (0,0)
and (6,6) on a 15x15 board, sharing one box. A layout is data (core.kinds.Board): both
kinds are this one class with other origins.

Cells are the board positions some grid covers (369 on samurai, 153 on twin), numbered
row-major over the board; text writes the whole board, '-' outside the grids. Units are
every grid's rows, columns and boxes, a shared box once. One solution fills the whole
board, and uniqueness, grading and symmetry are over the whole board.

Fewest clues: none is known; the bound kept is n - 1, as for the other kinds without a
proven minimum.

Canonical forms: under the motions of the whole board (gattai_canon.py), so the bank and a
series tell samurai apart up to rotation, mirroring, row and column orders and relabelling.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import GenerationError
from ..core.kinds import Board, Variant, register
from .gattai_canon import canonical_board

SAMURAI_BOARD = Board(
    side=21,
    origins=((0, 0), (0, 12), (12, 0), (12, 12), (6, 6)),
    names=("top-left", "top-right", "bottom-left", "bottom-right", "centre"),
)
"""Five grids: four corners and the centre (listed last, so that a shared cell is named
in its corner grid)."""

TWIN_BOARD = Board(side=15, origins=((0, 0), (6, 6)), names=("top-left", "bottom-right"))
"""Two grids sharing the top-left grid's bottom-right box."""


class Gattai(Variant):
    """9x9 grids overlapping in whole boxes on one board."""

    sizes = (9,)
    canon_sizes = (9,)
    improvable = True

    def __init__(self, name: str, board: Board, description: str, rank: int) -> None:
        self.name = name
        self.board = board
        self.description = description
        self.rank = rank
        super().__init__()

    def canonical(self, values: Sequence[int], regions: Sequence[int]
                  ) -> tuple[tuple[int, ...], str | None]:
        """The least relabelled image under the board's own group (gattai_canon)."""
        n = self.size_of(len(values))
        if self.board is None or n is None:
            raise GenerationError(f"{len(values)} cells are no {self.name} board")
        return canonical_board(values, self.board, n), None


SAMURAI = register(Gattai(
    "samurai", SAMURAI_BOARD,
    "five 9x9 grids, the centre one sharing a corner box with each of the others; "
    "every grid's rows, columns and boxes hold 1 to 9 once each", 5))
TWIN = register(Gattai(
    "twin", TWIN_BOARD,
    "two 9x9 grids sharing one box; each grid's rows, columns and boxes hold 1 to 9 "
    "once each", 6))

__all__ = ["SAMURAI", "SAMURAI_BOARD", "TWIN", "TWIN_BOARD", "Gattai"]
