"""Jigsaw sudoku: irregular connected regions of n cells in place of the boxes.

The regions are part of a puzzle (a section draws a fresh layout per puzzle unless it
fixes one); layouts.py draws them. Sizes without a rectangular box (5, 7, 8) exist too.
Group: the 8 rotations and mirrors, applied to the puzzle and its layout together.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.kinds import HowTo, Variant, register, relabelled
from ...core.rules import JIGSAW_SIZES


class Jigsaw(Variant):
    """Rows, columns and irregular regions."""

    name = "jigsaw"
    sizes = JIGSAW_SIZES
    description = "irregular regions take the place of the boxes"
    rank = 3
    boxes = False
    canon_sizes = JIGSAW_SIZES
    # a region layout can make completion hard: start from no digit, search longer
    seed_digits_fraction = 0
    search_nodes_per_cell = 50
    howto = (
        HowTo("......6.12531.........453.2.......21", "523416641253154632236145312564465321",
              regions="111222113322133442533446554466555666"),
        HowTo(".2..4..6......29.8..1.....2...439..54.......99..827...5.....6..8.62......3..9..8.",
              "729148563345612978681975342268439715452761839913827456597384621876253194134596287",
              regions="12233333411222333451112634451222644451156677455556777458666677988888977988899"
                      "9999"),
    )

    def canonical(self, values: Sequence[int], regions: Sequence[int]
                  ) -> tuple[tuple[int, ...], str | None]:
        """The least (relabelled layout, relabelled puzzle) under the 8 rotations and
        mirrors: a motion that maps the layout onto itself relabels the puzzle only."""
        from ...engine.canon import dihedral

        n = round(len(values) ** 0.5)
        best = min((relabelled([regions[i] + 1 for i in m]), relabelled([values[i] for i in m]))
                   for m in dihedral(n))
        return best[1], "".join(str(v) for v in best[0])


JIGSAW = register(Jigsaw())

__all__ = ["JIGSAW", "Jigsaw"]
