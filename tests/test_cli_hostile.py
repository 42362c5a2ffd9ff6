"""The command line under hostile input, as a black box: bad lines among good ones, a line
of 50 MB, a record nested 100,000 deep, a full standard output, SIGTERM to a whole process
group and Ctrl-C during start-up. Each ends with `error: ...` (or `interrupted`) and its
exit code, never a traceback, a hang or a lost good puzzle; the hostile runs have a time
limit (blackbox.HOSTILE), so a hang fails.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from blackbox import HOSTILE, bookgen
from conftest import SMALL_PUZZLES
from exact_cover import count_exact, solutions_exact

from bookgen.core.errors import InputError
from bookgen.core.grid import MAX_LINE, format_line, parse, parse_batches, parse_many
from bookgen.core.rules import Variant

ROOT = Path(__file__).resolve().parent.parent
GOLDEN, SECOND = SMALL_PUZZLES[9][0], SMALL_PUZZLES[9][1]
ENV = dict(os.environ, BOOKGEN_BACKEND="python")

BAD_LINES = [
    (b"\xff\xfe puzzle", "not UTF-8 text: byte 0xff at position 1"),
    (GOLDEN[:80].encode() + b"x", "position 81: unknown symbol in a 9x9 grid: 'x'"),
    (GOLDEN[:80].encode(), "80 symbols: expected 16, 36, 81"),
    (b"77" + GOLDEN[2:].encode(), "givens clash: r1c1 and r1c2 both hold 7 in row 1"),
    (b'{"puzzle": ', "not a JSON object"),
]
"""A bad line of each kind, and what its message says."""


def errors(stderr: str) -> list[str]:
    """The stderr lines, each checked to be an error."""
    lines = stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), stderr
    assert "Traceback" not in stderr
    return lines


def test_every_bad_line_is_named_and_every_good_one_is_rated(tmp_path):
    path = tmp_path / "mixed.txt"
    lines = [GOLDEN.encode()]
    for bad, _ in BAD_LINES:
        lines += [bad, SECOND.encode()]
    path.write_bytes(b"\n".join(lines) + b"\n")
    out = bookgen("rate", path, "--no-grade", "--format", "json", timeout=HOSTILE)
    assert out.returncode == 1
    said = errors(out.stderr)
    assert len(said) == len(BAD_LINES)
    for k, (message, (_, what)) in enumerate(zip(said, BAD_LINES, strict=True)):
        assert message.startswith(f"error: {path}: line {2 * k + 2}")
        assert what in message
    rated = [json.loads(line)["puzzle"] for line in out.stdout.splitlines()]
    assert rated == [GOLDEN] + [SECOND] * len(BAD_LINES)


def test_the_array_path_and_the_exact_parser_keep_the_same_puzzles():
    # one-line puzzles of one size go through arrays; a bad row there is left out with the
    # exact parser's message, as parse_many itself reads the text
    text = "\n".join([GOLDEN, "77" + GOLDEN[2:], SECOND, GOLDEN[:80] + "G", "# note", SECOND])
    fast: list[InputError] = []
    batches = parse_batches(text, "f", bad=fast)
    exact: list[InputError] = []
    found = list(parse_many(text, "f", bad=exact))
    assert [str(e) for e in fast] == [str(e) for e in exact] and len(fast) == 2
    assert [line for b in batches for line in b.lines.tolist()] == [f[0] for f in found] == [
        1, 3, 6]
    assert [tuple(row) for b in batches for row in b.grids.tolist()] == [f[1] for f in found]


@pytest.fixture(scope="module")
def killer_record() -> str:
    made = bookgen("generate", "-n", "1", "--variant", "killer", "--format", "json")
    assert made.returncode == 0, made.stderr
    record = json.loads(made.stdout)
    return json.dumps({k: record[k] for k in ("puzzle", "variant", "cages")})


SOLUTION = format_line(solutions_exact(*parse(GOLDEN), 1)[0])


@pytest.mark.parametrize("verb, extra, good, results", [
    ("rate", ("--no-grade",), GOLDEN, 2),
    ("solve", (), GOLDEN, 2),
    ("hints", (), GOLDEN, 2),
    ("explain", (), GOLDEN, 2),
    ("create", (), GOLDEN, 2),
    ("improve", ("--evaluations", "4", "--workers", "1", "--format", "json"), SOLUTION, 1),
    ("bank", (), GOLDEN, 1),
    ("rate", ("--no-grade", "--format", "json"), "killer", 2),
    ("solve", ("--format", "json"), "killer", 2),
])
def test_each_verb_keeps_the_good_lines_of_stdin_and_files(tmp_path, killer_record, verb,
                                                           extra, good, results):
    good = killer_record if good == "killer" else good
    bad = b'{"variant": "killer", "cages": [' if "killer" in good else GOLDEN[:80].encode()
    # improve takes one grid: its file has one good line
    lines = [good.encode(), b"\xc3\x28", bad] + ([good.encode()] if results == 2 else [])
    data = b"\n".join(lines) + b"\n"
    path = tmp_path / "p.txt"
    path.write_bytes(data)
    for source, arg, stdin in ((str(path), str(path), None), ("stdin", "-", data)):
        if verb == "bank":
            out = bookgen("bank", "import", tmp_path / "b.db", arg, stdin=stdin, timeout=HOSTILE)
        else:
            out = bookgen(verb, arg, *extra, stdin=stdin, timeout=HOSTILE)
        assert out.returncode == 1
        said = errors(out.stderr)
        assert said[0] == (f"error: {source}: line 2: not UTF-8 text: byte 0xc3 at position 1 "
                           "is not UTF-8; save it as UTF-8")
        assert said[1].startswith(f"error: {source}: line 3: ") and len(said) == 2
        if verb == "bank":
            assert out.stdout.endswith("bad lines 2\n")
            assert "added 1" in out.stdout or "already stored 1" in out.stdout
        elif verb == "improve":
            values, geo = parse(json.loads(out.stdout)["puzzle"])
            assert count_exact(values, geo) == 1
        elif "killer" in good:
            assert [json.loads(line)["puzzle"] for line in out.stdout.splitlines()] == [
                json.loads(good)["puzzle"]] * 2
        else:
            # one result per good line: each begins with the puzzle or its solution
            assert out.stdout.count(GOLDEN) + out.stdout.count(SOLUTION) >= results or (
                verb == "hints" and out.stdout.count("complexity:") == results) or (
                verb == "explain" and out.stdout.count("\ngrade ") + out.stdout.startswith(
                    "grade ") == results)


def test_a_line_of_50_mb_is_refused_as_it_is_read(tmp_path):
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:
        f.write(GOLDEN.encode() + b"\n")
        f.write(b"1" * 50_000_000 + b"\n")
        f.write(SECOND.encode() + b"\n")
    started = time.monotonic()
    out = bookgen("solve", path, timeout=HOSTILE)
    assert time.monotonic() - started < HOSTILE
    assert out.returncode == 1
    assert errors(out.stderr) == [f"error: {path}: line 2: longer than {MAX_LINE} characters, "
                                  "which no puzzle line is: not a file of puzzles?"]
    assert len(out.stdout.splitlines()) == 2  # both good puzzles solved
    # every child so far peaked under 1.5 GB (the whole line would have taken 5 GB)
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 1_500_000
    out = bookgen("rate", "-", stdin=b"2" * 50_000_000, timeout=HOSTILE)
    assert out.returncode == 1
    assert errors(out.stderr) == [f"error: stdin: line 1: longer than {MAX_LINE} characters, "
                                  "which no puzzle line is: not a file of puzzles?"]


def test_every_line_ending_is_a_line_and_a_long_file_is_no_long_line():
    # old Mac files end lines with CR alone: read line by line, they are still many lines
    data = f"{GOLDEN}\r{SECOND}\r\n{GOLDEN}\n".encode() + (f"{SECOND}\r".encode() * 1000)
    out = bookgen("solve", "-", stdin=data, timeout=HOSTILE)
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 1003


@pytest.mark.parametrize("depth, what", [
    (5_000, "not a JSON object (nested too deeply)"),
    (100_000, f"longer than {MAX_LINE} characters"),
])
@pytest.mark.parametrize("head", ['{"variant": "killer", "cages": ', '{"puzzle": '])
def test_a_record_nested_deep_is_an_error(depth, what, head):
    record = head + "[" * depth + "]" * depth + "}"
    out = bookgen("solve", "-", stdin=record + "\n", timeout=HOSTILE)
    assert out.returncode == 1 and out.stdout == ""
    said = errors(out.stderr)
    assert len(said) == 1 and said[0].startswith("error: stdin: line 1: ") and what in said[0]


def full_stdout(*args: str | Path) -> subprocess.CompletedProcess[bytes]:
    """Run bookgen with its standard output on /dev/full, where every write fails."""
    with open("/dev/full", "wb") as full:
        return subprocess.run([sys.executable, "-m", "bookgen", *map(str, args)], stdout=full,
                              stderr=subprocess.PIPE, env=ENV, timeout=HOSTILE, check=False)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_standard_output_is_one_error(tmp_path):
    bank = tmp_path / "b.db"
    source = tmp_path / "p.txt"
    source.write_text(f"{GOLDEN}\n{SECOND}\n")
    assert bookgen("bank", "import", bank, source).returncode == 0
    for args in (("solve", GOLDEN), ("generate", "-n", "2", "--workers", "1"),
                 ("bank", "export", bank), ("bank", "stats", bank), ("rate", source),
                 ("--help",), ("solve", "--help")):
        done = full_stdout(*args)
        assert done.returncode == 1, args
        assert done.stderr.decode() == ("error: cannot write to standard output: No space left "
                                        "on device\n"), args


@pytest.mark.slow
@pytest.mark.parametrize("whole_group", [True, False])
def test_sigterm_during_generate_keeps_whole_lines_and_prints_no_traceback(tmp_path,
                                                                           whole_group):
    # SIGTERM to the whole group ends the workers as it reaches the command: what
    # `timeout` and service managers send
    target = tmp_path / "many.txt"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bookgen", "generate", "-n", "1000000", "--workers", "2", "-q",
         "-o", str(target)], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True)
    part = Path(f"{target}.part")
    deadline = time.monotonic() + HOSTILE
    while not (part.exists() and part.stat().st_size > 3000):
        assert time.monotonic() < deadline and proc.poll() is None, "no puzzle was written"
        time.sleep(0.1)
    if whole_group:
        os.killpg(proc.pid, signal.SIGTERM)
    else:
        proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=HOSTILE)
    assert proc.returncode == 143, err
    assert "Traceback" not in err and "InvalidStateError" not in err
    lines = target.read_text().splitlines()
    assert out == "" and err == f"interrupted: wrote {len(lines)} of 1000000 puzzles to {target}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.txt"]
    for line in lines[:: max(1, len(lines) // 3)]:
        values, geo = parse(line)
        assert count_exact(values, geo) == 1


SCRIPT = Path(sys.executable).parent / "bookgen"
"""The installed `bookgen` script."""


# the package's first module, its loading, then the command line's
@pytest.mark.parametrize("module", ["bookgen.launch", "bookgen.core.grid", "bookgen.grade.rating",
                                    "bookgen.cli.signals", "bookgen.cli.skeleton",
                                    "bookgen.cli.app"])
@pytest.mark.parametrize("how", ["-m", "script"])
def test_ctrl_c_while_the_command_line_is_imported_is_interrupted(module, how):
    # python -X importtime says on stderr when each module is imported: Ctrl-C comes just
    # after this one, before main has its handlers
    # (with Ctrl-C's default action, as from a terminal: a run of the tests started with
    # '&' by a non-interactive shell has it ignored, and a child inherits that)
    start = ["-m", "bookgen"] if how == "-m" else [str(SCRIPT)]
    proc = subprocess.Popen([sys.executable, "-X", "importtime", *start, "rate", GOLDEN],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if line.startswith("import time:") and line.split("|")[-1].strip() == module:
            proc.send_signal(signal.SIGINT)
            break
    else:
        pytest.fail(f"{module} was not imported")
    out, err = proc.communicate(timeout=HOSTILE)
    said = [line for line in "".join(seen[-1:]).splitlines() + err.splitlines()
            if not line.startswith("import time:")]
    # 130, or ended by SIGINT itself (what a shell shows as 130 too): CPython 3.11 does
    # that at exit when the Ctrl-C came inside code run by exec() from a string (a
    # dataclass being made as a module is imported), even though it was handled
    assert proc.returncode in (130, -signal.SIGINT), "".join(seen) + err
    assert said == ["interrupted"] and out == "", "".join(seen) + err


def test_every_kind_is_in_the_help_of_variant():
    for verb in ("rate", "solve", "generate", "improve"):
        # whitespace dropped: the help wraps lines after a hyphen too ('non-consecutive')
        text = "".join(bookgen(verb, "--help").stdout.split())
        for kind in Variant:
            assert "".join(f"{kind.value} ({kind.description})".split()) in text


def test_improve_names_its_argument_as_the_other_verbs_do():
    usage = bookgen("improve", "--help").stdout
    assert "PUZZLE|FILE|-" in usage and "GRID" not in usage


@pytest.mark.parametrize("args, stdin, message", [
    (("generate", "-n", "1", "--variant", "killer", "--givens", "999"), None,
     "error: --givens 999: expected 0 to 81, the cells of a 9x9 grid"),
    (("solve", "--variant", "killer", "-"), "A" * 40 + "B" * 41 + "\n10 x\n",
     "error: stdin: line 2: cage sums: number 2 on the line, the sum of cage 'B', is 'x': a "
     "cage's sum is a whole number"),
    (("solve", "-"), "A" * 40 + "B" * 41 + "\n10 x\n",
     "error: stdin: line 2: cage sums: number 2 on the line, the sum of cage 'B', is 'x': a "
     "cage's sum is a whole number"),
    (("solve", "-"), json.dumps({"variant": "killer", "cages": [
        {"sum": "ten", "cells": [0, 1]}]}) + "\n",
     'error: stdin: line 1: cage 1: its sum is "ten": a cage\'s sum is a whole number'),
    (("rate", "12345"), None, "error: puzzle: line 1: 5 symbols: expected 16, 36, 81"),
    (("solve", "4" * 16), None, "error: puzzle: line 1: givens clash: r1c1 and r1c2"),
    (("solve", "." * 16), None, "error: puzzle: line 1: more than one solution"),
    (("explain", "." * 16), None, "error: puzzle: line 1: more than one solution: explain"),
])
def test_bad_input_says_error_and_what(args, stdin, message):
    out = bookgen(*args, stdin=stdin, timeout=HOSTILE)
    assert out.returncode == 1
    said = errors(out.stderr)
    assert len(said) == 1 and said[0].startswith(message), said
