"""Make puzzles: complete a random board, dig clues under the uniqueness check, create.

Glossary:
  solution    a full board (n*n values, row-major, no blank)
  dig         blank cells of a solution in a shuffled order, each kept blank only while the
              puzzle stays unique (seed 003); with a symmetry the cells of one orbit are
              blanked together (a group)
  symmetry    the clue pattern is unchanged by a set of board motions (Symmetry)
  target      the clue count wanted: lo..hi (ClueTarget); digging stops at lo, a board that
              ends above hi (or below lo when minimal) is rejected and a fresh one is tried
  minimal     no single group of clues can be removed and keep the puzzle unique; with
              symmetry none that is the usual meaning (no single clue can go)
  path        the groups a dig blanked, in the order it blanked them
  aimed dig   a dig that stops before its first step that makes the puzzle too hard for
              a judge the caller passes in (the grade of a band; see aimed_dig)
  misfit      why a puzzle does not have the shape a DigSpec asks for (None: it has)
  puzzle seed the kernel's random seed for puzzle `index` of a run with seed `seed`: drawn
              from random.Random(f"{seed}:{index}"), so a puzzle depends only on those two,
              never on the worker count or the counting backend
  variant     X, hyper and jigsaw puzzles are made like classic ones, over their units
              (rules.Variant); a jigsaw spec without regions gets a fresh random layout
              per puzzle, drawn from random.Random(f"{seed}:{index}:layout")
              (puzzle_geometry). Symmetry is a property of the clue pattern alone, so
              every symmetry is allowed for every variant, whatever the regions
  usable      a geometry some complete grid fits, as found by COMPLETION_TRIES completion
              searches (completes); a jigsaw layout is used only when usable
  killer      a random solution, cut into connected cages of 1..MAX_CAGE cells (sizes
              and sums drawn for the section's band, cage_aim.cage_draw; no digit twice
              in a cage; a cell left alone joins a neighbouring cage when one has room),
              then, while two solutions remain, a given is placed where they differ (up
              to CageSpec.givens) or else a cage is split in two connected parts whose
              sums tell the two solutions apart, or, where that would leave a single
              cell, two neighbouring cages are cut again (at most MAX_RECUTS times)
              (make_killer); splitting only adds facts, so the loop ends. Last, unless
              the cage sizes ask for single cells, each one left joins a neighbouring
              cage, or is cut again with one, where the puzzle stays unique (a single
              cell is a given in disguise: _absorb_singles)
  interlocked a multi-grid spec's puzzle is dug on until no grid of its board is unique
              alone (interlock.lock, its order drawn from
              random.Random(f"{run}:{index}:interlock"), every removal judged by too_hard
              too); a board that cannot be locked is dropped for the one made with the
              run seed f"{seed}~{k}", k = 1, 2, ... (the first run's seed is seed itself;
              up to max_tries boards)
  create      seed 000's first generator: any grid of digits -> a unique puzzle, with the
              list of changes made (Change)

The hot loops (completion, the whole dig) live in engine/kernels/dig_reference.py and dig_fast.py.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np

from ..core.errors import GenerationError
from ..core.grid import Geometry, Grid, connected, find_clash, geometry, symbol
from ..core.model import MAX_CAGE, CageSpec, DigSpec
from ..core.rules import Symmetry, Variant, is_symmetric, symmetry_groups
from ..variants.jigsaw.layouts import Layout, usable_layout
from ..variants.killer.cage_aim import cage_draw
from ..variants.killer.cages import Cages, cages_of, combination_count
from .pattern import Arrange


def _group_arrays(groups: Sequence[Sequence[int]]) -> tuple[np.ndarray, np.ndarray]:
    """(groups padded with -1, sizes) as the kernels take them."""
    width = max((len(g) for g in groups), default=1)
    table = np.full((len(groups), width), -1, dtype=np.int32)
    for i, g in enumerate(groups):
        table[i, : len(g)] = g
    return table, np.array([len(g) for g in groups], dtype=np.int32)


@cache
def _symmetry_arrays(n: int, symmetry: Symmetry, variant: Variant
                     ) -> tuple[np.ndarray, np.ndarray]:
    """_group_arrays of the symmetry's orbits, built once (the kernels only read them)."""
    return _group_arrays(symmetry_groups(n, symmetry, variant))


