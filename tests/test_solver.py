"""The solver API: SPEC 3's golden example, the seed's output formats, hints, solve."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import SMALL_PUZZLES, random_puzzle
from exact_cover import count_exact, solutions_exact

from bookgen.core.grid import geometry, parse
from bookgen.engine import trace as solver
from bookgen.engine.kernels import BACKENDS

GOLDEN = SMALL_PUZZLES[9][0]
GOLDEN_WAY = [  # SPEC 3, in block-order positions, first step first
    (7, (4, 8, 9), 2), (8, (4, 8), 1), (33, (2, 8, 9), 1), (42, (4, 7, 9), 1),
    (58, (2, 8), 1), (61, (2, 3), 1), (63, (1, 3, 9), 2), (64, (1, 3), 1), (68, (2, 4), 1),
    (0, (1, 2), 0), (10, (8, 9), 0), (12, (1, 3), 1), (23, (2, 4, 8, 9), 2),
    (29, (4, 6, 9), 0), (45, (6, 8, 9), 1),
]  # fmt: skip
# Seed 000, illustration 3 (the solver's output for the golden puzzle), lines unwrapped
SEED_OUTPUT = """\
[0 0 0 0 6 0 3 0 0 0 0 7 0 0 0 2 0 5 3 0 0 0 0 0 1 0 7 5 7 0 0 0 0 0 0 3 0 2 0 0 0 0 0 0 6 0 \
0 0 0 0 0 0 1 0 4 0 0 0 0 1 0 0 0 0 0 0 5 6 0 8 0 0 7 0 0 0 3 0 0 0 5]
[1 4 5 2 6 7 3 9 8 6 8 7 3 1 9 2 4 5 3 2 9 4 5 8 1 6 7 5 7 4 6 1 9 8 2 3 1 2 3 4 5 8 7 9 6 8 \
9 6 2 7 3 5 1 4 4 5 6 7 8 1 9 3 2 9 3 2 5 6 4 8 7 1 7 8 1 9 3 2 6 4 5]
way:[(((45 [6 8 9]) 1) ((29 [4 6 9]) 0) ((23 [2 4 8 9]) 2) ((12 [1 3]) 1) ((10 [8 9]) 0) ((0 [1 \
2]) 0) ((68 [2 4]) 1) ((64 [1 3]) 1) ((63 [1 3 9]) 2) ((61 [2 3]) 1) ((58 [2 8]) 1) ((42 [4 7 \
9]) 1) ((33 [2 8 9]) 1) ((8 [4 8]) 1) ((7 [4 8 9]) 2))]"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_golden_example(backend: str) -> None:
    values, geo = parse(GOLDEN)
    tr = solver.trace(values, geo, backend=backend)
    assert (tr.found, tr.count, tr.level, tr.maxlevel) == (True, 1, 15, 20)
    assert (tr.way_complexity, tr.cand_sum, tr.cand_sq) == (102, 263, 1229)
    way = [(geo.block_pos[s.cell], s.candidates, s.index) for s in tr.way]
    assert way == GOLDEN_WAY
    assert tr.solutions == (tr.solution,) and tr.solution == solutions_exact(values, geo, 1)[0]


def test_seed_trace_format_matches_seed_000() -> None:
    values, geo = parse(GOLDEN)
    out = solver.format_seed_trace(values, solver.trace(values, geo), geo, 3245.9)
    first, rest = out.split("\n", 1)
    assert first == "level: 15/20 duration: 3245.900 complexity: 102/263/1229 # of solutions: 1"
    assert rest == SEED_OUTPUT


def test_seed_trace_format_without_solution() -> None:
    values, geo = parse("11" + "." * 79, check=False)
    tr = solver.trace(values, geo)
    assert (tr.found, tr.solution, tr.way, tr.count) == (False, None, (), 0)
    out = solver.format_seed_trace(values, tr, geo, 0.5).splitlines()
    assert out[0].endswith("# of solutions: 0") and out[-1] == "way:[]" and len(out) == 3


def _candidates_by_units(values: tuple[int, ...], geo: Any, cell: int) -> tuple[int, ...]:
    """Independent of peers: the values missing from every unit holding the cell."""
    units = [u for u in geo.units if cell in u]
    seen = {values[c] for u in units for c in u}
    return tuple(v for v in range(1, geo.n + 1) if v not in seen)


@pytest.mark.parametrize("n", (4, 6, 9, 12, 16))
def test_hints_order_and_figures(n: int) -> None:
    geo = geometry(n)
    values = random_puzzle(random.Random(n), geo, n * n // 2)
    cand_sum, cand_sq, cells = solver.hints(values, geo)
    assert sorted(c for c, _ in cells) == [c for c in range(n * n) if not values[c]]
    for c, cands in cells:
        assert cands == _candidates_by_units(values, geo, c)
    keys = [(len(cands), geo.block_pos[c]) for c, cands in cells]
    assert keys == sorted(keys)
    assert cand_sum == sum(len(k) for _, k in cells)
    assert cand_sq == sum(len(k) ** 2 for _, k in cells)
    tr = solver.trace(values, geo)
    assert (tr.cand_sum, tr.cand_sq) == (cand_sum, cand_sq)


def test_hints_formats() -> None:
    values, geo = parse(GOLDEN)
    seed = solver.format_hints(values, geo, "seed").splitlines()
    assert seed[0] == "complexity: 263/1229" and len(seed) == 2
    # seed 000: "2/4(28)" is column 2, row 4, block position 28
    assert seed[1].startswith("((2/3(7) [4 8 9]) (3/3(8) [4 8 9]) ")
    text = solver.format_hints(values, geo).splitlines()
    assert text[0] == "complexity: 263/1229" and text[1] == "r3c2: 4 8 9"
    assert len(text) == 1 + sum(1 for v in values if not v)
    with pytest.raises(ValueError, match="unknown hints format"):
        solver.format_hints(values, geo, "xml")


def test_hints_seed_position_of_the_seed_example() -> None:
    geo = geometry(9)
    items = solver.format_hints((0,) * 81, geo, "seed")
    assert "(2/4(28) [1 2 3 4 5 6 7 8 9])" in items  # row 4, column 2: cell 28 of block 4


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("n", (4, 9, 16))
def test_solve_and_count(backend: str, n: int) -> None:
    *uniques, multi = (parse(p)[0] for p in SMALL_PUZZLES[n])
    geo = geometry(n)
    for p in uniques:
        assert solver.count_solutions(p, geo, backend=backend) == 1
        assert solver.solve(p, geo, backend=backend) == (1, solutions_exact(p, geo, 1))
    count, sols = solver.solve(multi, geo, limit=2, backend=backend)
    assert count == 2 and len(set(sols)) == 2
    for s in sols:
        assert count_exact(s, geo) == 1 and all(g in (0, v) for g, v in zip(multi, s, strict=True))
    clash = list(uniques[0])
    clash[1] = clash[0] = 1
    assert solver.count_solutions(clash, geo, backend=backend) == 0


def test_trace_many() -> None:
    geo = geometry(9)
    puzzles = [parse(p)[0] for p in SMALL_PUZZLES[9]]
    many = solver.trace_many(puzzles, geo, limit=3)
    assert [t.count for t in many] == [count_exact(p, geo, 3) for p in puzzles]
    assert many[0] == solver.trace(puzzles[0], geo, limit=3)
    assert solver.trace_many([], geo) == []
