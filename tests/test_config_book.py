"""config/toplevel.py's checks of the whole book: the hardest grade a book plans its tips for,
and the cover of a print-on-demand book, told at the key the problem lies in."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest

from bookgen.book.config import BookConfig, load_config
from bookgen.book.config.sections import Difficulty, SectionConfig
from bookgen.book.config.toplevel import _blank_book, _hardest
from bookgen.core.errors import ConfigError
from bookgen.core.model import BANDS, Band, FrontMatter
from bookgen.core.rules import Figure
from bookgen.grade.scale import Family
from bookgen.grade.techniques import FAMILIES, families_below

BOOK = """\
title: Cover Test
author: Ann Author
seed: 5
template: kdp-6x9-2up
{layout}print: {{platform: {platform}}}
{cover}sections:
  - {{name: Easy, size: 6, count: 3, difficulty: easy}}
"""


def write(tmp_path: Path, layout: str = "", platform: str = "kdp", cover: str = "") -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(layout=layout, platform=platform, cover=cover), encoding="utf-8")
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(ConfigError) as e:
        load_config(path)
    head, *lines = str(e.value).splitlines()
    assert head == f"{path}: {len(lines)} problem{'s' if len(lines) > 1 else ''}:"
    return [line.strip() for line in lines]


# ---------------------------------------------------------------- the hardest grade


@pytest.fixture(scope="module")
def section(tmp_path_factory: pytest.TempPathFactory) -> SectionConfig:
    cfg: BookConfig = load_config(write(tmp_path_factory.mktemp("hardest"), platform="home"))
    return cfg.sections[0]


def rated(section: SectionConfig, band: Band | None,
          *ranges: tuple[Figure, float, float]) -> SectionConfig:
    return dataclasses.replace(section, difficulty=Difficulty(band, ranges))


def rated_at_most(top: float) -> set[Family]:
    """The families with a technique a grade of at most `top` (in tenths) allows, by hand."""
    return {f for t, f in FAMILIES.items() if round(t.se, 1) <= top and f is not Family.CAGE}


@pytest.mark.parametrize("band", list(Band))
def test_a_band_allows_grades_below_its_top(section: SectionConfig, band: Band) -> None:
    top = BANDS[band][1]
    assert _hardest([rated(section, band)]) == top
    assert set(families_below(_hardest([rated(section, band)]))) == {
        f for t, f in FAMILIES.items() if t.se < top and f is not Family.CAGE}


@pytest.mark.parametrize("top", [0.5, 1.0, 1.9, 2.2, 2.3, 2.9, 3.0, 4.5, 9.9])
def test_a_grade_range_allows_its_top_grade_and_no_more(section: SectionConfig,
                                                         top: float) -> None:
    for band in (None, Band.EXTREME):  # a band above the range: the range decides
        hardest = _hardest([rated(section, band, (Figure.GRADE, 0.0, top))])
        assert top < hardest < round(top + 0.1, 1)  # grades go in tenths
        assert set(families_below(hardest)) == rated_at_most(top)


def test_the_lower_of_band_and_grade_range_decides(section: SectionConfig) -> None:
    assert _hardest([rated(section, Band.MEDIUM, (Figure.GRADE, 1.0, 7.0))]) == 2.5
    assert _hardest([rated(section, Band.EXPERT, (Figure.GRADE, 4.0, 4.4))]) == pytest.approx(
        4.45)


def test_ranges_on_other_figures_leave_the_grade_open(section: SectionConfig) -> None:
    others = [(f, 0.0, 1.0) for f in Figure if f is not Figure.GRADE]
    assert _hardest([rated(section, None, *others)]) == math.inf
    assert _hardest([rated(section, Band.HARD, *others)]) == 4.0
    # only the grade range among them caps
    assert _hardest([rated(section, None, *others, (Figure.GRADE, 0.0, 2.0))]) == \
        pytest.approx(2.05)


def test_the_hardest_section_decides(section: SectionConfig) -> None:
    easy, hard = rated(section, Band.EASY), rated(section, Band.HARD)
    low = rated(section, None, (Figure.GRADE, 0.0, 0.4))
    assert _hardest([easy, hard]) == _hardest([hard, easy]) == 4.0
    assert _hardest([low]) == pytest.approx(0.45)
    assert _hardest([low, easy]) == 1.5
    assert _hardest([easy, rated(section, None)]) == math.inf
    assert _hardest([]) == 0.0


def test_a_blank_book_plans_the_tips_of_its_hardest_grade(section: SectionConfig) -> None:
    cfg = load_config(Path(__file__).resolve().parent.parent / "configs" / "quick.yaml")
    sections = [rated(section, Band.EASY), rated(section, None, (Figure.GRADE, 1.0, 2.3))]
    tips = _blank_book(cfg.template, sections, FrontMatter(tips=True)).tips
    assert {t.family for t in tips} == rated_at_most(2.3)
    assert Family.NAKED_SINGLE in {t.family for t in tips}  # rated 2.3 itself
    assert _blank_book(cfg.template, sections, FrontMatter(tips=False)).tips == ()


# ---------------------------------------------------------------- the cover

TOO_NARROW = ("template 'kdp-6x9-2up': a 3.5 x 6 in cover has 0.56 in beside the 2 x 1.2 in "
              "barcode area for the imprint; expected at least 1 in (a wider trim)")


def test_a_trim_too_narrow_for_the_cover_is_told_at_the_template(tmp_path: Path) -> None:
    path = write(tmp_path, layout="layout: {page_size: 3.5x6}\n")
    assert problems(path) == [f"template: {TOO_NARROW} (line 4)"]


def test_with_a_cover_block_it_is_told_there(tmp_path: Path) -> None:
    path = write(tmp_path, layout="layout: {page_size: 3.5x6}\n", cover="cover: {blurb: Short.}\n")
    assert problems(path) == [f"cover: {TOO_NARROW} (line 7)"]


def test_a_book_printed_at_home_has_no_cover_to_check(tmp_path: Path) -> None:
    long = "cover: {blurb: " + "Many words. " * 300 + "}\n"
    cfg = load_config(write(tmp_path, layout="layout: {page_size: 3.5x6}\n", platform="home",
                            cover=long))
    assert cfg.template.page_width == 3.5 * 72
    assert cfg.cover.blurb.startswith("Many words.")


def test_a_blurb_too_long_is_told_at_the_blurb(tmp_path: Path) -> None:
    path = write(tmp_path, cover="cover:\n  accent: '#102030'\n  blurb: "
                 + "Many words. " * 300 + "\n")
    assert problems(path) == [
        "cover.blurb: the blurb on the back cover does not fit its 5.00 x 4.01 in area at "
        "11 pt: expected a shorter text (line 8)"]


def test_a_title_or_author_too_long_for_the_cover_is_told_at_its_key(tmp_path: Path) -> None:
    # without a title page (and contents), only the cover prints them at their size
    path = write(tmp_path)
    text = path.read_text(encoding="utf-8").replace(
        "seed: 5\n", "seed: 5\nfront: {title_page: false, contents: false}\n")
    path.write_text(text.replace("Ann Author", "Ann " * 400), encoding="utf-8")
    assert problems(path) == [
        "author: the author on the front cover does not fit its 5.00 x 0.54 in area even at "
        "7 pt: expected a shorter text (line 2)"]
    path.write_text(text.replace("Cover Test", "Word " * 400), encoding="utf-8")
    assert problems(path) == [
        f"title: the title on the {what} cover does not fit its {area} in area even at 7 pt: "
        "expected a shorter text (line 1)"
        for what, area in (("front", "5.00 x 2.55"), ("back", "5.00 x 0.63"))]
    # with a cover block, they are still told at their own keys
    path.write_text(text.replace("Cover Test", "Word " * 400).replace(
        "sections:", "cover: {blurb: Short.}\nsections:"), encoding="utf-8")
    assert [p.split(":")[0] for p in problems(path)] == ["title", "title"]


# ---------------------------------------------------------------- texts and killer cages


def test_texts_that_cannot_fit_are_told_at_their_keys(tmp_path: Path) -> None:
    path = tmp_path / "book.yaml"
    path.write_text(f"title: {'Word ' * 1000}\ncopyright: {'Copyright' * 800}\nsections:\n"
                    "  - {name: Fits, size: 4, count: 2, difficulty: easy}\n"
                    f"  - {{name: {'N' * 300}, size: 6, count: 2, difficulty: medium}}\n",
                    encoding="utf-8")
    assert problems(path) == [
        "title: too long to fit on the title page at 7 pt (4999 characters); shorten it "
        "(line 1)",
        "copyright: too long to fit on its page at 7 pt (7200 characters); shorten it (line 2)",
        "sections[1].name: too long for one heading line at 7 pt (300 characters); shorten it "
        "(line 5)"]


KILLER = """\
title: Killer
template: a4-4up
layout: {{puzzles_per_page: 6, lines: {{border: {border}}}}}
sections:
  - {{name: Plain, count: 4, difficulty: easy}}
  - {{name: Easy, variant: killer, count: 4, difficulty: easy}}
  - {{name: Hard, variant: killer, count: 4, difficulty: hard}}
