"""Windoku (hyper sudoku): classic 9x9 plus four shaded 3x3 windows.

Fewest clues known: 11 (sudocue.net's 18,778 11-clue puzzles); none is proven, so the
bound kept is the base kind's n - 1.

The four windows force five more: the cells of rows {1, 5, 9} or a window's rows, crossed
with columns {1, 5, 9} or a window's columns, also hold 1 to 9 once each (the "hidden
windows"), and Sudoku Explainer grades with them. Group: row and column orders that keep
the window lines {2, 3, 4} and {6, 7, 8} together, and transposition (128 motions).
"""

from __future__ import annotations

from ..core.kinds import ExtraUnit, HowTo, Motion, UnitMarks, Variant, register
from ..core.rules import HYPER_WINDOWS


class Windoku(Variant):
    """Classic 9x9 plus four windows."""

    name = "hyper"
    sizes = (9,)
    description = "four shaded 3x3 windows also hold 1 to 9 once each"
    rank = 2
    canon_sizes = (9,)
    howto = (HowTo(
        "6...83....7.61..4..1.2....8......126.........426......8....2.9..9..57.6....93...1",
        "654783219278619345319245678935478126781326954426591837847162593193857462562934781"),)

    def extra_units(self, n: int) -> tuple[ExtraUnit, ...]:
        return tuple((f"window {k + 1}", "window",
                      tuple((r0 + i) * n + c0 + j for i in range(3) for j in range(3)))
                     for k, (r0, c0) in enumerate(HYPER_WINDOWS))

    def grading_units(self, n: int) -> tuple[ExtraUnit, ...]:
        outer, first, second = (0, 4, 8), (1, 2, 3), (5, 6, 7)
        bands = ((outer, outer), (outer, first), (outer, second), (first, outer),
                 (second, outer))
        out = []
        for k, (rows, cols) in enumerate(bands, 1):
            where = "r" + "".join(str(r + 1) for r in rows) + "c" + "".join(
                str(c + 1) for c in cols)
            out.append((f"hidden window {k} ({where})", "window",
                        tuple(r * n + c for r in rows for c in cols)))
        return tuple(out)

    def unit_marks(self, n: int, diagonal_lines: bool) -> UnitMarks:
        """Each window as one tinted 3x3 block."""
        return UnitMarks(tints=tuple((float(c), float(r), 3.0, 3.0) for r, c in HYPER_WINDOWS))

    def motions(self, n: int) -> tuple[Motion, ...]:
        from ..core.grid import BOX_SHAPES
        from ..engine.canon import line_motions, line_perms

        br, _ = BOX_SHAPES[n]
        windows = [{r0 + i for i in range(3)} for r0, _ in HYPER_WINDOWS[::3]]
        keep = [p for p in line_perms(n // br, br).tolist()
                if all({p[i] for i in w} in windows for w in windows)]
        return line_motions(n, [(p, q) for p in keep for q in keep])


HYPER = register(Windoku())

__all__ = ["HYPER", "Windoku"]
