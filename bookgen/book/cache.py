"""The build cache: every candidate a book build rated and every improvement it made, kept
in a SQLite file beside the output folder, so that a build that was stopped (Ctrl-C, a
kill, a power cut) continues where it stopped and gives the very book an unstopped build
gives.

Glossary:
  cache        `.<name>.cache` beside the output folder `<name>` (output.cache_path), one
               SQLite file (standard library sqlite3, WAL mode: a commit survives a killed
               process); it lives outside the folder, so the whole-folder switch of
               output.py neither carries nor sweeps it
  fingerprint  bookgen's version and a digest of its source files: another bookgen never
               reads this one's candidates, even at the same version number
  section key  sha256 of the fingerprint, what a section's items depend on (its rules,
               its section seed, and for improvements the improve budget) and the kind;
               a changed config changes the keys of the sections it changes, and only those
  item         a candidate's index in its section (random), or the index of the candidate
               an improvement started from (improved)
  record       an item's value as JSON, zlib-compressed: the whole Rating (trace and way
               included; its techniques by member name), its jigsaw regions and killer
               cages, decoded to equal records; a rating's `examples` (the first step of
               each technique family) are not kept, so the tips grade a puzzle read back
               once more; a record that does not decode is made again and replaced
  ours         a file whose SQLite header carries APPLICATION_ID; an empty file or new
               path becomes ours; a cache of another SCHEMA is emptied and filled again;
               any other file (foreign, or not SQLite) is never written: the build goes on
               without a cache and says so
  kept         a finished build keeps its own sections' items and drops all others, so the
               next build of the same book (or `cover` after `build`) makes nothing again,
               and the file holds one book's worth at most
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .. import __version__
from ..core.model import Band
from ..engine.trace import Trace, WayStep
from ..grade.rating import Rating
from ..grade.scale import Technique
from ..variants.killer.cages import Cage, Cages

T = TypeVar("T")
R = TypeVar("R")

APPLICATION_ID = 0x626B6763
"""SQLite's application_id of a build cache ('bkgc'): marks the file as ours."""

SCHEMA = 1
"""The layout of the tables and records (SQLite's user_version)."""

FOREIGN = "not a bookgen build cache, so it is left as it is (remove it to let builds resume)"

_TABLES = """
CREATE TABLE IF NOT EXISTS made (
    section TEXT NOT NULL,
    item INTEGER NOT NULL,
    record BLOB NOT NULL,
    PRIMARY KEY (section, item)
) WITHOUT ROWID;
"""


class Kind(Enum):
    """What a section key's items are."""

    RANDOM = "random"
    """Candidates made and rated (pipeline._candidate)."""
    IMPROVED = "improved"
    """Improvements of candidates, rated (pipeline._improved)."""


@cache
def fingerprint() -> str:
    """bookgen's version and a digest of every source file of the package."""
    root = Path(__file__).parent
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(root.rglob("*.py")):
        digest.update(f"{path.relative_to(root)}\0".encode() + path.read_bytes() + b"\0")
    return digest.hexdigest()


def section_key(kind: Kind, *decides: object) -> str:
    """The key of a section's items: the fingerprint, the kind and the reprs of what
    decides the items (records whose repr holds every field, enums by name and value)."""
    text = "\n".join([fingerprint(), kind.value, *map(repr, decides)])
    return hashlib.sha256(text.encode()).hexdigest()


# ---------------------------------------------------------------- records


def _grid(data: Any) -> tuple[int, ...]:
    if not isinstance(data, list) or not all(type(v) is int for v in data):
        raise ValueError("expected a list of integers")
    return tuple(data)


def rating_json(r: Rating) -> dict[str, Any]:
    """A rating as JSON, every field kept."""
    tr = r.trace
    return {
        "puzzle": r.puzzle, "count": r.count, "solution": r.solution, "clues": r.clues,
        "seconds": r.seconds, "grade": r.grade, "band": r.band.value if r.band else None,
        # techniques by their member names: exact where two share a label (hidden single)
        "hardest": r.hardest.name if r.hardest else None,
        "steps": None if r.steps is None else [(t.name, n) for t, n in r.steps],
        "trace": None if tr is None else {
            "found": tr.found, "count": tr.count, "solution": tr.solution,
            "solutions": tr.solutions, "way": [(w.cell, w.candidates, w.index) for w in tr.way],
            "figures": [tr.level, tr.maxlevel, tr.way_complexity, tr.cand_sum, tr.cand_sq],
        },
    }


def rating_of_json(d: dict[str, Any]) -> Rating:
    """The rating rating_json wrote; ValueError, TypeError or KeyError when it is not one."""
    t = d["trace"]
    trace = None if t is None else Trace(
        bool(t["found"]), int(t["count"]),
        None if t["solution"] is None else _grid(t["solution"]),
        tuple(_grid(s) for s in t["solutions"]),
        tuple(WayStep(int(c), _grid(cands), int(i)) for c, cands, i in t["way"]),
        *(int(v) for v in t["figures"]),
    )
    steps = d["steps"]
    return Rating(
        _grid(d["puzzle"]), int(d["count"]),
        None if d["solution"] is None else _grid(d["solution"]), trace, int(d["clues"]),
        float(d["seconds"]), None if d["grade"] is None else float(d["grade"]),
        None if d["band"] is None else Band(d["band"]),
        None if d["hardest"] is None else Technique[str(d["hardest"])],
        None if steps is None else tuple((Technique[str(name)], int(n)) for name, n in steps),
    )


