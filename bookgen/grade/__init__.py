"""Human-style grading on the Sudoku Explainer (SE) scale.

A logical solver applies techniques easiest first (singles, locked candidates, subsets,
fish, wings, uniqueness, chains, forcing chains), logs every step as data, and grades a
puzzle by its hardest step. `explain` renders the steps in plain words.

Each technique is one object (technique.Rule, one module per family in techniques/): its
finder, its rating rule, its words, its tips family and what a diagram of a step shows;
a step carries its Technique value, and `step.technique.rule` is that object.
"""

from ..core.model import Band, band_of
from .board import Board, Step
from .explain import describe, explain
from .scale import Technique
from .solver import Grading, grade
from .technique import Drawing, Rule
from .techniques import rule_of

__all__ = [
    "Band",
    "Board",
    "Drawing",
    "Grading",
    "Rule",
    "Step",
    "Technique",
    "band_of",
    "describe",
    "explain",
    "grade",
    "rule_of",
]
