"""The command line: `bookgen <command> ...`, its parser and its main.

Each command is a pair in a module of its own: ``add_<name>(subparsers)`` declares its
arguments and sets ``func``, which runs it: ``(args) -> exit code``. COMMANDS names each
command's module, and main imports only the module of the command it runs (none for
--version): a light command does not pay for loading the others. The options several
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
from collections.abc import Iterable, Sequence
from importlib import import_module
from typing import Any, NoReturn

from .. import __version__
from ..core.errors import BookgenError
from .options import HelpFormatter, StdoutError, backend_chosen, stdout_checked
from .signals import interrupted_code, interruption, signals_as_interrupt

__all__ = ["COMMANDS", "build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """argparse with the exit code and the `error:` in front of every other bad input's
    message, and help that shows the defaults (subcommands inherit all three)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(1, f"error: {self.prog}: {message}\n")


COMMANDS: dict[str, str] = {
    "build": "cmd_build",
    "cover": "cmd_build",
    "rate": "cmd_rate",
    "solve": "cmd_solve",
    "hints": "cmd_hints",
    "validate": "cmd_build",
    "explain": "cmd_explain",
    "bench": "cmd_bench",
    "create": "cmd_create",
    "improve": "cmd_improve",
    "generate": "cmd_generate",
    "export": "cmd_export",
    "preview": "cmd_export",
    "bank": "cmd_bank",
    "init": "cmd_project",
    "templates": "cmd_project",
    "schema": "cmd_project",
}
"""Every command, in the order `bookgen --help` lists them: the module (of this package)
whose ``add_<command>`` declares it. A module is imported only for a parser that holds its
command (main builds the one command it runs)."""


def build_parser(commands: Iterable[str] = COMMANDS) -> argparse.ArgumentParser:
    """The parser of `commands` (every command unless told), in COMMANDS' order."""
    parser = _Parser(
        prog="bookgen",
        description="Graded sudoku puzzles and print-ready puzzle books.",
    )
    parser.add_argument("--version", action="version", version=f"bookgen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    wanted = set(commands)
    for name, module in COMMANDS.items():
        if name in wanted:
            getattr(import_module(f".{module}", __package__), f"add_{name}")(sub)
    return parser


def _needed(argv: Sequence[str]) -> Iterable[str]:
    """The commands a parser of argv must hold to parse it as the whole parser does: the
    command argv starts with; none for `--version` first (it ends the parse before a
    command is looked at); every one otherwise (--help lists them, and a word that is no
    command is told them)."""
    first = argv[0] if argv else ""
    if first in COMMANDS:
        return (first,)
    if len(first) > 2 and "--version".startswith(first):  # argparse takes --vers for it
        return ()
    return COMMANDS


def main(argv: Sequence[str] | None = None) -> int:
    try:
        with stdout_checked():
            given = sys.argv[1:] if argv is None else argv
            args = build_parser(_needed(given)).parse_args(given)
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
