"""Facts every stage shares, each stated once: grid sizes, clue minimums, symmetries and
their orbits, the rating figures, and the limits of print.

Glossary:
  size      n, the symbols of one unit; a grid has n*n cells, indexed row-major from 0
  symmetry  board motions that leave a clue pattern unchanged (Symmetry)
  orbit     the cells a symmetry maps onto each other; clues are placed and removed orbit by
            orbit, so a clue count is a sum of orbit sizes
  figure    a rating number a difficulty range may bound or improve may raise (Figure)
  traced    the trace figures of SPEC §3 exist only up to TRACE_MAX_SIZE
  point     PDF unit, 72 pt = 1 in

config reads configs against these, generate digs by them and layout prints within them;
none of them is restated elsewhere.
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from .errors import GenerationError
from .kinds import Variant

# ---------------------------------------------------------------- grids

SIZES = (4, 6, 9, 12, 16)
"""Grid sizes: boxes of 2x2, 2x3, 3x3, 3x4 and 4x4."""

MIN_CLUES = {4: 4, 6: 8, 9: 17, 12: 11, 16: 15}
"""Fewest clues a unique puzzle can have. 4x4, 6x6 and 9x9 are proven minimums; 12x12 and
16x16 have none proven, so n - 1 is used: a unique puzzle shows at least n - 1 different
symbols, else two missing ones could be swapped."""


JIGSAW_SIZES = (5, 6, 7, 8, 9)
"""Jigsaw grids need no rectangular box, so sizes without one (5, 7, 8) exist too."""

HYPER_WINDOWS = ((1, 1), (1, 5), (5, 1), (5, 5))
"""Top-left (row, column), 0-based, of the hyper variant's four 3x3 windows."""

def min_clues(n: int, variant: Variant | None = None) -> int:
    """Fewest clues a unique puzzle of size n and kind can have, as a safe lower bound
    (Variant.min_clues: classic grids have MIN_CLUES; the variants' extra or irregular units
    lower the minimum and none is proven, so they get n - 1; a killer's cages carry its
    information, so it needs no clue at all)."""
    return (variant or Variant.CLASSIC).min_clues(n)


class Symmetry(Enum):
    """Board motions that leave the clue pattern unchanged."""

    NONE = "none"
    ROTATIONAL = "rotational"
    ROTATIONAL90 = "rotational90"
    MIRROR = "mirror"
    FLIP = "flip"
    DIAGONAL = "diagonal"
    ANTIDIAGONAL = "antidiagonal"
    DIHEDRAL = "dihedral"

    @property
    def description(self) -> str:
        return _SYMMETRY_TEXT[self]

    @classmethod
    def parse(cls, text: str | Symmetry) -> Symmetry:
        """A Symmetry from its name; GenerationError listing the names otherwise."""
        if isinstance(text, Symmetry):
            return text
        try:
            return cls(str(text).strip().lower())
        except ValueError:
            names = ", ".join(s.value for s in cls)
            raise GenerationError(f"unknown symmetry {text!r}: expected one of {names}") from None


_SYMMETRY_TEXT = {
    Symmetry.NONE: "no symmetry",
    Symmetry.ROTATIONAL: "half-turn rotation (180 degrees)",
    Symmetry.ROTATIONAL90: "quarter-turn rotation (90 degrees)",
    Symmetry.MIRROR: "mirror left-right",
    Symmetry.FLIP: "flip top-bottom",
    Symmetry.DIAGONAL: "mirror in the main diagonal",
    Symmetry.ANTIDIAGONAL: "mirror in the anti-diagonal",
    Symmetry.DIHEDRAL: "all eight rotations and mirrors",
}


