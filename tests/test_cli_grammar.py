"""One CLI grammar, as a black box: shared options with one meaning, help with defaults,
JSON lines that read back, file names that are not puzzles, data on stdout and messages
on stderr, -o written whole, progress bars only on a terminal, and the first puzzle's time
without the kernels' loading. Commands run as `python -m bookgen` in a subprocess."""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from conftest import SMALL_PUZZLES
from exact_cover import count_exact, solutions_exact

from bookgen.cli import build_parser
from bookgen.core.grid import format_line, parse

GOLDEN = SMALL_PUZZLES[9][0]
SECOND = SMALL_PUZZLES[9][1]
SEVERAL = SMALL_PUZZLES[9][2]
EMPTY_4 = "." * 16
RATE_KEYS = ["puzzle", "solution", "count", "level", "maxlevel", "way_complexity", "cand_sum",
             "cand_sq", "clues", "seconds", "grade", "band", "hardest", "steps", "variant"]
PUZZLE_VERBS = ("rate", "solve", "hints", "explain", "create")


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, input=stdin, timeout=300, env=env, cwd=cwd)


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out = {}
    for name, sub in action.choices.items():
        out[name] = sub
        for inner in sub._actions:
            if isinstance(inner, argparse._SubParsersAction):
                out.update({f"{name} {k}": v for k, v in inner.choices.items()})
    return out


