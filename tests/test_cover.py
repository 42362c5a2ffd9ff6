"""The full-wrap cover: its size against PRINT.md's formula, read back with pdfplumber (the
barcode area empty, everything inside the safe areas, the book's own puzzle on the front),
embedded fonts, colour only where the config asks, reproducible bytes, the cover block of
configs, and `bookgen cover` / `bookgen build` as a black box.

Every expected length is computed here from PRINT.md's numbers (inches), independently of
bookgen.core.rules and the cover geometry.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pikepdf
import pypdf
import pytest
from conftest import random_puzzle

from bookgen.book.config import load_config
from bookgen.core.errors import ConfigError
from bookgen.core.grid import SYMBOLS, geometry
from bookgen.core.model import (
    Book,
    BookPuzzle,
    BookSection,
    Colour,
    CoverSpec,
    CoverStyle,
    PrintSpec,
    Template,
)
from bookgen.core.rules import Paper
from bookgen.render.cover import cover_puzzles, paragraphs, render_cover
from bookgen.render.cover_geometry import cover_plan

IN = 72.0
BLEED = 0.125 * IN
SAFE = 0.25 * IN
FOLD = 0.0625 * IN
THICKNESS = {Paper.WHITE: 0.002252, Paper.CREAM: 0.0025}
"""Inches a page adds to the spine (PRINT.md)."""

TRIMS = {"6x9": (6.0, 9.0), "5x8": (5.0, 8.0), "8.5x11": (8.5, 11.0), "a5": (5.83, 8.27),
         "8.25x8.25": (8.25, 8.25)}

BLURB = (
    "Sixty graded puzzles, from gentle starters to real challenges, every one with exactly "
    "one solution that logic alone finds.\n\nThe answers are at the back of the book."
)


def template(trim: str, paper: Paper = Paper.WHITE) -> Template:
    w, h = TRIMS[trim]
    return Template(trim, w * IN, h * IN, print=PrintSpec(paper=paper))


def book(t: Template, cover: CoverSpec | None = None) -> Book:
    """A book of 9x9 and 6x6 puzzles (random, not necessarily unique: the cover only
    draws them)."""
    rng = random.Random(11)
    sections, number = [], 1
    for name, n, count in (("Easy", 6, 3), ("Hard", 9, 4)):
        geo = geometry(n)
        grids = []
        for _ in range(count):
            givens = random_puzzle(rng, geo, geo.ncells // 2)
            grids.append(BookPuzzle(number, name, name, geo.box_rows, geo.box_cols, givens,
                                    givens))
            number += 1
        sections.append(BookSection(name, tuple(grids)))
    return Book("Sudoku Cover Test", "Graded puzzles for everyone", "Ann Author", "",
                tuple(sections), t, cover=cover or CoverSpec())


def expected_size(trim: str, paper: Paper, pages: int) -> tuple[float, float, float]:
    """(spine, wrap width, wrap height) in points, from PRINT.md's formula."""
    w, h = TRIMS[trim]
    spine = pages * THICKNESS[paper]
    return spine * IN, (0.125 + w + spine + w + 0.125) * IN, (0.125 + h + 0.125) * IN


# ------------------------------------------------------------------ pure geometry