@dataclass(frozen=True)
class GeneratedPuzzle:
    """One dug puzzle with where it came from."""

    index: int
    """Its place in the run (the seed's puzzle index)."""
    puzzle: Grid
    """The givens, 0 = blank; unique."""
    solution: Grid
    """Its only solution."""
    clues: int
    """Number of givens."""
    tries: int
    """Boards dug until the clue target was met (1 = the first)."""
    variant: Variant = Variant.CLASSIC
    """Which units the grid has besides rows and columns."""
    regions: str | None = None
    """Jigsaw only: its region layout (n*n labels, row-major)."""
    layouts: int = 0
    """Jigsaw with a random layout: layouts drawn until a usable one; else 0."""

    @property
    def geo(self) -> Geometry:
        """The puzzle's geometry (its jigsaw layout included)."""
        n = self.variant.size_of(len(self.puzzle)) or round(len(self.puzzle) ** 0.5)
        return geometry(n, self.variant, self.regions)

    def __reduce__(self) -> tuple[Any, ...]:
        # A pool's workers send these where a chunk is not one PuzzleRun (jigsaw layouts,
        # banded and larger puzzles): grids as bytes take half the bytes and half the time
        # of tuples of ints to pickle and unpickle.
        return (_unpickled, (self.index, bytes(self.puzzle), bytes(self.solution), self.clues,
                             self.tries, self.variant, self.regions, self.layouts))


def _unpickled(index: int, puzzle: bytes, solution: bytes, *rest: Any) -> GeneratedPuzzle:
    """The GeneratedPuzzle that __reduce__ pickled."""
    return GeneratedPuzzle(index, tuple(puzzle), tuple(solution), *rest)


def puzzle_seed(seed: int | str, index: int) -> int:
    """The kernel seed of puzzle `index` in a run seeded with `seed`."""
    return random.Random(f"{seed}:{index}").getrandbits(32)


def dig_kernels(backend: str | None = None) -> ModuleType:
    """The dig kernels of a counting backend ('numba' or 'python'; None = the default)."""
    from ..engine.kernels import get_backend

    return get_backend(backend).dig_kernels()


def _tables(geo: Geometry) -> tuple[np.ndarray, ...]:
    from ..engine.kernels.band_layout import rules_of

    a = geo.arrays()
    return a["units"], a["cell_units"], a["peers"], a["npeers"], rules_of(geo)


def seed_digits(n: int, variant: Variant = Variant.CLASSIC) -> int:
    """Random digits placed before a board is completed: 20 on a 9x9 board (seed 003).

    None on a jigsaw board (Variant.seed_digits): its irregular regions make random digits
    contradict each other often (9x9: 1 of 40 random layouts completed from 20 random
    digits, 25 of 40 from none), and the search's random value order per cell gives random
    boards anyway."""
    return variant.seed_digits(n)


def node_limit(n: int, variant: Variant = Variant.CLASSIC) -> int:
    """Search nodes after which a completion is abandoned and retried from new digits;
    a jigsaw board, started from no digits, gets more room (50 n*n: Variant.node_limit)."""
    return variant.node_limit(n)


COMPLETION_TRIES = 12
"""Completion searches of node_limit nodes each before a geometry is called unusable
(9x9 jigsaw: 5 tries on average for the layouts that complete)."""


def completes(geo: Geometry, rng: random.Random, backend: str | None = None) -> Grid | None:
    """A complete board of the geometry, or None when COMPLETION_TRIES searches found none."""
    kern = dig_kernels(backend)
    grid = np.zeros(geo.ncells, dtype=np.int8)
    nseed, limit = seed_digits(geo.n, geo.variant), node_limit(geo.n, geo.variant)
    for _ in range(COMPLETION_TRIES):
        grid[:] = 0
        if kern.complete_core(grid, kern.seed_state(rng.getrandbits(32)), nseed, limit,
                              *_tables(geo)):
            return tuple(grid.tolist())
    return None


@cache
def _usable(geo: Geometry, backend: str | None) -> bool:
    """Whether a fixed geometry is usable; the search is seeded by its key, so the answer
    is the same every time."""
    return completes(geo, random.Random(f"usable:{geo.key}"), backend) is not None


def random_layout(
    n: int, seed: int | str, index: int, backend: str | None = None
) -> Layout:
    """The jigsaw layout of puzzle `index` in the run seeded `seed` (regions=None)."""
    rng = random.Random(f"{seed}:{index}:layout")
    return usable_layout(n, rng, lambda geo: completes(geo, rng, backend) is not None)


def puzzle_geometry(
    spec: DigSpec, seed: int | str, index: int, backend: str | None = None
) -> tuple[Geometry, int]:
    """(the geometry of puzzle `index` of a run, layouts drawn for it): the spec's own, or
    for a jigsaw spec without regions a fresh random usable layout. GenerationError when
    the spec's fixed layout admits no complete board within the completion budget."""
    if not spec.variant.boxes and spec.regions is None:
        layout = random_layout(spec.size, seed, index, backend)
        return geometry(spec.size, spec.variant, layout.regions), layout.tried
    geo = spec.geo
    if not geo.variant.boxes and not _usable(geo, backend):
        raise GenerationError(
            f"jigsaw layout {geo.region_labels}: no complete grid found in "
            f"{COMPLETION_TRIES} searches of {node_limit(geo.n, geo.variant)} nodes"
        )
    return geo, 0


