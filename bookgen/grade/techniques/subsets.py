"""Locked candidates and naked/hidden subsets (pairs, triples, quads), with SE's direct forms.

Glossary:
  pointing     a digit whose places in a box lie on one line: removed from the rest of it
  claiming     a digit whose places in a line lie in one box: removed from the rest of it
  naked set    k cells of a unit whose candidates together are k digits: those digits
               leave the unit's other cells
  hidden set   k digits of a unit whose places together are k cells: other digits leave
               those cells
  direct       the same pattern, rated lower when its removals would leave a hidden
               single (for locked candidates: in another unit of the source's kind, as
               SE's Locking); as SE, the step places that single and removes nothing
  generalized  grids where a cell sees more than its row, column and box (X, hyper, the
               extra-unit kinds, anti-knight, anti-king), as Sukaku Explainer: a digit
               locked in some cells of a unit leaves every cell seeing them all
               (generalized intersection, in place of plain pointing and claiming); a
               naked set's digits leave every cell that sees all the set's cells holding
               them

The technique objects of this family stand at the end of the module, beside their
finders.
"""

from __future__ import annotations

from itertools import combinations

from ...core.grid import Geometry, symbol
from ...core.model import Family
from .. import phrases
from ..board import Board, Step, digits_of
from ..scale import Technique
from ..tables import tables
from ..technique import Rule


def _following_single(
    board: Board, elim: tuple[tuple[int, int], ...], source: int
) -> tuple[int, int] | None:
    """SE's direct pointing and claiming: the (cell, digit) of the hidden single that the
    removals leave in another unit of the source's kind (another box for pointing, a
    parallel line for claiming, another window), or None. The target itself cannot hold
    it: a single place there would be a single place in the source too, found earlier as a
    hidden single."""
    geo = board.geo
    kinds = tables(geo).kinds
    kind = kinds[source]
    near = {u for c, _ in elim for u in geo.cell_units[c] if kinds[u] == kind and u != source}
    d = elim[0][1]
    b = 1 << (d - 1)
    gone = {c for c, _ in elim}
    for u in sorted(near):
        places = [c for c in geo.units[u] if board.cands[c] & b]
        left = [c for c in places if c not in gone]
        if len(places) > 1 and len(left) == 1:
            return left[0], d
    return None


def _locked(board: Board, pointing: bool, direct: bool) -> list[Step]:
    """Locked candidates over the locks of one family: from a box to a line (pointing),
    or from a line to a box and then, on hyper grids, the windows' locks (claiming; a box
    -> window lock among them is still a pointing, rated so). On generalized grids only
    the direct forms run: Sukaku Explainer replaces plain pointing and claiming there by
    generalized intersections."""
    cands = board.cands
    t = tables(board.geo)
    if t.generalized and not direct:
        return []
    kinds = t.kinds
    locks, reads = (
        (t.pointing_locks, t.pointing_reads) if pointing else (t.claiming_locks, t.claiming_reads)
    )
    note = (_locked, pointing, direct)
    changed, clean = board.changed_since(note)
    for i, (source_unit, target_unit, shared, source, target) in enumerate(locks):
        if i < clean and not reads[i] & changed:
            continue  # nothing here at the last call, and the units it reads are the same
        inside = 0
        for c in shared:
            inside |= cands[c]
        if not inside:
            continue
        outside = 0
        for c in source:
            outside |= cands[c]
        locked = inside & ~outside
        if not locked:
            continue
        boxed = kinds[source_unit] == "box"
        if direct:
            tech = Technique.DIRECT_POINTING if boxed else Technique.DIRECT_CLAIMING
        else:
            tech = Technique.POINTING if boxed else Technique.CLAIMING
        for d in digits_of(locked):
            b = 1 << (d - 1)
            elim = tuple((c, d) for c in target if cands[c] & b)
            if not elim:
                continue
            cells = tuple(c for c in shared if cands[c] & b)
            units = (source_unit, target_unit)
            if not direct:
                board.leave_note(note, i)
                return [Step(tech, tech.se, cells, (d,), eliminated=elim, units=units)]
            single = _following_single(board, elim, source_unit)
            if single is not None:
                # as SE: the direct form places the single; its removals wait for the
                # ladder (applying them too would solve more than SE does at this step)
                board.leave_note(note, i)
                return [Step(tech, tech.se, cells, (d,), placed=(single,), units=units)]
    board.leave_note(note, len(locks))
    return []


def direct_pointing(board: Board) -> list[Step]:
    return _locked(board, pointing=True, direct=True)


def direct_claiming(board: Board) -> list[Step]:
    return _locked(board, pointing=False, direct=True)


def pointing(board: Board) -> list[Step]:
    return _locked(board, pointing=True, direct=False)


def claiming(board: Board) -> list[Step]:
    return _locked(board, pointing=False, direct=False)


_KIND_ORDER = (
    "box", "row", "column", "group", "window", "diagonal", "antidiagonal", "girandola",
    "asterisk", "center-dot",
)
"""Sukaku Explainer's order of unit kinds for generalized intersections (VLocking)."""


