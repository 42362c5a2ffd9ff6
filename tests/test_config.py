"""Book configs and templates: what loads, what each kind of mistake is told, and how."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
import reportlab

from bookgen.book import config as C
from bookgen.book.config.toplevel import _blank_book
from bookgen.core.errors import ConfigError
from bookgen.core.model import Band, ClueTarget, DigSpec, FrontMatter, LineWeights
from bookgen.core.rules import Figure, Symmetry
from bookgen.render.geometry import plan_book

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_TEMPLATES = (
    "letter-4up", "letter-large-print", "a4-4up", "a5-2up", "kdp-6x9-2up", "kdp-8.5x11-1up",
)
VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"

BASE = """\
title: Test Book
seed: 7
template: letter-4up
sections:
  - name: Easy
    count: 4
    difficulty: easy
"""


def write(tmp_path: Path, text: str, name: str = "book.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> list[str]:
    """The problem lines of a config that must fail (header checked, indentation removed)."""
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as e:
        C.load_config(path)
    head, *lines = str(e.value).split("\n")
    n = len(lines)
    assert head == f"{path}: {n} problem{'s' if n > 1 else ''}:"
    assert all(line.startswith("  ") for line in lines)
    return [line.strip() for line in lines]


# ---------------------------------------------------------------- what loads


def test_quick_config_is_small_with_a_6x6_section():
    cfg = C.load_config(ROOT / "configs" / "quick.yaml")
    assert cfg.name == "quick"
    assert sum(s.count for s in cfg.sections) <= 20
    assert 2 <= len(cfg.sections) <= 3
    assert 6 in {s.dig.size for s in cfg.sections}
    assert cfg.template.name == "letter-4up"


def test_classic_config_runs_easy_to_expert_with_one_improved_section():
    cfg = C.load_config(ROOT / "configs" / "classic-100.yaml")
    assert sum(s.count for s in cfg.sections) >= 100
    bands = [s.difficulty.band for s in cfg.sections]
    assert bands == [Band.EASY, Band.MEDIUM, Band.HARD, Band.EXPERT]
    assert [s.improve is not None for s in cfg.sections].count(True) >= 1
    assert cfg.copyright
    # the layout override changes top and bottom, the template's outside margin stays
    assert (cfg.template.margin_top, cfg.template.margin_bottom) == (0.6 * 72, 0.6 * 72)
    assert cfg.template.margin_outside == C.load_template("kdp-6x9-2up").margin_outside


@pytest.mark.parametrize("path", sorted((ROOT / "configs").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_every_shipped_config_validates(path):
    cfg = C.load_config(path)
    assert cfg.sections and len(cfg.config_hash) == 64


def test_the_six_templates_are_shipped():
    assert set(SHIPPED_TEMPLATES) <= set(C.list_templates())


# PRINT.md's trim sizes in points
@pytest.mark.parametrize(
    "name, width, height, per_page",
    [
        ("letter-4up", 612, 792, 4),
        ("letter-large-print", 612, 792, 1),
        ("a4-4up", 595.28, 841.89, 4),
        ("a5-2up", 419.53, 595.28, 2),
        ("kdp-6x9-2up", 432, 648, 2),
        ("kdp-8.5x11-1up", 612, 792, 1),
    ],
)
def test_template_page_sizes_follow_print_rules(name, width, height, per_page):
    t = C.load_template(name)
    assert t.name == name
    assert (t.page_width, t.page_height) == pytest.approx((width, height), abs=0.01)
    assert t.puzzles_per_page == per_page
    assert min(t.margin_outside, t.margin_top, t.margin_bottom) >= 18
    assert min(dataclasses.astuple(t.lines)) >= 0.75
    assert 0.55 <= t.digit_scale <= 0.65
    assert t.large_print == (name == "letter-large-print")


@pytest.mark.parametrize("name", SHIPPED_TEMPLATES)
@pytest.mark.parametrize("size", [4, 6, 9])
def test_every_template_takes_the_common_sizes(tmp_path, name, size):
    text = BASE.replace("letter-4up", name).replace("count: 4", f"count: 4\n    size: {size}")
    assert C.load_config(write(tmp_path, text)).sections[0].dig.size == size


def test_defaults_and_records(tmp_path):
    cfg = C.load_config(write(tmp_path, BASE))
    s = cfg.sections[0]
    assert s == C.SectionConfig(name="Easy", count=4, difficulty=C.Difficulty(Band.EASY, ()),
                                dig=DigSpec(9, Symmetry.NONE, None, False), improve=None)
    assert (cfg.title, cfg.subtitle, cfg.author, cfg.copyright) == ("Test Book", "", "", "")
    assert (cfg.seed, cfg.workers, cfg.name) == (7, None, "book")
    assert cfg.front == FrontMatter()


def test_a_full_section(tmp_path):
    text = BASE + """\
  - name: Hard
    count: 2
    size: 9x9
    symmetry: Rotational90
    minimal: true
    clues: [20, 30]
    difficulty: {band: hard, way_complexity: [40, 200], clues: [24, 28]}
    improve: {seconds: 2.5, objective: grade}
