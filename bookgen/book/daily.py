"""Daily books: one puzzle a day, its band set by its weekday, labelled with its date.

Glossary:
  daily      a config's `daily:` block (model.Daily): the first date, the number of days
             and the band of each weekday
  week       seven bands, Monday first; DEFAULT_WEEK rises from easy on Monday to expert
             on Sunday
  run        the puzzles made for one band, in the order they were made: the days of that
             band take them in turn, so a day's puzzle depends only on the config and seed
  place      where a puzzle of the book goes: the config section (a daily book's: its
             band's) it is made in, its index there, the book section it is printed under
             and, in a daily book, its date
  date text  a day as the book's language writes it: the language's `date` text filled in
             with its weekday and month names (weekday.*, month.*), never the machine's
             locale, so a book is the same on every machine
  month      a daily book's sections are its months, headed 'January 2027' (date.month);
             the contents page lists them with their first pages: the month index
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.lang import Texts
from ..core.model import Band, Daily, SectionConfig, Weekday

DEFAULT_WEEK = (Band.EASY, Band.EASY, Band.MEDIUM, Band.MEDIUM, Band.HARD, Band.HARD,
                Band.EXPERT)
"""The band of each weekday, Monday first, when the config does not set it: a gentle
start to the week, the hardest puzzle on Sunday."""

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
"""The language files' month keys (month.<name>), January first."""


def date_text(texts: Texts, day: datetime.date) -> str:
    """The day as the book's language writes it: 'Friday, January 1, 2027',
    'vendredi 1er janvier 2027', '2027年1月1日（金）'."""
    return texts("date", weekday=texts(f"weekday.{list(Weekday)[day.weekday()].value}"),
                 day=texts("date.first_day") if day.day == 1 else day.day,
                 month=texts(f"month.{_MONTHS[day.month - 1]}"), year=day.year)


def month_text(texts: Texts, day: datetime.date) -> str:
    """The heading of the day's month: 'January 2027', 'Janvier 2027' (a heading starts
    with a capital in every language that has them), '2027年1月'."""
    text = texts("date.month", month=texts(f"month.{_MONTHS[day.month - 1]}"), year=day.year)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Place:
    """Where one puzzle of the book goes."""

    section: int
    """Index of the config section it is made in (a daily book's: its band's section)."""
    index: int
    """Its place among that section's puzzles."""
    heading: str
    """The book section it is printed under: the config section's name, or its month."""
    day: datetime.date | None = None
    """Its date in a daily book; None in a numbered one."""


def places(sections: Sequence[SectionConfig], daily: Daily | None,
           texts: Texts) -> tuple[Place, ...]:
    """Every puzzle's place, in print order: section by section, or in a daily book day
    by day, each day taking the next puzzle of its band's run (a daily book's sections are
    one per band of its week)."""
    if daily is None:
        return tuple(Place(i, k, s.name) for i, s in enumerate(sections)
                     for k in range(s.count))
    bands = [s.difficulty.band for s in sections]
    taken = [0] * len(sections)
    out = []
    for day in daily.dates:
        i = bands.index(daily.band(day))
        out.append(Place(i, taken[i], month_text(texts, day), day))
        taken[i] += 1
    return tuple(out)


def day_counts(daily: Daily) -> dict[Band, int]:
    """The puzzles of each band the days ask for, easiest band first."""
    counts = {band: 0 for band in Band}
    for day in daily.dates:
        counts[daily.band(day)] += 1
    return {band: n for band, n in counts.items() if n}
