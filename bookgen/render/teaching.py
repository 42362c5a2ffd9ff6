"""The teaching pages drawn: how to play (the rules with an example on the book's own grid
size, the example worked step by step on the page after, each variant's page) and the
solving tips (the notation explained once, then each tip with its diagram).

Glossary:
  c, box     a reportlab canvas translated to the page's content box, and that box
  worked     the worked example (howto.worked_example): its steps numbered in the grid,
             each cell ringed with its digit in gray, the units of the hidden singles
             shaded, and the steps told in words below
  variant    a variant's page (howto.Guide): puzzle and solution side by side (a killer's
             puzzle larger), the step's cell ringed with its digit in gray, the unit that
             decides shaded where the grid does not mark it, the step in words below
  parts      a tips page top to bottom (tipsfit): paragraphs wrapped with the real font
             widths here, figures drawn by diagram.py; when they run past the bottom, the
             type shrinks (not below the least size)

Positions come from the content box and the metrics; texts from the book's language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from reportlab.pdfgen.canvas import Canvas

from ..core.grid import SYMBOLS, geometry
from ..core.lang import Texts
from ..core.model import Symbols, Template, Tip
from . import diagram, fit, tipsfit
from .cage_outlines import CLEAR_PT, fit_problem, least_sum
from .draw import Fonts, _paragraph, answer_grid, draw_text, puzzle_grid
from .geometry import CELL_TYPE_SHARE, Metrics, Rect
from .howto import (
    Guide,
    WorkedKind,
    example_geometry,
    example_side,
    how_to_play_text,
    unit_text,
    worked_example,
)
from .killer_grid import grid_fit
from .symbols import draw_symbol, symbol_word
from .tipsfit import Paragraph, Role

CAPTION_GRAY = 0.25
"""Gray of the example steps under the diagrams, set apart from the tips themselves."""

STEP_RING_PT = 1.5
"""Stroke of the ring that marks a worked cell of a how-to-play example."""

RING_ICON_SHARE = 0.7
"""A ringed cell's icon as a share of the grid's icon size."""

WORKED_TINT = 0.9
"""Tint of the units the worked example's hidden singles are found in."""

CAGED_SHARE = 0.6
"""A caged example's puzzle grid side as a share of the box width, at most: its sums and
dashes want room, and its solution beside it takes the rest."""

BOARD_SHARE = 0.8
"""A multi-grid example drawn alone (no solution beside it) spans at most this share of
the box width."""

WORKED_SHARE = 0.75
"""The worked example's grid side as a share of the box width, at most (smaller grids
take less: 0.09 of the width a row of cells)."""


def _labels(c: Canvas, xs: Sequence[float], top: float, texts: Texts, fonts: Fonts,
            m: Metrics) -> None:
    """'Puzzle' and 'Solution' above two grids whose tops are at `top` ('Puzzle' alone
    above one)."""
    for x, key in zip(xs, ("example.puzzle", "example.solution"), strict=False):
        draw_text(c, x, top + m.label_size * 0.5, texts(key), fonts, m.label_size, bold=True)


def how_to_play(c: Canvas, box: Rect, sizes: Sequence[tuple[int, int]], n: int, fonts: Fonts,
                m: Metrics, t: Template, texts: Texts,
                printed: Mapping[int, Symbols] | None = None, dated: bool = False) -> None:
    """The rules for the grid sizes in the book, and an example of the n x n size (the
    book's own, howto.example_size) with its solution, each size in the symbols it
    prints (howto.book_symbols); a `dated` book is a daily one."""
    y = box.height - m.band
    gap = m.text_size * fit.PARAGRAPH_GAP
    printed = printed or {}
    for text in how_to_play_text(sizes, texts, printed, dated):
        y = _paragraph(c, text, 0, y, box.width, fonts.regular, m.text_size) - gap
    example = replace(worked_example(n).example, symbols=printed.get(n, Symbols.DIGITS))
    side = min(example_side(n, box.width), y - 2 * m.label_size - gap)
    size = t.digit_scale * side / n
    if side < 40 or size < m.least_size:  # no example rather than one in small type
        return
    left, right = box.width / 2 - side - gap, box.width / 2 + gap
    top = y - m.label_size * 1.6
    _labels(c, (left, right), top, texts, fonts, m)
    puzzle_grid(c, Rect(left, top - side, side, side), example, size, t.lines, fonts,
                givens_bold=t.givens_bold)
    answer_grid(c, Rect(right, top - side, side, side), example, size, t.lines, fonts,
                t.answer_gray)


