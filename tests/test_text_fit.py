"""Long titles, names and words: wrapped and shrunk to no less than 7 pt inside the page,
or refused at validate with their key. Read back from the PDF with pdfplumber."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

from bookgen.core.model import Book, BookPuzzle, BookSection, FrontMatter, Template
from bookgen.render import fit
from bookgen.render.geometry import MIN_TEXT_PT, PageKind, plan_book
from bookgen.render.writer import render_book

ROOT = Path(__file__).resolve().parent.parent

WORDS = ("sudoku", "puzzles", "for", "the", "long", "winter", "evenings", "and", "beyond")
LONG_TITLE = " ".join(WORDS[i * 7 % len(WORDS)] for i in range(200))
LONG_WORD = "W" * 400
LONG_NAME = "Long section name " * 5


def test_wrap_breaks_a_word_longer_than_the_line():
    lines = fit.wrap(f"a {LONG_WORD} b", "Helvetica", 12, 200)
    assert "".join(lines).replace(" ", "") == f"a{LONG_WORD}b"
    assert len(lines) > 3
    assert all(fit.stringWidth(line, "Helvetica", 12) <= 200 for line in lines)


def test_fit_shrinks_to_the_floor_and_no_further():
    assert fit.fit("short", "Helvetica", 20, 300, 100) == fit.Fitted(("short",), 20, 1.35)
    shrunk = fit.fit(LONG_TITLE, "Helvetica", 20, 300, 200)
    assert shrunk is not None and MIN_TEXT_PT <= shrunk.size < 20 and shrunk.height <= 200
    assert fit.fit(LONG_TITLE * 5, "Helvetica", 20, 300, 200) is None
    assert fit.fit_line("x" * 10, "Helvetica", 12, 1000) == 12
    assert fit.fit_line("x" * 300, "Helvetica", 12, 100) is None


def _book(**texts: str) -> Book:
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    givens = (1, 0, 0, 4, 0, 0, 1, 0, 0, 1, 0, 0, 4, 0, 0, 1)
    name = texts.pop("name", "Easy")
    puzzle = BookPuzzle(1, name, "Easy", 2, 2, givens, solution)
    fields = {"title": "Title", "subtitle": "", "author": "", "copyright": "", **texts}
    return Book(**fields, sections=(BookSection(name, (puzzle,)),),
                template=Template("letter-4up", page_width=612.0, page_height=792.0),
                front=FrontMatter())


def test_long_texts_stay_inside_the_page_at_7_pt_or_more(tmp_path):
    book = _book(title=LONG_TITLE, subtitle=LONG_WORD, author="Anne Author " * 10,
                 copyright=f"(c) 2026 {LONG_WORD}", name=LONG_NAME)
    path = tmp_path / "book.pdf"
    render_book(book, path)
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages[:6]:
            for ch in page.chars:
                assert ch["size"] >= MIN_TEXT_PT - 0.01, (page.page_number, ch["text"])
                assert 18 <= ch["x0"] and ch["x1"] <= page.width - 18, (page.page_number, ch)
        title_page = pdf.pages[0]
        bold = [c for c in title_page.chars if c["fontname"].endswith("Bold")]
        regular = [c for c in title_page.chars if not c["fontname"].endswith("Bold")]
        subtitle = [c for c in regular if c["text"] == "W"]
        author = [c for c in regular if c["text"] != "W"]
        assert len(subtitle) == 400 and "".join(c["text"] for c in author).startswith("Anne")
        # title above the subtitle above the author: no line printed over another
        assert max(c["bottom"] for c in bold) < min(c["top"] for c in subtitle)
        assert max(c["bottom"] for c in subtitle) < min(c["top"] for c in author)
        # the long section name keeps clear of its first page's number
        page = next(p for p in plan_book(book).pages if p.kind is PageKind.CONTENTS)
        first = str(page.entries[0][2])
        words = pdf.pages[page.number - 1].extract_words()
        number = [w for w in words if w["text"] == first]
        assert number and all(w["x1"] < number[0]["x0"] for w in words
                              if w["top"] == pytest.approx(number[0]["top"], abs=3)
                              and w is not number[0] and w["text"] != ".")


def validate(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "bookgen", "validate", str(path)],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


def test_validate_refuses_what_cannot_fit_naming_the_key(tmp_path):
    out = validate(tmp_path, f"title: {LONG_TITLE * 12}\ncopyright: {LONG_WORD * 20}\n"
                             f"sections:\n  - {{name: {'N' * 300}, size: 4, count: 2, "
                             "difficulty: easy}\n")
    assert out.returncode == 1
    assert out.stderr.splitlines()[1:] == [
        f"  title: too long to fit on the title page at 7 pt ({len(LONG_TITLE * 12)} "
        "characters); shorten it (line 1)",
        "  copyright: too long to fit on its page at 7 pt (8000 characters); shorten it (line 2)",
        "  sections[0].name: too long for one heading line at 7 pt (300 characters); shorten "
        "it (line 4)",
    ]


def test_validate_accepts_long_texts_that_fit(tmp_path):
    """At home: a print-on-demand book's cover has far less room for its title."""
    out = validate(tmp_path, f"title: {LONG_TITLE}\nsubtitle: {LONG_WORD}\n"
                             "print: {platform: home}\n"
                             f"sections:\n  - {{name: {LONG_NAME.strip()}, size: 4, count: 2, "
                             "difficulty: easy}\n")
    assert out.returncode == 0, out.stderr
