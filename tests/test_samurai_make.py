"""Making samurai and twin boards: interlocked boards, band targeting, symmetry over the
board, improving a board, and the same seed giving the same boards."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from bookgen.book import config as C
from bookgen.cli.app import main
from bookgen.core.errors import ConfigError
from bookgen.core.grid import Geometry, geometry
from bookgen.core.model import Band, Difficulty, DigSpec
from bookgen.core.rules import Figure, Symmetry, Variant, is_symmetric
from bookgen.engine.kernels import get_backend
from bookgen.grade.rating import rate
from bookgen.make.generate import make_puzzle, misfit
from bookgen.make.improve import banded, improve
from bookgen.make.interlock import grid_cells
from bookgen.make.judge import judge


def kind(name: str) -> Variant:
    from bookgen.core.kinds import parse

    return parse(name)


def alone_counts(puzzle: tuple[int, ...], geo: Geometry) -> list[int]:
    """Solutions (up to 2) of each grid of the board taken alone as a classic 9x9 grid with
    its own givens, written here from the board's grid origins."""
    assert geo.board is not None
    cell_of = {p: i for i, p in enumerate(geo.positions)}
    counts = []
    for g in range(len(geo.board.origins)):
        cells = [cell_of[p] for p in geo.board.grid_positions(9, g)]
        alone = np.array([[puzzle[c] for c in cells]], dtype=np.int8)
        counts.append(int(get_backend().count_batch(geometry(9), alone, 2)[0]))
    return counts


def unique(puzzle: tuple[int, ...], geo: Geometry) -> bool:
    return int(get_backend().count_batch(geo, np.array([puzzle], dtype=np.int8), 2)[0]) == 1


def test_grid_cells_are_each_grids_81_cells_sharing_whole_boxes():
    geo = geometry(9, kind("samurai"))
    cells = grid_cells(geo)
    assert [len(g) for g in cells] == [81] * 5
    assert len({c for g in cells for c in g}) == geo.ncells == 369
    # the centre grid shares one 3x3 box with each corner grid, the corners none
    assert [len(set(cells[4]) & set(cells[g])) for g in range(4)] == [9] * 4
    assert not set(cells[0]) & set(cells[1])


@pytest.mark.parametrize("name", ["twin", "samurai"])
def test_an_interlocked_easy_board_has_no_grid_unique_alone(name):
    spec = DigSpec(variant=kind(name), interlocked=True)
    geo = spec.geo
    too_hard = judge(Difficulty(Band.EASY, ()), geo)[0]
    for index in range(2):
        made = make_puzzle(spec, "lock", index, too_hard=too_hard)
        assert unique(made.puzzle, geo)
        assert min(alone_counts(made.puzzle, geo)) == 2
        assert rate(made.puzzle, geo).grade < Band.EASY.bounds[1]
        assert misfit(made.puzzle, spec) is None


def test_the_interlock_digs_on_where_an_easy_dig_leaves_a_grid_unique_alone():
    spec = DigSpec(variant=kind("twin"))
    too_hard = judge(Difficulty(Band.EASY, ()), spec.geo)[0]
    # easy twin digs leave a grid unique alone about half the time: take the first
    index, made = next((i, m) for i in range(20)
                       if 1 in alone_counts((m := make_puzzle(spec, "free", i,
                                                              too_hard=too_hard)).puzzle,
                                            spec.geo))
    free = [g for g, count in enumerate(alone_counts(made.puzzle, spec.geo)) if count == 1]
    locked = replace(spec, interlocked=True)
    assert misfit(made.puzzle, locked) \
        == f"it is not interlocked: the {('top-left', 'bottom-right')[free[0]]} grid is unique alone"
    again = make_puzzle(locked, "free", index, too_hard=too_hard)
    assert min(alone_counts(again.puzzle, spec.geo)) == 2
    assert unique(again.puzzle, spec.geo)
    assert rate(again.puzzle, spec.geo).grade < Band.EASY.bounds[1]