"""


def test_cages_too_small_to_read_are_told_once_at_the_first_killer_section(
        tmp_path: Path) -> None:
    path = tmp_path / "book.yaml"
    # a heavy border pushes the sums and dashes in, and the digits out of small cells
    path.write_text(KILLER.format(border=6), encoding="utf-8")
    assert problems(path) == [
        "sections[1].variant: template 'a4-4up': killer 9x9 grids at puzzles_per_page 6: "
        "21.8 pt cells leave 8.6 pt digits below 8 pt cage sums; expected at least 10 pt "
        "(fewer puzzles a page) (line 6)"]
    # the usual border leaves room for the sums; plain grids need none with the heavy one
    path.write_text(KILLER.format(border=2.8), encoding="utf-8")
    assert [s.dig.variant.value for s in load_config(path).sections] == [
        "classic", "killer", "killer"]
    path.write_text(KILLER.format(border=6).replace("variant: killer, ", ""),
                    encoding="utf-8")
    assert load_config(path).template.lines.border == 6


# ---------------------------------------------------------------- what load_config takes


def test_the_lowest_seed_and_worker_count_overrides_are_taken(tmp_path: Path) -> None:
    path = write(tmp_path, platform="home")
    cfg = load_config(path, seed=0, workers=1)
    assert (cfg.seed, cfg.workers) == (0, 1)
    assert (load_config(path).seed, load_config(path).workers) == (5, None)
    for kwargs, message in (({"seed": -1}, "seed: expected a non-negative integer, got -1"),
                            ({"workers": 0}, "workers: expected a positive integer, got 0")):
        with pytest.raises(ConfigError) as e:
            load_config(path, **kwargs)
        assert str(e.value) == message


def test_a_series_needs_a_bank_beside_the_config(tmp_path: Path) -> None:
    path = write(tmp_path, platform="home")
    text = path.read_text(encoding="utf-8")
    path.write_text(text + "series: Weekly\n", encoding="utf-8")
    assert problems(path) == ["series: a series needs a bank: add bank: PATH (line 8)"]
    path.write_text(text + "series: Weekly\nbank: banks/b.db\n", encoding="utf-8")
    (tmp_path / "banks").mkdir()  # a bank's folder must be there (the build makes none)
    cfg = load_config(path)
    assert (cfg.series, cfg.bank) == ("Weekly", tmp_path / "banks" / "b.db")
    path.write_text(text, encoding="utf-8")
    assert (load_config(path).series, load_config(path).bank) == ("", None)


def test_cover_numbers_wait_for_sound_sections(tmp_path: Path) -> None:
    """A puzzle number is checked against the book's count only when every section is
    sound: with one refused, the count is not known."""
    path = write(tmp_path, cover="cover: {front_puzzle: 5}\n")
    assert problems(path) == ["cover.front_puzzle: expected a puzzle number from 1 to 3 (the "
                              "book's puzzles), got 5 (line 6)"]
    path.write_text(path.read_text(encoding="utf-8") + "  - {name: Bad, count: 0, "
                    "difficulty: easy}\n", encoding="utf-8")
    assert problems(path) == ["sections[1].count: expected a positive integer, got 0 (line 9)"]


# ---------------------------------------------------------------- the blank book

SHAPES = """\
title: Shapes
template: letter-4up
sections:
  - {name: Small, size: 4, count: 2, difficulty: easy}
  - {name: Cross, size: 6, variant: x, count: 3, difficulty: easy}
  - name: Pieces
    size: 6
    variant: jigsaw
    count: 2
    difficulty: easy
    regions: "111222 113322 133442 533446 554466 555666"
  - {name: Cages, variant: killer, count: 1, difficulty: easy}
