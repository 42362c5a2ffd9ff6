"""The teaching pages: the how-to example on the book's own grid size with its worked steps,
each solving tip's diagram a real step of the grader, tips kept whole on their pages, and
the new texts in every language.

One small book with tips (and one without) is built per module and read back from its PDF.
The worked steps and the diagrams are checked against the grader and, independently, by
plain peer counting and the puzzles' solutions.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from killer_maker import make_killer

from bookgen.book.config import load_config
from bookgen.book.config.templates import load_template
from bookgen.book.pipeline import Built, build_book
from bookgen.book.tips import book_tips
from bookgen.core import lang
from bookgen.core.grid import BOX_SHAPES, SYMBOLS, geometry
from bookgen.core.model import Book, BookPuzzle, BookSection, Family, StepDiagram, Tip
from bookgen.grade import grade
from bookgen.grade.board import Board
from bookgen.grade.killer_scale import grade_killer
from bookgen.grade.rating import rate_killer
from bookgen.grade.techniques.cage_sums import killer_board
from bookgen.render import diagram, teaching, tipsfit
from bookgen.render.geometry import PageKind, plan_book, tips_width
from bookgen.render.howto import (
    EXAMPLES,
    WorkedKind,
    example_side,
    example_size,
    worked_example,
)
from bookgen.render.writer import render_book

EMPTY = (0,) * 81

LANGUAGES = ("en", "de", "fr", "es", "it", "nl", "pt", "ja")
NEW_KEYS = ("howto.worked.intro", "howto.worked.box", "howto.worked.line", "howto.worked.naked",
            "tips.notation", "tips.candidates")

CONFIG = """\
title: Teaching
seed: 5
template: kdp-6x9-2up
workers: 1
front:
  title_page: false
  how_to_play: true
  tips: true
  contents: false
sections:
  - {name: Small, size: 6, count: 1, difficulty: easy}
  - {name: Easy, count: 2, difficulty: easy}
  - {name: Medium, count: 2, difficulty: medium}
  - {name: Hard, count: 3, difficulty: hard}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Built, Path]:
    folder = tmp_path_factory.mktemp("teaching")
    path = folder / "book.yaml"
    path.write_text(CONFIG, encoding="utf-8")
    made = build_book(load_config(path), progress=False)
    pdf = folder / "book.pdf"
    render_book(made.book, pdf)
    return made, pdf


def _pages_text(pdf: Path) -> list[str]:
    with pdfplumber.open(pdf) as doc:
        return [page.extract_text() or "" for page in doc.pages]


def _puzzles(book: Book) -> dict[int, BookPuzzle]:
    return {p.number: p for s in book.sections for p in s.puzzles}


# ---------------------------------------------------------------- the how-to pages


def _book_of(sizes: list[int]) -> Book:
    made = []
    for k, n in enumerate(sizes, 1):
        rows, cols = BOX_SHAPES[n]
        made.append(BookPuzzle(k, "S", "", rows, cols, (0,) * n * n, (0,) * n * n))
    return Book("T", "", "", "", (BookSection("S", tuple(made)),),
                template=load_template("letter-4up"))


@pytest.mark.parametrize(("sizes", "n"), [
    ([9, 9, 6], 9), ([6, 6, 9], 6), ([4], 4), ([16, 16], 16), ([12, 9, 12], 12), ([6, 9], 9),
])
def test_the_example_takes_the_books_most_common_size(sizes: list[int], n: int) -> None:
    assert example_size(_book_of(sizes), 468.0) == n  # a letter page's box
    assert worked_example(n).example.n == n


def test_an_example_too_fine_for_the_page_takes_a_smaller_size() -> None:
    """16x16 digits on a 6x9 page's example would go below 7 pt: its 12x12 example, or
    the 9x9 one, goes there instead."""
    book = _book_of([16, 16])
    n = example_size(book, 300.0)
    assert n < 16
    assert book.template.digit_scale * example_side(n, 300.0) / n >= 7.0


