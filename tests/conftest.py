"""Shared test fixtures: the puzzle data folder, small puzzles of every size, random grids.

Conventions: puzzles are one-line strings (grid.format_line) or tuples of row-major
values, 0 = blank. The data folder ../shared/data (relative to the repository root) is
optional on a workstation: tests that need it skip when it is absent. Under CI=true they
fail instead, so a missing folder cannot silently turn data tests into skips.
"""

from __future__ import annotations

import compileall
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bookgen.core.grid import Geometry, Grid, geometry

DATA_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "data"

PACKAGE = Path(__file__).resolve().parent.parent / "bookgen"


def pytest_configure(config: pytest.Config) -> None:
    """Write the package's bytecode once, before any test starts a `bookgen` process. An
    editable install has none, and where PYTHONDONTWRITEBYTECODE is set no process writes
    it, so every command the tests run would compile the package's source again (about
    half of a small build's start-up). Compiling writes a file only where the source is
    newer than its bytecode."""
    compileall.compile_dir(PACKAGE, quiet=2)

SMALL_PUZZLES: dict[int, list[str]] = {
    4: ["42......2......1", ".2......2......1"],
    6: [".3.4.1...2...64...5......4.1.3.....5", "...4.1...2...64...5......4.1.3.....5"],
    9: [
        ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5",
        "....97...1.......3.5.48........7....9.2...831......9.2.1......87.564.3.....3....5",
        ".....7...1.......3.5.48........7....9.2...831......9.2.1......87.564.3.....3....5",
    ],
    12: [
        "6..4..9..A..2C.5.A.1......8.....2..........3..1.C....8.....2A.1...42C9..7...9.3.."
        "1....3........C...B742........95...1.B....8.6B...C9..B.4.C.53A.",
        "...4..9..A..2C.5.A.1......8.....2..........3..1.C....8.....2A.1...42C9..7...9.3.."
        "1....3........C...B742........95...1.B....8.6B...C9..B.4.C.53A.",
    ],
    16: [
        ".7..6..G2.1...3C..4.....E9.C8.5..B.FE93.....6.4.E............B.F75A.D.G........8"
        ".4.2..FE..C.........9..8...6.4..93.8.5.6.4G2B...5A6D4G2B1..9..87..2..FE....75A6D"
        ".FE......A....2.3C.7.....G..1F.9.6.4.2B.F...C.7.G..1.E...8...6.4F..3.8.5A.D.G..."
        "....A6....B.F.93",
        "....6..G2.1...3C..4.....E9.C8.5..B.FE93.....6.4.E............B.F75A.D.G........8"
        ".4.2..FE..C.........9..8...6.4..93.8.5.6.4G2B...5A6D4G2B1..9..87..2..FE....75A6D"
        ".FE......A....2.3C.7.....G..1F.9.6.4.2B.F...C.7.G..1.E...8...6.4F..3.8.5A.D.G..."
        "....A6....B.F.93",
    ],
}
"""Per size: the last puzzle has several solutions, the others are unique (9x9 starts
with SPEC 3's golden example)."""


def run_python(code: str, backend: str) -> tuple[list[str], bool]:
    """Run `code` in a new interpreter with BOOKGEN_BACKEND=backend ("" = the default), from
    the repository root: (its output's words, whether it had imported numba by the end)."""
    code += "\nimport sys\nprint('numba' in sys.modules)\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=PACKAGE.parent, env={**os.environ, "BOOKGEN_BACKEND": backend},
                         check=True)
    *words, numba = run.stdout.split()
    return words, numba == "True"


def in_ci() -> bool:
    """True when the environment variable CI is "true" (as CI services set it)."""
    return os.environ.get("CI") == "true"


def missing_data(what: str) -> None:
    """Skip the test for absent data, or fail it under CI where the data must be present."""
    message = f"{what} is absent"
    if in_ci():
        pytest.fail(f"{message} (CI=true: data tests must run, not skip)", pytrace=False)
    pytest.skip(message)


@pytest.fixture
def data_dir() -> Path:
    """../shared/data; the test is skipped when the folder is absent (fails under CI)."""
    if not DATA_DIR.is_dir():
        missing_data(f"puzzle data folder {DATA_DIR}")
    return DATA_DIR


@pytest.fixture
def read_data(data_dir: Path) -> Callable[[str, int], list[str]]:
    """read_data(name, k): k puzzles spread evenly over a data file (its first 81 chars)."""

    def read(name: str, k: int) -> list[str]:
        path = data_dir / name
        if not path.is_file():
            missing_data(str(path))
        lines = [ln.split()[0] for ln in path.read_text().splitlines() if ln.strip()]
        step = max(1, len(lines) // k)
        return lines[::step][:k]

    return read


def solved_board(rng: random.Random, geo: Geometry) -> Grid:
    """A random valid full board: a pattern board with shuffled symbols, rows within
    bands, bands, columns within stacks and stacks."""
    n, br, bc = geo.n, geo.box_rows, geo.box_cols

    def shuffled_lines(size: int, group: int) -> list[int]:
        groups = list(range(size // group))
        rng.shuffle(groups)
        out = []
        for g in groups:
            inner = list(range(group))
            rng.shuffle(inner)
            out += [g * group + i for i in inner]
        return out

    rows = shuffled_lines(n, br)
    cols = shuffled_lines(n, bc)
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)
    return tuple(symbols[((r % br) * bc + r // br + c) % n] for r in rows for c in cols)


def random_puzzle(rng: random.Random, geo: Geometry, blanks: int) -> Grid:
    """A random solved board with `blanks` random cells emptied (often several solutions)."""
    board = list(solved_board(rng, geo))
    for c in rng.sample(range(geo.ncells), blanks):
        board[c] = 0
    return tuple(board)


@pytest.fixture
def make_puzzle() -> Callable[[random.Random, int, int], Grid]:
    """make_puzzle(rng, n, blanks): a random n x n puzzle, see random_puzzle."""
    return lambda rng, n, blanks: random_puzzle(rng, geometry(n), blanks)
