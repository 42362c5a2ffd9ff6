"""The canonical form on many puzzles of every size: every random isomorph (relabelled,
maybe transposed, bands, stacks, rows and columns permuted) gets the puzzle's form, the form
is no larger than any isomorph, and puzzles known to be different keep different forms
(Royle's 17-clue list holds no two isomorphs)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from conftest import SMALL_PUZZLES, random_puzzle
from test_canon import relabelled, transformed

from bookgen.core.errors import InputError
from bookgen.core.grid import Geometry, Grid, geometry, parse
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.engine.canon import canonical, canonical_key
from bookgen.make.generate import make_puzzle


def random_lines(groups: int, width: int, rng: random.Random) -> list[int]:
    """A random order of `groups` groups of `width` lines that keeps groups together."""
    order = rng.sample(range(groups), groups)
    return [g * width + i for g in order for i in rng.sample(range(width), width)]


def random_isomorph(values: Grid, geo: Geometry, rng: random.Random) -> Grid:
    """A random member of the puzzle's class: lines permuted, maybe transposed, relabelled."""
    n = geo.n
    rows = random_lines(n // geo.box_rows, geo.box_rows, rng)
    cols = random_lines(n // geo.box_cols, geo.box_cols, rng)
    cells = transformed(values, geo, rows, cols,
                        geo.box_rows == geo.box_cols and rng.random() < 0.5)
    names = rng.sample(range(1, n + 1), n)
    return tuple(names[v - 1] if v else 0 for v in cells)


def line_counts(values: Grid, n: int) -> tuple[list[int], list[int]]:
    """Clue counts of the rows and of the columns, each sorted."""
    rows = sorted(sum(1 for c in range(n) if values[r * n + c]) for r in range(n))
    cols = sorted(sum(1 for r in range(n) if values[r * n + c]) for c in range(n))
    return rows, cols


def check_class(values: Grid, geo: Geometry, rng: random.Random, isomorphs: int) -> Grid:
    """The form of `values`, after checking it against `isomorphs` random isomorphs."""
    form = canonical(values, geo)
    assert canonical(form, geo) == form
    assert sorted(Counter(form).values()) == sorted(Counter(values).values())
    # transposing swaps the row and column counts, nothing else changes them
    assert sorted(line_counts(form, geo.n)) == sorted(line_counts(values, geo.n))
    for _ in range(isomorphs):
        other = random_isomorph(values, geo, rng)
        assert canonical(other, geo) == form
        assert form <= relabelled(list(other))
    return form


def test_9x9_isomorphs_of_many_puzzles(read_data: Callable[[str, int], list[str]]) -> None:
    geo = geometry(9)
    rng = random.Random(9)
    lines = read_data("17clue.txt", 150) + read_data("top1465.txt", 150)
    grids = [parse(line)[0] for line in lines]
    grids += [make_puzzle(DigSpec(clues=ClueTarget(22, 40)), 21, i).puzzle for i in range(40)]
    grids += [random_puzzle(rng, geo, rng.randrange(81)) for _ in range(40)]
    for values in grids:
        check_class(values, geo, rng, 4)


def test_royle_17_clue_puzzles_keep_different_forms(
        read_data: Callable[[str, int], list[str]]) -> None:
    lines = read_data("17clue.txt", 6000)
    assert len(lines) == 6000
    assert len({canonical_key(*parse(line)) for line in lines}) == 6000


def test_the_one_pair_of_isomorphs_in_top1465(data_dir: object,
                                              read_data: Callable[[str, int], list[str]]) -> None:
    lines = read_data("top1465.txt", 1465)
    forms: dict[str, list[int]] = {}
    for number, line in enumerate(lines, 1):
        forms.setdefault(canonical_key(*parse(line)), []).append(number)
    assert [group for group in forms.values() if len(group) > 1] == [[300, 307]]
    # and it is one: puzzle 307 is puzzle 300 with its first band moved last
    a, geo = parse(lines[299])
    moved = transformed(a, geo, [3, 4, 5, 6, 7, 8, 0, 1, 2], list(range(9)), False)
    assert tuple(moved) == parse(lines[306])[0]


@pytest.mark.slow  # 12x12 boards tie a million column orders on their first row
@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_random_grids_of_every_size(size: int) -> None:
    """Boards, dense, sparse and empty grids: the compiled form equals the plain-Python one
    (where plain Python is quick: not on 12x12 boards nor dense 16x16 grids)."""
    geo = geometry(size)
    rng = random.Random(size)
    cells = size * size
    for blanks in (0, cells // 4, cells // 2, 3 * cells // 4, cells - size, cells - 2, cells):
        values = random_puzzle(rng, geo, blanks)
        if size == 16 and blanks == 0:
            with pytest.raises(InputError, match="too many equivalent orders"):
                canonical(values, geo)
            continue
        form = check_class(values, geo, rng, 3)
        if blanks > (0 if size < 12 else cells // 4):
            assert canonical(values, geo, compiled=False) == form


@pytest.mark.slow  # making the 16x16 puzzles
@pytest.mark.parametrize("size", [12, 16])
def test_large_puzzles(size: int) -> None:
    geo = geometry(size)
    rng = random.Random(size)
    grids = [parse(p)[0] for p in SMALL_PUZZLES[size]]
    grids += [make_puzzle(DigSpec(size), 4, i).puzzle for i in range(3)]
    forms = [check_class(values, geo, rng, 6) for values in grids]
    assert forms[0] != forms[1]  # one given apart
    assert canonical(grids[2], geo, compiled=False) == forms[2]
