"""A kind from outside the package: registered from this file, it gets every stage
(parsing, generation, grading, the config, pages and the book) without a change to
bookgen. The toy kind adds one unit, the nine cells at the centre of the boxes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from exact_cover import EXTRA_RULES, count_exact

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book, write_book
from bookgen.core.grid import format_line, geometry, parse
from bookgen.core.kinds import ExtraUnit, Variant, register, unregister
from bookgen.core.model import XStyle
from bookgen.core.rules import Variant as RulesVariant
from bookgen.render.marks import grid_marks

NAME = "toy-centre"


def centre_cells(n: int) -> list[int]:
    """The centre cell of each 3x3 box, written from the rule alone."""
    return [(3 * br + 1) * n + 3 * bc + 1 for br in range(3) for bc in range(3)]


class ToyCentre(Variant):
    """Classic 9x9 plus the unit of the boxes' centre cells."""

    name = NAME
    sizes = (9,)
    description = "the nine box centres also hold 1 to 9 once each"

    def extra_units(self, n: int) -> tuple[ExtraUnit, ...]:
        return (("centre dots", "window", tuple(centre_cells(n))),)


@pytest.fixture(scope="module")
def toy():
    kind = register(ToyCentre())
    EXTRA_RULES[NAME] = lambda n: [centre_cells(n)]
    yield kind
    unregister(NAME)
    del EXTRA_RULES[NAME]


@pytest.fixture(scope="module")
def toy_book(toy, tmp_path_factory):
    folder = tmp_path_factory.mktemp("toy")
    config = folder / "book.yaml"
    config.write_text(
        "title: Centre Dots\nseed: 5\nworkers: 1\ntemplate: letter-4up\n"
        "print: {platform: home}\nsections:\n"
        f"  - {{name: Dots, count: 4, variant: {NAME}, difficulty: easy}}\n",
        encoding="utf-8")
    cfg = load_config(config)
    out = folder / "out"
    pages = write_book(build_book(cfg, progress=False), out)
    return out, pages


def test_the_registry_knows_the_kind_by_name(toy) -> None:
    assert Variant.parse("Toy-Centre") is toy and RulesVariant.parse(NAME) is toy
    assert toy in list(Variant) and list(Variant)[-1] is toy
    assert [k.name for k in Variant][:5] == ["classic", "x", "hyper", "jigsaw", "killer"]


def test_the_geometry_gains_the_unit(toy) -> None:
    geo = geometry(9, toy)
    assert len(geo.units) == 28 and geo.unit_names[-1] == "centre dots"
    centre = centre_cells(9)
    assert all(set(geo.peers[c]) >= set(centre) - {c} for c in centre)
    # a centre sees the four centres off its row and column besides its 20 classic peers
    assert len(geo.peers[0]) == 20 and len(geo.peers[10]) == 24


def test_the_page_tints_the_unit(toy) -> None:
    marks = grid_marks(9, toy, None, XStyle.TINT, False)
    assert sorted((int(r), int(c)) for _, c, r, w, h in marks.tints) == [
        divmod(cell, 9) for cell in centre_cells(9)]


def test_a_book_of_the_kind_builds_and_every_puzzle_is_unique(toy, toy_book) -> None:
    out, pages = toy_book
    assert (out / "book.pdf").read_bytes().startswith(b"%PDF") and pages >= 4
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    puzzles = manifest["puzzles"]
    assert len(puzzles) == 4
    geo = geometry(9, toy)
    for p in puzzles:
        assert p["variant"] == NAME
        values, _ = parse(p["givens"])
        assert count_exact(values, geo) == 1
        solution = [int(ch) for ch in p["solution"]]
        assert sorted(solution[c] for c in centre_cells(9)) == list(range(1, 10))
        assert p["grade"] < 1.5  # easy
    lines = (out / "puzzles.txt").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith(format_line(parse(puzzles[0]["givens"])[0]))
    assert f" {NAME}" in lines[0]


def test_an_unknown_kind_is_refused_with_the_names(toy, tmp_path: Path) -> None:
    from bookgen.core.errors import ConfigError

    config = tmp_path / "book.yaml"
    config.write_text("title: T\nsections:\n  - {name: A, count: 1, variant: toy-centr, "
                      "difficulty: easy}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_config(config)
    assert "toy-centre" in str(e.value) and "line 3" in str(e.value)


def test_the_registry_refuses_a_taken_name_and_keeps_the_built_in_kinds(toy) -> None:
    from bookgen.core.errors import GenerationError

    with pytest.raises(ValueError, match="'toy-centre' is registered already"):
        register(ToyCentre())
    with pytest.raises(ValueError, match="'x' is a built-in kind"):
        unregister("x")
    with pytest.raises(TypeError, match="needs a name and sizes"):
        type("Nameless", (Variant,), {})()
    with pytest.raises(GenerationError, match=r"unknown variant 'nope': expected one of "
                       r"classic, x, hyper, jigsaw, killer, samurai, twin, anti-knight, "
                       r"anti-king, non-consecutive, disjoint-groups, asterisk, center-dot, "
                       r"girandola, toy-centre$"):
        Variant.parse("nope")