def seeing_all(board: Board, cells: tuple[int, ...] | list[int]) -> set[int]:
    """The cells (other than `cells`) that see every one of them."""
    sets = tables(board.geo).peer_sets
    common = set(sets[cells[0]])
    for c in cells[1:]:
        common &= sets[c]
    return common - set(cells)


def generalized_intersection(board: Board) -> list[Step]:
    """Sukaku Explainer's generalized intersections (grids with extra units only, 2.9): a digit
    with 2 to 6 places in a unit is true in one of them, so it leaves every cell that sees
    all of them. This is locked candidates between any two units (box and line, diagonal
    and box, window and row, ...) and more: the cell may see the places through
    different units."""
    cands, geo = board.cands, board.geo
    t = tables(geo)
    if not t.generalized:
        return []
    tech = Technique.GENERALIZED_INTERSECTION
    table = board.where()
    for kind in _KIND_ORDER:
        units = [u for u, k in enumerate(t.kinds) if k == kind]
        for d in range(1, board.n + 1):
            b = 1 << (d - 1)
            for u in units:
                pos = table[u][d - 1]
                if not 2 <= pos.bit_count() <= 6:
                    continue
                cells = geo.units[u]
                spots = tuple(cells[i] for i in range(len(cells)) if pos >> i & 1)
                elim = tuple((c, d) for c in sorted(seeing_all(board, spots)) if cands[c] & b)
                if elim:
                    return [Step(tech, tech.se, spots, (d,), eliminated=elim, units=(u,))]
    return []


_NAKED = {2: Technique.NAKED_PAIR, 3: Technique.NAKED_TRIPLE, 4: Technique.NAKED_QUAD}
_HIDDEN = {2: Technique.HIDDEN_PAIR, 3: Technique.HIDDEN_TRIPLE, 4: Technique.HIDDEN_QUAD}
_DIRECT_HIDDEN = {2: Technique.DIRECT_HIDDEN_PAIR, 3: Technique.DIRECT_HIDDEN_TRIPLE}


def _naked(board: Board, k: int) -> list[Step]:
    """k cells of a unit holding k digits between them. On generalized grids (Sukaku
    Explainer's generalized naked sets) each digit also leaves every cell that sees all
    the set's cells holding it, inside the unit or not."""
    cands, geo = board.cands, board.geo
    generalized = tables(geo).generalized
    tech = _NAKED[k]
    # a plain naked set depends only on the unit's candidates (a generalized one reads
    # cells outside it): units the same since the last call are not searched again
    note = (_naked, k)
    changed, clean = (-1, 0) if generalized else board.changed_since(note)
    for u, cells in enumerate(geo.units):
        if u < clean and not changed >> u & 1:
            continue
        empty = [c for c in cells if cands[c]]
        if len(empty) <= k:
            continue
        small = [c for c in empty if cands[c].bit_count() <= k]
        for combo in combinations(small, k):
            union = 0
            for c in combo:
                union |= cands[c]
            if union.bit_count() != k:
                continue
            if generalized:
                elim = tuple(sorted(
                    (c, d)
                    for d in digits_of(union)
                    for c in seeing_all(board, [x for x in combo if cands[x] >> (d - 1) & 1])
                    if cands[c] >> (d - 1) & 1
                ))
            else:
                elim = tuple(
                    (c, d) for c in empty if c not in combo for d in digits_of(cands[c] & union)
                )
            if elim:
                board.leave_note(note, u)
                return [Step(tech, tech.se, combo, digits_of(union), eliminated=elim, units=(u,))]
    board.leave_note(note, len(geo.units))
    return []


def _hidden(board: Board, k: int, direct: bool) -> list[Step]:
    note = (_hidden, k, direct)
    changed, clean = board.changed_since(note)
    for u in range(len(board.geo.units)):
        if u < clean and not changed >> u & 1:
            continue  # a hidden set depends only on the unit's candidates: the same as before
        got = _hidden_in(board, u, k, direct)
        if got is not None:
            board.leave_note(note, u)
            return [got]
    board.leave_note(note, len(board.geo.units))
    return []


def _hidden_in(board: Board, u: int, k: int, direct: bool) -> Step | None:
    """The first hidden set of k digits in unit u (its direct form: only when its
    removals leave a hidden single), or None."""
    cands, cells = board.cands, board.geo.units[u]
    tech = _DIRECT_HIDDEN[k] if direct else _HIDDEN[k]
    where = board.where()[u]
    small = [d for d, pos in enumerate(where, 1) if pos and pos.bit_count() <= k]
    if len(small) < k or sum(1 for pos in where if pos) <= k:
        return None
    for combo in combinations(small, k):
        pos = 0
        for d in combo:
            pos |= where[d - 1]
        if pos.bit_count() != k:
            continue
        keep = 0
        for d in combo:
            keep |= 1 << (d - 1)
        spots = tuple(cells[i] for i in range(len(cells)) if pos >> i & 1)
        elim = tuple((c, d) for c in spots for d in digits_of(cands[c] & ~keep))
        if not elim:
            continue
        if not direct:
            return Step(tech, tech.se, spots, combo, eliminated=elim, units=(u,))
        for d, places in enumerate(where, 1):
            rest = places & ~pos
            if not keep >> (d - 1) & 1 and places != rest and rest.bit_count() == 1:
                # as SE: the direct form places the hidden single it leaves, and only it
                single = (cells[rest.bit_length() - 1], d)
                return Step(tech, tech.se, spots, combo, placed=(single,), units=(u,))
    return None


