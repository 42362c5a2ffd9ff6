"""Each variant's how-to page on the book's own grid size: its examples (X, Windoku and
jigsaw by size, the 9x9 killer) are unique puzzles, the step the page works is the one the
grader finds and holds by counting, the page rings that cell and names it in the book's
language, and the page comes out the same twice.

Counting here reads the rules through the tests' own units (exact_cover.variant_units),
not bookgen's geometry; the killer's uniqueness comes from the tests' own killer solver.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from exact_cover import solutions_exact, variant_units
from shapes import count_killer
from test_variety import Grid

from bookgen.book.config import load_template
from bookgen.core.grid import BOX_SHAPES, geometry
from bookgen.core.lang import Texts, languages
from bookgen.core.model import Book, BookPuzzle, BookSection
from bookgen.core.rules import MIN_TEXT_PT, Variant
from bookgen.grade.board import Board
from bookgen.grade.techniques.cage_sums import innie_outie, killer_board
from bookgen.grade.techniques.singles import hidden_singles_box, hidden_singles_line
from bookgen.render.geometry import PageKind, plan_book
from bookgen.render.howto import example_side, guide, guide_size, killer_guide
from bookgen.render.teaching import STEP_RING_PT
from bookgen.render.writer import render_book

# multi-grid boards' pages: tests/test_samurai_book.py; the constraint kinds' (anti-knight
# to girandola): tests/test_constraint_howto.py
EXAMPLES = [(v, round(len(h.givens) ** 0.5)) for v in Variant for h in v.howto
            if v.value in ("x", "hyper", "jigsaw")]


def test_every_kind_has_its_sizes() -> None:
    assert sorted((v.value, n) for v, n in EXAMPLES) == [
        ("hyper", 9), ("jigsaw", 6), ("jigsaw", 9), ("x", 4), ("x", 6), ("x", 9)]
    assert all(n in v.sizes for v, n in EXAMPLES)


def _units(variant: Variant, n: int, regions: str | None
           ) -> tuple[list[set[int]], list[set[int]]]:
    """(the rows, columns and boxes, or a jigsaw grid's rows and columns; the variant's
    own units: diagonals, windows, regions)."""
    every = [set(u) for u in variant_units(n, variant.value, regions)]
    lines = [set(range(r * n, r * n + n)) for r in range(n)]
    lines += [set(range(c, n * n, n)) for c in range(n)]
    base = lines + ([set(u) for u in variant_units(n)[2 * n:]] if variant.boxes else [])
    return base, [u for u in every if u not in base]


@pytest.mark.parametrize(("variant", "n"), EXAMPLES)
def test_the_example_is_unique_and_of_its_size(variant: Variant, n: int) -> None:
    page = guide(variant, n)
    assert page is not None
    ex = page.example
    assert ex.n == n and ex.variant is variant and len(ex.givens) == n * n
    assert all(g in (0, s) for g, s in zip(ex.givens, ex.solution, strict=True))
    assert solutions_exact(ex.givens, Grid(n, variant, ex.regions), 2) == [ex.solution]


@pytest.mark.parametrize(("variant", "n"), EXAMPLES)
def test_the_step_is_the_graders_and_holds_by_counting(variant: Variant, n: int) -> None:
    page = guide(variant, n)
    assert page is not None
    ex, step = page.example, page.worked
    given = ex.givens
    cell, digit = step.cell, step.digit
    assert given[cell] == 0 and ex.solution[cell] == digit
    base, own = _units(variant, n, ex.regions)

    def sees(p: int, units: list[set[int]]) -> bool:
        return any(given[q] == digit for u in units if p in u for q in u)

    # the variant's own unit through the cell has one place for the digit, the cell; each
    # other empty cell of it sees the digit in its row, column or box (the words' claim)
    unit = next(u for u in own if cell in u and set(geometry(n, variant, ex.regions)
                                                    .units[step.unit]) == u)
    places = [p for p in unit if not given[p] and not sees(p, base + own)]
    assert places == [cell]
    assert all(sees(p, base) for p in unit if p != cell and not given[p])
    if variant.boxes:  # the classic grid alone does not give the cell a single
        left = {d for d in range(1, n + 1)
                if not any(given[q] == d for u in base if cell in u for q in u)}
        assert len(left) > 1
        for u in base:
            if cell in u:
                assert len([p for p in u if not given[p] and not sees(p, base)]) > 1
    # the grader finds it: a hidden single in that unit
    board = Board(given, geometry(n, variant, ex.regions))
    found = hidden_singles_box(board) + hidden_singles_line(board)
    assert any(s.placed == ((cell, digit),) and s.units == (step.unit,) for s in found)


@pytest.mark.slow
def test_the_killer_example_is_a_unique_9x9_killer() -> None:
    ex = killer_guide().example
    assert ex.n == 9 and not any(ex.givens)
    assert sorted(c for cage in ex.cages for c in cage.cells) == list(range(81))
    for cage in ex.cages:
        digits = [ex.solution[c] for c in cage.cells]
        assert len(set(digits)) == len(digits) and cage.total == sum(digits)
    assert count_killer(ex.givens, [(c.total, c.cells) for c in ex.cages]) == [
        list(ex.solution)]


def test_the_killer_step_is_the_graders_rule_of_45() -> None:
    page = killer_guide()
    ex, step = page.example, page.worked
    house = set(variant_units(9)[step.unit])
    inside = [cage for cage in ex.cages if set(cage.cells) <= house]
    # by counting: the cages wholly inside the house leave one cell of it, the step's
    left = house - {c for cage in inside for c in cage.cells}
    assert left == {step.cell}
    assert step.total == sum(cage.total for cage in inside)
    assert ex.solution[step.cell] == step.digit == 45 - step.total
    cage = next(cage for cage in ex.cages if step.cell in cage.cells)
    assert not set(cage.cells) <= house and cage.cells[0] != step.cell  # ring off the sum
    # the grader's first rule-of-45 step on the empty grid
    board, kg = killer_board(ex.givens, ex.cages)
    (first,) = innie_outie(board, kg)
    assert first.placed == ((step.cell, step.digit),) and first.units == (step.unit,)


@pytest.mark.parametrize("code", languages())
def test_every_language_names_the_cell_and_digit(code: str) -> None:
    texts = Texts(code)
    for page in [guide(v, n) for v, n in EXAMPLES] + [killer_guide()]:
        assert page is not None
        row, col = divmod(page.step_cell, page.example.n)
        worded = page.step(texts)
        numbers = [int(k) for k in re.findall(r"\d+", worded)]
        assert [row + 1, col + 1] == [k for k in numbers if k in (row + 1, col + 1)][-2:], \
            (code, page.key)
        assert numbers[-1] == page.worked.digit, (code, page.key)
        if page.key == "killer":
            assert str(page.worked.total) in worded and "45" in worded


# ---------------------------------------------------------------- the size a book gets


def _book(variant: Variant, sizes: list[int], template: str = "letter-4up") -> Book:
    """A book of blank puzzles of the kind, one per size listed."""
    puzzles = tuple(BookPuzzle(i + 1, "S", "Easy",
                               *(BOX_SHAPES[n] if variant.boxes else (0, 0)),
                               (0,) * n * n, (0,) * n * n, variant=variant)
                    for i, n in enumerate(sizes))
    return Book("T", "", "", "", (BookSection("S", puzzles),), load_template(template))


@pytest.mark.parametrize(("variant", "sizes", "want"), [
    (Variant.X, [9, 9, 6], 9), (Variant.X, [6, 6, 9], 6), (Variant.X, [4], 4),
    (Variant.X, [16, 16], 9), (Variant.X, [12], 9), (Variant.JIGSAW, [8, 8], 6),
    (Variant.JIGSAW, [9], 9), (Variant.HYPER, [9], 9),
])
def test_the_page_takes_the_books_own_size(variant: Variant, sizes: list[int],
                                           want: int) -> None:
    book = _book(variant, sizes)
    assert guide_size(book, variant, 504.0) == want


def test_a_narrow_box_falls_back_to_a_smaller_example() -> None:
    book = _book(Variant.X, [9])
    scale = book.template.digit_scale
    # the widest box in which a 9x9 example's digits fall below the least size
    width = MIN_TEXT_PT * 9 / (scale * example_side(9, 1.0)) * 0.99
    assert scale * example_side(9, width) / 9 < MIN_TEXT_PT
    assert guide_size(book, Variant.X, width) == 6


# ---------------------------------------------------------------- the pages printed


def _printed(code: str) -> Book:
    """A book of the X 9x9 example and the killer example, as puzzles, in a language."""
    x = guide(Variant.X, 9)
    assert x is not None
    puzzles = (replace(x.example, number=1, section="X", difficulty="Easy"),
               replace(killer_guide().example, number=2, section="K", difficulty="Easy"))
    return Book("T", "", "", "", tuple(BookSection(p.section, (p,)) for p in puzzles),
                load_template("letter-4up"), texts=Texts(code))


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for code, name in (("en", "en"), ("de", "de"), ("en", "again")):
        out[name] = tmp_path_factory.mktemp(name) / "book.pdf"
        render_book(_printed(code), out[name])
    return out


def test_the_same_book_twice_gives_the_same_bytes(printed: dict[str, Path]) -> None:
    assert printed["en"].read_bytes() == printed["again"].read_bytes()
    assert printed["en"].read_bytes() != printed["de"].read_bytes()


@pytest.mark.parametrize(("code", "cell"), [("en", "(row {r}, column {c})"),
                                            ("de", "(Zeile {r}, Spalte {c})")])
def test_the_pages_name_and_ring_the_cell(printed: dict[str, Path], code: str,
                                          cell: str) -> None:
    book = _printed(code)
    plan = plan_book(book)
    pages = {("killer" if p.cages else p.variant.value): p.number for p in plan.pages
             if p.kind is PageKind.HOW_TO_PLAY and (p.cages or p.variant)}
    assert set(pages) == {"x", "killer"}
    with pdfplumber.open(printed[code]) as pdf:
        for key, number in pages.items():
            page = killer_guide() if key == "killer" else guide(Variant.X, 9)
            assert page is not None
            n = page.example.n
            r, c = divmod(page.step_cell, n)
            sheet = pdf.pages[number - 1]
            text = " ".join(sheet.extract_text().split())
            assert cell.format(r=r + 1, c=c + 1) in text, (code, key)
            # the ring sits in the step's cell of the puzzle grid (the one with the
            # heavy border, left), the step's digit in gray inside it
            grid = min((g for g in sheet.rects if g["linewidth"] >= 2 and g["width"] > 100),
                       key=lambda g: g["x0"])
            (ring,) = [k for k in sheet.curves if k["linewidth"] == pytest.approx(STEP_RING_PT)]
            step = grid["width"] / n
            mid_x, mid_y = (ring["x0"] + ring["x1"]) / 2, (ring["top"] + ring["bottom"]) / 2
            assert (int((mid_y - grid["top"]) // step), int((mid_x - grid["x0"]) // step)) \
                == (r, c)
            digit = [ch for ch in sheet.chars if ring["x0"] < ch["x0"] < ring["x1"]
                     and ring["top"] < ch["top"] < ring["bottom"]]
            assert [ch["text"] for ch in digit] == [str(page.worked.digit)]
            assert digit[0]["non_stroking_color"][0] == pytest.approx(
                book.template.answer_gray)
