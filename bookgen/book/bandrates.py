"""Band rates: how fast each (kind, band) section fills, measured by `bookgen bench bands`,
and what `validate` and `build` make of it (a time estimate, a warning, a refusal).

Glossary:
  cell       a (kind, size, band) of sections: the bench's are 9x9 classic, X, hyper,
             jigsaw and the constraint kinds easy to extreme and killer easy to expert
             (--size measures others); a section belongs to a cell when it asks the band
             on a grid of that kind and size
  default    the shape a cell is measured with: no symmetry, no clue range, not minimal, a
             fresh jigsaw layout each
  rate       puzzles a CPU minute for a cell: a section of the default shape made through
             pipeline._section on one worker in one process, its CPU time including the
             grading, the selection and any improvement; RATES holds the measured ones
  estimate   CPU seconds a section takes: its count over its cell's rate (None: not
             measured, e.g. 12x12 or a killer extreme); other shapes are estimated from
             their cell's default (a clue range or symmetry may be slower); the book's is
             the sum, and its wall time spreads it over the workers
  slow       a section whose estimate exceeds SLOW_SECONDS: validate warns with the figure
  mined      a section that fills by mining (mining.mines: grades from 9.0 up): its estimate
             is its count over mining's measured finds a CPU hour (mining.MINED_RATES)
  impossible a band no puzzle of the size reaches (rules.grade_ceiling): validate and
             build refuse the section (config.sections)
"""

from __future__ import annotations

import argparse
import io
import platform
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.model import Band, CageSpec, DigSpec
from ..core.rules import Symmetry, Variant
from ..variants.extra_regions import ASTERISK, CENTRE_DOT, DISJOINT_GROUPS, GIRANDOLA
from ..variants.leapers import ANTI_KING, ANTI_KNIGHT
from ..variants.nonconsecutive import NON_CONSECUTIVE
from ..variants.samurai import SAMURAI, TWIN
from .config import BookConfig, Difficulty, SectionConfig
from .mining import mines

Cell = tuple[Variant, int, Band]
"""(kind, size, band)."""

