"""Chains: X- and XY-chains, AICs, Nishio, cell and unit forcing chains, dynamic and nested
forcing chains.

Glossary:
  cand index  i = cell * n + digit - 1; a bitset is an int with bit i per candidate
  ON / OFF    a node: candidate i assumed true / false
  weak link   ON(i) implies OFF(j): same cell, or same digit in peer cells
  strong link OFF(i) implies ON(j): the cell is bivalue, or the digit has two places in a
              unit (static links read on the board as it is)
  layer       the nodes first reached after t implications; a chain to a node of layer t
              has t + 1 nodes, its complexity
  dynamic     propagation that reads singles off the board as the assumption fills it in
              (not only the static links); conclusions rest on sets of ancestors
  Nishio      dynamic propagation of one digit only; nested: dynamic propagation that
              also applies locked candidates
A deduction is rated base + length_extra(complexity); among the deductions of one
technique the lowest-rated is taken, as SE does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import replace

from .board import Board, Node, Step, digits_of
from .scale import Technique, length_extra
from .tables import tables

MAX_LAYERS = 24
"""Longest static chain followed, in implications (bounds the time per step)."""


class _Graph:
    """Static implication links of one board state, as bitsets per cand index."""

    __slots__ = ("n", "alive", "weak", "strong", "has_strong")

    def __init__(self, board: Board, x_links: bool, y_links: bool) -> None:
        """Weak links always; strong links in units (X) and/or in bivalue cells (Y). X-only
        graphs keep weak links on one digit too, so their chains never change digit."""
        n = board.n
        t = tables(board.geo)
        cands, geo = board.cands, board.geo
        alive = 0
        for c, m in enumerate(cands):
            if m:
                alive |= m << (c * n)
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
                w = t.peer_bits[i] & alive
                if y_links:
                    w |= others & ~(1 << i)
                    if pair:
                        strong[i] |= others & ~(1 << i)
                weak[i] = w
        for cells in geo.units if x_links else ():
            for d in range(n):
                spots = [c for c in cells if cands[c] >> d & 1]
                if len(spots) == 2:
                    a, b = spots[0] * n + d, spots[1] * n + d
                    strong[a] |= 1 << b
                    strong[b] |= 1 << a
        has_strong = 0
        for i, s in enumerate(strong):
            if s:
                has_strong |= 1 << i
        self.n, self.alive, self.weak, self.strong = n, alive, weak, strong
        self.has_strong = has_strong

    def layers(
        self, start: int, on: bool, limit: int = MAX_LAYERS, halt: bool = False
    ) -> tuple[list[int], int]:
        """Bitsets of the nodes first reached at each layer, starting from ON/OFF(start).

        Layers alternate ON/OFF from the start's kind; at most `limit` implications. With
        halt, stops at the first layer reaching a node already reached with the opposite
        kind (a contradiction) and returns those nodes as the second item.
        """
        weak, strong, has_strong = self.weak, self.strong, self.has_strong
        seen = [0, 0]  # [off, on]
        frontier = 1 << start
        kind = int(on)
        seen[kind] = frontier
        out = [frontier]
        for _ in range(limit):
            nxt = 0
            if kind:
                for i in _bits(frontier):
                    nxt |= weak[i]
            else:
                for i in _bits(frontier & has_strong):
                    nxt |= strong[i]
            kind ^= 1
            nxt &= ~seen[kind]
            if not nxt:
                break
            clash = nxt & seen[kind ^ 1]
            seen[kind] |= nxt
            out.append(nxt)
            frontier = nxt
            if halt and clash:
                return out, clash
        return out, 0

    def path(self, layers: list[int], on: bool, target: int) -> tuple[int, ...]:
        """The cand indices of one chain from the start to `target` in the last layer."""
        chain = [target]
        cur = target
        for t in range(len(layers) - 2, -1, -1):
            prev_on = (t % 2 == 0) == on
            links = self.weak if prev_on else self.strong
            cur = next(i for i in _bits(layers[t]) if links[i] >> cur & 1)
            chain.append(cur)
        return tuple(reversed(chain))


def _bits(x: int) -> Iterator[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def _nodes(path: tuple[int, ...], n: int, on: bool) -> tuple[Node, ...]:
    out = []
    for i in path:
        out.append((i // n, i % n + 1, on))
        on = not on
    return tuple(out)


def _unary(board: Board, g: _Graph, tech: Technique) -> Step | None:
    """The shortest chain from ON(s) (or OFF(s)) to a contradiction: s removed (placed).

    The contradiction is a node reached both ON and OFF; reaching OFF(s) from ON(s) is
    the common case (an AIC whose ends both see s). Complexity counts the nodes of both
    branches, as SE counts a chain's ancestors.
    """
    n = g.n
    best: tuple[int, int, bool, list[int], int, int] | None = None
    for on in (True, False):
        for s in _bits(g.alive):
            limit = MAX_LAYERS if best is None else best[0] - 2
            if limit < 1:
                break
            layers, clash = g.layers(s, on, limit, halt=True)
            if not clash:
                continue
            t2 = len(layers) - 1
            t1, x = min(
                (t, x) for x in _bits(clash) for t in range(t2 % 2 ^ 1, t2, 2) if layers[t] >> x & 1
            )
            size = t1 + t2 + 1
            if best is None or size < best[0]:
                best = (size, s, on, layers, t1, x)
    if best is None:
        return None
    size, s, on, layers, t1, x = best
    paths = [g.path(layers, on, x)]
    if t1:
        paths.insert(0, g.path(layers[: t1 + 1], on, x))
    found = tuple(_nodes(p, n, on) for p in paths)
    nodes = [nd for chain in found for nd in chain]
    target = ((s // n, s % n + 1),)
    return Step(
        tech,
        tech.se + length_extra(size),
        tuple(dict.fromkeys(c for c, _, _ in nodes)),
        tuple(sorted({dd for _, dd, _ in nodes})),
        placed=() if on else target,
        eliminated=target if on else (),
        chains=found,
    )


def x_chain(board: Board) -> list[Step]:
    """Chains with one kind of strong link, rated alike (6.6 + length): X-chains (on one
    digit, simple colouring) and XY-chains (through bivalue cells); the lower-rated."""
    found = [
        _unary(board, _Graph(board, x_links=True, y_links=False), Technique.X_CHAIN),
        _unary(board, _Graph(board, x_links=False, y_links=True), Technique.XY_CHAIN),
    ]
    steps = sorted((s for s in found if s), key=lambda s: s.difficulty)
    return steps[:1]


def aic(board: Board) -> list[Step]:
    """Alternating inference chains mixing strong links in units and in cells."""
    step = _unary(board, _Graph(board, x_links=True, y_links=True), Technique.AIC)
    return [step] if step else []


# ---------------------------------------------------------------- forcing chains


def _groups(board: Board) -> Iterator[tuple[Technique, int, tuple[int, ...]]]:
    """Cells with 2+ candidates and (unit, digit) with 2+ places: (technique, unit, starts)."""
    n, cands, geo = board.n, board.cands, board.geo
    for c, m in enumerate(cands):
        if m.bit_count() >= 2:
            yield Technique.CELL_FORCING_CHAINS, -1, tuple(c * n + d - 1 for d in digits_of(m))
    for u, cells in enumerate(geo.units):
        for d in range(n):
            spots = tuple(c * n + d for c in cells if cands[c] >> d & 1)
            if len(spots) >= 2:
                yield Technique.UNIT_FORCING_CHAINS, u, spots


def _common(board: Board, reach: dict[int, tuple[dict[int, int], dict[int, int]]]) -> list[Step]:
    """Cell and unit forcing: a node reached from every start of a group, cheapest first.

    reach[s] = (off, on): cand index -> complexity of the chain from ON(s) to it.
    """
    n = board.n
    best: tuple[float, Step] | None = None
    for tech, unit, starts in _groups(board):
        for kind in (0, 1):  # 0: the node is OFF in every branch, 1: ON in every branch
            common = set(reach[starts[0]][kind])
            for s in starts[1:]:
                common &= reach[s][kind].keys()
                if not common:
                    break
            common -= set(starts)
            for t in common:
                size = sum(reach[s][kind][t] for s in starts)
                value = tech.se + length_extra(size)
                if best is not None and value >= best[0]:
                    continue
                cell, d = t // n, t % n + 1
                step = Step(
                    tech,
                    value,
                    tuple(dict.fromkeys(s // n for s in starts)),
                    tuple(sorted({s % n + 1 for s in starts})),
                    placed=((cell, d),) if kind else (),
                    eliminated=() if kind else ((cell, d),),
                    units=(unit,) if unit >= 0 else (),
                    chains=tuple(
                        ((s // n, s % n + 1, True), (cell, d, bool(kind))) for s in starts
                    ),
                )
                best = (value, step)
    return [best[1]] if best else []


def forcing_chains(board: Board) -> list[Step]:
    """Cell and unit forcing chains over the static links."""
    g = _Graph(board, x_links=True, y_links=True)
    reach: dict[int, tuple[dict[int, int], dict[int, int]]] = {}
    for s in _bits(g.alive):
        off: dict[int, int] = {}
        on: dict[int, int] = {}
        for t, layer in enumerate(g.layers(s, True)[0]):
            into = on if t % 2 == 0 else off
            for i in _bits(layer):
                into[i] = t + 1
        reach[s] = (off, on)
    return _common(board, reach)


# ---------------------------------------------------------------- dynamic


class _Contradiction(Exception):
    def __init__(self, ancestors: int) -> None:
        self.ancestors = ancestors


def _dynamic(
    board: Board, counts: list[int], start: int, on: bool, nested: bool, one_digit: bool = False
) -> tuple[dict[int, int], dict[int, int], int]:
    """Propagate ON/OFF(start) with singles read off the changing board; when nested, also
    with locked candidates once the singles run out; with one_digit, only the start's
    digit is followed (hidden singles of that digit, no cell links: Nishio).

    Returns (on, off, contradiction): on/off map cand index -> ancestor bitset (node ids:
    2*i for OFF(i), 2*i + 1 for ON(i)); contradiction is the ancestor set of a
    contradiction, or 0 if none was met.
    """
    n, geo = board.n, board.geo
    units, cell_units, peers = geo.units, geo.cell_units, geo.peers
    t = tables(geo)
    cell_cands, unit_cands = t.cell_cands, t.unit_cands
    cands = board.cands[:]
    counts = counts[:]
    on_anc: dict[int, int] = {}
    off_anc: dict[int, int] = {}
    filled: set[int] = set()  # unit * n + digit already held by an ON node
    queue: deque[tuple[int, bool, int]] = deque([(start, on, 1 << (2 * start + on))])
    push, pop = queue.append, queue.popleft
    try:
        while queue or (nested and _locked_offs(board, cands, off_anc, queue)):
            i, is_on, anc = pop()
            c, d = divmod(i, n)
            b = 1 << d
            if is_on:
                if i in on_anc:
                    continue
                if not cands[c] & b:
                    raise _Contradiction(anc | off_anc.get(i, 0))
                on_anc[i] = anc
                for u in cell_units[c]:
                    filled.add(u * n + d)
                if not one_digit:
                    base = c * n - 1
                    for e in digits_of(cands[c] & ~b):
                        push((base + e, False, anc | 1 << (2 * (base + e))))
                for p in peers[c]:
                    if cands[p] & b:
                        j = p * n + d
                        push((j, False, anc | 1 << (2 * j)))
                continue
            if not cands[c] & b:
                continue
            if i in on_anc:
                raise _Contradiction(anc | on_anc[i])
            off_anc[i] = anc
            m = cands[c] = cands[c] & ~b
            if one_digit:
                pass  # the cell's other digits are not followed
            elif not m:
                raise _Contradiction(_union(off_anc, cell_cands[c]))
            elif not m & (m - 1):
                j = c * n + m.bit_length() - 1
                if j not in on_anc:
                    push((j, True, _union(off_anc, cell_cands[c]) | 1 << (2 * j + 1)))
            for u in cell_units[c]:
                k = u * n + d
                counts[k] -= 1
                if counts[k] > 1 or k in filled:  # still open, or held by an ON node
                    continue
                why = _union(off_anc, unit_cands[k])
                if counts[k] == 0:
                    raise _Contradiction(why)
                p = next(q for q in units[u] if cands[q] & b)
                j = p * n + d
                if j not in on_anc:
                    push((j, True, why | 1 << (2 * j + 1)))
    except _Contradiction as e:
        return on_anc, off_anc, e.ancestors
    return on_anc, off_anc, 0


def _locked_offs(
    board: Board, cands: list[int], off_anc: dict[int, int], queue: deque[tuple[int, bool, int]]
) -> bool:
    """Locked candidates on the assumed board: queue the OFF nodes they imply, each resting
    on the removals that locked the digit. True if any was queued."""
    n = board.n
    added = False
    for _box, _line, shared, box_rest, line_rest in tables(board.geo).crossings:
        inside = 0
        for c in shared:
            inside |= cands[c]
        if not inside:
            continue
        box_mask = line_mask = 0
        for c in box_rest:
            box_mask |= cands[c]
        for c in line_rest:
            line_mask |= cands[c]
        for source, s_mask, target, t_mask in (
            (box_rest, box_mask, line_rest, line_mask),
            (line_rest, line_mask, box_rest, box_mask),
        ):
            for d in digits_of(inside & ~s_mask & t_mask):
                why = _union(off_anc, (c * n + d - 1 for c in source))
                for c in target:
                    if cands[c] >> (d - 1) & 1:
                        j = c * n + d - 1
                        queue.append((j, False, why | 1 << (2 * j)))
                        added = True
    return added


def _union(anc: dict[int, int], keys: Iterable[int]) -> int:
    out = 0
    for k in keys:
        if k in anc:
            out |= anc[k]
    return out


def _place_counts(board: Board) -> list[int]:
    n, cands = board.n, board.cands
    counts = []
    for cells in board.geo.units:
        for d in range(n):
            counts.append(sum(1 for c in cells if cands[c] >> d & 1))
    return counts


def _dynamic_chains(board: Board, tech: Technique, nested: bool) -> list[Step]:
    """An assumption that leads to a contradiction, or cell/unit forcing chains, over
    dynamic links; the lowest-rated deduction."""
    n = board.n
    counts = _place_counts(board)
    best: tuple[float, Step] | None = None
    reach: dict[int, tuple[dict[int, int], dict[int, int]]] = {}
    alive = [c * n + d - 1 for c, m in enumerate(board.cands) for d in digits_of(m)]
    for s in alive:
        on_anc, off_anc, bad = _dynamic(board, counts, s, True, nested)
        if bad:
            value = tech.se + length_extra(bad.bit_count())
            if best is None or value < best[0]:
                cell, d = divmod(s, n)
                step = Step(
                    tech,
                    value,
                    (cell,),
                    (d + 1,),
                    eliminated=((cell, d + 1),),
                    chains=(_anc_nodes(bad, n),),
                )
                best = (value, step)
            reach[s] = ({}, {})
        else:
            reach[s] = (
                {i: a.bit_count() for i, a in off_anc.items()},
                {i: a.bit_count() for i, a in on_anc.items()},
            )
    for step in _common(board, reach):
        # cell/unit forcing over dynamic links: same length extra, on this technique's base
        value = step.difficulty - step.technique.se + tech.se
        if best is None or value < best[0]:
            best = (value, replace(step, technique=tech, difficulty=value))
    return [best[1]] if best else []


def nishio(board: Board) -> list[Step]:
    """A digit assumed in a cell, followed through its own hidden singles only, empties a
    unit of that digit or clashes: the assumption is false (SE's Nishio forcing chains)."""
    n = board.n
    tech = Technique.NISHIO
    counts = _place_counts(board)
    best: Step | None = None
    for c, m in enumerate(board.cands):
        for d in digits_of(m):
            s = c * n + d - 1
            bad = _dynamic(board, counts, s, True, nested=False, one_digit=True)[2]
            if bad:
                value = tech.se + length_extra(bad.bit_count())
                if best is None or value < best.difficulty:
                    best = Step(
                        tech, value, (c,), (d,), eliminated=((c, d),), chains=(_anc_nodes(bad, n),)
                    )
    return [best] if best else []


def dynamic_forcing_chains(board: Board) -> list[Step]:
    """Forcing chains that read singles off the board as the assumption fills it in."""
    return _dynamic_chains(board, Technique.DYNAMIC_FORCING_CHAINS, nested=False)


def nested_forcing_chains(board: Board) -> list[Step]:
    """Dynamic forcing chains with locked candidates nested inside the propagation."""
    return _dynamic_chains(board, Technique.NESTED_FORCING_CHAINS, nested=True)


def _anc_nodes(anc: int, n: int) -> tuple[Node, ...]:
    return tuple((k // 2 // n, k // 2 % n + 1, bool(k & 1)) for k in _bits(anc))
