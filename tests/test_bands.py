"""Every band of every kind: sections of the harder bands of X, hyper and jigsaw are made
(each puzzle unique by the independent exact-cover solver, in its band by the grader);
bands no puzzle of the size reaches are refused by validate and build alike, naming the
section and its line; validate and build print the time estimate of the measured rates.
The CLI is a black box: exit codes and messages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from exact_cover import count_exact
from test_grade_table import read_table

from bookgen.book.bandrates import (
    RATES,
    SLOW_SECONDS,
    UNFILLED,
    book_estimate,
    cells,
    cpu_seconds,
)
from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book
from bookgen.core.grid import geometry
from bookgen.core.model import Band, band_of
from bookgen.core.rules import VARIANT_MIX, Variant
from bookgen.grade import grade
from bookgen.grade.solver import grades_at_least


def bookgen(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *map(str, args)],
                          capture_output=True, text=True, timeout=300, cwd=cwd)


def config(tmp_path: Path, sections: str) -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(f"title: Bands\ntemplate: letter-4up\nsections:\n{sections}",
                    encoding="utf-8")
    return path


# ---------------------------------------------------------------- harder variant bands


@pytest.mark.parametrize("variant, band", [
    (Variant.X, Band.HARD), (Variant.HYPER, Band.HARD), (Variant.JIGSAW, Band.MEDIUM),
])
def test_a_variant_section_of_its_band_is_made(tmp_path, variant, band):
    path = config(tmp_path, f"  - {{name: S, count: 3, variant: {variant.value}, "
                            f"difficulty: {band.value}}}\n")
    built = build_book(load_config(path, workers=1), progress=False)
    entries = built.manifest["puzzles"]
    assert len(entries) == 3
    for e in entries:
        geo = geometry(9, variant, e.get("regions"))
        givens = [int(v) for v in e["givens"].replace(".", "0")]
        assert count_exact(givens, geo) == 1
        assert band_of(grade(tuple(givens), geo).grade) is band
        assert e["band"] == band.value


def test_the_cut_ladder_agrees_with_the_whole_grade():
    """An aimed dig's judge: the grade is at least `top`, told without grading past top;
    checked on the pinned grade table at every band top and at each grade's own edge."""
    geo = geometry(9)
    for row in read_table():
        puzzle = tuple(0 if ch == "." else int(ch) for ch in row.puzzle)
        for top in (1.5, 2.5, 4.0, 6.0, row.grade, round(row.grade + 0.1, 1)):
            assert grades_at_least(puzzle, geo, top) == (row.grade >= top), (row, top)


# ---------------------------------------------------------------- impossible bands


FOUR_EXTREME = ("  - {name: A, count: 2, difficulty: easy}\n"
                "  - name: B\n    count: 4\n    size: 4\n    difficulty: extreme\n")
REFUSAL = ("  sections[1].difficulty: 4x4 puzzles cannot be extreme: the hardest 4x4 "
           "puzzles grade 1.2 (easy at most); choose easy (line 8)\n")


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_band_no_puzzle_of_the_size_reaches_is_refused(tmp_path, command):
    config(tmp_path, FOUR_EXTREME)
    out = bookgen(command, "book.yaml", cwd=tmp_path)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    assert out.stderr == "error: book.yaml: 1 problem:\n" + REFUSAL
    assert out.stdout == ""
    assert not (tmp_path / "output").exists()


