"""Large print everywhere, read back from built books: every text of a large-print book
(puzzles, answers, how to play, solving tips with their diagrams, a killer's cage sums)
at 16 pt or more, and validate refusing a large-print template whose cells cannot hold
16 pt sums; the German tips pages filled; the Japanese diagrams' givens in faux bold.

Books are built once per module from the example configs (large-print with every front
page, german, japanese) and a small large-print killer book with tips; sizes and
positions are read with pdfplumber, render modes from the content streams with pypdf.
"""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from conftest import missing_data
from test_lang import IPA_GOTHIC

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book, write_book
from bookgen.core.errors import ConfigError
from bookgen.core.model import Book
from bookgen.core.rules import LARGE_PRINT_TEXT_PT
from bookgen.render import diagram, tipsfit
from bookgen.render.geometry import LARGE_PRINT_TEMPLATE, Page, PageKind, Plan, plan_book

ROOT = Path(__file__).resolve().parent.parent
EPS = 0.01

EVERY_FRONT_PAGE = ("layout: {time_target: true, solved_box: true}\n"
                    "front: {title_page: true, belongs_to: true, how_to_play: true, "
                    "tips: true, scale: true, contents: true}\n")

KILLER = """\
title: Large Killer
seed: 8
template: letter-large-print
front: {how_to_play: true, tips: true, contents: true}
sections:
  - {name: Hard, variant: killer, count: 2, difficulty: hard}
"""


def _built(folder: Path, text: str) -> tuple[Book, Path]:
    """The book of the config `text`, made and written into `folder`."""
    config = folder / "book.yaml"
    config.write_text(text, encoding="utf-8")
    built = build_book(load_config(config, workers=1), progress=False)
    write_book(built, folder / "out")
    return built.book, folder / "out" / "book.pdf"


def _example(name: str) -> str:
    return (ROOT / "configs" / f"{name}.yaml").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Book, Path]]:
    return {"classic": _built(tmp_path_factory.mktemp("large"),
                              _example("large-print") + EVERY_FRONT_PAGE),
            "killer": _built(tmp_path_factory.mktemp("killer"), KILLER)}


def _tips_parts(plan: Plan, book: Book, page: Page) -> list[tipsfit.Part]:
    """A tips page's parts as the page draws them."""
    box, m = plan.box(page.number), plan.metrics
    return tipsfit.page_parts(page.tips, page.first, book.texts, box.width, m.least_size,
                              m.text_size, box.height - m.band)


def _diagrams(plan: Plan, book: Book, page: Page) -> list[tipsfit.Figure]:
    return [p for p in _tips_parts(plan, book, page)
            if isinstance(p, tipsfit.Figure) and p.fit is not None]


# ---------------------------------------------------------------- every text at 16 pt


@pytest.mark.parametrize("name", ["classic", "killer"])
def test_every_text_of_a_large_print_book_is_16_pt_or_more(books, name: str) -> None:  # type: ignore[no-untyped-def]
    book, path = books[name]
    plan = plan_book(book)
    kinds = set()
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == len(plan.pages)
        for page, read in zip(plan.pages, pdf.pages, strict=True):
            for c in read.chars:
                assert c["size"] >= LARGE_PRINT_TEXT_PT - EPS, (page.number, c["text"], c["size"])
            if read.chars:
                kinds.add(page.kind)
    assert {PageKind.HOW_TO_PLAY, PageKind.TIPS, PageKind.PUZZLES, PageKind.ANSWERS} <= kinds
    # the tips show diagrams, their candidates (and a killer's sums) among the texts read
    assert any(_diagrams(plan, book, p) for p in plan.pages if p.kind is PageKind.TIPS)


