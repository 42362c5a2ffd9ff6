"""`bookgen validate` as a black box: output, exit codes, and no traceback on bad configs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def validate(path: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bookgen", "validate", str(path)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )


def test_validate_a_shipped_config():
    out = validate("configs/quick.yaml")
    assert out.returncode == 0, out.stderr
    ok, estimate = out.stdout.splitlines()
    assert ok == "ok: Quick Sudoku: 3 sections, 12 puzzles, template letter-4up"
    assert estimate.startswith("estimate: ")
    assert out.stderr == ""


@pytest.mark.parametrize(
    "text, lines",
    [
        (
            "title: Book\ntemplate: leter-4up\nsections:\n  - name: A\n    cuont: 3\n"
            "    difficulty: easy\n",
            [
                "error: {path}: 2 problems:",
                "  template: no template 'leter-4up'; did you mean 'letter-4up'? available: "
                "a4-4up, a5-2up, kdp-6x9-2up, kdp-8.5x11-1up, letter-4up, letter-large-print "
                "(line 2)",
                "  sections[0].cuont: unknown key; did you mean 'count'? (line 5)",
            ],
        ),
        (
            "title: Book\nsections:\n  - {name: A, count: 2, difficulty: easy, size: 4,\n"
            "     symmetry: rotational, clues: 20}\n",
            [
                "error: {path}: 1 problem:",
                "  sections[0].clues: expected at most 15 clues on a 4x4 grid (16 cells), got 20 "
                "(line 4)",
            ],
        ),
        ("title: [unclosed\n", ["error: {path}: 1 problem:",
                                "  (top): invalid YAML: expected ',' or ']', but got "
                                "'<stream end>' (line 2)"]),
        (
            "title: Book\nsections:\n  - name: A\n    count: 2\n    difficulty: hard\n"
            "    improve: {seconds: 0}\n",
            [
                "error: {path}: 1 problem:",
                "  sections[0].improve.seconds: expected a positive number, got 0 (line 6)",
            ],
        ),
        (
            "title: Book\nsections:\n  - name: A\n    count: 2\n"
            "    difficulty: {grade: [-2, 3]}\n  - name: B\n    count: 2\n"
            "    difficulty: {way_complexity: [-9, -1]}\n",
            [
                "error: {path}: 2 problems:",
                "  sections[0].difficulty.grade: expected a range [lo, hi] or one number, "
                "each >= 0, got [-2, 3] (line 5)",
                "  sections[1].difficulty.way_complexity: expected a range [lo, hi] or one "
                "number, each >= 0, got [-9, -1] (line 8)",
            ],
        ),
    ],
    ids=["two problems", "impossible clues", "yaml syntax", "zero seconds", "negative ranges"],
)
def test_validate_a_wrong_config(tmp_path, text, lines):
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    out = validate(path)
    assert out.returncode == 1
    assert out.stdout == ""
    assert out.stderr.splitlines() == [line.replace("{path}", str(path)) for line in lines]


def test_validate_a_missing_file(tmp_path):
    out = validate(tmp_path / "nope.yaml")
    assert out.returncode == 1
    assert out.stderr == f"error: {tmp_path / 'nope.yaml'}: no such file\n"
    assert "Traceback" not in out.stderr
