"""Samurai and twin text forms round-trip, every puzzle command reads and writes the whole
board, and bad boards are refused with the line, position and what is wrong.

Glossary:
  board text  the whole square row-major, '.' empty, a digit a given, '-' outside the
              grids (441 characters for samurai, 225 for twin); grid form: one board row a
              line, symbols spaced
  vector      seed (block order) or JSON list: the board's cells only (369, 153)
  outside     the board positions no grid covers, from exact_cover.board_units (the rules)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from blackbox import bookgen, refused
from exact_cover import BOARDS, board_units

from bookgen.core.errors import InputError
from bookgen.core.grid import Geometry, format_as, geometry, parse, parse_many
from bookgen.core.model import DigSpec
from bookgen.core.rules import Variant
from bookgen.make.generate import make_puzzle

KINDS = ("samurai", "twin")
NUMBA = {"BOOKGEN_BACKEND": "numba"}
"""The compiled kernels for the commands that grade a whole board."""


def made(kind: str) -> tuple[tuple[int, ...], tuple[int, ...], Geometry]:
    """A unique puzzle of the kind, its solution and geometry."""
    p = make_puzzle(DigSpec(9, variant=Variant.parse(kind)), 7, 0, "numba")
    return p.puzzle, p.solution, geometry(9, kind)


def is_board_text(text: str, kind: str) -> bool:
    """Whether a line is the kind's whole board: '-' exactly at the outside positions."""
    side = BOARDS[kind][0]
    inside = set(board_units(kind)[0])
    return len(text) == side * side and all(
        (ch == "-") == (k not in inside) for k, ch in enumerate(text))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("fmt", ["line", "grid", "seed", "json"])
def test_forms_round_trip(kind: str, fmt: str) -> None:
    puzzle, solution, geo = made(kind)
    cells = len(board_units(kind)[0])
    for values in (puzzle, solution):
        text = format_as(values, geo, fmt)
        assert parse(text, "t", kind) == (values, geo)
        if fmt == "line":
            assert is_board_text(text, kind)
        elif fmt == "grid":
            rows = text.splitlines()
            assert len(rows) == BOARDS[kind][0]
            assert is_board_text("".join(text.split()), kind)
        else:
            assert len(json.loads(text) if fmt == "json" else text[1:-1].split()) == cells


@pytest.mark.parametrize("kind", KINDS)
def test_records_round_trip(kind: str) -> None:
    puzzle, _, geo = made(kind)
    line = format_as(puzzle, geo, "line")
    text = "\n".join([
        json.dumps({"puzzle": line, "variant": kind}),
        json.dumps({"puzzle": list(puzzle), "variant": kind}),
        line,
    ])
    read = list(parse_many(text, "t", kind))
    assert [(k, values) for k, values, _ in read] == [(1, puzzle), (2, puzzle), (3, puzzle)]
    # a record says its own kind when none is asked for
    assert parse(json.dumps({"puzzle": line, "variant": kind}), "t") == (puzzle, geo)


def refusal(text: str, kind: str = "samurai") -> str:
    with pytest.raises(InputError) as e:
        parse(text, "f.txt", kind)
    return str(e.value)


def test_bad_boards_name_line_and_position() -> None:
    puzzle, _, geo = made("samurai")
    line = format_as(puzzle, geo, "line")
    empty = line.index(".")
    message = refusal(line[:empty] + "-" + line[empty + 1:])
    r, c = divmod(empty, 21)
    assert f"line 1, position {empty + 1}" in message
    assert f"row {r + 1}, column {c + 1}" in message and "'-' inside a grid" in message
    out = line.index("-")
    message = refusal(line[:out] + "5" + line[out + 1:])
    assert f"position {out + 1}" in message and "'5' outside the grids" in message
    assert "440 symbols: expected 441" in refusal(line[:-1])
    # the grid form: the line of the bad row
    rows = format_as(puzzle, geo, "grid").splitlines()
    rows[4] = "-" + rows[4][1:]
    assert refusal("\n".join(rows)).startswith("f.txt: line 5, position 1: ")


