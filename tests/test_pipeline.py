"""The book pipeline end to end: config -> book.pdf, manifest.json, puzzles.txt."""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from exact_cover import solutions_exact
from shapes import symmetric
from tqdm import tqdm

from bookgen.book.config import Difficulty, ImproveSpec, SectionConfig, load_config
from bookgen.book.pipeline import Candidate, _improve_section, build_book, write_book
from bookgen.core.errors import GenerationError
from bookgen.core.grid import geometry, parse
from bookgen.core.model import Band, ClueTarget, DigSpec
from bookgen.core.rules import Figure, Symmetry
from bookgen.grade.rating import rate
from bookgen.make.select import Rules, ceiling, matches, pick, shortfall

SMALL = """\
title: Test Book
subtitle: For the tests
author: Tester
seed: 11
template: letter-4up
sections:
  - name: Tiny
    size: 4
    count: 3
    difficulty: easy
  - name: Classic
    count: 3
    difficulty:
      band: medium
      clues: [22, 32]
    symmetry: rotational
  - name: By figures
    count: 2
    difficulty:
      way_complexity: [1, 1000]
"""


def _config(tmp_path: Path, text: str = SMALL, name: str = "small.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


@pytest.fixture(scope="module")
def built_twice(tmp_path_factory):
    """The small book built with 1 and with 2 workers."""
    tmp = tmp_path_factory.mktemp("books")
    path = _config(tmp)
    outs = []
    for workers in (1, 2):
        cfg = load_config(path, workers=workers)
        out = tmp / f"w{workers}"
        write_book(build_book(cfg, progress=False), out)
        outs.append(out)
    return outs


def test_same_book_for_any_worker_count(built_twice):
    one, two = built_twice
    for name in ("book.pdf", "manifest.json", "puzzles.txt"):
        assert (one / name).read_bytes() == (two / name).read_bytes(), name


def test_every_puzzle_unique_and_in_its_section(built_twice):
    manifest = json.loads((built_twice[0] / "manifest.json").read_text())
    entries = manifest["puzzles"]
    assert [e["section"] for e in entries] == ["Tiny"] * 3 + ["Classic"] * 3 + ["By figures"] * 2
    assert [e["id"] for e in entries] == list(range(1, 9))
    assert len({e["givens"] for e in entries}) == len(entries)
    for e in entries:
        values, geo = parse(e["givens"])
        solutions = solutions_exact(values, geo, 2)
        assert len(solutions) == 1
        assert parse(e["solution"])[0] == solutions[0]
        assert e["clues"] == sum(1 for v in values if v)
        assert e["generator"].startswith("bookgen ") and len(e["config_hash"]) == 64
    for e in entries[:3]:
        assert len(e["givens"]) == 16 and e["band"] == "easy" and e["grade"] < Band.EASY.bounds[1]
    for e in entries[3:6]:
        assert e["band"] == "medium" and 22 <= e["clues"] <= 32
        values, geo = parse(e["givens"])
        assert all((values[c] == 0) == (values[80 - c] == 0) for c in range(81))
    for e in entries[6:]:
        assert 1 <= e["way_complexity"] <= 1000
    # easier first inside each section
    for section in ("Tiny", "Classic", "By figures"):
        grades = [e["grade"] for e in entries if e["section"] == section]
        assert grades == sorted(grades)


def test_puzzles_txt_is_a_puzzle_file(built_twice):
    manifest = json.loads((built_twice[0] / "manifest.json").read_text())
    text = (built_twice[0] / "puzzles.txt").read_text()
    from bookgen.core.grid import format_line, parse_many

    assert [format_line(v) for _, v, _ in parse_many(text)] == [
        e["givens"] for e in manifest["puzzles"]
    ]
    from pypdf import PdfReader

    assert manifest["pages"] == len(PdfReader(built_twice[0] / "book.pdf").pages)


def test_pdf_holds_the_book(built_twice):
    from pypdf import PdfReader

    reader = PdfReader(built_twice[0] / "book.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    assert reader.metadata.title == "Test Book"
    for number in range(1, 9):
        assert f"Puzzle {number}" in text


def test_a_section_that_cannot_be_filled_writes_nothing(tmp_path):
    # no 4x4 puzzle's way is that complex (a band no 4x4 puzzle reaches is refused earlier)
    text = SMALL.replace("count: 3\n    difficulty: easy",
                         "count: 1\n    difficulty:\n      way_complexity: [400, 500]")
    out = tmp_path / "out"
    out.mkdir()
    (out / "book.pdf").write_bytes(b"old book")
    with pytest.raises(GenerationError, match=r"sections\[0\] 'Tiny': found 0 of 1 puzzles"):
        build_book(load_config(_config(tmp_path, text)), progress=False)
    proc = subprocess.run(
        [sys.executable, "-m", "bookgen", "build", str(_config(tmp_path, text)), "-o", str(out),
         "-q"], capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: sections[0] 'Tiny': found 0 of 1 puzzles")
    assert "Traceback" not in proc.stderr
    assert sorted(p.name for p in out.iterdir()) == ["book.pdf"]
    assert (out / "book.pdf").read_bytes() == b"old book"


def test_a_section_harder_than_asked_is_told_improving_cannot_help(tmp_path):
    """No minimal 6x6 candidate of this seed grades 1.0 or less, and improving only climbs."""
    text = SMALL.replace(
        "size: 4\n    count: 3\n    difficulty: easy",
        "size: 6\n    count: 1\n    minimal: true\n    difficulty:\n      grade: [0, 1.0]",
    )
    with pytest.raises(GenerationError, match=r"sections\[0\] 'Tiny': found 0 of 1 puzzles .* "
                       r"of the nearest: the other candidates were all harder than asked, and "
                       r"improving only makes puzzles harder; widen the difficulty, drop "
                       r"minimal or lower the count$"):
        build_book(load_config(_config(tmp_path, text)), progress=False)


def test_bad_config_does_no_work(tmp_path):
    path = _config(tmp_path, SMALL.replace("count: 2", "count: 0"))
    out = tmp_path / "never"
    proc = subprocess.run(
        [sys.executable, "-m", "bookgen", "build", str(path), "-o", str(out)],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 1
    assert "sections[2].count: expected a positive integer, got 0 (line " in proc.stderr
    assert not out.exists()


CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
"""An easy puzzle (singles only) with 30 clues in a pattern of half-turn symmetry."""
ANY_9 = DigSpec(9)


def test_pick_skips_taken_and_out_of_band():
    geo = geometry(9)
    easy = rate(parse(CLASSIC)[0], geo)
    band = Difficulty(Band.EASY, ())
    assert matches(easy, Rules(ANY_9, band)) and shortfall(easy, band) == 0.0
    hard = Difficulty(Band.HARD, ())
    assert not matches(easy, Rules(ANY_9, hard))
    assert shortfall(easy, hard) == pytest.approx(Band.HARD.bounds[0] - easy.grade)
    assert shortfall(easy, Difficulty(None, ((Figure.CLUES, 0, 20),))) == float("inf")
    taken: set = set()
    assert pick([easy, easy], Rules(ANY_9, band), 2, taken) == [easy]
    assert pick([easy], Rules(ANY_9, band), 1, taken) == []


@pytest.mark.parametrize("band", ["easy", "medium", "hard", "expert"])
def test_a_band_top_is_open(band):
    """A grade equal to a band's top belongs to the next band, never to this one."""
    top = Band(band).bounds[1]
    at_top = replace(rate(parse(CLASSIC)[0], geometry(9)), grade=top)
    below = replace(at_top, grade=round(top - 0.1, 1))
    here, above = Difficulty(Band(band), ()), Difficulty(None, ((Figure.GRADE, top, 20.0),))
    assert not matches(at_top, Rules(ANY_9, here)) and matches(below, Rules(ANY_9, here))
    assert shortfall(at_top, here) == float("inf") and shortfall(below, here) == 0.0
    assert matches(at_top, Rules(ANY_9, above))
    assert ceiling(here, Figure.GRADE) == top and ceiling(here, Figure.CLUES) == float("inf")
    # A range's top is closed: its ceiling is the next value above it.
    assert 20.0 < ceiling(above, Figure.GRADE) < 20.0 + 1e-9


def test_selection_checks_the_shape():
    """A unique puzzle in the band is still passed by when its shape is not the section's."""
    easy = rate(parse(CLASSIC)[0], geometry(9))
    band = Difficulty(Band.EASY, ())
    assert matches(easy, Rules(DigSpec(9, Symmetry.ROTATIONAL), band))
    assert not matches(easy, Rules(DigSpec(9, Symmetry.ROTATIONAL90), band))
    assert not matches(easy, Rules(DigSpec(9, clues=ClueTarget(31, 40)), band))
    assert not matches(easy, Rules(DigSpec(9, minimal=True), band))
    assert matches(easy, Rules(DigSpec(9, clues=ClueTarget(30, 30)), band))
    assert not matches(replace(easy, count=2), Rules(ANY_9, band))
    assert pick([easy], Rules(DigSpec(9, Symmetry.MIRROR), band), 1, set()) == []


def _book(tmp_path: Path, text: str, workers: int = 1) -> list[dict]:
    """The manifest entries of a book built from config text (no files written)."""
    cfg = load_config(_config(tmp_path, text, "book.yaml"), workers=workers)
    return build_book(cfg, progress=False).manifest["puzzles"]


def _check_entry(e: dict, band: str, symmetry: str = "none", clues=(0, 81)) -> None:
    """Unique by the exact-cover solver, in its band, symmetric and in its clue range."""
    values, geo = parse(e["givens"])
    assert solutions_exact(values, geo, 2) == [parse(e["solution"])[0]]
    lo, hi = Band(band).bounds
    assert e["band"] == band and lo <= e["grade"] < hi
    assert symmetric(values, symmetry, geo.n)
    assert clues[0] <= e["clues"] == sum(1 for v in values if v) <= clues[1]


BAND_BOOK = """\
title: Bands
seed: {seed}
template: letter-4up
sections:
  - name: Only
    count: 4
    difficulty: {band}
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(
    "band",
    ["easy", "medium", *(pytest.param(b, marks=pytest.mark.slow)
                         for b in ("hard", "expert", "extreme"))],
)
def test_every_band_fills_without_symmetry(tmp_path, band, seed):
    """Easy and medium digs stop before the grade leaves the band; the harder bands are
    reached by random digs. (Seed 2 easy once found 3 of 4 from 240 candidates.)"""
    entries = _book(tmp_path, BAND_BOOK.format(seed=seed, band=band))
    assert len(entries) == 4 and len({e["givens"] for e in entries}) == 4
    for e in entries:
        _check_entry(e, band)


FORCED = """\
title: Improved
seed: 3
template: letter-4up
sections:
  - name: Hard and symmetric
    count: 3
    difficulty: hard
    symmetry: rotational
    clues: [30, 32]
    improve:
      evaluations: 40
      objective: grade
"""


def test_improved_puzzles_keep_the_section_rules(tmp_path):
    """Random rotational digs of 30-32 clues are rarely hard, even stopped before the band's
    top, so this section needs improvement; the improved puzzles keep its symmetry, clue
    range and band."""
    entries = _book(tmp_path, FORCED)
    improved = [e for e in entries if e["seed"].startswith("improved 3:0:improve:")]
    assert len(entries) == 3 and improved
    for e in entries:
        _check_entry(e, "hard", "rotational", (30, 32))


@pytest.mark.slow
def test_improved_puzzles_same_for_any_worker_count(tmp_path):
    assert _book(tmp_path, FORCED, workers=2) == _book(tmp_path, FORCED, workers=1)


def test_improvement_reaches_what_random_did_not():
    """Starts below a way_complexity floor are improved until they clear it."""
    geo = geometry(9)
    start = rate(parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")[0], geo)
    assert start.trace.way_complexity == 0  # solved by singles alone: far below the floor
    section = SectionConfig(
        name="Harder", count=1, difficulty=Difficulty(None, ((Figure.WAY_COMPLEXITY, 10, 10_000),)),
        dig=DigSpec(), improve=ImproveSpec(300, None, Figure.WAY_COMPLEXITY),
    )
    starts = [(shortfall(start, section.difficulty), 0, Candidate(start, None))]
    with tqdm(disable=True) as bar:
        chosen = _improve_section(section, "t", starts, set(), lambda f, xs: map(f, xs), bar, 1)
    assert len(chosen) == 1
    r = chosen[0].rating
    assert r.trace.way_complexity >= 10 and chosen[0].origin == "improved t:improve:0"
    assert solutions_exact(r.puzzle, geo, 2) == [start.solution]
