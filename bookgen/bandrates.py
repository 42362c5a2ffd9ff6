"""Band rates: how fast each (kind, band) section fills, measured by `bookgen bench bands`,
and what `validate` and `build` make of it (a time estimate, a warning, a refusal).

Glossary:
  cell       a (kind, band) pair of 9x9 sections: classic, X, hyper and jigsaw easy to
             extreme, killer easy to expert; a section "is" a cell when it asks the band
             (grade ranges and figures aside) on a 9x9 grid of that kind
  rate       puzzles a CPU minute for a cell: a section of the cell's default shape (no
             symmetry, no clue range, not minimal) made through pipeline._section on one
             worker in one process, its CPU time included the grading, the selection and
             any improvement; RATES holds the measured ones
  estimate   CPU seconds a section takes: its count over its cell's rate (None: not
             measured, e.g. another size or a killer extreme); the book's is the sum, and
             its wall time spreads it over the workers
  slow       a section whose estimate exceeds SLOW_SECONDS: validate warns with the figure
  impossible a band no puzzle of the size reaches (rules.HARDEST_GRADE): validate and
             build refuse the section (config.sections)
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .config import BookConfig, Difficulty, SectionConfig
from .model import Band, DigSpec
from .rules import Variant

RATES: dict[tuple[Variant, Band], float] = {}
"""Puzzles a CPU minute per cell (see the glossary), measured with `bookgen bench bands`
(-n 20 a cell unless noted). Filled in below from a run of the bench."""

SIZE = 9
"""The grid size the rates are measured on."""

SLOW_SECONDS = 600.0
"""A section estimated to take more CPU seconds than this is warned about."""

KILLER_BANDS = (Band.EASY, Band.MEDIUM, Band.HARD, Band.EXPERT)
"""The killer bands the bench measures: killer extreme is not generated (no cage search
aims at it)."""


@dataclass(frozen=True)
class Estimate:
    """What a section is expected to cost."""

    section: int
    """Its index in the config."""
    cpu_seconds: float | None
    """CPU seconds on one worker; None when its cell was not measured."""


def cell(section: SectionConfig) -> tuple[Variant, Band] | None:
    """The measured cell a section belongs to, or None (another size, no band)."""
    band = section.difficulty.band
    if band is None or section.dig.size != SIZE:
        return None
    key = (section.dig.variant, band)
    return key if key in RATES else None


def estimate(index: int, section: SectionConfig) -> Estimate:
    """The section's CPU seconds from its cell's measured rate."""
    key = cell(section)
    return Estimate(index, None if key is None else section.count * 60.0 / RATES[key])


def _minutes(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def book_estimate(cfg: BookConfig, workers: int) -> tuple[str, list[str]]:
    """(the one-line estimate of the book, one warning per slow section)."""
    found = [estimate(i, s) for i, s in enumerate(cfg.sections)]
    known = [e.cpu_seconds for e in found if e.cpu_seconds is not None]
    parts = []
    for e, s in zip(found, cfg.sections, strict=True):
        what = "not measured" if e.cpu_seconds is None else f"~{_minutes(e.cpu_seconds)}"
        parts.append(f"{s.name} {what}")
    total = sum(known)
    line = (f"estimate: about {_minutes(total)} of CPU time, ~{_minutes(total / workers)} on "
            f"{workers} worker{'s' if workers > 1 else ''} ({'; '.join(parts)})")
    if len(known) < len(found):
        line += "; sections not measured are left out"
    slow = []
    for e, s in zip(found, cfg.sections, strict=True):
        key = cell(s)
        if key is not None and e.cpu_seconds is not None and e.cpu_seconds > SLOW_SECONDS:
            slow.append(
                f"sections[{e.section}] {s.name!r}: {key[0].value} {key[1].value} fills at "
                f"about {RATES[key]:.1f} puzzles a CPU minute (bench bands), so its "
                f"{s.count} puzzles take ~{_minutes(e.cpu_seconds)} of CPU time")
    return line, slow


# ---------------------------------------------------------------- bench bands


def cells(kinds: Sequence[Variant] | None, bands: Sequence[Band] | None
          ) -> list[tuple[Variant, Band]]:
    """The bench's cells, restricted to the kinds and bands given (None: all)."""
    out = []
    for variant in (Variant.CLASSIC, Variant.X, Variant.HYPER, Variant.JIGSAW, Variant.KILLER):
        for band in KILLER_BANDS if variant is Variant.KILLER else tuple(Band):
            if (kinds is None or variant in kinds) and (bands is None or band in bands):
                out.append((variant, band))
    return out


@dataclass(frozen=True)
class Measured:
    """One cell of the bench."""

    variant: Variant
    """The kind."""
    band: Band
    """The band."""
    made: int
    """Puzzles the section filled (its count unless it failed)."""
    cpu_seconds: float
    """CPU seconds of this process for the section."""
    failure: str | None
    """The build's error when the section could not be filled."""

    @property
    def rate(self) -> float:
        """Puzzles a CPU minute."""
        return self.made * 60.0 / self.cpu_seconds if self.cpu_seconds else 0.0


def measure(variant: Variant, band: Band, count: int, seed: int = 0) -> Measured:
    """Fill one section of the cell as a book does, on one worker in this process."""
    from tqdm import tqdm

    from .errors import GenerationError
    from .pipeline import _section

    section = SectionConfig(band.value, count, Difficulty(band, ()),
                            DigSpec(SIZE, variant=variant), None)
    failure = None
    made = count
    t0 = time.process_time()
    with tqdm(total=count, disable=True) as bar:
        try:
            _section(0, section, seed, set(), lambda f, jobs: map(f, jobs), bar)
        except GenerationError as e:
            failure, made = str(e), int(bar.n)
    return Measured(variant, band, made, time.process_time() - t0, failure)


def machine() -> str:
    """The processor and Python, as the report notes them."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f
                        if line.startswith("model name")), cpu)
    except OSError:
        pass
    return f"{cpu}, {platform.system()}, Python {platform.python_version()}"


def _names(text: str | None, kind: type[Variant] | type[Band]) -> list | None:
    if not text:
        return None
    from .errors import InputError

    out = []
    for name in text.split(","):
        try:
            out.append(kind(name.strip()))
        except ValueError:
            allowed = ", ".join(k.value for k in kind)
            raise InputError(f"{name.strip()!r}: expected one of {allowed}") from None
    return out


def bench_bands(args: argparse.Namespace) -> int:
    """For each cell (or those of --kinds and --bands), fill a section of -n puzzles as a
    book does on one worker, and print puzzles a CPU minute."""
    from .generate import make_puzzle

    count = args.n
    if count <= 0:
        from .errors import InputError

        raise InputError(f"-n {count}: expected a positive number of puzzles")
    chosen = cells(_names(args.kinds, Variant), _names(args.bands, Band))
    print(f"bands: {count} puzzles a section, 9x9, no symmetry, no clue range, one worker; "
          f"CPU time of this process; {machine()}")
    make_puzzle(DigSpec(SIZE), "warm", 0)  # load or compile the kernels outside the timing
    print(f"{'kind':8s} {'band':8s} {'made':>5s} {'CPU s':>8s} {'puzzles/CPU min':>16s}")
    for variant, band in chosen:
        m = measure(variant, band, count)
        note = f"  failed: {m.failure}" if m.failure else ""
        print(f"{variant.value:8s} {band.value:8s} {m.made:5d} {m.cpu_seconds:8.1f} "
              f"{m.rate:16.1f}{note}", flush=True)
    return 0

