"""Grid facts the other grid tests leave open: the kernels' numpy tables, cell index
conversions, and the wording of seed-vector and JSON-list errors."""

import json

import pytest

from bookgen.core.errors import InputError
from bookgen.core.grid import SIZES, format_as, format_grid, geometry, parse, parse_many


@pytest.mark.parametrize(("n", "variant"), [(n, v) for n in SIZES for v in ("", "x")]
                         + [(9, "anti-knight"), (9, "non-consecutive")])
def test_arrays_hold_the_tables_padded_with_minus_one(n, variant):
    geo = geometry(n, variant)
    a = geo.arrays()
    assert a is geo.arrays()  # built once
    assert all(str(t.dtype) == "int32" for t in a.values())
    assert a["units"].tolist() == [list(u) for u in geo.units]
    assert a["block_order"].tolist() == list(geo.block_order)
    assert a["block_pos"].tolist() == list(geo.block_pos)
    widest_units = max(len(cu) for cu in geo.cell_units)
    widest_row = max(len(p) + len(q) for p, q in zip(geo.peers, geo.neighbours, strict=True))
    assert a["cell_units"].shape == (n * n, widest_units)
    assert a["peers"].shape == (n * n, widest_row)
    for c in range(n * n):
        units, row = a["cell_units"][c].tolist(), a["peers"][c].tolist()
        mates, ruled, near = a["npeers"][c].tolist()
        assert units == list(geo.cell_units[c]) + [-1] * (widest_units - len(geo.cell_units[c]))
        # unit mates, then the cells a pair rule adds, then the neighbours, then padding
        assert set(row[:mates]) == {p for u in geo.cell_units[c] for p in geo.units[u]} - {c}
        assert sorted(row[:ruled]) == list(geo.peers[c])
        assert row[ruled:near] == list(geo.neighbours[c])
        assert row[near:] == [-1] * (widest_row - near)


@pytest.mark.parametrize("n", SIZES)
def test_row_col_box_of_every_cell(n):
    geo = geometry(n)
    for c in range(n * n):
        r, col, b = geo.row(c), geo.col(c), geo.box(c)
        assert all(type(x) is int for x in (r, col, b))  # they index tables
        assert c in geo.units[r] and c in geo.units[n + col] and c in geo.units[2 * n + b]
        assert r * n + col == c
        assert geo.label(c) == f"r{r + 1}c{col + 1}"


@pytest.mark.parametrize(
    "text, message",
    [
        (json.dumps([0] * 80 + ["1"]), "line 1: expected a JSON list of integers"),
        (json.dumps([0] * 80 + [True]), "line 1: expected a JSON list of integers"),
        ("[" + "0 " * 40 + "x " + "0 " * 40 + "]", "line 1: seed vector item 41 is 'x': expected a number 0-9"),
        ("[" + "0 " * 80 + "X]", "line 1: seed vector item 81 is 'X': expected a number 0-9"),
        ("[X" + " 0" * 80 + "]", "line 1: seed vector item 1 is 'X': expected a number 0-9"),
    ],
)
def test_vector_errors_name_the_item(text, message):
    with pytest.raises(InputError) as e:
        parse(text, source="v.txt")
    assert str(e.value) == f"v.txt: {message}"


@pytest.mark.parametrize("text", [json.dumps([0] * 81), "[" + " ".join(["0"] * 81) + "]"])
def test_vectors_keep_the_variant(text):
    values, geo = parse(text, variant="x")
    assert geo == geometry(9, "x") and values == (0,) * 81


def test_format_grid_frames_the_boxes():
    values, geo = parse("42......2......1")
    assert format_grid(values, geo) == (
        "4 2 | . .\n. . | . .\n----+----\n2 . | . .\n. . | . 1"
    )
    six = geometry(6)
    assert format_grid(tuple(range(1, 7)) * 6, six).splitlines()[2:4] == [
        "------+------",
        "1 2 3 | 4 5 6",
    ]


def test_format_as_rejects_an_unknown_format():
    with pytest.raises(ValueError, match="^unknown format 'xml'$"):
        format_as((0,) * 16, geometry(4), "xml")


FOUR = "42......2......1"


def test_parse_many_numbers_lines_from_one():
    found = list(parse_many(FOUR + "\n" + FOUR.replace("4", "3", 1)))
    assert [(line, v[0]) for line, v, _ in found] == [(1, 4), (2, 3)]


