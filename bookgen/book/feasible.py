"""Feasibility: how often a random candidate lands in a section's band, judged from the
measured band mixes of random puzzles (rules.band_mix: classic and the 9x9 variants), and
the warnings `bookgen validate` gives for sections whose puzzles are rare.

Glossary:
  row        a measured band mix: random puzzles without symmetry dug to k clues, or the
             minimal ones; counts of easy, medium, hard, expert, extreme
  chance     the share of a section's random candidates that fit its band. A candidate is
             dug to the section's fewest clues (to minimal with `minimal: true` or without a
             clue range), so that row decides. A dig for a band below extreme stops before
             the puzzle gets too hard (select.aimed): it lands in the band when it gets there
             (the row of its fewest clues is at least the band) and stops within the clue
             range (the row of its most clues is not above the band), so the rarer of the
             two decides
  rare       a chance below RARE: the build tries pipeline.RANDOM_PER_PUZZLE random
             candidates a puzzle, then improves the nearest, and improving only makes
             puzzles harder, so a rare easy section fails after minutes
  practical  clue counts whose row gives the band at least PRACTICAL of the time
  killer     a killer section drawn for its band has the share measured for that draw
             (cage_aim.BAND_DRAWS; row 'killer'); one with its own cage sizes or givens
             has none
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core.model import BANDS, Band, CageSpec
from ..core.rules import band_mix
from ..make.select import aimed
from ..variants.killer.cage_aim import BAND_DRAWS
from .config import BookConfig, SectionConfig

RARE = 1 / 20
"""A section whose chance is below this is warned about: fewer than 3 fitting candidates
in the 60 random ones the build tries a puzzle."""

PRACTICAL = 1 / 4
"""A clue count is suggested when its row gives the band at least this often."""

_ORDER = tuple(Band)
"""The bands in the order of a row's counts."""


@dataclass(frozen=True)
class Chance:
    """How often a section's random candidates fit its band, and the row that says so."""

    hits: int
    """Measured puzzles that fit."""
    samples: int
    """Measured puzzles in the row."""
    row: str
    """Which row: 'minimal' or '<k>-clue'."""

    @property
    def share(self) -> float:
        return self.hits / self.samples if self.samples else 1.0


def _fits(counts: tuple[int, ...], band: Band, at_most: bool) -> int:
    """Puzzles of a row in the band (or, `at_most`, in it or easier)."""
    i = _ORDER.index(band)
    return sum(counts[: i + 1]) if at_most else counts[i]


def _nearest(rows: Mapping[int, tuple[int, ...]], k: int) -> int:
    """The measured clue count nearest k, the smaller one on a tie (harder puzzles)."""
    return min(rows, key=lambda m: (abs(m - k), m))


def _row(rows: Mapping[int, tuple[int, ...]], minimal: tuple[int, int, tuple[int, ...]],
         k: int) -> tuple[tuple[int, ...], str]:
    """The counts of puzzles dug to k clues (0: minimal) and the row's name."""
    if k >= minimal[0]:
        m = _nearest(rows, k)
        return rows[m], f"{m}-clue"
    return minimal[2], "minimal"


def chance(section: SectionConfig) -> Chance | None:
    """The chance of the section's random candidates; None when it asks no band, its size
    and variant were not measured, or it asks for techniques (the band mixes say nothing
    of them: `bookgen bench techniques` measures those)."""
    band, dig = section.difficulty.band, section.dig
    if section.difficulty.technique is not None or section.difficulty.needs:
        return None
    if dig.variant.caged:
        # killer candidates come from the cage draw measured for their band, not a dig
        draw = BAND_DRAWS.get(band) if band and dig.cages == CageSpec(aim=band) else None
        return Chance(draw.hits, draw.samples, "killer") if draw and draw.samples else None
    mix = band_mix(dig.variant, dig.size)
    if band is None or mix is None:
        return None
    rows, minimal = mix
    i = _ORDER.index(band)
    deep = dig.clues.lo if dig.clues is not None and not dig.minimal else 0
    counts, name = _row(rows, minimal, deep)
    if not aimed(section.difficulty) or dig.minimal:
        return Chance(counts[i], sum(counts), name)
    reach = Chance(sum(counts[i:]), sum(counts), name)
    if dig.clues is None:
        return reach
    top, top_name = _row(rows, minimal, dig.clues.hi)
    within = Chance(sum(top[: i + 1]), sum(top), top_name)
    return min(within, reach, key=lambda c: c.share)


def practical(section: SectionConfig) -> str:
    """Clue counts (and minimality) at which the section's band is common, in words; else
    the measured row where it is least rare."""
    band, n = section.difficulty.band, section.dig.size
    mix = band_mix(section.dig.variant, n)
    assert band is not None and mix is not None
    rows, minimal = mix
    i = _ORDER.index(band)
    stops = aimed(section.difficulty)
    # an aimed dig stopped at k clues fits when the puzzle there is neither above the band
    # nor short of it; one that is not aimed, when it is in the band
    share = {k: min(sum(c[i:]), sum(c[: i + 1])) / sum(c) if stops else c[i] / sum(c)
             for k, c in rows.items()}
    good = sorted(k for k, s in share.items() if s >= PRACTICAL)
    ways = []
    if good and band is Band.EASY:
        ways.append(f"without minimal, a clue range reaching {good[0]} or more, e.g. "
                    f"clues: [{good[0]}, {good[0] + n}]")
    elif good:
        ways.append(f"without minimal, clues: [{good[0]}, {good[-1]}]")
    at_minimal = _fits(minimal[2], band, False) / sum(minimal[2])
    if not stops and at_minimal >= PRACTICAL:
        ways.append(f"minimal puzzles ({minimal[0]}-{minimal[1]} clues)")
    if ways:
        return " or ".join(ways)
    best = max(share, key=lambda k: (share[k], -k))
    if not stops and at_minimal >= share[best]:
        best_share, where = at_minimal, "minimal puzzles"
    else:
        best_share, where = share[best], f"clues: [{best}, {best}]"
    if best_share >= RARE:
        return (f"none common; the least rare measured is {where} ({best_share:.0%}); or "
                "widen the difficulty")
    return "no measured clue count gives it; widen the difficulty"


def rare_sections(cfg: BookConfig) -> list[str]:
    """One warning for each section whose band random candidates rarely meet."""
    from .bandrates import measured
    from .pipeline import RANDOM_PER_PUZZLE

    out = []
    for i, section in enumerate(cfg.sections):
        found = chance(section)
        # a section its cell's rate was measured on gets the estimate instead (bandrates)
        if found is None or found.share >= RARE or measured(section):
            continue
        band = section.difficulty.band
        assert band is not None
        lo, hi = BANDS[band]
        n = section.dig.size
        out.append(
            f"{cfg.section_key(i)} {section.name!r}: {band.value} (grade {lo:g} up to "
            f"{hi:g}) is rare for random {found.row} {n}x{n} puzzles: {found.hits} of "
            f"{found.samples} measured; the build tries {RANDOM_PER_PUZZLE} a puzzle, so "
            f"expect a long search or a failure after minutes. Practical: "
            f"{practical(section)}")
    return out
