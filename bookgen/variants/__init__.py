"""The puzzle kinds, one module (or small package) each, registered when one is asked for.

Glossary:
  kind     a core.kinds.Variant: everything that makes a kind of puzzle what it is, asked
           for by every stage (see core/kinds.py for the hooks and their defaults)
  classic  rows, columns and rectangular boxes, sizes 4 to 16
  x        classic plus both long diagonals
  hyper    classic 9x9 plus four shaded 3x3 windows (windoku)
  jigsaw   irregular regions in place of the boxes, one layout per puzzle
  killer   classic 9x9 plus cages with sums; the cage records live in killer/cages.py
  samurai  five 9x9 grids sharing corner boxes on a 21x21 board; twin: two grids on 15x15
  anti-knight, anti-king   classic 9x9, and no digit repeats a knight's move (a diagonal
           step) away: pair rules (leapers.py)
  non-consecutive  classic 9x9, and no consecutive digits side by side (nonconsecutive.py)
  disjoint-groups, asterisk, center-dot, girandola   classic 9x9 plus nine-cell units
           (extra_regions.py)

A module here imports core.kinds and core.rules at the top and nothing else of bookgen:
core.kinds imports this package the first time a kind is asked for. Another kind
is added from outside with core.kinds.register, or an entry point in `bookgen.variants`.
"""

from . import (
    classic,
    extra_regions,
    hyper,
    jigsaw,
    killer,
    leapers,
    nonconsecutive,
    samurai,
    x,
)

__all__ = ["classic", "extra_regions", "hyper", "jigsaw", "killer", "leapers",
           "nonconsecutive", "samurai", "x"]
