"""Killer formats and commands: cage maps and JSON records read back as written, bad cages
refused in one line, and rate, solve, hints, explain and generate as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from shapes import count_killer

from bookgen.cli import main
from bookgen.core.model import CageSpec
from bookgen.make.generate import make_killer
from bookgen.variants.killer.cages import (
    CAGE_LABELS,
    Cage,
    cages_from_json,
    cages_json,
    format_cage_map,
    format_killer,
    killer_record,
    looks_killer,
    parse_cage_map,
    parse_killer,
)


@pytest.fixture(scope="module")
def puzzles() -> list:
    return [make_killer(CageSpec(), "formats", i) for i in range(3)]


def test_cage_map_round_trip(puzzles: list) -> None:
    for p in puzzles:
        labels, sums = format_cage_map(p.cages, 81).split("\n")
        assert len(labels) == 81 and set(labels) <= set(CAGE_LABELS)
        assert labels[0] == "A"
        assert [int(w) for w in sums.split()] == [c.total for c in p.cages]
        assert parse_cage_map(labels, sums) == p.cages


def test_cage_map_reads_any_labels() -> None:
    labels = "".join("xy"[(c // 9) % 2] + "" for c in range(81))
    # rows alternate x, y: x rows are not connected to each other
    with pytest.raises(ValueError, match="'x' is not connected"):
        parse_cage_map(labels, "45 45")


def test_json_round_trip(puzzles: list) -> None:
    for p in puzzles:
        record = killer_record(p.puzzle, p.cages)
        assert record["variant"] == "killer"
        assert record["cages"] == cages_json(p.cages)
        back = json.loads(json.dumps(record))
        assert cages_from_json(back["cages"]) == p.cages
        text = json.dumps(record) + "\n" + format_killer(p.puzzle, p.cages) + "\n"
        assert looks_killer(text)
        read = parse_killer(text, "f")
        assert [line for line, _ in read] == [1, 2]
        assert all(k.cages == p.cages and k.givens == p.puzzle for _, k in read)


def _groups_text(cells_sums: list[tuple[int, list[int]]]) -> str:
    return json.dumps({"puzzle": "." * 81, "variant": "killer",
                       "cages": [{"sum": s, "cells": c} for s, c in cells_sums]})


def _rows_cages() -> list[tuple[int, list[int]]]:
    return [(45, [r * 9 + c for c in range(9)]) for r in range(9)]


@pytest.mark.parametrize(("change", "message"), [
    (lambda g: g[:-1], "do not cover the grid: 9 cells in no cage, the first r9c1"),
    (lambda g: [(45, [0, 1, 2, 3, 4, 5, 6, 7, 80])] + g[1:], "is not connected"),
    (lambda g: [(46, g[0][1])] + g[1:], "sum 46 is impossible for 9 cells (distinct digits "
                                         "give 45 to 45)"),
    (lambda g: [(45, g[0][1] + [9])] + g[1:], "has 10 cells: at most 9"),
    (lambda g: g + [(5, [3])], "cell 3 (r1c4) is in cages 1 and 10"),
    (lambda g: [(45, g[0][1][:-1] + [81])] + g[1:], "cell 81 is off the grid"),
    (lambda g: [(2, [0])] + [(45, g[0][1][1:])] + g[1:],
     "sum 45 is impossible for 8 cells (distinct digits give 36 to 44)"),
])
def test_bad_cages_get_one_line(change, message: str) -> None:
    text = _groups_text(change(_rows_cages()))
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_killer(text, "f.jsonl")


def test_repeated_givens_in_a_cage_are_refused() -> None:
    cages = [(3, [0, 1])] + [(sum(range(1, 10)) - 3, list(range(2, 9)))]
    cages += [(45, [r * 9 + c for c in range(9)]) for r in range(1, 9)]
    text = json.dumps({"puzzle": "11" + "." * 79, "variant": "killer",
                       "cages": [{"sum": s, "cells": c} for s, c in cages]})
    with pytest.raises(ValueError, match="line 1: givens (clash|repeat)"):
        parse_killer(text, "f")


def test_sums_line_must_match_the_labels(puzzles: list) -> None:
    labels, sums = format_cage_map(puzzles[0].cages, 81).split("\n")
    with pytest.raises(ValueError, match=r"f: line 2: cage sums: \d+ numbers for \d+ cages"):
        parse_killer(labels + "\n" + sums + " 7\n", "f")
    with pytest.raises(ValueError, match="f: line 1: cage map: 80 labels, expected 81"):
        parse_killer(labels[:-1] + "\n" + sums + "\n", "f")


def test_cage_map_limits_its_labels() -> None:
    singles = tuple(Cage(1 + c % 9, (c,)) for c in range(81))
    with pytest.raises(ValueError, match="81 cages: the cage map writes at most 62"):
        format_cage_map(singles, 81)


# ---------------------------------------------------------------- the command line


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_generate_rate_solve_end_to_end(tmp_path) -> None:
    out = tmp_path / "k.jsonl"
    made = _run("generate", "--variant", "killer", "-n", "2", "--seed", "3", "--format",
                "json", "-o", str(out))
    assert made.returncode == 0, made.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2
    for r in records:
        assert r["variant"] == "killer" and r["clues"] == 0 and r["count"] == 1
        cages = [(c["sum"], c["cells"]) for c in r["cages"]]
        assert count_killer([0] * 81, cages) == [[int(ch) for ch in r["solution"]]]
    rated = _run("rate", str(out), "--format", "json")
    assert rated.returncode == 0, rated.stderr
    for line, r in zip(rated.stdout.splitlines(), records, strict=True):
        got = json.loads(line)
        assert got["solution"] == r["solution"] and got["count"] == 1
        assert got["grade"] is not None and got["band"] and got["level"] is None
        assert got["cages"] == r["cages"]
    solved = _run("solve", "-", stdin=rated.stdout)
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.split() == [r["solution"] for r in records]


def test_text_form_reads_back_without_variant(tmp_path, capsys) -> None:
    out = tmp_path / "k.txt"
    assert main(["generate", "--variant", "killer", "-n", "2", "--seed", "4", "-q", "-o",
                 str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 6 and lines[0] == "." * 81
    solutions = [line.split("# solution ")[1].split()[0] for line in lines[2::3]]
    capsys.readouterr()
    assert main(["solve", str(out), "--format", "json"]) == 0
    assert [json.loads(x)["solutions"] for x in capsys.readouterr().out.splitlines()] == [
        [s] for s in solutions]
    assert main(["hints", str(out)]) == 0
    assert capsys.readouterr().out.startswith("complexity: ")
    assert main(["explain", str(out)]) == 0
    assert capsys.readouterr().out.startswith("grade ")


def test_hints_apply_the_cage_sums(capsys) -> None:
    # a 2-cell cage of 3 holds 1 and 2 only; a 1-cell cage of 7 is 7
    cages = [(3, [0, 1]), (7, [2])] + [(sum(range(1, 10)) - 10, list(range(3, 9)))]
    cages += [(45, [r * 9 + c for c in range(9)]) for r in range(1, 9)]
    text = json.dumps({"puzzle": "." * 81, "variant": "killer",
                       "cages": [{"sum": s, "cells": c} for s, c in cages]})
    assert main(["hints", text]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "r1c3: 7" in lines
    assert "r1c1: 1 2" in lines and "r1c2: 1 2" in lines


def test_same_seed_same_bytes() -> None:
    # seed 1: three puzzles the pure-Python backend makes in 5 s (seed 9's second took 35 s)
    a = _run("generate", "--variant", "killer", "-n", "3", "--seed", "1")
    b = _run("generate", "--variant", "killer", "-n", "3", "--seed", "1", "--backend",
             "python")
    assert a.returncode == b.returncode == 0
    assert a.stdout == b.stdout


def test_solve_says_when_cages_leave_two_solutions(tmp_path) -> None:
    rows = "".join(CAGE_LABELS[r] * 9 for r in range(9))
    f = tmp_path / "rows.txt"
    f.write_text(rows + "\n" + " ".join(["45"] * 9) + "\n")
    r = _run("solve", str(f))
    assert r.returncode == 1
    assert r.stderr.strip() == f"error: {f}: line 1: more than one solution"
    assert len(r.stdout.split()) == 2


@pytest.mark.parametrize(("args", "stdin", "message"), [
    (("solve", "-", "--variant", "killer"), "A" * 80 + "\n45 45\n",
     "error: stdin: line 1: cage map: 80 labels, expected 81 (9x9)"),
    (("rate", "-"), '{"puzzle": "' + "." * 81 + '", "variant": "killer", "cages": 3}\n',
     'error: stdin: line 1: "cages" must be a list of {"sum": S, "cells": [...]}'),
    (("solve", "-", "--variant", "killer"), "....\n",
     "error: stdin: line 1: expected a killer puzzle: a line of 81 cage labels, then a line "
     "of the cage sums (after an optional line of givens), or a JSON record with \"cages\""),
    (("generate", "--variant", "killer", "-n", "1", "--size", "6"), None,
     "error: --size 6: killer grids are 9x9"),
    (("generate", "-n", "1", "--givens", "3"), None,
     "error: --givens belongs to killer puzzles: add --variant killer"),
    (("improve", "-", "--variant", "killer", "--evaluations", "5"), "." * 81 + "\n",
     "error: --variant killer: killer puzzles are read by rate, solve, hints and explain "
     "(and made by generate), not by this command"),
    (("rate", "-", "--format", "seed"),
     '{"puzzle": "' + "." * 81 + '", "variant": "killer", "cages": '
     + json.dumps([{"sum": 45, "cells": list(range(r * 9, r * 9 + 9))} for r in range(9)])
     + "}\n",
     "error: --format seed needs the trace figures, which killer puzzles do not have; use "
     "text or json"),
])
def test_cli_errors_are_one_line(args: tuple[str, ...], stdin: str | None, message: str) -> None:
    r = _run(*args, stdin=stdin)
    assert r.returncode == 1
    assert r.stderr.strip() == message
    assert "Traceback" not in r.stderr
