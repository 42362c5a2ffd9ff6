"""`bookgen export` and `bookgen preview` as a user runs them: every kind exported to SVG
and read back (givens, solutions and cage sums from the <text> elements), PNG sizes read
from the PNG header, the SVG and the PDF placing each glyph alike, preview pages, errors.
"""

from __future__ import annotations

import json
import math
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from blackbox import bookgen, refused

import bookgen as bookgen_package
from bookgen.cli.app import main
from bookgen.core.grid import SYMBOLS
from bookgen.render.image import QUIET_PT
from bookgen.render.marks import UNIT_TINT

SVG = "{http://www.w3.org/2000/svg}"

KINDS = {
    "classic": ("--size", "9"),
    "x": ("--variant", "x"),
    "hyper": ("--variant", "hyper"),
    "jigsaw": ("--variant", "jigsaw"),
    "killer": ("--variant", "killer", "--givens", "4"),
    "6x6": ("--size", "6"),
    "16x16": ("--size", "16"),
}
"""Each kind exported, with the generate options that make one of it."""

GOLDEN = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"
"""SPEC's golden puzzle: one solution."""


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, dict]]:
    """One generated puzzle of each kind: its JSON-lines file and its record."""
    folder = tmp_path_factory.mktemp("made")
    out = {}
    for kind, options in KINDS.items():
        path = folder / f"{kind}.jsonl"
        assert main(["generate", *options, "-n", "1", "--seed", "7", "--format", "json",
                     "-q", "-o", str(path)]) == 0
        out[kind] = path, json.loads(path.read_text())
    return out


def _values(line: str) -> list[int]:
    return [0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in line]


def _glyphs(svg: Path) -> tuple[float, list[dict]]:
    """The image's side and its <text> elements: char, x, y, size, bold, fill."""
    root = ET.parse(svg).getroot()
    side = float(root.get("viewBox", "").split()[2])
    assert root.get("width") == root.get("height") == f"{side:g}pt"
    glyphs = [{"char": t.text, "x": float(t.get("x", "")), "y": float(t.get("y", "")),
               "size": float(t.get("font-size", "")), "bold": t.get("font-weight") == "bold",
               "fill": t.get("fill"), "family": t.get("font-family")}
              for t in root.iter(f"{SVG}text")]
    return side, glyphs


def _cell(g: dict, step: float) -> tuple[int, int]:
    """The (row, column) a glyph sits in, by the middle of its box (SVG's y runs down)."""
    col = math.floor((g["x"] + 0.3 * g["size"] - QUIET_PT) / step)
    row = math.floor((g["y"] - 0.37 * g["size"] - QUIET_PT) / step)
    return row, col


def _read_grid(svg: Path, n: int, digits: list[dict] | None = None) -> list[int]:
    """The grid the digits of an SVG show (every glyph, unless `digits` names them)."""
    side, glyphs = _glyphs(svg)
    step = (side - 2 * QUIET_PT) / n
    grid = [0] * (n * n)
    for g in glyphs if digits is None else digits:
        row, col = _cell(g, step)
        assert grid[row * n + col] == 0, f"two digits in r{row + 1}c{col + 1}"
        grid[row * n + col] = SYMBOLS.index(g["char"]) + 1
    return grid


