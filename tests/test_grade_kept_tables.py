"""The grader's kept tables: the board's where and holders tables, kept up to date step by
step; the finders' notes on a board (what they found nothing in, as of which change); and
the finders' memos, kept by a unit's places or a digit's holders.

Glossary:
  fresh   a table computed here from the board's candidates, cell by cell, as the
          glossary of bookgen/grade/board.py defines it
"""

from __future__ import annotations

import random

import pytest

from bookgen.core.grid import geometry, parse
from bookgen.core.rules import Variant
from bookgen.grade import solver
from bookgen.grade.board import Board, Step
from bookgen.grade.scale import Technique
from bookgen.grade.techniques import fish, singles, subsets, uniqueness

JIGSAW5 = "AAABB" "AACBB" "DCCCB" "DDCEE" "DDEEE"
GEOS = {
    "classic 9": geometry(9),
    "classic 6": geometry(6),
    "classic 16": geometry(16),
    "x 9": geometry(9, Variant.X),
    "hyper 9": geometry(9, Variant.HYPER),
    "jigsaw 5": geometry(5, Variant.JIGSAW, JIGSAW5),
}


def fresh_where(board: Board) -> list[list[int]]:
    n, cands = board.n, board.cands
    return [
        [sum(1 << i for i, c in enumerate(cells) if cands[c] >> d & 1) for d in range(n)]
        for cells in board.geo.units
    ]


def fresh_holders(board: Board) -> list[int]:
    n, cands = board.n, board.cands
    return [0] + [
        sum(1 << c for c, m in enumerate(cands) if m >> (d - 1) & 1) for d in range(1, n + 1)
    ]


def random_step(rng: random.Random, board: Board) -> Step:
    """A placement of one of a cell's candidates, or a few removals (some of candidates
    already gone, which change nothing)."""
    open_cells = [c for c, m in enumerate(board.cands) if m]
    tech = Technique.TRIAL
    if rng.random() < 0.3:
        cell = rng.choice(open_cells)
        value = rng.choice([d for d in range(1, board.n + 1) if board.cands[cell] >> (d - 1) & 1])
        return Step(tech, tech.se, (cell,), (value,), placed=((cell, value),))
    gone = tuple(
        (rng.choice(open_cells), rng.randint(1, board.n)) for _ in range(rng.randint(1, 4))
    )
    return Step(tech, tech.se, (), (), eliminated=gone)


