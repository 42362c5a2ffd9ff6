"""Sections in letters and shapes (`symbols:`), as a user meets them: the config's checks
through the command line, and a built book read back with pdfplumber.

Glossary:
  grid      a grid on a page: its border, the one square rectangle wider than MIN_GRID
            pt, matched in reading order with the 'Puzzle N' labels of its page
  cell ink  the drawn paths (rects, curves, lines) that lie wholly inside a cell: the
            grid's own lines run past every cell, an icon stays in its own
  signature an icon's ink told apart by kind: rects, curves with their point counts and
            whether they are filled, lines; one per shape, whatever its colour
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
import reportlab
from blackbox import HOSTILE, bookgen, refused
from fontTools import subset
from fontTools.ttLib import TTFont

from bookgen.book.config import load_config
from bookgen.render.symbols import ICONS, LETTERS

MIN_GRID = 40.0
"""Points: the least side of a grid's border; the how-to page's shaded cells are smaller."""

EDGE_SHARE = 0.02
"""A cell's margin, as a share of its side, that ink inside it keeps clear of."""

BOOK = """\
title: Symbols
seed: 5
template: letter-4up
sections:
  - {name: Letters, size: 4, count: 2, difficulty: easy, symbols: letters}
  - {name: Shapes, size: 6, count: 2, difficulty: easy, symbols: shapes}
  - {name: Small shapes, size: 4, count: 1, difficulty: easy, symbols: shapes}
  - {name: Big letters, size: 6, count: 1, difficulty: easy, symbols: letters}
  - {name: Jigsaw shapes, size: 6, count: 1, difficulty: easy, symbols: shapes,
     variant: jigsaw}
"""
"""A book of every kind of symbols section: 4x4 and 6x6 letters and shapes, and a 6x6
jigsaw in shapes; the 6x6 grids are the most, so the how-to page shows the first 6x6
section's shapes."""


def _config(folder: Path, text: str) -> Path:
    path = folder / "book.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("section", "expected"), [
    ("{name: S, count: 1, difficulty: easy, symbols: shapes}",
     "sections[0].symbols: shapes are for 4x4 and 6x6 grids, not 9x9: only a kids' grid "
     "has few enough symbols to tell apart as drawn shapes or as the letters A to F (past "
     "9, a grid's letters already stand for 10, 11, ...); expected size 4 or 6, or symbols: "
     "digits (line 3)"),
    ("{name: S, size: 12, count: 1, difficulty: easy, symbols: letters}",
     "sections[0].symbols: letters are for 4x4 and 6x6 grids, not 12x12"),
    ("{name: S, size: 5, variant: jigsaw, count: 1, difficulty: easy, symbols: shapes}",
     "sections[0].symbols: shapes are for 4x4 and 6x6 grids, not 5x5"),
    ("{name: S, size: 4, count: 1, difficulty: easy, symbols: pictures}",
     "sections[0].symbols: unknown symbols 'pictures'; expected one of digits, letters, "
     "shapes (line 3)"),
])
def test_symbols_a_size_cannot_print_are_refused_with_the_reason(tmp_path, section, expected):
    config = _config(tmp_path, f"title: T\nsections:\n  - {section}\n")
    for command in ("validate", "build"):
        err = refused(bookgen(command, config, "-o", tmp_path / "out", timeout=HOSTILE)
                      if command == "build" else bookgen(command, config, timeout=HOSTILE))
        assert expected in err, err
    assert not (tmp_path / "out").exists()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The book built twice from the same config, into two folders."""
    folder = tmp_path_factory.mktemp("symbols")
    config = _config(folder, BOOK)
    for out in ("one", "two"):
        done = bookgen("build", config, "-o", folder / out, timeout=HOSTILE)
        assert done.returncode == 0, done.stderr
    return folder / "one", folder / "two"


def _grids(page: Any) -> list[dict[str, Any]]:
    """The page's grid borders in reading order (top to bottom, left to right)."""
    squares = [r for r in page.rects if r["width"] > MIN_GRID
               and abs(r["width"] - r["height"]) < 0.5 and not r["fill"]]
    return sorted(squares, key=lambda r: (round(r["top"]), r["x0"]))