def _motions(symmetry: Symmetry, side: int) -> list[tuple[tuple[int, int], ...]]:
    """Generators of the symmetry's group as maps (r, c) -> (r', c') of a side x side
    square, tabled per position."""
    m = side - 1
    maps = {
        Symmetry.ROTATIONAL: lambda r, c: (m - r, m - c),
        Symmetry.ROTATIONAL90: lambda r, c: (c, m - r),
        Symmetry.MIRROR: lambda r, c: (r, m - c),
        Symmetry.FLIP: lambda r, c: (m - r, c),
        Symmetry.DIAGONAL: lambda r, c: (c, r),
        Symmetry.ANTIDIAGONAL: lambda r, c: (m - c, m - r),
    }
    gens = (
        [Symmetry.ROTATIONAL90, Symmetry.MIRROR]
        if symmetry is Symmetry.DIHEDRAL
        else [symmetry] if symmetry in maps else []
    )
    return [tuple(maps[g](r, c) for r in range(side) for c in range(side)) for g in gens]


def fits(symmetry: Symmetry, n: int, variant: Variant | None = None) -> bool:
    """Whether the symmetry maps the kind's board onto itself (every symmetry fits one
    square grid; a twin board has no left-right mirror)."""
    board = (variant or Variant.CLASSIC).board
    if board is None:
        return True
    inside = set(board.positions(n))
    return all(motion[p][0] * board.side + motion[p][1] in inside
               for motion in _motions(symmetry, board.side) for p in inside)


@cache
def symmetry_groups(n: int, symmetry: Symmetry, variant: Variant | None = None
                    ) -> tuple[tuple[int, ...], ...]:
    """The orbits of the cells under the symmetry, each sorted, ordered by first cell.
    A board's symmetry moves its whole square (GenerationError where it does not fit)."""
    board = (variant or Variant.CLASSIC).board
    side = board.side if board else n
    positions = board.positions(n) if board else tuple(range(n * n))
    if not fits(symmetry, n, variant):
        raise GenerationError(f"symmetry {symmetry.value} does not fit the "
                              f"{(variant or Variant.CLASSIC).name} board")
    cell = {p: c for c, p in enumerate(positions)}
    motions = _motions(symmetry, side)
    seen: set[int] = set()
    groups = []
    for start in range(len(positions)):
        if start in seen:
            continue
        orbit, todo = {start}, [start]
        while todo:
            at = todo.pop()
            for motion in motions:
                r, c = motion[positions[at]]
                other = cell[r * side + c]
                if other not in orbit:
                    orbit.add(other)
                    todo.append(other)
        seen |= orbit
        groups.append(tuple(sorted(orbit)))
    return tuple(groups)


def orbit_sizes(n: int, symmetry: Symmetry, variant: Variant | None = None
                ) -> tuple[int, ...]:
    """Sizes of the cell orbits of `symmetry` on an n x n grid (or the kind's board),
    sorted."""
    return tuple(sorted(len(g) for g in symmetry_groups(n, symmetry, variant)))


def is_symmetric(puzzle: tuple[int, ...], n: int, symmetry: Symmetry,
                 variant: Variant | None = None) -> bool:
    """Whether the clue pattern is a union of whole orbits."""
    return all(
        len({bool(puzzle[c]) for c in orbit}) == 1
        for orbit in symmetry_groups(n, symmetry, variant)
    )


@cache
def clue_counts(
    n: int, symmetry: Symmetry, variant: Variant | None = None
) -> frozenset[int]:
    """Clue counts a puzzle of size n with `symmetry` can have: sums of orbit sizes
    within min_clues(n, variant) .. cells - 1."""
    reach = 1
    for size in orbit_sizes(n, symmetry, variant):
        reach |= reach << size
    cells = (variant or Variant.CLASSIC).cell_count(n)
    return frozenset(k for k in range(min_clues(n, variant), cells) if reach >> k & 1)


