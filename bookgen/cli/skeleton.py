"""The shape of every command that reads puzzles: rate, solve, hints, explain, create
(solve takes classic puzzles a chunk at a time, for speed: cli/cmd_solve.py).

Glossary:
  item      one puzzle read from PUZZLE|FILE|-: where it was (`stdin: line 3`), its
            givens, geometry and, for a killer puzzle, its cages (Item)
  show      a command's function from one item to its result (formats.Shown)
  problem   what a result says is wrong with its puzzle without stopping the command
            (solve: 'no solution'): printed as `error: <where>: <problem>` on stderr,
            exit code 1
  bad line  a line of the input that holds no good puzzle: reported on stderr as it is
            read (options.read_batches), the other puzzles are still done, exit code 1

rate, solve and hints declare their parsers with puzzle_command; each command reads
with read_items and runs run_each: the results are written one after another in the
--format asked for, to standard output or the -o FILE (whole or not at all); a
BookgenError stops the command and main prints it as `error: ...` with exit code 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.grid import Geometry, Grid, geometry
from .formats import FORMATTERS, Shown, topology
from .options import add_options, data_out, progress_bar, read_killer, read_puzzles

if TYPE_CHECKING:
    from ..core.rules import Variant
    from ..variants.killer.cages import Cages

__all__ = ["Item", "count_problem", "puzzle_command", "read_items", "read_killer_items", "run_each"]


@dataclass(frozen=True)
class Item:
    """One puzzle read from a PUZZLE|FILE|- argument."""

    where: str
    """Where it was read: 'stdin: line 3', 'puzzle: line 1'."""
    values: Grid
    """Its givens, row-major, 0 for a blank."""
    geo: Geometry
    """Its geometry (a killer puzzle's is the classic 9x9: its cages are apart)."""
    cages: Cages | None = None
    """A killer puzzle's cages; None for every other puzzle."""

    def topology(self) -> dict[str, Any]:
        """The topology keys of its JSON line (formats.topology)."""
        return topology(self.geo, self.cages)

    def solve(self, limit: int = 2, plain: bool = False) -> tuple[int, list[Grid]]:
        """The count of its solutions (capped at limit) and those found, by the kernels;
        plain: by the plain-Python search, which needs no numpy (no cages)."""
        if plain:
            from ..engine.kernels.reference import solutions

            found = solutions(self.values, self.geo, limit)
            return len(found), [tuple(s) for s in found]
        if self.cages is None:
            from ..engine.trace import solve

            return solve(self.values, self.geo, limit)
        import numpy as np

        from ..engine.kernels import get_backend

        count, sols = get_backend().killer_solutions(np.array(self.values, dtype=np.int8),
                                                     self.cages, limit)
        return count, [tuple(sols[k].tolist()) for k in range(count)]


def count_problem(count: int) -> str | None:
    """What a count of solutions says is wrong with a puzzle (None for one solution)."""
    return None if count == 1 else "no solution" if count == 0 else "more than one solution"


def puzzle_command(
    sub: argparse._SubParsersAction, name: str, formats: tuple[str, ...],
    output: dict[str, Any] | None = None, **kwargs: Any
) -> argparse.ArgumentParser:
    """A command that reads PUZZLE|FILE|- and prints results: the argument, --format
    (first choice the default) and the shared options of every such command; `output`
    changes the -o option's keywords (export writes a folder)."""
    p: argparse.ArgumentParser = sub.add_parser(name, **kwargs)
    p.add_argument("puzzles", metavar="PUZZLE|FILE|-",
                   help="a puzzle, a file of puzzles (.txt, .sdm, JSON lines with a "
                   "\"puzzle\" key), or - for standard input")
    p.add_argument("--format", choices=formats, default=formats[0], help="output format")
    add_options(p, "variant", "output", "quiet", "backend", output=output or {})
    return p


def read_killer_items(arg: str, variant: Variant | None) -> tuple[list[Item], int] | None:
    """The killer puzzles of a PUZZLE|FILE|- argument and the count of its bad lines
    (options.read_killer), or None when it holds other puzzles."""
    found = read_killer(arg, variant)
    if found is None:
        return None
    geo = geometry(9)
    puzzles, bad = found
    return [Item(where, p.givens, geo, p.cages) for where, p in puzzles], bad


def read_items(
    arg: str, variant: Variant | None, killer: bool = True, check: bool = True
) -> tuple[list[Item], int]:
    """Every good puzzle of a PUZZLE|FILE|- argument, its killer puzzles, else the others
    (options.read_puzzles), and the count of its bad lines (reported on stderr);
    killer=False reads no killer puzzles; check=False lets clashing givens through."""
    found = read_killer_items(arg, variant) if killer else None
    if found is not None:
        return found
    puzzles, bad = read_puzzles(arg, variant, check)
    return [Item(where, values, geo) for where, values, geo in puzzles], bad


def run_each(
    args: argparse.Namespace, items: list[Item], show: Callable[[Item], Shown],
    between: str = "", bad: int = 0,
) -> int:
    """Write show(item) of every item in args.format (text for a command without
    --format), `between` between two; the exit code: 1 when a result has a problem or
    the input had `bad` lines."""
    write_as = FORMATTERS[getattr(args, "format", "text")]
    status = 1 if bad else 0
    if not items:
        return status  # every line was bad: an -o FILE is left as it was
    with data_out(args.output) as write, progress_bar(len(items), args.quiet,
                                                      "puzzle") as bar:
        written = False
        for item in items:
            shown = show(item)
            text = write_as(shown)
            if text:
                write((between if written else "") + text)
                written = True
            wrong = shown.problem()
            if wrong:
                status = 1
                print(f"error: {item.where}: {wrong}", file=sys.stderr)
            bar.update(1)
    return status
