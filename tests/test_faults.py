"""Builds that fail, die or collide, run as black boxes: the output folder holds the
complete old book or the complete new one, errors are one line, and nothing is left over.

Conventions: every build here is a tiny book (two 4x4 puzzles, no front pages) made with
the pure-Python kernels, so a run takes about a second. `consistent` is the check every
case ends with. Kills come from strace's fault injection (deterministic: the N-th call of
a syscall), full disks and read-only folders from a small tmpfs; both need root, which CI
has, and are skipped elsewhere with the reason.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

TINY = """\
title: Tiny
seed: 1
workers: 1
print: {platform: kdp}
front: {title_page: false, how_to_play: false, contents: false}
sections:
  - {name: Small, size: 4, count: 2, difficulty: easy}
"""

BOOK_FILES = {"book.pdf", "manifest.json", "puzzles.txt"}


def bookgen(*args: str | Path, cwd: Path, timeout: float = 120,
            prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, BOOKGEN_BACKEND="python")
    return subprocess.run(
        [*prefix, sys.executable, "-m", "bookgen", *map(str, args)],
        capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env,
    )


def build(tmp: Path, out: Path, seed: int, prefix: tuple[str, ...] = (), *options: str
          ) -> subprocess.CompletedProcess[str]:
    config = tmp / "tiny.yaml"
    if not config.exists():
        config.write_text(TINY, encoding="utf-8")
    return bookgen("build", config, "-q", "-o", out, "--seed", str(seed), *options, cwd=ROOT,
                   prefix=prefix)


def consistent(folder: Path) -> dict[str, object]:
    """The folder's manifest, after checking that its three files are one book."""
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    cover = {"cover.pdf"} if manifest["cover"] else set()
    assert {p.name for p in folder.iterdir()} == BOOK_FILES | cover
    pdf = (folder / "book.pdf").read_bytes()
    assert manifest["book_sha256"] == hashlib.sha256(pdf).hexdigest()
    lines = (folder / "puzzles.txt").read_text(encoding="utf-8").splitlines()
    assert [line.split()[0] for line in lines] == [p["givens"] for p in manifest["puzzles"]]
    return manifest


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def leftovers(parent: Path, keep: set[str]) -> set[str]:
    """What else the folder holds; the build cache beside the book is kept on purpose."""
    return {p.name for p in parent.iterdir()} - keep - {".out.cache"}


def one_line_error(out: subprocess.CompletedProcess[str]) -> str:
    assert out.returncode == 1, out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr
    return lines[0]


