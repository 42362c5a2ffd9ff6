"""Page typography read back from the PDFs: the gutter against the outside margin, labels
and the line under each grid, bold givens, large print, jigsaw shades, contents, the
rights line, and Japanese bold and line breaks.

Books are laid out from the example configs with pattern grids (test_print.pattern_book)
and written once per module where tests share them; sizes, fonts, grays and positions
are read with pdfplumber, render modes from the content streams with pypdf.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from conftest import missing_data
from test_lang import IPA_GOTHIC
from test_print import pattern_book, render, write

from bookgen.book import config as C
from bookgen.book.config.templates import list_templates, load_template
from bookgen.core.errors import ConfigError
from bookgen.core.model import TIME_TARGETS, Band, Book, BookPuzzle, XStyle
from bookgen.core.rules import (
    LARGE_PRINT_HEADING_PT,
    LARGE_PRINT_TEXT_PT,
    MAX_PAGES,
    MIN_PAGES,
    Variant,
)
from bookgen.render import fit
from bookgen.render.cover import render_cover
from bookgen.render.geometry import PageKind, auto_gutter, plan_book
from bookgen.render.marks import HATCH_GRAY, REGION_TINTS, TINT_STEP, grid_marks
from bookgen.render.writer import register_fonts

ROOT = Path(__file__).resolve().parent.parent
EPS = 0.01

FOUR_SHADES = "122233111243152243154443556463556666"
"""A 6x6 jigsaw layout whose regions three shades cannot colour: one is hatched."""

BOXES6 = "111222111222333444333444555666555666"
"""The 6x6 boxes as a jigsaw layout: three shades do."""


def _book(tmp_path: Path, name: str, extra: str = "") -> Book:
    """The example config `name` (with `extra` appended) laid out with pattern grids,
    each puzzle in the band its section asks for."""
    text = (ROOT / "configs" / f"{name}.yaml").read_text(encoding="utf-8") + extra
    cfg = C.load_config(write(tmp_path, text))
    book = pattern_book(cfg)
    bands = [s.difficulty.band or Band.MEDIUM for s in cfg.sections]
    sections = tuple(replace(s, puzzles=tuple(replace(p, band=b) for p in s.puzzles))
                     for s, b in zip(book.sections, bands, strict=True))
    return replace(book, sections=sections)


def _pages(path: Path) -> list[list[dict]]:  # type: ignore[type-arg]
    with pdfplumber.open(path) as pdf:
        return [page.chars for page in pdf.pages]


# ---------------------------------------------------------------- the gutter


@pytest.mark.parametrize("template", list_templates())
@pytest.mark.parametrize("pages", [MIN_PAGES, 200, 400, MAX_PAGES])
def test_every_shipped_template_keeps_the_gutter_at_least_the_outside_margin(
    template: str, pages: int
) -> None:
    t = load_template(template)
    assert auto_gutter(t, pages) >= t.margin_outside


def test_grids_sit_no_closer_to_the_spine_than_to_the_edge(tmp_path: Path) -> None:
    """A mirrored 6x9 book (KDP's gutter alone would be 0.375in, the outside 0.5in): on
    each page the grids' borders are as far from the spine as from the outer edge."""
    book = _book(tmp_path, "classic-100")
    t = book.template
    plan = plan_book(book)
    assert plan.gutter >= t.margin_outside
    path = render(tmp_path, book)
    seen = set()
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            if page.kind is not PageKind.PUZZLES:
                continue
            borders = [r for r in pdf.pages[page.number - 1].rects
                       if r["stroke"] and r["linewidth"] == pytest.approx(t.lines.border)]
            assert len(borders) == len(page.puzzles)
            left = min(r["x0"] for r in borders) - t.lines.border / 2
            right = t.page_width - max(r["x1"] for r in borders) - t.lines.border / 2
            spine, edge = (left, right) if page.number % 2 else (right, left)
            assert spine >= edge - EPS, page.number
            seen.add(page.number % 2)
    assert seen == {0, 1}


# ---------------------------------------------------------------- labels and the foot line


@pytest.fixture(scope="module")
def quick_books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Book, Path]]:
    """configs/quick.yaml laid out plain, with stars, a time target and the solving-time
    box, and with givens in the regular font."""
    out = {}
    for key, layout in (("plain", ""),
                        ("timed", "layout: {difficulty: stars, time_target: true, "
                                  "solved_box: true}\n"),
                        ("regular", "layout: {givens_bold: false}\n")):
        folder = tmp_path_factory.mktemp(key)
        book = _book(folder, "quick", layout)
        out[key] = book, render(folder, book)
    return out


