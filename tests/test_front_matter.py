"""A publisher's front matter and the difficulty beside each grid: the copyright page's
fields (ISBN checked), the owner's page, the tips and scale pages in the page plan with
the print rules kept, and the difficulty display none | band | stars | grade read back
from the PDF. Ends with the Japanese example book built as a user builds it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pypdf
import pytest
from test_lang import IPA_GOTHIC, english_in
from test_print import pattern_book

from bookgen.book.config import load_config
from bookgen.core import lang
from bookgen.core.errors import ConfigError
from bookgen.core.model import STARS, Band, Book, DifficultyDisplay
from bookgen.render.geometry import PageKind, plan_pages
from bookgen.render.writer import render_book

ROOT = Path(__file__).resolve().parent.parent

BOOK = """\
title: Front
author: Ann Author
language: {language}
template: {template}
{extra}front:
  belongs_to: true
  tips: true
  scale: true
sections:
  - count: 5
    difficulty: easy
  - count: 5
    difficulty: hard
"""


def config(tmp_path: Path, extra: str = "", language: str = "en",
           template: str = "kdp-6x9-2up") -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(language=language, template=template, extra=extra),
                    encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as e:
        load_config(path)
    return str(e.value).splitlines()[1:]


# ---------------------------------------------------------------- copyright page

@pytest.mark.parametrize(("block", "message"), [
    ("  isbn: 978-3-16-148410-1\n", "publication.isbn: expected a valid ISBN, got "
     "'978-3-16-148410-1': its check digit is wrong (line 6)"),
    ("  isbn: 12345\n", "publication.isbn: expected an ISBN of 10 or 13 digits, e.g. "
     "978-3-16-148410-0, got 12345 (line 6)"),
    ("  year: 26\n", "publication.year: expected an integer from 1450 to 2999, got 26 (line 6)"),
    ("  edtion: First\n", "publication.edtion: unknown key; did you mean 'edition'? (line 6)"),
])
def test_publication_mistakes(tmp_path: Path, block: str, message: str) -> None:
    assert problems(config(tmp_path, "publication:\n" + block)) == ["  " + message]


@pytest.mark.parametrize("isbn", ["978-3-16-148410-0", "9780306406157", "0-306-40615-2",
                                  "0-8044-2957-X"])
def test_valid_isbns(tmp_path: Path, isbn: str) -> None:
    cfg = load_config(config(tmp_path, f"publication:\n  isbn: {isbn}\n"))
    assert cfg.publication is not None and cfg.publication.isbn == isbn


def _copyright_page(tmp_path: Path, extra: str, language: str = "en") -> list[str]:
    cfg = load_config(config(tmp_path, extra, language))
    path = tmp_path / "book.pdf"
    render_book(pattern_book(cfg), path)
    return (pypdf.PdfReader(path).pages[1].extract_text() or "").splitlines()


def test_the_copyright_page_lists_the_fields_in_order(tmp_path: Path) -> None:
    lines = _copyright_page(tmp_path, "publication:\n  year: 2026\n  edition: First edition\n"
                                      "  imprint: Pine Press\n  isbn: 978-3-16-148410-0\n")
    assert lines == ["Copyright © 2026 Ann Author", "All rights reserved.", "First edition",
                     "Published by Pine Press", "ISBN 978-3-16-148410-0"]


def test_the_copyright_line_and_own_rights_win(tmp_path: Path) -> None:
    lines = _copyright_page(tmp_path, "copyright: (c) Ann\npublication:\n  rights: ''\n"
                                      "  isbn: 0-306-40615-2\n", language="de")
    assert lines == ["(c) Ann", "ISBN 0-306-40615-2"]


def test_the_rights_line_follows_the_language(tmp_path: Path) -> None:
    lines = _copyright_page(tmp_path, "publication:\n  year: 2026\n", language="it")
    assert lines == ["© 2026 Ann Author", "Tutti i diritti riservati."]


def test_no_fields_leave_the_page_blank(tmp_path: Path) -> None:
    assert _copyright_page(tmp_path, "") == []


# ---------------------------------------------------------------- page plan

@pytest.mark.parametrize("template", ["kdp-6x9-2up", "letter-4up", "a5-2up"])
def test_front_pages_in_order_and_the_print_rules_kept(tmp_path: Path, template: str) -> None:
    cfg = load_config(config(tmp_path, template=template))
    book = pattern_book(cfg)
    pages = plan_pages(book).pages
    kinds = [p.kind for p in pages]
    front = [k for k in kinds if k in (PageKind.TITLE, PageKind.COPYRIGHT, PageKind.BELONGS_TO,
                                       PageKind.HOW_TO_PLAY, PageKind.TIPS, PageKind.SCALE,
                                       PageKind.CONTENTS)]
    assert front[:4] == [PageKind.TITLE, PageKind.COPYRIGHT, PageKind.BELONGS_TO,
                         PageKind.HOW_TO_PLAY]
    assert front[-2:] == [PageKind.SCALE, PageKind.CONTENTS]
    tips = [p for p in pages if p.kind is PageKind.TIPS]
    assert [t for p in tips for t in p.tips] == list(book.tips) and tips[0].first
    assert not next(p for p in pages if p.kind is PageKind.BELONGS_TO).numbered
    if cfg.template.print.platform.on_demand:
        assert len(pages) % 2 == 0 and len(pages) >= 24
        for p in pages:
            if p.kind in (PageKind.PUZZLES, PageKind.ANSWERS) and p.first:
                assert p.number % 2 == 1, (p.title, p.number)
    # the plan is what the PDF gets, page for page
    path = tmp_path / "book.pdf"
    assert render_book(book, path) == len(pages)
    texts = [p.extract_text() or "" for p in pypdf.PdfReader(path).pages]
    assert "This book belongs to" in texts[2]
    assert texts[3].startswith("How to play")
    assert any(t.startswith("Solving tips") for t in texts)
    assert any(t.startswith("Difficulty scale") and "grade 1.0 to 1.4" in t and
               "grade 6.0 and up" in t for t in texts)


def test_an_easy_book_expects_fewer_tips(tmp_path: Path) -> None:
    easy = load_config(config(tmp_path).parent / "book.yaml")
    text = (tmp_path / "book.yaml").read_text().replace(
        "    difficulty: hard", "    difficulty: easy\n    name: More")
    (tmp_path / "easy.yaml").write_text(text)
    assert len(pattern_book(load_config(tmp_path / "easy.yaml")).tips) < len(
        pattern_book(easy).tips)


# ---------------------------------------------------------------- difficulty display

def _graded(book: Book) -> Book:
    """Give the pattern puzzles bands and grades: easy 1.2, hard 3.4."""
    sections = []
    for i, s in enumerate(book.sections):
        band = Band.EASY if i == 0 else Band.HARD
        grade = 1.2 if band is Band.EASY else 3.4
        sections.append(replace(s, puzzles=tuple(
            replace(p, band=band, grade=grade, difficulty=book.texts(f"band.{band.value}"))
            for p in s.puzzles)))
    return replace(book, sections=tuple(sections))


def _render(tmp_path: Path, display: str, language: str = "en") -> tuple[Book, Path]:
    cfg = load_config(config(tmp_path, f"layout:\n  difficulty: {display}\n", language,
                             template="letter-4up"))
    assert cfg.template.difficulty is DifficultyDisplay(display)
    book = _graded(pattern_book(cfg))
    path = tmp_path / "book.pdf"
    render_book(book, path)
    return book, path


def _puzzle_pages(path: Path) -> list[int]:
    plan_text = [p.extract_text() or "" for p in pypdf.PdfReader(path).pages]
    return [i for i, t in enumerate(plan_text) if re.search(r"(Puzzle|Grille) 1\b", t)]


def test_stars_one_to_five_by_band(tmp_path: Path) -> None:
    book, path = _render(tmp_path, "stars")
    with pdfplumber.open(path) as pdf:
        for s in book.sections:
            for page in pdf.pages:
                text = page.extract_text() or ""
                if not text.startswith(s.name):
                    continue
                stars = [o for o in page.curves if len(o["pts"]) >= 10]
                on_page = [p for p in s.puzzles if f"Puzzle {p.number}" in text]
                assert on_page
                filled = sum(1 for o in stars if o["fill"])
                assert len(stars) == 5 * len(on_page)
                assert filled == sum(STARS[p.band] for p in on_page if p.band)
                assert s.name not in text.replace(s.name, "", 1)  # no band word beside


def test_grade_in_the_language_number_format(tmp_path: Path) -> None:
    _, path = _render(tmp_path, "grade", language="fr")
    text = " ".join(p.extract_text() or "" for p in pypdf.PdfReader(path).pages)
    assert text.count("Note 1,2") == 10 and text.count("Note 3,4") == 10  # puzzles, answers
    assert "Note 1.2" not in text


def test_none_shows_no_difficulty(tmp_path: Path) -> None:
    _, path = _render(tmp_path, "none")
    texts = [p.extract_text() or "" for p in pypdf.PdfReader(path).pages]
    easy = [t for t in texts if t.startswith("Easy")]
    assert easy and all(t.count("Easy") == 1 and "Hard" not in t for t in easy)
    answers = [t for t in texts if t.startswith("Answers")]
    assert answers and all("Easy" not in t and "Hard" not in t for t in answers)


def test_a_wrong_display_is_named(tmp_path: Path) -> None:
    assert problems(config(tmp_path, "layout:\n  difficulty: star\n")) == [
        "  layout.difficulty: unknown difficulty display 'star'; did you mean 'stars'? "
        "expected one of none, band, stars, grade (line 6)"]


# ---------------------------------------------------------------- the Japanese example

@pytest.mark.slow
def test_the_japanese_example_book_builds(tmp_path: Path) -> None:
    if not IPA_GOTHIC.is_file():
        from conftest import missing_data

        missing_data(f"the Japanese font {IPA_GOTHIC} (apt-get install fonts-ipafont-gothic)")
    out = tmp_path / "ja"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "bookgen", "build", "-q",
                          str(ROOT / "configs" / "japanese.yaml"), "-o", str(out)],
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr
    reader = pypdf.PdfReader(out / "book.pdf")
    pages = [p.extract_text() or "" for p in reader.pages]
    texts = lang.Texts("ja")
    flat = "".join("".join(pages).split())
    for key in ("heading.how_to_play", "heading.tips", "heading.scale", "heading.contents",
                "heading.answers", "band.easy", "copyright.rights"):
        assert "".join(texts(key).split()) in flat, key
    assert "ナンプレ毎日の二十問" in flat and "問題1" in flat
    assert english_in(pages, "ja") == []
    fonts = {str(f.get("/BaseFont")) for page in reader.pages
             for f in (page.get("/Resources") or {}).get("/Font", {}).values()}
    assert fonts and all(f.endswith("+IPAGothic") for f in fonts)
    assert (out / "cover.pdf").is_file()