@pytest.mark.parametrize("n", sorted(EXAMPLES))
def test_each_worked_step_is_right_by_peer_counting(n: int) -> None:
    """The numbered steps, checked without the grader: the digit is the solution's; a
    hidden single's digit has no other place in its unit, a naked single's cell no other
    candidate, counting only the givens."""
    worked = worked_example(n)
    p = worked.example
    geo = geometry(n)
    assert all(g in (0, s) for g, s in zip(p.givens, p.solution, strict=True))

    def candidates(cell: int) -> set[int]:
        if p.givens[cell]:
            return set()
        return set(range(1, n + 1)) - {p.givens[q] for q in geo.peers[cell]}

    assert [k for k, _ in worked.steps] == list(WorkedKind)
    cells = [s.placed[0][0] for _, s in worked.steps]
    assert len(set(cells)) == 3
    for kind, step in worked.steps:
        (cell, digit), = step.placed
        assert p.solution[cell] == digit and digit in candidates(cell)
        if kind is WorkedKind.NAKED:
            assert candidates(cell) == {digit}
            continue
        unit = geo.units[step.units[0]]
        assert cell in unit
        assert [c for c in unit if digit in candidates(c)] == [cell]
        is_box = step.units[0] >= 2 * n
        assert is_box == (kind is WorkedKind.BOX)


