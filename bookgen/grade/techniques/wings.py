"""Wings and aligned exclusions as technique objects.

Glossary:
  pivot, pincers   an XY- or XYZ-wing: the pivot sees both pincers; the digit the pincers
                   share leaves the cells seeing all of them
  ALS wing         WXYZ- to TUVWXYZ-wing: k cells seeing each other with k + 1 digits and a
                   bivalue cell linked to them
  exclusion        aligned pair or triple exclusion: combinations of digits the cells cannot
                   take together because they would empty a cell seeing them
"""

from __future__ import annotations

from ...core.grid import Geometry
from ...core.model import Family
from .. import phrases, wings
from ..board import Step
from ..scale import Technique
from ..technique import Rule

T = Technique


def _pivot(step: Step, geo: Geometry, what: str) -> str:
    pivot, *pincers = step.cells
    return (
        f"{step.technique.label}: pivot {geo.label(pivot)}, pincers "
        f"{phrases.cells(geo, pincers)} on {phrases.digits(step.digits)} -> {what}"
    )


def _als(step: Step, geo: Geometry, what: str) -> str:
    *als, yz = step.cells
    return (
        f"{step.technique.label}: {phrases.cells(geo, als)} hold only "
        f"{phrases.digits(step.digits)} between them, and the bivalue {geo.label(yz)} is "
        f"linked to them -> {what}"
    )


def _pair_exclusion(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label}: {phrases.cells(geo, step.cells[:2])} in "
            f"{geo.unit_names[step.units[0]]} -> {what}")


def _triple_exclusion(step: Step, geo: Geometry, what: str) -> str:
    return f"{step.technique.label}: {phrases.cells(geo, step.cells)} -> {what}"


XY_WING = Rule(wings.xy_wing, (T.XY_WING,), "4.2", Family.WING, _pivot)
XYZ_WING = Rule(wings.xyz_wing, (T.XYZ_WING,), "4.4", Family.WING, _pivot)
WXYZ_WING = Rule(wings.wxyz_wing, (T.WXYZ_WING,), "5.5; 5.6 when its largest cell has 3 digits",
                 Family.WING, _als)
VWXYZ_WING = Rule(wings.vwxyz_wing, (T.VWXYZ_WING,), "6.2; +0.2 - |3 - largest cell| / 10",
                  Family.WING, _als)
UVWXYZ_WING = Rule(wings.uvwxyz_wing, (T.UVWXYZ_WING,), "6.6", Family.WING, _als)
TUVWXYZ_WING = Rule(wings.tuvwxyz_wing, (T.TUVWXYZ_WING,), "7.5", Family.WING, _als)
ALIGNED_PAIR_EXCLUSION = Rule(wings.aligned_pair_exclusion, (T.ALIGNED_PAIR_EXCLUSION,), "6.2",
                              Family.EXCLUSION, _pair_exclusion)
ALIGNED_TRIPLE_EXCLUSION = Rule(wings.aligned_triple_exclusion, (T.ALIGNED_TRIPLE_EXCLUSION,),
                                "7.5", Family.EXCLUSION, _triple_exclusion)
