"""Neighbourhood mining (make/mine.py, book/mining.py): the finds are unique by the
independent solver, within the grades, never a puzzle of the shared lists; the same for
one worker and two; the filters never drop a puzzle at or above their cap; the pool keeps
its families apart; an older bank gets the mining tables."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import numpy as np
import pytest
from conftest import DATA_DIR, missing_data
from exact_cover import count_exact, solutions_exact

from bookgen.book.bank import SCHEMA_VERSION, Bank, GradeRange
from bookgen.book.mining import mine, mining_name
from bookgen.core.errors import InputError
from bookgen.core.grid import geometry, parse
from bookgen.engine.canon import canonical_key
from bookgen.make.mine import (
    AGE_PENALTY,
    POOL_SHARE,
    POOL_SIZE,
    Candidate,
    Graded,
    GradeTask,
    Seed,
    grade_task,
    minimized,
    neighbours,
    next_pool,
    pick,
    seed_of,
)

GEO = geometry(9)
GRADES = GradeRange(6.0)
ROUNDS = 3


@pytest.fixture(scope="module")
def mined(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[sqlite3.Row]]:
    """A bank mined for ROUNDS rounds at GRADES from empty, on one worker; its finds."""
    bank = tmp_path_factory.mktemp("mine") / "bank.db"
    mine(bank, GRADES, seed=3, rounds=ROUNDS, workers=1)
    return bank, finds(bank)


def finds(bank: Path) -> list[sqlite3.Row]:
    with sqlite3.connect(bank) as db:
        db.row_factory = sqlite3.Row
        return db.execute("SELECT * FROM puzzle WHERE run = ? ORDER BY canon",
                          (mining_name(GRADES, 3),)).fetchall()


def test_finds_are_unique_within_the_grades_and_stored_by_their_canonical_form(
        mined: tuple[Path, list[sqlite3.Row]]) -> None:
    _, rows = mined
    assert len(rows) >= 5
    for row in rows:
        values, _ = parse(row["givens"])
        assert solutions_exact(values, GEO, 2) == [parse(row["solution"])[0]]
        assert row["grade"] >= GRADES.lo
        assert canonical_key(values, GEO) == row["canon"]
        assert 0 <= row["run_index"] < ROUNDS


def test_no_find_is_a_puzzle_of_the_shared_lists(mined: tuple[Path, list[sqlite3.Row]]
                                                 ) -> None:
    lists = sorted(DATA_DIR.glob("*.txt")) if DATA_DIR.is_dir() else []
    if not lists:
        missing_data(f"puzzle lists in {DATA_DIR}")
    _, rows = mined
    ours = {row["canon"] for row in rows}
    theirs = set()
    for path in lists:
        for line in path.read_text().splitlines():
            text = line[:81]
            if len(text) == 81 and not line.startswith("#"):
                theirs.add(canonical_key(parse(text)[0], GEO))
    assert len(theirs) > 1000
    assert not ours & theirs


def test_the_same_finds_and_state_for_two_workers(tmp_path: Path,
                                                  mined: tuple[Path, list[sqlite3.Row]]
                                                  ) -> None:
    one, rows = mined
    two = tmp_path / "two.db"
    mine(two, GRADES, seed=3, rounds=ROUNDS, workers=2)
    assert [tuple(r) for r in finds(two)] == [tuple(r) for r in rows]
    def state(bank: Path) -> list[object]:
        """Each mining's rounds and pool (its tally holds CPU seconds, never the same)."""
        with sqlite3.connect(bank) as db:
            return [(name, rounds, json.loads(text)["pool"]) for name, rounds, text
                    in db.execute("SELECT name, rounds, state FROM mining")]

    assert state(one) == state(two)
    assert len(state(one)[0][2]) == POOL_SIZE


def test_a_second_run_continues_the_first(tmp_path: Path,
                                          mined: tuple[Path, list[sqlite3.Row]]) -> None:
    bank = tmp_path / "bank.db"
    first = mine(bank, GRADES, seed=3, rounds=1, workers=1)
    second = mine(bank, GRADES, seed=3, rounds=ROUNDS, workers=1)
    assert (first.rounds, first.ran, second.rounds, second.ran) == (1, 1, ROUNDS, ROUNDS - 1)
    assert [tuple(r) for r in finds(bank)] == [tuple(r) for r in mined[1]]
    assert mine(bank, GRADES, seed=3, rounds=ROUNDS, workers=1).ran == 0


