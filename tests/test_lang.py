"""Books in the reader's language: the language files (every key, the same fields), the
`language:` and `text:` config keys, number formats and quotes, and a small book built in
every language whose extracted text holds none of the English boilerplate.

Every generated puzzle of the books is checked unique by the exact-cover solver
(tests/exact_cover.py), and each tips example is checked against that solution.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pypdf
import pytest
import yaml
from exact_cover import solutions_exact

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book, write_book
from bookgen.cli import main
from bookgen.core import lang
from bookgen.core.errors import ConfigError
from bookgen.core.grid import SYMBOLS, geometry

LANG_DIR = Path(lang.__file__).parent
IPA_GOTHIC = Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf")
LANGUAGES = ("en", "de", "fr", "es", "it", "nl", "pt", "ja")


def _raw(code: str) -> dict:  # type: ignore[type-arg]
    return yaml.safe_load((LANG_DIR / f"{code}.yaml").read_text(encoding="utf-8"))


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def test_the_shipped_languages() -> None:
    assert set(LANGUAGES) <= set(lang.languages())
    assert lang.languages() == tuple(sorted(p.stem for p in LANG_DIR.glob("*.yaml")))


@pytest.mark.parametrize("code", sorted(p.stem for p in LANG_DIR.glob("*.yaml")))
def test_every_language_file_has_every_key_with_its_fields(code: str) -> None:
    english, other = _raw("en"), _raw(code)
    assert set(other) == {"name", "decimal", "quotes", "text"}
    assert list(other["text"]) == list(english["text"]), "same keys, same order"
    for key, text in english["text"].items():
        assert isinstance(other["text"][key], str) and other["text"][key].strip(), key
        assert _fields(other["text"][key]) == _fields(text), key
    assert other["decimal"] in (".", ",")
    assert len(other["quotes"]) == 2


@pytest.mark.parametrize("code", sorted(p.stem for p in LANG_DIR.glob("*.yaml")))
def test_the_file_reads_as_the_pure_python_loader_reads_it(code: str) -> None:
    """language_file reads with libyaml's loader where there is one: it must give what
    PyYAML's own safe loader gives, text for text."""
    raw = _raw(code)
    read = lang.language_file(code)
    assert read.text == tuple((str(k), str(v)) for k, v in raw["text"].items())
    assert (read.name, read.decimal, read.quotes) == (raw["name"], raw["decimal"],
                                                      tuple(raw["quotes"]))


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_a_translation_is_a_translation(code: str) -> None:
    """Headings, labels and the rules are the language's own words, not English."""
    english, other = _raw("en")["text"], _raw(code)["text"]
    for key in ("heading.how_to_play", "heading.contents", "heading.answers", "label",
                "rules.grid", "rules.logic", "tips.intro", "scale.intro", "cover.blurb"):
        assert other[key] != english[key], (code, key)


@pytest.mark.parametrize(("code", "grade", "quoted"), [
    ("en", "4.5", "“Hard”"), ("de", "4,5", "„Schwer“"), ("fr", "4,5", "«\u00a0Difficile\u00a0»"),
    ("es", "4,5", "«Difícil»"), ("ja", "4.5", "「上級」"),
])
def test_number_format_and_quotes(code: str, grade: str, quoted: str) -> None:
    texts = lang.Texts(code)
    assert texts.number(4.5) == grade
    assert texts.quote(texts("band.hard")) == quoted
    assert texts("grade", grade=texts.number(4.5)).endswith(grade)


def test_overrides_replace_one_text() -> None:
    texts = lang.Texts("de", (("heading.notes", "Eigene Notizen"),))
    assert texts("heading.notes") == "Eigene Notizen"
    assert texts("heading.answers") == "Lösungen"


# ---------------------------------------------------------------- config keys

BASE = """\
title: Test
language: {language}
template: letter-4up
sections:
  - name: S
    count: 2
    difficulty: easy
"""


