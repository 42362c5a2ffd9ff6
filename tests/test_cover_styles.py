"""The designed cover, read back from the PDF: each front style on a 6x9 and a letter-size
book, the title fitted large without an orphan, badges in the book's language, the back's
blurb in its size and measure, every back text 0.5 in inside the trim, a sample without
interior labels, the price and imprint, CMYK ink, PDF/X-1a keys on cover and interior, and
the same bytes for the same book.

Lengths are PRINT.md's and the issue's (inches), not the cover geometry's constants.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pdfplumber
import pikepdf
import pypdf
import pytest
from conftest import random_puzzle

from bookgen.core import lang
from bookgen.core.grid import geometry
from bookgen.core.model import (
    Band,
    Book,
    BookPuzzle,
    BookSection,
    Colour,
    CoverInk,
    CoverSpec,
    CoverStyle,
    PrintSpec,
    Publication,
    Template,
)
from bookgen.core.rules import Paper
from bookgen.render.cover import badges, render_cover
from bookgen.render.cover_type import title_lines
from bookgen.render.writer import register_fonts, render_book

IN = 72.0
BLEED = 0.125 * IN
BACK_MARGIN = 0.5 * IN
TRIMS = {"6x9": (6.0, 9.0), "letter": (8.5, 11.0)}
TITLE = "Sudoku for Sharp Minds"
BLURB = (
    "110 classic sudoku puzzles in four sections, from easy to expert. Every puzzle has "
    "exactly one solution, and logic alone finds it: no guessing needed.\n\nEach puzzle is "
    "graded by the techniques it takes, so the book grows harder page by page. The answers "
    "are at the back."
)
BANDS = (("Easy", Band.EASY), ("Medium", Band.MEDIUM), ("Hard", Band.HARD))
PAGES = 120


def template(trim: str, pdfx: bool = False) -> Template:
    w, h = TRIMS[trim]
    return Template(trim, w * IN, h * IN, print=PrintSpec(paper=Paper.WHITE, pdfx=pdfx))


def book(t: Template, cover: CoverSpec, language: str = "en") -> Book:
    """Two puzzles in each of three bands (random grids: the cover only draws them)."""
    rng = random.Random(5)
    geo = geometry(9)
    sections, number = [], 1
    for name, band in BANDS:
        grids = []
        for _ in range(2):
            givens = random_puzzle(rng, geo, 30)
            grids.append(BookPuzzle(number, name, name, 3, 3, givens, givens, band=band,
                                    grade=1.0))
            number += 1
        sections.append(BookSection(name, tuple(grids)))
    return Book(TITLE, "Graded puzzles for every day", "Ann Author", "", tuple(sections), t,
                cover=cover, texts=lang.Texts(language),
                publication=Publication(imprint="Quiet Press", isbn="978-3-16-148410-0"))


def spec(style: CoverStyle, **kw: object) -> CoverSpec:
    return CoverSpec(blurb=BLURB, accent=Colour(0.12, 0.3, 0.47), style=style,
                     price="$9.99", **kw)  # type: ignore[arg-type]


CASES = [(style, trim) for style in CoverStyle for trim in TRIMS]


@pytest.fixture(scope="module", params=CASES, ids=[f"{s.value}-{t}" for s, t in CASES])
def cover(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    style, trim = request.param
    b = book(template(trim), spec(style))
    path = tmp_path_factory.mktemp("cover") / "cover.pdf"
    plan = render_cover(b, PAGES, path)
    with pdfplumber.open(path) as pdf:
        chars = pdf.pages[0].chars
    return b, plan, path, chars, request.param


def lines_of(chars: list[dict]) -> list[tuple[str, float, list[dict]]]:
    """(text, size, chars) of each line of upright chars, top down, words spaced."""
    rows: dict[float, list[dict]] = {}
    for ch in chars:
        if ch["upright"]:
            rows.setdefault(round(ch["y0"], 1), []).append(ch)
    out = []
    for y in sorted(rows, reverse=True):
        row = sorted(rows[y], key=lambda c: c["x0"])
        text = row[0]["text"]
        for a, b in zip(row, row[1:], strict=False):
            text += (" " if b["x0"] - a["x1"] > a["size"] * 0.15 else "") + b["text"]
        out.append((text.strip(), max(c["size"] for c in row), row))
    return out


def panel_chars(chars: list[dict], plan, side: str) -> list[dict]:  # type: ignore[no-untyped-def]
    r = plan.back if side == "back" else plan.front
    return [c for c in chars if r.x <= (c["x0"] + c["x1"]) / 2 <= r.right]


def test_title_large_and_without_an_orphan(cover) -> None:  # type: ignore[no-untyped-def]
    b, plan, _, chars, (style, trim) = cover
    front = [c for c in panel_chars(chars, plan, "front") if not c["text"].isdigit()]
    biggest = max(c["size"] for c in front)  # the motif's digits may be larger
    title = [(text, size) for text, size, _ in lines_of(front) if size > biggest - 0.01]
    assert " ".join(t for t, _ in title) == TITLE
    if trim == "6x9":
        assert biggest >= 40
    words = [len(t.split()) for t, _ in title]
    assert len(words) == 1 or words[-1] > 1, title


def test_blurb_size_and_measure(cover) -> None:  # type: ignore[no-untyped-def]
    _, plan, _, chars, _ = cover
    wanted = " ".join(BLURB.split())
    blurb = [(t, s) for t, s, _ in lines_of(panel_chars(chars, plan, "back"))
             if any(ch.isalpha() for ch in t) and t in wanted]
    assert " ".join(t for t, _ in blurb) == wanted.replace("\n", " ")
    for text, size in blurb:
        assert 11 <= size <= 12, (text, size)
        assert len(text) <= 60, text


def test_back_texts_half_an_inch_inside_the_trim_and_off_the_barcode(cover) -> None:  # type: ignore[no-untyped-def]
    _, plan, _, chars, _ = cover
    w, h = plan.trim
    safe = (BLEED + BACK_MARGIN, BLEED + BACK_MARGIN, BLEED + w - BACK_MARGIN,
            BLEED + h - BACK_MARGIN)
    barcode = (BLEED + w - 0.25 * IN - 2 * IN, BLEED + 0.25 * IN, BLEED + w - 0.25 * IN,
               BLEED + 0.25 * IN + 1.2 * IN)
    back = [c for c in chars if c["x1"] <= BLEED + w]
    assert back
    for c in back:
        assert c["x0"] >= safe[0] - 0.01 and c["x1"] <= safe[2] + 0.01, c["text"]
        assert c["y0"] >= safe[1] - 0.01 and c["y1"] <= safe[3] + 0.01, c["text"]
        assert not (c["x1"] > barcode[0] and c["x0"] < barcode[2] and c["y1"] > barcode[1]
                    and c["y0"] < barcode[3]), c["text"]
    texts = [t for t, _, _ in lines_of(back)]
    assert "$9.99" in texts
    assert "Published by Quiet Press" in texts and "ISBN 978-3-16-148410-0" in texts


def test_back_sample_has_no_interior_label(cover) -> None:  # type: ignore[no-untyped-def]
    _, plan, _, chars, _ = cover
    s = plan.sample
    text = " ".join(t for t, _, _ in lines_of(panel_chars(chars, plan, "back")))
    assert not re.search(r"Puzzle \d", text)
    # Nothing but the grid's digits between the caption and the sample's foot.
    near = [c for c in chars if s.x - 1 <= c["x0"] and c["x1"] <= s.right + 1
            and s.y - 20 <= c["y0"] and c["y1"] <= s.top + 2]
    assert near and all(c["text"].isdigit() for c in near)


def test_badges_on_the_front(cover) -> None:  # type: ignore[no-untyped-def]
    _, plan, _, chars, _ = cover
    texts = [t for t, _, _ in lines_of(panel_chars(chars, plan, "front"))]
    row = [t for t in texts if "Answers included" in t]
    assert row == ["6 puzzles Easy to Hard Answers included"]


def test_each_style_has_its_art(cover) -> None:  # type: ignore[no-untyped-def]
    b, plan, _, chars, (style, _) = cover
    front = panel_chars(chars, plan, "front")
    digits = [c for c in front if c["text"].isdigit() and c["size"] < 40]
    givens = sum(1 for v in b.sections[-1].puzzles[-1].givens if v)
    if style is CoverStyle.PUZZLE:
        assert plan.art is not None
        on_art = [c for c in digits if plan.art.x < c["x0"] and c["x1"] < plan.art.right
                  and plan.art.y < c["y0"] and c["y1"] < plan.art.top]
        assert len(on_art) == givens  # the front puzzle's givens
    elif style is CoverStyle.PATTERN:
        assert len(digits) > 3 * givens  # tiles of the grids (here solution = givens)
    else:
        big = [c for c in front if c["text"].isdigit() and c["size"] > 40]
        assert big, "the typographic motif's large digits"


def test_same_book_same_bytes(tmp_path: Path) -> None:
    for style in CoverStyle:
        b = book(template("6x9", pdfx=True), spec(style))
        render_cover(b, PAGES, tmp_path / "a.pdf")
        render_cover(b, PAGES, tmp_path / "b.pdf")
        assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes(), style


def test_badges_off(tmp_path: Path) -> None:
    b = book(template("6x9"), spec(CoverStyle.PUZZLE, badges=False))
    render_cover(b, PAGES, tmp_path / "cover.pdf")
    with pdfplumber.open(tmp_path / "cover.pdf") as pdf:
        assert "Answers included" not in pdf.pages[0].extract_text()


@pytest.mark.parametrize("language", lang.languages())
def test_badges_come_from_the_language(language: str) -> None:
    b = book(template("6x9"), spec(CoverStyle.PUZZLE), language)
    texts = badges(b)
    table = dict(lang.language_file(language).text)
    assert texts == (
        table["cover.badge.count"].format(count=6),
        table["cover.badge.range"].format(easiest=table["band.easy"],
                                          hardest=table["band.hard"]),
        table["cover.badge.answers"],
    )
    if language != lang.DEFAULT:
        assert texts != badges(book(template("6x9"), spec(CoverStyle.PUZZLE)))


def colour_ops(path: Path) -> set[str]:
    with pikepdf.open(path) as pdf:
        return {str(op) for page in pdf.pages for _, op in pikepdf.parse_content_stream(page)
                if str(op) in ("rg", "RG", "k", "K", "g", "G", "sc", "scn", "cs")}


def test_cmyk_ink_writes_no_rgb(tmp_path: Path) -> None:
    for style in CoverStyle:
        b = book(template("6x9"), spec(style, ink=CoverInk.CMYK))
        render_cover(b, PAGES, tmp_path / "cover.pdf")
        ops = colour_ops(tmp_path / "cover.pdf")
        assert "k" in ops and not ops & {"rg", "RG", "sc", "scn", "cs"}, (style, ops)


def test_pdfx_cover_and_interior(tmp_path: Path) -> None:
    b = book(template("6x9", pdfx=True), spec(CoverStyle.PATTERN))
    render_cover(b, PAGES, tmp_path / "cover.pdf")
    pages = render_book(b, tmp_path / "book.pdf")
    assert pages > 1
    for name in ("cover.pdf", "book.pdf"):
        pdf = pypdf.PdfReader(tmp_path / name)
        info = pdf.trailer["/Info"]
        assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003"
        assert info["/Trapped"] == "/False"
        assert info["/CreationDate"] and info["/ModDate"]
        (intent,) = pdf.trailer["/Root"]["/OutputIntents"]
        intent = intent.get_object()
        assert intent["/S"] == "/GTS_PDFX"
        assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
        assert intent["/RegistryName"] == "http://www.color.org"
        for page in pdf.pages:
            assert "/TrimBox" in page and "/BleedBox" in page or "/TrimBox" in page
            trim = [float(v) for v in page["/TrimBox"]]
            media = [float(v) for v in page.mediabox]
            assert media[0] <= trim[0] < trim[2] <= media[2], name
            resources = page["/Resources"]
            assert "/ExtGState" not in resources or all(
                "/CA" not in g.get_object() and "/ca" not in g.get_object()
                for g in resources["/ExtGState"].values())  # no transparency
            for font in resources["/Font"].values():
                descendant = font.get_object()["/DescendantFonts"][0].get_object() \
                    if "/DescendantFonts" in font.get_object() else font.get_object()
                assert "/FontFile2" in descendant["/FontDescriptor"], name
        ops = colour_ops(tmp_path / name)
        assert not ops & {"rg", "RG", "sc", "scn", "cs"}, (name, ops)


def test_title_breaks_without_an_orphan() -> None:
    font = register_fonts(template("6x9")).bold
    # At 40 pt the title takes two lines: never 'Sudoku for Sharp / Minds'.
    text = title_lines(TITLE, font, 360, 200, 40, 7)
    assert text.size == 40 and text.lines == ("Sudoku for", "Sharp Minds")
    # A box too small for it even at the least size.
    with pytest.raises(Exception, match="does not fit"):
        title_lines(TITLE, font, 20, 5, 40, 7)


CONFIG = """\
title: Cover Test
author: Ann Author
seed: 5
template: kdp-6x9-2up
print: {{platform: kdp, pdfx: {pdfx}}}
cover:
{cover}
sections:
  - name: Easy
    size: 6
    count: 3
    difficulty: easy
