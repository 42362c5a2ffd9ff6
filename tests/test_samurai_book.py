"""Samurai books: `variant: samurai` sections from config to the printed page.

One small book with two samurai sections is built once and read back with pdfplumber:
one 21x21 board a page with cells of at least 0.3 in, each of its five grids framed by one
thick rectangle, every edge of the board stroked once (the shared boxes not twice), the
answer key two or four boards a page. The how-to pages' examples (samurai and twin) are
unique by the tests' own exact cover of the boards' grids, their step holds by counting,
and the page prints in every language. validate refuses a trim too small for the board,
naming the page sizes that fit.

The board's units here are written from the rules alone: grids at the origins the issue
gives, each grid's rows, columns and 3x3 boxes over board positions (row * side + col).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from exact_cover import solutions_exact

from bookgen.book.config import load_config, load_template
from bookgen.book.pipeline import build_book, built_book, write_book
from bookgen.core.errors import ConfigError
from bookgen.core.grid import geometry
from bookgen.core.lang import Texts, languages
from bookgen.core.model import Book, BookPuzzle, BookSection
from bookgen.core.rules import MIN_CELL_PT, Variant
from bookgen.render.geometry import PageKind, plan_book
from bookgen.render.howto import guide
from bookgen.render.teaching import STEP_RING_PT
from bookgen.render.writer import render_book

ORIGINS = {"samurai": (21, ((0, 0), (0, 12), (12, 0), (12, 12), (6, 6))),
           "twin": (15, ((0, 0), (6, 6)))}
"""Each kind's board side and grid origins (row, column), as the issue states them."""

IPA_GOTHIC = Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf")
"""A font with kana and kanji, for the Japanese pages."""

BOOK = """\
title: Samurai Test
seed: 3
template: kdp-8.5x11-1up
front:
  how_to_play: true
sections:
  - {name: First, variant: samurai, count: 1, difficulty: easy}
  - {name: Second, variant: samurai, count: 1, difficulty: easy}
"""


# ---------------------------------------------------------------- the rules, from scratch


def board_units(kind: str) -> tuple[list[int], list[list[int]]]:
    """(the board positions some grid covers, ascending; every unit of every grid as
    board positions)."""
    side, origins = ORIGINS[kind]
    units = []
    for r0, c0 in origins:
        units += [[(r0 + r) * side + c0 + c for c in range(9)] for r in range(9)]
        units += [[(r0 + r) * side + c0 + c for r in range(9)] for c in range(9)]
        units += [[(r0 + br + r) * side + c0 + bc + c for r in range(3) for c in range(3)]
                  for br in (0, 3, 6) for bc in (0, 3, 6)]
    return sorted({p for u in units for p in u}), units


def solutions(givens: tuple[int, ...], kind: str, limit: int = 2) -> list[tuple[int, ...]]:
    """Up to `limit` solutions of a board's cells (in ascending position order), by the
    tests' exact cover, written from the grid origins and the 9x9 rules alone."""
    return solutions_exact(givens, geometry(9, Variant.parse(kind)), limit)


# ---------------------------------------------------------------- the book, built once


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("samurai")
    config = folder / "book.yaml"
    config.write_text(BOOK, encoding="utf-8")
    book = build_book(load_config(config, workers=1), progress=False)
    write_book(book, folder / "out")
    return book.book, folder / "out" / "book.pdf"


def _pages(built, kind: PageKind) -> list[int]:  # type: ignore[no-untyped-def]
    book, _ = built
    return [p.number for p in plan_book(book).pages if p.kind is kind]


def _frames(sheet, width: float) -> list[dict[str, float]]:  # type: ignore[no-untyped-def]
    """The stroked rectangles of one 9x9 grid's outline at line width `width`."""
    return sorted((r for r in sheet.rects if r["stroke"] and r["linewidth"] == pytest.approx(width)
                   and r["width"] > 50 and abs(r["width"] - r["height"]) < 0.01),
                  key=lambda r: (round(r["top"]), r["x0"]))


def test_every_board_is_a_samurai_whose_solution_is_unique(built) -> None:  # type: ignore[no-untyped-def]
    book, _ = built
    puzzles = [p for s in book.sections for p in s.puzzles]
    assert [len(s.puzzles) for s in book.sections] == [1, 1]
    for p in puzzles:
        assert p.variant.name == "samurai"
        assert len(p.givens) == 369
        assert solutions(p.givens, "samurai") == [p.solution]