def worked_texts(n: int, texts: Texts, symbols: Symbols = Symbols.DIGITS) -> tuple[str, ...]:
    """The worked example's words: the introduction, then each step numbered, its
    symbol as `symbols` print it."""
    worked = worked_example(n)
    out = [texts("howto.worked.intro")]
    for number, (kind, step) in enumerate(worked.steps, 1):
        cell, digit = step.placed[0]
        row, col = divmod(cell, n)
        fields = {"number": number, "cell": texts("cell", row=row + 1, col=col + 1),
                  "digit": symbol_word(symbols, digit, texts)}
        if kind is not WorkedKind.NAKED:
            fields["unit"] = unit_text(geometry(n).unit_names[step.units[0]], texts)
        out.append(texts(f"howto.worked.{kind.value}", **fields))
    return tuple(out)


def worked_page(c: Canvas, box: Rect, n: int, fonts: Fonts, m: Metrics, t: Template,
                texts: Texts, symbols: Symbols = Symbols.DIGITS) -> None:
    """The example worked: the introduction, the grid with the steps numbered in it, and
    each step in words below the grid, in `symbols`."""
    worked = worked_example(n)
    example = replace(worked.example, symbols=symbols)
    intro, *steps = worked_texts(n, texts, symbols)
    gap = m.text_size * fit.PARAGRAPH_GAP
    y = _paragraph(c, intro, 0, box.height - m.band, box.width, fonts.regular, m.text_size)
    below = fit.paragraphs_height(steps, fonts.regular, m.text_size, box.width)
    side = min(box.width * min(WORKED_SHARE, 0.09 * n), y - 2 * gap - below)
    step = side / n
    # digits at the least size (16 pt in large print), so the grid is left out where its
    # cells cannot hold them
    size = max(m.least_size, t.digit_scale * step)
    if side < 40 or size > CELL_TYPE_SHARE * step:
        return
    left, top = (box.width - side) / 2, y - gap
    # the units the hidden singles are found in, shaded under the grid's lines
    for kind, s in worked.steps:
        if kind is not WorkedKind.NAKED:
            _shade(c, geometry(n).units[s.units[0]], n, left, top, step)
    puzzle_grid(c, Rect(left, top - side, side, side), example, size, t.lines, fonts,
                givens_bold=t.givens_bold)
    badge = max(m.least_size, step * 0.34)
    for number, (_, s) in enumerate(worked.steps, 1):
        cell, digit = s.placed[0]
        r, col = divmod(cell, n)
        x, y0 = left + col * step, top - (r + 1) * step
        inset = step * 0.1
        _ring(c, x, y0, step, inset, digit, size, fonts, t, symbols)
        # the step's number white on a black disc over the ring's top-left corner
        cx, cy = x + inset + badge * 0.3, y0 + step - inset - badge * 0.3
        c.setFillGray(0.0)
        c.circle(cx, cy, badge * 0.7, stroke=0, fill=1)
        c.setFillGray(1.0)
        c.setFont(fonts.bold, badge)
        c.drawCentredString(cx, cy - 0.37 * badge, str(number))
        c.setFillGray(0.0)
    y = top - side - gap
    for text in steps:
        y = _paragraph(c, text, 0, y, box.width, fonts.regular, m.text_size) - gap


def _shade(c: Canvas, cells: Sequence[int], n: int, left: float, top: float, step: float
           ) -> None:
    """The cells of a grid whose top-left corner is at (left, top) tinted WORKED_TINT, to
    go under the grid's lines."""
    c.setFillGray(WORKED_TINT)
    for cell in cells:
        r, col = divmod(cell, n)
        c.rect(left + col * step, top - (r + 1) * step, step, step, stroke=0, fill=1)
    c.setFillGray(0.0)