def _lines(chars: list[dict]) -> list[str]:  # type: ignore[type-arg]
    """The page's text lines, top to bottom, as pdfplumber groups them."""
    rows: dict[float, list[dict]] = {}  # type: ignore[type-arg]
    for ch in chars:
        rows.setdefault(round(ch["top"], 1), []).append(ch)
    return ["".join(c["text"] for c in sorted(row, key=lambda c: c["x0"]))
            for _, row in sorted(rows.items())]


def test_labels_name_the_section_of_each_puzzle(quick_books) -> None:  # type: ignore[no-untyped-def]
    book, path = quick_books["plain"]
    plan = plan_book(book)
    pages = _pages(path)
    labels = 0
    for page in plan.pages:
        if page.kind not in (PageKind.PUZZLES, PageKind.ANSWERS):
            continue
        text = "\n".join(_lines(pages[page.number - 1]))
        for p in page.puzzles:
            assert text.count(f"Puzzle {p.number}{p.section}") == 1, (page.number, text)
            labels += 1
    assert labels == 2 * sum(len(s.puzzles) for s in book.sections)
    # "Warm-up" is an easy section: its labels say Warm-up, never the band's "Easy"
    warm = [p for p in plan.pages if p.kind is PageKind.PUZZLES and p.title == "Warm-up"]
    assert warm and all("Easy" not in "".join(_lines(pages[p.number - 1])) for p in warm)


def test_difficulty_time_target_and_box_show_when_asked(quick_books) -> None:  # type: ignore[no-untyped-def]
    book, path = quick_books["timed"]
    plan = plan_book(book)
    t = book.template
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            if page.kind is not PageKind.PUZZLES:
                continue
            pdf_page = pdf.pages[page.number - 1]
            text = "\n".join(_lines(pdf_page.chars))
            box = plan.box(page.number)
            assert text.count("Solved inmin") == len(page.puzzles)
            for slot, p in zip(plan.puzzle_slots, page.puzzles, strict=False):
                assert p.band is not None
                minutes = TIME_TARGETS[p.band]
                assert f"Target: {minutes} minSolved inmin" in text, text
                # the stars: five closed paths right of the label, as many filled as the band
                top = box.y + slot.label_y
                stars = [c for c in pdf_page.curves
                         if abs(pdf_page.height - c["bottom"] - top) < slot.grid.width / 20
                         and box.x + slot.grid.x + slot.grid.width / 2 < c["x0"]
                         and c["x1"] <= box.x + slot.grid.right + EPS]
                assert len(stars) == 5
                assert sum(1 for c in stars if c["fill"]) == list(Band).index(p.band) + 1
                # the box: a stroked rectangle under the grid, its right part
                under = [r for r in pdf_page.rects if r["stroke"] and not r["fill"]
                         and pdf_page.height - r["top"] < box.y + slot.grid.y
                         and pdf_page.height - r["bottom"] > box.y + slot.grid.y - 3 * 12
                         and box.x + slot.grid.x + slot.grid.width / 2 < r["x0"]
                         < box.x + slot.grid.right]
                assert len(under) == 1
                assert under[0]["bottom"] <= pdf_page.height - 18  # inside the live area
    assert t.time_target and t.solved_box


def test_no_time_line_without_the_options(quick_books) -> None:  # type: ignore[no-untyped-def]
    book, path = quick_books["plain"]
    plan = plan_book(book)
    assert all(s.foot_y is None for s in plan.puzzle_slots)
    text = "".join(c["text"] for page in _pages(path) for c in page)
    assert "Target" not in text and "Solved in" not in text
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            if page.kind is PageKind.PUZZLES:
                assert not pdf.pages[page.number - 1].curves  # no stars in band mode


@pytest.mark.parametrize(("value", "minutes"), [
    ("true", tuple(TIME_TARGETS.values())),
    ("false", None),
    ("{easy: 7, expert: 30}", (7, 15, 25, 30, 60)),
])
def test_time_targets_by_band_from_the_config(tmp_path: Path, value: str,
                                              minutes: tuple[int, ...] | None) -> None:
    book = _book(tmp_path, "quick", f"layout: {{time_target: {value}}}\n")
    assert book.template.time_target == minutes
    if minutes is None:
        return
    plan = plan_book(book)
    pages = _pages(render(tmp_path, book))
    for page in plan.pages:
        if page.kind is PageKind.PUZZLES:
            text = "\n".join(_lines(pages[page.number - 1]))
            for p in page.puzzles:
                assert p.band is not None
                assert f"Target: {minutes[list(Band).index(p.band)]} min" in text


