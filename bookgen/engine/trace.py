"""The trace solver of SPEC 3 (seed 000), counting, solving and hints, as a Python API.

Glossary and conventions:
  values     a grid: tuple of n*n values, row-major, 0 = blank (grid.py)
  trace      the SPEC 3 search: possibility list sorted once by (candidates, block-order
             position), naked-single scans, branch on the first still-empty entry
  way        the branch steps on the path to the first solution, first step first; a step
             is (cell, candidates at that moment, index of the value kept)
  level      len(way); maxlevel: the deepest level reached anywhere in the search
  way_complexity  sum over the way of len(candidates)^2 (the seed's "best measure")
  cand_sum / cand_sq  sum of the empty cells' candidate counts / of their squares
  seed format  positions in block order (grid.Geometry.block_pos), grids as block-order
             vectors "[0 0 6 ...]", lists as the seed prints them

The searches run in a kernel backend (bookgen.engine.kernels); ``backend`` arguments take a
backend, its name ("python" | "numba"), or None for the default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core.grid import Geometry, format_seed, symbol
from ..variants.killer.cages import Cages
from .kernels import Backend, TraceArrays, get_backend

Values = Sequence[int]


@dataclass(frozen=True)
class WayStep:
    """One branch on the way to the first solution."""

    cell: int
    """The branch cell, row-major."""
    candidates: tuple[int, ...]
    """Its candidates when the branch was taken, ascending (always two or more)."""
    index: int
    """Index into candidates of the value on the way to the solution."""


@dataclass(frozen=True)
class Trace:
    """One puzzle's SPEC 3 result."""

    found: bool
    """True when at least one solution exists."""
    count: int
    """Solutions found, capped at the limit (1 = unique)."""
    solution: tuple[int, ...] | None
    """The first solution found, None when there is none."""
    solutions: tuple[tuple[int, ...], ...]
    """Every solution found (at most the limit), in the order found."""
    way: tuple[WayStep, ...]
    """Branch steps to the first solution, first step first; () when none was found."""
    level: int
    """len(way)."""
    maxlevel: int
    """The deepest recursion level reached anywhere in the search."""
    way_complexity: int
    """Sum over the way of len(candidates)^2."""
    cand_sum: int
    """Sum of the candidate counts of the puzzle's empty cells."""
    cand_sq: int
    """Sum of the squares of those counts."""

    def __repr__(self) -> str:
        return (f"Trace(count {self.count}, level {self.level}/{self.maxlevel}, complexity "
                f"{self.way_complexity}/{self.cand_sum}/{self.cand_sq}, way of {len(self.way)} "
                "steps)")


def backend_of(backend: Backend | str | None) -> Backend:
    """The backend a ``backend`` argument names (see the glossary)."""
    return backend if backend is not None and not isinstance(backend, str) else get_backend(backend)


def _grids(puzzles: Sequence[Values], geo: Geometry) -> np.ndarray:
    return np.array(puzzles, dtype=np.int8).reshape(len(puzzles), geo.ncells)


def _values(mask: int) -> tuple[int, ...]:
    return tuple(v + 1 for v in range(mask.bit_length()) if mask >> v & 1)


def _trace_of(ta: TraceArrays, i: int) -> Trace:
    count = int(ta.count[i])
    sols = tuple(tuple(int(v) for v in ta.solutions[i, k]) for k in range(count))
    way = tuple(
        WayStep(int(ta.way_cell[i, k]), _values(int(ta.way_mask[i, k])), int(ta.way_index[i, k]))
        for k in range(int(ta.way_len[i]))
    )
    return Trace(
        found=count > 0,
        count=count,
        solution=sols[0] if sols else None,
        solutions=sols,
        way=way,
        level=int(ta.level[i]),
        maxlevel=int(ta.maxlevel[i]),
        way_complexity=int(ta.way_complexity[i]),
        cand_sum=int(ta.cand_sum[i]),
        cand_sq=int(ta.cand_sq[i]),
    )


def trace_many(
    puzzles: Sequence[Values], geo: Geometry, limit: int = 2, backend: Backend | str | None = None
) -> list[Trace]:
    """The SPEC 3 trace of every puzzle (all of geometry geo), in one kernel batch."""
    if not puzzles:
        return []
    ta = backend_of(backend).trace_batch(geo, _grids(puzzles, geo), limit)
    return [_trace_of(ta, i) for i in range(len(puzzles))]


def trace(
    values: Values, geo: Geometry, limit: int = 2, backend: Backend | str | None = None
) -> Trace:
    """The SPEC 3 trace of one puzzle: solutions up to limit, the way and the figures."""
    return trace_many([values], geo, limit, backend)[0]


def count_solutions(
    values: Values, geo: Geometry, limit: int = 2, backend: Backend | str | None = None
) -> int:
    """Solutions of the puzzle, capped at limit (1 = unique, 0 = none or clashing givens)."""
    return int(backend_of(backend).count_batch(geo, _grids([values], geo), limit)[0])


