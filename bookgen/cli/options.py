"""The shared grammar of the command line: options, puzzle inputs and data outputs.

Glossary:
  shared option  an option with one meaning on every command that takes it, declared once
                 in OPTIONS and added by name: add_options(parser, "output", "quiet")
  PUZZLE|FILE|-  how a command names its puzzles: '-' reads standard input; an existing
                 file is read; an argument that looks like a file name (is_file_name) but
                 names none is a missing file; anything else is the puzzle text itself
  record         a JSON line with a "puzzle" key (rate, generate, solve --format json):
                 every command that reads puzzles reads these back, with their "variant"
                 and jigsaw "regions"
  --variant      the units of the puzzles read or made (rules.Variant); not given, text is
                 classic and a record says its own; given, every record must agree. Killer
                 puzzles (with their cages) are read by read_killer, the rest by
                 read_puzzles
  sink           where a command's data goes: standard output, or the -o FILE, written
                 whole or not at all (output.FileOut); messages always go to stderr
  progress bar   tqdm on stderr, drawn only when stderr is a terminal and not --quiet
  auto           --workers auto: one worker process per usable core (AUTO); more workers
                 than usable cores are lowered to them (capped_workers), as are the
                 processes of --cluster local:N
  shape options  --symmetry, --clues, --minimal: the shape of the puzzles made (shape)
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.errors import GenerationError, InputError
from ..core.grid import Batch, Geometry, Grid, decode_text, parse_batches, size_for_cells
from ..core.rules import Variant
from ..variants.killer.cages import KillerPuzzle, looks_killer, parse_killer

if TYPE_CHECKING:
    from ..core.model import DigSpec

__all__ = [
    "AUTO", "OPTIONS", "HelpFormatter", "Option", "add_options", "add_shape_options",
    "backend_chosen", "bars_shown", "capped_workers", "data_out", "enum_value", "is_file_name",
    "positive", "positive_seconds", "progress_bar", "read_batches", "read_killer", "read_puzzles",
    "shape", "usable_cores", "variant_name", "workers_count", "workers_of",
]

E = TypeVar("E", bound=Enum)

AUTO = 0
"""--workers auto: one worker per usable core."""

PUZZLE_SUFFIXES = (".txt", ".sdm", ".sdk", ".ss", ".json", ".jsonl", ".yaml", ".yml")
"""Endings that make an argument a file name, never a puzzle."""

_NOT_A_SYMBOL = re.compile(r"[^0-9A-Ga-g._|+=\-\s]")
"""A character no puzzle text has (letters past G, punctuation of file names)."""


def workers_count(text: str) -> int:
    """An argparse type: 'auto' (AUTO) or a positive whole number of processes."""
    if text.strip().lower() == "auto":
        return AUTO
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected 'auto' or a positive whole number, got "
                                         f"{text!r}")
    return int(text)


def cluster_address(text: str) -> str:
    """An argparse type: a --cluster address, local:N lowered to the usable cores as
    capped_workers lowers --workers (a local cluster's processes share this machine's
    cores); the address itself is checked where the cluster starts (cluster.py)."""
    count, cores = text.removeprefix("local:"), usable_cores()
    if not (text.startswith("local:") and count.isascii() and count.isdigit()
            and int(count) > cores):
        return text
    # said as it is read (before --quiet is known): a note on what was asked for
    print(f"note: --cluster {text}: this machine has {cores} core{'s' if cores > 1 else ''}; "
          f"using local:{cores}", file=sys.stderr)
    return f"local:{cores}"


def variant_name(text: str) -> Variant:
    """An argparse type: a variant by its name (rules.Variant)."""
    try:
        return Variant.parse(text.strip().lower())
    except GenerationError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def positive_seconds(text: str) -> float:
    """An argparse type: a positive, finite number of seconds ('inf' and 'nan' are floats,
    not budgets)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def positive(text: str) -> int:
    """An argparse type: a positive whole number."""
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def enum_value(kind: type[E]) -> Callable[[str], E]:
    """An argparse type: a member of the enum by its value, or an error listing them."""

    def parse(text: str) -> E:
        try:
            return kind(text.strip().lower())
        except ValueError:
            names = ", ".join(str(m.value) for m in kind)
            raise argparse.ArgumentTypeError(f"{text!r}: expected one of {names}") from None

    return parse


@dataclass(frozen=True)
class Option:
    """One shared option: its flags and argparse keywords."""

    flags: tuple[str, ...]
    """'-o', '--output'."""
    kwargs: dict[str, Any] = field(default_factory=dict)
    """help, metavar, type, default ... as add_argument takes them."""


