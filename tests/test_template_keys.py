"""Every key of a template file lands in its own Template field: a file that sets each one to
a value other than its default reads back as exactly those values, worked out by hand
(inches to points at 72 a inch), and a config's layout overrides reach the same fields."""

from __future__ import annotations

from pathlib import Path

from bookgen.book.config import load_config
from bookgen.book.config.templates import load_template
from bookgen.core import model
from bookgen.core.rules import Paper, Platform

EVERY_KEY = """\
page_width: 6in
page_height: 9in
margins:
  outside: 0.6in
  top: 0.7in
  bottom: 0.8in
  gutter: 0.9in
puzzles_per_page: 2
answers_per_page: 6
fonts:
  regular: VeraBd
  bold: Vera
lines:
  cell: 1.0
  box: 2.0
  border: 3.0
  answer_cell: 0.8
  answer_box: 1.6
digit_scale: 0.62
answer_gray: 0.2
large_print: false
label: "No. {number}"
difficulty: stars
x_style: lines
region_tint: true
print:
  platform: ingram
  paper: cream
  bleed: true
  recto_starts: false
"""

EXPECTED = model.Template(
    name="every-key",
    page_width=432.0,
    page_height=648.0,
    margin_outside=43.2,
    margin_top=50.4,
    margin_bottom=57.6,
    gutter=64.8,
    puzzles_per_page=2,
    answers_per_page=6,
    font="VeraBd",
    font_bold="Vera",
    lines=model.LineWeights(cell=1.0, box=2.0, border=3.0, answer_cell=0.8, answer_box=1.6),
    digit_scale=0.62,
    answer_gray=0.2,
    large_print=False,
    label="No. {number}",
    difficulty=model.DifficultyDisplay.STARS,
    x_style=model.XStyle.LINES,
    region_tint=True,
    print=model.PrintSpec(platform=Platform.INGRAM, paper=Paper.CREAM, bleed=True,
                          recto_starts=False),
)


def _close(a: model.Template, b: model.Template) -> None:
    """Every field equal (lengths and shares to within rounding of the inch conversion)."""
    for field in model.Template.__dataclass_fields__:
        got, want = getattr(a, field), getattr(b, field)
        assert abs(got - want) < 1e-6 if isinstance(want, float) else got == want, field


def test_every_template_key_lands_in_its_field(tmp_path: Path) -> None:
    path = tmp_path / "every-key.yaml"
    path.write_text(EVERY_KEY, encoding="utf-8")
    _close(load_template(path), EXPECTED)


def test_a_config_reaches_the_same_fields_through_its_template(tmp_path: Path) -> None:
    (tmp_path / "every-key.yaml").write_text(EVERY_KEY, encoding="utf-8")
    config = tmp_path / "book.yaml"
    config.write_text("title: T\nseed: 1\ntemplate: every-key.yaml\n"
                      "sections:\n  - count: 2\n    difficulty: easy\n", encoding="utf-8")
    _close(load_config(config).template, EXPECTED)
