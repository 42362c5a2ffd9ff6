"""`bookgen export`: one image per puzzle; `bookgen preview`: chosen pages of a book as PNG.

Glossary:
  image     one grid drawn as the books draw it (render/image.py): puzzle-001.svg (or
            .png) for the first puzzle read, and with --answers its solution beside it,
            answer-001.svg; numbers padded to three digits or more, in input order
  size      --size: the grid's side in inches; by default EXPORT_CELL_PT a cell, and
            never cells smaller than a book's (rules.MIN_CELL_PT)
  look inside  preview's default pages: the title page, the first puzzle page and the
            first answer page of the book
  page list --pages '1,3-5': pages from 1, ranges inclusive; a page named twice is
            written once

Every file is written whole (a temporary file, then a rename); a file of the same name
is replaced. A puzzle that cannot be exported (no unique solution with --answers, too
small a --size) is said so on stderr as `error: <where>: ...`, the others are still
written, and the exit code is 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import OutputError
from ..core.model import Symbols
from ..core.rules import MIN_CELL_PT
from .options import add_options, enum_value, folder, progress_bar
from .skeleton import Item, count_problem, puzzle_command, read_items

if TYPE_CHECKING:
    from ..core.model import Book, BookPuzzle

__all__ = ["EXPORT_CELL_PT", "PREVIEW_DPI", "add_export", "add_preview", "page_list",
           "run_export", "run_preview"]

EXPORT_CELL_PT = 32.0
"""An exported grid's cell without --size: a 9x9 grid 4 in wide."""

EXPORT_DPI = 300
"""A PNG's pixels an inch without --dpi: print resolution."""

PREVIEW_DPI = 100
"""A preview page's pixels an inch without --dpi: a screen's "look inside"."""


def _dpi(text: str) -> int:
    """An argparse type: a whole number of pixels an inch within image.DPI_RANGE."""
    from ..render.image import DPI_RANGE

    low, high = DPI_RANGE
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of pixels an inch from {low} to {high}, got {text!r}")
    return int(text)


def _inches(text: str) -> float:
    """An argparse type: a positive, finite size in inches."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a size in inches, e.g. 4 or 2.5, got {text!r}")
    return value


def add_export(sub: argparse._SubParsersAction) -> None:
    p = puzzle_command(
        sub, "export", ("svg", "png"),
        output=dict(metavar="DIR", required=True, type=folder,
                    help="the folder the images go into (created if missing)"),
        help="write one image (SVG or PNG) per puzzle",
        description="Draw each puzzle as the books draw it (its variant's marks, a killer's "
        "cages) into its own file in DIR: puzzle-001.svg, puzzle-002.svg, ... in input order. "
        "An SVG has every given as a <text> element; a PNG is 8-bit gray at --dpi (it needs "
        "pip install 'bookgen[images]'). With --answers each puzzle's solution is written "
        "too, as answer-001.svg, ...; a puzzle without exactly one solution then gets "
        "neither. Files of the same names are replaced.",
    )
    p.add_argument("--answers", action="store_true",
                   help="also write each puzzle's solution (answer-NNN), as the answer key "
                   "draws it")
    p.add_argument("--dpi", type=_dpi, default=EXPORT_DPI,
                   help="pixels an inch of a PNG")
    p.add_argument("--size", type=_inches, default=None, metavar="INCHES",
                   help=f"the grid's side in inches (default: {EXPORT_CELL_PT / 72:.2f} in a "
                   "cell, 4 in for 9x9)")
    p.add_argument("--symbols", type=enum_value(Symbols), default=Symbols.DIGITS.value,
                   metavar="|".join(v.value for v in Symbols),
                   help="what the cells print, as a book section's symbols: digits, or for "
                   "4x4 and 6x6 grids letters or drawn shapes")
    p.add_argument("--template", default="letter-4up", metavar="NAME|FILE",
                   help="the template whose fonts, lines and marks the grid is drawn with")
    p.set_defaults(func=run_export)


def run_export(args: argparse.Namespace) -> int:
    from ..book.config.templates import load_template
    from ..book.output import write_whole
    from ..render.image import ImageStyle, need_pdfium, puzzle_png, puzzle_svg

    if args.format == "png":
        need_pdfium()
    template = load_template(args.template)
    items, bad = read_items(args.puzzles, args.variant)
    status = 1 if bad else 0
    if not items:
        return status  # every line was bad: no folder is made for nothing
    folder = _made_folder(args.output)
    width = max(3, len(str(len(items))))
    kinds = (("puzzle", False), ("answer", True)) if args.answers else (("puzzle", False),)
    with progress_bar(len(items), args.quiet, "puzzle") as bar:
        for k, item in enumerate(items, 1):
            side = args.size * 72 if args.size else EXPORT_CELL_PT * item.geo.n
            puzzle = _printed(item, k, args.answers, side, args.symbols)
            if isinstance(puzzle, str):
                print(f"error: {item.where}: {puzzle}", file=sys.stderr)
                status = 1
            else:
                for name, answers in kinds:
                    style = ImageStyle(template, side, answers)
                    data = (puzzle_svg(puzzle, style) if args.format == "svg"
                            else puzzle_png(puzzle, style, args.dpi))
                    write_whole(folder / f"{name}-{k:0{width}d}.{args.format}", data)
            bar.update(1)
    return status


def _made_folder(folder: Path) -> Path:
    """The folder, created (with its parents) if missing; OutputError when it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError(f"{folder}: is a file; expected a folder") from None
    except OSError as e:
        raise OutputError(f"{folder}: cannot create the folder: {e.strerror or e}") from None
    return folder


