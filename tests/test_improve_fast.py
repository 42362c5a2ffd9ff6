"""improve on small grids, in this process, in well under a second a test: the walk's
moves (fresh digs first, then neighbours of the current puzzle), which candidates it
keeps, how improve picks the best chain, its shape, ceiling and seconds budget.

These are the tests mutation runs of bookgen/improve.py use (tools/mutation.py): the 9x9
ones of test_improve.py take seconds each. Every puzzle is checked unique by the
independent exact-cover solver.
"""

from __future__ import annotations

import math
import random
import time

import pytest
from exact_cover import count_exact
from shapes import assert_dug_to

import bookgen.make.improve as improve_module
from bookgen.core.errors import GenerationError
from bookgen.core.grid import format_line, geometry
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Figure, Symmetry, Variant
from bookgen.grade.rating import rate
from bookgen.make.generate import complete_board, make_puzzle
from bookgen.make.improve import (
    ChainTask,
    generate_puzzles,
    generated_line,
    improve,
    iter_generated,
    objective_value,
    run_chain,
)

GEO = geometry(6)
SOLUTION = complete_board(GEO, random.Random(1))
PLAIN = DigSpec(6)
SHAPED = DigSpec(6, Symmetry.ROTATIONAL, ClueTarget(12, 16))


def _task(evaluations: int, start=None, restarts: bool = False, index: int = 0,
          spec: DigSpec = PLAIN, ceiling: float = math.inf, seed: int = 1) -> ChainTask:
    return ChainTask(SOLUTION, start, spec, Figure.WAY_COMPLEXITY, seed, index, evaluations,
                     None, None, None, restarts, ceiling)


def _timeless(rating: dict) -> dict:
    return {k: v for k, v in rating.items() if k != "seconds"}


