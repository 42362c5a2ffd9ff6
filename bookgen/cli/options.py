"""The shared grammar of the command line: options, puzzle inputs and data outputs.

Glossary:
  shared option  an option with one meaning on every command that takes it, declared once
                 in OPTIONS and added by name: add_options(parser, "output", "quiet")
  PUZZLE|FILE|-  how a command names its puzzles: '-' reads standard input; an existing
                 file or named pipe is read (a device such as /dev/zero is refused); an
                 argument that looks like a file name (is_file_name) but names none is a
                 missing file; anything else is the puzzle text itself (named 'puzzle' in
                 messages)
  bad line       a line that is not UTF-8, longer than grid.MAX_LINE, or not a good
                 puzzle: each is reported on stderr as `error: FILE: line N: ...`, the
                 good puzzles are still read, and the command's exit code is then 1
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
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.errors import GenerationError, InputError, OutputError
from ..core.grid import (
    Batch,
    Geometry,
    Grid,
    parse_batches,
    parse_many,
    read_lines,
    size_for_cells,
)
from ..core.rules import Variant
from ..variants.killer.cages import KillerPuzzle, looks_killer, parse_killer

if TYPE_CHECKING:
    from ..core.model import DigSpec

__all__ = [
    "AUTO", "OPTIONS", "add_options", "add_shape_options", "backend_chosen", "bars_shown",
    "capped_workers", "counted", "data_out", "enum_value", "folder", "HelpFormatter", "Input",
    "is_file_name", "names_puzzle", "Option", "positive", "positive_seconds", "progress_bar",
    "read_batches", "read_file", "read_killer", "read_puzzles", "report_bad", "shape",
    "stdout_checked",
    "StdoutError", "usable_cores", "variant_name", "workers_count", "workers_of",
]

E = TypeVar("E", bound=Enum)

AUTO = 0
"""--workers auto: one worker per usable core."""

PUZZLE_SUFFIXES = (".txt", ".sdm", ".sdk", ".ss", ".json", ".jsonl", ".yaml", ".yml")
"""Endings that make an argument a file name, never a puzzle."""

_REGION_LINE = re.compile(r"^[^#{\n]*#\s*regions\s*$", re.M)
"""A jigsaw puzzle's region line as generate writes it: its labels, then '# regions'."""

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
    cores); an address that cannot be one is refused here, one a scheduler should answer
    at is asked where the cluster starts (cluster.py)."""
    from ..make.cluster import check_address

    check_address(text)
    count, cores = text.removeprefix("local:"), usable_cores()
    if not (text.startswith("local:") and count.isascii() and count.isdigit()
            and int(count) > cores):
        return text
    # said as it is read (before --quiet is known): a note on what was asked for
    print(f"note: --cluster {text}: this machine has {counted(cores, 'core')}; "
          f"using local:{cores}", file=sys.stderr)
    return f"local:{cores}"


def variant_name(text: str) -> Variant:
    """An argparse type: a variant by its name (rules.Variant)."""
    try:
        return Variant.parse(text.strip().lower())
    except GenerationError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def folder(text: str) -> Path:
    """An argparse type: a folder as given; an empty one (an unset variable in a script)
    is refused rather than taken for a default."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a folder, got an empty path")
    return Path(text)


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
        help="the kind of puzzle: " + ", ".join(f"{k.value} ({k.description})" for k in Variant)
        + "; in text, a jigsaw puzzle's region line follows it, and a killer puzzle's cage "
        "map (default: classic, or a JSON line's own \"variant\", which must agree with one "
        "given)")),
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
    p.add_argument("--interlocked", action="store_true",
                   help="samurai and twin: no grid of the board can be solved from its own "
                   "givens alone")


def shape(
    args: argparse.Namespace, n: int, variant: Variant = Variant.CLASSIC,
    regions: str | None = None,
) -> DigSpec:
    """The DigSpec the shape options ask for; InputError or GenerationError naming a bad
    option."""
    from ..core.model import ClueTarget, DigSpec
    from ..core.rules import Symmetry

    if args.interlocked and variant.board is None:
        raise InputError(f"--interlocked: {variant.name} puzzles have one grid; it applies to "
                         "multi-grid boards (--variant samurai or twin)")
    clues = ClueTarget.parse(args.clues, n, variant) if args.clues else None
    return DigSpec(n, Symmetry.parse(args.symmetry), clues, args.minimal, variant, regions,
                   interlocked=args.interlocked)


