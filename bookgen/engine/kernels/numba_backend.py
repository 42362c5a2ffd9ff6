"""The numba backend: fast.py's batch kernels behind the Backend interface.

Glossary:
  ahead     the kernels come from aot.py's extension module (built on the first run that
            wants them, then loaded without importing numba)
  jitted    the kernels are fast.py's numba dispatchers (from numba's on-disk cache): used
            where the module cannot be built, while another process builds it, and when
            asked for (``FastBackend(ahead=False)``)
Both run the same machine code from the same source, so they give the same answers.
Counting runs on band bitboards (bands.py) where the grid fits them; the solutions and the
trace come from fast.py's search, whose order the reference backend shares.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

import numpy as np

from . import FirstSolution, TraceArrays, aot, trace_arrays
from .band_layout import rules_of

if TYPE_CHECKING:
    from ...core.grid import Geometry
    from ...variants.killer.cages import Cages


def _batch(grids: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(grids, dtype=np.int8).reshape(-1, grids.shape[-1])


def _ahead() -> Any:
    """aot.py's module, built now when it is missing and can be built; else None."""
    return aot.load() or aot.build()


DIG_KERNELS = ("complete_core", "dig_core", "generate_core", "generate_batch")
"""The dig kernels make_puzzle and its kin call (dig_fast.py's, or the module's)."""


def _dig_ahead(module: Any) -> ModuleType:
    """The dig kernels of aot.py's module as a module like dig_fast.py (seed_state, plain
    Python, from dig_reference)."""
    from . import dig_reference

    dig = ModuleType(f"{module.__name__}.dig")
    dig.seed_state = dig_reference.seed_state  # type: ignore[attr-defined]
    for name in DIG_KERNELS:
        setattr(dig, name, getattr(module, aot.DIG_PREFIX + name))
    return dig


def _jitted() -> Any:
    """fast.py itself (its kernels loaded from numba's cache, or compiled, on first call)."""
    from . import fast

    return fast


class FastBackend(FirstSolution):
    """The numba backend; every batch loop runs compiled."""

    name = "numba"

    def __init__(self, ahead: bool = True) -> None:
        module = _ahead() if ahead else None
        self.ahead = module is not None
        """True when the kernels come from the ahead-of-time module."""
        self._dig: ModuleType | None = None
        """The module's dig kernels (None: dig_fast.py serves)."""
        if module is not None:
            self._dig = _dig_ahead(module)
            self._count, self._band_count, self._solutions, self._trace = (
                module.count_batch, module.band_count_batch, module.solutions_batch,
                module.trace_batch)
        else:
            fast = _jitted()
            from .bands import band_count_batch

            self._count, self._band_count, self._solutions, self._trace = (
                fast._count_batch, band_count_batch, fast._solutions_batch, fast._trace_batch)

    def dig_kernels(self) -> ModuleType:
        """The dig kernels: the ahead-of-time module's, else dig_fast.py."""
        if self._dig is not None:
            return self._dig
        from . import dig_fast

        return dig_fast

    def count_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2) -> np.ndarray:
        """Counts on band bitboards where the grid fits them, else by fast.py's search."""
        rules = rules_of(geo)
        if len(rules):
            banded: np.ndarray = self._band_count(_batch(grids), int(limit), rules)
            return banded
        return self.search_count_batch(geo, grids, limit)

    def search_count_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2
                           ) -> np.ndarray:
        """count_batch by fast.py's search, also where bands serve (for comparison)."""
        a = geo.arrays()
        result: np.ndarray = self._count(
            _batch(grids), int(limit), a["units"], a["peers"], a["npeers"])
        return result

    def solutions_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        a = geo.arrays()
        counts, sols = self._solutions(
            _batch(grids), int(limit), a["units"], a["peers"], a["npeers"])
        return counts, sols

    def trace_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2) -> TraceArrays:
        a = geo.arrays()
        return trace_arrays(*self._trace(
            _batch(grids), int(limit), a["units"], a["cell_units"], a["peers"], a["npeers"],
            a["block_pos"],
        ))

    def killer_solutions(
        self, grid: np.ndarray, cages: Cages, limit: int = 2
    ) -> tuple[int, np.ndarray]:
        from .killer_fast import killer_solutions

        return killer_solutions(grid, cages, limit)
