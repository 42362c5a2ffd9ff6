"""The light commands load only what they need. `bookgen --version` loads no command, no
kernel and no numpy; `bookgen solve PUZZLE` loads no numpy either (its plain-Python
search solves one or two puzzles given as text), `bookgen solve FILE` loads numpy and the
kernels' ahead-of-time module, and neither loads numba, yaml, reportlab, tqdm, the grader,
the generators or the book.
Which modules a command has loaded when it ends is checked, never how long it takes. The
parser main builds for one command parses as the whole parser does."""

from __future__ import annotations

import ast
import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SMALL_PUZZLES
from exact_cover import solutions_exact

import bookgen
from bookgen.cli import app
from bookgen.cli.cmd_solve import PLAIN_PUZZLES
from bookgen.core.grid import format_line, parse
from bookgen.engine.kernels import aot

PUZZLE = SMALL_PUZZLES[9][0]

HEAVY = ("numba", "yaml", "reportlab", "tqdm", "fontTools", "importlib.metadata",
         "bookgen.api", "bookgen.book", "bookgen.grade", "bookgen.make", "bookgen.render",
         "bookgen.core.model", "bookgen.engine.trace")
"""Packages (and their submodules) neither light command may load."""


def loaded(*argv: str) -> tuple[set[str], str]:
    """The modules `bookgen ARGV` has imported when it ends (its entry point run as the
    script runs it; the default backend: numba, served by the ahead-of-time module), and
    its standard output."""
    code = ("import sys\n"
            f"sys.argv = ['bookgen', *{list(argv)!r}]\n"
            "from bookgen.__main__ import run\n"
            "try:\n    code = run()\nexcept SystemExit as e:\n    code = e.code\n"
            "print(repr((code, sorted(sys.modules))), file=sys.stderr)\n")
    env = {k: v for k, v in os.environ.items() if k != "BOOKGEN_BACKEND"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=300)
    status, names = ast.literal_eval(run.stderr.splitlines()[-1])
    assert status in (0, None), run.stderr[-2000:]
    assert "bookgen.cli.app" in names
    return set(names), run.stdout


def heavy(names: set[str]) -> list[str]:
    return sorted(n for n in names if any(n == h or n.startswith(h + ".") for h in HEAVY))


def test_version_loads_no_command_no_kernel_and_no_numpy() -> None:
    names, out = loaded("--version")
    assert out == f"bookgen {bookgen.__version__}\n"
    assert heavy(names) == []
    assert not [n for n in names if n.split(".")[0] == "numpy" or n.startswith(
        ("bookgen.engine", "bookgen.cli.cmd_", "bookgen_kernels_"))]


def _numpy(names: set[str]) -> list[str]:
    return [n for n in names if n.split(".")[0] == "numpy" or n.startswith("bookgen_kernels_")]


def test_solve_of_a_puzzle_loads_no_numpy_and_nothing_heavy() -> None:
    names, out = loaded("solve", PUZZLE)
    values, geo = parse(PUZZLE)
    assert out == format_line(solutions_exact(values, geo, 1)[0], geo) + "\n"
    assert heavy(names) == []
    assert _numpy(names) == []
    assert "bookgen.engine.kernels.reference" in names
    assert [n for n in names if n.startswith("bookgen.cli.cmd_")] == ["bookgen.cli.cmd_solve"]


@pytest.mark.parametrize("how", ["file", "more puzzles", "numba asked"])
def test_solve_of_a_file_loads_the_ahead_of_time_module_and_nothing_heavy(
        tmp_path: Path, how: str) -> None:
    assert aot.load() or aot.build(), f"the module could not be built: {aot.failed()}"
    path = tmp_path / "one.txt"
    path.write_text(PUZZLE + "\n")
    argv = {"file": [str(path)], "numba asked": [PUZZLE, "--backend", "numba"],
            "more puzzles": ["\n".join([PUZZLE] * (PLAIN_PUZZLES + 1))]}[how]
    names, out = loaded("solve", *argv)
    values, geo = parse(PUZZLE)
    assert out.splitlines()[0] == format_line(solutions_exact(values, geo, 1)[0], geo)
    # puzzles given as text that the plain search does not take are solved one by one
    # (engine.trace.solve)
    assert heavy(names) == ([] if how == "file" else ["bookgen.engine.trace"])
    assert "numpy" in names
    assert [n for n in names if n.startswith("bookgen_kernels_")]
    assert [n for n in names if n.startswith("bookgen.cli.cmd_")] == ["bookgen.cli.cmd_solve"]


def test_importing_bookgen_loads_only_the_package() -> None:
    code = ("import sys, bookgen\n"
            "print(sorted(m for m in sys.modules if m.startswith('bookgen')))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert run.stdout.strip() == "['bookgen', 'bookgen.launch']"


def test_the_command_line_keeps_blas_to_one_thread_unless_told() -> None:
    code = ("import os, sys\nsys.argv = ['bookgen', '--version']\n"
            "from bookgen.__main__ import run\n"
            "try:\n    run()\nexcept SystemExit:\n    pass\n"
            "print(os.environ.get('OPENBLAS_NUM_THREADS'), os.environ.get('MKL_NUM_THREADS'))")
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120, env={**env, "MKL_NUM_THREADS": "3"})
    assert run.stdout.splitlines()[-1] == "1 3"


def _outcome(parser_of: str, argv: list[str]) -> tuple[object, str, str]:
    """What parsing argv gives (the namespace, or the exit code) and prints, with the parser
    main builds for it ('needed') or the whole one."""
    parser = app.build_parser(app._needed(argv)) if parser_of == "needed" else app.build_parser()
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(parser.parse_args(argv))
        except SystemExit as e:
            result = e.code
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", [
    ["--version"], ["--vers"], ["--version", "nosuch"], [], ["-h"], ["--he"], ["nosuch"],
    ["-"], ["solve", PUZZLE, "--format", "grid"], ["solve"], ["solve", "-h"],
    ["solve", PUZZLE, "--nosuch"], ["generate", "-n", "3"], ["--nosuch", "solve", PUZZLE],
    ["bank", "stats", "-h"], ["-1", "solve"], ["--", "solve", PUZZLE],
], ids=str)
def test_the_parser_of_one_command_parses_as_the_whole_one(argv: list[str]) -> None:
    needed = _outcome("needed", argv)
    assert needed == _outcome("whole", argv)
    assert needed[0] is not None  # a namespace, or an exit code


def test_needed_builds_one_command_or_none() -> None:
    assert list(app._needed(["solve", PUZZLE])) == ["solve"]
    assert list(app._needed(["--version"])) == []
    assert list(app._needed(["-h"])) == list(app.COMMANDS)