"""
    s = C.load_config(write(tmp_path, text)).sections[1]
    assert s.difficulty == C.Difficulty(
        Band.HARD, ((Figure.WAY_COMPLEXITY, 40, 200), (Figure.CLUES, 24, 28)))
    # the section's clue range narrowed by the difficulty's
    assert s.dig == DigSpec(9, Symmetry.ROTATIONAL90, ClueTarget(24, 28), True)
    assert s.improve == C.ImproveSpec(evaluations=None, seconds=2.5, objective=Figure.GRADE)


def test_yaml_merge_keys_share_section_settings(tmp_path):
    text = BASE.replace("  - name: Easy", "  - &base\n    name: Easy") + (
        "    symmetry: mirror\n  - <<: *base\n    name: Medium\n    difficulty: medium\n")
    easy, medium = C.load_config(write(tmp_path, text)).sections
    assert (medium.name, medium.count, medium.dig.symmetry) == ("Medium", 4, Symmetry.MIRROR)
    assert (easy.difficulty.band, medium.difficulty.band) == (Band.EASY, Band.MEDIUM)
    text += "    name: Again\n"
    assert problems(tmp_path, text) == [
        "sections[1].name: duplicate key; first given on line 11 (line 13)"]


def test_overrides_from_the_command_line(tmp_path):
    cfg = C.load_config(write(tmp_path, BASE + "workers: 3\n"), seed=99, workers=2)
    assert (cfg.seed, cfg.workers) == (99, 2)
    with pytest.raises(ConfigError, match="seed: expected a non-negative integer, got -1"):
        C.load_config(write(tmp_path, BASE), seed=-1)


@pytest.mark.parametrize(
    "text, points",
    [("36", 36), ("36pt", 36), ("0.5in", 36), ("12.7mm", 36), ("1.27cm", 36), ("0.5 in", 36),
     ("1in", 72), ("25.4mm", 72)],
)
def test_lengths_in_any_unit(tmp_path, text, points):
    cfg = C.load_config(write(tmp_path, BASE + f"layout:\n  margins: {{outside: {text}}}\n"))
    assert cfg.template.margin_outside == pytest.approx(points)


@pytest.mark.parametrize(
    "size, width, height",
    [("letter", 612, 792), ("A4", 595.28, 841.89), ("a5", 419.53, 595.28), ("6x9", 432, 648),
     ("5x8", 360, 576), ("5.5x8.5", 396, 612), ("8x10", 576, 720), ("8.5x11", 612, 792),
     ("7x10", 504, 720)],
)
def test_page_sizes_by_name(tmp_path, size, width, height):
    text = BASE + f"layout:\n  page_size: {size}\n  answers_per_page: 4\n  puzzles_per_page: 2\n"
    t = C.load_config(write(tmp_path, text)).template
    assert (t.page_width, t.page_height) == pytest.approx((width, height), abs=0.01)


def test_page_sides_and_one_margin_for_all(tmp_path):
    text = BASE + ("layout:\n  page_width: 152.4mm\n  page_height: 9in\n  margins: 0.6in\n"
                   "  puzzles_per_page: 2\n  answers_per_page: 6\n")
    t = C.load_config(write(tmp_path, text)).template
    assert (t.page_width, t.page_height) == pytest.approx((432, 648))
    assert (t.margin_outside, t.margin_top, t.margin_bottom) == pytest.approx((43.2,) * 3)
    assert t.gutter is None


def test_template_from_a_file_with_a_font_path(tmp_path):
    (tmp_path / "t").mkdir()
    write(tmp_path / "t", f"page_size: 6x9\nfonts: {{regular: {VERA}}}\nlines: {{box: 2}}\n"
          "puzzles_per_page: 2\n", "mine.yaml")
    cfg = C.load_config(write(tmp_path, BASE.replace("letter-4up", "t/mine.yaml")))
    assert cfg.template.name == "mine"
    assert cfg.template.font == str(VERA)
    assert cfg.template.lines == dataclasses.replace(LineWeights(), box=2.0)


# ---------------------------------------------------------------- the hash


def test_hash_ignores_layout_of_the_file_and_workers(tmp_path):
    a = C.load_config(write(tmp_path, BASE, "a.yaml"))
    reordered = "# a comment\nseed: 7\ntitle:   'Test Book'\nworkers: 4\n" + BASE.split("\n", 3)[3]
    b = C.load_config(write(tmp_path, reordered, "b.yaml"))
    c = C.load_config(write(tmp_path, BASE.replace("seed: 7", "seed: 8"), "c.yaml"))
    d = C.load_config(write(tmp_path, BASE + "layout: {answers_per_page: 6}\n", "d.yaml"))
    assert a.config_hash == b.config_hash
    assert len({a.config_hash, c.config_hash, d.config_hash}) == 3


# ---------------------------------------------------------------- one test per kind of mistake


def edit(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new)


MISTAKES = [
    ("missing key", BASE.replace("    count: 4\n", ""),
     "sections[0].count: required key missing (line 5)"),
    ("unknown key", edit("count: 4", "cuont: 4"),
     "sections[0].cuont: unknown key; did you mean 'count'? (line 6)"),
    ("unknown key, nothing close", BASE + "colour: red\n",
     "colour: unknown key; expected one of title, subtitle, author, copyright, seed, workers, "
     "template, layout, print, front, hints, sections, daily, cover, bank, series, language, "
     "text, publication, worked "
     "(line 8)"),
    ("duplicate key", BASE + "seed: 8\n", "seed: duplicate key; first given on line 2 (line 8)"),
    ("count zero", edit("count: 4", "count: 0"),
     "sections[0].count: expected a positive integer, got 0 (line 6)"),
    ("count text", edit("count: 4", "count: many"),
     "sections[0].count: expected a positive integer, got 'many' (line 6)"),
    ("title empty", edit("title: Test Book", "title:"),
     "title: expected a non-empty text, got nothing (line 1)"),
    ("seed negative", edit("seed: 7", "seed: -1"),
     "seed: expected a non-negative integer, got -1 (line 2)"),
    ("seed float", edit("seed: 7", "seed: 7.5"),
     "seed: expected a non-negative integer, got 7.5 (line 2)"),
    ("workers", BASE + "workers: none\n",
     "workers: expected a positive integer or 'auto', got 'none' (line 8)"),
    ("sections not a list", BASE.split("sections:")[0] + "sections: Easy\n",
     "sections: expected a non-empty list of sections, got 'Easy' (line 4)"),
    ("sections empty", BASE.split("sections:")[0] + "sections: []\n",
     "sections: expected a non-empty list of sections, got an empty list (line 4)"),
    ("top not a mapping", "- just\n- a list\n",
     "(top): expected a mapping of book settings, got ['just', 'a list'] (line 1)"),
    ("empty file", "", "(top): expected a mapping of book settings, got nothing (line 1)"),
    ("unknown template", edit("letter-4up", "leter-4up"),
     "template: no template 'leter-4up'; did you mean 'letter-4up'? available: "
     + ", ".join(C.list_templates()) + " (line 3)"),
    ("bad band", edit("difficulty: easy", "difficulty: hardd"),
     "sections[0].difficulty: unknown band 'hardd'; did you mean 'hard'? expected one of "
     "easy, medium, hard, expert, extreme (line 7)"),
    ("difficulty empty", edit("difficulty: easy", "difficulty: {}"),
     "sections[0].difficulty: expected a band name or at least one range, e.g. "
     "{clues: [24, 30]}, got an empty mapping (line 7)"),
    ("range reversed", edit("difficulty: easy", "difficulty: {way_complexity: [200, 40]}"),
     "sections[0].difficulty.way_complexity: expected a range [lo, hi] with lo <= hi, "
     "got [200, 40] (line 7)"),
    ("unknown figure", edit("difficulty: easy", "difficulty: {complexity: [40, 200]}"),
     "sections[0].difficulty.complexity: unknown key; did you mean 'way_complexity'? (line 7)"),
    ("range of text", edit("difficulty: easy", "difficulty: {grade: [low, high]}"),
     "sections[0].difficulty.grade: expected a range [lo, hi] or one number, each >= 0, "
     "got ['low', 'high'] (line 7)"),
    ("fractional clues", edit("difficulty: easy", "difficulty: {clues: [24.5, 30]}"),
     "sections[0].difficulty.clues: expected a range [lo, hi] or one integer, each >= 0, "
     "got [24.5, 30] (line 7)"),
    ("band against grade", edit("difficulty: easy", "difficulty: {band: easy, grade: [3, 4]}"),
     "sections[0].difficulty.grade: grade range [3, 4] lies outside band 'easy' (grade 0 up "
     "to 1.5) (line 7)"),
    ("bad symmetry", BASE + "    symmetry: rotatinal\n",
     "sections[0].symmetry: unknown symmetry 'rotatinal'; did you mean 'rotational'? expected "
     "one of none, rotational, rotational90, mirror, flip, diagonal, antidiagonal, dihedral "
     "(line 8)"),
    ("bad size", BASE + "    size: 10\n",
     "sections[0].size: expected a grid size: one of 4, 6, 9, 12, 16 (a jigsaw also 5, 7, 8), "
     "got 10 (line 8)"),
    ("minimal not a flag", BASE + "    minimal: yes please\n",
     "sections[0].minimal: expected true or false, got 'yes please' (line 8)"),
    ("improve zero seconds", BASE + "    improve: {seconds: 0}\n",
     "sections[0].improve.seconds: expected a positive number, got 0 (line 8)"),
    ("improve negative seconds", BASE + "    improve:\n      seconds: -2.5\n",
     "sections[0].improve.seconds: expected a positive number, got -2.5 (line 9)"),
    ("improve zero evaluations", BASE + "    improve: {evaluations: 0}\n",
     "sections[0].improve.evaluations: expected a positive integer, got 0 (line 8)"),
    ("negative grade range", edit("difficulty: easy", "difficulty: {grade: [-1, 3]}"),
     "sections[0].difficulty.grade: expected a range [lo, hi] or one number, each >= 0, "
     "got [-1, 3] (line 7)"),
    ("negative figure range", edit("difficulty: easy", "difficulty:\n      cand_sum: [-50, -10]"),
     "sections[0].difficulty.cand_sum: expected a range [lo, hi] or one number, each >= 0, "
     "got [-50, -10] (line 8)"),
    ("negative clue range", edit("difficulty: easy", "difficulty: {clues: [-3, 30]}"),
     "sections[0].difficulty.clues: expected a range [lo, hi] or one integer, each >= 0, "
     "got [-3, 30] (line 7)"),
    ("negative single figure", edit("difficulty: easy", "difficulty: {level: -1}"),
     "sections[0].difficulty.level: expected a range [lo, hi] or one integer, each >= 0, "
     "got -1 (line 7)"),
    ("improve both budgets", BASE + "    improve: {evaluations: 100, seconds: 5}\n",
     "sections[0].improve: expected exactly one budget, evaluations or seconds, got both "
     "(line 8)"),
    ("improve no budget", BASE + "    improve: {objective: grade}\n",
     "sections[0].improve: expected exactly one budget, evaluations or seconds, got neither "
     "(line 8)"),
    ("improve objective", BASE + "    improve: {evaluations: 100, objective: grades}\n",
     "sections[0].improve.objective: unknown objective 'grades'; did you mean 'grade'? "
     "expected one of grade, way_complexity, level, maxlevel, cand_sum, cand_sq, clues (line 8)"),
    ("duplicate section", BASE + "  - {name: Easy, count: 1, difficulty: easy}\n",
     "sections[1].name: duplicate section name 'Easy'; first used by sections[0] (line 8)"),
    ("too many clues", BASE + "    size: 4\n    symmetry: rotational\n    clues: 20\n",
     "sections[0].clues: expected at most 15 clues on a 4x4 grid (16 cells), got 20 (line 10)"),
    ("too few clues", BASE + "    clues: [12, 16]\n",
     "sections[0].clues: expected at least 17 clues: no 9x9 puzzle with fewer has a unique "
     "solution, got [12, 16] (line 8)"),
    ("clue parity", BASE + "    size: 4\n    symmetry: rotational\n    clues: 5\n",
     "sections[0].clues: no clue count in 5 is possible with symmetry 'rotational' on a 4x4 "
     "grid (it places clues in groups of 2); nearest possible: 4 or 6 (line 10)"),
    ("clues mod 4", BASE + "    symmetry: rotational90\n    clues: [26, 27]\n",
     "sections[0].clues: no clue count in [26, 27] is possible with symmetry 'rotational90' "
     "on a 9x9 grid (it places clues in groups of 1 and 4); nearest possible: 25 or 28 "
     "(line 9)"),
    ("clues from difficulty", edit("difficulty: easy", "difficulty: {clues: [5, 7]}")
     + "    size: 4\n    symmetry: rotational90\n",
     "sections[0].difficulty.clues: no clue count in [5, 7] is possible with symmetry "
     "'rotational90' on a 4x4 grid (it places clues in groups of 4); nearest possible: 4 or 8 "
     "(line 7)"),
    ("clue ranges apart", edit("difficulty: easy", "difficulty: {clues: [30, 32]}")
     + "    clues: [20, 25]\n",
     "sections[0].clues: clues [20, 25] and difficulty clues [30, 32] do not overlap (line 8)"),
    ("no such 4x4 puzzle", BASE + "    size: 4\n    symmetry: dihedral\n    clues: [4, 7]\n",
     "sections[0].clues: no 4x4 puzzle with [4, 7] clues and symmetry 'dihedral' has a unique "
     "solution (line 10)"),
    ("more 4x4 puzzles than exist", edit("count: 4", "count: 300")
     + "    size: 4\n    symmetry: rotational90\n    clues: 4\n",
     "sections[0].count: expected at most 240: only 240 different 4x4 puzzles have 4 clues and "
     "symmetry 'rotational90', got 300 (line 6)"),
    ("front key", BASE + "front: {title: false}\n",
     "front.title: unknown key; did you mean 'title_page'? (line 8)"),
    ("front flag", BASE + "front: {contents: 0}\n",
     "front.contents: expected true or false, got 0 (line 8)"),
    # the template and its overrides
    ("per page", BASE + "layout: {puzzles_per_page: 3}\n",
     "layout.puzzles_per_page: expected one of 1, 2, 4, 6, got 3 (line 8)"),
    ("answers per page", BASE + "layout: {answers_per_page: 16}\n",
     "layout.answers_per_page: expected an integer from 4 to 12, got 16 (line 8)"),
    ("thin line", BASE + "layout:\n  lines: {box: 0.5}\n",
     "layout.lines.box: expected a line width of at least 0.75 pt, got 0.5 (line 9)"),
    ("small digits", BASE + "layout: {digit_scale: 0.4}\n",
     "layout.digit_scale: expected a number from 0.55 to 0.65, got 0.4 (line 8)"),
    ("pale answers", BASE + "layout: {answer_gray: 0.6}\n",
     "layout.answer_gray: expected a number from 0 to 0.4, got 0.6 (line 8)"),
    ("narrow margin", BASE + "layout:\n  margins: {top: 0.2in}\n",
     "layout.margins.top: expected a length of at least 0.25in (18 pt), e.g. 0.5in, 12mm, 36, "
     "got '0.2in' (line 9)"),
    ("gutter", BASE + "layout:\n  margins: {gutter: wide}\n",
     "layout.margins.gutter: expected 'auto' or a length of at least 0.25in, got 'wide' (line 9)"),
    ("margins eat the page", BASE + "layout:\n  margins: {outside: 3.3in}\n",
     "layout.margins: margins leave 1.9in x 10in for the grids; expected at least 2in each way "
     "(with the widest gutter, 3.3in) (line 9)"),
    ("unknown page size", BASE + "layout: {page_size: a3}\n",
     "layout.page_size: unknown page size 'a3'; expected one of letter, "
     "8.5x11, a4, a5, 6x9, 5x8, 5.5x8.5, 8x10, or WxH in inches (line 8)"),
    ("huge page", BASE + "layout: {page_width: 30in}\n",
     "layout.page_width: expected a page side from 3in to 17in, e.g. 6in, 152.4mm, 432, "
     "got '30in' (line 8)"),
    ("size twice", BASE + "layout: {page_size: a4, page_width: 6in}\n",
     "layout.page_width: give page_size or page_width and page_height, not both (line 8)"),
    ("missing font", BASE + "layout:\n  fonts: {bold: nowhere/Bold.ttf}\n",
     "layout.fonts.bold: font file not found: {tmp}/nowhere/Bold.ttf (line 9)"),
    ("unknown font", BASE + "layout:\n  fonts: {regular: Veraa}\n",
     "layout.fonts.regular: unknown font 'Veraa'; did you mean 'Vera'? expected one of Vera, "
     "VeraBd, VeraIt, VeraBI, an installed font's family name or the path of a .ttf, .otf or "
     ".ttc font file (line 9)"),
    ("not a font", BASE + "layout:\n  fonts: {regular: book.yaml.ttf}\n",
     "layout.fonts.regular: not a TrueType font: {tmp}/book.yaml.ttf (line 9)"),
    ("label field", BASE + "layout: {label: 'No. {num}'}\n",
     "layout.label: unknown field {num} in the text; fields it may use: {difficulty}, "
     "{number} (line 8)"),
    ("large print crowded", BASE.replace("letter-4up", "letter-large-print")
     + "layout: {puzzles_per_page: 4}\n",
     "layout.puzzles_per_page: large print allows at most 2 puzzles a page, got 4 (line 8)"),
    ("grid too big for its slot", BASE.replace("letter-4up", "a5-2up")
     + "    size: 16\nlayout: {puzzles_per_page: 6, answers_per_page: 4}\n",
     "sections[0].size: 16x16 grids at 6 a page get 0.11 in cells with template 'a5-2up'; "
     "expected at least 0.3 in to write in (fewer puzzles_per_page under layout, or a larger "
     "page) (line 8)\n"
     "sections[0].size: 16x16 answer grids at 4 a page get 6.2 pt digits with template "
     "'a5-2up'; expected at least 7 pt (fewer answers_per_page under layout, or a larger "
     "page) (line 8)"),
    ("answer grids too small", BASE + "    size: 16\nlayout: {answers_per_page: 12, "
                                      "puzzles_per_page: 1}\n",
     "sections[0].size: 16x16 answer grids at 12 a page get 5.2 pt digits with template "
     "'letter-4up'; expected at least 7 pt (fewer answers_per_page under layout, or a larger "
     "page) (line 8)"),
    ("too many pages", edit("count: 4", "count: 3000") + "print: {platform: kdp}\n",
     "sections: the book needs 1090 pages; expected at most 590 for kdp on white paper at "
     "8.5 x 11 in: fewer puzzles, or more of them a page (line 4)"),
    ("yaml syntax", BASE + "  - name: [Broken\n",
     "(top): invalid YAML: expected ',' or ']', but got '<stream end>' (line 9)"),
]


@pytest.mark.parametrize("text, message", [m[1:] for m in MISTAKES], ids=[m[0] for m in MISTAKES])
def test_each_mistake_is_told_plainly(tmp_path, text, message):
    if "book.yaml.ttf" in text:
        write(tmp_path, "not a font", "book.yaml.ttf")
    want = message.replace("{tmp}", str(tmp_path.resolve())).split("\n")
    assert problems(tmp_path, text) == want


def test_a_broken_template_file_is_named_with_its_line(tmp_path):
    write(tmp_path, "page_size: 6x9\npuzzles_per_page: 5\n", "mine.yaml")
    assert problems(tmp_path, BASE.replace("letter-4up", "mine.yaml")) == [
        "puzzles_per_page: expected one of 1, 2, 4, 6, got 5 (mine.yaml line 2)"]


def test_a_template_with_a_wrong_page_size_is_told_once(tmp_path):
    write(tmp_path, "page_size: 6by9\nlines: {cell: 0.2}\n", "mine.yaml")
    assert problems(tmp_path, BASE.replace("letter-4up", "mine.yaml")) == [
        "page_size: unknown page size '6by9'; expected one of letter, 8.5x11, a4, a5, 6x9, 5x8, "
        "5.5x8.5, 8x10, or WxH in inches (mine.yaml line 1)",
        "lines.cell: expected a line width of at least 0.75 pt, got 0.2 (mine.yaml line 2)"]


def test_a_template_without_a_page_size(tmp_path):
    write(tmp_path, "puzzles_per_page: 2\n", "mine.yaml")
    assert problems(tmp_path, BASE.replace("letter-4up", "mine.yaml")) == [
        "page_size: required key missing (mine.yaml line 1)"]


def test_every_problem_is_reported_at_once_in_line_order(tmp_path):
    text = """\