"""


def test_a_blank_book_has_each_sections_grids_numbered_through(tmp_path: Path) -> None:
    path = tmp_path / "book.yaml"
    path.write_text(SHAPES, encoding="utf-8")
    cfg = load_config(path)
    book = _blank_book(cfg.template, list(cfg.sections), cfg.front)
    assert [s.name for s in book.sections] == ["Small", "Cross", "Pieces", "Cages"]
    shapes = {"Small": (4, (2, 2), "classic", None), "Cross": (6, (2, 3), "x", None),
              "Pieces": (6, (0, 0), "jigsaw", "111222113322133442533446554466555666"),  # no boxes
              "Cages": (9, (3, 3), "killer", None)}
    puzzles = [p for s in book.sections for p in s.puzzles]
    assert [p.number for p in puzzles] == list(range(1, 9))
    assert [p.section for p in puzzles] == ["Small"] * 2 + ["Cross"] * 3 + ["Pieces"] * 2 + [
        "Cages"]
    for p in puzzles:
        n, box, variant, regions = shapes[p.section]
        assert p.givens == p.solution == (0,) * (n * n)
        assert ((p.box_rows, p.box_cols), p.variant.value, p.regions) == (box, variant, regions)
        assert p.difficulty == "" and p.cages == ()
    assert (book.title, book.subtitle, book.author, book.copyright) == ("Sudoku", "", "", "")
    assert book.publication is None and book.front == cfg.front and book.template is cfg.template


# ---------------------------------------------------------------- grid sizes

SIZES = """\
title: Sizes
template: {template}
sections:
  - {{name: Small, size: 4, count: 2, difficulty: easy}}
  - {{name: Small again, size: 4, count: 2, difficulty: easy}}
  - {{name: Big, size: 16, count: 2, difficulty: easy}}
  - {{name: Big again, size: 16, count: 2, difficulty: easy}}
