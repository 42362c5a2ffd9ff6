"""The grader against Sudoku Explainer: the ladder's order, grades equal to SE's rating,
and `bookgen bench grade` as a black box. (SE's techniques on real positions are in
test_grade_techniques.py.)
"""

from __future__ import annotations

import pytest

from bookgen.cli import main
from bookgen.core.grid import parse
from bookgen.core.model import Family
from bookgen.grade import Technique, grade
from bookgen.grade.solver import LADDER
from bookgen.grade.techniques import chains, wings

# SE tries the UVWXYZ-wing (6.6) just before its chaining rules, whose cycles start at 6.5
SE_ORDER_EXCEPTIONS = {wings.uvwxyz_wing}


def test_ladder_is_sorted_by_rating_and_names_every_technique_once():
    bases = [rung.base for rung in LADDER if rung.finder not in SE_ORDER_EXCEPTIONS]
    assert bases == sorted(bases)
    assert [r.finder for r in LADDER].index(wings.uvwxyz_wing) + 1 == [
        r.finder for r in LADDER
    ].index(chains.chains_and_cycles)
    named = [t for rung in LADDER for t in rung.techniques]
    assert len(named) == len(set(named))
    killer = {t for t in Technique if t.family is Family.CAGE}  # the killer ladder's own
    assert set(named) == set(Technique) - {Technique.TRIAL} - killer
    for rung in LADDER:
        assert rung.rating.startswith(f"{rung.base:.1f}")


# Puzzles made by `bookgen generate`, with Sukaku Explainer's rating of each.
SE_RATED = [
    (".............4.8151..2.6........7.2...8..57.13.......8.637.25...5...49.6.........", 2.8),
    ("..........4.65..3.7..4....665..2..7..7.1......21.7....9...6.74......98.24.5.....3", 4.5),
    ("..........82.5...153.7.24..8......9..7.8...5...6.148...9...8.3.7.....6.8....4....", 5.6),
    (".....61....8.726..72....84.4.........5..98.....7...9..53..8..2...42...5......37..", 6.6),
    ("...8....6..6953..2.7..2.....8.....1...1..9..56.7..5..........5........37.386.1.9.", 6.8),
    (".3.9...5.....2...6.8..469..2....5......4..1.5.6.2.8.3..9..3..67...7......23......", 7.2),
    (".....134..4...96..36....75....7..5....8.4.......96...3.9....41.8........257......", 8.2),
]


@pytest.mark.parametrize("puzzle, rating", SE_RATED)
def test_grade_equals_se_rating(puzzle, rating):
    values, geo = parse(puzzle)
    g = grade(values, geo)
    assert g.solved
    assert g.grade == pytest.approx(rating)


def test_bench_grade_reports_agreement(tmp_path, capsys):
    data = tmp_path / "rated.txt"
    data.write_text("".join(f"{p} {r}\n" for p, r in SE_RATED))
    assert main(["bench", "grade", "--dataset", str(data)]) == 0
    out = capsys.readouterr().out
    assert f"exact: {len(SE_RATED)}/{len(SE_RATED)} = 100.0%" in out
    assert "same band: " in out


def test_bench_grade_names_a_bad_line(tmp_path, capsys):
    data = tmp_path / "rated.txt"
    data.write_text(f"{SE_RATED[0][0]} hard\n")
    assert main(["bench", "grade", "--dataset", str(data)]) == 1
    err = capsys.readouterr().err
    assert "line 1: rating 'hard'" in err