def _ring(c: Canvas, x: float, y: float, step: float, inset: float, digit: int, size: float,
          fonts: Fonts, t: Template, symbols: Symbols) -> None:
    """A worked cell of a how-to-play example, its lower-left corner at (x, y): a ring
    `inset` inside the cell, and the symbol the step finds in the answers' gray."""
    c.setLineWidth(STEP_RING_PT)
    c.roundRect(x + inset, y + inset, step - 2 * inset, step - 2 * inset, step * 0.2)
    c.setFillGray(t.answer_gray)
    c.setFont(fonts.regular, size)
    if symbols is Symbols.SHAPES:
        # an icon fills more of its cell than a digit: smaller, it keeps clear of the
        # ring and of the step's number on the ring's corner
        size *= RING_ICON_SHARE
    draw_symbol(c, x + step / 2, y + step / 2, size, digit, symbols, t.answer_gray)
    c.setFillGray(0.0)


def how_to_play_variant(c: Canvas, box: Rect, guide: Guide, fonts: Fonts, m: Metrics,
                        t: Template, texts: Texts) -> None:
    """A variant's rules, its example (puzzle and solution side by side, drawn with the
    book's marks; a caged puzzle larger than its solution; a multi-grid board alone
    where two side by side would print digits under the least size) with the worked
    step's cell ringed and its digit in gray, and the step in words, in the book's
    language."""
    y = box.height - m.band
    gap = m.text_size * fit.PARAGRAPH_GAP
    for text in guide.rules(texts):
        y = _paragraph(c, text, 0, y, box.width, fonts.regular, m.text_size) - gap
    example = guide.example
    step_text = guide.step(texts)
    # The step goes below the grids: measure it first, to size the grids to what is left.
    lines = len(fit.wrap(step_text, fonts.regular, m.text_size, box.width))
    below = lines * m.text_size * 1.35 + gap
    room_y = y - 2 * m.label_size - gap - below
    across = example.across
    geo = example_geometry(example)
    alone = geo.board is not None and t.digit_scale * min(
        box.width * 0.45, room_y) / across < m.least_size
    if alone:
        side, answer = min(box.width * BOARD_SHARE, room_y), 0.0
        left = right = (box.width - side) / 2
    elif example.cages:
        # the cages and their sums need the room; the solution beside is for checking,
        # as small as its digits may print
        least = m.least_size * example.n / t.digit_scale
        side = min(box.width * CAGED_SHARE, box.width - least - 2 * gap, room_y)
        answer = min(side, box.width - side - 2 * gap)
        left, right = 0.0, box.width - answer
    else:
        side = answer = min(box.width * min(0.45, 0.075 * across), room_y)
        left, right = box.width / 2 - side - gap, box.width / 2 + gap
    size = t.digit_scale * side / across
    answer_size = size if alone else t.digit_scale * answer / across
    sums = least_sum(m.least_size)
    room = grid_fit(example, side, size, t.lines, sums)
    # no example rather than one in small type
    if side < 40 or min(size, answer_size) < m.least_size or \
            (room and fit_problem(room, m.least_size)):
        return
    top = y - m.label_size * 1.6
    _labels(c, (left,) if alone else (left, right), top, texts, fonts, m)
    step = side / across
    # the unit that decides, shaded as the worked page's units where the grid does not
    # mark it already: a killer's house, a jigsaw region without the region tints, a
    # board's shared box, the row, column or box a pair rule's step completes
    if example.cages or geo.board is not None or not (example.box_rows or t.region_tint) \
            or guide.worked.ruled:
        _shade(c, [geo.positions[x] for x in geo.units[guide.worked.unit]], across, left,
               top, step)
    puzzle_grid(c, Rect(left, top - side, side, side), example, size, t.lines, fonts,
                t.x_style, t.region_tint, t.givens_bold, sums)
    # a ring inside the cell the step below fills, with the digit it finds, so the words
    # find their cell (inside a cage's dashes too)
    r, col = geo.row(guide.step_cell), geo.col(guide.step_cell)
    inset = step * 0.12
    if room:
        inset = max(inset, room.inset + (room.line + STEP_RING_PT) / 2 + CLEAR_PT)
    _ring(c, left + col * step, top - (r + 1) * step, step, inset, guide.worked.digit, size,
          fonts, t, example.symbols)
    if not alone:
        answer_grid(c, Rect(right, top - answer, answer, answer), example, answer_size,
                    t.lines, fonts, t.answer_gray, t.x_style, t.region_tint)
    _paragraph(c, step_text, 0, top - side - gap, box.width, fonts.regular, m.text_size)


