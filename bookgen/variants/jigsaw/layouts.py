"""Jigsaw region layouts: random tilings of the n x n grid into n connected regions of n cells.

Glossary:
  layout      n*n region labels 1..n, row-major (Geometry.region_labels), as a string
  region      the cells of one label; every region has n cells joined through shared edges
  grow        the first step of a layout: n random seed cells, then again and again the
              region with the fewest free cells beside it (then the smallest) takes one of
              them at random; a growth that walls a region in below n cells is thrown
              away (a failed growth)
  swap        the second step, repeated: a cell of region A beside region B joins B and a
              cell of B beside A joins A, kept only when both regions stay connected;
              it mixes the grown shapes along their borders
  plain box   a region that fills a whole rectangle (a classic box, a row, a column):
              a layout with one is rejected unless boxes are allowed
  usable      a layout some complete grid fits, as generate's completion check finds
              within its node budget (generate.completes); a full grid is its own unique
              puzzle, so a dig from it always ends in a unique puzzle
  tried       layouts drawn (grown, swapped, checked) for one usable layout

Every random choice comes from the random.Random passed in, so a layout depends on its
seed only (SPEC: runs are reproducible whatever the worker count).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ...core.errors import GenerationError
from ...core.grid import SYMBOLS, Geometry, geometry
from ...core.rules import JIGSAW_SIZES, Variant

GROWTHS = 1000
"""Growths tried for one layout before giving up (9x9: about 1 in 16 fills the grid)."""

SWAPS_PER_CELL = 2
"""Border swaps tried per cell of the grid after a growth."""

MAX_LAYOUTS = 500
"""Layouts drawn for one usable layout before generation gives up."""


@cache
def _neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for c in range(n * n):
        r, k = divmod(c, n)
        out.append(tuple(rr * n + kk for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1))
                         if 0 <= rr < n and 0 <= kk < n))
    return tuple(out)


def _connected(cells: set[int], near: tuple[tuple[int, ...], ...]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for nb in near[todo.pop()]:
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(cells)


def grow(n: int, rng: random.Random) -> list[int] | None:
    """One growth: region index per cell, or None when a region was walled in.

    The region with the fewest free cells beside it grows first (then the smallest):
    growing the most hemmed-in region before its room is taken keeps most growths alive.
    """
    near = _neighbours(n)
    owner = [-1] * (n * n)
    members: list[list[int]] = [[] for _ in range(n)]
    for region, cell in enumerate(rng.sample(range(n * n), n)):
        owner[cell] = region
        members[region].append(cell)
    for _ in range(n * n - n):
        frontier = {}
        for region in range(n):
            if len(members[region]) < n:
                free = sorted({nb for c in members[region] for nb in near[c] if owner[nb] < 0})
                if not free:
                    return None
                frontier[region] = free
        rank = {r: (len(free), len(members[r])) for r, free in frontier.items()}
        least = min(rank.values())
        region = rng.choice([r for r in sorted(frontier) if rank[r] == least])
        cell = rng.choice(frontier[region])
        owner[cell] = region
        members[region].append(cell)
    return owner


def swap(owner: list[int], n: int, rng: random.Random, tries: int) -> None:
    """Up to `tries` border swaps in place, each kept only when both regions stay connected."""
    near = _neighbours(n)
    for _ in range(tries):
        a = rng.randrange(n * n)
        others = sorted({owner[nb] for nb in near[a]} - {owner[a]})
        if not others:
            continue
        ra, rb = owner[a], rng.choice(others)
        back = [c for c in range(n * n) if owner[c] == rb and c != a
                and any(owner[nb] == ra for nb in near[c])]
        if not back:
            continue
        b = rng.choice(back)
        owner[a], owner[b] = rb, ra
        cells_a = {c for c in range(n * n) if owner[c] == ra}
        cells_b = {c for c in range(n * n) if owner[c] == rb}
        if not (_connected(cells_a, near) and _connected(cells_b, near)):
            owner[a], owner[b] = ra, rb


def has_plain_box(labels: str, n: int) -> bool:
    """Whether some region fills a whole rectangle (a classic box, a row or a column)."""
    for label in set(labels):
        cells = [c for c, ch in enumerate(labels) if ch == label]
        rows = {c // n for c in cells}
        cols = {c % n for c in cells}
        if len(rows) * len(cols) == len(cells):
            return True
    return False


def _labels(owner: list[int]) -> str:
    """Region labels 1..n by first appearance (the form Geometry keeps)."""
    index: dict[int, int] = {}
    for r in owner:
        index.setdefault(r, len(index))
    return "".join(SYMBOLS[index[r]] for r in owner)


def random_layout(n: int, rng: random.Random, allow_boxes: bool = False) -> tuple[str | None, int]:
    """(a random layout, not yet checked usable, or None when GROWTHS growths all failed;
    the growths made)."""
    if n not in JIGSAW_SIZES:
        sizes = ", ".join(map(str, JIGSAW_SIZES))
        raise GenerationError(f"jigsaw size {n}: expected one of {sizes}")
    for growths in range(1, GROWTHS + 1):
        owner = grow(n, rng)
        if owner is None:
            continue
        swap(owner, n, rng, SWAPS_PER_CELL * n * n)
        labels = _labels(owner)
        if allow_boxes or not has_plain_box(labels, n):
            return labels, growths
    return None, GROWTHS


@dataclass(frozen=True)
class Layout:
    """A usable layout and what it took to find it."""

    regions: str
    """The layout: n*n labels 1..n, row-major."""
    tried: int
    """Layouts drawn until this usable one (1 = the first)."""
    growths: int
    """Growths made on the way, the walled-in ones included."""


def usable_layout(
    n: int, rng: random.Random, usable: Callable[[Geometry], bool], allow_boxes: bool = False
) -> Layout:
    """The first random layout drawn from rng that `usable` accepts (generate's completion
    check); GenerationError after MAX_LAYOUTS."""
    growths = 0
    for tried in range(1, MAX_LAYOUTS + 1):
        labels, spent = random_layout(n, rng, allow_boxes)
        growths += spent
        if labels is not None and usable(geometry(n, Variant.JIGSAW, labels)):
            return Layout(labels, tried, growths)
    raise GenerationError(f"no usable {n}x{n} jigsaw layout in {MAX_LAYOUTS} tries")
