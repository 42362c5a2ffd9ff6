"""A stopped build continues from its cache, as a black box: `bookgen build` killed
(SIGKILL) halfway and run again gives the very bytes of an unstopped build, having made
only what the cache lacked; a changed config makes its changed sections anew; with standard
error on a pipe the build writes plain progress lines, and -q none."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BOOK = """\
title: Resume
seed: 5
workers: 1
template: letter-4up
front: {title_page: false, how_to_play: false, contents: false}
sections:
  - {name: Tiny, size: 4, count: 4, difficulty: easy}
  - {name: Six, size: 6, count: 4, difficulty: easy}
  - {name: Nine, count: 8, difficulty: easy}
  - name: Hard
    count: 2
    difficulty: hard
    symmetry: rotational
    clues: [34, 36]
    improve: {evaluations: 30, objective: grade}
"""
"""Quick sections first, then a hard one of many candidates and two improvements (random
rotational digs of 34-36 clues are rarely hard, even aimed at the band)."""

CHANGED = BOOK.replace("{name: Nine, count: 8, difficulty: easy}",
                       "{name: Nine, count: 8, difficulty: medium}")

BEFORE_HARD = 16
"""Candidates of the three quick sections: a build holding more is inside Hard."""

LINE = re.compile(r'progress: section "(\w+)" (\d+)/(\d+) puzzles, ((\d+h)?(\d+m)?\d+s elapsed'
                  r'(, about (\d+h)?(\d+m)?\d+s left)?|done in (\d+h)?(\d+m)?\d+s)')


def command(config: Path, out: Path, *options: str) -> list[str]:
    return [sys.executable, "-m", "bookgen", "build", str(config), "-o", str(out), *options]


def bookgen(config: Path, out: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command(config, out, *options), capture_output=True, text=True,
                          cwd=ROOT, timeout=600)


def book(out: Path) -> dict[str, bytes]:
    return {name: (out / name).read_bytes()
            for name in ("book.pdf", "manifest.json", "puzzles.txt")}


def records(cache: Path) -> dict[tuple[str, int], bytes]:
    """The cache's records by (section key, item)."""
    db = sqlite3.connect(cache, timeout=60)
    try:
        return {(s, i): r for s, i, r in db.execute("SELECT section, item, record FROM made")}
    except sqlite3.OperationalError:  # the build has not made its table yet
        return {}
    finally:
        db.close()


def config(folder: Path, text: str) -> Path:
    """The config, under one name: the manifest names its file."""
    folder.mkdir(exist_ok=True)
    path = folder / "resume.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple[dict[str, bytes], dict[tuple[str, int], bytes], str,
                                         Path]:
    """The book built without a stop, its cache's records, its standard error (a pipe,
    progress lines every 0.05 s) and its cache."""
    tmp = tmp_path_factory.mktemp("reference")
    done = bookgen(config(tmp, BOOK), tmp / "book", "--progress-every", "0.05")
    assert done.returncode == 0, done.stderr
    return book(tmp / "book"), records(tmp / ".book.cache"), done.stderr, tmp / ".book.cache"


def test_progress_lines_when_standard_error_is_a_pipe(reference):
    _, _, err, _ = reference
    lines = [x for x in err.splitlines() if x.startswith("progress:")]
    assert all(LINE.fullmatch(x) for x in lines), lines
    done = [x for x in lines if " done in " in x]
    assert [LINE.fullmatch(x).group(1, 2, 3) for x in done] == [  # type: ignore[union-attr]
        ("Tiny", "4", "4"), ("Six", "4", "4"), ("Nine", "8", "8"), ("Hard", "2", "2")]
    assert len(lines) > len(done)  # timed lines besides the four of the sections' ends


def test_a_killed_build_continues_from_its_cache_to_the_same_book(reference, tmp_path):
    want, made, _, _ = reference
    path, out, cache = config(tmp_path, BOOK), tmp_path / "book", tmp_path / ".book.cache"
    proc = subprocess.Popen(command(path, out, "-q"), cwd=ROOT, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 300
        while not (cache.exists() and len(records(cache)) > BEFORE_HARD):
            assert proc.poll() is None and time.monotonic() < deadline, "no candidates kept"
            time.sleep(0.005)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the build ended before it was killed"
    held = records(cache)
    assert BEFORE_HARD < len(held) < len(made)
    assert not out.exists()
    again = bookgen(path, out, "-q")
    assert again.returncode == 0 and again.stderr == "", again.stderr
    assert book(out) == want
    kept = records(cache)
    assert kept.keys() == made.keys()
    # Records hold the seconds each rating took: the ones held were read, not made again.
    assert {k: kept[k] for k in held} == held


def test_a_changed_config_does_not_reuse_what_it_changed(reference, tmp_path):
    want, first, _, cache = reference
    shutil.copy(cache, tmp_path / ".book.cache")
    path = config(tmp_path, CHANGED)
    changed = bookgen(path, tmp_path / "book", "-q")
    fresh = bookgen(path, tmp_path / "fresh", "-q", "--no-cache")
    assert changed.returncode == fresh.returncode == 0, changed.stderr + fresh.stderr
    assert book(tmp_path / "book") == book(tmp_path / "fresh") != want
    assert not (tmp_path / ".fresh.cache").exists()
    after = records(tmp_path / ".book.cache")
    old, new = ({s for s, _ in r} for r in (first, after))
    # One section changed (Nine): its records are made anew and the old ones dropped; the
    # four others' (Tiny, Six, Hard and Hard's improvements) are read again, not made.
    assert len(old) == len(new) == 5 and len(old & new) == 4
    both = after.keys() & first.keys()
    assert {s for s, _ in both} == old & new
    assert {k: after[k] for k in both} == {k: first[k] for k in both}
