"""Layout geometry rules checked on the numbers alone: where page numbers go, how grid
slots sit in their area (inside it, centred, apart, labels above their grids), and the
plan's pages, headings and contents."""

from __future__ import annotations

import pytest

from bookgen.core.model import Book, BookPuzzle, BookSection, FrontMatter, Template
from bookgen.core.rules import LARGE_PRINT_HEADING_PT, LARGE_PRINT_TEXT_PT
from bookgen.core.rules import MIN_MARGIN_PT as LIVE_AREA
from bookgen.render.geometry import (
    PageKind,
    content_box,
    contents_lines,
    footer_anchor,
    kdp_gutter,
    metrics,
    plan_book,
    slots,
)

PAGES = {
    "letter": (612.0, 792.0),
    "6x9": (432.0, 648.0),
    "a5": (419.53, 595.28),
}


@pytest.mark.parametrize("page", PAGES)
def test_page_numbers_stay_in_the_live_area(page):
    t = Template("t", *PAGES[page])  # the shipped templates' 0.5 in margins
    box = content_box(t, 27.0, 1)
    _, baseline, _ = footer_anchor(t, box, 1, metrics(t).footer_size)
    assert t.margin_bottom + baseline >= LIVE_AREA  # digits have no descenders


AREAS = [
    # count, width, height, label, gap, border
    (1, 540.0, 650.0, 14.0, 30.0, 2.8),
    (2, 540.0, 650.0, 14.0, 30.0, 2.8),
    (4, 540.0, 650.0, 14.0, 30.0, 2.8),
    (6, 360.0, 520.0, 11.0, 20.0, 2.5),
    (9, 540.0, 650.0, 12.8, 18.0, 1.5),
    (12, 360.0, 520.0, 12.8, 12.0, 1.5),
]


@pytest.mark.parametrize("count, width, height, label, gap, border", AREAS)
def test_slots_are_square_inside_the_area_and_apart(count, width, height, label, gap, border):
    out = slots(count, width, height, label, gap, border)
    assert len(out) == count
    eps = 1e-6
    boxes = []
    for s in out:
        g = s.grid
        assert g.width == pytest.approx(g.height)
        # the stroked border (half of it outside the rect) and the label stay inside
        left, right = g.x - border / 2, g.right + border / 2
        bottom, top = g.y - border / 2, g.top + border / 2 + label
        assert left >= -eps and right <= width + eps
        assert bottom >= -eps and top <= height + eps
        # the label's baseline lies in the label line just above the grid
        assert g.top + border / 2 < s.label_y < top
        boxes.append((left, bottom, right, top))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart_x = max(b[0] - a[2], a[0] - b[2])
            apart_y = max(b[1] - a[3], a[1] - b[3])
            assert max(apart_x, apart_y) >= gap - eps


@pytest.mark.parametrize("count, width, height, label, gap, border", AREAS)
def test_slots_are_centred_in_the_area(count, width, height, label, gap, border):
    out = slots(count, width, height, label, gap, border)
    lefts = [s.grid.x - border / 2 for s in out]
    rights = [s.grid.right + border / 2 for s in out]
    bottoms = [s.grid.y - border / 2 for s in out]
    tops = [s.grid.top + border / 2 + label for s in out]
    assert min(lefts) == pytest.approx(width - max(rights))
    assert min(bottoms) == pytest.approx(height - max(tops))
    # rows fill from the top, left to right, at one spacing
    if count > 1:
        assert tops[0] == pytest.approx(max(tops)) and lefts[0] == pytest.approx(min(lefts))
        steps = sorted({round(x, 6) for x in lefts})
        spacing = {round(b - a, 6) for a, b in zip(steps, steps[1:], strict=False)}
        assert len(spacing) <= 1


def test_lone_grid_keeps_white_around_it():
    (s,) = slots(1, 540.0, 2000.0, 14.0, 30.0, 2.8)
    assert s.grid.width + 2.8 == pytest.approx(0.85 * 540.0)


@pytest.mark.parametrize("pages", [829, 1000])
def test_kdp_gutter_past_the_table_keeps_its_last_step(pages):
    assert kdp_gutter(pages) == pytest.approx(0.875 * 72)


def test_heading_sizes_follow_the_page():
    # the module's word: letter gets 20 pt headings, 6x9 about 14
    assert round(metrics(Template("t", *PAGES["letter"])).heading_size) == 20
    assert round(metrics(Template("t", *PAGES["6x9"])).heading_size) == 14


@pytest.mark.parametrize("page", PAGES)
def test_large_print_scales_labels_and_text(page):
    regular = metrics(Template("t", *PAGES[page]))
    large = metrics(Template("t", *PAGES[page], puzzles_per_page=1, large_print=True))
    assert large.label_size >= max(LARGE_PRINT_TEXT_PT, 1.3 * regular.label_size - 1e-9)
    assert large.text_size >= max(LARGE_PRINT_TEXT_PT, 1.3 * regular.text_size - 1e-9)
    assert large.heading_size == max(LARGE_PRINT_HEADING_PT, regular.heading_size)


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("margin", [36.0, 72.0])
def test_contents_lines_fill_the_page_below_the_heading(page, margin):
    t = Template("t", *PAGES[page], margin_top=margin, margin_bottom=margin / 2)
    m = metrics(t)
    room = t.page_height - t.margin_top - t.margin_bottom - m.band
    lines = contents_lines(t, m)
    line = 2.0 * m.text_size  # double spacing
    assert lines * line <= room < (lines + 1) * line


def book_of(sections: int, per_section: int = 1) -> Book:
    """A letter book of 4x4 puzzles, `sections` sections (what the plan reads only)."""
    out, number = [], 1
    for s in range(sections):
        puzzles = []
        for _ in range(per_section):
            puzzles.append(BookPuzzle(number, f"S{s + 1}", "easy", 2, 2, (0,) * 16, (1,) * 16))
            number += 1
        out.append(BookSection(f"S{s + 1}", tuple(puzzles)))
    return Book("T", "", "A", "", tuple(out), Template("t", *PAGES["letter"]), FrontMatter())


@pytest.mark.parametrize("sections, per_section", [(40, 1), (3, 30), (3, 31), (2, 45)])
def test_plan_pages_headings_and_contents(sections, per_section):
    book = book_of(sections, per_section)
    plan = plan_book(book)
    pages = plan.pages
    assert [p.number for p in pages] == list(range(1, len(pages) + 1))
    assert len(pages) % 2 == 0 and len(pages) >= 24
    notes = [p for p in pages if p.kind is PageKind.NOTES]
    if len(pages) > 24:
        assert len(notes) <= 1  # only to make the count even
    assert [(p.kind, p.title) for p in pages[:3]] == [
        (PageKind.TITLE, ""),
        (PageKind.COPYRIGHT, ""),
        (PageKind.HOW_TO_PLAY, "How to play"),
    ]
    contents = [p for p in pages if p.kind is PageKind.CONTENTS]
    assert all(p.title == "Contents" for p in contents)
    assert [p.first for p in contents] == [True] + [False] * (len(contents) - 1)
    per_page = contents_lines(book.template, plan.metrics)
    entries = [e for p in contents for e in p.entries]
    assert all(len(p.entries) == per_page for p in contents[:-1])
    names = [s.name for s in book.sections] + ["Answers"]
    assert [name for name, _, _ in entries] == names
    for name, _, first in entries:  # each entry points at its part's first page
        page = pages[first - 1]
        assert (page.title, page.first) == (name, True)