def test_a_time_target_of_no_minutes_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"layout\.time_target\.easy: expected an integer "
                                          r"from 1 to 999, got 0"):
        _book(tmp_path, "quick", "layout: {time_target: {easy: 0}}\n")


def test_the_foot_line_fits_every_band_and_validate_refuses_a_crowded_one(
    tmp_path: Path
) -> None:
    base = (ROOT / "configs" / "quick.yaml").read_text(encoding="utf-8")
    text = base.replace("template: letter-4up",
                        "template: letter-4up\nlayout: {puzzles_per_page: 6, "
                        "time_target: true, solved_box: true}")
    text += "text: {time.target: 'The time a practised solver needs: {minutes} minutes'}\n"
    with pytest.raises(ConfigError, match="does not fit under a .* grid even at 7 pt"):
        C.load_config(write(tmp_path, text))


# ---------------------------------------------------------------- givens


def test_givens_are_bold_unless_the_template_says_regular(quick_books) -> None:  # type: ignore[no-untyped-def]
    for key, bold in (("plain", True), ("regular", False)):
        book, path = quick_books[key]
        plan = plan_book(book)
        fonts = register_fonts(book.template)
        with pdfplumber.open(path) as pdf:
            for page in plan.pages:
                if page.kind is not PageKind.PUZZLES:
                    continue
                pdf_page = pdf.pages[page.number - 1]
                box = plan.box(page.number)
                for slot, p in zip(plan.puzzle_slots, page.puzzles, strict=False):
                    inside = [c for c in pdf_page.chars
                              if box.x + slot.grid.x < c["x0"] < box.x + slot.grid.right
                              and box.y + slot.grid.y < pdf_page.height - c["bottom"]
                              < box.y + slot.grid.top]
                    assert len(inside) == sum(1 for v in p.givens if v)
                    assert {"Bold" in c["fontname"] for c in inside} == {bold}
        assert fonts.bold != fonts.regular


# ---------------------------------------------------------------- large print


def test_large_print_sets_every_text_at_16_pt(tmp_path: Path) -> None:
    book = _book(tmp_path, "large-print", "layout: {time_target: true, solved_box: true}\n"
                 "front: {tips: true, scale: true, belongs_to: true}\n")
    plan = plan_book(book)
    sizes: dict[PageKind, float] = {}
    for page, chars in zip(plan.pages, _pages(render(tmp_path, book)), strict=True):
        for c in chars:
            assert c["size"] >= LARGE_PRINT_TEXT_PT - EPS, (page.number, c["text"])
            sizes[page.kind] = max(sizes.get(page.kind, 0.0), c["size"])
    # every kind of page was read, and the headings are 18 pt or more
    assert {PageKind.TITLE, PageKind.TIPS, PageKind.SCALE, PageKind.CONTENTS,
            PageKind.PUZZLES, PageKind.ANSWERS} <= sizes.keys()
    assert plan.metrics.heading_size >= LARGE_PRINT_HEADING_PT
    assert sizes[PageKind.CONTENTS] >= LARGE_PRINT_HEADING_PT


# ---------------------------------------------------------------- jigsaw shades


def _gray(colour: float | tuple[float, ...]) -> float:
    """A gray operator's level, as pdfplumber gives it (a number or a 1-tuple)."""
    return colour if isinstance(colour, float | int) else colour[0]


def _jigsaw_book(book: Book) -> Book:
    """One section of 6x6 jigsaw grids: on the FOUR_SHADES layout and on the boxes."""
    p = book.sections[0].puzzles[0]
    puzzles = tuple(replace(p, number=i + 1, variant=Variant.JIGSAW, box_rows=0, box_cols=0,
                            regions=regions)
                    for i, regions in enumerate((FOUR_SHADES, BOXES6)))
    section = replace(book.sections[0], name="Jigsaw", puzzles=puzzles)
    return replace(book, sections=(section,))


