"""Killer cages drawn for a band: the cage sizes and sums each band's puzzles come from.

Glossary:
  draw     how make_killer cuts a solution into cages (CageDraw): the weights of cage sizes
           1..MAX_CAGE, and whether a growing cage takes the cell that leaves its sum the
           fewest combinations (a cage of one combination is read at sight)
  aim      the band a killer section asks for (CageSpec.aim); its draw is BAND_DRAWS[aim],
           chosen from measured mixes so that most candidates land in the band
  single   a cage of one cell: a given in disguise. Commercial books print few or none,
           so no draw asks for one, and make_killer joins or re-cuts the ones that cells
           boxed in by full cages and splits for uniqueness leave, wherever the puzzle
           stays unique (30 puzzles a band, easy to expert: none left; at most
           SINGLE_SHARE)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.model import CAGE_WEIGHTS, Band, CageSpec

SINGLE_SHARE = 0.05
"""Most single-cell cages a killer section's draw leaves, as a share of its cages."""


@dataclass(frozen=True)
class CageDraw:
    """How the cages of one killer puzzle are drawn."""

    weights: tuple[int, ...]
    """Relative weights of cage sizes 1 .. len(weights)."""
    few: bool
    """Grow each cage by the cell that leaves its sum the fewest combinations."""
    hits: int = 0
    """Of `samples` candidates drawn so for a band (seed "m:0"), how many landed in it."""
    samples: int = 0
    """Candidates measured (0: none)."""


BAND_DRAWS: dict[Band, CageDraw] = {
    Band.EASY: CageDraw((0, 1, 0, 0, 0), True, 18, 80),
    Band.MEDIUM: CageDraw((0, 6, 3, 0, 0), True, 20, 40),
    Band.HARD: CageDraw(CAGE_WEIGHTS, False, 27, 40),
    Band.EXPERT: CageDraw((0, 2, 4, 4, 2), False, 8, 40),
}
"""The draw of each band a killer section may aim at (extreme has none: the default),
with its measured share in the band. Alternatives measured on the same candidates: easy
from pairs and triples of few combinations 1 of 40 (all pairs without steering is no
better); medium from the same pairs and triples without steering 4 of 40; expert from
[0, 1, 3, 4, 3] 7 of 40 at three times the cost (half of them beyond the ladder). The old
mixes with 5-20% single cells gave easy 5 of 40 ([2, 6, 3, 0, 0]) or 0 of 40 (the
default), expert 1 of 40."""


def cage_draw(spec: CageSpec) -> CageDraw:
    """The draw of a cage spec: its aim's; with the spec's own weights (not measured)."""
    aimed = BAND_DRAWS.get(spec.aim) if spec.aim is not None else None
    if spec.weights is None:
        return aimed or CageDraw(CAGE_WEIGHTS, False)
    return CageDraw(spec.weights, aimed.few if aimed else False)
