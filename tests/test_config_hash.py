"""The config hash: every setting that makes a different book changes it, nothing else does,
and it is sha256 of the settings in canonical JSON (config/toplevel.py's BookConfig.config_hash).

The hash is a key a bank keeps: a series' ledger knows its books by it (bank.py), so a
rebuild of the same config must give the same hash, from any file layout, on any machine,
with any number of workers, wherever the bank or the font file lie.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
import shutil
import typing
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from types import NoneType, UnionType
from typing import Any

import pytest
import reportlab

from bookgen.book.config import BookConfig, load_config
from bookgen.book.config.toplevel import _config_hash, _font_key
from bookgen.core import lang
from bookgen.core.kinds import Variant
from bookgen.core.model import Band, Daily
from bookgen.grade.scale import Technique
from bookgen.render import fonts

VERA = Path(reportlab.__file__).parent / "fonts"

BOOK = """\
title: Rätsel für alle
subtitle: Klein
author: Ann Author
copyright: © 2026 Ann Author
seed: 7
workers: 2
template: kdp-6x9-2up
layout: {margins: {gutter: 0.5in}, label: Band 1}
bank: puzzles.db
series: Weekly
language: de
text:
  heading.answers: Lösungen
  heading.notes: Notizen
publication: {year: 2026, rights: Alle Rechte vorbehalten., edition: Erste, imprint: Verlag}
cover: {blurb: Kurz., accent: "#102030", front_puzzle: 2, back_puzzle: 1}
worked: [2, 3]
sections:
  - name: Schwer
    count: 4
    size: 6
    symmetry: rotational
    clues: [12, 18]
    difficulty: {band: hard, grade: [2.6, 3.8]}
    improve: {evaluations: 50}
"""


def write(folder: Path, text: str, name: str = "book.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cfg(tmp_path_factory: pytest.TempPathFactory) -> BookConfig:
    return load_config(write(tmp_path_factory.mktemp("hash"), BOOK))


# ---------------------------------------------------------------- every setting counts

_SAMPLES: dict[type, object] = {bool: True, int: 3, float: 1.25, str: "x",
                                Daily: Daily(datetime.date(2027, 1, 1), 3, (Band.EASY,) * 7)}
"""A value of each plain type, for an optional setting the base config leaves unset."""


def _changes(value: object, hint: Any, path: str) -> Iterator[tuple[str, object]]:
    """(path, other value) for every single change of one setting and of each setting
    nested in it: a record field by field, a tuple item by item (and one item fewer)."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, UnionType) and NoneType in args:  # X | None
        (inner,) = (a for a in args if a is not NoneType)
        if value is None:
            yield path, (_SAMPLES[inner] if inner in _SAMPLES else next(iter(inner)))
            return
        yield path, None
        hint = inner
    if dataclasses.is_dataclass(value):
        # the records name the grader's Technique for type checkers only (an import cycle)
        hints = typing.get_type_hints(type(value), localns={"Technique": Technique})
        for f in dataclasses.fields(value):
            for sub, other in _changes(getattr(value, f.name), hints[f.name], f"{path}.{f.name}"):
                yield sub, dataclasses.replace(value, **{f.name: other})
        return
    if isinstance(value, tuple):
        items = list(value)
        kinds = args[:1] * len(items) if args[-1:] == (Ellipsis,) else args
        for i, (item, kind) in enumerate(zip(items, kinds, strict=True)):
            for sub, other in _changes(item, kind, f"{path}[{i}]"):
                yield sub, tuple(items[:i] + [other] + items[i + 1:])
        if items:
            yield f"{path}[-1] dropped", tuple(items[:-1])
        return
    if isinstance(value, bool):
        yield path, not value
    elif isinstance(value, Enum):
        yield path, next(m for m in type(value) if m is not value)
    elif isinstance(value, Variant):  # a puzzle kind: another registered kind
        yield path, next(k for k in Variant if k is not value)
    elif isinstance(value, int | float):
        yield path, value + 1
    elif isinstance(value, str):
        yield path, value + "x"
    else:
        raise AssertionError(f"{path}: no change known for {value!r}")


HASHED = ("title", "subtitle", "author", "copyright", "seed", "template", "front", "sections",
          "cover", "publication", "series", "hints", "worked", "daily")
"""BookConfig's settings that enter the hash as they are (texts: below)."""
UNHASHED = {"path": Path("elsewhere/other.yaml"), "name": "other", "workers": 7,
            "bank": Path("/elsewhere/other.db"), "config_hash": "0" * 64}
"""BookConfig's fields that make no different book, each with another value."""


