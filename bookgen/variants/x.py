"""X-sudoku: classic plus both long diagonals, each holding every symbol once.

Fewest clues known for 9x9: 12 (sudocue.net's collection of 552,952 12-clue puzzles,
"probably" the minimum); none is proven, so the bound kept is the base kind's n - 1.

Group: the classic motions that map the diagonals onto diagonals: the columns follow the
rows, or follow them mirrored, and the row order commutes with the mirror i -> n-1-i
(96 motions on 9x9, transposition included).
"""

from __future__ import annotations

from ..core.kinds import ExtraUnit, HowTo, Motion, UnitMarks, Variant, register
from ..core.rules import SIZES


class XSudoku(Variant):
    """Classic plus the two long diagonals."""

    name = "x"
    sizes = SIZES
    description = "each long diagonal also holds every symbol once"
    rank = 1
    canon_sizes = (4, 6, 9)
    howto = (
        HowTo(".4..2.......1.34", "3412214343211234"),
        HowTo("5..1.4..6..3..2......3..6..5..2.5..6", "523164146253352641461325634512215436"),
        HowTo("........354..9.....672.49.......16...13...27...86.......49.615.....3..648........",
              "982765413541398726367214985425871639613459278798623541234986157179532864856147392"),
    )

    def extra_units(self, n: int) -> tuple[ExtraUnit, ...]:
        return (("diagonal 1", "diagonal", tuple(i * n + i for i in range(n))),
                ("diagonal 2", "antidiagonal", tuple(i * n + n - 1 - i for i in range(n))))

    def unit_marks(self, n: int, diagonal_lines: bool) -> UnitMarks:
        """The diagonal cells tinted, or (diagonal_lines) a thin line corner to corner."""
        if diagonal_lines:
            return UnitMarks(lines=((0.0, 0.0, float(n), float(n)),
                                    (float(n), 0.0, 0.0, float(n))))
        return super().unit_marks(n, diagonal_lines)

    def motions(self, n: int) -> tuple[Motion, ...]:
        from ..core.grid import BOX_SHAPES
        from ..engine.canon import line_motions, line_perms

        br, bc = BOX_SHAPES[n]
        mirror = list(range(n - 1, -1, -1))
        stacks = {tuple(q) for q in line_perms(n // bc, bc).tolist()}
        pairs = []
        for p in line_perms(n // br, br).tolist():
            if all(p[mirror[i]] == mirror[p[i]] for i in range(n)):
                for q in (p, [mirror[v] for v in p]):
                    if tuple(q) in stacks:  # 2x3 boxes: columns move by stacks of 3
                        pairs.append((p, q))
        return line_motions(n, pairs)


X = register(XSudoku())

__all__ = ["X", "XSudoku"]
