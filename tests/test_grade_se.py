"""The grader against Sudoku Explainer: the ladder's order, SE's techniques on real
positions (exact deductions and ratings, checked against the exact-cover solver), grades
equal to SE's rating, and `bookgen bench grade` as a black box.
"""

from __future__ import annotations

import pytest
from exact_cover import solutions_exact

from bookgen.cli import main
from bookgen.grade import Board, Technique, chains, fish, grade, uniqueness, wings
from bookgen.grade.solver import LADDER
from bookgen.grid import geometry, parse

GEO = geometry(9)


def from_candidates(text: str) -> Board:
    """A board from 81 tokens: '=v' a filled cell, else an empty cell's candidates."""
    b = Board((0,) * 81, GEO)
    for c, tok in enumerate(text.split()):
        if tok.startswith("="):
            b.values[c], b.cands[c] = int(tok[1:]), 0
        else:
            b.cands[c] = sum(1 << (int(d) - 1) for d in tok)
    return b


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
    assert set(named) == set(Technique) - {Technique.TRIAL}
    for rung in LADDER:
        assert rung.rating.startswith(f"{rung.base:.1f}")


# Candidate states met while solving SE-rated puzzles, where the technique is the first of
# the ladder to fire: (finder, technique, rating, eliminations, position).
SE_POSITIONS = [
    (
        fish.two_strong_links,
        Technique.SKYSCRAPER,
        4.0,
        {'r4c6:2', 'r9c5:2'},
        "=4 =9 =8 =6 =3 =1 =5 27 27 =2 =1 =6 57 =4 57 =8 =3 =9 =3 57 57 =2 =8 =9 =6 =1 =4 157 =8 =3 =4 1257 257 =9 =6 25 =9 257 =4 =3 257 =6 =1 25 =8 15 =6 25 =9 125 =8 =7 =4 =3 =8 =4 =9 =1 =6 =3 =2 57 57 =6 =3 257 57 =9 257 =4 =8 =1 57 257 =1 =8 257 =4 =3 =9 =6",
    ),
    (
        fish.two_strong_links,
        Technique.EMPTY_RECTANGLE,
        4.3,
        {'r9c2:8', 'r9c3:8'},
        "=2 678 5678 78 =1 37 35 =4 =9 =1 =4 =3 =5 =9 =6 =7 =8 =2 78 =9 578 =4 28 237 =1 =6 35 467 =2 467 =1 =5 =8 =9 =3 46 =3 =1 =9 =6 =7 =4 =2 =5 =8 =5 68 468 =2 =3 =9 46 =7 =1 478 =5 =2 =3 =6 =1 48 =9 47 6789 =3 =1 789 =4 57 568 =2 567 46789 678 4678 789 28 257 34568 =1 34567",
    ),
    (
        uniqueness.unique_loop,
        Technique.UNIQUE_LOOP,
        4.6,
        {'r9c5:3', 'r9c5:6'},
        "=5 278 28 =1 89 =3 79 =4 =6 =3 =4 =1 =5 69 67 =2 =8 79 =9 78 =6 =2 =4 78 =5 =1 =3 =6 =5 =7 =8 =2 =4 19 =3 19 =1 =9 28 =3 =7 =5 48 =6 24 =4 28 =3 =6 =1 =9 78 27 =5 =8 36 =4 =9 =5 =1 36 27 27 =7 =1 =5 =4 36 =2 36 =9 =8 =2 36 =9 =7 368 68 14 =5 14",
    ),
    (
        wings.uvwxyz_wing,
        Technique.UVWXYZ_WING,
        6.6,
        {'r9c8:7'},
        "=2 =6 =9 =1 58 =3 =4 58 =7 =4 =1 =5 79 78 =2 39 38 =6 =3 =8 =7 4569 456 45 =1 =2 59 =6 =5 14 47 =2 147 =8 =9 =3 =8 =9 14 =3 145 145 67 67 =2 =7 23 23 =8 =9 =6 =5 =4 =1 =5 =7 38 =2 46 =9 36 =1 48 19 24 28 4567 =3 14578 79 567 4589 19 34 =6 457 1457 14578 =2 357 589",
    ),
    (
        wings.wxyz_wing,
        Technique.WXYZ_WING,
        5.5,
        {'r5c2:4', 'r6c7:4'},
        "=6 =3 =5 =8 =9 =4 =2 =1 =7 =9 =2 =7 =3 =1 =6 =8 =5 =4 =4 =1 =8 =5 =7 =2 36 36 =9 137 78 16 =9 =4 =5 367 =2 18 15 48 =2 =6 =3 =7 45 =9 18 357 =9 46 =1 =2 =8 457 36 35 =8 =6 =3 =4 =5 =1 =9 =7 =2 =2 =5 =9 =7 =8 =3 =1 =4 =6 17 47 14 =2 =6 =9 35 =8 35",
    ),
    (
        fish.three_strong_links,
        Technique.THREE_STRONG_LINKS,
        5.5,
        {'r2c8:5'},
        "389 =1 26 =7 589 =4 26 589 389 3789 58 2356 125 89 168 24689 4589 3789 789 =4 256 25 =3 68 2689 =1 5789 =5 =6 =8 19 =4 19 =7 =3 =2 =4 =3 =9 =8 =7 =2 =5 =6 =1 =1 =2 =7 =3 =6 =5 89 89 =4 38 58 135 =6 =2 =7 149 459 59 =2 =9 15 =4 58 =3 18 =7 =6 =6 =7 =4 59 =1 89 =3 =2 58",
    ),
    (
        fish.four_strong_links,
        Technique.FOUR_STRONG_LINKS,
        6.1,
        {'r1c9:1'},
        "25 25 =3 149 =7 =8 =6 14 19 =8 =6 149 =3 49 =5 1479 =2 179 14 49 =7 =6 =2 149 =5 =8 =3 =9 =7 14 124 =8 234 123 =5 =6 124 234 =5 2479 =6 2349 =8 13 127 =6 23 =8 127 =5 123 1237 =9 =4 =3 =1 =2 =5 49 =7 49 =6 =8 45 =8 49 24 =3 =6 1249 =7 125 =7 459 =6 =8 =1 249 2349 34 259",
    ),
]


@pytest.mark.parametrize(
    "finder, tech, rating, removed, text", SE_POSITIONS, ids=lambda x: getattr(x, "name", "")
)
def test_se_technique_on_a_real_position(finder, tech, rating, removed, text):
    board = from_candidates(text)
    (solution,) = solutions_exact(tuple(board.values), GEO, 2)
    steps = finder(board)
    assert [s.technique for s in steps] == [tech]
    assert steps[0].difficulty == pytest.approx(rating)
    assert {f"{GEO.label(c)}:{d}" for c, d in steps[0].eliminated} == removed
    assert all(solution[c] != d for c, d in steps[0].eliminated)
    assert all(solution[c] == v for c, v in steps[0].placed)
    for rung in LADDER[: [r.finder for r in LADDER].index(finder)]:
        assert rung.finder(from_candidates(text)) == []


# Puzzles made by `bookgen generate`, with Sukaku Explainer's rating of each.
SE_RATED = [
    (".............4.8151..2.6........7.2...8..57.13.......8.637.25...5...49.6.........", 2.8),
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
