"""The bank with 12x12 and 16x16 puzzles: fill, export, import (an isomorph is one row),
stats with the 16x16 trace figures left NULL, a book with 12x12 and 16x16 sections drawn
from the bank, the variant column, and a bank made before it (all through the CLI)."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

from exact_cover import count_exact
from test_canon_isomorphs import random_isomorph

from bookgen.book.bank import SCHEMA, Bank
from bookgen.core.grid import format_line, parse
from bookgen.engine.canon import canonical_key


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=600)


def rows(bank: Path) -> list[sqlite3.Row]:
    with sqlite3.connect(bank) as db:
        db.row_factory = sqlite3.Row
        return db.execute("SELECT * FROM puzzle ORDER BY id").fetchall()


def fill(tmp: Path, size: int, n: int, clues: str) -> None:
    out = run("bank", "fill", "bank.db", "--size", str(size), "-n", str(n), "--clues", clues,
              "--seed", "5", "--quiet", cwd=tmp)
    assert out.returncode == 0, out.stderr
    assert f"{n} puzzles of this run" in out.stdout


def test_12x12_and_16x16_fill_export_import(tmp_path: Path) -> None:
    fill(tmp_path, 12, 4, "90-100")
    fill(tmp_path, 16, 3, "170-180")
    stored = rows(tmp_path / "bank.db")
    assert [r["size"] for r in stored] == [12] * 4 + [16] * 3
    for r in stored:
        values, geo = parse(r["givens"])
        assert geo.n == r["size"]
        assert count_exact(values, geo) == 1
        assert r["canon"] == canonical_key(values, geo)
        assert r["variant"] == "classic"
        assert isinstance(r["grade"], float)
        # 16x16 puzzles are not traced: their trace figures are NULL, not made up
        traced = [r[k] for k in ("level", "maxlevel", "way_complexity", "cand_sum", "cand_sq")]
        assert all(v is None for v in traced) if geo.n == 16 else all(
            isinstance(v, int) for v in traced)
    assert len({r["canon"] for r in stored}) == 7

    stats = run("bank", "stats", "bank.db", cwd=tmp_path)
    assert stats.returncode == 0, stats.stderr
    assert "bank.db: 7 puzzles" in stats.stdout
    assert [line.split() for line in stats.stdout.splitlines()[2:4]] == [["12", "4"],
                                                                        ["16", "3"]]

    out = run("bank", "export", "bank.db", "--size", "16", "-o", "big.txt", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    exported = (tmp_path / "big.txt").read_text().splitlines()
    assert [line.split()[0] for line in exported] == [r["givens"] for r in stored[4:]]

    # isomorphs of stored puzzles are known; a new puzzle is added; bad lines are named
    rng = random.Random(1)
    others = [format_line(random_isomorph(*parse(r["givens"]), rng)) for r in stored[3:6]]
    fresh = run("generate", "-n", "1", "--size", "12", "--clues", "95", "--seed", "77",
                cwd=tmp_path)
    assert fresh.returncode == 0, fresh.stderr
    new = fresh.stdout.split()[0]
    clash = "11" + others[0][2:]  # a symbol twice in the first row
    (tmp_path / "in.txt").write_text("\n".join([*others, new, clash]) + "\n")
    out = run("bank", "import", "new.db", "in.txt", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.startswith("error: in.txt: line 5")
    assert out.stdout.strip() == "new.db: added 4, already stored 0, bad lines 1"
    out = run("bank", "import", "bank.db", "in.txt", cwd=tmp_path)
    assert out.stdout.strip() == "bank.db: added 1, already stored 3, bad lines 1"
    assert len(rows(tmp_path / "bank.db")) == 8


BOOK = """\
title: Big Grids
seed: 3
template: letter-4up
layout: {{answers_per_page: 4, puzzles_per_page: 1}}
bank: bank.db
series: big
sections:
  - name: Twelve
    size: 12
    count: 2
    difficulty: {{band: easy, clues: [90, 100]}}
  - name: Sixteen
    size: 16
    count: 2
    difficulty: {{band: easy, clues: [170, 180]}}
"""


def test_a_book_of_12x12_and_16x16_from_the_bank(tmp_path: Path) -> None:
    fill(tmp_path, 12, 2, "90-100")
    fill(tmp_path, 16, 2, "170-180")
    stored = {r["givens"]: r for r in rows(tmp_path / "bank.db")}
    (tmp_path / "big.yaml").write_text(BOOK.format())
    out = run("build", "big.yaml", "-o", "out", "--quiet", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    entries = json.loads((tmp_path / "out" / "manifest.json").read_text())["puzzles"]
    assert [e["seed"] for e in entries] == [f"bank {stored[e['givens']]['id']}"
                                            for e in entries]
    assert [parse(e["givens"])[1].n for e in entries] == [12, 12, 16, 16]
    for e in entries:
        row = stored[e["givens"]]
        assert (e["solution"], e["grade"], e["level"]) == (row["solution"], row["grade"],
                                                           row["level"])
    assert entries[2]["level"] is None
    listed = run("bank", "series", "bank.db", "big", cwd=tmp_path)
    assert listed.stdout.split("  config ")[0] == "Big Grids"
    assert listed.stdout.rstrip().endswith("4 puzzles")


def test_a_bank_made_before_the_variant_column(tmp_path: Path) -> None:
    old = SCHEMA.replace("    variant TEXT NOT NULL DEFAULT 'classic',\n", "")
    assert old != SCHEMA
    with sqlite3.connect(tmp_path / "old.db") as db:
        db.executescript(old)
        db.execute("INSERT INTO puzzle (size, canon, givens, solution, clues, grade, band, "
                   "steps, symmetry, generator) VALUES (4, 'c', 'g', 's', 5, 1.0, 'easy', "
                   "'{}', 'none', 'old')")
    with Bank(tmp_path / "old.db") as bank:
        assert [tuple(r) for r in bank.db.execute("SELECT canon, variant FROM puzzle")] == [
            ("c", "classic")]
    out = run("bank", "stats", "old.db", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
