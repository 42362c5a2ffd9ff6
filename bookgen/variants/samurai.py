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
from ..core.kinds import Board, HowTo, Variant, register

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

    def __init__(self, name: str, board: Board, description: str, rank: int,
                 howto: HowTo) -> None:
        self.name = name
        self.board = board
        self.description = description
        self.rank = rank
        self.howto = (howto,)
        super().__init__()

    def canonical(self, values: Sequence[int], regions: Sequence[int]
                  ) -> tuple[tuple[int, ...], str | None]:
        """The least relabelled image under the board's own group (gattai_canon, loaded
        here: no command that only reads or solves a board needs it)."""
        from .gattai_canon import canonical_board

        n = self.size_of(len(values))
        if self.board is None or n is None:
            raise GenerationError(f"{len(values)} cells are no {self.name} board")
        return canonical_board(values, self.board, n), None


SAMURAI_EXAMPLE = HowTo(
    "..6....18---6.9.....7.47.15...---....6.....5.3.....---2..7.536.2.....4..---..8..9.4."
    "375...6..---.1..4...........2.---..3.....2.....9....9....5.64.....68.....7.....9.1.."
    "..84.3......3..1...5.------....12...------------.2.7.5.8.------------...84....------"
    ".7...4..6......3.67....1.3.....3.....89.....48.9....5....4.....9.....1..---.7......."
    "....4..8.---..3...541.8.5..4..---..1.....8.139.7..2---.....1.2.....1....---...97.85."
    "6.....8.7---89....4..",
    "936742518---639214587847915236---785963214152368749---241785369269831475---528379641"
    "375294681---917642835481576923---463851972723159864593172536498514687392471856497123"
    "698423157628394128756------689312547------------423765981------------715849263------"
    "879124536187429316785261735948236715289634534869271954638457192946378125---574138269"
    "325641789---983762541187592463---261594378413987652---356841927758216394---142973856"
    "692453817---897625413")
"""The samurai page's example (grade 2.3, made by the generator with half-turn symmetry):
its step is a hidden single in the box the top-right grid shares with the centre grid."""

TWIN_EXAMPLE = HowTo(
    "..9....5.------3.2...4.9------7...34.1.------.3..95..2------....8...4------98..4....--"
    "----.1........45...5....8...7....2...27........3.------....8..71------6...7....------1"
    "..53..4.------.3.61...8------2.9...1.3------.1....9..",
    "149826357------362517489------758934216------634195872------275683194------981742635--"
    "----816459723845619527368941763582493271568291437------354986271------682174395------1"
    "97532846------435619728------279458163------816327954")
"""The twin page's example (grade 2.0, half-turn symmetry): its step is a hidden single in
the shared box."""


SAMURAI = register(Gattai(
    "samurai", SAMURAI_BOARD,
    "five 9x9 grids, the centre one sharing a corner box with each of the others; "
    "every grid's rows, columns and boxes hold 1 to 9 once each", 5, SAMURAI_EXAMPLE))
TWIN = register(Gattai(
    "twin", TWIN_BOARD,
    "two 9x9 grids sharing one box; each grid's rows, columns and boxes hold 1 to 9 "
    "once each", 6, TWIN_EXAMPLE))

__all__ = ["SAMURAI", "SAMURAI_BOARD", "TWIN", "TWIN_BOARD", "Gattai"]
