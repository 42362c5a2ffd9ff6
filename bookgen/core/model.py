"""Records shared along the pipeline: difficulty bands, what a puzzle must look like, the
layout template, the book.

Conventions: lengths are PDF points (72 pt = 1 in); grids are tuples of n*n values,
row-major, 0 = blank (see grid.py). Every record is frozen: the pipeline builds a Book
once and the layout only reads it.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from ..variants.killer.cages import Cages
from .errors import GenerationError
from .grid import BOX_SHAPES, Geometry, geometry
from .lang import Texts
from .rules import Figure, Paper, Platform, Symmetry, Variant, min_clues

if TYPE_CHECKING:  # the grader's scale is built on these records
    from ..grade.scale import Technique


class Band(Enum):
    """The difficulty bands of SPEC §5, as named in book configs."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    EXTREME = "extreme"

    @property
    def bounds(self) -> tuple[float, float]:
        """(lo, hi): a grade is in the band when lo <= grade < hi."""
        return BANDS[self]


BANDS: dict[Band, tuple[float, float]] = {
    Band.EASY: (0.0, 1.5),
    Band.MEDIUM: (1.5, 2.5),
    Band.HARD: (2.5, 4.0),
    Band.EXPERT: (4.0, 6.0),
    Band.EXTREME: (6.0, math.inf),
}
"""Band -> (lo, hi): a puzzle is in the band when lo <= grade < hi (SPEC §5)."""


STARS: dict[Band, int] = {band: i + 1 for i, band in enumerate(Band)}
"""Band -> the stars a puzzle of the band shows, 1 (easy) to 5 (extreme)."""

TIME_TARGETS: dict[Band, int] = {Band.EASY: 10, Band.MEDIUM: 15, Band.HARD: 25,
                                 Band.EXPERT: 40, Band.EXTREME: 60}
"""Band -> minutes a practised solver may aim for (Template.time_target's default), as
commercial books print them: a pace to beat, not a limit."""


def band_of(grade: float) -> Band:
    """The band a grade falls in."""
    grade = round(grade, 6)  # sums of tenths: 1.4999999999999998 is 1.5
    for band, (lo, hi) in BANDS.items():
        if lo <= grade < hi:
            return band
    return Band.EASY


@dataclass(frozen=True)
class ClueTarget:
    """The clue count wanted, lo..hi inclusive (lo == hi for an exact count)."""

    lo: int
    """Fewest clues accepted; digging stops here."""
    hi: int
    """Most clues accepted."""

    def __str__(self) -> str:
        return str(self.lo) if self.lo == self.hi else f"{self.lo}-{self.hi}"

    def __contains__(self, clues: object) -> bool:
        return isinstance(clues, int) and self.lo <= clues <= self.hi

    @classmethod
    def parse(
        cls, text: str | int | ClueTarget | None, n: int, variant: Variant = Variant.CLASSIC
    ) -> ClueTarget:
        """'24', '24-30' or an int; None means any count. GenerationError when impossible
        (fewer clues than rules.min_clues for the size and variant)."""
        ncells = variant.cell_count(n)
        if text is None:
            return cls(0, ncells)
        if isinstance(text, ClueTarget):
            lo, hi = text.lo, text.hi
        elif isinstance(text, int) and not isinstance(text, bool):
            lo = hi = text
        else:
            parts = str(text).replace(" ", "").split("-")
            if len(parts) not in (1, 2) or not all(
                p.isascii() and p.isdigit() for p in parts
            ):
                raise GenerationError(
                    f"clue target {text!r}: expected a number or a range such as 24-30"
                )
            lo, hi = int(parts[0]), int(parts[-1])
        least = min_clues(n, variant)
        if lo > hi:
            raise GenerationError(f"clue target {lo}-{hi}: the range is empty (lo > hi)")
        if hi > ncells:
            raise GenerationError(
                f"clue target {text}: a {n}x{n} grid has only {ncells} cells"
            )
        if hi < least:
            raise GenerationError(
                f"clue target {text} is impossible for a {n}x{n}"
                + ("" if variant is Variant.CLASSIC else f" {variant.value}")
                + f" grid: a unique puzzle needs at least {least} clues"
            )
        return cls(max(lo, 0), hi)


