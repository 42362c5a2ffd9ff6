"""The canonical form: equal for every isomorph, the smallest of them, and the same as an
exhaustive search over the whole group where that search is affordable (4x4, 6x6)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import numpy as np
import pytest
from conftest import SMALL_PUZZLES, run_python

from bookgen.core.errors import InputError
from bookgen.core.grid import Geometry, Grid, geometry, parse
from bookgen.core.model import DigSpec
from bookgen.engine.canon import canonical, canonical_key, line_perms
from bookgen.make.generate import make_puzzle


def relabelled(cells: list[int]) -> tuple[int, ...]:
    """Symbols renamed in order of first appearance, 0 kept."""
    names: dict[int, int] = {}
    return tuple(names.setdefault(v, len(names) + 1) if v else 0 for v in cells)


def transformed(values: Grid, geo: Geometry, rows: list[int], cols: list[int],
                transpose: bool) -> list[int]:
    n = geo.n
    g = np.array(values).reshape(n, n)
    if transpose:
        g = g.T
    return [int(g[r, c]) for r in rows for c in cols]


def random_isomorph(values: Grid, geo: Geometry, rng: random.Random) -> Grid:
    """A random member of the puzzle's class: lines permuted, maybe transposed, relabelled."""
    rows, cols = (rng.choice(line_perms(geo.n // w, w).tolist())
                  for w in (geo.box_rows, geo.box_cols))
    cells = transformed(values, geo, rows, cols,
                        geo.box_rows == geo.box_cols and rng.random() < 0.5)
    names = list(range(1, geo.n + 1))
    rng.shuffle(names)
    return tuple(names[v - 1] if v else 0 for v in cells)


def exhaustive(values: Grid, geo: Geometry) -> Grid:
    """The minlex form by trying every member of the group (small grids only)."""
    best = None
    for transpose in (False, True) if geo.box_rows == geo.box_cols else (False,):
        for rows in line_perms(geo.n // geo.box_rows, geo.box_rows).tolist():
            for cols in line_perms(geo.n // geo.box_cols, geo.box_cols).tolist():
                form = relabelled(transformed(values, geo, rows, cols, transpose))
                if best is None or form < best:
                    best = form
    assert best is not None
    return best


def puzzles(size: int, count: int, seed: int, backend: str = "python") -> list[Grid]:
    """Dug puzzles and their full boards, and sparser non-unique grids (more blank rows)."""
    out: list[Grid] = []
    rng = random.Random(seed)
    for i in range(count):
        made = make_puzzle(DigSpec(size, minimal=True), seed, i, backend)
        out += [made.puzzle, made.solution]
        out.append(tuple(v if rng.random() < 0.4 else 0 for v in made.puzzle))
    return out


def test_group_sizes() -> None:
    assert line_perms(3, 3).shape == (1296, 9)
    assert line_perms(2, 2).shape == (8, 4)
    assert line_perms(3, 2).shape == (48, 6)
    assert sorted(line_perms(3, 3)[777].tolist()) == list(range(9))


@pytest.mark.parametrize("size", [4, 6])
def test_small_sizes_match_the_exhaustive_search(size: int) -> None:
    geo = geometry(size)
    for values in puzzles(size, 6, 11):
        expected = exhaustive(values, geo)
        assert canonical(values, geo) == expected
        assert canonical(values, geo, compiled=False) == expected


def test_9x9_isomorphs_share_one_form_and_it_is_the_smallest() -> None:
    geo = geometry(9)
    rng = random.Random(5)
    grids = [parse(p)[0] for p in SMALL_PUZZLES[9]] + puzzles(9, 4, 3, "numba")
    for k, values in enumerate(grids):
        form = canonical(values, geo)
        if k < 3:  # plain Python is slow on sparse 9x9 grids
            assert canonical(values, geo, compiled=False) == form
        assert canonical(form, geo) == form
        assert sorted(Counter(form).values()) == sorted(Counter(values).values())
        for _ in range(15):
            other = random_isomorph(values, geo, rng)
            assert canonical(other, geo) == form
            assert form <= relabelled(list(other))


def test_different_puzzles_have_different_forms() -> None:
    geo = geometry(9)
    a, b = (parse(p)[0] for p in SMALL_PUZZLES[9][1:])  # differ in one given
    assert canonical(a, geo) != canonical(b, geo)


def test_golden_form() -> None:
    values, geo = parse(SMALL_PUZZLES[9][0])
    assert canonical_key(values, geo) == (
        "..............1.23..4.5.6..........5.6..3....34.12..6...62.54...3.....7.2..8....."
    )


@pytest.mark.parametrize(("size", "cell"), [(9, 8), (9, 72), (12, 11), (16, 240)])
def test_a_symbol_twice_in_a_line_is_refused(size: int, cell: int) -> None:
    values = [0] * size * size
    values[0] = values[cell] = 1  # the same row (cell < size) or the same column
    with pytest.raises(InputError, match=f"^{size}x{size} grid: a symbol appears twice in one "
                                         "row or column$"):
        canonical(tuple(values), geometry(size))


def test_permutations_are_every_order_once() -> None:
    perms = {tuple(p) for p in line_perms(2, 2).tolist()}
    assert perms == {(a * 2 + x, a * 2 + 1 - x, b * 2 + y, b * 2 + 1 - y)
                     for a, b in permutations(range(2)) for x in (0, 1) for y in (0, 1)}


def test_the_pure_python_backend_gives_the_same_forms_without_numba() -> None:
    """On BOOKGEN_BACKEND=python a canonical form (as a bank or a build asks for one) never
    imports numba, and equals the numba backend's."""
    puzzles = [SMALL_PUZZLES[9][0], SMALL_PUZZLES[6][0], SMALL_PUZZLES[4][0]]
    keys, numba = run_python("from bookgen.core.grid import parse\n"
                             "from bookgen.engine.canon import canonical_key\n"
                             f"for p in {puzzles!r}:\n"
                             "    print(canonical_key(*parse(p, 'puzzle')))", "python")
    assert not numba
    assert keys == [canonical_key(*parse(p, "puzzle")) for p in puzzles]
