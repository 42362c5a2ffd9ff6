"""Killer pages: cage outlines as exact geometry, sums at each cage's first cell, the print
minimums for sums and dashes, the killer how-to page in every language, and the example
config.

The killer puzzles here are built by hand: cages whose sums come from a valid solution,
checked unique by the tests' own killer solver (shapes.count_killer, not bookgen's
kernels).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from shapes import count_killer

from bookgen.book.config.templates import load_template
from bookgen.core.errors import LayoutError
from bookgen.core.lang import Texts, languages
from bookgen.core.model import Band, Book, BookPuzzle, BookSection
from bookgen.core.rules import KILLER_DASH_PT, KILLER_SUM_PT
from bookgen.render.cage_outlines import (
    CLEAR_PT,
    DIGIT_HEIGHT,
    cage_fit,
    fit_problem,
    inset,
    knockout,
    outline,
    paths,
    sum_origin,
)
from bookgen.render.geometry import PageKind, cage_problem, plan_book
from bookgen.render.howto import killer_guide
from bookgen.render.writer import render_book
from bookgen.variants.killer.cages import Cage

ROOT = Path(__file__).resolve().parent.parent

SOLUTION = tuple(int(ch) for ch in
                 "145687329267319458398245167574123896619458273823796514456932781781564932932871645")
CAGE_CELLS = (
    (0, 1, 10, 11, 12), (2, 3, 4), (5, 14, 15), (6, 7, 16), (8, 17), (9, 18, 19, 27, 28),
    (13, 22), (20, 29, 30), (21,), (23, 24, 33, 34, 35), (25, 26), (31, 32, 40), (36, 37),
    (38, 39, 47), (41, 42, 50), (43, 44, 52), (45, 46), (48, 49), (51, 59, 60, 69),
    (53, 62, 71), (54, 55, 56, 57, 58), (61, 70), (63, 64, 72), (65, 66, 74),
    (67, 68, 75, 76), (73,), (77, 78), (79, 80),
)
"""A 9x9 killer on SOLUTION: 28 cages of one to five cells, unique without givens."""

CAGES = tuple(Cage(sum(SOLUTION[c] for c in cells), cells) for cells in CAGE_CELLS)
GIVENS = tuple(SOLUTION[c] if c in (10, 40) else 0 for c in range(81))


def killer(number: int = 1) -> BookPuzzle:
    return BookPuzzle(number, "Killer", "Hard", 3, 3, GIVENS, SOLUTION, Band.HARD, 3.2,
                      cages=CAGES)


def book(per_page: int = 4, answers: int = 9, count: int = 4, template: str = "letter-4up"
         ) -> Book:
    t = replace(load_template(template), puzzles_per_page=per_page, answers_per_page=answers)
    puzzles = tuple(killer(i + 1) for i in range(count))
    return Book("Killer", "", "", "", (BookSection("Killer", puzzles),), t)


# ---------------------------------------------------------------- the puzzle itself


@pytest.mark.slow
def test_the_hand_built_killer_is_a_real_unique_killer() -> None:
    covered = sorted(c for cage in CAGES for c in cage.cells)
    assert covered == list(range(81))
    for cage in CAGES:
        digits = [SOLUTION[c] for c in cage.cells]
        assert len(set(digits)) == len(digits)
        assert cage.total == sum(digits)
    for i in range(9):  # the solution is a sudoku solution
        assert len({SOLUTION[i * 9 + j] for j in range(9)}) == 9
        assert len({SOLUTION[j * 9 + i] for j in range(9)}) == 9
        assert len({SOLUTION[(i // 3 * 3 + j // 3) * 9 + i % 3 * 3 + j % 3]
                    for j in range(9)}) == 9
    assert count_killer((0,) * 81, [(c.total, c.cells) for c in CAGES]) == [list(SOLUTION)]


# ---------------------------------------------------------------- outline geometry


def test_l_shaped_cage_outline_and_inset() -> None:
    # (row 0, col 0), (row 1, col 0), (row 1, col 1): an L
    (loop,) = outline((0, 9, 10), 9)
    assert loop == ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (0, 2))
    assert inset(loop, 0.125) == ((0.125, 0.125), (0.875, 0.125), (0.875, 1.125),
                                  (1.875, 1.125), (1.875, 1.875), (0.125, 1.875))


def test_u_shaped_cage_outline_and_inset() -> None:
    # row 0: columns 0 and 2; row 1: columns 0 to 2 (a U open at the top, no hole)
    (loop,) = outline((0, 2, 9, 10, 11), 9)
    assert loop == ((0, 0), (1, 0), (1, 1), (2, 1), (2, 0), (3, 0), (3, 2), (0, 2))
    assert inset(loop, 0.125) == ((0.125, 0.125), (0.875, 0.125), (0.875, 1.125),
                                  (2.125, 1.125), (2.125, 0.125), (2.875, 0.125),
                                  (2.875, 1.875), (0.125, 1.875))


def test_a_ring_has_an_outer_loop_and_a_hole() -> None:
    outer, hole = outline((0, 1, 2, 9, 11, 18, 19, 20), 9)
    assert outer == ((0, 0), (3, 0), (3, 3), (0, 3))
    assert hole == ((1, 1), (1, 2), (2, 2), (2, 1))
    # the hole's outline moves out of the hole, into the cage
    assert inset(hole, 0.25) == ((0.75, 0.75), (0.75, 2.25), (2.25, 2.25), (2.25, 0.75))


def test_cells_touching_at_a_corner_get_separate_turns() -> None:
    # (0,0), (0,1), (1,1): the outline passes (1,1) once, and bends there
    (loop,) = outline((0, 1, 10), 9)
    assert loop == ((0, 0), (2, 0), (2, 2), (1, 2), (1, 1), (0, 1))


@pytest.mark.parametrize("cage", CAGES)
def test_paths_stay_inside_the_cage_and_clear_the_sum(cage: Cage) -> None:
    step = 28.0
    fit = cage_fit(step, 2.8, 16.8)
    width = 2 * 0.636 * fit.sum_size
    (path, *holes) = paths(cage, 9, fit, width)
    assert holes == []
    r0, c0 = divmod(cage.cells[0], 9)
    x0, y0 = c0 * step, r0 * step
    start, end = path[0], path[-1]
    # it opens at the sum's knock-out: from its right edge on the top dash line to its
    # bottom edge on the left one
    kx, ky, kw, kh = knockout(cage, 9, fit, width)
    assert start == pytest.approx((kx + kw, y0 + fit.inset))
    assert end == pytest.approx((x0 + fit.inset, ky + kh))
    assert kx + kw >= x0 + fit.corner + width + CLEAR_PT / 2
    assert ky + kh >= y0 + fit.corner + fit.sum_height
    origin = sum_origin(cage, 9, fit)
    assert origin == pytest.approx((x0 + fit.corner, y0 + fit.corner + fit.sum_height))
    cells = set(cage.cells)
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        assert ax == pytest.approx(bx) or ay == pytest.approx(by)  # axis-aligned
        for x, y in ((ax, ay), (bx, by), ((ax + bx) / 2, (ay + by) / 2)):
            r, c = int(y // step), int(x // step)
            assert r * 9 + c in cells
            # every point keeps the inset from the borders of the cells outside the cage
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                nr, nc = r + dr, c + dc
                if 0 <= nr < 9 and 0 <= nc < 9 and nr * 9 + nc in cells:
                    continue
                border = {(-1, 0): y - r * step, (1, 0): (r + 1) * step - y,
                          (0, -1): x - c * step, (0, 1): (c + 1) * step - x}[(dr, dc)]
                assert border >= fit.inset - 1e-9


# ---------------------------------------------------------------- minimums


@pytest.mark.parametrize("step", [12.0, 18.6, 21.6, 28.0, 51.5])
def test_sums_and_dashes_never_go_below_the_print_minimums(step: float) -> None:
    for heavy in (2.8, 1.5, 0.75):
        fit = cage_fit(step, heavy, 0.6 * step)
        assert fit.sum_size >= KILLER_SUM_PT and fit.line >= KILLER_DASH_PT
        assert fit.corner >= heavy / 2 + CLEAR_PT  # the sum keeps off the grid lines
        assert fit.inset - fit.line / 2 >= heavy / 2 + CLEAR_PT - 1e-9


@pytest.mark.parametrize("step", [20.2, 21.6, 28.0, 33.5, 51.5])
def test_digits_keep_below_the_sum_and_above_the_bottom_dash(step: float) -> None:
    fit = cage_fit(step, 1.5, 0.6 * step)
    assert fit_problem(fit, 7.0) is None
    top = step / 2 + fit.digit_drop - DIGIT_HEIGHT * fit.digit_size / 2
    bottom = step / 2 + fit.digit_drop + DIGIT_HEIGHT * fit.digit_size / 2
    assert top >= fit.band - 1e-9
    assert bottom <= step - fit.inset - fit.line / 2 - CLEAR_PT + 1e-9
    assert fit.digit_size <= 0.6 * step


def test_small_cells_are_refused() -> None:
    fit = cage_fit(15.5, 1.5, 9.3)  # 12 grids a letter page
    problem = fit_problem(fit, 7.0)
    assert problem and "cage sums" in problem


def test_killer_answers_need_no_more_room_than_classic_ones(tmp_path: Path) -> None:
    # answer grids show no cages: twelve a letter page print, as classic ones do
    render_book(book(answers=12), tmp_path / "k.pdf")
    assert (tmp_path / "k.pdf").exists()
    assert cage_problem(plan_book(book(answers=12)), 9) is None


def test_six_killers_a_page_on_a5_are_refused() -> None:
    with pytest.raises(LayoutError, match="killer 9x9 grids at puzzles_per_page"):
        plan_book(book(per_page=6, answers=4, template="a5-2up"))


# ---------------------------------------------------------------- the drawn pages


@pytest.fixture(scope="module")
def pdf(tmp_path_factory: pytest.TempPathFactory) -> tuple[Book, Path]:
    b = book()
    path = tmp_path_factory.mktemp("killer") / "killer.pdf"
    render_book(b, path)
    return b, path


def _grid_rects(page) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    """The grid borders: the thick square rectangles, top to bottom, left to right."""
    rects = [r for r in page.rects if r["width"] > 100 and abs(r["width"] - r["height"]) < 1]
    return sorted(rects, key=lambda r: (round(r["top"]), r["x0"]))


def test_every_sum_is_printed_at_its_cage_first_cell(pdf) -> None:  # type: ignore[no-untyped-def]
    b, path = pdf
    plan = plan_book(b)
    number = next(p.number for p in plan.pages if p.kind is PageKind.PUZZLES)
    with pdfplumber.open(path) as doc:
        page = doc.pages[number - 1]
        grids = _grid_rects(page)
        assert len(grids) == 4
        for grid in grids:
            step = grid["width"] / 9
            sums: dict[int, list] = {}  # type: ignore[type-arg]
            inside = [ch for ch in page.chars if grid["x0"] <= ch["x0"] <= grid["x1"]
                      and grid["top"] <= ch["top"] <= grid["bottom"]]
            least = min(ch["size"] for ch in inside)  # the sums: the smallest type
            assert max(ch["size"] for ch in inside) > 1.2 * least
            for ch in inside:
                if ch["size"] < least + 0.01:
                    cell = int((ch["top"] - grid["top"]) // step) * 9 + int(
                        (ch["x0"] - grid["x0"]) // step)
                    sums.setdefault(cell, []).append(ch)
            assert set(sums) == {cage.cells[0] for cage in CAGES}
            for cage in CAGES:
                chars = sorted(sums[cage.cells[0]], key=lambda ch: ch["x0"])
                assert "".join(ch["text"] for ch in chars) == str(cage.total)
                r, c = divmod(cage.cells[0], 9)
                # in the top-left corner: left half, top third of the cell
                assert chars[0]["x0"] - (grid["x0"] + c * step) < step / 4
                assert chars[0]["top"] - (grid["top"] + r * step) < step / 3
                assert all(ch["size"] >= KILLER_SUM_PT - 1e-6 for ch in chars)


def test_the_pages_carry_dashes_digits_and_the_killer_how_to(pdf) -> None:  # type: ignore[no-untyped-def]
    b, path = pdf
    plan = plan_book(b)
    how = [p for p in plan.pages if p.kind is PageKind.HOW_TO_PLAY]
    assert [p.cages for p in how] == [False, False, True]  # the general page, its example
    puzzles = next(p.number for p in plan.pages if p.kind is PageKind.PUZZLES)
    with pdfplumber.open(path) as doc:
        text = doc.pages[how[2].number - 1].extract_text()
        row, col = divmod(killer_guide().step_cell, 9)
        assert killer_guide().heading(b.texts) in text
        assert f"(row {row + 1}, column {col + 1})" in text
        page = doc.pages[puzzles - 1]
        dashed = [c for c in page.curves + page.lines if c.get("dash") and c["dash"][0]]
        assert dashed, "cage outlines are dashed"
        assert all(c["linewidth"] >= KILLER_DASH_PT for c in dashed)
        words = page.extract_words()
        # the two givens, at full digit size, in every grid
        big = [w for w in words if w["text"] in ("6", "5") and w["bottom"] - w["top"] > 10]
        assert len(big) == 2 * 4


# ---------------------------------------------------------------- how to play


@pytest.mark.parametrize("code", languages())
def test_every_language_has_the_killer_how_to(code: str) -> None:
    texts, english = Texts(code), Texts()
    for part in ("heading", "rules", "more", "step"):
        key = f"howto.killer.{part}"
        assert texts.template(key).strip()
        if code != "en":
            assert texts.template(key) != english.template(key), (code, key)


# ---------------------------------------------------------------- the example config


def test_the_example_killer_config_validates(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from bookgen.cli import main

    config = ROOT / "configs" / "killer.yaml"
    assert main(["validate", str(config), "-o", str(tmp_path / "out")]) == 0
    # validate knows the cages before they are made: four killers a 6x9 page are refused
    text = config.read_text(encoding="utf-8").replace(
        "template: letter-4up", "template: kdp-6x9-2up\nlayout:\n  puzzles_per_page: 4")
    small = tmp_path / "small.yaml"
    small.write_text(text, encoding="utf-8")
    capsys.readouterr()
    assert main(["validate", str(small), "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "killer 9x9 grids at puzzles_per_page 4" in err and "Traceback" not in err
