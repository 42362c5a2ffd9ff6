"""`bookgen validate` finds, before any puzzle is made, what would stop a build: layout
limits, an output folder that cannot take the book, and sections whose puzzles random digs
rarely give (a warning, with the clue range that makes them practical). Black boxes: the
CLI in a subprocess, its exit code and its one-line messages."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bookgen.book.config import load_config
from bookgen.book.feasible import PRACTICAL, RARE, chance, rare_sections
from bookgen.core.model import Band
from bookgen.core.rules import BAND_MIX, MIN_CELL_PT, MINIMAL_MIX

ROOT = Path(__file__).resolve().parent.parent


def bookgen(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *map(str, args)],
                          capture_output=True, text=True, timeout=120, cwd=cwd)


def config(tmp_path: Path, sections: str, extra: str = "", name: str = "book.yaml") -> Path:
    path = tmp_path / name
    path.write_text(f"title: Early\ntemplate: letter-4up\n{extra}sections:\n{sections}",
                    encoding="utf-8")
    return path


EASY = "  - {name: A, count: 4, difficulty: easy}\n"


def refused(out: subprocess.CompletedProcess[str]) -> str:
    """The one error of a refused command (exit code 1, no traceback)."""
    assert out.returncode == 1, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    return out.stderr


# ---------------------------------------------------------------- layout limits


def test_large_print_on_a_template_that_cannot_hold_it(tmp_path):
    path = config(tmp_path, EASY, "layout: {large_print: true, margins: {bottom: 0.6in}}\n"
                  ).read_text()
    (tmp_path / "book.yaml").write_text(path.replace("letter-4up", "a5-2up"))
    err = refused(bookgen("validate", "book.yaml", cwd=tmp_path))
    assert err == (
        "error: book.yaml: 2 problems:\n"
        "  sections[0]: 9x9 grids at 2 a page get 13.4 pt digits with template 'a5-2up'; "
        "expected at least 16 pt (fewer puzzles_per_page under layout, or a larger page) "
        "(line 5)\n"
        "  sections[0]: 9x9 answer grids at 6 a page get 8.3 pt digits with template "
        "'a5-2up'; expected at least 16 pt (fewer answers_per_page under layout, or a larger "
        "page) (line 5)\n")


def test_large_print_with_more_puzzles_a_page_than_it_allows(tmp_path):
    path = config(tmp_path, EASY, "layout: {large_print: true}\n")
    path.write_text(path.read_text().replace("letter-4up", "letter-large-print")
                    .replace("large_print: true", "large_print: true, puzzles_per_page: 4"))
    err = refused(bookgen("validate", path, cwd=tmp_path))
    assert err.splitlines()[1] == ("  layout.puzzles_per_page: large print allows at most 2 "
                                   "puzzles a page, got 4 (line 3)")


@pytest.mark.parametrize("size, per_page, template, cells", [
    (16, 4, "letter-4up", "0.22"),
    (12, 4, "letter-4up", "0.29"),
    (9, 4, "a5-2up", "0.25"),
])
def test_cells_too_small_to_write_in_are_refused(tmp_path, size, per_page, template, cells):
    sections = f"  - name: Big\n    count: 4\n    difficulty: hard\n    size: {size}\n"
    path = config(tmp_path, sections, f"layout: {{puzzles_per_page: {per_page}, "
                                      "answers_per_page: 4}\n")
    path.write_text(path.read_text().replace("letter-4up", template))
    err = refused(bookgen("validate", path, cwd=tmp_path))
    assert err.splitlines()[1:] == [
        f"  sections[0].size: {size}x{size} grids at {per_page} a page get {cells} in cells "
        f"with template {template!r}; expected at least {MIN_CELL_PT / 72:g} in to write in "
        "(fewer puzzles_per_page under layout, or a larger page) (line 8)"]


def test_the_smallest_cells_the_rule_lets_through_are_at_least_0_3_in(tmp_path):
    """16x16 fits once the grid has a page to itself (0.40 in cells on letter)."""
    sections = "  - name: Big\n    count: 2\n    difficulty: hard\n    size: 16\n"
    path = config(tmp_path, sections, "layout: {puzzles_per_page: 1, answers_per_page: 4}\n")
    from bookgen.book.config.toplevel import _blank_book
    from bookgen.render.geometry import plan_pages

    cfg = load_config(path)
    plan = plan_pages(_blank_book(cfg.template, list(cfg.sections), cfg.front))
    assert plan.puzzle_slots[0].grid.width / 16 >= MIN_CELL_PT


# ---------------------------------------------------------------- the output folder


@pytest.mark.parametrize("where, expected", [
    ("file", "error: {out}: exists and is not a folder"),
    ("file/below", "error: {out}: cannot create: {tmp}/file is a file, not a folder"),
    ("/proc/bookgen-test/out", "error: {out}: cannot write in /proc: No such file or directory"),
], ids=["a file", "under a file", "under /proc"])
def test_an_output_folder_that_cannot_take_the_book(tmp_path, where, expected):
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    path = config(tmp_path, EASY)
    out = Path(where) if where.startswith("/") else tmp_path / where
    err = refused(bookgen("validate", path, "-o", out, cwd=tmp_path))
    assert err == expected.format(out=out, tmp=tmp_path) + "\n"


def test_the_default_output_folder_is_checked_too(tmp_path):
    path = config(tmp_path, EASY, name="mine.yaml")
    (tmp_path / "output").write_text("a file where the folder goes", encoding="utf-8")
    err = refused(bookgen("validate", path, cwd=tmp_path))
    assert err == (f"error: {tmp_path}/output/mine: cannot create: {tmp_path}/output is a "
                   "file, not a folder\n")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_output_folder(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        err = refused(bookgen("validate", config(tmp_path, EASY), "-o", locked / "out",
                              cwd=tmp_path))
    finally:
        locked.chmod(0o755)
    assert err == f"error: {locked}/out: cannot write in {locked}: Permission denied\n"


def test_validate_leaves_nothing_behind(tmp_path):
    path = config(tmp_path, EASY)
    out = bookgen("validate", path, "-o", tmp_path / "deep" / "out", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "ok: Early: 1 section, 4 puzzles, template letter-4up"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]


def test_a_build_into_a_file_stops_before_any_work(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    path = config(tmp_path, "  - {name: A, count: 400, difficulty: extreme}\n")
    t0 = time.monotonic()
    err = refused(bookgen("build", path, "-o", tmp_path / "file", cwd=tmp_path))
    assert time.monotonic() - t0 < 30
    assert err == f"error: {tmp_path}/file: exists and is not a folder\n"


# ---------------------------------------------------------------- feasibility


def _band_mix_tool():
    spec = importlib.util.spec_from_file_location("band_mix", ROOT / "tools" / "band_mix.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("size, clues", [(4, 6), (6, 9), (6, 12), (6, 16), (6, None), (9, 45),
                                         (12, 90)])
def test_the_band_mix_table_is_what_the_measurement_gives(size, clues):
    """The cheap rows, measured again: the table holds measurements, not guesses."""
    tool = _band_mix_tool()
    samples = sum(BAND_MIX[size][clues]) if clues else sum(MINIMAL_MIX[size][2])
    row = tool.row(size, clues, samples)
    if clues is None:
        fewest, most, counts = MINIMAL_MIX[size]
        assert (row["fewest"], row["most"]) == (fewest, most)
    else:
        counts = BAND_MIX[size][clues]
    assert tuple(row["bands"]) == counts


def test_every_measured_row_is_complete():
    for size, rows in BAND_MIX.items():
        assert size in MINIMAL_MIX
        fewest, most, counts = MINIMAL_MIX[size]
        assert fewest <= most and sum(counts) >= 10
        for k, row in rows.items():
            assert len(row) == len(Band) and sum(row) >= 10, (size, k)
            assert k >= fewest, "a row below the fewest clues of a minimal dig is never used"


RARE_6X6 = "  - {name: Hard six, count: 4, size: 6, difficulty: hard, minimal: true}\n"


def test_a_rare_section_is_warned_about_with_what_makes_it_practical(tmp_path):
    path = config(tmp_path, EASY + RARE_6X6)
    out = bookgen("validate", path, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    hits = MINIMAL_MIX[6][2][2]
    [warning] = out.stderr.splitlines()
    assert warning.startswith(
        f"warning: sections[1] 'Hard six': hard (grade 2.5 up to 4) is rare for random "
        f"minimal 6x6 puzzles: {hits} of {sum(MINIMAL_MIX[6][2])} measured; ")
    assert "Practical: " in warning
    assert out.stdout.startswith("ok: Early: 2 sections")


def test_the_example_books_draw_no_warning():
    for path in sorted((ROOT / "configs").glob("*.yaml")):
        assert rare_sections(load_config(path)) == [], path.name


@pytest.mark.parametrize("size, band", [(s, b) for s in BAND_MIX for b in (Band.EASY,
                                                                            Band.MEDIUM)])
def test_an_easy_dig_stopped_at_a_practical_clue_count_is_not_rare(tmp_path, size, band):
    """Whatever clue range the warning suggests for an easy or medium section makes the
    warning go away, and a range reaching no measured practical count keeps it. Stopped at
    k clues, the dig fits when the puzzle there is neither above the band nor below it."""
    rows = BAND_MIX[size]
    i = list(Band).index(band)
    for k, counts in rows.items():
        fits = min(sum(counts[: i + 1]), sum(counts[i:]))
        sections = (f"  - name: S\n    count: 2\n    size: {size}\n    difficulty: "
                    f"{band.value}\n    clues: [{k}, {k}]\n")
        path = config(tmp_path, sections, "layout: {puzzles_per_page: 1}\n")
        try:
            cfg = load_config(path)
        except Exception:  # a count no symmetry-free grid allows is no case here
            continue
        found = chance(cfg.sections[0])
        assert found is not None and found.row == f"{k}-clue"
        assert found.hits == fits
        assert bool(rare_sections(cfg)) == (fits < RARE * sum(counts))
        if fits >= PRACTICAL * sum(counts):
            assert not rare_sections(cfg)


def test_twelve_by_twelve_easy_minimal_is_warned_and_the_advice_works(tmp_path):
    """The case that used to fail after minutes: random minimal 12x12 puzzles are almost
    never easy. The clue range the warning names makes the section quiet."""
    layout = "layout: {puzzles_per_page: 1}\n"
    sections = "  - {name: Twelve, count: 4, size: 12, difficulty: easy, minimal: true}\n"
    [warning] = rare_sections(load_config(config(tmp_path, sections, layout)))
    easy = MINIMAL_MIX[12][2][0]
    assert f"random minimal 12x12 puzzles: {easy} of {sum(MINIMAL_MIX[12][2])} measured" in warning
    advice = warning.split("e.g. clues: ")[1]
    lo, hi = (int(x) for x in advice.strip("[]").split(", "))
    assert sum(BAND_MIX[12][lo][:1]) >= PRACTICAL * sum(BAND_MIX[12][lo])
    fixed = f"  - {{name: Twelve, count: 4, size: 12, difficulty: easy, clues: [{lo}, {hi}]}}\n"
    assert rare_sections(load_config(config(tmp_path, fixed, layout))) == []
