"""Anti-knight and anti-king sudoku: classic 9x9, and two cells a knight's move (a king's
diagonal step) apart never hold the same digit.

A king's orthogonal steps stay in a row or column, so anti-king adds only the diagonal
steps; Sudoku Explainer calls the rule "anti-ferz" for that reason. Both are pair rules
(core.kinds.PairRule): every stage reads them from the geometry's peers.

Group: the 8 rotations and mirrors of the square (a chess move stays one; a row or band
swap does not keep it), with relabelling.
"""

from __future__ import annotations

from ..core.kinds import HowTo, Motion, PairRule, Relation, Variant, register

KNIGHT_STEPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
KING_DIAGONAL_STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


class Leaper(Variant):
    """Classic 9x9 where a chess piece's moves also keep digits apart."""

    sizes = (9,)
    canon_sizes = (9,)
    # random digits placed first often clash under the rule (anti-knight: 1 start in
    # 13,800 completes from 20 digits); the search's random value order alone gives
    # random boards, 0.4 ms each with room for 50 nodes a cell
    seed_digits_fraction = 0
    search_nodes_per_cell = 50
    rule_in_heading = True  # no mark shows the rule: the section headings state it

    def __init__(self, name: str, rule: PairRule, description: str, rank: int,
                 howto: HowTo) -> None:
        self.name = name
        self.rule = rule
        self.description = description
        self.rank = rank
        self.howto = (howto,)
        super().__init__()

    def pair_rules(self, n: int) -> tuple[PairRule, ...]:
        return (self.rule,)

    def motions(self, n: int) -> tuple[Motion, ...]:
        from ..engine.canon import dihedral

        return dihedral(n)


ANTI_KNIGHT = register(Leaper(
    "anti-knight",
    PairRule(Relation.DIFFERENT, KNIGHT_STEPS, "anti-knight", "a knight's move apart"),
    "two cells a knight's move apart never hold the same digit", 7,
    # box 1's 7 goes to r1c3: r3c3 is a knight's move from the 7 in r4c1
    HowTo("...8...9...2.47.6....2.5...7.4.5...35.......63...2.7.8...5.1....8.37.1...7...2...",
          "657813294832947561941265837764158923528739416319624758496581372285376149173492685")))
ANTI_KING = register(Leaper(
    "anti-king",
    PairRule(Relation.DIFFERENT, KING_DIAGONAL_STEPS, "anti-king", "touching diagonally"),
    "two cells that touch, even diagonally, never hold the same digit", 8,
    # box 1's 1 goes to r2c3: r3c3 touches the 1 in r4c2 at a corner
    HowTo("..26..718...8...6.5.......9.1...8..693.....426..1...9.1.......5.6...1...253..69..",
          "392654718471892563586317429714928356938765142625143897147289635869531274253476981")))

__all__ = ["ANTI_KING", "ANTI_KNIGHT", "KING_DIAGONAL_STEPS", "KNIGHT_STEPS", "Leaper"]
