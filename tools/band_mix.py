"""Measure how random puzzles spread over the difficulty bands, per variant, grid size and
clue count: the numbers behind rules.BAND_MIX, MINIMAL_MIX and VARIANT_MIX, which
`bookgen validate` uses to warn about sections whose puzzles are rare.

Puzzle i of a row is generate.make_puzzle(DigSpec(size, clues=k, variant=v),
"bandmix:<size>:<k>", i) (no symmetry; classic seeds have no variant part, the others
"bandmix:<variant>:<size>:<k>"; a jigsaw puzzle gets a fresh random layout), graded by the
human grader (its band found by the ladder cut at each band's top,
grade.solver.grades_at_least: the same band, without grading extreme puzzles whole); a
minimal row digs until no clue can go. Each row prints as a JSON line:
variant, size, clues ('minimal' or k), samples, counts per band (easy to extreme), the
fewest and most clues seen, and seconds. One process, so run it niced:

    nice -n 19 python tools/band_mix.py 9 --samples 60 --clues 22,24,26,28,30,32,36,40
    nice -n 19 python tools/band_mix.py 12 --samples 30 --clues 50,60,70,80,90 --minimal
    nice -n 19 python tools/band_mix.py 9 --variant x --samples 20 --clues 24,28,32 --minimal
"""

from __future__ import annotations

import argparse
import json
import time

from bookgen.core.errors import GenerationError
from bookgen.core.grid import Geometry, Grid
from bookgen.core.model import Band, ClueTarget, DigSpec
from bookgen.core.rules import Variant
from bookgen.grade.solver import grades_at_least
from bookgen.make.generate import make_puzzle


def band(puzzle: Grid, geo: Geometry) -> Band:
    """The band of the puzzle's grade: the first whose top it does not reach."""
    capped = tuple(Band)[:-1]  # every band but extreme has a top
    return next((b for b in capped if not grades_at_least(puzzle, geo, b.bounds[1])),
                Band.EXTREME)


def row(size: int, clues: int | None, samples: int,
        variant: Variant = Variant.CLASSIC) -> dict[str, object]:
    spec = DigSpec(size=size, minimal=clues is None, variant=variant,
                   clues=None if clues is None else ClueTarget(clues, clues))
    kind = "" if variant is Variant.CLASSIC else f"{variant.value}:"
    counts = dict.fromkeys(Band, 0)
    seen: list[int] = []
    unreached = 0
    t0 = time.perf_counter()
    for i in range(samples):
        try:
            made = make_puzzle(spec, f"bandmix:{kind}{size}:{clues or 'minimal'}", i)
        except GenerationError:  # a clue count below what digs reach within their tries
            unreached += 1
            continue
        counts[band(made.puzzle, made.geo)] += 1
        seen.append(made.clues)
    return {"variant": variant.value, "size": size, "clues": clues or "minimal",
            "samples": samples - unreached,
            "unreached": unreached, "bands": [counts[b] for b in Band],
            "fewest": min(seen, default=None), "most": max(seen, default=None),
            "seconds": round(time.perf_counter() - t0, 1)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("size", type=int)
    p.add_argument("--samples", type=int, default=60)
    p.add_argument("--variant", type=Variant, default=Variant.CLASSIC,
                   choices=[v for v in Variant if v is not Variant.KILLER])
    p.add_argument("--clues", default="", help="clue counts, comma-separated")
    p.add_argument("--minimal", action="store_true", help="also a row of minimal puzzles")
    args = p.parse_args()
    levels: list[int | None] = [int(k) for k in args.clues.split(",") if k]
    for clues in levels + ([None] if args.minimal else []):
        print(json.dumps(row(args.size, clues, args.samples, args.variant)), flush=True)


if __name__ == "__main__":
    main()
