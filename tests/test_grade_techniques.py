"""Each technique on small hand-made positions: where it must fire and where it must not.

Positions start from an empty 9x9 grid (every cell holds every digit) and restrict a few
cells' candidates, so only the pattern under test is present.
"""

from __future__ import annotations

import pytest
from exact_cover import solutions_exact

from bookgen.grade import (
    Band,
    Board,
    Technique,
    band_of,
    chains,
    fish,
    singles,
    subsets,
    uniqueness,
    wings,
)
from bookgen.grade.scale import length_extra
from bookgen.grid import geometry

GEO = geometry(9)


def cell(label: str) -> int:
    r, c = label[1:].split("c")
    return (int(r) - 1) * 9 + int(c) - 1


def mask(digits: str) -> int:
    return sum(1 << (int(d) - 1) for d in digits)


def position(
    cells: dict[str, str] | None = None, remove: dict[int, list[str]] | None = None
) -> Board:
    """An empty grid with some cells set to the given candidates and some digits removed."""
    b = Board((0,) * 81, GEO)
    for label, digits in (cells or {}).items():
        b.cands[cell(label)] = mask(digits)
    for d, labels in (remove or {}).items():
        for label in labels:
            b.cands[cell(label)] &= ~(1 << (d - 1))
    return b


def row(r: int, cols: str) -> list[str]:
    return [f"r{r}c{c}" for c in cols]


def col(c: int, rows: str) -> list[str]:
    return [f"r{r}c{c}" for r in rows]


def box1_except(keep: str) -> list[str]:
    return [f"r{r}c{c}" for r in "123" for c in "123" if f"r{r}c{c}" != keep]


def elims(steps) -> set[tuple[int, int]]:
    return {e for s in steps for e in s.eliminated}


def labels(pairs: set[tuple[int, int]]) -> set[str]:
    return {f"{GEO.label(c)}:{d}" for c, d in pairs}


# ---------------------------------------------------------------- singles


def test_hidden_single_box_fires_and_not():
    b = position(remove={5: box1_except("r2c2")})
    steps = singles.hidden_singles_box(b)
    assert [(s.technique, s.placed) for s in steps] == [
        (Technique.HIDDEN_SINGLE_BOX, ((cell("r2c2"), 5),))
    ]
    assert singles.hidden_singles_box(position(remove={5: box1_except("r2c2")[1:]})) == []


def test_hidden_single_line_only_in_its_row():
    b = position(remove={5: row(1, "12345678")})
    assert singles.hidden_singles_box(b) == []
    steps = singles.hidden_singles_line(b)
    assert [s.placed for s in steps] == [((cell("r1c9"), 5),)]
    assert GEO.unit_names[steps[0].units[0]] == "row 1"


@pytest.mark.parametrize("digits, fires", [("4", True), ("45", False)])
def test_naked_single(digits, fires):
    steps = singles.naked_singles(position({"r3c3": digits}))
    assert [s.placed for s in steps] == ([((cell("r3c3"), 4),)] if fires else [])


# ---------------------------------------------------------------- intersections and subsets

BOX5_OFF_ROW4 = [f"r{r}c{c}" for r in "56" for c in "456"]


def test_pointing_removes_from_rest_of_line():
    steps = subsets.pointing(position(remove={7: BOX5_OFF_ROW4}))
    assert labels(elims(steps)) == {f"r4c{c}:7" for c in "123789"}
    assert steps[0].technique is Technique.POINTING


def test_pointing_not_when_digit_left_outside_line():
    assert subsets.pointing(position(remove={7: BOX5_OFF_ROW4[1:]})) == []


def test_claiming_removes_from_rest_of_box():
    steps = subsets.claiming(position(remove={7: row(4, "123789")}))
    assert labels(elims(steps)) == {f"r{r}c{c}:7" for r in "56" for c in "456"}
    assert subsets.claiming(position(remove={7: row(4, "12378")})) == []


def test_direct_pointing_needs_a_hidden_single():
    # 7 confined to row 4 in box 5; in row 4 outside the box only r4c1 keeps 7 after it
    plain = position(remove={7: BOX5_OFF_ROW4})
    assert subsets.direct_pointing(plain) == []
    direct = position(remove={7: BOX5_OFF_ROW4 + row(4, "23789")})
    direct.cands[cell("r4c5")] &= ~(1 << 6)
    direct.cands[cell("r4c6")] &= ~(1 << 6)
    # now 7 in row 4 is at r4c1 and r4c4 only; pointing from box 5 removes r4c1? no: it
    # removes from the rest of the row, leaving r4c4 as the row's single place
    steps = subsets.direct_pointing(direct)
    assert steps and steps[0].technique is Technique.DIRECT_POINTING
    assert labels(elims(steps)) == {"r4c1:7"}


