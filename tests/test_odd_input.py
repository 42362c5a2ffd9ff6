"""Odd but real input to the CLI, each answered with one clean line (or the right output):
byte-order marks, bytes that are not UTF-8, Unicode digits, nested JSON, infinite budgets,
16x16 grids where the trace figures are not computed, and `generate -o` onto paths that
are not plain files. Run through cli.main, the entry point of the `bookgen` script."""

from __future__ import annotations

import io
import os
import stat
import sys
import threading

import pytest
from conftest import SMALL_PUZZLES

from bookgen.cli import main

GOLDEN = SMALL_PUZZLES[9][0]
P16 = SMALL_PUZZLES[16][0]


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_error(capsys, *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def test_a_byte_order_mark_at_the_start_of_a_puzzle_file_is_skipped(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_bytes(b"\xef\xbb\xbf" + GOLDEN.encode() + b"\n")
    code, out, _ = run(capsys, "rate", str(path), "--format", "json", "--no-grade")
    assert code == 0
    assert out.startswith('{"puzzle": "' + GOLDEN)


@pytest.mark.parametrize("data, line", [(b"\xff\xfe\x00", 1), (b"\x80\n" + GOLDEN.encode(), 1)])
def test_bytes_that_are_not_utf8_are_named(tmp_path, capsys, monkeypatch, data, line):
    path = tmp_path / "p.txt"
    path.write_bytes(data)
    byte = data.splitlines()[line - 1][0]
    code, out, err = run(capsys, "rate", str(path), "--no-grade")
    assert code == 1 and err.splitlines() == [
        f"error: {path}: line {line}: not UTF-8 text: byte 0x{byte:02x} at position 1 is not "
        "UTF-8; save it as UTF-8"]
    assert out.count(GOLDEN) == data.count(GOLDEN.encode())  # the good line is rated
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run(capsys, "solve", "-")
    assert code == 1 and err.splitlines() == [
        f"error: stdin: line {line}: not UTF-8 text: byte 0x{byte:02x} at position 1 is not "
        "UTF-8; save it as UTF-8"]
    assert len(out.splitlines()) == data.count(GOLDEN.encode())


def test_a_binary_dataset_is_named(tmp_path, capsys):
    path = tmp_path / "data.bin"
    path.write_bytes(bytes(range(128, 256)))
    assert one_error(capsys, "bench", "solve", "--dataset", str(path)) == (
        f"error: {path}: not UTF-8 text: byte 0x80 on line 1 is not UTF-8; save it as UTF-8")


def test_deeply_nested_json_is_refused(capsys):
    text = "[" * 100_000 + "1, 2" + "]" * 100_000
    assert one_error(capsys, "rate", text) == (
        "error: puzzle: line 1: expected a flat JSON list of numbers, found nested lists")


@pytest.mark.parametrize("clues", ["²", "٢٤", "24-³⁰"])
def test_unicode_digits_are_not_clue_counts(capsys, clues):
    assert one_error(capsys, "generate", "-n", "1", "--clues", clues) == (
        f"error: clue target {clues!r}: expected a number or a range such as 24-30")


@pytest.mark.parametrize("seconds", ["inf", "nan", "-1", "0", "1e400"])
def test_a_time_budget_is_finite_and_positive(capsys, seconds):
    with pytest.raises(SystemExit) as e:
        main(["improve", GOLDEN, "--seconds", seconds])
    assert e.value.code == 1
    assert capsys.readouterr().err.splitlines()[-1] == (
        "error: bookgen improve: argument --seconds: expected a positive number of seconds, "
        f"got {seconds!r}")


def test_rating_a_16x16_puzzle_needs_no_format(capsys):
    code, out, _ = run(capsys, "rate", P16, "--no-grade")
    assert code == 0
    assert out.startswith(f"{P16}  1 solution  clues ")
    assert one_error(capsys, "rate", P16, "--format", "seed") == (
        "error: puzzle: line 1: --format seed needs the trace figures, which are not "
        "computed for 16x16 puzzles")


def test_improving_a_16x16_grid_by_a_trace_figure_is_refused(capsys):
    assert one_error(capsys, "improve", P16, "--objective", "level", "--evaluations", "5") == (
        "error: --objective level: the trace figures are not computed for 16x16 grids (only "
        "up to 12x12); use grade or clues")


# ---------------------------------------------------------------- generate -o


def generate(capsys, target: str) -> tuple[int, str]:
    code, _, err = run(capsys, "generate", "-n", "2", "--size", "4", "--workers", "1",
                       "--quiet", "-o", target)
    return code, err


def test_generate_into_a_folder_is_refused(tmp_path, capsys):
    assert generate(capsys, str(tmp_path)) == (
        1, f"error: {tmp_path}: is a folder; expected a file name\n")
    assert list(tmp_path.iterdir()) == []


def test_generate_writes_straight_to_a_character_device(capsys):
    assert generate(capsys, os.devnull) == (0, "")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_generate_through_a_symlink_keeps_the_link(tmp_path, capsys):
    real = tmp_path / "puzzles.txt"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert generate(capsys, str(link)) == (0, "")
    assert link.is_symlink()
    assert len(real.read_text(encoding="utf-8").splitlines()) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "puzzles.txt"]


def test_generate_into_a_missing_folder_leaves_nothing(tmp_path, capsys):
    code, err = generate(capsys, str(tmp_path / "no" / "p.txt"))
    assert code == 1
    assert err == f"error: {tmp_path / 'no' / 'p.txt'}: cannot write: No such file or directory\n"
    assert list(tmp_path.iterdir()) == []


def test_generate_writes_straight_into_a_pipe(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[str] = []

    def read() -> None:
        with open(fifo, encoding="utf-8") as f:
            got.extend(f)

    reader = threading.Thread(target=read)
    reader.start()
    assert generate(capsys, str(fifo)) == (0, "")
    reader.join(timeout=30)
    assert len(got) == 2 and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]