def test_manifest_and_puzzles_txt_write_the_whole_board_and_read_back(built) -> None:  # type: ignore[no-untyped-def]
    book, pdf = built
    folder = pdf.parent
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    lines = (folder / "puzzles.txt").read_text(encoding="utf-8").splitlines()
    positions, _ = board_units("samurai")
    puzzles = [p for s in book.sections for p in s.puzzles]
    for entry, line, p in zip(manifest["puzzles"], lines, puzzles, strict=True):
        for text, values in ((entry["givens"], p.givens), (entry["solution"], p.solution),
                             (line.split()[0], p.givens)):
            assert len(text) == 441
            assert [i for i, ch in enumerate(text) if ch != "-"] == positions
            assert [0 if ch == "." else int(ch) for ch in text if ch != "-"] == list(values)
    # the cover command reads the book back from its manifest
    cfg = load_config(folder.parent / "book.yaml", workers=1)
    again = built_book(cfg, folder)
    assert not isinstance(again, str)
    assert [p.givens for s in again[0].sections for p in s.puzzles] == [p.givens for p in puzzles]


def test_one_board_a_page_each_grid_framed_thick_with_cells_to_write_in(built) -> None:  # type: ignore[no-untyped-def]
    book, pdf = built
    t = book.template
    side, origins = ORIGINS["samurai"]
    pages = _pages(built, PageKind.PUZZLES)
    assert len(pages) == 2
    with pdfplumber.open(pdf) as doc:
        for number in pages:
            sheet = doc.pages[number - 1]
            frames = _frames(sheet, t.lines.border)
            assert len(frames) == len(origins)  # five grids, one board
            cell = frames[0]["width"] / 9
            assert cell >= MIN_CELL_PT
            left = min(f["x0"] for f in frames)
            top = min(f["top"] for f in frames)
            # each frame where its grid lies, and the board's square 21 cells wide
            got = sorted((round((f["top"] - top) / cell), round((f["x0"] - left) / cell))
                         for f in frames)
            assert got == sorted(origins)
            assert max(f["x1"] for f in frames) - left == pytest.approx(side * cell, abs=0.01)
            # the frame is the heaviest line: box borders lighter, cell lines lighter still
            assert t.lines.border > t.lines.box > t.lines.cell
            assert "Puzzle" in sheet.extract_text()


def _edges(sheet, left: float, top: float, cell: float) -> Counter[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    """How many times each unit edge of the board is stroked: ('h', row line, column) or
    ('v', column line, row), from every stroked segment and rectangle side."""
    segments = [(ln["x0"], ln["top"], ln["x1"], ln["bottom"]) for ln in sheet.lines]
    for r in sheet.rects:
        if r["stroke"]:
            x0, y0, x1, y1 = r["x0"], r["top"], r["x1"], r["bottom"]
            segments += [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1)]
    count: Counter[tuple[str, int, int]] = Counter()
    for x0, y0, x1, y1 in segments:
        a, b = (x0 - left) / cell, (y0 - top) / cell
        c, d = (x1 - left) / cell, (y1 - top) / cell
        if abs(b - d) < 1e-3:  # horizontal
            for k in range(round(min(a, c)), round(max(a, c))):
                count["h", round(b), k] += 1
        elif abs(a - c) < 1e-3:
            for k in range(round(min(b, d)), round(max(b, d))):
                count["v", round(a), k] += 1
    return count


def test_every_edge_of_the_board_is_stroked_once(built) -> None:  # type: ignore[no-untyped-def]
    book, pdf = built
    positions, _ = board_units("samurai")
    side = ORIGINS["samurai"][0]
    inside = set(positions)
    want = set()
    for p in inside:  # the four edges of every covered cell
        r, c = divmod(p, side)
        want |= {("h", r, c), ("h", r + 1, c), ("v", c, r), ("v", c + 1, r)}
    with pdfplumber.open(pdf) as doc:
        sheet = doc.pages[_pages(built, PageKind.PUZZLES)[0] - 1]
        frames = _frames(sheet, book.template.lines.border)
        cell = frames[0]["width"] / 9
        edges = _edges(sheet, min(f["x0"] for f in frames), min(f["top"] for f in frames),
                       cell)
    assert set(edges) == want  # nothing outside the grids
    assert {e for e, k in edges.items() if k > 1} == set()  # the shared boxes once too
    # the shared box the top-left grid gives the centre: its inner lines thin, drawn once
    assert edges["h", 7, 7] == edges["v", 7, 7] == 1


