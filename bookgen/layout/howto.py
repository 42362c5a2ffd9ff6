"""The how-to-play page of each variant a book holds: its rules in a short paragraph and
a worked example (GUIDES, keyed by Variant); the words are the book's language's.

Glossary:
  guide    a variant's page: heading, rules, the example puzzle with its solution, and the
           first step of the example worked in words
  texts    the words of a guide are the language keys howto.<variant>.heading, .rules,
           .more and .step (bookgen/lang/*.yaml), read through the book's Texts
  step     a cell the example's extra units decide: its row, column and box (jigsaw: its
           row and column) leave two or more symbols, the variant's own unit leaves one;
           tests/test_variety.py checks each claim against the grid

Classic grids keep the general page (draw.how_to_play); this table adds one page for each
other variant present, after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..lang import Texts
from ..model import BookPuzzle
from ..rules import Variant


def _grid(text: str) -> tuple[int, ...]:
    return tuple(0 if ch == "." else int(ch) for ch in text)


@dataclass(frozen=True)
class Guide:
    """One variant's how-to-play page."""

    variant: Variant
    """The variant it explains; its texts are the keys howto.<variant>.*."""
    example: BookPuzzle
    """A small puzzle of the variant with its solution."""
    step_cell: int
    """The cell the step fills (0-based, row-major)."""

    def _text(self, texts: Texts, part: str) -> str:
        return texts(f"howto.{self.variant.value}.{part}")

    def heading(self, texts: Texts) -> str:
        """The page's heading."""
        return self._text(texts, "heading")

    def rules(self, texts: Texts) -> tuple[str, ...]:
        """Paragraphs: what the variant adds to the usual rules."""
        return self._text(texts, "rules"), self._text(texts, "more")

    def step(self, texts: Texts) -> str:
        """The example's first step worked in words."""
        return self._text(texts, "step")


def _example(variant: Variant, givens: str, solution: str, regions: str | None = None
             ) -> BookPuzzle:
    n = int(len(givens) ** 0.5)
    rows, cols = (0, 0) if variant is Variant.JIGSAW else {4: (2, 2), 9: (3, 3)}[n]
    return BookPuzzle(0, "", "", rows, cols, _grid(givens), _grid(solution), variant=variant,
                      regions=regions)


GUIDES: dict[Variant, Guide] = {
    Variant.X: Guide(
        Variant.X, _example(Variant.X, ".4..2.......1.34", "3412214343211234"), step_cell=6),
    Variant.HYPER: Guide(
        Variant.HYPER,
        _example(
            Variant.HYPER,
            "..6.15......36.2.5.1...8......9.......7..23..5.3....27.2..9.8..37.6.49..85.2.1..3",
            "236415789748369215915728634162937548487152396593846127624593871371684952859271463",
        ),
        step_cell=57,
    ),
    Variant.JIGSAW: Guide(
        Variant.JIGSAW,
        _example(Variant.JIGSAW, "......6.12531.........453.2.......21",
                 "523416641253154632236145312564465321", "111222113322133442533446554466555666"),
        step_cell=28,
    ),
}
"""Every variant's page; classic is the general page."""
