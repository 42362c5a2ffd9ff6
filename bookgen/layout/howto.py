"""The how-to-play page of each variant a book holds: its rules in a short paragraph and
a worked example, all text in one table keyed by Variant (GUIDES).

Glossary:
  guide    a variant's page: heading, rules, the example puzzle with its solution, and the
           first step of the example worked in words
  step     a cell the example's extra units decide: its row, column and box (jigsaw: its
           row and column) leave two or more symbols, the variant's own unit leaves one;
           tests/test_variety.py checks each claim against the grid

Classic grids keep the general page (draw.how_to_play); this table adds one page for each
other variant present, after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import BookPuzzle
from ..rules import Variant


def _grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text)


@dataclass(frozen=True)
class Guide:
    """One variant's how-to-play page."""

    heading: str
    """The page's heading."""
    rules: tuple[str, ...]
    """Paragraphs: what the variant adds to the usual rules."""
    example: BookPuzzle
    """A small puzzle of the variant with its solution."""
    step: str
    """The example's first step worked in words."""
    step_cell: int
    """The cell the step fills (0-based, row-major)."""


def _example(variant: Variant, givens: str, solution: str, regions: str | None = None
             ) -> BookPuzzle:
    n = int(len(givens) ** 0.5)
    rows, cols = (0, 0) if variant is Variant.JIGSAW else {4: (2, 2), 9: (3, 3)}[n]
    return BookPuzzle(0, "", "", rows, cols, _grid(givens), _grid(solution), variant, regions)


GUIDES: dict[Variant, Guide] = {
    Variant.X: Guide(
        heading="How to play X-Sudoku",
        rules=(
            "X-Sudoku keeps every rule of the classic puzzle and adds the two long diagonals, "
            "marked in the grid: each diagonal, corner to corner, also contains every symbol "
            "exactly once.",
            "So a cell on a diagonal sees its row, its column, its box and its diagonal; the "
            "centre cell of an odd-sized grid lies on both diagonals.",
        ),
        example=_example(Variant.X, ".4..2.......1.34", "3412214343211234"),
        step="In the example, the ringed cell "
             "(row 2, column 3) can hold only 1 or 4 as far as its row, column "
             "and box tell. But it lies on the diagonal from the top right corner to the "
             "bottom left, which already holds a 1 (row 4, column 1): so it is 4.",
        step_cell=6,
    ),
    Variant.HYPER: Guide(
        heading="How to play Windoku",
        rules=(
            "Windoku, or hyper sudoku, is played on a 9×9 grid with every rule of the classic "
            "puzzle, and four more 3×3 windows, shaded in the grid (rows 2 to 4 and 6 to 8, "
            "columns 2 to 4 and 6 to 8): each window also contains 1 to 9 exactly once.",
            "The windows overlap the boxes, so a shaded cell sees its row, its column, its "
            "box and its window.",
        ),
        example=_example(
            Variant.HYPER,
            "..6.15......36.2.5.1...8......9.......7..23..5.3....27.2..9.8..37.6.49..85.2.1..3",
            "236415789748369215915728634162937548487152396593846127624593871371684952859271463",
        ),
        step="In the example, the ringed cell "
             "(row 7, column 4) can hold only 5 or 7 as far as its row, column "
             "and box tell. It lies in the lower left window, which already holds a 7 (row 8, "
             "column 2): so it is 5.",
        step_cell=57,
    ),
    Variant.JIGSAW: Guide(
        heading="How to play Jigsaw Sudoku",
        rules=(
            "Jigsaw sudoku replaces the square boxes with irregular regions, outlined by thick "
            "lines. Every region has as many cells as a row, and an n×n grid uses the symbols "
            "1 to n: fill in the grid so that each row, each column and each region contains "
            "every symbol exactly once.",
            "Regions of odd shapes reach into several rows and columns: look where a region "
            "and a row or column overlap.",
        ),
        example=_example(Variant.JIGSAW, "......6.12531.........453.2.......21",
                         "523416641253154632236145312564465321",
                         "111222113322133442533446554466555666"),
        step="In the example, the ringed cell "
             "(row 5, column 5) can hold only 1 or 6 as far as its row and "
             "column tell. Its region, at the lower right, already holds a 1 (row 6, column "
             "6): so it is 6.",
        step_cell=28,
    ),
}
"""Every variant's page; classic is the general page."""
