"""Print-on-demand rules read back from rendered PDFs (PRINT.md): nothing inside 0.25 in of
a trim edge on any page of a book from every template and every example config; page
counts and limits by platform, trim and paper; bleed pages and boxes; parts opening on
right-hand pages; the band word once near each grid; large print sizes. And `validate`
refusing what would break them, naming the key and line.

Books are laid out from their configs with pattern grids (valid solutions with cells
blanked at random): the layout does not depend on uniqueness, and this keeps the tests
fast enough to render every template and every example book.
"""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pypdf
import pytest
import reportlab
from conftest import solved_board

from bookgen.book import config as C
from bookgen.book.config.templates import BUNDLED_FONTS
from bookgen.book.config.toplevel import _blank_book
from bookgen.core.errors import ConfigError, LayoutError
from bookgen.core.grid import geometry
from bookgen.core.model import Book, BookPuzzle, BookSection, DigSpec, FrontMatter
from bookgen.core.rules import (
    BLEED_PT,
    LARGE_PRINT_ANSWER_PT,
    LARGE_PRINT_TEXT_PT,
    MIN_MARGIN_PT,
    MIN_PAGES,
    Paper,
    Platform,
    Variant,
    page_limit,
)
from bookgen.render import geometry as geometry_module
from bookgen.render.geometry import (
    TYPE_DESCENT,
    PageKind,
    glyph_problem,
    page_count,
    plan_book,
    plan_pages,
    trim_box,
)
from bookgen.render.writer import render_book

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted(p.stem for p in (ROOT / "bookgen" / "templates").glob("*.yaml"))
CONFIGS = sorted(p.name for p in (ROOT / "configs").glob("*.yaml"))
EPS = 0.01

TEMPLATE_BOOK = """\
title: A Rather Long Title for a Book of Sudoku Puzzles
subtitle: Graded puzzles with their solutions
author: Ann Author
copyright: Copyright 2026 Ann Author. All rights reserved.
template: {template}
sections:
  - {{name: Warm-up, size: 6, count: {small}, difficulty: easy}}
  - {{name: Easy, count: {large}, difficulty: easy}}
  - {{name: Tiny, size: 4, count: 1, difficulty: easy}}
"""
"""A config per template: a 6x6 section named apart from its band, a 9x9 section long
enough for a running header, and a single 4x4 grid (parts of odd length, so recto starts
need blank pages)."""


