"""The first moments of the command line: Ctrl-C while bookgen is still loading.

Glossary:
  command line  this process is the `bookgen` script or `python -m bookgen`, not a program
                that imports bookgen as a library
  loading       from this module's import (the first thing bookgen/__init__.py does) until
                __main__.run calls loaded() inside the block that catches
                KeyboardInterrupt: no code of the command line could catch one before, so
                a Ctrl-C then ends the command line as main would (`interrupted`, exit
                code 130) instead of a traceback; a library's caller keeps Python's own
                KeyboardInterrupt
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

__all__ = ["INTERRUPTED", "is_command_line", "loaded"]

INTERRUPTED = 128 + signal.SIGINT
"""The exit code of a run stopped by Ctrl-C."""


def is_command_line() -> bool:
    """Whether this process runs bookgen's command line (the script or python -m)."""
    if os.path.basename(sys.argv[0]) == "bookgen":
        return True
    argv = list(getattr(sys, "orig_argv", ()))
    return "-mbookgen" in argv or any(
        a == "-m" and b == "bookgen" for a, b in zip(argv, argv[1:], strict=False))


def _stop(signum: int, frame: FrameType | None) -> None:
    """Nothing is made or written yet: say so and end at once."""
    os.write(2, b"interrupted\n")
    os._exit(INTERRUPTED)


def _hold() -> bool:
    """Put _stop in Python's place for Ctrl-C while the command line loads; whether it
    did (not for a library's caller, a handler of the caller's own, or another thread)."""
    if not is_command_line() or signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return False
    try:
        signal.signal(signal.SIGINT, _stop)
    except ValueError:  # imported from a thread other than the main one
        return False
    return True


_held = _hold()
"""Whether Ctrl-C ends the loading command line quietly; done on import, so that no
moment of loading is left out."""


def loaded() -> None:
    """The command line can catch KeyboardInterrupt now: Ctrl-C raises it again."""
    global _held
    if _held:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        _held = False
