"""Branching on a digit's places in a unit (fast.py's glossary, count): near-empty grids,
which the searches on cells alone took minutes over, against the exact-cover solver in
both backends and the band count; the same solutions in the same order from both backends
where the search branches on places; and `bookgen solve` on such a grid."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest
from exact_cover import count_exact

from bookgen.core.grid import find_clash, geometry
from bookgen.core.rules import Variant
from bookgen.engine.kernels import BACKENDS, get_backend, reference
from bookgen.engine.kernels.band_layout import rules_of

bands = pytest.importorskip("bookgen.engine.kernels.bands")

DEFECT = "........8........2..............8.......................................8........"
"""A hyper grid of four givens with no solution: the searches on cells ran for minutes;
the exact-cover solver, which branches on places too, settles it in half a second."""


def _grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text)


def _sparse(geo, rng: random.Random, givens: int) -> tuple[int, ...]:
    """A grid of about `givens` random givens, two of a unit never alike (it may still
    have no solution)."""
    g = [0] * geo.ncells
    for _ in range(givens):
        c, v = rng.randrange(geo.ncells), rng.randint(1, geo.n)
        before, g[c] = g[c], v
        if find_clash(tuple(g), geo) is not None:
            g[c] = before
    return tuple(g)


def _branches_on_places(grid: tuple[int, ...], geo) -> bool:
    """Whether the reference search's first branch is on a digit's places."""
    a = geo.arrays()
    t = reference._tables(a["units"], a["cell_units"], a["peers"], a["npeers"])
    started = reference._start(grid, t)
    assert started is not None
    vals, cand, queue = started
    counter = reference._Counter(t, 2)
    assert counter.propagate(vals, cand, queue)
    best = reference._fewest(range(len(cand)), vals, cand)
    k = cand[best].bit_count()
    return k > 2 and reference._fewest_places(k, vals, cand, t) is not None


def _grids(kind: str, seed: int, k: int) -> list[tuple[int, ...]]:
    geo = geometry(9, Variant.parse(kind))
    rng = random.Random(seed)
    return [_sparse(geo, rng, rng.randint(4, 10)) for _ in range(k)]


@pytest.mark.parametrize("kind", ["hyper", "x", "classic"])
def test_near_empty_grids_count_as_exact_cover_counts_them(kind: str) -> None:
    geo = geometry(9, Variant.parse(kind))
    # seed 6: the exact-cover solver takes a second or two on its hyper grids (up to a
    # minute and a half on some others), and one of them has no solution
    grids = _grids(kind, 6, 10) + ([_grid(DEFECT)] if kind == "hyper" else [])
    expected = [count_exact(g, geo, 2) for g in grids]
    batch = np.array(grids, np.int8)
    for name in BACKENDS:
        assert get_backend(name).count_batch(geo, batch).tolist() == expected, name
    assert bands.band_count_batch(batch, 2, rules_of(geo)).tolist() == expected
    if kind == "hyper":  # the case that took minutes ran, and another like it
        assert expected.count(0) == 2


@pytest.mark.parametrize("n, variant", [(6, "classic"), (9, "classic"), (9, "hyper"),
                                        (9, "x"), (16, "classic")])
def test_both_backends_branch_on_places_alike(n: int, variant: str) -> None:
    geo = geometry(n, Variant.parse(variant))
    rng = random.Random(n)
    grids = [_sparse(geo, rng, rng.randint(1, n)) for _ in range(4 if n == 16 else 6)]
    assert any(_branches_on_places(g, geo) for g in grids)
    batch = np.array(grids, np.int8)
    pc, ps = get_backend("python").solutions_batch(geo, batch, 3)
    nc, ns = get_backend("numba").solutions_batch(geo, batch, 3)
    assert np.array_equal(pc, nc) and np.array_equal(ps, ns)
    for grid, count, sols in zip(grids, pc.tolist(), ps.tolist(), strict=True):
        found = {tuple(s) for s in sols[:count]}
        assert len(found) == count == min(3, count_exact(grid, geo, 3))
        for s in found:
            assert all(g in (0, v) for g, v in zip(grid, s, strict=True))
            assert count_exact(s, geo, 2) == 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_solve_answers_at_once_on_a_grid_without_a_solution(backend: str) -> None:
    run = subprocess.run([sys.executable, "-m", "bookgen", "solve", "--variant", "hyper",
                          DEFECT], capture_output=True, text=True, timeout=120,
                         env=os.environ | {"BOOKGEN_BACKEND": backend})
    assert run.returncode == 1
    assert "no solution" in run.stderr and "Traceback" not in run.stderr
