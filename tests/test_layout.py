"""The PDF layout, read back: pages, margins, every digit in its cell, the answer key,
gray-only content, embedded fonts, line widths and type sizes, reproducible bytes.

Books are built from pattern solutions (a valid grid of any size) with cells blanked at
random; uniqueness is not the layout's concern.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pikepdf
import pypdf
import pypdfium2
import pytest

from bookgen.core.errors import LayoutError
from bookgen.core.grid import SYMBOLS, geometry
from bookgen.core.model import Book, BookPuzzle, BookSection, FrontMatter, LineWeights, Template
from bookgen.core.rules import MIN_PAGES
from bookgen.render import writer as render_module
from bookgen.render.geometry import (
    PageKind,
    Plan,
    arrangement,
    content_box,
    digit_size,
    plan_book,
    plan_pages,
)
from bookgen.render.writer import render_book

LETTER = {"page_width": 612.0, "page_height": 792.0}
SIX_NINE = {"page_width": 432.0, "page_height": 648.0}
A5 = {"page_width": 419.53, "page_height": 595.28}

SHAPES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 12: (3, 4), 16: (4, 4)}


def solved(box_rows: int, box_cols: int) -> tuple[int, ...]:
    """A valid solution of any size: each row is the previous one shifted."""
    n = box_rows * box_cols
    return tuple(
        (box_cols * (r % box_rows) + r // box_rows + c) % n + 1 for r in range(n) for c in range(n)
    )


def make_book(
    template: Template,
    sections: tuple[tuple[str, int, int], ...] = (("Easy", 9, 5), ("Hard", 9, 4)),
    copyright: str = "Copyright 2026 Ann Author",
    front: FrontMatter | None = None,
) -> Book:
    """sections: (name, n, count); puzzles numbered through the book, 40% of cells kept."""
    rng = random.Random(7)
    out, number = [], 1
    for name, n, count in sections:
        rows, cols = SHAPES[n]
        puzzles = []
        for _ in range(count):
            solution = solved(rows, cols)
            givens = tuple(v if rng.random() < 0.4 else 0 for v in solution)
            puzzles.append(BookPuzzle(number, name, name, rows, cols, givens, solution))
            number += 1
        out.append(BookSection(name, tuple(puzzles)))
    return Book(
        "Sudoku Test Book",
        "Graded puzzles",
        "Ann Author",
        copyright,
        tuple(out),
        template,
        front or FrontMatter(),
    )


MIXED = (("Tiny", 4, 3), ("Easy", 9, 5), ("Six", 6, 2), ("Twelve", 12, 2), ("Giant", 16, 2))


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Book, Plan, Path, int]:
    """A letter 4-up book with every grid size, written once for the read-back tests."""
    # a gutter wider than the outside margin, so that mirrored pages differ
    book = make_book(Template("letter-4up", **LETTER, gutter=45.0), MIXED)
    path = tmp_path_factory.mktemp("book") / "book.pdf"
    pages = render_book(book, path)
    return book, plan_book(book), path, pages


@pytest.fixture(scope="module")
def plumbed(mixed: tuple[Book, Plan, Path, int]):  # type: ignore[no-untyped-def]
    with pdfplumber.open(mixed[2]) as pdf:
        yield pdf


def test_fixture_solutions_are_valid() -> None:
    for n, (rows, cols) in SHAPES.items():
        grid = solved(rows, cols)
        for unit in geometry(n).units:
            assert sorted(grid[c] for c in unit) == list(range(1, n + 1))


# ------------------------------------------------------------------ pure geometry


@pytest.mark.parametrize("number", [1, 2, 3, 10])
def test_content_box_is_mirrored(number: int) -> None:
    t = Template("t", **LETTER, margin_outside=30.0)
    box = content_box(t, 40.0, number)
    left, right = box.x, t.page_width - box.right
    assert (left, right) == ((40.0, 30.0) if number % 2 else (30.0, 40.0))
    assert box.y == t.margin_bottom and t.page_height - box.top == t.margin_top


@pytest.mark.parametrize(
    ("page", "per_page", "side", "within"),
    [
        (LETTER, 1, 468, 0.03),
        (LETTER, 2, 306, 0.03),
        (LETTER, 4, 252, 0.03),
        (LETTER, 6, 187, 0.03),
        # One rule for every page: a lone 6x9 grid keeps the same share of white as
        # on letter, a little below PRINT.md's "about 342"; and the gutter is at least
        # the outside margin, 9 pt more than KDP's least on a short 6x9 book.
        (SIX_NINE, 1, 342, 0.12),
        (SIX_NINE, 2, 245, 0.03),
        (SIX_NINE, 4, 175, 0.07),
    ],
)
def test_grid_sizes_follow_print_rules(
    page: dict[str, float], per_page: int, side: float, within: float
) -> None:
    plan = plan_book(make_book(Template("t", **page, puzzles_per_page=per_page)))
    got = [s.grid.width for s in plan.puzzle_slots]
    assert len(got) == per_page and len(set(got)) == 1
    assert got[0] == pytest.approx(side, rel=within)


@pytest.mark.parametrize("scale", [0.55, 0.6, 0.62])
def test_large_print_letter_digits(scale: float) -> None:
    """PRINT.md: one puzzle a page on 8.5x11 takes digits of 28-32 pt."""
    t = Template(
        "t", **LETTER, puzzles_per_page=1, answers_per_page=4, large_print=True, digit_scale=scale,
        margin_bottom=45.0,  # room for 16 pt page numbers
    )
    # the puzzle grid only: at 0.55 the answer key's digits fall short of 16 pt; and
    # 0.55 gives 27.9 pt now that the gutter is at least the outside margin
    plan = plan_pages(make_book(t))
    assert 27.5 <= digit_size(plan.puzzle_slots[0].grid.width, 9, scale) <= 32


@pytest.mark.parametrize(
    ("count", "page", "shape"),
    [
        (1, LETTER, (1, 1)),
        (2, LETTER, (1, 2)),
        (4, LETTER, (2, 2)),
        (6, LETTER, (2, 3)),
        (9, LETTER, (3, 3)),
        (12, LETTER, (3, 4)),
        (2, SIX_NINE, (1, 2)),
        (6, SIX_NINE, (2, 3)),
    ],
)
def test_arrangement(count: int, page: dict[str, float], shape: tuple[int, int]) -> None:
    width, height = page["page_width"] - 63, page["page_height"] - 110
    assert arrangement(count, width, height, 16.0, 20.0) == shape


def test_gutter_follows_page_count() -> None:
    t = Template("t", **LETTER, puzzles_per_page=1, answers_per_page=12)
    plan = plan_book(make_book(t, (("Easy", 9, 160),)))
    assert len(plan.pages) > 150 and plan.gutter == pytest.approx(36.0)
    fixed = plan_book(make_book(replace(t, gutter=50.0), (("Easy", 9, 160),)))
    assert fixed.gutter == 50.0


@pytest.mark.parametrize("copyright", ["", "(c) 2026"])
@pytest.mark.parametrize("per_page", [1, 4, 6])
def test_plan_structure(copyright: str, per_page: int) -> None:
    t = Template("t", **LETTER, puzzles_per_page=per_page, answers_per_page=6)
    book = make_book(t, (("Easy", 9, 7), ("Hard", 9, 5)), copyright=copyright)
    plan = plan_book(book)
    pages = plan.pages
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    assert len(pages) % 2 == 0 and len(pages) >= MIN_PAGES
    # Blank pages (before parts that would start on a left-hand page) are checked in
    # test_print.py.
    kinds = [p.kind for p in pages if p.kind is not PageKind.BLANK]
    assert kinds[:5] == [
        PageKind.TITLE,
        PageKind.COPYRIGHT,
        PageKind.HOW_TO_PLAY,
        PageKind.HOW_TO_PLAY,  # the worked example
        PageKind.CONTENTS,
    ]
    # Parts in order: puzzles, answers, then only Notes.
    order = [k for i, k in enumerate(kinds) if i == 0 or kinds[i - 1] != k]
    assert order[4:] == [PageKind.PUZZLES, PageKind.ANSWERS, PageKind.NOTES]
    body = [q.number for p in pages if p.kind is PageKind.PUZZLES for q in p.puzzles]
    answers = [q.number for p in pages if p.kind is PageKind.ANSWERS for q in p.puzzles]
    assert body == answers == list(range(1, 13))
    assert all(len(p.puzzles) <= per_page for p in pages if p.kind is PageKind.PUZZLES)
    # Contents point at the first page of each part.
    (contents,) = [p for p in pages if p.kind is PageKind.CONTENTS]
    for name, _, number in contents.entries:
        page = pages[number - 1]
        assert page.title == name and page.first
        assert page.number == 1 or pages[number - 2].title != name


def _even_padding_cases() -> list[tuple[int, int]]:
    """(puzzles, pages before padding) for one-per-page books around and above MIN_PAGES."""
    # title, copyright, how to play and its worked example, contents, a blank page (the
    # section starts on a right-hand page); one page per puzzle; a blank page when the
    # answer key would start on a left-hand page (k odd); answers six to a page
    return [(k, 6 + k + k % 2 + -(-k // 6)) for k in range(14, 26)]


@pytest.mark.parametrize("count, content", _even_padding_cases())
def test_padding_to_an_even_count_of_at_least_min_pages(count: int, content: int) -> None:
    t = Template("t", **LETTER, puzzles_per_page=1, answers_per_page=6)
    pages = plan_book(make_book(t, (("Easy", 9, count),))).pages
    notes = [p for p in pages if p.kind is PageKind.NOTES]
    assert len(pages) - len(notes) == content
    expected = max(MIN_PAGES, content + content % 2)
    assert len(pages) == expected
    assert len(pages) % 2 == 0
    if content > MIN_PAGES:
        assert len(notes) == content % 2  # above the minimum: one Notes page at most


def _blank_runs(texts: list[str]) -> list[int]:
    """Lengths of the runs of pages without text other than their page number (1-based)."""
    runs, run = [], 0
    for number, text in enumerate(texts, 1):
        words = text.split()
        if words in ([], [str(number)]):
            run += 1
        else:
            if run:
                runs.append(run)
            run = 0
    return runs + ([run] if run else [])


def test_blank_page_runs_are_seen() -> None:
    assert _blank_runs(["Title", "", "3", "", "x 5", "", ""]) == [3, 2]
    assert _blank_runs(["1", "Notes 2"]) == [1]


def test_no_three_blank_pages_in_a_row(tmp_path: Path) -> None:
    # One puzzle and no copyright line: the back of the title page is blank, so are page 6
    # (the section starts on a right-hand page) and page 8 (so does the answer key), and
    # the book is padded from 9 pages to MIN_PAGES, so every padding page must carry its
    # Notes heading.
    t = Template("t", **LETTER, puzzles_per_page=4, answers_per_page=4)
    book = make_book(t, (("Easy", 9, 1),), copyright="")
    path = tmp_path / "book.pdf"
    assert render_book(book, path) == MIN_PAGES
    texts = [page.extract_text() for page in pypdf.PdfReader(path).pages]
    assert len(texts) == MIN_PAGES
    runs = _blank_runs(texts)
    assert runs == [1, 1, 1]  # the back of the title page, the pages before the parts
    assert sum("Notes" in text for text in texts) == MIN_PAGES - 9


def test_front_matter_can_be_left_out() -> None:
    front = FrontMatter(title_page=False, how_to_play=False, contents=False)
    plan = plan_book(make_book(Template("t", **LETTER), front=front))
    assert plan.pages[0].kind is PageKind.PUZZLES and plan.pages[0].first


# ------------------------------------------------------------------ the PDF read back


def _grid_chars(page, rect, box):  # type: ignore[no-untyped-def]
    """The chars whose origin lies inside a slot's grid (absolute page coordinates)."""
    x0, y0 = box.x + rect.x, box.y + rect.y
    return [
        ch
        for ch in page.chars
        if x0 <= ch["matrix"][4] <= x0 + rect.width and y0 <= ch["matrix"][5] <= y0 + rect.height
    ]