def write(tmp_path: Path, text: str, name: str = "book.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def pattern_book(cfg: C.BookConfig, seed: int = 5) -> Book:
    """The config's book as a build lays it out, with pattern grids for puzzles: numbered
    through the book, labelled with their band as the pipeline does."""
    rng = random.Random(seed)
    sections, number = [], 0
    for s in cfg.sections:
        board = s.dig.variant.board is not None
        geo = geometry(s.dig.size, s.dig.variant) if board else geometry(s.dig.size)
        # a jigsaw section drawing random layouts gets the box layout as a stand-in
        regions = s.dig.regions or (geo.region_labels if s.dig.variant is Variant.JIGSAW
                                    else None)
        band = s.difficulty.band.value if s.difficulty.band else "medium"
        puzzles = []
        for _ in range(s.count):
            number += 1
            # a board: the classic pattern over its whole square fills every 9x9 grid
            solution = tuple((3 * geo.row(c) + geo.row(c) // 3 + geo.col(c)) % 9 + 1
                             for c in range(geo.ncells)) if board else solved_board(rng, geo)
            givens = tuple(v if rng.random() < 0.45 else 0 for v in solution)
            puzzles.append(BookPuzzle(number, s.name, band.capitalize(), *s.dig.box_shape,
                                      givens, solution, variant=s.dig.variant, regions=regions))
        sections.append(BookSection(s.name, tuple(puzzles)))
    # the tips the config's difficulties may need, each with a worded example
    tips = tuple(replace(tip, puzzle=1, example=cfg.texts(
        "tips.example", number=1, unit=cfg.texts("unit.box", n=1),
        result=cfg.texts("step.place", cell=cfg.texts("cell", row=1, col=1), digit=1)))
        for tip in _blank_book(cfg.template, list(cfg.sections), cfg.front).tips)
    return Book(cfg.title, cfg.subtitle, cfg.author, cfg.copyright, tuple(sections),
                cfg.template, cfg.front, texts=cfg.texts, publication=cfg.publication,
                tips=tips)


def template_config(tmp_path: Path, template: str, extra: str = "") -> C.BookConfig:
    t = C.load_template(template)
    text = TEMPLATE_BOOK.format(template=template, small=t.puzzles_per_page + 1,
                                large=2 * t.puzzles_per_page + 1)
    return C.load_config(write(tmp_path, text + extra))


def render(tmp_path: Path, book: Book, name: str = "book.pdf") -> Path:
    path = tmp_path / name
    assert render_book(book, path) == page_count(book)
    return path


def _objects(page):  # type: ignore[no-untyped-def]
    return page.chars + page.lines + page.rects + page.curves


def outside_live_area(path: Path) -> list[str]:
    """Every char, line, rect and curve whose box (strokes widened by half their width,
    chars as pdfplumber measures them: the font's descent to its ascent) comes within
    MIN_MARGIN_PT of its page's trim box; one line each."""
    trims = [[float(v) for v in p.trimbox] for p in pypdf.PdfReader(path).pages]
    found = []
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == len(trims)
        for page, (x0, y0, x1, y1) in zip(pdf.pages, trims, strict=True):
            for obj in _objects(page):
                # pdfminer reports a width never set as 0; PDF strokes it at 1 pt.
                pad = (obj.get("linewidth") or 1.0) / 2 if obj["object_type"] != "char" else 0.0
                if (obj["x0"] - pad < x0 + MIN_MARGIN_PT - EPS
                        or obj["x1"] + pad > x1 - MIN_MARGIN_PT + EPS
                        or obj["y0"] - pad < y0 + MIN_MARGIN_PT - EPS
                        or obj["y1"] + pad > y1 - MIN_MARGIN_PT + EPS):
                    found.append(f"page {page.page_number}: {obj['object_type']} "
                                 f"{obj.get('text', '')!r} at x {obj['x0']:.1f}-{obj['x1']:.1f}, "
                                 f"y {obj['y0']:.1f}-{obj['y1']:.1f}")
    return found


# ---------------------------------------------------------------- the live area


def test_the_live_area_check_sees_ink_near_the_trim(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "near.pdf"
    c = Canvas(str(path), pagesize=(300, 300), initialFontSize=12)
    c.setLineWidth(2.0)
    c.line(100, 19.5, 200, 19.5)  # the stroke's lower half reaches 18.5: inside
    c.drawString(100, 150, "ok")
    c.showPage()
    c.drawString(100, 20, "g")  # the baseline clears 0.25 in, the descender does not
    c.showPage()
    c.rect(18.3, 100, 50, 50)  # the 1 pt stroke reaches 17.8
    c.showPage()
    c.drawString(100, 150, "fine")
    c.line(281.5, 100, 281.5, 200)  # the 1 pt stroke ends at 282, 0.25 in from the right
    c.showPage()
    c.drawString(100, 275, "T")  # its ascent ends above 282
    c.showPage()
    c.line(100, 150, 200, 150)
    c.line(282.2, 150, 290, 150)  # a line end past the right edge of the live area
    c.save()
    found = outside_live_area(path)
    assert [f.split(":")[0] for f in found] == ["page 2", "page 3", "page 5", "page 6"]
    assert "'g'" in found[0] and "rect" in found[1] and "'T'" in found[2] and "line" in found[3]


@pytest.mark.slow
@pytest.mark.parametrize("template", TEMPLATES)
def test_every_template_keeps_to_the_live_area(tmp_path: Path, template: str) -> None:
    cfg = template_config(tmp_path, template)
    book = pattern_book(cfg)
    path = render(tmp_path, book)
    assert outside_live_area(path) == []
    # The page numbers sit between the live area's edge and the content box, descenders
    # included by the font-independent bound too.
    t = cfg.template
    plan = plan_book(book)
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            trim = trim_box(t, page.number)
            low = [ch for ch in pdf.pages[page.number - 1].chars
                   if ch["y1"] <= trim.y + t.margin_bottom + EPS]
            assert "".join(ch["text"] for ch in low) == (str(page.number) if page.numbered
                                                          else "")
            for ch in low:
                baseline = ch["matrix"][5]
                assert baseline - TYPE_DESCENT * ch["size"] >= trim.y + MIN_MARGIN_PT - EPS


@pytest.mark.slow
@pytest.mark.parametrize("name", CONFIGS)
def test_every_example_config_keeps_to_the_live_area(tmp_path: Path, name: str) -> None:
    cfg = C.load_config(ROOT / "configs" / name)
    path = render(tmp_path, pattern_book(cfg))
    assert outside_live_area(path) == []


def test_bleed_pages_keep_to_the_live_area(tmp_path: Path) -> None:
    cfg = template_config(tmp_path, "kdp-6x9-2up", "print: {bleed: true}\n")
    assert outside_live_area(render(tmp_path, pattern_book(cfg))) == []


# ---------------------------------------------------------------- validate


BASE = """\
title: Test Book
template: {template}
sections:
  - name: Easy
    count: 4
    difficulty: easy
"""


def problems(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(ConfigError) as e:
        C.load_config(write(tmp_path, text))
    return [line.strip() for line in str(e.value).splitlines()[1:]]


@pytest.mark.parametrize(
    "template, layout, message",
    [
        ("letter-4up", "layout:\n  margins: {bottom: 0.3in}\n",
         "layout.margins.bottom: a bottom margin of 0.3in leaves no room for the 9.79 pt page "
         "number at least 0.25in from the trim; expected at least 0.42in (line 8)"),
        ("kdp-6x9-2up", "layout:\n  margins: 0.35in\n",
         "layout.margins: a bottom margin of 0.35in leaves no room for the 9 pt page number at "
         "least 0.25in from the trim; expected at least 0.41in (line 8)"),
        ("letter-large-print", "layout:\n  margins:\n    top: 1in\n    bottom: 0.45in\n",
         "layout.margins.bottom: a bottom margin of 0.45in leaves no room for the 16 pt page "
         "number at least 0.25in from the trim; expected at least 0.53in (line 10)"),
    ],
)
def test_validate_refuses_a_margin_that_crowds_the_page_number(
    tmp_path: Path, template: str, layout: str, message: str
) -> None:
    assert problems(tmp_path, BASE.format(template=template) + layout) == [message]
    # The least margin named is enough.
    bad = re.search(r"a bottom margin of ([\d.]+in)", message)
    least = re.search(r"at least ([\d.]+in) \(", message)
    assert bad and least
    fixed = layout.replace(bad[1], least[1])
    cfg = C.load_config(write(tmp_path, BASE.format(template=template) + fixed))
    assert outside_live_area(render(tmp_path, pattern_book(cfg))) == []


def test_a_template_file_with_a_crowded_footer_is_named(tmp_path: Path) -> None:
    write(tmp_path, "page_size: 6x9\nmargins:\n  bottom: 0.3in\n", "mine.yaml")
    assert problems(tmp_path, BASE.format(template="mine.yaml")) == [
        "margins.bottom: a bottom margin of 0.3in leaves no room for the 9 pt page number at "
        "least 0.25in from the trim; expected at least 0.41in (mine.yaml line 3)"]


def test_validate_black_box_names_the_margin(tmp_path: Path) -> None:
    path = write(tmp_path, BASE.format(template="letter-4up") + "layout: {margins: 0.3in}\n")
    out = subprocess.run([sys.executable, "-m", "bookgen", "validate", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == [
        f"error: {path}: 1 problem:",
        "  layout.margins: a bottom margin of 0.3in leaves no room for the 9.79 pt page number "
        "at least 0.25in from the trim; expected at least 0.42in (line 7)"]


# ---------------------------------------------------------------- platforms


def test_the_shipped_templates_name_their_platform() -> None:
    platforms = {name: C.load_template(name).print.platform for name in TEMPLATES}
    assert platforms == {
        "a4-4up": Platform.HOME, "letter-4up": Platform.HOME,
        "letter-large-print": Platform.HOME, "a5-2up": Platform.INGRAM,
        "kdp-6x9-2up": Platform.KDP, "kdp-8.5x11-1up": Platform.KDP,
    }


def _content_pages(cfg: C.BookConfig) -> int:
    """Front pages, one page per puzzles_per_page grids of each section, the answer key."""
    t = cfg.template
    # how to play takes two pages: the rules, then the worked example
    front = 2 * cfg.front.title_page + 2 * cfg.front.how_to_play + cfg.front.contents
    body = sum(math.ceil(s.count / t.puzzles_per_page) for s in cfg.sections)
    total = sum(s.count for s in cfg.sections)
    return front + body + math.ceil(total / t.answers_per_page)


def test_home_books_are_not_padded() -> None:
    cfg = C.load_config(ROOT / "configs" / "quick.yaml")
    assert cfg.template.print.platform is Platform.HOME
    plan = plan_pages(pattern_book(cfg))
    assert len(plan.pages) == _content_pages(cfg) == 10
    kinds = {p.kind for p in plan.pages}
    assert PageKind.NOTES not in kinds and PageKind.BLANK not in kinds


@pytest.mark.parametrize("platform", ["kdp", "ingram"])
def test_on_demand_books_are_padded_to_an_even_count_of_at_least_24(
    tmp_path: Path, platform: str
) -> None:
    text = (ROOT / "configs" / "quick.yaml").read_text() + f"print: {{platform: {platform}}}\n"
    cfg = C.load_config(write(tmp_path, text))
    pages = plan_pages(pattern_book(cfg)).pages
    assert len(pages) == MIN_PAGES
    notes = [p for p in pages if p.kind is PageKind.NOTES]
    blanks = [p for p in pages if p.kind is PageKind.BLANK]
    assert len(pages) - len(notes) == _content_pages(cfg) + len(blanks)
    # Past the minimum, one Notes page at most evens the count.
    big = C.load_config(write(tmp_path, text.replace("count: 4", "count: 40")))
    pages = plan_pages(pattern_book(big)).pages
    content = _content_pages(big) + sum(p.kind is PageKind.BLANK for p in pages)
    assert content > MIN_PAGES
    assert len(pages) == content + content % 2 and len(pages) % 2 == 0


@pytest.mark.parametrize(
    "inches, white, cream",
    [((6, 9), 828, 776), ((5, 8), 828, 776), ((8.25, 6), 800, 750), ((8.25, 8.25), 800, 750),
     ((8.5, 8.5), 590, 550), ((8.5, 11), 590, 550), ((595.28 / 72, 841.89 / 72), 780, 730)],
)
def test_page_limit_by_trim_and_paper(inches: tuple[float, float], white: int, cream: int) -> None:
    w, h = inches[0] * 72, inches[1] * 72
    assert (page_limit(w, h, Paper.WHITE), page_limit(w, h, Paper.CREAM)) == (white, cream)


def _limit_config(template: str, paper: str, platform: str, count: int) -> str:
    return (f"title: Big\ntemplate: {template}\nprint: {{platform: {platform}, paper: {paper}}}\n"
            f"sections:\n  - {{name: Easy, count: {count}, difficulty: easy}}\n")


@pytest.mark.parametrize(
    "template, paper, platform, limit, trim",
    [
        ("kdp-8.5x11-1up", "white", "kdp", 590, "8.5 x 11"),
        ("kdp-8.5x11-1up", "cream", "kdp", 550, "8.5 x 11"),
        ("kdp-6x9-2up", "cream", "ingram", 776, "6 x 9"),
        ("a4-4up", "white", "kdp", 780, "8.27 x 11.69"),
    ],
)
def test_validate_refuses_a_book_over_the_page_limit(
    tmp_path: Path, template: str, paper: str, platform: str, limit: int, trim: str
) -> None:
    """The largest book under the limit passes; one more puzzle that adds a page is refused
    with the numbers."""
    t = C.load_template(template)
    t = replace(t, print=replace(t.print, platform=Platform(platform), paper=Paper(paper)))

    def pages(count: int) -> int:
        """The book's page count on demand (padded, recto starts), not yet judged."""
        easy = C.SectionConfig("Easy", count, C.Difficulty(None, ()), DigSpec(9), None)
        return page_count(_blank_book(t, [easy], FrontMatter()))

    lo, hi = 1, limit * t.puzzles_per_page  # pages(lo) <= limit < pages(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if pages(mid) <= limit else (lo, mid)
    count = lo
    ok = C.load_config(write(tmp_path, _limit_config(template, paper, platform, count)))
    assert page_count(pattern_book(ok)) == pages(count) <= limit
    over = count + 1
    assert pages(over) > limit
    assert problems(tmp_path, _limit_config(template, paper, platform, over)) == [
        f"sections: the book needs {pages(over)} pages; expected at most {limit} for "
        f"{platform} on {paper} paper at {trim} in: fewer puzzles, or more of them a page "
        "(line 4)"]


def test_home_books_have_no_page_limit(tmp_path: Path) -> None:
    cfg = C.load_config(write(tmp_path, _limit_config("letter-4up", "white", "home", 3000)))
    assert page_count(_blank_book(cfg.template, list(cfg.sections), cfg.front)) > 828


# ---------------------------------------------------------------- bleed


def test_bleed_pages_are_larger_at_the_outside_edge_and_mirrored(tmp_path: Path) -> None:
    cfg = template_config(tmp_path, "kdp-6x9-2up")
    plain = pattern_book(cfg)
    bled = replace(plain, template=replace(plain.template, print=replace(
        plain.template.print, bleed=True)))
    a, b = render(tmp_path, plain, "plain.pdf"), render(tmp_path, bled, "bleed.pdf")
    w, h = 432.0, 648.0
    reader = pypdf.PdfReader(b)
    assert len(reader.pages) == len(pypdf.PdfReader(a).pages) == page_count(plain)
    for number, page in enumerate(reader.pages, 1):
        assert [float(v) for v in page.mediabox] == [0, 0, w + BLEED_PT, h + 2 * BLEED_PT]
        assert [float(v) for v in page.bleedbox] == [0, 0, w + BLEED_PT, h + 2 * BLEED_PT]
        # The bleed is at the outside edge: right of a right-hand (odd) page.
        x = 0.0 if number % 2 else BLEED_PT
        assert [float(v) for v in page.trimbox] == [x, BLEED_PT, x + w, BLEED_PT + h]
    # Every mark sits where it sits on the plain page, moved with the trim: margins are
    # measured from the trim line.
    with pdfplumber.open(a) as pa, pdfplumber.open(b) as pb:
        for number, (p, q) in enumerate(zip(pa.pages, pb.pages, strict=True), 1):
            dx = 0.0 if number % 2 else BLEED_PT
            for kind in ("chars", "lines", "rects"):
                want = sorted((round(o["x0"] + dx, 2), round(o["y0"] + BLEED_PT, 2),
                               round(o["x1"] + dx, 2), round(o["y1"] + BLEED_PT, 2))
                              for o in getattr(p, kind))
                got = sorted((round(o["x0"], 2), round(o["y0"], 2), round(o["x1"], 2),
                              round(o["y1"], 2)) for o in getattr(q, kind))
                assert got == want, (number, kind)


def test_pages_without_bleed_have_no_extra_boxes(tmp_path: Path) -> None:
    cfg = template_config(tmp_path, "kdp-6x9-2up")
    reader = pypdf.PdfReader(render(tmp_path, pattern_book(cfg)))
    for page in reader.pages:
        assert "/TrimBox" not in page and "/BleedBox" not in page
        assert [float(v) for v in page.mediabox] == [0, 0, 432, 648]


# ---------------------------------------------------------------- recto starts


def _blank_runs(path: Path) -> list[int]:
    """Lengths of the runs of pages with no ink but perhaps their page number."""
    runs, run = [], 0
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            text = "".join(ch["text"] for ch in page.chars)
            if text in ("", str(page.page_number)) and not page.lines and not page.rects:
                run += 1
            else:
                runs.append(run)
                run = 0
    return [r for r in runs + [run] if r]


def _parts_config(template: str, copyright: str, front: str) -> str:
    text = TEMPLATE_BOOK.format(template=template, small=3, large=4)
    return text.replace("copyright: Copyright 2026 Ann Author. All rights reserved.\n",
                        copyright) + front


FRONTS = ("", "front: {how_to_play: false}\n", "front: {contents: false}\n",
          "front: {title_page: false, how_to_play: false}\n")


@pytest.mark.parametrize("template", ["kdp-6x9-2up", "kdp-8.5x11-1up", "a5-2up"])
def test_parts_start_on_right_hand_pages_on_demand(tmp_path: Path, template: str) -> None:
    for copyright in ("", "copyright: (c) 2026\n"):
        for front in FRONTS:
            cfg = C.load_config(write(tmp_path, _parts_config(template, copyright, front)))
            pages = plan_book(pattern_book(cfg)).pages
            firsts = [p for p in pages if p.first and p.kind in (PageKind.PUZZLES,
                                                                 PageKind.ANSWERS)]
            assert [p.title for p in firsts] == ["Warm-up", "Easy", "Tiny", "Answers"]
            assert all(p.number % 2 for p in firsts)
            blanks = [p.number for p in pages if p.kind is PageKind.BLANK]
            assert blanks, "these parts cannot all start on right-hand pages without a blank"
            # A blank page stands only right before a part, on a left-hand page.
            assert all(n % 2 == 0 and pages[n].first for n in blanks)
            # The contents point at the parts' first pages, blanks counted.
            entries = [e for p in pages if p.kind is PageKind.CONTENTS for e in p.entries]
            assert [(name, number) for name, _, number in entries] == (
                [(p.title, p.number) for p in firsts] if cfg.front.contents else [])
            empty = [p.kind is PageKind.BLANK or (p.kind is PageKind.COPYRIGHT and not copyright)
                     for p in pages]
            assert not any(all(empty[i:i + 3]) for i in range(len(empty) - 2))


def test_blank_pages_read_back(tmp_path: Path) -> None:
    """A blank page carries no mark at all, not even its number, and no more than two
    pages in a row are empty."""
    cfg = C.load_config(write(tmp_path, _parts_config("kdp-6x9-2up", "", FRONTS[1])))
    book = pattern_book(cfg)
    plan = plan_book(book)
    path = render(tmp_path, book)
    blanks = [p.number for p in plan.pages if p.kind is PageKind.BLANK]
    assert len(blanks) >= 2
    with pdfplumber.open(path) as pdf:
        for n in blanks:
            assert _objects(pdf.pages[n - 1]) == []
        contents = next(p.extract_text() for p in pdf.pages
                        if "Contents" in (p.extract_text() or ""))
    for page in plan.pages:
        if page.first and page.kind in (PageKind.PUZZLES, PageKind.ANSWERS):
            assert re.search(rf"^{page.title}( \(puzzles? [\d-]+\))?[ .]+{page.number}$",
                             contents, re.M), page.title
    runs = _blank_runs(path)
    assert runs and max(runs) <= 2


def test_recto_starts_follow_the_config(tmp_path: Path) -> None:
    def blanks(template: str, extra: str = "") -> int:
        cfg = template_config(tmp_path, template, extra)
        return sum(p.kind is PageKind.BLANK for p in plan_pages(pattern_book(cfg)).pages)

    assert blanks("kdp-6x9-2up") > 0
    assert blanks("kdp-6x9-2up", "print: {recto_starts: false}\n") == 0
    assert blanks("letter-4up") == 0
    assert blanks("letter-4up", "print: {recto_starts: true}\n") > 0
    assert problems(tmp_path, BASE.format(template="letter-4up")
                    + "print: {recto_starts: maybe}\n") == [
        "print.recto_starts: expected true or false, got 'maybe' (line 7)"]


# ---------------------------------------------------------------- the band word, large print


def test_the_section_name_appears_at_each_grid(tmp_path: Path) -> None:
    cfg = C.load_config(ROOT / "configs" / "quick.yaml")
    text = cfg.path.read_text().replace("count: 4", "count: 6")
    cfg = C.load_config(write(tmp_path, text))
    book = pattern_book(cfg)
    plan = plan_book(book)
    path = render(tmp_path, book)
    seen = set()
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            if page.kind is not PageKind.PUZZLES:
                continue
            words = pdf.pages[page.number - 1].extract_words()
            texts = [w["text"] for w in words]
            # In the heading (or the running header), and in each grid's label.
            assert texts.count(page.title) == 1 + len(page.puzzles), (page.number, texts)
            seen.add(page.first)
    assert seen == {True, False}


SMALL_LARGE_PRINT = """\
title: Large Print on a Small Page
subtitle: Six by six puzzles in big type
author: Ann Author
copyright: Copyright 2026 Ann Author. All rights reserved.
template: letter-large-print
layout: {page_size: 6x9}
sections:
  - {name: Gentle, size: 6, count: 5, difficulty: easy}
"""


@pytest.mark.parametrize("text", [None, SMALL_LARGE_PRINT], ids=["large-print.yaml", "6x9"])
def test_large_print_makes_all_its_text_large(tmp_path: Path, text: str | None) -> None:
    path = ROOT / "configs" / "large-print.yaml" if text is None else write(tmp_path, text)
    cfg = C.load_config(path)
    book = pattern_book(cfg)
    plan = plan_book(book)
    path = render(tmp_path, book)
    with pdfplumber.open(path) as pdf:
        for page in plan.pages:
            chars = pdf.pages[page.number - 1].chars
            assert min((ch["size"] for ch in chars), default=LARGE_PRINT_TEXT_PT) >= \
                LARGE_PRINT_TEXT_PT - EPS, page.number
            box = plan.box(page.number)
            if page.kind is PageKind.ANSWERS:
                # Grid digits are the chars below the labels' size class.
                grid = [ch for ch in chars if ch["y1"] > box.y and ch["text"].isdigit()
                        and ch["size"] > plan.metrics.answer_label_size + EPS]
                assert len(grid) == sum(len(p.solution) for p in page.puzzles)
                assert min(ch["size"] for ch in grid) >= LARGE_PRINT_ANSWER_PT
            if page.numbered:
                number = [ch for ch in chars if ch["y1"] <= box.y]
                assert "".join(ch["text"] for ch in number) == str(page.number)
                assert min(ch["size"] for ch in number) >= LARGE_PRINT_TEXT_PT - EPS


def test_large_print_refuses_small_answer_digits(tmp_path: Path) -> None:
    found = problems(tmp_path, BASE.format(template="letter-large-print")
                     + "layout: {answers_per_page: 6}\n")
    assert len(found) == 1
    m = re.fullmatch(r"sections\[0\]: 9x9 answer grids at 6 a page get ([\d.]+) pt "
                     r"digits with template 'letter-large-print'; expected at least 16 pt "
                     r"\(fewer answers_per_page under layout, or a larger page\) \(line 4\)",
                     found[0])
    assert m and float(m[1]) < LARGE_PRINT_ANSWER_PT


# ---------------------------------------------------------------- page count


@pytest.mark.parametrize("template", ["letter-4up", "kdp-6x9-2up"])
def test_page_count_of_a_config_is_the_pdf_page_count(tmp_path: Path, template: str) -> None:
    """The count a cover's spine needs, from a book of blank grids, before any puzzle."""
    cfg = template_config(tmp_path, template)
    estimate = page_count(_blank_book(cfg.template, list(cfg.sections), cfg.front))
    path = render(tmp_path, pattern_book(cfg))
    assert len(pypdf.PdfReader(path).pages) == estimate


# ---------------------------------------------------------------- fonts


VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


def test_shipped_fonts_keep_inside_the_room_for_type() -> None:
    from reportlab.pdfbase.ttfonts import TTFont

    for name in BUNDLED_FONTS:
        face = TTFont(name, str(VERA.with_name(f"{name}.ttf"))).face
        assert glyph_problem(face.ascent / 1000, -face.descent / 1000) is None, name


def test_a_font_that_reaches_deeper_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A font whose descenders go below the depth the page numbers are placed for would
    bring them near the trim: validate names the font key, the layout refuses it too."""
    why = ("its glyphs reach 0.76 em above and 0.24 em below the baseline; expected at most "
           "0.95 and 0.2 em, the room page numbers are placed in 0.25in from the trim")
    cfg = C.load_config(write(tmp_path, BASE.format(template="letter-4up")))
    monkeypatch.setattr(geometry_module, "TYPE_DESCENT", 0.2)  # Vera goes to 0.24 em
    text = BASE.format(template="letter-4up") + f"layout:\n  fonts: {{regular: {VERA}}}\n"
    # (the patched depth refuses the template's own bundled font as well)
    assert f"layout.fonts.regular: {VERA}: {why} (line 8)" in problems(tmp_path, text)
    book = pattern_book(cfg)
    book = replace(book, template=replace(book.template, font=str(VERA)))
    with pytest.raises(LayoutError, match=re.escape(f"font {str(VERA)!r}: {why}")):
        render_book(book, tmp_path / "book.pdf")
    assert not (tmp_path / "book.pdf").exists()