OPTIONS: dict[str, Option] = {
    "output": Option(("-o", "--output"), dict(
        metavar="FILE", default=None,
        help="write the results to FILE, whole or not at all (default: standard output)")),
    "quiet": Option(("-q", "--quiet"), dict(
        action="store_true", help="no progress bars or notes on stderr (errors still show)")),
    "workers": Option(("--workers",), dict(
        type=workers_count, default=AUTO, metavar="N|auto",
        help="worker processes; auto: one per core (default: auto)")),
    "backend": Option(("--backend",), dict(
        choices=("numba", "python"), default=None,
        help="kernel backend (default: $BOOKGEN_BACKEND, else numba when installed)")),
    "seed": Option(("--seed",), dict(
        type=int, default=0, metavar="N",
        help="seed of every random choice: the same seed gives the same result (default: 0)")),
    "cluster": Option(("--cluster",), dict(
        type=cluster_address, default=None, metavar="ADDRESS|local:N",
        help="run the work on a Dask cluster: a scheduler's tcp://HOST:PORT, or local:N for "
        "N local processes (pip install 'bookgen[cluster]'); the same result as without it "
        "(default: this machine's processes)")),
    "variant": Option(("--variant",), dict(
        type=variant_name, default=None, metavar="|".join(v.value for v in Variant),
        help="the puzzles' units: classic, x (diagonals), hyper (windows) or jigsaw (regions; "
        "a region line follows each puzzle in text) (default: classic, or a JSON line's own "
        "\"variant\", which must agree with one given)")),
}
"""Every shared option by name, with the same meaning on every command that takes it."""


def add_options(parser: argparse.ArgumentParser, *names: str, **changes: dict[str, Any]) -> None:
    """Add the shared options `names` to a command; changes[name] adjusts one option's
    keywords for this command (its default and the help that names it)."""
    for name in names:
        option = OPTIONS[name]
        parser.add_argument(*option.flags, **{**option.kwargs, **changes.get(name, {})})


def add_shape_options(p: argparse.ArgumentParser) -> None:
    """--symmetry, --clues, --minimal: the shape of the puzzles made (model.DigSpec)."""
    from ..core.rules import Symmetry

    p.add_argument("--symmetry", default="none", metavar="SYM",
                   help="the clue pattern's symmetry: " + ", ".join(s.value for s in Symmetry))
    p.add_argument("--clues", default=None, metavar="N|LO-HI",
                   help="clue count or range (default: any)")
    p.add_argument("--minimal", action="store_true",
                   help="no clue (group of symmetric clues) can be removed")


def shape(
    args: argparse.Namespace, n: int, variant: Variant = Variant.CLASSIC,
    regions: str | None = None,
) -> DigSpec:
    """The DigSpec the shape options ask for; GenerationError naming a bad option."""
    from ..core.model import ClueTarget, DigSpec
    from ..core.rules import Symmetry

    clues = ClueTarget.parse(args.clues, n, variant) if args.clues else None
    return DigSpec(n, Symmetry.parse(args.symmetry), clues, args.minimal, variant, regions)


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def capped_workers(asked: int | None, what: str, quiet: bool = False) -> int | None:
    """`asked` worker processes, at most one per usable core (more only queue for the
    same cores and cost memory); says so on stderr when it lowers them, unless quiet."""
    cores = usable_cores()
    if asked is None or asked <= cores:
        return asked
    if not quiet:
        print(f"note: {what} {asked}: this machine has {cores} core"
              f"{'s' if cores > 1 else ''}; using {cores}", file=sys.stderr)
    return cores


def workers_of(args: argparse.Namespace) -> int | None:
    """--workers as a count; None for auto or not given (the callee's default: every
    core)."""
    return None if args.workers in (None, AUTO) else int(args.workers)


@contextmanager
def backend_chosen(args: argparse.Namespace) -> Iterator[None]:
    """--backend: the kernels this process and the workers it starts use, as
    $BOOKGEN_BACKEND while the command runs (bench measures its own choice of backends)."""
    backend = getattr(args, "backend", None)
    if not backend or getattr(args, "command", None) == "bench":
        yield
        return
    before = os.environ.get("BOOKGEN_BACKEND")
    os.environ["BOOKGEN_BACKEND"] = backend
    try:
        yield
    finally:
        if before is None:
            del os.environ["BOOKGEN_BACKEND"]
        else:
            os.environ["BOOKGEN_BACKEND"] = before


