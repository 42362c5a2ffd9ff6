"""Where results are written: a book's output folder, switched whole, and single files.

Glossary:
  target    the output folder a build names (output/quick); a symlink is followed, so the
            switch happens where the book really lives and the link stays
  lock      .<name>.lock beside the target, held (flock) from the check before any work
            until the write ends, then removed: a second build into the same folder stops
            at once; a lock file found there whose flock is free is a killed build's (the
            flock ends with its process)
  stage     .<name>.new beside the target: the whole new book is written there first, with
            hard links to anything else the folder held
  switch    one renameat2(RENAME_EXCHANGE) of stage and target (a plain rename when there is
            no target yet): the folder holds the complete old book or the complete new one
            whenever the process dies; the old book, now in the stage, is removed after
  old       .<name>.old: only where the filesystem cannot exchange, the old folder is moved
            there for the instant between two renames; the next build puts it back if the
            new one never arrived
  leftover  a stage or old folder or the lock file of a build that died; the next build
            removes them (under the lock) and says so in a note, as it removes the
            .build-* folders of earlier versions
  owner     the config a book was built from: its manifest's config_path (the config's
            path from the book's folder, so a project moved whole keeps its manifest), or
            for a book of an earlier version its config file's name; a build of another
            config refuses to replace the book unless forced
  package   the folder of the installed bookgen package (and the site-packages folder
            holding it): no book is ever written there
  cache     .<name>.cache beside the target: the build cache (cache.py); outside the
            folder, so no switch carries or sweeps it, and kept when a build dies
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import json
import os
import shutil
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from ..core.errors import OutputError

BOOK_FILES = ("book.pdf", "manifest.json", "puzzles.txt", "cover.pdf")
"""What a build writes into its folder (cover.pdf only for print-on-demand); anything
else there is kept."""

FONT_BYTES = 48 * 1024
PUZZLE_BYTES = 2 * 1024
COVER_BYTES = 40 * 1024
"""Size estimate of a book: embedded font subsets and front pages, then per puzzle its
grids in the PDF and its manifest entry and puzzles.txt line, then a cover.pdf. Measured:
two 4x4 puzzles take 58 KB and a cover 42 KB; configs/classic-100.yaml, 110 puzzles, takes
227 KB and a cover 43 KB (the estimate: 308 KB)."""


def book_bytes(puzzles: int, cover: bool) -> int:
    """About how many bytes a book of `puzzles` puzzles takes on disk, with its cover.pdf
    when `cover`."""
    return FONT_BYTES + PUZZLE_BYTES * puzzles + (COVER_BYTES if cover else 0)


def _fail(where: Path | str, what: str, e: OSError | None = None) -> OutputError:
    reason = f": {e.strerror or e}" if e is not None else ""
    return OutputError(f"{where}: {what}{reason}")


@dataclass(frozen=True)
class Slot:
    """An output folder checked and locked for one build."""

    target: Path
    """The folder the book ends up in (symlinks resolved)."""
    stage: Path
    """Where the new book is written before the switch."""
    old: Path
    """Where the old folder waits during a two-rename switch."""


def _sibling(target: Path, kind: str) -> Path:
    return target.with_name(f".{target.name}.{kind}")


def _package_folders() -> tuple[Path, ...]:
    """The installed package's folder, and the site-packages folder holding it (an
    editable install's parent is the project, whose output/ folder is the usual place)."""
    package = Path(os.path.realpath(__file__)).parents[1]
    above = package.parent
    return (above,) if above.name in ("site-packages", "dist-packages") else (package,)


def _check(target: Path, need: int, create: bool = True) -> None:
    """Refuse a target that is no folder, lies under a file, is a mount point or lies in
    the installed package; create its parent (or, without `create`, only try that the
    nearest folder there takes a new entry); refuse a disk without room for `need`
    bytes."""
    if target.exists() and not target.is_dir():
        raise OutputError(f"{target}: exists and is not a folder")
    if target.is_symlink() and not target.exists():
        raise OutputError(f"{target}: a symbolic link that leads to no folder (a loop, or "
                          f"its target {os.readlink(target)} is missing); expected a folder")
    for package in _package_folders():
        if target == package or package in target.parents:
            raise OutputError(f"{target}: is inside the installed bookgen package "
                              f"({package}), which an upgrade replaces: name an output "
                              "folder elsewhere with -o DIR")
    for above in target.parents:
        if above.exists():
            if not above.is_dir():
                raise OutputError(f"{target}: cannot create: {above} is a file, not a folder")
            break
    here = Path.cwd().resolve()
    if target == here or target in here.parents:
        raise OutputError(f"{target}: holds the current folder; the book is switched into "
                          "place by renaming its folder, so name a folder of its own, e.g. "
                          "output/book")
    if target.is_dir() and os.path.ismount(target):
        raise OutputError(f"{target}: is a mount point; the book is switched into place by "
                          "renaming its folder, so name a folder inside it")
    if create:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise _fail(target, "cannot create the folder", e) from None
        room = target.parent
    else:
        room = next(p for p in target.parents if p.exists())
        _probe(target, room)
    try:
        st = os.statvfs(room)
    except OSError as e:
        raise _fail(target, "cannot use the folder", e) from None
    free = st.f_bavail * st.f_frsize
    if free < need:
        raise OutputError(f"{target}: only {free / 1e6:.2f} MB free there; the book needs "
                          f"about {need / 1e6:.2f} MB")


