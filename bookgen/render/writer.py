"""The one writer: fonts, the plan walked page by page, metadata, an atomic file.

Glossary and conventions:
  font spec  Template.font / font_bold (fonts.py): a bundled name, a .ttf or .otf file with
             TrueType outlines, or a face of a .ttc collection; registered under the spec
  invariant  reportlab's switch for byte-identical output (no dates, fixed IDs)
  pdfx       print.pdfx: the document marked PDF/X-1a (pdfx.py) and a TrimBox on each page

The PDF is written to a temporary file beside the target and moved over it at the end,
so a failure never leaves a half-written book.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas

from ..core.errors import LayoutError
from ..core.model import Book, Symbols, Template
from . import draw, fonts, pdfx, teaching
from .cage_outlines import least_sum
from .geometry import (
    Page,
    PageKind,
    Plan,
    digit_size,
    footer_anchor,
    glyph_problem,
    page_size,
    plan_book,
    trim_box,
)
from .howto import book_symbols, boxed_sizes, example_size, guide, guide_size, killer_guide

CREATOR = "bookgen"
"""The PDF's Creator entry."""


def render_book(book: Book, path: str | Path) -> int:
    """Lay out `book` and write it to `path` as a PDF; returns the page count."""
    plan = plan_book(book)
    fonts = register_fonts(book.template)
    write_pdf(path, lambda temp: _write(plan, book, fonts, temp))
    return len(plan.pages)


def write_pdf(path: str | Path, write: Callable[[Path], None]) -> None:
    """Run `write(temp)` to make a PDF at a temporary path beside `path`, then move it over
    `path`; LayoutError (and no file) when that fails."""
    target = Path(path)
    if not target.parent.is_dir():
        raise LayoutError(f"{target}: cannot write the PDF: no folder {str(target.parent)!r}")
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    # ASCII85 only serves 7-bit transports; plain Flate streams are smaller and faster.
    a85, rl_config.useA85 = rl_config.useA85, 0
    try:
        write(temp)
        os.replace(temp, target)
    except OSError as e:
        raise LayoutError(f"{target}: cannot write the PDF: {e.strerror or e}") from None
    finally:
        rl_config.useA85 = a85
        temp.unlink(missing_ok=True)


def open_canvas(
    path: Path, size: tuple[float, float], book: Book, fonts: draw.Fonts, font_size: float
) -> Canvas:
    """A canvas for byte-identical output with embedded fonts only and the book's metadata."""
    c = Canvas(
        str(path),
        pagesize=size,
        invariant=1,
        pageCompression=1,
        # Without a registered TrueType initial font reportlab adds unembedded Helvetica.
        initialFontName=fonts.regular,
        initialFontSize=font_size,
    )
    c.setTitle(book.title)
    c.setAuthor(book.author)
    c.setSubject(book.subject)
    c.setCreator(CREATOR)
    if book.template.print.pdfx:
        pdfx.mark(c)
    return c


FAUX_BOLD = " (faux bold)"
"""Added to a regular face's spec to register it again as the bold of a book without a
bold face (draw.Fonts.faux)."""


def register_fonts(t: Template) -> draw.Fonts:
    """Register the template's TrueType fonts (once per process); LayoutError if unusable.

    A bold spec naming the regular face itself is registered again under a name of its
    own, so that bold text, drawn stroked, is told apart by its font name."""
    regular = _register(t, t.font, "font")
    bold = _register(t, t.font_bold, "font_bold")
    if not fonts.same_face(t.font, t.font_bold):
        return draw.Fonts(regular, bold)
    alias = f"{bold}{FAUX_BOLD}"
    if not _registered(alias):
        path, index = fonts.source(bold)
        pdfmetrics.registerFont(TTFont(alias, str(path), subfontIndex=index))
    return draw.Fonts(regular, alias, faux=True)


def _registered(name: str) -> bool:
    """Whether a font is registered under `name` in this process. Asked of the registry:
    reportlab's getFont, given a name it does not know, first searches and parses its
    Type 1 metrics files (40 ms each time)."""
    return name in pdfmetrics.getRegisteredFontNames()


def _register(t: Template, spec: str, key: str) -> str:
    face = (pdfmetrics.getFont(spec) if _registered(spec) else _load(t, spec, key)).face
    problem = glyph_problem(face.ascent / 1000, -face.descent / 1000)
    if problem:
        raise LayoutError(f"template {t.name!r}: {key} {spec!r}: {problem}")
    return spec


def _load(t: Template, spec: str, key: str) -> TTFont:
    path, index = fonts.source(spec)
    if path.suffix.lower() not in fonts.SUFFIXES and len(path.parts) == 1:
        path = path.with_name(f"{path.name}.ttf")  # not bundled: reported as not found
    if not path.is_file():
        raise LayoutError(
            f"template {t.name!r}: {key} {spec!r} not found: expected "
            f"{', '.join(fonts.BUNDLED)} or the path of a .ttf, .otf or .ttc file"
        )
    why = fonts.problem(path, index)
    if why and "CFF" in why:
        raise LayoutError(f"template {t.name!r}: {key} {spec!r}: {why}")
    try:
        font = TTFont(spec, str(path), subfontIndex=index)
    except (TTFError, OSError) as e:
        raise LayoutError(
            f"template {t.name!r}: {key} {spec!r} is not a usable TrueType font: {e}"
        ) from None
    pdfmetrics.registerFont(font)
    return font


