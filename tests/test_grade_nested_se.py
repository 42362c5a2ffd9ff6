"""Nested forcing chains as serate counts them: the cycles among the chains a level-2
search follows, SE's order of links, units and ties, and one hint per set of removals.

The states below were met grading puzzles of the shared hardest_er.txt (published ER
10.4, 10.9 and 11.7); the complexities asserted are serate's, read with its chaining rule
at that level on the same candidates (SukakuExplainer's Chaining, levels 1 to 3).
"""

from __future__ import annotations

import pytest
from test_grade_chains_compiled import _both, _states
from test_grade_kept_tables import GEOS
from test_grade_nested import NESTED_STATE, assumed
from test_grade_techniques import GEO, from_candidates

from bookgen.grade.board import Board, set_bits
from bookgen.grade.scale import Technique, length_extra
from bookgen.grade.techniques import chains

LEVEL_1_STATE = (
    "24589 289 =6 13459 123458 123489 34579 23578 234789 "
    "24589 =3 24589 4569 24568 =7 4569 2568 =1 "
    "=1 289 =7 34569 234568 23489 34569 23568 23489 "
    "24678 12678 1248 13457 123457 1234 13467 =9 3478 "
    "=3 1278 2489 1479 1247 =6 147 178 =5 "
    "4679 =5 149 =8 1347 1349 =2 1367 347 "
    "2789 1278 =3 47 478 =5 179 127 =6 "
    "56789 16789 158 =2 13678 138 1357 =4 379 "
    "2567 =4 125 1367 =9 13 =8 12357 237"
)
"""Met before the eighth step of hardest_er.txt's first puzzle (ER 10.4)."""


def test_pairs_inside_an_assumption_in_ses_order():
    """Assuming r1c1 = 9, a hidden pair of box 1 and one of row 2 remove the same
    candidates; SE looks in boxes first, and so the contradiction is as short as its."""
    board = from_candidates(LEVEL_1_STATE)
    ch = chains._Chaining(board, y_links=True, dynamic=True, level=1)
    r1c1_9 = 8
    assert ch.run(r1c1_9, True)[2] == 65  # serate's complexity


def test_pairs_in_the_grids_order_make_it_longer(monkeypatch):
    monkeypatch.setattr(chains, "_pair_order", lambda geo: list(range(len(geo.units))))
    monkeypatch.setattr(chains, "_KEPT_RULES", {})  # what the rules found in SE's order
    board = from_candidates(LEVEL_1_STATE)
    ch = chains._Chaining(board, y_links=True, dynamic=True, level=1)
    assert ch.run(8, True)[2] > 65


def test_removals_in_the_order_of_ses_table_of_cells():
    n = 9
    r2c5, r2c7, r2c8 = 13, 15, 16
    targets = [r2c5 * n + 4, r2c7 * n + 4, r2c8 * n + 4]
    assert chains._se_removal_order(n, targets) == [r2c8 * n + 4, r2c5 * n + 4, r2c7 * n + 4]
    many = [c * n for c in (*range(1, 13), 16)]  # past 12 cells the table has 32 slots
    assert chains._se_removal_order(n, many) == many
    assert chains._se_removal_order(n, many[1:])[0] == 16 * n  # 16 slots: 16 comes first


LEVEL_2_STATE = (
    "1247 123578 12378 14589 1258 =6 1379 1389 13479 "
    "146 13568 1368 =7 158 459 136 =2 1349 "
    "12467 12678 =9 148 =3 248 =5 168 147 "
    "1267 12367 =5 136 =9 37 =8 =4 123 "
    "=8 1347 137 =2 157 3457 139 1359 =6 "
    "=9 12346 1236 13468 1568 3458 123 =7 1235 "
    "=3 =9 12678 568 =4 2578 1267 156 1257 "
    "=5 12678 12678 3689 267 23789 =4 1369 12379 "
    "267 267 =4 359 2567 =1 23679 3569 =8"
)
"""Met before the seventh step of hardest_er.txt's 40th puzzle (ER 10.9)."""

SE_LEVEL_2 = {"r9c7-6": 91, "r9c8-6": 91, "r8c3-7": 92, "r7c4-6": 110, "r9c7-7": 123}
"""serate's complexity of the contradiction removing each candidate, at level 2."""

