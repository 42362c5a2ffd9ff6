"""Parallel generate and improve: determinism across workers, budgets, the CLI commands."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from exact_cover import count_exact
from shapes import assert_dug_to

from bookgen.core.errors import GenerationError, InputError
from bookgen.core.grid import geometry, parse
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Figure, Symmetry
from bookgen.make.generate import complete_board, make_puzzle
from bookgen.make.improve import (
    _neighbour,
    chain_budgets,
    generate_puzzles,
    improve,
    iter_generated,
)

GEO = geometry(9)
SOLUTION = complete_board(GEO, random.Random(0))
MANY = ".....7...1.......3.5.48........7....9.2...831......9.2.1......87.564.3.....3....5"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, timeout=120)


def test_generate_same_for_any_worker_count():
    spec = DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(24, 32))
    one = generate_puzzles(60, spec, seed=9, workers=1)
    two = generate_puzzles(60, spec, seed=9, workers=2)
    assert one == two
    assert [p.index for p in one] == list(range(60))
    # Indexes do not depend on where a run starts.
    assert generate_puzzles(5, spec, seed=9, start_index=55, workers=1) == one[55:]
    for p in one:
        assert count_exact(p.puzzle, GEO) == 1


def test_generate_in_a_threaded_process_uses_a_fork_server(monkeypatch):
    import bookgen.make.improve

    monkeypatch.setattr(bookgen.make.improve.threading, "active_count", lambda: 2)
    spec = DigSpec(6, minimal=True)
    assert generate_puzzles(60, spec, seed=1, workers=2) == generate_puzzles(60, spec, seed=1,
                                                                             workers=1)


def test_generate_count_must_be_positive():
    with pytest.raises(GenerationError, match="expected a positive number"):
        list(iter_generated(0, DigSpec()))


@pytest.mark.parametrize(
    ("evaluations", "chains", "expected"),
    [(10, None, [10]), (2500, None, [1250, 1250]), (10**6, None, [62500] * 16),
     (10, 3, [4, 3, 3]), (2, 3, [1, 1])],
)
def test_chain_budgets(evaluations, chains, expected):
    assert chain_budgets(evaluations, chains) == expected


def _check(result, solution):
    assert result.solution == solution
    assert count_exact(result.puzzle, GEO) == 1
    assert all(p in (0, s) for p, s in zip(result.puzzle, solution, strict=True))


def test_improve_same_for_any_worker_count():
    runs = [improve(SOLUTION, GEO, evaluations=45, workers=w, seed=3, chains=3) for w in (1, 2)]
    assert runs[0].puzzle == runs[1].puzzle
    assert runs[0].evaluations == 45 and runs[0].chains == 3
    _check(runs[0], SOLUTION)
    assert runs[0].after["way_complexity"] > runs[0].before["way_complexity"] == 0


def test_improve_beats_random_restarts():
    """The walk finds a higher objective than fresh random puzzles on the same budget."""
    walk = improve(SOLUTION, GEO, evaluations=150, workers=1, seed=4)
    restarts = improve(SOLUTION, GEO, evaluations=150, workers=1, seed=4, restarts=True)
    _check(walk, SOLUTION)
    assert walk.after["way_complexity"] > restarts.after["way_complexity"]


SHAPES = [
    DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(28, 32)),
    DigSpec(9, Symmetry.ROTATIONAL, minimal=True),
    DigSpec(9, Symmetry.NONE, ClueTarget(23, 25), minimal=True),
    DigSpec(9, Symmetry.DIHEDRAL, ClueTarget(28, 36)),
]


@pytest.mark.parametrize("spec", SHAPES, ids=lambda s: f"{s.symmetry.value}-{s.clues}-{s.minimal}")
def test_every_neighbour_keeps_the_shape(spec):
    """A walk of moves: each neighbour is None (out of the clue range) or has the shape."""
    p = make_puzzle(spec, 1, 0)
    current, rng = p.puzzle, random.Random(0)
    seen = {current}
    moves = 0
    for _ in range(30):
        neighbour = _neighbour(current, p.solution, spec, rng, None)
        if neighbour is None:
            continue
        moves += 1
        if neighbour not in seen:
            assert_dug_to(neighbour, p.solution, spec, GEO)
            seen.add(neighbour)
        current = neighbour
    assert moves >= 20 and len(seen) >= 3


@pytest.mark.parametrize("spec", SHAPES[:3], ids=lambda s: f"{s.symmetry.value}-{s.clues}")
def test_improve_keeps_the_shape(spec):
    start = make_puzzle(spec, 2, 0)
    for values in (start.puzzle, start.solution):
        result = improve(values, GEO, evaluations=40, workers=1, seed=1, spec=spec, chains=2)
        assert_dug_to(result.puzzle, start.solution, spec, GEO)
        assert result.after["way_complexity"] >= result.before["way_complexity"]


def test_improve_stays_below_the_ceiling():
    free = improve(SOLUTION, GEO, evaluations=60, workers=1, seed=2)
    top = free.after["way_complexity"]
    capped = improve(SOLUTION, GEO, evaluations=60, workers=1, seed=2, ceiling=top)
    _check(capped, SOLUTION)
    assert capped.after["way_complexity"] < top


def test_improve_from_a_puzzle_never_gets_worse():
    p = make_puzzle(DigSpec(minimal=True), 2, 0)
    result = improve(p.puzzle, GEO, evaluations=30, workers=1, seed=1, objective=Figure.LEVEL)
    _check(result, p.solution)
    assert result.after["level"] >= result.before["level"]


def test_improve_seconds_budget_is_anytime():
    t0 = time.perf_counter()
    result = improve(SOLUTION, GEO, seconds=1.0, workers=1, seed=1)
    assert time.perf_counter() - t0 < 5.0
    _check(result, SOLUTION)
    assert result.evaluations >= 2


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [({}, GenerationError, "one budget"),
     ({"evaluations": 5, "seconds": 1.0}, GenerationError, "one budget"),
     ({"evaluations": 0}, GenerationError, "expected a positive number"),
     ({"evaluations": 5, "spec": DigSpec(9, clues=ClueTarget(60, 60), minimal=True)},
      GenerationError, "no minimal puzzle of this solution with 60 clues and no symmetry in 5 "
      "digs: widen the clue range"),
     ({"evaluations": 5, "spec": DigSpec(6)}, GenerationError, "shape of size 6 for a 9x9")],
)
def test_improve_bad_options(kwargs, error, message):
    with pytest.raises(error, match=message):
        improve(SOLUTION, GEO, workers=1, **kwargs)


def test_improve_needs_a_unique_start():
    values, geo = parse(MANY)
    with pytest.raises(InputError, match="more than one solution: improve needs a full grid"):
        improve(values, geo, evaluations=5, workers=1)


def test_improve_needs_a_start_of_the_shape():
    p = make_puzzle(DigSpec(9), 3, 0)
    with pytest.raises(InputError, match="does not have the shape asked for: its clues are not "
                                         "symmetric under half-turn rotation"):
        improve(p.puzzle, GEO, evaluations=5, workers=1, spec=DigSpec(9, Symmetry.ROTATIONAL))


# ---------------------------------------------------------------- the CLI


@pytest.mark.slow
def test_cli_generate_json_same_for_workers_and_backends(tmp_path: Path):
    outs = []
    for workers, backend in (("1", "numba"), ("2", "numba"), ("1", "python")):
        path = tmp_path / f"out{workers}{backend}.jsonl"
        run = _cli("generate", "-n", "8", "--minimal", "--seed", "5", "--workers", workers,
                   "--backend", backend, "--format", "json", "-o", str(path))
        assert run.returncode == 0, run.stderr
        outs.append(path.read_text())
    assert outs[0] == outs[1] == outs[2]
    rows = [json.loads(line) for line in outs[0].splitlines()]
    assert len(rows) == 8
    for row in rows:
        assert {"puzzle", "solution", "count", "level", "way_complexity", "clues"} <= set(row)
        values, geo = parse(row["puzzle"])
        assert count_exact(values, geo) == 1 and row["count"] == 1


def test_cli_generate_lines_read_back_as_puzzles():
    run = _cli("generate", "-n", "3", "--size", "6", "--symmetry", "mirror", "--workers", "1")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 3
    for line in lines:
        values, geo = parse(line)
        assert geo.n == 6 and count_exact(values, geo) == 1
        assert "# solution " in line and " complexity " in line


@pytest.mark.parametrize(
    ("args", "message"),
    [(["-n", "0"], "error: -n 0: expected a positive number of puzzles"),
     (["-n", "2", "--symmetry", "spiral"], "error: unknown symmetry 'spiral'"),
     (["-n", "2", "--clues", "12-14"], "error: clue target 12-14 is impossible for a 9x9 grid"),
     (["-n", "2", "--size", "4", "--clues", "20"], "error: clue target 20: a 4x4 grid has only")],
)
def test_cli_generate_bad_options(args, message):
    run = _cli("generate", *args)
    assert run.returncode == 1
    assert run.stderr.startswith(message), run.stderr
    assert "Traceback" not in run.stderr


def test_cli_improve_json():
    grid = "".join(map(str, SOLUTION))
    run = _cli("improve", grid, "--evaluations", "20", "--workers", "1", "--format", "json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert set(out) == {"puzzle", "solution", "before", "after", "variant"}
    assert out["solution"] == grid and out["before"]["clues"] == 81
    values, geo = parse(out["puzzle"])
    assert count_exact(values, geo) == 1
    same = improve(SOLUTION, GEO, evaluations=20, workers=1)
    assert values == same.puzzle
    assert out["after"]["way_complexity"] == same.after["way_complexity"] > 0


def test_cli_improve_keeps_the_shape_asked_for():
    spec = DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(28, 32))
    grid = "".join(map(str, SOLUTION))
    run = _cli("improve", grid, "--evaluations", "30", "--workers", "1", "--format", "json",
               "--symmetry", "rotational", "--clues", "28-32")
    assert run.returncode == 0, run.stderr
    values, _ = parse(json.loads(run.stdout)["puzzle"])
    assert_dug_to(values, SOLUTION, spec, GEO)
    assert values == improve(SOLUTION, GEO, evaluations=30, workers=1, spec=spec).puzzle


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--symmetry", "spiral"], "error: unknown symmetry 'spiral': expected one of none"),
     (["--clues", "x"], "error: clue target 'x': expected a number or a range"),
     (["--start", "--symmetry", "rotational"],
      "error: the puzzle does not have the shape asked for: its clues are not symmetric under "
      "half-turn rotation (180 degrees)"),
     (["--start", "--clues", "40-45"],
      "error: the puzzle does not have the shape asked for: it has 2"),
     (["--clues", "60", "--minimal"],
      "error: no minimal puzzle of this solution with 60 clues and no symmetry in 10 digs: "
      "widen the clue range")],
)
def test_cli_improve_bad_shapes(args, message):
    grid = "".join(map(str, SOLUTION))
    if args[0] == "--start":
        grid = "".join(map(str, make_puzzle(DigSpec(9), 3, 0).puzzle))
        args = args[1:]
    run = _cli("improve", grid, "--evaluations", "10", "--workers", "1", *args)
    assert run.returncode == 1
    assert run.stderr.startswith(message), run.stderr
    assert "Traceback" not in run.stderr and not run.stdout


def test_cli_improve_rejects_an_unknown_objective():
    grid = "".join(map(str, SOLUTION))
    run = _cli("improve", grid, "--evaluations", "5", "--objective", "fun")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "--objective: 'fun': expected one of grade, way_complexity, level" in run.stderr


def test_cli_improve_rejects_several_solutions():
    run = _cli("improve", MANY, "--seconds", "1")
    assert run.returncode == 1
    assert "more than one solution" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.slow
def test_cli_generate_interrupted_keeps_finished_puzzles(tmp_path: Path):
    path = tmp_path / "many.txt"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bookgen", "generate", "-n", "1000000", "--workers", "2",
         "--quiet", "-o", str(path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    part = Path(f"{path}.part")
    deadline = time.time() + 60
    while time.time() < deadline and (not part.exists() or part.stat().st_size < 2000):
        time.sleep(0.2)
    os.kill(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "interrupted: wrote " in err and "Traceback" not in err
    lines = path.read_text().splitlines()
    assert lines and f"wrote {len(lines)} of 1000000 puzzles" in err
    for line in lines[:: max(1, len(lines) // 5)]:
        values, geo = parse(line)
        assert count_exact(values, geo) == 1
