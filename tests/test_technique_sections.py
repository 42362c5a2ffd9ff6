"""Technique sections: the `technique` and `needs` keys read and refused, and a built book
whose sections' puzzles have the technique as their hardest step (by the grader), use
what they need, are unique (by the independent solver), and open with a technique page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from blackbox import bookgen, refused
from exact_cover import solutions_exact

from bookgen.book import config as C
from bookgen.book.pipeline import build_book, write_book
from bookgen.core.errors import ConfigError
from bookgen.core.grid import parse
from bookgen.core.rules import Figure
from bookgen.grade import grade
from bookgen.grade.scale import Technique
from bookgen.grade.solver import graded_below
from bookgen.grade.target import aimed_at, window

HEAD = "title: Techniques\nseed: 5\ntemplate: letter-4up\nsections:\n"
"""Four lines: a section's own keys start on line 5."""


def load(tmp_path: Path, section: str) -> C.BookConfig:
    path = tmp_path / "book.yaml"
    path.write_text(HEAD + section, encoding="utf-8")
    return C.load_config(path)


def problems(tmp_path: Path, section: str) -> list[str]:
    with pytest.raises(ConfigError) as e:
        load(tmp_path, section)
    return [line.strip() for line in str(e.value).splitlines()[1:]]


@pytest.mark.parametrize("name", ["x-wing", "X-Wing", "x wing", "X_WING", " X-wing "])
def test_a_technique_is_named_in_any_case_with_spaces_or_hyphens(tmp_path, name):
    section = load(tmp_path, f"  - {{count: 1, technique: '{name}'}}\n").sections[0]
    assert section.difficulty.technique is Technique.X_WING
    # the technique sets the grades, and names the section after itself
    assert section.difficulty.ranges == ((Figure.GRADE, 3.2, 3.3),)
    assert section.name == "X-wing"


def test_hidden_single_covers_both_of_its_techniques(tmp_path):
    section = load(tmp_path, "  - {count: 1, technique: Hidden Single}\n").sections[0]
    assert section.difficulty.technique is not None
    assert section.difficulty.technique.label == "hidden single"
    assert window(section.difficulty.technique) == (1.2, 1.7)


def test_an_unknown_technique_gets_the_nearest_name_and_the_list(tmp_path):
    (problem,) = problems(tmp_path, "  - {count: 1, technique: x-wign}\n")
    assert problem.startswith("sections[0].technique: unknown technique 'x-wign'; did you "
                              "mean 'X-wing'? expected one of full house, hidden single, ")
    assert "unique rectangle" in problem and problem.endswith("(line 5)")


def test_each_bad_need_is_named_at_its_place(tmp_path):
    found = problems(tmp_path, "  - count: 1\n    technique: swordfish\n"
                               "    needs: [pointing, naked pear, 3]\n")
    assert len(found) == 2
    assert found[0].startswith("sections[0].needs[1]: unknown technique 'naked pear'; did you "
                               "mean 'naked pair'?")
    assert found[1].startswith("sections[0].needs[2]: expected a technique name")


def test_needs_read_as_techniques(tmp_path):
    section = load(tmp_path, "  - {name: A, count: 1, difficulty: hard, "
                             "needs: [pointing, Naked-Pair, pointing]}\n").sections[0]
    assert section.difficulty.needs == (Technique.POINTING, Technique.NAKED_PAIR)
    assert section.difficulty.technique is None


def test_a_band_that_cannot_hold_the_technique_is_refused(tmp_path):
    assert problems(tmp_path, "  - {count: 1, technique: xy-wing, difficulty: hard}\n") == [
        "sections[0].technique: technique 'XY-wing' (grade 4.2) lies outside band 'hard': "
        "use band expert or drop the band (the technique sets the grades) (line 5)"]
    assert load(tmp_path, "  - {count: 1, technique: xy-wing, difficulty: expert}\n")


def test_a_grade_range_that_cannot_hold_the_technique_is_refused(tmp_path):
    (problem,) = problems(tmp_path, "  - {count: 1, technique: swordfish, "
                                    "difficulty: {grade: [4, 5]}}\n")
    assert problem.startswith("sections[0].technique: technique 'swordfish' (grades 3.8 to 3.9) "
                              "lies outside grade range [4, 5]")


def test_a_need_harder_than_the_section_allows_is_refused(tmp_path):
    assert problems(tmp_path, "  - {count: 1, technique: pointing, needs: [x-wing]}\n") == [
        "sections[0].needs: needs 'X-wing' (grade 3.2 or more), but the section's puzzles "
        "grade below 2.8 (line 5)"]
    assert problems(tmp_path, "  - {name: A, count: 1, difficulty: medium, "
                              "needs: swordfish}\n") == [
        "sections[0].needs: needs 'swordfish' (grade 3.8 or more), but the section's puzzles "
        "grade below 2.5 (line 5)"]


def test_bench_techniques_refuses_an_unknown_name():
    text = refused(bookgen("bench", "techniques", "--techniques", "x-wign"))
    assert "--techniques 'x-wign': not a technique name" in text


