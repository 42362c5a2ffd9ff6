"""Killer pages read back from the PDF as a printer sees them: black dashed cage outlines of
0.75 pt or more, cell and box lines lighter than the outlines, sums of 8 pt or more on
white knock-outs, and answer grids without cages or sums, at each template size.

The puzzles are the product's own (make_killer), one small book per template, shared by
the tests of a template through a module-scoped fixture.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from bookgen.book.config.templates import load_template
from bookgen.core.model import Band, Book, BookPuzzle, BookSection, CageSpec
from bookgen.core.rules import KILLER_DASH_PT, KILLER_SUM_PT, Variant
from bookgen.make.generate import make_killer
from bookgen.render.cage_outlines import DIGIT_HEIGHT
from bookgen.render.geometry import PageKind, plan_book
from bookgen.render.writer import render_book

TEMPLATES = ("letter-4up", "kdp-6x9-2up", "kdp-8.5x11-1up")
"""Each killer puzzle size the templates print: 28, 27 and 51.5 pt cells."""

PUZZLES = 2


def _gray(colour: Any) -> float:
    """A gray level as pdfplumber reports it (a number, or a one-item tuple)."""
    return round(colour if isinstance(colour, (int, float)) else colour[0], 4)


def _puzzles() -> tuple[BookPuzzle, ...]:
    out = []
    for i in range(PUZZLES):
        made = make_killer(CageSpec(aim=Band.EASY), "print", i)
        out.append(BookPuzzle(i + 1, "Killer", "Easy", 3, 3, made.puzzle, made.solution,
                              Band.EASY, 1.2, Variant.KILLER, cages=made.cages))
    return tuple(out)


@pytest.fixture(scope="module", params=TEMPLATES)
def printed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[Book, Path]:
    t = replace(load_template(request.param), puzzles_per_page=min(
        PUZZLES, load_template(request.param).puzzles_per_page))
    book = Book("Killer", "", "", "", (BookSection("Killer", _puzzles()),), t)
    path = tmp_path_factory.mktemp("print") / f"{request.param}.pdf"
    render_book(book, path)
    return book, path


def _grids(page: Any) -> list[dict[str, Any]]:
    """The grid borders: stroked square rectangles of 100 pt or more, top to bottom."""
    rects = [r for r in page.rects if r["stroke"] and r["width"] > 100
             and abs(r["width"] - r["height"]) < 1]
    return sorted(rects, key=lambda r: (round(r["top"]), r["x0"]))


def _inside(objects: list[dict[str, Any]], grid: dict[str, Any], pad: float = 0.5
            ) -> list[dict[str, Any]]:
    return [o for o in objects if grid["x0"] - pad <= o["x0"] and o["x1"] <= grid["x1"] + pad
            and grid["top"] - pad <= o["top"] and o["bottom"] <= grid["bottom"] + pad]


def _pages(book: Book, kind: PageKind) -> list[int]:
    """The 0-based indices of the pages of a kind."""
    return [p.number - 1 for p in plan_book(book).pages if p.kind is kind]


def _glyph(ch: dict[str, Any], height: float) -> tuple[float, float, float, float]:
    """A digit's ink box (x0, top, x1, bottom), from its baseline and the digit height (0.73
    em): pdfplumber's own box runs from the font's ascent to its descent."""
    baseline = height - ch["matrix"][5]
    return ch["x0"], baseline - DIGIT_HEIGHT * ch["size"], ch["x1"], baseline


def _dashed(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [o for o in objects if o.get("dash") and o["dash"][0]]


def test_cage_outlines_are_black_dashes_of_the_print_minimum_or_more(printed) -> None:  # type: ignore[no-untyped-def]
    book, path = printed
    with pdfplumber.open(path) as pdf:
        for number in _pages(book, PageKind.PUZZLES):
            page = pdf.pages[number]
            for grid in _grids(page):
                dashes = _dashed(_inside(page.curves + page.lines, grid))
                assert len(dashes) >= 20  # one outline a cage, at least
                for d in dashes:
                    assert d["linewidth"] >= KILLER_DASH_PT - 1e-6
                    assert _gray(d["stroking_color"]) == 0.0


def test_cell_and_box_lines_are_lighter_than_the_cage_outlines(printed) -> None:  # type: ignore[no-untyped-def]
    book, path = printed
    with pdfplumber.open(path) as pdf:
        for number in _pages(book, PageKind.PUZZLES):
            page = pdf.pages[number]
            for grid in _grids(page):
                cage_width = min(d["linewidth"] for d in _dashed(
                    _inside(page.curves + page.lines, grid)))
                solid = [ln for ln in _inside(page.lines, grid) if not (ln.get("dash")
                                                                      and ln["dash"][0])]
                cells = [ln for ln in solid if ln["linewidth"] < cage_width]
                boxes = [ln for ln in solid if ln["linewidth"] >= cage_width]
                assert cells and boxes
                # thinner and gray: the cell lines
                assert all(_gray(ln["stroking_color"]) >= 0.4 for ln in cells)
                # heavier, but gray: the box lines, which a black dash crossing them outreads
                assert all(_gray(ln["stroking_color"]) >= 0.3 for ln in boxes)
                # the border alone stays black
                assert _gray(grid["stroking_color"]) == 0.0


def test_sums_are_8_pt_or_more_on_white_knock_outs(printed) -> None:  # type: ignore[no-untyped-def]
    book, path = printed
    with pdfplumber.open(path) as pdf:
        for planned in (p for p in plan_book(book).pages if p.kind is PageKind.PUZZLES):
            page = pdf.pages[planned.number - 1]
            for grid, puzzle in zip(_grids(page), planned.puzzles, strict=True):
                chars = _inside(page.chars, grid)
                assert len(chars) == sum(len(str(cage.total)) for cage in puzzle.cages)
                assert all(ch["size"] >= KILLER_SUM_PT - 1e-6 for ch in chars)
                knockouts = [r for r in _inside(page.rects, grid)
                             if r["fill"] and not r["stroke"]]
                assert len(knockouts) == len(puzzle.cages)
                assert all(_gray(r["non_stroking_color"]) == 1.0 for r in knockouts)
                # every figure sits on a knock-out, and the knock-out across the dashes
                for x0, top, x1, bottom in (_glyph(ch, page.height) for ch in chars):
                    assert any(r["x0"] < x0 and x1 < r["x1"] and r["top"] < top
                               and bottom < r["bottom"] for r in knockouts)
                step = grid["width"] / 9
                for r in knockouts:
                    # the knock-out stays inside its cell, clear of the grid lines
                    col = int((r["x0"] - grid["x0"]) // step)
                    row = int((r["top"] - grid["top"]) // step)
                    assert r["x1"] < grid["x0"] + (col + 1) * step
                    assert r["bottom"] < grid["top"] + (row + 1) * step


def test_no_dash_runs_under_a_sum(printed) -> None:  # type: ignore[no-untyped-def]
    book, path = printed
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[_pages(book, PageKind.PUZZLES)[0]]
        grid = _grids(page)[0]
        glyphs = [_glyph(ch, page.height) for ch in _inside(page.chars, grid)]
        for d in _dashed(_inside(page.curves + page.lines, grid)):
            for (ax, ay), (bx, by) in zip(d["pts"], d["pts"][1:], strict=False):
                # no stretch of an outline crosses a figure's ink box
                for x0, top, x1, bottom in glyphs:
                    assert not (min(ax, bx) < x1 and max(ax, bx) > x0
                                and min(ay, by) < bottom and max(ay, by) > top)


def test_answer_grids_show_digits_without_cages_or_sums(printed) -> None:  # type: ignore[no-untyped-def]
    book, path = printed
    found = 0
    with pdfplumber.open(path) as pdf:
        for number in _pages(book, PageKind.ANSWERS):
            page = pdf.pages[number]
            for grid in _grids(page):
                assert not _dashed(_inside(page.curves + page.lines, grid))
                chars = _inside(page.chars, grid)
                # the 81 digits of the solution, all one size: no sum among them
                assert len(chars) == 81
                assert len({round(ch["size"], 3) for ch in chars}) == 1
                assert not [r for r in _inside(page.rects, grid) if r["fill"]
                            and _gray(r["non_stroking_color"]) == 1.0]
                found += 1
    assert found == PUZZLES
