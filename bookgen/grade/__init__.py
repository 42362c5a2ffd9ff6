"""Human-style grading on the Sudoku Explainer (SE) scale.

A logical solver applies techniques easiest first (singles, locked candidates, subsets,
fish, wings, uniqueness, chains, forcing chains), logs every step as data, and grades a
puzzle by its hardest step. `explain` renders the steps in plain words.
"""

from ..core.model import Band, band_of
from .board import Board, Step
from .explain import describe, explain
from .scale import Technique
from .solver import Grading, grade

__all__ = [
    "Band",
    "Board",
    "Grading",
    "Step",
    "Technique",
    "band_of",
    "describe",
    "explain",
    "grade",
]
