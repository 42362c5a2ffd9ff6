"""`python -m bookgen` and the `bookgen` script: the command line (cli.main).

Ctrl-C (SIGINT) that comes while the command line is still being imported, before main
handles it, ends the run the same way: `interrupted` on stderr and exit code 130, never
a traceback (while the package itself loads, launch sees to that).
"""

import os
import sys

from . import launch
from .launch import INTERRUPTED

BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The variables that size numpy's BLAS thread pool. bookgen multiplies no matrices, and
the pool's threads, started when numpy is imported, cost more CPU time than the rest of
`bookgen --version`: one thread (unless the user set otherwise) for this process and the
worker processes it starts."""


def run() -> int:
    """The command line's exit code (the entry point of the `bookgen` script)."""
    for name in BLAS_THREADS:
        os.environ.setdefault(name, "1")
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