SE_LEVEL_2_CELL = ("r2c2-6", 89)
"""serate's cell forcing chains (from r9c5) removing r2c2's 6, at level 2."""


def _cheapest(board: Board, tech: Technique, level: int) -> dict[tuple[str, str], int]:
    """The least complexity the search meets per (kind of conclusion, removal)."""
    out: dict[tuple[str, str], int] = {}
    for _t, size, target, on, starts, unit, _anc in chains._search(board, tech, True, level,
                                                                     False):
        cell, d = divmod(target, board.n)
        if on:
            continue
        kind = {7: "clash", 5: "cell", 6: "unit", 1: "double"}[chains._tie_rank(starts, unit)]
        key = (kind, f"{GEO.label(cell)}-{d + 1}")
        out[key] = min(out.get(key, size), size)
    return out


def test_level_two_complexities_are_serates():
    board = from_candidates(LEVEL_2_STATE)
    got = _cheapest(board, Technique.NESTED_FORCING_CHAINS, 2)
    assert {r: got["clash", r] for r in SE_LEVEL_2} == SE_LEVEL_2
    removal, size = SE_LEVEL_2_CELL
    assert got["cell", removal] == size


def test_level_two_follows_cycles(monkeypatch):
    """Without the cycles a nested search meets, two of serate's figures are missed."""
    board = from_candidates(LEVEL_2_STATE)
    monkeypatch.setattr(chains, "_every_cycle", lambda *_: iter(()))
    monkeypatch.setattr(chains, "_KEPT_CHAINS", {})  # what the search kept had cycles
    monkeypatch.setattr(chains, "_KEPT_FOUND", {})
    got = _cheapest(board, Technique.NESTED_FORCING_CHAINS, 2)
    removal, size = SE_LEVEL_2_CELL
    assert got["clash", "r9c7-6"] != SE_LEVEL_2["r9c7-6"]
    assert got["cell", removal] != size


LEVEL_3_STATE = (
    "=1 238 2348 23489 =5 =6 2789 23478 3479 "
    "23468 23568 =7 =1 2489 349 25689 23458 34569 "
    "23468 23568 =9 2348 2478 347 2568 =1 3456 "
    "278 =4 1258 259 =6 159 =3 78 1579 "
    "367 1367 1356 3459 149 =8 1579 457 =2 "
    "=9 1238 12358 =7 124 1345 158 =6 145 "
    "3678 136789 1368 589 1789 =2 =4 357 13567 "
    "=5 12378 2348 =6 1478 147 127 =9 137 "
    "2467 12679 1246 459 =3 14579 12567 257 =8"
)
"""Met before the fifth step of hardest_er.txt's 24th puzzle (ER 11.7)."""


def test_level_three_complexity_is_serates():
    board = from_candidates(LEVEL_3_STATE)
    got = _cheapest(board, Technique.NESTED_MULTIPLE_FORCING_CHAINS, 3)
    assert got["clash", "r9c7-5"] == 456
    assert round(10.0 + length_extra(456), 1) == 11.4


