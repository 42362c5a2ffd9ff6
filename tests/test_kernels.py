"""Both kernel backends against each other and against the exact-cover solver."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import SMALL_PUZZLES, random_puzzle
from exact_cover import count_exact, solutions_exact

from bookgen.core.errors import ConfigError
from bookgen.core.grid import find_clash, geometry, parse
from bookgen.engine.kernels import BACKENDS, fast, get_backend, reference

SIZES = (4, 6, 9, 12, 16)
TRACE_FIELDS = (
    "count",
    "level",
    "maxlevel",
    "way_complexity",
    "cand_sum",
    "cand_sq",
    "solutions",
    "way_len",
    "way_cell",
    "way_mask",
    "way_index",
)


def _batch(puzzles: list[tuple[int, ...]]) -> np.ndarray:
    return np.array(puzzles, dtype=np.int8)


def _random_batch(n: int, seed: int, k: int) -> list[tuple[int, ...]]:
    """k random n x n puzzles with blank counts from easy to many solutions."""
    rng = random.Random(seed)
    geo = geometry(n)
    return [random_puzzle(rng, geo, rng.randint(n * n // 3, n * n * 2 // 3)) for _ in range(k)]


def _is_solution_of(sol: tuple[int, ...], puzzle: tuple[int, ...], geo: Any) -> bool:
    """A full grid that keeps the givens and that exact cover accepts as complete."""
    keeps = all(g in (0, v) for g, v in zip(puzzle, sol, strict=True))
    return keeps and 0 not in sol and count_exact(sol, geo, 2) == 1


def _assert_same(py: object, nb: object) -> None:
    for f in TRACE_FIELDS:
        assert np.array_equal(getattr(py, f), getattr(nb, f)), f


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize("n", SIZES)
def test_small_puzzles_match_exact_cover(name: str, n: int) -> None:
    backend = get_backend(name)
    geo = geometry(n)
    puzzles = [parse(p)[0] for p in SMALL_PUZZLES[n]]
    counts, sols = backend.solutions_batch(geo, _batch(puzzles), 3)
    for i, p in enumerate(puzzles):
        assert counts[i] == count_exact(p, geo, 3)
        found = {tuple(s) for s in sols[i, : counts[i]].tolist()}
        assert len(found) == counts[i]
        for s in found:
            assert _is_solution_of(s, p, geo)
    assert backend.count_batch(geo, _batch(puzzles)).tolist() == [
        min(2, count_exact(p, geo, 3)) for p in puzzles
    ]


@pytest.mark.parametrize("n", SIZES)
def test_random_grids_backends_agree_with_exact_cover(n: int) -> None:
    geo = geometry(n)
    puzzles = _random_batch(n, seed=n, k={4: 40, 6: 30, 9: 20, 12: 8, 16: 4}[n])
    grids = _batch(puzzles)
    py, nb = get_backend("python"), get_backend("numba")
    expected = [count_exact(p, geo, 2) for p in puzzles]
    for b in (py, nb):
        assert b.count_batch(geo, grids).tolist() == expected
    pc, ps = py.solutions_batch(geo, grids, 2)
    nc, ns = nb.solutions_batch(geo, grids, 2)
    assert np.array_equal(pc, nc) and np.array_equal(ps, ns)
    for i, sols in enumerate(ps.tolist()):
        for s in sols[: pc[i]]:
            assert _is_solution_of(tuple(s), puzzles[i], geo)


@pytest.mark.parametrize("n", SIZES)
def test_trace_backends_agree(n: int) -> None:
    geo = geometry(n)
    # the plain SPEC 3 search explodes on open big grids (the 16x16 fixtures take seconds
    # even compiled), so the blanks stay where it still branches but ends quickly
    low, high = {4: (6, 12), 6: (12, 24), 9: (30, 55), 12: (55, 80), 16: (90, 125)}[n]
    rng = random.Random(100 + n)
    puzzles = [random_puzzle(rng, geo, rng.randint(low, high)) for _ in range(10)]
    if n < 16:
        puzzles += [parse(p)[0] for p in SMALL_PUZZLES[n]]
    grids = _batch(puzzles)
    py = get_backend("python").trace_batch(geo, grids, 2)
    nb = get_backend("numba").trace_batch(geo, grids, 2)
    _assert_same(py, nb)
    assert py.count.tolist() == [count_exact(p, geo, 2) for p in puzzles]
    assert nb.maxlevel.max() > 0  # the sample branches
    for i, p in enumerate(puzzles):
        _check_trace_shape(nb, i, p)


def _spec3_literal(values: tuple[int, ...], geo: Any, limit: int = 2) -> tuple[Any, ...]:
    """SPEC 3 read word for word, slow and plain: (count, solutions, way, maxlevel,
    cand_sum, cand_sq), the way as (cell, candidates, index) first step first."""

    def cands(grid: list[int], c: int) -> list[int]:
        seen = {grid[p] for p in geo.peers[c]}
        return [v for v in range(1, geo.n + 1) if v not in seen]

    start = [len(cands(list(values), c)) for c in range(geo.ncells)]
    plist = sorted(
        (c for c in range(geo.ncells) if not values[c]),
        key=lambda c: (start[c], geo.block_pos[c]),
    )
    sols: list[tuple[int, ...]] = []
    path: list[tuple[int, tuple[int, ...], int]] = []
    found_way: list[Any] = []
    deepest = [0]

    def scan(grid: list[int]) -> bool:
        while True:
            filled = False
            for c in plist:
                if not grid[c]:
                    k = cands(grid, c)
                    if not k:
                        return False
                    if len(k) == 1:
                        grid[c] = k[0]
                        filled = True
            if not filled:
                return True

    def recurse(grid: list[int], level: int) -> bool:
        if not scan(grid):
            return False
        first = next((c for c in plist if not grid[c]), None)
        if first is None:
            if not sols:
                found_way.extend(path)
            sols.append(tuple(grid))
            return len(sols) >= limit
        k = cands(grid, first)
        for i, v in enumerate(k):
            deepest[0] = max(deepest[0], level + 1)
            path.append((first, tuple(k), i))
            child = list(grid)
            child[first] = v
            if recurse(child, level + 1):
                return True
            path.pop()
        return False

    if find_clash(values, geo) is None:
        recurse(list(values), 0)
    empties = [start[c] for c in range(geo.ncells) if not values[c]]
    return (len(sols), sols, found_way, deepest[0], sum(empties), sum(k * k for k in empties))


@pytest.mark.parametrize("n", SIZES)
def test_trace_is_spec3_word_for_word(n: int) -> None:
    geo = geometry(n)
    low, high = {4: (6, 12), 6: (12, 24), 9: (35, 55), 12: (60, 80), 16: (100, 125)}[n]
    rng = random.Random(200 + n)
    puzzles = [random_puzzle(rng, geo, rng.randint(low, high)) for _ in range(6)]
    if n <= 9:
        puzzles += [parse(p)[0] for p in SMALL_PUZZLES[n]]
    tr = get_backend("numba").trace_batch(geo, _batch(puzzles), 2)
    assert tr.maxlevel.max() > 0
    for i, p in enumerate(puzzles):
        count, sols, way, maxlevel, cand_sum, cand_sq = _spec3_literal(p, geo)
        level = int(tr.level[i])
        got_way = [
            (int(c), tuple(v + 1 for v in range(n) if m >> v & 1), int(x))
            for c, m, x in zip(tr.way_cell[i, :level], tr.way_mask[i, :level],
                               tr.way_index[i, :level], strict=True)
        ]
        assert (int(tr.count[i]), got_way, int(tr.maxlevel[i])) == (count, way, maxlevel)
        assert (int(tr.cand_sum[i]), int(tr.cand_sq[i])) == (cand_sum, cand_sq)
        assert [tuple(s) for s in tr.solutions[i, :count].tolist()] == sols


def _check_trace_shape(tr: Any, i: int, puzzle: tuple[int, ...]) -> None:
    """Properties of one trace row that follow from SPEC 3's definitions."""
    count = int(tr.count[i])
    level = int(tr.level[i])
    assert tr.way_len[i] == level <= tr.maxlevel[i]
    masks = tr.way_mask[i, :level].tolist()
    assert all(bin(m).count("1") >= 2 for m in masks)
    assert tr.way_complexity[i] == sum(bin(m).count("1") ** 2 for m in masks)
    if count:
        sol = tr.solutions[i, 0].tolist()
        for cell, m, idx in zip(
            tr.way_cell[i, :level].tolist(), masks, tr.way_index[i, :level].tolist(), strict=True
        ):
            cands = [v + 1 for v in range(16) if m >> v & 1]
            assert puzzle[cell] == 0 and cands[idx] == sol[cell]


