"""Candidate state of a grid being solved by logic, and the record of one solving step.

Glossary:
  mask       an int whose bit d-1 is set when digit d is a candidate (digits 1..n)
  cands      cands[cell] = candidate mask of an empty cell, 0 for a filled cell
  node       (cell, digit, on): a candidate assumed true (on) or false in a chain
  where      where[unit][d - 1]: the places of digit d in a unit, bit i for its i-th cell
  holders    holders[d]: the cells holding candidate d, bit c for cell c (index 0 unused)
  clock      counts the board's changes; per tick, the units whose candidates it changed
             are kept as bits (the marks)
  note       what a finder that scans items (units, locks) in order left on the board: the
             clock of its call and how many leading items it found nothing in; items whose
             units no tick marked since then still give nothing (a finder's result on an
             item depends only on the candidates of a few units)
  Step       one deduction: the technique, what it rests on, what it placed or removed
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from operator import or_

from ..core.grid import Geometry
from .scale import Technique
from .tables import grading_geometry, tables

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


def set_bits(x: int) -> Iterator[int]:
    """The indices of the set bits of x, ascending (a bitset's members)."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def next_to(value: int) -> int:
    """The mask of the digits one above and one below value."""
    return 1 << value | 1 << (value - 1) >> 1


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

    __slots__ = (
        "geo", "n", "values", "cands", "full", "_where", "_holders", "_places", "_units",
        "_marks", "_notes",
    )

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
                for p in geo.neighbours[c]:
                    if values[p]:
                        used |= next_to(values[p])
                self.cands[c] = self.full & ~used
        self._places = tables(geo).cell_places
        self._units = tables(geo).cell_units
        self._where: list[list[int]] | None = None
        self._holders: list[int] | None = None
        self._marks = [0]  # the marks (see the glossary); the clock is the last index
        self._notes: dict[Hashable, tuple[int, int]] = {}

    def where(self) -> list[list[int]]:
        """The where table (see the glossary), for reading only.

        Built on first use, then kept up to date by place() and apply() as they remove
        candidates (most units are the same from one step to the next); so code that edits
        `cands` directly must do it before the first call, or call forget() after (the
        same holds for finders' notes).
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

    def holders(self) -> list[int]:
        """The holders of each digit (see the glossary), for reading only; kept up to
        date as where() is."""
        if self._holders is None:
            out = [0] * (self.n + 1)
            for c, m in enumerate(self.cands):
                for d in digits_of(m):
                    out[d] |= 1 << c
            self._holders = out
        return self._holders

    def forget(self) -> None:
        """Drop the where and holders tables and the finders' notes, after `cands` was
        edited directly."""
        self._where = None
        self._holders = None
        self._notes.clear()

    def changed_since(self, note: Hashable) -> tuple[int, int]:
        """For the finder whose note this is: the units changed since it left the note, as
        bits (all when it left none), and how many leading items it found nothing in."""
        got = self._notes.get(note)
        if got is None:
            return -1, 0
        clock, clean = got
        changed = 0
        for mark in self._marks[clock + 1 :]:
            changed |= mark
        return changed, clean

    def leave_note(self, note: Hashable, clean: int) -> None:
        """Note that a finder found nothing in its first `clean` items on this board now."""
        self._notes[note] = (len(self._marks) - 1, clean)

    def _remove(self, cell: int, d: int) -> None:
        """Remove candidate d of cell, from cands and the kept tables."""
        self.cands[cell] &= ~(1 << (d - 1))
        self._marks[-1] |= self._units[cell]
        where = self._where
        if where is not None:
            for u, bit in self._places[cell]:
                where[u][d - 1] &= ~bit
        if self._holders is not None:
            self._holders[d] &= ~(1 << cell)

    def place(self, cell: int, value: int) -> None:
        """Fill cell with value, remove value from its peers and the values one above and
        below it from its non-consecutive neighbours."""
        self._marks.append(0)
        self.values[cell] = value
        for d in digits_of(self.cands[cell]):
            self._remove(cell, d)
        b = 1 << (value - 1)
        cands = self.cands
        for p in self.geo.peers[cell]:
            if cands[p] & b:
                self._remove(p, value)
        for p in self.geo.neighbours[cell]:
            for d in digits_of(cands[p] & next_to(value)):
                self._remove(p, d)

    def apply(self, step: Step) -> bool:
        """Apply a step's removals and placements; True if anything changed."""
        self._marks.append(0)
        changed = False
        for cell, d in step.eliminated:
            if self.cands[cell] & 1 << (d - 1):
                self._remove(cell, d)
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
        return 0 in map(or_, self.values, self.cands)  # in one call: the ladder asks each pass
