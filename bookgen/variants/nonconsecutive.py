"""Non-consecutive sudoku: classic 9x9, and cells side by side (sharing an edge) never
hold digits one apart; 1 and 9 are not one apart.

The rule is a pair rule of Relation.NON_CONSECUTIVE: the geometry lists each cell's four
(or fewer) neighbours, and placing a digit removes the digits one above and one below it
from them, in the kernels and in the grader alike.

Group: the 8 rotations and mirrors of the square; of the relabellings only the identity
and the reversal d -> 10 - d keep digits one apart one apart, so the canonical form is
the least image under those 16 maps, not a relabelled one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.kinds import HowTo, Motion, PairRule, Relation, Variant, motions_of, register

ORTHOGONAL_STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


class NonConsecutive(Variant):
    """Classic 9x9 with no consecutive digits side by side."""

    name = "non-consecutive"
    sizes = (9,)
    canon_sizes = (9,)
    rank = 9
    description = "cells side by side never hold consecutive digits"
    # few boards keep the rule: completions start from no random digit (the search's
    # random value order gives random boards) with room for 50 nodes a cell, 19 ms a board
    seed_digits_fraction = 0
    search_nodes_per_cell = 50
    rule_in_heading = True  # no mark shows the rule: the section headings state it
    # box 1's 3 goes to r2c1: r2c2 lies beside the 4 in r1c2
    howto = (HowTo(".4...6..3..5.....8.....3...2..13...9..1...2.."
                   "7...62..1...6.....1.....8..6..3...9.",
                   "947286153315749628862513974286135749531497286"
                   "794862531479628315153974862628351497"),)
    rule = PairRule(Relation.NON_CONSECUTIVE, ORTHOGONAL_STEPS, "non-consecutive",
                    "side by side")

    def pair_rules(self, n: int) -> tuple[PairRule, ...]:
        return (self.rule,)

    def min_clues(self, n: int) -> int:
        """1: relabelling breaks the rule, so the base kind's n - 1 does not hold (unique
        puzzles of 6 clues come out of plain digs); the reversal d -> n + 1 - d maps every
        solution of an empty grid to another."""
        return 1

    def motions(self, n: int) -> tuple[Motion, ...]:
        from ..engine.canon import dihedral

        return dihedral(n)

    def canonical(self, values: Sequence[int], regions: Sequence[int]
                  ) -> tuple[tuple[int, ...], str | None]:
        """The least image under the rotations and mirrors, each as it is or with every
        digit d read as n + 1 - d."""
        n = round(len(values) ** 0.5)
        images = [tuple(values[i] for i in m) for m in motions_of(self, n)]
        return min(min(image, tuple(n + 1 - v if v else 0 for v in image))
                   for image in images), None


NON_CONSECUTIVE = register(NonConsecutive())

__all__ = ["NON_CONSECUTIVE", "ORTHOGONAL_STEPS", "NonConsecutive"]
