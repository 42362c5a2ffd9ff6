"""Fish, turbot fish and empty rectangles: the whole step each one logs, on the last
digit and on columns as well as rows, with patterns that only the full rule finds.

Positions start from an empty 9x9 grid, where every cell holds every digit. Units are
numbered rows 0-8, columns 9-17, boxes 18-26.
"""

from __future__ import annotations

import pytest

from bookgen.core.grid import geometry
from bookgen.grade import Board, Step, Technique
from bookgen.grade.techniques import fish

GEO = geometry(9)


def rc(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def board(drop: dict[int, list[int]]) -> Board:
    """An empty grid with digit d removed from the cells drop[d]."""
    b = Board((0,) * 81, GEO)
    for d, cells in drop.items():
        for c in cells:
            b.cands[c] &= ~(1 << (d - 1))
    return b


def only_at(lines: dict[int, tuple[int, ...]], by_row: bool = True) -> list[int]:
    """The cells of each line (row or column number -> kept positions) to drop."""
    out = []
    for line, keep in lines.items():
        for i in range(1, 10):
            if i not in keep:
                out.append(rc(line, i) if by_row else rc(i, line))
    return out


def test_x_wing_on_rows_with_digit_9():
    steps = fish.x_wing(board({9: only_at({2: (3, 8), 7: (3, 8)})}))
    outside = [r for r in range(1, 10) if r not in (2, 7)]
    assert steps == [
        Step(
            Technique.X_WING,
            3.2,
            (rc(2, 3), rc(2, 8), rc(7, 3), rc(7, 8)),
            (9,),
            eliminated=tuple((rc(r, c), 9) for c in (3, 8) for r in outside),
            units=(1, 6, 9 + 2, 9 + 7),
        )
    ]


def test_x_wing_on_columns_with_digit_1():
    steps = fish.x_wing(board({1: only_at({2: (3, 8), 7: (3, 8)}, by_row=False)}))
    outside = [c for c in range(1, 10) if c not in (2, 7)]
    assert steps == [
        Step(
            Technique.X_WING,
            3.2,
            (rc(3, 2), rc(3, 7), rc(8, 2), rc(8, 7)),
            (1,),
            eliminated=tuple((rc(r, c), 1) for r in (3, 8) for c in outside),
            units=(9 + 1, 9 + 6, 2, 7),
        )
    ]


def test_swordfish_of_two_place_rows_after_a_row_that_is_not_part_of_it():
    # row 1 holds 9 only at c2, c3: the first combinations include it and fail; the fish
    # is rows 3, 5, 8 over columns 1, 5, 9, each row with two of the three places
    lines = {1: (2, 3), 3: (1, 5), 5: (5, 9), 8: (1, 9)}
    b = board({9: only_at(lines)})
    b.cands[rc(2, 5)] &= ~(1 << 8)  # a cover cell without the digit: nothing to remove
    steps = fish.swordfish(b)
    targets = [(r, c) for c in (1, 5, 9) for r in (2, 4, 6, 7, 9) if (r, c) != (2, 5)]
    assert steps == [
        Step(
            Technique.SWORDFISH,
            3.8,
            (rc(3, 1), rc(3, 5), rc(5, 5), rc(5, 9), rc(8, 1), rc(8, 9)),
            (9,),
            eliminated=tuple((rc(r, c), 9) for r, c in targets),
            units=(2, 4, 7, 9 + 0, 9 + 4, 9 + 8),
        )
    ]


def test_skyscraper_step_with_digit_9():
    # 9 in column 1 only at r1, r5; in column 5 only at r1, r6: r1c1 and r1c5 share row 1
    b = board({9: only_at({1: (1, 5), 5: (1, 6)}, by_row=False)})
    assert fish.two_strong_links(b) == [
        Step(
            Technique.SKYSCRAPER,
            4.0,
            (rc(1, 1), rc(1, 5), rc(5, 1), rc(6, 5)),
            (9,),
            eliminated=((rc(5, 4), 9), (rc(5, 6), 9), (rc(6, 2), 9), (rc(6, 3), 9)),
            units=(9 + 0, 9 + 4),
        )
    ]


CROSS = [rc(4, 4), rc(4, 6), rc(6, 4), rc(6, 6)]
"""Box 5 without its corners: what is left of a digit there is the cross of row 5 and
column 5."""


@pytest.mark.parametrize("d", [1, 9])
def test_empty_rectangle_with_a_row_link(d):
    # d in row 8 only at c2 and c5: if r5c2 held d, box 5 would keep d on column 5 only,
    # r8c5 would lose it and r8c2 take it, in r5c2's column
    # (SE: a grouped strong link in box 5, the cross, joined to the one in row 8: 4.3)
    steps = fish.two_strong_links(board({d: CROSS + only_at({8: (2, 5)})}))
    box = (rc(4, 5), rc(5, 4), rc(5, 5), rc(5, 6), rc(6, 5))
    assert steps == [
        Step(
            Technique.EMPTY_RECTANGLE,
            4.3,
            tuple(sorted(box + (rc(8, 5), rc(8, 2)))),
            (d,),
            eliminated=((rc(5, 2), d),),
            units=(7, 22),
        )
    ]


def test_two_places_in_a_box_off_one_line_and_a_column_link_make_a_turbot_crane():
    # 8 in box 5 only at r4c5 and r5c4, on the cross of row 5 and column 5; in column 8
    # only at r2c8 and r5c8. If r2c5 held 8, box 5 would keep it at r5c4 only, r5c8 would
    # lose it and r2c8 take it, in r2c5's row
    box5 = [rc(r, c) for r in (4, 5, 6) for c in (4, 5, 6) if (r, c) not in ((4, 5), (5, 4))]
    # Two places in the box off one line are a plain strong link: SE rates the chain of a
    # box link and a column link as a turbot crane (4.1), not as a grouped one
    steps = fish.two_strong_links(board({8: box5 + only_at({8: (2, 5)}, by_row=False)}))
    assert len(steps) == 1
    step = steps[0]
    assert (step.technique, step.difficulty, step.digits, step.units) == (
        Technique.TURBOT_CRANE,
        4.1,
        (8,),
        (16, 22),
    )
    assert step.cells == (rc(2, 8), rc(4, 5), rc(5, 4), rc(5, 8))
    assert step.eliminated == ((rc(2, 5), 8),)