def make_puzzle(
    spec: DigSpec,
    seed: int | str,
    index: int,
    backend: str | None = None,
    too_hard: Callable[[Grid], bool] | None = None,
    on_target: Callable[[Grid], bool] | None = None,
    arrange: Arrange | None = None,
) -> GeneratedPuzzle:
    """Puzzle `index` of the run seeded `seed`: complete, dig, retry until the target is met.

    With too_hard (and a spec that is not minimal) the dig stops before its first step that
    leaves a puzzle too hard within the clue target, keeping the last puzzle on_target
    when there is one (see aimed_dig). With arrange as well, the aimed dig replays a dig
    of the same solution in the pattern's order (pattern.arranger, drawn from
    random.Random(f"{seed}:{index}:pattern")) instead of the first dig's.

    An interlocked spec digs the puzzle on until no grid of its board is unique alone
    (see the glossary's interlocked)."""
    if not spec.interlocked:
        return _dug(spec, seed, index, backend, too_hard, on_target, arrange)
    from .interlock import lock

    if spec.variant.board is None:
        raise GenerationError(f"interlocked: {spec.variant.name} puzzles have one grid")
    orbits = symmetry_groups(spec.size, spec.symmetry, spec.variant)
    tries = 0
    for k in range(spec.max_tries):
        run = seed if k == 0 else f"{seed}~{k}"
        made = _dug(spec, run, index, backend, too_hard, on_target, arrange)
        tries += made.tries
        locked = lock(made.puzzle, made.geo, orbits, random.Random(f"{run}:{index}:interlock"),
                      spec.target.lo, too_hard, backend)
        if locked is not None:
            return replace(made, puzzle=locked, clues=sum(1 for v in locked if v), tries=tries)
    raise GenerationError(f"puzzle {index}: no interlocked board in {spec.max_tries} boards"
                          + (" (minimal puzzles)" if spec.minimal else ""))


def _dug(
    spec: DigSpec, seed: int | str, index: int, backend: str | None,
    too_hard: Callable[[Grid], bool] | None, on_target: Callable[[Grid], bool] | None,
    arrange: Arrange | None,
) -> GeneratedPuzzle:
    """make_puzzle without the interlock: one puzzle dug (and aimed) from the run's seed."""
    geo, layouts = puzzle_geometry(spec, seed, index, backend)
    target = spec.target
    kern = dig_kernels(backend)
    puzzle = np.zeros(geo.ncells, dtype=np.int8)
    solution = np.zeros(geo.ncells, dtype=np.int8)
    order = np.arange(len(_symmetry_arrays(geo.n, spec.symmetry, geo.variant)[1]), dtype=np.int32)
    tries, fewest, most = generate_into(spec, seed, index, kern, puzzle, solution, order, geo)
    _check_target(spec, index, int(np.count_nonzero(puzzle)), tries, fewest, most)
    full = tuple(solution.tolist())
    dug = tuple(puzzle.tolist())
    if too_hard is not None and not spec.minimal:
        orbits = symmetry_groups(geo.n, spec.symmetry, geo.variant)
        if arrange is not None:
            # a pattern dig that ends above the clue target falls back to the first dig
            order, dug = _redug(full, geo, spec, orbits, arrange(
                full, orbits, random.Random(f"{seed}:{index}:pattern")), kern, order, dug)
        path = [orbits[g] for g in order.tolist() if not dug[orbits[g][0]]]
        dug = aimed_dig(full, path, target.hi, too_hard, on_target) or dug
    return GeneratedPuzzle(index, dug, full, sum(1 for v in dug if v), int(tries), geo.variant,
                           geo.region_layout, layouts)


def _check_target(spec: DigSpec, index: int, clues: int, tries: int, fewest: int, most: int
                  ) -> None:
    """GenerationError when puzzle `index`, of `clues` clues after `tries` tries that
    reached fewest..most clues, misses the spec's clue target."""
    target = spec.target
    if not target.lo <= clues <= target.hi:
        reached = str(fewest) if fewest == most else f"{fewest}-{most}"
        raise GenerationError(
            f"puzzle {index}: after {tries} tries the clue counts reached were {reached}, "
            f"target {target}"
            + (" (minimal puzzles)" if spec.minimal else "")
        )


