"""The config reference and the JSON Schemas: made from the reader's own tables, committed
as made, and true to what the reader accepts and refuses.

BOOKGEN_REFRESH_DOCS=1 rewrites the committed files (docs/config.md and the two schemas)
from the tables; commit them with the change to the tables.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
import yaml

from bookgen.book import shipped
from bookgen.book.config import load_config, load_template
from bookgen.book.config.manual import GENERATED, _blocks, config_schema, template_schema
from bookgen.book.config.reader import NO_DEFAULT, Map
from bookgen.book.config.templates import TEMPLATE
from bookgen.book.config.toplevel import _CONFIG
from bookgen.cli import main
from bookgen.core.errors import ConfigError

ROOT = Path(__file__).resolve().parent.parent
REFRESH = os.environ.get("BOOKGEN_REFRESH_DOCS") == "1"


@pytest.mark.parametrize("path", sorted(GENERATED))
def test_the_committed_file_is_what_the_tables_make(path):
    made = GENERATED[path]()
    file = ROOT / path
    if REFRESH:
        file.write_text(made, encoding="utf-8")
    assert file.read_text(encoding="utf-8") == made, (
        f"{path} is stale: BOOKGEN_REFRESH_DOCS=1 pytest tests/test_reference.py")


def test_every_block_and_key_says_what_it_is():
    for path, block in _blocks():
        assert block.help, f"block {path or '(top)'} has no help"
        for name, key in block.keys.items():
            assert key.help.strip(), f"{path}.{name} has no help"
            assert key.reader.words, f"{path}.{name} says not what it accepts"


def _holds_object(schema: object) -> bool:
    if isinstance(schema, dict):
        return schema.get("type") == "object" or any(_holds_object(v) for v in schema.values())
    if isinstance(schema, list):
        return any(_holds_object(v) for v in schema)
    return False


def test_a_key_that_reads_a_mapping_documents_it_as_a_block():
    documented = {id(b) for _, b in _blocks()}
    for path, block in _blocks():
        for name, key in block.keys.items():
            if _holds_object(key.reader.schema):
                assert key.reader.blocks, f"{path}.{name} reads a mapping it does not name"
                assert all(id(b) in documented for b in key.reader.blocks)


def test_the_reference_names_every_key_of_every_block():
    text = (ROOT / "docs" / "config.md").read_text(encoding="utf-8")
    for path, block in _blocks():
        heading = f"## `{path}`" if path else "## The top level"
        assert heading in text
        part = text.split(heading, 1)[1].split("\n## ", 1)[0]
        for name in block.keys:
            assert f"| `{name}`" in part, f"{path}.{name} missing from docs/config.md"


# ---------------------------------------------------------------- schema vs reader


def _validator(schema: dict) -> jsonschema.Draft202012Validator:
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))
TEMPLATES = sorted((ROOT / "bookgen" / "templates").glob("*.yaml"))


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.stem)
def test_every_example_config_fits_the_schema_and_names_it(path):
    text = path.read_text(encoding="utf-8")
    assert text.startswith(f"# yaml-language-server: $schema={shipped.CONFIG_SCHEMA}\n")
    assert (path.parent / shipped.CONFIG_SCHEMA).is_file()
    errors = [e.message for e in _validator(config_schema()).iter_errors(yaml.safe_load(text))]
    assert errors == []


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.stem)
def test_every_shipped_template_fits_the_template_schema_and_names_it(path):
    text = path.read_text(encoding="utf-8")
    assert text.startswith(f"# yaml-language-server: $schema={shipped.TEMPLATE_SCHEMA}\n")
    assert (path.parent / shipped.TEMPLATE_SCHEMA).is_file()
    errors = [e.message for e in _validator(template_schema()).iter_errors(yaml.safe_load(text))]
    assert errors == []


BASE = """\
title: T
template: letter-4up
sections:
  - name: A
    count: 2
    difficulty: easy
"""

ACCEPTED = """\
title: Every form
subtitle:
workers: auto
seed: 0
layout:
  page_width: 8.5in
  page_height: 279.4mm
  margins: 0.5in
  fonts: {regular: Vera, bold: VeraBd}
  lines: {cell: 1pt, box: 2.5}
  label:
print: {platform: HOME, recto_starts: true}
front: {how_to_play: false}
cover: {accent: "#1F4E79", front_puzzle: 2, blurb: "x"}
sections:
  - name: A
    count: 2
    size: 9x9
    clues: 30
    difficulty: {band: easy, grade: [1, 1.4], clues: [26, 40]}
  - name: B
    count: 1
    size: 6
    symmetry: Rotational
    difficulty: {way_complexity: 10}
    improve: {seconds: 0.5, objective: grade}