@pytest.mark.parametrize(
    ("name", "k", "extra"),
    [
        ("17clue.txt", 6, 10),
        ("top1465.txt", 6, 0),
        ("top95.txt", 4, 0),
        ("hardest_1106.txt", 3, 0),
        ("se_calibration.txt", 6, 0),
    ],
)
def test_data_samples(read_data: Any, name: str, k: int, extra: int) -> None:
    """Counts against exact cover, and trace agreement, on samples of every data file.

    For 17-clue puzzles the trace sample gets `extra` clues from the solution: the plain
    SPEC 3 search on 17 clues takes seconds in pure Python.
    """
    geo = geometry(9)
    puzzles = [parse(p)[0] for p in read_data(name, k)]
    grids = _batch(puzzles)
    expected = [count_exact(p, geo, 2) for p in puzzles]
    counts, sols = get_backend("python").solve_batch(geo, grids)
    assert counts.tolist() == expected
    nc, ns = get_backend("numba").solve_batch(geo, grids)
    assert np.array_equal(counts, nc) and np.array_equal(sols, ns)
    rng = random.Random(7)
    traced = []
    for p, s in zip(puzzles, sols.tolist(), strict=True):
        q = list(p)
        for c in rng.sample([c for c in range(81) if not p[c]], extra):
            q[c] = s[c]
        traced.append(tuple(q))
    tgrids = _batch(traced)
    py = get_backend("python").trace_batch(geo, tgrids)
    nb = get_backend("numba").trace_batch(geo, tgrids)
    _assert_same(py, nb)
    for i, p in enumerate(traced):
        _check_trace_shape(nb, i, p)


