"""Neighbourhood mining: the search for very hard 9x9 puzzles around the hardest ones known.

Glossary:
  seed        a puzzle the search starts from, with its solution, grade and family: the
              bank's hardest puzzles, or (from an empty bank) the hardest of the search's
              own random minimal digs; no list of puzzles is ever read
  family      the dig or bank row a seed descends from (an int): every neighbour inherits
              its parent's family
  neighbour   {-n+m}: n givens of a seed removed and m blank cells given their value from
              the seed's solution (NEIGHBOURHOODS lists the (n, m) drawn); one that stays
              unique keeps the seed's solution. With `minimal` it is then made minimal:
              givens whose removal keeps it unique are removed one at a time, in a random
              order, until none is left (the hardest puzzles known are minimal)
  pool        the seeds of a round: the best graded puzzles found so far, hardest first,
              at most POOL_SHARE of them from one family (so the search does not collapse
              onto one puzzle family), ranked by grade less AGE_PENALTY a round expanded
              (so a seed whose neighbourhood has been searched gives way to a fresh one
              of about its grade, never to a much easier one)
  round       expand (one task per pool seed: draw neighbours, keep the unique ones), then
              grade (one task per candidate; the hardest seeds' neighbours picked most:
              pick), then the next pool; a task's randomness
              depends only on (seed, round, task index): the same finds on any number of
              workers or on a cluster, results merged in task order
  filters     before the full grade, exact ones (nothing at LO or above is ever dropped):
              singles: the trace kernel solves it with naked singles alone (maxlevel 0,
              grade below 2.4; free: the kernel call that ranks); ladder (when a cap is
              given): the ladder cut at `cap` (solver.graded_below, cap <= LO) solves it,
              so its grade, known exactly, is below the cap
  rank        a seed's candidates are graded in the order of their trace's way_complexity
              (the seed solver's figure, from the singles filter's kernel call), highest
              first: on 87 neighbours of 9.0 seeds its rank correlation with the grade was
              0.40 (0.36 for the level, 0.06 for the clue count)
  audit       a round that grades every candidate whole and runs the filters beside, to
              measure what they save (CPU) and would lose (finds)
  tally       counts and CPU seconds of each stage, summed over tasks (Tally)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields

import numpy as np

from ..core.grid import Geometry, Grid, format_line, geometry, parse
from ..core.model import DigSpec
from ..core.rules import Symmetry
from ..engine.canon import canonical_key
from ..engine.kernels import get_backend
from ..grade.rating import rate, with_grading
from ..grade.solver import grade, graded_below
from .generate import make_puzzle

__all__ = ["AGE_PENALTY", "NEIGHBOURHOODS", "POOL_SHARE", "POOL_SIZE", "Candidate", "DigTask",
           "ExpandTask", "GradeTask", "Graded", "Seed", "Tally", "dig_task", "expand_task",
           "grade_task", "neighbours", "next_pool", "pick"]

NEIGHBOURHOODS = ((1, 1), (1, 2), (2, 3))
"""The {-n+m} drawn, each as often. Measured on 9.0 seeds (300 draws each): {-1+1} and
{-1+2} keep 2% and 9% unique and grade highest, {-2+3} 1%; {-2+2}, {-3+3} and larger
keep almost none unique, and grade far lower when they do. One more given added than
removed is what the minimal step takes back."""

DRAWS = 600
"""Neighbours drawn per seed and round: counting them is a few milliseconds, and leaves
more unique ones than a round grades."""

POOL_SIZE = 8
"""Seeds in the pool: one expand task each per round."""

POOL_SHARE = 3
"""At most this many seeds of one family in the pool."""

AGE_PENALTY = 0.02
"""What a round of being expanded takes off a seed's rank in the pool: a seed gives way
to a fresh one a tenth easier after five rounds."""

GRADES_PER_ROUND = 24
"""Candidates graded per round (a 9.0+ grade is about a second): a round of about 25 CPU
seconds, so a run stopped by time ends soon after it, and the pool moves often."""

DIGS = 128
"""Random minimal digs graded for the first pool when the bank holds too few 9x9 puzzles
(about 2 CPU seconds: most grade low and fast)."""

DIG_SPEC = DigSpec(9, Symmetry.NONE, None, True)
"""The digs of the first pool: minimal, of any clue count, no symmetry."""

GEO = geometry(9)
"""Mining is of classic 9x9 puzzles."""


@dataclass(frozen=True)
class Tally:
    """What the stages of a round did, summed over its tasks (CPU seconds of the workers
    that ran them)."""

    drawn: int = 0
    """Neighbours drawn."""
    unique: int = 0
    """Of those, unique and new within their task."""
    singles: int = 0
    """Candidates dropped because naked singles solve them."""
    ladder: int = 0
    """Candidates dropped because the ladder cut at the cap solves them."""
    graded: int = 0
    """Candidates graded whole."""
    cpu_expand: float = 0.0
    """CPU seconds drawing, counting and minimizing neighbours."""
    cpu_singles: float = 0.0
    """CPU seconds of the singles filter."""
    cpu_ladder: float = 0.0
    """CPU seconds of the ladder filter."""
    cpu_grade: float = 0.0
    """CPU seconds of the whole grades (and the figures of the finds)."""

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    @property
    def cpu(self) -> float:
        """CPU seconds of every stage."""
        return self.cpu_expand + self.cpu_singles + self.cpu_ladder + self.cpu_grade

    def as_dict(self) -> dict[str, float]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Seed:
    """One puzzle of the pool."""

    puzzle: Grid
    """The givens, 0 = blank; unique."""
    solution: Grid
    """Its solution (every neighbour's too)."""
    grade: float
    """Its grade."""
    family: int
    """The dig or bank row it descends from."""
    canon: str
    """Its canonical form."""
    age: int = 0
    """Rounds it has been expanded."""

    def as_dict(self) -> dict[str, object]:
        return {"puzzle": format_line(self.puzzle), "solution": format_line(self.solution),
                "grade": self.grade, "family": self.family, "canon": self.canon,
                "age": self.age}

    @classmethod
    def of_dict(cls, d: dict[str, object]) -> Seed:
        return cls(parse(str(d["puzzle"]))[0], parse(str(d["solution"]))[0], float(d["grade"]),  # type: ignore[arg-type]
                   int(d["family"]), str(d["canon"]), int(d["age"]))  # type: ignore[call-overload]


@dataclass(frozen=True)
class Candidate:
    """A unique puzzle waiting for its grade."""

    puzzle: Grid
    """The givens."""
    solution: Grid
    """Its solution."""
    canon: str
    """Its canonical form."""
    family: int
    """Its parent's family (a dig's own index)."""
    singles: bool = False
    """Naked singles solve it (kept only in an audit)."""


@dataclass(frozen=True)
class Graded:
    """A candidate with its grade."""

    candidate: Candidate
    """What was graded."""
    grade: float
    """Its grade: exact when graded whole; when the ladder filter dropped it, the grade the
    cut ladder found (also exact, below the cap)."""
    figures: dict[str, object] | None
    """The rate --format json record of a find (within the grades), else None."""
    dropped: bool
    """A filter dropped it (in an audit: would have)."""
    cpu_whole: float = 0.0
    """Audit only: CPU seconds of its whole grade."""


def neighbours(seed: Seed, rng: random.Random, draws: int) -> np.ndarray:
    """`draws` {-n+m} neighbours of a seed (NEIGHBOURHOODS), as rows of an int8 array."""
    givens = [c for c, v in enumerate(seed.puzzle) if v]
    blanks = [c for c, v in enumerate(seed.puzzle) if not v]
    out = np.tile(np.array(seed.puzzle, dtype=np.int8), (draws, 1))
    solution = np.array(seed.solution, dtype=np.int8)
    for row in out:
        n, m = rng.choice(NEIGHBOURHOODS)
        row[rng.sample(givens, min(n, len(givens)))] = 0
        added = rng.sample(blanks, min(m, len(blanks)))
        row[added] = solution[added]
    return out


def minimized(puzzle: np.ndarray, rng: random.Random) -> np.ndarray:
    """A unique puzzle made minimal: one at a time, in a random order, a given whose
    removal keeps it unique is removed, until none is left."""
    count = get_backend().count_batch
    puzzle = puzzle.copy()
    while True:
        givens = np.flatnonzero(puzzle)
        trials = np.tile(puzzle, (len(givens), 1))
        trials[np.arange(len(givens)), givens] = 0
        free = givens[count(GEO, trials, 2) == 1].tolist()
        if not free:
            return puzzle
        puzzle[rng.choice(free)] = 0


@dataclass(frozen=True)
class ExpandTask:
    """Expand one seed: draw its neighbours, keep the unique ones."""

    seed: int
    """The mining's seed."""
    round: int
    """The round."""
    index: int
    """The task's index in its round."""
    parent: Seed
    """The seed expanded."""
    minimal: bool
    """Make every unique neighbour minimal."""
    audit: bool
    """Keep what naked singles solve (marked) instead of dropping it."""
    draws: int = DRAWS
    """Neighbours drawn."""
    rank: bool = True
    """Order the candidates by way_complexity, highest first (see the glossary: rank)."""


def expand_task(task: ExpandTask) -> tuple[list[Candidate], Tally]:
    """The task's unique neighbours, new within the task, in the order drawn (the parent
    itself left out), and its tally."""
    t0 = time.process_time()
    rng = random.Random(f"mine:{task.seed}:{task.round}:{task.index}")
    drawn = neighbours(task.parent, rng, task.draws)
    unique = drawn[get_backend().count_batch(GEO, drawn, 2) == 1]
    seen = {task.parent.canon}
    kept: list[Candidate] = []
    grids: list[np.ndarray] = []
    for row in unique:
        grid = minimized(row, rng) if task.minimal else row
        puzzle = tuple(grid.tolist())
        canon = canonical_key(puzzle, GEO)
        if canon not in seen:
            seen.add(canon)
            kept.append(Candidate(puzzle, task.parent.solution, canon, task.parent.family))
            grids.append(grid)
    t1 = time.process_time()
    if not kept:
        return [], Tally(drawn=len(drawn), cpu_expand=t1 - t0)
    traced = get_backend().trace_batch(GEO, np.array(grids), 2)
    solved = traced.maxlevel == 0
    out = [Candidate(c.puzzle, c.solution, c.canon, c.family, True) if s and task.audit else c
           for c, s in zip(kept, solved.tolist(), strict=True) if task.audit or not s]
    if task.rank:
        by = dict(zip((c.canon for c in kept), traced.way_complexity.tolist(), strict=True))
        out.sort(key=lambda c: -by[c.canon])
    t2 = time.process_time()
    return out, Tally(drawn=len(drawn), unique=len(kept), singles=int(solved.sum()),
                      cpu_expand=t1 - t0, cpu_singles=t2 - t1)


@dataclass(frozen=True)
class DigTask:
    """One random minimal dig for the first pool."""

    seed: int
    """The mining's seed."""
    index: int
    """The dig's index: its family."""


def dig_task(task: DigTask) -> tuple[list[Candidate], Tally]:
    """The dig as a candidate (family: its index)."""
    t0 = time.process_time()
    made = make_puzzle(DIG_SPEC, f"mine:{task.seed}", task.index)
    candidate = Candidate(made.puzzle, made.solution, canonical_key(made.puzzle, GEO),
                          task.index)
    return [candidate], Tally(drawn=1, unique=1, cpu_expand=time.process_time() - t0)


@dataclass(frozen=True)
class GradeTask:
    """Grade one candidate."""

    candidate: Candidate
    """What to grade."""
    lo: float
    """The least grade of a find."""
    hi: float
    """Finds grade below this."""
    cap: float
    """The ladder filter's cut (0: none)."""
    audit: bool
    """Grade whole whatever the filters say, and time both."""


def grade_task(task: GradeTask) -> tuple[Graded, Tally]:
    """The candidate's grade (and its record when it is a find) and the task's tally."""
    c = task.candidate
    t0 = time.process_time()
    cut = graded_below(c.puzzle, GEO, task.cap) if task.cap > 0 else None
    t1 = time.process_time()
    if cut is not None and not task.audit:
        return Graded(c, cut.grade, None, True), Tally(ladder=1, cpu_ladder=t1 - t0)
    whole = grade(c.puzzle, GEO, c.solution)
    t2 = time.process_time()
    figures = None
    if task.lo <= whole.grade < task.hi:
        figures = with_grading(rate(c.puzzle, GEO, with_grade=False), whole).as_dict(GEO)
    dropped = cut is not None or c.singles
    return (Graded(c, whole.grade, figures, dropped, t2 - t1),
            Tally(ladder=int(cut is not None), graded=1, cpu_ladder=t1 - t0,
                  cpu_grade=time.process_time() - t1))


def pick(candidates: Sequence[Sequence[Candidate]], skip: set[str] | frozenset[str],
         most: int) -> list[Candidate]:
    """Up to `most` candidates to grade, none whose canon is in `skip` or picked already:
    the tasks (the pool's seeds, hardest first) take turns, and of every k tasks in turn
    the first k take part, so of n seeds the i-th hardest gives n - i candidates a cycle
    (the hardest seeds' neighbours are the likeliest to be hard)."""
    out: list[Candidate] = []
    taken = set(skip)
    queues = [list(reversed(c)) for c in candidates]
    turns = [i for k in range(len(queues), 0, -1) for i in range(k)]
    while len(out) < most and any(queues):
        for i in turns:
            q = queues[i]
            while q and q[-1].canon in taken:
                q.pop()
            if q and len(out) < most:
                c = q.pop()
                taken.add(c.canon)
                out.append(c)
    return out


def next_pool(pool: Sequence[Seed], graded: Sequence[Graded], size: int = POOL_SIZE
              ) -> list[Seed]:
    """The next round's seeds: of the pool (each a round older) and the graded candidates,
    the best ranked (grade less AGE_PENALTY a round expanded), at most POOL_SHARE of one
    family; ties go to the younger, then to the smaller canonical form."""
    everyone = [Seed(s.puzzle, s.solution, s.grade, s.family, s.canon, s.age + 1)
                for s in pool]
    everyone += [Seed(g.candidate.puzzle, g.candidate.solution, g.grade, g.candidate.family,
                      g.candidate.canon) for g in graded]
    everyone.sort(key=lambda s: (round(AGE_PENALTY * s.age - s.grade, 6), s.age, s.canon))
    out: list[Seed] = []
    per_family: dict[int, int] = {}
    for s in everyone:
        if len(out) == size:
            break
        if per_family.get(s.family, 0) < POOL_SHARE:
            per_family[s.family] = per_family.get(s.family, 0) + 1
            out.append(s)
    return out


def seed_of(puzzle: Grid, solution: Grid, grade: float, family: int,
            geo: Geometry = GEO) -> Seed:
    """A pool seed of a known puzzle (a bank row)."""
    return Seed(puzzle, solution, grade, family, canonical_key(puzzle, geo))
