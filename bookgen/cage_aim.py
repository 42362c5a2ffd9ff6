"""Killer cages drawn for a band: the cage sizes and sums each band's puzzles come from.

Glossary:
  draw     how make_killer cuts a solution into cages (CageDraw): the weights of cage sizes
           1..MAX_CAGE, and whether a growing cage takes the cell that leaves its sum the
           fewest combinations (a cage of one combination is read at sight)
  aim      the band a killer section asks for (CageSpec.aim); its draw is BAND_DRAWS[aim],
           chosen from measured mixes so that most candidates land in the band
  single   a cage of one cell: a given in disguise. Commercial books print few or none,
           so no draw asks for one; the few left come from cells boxed in by full cages
           and from cages split to make the solution unique (at most SINGLE_SHARE)
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import CAGE_WEIGHTS, Band, CageSpec

SINGLE_SHARE = 0.05
"""Most single-cell cages a killer section's draw leaves, as a share of its cages."""


@dataclass(frozen=True)
class CageDraw:
    """How the cages of one killer puzzle are drawn."""

    weights: tuple[int, ...]
    """Relative weights of cage sizes 1 .. len(weights)."""
    few: bool
    """Grow each cage by the cell that leaves its sum the fewest combinations."""


BAND_DRAWS: dict[Band, CageDraw] = {
    Band.EASY: CageDraw((0, 1, 0, 0, 0), True),
    Band.MEDIUM: CageDraw((0, 6, 3, 0, 0), True),
    Band.HARD: CageDraw((0, 5, 5, 3, 1), False),
    Band.EXPERT: CageDraw((0, 2, 4, 4, 2), False),
}
"""The draw of each band a killer section may aim at (extreme has none: the default).
Measured on 40-80 candidates each (seed "m:0"), the share landing in the band: easy 22%
(all pairs of few combinations; mixes with triples 2-3%), medium 50% (pairs and triples of
few combinations; without steering 10%), hard 68%, expert 20% (larger cages; 35% are
extreme). The old mixes with 5-20% single cells gave easy 0-12%, expert 3%."""


def cage_draw(spec: CageSpec) -> CageDraw:
    """The draw of a cage spec: its aim's, with the spec's own weights when it sets them."""
    aimed = BAND_DRAWS.get(spec.aim) if spec.aim is not None else None
    weights = spec.weights or (aimed.weights if aimed else CAGE_WEIGHTS)
    return CageDraw(weights, aimed.few if aimed else False)