CAGE_WEIGHTS = (0, 5, 5, 3, 1)
"""Default weights of killer cage sizes 1, 2, 3, 4 and 5 (mostly pairs and triples, as
printed killer books have; no single cells, which printed books avoid)."""

MAX_CAGE = 5
"""Most cells of a generated killer cage."""


@dataclass(frozen=True)
class CageSpec:
    """How killer cages are made (generate.make_killer)."""

    weights: tuple[int, ...] | None = None
    """Relative weights of cage sizes 1 .. MAX_CAGE, as a cage's wanted size is drawn;
    None: the aim's measured mix (cage_aim.BAND_DRAWS), CAGE_WEIGHTS without an aim."""
    givens: int = 0
    """Most givens placed (each where two solutions differ) before cages are split; 0: a
    puzzle of cages alone."""
    aim: Band | None = None
    """The band the cages are drawn for (a killer section's band), or None."""


MAX_TRIES = 200
"""Fresh boards tried for one puzzle before a clue target is given up."""


@dataclass(frozen=True)
class DigSpec:
    """What a generated puzzle must look like: a section's rules for its clue pattern."""

    size: int = 9
    """n: symbols per unit (rules.SIZES)."""
    symmetry: Symmetry = Symmetry.NONE
    """Symmetry of the clue pattern."""
    clues: ClueTarget | None = None
    """Clue count wanted; None = whatever digging reaches."""
    minimal: bool = False
    """Dig every group (no orbit of clues can go and keep the puzzle unique); otherwise
    stop at clues.lo."""
    variant: Variant = Variant.CLASSIC
    """Which units the grid has besides rows and columns."""
    regions: str | None = None
    """Jigsaw only: the region layout as n*n labels, row-major (Geometry.region_labels);
    None asks for a fresh random layout per puzzle (generate.puzzle_geometry)."""
    max_tries: int = MAX_TRIES
    """Fresh boards tried before giving up on the clue target."""
    cages: CageSpec = CageSpec()
    """Killer only: cage sizes and givens."""
    interlocked: bool = False
    """Multi-grid kinds only: no grid of the board is unique from its own givens alone
    (make.interlock)."""

    @property
    def geo(self) -> Geometry:
        return geometry(self.size, self.variant, self.regions)

    @property
    def box_shape(self) -> tuple[int, int]:
        """(box rows, box columns) of the grid; (0, 0) for jigsaw, whose regions are not
        rectangles (known even when each puzzle gets its own random layout)."""
        return BOX_SHAPES[self.size] if self.variant.boxes else (0, 0)

    @property
    def target(self) -> ClueTarget:
        return self.clues or ClueTarget(0, self.variant.cell_count(self.size))


@dataclass(frozen=True)
class LineWeights:
    """Stroke widths in points (PRINT.md: never below 0.75)."""

    cell: float = 0.9
    """Thin lines between the cells of a puzzle grid."""
    box: float = 2.2
    """Lines between boxes of a puzzle grid."""
    border: float = 2.8
    """The outer border of a puzzle grid, drawn as one rectangle."""
    answer_cell: float = 0.75
    """Thin lines of an answer-key grid."""
    answer_box: float = 1.5
    """Box lines and border of an answer-key grid."""


class Symbols(Enum):
    """What a section's grids print in place of the digits 1 to n: printing only, the
    puzzle's data (bank, manifest, puzzles.txt) keeps its digits."""

    DIGITS = "digits"
    """1 to n (then A, B, ... past 9): every size."""
    LETTERS = "letters"
    """A to D on a 4x4 grid, A to F on a 6x6 one."""
    SHAPES = "shapes"
    """Drawn icons (render/symbols.py), no text at all: circle, square, triangle, star,
    heart, diamond."""

    @property
    def sizes(self) -> tuple[int, ...] | None:
        """The grid sizes it prints on; None for every size."""
        return None if self is Symbols.DIGITS else SYMBOL_SIZES


