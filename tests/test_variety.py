"""Variety books: `variant:` per section, the pipeline, the drawn marks, how to play.

A small mixed book (classic, X, hyper and jigsaw sections) is built once; every puzzle is
checked unique by the exact-cover solver, which builds each variant's units from its rules
(exact_cover.variant_units, not bookgen's Geometry), and the PDF is read back: tints on
the diagonal and window cells, thick borders exactly where jigsaw regions meet, answer
grids drawn alike.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pdfplumber
import pytest
from exact_cover import solutions_exact, variant_units

from bookgen.book.config import load_config, load_template
from bookgen.book.pipeline import build_book, write_book
from bookgen.core.errors import ConfigError
from bookgen.core.grid import SYMBOLS
from bookgen.core.model import Book, BookPuzzle, BookSection, XStyle
from bookgen.core.rules import TINT_GRAYS, Variant
from bookgen.render.geometry import PageKind, Plan, plan_book
from bookgen.render.howto import Guide, guide
from bookgen.render.marks import (
    DIAGONAL_GRAY,
    REGION_TINTS,
    UNIT_TINT,
    borders,
    grid_marks,
    region_shades,
)
from bookgen.render.writer import render_book

ROOT = Path(__file__).resolve().parent.parent

JIGSAW6 = "111222113322133442533446554466555666"
"""A 6x6 layout: six connected regions of six cells, none of them a box."""

BOOK = f"""\
title: Variety Test
seed: 5
template: letter-4up
layout:
  region_tint: true
sections:
  - {{name: Classic, count: 2, difficulty: easy}}
  - {{name: X-Sudoku, variant: x, count: 2, difficulty: medium, symmetry: rotational}}
  - {{name: Windoku, variant: hyper, count: 2, difficulty: medium}}
  - {{name: Jigsaw, variant: jigsaw, size: 6, count: 2, difficulty: easy, regions: "{JIGSAW6}"}}
  - {{name: Jigsaw 7, variant: jigsaw, size: 7, count: 2, difficulty: medium}}
