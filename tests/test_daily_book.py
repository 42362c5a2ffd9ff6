"""Daily books: the `daily:` block's mistakes told at the command line, the dates in each
language's style, and small built books read back: consecutive dates on the pages, each
day's grade in its weekday's band, the month index's pages, the same bytes twice."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pdfplumber
import pytest
from blackbox import bookgen, refused

from bookgen.book.config import load_config
from bookgen.book.daily import date_text, month_text
from bookgen.book.pipeline import build_book, built_book, write_book
from bookgen.core.lang import Texts
from bookgen.core.model import BANDS

# ---------------------------------------------------------------- the config told plainly

MISTAKES = [
    ("start: 2027-02-30\n  days: 10",
     "daily.start: expected a date that exists, got 2027-02-30: February 2027 has no day 30 "
     "(line 3)"),
    ("start: '2027-13-01'\n  days: 10",
     "daily.start: expected a date that exists, got 2027-13-01: there is no month 13 (line 3)"),
    ("start: next monday\n  days: 10",
     "daily.start: expected a date as YYYY-MM-DD, e.g. 2027-01-01, got 'next monday' "
     "(line 3)"),
    ("start: 2027-01-01 10:00:00\n  days: 10",
     "daily.start: expected a date as YYYY-MM-DD, e.g. 2027-01-01, got 2027-01-01 10:00:00 "
     "(line 3)"),
    ("start: 2027-01-01\n  days: 0",
     "daily.days: expected an integer from 1 to 10000, got 0 (line 4)"),
    ("start: 9999-12-30\n  days: 3",
     "daily.days: expected days that end by 9999-12-31: 3 days from 9999-12-30 run past it "
     "(line 4)"),
    ("start: 2027-01-01\n  days: 10\n  week: {mondy: easy}",
     "daily.week.mondy: unknown key; did you mean 'monday'? (line 5)"),
    ("start: 2027-01-01\n  days: 10\n  week: {friday: eazy}",
     "daily.week.friday: unknown band 'eazy'; did you mean 'easy'? expected one of easy, "
     "medium, hard, expert, extreme (line 5)"),
    ("start: 2027-01-01\n  days: 10\n  size: 4\n  week: {sunday: hard}",
     "daily.week.sunday: 4x4 puzzles cannot be hard: the hardest 4x4 puzzles grade 1.2 (easy "
     "at most); choose easy (line 6)"),
    ("days: 10", "daily.start: required key missing (line 3)"),
]


@pytest.mark.parametrize(("block", "message"), MISTAKES)
def test_a_mistake_in_the_daily_block_is_told(tmp_path: Path, block: str, message: str) -> None:
    path = tmp_path / "daily.yaml"
    path.write_text(f"title: Days\ndaily:\n  {block}\n", encoding="utf-8")
    assert refused(bookgen("validate", path)) == f"error: {path}: 1 problem:\n  {message}\n"


def test_daily_and_sections_together_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "both.yaml"
    path.write_text("daily: {start: 2027-01-01, days: 3}\n"
                    "sections: [{count: 3, difficulty: easy}]\n", encoding="utf-8")
    assert "sections: a daily book makes one section per band of its week: drop sections" \
        in refused(bookgen("validate", path))


def test_a_book_needs_sections_or_days(tmp_path: Path) -> None:
    path = tmp_path / "none.yaml"
    path.write_text("title: Nothing\n", encoding="utf-8")
    assert "sections: required key missing: a book needs sections (or daily, for a daily " \
        "book) (line 1)" in refused(bookgen("validate", path))


def test_the_default_week_rises_to_sunday_within_what_the_grids_reach(tmp_path: Path) -> None:
    path = tmp_path / "week.yaml"
    path.write_text("daily: {start: 2027-01-04, days: 14}\n", encoding="utf-8")
    cfg = load_config(path)
    assert cfg.daily is not None
    assert [b.value for b in cfg.daily.week] == ["easy", "easy", "medium", "medium", "hard",
                                                 "hard", "expert"]
    assert {s.name: s.count for s in cfg.sections} == {"Easy": 4, "Medium": 4, "Hard": 4,
                                                       "Expert": 2}
    small = tmp_path / "small.yaml"
    small.write_text("daily: {start: 2027-01-04, days: 14, size: 4}\n", encoding="utf-8")
    cfg = load_config(small)  # no 4x4 classic puzzle is harder than easy
    assert cfg.daily is not None and {b.value for b in cfg.daily.week} == {"easy"}
    assert [(s.name, s.count) for s in cfg.sections] == [("Easy", 14)]


# ---------------------------------------------------------------- dates in each language


@pytest.mark.parametrize(("code", "first", "second"), [
    ("en", "Friday, January 1, 2027", "Saturday, January 2, 2027"),
    ("de", "Freitag, 1. Januar 2027", "Samstag, 2. Januar 2027"),
    ("fr", "vendredi 1er janvier 2027", "samedi 2 janvier 2027"),
    ("es", "viernes, 1 de enero de 2027", "sábado, 2 de enero de 2027"),
    ("it", "venerdì 1º gennaio 2027", "sabato 2 gennaio 2027"),
    ("nl", "vrijdag 1 januari 2027", "zaterdag 2 januari 2027"),
    ("pt", "sexta-feira, 1º de janeiro de 2027", "sábado, 2 de janeiro de 2027"),
    ("ja", "2027年1月1日（金）", "2027年1月2日（土）"),
])
def test_a_date_in_the_languages_style(code: str, first: str, second: str) -> None:
    texts = Texts(code)
    assert date_text(texts, datetime.date(2027, 1, 1)) == first
    assert date_text(texts, datetime.date(2027, 1, 2)) == second


@pytest.mark.parametrize(("code", "heading"), [
    ("en", "March 2027"), ("fr", "Mars 2027"), ("es", "Marzo de 2027"), ("ja", "2027年3月")])
def test_a_month_heading_in_the_languages_style(code: str, heading: str) -> None:
    assert month_text(Texts(code), datetime.date(2027, 3, 31)) == heading


# ---------------------------------------------------------------- built books

WEEK = {"monday": "easy", "tuesday": "medium", "wednesday": "easy", "thursday": "medium",
        "friday": "easy", "saturday": "medium", "sunday": "medium"}

ENGLISH = f"""\
title: Ten Days
seed: 5
template: letter-4up
daily:
  start: 2027-01-28
  days: 10
  size: 6
  week: {json.dumps(WEEK)}
