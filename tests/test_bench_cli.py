"""`bookgen bench cli` as a black box on a small dataset: it runs every measurement and
reports both targets (speed claims come from running it, never from timed tests)."""

import subprocess
import sys

import pytest
from conftest import SMALL_PUZZLES


@pytest.mark.slow
def test_bench_cli_reports_every_measurement(tmp_path):
    data = tmp_path / "p.txt"
    data.write_text("\n".join(SMALL_PUZZLES[9][:2] * 20) + "\n")
    out = subprocess.run([sys.executable, "-m", "bookgen", "bench", "cli", "--dataset",
                          str(data), "-n", "20"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith(("bench cli: backend python,",
                                "bench cli: backend numba (kernels compiled ahead of time),"))
    for head in ("start-up: bookgen --version", "start-up: bookgen solve <one puzzle>",
                 "solve: kernels only, 40 puzzles", "solve: whole process, 40 puzzles",
                 "generate: kernels only, 20 minimal", "generate: whole process, --workers 1"):
        (row,) = [line for line in lines if line.startswith(head)]
        wall, cpu = map(float, row[len(head):].split())
        assert wall >= 0 and cpu >= 0  # 40 puzzles take the kernels well under 0.01 s
        if "bookgen" in head or "whole" in head:
            assert wall > 0 and cpu > 0
    verdicts = [line for line in lines if "target 1.5 x:" in line]
    assert len(verdicts) == 4


def test_bench_cli_needs_a_dataset():
    out = subprocess.run([sys.executable, "-m", "bookgen", "bench", "cli"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 1
    assert out.stderr == "error: bench cli needs --dataset PATH, e.g. ../shared/data/17clue.txt\n"