def solve(
    values: Values, geo: Geometry, limit: int = 2, backend: Backend | str | None = None
) -> tuple[int, list[tuple[int, ...]]]:
    """The count (capped at limit) and the solutions found, at most limit of them."""
    counts, sols = backend_of(backend).solutions_batch(geo, _grids([values], geo), limit)
    count = int(counts[0])
    return count, [tuple(int(v) for v in sols[0, k]) for k in range(count)]


def hints(values: Values, geo: Geometry) -> tuple[int, int, list[tuple[int, tuple[int, ...]]]]:
    """(cand_sum, cand_sq, [(cell, candidates)]) over the empty cells, fewest candidates
    first, ties by block-order position (the seed's possibility list)."""
    full = set(range(1, geo.n + 1))
    cells = []
    for c, v in enumerate(values):
        if not v:
            seen = {values[p] for p in geo.peers[c]}
            cells.append((c, tuple(sorted(full - seen))))
    cells.sort(key=lambda cc: (len(cc[1]), geo.block_pos[cc[0]]))
    counts = [len(cands) for _, cands in cells]
    return sum(counts), sum(k * k for k in counts), cells


def _seed_list(items: Sequence[int]) -> str:
    return "[" + " ".join(str(v) for v in items) + "]"


def format_seed_trace(values: Values, tr: Trace, geo: Geometry, ms: float) -> str:
    """The seed's solver output: the figures line, the puzzle and the solution as
    block-order vectors, and the way, newest step first, positions in block order."""
    lines = [
        f"level: {tr.level}/{tr.maxlevel} duration: {ms:.3f} complexity: "
        f"{tr.way_complexity}/{tr.cand_sum}/{tr.cand_sq} # of solutions: {tr.count}",
        format_seed(values, geo),
    ]
    if tr.solution is not None:
        lines.append(format_seed(tr.solution, geo))
        steps = " ".join(
            f"(({geo.block_pos[s.cell]} {_seed_list(s.candidates)}) {s.index})"
            for s in reversed(tr.way)
        )
        lines.append(f"way:[({steps})]")
    else:
        lines.append("way:[]")
    return "\n".join(lines)


def format_hints(values: Values, geo: Geometry, fmt: str = "text") -> str:
    """'complexity: <cand_sum>/<cand_sq>' and the candidates of every empty cell, fewest
    first. fmt 'text': one 'r4c2: 3' line per cell; 'seed': the seed's one-line list
    '((2/4(28) [3]) ...)' of column/row(block position) [candidates]."""
    cand_sum, cand_sq, cells = hints(values, geo)
    head = f"complexity: {cand_sum}/{cand_sq}"
    if fmt == "seed":
        items = " ".join(
            f"({geo.col(c) + 1}/{geo.row(c) + 1}({geo.block_pos[c]}) {_seed_list(cands)})"
            for c, cands in cells
        )
        return f"{head}\n({items})"
    if fmt == "text":
        rows = [f"{geo.label(c)}: {' '.join(symbol(v) for v in cands)}" for c, cands in cells]
        return "\n".join([head, *rows])
    raise ValueError(f"unknown hints format {fmt!r}: expected 'text' or 'seed'")


def killer_hints(
    givens: Values, cages: Cages
) -> tuple[int, int, list[tuple[int, tuple[int, ...]]]]:
    """hints for a killer puzzle: each empty cell's candidates are the digits no peer or
    cage mate holds that some set of distinct digits filling the cage's empty cells to
    the sum left contains (one pass, as hints computes no singles)."""
    from ..core.grid import geometry
    from .kernels.cage_tables import MAX_SUM, combo_table

    geo, combo = geometry(9), combo_table()
    allowed = [511] * 81
    for cage in cages:
        placed = [givens[c] for c in cage.cells if givens[c]]
        empty = len(cage.cells) - len(placed)
        left = cage.total - sum(placed)
        avail = 511 & ~sum(1 << (v - 1) for v in set(placed))
        mask = int(combo[empty, left, avail]) if empty and 0 <= left <= MAX_SUM else 0
        for c in cage.cells:
            mates = {givens[m] for m in cage.cells if m != c}
            allowed[c] = mask & ~sum(1 << (v - 1) for v in mates if v)
    cells = []
    for c, v in enumerate(givens):
        if not v:
            seen = {givens[p] for p in geo.peers[c]}
            cells.append((c, tuple(d for d in range(1, 10)
                                   if d not in seen and allowed[c] >> (d - 1) & 1)))
    cells.sort(key=lambda cc: (len(cc[1]), geo.block_pos[cc[0]]))
    counts = [len(cands) for _, cands in cells]
    return sum(counts), sum(k * k for k in counts), cells


def format_killer_hints(givens: Values, cages: Cages) -> str:
    """format_hints' text form for a killer puzzle (killer_hints)."""
    from ..core.grid import geometry

    geo = geometry(9)
    cand_sum, cand_sq, cells = killer_hints(givens, cages)
    rows = [f"{geo.label(c)}: {' '.join(symbol(v) for v in cands)}" for c, cands in cells]
    return "\n".join([f"complexity: {cand_sum}/{cand_sq}", *rows])