@pytest.fixture
def old_book(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """A folder holding a good book (seed 1) and its bytes."""
    out = tmp_path / "out"
    done = build(tmp_path, out, 1)
    assert done.returncode == 0, done.stderr
    consistent(out)
    return out, snapshot(out)


def _need_root(what: str) -> None:
    if os.geteuid() != 0:
        pytest.skip(f"{what} needs root (CI runs as root)")


def _need_strace() -> None:
    _need_root("strace fault injection into a child")
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed (CI installs it: apt-get install strace)")
    probe = subprocess.run(["strace", "-o", "/dev/null", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"strace cannot trace here: {probe.stderr.strip()}")


@pytest.mark.slow
@pytest.mark.parametrize(
    "sig, calls",
    [("SIGKILL", "rename,renameat,renameat2"), ("SIGTERM", "rename,renameat,renameat2"),
     ("SIGKILL", "unlink,unlinkat,rmdir")],
)
def test_a_build_killed_at_every_rename_and_removal_leaves_one_whole_book(
    tmp_path, old_book, sig, calls
):
    """Kill a build at the N-th call of each syscall, N = 1, 2, ... until it finishes:
    after every kill the folder holds the book it held before, byte for byte, or the
    complete new one; the next build cleans up after the killed one. Builds alternate
    between two seeds, so 'old' and 'new' always differ."""
    _need_strace()
    out, _ = old_book
    kills = 0
    for syscall in calls.split(","):
        for n in range(1, 40):
            before = snapshot(out)
            seed = 3 - consistent(out)["seed"]
            strace = ("strace", "-f", "-qq", "-o", "/dev/null", "-e", f"trace={syscall}",
                      "-e", f"inject={syscall}:signal={sig}:when={n}")
            run = build(tmp_path, out, seed, prefix=strace)
            if consistent(out)["seed"] != seed:
                assert snapshot(out) == before, f"{syscall} #{n}: the old book was changed"
            if run.returncode == 0:
                assert consistent(out)["seed"] == seed
                break
            kills += 1
            assert run.returncode in (-9, -15, 130, 137, 143), (syscall, n, run.stderr)
        else:
            pytest.fail(f"the build never finished under {syscall} injection")
    assert kills >= 2  # the write has at least the PDF's rename and the switch
    assert leftovers(tmp_path, {"out", "tiny.yaml"}) == set()


@pytest.mark.slow
def test_a_second_build_stops_while_another_holds_the_folder(tmp_path, old_book):
    out, before = old_book
    with open(tmp_path / ".out.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        t0 = time.monotonic()
        line = one_line_error(build(tmp_path, out, 2))
        assert time.monotonic() - t0 < 30
    assert line == (f"error: {out}: another build is writing this folder (it holds "
                    f"{tmp_path / '.out.lock'}); try again when it has finished")
    assert snapshot(out) == before
    done = build(tmp_path, out, 2)
    assert done.returncode == 0, done.stderr
    assert consistent(out)["seed"] == 2
    assert leftovers(tmp_path, {"out", "tiny.yaml"}) == set()


def holds_a_flock(pid: int) -> bool:
    """The process holds a flock (/proc/locks: id, FLOCK, ADVISORY, mode, pid, ...). The
    lock file exists a moment before it is locked: a build paused in that moment holds
    nothing yet."""
    lines = Path("/proc/locks").read_text().splitlines()
    return any(f[1] == "FLOCK" and f[4] == str(pid) for f in map(str.split, lines))


@pytest.mark.slow
def test_a_paused_build_and_a_finishing_one_do_not_mix(tmp_path, old_book):
    """One build is stopped (SIGSTOP) while it holds the folder; another one is refused;
    the first, resumed, writes its whole book (over the other config's: --force)."""
    out, _ = old_book
    config = tmp_path / "slow.yaml"
    config.write_text(TINY.replace("size: 4, count: 2", "size: 9, count: 3"), encoding="utf-8")
    env = dict(os.environ, BOOKGEN_BACKEND="python")
    first = subprocess.Popen(
        [sys.executable, "-m", "bookgen", "build", str(config), "-q", "-o", str(out),
         "--seed", "3", "--force"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not holds_a_flock(first.pid) and first.poll() is None:
            assert time.monotonic() < deadline
            time.sleep(0.005)
        first.send_signal(signal.SIGSTOP)
        assert first.poll() is None, "the first build ended before it could be paused"
        assert "another build is writing" in one_line_error(build(tmp_path, out, 2))
    finally:
        first.send_signal(signal.SIGCONT)
        _, err = first.communicate(timeout=120)
    assert first.returncode == 0, err
    assert consistent(out)["seed"] == 3
    assert leftovers(tmp_path, {"out", "tiny.yaml", "slow.yaml"}) == set()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs mounted at tmp_path/disk."""
    _need_root("mounting a tmpfs")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=True)


def _fill(disk: Path, leave_blocks: int) -> None:
    """Fill the disk up to `leave_blocks` free blocks."""
    st = os.statvfs(disk)
    (disk / "filler").write_bytes(b"x" * ((st.f_bavail - leave_blocks) * st.f_frsize))
    assert os.statvfs(disk).f_bavail == leave_blocks


@pytest.mark.slow
@pytest.mark.parametrize("fails", ["manifest.json", "puzzles.txt", "estimate"])
def test_a_full_disk_keeps_the_old_book(tmp_path, small_disk, fails):
    """The disk fills while the new book is written (its PDFs just fit, then the manifest
    or puzzles.txt does not), or is too full for the book from the start."""
    new = tmp_path / "new"
    assert build(tmp_path, new, 2).returncode == 0
    out = small_disk / "out"
    # without the build cache, which would take the blocks the book is given here
    assert build(tmp_path, out, 1, (), "--no-cache").returncode == 0
    before = snapshot(out)
    block = os.statvfs(small_disk).f_frsize
    pdfs = [new / name for name in ("book.pdf", "cover.pdf") if (new / name).exists()]
    pdf_blocks = sum(-(-pdf.stat().st_size // block) for pdf in pdfs)
    _fill(small_disk, {"manifest.json": pdf_blocks, "puzzles.txt": pdf_blocks + 1,
                       "estimate": 2}[fails])
    line = one_line_error(build(tmp_path, out, 2, (), "--no-cache"))
    if fails == "estimate":
        assert line.startswith(f"error: {out}: only 0.01 MB free there; the book needs about ")
    else:
        assert line == (f"error: {out / fails}: cannot write it; the previous book is kept: "
                        "No space left on device")
    assert snapshot(out) == before
    assert leftovers(small_disk, {"out", "filler"}) == set()


@pytest.mark.slow
def test_a_read_only_folder_keeps_the_old_book(tmp_path, small_disk):
    out = small_disk / "out"
    assert build(tmp_path, out, 1).returncode == 0
    before = snapshot(out)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    line = one_line_error(build(tmp_path, out, 2))
    assert line == f"error: {small_disk}: cannot write in the folder: Read-only file system"
    assert snapshot(out) == before


@pytest.mark.slow
def test_other_files_in_the_folder_are_kept_and_stale_stages_removed(tmp_path, old_book):
    out, _ = old_book
    (out / "blurb.txt").write_bytes(b"blurb")
    (out / "notes").mkdir()
    (out / "notes" / "todo.txt").write_text("proofread", encoding="utf-8")
    (out / ".build-abc123").mkdir()  # what a killed build of earlier versions left
    (tmp_path / ".out.new").mkdir()  # what a killed build leaves
    (tmp_path / ".out.new" / "book.pdf").write_bytes(b"half")
    done = build(tmp_path, out, 2)
    assert done.returncode == 0, done.stderr
    assert (out / "blurb.txt").read_bytes() == b"blurb"
    assert (out / "notes" / "todo.txt").read_text(encoding="utf-8") == "proofread"
    assert not (out / ".build-abc123").exists()
    (out / "blurb.txt").unlink()
    shutil.rmtree(out / "notes")
    assert consistent(out)["seed"] == 2
    assert leftovers(tmp_path, {"out", "tiny.yaml"}) == set()


@pytest.mark.slow
def test_a_symlinked_output_folder_stays_a_symlink(tmp_path, old_book):
    out, _ = old_book
    link = tmp_path / "link"
    link.symlink_to(out)
    assert build(tmp_path, link, 2).returncode == 0
    assert link.is_symlink()
    assert consistent(out)["seed"] == 2


@pytest.mark.parametrize(
    "where, expected",
    [
        ("file", "error: {out}: exists and is not a folder"),
        ("file/below", "error: {out}: cannot create: {tmp}/file is a file, not a folder"),
        ("/proc/bookgen-test/out",
         "error: /proc/bookgen-test/out: cannot create the folder: No such file or directory"),
        (".", "error: {root}: holds the current folder; the book is switched into place by "
              "renaming its folder, so name a folder of its own, e.g. output/book"),
    ],
    ids=["a file", "under a file", "under /proc", "the current folder"],
)
def test_an_unusable_output_folder_is_refused_before_any_work(tmp_path, where, expected):
    """A book that would take minutes to make is refused at once."""
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    config = tmp_path / "big.yaml"
    config.write_text(TINY.replace("size: 4, count: 2", "size: 9, count: 500").replace(
        "difficulty: easy", "difficulty: extreme"), encoding="utf-8")
    out = Path(where) if where.startswith("/") else ROOT if where == "." else tmp_path / where
    t0 = time.monotonic()
    line = one_line_error(bookgen("build", config, "-q", "-o", out, cwd=ROOT))
    assert time.monotonic() - t0 < 20
    assert line == expected.format(out=out, tmp=tmp_path, root=ROOT)


# ---------------------------------------------------------------- hostile configs


def _bomb(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def _merge_bomb(levels: int) -> str:
    lines = ["m0: &m0 {k0: 1, k1: 2}"]
    lines += [f"m{i}: &m{i} {{<<: [*m{i - 1}, *m{i - 1}], j{i}: 1}}" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "content, expected",
    [
        (_bomb(12), "(top): invalid YAML: its aliases expand to more than 100,000 values "
                    "(line 5)"),
        (_merge_bomb(30), "(top): invalid YAML: its aliases expand to more than 100,000 values "
                          "(line 15)"),
        ("title: " + "[" * 5000 + "]" * 5000 + "\n",
         "(top): invalid YAML: nested deeper than 50 levels (line 1)"),
        ("a: &a [*a]\n", "(top): invalid YAML: an alias refers to the value that contains it "
                         "(line 1)"),
        ("title: x\nauthor: y\x00z\n", "(top): invalid YAML: the file holds the control "
                                       "character U+0000; expected plain text (line 2)"),
        ('title: "bell\\a"\nsections: []\n', "title: expected text without control characters, "
                                              "got U+0007 at character 5 (line 1)"),
        ('title: Book\nauthor: "A \\u202Eevil"\nsections:\n  - {name: "x\\0", count: 1, '
         'difficulty: easy}\n',
         "author: expected text without control characters, got U+202E at character 3 "
         "(line 2)"),
    ],
    ids=["alias bomb", "merge-key bomb", "deep nesting", "recursive alias", "NUL byte",
         "escaped bell", "right-to-left override"],
)
def test_hostile_yaml_is_refused_quickly_with_a_line(tmp_path, content, expected):
    path = tmp_path / "book.yaml"
    path.write_text(content, encoding="utf-8")
    t0 = time.monotonic()
    out = bookgen("validate", path, cwd=ROOT, timeout=60)
    assert time.monotonic() - t0 < 20
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith(f"error: {path}: ")
    assert f"  {expected}" in out.stderr.splitlines()


@pytest.mark.parametrize(
    "data, expected",
    [
        (bytes(range(256)) * 4, "error: {path}: not UTF-8 text: byte 0x80 on line 2 is not "
                                "UTF-8; save it as UTF-8"),
        (b"x" * 1_000_001, "error: {path}: larger than 1 MB; expected a YAML file of a few KB"),
    ],
    ids=["binary", "huge"],
)
def test_a_file_that_is_no_config_gets_one_line(tmp_path, data, expected):
    path = tmp_path / "book.yaml"
    path.write_bytes(data)
    assert one_line_error(bookgen("validate", path, cwd=ROOT)) == expected.format(path=path)


def test_proc_environ_as_a_config_is_refused_without_quoting_it(tmp_path):
    out = bookgen("validate", "/proc/self/environ", cwd=ROOT)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "PATH=" not in out.stderr and "HOME" not in out.stderr
    assert "control character U+0000" in out.stderr


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "book.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + TINY.encode())
    out = bookgen("validate", path, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "ok: Tiny: 1 section, 2 puzzles, template letter-4up"


@pytest.mark.parametrize("template", ["/etc/passwd", "../../../../../../etc/passwd",
                                      "{tmp}/secret.txt", "{tmp}/secret.yaml"])
def test_a_template_path_never_echoes_a_file(tmp_path, template):
    secret = "root:x:0:0:the-secret-line:/root:/bin/bash"
    (tmp_path / "secret.txt").write_text(secret + "\n", encoding="utf-8")
    (tmp_path / "secret.yaml").write_text(secret + "\n", encoding="utf-8")
    path = tmp_path / "book.yaml"
    path.write_text(TINY.replace("seed: 1", f"template: {template.format(tmp=tmp_path)}"),
                    encoding="utf-8")
    out = bookgen("validate", path, cwd=ROOT)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "root:" not in out.stderr and "secret-line" not in out.stderr
    assert len(out.stderr.splitlines()) == 2


def test_workers_beyond_the_cores_are_capped_with_a_note(tmp_path):
    path = tmp_path / "book.yaml"
    path.write_text(TINY.replace("workers: 1", "workers: 1000"), encoding="utf-8")
    out = bookgen("validate", path, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    cores = len(os.sched_getaffinity(0))
    assert out.stderr == (f"note: workers 1000: this machine has {cores} "
                          f"core{'s' if cores > 1 else ''}; using {cores}\n")
