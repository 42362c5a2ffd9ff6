"""Candidate state of a grid being solved by logic, and the record of one solving step.

Glossary:
  mask       an int whose bit d-1 is set when digit d is a candidate (digits 1..n)
  cands      cands[cell] = candidate mask of an empty cell, 0 for a filled cell
  node       (cell, digit, on): a candidate assumed true (on) or false in a chain
  Step       one deduction: the technique, what it rests on, what it placed or removed
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..grid import Geometry
from .scale import Technique
from .tables import grading_geometry

Node = tuple[int, int, bool]


@lru_cache(maxsize=1 << 16)
def digits_of(mask: int) -> tuple[int, ...]:
    """The digits whose bits are set in mask, ascending."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return tuple(out)


@dataclass(frozen=True)
class Step:
    """One deduction of the logical solver."""

    technique: Technique
    """The technique that found it."""
    difficulty: float
    """SE value of this step: the technique's base plus any chain length extra."""
    cells: tuple[int, ...]
    """The cells the deduction rests on (the pattern, not the targets)."""
    digits: tuple[int, ...]
    """The digits the pattern is about."""
    placed: tuple[tuple[int, int], ...] = ()
    """(cell, value) placed by this step."""
    eliminated: tuple[tuple[int, int], ...] = ()
    """(cell, digit) candidates removed by this step."""
    units: tuple[int, ...] = ()
    """Indices of the units the pattern lives in, into the grading geometry's units (the
    Geometry's own, then a hyper grid's hidden windows)."""
    chains: tuple[tuple[Node, ...], ...] = ()
    """For chains: each chain as its nodes from the assumption to the conclusion."""
    total: int = 0
    """For killer steps: the sum the step's cells make (0 for the classic techniques)."""
    cage: tuple[int, ...] = ()
    """For killer steps: the cells of the cage the step reads or splits."""


class Board:
    """Mutable candidate state: values and candidate masks, updated as steps apply.

    `geo` is the grading geometry (tables.grading_geometry): a hyper grid's hidden windows
    are units here, and step units index into its units."""

    __slots__ = ("geo", "n", "values", "cands", "full", "_where")

    def __init__(self, values: tuple[int, ...], geo: Geometry) -> None:
        geo = grading_geometry(geo)
        self.geo = geo
        self.n = geo.n
        self.full = (1 << geo.n) - 1
        self.values = list(values)
        self.cands = [0] * geo.ncells
        for c in range(geo.ncells):
            if not values[c]:
                used = 0
                for p in geo.peers[c]:
                    if values[p]:
                        used |= 1 << (values[p] - 1)
                self.cands[c] = self.full & ~used
        self._where: list[list[int]] | None = None

    def where(self) -> list[list[int]]:
        """where[unit][d - 1]: bit i set when digit d is a candidate of the unit's i-th cell.

        Built once per board state (several techniques read it in one pass of the ladder);
        apply() drops it, so code that edits `cands` directly must not read it before.
        """
        if self._where is None:
            n, cands = self.n, self.cands
            table = []
            for cells in self.geo.units:
                pos = [0] * n
                for i, c in enumerate(cells):
                    for d in digits_of(cands[c]):
                        pos[d - 1] |= 1 << i
                table.append(pos)
            self._where = table
        return self._where

    def place(self, cell: int, value: int) -> None:
        """Fill cell with value and remove value from its peers."""
        self._where = None
        self.values[cell] = value
        self.cands[cell] = 0
        off = ~(1 << (value - 1))
        cands = self.cands
        for p in self.geo.peers[cell]:
            cands[p] &= off

    def apply(self, step: Step) -> bool:
        """Apply a step's removals and placements; True if anything changed."""
        self._where = None
        changed = False
        for cell, d in step.eliminated:
            b = 1 << (d - 1)
            if self.cands[cell] & b:
                self.cands[cell] &= ~b
                changed = True
        for cell, v in step.placed:
            if not self.values[cell]:
                self.place(cell, v)
                changed = True
        return changed

    def solved(self) -> bool:
        return all(self.values)

    def broken(self) -> bool:
        """True when an empty cell has no candidate left (a wrong deduction upstream)."""
        return any(not v and not m for v, m in zip(self.values, self.cands, strict=True))