@pytest.mark.parametrize("seed", range(3))
def test_cycles_on_an_assumed_grid_remove_only_false_candidates(seed):
    src, solution, removed, cands = assumed(LEVEL_2_STATE, seed)
    n = GEO.n
    met = list(chains._every_cycle(GEO, cands))
    assert met
    units = chains._order(GEO)[0]
    for tech, order, cycle, targets in met:
        assert tech in (Technique.CYCLE, Technique.AIC) and order in (2, 3, 4)
        assert len(cycle) >= 4 and len(cycle) % 2 == 0
        assert len({i // n for i in cycle[::2]}) == len(cycle) // 2
        for i in targets:
            assert cands[i // n] >> (i % n) & 1 and i not in cycle
            assert solution[i // n] != i % n + 1
        parents = chains._cycle_parents(GEO, units, src, cands, cycle)
        assert set(set_bits(parents)) <= removed


def test_one_hint_per_set_of_removals_before_parents_are_asked():
    """The first deduction removing a set counts, even when it needed no removal (then
    nothing does): SE drops equal hints before it asks for the parents."""
    found = [("a", [3], 0), ("b", [3], 5), ("c", [4, 5], 1), ("d", [5, 4], 2)]
    assert chains._first_of_each(found, lambda f: f[1]) == [found[0], found[2]]


def test_ties_go_to_double_then_cell_then_unit_then_clash():
    s = 10
    double = ((s, True), (s, False))
    cell = ((s, True), (s + 1, True))
    assert chains._tie_rank(double, -1) < chains._tie_rank(cell, -1)
    assert chains._tie_rank(cell, -1) < chains._tie_rank(cell, 4)
    assert chains._tie_rank(cell, 4) < chains._tie_rank(((s, True),), -1)


def test_an_equal_double_beats_an_earlier_clash():
    board = from_candidates(LEVEL_2_STATE)
    best = chains._Best(board)
    tech = Technique.DYNAMIC_FORCING_CHAINS
    r1c1 = 0
    best.offer(tech, 40, r1c1 * 9 + 1, False, ((r1c1 * 9 + 1, True),))
    best.offer(tech, 40, r1c1 * 9 + 3, False, ((5, True), (5, False)))
    (step,) = best.steps()
    assert step.eliminated == ((r1c1, 4),)


def test_links_in_ses_order():
    """From ON: the cell's other digits, then box, row and column peers; from OFF: the
    cell's other digit (two left), then the other place in box, row, column."""
    board = from_candidates(LEVEL_2_STATE)
    n = board.n
    r9c1 = 72
    links = chains._se_links(GEO, board.cands, r9c1 * n + 1, True, True)  # r9c1 = 2 ON
    assert [GEO.label(i // n) + f"-{i % n + 1}" for i in links[:2]] == ["r9c1-6", "r9c1-7"]
    cells = [i // n for i in links[2:]]
    assert [GEO.label(c) for c in cells[:2]] == ["r7c3", "r8c2"]  # box 7 first
    assert all(i % n == 1 for i in links[2:])


@pytest.mark.parametrize("name", GEOS)
def test_compiled_cycles_are_the_python_ones(name, monkeypatch):
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    met = 0
    for cands in _states(geo, seed=23, count=3 if geo.n < 16 else 1):
        expected, got = _both(monkeypatch, lambda g, c: list(chains._every_cycle(g, c)),
                              geo, cands)
        assert got == expected
        met += len(got)
    assert met > 0


@pytest.mark.parametrize("level", [2, 3, 4])
def test_a_nested_run_starts_where_the_level_one_run_stalled(level):
    """A nested level's run takes the level-1 run of the same board up to where it
    stalls (or clashes), and goes on from there, as if it had made that part itself."""
    clashed = went_on = 0
    for state in (LEVEL_1_STATE, NESTED_STATE):
        board = from_candidates(state)
        shared = chains._Chaining(board, y_links=True, dynamic=True, level=level)
        alone = chains._Chaining(board, y_links=True, dynamic=True, level=level)
        assert shared.plain is not None
        alone.plain = None
        r1c1_9 = 8  # its ON run clashes at level 1 (test_pairs_inside_an_assumption...)
        for s in [r1c1_9, *list(set_bits(chains._alive(GEO.n, board.cands)))[::7]]:
            for on in (True, False):
                assert shared.run(s, on) == alone.run(s, on)
                stalled = shared.plain.run(s, on)
                if stalled[2]:
                    clashed += 1
                elif shared.run(s, on)[1] != stalled[1]:
                    went_on += 1
    assert clashed and went_on


def test_the_shared_level_one_chaining_keeps_its_board_as_it_was():
    """A board changes in place as steps apply; the level-1 chaining kept for its
    candidates must not follow it there."""
    board = from_candidates(NESTED_STATE)
    chains._Chaining(board, y_links=True, dynamic=True, level=2)
    before = list(board.cands)
    cell = next(c for c, m in enumerate(before) if m.bit_count() > 2)
    board.cands[cell] &= board.cands[cell] - 1  # one candidate gone, as a step removes it
    again = chains._Chaining(from_candidates(NESTED_STATE), y_links=True, dynamic=True,
                             level=2)
    assert again.plain is not None and again.plain.board.cands == before
