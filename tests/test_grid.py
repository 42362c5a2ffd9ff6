"""Geometry tables pinned by exact facts; every input form and its round trip; errors."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bookgen.core.errors import InputError
from bookgen.core.grid import (
    SIZES,
    format_as,
    format_grid,
    format_json,
    format_line,
    format_seed,
    geometry,
    parse,
    parse_many,
)

GOLDEN = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"
# The same puzzle as seed 000 prints it: block order, 0 for blanks.
GOLDEN_SEED = (
    "[0 0 0 0 6 0 3 0 0 0 0 7 0 0 0 2 0 5 3 0 0 0 0 0 1 0 7 5 7 0 0 0 0 0 0 3 0 2 0 0 0 0 0 0 6 "
    "0 0 0 0 0 0 0 1 0 4 0 0 0 0 1 0 0 0 0 0 0 5 6 0 8 0 0 7 0 0 0 3 0 0 0 5]"
)


def test_classic_tables():
    geo = geometry(9)
    assert len(geo.units) == 27
    assert all(len(u) == 9 for u in geo.units)
    assert all(len(p) == 20 for p in geo.peers)
    assert all(len(cu) == 3 for cu in geo.cell_units)
    assert geo.peers[0][:8] == (1, 2, 3, 4, 5, 6, 7, 8)
    assert set(geo.peers[40]) >= {30, 31, 32, 48, 49, 50, 4, 76, 36, 44}
    assert geo.box(80) == 8 and geo.box(30) == 4
    assert geo.label(10) == "r2c2"


def test_block_order_both_ways():
    geo = geometry(9)
    # Seed 000: block 1 holds cells of rows 1-3, columns 1-3, row by row.
    assert geo.block_order[:9] == (0, 1, 2, 9, 10, 11, 18, 19, 20)
    assert geo.block_order[9] == 3 and geo.block_order[80] == 80
    for c in range(81):
        assert geo.block_order[geo.block_pos[c]] == c
    assert sorted(geo.block_order) == list(range(81))


@pytest.mark.parametrize("n, br, bc, npeers", [(4, 2, 2, 7), (6, 2, 3, 12), (9, 3, 3, 20),
                                               (12, 3, 4, 28), (16, 4, 4, 39)])
def test_every_size(n, br, bc, npeers):
    geo = geometry(n)
    assert (geo.box_rows, geo.box_cols) == (br, bc)
    assert len(geo.units) == 3 * n
    assert all(len(p) == npeers for p in geo.peers)
    for u in geo.units:
        assert len(set(u)) == n
    # each box is box_rows tall and box_cols wide
    box0 = geo.units[2 * n]
    assert {c // n for c in box0} == set(range(br)) and {c % n for c in box0} == set(range(bc))
    for c in range(n * n):
        assert geo.block_order[geo.block_pos[c]] == c


def test_variant_adds_diagonals():
    geo = geometry(9, "x")
    assert len(geo.units) == 29 and geo.unit_names[-1] == "diagonal 2"
    assert len(geo.peers[0]) == 20 + 6  # the main diagonal adds 6 new peers to the corner
    assert len(geo.peers[40]) == 20 + 12
    assert len(geo.peers[1]) == 20


def test_seed_vector_matches_seed_000():
    values, geo = parse(GOLDEN)
    assert format_seed(values, geo) == GOLDEN_SEED
    assert parse(GOLDEN_SEED)[0] == values


def test_input_forms_agree():
    values, geo = parse(GOLDEN)
    forms = [
        GOLDEN.replace(".", "0"),
        GOLDEN.replace(".", "_"),
        format_grid(values, geo),
        format_json(values),
        "\n".join(GOLDEN[i : i + 9] for i in range(0, 81, 9)),
        GOLDEN_SEED.replace(" 0 7 5", "\n0 7 5"),  # a vector wrapped over lines, as the seed prints
    ]
    for text in forms:
        assert parse(text)[0] == values, text


def test_file_with_comments_and_many_forms():
    values, geo = parse(GOLDEN)
    grid = format_grid(values, geo)
    text = "# a comment\n\n" + GOLDEN + "  # trailing\n" + grid + "\n" + GOLDEN_SEED
    found = list(parse_many(text, "f.txt"))
    assert [line for line, _, _ in found] == [3, 4, 15]
    assert all(v == values for _, v, _ in found)


def test_large_symbols():
    text = "123456789ABCDEFG" + "." * 240
    values, geo = parse(text)
    assert geo.n == 16 and values[9] == 10 and values[15] == 16
    assert format_line(values) == text
    assert parse(text.lower())[0] == values


def test_a_line_is_the_same_from_any_sequence_of_values():
    import numpy as np

    values = (0, 1, 9, 10, 16, 0)
    for same in (values, list(values), np.array(values, np.int8), np.array(values, np.int64)):
        assert format_line(same) == ".19AG."
    assert format_line(range(0, 17, 4)) == ".48CG"


@st.composite
def grids(draw):
    n = draw(st.sampled_from(SIZES))
    return n, tuple(draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n)))


@settings(max_examples=150, deadline=None)
@given(grids(), st.sampled_from(["line", "grid", "seed", "json"]))
def test_round_trips(grid, fmt):
    n, values = grid
    geo = geometry(n)
    assert parse(format_as(values, geo, fmt), check=False)[0] == values


@pytest.mark.parametrize("n", SIZES)
def test_seed_vector_round_trip_every_size(n):
    # every symbol of the size, blanks, in a pattern that is not symmetric in block order
    geo = geometry(n)
    values = tuple((c // n + c % n) % (n + 1) for c in range(n * n))
    assert set(values) == set(range(n + 1))
    text = format_seed(values, geo)
    assert text.startswith("[") and text.endswith("]")
    numbers = [int(x) for x in text[1:-1].split()]
    assert numbers == [values[c] for c in geo.block_order]  # block order, numbers above 9 too
    assert parse(text, check=False)[0] == values


@pytest.mark.parametrize(
    "text, message",
    [
        ("." * 80, "line 1: 80 symbols: expected 16, 36, 81, 144 or 256"),
        ("x" + "." * 80,
         "line 1, position 1: unknown symbol in a 9x9 grid: 'x' (expected 1-9, or . 0 _ for a blank)"),
        ("5" + "." * 15, "line 1, position 1: symbol too large for a 4x4 grid: '5' (expected 1-4, or"),
        ("0" + "." * 255, "unknown symbol in a 16x16 grid: '0' (expected 1-9, A-G, or . _ for a blank)"),
        ("7..." + "." * 4 + "7" + "." * 72, "givens clash: r1c1 and r1c9 both hold 7 in row 1"),
        ("1" + "." * 9 + "1" + "." * 70, "givens clash: r1c1 and r2c2 both hold 1 in box 1"),
        ("[1 2 3]", "a vector of 3 numbers: expected 16, 36, 81, 144 or 256"),
        ("[0 0 6", "vector not closed: expected ']'"),
        (json.dumps([0] * 15 + [5]), "item 16 is 5: symbol too large for a 4x4 grid"),
        ("[1, 2,, 3]", "not a JSON list of numbers"),
        ("", "no puzzle found"),
        (GOLDEN + "\n" + GOLDEN, "expected one puzzle, found 2 (line 2 starts another)"),
    ],
)
def test_errors_name_the_place(text, message):
    with pytest.raises(InputError) as e:
        parse(text, source="in.txt")
    assert message in str(e.value)
    assert str(e.value).startswith("in.txt")


def test_error_names_the_line_in_a_file():
    text = GOLDEN + "\n# note\n" + GOLDEN[:40] + "?" + GOLDEN[41:] + "\n"
    with pytest.raises(InputError, match=r"^f\.txt: line 3, position 41: unknown symbol"):
        list(parse_many(text, "f.txt"))


def test_unspaced_16x16_rows_are_one_grid():
    rows = ["123456789ABCDEFG"] + ["." * 16] * 15
    values, geo = parse("\n".join(rows))
    assert geo.n == 16 and values[:16] == tuple(range(1, 17))
    # in a file, the same lines are sixteen one-line 4x4 puzzles
    assert len(list(parse_many("\n".join(["1234" + "." * 12] * 3)))) == 3