@pytest.mark.parametrize("name", GEOS)
@pytest.mark.parametrize("seed", range(4))
def test_kept_tables_equal_fresh_ones_after_random_steps(name, seed):
    geo = GEOS[name]
    rng = random.Random(seed)
    values = [0] * geo.ncells
    for c in rng.sample(range(geo.ncells), geo.ncells // 5):
        values[c] = rng.randint(1, geo.n)  # clashes do not matter to the bookkeeping
    board = Board(tuple(values), geo)
    assert board.where() == fresh_where(board)
    assert board.holders() == fresh_holders(board)
    steps = 0
    while any(board.cands) and steps < 60:
        step = random_step(rng, board)
        before = list(board.cands)
        changed = board.apply(step)
        assert changed == (board.cands != before or any(v for _, v in step.placed))
        assert board.where() == fresh_where(board), f"after step {steps}: {step}"
        assert board.holders() == fresh_holders(board), f"after step {steps}: {step}"
        steps += 1
    assert steps >= 10


def test_tables_built_after_direct_edits_and_forgotten_after_later_ones():
    board = Board((0,) * 81, geometry(9))
    board.cands[0] &= ~1  # before the first where(): the table is built from this
    assert board.where() == fresh_where(board)
    assert board.where()[0][0] == 0b111111110
    board.cands[1] &= ~1
    board.forget()
    assert board.where() == fresh_where(board)
    assert board.holders() == fresh_holders(board)
    assert board.holders()[1] & 0b11 == 0


def test_broken_board_is_an_empty_cell_without_candidates():
    board = Board((0,) * 81, geometry(9))
    assert not board.broken()
    board.apply(Step(Technique.TRIAL, 10.0, (), (), eliminated=tuple((5, d) for d in range(1, 10))))
    assert board.broken()
    board.place(5, 3)  # a filled cell has no candidates and is not broken
    assert not board.broken()


NOTED = {
    "full houses": singles.full_houses,
    "hidden singles box": singles.hidden_singles_box,
    "hidden singles line": singles.hidden_singles_line,
    "direct pointing": subsets.direct_pointing,
    "direct claiming": subsets.direct_claiming,
    "pointing": subsets.pointing,
    "claiming": subsets.claiming,
    "direct hidden pair": subsets.direct_hidden_pair,
    "direct hidden triple": subsets.direct_hidden_triple,
    "naked pair": subsets.naked_pair,
    "naked triple": subsets.naked_triple,
    "hidden pair": subsets.hidden_pair,
    "hidden triple": subsets.hidden_triple,
    "naked quad": subsets.naked_quad,
    "hidden quad": subsets.hidden_quad,
}


def fresh_copy(board: Board) -> Board:
    """A board with the same values and candidates and no notes or kept tables."""
    copy = Board(tuple(board.values), board.geo)
    copy.cands[:] = board.cands
    return copy


@pytest.mark.parametrize("name", ["classic 9", "x 9", "hyper 9", "classic 6", "jigsaw 5"])
@pytest.mark.parametrize("seed", range(3))
def test_finders_with_notes_find_what_they_find_on_a_fresh_board(name, seed):
    # each finder runs after every random step (as the ladder calls it), with what its
    # notes let it skip, and must find exactly what it finds on a copy without notes;
    # a step found and not applied is found again
    geo = GEOS[name]
    rng = random.Random(100 + seed)
    puzzle = [0] * geo.ncells
    board = Board(tuple(puzzle), geo)
    found = 0
    for _ in range(45):
        if not any(board.cands):
            break
        for label, finder in NOTED.items():
            got = finder(board)
            assert got == finder(fresh_copy(board)), label
            assert finder(board) == got, label
            found += bool(got)
        board.apply(random_step(rng, board))
    assert found >= 5


def clear_memos() -> None:
    for cache in (
        fish._FOUND, fish._FOUND_FISH, fish._NETWORKS, fish._UNITS, fish._ENDS,
        uniqueness._LOOPS,
    ):
        cache.clear()


def graded(puzzle: str) -> tuple[float, tuple[Step, ...]]:
    values, geo = parse(puzzle)
    g = solver.grade(values, geo)
    assert g.solved
    return g.grade, g.steps


def test_memos_give_each_puzzle_the_steps_it_gets_alone(data_dir):
    # puzzles whose solutions pass through fish, subsets, unique loops and strong links:
    # graded one after another (memos shared) and each alone on empty memos, the steps
    # agree
    rows = [ln.split() for ln in (data_dir / "se_calibration.txt").read_text().splitlines()]
    rated = [p for p, r in rows if r in ("3.2", "3.4", "3.8", "4.0", "4.1", "4.3", "5.4")]
    loops = [p for p, r in rows if r in ("4.5", "4.6")]
    puzzles = rated[::75][:14] + loops[::40][:4]
    assert len(puzzles) == 18
    clear_memos()
    together = [graded(p) for p in puzzles]
    alone = []
    for p in puzzles:
        clear_memos()
        alone.append(graded(p))
    assert together == alone
    for value, steps in together:
        assert round(max(s.difficulty for s in steps), 1) == value
    techniques = {s.technique for _, steps in together for s in steps}
    assert {Technique.X_WING, Technique.HIDDEN_PAIR} <= techniques
    assert techniques & {Technique.SKYSCRAPER, Technique.TWO_STRING_KITE,
                         Technique.TURBOT_CRANE, Technique.EMPTY_RECTANGLE}
    assert techniques & {Technique.UNIQUE_RECTANGLE, Technique.UNIQUE_LOOP}


def test_kept_loops_serve_another_pair_with_the_same_area():
    # two states whose start cell holds another pair, with the same cells holding the
    # pair and the same candidates there (1, 2, 3 in the rectangle's other three cells):
    # the loops kept for the first serve the second, whose type-2 removal differs
    geo = geometry(9)
    r2c5 = 13

    def state(pair: int) -> Board:
        board = Board((0,) * geo.ncells, geo)
        board.cands[:] = [0b111111000] * geo.ncells  # 4-9: no 1, so outside the area
        board.cands[0] = pair
        for c in (3, 9, 12):  # r1c4, r2c1, r2c4 with r1c1: the rectangle
            board.cands[c] = 0b111
        board.cands[r2c5] = 0b1110  # 2, 3, 4: it sees the three extra cells
        board.forget()
        return board

    def alone(pair: int) -> object:
        uniqueness._LOOPS.clear()
        return uniqueness.unique_loop(state(pair))

    pairs = (0b011, 0b101, 0b011)  # {1, 2}, {1, 3}, then {1, 2} again
    each_alone = [alone(pair) for pair in pairs]
    uniqueness._LOOPS.clear()
    kept = [uniqueness.unique_loop(state(pair)) for pair in pairs]
    assert len(uniqueness._LOOPS[geo.key]) == 1  # one entry served all three states
    assert kept == each_alone
    first, second = kept[0][0], kept[1][0]
    assert first.eliminated == ((r2c5, 3),) and second.eliminated == ((r2c5, 2),)