def test_a_mining_starts_from_the_banks_hardest(tmp_path: Path,
                                                mined: tuple[Path, list[sqlite3.Row]]) -> None:
    bank, rows = mined
    copy = tmp_path / "copy.db"
    with sqlite3.connect(bank) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    result = mine(copy, GradeRange(7.0), seed=5, rounds=1, workers=1)
    hardest = sorted(r["grade"] for r in rows)[-len(result.pool):]
    assert result.ran == 1 and result.tally.graded == 0  # no digs: the bank has seeds
    assert sorted(s.grade for s in result.pool) == hardest


def seed() -> Seed:
    """A minimal unique puzzle (SPEC 3's golden example) as a pool seed."""
    values, _ = parse(".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8"
                      "....5")
    (solution,) = solutions_exact(values, GEO, 2)
    return seed_of(values, solution, 8.0, 1)


def test_neighbours_take_their_new_givens_from_the_solution() -> None:
    s = seed()
    rows = neighbours(s, random.Random(1), 200)
    clues = sum(1 for v in s.puzzle if v)
    assert {int(np.count_nonzero(r)) - clues for r in rows} <= {-1, 0, 1}
    assert {int(np.count_nonzero(r)) - clues for r in rows} >= {0, 1}
    for row in rows:
        assert all(v in (0, s.solution[c]) for c, v in enumerate(row.tolist()))
    assert len({r.tobytes() for r in rows}) > 150


def test_minimized_puzzles_are_minimal_and_unique() -> None:
    s = seed()
    full = np.array(s.puzzle, dtype=np.int8)
    added = random.Random(2).sample([c for c in range(81) if not s.puzzle[c]], 15)
    full[added] = np.array(s.solution, dtype=np.int8)[added]
    out = minimized(full, random.Random(3)).tolist()
    assert count_exact(tuple(out), GEO) == 1
    assert sum(1 for v in out if v) < int(np.count_nonzero(full))
    for c, v in enumerate(out):
        if v:
            assert count_exact(tuple(0 if i == c else x for i, x in enumerate(out)), GEO) == 2


def candidate(k: int, family: int) -> Candidate:
    grid = tuple([k, *([0] * 80)])
    return Candidate(grid, grid, f"c{k:02d}", family)


def test_the_pool_keeps_families_apart_and_ranks_old_seeds_lower() -> None:
    graded = [Graded(candidate(k, family=0 if k < 6 else k), 9.0 - k / 10, None, False)
              for k in range(10)]
    pool = next_pool([], graded, size=6)
    assert [s.canon for s in pool] == ["c00", "c01", "c02", "c06", "c07", "c08"]
    assert sum(1 for s in pool if s.family == 0) == POOL_SHARE
    # expanded 19 rounds (20 after this one), it ranks as 8.75: below a fresh 8.8 (c02),
    # above a fresh 8.4 (c06), though it grades above them all
    old = Seed(candidate(50, 50).puzzle, candidate(50, 50).solution,
               round(8.75 + 20 * AGE_PENALTY, 6), 50, "old", 19)
    assert old.grade > 9.0
    assert [s.canon for s in next_pool([old], graded, size=4)] == ["c00", "c01", "c02", "old"]
    assert next_pool([old], [], size=4)[0].age == 20


def test_pick_takes_the_tasks_in_turn_and_skips_what_is_known() -> None:
    lists = [[candidate(1, 0), candidate(2, 0), candidate(3, 0)],
             [candidate(2, 1), candidate(4, 1)], []]
    assert [c.canon for c in pick(lists, {"c01"}, 3)] == ["c02", "c04", "c03"]
    assert [c.canon for c in pick(lists, set(), 10)] == ["c01", "c02", "c03", "c04"]


def test_the_ladder_filter_drops_only_what_grades_below_its_cap(
        mined: tuple[Path, list[sqlite3.Row]]) -> None:
    rows = sorted(mined[1], key=lambda r: (r["grade"], r["canon"]))
    dropped = kept = 0
    for row in rows[:5] + rows[-5:]:
        c = Candidate(parse(row["givens"])[0], parse(row["solution"])[0], row["canon"], 1)
        g, tally = grade_task(GradeTask(c, 7.0, 20.0, 7.0, audit=True))
        assert g.grade == row["grade"]
        assert g.dropped == (g.grade < 7.0)
        assert (g.figures is not None) == (g.grade >= 7.0)
        dropped += g.dropped
        kept += not g.dropped
        assert tally.graded == 1
    assert dropped and kept