"""


@pytest.mark.parametrize(("template", "expected"), [
    ("letter-4up", [
        "16x16 grids at 4 a page get 0.22 in cells with template 'letter-4up'; expected at "
        "least 0.3 in to write in (fewer puzzles_per_page under layout, or a larger page)",
        "16x16 answer grids at 9 a page get 6.2 pt digits with template 'letter-4up'; expected "
        "at least 7 pt (fewer answers_per_page under layout, or a larger page)"]),
    ("letter-large-print", [
        "16x16 answer grids at 4 a page get 10.0 pt digits with template 'letter-large-print'; "
        "expected at least 16 pt (fewer answers_per_page under layout, or a larger page)"]),
])
def test_each_grid_size_is_checked_once_at_its_first_section(tmp_path: Path, template: str,
                                                             expected: list[str]) -> None:
    path = tmp_path / "book.yaml"
    path.write_text(SIZES.format(template=template), encoding="utf-8")
    assert problems(path) == [f"sections[2].size: {line} (line 6)" for line in expected]


# ---------------------------------------------------------------- glyphs

EN_MARKS = "×·©“”"
"""The characters beyond ASCII that the English texts print."""


def _subset(folder: Path, name: str, chars: str) -> Path:
    """Vera cut down to `chars`."""
    import reportlab
    from fontTools import subset

    options = subset.Options()
    with subset.load_font(str(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"),
                          options) as font:
        cutter = subset.Subsetter(options)
        cutter.populate(unicodes=[ord(c) for c in chars])
        cutter.subset(font)
        font.save(str(folder / name))
    return folder / name


@pytest.fixture(scope="module")
def cut(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("glyphs")
    ascii_ = "".join(chr(c) for c in range(0x20, 0x7F))
    return {"ascii": _subset(folder, "ascii.ttf", ascii_ + EN_MARKS),
            "no G": _subset(folder, "nog.ttf", ascii_.replace("G", "") + EN_MARKS)}


def _lacks(at: str, char: str, line: int, font: str = "ascii.ttf") -> str:
    return (f"{at}: the font '{font}' (regular and bold) has no glyph for '{char}' "
            f"(U+{ord(char):04X}); expected fonts that cover them (layout.fonts.regular and "
            f"bold) (line {line})")


def test_each_text_of_the_config_is_checked_for_glyphs_at_its_key(
        tmp_path: Path, cut: dict[str, Path]) -> None:
    path = tmp_path / "book.yaml"
    font = cut["ascii"]
    path.write_text(f"title: Café\nsubtitle: Crème\nauthor: Zoë\ncopyright: © Renée\nseed: 3\n"
                    f"layout: {{fonts: {{regular: {font}, bold: {font}}}, label: Série}}\n"
                    "publication: {rights: Réservé, imprint: Éd, year: 2026}\n"
                    "cover: {blurb: Résumé}\nsections:\n"
                    "  - {name: Début, size: 4, count: 2, difficulty: easy}\n"
                    "  - {name: Plain, size: 4, count: 2, difficulty: easy}\n", encoding="utf-8")
    assert problems(path) == [
        _lacks("title", "é", 1), _lacks("subtitle", "è", 2), _lacks("author", "ë", 3),
        _lacks("copyright", "é", 4), _lacks("layout", "é", 6),
        _lacks("publication.rights", "é", 7), _lacks("publication.imprint", "É", 7),
        _lacks("cover.blurb", "é", 8), _lacks("sections[0].name", "é", 10)]


def test_a_template_files_label_is_checked_at_the_template(tmp_path: Path,
                                                          cut: dict[str, Path]) -> None:
    font = cut["ascii"]
    (tmp_path / "mine.yaml").write_text(
        f"page_size: letter\nfonts: {{regular: {font}, bold: {font}}}\nlabel: Série\n",
        encoding="utf-8")
    path = tmp_path / "book.yaml"
    path.write_text("title: Plain\ntemplate: mine.yaml\nsections:\n"
                    "  - {name: Plain, size: 4, count: 2, difficulty: easy}\n", encoding="utf-8")
    assert problems(path) == [_lacks("template", "é", 2)]


def test_the_symbols_of_each_grid_size_are_checked_at_its_section(
        tmp_path: Path, cut: dict[str, Path]) -> None:
    font = cut["no G"]
    path = tmp_path / "book.yaml"
    path.write_text(f"title: Plain\nlayout: {{fonts: {{regular: {font}, bold: {font}}}}}\n"
                    "sections:\n  - {name: Plain, size: 4, count: 2, difficulty: easy}\n"
                    "  - {name: Big, size: 16, count: 2, difficulty: easy}\n", encoding="utf-8")
    assert _lacks("sections[1].size: 16x16 grids", "G", 5, "nog.ttf") in problems(path)


def test_a_bundled_font_the_page_cannot_hold_is_told_at_the_template(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Vera's descenders reach 0.24 em: with room for 0.2 em only, the layout's own font
    check refuses the template's bundled font (no font file to name under layout)."""
    from bookgen.render import geometry

    monkeypatch.setattr(geometry, "TYPE_DESCENT", 0.2)
    path = write(tmp_path, platform="home")
    assert problems(path) == [
        "template: template 'kdp-6x9-2up': font 'Vera': its glyphs reach 0.76 em above and "
        "0.24 em below the baseline; expected at most 0.95 and 0.2 em, the room page numbers "
        "are placed in 0.25in from the trim (line 4)"]


