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
    """Indices (into Geometry.units) of the units the pattern lives in."""
    chains: tuple[tuple[Node, ...], ...] = ()
    """For chains: each chain as its nodes from the assumption to the conclusion."""


class Board:
    """Mutable candidate state: values and candidate masks, updated as steps apply."""

    __slots__ = ("geo", "n", "values", "cands", "full")

    def __init__(self, values: tuple[int, ...], geo: Geometry) -> None:
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

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.geo, other.n, other.full = self.geo, self.n, self.full
        other.values, other.cands = list(self.values), list(self.cands)
        return other

    def place(self, cell: int, value: int) -> None:
        """Fill cell with value and remove value from its peers."""
        self.values[cell] = value
        self.cands[cell] = 0
        off = ~(1 << (value - 1))
        cands = self.cands
        for p in self.geo.peers[cell]:
            cands[p] &= off

    def apply(self, step: Step) -> None:
        for cell, d in step.eliminated:
            self.cands[cell] &= ~(1 << (d - 1))
        for cell, v in step.placed:
            if not self.values[cell]:
                self.place(cell, v)

    def solved(self) -> bool:
        return all(self.values)

    def broken(self) -> bool:
        """True when an empty cell has no candidate left (a wrong deduction upstream)."""
        return any(not v and not m for v, m in zip(self.values, self.cands, strict=True))

    def candidate_count(self) -> int:
        return sum(m.bit_count() for m in self.cands)