def usable_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def counted(n: int, noun: str) -> str:
    """'1 core', '2 cores': a count and its noun, plural unless one."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def capped_workers(asked: int | None, what: str, quiet: bool = False) -> int | None:
    """`asked` worker processes, at most one per usable core (more only queue for the
    same cores and cost memory); says so on stderr when it lowers them, unless quiet."""
    cores = usable_cores()
    if asked is None or asked <= cores:
        return asked
    if not quiet:
        print(f"note: {what} {asked}: this machine has {counted(cores, 'core')}; using "
              f"{cores}", file=sys.stderr)
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


@dataclass(frozen=True)
class Input:
    """The text of a PUZZLE|FILE|- argument, and its lines that could not be read."""

    text: str
    """The text, a line left blank for each bad line (so the others keep their
    numbers)."""
    source: str
    """What messages name it by: the file's name, 'stdin', or 'puzzle' for a puzzle given
    as the argument itself."""
    bad: tuple[InputError, ...]
    """Its lines that are not UTF-8 or are too long (grid.read_lines)."""


_STREAMS: dict[object, Input] = {}
"""Standard input and named pipes once read, by stream or path: they can be read only
once, and a command looks at its input for killer puzzles before it reads the others."""


def read_file(arg: str) -> Input:
    """The text of a FILE|- argument, read line by line (grid.read_lines); InputError when
    it cannot be read at all: closed, or a device (_refuse_device)."""
    bad: list[InputError] = []
    if arg == "-":
        if sys.stdin is None:
            raise InputError("stdin: cannot read: standard input is closed")
        if sys.stdin not in _STREAMS:
            try:
                st = os.fstat(sys.stdin.fileno())
            except (OSError, ValueError):
                pass  # a stream that is no file (in a program calling main): read it
            else:
                _refuse_device(st, "stdin", sys.stdin.isatty())
            text = read_lines(sys.stdin.buffer, "stdin", bad)
            _STREAMS[sys.stdin] = Input(text, "stdin", tuple(bad))
        return _STREAMS[sys.stdin]
    if arg in _STREAMS:
        return _STREAMS[arg]
    try:
        with open(arg, "rb") as f:
            st = os.fstat(f.fileno())
            _refuse_device(st, arg)
            text = read_lines(f, arg, bad)
            pipe = stat.S_ISFIFO(st.st_mode)
    except OSError as e:
        raise InputError(f"{arg}: cannot read: {e.strerror or e}") from None
    read = Input(text, arg, tuple(bad))
    if pipe:  # as `<(command)` gives: read once
        _STREAMS[arg] = read
    return read


def _refuse_device(st: os.stat_result, source: str, typed: bool = False) -> None:
    """InputError for a device read as input (/dev/zero, /dev/urandom: endless bytes that
    are no puzzles); the null device (empty) is read, and a terminal when `typed`."""
    device = stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
    if device and not typed and st.st_rdev != os.stat(os.devnull).st_rdev:
        raise InputError(f"{source}: is a device, not a file of puzzles")


def _stat(arg: str) -> os.stat_result | None:
    """The file a PUZZLE|FILE|- argument names; None for no such path (or not a path at
    all: a puzzle, or a missing file)."""
    try:
        return os.stat(arg)
    except (OSError, ValueError):
        return None


def names_puzzle(arg: str) -> bool:
    """Whether a PUZZLE|FILE|- argument is the puzzle text itself (see the glossary)."""
    return arg != "-" and _stat(arg) is None and not is_file_name(arg)


def _input(arg: str) -> Input:
    """The text of a PUZZLE|FILE|- argument (see the glossary)."""
    if names_puzzle(arg):
        return Input(arg, "puzzle", ())
    st = _stat(arg) if arg != "-" else None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise InputError(f"{arg}: is a folder; expected a puzzle, a file of puzzles, or -")
    if st is None and arg != "-":
        raise InputError(f"{arg}: no such file")
    return read_file(arg)


def report_bad(bad: Iterable[Exception]) -> int:
    """Print each bad line's error on stderr as `error: ...`; how many there were."""
    count = 0
    for e in bad:
        print(f"error: {e}", file=sys.stderr)
        count += 1
    return count


def read_batches(
    arg: str, variant: Variant | None = None, check: bool = True
) -> tuple[str, list[Batch], int]:
    """(source, batches, bad lines) of a PUZZLE|FILE|- argument: every good puzzle, parsed
    as arrays; each bad line is reported on stderr (report_bad) and counted. check=False
    lets clashing givens through; InputError when there is no line at all. variant None (no
    --variant): text is classic and a record says its own; a variant given must agree with
    every record's (grid.parse_many). Killer puzzles, and text with generate's jigsaw
    region lines ('# regions') when no --variant is given, are one InputError."""
    read = _grid_input(arg, variant)
    bad = list(read.bad)
    batches = parse_batches(read.text, read.source, variant, check, bad)
    if not batches and not bad:
        raise InputError(f"{read.source}: no puzzle found")
    return read.source, batches, report_bad(_in_order(bad, read.source))


