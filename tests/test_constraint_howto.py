"""The how-to pages of the seven constraint kinds (anti-knight, anti-king, non-consecutive,
disjoint groups, asterisk, centre dot, girandola): each example is a unique puzzle, the
step its page works is the one the grader finds, and without the kind's rule the step's
cell is not decided; the words name the step's cells in every language.

Counting and the rules here are the tests' own: units and chess moves written out below
from the kinds' definitions, not read from bookgen's geometry.
"""

from __future__ import annotations

import re

import pytest

from bookgen.core.grid import geometry
from bookgen.core.lang import Texts, fields, languages
from bookgen.core.rules import Variant
from bookgen.grade.board import Board
from bookgen.grade.techniques.singles import (
    hidden_singles_box,
    hidden_singles_line,
    naked_singles,
)
from bookgen.render.howto import Guide, guide

KINDS = ("anti-knight", "anti-king", "non-consecutive", "disjoint-groups", "asterisk",
         "center-dot", "girandola")
PAIRED = KINDS[:3]

ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
BOXES = [[(br * 3 + i) * 9 + bc * 3 + j for i in range(3) for j in range(3)]
         for br in range(3) for bc in range(3)]
HOUSES = ROWS + COLS + BOXES

# the shapes as Sudoku Explainer lists them, (row, column) from 1
SHAPES = {
    "asterisk": [(2, 5), (3, 3), (3, 7), (5, 2), (5, 5), (5, 8), (7, 3), (7, 7), (8, 5)],
    "center-dot": [(r, c) for r in (2, 5, 8) for c in (2, 5, 8)],
    "girandola": [(1, 1), (1, 9), (2, 5), (5, 2), (5, 5), (5, 8), (8, 5), (9, 1), (9, 9)],
}
KNIGHT = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
DIAGONAL = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
SIDE = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def extra_units(kind: str) -> list[list[int]]:
    """The units a kind adds to rows, columns and boxes."""
    if kind == "disjoint-groups":
        return [[b[k] for b in BOXES] for k in range(9)]
    if kind in SHAPES:
        return [[(r - 1) * 9 + c - 1 for r, c in SHAPES[kind]]]
    return []


def bound(kind: str, cell: int) -> list[int]:
    """The cells a kind's pair rule binds to `cell` (none for the unit kinds)."""
    steps = {"anti-knight": KNIGHT, "anti-king": DIAGONAL, "non-consecutive": SIDE}.get(kind, [])
    r, c = divmod(cell, 9)
    return [(r + dr) * 9 + c + dc for dr, dc in steps if 0 <= r + dr < 9 and 0 <= c + dc < 9]


def clash(kind: str, a: int, b: int) -> bool:
    """Whether digits a and b may not stand in two cells the kind's pair rule binds."""
    return abs(a - b) == 1 if kind == "non-consecutive" else a == b


def allowed(kind: str, grid: list[int], cell: int, digit: int, rules: bool = True) -> bool:
    """Whether `digit` may go in the empty `cell` of `grid` (rules=False: classic only)."""
    units = HOUSES + (extra_units(kind) if rules else [])
    if any(grid[p] == digit for u in units if cell in u for p in u):
        return False
    return not rules or not any(grid[q] and clash(kind, grid[q], digit)
                                for q in bound(kind, cell))


def solutions(kind: str, givens: tuple[int, ...], limit: int = 2) -> list[tuple[int, ...]]:
    """Up to `limit` solutions, by plain backtracking on the fewest-choices cell."""
    grid = list(givens)
    found: list[tuple[int, ...]] = []

    def search() -> None:
        best: tuple[int, list[int]] | None = None
        for cell in range(81):
            if not grid[cell]:
                digits = [d for d in range(1, 10) if allowed(kind, grid, cell, d)]
                if best is None or len(digits) < len(best[1]):
                    best = (cell, digits)
                if not digits:
                    return
        if best is None:
            found.append(tuple(grid))
            return
        cell, digits = best
        for d in digits:
            grid[cell] = d
            search()
            grid[cell] = 0
            if len(found) >= limit:
                return

    search()
    return found


