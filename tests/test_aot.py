"""The numba backend's kernels compiled ahead of time (bookgen/kernels/aot.py): the same
answers as the jitted kernels, loaded without numba, rebuilt when their source changes,
built by one process at a time, and a build that cannot be made here is tried once."""

from __future__ import annotations

import fcntl
import os
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from conftest import SMALL_PUZZLES, random_puzzle, run_python

from bookgen.core.grid import geometry
from bookgen.engine.kernels import aot
from bookgen.engine.kernels.numba_backend import FastBackend

TRACE_FIELDS = ("count", "level", "maxlevel", "way_complexity", "cand_sum", "cand_sq",
                "solutions", "way_len", "way_cell", "way_mask", "way_index")


@pytest.fixture(scope="module")
def ahead() -> FastBackend:
    """The backend with the ahead-of-time module (built here when it is not yet)."""
    backend = FastBackend(ahead=True)
    assert backend.ahead, f"the module could not be built: {aot.failed()}"
    return backend


@pytest.mark.parametrize("n", (4, 6, 9, 12, 16))
def test_ahead_and_jitted_kernels_agree(ahead: FastBackend, n: int) -> None:
    rng = random.Random(n)
    geo = geometry(n)
    # a quarter to a half blank: unique and several-solution grids, searches that end fast
    grids = np.array([random_puzzle(rng, geo, rng.randint(geo.ncells // 4, geo.ncells // 2))
                      for _ in range(40)], dtype=np.int8)
    jitted = FastBackend(ahead=False)
    assert not jitted.ahead
    for limit in (1, 2, 5):
        counts = ahead.count_batch(geo, grids, limit)
        assert counts.tolist() == jitted.count_batch(geo, grids, limit).tolist()
        assert {*counts.tolist()} - {0} and max(counts) <= limit
        for a, b in zip(ahead.solutions_batch(geo, grids, limit),
                        jitted.solutions_batch(geo, grids, limit), strict=True):
            assert np.array_equal(a, b)
    t_ahead, t_jitted = ahead.trace_batch(geo, grids, 3), jitted.trace_batch(geo, grids, 3)
    for field in TRACE_FIELDS:
        assert np.array_equal(getattr(t_ahead, field), getattr(t_jitted, field)), field


def test_solve_runs_without_numba(ahead: FastBackend) -> None:
    """A command that only solves loads the module and never imports numba."""
    puzzle = SMALL_PUZZLES[9][0]
    words, numba = run_python(
        f"from bookgen.cli import main\nprint(main(['solve', {puzzle!r}]))", "")
    solution, code = words[-2:]
    assert code == "0" and not numba, words
    board = tuple(int(ch) for ch in solution)
    assert all(g in (0, v) for g, v in zip(
        (0 if ch == "." else int(ch) for ch in puzzle), board, strict=True))
    assert sorted(board[:9]) == list(range(1, 10))


SPECS = ("classic", "x", "jigsaw", "samurai")
"""Kinds the dig kernels are compared on: bands, a diagonal unit, random regions, a board."""


@pytest.mark.parametrize("kind", SPECS)
def test_ahead_and_jitted_dig_kernels_make_the_same_puzzles(
        ahead: FastBackend, monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    from bookgen.core.model import DigSpec
    from bookgen.core.rules import Variant
    from bookgen.make import generate

    specs = [DigSpec(variant=Variant.parse(kind)),
             DigSpec(variant=Variant.parse(kind), minimal=False)]
    if kind == "classic":
        specs += [DigSpec(size=4), DigSpec(size=6), DigSpec(size=16, minimal=False)]

    def made() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        generate._usable.cache_clear()
        out = []
        for spec in specs:
            out += [(p.puzzle, p.solution) for p in generate.make_puzzles(spec, 3, 0, 2)]
            out.append((generate.make_puzzle(spec, 5, 1).puzzle, ()))
        geo = geometry(9)
        board = generate.complete_board(geo, random.Random(3))
        out.append((board, generate.dig(board, geo, random.Random(4), minimal=False)))
        return out

    from bookgen.engine.kernels import dig_fast

    assert generate.dig_kernels("numba").__name__ == ahead.dig_kernels().__name__
    assert ahead.dig_kernels().__name__.startswith(aot.PREFIX)
    from_module = made()
    assert FastBackend(ahead=False).dig_kernels() is dig_fast
    monkeypatch.setattr(generate, "dig_kernels", lambda backend=None: dig_fast)
    assert made() == from_module


def test_ahead_and_jitted_canonical_forms_agree(ahead: FastBackend) -> None:
    from bookgen.engine import canon
    from bookgen.engine.kernels import canon_fast

    rng = random.Random(8)
    for n in (4, 6, 9):
        geo = geometry(n)
        ptab, fact = canon._perm_tables(max(geo.box_cols, n // geo.box_cols))
        for _ in range(10):
            grid = np.array(random_puzzle(rng, geo, rng.randint(0, geo.ncells // 2)), np.int8)
            outs = []
            for minlex in (aot.load().canon_minlex, canon_fast.minlex_core, canon.minlex_core):
                out = np.zeros(geo.ncells, dtype=np.int8)
                status = minlex(grid, n, geo.box_rows, geo.box_cols,
                                geo.box_rows == geo.box_cols, ptab, fact, canon.MAX_STATES, out)
                outs.append((status, out.tolist()))
            assert outs[0] == outs[1] == outs[2]


def test_generate_and_bank_fill_run_without_numba(ahead: FastBackend, tmp_path: Path) -> None:
    """Making puzzles and banking them (a canonical form each) loads the module only."""
    words, numba = run_python(
        "from bookgen.cli import main\n"
        "a = main(['generate', '-n', '3', '-q'])\n"
        f"b = main(['bank', 'fill', {str(tmp_path / 'b.db')!r}, '-n', '3', '--size', '6', '-q'])\n"
        "print(a, b)", "")
    assert words[-2:] == ["0", "0"] and not numba


def test_a_module_of_other_sources_is_not_loaded(
    ahead: FastBackend, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert aot.key() == aot.key() and aot.load() is not None
    changed = tmp_path / "fast.py"
    changed.write_bytes(aot.SOURCE.read_bytes() + b"\n# changed\n")
    monkeypatch.setattr(aot, "SOURCE", changed)
    monkeypatch.setattr(aot, "_folders", lambda: [tmp_path / "cache"])
    assert aot.load() is None and aot.failed() is None


def _empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder with no module in it, for a key of its own."""
    folder = tmp_path / "cache"
    source = tmp_path / "fast.py"
    source.write_bytes(aot.SOURCE.read_bytes() + f"\n# {tmp_path.name}\n".encode())
    monkeypatch.setattr(aot, "SOURCE", source)
    monkeypatch.setattr(aot, "_folders", lambda: [folder])
    return folder


def test_a_failed_build_is_marked_and_not_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _empty_cache(tmp_path, monkeypatch)
    runs: list[list[str]] = []

    def no_compiler(argv: list[str], **_: Any) -> SimpleNamespace:
        runs.append(argv)
        return SimpleNamespace(returncode=1, stderr="building...\nerror: command 'gcc' failed\n")

    monkeypatch.setattr(aot.subprocess, "run", no_compiler)
    assert aot.build() is None
    assert aot.failed() == "error: command 'gcc' failed"
    assert len(runs) == 1 and runs[0][1:3] == ["-m", "bookgen.engine.kernels.aot"]
    assert not [p for p in folder.iterdir() if p.suffix == ".so" or p.name.startswith(".")]
    jitted = FastBackend(ahead=True)  # the jitted kernels serve, without a second try
    assert not jitted.ahead and len(runs) == 1
    counts = jitted.count_batch(geometry(4), np.array([[0] * 16], np.int8), 2)
    assert counts.tolist() == [2]
    capsys.readouterr()


def test_a_build_stopped_by_a_signal_is_not_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _empty_cache(tmp_path, monkeypatch)
    stopped = SimpleNamespace(returncode=-15, stderr="")
    monkeypatch.setattr(aot.subprocess, "run", lambda *a, **k: stopped)
    assert aot.build() is None and aot.failed() is None


def test_a_build_in_progress_elsewhere_is_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _empty_cache(tmp_path, monkeypatch)
    folder.mkdir()
    monkeypatch.setattr(aot.subprocess, "run", lambda *a, **k: pytest.fail("built twice"))
    fd = os.open(folder / f"{aot.PREFIX}lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        assert aot.build() is None and aot.failed() is None
    finally:
        os.close(fd)


@pytest.mark.slow
def test_a_build_from_scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real build into an empty folder: one module file, loaded, right answers, and a
    module of the earlier key removed."""
    folder = _empty_cache(tmp_path, monkeypatch)
    folder.mkdir()
    stale = folder / f"{aot.PREFIX}0000000000000000.so"
    stale.write_bytes(b"old")
    module = aot.build()
    assert module is not None
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [f"{aot.PREFIX}lock", aot._module_file(folder, aot.key() or "").name])
    geo = geometry(9)
    grids = np.array([[0 if ch == "." else int(ch) for ch in p] for p in SMALL_PUZZLES[9]],
                     np.int8)
    a = geo.arrays()
    counts, sols = module.solutions_batch(grids, 2, a["units"], a["peers"], a["npeers"])
    jitted = FastBackend(ahead=False).solutions_batch(geo, grids, 2)
    assert counts.tolist() == jitted[0].tolist() and np.array_equal(sols, jitted[1])