def test_every_field_of_the_book_config_is_placed() -> None:
    assert {f.name for f in dataclasses.fields(BookConfig)} == {*HASHED, *UNHASHED, "texts"}


def _single_changes(cfg: BookConfig) -> list[tuple[str, BookConfig]]:
    hints = typing.get_type_hints(BookConfig)
    out = []
    for top in HASHED:
        for path, other in _changes(getattr(cfg, top), hints[top], top):
            if path in ("template.font", "template.font_bold"):
                continue  # a font name is a file to read: test_a_font_enters_by_its_content
            out.append((path, dataclasses.replace(cfg, **{top: other})))
    return out


def test_each_setting_changes_the_hash(cfg: BookConfig) -> None:
    changes = _single_changes(cfg)
    assert len(changes) > 60  # every field of template, sections, cover, publication ...
    base = _config_hash(cfg)
    assert base == cfg.config_hash
    same = [path for path, other in changes if _config_hash(other) == base]
    assert same == []
    # and no two different changes meet on one hash
    assert len({_config_hash(other) for _, other in changes}) == len(changes)


@pytest.mark.parametrize("field", sorted(UNHASHED))
def test_what_makes_no_other_book_leaves_the_hash(cfg: BookConfig, field: str) -> None:
    assert _config_hash(dataclasses.replace(cfg, **{field: UNHASHED[field]})) == cfg.config_hash


def test_language_and_text_overrides_change_the_hash(cfg: BookConfig) -> None:
    texts = cfg.texts
    assert (texts.language, len(texts.overrides)) == ("de", 2)
    variants = [
        lang.Texts("fr", texts.overrides),
        lang.Texts("de", texts.overrides[:1]),
        lang.Texts("de", ((texts.overrides[0][0], "Andere"), texts.overrides[1])),
        lang.Texts("de"),
        lang.Texts(lang.DEFAULT, texts.overrides),
        lang.Texts(lang.DEFAULT),
    ]
    hashes = {_config_hash(dataclasses.replace(cfg, texts=t)) for t in variants}
    assert len(hashes | {cfg.config_hash}) == len(variants) + 1


REORDERED = """\
# the same book: keys in another order, other quoting, comments, the text overrides
# swapped, another bank file and worker count (and another file name and folder)
sections:
  - {name: Schwer, size: 6, count: 4, symmetry: rotational, clues: [12, 18],
     improve: {evaluations: 50}, difficulty: {grade: [2.6, 3.8], band: hard}}
cover: {accent: "#102030", back_puzzle: 1, front_puzzle: 2, blurb: "Kurz."}
worked: [ 2, 3 ]
publication: {imprint: Verlag, edition: Erste, rights: "Alle Rechte vorbehalten.",
              year: 2026}
text: {heading.notes: Notizen, heading.answers: "Lösungen"}
language: de
series: Weekly
bank: ../other.db
layout: {label: Band 1, margins: {gutter: 36pt}}
template: kdp-6x9-2up
workers: auto
seed: 7  # the same
copyright: "© 2026 Ann Author"
author: 'Ann Author'
subtitle: Klein
title: "Rätsel für alle"
"""


def test_a_config_in_another_layout_has_the_same_hash(tmp_path: Path, cfg: BookConfig) -> None:
    (tmp_path / "sub").mkdir()
    other = load_config(write(tmp_path / "sub", REORDERED, "renamed.yaml"))
    assert other.texts.overrides == tuple(reversed(cfg.texts.overrides))
    assert (other.workers, other.name, other.bank) == (None, "renamed",
                                                       tmp_path / "sub" / ".." / "other.db")
    assert other.config_hash == cfg.config_hash


def test_default_language_said_or_not_gives_one_hash(tmp_path: Path) -> None:
    plain = BOOK.split("bank:")[0] + "sections" + BOOK.split("sections")[-1]
    assert "language" not in plain and "text:" not in plain
    said = plain.replace("seed: 7\n", "seed: 7\nlanguage: en\n")
    a = load_config(write(tmp_path, plain.replace("Rätsel für alle", "Puzzles")))
    b = load_config(write(tmp_path, said.replace("Rätsel für alle", "Puzzles"), "b.yaml"))
    assert a.texts == b.texts == lang.Texts(lang.DEFAULT)
    assert a.config_hash == b.config_hash


# ---------------------------------------------------------------- fonts


def test_a_bundled_font_enters_by_its_name() -> None:
    for name in fonts.BUNDLED:
        assert _font_key(name) == name


