"""Complete and dig: the numba backend, compiled from the very source of ``dig_reference``.

Each kernel of ``dig_reference`` is rebuilt over a namespace where its callees (and
``count_core``) are the compiled versions, then wrapped in ``njit``; the removal test
(``other_solution``) counts on band bitboards (bands.py) where the grid fits them. One
source for both backends keeps them identical: the same seed gives the same puzzle
whichever runs.
Compiled code is cached on disk, so a worker process only loads it. numba checks a cached
function against its own source only, not against the functions it calls, so the cache of
these kernels (and of this module's own) is dropped whenever a kernel they call changes.
"""

from __future__ import annotations

from numba import njit

from . import compile_kernels, dig_reference, drop_stale_cache, watch_compiles
from .bands import steps
from .fast import count_core

drop_stale_cache(("dig_reference", "dig_fast"),
                 ("fast.py", "__init__.py", "bands.py", "band_search.py", "band_layout.py"))

count_given = steps["count_given"]

KERNELS = (
    "rand_below",
    "shuffle",
    "popcount",
    "candidates",
    "choices",
    "set_value",
    "peer_mask",
    "band_fill",
    "complete_core",
    "_given_flip",
    "_unhit",
    "dig_core",
    "generate_core",
    "generate_batch",
)
"""The functions of dig_reference compiled here; callees are resolved at first call."""


@njit(cache=True)
def other_solution(puzzle, c, bit, units, cell_units, peers, npeers, rules, work, given):
    """dig_reference.other_solution: on band bitboards where the grid fits them, from the
    dig's given words (the same answer: a count does not depend on the search)."""
    if rules.shape[0]:
        return count_given(given, 1, c, bit, rules, work, False) > 0
    return count_core(puzzle, 1, c, bit, units, cell_units, peers, npeers) > 0


watch_compiles()
_ns = compile_kernels(dig_reference, KERNELS, overrides={
    **steps, "count_core": count_core, "other_solution": other_solution})
seed_state = dig_reference.seed_state
rand_below = _ns["rand_below"]
shuffle = _ns["shuffle"]
workspace = _ns["workspace"]
band_fill = _ns["band_fill"]
complete_core = _ns["complete_core"]
dig_core = _ns["dig_core"]
generate_core = _ns["generate_core"]
generate_batch = _ns["generate_batch"]