def _read_grid(chars, rect, box, n):  # type: ignore[no-untyped-def]
    """{cell: (value, char)} from chars, checking each sits optically centred in its cell."""
    step = rect.width / n
    out = {}
    for ch in chars:
        cx = (ch["x0"] + ch["x1"]) / 2 - box.x - rect.x
        # PRINT.md: baseline = cell centre - 0.37 x size.
        cy = ch["matrix"][5] + 0.37 * ch["size"] - box.y - rect.y
        col, row = int(cx // step), n - 1 - int(cy // step)
        assert abs(cx - (col + 0.5) * step) < 0.08 * step, ch
        assert abs(cy - (n - 1 - row + 0.5) * step) < 0.08 * step, ch
        cell = row * n + col
        assert cell not in out
        out[cell] = (SYMBOLS.index(ch["text"]) + 1, ch)
    return out


def test_pages_and_size(mixed: tuple[Book, Plan, Path, int]) -> None:
    book, plan, path, pages = mixed
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == pages == len(plan.pages)
    assert pages % 2 == 0 and pages >= MIN_PAGES
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == [0, 0, 612, 792]
    meta = reader.metadata
    assert meta is not None
    assert (meta.title, meta.author, meta.subject) == (book.title, book.author, book.subject)
    assert meta.creator == "bookgen"


def test_every_given_in_its_cell(mixed: tuple[Book, Plan, Path, int], plumbed) -> None:  # type: ignore[no-untyped-def]
    book, plan, _, _ = mixed
    seen = 0
    for page in plan.pages:
        if page.kind is not PageKind.PUZZLES:
            continue
        pdf_page = plumbed.pages[page.number - 1]
        box = plan.box(page.number)
        for slot, puzzle in zip(plan.puzzle_slots, page.puzzles, strict=False):
            n = puzzle.box_rows * puzzle.box_cols
            chars = _grid_chars(pdf_page, slot.grid, box)
            got = _read_grid(chars, slot.grid, box, n)
            want = {c: v for c, v in enumerate(puzzle.givens) if v}
            assert {c: v for c, (v, _) in got.items()} == want
            size = max(7.0, 0.6 * slot.grid.width / n)
            assert all(ch["size"] == pytest.approx(size, abs=0.01) for _, ch in got.values())
            # The label above the grid names the puzzle and, at its right, its section.
            above = "".join(
                ch["text"]
                for ch in pdf_page.chars
                if 0 < ch["matrix"][5] - (box.y + slot.grid.top) < 20
                and box.x + slot.grid.x - 1 <= ch["x0"] <= box.x + slot.grid.right
            )
            assert above == f"Puzzle {puzzle.number}{puzzle.section}"
            seen += 1
    assert seen == sum(len(s.puzzles) for s in book.sections)


def test_answer_key_matches_solutions(mixed: tuple[Book, Plan, Path, int], plumbed) -> None:  # type: ignore[no-untyped-def]
    book, plan, _, _ = mixed
    numbers = []
    for page in plan.pages:
        if page.kind is not PageKind.ANSWERS:
            continue
        pdf_page = plumbed.pages[page.number - 1]
        box = plan.box(page.number)
        for slot, puzzle in zip(plan.answer_slots, page.puzzles, strict=False):
            n = puzzle.box_rows * puzzle.box_cols
            got = _read_grid(_grid_chars(pdf_page, slot.grid, box), slot.grid, box, n)
            assert tuple(got[c][0] for c in range(n * n)) == puzzle.solution
            for c, (_, ch) in got.items():
                given = puzzle.givens[c] != 0
                assert ("Bold" in ch["fontname"]) == given
                gray = ch["non_stroking_color"][0]
                assert gray == 0.0 if given else 0.0 < gray <= 0.4
                assert ch["size"] >= 7.0
            numbers.append(puzzle.number)
    assert numbers == sorted(p.number for s in book.sections for p in s.puzzles)


def test_gutter_on_the_inside(mixed: tuple[Book, Plan, Path, int], plumbed) -> None:  # type: ignore[no-untyped-def]
    """Ink stays inside the mirrored margins; page numbers sit at the outer corner."""
    _, plan, _, _ = mixed
    t = plan.template
    assert plan.gutter != t.margin_outside
    for page in plan.pages:
        pdf_page = plumbed.pages[page.number - 1]
        left, right = (
            (plan.gutter, t.margin_outside) if page.number % 2 else (t.margin_outside, plan.gutter)
        )
        objects = pdf_page.chars + pdf_page.rects + pdf_page.lines
        for obj in objects:
            # Butt caps: a stroke widens a rect or a vertical line sideways, not a row.
            sideways = obj["object_type"] == "rect" or obj["width"] == 0
            pad = obj.get("linewidth", 0) / 2 if sideways else 0
            assert obj["x0"] - pad >= left - 0.01
            assert obj["x1"] + pad <= t.page_width - right + 0.01
        if page.numbered:
            bottom = [ch for ch in pdf_page.chars if ch["top"] > t.page_height - t.margin_bottom]
            assert "".join(ch["text"] for ch in bottom) == str(page.number)
            if page.number % 2:
                assert max(ch["x1"] for ch in bottom) == pytest.approx(t.page_width - right)
            else:
                assert min(ch["x0"] for ch in bottom) == pytest.approx(left)


def test_front_pages_text(mixed: tuple[Book, Plan, Path, int], plumbed) -> None:  # type: ignore[no-untyped-def]
    book, plan, _, _ = mixed
    text = [p.extract_text() for p in plumbed.pages]
    assert book.title in text[0] and book.author in text[0]
    assert book.copyright in text[1]
    assert "How to play" in text[2] and "A to G" in text[2]
    contents = text[4].splitlines()  # after the worked example
    firsts = {
        p.title: p.number
        for p in plan.pages
        if p.first and p.kind in (PageKind.PUZZLES, PageKind.ANSWERS)
    }
    for name, number in firsts.items():
        assert any(line.startswith(name) and line.endswith(str(number)) for line in contents)
    assert "Notes" in text[-1]


def test_gray_only_embedded_fonts_thick_lines(mixed: tuple[Book, Plan, Path, int]) -> None:
    seen_widths: set[float] = set()
    with pikepdf.open(mixed[2]) as pdf:
        for page in pdf.pages:
            ops = pikepdf.parse_content_stream(page)
            names = {str(op) for _, op in ops}
            assert not names & {"rg", "RG", "k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"}
            widths = [float(operands[0]) for operands, op in ops if str(op) == "w"]
            # A page that sets no width strokes at the PDF default of 1 pt.
            assert min(widths, default=1.0) >= 0.75
            sizes = [float(operands[1]) for operands, op in ops if str(op) == "Tf"]
            assert min(sizes, default=7.0) >= 7.0
            seen_widths.update(widths)
            for font in page.Resources.Font.values():
                assert "Helvetica" not in str(font.BaseFont)
                assert "/FontFile2" in font.FontDescriptor
    lines = mixed[0].template.lines
    assert {lines.cell, lines.box, lines.border, lines.answer_cell} <= seen_widths


def test_byte_identical(tmp_path: Path, mixed: tuple[Book, Plan, Path, int]) -> None:
    again = tmp_path / "again.pdf"
    render_book(mixed[0], again)
    assert again.read_bytes() == mixed[2].read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["again.pdf"]


@pytest.mark.parametrize(
    ("page", "per_page", "answers", "large"),
    [
        (LETTER, 1, 4, True),
        (LETTER, 2, 4, True),
        (LETTER, 4, 9, False),
        (LETTER, 6, 12, False),
        (SIX_NINE, 1, 4, False),
        (SIX_NINE, 2, 6, False),
        (SIX_NINE, 4, 8, False),
        (A5, 2, 6, False),
    ],
)
def test_each_template_renders(
    tmp_path: Path, page: dict[str, float], per_page: int, answers: int, large: bool
) -> None:
    t = Template(
        "t", **page, puzzles_per_page=per_page, answers_per_page=answers, large_print=large,
        margin_bottom=45.0 if large else 36.0,  # room for 16 pt page numbers
    )
    book = make_book(t, (("Easy", 9, per_page + 1),))
    path = tmp_path / "book.pdf"
    render_book(book, path)
    plan = plan_book(book)
    first_body = next(p.number for p in plan.pages if p.kind is PageKind.PUZZLES)
    box, grid = plan.box(first_body), plan.puzzle_slots[0].grid
    with pdfplumber.open(path) as pdf:
        chars = _grid_chars(pdf.pages[first_body - 1], grid, box)
    assert chars and min(ch["size"] for ch in chars) >= (16.0 if large else 7.0)
    answers_page = next(p.number for p in plan.pages if p.kind is PageKind.ANSWERS)
    doc = pypdfium2.PdfDocument(path)
    try:
        for number in (first_body, answers_page):
            image = doc[number - 1].render(scale=0.5, grayscale=True).to_numpy()
            assert image.shape[:2] == (
                round(page["page_height"] / 2),
                round(page["page_width"] / 2),
            )
            assert (image < 128).sum() > 200
    finally:
        doc.close()


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("change", "sections", "message"),
    [
        ({"puzzles_per_page": 3}, None, "puzzles_per_page is 3: expected 1, 2, 4 or 6"),
        ({"answers_per_page": 13}, None, "answers_per_page is 13: expected 4 to 12"),
        ({"large_print": True, "puzzles_per_page": 4}, None, "large print allows at most 2 puzzles a page"),
        (
            {"large_print": True, "puzzles_per_page": 2, "margin_bottom": 45.0},
            (("Giant", 16, 1),),
            "large print needs digits of at least 16 pt",
        ),
        (
            {"page_width": 432.0, "page_height": 648.0, "answers_per_page": 12},
            (("Giant", 16, 1),),
            "16x16 grids at answers_per_page 12",
        ),
        ({"font": "NoSuchFont"}, None, "font 'NoSuchFont' not found"),
        ({"answer_gray": 0.5}, None, "answer_gray is 0.5: expected 0 to 0.4"),
        ({"lines": LineWeights(box=0.5)}, None, "lines.box is 0.5 pt: expected at least 0.75"),
        ({"font_bold": "/nowhere/x.ttf"}, None, "font_bold '/nowhere/x.ttf' not found"),
        ({"margin_outside": 600.0}, None, "margins leave no room"),
        ({}, (), "has no puzzles"),
    ],
)
def test_layout_errors(
    tmp_path: Path,
    change: dict[str, object],
    sections: tuple[tuple[str, int, int], ...] | None,
    message: str,
) -> None:
    t = replace(Template("bad", **LETTER), **change)  # type: ignore[arg-type]
    book = make_book(t) if sections is None else make_book(t, sections)
    with pytest.raises(LayoutError, match=message.replace("(", r"\(")):
        render_book(book, tmp_path / "book.pdf")
    assert list(tmp_path.iterdir()) == []