def _options(p: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    return {flag: a for a in p._actions for flag in a.option_strings}


# ---------------------------------------------------------------- options and help


@pytest.mark.parametrize("verb", sorted(_subparsers()))
def test_every_option_has_help_and_shows_its_default(verb):
    p = _subparsers()[verb]
    for action in p._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        assert action.help, f"{verb}: {action.dest} has no help"
        if action.option_strings and action.default is not None and action.default is not False:
            shown = p._get_formatter()._get_help_string(action)  # what --help prints
            assert "default" in shown, (verb, action.dest)


@pytest.mark.parametrize("verb", ["rate", "solve", "hints", "generate", "improve", "create",
                                  "explain"])
def test_puzzle_printing_verbs_share_output_and_quiet(verb):
    opts = _options(_subparsers()[verb])
    assert {"-o", "--output", "-q", "--quiet", "--backend"} <= set(opts)
    assert opts["-o"].metavar == "FILE"
    assert opts["--backend"].choices == ("numba", "python")


@pytest.mark.parametrize("verb", ["generate", "improve", "build", "cover", "bank fill"])
def test_workers_and_seed_mean_the_same_everywhere(verb):
    opts = _options(_subparsers()[verb])
    assert opts["--workers"].metavar == "N|auto"
    assert opts["--workers"].type is opts["--workers"].type  # one converter
    types = {_options(_subparsers()[v])["--workers"].type for v in ("generate", verb)}
    assert len(types) == 1
    assert "--seed" in opts and "-q" in opts


def test_build_keeps_its_output_folder():
    assert _options(_subparsers()["build"])["-o"].metavar == "DIR"


@pytest.mark.parametrize("value, message", [
    ("0", "argument --workers: expected 'auto' or a positive whole number, got '0'"),
    ("two", "argument --workers: expected 'auto' or a positive whole number, got 'two'"),
])
def test_bad_workers_are_one_line_and_exit_1(value, message):
    out = run("generate", "-n", "2", "--size", "4", "--workers", value)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines()[-1] == f"error: bookgen generate: {message}"


def test_workers_auto_and_a_number_give_the_same_puzzles():
    auto = run("generate", "-n", "60", "--size", "4", "--workers", "auto", "--seed", "3")
    one = run("generate", "-n", "60", "--size", "4", "--workers", "1", "--seed", "3")
    assert auto.returncode == one.returncode == 0, auto.stderr + one.stderr
    assert auto.stdout == one.stdout and len(one.stdout.splitlines()) == 60
    for line in one.stdout.splitlines()[::7]:
        values, geo = parse(line)
        assert count_exact(values, geo) == 1


def test_backend_option_gives_the_same_answers_and_names_a_bad_one(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{GOLDEN}\n{SECOND}\n")
    outs = [run("solve", str(path), "--backend", b).stdout for b in ("numba", "python")]
    assert outs[0] == outs[1] and len(outs[0].splitlines()) == 2
    env = {**os.environ, "BOOKGEN_BACKEND": "fortran"}
    # --backend wins over the environment, which is checked only when used
    assert run("solve", GOLDEN, "--backend", "python", env=env).returncode == 0
    bad = run("solve", GOLDEN, env=env)
    assert bad.returncode == 1
    assert bad.stderr == ("error: BOOKGEN_BACKEND: unknown kernel backend 'fortran': "
                          "expected one of python, numba\n")


# ---------------------------------------------------------------- JSON lines


def test_generate_json_has_exactly_the_keys_of_rate_json_and_pipes_into_rate():
    # the pure-Python kernels: the keys do not depend on them, and on a fresh checkout the
    # compiled grader would first be compiled here (most of a minute)
    env = {**os.environ, "BOOKGEN_BACKEND": "python"}
    made = run("generate", "-n", "3", "--format", "json", "--workers", "1", "--seed", "4",
               env=env)
    assert made.returncode == 0, made.stderr
    rows = [json.loads(line) for line in made.stdout.splitlines()]
    assert [list(r) for r in rows] == [RATE_KEYS] * 3
    rated = run("rate", "-", "--format", "json", stdin=made.stdout, env=env)
    assert rated.returncode == 0, rated.stderr
    again = [json.loads(line) for line in rated.stdout.splitlines()]
    assert [list(r) for r in again] == [RATE_KEYS] * 3
    no_grade = run("rate", "-", "--format", "json", "--no-grade", stdin=made.stdout, env=env)
    assert [list(json.loads(x)) for x in no_grade.stdout.splitlines()] == [RATE_KEYS] * 3
    for made_row, rated_row in zip(rows, again, strict=True):
        values, geo = parse(made_row["puzzle"])
        assert count_exact(values, geo) == 1
        assert rated_row["puzzle"] == made_row["puzzle"]
        assert rated_row["solution"] == made_row["solution"] == format_line(
            solutions_exact(values, geo, 1)[0])
        for key in ("count", "level", "maxlevel", "way_complexity", "cand_sum", "cand_sq",
                    "clues"):
            assert rated_row[key] == made_row[key], key
        assert made_row["seconds"] is None and made_row["grade"] is None
        assert isinstance(rated_row["grade"], float) and rated_row["seconds"] > 0


def test_rate_json_pipes_into_solve_json():
    rated = run("rate", "-", "--format", "json", "--no-grade",
                stdin=f"{GOLDEN}\n{SEVERAL}\n{EMPTY_4}\n")
    assert rated.returncode == 0, rated.stderr
    solved = run("solve", "-", "--format", "json", stdin=rated.stdout)
    assert solved.returncode == 1  # two of the three have several solutions
    rows = [json.loads(line) for line in solved.stdout.splitlines()]
    assert [list(r) for r in rows] == [["puzzle", "count", "solutions", "variant"]] * 3
    for row, puzzle in zip(rows, (GOLDEN, SEVERAL, EMPTY_4), strict=True):
        values, geo = parse(puzzle)
        truth = solutions_exact(values, geo, 2)
        assert row["puzzle"] == puzzle and row["count"] == len(truth)
        assert len(set(row["solutions"])) == len(truth)
        for text in row["solutions"]:
            solution = parse(text)[0]  # a full grid that keeps the givens
            assert solutions_exact(solution, geo, 2) == [solution]
            assert all(v in (0, s) for v, s in zip(values, solution, strict=True))
    assert solved.stderr.splitlines() == ["error: stdin: line 2: more than one solution",
                                          "error: stdin: line 3: more than one solution"]


@pytest.mark.parametrize("verb", PUZZLE_VERBS)
def test_every_puzzle_verb_reads_records(verb):
    record = json.dumps({"puzzle": GOLDEN, "note": "#1"})
    plain = run(verb, GOLDEN)
    from_record = run(verb, "-", stdin=f"# a comment\n{record}\n")
    assert plain.returncode == from_record.returncode == 0, from_record.stderr
    strip = (lambda s: "\n".join(x.split("  ")[0] for x in s.splitlines())) if verb == "rate" \
        else (lambda s: s)
    assert strip(from_record.stdout) == strip(plain.stdout)


def test_improve_reads_a_record():
    solution = format_line(solutions_exact(parse(GOLDEN)[0], parse(GOLDEN)[1], 1)[0])
    out = run("improve", "-", "--evaluations", "10", "--workers", "1", "--format", "json",
              stdin=json.dumps({"puzzle": solution}) + "\n")
    assert out.returncode == 0, out.stderr
    values, geo = parse(json.loads(out.stdout)["puzzle"])
    assert count_exact(values, geo) == 1


@pytest.mark.parametrize("line, message", [
    ('{"puzzle": "12"', "stdin: line 2: not a JSON object (Expecting ',' delimiter)"),
    ('{"givens": "..."}', 'stdin: line 2: expected a JSON object with a "puzzle" key holding '
     "the puzzle, as rate --format json prints"),
    ('{"puzzle": "' + GOLDEN[:4] + "x" + GOLDEN[5:] + '"}',
     "stdin: line 2, \"puzzle\" position 5: unknown symbol in a 9x9 grid: 'x' (expected 1-9, "
     "or . 0 _ for a blank)"),
])
def test_a_bad_record_is_named(line, message):
    out = run("solve", "-", stdin=f"{GOLDEN}\n{line}\n")
    assert out.returncode == 1 and out.stderr == f"error: {message}\n"
    assert "Traceback" not in out.stderr


# ---------------------------------------------------------------- files and puzzles


@pytest.mark.parametrize("arg", ["puzles", "my-puzzles", "nofile.sdm", "gone.txt", "a/b",
                                 "results.jsonl", "puzzle_" * 11])
def test_a_mistyped_file_name_is_a_missing_file(arg, tmp_path):
    out = run("rate", arg, cwd=tmp_path)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == f"error: {arg}: no such file\n"


@pytest.mark.parametrize("arg, message", [
    ("." * 80, "puzzle: line 1: 80 symbols: expected 16, 36, 81, 144 or 256 (a 4x4, 6x6, "
     "9x9, 12x12 or 16x16 grid)"),
    ("123", "puzzle: line 1: 3 symbols: expected 16, 36, 81, 144 or 256 (a 4x4, 6x6, 9x9, "
     "12x12 or 16x16 grid)"),
    (GOLDEN[:80] + "x", "puzzle: line 1, position 81: unknown symbol in a 9x9 grid: 'x' "
     "(expected 1-9, or . 0 _ for a blank)"),
])
def test_a_puzzle_of_the_wrong_length_or_symbol_is_still_a_puzzle(arg, message, tmp_path):
    out = run("solve", arg, cwd=tmp_path)
    assert out.returncode == 1 and out.stderr == f"error: {message}\n"


def test_a_folder_is_named(tmp_path):
    out = run("solve", str(tmp_path))
    assert out.returncode == 1
    assert out.stderr == f"error: {tmp_path}: is a folder; expected a puzzle, a file of " \
                         "puzzles, or -\n"


@pytest.mark.parametrize("suffix", [".sdm", ".txt", ".jsonl", ""])
def test_puzzle_files_of_any_suffix_are_read(tmp_path, suffix):
    path = tmp_path / f"puzzles{suffix}"
    path.write_text(f"{GOLDEN}\r\n\r\n{SECOND}  # second\r\n")
    out = run("solve", str(path))
    assert out.returncode == 0, out.stderr
    got = out.stdout.splitlines()
    for text, puzzle in zip(got, (GOLDEN, SECOND), strict=True):
        values, geo = parse(puzzle)
        assert parse(text)[0] == solutions_exact(values, geo, 2)[0]


# ---------------------------------------------------------------- stdout, stderr, -o


@pytest.mark.parametrize("verb, extra", [("rate", ["--no-grade"]), ("solve", []),
                                         ("hints", []), ("create", []), ("explain", [])])
def test_output_file_holds_what_stdout_would(verb, extra, tmp_path):
    target = tmp_path / "out.txt"
    plain = run(verb, GOLDEN, *extra)
    written = run(verb, GOLDEN, *extra, "-o", str(target))
    assert written.returncode == 0 and written.stdout == "" and written.stderr == ""
    text = target.read_text()
    if verb == "rate":  # the time differs run to run
        text, expected = (t.rsplit("  ", 1)[0] for t in (text, plain.stdout))
    else:
        expected = plain.stdout
    assert text == expected and text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_output_file_is_written_whole_or_not_at_all(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    source = tmp_path / "p.txt"
    # the 16x16 puzzle has no seed figures: the command stops there
    source.write_text(f"{GOLDEN}\n{'.' * 256}\n")
    out = run("rate", str(source), "--format", "seed", "-o", str(target))
    assert out.returncode == 1
    assert out.stderr.startswith(f"error: {source}: line 2: --format seed needs the trace")
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt", "p.txt"]
    # a bad line stops nothing: the good puzzles are written, whole
    source.write_text(f"{GOLDEN}\n{GOLDEN[:-1]}z\n")
    out = run("rate", str(source), "--no-grade", "-o", str(target))
    assert out.returncode == 1
    assert out.stderr.startswith(f"error: {source}: line 2, position 81: unknown symbol")
    assert target.read_text().startswith(GOLDEN) and len(target.read_text().splitlines()) == 1
    # and with no good puzzle at all, the file is left as it was
    target.write_text("old\n")
    source.write_text(f"{GOLDEN[:-1]}z\n")
    assert run("rate", str(source), "-o", str(target)).returncode == 1
    assert target.read_text() == "old\n"


def test_improve_writes_its_output_file(tmp_path):
    target = tmp_path / "improved.json"
    solution = format_line(solutions_exact(*parse(GOLDEN), 1)[0])
    out = run("improve", solution, "--evaluations", "10", "--workers", "1", "--format", "json",
              "-o", str(target), "-q")
    assert out.returncode == 0 and out.stdout == "" and out.stderr == ""
    values, geo = parse(json.loads(target.read_text())["puzzle"])
    assert count_exact(values, geo) == 1


def test_data_goes_to_stdout_and_messages_to_stderr():
    out = run("solve", "-", stdin=f"{GOLDEN}\n{EMPTY_4}\n")
    assert out.returncode == 1
    assert out.stderr == "error: stdin: line 2: more than one solution\n"
    lines = out.stdout.splitlines()
    assert len(lines) == 3  # the solution, then the two solutions found
    for line in lines:
        assert all(parse(line)[0])


# ---------------------------------------------------------------- progress and timing


def _with_terminal_stderr(*args: str) -> tuple[int, str]:
    """Run bookgen with stderr on a pseudo-terminal; (exit code, what the terminal got)."""
    leader, follower = pty.openpty()
    # a new pseudo-terminal is 0 columns wide, where tqdm draws an empty bar
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "bookgen", *args], stdout=subprocess.PIPE,
                            stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=300)
    proc.stdout.close()  # type: ignore[union-attr]
    os.close(leader)
    return proc.returncode, b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("args", [
    ("rate", "-", "--no-grade"), ("solve", "-"), ("hints", "-"), ("create", "-"),
    ("explain", "-"),
])
def test_progress_bars_only_on_a_terminal(args, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(f"{GOLDEN}\n{SECOND}\n")
    piped = run(*args, stdin=path.read_text())
    assert piped.returncode == 0 and piped.stderr == ""
    code, terminal = _with_terminal_stderr(*[str(path) if a == "-" else a for a in args])
    assert code == 0
    assert "0/2 [" in terminal and "puzzle/s]" in terminal
    code, quiet = _with_terminal_stderr(*[str(path) if a == "-" else a for a in args], "-q")
    assert code == 0 and quiet == ""


def test_generate_progress_bar_only_on_a_terminal():
    piped = run("generate", "-n", "5", "--size", "4", "--workers", "1")
    assert piped.returncode == 0 and piped.stderr == ""
    code, terminal = _with_terminal_stderr("generate", "-n", "5", "--size", "4", "--workers",
                                           "1")
    assert code == 0 and "0/5 [" in terminal and "puzzle/s]" in terminal


def test_the_first_puzzles_time_leaves_out_loading_the_kernels():
    out = run("rate", "-", "--format", "json", "--no-grade", stdin=f"{EMPTY_4}\n" * 3)
    assert out.returncode == 0, out.stderr
    seconds = [json.loads(line)["seconds"] for line in out.stdout.splitlines()]
    # loading numba's cached kernels takes a new process a good part of a second
    assert seconds[0] < 0.1, seconds