def test_a_clash_inside_a_shared_box_names_both_cells_and_the_box() -> None:
    puzzle, _, geo = made("samurai")
    text = list(format_as(puzzle, geo, "line"))
    # top-left box 9 is centre box 1: board rows and columns 7-9 (1-based)
    box = [r * 21 + c for r in range(6, 9) for c in range(6, 9)]
    given = next(p for p in box if text[p] != ".")
    other = next(p for p in box if text[p] == "." and p // 21 != given // 21
                 and p % 21 != given % 21)
    text[other] = text[given]
    message = refusal("".join(text))
    names = {p: f"top-left r{p // 21 + 1}c{p % 21 + 1}" for p in (given, other)}
    assert "givens clash" in message and "top-left box 9" in message
    assert names[given] in message and names[other] in message


@pytest.mark.parametrize("kind", KINDS)
def test_solve_reads_every_form_and_writes_the_board(kind: str, tmp_path: Path) -> None:
    puzzle, solution, geo = made(kind)
    forms = [format_as(puzzle, geo, fmt) for fmt in ("line", "grid", "seed", "json")]
    forms.append(json.dumps({"puzzle": forms[0], "variant": kind}))
    for k, form in enumerate(forms):
        path = tmp_path / f"p{k}.txt"
        path.write_text(form + "\n")
        for fmt in ("line", "grid", "seed", "json"):
            done = bookgen("solve", "--variant", kind, "--format", fmt, path, env=NUMBA)
            assert done.returncode == 0, done.stderr
            if fmt == "json":
                record = json.loads(done.stdout)
                assert is_board_text(record["puzzle"], kind)
                assert record["solutions"] == [format_as(solution, geo, "line")]
            else:
                assert parse(done.stdout, "out", kind) == (solution, geo)
                if fmt == "line":
                    assert is_board_text(done.stdout.strip(), kind)


@pytest.mark.parametrize("kind", KINDS)
def test_puzzle_commands_read_and_write_boards(kind: str, tmp_path: Path) -> None:
    puzzle, solution, geo = made(kind)
    path = tmp_path / "p.txt"
    path.write_text(format_as(puzzle, geo, "line") + "\n")
    rated = bookgen("rate", "--variant", kind, "--format", "json", path, env=NUMBA)
    assert rated.returncode == 0, rated.stderr
    record = json.loads(rated.stdout)
    assert record["variant"] == kind and record["count"] == 1
    assert is_board_text(record["puzzle"], kind) and is_board_text(record["solution"], kind)
    # the record reads back, without --variant, in every command
    again = tmp_path / "r.jsonl"
    again.write_text(rated.stdout)
    text = bookgen("rate", again, env=NUMBA)
    assert text.returncode == 0, text.stderr
    assert is_board_text(text.stdout.split()[0], kind)
    explained = bookgen("explain", again, env=NUMBA)
    assert explained.returncode == 0, explained.stderr
    assert f"grade {record['grade']:.1f}" in explained.stdout
    hints = bookgen("hints", again, env=NUMBA)
    assert hints.returncode == 0, hints.stderr
    assert any(line.startswith(tuple(BOARD_NAMES[kind])) for line in hints.stdout.splitlines())
    created = bookgen("create", "--format", "json", again, env=NUMBA)
    assert created.returncode == 0, created.stderr
    made_record = json.loads(created.stdout.splitlines()[0])
    assert made_record["puzzle"] == record["puzzle"]
    assert made_record["solution"] == format_as(solution, geo, "line")
    # a board has no trace figures: the grade is raised
    improved = bookgen("improve", "--evaluations", "3", "--workers", "1", "--objective",
                       "grade", "--format", "json", again, env=NUMBA)
    assert improved.returncode == 0, improved.stderr
    best = json.loads(improved.stdout.splitlines()[0])
    assert is_board_text(best["puzzle"], kind)
    assert best["solution"] == format_as(solution, geo, "line")


BOARD_NAMES = {"samurai": ("top-left", "top-right", "bottom-left", "bottom-right", "centre"),
               "twin": ("top-left", "bottom-right")}
"""The grids' names as people read them."""


@pytest.mark.parametrize("command", ["rate", "solve", "hints", "explain", "create"])
def test_commands_refuse_bad_boards(command: str, tmp_path: Path) -> None:
    puzzle, _, geo = made("samurai")
    line = format_as(puzzle, geo, "line")
    empty = line.index(".")
    path = tmp_path / "bad.txt"
    path.write_text(line + "\n" + line[:empty] + "-" + line[empty + 1:] + "\n")
    message = refused(bookgen(command, "--variant", "samurai", path, env=NUMBA))
    assert f"bad.txt: line 2, position {empty + 1}" in message
    assert "'-' inside a grid" in message
