"""Kinds that add nine-cell units to classic 9x9: disjoint groups, asterisk, centre dot and
girandola. Each added unit holds 1 to 9 once, like a box; the grader treats them as
Sudoku Explainer does (the generalised ladder, as for X and windoku).

  disjoint groups  nine units: the cells at the same place in every box (all the box
                   centres, all the top-left corners, ...)
  asterisk         one unit: r2c5, r3c3, r3c7, r5c2, r5c5, r5c8, r7c3, r7c7, r8c5
  centre dot       one unit: the centre cell of every box
  girandola        one unit: r1c1, r1c9, r2c5, r5c2, r5c5, r5c8, r8c5, r9c1, r9c9
(the cells of the last three are those of Sudoku Explainer's Grid.java).

Groups (with relabelling): disjoint groups keep band and stack orders and one order of
rows (and of columns) inside every band at once, and transposition: 3!^4 x 2 = 2,592
motions. A one-unit kind keeps the classic motions that map its cells onto themselves,
found by search (shape_motions): 8 for each of the three shapes here.

Marks: the one-unit kinds tint their unit's cells (the default). Nine tints a laser
printer cannot tell apart, so a disjoint group is marked by where a small dot sits in its
cells: at the cell's own place in its box (the top-left cells of every box carry a dot at
their top-left corner, ...), and the centre cells, whose dot would sit under the digit, are
tinted instead. A position reads the same in any gray and on any printer.
"""

from __future__ import annotations

from ..core.kinds import ExtraUnit, HowTo, Motion, UnitMarks, Variant, register

ASTERISK_CELLS = (13, 20, 24, 37, 40, 43, 56, 60, 67)
CENTRE_DOT_CELLS = (10, 13, 16, 37, 40, 43, 64, 67, 70)
GIRANDOLA_CELLS = (0, 8, 13, 37, 40, 43, 67, 72, 80)

GROUP_DOT_OFFSET = 0.4
"""How far a disjoint group's dot sits from its cell's centre, in cells, across and down:
clear of the digit (about 0.4 of a cell wide and 0.5 high in an answer grid) and of the
cell's lines."""

GROUP_DOT_RADIUS = 0.055
"""A group dot's radius in cells: 1.5 pt on a 28 pt cell, 1 pt on an 18 pt answer cell."""