class _Log:
    """Every candidate of a chain: ('fresh' or 'move', the puzzle moved from, the candidate,
    its objective or None for a misfit)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch,
                 objective: Figure = Figure.WAY_COMPLEXITY) -> None:
        self.moves: list[list] = []
        self.objective = objective
        fresh, neighbour = improve_module._fresh, improve_module._neighbour

        def logged_fresh(solution, spec, rng, backend):
            out = fresh(solution, spec, rng, backend)
            self.moves.append(["fresh", None, out, self._value(out)])
            return out

        def logged_neighbour(puzzle, solution, spec, rng, backend):
            out = neighbour(puzzle, solution, spec, rng, backend)
            self.moves.append(["move", puzzle, out, self._value(out)])
            return out

        monkeypatch.setattr(improve_module, "_fresh", logged_fresh)
        monkeypatch.setattr(improve_module, "_neighbour", logged_neighbour)

    def _value(self, puzzle) -> float | None:
        return None if puzzle is None else rate(puzzle, GEO, with_grade=False).figure(
            self.objective)


def test_a_chain_digs_fresh_puzzles_first_then_moves_from_the_current_one(monkeypatch):
    log = _Log(monkeypatch)
    result = run_chain(_task(40))
    assert result.evaluations == 40 == len(log.moves)
    # The first puzzle and the warm share (10% of 40: evaluations 2 to 4) are fresh digs.
    assert [kind for kind, *_ in log.moves] == ["fresh"] * 4 + ["move"] * 36
    # Warm: a fresh puzzle is kept only when strictly better than the current one.
    current, score = log.moves[0][2], log.moves[0][3]
    for _, _, puzzle, value in log.moves[1:4]:
        if value is not None and value > score:
            current, score = puzzle, value
    # Walking: every move starts from the current puzzle; a move that does not lower the
    # objective is always taken (a worse one only by chance).
    for (_, start, puzzle, value), (_, next_start, _, _) in zip(log.moves[4:], log.moves[5:],
                                                            strict=False):
        assert start == current
        if value is not None and value >= score:
            assert next_start == puzzle
        if next_start != current:
            assert next_start == puzzle and value is not None
            current, score = puzzle, value
    # The best is the first candidate with the highest objective, and its score is its own.
    values = [value for *_, value in log.moves if value is not None]
    assert result.score == max(values)
    first = next(p for *_, p, value in log.moves if value == result.score)
    assert result.puzzle == first
    assert objective_value(Figure.WAY_COMPLEXITY, result.puzzle, GEO) == result.score
    assert_dug_to(result.puzzle, SOLUTION, DigSpec(6), GEO)


def test_the_restarts_baseline_only_digs_fresh_puzzles(monkeypatch):
    log = _Log(monkeypatch)
    start = make_puzzle(DigSpec(6), 2, 0, None).puzzle
    result = run_chain(_task(12, start=start, restarts=True))
    assert [kind for kind, *_ in log.moves] == ["fresh"] * 12  # the start is not used
    assert result.score == max(value for *_, value in log.moves if value is not None)


def test_a_chain_from_a_start_walks_from_it_and_never_ends_worse(monkeypatch):
    log = _Log(monkeypatch)
    start = make_puzzle(DigSpec(6), 2, 0, None).puzzle
    before = objective_value(Figure.WAY_COMPLEXITY, start, GEO)
    result = run_chain(_task(20, start=start))
    # The start is the first puzzle (not dug again), then 1 fresh dig (10% of 20).
    assert [kind for kind, *_ in log.moves] == ["fresh"] + ["move"] * 18
    assert result.score >= before and result.evaluations == 20
    assert result.score == max([before] + [v for *_, v in log.moves if v is not None])
    assert_dug_to(result.puzzle, SOLUTION, DigSpec(6), GEO)


def test_candidates_at_the_ceiling_are_passed_by(monkeypatch):
    free = run_chain(_task(30))
    log = _Log(monkeypatch)
    capped = run_chain(_task(30, ceiling=free.score))
    assert capped.score < free.score
    assert capped.score == max(v for *_, v in log.moves if v is not None and v < free.score)
    assert_dug_to(capped.puzzle, SOLUTION, DigSpec(6), GEO)


def test_chains_depend_on_their_seed_and_index_alone():
    one, again = run_chain(_task(15, index=2)), run_chain(_task(15, index=2))
    assert one == again
    others = {run_chain(_task(15, index=i, seed=s)).puzzle for i in range(3) for s in (1, 2)}
    assert len(others) > 1


@pytest.mark.parametrize("start", [False, True], ids=["from-solution", "from-puzzle"])
def test_improve_is_its_best_chain_and_keeps_the_shape(start):
    begin = make_puzzle(SHAPED, 3, 0, None)
    values = begin.puzzle if start else begin.solution
    result = improve(values, GEO, evaluations=24, workers=1, seed=7, chains=3, spec=SHAPED)
    # What the chains of improve find, each run by itself: improve keeps the highest score,
    # the lowest chain number among equals.
    chains = [run_chain(ChainTask(begin.solution, begin.puzzle if start else None, SHAPED,
                                  Figure.WAY_COMPLEXITY, 7, i, 8, None, None, None))
              for i in range(3)]
    best = max(chains, key=lambda r: (r.score, -r.index))
    assert result.puzzle == best.puzzle and result.solution == begin.solution
    assert result.evaluations == 24 and result.chains == 3
    assert result.objective is Figure.WAY_COMPLEXITY
    assert _timeless(result.after) == _timeless(rate(best.puzzle, GEO, with_grade=False).as_dict())
    assert _timeless(result.before) == _timeless(rate(values, GEO, with_grade=False).as_dict())
    assert result.after["way_complexity"] == best.score
    assert_dug_to(result.puzzle, begin.solution, SHAPED, GEO)
    if start:
        assert result.after["way_complexity"] >= result.before["way_complexity"]


def test_improve_of_minimal_puzzles_keeps_them_minimal():
    spec = DigSpec(6, Symmetry.DIAGONAL, minimal=True)
    result = improve(SOLUTION, GEO, evaluations=10, workers=1, seed=2, spec=spec)
    assert_dug_to(result.puzzle, SOLUTION, spec, GEO)
    assert result.chains == 1 and result.evaluations == 10


def test_improve_under_a_ceiling_stays_below_it():
    free = improve(SOLUTION, GEO, evaluations=20, workers=1, seed=3)
    top = free.after["way_complexity"]
    capped = improve(SOLUTION, GEO, evaluations=20, workers=1, seed=3, ceiling=top)
    assert capped.after["way_complexity"] < top
    assert_dug_to(capped.puzzle, SOLUTION, DigSpec(6), GEO)


def test_improve_with_a_seconds_budget_stops_in_time():
    t0 = time.perf_counter()
    result = improve(SOLUTION, GEO, seconds=0.2, workers=1, seed=1)
    assert time.perf_counter() - t0 < 2.0
    assert result.evaluations >= 2 and result.chains == 1
    assert_dug_to(result.puzzle, SOLUTION, DigSpec(6), GEO)


def test_improve_by_level_from_a_puzzle_never_gets_worse():
    p = make_puzzle(DigSpec(6, minimal=True), 4, 0, None)
    result = improve(p.puzzle, GEO, evaluations=15, workers=1, seed=1, objective=Figure.LEVEL)
    assert result.objective is Figure.LEVEL
    assert result.after["level"] >= result.before["level"]
    assert_dug_to(result.puzzle, p.solution, DigSpec(6), GEO)


def test_a_pool_of_two_workers_gives_what_one_process_gives():
    spec = DigSpec(4, minimal=True)
    made = generate_puzzles(60, spec, seed=1, workers=2)
    assert made == generate_puzzles(60, spec, seed=1, workers=1)
    assert [p.index for p in made] == list(range(60))
    assert all(count_exact(p.puzzle, geometry(4)) == 1 for p in made)
    seen: list[float] = []
    two = improve(SOLUTION, GEO, evaluations=12, workers=2, seed=5, chains=2,
                  progress=seen.append)
    one = improve(SOLUTION, GEO, evaluations=12, workers=1, seed=5, chains=2)
    assert two.puzzle == one.puzzle and two.evaluations == 12 and two.chains == 2
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    assert_dug_to(two.puzzle, SOLUTION, DigSpec(6), GEO)


def test_generated_puzzles_are_those_of_their_seed_and_index_with_progress():
    spec = DigSpec(4, minimal=True)
    seen: list[int] = []
    made = generate_puzzles(5, spec, seed=3, start_index=2, workers=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]
    assert made == [make_puzzle(spec, 3, i) for i in range(2, 7)]
    assert generate_puzzles(2, spec, workers=1) == [make_puzzle(spec, 0, i) for i in range(2)]


def test_a_jigsaw_line_carries_its_regions_on_a_second_line():
    # Each jigsaw puzzle has a layout of its own: its figures are rated on its geometry.
    made = list(iter_generated(3, DigSpec(6, variant=Variant.JIGSAW), seed=2, workers=1,
                               with_figures=True))
    assert [p.index for p, _ in made] == [0, 1, 2]
    assert len({p.regions for p, _ in made}) == 3
    for p, figures in made:
        assert figures is not None and figures["puzzle"] == format_line(p.puzzle)
        assert figures["way_complexity"] == rate(p.puzzle, p.geo, with_grade=False).figure(
            Figure.WAY_COMPLEXITY)
    p, figures = made[0]
    assert p.regions is not None and len(p.regions) == 36
    puzzle_line, regions_line = generated_line(p, figures, "line").split("\n")
    assert puzzle_line.startswith(f"{format_line(p.puzzle)}  # solution ")
    assert regions_line == f"{p.regions}  # regions"
    assert count_exact(p.puzzle, p.geo) == 1


def test_workers_are_forked_from_a_single_thread(monkeypatch):
    # A threaded process starts them from a fork server instead: test_improve.py's
    # test_generate_in_a_threaded_process_uses_a_fork_server (slower, 2 s).
    threads, method = 1, "fork"
    asked: list[str | None] = []
    get_context = improve_module.multiprocessing.get_context

    def spy(name=None):
        asked.append(name)
        return get_context(name)

    monkeypatch.setattr(improve_module.threading, "active_count", lambda: threads)
    monkeypatch.setattr(improve_module.multiprocessing, "get_context", spy)
    spec = DigSpec(4, minimal=True)
    count = improve_module.CHUNK + 10
    made = generate_puzzles(count, spec, seed=4, workers=2)
    assert asked == [method]
    # One worker, or one chunk of puzzles (CHUNK), needs no pool.
    assert made == generate_puzzles(count, spec, seed=4, workers=1)
    chunk = improve_module.CHUNK
    assert made[:chunk] == generate_puzzles(chunk, spec, seed=4, workers=2)
    assert asked == [method]


def test_improve_runs_its_chains_on_a_pool_given_or_on_worker_processes(monkeypatch):
    one = improve(SOLUTION, GEO, evaluations=12, workers=1, seed=6, chains=3)
    given: list[int] = []

    def pmap(func, tasks):
        for task in tasks:
            given.append(task.index)
            yield func(task)

    seen: list[float] = []
    on_pool = improve(SOLUTION, GEO, evaluations=12, workers=1, seed=6, chains=3, pool=pmap,
                      progress=seen.append)
    assert given == [0, 1, 2] and on_pool.puzzle == one.puzzle
    assert _timeless(on_pool.after) == _timeless(one.after) and on_pool.evaluations == 12
    assert seen == pytest.approx([1 / 3, 2 / 3, 1.0])
    # Two workers and more than one chain: a pool of processes, the same result.
    asked: list[str | None] = []
    get_context = improve_module.multiprocessing.get_context
    monkeypatch.setattr(improve_module.multiprocessing, "get_context",
                        lambda name=None: asked.append(name) or get_context(name))
    assert improve(SOLUTION, GEO, evaluations=12, workers=2, seed=6, chains=3).puzzle == one.puzzle
    assert len(asked) == 1
    assert improve(SOLUTION, GEO, evaluations=12, workers=2, seed=6, chains=1).chains == 1
    assert len(asked) == 1  # one chain runs here


def test_a_seconds_budget_reports_the_share_of_time_spent():
    seen: list[float] = []
    improve(SOLUTION, GEO, seconds=0.3, workers=1, seed=2, progress=seen.append)
    assert seen and seen == sorted(seen)
    assert 0.0 < seen[0] < 0.5 and all(0.0 < v <= 1.0 for v in seen)
    assert seen[-1] >= 0.9


def test_among_chains_of_equal_score_the_first_one_wins():
    chains = [run_chain(ChainTask(SOLUTION, None, PLAIN, Figure.LEVEL, 2, i, 3, None, None,
                                  None)) for i in range(4)]
    top = max(r.score for r in chains)
    tied = [r for r in chains if r.score == top]
    assert len({r.puzzle for r in tied}) >= 2  # a real tie between different puzzles
    result = improve(SOLUTION, GEO, evaluations=12, workers=1, seed=2, chains=4,
                     objective=Figure.LEVEL)
    assert result.puzzle == tied[0].puzzle
    assert_dug_to(result.puzzle, SOLUTION, PLAIN, GEO)


def test_improve_defaults_and_its_smallest_budget():
    assert improve(SOLUTION, GEO, evaluations=6, workers=1).puzzle == improve(
        SOLUTION, GEO, evaluations=6, workers=1, seed=0).puzzle
    single = improve(SOLUTION, GEO, evaluations=1, workers=1)
    assert single.evaluations == 1 and single.chains == 1
    assert_dug_to(single.puzzle, SOLUTION, PLAIN, GEO)
    # A jigsaw grid keeps its own regions without a shape given.
    jigsaw = make_puzzle(DigSpec(6, variant=Variant.JIGSAW), 1, 0)
    result = improve(jigsaw.solution, jigsaw.geo, evaluations=4, workers=1)
    assert count_exact(result.puzzle, jigsaw.geo) == 1
    assert all(v in (0, s) for v, s in zip(result.puzzle, jigsaw.solution, strict=True))


@pytest.mark.parametrize(("kwargs", "message"), [
    ({}, "improve needs one budget: evaluations or seconds"),
    ({"evaluations": 4, "ceiling": 0.0},
     "no puzzle of this solution with 0-36 clues and no symmetry below way_complexity 0 in 4 "
     "digs: widen the clue range")])
def test_improve_says_exactly_what_is_wrong(kwargs, message):
    with pytest.raises(GenerationError) as e:
        improve(SOLUTION, GEO, workers=1, **kwargs)
    assert str(e.value) == message


@pytest.mark.parametrize("spec", [SHAPED, DigSpec(6, Symmetry.MIRROR, minimal=True)],
                         ids=["rotational-range", "mirror-minimal"])
def test_every_move_keeps_the_symmetry_range_and_minimality(spec):
    start = make_puzzle(spec, 5, 0)
    current, rng, moved = start.puzzle, random.Random(1), 0
    for _ in range(15):
        neighbour = improve_module._neighbour(current, start.solution, spec, rng, None)
        if neighbour is not None:
            assert_dug_to(neighbour, start.solution, spec, GEO)
            moved += neighbour != current
            current = neighbour
    assert moved >= 5


def test_a_fresh_dig_of_a_range_stops_in_it_and_the_range_holds_both_ends():
    rng = random.Random(3)
    for _ in range(4):
        puzzle = improve_module._fresh(SOLUTION, SHAPED, rng, None)
        assert puzzle is not None  # not dug on to minimal, below the range
        assert_dug_to(puzzle, SOLUTION, SHAPED, GEO)
    twelve = improve_module._fresh(SOLUTION, DigSpec(6, clues=ClueTarget(12, 20)), rng, None)
    assert twelve is not None and sum(1 for v in twelve if v) == 12
    for k in (12, 13):
        assert improve_module._in_range(twelve, DigSpec(6, clues=ClueTarget(k, 13))) == (
            twelve if k == 12 else None)
        assert improve_module._in_range(twelve, DigSpec(6, clues=ClueTarget(11, k))) is twelve
    assert improve_module._in_range(twelve, DigSpec(6, clues=ClueTarget(10, 11))) is None


def test_a_fresh_puzzle_no_better_than_the_current_one_is_not_taken(monkeypatch):
    log = _Log(monkeypatch, Figure.LEVEL)
    run_chain(ChainTask(SOLUTION, None, PLAIN, Figure.LEVEL, 2, 0, 20, None, None, None))
    (_, _, first, a), (_, _, second, b), (kind, start, _, _) = log.moves[:3]
    assert a == b and first != second  # a tie between two different fresh puzzles
    assert kind == "move" and start == first
