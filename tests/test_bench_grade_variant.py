"""`bookgen bench grade --variant K`: a dataset of one kind's puzzles against Sukaku
Explainer's ratings of that kind (serate --isAsterisk=1), through the command line."""

import subprocess
import sys
from pathlib import Path

from conftest import SMALL_PUZZLES

SPEC_GOLDEN = SMALL_PUZZLES[9][0]
"""A classic puzzle with one solution."""

# asterisk puzzles made by `bookgen generate --variant asterisk`, each with the rating
# serate --isAsterisk=1 gives it (default techniques)
RATED = (
    "..9.6.82.3....2....4..81...46.8.5.......7..4....6.3..857.93..1.62....7.993.4..... 1.2\n"
    "..9......4...5..7..6.4....5.....274...6.....1..........3...169.8945......1...9... 4.3\n"
)


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", "bench", *args],
                          capture_output=True, text=True, timeout=120)


def test_a_kinds_dataset_is_graded_as_that_kind(tmp_path: Path) -> None:
    data = tmp_path / "asterisk.txt"
    data.write_text(RATED)
    done = _bench("grade", "--dataset", str(data), "--variant", "asterisk")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"dataset {data}, asterisk puzzles\n")
    assert "exact: 2/2 = 100.0%" in done.stdout
    assert "wrong deductions (checked against the solution): 0" in done.stdout
    # read as classic puzzles, without the asterisk's unit, neither has one solution: SE
    # rates neither, and neither is graded (grading them took 20 s)
    classic = _bench("grade", "--dataset", str(data))
    assert classic.returncode == 1
    assert classic.stderr == (f"error: {data}: none of its 2 puzzles has one solution as "
                              "classic puzzles: nothing to grade\n")


def test_puzzles_without_one_solution_are_left_out_and_counted(tmp_path: Path) -> None:
    data = tmp_path / "mixed.txt"
    data.write_text(RATED.splitlines()[0] + "\n" + SPEC_GOLDEN + " 2.0\n")
    done = _bench("grade", "--dataset", str(data))
    assert done.returncode == 0, done.stderr
    assert "puzzles: 1 (and 1 left out: no solution or several)\n" in done.stdout


def test_variant_is_refused_where_a_bench_does_not_read_it() -> None:
    done = _bench("solve", "--variant", "asterisk")
    assert done.returncode == 1
    assert done.stderr == ("error: --variant does not apply to bench solve (only to "
                           "grade)\n")
