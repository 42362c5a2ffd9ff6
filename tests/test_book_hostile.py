"""Book configs that validated and then printed text off the page or as missing glyphs, run
through the command line as a user would (tests/blackbox.py): labels, headings and the
owner's line too wide for their place even at the print minimum, line breaks in one-line
texts, and front pages whose paragraphs ran past their bottom. What validate accepts,
build builds inside the live area: one book at those limits is built once and measured.

Glossary:
  BASE      a small sound config (one 4x4 section, printed at home, no front matter) each
            case adds to
  live      the page less 0.25 in (18 pt) at every edge, where every glyph must be
"""

from __future__ import annotations

import os
from pathlib import Path

import pdfplumber
import pytest
from blackbox import HOSTILE, bookgen, refused

BASE = """title: Hostile
print: {platform: home}
"""

FRONT = "front: {title_page: false, how_to_play: false, contents: false}\n"
"""No front matter, unless a case asks for its own pages."""

SECTION = """sections:
  - name: Easy
    size: 4
    count: 2
    difficulty: easy
"""

LONG = "x" * 2000
"""A word no line holds even at 7 pt."""

PARAGRAPH = " ".join(["lorem"] * 3000)
"""A paragraph no page holds even at 7 pt."""

LIVE = 18.0
"""Points from each trim edge that nothing may print in (PRINT.md)."""


def _config(folder: Path, text: str) -> Path:
    path = folder / "book.yaml"
    path.write_text(BASE + ("" if "front:" in text else FRONT) + text
                    + ("" if "sections:" in text else SECTION), encoding="utf-8")
    return path


TOO_WIDE = [
    ("layout_label", f"layout:\n  label: '{LONG} {{number}}'\n",
     "  layout.label: the label 'xxx"),
    ("text_label", f"text:\n  label: '{LONG} {{number}}'\n", "  text.label: the label 'xxx"),
    ("band_word", f"layout: {{label: '{{difficulty}}'}}\ntext:\n  band.easy: {LONG}\n",
     "  text.band.easy: too long for one heading line at 7 pt (2000 characters)"),
    ("answers_heading", f"text:\n  heading.answers: {LONG}\n",
     "  text.heading.answers: too long for one heading line at 7 pt (2000 characters)"),
    ("owner_line", f"front: {{belongs_to: true}}\ntext:\n  belongs_to: {LONG}\n",
     "  text.belongs_to: too long for one heading line at 7 pt"),
    ("small_page", "layout: {page_width: 100mm, page_height: 150mm, difficulty: stars}\n",
     "  layout: the label 'Puzzle 2' does not fit above a 62 pt grid even at 7 pt; "
     "expected fewer answers a page (answers_per_page) or a larger page"),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in TOO_WIDE],
                         ids=[c[0] for c in TOO_WIDE])
def test_a_line_too_wide_for_its_place_is_refused_by_key(tmp_path, text, expected):
    err = refused(bookgen("validate", _config(tmp_path, text), timeout=HOSTILE))
    assert expected in err and "(line " in err, err


PAGES = [
    ("rules", "front: {how_to_play: true}\ntext:\n  rules.grid: '%s'\n", "How to play"),
    ("tips", "front: {tips: true}\ntext:\n  tips.intro: '%s'\n", "Solving tips"),
    ("scale", "front: {scale: true}\ntext:\n  scale.intro: '%s {example}'\n",
     "Difficulty scale"),
]


@pytest.mark.parametrize(("text", "page"), [c[1:] for c in PAGES], ids=[c[0] for c in PAGES])
def test_a_page_of_paragraphs_too_long_for_it_is_refused(tmp_path, text, page):
    err = refused(bookgen("validate", _config(tmp_path, text % PARAGRAPH), timeout=HOSTILE))
    assert f"  text: the texts of the page '{page}' run past its bottom even at 7 pt; " \
           f"expected shorter texts (line " in err, err


