"""The compiled chain searches (bookgen/kernels/chains_fast.py) against the Python ones of
bookgen/grade/chains.py, on every geometry: the dynamic forcing-chains search (the same
conclusions in the same order, with the same complexities, starts, units and ancestors),
what the nested searches of levels 3 and 4 add to an outer chain, the forcing chains a
nested search follows, the cells a static multiple search may conclude from, and the
level-1 rules applied inside an assumption. The grader uses the
compiled ones whenever the numba backend serves, so a difference here is a difference in
grades.

The board states are a puzzle's start, then the same with random candidates removed (as
an assumption inside a nested search leaves it, contradictions included).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TypeVar

import numpy as np
import pytest
from exact_cover import solutions_exact
from test_grade_kept_tables import GEOS

from bookgen.core.grid import Geometry, geometry
from bookgen.core.kinds import Variant
from bookgen.grade.board import Board, set_bits
from bookgen.grade.scale import Technique
from bookgen.grade.techniques import chains

pytest.importorskip("numba")

DYNAMIC = Technique.DYNAMIC_FORCING_CHAINS
T = TypeVar("T")


def _puzzle(geo: Geometry, rng: random.Random, keep: float) -> Board:
    """A board from a solution of the empty grid with about `keep` of its cells given."""
    (full,) = solutions_exact((0,) * geo.ncells, geo, 1)
    # relabel the digits so each seed gives another grid
    perm = list(range(1, geo.n + 1))
    rng.shuffle(perm)
    values = tuple(perm[v - 1] if rng.random() < keep else 0 for v in full)
    return Board(values, geo)


def _states(geo: Geometry, seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        board = _puzzle(geo, rng, keep=rng.uniform(0.2, 0.45))
        cands = list(board.cands)
        out.append(cands[:])
        for _ in range(rng.randrange(geo.ncells)):
            c = rng.randrange(geo.ncells)
            if cands[c].bit_count() > 1:
                cands[c] &= ~(1 << rng.choice(list(set_bits(cands[c]))))
        out.append(cands)
    return out


def _both(monkeypatch: pytest.MonkeyPatch, search: Callable[..., T], *args: object
          ) -> tuple[T, T]:
    """What search(*args) gives with the Python searches, then with the compiled ones."""
    out = []
    for backend, compiled in (("python", False), ("numba", True)):
        with monkeypatch.context() as m:
            m.setenv("BOOKGEN_BACKEND", backend)
            assert chains._kernel() is compiled
            out.append(search(*args))
    return out[0], out[1]


def _dynamic(view: chains._View) -> list[chains.Deduction]:
    return list(chains._search(view, DYNAMIC, True, 0, False))


def _level_one(board: Board, cands: list[int]) -> list[list[tuple[list[int], list[int]]]]:
    """Each level-1 rule's deductions that needed a removal (the compiled rules leave
    the others out)."""
    ch = chains._Chaining(board, y_links=True, dynamic=True, level=1)
    return [[(list(t), list(p)) for t, p in found if p] for found in ch._level_one(cands)]


@pytest.mark.parametrize("name", GEOS)
def test_compiled_search_meets_what_the_python_search_meets(name, monkeypatch):
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo  # the grading geometry
    met = 0
    for cands in _states(geo, seed=len(name), count=3 if geo.n < 16 else 1):
        expected, got = _both(monkeypatch, _dynamic, chains._View(geo, cands))
        assert got == expected
        met += len(got)
    assert met > 0  # the states are not all barren


def _nishio(view: chains._View) -> list[chains.Deduction]:
    return list(chains._search(view, Technique.NISHIO, True, 0, True))


@pytest.mark.parametrize("name", GEOS)
def test_compiled_nishio_search_meets_what_the_python_search_meets(name, monkeypatch):
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    met = 0
    for cands in _states(geo, seed=40 + len(name), count=3 if geo.n < 16 else 1):
        expected, got = _both(monkeypatch, _nishio, chains._View(geo, cands))
        assert got == expected
        met += len(got)
    assert met > 0


def _static(view: chains._View) -> list[chains.Deduction]:
    return list(chains._search(view, Technique.CELL_FORCING_CHAINS, False, 0, False))


@pytest.mark.parametrize("name", GEOS)
def test_compiled_static_search_meets_what_the_python_search_meets(name, monkeypatch):
    """The top-level cell and unit forcing chains (8.0): the same conclusions, kinds
    (unit chains named apart) and order from the compiled static search."""
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    kinds = set()
    for cands in _states(geo, seed=len(name) + 1, count=3 if geo.n < 16 else 1):
        expected, got = _both(monkeypatch, _static, chains._View(geo, cands))
        assert got == expected
        kinds |= {found[0] for found in got}
    assert kinds == {Technique.CELL_FORCING_CHAINS, Technique.UNIT_FORCING_CHAINS}


@pytest.mark.parametrize("name", GEOS)
def test_compiled_cycle_search_meets_what_the_python_one_meets(name, monkeypatch):
    """SE's first chaining rule's cycles (X, Y, both kinds): the same first cycle met,
    under the ladder's bound and a tight one."""
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    met = 0
    for cands in _states(geo, seed=20 + len(name), count=4 if geo.n < 16 else 2):
        board = Board((0,) * geo.ncells, geo)
        board.cands[:] = cands
        for y_links, x_links in ((False, True), (True, False), (True, True)):
            for bound in (chains.MAX_LAYERS + 2, 8):
                python, compiled = _both(monkeypatch, chains._cycles, board, y_links, x_links,
                                         bound)
                assert compiled == python
                met += python is not None
    assert met > 0