title: Test Book
seed: x
template: letter-4up
layout: {lines: {cell: 0.1}}
sections:
  - name: Easy
    count: 0
    difficulty: easy
    symmetry: diagonl
  - {name: Two, difficulty: easy}
"""
    got = problems(tmp_path, text)
    assert [(p.split(":")[0], p.rsplit(" ", 1)[1]) for p in got] == [
        ("seed", "2)"), ("layout.lines.cell", "4)"), ("sections[0].count", "7)"),
        ("sections[0].symmetry", "9)"), ("sections[1].count", "10)")]


def test_load_template_errors():
    with pytest.raises(ConfigError, match=r"^no template 'a4-4upp'; did you mean 'a4-4up'\? "):
        C.load_template("a4-4upp")
    with pytest.raises(ConfigError, match=r"^no template 'zzz'; available: a4-4up, "):
        C.load_template("zzz")


def test_missing_config_file(tmp_path):
    with pytest.raises(ConfigError, match=r"nope\.yaml: no such file$"):
        C.load_config(tmp_path / "nope.yaml")


def test_trace_figures_are_refused_for_16x16(tmp_path):
    text = """\
title: Big
layout: {answers_per_page: 4, puzzles_per_page: 1}
sections:
  - name: Big
    size: 16
    count: 1
    difficulty: {band: extreme, cand_sum: [1, 900]}
    improve: {evaluations: 10}
  - name: Fine
    size: 12
    count: 1
    difficulty: {way_complexity: [1, 900]}