def test_a_section_needs_a_difficulty_or_a_technique(tmp_path):
    assert problems(tmp_path, "  - {name: A, count: 1}\n") == [
        "sections[0].difficulty: required key missing: a section needs a difficulty or a "
        "technique (line 5)"]


def test_killer_sections_refuse_techniques(tmp_path):
    assert problems(tmp_path, "  - {count: 1, variant: killer, technique: x-wing}\n") == [
        "sections[0].technique: technique does not apply to killer sections: they are graded "
        "on the killer ladder; use a band or a grade range (line 5)"]


def test_validate_estimates_technique_sections_from_their_technique(tmp_path):
    path = tmp_path / "book.yaml"
    path.write_text(HEAD + "  - {count: 80, technique: swordfish}\n"
                           "  - {name: J, count: 4, technique: hidden quad}\n"
                           "  - {name: E, count: 4, technique: xy-wing, difficulty: expert}\n",
                    encoding="utf-8")
    done = bookgen("validate", path, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = done.stdout + done.stderr
    # the technique's rate, not the band's: XY-wing is rarer than expert puzzles are
    assert "technique 'swordfish' fills at about 4.0 puzzles a CPU minute" in text
    assert "technique 'hidden quad' gave no puzzle in 30 CPU s" in text
    assert "J not measured" in text and "E under 1 s" in text


def test_the_command_line_refuses_a_bad_technique(tmp_path):
    path = tmp_path / "book.yaml"
    path.write_text(HEAD + "  - {count: 1, technique: swordfsh}\n", encoding="utf-8")
    for command in ("validate", "build"):
        text = refused(bookgen(command, path, cwd=tmp_path))
        assert "sections[0].technique: unknown technique 'swordfsh'; did you mean " \
               "'swordfish'?" in text
    assert not (tmp_path / "output").exists()


BOOK = (HEAD + """\
front: {title_page: false, how_to_play: false, contents: false}
sections:
  - count: 3
    technique: pointing
  - name: Claiming
    count: 2
    technique: claiming
    needs: [pointing]
""").replace("sections:\n", "", 1)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The technique book built with 1 and with 2 workers."""
    tmp = tmp_path_factory.mktemp("technique")
    path = tmp / "book.yaml"
    path.write_text(BOOK, encoding="utf-8")
    outs = []
    for workers in (1, 2):
        out = tmp / f"w{workers}"
        write_book(build_book(C.load_config(path, workers=workers), progress=False), out)
        outs.append(out)
    return outs


def test_same_book_for_any_worker_count(built):
    one, two = built
    for name in ("book.pdf", "manifest.json", "puzzles.txt"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_every_puzzle_has_its_technique_hardest_and_is_unique(built):
    entries = json.loads((built[0] / "manifest.json").read_text())["puzzles"]
    assert [e["section"] for e in entries] == ["Pointing"] * 3 + ["Claiming"] * 2
    for e, name in zip(entries, ["pointing"] * 3 + ["claiming"] * 2, strict=True):
        values, geo = parse(e["givens"])
        assert len(solutions_exact(values, geo, 2)) == 1
        # graded again here, not read back from the manifest
        g = grade(values, geo)
        target = aimed_at(name)
        assert target is not None and g.technique is not None
        assert g.technique.label == name and e["hardest"] == name
        lo, top = window(target)
        assert lo <= g.grade < top
        if e["section"] == "Claiming":
            assert any(t is Technique.POINTING for t, _ in g.counts)


def test_the_cut_ladder_grades_as_the_whole_one_below_its_top(built):
    entries = json.loads((built[0] / "manifest.json").read_text())["puzzles"]
    for e in entries:
        values, geo = parse(e["givens"])
        whole = grade(values, geo)
        assert graded_below(values, geo, round(whole.grade + 0.1, 1)) == whole
        assert graded_below(values, geo, whole.grade) is None


def test_each_section_opens_with_its_technique_page(built):
    import pdfplumber

    with pdfplumber.open(built[0] / "book.pdf") as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
        lines = [len(page.lines) + len(page.rects) for page in pdf.pages]
    entries = json.loads((built[0] / "manifest.json").read_text())["puzzles"]
    first = {e["section"]: e["id"] for e in reversed(entries)}
    # each page teaches its own technique, not the family they share
    taught = [i for i, text in enumerate(pages) if "When a symbol's candidates in a" in text]
    assert len(taught) == 2  # one page for each section, no solving-tips page
    for at, section in zip(taught, ("Pointing", "Claiming"), strict=True):
        page = pages[at]
        assert page.startswith(section)
        assert ("in a box all lie" in page) is (section == "Pointing")
        # the example is a step of one of the section's own puzzles
        numbers = [e["id"] for e in entries if e["section"] == section]
        assert any(f"Puzzle {n}:" in page or f"Puzzle {n}," in page for n in numbers)
        assert f"Puzzle {first[section]}" in pages[at + 1]
        assert lines[at] > 20  # the diagram's grid is drawn
