"""Static chains and cycles checked link by link against an independent reading of the board.

A chain's nodes are (cell, digit, on). Weak link ON(a) -> OFF(b): the same cell, or the
same digit in two cells that share a unit. Strong link OFF(a) -> ON(b): a bivalue cell's
two digits, or a digit's only two places in a unit. X-chains use the digit links only.
The links are read here from the units alone (not the grader's tables), and the shortest
forcing chain is found by a plain breadth-first search over (candidate, on) states; the
grader must log a chain of valid links of exactly that length, rated base + length extra.
A cycle closes on its start through a strong link, and removes each candidate outside its
cells that sees an ON node and an OFF node of its digit (either all ON nodes or all OFF
nodes hold, whichever way the loop runs).
"""

from __future__ import annotations

from collections import deque

import pytest
from exact_cover import solutions_exact
from test_grade_chains import PUZZLES
from test_grade_techniques import FIRST_TO_FIRE, from_candidates, position, skyscraper

from bookgen.core.grid import parse
from bookgen.grade import Board, Technique
from bookgen.grade.scale import length_extra
from bookgen.grade.techniques import chains

Cand = tuple[int, int]  # (cell, digit)


def _units_of(board: Board) -> list[list[tuple[int, ...]]]:
    units: list[list[tuple[int, ...]]] = [[] for _ in range(board.geo.ncells)]
    for cells in board.geo.units:
        for c in cells:
            units[c].append(tuple(cells))
    return units


def _has(board: Board, c: int, d: int) -> bool:
    return bool(board.cands[c] >> (d - 1) & 1)


def weak(board: Board, a: Cand, y_links: bool) -> set[Cand]:
    c, d = a
    out = {(p, d) for u in _units_of(board)[c] for p in u if p != c and _has(board, p, d)}
    if y_links:
        out |= {(c, e) for e in range(1, board.n + 1) if e != d and _has(board, c, e)}
    return out


def strong(board: Board, a: Cand, y_links: bool) -> set[Cand]:
    c, d = a
    out = set()
    for u in _units_of(board)[c]:
        places = [p for p in u if _has(board, p, d)]
        if len(places) == 2:
            out |= {(p, d) for p in places if p != c}
    if y_links and board.cands[c].bit_count() == 2:
        out |= {(c, e) for e in range(1, board.n + 1) if e != d and _has(board, c, e)}
    return out


def linked(board: Board, a: tuple[int, int, bool], b: tuple[int, int, bool], y: bool) -> bool:
    if a[2] == b[2]:
        return False
    follow = weak if a[2] else strong
    return (b[0], b[1]) in follow(board, (a[0], a[1]), y)


def shortest_forcing(board: Board, y_links: bool) -> int:
    """Nodes of the shortest chain from ON(s) to OFF(s) or OFF(s) to ON(s), any s (0: none)."""
    cands = [(c, d) for c in range(board.geo.ncells) for d in range(1, board.n + 1)
             if _has(board, c, d)]
    links = {(a, on): [(b, not on) for b in (weak if on else strong)(board, a, y_links)]
             for a in cands for on in (True, False)}
    best = 0
    for s in cands:
        for on in (True, False):
            seen = {(s, on): 1}
            queue = deque([(s, on)])
            while queue:
                node = queue.popleft()
                for nxt in links[node]:
                    if nxt not in seen:
                        seen[nxt] = seen[node] + 1
                        queue.append(nxt)
            got = seen.get((s, not on), 0)
            if got and (not best or got < best):
                best = got
    return best


def _start(puzzle: str) -> Board:
    values, geo = parse(puzzle)
    return Board(values, geo)


