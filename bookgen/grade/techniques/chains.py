"""Chains, cycles and forcing chains as technique objects.

Glossary:
  chain         nodes (cell, digit, on) from an assumption to its conclusion, linked
                strong and weak in turn; a step keeps each chain it rests on
  contradiction an assumption whose chains reach both a node and its opposite: the
                assumption is false (Nishio, dynamic forcing chains on one candidate)
  forcing       every candidate of a cell, or every place of a digit in a unit, leads to
                the same conclusion
SE rates a chain step base + length extra (grade.scale.length_extra): the finders add it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.grid import Geometry, symbol
from ...core.model import Family
from .. import chains, phrases
from ..board import Node, Step
from ..scale import Technique
from ..technique import Drawing, Finder, Rule

T = Technique
_SAME = "leads to the same conclusion"


def draw_chains(step: Step, cands: Sequence[int]) -> Drawing:
    """The cells and candidates of the step's chains, each link an arrow."""
    nodes = [nd for chain in step.chains for nd in chain]
    cells = tuple(dict.fromkeys((*step.cells, *(c for c, _, _ in nodes))))
    links: list[tuple[Node, Node]] = [
        (a, b) for chain in step.chains for a, b in zip(chain, chain[1:], strict=False)]
    return Drawing(
        cells=cells,
        candidates=tuple(dict.fromkeys((c, d) for c, d, _ in nodes if cands[c] >> (d - 1) & 1)),
        eliminated=step.eliminated,
        placed=step.placed,
        units=step.units,
        links=tuple(links),
    )


def _chain(step: Step, geo: Geometry, what: str) -> str:
    label = step.technique.label
    told = [" -> ".join(phrases.node(geo, nd) for nd in chain) for chain in step.chains]
    if len(told) == 1:
        return f"{label}: {told[0]}, so {what}"
    return f"{label}: {told[0]}, but {told[1]}: a contradiction, so {what}"


def _forcing(step: Step, geo: Geometry, what: str) -> str:
    source = (
        f"every candidate of {geo.label(step.cells[0])}"
        if step.technique is T.CELL_FORCING_CHAINS
        else f"every place of {symbol(step.digits[0])} in {geo.unit_names[step.units[0]]}"
    )
    return f"{step.technique.label}: {source} {_SAME} -> {what}"


def _contradiction(step: Step, geo: Geometry, what: str) -> str:
    # the assumption is the opposite of the result
    cell, d = step.placed[0] if step.placed else step.eliminated[0]
    sign = "!=" if step.placed else "="
    return (
        f"{step.technique.label}: assuming {geo.label(cell)} {sign} {symbol(d)} leads to a "
        f"contradiction (rated {step.difficulty:.1f} for its length) -> {what}"
    )


def _dynamic(step: Step, geo: Geometry, what: str) -> str:
    """A dynamic search concludes from a digit's places in a unit, a cell's candidates, or
    one assumption's contradiction."""
    label = step.technique.label
    if step.units:
        dig = symbol(step.digits[0])
        return (f"{label}: every place of {dig} in {geo.unit_names[step.units[0]]} {_SAME} "
                f"-> {what}")
    if len(step.chains) > 1:
        return f"{label}: every candidate of {geo.label(step.cells[0])} {_SAME} -> {what}"
    return _contradiction(step, geo, what)


def _rule(finder: Finder, technique: Technique, rating: str) -> Rule:
    return Rule(finder, (technique,), rating, Family.FORCING, _dynamic, draw_chains)


_NESTED = "+ length extra, the nested chains' nodes counted"
CHAINS_AND_CYCLES = Rule(
    chains.chains_and_cycles, (T.CYCLE, T.X_CHAIN, T.AIC),
    "6.5 + length extra for an X- or Y-cycle, 6.6 for a forcing X-chain, 7.0 with both "
    "kinds of links",
    Family.CHAIN, _chain, draw_chains,
)
NISHIO = Rule(chains.nishio, (T.NISHIO,), "7.5 + length extra", Family.FORCING,
              _contradiction, draw_chains)
FORCING_CHAINS = Rule(chains.forcing_chains, (T.CELL_FORCING_CHAINS, T.UNIT_FORCING_CHAINS),
                      "8.0 + length extra", Family.FORCING, _forcing, draw_chains)
DYNAMIC_FORCING_CHAINS = _rule(chains.dynamic_forcing_chains, T.DYNAMIC_FORCING_CHAINS,
                               "8.5 + length extra")
DYNAMIC_FORCING_CHAINS_PLUS = _rule(chains.dynamic_forcing_chains_plus,
                                    T.DYNAMIC_FORCING_CHAINS_PLUS, "9.0 + length extra")
NESTED_FORCING_CHAINS = _rule(chains.nested_forcing_chains, T.NESTED_FORCING_CHAINS,
                              f"9.5 {_NESTED}")
NESTED_MULTIPLE_FORCING_CHAINS = _rule(chains.nested_multiple_forcing_chains,
                                       T.NESTED_MULTIPLE_FORCING_CHAINS, f"10.0 {_NESTED}")
NESTED_DYNAMIC_FORCING_CHAINS = _rule(chains.nested_dynamic_forcing_chains,
                                      T.NESTED_DYNAMIC_FORCING_CHAINS, f"10.5 {_NESTED}")
