"""Chains as Sudoku Explainer rates them: forcing X-chains and AICs, Nishio, multiple,
dynamic, dynamic-plus and nested forcing chains.

Glossary:
  cand index  i = cell * n + digit - 1; a bitset is an int with bit i per candidate
  node        a candidate assumed true (ON) or false (OFF); its key is 2 * i + on
  weak link   ON(i) implies OFF(j): same cell (a 'Y' link), or same digit in a peer cell
  strong link OFF(i) implies ON(j): the cell is bivalue ('Y'), or the digit has two places
              in a unit ('X'); static links are read on the board as it is
  dynamic     propagation that removes every OFF candidate from a copy of the board, so
              later links read the changed board; a node reached that way also rests on
              the removals that made its link (its hidden parents)
  ancestors   the nodes a node rests on, itself included; a deduction's complexity is the
              sum of the ancestor counts of the nodes it rests on (SE's chain length)
  plus        when nothing is left to propagate, locked candidates, hidden and naked pairs
              and X-wings on the assumed board add OFF nodes (SE's level 1), met in
              SE's order (_lock_order, _pair_order, _colex)
  nested      when those find nothing either, a chain search on the assumed board adds
              OFF nodes for what it removes (SE's levels 2-5: cycles and forcing chains,
              then cell and unit forcing chains; dynamic forcing chains, then nested
              forcing chains); such a node rests on the removals the nested chain's
              links needed, and the nested chain's own complexity counts once in every
              deduction resting on it (two nested chains count apart when their nodes
              differ)
  SE's order  links of the cell first, then box, row, column; ties of rating and
              complexity go to X, then Y, then mixed chains (nested), and to double, cell,
              unit, then contradiction chains (_tie_rank); of the hints removing the same
              candidates SE keeps the first (_first_of_each)
A deduction is rated base + length_extra(complexity); SE takes, for each technique, the
lowest-rated deduction, so each finder returns that one. Bases: forcing X-chain 6.6, AIC
(both kinds of links) 7.0, Nishio 7.5, multiple (cell and unit) forcing chains 8.0,
dynamic 8.5, dynamic plus 9.0, nested 9.5, 10.0, 10.5 and 11.0.

The searches nested chains make many times (the dynamic search, the forcing chains, the
static cell and unit forcing chains and level-1 rules on an assumed board, and how their
conclusions join the outer chain) run compiled (engine/kernels/chains_fast.py) when the numba
backend serves, with the same results. What they find depends on the assumed board alone
(or on it and the board), and is kept: the same assumed boards come back in other runs,
at the next nested level and at the next steps (_FOUND, _KEPT_FOUND, _KEPT_CHAINS,
_KEPT_RULES). A nested level's run starts where the level-1 run of the same board
stalled (_plain).

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from ...core.grid import Geometry, GeometryKey, symbol
from ...core.kinds import Variant
from ...core.model import Family
from ...engine.kernels import grader_kernels
from ...engine.trace import solve
from .. import phrases
from ..board import Board, Node, Step, digits_of, set_bits
from ..scale import Technique, length_extra
from ..tables import base_geometry, tables
from ..technique import Drawing, Finder, Rule

_D = TypeVar("_D")
"""A deduction of any shape (_first_of_each)."""

MAX_LAYERS = 40
"""Longest static chain followed, in implications (bounds the time per step)."""


# ---------------------------------------------------------------- static chains


class _Graph:
    """Static implication links of one board state, as bitsets per cand index."""

    __slots__ = ("n", "alive", "weak", "strong", "has_strong")

    def __init__(self, geo: Geometry, cands: list[int], y_links: bool, x_links: bool = True
                 ) -> None:
        """Weak links to peers on the same digit, and to the digits one apart in
        non-consecutive neighbours, always; strong links of units with x_links; with
        y_links, the links inside cells too (both kinds)."""
        n = geo.n
        t = tables(geo)
        near = geo.neighbours
        alive = _alive(n, cands)
        size = geo.ncells * n
        weak = [0] * size
        strong = [0] * size
        for c, m in enumerate(cands):
            if not m:
                continue
            base = c * n
            others = t.cell_bits[c] & alive
            pair = m.bit_count() == 2
            for d in digits_of(m):
                i = base + d - 1
                b = 1 << (d - 1)
                w = t.peer_bits[i] & alive
                for p in near[c]:
                    w |= (b << 1 | b >> 1) << p * n & t.cell_bits[p] & alive
                if y_links:
                    w |= others & ~(1 << i)
                    if pair:
                        strong[i] |= others & ~(1 << i)
                weak[i] = w
        for bits in t.unit_bits if x_links else ():
            spots = alive & bits
            if spots.bit_count() == 2:
                low = spots & -spots
                high = spots ^ low
                strong[low.bit_length() - 1] |= high
                strong[high.bit_length() - 1] |= low
        has_strong = 0
        for i in set_bits(alive):
            if strong[i]:
                has_strong |= 1 << i
        self.n, self.alive, self.weak, self.strong = n, alive, weak, strong
        self.has_strong = has_strong

    def starts(self, on: bool) -> int:
        """The cand indices whose ON (or OFF) node can begin a chain back to its negation:
        an OFF node needs a strong link, an ON node a weak link to a node with one."""
        if not on:
            return self.alive & self.has_strong
        weak, has_strong = self.weak, self.has_strong
        out = 0
        for i in set_bits(self.alive):
            if weak[i] & has_strong:
                out |= 1 << i
        return out

    def reach(self, start: int) -> tuple[int, int]:
        """The cand indices reached ON and OFF from ON(start), however far."""
        weak, strong, has_strong = self.weak, self.strong, self.has_strong
        on_seen = frontier = 1 << start
        off_seen = 0
        while frontier:
            nxt = _spread(weak, frontier) & ~off_seen
            off_seen |= nxt
            frontier = _spread(strong, nxt & has_strong) & ~on_seen
            on_seen |= frontier
        return on_seen, off_seen

    def distance(self, start: int, on: bool, limit: int) -> tuple[list[int], int]:
        """Breadth-first layers from ON/OFF(start) until the start's negation is reached:
        (layers, number of implications), or (layers, 0) if it is not within `limit`.
        Every node is reached once, by its shortest chain, as in SE's search."""
        weak, strong, has_strong = self.weak, self.strong, self.has_strong
        seen = [0, 0]  # [off, on]
        frontier = 1 << start
        kind = int(on)
        seen[kind] = frontier
        out = [frontier]
        goal = 1 << start
        for t in range(1, limit + 1):
            if kind:
                nxt = _spread(weak, frontier)
            else:
                nxt = _spread(strong, frontier & has_strong)
            kind ^= 1
            if kind != on and nxt & goal:
                out.append(goal)
                return out, t
            nxt &= ~seen[kind]
            if not nxt:
                break
            seen[kind] |= nxt
            out.append(nxt)
            frontier = nxt
        return out, 0

    def path(self, layers: list[int], on: bool) -> tuple[int, ...]:
        """The cand indices of one chain through the layers, from the start to the last."""
        cur = _low(layers[-1])
        chain = [cur]
        for t in range(len(layers) - 2, -1, -1):
            prev_on = (t % 2 == 0) == on
            links = self.weak if prev_on else self.strong
            cur = next(i for i in set_bits(layers[t]) if links[i] >> cur & 1)
            chain.append(cur)
        return tuple(reversed(chain))


def _spread(links: list[int], bits: int) -> int:
    """The union of links[i] over the set bits i of `bits`."""
    out = 0
    while bits:
        low = bits & -bits
        out |= links[low.bit_length() - 1]
        bits ^= low
    return out


def _low(x: int) -> int:
    return (x & -x).bit_length() - 1