@pytest.mark.parametrize("second, fires", [("12", True), ("13", False)])
def test_naked_pair(second, fires):
    steps = subsets.naked_pair(position({"r1c1": "12", "r1c2": second}))
    if fires:
        assert steps[0].technique is Technique.NAKED_PAIR
        assert labels(elims(steps)) >= {f"r1c{c}:{d}" for c in "3456789" for d in "12"}
        assert all(c not in (cell("r1c1"), cell("r1c2")) for c, _ in elims(steps))
    else:
        assert steps == []


def test_hidden_pair_and_not():
    b = position(remove={1: row(1, "3456789"), 2: row(1, "3456789")})
    # 1 and 2 are also absent from row 1 in boxes 2, 3; keep them elsewhere in the boxes
    steps = subsets.hidden_pair(b)
    assert steps[0].technique is Technique.HIDDEN_PAIR
    assert labels(elims(steps)) == {f"r1c{c}:{d}" for c in "12" for d in "3456789"}
    assert subsets.hidden_pair(position(remove={1: row(1, "3456789")})) == []


def test_naked_triple_and_quad():
    t = subsets.naked_triple(position({"r1c1": "12", "r1c2": "23", "r1c3": "13"}))
    assert t and set(t[0].digits) == {1, 2, 3}
    q = subsets.naked_quad(position({"r5c1": "12", "r5c4": "23", "r5c7": "34", "r5c9": "14"}))
    assert q and q[0].technique is Technique.NAKED_QUAD
    assert labels(elims(q)) == {f"r5c{c}:{d}" for c in "23568" for d in "1234"}
    assert (
        subsets.naked_quad(position({"r5c1": "12", "r5c4": "23", "r5c7": "35", "r5c9": "14"})) == []
    )


# ---------------------------------------------------------------- fish


def fish_position(rows: str, cols: str, d: int = 4) -> Board:
    keep = set(cols)
    return position(remove={d: [f"r{r}c{c}" for r in rows for c in "123456789" if c not in keep]})


@pytest.mark.parametrize(
    "finder, rows, cols, tech",
    [
        (fish.x_wing, "27", "38", Technique.X_WING),
        (fish.swordfish, "159", "159", Technique.SWORDFISH),
        (fish.jellyfish, "1357", "2468", Technique.JELLYFISH),
    ],
)
def test_fish_fires(finder, rows, cols, tech):
    steps = finder(fish_position(rows, cols))
    assert steps[0].technique is tech
    expected = {f"r{r}c{c}:4" for c in cols for r in "123456789" if r not in rows}
    assert labels(elims(steps)) == expected


def test_fish_not_when_a_base_line_has_an_extra_place():
    b = fish_position("27", "38")
    b.cands[cell("r7c5")] |= 1 << 3
    assert fish.x_wing(b) == []


def skyscraper() -> Board:
    # 6 in column 1 only at r1, r5; in column 5 only at r1, r6; r1c1 and r1c5 see each other
    return position(remove={6: col(1, "2346789") + col(5, "2345789")})


SKYSCRAPER_TARGETS = {"r6c2:6", "r6c3:6", "r5c4:6", "r5c6:6"}


def test_skyscraper():
    steps = fish.two_strong_links(skyscraper())
    assert steps[0].technique is Technique.SKYSCRAPER
    assert labels(elims(steps)) == SKYSCRAPER_TARGETS


def test_two_string_kite_rated_above_skyscraper():
    # 3 in row 1 only at c2, c7; in column 1 only at r3, r8; r1c2 and r3c1 share box 1
    b = position(remove={3: row(1, "1345689") + col(1, "1245679")})
    steps = fish.two_strong_links(b)
    assert steps[0].technique is Technique.TWO_STRING_KITE
    assert labels(elims(steps)) == {"r8c7:3"}
    assert fish.two_strong_links(position()) == []


# ---------------------------------------------------------------- wings, uniqueness


