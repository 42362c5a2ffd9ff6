"""The command line: `bookgen <command> ...`.

Each command is a pair: ``_add_<name>(subparsers)`` declares its arguments and
``_cmd_<name>(args) -> int`` runs it. Every BookgenError is caught in ``main`` and printed
as ``error: <message>`` with exit code 1; argparse usage errors exit 2 as usual.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator, Sequence

from . import __version__
from .errors import BookgenError, InputError
from .grid import Geometry, Grid, parse_many

Command = Callable[[argparse.Namespace], int]


def read_puzzles(arg: str, variant: str = "") -> Iterator[tuple[str, Grid, Geometry]]:
    """Puzzles from a PUZZLE|FILE|- argument: (where, values, geometry) each.

    An argument naming an existing file is read as a file of puzzles, '-' reads standard
    input, anything else is taken as the puzzle text itself.
    """
    import os

    if arg == "-":
        text, source = sys.stdin.read(), "stdin"
    elif os.path.isfile(arg):
        try:
            with open(arg, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"{arg}: cannot read: {e}") from None
        source = arg
    elif "/" in arg or arg.lower().endswith((".txt", ".sdk", ".json", ".yaml")):
        raise InputError(f"{arg}: no such file")
    else:
        text, source = arg, "argument"
    found = False
    for line, values, geo in parse_many(text, source, variant):
        found = True
        yield f"{source}: line {line}", values, geo
    if not found:
        raise InputError(f"{source}: no puzzle found")


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bookgen",
        description="Graded sudoku puzzles and print-ready puzzle books.",
    )
    parser.add_argument("--version", action="version", version=f"bookgen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in _ADDERS:
        add(sub)
    return parser


_ADDERS: list[Callable[[argparse._SubParsersAction], None]] = []
"""Every command's `_add_<name>`; each sets `func` on its subparser with set_defaults."""


def main(argv: Sequence[str] | None = None) -> int:
    args = _build_parser().parse_args(argv)
    try:
        result: int = args.func(args)
        return result
    except BookgenError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
