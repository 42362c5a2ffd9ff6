"""The how-to-play page of each variant a book holds: its rules in a short paragraph and
a worked example (guide(kind), from the kind's HowTo, and KILLER_GUIDE); the words are the book's
language's.

Glossary:
  guide    a variant's page: heading, rules, the example puzzle with its solution, and the
           first step of the example worked in words
  texts    the words of a guide are the language keys howto.<key>.heading, .rules, .more
           and .step (bookgen/core/lang/*.yaml), read through the book's Texts; the key is the
           variant's name
  step     a cell the example's extra units decide: its row, column and box (jigsaw: its
           row and column) leave two or more symbols, the variant's own unit leaves one;
           tests/test_variety.py checks each claim against the grid. Killer's step is a
           cell its cages decide: a cage's sum allows one pair of digits, and a cage
           beside it takes one of them (tests/test_killer_pages.py checks it)

Classic grids keep the general page (draw.how_to_play); this table adds one page for each
other variant present, after it, and the killer page for a book with cages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.grid import BOX_SHAPES, SYMBOLS
from ..core.lang import Texts
from ..core.model import Book, BookPuzzle
from ..core.rules import Variant
from ..variants.killer.cages import Cage


def _grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text)


@dataclass(frozen=True)
class Guide:
    """One variant's how-to-play page."""

    key: str
    """The variant it explains, by name; its texts are the keys howto.<key>.*."""
    example: BookPuzzle
    """A small puzzle of the variant with its solution."""
    step_cell: int
    """The cell the step fills (0-based, row-major)."""

    def _text(self, texts: Texts, part: str) -> str:
        return texts(f"howto.{self.key}.{part}")

    def heading(self, texts: Texts) -> str:
        """The page's heading."""
        return self._text(texts, "heading")

    def rules(self, texts: Texts) -> tuple[str, ...]:
        """Paragraphs: what the variant adds to the usual rules."""
        return self._text(texts, "rules"), self._text(texts, "more")

    def step(self, texts: Texts) -> str:
        """The example's first step worked in words."""
        return self._text(texts, "step")


def guide(variant: Variant) -> Guide | None:
    """The page of a kind that has a how-to example (Variant.howto); None for classic,
    whose page is the general one, and for a kind without an example."""
    howto = variant.howto
    if howto is None:
        return None
    n = round(len(howto.givens) ** 0.5)
    rows, cols = BOX_SHAPES[n] if variant.boxes else (0, 0)
    example = BookPuzzle(0, "", "", rows, cols, _grid(howto.givens), _grid(howto.solution),
                         variant=variant, regions=howto.regions)
    return Guide(variant.value, example, howto.step_cell)


def _killer_example(labels: str, solution: str) -> BookPuzzle:
    """A 4x4 killer puzzle without givens: a cage for each label, its sum from `solution`."""
    cells: dict[str, list[int]] = {}
    for cell, label in enumerate(labels):
        cells.setdefault(label, []).append(cell)
    answer = _grid(solution)
    cages = tuple(sorted((Cage(sum(answer[c] for c in group), tuple(group))
                          for group in cells.values()), key=lambda cage: cage.cells[0]))
    return BookPuzzle(0, "", "", 2, 2, (0,) * len(answer), answer, cages=cages)


KILLER_GUIDE = Guide(
    "killer", _killer_example("AABBCDEFCDEFGGHH", "1234432121433412"), step_cell=1)
"""The killer page: eight cages of two cells and one solution; the cage of 3 in row 1
holds 1 and 2, the cage of 4 below its second cell takes column 2's 1, so that cell is 2."""


def how_to_play_text(sizes: Sequence[tuple[int, int]], texts: Texts | None = None
                     ) -> tuple[str, ...]:
    """The rules, naming the symbols of every grid size in the book (in English unless
    `texts` says otherwise)."""
    texts = texts or Texts()
    kinds = []
    for rows, cols in sorted(set(sizes), key=lambda s: s[0] * s[1]):
        n = rows * cols
        symbols = (texts("rules.digits", last=n) if n <= 9
                   else texts("rules.letters", last=SYMBOLS[n - 1]))
        kinds.append(texts("rules.size", n=n, rows=rows, cols=cols, symbols=symbols))
    return (
        texts("rules.grid"),
        texts("rules.goal", sizes=texts("rules.separator").join(kinds)) if kinds
        else texts("rules.goal_plain"),
        texts("rules.logic"),
        texts("rules.answers"),
    )


def boxed_sizes(book: Book) -> list[tuple[int, int]]:
    """The box shapes (rows, cols) of the book's boxed grids, smallest first: what the
    general page names (jigsaw grids get their own page)."""
    return sorted({(p.box_rows, p.box_cols) for s in book.sections for p in s.puzzles
                   if p.box_rows})
