"""The book's words: its language, the config's own texts for any key, the copyright
page's fields, and the check that the fonts can print every character of them.

Glossary:
  language     `language: de`: the book's texts come from bookgen/core/lang/de.yaml
  text         `text: {heading.notes: Notizen}`: the config's own wording of any key of
               the language files; it keeps to the {fields} the key fills in
  publication  `publication: {year, rights, edition, imprint, isbn}`: the copyright page
  glyph check  every character the book will print (the config's texts, the language's,
               page numbers, the symbols of its grids) must be in both of the template's
               fonts; the first missing ones are named with their key, line and font
"""

from __future__ import annotations

from collections.abc import Iterable

import yaml

from ...core import lang, model
from ...core.grid import SYMBOLS
from ...render import fonts
from .reader import (
    At,
    Key,
    Map,
    Read,
    Typed,
    Wrong,
    accepts,
    check_fields,
    one_line,
    read_int_between,
    read_optional_text,
    read_text,
    scalar_of,
    unknown,
)

SHOWN_MISSING = 5
"""Most missing characters a glyph problem names."""


@accepts(f"a language code: one of {', '.join(lang.languages())}",
         {"type": "string", "enum": list(lang.languages())})
def read_language(node: yaml.Node, at: At) -> str:
    """A shipped language's code ('de'), case-insensitive."""
    value = scalar_of(node, at)
    codes = lang.languages()
    if not isinstance(value, str):
        raise Wrong(f"a language: one of {', '.join(codes)}")
    if value.lower() not in codes:
        raise Wrong(unknown("language", value, codes), whole=True)
    return value.lower()


def _override(key: str) -> Typed:
    allowed = lang.reference_fields(key)
    fields = ", ".join(f"{{{f}}}" for f in sorted(allowed))
    line = lang.one_line(key)

    @accepts("a text" + (" on one line" if line else "")
             + (f" that may use {fields} (no format spec)" if fields else ""),
             {"type": "string", **({"pattern": "^[^\\n]*$"} if line else {})})
    def read(node: yaml.Node, at: At) -> str:
        text = read_text(node, at)
        return check_fields(one_line(text) if line else text, allowed)

    return read


TEXT = Map({k: Key(_override(k), help=f"Instead of the language's own {k}.")
            for k in lang.keys()},
           what="a mapping of text keys (heading.answers, band.easy, ...) to texts",
           help="The config's own wording of any text of the language files. A text "
                "fills in only the {fields} its key lists, as plain names: a format spec or "
                "conversion ('{number:>4}', '{number!r}') is refused.")
"""The `text:` block: any key of the language files."""


@accepts("an ISBN of 10 or 13 digits with a valid check digit, e.g. 978-3-16-148410-0",
         {"type": ["string", "integer"]})
def _isbn(node: yaml.Node, at: At) -> str:
    """An ISBN-10 or ISBN-13 (hyphens and spaces allowed) with a valid check digit."""
    value = scalar_of(node, at)
    text = str(value).strip() if isinstance(value, (str, int)) else ""
    digits = text.replace("-", "").replace(" ", "").upper()
    if not digits or isinstance(value, bool):
        raise Wrong("an ISBN, e.g. 978-3-16-148410-0")
    if len(digits) == 13 and digits.isdigit():
        ok = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10 == 0
    elif len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or
                                                          digits[9] == "X"):
        values = [int(d) for d in digits[:9]] + [10 if digits[9] == "X" else int(digits[9])]
        ok = sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0
    else:
        raise Wrong("an ISBN of 10 or 13 digits, e.g. 978-3-16-148410-0")
    if not ok:
        raise Wrong(f"expected a valid ISBN, got {text!r}: its check digit is wrong",
                    whole=True)
    return text


PUBLICATION = Map(
    {
        "year": Key(read_int_between(1450, 2999), help="The year of publication."),
        "rights": Key(read_optional_text, help="The rights line, e.g. All rights reserved."),
        "edition": Key(read_optional_text, help="The edition, e.g. First edition."),
        "imprint": Key(read_optional_text, help="The publisher or imprint."),
        "isbn": Key(_isbn, help="The book's ISBN; its check digit is verified."),
    },
    what="a mapping of year, rights, edition, imprint, isbn",
    help="The copyright page's fields, printed on the back of the title page.",
)
"""The `publication:` block: the copyright page's fields."""


