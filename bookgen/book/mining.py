"""`bank mine`: neighbourhood mining (make/mine.py) with its state and finds in a bank.

Glossary:
  mining     one search, named by its grades and seed (mining_name): its rounds done, its
             pool and its tally live in the bank's mining table, every canon it graded in
             the mined table; the same command run again continues it
  first pool round 0: the bank's POOL_SIZE hardest classic 9x9 puzzles (grade, then id;
             their stored grades); when the bank holds fewer, it also grades DIGS random
             minimal digs of the mining's own, and the pool takes the hardest of both
  find       a graded candidate within the grades: stored in the bank (run: the mining's
             name, run_index: its round) unless an isomorph is stored already; a candidate
             whose canon the bank holds, or this mining graded before, is not graded again
  round      one expand map, one grade map (results in task order), then the finds, the
             mined canons, the pool and the tally written in one transaction: a killed
             mining loses at most the round in flight, and ends, run again, with the same
             finds as one never killed
  stop       --rounds: once the mining has done that many rounds in all (so a rerun after
             a kill stops where the first would have); --seconds: at the first round
             boundary after that many seconds of this command
  disguise   a book prints each mined puzzle as a random isomorph, rated again: the
             finds of one mining descend from few seeds (a 300 s mining: 173 finds of
             two solution grids), and printed as found a page of them shows one pattern
             of givens four times over; the bank and the series' ledger know it by its
             canonical form all the same
  cap        the ladder filter's cut (mine.py: filters), off unless asked: measured by
             bench mine's audit, it cost 7.9 CPU s and saved 1.2 (of 123 s of whole
             grades): the candidates it drops are the ones cheap to grade whole anyway,
             and every other pays for the cut ladder before its whole grade
  section    a book section of classic 9x9 puzzles, no symmetry and no technique, whose
             grades start at MINE_FROM or higher (mines): before it is filled, the build
             mines (seed: the book's) into its bank, or into a scratch bank of its own
             when the config names none, until the bank offers the section enough
             puzzles, or BOOK_ROUNDS rounds; the section then takes the bank's offers
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import InputError
from ..core.grid import Grid, format_line, parse
from ..core.rules import Figure, Symmetry, Variant, grade_ceiling
from ..engine.canon import cell_map
from ..grade.rating import Rating, rate
from ..make.cluster import cluster_pool
from ..make.improve import PoolMap, worker_pool
from ..make.mine import (
    DIGS,
    GEO,
    GRADES_PER_ROUND,
    POOL_SIZE,
    Candidate,
    DigTask,
    ExpandTask,
    Graded,
    GradeTask,
    Seed,
    Tally,
    dig_task,
    expand_task,
    grade_task,
    next_pool,
    pick,
    seed_of,
)
from .bank import Bank, Entry, GradeRange, symmetry_of
from .config import SectionConfig

__all__ = ["BANDS_SHOWN", "BOOK_ROUNDS", "MINE_FROM", "MineResult", "disguised", "mine",
           "mine_for", "mine_with", "mined_rate", "mines", "mining_name", "section_grades"]

MINE_FROM = 9.0
"""A book section whose grades start here or higher fills by mining (mines): random digs
reach 9.0 about 200 to 400 times a CPU hour, mining about 1,500 (bench mine)."""

BOOK_ROUNDS = 400
"""Most rounds a build mines for one section; what they leave unfilled is dug as before."""

MINED_RATES: dict[float, float] = {9.0: 3000.0, 10.0: 0.0}
"""Finds a CPU hour of a mining from an empty bank, at 9.0+ and 10.0+ (bench mine; see
benchmarks/2026-11-27-mining.md: 4,600 on the last run; rates vary by seed, so the
estimate takes less); 0: none found."""

BANDS_SHOWN = (8.0, 9.0, 10.0)
"""The grades the finds are counted from (8.0+, 9.0+, 10.0+)."""


def mining_name(grades: GradeRange, seed: int) -> str:
    """The name of a mining: everything that decides its finds."""
    return f"mine size=9 grades={grades} seed={seed}"


@dataclass(frozen=True)
class MineResult:
    """What a `bank mine` command did."""

    rounds: int
    """Rounds done in all (this mining, runs before included)."""
    ran: int
    """Rounds this command did."""
    graded: tuple[Graded, ...]
    """Every candidate this command graded (whole, or by the cut ladder), in order."""
    stored: int
    """Finds this command added to the bank."""
    finds: int
    """Finds this command made (within the grades; stored or an isomorph already there)."""
    tally: Tally
    """What the stages did in this command."""
    cpu: float
    """CPU seconds of this command: its own and its workers' tasks."""
    wall: float
    """Wall seconds of this command."""
    pool: tuple[Seed, ...] = field(default=())
    """The pool after the last round."""

    def at_least(self, grade: float) -> int:
        """Candidates graded at `grade` or more (the cut ladder's grades, with a cap, are
        exact too)."""
        return sum(1 for g in self.graded if g.grade >= grade - 1e-9)