def test_bad_font_file(tmp_path: Path) -> None:
    fake = tmp_path / "fake.ttf"
    fake.write_bytes(b"not a font")
    book = make_book(Template("bad", **LETTER, font=str(fake)))
    with pytest.raises(LayoutError, match="not a usable TrueType font"):
        render_book(book, tmp_path / "book.pdf")


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="no folder"):
        render_book(make_book(Template("t", **LETTER)), tmp_path / "nope" / "book.pdf")


def test_failure_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "book.pdf"
    target.write_bytes(b"old")

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(render_module.draw, "notes", broken)
    with pytest.raises(LayoutError, match="cannot write the PDF: No space left"):
        render_book(make_book(Template("t", **LETTER)), target)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"]


def test_long_labels_shrink_apart(tmp_path: Path) -> None:
    name = "Fiendishly difficult for experts"
    book = make_book(Template("t", **SIX_NINE, puzzles_per_page=4), ((name, 9, 1),))
    # A section named apart from its difficulty, so the label carries the difficulty.
    book = replace(book, sections=(replace(book.sections[0], name="Expert"),))
    path = tmp_path / "book.pdf"
    render_book(book, path)
    plan = plan_book(book)
    page = next(p for p in plan.pages if p.kind is PageKind.PUZZLES)
    box, slot = plan.box(page.number), plan.puzzle_slots[0]
    with pdfplumber.open(path) as pdf:
        chars = [
            ch
            for ch in pdf.pages[page.number - 1].chars
            if 0 < ch["matrix"][5] - (box.y + slot.grid.top) < 20
        ]
    bold = [ch for ch in chars if "Bold" in ch["fontname"]]
    regular = [ch for ch in chars if "Bold" not in ch["fontname"]]
    assert "".join(ch["text"] for ch in bold) == "Puzzle 1"
    assert "".join(ch["text"] for ch in regular) == name
    assert max(ch["x1"] for ch in bold) < min(ch["x0"] for ch in regular)
    assert max(ch["x1"] for ch in regular) <= box.x + slot.grid.right + 0.01
    assert min(ch["size"] for ch in chars) >= 7.0