@pytest.mark.parametrize(("name", "band"), [("samurai", Band.EASY), ("twin", Band.MEDIUM)])
def test_a_banded_run_grades_in_its_band(name, band):
    spec = DigSpec(variant=kind(name))
    lo, hi = band.bounds
    for index in range(2):
        grade = rate(banded(spec, "band", index, band).puzzle, spec.geo).grade
        assert grade is not None and lo <= grade < hi


def test_symmetry_holds_over_the_whole_board():
    spec = DigSpec(variant=kind("samurai"), symmetry=Symmetry.ROTATIONAL, interlocked=True)
    made = make_puzzle(spec, "sym", 0)
    assert is_symmetric(made.puzzle, 9, Symmetry.ROTATIONAL, spec.variant)
    assert min(alone_counts(made.puzzle, spec.geo)) == 2
    assert unique(made.puzzle, spec.geo)


def test_improve_climbs_on_a_board_keeping_its_shape():
    spec = DigSpec(variant=kind("twin"), symmetry=Symmetry.ROTATIONAL)
    geo = spec.geo
    start = make_puzzle(spec, "imp", 0).puzzle
    best = improve(start, geo, evaluations=12, workers=1, seed="imp", objective=Figure.GRADE,
                   spec=spec)
    assert unique(best.puzzle, geo)
    assert is_symmetric(best.puzzle, 9, Symmetry.ROTATIONAL, spec.variant)
    assert best.solution == make_puzzle(spec, "imp", 0).solution
    assert best.after["grade"] >= best.before["grade"]


def test_the_same_seed_gives_the_same_boards():
    spec = DigSpec(variant=kind("twin"), interlocked=True)
    too_hard = judge(Difficulty(Band.EASY, ()), spec.geo)[0]
    first = [make_puzzle(spec, 5, i, too_hard=too_hard).puzzle for i in range(2)]
    assert first == [make_puzzle(spec, 5, i, too_hard=too_hard).puzzle for i in range(2)]
    assert first[0] != first[1]
    assert banded(spec, 5, 0, Band.EASY) == banded(spec, 5, 0, Band.EASY)


def test_a_section_without_a_board_refuses_interlocked(tmp_path: Path):
    path = tmp_path / "book.yaml"
    path.write_text("title: T\nseed: 1\ntemplate: letter-4up\nsections:\n"
                    "  - {name: A, count: 1, difficulty: easy, interlocked: true}\n",
                    encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        C.load_config(path)
    assert "sections[0].interlocked: interlocked applies to multi-grid boards (samurai, " \
        "twin), not to classic puzzles: drop it (line 5)" in str(e.value)
    path.write_text(path.read_text().replace("interlocked", "variant: samurai, interlocked"),
                    encoding="utf-8")
    assert C.load_config(path).sections[0].dig.interlocked


def test_generate_refuses_interlocked_on_one_grid_and_makes_it_on_a_board(tmp_path, capsys):
    assert main(["generate", "-n", "1", "--interlocked", "-q"]) == 1
    assert capsys.readouterr().err == ("error: --interlocked: classic puzzles have one grid; it "
                                       "applies to multi-grid boards (--variant samurai or "
                                       "twin)\n")
    out = tmp_path / "t.txt"
    assert main(["generate", "-n", "1", "--variant", "twin", "--interlocked", "--difficulty",
                 "easy", "--seed", "2", "-q", "-o", str(out)]) == 0
    assert main(["rate", "--variant", "twin", "--format", "json", str(out)]) == 0
    assert '"grade": 1.' in capsys.readouterr().out


def test_bench_samurai_prints_a_row_a_kind_and_band(capsys):
    assert main(["bench", "samurai", "-n", "1", "--bands", "easy"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()[2:]]
    assert [row[:2] for row in rows] == [["samurai", "easy"], ["twin", "easy"]]
    assert all(float(row[2]) > 0 and row[6:8] == ["of", "1"] and float(row[8]) > 0
               for row in rows)
