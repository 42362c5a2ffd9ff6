"""Every technique by its own name and teaching text in every language: the keys are
complete, a technique page teaches its own technique and fits every template, and a hint
and a worked step name the technique the grader used.

The puzzle below is a book's X-wing puzzle (its hardest step is an X-wing); what it
teaches is read from the grader's own solution here, never from stored results.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bookgen.book.config import load_config
from bookgen.book.config.templates import list_templates
from bookgen.book.hints import puzzle_hint
from bookgen.book.tips import solution_steps, technique_tip
from bookgen.book.worked import worked
from bookgen.core.grid import geometry, parse
from bookgen.core.lang import Texts, fields, languages, one_line
from bookgen.grade.rating import Rating, rate
from bookgen.grade.scale import Technique
from bookgen.grade.target import AIMABLE
from bookgen.render import tipsfit

X_WING = "....9...8..2....5.9.5.2617......5...1..3.78.24.3.1..............3...1.....4...621"
"""A puzzle whose hardest step is an X-wing."""

IPA_GOTHIC = Path("/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf")


def _fonts(code: str) -> str:
    """The config lines setting the fonts a language needs: the config refuses fonts
    without a glyph its texts use, so a Japanese book checks its names render."""
    if code != "ja":
        return ""
    if not IPA_GOTHIC.is_file():
        from conftest import missing_data

        missing_data(f"the Japanese font {IPA_GOTHIC} (apt-get install fonts-ipafont-gothic)")
    return f"layout:\n  fonts: {{regular: {IPA_GOTHIC}, bold: {IPA_GOTHIC}}}\n"


def _rated() -> Rating:
    return rate(parse(X_WING)[0], geometry(9))


@pytest.mark.parametrize("code", languages())
def test_every_technique_has_a_name_and_a_teaching_text(code: str) -> None:
    texts, english = Texts(code), Texts("en")
    names: dict[str, str] = {}
    for t in Technique:
        name, teach = texts(f"name.{t.key}"), texts(f"teach.{t.key}")
        assert name.strip() and one_line(f"name.{t.key}") and "\n" not in name, t
        # printed as they stand: a field would be left unfilled
        assert not fields(name) and not fields(teach), t
        assert len(teach) > 2 * len(name), t  # a text that teaches, not the name again
        if code != "en":
            assert teach != english(f"teach.{t.key}"), (code, t)
        # one name per technique as a reader knows it: hidden single in a box or a line
        # is one name, and two techniques of different names never read alike
        assert names.setdefault(t.label, name) == name, t
    assert len(set(names.values())) == len(names), code


@pytest.mark.parametrize("code", languages())
def test_a_technique_section_is_named_after_its_technique(tmp_path: Path, code: str) -> None:
    path = tmp_path / "book.yaml"
    path.write_text(f"language: {code}\n{_fonts(code)}sections:\n"
                    "  - {count: 1, technique: x-wing}\n"
                    "  - {count: 1, technique: swordfish}\n", encoding="utf-8")
    texts = Texts(code)
    assert [s.name for s in load_config(path).sections] == \
        [texts("name.x_wing"), texts("name.swordfish")]
    assert texts("name.x_wing") != texts("technique.fish")


@pytest.mark.parametrize("template", list_templates())
@pytest.mark.parametrize("code", languages())
def test_every_technique_page_fits_every_template(tmp_path: Path, code: str,
                                                  template: str) -> None:
    """A book with a section for each technique a section may aim at loads: its
    technique pages, planned with the tallest diagram, fit their page at the template's
    type sizes (large print: 16 pt, which cannot shrink), or the config is refused."""
    sections = "".join(f"  - {{count: 1, technique: '{t.label}'}}\n" for t in AIMABLE)
    path = tmp_path / "book.yaml"
    path.write_text(f"language: {code}\ntemplate: {template}\n{_fonts(code)}sections:\n"
                    f"{sections}",
                    encoding="utf-8")
    book = load_config(path)
    assert len(book.sections) == len(AIMABLE)


@pytest.mark.parametrize("code", ["en", "de", "ja"])
def test_a_technique_page_teaches_its_own_technique(code: str) -> None:
    texts, r = Texts(code), _rated()
    tip = technique_tip([(4, r, geometry(9), ())], Technique.X_WING, texts)
    assert tip is not None and tip.technique == "x_wing" and tip.diagram is not None
    parts = tipsfit.page_parts([tip], False, texts, 400.0, 7.0, 10.0, 600.0)
    words = [p.text for p in parts if isinstance(p, tipsfit.Paragraph)]
    # the page's heading names it: the page teaches, shows the step, then tells it
    assert words == [texts("teach.x_wing"), tip.example]
    assert sum(isinstance(p, tipsfit.Figure) for p in parts) == 1
    # a solving-tips page keeps explaining the family
    family = tipsfit.page_parts([replace(tip, technique=None)], False, texts, 400.0, 7.0,
                                10.0, 600.0)
    assert [p.text for p in family if isinstance(p, tipsfit.Paragraph)][:2] == \
        [texts("technique.fish"), texts("tip.fish")]


@pytest.mark.parametrize("code", ["en", "de", "fr", "ja"])
def test_a_hint_names_the_technique_the_grader_used(code: str) -> None:
    texts, r = Texts(code), _rated()
    steps = solution_steps(r, geometry(9), ())
    assert r.solution is not None
    hint = puzzle_hint(steps, r.solution, geometry(9), texts)
    assert hint is not None
    used = steps[hint.at].technique
    assert texts(f"name.{used.key}") in hint.text
    if texts(f"name.{used.key}") != texts(f"technique.{used.family.value}"):
        assert texts(f"technique.{used.family.value}") not in hint.text


@pytest.mark.parametrize(("code", "heading"), [("en", "Step {k}: X-wing"),
                                               ("de", "Schritt {k}: X-Wing"),
                                               ("ja", "手順{k}：X-Wing")])
def test_a_worked_step_names_the_technique_the_grader_used(code: str, heading: str) -> None:
    texts, r = Texts(code), _rated()
    steps = solution_steps(r, geometry(9), ())
    w = worked(4, r, geometry(9), (), texts)
    keyed = [e for e in w.entries if e.diagram is not None]
    assert keyed
    for e in keyed:
        used = steps[e.first - 1].technique
        assert e.name == texts("worked.step", step=e.first,
                               technique=texts(f"name.{used.key}"))
    # the X-wing step, by its own name, not its family's ('X-wing and swordfish')
    k = next(k for k, s in enumerate(steps, 1) if s.technique is Technique.X_WING)
    assert heading.format(k=k) in [e.name for e in keyed]
