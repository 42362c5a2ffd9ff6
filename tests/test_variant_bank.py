"""Canonical forms and the bank for X, hyper and jigsaw puzzles.

The motions are checked against units written out in the test (exact_cover.variant_units);
isomorphs are made here by moving cells and renaming symbols, and every banked puzzle is
checked unique by the exact-cover solver.
"""

import json
import random
import sqlite3

import pytest
from exact_cover import count_exact, variant_units

from bookgen.book.bank import Bank, GradeRange, export_lines, fill, import_file
from bookgen.cli import main
from bookgen.core.errors import InputError
from bookgen.core.grid import format_line, geometry
from bookgen.core.model import DigSpec
from bookgen.core.rules import Variant
from bookgen.engine.canon import canonical, canonical_key, variant_canonical, variant_motions
from bookgen.make.generate import make_puzzle


def moved(values, n, f):
    """The grid with the value of cell (r, c) placed at f(r, c)."""
    out = [0] * (n * n)
    for c, v in enumerate(values):
        r2, c2 = f(*divmod(c, n))
        out[r2 * n + c2] = v
    return tuple(out)


def renamed(values, rng):
    names = list(range(1, max(values) + 1))
    rng.shuffle(names)
    return tuple(names[v - 1] if v else 0 for v in values)


@pytest.mark.parametrize(("variant", "n"), [(Variant.X, 4), (Variant.X, 6), (Variant.X, 9),
                                            (Variant.HYPER, 9)])
def test_every_motion_maps_units_onto_units(variant, n):
    units = {frozenset(u) for u in variant_units(n, variant.value)}
    motions = variant_motions(n, variant)
    assert len(set(motions)) == len(motions)
    for m in motions:
        assert {frozenset(m[i] for i in u) for u in units} == units
    # the group holds the rotations and mirrors that keep the boxes (2x3 boxes: no turns)
    m = n - 1
    turns = [lambda r, c: (m - r, m - c), lambda r, c: (r, m - c)]
    if n != 6:
        turns += [lambda r, c: (c, m - r), lambda r, c: (c, r)]
    for f in turns:
        table = tuple(sorted(range(n * n), key=lambda i: (lambda rc: rc[0] * n + rc[1])(
            f(*divmod(i, n)))))
        assert table in motions


def test_x_and_hyper_group_sizes():
    """X keeps 96 of the 3,359,232 classic motions of a 9x9 grid; windoku 128."""
    assert len(variant_motions(9, Variant.X)) == 96
    assert len(variant_motions(9, Variant.HYPER)) == 128


@pytest.mark.parametrize("variant", [Variant.X, Variant.HYPER])
def test_isomorphs_share_a_form_and_classic_only_motions_do_not(variant):
    rng = random.Random(variant.value)
    p = make_puzzle(DigSpec(9, variant=variant, minimal=True), "canon", 0)
    geo = p.geo
    key = canonical_key(p.puzzle, geo)
    assert key.startswith(f"{variant.value}:")
    motions = variant_motions(9, variant)
    for _ in range(10):
        m = rng.choice(motions)
        image = renamed(tuple(p.puzzle[i] for i in m), rng)
        assert count_exact(image, geo) == 1  # an isomorph is a puzzle of the variant too
        assert canonical_key(image, geo) == key
    # swapping the first two bands is a classic motion, not one of X's or windoku's
    swapped = moved(p.puzzle, 9, lambda r, c: ((r + 3) % 6 if r < 6 else r, c))
    assert canonical_key(swapped, geo) != key
    assert canonical(swapped, geometry(9)) == canonical(p.puzzle, geometry(9))
    assert canonical(p.puzzle, geo) == variant_canonical(p.puzzle, geo)[0]


def test_jigsaw_forms_turn_with_their_layout():
    rng = random.Random(5)
    p = make_puzzle(DigSpec(7, variant=Variant.JIGSAW, minimal=True), "canon", 1)
    key = canonical_key(p.puzzle, p.geo)
    assert key.startswith("jigsaw:") and len(key.split(":")[1]) == 49
    for f in (lambda r, c: (c, 6 - r), lambda r, c: (r, 6 - c), lambda r, c: (6 - c, 6 - r)):
        values = renamed(moved(p.puzzle, 7, f), rng)
        labels = moved([int(ch) for ch in p.regions], 7, f)
        letters = "".join("ABCDEFG"[v - 1] for v in labels)  # any labels will do
        geo = geometry(7, Variant.JIGSAW, letters)
        assert count_exact(values, geo) == 1
        assert canonical_key(values, geo) == key
    # the same givens in another layout are another puzzle
    other = make_puzzle(DigSpec(7, variant=Variant.JIGSAW, minimal=True), "canon", 2)
    assert canonical_key(p.puzzle, other.geo) != key