"""
"""From a Thursday across a month's end: ten 6x6 days of two bands."""

FRENCH = """\
title: Trois jours
language: fr
seed: 5
template: letter-4up
worked: hardest
daily: {start: 2027-03-31, days: 3, size: 4}
"""
"""Across the first of a month, which French writes '1er', with a worked solution."""

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_ENGLISH_DATE = re.compile(rf"({'|'.join(_DAYS)}), ({'|'.join(_MONTHS)}) (\d+), (\d{{4}})")


def _english_dates(text: str) -> list[datetime.date]:
    """The English dates in a text, in order, each checked against its weekday."""
    out = []
    for weekday, month, day, year in _ENGLISH_DATE.findall(text):
        found = datetime.date(int(year), _MONTHS.index(month) + 1, int(day))
        assert _DAYS[found.weekday()] == weekday, f"{weekday} is not {found}"
        out.append(found)
    return out


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The English book built twice and the French one once, each to its own folder."""
    tmp = tmp_path_factory.mktemp("daily")
    out = {}
    for name, text, times in (("en", ENGLISH, 2), ("fr", FRENCH, 1)):
        path = tmp / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        for i in range(times):
            folder = tmp / f"{name}{i}"
            write_book(build_book(load_config(path, workers=1), progress=False), folder)
            out[f"{name}{i}"] = folder
    return out


def _pages(folder: Path) -> list[str]:
    with pdfplumber.open(folder / "book.pdf") as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def test_the_same_config_gives_the_same_bytes(books: dict[str, Path]) -> None:
    first, second = ((books[k] / "book.pdf").read_bytes() for k in ("en0", "en1"))
    assert first == second


def test_the_days_are_consecutive_on_puzzles_and_answers(books: dict[str, Path]) -> None:
    pages = _pages(books["en0"])
    answers = next(i for i, p in enumerate(pages) if p.startswith("Answers"))
    start = datetime.date(2027, 1, 28)
    days = [start + datetime.timedelta(days=i) for i in range(10)]
    assert _english_dates("\n".join(pages[:answers])) == days
    assert _english_dates("\n".join(pages[answers:])) == days


def test_each_day_is_in_its_weekdays_band(books: dict[str, Path]) -> None:
    manifest = json.loads((books["en0"] / "manifest.json").read_text(encoding="utf-8"))
    entries = manifest["puzzles"]
    assert [e["date"] for e in entries] == [
        (datetime.date(2027, 1, 28) + datetime.timedelta(days=i)).isoformat()
        for i in range(10)]
    for e in entries:
        day = datetime.date.fromisoformat(e["date"])
        band = WEEK[_DAYS[day.weekday()].lower()]
        assert e["band"] == band, e["date"]
        lo, hi = BANDS[next(b for b in BANDS if b.value == band)]
        assert lo <= e["grade"] < hi
    assert {e["section"] for e in entries} == {"January 2027", "February 2027"}


def test_the_month_index_gives_each_months_first_page(books: dict[str, Path]) -> None:
    pages = _pages(books["en0"])
    contents = next(p for p in pages if p.startswith("Contents"))
    index = re.findall(r"^(\w+ 2027)[ .]+(\d+)$", contents, re.MULTILINE)
    assert [month for month, _ in index] == ["January 2027", "February 2027"]
    for month, page in index:
        text = pages[int(page) - 1]
        assert text.startswith(month)
        # the month's first day is the first date on its first page
        assert _MONTHS[_english_dates(text)[0].month - 1] == month.split()[0]
    assert _english_dates(pages[int(index[1][1]) - 1])[0] == datetime.date(2027, 2, 1)


def test_a_french_book_writes_its_dates_in_french(books: dict[str, Path]) -> None:
    text = "\n".join(_pages(books["fr0"]))
    dates = ("mercredi 31 mars 2027", "jeudi 1er avril 2027", "vendredi 2 avril 2027")
    for date in dates:
        assert text.count(date) >= 2, date  # above its grid and above its answer
    # the worked solution is headed by its date too, not by a number the book never prints
    worked = re.findall(r"^(.+) \(Facile\)$", text, re.MULTILINE)
    assert len(worked) == 1 and worked[0] in dates
    assert re.search(r"^Mars 2027[ .]+\d+$", text, re.MULTILINE)
    assert re.search(r"^Avril 2027[ .]+\d+$", text, re.MULTILINE)


def test_a_built_daily_book_reads_back_from_its_manifest(books: dict[str, Path]) -> None:
    folder = books["fr0"]
    found = built_book(load_config(folder.parent / "fr.yaml"), folder)
    assert not isinstance(found, str), found
    book, pages = found
    assert [s.name for s in book.sections] == ["Mars 2027", "Avril 2027"]
    assert [p.date for s in book.sections for p in s.puzzles] == [
        "mercredi 31 mars 2027", "jeudi 1er avril 2027", "vendredi 2 avril 2027"]
    assert pages == json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["pages"]