@dataclass(frozen=True)
class _State:
    rounds: int
    pool: tuple[Seed, ...]
    tally: Tally

    def dumps(self) -> str:
        return json.dumps({"pool": [s.as_dict() for s in self.pool],
                           "tally": self.tally.as_dict()}, sort_keys=True)


def _load(bank: Bank, name: str) -> _State | None:
    row = bank.db.execute("SELECT rounds, state FROM mining WHERE name = ?", (name,)).fetchone()
    if row is None:
        return None
    data = json.loads(row[1])
    return _State(int(row[0]), tuple(Seed.of_dict(d) for d in data["pool"]),
                  Tally(**data["tally"]))


def _bank_seeds(bank: Bank) -> list[Seed]:
    """The bank's POOL_SIZE hardest classic 9x9 puzzles, each its own family."""
    rows = bank.db.execute(
        "SELECT id, givens, solution, grade FROM puzzle WHERE size = 9 AND variant = "
        "'classic' ORDER BY grade DESC, id LIMIT ?", (POOL_SIZE,)).fetchall()
    return [seed_of(parse(givens)[0], parse(solution)[0], float(grade), -int(id_))
            for id_, givens, solution, grade in rows]


def _skipped(bank: Bank, name: str, canons: list[str]) -> set[str]:
    """The canons among `canons` this mining graded before or the bank holds."""
    out: set[str] = set()
    for start in range(0, len(canons), 500):
        chunk = canons[start:start + 500]
        marks = ",".join("?" * len(chunk))
        out.update(c for (c,) in bank.db.execute(
            f"SELECT canon FROM mined WHERE mining = ? AND canon IN ({marks}) UNION "
            f"SELECT canon FROM puzzle WHERE canon IN ({marks})", (name, *chunk, *chunk)))
    return out


def mine(
    path: str | Path, grades: GradeRange, seed: int = 0, seconds: float | None = None,
    rounds: int | None = None, workers: int | None = None, cluster: str | None = None,
    minimal: bool = True, audit: bool = False, cap: float = 0.0,
    progress: Callable[[int, float], None] | None = None,
) -> MineResult:
    """Mine until the mining has done `rounds` rounds in all or this call has run
    `seconds` (at a round's end); see the glossary. `progress(rounds, seconds)` after each
    round. With `audit` every candidate is graded whole (mine.py: audit); `cap` > 0 turns
    the ladder filter on, cut at min(LO, cap)."""
    if seconds is None and rounds is None:
        raise InputError("give --seconds or --rounds: mining has no end of its own")
    top = grade_ceiling(Variant.CLASSIC.name, 9)
    if grades.lo > top:
        raise InputError(f"--grade {grades}: no 9x9 puzzle grades above {top:g}, so a mining "
                         f"for {grades.lo:g} and up would find nothing; expected a range that "
                         f"starts at {top:g} or below")
    t0 = time.monotonic()

    def going(done: int) -> bool:
        return (rounds is None or done < rounds) and (
            seconds is None or time.monotonic() - t0 < seconds)

    # one worker runs the tasks in this process: their CPU is this process's already
    apart = cluster is not None or (workers or os.cpu_count() or 1) > 1
    with Bank(path) as bank, (
            cluster_pool(cluster) if cluster is not None else worker_pool(workers)) as pmap:
        return mine_with(bank, grades, seed, pmap, going, apart, minimal, audit,
                         min(grades.lo, cap), progress)


def section_grades(section: SectionConfig) -> GradeRange:
    """The grades a section's difficulty allows (its band and any grade range)."""
    difficulty = section.difficulty
    lo, hi = difficulty.band.bounds if difficulty.band else (0.0, float("inf"))
    for figure, a, b in difficulty.ranges:
        if figure is Figure.GRADE:  # ranges are inclusive; the bank's hi is not
            lo, hi = max(lo, a), min(hi, b + 0.05)
    return GradeRange(lo, hi)


def mines(section: SectionConfig) -> bool:
    """Whether a book section fills by mining (see the glossary)."""
    dig, difficulty = section.dig, section.difficulty
    return (section_grades(section).lo >= MINE_FROM and dig.variant is Variant.CLASSIC
            and dig.size == 9 and dig.symmetry is Symmetry.NONE and difficulty.technique is None
            and not difficulty.needs)


def mined_rate(section: SectionConfig) -> float | None:
    """Finds a CPU hour mining gives a section that mines (MINED_RATES at the least of its
    grades, 10.0+ from 10.0 up), or None when the bench found none."""
    rate = MINED_RATES[10.0 if section_grades(section).lo >= 10.0 else MINE_FROM]
    return rate or None


