"""Puzzle kinds: what a grid is besides its rows and columns, one plug-in object per kind.

Glossary:
  kind       one object (a Variant): its name and sizes, the units it adds to rows, columns
             and boxes, its clue minimum, its canonical-form group, how the grader and the
             generator treat it, what its grids show on the page and its how-to example.
             Every stage asks the kind; none branches on a kind's name
  registry   name -> kind. The built-in kinds live in bookgen/variants/, one module each,
             and register themselves when a kind is first asked for; another kind registers with
             register() from any module, or from an installed package through an entry
             point in the group `bookgen.variants` (loaded when its name is first asked for)
  extra unit a unit beyond rows, columns and boxes: (name, family, cells); the family
             ('diagonal', 'antidiagonal', 'window', ...) is what the grader calls it
  motion     a cell map (image cell i takes the value of source cell map[i]) that maps the
             kind's units onto its units; the canonical form is the least relabelled image
  pair rule  a rule between two cells a fixed step apart, beyond the units (PairRule):
             anti-knight's cells a knight's move apart hold different digits, and
             non-consecutive's orthogonal neighbours hold digits that differ by more than one
  board      a multi-grid (gattai) kind's layout: n x n grids overlapping on a larger
             square (Board); its cells are the board positions some grid covers, numbered
             row-major over the board, and its units are every grid's rows, columns and
             boxes (a box two grids share counted once). A layout is data: samurai and
             twin are the same code with other grid origins
  Variant    the type name the stages use for a kind; Variant.CLASSIC, .X, .HYPER, .JIGSAW
             and .KILLER are the built-in kinds, and `for kind in Variant` lists them all

This module imports nothing of bookgen but errors, so the variants can import it first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, ClassVar

from .errors import GenerationError

Motion = tuple[int, ...]
"""A cell map: image cell i takes the value of source cell motion[i]."""

ExtraUnit = tuple[str, str, tuple[int, ...]]
"""An extra unit: (its name for people, its family for the grader, its cells)."""

Rect = tuple[float, float, float, float]
"""A rectangle in grid units: (column, row, width, height) from the top-left corner."""

Line = tuple[float, float, float, float]
"""A segment in grid units: (x0, y0, x1, y1)."""

Dot = tuple[float, float, float]
"""A small filled disc in grid units: (x, y) of its centre and its radius."""


@dataclass(frozen=True)
class UnitMarks:
    """What a grid draws to show its extra units: tinted rectangles, thin lines and dots."""

    tints: tuple[Rect, ...] = ()
    """Cells (or blocks of cells) shaded behind the digits."""
    lines: tuple[Line, ...] = ()
    """Thin gray lines drawn over the grid (X-sudoku's diagonals in their line style)."""
    dots: tuple[Dot, ...] = ()
    """Small dark discs beside the digits: where a cell's dot sits tells its unit apart
    from others (disjoint groups: nine units a tint cannot tell apart)."""


@dataclass(frozen=True)
class HowTo:
    """One of a kind's how-to-play examples: a puzzle whose first step needs the kind's
    rule (the grader finds the step: render/howto.py).

    The words are the language keys howto.<kind name>.heading, .rules, .more and .step."""

    givens: str
    """The example puzzle, one line, '.' blank."""
    solution: str
    """Its solution."""
    regions: str | None = None
    """Region labels of an example without boxes (jigsaw)."""


class Relation(Enum):
    """What a pair rule forbids between its two cells."""

    DIFFERENT = "different"
    """The same digit: the cells see each other as a unit's cells do (anti-knight)."""
    NON_CONSECUTIVE = "non-consecutive"
    """Digits one apart (1 and 9 are not one apart): non-consecutive's neighbours."""

    def forbids(self, a: Any, b: Any) -> Any:
        """Whether two bound cells may not hold the values a and b (ints, or numpy arrays
        of values compared item by item)."""
        return a == b if self is Relation.DIFFERENT else abs(a - b) == 1


@dataclass(frozen=True)
class PairRule:
    """Every two cells a given step apart are bound by a relation."""

    relation: Relation
    steps: tuple[tuple[int, int], ...]
    """The (row, column) steps from a cell to the cells it binds, each direction listed
    (a knight's eight moves); a step that leaves the grid binds nothing."""
    name: str
    """What explanations call the rule: 'anti-knight'."""
    where: str
    """How messages say two bound cells lie: "a knight's move apart"."""

    def forbids(self, a: int, b: int) -> bool:
        """Whether two bound cells may not hold the values a and b."""
        return bool(self.relation.forbids(a, b))

    def cells(self, n: int, cell: int) -> tuple[int, ...]:
        """The cells of an n x n grid this rule binds to `cell`, ascending."""
        r, c = divmod(cell, n)
        return tuple(sorted((r + dr) * n + c + dc for dr, dc in self.steps
                            if 0 <= r + dr < n and 0 <= c + dc < n))


@dataclass(frozen=True)
class Board:
    """Where the n x n grids of a multi-grid (gattai) board lie on a square of side x
    side positions; the positions no grid covers are outside ('-' in text)."""

    side: int
    """Rows (and columns) of the board: 21 for samurai."""
    origins: tuple[tuple[int, int], ...]
    """The top-left (row, column) of each grid, 0-based; grids share whole boxes."""
    names: tuple[str, ...]
    """Each grid's name for people ('top-left'), in the order of origins."""

    def grid_positions(self, n: int, g: int) -> tuple[int, ...]:
        """Board positions (row * side + column) of grid g's cells, row-major."""
        r0, c0 = self.origins[g]
        return tuple((r0 + r) * self.side + c0 + c for r in range(n) for c in range(n))

    def positions(self, n: int) -> tuple[int, ...]:
        """Board positions inside some grid, ascending: cell i lies at positions[i]."""
        return _positions(self, n)

    def grid_of(self, n: int, position: int) -> tuple[int, int, int]:
        """(grid, row, column) of a board position in the first grid that covers it."""
        r, c = divmod(position, self.side)
        for g, (r0, c0) in enumerate(self.origins):
            if r0 <= r < r0 + n and c0 <= c < c0 + n:
                return g, r - r0, c - c0
        raise ValueError(f"position {position} lies outside every grid")


@cache
def _positions(board: Board, n: int) -> tuple[int, ...]:
    return tuple(sorted({p for g in range(len(board.origins))
                         for p in board.grid_positions(n, g)}))


class _Registry(type):
    """The metaclass of Variant: the class itself is the registry of kinds."""

    def __iter__(cls) -> Iterator[Variant]:
        _built_in()
        return iter(sorted(_KINDS.values(), key=lambda kind: kind.rank))

    def __len__(cls) -> int:
        _built_in()
        return len(_KINDS)

    def __getattr__(cls, name: str) -> Variant:
        # Variant.CLASSIC and friends: the built-in kinds, registered by bookgen.variants
        if name in _BUILT_IN:
            _built_in()
            if _BUILT_IN[name] in _KINDS:
                return _KINDS[_BUILT_IN[name]]
        raise AttributeError(name)


_BUILT_IN = {"CLASSIC": "classic", "X": "x", "HYPER": "hyper", "JIGSAW": "jigsaw",
             "KILLER": "killer"}
_KINDS: dict[str, Variant] = {}
_ENTRY_POINTS_READ = False


def _built_in() -> None:
    """Register the built-in kinds (bookgen.variants), the first time a kind is asked for:
    a command that names none (bookgen --version) does not load them."""
    from .. import variants  # noqa: F401


class Variant(metaclass=_Registry):
    """A kind of puzzle. The defaults are the classic grid's: rows, columns and rectangular
    boxes, nothing more; a kind overrides what it changes."""

    CLASSIC: ClassVar[Variant]
    X: ClassVar[Variant]
    HYPER: ClassVar[Variant]
    JIGSAW: ClassVar[Variant]
    KILLER: ClassVar[Variant]

    name: str = ""
    """The kind's name in configs, on the command line and in records (`--variant x`)."""
    sizes: tuple[int, ...] = ()
    """The grid sizes the kind exists in."""
    description: str = ""
    """One line for people: what the kind adds to the usual rules."""
    rank: int = 100
    """Where the kind stands when kinds are listed (help, messages, how-to pages): the
    built-in kinds 0 to 4, in the order classic, x, hyper, jigsaw, killer; others after."""
    boxes: bool = True
    """Whether the grid has rectangular boxes; False: irregular regions given per puzzle
    (jigsaw), drawn as thick outlines and part of the grid's identity."""
    caged: bool = False
    """Whether puzzles carry cages with sums (killer): their solution, not their givens,
    tells two puzzles apart, and they are made and graded with their cages."""
    canon_sizes: tuple[int, ...] = ()
    """Sizes that have a canonical form under the kind's group (the bank stores those)."""
    minlex: bool = False
    """Whether the kind's group is the whole classic one (band, row, stack and column
    orders, transposition, relabelling), whose canonical form a compiled search finds."""
    howto: tuple[HowTo, ...] = ()
    """The how-to page's examples, one per grid size, smallest first (the page shows the
    book's own size); none: the kind needs no page of its own."""
    improvable: bool = True
    """Whether a section may improve its puzzles (improve.improve digs and climbs on the
    grid's units alone; a killer's cages are part of the puzzle, so killers are not)."""
    seed_digits_fraction: int = 4
    """A complete board starts from min(20, n*n // this) random digits; 0: from none."""
    search_nodes_per_cell: int = 3
    """The node budget of one completion attempt, per cell, before it starts again."""
    board: Board | None = None
    """A multi-grid kind's board (samurai); None: one n x n grid."""
    rule_in_heading: bool = False
    """Whether a section's headings state the kind's rule (language key rule.<name>):
    a rule no mark on the grid shows (anti-knight, non-consecutive)."""

    @staticmethod
    def parse(text: str | Variant) -> Variant:
        """A kind from its name, any case ('' is classic); GenerationError otherwise."""
        return parse(text)

    def __init__(self) -> None:
        if not self.name or not self.sizes:
            raise TypeError(f"{type(self).__name__} needs a name and sizes")

    @property
    def value(self) -> str:
        """The kind's name (the word configs and records use)."""
        return self.name

    def __repr__(self) -> str:
        return f"<kind {self.name}>"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # worker processes get the registered object of the same name, not a copy
        return (find, (self.name,))

    # ------------------------------------------------------------ cells and units

    def cell_count(self, n: int) -> int:
        """Cells of a grid (or board) of size n: n*n, or the board's covered positions."""
        return len(self.board.positions(n)) if self.board else n * n

    def size_of(self, cells: int) -> int | None:
        """The size n whose grids (or boards) have that many cells; None if none has."""
        return next((n for n in self.sizes if self.cell_count(n) == cells), None)

    def extra_units(self, n: int) -> tuple[ExtraUnit, ...]:
        """The units beyond rows, columns and boxes (or regions), in a fixed order."""
        return ()

    def grading_units(self, n: int) -> tuple[ExtraUnit, ...]:
        """Units the grader adds to the geometry's own: sets of cells that must hold every
        symbol as a consequence of the rules (windoku's hidden windows)."""
        return ()

    def pair_rules(self, n: int) -> tuple[PairRule, ...]:
        """The rules between cells a fixed step apart, beyond the units (anti-knight's
        knight moves, non-consecutive's neighbours); none by default."""
        return ()

    def min_clues(self, n: int) -> int:
        """A safe lower bound on the clues of a unique puzzle: a unique puzzle shows at
        least n - 1 different symbols, else two missing ones could be swapped."""
        return n - 1

    # ------------------------------------------------------------ canonical forms

    def motions(self, n: int) -> tuple[Motion, ...]:
        """The cell maps of the kind's group (relabelling aside), for canonical forms."""
        raise GenerationError(f"no motion table for {self.name} grids")

    def canonical(self, values: Sequence[int], regions: Sequence[int]
                  ) -> tuple[tuple[int, ...], str | None]:
        """(the least relabelled image of `values` under the kind's motions, the region
        layout it goes with: None for kinds whose layout is fixed)."""
        n = round(len(values) ** 0.5)
        return min(relabelled([values[i] for i in m]) for m in motions_of(self, n)), None

    # ------------------------------------------------------------ pages

    def unit_marks(self, n: int, diagonal_lines: bool) -> UnitMarks:
        """What shows the extra units on the page: by default each of their cells tinted.
        `diagonal_lines`: the book asks for diagonals drawn as lines where a kind has them."""
        cells = sorted({c for _, _, unit in self.extra_units(n) for c in unit})
        return UnitMarks(tints=tuple((float(c % n), float(c // n), 1.0, 1.0) for c in cells))

    # ------------------------------------------------------------ generation

    def make_candidate(self, spec: Any, difficulty: Any, seed: str, index: int
                       ) -> tuple[Any, str | None, tuple[Any, ...]] | None:
        """Candidate `index` of a section (spec: its model.DigSpec, difficulty: its
        model.Difficulty) made and rated the kind's own way, as (rating, region layout,
        cages); None: the standard dig serves, on the grid's units (rows, columns, boxes
        or regions, and the extra units), with make.generate.make_puzzle."""
        return None

    def seed_digits(self, n: int) -> int:
        """Random digits a complete board starts from."""
        if not self.seed_digits_fraction:
            return 0
        return min(20, n * n // self.seed_digits_fraction)

    def node_limit(self, n: int) -> int:
        """Search nodes one completion attempt may use before it starts again."""
        return self.search_nodes_per_cell * self.cell_count(n)


@cache
def motions_of(kind: Variant, n: int) -> tuple[Motion, ...]:
    """kind.motions(n), built once per kind and size."""
    return kind.motions(n)


def relabelled(values: Sequence[int]) -> tuple[int, ...]:
    """Symbols renamed 1, 2, ... in order of first appearance; blanks stay 0."""
    names: dict[int, int] = {}
    return tuple(names.setdefault(v, len(names) + 1) if v else 0 for v in values)


def register(kind: Variant) -> Variant:
    """Add a kind to the registry (its name must be new) and return it."""
    if not isinstance(kind, Variant):
        raise TypeError(f"not a kind: {kind!r}")
    if kind.name in _KINDS and _KINDS[kind.name] is not kind:
        raise ValueError(f"a kind named {kind.name!r} is registered already")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Remove a kind that is not built in (for a plug-in's tests)."""
    if name in _BUILT_IN.values():
        raise ValueError(f"{name!r} is a built-in kind")
    _KINDS.pop(name, None)


def find(name: str) -> Variant:
    """The kind of that name, loading plug-ins' entry points the first time a name is
    unknown; GenerationError listing the names otherwise."""
    global _ENTRY_POINTS_READ
    _built_in()
    kind = _KINDS.get(name)
    if kind is None and not _ENTRY_POINTS_READ:
        _ENTRY_POINTS_READ = True
        from importlib.metadata import entry_points

        for point in entry_points(group="bookgen.variants"):
            loaded = point.load()
            if isinstance(loaded, Variant):
                register(loaded)
        kind = _KINDS.get(name)
    if kind is None:
        names = ", ".join(k.name for k in Variant)
        raise GenerationError(f"unknown variant {name!r}: expected one of {names}")
    return kind


def parse(text: str | Variant) -> Variant:
    """A kind from its name, any case ('' is classic); GenerationError listing the names."""
    if isinstance(text, Variant):
        return text
    return find(str(text).strip().lower() or "classic")