def page(kind: str) -> Guide:
    found = guide(Variant.parse(kind), 9)
    assert found is not None, kind
    return found


def test_every_constraint_kind_has_a_9x9_page() -> None:
    assert [v.value for v in Variant if v.value in KINDS and v.howto] == list(KINDS)
    assert all(page(kind).example.n == 9 for kind in KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_the_example_is_unique(kind: str) -> None:
    ex = page(kind).example
    assert all(g in (0, s) for g, s in zip(ex.givens, ex.solution, strict=True))
    assert solutions(kind, ex.givens) == [ex.solution]


@pytest.mark.parametrize("kind", KINDS)
def test_the_step_is_the_graders_and_needs_the_rule(kind: str) -> None:
    worked = page(kind)
    ex, step = worked.example, worked.worked
    given = list(ex.givens)
    cell, digit = step.cell, step.digit
    assert given[cell] == 0 and ex.solution[cell] == digit
    geo = geometry(9, Variant.parse(kind))
    unit = list(geo.units[step.unit])
    # by the kind's rules the digit has one place in the unit: the cell
    assert [p for p in unit if not given[p] and allowed(kind, given, p, digit)] == [cell]
    # without them the cell keeps other digits and the digit other places in the cell's
    # row, column and box: no single of the classic grid fills it
    classic = [p for p in unit if not given[p] and allowed(kind, given, p, digit, False)]
    assert len([d for d in range(1, 10) if allowed(kind, given, cell, d, False)]) > 1
    for house in HOUSES:
        if cell in house:
            assert len([p for p in house if not given[p]
                        and allowed(kind, given, p, digit, False)]) > 1
    classic_board = Board(ex.givens, geometry(9))
    assert all(s.placed[0][0] != cell for finder in (hidden_singles_box, hidden_singles_line,
                                                     naked_singles)
               for s in finder(classic_board))
    if kind in PAIRED:
        # a row, column or box; the cells the rule rules out are the words' cells, each
        # bound to a given that clashes with the digit
        assert unit in [sorted(h) for h in HOUSES] and len(classic) > 1
        assert sorted(p for p, _ in step.ruled) == sorted(p for p in classic if p != cell)
        assert len(step.ruled) == 1  # the words speak of one cell
        for p, by in step.ruled:
            assert by in bound(kind, p) and clash(kind, given[by], digit)
    else:
        # one of the kind's own units, the rest of which sees the digit in its row,
        # column or box (the words' claim)
        assert sorted(unit) in [sorted(u) for u in extra_units(kind)]
        assert classic == [cell] and not step.ruled
    # the grader finds it: a hidden single in that unit
    board = Board(ex.givens, geo)
    found = hidden_singles_box(board) + hidden_singles_line(board)
    assert any(s.placed == ((cell, digit),) and s.units == (step.unit,) for s in found)


@pytest.mark.parametrize("code", languages())
@pytest.mark.parametrize("kind", KINDS)
def test_the_words_name_the_cells(kind: str, code: str) -> None:
    worked = page(kind)
    texts = Texts(code)
    words = worked.step(texts)
    row, col = divmod(worked.step_cell, 9)
    wanted = {"row", "col", "digit"} | ({"ruled", "by"} if kind in PAIRED else set())
    assert wanted <= fields(texts.template(f"howto.{kind}.step")), (kind, code)
    numbers = re.findall(r"\d+", words)
    assert {str(row + 1), str(col + 1), str(worked.worked.digit)} <= set(numbers)
    for p, by in worked.worked.ruled:  # the cell ruled out and the given that rules it out
        for c in (p, by):
            assert texts("cell", row=c // 9 + 1, col=c % 9 + 1) in words
    assert texts(f"howto.{kind}.heading") in worked.heading(texts)
    if code != "en":
        assert words != worked.step(Texts("en"))
