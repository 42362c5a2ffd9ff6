"""A daily book's `daily:` block: its schema and the sections it stands for.

Glossary:
  start     the first puzzle's date: a YAML date or a 'YYYY-MM-DD' text
  days      puzzles, one a day, 1 to MAX_PUZZLES
  week      the band of each weekday, named in English (monday ... sunday); a weekday left
            out takes daily.DEFAULT_WEEK's band, lowered to the hardest band the grids
            reach (a 4x4 classic book is easy every day)
  shape     the section keys that shape the grids (size, variant, symmetry, ...), given
            once in the block for every day
  sections  a daily book has no `sections:`: the block stands for one section per band of
            its week, counted in days, each read and checked as a written section would be
"""

from __future__ import annotations

import datetime
import re

import yaml

from ...core.lang import Texts
from ...core.model import Band, Daily, SectionConfig, Weekday
from ...core.rules import grade_ceiling
from ..daily import DEFAULT_WEEK, day_counts
from .reader import At, Key, Map, Read, Wrong, accepts, read_choice, read_int_between, scalar_of
from .sections import MAX_PUZZLES, SHAPE, section_record

_DATE_WORDS = "a date as YYYY-MM-DD, e.g. 2027-01-01"

_ENGLISH_MONTHS = ("January", "February", "March", "April", "May", "June", "July",
                   "August", "September", "October", "November", "December")
"""Month names for config messages, which are English like every other message."""


@accepts(_DATE_WORDS, {"type": "string", "format": "date"})
def _date(node: yaml.Node, at: At) -> datetime.date:
    """A date: a YAML date, or the same written as text."""
    text = node.value.strip() if isinstance(node, yaml.ScalarNode) else ""
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        try:
            return datetime.date.fromisoformat(text)
        except ValueError:  # YAML reads the form as a date too, and fails the same way
            year, month, day = int(text[:4]), int(text[5:7]), int(text[8:])
            why = (f"{_ENGLISH_MONTHS[month - 1]} {year} has no day {day}"
                   if 1 <= month <= 12 else f"there is no month {month}")
            raise Wrong(f"expected a date that exists, got {text}: {why}", whole=True) \
                from None
    value = scalar_of(node, at)
    # a timestamp with a time of day is a datetime, which is a date too: not a day
    if type(value) is not datetime.date:
        raise Wrong(_DATE_WORDS)
    return value


_band = read_choice("band", Band)

WEEK = Map(
    {day.value: Key(_band, default=band,
                    help=f"The band of {day.value.title()}'s puzzle.")
     for day, band in zip(Weekday, DEFAULT_WEEK, strict=True)},
    what="a mapping of weekdays (monday ... sunday) to bands",
    help="The band of each weekday's puzzle; a weekday left out takes its default, lowered "
         "to the hardest band the grids reach.",
)

DAILY = Map(
    {
        "start": Key(_date, required=True, help="The first puzzle's date (YYYY-MM-DD)."),
        "days": Key(read_int_between(1, MAX_PUZZLES), required=True,
                    help="Puzzles, one a day from the start."),
        "week": Key(WEEK, help="The band of each weekday: easy on Monday rising to expert "
                               "on Sunday unless set."),
        **SHAPE,
    },
    what="a mapping with start, days and week",
    help="A daily book: one puzzle a day, labelled with its date, its band set by its "
         "weekday, and a section for each month. The grids are shaped by the section "
         "keys given here (size, variant, symmetry, ...); a daily book has no sections.",
)


def _hardest(read: Read) -> Band:
    """The hardest band the block's grids reach (rules.grade_ceiling)."""
    top = grade_ceiling(read.get("variant").name, read.get("size"))
    return [band for band in Band if band.bounds[0] <= top][-1]


def daily_sections(read: Read, texts: Texts
                   ) -> tuple[Daily | None, list[tuple[Read, SectionConfig]]]:
    """The Daily record and its sections, one per band of the week (easiest first), each
    with the read it is reported at; (None, []) when the block has problems of its own
    (they are reported), and only the sections without problems."""
    if not {"start", "days"} <= read.values.keys():
        return None, []
    start, days = read.values["start"], read.values["days"]
    if (datetime.date.max - start).days < days - 1:
        read.at_key("days").fail(f"expected days that end by {datetime.date.max}: {days:,} "
                                 f"days from {start} run past it")
        return None, []
    week = read.values.get("week") or Read(read.at_key("week"))
    if "week" in read.where and "week" not in read.values or \
            any(k not in week.values for k in week.where):
        return None, []
    # a size or variant with problems of its own caps nothing (it is reported already)
    shaped = all(k in read.values for k in ("size", "variant") if k in read.where)
    hardest = _hardest(read) if shaped else Band.EXTREME
    order = list(Band)
    bands = tuple(week.values.get(day.value, min(band, hardest, key=order.index))
                  for day, band in zip(Weekday, DEFAULT_WEEK, strict=True))
    daily = Daily(start, days, bands)
    problems = read.at.ctx.problems
    found = len(problems)
    sections = []
    for band, count in day_counts(daily).items():
        # a band is reported at the first weekday that names it, else at the week
        at = next((week.at_key(d.value) for d in Weekday
                   if week.values.get(d.value) is band), read.at_key("week"))
        values = {k: v for k, v in read.values.items() if k in SHAPE}
        where = {k: v for k, v in read.where.items() if k in SHAPE}
        values.update(count=count, difficulty=Read(at, {"band": band}, {"band": at}))
        where.update(difficulty=at)
        section = Read(read.at, values, where, read.defaults)
        record = section_record(section, texts)
        if record is not None:
            sections.append((section, record))
    # every band's section is read from the same shape keys: a problem of theirs once
    problems[found:] = list(dict.fromkeys(problems[found:]))
    return daily, sections
