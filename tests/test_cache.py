"""The build cache and the progress lines, inside: records read back equal, a cache makes
only what it does not hold, keys follow what decides a section, files that are not ours
are never written, and the lines say what they should. The CLI's side (a killed build
resumed, a changed config, lines on a pipe) is in test_resume.py."""

from __future__ import annotations

import io
import sqlite3
import threading
from pathlib import Path

import pytest

from bookgen.book import cache as cache_module
from bookgen.book.bank import Bank
from bookgen.book.cache import (
    APPLICATION_ID,
    FOREIGN,
    SCHEMA,
    Cache,
    Kind,
    cached_map,
    decode,
    encode,
    section_key,
)
from bookgen.book.config import Difficulty
from bookgen.book.pipeline import CANDIDATE, IMPROVED, Candidate, _candidate
from bookgen.book.progress import Lines, _Reporter, duration, line
from bookgen.core.grid import geometry, parse
from bookgen.core.model import Band, DigSpec
from bookgen.core.rules import Variant
from bookgen.grade.rating import rate
from bookgen.grade.scale import Technique
from bookgen.make.select import Rules
from bookgen.variants.killer.cages import Cage

GOLDEN = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"
"""SPEC 3's example: a trace with a way of 15 steps, and a grade."""

EASY = Rules(DigSpec(4), Difficulty(Band.EASY, ()))


def _golden() -> Candidate:
    values, geo = parse(GOLDEN)
    return Candidate(rate(values, geo), None)


def _jigsaw() -> Candidate:
    rules = Rules(DigSpec(6, variant=Variant.JIGSAW), Difficulty(Band.EASY, ()))
    return _candidate((rules, "jigsaw", 0))


def _killer() -> Candidate:
    # made by hand: a record needs cages and no trace, not a puzzle the kernels made
    r = rate(parse(GOLDEN)[0], geometry(9), with_grade=False)
    return Candidate(type(r)(r.puzzle, 1, r.solution, None, r.clues, 0.5, 3.1, Band.HARD,
                             Technique.INNIES_OUTIES, ((Technique.CAGE_COMBINATIONS, 3),
                                                       (Technique.INNIES_OUTIES, 1))),
                     None, (Cage(3, (0, 1)), Cage(45, tuple(range(2, 81)))))


def _two_solutions() -> Candidate:
    values, geo = parse("." * 16)
    return Candidate(rate(values, geo), None)


@pytest.mark.parametrize("make", [_golden, _jigsaw, _killer, _two_solutions])
def test_a_candidate_reads_back_equal(make):
    made = make()
    assert decode(encode(CANDIDATE.write(made)), CANDIDATE.read) == made
    assert decode(encode(IMPROVED.write(made.rating)), IMPROVED.read) == made.rating


@pytest.mark.parametrize("blob", [b"", b"not zlib", encode([1, 2]), encode({"rating": {}})])
def test_a_damaged_record_reads_as_none(blob):
    assert decode(blob, CANDIDATE.read) is None


def counted(calls: list[int]):
    """A job that records its task and makes a value of it."""
    def job(task: int) -> int:
        calls.append(task)
        return task * task
    return job


def serial(func, tasks):
    return map(func, tasks)


SQUARES = cache_module.Codec(lambda v: v, int)


def test_a_cache_makes_only_what_it_does_not_hold(tmp_path):
    path, notes, calls = tmp_path / ".out.cache", [], []
    with Cache(path, notes.append) as c:
        first = list(cached_map(c, "k", serial, counted(calls), [(i, i) for i in range(4)],
                                SQUARES))
    with Cache(path, notes.append) as c:
        again = list(cached_map(c, "k", serial, counted(calls),
                                [(i, i) for i in range(2, 7)], SQUARES))
        other = list(cached_map(c, "other", serial, counted(calls), [(0, 5)], SQUARES))
        assert sorted(c.lookup("k", [0, 3, 9])) == [0, 3]
    assert (first, again, other) == ([0, 1, 4, 9], [4, 9, 16, 25, 36], [25])
    assert calls == [0, 1, 2, 3, 4, 5, 6, 5]
    assert notes == []


def test_a_damaged_record_is_made_again_and_replaced(tmp_path):
    path, calls = tmp_path / ".out.cache", []
    with Cache(path, print) as c:
        c.store("k", 0, b"garbage")
        c.store("k", 1, encode(1))
        assert list(cached_map(c, "k", serial, counted(calls), [(0, 3), (1, 4)], SQUARES)) == [
            9, 1]
        assert calls == [3]
        assert decode(c.lookup("k", [0])[0], int) == 9


