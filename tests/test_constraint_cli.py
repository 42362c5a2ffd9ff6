"""The constraint kinds through the command line, as a user runs it: generate, rate,
solve, hints, explain, create and improve take every kind, print what they print for the
classic kinds, and refuse givens that break a kind's rule with one clear line.

Glossary:
  made      a kind's two medium puzzles of `generate` (one run per kind, shared by the
            tests through a module fixture), each with its solution
  breaker   two givens the kind's own rule forbids and no row, column or box does

Non-consecutive is left out of the made puzzles: its puzzles grade as trials until the
grader knows its rule, and `generate --difficulty medium` ran past two minutes on the
pure-Python kernels; its breaker is kept.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from blackbox import bookgen, refused
from exact_cover import count_exact

from bookgen.core.grid import geometry

KINDS = ("anti-knight", "anti-king", "non-consecutive", "disjoint-groups", "asterisk",
         "center-dot", "girandola")

BREAKERS = {
    "anti-knight": ({2: 5, 13: 5}, "r1c3 and r2c5 both hold 5 (a knight's move apart: "
                                   "anti-knight)"),
    "anti-king": ({2: 5, 12: 5}, "r1c3 and r2c4 both hold 5 (touching diagonally: "
                                 "anti-king)"),
    "non-consecutive": ({0: 5, 1: 6}, "r1c1 and r1c2 hold 5 and 6 (side by side: "
                                      "non-consecutive)"),
    "disjoint-groups": ({0: 5, 30: 5}, "r1c1 and r4c4 both hold 5 in group 1"),
    "asterisk": ({13: 5, 20: 5}, "r2c5 and r3c3 both hold 5 in asterisk"),
    "center-dot": ({10: 5, 70: 5}, "r2c2 and r8c8 both hold 5 in center dot"),
    "girandola": ({0: 5, 80: 5}, "r1c1 and r9c9 both hold 5 in girandola"),
}
"""Kind -> (givens cell -> digit, the clash the commands must name)."""


def line(givens: dict[int, int]) -> str:
    return "".join(str(givens.get(c, ".")) for c in range(81))


MADE = tuple(k for k in KINDS if k != "non-consecutive")


@pytest.fixture(scope="module", params=MADE)
def made(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
         ) -> tuple[str, Path, list[tuple[str, str]]]:
    """(kind, the file of two medium puzzles, [(puzzle, solution)])."""
    kind = request.param
    out = tmp_path_factory.mktemp(kind) / "made.txt"
    done = bookgen("generate", "--variant", kind, "--difficulty", "medium", "-n", "2",
                   "--seed", "2", "-o", out)
    assert done.returncode == 0, done.stderr
    pairs = []
    for text in out.read_text().splitlines():
        puzzle, _, word, solution, *_ = text.split()
        assert word == "solution"
        pairs.append((puzzle, solution))
    assert len(pairs) == 2
    return kind, out, pairs


def test_generate_makes_unique_medium_puzzles(made) -> None:
    kind, _, pairs = made
    geo = geometry(9, kind)
    for puzzle, solution in pairs:
        values = [0 if ch == "." else int(ch) for ch in puzzle]
        assert count_exact(values, geo) == 1
        assert all(ch in (".", s) for ch, s in zip(puzzle, solution, strict=True))


def test_rate_and_its_json_record(made) -> None:
    kind, path, pairs = made
    done = bookgen("rate", "--variant", kind, "--format", "json", path)
    assert done.returncode == 0, done.stderr
    records = [json.loads(text) for text in done.stdout.splitlines()]
    assert [(r["puzzle"], r["solution"]) for r in records] == pairs
    for r in records:
        assert (r["variant"], r["count"], r["band"]) == (kind, 1, "medium")
    # the record's variant is read back: rating the record again gives the same record
    again = bookgen("rate", "--format", "json", "-", stdin=done.stdout)
    assert again.returncode == 0, again.stderr
    assert [{k: v for k, v in json.loads(t).items() if k != "seconds"}
            for t in again.stdout.splitlines()] == \
        [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_solve_hints_and_explain(made) -> None:
    kind, path, pairs = made
    puzzle, solution = pairs[0]
    done = bookgen("solve", "--variant", kind, path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [s for _, s in pairs]
    hints = bookgen("hints", "--variant", kind, puzzle)
    assert hints.returncode == 0, hints.stderr
    # each hint names a blank cell and candidates that include its solution digit
    for text in hints.stdout.splitlines()[1:]:
        cell, digits = text.split(":")
        r, c = (int(x) for x in cell[1:].split("c"))
        assert puzzle[(r - 1) * 9 + c - 1] == "."
        assert solution[(r - 1) * 9 + c - 1] in digits.split()
    explain = bookgen("explain", "--variant", kind, puzzle)
    assert explain.returncode == 0, explain.stderr
    assert explain.stdout.startswith("grade ")
    assert "Traceback" not in explain.stderr


def test_create_and_improve_keep_the_kind(made) -> None:
    kind, _, pairs = made
    if kind not in ("anti-knight", "girandola"):
        return  # one pair-rule kind and one unit kind keep the file quick
    geo = geometry(9, kind)
    puzzle, solution = pairs[0]
    # create from the solution with a few blanks: a unique puzzle of the same grid
    done = bookgen("create", "--variant", kind, "--seed", "1", solution[:40] + "." * 41)
    assert done.returncode == 0, done.stderr
    created = done.stdout.split()[0]
    assert count_exact([0 if ch == "." else int(ch) for ch in created], geo) == 1
    improved = bookgen("improve", "--variant", kind, "--evaluations", "3", "--workers", "1",
                       "--seed", "1", "--format", "json", puzzle)
    assert improved.returncode == 0, improved.stderr
    record = json.loads(improved.stdout.splitlines()[0])
    assert record["variant"] == kind
    better = record["puzzle"]
    assert count_exact([0 if ch == "." else int(ch) for ch in better], geo) == 1
    assert all(ch in (".", s) for ch, s in zip(better, solution, strict=True))


@pytest.mark.parametrize(("kind", "command"), [(k, "solve") for k in KINDS] + [
    ("anti-knight", c) for c in ("rate", "hints", "explain", "improve")])
def test_givens_breaking_the_rule_are_refused(kind: str, command: str) -> None:
    givens, clash = BREAKERS[kind]
    extra = ["--evaluations", "3", "--workers", "1"] if command == "improve" else []
    message = refused(bookgen(command, "--variant", kind, *extra, line(givens)))
    assert message.strip() == f"error: puzzle: line 1: givens clash: {clash}"
