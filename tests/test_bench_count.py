"""`bookgen bench count` as a black box: every engine of every kind and size reports a rate,
the band engine's against the search's; a dataset is counted on both 9x9 engines; options
it does not read are refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bookgen.engine.kernels import numba_available


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", "bench", "count", *args],
                          capture_output=True, text=True, timeout=600)


@pytest.mark.skipif(not numba_available(), reason="bench count measures compiled kernels")
def test_every_kind_and_size_has_its_engine_and_rate() -> None:
    out = _bench("-n", "3", "--seconds", "0.01")
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines()[2:]]
    seen = {(r[0], r[1], r[3]) for r in rows}
    for kind in ("classic", "x", "hyper", "anti-knight", "non-consecutive"):
        assert {(kind, "9x9", "bands"), (kind, "9x9", "search")} <= seen, out.stdout
    for kind, size in (("classic", "6x6"), ("classic", "16x16"), ("jigsaw", "9x9"),
                       ("samurai", "9x9")):
        assert (kind, size, "search") in seen and (kind, size, "bands") not in seen
    assert ("killer", "9x9", "killer") in seen
    for r in rows:
        assert float(r[4]) > 0 and float(r[5]) > 0
        assert r[3] != "bands" or r[6].endswith("x")  # the band rate against the search's


@pytest.mark.skipif(not numba_available(), reason="bench count measures compiled kernels")
def test_a_dataset_is_counted_on_both_engines(tmp_path: Path) -> None:
    data = tmp_path / "few.txt"
    data.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
                    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n")
    out = _bench("--dataset", str(data), "--seconds", "0.01")
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in out.stdout.splitlines()[2:]]
    assert [(r[0], r[1], r[2]) for r in rows] == [("few.txt", "2", "bands"),
                                                 ("few.txt", "2", "search")]


def test_options_it_does_not_read_are_refused() -> None:
    out = _bench("--workers", "2")
    assert out.returncode == 1
    assert out.stderr.startswith("error: ") and "--workers" in out.stderr