@pytest.mark.parametrize("core", [fast.count_core, reference.count_core])
@pytest.mark.parametrize("n", (4, 9))
def test_count_core_exclusion(core: Any, n: int) -> None:
    """count_core with an excluded value set = the sum over the allowed values of the
    exact count with that value placed."""
    geo = geometry(n)
    a = geo.arrays()
    rng = random.Random(n)
    for p in _random_batch(n, seed=50 + n, k=12):
        cell = rng.choice([c for c in range(geo.ncells) if not p[c]])
        excl = rng.randrange(1, 1 << n)
        expected = 0
        for v in range(1, n + 1):
            if not excl >> (v - 1) & 1:
                q = list(p)
                q[cell] = v
                expected += count_exact(q, geo, 2)
        got = core(
            np.array(p, np.int8),
            2,
            cell,
            excl,
            a["units"],
            a["cell_units"],
            a["peers"],
            a["npeers"],
        )
        assert got == min(2, expected)
        assert core(
            np.array(p, np.int8), 2, -1, 0, a["units"], a["cell_units"], a["peers"], a["npeers"]
        ) == count_exact(p, geo, 2)


@pytest.mark.parametrize("core", [fast.solve_core, reference.solve_core])
def test_solve_core_and_given_exclusion(core: Any) -> None:
    values, geo = parse(SMALL_PUZZLES[9][0])
    a = geo.arrays()
    grid = np.array(values, np.int8)
    tables = (a["units"], a["cell_units"], a["peers"], a["npeers"])
    count, sol = core(grid, 2, -1, 0, *tables)
    assert count == 1 and tuple(sol.tolist()) == solutions_exact(values, geo, 1)[0]
    given = next(c for c in range(81) if values[c])
    count, sol = core(grid, 2, given, 1 << (values[given] - 1), *tables)
    assert count == 0 and not sol.any()