BREAKS = [
    ("section_name", "sections:\n  - {name: \"a\\nb\", size: 4, count: 1, difficulty: easy}\n",
     "  sections[0].name: expected one line of text, got a line break at character 2 (line 5)"),
    ("layout_label", "layout: {label: \"P\\n{number}\"}\n",
     "  layout.label: expected one line of text, got a line break at character 2 (line 4)"),
    ("heading", "text: {heading.answers: \"An\\nswers\"}\n",
     "  text.heading.answers: expected one line of text, got a line break at character 3 "
     "(line 4)"),
]


@pytest.mark.parametrize(("text", "expected"), [c[1:] for c in BREAKS],
                         ids=[c[0] for c in BREAKS])
def test_a_line_break_in_a_one_line_text_is_refused(tmp_path, text, expected):
    assert expected in refused(bookgen("validate", _config(tmp_path, text), timeout=HOSTILE))


def test_a_paragraph_text_keeps_its_line_breaks(tmp_path):
    config = _config(tmp_path, "front: {how_to_play: true}\n"
                               "text: {rules.grid: \"One line.\\nAnother.\"}\n")
    done = bookgen("validate", config, timeout=HOSTILE)
    assert done.returncode == 0, done.stderr


EDGE = """title: Edge
print: {platform: home}
layout: {page_size: 7x10, large_print: true, puzzles_per_page: 1, answers_per_page: 4,
         label: 'Grid {number}', margins: {bottom: 0.6in}}
front: {how_to_play: true, tips: true, scale: true, belongs_to: true, contents: true}
text:
  heading.answers: Every answer to every puzzle of this book, in the order they appear
  belongs_to: This puzzle book belongs to its owner, whose name is written below
sections:
  - {name: Small, size: 4, count: 1, difficulty: easy}
  - {name: Crosses, size: 6, count: 1, difficulty: easy, variant: x}
  - {name: Shapes, size: 6, count: 1, difficulty: easy, variant: jigsaw}
"""