def _probe(target: Path, room: Path) -> None:
    """Whether `room` takes a new folder (made and removed at once): the one sure test of
    write permission, for root, read-only mounts and pseudo-filesystems alike."""
    import tempfile

    try:
        os.rmdir(tempfile.mkdtemp(prefix=".bookgen-probe-", dir=room))
    except OSError as e:
        raise _fail(target, f"cannot write in {room}", e) from None


def preflight(out: Path, need: int) -> None:
    """Check, leaving nothing behind, that a build of about `need` bytes could write its
    book into the folder `out`: the checks claim() makes before any work, without creating
    folders or taking the lock. OutputError in one line otherwise."""
    _check(Path(os.path.realpath(out)), need, create=False)


def _lock(target: Path) -> tuple[int, bool]:
    """The lock file's descriptor, locked, and whether the file was there already: left by
    a build that was killed, since a build removes it when it ends and the flock of a live
    one would have refused us; OutputError when another build holds it."""
    path = _sibling(target, "lock")
    while True:
        try:
            fd, left = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC,
                               0o644), False
        except FileExistsError:
            try:
                fd, left = os.open(path, os.O_RDWR | os.O_CLOEXEC), True
            except FileNotFoundError:
                continue  # its build has just ended and removed it
            except OSError as e:
                raise _fail(target.parent, "cannot write in the folder", e) from None
        except OSError as e:
            raise _fail(target.parent, "cannot write in the folder", e) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise OutputError(f"{target}: another build is writing this folder (it holds "
                              f"{path}); try again when it has finished") from None
        # The holder before us may have removed the file after we opened it: then the lock
        # is on a name no one else sees, and we try again on the current file.
        try:
            same = os.stat(path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd, left
        os.close(fd)


def _tidy(slot: Slot) -> list[str]:
    """Remove the leftovers of builds that died, or put back an old book whose successor
    never arrived (a two-rename switch cut between its renames); the names removed."""
    removed = []
    if slot.old.is_dir() and not slot.target.exists():
        os.rename(slot.old, slot.target)
    for leftover in (slot.stage, slot.old):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover)
        elif leftover.exists() or leftover.is_symlink():
            leftover.unlink()
        else:
            continue
        removed.append(leftover.name)
    if slot.target.is_dir():
        for earlier in slot.target.glob(".build-*"):
            shutil.rmtree(earlier, ignore_errors=True)
    return removed


