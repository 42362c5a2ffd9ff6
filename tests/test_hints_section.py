"""The hints section (`hints: true`): a German book of classic and windoku puzzles, built
once, has a hints page listing every puzzle's hint, and the manifest records them; each
hint is checked against the grader's own solution of its puzzle (the step it tells, the
units it names, the candidate it rules out) and checked not to give away a symbol to
write in. Every technique the grader knows gets words, and a bad `hints` value is named."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

from bookgen.book.config import load_config
from bookgen.book.hints import puzzle_hint
from bookgen.book.pipeline import build_book, write_book
from bookgen.core.errors import ConfigError
from bookgen.core.grid import SYMBOLS, geometry, symbol
from bookgen.core.kinds import Variant
from bookgen.core.lang import Texts, languages
from bookgen.core.model import Family
from bookgen.grade import grade
from bookgen.grade.board import Step
from bookgen.grade.scale import Technique
from bookgen.grade.tables import grading_geometry

BOOK = """\
title: Rätselbuch
language: de
seed: 9
template: kdp-6x9-2up
hints: {hints}
sections:
  - name: Klassisch
    count: 3
    difficulty: hard
  - name: Windoku
    variant: hyper
    count: 2
    difficulty: medium
"""

SINGLES = {Family.FULL_HOUSE, Family.HIDDEN_SINGLE, Family.NAKED_SINGLE}
TEXTS = Texts("de")


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, list[str]]:  # type: ignore[type-arg]
    """The built book's manifest and the text of each of its pages."""
    folder = tmp_path_factory.mktemp("hints")
    path = folder / "book.yaml"
    path.write_text(BOOK.format(hints="true"), encoding="utf-8")
    write_book(build_book(load_config(path, workers=1), progress=False), folder / "out")
    manifest = json.loads((folder / "out" / "manifest.json").read_text(encoding="utf-8"))
    with pdfplumber.open(folder / "out" / "book.pdf") as pdf:
        pages = [p.extract_text() or "" for p in pdf.pages]
    return manifest, pages


def _flat(text: str) -> str:
    return " ".join(text.split())


def _steps(entry: dict) -> tuple[Step, ...]:  # type: ignore[type-arg]
    """The grader's solution of a manifest puzzle, graded again from its givens."""
    givens = tuple(0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in entry["givens"])
    return grade(givens, geometry(9, Variant.parse(entry["variant"]))).steps


def _solution(entry: dict) -> tuple[int, ...]:  # type: ignore[type-arg]
    return tuple(SYMBOLS.index(ch) + 1 for ch in entry["solution"])


def test_the_hints_pages_come_between_the_puzzles_and_the_answers(book) -> None:  # type: ignore[no-untyped-def]
    manifest, pages = book
    heading, answers = TEXTS("heading.hints"), TEXTS("heading.answers")
    starts = [i for i, page in enumerate(pages) if page.split("\n")[0] == heading]
    assert starts, "a hints page"
    first = starts[0]
    last_puzzle = max(i for i, page in enumerate(pages)
                      if page.startswith(("Klassisch", "Windoku")))
    answer_page = next(i for i, page in enumerate(pages) if page.startswith(answers))
    assert last_puzzle < first < answer_page
    shown = _flat(" ".join(pages[first:answer_page]))
    for entry in manifest["puzzles"]:
        assert TEXTS("label", number=entry["id"]) in shown
        assert _flat(entry["hint"]) in shown, entry["hint"]
    contents = next(page for page in pages if page.startswith(TEXTS("heading.contents")))
    assert heading in contents


def test_the_manifest_has_a_hint_per_puzzle(book) -> None:  # type: ignore[no-untyped-def]
    manifest, _ = book
    assert [e["id"] for e in manifest["puzzles"]] == [1, 2, 3, 4, 5]
    assert all(isinstance(e["hint"], str) and e["hint"].strip() for e in manifest["puzzles"])
    assert any(e["variant"] == "hyper" for e in manifest["puzzles"])


def _named_units(hint: str, geo_units: tuple[str, ...]) -> set[int]:
    """The units of a 9x9 grading geometry that the hint names (in the book's words)."""
    out = set()
    for u, name in enumerate(geo_units):
        kind, _, n = name.rpartition(" ")
        key = f"unit.{kind}"
        if key in dict(TEXTS.strings) and n.isdigit() and \
                re.search(rf"(?<!\w){re.escape(TEXTS(key, n=int(n)))}(?!\d)", hint):
            out.add(u)
    return out


def _cells(hint: str) -> set[int]:
    """The cells the hint names ('Z4S2')."""
    pattern = re.escape(TEXTS("cell", row="R", col="C")).replace("R", r"(\d)").replace(
        "C", r"(\d)")
    return {(int(r) - 1) * 9 + int(c) - 1 for r, c in re.findall(pattern, hint)}


