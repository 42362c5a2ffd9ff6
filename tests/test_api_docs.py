"""The whole-job Python API (bookgen.generate, bookgen.build): the examples of docs/api.md
run as written, and what they promise checked against the independent solver, the
grader and the command line."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from blackbox import bookgen as run
from exact_cover import count_exact
from shapes import count_killer

import bookgen
from bookgen.core.errors import ConfigError, OutputError

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_examples():
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("k", range(len(BLOCKS)))
def test_doc_example_runs(k: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(BLOCKS[k], f"{DOC.name} example {k + 1}", "exec"), {})
    capsys.readouterr()


def test_generated_puzzles_are_unique_graded_and_repeatable():
    made = bookgen.generate(3, size=6, difficulty="medium", seed=11)
    again = bookgen.generate(3, size=6, difficulty="medium", seed=11, workers=2)
    assert [p.givens for p in made] == [p.givens for p in again]
    for p in made:
        values, geo = bookgen.parse(p.line)
        assert count_exact(values, geo) == 1
        assert all(v in (0, s) for v, s in zip(p.givens, p.solution, strict=True))
        graded = bookgen.grade(values, geo)
        assert graded.grade == pytest.approx(p.grade) and graded.band is p.band
        assert p.as_dict()["givens"] == p.line and p.as_dict()["grade"] == p.grade


def test_generated_killer_is_unique_by_its_cages():
    (p,) = bookgen.generate(1, variant="killer", difficulty="easy", seed=4)
    cages = [(cage.total, cage.cells) for cage in p.cages]
    assert count_killer(p.givens, cages) == [list(p.solution)]


def test_a_mapping_error_names_the_key_without_lines():
    with pytest.raises(ConfigError) as e:
        bookgen.generate(2, difficulty="eazy")
    text = str(e.value)
    assert "sections[0].difficulty: unknown band 'eazy'; did you mean 'easy'?" in text
    assert "(line" not in text and "bookgen-" not in text
    with pytest.raises(ConfigError, match="expected a mapping of YAML values"):
        bookgen.build({"title": object(), "sections": []}, "never")


def test_a_built_mapping_keeps_its_config_and_rebuilds_from_it(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    config = {"title": "Kept", "seed": 2,
              "sections": [{"size": 4, "count": 2, "difficulty": "easy"}]}
    paths = bookgen.build(config, "book")
    assert all(p.exists() for p in paths)
    manifest = json.loads((tmp_path / "book" / "manifest.json").read_text())
    assert manifest["config_path"] == "config.yaml"
    first = (tmp_path / "book" / "book.pdf").read_bytes()
    # the command line rebuilds the same book from the kept config, in place
    done = run("build", "-q", "book/config.yaml", "-o", "book", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "book" / "book.pdf").read_bytes() == first
    # the API builds again over its own book; another config's book needs force
    bookgen.build(config, "book")
    bookgen.build(dict(config, seed=3), "other")
    kept = os.fspath(tmp_path / "book" / "config.yaml")
    with pytest.raises(OutputError, match="holds the book built from"):
        bookgen.build(kept, "other")
    assert bookgen.build(kept, "other", force=True)[0].read_bytes() == first


def test_relative_paths_of_a_mapping_are_taken_from_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    bookgen.build({"title": "T", "bank": "puzzles.db",
                   "sections": [{"size": 6, "count": 2, "difficulty": "easy"}]}, "out")
    assert (tmp_path / "puzzles.db").is_file()
    assert not (tmp_path / "out" / "puzzles.db").exists()
