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
"""

from __future__ import annotations

from ..core.kinds import ExtraUnit, Motion, Variant, register

ASTERISK_CELLS = (13, 20, 24, 37, 40, 43, 56, 60, 67)
CENTRE_DOT_CELLS = (10, 13, 16, 37, 40, 43, 64, 67, 70)
GIRANDOLA_CELLS = (0, 8, 13, 37, 40, 43, 67, 72, 80)


class DisjointGroups(Variant):
    """Classic 9x9 plus the nine groups of cells at one place in every box."""

    name = "disjoint-groups"
    sizes = (9,)
    canon_sizes = (9,)
    generalized = True
    seed_digits_fraction = 0  # 20 random digits clash: 6.7 starts a board, none: 1
    rank = 10
    description = "the cells at the same place in every box also hold 1 to 9 once each"

    def extra_units(self, n: int) -> tuple[ExtraUnit, ...]:
        return tuple((f"group {k + 1}", "group",
                      tuple((br * 3 + k // 3) * n + bc * 3 + k % 3
                            for br in range(3) for bc in range(3)))
                     for k in range(n))

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
    generalized = True
    seed_digits_fraction = 0  # 20 random digits clash: 3 to 7 starts a board, none: 1

    def __init__(self, name: str, cells: tuple[int, ...], description: str,
                 rank: int) -> None:
        self.name = name
        self.cells = cells
        self.description = description
        self.rank = rank
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
                          "nine shaded cells in an asterisk also hold 1 to 9 once each", 11))
CENTRE_DOT = register(Shape("center-dot", CENTRE_DOT_CELLS,
                            "the centre cells of the nine boxes also hold 1 to 9 once each",
                            12))
GIRANDOLA = register(Shape("girandola", GIRANDOLA_CELLS,
                           "nine shaded cells in a pinwheel also hold 1 to 9 once each", 13))

__all__ = ["ASTERISK", "ASTERISK_CELLS", "CENTRE_DOT", "CENTRE_DOT_CELLS", "DISJOINT_GROUPS",
           "GIRANDOLA", "GIRANDOLA_CELLS", "DisjointGroups", "Shape", "shape_motions"]
