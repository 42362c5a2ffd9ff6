"""The config reader's typed readers, built inside each test: what each accepts (value,
words, JSON Schema) and what it refuses, with the exact message; the words a problem uses
for what it got; the place of a problem. Each reader is made here, not taken from the
tables that importing the config modules builds, so a change to its maker shows here.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any

import pytest
import yaml

from bookgen.book.config.reader import (
    LENGTH_SCHEMA,
    At,
    Ctx,
    Read,
    Wrong,
    accepts,
    got,
    length_schema,
    plain,
    points_of,
    read_between,
    read_choice,
    read_int_between,
    read_int_choice,
    read_length,
    read_node,
    read_optional_text,
    read_range,
    read_text,
    span,
)


class Shade(enum.Enum):
    LIGHT = "light"
    DARK = "dark"


def _at(file: str = "") -> At:
    return At(Ctx(yaml.SafeLoader(""), Path("."), file, []), "layout.x", 3)


def _node(text: str) -> yaml.Node:
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    assert node is not None
    return node


def _read(typed: Any, text: str) -> Any:
    return typed(_node(text), _at())


def _refused(typed: Any, text: str) -> Wrong:
    with pytest.raises(Wrong) as caught:
        _read(typed, text)
    return caught.value


def test_accepts_keeps_the_reader_its_words_schema_and_blocks():
    def reader(node: yaml.Node, at: At) -> str:
        return "read"

    typed = accepts("a thing", {"type": "string"}, blocks=())(reader)
    assert (typed.read, typed.words, typed.schema, typed.blocks) == (
        reader, "a thing", {"type": "string"}, ())
    assert typed(_node("x"), _at()) == "read"


def test_read_between_takes_both_ends_and_refuses_outside():
    typed = read_between(0.5, 2)
    assert typed.words == "a number from 0.5 to 2"
    assert typed.schema == {"type": "number", "minimum": 0.5, "maximum": 2}
    assert [_read(typed, t) for t in ("0.5", "2", "1", "1.25")] == [0.5, 2.0, 1.0, 1.25]
    for text in ("0.49", "2.01", "true", "abc", "[1]", ".nan", ".inf"):
        wrong = _refused(typed, text)
        assert (wrong.expected, wrong.whole) == ("a number from 0.5 to 2", False)


def test_read_int_between_takes_both_ends_and_refuses_floats():
    typed = read_int_between(2, 5)
    assert typed.words == "an integer from 2 to 5"
    assert typed.schema == {"type": "integer", "minimum": 2, "maximum": 5}
    assert [_read(typed, t) for t in ("2", "5", "3")] == [2, 5, 3]
    for text in ("1", "6", "3.0", "true", "x"):
        assert _refused(typed, text).expected == "an integer from 2 to 5"


def test_read_choice_is_case_insensitive_and_suggests_a_close_name():
    typed = read_choice("shade", Shade)
    assert typed.words == "one of light, dark"
    assert typed.schema == {"type": "string", "enum": ["light", "dark"]}
    assert _read(typed, "DaRk") is Shade.DARK and _read(typed, "light") is Shade.LIGHT
    wrong = _refused(typed, "ligth")
    assert (wrong.expected, wrong.whole) == (
        "unknown shade 'ligth'; did you mean 'light'? expected one of light, dark", True)
    wrong = _refused(typed, "3")
    assert (wrong.expected, wrong.whole) == ("a shade: one of light, dark", False)


def test_read_int_choice_takes_only_its_options():
    typed = read_int_choice((1, 2, 4))
    assert typed.words == "one of 1, 2, 4"
    assert typed.schema == {"type": "integer", "enum": [1, 2, 4]}
    assert [_read(typed, t) for t in ("1", "2", "4")] == [1, 2, 4]
    for text in ("3", "4.0", "true", "four"):
        assert _refused(typed, text).expected == "one of 1, 2, 4"


def test_read_length_takes_units_and_the_minimum_itself():
    typed = read_length(18.0)
    assert typed.words == "a length of at least 0.25in (18 pt), e.g. 0.5in, 12mm, 36"
    assert typed.schema == length_schema(18.0) == {
        "anyOf": [{"type": "number", "minimum": 18.0}, LENGTH_SCHEMA]}
    assert _read(typed, "18") == 18.0
    assert _read(typed, "0.5IN") == 36.0
    assert _read(typed, "1cm") == pytest.approx(72 / 2.54)
    assert _read(typed, "'20pt'") == 20.0
    for text in ("17.9", "0.2in", "5 furlongs", "true", "[1]"):
        assert _refused(typed, text).expected == typed.words


def test_points_of_reads_numbers_and_units_only():
    assert points_of(10) == 10.0 and points_of(2.5) == 2.5
    assert points_of(" 12.7 mm ") == pytest.approx(36.0)
    assert points_of(".5in") == 36.0
    assert points_of(True) is None and points_of(float("inf")) is None
    assert points_of("in") is None and points_of(None) is None


@pytest.mark.parametrize("integral", [True, False])
def test_read_range_reads_a_pair_or_one_number(integral):
    typed = read_range(integral)
    kind = "integer" if integral else "number"
    assert typed.words == f"a range [lo, hi] or one {kind}, each >= 0"
    one = {"type": kind, "minimum": 0}
    assert typed.schema == {"anyOf": [one, {"type": "array", "items": one,
                                            "minItems": 1, "maxItems": 2}]}
    assert _read(typed, "[24, 30]") == (24.0, 30.0)
    assert _read(typed, "[0, 0]") == (0.0, 0.0)
    assert _read(typed, "7") == (7.0, 7.0)
    assert _read(typed, "[7]") == (7.0, 7.0)
    for text in ("[]", "[1, 2, 3]", "[-1, 2]", "-1", "[1, x]", "x", "[true, 2]"):
        wrong = _refused(typed, text)
        assert (wrong.expected, wrong.whole) == (typed.words, False)
    wrong = _refused(typed, "[30, 24]")
    assert (wrong.expected, wrong.whole) == (
        "expected a range [lo, hi] with lo <= hi, got [30, 24]", True)


def test_read_range_of_integers_refuses_fractions_only_when_integral():
    assert _refused(read_range(True), "[1.5, 2]").expected.startswith("a range")
    assert _read(read_range(False), "[1.5, 2]") == (1.5, 2.0)


@pytest.mark.parametrize(
    ("text", "quote", "words"),
    [("{a: 1}", True, "a mapping"), ("{}", True, "an empty mapping"),
     ("[1, 'x']", True, "[1, 'x']"), ("[1, 2, 3, 4]", True, "[1, 2, 3, 4]"),
     ("[1, 2, 3, 4, 5]", True, "a list"), ("[[1]]", True, "a list"),
     ("[]", True, "an empty list"), ("~", True, "nothing"), ("abc", False, "a text"),
     ("abc", True, "'abc'"), ("12", True, "12"), ("12", False, "a text")],
)
def test_got_names_what_a_node_is(text, quote, words):
    assert got(_node(text), quote=quote) == words


def test_a_problem_names_its_key_path_line_and_file():
    at = _at()
    ok, value = read_node(read_between(1, 2), _node("5"), at)
    assert (ok, value) == (False, None)
    assert at.ctx.problems == [("", 3, "layout.x: expected a number from 1 to 2, got 5 (line 3)")]
    other = _at("t.yaml")
    read_node(read_choice("shade", Shade), _node("dusk"), other.index(2, _node("\n\nx")))
    assert other.ctx.problems == [("t.yaml", 3, "layout.x[2]: unknown shade 'dusk'; expected "
                                   "one of light, dark (t.yaml line 3)")]


def test_a_read_mapping_points_at_its_keys_or_itself():
    at = _at()
    inner = at.key("top", _node("\nx"))
    read = Read(at, where={"top": inner})
    assert read.at_key("top") is inner and inner.path == "layout.x.top" and inner.line == 2
    assert read.at_key("gone") is at
    assert At(at.ctx, "", 1).key("seed", _node("1")).path == "seed"


def test_plain_and_span_write_values_as_a_config_would():
    assert plain(Shade.DARK) == "dark" and plain(3) == 3
    assert span(24, 24) == "24" and span(24, 30.5) == "[24, 30.5]"


@pytest.mark.parametrize(
    ("text", "problem"),
    [('"bell\\a"', "got U+0007 at character 5"), ('"A \\u202Eevil"', "got U+202E at character 3"),
     ('"x\\u2069"', "got U+2069 at character 2"), ('"\\uE000"', "got U+E000 at character 1"),
     ('"tab\\tx"', "got U+0009 at character 4")],
)
def test_text_with_a_control_character_is_refused_with_its_place(text, problem):
    wrong = _refused(read_text, text)
    assert (wrong.expected, wrong.whole) == (
        f"expected text without control characters, {problem}", True)


def test_text_keeps_line_breaks_and_is_stripped():
    assert _read(read_text, '" two\\nlines "') == "two\nlines"
    assert _read(read_optional_text, "~") == ""
    assert _read(read_optional_text, '" x "') == "x"
    assert _refused(read_text, '"  "').expected == "a non-empty text"
    assert _refused(read_optional_text, "3").expected == "a text"
