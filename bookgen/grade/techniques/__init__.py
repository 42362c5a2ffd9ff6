"""Every technique in one place: one module per family holds its finders and, at its end,
its technique objects (grade.technique.Rule: finder, rating rule, words, tips family,
drawing hook); this package joins them into the classic ladder.

Glossary:
  LADDER     the classic rules in the order SE tries them; after every successful step the
             solver starts again from the top (a variant's ladder is built from it: the
             killer one in grade.killer_scale)
  RULES      every rule: the ladder's, the killer cage rules and the trial
  rule_of    Technique value -> its rule: how explain words a step, the family the tips
             page explains it with, what a diagram of it highlights
"""

from __future__ import annotations

from ...core.model import Family
from ..scale import Technique
from ..technique import Rule
from . import cage_sums, chains, consecutive, fish, singles, subsets, uniqueness, wings

LADDER: tuple[Rule, ...] = (
    singles.FULL_HOUSE,
    singles.HIDDEN_SINGLE_BOX,
    singles.HIDDEN_SINGLE_LINE,
    subsets.DIRECT_POINTING,
    subsets.DIRECT_CLAIMING,
    subsets.DIRECT_HIDDEN_PAIR,
    singles.NAKED_SINGLE,
    consecutive.NC_FORCING_CELL,
    consecutive.LOCKED_NC,
    subsets.DIRECT_HIDDEN_TRIPLE,
    subsets.POINTING,
    subsets.CLAIMING,
    subsets.GENERALIZED_INTERSECTION,
    subsets.NAKED_PAIR,
    fish.X_WING,
    subsets.HIDDEN_PAIR,
    subsets.NAKED_TRIPLE,
    fish.SWORDFISH,
    subsets.HIDDEN_TRIPLE,
    fish.TWO_STRONG_LINKS,
    wings.XY_WING,
    wings.XYZ_WING,
    uniqueness.UNIQUE_LOOPS,
    subsets.NAKED_QUAD,
    fish.JELLYFISH,
    subsets.HIDDEN_QUAD,
    fish.THREE_STRONG_LINKS,
    wings.WXYZ_WING,
    uniqueness.BUG,
    fish.FOUR_STRONG_LINKS,
    wings.VWXYZ_WING,
    wings.ALIGNED_PAIR_EXCLUSION,
    wings.UVWXYZ_WING,
    chains.CHAINS_AND_CYCLES,
    wings.TUVWXYZ_WING,
    wings.ALIGNED_TRIPLE_EXCLUSION,
    chains.NISHIO,
    chains.FORCING_CHAINS,
    chains.DYNAMIC_FORCING_CHAINS,
    chains.DYNAMIC_FORCING_CHAINS_PLUS,
    chains.NESTED_FORCING_CHAINS,
    chains.NESTED_MULTIPLE_FORCING_CHAINS,
    chains.NESTED_DYNAMIC_FORCING_CHAINS,
    chains.DOUBLY_NESTED_FORCING_CHAINS,
)
"""Every classic rule, in the order SE tries them (SE tries the UVWXYZ-wing, 6.6, just
before its chaining rules, whose cycles start at 6.5)."""

RULES: tuple[Rule, ...] = (*LADDER, *cage_sums.CAGE_RULES, singles.TRIAL)
"""Every rule; each Technique value belongs to exactly one."""

_BY_TECHNIQUE: dict[Technique, Rule] = {t: r for r in RULES for t in r.techniques}


def rule_of(technique: Technique) -> Rule:
    """The rule that reports a technique."""
    return _BY_TECHNIQUE[technique]


FAMILIES: dict[Technique, Family] = {t: r.family for t, r in _BY_TECHNIQUE.items()}
"""Technique -> the family the tips page explains it with (every technique has one)."""


def families_below(grade: float) -> tuple[Family, ...]:
    """The families with a technique rated below `grade`, easiest first: those a puzzle
    graded under it may need (a book's tips before its puzzles are made). The killer cage
    family is left out: only a killer grid's grade uses it."""
    return tuple(
        f for f in Family
        if f is not Family.CAGE and any(t.se < grade for t, g in FAMILIES.items() if g is f)
    )