def _printed(item: Item, number: int, answers: bool, side: float,
             symbols: Symbols = Symbols.DIGITS) -> BookPuzzle | str:
    """The puzzle as a book prints it in a grid of `side` points with `symbols`, or what
    is wrong: symbols not for its size, cells smaller than a book's; with `answers`, not
    exactly one solution. Without `answers` its givens stand in for the solution nobody
    draws."""
    from ..core.model import BookPuzzle

    n = item.geo.n
    if symbols.sizes is not None and n not in symbols.sizes:
        sizes = " and ".join(f"{k}x{k}" for k in symbols.sizes)
        return f"--symbols {symbols.value} print on {sizes} grids only, not {n}x{n}"
    if side / n < MIN_CELL_PT:
        return (f"--size {side / 72:g} in gives cells of {side / n:.1f} pt, below a book's "
                f"{MIN_CELL_PT:g} pt: expected at least {MIN_CELL_PT * n / 72:.2f} in for a "
                f"{n}x{n} grid")
    solution = item.values
    if answers:
        count, found = item.solve()
        problem = count_problem(count)
        if problem:
            return problem
        solution = found[0]
    geo = item.geo
    return BookPuzzle(number, "", "", geo.box_rows, geo.box_cols, item.values, solution,
                      variant=geo.variant, regions=geo.region_layout, cages=item.cages or (),
                      symbols=symbols)