BATCH_TRIES = 100
"""Tries after which make_puzzles' kernel call returns (once its puzzle is made), so that
Ctrl-C and SIGTERM stop a run within about that many tries (9x9: 0.01 s) and one
puzzle's: a call of plain minimal puzzles makes a chunk in one go, while puzzles that
take many tries to meet their clue target get a call every few puzzles."""


def make_puzzles(spec: DigSpec, seed: int | str, start: int, count: int,
                 backend: str | None = None) -> list[GeneratedPuzzle]:
    """make_puzzle of each index start .. start+count-1 (the same puzzles), in one kernel
    call where puzzle_run can (see there)."""
    run = puzzle_run(spec, seed, start, count, backend)
    return list(run) if run is not None else [
        make_puzzle(spec, seed, i, backend) for i in range(start, start + count)]


@dataclass(frozen=True, eq=False)
class PuzzleRun:
    """Puzzles start .. start+count-1 of one geometry as make_puzzles' kernel call left
    them: arrays, read out as GeneratedPuzzles by iterating. A pool's worker sends this:
    a few buffers pickle in microseconds, where 200 records took the parent 0.7 ms to
    unpickle (and more, on a core it shares with a worker)."""

    start: int
    """Index of the first puzzle."""
    puzzles: np.ndarray
    """(count, ncells) int8: the givens, 0 = blank."""
    solutions: np.ndarray
    """(count, ncells) int8."""
    clues: np.ndarray
    """(count,) int: each puzzle's givens."""
    tries: np.ndarray
    """(count,) int32: boards dug for each puzzle."""
    variant: Variant
    regions: str | None

    def __len__(self) -> int:
        return len(self.puzzles)

    def __iter__(self) -> Iterator[GeneratedPuzzle]:
        # struct unpacks a row of bytes into a tuple of ints in one call
        row = struct.Struct(f"{self.puzzles.shape[1]}B")
        grids = zip(row.iter_unpack(self.puzzles.tobytes()),
                    row.iter_unpack(self.solutions.tobytes()), self.clues.tolist(),
                    self.tries.tolist(), strict=True)
        for i, (puzzle, solution, clues, tries) in enumerate(grids, self.start):
            yield GeneratedPuzzle(i, puzzle, solution, clues, tries, self.variant,
                                  self.regions)


def puzzle_run(spec: DigSpec, seed: int | str, start: int, count: int,
               backend: str | None = None) -> PuzzleRun | None:
    """Puzzles start .. start+count-1 of the run seeded `seed` (make_puzzle's), from one
    kernel call, where that is the same thing: one geometry for every puzzle (not a jigsaw
    without regions), no interlock, and each puzzle's tries in one call (CALL_TRIES_UP_TO);
    else None."""
    geo = None if spec.interlocked or (not spec.variant.boxes and spec.regions is None) \
        else puzzle_geometry(spec, seed, start, backend)[0]
    if geo is None or geo.n > CALL_TRIES_UP_TO:
        return None
    kern = dig_kernels(backend)
    groups, sizes = _symmetry_arrays(geo.n, spec.symmetry, geo.variant)
    puzzles = np.zeros((count, geo.ncells), dtype=np.int8)
    solutions = np.zeros((count, geo.ncells), dtype=np.int8)
    made = np.zeros((count, 3), dtype=np.int32)
    seeds = np.array([puzzle_seed(seed, i) for i in range(start, start + count)], np.int64)
    done = 0
    while done < count:
        done += int(kern.generate_batch(
            seeds[done:], seed_digits(geo.n, geo.variant), node_limit(geo.n, geo.variant),
            groups, sizes, spec.minimal, spec.target.lo, spec.target.hi, spec.max_tries,
            BATCH_TRIES, puzzles[done:], solutions[done:], made[done:], *_tables(geo)))
    clues = np.count_nonzero(puzzles, axis=1)
    for i, (tries, fewest, most) in enumerate(made.tolist()):
        _check_target(spec, start + i, int(clues[i]), tries, fewest, most)
    return PuzzleRun(start, puzzles, solutions, clues, made[:, 0].copy(), geo.variant,
                     geo.region_layout)


def _redug(full: Grid, geo: Geometry, spec: DigSpec, orbits: Sequence[Sequence[int]],
           visit: list[int], kern: ModuleType, order: np.ndarray, dug: Grid
           ) -> tuple[np.ndarray, Grid]:
    """(order, puzzle) of a dig of `full` visiting the orbits in the order given, down to
    the clue target's lowest count (unique at every step: the kernel's check); the first
    dig's (order, dug) when it ends above the target."""
    again = np.array(visit, dtype=np.int32)
    puzzle = np.array(full, dtype=np.int8)
    table, sizes = _group_arrays(orbits)
    clues = kern.dig_core(puzzle, np.array(full, dtype=np.int8), table, sizes, again,
                          len(again), False, spec.target.lo, *_tables(geo))
    if int(clues) > spec.target.hi:
        return order, dug
    return again, tuple(puzzle.tolist())


