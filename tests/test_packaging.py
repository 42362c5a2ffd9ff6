"""What an install promises: numba required but optional at run time (the pure-Python
kernels when it cannot be imported, a one-line error when it is asked for), the commands
that set up a book (init, templates), and the metadata README and pyproject.toml agree on.
Black boxes where a user would see it: the CLI in a subprocess."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bookgen.book import shipped
from bookgen.book.config import load_config
from bookgen.book.project import template_rows
from bookgen.cli import main

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"


def bookgen(*args: str | Path, cwd: Path, env: dict[str, str] | None = None
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120, env=env)


@pytest.fixture
def no_numba(tmp_path, monkeypatch) -> dict[str, str]:
    """An environment in which `import numba` fails, as on a platform without its wheels."""
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text("import sys\nsys.modules['numba'] = None\n")
    import os

    env = {k: v for k, v in os.environ.items() if k != "BOOKGEN_BACKEND"}
    return {**env, "PYTHONPATH": str(hide)}


def test_without_numba_the_pure_python_kernels_solve(tmp_path, no_numba):
    out = bookgen("solve", PUZZLE, cwd=tmp_path, env=no_numba)
    assert out.returncode == 0, out.stderr
    assert out.stdout == ("14568732926731945839824516757412389661945827382379651445693278178156"
                          "4932932871645\n")
    probe = subprocess.run([sys.executable, "-c", "import bookgen.engine.kernels as k; "
                            "print(k.get_backend().name)"], env=no_numba, cwd=tmp_path,
                           capture_output=True, text=True, timeout=60)
    assert probe.stdout == "python\n"


@pytest.mark.parametrize("how", ["env", "option"])
def test_asking_for_numba_without_it_is_one_line_and_exit_1(tmp_path, no_numba, how):
    if how == "env":
        out = bookgen("solve", PUZZLE, cwd=tmp_path, env={**no_numba, "BOOKGEN_BACKEND": "numba"})
        who = "BOOKGEN_BACKEND"
    else:
        out = bookgen("generate", "-n", "1", "--backend", "numba", "--quiet", cwd=tmp_path,
                      env=no_numba)
        who = "backend"
    assert out.returncode == 1
    assert out.stdout == ""
    [line] = out.stderr.splitlines()
    assert line.startswith(f"error: {who}=numba: numba cannot be imported (")
    assert line.endswith("); install it (pip install numba) or use the pure-Python kernels: "
                         "BOOKGEN_BACKEND=python")


def test_readme_and_pyproject_agree_on_numba_and_reportlab():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    deps = re.search(r"^dependencies = \[(.*?)^\]", pyproject, re.S | re.M)
    assert deps and '"numba>=' in deps[1] and '"reportlab==' in deps[1]
    dev = re.search(r"^dev = \[(.*?)^\]", pyproject, re.S | re.M)
    test = re.search(r"^test = \[(.*?)^\]", pyproject, re.S | re.M)
    assert dev and test
    for tool in ("ruff", "mypy"):
        assert f'"{tool}' in dev[1] and f'"{tool}' not in test[1]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "numba is required" in readme
    assert "reportlab is pinned" in readme
    assert "[docs/config.md](docs/config.md)" in readme


# ---------------------------------------------------------------- init


def test_init_writes_a_starter_that_builds_and_never_overwrites(tmp_path):
    out = bookgen("init", "new", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    config = tmp_path / "new" / "book.yaml"
    assert out.stdout.startswith(f"wrote new/book.yaml (and {shipped.CONFIG_SCHEMA}")
    text = config.read_text(encoding="utf-8")
    assert text == (ROOT / "bookgen" / "examples" / "starter.yaml").read_text(encoding="utf-8")
    cfg = load_config(config)
    assert [s.count for s in cfg.sections] == [4, 4, 4]
    config.write_text(text + "# my own edits\n", encoding="utf-8")
    again = bookgen("init", "new", cwd=tmp_path)
    assert again.returncode == 1
    assert again.stderr == ("error: new/book.yaml: exists; init never overwrites a config: "
                            "name another folder, or move the file away\n")
    assert config.read_text(encoding="utf-8").endswith("# my own edits\n")
    assert sorted(p.name for p in config.parent.iterdir()) == ["book.yaml", shipped.CONFIG_SCHEMA]


def test_init_into_a_file_is_refused(tmp_path):
    (tmp_path / "taken").write_text("x")
    out = bookgen("init", "taken", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (1, "error: taken: exists and is not a folder\n")


def test_init_an_example_book(tmp_path, capsys):
    assert main(["init", str(tmp_path / "ex"), "--example", "classic-100"]) == 0
    assert load_config(tmp_path / "ex" / "book.yaml").title == "Classic Sudoku"
    with pytest.raises(SystemExit) as e:
        main(["init", str(tmp_path / "ex2"), "--example", "nope"])
    assert e.value.code == 1
    assert "invalid choice: 'nope'" in capsys.readouterr().err


STARTER_KEYS = ("title", "subtitle", "author", "copyright", "seed", "workers", "template",
                "layout", "print", "platform", "paper", "bleed", "recto_starts", "front",
                "title_page", "how_to_play", "contents", "sections", "name", "count", "size",
                "difficulty", "symmetry", "clues", "minimal", "improve", "evaluations",
                "objective", "puzzles_per_page", "answers_per_page", "margins", "cover",
                "blurb", "accent", "front_puzzle", "back_puzzle", "band")


def test_the_starter_shows_every_common_key_given_or_commented():
    text = (ROOT / "bookgen" / "examples" / "starter.yaml").read_text(encoding="utf-8")
    written = set(re.findall(r"^[#\s-]*([a-z_]+):", text, re.M))
    written |= set(re.findall(r"[{,]\s*([a-z_]+):", text))
    assert set(STARTER_KEYS) <= written, set(STARTER_KEYS) - written


# ---------------------------------------------------------------- templates


def test_templates_lists_each_shipped_template_as_its_file_says(tmp_path):
    out = bookgen("templates", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["template", "page", "puzzles/page", "answers/page", "platform"]
    files = sorted((ROOT / "bookgen" / "templates").glob("*.yaml"))
    assert len(lines) == 1 + len(files)
    for line, path in zip(lines[1:], files, strict=True):
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        cells = line.split()
        assert cells[0] == path.stem
        assert str(raw["puzzles_per_page"]) in cells
        assert str(raw["answers_per_page"]) in cells
        assert cells[-1] == raw["print"]["platform"]
        assert ("large print" in line) == raw["large_print"]


def test_template_rows_give_the_page_in_inches():
    rows = {name: page for name, page, *_ in template_rows()}
    assert rows["letter-4up"] == "8.5 x 11 in"
    assert rows["kdp-6x9-2up"] == "6 x 9 in"
