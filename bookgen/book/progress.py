"""A build's progress on standard error: tqdm's bar on a terminal, plain lines elsewhere.

Glossary:
  bar      tqdm's bar per section, drawn when standard error is a terminal
  lines    where standard error is a file or a pipe (a script, CI, nohup) a bar shows
           nothing useful; instead a plain line at least every `every` seconds,
           `progress: section "Hard" 12/20 puzzles, 1m40s elapsed, about 1m10s left`,
           and one when a section is done
  alarm    the lines are written from a SIGALRM interval timer, so they come while the
           build waits on its workers or computes a long improvement in this process. Not
           from a thread: the worker pool forks only from a single-threaded process
           (improve._pool). Outside the main thread, or when another timer is set, there is
           no alarm and a line comes with a found puzzle once `every` seconds have passed
  left     the section's remaining time at the rate of its puzzles so far (known once one
           is found)
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Protocol, TextIO

EVERY = 30.0
"""Seconds between two progress lines, unless asked otherwise."""


@dataclass(frozen=True)
class Lines:
    """Show progress as plain lines (for a standard error that is not a terminal)."""

    every: float = EVERY
    """Seconds between two lines."""
    stream: TextIO = field(default_factory=lambda: sys.stderr)
    """Where the lines go."""


Shown = bool | Lines
"""How a build shows its progress: True a tqdm bar, False nothing, or Lines."""


class Tally(Protocol):
    """What a section's progress is told: another `n` puzzles found."""

    def update(self, n: int = 1) -> object: ...


def duration(seconds: float) -> str:
    """A duration as people read it: 40s, 1m40s, 2h05m."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def line(name: str, found: int, wanted: int, elapsed: float, done: bool = False) -> str:
    """One progress line of a section."""
    text = f'progress: section "{name}" {found}/{wanted} puzzles, '
    if done:
        return text + f"done in {duration(elapsed)}"
    text += f"{duration(elapsed)} elapsed"
    if 0 < found < wanted:
        text += f", about {duration(elapsed / found * (wanted - found))} left"
    return text


class _Reporter:
    """The lines of one section."""

    def __init__(self, lines: Lines, name: str, wanted: int,
                 clock: Callable[[], float] = time.monotonic):
        self.lines, self.name, self.wanted, self.clock = lines, name, wanted, clock
        self.found = 0
        self.start = self.last = clock()
        self.timed = False
        self.before: Callable[[int, FrameType | None], Any] | int | None = None

    def update(self, n: int = 1) -> None:
        self.found += n
        if not self.timed and self.clock() - self.last >= self.lines.every:
            self._say()

    def _say(self, done: bool = False) -> None:
        self.last = self.clock()
        self.lines.stream.write(line(self.name, self.found, self.wanted,
                                     self.last - self.start, done) + "\n")
        self.lines.stream.flush()

    def _alarm(self, signum: int, frame: FrameType | None) -> None:
        try:
            self._say()
        except (RuntimeError, OSError):
            # The timer cut into another write to the same stream (a warning), which a
            # buffered stream refuses, or the stream is gone: the build goes on regardless.
            pass

    def __enter__(self) -> _Reporter:
        if threading.current_thread() is threading.main_thread() and hasattr(
                signal, "setitimer") and signal.getitimer(signal.ITIMER_REAL)[0] == 0:
            self.before = signal.signal(signal.SIGALRM, self._alarm)
            # Restart interrupted system calls rather than fail them with EINTR.
            signal.siginterrupt(signal.SIGALRM, False)
            signal.setitimer(signal.ITIMER_REAL, self.lines.every, self.lines.every)
            self.timed = True
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        if self.timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.before or signal.SIG_DFL)
            self.timed = False
        if kind is None:
            self._say(done=True)


@contextmanager
def section_progress(shown: Shown, name: str, wanted: int) -> Iterator[Tally]:
    """The progress of one section of `wanted` puzzles, shown as asked."""
    if isinstance(shown, Lines):
        with _Reporter(shown, name, wanted) as reporter:
            yield reporter
        return
    from tqdm import tqdm

    # No monitor thread: it would outlive the bar, and a worker pool opened later in this
    # process (another build, a bench) forks only from a single-threaded process.
    tqdm.monitor_interval = 0
    with tqdm(total=wanted, desc=name, unit="puzzle", disable=not shown, leave=True) as bar:
        yield bar
