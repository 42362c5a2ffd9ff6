"""Fish and strong-link patterns as technique objects.

Glossary:
  fish          a digit confined, in k base lines, to k cover lines: it leaves the rest of
                the covers (X-wing k=2, swordfish 3, jellyfish 4)
  strong links  a digit's two places in a unit; two to four of them joined end to end
                leave the digit out of cells seeing both free ends (skyscraper, kite,
                crane, empty rectangle for two)
"""

from __future__ import annotations

from ...core.grid import Geometry, symbol
from ...core.model import Family
from .. import fish
from ..board import Step
from ..scale import Technique
from ..technique import Rule

T = Technique
_EXTRA = ("+0.1 with a box or lines both ways, +0.2 with both, +0.3 grouped or with a "
          "diagonal or window")


def _fish(step: Step, geo: Geometry, what: str) -> str:
    names, units = geo.unit_names, step.units
    k = len(units) // 2
    base = ", ".join(names[u] for u in units[:k])
    cover = ", ".join(names[u] for u in units[k:])
    return (f"{step.technique.label}: {symbol(step.digits[0])} in {base} confined to "
            f"{cover} -> {what}")


def _links(step: Step, geo: Geometry, what: str) -> str:
    dig = symbol(step.digits[0])
    links = ", ".join(geo.unit_names[u] for u in step.units)
    return (
        f"{step.technique.label}: strong links on {dig} in {links}, joined end to end, so "
        f"one free end holds {dig} -> {what}"
    )


X_WING = Rule(fish.x_wing, (T.X_WING,), "3.2", Family.FISH, _fish)
SWORDFISH = Rule(fish.swordfish, (T.SWORDFISH,), "3.8", Family.FISH, _fish)
JELLYFISH = Rule(fish.jellyfish, (T.JELLYFISH,), "5.2", Family.FISH, _fish)
TWO_STRONG_LINKS = Rule(
    fish.two_strong_links,
    (T.SKYSCRAPER, T.TWO_STRING_KITE, T.TURBOT_CRANE, T.EMPTY_RECTANGLE),
    "4.0 on parallel lines, 4.1 with a box or lines both ways, 4.3 with a grouped link "
    "or a diagonal or window",
    Family.STRONG_LINKS, _links,
)
THREE_STRONG_LINKS = Rule(fish.three_strong_links, (T.THREE_STRONG_LINKS,), f"5.4; {_EXTRA}",
                          Family.STRONG_LINKS, _links)
FOUR_STRONG_LINKS = Rule(fish.four_strong_links, (T.FOUR_STRONG_LINKS,), f"5.8; {_EXTRA}",
                         Family.STRONG_LINKS, _links)
