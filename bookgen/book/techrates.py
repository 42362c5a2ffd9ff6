"""`bookgen bench techniques`: puzzles a CPU minute whose hardest step is a technique, made
as a technique section makes its candidates, against plain digs filtered afterwards.

Glossary:
  aimed    candidates of a technique section (pipeline._candidate): the dig puts back a
           removal that makes the puzzle harder than the technique and keeps the deepest
           puzzle whose hardest step is the technique; one that misses is steered
           toward it (make.judge.steered)
  plain    the same digs with no judge (generate.make_puzzle alone), rated and kept when
           their hardest step happens to be the technique: generate and filter
  hit      a candidate a section of the technique would take (select.matches)
  rate     aimed hits a CPU minute, as TECHNIQUE_RATES holds them for `validate`'s
           estimate of a technique section (technique_rate)
  budget   --seconds of CPU time of this process per technique and way; a way that finds
           no hit within it is reported as "< 1 per budget"
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from ..core.errors import InputError
from ..core.model import Difficulty, DigSpec, SectionConfig
from ..core.rules import Figure, Variant
from ..grade.rating import rate
from ..grade.scale import Technique
from ..grade.target import aimed_at, window
from ..make.generate import make_puzzle
from ..make.select import Rules, matches

LADDER_NAMES = ("pointing", "claiming", "naked pair", "X-wing", "hidden pair", "naked triple",
                "swordfish", "hidden triple", "skyscraper", "two-string kite",
                "empty rectangle", "XY-wing", "XYZ-wing", "unique rectangle", "naked quad",
                "jellyfish", "hidden quad", "WXYZ-wing", "BUG+1", "X-chain",
                "alternating inference chain", "cell forcing chains", "unit forcing chains",
                "dynamic forcing chains")
"""The techniques measured when --techniques is not given: the ladder from pointing to
the dynamic forcing chains, one of each kind."""

PLAIN_NAMES = ("pointing", "naked pair", "X-wing", "swordfish", "XY-wing")
"""The techniques also measured the plain way when --techniques is not given."""


BUDGET = 30.0
"""The CPU seconds a technique was given when TECHNIQUE_RATES was measured."""

# Measured 2026-11-27 with `bookgen bench techniques --seconds 30` (steered candidates), one
# worker, CPU time of the process, on an Intel Xeon (2 cores, shared with other work), Linux,
# Python 3.11.7; 0.0: no hit within the budget. Jellyfish: measured again the same day with
# its pattern-first digs (make.pattern).
TECHNIQUE_RATES: dict[str, float] = {
    "pointing": 616.6,
    "claiming": 209.8,
    "naked pair": 167.8,
    "X-wing": 39.9,
    "hidden pair": 125.8,
    "naked triple": 22.0,
    "swordfish": 4.0,
    "hidden triple": 18.0,
    "skyscraper": 399.7,
    "two-string kite": 32.0,
    "empty rectangle": 125.9,
    "XY-wing": 289.5,
    "XYZ-wing": 42.0,
    "unique rectangle": 109.8,
    "naked quad": 2.0,
    "jellyfish": 8.0,
    "hidden quad": 0.0,
    "WXYZ-wing": 145.7,
    "BUG+1": 15.9,
    "X-chain": 0.0,
    "alternating inference chain": 268.3,
    "cell forcing chains": 8.0,
    "unit forcing chains": 23.9,
    "dynamic forcing chains": 1.9,
}
"""Technique name -> aimed 9x9 classic candidates a CPU minute that its section takes."""


def technique_rate(section: SectionConfig) -> float | None:
    """The measured rate of a technique section's candidates (TECHNIQUE_RATES; 0.0: none
    found in the budget), or None: not measured (not 9x9 classic, needs techniques, or a
    technique the bench left out). Other shapes are estimated from the default one, as
    the band rates are."""
    technique, dig = section.difficulty.technique, section.dig
    if technique is None or section.difficulty.needs or dig.size != 9 \
            or dig.variant is not Variant.CLASSIC:
        return None
    return TECHNIQUE_RATES.get(technique.label)


def technique_rules(technique: Technique) -> Rules:
    """The rules of a 9x9 classic section of the technique, as the config reader makes
    them."""
    lo, top = window(technique)
    return Rules(DigSpec(), Difficulty(None, ((Figure.GRADE, lo, round(top - 0.1, 1)),),
                                       technique=technique))


def _aimed(rules: Rules, seed: str, index: int) -> bool:
    from .pipeline import _candidate

    return matches(_candidate((rules, seed, index)).rating, rules)


def _plain(rules: Rules, seed: str, index: int) -> bool:
    made = make_puzzle(rules.shape, seed, index)
    return matches(rate(made.puzzle, made.geo), rules)


def rate_of(technique: Technique, way: Callable[[Rules, str, int], bool], seconds: float
            ) -> tuple[int, int, float]:
    """(hits, candidates, CPU seconds) of one way for one technique within the budget."""
    rules = technique_rules(technique)
    hits = tried = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        hits += way(rules, f"bench:{technique.name}", tried)
        tried += 1
    return hits, tried, time.process_time() - t0


def _shown(hits: int, spent: float) -> str:
    return f"{hits * 60.0 / spent:9.1f}" if hits else "< 1 per budget"


def bench_techniques(args: argparse.Namespace) -> int:
    """Print, for each technique, hits a CPU minute of aimed candidates, and of plain ones
    for PLAIN_NAMES (every one of --techniques when it is given)."""
    names = args.techniques.split(",") if args.techniques else list(LADDER_NAMES)
    chosen = []
    for name in names:
        technique = aimed_at(name)
        if technique is None:
            raise InputError(f"--techniques {name.strip()!r}: not a technique name "
                             "`bookgen explain` prints")
        chosen.append(technique)
    plain = {t.label for t in chosen} if args.techniques else set(PLAIN_NAMES)
    from .bandrates import machine

    print(f"techniques: 9x9 classic, no symmetry, {args.seconds:g} CPU s a technique and way, "
          f"one worker; CPU time of this process; {machine()}")
    for way in (_aimed, _plain):  # compile and load outside the timing
        way(technique_rules(chosen[0]), "warm", 0)
    print(f"{'technique':30s} {'way':6s} {'hits':>5s} {'tried':>6s} {'CPU s':>7s} "
          f"{'hits/CPU min':>14s}")
    for technique in chosen:
        for label, way in (("aimed", _aimed), ("plain", _plain)):
            if label == "plain" and technique.label not in plain:
                continue
            hits, tried, spent = rate_of(technique, way, args.seconds)
            print(f"{technique.label:30s} {label:6s} {hits:5d} {tried:6d} {spent:7.1f} "
                  f"{_shown(hits, spent):>14s}", flush=True)
    return 0
