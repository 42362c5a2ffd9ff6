"""The puzzle bank: a SQLite file of rated puzzles, one row per class of isomorphs, and the
ledger of which puzzles each series has printed.

Glossary:
  bank      one SQLite file (standard library sqlite3) in WAL mode, so readers never wait
            for a writer; every write is one short transaction (busy_timeout lets a second
            writer wait its turn instead of failing)
  canon     a puzzle's canonical form (canon.py) as a line of symbols: the table's unique
            key, so a relabelled, transposed or permuted copy is the same row
  run       the puzzles of one `fill` recipe: size, symmetry, clue target, minimal and seed
            (and variant and jigsaw regions); puzzle i of a run is make_puzzle(spec, seed, i),
            whatever the workers
  variant   each row's variant ('classic', 'x', 'hyper', 'jigsaw', 'samurai', 'twin') and,
            for jigsaw, its regions; a variant's canon starts with the variant's name
            (canon.canonical_key), so the variants never share a row. A board (samurai) is
            stored whole, givens, solution and canon, '-' outside its grids
  cursor    a run's next index to examine: stored in the same transaction as the batch it
            ends, so a killed fill loses at most the batch in flight and the same command
            run again starts there
  filter    the grades a fill keeps (GradeRange); puzzles outside it are not stored
  origin    where a row came from: run seed and index, or imported file and line
  figures   every rating figure of a row; the trace figures (level ... cand_sq) are NULL
            for 16x16 puzzles, which are not traced (rate.py)
  ledger    (series, book, config hash, canon) for every puzzle a book placed: no other book
            of the series may use that canon again; the same book gets its own picks back.
            A book's bare grids are keyed by their kind (kind_of): classic's group, or a
            board's, told by its cell count
  schema    the tables' layout, SCHEMA_VERSION in SQLite's user_version beside the bank's
            APPLICATION_ID; a bank of a newer version, or whose tables have columns this
            bookgen does not know, is refused (never written: its rows would be lost); a
            bank made before versions were stored (application_id 0, a puzzle table) is
            brought up to date on opening
  ours      a missing or empty file becomes a bank only for a verb that stores (fill,
            import, a book with a bank); any other file that is not a bank, SQLite or not,
            is never written, and the verbs that only read say what it is instead
  unwritable  a bank file that is read-only, or in a read-only folder (SQLite keeps its -wal
            and -shm files beside the bank): the verbs that only read open it as immutable,
            those that store say which of the two stops them
  same file  a fill or import checks after each write that its path still names the file
            it opened: a bank deleted or replaced meanwhile is an error, not a count of
            rows that are gone
  mining    `bank mine`'s state (mining.py): per mining (grades and seed) the rounds done
            and the pool of seeds as JSON (table mining), and every canon it has graded
            (table mined), written with each round's finds in one transaction
  dry       a fill stops (GenerationError) after DRY puzzles in a row within the grades
            were all stored already: a small grid has few classes of isomorphs, and a run
            that has found them all would otherwise never end
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from .. import __version__
from ..core.errors import GenerationError, InputError
from ..core.grid import (
    Geometry,
    Grid,
    format_line,
    geometry,
    parse,
    topology_fields,
)
from ..core.model import BANDS, Band, DigSpec
from ..core.rules import TRACE_FIGURES, Symmetry, Variant, fits, is_symmetric
from ..engine.canon import canonical_key
from ..engine.trace import Trace
from ..grade.rating import Rating, rate
from ..grade.scale import named
from ..make.cluster import cluster_pool
from ..make.generate import make_puzzle
from ..make.improve import default_workers, worker_pool

GENERATOR = f"bookgen {__version__}"
"""The generator version stored with each row."""

BATCH = 8
"""Puzzle indexes per task and per write transaction of a fill (a 9x9 rating takes about
0.3 s, so a batch is a few seconds of one core: little to lose to a kill)."""

DRY = 1000
"""Puzzles within the grades in a row, all stored already, after which a fill stops: far
more than a run meets while it still finds new ones (a 9x9 isomorph is never met by
chance), and a few seconds of work for a small grid whose classes are all stored."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzle (
    id INTEGER PRIMARY KEY,
    size INTEGER NOT NULL,
    canon TEXT NOT NULL UNIQUE,
    givens TEXT NOT NULL,
    solution TEXT NOT NULL,
    clues INTEGER NOT NULL,
    grade REAL NOT NULL,
    band TEXT NOT NULL,
    hardest TEXT,
    steps TEXT NOT NULL,
    level INTEGER,
    maxlevel INTEGER,
    way_complexity INTEGER,
    cand_sum INTEGER,
    cand_sq INTEGER,
    symmetry TEXT NOT NULL,
    run TEXT,
    run_index INTEGER,
    source_file TEXT,
    source_line INTEGER,
    generator TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT 'classic',
    regions TEXT
);
CREATE INDEX IF NOT EXISTS puzzle_grade ON puzzle (size, grade);
CREATE INDEX IF NOT EXISTS puzzle_band ON puzzle (size, band, clues);
CREATE INDEX IF NOT EXISTS puzzle_run ON puzzle (run, run_index);
CREATE TABLE IF NOT EXISTS run (
    name TEXT PRIMARY KEY,
    next_index INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS placement (
    series TEXT NOT NULL,
    book TEXT NOT NULL,
    config_hash TEXT NOT NULL,
    number INTEGER NOT NULL,
    canon TEXT NOT NULL,
    PRIMARY KEY (series, canon)
);
CREATE INDEX IF NOT EXISTS placement_book ON placement (series, config_hash, number);
CREATE TABLE IF NOT EXISTS mining (
    name TEXT PRIMARY KEY,
    rounds INTEGER NOT NULL,
    state TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS mined (
    mining TEXT NOT NULL,
    canon TEXT NOT NULL,
    PRIMARY KEY (mining, canon)
);
"""

STRONGEST_FIRST = (Symmetry.DIHEDRAL, Symmetry.ROTATIONAL90, Symmetry.ROTATIONAL,
                   Symmetry.MIRROR, Symmetry.FLIP, Symmetry.DIAGONAL, Symmetry.ANTIDIAGONAL)
"""Symmetries a clue pattern is tested for, the one with most motions first."""


def symmetry_of(puzzle: Grid, n: int, variant: Variant | None = None) -> Symmetry:
    """The strongest symmetry of a clue pattern (NONE when it has none); a board's motions
    are the whole board's, and only those that fit it are tried."""
    return next((s for s in STRONGEST_FIRST if fits(s, n, variant)
                 and is_symmetric(puzzle, n, s, variant)), Symmetry.NONE)


@dataclass(frozen=True)
class GradeRange:
    """Grades a fill keeps or a query picks: lo <= grade < hi."""

    lo: float = 0.0
    """Lowest grade, inclusive."""
    hi: float = float("inf")
    """Upper bound, exclusive."""

    def __contains__(self, grade: object) -> bool:
        return isinstance(grade, float | int) and self.lo <= round(grade, 6) < self.hi

    def __str__(self) -> str:
        return f"{self.lo:g}-{'' if self.hi == float('inf') else f'{self.hi:g}'}"

    @classmethod
    def of_band(cls, band: Band) -> GradeRange:
        return cls(*BANDS[band])

    @classmethod
    def parse(cls, text: str) -> GradeRange:
        """'8.0-9.0' (9.0 excluded), '8.0-' or '8.0' (and up); InputError otherwise."""
        lo_text, _, hi_text = text.replace(" ", "").partition("-")
        try:
            lo = float(lo_text)
            hi = float(hi_text) if hi_text else float("inf")
        except ValueError:
            raise InputError(
                f"--grade {text!r}: expected a grade range such as 8.0-9.0 or 8.0-"
            ) from None
        if math.isnan(lo) or math.isnan(hi):
            raise InputError(f"--grade {text!r}: expected a grade range such as 8.0-9.0 or "
                             f"8.0- (nan is not a grade)")
        if lo >= hi:
            raise InputError(f"--grade {text!r}: the range is empty (lo >= hi)")
        return cls(lo, hi)


@dataclass(frozen=True)
class Entry:
    """One puzzle ready for the bank: its rating and where it came from."""

    canon: str
    """Its canonical form as a line."""
    figures: dict[str, object]
    """The rate --format json object (grade, band, hardest, steps included)."""
    symmetry: Symmetry
    """The strongest symmetry of its clue pattern."""
    run: str | None = None
    """The fill run that made it, or None."""
    run_index: int | None = None
    """Its index in that run."""
    source_file: str | None = None
    """The file it was imported from, or None."""
    source_line: int | None = None
    """Its line in that file."""
    variant: Variant = Variant.CLASSIC
    """Which units the puzzle has besides rows and columns."""
    regions: str | None = None
    """Jigsaw only: its region layout."""


def entry_of(values: Grid, geo: Geometry, **origin: object) -> Entry | None:
    """Rate and canonicalize one puzzle; None when it is not unique."""
    r = rate(values, geo)
    if r.count != 1:
        return None
    return Entry(canonical_key(values, geo), r.as_dict(geo),
                 symmetry_of(values, geo.n, geo.variant), **origin, variant=geo.variant,  # type: ignore[arg-type]
                 regions=geo.region_layout)


def _row(e: Entry, size: int) -> tuple[object, ...]:
    f = e.figures
    return (
        size, e.canon, f["puzzle"], f["solution"], f["clues"], f["grade"], f["band"],
        f["hardest"], json.dumps(f["steps"]), *(f[t.value] for t in TRACE_FIGURES),
        e.symmetry.value, e.run, e.run_index, e.source_file, e.source_line, GENERATOR,
        e.variant.value, e.regions,
    )


# ON CONFLICT names the one failure that means "already stored": an isomorph's canon. Any
# other failed insert (a constraint this bookgen does not know of) is an error, never a skip.
_INSERT = (
    "INSERT INTO puzzle (size, canon, givens, solution, clues, grade, band, hardest, "
    "steps, level, maxlevel, way_complexity, cand_sum, cand_sq, symmetry, run, run_index, "
    "source_file, source_line, generator, variant, regions) VALUES ("
    + ", ".join("?" * 22) + ") ON CONFLICT (canon) DO NOTHING"
)

APPLICATION_ID = 0x626B6762
"""SQLite's application_id of a bank ('bkgb'): marks the file as one."""

SCHEMA_VERSION = 2
"""The tables' layout this bookgen reads and writes (SQLite's user_version); a bank made
before versions were stored holds 0, one made before mining (no mining and mined tables)
1."""

LATE_COLUMNS = frozenset({"variant", "regions"})
"""Puzzle columns a bank made before variants lacks (added on opening, every row
classic)."""


@cache
def _columns() -> dict[str, frozenset[str]]:
    """The columns of each table of SCHEMA, read from SQLite itself."""
    with closing(sqlite3.connect(":memory:")) as db:
        db.executescript(SCHEMA)
        return {table: frozenset(row[1] for row in db.execute(f"PRAGMA table_info({table})"))
                for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = "
                                           "'table'")}


class _Found(Enum):
    """What a file holds, as Bank reads it before any write."""

    EMPTY = "empty"
    """Nothing yet (a missing file, no bytes, or an SQLite file without tables)."""
    OLD = "old"
    """A bank of an older layout: brought up to date on opening."""
    CURRENT = "current"
    """A bank of SCHEMA_VERSION."""


def _found(path: str, db: sqlite3.Connection) -> _Found:
    """What the file holds; InputError for anything that is not a bank this bookgen reads
    (nothing is written)."""
    app, version = (int(db.execute(f"PRAGMA {p}").fetchone()[0])
                    for p in ("application_id", "user_version"))
    tables = {name: frozenset(row[1] for row in db.execute(f"PRAGMA table_info({name})"))
              for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND name NOT LIKE 'sqlite_%' ORDER BY name")}
    if app != APPLICATION_ID and "puzzle" not in tables:
        if not (app or version or tables):
            return _Found.EMPTY
        what = (f"its tables: {', '.join(tables)}" if tables else "it has no tables")
        raise InputError(f"{path}: not a bookgen bank (an SQLite database of another program: "
                         f"{what}); name a new file for a bank")
    reads = (f"this bookgen ({__version__}) reads schema version {SCHEMA_VERSION}: use the "
             f"bookgen that made it, or name a new file for a bank")
    if version > SCHEMA_VERSION:
        raise InputError(f"{path}: a bank of schema version {version}, made by a newer "
                         f"bookgen; {reads}")
    late = LATE_COLUMNS if version < SCHEMA_VERSION else frozenset()
    for table, known in _columns().items():
        have = tables.get(table)
        if have is None and version < SCHEMA_VERSION:
            continue  # a table older banks lack is made on opening
        unknown = sorted((have or frozenset()) - known)
        missing = sorted(known - (have or frozenset()) - (late if table == "puzzle" else set()))
        if have is None or unknown or missing:
            why = (f"it has no {table} table" if have is None else
                   f"its {table} table has columns this bookgen does not know "
                   f"({', '.join(unknown)})" if unknown else
                   f"its {table} table lacks columns ({', '.join(missing)})")
            raise InputError(f"{path}: a bank marked schema version {version}, but {why}; "
                             f"{reads}")
    return _Found.CURRENT if version == SCHEMA_VERSION else _Found.OLD


def _head(path: str | Path) -> bytes:
    """The file's first bytes (b'' for a missing file); InputError when it cannot be read
    or is not an SQLite database."""
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return b""
    except OSError as e:
        raise InputError(f"{path}: cannot open the bank ({e.strerror or e})") from None
    if head and head != SQLITE_MAGIC:
        raise InputError(f"{path}: not a bookgen bank (not an SQLite database); name a "
                         f"new file for a bank")
    return head


def probe(path: str | Path) -> None:
    """InputError when a build could not open or make a bank at `path`, said as Bank
    would say it, found without writing anything (validate asks): a missing folder, a
    folder for the file, a file that is not a bank this bookgen reads."""
    where = Path(path)
    if not where.exists() and not where.parent.is_dir():
        raise InputError(f"{path}: cannot open the bank (no folder {where.parent})")
    if not _head(path):
        return
    # immutable: read without locks or a -shm file, so that nothing is created beside it
    db = sqlite3.connect(f"{where.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        _found(str(path), db)
    except sqlite3.Error as e:
        raise _failure(str(path), e) from None
    finally:
        db.close()


def _failure(path: str, e: sqlite3.Error) -> InputError:
    """The user's message for an SQLite error on a bank."""
    name = getattr(e, "sqlite_errorname", "")  # Python 3.11 on; 3.10 has the text alone
    if name.startswith("SQLITE_CORRUPT") or "malformed" in str(e):
        return InputError(f"{path}: the bank is damaged ({e}); restore it from a copy "
                          f"(sqlite3's .recover command saves what it can)")
    if name == "SQLITE_NOTADB":
        return InputError(f"{path}: not a bookgen bank ({e})")
    if isinstance(e, sqlite3.OperationalError):  # no such folder, no permission, locked, full
        why = _unwritable(path)
        if why and ("readonly" in str(e) or "unable to open" in str(e)):
            return InputError(f"{path}: cannot write the bank: {why}")
        if name.startswith("SQLITE_BUSY") or "locked" in str(e):
            return InputError(f"{path}: the bank is locked by another program (waited "
                              f"{LOCK_SECONDS} s for it); try again once it is done")
        return InputError(f"{path}: cannot use the bank ({e})")
    return InputError(f"{path}: the bank refused a change ({e})")


def _unwritable(path: str) -> str | None:
    """Why a bank cannot be written (read-only file or folder, no folder), or None."""
    folder = os.path.dirname(os.path.realpath(path))
    shown = os.path.dirname(path) or "."  # the folder as the user named it
    if not os.path.isdir(folder):
        return f"no such folder: {shown}"
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "the file is read-only"
    for side in (path + "-wal", path + "-shm"):
        if os.path.exists(side) and not os.access(side, os.W_OK):
            return f"its file {side} is read-only"
    if not os.access(folder, os.W_OK):
        return (f"its folder {shown} is read-only, and SQLite writes its -wal and -shm "
                f"files beside the bank")
    return None


LOCK_SECONDS = 60
"""How long a verb waits for another writer's lock on the bank before giving up."""

OPEN_TRIES = 20
"""Times a bank is opened before a "locked" answer is the user's: SQLite refuses at once,
without its wait, one of several commands that would otherwise deadlock making a new bank."""

SQLITE_MAGIC = b"SQLite format 3\0"
"""The first bytes of every SQLite file."""


class Bank:
    """An open bank file; use as a context manager (closes the connection, and turns an
    SQLite error inside the block into an InputError naming the file)."""

    def __init__(self, path: str | Path, create: bool = True):
        """Open the bank at `path`; create: a verb that stores, which may make a new bank
        in a missing or empty file (otherwise InputError says there is none)."""
        self.path = str(path)
        if Path(path).is_dir():
            raise InputError(f"{path}: a folder, not a bank file; name a file for the bank")
        if not create and not Path(path).is_file():
            raise InputError(f"{path}: no such bank")
        why = _unwritable(self.path)
        if why and create:  # refused before SQLite leaves -wal and -shm files beside it
            raise InputError(f"{path}: cannot write the bank: {why}")
        # a verb that only reads opens an unwritable bank as immutable (SQLite could not
        # make, or could not remove, the -shm file it reads a WAL bank through), unless a
        # -wal file holds changes, which an immutable bank would not see
        self.immutable = why is not None and not _has_wal(self.path)
        """Opened as immutable (see the glossary: unwritable)."""
        self.identity: tuple[int, int] | None = None
        """The file opened (device, inode), to notice it deleted or replaced."""
        _head(path)
        try:
            self._connect_and_open(create)
        except sqlite3.Error as e:
            raise _failure(self.path, e) from None

    def _connect_and_open(self, create: bool) -> None:
        # autocommit off by hand: every write below is an explicit BEGIN IMMEDIATE, so two
        # writers queue on the lock instead of failing half-way.
        for attempt in range(OPEN_TRIES):
            self.db = self._connect(manual=True)
            began = time.monotonic()
            try:
                self._open(create)
                return
            except sqlite3.OperationalError as e:
                self.db.close()
                # several commands making one new bank at once: SQLite may answer "locked"
                # at once (not after its wait) to the one that would deadlock; it tries
                # again. A lock held past the wait is another program's: said at once.
                waited = time.monotonic() - began >= 1
                if "locked" not in str(e) or waited or attempt == OPEN_TRIES - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
            except BaseException:
                self.db.close()
                raise

    def _connect(self, manual: bool = False) -> sqlite3.Connection:
        """A connection to the bank (immutable: see the glossary); manual: autocommit off,
        every write an explicit transaction."""
        name, uri = ((Path(self.path).resolve().as_uri() + "?immutable=1", True)
                     if self.immutable else (self.path, False))
        if manual:
            return sqlite3.connect(name, timeout=LOCK_SECONDS, isolation_level=None, uri=uri)
        return sqlite3.connect(name, timeout=LOCK_SECONDS, uri=uri)

    def _open(self, create: bool) -> None:
        # Read before any write: a file that is not a bank is left as it was.
        found = _found(self.path, self.db)
        if found is _Found.EMPTY and not create:
            raise InputError(f"{self.path}: no bank in this file yet (bank fill or bank "
                             f"import makes one)")
        self.identity = _identity(self.path)
        if self.immutable:
            if found is not _Found.CURRENT:
                raise InputError(f"{self.path}: a bank of an older layout, which cannot be "
                                 f"brought up to date: {_unwritable(self.path)}")
            return
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        if found is not _Found.CURRENT:
            with self.write():
                for statement in filter(str.strip, SCHEMA.split(";")):
                    self.db.execute(statement)
                _add_variant_columns(self.db)
                self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")
                self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def __enter__(self) -> Bank:
        return self

    def __exit__(self, kind: object, error: BaseException | None, *rest: object) -> None:
        self.db.close()
        if isinstance(error, sqlite3.Error):
            raise _failure(self.path, error) from None

    def check_same_file(self) -> None:
        """InputError when the bank's path no longer names the file opened (see the
        glossary: same file)."""
        if _identity(self.path) != self.identity:
            raise InputError(f"{self.path}: the bank was deleted or replaced while this "
                             f"command ran; what it stored went with the old file (run the "
                             f"command again to make a new bank)")

    def write(self) -> _Transaction:
        """A write transaction: `with bank.write(): ...` commits, or rolls back on error."""
        return _Transaction(self.db)

    # ------------------------------------------------------------ storing

    def add(self, entries: Sequence[Entry], size: int) -> int:
        """Store entries (an isomorph of a stored puzzle is skipped); how many were new.
        The caller holds the write transaction."""
        before = self.db.total_changes
        self.db.executemany(_INSERT, [_row(e, size) for e in entries])
        return self.db.total_changes - before

    def cursor(self, run: str) -> int:
        row = self.db.execute("SELECT next_index FROM run WHERE name = ?", (run,)).fetchone()
        return int(row[0]) if row else 0

    def set_cursor(self, run: str, index: int) -> None:
        # max(): two fills of one run may finish their batches in either order
        self.db.execute(
            "INSERT INTO run (name, next_index) VALUES (?, ?) ON CONFLICT (name) DO UPDATE "
            "SET next_index = max(next_index, excluded.next_index)", (run, index))

    def stored(self, run: str, grades: GradeRange) -> int:
        """Rows a run has stored within the grades."""
        return int(self.db.execute(
            "SELECT count(*) FROM puzzle WHERE run = ? AND grade >= ? AND grade < ?",
            (run, grades.lo, _hi(grades)),
        ).fetchone()[0])

    # ------------------------------------------------------------ reading

    def rows(self, size: int | None = None, grades: GradeRange = GradeRange(),
             variant: Variant | None = None) -> Iterator[sqlite3.Row]:
        """Rows within the grades (and of the size and variant given), oldest first."""
        kind = None if variant is None else variant.value
        self.db.row_factory = sqlite3.Row
        try:
            yield from self.db.execute(
                "SELECT * FROM puzzle WHERE (? IS NULL OR size = ?) AND (? IS NULL OR variant "
                "= ?) AND grade >= ? AND grade < ? ORDER BY id",
                (size, size, kind, kind, grades.lo, _hi(grades)))
        finally:
            self.db.row_factory = None

    def stats(self) -> dict[str, list[tuple[object, int]]]:
        """Counts by size, band, grade (to a tenth) and clue count."""
        out = {}
        for name, column in (("size", "size"), ("variant", "variant"), ("band", "band"),
                             ("grade", "grade"), ("clues", "clues")):
            out[name] = [(k, int(c)) for k, c in self.db.execute(
                f"SELECT {column}, count(*) FROM puzzle GROUP BY {column} ORDER BY "
                + ("min(grade)" if column == "band" else column))]
        return out

    # ------------------------------------------------------------ series

    def candidates(self, size: int, grades: GradeRange, series: str, config_hash: str,
                   clues: tuple[int, int] | None = None,
                   variant: Variant = Variant.CLASSIC) -> Iterator[sqlite3.Row]:
        """Rows for a book of `series`, read lazily: this book's own earlier picks first
        (same config hash, in book order), then rows no book of the series has placed,
        in id order: the same bank gives the same rows."""
        # The unary '+' keeps the grade index out of both queries: with it SQLite would
        # visit (and sort) a whole band; instead the ledger leads the first query, and the
        # second walks rows in id order until the caller has enough.
        shape = ("+p.size = ? AND +p.variant = ? AND +p.grade >= ? AND +p.grade < ? AND "
                 "+p.clues BETWEEN ? AND ?")
        args = (size, variant.value, grades.lo, _hi(grades),
                *(clues or (0, variant.cell_count(size))))
        db = self._connect()  # its own cursor: callers write between
        db.row_factory = sqlite3.Row
        try:
            yield from db.execute(
                f"SELECT p.* FROM placement l JOIN puzzle p ON p.canon = l.canon WHERE "
                f"l.series = ? AND l.config_hash = ? AND {shape} ORDER BY l.number",
                (series, config_hash, *args))
            yield from db.execute(
                f"SELECT p.* FROM puzzle p WHERE {shape} AND NOT EXISTS (SELECT 1 FROM "
                f"placement l WHERE l.series = ? AND l.canon = p.canon) ORDER BY p.id",
                (*args, series))
        finally:
            db.close()

    def pick(self, size: int, grades: GradeRange, count: int, series: str,
             config_hash: str, avoid: frozenset[str] = frozenset()) -> list[sqlite3.Row]:
        """The first `count` candidates whose canon is not in `avoid`."""
        out: list[sqlite3.Row] = []
        for row in self.candidates(size, grades, series, config_hash):
            if len(out) == count:
                break
            if row["canon"] not in avoid:
                out.append(row)
        return out

    def placed_elsewhere(self, series: str, config_hash: str) -> set[str]:
        """Canons the other books of a series have placed."""
        return {c for (c,) in self.db.execute(
            "SELECT canon FROM placement WHERE series = ? AND config_hash != ?",
            (series, config_hash))}

    def record(self, series: str, book: str, config_hash: str,
               placed: Sequence[tuple[int, str]]) -> None:
        """Record (number, canon) of every puzzle a book placed; this book's older picks
        that it no longer uses are freed."""
        keep = {canon for _, canon in placed}
        with self.write():
            # rows kept as they are keep their place in `series`' order of first record
            self.db.executemany(
                "DELETE FROM placement WHERE series = ? AND config_hash = ? AND canon = ?",
                [(series, config_hash, c) for (c,) in self.db.execute(
                    "SELECT canon FROM placement WHERE series = ? AND config_hash = ?",
                    (series, config_hash)).fetchall() if c not in keep])
            self.db.executemany(
                "INSERT INTO placement (series, book, config_hash, number, canon) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (series, canon) DO NOTHING",
                [(series, book, config_hash, number, canon) for number, canon in placed])

    def series(self, name: str) -> list[tuple[str, str, int]]:
        """(book, config hash, puzzles) of every book of a series, in order of first record."""
        return [(b, h, int(c)) for b, h, c in self.db.execute(
            "SELECT book, config_hash, count(*) FROM placement WHERE series = ? "
            "GROUP BY book, config_hash ORDER BY min(rowid)", (name,))]


def _has_wal(path: str) -> bool:
    """Whether a bank's -wal file holds changes not yet written into the bank."""
    try:
        return os.path.getsize(path + "-wal") > 0
    except OSError:
        return False


def _identity(path: str) -> tuple[int, int] | None:
    """The device and inode of the file a path names, or None."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _add_variant_columns(db: sqlite3.Connection) -> None:
    """Give a bank made before variants its variant and regions columns (every row
    classic)."""
    have = {row[1] for row in db.execute("PRAGMA table_info(puzzle)")}
    if "variant" not in have:
        db.execute("ALTER TABLE puzzle ADD COLUMN variant TEXT NOT NULL DEFAULT 'classic'")
    if "regions" not in have:
        db.execute("ALTER TABLE puzzle ADD COLUMN regions TEXT")


def _hi(grades: GradeRange) -> float:
    return 1e9 if grades.hi == float("inf") else grades.hi


class _Transaction:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *rest: object) -> None:
        self.db.execute("ROLLBACK" if kind else "COMMIT")


# ---------------------------------------------------------------- fill


def bank_sizes(variant: Variant) -> tuple[int, ...]:
    """The sizes of a variant the bank holds: those with a canonical form."""
    return variant.canon_sizes


def _of(variant: Variant) -> str:
    return "" if variant is Variant.CLASSIC else f" of {variant.value} grids"


def run_name(spec: DigSpec, seed: int) -> str:
    """The name of a fill run: everything that decides its puzzles."""
    name = (f"size={spec.size} symmetry={spec.symmetry.value} clues={spec.target} "
            f"minimal={int(spec.minimal)} seed={seed}")
    if spec.variant is not Variant.CLASSIC:
        name += f" variant={spec.variant.value}"
    if spec.regions is not None:
        name += f" regions={spec.regions}"
    return name


@dataclass(frozen=True)
class FillTask:
    """One batch of run indexes for a worker."""

    spec: DigSpec
    """What the puzzles look like."""
    seed: int
    """The run's seed."""
    start: int
    """First index."""
    count: int
    """Indexes in the batch."""
    grades: GradeRange
    """Only puzzles within these grades come back."""


def fill_batch(task: FillTask) -> list[Entry]:
    """Make, rate and canonicalize the batch's puzzles; those within the grades, in index
    order."""
    out = []
    run = run_name(task.spec, task.seed)
    for index in range(task.start, task.start + task.count):
        made = make_puzzle(task.spec, task.seed, index)
        e = entry_of(made.puzzle, made.geo, run=run, run_index=index)
        if e is not None and e.figures["grade"] in task.grades:
            out.append(e)
    return out


@dataclass(frozen=True)
class FillResult:
    """What a fill did."""

    stored: int
    """Rows of the run within the grades, after the fill."""
    added: int
    """Rows this fill added."""
    examined: int
    """Run indexes this fill made and rated."""
    next_index: int
    """The run's cursor after the fill."""


def fill(
    path: str | Path, spec: DigSpec, count: int, seed: int = 0,
    grades: GradeRange = GradeRange(), workers: int | None = None,
    progress: Callable[[int], None] | None = None, cluster: str | None = None,
) -> FillResult:
    """Fill the bank until the run holds `count` rows within the grades.

    The run's indexes are examined in order from its cursor; a puzzle is stored when it is
    within the grades and no isomorph is stored yet. Stopping at the count's last row (not
    at the end of its batch) makes the stored set the same for any worker count. With
    `cluster` (cluster.py) the batches run on a Dask cluster; this process alone writes.
    """
    sizes = bank_sizes(spec.variant)
    if not sizes:
        kept = ", ".join(v.value for v in Variant if bank_sizes(v))
        raise InputError(f"--variant {spec.variant.value}: the bank holds no "
                         f"{spec.variant.value} puzzles; expected one of {kept}")
    if spec.size not in sizes:
        raise InputError(f"--size {spec.size}: the bank holds sizes "
                         f"{', '.join(map(str, sizes))}" + _of(spec.variant))
    run = run_name(spec, seed)
    with Bank(path) as bank:
        index = bank.cursor(run)
        stored = bank.stored(run, grades)
        if stored >= count:
            return FillResult(stored, 0, 0, index)
        # counted from this fill's own writes: another fill of the same run may add too
        added = examined = 0
        dry = 0  # puzzles within the grades in a row that were stored already
        with (cluster_pool(cluster) if cluster is not None else worker_pool(workers)) as pmap:
            width = max(1, workers or default_workers()) * 2
            while stored < count:
                tasks = [FillTask(spec, seed, index + k * BATCH, BATCH, grades)
                         for k in range(width)]
                for task, entries in zip(tasks, pmap(fill_batch, tasks), strict=True):
                    room = count - stored
                    end = task.start + task.count
                    if len(entries) >= room:
                        entries = entries[:room]
                        end = entries[-1].run_index + 1 if entries else end
                    with bank.write():
                        new = bank.add(entries, spec.size)
                        bank.set_cursor(run, end)
                    bank.check_same_file()
                    added += new
                    examined += end - task.start
                    dry = 0 if new else dry + len(entries)
                    index = end
                    stored = bank.stored(run, grades)
                    if progress:
                        progress(stored)
                    if stored >= count:
                        break
                    if dry >= DRY:
                        raise GenerationError(
                            f"{path}: the last {dry} puzzles of this run within the grades "
                            f"were all stored already: the bank seems to hold every "
                            f"{spec.size}x{spec.size} puzzle of this kind (this run holds "
                            f"{stored} of the {count} asked)")
        return FillResult(stored, added, examined, bank.cursor(run))


# ---------------------------------------------------------------- import, export


@dataclass(frozen=True)
class ImportResult:
    """What an import did."""

    added: int
    """New rows."""
    known: int
    """Puzzles whose isomorph was already stored."""
    bad: tuple[str, ...]
    """One message per rejected line."""


def import_file(path: str | Path, source: str, text: str, workers: int | None = None
                ) -> ImportResult:
    """Check, rate and store every puzzle of a file (one a line, '#' comments); bad lines
    (unreadable, clashing, not unique, a size without canonical form) are reported, the
    good ones kept."""
    bad: list[tuple[int, str]] = []  # (line, message): reported in line order
    good: list[tuple[int, Grid, Geometry]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.split("#", 1)[0].strip():
            continue
        try:
            # blank lines in front keep parse's own "line N" in its messages
            values, geo = parse("\n" * (number - 1) + line, source)
        except InputError as e:
            bad.append((number, str(e)))
            continue
        sizes = bank_sizes(geo.variant)
        if geo.n not in sizes:
            bad.append((number, f"{source}: line {number}: a {geo.n}x{geo.n} puzzle: the "
                        f"bank holds sizes {', '.join(map(str, sizes))}" + _of(geo.variant)))
            continue
        good.append((number, values, geo))
    added = known = 0
    with Bank(path) as bank:
        for number, values, geo in good:
            entry = entry_of(values, geo, source_file=source, source_line=number)
            if entry is None:
                bad.append((number, f"{source}: line {number}: not a unique puzzle"))
                continue
            with bank.write():
                new = bank.add([entry], geo.n)
            bank.check_same_file()
            added += new
            known += 1 - new
    return ImportResult(added, known, tuple(message for _, message in sorted(bad)))


def export_lines(path: str | Path, grades: GradeRange, size: int | None = None,
                 variant: Variant | None = None) -> Iterator[str]:
    """One line per stored puzzle (of the grades, size and variant given): the givens, then
    after '#' grade, band and clues (a file of these lines reads back as puzzles)."""
    with Bank(path, create=False) as bank:
        for row in bank.rows(size, grades, variant):
            givens = row["givens"]
            if row["variant"] != Variant.CLASSIC.value:
                # a JSON line says its variant and regions, so the file reads back alike
                geo = geometry(row["size"], row["variant"], row["regions"])
                givens = json.dumps({"puzzle": givens} | topology_fields(geo))
            yield (f"{givens}  # grade {row['grade']:.1f} {row['band']}  "
                   f"clues {row['clues']}  hardest {row['hardest']}")


# ---------------------------------------------------------------- books


class Taken(set[Grid]):
    """The puzzles a book may no longer use (select.pick's `taken`), compared by canonical
    form, so an isomorph of a used puzzle is used too; starts with the canons other books
    of the series placed. Sizes without a canonical form compare the grids themselves."""

    def __init__(self, blocked: Iterable[str] = ()):
        super().__init__()
        self.canons = set(blocked)

    def __contains__(self, puzzle: object) -> bool:
        return isinstance(puzzle, tuple) and _key(puzzle) in self.canons

    def add(self, puzzle: Grid) -> None:
        super().add(puzzle)
        self.canons.add(_key(puzzle))


def banked(variant: Variant) -> bool:
    """Whether a book's bank and series know puzzles of this kind: those whose bare grid
    says its kind (classic's group, and boards, whose cell count is their own)."""
    return variant.minlex or (variant.board is not None and bool(variant.canon_sizes))


def kind_of(puzzle: Grid) -> tuple[Variant, int] | None:
    """The kind and size a bare grid is keyed as: a board by its cell count, else classic
    (an X or hyper puzzle too, which only makes a series stricter); None: no canonical
    form (jigsaw-only sizes)."""
    return next(((kind, n) for kind in Variant
                 if (kind is Variant.CLASSIC or kind.board is not None)
                 and (n := kind.size_of(len(puzzle))) in kind.canon_sizes), None)


def _key(puzzle: Grid) -> str:
    kind = kind_of(puzzle)
    return format_line(puzzle) if kind is None else canonical_key(
        puzzle, geometry(kind[1], kind[0]))


def rating_of(row: sqlite3.Row) -> Rating:
    """A stored row as the Rating `rate` gave it, without rating again (a 16x16 grade can
    take minutes). Not stored, so left empty: the seconds it took and the trace's way."""
    values, _ = parse(row["givens"], variant=row["variant"])
    solution = parse(row["solution"], variant=row["variant"])[0]
    trace = None if row["level"] is None else Trace(
        True, 1, solution, (solution,), (), *(row[f.value] for f in TRACE_FIGURES))
    hardest = named(row["hardest"] or "")
    steps = tuple((t, k) for label, k in json.loads(row["steps"]).items()
                  if (t := named(label)) is not None)
    return Rating(values, 1, solution, trace, row["clues"], 0.0, row["grade"],
                  Band(row["band"]), hardest, steps)


def offers(bank: Bank, size: int, grades: GradeRange, series: str, config_hash: str,
           clues: tuple[int, int] | None, variant: Variant = Variant.CLASSIC
           ) -> Iterator[tuple[Rating, str]]:
    """Bank candidates for a book section with their ratings (the section's rules may bound
    any figure), each with its origin 'bank <id>'."""
    for row in bank.candidates(size, grades, series, config_hash, clues, variant):
        yield rating_of(row), f"bank {row['id']}"


def keep_book(bank: Bank, series: str, title: str, config_hash: str,
              placed: Sequence[tuple[int, Rating, str]]) -> None:
    """After a build: store the puzzles it made (not drawn from the bank) and, with a
    series, record every (number, puzzle) the book placed."""
    with bank.write():
        for _, r, origin in placed:
            kind = kind_of(r.puzzle)
            if not origin.startswith("bank ") and kind is not None:
                variant, n = kind
                geo = geometry(n, variant)
                bank.add([Entry(_key(r.puzzle), r.as_dict(geo),
                                symmetry_of(r.puzzle, n, variant), run=origin,
                                variant=variant)], n)
    if series:
        bank.record(series, title, config_hash, [(n, _key(r.puzzle)) for n, r, _ in placed])