@pytest.mark.parametrize("kind", list(KINDS))
def test_svg_reads_back_as_the_puzzle_and_its_solution(made, kind, tmp_path) -> None:
    path, record = made[kind]
    puzzle, solution = _values(record["puzzle"]), _values(record["solution"])
    n = math.isqrt(len(puzzle))
    assert main(["export", str(path), "-o", str(tmp_path / "out"), "--answers", "-q"]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "answer-001.svg", "puzzle-001.svg"]
    side, glyphs = _glyphs(tmp_path / "out" / "puzzle-001.svg")
    assert side == pytest.approx(32 * n + 2 * QUIET_PT)
    assert all(g["family"] == "'Bitstream Vera Sans', sans-serif" for g in glyphs)
    if kind == "killer":
        # two sizes: the givens, and the smaller cage sums in their cages' corners
        big = max(g["size"] for g in glyphs)
        digits = [g for g in glyphs if g["size"] == big]
        sums = [g for g in glyphs if g["size"] < big]
        assert _read_grid(tmp_path / "out" / "puzzle-001.svg", n, digits) == puzzle
        step = (side - 2 * QUIET_PT) / n
        read: dict[tuple[int, int], str] = {}
        for g in sorted(sums, key=lambda g: g["x"]):
            read[_cell(g, step)] = read.get(_cell(g, step), "") + g["char"]
        cages = {min(c["cells"]): c["sum"] for c in record["cages"]}
        assert {r * n + c: int(s) for (r, c), s in read.items()} == cages
    else:
        assert all(g["bold"] and g["fill"] == "#000000" for g in glyphs)
        assert _read_grid(tmp_path / "out" / "puzzle-001.svg", n) == puzzle
    answer = tmp_path / "out" / "answer-001.svg"
    assert _read_grid(answer, n) == solution
    side, glyphs = _glyphs(answer)
    step = (side - 2 * QUIET_PT) / n
    for g in glyphs:
        row, col = _cell(g, step)
        given = puzzle[row * n + col] != 0
        # givens bold black, the filled-in digits regular and gray, as the answer key
        assert g["bold"] == given and (g["fill"] == "#000000") == given


def test_variant_marks_are_the_books(made, tmp_path) -> None:
    """X tints its diagonals, jigsaw draws region borders, killer dashes its cages: the
    same calls draw.puzzle_grid makes on a page."""
    paths = {}
    for kind in ("classic", "x", "jigsaw", "killer"):
        assert main(["export", str(made[kind][0]), "-o", str(tmp_path / kind), "-q"]) == 0
        paths[kind] = (tmp_path / kind / "puzzle-001.svg").read_text()
    level = round(UNIT_TINT * 255)
    tint = f'fill="#{level:02x}{level:02x}{level:02x}"'
    assert tint not in paths["classic"] and paths["x"].count(tint) >= 1
    assert "stroke-dasharray" in paths["killer"] and "stroke-dasharray" not in paths["x"]
    assert paths["jigsaw"] != paths["classic"]


def test_region_hatches_are_clipped(made, tmp_path) -> None:
    template = tmp_path / "tint.yaml"
    template.write_text((Path(bookgen_package.__file__).parent / "templates" / "letter-4up.yaml")
                        .read_text()
                        + "region_tint: true\n")
    assert main(["export", str(made["jigsaw"][0]), "-o", str(tmp_path / "out"), "-q",
                 "--template", str(template)]) == 0
    root = ET.parse(tmp_path / "out" / "puzzle-001.svg").getroot()
    clip = root.find(f"{SVG}defs/{SVG}clipPath")
    assert clip is not None
    groups = [g for g in root.iter(f"{SVG}g") if g.get("clip-path") == f"url(#{clip.get('id')})"]
    assert len(groups) == 1 and len(groups[0].findall(f"{SVG}path")) == 1


def test_a_faux_bold_is_stroked_not_weighted(tmp_path) -> None:
    """A template without a bold face strokes its bold (draw.Fonts.faux): the SVG
    strokes the regular face as the PDF does, and asks for no bold weight on top."""
    template = tmp_path / "faux.yaml"
    text = (Path(bookgen_package.__file__).parent / "templates" / "letter-4up.yaml").read_text()
    template.write_text(text.replace("bold: VeraBd", "bold: Vera"))
    assert main(["export", GOLDEN, "-o", str(tmp_path / "out"), "-q", "--template",
                 str(template)]) == 0
    texts = list(ET.parse(tmp_path / "out" / "puzzle-001.svg").getroot().iter(f"{SVG}text"))
    assert len(texts) == 22
    assert all(t.get("font-weight") is None and t.get("stroke") == "#000000"
               and float(t.get("stroke-width", "0")) > 0 for t in texts)


