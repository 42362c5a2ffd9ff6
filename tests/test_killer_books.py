"""Killer books: `variant: killer` sections from config through the pipeline to the PDF.

A small book with two killer sections and a classic one is built once; every killer
puzzle is checked unique by the tests' own killer solver (shapes.count_killer), its cages
against its solution, its band against its section; the manifest and puzzles.txt carry
the cages, and `bookgen solve` reads puzzles.txt back.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from shapes import count_killer

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book, write_book
from bookgen.core.errors import ConfigError
from bookgen.core.model import Band, Family
from bookgen.core.rules import Variant
from bookgen.variants.killer.cages import parse_killer

BOOK = """\
title: Killer Test
seed: 4
template: letter-4up
layout:
  answers_per_page: 9
front:
  tips: true
sections:
  - {name: Classic, count: 1, difficulty: easy}
  - {name: Gentle, variant: killer, count: 2, difficulty: easy,
     cages: {sizes: [2, 6, 3, 0, 0]}}
  - {name: Tough, variant: killer, count: 2, difficulty: hard, cages: {givens: 2}}
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("killer")
    config = folder / "book.yaml"
    config.write_text(BOOK, encoding="utf-8")
    cfg = load_config(config, workers=1)
    book = build_book(cfg, progress=False)
    write_book(book, folder / "out")
    return cfg, book, folder / "out"


def _killers(built):  # type: ignore[no-untyped-def]
    _, book, _ = built
    return [p for s in book.book.sections for p in s.puzzles if p.variant is Variant.KILLER]


def test_every_killer_puzzle_is_unique_by_cages_and_sums(built) -> None:  # type: ignore[no-untyped-def]
    puzzles = _killers(built)
    assert len(puzzles) == 4
    for p in puzzles:
        assert p.cages and sorted(c for cage in p.cages for c in cage.cells) == list(range(81))
        for cage in p.cages:
            digits = [p.solution[c] for c in cage.cells]
            assert sum(digits) == cage.total and len(set(digits)) == len(digits)
        found = count_killer(p.givens, [(cage.total, cage.cells) for cage in p.cages])
        assert found == [list(p.solution)], p.number
        assert all(g in (0, s) for g, s in zip(p.givens, p.solution, strict=True))


def test_killer_sections_keep_their_band_and_givens(built) -> None:  # type: ignore[no-untyped-def]
    _, book, _ = built
    by_name = {s.name: s.puzzles for s in book.book.sections}
    assert {p.band for p in by_name["Gentle"]} == {Band.EASY}
    assert {p.band for p in by_name["Tough"]} == {Band.HARD}
    assert all(not any(p.givens) for p in by_name["Gentle"])
    assert all(sum(1 for v in p.givens if v) <= 2 for p in by_name["Tough"])
    assert len({p.solution for p in _killers(built)}) == 4  # no solution grid twice
    assert [p.variant for p in by_name["Classic"]] == [Variant.CLASSIC]
    assert by_name["Classic"][0].cages == ()


def test_tips_name_the_cage_family_with_a_killer_example(built) -> None:  # type: ignore[no-untyped-def]
    _, book, _ = built
    tips = {t.family: t for t in book.book.tips}
    killer_numbers = {p.number for p in _killers(built)}
    assert Family.CAGE in tips and tips[Family.CAGE].puzzle in killer_numbers
    assert f"Puzzle {tips[Family.CAGE].puzzle}" in tips[Family.CAGE].example


def test_manifest_and_puzzles_txt_carry_the_cages(built) -> None:  # type: ignore[no-untyped-def]
    _, book, out = built
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    entries = {e["id"]: e for e in manifest["puzzles"]}
    for p in _killers(built):
        entry = entries[p.number]
        assert entry["variant"] == "killer"
        assert [(c["sum"], tuple(c["cells"])) for c in entry["cages"]] == [
            (cage.total, cage.cells) for cage in p.cages]
    assert "cages" not in entries[1]
    text = (out / "puzzles.txt").read_text(encoding="utf-8")
    killer_text = "\n".join(line for line in text.splitlines()
                            if "killer" in line or "cage" in line)
    read = [p for _, p in parse_killer(killer_text)]
    assert [(p.givens, p.cages) for p in read] == [(p.givens, p.cages) for p in _killers(built)]


def test_solve_reads_the_killer_lines_of_puzzles_txt(built, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _, _, out = built
    lines = (out / "puzzles.txt").read_text(encoding="utf-8").splitlines()
    killer = tmp_path / "killer.txt"
    killer.write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")  # line 1: the classic
    done = subprocess.run([sys.executable, "-m", "bookgen", "solve", str(killer), "-q"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["".join(map(str, p.solution)) for p in _killers(built)]


def test_the_pdf_shows_the_cage_sums(built) -> None:  # type: ignore[no-untyped-def]
    import pdfplumber

    _, _, out = built
    with pdfplumber.open(out / "book.pdf") as pdf:
        words = "\n".join(page.extract_text() or "" for page in pdf.pages)
    assert "Killer" in words
    first = _killers(built)[0]
    # the first puzzle's sums all appear (they are printed on its page)
    assert all(str(cage.total) in words for cage in first.cages)


@pytest.mark.parametrize("extra, message", [
    ("symmetry: rotational", "sections[0].symmetry: symmetry does not apply to killer sections"),
    ("clues: [0, 4]", "sections[0].clues: clues does not apply to killer sections"),
    ("minimal: true", "sections[0].minimal: minimal does not apply to killer sections"),
    ("improve: {evaluations: 10}", "sections[0].improve: improve does not apply"),
    ("cages: {sizes: [1, 2, 3]}", "sections[0].cages.sizes: expected a list of 5 non-negative"),
    ("cages: {sizes: [0, 0, 0, 0, 0]}", "sections[0].cages.sizes: expected a list of 5"),
    ("cages: {givens: 21}", "sections[0].cages.givens: expected an integer from 0 to 20"),
    ("size: 6", "sections[0].size: a killer grid has no size 6"),
])
def test_killer_section_keys_that_cannot_apply_are_refused(tmp_path: Path, extra: str,
                                                           message: str) -> None:
    config = tmp_path / "k.yaml"
    config.write_text("title: K\nsections:\n  - variant: killer\n    count: 1\n"
                      f"    difficulty: easy\n    {extra}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    assert message in str(e.value) and "(line " in str(e.value)


def test_trace_figures_and_cages_on_other_variants_are_refused_by_validate(
        tmp_path: Path) -> None:
    config = tmp_path / "k.yaml"
    config.write_text(
        "title: K\nsections:\n"
        "  - {variant: killer, count: 1, name: A, difficulty: {way_complexity: [1, 50]}}\n"
        "  - {count: 1, difficulty: easy, cages: {givens: 2}}\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bookgen", "validate", str(config)],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert ("sections[0].difficulty.way_complexity: killer sections are chosen by grade "
            "only") in done.stderr
    assert "sections[1].cages: cages belong to killer sections, not classic" in done.stderr