@pytest.mark.parametrize("name", GEOS)
def test_compiled_forcing_chain_search_meets_what_the_python_one_meets(name, monkeypatch):
    """SE's first chaining rule's forcing X-chains and AICs: the same shortest chain."""
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    met = 0
    for cands in _states(geo, seed=30 + len(name), count=4 if geo.n < 16 else 2):
        board = Board((0,) * geo.ncells, geo)
        board.cands[:] = cands
        for tech, y_links in ((Technique.X_CHAIN, False), (Technique.AIC, True)):
            python, compiled = _both(monkeypatch, chains._forcing, board, tech, y_links)
            assert compiled == python
            met += bool(python)
    assert met > 0


def _nested(geo: Geometry, level: int, src: list[int], states: list[list[int]], seed: int
            ) -> list[object]:
    """What one chaining's nested search at `level` adds on each assumed board of states
    (reached from src by removals, each removal OFF with random ancestors), in turn, as
    the searches inside one outer search do: (added, the OFF map, the queue), then the
    nested chains' weights in the order they were numbered."""
    rng = random.Random(seed)
    board = Board((0,) * geo.ncells, geo)
    board.cands[:] = src
    ch = chains._Chaining(board, y_links=True, dynamic=True, level=level)
    out: list[object] = []
    for cands in states:
        to_off = {i: rng.getrandbits(2 * geo.ncells * geo.n) for i in set_bits(
            chains._alive(geo.n, src) & ~chains._alive(geo.n, cands))}
        pend: deque[int] = deque()
        added = ch._nested(cands, to_off, pend)
        out.append((added, to_off, list(pend)))
    return out + [ch.weights]


@pytest.mark.parametrize("level", [3, 4])
@pytest.mark.parametrize("name", GEOS)
def test_compiled_nested_searches_add_what_the_python_ones_add(name, level, monkeypatch):
    """The same OFF nodes with the same ancestors (nested chains numbered alike, each
    weighing what it weighed when first met) in the same order: dynamic forcing chains
    at level 4, static cell and unit forcing chains at level 3 (the forcing chains it
    tries first left out here, so that the search runs on every board)."""
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    if level == 3:
        monkeypatch.setattr(chains, "_board_found", lambda *_: [])
        monkeypatch.setattr(chains, "_KEPT_CHAINS", {})
        monkeypatch.setattr(chains, "_KEPT_FOUND", {})
    states = _states(geo, seed=17, count=2 if geo.n < 16 else 1)
    src = states[0]
    # boards an assumption leaves: the start's other states reduced from it
    assumed = [[a & b for a, b in zip(src, cands, strict=True)] for cands in states[1:]]
    assumed += [[m & ~(1 << (k % geo.n)) if m.bit_count() > 1 and k % 3 == 0 else m
                 for k, m in enumerate(cands)] for cands in assumed]
    expected, got = _both(monkeypatch, _nested, geo, level, src, assumed, 5)
    assert got == expected
    *each, weights = got
    assert any(added for added, _, _ in each) and weights
    # again, the compiled searches' conclusions now kept by assumed board
    assert all((geo.key, level == 4, np.array(c, dtype=np.int64).tobytes()) in chains._FOUND
               for c in assumed)
    assert _both(monkeypatch, _nested, geo, level, src, assumed, 5)[1] == expected


