"""Counting 9x9 puzzles on band bitboards: band_search.py's functions compiled with numba.

Each function of ``band_search`` is rebuilt over a namespace where its callees are the
compiled versions, then wrapped in ``njit`` (the small ones inlined: a call between
numba kernels costs about a tenth of a guess). The numba backend counts 9x9 puzzles with
``band_count_batch``, its dig's removal test is ``band_count``, and dig_fast.py's random
completion calls the search's steps from here.
"""

from __future__ import annotations

from types import FunctionType
from typing import Any, Literal

from numba import njit

from . import band_search, drop_stale_cache, watch_compiles

INLINED = ("low_bit", "popcount27", "place", "_ruled", "_spread")
"""Compiled into their callers."""
KERNELS = (*INLINED, "_band_pass", "_naked", "_hidden", "settle", "branch_cell",
           "load_givens", "band_count", "workspace", "band_count_batch")
"""The functions of band_search compiled here; callees are resolved at first call."""

# numba checks a cached kernel against its own source only, not against the tables it
# compiles in (band_layout.py)
drop_stale_cache(("band_search",), ("band_search.py", "band_layout.py"))
watch_compiles()


def _compile() -> dict[str, Any]:
    namespace = dict(vars(band_search))
    for name in KERNELS:
        f = getattr(band_search, name)
        inline: Literal["always", "never"] = "always" if name in INLINED else "never"
        namespace[name] = njit(cache=True, inline=inline)(
            FunctionType(f.__code__, namespace, name))
    return namespace


_ns = _compile()
place = _ns["place"]
settle = _ns["settle"]
branch_cell = _ns["branch_cell"]
load_givens = _ns["load_givens"]
low_bit = _ns["low_bit"]
popcount27 = _ns["popcount27"]
band_count = _ns["band_count"]
workspace = _ns["workspace"]
band_count_batch = _ns["band_count_batch"]