class DisjointGroups(Variant):
    """Classic 9x9 plus the nine groups of cells at one place in every box."""

    name = "disjoint-groups"
    sizes = (9,)
    canon_sizes = (9,)
    seed_digits_fraction = 0  # 20 random digits clash: 6.7 starts a board, none: 1
    rank = 10
    description = "the cells at the same place in every box also hold 1 to 9 once each"
    # group 8 (the bottom middle cells) has its 7 in r3c5
    howto = (HowTo("..84...9...6..57..35......1.7..8............."
                   "....4..3.8......17..73..4...1...76..",
                   "728461395196235784354978261273189546641523879"
                   "589746132832654917967312458415897623"),)

    def extra_units(self, n: int) -> tuple[ExtraUnit, ...]:
        return tuple((f"group {k + 1}", "group",
                      tuple((br * 3 + k // 3) * n + bc * 3 + k % 3
                            for br in range(3) for bc in range(3)))
                     for k in range(n))

    def unit_marks(self, n: int, diagonal_lines: bool) -> UnitMarks:
        """A dot in every cell off its box's centre, at the cell's place in the box
        (GROUP_DOT_OFFSET from the cell's centre each way); the centre cells tinted."""
        dots, tints = [], []
        for cell in range(n * n):
            r, c = divmod(cell, n)
            dr, dc = r % 3 - 1, c % 3 - 1
            if dr or dc:
                dots.append((c + 0.5 + dc * GROUP_DOT_OFFSET, r + 0.5 + dr * GROUP_DOT_OFFSET,
                             GROUP_DOT_RADIUS))
            else:
                tints.append((float(c), float(r), 1.0, 1.0))
        return UnitMarks(tints=tuple(tints), dots=tuple(dots))

    def motions(self, n: int) -> tuple[Motion, ...]:
        from itertools import permutations

        from ..engine.canon import line_motions

        orders = [[band * 3 + inside[i] for band in bands for i in range(3)]
                  for bands in permutations(range(3)) for inside in permutations(range(3))]
        return line_motions(n, [(p, q) for p in orders for q in orders])


class Shape(Variant):
    """Classic 9x9 plus one nine-cell unit drawn as a shape."""

    sizes = (9,)
    canon_sizes = (9,)
    seed_digits_fraction = 0  # 20 random digits clash: 3 to 7 starts a board, none: 1

    def __init__(self, name: str, cells: tuple[int, ...], description: str,
                 rank: int, howto: HowTo) -> None:
        self.name = name
        self.cells = cells
        self.description = description
        self.rank = rank
        self.howto = (howto,)
        super().__init__()

    def extra_units(self, n: int) -> tuple[ExtraUnit, ...]:
        return ((self.name.replace("-", " "), self.name, self.cells),)

    def motions(self, n: int) -> tuple[Motion, ...]:
        return shape_motions(n, self.cells)


def shape_motions(n: int, cells: tuple[int, ...]) -> tuple[Motion, ...]:
    """The classic motions (band, row, stack and column orders, transposition) that map
    the set `cells` onto itself."""
    from ..engine.canon import cell_map, line_perms

    orders = [tuple(p) for p in line_perms(3, 3).tolist()]
    image_rows = [frozenset(c % n for c in cells if c // n == r) for r in range(n)]
    out = []
    for transpose in (False, True):
        # cell_map transposes the source first: image (i, j) shows source (p[i], q[j])
        # of the transposed grid
        source = {(c % n, c // n) if transpose else (c // n, c % n) for c in cells}
        for q in orders:
            where = {q[j]: j for j in range(n)}
            # the columns each source row's shape cells land in, under q
            landed = [frozenset(where[c] for r, c in source if r == row) for row in range(n)]
            if sorted(landed, key=sorted) != sorted(image_rows, key=sorted):
                continue
            out += [cell_map(n, p, q, transpose) for p in orders
                    if all(landed[p[i]] == image_rows[i] for i in range(n))]
    return tuple(out)


DISJOINT_GROUPS = register(DisjointGroups())
ASTERISK = register(Shape("asterisk", ASTERISK_CELLS,
                          "nine shaded cells in an asterisk also hold 1 to 9 once each", 11,
                          HowTo("7.84...9...6.35...35.......573.1...2.........9...2.576......"
                                ".59...39.1...1...64.7",
                                "728461395196235784354978261573619842682754913941823576837142"
                                "659465397128219586437")))
CENTRE_DOT = register(Shape("center-dot", CENTRE_DOT_CELLS,
                            "the centre cells of the nine boxes also hold 1 to 9 once each",
                            12,
                            HowTo("7.846..9...6.35..435.......682.4.................2.619......"
                                  ".735..31.9...1..924.6",
                                  "728461395196235784354978261682149537971653842435827619249586"
                                  "173567314928813792456")))
GIRANDOLA = register(Shape("girandola", GIRANDOLA_CELLS,
                           "nine shaded cells in a pinwheel also hold 1 to 9 once each", 13,
                           HowTo("7.84...9...5.83...34.......583.4...7.........4...2.689......"
                                 ".72...13.4...5...49.6",
                                 "728461395165983724349257861583649217692718543417325689834596"
                                 "172976132458251874936")))

__all__ = ["ASTERISK", "ASTERISK_CELLS", "CENTRE_DOT", "CENTRE_DOT_CELLS", "DISJOINT_GROUPS",
           "GIRANDOLA", "GIRANDOLA_CELLS", "DisjointGroups", "Shape", "shape_motions"]
