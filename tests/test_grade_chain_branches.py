"""Forcing chains checked as proofs: the assumptions a step starts from cover every case,
and each one, followed by plain singles on a copy of the board, reaches the conclusion.

A step's chains are (start, conclusion) pairs, or one chain from an assumption to its own
opposite (a contradiction). The starts of a cell forcing step are every candidate of one
cell (ON), of a unit forcing step every place of one digit in a unit (ON), of a double
forcing step one candidate ON and OFF: one of them holds in the solution. Naked and hidden
singles repeated until nothing changes follow every link these chains use (an OFF node
leaves a bivalue cell or a digit's last place a single), so each start must lead them to
the conclusion, or to a dead end (a cell or a digit of a unit with no place left).
Dynamic forcing chains (+) also use pair and X-wing patterns, so only their cover is
checked here.
"""

from __future__ import annotations

import pytest
from test_grade_chain_links import STATES
from test_grade_techniques import FIRST_TO_FIRE, from_candidates

from bookgen.grade import Board, Technique
from bookgen.grade.techniques import chains

FINDERS = [chains.nishio, chains.forcing_chains, chains.dynamic_forcing_chains,
           chains.dynamic_forcing_chains_plus]


def singles(board: Board, cell: int, digit: int, on: bool) -> list[set[int]] | None:
    """Candidates after assuming (cell, digit) on or off and applying singles to the end;
    None at a dead end."""
    geo = board.geo
    cands = [{board.values[c]} if board.values[c] else
             {d for d in range(1, board.n + 1) if board.cands[c] >> (d - 1) & 1}
             for c in range(geo.ncells)]
    cands[cell] = {digit} if on else cands[cell] - {digit}
    units = [tuple(u) for u in geo.units]
    done: set[int] = set()
    changed = True
    while changed:
        changed = False
        for c in range(geo.ncells):
            if not cands[c]:
                return None
            if len(cands[c]) == 1 and c not in done:
                done.add(c)
                (d,) = cands[c]
                for u in units:
                    if c in u:
                        for p in u:
                            if p != c and d in cands[p]:
                                cands[p] = cands[p] - {d}
                                changed = True
        for u in units:
            for d in range(1, board.n + 1):
                places = [p for p in u if d in cands[p]]
                if not places:
                    return None
                if len(places) == 1 and len(cands[places[0]]) > 1:
                    cands[places[0]] = {d}
                    changed = True
    return cands


def covers(board: Board, starts: list[tuple[int, int, bool]]) -> bool:
    """The assumptions are every case of something: a cell's candidates, a digit's places
    in a unit, or one candidate both ways."""
    cells = {c for c, _, _ in starts}
    digits = {d for _, d, _ in starts}
    if len(starts) == 2 and len(cells) == 1 and len(digits) == 1:
        return {on for _, _, on in starts} == {True, False}
    if not all(on for _, _, on in starts) or len(set(starts)) != len(starts):
        return False
    n = board.n
    if len(cells) == 1:
        (c,) = cells
        return digits == {d for d in range(1, n + 1) if board.cands[c] >> (d - 1) & 1}
    if len(digits) == 1:
        (d,) = digits
        return any(cells == {p for p in u if board.cands[p] >> (d - 1) & 1}
                   for u in board.geo.units)
    return False


CHAIN_STATES = [(name, board) for name, board in STATES if name[0].isupper()] + [
    (tech.name, from_candidates(text)) for tech, *_, text in FIRST_TO_FIRE
    if tech in (Technique.CELL_FORCING_CHAINS, Technique.DYNAMIC_FORCING_CHAINS_PLUS)]


@pytest.mark.parametrize("name, board", CHAIN_STATES, ids=[name for name, _ in CHAIN_STATES])
@pytest.mark.parametrize("finder", FINDERS, ids=lambda f: f.__name__)
def test_each_branch_of_a_forcing_step_reaches_its_conclusion(name, board, finder):
    steps = finder(board)
    assert len(steps) <= 1
    for step in steps:
        (conclusion,) = [(c, d, True) for c, d in step.placed] + [
            (c, d, False) for c, d in step.eliminated]
        starts = [chain[0] for chain in step.chains]
        assert all(chain[-1] == conclusion for chain in step.chains)
        assert step.cells == tuple(dict.fromkeys(c for c, _, _ in starts))
        assert step.digits == tuple(sorted({d for _, d, _ in starts}))
        if len(starts) == 1:  # a contradiction: the assumption's opposite is concluded
            (c, d, on), = starts
            assert conclusion == (c, d, not on)
        else:
            assert covers(board, starts)
        cells = {c for c, _, _ in starts}
        if len(cells) > 1:  # a unit's places of one digit: the step names that unit
            (u,), (d,) = step.units, step.digits
            assert cells == {p for p in board.geo.units[u] if board.cands[p] >> (d - 1) & 1}
        else:
            assert step.units == ()
        if finder is chains.dynamic_forcing_chains_plus:
            continue
        for c, d, on in starts:
            after = singles(board, c, d, on)
            if after is None:
                continue
            cell, digit, holds = conclusion
            assert (after[cell] == {digit}) if holds else (digit not in after[cell]), (c, d, on)
