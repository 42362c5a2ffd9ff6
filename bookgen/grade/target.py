"""Technique targets: the names a section may aim at, and the grades a puzzle whose hardest
step is that technique can have.

Glossary:
  name      a technique's label (Technique.label: 'X-wing', 'unique rectangle'), matched in
            any case with spaces, hyphens and underscores alike ('x wing', 'X_WING'); one
            name may cover several Technique values ('hidden single' in a box or a line),
            and a target is known by the first of them (scale.named)
  aimable   every technique of the classic ladder (grade.techniques.LADDER): the killer
            cage rules belong to their own ladder and the trial to none
  window    [lo, top): the grades of a puzzle whose hardest step is the technique. lo is
            the name's lowest base value; top is the next base value above it of another
            name on the ladder, where the grades of another technique begin (a wing's
            extra tenth that reaches top is left out); for a chain (LENGTH_RATED), the
            next base value of a later rule: a chain's length extra may take it past
            the base of another technique of its own rule
"""

from __future__ import annotations

import re

from ..core.model import Family
from .scale import Technique, named
from .techniques import LADDER, rule_of

AIMABLE: tuple[Technique, ...] = tuple(dict.fromkeys(
    named(t.label) or t for rule in LADDER for t in rule.techniques))
"""The techniques a section may aim at, one per name, in ladder order."""


def _key(text: str) -> str:
    """A name as it is matched: lower case, spaces, hyphens and underscores alike."""
    return " ".join(re.split(r"[\s\-_]+", text.strip().lower()))


_BY_KEY: dict[str, Technique] = {_key(t.label): t for t in AIMABLE}


def aimed_at(text: str) -> Technique | None:
    """The aimable technique a name means (any case, spaces or hyphens), or None."""
    return _BY_KEY.get(_key(text))


LENGTH_RATED = (Family.CHAIN, Family.FORCING)
"""The families whose steps SE rates base + length extra (the chains)."""


def window(technique: Technique) -> tuple[float, float]:
    """(lo, top): a puzzle whose hardest step is `technique` grades lo <= grade < top."""
    own = [t.se for t in Technique if t.label == technique.label]
    lo = min(own)
    rule = rule_of(technique)
    if rule.family in LENGTH_RATED:
        # SE takes a chaining rule's lowest-rated deduction before trying the next rule,
        # so a long forcing X-chain (6.6 + 0.4 or more) is the hardest step whenever no
        # cycle or AIC of its rule rates lower: only the next rule's base bounds it
        later = LADDER[LADDER.index(rule) + 1:]
        above = [t.se for r in later for t in r.techniques if t.se > lo]
    else:
        above = [t.se for rule in LADDER for t in rule.techniques
                 if t.label != technique.label and t.se > lo]
    return lo, min(above, default=float("inf"))


def uses(steps: tuple[tuple[Technique, int], ...] | None, needs: tuple[Technique, ...]
         ) -> bool:
    """Whether a solution's steps use every technique of `needs` (by name)."""
    used = {t.label for t, count in steps or () if count}
    return all(t.label in used for t in needs)