def built_from(target: Path) -> tuple[str, bool] | None:
    """Which config built the book in the folder `target`, from its manifest: its path
    (True) or, from a manifest of an earlier version, its file name only (False); None
    when the folder holds no readable manifest."""
    try:
        manifest = json.loads((target / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict):
        return None
    path, name = manifest.get("config_path"), manifest.get("config")
    if isinstance(path, str):
        return os.path.realpath(target / path), True
    return (name, False) if isinstance(name, str) else None


def config_path(config: Path, target: Path) -> str:
    """How a manifest in the folder `target` names the config it was built from: its
    path from that folder."""
    return os.path.relpath(os.path.realpath(config), target)


def _check_owner(target: Path, config: Path) -> None:
    """Refuse to replace a book that another config built."""
    owner = built_from(target)
    if owner is None:
        return
    name, whole = owner
    if name == (os.path.realpath(config) if whole else config.name):
        return
    raise OutputError(f"{target}: holds the book built from {name}, not from "
                      f"{os.path.realpath(config)}; name another output folder with "
                      "-o DIR, or give --force to replace that book")


@contextmanager
def claim(out: Path, need: int, config: Path | None = None,
          note: Callable[[str], None] | None = None) -> Iterator[Slot]:
    """Check and lock the output folder `out` for a build of about `need` bytes.

    Call it before any work: a location that cannot take the book is refused at once, in
    one line, and so is a folder holding a book another config built, when `config` (the
    config being built) is given. The lock is held until the block ends; a stage left by
    an error is removed, and what a killed build left is removed with a `note`.
    """
    target = Path(os.path.realpath(out))
    _check(target, need)
    fd, left = _lock(target)
    slot = Slot(target, _sibling(target, "new"), _sibling(target, "old"))
    try:
        try:
            removed = _tidy(slot)
        except OSError as e:
            raise _fail(target, "cannot remove what an earlier build left", e) from None
        if left:
            removed.append(_sibling(target, "lock").name)
        if removed and note is not None:
            note(f"note: a build into {target} was stopped before it finished; removed "
                 f"what it left: {', '.join(removed)}")
        if config is not None:
            _check_owner(target, config)
        yield slot
    finally:
        shutil.rmtree(slot.stage, ignore_errors=True)
        try:
            os.unlink(_sibling(target, "lock"))
        except OSError:
            pass  # a read-only folder keeps the lock file it could not create anyway
        os.close(fd)


def cache_path(slot: Slot) -> Path:
    """Where the build cache of the slot's book lives."""
    return _sibling(slot.target, "cache")


def stage(slot: Slot) -> Path:
    """A fresh, empty stage folder for the new book."""
    try:
        slot.stage.mkdir()
    except OSError as e:
        raise _fail(slot.target, "cannot write the book", e) from None
    return slot.stage


def write_file(slot: Slot, name: str, text: str) -> None:
    """One text file of the book into the stage; OutputError naming the target's file."""
    try:
        with open(slot.stage / name, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except OSError as e:
        raise _fail(slot.target / name, "cannot write it; the previous book is kept", e) from None


def switch(slot: Slot) -> None:
    """Put the complete staged book in place of the target folder, as one step."""
    try:
        _carry(slot)
        _sync(slot.stage)
        if not slot.target.exists():
            os.rename(slot.stage, slot.target)
        elif not _exchange(slot.stage, slot.target):
            os.rename(slot.target, slot.old)
            os.rename(slot.stage, slot.target)
        _sync(slot.target.parent)
    except OSError as e:
        raise _fail(slot.target, "cannot switch to the new book; the previous one is kept",
                    e) from None
    # The stage (or old) folder now holds the previous book; the next build removes it if
    # this process dies first.
    shutil.rmtree(slot.stage, ignore_errors=True)
    shutil.rmtree(slot.old, ignore_errors=True)


def _carry(slot: Slot) -> None:
    """Hard links in the stage to whatever else the target held (notes, a cover): the
    switch replaces the folder, not only the book's files; a file the new book wrote
    itself (the API's config) replaces the old one."""
    if not slot.target.is_dir():
        return
    os.chmod(slot.stage, stat.S_IMODE(slot.target.stat().st_mode))
    for entry in slot.target.iterdir():
        dest = slot.stage / entry.name
        if (entry.name in BOOK_FILES or entry.name.startswith(".build-")
                or os.path.lexists(dest)):
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.copytree(entry, dest, symlinks=True, copy_function=os.link)
        else:
            os.link(entry, dest, follow_symlinks=False)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two folders atomically (Linux renameat2); False where that is not available."""
    renameat2: Callable[..., int] | None = getattr(ctypes.CDLL(None, use_errno=True),
                                                   "renameat2", None)
    if renameat2 is None or not sys.platform.startswith("linux"):
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err))


def _sync(folder: Path) -> None:
    """Flush a folder's entries to disk, so a power cut after the switch keeps it."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# ---------------------------------------------------------------- single files


class FileOut:
    """A file written whole: a regular file (or a new path) through `<path>.part` moved
    over it at the end; a character device or a pipe straight; a folder refused. Text is
    written as UTF-8."""

    def __init__(self, path: str) -> None:
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            mode = None
        except OSError as e:
            raise _fail(path, "cannot write", e) from None
        if mode is not None and stat.S_ISDIR(mode):
            raise OutputError(f"{path}: is a folder; expected a file name")
        if path.endswith(("/", os.sep)):  # else 'out/' would write a file named 'out'
            raise OutputError(f"{path}: names a folder (it ends in '/'); expected a file name")
        straight = mode is not None and not stat.S_ISREG(mode)
        # a device or pipe is opened by the name given: /dev/stdout resolves to a name
        # such as /proc/1/fd/pipe:[5] that cannot be opened
        real = path if straight else os.path.realpath(path)
        self.path = real
        self.part = None if straight else f"{real}.part"
        self.shown = path
        try:
            self.file: BinaryIO = open(self.part or real, "wb")
        except OSError as e:
            raise _fail(path, "cannot write", e) from None

    def write(self, data: str | bytes) -> None:
        try:
            self.file.write(data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as e:
            self.discard()
            raise _fail(self.shown, "cannot write", e) from None

    def commit(self) -> None:
        """Close the file and put it in place."""
        try:
            self.file.close()
            if self.part:
                os.replace(self.part, self.path)
        except OSError as e:
            self.discard()
            raise _fail(self.shown, "cannot write", e) from None

    def discard(self) -> None:
        """Close the file and drop what was written (the previous file is kept)."""
        try:
            self.file.close()
        except OSError:
            pass  # the write failed already; the error that says so is on its way
        if self.part:
            Path(self.part).unlink(missing_ok=True)


def write_new(path: Path, data: bytes) -> None:
    """A file that must not exist yet, written whole: a temporary file beside it, then a
    hard link to the name (which fails, never replaces, when the name is taken)."""
    part = path.with_name(f".{path.name}.part")
    try:
        with open(part, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.link(part, path)
    except FileExistsError:
        raise OutputError(f"{path}: exists; it is never overwritten: name another folder, "
                          "or move the file away") from None
    except OSError as e:
        raise _fail(path, "cannot write", e) from None
    finally:
        part.unlink(missing_ok=True)


def write_whole(path: Path | str, data: str | bytes) -> None:
    """A file written whole, replacing what was there: `<path>.part`, then a rename."""
    out = FileOut(str(path))
    out.write(data)
    out.commit()