def test_4x4_x_stops_at_medium(tmp_path):
    config(tmp_path, "  - {name: A, count: 2, size: 4, variant: x, difficulty: medium}\n"
                     "  - {name: B, count: 2, size: 4, variant: x, difficulty: hard}\n")
    out = bookgen("validate", "book.yaml", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.splitlines()[1:] == [
        "  sections[1].difficulty: 4x4 X puzzles cannot be hard: the hardest 4x4 X puzzles "
        "grade 1.5 (medium at most); choose easy or medium (line 5)"]


# ---------------------------------------------------------------- estimates


def test_every_benched_cell_has_a_measured_rate_or_a_failure():
    assert set(cells(None, None)) <= set(RATES) | set(UNFILLED)
    assert not set(RATES) & set(UNFILLED)
    assert all(rate > 0 for rate in RATES.values())


def test_the_estimate_adds_the_sections(tmp_path):
    path = config(tmp_path, "  - {name: A, count: 40, difficulty: hard}\n"
                            "  - {name: B, count: 10, variant: x, difficulty: hard}\n"
                            "  - {name: C, count: 4, difficulty: {grade: [2, 3]}}\n")
    cfg = load_config(path)
    a, b, c = (cpu_seconds(s) for s in cfg.sections)
    assert a == pytest.approx(40 * 60 / RATES[Variant.CLASSIC, 9, Band.HARD])
    assert b == pytest.approx(10 * 60 / RATES[Variant.X, 9, Band.HARD])
    assert c is None
    line, slow = book_estimate(cfg, 2)
    assert line.startswith("estimate: ")
    assert "(A " in line and "; B " in line and "; C not measured)" in line
    assert line.endswith("sections not measured are left out")
    assert slow == []


def test_validate_and_build_print_the_estimate(tmp_path):
    config(tmp_path, "  - {name: Easy, count: 2, difficulty: easy}\n").write_text(
        (tmp_path / "book.yaml").read_text().replace("sections:", "workers: 1\nsections:"))
    checked = bookgen("validate", "book.yaml", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    ok, line = checked.stdout.splitlines()
    assert ok.startswith("ok: Bands: 1 section")
    assert line == "estimate: under 1 s of CPU time, under 1 s on 1 worker (Easy under 1 s)"
    built = bookgen("build", "book.yaml", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    first, wrote = built.stdout.splitlines()
    assert first == line
    assert wrote.startswith("wrote output/book/book.pdf")
    quiet = bookgen("build", "book.yaml", "--quiet", cwd=tmp_path)  # -q: no estimate
    assert len(quiet.stdout.splitlines()) == 1
    assert quiet.stdout.startswith("wrote output/book/book.pdf")


# ---------------------------------------------------------------- bench bands


def test_bench_bands_measures_one_cell(tmp_path):
    out = bookgen("bench", "bands", "-n", "2", "--kinds", "classic", "--bands", "easy",
                  cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    head, columns, row = out.stdout.splitlines()
    assert head.startswith("bands: 2 puzzles a section, 9x9")
    assert columns.split() == ["kind", "band", "made", "CPU", "s", "puzzles/CPU", "min"]
    kind, band, made, seconds, rate = row.split()
    assert (kind, band, made) == ("classic", "easy", "2")
    assert float(seconds) >= 0 and float(rate) > 0


def test_bench_bands_refuses_an_unknown_band(tmp_path):
    out = bookgen("bench", "bands", "--bands", "hardest", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr == ("error: --bands 'hardest': expected one of easy, medium, hard, expert, "
                          "extreme\n")


def test_the_bench_cells_are_every_kind_and_band():
    # classic, X, hyper, jigsaw and the seven constraint kinds in five bands; killer in four
    assert len(cells(None, None)) == 11 * 5 + 4
    assert cells([Variant.X], [Band.HARD, Band.EXTREME]) == [(Variant.X, 9, Band.HARD),
                                                             (Variant.X, 9, Band.EXTREME)]
    assert [c[0] for c in cells(None, [Band.EASY], 6)] == [Variant.CLASSIC, Variant.X,
                                                           Variant.JIGSAW]


def test_validate_warns_about_a_slow_section(tmp_path):
    (variant, size, band), rate = min(
        ((c, r) for c, r in RATES.items() if c[0] is not Variant.KILLER), key=lambda x: x[1])
    count = int(SLOW_SECONDS / 60 * rate) + 1
    config(tmp_path, f"  - {{name: S, count: {count}, size: {size}, variant: {variant.value}, "
                     f"difficulty: {band.value}}}\n")
    out = bookgen("validate", "book.yaml", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    [warning] = out.stderr.splitlines()
    assert warning.startswith(
        f"warning: sections[0] 'S': {size}x{size} {variant.value} {band.value} fills at about "
        f"{rate:.1f} puzzles a CPU minute (bench bands), so its {count} puzzles take ")


def test_every_variant_mix_row_is_complete():
    for (name, n), (rows, (fewest, most, counts)) in VARIANT_MIX.items():
        variant = Variant.parse(name)
        assert n in variant.sizes and fewest <= most and sum(counts) >= 20
        for k, row in rows.items():
            assert len(row) == len(Band) and sum(row) >= 20, (variant, k)
            assert k >= fewest, "a row below the fewest clues of a minimal dig is never used"


def test_the_estimate_warns_about_a_section_the_bench_could_not_fill(tmp_path, monkeypatch):
    cell = (Variant.JIGSAW, 9, Band.EXTREME)
    why = "none of 300 random candidates was extreme"
    monkeypatch.delitem(RATES, cell)
    monkeypatch.setitem(UNFILLED, cell, why)
    path = config(tmp_path, "  - {name: S, count: 2, variant: jigsaw, difficulty: extreme}\n")
    line, slow = book_estimate(load_config(path), 1)
    assert slow == [f"sections[0] 'S': 9x9 jigsaw extreme: {why} (bench bands); expect the "
                    "build to fail"]
    assert "(S not filled by the bench)" in line
