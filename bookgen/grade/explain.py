"""The solution in plain words: one line per step, optionally with the candidate grid.

Glossary:
  r4c2 = 3     a placement;  r4c2 != 3  a candidate that is false (in chains)
  ->           what the step concludes: placements or 'removed D from cells'
The wording is meant for a printed "how it's solved" page.
"""

from __future__ import annotations

from ..core.grid import Geometry, symbol
from ..core.model import Family
from .board import Board, Node, Step, digits_of
from .killer_words import describe_killer
from .scale import Technique
from .solver import grade
from .tables import grading_geometry

T = Technique
_STRONG_LINKS = (
    T.SKYSCRAPER,
    T.TWO_STRING_KITE,
    T.TURBOT_CRANE,
    T.EMPTY_RECTANGLE,
    T.THREE_STRONG_LINKS,
    T.FOUR_STRONG_LINKS,
)


def _cells(geo: Geometry, cells: tuple[int, ...] | list[int]) -> str:
    return ", ".join(geo.label(c) for c in cells)


def _digits(ds: tuple[int, ...] | list[int]) -> str:
    return ", ".join(symbol(d) for d in ds)


def _removed(geo: Geometry, step: Step) -> str:
    """'removed 7 from r4c1, r4c8', grouped by digit or by cell, whichever is shorter."""
    by_digit: dict[int, list[int]] = {}
    by_cell: dict[int, list[int]] = {}
    for c, d in step.eliminated:
        by_digit.setdefault(d, []).append(c)
        by_cell.setdefault(c, []).append(d)
    if len(by_digit) == 1 and step.digits == tuple(by_digit):
        return "removed from " + _cells(geo, next(iter(by_digit.values())))
    if len(by_cell) < len(by_digit):
        return "removed " + "; ".join(
            f"{_digits(sorted(ds))} from {geo.label(c)}" for c, ds in by_cell.items()
        )
    return "removed " + "; ".join(
        f"{symbol(d)} from {_cells(geo, cells)}" for d, cells in sorted(by_digit.items())
    )


def _node(geo: Geometry, node: Node) -> str:
    cell, d, on = node
    return f"{geo.label(cell)}{'=' if on else '!='}{symbol(d)}"


def _result(geo: Geometry, step: Step) -> str:
    parts = [f"{geo.label(c)} = {symbol(v)}" for c, v in step.placed]
    if step.eliminated:
        parts.append(_removed(geo, step))
    return "; ".join(parts)


def _set_name(k: int) -> str:
    return {1: "single", 2: "pair", 3: "triple"}.get(k, "quad")


_DYNAMIC = (
    T.DYNAMIC_FORCING_CHAINS,
    T.DYNAMIC_FORCING_CHAINS_PLUS,
    T.NESTED_FORCING_CHAINS,
    T.NESTED_MULTIPLE_FORCING_CHAINS,
    T.NESTED_DYNAMIC_FORCING_CHAINS,
)
"""The dynamic searches: a cell's candidates, a digit's places in a unit, or one
assumption's contradiction."""


