"""The worked-solutions appendix: `worked: [numbers]` and `worked: hardest` built as small
books and read back from the PDF (its pages after the answers, one diagram per key step of
the grader's solution, the words naming the step's cells, the solved grid at its end),
the entries of a worked puzzle against its grading, large print, the same bytes twice,
and the config's mistakes through the command line."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from blackbox import bookgen, refused

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book, write_book
from bookgen.book.tips import unit
from bookgen.book.worked import RUN_MOST, in_words, worked
from bookgen.core.grid import geometry, parse
from bookgen.core.lang import Texts
from bookgen.core.rules import Variant
from bookgen.grade import grade
from bookgen.grade.explain import SINGLES
from bookgen.grade.rating import Rating, rate
from bookgen.grade.tables import grading_geometry
from bookgen.render.diagram import BORDER_PT

BOOK = """\
title: Worked
seed: 7
template: {template}
worked: {worked}
sections:
  - count: 1
    difficulty: easy
  - count: 3
    difficulty: hard
"""

HEADING = "Worked solutions"

EXPERT = ".24.6...1...41..27.3.9..6....7..1.3.......86.........4.6.......31..9..7.5..6....9"
"""An expert puzzle (grade 5.6): its solution mixes runs of singles with key steps
(locked candidates, subsets, uniqueness, a wing)."""


def _build(folder: Path, worked_key: str, template: str = "kdp-6x9-2up",
           name: str = "out") -> Path:
    config = folder / f"{name}.yaml"
    config.write_text(BOOK.format(template=template, worked=worked_key), encoding="utf-8")
    write_book(build_book(load_config(config, workers=1), progress=False), folder / name)
    return folder / name


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The same four puzzles (one easy, three hard) with puzzle 2 worked, and with the
    hardest one worked."""
    folder = tmp_path_factory.mktemp("worked")
    return {key: _build(folder, key, name=f"book{i}")
            for i, key in enumerate(("[2]", "hardest"))}


def _puzzles(out: Path) -> dict[int, dict[str, object]]:
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return {int(p["id"]): p for p in manifest["puzzles"]}


def _appendix(out: Path) -> list[int]:
    """The indexes of the appendix's pages."""
    with pdfplumber.open(out / "book.pdf") as pdf:
        return [i for i, page in enumerate(pdf.pages)
                if (page.extract_text() or "").startswith(HEADING)]


def _text(out: Path) -> str:
    """The appendix's words, every run of white space one space."""
    with pdfplumber.open(out / "book.pdf") as pdf:
        pages = [pdf.pages[i].extract_text() or "" for i in _appendix(out)]
    return re.sub(r"\s+", " ", " ".join(pages))


def _steps(entry: dict[str, object]) -> tuple:  # type: ignore[type-arg]
    givens = str(entry["givens"])
    return grade(parse(givens)[0], geometry(9)).steps


def _worked_number(key: str, out: Path) -> int:
    if key == "hardest":
        return max((float(p["grade"]), n) for n, p in _puzzles(out).items())[1]  # type: ignore[arg-type]
    return 2


@pytest.mark.parametrize("key", ["[2]", "hardest"])
def test_the_appendix_follows_the_answers_and_is_listed(books: dict[str, Path], key: str
                                                        ) -> None:
    out = books[key]
    pages = _appendix(out)
    assert pages, "no worked-solutions page"
    with pdfplumber.open(out / "book.pdf") as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
    answers = [i for i, t in enumerate(texts) if t.startswith("Answers")]
    assert answers and max(answers) < min(pages)
    assert pages == list(range(min(pages), max(pages) + 1))  # one run of pages
    contents = next(t for t in texts if t.startswith("Contents"))
    listed = re.search(rf"{HEADING}[ .]*(\d+)", contents)
    assert listed and int(listed.group(1)) == min(pages) + 1
    number = _worked_number(key, out)
    assert f"Puzzle {number} (" in _text(out)
    assert len(re.findall(r"Puzzle \d+ \(", _text(out))) == 1


@pytest.mark.parametrize("key", ["[2]", "hardest"])
def test_one_diagram_per_key_step(books: dict[str, Path], key: str) -> None:
    out = books[key]
    steps = _steps(_puzzles(out)[_worked_number(key, out)])
    keys = [s for s in steps if in_words(s) is None]
    assert keys, "the worked puzzle needs more than singles"
    with pdfplumber.open(out / "book.pdf") as pdf:
        borders = sum(1 for i in _appendix(out) for r in pdf.pages[i].rects
                      if r["stroke"] and abs(r["linewidth"] - BORDER_PT) < 1e-6)
    # every diagram is outlined once, and so are the start grid and the solved grid
    assert borders == len(keys) + 2


def _cells(pairs: tuple[tuple[int, int], ...]) -> set[str]:
    return {f"r{c // 9 + 1}c{c % 9 + 1}" for c, _ in pairs}


@pytest.mark.parametrize("key", ["[2]", "hardest"])
def test_the_words_name_each_steps_cells(books: dict[str, Path], key: str) -> None:
    out = books[key]
    text = _text(out)
    steps = _steps(_puzzles(out)[_worked_number(key, out)])
    # each key step under its heading, before the next step's words
    for k, step in enumerate(steps, 1):
        if step.technique.family in SINGLES:
            continue
        at = text.index(f"Step {k}: ")
        words = re.split(r" Steps? \d+", text[at + 5:], maxsplit=1)[0]
        for name in _cells(step.placed) | _cells(step.eliminated):
            assert re.search(rf"\b{name}\b", words), (k, name, words)
    # the singles' placements, in the solution's order
    singles = [f"r{c // 9 + 1}c{c % 9 + 1} = {v}" for s in steps
               if s.technique.family in SINGLES for c, v in s.placed]
    at = 0
    for placed in singles:
        at = text.index(placed, at) + len(placed)


