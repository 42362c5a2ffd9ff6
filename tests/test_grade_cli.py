"""`bookgen explain` as a black box: output wording, candidates, errors."""

from __future__ import annotations

import re

import pytest
from exact_cover import solutions_exact

from bookgen.cli import main
from bookgen.core.grid import parse

# from the SE-rated bank, rated below 1.5 there
EASY = "...2.4.....81.97....9.6.8...3..1..7..7.5.8.1.4.6.7.2.5..4...5...5..3..4.....2...."
# rated 3.2 (X-wing) in the SE-rated bank
XWING = "6.2.4.3.7.3.5.6.1.....9.............9..6.3..2.26...75..1.....6.4.......8..74.95.."

PLACE = re.compile(
    r"^\d+\. (r\dc\d) = (\d): "
    r"(hidden single in (box|row|column) \d|naked single .*|full house, .* (box|row|column) \d)$"
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_easy_puzzle_is_explained_by_singles_and_fills_the_solution(capsys):
    code, out, _ = run(capsys, "explain", EASY)
    assert code == 0
    lines = out.splitlines()
    assert re.fullmatch(r"grade 1\.[0-4] \(easy\), hardest step: hidden single", lines[0])
    values, geo = parse(EASY)
    filled = list(values)
    for line in lines[1:]:
        m = PLACE.match(line)
        assert m, line
        r, c = int(m.group(1)[1]), int(m.group(1)[3])
        filled[(r - 1) * 9 + c - 1] = int(m.group(2))
    assert tuple(filled) == solutions_exact(values, geo, 1)[0]


def test_x_wing_step_is_worded(capsys):
    code, out, _ = run(capsys, "explain", XWING)
    assert code == 0
    assert out.startswith("grade 3.2 (hard), hardest step: X-wing\n")
    wing = [line for line in out.splitlines() if "X-wing" in line and line[0].isdigit()]
    assert len(wing) == 1
    assert re.fullmatch(
        r"\d+\. X-wing: (\d) in (row|column) \d, \2 \d confined to (row|column) \d, \3 \d -> "
        r"removed from r\dc\d(, r\dc\d)*",
        wing[0],
    )
    pointing = [line for line in out.splitlines() if "pointing pair:" in line]
    assert pointing and re.fullmatch(
        r"\d+\. pointing pair: \d in box \d confined to (row|column) \d -> removed from r\dc\d(, r\dc\d)*",
        pointing[0],
    )


def test_candidates_grid_is_shown_before_harder_steps(capsys):
    code, out, _ = run(capsys, "explain", "--candidates", XWING)
    assert code == 0
    blocks = out.split("\n\n")
    grid = blocks[1].splitlines()
    assert len(grid) == 11  # 9 rows and 2 box separators
    assert all(line.count("|") == 2 for i, line in enumerate(grid) if i not in (3, 7))
    # the first row of the puzzle: 6 . 2 . 4 . 3 . 7 -> givens shown, blanks list candidates
    first = grid[0].split()
    assert first[0] == "6" and first[2] == "2"


@pytest.mark.parametrize(
    "puzzle, message",
    [
        (
            "." * 81,
            "error: puzzle: line 1: more than one solution: explain needs a puzzle with exactly one solution",
        ),
        (
            "11" + "." * 79,
            "error: puzzle: line 1: givens clash: r1c1 and r1c2 both hold 1 in row 1",
        ),
        (
            "123",
            "error: puzzle: line 1: 3 symbols: expected 16, 36, 81, 144 or 256 (a 4x4, 6x6, 9x9, 12x12 or 16x16 grid)",
        ),
    ],
)
def test_bad_puzzles_get_one_line_errors(capsys, puzzle, message):
    code, out, err = run(capsys, "explain", puzzle)
    assert code == 1
    assert err.strip() == message
    assert out == ""