SYMBOL_SIZES = (4, 6)
"""The sizes letters and shapes are for: kids' grids, whose few symbols stay easy to tell
apart as icons (six distinct outlines and fills) and as the first letters of the
alphabet; larger grids keep digits, and past 9 their letters already mean 10, 11, ..."""


class XStyle(Enum):
    """How an X grid shows its two diagonals."""

    TINT = "tint"
    """A light gray tint behind the diagonal cells."""
    LINES = "lines"
    """A thin gray line corner to corner along each diagonal."""


@dataclass(frozen=True)
class PrintSpec:
    """How the book will be printed (a template's or config's `print:` block)."""

    platform: Platform = Platform.KDP
    """Print-on-demand service, or home printing."""
    paper: Paper = Paper.WHITE
    """Interior paper: sets the page limit and the spine width."""
    bleed: bool = False
    """Pages are the trim plus 0.125 in at the outside edge, top and bottom."""
    recto_starts: bool | None = None
    """Sections and the answer key start on a right-hand page (a blank page before them
    when needed); None means the platform's way: yes on demand, no at home."""
    pdfx: bool = False
    """Book and cover are written as PDF/X-1a:2003 (an output intent, TrimBox on every
    page, CMYK or gray colour only), for printers that ask for it."""

    @property
    def starts_recto(self) -> bool:
        """Whether parts start on right-hand pages, the platform's default resolved."""
        return self.platform.on_demand if self.recto_starts is None else self.recto_starts


class DifficultyDisplay(Enum):
    """What a puzzle's label shows of its difficulty, at the right of its grid."""

    NONE = "none"
    """Nothing."""
    BAND = "band"
    """The puzzle's section name ('Very Easy'), unless the label already says it."""
    STARS = "stars"
    """One to five stars by band (model.STARS), drawn as shapes."""
    GRADE = "grade"
    """The grade on the SE scale ('Grade 4.5'), in the language's number format."""


@dataclass(frozen=True)
class Template:
    """A page layout preset (templates/*.yaml), after config overrides are applied."""

    name: str
    """The template's file stem, e.g. 'letter-4up'."""
    page_width: float
    """Trim width in points."""
    page_height: float
    """Trim height in points."""
    margin_outside: float = 36.0
    """Outside margin (right on odd pages, left on even pages)."""
    margin_top: float = 36.0
    """Top margin."""
    margin_bottom: float = 36.0
    """Bottom margin; the page number sits inside it, above the trim."""
    gutter: float | None = None
    """Inside margin in points; None picks the KDP gutter for the page count."""
    puzzles_per_page: int = 4
    """Puzzles on one body page: 1, 2, 4 or 6."""
    answers_per_page: int = 9
    """Answer grids on one answer-key page: 4 to 12."""
    font: str = "Vera"
    """Regular font: 'Vera' (ships with reportlab), a path to a .ttf or .otf file with
    TrueType outlines, or 'PATH.ttc#N' for face N of a collection (render/fonts.py)."""
    font_bold: str = "VeraBd"
    """Bold font for givens and headings, given as `font` is."""
    lines: LineWeights = LineWeights()
    """Stroke widths."""
    digit_scale: float = 0.6
    """Digit size as a fraction of the cell side (PRINT.md: 0.55-0.65)."""
    answer_gray: float = 0.35
    """Gray level of filled-in answer digits (0 = black; <= 0.4 keeps >= 60% black)."""
    large_print: bool = False
    """Large print: digits at least 16 pt, at most 2 puzzles a page."""
    label: str | None = None
    """Label above each grid; {number} and {difficulty} are filled in. None: the book
    language's own (its `label` text)."""
    difficulty: DifficultyDisplay = DifficultyDisplay.BAND
    """What each label shows of the puzzle's difficulty."""
    x_style: XStyle = XStyle.TINT
    """How X grids show their diagonals: tinted cells or thin lines."""
    region_tint: bool = False
    """Jigsaw grids tint their regions in alternating light grays (neighbours differ)
    besides the thick region borders."""
    givens_bold: bool = True
    """Puzzle givens in `font_bold` (False: in `font`), as the answer key prints them."""
    time_target: tuple[int, ...] | None = None
    """Under each puzzle grid, the minutes to aim for by its band: one figure a band, in
    Band order (TIME_TARGETS by default); None: no time target."""
    solved_box: bool = False
    """Under each puzzle grid, a box to write the solving time in."""
    print: PrintSpec = PrintSpec()
    """Platform, paper and bleed."""