def direct_hidden_pair(board: Board) -> list[Step]:
    return _hidden(board, 2, direct=True)


def direct_hidden_triple(board: Board) -> list[Step]:
    return _hidden(board, 3, direct=True)


def naked_pair(board: Board) -> list[Step]:
    return _naked(board, 2)


def naked_triple(board: Board) -> list[Step]:
    return _naked(board, 3)


def naked_quad(board: Board) -> list[Step]:
    return _naked(board, 4)


def hidden_pair(board: Board) -> list[Step]:
    return _hidden(board, 2, direct=False)


def hidden_triple(board: Board) -> list[Step]:
    return _hidden(board, 3, direct=False)


def hidden_quad(board: Board) -> list[Step]:
    return _hidden(board, 4, direct=False)


# ---------------------------------------------------------------- technique objects
T = Technique


def _locked_words(step: Step, geo: Geometry, what: str) -> str:
    names, units = geo.unit_names, step.units
    name = f"{step.technique.label} {phrases.set_name(len(step.cells))}"
    return (f"{name}: {symbol(step.digits[0])} in {names[units[0]]} confined to "
            f"{names[units[1]]} -> {what}")


def _generalized(step: Step, geo: Geometry, what: str) -> str:
    return (
        f"{step.technique.label}: {symbol(step.digits[0])} in "
        f"{geo.unit_names[step.units[0]]} only at {phrases.cells(geo, step.cells)}, so not "
        f"in the cells seeing them all -> {what}"
    )


def _naked_words(step: Step, geo: Geometry, what: str) -> str:
    u = step.units[0]
    inside = set(geo.units[u])
    beyond = any(c not in inside for c, _ in step.eliminated)
    seeing = " (and so not in any cell seeing all their places)" if beyond else ""
    return (
        f"{step.technique.label}: {phrases.cells(geo, step.cells)} hold only "
        f"{phrases.digits(step.digits)} in {geo.unit_names[u]}{seeing} -> {what}"
    )


def _hidden_words(step: Step, geo: Geometry, what: str) -> str:
    return (
        f"{step.technique.label}: {phrases.digits(step.digits)} in "
        f"{geo.unit_names[step.units[0]]} only at {phrases.cells(geo, step.cells)} -> {what}"
    )


DIRECT_POINTING = Rule(direct_pointing, (T.DIRECT_POINTING,), "1.7", Family.LOCKED,
                       _locked_words)
DIRECT_CLAIMING = Rule(direct_claiming, (T.DIRECT_CLAIMING,), "1.9", Family.LOCKED,
                       _locked_words)
DIRECT_HIDDEN_PAIR = Rule(direct_hidden_pair, (T.DIRECT_HIDDEN_PAIR,), "2.0",
                          Family.HIDDEN_SUBSET, _hidden_words)
DIRECT_HIDDEN_TRIPLE = Rule(direct_hidden_triple, (T.DIRECT_HIDDEN_TRIPLE,), "2.5",
                            Family.HIDDEN_SUBSET, _hidden_words)
POINTING = Rule(pointing, (T.POINTING,), "2.6", Family.LOCKED, _locked_words)
CLAIMING = Rule(claiming, (T.CLAIMING,), "2.8", Family.LOCKED, _locked_words)
GENERALIZED_INTERSECTION = Rule(
    generalized_intersection, (T.GENERALIZED_INTERSECTION,),
    "2.9; grids with extra units only, in place of pointing and claiming", Family.LOCKED,
    _generalized,
)
NAKED_PAIR = Rule(naked_pair, (T.NAKED_PAIR,), "3.0", Family.NAKED_SUBSET, _naked_words)
HIDDEN_PAIR = Rule(hidden_pair, (T.HIDDEN_PAIR,), "3.4", Family.HIDDEN_SUBSET,
                   _hidden_words)
NAKED_TRIPLE = Rule(naked_triple, (T.NAKED_TRIPLE,), "3.6", Family.NAKED_SUBSET,
                    _naked_words)
HIDDEN_TRIPLE = Rule(hidden_triple, (T.HIDDEN_TRIPLE,), "4.0", Family.HIDDEN_SUBSET,
                     _hidden_words)
NAKED_QUAD = Rule(naked_quad, (T.NAKED_QUAD,), "5.0", Family.NAKED_SUBSET, _naked_words)
HIDDEN_QUAD = Rule(hidden_quad, (T.HIDDEN_QUAD,), "5.4", Family.HIDDEN_SUBSET,
                   _hidden_words)