def test_a_layout_with_its_own_symmetry_relabels_only():
    """Rows as regions turned a half turn are rows again: the motion joins the group."""
    rows = "".join(str(c // 5 + 1) for c in range(25))
    geo = geometry(5, Variant.JIGSAW, rows)
    values = (1, 2, 0, 0, 0) + (0,) * 20
    turned = tuple(reversed(values))
    assert canonical_key(turned, geo) == canonical_key(values, geo)


def test_sizes_without_a_variant_form_are_refused():
    with pytest.raises(InputError, match="12x12 x: canonical forms exist for sizes 4, 6, 9"):
        canonical((0,) * 144, geometry(12, Variant.X))


def test_fill_keeps_variant_rows_apart(tmp_path):
    path = tmp_path / "bank.db"
    for variant, size in ((Variant.X, 6), (Variant.JIGSAW, 6), (Variant.CLASSIC, 6)):
        result = fill(path, DigSpec(size, variant=variant, minimal=True), 3, seed=1, workers=1)
        assert result.stored == 3
    with Bank(path) as bank:
        rows = list(bank.rows())
        stats = bank.stats()
    assert sorted((r["variant"], r["regions"] is None) for r in rows) == [
        ("classic", True)] * 3 + [("jigsaw", False)] * 3 + [("x", True)] * 3
    assert dict(stats["variant"]) == {"classic": 3, "jigsaw": 3, "x": 3}
    for r in rows:
        geo = geometry(r["size"], r["variant"], r["regions"])
        values = tuple(int(ch) if ch != "." else 0 for ch in r["givens"])
        assert count_exact(values, geo) == 1
        assert r["canon"] == canonical_key(values, geo)
    lines = list(export_lines(path, GradeRange()))
    jigsaw = [json.loads(line.split("  #")[0]) for line in lines if line.startswith("{")]
    assert len(jigsaw) == 6 and {j["variant"] for j in jigsaw} == {"x", "jigsaw"}
    # the export reads back: every puzzle is already stored
    again = import_file(path, "export.txt", "\n".join(lines))
    assert (again.added, again.known, again.bad) == (0, 9, ())


def test_an_old_bank_gains_the_variant_columns(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE puzzle (id INTEGER PRIMARY KEY, size INTEGER NOT NULL, "
               "canon TEXT NOT NULL UNIQUE, givens TEXT NOT NULL, solution TEXT NOT NULL, "
               "clues INTEGER NOT NULL, grade REAL NOT NULL, band TEXT NOT NULL, hardest TEXT, "
               "steps TEXT NOT NULL, level INTEGER, maxlevel INTEGER, way_complexity INTEGER, "
               "cand_sum INTEGER, cand_sq INTEGER, symmetry TEXT NOT NULL, run TEXT, "
               "run_index INTEGER, source_file TEXT, source_line INTEGER, "
               "generator TEXT NOT NULL)")
    db.execute("INSERT INTO puzzle (size, canon, givens, solution, clues, grade, band, steps, "
               "symmetry, generator) VALUES (9, 'c', 'g', 's', 20, 2.0, 'medium', '{}', "
               "'none', 'old')")
    db.commit()
    db.close()
    with Bank(path) as bank:
        (row,) = list(bank.rows())
    assert row["variant"] == "classic" and row["regions"] is None


def test_bank_fill_on_the_command_line(tmp_path, capsys):
    path = str(tmp_path / "b.db")
    assert main(["bank", "fill", path, "-n", "2", "--size", "5", "--variant", "jigsaw",
                 "--minimal", "--workers", "1", "--quiet"]) == 0
    assert "2 puzzles of this run" in capsys.readouterr().out
    assert main(["bank", "fill", path, "-n", "2", "--size", "6", "--variant", "hyper",
                 "--quiet"]) == 1
    assert capsys.readouterr().err == ("error: --size 6: the bank holds sizes 9 of hyper "
                                       "grids\n")
    bad = format_line((0,) * 25)
    result = import_file(path, "f.txt", json.dumps({"puzzle": bad, "variant": "x"}))
    assert result.bad == ("f.txt: line 1: a 5x5 grid exists only as a jigsaw (variant "
                          "jigsaw, with its region line)",)


def test_a_series_compares_jigsaw_only_sizes_by_their_grids():
    from bookgen.book.bank import Taken

    p = make_puzzle(DigSpec(5, variant=Variant.JIGSAW, minimal=True), "taken", 0)
    taken = Taken()
    taken.add(p.puzzle)
    assert p.puzzle in taken
    assert tuple(reversed(p.puzzle)) not in taken