def describe(step: Step, geo: Geometry) -> str:
    """One step in plain words; units by name ('row 3', 'diagonal 1', 'window 2',
    'region 4', 'hidden window 1 (r159c159)')."""
    geo = grading_geometry(geo)
    t, units, names = step.technique, step.units, geo.unit_names
    what = _result(geo, step)
    if t.family is Family.CAGE:
        return describe_killer(step, geo, what)
    if t is T.FULL_HOUSE:
        return f"{what}: full house, the last empty cell of {names[units[0]]}"
    if t in (T.HIDDEN_SINGLE_BOX, T.HIDDEN_SINGLE_LINE):
        return f"{what}: hidden single in {names[units[0]]}"
    if t in (T.NAKED_SINGLE, T.BUG, T.BUG_TYPE_2, T.TRIAL):
        return f"{what}: {t.label} ({t.description})"
    if t in (T.POINTING, T.CLAIMING, T.DIRECT_POINTING, T.DIRECT_CLAIMING):
        name = f"{t.label} {_set_name(len(step.cells))}"
        dig = symbol(step.digits[0])
        return f"{name}: {dig} in {names[units[0]]} confined to {names[units[1]]} -> {what}"
    if t is T.GENERALIZED_INTERSECTION:
        return (
            f"{t.label}: {symbol(step.digits[0])} in {names[units[0]]} only at "
            f"{_cells(geo, step.cells)}, so not in the cells seeing them all -> {what}"
        )
    if t in (T.NAKED_PAIR, T.NAKED_TRIPLE, T.NAKED_QUAD):
        inside = set(geo.units[units[0]])
        beyond = any(c not in inside for c, _ in step.eliminated)
        seeing = " (and so not in any cell seeing all their places)" if beyond else ""
        return (
            f"{t.label}: {_cells(geo, step.cells)} hold only {_digits(step.digits)} "
            f"in {names[units[0]]}{seeing} -> {what}"
        )
    if t in (
        T.HIDDEN_PAIR,
        T.HIDDEN_TRIPLE,
        T.HIDDEN_QUAD,
        T.DIRECT_HIDDEN_PAIR,
        T.DIRECT_HIDDEN_TRIPLE,
    ):
        return (
            f"{t.label}: {_digits(step.digits)} in {names[units[0]]} only at "
            f"{_cells(geo, step.cells)} -> {what}"
        )
    if t in (T.X_WING, T.SWORDFISH, T.JELLYFISH):
        k = len(units) // 2
        base = ", ".join(names[u] for u in units[:k])
        cover = ", ".join(names[u] for u in units[k:])
        return f"{t.label}: {symbol(step.digits[0])} in {base} confined to {cover} -> {what}"
    if t in _STRONG_LINKS:
        dig = symbol(step.digits[0])
        links = ", ".join(names[u] for u in units)
        return (
            f"{t.label}: strong links on {dig} in {links}, joined end to end, so one free end "
            f"holds {dig} -> {what}"
        )
    if t in (T.WXYZ_WING, T.VWXYZ_WING, T.UVWXYZ_WING, T.TUVWXYZ_WING):
        *als, yz = step.cells
        return (
            f"{t.label}: {_cells(geo, als)} hold only {_digits(step.digits)} between them, "
            f"and the bivalue {geo.label(yz)} is linked to them -> {what}"
        )
    if t in (T.XY_WING, T.XYZ_WING):
        pivot, *pincers = step.cells
        return (
            f"{t.label}: pivot {geo.label(pivot)}, pincers {_cells(geo, pincers)} "
            f"on {_digits(step.digits)} -> {what}"
        )
    if t in (T.UNIQUE_RECTANGLE, T.UNIQUE_LOOP):
        return f"{t.label} on {_digits(step.digits[:2])} at {_cells(geo, step.cells[:4])} -> {what}"
    if t is T.ALIGNED_PAIR_EXCLUSION:
        return f"{t.label}: {_cells(geo, step.cells[:2])} in {names[units[0]]} -> {what}"
    if t is T.ALIGNED_TRIPLE_EXCLUSION:
        return f"{t.label}: {_cells(geo, step.cells)} -> {what}"
    if t in (T.CYCLE, T.X_CHAIN, T.AIC):
        chains = [" -> ".join(_node(geo, nd) for nd in chain) for chain in step.chains]
        if len(chains) == 1:
            return f"{t.label}: {chains[0]}, so {what}"
        return f"{t.label}: {chains[0]}, but {chains[1]}: a contradiction, so {what}"
    if t in (T.CELL_FORCING_CHAINS, T.UNIT_FORCING_CHAINS):
        source = (
            f"every candidate of {geo.label(step.cells[0])}"
            if t is T.CELL_FORCING_CHAINS
            else f"every place of {symbol(step.digits[0])} in {names[units[0]]}"
        )
        return f"{t.label}: {source} leads to the same conclusion -> {what}"
    same = "leads to the same conclusion"
    if t in _DYNAMIC and step.units:
        dig = symbol(step.digits[0])
        return f"{t.label}: every place of {dig} in {names[units[0]]} {same} -> {what}"
    if t in _DYNAMIC and len(step.chains) > 1:
        return f"{t.label}: every candidate of {geo.label(step.cells[0])} {same} -> {what}"
    # a contradiction (dynamic or Nishio): the assumption is the opposite of the result
    cell, d = step.placed[0] if step.placed else step.eliminated[0]
    sign = "!=" if step.placed else "="
    return (
        f"{t.label}: assuming {geo.label(cell)} {sign} {symbol(d)} leads to a contradiction "
        f"(rated {step.difficulty:.1f} for its length) -> {what}"
    )


def format_candidates(board: Board) -> str:
    """The candidate grid: each empty cell lists its candidates, filled cells their value.
    '|' and '-' mark box borders; on a jigsaw grid they mark region borders, wherever two
    neighbouring cells lie in different regions ('+' where borders meet)."""
    geo, n = board.geo, board.n
    regions = geo.regions
    fields = []
    for cell in range(geo.ncells):
        v = board.values[cell]
        text = symbol(v) if v else "".join(symbol(d) for d in digits_of(board.cands[cell]))
        fields.append(text.center(n) if v else text.ljust(n))
    rows = []
    for r in range(n):
        if r:
            marks = [regions[r * n + c] != regions[(r - 1) * n + c] for c in range(n)]
            if any(marks):
                rows.append(_border_line(marks, regions, r, n))
        parts = [fields[r * n]]
        for c in range(1, n):
            wall = regions[r * n + c] != regions[r * n + c - 1]
            parts.append((" | " if wall else " ") + fields[r * n + c])
        rows.append("".join(parts).rstrip())
    return "\n".join(rows)


def _border_line(marks: list[bool], regions: tuple[int, ...], r: int, n: int) -> str:
    """The line between rows r - 1 and r: '-' under each cell whose region changes there,
    '+' at a column border next to one."""
    out = []
    for c in range(n):
        if c:
            wall = (regions[r * n + c] != regions[r * n + c - 1]
                    or regions[(r - 1) * n + c] != regions[(r - 1) * n + c - 1])
            left, right = marks[c - 1], marks[c]
            if wall:
                out.append("-+-" if left or right else " | ")
            else:
                out.append("-" if left and right else " ")
        out.append(("-" if marks[c] else " ") * n)
    return "".join(out).rstrip()


def explain(values: tuple[int, ...], geo: Geometry, candidates: bool = False) -> str:
    """The step-by-step solution in plain words, headed by the grade.

    With candidates, the candidate grid is shown before every step that is not a single.
    """
    g = grade(values, geo)
    out = [f"grade {g.grade:.1f} ({g.band.value}), hardest step: {g.hardest or 'none'}"]
    if candidates:
        board = Board(values, geo)
    singles = {T.FULL_HOUSE, T.HIDDEN_SINGLE_BOX, T.HIDDEN_SINGLE_LINE, T.NAKED_SINGLE}
    for k, step in enumerate(g.steps, 1):
        if candidates and step.technique not in singles:
            out.append("")
            out.append(format_candidates(board))
            out.append("")
        out.append(f"{k}. {describe(step, geo)}")
        if candidates:
            board.apply(step)
    if not g.solved:
        out.append("no solution: the givens leave a cell without candidates")
    return "\n".join(out)
