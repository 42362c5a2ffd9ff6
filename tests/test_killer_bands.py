"""Killer sections of every band: cages drawn for the band, candidates too hard for it
turned down early, and books that keep their band with hardly any single-cell cages.

Every puzzle is checked unique by the tests' own killer solver (shapes.count_killer) and
in band by the whole killer ladder (grade_killer, no ceiling).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shapes import count_killer

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book
from bookgen.core.model import CAGE_WEIGHTS, Band, CageSpec
from bookgen.core.rules import Variant
from bookgen.grade.killer_scale import grade_killer, grade_killer_below
from bookgen.grade.rating import rate_killer
from bookgen.make.generate import make_killer
from bookgen.variants.killer.cage_aim import BAND_DRAWS, SINGLE_SHARE, cage_draw

BANDS = (Band.EASY, Band.MEDIUM, Band.HARD, Band.EXPERT)


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("bands")
    sections = "".join(f"  - {{variant: killer, count: 2, difficulty: {b.value}}}\n"
                       for b in BANDS)
    config = folder / "book.yaml"
    config.write_text(f"title: Bands\nseed: 9\nsections:\n{sections}", encoding="utf-8")
    return build_book(load_config(config, workers=1), progress=False).book


@pytest.mark.parametrize("band", BANDS)
def test_a_killer_section_of_each_band_is_unique_in_band_with_few_single_cells(
        book, band: Band) -> None:  # type: ignore[no-untyped-def]
    section = book.sections[BANDS.index(band)]
    assert len(section.puzzles) == 2
    cages = 0
    singles = 0
    for p in section.puzzles:
        assert p.variant is Variant.KILLER and p.band is band
        found = count_killer(p.givens, [(cage.total, cage.cells) for cage in p.cages])
        assert found == [list(p.solution)], p.number
        assert grade_killer(p.givens, p.cages).band is band
        cages += len(p.cages)
        singles += sum(1 for cage in p.cages if len(cage.cells) == 1)
    assert singles <= SINGLE_SHARE * cages


@pytest.mark.parametrize("band", BANDS)
def test_drawn_cages_leave_at_most_a_twentieth_single_cells(band: Band) -> None:
    made = [make_killer(CageSpec(aim=band), "singles", i) for i in range(6)]
    cages = [cage for p in made for cage in p.cages]
    assert sum(1 for cage in cages if len(cage.cells) == 1) <= SINGLE_SHARE * len(cages)
    assert all(count_killer(p.puzzle, [(c.total, c.cells) for c in p.cages])
               == [list(p.solution)] for p in made)


def test_the_draw_follows_the_aim_unless_the_spec_sets_its_weights() -> None:
    assert cage_draw(CageSpec()).weights == CAGE_WEIGHTS and not cage_draw(CageSpec()).few
    assert cage_draw(CageSpec(aim=Band.EASY)) == BAND_DRAWS[Band.EASY]
    own = cage_draw(CageSpec(weights=(0, 1, 1), aim=Band.EASY))
    assert own.weights == (0, 1, 1) and own.few == BAND_DRAWS[Band.EASY].few
    assert cage_draw(CageSpec(aim=Band.EXTREME)).weights == CAGE_WEIGHTS
    assert all(draw.weights[0] == 0 for draw in BAND_DRAWS.values())


def test_easy_draws_make_sums_of_fewer_combinations() -> None:
    from bookgen.variants.killer.cages import combination_count

    def mean(spec: CageSpec) -> float:
        cages = [c for i in range(4) for c in make_killer(spec, "few", i).cages]
        return sum(combination_count(c.total, len(c.cells)) for c in cages) / len(cages)

    assert mean(CageSpec(aim=Band.EASY)) < mean(CageSpec(weights=BAND_DRAWS[Band.EASY].weights))


@pytest.mark.parametrize("index", range(4))
def test_grading_below_a_ceiling_agrees_with_the_whole_ladder(index: int) -> None:
    p = make_killer(CageSpec(aim=Band.HARD), "below", index)
    whole = grade_killer(p.puzzle, p.cages, p.solution)
    for ceiling in (1.5, 2.5, 4.0, 6.0):
        below = grade_killer_below(p.puzzle, p.cages, ceiling)
        if whole.grade < ceiling:
            assert below == whole
        else:
            assert below is None
            rated = rate_killer(p.puzzle, p.cages, ceiling=ceiling)
            assert rated.grade == ceiling and rated.hardest is None


def test_a_section_without_sizes_draws_for_its_band(tmp_path: Path) -> None:
    config = tmp_path / "k.yaml"
    config.write_text("title: K\nsections:\n"
                      "  - {variant: killer, count: 1, difficulty: medium}\n"
                      "  - {variant: killer, count: 1, difficulty: easy, "
                      "cages: {sizes: [0, 2, 1, 0, 0]}}\n", encoding="utf-8")
    medium, easy = (s.dig.cages for s in load_config(config).sections)
    assert medium == CageSpec(aim=Band.MEDIUM)
    assert easy == CageSpec(weights=(0, 2, 1, 0, 0), aim=Band.EASY)


def test_feasibility_reads_the_killer_draws_not_the_classic_digs(tmp_path: Path) -> None:
    from bookgen.book.feasible import chance, rare_sections

    config = tmp_path / "k.yaml"
    config.write_text("title: K\nsections:\n"
                      + "".join(f"  - {{variant: killer, count: 1, difficulty: {b.value}}}\n"
                                for b in BANDS)
                      + "  - {name: Own, variant: killer, count: 1, difficulty: hard, "
                        "cages: {sizes: [0, 2, 1, 0, 0]}}\n", encoding="utf-8")
    cfg = load_config(config)
    found = [chance(s) for s in cfg.sections]
    for band, c in zip(BANDS, found, strict=False):
        draw = BAND_DRAWS[band]
        assert c is not None and (c.hits, c.samples, c.row) == (draw.hits, draw.samples,
                                                                 "killer")
    assert found[-1] is None
    assert rare_sections(cfg) == []