"""
    why = "the trace figures are not computed for 16x16 puzzles (only up to 12x12); use a band, grade or clues"
    assert problems(tmp_path, text) == [
        f"sections[0].difficulty.cand_sum: {why} (line 7)",
        f"sections[0].improve: objective 'way_complexity': {why} (line 8)",
    ]


@pytest.mark.parametrize("name", SHIPPED_TEMPLATES)
@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
def test_config_judges_print_by_the_layout_itself(tmp_path, name, n):
    """A config the reader accepts lays out without a LayoutError, and the digit size a
    refusal names is the one the layout gives the grid."""
    text = BASE.replace("letter-4up", name).replace("count: 4", f"count: 30\n    size: {n}")
    try:
        cfg = C.load_config(write(tmp_path, text))
    except ConfigError as e:
        t = C.load_template(name)
        for line in str(e).splitlines()[1:]:
            m = re.search(r"(answer grids|grids) at \d+ a page get ([\d.]+) (pt digits|in cells)",
                          line)
            assert m, line
            slots = _blank_plan(t, n).answer_slots if m[1] == "answer grids" else \
                _blank_plan(t, n).puzzle_slots
            if m[3] == "in cells":  # puzzle cells too small to write in
                cell = slots[0].grid.width / n
                assert m[1] == "grids" and cell < 0.3 * 72
                assert float(m[2]) == pytest.approx(cell / 72, abs=0.005)
                continue
            assert float(m[2]) == pytest.approx(t.digit_scale * slots[0].grid.width / n, abs=0.05)
        return
    plan_book(_blank_book(cfg.template, list(cfg.sections), cfg.front))


def _blank_plan(t, n):
    from bookgen.render.geometry import plan_pages
    return plan_pages(_blank_book(t, [C.SectionConfig("S", 30, C.Difficulty(Band.EASY, ()),
                                                      DigSpec(n), None)], FrontMatter()))
