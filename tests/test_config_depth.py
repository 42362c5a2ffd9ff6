"""The nesting limit counts levels the same after closed siblings: a list closed inside a
mapping gives back exactly its one level, so a later sibling's nesting is limited as if
the closed one had never been there."""

from __future__ import annotations

from pathlib import Path

import yaml

from bookgen.book.config.reader import MAX_DEPTH, compose


def _compose(tmp_path: Path, text: str) -> tuple[yaml.Node | None, list]:
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    problems: list = []
    node, _ = compose(path, "", problems)
    return node, problems


def _under_closed_siblings(levels: int) -> str:
    """Top mapping (1) > mapping `a` (2) > closed lists [[1]], then `z` nests `levels`."""
    return "a:\n  x: [[1]]\n  y: [2]\n  z: " + "[" * levels + "]" * levels + "\n"


def test_a_sibling_after_closed_lists_may_nest_to_the_limit(tmp_path):
    node, problems = _compose(tmp_path, _under_closed_siblings(MAX_DEPTH - 2))
    assert problems == [] and isinstance(node, yaml.MappingNode)


def test_a_sibling_after_closed_lists_is_refused_one_level_past_the_limit(tmp_path):
    node, problems = _compose(tmp_path, _under_closed_siblings(MAX_DEPTH - 1))
    assert node is None
    assert problems == [("", 4, f"(top): invalid YAML: nested deeper than {MAX_DEPTH} "
                                "levels (line 4)")]