@dataclass(frozen=True)
class BookPuzzle:
    """One puzzle as it is printed."""

    number: int
    """1-based number through the whole book."""
    section: str
    """The section's name, e.g. 'Easy'."""
    difficulty: str
    """The band's word in the book's language, e.g. 'Hard' or 'Schwer'."""
    box_rows: int
    """Rows in one box (n = box_rows * box_cols); 0 for jigsaw."""
    box_cols: int
    """Columns in one box; 0 for jigsaw."""
    givens: tuple[int, ...]
    """The puzzle: n*n values, 0 = blank."""
    solution: tuple[int, ...]
    """The unique solution: n*n values."""
    band: Band | None = None
    """The band of its grade; None for a blank grid (a page count before the work)."""
    grade: float | None = None
    """Its grade on the SE scale; None for a blank grid."""
    variant: Variant = Variant.CLASSIC
    """Which units the grid has besides rows and columns; layout marks them."""
    regions: str | None = None
    """Jigsaw only: the region layout, n*n labels row-major (Geometry.region_labels)."""
    cages: Cages = ()
    """Killer only: the cages (killer.Cage), covering every cell; () for other kinds."""
    hint: str = ""
    """Its hint in the book's language (book.hints); '' in a book without hints."""
    symbols: Symbols = Symbols.DIGITS
    """What its cells print for the values 1 to n: digits, letters or shapes."""
    date: str = ""
    """A daily book's puzzle: its date in the book's language, which labels its grid in
    place of its number ('Friday, January 1, 2027'); '' for a numbered puzzle."""

    @property
    def n(self) -> int:
        """Symbols per unit (and cells per row of one grid)."""
        return self.variant.size_of(len(self.givens)) or math.isqrt(len(self.givens))

    @property
    def across(self) -> int:
        """Cells across the square the puzzle is drawn in: n, or its board's side (21 for
        a samurai board)."""
        return self.variant.board.side if self.variant.board else self.n

    @property
    def geo(self) -> Geometry:
        """The grid's topology: its boxes or regions and the variant's extra units."""
        return geometry(self.n, self.variant, self.regions)


@dataclass(frozen=True)
class BookSection:
    """A run of puzzles under one heading."""

    name: str
    """Heading, e.g. 'Expert'."""
    puzzles: tuple[BookPuzzle, ...]
    """In print order, easier to harder."""
    technique: Tip | None = None
    """A technique section's page before its puzzles: the technique explained with a step
    from one of its puzzles (book.tips.technique_tip); None: no page."""


@dataclass(frozen=True)
class FrontMatter:
    """Which front pages the book has."""

    title_page: bool = True
    """The title page, with the copyright page on its back."""
    belongs_to: bool = False
    """A "This book belongs to" page after the title leaf."""
    how_to_play: bool = True
    """The rules, with a small worked example."""
    tips: bool = False
    """Solving tips: each technique the book's puzzles need, with an example step."""
    scale: bool = False
    """The difficulty scale: the bands, their grades and what each asks."""
    contents: bool = True
    """The contents: each section's and the answers' first page."""


