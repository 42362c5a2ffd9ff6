"""`python -m bookgen` and the `bookgen` script: the command line (cli.main).

Ctrl-C (SIGINT) that comes while the command line is still being imported, before main
handles it, ends the run the same way: `interrupted` on stderr and exit code 130, never
a traceback (while the package itself loads, launch sees to that).
"""

import sys

from . import launch
from .launch import INTERRUPTED


def run() -> int:
    """The command line's exit code (the entry point of the `bookgen` script)."""
    try:
        # Ctrl-C raises KeyboardInterrupt again from here on, caught below
        launch.loaded()
        from .cli import main

        return main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    raise SystemExit(run())
