"""Fast 9x9 generation: the dig's shortcuts past its removal test and the batch kernel.

The dig skips the removal test where the answer is sure (a hidden single keeps a clue, an
unavoidable set of the solution left without a clue loses it), counts from its own given
words, and make_puzzles makes a chunk of puzzles in one kernel call. Checked here: the
puzzles are unique (the independent exact-cover solver) and minimal, with symmetry and
clue ranges; each shortcut against the exact-cover solver; the batch against make_puzzle
and the compiled kernels against the pure-Python reference; the same puzzles for 1 and 2
workers.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from exact_cover import count_exact, solutions_exact
from shapes import assert_dug_to

from bookgen.core.grid import geometry
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Symmetry, Variant
from bookgen.engine.kernels import band_search
from bookgen.make import generate
from bookgen.make.generate import complete_board, make_puzzle, make_puzzles, puzzle_run
from bookgen.make.improve import iter_generated

GEO = geometry(9)

SPECS = {
    "minimal": DigSpec(minimal=True),
    "minimal rotational": DigSpec(symmetry=Symmetry.ROTATIONAL, minimal=True),
    "minimal dihedral": DigSpec(symmetry=Symmetry.DIHEDRAL, minimal=True),
    "clues 24-27": DigSpec(clues=ClueTarget(24, 27)),
    "clues 30-32 mirror": DigSpec(symmetry=Symmetry.MIRROR, clues=ClueTarget(30, 32)),
    "minimal clues 22-24": DigSpec(clues=ClueTarget(22, 24), minimal=True),
}
"""Shapes of 9x9 puzzles the batch makes: symmetries, clue ranges, minimal or not."""


def _words(cells: list[int]) -> list[int]:
    """Three band words of a set of cells."""
    w = [0, 0, 0]
    for c in cells:
        w[c // 27] |= 1 << (c % 27)
    return w


def _cells(words: np.ndarray) -> list[int]:
    return [27 * b + x for b in range(3) for x in range(27) if int(words[b]) >> x & 1]


@pytest.mark.parametrize("name", SPECS)
def test_batch_puzzles_are_unique_and_of_their_shape(name: str) -> None:
    spec = SPECS[name]
    made = make_puzzles(spec, "fast", 0, 4, "numba")
    assert [p.index for p in made] == [0, 1, 2, 3]
    for p in made:
        assert_dug_to(p.puzzle, p.solution, spec, GEO)
        assert count_exact(p.solution, GEO) == 1 and all(p.solution)
        assert p.clues == sum(1 for v in p.puzzle if v)
    assert len({p.puzzle for p in made}) == len(made)


@pytest.mark.parametrize("name", SPECS)
def test_batch_gives_make_puzzles_puzzles(name: str) -> None:
    spec = SPECS[name]
    assert make_puzzles(spec, 9, 3, 6, "numba") == [
        make_puzzle(spec, 9, i, "numba") for i in range(3, 9)]


@pytest.mark.parametrize("budget", [1, 3])
def test_calls_cut_by_their_tries_give_the_same_puzzles(
        budget: int, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = SPECS["minimal clues 22-24"]  # several tries a puzzle
    whole = make_puzzles(spec, 1, 0, 5, "numba")
    assert max(p.tries for p in whole) > 1
    monkeypatch.setattr(generate, "BATCH_TRIES", budget)
    assert make_puzzles(spec, 1, 0, 5, "numba") == whole


@pytest.mark.parametrize("name", ["minimal", "minimal rotational", "clues 24-27"])
def test_compiled_and_reference_batches_agree(name: str) -> None:
    spec = SPECS[name]
    assert make_puzzles(spec, 4, 10, 2, "numba") == make_puzzles(spec, 4, 10, 2, "python")


@pytest.mark.parametrize(("kind", "regions"), [
    ("x", None), ("hyper", None), ("classic", None), ("jigsaw", None)])
def test_batch_and_single_agree_on_other_kinds(kind: str, regions: str | None) -> None:
    # X and hyper count on bands with extra units (hidden singles, no unavoidable sets);
    # a jigsaw without regions takes make_puzzle's path (a layout per puzzle)
    size = 6 if kind == "classic" else 9
    spec = DigSpec(size=size, variant=Variant.parse(kind), minimal=True, regions=regions)
    made = make_puzzles(spec, 2, 0, 2, "numba")
    assert made == [make_puzzle(spec, 2, i, "numba") for i in range(2)]
    for p in made:
        assert count_exact(p.puzzle, p.geo) == 1


def test_same_puzzles_for_one_and_two_workers() -> None:
    spec = SPECS["minimal"]
    # more than one chunk a worker, so the two runs split the work differently
    one = [p for p, _ in iter_generated(130, spec, 5, 0, 1, "numba")]
    two = [p for p, _ in iter_generated(130, spec, 5, 0, 2, "numba")]
    assert [p.index for p in one] == list(range(130))
    assert one == two


@pytest.mark.parametrize("seed", range(3))
def test_unavoidable_sets_each_have_another_filling(seed: int) -> None:
    solution = complete_board(GEO, random.Random(seed), "numba")
    sets = np.zeros((band_search.UNAVOIDABLE, 3), np.int64)
    holds = np.zeros((81, band_search.HELD + 1), np.int32)
    k = band_search.unavoidable_sets(np.array(solution, np.int8), sets, holds)
    assert 18 <= k <= band_search.UNAVOIDABLE  # one cycle at least for each pair of lines
    for i in range(k):
        cells = _cells(sets[i])
        blank = [0 if c in cells else v for c, v in enumerate(solution)]
        assert count_exact(blank, GEO) == 2, cells
    for c in range(81):
        held = holds[c, 1: holds[c, 0] + 1].tolist()
        assert held == [i for i in range(k) if c in _cells(sets[i])]


@pytest.mark.parametrize("seed", range(4))
def test_hidden_singles_keep_their_value(seed: int) -> None:
    rng = random.Random(seed)
    made = make_puzzle(DigSpec(clues=ClueTarget(34, 40)), seed, 0, "numba")
    given = np.zeros(30, np.int64)
    found = []
    for c in range(81):
        if not made.puzzle[c]:
            continue
        fewer = list(made.puzzle)
        fewer[c] = 0
        for other in rng.sample([x for x in range(81) if fewer[x]], rng.randrange(4)):
            fewer[other] = 0  # blank a few more cells: some singles go, some stay
        band_search.given_words(np.array(fewer, np.int8), given)
        v = made.solution[c]
        single = band_search.hidden_single(given, v - 1, c // 27, c % 27)
        row, col, box = c // 9, c % 9, (c // 27, c % 9 // 3)
        # the value has no other open cell of the row, column or box: written out plainly
        sees = {x for x in range(81) if fewer[x] == v}
        mates = [[x for x in range(81) if x // 9 == row], [x for x in range(81) if x % 9 == col],
                 [x for x in range(81) if (x // 27, x % 9 // 3) == box]]
        expected = any(all(
            fewer[x] or any(x // 9 == s // 9 or x % 9 == s % 9
                            or (x // 27, x % 9 // 3) == (s // 27, s % 9 // 3) for s in sees)
            for x in unit if x != c) for unit in mates)
        assert single == expected
        found.append(single)
        if single:  # then no solution has another value there (up to 20 looked at)
            assert all(s[c] == v for s in solutions_exact(fewer, GEO, 20))
    assert any(found) and not all(found)  # both answers were checked


@pytest.mark.parametrize("variant", [Variant.CLASSIC, Variant.HYPER])
def test_a_run_from_a_worker_reads_out_as_the_puzzles_made(variant):
    """What a pool's worker sends for plain puzzles (the kernel's arrays, no record)
    reads out as make_puzzle's puzzles, in order, with ints and tuples as they have."""
    import pickle

    spec = DigSpec(variant=variant, minimal=True)
    run = puzzle_run(spec, 6, 40, 30, "numba")
    assert run is not None and len(run) == 30
    back = pickle.loads(pickle.dumps(run))
    records = list(back)
    assert records == [make_puzzle(spec, 6, i, "numba") for i in range(40, 70)]
    assert all(type(p.puzzle) is tuple and type(p.clues) is int for p in records)
    # a record pickles through generate._unpickled; the run holds none
    assert b"_unpickled" in pickle.dumps(records) and b"_unpickled" not in pickle.dumps(run)


def test_a_run_is_made_only_where_one_kernel_call_makes_the_same_puzzles():
    assert puzzle_run(DigSpec(6, variant=Variant.JIGSAW), 1, 0, 2, "numba") is None
    assert puzzle_run(DigSpec(16, minimal=False), 1, 0, 1, "numba") is None
