"""The difficulty scale: the techniques' values (names, Sudoku Explainer (SE) base values,
descriptions) and the chain length extra; the bands are model.Band.

Glossary:
  SE value     the rating Sudoku Explainer gives a technique; a puzzle's grade is the
               largest value among the steps of its solution (its hardest necessary step)
  base         a technique's fixed value; chains add a length extra on top of it
  complexity   the number of nodes (candidate on/off links) a chain deduction rests on
  band         the name books use for a range of grades (SPEC §5): easy < 1.5 <= medium
               < 2.5 <= hard < 4.0 <= expert < 6.0 <= extreme
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from ..core.model import Family

if TYPE_CHECKING:
    from .technique import Rule


class Technique(Enum):
    """A solving technique: (name, SE base value, description). Listed easiest first."""

    FULL_HOUSE = ("full house", 1.0, "the last empty cell of a row, column or box")
    HIDDEN_SINGLE_BOX = ("hidden single", 1.2, "the only place for a digit in a box")
    HIDDEN_SINGLE_LINE = (
        "hidden single",
        1.5,
        "the only place for a digit in a row or column (or another unit that is not a box)",
    )
    DIRECT_POINTING = (
        "direct pointing",
        1.7,
        "a digit confined to one line inside a box, removed from the rest of the line, "
        "leaves a single place in another box along it",
    )
    DIRECT_CLAIMING = (
        "direct claiming",
        1.9,
        "a digit confined to one box inside a line, removed from the rest of the box, "
        "leaves a single place in a parallel line through it",
    )
    DIRECT_HIDDEN_PAIR = (
        "direct hidden pair",
        2.0,
        "two digits confined to two cells of a unit leave a single place for a third",
    )
    NAKED_SINGLE = ("naked single", 2.3, "only one candidate left in the cell")
    NC_FORCING_CELL = (
        "non-consecutive forcing cell",
        2.4,
        "a cell left with two or three digits in a row (or two digits two apart): every "
        "cell side by side with it loses the digits that one of them equals or touches",
    )
    LOCKED_NC = (
        "locked non-consecutive",
        2.5,
        "a digit's places in a unit all lie side by side with some cells: those cells "
        "lose the digits one above and one below it",
    )
    DIRECT_HIDDEN_TRIPLE = (
        "direct hidden triple",
        2.5,
        "three digits confined to three cells of a unit leave a single place for a fourth",
    )
    POINTING = (
        "pointing",
        2.6,
        "a digit confined to one line inside a box is removed from the rest of the line",
    )
    CLAIMING = (
        "claiming",
        2.8,
        "a digit confined to one box inside a line is removed from the rest of the box",
    )
    GENERALIZED_INTERSECTION = (
        "generalized intersection",
        2.9,
        "a digit confined to a few cells of a unit (grids with extra units) is removed from every "
        "cell that sees them all",
    )
    NAKED_PAIR = ("naked pair", 3.0, "two cells of a unit holding only the same two digits")
    X_WING = (
        "X-wing",
        3.2,
        "a digit confined to the same two columns in two rows (or the reverse)",
    )
    HIDDEN_PAIR = ("hidden pair", 3.4, "two digits confined to the same two cells of a unit")
    NAKED_TRIPLE = ("naked triple", 3.6, "three cells of a unit holding only three digits")
    SWORDFISH = ("swordfish", 3.8, "a digit confined to the same three columns in three rows")
    HIDDEN_TRIPLE = ("hidden triple", 4.0, "three digits confined to the same three cells")
    SKYSCRAPER = (
        "skyscraper",
        4.0,
        "two parallel strong links on a digit, joined at one end",
    )
    TWO_STRING_KITE = (
        "two-string kite",
        4.1,
        "a strong link in a row and one in a column on a digit, joined in a box",
    )
    TURBOT_CRANE = (
        "turbot crane",
        4.1,
        "two strong links on a digit, one of them in a box (4.3 in a diagonal or window), "
        "joined at one end",
    )
    EMPTY_RECTANGLE = (
        "empty rectangle",
        4.3,
        "two strong links on a digit, one grouped (a box whose places lie on one row and "
        "one column, or a line whose places lie in two boxes)",
    )
    XY_WING = (
        "XY-wing",
        4.2,
        "a bivalue pivot xy and two bivalue pincers xz, yz: z leaves cells seeing both pincers",
    )
    XYZ_WING = (
        "XYZ-wing",
        4.4,
        "a pivot xyz and two pincers xz, yz: z leaves cells seeing all three",
    )
    UNIQUE_RECTANGLE = (
        "unique rectangle",
        4.5,
        "a deadly pattern of four cells in two boxes that a unique puzzle must avoid",
    )
    UNIQUE_LOOP = (
        "unique loop",
        4.6,
        "a deadly loop of six or more cells on two digits that a unique puzzle must avoid",
    )
    NAKED_QUAD = ("naked quad", 5.0, "four cells of a unit holding only four digits")
    JELLYFISH = ("jellyfish", 5.2, "a digit confined to the same four columns in four rows")
    HIDDEN_QUAD = ("hidden quad", 5.4, "four digits confined to the same four cells")
    THREE_STRONG_LINKS = (
        "three strong links",
        5.4,
        "three strong links on a digit joined end to end: one free end holds the digit",
    )
    WXYZ_WING = (
        "WXYZ-wing",
        5.5,
        "three cells seeing each other with four digits, and a bivalue cell sharing two of "
        "them: the digit they are not linked by leaves the cells seeing all its places",
    )
    BUG = (
        "BUG+1",
        5.6,
        "every cell but one is bivalue: the extra digit of that cell must be its value",
    )
    FOUR_STRONG_LINKS = (
        "four strong links",
        5.8,
        "four strong links on a digit joined end to end: one free end holds the digit",
    )
    BUG_TYPE_2 = (
        "BUG type 2",
        5.7,
        "every cell would be bivalue but for one extra digit in a few cells: that digit "
        "leaves the cells seeing all of them",
    )
    ALIGNED_PAIR_EXCLUSION = (
        "aligned pair exclusion",
        6.2,
        "two cells of a unit cannot take a pair of digits that would empty a third cell",
    )
    VWXYZ_WING = (
        "VWXYZ-wing",
        6.2,
        "four cells seeing each other with five digits, and a bivalue cell sharing two of "
        "them: the digit they are not linked by leaves the cells seeing all its places",
    )
    UVWXYZ_WING = (
        "UVWXYZ-wing",
        6.6,
        "five cells seeing each other with six digits, and a bivalue cell sharing two of "
        "them: the digit they are not linked by leaves the cells seeing all its places",
    )
    CYCLE = (
        "bidirectional cycle",
        6.5,
        "a closed loop of strong and weak links on one digit (or through bivalue cells): "
        "a digit seeing both kinds of its nodes is false",
    )
    X_CHAIN = (
        "X-chain",
        6.6,
        "a chain of strong and weak links on one digit (simple colouring)",
    )
    AIC = (
        "alternating inference chain",
        7.0,
        "a chain of strong and weak links on cells and units",
    )
    TUVWXYZ_WING = (
        "TUVWXYZ-wing",
        7.5,
        "six cells seeing each other with seven digits, and a bivalue cell sharing two of "
        "them: the digit they are not linked by leaves the cells seeing all its places",
    )
    ALIGNED_TRIPLE_EXCLUSION = (
        "aligned triple exclusion",
        7.5,
        "three cells cannot take a combination of digits that would empty a cell seeing them",
    )
    NISHIO = (
        "Nishio forcing chain",
        7.5,
        "a digit assumed in a cell and followed through its own places leads to a contradiction",
    )
    CELL_FORCING_CHAINS = (
        "cell forcing chains",
        8.0,
        "every candidate of one cell leads to the same conclusion",
    )
    UNIT_FORCING_CHAINS = (
        "unit forcing chains",
        8.0,
        "every place of a digit in one unit leads to the same conclusion",
    )
    DYNAMIC_FORCING_CHAINS = (
        "dynamic forcing chains",
        8.5,
        "an assumption followed through the whole grid leads to a contradiction",
    )
    DYNAMIC_FORCING_CHAINS_PLUS = (
        "dynamic forcing chains (+)",
        9.0,
        "dynamic forcing chains that also use locked candidates, pairs and X-wings",
    )
    NESTED_FORCING_CHAINS = (
        "nested forcing chains",
        9.5,
        "dynamic forcing chains (+) that also follow forcing chains on the assumed grid",
    )
    NESTED_MULTIPLE_FORCING_CHAINS = (
        "nested multiple forcing chains",
        10.0,
        "nested forcing chains that also follow cell and unit forcing chains on the assumed "
        "grid",
    )
    NESTED_DYNAMIC_FORCING_CHAINS = (
        "nested dynamic forcing chains",
        10.5,
        "dynamic forcing chains (+) that also follow dynamic forcing chains on the assumed "
        "grid",
    )
    DOUBLY_NESTED_FORCING_CHAINS = (
        "doubly nested forcing chains",
        11.0,
        "nested dynamic forcing chains that, where dynamic forcing chains find nothing on "
        "the assumed grid, follow nested forcing chains there",
    )
    CAGE_COMBINATIONS = (
        "cage combinations",
        1.1,
        "a killer cage takes only digits of the combinations of distinct digits that make "
        "its sum; a digit every combination needs, with one place in the cage, goes there",
    )
    INNIE_OUTIE = (
        "rule of 45",
        1.8,
        "houses sum to 45 each: the one cell a set of houses' cages leave inside (or outside) "
        "takes the difference",
    )
    CAGE_POINTING = (
        "cage pointing",
        2.7,
        "a digit every combination of a killer cage needs leaves the cells outside the cage "
        "that see all its places in the cage",
    )
    INNIES_OUTIES = (
        "innies and outies",
        3.0,
        "houses sum to 45 each: the two or three cells a set of houses' cages leave inside "
        "(or outside) make a known sum, like a cage",
    )
    CAGE_SPLIT = (
        "cage splitting",
        3.2,
        "innies or outies of known sum lying inside one cage leave the rest of the cage a "
        "known sum",
    )
    COMBINATION_ELIMINATION = (
        "combination elimination",
        4.2,
        "a cage's combinations that its cells' candidates cannot place are ruled out, and "
        "with them the digits only they give",
    )
    TRIAL = (
        "trial",
        10.0,
        "beyond the ladder: the solution's value is placed in the most constrained cell",
    )

    def __init__(self, label: str, se: float, description: str) -> None:
        self.label = label
        """The name people read ('hidden single', 'X-wing')."""
        self.se = se
        """The SE base value of the technique."""
        self.description = description
        """One line on what the technique finds."""

    @property
    def key(self) -> str:
        """The stem of its texts in the language files: its name is `name.<key>`, its
        teaching text `teach.<key>` ('x_wing': the member's name, so each has one home)."""
        return self.name.lower()

    @property
    def rule(self) -> Rule:
        """The object behind the technique: its finder, rating rule, words, tips family and
        drawing hook (grade.techniques)."""
        from .techniques import rule_of  # the rules are built on this scale

        return rule_of(self)

    @property
    def family(self) -> Family:
        """The tips key: the family the tips page explains it with."""
        return self.rule.family


_NAMED: dict[str, Technique] = {}
for _t in Technique:
    _NAMED.setdefault(_t.label, _t)


def named(label: str) -> Technique | None:
    """The technique of a name, as records keep them (the first of the scale's order when
    several share it: 'hidden single' in a box or a line, of one family and one name to a
    reader); None for a name no technique has now (a record an older version stored)."""
    return _NAMED.get(label)


def length_extra(complexity: int) -> float:
    """SE's length extra for a chain of `complexity` nodes: +0.1 per ceiling passed.

    The ceilings grow by x1.5 and x4/3 in turn (4, 6, 8, 12, 16, 24, ...), so long chains
    cost more but slowly, as in Sudoku Explainer.
    """
    extra, ceil, odd = 0.0, 4, False
    length = complexity - 2
    while length > ceil:
        extra += 0.1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return extra