def _grid_input(arg: str, variant: Variant | None) -> Input:
    """The text of a PUZZLE|FILE|- argument of puzzles without cages; killer puzzles, and
    text with generate's jigsaw region lines ('# regions') when no --variant is given,
    are one InputError."""
    readers = "rate, solve, hints and explain (and made by generate), not by this command"
    if variant is not None and variant.caged:
        raise InputError(f"--variant killer: killer puzzles are read by {readers}")
    read = _input(arg)
    if variant is None and looks_killer(read.text):
        raise InputError(f"{read.source}: holds killer puzzles, which are read by {readers}")
    marked = None if variant is not None else _REGION_LINE.search(read.text)
    if marked:  # as generate writes them: else each puzzle and its regions are two errors
        line = read.text.count("\n", 0, marked.start()) + 1
        raise InputError(f"{read.source}: line {line}: a jigsaw region line ('# regions'): "
                         "jigsaw puzzles are read with --variant jigsaw")
    return read


def _in_order(bad: Iterable[Exception], source: str) -> list[Exception]:
    """Bad lines in the order of the line each message names ('SOURCE: line 12: ...'):
    the lines that could not be read are found before the others are parsed."""

    def line(e: Exception) -> int:
        found = re.match(r"line (\d+)", str(e).removeprefix(f"{source}: "))
        return int(found.group(1)) if found else 0

    return sorted(bad, key=line)


def read_killer(
    arg: str, variant: Variant | None = None
) -> tuple[list[tuple[str, KillerPuzzle]], int] | None:
    """The killer puzzles of a PUZZLE|FILE|- argument as (where, puzzle), and the count of
    its bad lines (reported as read_batches does), when --variant killer is given or (no
    --variant) the text holds killer puzzles (killer.looks_killer); None for other
    puzzles."""
    if variant is not None and not variant.caged:
        return None
    read = _input(arg)
    if variant is None and not looks_killer(read.text):
        return None
    bad: list[ValueError] = []
    found = parse_killer(read.text, read.source, bad)
    if not found and not bad and not read.bad:
        raise InputError(f"{read.source}: no puzzle found")
    return ([(f"{read.source}: line {line}", p) for line, p in found],
            report_bad(_in_order([*read.bad, *bad], read.source)))


def read_puzzles(
    arg: str, variant: Variant | None = None, check: bool = True
) -> tuple[list[tuple[str, Grid, Geometry]], int]:
    """The puzzles of a PUZZLE|FILE|- argument, (where, values, geometry) each, and the
    count of its bad lines (variant, check and the bad lines as read_batches takes
    them)."""
    read = _grid_input(arg, variant)
    bad = list(read.bad)
    found = [(f"{read.source}: line {line}", values, geo)
             for line, values, geo in parse_many(read.text, read.source, variant, check, bad)]
    if not found and not bad:
        raise InputError(f"{read.source}: no puzzle found")
    return found, report_bad(_in_order(bad, read.source))


# ---------------------------------------------------------------- data out


class StdoutError(OutputError):
    """Standard output cannot be written (a full disk or device); main prints it and
    drops what standard output still holds."""


class _CheckedStdout:
    """Standard output whose failed writes raise StdoutError, from a print anywhere in a
    command as from data_out (a reader gone stays BrokenPipeError: the end of the
    output, not an error)."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def _checked(self, method: Callable[..., Any], *args: Any) -> Any:
        if self._stream is None:  # started with standard output closed ('>&-')
            raise StdoutError("cannot write to standard output: it is closed")
        try:
            return method(*args)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise StdoutError(f"cannot write to standard output: {e.strerror or e}") from None

    def write(self, text: str) -> int:
        return int(self._checked(lambda: self._stream.write(text)))

    def flush(self) -> None:
        if self._stream is not None:  # closed: nothing was written, nothing to flush
            self._checked(self._stream.flush)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def stdout_checked() -> Iterator[None]:
    """sys.stdout raises StdoutError when it cannot be written, while the block runs; it
    is flushed at the end (and before --help or --version exit), so that an error shows
    there and not at Python's exit."""
    stream = sys.stdout
    sys.stdout = _CheckedStdout(stream)
    try:
        yield
        sys.stdout.flush()
    except SystemExit:
        sys.stdout.flush()
        raise
    finally:
        sys.stdout = stream


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


class _Unseen:
    """The progress bar where none is drawn: it counts, and tqdm is never imported for it
    (a tenth of the start-up of `bookgen solve PUZZLE`)."""

    def __init__(self) -> None:
        self.n: float = 0
        """The progress so far, as tqdm's bar keeps it."""

    def update(self, n: float = 1) -> None:
        self.n += n

    def __enter__(self) -> _Unseen:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def progress_bar(total: float, quiet: bool, unit: str) -> Any:
    """A tqdm bar on stderr; drawn only when stderr is a terminal and not quiet."""
    if not bars_shown(quiet):
        return _Unseen()
    from tqdm import tqdm

    # No monitor thread: worker pools fork only from a single-threaded process.
    tqdm.monitor_interval = 0
    return tqdm(total=total, unit=unit, file=sys.stderr, leave=False)