@pytest.mark.parametrize("name", GEOS)
def test_compiled_forcing_chains_and_openings_are_the_python_ones(name, monkeypatch):
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    chained = opened = 0
    states = _states(geo, seed=11, count=3 if geo.n < 16 else 1)
    for src, cands in zip(states[::2], states[1::2], strict=True):
        expected, got = _both(monkeypatch, lambda g, c: list(chains._every_chain(g, c)),
                              geo, cands)
        assert got == expected
        expected, got = _both(monkeypatch, chains._board_chains, geo, src, cands)
        assert got == expected
        expected, got = _both(monkeypatch, chains._may_conclude, geo, cands)
        assert got == expected
        chained += len(chains._board_chains(geo, src, cands))
        opened += len(chains._may_conclude(geo, cands))
    assert chained > 0 and opened > 0


@pytest.mark.parametrize("name", GEOS)
def test_compiled_level_one_rules_are_the_python_ones(name, monkeypatch):
    """X and hyper grids keep the Python rules (Sukaku's generalized forms)."""
    geo = Board((0,) * GEOS[name].ncells, GEOS[name]).geo
    met = 0
    states = _states(geo, seed=13, count=4 if geo.n < 16 else 1)
    for src, cands in zip(states[::2], states[1::2], strict=True):
        board = Board((0,) * geo.ncells, geo)
        board.cands[:] = src
        expected, got = _both(monkeypatch, _level_one, board, cands)
        assert got == expected
        met += sum(map(len, got))
    assert met > 0


def test_the_grader_uses_the_compiled_search_only_with_the_numba_backend(monkeypatch):
    monkeypatch.setenv("BOOKGEN_BACKEND", "numba")
    assert chains._kernel()
    monkeypatch.setenv("BOOKGEN_BACKEND", "python")
    assert not chains._kernel()


@pytest.mark.parametrize("geo", [*GEOS.values(), geometry(9, Variant.parse("anti-knight")),
                                 geometry(9, Variant.parse("samurai"))], ids=[*GEOS, "anti-knight 9",
                                                                     "samurai"])
def test_the_cell_masks_of_a_run_are_the_tables_as_bits(geo):
    """_run reads peers, units and places as masks: walking a cell's peer groups in turn,
    each from its lowest bit, meets its peers in SE's order (box, row, column, then the
    pair rules' cells), and each unit's mask and each digit's places are the tables'."""
    import numpy as np

    from bookgen.engine.kernels import chains_fast

    geo = Board((0,) * geo.ncells, geo).geo  # the grading geometry
    units_of, unit_cells, peers, _near, _words = chains._kernel_tables(geo)
    rng = random.Random(geo.ncells)
    cands = np.array([rng.randrange(1 << geo.n) for _ in range(geo.ncells)], dtype=np.int64)
    given, unit_mask, groups = chains_fast._cell_masks(geo.n, cands, unit_cells, peers)

    def cells(row: np.ndarray) -> list[int]:
        return [64 * w + b for w, x in enumerate(row.tolist()) for b in range(64) if x >> b & 1]

    assert groups.shape[1] > 1  # the order needs more than one rising run
    for c in range(geo.ncells):
        walked = [q for g in range(groups.shape[1]) for q in cells(groups[c, g])]
        assert walked == [q for q in peers[c].tolist() if q >= 0] == \
            list(chains._order(geo)[1][c])
    for u, row in enumerate(unit_mask):
        assert cells(row) == sorted(q for q in unit_cells[u].tolist() if q >= 0)
    for d in range(geo.n):
        assert cells(given[d]) == [c for c in range(geo.ncells) if cands[c] >> d & 1]