# Measured 2026-11-26 with `bookgen bench bands -n 20` (and --size 6), one worker, CPU
# time of the process, on an Intel Xeon (2 cores, shared with other work), Linux,
# Python 3.11.7.
RATES: dict[Cell, float] = {
    (Variant.CLASSIC, 9, Band.EASY): 2417.1,
    (Variant.CLASSIC, 9, Band.MEDIUM): 929.9,
    (Variant.CLASSIC, 9, Band.HARD): 294.0,
    (Variant.CLASSIC, 9, Band.EXPERT): 397.8,
    (Variant.CLASSIC, 9, Band.EXTREME): 239.3,
    (Variant.X, 9, Band.EASY): 2221.3,
    (Variant.X, 9, Band.MEDIUM): 764.0,
    (Variant.X, 9, Band.HARD): 508.6,
    (Variant.X, 9, Band.EXPERT): 195.3,
    (Variant.X, 9, Band.EXTREME): 25.2,
    (Variant.HYPER, 9, Band.EASY): 1479.1,
    (Variant.HYPER, 9, Band.MEDIUM): 473.4,
    (Variant.HYPER, 9, Band.HARD): 229.5,
    (Variant.HYPER, 9, Band.EXPERT): 134.9,
    (Variant.HYPER, 9, Band.EXTREME): 56.0,
    (Variant.JIGSAW, 9, Band.EASY): 705.5,
    (Variant.JIGSAW, 9, Band.MEDIUM): 211.2,
    (Variant.JIGSAW, 9, Band.HARD): 95.2,
    (Variant.JIGSAW, 9, Band.EXPERT): 68.5,
    (Variant.JIGSAW, 9, Band.EXTREME): 9.8,
    # killer: cages drawn for the band (variants/killer/cage_aim.py)
    (Variant.KILLER, 9, Band.EASY): 512.0,
    (Variant.KILLER, 9, Band.MEDIUM): 1007.1,
    (Variant.KILLER, 9, Band.HARD): 231.4,
    (Variant.KILLER, 9, Band.EXPERT): 24.0,
    (Variant.CLASSIC, 6, Band.EASY): 9467.9,
    (Variant.CLASSIC, 6, Band.MEDIUM): 2497.1,
    (Variant.CLASSIC, 6, Band.HARD): 38.6,
    (Variant.CLASSIC, 6, Band.EXPERT): 282.1,
    (Variant.CLASSIC, 6, Band.EXTREME): 10.8,
    (Variant.X, 6, Band.EASY): 11729.9,
    (Variant.X, 6, Band.MEDIUM): 2399.5,
    (Variant.X, 6, Band.HARD): 1398.8,
    (Variant.X, 6, Band.EXPERT): 1003.7,
    (Variant.X, 6, Band.EXTREME): 472.9,
    (Variant.JIGSAW, 6, Band.EASY): 2697.7,
    (Variant.JIGSAW, 6, Band.MEDIUM): 1578.8,
    (Variant.JIGSAW, 6, Band.HARD): 657.8,
    (Variant.JIGSAW, 6, Band.EXPERT): 680.3,
    (Variant.JIGSAW, 6, Band.EXTREME): 207.7,
    # samurai and twin: measured 2026-11-27, `bench bands --kinds samurai,twin --bands
    # easy,medium,hard,expert,extreme -n 10`, same machine (benchmarks/2026-11-27-samurai.md)
    (SAMURAI, 9, Band.EASY): 153.9,
    (SAMURAI, 9, Band.MEDIUM): 110.3,
    (SAMURAI, 9, Band.HARD): 17.6,
    (SAMURAI, 9, Band.EXPERT): 27.3,
    (SAMURAI, 9, Band.EXTREME): 1.8,
    (TWIN, 9, Band.EASY): 1398.9,
    (TWIN, 9, Band.MEDIUM): 317.8,
    (TWIN, 9, Band.HARD): 144.6,
    (TWIN, 9, Band.EXPERT): 216.6,
    (TWIN, 9, Band.EXTREME): 73.4,
    # constraint kinds: measured 2026-11-27, `bench bands --kinds disjoint-groups,asterisk,
    # center-dot,girandola -n 20`, same machine
    (DISJOINT_GROUPS, 9, Band.EASY): 3816.8,
    (DISJOINT_GROUPS, 9, Band.MEDIUM): 2995.0,
    (DISJOINT_GROUPS, 9, Band.HARD): 844.6,
    (DISJOINT_GROUPS, 9, Band.EXPERT): 435.2,
    (DISJOINT_GROUPS, 9, Band.EXTREME): 238.0,
    (ASTERISK, 9, Band.EASY): 4393.7,
    (ASTERISK, 9, Band.MEDIUM): 1298.2,
    (ASTERISK, 9, Band.HARD): 869.0,
    (ASTERISK, 9, Band.EXPERT): 481.4,
    (ASTERISK, 9, Band.EXTREME): 76.4,
    (CENTRE_DOT, 9, Band.EASY): 4574.7,
    (CENTRE_DOT, 9, Band.MEDIUM): 1227.9,
    (CENTRE_DOT, 9, Band.HARD): 590.4,
    (CENTRE_DOT, 9, Band.EXPERT): 608.7,
    (CENTRE_DOT, 9, Band.EXTREME): 411.9,
    (GIRANDOLA, 9, Band.EASY): 4648.9,
    (GIRANDOLA, 9, Band.MEDIUM): 3155.8,
    (GIRANDOLA, 9, Band.HARD): 884.8,
    (GIRANDOLA, 9, Band.EXPERT): 522.0,
    (GIRANDOLA, 9, Band.EXTREME): 64.1,
    # measured 2026-11-27, `bench bands --kinds anti-knight,anti-king,non-consecutive
    # --bands easy,medium,hard,expert -n 10`, same machine, with the grader's pair rules;
    # extreme: `--bands extreme -n 4`. An extreme anti-knight's grade can take a minute in
    # the dynamic forcing chains
    (ANTI_KNIGHT, 9, Band.EASY): 2849.0,
    (ANTI_KNIGHT, 9, Band.MEDIUM): 874.3,
    (ANTI_KNIGHT, 9, Band.HARD): 448.2,
    (ANTI_KNIGHT, 9, Band.EXPERT): 156.7,
    (ANTI_KNIGHT, 9, Band.EXTREME): 2.3,
    (ANTI_KING, 9, Band.EASY): 4144.8,
    (ANTI_KING, 9, Band.MEDIUM): 1207.7,
    (ANTI_KING, 9, Band.HARD): 689.5,
    (ANTI_KING, 9, Band.EXPERT): 423.4,
    (ANTI_KING, 9, Band.EXTREME): 24.9,
    (NON_CONSECUTIVE, 9, Band.EASY): 192.8,
    (NON_CONSECUTIVE, 9, Band.MEDIUM): 50.2,
    (NON_CONSECUTIVE, 9, Band.HARD): 179.7,
    (NON_CONSECUTIVE, 9, Band.EXPERT): 14.3,
}
"""Puzzles a CPU minute per cell (see the glossary), measured with `bookgen bench bands`
on the machine named above, 20 puzzles a cell unless noted."""

UNFILLED: dict[Cell, str] = {
    (NON_CONSECUTIVE, 9, Band.EXTREME): "no puzzle in 5 CPU minutes: the near-minimal digs "
                                       "extreme needs (6 to 8 clues) take minutes each to "
                                       "grade",
}
"""Cells whose section the bench could not fill, with what it saw (same run as RATES)."""