class HelpFormatter(argparse.HelpFormatter):
    """Help that shows every option's default (unless the help already names it)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (default is None or default is False or default is argparse.SUPPRESS
                or "default" in text or not action.option_strings):
            return text
        return f"{text} (default: {default})"


# ---------------------------------------------------------------- puzzles in


def is_file_name(arg: str) -> bool:
    """True when an argument that names no existing file must still be a file name, not a
    puzzle: it holds a path separator, ends in a puzzle file's suffix, or is one word with
    a character no puzzle has and not the length of a one-line puzzle."""
    if "/" in arg or os.sep in arg or arg.lower().endswith(PUZZLE_SUFFIXES):
        return True
    word = arg.strip()
    if not word or any(ch.isspace() for ch in word) or word[0] in "[{":
        return False
    return bool(_NOT_A_SYMBOL.search(word)) and size_for_cells(len(word)) is None


_STDIN: list[str] = []
"""Standard input once read (a command may look at it for killer puzzles first)."""


def _input_text(arg: str) -> tuple[str, str]:
    """(text, source) of a PUZZLE|FILE|- argument."""
    if arg == "-":
        if not _STDIN:
            _STDIN.append(decode_text(sys.stdin.buffer.read(), "stdin"))
        return _STDIN[0], "stdin"
    if os.path.isfile(arg):
        try:
            with open(arg, "rb") as f:
                return decode_text(f.read(), arg), arg
        except OSError as e:
            raise InputError(f"{arg}: cannot read: {e.strerror or e}") from None
    if os.path.isdir(arg):
        raise InputError(f"{arg}: is a folder; expected a puzzle, a file of puzzles, or -")
    if is_file_name(arg):
        raise InputError(f"{arg}: no such file")
    return arg, "argument"


def read_batches(
    arg: str, variant: Variant | None = None, check: bool = True
) -> tuple[str, list[Batch]]:
    """(source, batches) of a PUZZLE|FILE|- argument: every puzzle, parsed as arrays.
    check=False lets clashing givens through; InputError when there is no puzzle. variant
    None (no --variant): text is classic and a record says its own; a variant given must
    agree with every record's (grid.parse_many)."""
    if variant is not None and variant.caged:
        raise InputError("--variant killer: killer puzzles are read by rate, solve, hints and "
                         "explain (and made by generate), not by this command")
    text, source = _input_text(arg)
    batches = parse_batches(text, source, variant, check)
    if not batches:
        raise InputError(f"{source}: no puzzle found")
    return source, batches


def read_killer(
    arg: str, variant: Variant | None = None
) -> list[tuple[str, KillerPuzzle]] | None:
    """The killer puzzles of a PUZZLE|FILE|- argument as (where, puzzle), when --variant
    killer is given or (no --variant) the text holds killer puzzles (killer.looks_killer);
    None for other puzzles."""
    if variant is not None and not variant.caged:
        return None
    text, source = _input_text(arg)
    if variant is None and not looks_killer(text):
        return None
    try:
        found = parse_killer(text, source)
    except ValueError as e:
        raise InputError(str(e)) from None
    if not found:
        raise InputError(f"{source}: no puzzle found")
    return [(f"{source}: line {line}", p) for line, p in found]


def read_puzzles(
    arg: str, variant: Variant | None = None, check: bool = True
) -> Iterator[tuple[str, Grid, Geometry]]:
    """Puzzles from a PUZZLE|FILE|- argument: (where, values, geometry) each (variant as
    read_batches takes it)."""
    source, batches = read_batches(arg, variant, check)
    for batch in batches:
        for line, row in zip(batch.lines.tolist(), batch.grids.tolist(), strict=True):
            yield f"{source}: line {line}", tuple(row), batch.geo


# ---------------------------------------------------------------- data out


@contextmanager
def data_out(path: str | None, keep_on_interrupt: bool = False) -> Iterator[Callable[[str], Any]]:
    """A write function for a command's data: standard output, or FILE written whole.

    The file is opened before any work (a bad path fails at once) and put in place when
    the block ends; an error drops it, the previous file is kept. keep_on_interrupt
    puts in place what was written before Ctrl-C or SIGTERM instead.
    """
    if path is None:
        yield sys.stdout.write
        sys.stdout.flush()
        return
    from ..book.output import FileOut

    out = FileOut(path)
    try:
        yield out.write
    except KeyboardInterrupt:
        if keep_on_interrupt:
            out.commit()
        else:
            out.discard()
        raise
    except BaseException:
        out.discard()
        raise
    out.commit()


def bars_shown(quiet: bool) -> bool:
    """Whether progress bars are drawn: stderr is a terminal and not --quiet."""
    return not quiet and sys.stderr.isatty()


def progress_bar(total: float, quiet: bool, unit: str) -> Any:
    """A tqdm bar on stderr; drawn only when stderr is a terminal and not quiet."""
    from tqdm import tqdm

    # No monitor thread: worker pools fork only from a single-threaded process.
    tqdm.monitor_interval = 0
    return tqdm(total=total, unit=unit, file=sys.stderr, disable=not bars_shown(quiet),
                leave=False)