def test_an_older_bank_gets_the_mining_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with Bank(path):
        pass
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE mining")
        db.execute("DROP TABLE mined")
        db.execute("PRAGMA user_version = 1")
    mine(path, GRADES, seed=3, rounds=1, workers=1)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db.execute("SELECT rounds FROM mining").fetchall() == [(1,)]


@pytest.mark.parametrize(("grades", "seconds", "rounds", "message"), [
    (GradeRange(9.0), None, None, "give --seconds or --rounds"),
    (GradeRange(12.5), None, 2, "--grade 12.5-: no 9x9 puzzle grades above 12, so a "
                                "mining for 12.5 and up would find nothing"),
])
def test_bad_requests(tmp_path: Path, grades: GradeRange, seconds: float | None,
                      rounds: int | None, message: str) -> None:
    with pytest.raises(InputError, match=message):
        mine(tmp_path / "b.db", grades, seconds=seconds, rounds=rounds, workers=1)
    assert not (tmp_path / "b.db").exists()


BOOK = """\
title: Fiendish
seed: 11
template: letter-4up
sections:
  - name: Warm-up
    count: 2
    difficulty: easy
  - name: Fiendish
    count: 2
    difficulty: {grade: [9.0, 11.0]}
"""


def test_a_section_of_9_0_and_up_fills_by_mining(tmp_path: Path) -> None:
    from bookgen.book.bandrates import book_estimate
    from bookgen.book.config import load_config
    from bookgen.book.mining import mines
    from bookgen.book.pipeline import build_book
    from bookgen.grade.rating import rate

    path = tmp_path / "book.yaml"
    path.write_text(BOOK)
    cfg = load_config(path, workers=1)
    assert [mines(s) for s in cfg.sections] == [False, True]
    line, _ = book_estimate(cfg, 1)
    assert "Fiendish " in line and " mining" in line
    # the same on any workers: mining's own (test_the_same_finds_and_state_for_two_workers)
    one = build_book(load_config(path, workers=2), progress=False).manifest
    fiendish = [p for p in one["puzzles"] if p["section"] == "Fiendish"]  # type: ignore[union-attr]
    assert len(fiendish) == 2
    for p in fiendish:
        values, _ = parse(p["givens"])
        assert count_exact(values, GEO) == 1
        assert rate(values, GEO).grade == p["grade"]
        assert 9.0 <= p["grade"] <= 11.0
        assert p["seed"].startswith("mined, scratch bank ")
    assert all(not p["seed"].startswith("mined")  # type: ignore[union-attr]
               for p in one["puzzles"] if p["section"] == "Warm-up")  # type: ignore[union-attr]


def test_a_seeds_candidates_come_hardest_by_way_complexity_first() -> None:
    from bookgen.engine.trace import trace
    from bookgen.make.mine import ExpandTask, expand_task

    s = seed()
    ranked, tally = expand_task(ExpandTask(1, 1, 0, s, True, False))
    plain, _ = expand_task(ExpandTask(1, 1, 0, s, True, False, rank=False))
    assert len(ranked) >= 5 and tally.unique >= len(ranked)
    assert sorted(c.canon for c in ranked) == sorted(c.canon for c in plain)
    ways = [trace(c.puzzle, GEO).way_complexity for c in ranked]
    assert ways == sorted(ways, reverse=True)
    assert ways != [trace(c.puzzle, GEO).way_complexity for c in plain]
    for c in ranked:
        assert count_exact(c.puzzle, GEO) == 1
        assert all(v in (0, s.solution[i]) for i, v in enumerate(c.puzzle))


def test_a_disguised_puzzle_is_an_isomorph_rated_again() -> None:
    from bookgen.book.mining import disguised
    from bookgen.grade.rating import rate

    s = seed()
    r = rate(s.puzzle, GEO)
    d = disguised(r, 5)
    assert d.puzzle != s.puzzle
    assert canonical_key(d.puzzle, GEO) == s.canon
    assert solutions_exact(d.puzzle, GEO, 2) == [d.solution]
    again = rate(d.puzzle, GEO)
    assert (d.grade, d.trace, d.steps) == (again.grade, again.trace, again.steps)
    assert disguised(r, 5).puzzle == d.puzzle and disguised(r, 6).puzzle != d.puzzle