def test_letters_and_shapes_print_as_a_kids_section_prints_them(made, tmp_path) -> None:
    from bookgen.core.model import Symbols
    from bookgen.render.symbols import glyphs

    path, record = made["6x6"]
    puzzle, solution = _values(record["puzzle"]), _values(record["solution"])
    assert main(["export", str(path), "-o", str(tmp_path / "letters"), "--symbols", "letters",
                 "--answers", "-q"]) == 0
    letters = glyphs(Symbols.LETTERS)
    for name, grid in (("puzzle", puzzle), ("answer", solution)):
        _, texts = _glyphs(tmp_path / "letters" / f"{name}-001.svg")
        assert {g["char"] for g in texts} <= set(letters[:6])
        step = 32.0
        read = [0] * 36
        for g in texts:
            row, col = _cell(g, step)
            read[row * 6 + col] = letters.index(g["char"]) + 1
        assert read == grid
    assert main(["export", str(path), "-o", str(tmp_path / "shapes"), "--symbols", "shapes",
                 "-q"]) == 0
    root = ET.parse(tmp_path / "shapes" / "puzzle-001.svg").getroot()
    assert list(root.iter(f"{SVG}text")) == []
    # triangles (3) are striped and diamonds (4) half filled: each clips to its outline
    assert len(root.findall(f"{SVG}defs/{SVG}clipPath")) == sum(v in (3, 4) for v in puzzle)
    # circles (1) and hearts (6) are four curves each
    curved = sum(v in (1, 6) for v in puzzle)
    assert curved and sum(p.get("d", "").count("C") == 4 for p in root.iter(f"{SVG}path")) == curved


def test_letters_on_a_9x9_grid_are_refused(tmp_path, capsys) -> None:
    assert main(["export", GOLDEN, "-o", str(tmp_path / "out"), "--symbols", "letters"]) == 1
    assert capsys.readouterr().err == ("error: puzzle: line 1: --symbols letters print on 4x4 "
                                       "and 6x6 grids only, not 9x9\n")
    assert list((tmp_path / "out").iterdir()) == []


def test_svg_places_every_glyph_where_the_pdf_does(made) -> None:
    import io

    import pdfplumber

    from bookgen.book.config.templates import load_template
    from bookgen.cli.cmd_export import _printed
    from bookgen.cli.skeleton import read_items
    from bookgen.render.image import ImageStyle, puzzle_pdf, puzzle_svg

    items, _ = read_items(str(made["killer"][0]), None)
    puzzle = _printed(items[0], 1, True, 288.0)
    assert not isinstance(puzzle, str)
    for answers in (False, True):
        style = ImageStyle(load_template("letter-4up"), 288.0, answers)
        root = ET.fromstring(puzzle_svg(puzzle, style))
        svg = sorted((t.text, round(float(t.get("x", "")), 2),
                      round(style.size - float(t.get("y", "")), 2))
                     for t in root.iter(f"{SVG}text"))
        with pdfplumber.open(io.BytesIO(puzzle_pdf(puzzle, style))) as pdf:
            chars = pdf.pages[0].chars
        pdf_glyphs = sorted((c["text"], round(c["x0"], 2), round(c["matrix"][5], 2))
                            for c in chars)
        assert len(svg) == len(pdf_glyphs) > 0
        for (a, ax, ay), (b, bx, by) in zip(svg, pdf_glyphs, strict=True):
            assert a == b and ax == pytest.approx(bx, abs=0.02) and ay == pytest.approx(by,
                                                                                       abs=0.02)