CALL_TRIES_UP_TO = 9
"""Grids up to this size make all their tries in one kernel call; a larger grid's try
(about 0.4 s on 16x16 near its fewest clues) is a call of its own, so that Ctrl-C and
SIGTERM, which Python handles only between calls, stop a run at once and not after
max_tries of them (over a minute)."""


def generate_into(
    spec: DigSpec, seed: int | str, index: int, kern: ModuleType, puzzle: np.ndarray,
    solution: np.ndarray, order: np.ndarray, geo: Geometry | None = None
) -> tuple[int, int, int]:
    """The kernel call of make_puzzle alone: puzzle `index` of the run into the arrays
    puzzle and solution (order: the groups in the order dug), on geo: the spec's own when
    None, else puzzle_geometry's (a random jigsaw layout). (tries, fewest, most clues
    reached)."""
    geo = geo or spec.geo
    target = spec.target
    groups, sizes = _symmetry_arrays(geo.n, spec.symmetry, geo.variant)
    per_call = spec.max_tries if geo.n <= CALL_TRIES_UP_TO else 1
    tries, fewest, most = 0, geo.ncells + 1, -1
    while tries < spec.max_tries:
        # the first call's seed is the puzzle's own: a puzzle made within it is the same
        # whatever the calls' length
        start = seed if tries == 0 else f"{seed}+{tries}"
        made, low, high = kern.generate_core(
            puzzle_seed(start, index), seed_digits(geo.n, geo.variant),
            node_limit(geo.n, geo.variant), groups, sizes, spec.minimal, target.lo, target.hi,
            min(per_call, spec.max_tries - tries), order, puzzle, solution, *_tables(geo),
        )
        tries, fewest, most = tries + int(made), min(fewest, int(low)), max(most, int(high))
        if target.lo <= int(np.count_nonzero(puzzle)) <= target.hi:
            break
    return tries, fewest, most


def aimed_dig(
    solution: Grid, path: Sequence[Sequence[int]], hi: int, too_hard: Callable[[Grid], bool],
    on_target: Callable[[Grid], bool] | None = None,
) -> Grid | None:
    """Dig with the difficulty in the loop: replay a dig's removals (path: the groups it
    blanked, in order) from the full board and stop before the first one that leaves a
    puzzle of at most hi clues that is too_hard. None when already the first such puzzle
    is too hard. With on_target (asked only of puzzles not too hard), a removal that
    makes the puzzle too hard is put back and the dig goes on with the next group, and
    the last puzzle on target is kept when there is one: a technique section digs clue by
    clue towards its technique and keeps the deepest puzzle whose hardest step is it.
    Every puzzle of such a dig still holds the dig's final puzzle, so it stays unique.

    Every puzzle on the path holds the dig's final, unique puzzle, so each is unique; only
    those within hi clues are judged. Near-minimal digs are rarely easy (9x9 without
    symmetry: 1% easy, 45% medium); stopped before the band's top, 60 of 60 easy and 57 of
    60 medium digs land in their band (the other 3 are easy), 60 and 51 of 60 with
    half-turn symmetry.
    """
    grid = list(solution)
    clues = len(grid)
    last: Grid | None = None
    hit: Grid | None = None
    for cells in path:
        for c in cells:
            grid[c] = 0
        clues -= len(cells)
        if clues > hi:
            continue
        puzzle = tuple(grid)
        if too_hard(puzzle):
            if on_target is None:
                break
            for c in cells:
                grid[c] = solution[c]
            clues += len(cells)
            continue
        last = puzzle
        if on_target is not None and on_target(puzzle):
            hit = puzzle
    return hit or last


def misfit(puzzle: Grid, spec: DigSpec, backend: str | None = None) -> str | None:
    """What keeps a unique puzzle from the shape spec asks for (its symmetry, clue count,
    minimality, interlock), in words; None when it fits. Uniqueness is the caller's to know."""
    if not is_symmetric(puzzle, spec.size, spec.symmetry, spec.variant):
        return f"its clues are not symmetric under {spec.symmetry.description}"
    clues = sum(1 for v in puzzle if v)
    if clues not in spec.target:
        return f"it has {clues} clues, expected {spec.target}"
    if spec.minimal:
        orbits = symmetry_groups(spec.size, spec.symmetry, spec.variant)
        from ..engine.kernels import get_backend

        given = [orbit for orbit in orbits if puzzle[orbit[0]]]
        # Every clue orbit blanked in turn, one row each, counted in one batch.
        fewer = np.tile(np.array(puzzle, dtype=np.int8), (len(given), 1))
        for i, orbit in enumerate(given):
            fewer[i, list(orbit)] = 0
        counts = get_backend(backend).count_batch(spec.geo, fewer, 2).tolist()
        spare = [orbit for orbit, count in zip(given, counts, strict=True) if count == 1]
        if spare:
            cells = ", ".join(spec.geo.label(c) for c in spare[0])
            return f"it is not minimal: the clues at {cells} can go"
    if spec.interlocked:
        from .interlock import free_grids

        free = free_grids(puzzle, spec.geo, backend)
        if free:
            assert spec.variant.board is not None
            return f"it is not interlocked: the {spec.variant.board.names[free[0]]} grid " \
                "is unique alone"
    return None


