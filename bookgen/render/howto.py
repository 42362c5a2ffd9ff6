"""The how-to-play page of each variant a book holds: its rules in a short paragraph and
a worked example on the book's own grid size (guide(kind, n), from the kind's HowTo
examples, and killer_guide); the words are the book's language's.

Glossary:
  guide    a variant's page: heading, rules, the example puzzle with its solution, and one
           step of the example worked in words, its cell ringed with its digit
  texts    the words of a guide are the language keys howto.<key>.heading, .rules, .more
           and .step (bookgen/core/lang/*.yaml), read through the book's Texts; the key is the
           variant's name; the step's text fills in {row}, {col}, {digit} (killer: also
           {unit} and {sum})
  step     found by the grader on the example's givens, never written down (GuideStep):
           a hidden single in one of the variant's own units (a diagonal, a window, a
           region) in a cell no single of the classic grid fills, each other empty cell of
           the unit seeing the digit in its row, column or box (guide_step); on a
           multi-grid board (samurai, twin) a hidden single in a box two grids share, in a
           cell no single of either grid alone fills (each grid's givens read as a classic
           puzzle), so the other grid's rows and columns decide; a kind with pair rules
           (anti-knight, non-consecutive) has no unit of its own: a hidden single in a row,
           column or box whose other open cells a given bound to them rules out (the words
           name them: {ruled}, {by}, {near}); killer's is the
           first rule-of-45 placement, the one cell of a house outside the cages wholly
           inside it (killer_step). tests/test_variant_howto.py checks each by counting
           (the constraint kinds: tests/test_constraint_howto.py)
  size     a variant's page shows its example of the size most of the book's puzzles of
           the kind have, or the largest smaller one whose digits keep the least text size
           (guide_size, example_size's rule); killer grids are 9x9 only

  worked   the general page's example on the book's own grid size (example_size): a puzzle
           of that size (EXAMPLES) and three steps the grader's finders take on its
           givens, numbered in the grid and told in words: a hidden single in a box, one
           in a row or column, a naked single (worked_example)

Classic grids keep the general page (teaching.how_to_play) and its worked example on the
page after it; this table adds one page for each other variant present, after them, and
the killer page for a book with cages.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache

from ..core.grid import BOX_SHAPES, SYMBOLS, Geometry, geometry
from ..core.lang import Texts
from ..core.model import Book, BookPuzzle, Symbols
from ..core.rules import MIN_TEXT_PT, Variant
from ..grade.board import Board, Step
from ..grade.techniques.cage_sums import innie_outie, killer_board
from ..grade.techniques.singles import hidden_singles_box, hidden_singles_line, naked_singles
from ..variants.killer.cages import parse_cage_map
from .symbols import LETTERS, symbol_word


def _grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in text)


@dataclass(frozen=True)
class GuideStep:
    """The step a variant's page works: a hidden single in one of the variant's own units
    (guide_step), or for killer a cell the rule of 45 gives (killer_step)."""

    cell: int
    """The cell the step fills (0-based, row-major)."""
    digit: int
    """The digit it takes."""
    unit: int
    """The unit that decides, into the example's geometry's units: the variant's own unit
    with one place left for the digit; for killer, the house (row, column or box) read."""
    total: int = 0
    """For killer: the sum of the cages wholly inside the house."""
    ruled: tuple[tuple[int, int], ...] = ()
    """For a kind with pair rules: (cell, given cell) for each other empty cell of the
    unit that only the pair rule keeps from the digit, and a given cell bound to it that
    rules it out (the digit a knight's move away, a consecutive digit side by side)."""

    def fields(self, texts: Texts, geo: Geometry,
               symbols: Symbols = Symbols.DIGITS, given: Sequence[int] = ()
               ) -> dict[str, object]:
        """The step's words' fields: {cell}, {row}, {col}, {digit} (as `symbols` print
        it), {unit} and {sum}; on a board also {grid}, the grid the row and column count
        in; with pair rules also {ruled} and {by}, the cells of `ruled` and their given
        cells, and {near}, the digit `given` holds in the first given cell."""
        if geo.board is None:
            grid, row, col = "", *divmod(self.cell, geo.n)
        else:
            g, row, col = geo.board.grid_of(geo.n, geo.positions[self.cell])
            grid = texts(f"board.{geo.board.names[g].replace('-', '_')}")
        separator = texts("list.separator")
        return {"cell": texts("cell", row=row + 1, col=col + 1), "row": row + 1,
                "col": col + 1, "digit": symbol_word(symbols, self.digit, texts),
                "unit": unit_text(geo.unit_names[self.unit], texts), "sum": self.total,
                "grid": grid,
                "ruled": separator.join(_cell_text(c, geo.n, texts) for c, _ in self.ruled),
                "by": separator.join(_cell_text(b, geo.n, texts) for _, b in self.ruled),
                "near": symbol_word(symbols, given[self.ruled[0][1]], texts)
                if self.ruled and given else ""}


def _cell_text(cell: int, n: int, texts: Texts) -> str:
    """A cell of an n x n grid in words: 'r5c2'."""
    row, col = divmod(cell, n)
    return texts("cell", row=row + 1, col=col + 1)


@dataclass(frozen=True)
class Guide:
    """One variant's how-to-play page."""

    key: str
    """The variant it explains, by name; its texts are the keys howto.<key>.*."""
    example: BookPuzzle
    """A puzzle of the variant with its solution."""
    worked: GuideStep
    """The step the page works, found by the grader on the example's givens."""

    @property
    def step_cell(self) -> int:
        """The cell the step fills (0-based, row-major)."""
        return self.worked.cell

    def heading(self, texts: Texts) -> str:
        """The page's heading."""
        return guide_heading(self.key, texts)

    def rules(self, texts: Texts) -> tuple[str, ...]:
        """Paragraphs: what the variant adds to the usual rules."""
        return guide_rules(self.key, texts)

    def step(self, texts: Texts) -> str:
        """The example's step worked in words, its cells named."""
        geo = example_geometry(self.example)
        return texts(f"howto.{self.key}.step",
                     **self.worked.fields(texts, geo, self.example.symbols,
                                          self.example.givens))

    def printed(self, symbols: Symbols) -> Guide:
        """The page with its example and its words in `symbols`."""
        return replace(self, example=replace(self.example, symbols=symbols))


def guide_heading(key: str, texts: Texts) -> str:
    """The heading of the page of the variant named `key` (killer for caged grids)."""
    return texts(f"howto.{key}.heading")


def guide_rules(key: str, texts: Texts) -> tuple[str, ...]:
    """The rules paragraphs of the page of the variant named `key`: what it adds to the
    usual rules (the page's size does not change them)."""
    return texts(f"howto.{key}.rules"), texts(f"howto.{key}.more")


def unit_text(name: str, texts: Texts) -> str:
    """A unit's name ('row 3', 'diagonal 2', 'window 4') in the book's language; a board's
    ('centre box 1') without its grid's name, which the words give apart."""
    kind, _, index = name.rpartition(" ")
    if not index.isdigit():  # a kind's one unit: 'asterisk', 'center dot'
        return texts(f"unit.{name.replace(' ', '_')}")
    return texts(f"unit.{kind.rpartition(' ')[2]}", n=int(index))


def example_geometry(example: BookPuzzle) -> Geometry:
    """The geometry of an example: its size, kind and (jigsaw) regions."""
    return geometry(example.n, example.variant, example.regions)


def _own(geo: Geometry, unit: int) -> bool:
    """Whether a unit is one the variant's pictures show as its own: an extra unit (X
    diagonal, hyper window; not a hyper grid's hidden windows, which no page draws) or, in
    a grid without boxes, a region."""
    n = geo.n
    if geo.board is not None:
        return len(_grids_of(geo, geo.units[unit])) > 1
    return 3 * n <= unit < len(geo.units) or (not geo.box_rows and 2 * n <= unit < 3 * n)


def _grids_of(geo: Geometry, cells: Sequence[int]) -> list[int]:
    """The grids of a board that hold every one of the cells."""
    assert geo.board is not None
    return [g for g in range(len(geo.board.origins))
            if {geo.positions[c] for c in cells} <= set(geo.board.grid_positions(geo.n, g))]


def _seen(geo: Geometry, given: Sequence[int], cell: int, digit: int) -> bool:
    """Whether a given digit stands in the cell's row, column or box (jigsaw: region; on
    a board, of any of its grids)."""
    return any(given[p] == digit for u in geo.cell_units[cell]
               if geo.board is not None or u < 3 * geo.n for p in geo.units[u])


def _bound(geo: Geometry, given: Sequence[int], cell: int, digit: int) -> int | None:
    """A given cell whose digit a pair rule of the kind forbids `digit` in `cell` beside
    (the same digit a knight's move away, a consecutive one side by side); None if none."""
    return next((q for rule in geo.variant.pair_rules(geo.n) for q in rule.cells(geo.n, cell)
                 if given[q] and rule.forbids(given[q], digit)), None)


def _plain(geo: Geometry, given: Sequence[int]) -> set[int]:
    """The cells a single of the classic grid of the same givens fills (on a board: of
    any one grid's givens alone); none for a grid without boxes."""
    if not geo.box_rows:
        return set()
    cell = {p: c for c, p in enumerate(geo.positions)}
    grids = [tuple(range(geo.n * geo.n))] if geo.board is None else [
        tuple(cell[p] for p in geo.board.grid_positions(geo.n, g))
        for g in range(len(geo.board.origins))]
    plain: set[int] = set()
    for cells in grids:
        classic = Board(tuple(given[c] for c in cells), geometry(geo.n))
        plain |= {cells[s.placed[0][0]] for finder in (hidden_singles_box, hidden_singles_line,
                                                       naked_singles) for s in finder(classic)}
    return plain


def guide_step(example: BookPuzzle) -> GuideStep | None:
    """The first hidden single the grader finds on the example's givens in one of the
    variant's own units (diagonal, window, region) where every other empty cell of the
    unit sees the digit given in its row, column or box (the words say so); cells a
    single of the classic grid of the same givens fills are passed over (a grid with
    boxes), so the step needs the variant's rule. A kind with pair rules (anti-knight,
    non-consecutive) has no units of its own: its step is a hidden single in a row,
    column or box where the other empty cells the row, column and box leave open are
    ruled out by a given cell bound to them (GuideStep.ruled). None when there is no
    such step."""
    geo = example_geometry(example)
    given = example.givens
    plain = _plain(geo, given)
    board = Board(given, geo)
    paired = bool(geo.variant.pair_rules(geo.n))
    for finder in (hidden_singles_box, hidden_singles_line):
        for s in finder(board):
            (cell, digit), = s.placed
            unit = s.units[0]
            if cell in plain or not (paired or _own(geo, unit)):
                continue
            others = [p for p in geo.units[unit]
                      if p != cell and not given[p] and not _seen(geo, given, p, digit)]
            if not paired and not others:
                return GuideStep(cell, digit, unit)
            bound = [(p, _bound(geo, given, p, digit)) for p in others]
            if paired and others and all(b is not None for _, b in bound):
                return GuideStep(cell, digit, unit,
                                 ruled=tuple((p, b) for p, b in bound if b is not None))
    return None


@cache
def guide(variant: Variant, n: int) -> Guide | None:
    """The page of a kind that has how-to examples (Variant.howto), on its example of the
    n x n size; None for classic, whose page is the general one, for a kind without
    examples, and for a size without one."""
    for howto in variant.howto:
        # a board's example is written as its whole square, '-' outside the grids
        givens, solution = howto.givens.replace("-", ""), howto.solution.replace("-", "")
        if len(givens) != variant.cell_count(n):
            continue
        rows, cols = BOX_SHAPES[n] if variant.boxes else (0, 0)
        example = BookPuzzle(0, "", "", rows, cols, _grid(givens), _grid(solution),
                             variant=variant, regions=howto.regions)
        step = guide_step(example)
        assert step is not None, f"{variant.value} {n}x{n} example without its step"
        return Guide(variant.value, example, step)
    return None


def guide_size(book: Book, variant: Variant, width: float) -> int:
    """The size of a variant's page example in a box `width` wide: the size most of the
    book's puzzles of that kind have (the larger on a tie), or the largest smaller one
    whose digits keep MIN_TEXT_PT (example_size's rule)."""
    counts = Counter(p.n for s in book.sections for p in s.puzzles if p.variant is variant)
    sizes = [variant.size_of(len(h.givens.replace("-", ""))) or 0 for h in variant.howto]
    return _fitting(book, counts, sizes, width)


KILLER_EXAMPLE = (
    "ABBCCDDEEAAFFFGGEEHHIIJJKKKLLIIMNOOKLLLPMNQRRSSSPMMQTUVWWXYYZTUVVWXXaZbcVdddaaabc",
    "17 10 7 7 25 15 9 5 29 7 23 20 23 3 16 11 9 11 20 3 6 19 19 11 8 15 25 12 9 11",
    "819345267546728139237916845425831796761592483983674512678153924394287651152469378",
)
"""The killer page's example: the cage map (labels row by row, then the sums in the order
the labels first appear) and the solution; no givens."""


@cache
def killer_guide() -> Guide:
    """The killer page: a 9x9 killer puzzle of cages alone (KILLER_EXAMPLE) and the first
    step the grader's rule of 45 takes on it, a cell of one house that the cages wholly
    inside the house leave (killer_step)."""
    labels, totals, solution = KILLER_EXAMPLE
    cages = parse_cage_map(labels, totals)
    answer = _grid(solution)
    example = BookPuzzle(0, "", "", 3, 3, (0,) * len(answer), answer, cages=cages,
                         variant=Variant.KILLER)
    step = killer_step(example)
    assert step is not None, "killer example without its step"
    return Guide("killer", example, step)


def killer_step(example: BookPuzzle) -> GuideStep | None:
    """The grader's first rule-of-45 step on the example's givens, when it places the one
    cell of a single house that lies in a cage reaching out of the house; None otherwise."""
    board, kg = killer_board(example.givens, example.cages)
    for s in innie_outie(board, kg):
        (cell, digit), = s.placed
        house = s.units
        if len(house) == 1 and cell in board.geo.units[house[0]]:
            return GuideStep(cell, digit, house[0], 45 - digit)
    return None


def how_to_play_text(sizes: Sequence[tuple[int, int]], texts: Texts | None = None,
                     printed: Mapping[int, Symbols] | None = None,
                     dated: bool = False) -> tuple[str, ...]:
    """The rules, naming the symbols of every grid size in the book (in English unless
    `texts` says otherwise) as `printed` (book_symbols) says each size prints them; a
    `dated` (daily) book's grids are found by their dates."""
    texts = texts or Texts()
    kinds = []
    for rows, cols in sorted(set(sizes), key=lambda s: s[0] * s[1]):
        n = rows * cols
        symbols = _symbols_text(n, (printed or {}).get(n, Symbols.DIGITS), texts)
        kinds.append(texts("rules.size", n=n, rows=rows, cols=cols, symbols=symbols))
    return (
        texts("rules.grid"),
        texts("rules.goal", sizes=texts("rules.separator").join(kinds)) if kinds
        else texts("rules.goal_plain"),
        texts("rules.logic"),
        texts("rules.answers_daily" if dated else "rules.answers"),
    )


def _symbols_text(n: int, symbols: Symbols, texts: Texts) -> str:
    """The symbols of an n x n grid as the rules name them: '1 to 6', 'A to F', or the
    shapes' words."""
    if symbols is Symbols.SHAPES:
        words = [symbol_word(symbols, k, texts) for k in range(1, n + 1)]
        return texts("rules.shapes", shapes=texts("shape.separator").join(words))
    if symbols is Symbols.LETTERS:
        return texts("rules.abc", last=LETTERS[n - 1])
    return (texts("rules.digits", last=n) if n <= 9
            else texts("rules.letters", last=SYMBOLS[n - 1]))


def book_symbols(book: Book) -> dict[int, Symbols]:
    """What each grid size of the book prints, by size: the symbols of its first section
    of that size (the teaching pages show one kind of symbol a size)."""
    printed: dict[int, Symbols] = {}
    for s in book.sections:
        for p in s.puzzles[:1]:
            printed.setdefault(p.n, p.symbols)
    return printed


def boxed_sizes(book: Book) -> list[tuple[int, int]]:
    """The box shapes (rows, cols) of the book's boxed grids, smallest first: what the
    general page names (jigsaw grids get their own page)."""
    return sorted({(p.box_rows, p.box_cols) for s in book.sections for p in s.puzzles
                   if p.box_rows})


EXAMPLES: dict[int, tuple[str, str]] = {
    4: ("..3..4....2..3..", "1234341241232341"),
    6: ("5...2.2..4....2......3....4..3.5...1", "543126261435632514415362124653356241"),
    9: ("4..7.65.2...2...8.23...5.....2.....3.496.825.5.....9.....9...67.1...7...7.53.1..4",
        "491786532657213489238495716182549673349678251576132948823954167914867325765321894"),
    12: ("7..9C1A....6..1.B.6.......83..92.15..95...C.B......C5..A...76..7...3........A...3"
         "..1A...4..97......4.C...8B..CB.69..23.......2.B.7..8....A1C4..B",
         "7429C1A58B36CA15B3689274B6837492C15A295817C6BA433B4C582A691761A79B435C2892CBA5873"
         "461A83146B975C257642C31A8B91CBA697423854396825B17AC85723A1C469B"),
    16: (".5DC.9.8.7.....2F.6...D5B......3.G.9...7..F..56..8..C.F..5..AD........4.7.A....E5"
         "..GD.1.F...B4...4FB9..6.8......A...B.7G14.9.8D..A5.2.G943.F...D......C.9..A13E..."
         "C2...B.E.58..G7....4.A.6........AF..B..D.6..8..D7..G..2...4.3.E......C8F...B.1B."
         "....9.3.4.FG7.",
         "45DCA9E86731GFB2FE6AG2D5B984C7132G194B37ACFDE56838B7C6F1G5E2AD94D6918F427BA35CGE"
         "578GDE13F26CB4A9C4FB95A6E8DG3127A2E3BC7G145968DF1A5E28G943BF76CD8B467DCF9G2A13E5"
         "9FC2136BDE758A4G73GDE45AC61892FBG1AF37B45D962E8C6D75FG8E21CB493AE9346A2C8FG7DB51"
         "BC28519D3A4EFG76"),
}
"""The general page's example for each boxed grid size: givens and solution, one line
each; on each, the grader's finders see the three kinds of worked step at the start."""


class WorkedKind(Enum):
    """A kind of step the worked example shows; the value is its text's key
    (howto.worked.<value>)."""

    BOX = "box"
    """A hidden single in a box."""
    LINE = "line"
    """A hidden single in a row or column."""
    NAKED = "naked"
    """A naked single."""


@dataclass(frozen=True)
class Worked:
    """The general page's worked example."""

    example: BookPuzzle
    """The puzzle and its solution."""
    steps: tuple[tuple[WorkedKind, Step], ...]
    """The worked steps, numbered from 1 in this order: each found by the grader's
    finder of its kind on the example's givens, in a cell of its own."""


@cache
def worked_example(n: int) -> Worked:
    """The worked example of the n x n size (EXAMPLES): for each kind, the first step its
    finder takes on the givens whose cell no easier kind also fills (a naked single that
    is a hidden single too would show nothing new), of a digit not placed yet if any."""
    givens, solution = EXAMPLES[n]
    rows, cols = BOX_SHAPES[n]
    example = BookPuzzle(0, "", "", rows, cols, _grid(givens), _grid(solution))
    board = Board(example.givens, geometry(n))
    taken: set[int] = set()
    steps: list[tuple[WorkedKind, Step]] = []
    for kind, finder in ((WorkedKind.BOX, hidden_singles_box),
                         (WorkedKind.LINE, hidden_singles_line),
                         (WorkedKind.NAKED, naked_singles)):
        found = [s for s in finder(board) if s.placed[0][0] not in taken]
        # a digit the steps before did not place, where there is one: more to see
        digits = {s.placed[0][1] for _, s in steps}
        step = next((s for s in found if s.placed[0][1] not in digits), found[0])
        taken |= {s.placed[0][0] for s in finder(board)}
        steps.append((kind, step))
    return Worked(example, tuple(steps))


def example_side(n: int, width: float) -> float:
    """The side of the general page's example grids (puzzle and solution side by side) of
    the n x n size in a box `width` wide, before the height has its say."""
    return width * min(0.45, 0.075 * n)


def example_size(book: Book, width: float) -> int:
    """The grid size of the general page's example in a box `width` wide: the book's most
    common boxed size (the larger on a tie; 9 for a book of jigsaw or killer grids only),
    or the largest smaller one whose example's digits keep MIN_TEXT_PT (a 16x16 example
    fits a letter page, not a 6x9 one)."""
    counts = Counter(p.n for s in book.sections for p in s.puzzles if p.box_rows)
    return _fitting(book, counts, list(EXAMPLES), width)


def _fitting(book: Book, counts: Counter[int], sizes: Sequence[int], width: float) -> int:
    """Of the example sizes, the one of the most counted size (the larger on a tie; 9
    when nothing is counted), or the largest smaller one whose digits keep MIN_TEXT_PT in
    a box `width` wide, or the smallest."""
    wanted = max(counts, key=lambda n: (counts[n], n)) if counts else 9
    scale = book.template.digit_scale
    fits = [n for n in sizes
            if n <= wanted and scale * example_side(n, width) / n >= MIN_TEXT_PT]
    return max(fits, default=min(sizes))