SHIDOKU_PUZZLES: dict[Symmetry, tuple[int, ...]] = {
    Symmetry.NONE: (25728, 284160, 1041408, 2141184, 2961024, 2958336, 2204928, 1239552,
                    522624, 161280, 34560, 4608),
    Symmetry.ROTATIONAL: (2208, 0, 12288, 0, 19296, 0, 16128, 0, 8064, 0, 2304, 0),
    Symmetry.ROTATIONAL90: (240, 0, 0, 0, 1680, 0, 0, 0, 1152, 0, 0, 0),
    Symmetry.MIRROR: (960, 0, 7680, 0, 14112, 0, 13824, 0, 7680, 0, 2304, 0),
    Symmetry.FLIP: (960, 0, 7680, 0, 14112, 0, 13824, 0, 7680, 0, 2304, 0),
    Symmetry.DIAGONAL: (480, 7872, 19776, 32448, 39264, 38976, 33408, 24192, 14976, 8064,
                        3456, 1152),
    Symmetry.ANTIDIAGONAL: (480, 7872, 19776, 32448, 39264, 38976, 33408, 24192, 14976, 8064,
                            3456, 1152),
    Symmetry.DIHEDRAL: (0, 0, 0, 0, 528, 0, 0, 0, 576, 0, 0, 0),
}
"""How many different 4x4 puzzles with a unique solution exist, by symmetry, for 4, 5,
... 15 clues: every clue pattern of every one of the 288 grids, counted once (the tests
count them again by brute force). Larger sizes have far more puzzles than a book needs."""


# ---------------------------------------------------------------- rating figures


class Figure(Enum):
    """A rating number: the human grade, the trace figures of SPEC §3, or the clue count."""

    GRADE = "grade"
    WAY_COMPLEXITY = "way_complexity"
    LEVEL = "level"
    MAXLEVEL = "maxlevel"
    CAND_SUM = "cand_sum"
    CAND_SQ = "cand_sq"
    CLUES = "clues"

    @property
    def traced(self) -> bool:
        """Whether only the trace gives it (so not above TRACE_MAX_SIZE)."""
        return self in TRACE_FIGURES

    @property
    def counts(self) -> bool:
        """Whether it counts things, so its ranges are whole numbers."""
        return self in (Figure.CLUES, Figure.LEVEL, Figure.MAXLEVEL)


TRACE_FIGURES = (Figure.LEVEL, Figure.MAXLEVEL, Figure.WAY_COMPLEXITY, Figure.CAND_SUM,
                 Figure.CAND_SQ)
"""The figures only the trace gives, in the order of `rate --format json`."""

TRACE_MAX_SIZE = 12
"""Largest grid size that gets the seed's trace figures: the trace's fixed branching order
can search for hours on a sparse 16x16 puzzle."""



def traced(n: int, variant: Variant | None = None) -> bool:
    """Whether puzzles of size n and kind get the trace figures: one grid up to
    TRACE_MAX_SIZE; never a multi-grid board, whose hundreds of cells the trace's naked
    singles and fixed branching order search for hours."""
    return n <= TRACE_MAX_SIZE and (variant or Variant.CLASSIC).board is None


def grid_name(n: int, variant: Variant | None = None) -> str:
    """'9x9', or a multi-grid kind's name ('samurai'): what messages call the grid."""
    kind = variant or Variant.CLASSIC
    return kind.name if kind.board is not None else f"{n}x{n}"


DEFAULT_OBJECTIVE = Figure.WAY_COMPLEXITY
"""What improve raises unless told otherwise: the seed's best measure."""


# ---------------------------------------------------------------- band mixes (measured)