def problems(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(path)
    return str(e.value).splitlines()[1:]


@pytest.mark.parametrize(("text", "message"), [
    (BASE.format(language="dee"),
     "  language: unknown language 'dee'; did you mean 'de'? expected one of "
     + ", ".join(lang.languages()) + " (line 2)"),
    (BASE.format(language="de") + "text:\n  heading.answer: Auflösung\n",
     "  text.heading.answer: unknown key; did you mean 'heading.answers'? (line 9)"),
    (BASE.format(language="de") + "text:\n  label: Nr. {nummer}\n",
     "  text.label: unknown field {nummer} in the text; fields it may use: {number} (line 9)"),
    (BASE.format(language="de") + "text:\n  label: 'Nr. {number'\n",
     "  text.label: expected a text whose braces are paired: {field}, or {{ and }} for a "
     "brace itself, got 'Nr. {number' (line 9)"),
    (BASE.format(language="de") + "text:\n  heading.notes: ''\n",
     "  text.heading.notes: expected a non-empty text, got '' (line 9)"),
])
def test_language_and_text_mistakes_are_named(tmp_path: Path, text: str, message: str) -> None:
    assert problems(tmp_path, text) == [message]


def test_language_names_the_sections_and_title(tmp_path: Path) -> None:
    """Without a title or section names, the book takes the language's words."""
    path = tmp_path / "book.yaml"
    path.write_text("language: FR\nsections:\n  - {count: 2, difficulty: easy}\n"
                    "  - {count: 2, difficulty: medium}\n", encoding="utf-8")
    cfg = load_config(path)
    assert cfg.title == "Sudoku"
    assert [s.name for s in cfg.sections] == ["Facile", "Moyen"]
    assert cfg.texts.language == "fr"


def test_a_section_without_band_or_name_is_refused(tmp_path: Path) -> None:
    text = "title: T\nsections:\n  - count: 2\n    difficulty: {clues: [20, 30]}\n"
    assert problems(tmp_path, text) == [
        "  sections[0].name: required key missing: a section without a band needs a name "
        "(line 3)"]


def test_language_changes_the_config_hash(tmp_path: Path) -> None:
    hashes = set()
    for extra in ("", "language: de\n", "language: de\ntext:\n  heading.notes: Notiz\n"):
        path = tmp_path / "book.yaml"
        path.write_text("title: T\nsections:\n  - {name: S, count: 2, difficulty: easy}\n"
                        + extra, encoding="utf-8")
        hashes.add(load_config(path).config_hash)
    assert len(hashes) == 3


# ---------------------------------------------------------------- a book per language

BOOK = """\
title: {title}
language: {language}
seed: 5
template: kdp-6x9-2up
layout:
{fonts}  difficulty: {display}
publication:
  year: 2026
  imprint: Verlag
  isbn: 978-3-16-148410-0
front:
  belongs_to: true
  tips: true
  scale: true
sections:
  - count: 3
    size: 4
    difficulty: easy
  - count: 3
    size: 6
    difficulty: medium
"""

DISPLAY = {"en": "band", "de": "stars", "fr": "grade", "es": "band", "it": "grade",
           "nl": "stars", "pt": "band", "ja": "band"}


def _english_fragments(code: str) -> set[str]:
    """The literal runs of English boilerplate (4 letters or more) that the language says
    differently: none of them may appear in its book."""
    english, own = lang.Texts("en"), lang.Texts(code)
    own_words = " ".join(v for _, v in own.strings)
    out = set()
    for key, text in english.strings:
        if own.template(key) == text:
            continue
        for literal, *_ in string.Formatter().parse(text):
            for part in re.split(r"[:;()]", literal):
                part = part.strip(" .,")
                if len(re.sub(r"[^A-Za-z]", "", part)) >= 4 and part not in own_words:
                    out.add(part)
    return out


def _fonts(code: str) -> str:
    if code != "ja":
        return ""
    if not IPA_GOTHIC.is_file():
        from conftest import missing_data

        missing_data(f"the Japanese font {IPA_GOTHIC} (apt-get install fonts-ipafont-gothic)")
    return f"  fonts: {{regular: {IPA_GOTHIC}, bold: {IPA_GOTHIC}}}\n"


@pytest.fixture(scope="module", params=LANGUAGES)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    code = request.param
    folder = tmp_path_factory.mktemp(code)
    title = {"ja": "ナンプレ", "de": "Rätsel für Groß und Klein"}.get(code, "Sudoku")
    path = folder / "book.yaml"
    path.write_text(BOOK.format(title=title, language=code, fonts=_fonts(code),
                                display=DISPLAY[code]), encoding="utf-8")
    built = build_book(load_config(path, workers=1), progress=False)
    write_book(built, folder / "out")
    reader = pypdf.PdfReader(folder / "out" / "book.pdf")
    pages = [p.extract_text() or "" for p in reader.pages]
    return code, built, pages


def english_in(pages: list[str], code: str) -> list[str]:
    """The English fragments found in the pages' text, lines joined as sentences."""
    text = " ".join(" ".join(pages).split())
    return sorted(f for f in _english_fragments(code) if f in text)


def test_no_english_boilerplate_in_the_book(built) -> None:  # type: ignore[no-untyped-def]
    code, _, pages = built
    if code != "en":
        assert len(_english_fragments(code)) > 40  # headings, rules, tips, bands ...
    assert english_in(pages, code) == []


def test_the_check_finds_english_left_in_a_book(tmp_path: Path) -> None:
    """A German book whose config puts two English texts back: the check names them."""
    english = lang.Texts("en")
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(title="T", language="de", fonts="", display="band")
                    + f"text:\n  rules.logic: {english('rules.logic')!r}\n"
                    + "  heading.answers: Answers\n", encoding="utf-8")
    write_book(build_book(load_config(path, workers=1), progress=False), tmp_path / "out")
    pages = [p.extract_text() or "" for p in pypdf.PdfReader(tmp_path / "out" / "book.pdf").pages]
    found = english_in(pages, "de")
    assert {"Answers", "Every puzzle has exactly one solution, and logic alone finds it"} <= \
        set(found)
    assert "How to play" not in found


