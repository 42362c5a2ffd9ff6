"""`build --cluster` and `improve --cluster`: on a real Dask scheduler with two workers on
the loopback address they give the same book (byte for byte) and the same improved puzzle
as a local run, also when a worker busy with a task is killed (its tasks run again); and
the clear errors of a bad address or a missing Dask."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from exact_cover import count_exact
from test_cluster import BIN, scheduler  # noqa: F401 - the fixture

from bookgen.core.grid import parse

BOOK = """\
title: Cluster Sudoku
seed: 8
template: letter-4up
sections:
  - name: Easy
    count: 4
    difficulty: easy
  - name: Expert
    count: 3
    difficulty: expert
"""

GRID = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=900)


def kill_a_busy_worker(address: str, killed: list[int]) -> None:
    """Wait until a worker runs a task, then kill -9 its process (its nanny starts a new
    one); the pid goes into `killed`."""
    from distributed import Client

    with Client(address, timeout=20) as client:
        pids = client.run(os.getpid)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            busy = [w for w, tasks in client.processing().items() if tasks]
            if busy and busy[0] in pids:
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(pids[busy[0]])
                return
            time.sleep(0.05)


def while_killing(address: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    killed: list[int] = []
    killer = threading.Thread(target=kill_a_busy_worker, args=(address, killed))
    killer.start()
    out = run(*args, cwd=cwd)
    killer.join(timeout=60)
    assert killed, "no worker was busy to be killed"
    return out


@pytest.mark.slow
def test_a_cluster_build_gives_the_same_book_even_when_a_worker_dies(
        tmp_path: Path, scheduler: tuple[str, list[subprocess.Popen[bytes]]]) -> None:  # noqa: F811
    address, _ = scheduler
    (tmp_path / "book.yaml").write_text(BOOK)
    local = run("build", "book.yaml", "-o", "local", "--workers", "1", "--quiet", cwd=tmp_path)
    assert local.returncode == 0, local.stderr
    remote = while_killing(address, ["build", "book.yaml", "-o", "remote", "--cluster",
                                     address, "--quiet"], tmp_path)
    assert remote.returncode == 0, remote.stderr
    books = [json.loads((tmp_path / d / "manifest.json").read_text())["puzzles"]
             for d in ("local", "remote")]
    assert books[0] == books[1]
    assert [e["band"] for e in books[0]] == ["easy"] * 4 + ["expert"] * 3
    for e in books[0]:
        assert count_exact(parse(e["givens"])[0], parse(e["givens"])[1]) == 1
    assert (tmp_path / "local" / "book.pdf").read_bytes() == (
        tmp_path / "remote" / "book.pdf").read_bytes()


@pytest.mark.slow
def test_a_cluster_improve_gives_the_same_puzzle_even_when_a_worker_dies(
        tmp_path: Path, scheduler: tuple[str, list[subprocess.Popen[bytes]]]) -> None:  # noqa: F811
    address, _ = scheduler
    args = ["improve", GRID, "--evaluations", "2000", "--quiet", "--format", "json"]
    local = run(*args, "--workers", "1", cwd=tmp_path)
    assert local.returncode == 0, local.stderr
    remote = while_killing(address, [*args, "--cluster", address], tmp_path)
    assert remote.returncode == 0, remote.stderr
    assert json.loads(remote.stdout)["puzzle"] == json.loads(local.stdout)["puzzle"]
    values, geo = parse(json.loads(local.stdout)["puzzle"])
    assert count_exact(values, geo) == 1
    assert "".join(map(str, (v or "." for v in values))) != GRID


@pytest.mark.slow
def test_a_local_cluster_improve(tmp_path: Path) -> None:
    args = ["improve", "436521512643341265265134124356653412",
            "--evaluations", "1000", "--quiet"]
    local = run(*args, cwd=tmp_path)
    clustered = run(*args, "--cluster", "local:2", cwd=tmp_path)
    assert clustered.returncode == 0, clustered.stderr
    assert clustered.stdout == local.stdout
    assert clustered.stderr == ""


@pytest.mark.parametrize("command", [["build", "book.yaml"], ["improve", GRID,
                                                              "--evaluations", "10"]])
def test_bad_cluster_address(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "book.yaml").write_text(BOOK)
    out = run(*command, "--cluster", "local:0", cwd=tmp_path)
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1] == (
        "error: --cluster local:0: expected local:N with N a positive number of worker "
        "processes, or a scheduler address tcp://HOST:PORT")


@pytest.mark.parametrize("command", [["build", "book.yaml", "-o", "out"],
                                     ["improve", GRID, "--evaluations", "10"]])
def test_without_dask_the_message_says_how_to_get_it(tmp_path: Path,
                                                     command: list[str]) -> None:
    (tmp_path / "book.yaml").write_text(BOOK)
    code = ("import sys; sys.modules['distributed'] = None; from bookgen.cli import main; "
            f"sys.exit(main({[*command, '--cluster', 'local:2', '--quiet']!r}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, timeout=120)
    assert out.returncode == 1
    assert out.stderr.strip() == ("error: --cluster local:2: Dask is not installed; install it "
                                  "with pip install 'bookgen[cluster]'")
    assert not (tmp_path / "out" / "book.pdf").exists()

