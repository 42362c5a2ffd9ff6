"""Every deduction a multiple-chain search offers is a proof, not only the one it keeps.

A search (nishio, cell and unit forcing chains, dynamic forcing chains (+)) offers each
conclusion it meets and keeps the cheapest. A wrong conclusion that loses to a cheaper one
never reaches a step, so tests of the kept step alone cannot see it. Here every offer is
recorded and checked: it is true of the puzzle's solution (found by the independent
exact-cover solver), its assumptions cover every case (or it is a contradiction's
opposite), and, for the searches on plain links, each assumption followed by naked and
hidden singles reaches it or a dead end. Each search offers every kind of deduction its
rules allow on these states, and no other.
"""

from __future__ import annotations

from typing import Any

import pytest
from exact_cover import solutions_exact
from test_grade_chain_branches import CHAIN_STATES, covers, singles

from bookgen.grade import Board
from bookgen.grade.techniques import chains

pytestmark = pytest.mark.slow  # about 20 s: every finder's whole search on each state

Offer = tuple[int, int, bool, tuple[tuple[int, bool], ...], int]
"""(size, target, on, starts, unit): the arguments of one _Best.offer call."""
Kind = tuple[str, bool, int]
"""(kind, a placement?, candidates of the assumed cell or 0)."""


def _offers(board: Board, finder: Any) -> list[Offer]:
    """Every offer the finder makes on the board. Each test makes its own: a mutation run
    gives a mutant only the tests that called the mutated code themselves."""
    made: list[Offer] = []
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
    return made


def _check_proof(board: Board, finder: Any, offer: Offer, solution: tuple[int, ...]) -> Kind:
    """Assert the offer is a proof; its kind."""
    size, target, on, starts, unit = offer
    n = board.n
    cell, digit = target // n, target % n + 1
    assert board.cands[cell] >> (digit - 1) & 1, offer
    assert (solution[cell] == digit) is on, offer
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
    if finder is not chains.dynamic_forcing_chains_plus:
        for c, d, a in nodes:
            after = singles(board, c, d, a)
            if after is not None:
                assert (after[cell] == {digit}) if on else (digit not in after[cell]), (c, d, a)
    first = nodes[0][0]
    if len(nodes) == 1:
        return ("contradiction", on, 0)
    if len({a for _, _, a in nodes}) == 2:
        return ("both ways", on, board.cands[first].bit_count())
    return ("unit", on, 0) if unit >= 0 else ("cell", on, board.cands[first].bit_count())


def _kinds(finder: Any) -> set[Kind]:
    """The kinds of the finder's offers on every state, each offer checked as a proof."""
    kinds = set()
    for _name, board in CHAIN_STATES:
        (solution,) = solutions_exact(tuple(board.values), board.geo, 2)
        for offer in _offers(board, finder):
            kinds.add(_check_proof(board, finder, offer, solution))
    return kinds


def test_nishio_offers_contradictions_only():
    kinds = _kinds(chains.nishio)
    assert kinds and {kind for kind, _, _ in kinds} == {"contradiction"}


def test_static_forcing_chains_start_from_cells_of_three_candidates_or_units():
    kinds = _kinds(chains.forcing_chains)
    assert {(kind, on) for kind, on, _ in kinds} == {
        (kind, on) for kind in ("cell", "unit") for on in (True, False)}
    assert min(k for kind, _, k in kinds if kind == "cell") == 3


@pytest.mark.parametrize("finder", [chains.dynamic_forcing_chains,
                                    chains.dynamic_forcing_chains_plus],
                         ids=lambda f: f.__name__)
def test_dynamic_forcing_chains_offer_every_kind(finder):
    """Contradictions, cells of two candidates and more, units, and one candidate both
    ways (from cells of three candidates or more: in a bivalue cell, OFF is the other
    candidate ON, a cell forcing step), each as a placement and as a removal."""
    kinds = _kinds(finder)
    assert {(kind, on) for kind, on, _ in kinds} == {
        (kind, on) for kind in ("contradiction", "cell", "unit", "both ways")
        for on in (True, False)}
    assert min(k for kind, _, k in kinds if kind == "cell") == 2
    assert min(k for kind, _, k in kinds if kind == "both ways") == 3