@pytest.mark.parametrize("trim", sorted(TRIMS))
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("pages", [24, 79, 80, 151, 550, 828])
def test_wrap_and_spine_follow_the_formula(trim: str, paper: Paper, pages: int) -> None:
    plan = cover_plan(template(trim, paper), pages, CoverStyle.PUZZLE)
    spine, width, height = expected_size(trim, paper, pages)
    w, h = TRIMS[trim]
    assert plan.spine_width == pytest.approx(spine)
    assert plan.size == pytest.approx((width, height))
    assert plan.manifest()["spine_in"] == pytest.approx(pages * THICKNESS[paper], abs=1e-4)
    # Back, spine and front side by side inside the bleed; folds where they meet.
    assert (plan.back.x, plan.back.y) == pytest.approx((BLEED, BLEED))
    assert plan.spine.x == pytest.approx(BLEED + w * IN)
    assert plan.front.x == pytest.approx(BLEED + w * IN + spine)
    assert plan.front.right + BLEED == pytest.approx(width)
    # The barcode area: 2 x 1.2 in, 0.25 in from the back's bottom trim and the spine fold.
    b = plan.barcode
    assert (b.width, b.height) == pytest.approx((2 * IN, 1.2 * IN))
    assert (b.right, b.y) == pytest.approx((BLEED + w * IN - SAFE, BLEED + SAFE))
    # Spine text only from 80 pages, kept off the folds.
    assert (plan.spine_text is None) == (pages < 80)
    if plan.spine_text is not None:
        assert plan.spine_text.x == pytest.approx(plan.spine.x + FOLD)
        assert plan.spine_text.right == pytest.approx(plan.spine.right - FOLD)


def test_text_areas_keep_off_the_barcode_and_inside_the_safe_areas() -> None:
    for trim in TRIMS:
        plan = cover_plan(template(trim), 200, CoverStyle.PUZZLE)
        back, front = safe_areas(plan.size, TRIMS[trim], plan.spine_width)[:2]
        for r in (plan.blurb, plan.heading, plan.sample, plan.caption):
            assert inside((r.x, r.y, r.right, r.top), back)
            assert not overlaps((r.x, r.y, r.right, r.top), box(plan.barcode))
        for r in (plan.title, plan.art, plan.author):
            assert inside((r.x, r.y, r.right, r.top), front)


def test_blurb_paragraphs() -> None:
    assert paragraphs("one\ntwo\n\n\nthree  \n") == ["one two", "three"]
    assert paragraphs("") == []


# ------------------------------------------------------------------ read back


def box(r: object) -> tuple[float, float, float, float]:
    return (r.x, r.y, r.right, r.top)  # type: ignore[attr-defined]


def inside(b: tuple[float, ...], area: tuple[float, ...], tol: float = 0.01) -> bool:
    return (b[0] >= area[0] - tol and b[1] >= area[1] - tol and b[2] <= area[2] + tol
            and b[3] <= area[3] + tol)


def overlaps(b: tuple[float, ...], area: tuple[float, ...]) -> bool:
    return b[0] < area[2] and area[0] < b[2] and b[1] < area[3] and area[1] < b[3]


def safe_areas(
    size: tuple[float, float], trim: tuple[float, float], spine: float
) -> tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]]:
    """(back safe, front safe, spine text area, barcode) from the rules, in PDF points."""
    w, h = trim[0] * IN, trim[1] * IN
    back = (BLEED + SAFE, BLEED + SAFE, BLEED + w - SAFE, BLEED + h - SAFE)
    front = (BLEED + w + spine + SAFE, BLEED + SAFE, BLEED + 2 * w + spine - SAFE,
             BLEED + h - SAFE)
    spine_area = (BLEED + w + FOLD, BLEED + SAFE, BLEED + w + spine - FOLD, BLEED + h - SAFE)
    barcode = (BLEED + w - SAFE - 2 * IN, BLEED + SAFE, BLEED + w - SAFE, BLEED + SAFE + 1.2 * IN)
    assert size[0] == pytest.approx(2 * BLEED + 2 * w + spine)
    return back, front, spine_area, barcode


def drawn(page: pdfplumber.page.Page) -> list[tuple[str, dict, tuple[float, ...]]]:
    """(kind, object, bbox in PDF coordinates, strokes included) of everything drawn."""
    out = []
    for kind in ("char", "line", "rect", "curve"):
        for o in page.objects.get(kind, []):
            half = o.get("linewidth", 0) / 2 if o.get("stroke") else 0.0
            out.append((kind, o, (o["x0"] - half, o["y0"] - half, o["x1"] + half,
                                  o["y1"] + half)))
    return out


