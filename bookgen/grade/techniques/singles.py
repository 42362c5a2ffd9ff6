"""Singles, and the trial beyond the ladder, as technique objects.

Glossary:
  full house     the last empty cell of a unit
  hidden single  the only place of a digit in a unit (boxes first: SE rates them easier)
  naked single   the only candidate of a cell
  trial          not a technique but the solver's fallback: it places the solution's value
                 in the most constrained cell (rated above every chain)
"""

from __future__ import annotations

from ...core.grid import Geometry
from ...core.model import Family
from .. import singles
from ..board import Step
from ..scale import Technique
from ..technique import Rule

T = Technique


def told_by_description(step: Step, geo: Geometry, what: str) -> str:
    """'r4c2 = 3: naked single (only one candidate left in the cell)': the words of a
    technique that its description says all of."""
    t = step.technique
    return f"{what}: {t.label} ({t.description})"


def _full_house(step: Step, geo: Geometry, what: str) -> str:
    return f"{what}: full house, the last empty cell of {geo.unit_names[step.units[0]]}"


def _hidden_single(step: Step, geo: Geometry, what: str) -> str:
    return f"{what}: hidden single in {geo.unit_names[step.units[0]]}"


FULL_HOUSE = Rule(singles.full_houses, (T.FULL_HOUSE,), "1.0", Family.FULL_HOUSE, _full_house)
HIDDEN_SINGLE_BOX = Rule(singles.hidden_singles_box, (T.HIDDEN_SINGLE_BOX,), "1.2",
                         Family.HIDDEN_SINGLE, _hidden_single)
HIDDEN_SINGLE_LINE = Rule(singles.hidden_singles_line, (T.HIDDEN_SINGLE_LINE,), "1.5",
                          Family.HIDDEN_SINGLE, _hidden_single)
NAKED_SINGLE = Rule(singles.naked_singles, (T.NAKED_SINGLE,), "2.3", Family.NAKED_SINGLE,
                    told_by_description)
TRIAL = Rule(None, (T.TRIAL,), "10.0", Family.TRIAL, told_by_description)