def test_bench_layout_black_box(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bookgen.cli import main

    monkeypatch.setenv("BOOKGEN_BACKEND", "python")
    book = make_book(Template("t", **LETTER), (("Easy", 9, 6),))
    dataset = tmp_path / "puzzles.txt"
    dataset.write_text(
        "".join(
            "".join(str(v or ".") for v in p.givens) + "\n"
            for s in book.sections
            for p in s.puzzles
        )
    )
    assert main(["bench", "layout", "--dataset", str(dataset), "--limit", "5"]) == 0
    out = capsys.readouterr().out
    # Title leaf (2), how to play, contents, three parts of one page, one answers page;
    # letter-4up prints at home, so no padding.
    assert "5 puzzles laid out" in out and "\n9 pages" in out
    assert list(tmp_path.iterdir()) == [dataset]


def test_label_with_difficulty_in_it(tmp_path: Path) -> None:
    t = Template("t", **LETTER, puzzles_per_page=2, label="No. {number} - {difficulty}")
    book = make_book(t, (("Easy", 9, 2),))
    path = tmp_path / "book.pdf"
    render_book(book, path)
    plan = plan_book(book)
    page = next(p for p in plan.pages if p.kind is PageKind.PUZZLES)
    with pdfplumber.open(path) as pdf:
        text = pdf.pages[page.number - 1].extract_text()
    assert "No. 1 - Easy" in text and "No. 2 - Easy" in text
    assert text.count("Easy") == 3  # the heading and the two labels, no second label


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="poppler-utils not installed")
def test_pdffonts_sees_every_font_embedded(mixed: tuple[Book, Plan, Path, int]) -> None:
    out = subprocess.run(
        ["pdffonts", str(mixed[2])], capture_output=True, text=True, check=True
    ).stdout
    header, _, *rows = out.splitlines()
    emb = header.index("emb")
    assert rows and all(row[emb : emb + 3] == "yes" for row in rows)
    assert not any("Helvetica" in row for row in rows)


