"""The command line: `bookgen <command> ...`, its parser and its main.

Each command is a pair in a module of its own: ``add_<name>(subparsers)`` declares its
arguments and sets ``func``, which runs it: ``(args) -> exit code``. The options several
commands share, how puzzles are read and where data is written live in options; the
commands that read puzzles share skeleton, and every --format is one entry of formats'
table. Every BookgenError is caught in ``main`` and printed as ``error: <message>`` with
exit code 1, as are usage errors. Data goes to stdout (or -o FILE), messages to stderr;
standard output that cannot be written (a full disk, '> /dev/full') is such an error too.
SIGTERM, and SIGINT even when it was ignored at start, stop a command as Ctrl-C does:
worker pools are shut down and no partial output is left (exit code 128 + the signal's
number; signals).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .. import __version__
from ..core.errors import BookgenError
from .cmd_bank import add_bank
from .cmd_bench import add_bench
from .cmd_build import add_build, add_cover, add_validate
from .cmd_create import add_create
from .cmd_explain import add_explain
from .cmd_export import add_export, add_preview
from .cmd_generate import add_generate
from .cmd_hints import add_hints
from .cmd_improve import add_improve
from .cmd_project import add_init, add_schema, add_templates
from .cmd_rate import add_rate
from .cmd_solve import add_solve
from .options import HelpFormatter, StdoutError, backend_chosen, stdout_checked
from .signals import interrupted_code, interruption, signals_as_interrupt

__all__ = ["ADDERS", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse with the exit code and the `error:` in front of every other bad input's
    message, and help that shows the defaults (subcommands inherit all three)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(1, f"error: {self.prog}: {message}\n")


ADDERS: list[Callable[[argparse._SubParsersAction], None]] = [
    add_build,
    add_cover,
    add_rate,
    add_solve,
    add_hints,
    add_validate,
    add_explain,
    add_bench,
    add_create,
    add_improve,
    add_generate,
    add_export,
    add_preview,
    add_bank,
    add_init,
    add_templates,
    add_schema,
]
"""Every command's `add_<name>`, in the order `bookgen --help` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bookgen",
        description="Graded sudoku puzzles and print-ready puzzle books.",
    )
    parser.add_argument("--version", action="version", version=f"bookgen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add in ADDERS:
        add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        with stdout_checked():
            args = build_parser().parse_args(argv)
            with signals_as_interrupt(), backend_chosen(args):
                result: int = args.func(args)
        return result
    except StdoutError as e:
        _drop_stdout()
        print(f"error: {e}", file=sys.stderr)
        return 1
    except BookgenError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, SystemError) as e:
        stop = interruption(e)
        if stop is None:
            raise
        print("interrupted", file=sys.stderr)
        return interrupted_code(stop)
    except BrokenPipeError:
        _drop_stdout()
        return 0


def _drop_stdout() -> None:
    """Point standard output at the null device once it cannot be written (full, or its
    reader gone): what it holds unwritten is dropped, so Python's flush at exit has
    nothing to fail on (it would print an 'Exception ignored' message of its own)."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # standard output is closed or not a file (a stream of a test): nothing to drop
