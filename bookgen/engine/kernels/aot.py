"""fast.py's batch kernels, dig_fast.py's dig kernels and the canonical form's search compiled
ahead of time into a small extension module, so that a command that only counts, solves,
traces, makes or banks puzzles never imports numba.

A numba kernel, even one loaded from numba's on-disk cache, costs a new process about
0.8 s before its first call (numba's import, then its compiler's type and target tables):
as long as `bookgen solve` takes for 40,000 17-clue puzzles. The extension module holds the
same machine code as the cached kernels and imports in a millisecond.

Glossary:
  entry points  the kernels the numba backend calls (``ENTRY_POINTS``): the batch count
                (general and on bands), solutions and trace, and the four dig kernels
                (complete, dig, generate one, generate a batch), and the canonical form's
                search, each with its one typed signature
  key           a hash of the entry points' sources (SOURCE, ALSO_COMPILED) and this
                file's, the numba version (numba's _version.py, read without importing
                numba or its installed metadata), the interpreter and the machine type;
                the module's name carries it, so a module
                built from other sources, by another numba or for another Python is never
                loaded
  module file   ``bookgen_kernels_<key><extension suffix>`` in the cache folder
  cache folder  kernels/__pycache__ beside numba's own cache, or, where the package folder
                is read-only, $XDG_CACHE_HOME/bookgen (~/.cache/bookgen)
  failed mark   ``bookgen_kernels_<key>.failed``: the build could not be made here (no C
                compiler, no setuptools, a numba without its AOT compiler); it holds the
                reason, and the jitted kernels serve from then on without trying again

The build runs numba's AOT compiler (``numba.pycc``) in a child process, so its compiler
output never reaches this process's stdout, under a lock that one process at a time takes
(the others use the jitted kernels meanwhile), into a temporary file renamed into place.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from . import say_compiling

PREFIX = "bookgen_kernels_"
SOURCE = Path(__file__).with_name("fast.py")
ALSO_COMPILED = (SOURCE.with_name("bands.py"), SOURCE.with_name("band_search.py"),
                 SOURCE.with_name("band_layout.py"), SOURCE.with_name("dig_reference.py"),
                 SOURCE.with_name("dig_fast.py"), SOURCE.parent.parent / "canon.py",
                 SOURCE.with_name("canon_fast.py"))
"""The other source files of the entry points: the key covers them as it covers SOURCE."""
_TABLES = "int32[:, ::1], int32[:, ::1], int32[:, ::1]"  # units, peers, npeers
_DIG_TABLES = ", ".join(["int32[:, ::1]"] * 5)  # units, cell_units, peers, npeers, band rules
ENTRY_POINTS = {
    "count_batch": ("_count_batch", f"int32[::1](int8[:, ::1], int64, {_TABLES})"),
    "band_count_batch": ("bands.band_count_batch",
                         "int32[::1](int8[:, ::1], int64, int32[:, ::1])"),
    "solutions_batch": (
        "_solutions_batch",
        f"Tuple((int32[::1], int8[:, :, ::1]))(int8[:, ::1], int64, {_TABLES})",
    ),
    "trace_batch": (
        "_trace_batch",
        "Tuple((int64[:, ::1], int8[:, :, ::1], int32[:, ::1], int32[:, ::1], int32[:, ::1]))"
        "(int8[:, ::1], int64, int32[:, ::1], int32[:, ::1], int32[:, ::1], int32[:, ::1], "
        "int32[::1])",
    ),
    "dig_complete_core": ("dig_fast.complete_core",
                          f"boolean(int8[::1], int64[::1], int64, int64, {_DIG_TABLES})"),
    "dig_dig_core": ("dig_fast.dig_core",
                     "int64(int8[::1], int8[::1], int32[:, ::1], int32[::1], int32[::1], int64, "
                     f"boolean, int64, {_DIG_TABLES})"),
    "dig_generate_core": (
        "dig_fast.generate_core",
        "UniTuple(int64, 3)(int64, int64, int64, int32[:, ::1], int32[::1], boolean, int64, "
        f"int64, int64, int32[::1], int8[::1], int8[::1], {_DIG_TABLES})",
    ),
    "dig_generate_batch": (
        "dig_fast.generate_batch",
        "int64(int64[::1], int64, int64, int32[:, ::1], int32[::1], boolean, int64, int64, "
        f"int64, int64, int8[:, ::1], int8[:, ::1], int32[:, ::1], {_DIG_TABLES})",
    ),
    "canon_minlex": ("canon_fast.minlex_core",
                     "int64(int8[::1], int64, int64, int64, boolean, int8[:, :, ::1], int64[::1], "
                     "int64, int8[::1])"),
}
"""Exported name: (fast.py's kernel, or another module's as "module.kernel", its signature).
The tables are those of ``Geometry.arrays()`` (band_layout.rules_of's for the band count,
and after them for the dig kernels); grids are C-ordered int8 batches, limit an int64.
The dig kernels' names carry the prefix ``dig_`` (DIG_PREFIX); canon_minlex is canon.py's
minlex_core."""
DIG_PREFIX = "dig_"
BUILD_SECONDS = 600
"""A build that takes longer than this is abandoned (it takes under a minute)."""


def key() -> str | None:
    """The key of the module the current sources make, or None when numba is not installed."""
    return _key_of((SOURCE, *ALSO_COMPILED))


@functools.cache
def _key_of(sources: tuple[Path, ...]) -> str | None:
    """key() of the source files, worked out once a process: the backend is looked up for
    every batch, and this reads the files."""
    numba = importlib.util.find_spec("numba")
    if numba is None or numba.origin is None:
        return None
    try:
        # versioneer's file: the version and the revision numba was built from (reading
        # the installed metadata instead costs a command that only solves 10 ms)
        numba_version = Path(numba.origin).with_name("_version.py").read_bytes()
    except OSError:
        return None
    # __init__.py holds constants the kernels compile in (EXCLUSION_NODES, BOARD_FOCUS)
    h = hashlib.sha256(b"".join(p.read_bytes() for p in sources) + Path(__file__).read_bytes()
                       + Path(__file__).with_name("__init__.py").read_bytes() + numba_version)
    for part in (sys.version, os.uname().machine):
        h.update(part.encode())
    return h.hexdigest()[:16]


def _folders() -> list[Path]:
    """The cache folders, in the order they are tried."""
    user = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "bookgen"
    return [SOURCE.parent / "__pycache__", user]


def _module_name(k: str) -> str:
    return PREFIX + k


def _module_file(folder: Path, k: str) -> Path:
    return folder / (_module_name(k) + importlib.machinery.EXTENSION_SUFFIXES[0])


def load() -> ModuleType | None:
    """The built module of the current sources, or None when there is none."""
    k = key()
    if k is None:
        return None
    if _module_name(k) in sys.modules:
        return sys.modules[_module_name(k)]
    for folder in _folders():
        path = _module_file(folder, k)
        if path.is_file():
            spec = importlib.util.spec_from_file_location(_module_name(k), path)
            if spec is None or spec.loader is None:
                continue
            module = importlib.util.module_from_spec(spec)
            try:
                spec.loader.exec_module(module)
            except ImportError:  # a file cut short or from another machine: build anew
                continue
            sys.modules[_module_name(k)] = module
            return module
    return None


def failed() -> str | None:
    """Why the module of the current sources could not be built here, or None."""
    k = key()
    if k is None:
        return None
    for folder in _folders():
        mark = folder / f"{_module_name(k)}.failed"
        if mark.is_file():
            return mark.read_text(encoding="utf-8", errors="replace").strip() or "unknown"
    return None


@contextlib.contextmanager
def _locked_folder() -> Iterator[Path | None]:
    """The first cache folder this process can write to and lock without waiting, held
    locked; None when there is none (another process is building, or nothing is writable)."""
    for folder in _folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(folder / f"{PREFIX}lock", os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # another process builds right now
            os.close(fd)
            yield None
            return
        try:
            yield folder
        finally:
            os.close(fd)
        return
    yield None


def build() -> ModuleType | None:
    """Build the module of the current sources and load it; None when it cannot be built
    now (another process is building it, a signal stopped the build, the folder could
    not be written) or here (the reason is kept in the failed mark)."""
    k = key()
    if k is None or failed() is not None:
        return None
    with _locked_folder() as folder:
        if folder is None:
            return None
        if load() is None:  # else another process built it since this one looked
            say_compiling()
            try:
                _build_into(folder, k)
            except OSError:
                return None
    return load()


def _build_into(folder: Path, k: str) -> None:
    """Compile the module of key k in a child process and rename it into folder (locked),
    removing modules of other keys; or leave the failed mark."""
    import tempfile

    for old in folder.glob(PREFIX + "*"):
        if not old.name.endswith("lock"):
            old.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(dir=folder, prefix=".build-") as work:
        try:
            done = subprocess.run(
                [sys.executable, "-m", __name__, work, _module_name(k)],
                capture_output=True, text=True, timeout=BUILD_SECONDS,
            )
            if done.returncode < 0:  # stopped by a signal: not a verdict on this machine
                return
            reason = done.stderr.strip().splitlines()[-1:] if done.returncode else []
        except subprocess.TimeoutExpired as e:
            reason = [str(e)]
        built = list(Path(work).glob(_module_name(k) + "*"))
        if reason or len(built) != 1:
            mark = folder / f"{_module_name(k)}.failed"
            mark.write_text((reason or ["no module was written"])[0] + "\n", "utf-8")
            return
        os.replace(built[0], _module_file(folder, k))


def _compile(out: str, name: str) -> None:
    """Compile the entry points into the extension module `name` in folder `out` (run in
    a child process by build)."""
    import warnings

    warnings.simplefilter("ignore")  # numba marks its AOT compiler as due to be replaced
    import importlib

    from numba.pycc import CC

    cc = CC(name)
    cc.output_dir = out
    # numba's generic target for the machine type (not this CPU's own features): a module
    # in a home folder shared by machines of other CPU generations still runs on each;
    # measured as fast as the jitted kernels on all 17-clue puzzles
    cc.verbose = False
    for exported, (kernel, signature) in ENTRY_POINTS.items():
        module, _, function = kernel.rpartition(".")
        source = importlib.import_module(f"{__package__}.{module or 'fast'}")
        cc.export(exported, signature)(getattr(source, function).py_func)
    cc.compile()


if __name__ == "__main__":
    _compile(sys.argv[1], sys.argv[2])
