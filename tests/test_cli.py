"""The CLI as a black box: `python -m bookgen ...` in a subprocess, output and exit codes."""

import json
import subprocess
import sys

import pytest
from exact_cover import solutions_exact

from bookgen.core.grid import format_line, geometry, parse

GOLDEN = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EMPTY_4 = "." * 16


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bookgen", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


def test_rate_golden_seed_format():
    out = run("rate", GOLDEN, "--format", "seed")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("level: 15/20 duration: ")
    assert lines[0].endswith(" complexity: 102/263/1229 # of solutions: 1")
    assert lines[1].startswith("[0 0 0 0 6 0 3 0 0 0 0 7")
    assert lines[2].startswith("[1 4 5 2 6 7 3 9 8 6 8 7")
    assert lines[3].startswith("way:[(((45 [6 8 9]) 1) ((29 [4 6 9]) 0)")


def test_rate_json_keys_and_values():
    out = run("rate", GOLDEN, "--format", "json", "--no-grade")
    assert out.returncode == 0, out.stderr
    obj = json.loads(out.stdout)
    for key in ("puzzle", "solution", "count", "level", "maxlevel", "way_complexity",
                "cand_sum", "cand_sq", "clues", "seconds"):
        assert key in obj
    assert (obj["level"], obj["maxlevel"]) == (15, 20)
    assert (obj["way_complexity"], obj["cand_sum"], obj["cand_sq"]) == (102, 263, 1229)
    assert obj["count"] == 1 and obj["clues"] == sum(ch != "." for ch in GOLDEN)
    values, geo = parse(GOLDEN)
    assert obj["solution"] == format_line(solutions_exact(values, geo, 2)[0])


def test_rate_many_from_stdin_with_grade():
    out = run("rate", "-", "--format", "json", stdin=f"# two puzzles\n{GOLDEN}\n{EASY}\n")
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["puzzle"] for r in rows] == [GOLDEN, EASY]
    assert all(r["band"] in ("easy", "medium", "hard", "expert", "extreme") for r in rows)
    assert rows[1]["grade"] < rows[0]["grade"]


def test_solve_prints_the_solution():
    out = run("solve", EASY)
    values, geo = parse(EASY)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == format_line(solutions_exact(values, geo, 2)[0])


def test_solve_says_more_than_one():
    out = run("solve", EMPTY_4)
    assert out.returncode == 1
    # the message on stderr, the two solutions found (data) on stdout
    assert out.stderr == "error: puzzle: line 1: more than one solution\n"
    lines = out.stdout.splitlines()
    assert len(lines) == 2
    geo = geometry(4)
    sols = [parse(line)[0] for line in lines]
    assert sols[0] != sols[1]
    for sol in sols:
        assert solutions_exact(sol, geo, 2) == [sol]


def test_solve_says_none():
    # 1 2 | 3 . / . . | . . / ...: r1c4 must be 4, r2c4 cannot be 4 -> r2 ... make a dead end
    # with no clash: r1 = 1 2 3 ., and 4 placed in r2c3 and r3c4 blocks r1c4 via column 4.
    puzzle = "123." + "...." + "...4" + "...."
    out = run("solve", puzzle)
    assert solutions_exact(parse(puzzle)[0], geometry(4), 2) == []
    assert out.returncode == 1
    assert out.stdout == "" and out.stderr == "error: puzzle: line 1: no solution\n"


def test_hints_text_and_seed():
    out = run("hints", GOLDEN)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "complexity: 263/1229"
    seed = run("hints", GOLDEN, "--format", "seed").stdout
    assert seed.startswith("complexity: 263/1229\n((")


@pytest.mark.parametrize(
    "args, message",
    [
        (["rate", "." * 80], "error: puzzle: line 1: 80 symbols: expected 16, 36, 81, 144 or 256 (a 4x4, 6x6, 9x9, 12x12 or 16x16 grid)"),
        (["solve", "77" + "." * 79], "error: puzzle: line 1: givens clash: r1c1 and r1c2 both hold 7 in row 1"),
        (["rate", "nosuchdir/p.txt"], "error: nosuchdir/p.txt: no such file"),
        (["hints", "-"], "error: stdin: no puzzle found"),
    ],
)
def test_bad_input_is_one_clear_line(args, message):
    out = run(*args, stdin="")
    assert out.returncode == 1
    assert out.stderr.strip() == message
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_bad_puzzle_in_a_file_names_the_line(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text(f"{GOLDEN}\n# comment\n{GOLDEN[:5]}z{GOLDEN[6:]}\n")
    out = run("rate", str(f), "--no-grade")
    assert out.returncode == 1
    assert out.stderr.strip() == (
        f"error: {f}: line 3, position 6: unknown symbol in a 9x9 grid: 'z' "
        "(expected 1-9, or . 0 _ for a blank)"
    )
