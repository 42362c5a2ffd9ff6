"""The killer forms of the puzzle commands: rate, solve, hints, explain and generate.

Glossary:
  killer input  what cli_options.read_killer returns: (where, KillerPuzzle) pairs, read
                from JSON records with "cages" or cage maps (killer.parse_killer)
  record        a killer line of `rate --format json` or `generate --format json`: the keys
                of a classic rating (the trace figures null: the trace solver knows no
                cages), then "variant": "killer" and "cages"

Each function takes the parsed arguments and the puzzles, writes like its classic twin in
cli.py and returns the exit code.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .cli_options import data_out, progress_bar
from .errors import InputError
from .grid import format_as, format_line, geometry
from .killer import Cages, KillerPuzzle, format_killer, killer_record
from .rate import Rating, rate_killer

Puzzles = list[tuple[str, KillerPuzzle]]


def _count(p: KillerPuzzle) -> tuple[int, Any]:
    import numpy as np

    from .kernels import get_backend

    return get_backend().killer_solutions(np.array(p.givens, dtype=np.int8), p.cages, 2)


def killer_json(r: Rating, cages: Cages) -> dict[str, Any]:
    """A killer record: the keys of a rating (rate.Rating.as_dict), then variant and
    cages."""
    return r.as_dict() | {k: v for k, v in killer_record(r.puzzle, cages).items()
                          if k != "puzzle"}


def rate(args: argparse.Namespace, puzzles: Puzzles) -> int:
    """`bookgen rate` of killer puzzles (--format text or json; seed has no trace)."""
    if args.format == "seed":
        raise InputError("--format seed needs the trace figures, which killer puzzles do "
                         "not have; use text or json")
    with_grade = not args.no_grade
    _count(puzzles[0][1])  # load the kernels before any puzzle is timed
    with data_out(args.output) as write, progress_bar(len(puzzles), args.quiet,
                                                      "puzzle") as bar:
        for _where, p in puzzles:
            r = rate_killer(p.givens, p.cages, with_grade)
            if args.format == "json":
                write(json.dumps(killer_json(r, p.cages)) + "\n")
            else:
                words = {0: "no solution", 1: "1 solution"}.get(r.count,
                                                                f"{r.count}+ solutions")
                line = f"{format_line(r.puzzle)}  {words}  clues {r.clues}"
                if r.grade is not None and r.band is not None:
                    line += f"  grade {r.grade:.1f} {r.band.value} ({r.hardest_label})"
                write(f"{line}  {r.seconds * 1000:.1f} ms  variant killer  "
                      f"cages {len(p.cages)}\n")
            bar.update(1)
    return 0


def solve(args: argparse.Namespace, puzzles: Puzzles) -> int:
    """`bookgen solve` of killer puzzles: exit 1 when one has no single solution."""
    geo = geometry(9)
    status = 0
    with data_out(args.output) as write, progress_bar(len(puzzles), args.quiet,
                                                      "puzzle") as bar:
        for where, p in puzzles:
            count, sols = _count(p)
            found = [tuple(sols[k].tolist()) for k in range(count)]
            if args.format == "json":
                write(json.dumps({"puzzle": format_line(p.givens), "count": count,
                                  "solutions": [format_line(s) for s in found]}
                                 | {k: v for k, v in killer_record(p.givens, p.cages).items()
                                    if k != "puzzle"}) + "\n")
            else:
                write("".join(format_as(s, geo, args.format) + "\n" for s in found))
            if count != 1:
                status = 1
                what = "no solution" if count == 0 else "more than one solution"
                print(f"{where}: {what}", file=sys.stderr)
            bar.update(1)
    return status


def hints(args: argparse.Namespace, puzzles: Puzzles) -> int:
    """`bookgen hints` of killer puzzles: candidates after the givens and the cage sums."""
    from .solver import format_killer_hints

    if args.format != "text":
        raise InputError(f"--format {args.format}: killer hints are written as text only")
    with data_out(args.output) as write:
        for _where, p in puzzles:
            write(format_killer_hints(p.givens, p.cages) + "\n")
    return 0


def explain(args: argparse.Namespace, puzzles: Puzzles) -> int:
    """`bookgen explain` of killer puzzles: the grade, then every step the grader logs."""
    from .grade import describe
    from .grade.killer import grade_killer

    geo = geometry(9)
    with data_out(args.output) as write:
        for k, (where, p) in enumerate(puzzles):
            count, _ = _count(p)
            if count != 1:
                what = "no solution" if count == 0 else "more than one solution"
                raise InputError(f"{where}: {what}: explain needs a puzzle with exactly one "
                                 "solution")
            g = grade_killer(p.givens, p.cages)
            lines = [f"grade {g.grade:.1f} {g.band.value} (hardest: {g.hardest})"]
            lines += [describe(step, geo) for step in g.steps]
            write(("\n" if k else "") + "\n".join(lines) + "\n")
    return 0


def generate(args: argparse.Namespace) -> int:
    """`bookgen generate --variant killer`: one after another (each takes milliseconds)."""
    from .generate import make_killer
    from .model import CageSpec

    if args.size != 9:
        raise InputError(f"--size {args.size}: killer grids are 9x9")
    if args.symmetry != "none" or args.clues or args.minimal or args.regions:
        raise InputError("--symmetry, --clues, --minimal and --regions do not apply to killer "
                         "puzzles (their cages carry them); use --givens N for givens")
    spec = CageSpec(givens=args.givens)
    written = 0
    try:
        with data_out(args.output, keep_on_interrupt=True) as write, \
                progress_bar(args.n, args.quiet, "puzzle") as bar:
            for i in range(args.n):
                p = make_killer(spec, args.seed, i, args.backend)
                if args.format == "json":
                    made = Rating(p.puzzle, 1, p.solution, None, p.clues, 0.0)
                    # like classic generate: a made puzzle is not timed
                    write(json.dumps(killer_json(made, p.cages) | {"seconds": None}) + "\n")
                else:
                    write(f"{format_killer(p.puzzle, p.cages)}  # solution "
                          f"{format_line(p.solution)}  cages {len(p.cages)}\n")
                written += 1
                bar.update(1)
    except KeyboardInterrupt:
        where = f" to {args.output}" if args.output else ""
        print(f"interrupted: wrote {written} of {args.n} puzzles{where}", file=sys.stderr)
        raise
    return 0