def test_the_book_speaks_its_language(built) -> None:  # type: ignore[no-untyped-def]
    code, b, pages = built
    texts = lang.Texts(code)
    text = "\n".join(pages)
    for key in ("heading.how_to_play", "heading.tips", "heading.scale", "heading.contents",
                "heading.answers", "heading.notes", "belongs_to", "copyright.rights",
                "band.easy", "band.medium"):
        assert texts(key) in text, key
    assert texts("label", number=6) in text
    assert texts("copyright.imprint", imprint="Verlag") in text
    assert "978-3-16-148410-0" in text
    assert [s.name for s in b.book.sections] == [texts("band.easy"), texts("band.medium")]
    if DISPLAY[code] == "grade":
        graded = [p for s in b.book.sections for p in s.puzzles]
        assert all(texts("grade", grade=texts.number(p.grade)) in text for p in graded)


def test_every_puzzle_unique_and_every_tip_a_true_step(built) -> None:  # type: ignore[no-untyped-def]
    code, b, pages = built
    texts = lang.Texts(code)
    puzzles = {p.number: p for s in b.book.sections for p in s.puzzles}
    for p in puzzles.values():
        geo = geometry(p.box_rows * p.box_cols)
        assert solutions_exact(p.givens, geo, 2) == [p.solution]
    assert b.book.tips, "a book of easy and medium puzzles needs singles at least"
    tips_text = "\n".join(t for t in pages if texts("heading.tips") in t)
    cell = re.escape(texts("cell", row="ROW", col="COL")).replace("ROW", r"(\d+)").replace(
        "COL", r"(\d+)")
    place = re.escape(texts("step.place", cell="CELL", digit="D")).replace(
        "CELL", cell).replace("D", r"(\w)")
    flat = " ".join(tips_text.split())
    checked = 0
    for tip in b.book.tips:
        assert texts(f"technique.{tip.family.value}") in tips_text
        if code == "ja":  # lines break between characters: compare without any spaces
            assert "".join(tip.example.split()) in "".join(flat.split())
        else:
            assert " ".join(tip.example.split()) in flat
        p = puzzles[tip.puzzle]
        n = p.box_rows * p.box_cols
        for row, col, digit in re.findall(place, tip.example):
            assert SYMBOLS[p.solution[(int(row) - 1) * n + int(col) - 1] - 1] == digit
            checked += 1
    assert checked, "the singles' examples place symbols"


# ---------------------------------------------------------------- black box

def test_validate_names_key_line_and_font_of_a_missing_glyph(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "book.yaml"
    path.write_text("title: 数独の本\nlanguage: de\nsections:\n  - name: Leicht ★\n"
                    "    count: 2\n    difficulty: easy\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: 2 problems:\n")
    assert ("  title: the fonts 'Vera' (regular) and 'VeraBd' (bold) have no glyph for "
            "'数' (U+6570), '独' (U+72EC), 'の' (U+306E), '本' (U+672C); expected fonts that "
            "cover them (layout.fonts.regular and bold) (line 1)") in err
    assert ("  sections[0].name: the fonts 'Vera' (regular) and 'VeraBd' (bold) have no "
            "glyph for '★' (U+2605); expected fonts that cover them (layout.fonts.regular "
            "and bold) (line 4)") in err
    assert "Traceback" not in err


def test_a_language_the_font_cannot_print_is_named(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "book.yaml"
    path.write_text("title: T\nlanguage: ja\nsections:\n  - name: S\n    count: 2\n"
                    "    difficulty: easy\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert re.search(r"  language: the ja texts: the fonts 'Vera' \(regular\) and 'VeraBd' "
                     r"\(bold\) have no glyph for 'ナ' \(U\+30CA\), .* and \d+ more \(in "
                     r"'title', 'subject', 'heading.how_to_play' and \d+ more\); expected "
                     r"fonts that cover them \(layout.fonts.regular and bold\) \(line 2\)",
                     err), err
