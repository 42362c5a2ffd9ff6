"""`bookgen bank`: a SQLite file of rated puzzles and the ledger of each series.

Glossary:
  action  the bank's subcommand: fill (make, rate and store), stats (counts, and a
          histogram of the grades with --plot), export (stored puzzles, one a line), import
          (check, rate and store a file's puzzles), series (the books of a series)
  run     what fill makes: size, variant, symmetry, clues, minimal and seed; puzzle i of a
          run depends only on the seed and i, so a fill stopped and run again continues
  kind    --size, --variant and --difficulty|--grade: the puzzles fill makes and export
          writes, declared once (_kind_options) so both mean the same
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ..core.errors import InputError
from ..core.rules import Variant, grade_ceiling
from .options import (
    add_options,
    capped_workers,
    data_out,
    enum_value,
    positive,
    positive_seconds,
    progress_bar,
    read_file,
    report_bad,
    workers_of,
)

if TYPE_CHECKING:
    from ..book.bank import GradeRange

__all__ = ["add_bank"]

_BANK_HELP = "the bank's SQLite file"


def add_bank(sub: argparse._SubParsersAction) -> None:
    from ..core.rules import Symmetry

    p = sub.add_parser(
        "bank",
        help="a bank of rated puzzles: fill, mine, stats, export, import, series",
        description="A SQLite file of rated puzzles, one row per class of isomorphs, and the "
        "ledger of the puzzles each series has printed.",
    )
    bank = p.add_subparsers(dest="bank_command", metavar="ACTION", required=True)
    f = bank.add_parser(
        "fill", help="make, rate and store puzzles",
        description="Make, rate and store puzzles until the bank holds N of this run (size, "
        "variant, symmetry, clues, seed) within the grades. Puzzle i of a run depends only "
        "on the seed and i; a killed fill loses at most one batch, and the same command run "
        "again continues where it stopped. A missing or empty BANK becomes a new bank.")
    f.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    f.add_argument("-n", type=positive, required=True, metavar="N",
                   help="puzzles of this run and grades the bank should hold")
    _kind_options(f, 9)
    f.add_argument("--symmetry", type=enum_value(Symmetry), default=Symmetry.NONE, metavar="SYM",
                   help="|".join(s.value for s in Symmetry) + " (default none)")
    f.add_argument("--clues", default=None, metavar="N|LO-HI", help="clue count or range")
    f.add_argument("--minimal", action="store_true", help="minimal puzzles")
    add_options(f, "seed", "workers", "cluster", "quiet", "backend")
    f.set_defaults(func=_run_fill)
    m = bank.add_parser(
        "mine", help="search the neighbourhoods of the hardest puzzles for harder ones",
        description="Search for very hard classic 9x9 puzzles: start from the bank's hardest "
        "puzzles (from an empty bank, from random minimal digs of its own), try their "
        "neighbours (a few givens removed, a few others added, made minimal, kept when "
        "unique), grade them, keep the hardest as the next round's seeds, and store every "
        "find within the grades (one row per class of isomorphs). The state lives in the "
        "bank: the same command run again continues, and the same bank, seed and --rounds "
        "give the same finds for any --workers or --cluster. A missing or empty BANK "
        "becomes a new bank.")
    m.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    m.add_argument("--grade", required=True, metavar="LO-[HI]",
                   help="the grades of a find: 9.0- (and up) or 9.0-10.0 (10.0 excluded)")
    m.add_argument("--seconds", type=positive_seconds, default=None, metavar="S",
                   help="stop at the end of the first round after S seconds")
    m.add_argument("--rounds", type=positive, default=None, metavar="R",
                   help="stop once this mining (grades and seed) has done R rounds in all, "
                   "runs before included: an exact stopping rule")
    add_options(m, "seed", "workers", "cluster", "quiet", "backend")
    m.set_defaults(func=_run_mine)
    s = bank.add_parser(
        "stats", help="counts by size, variant, band, grade and clues",
        description="Count the bank's puzzles by size, variant, band, grade (to a tenth) "
        "and clue count; --plot also draws the grades as a histogram.")
    s.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    s.add_argument("--plot", default=None, metavar="FILE.png",
                   help="also draw the grades as a histogram (one bar a tenth)")
    s.set_defaults(func=_run_stats)
    e = bank.add_parser(
        "export", help="write stored puzzles, one a line",
        description="Write the bank's puzzles, oldest first, one a line: the givens (a JSON "
        "line for a variant), then after '#' grade, band, clues and hardest technique; the "
        "lines read back as puzzles (bank import, rate). --size, --variant and --difficulty "
        "or --grade keep only those puzzles.")
    e.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    _kind_options(e, None)
    add_options(e, "output")
    e.set_defaults(func=_run_export)
    i = bank.add_parser(
        "import", help="check, rate and store the puzzles of a file",
        description="Check, rate and store each puzzle of a file (one a line); bad lines are "
        "reported with their line numbers (exit code 1), the good ones are kept. A missing "
        "or empty BANK becomes a new bank.")
    i.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    i.add_argument("file", metavar="FILE|-", help="a file of puzzles, one a line, or -")
    i.set_defaults(func=_run_import)
    r = bank.add_parser(
        "series", help="the books of a series and their puzzle counts",
        description="List the books a series has placed puzzles in (title and config hash), "
        "in the order they were first built, with how many puzzles each placed.")
    r.add_argument("bank", metavar="BANK", help=_BANK_HELP)
    r.add_argument("name", metavar="NAME", help="the series' name, as configs give it")
    r.set_defaults(func=_run_series)


def _kind_options(p: argparse.ArgumentParser, size: int | None) -> None:
    """--size, --variant and --difficulty|--grade, with one meaning on fill and export: the
    kind of puzzles made or written (`size` the default size, None for every size)."""
    from ..core.model import Band
    from ..core.rules import JIGSAW_SIZES, SIZES

    every = " (default: every size)" if size is None else ""
    p.add_argument("--size", type=int, default=size, choices=sorted({*SIZES, *JIGSAW_SIZES}),
                   help=f"the grid size (5, 7 and 8: jigsaw only){every}")
    add_options(p, "variant", variant=dict(
        help="the variant: classic, x (diagonals), hyper (windows), jigsaw (regions), "
        "samurai or twin (boards) "
        "(default: " + ("classic" if size else "every variant") + ")"))
    grades = p.add_mutually_exclusive_group()
    grades.add_argument("--difficulty", type=enum_value(Band), default=None, metavar="BAND",
                        help="only puzzles of this band: " + "|".join(b.value for b in Band))
    grades.add_argument("--grade", default=None, metavar="LO-HI",
                        help="only puzzles of these grades: 8.0-9.0 (9.0 excluded) or 8.0- "
                        "(and up)")


def _grades(args: argparse.Namespace) -> GradeRange:
    """The grades --difficulty or --grade asks for (every grade without them)."""
    from ..book.bank import GradeRange

    return (GradeRange.of_band(args.difficulty) if args.difficulty
            else GradeRange.parse(args.grade) if args.grade else GradeRange())


def _run_fill(args: argparse.Namespace) -> int:
    from ..book.bank import fill
    from ..core.model import ClueTarget, DigSpec

    grades = _grades(args)
    variant = args.variant or Variant.CLASSIC
    top = grade_ceiling(variant.name, args.size)
    if grades.lo > top:
        asked = (f"--difficulty {args.difficulty.value}" if args.difficulty
                 else f"--grade {args.grade}")
        raise InputError(
            f"{asked}: no {args.size}x{args.size} {variant.value} puzzle grades above "
            f"{top:g}, so a fill for {grades.lo:g} and up would never end; expected a range "
            f"that starts at {top:g} or below")
    spec = DigSpec(args.size, args.symmetry,
                   ClueTarget.parse(args.clues, args.size, variant) if args.clues else None,
                   args.minimal, variant)
    workers = _pool_workers(args, "a fill")
    with progress_bar(args.n, args.quiet, "puzzle") as bar:
        def progress(stored: int) -> None:
            bar.update(stored - bar.n)

        result = fill(args.bank, spec, args.n, args.seed, grades, workers, progress,
                      args.cluster)
    print(f"{args.bank}: {result.stored} puzzles of this run (grades {grades}); added "
          f"{result.added}, examined {result.examined}, next index {result.next_index}")
    return 0


def _pool_workers(args: argparse.Namespace, what: str) -> int | None:
    """--workers capped: at one per core on this machine; on a scheduler, whose workers
    are not this machine's processes, it only sets the tasks in flight there, up to the
    most a build config takes (each task is made here first)."""
    from ..book.config.toplevel import MAX_WORKERS

    workers = workers_of(args)
    if args.cluster and not args.cluster.startswith("local:"):
        if workers is not None and workers > MAX_WORKERS:
            if not args.quiet:
                print(f"note: --workers {workers}: {what} on a scheduler keeps at most "
                      f"{MAX_WORKERS} workers busy; using {MAX_WORKERS}", file=sys.stderr)
            return MAX_WORKERS
        return workers
    return capped_workers(workers, "--workers", args.quiet)


def _run_mine(args: argparse.Namespace) -> int:
    from ..book.bank import GradeRange
    from ..book.mining import BANDS_SHOWN, mine

    grades = GradeRange.parse(args.grade)
    if args.seconds is None and args.rounds is None:
        raise InputError("bank mine: give --seconds S or --rounds R (or both): mining has "
                         "no end of its own")
    workers = _pool_workers(args, "a mining")
    total = args.rounds if args.seconds is None else args.seconds
    load = os.getloadavg()[0]
    with progress_bar(total, args.quiet, "round" if args.seconds is None else "s") as bar:
        def progress(rounds: int, seconds: float) -> None:
            bar.update((rounds if args.seconds is None else min(seconds, total)) - bar.n)

        result = mine(args.bank, grades, args.seed, args.seconds, args.rounds, workers,
                      args.cluster, progress=progress)
    cores = args.cluster or f"{workers or os.cpu_count()} workers"
    per_hour = 3600 / result.cpu if result.cpu else 0.0
    bands = ", ".join(f"{lo:.1f}+ {result.at_least(lo)}" for lo in BANDS_SHOWN)
    rates = ", ".join(f"{lo:.1f}+ {result.at_least(lo) * per_hour:.0f}" for lo in BANDS_SHOWN)
    print(f"{args.bank}: mined {result.ran} rounds ({result.rounds} in all, grades {grades}, "
          f"seed {args.seed}); graded {result.tally.graded}, found {result.finds} within the "
          f"grades, added {result.stored}")
    print(f"distinct puzzles graded by band: {bands}")
    print(f"CPU {result.cpu:.1f} s, wall {result.wall:.1f} s on {cores}, load "
          f"{load:.2f} at the start and {os.getloadavg()[0]:.2f} at the end")
    print(f"finds per CPU hour: {rates}")
    return 0


def _run_stats(args: argparse.Namespace) -> int:
    from ..book.bank import Bank

    if args.plot:
        _not_the_bank(args.bank, args.plot, "--plot")
    with Bank(args.bank, create=False) as bank:
        stats = bank.stats()
    total = sum(c for _, c in stats["size"])
    print(f"{args.bank}: {total} puzzles")
    for name, rows in stats.items():
        print(f"{name}:")
        for key, count in rows:
            label = f"{key:.1f}" if isinstance(key, float) else str(key)
            print(f"  {label:>8}  {count:>8}")
    if args.plot:
        if not total:
            raise InputError(f"--plot {args.plot}: the bank holds no puzzles, so there is no "
                             f"histogram to draw (nothing written)")
        from ..book.output import write_whole
        from .plot import histogram_png

        by_tenth = {round(g * 10): c for g, c in stats["grade"] if isinstance(g, float)}
        lo, hi = min(by_tenth, default=0), max(by_tenth, default=0)
        png = histogram_png([by_tenth.get(t, 0) for t in range(lo, hi + 1)])
        write_whole(args.plot, png)
    return 0


def _run_export(args: argparse.Namespace) -> int:
    from ..book.bank import export_lines

    _not_the_bank(args.bank, args.output, "-o")
    grades = _grades(args)
    lines = list(export_lines(args.bank, grades, args.size, args.variant))
    if not lines:
        # an empty file would look like a bank with nothing in it
        asked = [f"--size {args.size}" if args.size else "",
                 f"--variant {args.variant.value}" if args.variant else "",
                 f"--difficulty {args.difficulty.value}" if args.difficulty else "",
                 f"--grade {grades}" if args.grade else ""]
        raise InputError(f"{args.bank}: no stored puzzle matches "
                         f"{' '.join(filter(None, asked)) or 'the export'} (bank stats lists "
                         f"what the bank holds); nothing written")
    with data_out(args.output) as write:
        write("".join(line + "\n" for line in lines))
    return 0


def _not_the_bank(bank: str, out: str | None, option: str) -> None:
    """InputError when an output file is the bank itself (or its -wal or -shm file), by
    any name: writing there would destroy what the bank stores."""
    if not out or out == "-":
        return
    target = os.path.realpath(out)
    for own in (bank, bank + "-wal", bank + "-shm"):
        if target == os.path.realpath(own) or (
                os.path.exists(out) and os.path.exists(own) and os.path.samefile(out, own)):
            raise InputError(f"{option} {out}: that is the bank's own file {own}; writing "
                             f"there would destroy the bank; name another file")


def _run_import(args: argparse.Namespace) -> int:
    from ..book.bank import import_file

    read = read_file(args.file)
    result = import_file(args.bank, read.source, read.text)
    unread = report_bad(read.bad)
    for message in result.bad:
        print(f"error: {message}", file=sys.stderr)
    print(f"{args.bank}: added {result.added}, already stored {result.known}, "
          f"bad lines {unread + len(result.bad)}")
    return 1 if unread or result.bad else 0


def _run_series(args: argparse.Namespace) -> int:
    from ..book.bank import Bank

    with Bank(args.bank, create=False) as bank:
        books = bank.series(args.name)
    if not books:
        raise InputError(f"{args.bank}: no book of series {args.name!r}")
    for book, config_hash, count in books:
        print(f"{book}  config {config_hash[:12]}  {count} puzzles")
    return 0