def _png(path: Path) -> tuple[int, int, int, bytes]:
    """Width, height, dpi and pixels (one byte each, or R, G, B) of an 8-bit gray or RGB
    PNG, from its chunks."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        chunks[kind] = chunks.get(kind, b"") + data[pos + 8:pos + 8 + length]
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert depth == 8 and colour in (0, 2)  # gray, RGB
    per_metre, _, unit = struct.unpack(">IIB", chunks[b"pHYs"])
    assert unit == 1
    raw = zlib.decompress(chunks[b"IDAT"])
    span = width * (3 if colour == 2 else 1)
    assert len(raw) == height * (span + 1)
    rows, above = [], bytes(span)
    for r in range(height):
        kind, row = raw[r * (span + 1)], raw[r * (span + 1) + 1:(r + 1) * (span + 1)]
        assert kind in (0, 2)  # none, or Up: each byte added to the one above
        above = row if kind == 0 else bytes((a + b) & 255 for a, b in zip(row, above,
                                                                            strict=True))
        rows.append(above)
    return width, height, round(per_metre * 0.0254), b"".join(rows)


@pytest.mark.parametrize(("kind", "dpi"), [("classic", 144), ("16x16", 72), ("killer", 300)])
def test_png_has_the_size_of_its_dpi_and_shows_the_grid(made, kind, dpi, tmp_path) -> None:
    n = 16 if kind == "16x16" else 9
    assert main(["export", str(made[kind][0]), "-o", str(tmp_path), "--format", "png",
                 "--dpi", str(dpi), "-q"]) == 0
    width, height, read_dpi, pixels = _png(tmp_path / "puzzle-001.png")
    side = round((32 * n + 2 * QUIET_PT) * dpi / 72)
    assert (width, height, read_dpi) == (side, side, dpi)
    dark = sum(1 for p in pixels if p < 96) / len(pixels)
    assert pixels[0] == 255 and 0.02 < dark < 0.5  # white quiet zone, black lines, paper


@pytest.mark.parametrize("fmt", ["svg", "png"])
def test_the_same_puzzle_gives_the_same_bytes(made, fmt, tmp_path) -> None:
    for out in ("a", "b"):
        assert main(["export", str(made["killer"][0]), "-o", str(tmp_path / out), "--format",
                     fmt, "--dpi", "72", "--answers", "-q"]) == 0
    for name in (f"puzzle-001.{fmt}", f"answer-001.{fmt}"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_size_option_scales_the_image(made, tmp_path) -> None:
    assert main(["export", str(made["6x6"][0]), "-o", str(tmp_path), "--size", "2.5",
                 "-q"]) == 0
    side, _ = _glyphs(tmp_path / "puzzle-001.svg")
    assert side == pytest.approx(2.5 * 72 + 2 * QUIET_PT)


def test_several_puzzles_are_numbered_in_input_order(tmp_path) -> None:
    second = GOLDEN[::-1]
    lines = tmp_path / "two.txt"
    lines.write_text(f"{GOLDEN}\n{second}\n")
    assert main(["export", str(lines), "-o", str(tmp_path / "out"), "-q"]) == 0
    assert _read_grid(tmp_path / "out" / "puzzle-001.svg", 9) == _values(GOLDEN)
    assert _read_grid(tmp_path / "out" / "puzzle-002.svg", 9) == _values(second)


def test_a_puzzle_without_one_solution_gets_no_answer(tmp_path, capsys) -> None:
    several = "." * 80 + "1"
    lines = tmp_path / "mixed.txt"
    lines.write_text(f"{several}\n{GOLDEN}\n")
    assert main(["export", str(lines), "-o", str(tmp_path / "out"), "--answers", "-q"]) == 1
    assert capsys.readouterr().err == (f"error: {lines}: line 1: more than one "
                                       "solution\n")
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "answer-002.svg", "puzzle-002.svg"]


def test_input_without_a_good_puzzle_makes_no_folder(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("12x\n")
    assert main(["export", str(bad), "-o", str(tmp_path / "out"), "-q"]) == 1
    assert capsys.readouterr().err.startswith(f"error: {bad}: line 1: ")
    assert not (tmp_path / "out").exists()


def test_too_small_a_size_is_refused_per_puzzle(made, tmp_path, capsys) -> None:
    assert main(["export", str(made["16x16"][0]), "-o", str(tmp_path / "out"),
                 "--size", "3", "-q"]) == 1
    assert capsys.readouterr().err.endswith(
        "line 1: --size 3 in gives cells of 13.5 pt, below a book's 21.6 pt: expected at "
        "least 4.80 in for a 16x16 grid\n")
    assert list((tmp_path / "out").iterdir()) == []


def _usage_error(done: subprocess.CompletedProcess[str]) -> str:
    """The error line of a run refused by its parser: usage, then `error: ...`, exit 1."""
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("usage: bookgen ")
    last = done.stderr.splitlines()[-1]
    assert last.startswith("error: bookgen ")
    return last


@pytest.mark.parametrize(("args", "message"), [
    (("--dpi", "20"), "argument --dpi: expected a whole number of pixels an inch from 36 to "
                      "1200, got '20'"),
    (("--size", "-2"), "argument --size: expected a size in inches, e.g. 4 or 2.5, got '-2'"),
    (("--format", "gif"), "argument --format: invalid choice: 'gif'"),
])
def test_bad_options_are_refused(args, message, tmp_path) -> None:
    done = bookgen("export", GOLDEN, "-o", tmp_path / "out", *args)
    assert message in _usage_error(done)
    assert not (tmp_path / "out").exists()


def test_a_file_in_place_of_the_folder_is_refused(tmp_path) -> None:
    (tmp_path / "out").write_text("mine")
    done = bookgen("export", GOLDEN, "-o", tmp_path / "out")
    assert refused(done) == f"error: {tmp_path / 'out'}: is a file; expected a folder\n"
    assert (tmp_path / "out").read_text() == "mine"


def test_png_without_pypdfium2_names_the_extra(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails as when missing
    assert main(["export", GOLDEN, "-o", str(tmp_path / "out"), "--format", "png"]) == 1
    assert capsys.readouterr().err == ("error: PNG images need pypdfium2, which is not "
                                       "installed: pip install 'bookgen[images]'\n")
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------- preview

BOOK = """\
title: Preview Test
author: Ann Author
seed: 5
template: letter-4up
sections:
  - name: Easy
    size: 6
    count: 5
    difficulty: easy
    symmetry: rotational
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A small config and the folder its book is built into."""
    folder = tmp_path_factory.mktemp("book")
    config = folder / "preview.yaml"
    config.write_text(BOOK)
    return config, folder / "built"


def test_preview_builds_then_reuses_the_book(book, tmp_path, capsys) -> None:
    from bookgen.book.config import load_config
    from bookgen.book.pipeline import built_book
    from bookgen.render.geometry import PageKind, plan_book

    config, built = book
    assert main(["preview", str(config), "-o", str(tmp_path / "a"), "--book", str(built),
                 "--workers", "1", "-q"]) == 0
    found = built_book(load_config(config), built)
    assert not isinstance(found, str)
    plan = plan_book(found[0]).pages
    look = [next(p.number for p in plan if p.kind is k)
            for k in (PageKind.TITLE, PageKind.PUZZLES, PageKind.ANSWERS)]
    assert look[0] == 1 and look[1] < look[2]
    assert sorted(p.name for p in (tmp_path / "a").iterdir()) == [
        f"page-{n:03d}.png" for n in look]
    for n in look:
        width, height, dpi, pixels = _png(tmp_path / "a" / f"page-{n:03d}.png")
        assert (width, height, dpi) == (850, 1100, 100)  # letter at 100 dpi
        assert min(pixels) < 64 and max(pixels) == 255
    stamp = (built / "book.pdf").stat().st_mtime_ns
    capsys.readouterr()
    assert main(["preview", str(config), "-o", str(tmp_path / "b"), "--book", str(built),
                 "--pages", "2,4-5,2", "--dpi", "36"]) == 0
    assert (built / "book.pdf").stat().st_mtime_ns == stamp  # reused, not built again
    assert capsys.readouterr().out == (f"wrote 3 pages of {built / 'book.pdf'} as PNG at 36 "
                                       f"dpi into {tmp_path / 'b'}\n")
    assert sorted(p.name for p in (tmp_path / "b").iterdir()) == [
        "page-002.png", "page-004.png", "page-005.png"]
    assert _png(tmp_path / "b" / "page-002.png")[:3] == (306, 396, 36)


def test_preview_finds_the_pages_that_tips_move(tmp_path) -> None:
    """A book read back has no tips, so its plan puts the puzzle and answer pages where
    they would be without the tips pages: the pages written are the book's own."""
    import pypdf

    config = tmp_path / "tips.yaml"
    config.write_text(BOOK.replace("sections:", "front: {tips: true}\nsections:")
                      .replace("difficulty: easy", "difficulty: medium"))
    assert main(["preview", str(config), "-o", str(tmp_path / "out"), "--book",
                 str(tmp_path / "built"), "--workers", "1", "-q", "--dpi", "36"]) == 0
    texts = [page.extract_text() for page in pypdf.PdfReader(tmp_path / "built" / "book.pdf").pages]
    tips = next(k for k, t in enumerate(texts, 1) if t.startswith("Solving tips"))
    puzzles = next(k for k, t in enumerate(texts, 1) if t.startswith("Easy\nPuzzle 1\n"))
    answers = next(k for k, t in enumerate(texts, 1) if t.startswith("Answers\nPuzzle 1\n"))
    assert 1 < tips < puzzles < answers
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        f"page-{n:03d}.png" for n in (1, puzzles, answers)]


