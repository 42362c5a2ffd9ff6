"""The hot loops behind one interface, with two backends.

Glossary and conventions:
  backend    an object with ``count_batch``, ``solve_batch``, ``solutions_batch``,
             ``trace_batch`` and ``killer_solutions``: "python" (reference.py and
             killer_reference.py, pure Python) or "numba" (numba_backend.py: fast.py,
             jitted or compiled ahead of time by aot.py, and killer_fast.py)
  grids      numpy int8, shape (m, n*n), row-major, 0 = blank; one row per puzzle
  mask       candidate bit mask, bit v-1 set = value v possible
  limit      solutions are counted up to this cap (2 answers "is it unique?")
  trace      the SPEC 3 search and its figures; see ``TraceArrays``

``get_backend()`` picks $BOOKGEN_BACKEND when set, else numba when it can serve (aot.py's
module loads, or numba imports), else python.
Both backends give the same answers: the same counts, the same first solution, the same
trace figures.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ...core.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np

    from ...core.grid import Geometry
    from ...variants.killer.cages import Cages

BACKENDS = ("python", "numba")

EXCLUSION_NODES = 20000
"""Branch points an exclusion search (a dig's "is there another value here?") may expand on
a multi-grid board before it stops and answers "yes": the dig then keeps the clue, which is
never wrong, only less deep. On a samurai board a chronological search can branch in one
grid while the contradiction lies in another and repeat it for every branch there (one
check of a near-minimal board ran for minutes); a single grid is never cut short."""

EXCLUSION_NODES_FROM = 257
"""Searches over at least this many cells (more than a 16x16 grid has: only boards) are
held to EXCLUSION_NODES, and branch near their last branch (BOARD_FOCUS)."""

BOARD_FOCUS = True
"""On a board, a search branches on the fewest-candidates cell among the empty peers of its
latest branch cell that has any (then the excluded cell's, then anywhere): it finishes the
part of a grid it is in before it branches in another, so a grid that cannot be completed
is found out before every combination of branches elsewhere is tried.

The compiled kernels take these two constants in as they are compiled: the ahead-of-time
module's key covers this file, but numba's own cache of a jitted function only looks at
fast.py, so after changing one, touch fast.py (or clear __pycache__)."""


@dataclass(frozen=True)
class TraceArrays:
    """SPEC 3 figures of a batch, one row per puzzle."""

    count: np.ndarray
    """(m,) int32: solutions found, capped at limit."""
    level: np.ndarray
    """(m,) int32: branch steps on the way to the first solution (len(way))."""
    maxlevel: np.ndarray
    """(m,) int32: deepest recursion level reached anywhere in the search."""
    way_complexity: np.ndarray
    """(m,) int64: sum over the way of (number of candidates)^2."""
    cand_sum: np.ndarray
    """(m,) int64: sum of the candidate counts of the puzzle's empty cells."""
    cand_sq: np.ndarray
    """(m,) int64: sum of the squares of those counts."""
    solutions: np.ndarray
    """(m, limit, ncells) int8: the solutions in the order found, zero rows after count."""
    way_len: np.ndarray
    """(m,) int32: steps in the way (equal to level)."""
    way_cell: np.ndarray
    """(m, ncells) int32: the branch cell of each step (row-major), first step first."""
    way_mask: np.ndarray
    """(m, ncells) int32: the cell's candidates when the branch was taken."""
    way_index: np.ndarray
    """(m, ncells) int32: index into those candidates (ascending) of the value kept."""


def trace_arrays(figs: np.ndarray, sols: np.ndarray, way_cell: np.ndarray,
                 way_mask: np.ndarray, way_index: np.ndarray) -> TraceArrays:
    """The TraceArrays of a batch from its figures, (m, 6) int64 rows of (count, level,
    maxlevel, way_complexity, cand_sum, cand_sq), and its solutions and way (the way has
    one step per level)."""
    import numpy as np

    return TraceArrays(
        count=figs[:, 0].astype(np.int32),
        level=figs[:, 1].astype(np.int32),
        maxlevel=figs[:, 2].astype(np.int32),
        way_complexity=figs[:, 3],
        cand_sum=figs[:, 4],
        cand_sq=figs[:, 5],
        solutions=sols,
        way_len=figs[:, 1].astype(np.int32),
        way_cell=way_cell,
        way_mask=way_mask,
        way_index=way_index,
    )


class Backend(Protocol):
    """What both backends provide; every method takes a whole batch."""

    name: str

    def count_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2) -> np.ndarray:
        """(m,) int32: solutions of each grid, capped at limit."""
        ...

    def solve_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        """Counts (m,) and the first solution found (m, ncells) int8, zeros where none."""
        ...

    def solutions_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        """Counts (m,) and the solutions in the order found (m, limit, ncells) int8,
        zero rows after the count."""
        ...

    def trace_batch(self, geo: Geometry, grids: np.ndarray, limit: int = 2) -> TraceArrays:
        """The SPEC 3 figures of every grid."""
        ...

    def killer_solutions(
        self, grid: np.ndarray, cages: Cages, limit: int = 2
    ) -> tuple[int, np.ndarray]:
        """A killer puzzle's solutions (givens and cages), capped at limit: the count and
        (limit, 81) int8 of them in the order found, zero rows after the count."""
        ...

    def dig_kernels(self) -> ModuleType:
        """The kernels that complete and dig boards (dig_reference.py's functions: the
        module itself, or the same compiled)."""
        ...


class FirstSolution:
    """solve_batch for both backends, from their solutions_batch."""

    def solutions_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError

    def solve_batch(
        self, geo: Geometry, grids: np.ndarray, limit: int = 2
    ) -> tuple[np.ndarray, np.ndarray]:
        """Counts (m,) and the first solution found (m, ncells) int8, zeros where none."""
        counts, sols = self.solutions_batch(geo, grids, limit)
        return counts, sols[:, 0]


_loaded: dict[str, Backend] = {}


def numba_problem() -> str | None:
    """Why the numba backend cannot serve, or None when it can: numba is there and its
    kernels' ahead-of-time module loads (aot.py; numba itself is then not imported until
    a kernel of its own is needed), or numba imports."""
    import importlib.util

    from . import aot

    if importlib.util.find_spec("numba") is not None and aot.load() is not None:
        return None
    try:
        import numba  # noqa: F401
    except ImportError as e:  # a platform without numba wheels, an install with --no-deps
        return str(e) or type(e).__name__
    return None


def numba_available() -> bool:
    """True when the numba backend can serve."""
    return numba_problem() is None


def backend_name(name: str | None = None) -> str:
    """The name of the backend get_backend(name) serves, without loading it: name, else
    $BOOKGEN_BACKEND, else numba when it can serve, else python (not checked against
    BACKENDS here)."""
    chosen = name or os.environ.get("BOOKGEN_BACKEND") or ""
    if not chosen:
        chosen = "numba" if numba_available() else "python"
    return chosen


_GRADER: dict[tuple[str | None, str], ModuleType | None] = {}
"""grader_kernels' answers by $BOOKGEN_BACKEND and module: the grader asks hundreds of
thousands of times on a hard puzzle, and backend_name looks for numba each time."""


def grader_kernels(module: str) -> ModuleType | None:
    """The compiled module engine/kernels/<module> of the grader (chains_fast, wings_fast)
    or of canonical forms (canon_fast) when the numba backend serves and numba imports,
    else None: the Python serves."""
    key = (os.environ.get("BOOKGEN_BACKEND"), module)
    if key not in _GRADER:
        _GRADER[key] = None
        if backend_name() == "numba":
            try:
                _GRADER[key] = importlib.import_module(f"{__name__}.{module}")
            except ImportError:  # numba cannot be imported: get_backend says why
                pass
    return _GRADER[key]


def get_backend(name: str | None = None) -> Backend:
    """The backend called name; None: $BOOKGEN_BACKEND, else numba if importable, else python.

    An unknown name is a ConfigError (the environment variable is user input; the CLI
    prints it as one line).
    """
    where = "backend" if name else "BOOKGEN_BACKEND"
    chosen = backend_name(name)
    if chosen not in BACKENDS:
        raise ConfigError(
            f"{where}: unknown kernel backend {chosen!r}: expected one of {', '.join(BACKENDS)}"
        )
    problem = numba_problem() if chosen == "numba" and chosen not in _loaded else None
    if problem:
        raise ConfigError(f"{where}=numba: numba cannot be imported ({problem}); install it "
                          "(pip install numba) or use the pure-Python kernels: "
                          "BOOKGEN_BACKEND=python")
    if chosen not in _loaded:
        if chosen == "numba":
            from .numba_backend import FastBackend

            _loaded[chosen] = FastBackend()
        else:
            from .reference import ReferenceBackend

            _loaded[chosen] = ReferenceBackend()
    return _loaded[chosen]


def warm_up(backend: Backend | None = None) -> None:
    """Load (numba: from the cache, or compile) every kernel of the backend, on an empty
    4x4 grid, so that nothing timed afterwards pays for it."""
    import numpy as np

    from ...core.grid import geometry

    kernels = backend or get_backend()
    geo, empty = geometry(4), np.zeros((1, 16), dtype=np.int8)
    kernels.count_batch(geo, empty, 2)
    kernels.solutions_batch(geo, empty, 2)
    kernels.trace_batch(geo, empty, 2)


def compile_kernels(source: ModuleType, names: tuple[str, ...], inlined: tuple[str, ...] = (),
                    overrides: dict[str, object] | None = None) -> dict[str, Any]:
    """The functions `names` of a plain-Python kernel module compiled with numba (cached on
    disk; `inlined` ones compiled into their callers): each is rebuilt over a copy of the
    module's namespace in which its callees are the compiled ones (and `overrides` replace
    what they name), so one source serves both backends. The namespace is returned."""
    from types import FunctionType

    from numba import njit

    namespace = dict(vars(source))
    namespace.update(overrides or {})
    for name in names:
        f = getattr(source, name)
        inline: Literal["always", "never"] = "always" if name in inlined else "never"
        namespace[name] = njit(cache=True, inline=inline)(
            FunctionType(f.__code__, namespace, name))
    return namespace


def drop_stale_cache(modules: tuple[str, ...], sources: tuple[str, ...]) -> None:
    """Remove numba's cached kernels of the modules (by file name, in this folder) when any
    of the source files changed since the last call: numba checks a cached function
    against its own file only, not against the functions it calls or the tables it
    compiles in. A stamp file beside the cache remembers the sources' hash."""
    import hashlib
    from pathlib import Path

    here = Path(__file__).parent
    stamp = hashlib.sha256(b"".join((here / name).read_bytes() for name in sources)).hexdigest()
    marker = here / "__pycache__" / f"{modules[0]}.stamp"
    try:
        if marker.is_file() and marker.read_text() == stamp:
            return
        places = [here / "__pycache__"]
        if os.environ.get("NUMBA_CACHE_DIR"):
            places.append(Path(os.environ["NUMBA_CACHE_DIR"]))
        for place in places:
            if place.is_dir():
                for module in modules:
                    for old in place.rglob(f"{module}.*.nb[ic]"):
                        old.unlink(missing_ok=True)
        marker.parent.mkdir(exist_ok=True)
        marker.write_text(stamp)
    except OSError:
        pass  # a read-only install keeps whatever cache it shipped with


_announced = False
_watching = False


def watch_compiles() -> None:
    """From now on, say once on stderr when numba compiles a kernel (say_compiling). Each
    module that makes numba kernels calls it when imported.

    numba fires its "numba:compile" event (numba.core.event) only when it compiles, never
    when it loads a kernel from its on-disk cache. Checking the cache beforehand instead
    said so on every run for kernels a command never calls, whose cache stays empty.
    """
    global _watching
    if _watching:
        return
    from numba.core import event

    class Said(event.Listener):
        def on_start(self, _: event.Event) -> None:
            say_compiling()

        def on_end(self, _: event.Event) -> None:
            pass  # the notice is said at the start; the end needs nothing

    event.register("numba:compile", Said())
    _watching = True


def say_compiling() -> None:
    """Say on stderr, at most once a command, that fast kernels are being compiled; never
    from a worker process (a pool's or a cluster's): the command's own process speaks."""
    global _announced
    import multiprocessing

    if not _announced and multiprocessing.parent_process() is None:
        print("compiling fast kernels (once: later runs load them from the cache)",
              file=sys.stderr, flush=True)
        _announced = True