def test_region_shades_are_ten_percent_apart_or_hatched(tmp_path: Path) -> None:
    book = _jigsaw_book(_book(tmp_path, "quick", "layout: {region_tint: true}\n"))
    grays = set(REGION_TINTS) - {1.0}
    assert all(abs(a - b) >= TINT_STEP - 1e-9 for a in grays for b in grays if a != b)
    marks = grid_marks(6, Variant.JIGSAW, FOUR_SHADES, XStyle.TINT, True)
    assert marks.hatches  # this layout needs the fourth shade
    plan = plan_book(book)
    path = render(tmp_path, book)
    fills: set[float] = set()
    hatch_lines = 0
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            if page.kind is not PageKind.PUZZLES:
                continue
            pdf_page = pdf.pages[page.number - 1]
            for r in pdf_page.rects:
                if r["fill"] and not r["stroke"]:
                    fills.add(round(_gray(r["non_stroking_color"]), 4))
            hatch_lines += sum(1 for ln in pdf_page.lines
                               if _gray(ln["stroking_color"]) == pytest.approx(HATCH_GRAY)
                               and ln["x0"] != ln["x1"] and ln["top"] != ln["bottom"])
    fills.discard(1.0)
    assert fills == {0.9, 0.78}
    assert all(abs(a - b) >= TINT_STEP - 1e-9 for a in fills for b in fills if a != b)
    assert hatch_lines > 0  # diagonal lines: the hatched regions


# ---------------------------------------------------------------- contents, rights


def test_contents_list_the_puzzle_numbers_of_each_section(tmp_path: Path) -> None:
    book = _book(tmp_path, "quick")
    plan = plan_book(book)
    (contents,) = [p for p in plan.pages if p.kind is PageKind.CONTENTS]
    text = "\n".join(_lines(_pages(render(tmp_path, book))[contents.number - 1]))
    for s in book.sections:
        numbers = [p.number for p in s.puzzles]
        assert re.search(rf"^{s.name} \(puzzles {min(numbers)}-{max(numbers)}\) ?[ .]+\d+$",
                         text, re.M), text
    assert re.search(r"^Answers ?[ .]+\d+$", text, re.M)


@pytest.mark.parametrize(("copyright", "publication"), [
    ("Copyright 2026 Ann Author. All rights reserved.", "{year: 2026}"),
    ("© 2026 Ann Author. all rights  reserved", "{year: 2026}"),
    ("", "{year: 2026}"),
    ("Copyright 2026 Ann Author.", "{year: 2026, rights: 'All rights reserved.'}"),
])
def test_the_rights_line_prints_once(tmp_path: Path, copyright: str, publication: str) -> None:
    extra = (f"copyright: {copyright!r}\n" if copyright else "") + f"publication: {publication}\n"
    book = _book(tmp_path, "quick", extra)
    plan = plan_book(book)
    (page,) = [p for p in plan.pages if p.kind is PageKind.COPYRIGHT]
    text = " ".join(_lines(_pages(render(tmp_path, book))[page.number - 1]))
    assert " ".join(text.casefold().split()).count("all rights reserved") == 1, text


# ---------------------------------------------------------------- Japanese


@pytest.fixture(scope="module")
def japanese(tmp_path_factory: pytest.TempPathFactory) -> tuple[Book, Path]:
    if not IPA_GOTHIC.is_file():
        missing_data(f"the Japanese font {IPA_GOTHIC} (apt-get install fonts-ipafont-gothic)")
    folder = tmp_path_factory.mktemp("ja")
    book = _book(folder, "japanese")
    return book, render(folder, book)


def test_japanese_headings_are_faux_bold(japanese) -> None:  # type: ignore[no-untyped-def]
    book, path = japanese
    plan = plan_book(book)
    assert register_fonts(book.template).faux
    reader = pypdf.PdfReader(path)
    for page in plan.pages:
        stream = reader.pages[page.number - 1].get_contents()
        data = stream.get_data() if stream is not None else b""
        # a part's first page: its heading filled and stroked (render mode 2), then back
        stroked = re.findall(rb"BT(?:(?!ET).)*? 2 Tr(?:(?!ET).)*?ET", data, re.S)
        if page.first and page.kind in (PageKind.PUZZLES, PageKind.ANSWERS,
                                        PageKind.CONTENTS, PageKind.HOW_TO_PLAY):
            assert stroked, page.number
        if page.kind is PageKind.PUZZLES:  # the givens too
            assert any(b"0 Tr" not in block for block in stroked)
        if page.kind is PageKind.SCALE:  # the heading and each band's line
            assert len(stroked) == 1 + len(Band)