def test_box_lines_follow_each_size(mixed: tuple[Book, Plan, Path, int], plumbed) -> None:  # type: ignore[no-untyped-def]
    """Thick lines after every box_cols columns and box_rows rows; thin ones elsewhere."""
    _, plan, _, _ = mixed
    weights = plan.template.lines
    sizes = set()
    for page in plan.pages:
        if page.kind is not PageKind.PUZZLES:
            continue
        pdf_page = plumbed.pages[page.number - 1]
        box = plan.box(page.number)
        for slot, puzzle in zip(plan.puzzle_slots, page.puzzles, strict=False):
            n, g = puzzle.box_rows * puzzle.box_cols, slot.grid
            step, left, top = g.width / n, box.x + g.x, plan.template.page_height - box.y - g.top
            inside = [
                ln
                for ln in pdf_page.lines
                if left - 0.1 <= ln["x0"] <= left + g.width + 0.1
                and top - 0.1 <= ln["top"]
                and ln["bottom"] <= top + g.height + 0.1
            ]
            for width, boxed in ((weights.cell, False), (weights.box, True)):
                cols = {
                    round((ln["x0"] - left) / step)
                    for ln in inside
                    if ln["linewidth"] == width and ln["width"] == 0
                }
                rows = {
                    round((ln["top"] - top) / step)
                    for ln in inside
                    if ln["linewidth"] == width and ln["height"] == 0
                }
                assert cols == {i for i in range(1, n) if (i % puzzle.box_cols == 0) == boxed}
                assert rows == {i for i in range(1, n) if (i % puzzle.box_rows == 0) == boxed}
            (border,) = [
                r
                for r in pdf_page.rects
                if abs(r["x0"] - left) < 0.01 and abs(r["top"] - top) < 0.01
            ]
            assert border["linewidth"] == weights.border and border["width"] == pytest.approx(
                g.width
            )
            sizes.add(n)
    assert sizes == {4, 6, 9, 12, 16}