"""


def test_cover_keys_are_read(tmp_path: Path) -> None:
    from bookgen.book.config import load_config

    path = tmp_path / "book.yaml"
    path.write_text(CONFIG.format(pdfx="true", cover='  style: Pattern\n  ink: cmyk\n'
                                  '  badges: false\n  price: "$9.99"'))
    cfg = load_config(path)
    assert (cfg.cover.style, cfg.cover.ink, cfg.cover.badges, cfg.cover.price) == (
        CoverStyle.PATTERN, CoverInk.CMYK, False, "$9.99")
    assert cfg.template.print.pdfx
    path.write_text(CONFIG.format(pdfx="false", cover="  blurb: Short."))
    cfg = load_config(path)
    assert (cfg.cover.style, cfg.cover.ink, cfg.cover.badges, cfg.cover.price) == (
        CoverStyle.PUZZLE, CoverInk.RGB, True, "")
    assert not cfg.template.print.pdfx


@pytest.mark.parametrize(("cover", "pdfx", "message"), [
    ("  style: patern", "false",
     "cover.style: unknown cover style 'patern'; did you mean 'pattern'? expected one of "
     "typographic, puzzle, pattern (line 7)"),
    ("  ink: cymk", "false", "cover.ink: unknown ink 'cymk'; did you mean 'cmyk'? expected "
     "one of rgb, cmyk (line 7)"),
    ("  badges: yes please", "false", "cover.badges: expected true or false, got 'yes please' "
     "(line 7)"),
    ("  blurb: Short.", "1", "print.pdfx: expected true or false, got 1 (line 5)"),
])
def test_cover_key_errors(tmp_path: Path, cover: str, pdfx: str, message: str) -> None:
    from bookgen.book.config import load_config
    from bookgen.core.errors import ConfigError

    path = tmp_path / "book.yaml"
    path.write_text(CONFIG.format(pdfx=pdfx, cover=cover))
    with pytest.raises(ConfigError) as e:
        load_config(path)
    assert str(e.value).splitlines()[1:] == [f"  {message}"]


def test_badges_that_cannot_fit_are_left_out_last_first(tmp_path: Path) -> None:
    from bookgen.render.cover_front import fit_badges
    from bookgen.render.geometry import Rect

    font = register_fonts(template("6x9")).bold
    row = Rect(0, 0, 360, 40)
    texts = ("6 puzzles", "Easy to Hard", "Answers included")
    assert fit_badges(texts, font, row, 432).texts == texts
    long = (*texts[:2], "Answers included " * 6)
    kept = fit_badges(long, font, row, 432)
    assert kept.texts == texts[:2] and kept.size >= 8 and kept.width <= 360
    assert fit_badges(("W" * 200,), font, row, 432).texts == ()
    # A book whose wording is too long still gets its cover, without that badge.
    b = book(template("6x9"), spec(CoverStyle.PUZZLE))
    b = Book(b.title, b.subtitle, b.author, "", b.sections, b.template, cover=b.cover,
             texts=lang.Texts("en", (("cover.badge.answers", "Answers included " * 6),)))
    render_cover(b, PAGES, tmp_path / "cover.pdf")
    with pdfplumber.open(tmp_path / "cover.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "Easy to Hard" in text and "Answers included" not in text