BAND_MIX: dict[int, dict[int, tuple[int, int, int, int, int]]] = {
    4: {4: (30, 0, 0, 0, 0), 6: (30, 0, 0, 0, 0), 8: (30, 0, 0, 0, 0)},
    6: {9: (36, 15, 1, 7, 1), 10: (43, 14, 0, 3, 0), 12: (53, 6, 0, 1, 0),
        14: (59, 1, 0, 0, 0), 16: (60, 0, 0, 0, 0), 20: (60, 0, 0, 0, 0)},
    9: {22: (4, 51, 14, 20, 11), 24: (0, 50, 17, 17, 16), 26: (6, 55, 12, 13, 14),
        28: (17, 61, 7, 10, 5), 30: (37, 52, 1, 7, 3), 32: (57, 34, 0, 7, 2),
        36: (89, 10, 0, 1, 0), 40: (96, 4, 0, 0, 0), 45: (100, 0, 0, 0, 0)},
    12: {50: (0, 1, 3, 2, 6), 55: (0, 12, 5, 5, 8), 60: (2, 22, 1, 3, 2),
         65: (8, 18, 1, 2, 1), 70: (23, 6, 1, 0, 0), 75: (29, 1, 0, 0, 0),
         80: (30, 0, 0, 0, 0), 90: (30, 0, 0, 0, 0), 100: (30, 0, 0, 0, 0)},
}
"""Of random puzzles without symmetry dug to k clues, how many graded easy, medium, hard,
expert and extreme, by size and k: measured with tools/band_mix.py (puzzle i of a row
from seed 'bandmix:<size>:<k>'); the feasibility warnings of `bookgen validate` rest on
them (feasible.py). Samples a row: 30 (4x4, 12x12), 60 (6x6), 100 (9x9), 12 for 12x12 at
50 clues; 16x16 is not measured (its near-minimal puzzles take minutes each to make and
grade), so its sections get no warning. Symmetry was not measured."""

MINIMAL_MIX: dict[int, tuple[int, int, tuple[int, int, int, int, int]]] = {
    4: (4, 5, (30, 0, 0, 0, 0)),
    6: (9, 12, (46, 12, 0, 2, 0)),
    9: (22, 28, (1, 52, 15, 15, 17)),
    12: (44, 50, (0, 0, 0, 2, 10)),
}
"""The same for minimal puzzles, by size: (fewest clues, most clues, band counts); 30
samples for 4x4, 60 for 6x6, 100 for 9x9, 12 for 12x12."""


Mix = tuple[int, int, int, int, int]
"""Counts of measured puzzles per band: easy, medium, hard, expert, extreme."""

VARIANT_MIX: dict[tuple[str, int], tuple[dict[int, Mix], tuple[int, int, Mix]]] = {
    ("x", 9): (
        {20: (0, 2, 2, 6, 50), 22: (1, 8, 12, 16, 23), 24: (1, 23, 11, 16, 9),
         26: (8, 34, 6, 8, 4), 28: (12, 43, 4, 0, 1), 30: (25, 30, 3, 2, 0),
         32: (40, 20, 0, 0, 0), 36: (58, 2, 0, 0, 0)},
        (17, 20, (0, 0, 6, 4, 50))),
    ("hyper", 9): (
        {20: (1, 33, 15, 7, 4), 22: (11, 34, 8, 5, 2), 24: (24, 32, 3, 1, 0),
         26: (38, 22, 0, 0, 0), 28: (49, 11, 0, 0, 0), 30: (55, 5, 0, 0, 0),
         32: (58, 2, 0, 0, 0), 36: (60, 0, 0, 0, 0)},
        (14, 20, (0, 9, 11, 11, 29))),
    ("jigsaw", 9): (
        {20: (0, 7, 12, 22, 19), 22: (0, 27, 12, 17, 4), 24: (2, 29, 14, 12, 3),
         26: (4, 42, 8, 6, 0), 28: (18, 40, 0, 2, 0), 30: (35, 23, 1, 1, 0),
         32: (41, 19, 0, 0, 0), 36: (59, 1, 0, 0, 0)},
        (13, 21, (0, 0, 1, 4, 55))),
}
"""BAND_MIX and MINIMAL_MIX of the variants, by (kind name, size): (rows by clue count,
(fewest clues, most clues, counts) of minimal puzzles); measured with tools/band_mix.py
--variant, 60 samples a row (a jigsaw puzzle on a fresh layout each). Random digs give a
variant's harder bands at fewer clues than classic ones, and its minimal puzzles are
nearly all extreme (X: 50 of 60), so a hard X section waits for luck unless its dig is
aimed (select.aimed). Killer has no clue count, so no rows."""