def test_xy_wing():
    b = position({"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    steps = wings.xy_wing(b)
    assert steps[0].technique is Technique.XY_WING
    assert labels(elims(steps)) == {"r5c5:3"}
    assert wings.xy_wing(position({"r1c1": "12", "r1c5": "13", "r5c1": "24"})) == []


def test_xyz_wing():
    b = position({"r1c1": "123", "r1c2": "13", "r2c1": "23"})
    steps = wings.xyz_wing(b)
    assert steps[0].technique is Technique.XYZ_WING
    assert labels(elims(steps)) == {"r1c3:3", "r2c2:3", "r2c3:3", "r3c1:3", "r3c2:3", "r3c3:3"}
    assert wings.xyz_wing(position({"r1c1": "124", "r1c2": "13", "r2c1": "23"})) == []


def test_unique_rectangle_type_1_and_not_across_four_boxes():
    b = position({"r1c1": "12", "r1c4": "12", "r2c1": "12", "r2c4": "125"})
    steps = uniqueness.unique_loop(b)
    assert steps[0].technique is Technique.UNIQUE_RECTANGLE
    assert labels(elims(steps)) == {"r2c4:1", "r2c4:2"}
    four_boxes = position({"r1c1": "12", "r1c4": "12", "r5c1": "12", "r5c4": "125"})
    assert uniqueness.unique_loop(four_boxes) == []


def test_unique_rectangle_type_4():
    # floor r1c1, r1c4 = {1,2}; roofs r2c1, r2c4 have extras; 1 in row 2 only at the roofs
    b = position(
        {"r1c1": "12", "r1c4": "12", "r2c1": "125", "r2c4": "126"}, remove={1: row(2, "2356789")}
    )
    steps = uniqueness.unique_loop(b)
    assert labels(elims(steps)) == {"r2c1:2", "r2c4:2"}


def test_bug_plus_one_not_with_two_extra_cells():
    assert uniqueness.bug(position()) == []


# ---------------------------------------------------------------- chains


def test_x_chain_finds_the_skyscraper_and_nothing_on_an_open_grid():
    steps = chains.x_chain(skyscraper())
    assert steps[0].technique is Technique.X_CHAIN
    assert labels(elims(steps)) <= SKYSCRAPER_TARGETS
    assert chains.x_chain(position()) == []


def test_nishio_finds_the_skyscraper():
    # r6c2=6 leaves column 1 only r1c1, which leaves column 5 without a 6
    steps = chains.nishio(skyscraper())
    assert steps[0].technique is Technique.NISHIO
    assert labels(elims(steps)) <= SKYSCRAPER_TARGETS


def test_aic_finds_the_xy_wing_by_a_forcing_chain():
    # SE has no XY-chain of its own: through bivalue cells, the chain is an AIC (7.0)
    steps = chains.aic(position({"r1c1": "12", "r1c5": "13", "r5c1": "23"}))
    assert steps[0].technique is Technique.AIC
    assert labels(elims(steps)) == {"r5c5:3"}
    # r5c5=3 -> r1c5!=3 -> r1c5=1 -> r1c1!=1 -> r1c1=2 -> r5c1!=2 -> r5c1=3 -> r5c5!=3: 8 nodes
    assert steps[0].difficulty == pytest.approx(7.0 + 0.1)


def test_aic_mixes_cell_and_unit_links():
    # a W-wing (not an SE technique): its chain needs a strong link in row 9 and two
    # bivalue cells
    b = position({"r1c1": "12", "r5c9": "12"}, remove={2: row(9, "2345678")})
    assert chains.x_chain(b) == []
    steps = chains.aic(b)
    assert steps[0].technique is Technique.AIC
    assert labels(elims(steps)) <= {"r1c9:1", "r5c1:1"}


@pytest.mark.parametrize(
    "grade, band",
    [
        (1.2, Band.EASY),
        (1.5, Band.MEDIUM),
        (2.4, Band.MEDIUM),
        (2.5, Band.HARD),
        (3.9, Band.HARD),
        (4.0, Band.EXPERT),
        (5.9, Band.EXPERT),
        (6.0, Band.EXTREME),
        (9.5, Band.EXTREME),
    ],
)
def test_band_thresholds(grade, band):
    assert band_of(grade) is band


@pytest.mark.parametrize(
    "complexity, extra",
    [
        (4, 0.0),
        (6, 0.0),
        (7, 0.1),
        (8, 0.1),
        (9, 0.2),
        (10, 0.2),
        (11, 0.3),
        (14, 0.3),
        (15, 0.4),
        (19, 0.5),
        (27, 0.6),
    ],
)
def test_length_extra_follows_se_ceilings(complexity, extra):
    # SE: length = complexity - 2; +0.1 for each ceiling 4, 6, 8, 12, 16, 24 ... exceeded
    assert length_extra(complexity) == pytest.approx(extra)


BOX5_CORNERS = ["r4c4", "r4c6", "r6c4", "r6c6"]


def test_empty_rectangle():
    # 8 in box 5 only on the cross of row 5 and column 5; in column 8 only at r2c8, r5c8
    b = position(remove={8: BOX5_CORNERS + col(8, "1346789")})
    steps = fish.two_strong_links(b)
    assert steps[0].technique is Technique.EMPTY_RECTANGLE
    assert labels(elims(steps)) == {"r2c5:8"}
    broken = position(remove={8: BOX5_CORNERS[1:] + col(8, "1346789")})
    assert fish.two_strong_links(broken) == []


@pytest.mark.parametrize("third, fires", [("34", True), ("35", False)])
def test_wxyz_wing(third, fires):
    # pivot r1c1 {1,2,3}; wings r1c2 {1,4}, r2c1 {2,4}, r1c7 {3,x}: 4 is the only loose digit
    b = position({"r1c1": "123", "r1c2": "14", "r2c1": "24", "r1c7": third})
    steps = wings.wxyz_wing(b)
    if fires:
        assert steps[0].technique is Technique.WXYZ_WING
        assert labels(elims(steps)) == {"r1c3:4"}
    else:
        assert steps == []


# Candidate states met while solving SE-rated puzzles, just before each technique was
# needed: '=v' is a filled cell, digits are an empty cell's candidates.
REAL_POSITIONS = [
    (
        subsets.direct_hidden_pair,
        Technique.DIRECT_HIDDEN_PAIR,
        "=3 27 247 145 457 =6 124 =8 =9 =6 =9 24 =8 =3 14 124 =7 =5 =5 =8 =1 =2 479 479 =3 46 6 =4 267 2678 36 678 =5 =9 =1 3678 178 167 =9 1346 =2 147 4678 =5 3678 178 =3 =5 1469 46789 1479 4678 46 =2 17 167 =3 469 469 =8 =5 =2 67 =2 =4 678 56 56 =3 678 =9 =1 =9 =5 68 =7 =1 =2 68 =3 =4",
    ),
    (
        subsets.direct_hidden_triple,
        Technique.DIRECT_HIDDEN_TRIPLE,
        "689 =5 =3 1269 268 1689 =4 =7 128 89 =7 =1 259 258 =4 =6 =3 28 4689 28 24 125679 25678 =3 259 159 128 145 12 =9 1267 =3 16 =8 15 1467 13458 =6 47 17 =9 18 57 =2 1347 138 1238 27 =4 2678 =5 79 19 1367 13 13 =8 569 56 69 27 =4 27 =2 =4 =5 =8 =1 =7 =3 =6 =9 =7 =9 =6 =3 =4 =2 =1 =8 =5",
    ),
    (
        fish.two_strong_links,
        Technique.TWO_STRING_KITE,
        "13 13 =6 =8 =7 =4 =9 =5 =2 =4 =9 =5 =2 =3 =6 =1 =7 =8 =2 =8 =7 =5 =9 =1 =6 =4 =3 158 =4 =9 13 =6 358 =7 =2 15 1568 125 123 =4 158 =7 38 =9 156 568 =7 13 =9 =2 58 48 13 456 =7 123 =4 13 18 238 =5 =6 =9 135 135 =8 =6 =4 =9 =2 13 =7 =9 =6 12 =7 15 235 34 =8 14",
    ),
    (
        subsets.hidden_triple,
        Technique.HIDDEN_TRIPLE,
        "578 478 =3 =1 2456 2468 67 24 =9 148 =2 18 468 =7 =9 16 =5 =3 1579 479 =6 25 2345 234 17 24 =8 =2 468 78 =3 46 4678 =5 =9 =1 89 689 =5 2678 =1 2678 =3 67 =4 14 =3 17 467 =9 =5 =8 67 =2 =6 =1 =2 57 34 34 =9 =8 57 =3 =5 =4 =9 =8 67 =2 =1 67 78 78 =9 256 256 =1 =4 =3 56",
    ),
    (
        chains.aic,
        Technique.AIC,
        "=2 =7 35 =8 =6 =4 35 =9 =1 59 46 146 =3 19 =2 568 =7 468 39 =8 146 =5 19 =7 36 =2 46 35 46 =9 =1 =2 =8 =7 46 35 =8 =2 46 =7 35 =9 =1 46 35 =7 =1 35 =6 =4 35 =2 =8 =9 =4 =3 =7 =2 58 56 =9 =1 68 =6 =5 =8 =9 =7 =1 =4 =3 =2 =1 =9 =2 =4 38 36 68 =5 =7",
    ),
    (
        wings.vwxyz_wing,
        Technique.VWXYZ_WING,
        "47 467 =9 =5 =1 =8 =3 46 =2 58 23 2358 =6 =4 27 57 =1 =9 =1 46 25 =9 =3 27 457 456 =8 =3 45 58 48 =9 =6 =1 =2 =7 48 =1 =7 =3 =2 45 58 =9 =6 =2 =9 =6 =7 58 =1 458 45 =3 57 357 =1 =2 58 =9 =6 38 =4 =9 =8 =4 =1 =6 =3 =2 =7 =5 =6 235 23 48 =7 45 =9 38 =1",
    ),
    (
        uniqueness.bug,
        Technique.BUG,
        "=7 =2 49 =5 =6 14 =3 89 18 56 =1 56 =8 =3 =9 =2 =4 =7 49 =8 =3 =7 =2 14 =6 59 15 69 =4 69 =3 =7 =5 =8 =1 =2 =3 =7 =8 =9 =1 =2 =5 =6 =4 =1 =5 =2 =6 =4 =8 =9 =7 =3 58 =3 =7 =1 58 =6 =4 =2 =9 =2 =9 =1 =4 58 =3 =7 58 =6 458 =6 45 =2 =9 =7 =1 =3 58",
    ),
    (
        chains.forcing_chains,
        Technique.UNIT_FORCING_CHAINS,
        "=3 25 =8 =4 156 2567 179 279 12579 16 256 =7 125 =9 =3 =4 28 1258 145 =9 245 1257 =8 257 17 =3 =6 567 =3 256 12579 156 26789 179 789 =4 57 =1 =9 =3 =4 578 =2 =6 78 =8 247 246 1279 16 2679 =3 =5 179 =2 =8 345 59 =7 459 =6 =1 39 4579 457 =1 =6 =3 459 =8 2479 279 4679 467 346 =8 =2 =1 =5 479 379",
    ),
    (
        chains.forcing_chains,
        Technique.UNIT_FORCING_CHAINS,
        "=3 25 =8 =4 156 2567 179 279 12579 16 256 =7 125 =9 =3 =4 28 258 145 =9 245 1257 =8 257 17 =3 =6 567 =3 256 12579 156 2789 179 789 =4 57 =1 =9 =3 =4 578 =2 =6 78 =8 247 246 279 16 2679 =3 =5 179 =2 =8 345 59 =7 459 =6 =1 39 4579 457 =1 =6 =3 459 =8 2479 279 4679 467 346 =8 =2 =1 =5 479 379",
    ),
    (
        chains.dynamic_forcing_chains,
        Technique.DYNAMIC_FORCING_CHAINS,
        "239 =7 2349 234 =1 =6 =8 359 25 235 =1 =6 =9 =8 235 23 =4 =7 =8 234 23459 234 2345 =7 239 =6 =1 2359 =8 2359 =6 2379 235 =1 3579 =4 =6 234 23459 234 234579 =1 239 3579 =8 =7 234 =1 =8 23459 2345 =6 359 25 =1 =9 23 =7 234 234 =5 =8 =6 =4 =5 =8 =1 =6 =9 =7 =2 =3 23 =6 =7 =5 23 =8 =4 =1 =9",
    ),
]


def from_candidates(text: str) -> Board:
    tokens = text.split()
    b = Board((0,) * 81, GEO)
    for c, tok in enumerate(tokens):
        if tok.startswith("="):
            b.values[c], b.cands[c] = int(tok[1:]), 0
        else:
            b.cands[c] = mask(tok)
    return b


@pytest.mark.parametrize("finder, tech, text", REAL_POSITIONS, ids=lambda x: getattr(x, "name", ""))
def test_technique_fires_on_a_real_position_and_is_true(finder, tech, text):
    board = from_candidates(text)
    solution = solutions_exact(tuple(board.values), GEO, 2)
    assert len(solution) == 1
    steps = finder(board)
    assert steps and steps[0].technique is tech
    for s in steps:
        assert all(solution[0][c] == v for c, v in s.placed)
        assert all(solution[0][c] != d for c, d in s.eliminated)


@pytest.mark.parametrize(
    "finder",
    [
        wings.aligned_pair_exclusion,
        uniqueness.bug,
        chains.nishio,
        chains.forcing_chains,
        chains.dynamic_forcing_chains,
        chains.dynamic_forcing_chains_plus,
    ],
)
def test_heavy_techniques_find_nothing_on_an_open_grid(finder):
    assert finder(Board((0,) * 16, geometry(4))) == []
