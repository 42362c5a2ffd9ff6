"""Signals that stop a command the way Ctrl-C does.

Glossary:
  interrupted  a command stopped by Ctrl-C (SIGINT) or SIGTERM: worker pools are shut
               down, no partial output is left (generate keeps what it finished), and the
               exit code is 128 + the signal's number (interrupted_code)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["Interrupted", "held", "interrupted_code", "interruption", "signals_as_interrupt"]


class Interrupted(KeyboardInterrupt):
    """A signal that stops a command the way Ctrl-C does (SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def interrupted_code(e: KeyboardInterrupt) -> int:
    """128 + the number of the signal that stopped the command (130 for Ctrl-C)."""
    import signal

    return 128 + (e.signum if isinstance(e, Interrupted) else signal.SIGINT)


def interruption(e: BaseException) -> KeyboardInterrupt | None:
    """The Ctrl-C or SIGTERM behind e: e itself, or the one a compiled kernel's dispatcher
    reported as a SystemError (numba wraps an exception its signal-time callback raised
    that way); None when e is something else."""
    seen: BaseException | None = e
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


@contextmanager
def held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block has run (they stop the command right after
    it): a line written and counted together, never one without the other."""
    import signal

    mask = getattr(signal, "pthread_sigmask", None)  # not on Windows
    if mask is None:
        yield
        return
    before = mask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        mask(signal.SIG_SETMASK, before)


@contextmanager
def signals_as_interrupt() -> Iterator[None]:
    """SIGTERM raises Interrupted, so the command unwinds as on Ctrl-C: worker pools are
    ended, output files dropped, the output folder's stage removed. SIGINT gets Python's
    handler back when it was ignored at start (a program started with '&' by a
    non-interactive shell), so Ctrl-C and kill -INT still stop it."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum: int, frame: object) -> None:
        raise Interrupted(signum)

    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    signal.signal(signal.SIGTERM, terminate)
    if before[signal.SIGINT] == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        for sig, handler in before.items():
            if handler is not None:
                signal.signal(sig, handler)
