"""Cage tables for the killer searches of both backends.

Glossary (shared with killer_reference.py and killer_fast.py):
  combo[k, s, avail]  the union of every set of k distinct digits, all in the mask avail,
              that sums to s: the digits the k empty cells of a cage that still needs s
              may hold (0: none; the cage-sum pruning of min and max sums is in it)
  cage arrays cage_cells (ncages, 9) padded with -1, cage_len, cage_total, cell_cage
  peers       the classic peers of a cell plus its cage mates (no repeats in a cage),
              (ncells, maxpeers) padded with -1, with npeers
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ...variants.killer.cages import Cages

MAX_SUM = 45
"""The greatest sum of distinct digits 1..9."""


@cache
def combo_table() -> np.ndarray:
    """combo (10, 46, 512) int32, built once."""
    table = np.zeros((10, MAX_SUM + 1, 512), dtype=np.int32)
    avail = np.arange(512)
    for m in range(512):
        k = bin(m).count("1")
        s = sum(d + 1 for d in range(9) if m >> d & 1)
        table[k, s, (avail & m) == m] |= m
    return table


def cage_arrays(cages: Cages, ncells: int) -> tuple[np.ndarray, ...]:
    """(cage_cells, cage_len, cage_total, cell_cage, peers, npeers) of a 9x9 killer grid."""
    from ...core.grid import geometry

    geo = geometry(9)
    cells = np.full((len(cages), 9), -1, dtype=np.int32)
    owner = np.zeros(ncells, dtype=np.int32)
    for i, cage in enumerate(cages):
        cells[i, : len(cage.cells)] = cage.cells
        owner[list(cage.cells)] = i
    peer_sets = [sorted(set(geo.peers[c]) | (set(cages[owner[c]].cells) - {c}))
                 for c in range(ncells)]
    width = max(len(p) for p in peer_sets)
    peers = np.full((ncells, width), -1, dtype=np.int32)
    for c, ps in enumerate(peer_sets):
        peers[c, : len(ps)] = ps
    return (cells, np.array([len(c.cells) for c in cages], dtype=np.int32),
            np.array([c.total for c in cages], dtype=np.int32), owner, peers,
            np.array([len(p) for p in peer_sets], dtype=np.int32))
