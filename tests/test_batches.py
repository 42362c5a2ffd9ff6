"""Whole texts parsed as arrays (grid.parse_batches) against the exact per-line parser
(grid.parse_many): the same puzzles, geometries, line numbers and error messages, on
random files of one-line puzzles with comments, blank lines, records, CRLF line ends and
faults; clash checks of whole batches against find_clash; formatting back to lines."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from conftest import SMALL_PUZZLES, random_puzzle

from bookgen.core.errors import InputError
from bookgen.core.grid import (
    clashing,
    find_clash,
    format_line,
    format_lines,
    geometry,
    parse_batches,
    parse_many,
)


def exact(text: str, check: bool = True) -> list[tuple[int, tuple[int, ...], int]] | str:
    try:
        return [(line, values, geo.n) for line, values, geo in parse_many(text, "f",
                                                                           check=check)]
    except InputError as e:
        return str(e)


def batched(text: str, check: bool = True) -> list[tuple[int, tuple[int, ...], int]] | str:
    try:
        return [(int(line), tuple(row), b.geo.n) for b in parse_batches(text, "f", check=check)
                for line, row in zip(b.lines.tolist(), b.grids.tolist(), strict=True)]
    except InputError as e:
        return str(e)


def random_text(rng: random.Random, sizes: tuple[int, ...]) -> str:
    lines = []
    for _ in range(rng.randint(1, 25)):
        n = rng.choice(sizes)
        puzzle = format_line(random_puzzle(rng, geometry(n), rng.randint(n, n * n)))
        kind = rng.random()
        if kind < 0.15:
            lines.append(json.dumps({"puzzle": puzzle, "count": 1}))
        elif kind < 0.3:
            lines.append(f"{puzzle}  # solution and figures")
        elif kind < 0.4:
            lines.append(puzzle.replace(".", rng.choice("0_")) if n <= 9 else puzzle.lower())
        else:
            lines.append(puzzle)
        if rng.random() < 0.15:
            lines.append(rng.choice(["", "# a comment", "   "]))
    return rng.choice(["\n", "\r\n"]).join(lines) + rng.choice(["", "\n"])


def damaged(rng: random.Random, text: str) -> str:
    """The text with one fault: a bad symbol, a clash, a short line, a bad record."""
    lines = text.split("\n")
    k = rng.randrange(len(lines))
    line = lines[k]
    fault = rng.randrange(4)
    if fault == 0 and line:
        i = rng.randrange(len(line))
        lines[k] = line[:i] + rng.choice("xZ!0H") + line[i + 1 :]
    elif fault == 1:
        lines[k] = "11" + line[2:] if len(line) > 2 else line
    elif fault == 2:
        lines[k] = line[: max(0, len(line) - rng.randint(1, 3))]
    else:
        lines[k] = '{"puzzle": 7}'
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(40))
def test_batches_read_what_the_exact_parser_reads(seed):
    rng = random.Random(seed)
    sizes = rng.choice([(9,), (4,), (16,), (6, 9), (9,)])
    text = random_text(rng, sizes)
    for check in (True, False):
        assert batched(text, check) == exact(text, check)
    broken = damaged(rng, text)
    for check in (True, False):
        assert batched(broken, check) == exact(broken, check)


def test_a_file_of_one_size_is_one_batch():
    text = "\n".join(SMALL_PUZZLES[9] * 50) + "\n"
    (batch,) = parse_batches(text, check=False)
    assert batch.grids.shape == (150, 81) and batch.grids.dtype == np.int8
    assert batch.grids.flags.writeable
    assert batch.lines.tolist() == list(range(1, 151))
    assert repr(batch) == "Batch(150 puzzles, Geometry(9x9, boxes 3x3))"


def test_a_bad_symbol_is_named_by_line_and_position():
    text = "\n".join(SMALL_PUZZLES[9][:2] * 3) + "\n" + SMALL_PUZZLES[9][0][:40] + "q" + \
        SMALL_PUZZLES[9][0][41:] + "\n"
    with pytest.raises(InputError) as e:
        parse_batches(text, "p.txt")
    assert str(e.value) == ("p.txt: line 7, position 41: unknown symbol in a 9x9 grid: 'q' "
                            "(expected 1-9, or . 0 _ for a blank)")


@pytest.mark.parametrize("n, variant", [(4, ""), (6, ""), (9, ""), (9, "x"), (12, ""), (16, "")])
def test_clashing_rows_agree_with_find_clash(n, variant):
    rng = random.Random(n)
    geo = geometry(n, variant)
    rows = []
    for _ in range(300):
        row = [0] * geo.ncells
        for c in rng.sample(range(geo.ncells), rng.randint(1, 2 * n)):
            row[c] = rng.randint(1, n)
        rows.append(row)
    got = clashing(np.array(rows, dtype=np.int8), geo).tolist()
    assert got == [find_clash(row, geo) is not None for row in rows]
    assert 0 < sum(got) < len(rows)


def test_format_lines_is_format_line_for_each_row():
    rng = random.Random(5)
    for n in (4, 9, 16):
        geo = geometry(n)
        rows = [random_puzzle(rng, geo, rng.randint(0, geo.ncells)) for _ in range(20)]
        text = format_lines(np.array(rows, dtype=np.int8))
        assert text == "".join(format_line(r) + "\n" for r in rows)