def test_the_how_to_pages_show_the_books_own_size(built: tuple[Built, Path]) -> None:
    """A book of one 6x6 and seven 9x9 puzzles: the example and its solution are 9x9 (as
    many digits as the 9x9 example's givens and solution), the worked page names its steps."""
    made, pdf = built
    assert example_size(made.book, plan_book(made.book).box(1).width) == 9
    example = worked_example(9).example
    plan = plan_book(made.book)
    howto = [p.number for p in plan.pages if p.kind is PageKind.HOW_TO_PLAY]
    assert len(howto) == 2
    with pdfplumber.open(pdf) as doc:
        first = doc.pages[howto[0] - 1]
        label = next(w for w in first.extract_words()
                     if w["text"] == made.book.texts("example.puzzle"))
        bottom = made.book.template.page_height - plan.box(howto[0]).y  # above the footer
        digits = [ch for ch in first.chars if ch["text"] in SYMBOLS[:9]
                  and label["bottom"] < ch["top"] < bottom]
        assert len(digits) == sum(map(bool, example.givens)) + 81
        worked = doc.pages[howto[1] - 1].extract_text()
    flat = " ".join(worked.split())
    for number, (_, step) in enumerate(worked_example(9).steps, 1):
        (cell, digit), = step.placed
        name = made.book.texts("cell", row=cell // 9 + 1, col=cell % 9 + 1)
        assert f"{number}. " in flat and f"{name} = {digit}" in flat


# ---------------------------------------------------------------- the tips' diagrams


def _tips(built: tuple[Built, Path]) -> tuple[Tip, ...]:
    tips = built[0].book.tips
    assert len(tips) >= 4
    return tips


def test_each_diagram_is_a_step_the_grader_takes(built: tuple[Built, Path]) -> None:
    """Grading the tip's puzzle again finds the diagram's step (its cells, placements and
    eliminations, of the tip's family), on the very board the diagram draws; placements
    agree with the solution and no elimination removes the solution's digit."""
    made, _ = built
    puzzles = _puzzles(made.book)
    for tip in _tips(built):
        d = tip.diagram
        assert d is not None
        p = puzzles[tip.puzzle]
        geo = geometry(p.n)
        board = Board(p.givens, geo)
        for step in grade(p.givens, geo, p.solution).steps:
            drawn = step.technique.rule.draw(step, board.cands)
            if (step.technique.family is tip.family and drawn.cells == d.cells
                    and drawn.placed == d.placed and drawn.eliminated == d.eliminated):
                break
            board.apply(step)
        else:
            pytest.fail(f"the grader never takes the step of the {tip.family.value} diagram")
        assert (tuple(board.values), tuple(board.cands)) == (d.values, d.candidates)
        assert d.givens == p.givens
        assert d.placed or d.eliminated
        assert all(p.solution[c] == v for c, v in d.placed)
        assert all(p.solution[c] != v for c, v in d.eliminated)
        assert all(d.candidates[c] >> (v - 1) & 1 for c, v in (*d.eliminated, *d.circled))


def test_a_killer_diagram_is_a_step_of_the_killer_grader_with_its_cages() -> None:
    """A killer puzzle's tips: each diagram is a step grade_killer takes, on the board it
    leaves; the diagram carries the cages, shows the whole grid, and its candidates keep
    the least size below the sums."""
    cages, solution = make_killer(3)
    rating = rate_killer(EMPTY, cages)
    tips = book_tips([(1, rating, geometry(9), cages)], lang.Texts())
    assert Family.CAGE in {t.family for t in tips}
    steps = grade_killer(EMPTY, cages, tuple(solution)).steps
    for tip in tips:
        d = tip.diagram
        assert d is not None and d.cages == cages
        board, _ = killer_board(EMPTY, cages)
        for step in steps:
            drawn = step.technique.rule.draw(step, board.cands)
            if step.technique.family is tip.family and drawn.eliminated == d.eliminated \
                    and drawn.placed == d.placed and drawn.cells == d.cells:
                break
            board.apply(step)
        else:
            pytest.fail(f"the killer grader never takes the {tip.family.value} diagram's step")
        assert tuple(board.cands) == d.candidates
        assert all(solution[c] == v for c, v in d.placed)
        assert all(solution[c] != v for c, v in d.eliminated)
        f = diagram.fit(d, 468.0, 7.0)
        assert f is not None and len(f.window.rows) == len(f.window.cols) == 9
        assert diagram.candidate_size(d, f.cell, 7.0) >= 7.0 - 1e-9


def test_a_diagram_shows_every_cell_its_step_marks() -> None:
    """The window holds every marked cell, in whole bands (stacks when cropped)."""
    geo = geometry(9)
    puzzle = tuple(0 if ch == "." else int(ch) for ch in EXAMPLES[9][0])
    board = Board(puzzle, geo)
    step = grade(puzzle, geo).steps[0]
    drawn = step.technique.rule.draw(step, board.cands)
    d = StepDiagram(3, 3, geo.regions, puzzle, puzzle, tuple(board.cands), drawn.cells,
                    tuple(geo.units[drawn.units[0]]), drawn.candidates, (), drawn.placed)
    for stacks in (False, True):
        view = diagram.window(d, stacks)
        assert len(view.rows) % 3 == 0 and view.rows.start % 3 == 0
        assert all(c // 9 in view.rows and c % 9 in view.cols for c in diagram.marked_cells(d))
    assert len(diagram.window(replace(d, box_rows=0), False).rows) == 9


# ---------------------------------------------------------------- tips kept whole


def test_tips_never_split_and_fill_their_pages(built: tuple[Built, Path]) -> None:
    """Each tip's name, text and caption are on one page; the pages' text stays above the
    bottom margin; the first tip of a page would not have fitted on the page before."""
    made, pdf = built
    book = made.book
    texts = book.texts
    plan = plan_book(book)
    tips_pages = [p for p in plan.pages if p.kind is PageKind.TIPS]
    assert [t for p in tips_pages for t in p.tips] == list(book.tips)
    words = _pages_text(pdf)
    for page in tips_pages:
        on_page = " ".join(words[page.number - 1].split())
        for tip in page.tips:
            for text in (texts(f"technique.{tip.family.value}"), tip.example):
                assert " ".join(text.split()) in on_page, (page.number, text)
    t = book.template
    with pdfplumber.open(pdf) as doc:
        for page in tips_pages:
            box = plan.box(page.number)
            chars = [ch for ch in doc.pages[page.number - 1].chars
                     if ch["text"] != str(page.number)]
            assert max(ch["bottom"] for ch in chars) <= t.page_height - box.y + 0.5
    box = plan.box(tips_pages[0].number)
    room = box.height - plan.metrics.band
    width = tips_width(t)
    m = plan.metrics
    for before, after in zip(tips_pages, tips_pages[1:], strict=False):
        parts = tipsfit.page_parts(before.tips, before.first, texts, width, m.least_size,
                                   m.text_size, room)
        used = tipsfit.estimate(parts, width, m.text_size)
        here = tipsfit.tip_parts(after.tips[0], texts, width, m.least_size, m.text_size,
                                 room - used, room)
        assert here is None or used + tipsfit.end(tipsfit.estimate(here, width, m.text_size),
                                                  here[-1], m.text_size) > room


def test_tip_pages_pack_greedily() -> None:
    """With tips a third of a page each, three share a page and a fourth starts the next."""
    texts = lang.Texts()
    tip = Tip(Family.FISH, 0, "x")
    parts = tipsfit.tip_parts(tip, texts, 300, 7.0, 10.0, math.inf, math.inf)
    assert parts is not None
    one = tipsfit.estimate(parts, 300, 10.0)
    opening = tipsfit.estimate(tipsfit.opening_parts(texts, 300, 7.0), 300, 10.0)
    pages = tipsfit.tip_pages([tip] * 7, texts, 300, opening + 3 * one + 1, 10.0, 7.0)
    assert [len(p) for p in pages] == [3, 3, 1]


def test_the_same_book_twice_is_the_same_bytes(built: tuple[Built, Path], tmp_path: Path) -> None:
    made, pdf = built
    again = tmp_path / "again.pdf"
    render_book(made.book, again)
    assert again.read_bytes() == pdf.read_bytes()


def test_the_teaching_pages_are_gray_only(built: tuple[Built, Path]) -> None:
    made, pdf = built
    plan = plan_book(made.book)
    kinds = (PageKind.HOW_TO_PLAY, PageKind.TIPS)
    with pdfplumber.open(pdf) as doc:
        for page in (p for p in plan.pages if p.kind in kinds):
            drawn = doc.pages[page.number - 1]
            for obj in (*drawn.chars, *drawn.rects, *drawn.curves, *drawn.lines):
                for key in ("non_stroking_color", "stroking_color"):
                    colour = obj.get(key)
                    gray = colour is None or isinstance(colour, float | int) or len(colour) == 1
                    assert gray, (page.number, key, colour)
            widths = {round(o["linewidth"], 2) for o in (*drawn.lines, *drawn.curves)
                      if o.get("stroke")}
            assert min(widths) >= 0.75


# ---------------------------------------------------------------- every language


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_the_new_texts(code: str) -> None:
    texts = lang.Texts(code)
    english = lang.Texts()
    for key in NEW_KEYS:
        assert texts(key, number=1, unit="u", cell="c", digit="d", digits="x")
        if code != "en":
            assert texts(key, number=1, unit="u", cell="c", digit="d", digits="x") != english(
                key, number=1, unit="u", cell="c", digit="d", digits="x"), key
    for n in sorted(EXAMPLES):
        worked = teaching.worked_texts(n, texts)
        assert len(worked) == 4 and all(worked)
        (cell, digit), = worked_example(n).steps[2][1].placed
        row, col = divmod(cell, n)
        assert texts("cell", row=row + 1, col=col + 1) in worked[3]
        assert SYMBOLS[digit - 1] in worked[3]
    labels = teaching.notation_labels(texts)
    assert texts("cell", row=5, col=1) in labels[1] and "6" in labels[1]
    assert texts("cell", row=6, col=3) in labels[2] and "8" in labels[2]
