"""The README's code blocks run as written: every ```python block, and every line of a
```sh block whose commands are all cheap bookgen commands (init, templates and the puzzle
verbs; no build, cover, bench, bank, installs or test runs), from a copy of the
repository's layout with the puzzle data beside it. The outputs a block names in its
comments are checked too."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA_DIR, missing_data
from exact_cover import count_exact

from bookgen.core.grid import parse

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CHEAP = {"init", "templates", "schema", "validate", "rate", "solve", "hints", "explain", "create",
         "generate", "improve"}
"""The commands a README line may use to be run here (all of a pipeline's)."""


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", README, re.S)


def cheap_lines() -> list[str]:
    out = []
    for block in blocks("sh"):
        for line in block.splitlines():
            commands = [shlex.split(part, comments=True) for part in line.split(" | ")]
            # a --cluster line names a scheduler on other machines: never contacted here
            if "--cluster" not in line and all(
                    c and c[0] == "bookgen" and len(c) > 1 and c[1] in CHEAP for c in commands):
                out.append(line)
    return out


def test_the_readme_has_blocks_to_run():
    assert len(blocks("python")) >= 1
    assert len(cheap_lines()) >= 8
    assert not re.search(r"^    (bookgen|import|pip) ", README, re.M), "indented code block"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A folder like the repository's root: configs, templates and output, with the
    puzzle data at ../shared/data."""
    if not DATA_DIR.is_dir():
        missing_data(f"puzzle data folder {DATA_DIR}")
    repo = tmp_path / "repo"
    repo.mkdir()
    for name in ("configs", "templates"):
        (repo / name).symlink_to(ROOT / name)
    (repo / "output").mkdir()
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "data").symlink_to(DATA_DIR)
    return repo


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_python_block_runs_and_prints_what_it_says(index, workspace, monkeypatch):
    block = blocks("python")[index]
    monkeypatch.chdir(workspace)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, f"README.md python block {index + 1}", "exec"), {})
    lines = printed.getvalue().splitlines()
    said = [line.split("# ", 1)[1].strip() for line in block.splitlines()
            if line.startswith("print(") and "# " in line]
    assert len(lines) == len(said)
    for got, expected in zip(lines, said, strict=True):
        # a comment shows the start of the line, '...' where it leaves something out
        for part in expected.split("..."):
            assert part.strip().strip(",") in got, (expected, got)


@pytest.mark.slow
def test_cheap_shell_lines_run(workspace):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    for line in cheap_lines():
        done = subprocess.run(["bash", "-o", "pipefail", "-c", line], cwd=workspace, env=env,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (line, done.stderr)
        assert "Traceback" not in done.stderr
    made = (workspace / "output" / "puzzles.txt").read_text().splitlines()
    assert len(made) == 20
    for line in made[::4]:
        values, geo = parse(line)
        assert count_exact(values, geo) == 1
        assert 24 <= sum(1 for v in values if v) <= 30
    assert len((workspace / "output" / "top95-solutions.jsonl").read_text().splitlines()) == 95