def complete_board(geo: Geometry, rng: random.Random, backend: str | None = None) -> Grid:
    """A random full board, every random choice drawn from rng."""
    kern = dig_kernels(backend)
    rs = kern.seed_state(rng.getrandbits(32))
    grid = np.zeros(geo.ncells, dtype=np.int8)
    nseed, limit = seed_digits(geo.n, geo.variant), node_limit(geo.n, geo.variant)
    while not kern.complete_core(grid, rs, nseed, limit, *_tables(geo)):
        grid[:] = 0
    return tuple(grid.tolist())


def dig(
    solution: Grid,
    geo: Geometry,
    rng: random.Random,
    start: Grid | None = None,
    groups: Sequence[Sequence[int]] | None = None,
    minimal: bool = True,
    lo: int = 0,
    backend: str | None = None,
) -> Grid:
    """Dig a unique puzzle of `solution`: the groups (default: single cells) in an order
    shuffled by rng, starting from `start` (default: the full solution), which must be a
    unique puzzle of solution containing every cell of the groups."""
    kern = dig_kernels(backend)
    table, sizes = _group_arrays(
        [(c,) for c in range(geo.ncells)] if groups is None else groups
    )
    visit = list(range(len(sizes)))
    rng.shuffle(visit)
    order = np.array(visit, dtype=np.int32)
    puzzle = np.array(solution if start is None else start, dtype=np.int8)
    sol = np.array(solution, dtype=np.int8)
    kern.dig_core(puzzle, sol, table, sizes, order, len(order), minimal, lo, *_tables(geo))
    return tuple(puzzle.tolist())


# ---------------------------------------------------------------- create


@dataclass(frozen=True)
class Change:
    """One change `create` made to the given grid."""

    action: str
    """'dropped' (a clashing given), 'removed' (no solution) or 'added' (several)."""
    cell: int
    """The cell changed."""
    value: int
    """The value dropped, removed or added."""
    reason: str
    """Why, for people: 'clashes with r1c5 in row 1'."""

    def describe(self, geo: Geometry) -> str:
        return f"{self.action} {geo.label(self.cell)}={symbol(self.value)}: {self.reason}"


@dataclass(frozen=True)
class Created:
    """The result of create."""

    puzzle: Grid
    """A unique puzzle."""
    solution: Grid
    """Its solution."""
    changes: tuple[Change, ...]
    """What was changed, in order."""


def create(values: Grid, geo: Geometry, rng: random.Random) -> Created:
    """Seed 000's "create sudoku": make any grid of digits a unique puzzle.

    Clashing givens are dropped (the later cell of each clash); while there is no solution an
    arbitrary given (drawn from rng) is removed; while there are several, a cell where the
    first two solutions differ (drawn from rng) gets the first solution's value.
    """
    from ..engine.trace import solve

    grid = list(values)
    changes = []
    while clash := find_clash(grid, geo):
        changes.append(Change("dropped", clash.second, grid[clash.second],
                              f"clashes with {geo.label(clash.first)} {clash.where}"))
        grid[clash.second] = 0
    while True:
        # The counting search, not the seed's trace: it stays fast on sparse large grids.
        count, solutions = solve(tuple(grid), geo, limit=2)
        if count == 1:
            return Created(tuple(grid), solutions[0], tuple(changes))
        if count == 0:
            cell = rng.choice([c for c, v in enumerate(grid) if v])
            changes.append(Change("removed", cell, grid[cell], "the grid had no solution"))
            grid[cell] = 0
        else:
            first, second = solutions[0], solutions[1]
            cell = rng.choice([c for c in range(geo.ncells) if first[c] != second[c]])
            grid[cell] = first[cell]
            changes.append(
                Change("added", cell, first[cell], "the grid had several solutions")
            )


# ---------------------------------------------------------------- killer


