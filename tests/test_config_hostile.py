"""Hostile config files read in this process: compose() refuses deep nesting, alias bombs,
alias loops, control characters, files too large or not UTF-8, each with its exact line,
and takes what sits just inside each limit. (tests/test_faults.py runs the same files
through `bookgen validate` as a black box.)"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bookgen.book.config.reader import MAX_DEPTH, MAX_FILE_BYTES, compose
from bookgen.core.errors import ConfigError


def _compose(tmp_path: Path, data: str | bytes) -> tuple[yaml.Node | None, list]:
    path = tmp_path / "book.yaml"
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    problems: list = []
    node, _ = compose(path, "", problems)
    return node, problems


def _nested(levels: int) -> str:
    return "title: " + "[" * levels + "]" * levels + "\n"


def _bomb(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def _chain(levels: int) -> str:
    """Each anchor holds the one before: the aliases nest `levels` lists deep."""
    lines = ["a0: &a0 [x]"] + [f"a{i}: &a{i} [*a{i - 1}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_nesting_up_to_the_limit_is_read(tmp_path):
    # the top mapping is one level: MAX_DEPTH - 1 lists under it
    node, problems = _compose(tmp_path, _nested(MAX_DEPTH - 1))
    assert problems == [] and isinstance(node, yaml.MappingNode)


def test_nesting_past_the_limit_is_refused_at_its_line(tmp_path):
    node, problems = _compose(tmp_path, "a: 1\n" + _nested(MAX_DEPTH))
    assert node is None
    assert problems == [("", 2, "(top): invalid YAML: nested deeper than 50 levels (line 2)")]


def test_aliases_nesting_past_the_limit_are_refused(tmp_path):
    assert _compose(tmp_path, _chain(MAX_DEPTH - 2))[1] == []
    node, problems = _compose(tmp_path, _chain(MAX_DEPTH + 5))
    assert node is None
    assert problems == [("", MAX_DEPTH, "(top): invalid YAML: its aliases nest deeper than "
                         f"50 levels (line {MAX_DEPTH})")]


def test_an_alias_bomb_is_refused_where_it_grows_too_large(tmp_path):
    assert _compose(tmp_path, _bomb(4))[1] == []  # 10^4 values: inside the limit
    node, problems = _compose(tmp_path, _bomb(12))
    assert node is None
    assert problems == [("", 5, "(top): invalid YAML: its aliases expand to more than "
                         "100,000 values (line 5)")]


def test_a_recursive_alias_is_refused(tmp_path):
    node, problems = _compose(tmp_path, "title: x\na: &a [*a]\n")
    assert node is None
    assert problems == [("", 2, "(top): invalid YAML: an alias refers to the value that "
                         "contains it (line 2)")]


def test_a_control_character_is_named_with_its_line(tmp_path):
    node, problems = _compose(tmp_path, "title: x\n\nauthor: y\x00z\n")
    assert node is None
    assert problems == [("", 3, "(top): invalid YAML: the file holds the control character "
                         "U+0000; expected plain text (line 3)")]


def test_a_syntax_error_has_its_line(tmp_path):
    node, problems = _compose(tmp_path, "title: x\nsections: [\n")
    assert node is None and len(problems) == 1
    assert problems[0][1] >= 2 and problems[0][2].startswith("(top): invalid YAML: ")


def test_an_empty_file_is_a_null_document(tmp_path):
    node, problems = _compose(tmp_path, "")
    assert problems == [] and node is not None and node.tag == "tag:yaml.org,2002:null"


def test_a_byte_order_mark_is_dropped(tmp_path):
    node, problems = _compose(tmp_path, b"\xef\xbb\xbftitle: x\n")
    assert problems == [] and isinstance(node, yaml.MappingNode)
    assert node.value[0][0].value == "title"


def test_a_file_of_the_largest_size_is_read_and_one_byte_more_is_not(tmp_path):
    body = "title: x\n"
    node, problems = _compose(tmp_path, body + "#" * (MAX_FILE_BYTES - len(body)))
    assert problems == [] and isinstance(node, yaml.MappingNode)
    with pytest.raises(ConfigError, match=r"book\.yaml: larger than 1 MB; expected a YAML "
                                          r"file of a few KB$"):
        _compose(tmp_path, body + "#" * (MAX_FILE_BYTES + 1 - len(body)))


def test_bytes_that_are_not_utf8_are_named_without_quoting_them(tmp_path):
    with pytest.raises(ConfigError, match=r"book\.yaml.*not UTF-8") as caught:
        _compose(tmp_path, b"title: x\n\x80\x81\n")
    assert "\x80" not in str(caught.value)


def test_an_unreadable_path_is_named(tmp_path):
    problems: list = []
    with pytest.raises(ConfigError, match=r": cannot read: "):
        compose(tmp_path, "", problems)  # a folder