AIC_CYCLE = (
    "=5 =6 79 =2 =1 49 47 =3 =8 "
    "=4 =8 =2 =7 =3 =5 =9 =1 =6 "
    "37 379 =1 49 =6 =8 457 =2 57 "
    "=9 127 47 48 28 =6 157 57 =3 "
    "127 =5 =6 =3 29 19 =8 =4 17 "
    "=8 134 34 =5 =7 14 =6 =9 =2 "
    "=6 479 489 =1 =5 =3 =2 78 47 "
    "17 47 45 89 89 =2 =3 =6 1457 "
    "123 123 358 =6 =4 =7 15 58 =9"
)
"""A state met grading se_calibration.txt where a cycle with both kinds of strong links (an
AIC loop, 7.0) is the lowest-rated chain (the candidate format of FIRST_TO_FIRE)."""


def _states() -> list[tuple[str, Board]]:
    real = [(tech.name, from_candidates(text)) for tech, _, _, text in FIRST_TO_FIRE
            if tech in (Technique.AIC, Technique.CYCLE, Technique.NISHIO,
                        Technique.UNIT_FORCING_CHAINS, Technique.DYNAMIC_FORCING_CHAINS)]
    made = [
        ("skyscraper", skyscraper()),
        ("xy_wing", position({"r1c1": "12", "r1c5": "13", "r5c1": "23"})),
        ("w_wing", position({"r1c1": "12", "r5c9": "12"},
                            remove={2: [f"r9c{c}" for c in "2345678"]})),
        # 6 in rows 1 and 5 only in columns 1 and 5: an X-wing, as a four-node X-cycle
        ("x_cycle", position(remove={6: [f"r{r}c{c}" for r in "15" for c in "2346789"]})),
        # the same with a bivalue cell far away: a start for a Y-cycle search, none found
        ("x_cycle_pair", position({"r9c9": "12"},
                                  remove={6: [f"r{r}c{c}" for r in "15" for c in "2346789"]})),
        # four bivalue cells at the corners of a rectangle, around 1-2-3-4: a Y-cycle
        ("y_cycle", position({"r1c1": "12", "r1c5": "23", "r5c5": "34", "r5c1": "14"})),
    ]
    real.append(("AIC_CYCLE", from_candidates(AIC_CYCLE)))
    return made + real + [(f"start{k}", _start(p)) for k, p in enumerate(PUZZLES)]


STATES = _states()


def _solution(board: Board) -> tuple[int, ...]:
    (solution,) = solutions_exact(tuple(board.values), board.geo, 2)
    return solution


@pytest.mark.parametrize("name, board", STATES, ids=[name for name, _ in STATES])
@pytest.mark.parametrize(
    "finder, tech, y_links", [(chains.x_chain, Technique.X_CHAIN, False),
                              (chains.aic, Technique.AIC, True)], ids=["x_chain", "aic"]
)
def test_forcing_chain_is_a_shortest_chain_of_real_links(name, board, finder, tech, y_links):
    size = shortest_forcing(board, y_links)
    steps = finder(board)
    if not size:
        assert steps == []
        return
    (step,) = steps
    (chain,) = step.chains
    assert len(chain) == size
    assert all(linked(board, a, b, y_links) for a, b in zip(chain, chain[1:], strict=False))
    (c, d, on), last = chain[0], chain[-1]
    assert last == (c, d, not on)
    assert (step.eliminated, step.placed) == ((((c, d),), ()) if on else ((), ((c, d),)))
    assert step.technique is tech
    assert step.difficulty == round(tech.se + length_extra(size), 1)
    if name.startswith(("start", "AIC", "CYCLE", "NISHIO", "UNIT", "DYNAMIC")):
        solution = _solution(board)
        assert all(solution[c] != d for c, d in step.eliminated)
        assert all(solution[c] == d for c, d in step.placed)


def removals(board: Board, loop: tuple[tuple[int, int, bool], ...]) -> set[Cand]:
    inside = {c for c, _, _ in loop}
    units = _units_of(board)

    def sees(c: int, node: tuple[int, int, bool]) -> bool:
        return any(node[0] in u for u in units[c])

    return {
        (c, d)
        for c in range(board.geo.ncells) if c not in inside
        for d in range(1, board.n + 1) if _has(board, c, d)
        if any(sees(c, x) for x in loop if x[1] == d and x[2])
        and any(sees(c, x) for x in loop if x[1] == d and not x[2])
    }


