"""Books from a bank: a series whose volumes share no puzzle or isomorph, a rebuild that
gives the same PDF byte for byte, generated puzzles stored back, the ledger listed by
`bank series`, and the config keys checked (all through the CLI, as a user runs it)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from exact_cover import count_exact

from bookgen.core.grid import parse
from bookgen.engine.canon import canonical_key

VOLUME = """\
title: Weekly Sudoku {volume}
seed: {volume}
template: letter-4up
bank: bank.db
series: weekly
sections:
  - name: Small
    size: 6
    count: {count}
    difficulty: easy
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def build(tmp: Path, volume: int, count: int) -> list[dict[str, object]]:
    (tmp / f"v{volume}.yaml").write_text(VOLUME.format(volume=volume, count=count))
    out = run("build", f"v{volume}.yaml", "-o", f"out{volume}", "--quiet", cwd=tmp)
    assert out.returncode == 0, out.stderr
    entries: list[dict[str, object]] = json.loads(
        (tmp / f"out{volume}" / "manifest.json").read_text())["puzzles"]
    return entries


def forms(entries: list[dict[str, object]]) -> set[str]:
    return {canonical_key(*parse(str(e["givens"]))) for e in entries}


@pytest.mark.slow
def test_a_series_from_one_bank(tmp_path: Path) -> None:
    filled = run("bank", "fill", "bank.db", "--size", "6", "-n", "14", "--seed", "3",
                 "--difficulty", "easy", "--quiet", cwd=tmp_path)
    assert filled.returncode == 0, filled.stderr
    one = build(tmp_path, 1, 8)
    assert all(str(e["seed"]).startswith("bank ") for e in one)
    first_pdf = (tmp_path / "out1" / "book.pdf").read_bytes()
    # volume 2 wants 8: the bank has 6 left, 2 are made and stored
    two = build(tmp_path, 2, 8)
    assert sum(str(e["seed"]).startswith("bank ") for e in two) == 6
    assert not forms(one) & forms(two)
    assert len(forms(two)) == 8
    for e in one + two:
        values, geo = parse(str(e["givens"]))
        assert count_exact(values, geo) == 1
    with sqlite3.connect(tmp_path / "bank.db") as db:
        assert db.execute("SELECT count(*) FROM puzzle").fetchone()[0] == 16
    # the same book again: the same puzzles from the ledger, the same PDF
    again = build(tmp_path, 1, 8)
    assert [e["givens"] for e in again] == [e["givens"] for e in one]
    assert (tmp_path / "out1" / "book.pdf").read_bytes() == first_pdf
    listed = run("bank", "series", "bank.db", "weekly", cwd=tmp_path)
    assert [line.split("  config ")[0] + line[-11:] for line in listed.stdout.splitlines()] == [
        "Weekly Sudoku 1  8 puzzles", "Weekly Sudoku 2  8 puzzles"]


def test_a_series_needs_a_bank(tmp_path: Path) -> None:
    text = VOLUME.format(volume=1, count=2).replace("bank: bank.db\n", "")
    (tmp_path / "v.yaml").write_text(text)
    out = run("validate", "v.yaml", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.splitlines() == ["error: v.yaml: 1 problem:",
                                       "  series: a series needs a bank: add bank: PATH (line 4)"]