def test_preview_refuses_pages_outside_the_book(book, tmp_path, capsys) -> None:
    config, built = book
    assert main(["preview", str(config), "-o", str(tmp_path / "out"), "--book", str(built),
                 "--workers", "1", "-q", "--pages", "1,99,98"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: --pages: the book in {built} has ")
    assert err.endswith(" pages: no page 98, 99\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("args", "message"), [
    *[(("--pages", pages), "argument --pages: expected ") for pages in ("0", "3-1", "1,,2", "a")],
    (("--book", ""), "argument --book: expected a folder, got an empty path"),
    (("--dpi", "2000"), "argument --dpi: expected a whole number of pixels an inch from 36"),
])
def test_preview_refuses_bad_options(args, message, tmp_path) -> None:
    done = bookgen("preview", "x.yaml", "-o", tmp_path / "out", *args)
    assert message in _usage_error(done)
    assert not (tmp_path / "out").exists()


def test_preview_writes_the_cover_front_in_colour(tmp_path, capsys) -> None:
    config = tmp_path / "kdp.yaml"
    config.write_text(BOOK.replace("template: letter-4up", "template: kdp-6x9-2up\n"
                                   "cover: {style: typographic, accent: '#1F5FA8'}"))
    assert main(["preview", str(config), "-o", str(tmp_path / "out"), "--book",
                 str(tmp_path / "built"), "--workers", "1", "-q", "--cover", "--pages", "1",
                 "--dpi", "50"]) == 0
    assert "and the cover front as PNG at 50 dpi" in capsys.readouterr().out
    width, height, dpi, pixels = _png(tmp_path / "out" / "cover-front.png")
    assert (width, height, dpi) == (300, 450, 50)  # 6 x 9 in: the trim, no bleed or spine
    # the typographic front is the accent to its edges (a faint grid sits in its lower
    # right corner), read back as RGB
    for x, y in ((0, 0), (width - 1, 0), (0, height - 1)):
        at = 3 * (y * width + x)
        assert tuple(pixels[at:at + 3]) == (0x1F, 0x5F, 0xA8), (x, y)


def test_preview_cover_needs_a_print_on_demand_book(book, tmp_path, capsys) -> None:
    config, built = book
    assert main(["preview", str(config), "-o", str(tmp_path / "out"), "--book", str(built),
                 "--workers", "1", "-q", "--cover"]) == 1
    assert capsys.readouterr().err == (
        f"error: --cover: the book in {built} has no cover.pdf: only a book for "
        "print-on-demand (print.platform kdp or ingram) has one\n")
    assert not (tmp_path / "out").exists()


def test_preview_without_pypdfium2_builds_nothing(book, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails as when missing
    config, _ = book
    assert main(["preview", str(config), "-o", str(tmp_path / "out"), "--book",
                 str(tmp_path / "built")]) == 1
    assert capsys.readouterr().err == ("error: PNG images need pypdfium2, which is not "
                                       "installed: pip install 'bookgen[images]'\n")
    assert sorted(tmp_path.iterdir()) == []