def test_every_hint_is_true_of_its_puzzle(book) -> None:  # type: ignore[no-untyped-def]
    """The step the hint tells is the grader's first beyond singles (or, with none, one of
    its hardest singles), of the named technique, in exactly the named units (or at the
    named cells), and it rules out the named candidate."""
    manifest, _ = book
    removed = re.escape(TEXTS("hint.remove", opening="(.*)", technique="(.*)",
                              digit="D")).replace(re.escape("(.*)"), "(.*)").replace("D", r"(\w)")
    told = 0
    for entry in manifest["puzzles"]:
        hint, steps = entry["hint"], _steps(entry)
        geo = grading_geometry(geometry(9, Variant.parse(entry["variant"])))
        beyond = [s for s in steps if s.technique.family not in SINGLES]
        if beyond:
            step = beyond[0]
        else:  # singles only: the hint tells one of the hardest
            step = next(s for s in steps if s.difficulty == max(t.difficulty for t in steps)
                        and _named_units(hint, geo.unit_names) == set(s.units))
        family = step.technique.family
        if family not in SINGLES:
            assert TEXTS(f"name.{step.technique.key}") in hint
        if step.units:
            assert _named_units(hint, geo.unit_names) == set(step.units), hint
        else:
            assert _cells(hint) and _cells(hint) <= set(step.cells) | set(step.cage)
        found = re.fullmatch(removed, hint)
        if found:
            digit = SYMBOLS.index(found.group(3)) + 1
            assert any(d == digit for _, d in step.eliminated), (hint, step)
            told += 1
        else:
            assert not step.eliminated or family in SINGLES or step.placed
    assert told, "a hard book's hints rule candidates out"


def test_no_hint_gives_away_a_symbol_to_write(book) -> None:  # type: ignore[no-untyped-def]
    """No placement ('Z4S2 = 7'); the digits a hint states, its unit and cell numbers left
    out, are never one the step places nor the solution of a cell it names."""
    manifest, _ = book
    for entry in manifest["puzzles"]:
        hint, solution = entry["hint"], _solution(entry)
        assert not re.search(r"\d\s*=\s*\w", hint), hint
        steps = _steps(entry)
        beyond = [s for s in steps if s.technique.family not in SINGLES]
        placed = {v for s in (beyond[:1] or steps) for _, v in s.placed}
        geo = grading_geometry(geometry(9, Variant.parse(entry["variant"])))
        bare = hint
        for c in _cells(hint):
            bare = bare.replace(TEXTS("cell", row=c // 9 + 1, col=c % 9 + 1), "")
        for u in _named_units(hint, geo.unit_names):
            kind, _, n = geo.unit_names[u].rpartition(" ")
            bare = bare.replace(TEXTS(f"unit.{kind}", n=int(n)), "")
        stated = {int(d) for d in re.findall(r"\d", bare)}
        assert not stated & (placed | {solution[c] for c in _cells(hint)}), hint


@pytest.mark.parametrize("technique", list(Technique))
def test_every_technique_has_words(technique: Technique) -> None:
    """A step of every technique, with units or with a chain and cells alone, gets a hint
    in every language that names its technique and never states the digit it
    places or the solution of a cell it names."""
    geo = geometry(9)
    solution = tuple((r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9))
    # the smallest digits ruled out are the placed one and the start cell's solution: a
    # hint that stated the first digit it could would give one of them away
    one = solution.index(1)
    placed = ((one, 1),)
    for texts, units, chains in (
        (Texts(code), units, chains) for code in languages()
        for units, chains in (((3, 13), ()), ((), (((10, 5, True), (20, 5, False)),)))
    ):
        step = Step(technique, technique.se, (10, 11), (solution[10],), placed=placed,
                    eliminated=((30, 1), (31, solution[10]), (32, 8)), units=units,
                    chains=chains)
        hint = puzzle_hint([step], solution, geo, texts)
        assert hint is not None and hint.text.strip()
        family = technique.family
        if family in SINGLES:  # a single's hint states no digit at all
            assert hint.digit is None
            continue
        assert texts(f"name.{technique.key}") in hint.text
        assert hint.digit in {d for _, d in step.eliminated} - {1}
        assert all(hint.digit != solution[c] for c in hint.named)
        assert symbol(hint.digit) in hint.text


def test_a_bad_hints_value_is_named(tmp_path: Path) -> None:
    path = tmp_path / "book.yaml"
    path.write_text(BOOK.format(hints="ja"), encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(path)
    assert "hints: expected true or false, got 'ja' (line 5)" in str(e.value)
    run = subprocess.run([sys.executable, "-m", "bookgen", "validate", str(path)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 1
    assert "error:" in run.stderr and "Traceback" not in run.stderr


def test_hints_change_the_config_hash_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "book.yaml"
    hashes = []
    for value in ("true", "false"):
        path.write_text(BOOK.format(hints=value), encoding="utf-8")
        hashes.append(load_config(path).config_hash)
    path.write_text(BOOK.replace("hints: {hints}\n", ""), encoding="utf-8")
    assert hashes[0] != hashes[1] == load_config(path).config_hash
