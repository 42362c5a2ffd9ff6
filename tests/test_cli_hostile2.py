"""The puzzle commands under more hostile input, as a black box: standard input or output
closed at start, devices and named pipes given as the file of puzzles, and killer puzzles
in a file with others or given to a command that does not read them. Each ends with one
`error: ...` line naming what and where, exit code 1, no traceback and no hang (the runs
have blackbox.HOSTILE as their time limit); a pipe is read as a file is.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from blackbox import HOSTILE, bookgen
from conftest import SMALL_PUZZLES

GOLDEN = SMALL_PUZZLES[9][0]


def errors(stderr: str) -> list[str]:
    """The stderr lines, each checked to be an error."""
    lines = stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), stderr
    assert "Traceback" not in stderr
    return lines


def closed(fd: int, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """`python -m bookgen *args` started with file descriptor fd closed ('<&-', '>&-'):
    blackbox.bookgen always gives the child its pipes."""
    def close() -> None:
        os.close(fd)

    done = subprocess.run(
        [sys.executable, "-m", "bookgen", *map(str, args)],
        stdout=None if fd == 1 else subprocess.PIPE, stderr=subprocess.PIPE,
        timeout=HOSTILE, preexec_fn=close,
        env={**os.environ, "BOOKGEN_BACKEND": "python"}, text=True)
    return done


def test_closed_standard_input_is_named():
    done = closed(0, "rate", "-", "--no-grade")
    assert done.returncode == 1
    assert errors(done.stderr) == ["error: stdin: cannot read: standard input is closed"]


@pytest.mark.parametrize("args", [("rate", GOLDEN, "--no-grade"), ("generate", "-n", "1")])
def test_closed_standard_output_is_named(args):
    done = closed(1, *args)
    assert done.returncode == 1
    assert errors(done.stderr) == ["error: cannot write to standard output: it is closed"]


def test_closed_standard_output_does_not_stop_a_command_writing_a_file(tmp_path):
    out = tmp_path / "made.txt"
    done = closed(1, "generate", "-n", "1", "-q", "-o", out)
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == 1


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("as_stdin", [False, True])
@pytest.mark.parametrize("verb", [("solve",), ("bank", "import", "b.db")])
def test_an_endless_device_is_refused_not_read(tmp_path, device, as_stdin, verb):
    if as_stdin:
        with open(device, "rb") as stream:
            done = subprocess.run(
                [sys.executable, "-m", "bookgen", *verb, "-"], stdin=stream, cwd=tmp_path,
                capture_output=True, text=True, timeout=HOSTILE,
                env={**os.environ, "BOOKGEN_BACKEND": "python"})
    else:
        done = bookgen(*verb, device, cwd=tmp_path, timeout=HOSTILE)
    assert done.returncode == 1
    name = "stdin" if as_stdin else device
    assert errors(done.stderr) == [f"error: {name}: is a device, not a file of puzzles"]
    assert list(tmp_path.iterdir()) == []


def test_the_null_device_is_an_empty_file():
    done = bookgen("rate", os.devnull, timeout=HOSTILE)
    assert done.returncode == 1
    assert errors(done.stderr) == [f"error: {os.devnull}: no puzzle found"]


@pytest.mark.parametrize("verb", ["rate", "solve", "create"])
def test_a_named_pipe_is_read_as_a_file(tmp_path, verb):
    # what `bookgen rate <(grep ... puzzles.txt)` gives; read once, though every verb
    # looks for killer puzzles before it reads the others
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)

    def feed() -> None:
        with open(pipe, "w") as f:
            f.write(GOLDEN + "\n")

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    done = bookgen(verb, pipe, "--format", "json", timeout=HOSTILE)
    writer.join(HOSTILE)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["puzzle"] == GOLDEN


@pytest.fixture(scope="module")
def killer_lines(tmp_path_factory) -> tuple[str, str]:
    """A killer puzzle as a record and as its three text lines."""
    record = bookgen("generate", "-n", "1", "--variant", "killer", "--format", "json")
    text = bookgen("generate", "-n", "1", "--variant", "killer")
    assert record.returncode == text.returncode == 0, record.stderr + text.stderr
    return record.stdout, text.stdout.split("#")[0].rstrip() + "\n"


@pytest.mark.parametrize("form, classic, what", [
    (0, json.dumps({"puzzle": GOLDEN, "variant": "classic"}), "a record without cages "
     "among killer puzzles: killer puzzles are read apart from the others: give each kind "
     "in a file of its own"),
    (1, GOLDEN, "expected a killer puzzle: a line of 81 cage labels"),
])
def test_a_classic_puzzle_among_killer_ones_is_named_and_the_killer_kept(
    tmp_path, killer_lines, form, classic, what,
):
    path = tmp_path / "mixed.txt"
    path.write_text(classic + "\n" + killer_lines[form])
    done = bookgen("solve", path, "--format", "json", timeout=HOSTILE)
    assert done.returncode == 1
    said = errors(done.stderr)
    assert len(said) == 1 and said[0].startswith(f"error: {path}: line 1: {what}")
    assert json.loads(done.stdout)["variant"] == "killer"


@pytest.mark.parametrize("verb, extra", [("create", ()), ("improve", ("--evaluations", "3"))])
@pytest.mark.parametrize("form", [0, 1])
def test_a_verb_that_reads_no_killer_puzzles_says_so(tmp_path, killer_lines, verb, extra, form):
    path = tmp_path / "killer.txt"
    path.write_text(killer_lines[form])
    done = bookgen(verb, path, *extra, timeout=HOSTILE)
    assert done.returncode == 1 and not done.stdout
    assert errors(done.stderr) == [f"error: {path}: holds killer puzzles, which are read by "
                                   "rate, solve, hints and explain (and made by generate), "
                                   "not by this command"]


@pytest.mark.parametrize("budget", ["0", "-4", "x"])
def test_a_budget_of_no_evaluations_is_named_as_its_option(budget):
    done = bookgen("improve", GOLDEN, "--evaluations", budget, timeout=HOSTILE)
    assert done.returncode == 1
    assert errors(done.stderr.splitlines()[-1]) == [
        f"error: bookgen improve: argument --evaluations: expected a positive whole number, "
        f"got {budget!r}"]


def test_a_full_grid_is_rated_without_an_empty_hardest_step():
    full = bookgen("solve", GOLDEN).stdout.strip()
    done = bookgen("rate", full, timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert "  clues 81  grade 1.0 easy  " in done.stdout and "()" not in done.stdout


@pytest.mark.parametrize("args, message", [
    (("variants", "--kinds", "nope"), "--kinds does not apply to bench variants (only to bands)"),
    (("generate", "-n", "1", "--size", "7"), "--size does not apply to bench generate (only to "
     "bands)"),
    (("solve", "--dataset", "p.txt", "--evaluations", "5"), "--evaluations does not apply to "
     "bench solve (only to improve)"),
    (("layout", "--dataset", "p.txt", "--workers", "2"), "--workers does not apply to bench "
     "layout (only to cli, generate, build, improve, mine)"),
    (("improve", "--grids", "0"), "bookgen bench: argument --grids: expected a positive whole "
     "number, got '0'"),
    (("build", "--rounds", "2"), "--rounds does not apply to bench build (only to generate)"),
    (("generate", "--rounds", "0"), "bookgen bench: argument --rounds: expected a positive "
     "whole number, got '0'"),
    (("solve", "--dataset", "p.txt", "--limit", "-1"), "bookgen bench: argument --limit: "
     "expected a positive whole number, got '-1'"),
    (("bands", "--size", "10"), "bookgen bench: argument --size: invalid choice: 10"),
    (("bands", "--size", "5", "--kinds", "classic"), "--size 5: none of the kinds measured "
     "has 5x5 grids"),
    (("bands", "--bands", "nope"), "--bands 'nope': expected one of easy, medium, hard, "
     "expert, extreme"),
    (("solve", "--dataset", "."), ".: is a folder; expected a dataset file of puzzles"),
    (("grade", "--dataset", "/dev/zero"), "/dev/zero: is not a regular file; expected a "
     "dataset file of puzzles"),
    (("cli", "--dataset", "/dev/zero"), "/dev/zero: is not a regular file; expected a dataset "
     "file of puzzles"),
])
def test_a_bench_option_that_would_be_ignored_or_misread_is_named(tmp_path, args, message):
    (tmp_path / "p.txt").write_text(GOLDEN + "\n")
    done = bookgen("bench", *args, cwd=tmp_path, timeout=HOSTILE)
    assert done.returncode == 1 and not done.stdout
    assert errors(done.stderr.splitlines()[-1])[0].startswith(f"error: {message}")


JIGSAW = ("....6.2..87.......4.........5.2.31........918.....97...........9..6....2......6..  # "
          "solution 315764289872496531496158327659283174567342918143829765724531896938617452"
          "281975643\n"
          "111223333111423353141422353641442255644422555666677885697778885697777988699999988"
          "  # regions\n")
"""A jigsaw puzzle as generate writes it: its line, then its region line."""


@pytest.mark.parametrize("verb", ["rate", "solve", "hints", "create"])
def test_jigsaw_lines_read_without_their_variant_say_so_once(verb):
    done = bookgen(verb, "-", stdin="# made by generate\n" + JIGSAW, timeout=HOSTILE)
    assert done.returncode == 1 and not done.stdout
    assert errors(done.stderr) == ["error: stdin: line 3: a jigsaw region line ('# regions'): "
                                   "jigsaw puzzles are read with --variant jigsaw"]
    read = bookgen(verb, "-", "--variant", "jigsaw", stdin=JIGSAW, timeout=HOSTILE)
    assert read.returncode == 0 and read.stdout, read.stderr


@pytest.mark.parametrize("verb", ["solve", "generate"])
def test_output_to_dev_stdout_reaches_a_pipe(verb):
    # /dev/stdout of a pipe resolves to a name like /proc/1/fd/pipe:[5], which no file has
    args = ("-n", "1") if verb == "generate" else (GOLDEN,)
    done = bookgen(verb, *args, "-q", "-o", "/dev/stdout", timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 1 and len(done.stdout.split()[0]) == 81


@pytest.mark.parametrize("args", [("rate", GOLDEN, "--no-grade"), ("generate", "-n", "1")])
def test_an_output_name_ending_in_a_slash_is_a_folder_not_a_file(tmp_path, args):
    done = bookgen(*args, "-o", "made/", cwd=tmp_path, timeout=HOSTILE)
    assert done.returncode == 1 and not done.stdout
    assert errors(done.stderr) == ["error: made/: names a folder (it ends in '/'); expected a "
                                   "file name"]
    assert list(tmp_path.iterdir()) == []


def test_a_killer_puzzle_without_its_cage_map_counts_its_one_label_right():
    # the givens line is read as a cage map of one label, '.'
    done = bookgen("solve", "-", stdin="." * 81 + "\n" + " ".join(["15"] * 27) + "\n",
                   timeout=HOSTILE)
    assert done.returncode == 1
    assert errors(done.stderr) == ["error: stdin: line 2: cage sums: 27 numbers for 1 cage (one "
                                   "per label, in the order the labels first appear)"]


@pytest.mark.slow
def test_sigterm_stops_a_slow_16x16_generate_at_once():
    # near the fewest clues a 16x16 try takes a fraction of a second and most fail: a run
    # of max_tries once sat in one compiled call for over a minute, deaf to signals
    pytest.importorskip("numba")
    env = dict(os.environ, BOOKGEN_BACKEND="numba")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bookgen", "generate", "--size", "16", "--clues", "56", "-n",
         "1", "--workers", "1", "-q"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        proc.wait(timeout=8)  # past start-up and the kernels' loading, into the tries
        pytest.fail("the run ended before it could be stopped")
    except subprocess.TimeoutExpired:
        pass
    proc.terminate()
    # a try is well under a second: the stop comes within a few, not after 200
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 143 and out == ""
    assert err == "interrupted: wrote 0 of 1 puzzles\n"



def test_a_signal_wrapped_by_a_compiled_kernel_is_still_an_interruption():
    # numba's dispatcher reports an exception its signal-time callback raised as a chain
    # of SystemErrors (seen when SIGTERM stopped the grader's nested chain search)
    from bookgen.cli.signals import Interrupted, interruption

    try:
        try:
            raise Interrupted(15)
        except Interrupted as stop:
            raise SystemError("returned a result with an exception set") from stop
    except SystemError as wrapped:
        found = interruption(wrapped)
    assert isinstance(found, Interrupted) and found.signum == 15
    assert interruption(SystemError("a real one")) is None