@pytest.mark.parametrize(
    "row",
    [
        "1 2 3 4 5 6 7 8 9 A B C D E F G",  # spaced
        "1234|5678|9ABC|DEFG",  # boxes marked, no spaces
    ],
)
def test_parse_many_reads_a_16x16_row_as_the_start_of_a_grid(row):
    text = "\n".join([row] + ["." * 16] * 15 + [FOUR])
    found = list(parse_many(text))
    assert [(line, geo.n) for line, _, geo in found] == [(1, 16), (17, 4)]
    assert found[0][1][:16] == tuple(range(1, 17))


def test_parse_many_skips_blank_and_frame_lines_inside_a_grid():
    text = "4 2 | . .\n\n. . | . .\n----+----\n2 . | . .\n. . | . 1\n" + FOUR
    found = list(parse_many(text, "f.txt"))
    assert [line for line, _, _ in found] == [1, 7]
    assert found[0][1] == found[1][1] == parse(FOUR)[0]


def test_parse_many_vector_over_lines_then_more():
    seed = "[" + " ".join(["0"] * 40) + "\n" + " ".join(["0"] * 41) + "]  # two lines"
    found = list(parse_many("# head\n" + seed + "\n" + FOUR))
    assert [(line, geo.n) for line, _, geo in found] == [(2, 9), (4, 4)]


def test_parse_many_unclosed_vector_names_its_first_line():
    with pytest.raises(InputError, match=r"^f\.txt: line 2: vector not closed: expected '\]'$"):
        list(parse_many(FOUR + "\n[0 0 0\n0 0", "f.txt"))


GOLDEN = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"


def test_one_line_keeps_the_variant():
    assert parse(GOLDEN, variant="x", check=False)[1] == geometry(9, "x")
    assert geometry() is geometry(9) is geometry(9, "")  # one object per size and variant


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "input: no puzzle found"),
        (FOUR + "\n" + FOUR, "input: expected one puzzle, found 2 (line 2 starts another)"),
        ("x" + "." * 15, "line 1, position 1: unknown symbol in a 4x4 grid"),
        ("# title\n\n" + "7" + "." * 7 + "7" + "." * 72, "line 3: givens clash: r1c1 and r1c9"),
        ("# title\n" + "x" + "." * 80, "line 2, position 1: unknown symbol in a 9x9 grid"),
    ],
)
def test_errors_without_a_source_name_the_line(text, message):
    with pytest.raises(InputError) as e:
        parse(text)
    assert str(e.value).startswith(message)


def test_only_the_first_hash_starts_a_comment():
    assert parse(GOLDEN + "  # hard # from the seed")[0] == parse(GOLDEN)[0]


def test_vector_clash_passes_without_check():
    clash = "[" + " ".join(["1", "1"] + ["0"] * 79) + "]"
    with pytest.raises(InputError, match="givens clash"):
        parse(clash)
    assert parse(clash, check=False)[0][:2] == (1, 1)  # block order: the second 1 is r1c2


def test_parse_many_frame_line_before_a_puzzle_and_two_hashes():
    found = list(parse_many("------+------\n" + FOUR + "  # easy # 4x4\n  [" + "0 " * 16 + "]"))
    assert [(line, geo.n) for line, _, geo in found] == [(2, 4), (3, 4)]


@pytest.mark.parametrize(
    "text, message",
    [
        (FOUR + "\n" + "11" + "." * 14, "f.txt: line 2: givens clash: r1c1 and r1c2 both hold 1 in row 1"),
        ("4 2 | . .\n. x | . .\n----+----\n2 . | . .\n. . | . 1",
         "f.txt: line 2, position 3: unknown symbol in a 4x4 grid: 'x'"),
    ],
)
def test_parse_many_errors_name_the_line_of_the_fault(text, message):
    with pytest.raises(InputError) as e:
        list(parse_many(text, "f.txt"))
    assert str(e.value).startswith(message)


@pytest.mark.parametrize("variant", ["anti-knight", "anti-king", "non-consecutive"])
def test_batch_clash_check_reads_the_pair_rules_as_the_single_one_does(variant):
    import random

    import numpy as np

    from bookgen.core.grid import clashing, find_clash

    geo = geometry(9, variant)
    rng = random.Random(variant)
    rows = []
    for _ in range(2000):  # two random givens: some break the rule, most do not
        grid = [0] * 81
        for c in rng.sample(range(81), 2):
            grid[c] = rng.randint(1, 9)
        rows.append(grid)
    flagged = clashing(np.array(rows, dtype=np.int8), geo).tolist()
    clashes = [find_clash(r, geo) for r in rows]
    assert flagged == [c is not None for c in clashes]
    # some rows break only the pair rule (its clash names the rule, not a unit)
    assert any(c is not None and c.where.endswith(f": {variant})") for c in clashes)
    assert sum(flagged) < len(rows)
