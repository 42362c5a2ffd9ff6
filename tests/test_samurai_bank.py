"""Samurai and twin in the bank and in a series: stored whole (the board's 441 or 225
characters) under their board group's canonical forms, exported and imported back, and
never repeated by two volumes of a series."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from exact_cover import BOARDS, board_units, count_exact

from bookgen.book.bank import (
    Bank,
    GradeRange,
    Taken,
    export_lines,
    fill,
    import_file,
    symmetry_of,
)
from bookgen.core.grid import format_line, geometry, parse
from bookgen.core.model import Band, ClueTarget, DigSpec
from bookgen.core.rules import Symmetry, Variant
from bookgen.engine.canon import canonical_key
from bookgen.make.generate import make_puzzle

SAMURAI = Variant.parse("samurai")
TWIN = Variant.parse("twin")
EASY = GradeRange.of_band(Band.EASY)


def spec(kind: Variant, symmetry: Symmetry = Symmetry.NONE) -> DigSpec:
    clues = ClueTarget(170, 190) if kind is SAMURAI else ClueTarget(70, 80)
    return DigSpec(9, symmetry, clues, False, kind)


def solutions(text: str, name: str, limit: int = 2) -> int:
    """Solutions of a board given as its whole text (up to limit), by the tests' exact
    cover (written from the grid origins and the 9x9 rules alone); '-' exactly outside."""
    side = BOARDS[name][0]
    positions = board_units(name)[0]
    inside = set(positions)
    assert all((text[p] == "-") == (p not in inside) for p in range(side * side))
    values = tuple(0 if text[p] == "." else int(text[p]) for p in positions)
    return count_exact(values, geometry(9, Variant.parse(name)), limit)


def rows(path: Path) -> list[sqlite3.Row]:
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        return db.execute("SELECT * FROM puzzle ORDER BY id").fetchall()


def moved(values: tuple[int, ...], kind: Variant) -> tuple[int, ...]:
    """The board turned half round and its digits renamed: an isomorph."""
    geo = geometry(9, kind)
    side = geo.width
    at = dict(zip(geo.positions, values, strict=True))
    names = random.Random(1).sample(range(1, 10), 9)
    return tuple(names[at[side * side - 1 - p] - 1] if at[side * side - 1 - p] else 0
                 for p in geo.positions)


@pytest.mark.parametrize("kind", [SAMURAI, TWIN], ids=lambda k: k.name)
def test_fill_export_import_round_trip(tmp_path, kind):
    result = fill(tmp_path / "b.db", spec(kind), 3, seed=2, grades=EASY, workers=1)
    assert (result.stored, result.added) == (3, 3)
    geo = geometry(9, kind)
    stored = rows(tmp_path / "b.db")
    for row in stored:
        assert row["variant"] == kind.name
        assert len(row["givens"]) == len(row["solution"]) == geo.width ** 2
        values, read = parse(row["givens"], variant=kind)
        assert read is geo and solutions(row["givens"], kind.name) == 1
        assert row["canon"] == canonical_key(values, geo)
        assert row["band"] == "easy"
    lines = list(export_lines(tmp_path / "b.db", GradeRange(), 9, kind))
    assert len(lines) == 3
    assert all(json.loads(line.split("  #")[0])["variant"] == kind.name for line in lines)
    again = import_file(tmp_path / "c.db", "e.txt", "\n".join(lines))
    assert (again.added, again.known, again.bad) == (3, 0, ())
    assert [(r["canon"], r["givens"]) for r in rows(tmp_path / "c.db")] == [
        (r["canon"], r["givens"]) for r in stored]
    # an isomorph of a stored puzzle, written as a whole board, is known already
    first, _ = parse(stored[0]["givens"], variant=kind)
    line = json.dumps({"puzzle": format_line(moved(first, kind), geo), "variant": kind.name})
    assert line not in "\n".join(lines)
    known = import_file(tmp_path / "c.db", "m.txt", line)
    assert (known.added, known.known) == (0, 1)


def test_symmetry_of_a_twin_tries_the_motions_of_its_board():
    made = make_puzzle(spec(TWIN, Symmetry.DIAGONAL), 4, 0)
    assert symmetry_of(made.puzzle, 9, TWIN) is Symmetry.DIAGONAL
    made = make_puzzle(spec(SAMURAI, Symmetry.MIRROR), 4, 0)
    assert symmetry_of(made.puzzle, 9, SAMURAI) is Symmetry.MIRROR


def test_a_bare_board_is_taken_by_its_form():
    made = make_puzzle(spec(SAMURAI), 6, 0).puzzle
    taken = Taken()
    taken.add(made)
    assert moved(made, SAMURAI) in taken
    assert make_puzzle(spec(SAMURAI), 6, 1).puzzle not in taken
    assert canonical_key(made, geometry(9, SAMURAI)) in taken.canons


def test_a_classic_section_is_not_offered_a_samurai(tmp_path):
    fill(tmp_path / "b.db", spec(SAMURAI), 1, grades=EASY, workers=1)
    with Bank(tmp_path / "b.db") as bank:
        assert list(bank.candidates(9, GradeRange(), "s", "h")) == []
        assert len(list(bank.candidates(9, GradeRange(), "s", "h", variant=SAMURAI))) == 1


VOLUME = """\
title: Samurai Weekly {volume}
seed: {volume}
template: kdp-8.5x11-1up
bank: bank.db
series: weekly
sections:
  - name: Samurai
    variant: samurai
    count: 2
    difficulty: easy
"""


def build(tmp: Path, volume: int) -> list[dict[str, object]]:
    (tmp / f"v{volume}.yaml").write_text(VOLUME.format(volume=volume))
    out = subprocess.run([sys.executable, "-m", "bookgen", "build", f"v{volume}.yaml", "-o",
                          f"out{volume}", "--quiet"], capture_output=True, text=True,
                         cwd=tmp, timeout=300)
    assert out.returncode == 0, out.stderr
    entries: list[dict[str, object]] = json.loads(
        (tmp / f"out{volume}" / "manifest.json").read_text())["puzzles"]
    return entries


def forms(entries: list[dict[str, object]]) -> set[str]:
    # the manifest writes the board's whole square, '-' outside its grids
    geo = geometry(9, SAMURAI)
    return {canonical_key(parse(str(e["givens"]), variant=SAMURAI)[0], geo) for e in entries}


def test_a_series_of_two_volumes_never_repeats_a_samurai(tmp_path):
    fill(tmp_path / "bank.db", spec(SAMURAI), 3, seed=1, grades=EASY, workers=1)
    one = build(tmp_path, 1)
    assert all(str(e["seed"]).startswith("bank ") for e in one)
    # one samurai is left in the bank: volume 2 takes it and makes one more
    two = build(tmp_path, 2)
    assert sum(str(e["seed"]).startswith("bank ") for e in two) == 1
    assert len(forms(one)) == len(forms(two)) == 2
    assert not forms(one) & forms(two)
    stored = rows(tmp_path / "bank.db")
    assert len(stored) == 4 and {r["variant"] for r in stored} == {"samurai"}
    assert all(len(r["givens"]) == 441 for r in stored)
    assert all(solutions(r["givens"], "samurai") == 1 for r in stored)
    with sqlite3.connect(tmp_path / "bank.db") as db:
        placed = {c for (c,) in db.execute("SELECT canon FROM placement")}
    assert placed == forms(one) | forms(two)
