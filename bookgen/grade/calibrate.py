"""`bookgen bench grade`: the grade measured against SE ratings, and its speed.

Glossary:
  dataset     lines '<puzzle> <rating>'; ratings '<1.5' count as 1.2, '1.5-2.3' as 1.9 in
              the correlations, and as the ranges 1.0-1.4 and 1.5-2.3 in the agreement
              (a grade inside the range is exact)
  rho, tau    Spearman's rank correlation and Kendall's tau-b of grade against rating
  AUC         for two adjacent bands (by reference rating), the chance that a puzzle of
              the harder band gets the higher grade (ties count half)
  checked     every placement and elimination is compared with the puzzle's solution;
              a wrong one is reported (it would be a bug)
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.errors import InputError
from ..core.grid import decode_text, parse
from ..core.kinds import Variant
from ..core.model import Band, band_of
from .board import Step
from .solver import grade

RATING_ALIASES = {"<1.5": (1.2, 1.0, 1.4), "1.5-2.3": (1.9, 1.5, 2.3)}
"""A rating given as a range: (the value the correlations use, lowest, highest)."""

Rated = tuple[str, float, float, float]
"""(puzzle, reference rating, lowest and highest rating the reference allows)."""


@dataclass(frozen=True)
class Sample:
    """One graded puzzle of the dataset."""

    rating: float
    """The reference SE rating."""
    low: float
    """The lowest grade the reference allows (the rating itself unless a range)."""
    high: float
    """The highest grade the reference allows."""
    grade: float
    """Our grade."""
    seconds: float
    """Wall time to grade it."""
    cpu: float
    """CPU time of this process to grade it (steadier than wall time on a shared machine)."""
    wrong: int
    """Deductions that contradict the solution (0 unless there is a bug)."""
    technique: str
    """Name of the technique of our hardest step."""


def read_dataset(
    path: str, per_rating: int = 0, seed: int = 1, limit: int = 0
) -> list[Rated]:
    """(puzzle, rating, low, high) rows; with per_rating, a seeded sample of that many per rating;
    with limit, a seeded sample of about that many spread evenly over the ratings."""
    rows: dict[tuple[float, float, float], list[str]] = {}
    try:
        with open(path, "rb") as f:
            lines = decode_text(f.read(), path).splitlines()
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None
    for k, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2:
            raise InputError(f"{path}: line {k}: expected '<puzzle> <rating>'")
        text = parts[1]
        try:
            value = float(text) if text not in RATING_ALIASES else 0.0
            span = RATING_ALIASES.get(text, (value, value, value))
        except ValueError:
            raise InputError(
                f"{path}: line {k}: rating {text!r}: expected a number, '<1.5' or '1.5-2.3'"
            ) from None
        rows.setdefault(span, []).append(parts[0])
    if limit and rows:
        per_rating = max(1, round(limit / len(rows)))
    rng = random.Random(seed)
    out: list[Rated] = []
    for (value, low, high), puzzles in sorted(rows.items()):
        chosen = rng.sample(puzzles, min(per_rating, len(puzzles))) if per_rating else puzzles
        out.extend((p, value, low, high) for p in chosen)
    return out


def check_steps(steps: Sequence[Step], solution: Sequence[int]) -> int:
    """How many placements or eliminations of the steps contradict the solution."""
    wrong = 0
    for s in steps:
        wrong += sum(1 for c, v in s.placed if solution[c] != v)
        wrong += sum(1 for c, d in s.eliminated if solution[c] == d)
    return wrong


def measure(pairs: Sequence[Rated], progress: bool = False,
            variant: Variant | None = None) -> tuple[list[Sample], int]:
    """Each puzzle (of the kind `variant`, classic when None) graded and checked; and how
    many were left ungraded for having no solution or several (SE rates none of those)."""
    from ..engine.trace import solve

    out: list[Sample] = []
    left_out = 0
    for k, (text, rating, low, high) in enumerate(pairs):
        values, geo = parse(text, variant=variant)
        count, solutions = solve(values, geo)
        if count != 1:
            left_out += 1
            continue
        solution = solutions[0]
        t0, c0 = time.perf_counter(), time.process_time()
        g = grade(values, geo, solution)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        wrong = check_steps(g.steps, solution)
        out.append(Sample(rating, low, high, g.grade, dt, cpu, wrong, g.hardest))
        if progress and (k + 1) % 100 == 0:
            print(f"  {k + 1}/{len(pairs)}", flush=True)
    return out, left_out


def _ranks(xs: Sequence[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def kendall_tau_b(xs: Sequence[float], ys: Sequence[float]) -> float:
    import numpy as np

    x, y = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
    conc = disc = tx = ty = 0
    for i in range(len(x) - 1):
        dx = np.sign(x[i + 1 :] - x[i])
        dy = np.sign(y[i + 1 :] - y[i])
        prod = dx * dy
        conc += int((prod > 0).sum())
        disc += int((prod < 0).sum())
        tx += int(((dx == 0) & (dy != 0)).sum())
        ty += int(((dy == 0) & (dx != 0)).sum())
    denom = ((conc + disc + tx) * (conc + disc + ty)) ** 0.5
    return (conc - disc) / denom if denom else 0.0


def auc(lower: Sequence[float], higher: Sequence[float]) -> float:
    """P(a grade from `higher` exceeds one from `lower`), ties counted half."""
    if not lower or not higher:
        return float("nan")
    ranks = _ranks(list(lower) + list(higher))
    r_high = sum(ranks[len(lower) :])
    nh, nl = len(higher), len(lower)
    return (r_high - nh * (nh + 1) / 2) / (nh * nl)


def _quartiles(xs: Sequence[float]) -> tuple[float, float, float]:
    if len(xs) < 2:
        return (xs[0],) * 3 if xs else (float("nan"),) * 3
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[0], q[1], q[2]


def report(samples: Sequence[Sample], left_out: int = 0) -> str:
    """The bench text: correlation, per-band quartiles, adjacent-band AUCs, timing."""
    ratings = [s.rating for s in samples]
    grades = [s.grade for s in samples]
    lines = [
        f"puzzles: {len(samples)}"
        + (f" (and {left_out} left out: no solution or several)" if left_out else ""),
        f"spearman rho: {spearman(grades, ratings):.3f}",
        f"kendall tau-b: {kendall_tau_b(grades, ratings):.3f}",
        f"wrong deductions (checked against the solution): {sum(s.wrong for s in samples)}",
        *agreement(samples),
        "grade by reference band: n  q1 / median / q3",
    ]
    by_band = {b: [s.grade for s in samples if band_of(s.rating) is b] for b in Band}
    for b, gs in by_band.items():
        q1, med, q3 = _quartiles(sorted(gs))
        lines.append(f"  {b.value:8s} {len(gs):5d}  {q1:.2f} / {med:.2f} / {q3:.2f}")
    lines.append("AUC of adjacent bands:")
    bands = list(Band)
    for lo, hi in zip(bands, bands[1:], strict=False):
        lines.append(f"  {lo.value} < {hi.value}: {auc(by_band[lo], by_band[hi]):.3f}")
    for name, times in (
        ("seconds per puzzle", sorted(s.seconds for s in samples)),
        ("cpu seconds per puzzle", sorted(s.cpu for s in samples)),
    ):
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        lines.append(
            f"{name}: median {statistics.median(times) * 1000:.1f} ms, "
            f"p90 {p90 * 1000:.1f} ms, max {times[-1]:.2f} s, "
            f"mean {statistics.fmean(times) * 1000:.1f} ms"
        )
    return "\n".join(lines)


def _share(samples: Sequence[Sample], ok: Callable[[Sample], bool]) -> str:
    hits = sum(1 for s in samples if ok(s))
    return f"{hits}/{len(samples)} = {100 * hits / len(samples):.1f}%"


def agreement(samples: Sequence[Sample], top: int = 12) -> list[str]:
    """How often the grade equals the reference: exactly, within 0.1 and 0.3, same band;
    then the largest groups of disagreements by our hardest technique and grade."""
    # ratings and grades carry one decimal: compare them in tenths, free of float noise;
    # a range counts its distance to the nearer end (0 inside it)
    def tenths(s: Sample) -> int:
        g, low, high = round(10 * s.grade), round(10 * s.low), round(10 * s.high)
        return g - high if g > high else g - low if g < low else 0

    lines = [
        f"exact: {_share(samples, lambda s: tenths(s) == 0)}",
        f"within 0.1: {_share(samples, lambda s: abs(tenths(s)) <= 1)}",
        f"within 0.3: {_share(samples, lambda s: abs(tenths(s)) <= 3)}",
        f"same band: {_share(samples, lambda s: band_of(s.grade) is band_of(s.rating))}",
        f"beyond the ladder (trial, 10.0): {_share(samples, lambda s: s.technique == 'trial')}",
    ]
    groups: dict[tuple[str, float], list[Sample]] = {}
    for s in samples:
        if tenths(s):
            groups.setdefault((s.technique, s.grade), []).append(s)
    if groups:
        lines.append("largest disagreements: our hardest technique, grade: n  reference ratings")
    ranked = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    for (tech, g), group in ranked[:top]:
        tally: dict[float, int] = {}
        for s in group:
            tally[s.rating] = tally.get(s.rating, 0) + 1
        refs = ", ".join(f"{r:.1f} x{k}" for r, k in sorted(tally.items(), key=lambda x: -x[1]))
        lines.append(f"  {tech or '-'} {g:.1f}: {len(group)}  {refs}")
    return lines


def bench_grade(
    dataset: str, per_rating: int = 0, seed: int = 1, progress: bool = False, limit: int = 0,
    variant: Variant | None = None,
) -> str:
    """Grade a dataset of SE-rated puzzles (all, or a sample; of the kind `variant`) and
    return the bench report."""
    pairs = read_dataset(dataset, per_rating, seed, limit)
    if not pairs:
        raise InputError(f"{dataset}: no rated puzzles found")
    samples, left_out = measure(pairs, progress, variant)
    if not samples:
        kind = f"{variant.value} puzzles" if variant else "classic puzzles"
        raise InputError(f"{dataset}: none of its {len(pairs)} puzzles has one solution as "
                         f"{kind}: nothing to grade")
    return report(samples, left_out)


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m bookgen.grade.calibrate --dataset FILE [--per-rating N] [--seed S]`."""
    import argparse

    p = argparse.ArgumentParser(prog="bookgen bench grade", description=__doc__)
    p.add_argument("--dataset", required=True, help="lines '<puzzle> <SE rating>'")
    p.add_argument("--per-rating", type=int, default=0, help="sample N puzzles per rating")
    p.add_argument("--seed", type=int, default=1, help="seed of the sample")
    p.add_argument("--progress", action="store_true", help="print progress every 100 puzzles")
    args = p.parse_args(argv)
    print(bench_grade(args.dataset, args.per_rating, args.seed, args.progress))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