"""
"""Two jigsaw sections: one on a fixed layout, one (7x7, a size without boxes) drawing a
random layout for every puzzle."""


# ---------------------------------------------------------------- units from the rules


@dataclass(frozen=True)
class Grid:
    """What the exact-cover solver reads of a grid: its size, variant and regions (it
    builds the units itself from the rules, exact_cover.variant_units)."""

    n: int
    variant: Variant
    region_layout: str | None = None


def cell_units(grid: Grid) -> list[set[int]]:
    """For each cell, the units (indices into variant_units) it lies in."""
    units = variant_units(grid.n, grid.variant.value, grid.region_layout)
    return [{u for u, cells in enumerate(units) if c in cells} for c in range(grid.n ** 2)]


def values(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in text)


# ---------------------------------------------------------------- the built book


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Book, dict, list[str]]:
    tmp = tmp_path_factory.mktemp("variety")
    path = tmp / "variety.yaml"
    path.write_text(BOOK)
    result = build_book(load_config(path, workers=1), progress=False)
    out = tmp / "out"
    write_book(result, out)
    manifest = json.loads((out / "manifest.json").read_text())
    return out, result.book, manifest, (out / "puzzles.txt").read_text().splitlines()


def test_every_puzzle_unique_by_its_variants_rules(built) -> None:  # type: ignore[no-untyped-def]
    _, _, manifest, _ = built
    entries = manifest["puzzles"]
    assert [e["variant"] for e in entries] == ["classic"] * 2 + ["x"] * 2 + ["hyper"] * 2 + [
        "jigsaw"] * 4
    for e in entries:
        assert ("regions" in e) == (e["variant"] == "jigsaw")
        n = int(len(e["givens"]) ** 0.5)
        grid = Grid(n, Variant.parse(e["variant"]), e.get("regions"))
        found = solutions_exact(values(e["givens"]), grid, 2)
        assert found == [values(e["solution"])], e["id"]
    # the extra units matter: an X or hyper puzzle read as classic has several solutions
    for e in entries[2:6]:
        assert len(solutions_exact(values(e["givens"]), Grid(9, Variant.CLASSIC), 2)) == 2


def test_book_records_carry_variant_and_layout(built) -> None:  # type: ignore[no-untyped-def]
    _, book, manifest, _ = built
    puzzles = [p for s in book.sections for p in s.puzzles]
    for p, e in zip(puzzles, manifest["puzzles"], strict=True):
        assert p.variant.value == e["variant"]
        assert p.regions == e.get("regions")
        assert (p.box_rows, p.box_cols) == ((0, 0) if e["variant"] == "jigsaw" else (3, 3))
        assert (p.geo.variant, p.geo.region_layout) == (p.variant, p.regions)
    fixed, drawn = puzzles[6:8], puzzles[8:]
    assert {p.regions for p in fixed} == {JIGSAW6}
    # a fresh layout per puzzle: 7 regions of 7 cells, and the two differ
    assert len({p.regions for p in drawn}) == 2
    for p in drawn:
        assert p.regions is not None and p.n == 7
        assert sorted(p.regions.count(ch) for ch in set(p.regions)) == [7] * 7


def test_puzzles_txt_names_variant_and_regions(built) -> None:  # type: ignore[no-untyped-def]
    _, _, manifest, lines = built
    entries = manifest["puzzles"]
    # a jigsaw puzzle's line is followed by its region line
    assert len(lines) == len(entries) + 4
    k = 0
    for e in entries:
        givens, comment = lines[k].split("  # ")
        assert givens == e["givens"]
        words = comment.split()
        assert words[0] == str(e["id"])
        assert (words[-1] == e["variant"]) == (e["variant"] != "classic")
        k += 1
        if e["variant"] == "jigsaw":
            assert lines[k] == f"{e['regions']}  # regions of {e['id']}"
            k += 1


@pytest.mark.parametrize("variant", ["x", "hyper", "jigsaw"])
def test_puzzles_txt_reads_back_with_its_variant(built, variant: str) -> None:  # type: ignore[no-untyped-def]
    """`bookgen rate --variant V` reads a variant's lines of puzzles.txt (a jigsaw line
    with the region line after it) and finds the manifest's solutions."""
    out, _, manifest, lines = built
    picked = []
    for k, line in enumerate(lines):
        if line.endswith(f" {variant}"):
            picked.append(line)
            if variant == "jigsaw":
                picked.append(lines[k + 1])
    path = out.parent / f"{variant}.txt"
    path.write_text("\n".join(picked) + "\n")
    done = subprocess.run([sys.executable, "-m", "bookgen", "rate", "--variant", variant,
                           "--no-grade", "--format", "json", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    got = [json.loads(row) for row in done.stdout.splitlines()]
    want = [e for e in manifest["puzzles"] if e["variant"] == variant]
    assert [(g["puzzle"], g["solution"], g["count"]) for g in got] == [
        (e["givens"], e["solution"], 1) for e in want]


def test_improving_a_jigsaw_puzzle_keeps_its_own_layout() -> None:
    """A section drawing a layout per puzzle improves each start on the start's layout."""
    from tqdm import tqdm

    from bookgen.book.config import Difficulty, ImproveSpec, SectionConfig
    from bookgen.book.pipeline import _candidate, _improve_section, _rules
    from bookgen.core.model import DigSpec
    from bookgen.core.rules import Figure
    from bookgen.make.select import shortfall

    spec = DigSpec(7, variant=Variant.JIGSAW)
    easy = Difficulty(None, ((Figure.CLUES, 30, 48),))
    start = _candidate((_rules(SectionConfig("J", 1, easy, spec, None)), "imp", 0))
    assert start.regions is not None and start.rating.count == 1
    floor = start.rating.trace.way_complexity + 1 if start.rating.trace else 1
    harder = Difficulty(None, ((Figure.WAY_COMPLEXITY, floor, 10**9),))
    section = SectionConfig("J", 1, harder, spec, ImproveSpec(60, None, Figure.WAY_COMPLEXITY))
    starts = [(shortfall(start.rating, harder), 0, start)]
    with tqdm(disable=True) as bar:
        chosen = _improve_section(section, "imp", starts, set(), lambda f, xs: map(f, xs), bar,
                                  1)
    assert len(chosen) == 1 and chosen[0].regions == start.regions
    r = chosen[0].rating
    grid = Grid(7, Variant.JIGSAW, start.regions)
    assert solutions_exact(r.puzzle, grid, 2) == [start.rating.solution]
    assert r.trace is not None and r.trace.way_complexity >= floor


# ---------------------------------------------------------------- the PDF read back


def _grids(book: Book, plan: Plan, path: Path):  # type: ignore[no-untyped-def]
    """(puzzle, answers?, pdfplumber page, grid left, grid top from the page top, step)
    for every grid of the puzzle and answer pages."""
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            if page.kind not in (PageKind.PUZZLES, PageKind.ANSWERS):
                continue
            answers = page.kind is PageKind.ANSWERS
            slots = plan.answer_slots if answers else plan.puzzle_slots
            box = plan.box(page.number)
            for slot, p in zip(slots, page.puzzles, strict=False):
                g = slot.grid
                top = book.template.page_height - box.y - g.top
                yield p, answers, pdf.pages[page.number - 1], box.x + g.x, top, g.width / p.n


def _inside(objs, left: float, top: float, side: float):  # type: ignore[no-untyped-def]
    return [o for o in objs if left - 0.1 <= o["x0"] and o["x1"] <= left + side + 0.1
            and top - 0.1 <= o["top"] and o["bottom"] <= top + side + 0.1]


def _gray(colour: float | tuple[float, ...]) -> float:
    """A gray level as pdfplumber reports it (a number, or a one-item tuple)."""
    return round(colour if isinstance(colour, (int, float)) else colour[0], 4)


def _tinted(page, p: BookPuzzle, left: float, top: float, step: float) -> dict[int, float]:  # type: ignore[no-untyped-def]
    """Gray of every tinted cell: filled, unstroked rectangles split into cells."""
    out = {}
    for r in _inside(page.rects, left, top, step * p.n):
        if not r["fill"] or r["stroke"]:
            continue
        c0, r0 = round((r["x0"] - left) / step), round((r["top"] - top) / step)
        w, h = round(r["width"] / step), round(r["height"] / step)
        for i in range(r0, r0 + h):
            for j in range(c0, c0 + w):
                out[i * p.n + j] = _gray(r["non_stroking_color"])
    return out


def _edges(page, p: BookPuzzle, left: float, top: float, step: float, width: float  # type: ignore[no-untyped-def]
           ) -> set[tuple[str, int, int]]:
    """Unit cell edges covered by the straight lines of a width: ('v', x, row) for the
    vertical edge at grid line x beside row `row`, ('h', y, col) likewise."""
    out = set()
    for ln in _inside(page.lines, left, top, step * p.n):
        if abs(ln["linewidth"] - width) > 1e-6:
            continue
        if ln["width"] == 0:
            x = round((ln["x0"] - left) / step)
            a, b = round((ln["top"] - top) / step), round((ln["bottom"] - top) / step)
            out |= {("v", x, k) for k in range(a, b)}
        elif ln["height"] == 0:
            y = round((ln["top"] - top) / step)
            a, b = round((ln["x0"] - left) / step), round((ln["x1"] - left) / step)
            out |= {("h", y, k) for k in range(a, b)}
    return out


def _region_edges(labels: str, n: int) -> tuple[set, set]:  # type: ignore[type-arg]
    """(thin, thick) inner edges from the labels alone."""
    thin, thick = set(), set()
    for i in range(1, n):
        for k in range(n):
            (thick if labels[k * n + i - 1] != labels[k * n + i] else thin).add(("v", i, k))
            (thick if labels[(i - 1) * n + k] != labels[i * n + k] else thin).add(("h", i, k))
    return thin, thick


def test_pdf_marks_every_variant(built) -> None:  # type: ignore[no-untyped-def]
    out, book, _, _ = built
    plan = plan_book(book)
    w = book.template.lines
    seen = set()
    for p, answers, page, left, top, step in _grids(book, plan, out / "book.pdf"):
        n = p.n
        tinted = _tinted(page, p, left, top, step)
        if p.variant is Variant.X:
            diagonal = {i * n + i for i in range(n)} | {i * n + n - 1 - i for i in range(n)}
            assert tinted == dict.fromkeys(diagonal, UNIT_TINT)
        elif p.variant is Variant.HYPER:
            windows = {r * n + c for r in (*range(1, 4), *range(5, 8))
                       for c in (*range(1, 4), *range(5, 8))}
            assert tinted == dict.fromkeys(windows, UNIT_TINT)
        elif p.variant is Variant.JIGSAW:
            assert p.regions is not None
            # a shade is a gray, or white under the hatch (test_page_typography reads the
            # hatch back)
            hatched = {int(y) * n + int(x) + k
                       for x, y, w, _ in grid_marks(n, p.variant, p.regions, XStyle.TINT,
                                                    True).hatches for k in range(int(w))}
            gray = [(tinted.get(c, 1.0), c in hatched) for c in range(n * n)]
            for label in set(p.regions):  # one shade a region ...
                assert len({gray[c] for c in range(n * n) if p.regions[c] == label}) == 1
            _, thick = _region_edges(p.regions, n)
            for kind, i, k in thick:  # ... and neighbours differ
                a, b = (k * n + i - 1, k * n + i) if kind == "v" else ((i - 1) * n + k, i * n + k)
                assert gray[a] != gray[b]
            assert all(TINT_GRAYS[0] <= g <= TINT_GRAYS[1] for g in tinted.values())
        else:
            assert tinted == {}
        labels = p.regions or "".join(str((r // 3) * 3 + c // 3) for r in range(n)
                                      for c in range(n))
        thin, thick = _region_edges(labels, n)
        cell, heavy = (w.answer_cell, w.answer_box) if answers else (w.cell, w.box)
        assert _edges(page, p, left, top, step, heavy) == thick
        assert _edges(page, p, left, top, step, cell) == thin
        seen.add((p.variant, answers))
    # killer pages, boards and the constraint kinds are read by their own tests
    # (test_killer_pages, test_samurai_book, test_constraint_pages); the variety book holds
    # the four kinds of grids with drawn units
    assert seen == {(v, a) for v in (Variant.CLASSIC, Variant.X, Variant.HYPER, Variant.JIGSAW)
                    for a in (False, True)}


def test_how_to_play_pages_for_the_variants_present(built) -> None:  # type: ignore[no-untyped-def]
    out, book, _, _ = built
    plan = plan_book(book)
    how = [p for p in plan.pages if p.kind is PageKind.HOW_TO_PLAY]
    # the general page and its worked example, then a page for each variant
    assert [p.variant for p in how] == [None, None, Variant.X, Variant.HYPER, Variant.JIGSAW]
    with pdfplumber.open(out / "book.pdf") as pdf:
        for p in how[2:]:
            assert p.variant is not None
            text = pdf.pages[p.number - 1].extract_text()
            page_guide = guide(p.variant, 9)  # the book's own size
            assert page_guide is not None and page_guide.heading(book.texts) in text
            assert "Puzzle" in text and "Solution" in text


def test_x_lines_style_draws_two_gray_diagonals(tmp_path: Path) -> None:
    t = load_template("letter-4up")
    x_guide = guide(Variant.X, 4)
    assert x_guide is not None
    p = replace(x_guide.example, number=1, section="X", difficulty="Easy")
    book = Book("T", "", "", "", (BookSection("X", (p,)),), replace(t, x_style=XStyle.LINES))
    path = tmp_path / "x.pdf"
    render_book(book, path)
    plan = plan_book(book)
    found = 0
    for q, _, page, left, top, step in _grids(book, plan, path):
        assert _tinted(page, q, left, top, step) == {}
        side = step * q.n
        diagonals = [ln for ln in _inside(page.lines, left, top, side)
                     if ln["width"] > 0 and ln["height"] > 0]
        assert len(diagonals) == 2
        for ln in diagonals:
            assert _gray(ln["stroking_color"]) == pytest.approx(DIAGONAL_GRAY)
            assert ln["width"] == pytest.approx(side) and ln["height"] == pytest.approx(side)
            assert ln["linewidth"] >= 0.75
        found += 1
    assert found == 2  # the puzzle and its answer


# ---------------------------------------------------------------- marks, pure numbers


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
def test_classic_borders_are_the_box_lines(n: int) -> None:
    from bookgen.core.grid import geometry

    geo = geometry(n)
    thin, thick = borders(geo.regions, n)
    full = {float(n)}
    # classic boxes give whole grid lines: thick after every box, thin elsewhere
    assert all({abs(s[2] - s[0]) + abs(s[3] - s[1])} == full for s in thin + thick)
    verticals = {int(s[0]) for s in thick if s[0] == s[2]}
    horizontals = {int(s[1]) for s in thick if s[1] == s[3]}
    assert verticals == {i for i in range(1, n) if i % geo.box_cols == 0}
    assert horizontals == {i for i in range(1, n) if i % geo.box_rows == 0}


def test_jigsaw_borders_follow_the_regions() -> None:
    thin, thick = borders(tuple(int(ch) - 1 for ch in JIGSAW6), 6)
    want_thin, want_thick = _region_edges(JIGSAW6, 6)

    def unit(segments) -> set:  # type: ignore[no-untyped-def,type-arg]
        out = set()
        for x0, y0, x1, y1 in segments:
            if x0 == x1:
                out |= {("v", int(x0), k) for k in range(int(y0), int(y1))}
            else:
                out |= {("h", int(y0), k) for k in range(int(x0), int(x1))}
        return out

    assert unit(thin) == want_thin and unit(thick) == want_thick


def test_region_shades_differ_between_neighbours() -> None:
    from bookgen.core.grid import geometry

    layouts = [JIGSAW6, _guide(Variant.JIGSAW, 9).example.regions or "",
               geometry(9).region_labels, "".join(str(r) for r in range(5) for _ in range(5))]
    for labels in layouts:
        n = int(len(labels) ** 0.5)
        box = tuple(sorted(set(labels)).index(ch) for ch in labels)
        shade = region_shades(box, n)
        assert set(shade) <= set(range(len(REGION_TINTS)))
        _, thick = _region_edges(labels, n)
        for kind, i, k in thick:
            a, b = (k * n + i - 1, k * n + i) if kind == "v" else ((i - 1) * n + k, i * n + k)
            assert shade[box[a]] != shade[box[b]]
    marks = grid_marks(6, Variant.JIGSAW, JIGSAW6, XStyle.TINT, True)
    assert marks.tints and all(TINT_GRAYS[0] <= t[0] <= TINT_GRAYS[1] for t in marks.tints)
    assert grid_marks(6, Variant.JIGSAW, JIGSAW6, XStyle.TINT, False).tints == ()


def test_tints_leave_answer_digits_legible() -> None:
    from bookgen.core.rules import MAX_ANSWER_GRAY

    # the darkest tint against the lightest answer digit
    assert TINT_GRAYS[0] - MAX_ANSWER_GRAY >= 0.35
    assert TINT_GRAYS[1] <= 0.9  # at least 10% black, or the press may drop it


# ---------------------------------------------------------------- how to play


def _guide(variant: Variant, n: int) -> Guide:
    found = guide(variant, n)
    assert found is not None
    return found


# ---------------------------------------------------------------- config, as a user meets it


def _validate(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "book.yaml"
    path.write_text(text)
    return subprocess.run([sys.executable, "-m", "bookgen", "validate", str(path)],
                          capture_output=True, text=True)


def test_variety_config_validates() -> None:
    cfg = load_config(ROOT / "configs" / "variety.yaml")
    assert [s.dig.variant for s in cfg.sections] == [Variant.CLASSIC, Variant.X, Variant.HYPER,
                                                      Variant.JIGSAW]
    assert cfg.template.region_tint and cfg.template.x_style is XStyle.TINT
    assert sum(s.count for s in cfg.sections) <= 20  # builds in well under a minute


@pytest.mark.parametrize(("section", "problem"), [
    ("{name: A, count: 1, difficulty: easy, variant: hyper, size: 6}",
     "sections[0].size: a hyper grid has no size 6: expected one of 9 (line 4)"),
    ("{name: A, count: 1, difficulty: easy, variant: jigsaw, size: 4}",
     "sections[0].size: a jigsaw grid has no size 4: expected one of 5, 6, 7, 8, 9 (line 4)"),
    ("{name: A, count: 1, difficulty: easy, size: 7}",
     "sections[0].size: a classic grid has no size 7: expected one of 4, 6, 9, 12, 16 "
     "(line 4)"),
    ("{name: A, count: 1, difficulty: easy, variant: x, regions: '1122'}",
     "sections[0].regions: regions belong to jigsaw sections, not x; add variant: jigsaw or "
     "drop regions (line 4)"),
    ("{name: A, count: 1, difficulty: easy, variant: jigsw}",
     "sections[0].variant: unknown variant 'jigsw'; did you mean 'jigsaw'? expected one of "
     "classic, x, hyper, jigsaw, killer, samurai, twin, anti-knight, anti-king, "
     "non-consecutive, disjoint-groups, asterisk, center-dot, girandola (line 4)"),
    ("{name: A, count: 1, difficulty: easy, variant: jigsaw, size: 6, regions: '1112'}",
     "sections[0].regions: jigsaw regions: 4 labels, expected 36 (6x6) (line 4)"),
    (f"{{name: A, count: 1, difficulty: easy, variant: jigsaw, size: 6, "
     f"regions: '{JIGSAW6[:-2]}16'}}",
     "sections[0].regions: jigsaw region '1' has 7 cells, expected 6 for a 6x6 grid (line 4)"),
])
def test_variant_errors_name_key_and_line(tmp_path: Path, section: str, problem: str) -> None:
    done = _validate(tmp_path, f"title: T\ntemplate: letter-4up\nsections:\n  - {section}\n")
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.splitlines()[1:] == [f"  {problem}"]
    assert "Traceback" not in done.stderr


def test_region_rows_may_stand_on_lines_of_their_own(tmp_path: Path) -> None:
    rows = "\n".join(f"      {JIGSAW6[i:i + 6]}" for i in range(0, 36, 6))
    path = tmp_path / "book.yaml"
    path.write_text("title: T\nsections:\n  - name: J\n    count: 1\n    difficulty: easy\n"
                    f"    variant: jigsaw\n    size: 6\n    regions: |\n{rows}\n")
    (s,) = load_config(path).sections
    assert s.dig.regions == JIGSAW6 and s.dig.size == 6


def test_template_marks_options(tmp_path: Path) -> None:
    path = tmp_path / "book.yaml"
    body = "title: T\nsections:\n  - {name: X, count: 1, difficulty: easy, variant: x}\n"
    path.write_text(body + "layout: {x_style: lines, region_tint: true}\n")
    t = load_config(path).template
    assert (t.x_style, t.region_tint) == (XStyle.LINES, True)
    path.write_text(body + "layout: {x_style: dots}\n")
    with pytest.raises(ConfigError, match=r"layout\.x_style: unknown x style 'dots'; expected "
                                          r"one of tint, lines \(line 4\)"):
        load_config(path)