@pytest.mark.parametrize("name, board", STATES, ids=[name for name, _ in STATES])
def test_chains_and_cycles_logs_a_loop_or_a_chain_of_real_links(name, board):
    steps = chains.chains_and_cycles(board)
    assert len(steps) <= 1
    if name in ("CYCLE", "AIC_CYCLE"):  # each closes a loop
        loop = Technique.CYCLE if name == "CYCLE" else Technique.AIC
        assert [s.technique for s in steps] == [loop]
        assert steps[0].chains[0][0] == steps[0].chains[0][-1]
    if not steps:
        return
    (step,) = steps
    (shown,) = step.chains
    y_links = len(step.digits) > 1  # an X-cycle or X-chain keeps to one digit's links
    assert all(linked(board, a, b, y_links) for a, b in zip(shown, shown[1:], strict=False))
    solution = _solution(board) if name[0].isupper() or name.startswith("start") else None
    if shown[0] != shown[-1]:  # a forcing chain: its start's negation
        assert step.technique in (Technique.X_CHAIN, Technique.AIC)
        assert step.difficulty == round(step.technique.se + length_extra(len(shown)), 1)
    else:  # a cycle, from an ON node, closed through a strong link
        loop = shown[:-1]
        assert shown[0][2] and len(loop) >= 4 and len(set(loop)) == len(loop)
        pairs = list(zip(shown, shown[1:], strict=False))
        by_cell = any(a[0] == b[0] for a, b in pairs)
        by_unit = any(a[1] == b[1] and not a[2] for a, b in pairs)  # a strong unit link
        assert step.technique is (Technique.AIC if by_cell and by_unit else Technique.CYCLE)
        assert set(step.eliminated) == removals(board, loop) != set()
        assert step.placed == ()
        assert step.difficulty == round(step.technique.se + length_extra(len(loop)), 1)
        assert step.cells == tuple(dict.fromkeys(c for c, _, _ in loop))
        assert step.digits == tuple(sorted({d for _, d, _ in loop}))
    if solution is not None:
        assert all(solution[c] != d for c, d in step.eliminated)
        assert all(solution[c] == d for c, d in step.placed)


def test_cycles_worked_by_hand():
    b = dict(STATES)
    assert chains.chains_and_cycles(b["x_cycle_pair"]) == chains.chains_and_cycles(b["x_cycle"])
    (x,) = chains.chains_and_cycles(b["x_cycle"])
    # r1c1=6 -> r5c1!=6 -> r5c5=6 -> r1c5!=6 -> r1c1=6: four nodes, 6.5; one of the two
    # diagonals holds the 6s of columns 1 and 5
    assert (x.technique, x.difficulty) == (Technique.CYCLE, 6.5)
    assert set(x.eliminated) == {(r * 9 + c, 6) for r in (1, 2, 3, 5, 6, 7, 8) for c in (0, 4)}
    (y,) = chains.chains_and_cycles(b["y_cycle"])
    # eight nodes (6.5 + 0.1); each side of the rectangle is a weak link on one digit, so
    # that digit leaves the rest of the side's row or column
    assert (y.technique, y.difficulty) == (Technique.CYCLE, 6.6)
    expected = (
        {(c, 2) for c in range(9) if c not in (0, 4)}  # row 1, digit 2
        | {(36 + c, 4) for c in range(9) if c not in (0, 4)}  # row 5, digit 4
        | {(9 * r, 1) for r in range(9) if r not in (0, 4)}  # column 1, digit 1
        | {(9 * r + 4, 3) for r in range(9) if r not in (0, 4)}  # column 5, digit 3
    )
    assert set(y.eliminated) == expected