@pytest.mark.parametrize(("extra", "problem"), [
    ("subtitle: " + "Long " * 1000, "subtitle: too long to fit on the title page at 7 pt (4999 "
     "characters); shorten it (line 2)"),
    ("publication: {year: 2026, rights: " + "Rights " * 2000 + "}", "publication: too long to "
     "fit on its page at 7 pt (14016 characters); shorten it (line 2)"),
])
def test_the_subtitle_and_publication_fit_their_pages(tmp_path: Path, extra: str,
                                                      problem: str) -> None:
    path = tmp_path / "book.yaml"
    path.write_text(f"title: T\n{extra}\nsections:\n"
                    "  - {name: S, size: 4, count: 2, difficulty: easy}\n", encoding="utf-8")
    assert problems(path) == [problem]


def test_the_languages_own_texts_are_checked_for_glyphs(tmp_path: Path,
                                                        cut: dict[str, Path]) -> None:
    font = cut["ascii"]
    path = tmp_path / "book.yaml"
    path.write_text(f"title: T\nlanguage: de\nlayout: {{fonts: {{regular: {font}, bold: {font}}}}}"
                    "\nsections:\n  - {name: S, size: 4, count: 2, difficulty: easy}\n",
                    encoding="utf-8")
    assert problems(path) == [
        "language: the de texts: the font 'ascii.ttf' (regular and bold) has no glyph for 'ä' "
        "(U+00E4), 'ö' (U+00F6), 'ü' (U+00FC), 'ß' (U+00DF), 'Ü' (U+00DC) and 1 more (in "
        "'subject', 'rules.goal', 'howto.x.more' and 2 more); expected fonts that cover them "
        "(layout.fonts.regular and bold) (line 2)"]