def test_a_killer_diagram_cuts_no_cage(books) -> None:  # type: ignore[no-untyped-def]
    """A killer diagram too wide for the page shows whole bands and stacks that hold each
    cage they touch whole, so every cage shown keeps its sum."""
    book, _ = books["killer"]
    plan = plan_book(book)
    windows = [f.fit.window for p in plan.pages if p.kind is PageKind.TIPS
               for f in _diagrams(plan, book, p) if f.fit is not None]
    assert windows and any(len(w.rows) < 9 or len(w.cols) < 9 for w in windows)
    for page in (p for p in plan.pages if p.kind is PageKind.TIPS):
        for f in _diagrams(plan, book, page):
            assert f.step is not None and f.fit is not None
            view, n = f.fit.window, f.step.n
            for cage in f.step.cages:
                inside = {c // n in view.rows and c % n in view.cols for c in cage.cells}
                assert len(inside) == 1, (page.number, cage)


def test_killer_sums_are_set_at_16_pt(books) -> None:  # type: ignore[no-untyped-def]
    """Each cage's sum is printed (one number a cage) at 16 pt or more."""
    book, path = books["killer"]
    plan = plan_book(book)
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            if page.kind is not PageKind.PUZZLES or not page.puzzles:
                continue
            chars = pdf.pages[page.number - 1].chars
            for slot, p in zip(plan.puzzle_slots, page.puzzles, strict=False):
                g = slot.grid
                top = book.template.page_height - g.y - g.height
                inside = [c for c in chars if top - EPS <= c["top"] <= top + g.height
                          and g.x - EPS <= c["x0"] <= g.x + g.width]
                sums = {round(c["size"], 2) for c in inside}
                assert len(p.cages) <= len(inside) and sums
                assert min(sums) >= LARGE_PRINT_TEXT_PT - EPS


def test_diagrams_too_fine_for_16_pt_are_left_out_or_cropped(books) -> None:  # type: ignore[no-untyped-def]
    """Each tip diagram of the large-print book has 16 pt candidates in a window that fits
    its page; a tip without one keeps its name, text and example."""
    book, path = books["classic"]
    plan = plan_book(book)
    text = "\n".join(p.extract_text() or "" for p in pypdf.PdfReader(path).pages)
    for page in (p for p in plan.pages if p.kind is PageKind.TIPS):
        for figure in _diagrams(plan, book, page):
            assert figure.step is not None and figure.fit is not None
            assert diagram.candidate_size(figure.step, figure.fit.cell, LARGE_PRINT_TEXT_PT) \
                >= LARGE_PRINT_TEXT_PT - 1e-9
            assert figure.fit.heading >= LARGE_PRINT_TEXT_PT
        for tip in page.tips:
            assert book.texts(f"technique.{tip.family.value}") in text


def test_validate_refuses_cells_too_small_for_16_pt_sums(tmp_path: Path) -> None:
    """Two killers a letter page leave 32 pt cells: room for 8 pt sums, not 16 pt ones."""
    template = (ROOT / "bookgen" / "templates" / f"{LARGE_PRINT_TEMPLATE}.yaml").read_text(
        encoding="utf-8").replace("puzzles_per_page: 1", "puzzles_per_page: 2")
    (tmp_path / "two-up.yaml").write_text(template, encoding="utf-8")
    config = tmp_path / "book.yaml"
    config.write_text(KILLER.replace("letter-large-print", "two-up.yaml"), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    message = str(e.value)
    assert "16 pt cage sums" in message and repr(LARGE_PRINT_TEMPLATE) in message
    # the same template without large print holds its 8 pt sums
    config.write_text(KILLER.replace("letter-large-print", "two-up.yaml") + "layout: "
                      "{large_print: false}\n", encoding="utf-8")
    load_config(config)


def test_the_same_large_print_killer_book_twice_is_the_same_bytes(books, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _, path = books["killer"]
    _, again = _built(tmp_path, KILLER)
    assert again.read_bytes() == path.read_bytes()


# ---------------------------------------------------------------- German tips pages


def _fill(read: pdfplumber.page.Page, plan: Plan, page: Page) -> float:
    """How much of a page's content box its drawing and text take, from the top down to
    the lowest mark above the bottom margin (the page number is below it)."""
    box = plan.box(page.number)
    height = float(read.height)
    top, bottom = height - box.y - box.height, height - box.y
    lowest = max(o["bottom"] for o in (*read.chars, *read.rects, *read.lines, *read.curves)
                 if o["bottom"] <= bottom + EPS)
    return (lowest - top) / box.height


def test_german_tips_pages_are_at_least_half_full(tmp_path: Path) -> None:
    book, path = _built(tmp_path, _example("german"))
    plan = plan_book(book)
    tips = [p for p in plan.pages if p.kind is PageKind.TIPS]
    assert len(tips) >= 2
    with pdfplumber.open(path) as pdf:
        fills = [_fill(pdf.pages[p.number - 1], plan, p) for p in tips]
    assert min(fills[:-1]) >= 0.5, fills
    # the first page holds a tip below the notation, its diagram in the step's bands
    assert tips[0].tips and _diagrams(plan, book, tips[0])


# ---------------------------------------------------------------- Japanese givens


def test_japanese_diagram_givens_are_faux_bold(tmp_path: Path) -> None:
    """Every given a tips page's diagrams show (the notation figure's too) is filled and
    stroked (text render mode 2): IPA Gothic has no bold weight."""
    if not IPA_GOTHIC.is_file():
        missing_data(f"the Japanese font {IPA_GOTHIC} (apt-get install fonts-ipafont-gothic)")
    book, path = _built(tmp_path, _example("japanese"))
    plan = plan_book(book)
    reader = pypdf.PdfReader(path)
    checked = 0
    for page in (p for p in plan.pages if p.kind is PageKind.TIPS):
        figures = [(p.step, p.fit) for p in _diagrams(plan, book, page)]
        if page.first:
            figures.append((diagram.NOTATION, tipsfit.notation_fit(plan.box(page.number).width,
                                                                   plan.metrics.least_size)))
        givens = sum(1 for d, f in figures if d is not None and f is not None
                     for r in f.window.rows for col in f.window.cols
                     if d.givens[r * d.n + col])
        stream = reader.pages[page.number - 1].get_contents()
        data = stream.get_data() if stream is not None else b""
        stroked = re.findall(rb"BT(?:(?!ET).)*? 2 Tr(?:(?!ET).)*?ET", data, re.S)
        digits = [b for b in stroked if re.search(rb"\(\d\) Tj", b)]
        assert len(digits) == givens, page.number
        checked += givens
    assert checked