class Family(Enum):
    """A family of solving techniques, as the tips page explains them; the value is the
    key of its name ('technique.<value>') and tip ('tip.<value>') in the language files.
    Listed easiest first (grade.scale.Technique.family maps each technique here)."""

    FULL_HOUSE = "full_house"
    HIDDEN_SINGLE = "hidden_single"
    NAKED_SINGLE = "naked_single"
    LOCKED = "locked"
    NAKED_SUBSET = "naked_subset"
    HIDDEN_SUBSET = "hidden_subset"
    FISH = "fish"
    STRONG_LINKS = "strong_links"
    WING = "wing"
    UNIQUENESS = "uniqueness"
    EXCLUSION = "exclusion"
    CHAIN = "chain"
    FORCING = "forcing"
    TRIAL = "trial"
    CAGE = "cage"


@dataclass(frozen=True)
class StepDiagram:
    """One solving step on the grid it was found on, as the tips page draws it: the
    grid's values and candidates just before the step, and what the step highlights
    (the grader's Drawing, its units and links turned into cells)."""

    box_rows: int
    """Rows of a box; 0 for a grid without boxes (jigsaw)."""
    box_cols: int
    """Columns of a box; 0 for a grid without boxes."""
    regions: tuple[int, ...]
    """The box or region of each cell, row-major: thick lines go between regions."""
    givens: tuple[int, ...]
    """The puzzle's givens (0 = blank)."""
    values: tuple[int, ...]
    """The values before the step: the givens and the digits placed so far."""
    candidates: tuple[int, ...]
    """Each empty cell's candidate mask before the step (bit d-1 for digit d); 0 for a
    filled cell."""
    cells: tuple[int, ...]
    """The pattern's cells, shaded."""
    houses: tuple[int, ...]
    """The cells of the units the pattern lives in, shaded lighter."""
    circled: tuple[tuple[int, int], ...]
    """(cell, digit) candidates the pattern is made of, circled."""
    eliminated: tuple[tuple[int, int], ...]
    """(cell, digit) candidates the step removes, struck out."""
    placed: tuple[tuple[int, int], ...]
    """(cell, value) the step places."""
    links: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    """Chain links, each from one (cell, digit) candidate to the next, drawn as arrows."""
    cages: Cages = ()
    """A killer grid's cages, outlined with their sums; () for other grids."""

    @property
    def n(self) -> int:
        """Symbols a row."""
        return math.isqrt(len(self.values))


@dataclass(frozen=True)
class Tip:
    """One entry of the solving-tips page."""

    family: Family
    """The technique family; its name and tip come from the book's language."""
    puzzle: int
    """The number of the book's puzzle the example comes from (0 for a blank book)."""
    example: str
    """The example step in the book's language, as the grader took it."""
    diagram: StepDiagram | None = None
    """The example step drawn on its grid (None for a blank book)."""
    technique: str | None = None
    """On a technique section's page, the key of the technique it teaches (the grade
    scale's Technique.key: its name and teaching text in the book's language); None: a
    solving tip, which explains its family."""


class WorkedPick(Enum):
    """A choice of puzzles for the worked solutions by what they are, not by number."""

    HARDEST = "hardest"
    """The book's hardest puzzle by grade (of equal grades, the later one)."""


@dataclass(frozen=True)
class WorkedSpec:
    """Which puzzles the worked-solutions appendix solves (a config's `worked:`)."""

    numbers: tuple[int, ...] = ()
    """Puzzle numbers, in the order listed."""
    pick: WorkedPick | None = None
    """A pick by what the puzzles are, in place of numbers; None: the numbers alone."""

    @property
    def wanted(self) -> bool:
        """Whether the book has the appendix."""
        return bool(self.numbers) or self.pick is not None