CASES = [
    # trim, paper, pages, accent, blurb, spine text expected
    ("6x9", Paper.WHITE, 120, Colour(0.12, 0.37, 0.66), BLURB, True),
    ("8.5x11", Paper.CREAM, 24, None, BLURB, False),
    ("5x8", Paper.CREAM, 300, Colour(0.6, 0.1, 0.1), BLURB, True),
    # 80 pages of white paper allow spine text, but the spine has room for 4 pt type only.
    ("a5", Paper.WHITE, 80, None, "", False),
]


@pytest.fixture(scope="module", params=CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def rendered(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    trim, paper, pages, accent, blurb, spine_text = request.param
    b = book(template(trim, paper), CoverSpec(blurb=blurb, accent=accent))
    path = tmp_path_factory.mktemp("cover") / "cover.pdf"
    plan = render_cover(b, pages, path)
    return b, plan, path, request.param


def test_page_size_and_boxes(rendered) -> None:  # type: ignore[no-untyped-def]
    _, plan, path, (trim, paper, pages, *_rest) = rendered
    spine, width, height = expected_size(trim, paper, pages)
    pdf = pypdf.PdfReader(path)
    assert len(pdf.pages) == 1
    page = pdf.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        (width, height), abs=0.01)
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, width, height], abs=0.01)
    assert [float(v) for v in page.trimbox] == pytest.approx(
        [BLEED, BLEED, width - BLEED, height - BLEED], abs=0.01)


def test_barcode_area_empty_and_everything_in_the_safe_areas(rendered) -> None:  # type: ignore[no-untyped-def]
    _, plan, path, (trim, paper, pages, accent, blurb, spine_text) = rendered
    back, front, spine_area, barcode = safe_areas(plan.size, TRIMS[trim], plan.spine_width)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        objects = drawn(page)
    assert objects
    grounds = []
    for kind, o, b in objects:
        if kind == "char":
            assert any(inside(b, area) for area in (back, front, spine_area)), (o["text"], b)
        elif kind == "rect" and o["fill"] and not o["stroke"] and b[3] > plan.size[1] - 0.01:
            grounds.append(b)  # a background: the only things that run into the bleed
        else:
            assert inside(b, back) or inside(b, front), (kind, b)
            assert not overlaps(b, barcode), (kind, b)
        if kind == "char":
            assert not overlaps(b, barcode), (o["text"], b)
    # The back and spine in the accent, the front's band: white type on them.
    assert grounds == [pytest.approx(box(plan.back_ground)), pytest.approx(box(plan.front_ground))]
    for kind, o, b in objects:
        if kind == "char" and inside(b, back) and not inside(b, box(plan.sample)):
            assert tuple(o["non_stroking_color"]) == (1,), o["text"]
    on_spine = [o for k, o, b in objects if k == "char" and inside(b, spine_area)]
    assert bool(on_spine) == spine_text
    if spine_text:
        # Rotated to read top to bottom: the title's letters in order down the spine.
        text = "".join(o["text"] for o in sorted(on_spine, key=lambda o: -o["y1"]))
        assert text.replace(" ", "").startswith("SudokuCoverTest"), text