def test_japanese_cover_sets_its_bold_texts_faux_bold(japanese) -> None:  # type: ignore[no-untyped-def]
    book, path = japanese
    cover = path.with_name("cover.pdf")
    render_cover(book, 100, cover)
    data = pypdf.PdfReader(cover).pages[0].get_contents().get_data()
    stroked = re.findall(rb"BT(?:(?!ET).)*? 2 Tr(?:(?!ET).)*?ET", data, re.S)
    # the title's lines, the back's heading and caption, the spine title, the badges
    assert len(stroked) >= 5
    plain = re.findall(rb"BT(?:(?!ET).)*?ET", data, re.S)
    assert len(plain) > len(stroked)  # the blurb, the subtitle and the grids stay filled


def test_a_true_bold_face_is_not_stroked(quick_books) -> None:  # type: ignore[no-untyped-def]
    _, path = quick_books["plain"]
    data = b"".join(page.get_contents().get_data() for page in pypdf.PdfReader(path).pages
                    if page.get_contents() is not None)
    assert b" 2 Tr" not in data


@pytest.mark.parametrize(("text", "width"), [
    # the killer example's step, whose last line was '2.' at 6x9's measure
    ("In the example, the cage of 3 in row 1 can only hold 1 and 2, the one pair of "
     "different digits that makes 3. The cage of 4 below its second cell can only hold 1 "
     "and 3, so column 2 has its 1 in that cage. The ringed cell (row 1, column 2) cannot "
     "be 1: so it is 2.", 388.0),
    ("One two three four five six seven eight nine ten a", 108.0),
])
def test_latin_paragraphs_keep_a_word_with_a_short_last_line(text: str, width: float) -> None:
    lines = fit.wrap(text, "Vera", 9.0, width)
    assert len(lines) > 1 and len(lines[-1]) >= fit.ORPHAN_LEAST, lines
    assert " ".join(lines) == text  # only the breaks moved


def test_japanese_lines_never_leave_one_or_two_characters_alone(japanese) -> None:  # type: ignore[no-untyped-def]
    book, path = japanese
    texts = book.texts
    # every paragraph text at many widths
    register_fonts(book.template)
    font = book.template.font
    paragraphs = [t for k, t in texts.strings if k.startswith(("rules.", "howto.", "tip.",
                                                              "scale.", "tips."))
                  and "{" not in t]
    assert len(paragraphs) > 20
    for text in paragraphs:
        for width in range(120, 420, 15):
            for para in text.split("\n"):
                lines = fit.wrap(para, font, 10.0, width)
                assert len(lines) == 1 or len(lines[-1].strip()) >= fit.ORPHAN_LEAST, \
                    (width, lines)
    # and the front pages as printed: no line of one or two characters but the example
    # grids' digits and captions
    plan = plan_book(book)
    captions = {texts("example.puzzle"), texts("example.solution")}
    pages = _pages(path)
    for page in plan.pages:
        if page.kind not in (PageKind.HOW_TO_PLAY, PageKind.TIPS, PageKind.SCALE):
            continue
        for line in _lines([c for c in pages[page.number - 1] if c["text"].strip()]):
            assert len(line) >= fit.ORPHAN_LEAST or line.isdigit() or line in captions, \
                (page.number, line)


# ---------------------------------------------------------------- the same book twice


def test_the_same_book_gives_the_same_bytes(tmp_path: Path) -> None:
    book = _book(tmp_path, "quick", "layout: {difficulty: stars, time_target: true, "
                                    "solved_box: true}\n")
    first = render(tmp_path, book, "a.pdf").read_bytes()
    assert render(tmp_path, book, "b.pdf").read_bytes() == first


def test_a_line_too_long_for_a_label_leaves_the_section_name_out() -> None:
    p = BookPuzzle(7, "A section with a very long name indeed", "", 3, 3, (0,) * 81,
                   (1,) * 81, band=Band.EASY)
    t = load_template("letter-4up")
    register_fonts(t)
    texts = C.load_config(ROOT / "configs" / "quick.yaml").texts
    assert fit.shown_label(p, t, texts, t.font_bold, t.font, 12, 7, 400)[1] == p.section
    assert fit.shown_label(p, t, texts, t.font_bold, t.font, 12, 7, 100)[1] == ""