def publication_record(read: Read | None) -> model.Publication | None:
    if read is None:
        return None
    return model.Publication(
        year=read.get("year"),
        rights=read.get("rights") if "rights" in read.values else None,
        edition=read.get("edition", ""),
        imprint=read.get("imprint", ""),
        isbn=read.get("isbn", ""),
    )


def texts_record(raw: Read) -> lang.Texts:
    """The book's texts: its language with the `text:` overrides laid on."""
    overrides = raw.get("text", Read(raw.at)).values
    return lang.Texts(raw.get("language", lang.DEFAULT), tuple(overrides.items()))


def check_glyphs(t: model.Template, texts: lang.Texts, words: Iterable[tuple[At, str]],
                 sizes: Iterable[tuple[At, int]], raw: Read) -> None:
    """Note a problem for each text with characters a font of the template lacks.

    words: (where, text) of the config's own texts; the language's texts are checked
    together at `language` (an override at `text.KEY`); sizes: (where, n) of the
    sections, whose grids print 1-9 and letters; page numbers print 0-9.
    """
    items: list[tuple[At, str, str]] = [(at, "", text) for at, text in words]
    overridden = dict(texts.overrides)
    for key, text in overridden.items():
        items.append((raw.get("text").at_key(key), "", text))
    items.append((raw.at_key("template"), "page numbers", "0123456789"))
    for at, n in sizes:
        items.append((at, f"{n}x{n} grids", "".join(SYMBOLS[:n])))
    for at, what, text in items:
        _report(t, at, what, [("", text)])
    code = texts.language
    given = "language" in raw.where
    at = raw.at_key("language") if given else At(raw.at.ctx, "language", raw.at.line)
    marks = [("quotes", "".join(texts.file.quotes)), ("decimal", texts.file.decimal)]
    _report(t, at, f"the {code if given else f'{code}, the default,'} texts",
            [(k, v) for k, v in texts.strings if k not in overridden] + marks)


def _report(t: model.Template, at: At, what: str, texts: list[tuple[str, str]]) -> None:
    """One problem per font (or both, when they lack the same) that misses characters of
    the (key, text) pairs; keys are named when there are any."""
    faces = dict.fromkeys((t.font, t.font_bold))  # one check when both are the same
    by_chars: dict[tuple[tuple[str, ...], tuple[str, ...]], list[str]] = {}
    for spec in faces:
        chars: list[str] = []
        keys: list[str] = []
        for key, text in texts:
            lacking = [ch for ch in fonts.missing(text, spec) if ch not in chars]
            if lacking:
                chars += lacking
                keys.append(key)
        if chars:
            by_chars.setdefault((tuple(chars), tuple(keys)), []).append(spec)
    for (missing, named_keys), specs in by_chars.items():
        _fail(t, at, what, missing, named_keys, specs)


def _fail(t: model.Template, at: At, what: str, chars: tuple[str, ...],
          keys: tuple[str, ...], specs: list[str]) -> None:
    """'<what>: the font 'Vera' (regular) has no glyph for '数' (U+6570) (in 'title');
    expected fonts that cover them ...'."""
    named = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in chars[:SHOWN_MISSING])
    more = f" and {len(chars) - SHOWN_MISSING} more" if len(chars) > SHOWN_MISSING else ""
    which = " and ".join(f"{fonts.shown(s)!r} ({_role(t, s)})" for s in specs)
    has = f"the fonts {which} have" if len(specs) > 1 else f"the font {which} has"
    where = ""
    if any(keys):
        listed = ", ".join(repr(k) for k in keys[:3])
        where = f" (in {listed}{f' and {len(keys) - 3} more' if len(keys) > 3 else ''})"
    head = f"{what}: " if what else ""
    at.fail(f"{head}{has} no glyph for {named}{more}{where}; expected fonts that cover "
            "them (layout.fonts.regular and bold)")


def _role(t: model.Template, spec: str) -> str:
    if spec == t.font == t.font_bold:
        return "regular and bold"
    return "regular" if spec == t.font else "bold"