def test_front_shows_a_real_puzzle_of_the_book(rendered) -> None:  # type: ignore[no-untyped-def]
    b, plan, path, _ = rendered
    puzzle = cover_puzzles(b)[0]
    assert puzzle.number == 7  # the last one, by default
    n = puzzle.box_rows * puzzle.box_cols
    grid = plan.art
    step = grid.width / n
    seen = {}
    with pdfplumber.open(path) as pdf:
        for ch in pdf.pages[0].chars:
            cx, cy = (ch["x0"] + ch["x1"]) / 2, (ch["y0"] + ch["y1"]) / 2
            if grid.x < cx < grid.right and grid.y < cy < grid.top:
                cell = int((grid.top - cy) // step) * n + int((cx - grid.x) // step)
                seen[cell] = ch["text"]
    assert seen == {i: SYMBOLS[v - 1] for i, v in enumerate(puzzle.givens) if v}


def test_colour_only_from_the_accent(rendered) -> None:  # type: ignore[no-untyped-def]
    _, _, path, (_, _, _, accent, *_rest) = rendered
    with pikepdf.open(path) as pdf:
        colour = [([float(v) for v in operands], str(op)) for operands, op in
                  pikepdf.parse_content_stream(pdf.pages[0])
                  if str(op) in ("rg", "RG", "k", "K", "sc", "scn", "SC", "SCN", "cs", "CS")]
    if accent is None:
        assert colour == []
    else:
        # the accent fills, and strokes the rules and outlines of its colour
        assert {tuple(v) for v, _ in colour} == {(accent.red, accent.green, accent.blue)}
        assert {op for _, op in colour} <= {"rg", "RG"} and "rg" in {op for _, op in colour}


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_fonts_embedded(rendered) -> None:  # type: ignore[no-untyped-def]
    out = subprocess.run(["pdffonts", str(rendered[2])], capture_output=True, text=True,
                         check=True).stdout.splitlines()[2:]
    assert out, "no fonts"
    for line in out:
        # name type encoding emb sub uni object ID: the type may hold spaces
        assert line.split()[-5] == "yes", line


def test_invariant_bytes(tmp_path: Path) -> None:
    b = book(template("6x9"), CoverSpec(blurb=BLURB, accent=Colour(0.2, 0.4, 0.6)))
    render_cover(b, 130, tmp_path / "a.pdf")
    render_cover(b, 130, tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_chosen_puzzles_and_a_blurb_too_long(tmp_path: Path) -> None:
    from bookgen.core.errors import LayoutError

    b = book(template("6x9"), CoverSpec(front_puzzle=2, back_puzzle=5))
    assert [p.number for p in cover_puzzles(b)] == [2, 5]
    long = book(template("5x8"), CoverSpec(blurb="Many words here. " * 400))
    with pytest.raises(LayoutError, match=r"^the blurb on the back cover does not fit its 4.00 x .* at 11 pt"):
        render_cover(long, 100, tmp_path / "cover.pdf")
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------ config


CONFIG = """\
title: Cover Test
subtitle: Small puzzles
author: Ann Author
seed: 5
template: kdp-6x9-2up
print: {{platform: {platform}, paper: cream}}
cover:
{cover}
sections:
  - name: Easy
    size: 6
    count: 3
    difficulty: easy
    symmetry: rotational
"""


def config(tmp_path: Path, cover: str, platform: str = "kdp") -> Path:
    path = tmp_path / "cover-test.yaml"
    path.write_text(CONFIG.format(cover=cover, platform=platform))
    return path


def test_cover_block_is_read(tmp_path: Path) -> None:
    cfg = load_config(config(tmp_path, '  accent: "#1F5FA8"\n  blurb: |\n    One.\n\n    Two.\n'
                                        "  front_puzzle: 3\n  back_puzzle: 1"))
    assert cfg.cover == CoverSpec(blurb="One.\n\nTwo.", accent=Colour(0x1F / 255, 0x5F / 255,
                                  0xA8 / 255), front_puzzle=3, back_puzzle=1)
    assert cfg.cover.accent is not None and cfg.cover.accent.hex == "#1f5fa8"


@pytest.mark.parametrize(
    ("cover", "message"),
    [
        ("  accent: #1f5fa8", "cover.accent: expected a colour '#rrggbb' in quotes (an unquoted "
         "# starts a YAML comment), got nothing (line 8)"),
        ("  accent: blue", "cover.accent: expected a colour '#rrggbb' in quotes (an unquoted "
         "# starts a YAML comment), got 'blue' (line 8)"),
        ("  front_puzzle: 4", "cover.front_puzzle: expected a puzzle number from 1 to 3 (the "
         "book's puzzles), got 4 (line 8)"),
        ("  back_puzzle: 0", "cover.back_puzzle: expected a positive integer, got 0 (line 8)"),
        ("  blrub: text", "cover.blrub: unknown key; did you mean 'blurb'? (line 8)"),
        ("  blurb: " + "Many words. " * 300, "cover.blurb: the blurb on the back cover does not "
         "fit its 5.00 x 4.01 in area at 11 pt: expected a shorter text (line 8)"),
    ],
)
def test_cover_block_errors(tmp_path: Path, cover: str, message: str) -> None:
    with pytest.raises(ConfigError) as e:
        load_config(config(tmp_path, cover))
    assert str(e.value).splitlines()[1:] == [f"  {message}"]


def test_a_trim_too_small_for_the_barcode_is_refused(tmp_path: Path) -> None:
    path = config(tmp_path, "  blurb: Short.")
    path.write_text(path.read_text().replace(
        "template: kdp-6x9-2up\n", "template: kdp-6x9-2up\nlayout: {page_size: 3.5x6}\n"))
    with pytest.raises(ConfigError) as e:
        load_config(path)
    assert str(e.value).splitlines()[1:] == [
        "  cover: template 'kdp-6x9-2up': a 3.5 x 6 in cover has 0.56 in beside the 2 x 1.2 in "
        "barcode area for the imprint; expected at least 1 in (a wider trim) (line 8)"]
    # Printed at home, the same book needs no cover.
    home = path.read_text().replace("platform: kdp", "platform: home")
    path.write_text(home)
    assert load_config(path).template.page_width == 3.5 * IN


# ------------------------------------------------------------------ the CLI


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *map(str, args)],
                          capture_output=True, text=True, timeout=300)


