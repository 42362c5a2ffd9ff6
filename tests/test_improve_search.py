"""Generate and improve in this process: the output lines of `bookgen generate`, the
annealing rule, progress reports, and what improve says when it cannot start or finish.

Every puzzle is checked unique by the independent exact-cover solver.
"""

from __future__ import annotations

import json
import math
import random

import pytest
from exact_cover import count_exact

from bookgen.core.errors import GenerationError, InputError
from bookgen.core.grid import format_line, geometry, parse
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Figure, Symmetry
from bookgen.make.generate import complete_board
from bookgen.make.improve import TEMPERATURE, _accept, generated_line, improve, iter_generated

GEO = geometry(9)
SOLUTION = complete_board(GEO, random.Random(0))


def test_generated_lines_read_back_and_carry_the_figures():
    spec = DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(26, 30))
    (p, figures), = iter_generated(1, spec, seed=3, workers=1, with_figures=True)
    assert figures is not None and count_exact(p.puzzle, GEO) == 1
    line = generated_line(p, figures, "line")
    assert line == (
        f"{format_line(p.puzzle)}  # solution {format_line(p.solution)}  clues {p.clues}"
        f"  level {figures['level']}/{figures['maxlevel']}  complexity "
        f"{figures['way_complexity']}/{figures['cand_sum']}/{figures['cand_sq']}")
    assert parse(line.split("#")[0])[0] == p.puzzle
    as_json = json.loads(generated_line(p, figures, "json"))
    assert as_json["seconds"] is None  # the same seed gives the same bytes
    assert {k: v for k, v in as_json.items() if k not in ("seconds", "variant")} == {
        k: v for k, v in figures.items() if k != "seconds"}
    assert as_json["variant"] == "classic"
    assert as_json["puzzle"] == format_line(p.puzzle) and as_json["clues"] == p.clues


def test_generated_lines_without_figures():
    (p, figures), = iter_generated(1, DigSpec(4, minimal=True), seed=1, workers=1)
    assert figures is None
    assert generated_line(p, None, "line") == (
        f"{format_line(p.puzzle)}  # solution {format_line(p.solution)}  clues {p.clues}")
    assert json.loads(generated_line(p, None, "json")) == {
        "puzzle": format_line(p.puzzle), "solution": format_line(p.solution), "clues": p.clues,
        "variant": "classic"}


def test_generating_more_than_one_chunk_keeps_every_index():
    spec = DigSpec(4, minimal=True)
    made = [p for p, _ in iter_generated(53, spec, seed=2, start_index=7, workers=1)]
    assert [p.index for p in made] == list(range(7, 60))
    assert all(count_exact(p.puzzle, geometry(4)) == 1 for p in made)


class _Draw(random.Random):
    """A generator whose random() is fixed: the acceptance draw, pinned."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def test_annealing_accepts_worse_moves_less_often_as_the_budget_is_spent():
    assert _accept(10.0, 10.0, 50.0, 0.0, _Draw(0.999))  # never worse: always taken
    assert _accept(11.0, 10.0, 50.0, 1.0, _Draw(0.999))
    # Temperature 0.05 * 50 = 2.5 at the start: a drop of 1 passes with e^-0.4 = 0.67.
    chance = math.exp(-1.0 / 2.5)
    assert _accept(9.0, 10.0, 50.0, 0.0, _Draw(chance - 0.01))
    assert not _accept(9.0, 10.0, 50.0, 0.0, _Draw(chance + 0.01))
    # Half-way the temperature is halved: e^-0.8 = 0.45.
    half = math.exp(-1.0 / 1.25)
    assert _accept(9.0, 10.0, 50.0, 0.5, _Draw(half - 0.01))
    assert not _accept(9.0, 10.0, 50.0, 0.5, _Draw(half + 0.01))
    # A best score below 1 counts as 1 (temperature 0.05), and at the end nothing worse.
    low = math.exp(-0.01 / 0.05)
    assert _accept(0.0, 0.01, 0.001, 0.0, _Draw(low - 0.01))
    assert not _accept(0.0, 0.01, 0.001, 0.0, _Draw(low + 0.01))
    assert not _accept(9.0, 10.0, 50.0, 1.0, _Draw(0.0))


def test_annealing_takes_an_equal_move_even_at_the_end_and_a_draw_at_the_chance_is_refused():
    assert _accept(10.0, 10.0, 50.0, 1.0, _Draw(0.5))  # temperature 0: equal
    chance = math.exp((9.0 - 10.0) / (TEMPERATURE * 50.0 * 1.0))
    assert not _accept(9.0, 10.0, 50.0, 0.0, _Draw(chance))


def test_progress_rises_to_the_whole_budget():
    seen: list[float] = []
    result = improve(SOLUTION, GEO, evaluations=12, workers=1, seed=5, chains=3,
                     progress=seen.append)
    assert result.evaluations == 12 and result.chains == 3
    # Three chains of 4 evaluations, one after the other: a report after every evaluation
    # past each chain's first, as the share of all chains done.
    assert seen == pytest.approx([(i + k / 4) / 3 for i in range(3) for k in (2, 3, 4)])
    assert count_exact(result.puzzle, GEO) == 1


def test_improve_by_grade_rates_with_the_grade():
    result = improve(SOLUTION, GEO, evaluations=6, workers=1, seed=1, objective=Figure.GRADE)
    assert result.objective is Figure.GRADE
    assert result.after["grade"] is not None and result.before["grade"] is not None
    assert result.after["grade"] >= result.before["grade"]
    plain = improve(SOLUTION, GEO, evaluations=6, workers=1, seed=1)
    assert plain.after.get("grade") is None  # the grade is computed only when it is the objective


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"seconds": 0.0}, "seconds 0.0: expected a positive number"),
     ({"seconds": -1.0}, "seconds -1.0: expected a positive number"),
     ({"evaluations": -3}, "evaluations -3: expected a positive number"),
     ({"evaluations": 3, "spec": DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(60, 60),
                                         minimal=True)},
      "no minimal puzzle of this solution with 60 clues and half-turn rotation (180 degrees) "
      "in 3 digs: widen the clue range"),
     ({"evaluations": 3, "spec": DigSpec(9, clues=ClueTarget(60, 60), minimal=True),
       "ceiling": 5.0},
      "no minimal puzzle of this solution with 60 clues and no symmetry below way_complexity 5 "
      "in 3 digs: widen the clue range")],
)
def test_improve_tells_what_is_wrong(kwargs, message):
    with pytest.raises(GenerationError) as e:
        improve(SOLUTION, GEO, workers=1, **kwargs)
    assert str(e.value) == message


def test_improve_refuses_a_grid_without_a_solution():
    values = list(SOLUTION)
    values[1] = values[0]  # a clash: no solution
    values[2:] = [0] * 79
    with pytest.raises(InputError, match="^the puzzle has no solution: improve needs a full "
                                         "grid or a unique puzzle"):
        improve(tuple(values), GEO, evaluations=3, workers=1)