def _write(plan: Plan, book: Book, fonts: draw.Fonts, path: Path) -> None:
    t = plan.template
    m = plan.metrics
    c = open_canvas(path, page_size(t), book, fonts, m.footer_size)
    sizes = boxed_sizes(book)
    for page in plan.pages:
        if t.print.bleed:
            # The bleed is mirrored, so the trim moves from page to page.
            trim = trim_box(t, page.number)
            c.setTrimBox((trim.x, trim.y, trim.right, trim.top))
            c.setBleedBox((0.0, 0.0, *page_size(t)))
        elif t.print.pdfx:  # PDF/X wants the trim on every page, here the whole page
            c.setTrimBox((0.0, 0.0, *page_size(t)))
        box = plan.box(page.number)
        c.setFillGray(0.0)
        c.setStrokeGray(0.0)
        c.saveState()
        c.translate(box.x, box.y)
        if page.kind is PageKind.TITLE:
            draw.title_page(c, box, book, fonts, m)
        elif page.kind is PageKind.COPYRIGHT:
            draw.copyright_page(c, box, book, fonts, m)
        elif page.kind is PageKind.BELONGS_TO:
            draw.belongs_to(c, box, book.texts, fonts, m)
        elif page.kind is not PageKind.BLANK:  # a blank page carries nothing at all
            draw.heading(c, box, m, page.title, page.first, page.number % 2 == 1, fonts)
            _body(c, plan, book, page, fonts, sizes)
        if page.numbered:
            x, y, align = footer_anchor(t, box, page.number, m.footer_size)
            draw.footer(c, x, y, align, str(page.number), fonts.regular, m.footer_size)
        c.restoreState()
        c.showPage()
    c.save()


def _body(
    c: Canvas, plan: Plan, book: Book, page: Page, fonts: draw.Fonts,
    sizes: list[tuple[int, int]],
) -> None:
    """Everything below the heading band of a front, puzzle, answer or Notes page."""
    t = plan.template
    m = plan.metrics
    box = plan.box(page.number)
    texts = book.texts
    if page.kind is PageKind.HOW_TO_PLAY and page.cages:
        teaching.how_to_play_variant(c, box, killer_guide(), fonts, m, t, texts)
    elif page.kind is PageKind.HOW_TO_PLAY and page.variant is not None:
        n = guide_size(book, page.variant, box.width)
        variant_guide = guide(page.variant, n)
        assert variant_guide is not None  # planned only for kinds with a guide
        printed = book_symbols(book).get(n, Symbols.DIGITS)
        teaching.how_to_play_variant(c, box, variant_guide.printed(printed), fonts, m, t,
                                     texts)
    elif page.kind is PageKind.HOW_TO_PLAY and page.first:
        teaching.how_to_play(c, box, sizes, example_size(book, box.width), fonts, m, t, texts,
                             book_symbols(book), book.dated)
    elif page.kind is PageKind.HOW_TO_PLAY:
        n = example_size(book, box.width)
        teaching.worked_page(c, box, n, fonts, m, t, texts,
                             book_symbols(book).get(n, Symbols.DIGITS))
    elif page.kind in (PageKind.TIPS, PageKind.TECHNIQUE):
        # a technique page is one tip, without the tips pages' opening
        teaching.tips(c, box, page.tips, page.kind is PageKind.TIPS and page.first, texts,
                      fonts, m)
    elif page.kind is PageKind.WORKED:
        teaching.page_parts(c, box, page.parts, texts, fonts, m)
    elif page.kind is PageKind.SCALE:
        draw.scale(c, box, texts, fonts, m)
    elif page.kind is PageKind.CONTENTS:
        draw.contents(c, box, page.entries, fonts, m, texts)
    elif page.kind is PageKind.NOTES:
        draw.notes(c, box, m)
    elif page.kind is PageKind.HINTS:
        everything = [p for s in book.sections for p in s.puzzles]
        column = draw.hint_column(everything, t, texts, fonts, m, box.width)
        draw.hints(c, box, page.puzzles, column, t, texts, fonts, m)
    else:
        answers = page.kind is PageKind.ANSWERS
        slots = plan.slots(page)
        size = m.answer_label_size if answers else m.label_size
        for slot, p in zip(slots, page.puzzles, strict=False):
            draw.puzzle_label(c, slot, p, t, texts, fonts, size, m.least_size)
            digits = digit_size(slot.grid.width, p.across, t.digit_scale)
            if answers:
                draw.answer_grid(c, slot.grid, p, digits, t.lines, fonts, t.answer_gray,
                                 t.x_style, t.region_tint)
            else:
                draw.puzzle_grid(c, slot.grid, p, digits, t.lines, fonts, t.x_style,
                                 t.region_tint, t.givens_bold, least_sum(m.least_size))
                draw.puzzle_foot(c, slot, p, t, texts, fonts, size, m.least_size)
