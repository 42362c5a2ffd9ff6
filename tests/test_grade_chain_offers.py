"""Every deduction a multiple-chain search offers is a proof, not only the one it keeps.

A search (nishio, cell and unit forcing chains, dynamic forcing chains (+)) offers each
conclusion it meets and keeps the cheapest. A wrong conclusion that loses to a cheaper one
never reaches a step, so tests of the kept step alone cannot see it. Here every offer is
recorded and checked: it is true of the puzzle's solution (found by the independent
exact-cover solver), its assumptions cover every case (or it is a contradiction's
opposite), and, for the searches on plain links, each assumption followed by naked and
hidden singles reaches it or a dead end.
"""

from __future__ import annotations

from typing import Any

import pytest
from exact_cover import solutions_exact
from test_grade_chain_branches import CHAIN_STATES, FINDERS, covers, singles

from bookgen.grade import Board, chains

pytestmark = pytest.mark.slow  # about 20 s: every finder's whole search on each state

Offers = dict[tuple[str, str], list[tuple[Any, ...]]]


@pytest.fixture(scope="module")
def offers() -> Offers:
    """(state, finder) -> every offer made, filled as the tests ask. Per module run, not
    per process: a mutation run forks each mutant's tests from a process that already ran
    them, and a process-wide record would hand them the unmutated offers."""
    return {}


def _offers(cache: Offers, name: str, board: Board, finder: Any) -> list[tuple[Any, ...]]:
    """The arguments of every _Best.offer call the finder makes on the board."""
    key = (name, finder.__name__)
    if key not in cache:
        made: list[tuple[Any, ...]] = []
        original = chains._Best.offer

        def spy(self: Any, tech: Any, size: int, target: int, on: bool,
                starts: tuple[tuple[int, bool], ...], unit: int = -1) -> None:
            made.append((size, target, on, starts, unit))
            original(self, tech, size, target, on, starts, unit)

        chains._Best.offer = spy  # type: ignore[method-assign]
        try:
            finder(board)
        finally:
            chains._Best.offer = original  # type: ignore[method-assign]
        cache[key] = made
    return cache[key]


@pytest.mark.parametrize("name, board", CHAIN_STATES, ids=[name for name, _ in CHAIN_STATES])
@pytest.mark.parametrize("finder", FINDERS, ids=lambda f: f.__name__)
def test_every_offered_deduction_is_a_proof(offers, name, board, finder):
    n = board.n
    (solution,) = solutions_exact(tuple(board.values), board.geo, 2)
    for size, target, on, starts, unit in _offers(offers, name, board, finder):
        cell, digit = target // n, target % n + 1
        assert board.cands[cell] >> (digit - 1) & 1, (target, on)
        assert (solution[cell] == digit) is on, (target, on, starts)
        nodes = [(s // n, s % n + 1, a) for s, a in starts]
        if len(nodes) == 1:  # a contradiction: the assumption's opposite
            (c, d, a), = nodes
            assert (c, d, not a) == (cell, digit, on)
        else:
            assert covers(board, nodes), nodes
        cells = {c for c, _, _ in nodes}
        if len(cells) > 1:  # a digit's places in a unit: the unit is named
            d = nodes[0][1]
            assert cells == {p for p in board.geo.units[unit] if board.cands[p] >> (d - 1) & 1}
        else:
            assert unit == -1
        assert size >= len(nodes)
        if finder is chains.dynamic_forcing_chains_plus:
            continue
        for c, d, a in nodes:
            after = singles(board, c, d, a)
            if after is not None:
                assert (after[cell] == {digit}) if on else (digit not in after[cell]), (c, d, a)


def _kinds(offers: Offers, finder: Any) -> set[tuple[str, bool, int]]:
    """(kind, placement?, candidates of the assumed cell or 0) of the finder's offers on
    every state."""
    kinds = set()
    for name, board in CHAIN_STATES:
        for _size, _target, on, starts, unit in _offers(offers, name, board, finder):
            cell = starts[0][0] // board.n
            if len(starts) == 1:
                kinds.add(("contradiction", on, 0))
            elif len({a for _, a in starts}) == 2:
                kinds.add(("both ways", on, board.cands[cell].bit_count()))
            elif unit >= 0:
                kinds.add(("unit", on, 0))
            else:
                kinds.add(("cell", on, board.cands[cell].bit_count()))
    return kinds


def test_nishio_offers_contradictions_only(offers):
    kinds = _kinds(offers, chains.nishio)
    assert kinds and {kind for kind, _, _ in kinds} == {"contradiction"}


def test_static_forcing_chains_start_from_cells_of_three_candidates_or_units(offers):
    kinds = _kinds(offers, chains.forcing_chains)
    assert {kind for kind, _, _ in kinds} == {"cell", "unit"}
    assert min(k for kind, _, k in kinds if kind == "cell") == 3
    assert {(kind, on) for kind, on, _ in kinds} == {
        (kind, on) for kind in ("cell", "unit") for on in (True, False)}


@pytest.mark.parametrize("finder", [chains.dynamic_forcing_chains,
                                    chains.dynamic_forcing_chains_plus],
                         ids=lambda f: f.__name__)
def test_dynamic_forcing_chains_offer_every_kind(offers, finder):
    """Contradictions, cells of two candidates and more, units, and one candidate both
    ways (from cells of three candidates or more: in a bivalue cell, OFF is the other
    candidate ON, a cell forcing step), each as a placement and as a removal."""
    kinds = _kinds(offers, finder)
    assert {(kind, on) for kind, on, _ in kinds} == {
        (kind, on) for kind in ("contradiction", "cell", "unit", "both ways")
        for on in (True, False)}
    assert min(k for kind, _, k in kinds if kind == "cell") == 2
    assert min(k for kind, _, k in kinds if kind == "both ways") == 3