@pytest.fixture(scope="module")
def edge_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A book at the limits validate accepts (a small large-print page, every front
    page, a long label and long one-line texts that must shrink), built once."""
    folder = tmp_path_factory.mktemp("edge")
    config = folder / "book.yaml"
    config.write_text(EDGE, encoding="utf-8")
    assert bookgen("validate", config, timeout=HOSTILE).returncode == 0
    done = bookgen("build", config, "-o", folder / "out", timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    return folder / "out" / "book.pdf"


def test_what_validate_accepts_prints_inside_the_live_area(edge_book):
    outside = []
    with pdfplumber.open(edge_book) as pdf:
        assert len(pdf.pages) >= 8  # the front pages, three puzzles and the key
        for number, page in enumerate(pdf.pages, 1):
            w, h = float(page.width), float(page.height)
            outside += [(number, ch["text"]) for ch in page.chars
                        if min(ch["x0"], ch["top"], w - ch["x1"], h - ch["bottom"]) < LIVE]
            text = page.extract_text() or ""
            assert "\ufffd" not in text
    assert outside == []


BANKS = [
    ("no_folder", "nodir/book.bank", None,
     "cannot open the bank (no folder {folder}/nodir)"),
    ("a_folder", ".", None, "cannot open the bank (Is a directory)"),
    ("a_text_file", "notes.txt", b"hello", "not a bookgen bank (not an SQLite database); name a new file for a bank"),
    ("damaged", "broken.bank", b"SQLite format 3\x00" + b"\x00" * 100,
     "not a bookgen bank (file is not a database)"),
]


@pytest.mark.parametrize(("bank", "content", "expected"), [c[1:] for c in BANKS],
                         ids=[c[0] for c in BANKS])
def test_validate_refuses_a_bank_the_build_could_not_open(tmp_path, bank, content, expected):
    if content is not None:
        (tmp_path / bank).write_bytes(content)
    before = sorted(p.name for p in tmp_path.iterdir())
    config = _config(tmp_path, f"bank: {bank}\n")
    err = refused(bookgen("validate", config, timeout=HOSTILE))
    assert f"  bank: {tmp_path / bank}: {expected.format(folder=tmp_path)} (line 4)" in err, err
    # nothing made or changed beside the config
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "book.yaml"])
    if content is not None:
        assert (tmp_path / bank).read_bytes() == content


def test_a_config_that_is_no_regular_file_is_named_as_such(tmp_path):
    fifo = tmp_path / "book.yaml"
    os.mkfifo(fifo)  # a read would wait for a writer for ever
    for config in (fifo, Path(os.devnull)):
        err = refused(bookgen("validate", config, timeout=HOSTILE))
        assert err == f"error: {config}: not a regular file; expected a YAML book config\n"


def test_an_output_symlink_loop_is_refused_before_any_work(tmp_path):
    config = _config(tmp_path, "")
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    done = bookgen("build", config, "-o", tmp_path / "a", timeout=HOSTILE)
    err = refused(done)
    assert err == f"error: {tmp_path / 'a'}: a symbolic link that leads to no folder (a loop, " \
                  f"or its target {tmp_path / 'b'} is missing); expected a folder\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "b", "book.yaml"]


@pytest.mark.parametrize("command", ["build", "validate", "cover"])
def test_an_empty_output_folder_is_refused_not_taken_for_the_default(tmp_path, command):
    done = bookgen(command, _config(tmp_path, ""), "-o", "", cwd=tmp_path, timeout=HOSTILE)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.rstrip().endswith(
        f"error: bookgen {command}: argument -o/--output: expected a folder, got an empty path")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]


@pytest.mark.parametrize("kind", ["pipe", "folder"])
def test_a_font_that_is_no_regular_file_is_named_as_such(tmp_path, kind):
    font = tmp_path / "face.ttf"
    if kind == "pipe":
        os.mkfifo(font)  # a read would wait for a writer for ever
    else:
        font.mkdir()
    config = _config(tmp_path, f"layout: {{fonts: {{regular: {font}}}}}\n")
    err = refused(bookgen("validate", config, timeout=HOSTILE))
    assert f"  layout.fonts.regular: {font} is not a regular file: expected a font file " \
           f"(line 4)" in err, err


@pytest.mark.parametrize(("size", "grade", "top"), [(4, "[50, 60]", "1.2"), (9, "[12.5, 13]", "12")])
def test_a_grade_range_no_puzzle_reaches_is_refused_at_validate(tmp_path, size, grade, top):
    # The build searched, then stopped with 'found 0 of 2 puzzles'.
    config = _config(tmp_path, f"sections:\n  - {{name: G, size: {size}, count: 2, "
                               f"difficulty: {{grade: {grade}}}}}\n")
    err = refused(bookgen("validate", config, timeout=HOSTILE))
    lo = grade[1:].split(",")[0]
    assert f"  sections[0].difficulty: {size}x{size} puzzles cannot grade {lo} or more: the " \
           f"hardest {size}x{size} puzzles grade {top}; expected a grade range that starts " \
           f"at {top} or below (line 5)" in err, err


@pytest.mark.parametrize("key", ["subtitle", "author", "sections[0].name"])
def test_a_soft_hyphen_is_refused_as_it_prints_as_a_hyphen(tmp_path, key):
    word = '"Su\\u00addoku"'
    text = (f"sections:\n  - {{name: {word}, size: 4, count: 1, difficulty: easy}}\n"
            if key.startswith("sections") else f"{key}: {word}\n")
    err = refused(bookgen("validate", _config(tmp_path, text), timeout=HOSTILE))
    assert f"  {key}: expected text without soft hyphens (U+00AD), which would print as " \
           f"hyphens; got one at character 3 (line " in err, err
