"""Complete and dig: the numba backend, compiled from the very source of ``dig_reference``.

Each kernel of ``dig_reference`` is rebuilt over a namespace where its callees (and
``count_core``) are the compiled versions, then wrapped in ``njit``. One source for both
backends keeps them identical: the same seed gives the same puzzle whichever runs.
Compiled code is cached on disk, so a worker process only loads it.
"""

from __future__ import annotations

from types import FunctionType
from typing import Any

from numba import njit

from . import dig_reference
from .fast import count_core

KERNELS = (
    "rand_below",
    "shuffle",
    "popcount",
    "candidates",
    "set_value",
    "peer_mask",
    "complete_core",
    "dig_core",
    "generate_core",
)
"""The functions of dig_reference compiled here; callees are resolved at first call."""


def _compile(overrides: dict[str, Any]) -> dict[str, Any]:
    namespace = dict(vars(dig_reference))
    namespace.update(overrides)
    for name in KERNELS:
        f = getattr(dig_reference, name)
        namespace[name] = njit(cache=True)(FunctionType(f.__code__, namespace, name))
    return namespace


_ns = _compile({"count_core": count_core})
seed_state = dig_reference.seed_state
rand_below = _ns["rand_below"]
shuffle = _ns["shuffle"]
complete_core = _ns["complete_core"]
dig_core = _ns["dig_core"]
generate_core = _ns["generate_core"]