@dataclass(frozen=True)
class WorkedEntry:
    """One entry of a worked solution: a run of singles in words, or a key step (any step
    that is not a single) with its diagram."""

    first: int
    """The number of its first step in the solution, from 1."""
    last: int
    """The number of its last step (the first, for a key step)."""
    name: str
    """A key step's heading ('Step 15: X-wing and swordfish'); '' for a run of singles."""
    text: str
    """Its words in the book's language: the singles' placements, or where the key step
    looks and what it finds."""
    diagram: StepDiagram | None = None
    """A key step drawn on the board before it; None for a run of singles."""


@dataclass(frozen=True)
class WorkedSolution:
    """One puzzle of the worked-solutions appendix, solved step by step."""

    number: int
    """The puzzle's number in the book."""
    heading: str
    """Its heading in the book's language ('Puzzle 12 (Expert)')."""
    start: StepDiagram
    """The puzzle as printed: its givens (and cages), nothing marked."""
    entries: tuple[WorkedEntry, ...]
    """The grader's solution, in order: runs of singles and key steps."""
    end: StepDiagram
    """The solved grid: the givens and every digit the steps placed."""


@dataclass(frozen=True)
class Publication:
    """The copyright page's fields (a config's `publication:` block)."""

    year: int | None = None
    """Year of the copyright notice."""
    rights: str | None = None
    """The rights line; None: the language's ('All rights reserved.')."""
    edition: str = ""
    """The edition, as the publisher words it ('First edition')."""
    imprint: str = ""
    """The publisher's imprint."""
    isbn: str = ""
    """The ISBN as written (checked: ISBN-10 or ISBN-13 with a valid check digit)."""


@dataclass(frozen=True)
class Colour:
    """An RGB colour (a cover's accent)."""

    red: float
    """Red, 0 to 1."""
    green: float
    """Green, 0 to 1."""
    blue: float
    """Blue, 0 to 1."""

    @property
    def hex(self) -> str:
        """'#rrggbb', as configs write it."""
        return "#" + "".join(f"{round(v * 255):02x}" for v in (self.red, self.green, self.blue))


class CoverStyle(Enum):
    """The design of a cover's front (the back and spine are the same for all)."""

    TYPOGRAPHIC = "typographic"
    """The title set large on the accent colour, the badges below it."""
    PUZZLE = "puzzle"
    """The title on an accent band, one of the book's puzzles large below it as the art."""
    PATTERN = "pattern"
    """A pattern drawn from the book's own solution grids, the title on a card over it."""


class CoverInk(Enum):
    """How a cover's colours are written in the PDF."""

    RGB = "rgb"
    """The accent as RGB, as screens and most print-on-demand services take it."""
    CMYK = "cmyk"
    """Every colour as CMYK (black as K only), for printers that ask for it."""


@dataclass(frozen=True)
class CoverSpec:
    """What the full-wrap cover shows beyond title, subtitle and author (`cover:` block)."""

    blurb: str = ""
    """Text on the back cover; paragraphs separated by blank lines."""
    accent: Colour | None = None
    """The one colour of the design (backgrounds, bands, badges); None keeps the cover
    grayscale."""
    style: CoverStyle = CoverStyle.PUZZLE
    """The front's design."""
    badges: bool = True
    """Badges on the front: the puzzle count, the band range, answers included."""
    price: str = ""
    """The price line on the back, as written ('$9.99'); '' for none."""
    ink: CoverInk = CoverInk.RGB
    """RGB or CMYK colour; a PDF/X book (PrintSpec.pdfx) is always CMYK."""
    front_puzzle: int | None = None
    """Number of the puzzle drawn on the front; None = the book's last (hardest) puzzle."""
    back_puzzle: int | None = None
    """Number of the sample puzzle on the back; None = puzzle 1."""