def disguised(rating: Rating, seed: int) -> Rating:
    """A mined puzzle as a book prints it: a random isomorph (digits relabelled, bands,
    stacks, the rows of each band and the columns of each stack shuffled, maybe
    transposed; drawn from the book's seed and the puzzle), rated again (see the
    glossary: disguise)."""
    assert rating.solution is not None
    rng = random.Random(f"{seed}:disguise:{format_line(rating.puzzle)}")
    rows = [3 * band + row for band in rng.sample(range(3), 3) for row in rng.sample(range(3), 3)]
    cols = [3 * stack + col for stack in rng.sample(range(3), 3)
            for col in rng.sample(range(3), 3)]
    digits = [0, *rng.sample(range(1, 10), 9)]
    flip = rng.random() < 0.5

    # transposed after the line moves: image (r, c) takes source (rows[c], cols[r])
    table = cell_map(9, cols, rows, True) if flip else cell_map(9, rows, cols, False)

    def moved(grid: Grid) -> Grid:
        return tuple(digits[grid[i]] for i in table)

    return rate(moved(rating.puzzle), GEO)


def mine_for(bank: Bank, grades: GradeRange, seed: int, pmap: PoolMap,
             enough: Callable[[], bool], apart: bool) -> MineResult:
    """Mine for a book section until enough() (asked before each round) or BOOK_ROUNDS
    rounds."""
    ran: list[int] = []

    def going(done: int) -> bool:
        ran.append(done)
        return done - ran[0] < BOOK_ROUNDS and not enough()

    return mine_with(bank, grades, seed, pmap, going, apart)


def mine_with(
    bank: Bank, grades: GradeRange, seed: int, pmap: PoolMap, going: Callable[[int], bool],
    apart: bool, minimal: bool = True, audit: bool = False, cap: float = 0.0,
    progress: Callable[[int, float], None] | None = None,
) -> MineResult:
    """mine on an open bank and pool: rounds while going(rounds done in all); `apart`:
    the tasks run in other processes, whose CPU seconds count besides this one's; `cap`:
    the ladder filter's cut (0: none)."""
    name = mining_name(grades, seed)
    t0, c0 = time.monotonic(), time.process_time()
    cpu = 0.0
    tally = Tally()
    everything: list[Graded] = []
    stored = finds = ran = 0
    state = _load(bank, name) or _State(0, (), Tally())
    while going(state.rounds):
        known, lists, expanded = _expand(bank, state, seed, minimal, audit, pmap)
        chosen = pick(lists, _skipped(bank, name, [c.canon for cs in lists for c in cs]),
                      DIGS if state.rounds == 0 else GRADES_PER_ROUND)
        results = list(pmap(grade_task, [GradeTask(c, grades.lo, grades.hi, cap, audit)
                                         for c in chosen]))
        graded = [g for g, _ in results]
        round_tally = sum((t for _, t in results), expanded)
        entries = [Entry(g.candidate.canon, g.figures, symmetry_of(g.candidate.puzzle, 9),
                         run=name, run_index=state.rounds)
                   for g in graded if g.figures is not None]
        state = _State(state.rounds + 1, tuple(next_pool(state.pool, known + graded)),
                       state.tally + round_tally)
        with bank.write():
            stored += bank.add(entries, 9)
            bank.db.executemany("INSERT INTO mined (mining, canon) VALUES (?, ?) ON "
                                "CONFLICT DO NOTHING",
                                [(name, g.candidate.canon) for g in graded])
            bank.db.execute(
                "INSERT INTO mining (name, rounds, state) VALUES (?, ?, ?) ON CONFLICT "
                "(name) DO UPDATE SET rounds = excluded.rounds, state = excluded.state",
                (name, state.rounds, state.dumps()))
        bank.check_same_file()
        finds += len(entries)
        tally += round_tally
        cpu += round_tally.cpu
        everything += graded
        ran += 1
        if progress:
            progress(state.rounds, time.monotonic() - t0)
    own = time.process_time() - c0
    return MineResult(state.rounds, ran, tuple(everything), stored, finds, tally,
                      own + cpu if apart else own, time.monotonic() - t0, state.pool)


def _expand(bank: Bank, state: _State, seed: int, minimal: bool, audit: bool,
            pmap: PoolMap) -> tuple[list[Graded], list[list[Candidate]], Tally]:
    """The round's known seeds (the bank's hardest, in round 0, as graded already), its
    candidates, one list per task in task order, and their tally: the pool's neighbours,
    or in round 0 random digs when the bank holds too few seeds."""
    if state.rounds == 0:
        known = [Graded(Candidate(s.puzzle, s.solution, s.canon, s.family), s.grade, None,
                        False) for s in _bank_seeds(bank)]
        if len(known) == POOL_SIZE:
            return known, [], Tally()
        results = list(pmap(dig_task, [DigTask(seed, i) for i in range(DIGS)]))
    else:
        known = []
        results = list(pmap(expand_task, [ExpandTask(seed, state.rounds, i, s, minimal, audit)
                                          for i, s in enumerate(state.pool)]))
    return known, [cs for cs, _ in results], sum((t for _, t in results), Tally())