def _forcing(board: Board, tech: Technique, y_links: bool) -> list[Step]:
    """The shortest chain from ON(s) to OFF(s) (s removed) or from OFF(s) to ON(s) (s
    placed), over static links; complexity is its number of nodes. Which chain is
    compiled when the numba backend serves (chains_fast.shortest_forcing)."""
    n = board.n
    best: tuple[int, int, bool, list[int]] | None = None
    if _kernel():
        import numpy as np

        units_of, unit_cells, peers, near, _words = _kernel_tables(board.geo)
        size, s, on = _fast("shortest_forcing")(n, np.array(board.cands, dtype=np.int64),
                                                peers, near, unit_cells, y_links, MAX_LAYERS)
        if not size:
            return []
        g = _Graph(board.geo, board.cands, y_links)
        best = (size, s, on == 1, g.distance(s, on == 1, size - 1)[0])
    else:
        g = _Graph(board.geo, board.cands, y_links)
        for on in (True, False):
            for s in set_bits(g.starts(on)):
                limit = MAX_LAYERS if best is None else best[0] - 2
                if limit < 2:
                    break
                layers, t = g.distance(s, on, limit)
                if t and (best is None or t + 1 < best[0]):
                    best = (t + 1, s, on, layers)
        if best is None:
            return []
    size, s, on, layers = best
    chain = g.path(layers, on)
    nodes = []
    state = on
    for i in chain:
        nodes.append((i // n, i % n + 1, state))
        state = not state
    target = ((s // n, s % n + 1),)
    return [
        Step(
            tech,
            round(tech.se + length_extra(size), 1),
            tuple(dict.fromkeys(c for c, _, _ in nodes)),
            tuple(sorted({d for _, d, _ in nodes})),
            placed=() if on else target,
            eliminated=target if on else (),
            chains=(tuple(nodes),),
        )
    ]


Found = tuple[int, bool, tuple[int, ...], tuple[int, ...], bool]
"""A chain or cycle of _board_found: its number of nodes, whether it is a chain (else a
cycle), its cand indices from its start, the cand indices it removes, and whether a
chain starts ON."""


NestedChains = Sequence[tuple[Hashable, int, Sequence[int], int]]
"""Chains met on an assumed board, to add to an outer chain (_Chaining._add): each one's
key, complexity, removals, and the removals it needed (a bitset)."""


def _board_found(geo: Geometry, cands: list[int]) -> tuple[Found, ...]:
    """Every forcing chain and bidirectional cycle on the board state `cands`, cheapest
    first as SE rates them (its first chaining rule: by rating, then number of nodes, then
    X before Y before both kinds of links, then by start). Of those removing the same
    candidates only the first counts, as SE drops equal hints. Tuples, not lists: kept by
the thousand (_KEPT_FOUND), lists would weigh on every collection of the garbage
collector."""
    n = geo.n
    found: list[tuple[float, int, int, int, int, tuple[int, ...], list[int], bool]] = []
    for tech, on, chain in _every_chain(geo, cands):
        s = chain[0]
        c, d = divmod(s, n)
        targets = [s] if on else [c * n + e - 1 for e in digits_of(cands[c] & ~(1 << d))]
        if targets:
            size = len(chain)
            order = 4 if tech is Technique.AIC else 2
            found.append((tech.se + length_extra(size), size, order, s, 2 - on, chain, targets,
                          on))
    for tech, order, cycle, targets in _every_cycle(geo, cands):
        size = len(cycle)
        found.append((tech.se + length_extra(size), size, order, cycle[0], 0, cycle, targets,
                      True))
    # SE meets each start's cycles, then its chain from ON, then from OFF
    found.sort(key=lambda f: f[:5])
    first = _first_of_each(found, lambda f: f[6])
    return tuple((size, bool(sub), chain, tuple(targets), on)
                 for _, size, _, _, sub, chain, targets, on in first)


def _board_chains(
    geo: Geometry, src: list[int], cands: list[int]
) -> NestedChains:
    """Every forcing chain and bidirectional cycle on the board state `cands`, reached
    from `src` by removals, cheapest first as SE rates them (_board_found), with the
    removals each needed (_with_parents)."""
    return _with_parents(geo, src, cands, _board_found(geo, cands))


def _with_parents(
    geo: Geometry, src: list[int], cands: list[int], found: tuple[Found, ...]
) -> NestedChains:
    """The chains and cycles `found` on the board state `cands` (_board_found), reached
    from `src` by removals: (its key, its number of nodes, the cand indices it removes,
    the removed cand indices its links needed, as a bitset); one is left out if it needed
    no removal (it holds without the assumption that made `cands`), as SE drops equal
    hints before asking for parents."""
    units = _order(geo)[0]
    out: list[tuple[Hashable, int, Sequence[int], int]] = []
    for size, is_chain, chain, targets, on in found:
        if is_chain:
            parents = 0
            for p in _link_parents(geo, units, src, cands, chain, on):
                parents |= 1 << p
            keys = tuple(2 * i + (k % 2 == 0) if on else 2 * i + (k % 2)
                         for k, i in enumerate(chain))
        else:
            parents = _cycle_parents(geo, units, src, cands, chain)
            keys = tuple(2 * i + (k % 2 == 0) for k, i in enumerate(chain))
        if parents:
            out.append((keys, size, targets, parents))
    return tuple(out)


def _first_of_each(found: list[_D], removals: Callable[[_D], list[int]]) -> list[_D]:
    """The first of the deductions removing each set of candidates (SE keeps one hint
    per set of removals)."""
    seen: set[frozenset[int]] = set()
    out = []
    for f in found:
        key = frozenset(removals(f))
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


_KEPT_CHAINS: dict[tuple[GeometryKey, bool, tuple[int, ...], tuple[int, ...]],
                  NestedChains] = {}
"""_board_chains by geometry, backend (compiled or not), board and assumed board: a
level-3 search meets again the assumed boards its level-2 search met on the same board
(about a third of the calls on the hardest puzzles). Emptied when it holds
MAX_KEPT."""

_KEPT_FOUND: dict[tuple[GeometryKey, bool, tuple[int, ...]], tuple[Found, ...]] = {}
"""_board_found by geometry, backend and assumed board: later steps' searches meet
assumed boards again on a board that lost a few candidates. Emptied when it holds
MAX_KEPT."""

MAX_KEPT = 20_000
"""Entries a cache of this module holds before it is emptied (_kept)."""

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


def _kept(cache: dict[_K, _V], key: _K, make: Callable[[], _V]) -> _V:
    """cache[key], made by make() when missing; the cache is emptied first when it holds
    MAX_KEPT entries (a puzzle's later steps meet its recent boards, seldom old ones)."""
    got = cache.get(key)
    if got is None:
        if len(cache) >= MAX_KEPT:
            cache.clear()
        got = cache[key] = make()
    return got


def _board_chains_kept(
    geo: Geometry, src: list[int], cands: list[int], compiled: bool
) -> NestedChains:
    """_board_chains, kept (_KEPT_CHAINS, and its chains and cycles in _KEPT_FOUND);
    compiled tells which backend serves."""
    board = tuple(cands)
    return _kept(_KEPT_CHAINS, (geo.key, compiled, tuple(src), board),
                 lambda: _with_parents(geo, src, cands, _kept(
                     _KEPT_FOUND, (geo.key, compiled, board),
                     lambda: _board_found(geo, cands))))


_FOUND: dict[tuple[GeometryKey, bool, bytes],
             tuple[Any, Any, tuple[int, ...], tuple[int, ...]]] = {}
"""The compiled nested search's conclusions by geometry, kind (dynamic or static) and
assumed board (chains_fast.nested_found, with their keys and sizes as tuples): other runs
of the same search, and the searches of a puzzle's later steps, meet the same assumed
boards again (a quarter of the calls on the hardest puzzles). Emptied when it holds
MAX_KEPT."""

RulesMet = tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]
"""The level-1 rules' deductions on an assumed board, rule by rule: (removals, the
removals each needed). Tuples: kept by the thousand (_KEPT_RULES)."""

_KEPT_RULES: dict[tuple[tuple[GeometryKey, tuple[int, ...]], tuple[int, ...]],
                  RulesMet] = {}
"""The compiled level-1 rules' deductions (_Chaining._rules_compiled) by geometry, board
and assumed board: runs stall on the same assumed boards again and again, in one search
and in the searches of the next levels on the same board (two calls in three on the
hardest puzzles). Emptied when it holds MAX_KEPT."""


_CYCLE_KINDS = ((False, True, Technique.CYCLE, 2), (True, False, Technique.CYCLE, 3),
                (True, True, Technique.AIC, 4))
"""SE's bidirectional cycles: (links inside cells, links in units, technique, the rank
SE breaks ties of rating and length with: X-cycles, Y-cycles, cycles with both)."""


def _every_cycle(geo: Geometry, cands: list[int]
                 ) -> Iterator[tuple[Technique, int, tuple[int, ...], list[int]]]:
    """Every bidirectional cycle SE's first chaining rule meets on the board state `cands`
    that removes something: from each ON start (a Y-cycle only from a cell with two
    candidates), breadth first, each ON node reached once by its first chain, and a cycle
    closed wherever an ON node's weak link leads to an OFF node (not already on its chain)
    whose strong link leads back to the start. (technique, tie rank, the cycle's cand
    indices from its ON start, alternating ON and OFF, the cand indices it removes).
    Compiled when the numba backend serves."""
    n = geo.n
    if _kernel():
        import numpy as np

        units_of, unit_cells, peers, near, _words = _kernel_tables(geo)
        rows, elim = _fast("cycles")(n, np.array(cands, dtype=np.int64), units_of,
                                     unit_cells, peers, near, MAX_LAYERS)
        raw = elim.astype("<u8", copy=False).tobytes()
        width = 8 * elim.shape[1]
        for x, (kind, size, *cycle) in enumerate(rows.tolist()):
            _y, _x, tech, order = _CYCLE_KINDS[kind]
            removed = int.from_bytes(raw[x * width:(x + 1) * width], "little")
            yield tech, order, tuple(cycle[:size]), list(set_bits(removed))
        return
    view = _View(geo, cands)
    for y_links, x_links, tech, order in _CYCLE_KINDS:
        for s in set_bits(_alive(n, cands)):
            if not x_links and cands[s // n].bit_count() != 2:
                continue
            back = _se_links(geo, cands, s, False, y_links, x_links)
            if not back:
                continue
            parent: dict[int, tuple[int, int]] = {s: (-1, -1)}
            frontier = [(s, 0)]  # ON nodes with the OFF nodes of their chains as bits
            depth = 0
            while frontier and depth < MAX_LAYERS:
                nxt = []
                for p, ancestors in frontier:
                    for z in _se_links(geo, cands, p, True, y_links, x_links):
                        if ancestors >> z & 1:
                            continue
                        if depth and z in back:
                            nodes = [z]
                            q = p
                            while q != s:
                                nodes.append(q)
                                off, q = parent[q]
                                nodes.append(off)
                            nodes.append(s)
                            nodes.reverse()
                            elim = _cycle_removals(view, [(i, k % 2 == 0)
                                                          for k, i in enumerate(nodes)])
                            if elim:
                                yield tech, order, tuple(nodes), [c * n + d - 1
                                                                  for c, d in elim]
                        for y in _se_links(geo, cands, z, False, y_links, x_links):
                            if y not in parent:
                                parent[y] = (z, p)
                                nxt.append((y, ancestors | 1 << z))
                frontier = nxt
                depth += 1


def _cycle_parents(
    geo: Geometry, units: tuple[tuple[int, ...], ...], src: list[int], cands: list[int],
    cycle: tuple[int, ...],
) -> int:
    """The removed cand indices a cycle needed, as SE collects them from its two
    directions: for each node, the link it is reached by going forward (ON nodes by
    strong links, OFF nodes by weak ones, the start by the closing link): a cell's removed
    digits for a link inside the cell, else the digit's removed places in the first unit
    (box, row, column) holding both ends, with two places left for a strong link."""
    n = geo.n
    out = 0
    for k, j in enumerate(cycle):
        i = cycle[k - 1]
        ci, cj = i // n, j // n
        if ci == cj:
            for e in digits_of(src[cj] & ~cands[cj]):
                out |= 1 << (cj * n + e - 1)
            continue
        d = j % n
        b = 1 << d
        strong = k % 2 == 0
        for u in units[cj]:
            cells = geo.units[u]
            if ci in cells and (not strong or sum(1 for q in cells if cands[q] & b) == 2):
                for q in cells:
                    if src[q] & b and not cands[q] & b:
                        out |= 1 << (q * n + d)
                break
    return out


def _every_chain(geo: Geometry, cands: list[int]
                 ) -> Iterator[tuple[Technique, bool, tuple[int, ...]]]:
    """The first forcing chain from each start back to its negation on the board state
    `cands`, as SE's first chaining rule finds it: X-chains, then chains with both kinds
    of links; each start ascending, its ON node, then its OFF node; breadth first, each
    node reached once, by the first node of the queue linking to it (links in SE's
    order: the cell, then box, row, column): (technique, ON start, the chain's cand
    indices). Compiled when the numba backend serves."""
    if _kernel():
        import numpy as np

        units_of, unit_cells, peers, near, _words = _kernel_tables(geo)
        rows = _fast("forcing_chains")(geo.n, np.array(cands, dtype=np.int64), units_of,
                                       unit_cells, peers, near, MAX_LAYERS)
        for y_links, on, size, *chain in rows.tolist():
            yield (Technique.AIC if y_links else Technique.X_CHAIN, on == 1,
                   tuple(chain[:size]))
        return
    alive = _alive(geo.n, cands)
    for y_links, tech in ((False, Technique.X_CHAIN), (True, Technique.AIC)):
        for s in set_bits(alive):
            for on in (True, False):
                chain = _first_chain(geo, cands, s, on, y_links)
                if chain:
                    yield tech, on, chain


def _first_chain(geo: Geometry, cands: list[int], s: int, on: bool, y_links: bool
                 ) -> tuple[int, ...]:
    """SE's forcing chain from ON/OFF(s) back to its negation within MAX_LAYERS
    implications (see _every_chain), or () if there is none."""
    start = 2 * s + on
    parent = {start: -1}
    queue = [start]
    kind = on
    for _ in range(MAX_LAYERS):
        nxt = []
        for node in queue:
            for j in _se_links(geo, cands, node >> 1, kind, y_links):
                key = 2 * j + (not kind)
                if j == s and kind == on:
                    parent[key] = node
                    chain = [key]
                    while parent[chain[-1]] >= 0:
                        chain.append(parent[chain[-1]])
                    return tuple(k >> 1 for k in reversed(chain))
                if key not in parent:
                    parent[key] = node
                    nxt.append(key)
        if not nxt:
            break
        queue = nxt
        kind = not kind
    return ()


def _se_links(geo: Geometry, cands: list[int], i: int, on: bool, y_links: bool,
              x_links: bool = True) -> list[int]:
    """The cand indices one static link leads to from ON(i) (weak links) or OFF(i)
    (strong links: in units only with x_links), in SE's order: the cell's other digits,
    then the peers (or the units) box first; each once."""
    n = geo.n
    c, d = divmod(i, n)
    m = cands[c]
    units, peers = _order(geo)
    if on:
        out = [c * n + e - 1 for e in digits_of(m & ~(1 << d))] if y_links else []
        out += [q * n + d for q in peers[c] if cands[q] >> d & 1]
        out += [q * n + e for q in geo.neighbours[c] for e in (d + 1, d - 1)
                if 0 <= e < n and cands[q] >> e & 1]
        return out
    pair = y_links and m.bit_count() == 2
    out = [c * n + e - 1 for e in digits_of(m & ~(1 << d))] if pair else []
    for u in units[c] if x_links else ():
        others = [q for q in geo.units[u] if q != c and cands[q] >> d & 1]
        if len(others) == 1 and others[0] * n + d not in out:
            out.append(others[0] * n + d)
    return out


def _link_parents(
    geo: Geometry, units: tuple[tuple[int, ...], ...], src: list[int], cands: list[int],
    chain: tuple[int, ...], on: bool,
) -> list[int]:
    """The removed cand indices the strong links of a chain (alternating from ON/OFF of its
    first node) needed: a bivalue cell's removed digits, or a digit's removed places in the
    unit (box, row, column first) where it has two places left."""
    n = geo.n
    out: list[int] = []
    for k in range(1 if on else 0, len(chain) - 1, 2):
        i, j = chain[k], chain[k + 1]  # OFF(i) -> ON(j)
        ci, cj = i // n, j // n
        if ci == cj:
            out.extend(cj * n + e - 1 for e in digits_of(src[cj] & ~cands[cj]))
            continue
        d = i % n
        b = 1 << d
        for u in units[ci]:
            cells = geo.units[u]
            if cj in cells and sum(1 for q in cells if cands[q] & b) == 2:
                out.extend(q * n + d for q in cells if src[q] & b and not cands[q] & b)
                break
    return out


def x_chain(board: Board) -> list[Step]:
    """Forcing X-chains: links on one digit only (6.6 + length)."""
    return _forcing(board, Technique.X_CHAIN, y_links=False)


def aic(board: Board) -> list[Step]:
    """Forcing chains over both kinds of links (SE's forcing XY-chains: 7.0 + length)."""
    return _forcing(board, Technique.AIC, y_links=True)


def _cycle_removals(board: _Cands, nodes: list[tuple[int, bool]]) -> tuple[tuple[int, int], ...]:
    """A cycle's removals: candidates outside its cells that see an ON node and an OFF
    node of their digit (one of the two holds it, whichever way the cycle runs)."""
    n, cands = board.n, board.cands
    sets = tables(board.geo).peer_sets
    inside = {i // n for i, _ in nodes}
    seen: tuple[set[tuple[int, int]], set[tuple[int, int]]] = (set(), set())
    for i, on in nodes:
        c, d = divmod(i, n)
        b = 1 << d
        seen[on].update((p, d + 1) for p in sets[c] if p not in inside and cands[p] & b)
    return tuple(sorted(seen[0] & seen[1]))


def _cycles(board: Board, y_links: bool, x_links: bool, bound: int) -> tuple[int, Step] | None:
    """SE's bidirectional cycles: from ON(s), breadth first, back to ON(s) through a
    strong link, in four nodes or more; each ON node is reached once (by its shortest
    chain), an OFF node again from any ON node it is not an ancestor of. The shortest
    cycle that removes something, shorter than `bound` nodes: (nodes, step). Compiled
    when the numba backend serves."""
    tech = Technique.AIC if x_links and y_links else Technique.CYCLE
    if _kernel():
        import numpy as np

        units_of, unit_cells, peers, near, _words = _kernel_tables(board.geo)
        found = _fast("shortest_cycle")(board.n, np.array(board.cands, dtype=np.int64), peers,
                                        near, unit_cells, y_links, x_links, bound).tolist()
        return _cycle_of(board, tech, found) if found else None
    g = _Graph(board.geo, board.cands, y_links, x_links)
    n = g.n
    # every start grows one layer at a time, so the first cycles met are the shortest;
    # per start: ON node -> (OFF, ON before), the ON nodes reached as bits, and the
    # frontier: its ON nodes with the OFF nodes on their chains as bits
    searches: list[tuple[int, dict[int, tuple[int, int]], int, list[tuple[int, int]]]] = [
        (s, {s: (-1, -1)}, 1 << s, [(s, 0)])
        for s in set_bits(g.alive)
        if x_links or board.cands[s // n].bit_count() == 2  # cell-link cycles: bivalue start
    ]
    size = 1  # nodes on the chain to a frontier's ON nodes
    while searches and size + 1 < bound:
        grow = size + 3 < bound  # whether the layer after this one is searched
        grown = []
        for s, parent, reached, frontier in searches:
            nxt = []
            # OFF nodes worth stepping to: with a strong link, and on the last layer one
            # back to the start (strong links go both ways)
            useful = g.has_strong if grow else g.strong[s]
            for p, ancestors in frontier:
                for z in set_bits(g.weak[p] & useful & ~ancestors):
                    links = g.strong[z]
                    if size >= 3 and links >> s & 1:
                        got = _cycle_step(board, tech, s, parent, p, z)
                        if got:
                            return got
                    fresh = links & ~reached if grow else 0
                    if fresh:
                        reached |= fresh
                        above = ancestors | 1 << z
                        for y in set_bits(fresh):
                            parent[y] = (z, p)
                            nxt.append((y, above))
            if nxt:
                grown.append((s, parent, reached, nxt))
        searches = grown
        size += 2
    return None


def _cycle_step(
    board: Board, tech: Technique, s: int, parent: dict[int, tuple[int, int]], p: int, z: int
) -> tuple[int, Step] | None:
    """The cycle ON(s) ... ON(p) -> OFF(z) -> ON(s) as a step, if it removes anything."""
    cycle = [z]
    q = p
    while q != s:
        off, prev = parent[q]
        cycle += (q, off)
        q = prev
    cycle.append(s)
    return _cycle_of(board, tech, cycle)


def _cycle_of(board: Board, tech: Technique, cycle: list[int]) -> tuple[int, Step] | None:
    """A cycle's cand indices from the OFF node closing it back to the start, OFF and ON
    nodes in turn, as (its size, its step), if it removes anything."""
    n = board.n
    nodes = [(i, k % 2 == 1) for k, i in enumerate(cycle)]
    elim = _cycle_removals(board, nodes)
    if not elim:
        return None
    chain = tuple((i // n, i % n + 1, on) for i, on in reversed(nodes))
    value = round(tech.se + length_extra(len(nodes)), 1)
    shown = chain + chain[:1]  # back to the start: the loop closed
    cells = tuple(dict.fromkeys(c for c, _, _ in chain))
    digits = tuple(sorted({d for _, d, _ in chain}))
    return len(nodes), Step(tech, value, cells, digits, eliminated=elim, chains=(shown,))


def chains_and_cycles(board: Board) -> list[Step]:
    """SE's first chaining rule: X- and Y-cycles (6.5 + length), forcing X-chains (6.6 +
    length), cycles and forcing chains with both kinds of links (7.0 + length); the
    lowest-rated deduction, then the shortest."""
    found: list[Step] = []
    bound = MAX_LAYERS + 2
    for y_links, x_links in ((False, True), (True, False)):
        got = _cycles(board, y_links, x_links, bound)
        if got:
            bound = min(bound, got[0])
            found.append(got[1])
    found += x_chain(board)
    if min((st.difficulty for st in found), default=99.0) > Technique.AIC.se:
        found += aic(board)
        got = _cycles(board, True, True, MAX_LAYERS + 2)
        if got:
            found.append(got[1])
    return sorted(found, key=lambda st: st.difficulty)[:1]


# ---------------------------------------------------------------- dynamic chains


_ORDER: dict[GeometryKey, tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]] = {}


def _order(geo: Geometry) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per cell: its units box first, then row, column, others (SE's order of regions);
    and its peers in that order, each once, then the cells a pair rule keeps from its
    digit (anti-knight, anti-king: SE's links after the units')."""
    key = geo.key
    got = _ORDER.get(key)
    if got is None:
        rank = {"box": 0, "row": 1, "column": 2}
        kinds = tables(geo).kinds
        units = []
        peers = []
        for c in range(geo.ncells):
            us = tuple(sorted(geo.cell_units[c], key=lambda u: rank.get(kinds[u], 3)))
            units.append(us)
            mates = [p for u in us for p in geo.units[u] if p != c]
            peers.append(tuple(dict.fromkeys(mates)) + geo.ruled[c])
        got = _ORDER[key] = (tuple(units), tuple(peers))
    return got


class _Contradiction(Exception):
    def __init__(self, size: int, ancestors: int) -> None:
        self.size, self.ancestors = size, ancestors


class _Cands(Protocol):
    """What a chain search reads of a board: its geometry and candidates."""

    geo: Geometry
    n: int
    cands: list[int]


class _View:
    """A board state met inside an assumption, for a nested search."""

    __slots__ = ("geo", "n", "cands")

    def __init__(self, geo: Geometry, cands: list[int]) -> None:
        self.geo, self.n, self.cands = geo, geo.n, cands


Run = tuple[dict[int, int], dict[int, int], int, int]
"""A propagation's outcome: ON and OFF nodes reached (cand index -> ancestors), the
complexity of the first clash met (0 if none) and the clash's ancestors."""


_PLAIN: dict[tuple[GeometryKey, bool, tuple[int, ...]], _Chaining] = {}
"""The level-1 chainings (dynamic, links in cells) of the last boards met, by geometry,
backend (compiled or not) and candidates: a step's searches at levels 1 to 4 share
one."""

MAX_PLAIN = 2


def _plain(board: _Cands, compiled: bool) -> _Chaining:
    """The level-1 chaining of board (_PLAIN), on a copy of its candidates (a board
    changes as its steps apply; this one is kept past them)."""
    key = (board.geo.key, compiled, tuple(board.cands))
    got = _PLAIN.get(key)
    if got is None:
        if len(_PLAIN) >= MAX_PLAIN:
            _PLAIN.pop(next(iter(_PLAIN)))
        got = _PLAIN[key] = _Chaining(_View(board.geo, list(key[2])), y_links=True,
                                      dynamic=True, level=1)
    return got


class _Chaining:
    """Propagation of assumptions on one board state, SE's way (see the glossary)."""

    def __init__(self, board: _Cands, y_links: bool, dynamic: bool, level: int) -> None:
        self.board = board
        self.n = board.n
        self.geo = board.geo
        self.y_links, self.dynamic, self.level = y_links, dynamic, level
        self.units, self.peers = _order(board.geo)
        self.memo: dict[int, Run] = {}
        self.shift = 2 * board.geo.ncells * board.n
        """Ancestor bits at and above `shift` name nested chains, not nodes."""
        self.nested: dict[Hashable, int] = {}
        """A nested chain (its nodes, or its starts and conclusion) -> its number (its
        ancestor bit is shift + number)."""
        self.weights: list[int] = []
        """Per nested chain number: its complexity."""
        self.planes: list[int] = []
        """Bit b of the complexities as sets of nested chain numbers (bits): plane b holds
        the chains whose complexity has bit b, so a set's complexities add up from a few
        bit counts (size meets sets of thousands of chains)."""
        self.rule_args: tuple[Any, ...] | None = None
        """The compiled level-1 rules' arrays of this board (made on first use)."""
        self.src_array: Any = None
        """The board's candidates as an int64 array (made on first use)."""
        self.rules_key = (board.geo.key, tuple(board.cands))
        """This board in the keys of _KEPT_RULES."""
        self.kernels: Any = grader_kernels("chains_fast")
        """The compiled searches when they serve, else None (asked once: each nested search
        needs them)."""
        self.compiled = self.kernels is not None
        self.plain = _plain(board, self.compiled) if level >= 2 and dynamic and y_links else None
        """At nested levels, the level-1 chaining of the same board: a run here is that
        run until it stalls (nothing nested is asked before), so it starts from there."""

    def size(self, *ancestors: int) -> int:
        """SE's complexity of a deduction resting on nodes with these ancestor sets: their
        node counts added, plus once each nested chain any of them rests on."""
        if not self.weights:
            return sum(a.bit_count() for a in ancestors)
        low = (1 << self.shift) - 1
        used = 0
        total = 0
        for a in ancestors:
            total += (a & low).bit_count()
            used |= a
        nested = used >> self.shift
        for b, plane in enumerate(self.planes):
            total += (nested & plane).bit_count() << b
        return total

    def number(self, key: Hashable, weight: int) -> int:
        """The number of the nested chain `key` (its ancestor bit is shift + number),
        given when it is first met, with its complexity `weight`."""
        k = self.nested.get(key)
        if k is None:
            k = self.nested[key] = len(self.weights)
            self.weights.append(weight)
            planes = self.planes
            while len(planes) < weight.bit_length():
                planes.append(0)
            for b in range(weight.bit_length()):
                if weight >> b & 1:
                    planes[b] |= 1 << k
        return k

    def run(self, start: int, on: bool) -> Run:
        """Propagate ON/OFF(start). Returns (on, off, contradiction, its ancestors): on/off
        map each reached cand index to its ancestor bitset over node keys; contradiction
        is the complexity of the first clash met (0 if none): the two clashing nodes'
        ancestor counts added. The maps hold what was reached up to the clash."""
        key = 2 * start + on
        got = self.memo.get(key)
        if got is not None:
            return got
        n, y_links, dynamic = self.n, self.y_links, self.dynamic
        units, peers, geo_units = self.units, self.peers, self.geo.units
        near = self.geo.neighbours
        src = self.board.cands
        cands = src[:] if dynamic else src
        to_on: dict[int, int] = {}
        to_off: dict[int, int] = {}
        pend_on: deque[int] = deque()
        pend_off: deque[int] = deque()
        if self.plain is not None:
            stalled = self.plain.run(start, on)
            if stalled[2]:  # it clashed before any nested search
                got = self.memo[key] = stalled
                return got
            to_on.update(stalled[0])
            to_off.update(stalled[1])
            for j in to_off:
                cands[j // n] &= ~(1 << (j % n))
        elif on:
            to_on[start] = 1 << key
            pend_on.append(start)
        else:
            to_off[start] = 1 << key
            pend_off.append(start)
        clash = clash_anc = 0
        try:
            while True:
                if pend_on:
                    i = pend_on.popleft()
                    anc = to_on[i]
                    c, d = divmod(i, n)
                    b = 1 << d
                    outs: list[int] = []
                    if y_links:
                        base = c * n - 1
                        outs.extend(base + e for e in digits_of(cands[c] & ~b))
                    outs.extend(p * n + d for p in peers[c] if cands[p] & b)
                    for p in near[c]:
                        outs.extend(p * n + e for e in (d + 1, d - 1)
                                    if 0 <= e < n and cands[p] >> e & 1)
                    for j in outs:
                        if j in to_on:
                            raise _Contradiction(self.size(to_on[j], anc) + 1, to_on[j] | anc)
                        if j not in to_off:
                            to_off[j] = anc | 1 << (2 * j)
                            pend_off.append(j)
                    continue
                if pend_off:
                    i = pend_off.popleft()
                    anc = to_off[i]
                    c, d = divmod(i, n)
                    b = 1 << d
                    m = cands[c]
                    made: list[tuple[int, int]] = []
                    if y_links and m.bit_count() == 2:
                        j = c * n + (m & ~b).bit_length() - 1
                        hidden = anc
                        for e in digits_of(src[c] & ~m):
                            hidden |= to_off[c * n + e - 1]
                        made.append((j, hidden))
                    for u in units[c]:
                        other = -1
                        for q in geo_units[u]:
                            if q != c and cands[q] & b:
                                if other >= 0:
                                    other = -2
                                    break
                                other = q
                        if other >= 0:
                            hidden = anc
                            for q in geo_units[u]:
                                if src[q] & b and not cands[q] & b:
                                    hidden |= to_off[q * n + d]
                            made.append((other * n + d, hidden))
                    if dynamic:
                        cands[c] = m & ~b
                    for j, hidden in made:
                        if j in to_off:
                            raise _Contradiction(self.size(to_off[j], hidden) + 1,
                                             to_off[j] | hidden)
                        if j not in to_on:
                            to_on[j] = hidden | 1 << (2 * j + 1)
                            pend_on.append(j)
                    continue
                if not (self.level and self._advanced(cands, to_off, pend_off)):
                    break
        except _Contradiction as e:
            clash, clash_anc = e.size, e.ancestors
        got = self.memo[key] = (to_on, to_off, clash, clash_anc)
        return got

    def _advanced(self, cands: list[int], to_off: dict[int, int], pend: deque[int]) -> bool:
        """SE's level 1: the first of locked candidates, hidden pair, naked pair and X-wing
        that removes something on the assumed board adds those OFF nodes, each resting on
        the removals the pattern needed (in SE's order, _se_removal_order). True if
        any node was added."""
        for found in self._level_one(cands):
            added = False
            for targets, parents in found:
                anc = 0
                for p in parents:
                    anc |= to_off[p]
                if not parents:
                    continue
                for j in _se_removal_order(self.n, targets):
                    if j not in to_off:
                        to_off[j] = anc | 1 << (2 * j)
                        pend.append(j)
                        added = True
            if added:
                return True
        if self.level < 2:
            return False
        return self._nested(cands, to_off, pend)

    def _level_one(self, cands: list[int]) -> Iterator[AssumedRule]:
        """The deductions of locked candidates, hidden pairs, naked pairs and X-wings on
        the assumed board, rule after rule; compiled on classic and jigsaw boards when the
        numba backend serves (those needing no removal may be left out there)."""
        geo, src = self.geo, self.board.cands
        if tables(geo).generalized or not self.compiled:
            for rule in (_locked_rule, _hidden_pair_rule, _naked_pair_rule, _x_wing_rule):
                yield rule(geo, src, cands)
            return
        found = _kept(_KEPT_RULES, (self.rules_key, tuple(cands)),
                      lambda: self._rules_compiled(cands))
        for deductions in found:
            yield iter(deductions)

    def _rules_compiled(self, cands: list[int]) -> RulesMet:
        """The compiled level-1 rules' deductions on the assumed board, rule by rule."""
        import numpy as np

        src = self.board.cands
        if self.rule_args is None:
            locks, ends, rows, cols = _rule_tables(self.geo)
            open_cells = [sum(1 for c in cells if src[c]) for cells in self.geo.units]
            self.rule_args = (self._src_array(), locks, ends, _kernel_tables(self.geo)[1],
                              np.array(open_cells, dtype=np.int64), rows, cols,
                              np.array(_pair_order(self.geo), dtype=np.int64))
        flat = self.kernels.plus_rules(self.n, self.rule_args[0],
                                       np.array(cands, dtype=np.int64),
                                       *self.rule_args[1:]).tolist()
        found: list[list[tuple[tuple[int, ...], tuple[int, ...]]]] = [[], [], [], []]
        x = 0
        while x < len(flat):
            rule, nt, np_ = flat[x:x + 3]
            x += 3
            found[rule].append((tuple(flat[x:x + nt]), tuple(flat[x + nt:x + nt + np_])))
            x += nt + np_
        return tuple(tuple(deductions) for deductions in found)

    def _nested(self, cands: list[int], to_off: dict[int, int], pend: deque[int]) -> bool:
        """SE's nested levels: the first of these searches on the assumed board that
        removes something adds OFF nodes for all it removes (its cheapest deductions
        first), each resting on the removals its links needed and counting the nested
        chain's own complexity once. Level 2: cycles and forcing chains; level 3: then
        static cell and unit forcing chains; level 4: dynamic forcing chains instead of
        both; level 5: then, if they find nothing, nested forcing chains (level 2) on the
        assumed board. A nested deduction is named by its assumptions, conclusion and
        nodes."""
        geo = self.geo
        view = _View(geo, cands)  # read only: a dynamic search changes copies
        if self.level < 4:
            if self._add(_board_chains_kept(geo, self.board.cands, cands, self.compiled),
                         to_off, pend):
                return True
            if self.level < 3:
                return False
            if self.compiled:
                return self._nested_compiled(cands, to_off, pend, dynamic=False)
            return self._nested_search(view, to_off, pend, Technique.CELL_FORCING_CHAINS, 0,
                                       _may_conclude(geo, cands))
        if (self._nested_compiled(cands, to_off, pend, dynamic=True) if self.compiled else
                self._nested_search(view, to_off, pend, Technique.DYNAMIC_FORCING_CHAINS, 0)):
            return True
        return self.level >= 5 and self._nested_search(
            view, to_off, pend, Technique.NESTED_FORCING_CHAINS, 2)

    def _nested_search(self, view: _View, to_off: dict[int, int], pend: deque[int],
                       tech: Technique, level: int, cells: Collection[int] | None = None
                       ) -> bool:
        """A multiple-chain search of `tech` on the assumed board (static below level
        1 when it is the cell forcing chains, dynamic else), its deductions added as
        _add adds them, sorted SE's way and one per set of removals."""
        geo, n, cands = self.geo, self.n, view.cands
        dynamic = tech is not Technique.CELL_FORCING_CHAINS
        needed = _RuleParents(geo, self.units, self.board.cands, cands)
        found = []
        for deduction in _search(view, tech, dynamic, level, False, cells):
            t, size, target, on, starts, unit, anc = deduction
            c, d = divmod(target, n)
            targets = [c * n + e - 1 for e in digits_of(cands[c] & ~(1 << d))] if on else [target]
            if targets:
                found.append((t.se + length_extra(size), size, _tie_rank(starts, unit),
                              (starts, target, on, anc), targets, needed(deduction)))
        found.sort(key=lambda f: f[:3])
        return self._add([(key, size, targets, parents) for _, size, _, key, targets, parents
                          in _first_of_each(found, lambda f: f[4]) if parents], to_off, pend)

    def _nested_compiled(self, cands: list[int], to_off: dict[int, int], pend: deque[int],
                         dynamic: bool) -> bool:
        """The nested search compiled (dynamic at level 4, else level 3's static search),
        as the Python path and _add: the kernel sorts its conclusions and names each by a
        number (its key here), and gives the new removals of those that add any, with the
        removals they needed. The search's conclusions depend on the assumed board only,
        and are kept (_FOUND)."""
        import numpy as np

        n = self.n
        units_of, unit_cells, peers, near, words = _kernel_tables(self.geo)
        grid = np.array(cands, dtype=np.int64)

        def find() -> tuple[Any, Any, tuple[int, ...], tuple[int, ...]]:
            able = (np.ones(self.geo.ncells, dtype=np.bool_) if dynamic
                    else self.kernels.may_conclude(n, grid, units_of, unit_cells, peers, near))
            rows, ancs, keys = self.kernels.nested_found(n, grid, units_of, unit_cells, peers,
                                                         near, words, dynamic, able)
            return rows, ancs, tuple(keys.tolist()), tuple(rows[:, 3].tolist())

        rows, ancs, keys, sizes = _kept(_FOUND, (self.geo.key, dynamic, grid.tobytes()), find)
        if not keys:
            return False
        is_off = np.zeros(self.geo.ncells * n, dtype=np.bool_)
        is_off[list(to_off)] = True
        kept, at, ends, flat, parents, parent_ends = self.kernels.nested_adds(
            n, self._src_array(), grid, units_of, unit_cells, rows, ancs, is_off)
        numbers = [self.number(keys[x], sizes[x]) for x in kept.tolist()]
        removed = flat.tolist()
        needs = parents.tolist()
        start = low = 0
        for t, end, high in zip(at.tolist(), ends.tolist(), parent_ends.tolist(), strict=True):
            anc = 1 << (self.shift + numbers[t])
            for p in needs[low:high]:
                anc |= to_off[p]
            for j in removed[start:end]:
                to_off[j] = anc | 1 << (2 * j)
                pend.append(j)
            start, low = end, high
        return start > 0

    def _src_array(self) -> Any:
        if self.src_array is None:
            import numpy as np

            self.src_array = np.array(self.board.cands, dtype=np.int64)
        return self.src_array

    def _add(self, found: NestedChains,
             to_off: dict[int, int], pend: deque[int]) -> bool:
        """Add the OFF nodes of nested deductions (key, complexity, removals, the removals
        it needed as a bitset), cheapest first; True if any was new."""
        added = False
        for key, weight, targets, parents in found:
            k = self.number(key, weight)
            new = [j for j in _se_removal_order(self.n, targets) if j not in to_off]
            if not new:
                continue
            anc = 1 << (self.shift + k)
            for p in set_bits(parents):
                anc |= to_off[p]
            for j in new:
                to_off[j] = anc | 1 << (2 * j)
                pend.append(j)
            added = True
        return added


def _se_removal_order(n: int, targets: Sequence[int]) -> Sequence[int]:
    """A deduction's removals in the order SE meets them inside an assumption: SE keeps
    them in a hash table of cells, a cell hashing to its index, so it reads them by index
    modulo the table's size (16, doubled past three quarters full), cells that share a
    slot in the order they came, and each cell's digits ascending."""
    cells = list(dict.fromkeys(j // n for j in targets))
    if len(cells) < 2:
        return targets
    size = 16
    while len(cells) > size * 3 // 4:
        size *= 2
    rank = {c: k for k, c in enumerate(cells)}
    return sorted(targets, key=lambda j: (j // n % size, rank[j // n], j))


AssumedRule = Iterator[tuple[Sequence[int], Sequence[int]]]
"""A rule's deductions on the assumed board: (cand indices removed, cand indices whose
earlier removal the deduction needed)."""


Locks = tuple[tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...], ...]
"""Box-line locks as (shared cells, source's rest, target's rest), in groups (_lock_order)."""

_LOCKS: dict[GeometryKey, Locks] = {}


def _lock_order(geo: Geometry) -> Locks:
    """The box-line locks in the order SE's locked candidates try them: four groups, box ->
    column, box -> row, column -> box, row -> box, each by source unit then target unit.
    SE runs through a group digit by digit, each digit over all the group's locks."""
    got = _LOCKS.get(geo.key)
    if got is None:
        t = tables(geo)
        groups = []
        for locks, pointing, kind in ((t.pointing_locks, True, "column"),
                                      (t.pointing_locks, True, "row"),
                                      (t.claiming_locks, False, "column"),
                                      (t.claiming_locks, False, "row")):
            group = sorted(lock for lock in locks
                           if t.kinds[lock[1] if pointing else lock[0]] == kind)
            groups.append(tuple((shared, source, target)
                                for _, _, shared, source, target in group))
        got = _LOCKS[geo.key] = tuple(groups)
    return got


def _locked_rule(geo: Geometry, src: list[int], cands: list[int]) -> AssumedRule:
    """Pointing and claiming in SE's order (_lock_order), a digit needing two places or
    more in the source (one is a hidden single, which SE leaves to the links); on
    generalized grids (tables.Tables.generalized) generalized intersections instead (a
    digit with 2 to 6 places in a unit leaves the cells seeing them all), as Sukaku."""
    n = geo.n
    if tables(geo).generalized:
        yield from _intersection_rule(geo, src, cands)
        return
    for group in _lock_order(geo):
        # per lock: the digits of its shared cells missing from its source's rest and
        # still in its target's rest
        found = []
        for shared, source, target in group:
            inside = s_mask = t_mask = 0
            for c in shared:
                inside |= cands[c]
            for c in source:
                s_mask |= cands[c]
            for c in target:
                t_mask |= cands[c]
            found.append(inside & ~s_mask & t_mask)
        for d in range(n):
            b = 1 << d
            for (shared, source, target), digits in zip(group, found, strict=True):
                if not digits & b or sum(1 for c in shared if cands[c] & b) < 2:
                    continue
                parents = [c * n + d for c in source if src[c] & b]
                yield [c * n + d for c in target if cands[c] & b], parents


def _intersection_rule(geo: Geometry, src: list[int], cands: list[int]) -> AssumedRule:
    n = geo.n
    sets = tables(geo).peer_sets
    for cells in geo.units:
        for d in range(n):
            b = 1 << d
            spots = [c for c in cells if cands[c] & b]
            if not 2 <= len(spots) <= 6:
                continue
            common = set(sets[spots[0]])
            for c in spots[1:]:
                common &= sets[c]
            targets = [c * n + d for c in sorted(common) if cands[c] & b]
            if targets:
                parents = [c * n + d for c in cells if src[c] & b and not cands[c] & b]
                yield targets, parents


def _alive(n: int, cands: list[int]) -> int:
    """The candidates of a board state as one bitset over cand indices."""
    alive = 0
    for c, m in enumerate(cands):
        if m:
            alive |= m << (c * n)
    return alive


def _pair_order(geo: Geometry) -> list[int]:
    """The units in the order SE looks for hidden and naked pairs in: boxes, columns,
    rows, then the others."""
    rank = {"box": 0, "column": 1, "row": 2}
    kinds = tables(geo).kinds
    return sorted(range(len(geo.units)), key=lambda u: rank.get(kinds[u], 3))


def _colex(count: int) -> Iterator[tuple[int, int]]:
    """The pairs x < y of range(count) in the order SE's permutations give them: by y, then
    by x ((0, 1), (0, 2), (1, 2), (0, 3), ...)."""
    for y in range(1, count):
        for x in range(y):
            yield x, y


def _hidden_pair_rule(geo: Geometry, src: list[int], cands: list[int]) -> AssumedRule:
    """Hidden pairs, unit by unit in SE's order (_pair_order), each unit's pairs of digits
    by the higher digit, then the lower (_colex)."""
    n = geo.n
    unit_bits = tables(geo).unit_bits
    alive = _alive(n, cands)
    for u in _pair_order(geo):
        cells = geo.units[u]
        if sum(1 for c in cells if src[c]) <= 4:
            continue  # SE looks for hidden pairs only in units with five empty cells or more
        # the digits with two places: (digit, places as cell bits)
        two = []
        for d in range(n):
            places = alive & unit_bits[u * n + d]
            if places.bit_count() == 2:
                two.append((d + 1, places >> d))
        for x, y in _colex(len(two)):
            (a, at), (b, bt) = two[x], two[y]
            if at != bt:
                continue
            spots = [i // n for i in set_bits(at)]
            keep = (1 << (a - 1)) | (1 << (b - 1))
            targets = [c * n + e - 1 for c in spots for e in digits_of(cands[c] & ~keep)]
            if targets:
                parents = [
                    c * n + e - 1
                    for c in cells
                    if c not in spots
                    for e in (a, b)
                    if src[c] >> (e - 1) & 1
                ]
                yield targets, parents


def _naked_pair_rule(geo: Geometry, src: list[int], cands: list[int]) -> AssumedRule:
    """Naked pairs, unit by unit in SE's order (_pair_order), each unit's pairs of cells
    by the later cell, then the earlier (_colex); on generalized grids generalized (their
    digits leave every cell seeing both cells), as Sukaku."""
    n = geo.n
    t = tables(geo)
    for u in _pair_order(geo):
        cells = geo.units[u]
        if sum(1 for c in cells if src[c]) < 4:
            continue  # as SE: naked pairs only in units with four empty cells or more
        pairs = [c for c in cells if cands[c].bit_count() == 2]
        for x, y in _colex(len(pairs)):
            p, q = pairs[x], pairs[y]
            m = cands[p]
            if cands[q] != m:
                continue
            near = (t.peer_sets[p] & t.peer_sets[q]) if t.generalized else cells
            targets = [
                c * n + e - 1
                for c in sorted(near)
                if c not in (p, q)
                for e in digits_of(cands[c] & m)
            ]
            if targets:
                parents = [c * n + e - 1 for c in (p, q) for e in digits_of(src[c] & ~m)]
                yield targets, parents


def _x_wing_rule(geo: Geometry, src: list[int], cands: list[int]) -> AssumedRule:
    """X-wings in SE's order: on columns (the places in rows) first, then on rows; pairs
    of lines by the later line, then the earlier (_colex), each pair digit by digit; as
    SE, only digits with four lines or more open in their grid before the assumption (a
    digit placed six times is left out)."""
    n = geo.n
    t = tables(geo)
    unit_bits = t.unit_bits
    alive = _alive(n, cands)
    before = _alive(n, src)
    for base, cover in ((t.cols, t.rows), (t.rows, t.cols)):
        # per line of two places of a digit: (later line, earlier line, digit) of each
        # pair matching it, so that sorting gives SE's order
        found: list[tuple[int, int, int, int]] = []
        for d in range(n):
            opened = [0] * len(base)  # per grid's first line: its lines with d before
            for g, u in enumerate(base):
                if before & unit_bits[u * n + d]:
                    opened[g - g % n] += 1  # a board of several grids has n lines a grid
            lines: dict[tuple[int, int], list[int]] = {}  # (grid, places) -> lines
            for g, u in enumerate(base):
                places = alive & unit_bits[u * n + d]
                if places.bit_count() != 2 or opened[g - g % n] < 4:
                    continue
                cells = geo.units[u]
                pos = 0
                for i in set_bits(places):
                    pos |= 1 << cells.index(i // n)
                earlier = lines.setdefault((g - g % n, pos), [])
                found.extend((g, first, d, pos) for first in earlier)
                earlier.append(g)
        for g2, g1, d, pos in sorted(found):
            b = 1 << d
            u1, u2 = base[g1], base[g2]
            grid = g1 - g1 % n
            inside = set(geo.units[u1]) | set(geo.units[u2])
            covers = {c for k in set_bits(pos) for c in geo.units[cover[grid + k]]}
            targets = [
                c * n + d
                for k in set_bits(pos)
                for c in geo.units[cover[grid + k]]
                if c not in inside and cands[c] & b
            ]
            if targets:
                parents = [
                    c * n + d
                    for u in (u1, u2)
                    for c in geo.units[u]
                    if src[c] & b and not cands[c] & b and c not in covers
                ]
                yield targets, parents


# ---------------------------------------------------------------- the finders


def _tie_rank(starts: tuple[tuple[int, bool], ...], unit: int) -> int:
    """The rank SE breaks ties of rating and complexity with, by the kind of conclusion:
    a double forcing chain (both ways of one candidate agree) first, then cell forcing
    chains, unit forcing chains, and a contradiction last."""
    if unit >= 0:
        return 6
    if len(starts) == 1:
        return 7
    if starts[0][0] == starts[1][0]:
        return 1
    return 5


class _Best:
    """The lowest-rated deduction seen so far (then the shortest, then by _tie_rank)."""

    def __init__(self, board: _Cands) -> None:
        self.board = board
        self.key: tuple[float, int, int] | None = None
        self.step: Step | None = None

    def offer(
        self,
        tech: Technique,
        size: int,
        target: int,
        on: bool,
        starts: tuple[tuple[int, bool], ...],
        unit: int = -1,
    ) -> None:
        """A deduction: cand index `target` is true (on) or false, resting on chains from
        the assumptions `starts` (cand index, ON or OFF) with `size` nodes in all."""
        value = round(tech.se + length_extra(size), 1)
        key = (value, size, _tie_rank(starts, unit))
        if self.key is not None and key >= self.key:
            return
        n = self.board.n
        cell, d = divmod(target, n)
        if on and not self.board.cands[cell] & ~(1 << d):
            return  # nothing to remove
        self.key = key
        self.step = Step(
            tech,
            value,
            tuple(dict.fromkeys(s // n for s, _ in starts)),
            tuple(sorted({s % n + 1 for s, _ in starts})),
            placed=((cell, d + 1),) if on else (),
            eliminated=() if on else ((cell, d + 1),),
            units=(unit,) if unit >= 0 else (),
            chains=tuple(((s // n, s % n + 1, a), (cell, d + 1, on)) for s, a in starts),
        )

    def steps(self) -> list[Step]:
        return [self.step] if self.step else []


Deduction = tuple[Technique, int, int, bool, tuple[tuple[int, bool], ...], int, int]
"""One conclusion of a multiple-chain search: (technique, complexity, cand index, true
or false, the assumptions (cand index, ON or OFF) it rests on, the unit of a unit forcing
chain or -1, the union of its chains' ancestors)."""


def _common(
    ch: _Chaining, maps: list[dict[int, int]], exclude: Iterable[int] = ()
) -> Iterator[tuple[int, int, int]]:
    """Cand indices present in every map: (index, complexity of the maps' chains to it,
    their ancestors), in the order the first map's propagation reached them, as SE keeps
    the first set's order when it intersects them (the order ties of rating and
    complexity keep)."""
    keys = set(maps[0])
    for m in maps[1:]:
        keys &= m.keys()
        if not keys:
            return
    keys -= set(exclude)
    for k in [k for k in maps[0] if k in keys]:
        ancestors = [m[k] for m in maps]
        union = 0
        for a in ancestors:
            union |= a
        yield k, ch.size(*ancestors), union


def _search(
    board: _Cands, tech: Technique, dynamic: bool, level: int, nishio: bool,
    cells: Collection[int] | None = None,
) -> Iterator[Deduction]:
    """SE's multiple-chain search over every cell (and every unit met through it), or
    over `cells` only: every conclusion it meets. The plain dynamic search, Nishio's, and
    the static one over every cell, run compiled when the numba backend serves (the same
    conclusions in the same order)."""
    if not level and cells is None and _kernel():
        yield from _compiled(board, tech, dynamic, nishio)
        return
    n, cands = board.n, board.cands
    ch = (_plain(board, _kernel()) if level == 1 and dynamic and not nishio else
          _Chaining(board, y_links=not nishio, dynamic=dynamic, level=level))
    units = _order(board.geo)[0]
    for c, m in enumerate(cands):
        k = m.bit_count()
        if k < 2 or (k == 2 and not dynamic) or (cells is not None and c not in cells):
            continue
        on_maps: list[tuple[dict[int, int], dict[int, int]]] = []
        for d in digits_of(m):
            s = c * n + d - 1
            to_on, to_off, clash, clash_anc = ch.run(s, True)
            on_maps.append((to_on, to_off))
            if dynamic:
                if clash:
                    yield tech, clash, s, False, ((s, True),), -1, clash_anc
                off_on, off_off, off_clash, off_anc = ch.run(s, False)
                if off_clash:
                    yield tech, off_clash, s, True, ((s, False),), -1, off_anc
                if k >= 3 and not nishio:
                    both = ((s, True), (s, False))
                    for j, size, anc in _common(ch, [to_on, off_on]):
                        yield tech, size, j, True, both, -1, anc
                    for j, size, anc in _common(ch, [to_off, off_off], (s,)):
                        yield tech, size, j, False, both, -1, anc
            if not nishio:
                yield from _regions(board, ch, tech, c, d, units[c])
        if nishio:
            continue
        starts = tuple(c * n + d - 1 for d in digits_of(m))
        assumed = tuple((x, True) for x in starts)
        for j, size, anc in _common(ch, [mp[0] for mp in on_maps], starts):
            yield tech, size, j, True, assumed, -1, anc
        for j, size, anc in _common(ch, [mp[1] for mp in on_maps], starts):
            yield tech, size, j, False, assumed, -1, anc


def _regions(
    board: _Cands, ch: _Chaining, tech: Technique, cell: int, d: int,
    units: tuple[int, ...],
) -> Iterator[Deduction]:
    """Unit forcing chains for digit d through `cell`, for each unit where cell is the
    digit's first place (so each unit is met once)."""
    n, cands, geo = board.n, board.cands, board.geo
    b = 1 << (d - 1)
    if tech is Technique.CELL_FORCING_CHAINS:
        tech = Technique.UNIT_FORCING_CHAINS
    for u in units:
        spots = [q for q in geo.units[u] if cands[q] & b]
        if len(spots) < 2 or spots[0] != cell:
            continue
        starts = tuple(q * n + d - 1 for q in spots)
        assumed = tuple((x, True) for x in starts)
        maps = [ch.run(s, True) for s in starts]
        for j, size, anc in _common(ch, [mp[0] for mp in maps], starts):
            yield tech, size, j, True, assumed, u, anc
        for j, size, anc in _common(ch, [mp[1] for mp in maps], starts):
            yield tech, size, j, False, assumed, u, anc


def _may_conclude(geo: Geometry, cands: list[int]) -> set[int]:
    """The cells from which a static cell or unit forcing chains search can conclude
    anything: the nodes every candidate of the cell (or every place of a digit in a unit
    the cell opens) reaches over static links, a superset of what the search meets (it
    stops at a clash), are not only the starts. The search need not visit other cells."""
    if _kernel():
        import numpy as np

        units_of, unit_cells, peers, near, _words = _kernel_tables(geo)
        able = _fast("may_conclude")(geo.n, np.array(cands, dtype=np.int64), units_of,
                                     unit_cells, peers, near)
        return set(np.flatnonzero(able).tolist())
    n = geo.n
    g = _Graph(geo, cands, y_links=True)
    units = _order(geo)[0]
    reached: dict[int, tuple[int, int]] = {}

    def common(starts: list[int]) -> bool:
        on_all = off_all = -1
        own = 0
        for s in starts:
            got = reached.get(s)
            if got is None:
                got = reached[s] = g.reach(s)
            on_all &= got[0]
            off_all &= got[1]
            own |= 1 << s
        return bool((on_all | off_all) & ~own)

    out = set()
    for c, m in enumerate(cands):
        if m.bit_count() < 3:
            continue
        if common([c * n + d - 1 for d in digits_of(m)]):
            out.add(c)
            continue
        for d in digits_of(m):
            b = 1 << (d - 1)
            for u in units[c]:
                spots = [q for q in geo.units[u] if cands[q] & b]
                if len(spots) >= 2 and spots[0] == c and common([q * n + d - 1 for q in spots]):
                    out.add(c)
    return out


def _multiple(board: Board, tech: Technique, dynamic: bool, level: int, nishio: bool
              ) -> list[Step]:
    """The lowest-rated conclusion of a multiple-chain search, as a step."""
    best = _Best(board)
    for t, size, target, on, starts, unit, _anc in _search(board, tech, dynamic, level, nishio):
        best.offer(t, size, target, on, starts, unit)
    return best.steps()


class _RuleParents:
    """The removed cand indices a nested search's conclusion needed, on one assumed
    board, as SE collects a chain hint's rule parents: for each ON node it rests on, its
    cell's removed digits when the cell is down to two, else the digit's removed places
    in the first unit (box, row, column) where two or fewer are left; but for its
    assumptions, the cell's removed digits (cell forcing chains), the digit's removed
    places in the unit (unit forcing chains), or nothing (a candidate's two ways, a
    contradiction). Each ON node's share is worked out once, as a bitset."""

    def __init__(self, geo: Geometry, units: tuple[tuple[int, ...], ...], src: list[int],
                 cands: list[int]) -> None:
        self.geo, self.units, self.src, self.cands = geo, units, src, cands
        on_keys = _ON_KEYS.get(geo.key)
        if on_keys is None:
            on_keys = _ON_KEYS[geo.key] = sum(1 << (2 * i + 1) for i in range(geo.ncells * geo.n))
        self.on_keys: int = on_keys
        self.share: dict[int, int] = {}

    def __call__(self, found: Deduction) -> int:
        """The removals a conclusion needed, as a bitset."""
        _, _, _, _, starts, unit, ancestors = found
        n, src, cands = self.geo.n, self.src, self.cands
        assumed = 0
        for s, on in starts:
            assumed |= on << (2 * s + 1)
        out = 0
        if unit >= 0:
            d = starts[0][0] % n
            out = sum(1 << (q * n + d) for q in self.geo.units[unit]
                      if (src[q] & ~cands[q]) >> d & 1)
        elif len(starts) > 1 and starts[1][1]:  # a cell's digits, all assumed true
            c = starts[0][0] // n
            out = (src[c] & ~cands[c]) << (c * n)
        share = self.share
        for key in set_bits(ancestors & self.on_keys & ~assumed):
            got = share.get(key)
            if got is None:
                got = share[key] = self._needed(key >> 1)
            out |= got
        return out

    def _needed(self, i: int) -> int:
        geo, src, cands = self.geo, self.src, self.cands
        n = geo.n
        c, d = divmod(i, n)
        if cands[c].bit_count() <= 2:
            return (src[c] & ~cands[c]) << (c * n)
        b = 1 << d
        for u in self.units[c]:
            cells = geo.units[u]
            if sum(1 for q in cells if cands[q] & b) <= 2:
                return sum(1 << (q * n + d) for q in cells if src[q] & b and not cands[q] & b)
        return 0


_ON_KEYS: dict[GeometryKey, int] = {}
"""Per geometry, the bitset of every ON node key (2 * cand index + 1)."""


def nishio(board: Board) -> list[Step]:
    """A candidate assumed true (or false) and followed through its own digit's places
    only, on the changing board, clashes: its opposite holds (7.5 + length)."""
    return _multiple(board, Technique.NISHIO, dynamic=True, level=0, nishio=True)


def forcing_chains(board: Board) -> list[Step]:
    """Cell and unit forcing chains over static links (SE's multiple forcing chains,
    8.0 + length): every candidate of a cell with 3+ candidates, or every place of a digit
    in a unit, leads to the same conclusion."""
    return _multiple(board, Technique.CELL_FORCING_CHAINS, dynamic=False, level=0,
                     nishio=False)


def dynamic_forcing_chains(board: Board) -> list[Step]:
    """Contradiction, double, cell and unit forcing chains on the changing board
    (8.5 + length)."""
    return _multiple(board, Technique.DYNAMIC_FORCING_CHAINS, dynamic=True, level=0,
                     nishio=False)


def dynamic_forcing_chains_plus(board: Board) -> list[Step]:
    """Dynamic forcing chains that also apply locked candidates, hidden and naked pairs
    and X-wings on the assumed board (9.0 + length)."""
    return _multiple(board, Technique.DYNAMIC_FORCING_CHAINS_PLUS, dynamic=True, level=1,
                     nishio=False)


def nested_forcing_chains(board: Board) -> list[Step]:
    """Dynamic forcing chains (+) that also follow every forcing chain on the assumed
    board (SE's nested level 2: 9.5 + length, the nested chains' nodes counted too)."""
    return _multiple(board, Technique.NESTED_FORCING_CHAINS, dynamic=True, level=2,
                     nishio=False)


def nested_multiple_forcing_chains(board: Board) -> list[Step]:
    """Nested forcing chains that also follow static cell and unit forcing chains on the
    assumed board (SE's level 3: 10.0 + length)."""
    return _multiple(board, Technique.NESTED_MULTIPLE_FORCING_CHAINS, dynamic=True, level=3,
                     nishio=False)


def nested_dynamic_forcing_chains(board: Board) -> list[Step]:
    """Dynamic forcing chains (+) that also follow dynamic forcing chains on the assumed
    board (SE's level 4: 10.5 + length)."""
    return _multiple(board, Technique.NESTED_DYNAMIC_FORCING_CHAINS, dynamic=True, level=4,
                     nishio=False)


def doubly_nested_forcing_chains(board: Board) -> list[Step]:
    """Nested dynamic forcing chains that, on an assumed board where dynamic forcing
    chains find nothing, follow nested forcing chains there: a nesting inside a nesting
    (SE's level 5: 11.0 + length; SE tries it only when level 4 finds nothing). Only
    on SE's own grid, classic 9x9, and on a board of one solution: a search takes minutes
    where level 4 stalls, on the other kinds' wider-open grids a stalled level 4 goes to
    the trial step as before, and on a puzzle of several solutions (a puzzle read as
    another kind, say) no chain can refute a candidate some solution holds."""
    if board.geo.variant is not Variant.CLASSIC or board.n != 9:
        return []
    if solve(tuple(board.values), base_geometry(board.geo), limit=2)[0] != 1:
        return []
    return _multiple(board, Technique.DOUBLY_NESTED_FORCING_CHAINS, dynamic=True, level=5,
                     nishio=False)


# ---------------------------------------------------------------- compiled searches


def _kernel() -> bool:
    """Whether the compiled searches (engine/kernels/chains_fast.py) serve."""
    return grader_kernels("chains_fast") is not None


def _fast(name: str) -> Any:
    """The compiled function `name` of engine/kernels/chains_fast.py (numba says when it
    compiles: kernels.watch_compiles)."""
    return getattr(grader_kernels("chains_fast"), name)


_TABLES: dict[GeometryKey, tuple[Any, Any, Any, Any, int]] = {}


def _kernel_tables(geo: Geometry) -> tuple[Any, Any, Any, Any, int]:
    """The kernel's view of a geometry: each cell's units and peers in SE's order, each
    unit's cells, each cell's non-consecutive neighbours (int64 arrays padded with -1),
    and the words of an ancestor bitset."""
    got = _TABLES.get(geo.key)
    if got is None:
        import numpy as np

        def padded(rows: Sequence[Sequence[int]]) -> Any:
            out = np.full((len(rows), max(1, *map(len, rows))), -1, dtype=np.int64)
            for k, row in enumerate(rows):
                out[k, : len(row)] = row
            return out

        units, peers = _order(geo)
        words = (2 * geo.ncells * geo.n + 63) // 64
        got = _TABLES[geo.key] = (padded(units), padded(geo.units), padded(peers),
                                  padded(geo.neighbours), words)
    return got


_RULE_TABLES: dict[GeometryKey, tuple[Any, Any, Any, Any]] = {}


def _rule_tables(geo: Geometry) -> tuple[Any, Any, Any, Any]:
    """The compiled level-1 rules' view of a geometry: the box-line locks in SE's order
    (_lock_order) as their shared cells, the source's rest and the target's rest (three
    blocks padded with -1), where each group of locks ends, and the rows' and columns'
    unit numbers."""
    got = _RULE_TABLES.get(geo.key)
    if got is None:
        import numpy as np

        groups = _lock_order(geo)
        locks = [lock for group in groups for lock in group]
        width = max(len(part) for lock in locks for part in lock)
        table = np.full((len(locks), 3 * width), -1, dtype=np.int64)
        for k, parts in enumerate(locks):
            for p, part in enumerate(parts):
                table[k, p * width: p * width + len(part)] = part
        ends = np.cumsum([len(group) for group in groups]).astype(np.int64)
        got = _RULE_TABLES[geo.key] = (table, ends, np.array(tables(geo).rows, dtype=np.int64),
                                       np.array(tables(geo).cols, dtype=np.int64))
    return got


def _compiled(board: _Cands, tech: Technique, dynamic: bool, nishio: bool = False
              ) -> Iterator[Deduction]:
    """The dynamic (static, or Nishio's) search's conclusions from the compiled kernel, as
    deductions; the static search's unit chains are unit forcing chains."""
    import numpy as np

    from ...engine.kernels import chains_fast as k

    geo, n, cands = board.geo, board.n, board.cands
    units_of, unit_cells, peers, near, words = _kernel_tables(geo)
    grid = np.array(cands, dtype=np.int64)
    able = (np.ones(geo.ncells, dtype=np.bool_) if dynamic
            else _fast("may_conclude")(n, grid, units_of, unit_cells, peers, near))
    rows, ancs = _fast("search")(n, grid, units_of, unit_cells, peers, near, words, dynamic,
                                 able, nishio)
    unit_tech = Technique.UNIT_FORCING_CHAINS if tech is Technique.CELL_FORCING_CHAINS else tech
    raw = ancs.astype("<u8", copy=False).tobytes()
    width = 8 * words
    starts_of: dict[tuple[int, int, int], tuple[tuple[int, bool], ...]] = {}
    for x, (kind, target, on, size, a, b) in enumerate(rows.tolist()):
        starts = starts_of.get((kind, a, b))
        if starts is None:
            if kind == k.KIND_CLASH_ON:
                starts = ((a, True),)
            elif kind == k.KIND_CLASH_OFF:
                starts = ((a, False),)
            elif kind == k.KIND_DOUBLE:
                starts = ((a, True), (a, False))
            elif kind == k.KIND_UNIT:
                starts = tuple((q * n + b, True) for q in geo.units[a] if cands[q] >> b & 1)
            else:
                starts = tuple((a * n + d - 1, True) for d in digits_of(cands[a]))
            starts_of[kind, a, b] = starts
        unit = kind == k.KIND_UNIT
        yield (unit_tech if unit else tech, size, target, on == 1, starts, a if unit else -1,
               int.from_bytes(raw[x * width:(x + 1) * width], "little"))


# ---------------------------------------------------------------- technique objects
T = Technique
_SAME = "leads to the same conclusion"


def draw_chains(step: Step, cands: Sequence[int]) -> Drawing:
    """The cells and candidates of the step's chains, each link an arrow."""
    nodes = [nd for chain in step.chains for nd in chain]
    cells = tuple(dict.fromkeys((*step.cells, *(c for c, _, _ in nodes))))
    links: list[tuple[Node, Node]] = [
        (a, b) for chain in step.chains for a, b in zip(chain, chain[1:], strict=False)]
    return Drawing(
        cells=cells,
        candidates=tuple(dict.fromkeys((c, d) for c, d, _ in nodes if cands[c] >> (d - 1) & 1)),
        eliminated=step.eliminated,
        placed=step.placed,
        units=step.units,
        links=tuple(links),
    )


def _pair_rule_note(geo: Geometry, a: Node, b: Node) -> str:
    """' (a knight's move apart: anti-knight)' when the link from a to b is a pair rule's
    (a candidate true rules out one in a cell the rule binds to its cell), else ''."""
    (ca, da, on), (cb, db, off) = a, b
    if not on or off or ca == cb:
        return ""
    if da == db and cb not in tables(geo).beyond_units[ca]:
        return ""  # a link along a unit
    for rule in geo.variant.pair_rules(geo.n):
        if cb in rule.cells(geo.n, ca) and rule.forbids(da, db):
            return f" ({rule.where}: {rule.name})"
    return ""


def _chain(step: Step, geo: Geometry, what: str) -> str:
    label = step.technique.label
    told = [
        " -> ".join(phrases.node(geo, nd) + (_pair_rule_note(geo, chain[k - 1], nd) if k else "")
                    for k, nd in enumerate(chain))
        for chain in step.chains
    ]
    if len(told) == 1:
        return f"{label}: {told[0]}, so {what}"
    return f"{label}: {told[0]}, but {told[1]}: a contradiction, so {what}"


def _forcing_words(step: Step, geo: Geometry, what: str) -> str:
    source = (
        f"every candidate of {geo.label(step.cells[0])}"
        if step.technique is T.CELL_FORCING_CHAINS
        else f"every place of {symbol(step.digits[0])} in {geo.unit_names[step.units[0]]}"
    )
    return f"{step.technique.label}: {source} {_SAME} -> {what}"


def _contradiction(step: Step, geo: Geometry, what: str) -> str:
    # the assumption is the opposite of the result
    cell, d = step.placed[0] if step.placed else step.eliminated[0]
    sign = "!=" if step.placed else "="
    return (
        f"{step.technique.label}: assuming {geo.label(cell)} {sign} {symbol(d)} leads to a "
        f"contradiction (rated {step.difficulty:.1f} for its length) -> {what}"
    )


def _dynamic(step: Step, geo: Geometry, what: str) -> str:
    """A dynamic search concludes from a digit's places in a unit, a cell's candidates, or
    one assumption's contradiction."""
    label = step.technique.label
    if step.units:
        dig = symbol(step.digits[0])
        return (f"{label}: every place of {dig} in {geo.unit_names[step.units[0]]} {_SAME} "
                f"-> {what}")
    if len(step.chains) > 1:
        return f"{label}: every candidate of {geo.label(step.cells[0])} {_SAME} -> {what}"
    return _contradiction(step, geo, what)


def _rule(finder: Finder, technique: Technique, rating: str) -> Rule:
    return Rule(finder, (technique,), rating, Family.FORCING, _dynamic, draw_chains)


_NESTED = "+ length extra, the nested chains' nodes counted"
CHAINS_AND_CYCLES = Rule(
    chains_and_cycles, (T.CYCLE, T.X_CHAIN, T.AIC),
    "6.5 + length extra for an X- or Y-cycle, 6.6 for a forcing X-chain, 7.0 with both "
    "kinds of links",
    Family.CHAIN, _chain, draw_chains,
)
NISHIO = Rule(nishio, (T.NISHIO,), "7.5 + length extra", Family.FORCING,
              _contradiction, draw_chains)
FORCING_CHAINS = Rule(forcing_chains, (T.CELL_FORCING_CHAINS, T.UNIT_FORCING_CHAINS),
                      "8.0 + length extra", Family.FORCING, _forcing_words, draw_chains)
DYNAMIC_FORCING_CHAINS = _rule(dynamic_forcing_chains, T.DYNAMIC_FORCING_CHAINS,
                               "8.5 + length extra")
DYNAMIC_FORCING_CHAINS_PLUS = _rule(dynamic_forcing_chains_plus,
                                    T.DYNAMIC_FORCING_CHAINS_PLUS, "9.0 + length extra")
NESTED_FORCING_CHAINS = _rule(nested_forcing_chains, T.NESTED_FORCING_CHAINS,
                              f"9.5 {_NESTED}")
NESTED_MULTIPLE_FORCING_CHAINS = _rule(nested_multiple_forcing_chains,
                                       T.NESTED_MULTIPLE_FORCING_CHAINS, f"10.0 {_NESTED}")
NESTED_DYNAMIC_FORCING_CHAINS = _rule(nested_dynamic_forcing_chains,
                                      T.NESTED_DYNAMIC_FORCING_CHAINS, f"10.5 {_NESTED}")
DOUBLY_NESTED_FORCING_CHAINS = _rule(doubly_nested_forcing_chains,
                                     T.DOUBLY_NESTED_FORCING_CHAINS, f"11.0 {_NESTED}")