def test_the_answer_key_holds_two_or_four_boards_a_page(built) -> None:  # type: ignore[no-untyped-def]
    book, pdf = built
    plan = plan_book(book)
    assert len(plan.board_answer_slots) in (2, 4)
    (number,) = _pages(built, PageKind.ANSWERS)
    with pdfplumber.open(pdf) as doc:
        frames = _frames(doc.pages[number - 1], book.template.lines.answer_box)
    assert len(frames) == 2 * 5  # the book's two boards, five grids each


def test_validate_refuses_a_trim_too_small_and_names_one_that_fits(tmp_path: Path) -> None:
    config = tmp_path / "book.yaml"
    config.write_text(BOOK.replace("kdp-8.5x11-1up", "kdp-6x9-2up"), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    assert "0.3 in" in str(e.value) and "letter" in str(e.value) and "a4" in str(e.value)
    run = subprocess.run([sys.executable, "-m", "bookgen", "validate", str(config)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "sections[0].variant: a samurai board" in run.stderr
    assert "page_size it fits on: letter, 8.5x11, a4" in run.stderr


def test_large_print_asks_for_a_larger_page_not_fewer_boards(tmp_path: Path) -> None:
    config = tmp_path / "book.yaml"
    config.write_text(BOOK.replace("kdp-8.5x11-1up", "letter-large-print"), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    assert "sections[0].variant: samurai boards get " in str(e.value)
    assert "pt digits at 1 a page with template 'letter-large-print'; expected at least " \
        "16 pt (a larger page_size or digit_scale under layout)" in str(e.value)
    assert "puzzles_per_page" not in str(e.value)


def test_a_symmetry_that_moves_the_board_off_itself_is_refused(tmp_path: Path) -> None:
    config = tmp_path / "book.yaml"
    config.write_text(BOOK.replace("variant: samurai, count: 1,",
                                   "variant: twin, symmetry: mirror, count: 1,", 1),
                      encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    assert "symmetry 'mirror' does not map the twin board onto itself: expected one of " \
        "none, rotational, diagonal, antidiagonal" in str(e.value)


# ---------------------------------------------------------------- the how-to pages


@pytest.mark.parametrize("kind", sorted(ORIGINS))
def test_the_example_is_unique_and_its_step_needs_the_shared_box(kind: str) -> None:
    page = guide(Variant.parse(kind), 9)
    assert page is not None
    ex = page.example
    assert solutions(ex.givens, kind) == [ex.solution]
    positions, units = board_units(kind)
    side, origins = ORIGINS[kind]
    cell, digit = page.worked.cell, page.worked.digit
    given = dict(zip(positions, ex.givens, strict=True))
    at = positions[cell]
    assert given[at] == 0 and ex.solution[cell] == digit
    grids = [set(units[27 * g]).union(*units[27 * g + 1 : 27 * g + 27])
             for g in range(len(origins))]
    box = next(u for u in units if at in u and len(u) == 9
               and sum(set(u) <= grid for grid in grids) == 2)  # a shared box

    def sees(p: int, grids_read: list[int]) -> bool:
        return any(given[q] == digit for g in grids_read
                   for u in units[27 * g : 27 * g + 27] if p in u for q in u)

    every = list(range(len(origins)))
    # on the board every other empty cell of the box sees the digit: one place left
    assert [p for p in box if not given[p] and not sees(p, every)] == [at]
    # the grid the words name (the first holding the cell) alone leaves more than one
    own = next(g for g, grid in enumerate(grids) if at in grid)
    assert len([p for p in box if not given[p] and not sees(p, [own])]) > 1


def _howto_book(code: str) -> Book:
    """A book of the samurai and twin examples as puzzles, in a language."""
    puzzles = []
    for number, kind in enumerate(("samurai", "twin"), 1):
        page = guide(Variant.parse(kind), 9)
        assert page is not None
        puzzles.append(replace(page.example, number=number, section=kind, difficulty="Easy"))
    template = load_template("kdp-8.5x11-1up")
    if code == "ja":  # the book fonts of a Japanese book (Vera has no kana)
        if not IPA_GOTHIC.is_file():
            from conftest import missing_data

            missing_data(f"the Japanese font {IPA_GOTHIC} (apt-get install "
                         "fonts-ipafont-gothic)")
        template = replace(template, font=str(IPA_GOTHIC), font_bold=str(IPA_GOTHIC))
    return Book("T", "", "", "", tuple(BookSection(p.section, (p,)) for p in puzzles),
                template, texts=Texts(code))


@pytest.mark.parametrize("code", languages())
def test_the_how_to_pages_print_in_every_language(code: str, tmp_path: Path) -> None:
    book = _howto_book(code)
    texts = book.texts
    plan = plan_book(book)
    pages = {p.variant.value: p.number for p in plan.pages
             if p.kind is PageKind.HOW_TO_PLAY and p.variant}
    assert set(pages) == {"samurai", "twin"}
    out = tmp_path / "book.pdf"
    render_book(book, out)
    with pdfplumber.open(out) as doc:
        for kind, number in pages.items():
            page = guide(Variant.parse(kind), 9)
            assert page is not None
            sheet = doc.pages[number - 1]
            text = "".join(sheet.extract_text().split())
            for words in (texts(f"howto.{kind}.heading"), *page.rules(texts), page.step(texts)):
                assert "".join(words.split()) in text, (code, kind)
            grid = texts(f"board.{_grid_key(page.example, page.worked.cell)}")
            assert grid in page.step(texts)
            # the ring in the step's cell, the digit in it
            (ring,) = [k for k in sheet.curves if k["linewidth"] == pytest.approx(STEP_RING_PT)]
            digit = [ch["text"] for ch in sheet.chars if ring["x0"] < ch["x0"] < ring["x1"]
                     and ring["top"] < ch["top"] < ring["bottom"]]
            assert digit == [str(page.worked.digit)]


def _grid_key(example: BookPuzzle, cell: int) -> str:
    """The language key's tail of the grid a cell is named in (its first grid)."""
    side, origins = ORIGINS[example.variant.name]
    positions, _ = board_units(example.variant.name)
    r, c = divmod(positions[cell], side)
    names = ("top_left", "top_right", "bottom_left", "bottom_right", "centre") \
        if len(origins) == 5 else ("top_left", "bottom_right")
    return next(name for name, (r0, c0) in zip(names, origins, strict=True)
                if r0 <= r < r0 + 9 and c0 <= c < c0 + 9)


# ---------------------------------------------------------------- plans of mixed books


def _blank(number: int, kind: str) -> BookPuzzle:
    variant = Variant.parse(kind)
    blank = (0,) * variant.cell_count(9)
    return BookPuzzle(number, kind, "Easy", 3, 3, blank, blank, variant=variant)


@pytest.mark.parametrize(("kinds", "answers"), [
    (["samurai", "samurai"], 2), (["twin"] * 5, 4), (["twin", "samurai"], 2)])
def test_boards_take_pages_of_their_own_among_classic_grids(kinds: list[str],
                                                            answers: int) -> None:
    order = ["classic"] * 5 + kinds + ["classic"] * 3
    puzzles = [_blank(i, kind) for i, kind in enumerate(order, 1)]
    sections = tuple(BookSection(f"S{i}", (p,)) for i, p in enumerate(puzzles))
    book = Book("T", "", "", "", sections, load_template("letter-4up"))
    plan = plan_book(book)
    assert len(plan.board_answer_slots) == answers
    for kind, per_page, slots in ((PageKind.PUZZLES, 1, plan.board_slots),
                                  (PageKind.ANSWERS, answers, plan.board_answer_slots)):
        pages = [p for p in plan.pages if p.kind is kind]
        # every puzzle once, in order; a page holds boards alone or grids alone
        assert [q.number for p in pages for q in p.puzzles] == list(range(1, len(order) + 1))
        for p in pages:
            boards = {q.variant.board is not None for q in p.puzzles}
            assert len(boards) == 1
            if boards == {True}:
                assert len(p.puzzles) <= per_page and plan.slots(p) == slots
    # the boards' slots give cells to write in (puzzles) and 7 pt digits (answers)
    assert plan.board_slots[0].grid.width / max(q.across for q in puzzles) >= MIN_CELL_PT
    assert book.template.digit_scale * plan.board_answer_slots[0].grid.width \
        / max(q.across for q in puzzles) >= 7
