"""`bookgen solve`: the solution of each puzzle.

Glossary:
  chunk   SOLVE_CHUNK classic puzzles solved by one kernel call; their lines are written
          from the arrays at once where a format allows (line with no odd puzzle, json),
          else one puzzle at a time through the formatter table
  odd     a puzzle without exactly one solution: said so on stderr (exit code 1); the two
          solutions found are written, none for a puzzle without one
  text    puzzles given as text on the command line, not a file or -: read and solved one
          at a time (skeleton.run_each), one or two by the plain search (PLAIN_PUZZLES)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError
from ..core.grid import Geometry, Grid, format_line, topology_fields
from .formats import FORMATTERS, Shown
from .options import data_out, names_puzzle, progress_bar, read_batches
from .skeleton import (
    Item,
    count_problem,
    puzzle_command,
    read_items,
    read_killer_items,
    run_each,
)

if TYPE_CHECKING:
    import numpy as np

__all__ = ["PLAIN_PUZZLES", "SOLVE_CHUNK", "Solved", "add_solve", "chunk_text", "run_solve"]

SOLVE_CHUNK = 8192
"""Puzzles solved per kernel call by `solve` (the progress bar moves once a chunk)."""

PLAIN_PUZZLES = 2
"""Puzzles given as text on the command line, at most this many and none over 81 cells,
are solved by the plain-Python search (kernels.reference.solutions) unless
$BOOKGEN_BACKEND or --backend asks for numba: it imports no numpy, whose import alone costs
more CPU time than such a search. A puzzle of the hardest lists takes 0.04 s there
(median; 0.2 s at most), and four of them cost as much as loading the compiled kernels."""


def add_solve(sub: argparse._SubParsersAction) -> None:
    p = puzzle_command(
        sub, "solve", ("line", "grid", "seed", "json"),
        help="print the solution of each puzzle",
        description="Print each puzzle's solution, one line per puzzle (--format grid for a "
        "framed grid; --format json for one object per puzzle with its puzzle, count and "
        "solutions). A puzzle with no solution, or more than one, is said so on stderr (the "
        "two solutions found are printed) and the exit code is then 1.",
    )
    p.set_defaults(func=run_solve)


@dataclass(frozen=True)
class Solved(Shown):
    """One puzzle solved."""

    puzzle: Grid
    """Its givens."""
    solutions: tuple[Grid, ...]
    """The solutions found, at most two."""
    geo: Geometry
    """Its geometry."""
    topology: dict[str, Any]
    """The topology keys of its JSON line."""

    def grids(self) -> tuple[Grid, ...]:
        return self.solutions

    def record(self) -> dict[str, Any]:
        return {"puzzle": format_line(self.puzzle, self.geo), "count": len(self.solutions),
                "solutions": [format_line(s, self.geo) for s in self.solutions]
                } | self.topology

    def problem(self) -> str | None:
        return count_problem(len(self.solutions))


def run_solve(args: argparse.Namespace) -> int:
    found = read_killer_items(args.puzzles, args.variant)
    if found is None:
        if not names_puzzle(args.puzzles):
            return _solve_batches(args)
        found = read_items(args.puzzles, args.variant, killer=False)
    items, bad = found
    plain = (len(items) <= PLAIN_PUZZLES and (os.environ.get("BOOKGEN_BACKEND") or "python")
             == "python" and all(i.cages is None and i.geo.ncells <= 81 for i in items))

    def show(item: Item) -> Solved:
        _, solutions = item.solve(plain=plain)
        return Solved(item.values, tuple(solutions), item.geo, item.topology())

    return run_each(args, items, show, bad=bad)


def _solve_batches(args: argparse.Namespace) -> int:
    """solve of classic puzzles (and x, hyper, jigsaw): SOLVE_CHUNK at a time."""
    import numpy as np

    from ..core.grid import check_clashes
    from ..engine.kernels import get_backend

    # Clashing givens are left to the kernel, which finds no solution for them; only
    # those puzzles are checked here, for the message.
    source, batches, bad = read_batches(args.puzzles, args.variant, check=False)
    backend = get_backend()
    status = 1 if bad else 0
    total = sum(len(b.grids) for b in batches)
    with data_out(args.output) as write, progress_bar(total, args.quiet, "puzzle") as bar:
        for batch in batches:
            for i in range(0, len(batch.grids), SOLVE_CHUNK):
                grids = batch.grids[i : i + SOLVE_CHUNK]
                lines = batch.lines[i : i + SOLVE_CHUNK]
                counts, sols = backend.solutions_batch(batch.geo, grids, 2)
                kept = np.ones(len(grids), dtype=bool)
                messages = {}
                for k in (counts == 0).nonzero()[0].tolist():
                    where = f"{source}: line {lines[k]}"
                    try:
                        check_clashes(grids[k].tolist(), batch.geo, where)
                    except InputError as e:
                        kept[k] = False  # a bad line: not written
                        messages[k] = str(e)
                write(chunk_text(grids[kept], counts[kept], sols[kept], batch.geo,
                                 args.format))
                for k, count in enumerate(counts.tolist()):
                    what = count_problem(count)
                    if what and k not in messages:
                        messages[k] = f"{source}: line {lines[k]}: {what}"
                for k in sorted(messages):
                    print(f"error: {messages[k]}", file=sys.stderr)
                status = 1 if messages else status
                bar.update(len(grids))
    return status


def chunk_text(grids: np.ndarray, counts: np.ndarray, sols: np.ndarray, geo: Geometry,
               fmt: str) -> str:
    """What the formatter table writes of a chunk's Solved puzzles. json, and line when
    every puzzle has one solution and no region line, are made from the arrays at once (a
    tenth of the time of a puzzle at a time, which the kernels' speed would show)."""
    from ..core.grid import format_lines

    listed = counts.tolist()
    odd = any(c != 1 for c in listed)
    # format_lines writes a board's cells without the positions outside its grids
    whole = geo.board is None
    if fmt == "json" and whole:
        puzzles = format_lines(grids).split("\n")
        firsts = format_lines(sols[:, 0]).split("\n")
        seconds = format_lines(sols[:, 1]).split("\n") if odd else []
        topology = json.dumps(topology_fields(geo))[1:-1]
        out = []
        for k, count in enumerate(listed):
            found = ", ".join(f'"{s}"' for s in (firsts[k], seconds[k] if odd else "")[:count])
            out.append(f'{{"puzzle": "{puzzles[k]}", "count": {count}, "solutions": [{found}], '
                       f'{topology}}}\n')
        return "".join(out)
    if fmt == "line" and whole and not odd and geo.region_layout is None:
        return format_lines(sols[:, 0])
    write_as = FORMATTERS[fmt]
    topology_keys = topology_fields(geo)
    return "".join(
        write_as(Solved(tuple(grids[k].tolist()),
                        tuple(tuple(sols[k, j].tolist()) for j in range(count)), geo,
                        topology_keys))
        for k, count in enumerate(listed))
