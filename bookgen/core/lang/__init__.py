"""Book text in the reader's language: one YAML file per language in this package.

Glossary:
  language   a code such as 'en', 'de' or 'ja': the stem of a file here, so adding a
             language is adding a file; en.yaml is the reference, and every file has
             exactly its keys with the same {fields}
  key        the dotted name of one printed text: 'heading.answers', 'band.easy', 'label'
  date       a daily book's date ('date', with 'weekday.*', 'month.*' and 'date.first_day',
             how the first of a month is written: '1er'); 'date.month' heads a month
  field      a {name} in a text, filled in where it is printed; plain names only: a
             format spec or conversion ('{number:>9}', '{number!r}') is never filled in
  decimal    the language's decimal mark (grades: '4.5', '4,5')
  quotes     the language's opening and closing quotation marks
  Texts      one language's texts with a config's `text:` overrides laid on

Read with importlib.resources, so the files work from a wheel as from a checkout.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any

import yaml

DEFAULT = "en"
"""The language of a config that names none, and the reference for keys and fields."""

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML was built with it: it reads a language file in
5 ms, where the pure-Python one takes 80 ms, and every command that prints text reads
one. The shipped files read the same through both (tests/test_lang.py)."""


@dataclass(frozen=True)
class LanguageFile:
    """One language file as shipped."""

    code: str
    """The file's stem: 'de'."""
    name: str
    """The language's own name: 'Deutsch'."""
    decimal: str
    """Decimal mark."""
    quotes: tuple[str, str]
    """Opening and closing quotation marks (with any space they take, as in French)."""
    text: tuple[tuple[str, str], ...]
    """(key, text), in file order."""


def languages() -> tuple[str, ...]:
    """The codes of the shipped languages, sorted."""
    return _languages()


@cache
def _languages() -> tuple[str, ...]:
    files = resources.files(__package__)
    return tuple(sorted(f.name[:-5] for f in files.iterdir() if f.name.endswith(".yaml")))


@cache
def language_file(code: str) -> LanguageFile:
    """The shipped file of a language; KeyError for an unknown code, ValueError for a file
    that is not a mapping of name, decimal, quotes and text."""
    if code not in languages():
        raise KeyError(code)
    raw: Any = yaml.load(resources.files(__package__).joinpath(f"{code}.yaml")
                         .read_text(encoding="utf-8"), Loader=_LOADER)
    try:
        quotes = tuple(raw["quotes"])
        if len(quotes) != 2:
            raise ValueError("quotes: expected two marks")
        text = tuple((str(k), str(v)) for k, v in raw["text"].items())
        return LanguageFile(code, str(raw["name"]), str(raw["decimal"]),
                            (str(quotes[0]), str(quotes[1])), text)
    except (KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"language file {code}.yaml: expected name, decimal, quotes and "
                         f"text ({e})") from None


def keys() -> tuple[str, ...]:
    """Every key of a book's texts, as the reference language lists them."""
    return tuple(k for k, _ in language_file(DEFAULT).text)


def fields(text: str) -> frozenset[str]:
    """The {fields} of a text; ValueError when its braces are malformed."""
    return frozenset(f for _, f, _, _ in string.Formatter().parse(text) if f is not None)


def dressed(text: str) -> str | None:
    """The first {field} of a text written with a format spec or a conversion, as written
    ('{number:>9}', '{number!r}'), or None; ValueError when its braces are malformed.
    A spec is refused, not obeyed: '{number:>400000000}' would print a 400 MB label."""
    for _, name, spec, conversion in string.Formatter().parse(text):
        if name is not None and (spec or conversion):
            return "{" + name + (f"!{conversion}" if conversion else "") + \
                (f":{spec}" if spec else "") + "}"
    return None


def fill(text: str, **values: object) -> str:
    """The text with its plain {fields} replaced by the values (as str() shows them);
    ValueError for a field with a format spec or conversion (see dressed), KeyError for a
    field not among the values."""
    out: list[str] = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        out.append(literal)
        if name is None:
            continue
        if spec or conversion:
            raise ValueError(f"{dressed(text)}: a field takes no format spec or conversion")
        out.append(str(values[name]))
    return "".join(out)


def one_line(key: str) -> bool:
    """Whether the text of `key` is set on a single line (a heading, the owner's line, a
    band's word, a label, a badge, the time line under a grid, a contents line, a
    technique's name: a technique section's heading), where a
    line break would print as nothing."""
    return key.startswith(("heading.", "band.", "cover.badge.", "time.", "contents.", "date",
                           "weekday.", "month.", "name.")) or \
        key.endswith((".heading", ".heading_daily")) or key in ("belongs_to", "label", "grade")


def reference_fields(key: str) -> frozenset[str]:
    """The fields the reference language's text for `key` fills in."""
    return fields(dict(language_file(DEFAULT).text)[key])


@dataclass(frozen=True)
class Texts:
    """A language's texts, a config's overrides laid on; call it with a key and fields."""

    language: str = DEFAULT
    """The language code."""
    overrides: tuple[tuple[str, str], ...] = ()
    """(key, text) from the config's `text:` block."""
    strings: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)
    """Every (key, text) in effect; filled in from the language file."""

    def __post_init__(self) -> None:
        base = dict(language_file(self.language).text)
        missing = [k for k in keys() if k not in base]
        if missing:
            raise ValueError(f"language file {self.language}.yaml lacks "
                             f"{', '.join(missing[:5])}")
        base.update(self.overrides)
        object.__setattr__(self, "strings", tuple(base.items()))

    @cached_property
    def _table(self) -> dict[str, str]:
        return dict(self.strings)

    @property
    def file(self) -> LanguageFile:
        return language_file(self.language)

    def __call__(self, key: str, **values: object) -> str:
        """The text of `key` with its fields filled in."""
        return fill(self._table[key], **values)

    def template(self, key: str) -> str:
        """The text of `key` with its {fields} still to fill in."""
        return self._table[key]

    def number(self, value: float, places: int = 1) -> str:
        """A decimal number in the language's way: '4.5', '4,5'."""
        return f"{value:.{places}f}".replace(".", self.file.decimal)

    def quote(self, text: str) -> str:
        """Text in the language's quotation marks."""
        opening, closing = self.file.quotes
        return f"{opening}{text}{closing}"
