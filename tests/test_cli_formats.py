"""The --format table and the one file writer: every command's --format choices are
entries of formats.FORMATTERS (export's are image formats); solve's chunk writer, which makes json and line from the
kernel's arrays at once, writes what the table writes of each puzzle; output.write_whole
writes text and bytes whole."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pytest
from conftest import SMALL_PUZZLES

from bookgen.book.output import write_whole
from bookgen.cli import build_parser
from bookgen.cli.cmd_solve import Solved, chunk_text
from bookgen.cli.formats import FORMATTERS, topology, topology_words
from bookgen.core.errors import OutputError
from bookgen.core.grid import geometry, parse
from bookgen.core.rules import Variant
from bookgen.engine.kernels import get_backend


def _format_choices() -> dict[str, list[str]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: list(action.choices) for name, p in sub.choices.items()
            for action in p._actions if action.dest == "format" and action.choices}


def test_every_format_choice_is_in_the_table() -> None:
    choices = _format_choices()
    # export writes images, one file a puzzle, not text through the table
    assert choices.pop("export") == ["svg", "png"]
    assert set(choices) == {"rate", "solve", "hints", "create", "improve", "generate"}
    for name, formats in choices.items():
        assert set(formats) <= FORMATTERS.keys(), name


def _chunk(rows: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    geo = geometry(9)
    grids = np.array([parse(r, check=False)[0] for r in rows], dtype=np.int8)
    counts, sols = get_backend().solutions_batch(geo, grids, 2)
    return grids, counts, sols


@pytest.mark.parametrize("fmt", ["json", "line", "grid", "seed"])
@pytest.mark.parametrize("rows", [[0, 1], [0, 2, 1]], ids=["unique", "with-several"])
def test_solve_chunk_writes_what_the_table_writes(fmt: str, rows: list[int]) -> None:
    puzzles = [SMALL_PUZZLES[9][i] for i in rows]
    if rows == [0, 2, 1]:
        # no solution: two 1s in the first row
        puzzles.append("11" + "." * 79)
    grids, counts, sols = _chunk(puzzles)
    assert set(counts.tolist()) == ({1} if rows == [0, 1] else {0, 1, 2})
    geo = geometry(9)
    by_puzzle = "".join(
        FORMATTERS[fmt](Solved(tuple(grids[k].tolist()),
                               tuple(tuple(sols[k, j].tolist()) for j in range(count)), geo,
                               topology(geo)))
        for k, count in enumerate(counts.tolist()))
    assert chunk_text(grids, counts, sols, geo, fmt) == by_puzzle
    if fmt == "json":
        records = [json.loads(line) for line in by_puzzle.splitlines()]
        assert [r["count"] for r in records] == counts.tolist()


def test_topology_words() -> None:
    assert topology_words(topology(geometry(9))) == ""
    assert topology_words(topology(geometry(9, Variant.X))) == "  variant x"
    assert topology_words({"variant": "killer", "cages": [{}, {}]}) == ("  variant killer  "
                                                                       "cages 2")


def test_write_whole_text_and_bytes(tmp_path: Path) -> None:
    write_whole(tmp_path / "a.txt", "é\n")
    write_whole(tmp_path / "b.png", b"\x89PNG\x00")
    assert (tmp_path / "a.txt").read_bytes() == "é\n".encode()
    assert (tmp_path / "b.png").read_bytes() == b"\x89PNG\x00"
    with pytest.raises(OutputError, match="is a folder; expected a file name"):
        write_whole(tmp_path, b"x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.png"]
