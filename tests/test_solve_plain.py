"""`bookgen solve PUZZLE`: one or two puzzles given as text on the command line are solved by
the plain-Python search (kernels.reference.solutions), which imports no numpy. Its tables,
built from a geometry's own tuples, are the tables the backends build from the arrays; it
finds the compiled kernels' solutions in their order; and the command says the same of a
puzzle given as text as of the same puzzle read from a file."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from blackbox import bookgen
from conftest import SMALL_PUZZLES
from exact_cover import solutions_exact

from bookgen.cli.cmd_solve import PLAIN_PUZZLES
from bookgen.core.grid import Geometry, format_line, geometry
from bookgen.core.rules import Variant
from bookgen.engine.kernels import get_backend, reference
from bookgen.variants.jigsaw.layouts import random_layout

BOXES = "".join(str(r // 3 * 3 + c // 3 + 1) for r in range(9) for c in range(9))
"""A jigsaw layout: the classic boxes as regions."""

LAYOUT = random_layout(9, random.Random(7))[0]
"""A jigsaw layout without a box, as a jigsaw book draws them."""


def geometries() -> list[Geometry]:
    """One geometry of every kind and size without cages, jigsaw in two layouts."""
    found = []
    for kind in Variant:
        if kind.caged:
            continue
        if not kind.boxes:
            assert LAYOUT is not None
            found += [geometry(9, kind, BOXES), geometry(9, kind, LAYOUT)]
            continue
        found += [geometry(n, kind) for n in kind.sizes]
    return found


@pytest.mark.parametrize("geo", geometries(), ids=repr)
def test_the_tables_from_the_tuples_are_the_tables_from_the_arrays(geo: Geometry) -> None:
    a = geo.arrays()
    assert reference._geo_tables(geo) == reference._convert(
        a["units"], a["cell_units"], a["peers"], a["npeers"])


def _puzzles(geo: Geometry, rng: random.Random, k: int) -> list[tuple[int, ...]]:
    """k puzzles of geo: a board the kernels complete, with random cells emptied (from a
    few, often unique, to most, often many solutions), and one with a given changed (often
    no solution)."""
    empty = np.zeros((1, geo.ncells), dtype=np.int8)
    _, sols = get_backend("numba").solutions_batch(geo, empty, 1)
    board = sols[0, 0].tolist()
    assert 0 not in board
    out = []
    for _ in range(k):
        cells = rng.sample(range(geo.ncells), rng.randint(geo.ncells // 3, geo.ncells * 2 // 3))
        out.append(tuple(0 if c in cells else v for c, v in enumerate(board)))
    changed = list(out[0])
    at = next(c for c, v in enumerate(changed) if v)
    changed[at] = changed[at] % geo.n + 1
    return [*out, tuple(changed)]


@pytest.mark.parametrize("geo", [g for g in geometries() if g.ncells <= 81], ids=repr)
def test_the_plain_search_finds_the_compiled_kernels_solutions_in_order(geo: Geometry) -> None:
    rng = random.Random(geo.ncells * 31 + len(geo.units))
    puzzles = _puzzles(geo, rng, 12)
    counts, sols = get_backend("numba").solutions_batch(
        geo, np.array(puzzles, dtype=np.int8), 3)
    found_counts = set()
    for k, values in enumerate(puzzles):
        plain = reference.solutions(values, geo, 3)
        assert [tuple(s) for s in plain] == [tuple(sols[k, j].tolist())
                                             for j in range(int(counts[k]))], values
        assert len(plain) == len(solutions_exact(values, geo, 3))
        found_counts.add(len(plain))
    assert len(found_counts) >= 2  # not all the same case


def _text_and_file(tmp_path: Path, lines: list[str], *args: str) -> tuple[
        tuple[int, str, list[str]], tuple[int, str, list[str]]]:
    """What `solve` says of the lines given as text and read from a file (the file's name
    written as the text's source, 'puzzle'), the compiled kernels reading the file."""
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    text = bookgen("solve", "\n".join(lines), *args, env={"BOOKGEN_BACKEND": ""})
    read = bookgen("solve", path, *args, env={"BOOKGEN_BACKEND": "numba"})
    # A bad line is reported as it is read, before the puzzles' problems, where a file's
    # chunk says both in line order: the same lines, in another order.
    return ((text.returncode, text.stdout, sorted(text.stderr.splitlines())),
            (read.returncode, read.stdout,
             sorted(read.stderr.replace(str(path), "puzzle").splitlines())))


@pytest.mark.parametrize("fmt", ["line", "json", "grid"])
def test_a_puzzle_given_as_text_is_solved_as_read_from_a_file(tmp_path: Path, fmt: str) -> None:
    unique = SMALL_PUZZLES[9][0]
    many = SMALL_PUZZLES[9][0][:40] + "." * 41
    clash = "11" + SMALL_PUZZLES[9][0][2:]
    none = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 can hold nothing
    lines = [unique, many, clash, none, SMALL_PUZZLES[6][0], SMALL_PUZZLES[4][0]]
    text, read = _text_and_file(tmp_path, lines, "--format", fmt)
    assert text == read
    assert text[0] == 1
    said = "\n".join(text[2])
    assert "line 2: more than one solution" in said and "line 4: no solution" in said
    assert "line 3: givens clash" in said
    if fmt == "line":
        out = text[1].splitlines()
        values = tuple(int(c) if c != "." else 0 for c in unique)
        assert out[0] == format_line(solutions_exact(values, geometry(9), 1)[0], geometry(9))


def test_a_variant_given_as_text_is_solved_as_read_from_a_file(tmp_path: Path) -> None:
    geo = geometry(9, Variant.X)
    lines = [format_line(p, geo) for p in _puzzles(geo, random.Random(5), 3)]
    text, read = _text_and_file(tmp_path, lines, "--variant", "x")
    assert text == read
    assert text[1]


def test_more_puzzles_than_the_plain_search_takes_are_solved_alike(tmp_path: Path) -> None:
    lines = [SMALL_PUZZLES[9][0]] * (PLAIN_PUZZLES + 1)
    text, read = _text_and_file(tmp_path, lines)
    assert text == read
    assert text[0] == 0
    assert len(text[1].splitlines()) == PLAIN_PUZZLES + 1