def test_large_print_asks_its_larger_puzzle_digits(tmp_path: Path) -> None:
    path = tmp_path / "book.yaml"
    path.write_text("title: T\ntemplate: letter-large-print\nlayout: {puzzles_per_page: 2}\n"
                    "sections:\n  - {name: S, size: 12, count: 2, difficulty: easy}\n",
                    encoding="utf-8")
    assert problems(path)[0] == (
        "sections[0].size: 12x12 grids at 2 a page get 14.9 pt digits with template "
        "'letter-large-print'; expected at least 16 pt (fewer puzzles_per_page under layout, "
        "or a larger page) (line 5)")


def test_workers_from_the_file_and_a_title_from_the_language(tmp_path: Path) -> None:
    from bookgen.core import lang

    path = tmp_path / "book.yaml"
    path.write_text("language: fr\nworkers: 3\nsections:\n"
                    "  - {name: A, size: 4, count: 2, difficulty: easy}\n", encoding="utf-8")
    cfg = load_config(path)
    assert (cfg.workers, cfg.title) == (3, lang.Texts("fr")("title"))
    assert cfg.texts == lang.Texts("fr")


def test_every_refused_section_is_told(tmp_path: Path) -> None:
    """A section the reader refuses (count 0) leaves the next one's checks across keys to
    run."""
    path = tmp_path / "book.yaml"
    path.write_text("title: T\nsections:\n"
                    "  - {name: A, size: 9, count: 0, difficulty: easy}\n"
                    "  - {name: B, size: 9, count: 2, difficulty: easy, clues: [5, 6]}\n",
                    encoding="utf-8")
    assert problems(path) == [
        "sections[0].count: expected a positive integer, got 0 (line 3)",
        "sections[1].clues: expected at least 17 clues: no 9x9 puzzle with fewer has a "
        "unique solution, got [5, 6] (line 4)"]