def page_list(text: str) -> tuple[int, ...]:
    """An argparse type: '1,3-5' as (1, 3, 4, 5); pages from 1, ranges inclusive."""
    pages: list[int] = []
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        if not (first.isascii() and first.isdigit() and (not dash or (last.isascii()
                                                                      and last.isdigit()))):
            raise argparse.ArgumentTypeError(
                f"expected page numbers and ranges like 1,3-5, got {text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if low < 1 or high < low:
            raise argparse.ArgumentTypeError(
                f"expected pages from 1 and ranges low-high, got {part.strip()!r} in {text!r}")
        pages += range(low, high + 1)
    return tuple(pages)


def add_preview(sub: argparse._SubParsersAction) -> None:
    from ..book.progress import EVERY

    p = sub.add_parser(
        "preview",
        help="render chosen pages of a book to PNG (\"look inside\" images)",
        description="Write pages of a book as PNG images into DIR: page-001.png, ... named "
        "by page number. The book is the one built from CONFIG in its output folder "
        "(--book, default output/<config name>/); when that folder holds no book built from "
        "the config as it is now, the book is built there first, as build does. Default "
        "pages: the title page, the first puzzle page and the first answer page; --cover "
        "adds the cover's front. Needs pip install 'bookgen[images]'.",
    )
    p.add_argument("config", metavar="CONFIG",
                   help="a book config, or a folder holding exactly one")
    p.add_argument("-o", "--output", dest="images", metavar="DIR", required=True,
                   type=folder, help="the folder the PNG pages go into (created if missing)")
    p.add_argument("--book", dest="output", metavar="DIR", default=None, type=folder,
                   help="the book's output folder (default: output/<config name>)")
    p.add_argument("--pages", type=page_list, default=None, metavar="LIST",
                   help="pages to render, e.g. 1,3-5 (default: title, first puzzle page, "
                   "first answer page)")
    p.add_argument("--dpi", type=_dpi, default=PREVIEW_DPI, help="pixels an inch")
    p.add_argument("--cover", action="store_true",
                   help="also the front of the cover at trim size, in colour, as "
                   "cover-front.png (a print-on-demand book's cover.pdf)")
    add_options(p, "seed", "workers", "quiet", "backend",
                seed=dict(default=None, help="book seed, for a book not built yet "
                          "(default: the config's)"),
                workers=dict(default=None, help="worker processes, for a book not built yet; "
                             "auto: one per core (default: the config's, else auto)"))
    # what build reads of its own options, at build's defaults
    p.set_defaults(func=run_preview, no_cache=False, cluster=None, progress_every=EVERY,
                   force=False)


def run_preview(args: argparse.Namespace) -> int:
    from ..book.output import write_whole
    from ..book.pipeline import built_book
    from ..render.image import cover_front_png, need_pdfium, pdf_pages_png
    from .cmd_build import _book_config, run_build

    need_pdfium()
    cfg, out = _book_config(args)
    found = built_book(cfg, out)
    if isinstance(found, str):
        if not args.quiet:
            print(f"note: {found}: building it", file=sys.stderr)
        run_build(args)
        found = built_book(cfg, out)
        assert not isinstance(found, str)  # just built from this config
    book, count = found
    pages = tuple(dict.fromkeys(args.pages or _look_inside(book, count, out / "book.pdf")))
    outside = [p for p in pages if p > count]
    if outside:
        raise OutputError(f"--pages: the book in {out} has {count} pages: no page "
                          f"{', '.join(map(str, sorted(set(outside))))}")
    cover = out / "cover.pdf"
    if args.cover and not cover.is_file():
        raise OutputError(f"--cover: the book in {out} has no cover.pdf: only a book for "
                          "print-on-demand (print.platform kdp or ingram) has one")
    images = pdf_pages_png(out / "book.pdf", pages, args.dpi)
    front = (cover_front_png(cover, (book.template.page_width, book.template.page_height),
                             args.dpi) if args.cover else None)
    folder = _made_folder(args.images)
    width = max(3, len(str(count)))
    for number, data in zip(pages, images, strict=True):
        write_whole(folder / f"page-{number:0{width}d}.png", data)
    if front is not None:
        write_whole(folder / "cover-front.png", front)
    print(f"wrote {len(pages)} page{'s' if len(pages) > 1 else ''} of "
          f"{out / 'book.pdf'}{' and the cover front' if front else ''} as PNG at "
          f"{args.dpi} dpi into {folder}")
    return 0


def _look_inside(book: Book, pages: int, pdf: Path) -> tuple[int, ...]:
    """The title page, the first puzzle page and the first answer page, those the book
    has. The plan of the book read back numbers them exactly when it has the book's
    `pages`, unless the book has tips, which a book read back lacks
    (pipeline.built_book): their pages, as many as only the build knows, move every page
    after them. Otherwise the puzzle and answer pages are found in book.pdf, each the
    first page after the one before whose heading (its first line of text) is the plan's
    page's."""
    from ..render.geometry import PageKind, plan_book
    from ..render.image import first_lines

    plan = plan_book(book).pages
    firsts = [next(p for p in plan if p.kind is kind)
              for kind in (PageKind.TITLE, PageKind.PUZZLES, PageKind.ANSWERS)
              if any(p.kind is kind for p in plan)]
    if not book.front.tips and len(plan) == pages:
        return tuple(p.number for p in firsts)
    heads = first_lines(pdf)
    found: list[int] = []
    for page in firsts:
        if page.kind is PageKind.TITLE:  # the tips come after it
            found.append(page.number)
            continue
        after = found[-1] if found else 0
        number = next((k + 1 for k in range(after, len(heads)) if heads[k] == page.title), None)
        if number is not None:
            found.append(number)
    return tuple(found)