def _font(role: Role, fonts: Fonts) -> str:
    return fonts.bold if role is Role.NAME else fonts.regular


def tips_wrap(fonts: Fonts, width: float) -> Callable[[Paragraph, float], list[str]]:
    """How a tips page breaks a paragraph into lines at a type size, in its font."""
    return lambda p, size: fit.wrap(p.text, _font(p.role, fonts), size, width)


def tips(c: Canvas, box: Rect, page_tips: Sequence[Tip], first: bool, texts: Texts,
         fonts: Fonts, m: Metrics) -> None:
    """Solving tips below the band: (on the first page) what they are and the notation
    with its figure, then each technique's name, how it works, a diagram of an example
    step from one of the book's puzzles and that step in words."""
    parts = tipsfit.page_parts(page_tips, first, texts, box.width, m.least_size,
                               m.text_size, box.height - m.band)
    page_parts(c, box, parts, texts, fonts, m)


def page_parts(c: Canvas, box: Rect, parts: Sequence[tipsfit.Part], texts: Texts,
               fonts: Fonts, m: Metrics) -> None:
    """Paragraphs and figures below the band, top to bottom (a tips or worked-solutions
    page), their type shrunk where they would run past the bottom."""
    least = m.least_size
    room = box.height - m.band
    size, lines = tipsfit.sized(parts, tips_wrap(fonts, box.width), room, m.text_size, least,
                                fit.SHRINK)
    y = room
    for part, block in zip(parts, lines, strict=True):
        if isinstance(part, Paragraph):
            c.setFillGray(CAPTION_GRAY if part.role is Role.CAPTION else 0.0)
            for line in block:
                draw_text(c, 0, y - size, line, fonts, size, bold=part.role is Role.NAME)
                y -= size * tipsfit.LEADING
            c.setFillGray(0.0)
        else:
            if part.notation:
                _notation(c, y, box.width, texts, fonts, least, size)
            elif part.step is not None and part.fit is not None:
                diagram.draw(c, part.step, part.fit, (box.width - part.fit.width) / 2, y,
                             fonts.regular, _value_writer(c, fonts))
            y -= part.height
        y -= part.after * size * tipsfit.LEADING


def _value_writer(c: Canvas, fonts: Fonts) -> diagram.Writer:
    """A diagram's values in the book's own bold (faux where it has no bold face)."""
    return lambda x, y, text, size, bold: draw_text(c, x, y, text, fonts, size, bold,
                                                    "centre")


def notation_labels(texts: Texts) -> tuple[str, ...]:
    """The notation figure's labels, one per row it shows (diagram.NOTATION_CELLS)."""
    d = diagram.NOTATION

    def name(cell: int) -> str:
        row, col = divmod(cell, d.n)
        return texts("cell", row=row + 1, col=col + 1)

    candidates, placed, struck = diagram.NOTATION_CELLS
    digits = [SYMBOLS[k] for k in range(d.n) if d.candidates[candidates] >> k & 1]
    (_, value), = d.placed
    (_, removed), = d.eliminated
    return (texts("tips.candidates", cell=name(candidates),
                  digits=texts("list.separator").join(digits)),
            texts("step.place", cell=name(placed), digit=SYMBOLS[value - 1]),
            texts("step.remove", digit=SYMBOLS[removed - 1], cells=name(struck)))


def _notation(c: Canvas, top: float, width: float, texts: Texts, fonts: Fonts,
              least: float, size: float) -> None:
    """The notation figure at the left, each of its rows labelled at its right."""
    f = tipsfit.notation_fit(width, least)
    diagram.draw(c, diagram.NOTATION, f, 0, top, fonts.regular, _value_writer(c, fonts))
    x = f.width + f.cell * 0.6
    upper = top - diagram.HEADING_ROOM * f.heading
    label_size = min(size, f.cell * 0.55)
    c.setFont(fonts.regular, label_size)
    for i, text in enumerate(notation_labels(texts)):
        lines = fit.wrap(text, fonts.regular, label_size, width - x)
        y = upper - (i + 0.5) * f.cell + (len(lines) - 1) * label_size * 0.6
        for line in lines:
            c.drawString(x, y - 0.37 * label_size, line)
            y -= label_size * 1.2
