"""`bookgen bench mine`: very hard 9x9 puzzles per CPU hour, neighbourhood mining against
random digging, on the same workers in one run, and what mining's filters save and lose.

Glossary:
  digging    minimal 9x9 digs (no symmetry) of a seed of their own, each graded whole: the
             way a fill or a book finds extreme puzzles without mining
  mining     `bank mine --grade 8.0-` from an empty bank (a temporary one), so every find
             of 8.0 and up is counted
  audit      a second mining that grades every candidate whole beside the filters, the
             ladder filter (off in `bank mine`) on at AUDIT_CAP (make/mine.py: audit):
             what each filter dropped, the CPU seconds its drops would have cost graded
             whole against its own, and finds it would lose (those at or above LO that
             it dropped: none, the filters being exact)
  CPU        this process's CPU seconds and its worker processes' (reaped at each pool's
             close), so a loaded machine's share does not count
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["bench_mine"]

AUDIT_CAP = 7.0
"""The ladder filter's cut the audit measures: below the dynamic chains, whose finders are
the costly part of the ladder."""

DIG_BATCH = 4
"""Digs per task of the digging run."""


@dataclass(frozen=True)
class _DigBatch:
    """Digs start .. start + DIG_BATCH - 1."""

    start: int
    """The first dig's index."""


def _dig_batch(task: _DigBatch) -> list[float]:
    """The grades of a batch of minimal digs."""
    from ..core.grid import geometry
    from ..core.model import DigSpec
    from ..grade.solver import grade
    from ..make.generate import make_puzzle

    geo = geometry(9)
    out = []
    for index in range(task.start, task.start + DIG_BATCH):
        made = make_puzzle(DigSpec(minimal=True), "bench-mine", index)
        out.append(grade(made.puzzle, geo, made.solution).grade)
    return out


def _digging(seconds: float, workers: int) -> list[float]:
    """The grades of the digs made in `seconds` of wall time on `workers` workers."""
    from ..make.improve import worker_pool

    grades: list[float] = []
    t0 = time.monotonic()
    with worker_pool(workers) as pmap:
        while time.monotonic() - t0 < seconds:
            wave = [_DigBatch(len(grades) + k * DIG_BATCH) for k in range(workers * 2)]
            for batch in pmap(_dig_batch, wave):
                grades += batch
    return grades


def _rates(label: str, counts: list[int], cpu: float, wall: float) -> str:
    per_hour = [f"{c * 3600 / cpu:10.0f}" for c in counts]
    return (f"{label:10s} {cpu:8.1f} {wall:8.1f} " + " ".join(f"{c:6d}" for c in counts)
            + " " + " ".join(per_hour))


def bench_mine(args: argparse.Namespace) -> int:
    """Finds per CPU hour at 8.0+, 9.0+ and 10.0+: random digging and mining, --seconds
    of wall time each on --workers (default 1); then an audit mining of the filters."""
    from ..book.bank import GradeRange
    from ..book.mining import BANDS_SHOWN, mine
    from ..make.pooltime import process_tree_cpu

    workers = args.workers or 1
    print(f"bench mine: {args.seconds:g} s wall each on {workers} worker(s); load average "
          f"{os.getloadavg()[0]:.2f} at the start")
    head = " ".join(f"{b:.1f}+".rjust(6) for b in BANDS_SHOWN)
    rates = " ".join(f"{b:.1f}+/CPU h".rjust(10) for b in BANDS_SHOWN)
    print(f"{'search':10s} {'cpu s':>8s} {'wall s':>8s} {head} {rates}")
    c0, t0 = process_tree_cpu(), time.monotonic()
    dug = _digging(args.seconds, workers)
    dig_cpu, dig_wall = process_tree_cpu() - c0, time.monotonic() - t0
    dig_counts = [sum(1 for g in dug if g >= b) for b in BANDS_SHOWN]
    print(_rates("digging", dig_counts, dig_cpu, dig_wall) + f"   ({len(dug)} digs)")
    with tempfile.TemporaryDirectory() as tmp:
        c0, t0 = process_tree_cpu(), time.monotonic()
        result = mine(Path(tmp) / "mine.db", GradeRange(BANDS_SHOWN[0]), seconds=args.seconds,
                      workers=workers)
        mine_cpu, mine_wall = process_tree_cpu() - c0, time.monotonic() - t0
        counts = [result.at_least(b) for b in BANDS_SHOWN]
        print(_rates("mining", counts, mine_cpu, mine_wall)
              + f"   ({result.ran} rounds, {len(result.graded)} graded)")
        for b, dig, mined in zip(BANDS_SHOWN, dig_counts, counts, strict=True):
            ratio = (f"{(mined / mine_cpu) / (dig / dig_cpu):.1f}x" if dig
                     else "no digging find to compare")
            print(f"mining over digging at {b:.1f}+: {ratio}")
        lo = 9.0
        audit = mine(Path(tmp) / "audit.db", GradeRange(lo), seconds=args.seconds,
                     workers=workers, audit=True, cap=AUDIT_CAP)
    t = audit.tally
    singles = [g for g in audit.graded if g.candidate.singles]
    ladder = [g for g in audit.graded if g.dropped and not g.candidate.singles]
    print(f"audit (grade {lo:.1f}-, ladder cap {min(lo, AUDIT_CAP):.1f}, every candidate "
          f"graded whole): {len(audit.graded)} candidates, whole grades "
          f"{sum(g.cpu_whole for g in audit.graded):.1f} CPU s")
    for name, dropped, spent in (("singles", singles, t.cpu_singles),
                                 ("ladder", ladder, t.cpu_ladder)):
        saved = sum(g.cpu_whole for g in dropped)
        lost = sum(1 for g in dropped if g.grade >= lo)
        print(f"  {name:8s} filter: dropped {len(dropped)}, costs {spent:.2f} CPU s, saves "
              f"{saved:.2f} CPU s of whole grades (net {saved - spent:+.2f}), finds lost "
              f"{lost}")
    print(f"  expand: {t.drawn} neighbours drawn, {t.unique} unique and new, "
          f"{t.cpu_expand:.1f} CPU s")
    return 0