SIZE = 9
"""The grid size the bench measures unless told (--size)."""

SLOW_SECONDS = 600.0
"""A section estimated to take more CPU seconds than this is warned about."""

KILLER_BANDS = (Band.EASY, Band.MEDIUM, Band.HARD, Band.EXPERT)
"""The killer bands the bench measures (killer extreme is left to the cage generation's
own work)."""


def cell(section: SectionConfig) -> Cell | None:
    """The measured cell a section belongs to, or None (not measured, no band, or a
    technique section: its technique, not its band, decides how fast it fills, and
    `bookgen bench techniques` measures that)."""
    band = None if _technique(section) else section.difficulty.band
    key = (section.dig.variant, section.dig.size, band) if band is not None else None
    return key if key in RATES else None


def _technique(section: SectionConfig) -> bool:
    """Whether the section asks for a technique or needs some."""
    return section.difficulty.technique is not None or bool(section.difficulty.needs)


def measured(section: SectionConfig) -> bool:
    """Whether the section is its cell's default shape, so its rate was measured as is."""
    dig = section.dig
    return (cell(section) is not None and dig.symmetry is Symmetry.NONE and dig.clues is None
            and not dig.minimal and dig.regions is None)


def cpu_seconds(section: SectionConfig) -> float | None:
    """The section's CPU seconds on one worker from its cell's rate; None: not measured."""
    key = cell(section)
    return None if key is None else section.count * 60.0 / RATES[key]


def _minutes(seconds: float) -> str:
    if seconds < 1:
        return "under 1 s"
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def book_estimate(cfg: BookConfig, workers: int) -> tuple[str, list[str]]:
    """(the one-line estimate of the book, one warning per slow section)."""
    parts: list[str] = []
    slow: list[str] = []
    total, missing = 0.0, False
    for i, s in enumerate(cfg.sections):
        if mines(s):
            seconds = _mined_seconds(i, cfg, parts, slow)
            total += seconds or 0.0
            missing |= seconds is None
            continue
        if _technique(s):
            seconds = _technique_seconds(i, cfg, parts, slow)
            total += seconds or 0.0
            missing |= seconds is None
            continue
        key, seconds = cell(s), cpu_seconds(s)
        band = s.difficulty.band
        failed = UNFILLED.get((s.dig.variant, s.dig.size, band)) if band else None
        if failed:
            slow.append(f"{cfg.section_key(i)} {s.name!r}: {s.dig.size}x{s.dig.size} "
                        f"{s.dig.variant.value} {band.value if band else ''}: {failed} "
                        f"(bench bands); expect the build to fail")
        if key is None or seconds is None:
            parts.append(f"{s.name} {'not filled by the bench' if failed else 'not measured'}")
            missing = True
            continue
        total += _part(cfg, i, seconds, f"{key[1]}x{key[1]} {key[0].value} {key[2].value} "
                       f"fills at about {RATES[key]:.1f} puzzles a CPU minute (bench bands)",
                       parts, slow)
    line = (f"estimate: {_minutes(total)} of CPU time, {_minutes(total / workers)} on "
            f"{workers} worker{'s' if workers > 1 else ''} ({'; '.join(parts)})")
    if missing:
        line += "; sections not measured are left out"
    return line, slow


def _part(cfg: BookConfig, i: int, seconds: float, fills: str, parts: list[str],
          slow: list[str], how: str = "") -> float:
    """Section i's part of the estimate (`how` it fills, when not by digging) and, when it
    is slow, its warning, saying what `fills` at what measured rate; its seconds."""
    s = cfg.sections[i]
    parts.append(f"{s.name} {_minutes(seconds)}{how}")
    if seconds > SLOW_SECONDS:
        slow.append(f"{cfg.section_key(i)} {s.name!r}: {fills}, so its {s.count} puzzles take "
                    f"{_minutes(seconds)} of CPU time")
    return seconds


def _mined_seconds(i: int, cfg: BookConfig, parts: list[str], slow: list[str]
                   ) -> float | None:
    """A mining section's CPU seconds from mining's measured rate (mining.MINED_RATES), its
    part of the estimate and any warning added; None: the bench found none that hard."""
    from .mining import mined_rate, section_grades

    s = cfg.sections[i]
    rate, grades = mined_rate(s), section_grades(s)
    if rate is None:
        parts.append(f"{s.name} not measured")
        slow.append(f"{cfg.section_key(i)} {s.name!r}: grades {grades}: mining found no "
                    f"puzzle that hard in the bench (bench mine); expect a long build")
        return None
    return _part(cfg, i, s.count * 3600.0 / rate, f"grades {grades} fill by mining at "
                 f"about {rate:.0f} puzzles a CPU hour (bench mine)", parts, slow, " mining")