@pytest.mark.parametrize("key", ["[2]", "hardest"])
def test_the_appendix_ends_on_the_solution(books: dict[str, Path], key: str) -> None:
    out = books[key]
    with pdfplumber.open(out / "book.pdf") as pdf:
        page = pdf.pages[_appendix(out)[-1]]
        digits = [ch for ch in page.chars if ch["text"].isdigit()]
        large = max(ch["size"] for ch in digits)
        # the grid's values are its largest digits (row and column numbers, page number
        # and words are smaller)
        values = sorted((ch for ch in digits if ch["size"] > 0.9 * large),
                        key=lambda ch: (round(ch["top"]), ch["x0"]))
    solution = str(_puzzles(out)[_worked_number(key, out)]["solution"])
    assert "".join(ch["text"] for ch in values) == solution


def test_entries_cover_the_grading_in_order() -> None:
    puzzle = parse(EXPERT)[0]
    r = rate(puzzle, geometry(9))
    steps = grade(puzzle, geometry(9)).steps
    w = worked(7, r, geometry(9), (), Texts())
    keys = sum(in_words(s) is None for s in steps)
    assert keys and sum(e.diagram is not None for e in w.entries) == keys
    covered = [k for e in w.entries for k in range(e.first, e.last + 1)]
    assert covered == list(range(1, len(steps) + 1))
    for e in w.entries:
        single = in_words(steps[e.first - 1]) is not None
        assert (e.diagram is None) == single
        assert e.last - e.first < RUN_MOST
        if not single:
            assert e.first == e.last and e.name.startswith(f"Step {e.first}: ")
            assert e.diagram is not None and e.diagram.givens == puzzle
    assert w.start.values == puzzle and not any(w.start.candidates)
    assert w.end.values == r.solution and w.heading.startswith("Puzzle 7 (")


def test_large_print_diagrams_keep_16_pt(tmp_path: Path) -> None:
    out = _build(tmp_path, "hardest", template="letter-large-print")
    with pdfplumber.open(out / "book.pdf") as pdf:
        sizes = [ch["size"] for i in _appendix(out) for ch in pdf.pages[i].chars
                 if ch["text"].strip()]
    assert sizes and min(sizes) >= 16 - 1e-6


def test_the_same_config_gives_the_same_bytes(tmp_path: Path) -> None:
    first = _build(tmp_path, "[2, 4]", name="a")
    again = _build(tmp_path, "[2, 4]", name="b")
    assert (first / "book.pdf").read_bytes() == (again / "book.pdf").read_bytes()


@pytest.mark.parametrize(("value", "message"), [
    ("[9]", "worked: puzzle 9 is not in the book: expected puzzle numbers from 1 to 4 "
            "(the book's puzzles) (line 4)"),
    ("[2, 5]", "worked: puzzle 5 is not in the book: expected puzzle numbers from 1 to 4 "
               "(the book's puzzles) (line 4)"),
    ("easiest", "worked: expected a list of puzzle numbers such as [2, 7], or 'hardest', "
                "got 'easiest' (line 4)"),
    ("3", "worked: expected a list of puzzle numbers such as [2, 7], or 'hardest', got 3 "
          "(line 4)"),
    ("[]", "worked: expected a list of puzzle numbers such as [2, 7], or 'hardest', got an "
           "empty list (line 4)"),
    ("[0, 2]", "worked: expected puzzle numbers (positive integers), got 0 in [0, 2] "
               "(line 4)"),
    ("[x]", "worked: expected puzzle numbers (positive integers), got 'x' in ['x'] "
            "(line 4)"),
    ("[2, 2]", "worked: expected each puzzle once, got 2 twice (line 4)"),
])
def test_config_mistakes_are_refused(tmp_path: Path, value: str, message: str) -> None:
    config = tmp_path / "book.yaml"
    config.write_text(BOOK.format(template="kdp-6x9-2up", worked=value), encoding="utf-8")
    for command in ("validate", "build"):
        error = refused(bookgen(command, config, cwd=tmp_path))
        assert f"  {message}\n" in error
    assert not (tmp_path / "output").exists()



def test_a_unit_of_the_graders_own_is_named_by_none() -> None:
    # windoku's grader adds the five hidden windows after the grid's own units; a step
    # found in one names no unit the language has, and its words leave the unit out
    geo = geometry(9, Variant.HYPER)
    hidden = grading_geometry(geo).units
    assert len(hidden) > len(geo.units)
    assert unit(len(geo.units), geo, Texts()) is None
    assert unit(len(geo.units) - 1, geo, Texts()) == "window 4"


def test_a_killers_cage_combinations_are_told_in_words() -> None:
    """A killer's most common step (a cage's sum allows only some digits) runs in words
    like singles: only its other cage rules are drawn."""
    import bookgen
    from bookgen.grade.killer_scale import grade_killer

    (made,) = bookgen.generate(1, variant="killer", difficulty="medium", seed=5)
    r = Rating(made.givens, 1, made.solution, None, sum(v > 0 for v in made.givens), 0.0,
               made.grade, made.band)
    steps = grade_killer(made.givens, made.cages, made.solution).steps
    combinations = [k for k, s in enumerate(steps, 1) if in_words(s) == "combinations"]
    assert combinations  # a medium killer leans on them
    w = worked(1, r, geometry(9), made.cages, Texts())
    drawn = [e.first for e in w.entries if e.diagram is not None]
    assert drawn == [k for k, s in enumerate(steps, 1) if in_words(s) is None]
    told = " ".join(e.text for e in w.entries if e.diagram is None)
    assert "cage combinations:" in told and " is ruled out in r" in told
    assert w.end.values == made.solution