"""


def test_what_the_reader_accepts_fits_the_schema(tmp_path):
    path = tmp_path / "every.yaml"
    path.write_text(ACCEPTED, encoding="utf-8")
    load_config(path)  # the reader accepts it
    data = yaml.safe_load(ACCEPTED)
    # names are case-insensitive to the reader; the schema lists them in lower case
    data["print"]["platform"] = "home"
    data["sections"][1]["symmetry"] = "rotational"
    assert [e.message for e in _validator(config_schema()).iter_errors(data)] == []


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: t + "colour: red\n",
        lambda t: t.replace("count: 2", "count: 0"),
        lambda t: t.replace("difficulty: easy", "difficulty: eazy"),
        lambda t: t.replace("count: 2", "count: 2\n    size: 10"),
        lambda t: t + "layout: {margins: {outside: 10}}\n",
        lambda t: t + "layout: {puzzles_per_page: 3}\n",
        lambda t: t + "cover: {accent: red}\n",
        lambda t: t.replace("difficulty: easy", "difficulty: easy\n    improve: "
                                                "{evaluations: 10, seconds: 2}"),
        lambda t: t.replace("difficulty: easy", "difficulty: {band: easy, clues: [30, 20, 10]}"),
        lambda t: t + "workers: 0\n",
        lambda t: t + "language: xx\n",
    ],
    ids=["unknown key", "count 0", "unknown band", "size 10", "margin too small",
         "3 a page", "colour without #", "two budgets", "three-number range", "0 workers",
         "unknown language"],
)
def test_what_the_schema_refuses_the_reader_refuses_too(tmp_path, edit):
    text = edit(BASE)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError):
        load_config(path)
    assert list(_validator(config_schema()).iter_errors(yaml.safe_load(text)))


def test_a_template_file_needs_a_page_size_in_the_schema_as_in_the_reader(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("puzzles_per_page: 2\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="page_size: required key missing"):
        load_template(path)
    validator = _validator(template_schema())
    assert list(validator.iter_errors({"puzzles_per_page": 2}))
    assert not list(validator.iter_errors({"page_width": 432, "page_height": "9in"}))


# ---------------------------------------------------------------- defaults


def _default(block: Map, name: str) -> object:
    value = block.keys[name].default
    assert value is not NO_DEFAULT, f"{name} has no default"
    return value


def test_the_documented_defaults_are_what_the_reader_gives(tmp_path):
    path = tmp_path / "least.yaml"
    path.write_text("title: T\nsections:\n  - {name: A, count: 2, difficulty: hard}\n",
                    encoding="utf-8")
    cfg = load_config(path)
    top = _CONFIG
    assert cfg.seed == _default(top, "seed")
    assert cfg.template.name == _default(top, "template")
    assert (cfg.subtitle, cfg.author, cfg.copyright) == ("", "", "")
    assert cfg.workers is _default(top, "workers")
    section = next(b for p, b in _blocks() if p == "sections[]")
    dig = cfg.sections[0].dig
    assert (dig.size, dig.symmetry, dig.minimal) == tuple(
        _default(section, k) for k in ("size", "symmetry", "minimal"))
    front = next(b for p, b in _blocks() if p == "front")
    assert all(getattr(cfg.front, k) == _default(front, k) for k in front.keys)


def test_a_template_file_that_says_little_gets_the_documented_defaults(tmp_path):
    path = tmp_path / "bare.yaml"
    path.write_text("page_size: 6x9\n", encoding="utf-8")
    t = load_template(path)
    for name in ("puzzles_per_page", "answers_per_page", "digit_scale", "answer_gray",
                 "large_print", "label"):
        assert getattr(t, name) == _default(TEMPLATE, name), name
    blocks = dict(_blocks())
    margins, lines, fonts = blocks["layout.margins"], blocks["layout.lines"], blocks["layout.fonts"]
    assert (t.margin_outside, t.margin_top, t.margin_bottom, t.gutter) == tuple(
        _default(margins, k) for k in ("outside", "top", "bottom", "gutter"))
    assert all(getattr(t.lines, k) == _default(lines, k) for k in lines.keys)
    assert (t.font, t.font_bold) == (_default(fonts, "regular"), _default(fonts, "bold"))
    printing = blocks["print"]
    assert all(getattr(t.print, k) == _default(printing, k) for k in printing.keys)


# ---------------------------------------------------------------- bookgen schema


@pytest.mark.parametrize("argv, committed", [
    (["schema"], ROOT / "bookgen" / "examples" / shipped.CONFIG_SCHEMA),
    (["schema", "--template"], ROOT / "bookgen" / "templates" / shipped.TEMPLATE_SCHEMA),
])
def test_bookgen_schema_prints_the_committed_schema(capsys, argv, committed):
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out == committed.read_text(encoding="utf-8")
    assert json.loads(out)["$schema"].startswith("https://json-schema.org/")
