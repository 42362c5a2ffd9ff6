"""Canonical forms of samurai and twin boards under the whole board's group.

The units are written out here from the layout alone (grid origins on the board square);
isomorphs are made here by moving whole board rows and columns, turning or mirroring the
board and renaming digits, and the forms must not see the difference."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import permutations, product

import pytest

from bookgen.core.grid import geometry
from bookgen.core.kinds import Variant, relabelled
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Symmetry
from bookgen.engine.canon import canonical_key
from bookgen.make.generate import make_puzzle
from bookgen.variants.gattai_canon import BoardGroup, board_group, canonical_board

LAYOUTS = {
    "samurai": (21, ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))),
    "twin": (15, ((0, 0), (6, 6))),
}


def units(name: str) -> set[frozenset[int]]:
    """Every grid's rows, columns and boxes as sets of board positions."""
    side, origins = LAYOUTS[name]
    out = set()
    for r0, c0 in origins:
        for k in range(9):
            out.add(frozenset((r0 + k) * side + c0 + j for j in range(9)))
            out.add(frozenset((r0 + j) * side + c0 + k for j in range(9)))
            br, bc = r0 + 3 * (k // 3), c0 + 3 * (k % 3)
            out.add(frozenset((br + i) * side + bc + j for i in range(3) for j in range(3)))
    return out


def line_motion(side: int, rows: Sequence[int], cols: Sequence[int]) -> tuple[int, ...]:
    """Image position (r, c) takes source position (rows[r], cols[c])."""
    return tuple(rows[r] * side + cols[c] for r in range(side) for c in range(side))


def swapped(side: int, a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The lines 0..side-1 with the lines of a and b exchanged."""
    out = list(range(side))
    for x, y in zip(a, b, strict=True):
        out[x], out[y] = y, x
    return out


def generators(group: BoardGroup) -> list[tuple[int, ...]]:
    """The group's generators as position maps: its rotations and mirrors, a swap of two
    rows (or columns) within each band, and a swap of the bands of each class."""
    side = group.side
    ident = list(range(side))

    def lines(classes: tuple[tuple[int, ...], ...]) -> list[list[int]]:
        out = []
        for b in range(side // 3):
            out += [swapped(side, [3 * b], [3 * b + 1]), swapped(side, [3 * b + 1], [3 * b + 2])]
        for cls in classes:
            for x, y in zip(cls, cls[1:], strict=False):
                out.append(swapped(side, range(3 * x, 3 * x + 3), range(3 * y, 3 * y + 3)))
        return out

    return [*group.dihedral, *(line_motion(side, p, ident) for p in lines(group.row_classes)),
            *(line_motion(side, ident, p) for p in lines(group.col_classes))]


def maps_units(motion: Sequence[int], name: str) -> bool:
    us = units(name)
    return {frozenset(motion[p] for p in u) for u in us} == us


def kind(name: str) -> Variant:
    return Variant.parse(name)


def group_of(name: str) -> BoardGroup:
    board = kind(name).board
    assert board is not None
    return board_group(board, 9)


def test_group_tables_are_pinned():
    samurai, twin = group_of("samurai"), group_of("twin")
    assert len(set(samurai.dihedral)) == 8
    assert samurai.row_classes == samurai.col_classes == ((0, 1), (2,), (3,), (4,), (5, 6))
    assert twin.row_classes == twin.col_classes == ((0, 1), (2,), (3, 4))
    # 3! orders in each of the 7 (twin: 5) bands, the band swaps, the same for columns
    assert samurai.order == 8 * (6 ** 7 * 2 * 2) ** 2 == 10_030_613_004_288
    assert twin.order == 4 * (6 ** 5 * 2 * 2) ** 2
    # twin: the identity, the half turn and the two diagonal mirrors, nothing else
    last = 14
    maps = [lambda r, c: (r, c), lambda r, c: (last - r, last - c), lambda r, c: (c, r),
            lambda r, c: (last - c, last - r)]
    assert set(twin.dihedral) == {tuple(s * 15 + t for s, t in (f(r, c) for r in range(15)
                                                                  for c in range(15)))
                                  for f in maps}


@pytest.mark.parametrize("name", ["samurai", "twin"])
def test_generators_map_units_onto_units(name):
    gens = generators(group_of(name))
    assert len(gens) == len(set(gens))
    for g in gens:
        assert maps_units(g, name)


@pytest.mark.parametrize("name", ["samurai", "twin"])
def test_motions_outside_the_group_break_units(name):
    side = LAYOUTS[name][0]
    ident = list(range(side))
    # bands 1 and 2 lie in different grids; a left-right mirror breaks the twin board
    breaks = [line_motion(side, swapped(side, range(3, 6), range(6, 9)), ident),
              line_motion(side, ident, swapped(side, range(3, 6), range(6, 9)))]
    if name == "twin":
        breaks.append(line_motion(side, ident, ident[::-1]))
    for m in breaks:
        assert not maps_units(m, name)


@cache
def puzzles(name: str, count: int) -> tuple[tuple[int, ...], ...]:
    clues = ClueTarget(170, 190) if name == "samurai" else ClueTarget(70, 80)
    spec = DigSpec(9, Symmetry.NONE, clues, False, kind(name))
    return tuple(make_puzzle(spec, 5, i).puzzle for i in range(count))


def random_motion(group: BoardGroup, rng: random.Random) -> tuple[int, ...]:
    """A random element of the group (relabelling aside), drawn from its parts."""
    bands = group.side // 3

    def order(classes: tuple[tuple[int, ...], ...]) -> list[int]:
        source = list(range(bands))
        for cls in classes:
            for b, t in zip(cls, rng.sample(cls, len(cls)), strict=True):
                source[b] = t
        return [3 * t + i for t in source for i in rng.sample(range(3), 3)]

    d = rng.choice(group.dihedral)
    motion = line_motion(group.side, order(group.row_classes), order(group.col_classes))
    return tuple(d[p] for p in motion)


def moved(values: Sequence[int], name: str, motion: Sequence[int], rng: random.Random
          ) -> tuple[int, ...]:
    """The board moved by a position map, its digits renamed at random."""
    positions = geometry(9, name).positions
    flat = dict(zip(positions, values, strict=True))
    names = rng.sample(range(1, 10), 9)
    out = tuple(flat[motion[p]] for p in positions)
    return tuple(names[v - 1] if v else 0 for v in out)


@pytest.mark.parametrize("name", ["samurai", "twin"])
def test_isomorphs_share_the_form(name):
    rng = random.Random(7)
    geo, group = geometry(9, name), group_of(name)
    for values in puzzles(name, 3):
        key = canonical_key(values, geo)
        assert key.startswith(f"{name}:") and len(key) == len(name) + 1 + geo.width ** 2
        for _ in range(6):
            assert canonical_key(moved(values, name, random_motion(group, rng), rng),
                                 geo) == key


@pytest.mark.parametrize("name", ["samurai", "twin"])
def test_the_form_is_the_least_image(name):
    """The form is an image of the puzzle (its own form), and no image is less."""
    rng = random.Random(11)
    geo, group = geometry(9, name), group_of(name)
    board = kind(name).board
    assert board is not None
    values = puzzles(name, 1)[0]
    form = canonical_board(values, board, 9)
    assert canonical_board(form, board, 9) == form
    assert sorted(map(bool, form)) == sorted(map(bool, values))
    for _ in range(200):
        image = moved(values, name, random_motion(group, rng), rng)
        assert form <= relabelled(image)
    # a whole band's rows in any order and every stack order of the first frame: exhaustive
    # over a subgroup of 6^2 x 2 x 2 images
    side = group.side
    for p, q, swap_rows, swap_cols in product(permutations(range(3)), permutations(range(3)),
                                              (False, True), (False, True)):
        rows = swapped(side, range(3), range(3, 6)) if swap_rows else list(range(side))
        cols = swapped(side, range(3), range(3, 6)) if swap_cols else list(range(side))
        rows[:3] = [rows[i] for i in p]
        cols[-3:] = [cols[side - 3 + i] for i in q]
        image = moved(values, name, line_motion(side, rows, cols), random.Random(0))
        assert form <= relabelled(image)
    assert geo.ncells == len(form)


@pytest.mark.parametrize("name", ["samurai", "twin"])
def test_different_puzzles_have_different_forms(name):
    geo = geometry(9, name)
    made = puzzles(name, 3)
    keys = {canonical_key(v, geo) for v in made}
    assert len(keys) == len(made)
    values = made[0]
    given = next(c for c, v in enumerate(values) if v)
    fewer = tuple(0 if c == given else v for c, v in enumerate(values))
    assert canonical_key(fewer, geo) != canonical_key(values, geo)
    # the same givens with two digits exchanged in one grid only is another puzzle
    positions = geo.positions
    side = geo.width
    first = [c for c, p in enumerate(positions) if p // side < 6 and p % side < 6]
    a, b = sorted({values[c] for c in first if values[c]})[:2]
    swapped_digits = tuple({a: b, b: a}.get(v, v) if c in first else v
                           for c, v in enumerate(values))
    assert canonical_key(swapped_digits, geo) != canonical_key(values, geo)
