"""`bookgen generate`: unique puzzles with their solutions and figures.

Glossary:
  line    --format line: the puzzle, then after '#' its solution and figures (a file of
          these lines reads back as puzzles); a jigsaw's region line, or a killer puzzle's
          label and sum lines, follow it
  record  --format json: the keys of 'rate --format json' (seconds null: nothing is timed)
  spec    what is made: model.DigSpec (size, variant, regions, the shape options), or
          model.CageSpec for killer puzzles (--givens)

The same --seed gives the same puzzles for any --workers and backend. Ctrl-C (or
SIGTERM) keeps the puzzles finished so far, in the -o FILE too.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import InputError
from ..core.grid import ALL_SIZES, format_line, geometry
from ..core.model import Band
from ..core.rules import Variant
from .formats import FORMATTERS, Shown, topology
from .options import (
    add_options,
    add_shape_options,
    capped_workers,
    data_out,
    progress_bar,
    shape,
    workers_of,
)
from .signals import held, interrupted_code, interruption

if TYPE_CHECKING:
    from ..core.model import DigSpec
    from ..make.generate import GeneratedKiller

__all__ = ["GeneratedCaged", "add_generate", "generate_spec", "run_generate"]


def add_generate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "generate",
        help="generate unique puzzles with their solutions and figures",
        description="Complete random boards and dig clues under the uniqueness check, on "
        "several processes. One puzzle per line: the puzzle, then after '#' its solution and "
        "figures (a file of these lines reads back as puzzles); --format json gives JSON "
        "lines with the keys of 'rate --format json'. The same --seed gives the same "
        "puzzles for any --workers and backend. Ctrl-C keeps the puzzles finished so far.",
    )
    p.add_argument("-n", type=int, required=True, metavar="N", help="number of puzzles")
    p.add_argument("--size", type=int, default=9, choices=ALL_SIZES,
                   help="grid size (5, 7 and 8: jigsaw only)")
    add_shape_options(p)
    p.add_argument("--difficulty", choices=[b.value for b in Band], default=None,
                   metavar="BAND", help="every puzzle grades in this band: "
                   + ", ".join(b.value for b in Band) + " (default: any grade)")
    add_options(p, "variant")
    p.add_argument("--regions", default=None, metavar="LABELS",
                   help="jigsaw: a fixed region layout, n*n labels row-major (default: a "
                   "fresh random layout for every puzzle)")
    p.add_argument("--givens", type=int, default=0, metavar="N",
                   help="killer: most givens placed before cages are split (default 0: "
                   "cages alone)")
    p.add_argument("--format", choices=("line", "json"), default="line", help="output format")
    add_options(p, "output", "quiet", "workers", "backend", "seed")
    p.set_defaults(func=run_generate)


@dataclass(frozen=True)
class GeneratedCaged(Shown):
    """One killer puzzle made."""

    puzzle: GeneratedKiller
    """The givens, cages and solution."""

    def line(self) -> str:
        from ..variants.killer.cages import format_killer

        p = self.puzzle
        return (f"{format_killer(p.puzzle, p.cages)}  # solution {format_line(p.solution)}  "
                f"cages {len(p.cages)}\n")

    def record(self) -> dict[str, Any]:
        from ..grade.rating import Rating

        p = self.puzzle
        # like classic generate: a made puzzle is not timed
        return (Rating(p.puzzle, 1, p.solution, None, p.clues, 0.0).as_dict()
                | topology(geometry(9), p.cages) | {"seconds": None})


def generate_spec(args: argparse.Namespace) -> DigSpec:
    """generate's DigSpec: size, variant, regions (a jigsaw without them gets a random layout
    per puzzle) and the shape options; InputError naming what does not fit."""
    from ..core.rules import JIGSAW_SIZES

    variant = args.variant or Variant.CLASSIC
    if variant is Variant.JIGSAW and args.regions is None:
        if args.size not in JIGSAW_SIZES:
            sizes = ", ".join(map(str, JIGSAW_SIZES))
            raise InputError(f"--size {args.size}: jigsaw grids have sizes {sizes}")
        return shape(args, args.size, variant)
    try:
        geo = geometry(args.size, variant, args.regions)
    except InputError as e:
        raise InputError(f"--size {args.size} --variant {variant.value}: {e}") from None
    return shape(args, geo.n, geo.variant, geo.region_layout)


def _killers(args: argparse.Namespace) -> Iterator[str]:
    """The killer puzzles asked for, one after another (each takes milliseconds), as
    --format writes them."""
    from ..core.model import CageSpec
    from ..make.generate import make_killer

    if args.size != 9:
        raise InputError(f"--size {args.size}: killer grids are 9x9")
    if args.symmetry != "none" or args.clues or args.minimal or args.regions \
            or args.interlocked or args.difficulty:
        raise InputError("--symmetry, --clues, --minimal, --interlocked, --regions and "
                         "--difficulty do not apply to killer puzzles (their cages carry "
                         "them); use --givens N for givens")
    spec = CageSpec(givens=args.givens)
    write_as = FORMATTERS[args.format]
    return (write_as(GeneratedCaged(make_killer(spec, args.seed, i, args.backend)))
            for i in range(args.n))


def _puzzles(args: argparse.Namespace) -> Iterator[str]:
    """The puzzles asked for, made and written out (generated_lines) on --workers
    processes."""
    from ..make.improve import generated_lines

    workers = capped_workers(workers_of(args), "--workers", args.quiet)
    spec = generate_spec(args)
    return generated_lines(args.n, spec, args.seed, workers, args.backend,
                           Band(args.difficulty) if args.difficulty else None, args.format)


def run_generate(args: argparse.Namespace) -> int:
    if args.n <= 0:
        raise InputError(f"-n {args.n}: expected a positive number of puzzles")
    if args.givens and not (args.variant and args.variant.caged):
        raise InputError("--givens belongs to killer puzzles: add --variant killer")
    cells = args.size * args.size
    if not 0 <= args.givens <= cells:
        raise InputError(f"--givens {args.givens}: expected 0 to {cells}, the cells of a "
                         f"{args.size}x{args.size} grid")
    made = _killers(args) if args.variant and args.variant.caged else _puzzles(args)
    written = 0
    try:
        with data_out(args.output, keep_on_interrupt=True) as write, \
                progress_bar(args.n, args.quiet, "puzzle") as bar:
            for line in made:
                with held():  # a signal between the two made the count one short
                    write(line)
                    written += 1
                bar.update(1)
    except (KeyboardInterrupt, SystemError) as e:
        stop = interruption(e)
        if stop is None:
            raise
        # end the worker pool here, not when the suspended generator is collected at exit
        # (a pool shut down from the collector's thread cannot join it)
        close = getattr(made, "close", None)
        if close is not None:
            close()
        where = f" to {args.output}" if args.output else ""
        print(f"interrupted: wrote {written} of {args.n} puzzles{where}", file=sys.stderr)
        return interrupted_code(stop)
    return 0