def _technique_seconds(i: int, cfg: BookConfig, parts: list[str], slow: list[str]
                       ) -> float | None:
    """A technique section's CPU seconds from its technique's rate (techrates), its part
    of the estimate and any warning added; None: not measured or too rare to say."""
    from .techrates import BUDGET, technique_rate

    s = cfg.sections[i]
    rate, technique = technique_rate(s), s.difficulty.technique
    if rate is None or technique is None:
        parts.append(f"{s.name} not measured")
        return None
    if rate == 0.0:
        parts.append(f"{s.name} not measured")
        slow.append(f"{cfg.section_key(i)} {s.name!r}: technique {technique.label!r} gave no "
                    f"puzzle in {BUDGET:g} CPU s of aimed digs (bench techniques); expect a "
                    "long build or a failure")
        return None
    return _part(cfg, i, s.count * 60.0 / rate, f"technique {technique.label!r} fills at "
                 f"about {rate:.1f} puzzles a CPU minute (bench techniques)", parts, slow)


# ---------------------------------------------------------------- bench bands


def cells(kinds: Sequence[Variant] | None, bands: Sequence[Band] | None, size: int = SIZE
          ) -> list[Cell]:
    """The bench's cells of a size, restricted to the kinds and bands given (None: all
    but the multi-grid boards, measured only when named); a kind without that size is
    left out."""
    out = []
    for variant in Variant:
        if size not in variant.sizes or (kinds is None and variant.board is not None) \
                or (kinds is not None and variant not in kinds):
            continue
        for band in KILLER_BANDS if variant is Variant.KILLER else tuple(Band):
            if bands is None or band in bands:
                out.append((variant, size, band))
    return out


@dataclass(frozen=True)
class Measured:
    """One cell of the bench."""

    cell: Cell
    """The kind, size and band."""
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


def measure(key: Cell, count: int, seed: int = 0) -> Measured:
    """Fill one section of the cell as a book does, on one worker in this process."""
    from tqdm import tqdm

    from ..core.errors import GenerationError
    from .pipeline import _section

    variant, size, band = key
    # as the config reader makes it: a caged kind's cages are drawn for the band
    cages = CageSpec(aim=band) if variant.caged else CageSpec()
    section = SectionConfig(band.value, count, Difficulty(band, ()),
                            DigSpec(size, variant=variant, cages=cages), None)
    failure = None
    t0 = time.process_time()
    # the bar counts the puzzles found (a failed section's too) and shows nothing
    with tqdm(total=count, file=io.StringIO()) as bar:
        try:
            _section(0, section, seed, set(), lambda f, jobs: map(f, jobs), bar)
        except GenerationError as e:
            failure = str(e)
    return Measured(key, int(bar.n), time.process_time() - t0, failure)


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


def _names(text: str | None, kind: type[Variant] | type[Band], option: str) -> list | None:
    """The members of kind named by a comma-separated option (None when not given);
    InputError naming the option and what it takes."""
    if not text:
        return None
    from ..core.errors import InputError

    by_name = {str(k.value): k for k in kind}
    out = []
    for name in text.split(","):
        if name.strip().lower() not in by_name:
            allowed = ", ".join(by_name)
            raise InputError(f"{option} {name.strip()!r}: expected one of {allowed}")
        out.append(by_name[name.strip().lower()])
    return out


def bench_bands(args: argparse.Namespace) -> int:
    """For each cell (or those of --kinds and --bands), fill a section of -n puzzles as a
    book does on one worker, and print puzzles a CPU minute."""
    from ..make.select import Rules
    from .pipeline import _candidate

    count = args.n  # positive: the command line's type
    size = args.size or SIZE
    chosen = cells(_names(args.kinds, Variant, "--kinds"), _names(args.bands, Band, "--bands"),
                   size)
    if not chosen:
        from ..core.errors import InputError

        raise InputError(f"--size {size}: none of the kinds measured has {size}x{size} grids")
    print(f"bands: {count} puzzles a section, {size}x{size}, no symmetry, no clue range, one "
          f"worker; CPU time of this process; {machine()}")
    for variant in dict.fromkeys(key[0] for key in chosen):
        # load or compile each kind's kernels and grader outside the timing: one candidate
        _candidate((Rules(DigSpec(size, variant=variant), Difficulty(None, ())), "warm", 0))
    print(f"{'kind':8s} {'band':8s} {'made':>5s} {'CPU s':>8s} {'puzzles/CPU min':>16s}")
    for key in chosen:
        m = measure(key, count)
        note = f"  failed: {m.failure}" if m.failure else ""
        print(f"{key[0].value:8s} {key[2].value:8s} {m.made:5d} {m.cpu_seconds:8.2f} "
              f"{m.rate:16.1f}{note}", flush=True)
    return 0