def test_cli_cover_error_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    res = run("cover", config(tmp_path, "  front_puzzle: 9"), "-o", out, "-q")
    assert res.returncode == 1
    assert res.stderr == (
        f"error: {tmp_path / 'cover-test.yaml'}: 1 problem:\n"
        "  cover.front_puzzle: expected a puzzle number from 1 to 3 (the book's puzzles), "
        "got 9 (line 8)\n")
    assert not out.exists()


@pytest.mark.slow
def test_cli_build_and_cover_agree_with_the_formula(tmp_path: Path) -> None:
    path = config(tmp_path, '  accent: "#8a1c1c"\n  blurb: Three small puzzles.')
    built = run("build", path, "-o", tmp_path / "book", "-q")
    assert built.returncode == 0, built.stderr
    alone = run("cover", path, "-o", tmp_path / "cover", "-q")
    assert alone.returncode == 0, alone.stderr
    pages = len(pypdf.PdfReader(tmp_path / "book" / "book.pdf").pages)
    manifest = json.loads((tmp_path / "book" / "manifest.json").read_text())
    w, h = 6.0, 9.0
    spine = pages * 0.0025
    width, height = 0.125 + w + spine + w + 0.125, 0.125 + h + 0.125
    assert manifest["cover"] == {
        "trim_in": [w, h], "paper": "cream", "pages": pages,
        "spine_in": pytest.approx(spine, abs=1e-4),
        "wrap_in": [pytest.approx(width, abs=1e-4), pytest.approx(height, abs=1e-4)],
    }
    box = pypdf.PdfReader(tmp_path / "cover" / "cover.pdf").pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((width * IN, height * IN))
    # The same config gives the same cover, whichever command made it.
    assert (tmp_path / "cover" / "cover.pdf").read_bytes() == (
        tmp_path / "book" / "cover.pdf").read_bytes()
    assert alone.stdout == (
        f"wrote {tmp_path / 'cover' / 'cover.pdf'}: 6 x 9 in trim, {pages} pages on cream "
        f"paper, spine {spine:.4f} in, wrap {round(width, 4):g} x {round(height, 4):g} in\n")
    assert sorted(p.name for p in (tmp_path / "cover").iterdir()) == ["cover.pdf"]


@pytest.mark.slow
def test_cli_build_for_home_printing_has_no_cover(tmp_path: Path) -> None:
    built = run("build", config(tmp_path, "  blurb: Unused.", platform="home"), "-o",
                tmp_path / "book", "-q")
    assert built.returncode == 0, built.stderr
    assert sorted(p.name for p in (tmp_path / "book").iterdir()) == [
        "book.pdf", "manifest.json", "puzzles.txt"]
    assert json.loads((tmp_path / "book" / "manifest.json").read_text())["cover"] is None
