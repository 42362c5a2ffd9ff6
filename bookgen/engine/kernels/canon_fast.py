"""canon.minlex_core compiled with numba, from canon's own source (compile_kernels), so
that both backends give the same forms. The ahead-of-time module holds the same search
(aot.py); this one serves where that module is not built, loaded through
grader_kernels("canon_fast"), so a process on the pure-Python backend never imports numba
for a canonical form."""

from __future__ import annotations

from .. import canon
from . import compile_kernels, watch_compiles

watch_compiles()
minlex_core = compile_kernels(canon, ("_grown", "_sort_runs", "minlex_core"))["minlex_core"]