def test_a_font_enters_by_its_content(tmp_path: Path, cfg: BookConfig) -> None:
    one, two = tmp_path / "a", tmp_path / "b"
    one.mkdir()
    two.mkdir()
    shutil.copy(VERA / "Vera.ttf", one / "Face.ttf")
    shutil.copy(VERA / "Vera.ttf", two / "Other.ttf")
    shutil.copy(VERA / "VeraBd.ttf", two / "Face.ttf")

    def with_font(spec: str, bold: str = "VeraBd") -> str:
        t = dataclasses.replace(cfg.template, font=spec, font_bold=bold)
        return _config_hash(dataclasses.replace(cfg, template=t))

    # the same bytes anywhere give one hash; other bytes at the same place another
    assert with_font(str(one / "Face.ttf")) == with_font(str(two / "Other.ttf"))
    assert with_font(str(one / "Face.ttf")) != with_font(str(two / "Face.ttf"))
    assert with_font("Vera") != with_font("VeraIt")
    assert with_font("Vera", str(one / "Face.ttf")) != with_font("Vera", str(two / "Face.ttf"))
    assert with_font("Vera", str(one / "Face.ttf")) == with_font("Vera", str(two / "Other.ttf"))
    # the file's content, as sha256 says it
    digest = hashlib.sha256((VERA / "VeraBd.ttf").read_bytes()).hexdigest()
    assert _font_key(str(two / "Face.ttf")) == f"sha256:{digest}"


def test_a_collection_enters_by_its_content_and_face(tmp_path: Path) -> None:
    from fontTools.ttLib import TTCollection, TTFont

    collection = TTCollection()
    collection.fonts = [TTFont(str(VERA / "Vera.ttf")), TTFont(str(VERA / "VeraBd.ttf"))]
    path = tmp_path / "pair.ttc"
    collection.save(str(path))
    digest = "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
    assert [_font_key(f"{path}#{i}") for i in range(3)] == [digest, f"{digest}#1",
                                                            f"{digest}#2"]


# ---------------------------------------------------------------- the canonical form


def _plain(value: object) -> object:
    """A record as JSON has it: records as objects, tuples as arrays, enums by value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Enum | Variant):
        return value.value
    assert value is None or isinstance(value, bool | int | float | str), value
    return value


def _sections(cfg: BookConfig) -> list[object]:
    """The sections as the hash has them: digits, their default symbols, stay out, so the
    books made before sections had symbols keep their hash."""
    out = []
    for s in cfg.sections:
        plain = _plain(s)
        assert isinstance(plain, dict) and plain.pop("symbols") == "digits"
        out.append(plain)
    return out


def test_the_hash_is_sha256_of_the_settings_in_canonical_json(cfg: BookConfig) -> None:
    """The keys are the config's own; the JSON has sorted keys, no spaces, and its text
    unescaped in UTF-8; fonts by name when bundled. A change of this form changes the hash
    of every book, and a bank would no longer know them: change it on purpose only."""
    template = _plain(cfg.template)
    assert isinstance(template, dict) and (template["font"], template["font_bold"]) == (
        "Vera", "VeraBd")
    settings = {
        "title": "Rätsel für alle", "subtitle": "Klein", "author": "Ann Author",
        "copyright": "© 2026 Ann Author", "seed": 7, "template": template,
        "front": _plain(cfg.front), "cover": _plain(cfg.cover),
        "sections": _sections(cfg),
        "language": "de", "text": {"heading.answers": "Lösungen", "heading.notes": "Notizen"},
        "publication": {"year": 2026, "rights": "Alle Rechte vorbehalten.",
                        "edition": "Erste", "imprint": "Verlag", "isbn": ""},
        "series": "Weekly", "worked": {"numbers": [2, 3], "pick": None},
    }
    text = json.dumps(settings, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # hashed here too: the fixture's load ran in the first test that asked for it
    assert cfg.config_hash == _config_hash(cfg) == hashlib.sha256(text.encode()).hexdigest()


def test_without_series_publication_or_language_those_keys_are_left_out(
        tmp_path: Path) -> None:
    plain = BOOK.split("bank:")[0].replace("Rätsel für alle", "Puzzles") + (
        "sections" + BOOK.split("sections")[-1])
    cfg = load_config(write(tmp_path, plain))
    assert (cfg.series, cfg.publication, cfg.texts) == ("", None, lang.Texts(lang.DEFAULT))
    settings = {
        "title": "Puzzles", "subtitle": "Klein", "author": "Ann Author",
        "copyright": "© 2026 Ann Author", "seed": 7, "template": _plain(cfg.template),
        "front": _plain(cfg.front), "sections": _sections(cfg),
        "cover": _plain(cfg.cover),
    }
    text = json.dumps(settings, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert cfg.config_hash == hashlib.sha256(text.encode("utf-8")).hexdigest()