@dataclass(frozen=True)
class GeneratedKiller:
    """One killer puzzle with where it came from."""

    index: int
    """Its place in the run."""
    puzzle: Grid
    """The givens, 0 = blank (all blank unless CageSpec.givens allows some)."""
    solution: Grid
    """Its only solution."""
    cages: Cages
    """The cages; with the givens the solution is unique."""
    splits: int
    """Cages split until the solution was unique."""

    @property
    def clues(self) -> int:
        return sum(1 for v in self.puzzle if v)


def _edge_neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def cage_partition(
    solution: Grid, weights: Sequence[int], rng: random.Random, few: bool = False
) -> list[list[int]]:
    """Cells of a full grid cut into connected cages of 1..len(weights) cells, no digit
    twice in a cage; every choice drawn from rng. With `few`, each cage starts at the free
    cell with the free neighbour that makes the pair of fewest combinations
    (killer.combination_count), and grows by the cell that leaves its sum the fewest;
    ties go to the first in the drawn order."""
    n = round(len(solution) ** 0.5)
    order = list(range(n * n))
    rng.shuffle(order)
    owner = [-1] * (n * n)
    groups: list[list[int]] = []
    sizes = range(1, len(weights) + 1)

    def takes(cage: list[int]) -> list[int]:
        """The free cells a cage may grow by; with `few`, those of fewest combinations."""
        digits = {solution[c] for c in cage}
        options = sorted({nb for c in cage for nb in _edge_neighbours(c, n)
                          if owner[nb] < 0 and solution[nb] not in digits})
        if few and options:
            total = sum(solution[c] for c in cage)
            count = {c: combination_count(total + solution[c], len(cage) + 1)
                     for c in options}
            least = min(count.values())
            options = [c for c in options if count[c] == least]
        return options

    k = 0
    while k < len(order):
        start = order[k]
        if owner[start] >= 0:
            k += 1
            continue
        if few:
            # a cell with no free neighbour comes last: it may still join a cage later
            free = [c for c in order if owner[c] < 0]
            start = min(free, key=lambda c: min(
                (combination_count(solution[c] + solution[nb], 2) for nb in takes([c])),
                default=len(order)))
        want = rng.choices(sizes, weights)[0]
        cage = [start]
        owner[start] = len(groups)
        while len(cage) < want:
            options = takes(cage)
            if not options:
                break
            nb = rng.choice(options)
            cage.append(nb)
            owner[nb] = len(groups)
        if len(cage) < want and len(cage) == 1:
            # a cell left alone joins a neighbouring cage with room, if any
            homes = sorted({owner[nb] for nb in _edge_neighbours(start, n)
                            if owner[nb] >= 0 and len(groups[owner[nb]]) < len(weights)
                            and all(solution[c] != solution[start]
                                    for c in groups[owner[nb]])})
            if homes:
                home = rng.choice(homes)
                groups[home].append(start)
                owner[start] = home
                continue
        groups.append(cage)
    return [sorted(g) for g in groups]


def _connected_parts(cells: Sequence[int], n: int) -> list[tuple[list[int], list[int]]]:
    """Every split of a cage into two connected parts (each split once)."""
    out = []
    first, rest = cells[0], cells[1:]
    for mask in range(1 << len(rest)):
        a = [first] + [c for i, c in enumerate(rest) if mask >> i & 1]
        b = [c for i, c in enumerate(rest) if not mask >> i & 1]
        if b and connected(a, n) and connected(b, n):
            out.append((a, b))
    return out


def _cuts(cells: Sequence[int], first: Grid, second: Grid, n: int
          ) -> list[tuple[list[int], list[int]]]:
    """The splits of `cells` in two connected parts, no digit twice in either, whose sums
    differ between the two solutions (so the second one is ruled out)."""
    return [(a, b) for a, b in _connected_parts(cells, n)
            if sum(first[c] for c in a) != sum(second[c] for c in a)
            and len({first[c] for c in a}) == len(a) and len({first[c] for c in b}) == len(b)]