def cages_of_json(data: Any) -> Cages:
    """Cages written as [[total, [cells]], ...]."""
    return tuple(Cage(int(total), _grid(cells)) for total, cells in data)


def encode(data: object) -> bytes:
    """A record as stored: compact JSON, compressed."""
    return zlib.compress(json.dumps(data, separators=(",", ":")).encode(), 6)


def decode(blob: bytes, read: Callable[[Any], T]) -> T | None:
    """A record read back, or None when it does not decode (it is then made again)."""
    try:
        return read(json.loads(zlib.decompress(blob)))
    except (zlib.error, ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None


# ---------------------------------------------------------------- the file


class Cache:
    """An open build cache; use as a context manager. Never raises on its file: when the
    file is not ours or fails, `note` is told once and the cache stops being used (the
    build goes on making everything)."""

    def __init__(self, path: Path, note: Callable[[str], None]):
        self.path = path
        self.note = note
        self.used: set[str] = set()
        """Section keys this build asked for (kept at the end)."""
        self.db: sqlite3.Connection | None = None
        try:
            self.db = self._open()
        except sqlite3.OperationalError as e:  # no such folder, no permission, locked
            self._fail(f"cannot use it ({e})")
        except sqlite3.DatabaseError:  # not SQLite at all
            self._fail(FOREIGN)

    def _open(self) -> sqlite3.Connection | None:
        db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
        try:
            # Read before any write: a file that is not ours is left as it is.
            app, version = (db.execute(f"PRAGMA {p}").fetchone()[0]
                            for p in ("application_id", "user_version"))
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if app != APPLICATION_ID and (app or version or tables):
                db.close()
                self._fail(FOREIGN)
                return None
            if app == APPLICATION_ID and version != SCHEMA:
                db.execute("DROP TABLE IF EXISTS made")  # another bookgen's layout: refill
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(_TABLES)
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.execute(f"PRAGMA user_version={SCHEMA}")
        except BaseException:
            db.close()
            raise
        return db

    def _fail(self, why: str) -> None:
        self.note(f"note: {self.path}: {why}; building without the cache")
        if self.db is not None:
            self.db.close()
            self.db = None

    def __enter__(self) -> Cache:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def lookup(self, key: str, items: Sequence[int]) -> dict[int, bytes]:
        """The stored records of `items` of a section."""
        self.used.add(key)
        if self.db is None or not items:
            return {}
        wanted = set(items)
        try:
            rows = self.db.execute(
                "SELECT item, record FROM made WHERE section = ? AND item BETWEEN ? AND ?",
                (key, min(items), max(items))).fetchall()
        except sqlite3.Error as e:
            self._fail(f"cannot read it ({e})")
            return {}
        return {item: record for item, record in rows if item in wanted}

    def store(self, key: str, item: int, record: bytes) -> None:
        """Keep one record (one transaction: a kill loses at most the items in flight)."""
        if self.db is None:
            return
        try:
            self.db.execute("INSERT OR REPLACE INTO made (section, item, record) VALUES "
                            "(?, ?, ?)", (key, item, record))
        except sqlite3.Error as e:
            self._fail(f"cannot write it ({e})")

    def keep_used(self) -> None:
        """After a finished build: drop every section this build did not ask for."""
        if self.db is None:
            return
        used = sorted(self.used)
        try:
            self.db.execute(f"DELETE FROM made WHERE section NOT IN "
                            f"({', '.join('?' * len(used))})", used)
        except sqlite3.Error as e:
            self._fail(f"cannot write it ({e})")


@dataclass(frozen=True)
class Codec:
    """How a map's results are kept in the cache."""

    write: Callable[[Any], object]
    """A result as JSON data."""
    read: Callable[[Any], Any]
    """The result from that data; raises ValueError, TypeError or KeyError otherwise."""


def cached_map(
    cache: Cache | None, key: str, pmap: Callable[[Callable[[T], R], Iterable[T]], Iterator[R]],
    func: Callable[[T], R], jobs: Sequence[tuple[int, T]], codec: Codec,
) -> Iterator[R]:
    """func over the jobs' tasks, results in job order, like pmap; each (item, task) whose
    item the cache holds under `key` is read instead of made, each one made is stored."""
    if cache is None:
        yield from pmap(func, [task for _, task in jobs])
        return
    held = {}
    for item, blob in cache.lookup(key, [item for item, _ in jobs]).items():
        value = decode(blob, codec.read)
        if value is not None:
            held[item] = value
    made = pmap(func, [task for item, task in jobs if item not in held])
    for item, _ in jobs:
        if item in held:
            yield held[item]
        else:
            result = next(made)
            cache.store(key, item, encode(codec.write(result)))
            yield result
