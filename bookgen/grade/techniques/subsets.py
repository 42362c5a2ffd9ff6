"""Intersections (locked candidates) and naked and hidden subsets as technique objects.

Glossary:
  pointing     a digit confined to one line inside a box leaves the rest of the line
  claiming     a digit confined to one box inside a line leaves the rest of the box
  direct       SE's direct variants: the removal leaves a single at once, which is placed
  naked set    k cells of a unit holding only k digits between them
  hidden set   k digits of a unit confined to the same k cells
"""

from __future__ import annotations

from ...core.grid import Geometry, symbol
from ...core.model import Family
from .. import phrases, subsets
from ..board import Step
from ..scale import Technique
from ..technique import Rule

T = Technique


def _locked(step: Step, geo: Geometry, what: str) -> str:
    names, units = geo.unit_names, step.units
    name = f"{step.technique.label} {phrases.set_name(len(step.cells))}"
    return (f"{name}: {symbol(step.digits[0])} in {names[units[0]]} confined to "
            f"{names[units[1]]} -> {what}")


def _generalized(step: Step, geo: Geometry, what: str) -> str:
    return (
        f"{step.technique.label}: {symbol(step.digits[0])} in "
        f"{geo.unit_names[step.units[0]]} only at {phrases.cells(geo, step.cells)}, so not "
        f"in the cells seeing them all -> {what}"
    )


def _naked(step: Step, geo: Geometry, what: str) -> str:
    u = step.units[0]
    inside = set(geo.units[u])
    beyond = any(c not in inside for c, _ in step.eliminated)
    seeing = " (and so not in any cell seeing all their places)" if beyond else ""
    return (
        f"{step.technique.label}: {phrases.cells(geo, step.cells)} hold only "
        f"{phrases.digits(step.digits)} in {geo.unit_names[u]}{seeing} -> {what}"
    )


def _hidden(step: Step, geo: Geometry, what: str) -> str:
    return (
        f"{step.technique.label}: {phrases.digits(step.digits)} in "
        f"{geo.unit_names[step.units[0]]} only at {phrases.cells(geo, step.cells)} -> {what}"
    )


DIRECT_POINTING = Rule(subsets.direct_pointing, (T.DIRECT_POINTING,), "1.7", Family.LOCKED,
                       _locked)
DIRECT_CLAIMING = Rule(subsets.direct_claiming, (T.DIRECT_CLAIMING,), "1.9", Family.LOCKED,
                       _locked)
DIRECT_HIDDEN_PAIR = Rule(subsets.direct_hidden_pair, (T.DIRECT_HIDDEN_PAIR,), "2.0",
                          Family.HIDDEN_SUBSET, _hidden)
DIRECT_HIDDEN_TRIPLE = Rule(subsets.direct_hidden_triple, (T.DIRECT_HIDDEN_TRIPLE,), "2.5",
                            Family.HIDDEN_SUBSET, _hidden)
POINTING = Rule(subsets.pointing, (T.POINTING,), "2.6", Family.LOCKED, _locked)
CLAIMING = Rule(subsets.claiming, (T.CLAIMING,), "2.8", Family.LOCKED, _locked)
GENERALIZED_INTERSECTION = Rule(
    subsets.generalized_intersection, (T.GENERALIZED_INTERSECTION,),
    "2.9; X and hyper grids only, in place of pointing and claiming", Family.LOCKED,
    _generalized,
)
NAKED_PAIR = Rule(subsets.naked_pair, (T.NAKED_PAIR,), "3.0", Family.NAKED_SUBSET, _naked)
HIDDEN_PAIR = Rule(subsets.hidden_pair, (T.HIDDEN_PAIR,), "3.4", Family.HIDDEN_SUBSET,
                   _hidden)
NAKED_TRIPLE = Rule(subsets.naked_triple, (T.NAKED_TRIPLE,), "3.6", Family.NAKED_SUBSET,
                    _naked)
HIDDEN_TRIPLE = Rule(subsets.hidden_triple, (T.HIDDEN_TRIPLE,), "4.0", Family.HIDDEN_SUBSET,
                     _hidden)
NAKED_QUAD = Rule(subsets.naked_quad, (T.NAKED_QUAD,), "5.0", Family.NAKED_SUBSET, _naked)
HIDDEN_QUAD = Rule(subsets.hidden_quad, (T.HIDDEN_QUAD,), "5.4", Family.HIDDEN_SUBSET,
                   _hidden)