def _labelled(pdf: Any) -> list[tuple[int, Any, dict[str, Any]]]:
    """(puzzle number, page, border) for every numbered grid of the book, puzzle pages
    and answer pages alike."""
    out = []
    for page in pdf.pages:
        words = [w["text"] for w in page.extract_words()]
        numbers = [int(n) for w, n in zip(words, words[1:], strict=False)
                   if w == "Puzzle" and n.isdigit()]
        grids = _grids(page)
        if numbers:
            assert len(numbers) == len(grids), (page.page_number, numbers, len(grids))
            out += [(number, page, grid) for number, grid in zip(numbers, grids, strict=True)]
    return out


def _cell(grid: dict[str, Any], n: int, x0: float, top: float, x1: float, bottom: float
          ) -> int | None:
    """The cell (row-major) a box lies wholly inside, clear of its edges (where a jigsaw's
    region borders run, cell by cell), or None."""
    step = grid["width"] / n
    col, row = int((x0 - grid["x0"]) // step), int((top - grid["top"]) // step)
    left, head = grid["x0"] + col * step, grid["top"] + row * step
    clear = step * EDGE_SHARE
    inside = (0 <= col < n and 0 <= row < n and x0 > left + clear and top > head + clear
              and x1 < left + step - clear and bottom < head + step - clear)
    return row * n + col if inside else None


def _text(page: Any, grid: dict[str, Any], n: int) -> dict[int, str]:
    """What the grid's cells hold as text: cell -> its characters."""
    out: dict[int, str] = defaultdict(str)
    for ch in page.within_bbox((grid["x0"], grid["top"], grid["x1"], grid["bottom"])).chars:
        cell = _cell(grid, n, ch["x0"], ch["top"], ch["x1"], ch["bottom"])
        assert cell is not None, ch["text"]
        out[cell] += ch["text"]
    return dict(out)


def _ink(page: Any, grid: dict[str, Any], n: int) -> dict[int, list[tuple[Any, ...]]]:
    """The drawn paths wholly inside each cell of the grid, by cell, each as (kind,
    points, filled, gray)."""
    out: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for kind in ("rects", "curves", "lines"):
        for obj in getattr(page, kind):
            cell = _cell(grid, n, obj["x0"], obj["top"], obj["x1"], obj["bottom"])
            if cell is not None:
                points = len(obj.get("pts", ())) if kind == "curves" else 0
                out[cell].append((kind, points, bool(obj["fill"]), obj["stroking_color"]))
    return dict(out)


def _signature(ink: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    return tuple(sorted((kind, points, filled) for kind, points, filled, _ in ink))


def test_letters_print_where_the_digits_were(built):
    one, _ = built
    manifest = json.loads((one / "manifest.json").read_text(encoding="utf-8"))
    puzzles = {p["id"]: p for p in manifest["puzzles"]}
    checked = set()
    with pdfplumber.open(one / "book.pdf") as pdf:
        for number, page, grid in _labelled(pdf):
            p = puzzles[number]
            if "letters" not in p["section"].lower():
                continue
            n = round(len(p["givens"]) ** 0.5)
            text = _text(page, grid, n)
            answer = len(text) == n * n
            values = p["solution"] if answer else p["givens"]
            expected = {cell: LETTERS[int(v) - 1] for cell, v in enumerate(values)
                        if v not in ".0"}
            assert text == expected, (number, answer)
            checked.add((number, answer))
    assert {number for number, _ in checked} == {1, 2, 6}
    assert {answer for _, answer in checked} == {True, False}


def test_shapes_are_drawn_icons_one_signature_a_shape(built):
    one, _ = built
    manifest = json.loads((one / "manifest.json").read_text(encoding="utf-8"))
    puzzles = {p["id"]: p for p in manifest["puzzles"]}
    shape_of: dict[int, set[tuple[Any, ...]]] = defaultdict(set)
    grays: dict[bool, set[Any]] = defaultdict(set)
    grids = 0
    with pdfplumber.open(one / "book.pdf") as pdf:
        for number, page, grid in _labelled(pdf):
            p = puzzles[number]
            if "shapes" not in p["section"].lower():
                continue
            grids += 1
            n = round(len(p["givens"]) ** 0.5)
            assert not _text(page, grid, n), number  # no digits, no text at all
            ink = _ink(page, grid, n)
            answer = len(ink) == n * n
            values = p["solution"] if answer else p["givens"]
            drawn = {cell for cell, v in enumerate(values) if v not in ".0"}
            assert set(ink) == drawn, (number, answer)
            for cell in drawn:
                shape_of[int(values[cell])].add(_signature(ink[cell]))
                given = p["givens"][cell] not in ".0"
                grays[given] |= {gray for *_, gray in ink[cell]}
    assert grids == 8  # puzzles 3, 4, 5 and 7, and their answers
    # each value always drawn alike, and no two values alike: as many icons as symbols
    assert all(len(s) == 1 for s in shape_of.values()), shape_of
    assert len({next(iter(s)) for s in shape_of.values()}) == len(shape_of) == 6
    # givens black, the answers' filled-in shapes in the answer gray
    assert grays[True] == {0.0} and grays[False] and 0.0 not in grays[False]


def test_every_icon_differs_from_the_others_in_outline_and_in_fill_on_a_4x4_grid():
    assert len({icon.name for icon in ICONS}) == len(ICONS) == 6
    assert len({icon.fill for icon in ICONS[:4]}) == 4


def test_the_how_to_page_shows_the_books_shapes_and_names_them(built):
    one, _ = built
    with pdfplumber.open(one / "book.pdf") as pdf:
        page = next(p for p in pdf.pages if "How to play" in (p.extract_text() or "")
                    and "Solution" in p.extract_text())
        text = re.sub(r"\s+", " ", page.extract_text())
        grids = _grids(page)
        assert len(grids) == 2
        for grid in grids:
            assert not _text(page, grid, 6)
            assert _ink(page, grid, 6)
    assert "uses A to D" in text
    assert "uses the shapes circle, square, triangle, diamond, star, heart" in text


def test_the_puzzles_data_keeps_its_digits(built):
    one, _ = built
    lines = (one / "puzzles.txt").read_text(encoding="utf-8").splitlines()
    # a jigsaw's region layout follows its puzzle's line
    grids = [line.split()[0] for line in lines if "# regions" not in line]
    assert len(grids) == 7
    assert all(set(g) <= set(".123456") for g in grids), grids


def test_the_same_config_builds_the_same_bytes(built):
    one, two = built
    assert (one / "book.pdf").read_bytes() == (two / "book.pdf").read_bytes()


def test_digits_leave_a_books_hash_as_it_was_and_letters_change_it(tmp_path):
    def hashed(extra: str) -> str:
        path = tmp_path / f"{len(extra)}.yaml"
        path.write_text(f"title: T\nsections:\n  - {{name: S, size: 4, count: 1, "
                        f"difficulty: easy{extra}}}\n", encoding="utf-8")
        return load_config(path).config_hash

    plain = hashed("")
    assert hashed(", symbols: digits") == plain
    assert len({plain, hashed(", symbols: letters"), hashed(", symbols: shapes")}) == 3


def test_a_font_without_the_letters_is_refused_for_a_letters_section(tmp_path):
    face = TTFont(str(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"))
    cut = subset.Subsetter()
    cut.populate(unicodes=[c for c in face.getBestCmap() if chr(c) not in LETTERS])
    cut.subset(face)
    face.save(str(tmp_path / "NoCaps.ttf"))
    layout = f"layout: {{fonts: {{regular: {tmp_path / 'NoCaps.ttf'}, bold: VeraBd}}}}\n"
    for symbols, named in (("letters", True), ("digits", False)):
        config = _config(tmp_path, f"title: t\n{layout}sections:\n  - {{name: s, size: 6, "
                                   f"count: 1, difficulty: easy, symbols: {symbols}}}\n")
        err = refused(bookgen("validate", config, timeout=HOSTILE))
        assert ("sections[0].symbols: " in err) is named, err