def _split(
    groups: list[list[int]], first: Grid, second: Grid, rng: random.Random, n: int,
    recut: bool = False,
) -> bool:
    """Split, in place, one cage in two connected parts whose sums differ between the
    two solutions, preferring parts of two cells or more, then even splits. When every
    such split leaves a single cell and `recut` allows, two neighbouring cages are cut
    again in two parts of two cells or more instead (a single cell is a given in
    disguise). Whether it re-cut."""
    best: list[tuple[int, int, list[int], list[int]]] = []
    for g, cells in enumerate(groups):
        if len(cells) < 2 or all(first[c] == second[c] for c in cells):
            continue
        best += [(min(len(a), len(b)), g, a, b) for a, b in _cuts(cells, first, second, n)]
    top = max(k for k, *_ in best)
    if top == 1 and recut:
        owner = {c: g for g, cells in enumerate(groups) for c in cells}
        pairs = sorted({(g, owner[nb]) for g, cells in enumerate(groups)
                        if any(first[c] != second[c] for c in cells)
                        for c in cells for nb in _edge_neighbours(c, n) if owner[nb] != g})
        joined = [(g, h, a, b) for g, h in pairs
                  for a, b in _cuts(sorted(groups[g] + groups[h]), first, second, n)
                  if min(len(a), len(b)) >= 2 and max(len(a), len(b)) <= MAX_CAGE]
        if joined:
            g, h, a, b = rng.choice(joined)
            groups[g], groups[h] = sorted(a), sorted(b)
            return True
    _, g, a, b = rng.choice([x for x in best if x[0] == top])
    groups[g] = sorted(a)
    groups.append(sorted(b))
    return False


def _absorb_singles(groups: list[list[int]], solution: Grid, puzzle: np.ndarray, most: int,
                    rng: random.Random, unique: Callable[[list[list[int]]], bool]) -> None:
    """Do away, in place, with each single-cell cage that a change keeping the puzzle (givens
    `puzzle`) unique allows: join it to a neighbouring cage of fewer than `most` cells
    without its digit, else cut it and a neighbouring cage again into two parts of two to
    `most` cells (a cell boxed in by full cages), each tried in a drawn order."""
    n = round(len(solution) ** 0.5)
    i = 0
    while i < len(groups):
        if len(groups[i]) > 1 or puzzle[groups[i][0]]:
            i += 1
            continue
        cell = groups[i][0]
        owner = {c: g for g, cells in enumerate(groups) for c in cells}
        homes = sorted({owner[nb] for nb in _edge_neighbours(cell, n)})
        rng.shuffle(homes)
        joins = [(home, sorted(groups[home] + [cell]), None) for home in homes
                 if len(groups[home]) < most
                 and all(solution[c] != solution[cell] for c in groups[home])]
        recuts = [(home, a, b) for home in homes
                  for a, b in _connected_parts(sorted(groups[home] + [cell]), n)
                  if 2 <= min(len(a), len(b)) and max(len(a), len(b)) <= most
                  and len({solution[c] for c in a}) == len(a)
                  and len({solution[c] for c in b}) == len(b)]
        for home, a, b in joins + recuts:
            trial = list(groups)
            trial[home] = a
            if b is None:
                del trial[i]
            else:
                trial[i] = b
            if unique(trial):
                groups[:] = trial  # at i now: the next cage, or a re-cut part of 2+ cells
                break
        else:
            i += 1


MAX_RECUTS = 8
"""Most re-cuts of two cages in one killer puzzle: a re-cut drops facts as well as adding
some, so the loop is bounded by splits alone, which only add facts."""


def make_killer(
    spec: CageSpec, seed: int | str, index: int, backend: str | None = None
) -> GeneratedKiller:
    """Killer puzzle `index` of the run seeded `seed` (see the glossary's killer)."""
    from ..engine.kernels import get_backend

    draw = cage_draw(spec)
    if not 1 <= len(draw.weights) <= MAX_CAGE or sum(draw.weights) <= 0:
        raise GenerationError(f"cage size weights {draw.weights}: expected 1 to {MAX_CAGE} "
                              "weights, not all zero")
    kernels = get_backend(backend)
    rng = random.Random(f"{seed}:{index}:killer")
    geo = geometry(9)
    solution = complete_board(geo, rng, backend)
    groups = cage_partition(solution, draw.weights, rng, draw.few)
    puzzle = np.zeros(geo.ncells, dtype=np.int8)
    splits = givens = recuts = 0
    while True:
        cages = cages_of(solution, groups)
        count, sols = kernels.killer_solutions(puzzle, cages, 2)
        if count == 1:
            if not draw.weights[0]:  # single cells nobody asked for (a config's sizes may)
                _absorb_singles(groups, solution, puzzle, len(draw.weights), rng,
                                lambda trial: kernels.killer_solutions(
                                    puzzle, cages_of(solution, trial), 2)[0] == 1)
            return GeneratedKiller(index, tuple(puzzle.tolist()), solution,
                                   cages_of(solution, groups), splits)
        first, second = tuple(sols[0].tolist()), tuple(sols[1].tolist())
        if givens < spec.givens:
            cell = rng.choice([c for c in range(geo.ncells) if first[c] != second[c]])
            puzzle[cell] = solution[cell]
            givens += 1
            continue
        if first != solution:
            second = first  # rule out a solution that is not the grid's own
        if _split(groups, solution, second, rng, geo.n, recuts < MAX_RECUTS):
            recuts += 1
        else:
            splits += 1
