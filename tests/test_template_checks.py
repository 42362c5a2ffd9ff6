"""A template's checks across its keys, each met exactly at its edge and refused just past it
with its whole message; the defaults of every key a file leaves out; how a template is found
by name or path and what is said when none is; how a config's `layout` and `print` blocks are
laid over its template. Lengths are worked out by hand at 72 pt an inch from bookgen/rules.py
and the page-number rule of layout/geometry.py (the number's glyph box, 0.95 em above and
0.3 em below its baseline, sits at least 0.25in from the trim)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bookgen
from bookgen.book.config import load_config
from bookgen.book.config.templates import load_template
from bookgen.core import model
from bookgen.core.errors import ConfigError
from bookgen.core.rules import Paper, Platform

AVAILABLE = ", ".join(sorted(
    p.stem for p in (Path(bookgen.__file__).parent / "templates").glob("*.yaml")))
"""The shipped templates' names, as the messages list them (sorted)."""


def _file(tmp_path: Path, text: str, name: str = "t.yaml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _refused(path: Path | str) -> str:
    with pytest.raises(ConfigError) as e:
        load_template(path)
    return str(e.value)


def _one_problem(path: Path, text: str, line: int) -> str:
    return f"{path}: 1 problem:\n  {text} ({path} line {line})"


# ---------------------------------------------------------------- defaults and page sides


def test_a_file_of_page_size_alone_takes_every_default(tmp_path: Path) -> None:
    path = _file(tmp_path, "page_size: 6x9\n")
    assert load_template(path) == model.Template(name="t", page_width=432.0, page_height=648.0)


def test_a_file_of_page_width_and_height_alone_takes_every_default(tmp_path: Path) -> None:
    path = _file(tmp_path, "page_width: 5in\npage_height: 8in\n", "five.yml")
    assert load_template(path) == model.Template(name="five", page_width=360.0,
                                                 page_height=576.0)


def test_a_file_named_in_capitals_is_read(tmp_path: Path) -> None:
    path = _file(tmp_path, "page_size: 5x8\n", "SMALL.YML")
    assert load_template(path) == model.Template(name="SMALL", page_width=360.0,
                                                 page_height=576.0)


@pytest.mark.parametrize(("given", "missing"), [("page_width", "page_height"),
                                                ("page_height", "page_width")])
def test_one_page_side_alone_is_refused(tmp_path: Path, given: str, missing: str) -> None:
    path = _file(tmp_path, f"margins: 0.5in\n{given}: 6in\n")
    assert _refused(path) == _one_problem(
        path, f"{missing}: required key missing: {given} needs {missing} (or give page_size "
              "instead)", 1)


def test_no_page_size_at_all_is_refused(tmp_path: Path) -> None:
    path = _file(tmp_path, "margins: 0.5in\n")
    assert _refused(path) == _one_problem(path, "page_size: required key missing", 1)


@pytest.mark.parametrize("side", ["page_width", "page_height"])
def test_page_size_with_a_side_is_refused_at_the_side(tmp_path: Path, side: str) -> None:
    path = _file(tmp_path, f"page_size: 6x9\n{side}: 9in\n")
    assert _refused(path) == _one_problem(
        path, f"{side}: give page_size or page_width and page_height, not both", 2)


def test_a_file_that_is_no_mapping_has_that_one_problem(tmp_path: Path) -> None:
    path = _file(tmp_path, "- 1\n")
    assert _refused(path) == _one_problem(
        path, "(top): expected a mapping of template keys, got [1]", 1)


def test_a_file_that_is_no_yaml_is_refused_by_name(tmp_path: Path) -> None:
    path = _file(tmp_path, "page_size: [6x9\n")
    lines = _refused(path).splitlines()
    assert lines[0] == f"{path}: 1 problem:"
    assert lines[1].startswith("  (top): invalid YAML: ")
    assert lines[1].endswith(f"({path} line 2)")
    assert len(lines) == 2


# ---------------------------------------------------------------- large print


def test_large_print_allows_two_puzzles_a_page(tmp_path: Path) -> None:
    path = _file(tmp_path, "page_size: 6x9\nlarge_print: true\npuzzles_per_page: 2\n"
                           "margins: {bottom: 0.6in}\n")
    t = load_template(path)
    assert (t.large_print, t.puzzles_per_page) == (True, 2)


def test_large_print_refuses_four_puzzles_a_page(tmp_path: Path) -> None:
    path = _file(tmp_path, "page_size: 6x9\nlarge_print: true\npuzzles_per_page: 4\n"
                           "margins: {bottom: 0.6in}\n")
    assert _refused(path) == _one_problem(
        path, "puzzles_per_page: large print allows at most 2 puzzles a page, got 4", 3)


# ---------------------------------------------------------------- the page number's room


# 6in wide: page numbers of max(7, clamp(432 x 0.016, 9, 11)) = 9 pt, so the bottom margin
# needs 18 + (0.95 + 0.3) x 9 = 29.25 pt; in large print max(16, 9) = 16 pt: 18 + 20 = 38 pt.
@pytest.mark.parametrize(("large", "room"), [(False, 29.25), (True, 38.0)])
def test_the_bottom_margin_that_just_holds_the_page_number(
    tmp_path: Path, large: bool, room: float
) -> None:
    path = _file(tmp_path, f"page_size: 6x9\nlarge_print: {str(large).lower()}\n"
                           f"puzzles_per_page: 1\nmargins:\n  bottom: {room}\n")
    assert load_template(path).margin_bottom == room


@pytest.mark.parametrize(("large", "words"), [
    (False, "a bottom margin of 0.4in leaves no room for the 9 pt page number at least 0.25in "
            "from the trim; expected at least 0.41in"),      # 29.25 pt = 0.40625in, rounded up
    (True, "a bottom margin of 0.4in leaves no room for the 16 pt page number at least 0.25in "
           "from the trim; expected at least 0.53in"),       # 38 pt = 0.5278in, rounded up
])
def test_a_bottom_margin_below_the_page_numbers_room(
    tmp_path: Path, large: bool, words: str
) -> None:
    path = _file(tmp_path, f"page_size: 6x9\nlarge_print: {str(large).lower()}\n"
                           "puzzles_per_page: 1\nmargins:\n  outside: 0.5in\n  bottom: 28.8\n")
    assert _refused(path) == _one_problem(path, f"margins.bottom: {words}", 6)


# ---------------------------------------------------------------- the content box


def _box(tmp_path: Path, width: str, height: str, margins: str) -> Path:
    return _file(tmp_path, f"page_width: {width}\npage_height: {height}\nmargins:\n{margins}")


def test_an_explicit_gutter_leaves_exactly_two_inches(tmp_path: Path) -> None:
    # 4in - 0.25in gutter - 1.75in outside = 2in (the widest KDP gutter would leave 1.375in)
    path = _box(tmp_path, "4in", "9in", "  outside: 1.75in\n  gutter: 0.25in\n")
    t = load_template(path)
    assert (t.page_width - t.gutter - t.margin_outside) / 72 == 2.0


def test_the_auto_gutter_is_taken_at_its_widest(tmp_path: Path) -> None:
    # 3.5in - 0.875in (KDP's gutter for 701 to 828 pages) - 0.625in = 2in
    path = _box(tmp_path, "3.5in", "9in", "  outside: 0.625in\n")
    assert load_template(path).margin_outside == 45.0


def test_the_auto_gutter_is_at_least_the_outside_margin(tmp_path: Path) -> None:
    # 4.5in - 1.25in (the outside margin, wider than any KDP gutter) - 1.25in = 2in
    path = _box(tmp_path, "4.5in", "9in", "  outside: 1.25in\n")
    assert load_template(path).margin_outside == 90.0
    path = _box(tmp_path, "4.4in", "9in", "  outside: 1.25in\n")
    assert _refused(path) == _one_problem(
        path, "margins: margins leave 1.9in x 8in for the grids; expected at least 2in each "
              "way (with the widest gutter, 1.25in)", 3)


def test_the_height_left_at_exactly_two_inches(tmp_path: Path) -> None:
    # 4in - 1in top - 1in bottom = 2in
    path = _box(tmp_path, "6in", "4in", "  top: 1in\n  bottom: 1in\n")
    t = load_template(path)
    assert (t.page_height - t.margin_top - t.margin_bottom) / 72 == 2.0


WIDEST = " (with the widest gutter, 0.875in)"


@pytest.mark.parametrize(("width", "height", "margins", "left"), [
    # 4in - 0.25in - 3in = 0.75in wide; 9in - 0.5in - 0.5in = 8in high
    ("4in", "9in", "  outside: 3in\n  gutter: 0.25in\n", "0.75in x 8in"),
    # 3.5in - 0.875in - 0.75in = 1.875in, shown to two digits
    ("3.5in", "9in", "  outside: 0.75in\n", "1.9in x 8in"),
    # 6in - 0.875in - 0.5in = 4.625in wide; 4in - 2in - 1in = 1in high
    ("6in", "4in", "  top: 2in\n  bottom: 1in\n", "4.6in x 1in"),
], ids=["explicit gutter", "widest auto gutter", "height"])
def test_a_content_box_under_two_inches_is_refused(
    tmp_path: Path, width: str, height: str, margins: str, left: str
) -> None:
    path = _box(tmp_path, width, height, margins)
    gutter = "" if "gutter:" in margins else WIDEST
    assert _refused(path) == _one_problem(
        path, f"margins: margins leave {left} for the grids; expected at least 2in each "
              f"way{gutter}", 3)


# ---------------------------------------------------------------- finding a template


@pytest.mark.parametrize(("name", "what"), [
    ("sub/none.yaml", "no such file"),
    ("sub/none.YML", "no such file"),
    ("sub/letter-4up", "expected a template name or the path of a .yaml template file"),
    # the shipped folder reached through a path is no name: only names find shipped files
    ("../templates/letter-4up", "expected a template name or the path of a .yaml template "
                                "file"),
])
def test_a_path_that_names_no_template(name: str, what: str) -> None:
    assert _refused(name) == f"template '{name}': {what}; templates available: {AVAILABLE}"


def test_a_name_with_a_backslash_is_a_path() -> None:
    assert _refused("sub\\letter-4up") == (
        "template 'sub\\\\letter-4up': expected a template name or the path of a .yaml "
        f"template file; templates available: {AVAILABLE}")


def test_an_unknown_name_is_told_the_closest() -> None:
    assert _refused("letter-4upp") == (
        f"no template 'letter-4upp'; did you mean 'letter-4up'? available: {AVAILABLE}")


# ---------------------------------------------------------------- a config's overrides


def _config(tmp_path: Path, template: str, rest: str = "") -> Path:
    path = tmp_path / "book.yaml"
    path.write_text(f"title: T\nseed: 1\ntemplate: {template}\n{rest}"
                    "sections:\n  - count: 2\n    difficulty: easy\n", encoding="utf-8")
    return path


def test_a_layout_override_keeps_every_other_default(tmp_path: Path) -> None:
    _file(tmp_path, "page_size: letter\n")
    config = _config(tmp_path, "t.yaml", "layout:\n  digit_scale: 0.62\n")
    assert load_config(config).template == model.Template(
        name="t", page_width=612.0, page_height=792.0, digit_scale=0.62)


def test_a_layout_mapping_is_laid_key_by_key_over_the_templates(tmp_path: Path) -> None:
    _file(tmp_path, "page_size: letter\nmargins:\n  outside: 0.6in\n  top: 0.7in\n"
                    "  bottom: 0.8in\n  gutter: 0.9in\nfonts:\n  regular: VeraBd\n")
    config = _config(tmp_path, "t.yaml",
                     "layout:\n  margins:\n    top: 1in\n  fonts:\n    bold: Vera\n")
    t = load_config(config).template
    assert (t.margin_outside, t.margin_top, t.margin_bottom, t.gutter) == pytest.approx(
        (43.2, 72.0, 57.6, 64.8))
    assert (t.font, t.font_bold) == ("VeraBd", "Vera")


def test_a_layout_mapping_the_template_lacks_keeps_the_defaults(tmp_path: Path) -> None:
    _file(tmp_path, "page_size: letter\n")
    config = _config(tmp_path, "t.yaml",
                     "layout:\n  margins:\n    outside: 1in\n  fonts:\n    bold: Vera\n")
    assert load_config(config).template == model.Template(
        name="t", page_width=612.0, page_height=792.0, margin_outside=72.0, font_bold="Vera")


def test_the_configs_print_block_is_laid_over_the_templates(tmp_path: Path) -> None:
    _file(tmp_path, "page_size: letter\nprint:\n  platform: ingram\n  bleed: true\n")
    config = _config(tmp_path, "t.yaml", "print:\n  paper: cream\n")
    p = load_config(config).template.print
    assert (p.platform, p.paper, p.bleed) == (Platform.INGRAM, Paper.CREAM, True)


def test_a_problem_of_a_template_file_names_it_as_the_config_does(tmp_path: Path) -> None:
    _file(tmp_path, "page_size: letter\npage_height: 11in\n", "sub/bad.yaml")
    config = _config(tmp_path, "sub/bad.yaml")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    assert str(e.value) == (
        f"{config}: 1 problem:\n  page_height: give page_size or page_width and page_height, "
        "not both (sub/bad.yaml line 2)")


def test_an_unusable_template_value_is_the_only_problem(tmp_path: Path) -> None:
    # the default template with this layout would be refused too (large print, 4 a page)
    config = _config(tmp_path, "[a]", "layout:\n  large_print: true\n  puzzles_per_page: 4\n")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    lines = str(e.value).splitlines()
    assert lines[0] == f"{config}: 1 problem:"
    assert lines[1].startswith("  template: expected ")