def band_mix(variant: Variant, size: int) -> tuple[dict[int, Mix], tuple[int, int, Mix]] | None:
    """The measured band mix of a variant and size (rows, minimal), or None."""
    if variant is Variant.CLASSIC:
        rows, minimal = BAND_MIX.get(size), MINIMAL_MIX.get(size)
        return None if rows is None or minimal is None else (rows, minimal)
    return VARIANT_MIX.get((variant.name, size))


HARDEST_GRADE: dict[tuple[str, int], float] = {
    ("classic", 4): 1.2,
    ("x", 4): 1.5,
}
"""The hardest grade random minimal puzzles reached, by (kind name, size), where it caps the
bands: 4x4 classic 1.2 in 30,000 (all easy), 4x4 X 1.5 in 5,000 (30 medium, the rest
easy). Every puzzle holds a minimal one of its solution, and givens added never make a
puzzle harder, so a band above these is refused (config.sections). 6x6 reaches every
band (600 minimal: 447 easy, 125 medium, 1 hard, 26 expert, 1 extreme, up to 7.1), so
it is slow there, never impossible; 9x9 and larger reach every band."""

TOP_GRADE = 12.0
"""A grade no puzzle of any kind or size reaches: the hardest puzzles known rate 11.9 (the
top of the shared hardest_er.txt list), so a search for more is refused, not run forever."""


def grade_ceiling(kind: str, size: int) -> float:
    """The highest grade a puzzle of the kind (by name) and size can have: its measured
    HARDEST_GRADE, else TOP_GRADE."""
    return HARDEST_GRADE.get((kind, size), TOP_GRADE)


# ---------------------------------------------------------------- print (PRINT.md)

PER_PAGE = (1, 2, 4, 6)
"""Puzzles a body page may hold."""

ANSWERS_PER_PAGE = (4, 12)
"""Fewest and most answer grids on an answer-key page."""

MIN_PAGES = 24
"""KDP's minimum page count for a paperback."""

MAX_PAGES = 828
"""The most pages any print-on-demand book may have (KDP paperback, white paper)."""

PAGE_LIMITS: dict[tuple[float, float], tuple[int, int]] = {
    (8.25, 6.0): (800, 750),
    (8.25, 8.25): (800, 750),
    (8.5, 8.5): (590, 550),
    (8.5, 11.0): (590, 550),
    (8.27, 11.69): (780, 730),
}
"""KDP's page maximum (white, cream paper) for the trims that differ from DEFAULT_PAGE_LIMIT,
keyed by (width, height) in inches to two decimals."""

DEFAULT_PAGE_LIMIT = (MAX_PAGES, 776)
"""KDP's page maximum (white, cream paper) for every other trim."""

KDP_GUTTERS: tuple[tuple[int, float], ...] = (
    (150, 27.0), (300, 36.0), (500, 45.0), (700, 54.0), (MAX_PAGES, 63.0),
)
"""(up to this many pages, inside margin in points): KDP's table, 0.375 in to 0.875 in."""


def kdp_gutter(pages: int) -> float:
    """KDP's inside margin in points for a book of `pages` pages (the last step beyond)."""
    for most, gutter in KDP_GUTTERS:
        if pages <= most:
            return gutter
    return KDP_GUTTERS[-1][1]


MIN_TEXT_PT = 7.0
"""Smallest type size anywhere, answer-key digits included."""

LARGE_PRINT_DIGIT_PT = 16.0
"""Smallest puzzle digit in a large-print book."""

LARGE_PRINT_PER_PAGE = 2
"""Most puzzles a large-print page holds."""

MIN_CELL_PT = 0.3 * 72
"""Smallest cell of a puzzle grid: room to write a digit in by hand (answer grids are only
read, so only their digits have a minimum)."""