@pytest.mark.parametrize("name", BACKENDS)
def test_clashing_givens_have_no_solution(name: str) -> None:
    geo = geometry(9)
    clash = [0] * 81
    clash[0] = clash[8] = 5  # the same value twice in row 1
    empty = [0] * 81
    b = get_backend(name)
    assert b.count_batch(geo, _batch([clash, empty])).tolist() == [0, 2]
    tr = b.trace_batch(geo, _batch([clash]))
    assert tr.count[0] == 0 and tr.level[0] == 0 and not tr.solutions.any()


def test_x_variant_backends_agree_with_exact_cover() -> None:
    """Variant units (the diagonals of X-sudoku) need no solver code of their own."""
    geo = geometry(9, "x")
    board = solutions_exact([0] * 81, geo, 1)[0]
    rng = random.Random(3)
    puzzles = []
    for _ in range(10):
        blanks = set(rng.sample(range(81), rng.randint(45, 60)))
        puzzles.append(tuple(0 if c in blanks else v for c, v in enumerate(board)))
    grids = _batch(puzzles)
    expected = [count_exact(p, geo, 2) for p in puzzles]
    for name in BACKENDS:
        assert get_backend(name).count_batch(geo, grids).tolist() == expected
    py = get_backend("python").trace_batch(geo, grids)
    nb = get_backend("numba").trace_batch(geo, grids)
    _assert_same(py, nb)
    assert nb.count.tolist() == expected


def test_backend_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOOKGEN_BACKEND", "python")
    assert get_backend().name == "python"
    monkeypatch.setenv("BOOKGEN_BACKEND", "numba")
    assert get_backend().name == "numba"
    assert get_backend("python").name == "python"
    monkeypatch.setenv("BOOKGEN_BACKEND", "cobol")
    with pytest.raises(ConfigError, match="BOOKGEN_BACKEND: unknown kernel backend 'cobol'"):
        get_backend()
    root = Path(__file__).resolve().parent.parent
    run = subprocess.run(
        [sys.executable, "-m", "bookgen", "solve", SMALL_PUZZLES[4][0]],
        capture_output=True, text=True, cwd=root,
    )
    assert run.returncode == 1 and run.stderr == (
        "error: BOOKGEN_BACKEND: unknown kernel backend 'cobol': expected one of python, numba\n"
    )


def test_compile_notice_once_and_only_when_numba_compiles(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import numba

    import bookgen.engine.kernels as kernels

    monkeypatch.setattr(kernels, "_announced", False)
    kernels.watch_compiles()
    get_backend("numba").count_batch(geometry(4), np.zeros((1, 16), np.int8))
    numba.njit(lambda x: x + 1)(1)  # not cached: compiled now
    numba.njit(lambda x: x + 2)(1)
    assert capsys.readouterr().err == (
        "compiling fast kernels (once: later runs load them from the cache)\n")


def test_bench_solve_cli(tmp_path: Any) -> None:
    data = tmp_path / "puzzles.txt"
    data.write_text("\n".join(f"{p} 2.3" for p in SMALL_PUZZLES[9]) + "\n")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-m", "bookgen", "bench", "solve", "--dataset", str(data),
         "--seconds", "0.2"],
        capture_output=True, text=True, check=True, cwd=root,
    ).stdout
    rows = [line.split() for line in out.splitlines()[2:]]
    assert [(r[0], r[1], r[2]) for r in rows] == [
        (b, task, "3") for b in BACKENDS for task in ("count", "trace")
    ]
    assert all(float(r[3]) > 0 and float(r[4]) > 0 for r in rows)
    bad = subprocess.run(
        [sys.executable, "-m", "bookgen", "bench", "solve", "--dataset", str(tmp_path / "no")],
        capture_output=True, text=True, cwd=root,
    )
    assert bad.returncode == 1 and bad.stderr.startswith("error: ") and "no such" in bad.stderr
