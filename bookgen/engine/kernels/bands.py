"""Counting 9x9 puzzles on band bitboards: band_search.py's functions compiled with numba.

Each function of ``band_search`` is rebuilt over a namespace where its callees are the
compiled versions, then wrapped in ``njit`` (the small ones inlined: a call between
numba kernels costs about a tenth of a guess). The numba backend counts 9x9 puzzles with
``band_count_batch``, its dig's removal test is ``count_given``, and dig_fast.py's random
completion and the dig's shortcuts past the removal test call the search's steps from
here.
"""

from __future__ import annotations

from . import band_search, compile_kernels, drop_stale_cache, watch_compiles

INLINED = ("low_bit", "popcount27", "place", "_ruled", "_spread", "_minis", "_columns",
           "_stack_minis", "_tally", "_in_ways", "open_frame", "_child", "take_branch",
           "unit_word", "take_place",
           "_ways_of", "open_way", "take_way", "_given_columns", "_seen", "_open", "_hold")
"""Compiled into their callers."""
KERNELS = (*INLINED, "_band_pass", "_naked", "_hidden", "settle", "_triads", "tighten",
           "branch_cell", "branch_way", "open_places",
           "given_words", "load_givens", "count_given", "band_count", "workspace",
           "band_count_batch",
           "hidden_single", "unavoidable_sets")
"""The functions of band_search compiled here; callees are resolved at first call."""
STEPS = ("load_givens", "settle", "branch_cell", "open_frame", "take_branch", "low_bit",
         "workspace", "given_words", "count_given", "hidden_single", "unavoidable_sets")
"""The steps of the search other kernels build on (dig_reference.band_fill, and the
dig's shortcuts past its removal test)."""

# numba checks a cached kernel against its own source only, not against the tables it
# compiles in (band_layout.py) or how this module compiles it
drop_stale_cache(("band_search",), ("band_search.py", "band_layout.py", "bands.py"))
watch_compiles()
_ns = compile_kernels(band_search, KERNELS, INLINED)
steps = {name: _ns[name] for name in STEPS}
band_count = _ns["band_count"]
workspace = _ns["workspace"]
band_count_batch = _ns["band_count_batch"]
