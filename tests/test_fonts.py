"""Font files: .ttf, .otf with TrueType outlines and faces of a .ttc collection are used;
CFF outlines are refused with a clear reason; the glyph check reads each face's own
characters. The fonts are made here with fontTools' FontBuilder: a few square glyphs."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book
from bookgen.cli import main
from bookgen.core.errors import ConfigError
from bookgen.render import fonts
from bookgen.render.writer import render_book

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
GERMAN = ASCII + "äöüßÄÖÜ„“”×©·"
"""What a German book prints (Vera has these too)."""


def _font(path: Path, family: str, chars: str, cff: bool = False) -> Path:
    """A font of square glyphs for `chars` (ascent 0.8 em, descent 0.2 em)."""
    names = [".notdef"] + [f"u{ord(ch):04X}" for ch in chars]
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(ch): f"u{ord(ch):04X}" for ch in chars})
    if cff:
        strings = {}
        for name in names:
            pen = T2CharStringPen(600, None)
            pen.moveTo((50, 0))
            pen.lineTo((550, 0))
            pen.lineTo((550, 700))
            pen.lineTo((50, 700))
            pen.closePath()
            strings[name] = pen.getCharString()
        fb.setupCFF(family, {"FullName": family}, strings, {})
    else:
        glyphs = {}
        for name in names:
            pen = TTGlyphPen(None)
            pen.moveTo((50, 0))
            pen.lineTo((50, 700))
            pen.lineTo((550, 700))
            pen.lineTo((550, 0))
            pen.closePath()
            glyphs[name] = pen.glyph()
        fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({name: (600, 50) for name in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(str(path))
    return path


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("fonts")
    out = {
        "ttf": _font(d / "plain.ttf", "Plain", GERMAN),
        "otf": _font(d / "trueoutlines.otf", "TrueOutlines", GERMAN),
        "cff": _font(d / "postscript.otf", "PostScript", ASCII, cff=True),
        "small": _font(d / "ascii.ttf", "Ascii", ASCII),
    }
    collection = TTCollection()
    collection.fonts = [TTFont(str(out["small"])), TTFont(str(out["ttf"]))]
    collection.save(str(d / "pair.ttc"))
    out["ttc"] = d / "pair.ttc"
    return out


def _config(tmp_path: Path, fonts_block: str, language: str = "de") -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(f"title: Rätsel\nlanguage: {language}\nlayout:\n  fonts:\n{fonts_block}"
                    "sections:\n  - name: Leicht\n    count: 2\n    size: 4\n"
                    "    difficulty: easy\n", encoding="utf-8")
    return path


def _problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as e:
        load_config(path)
    return str(e.value).splitlines()[1:]


def test_a_cff_font_is_refused_with_the_reason(tmp_path: Path, made: dict[str, Path]) -> None:
    path = _config(tmp_path, f"    regular: {made['cff']}\n")
    assert _problems(path) == [
        f"  layout.fonts.regular: {made['cff']} has CFF (PostScript) outlines, which reportlab "
        "cannot embed: expected a font with TrueType outlines (a .ttf file, or an .otf or "
        ".ttc built with TrueType outlines) (line 5)"]


def test_an_otf_with_truetype_outlines_is_used(tmp_path: Path, made: dict[str, Path]) -> None:
    assert fonts.problem(made["otf"]) is None
    path = _config(tmp_path, f"    regular: {made['otf']}\n", language="en")
    assert load_config(path).template.font == str(made["otf"])


@pytest.mark.parametrize("form", ["{path}#1", "{{file: {path}, index: 1}}"])
def test_a_face_of_a_collection_by_its_index(tmp_path: Path, made: dict[str, Path],
                                             form: str) -> None:
    """Face 1 of the pair covers German, face 0 does not: the index is what counts."""
    spec = form.format(path=made["ttc"])
    cfg = load_config(_config(tmp_path, f"    regular: {spec}\n    bold: {spec}\n"))
    assert cfg.template.font == f"{made['ttc']}#1"
    assert fonts.source(cfg.template.font) == (made["ttc"], 1)
    book = build_book(cfg, progress=False).book
    pages = render_book(book, tmp_path / "book.pdf")
    assert pages >= 1 and (tmp_path / "book.pdf").read_bytes().count(b"/FontFile2") >= 1


def test_face_0_of_the_collection_lacks_the_umlauts(tmp_path: Path,
                                                    made: dict[str, Path]) -> None:
    spec = f"{made['ttc']}#0"
    problems = _problems(_config(tmp_path, f"    regular: {spec}\n    bold: {spec}\n"))
    assert problems[0] == (
        "  title: the font 'pair.ttc#0' (regular and bold) has no glyph for 'ä' (U+00E4); "
        "expected fonts that cover them (layout.fonts.regular and bold) (line 1)")
    assert problems[1].startswith(
        "  language: the de texts: the font 'pair.ttc#0' (regular and bold) has no glyph for "
        "'ä' (U+00E4), 'ö' (U+00F6), 'ü' (U+00FC)")
    assert problems[1].endswith("(line 2)")


@pytest.mark.parametrize(("form", "message"), [
    ("{path}#2", "{path} holds 2 fonts: expected an index from 0 to 1, got 2"),
    ("{{file: {path}, index: 7}}", "{path} holds 2 fonts: expected an index from 0 to 1, got 7"),
    ("{{index: 1}}", "expected a mapping with the font's file (and its index in a collection), "
                     "got a mapping"),
])
def test_a_wrong_face_is_named(tmp_path: Path, made: dict[str, Path], form: str,
                               message: str) -> None:
    spec = form.format(path=made["ttc"])
    assert _problems(_config(tmp_path, f"    regular: {spec}\n")) == [
        f"  layout.fonts.regular: {message.format(path=made['ttc'])} (line 5)"]


def test_only_the_bold_font_lacks_a_glyph(tmp_path: Path, made: dict[str, Path]) -> None:
    path = _config(tmp_path, f"    regular: {made['ttf']}\n    bold: {made['small']}\n")
    problems = _problems(path)
    assert problems[0] == (
        "  title: the font 'ascii.ttf' (bold) has no glyph for 'ä' (U+00E4); expected fonts "
        "that cover them (layout.fonts.regular and bold) (line 1)")
    assert all("'plain.ttf'" not in p for p in problems)


def test_validate_black_box_exit_1_with_key_line_and_font(tmp_path: Path, made: dict[str, Path],
                                                         capsys) -> None:  # type: ignore[no-untyped-def]
    path = _config(tmp_path, f"    regular: {made['small']}\n    bold: {made['small']}\n",
                   language="en")
    text = path.read_text(encoding="utf-8").replace("title: Rätsel", "title: Café").replace(
        "language: en\n", "")
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"error: {path}: 2 problems:\n"
        "  title: the font 'ascii.ttf' (regular and bold) has no glyph for 'é' (U+00E9); "
        "expected fonts that cover them (layout.fonts.regular and bold) (line 1)\n"
        "  language: the en, the default, texts: the font 'ascii.ttf' (regular and bold) has "
        "no glyph for '×' (U+00D7), '·' (U+00B7), '©' (U+00A9), '“' (U+201C), '”' (U+201D) "
        "(in 'rules.size', 'scale.line', 'copyright.notice' and 1 more); expected fonts that "
        "cover them (layout.fonts.regular and bold) (line 1)\n")
