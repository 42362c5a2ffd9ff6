"""Uniqueness patterns as technique objects.

Glossary:
  deadly pattern  cells whose two digits could swap and leave a second solution: a unique
                  puzzle must avoid it (unique rectangles and loops)
  BUG             bivalue universal grave: every cell bivalue would be deadly, so the extra
                  digit of the one cell with three (BUG+1), or of a few (type 2), is kept
"""

from __future__ import annotations

from ...core.grid import Geometry
from ...core.model import Family
from .. import phrases, uniqueness
from ..board import Step
from ..scale import Technique
from ..technique import Rule
from .singles import told_by_description

T = Technique


def _loop(step: Step, geo: Geometry, what: str) -> str:
    return (f"{step.technique.label} on {phrases.digits(step.digits[:2])} at "
            f"{phrases.cells(geo, step.cells[:4])} -> {what}")


UNIQUE_LOOPS = Rule(
    uniqueness.unique_loop, (T.UNIQUE_RECTANGLE, T.UNIQUE_LOOP),
    "4.5 for 4 cells, 4.6 for 6, 4.7 for 8, 5.0 for 10+; type 3: +0.1 per extra cell",
    Family.UNIQUENESS, _loop,
)
BUG = Rule(uniqueness.bug, (T.BUG, T.BUG_TYPE_2), "5.6 for one extra cell, 5.7 for type 2",
           Family.UNIQUENESS, told_by_description)