@dataclass(frozen=True)
class Book:
    """Everything the layout needs; nothing left to compute but positions."""

    title: str
    subtitle: str
    author: str
    copyright: str
    """Copyright line for the title page's back; '' for none."""
    sections: tuple[BookSection, ...]
    template: Template
    front: FrontMatter = FrontMatter()
    cover: CoverSpec = CoverSpec()
    """The cover's blurb, accent colour and puzzles."""
    texts: Texts = field(default_factory=Texts)
    """Every text the pages print besides the config's own, in the book's language."""
    publication: Publication | None = None
    """The copyright page's fields; None: the copyright line alone, if any."""
    tips: tuple[Tip, ...] = ()
    """The solving tips, easiest first (with front.tips)."""
    hints: bool = False
    """A hints section between the puzzles and the answers: each puzzle's hint
    (BookPuzzle.hint), by puzzle number."""
    worked: tuple[WorkedSolution, ...] = ()
    """The worked solutions appendix, in the order the config lists its puzzles."""

    @property
    def dated(self) -> bool:
        """Whether it is a daily book: its grids labelled by date, its sections months."""
        return any(p.date for s in self.sections for p in s.puzzles[:1])

    @property
    def subject(self) -> str:
        """PDF metadata subject."""
        return self.texts("subject")


# ---------------------------------------------------------------- sections


class Weekday(Enum):
    """The days of the week, Monday first (date.weekday() is the index), as configs and
    the language files name them."""

    MONDAY = "monday"
    TUESDAY = "tuesday"
    WEDNESDAY = "wednesday"
    THURSDAY = "thursday"
    FRIDAY = "friday"
    SATURDAY = "saturday"
    SUNDAY = "sunday"


@dataclass(frozen=True)
class Daily:
    """A daily book: one puzzle a day from `start`, each day's band set by its weekday."""

    start: datetime.date
    """The first puzzle's date."""
    days: int
    """Puzzles, one a day."""
    week: tuple[Band, ...]
    """The band of each weekday, Monday first (seven bands)."""

    def band(self, day: datetime.date) -> Band:
        """The band of the puzzle of `day`."""
        return self.week[day.weekday()]

    @property
    def dates(self) -> tuple[datetime.date, ...]:
        """Every puzzle's date, in order."""
        return tuple(self.start + datetime.timedelta(days=i) for i in range(self.days))



@dataclass(frozen=True)
class Difficulty:
    """What a section's puzzles must rate: a band, ranges on figures, or both."""

    band: Band | None
    """The band the grade must fall in, or None."""
    ranges: tuple[tuple[Figure, float, float], ...]
    """(figure, lo, hi), inclusive; a technique section's holds the grades of its
    technique (grade.target.window)."""
    technique: Technique | None = None
    """The technique every puzzle's hardest step must be (by name), or None."""
    needs: tuple[Technique, ...] = ()
    """Techniques every puzzle's solution must use (by name), in config order."""


@dataclass(frozen=True)
class ImproveSpec:
    """Search each puzzle of a section for a harder one; exactly one budget is set."""

    evaluations: int | None
    """Puzzles evaluated per improved puzzle (deterministic), or None."""
    seconds: float | None
    """Wall-clock seconds per improved puzzle (anytime), or None."""
    objective: Figure
    """What to maximise: way_complexity by default, or any other figure (grade ...)."""


@dataclass(frozen=True)
class SectionConfig:
    """One section of the book as the config asks for it."""

    name: str
    """Heading, e.g. 'Easy'."""
    count: int
    """Puzzles in the section."""
    difficulty: Difficulty
    """What the puzzles must rate."""
    dig: DigSpec
    """What the puzzles must look like: size, symmetry, clue range (the section's `clues`
    narrowed by a `clues` range in its difficulty), minimal."""
    improve: ImproveSpec | None
    """Search for harder puzzles, or None."""
    symbols: Symbols = Symbols.DIGITS
    """What its grids print for the values 1 to n (4x4 and 6x6 only for letters and
    shapes); the puzzles themselves keep their digits."""
