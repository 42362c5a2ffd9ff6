"""Fish: X-wing (2), swordfish (3), jellyfish (4) on rows and columns.

Glossary:
  base lines   k rows (or columns) where a digit has 2..k places
  cover lines  the k columns (or rows) holding all those places; the digit leaves the
               rest of the cover lines

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, pairwise

from ...core.grid import Geometry, GeometryKey, symbol
from ...core.model import Family
from ..board import Board, Step, set_bits
from ..scale import Technique
from ..tables import kept, per_geometry, tables
from ..technique import Rule

_FISH = {2: Technique.X_WING, 3: Technique.SWORDFISH, 4: Technique.JELLYFISH}


_FOUND_FISH: dict[GeometryKey, dict[tuple[int, bool, int, int], Step | None]] = {}


def _fish(board: Board, k: int) -> list[Step]:
    """The first fish of size k: rows as base lines first, digits ascending."""
    found = per_geometry(_FOUND_FISH, board.geo)
    holders = board.holders()
    for by_rows in (True, False):
        for d in range(1, board.n + 1):
            # a digit's fish depends only on its holders: unchanged ones are not searched
            got = kept(found, (k, by_rows, d, holders[d]), _digit_fish, board, k, by_rows, d)
            if got is not None:
                return [got]
    return []


def _digit_fish(board: Board, k: int, by_rows: bool, d: int) -> Step | None:
    """The first fish of size k on digit d with rows (or columns) as base lines, or None."""
    cands, geo, n = board.cands, board.geo, board.n
    t = tables(geo)
    tech = _FISH[k]
    table = board.where()
    base, cover = (t.rows, t.cols) if by_rows else (t.cols, t.rows)
    b = 1 << (d - 1)
    spots = []
    for i, u in enumerate(base):
        pos = table[u][d - 1]
        if 2 <= pos.bit_count() <= k:
            spots.append((i, pos))
    for combo in combinations(spots, k):
        # A place is a line's j-th cell, crossed by its own grid's j-th cover line: on a
        # board of several grids the lines are n per grid, and a fish stays in one grid.
        grid = combo[0][0] // n
        if any(i // n != grid for i, _ in combo):
            continue
        pos = 0
        for _, p in combo:
            pos |= p
        if pos.bit_count() != k:
            continue
        base_units = {base[i] for i, _ in combo}
        base_cells = {c for u in base_units for c in geo.units[u]}
        covers = tuple(cover[grid * n + j] for j in range(n) if pos >> j & 1)
        elim = tuple(
            (c, d)
            for cu in covers
            for c in geo.units[cu]
            if cands[c] & b and c not in base_cells
        )
        if elim:
            cells = tuple(
                sorted(c for u in base_units for c in geo.units[u] if cands[c] & b)
            )
            units = tuple(sorted(base_units)) + covers
            return Step(tech, tech.se, cells, (d,), eliminated=elim, units=units)
    return None


def x_wing(board: Board) -> list[Step]:
    return _fish(board, 2)


def swordfish(board: Board) -> list[Step]:
    return _fish(board, 3)


def jellyfish(board: Board) -> list[Step]:
    return _fish(board, 4)


def _kind(board: Board, unit: int) -> str:
    return tables(board.geo).kinds[unit]


_BOXLIKE = ("box", "group", "window")
"""Units whose strong links may be grouped as a box's are (SE's empty rectangle): boxes,
disjoint groups and windows, whose cells lie on three rows and three columns; the other
units group as lines do, by their segments."""

_BOX_SEGMENTED = ("row", "column", "diagonal", "antidiagonal")
"""Lines a grouped link cuts at their box segments; a one-unit shape (asterisk, ...) is
cut into thirds instead, its first, middle and last three cells, as Sukaku Explainer cuts
it (the asterisk has one cell in each box)."""

_CLASSIC_UNITS = ("row", "column", "box")
"""Units a link outside of rates +0.3, as a grouped link does (Sukaku Explainer: a link
in any extra unit, diagonal, window, disjoint group or shape)."""


Link = tuple[int, frozenset[int], frozenset[int], bool]
"""A strong link on one digit: (unit, one end, other end, grouped). The digit is true in
one of the two ends; an end is a cell, or a group of cells in one box and one line."""


def _unit_links(geo: Geometry, u: int, pos: int) -> list[Link]:
    """Every strong link of a unit where a digit's places are `pos` (bit i: the unit's
    i-th cell), both orientations. It depends only on the unit and those places, not on
    the digit.

    Plain: exactly two places (in a box only when they are not on one line, else it
    repeats the line's link). Grouped (SE's 'empty rectangle' family, up to six places):
    in a box, places all on one row and one column of it, split into the row part and the
    column part; in a line, places in exactly two of its segments (a shape's thirds). On
    grids with extra units (Sukaku Explainer), a box with no such crossing whose 4 to 6
    places lie on two of its rows (or columns) splits into those; windows and disjoint
    groups group as boxes, but with the crossing in the first line Sukaku reads the unit
    by only (a window: _read_down; a group: its first row); diagonals and shapes group as
    lines.
    """
    cells = geo.units[u]
    t = tables(geo)
    kind = t.kinds[u]
    out: list[Link] = []

    def add(x: frozenset[int], y: frozenset[int], grouped: bool) -> None:
        out.append((u, x, y, grouped))
        out.append((u, y, x, grouped))

    spots = [cells[i] for i in set_bits(pos)]
    if len(spots) == 2:
        p, q = spots
        same_line = geo.row(p) == geo.row(q) or geo.col(p) == geo.col(q)
        if kind not in _BOXLIKE or not same_line:
            add(frozenset((p,)), frozenset((q,)), False)
        return out
    if not 2 < len(spots) <= 6:
        return out
    if kind in _BOXLIKE:
        rows = sorted({geo.row(c) for c in cells})
        cols = sorted({geo.col(c) for c in cells})
        across = kind == "window" and _read_down(rows, cols)
        if kind in ("window", "group"):
            # Sukaku Explainer tries a window's (a disjoint group's) hearts in the first
            # line it reads only
            rows, cols = (rows, cols[:1]) if across else (rows[:1], cols)
        for r in rows:
            for c in cols:
                if any(geo.row(x) != r and geo.col(x) != c for x in spots):
                    continue
                heart = geo.cell_at(r, c)
                assert heart is not None  # a box lies inside one grid
                arm_r = frozenset(x for x in spots if geo.row(x) == r and x != heart)
                arm_c = frozenset(x for x in spots if geo.col(x) == c and x != heart)
                if not arm_r or not arm_c:
                    continue
                held = heart in spots
                if t.generalized:
                    # the arm along the way the unit is read is Sukaku's row arm
                    add(*_se_ends(*((arm_c, arm_r) if across else (arm_r, arm_c)), heart,
                                  held), True)
                elif held:  # the heart may join either arm
                    add(arm_r | {heart}, arm_c, True)
                    add(arm_r, arm_c | {heart}, True)
                else:
                    add(arm_r, arm_c, True)
        if not out and kind == "box" and t.generalized and len(spots) >= 4:
            # Sukaku Explainer also splits a box's places between two of its rows, or two
            # of its columns (both ways when they fill a 2x2 square)
            for line_of in (geo.row, geo.col):
                lines = sorted({line_of(x) for x in spots})
                if len(lines) == 2:
                    first = frozenset(x for x in spots if line_of(x) == lines[0])
                    add(first, frozenset(spots) - first, True)
    else:
        segments: dict[int, set[int]] = {}
        by_box = kind in _BOX_SEGMENTED
        for i in set_bits(pos):
            x = cells[i]
            segments.setdefault(geo.box(x) if by_box else i // 3, set()).add(x)
        if len(segments) == 2:
            one, two = segments.values()
            add(frozenset(one), frozenset(two), True)
    return out


def _read_down(rows: list[int], cols: list[int]) -> bool:
    """Whether Sukaku Explainer reads a window's cells column by column: the hidden
    windows on consecutive rows and spread columns (r234c159, r678c159) it does; every
    other window, row by row."""
    return rows == list(range(rows[0], rows[0] + len(rows))) and cols != list(
        range(cols[0], cols[0] + len(cols))
    )


def _se_ends(
    arm_r: frozenset[int], arm_c: frozenset[int], heart: int, held: bool
) -> tuple[frozenset[int], frozenset[int]]:
    """The two ends of a crossing's link as Sukaku Explainer draws them: a two-cell arm
    takes the heart in when the heart holds the digit or the other arm is a single cell;
    of two single cells (the heart holding the digit) the column's takes it (the row's
    and the column's as SE reads the unit: a window read column by column swaps them). A
    cell the link removes from must see the heart too then: on X and hyper grids a cell
    may see an arm without seeing the heart, through a diagonal or window."""
    if len(arm_r) == len(arm_c) == 1:
        return arm_r, arm_c | {heart}

    def end(arm: frozenset[int], other: frozenset[int]) -> frozenset[int]:
        return arm | {heart} if len(arm) == 2 and (held or len(other) == 1) else arm

    return end(arm_r, arm_c), end(arm_c, arm_r)


_Masks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_MASKS: dict[GeometryKey, _Masks] = {}


def _masks(geo: Geometry) -> _Masks:
    """Bitmask tables of a geometry: per cell its units and its peers; per unit its cells;
    and the units of each kind in SE's order for a weak link's unit (column, row, box,
    then the variant's units)."""
    key = geo.key
    got = _MASKS.get(key)
    if got is None:
        t = tables(geo)
        unit_kinds = t.kinds
        cell_units, peers, unit_cells = t.cell_units, t.peer_cells, t.unit_cells
        order = ("column", "row", "box")
        kinds = tuple(
            sum(1 << u for u in range(len(geo.units)) if unit_kinds[u] == kind)
            for kind in order
        )
        kinds += (sum(1 << u for u in range(len(geo.units)) if unit_kinds[u] not in order),)
        got = _MASKS[key] = (cell_units, peers, unit_cells, kinds)
    return got


def _join(common_units: int, kinds: tuple[int, ...]) -> int:
    """The unit of a weak link among the units two ends share: a column first, then a
    row, then a box (as SE names it), then a diagonal or window; -1 if they share none."""
    for km in kinds:
        x = common_units & km
        if x:
            return (x & -x).bit_length() - 1
    return -1


def _two_links(board: Board, units: list[int], extra: float, grouped: bool) -> Technique:
    """The name of a two-link chain: SE rates the kite and the turbot crane alike."""
    if extra == 0.0:
        return Technique.SKYSCRAPER
    if grouped:
        return Technique.EMPTY_RECTANGLE
    if any(_kind(board, u) != "row" and _kind(board, u) != "column" for u in units):
        return Technique.TURBOT_CRANE
    return Technique.TWO_STRING_KITE


_MORE_LINKS = {3: Technique.THREE_STRONG_LINKS, 4: Technique.FOUR_STRONG_LINKS}


def _extra(board: Board, units: list[int], grouped: bool) -> float:
    """SE's extra for a chain of strong links: +0.3 with a grouped link or a link in a
    unit other than a row, column or box (Sukaku Explainer); else nothing when all links
    are parallel lines, +0.2 with a box and lines both ways, +0.1 otherwise."""
    kinds = {_kind(board, u) for u in units}
    if grouped or kinds - set(_CLASSIC_UNITS):
        return 0.3
    if kinds in ({"row"}, {"column"}):
        return 0.0
    if kinds >= {"box", "row", "column"}:
        return 0.2
    return 0.1


class _End:
    """One end of an oriented strong link, as bitmasks."""

    __slots__ = ("cells", "units", "peers", "unit_list")

    def __init__(self, geo: Geometry, group: frozenset[int]) -> None:
        cell_units, peers, _, _ = _masks(geo)
        self.cells = 0
        self.units = -1
        self.peers = -1
        for c in group:
            self.cells |= 1 << c
            self.units &= cell_units[c]
            self.peers &= peers[c]
        self.unit_list = tuple(set_bits(self.units))


_UNIT_LIMIT = 1 << 15
"""Entries kept in the cache of each unit's links (27 units of a 9x9 grid with 2 to 6
places each make about 12,000)."""


_ENDS: dict[tuple[GeometryKey, frozenset[int]], _End] = {}


def _end(geo: Geometry, group: frozenset[int]) -> _End:
    """The _End of a group of cells, made once per geometry (a link's ends recur from one
    board state to the next)."""
    return kept(_ENDS, (geo.key, group), _End, geo, group)


class _UnitLinks:
    """The strong links of one unit for one set of places (see _unit_links), with their
    ends as bitmasks, the cells of each link, and which links start in which unit."""

    __slots__ = ("links", "ends", "cells", "starting")

    def __init__(self, geo: Geometry, u: int, pos: int) -> None:
        self.links = _unit_links(geo, u, pos)
        self.ends = [(_end(geo, link[1]), _end(geo, link[2])) for link in self.links]
        self.cells = [start.cells | end.cells for start, end in self.ends]
        starting: dict[int, int] = {}
        for j, (start, _) in enumerate(self.ends):
            for v in start.unit_list:
                starting[v] = starting.get(v, 0) | 1 << j
        self.starting = tuple(starting.items())
        """(unit, links whose start lies in it as bits, the first link bit 0)."""


_UNITS: dict[GeometryKey, dict[tuple[int, int], _UnitLinks]] = {}


class _Network:
    """The strong links of one digit, with what chains need (they depend only on the
    digit's places)."""

    __slots__ = ("links", "ends", "cells", "_starting", "_nexts", "_kinds")

    def __init__(self, board: Board, d: int) -> None:
        geo = board.geo
        kept_links = per_geometry(_UNITS, geo)
        self.links: list[Link] = []
        self.ends: list[tuple[_End, _End]] = []
        self.cells: list[int] = []
        self._starting: dict[int, int] = {}  # unit -> links whose start lies in it, as bits
        starting = self._starting
        # a unit's links depend only on its places of the digit: kept by those, they
        # serve every digit, board state and puzzle where the unit has the same places
        for u, row in enumerate(board.where()):
            pos = row[d - 1]
            if not 2 <= pos.bit_count() <= 6:
                continue
            part = kept(kept_links, (u, pos), _UnitLinks, geo, u, pos, limit=_UNIT_LIMIT)
            if not part.links:
                continue
            first = len(self.links)
            self.links += part.links
            self.ends += part.ends
            self.cells += part.cells
            for v, bits in part.starting:
                starting[v] = starting.get(v, 0) | bits << first
        self._kinds = _masks(geo)[3]
        self._nexts: list[list[int] | None] = [None] * len(self.links)

    def near(self, i: int) -> int:
        """The links whose start shares a unit with link i's end, as bits."""
        near = 0
        starting = self._starting
        for u in self.ends[i][1].unit_list:
            near |= starting.get(u, 0)
        return near

    def nexts(self, i: int) -> list[int]:
        """The links that can follow link i (its end and their start share a unit, no
        shared cell or unit), in reverse order (as a depth-first search takes them);
        computed when first asked."""
        got = self._nexts[i]
        if got is None:
            links, cells = self.links, self.cells
            unit, mine = links[i][0], cells[i]
            got = [j for j in set_bits(self.near(i)) if links[j][0] != unit and not cells[j] & mine]
            got.reverse()
            self._nexts[i] = got
        return got

    def near_desc(self, i: int) -> Iterator[int]:
        """The links near link i's end (see near), highest first."""
        near = self.near(i)
        while near:
            j = near.bit_length() - 1
            near ^= 1 << j
            yield j

    def join(self, i: int, j: int) -> int:
        """The unit of the weak link from link i's end to link j's start (see _join)."""
        return _join(self.ends[i][1].units & self.ends[j][0].units, self._kinds)


_Best = tuple[float, int, Step]
"""A strong-link deduction's sort key (rating, minus its removals) and the step."""

_NETWORKS: dict[GeometryKey, dict[tuple[int, int], _Network]] = {}
_FOUND: dict[GeometryKey, dict[tuple[int, int, int], _Best | None]] = {}


def _network(board: Board, d: int, holders: int) -> _Network:
    """The digit's network. It depends only on where the digit is a candidate, so it is
    kept by that: the 2, 3 and 4-link searches share it, and so do the board states after
    steps that did not touch the digit."""
    return kept(per_geometry(_NETWORKS, board.geo), (d, holders), _Network, board, d)


def strong_links(board: Board, k: int) -> list[Step]:
    """k strong links on one digit joined end to start by weak links: one of the chain's
    two free ends holds the digit, so it leaves the cells that see both ends (except in
    the chain's own units and joining units, as SE). SE rates 2 links 4.0 (skyscraper),
    3 links 5.4, 4 links 5.8, plus _extra; the lowest-rated chain is taken, then the one
    removing most (the first such, digits ascending).
    """
    best: _Best | None = None
    found = per_geometry(_FOUND, board.geo)
    for d, holders in enumerate(board.holders()):
        if not holders:
            continue
        # a digit's chains depend only on its holders: unchanged ones are not searched again
        got = kept(found, (k, d, holders), _digit_chains, board, k, d, holders)
        if got is not None and (best is None or got[:2] < best[:2]):
            best = got
    return [best[2]] if best else []


def _digit_chains(board: Board, k: int, d: int, holders: int) -> _Best | None:
    """The best chain of k strong links on digit d (see strong_links), or None."""
    net = _network(board, d, holders)
    if len(net.links) < 2 * k:
        return None
    _, _, unit_cells, kinds = _masks(board.geo)
    best: _Best | None = None
    links, ends = net.links, net.ends
    for chain, joins, used in _chains(net, k, holders):
        start, end = ends[chain[0]][0], ends[chain[-1]][1]
        units = [links[c][0] for c in chain]
        banned = 0
        for u in units:
            banned |= unit_cells[u]
        if _join(start.units & end.units, kinds) >= 0:
            # a ring (X-loop): every weak link, the closing one too, holds the digit
            # at one of its ends, so it leaves the cells seeing both
            victims = start.peers & end.peers
            for t in range(k - 1):
                victims |= ends[chain[t]][1].peers & ends[chain[t + 1]][0].peers
            victims &= holders & ~banned
        else:
            for u in joins:
                banned |= unit_cells[u]
            victims = start.peers & end.peers & holders & ~banned
        if not victims:
            continue
        elim = tuple((c, d) for c in set_bits(victims))
        grouped = any(links[c][3] for c in chain)
        extra = _extra(board, units, grouped)
        tech = _two_links(board, units, extra, grouped) if k == 2 else _MORE_LINKS[k]
        base = Technique.SKYSCRAPER.se if k == 2 else tech.se
        value = round(base + extra, 1)
        if best is None or (value, -len(elim)) < best[:2]:
            # an end may hold a crossing cell without the digit (_se_ends): not drawn
            pattern = tuple(set_bits(used & holders))
            step = Step(tech, value, pattern, (d,), eliminated=elim, units=tuple(units))
            best = (value, -len(elim), step)
    return best


_Chain = tuple[list[int], list[int], int]
"""A chain of links: the links (indices into the network), the joining units, the cells."""


def _chains(net: _Network, k: int, holders: int) -> Iterator[_Chain]:
    """Every chain of k links disjoint in cells and units whose two free ends see a common
    holder of the digit (only those can remove anything), each once (links come in
    flipped pairs: a chain read backwards is left out), depth first."""
    links, ends, cells = net.links, net.ends, net.cells
    tails = [e.peers for _, e in ends]

    def extend(chain: list[int], used: int, units: tuple[int, ...], seen: int) -> Iterator[_Chain]:
        # depth first, the followers in reverse order (as a stack would pop them)
        first = chain[0]
        if len(chain) == k - 1:
            # a two-link chain's first link is the only prefix ending in it: its followers,
            # worked out once and kept for longer chains, would not pay; every link near
            # its end is tried instead (highest first, as the followers are)
            for j in net.nexts(chain[-1]) if k > 2 else net.near_desc(chain[-1]):
                # the same chain read backwards (links come in flipped pairs) is met once
                if first > j ^ 1 or not tails[j] & seen:
                    continue
                if not cells[j] & used and links[j][0] not in units:
                    whole = chain + [j]
                    joins = [net.join(a, b) for a, b in pairwise(whole)]
                    yield whole, joins, used | cells[j]
            return
        for j in net.nexts(chain[-1]):
            if not cells[j] & used and links[j][0] not in units:
                yield from extend(chain + [j], used | cells[j], units + (links[j][0],), seen)

    for i in range(len(links) - 1, -1, -1):
        seen = ends[i][0].peers & holders
        if seen:
            yield from extend([i], cells[i], (links[i][0],), seen)


def two_strong_links(board: Board) -> list[Step]:
    return strong_links(board, 2)


def three_strong_links(board: Board) -> list[Step]:
    return strong_links(board, 3)


def four_strong_links(board: Board) -> list[Step]:
    return strong_links(board, 4)


# ---------------------------------------------------------------- technique objects
T = Technique
_EXTRA = ("+0.1 with a box or lines both ways, +0.2 with both, +0.3 grouped or with a "
          "diagonal or window")


def _fish_words(step: Step, geo: Geometry, what: str) -> str:
    names, units = geo.unit_names, step.units
    k = len(units) // 2
    base = ", ".join(names[u] for u in units[:k])
    cover = ", ".join(names[u] for u in units[k:])
    return (f"{step.technique.label}: {symbol(step.digits[0])} in {base} confined to "
            f"{cover} -> {what}")


def _links(step: Step, geo: Geometry, what: str) -> str:
    dig = symbol(step.digits[0])
    links = ", ".join(geo.unit_names[u] for u in step.units)
    return (
        f"{step.technique.label}: strong links on {dig} in {links}, joined end to end, so "
        f"one free end holds {dig} -> {what}"
    )


X_WING = Rule(x_wing, (T.X_WING,), "3.2", Family.FISH, _fish_words)
SWORDFISH = Rule(swordfish, (T.SWORDFISH,), "3.8", Family.FISH, _fish_words)
JELLYFISH = Rule(jellyfish, (T.JELLYFISH,), "5.2", Family.FISH, _fish_words)
TWO_STRONG_LINKS = Rule(
    two_strong_links,
    (T.SKYSCRAPER, T.TWO_STRING_KITE, T.TURBOT_CRANE, T.EMPTY_RECTANGLE),
    "4.0 on parallel lines, 4.1 with a box or lines both ways, 4.3 with a grouped link "
    "or a diagonal or window",
    Family.STRONG_LINKS, _links,
)
THREE_STRONG_LINKS = Rule(three_strong_links, (T.THREE_STRONG_LINKS,), f"5.4; {_EXTRA}",
                          Family.STRONG_LINKS, _links)
FOUR_STRONG_LINKS = Rule(four_strong_links, (T.FOUR_STRONG_LINKS,), f"5.8; {_EXTRA}",
                         Family.STRONG_LINKS, _links)