MIN_LINE_PT = 0.75
"""Thinnest stroke a printer reproduces reliably."""

KILLER_SUM_PT = 8.0
"""Smallest type of a killer cage's sum, the small figure in its top-left cell (a point
above the print minimum for any text: printed killers set their sums at 8 pt or more)."""

KILLER_DASH_PT = 0.75
"""Thinnest dashed cage outline, black: the print minimum for any line, so the cages stand
out from a killer grid's light gray cell lines."""

MIN_MARGIN_PT = 18.0
"""Nothing prints within 0.25 in of a trim edge (the live area of a no-bleed interior)."""

LARGE_PRINT_TEXT_PT = 16.0
"""Smallest type anywhere in a large-print book: page numbers, labels, headers, body text
(large-print publishers set 16 pt or more)."""

LARGE_PRINT_HEADING_PT = 18.0
"""Smallest heading in a large-print book."""

LARGE_PRINT_ANSWER_PT = 16.0
"""Smallest answer-key digit in a large-print book: text like any other."""

DIGIT_SCALE = (0.55, 0.65)
"""Digit size as a share of the cell side: least and most."""

MAX_ANSWER_GRAY = 0.4
"""Lightest gray for filled-in answer digits: at least 60% black."""

TINT_GRAYS = (0.78, 0.9)
"""Darkest and lightest gray of a tint behind digits (X diagonals, hyper windows, jigsaw
regions): at least 10% black, since lighter screens may drop out in print, and at most 22%
black, so that answer digits (at least 60% black) keep a contrast of 0.38 or more."""

PAGE_SIDE_PT = (216.0, 1224.0)
"""Smallest and largest page side accepted: 3 in to 17 in."""


class Platform(Enum):
    """Where the book is printed: what its interior must satisfy."""

    KDP = "kdp"
    """Amazon KDP paperback: at least MIN_PAGES, an even count, KDP's page limits."""
    INGRAM = "ingram"
    """IngramSpark paperback: the same interior rules as KDP here."""
    HOME = "home"
    """A home or office printer: no padding, no page limits."""

    @property
    def on_demand(self) -> bool:
        """Whether a print-on-demand service prints it: at least MIN_PAGES, an even count,
        the page limit of the trim and paper, and parts starting on right-hand pages
        unless the config says otherwise."""
        return self is not Platform.HOME


class Paper(Enum):
    """Interior paper of a print-on-demand book."""

    WHITE = "white"
    CREAM = "cream"

    @property
    def thickness_in(self) -> float:
        """Inches a page adds to the spine (KDP's figures)."""
        return {Paper.WHITE: 0.002252, Paper.CREAM: 0.0025}[self]


def page_limit(width_pt: float, height_pt: float, paper: Paper) -> int:
    """KDP's most pages for a trim (in points) and paper; IngramSpark is held to the same."""
    trim = (round(width_pt / 72, 2), round(height_pt / 72, 2))
    white, cream = PAGE_LIMITS.get(trim, DEFAULT_PAGE_LIMIT)
    return white if paper is Paper.WHITE else cream


# ---------------------------------------------------------------- covers (PRINT.md)

BLEED_PT = 0.125 * 72
"""Bleed: art that runs off the page extends this far past the trim line (0.125 in)."""

BARCODE_PT = (2.0 * 72, 1.2 * 72)
"""Width and height of the area KDP keeps empty for its barcode on the back cover."""

BARCODE_INSET_PT = 0.25 * 72
"""Distance of the barcode area from the back cover's bottom trim line and from the spine fold
(its lower right corner)."""

SPINE_TEXT_MIN_PAGES = 80
"""Fewest interior pages whose spine may carry text (KDP: more than 79)."""

FOLD_CLEARANCE_PT = 0.0625 * 72
"""Least distance of spine text from each fold."""

COVER_PLATFORMS = tuple(p for p in Platform if p.on_demand)
"""Platforms a build writes a full-wrap cover for."""
