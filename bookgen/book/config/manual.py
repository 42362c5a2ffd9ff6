"""The config reference, generated from the reader's own tables: docs/config.md and the
JSON Schemas of a book config and of a template file.

Glossary:
  block      a mapping of the config (a Map): the top level, `layout`, `sections[]`, ...;
             each gets a table of its keys, named by its first key path (breadth first)
  schema     JSON Schema 2020-12; editors read it through the first line of a config,
             `# yaml-language-server: $schema=bookgen.schema.json`. It checks the shape of
             every value; the reader checks more (lengths with units, checks across keys,
             what the layout can print), so `bookgen validate` stays the judge
  generated  the committed files equal what these functions return; the tests compare them
             and BOOKGEN_REFRESH_DOCS=1 rewrites them
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

from ...core.kinds import Variant
from .. import shipped
from .reader import NO_DEFAULT, Key, Map
from .sections import MAX_EVALUATIONS, MAX_PUZZLES, MAX_SECONDS
from .templates import TEMPLATE
from .toplevel import _CONFIG, MAX_WORKERS

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

GENERATED = {
    "docs/config.md": lambda: markdown(),
    f"bookgen/{shipped.EXAMPLES}/{shipped.CONFIG_SCHEMA}": lambda: schema_text("config"),
    f"bookgen/{shipped.TEMPLATES}/{shipped.TEMPLATE_SCHEMA}": lambda: schema_text("template"),
}
"""Every generated file of the repository, by its path there, and what makes it."""


def config_schema() -> dict[str, Any]:
    """The JSON Schema of a book config."""
    return {"$schema": SCHEMA_DIALECT, "title": "bookgen book config",
            "description": _CONFIG.help, **_CONFIG.schema}


def template_schema() -> dict[str, Any]:
    """The JSON Schema of a template file: the `layout` keys, with a page size."""
    return {"$schema": SCHEMA_DIALECT, "title": "bookgen page template",
            "description": "A page template: " + TEMPLATE.help, **TEMPLATE.schema,
            "anyOf": [{"required": ["page_size"]},
                      {"required": ["page_width", "page_height"]}]}


def schema_text(which: str) -> str:
    """A schema as the committed file holds it: 'config' or 'template'."""
    data = config_schema() if which == "config" else template_schema()
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _child(path: str, name: str, key: Key) -> str:
    """The key path of a block a key reads: 'layout.margins', 'sections[]'."""
    inner = f"{path}.{name}" if path else name
    return inner + ("[]" if key.reader.schema.get("type") == "array" else "")


def _blocks() -> list[tuple[str, Map]]:
    """Every block of a config, breadth first, each once: (key path, Map)."""
    seen: dict[int, str] = {}
    out: list[tuple[str, Map]] = []
    todo: list[tuple[str, Map]] = [("", _CONFIG)]
    while todo:
        path, block = todo.pop(0)
        if id(block) in seen:
            continue
        seen[id(block)] = path
        out.append((path, block))
        for name, key in block.keys.items():
            todo.extend((_child(path, name, key), sub) for sub in key.reader.blocks)
    return out


def _shown(value: Any) -> str:
    """A default as YAML writes it."""
    if isinstance(value, (Enum, Variant)):
        value = value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    if value == "":
        return '""'
    return str(value)


def _default(key: Key) -> str:
    if key.default_words:
        return key.default_words
    if key.default is NO_DEFAULT or key.default is None:
        return ""
    return f"`{_shown(key.default)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(path: str, block: Map, names: dict[int, str]) -> list[str]:
    lines = ["| key | accepts | default | meaning |", "|---|---|---|---|"]
    for name, key in block.keys.items():
        accepts = key.reader.words
        for sub in key.reader.blocks:
            accepts += f" (see `{names[id(sub)]}`)"
        label = f"`{name}`" + (" (required)" if key.required else "")
        lines.append(f"| {label} | {_cell(accepts)} | {_cell(_default(key))} | "
                     f"{_cell(key.help)} |")
    return lines


_HEAD = """\
# Config reference

<!-- Generated from the reader's tables (bookgen/book/config/) by bookgen.book.config.manual; do
not edit. To change it, change the Key in its table, then refresh this file and the
schemas: BOOKGEN_REFRESH_DOCS=1 pytest tests/test_reference.py -->

A book config is a YAML file; `bookgen init` writes a commented one and `bookgen validate
CONFIG` checks one without building it, listing every problem with its key path and line,
all in one pass. Keys not listed here are refused, with a did-you-mean. CONFIG may also be
a folder that holds exactly one book config (a `.yaml` or `.yml` file with `sections`;
templates beside it do not count): `bookgen build mybook` builds `mybook/book.yaml` and
says so; a folder with none or several is refused, naming what it holds.

Numbers that size the work have a maximum no real book reaches: {puzzles:,} puzzles in a
book (`count`, all sections together), {evaluations:,} evaluations or {seconds:,g} seconds
of `improve` a puzzle, {workers} `workers`. A text with `{{fields}}` (`text:`,
`layout.label`) fills in plain names only: a format spec or conversion (`{{number:>4}}`,
`{{number!r}}`) is refused.

Lengths are points as a bare number (72 = 1 in) or text with a unit: `0.5in`, `12.7mm`,
`1.27cm`, `36pt`. Names (bands, symmetries, platforms, ...) are case-insensitive. A range
is `[lo, hi]`, both included, or one number for both.

Editors that read JSON Schemas (VS Code with the YAML extension, and others using
yaml-language-server) check and complete a config whose first line is

    # yaml-language-server: $schema=bookgen.schema.json

with `bookgen.schema.json` beside it (`bookgen init` writes both; `bookgen schema` prints
it, `bookgen schema --template` the schema of a template file). The schema checks each
value's shape; `bookgen validate` also checks what depends on several keys and on the
page: clue counts against size and symmetry, digit and cell sizes, page limits, texts
that must fit.
"""

_TEMPLATE_FILES = """\
## Template files

A template file (`template: path/to/file.yaml`, or a shipped one by name:
`bookgen templates` lists them) holds the keys of `layout` above, and needs `page_size`,
or `page_width` and `page_height`. A config's `layout` overrides any of them for its book.
Its schema is `bookgen schema --template` (shipped as `template.schema.json` beside the
templates).
"""


def markdown() -> str:
    """docs/config.md: every block of a config with every key."""
    blocks = _blocks()
    names = {id(b): p for p, b in blocks}
    out = [_HEAD.format(puzzles=MAX_PUZZLES, evaluations=MAX_EVALUATIONS, seconds=MAX_SECONDS,
                        workers=MAX_WORKERS)]
    for path, block in blocks:
        out.append(f"## {'`' + path + '`' if path else 'The top level'}\n")
        if block.help:
            out.append(block.help + "\n")
        out.append("\n".join(_table(path, block, names)) + "\n")
    out.append(_TEMPLATE_FILES)
    return "\n".join(out)