def test_a_finished_build_keeps_only_its_own_sections(tmp_path):
    path = tmp_path / ".out.cache"
    with Cache(path, print) as c:
        for key in ("old", "mine"):
            c.store(key, 0, encode(0))
    with Cache(path, print) as c:
        c.lookup("mine", [0])
        c.keep_used()
        assert list(c.lookup("old", [0])) == [] and list(c.lookup("mine", [0])) == [0]


def _sqlite_other(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.execute("INSERT INTO notes VALUES ('mine')")
    db.commit()
    db.close()


def _bank(path: Path) -> None:
    with Bank(path):
        pass


@pytest.mark.parametrize("make", [
    lambda p: p.write_bytes(b"hello"), lambda p: p.write_bytes(bytes(range(256)) * 20),
    _sqlite_other, _bank,
], ids=["text", "binary", "sqlite", "bank"])
def test_a_file_that_is_not_a_cache_is_left_as_it_is(tmp_path, make):
    path, notes, calls = tmp_path / ".out.cache", [], []
    make(path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with Cache(path, notes.append) as c:
        made = list(cached_map(c, "k", serial, counted(calls), [(0, 2), (1, 3)], SQUARES))
        c.keep_used()
    assert made == [4, 9] and calls == [2, 3]
    assert notes == [f"note: {path}: {FOREIGN}; building without the cache"]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_cache_of_another_schema_is_emptied_and_used(tmp_path):
    path, notes = tmp_path / ".out.cache", []
    with Cache(path, notes.append) as c:
        c.store("k", 0, encode(0))
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA + 1}")
    db.close()
    with Cache(path, notes.append) as c:
        assert c.lookup("k", [0]) == {}
        c.store("k", 1, encode(1))
        assert list(c.lookup("k", [1])) == [1]
    db = sqlite3.connect(path)
    assert [db.execute(f"PRAGMA {p}").fetchone()[0] for p in ("application_id", "user_version")
            ] == [APPLICATION_ID, SCHEMA]
    db.close()
    assert notes == []


def test_a_folder_in_the_caches_place_is_told_once(tmp_path):
    path, notes = tmp_path / ".out.cache", []
    path.mkdir()
    with Cache(path, notes.append) as c:
        c.store("k", 0, encode(0))
        assert c.lookup("k", [0]) == {}
    assert len(notes) == 1 and notes[0].startswith(f"note: {path}: cannot use it (")


def test_section_keys_follow_what_decides_the_items(monkeypatch):
    hard = Rules(DigSpec(4), Difficulty(Band.HARD, ()))
    key = section_key(Kind.RANDOM, EASY, "1:0")
    assert key == section_key(Kind.RANDOM, Rules(DigSpec(4), Difficulty(Band.EASY, ())), "1:0")
    others = {section_key(Kind.RANDOM, hard, "1:0"), section_key(Kind.RANDOM, EASY, "1:1"),
              section_key(Kind.IMPROVED, EASY, "1:0")}
    monkeypatch.setattr(cache_module, "fingerprint", lambda: "another bookgen")
    others.add(section_key(Kind.RANDOM, EASY, "1:0"))
    assert len(others) == 4 and key not in others


# ---------------------------------------------------------------- progress lines


@pytest.mark.parametrize("seconds, text", [(0.4, "0s"), (40, "40s"), (100, "1m40s"),
                                           (3599.6, "1h00m"), (7500, "2h05m")])
def test_durations_read_as_people_write_them(seconds, text):
    assert duration(seconds) == text


def test_a_line_says_section_count_elapsed_and_left():
    assert line("Hard", 12, 20, 100) == (
        'progress: section "Hard" 12/20 puzzles, 1m40s elapsed, about 1m07s left')
    assert line("Hard", 0, 20, 35) == 'progress: section "Hard" 0/20 puzzles, 35s elapsed'
    assert line("Hard", 20, 20, 150, done=True) == (
        'progress: section "Hard" 20/20 puzzles, done in 2m30s')


def test_without_the_alarm_a_line_comes_with_a_puzzle_once_due():
    """Outside the main thread there is no timer: found puzzles bring the lines."""
    now = [0.0]
    stream = io.StringIO()

    def section() -> None:
        with _Reporter(Lines(30, stream), "Easy", 5, lambda: now[0]) as r:
            for t in (10, 31, 35, 62, 70):
                now[0] = t
                r.update(1)

    worker = threading.Thread(target=section)
    worker.start()
    worker.join()
    assert stream.getvalue().splitlines() == [
        'progress: section "Easy" 2/5 puzzles, 31s elapsed, about 46s left',
        'progress: section "Easy" 4/5 puzzles, 1m02s elapsed, about 16s left',
        'progress: section "Easy" 5/5 puzzles, done in 1m10s',
    ]
