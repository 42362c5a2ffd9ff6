"""Where books are written, as a user meets it (black box, `python -m bookgen`): two configs
of one name, a folder inside the installed package, a build killed mid-way, the cover of a
built book and of a home-printed one, and the compile notice on a second run.

One small print-on-demand book (three 6x6 puzzles, no front matter) is built once into a
project folder (a/book.yaml, b/book.yaml of the same name, output/book/); the tests that
change it work on a copy of that folder.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from blackbox import HOSTILE
from blackbox import bookgen as run
from conftest import in_ci

import bookgen

BOOK = """\
title: {title}
seed: 5
template: kdp-6x9-2up
print: {{platform: {platform}}}
front: {{title_page: false, how_to_play: false, contents: false}}
sections:
  - name: Small
    size: 6
    count: {count}
    difficulty: easy
"""

WROTE = ("wrote output/book/book.pdf (24 pages, 3 puzzles), cover.pdf, manifest.json and "
         "puzzles.txt in ")


def config(path: Path, title: str = "Book A", platform: str = "kdp", count: int = 3) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(BOOK.format(title=title, platform=platform, count=count), encoding="utf-8")
    return path


def manifest(folder: Path) -> dict[str, object]:
    data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The project folder, with a/book.yaml built into output/book/ (the default folder of
    a config called book.yaml), and that build's run."""
    project = tmp_path_factory.mktemp("project")
    config(project / "a" / "book.yaml")
    config(project / "b" / "book.yaml", title="Book B")
    done = run("build", "a/book.yaml", "--no-cache", cwd=project)
    assert done.returncode == 0, done.stderr
    return project, done


@pytest.fixture
def project(built: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path) -> Path:
    """A copy of the built project to change."""
    copy = tmp_path / "project"
    shutil.copytree(built[0], copy)
    return copy


def test_the_last_line_names_the_folder_and_every_file_written(built) -> None:  # type: ignore[no-untyped-def]
    project, done = built
    last = done.stdout.splitlines()[-1]
    assert last.startswith(WROTE) and last.endswith(" s"), last
    # the line names exactly what the folder holds
    assert sorted(p.name for p in (project / "output" / "book").iterdir()) == [
        "book.pdf", "cover.pdf", "manifest.json", "puzzles.txt"]
    assert manifest(project / "output" / "book")["config_path"] == "../../a/book.yaml"


def test_a_book_of_another_config_of_the_same_name_is_kept(project: Path) -> None:
    before = files(project / "output" / "book")
    done = run("build", "b/book.yaml", "--no-cache", "-q", cwd=project)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        f"error: {project / 'output' / 'book'}: holds the book built from "
        f"{project / 'a' / 'book.yaml'}, not from {project / 'b' / 'book.yaml'}; name another "
        "output folder with -o DIR, or give --force to replace that book\n")
    assert files(project / "output" / "book") == before
    # the cover of the other config is refused too: it would go beside a book not its own
    cover = run("cover", "b/book.yaml", "-q", cwd=project)
    assert cover.returncode == 1 and cover.stderr == done.stderr
    assert files(project / "output" / "book") == before


def test_force_replaces_it_and_the_same_config_rebuilds_in_place(project: Path) -> None:
    forced = run("build", "b/book.yaml", "--no-cache", "-q", "--force", cwd=project)
    assert forced.returncode == 0, forced.stderr
    out = project / "output" / "book"
    assert (manifest(out)["title"], manifest(out)["config_path"]) == ("Book B", "../../b/book.yaml")
    # b's own book, its config changed since: rebuilt without --force
    config(project / "b" / "book.yaml", title="Book B, second edition")
    again = run("build", "b/book.yaml", "--no-cache", "-q", cwd=project)
    assert again.returncode == 0, again.stderr
    assert manifest(out)["title"] == "Book B, second edition"


def test_an_older_manifest_naming_another_config_file_is_kept(project: Path) -> None:
    """A book of an earlier version names its config file only; one of another name is
    another config's."""
    out = project / "output" / "book"
    old = manifest(out)
    del old["config_path"]
    old["config"] = "other.yaml"
    (out / "manifest.json").write_text(json.dumps(old), encoding="utf-8")
    done = run("build", "a/book.yaml", "--no-cache", "-q", cwd=project)
    assert done.returncode == 1
    assert done.stderr.startswith(f"error: {out}: holds the book built from other.yaml, not ")


def test_cover_reads_the_built_book(project: Path) -> None:
    out = project / "output" / "book"
    want = (out / "cover.pdf").read_bytes()
    (out / "cover.pdf").unlink()
    # No cache and progress lines on: a puzzle made would show as a progress line.
    done = run("cover", "a/book.yaml", "--no-cache", "--progress-every", "0.01", cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("wrote output/book/cover.pdf: 6 x 9 in trim, 24 pages")
    assert (out / "cover.pdf").read_bytes() == want
    # the cover's front puzzle is the last one of the manifest, read from it
    m = manifest(out)
    puzzles = m["puzzles"]
    assert isinstance(puzzles, list)
    first, last = puzzles[0], puzzles[-1]
    last["givens"], last["solution"] = first["givens"], first["solution"]
    (out / "manifest.json").write_text(json.dumps(m), encoding="utf-8")
    assert run("cover", "a/book.yaml", "--no-cache", "-q", cwd=project).returncode == 0
    assert (out / "cover.pdf").read_bytes() != want


def test_cover_without_a_built_book_makes_the_puzzles_and_says_so(built, tmp_path) -> None:  # type: ignore[no-untyped-def]
    project, _ = built
    path = config(tmp_path / "book.yaml")
    done = run("cover", path, "-o", tmp_path / "alone", "--no-cache", "--progress-every", "60",
               cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines[0] == (f"note: {tmp_path / 'alone'} holds no book yet: making its puzzles as "
                        "build does (a build writes the cover with the book)")
    assert lines[1:] and all(x.startswith("progress: ") for x in lines[1:]), lines
    assert (tmp_path / "alone" / "cover.pdf").read_bytes() == (
        project / "output" / "book" / "cover.pdf").read_bytes()


def test_cover_after_the_config_changed_makes_the_puzzles_again(project: Path) -> None:
    config(project / "a" / "book.yaml", title="Book A, retitled")
    done = run("cover", "a/book.yaml", "--no-cache", "--progress-every", "60", cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        f"note: the book in {project / 'output' / 'book'} was not built from "
        "a/book.yaml as it is now: making its puzzles as build does (a "
        "build writes the cover with the book)")


def test_a_home_printed_book_has_no_cover(tmp_path: Path) -> None:
    path = config(tmp_path / "home.yaml", platform="home")
    done = run("cover", path, "-o", tmp_path / "out", timeout=HOSTILE)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        f"error: {path}: print.platform is home: a book printed at home has no full-wrap "
        "cover; set print.platform to kdp or ingram (print: {platform: kdp}) to make one\n")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("where", ["default", "-o"])
def test_no_book_is_written_into_the_installed_package(tmp_path: Path, where: str) -> None:
    package = Path(bookgen.__file__).resolve().parent
    site = package.parent
    inside = site if site.name in ("site-packages", "dist-packages") else package
    path = config(tmp_path / "book.yaml")
    if where == "default":  # run from inside the package: output/book lands there
        args: list[str | Path] = ["build", path]
        target, cwd = package / "output" / "book", package
    else:
        target, cwd = package / "templates" / "mine", tmp_path
        args = ["build", path, "-o", target]
    before = sorted(os.listdir(package))
    done = run(*args, "-q", cwd=cwd, timeout=HOSTILE)
    assert done.returncode == 1, done.stderr
    assert done.stderr == (
        f"error: {target}: is inside the installed bookgen package ({inside}), which an "
        "upgrade replaces: name an output folder elsewhere with -o DIR\n")
    assert sorted(os.listdir(package)) == before
    assert not target.exists()


def test_a_killed_build_is_cleaned_up_by_the_next(tmp_path: Path) -> None:
    """SIGKILL a build while it writes its book (its stage folder there), then build again:
    the next build removes the stage and the lock and says so."""
    path = config(tmp_path / "kill.yaml", count=30)
    out, stage, lock = tmp_path / "out", tmp_path / ".out.new", tmp_path / ".out.lock"
    env = dict(os.environ, BOOKGEN_BACKEND="python")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bookgen", "build", str(path), "-o", str(out), "-q",
         "--no-cache", "--workers", "1"],
        cwd=tmp_path, env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.monotonic() + HOSTILE
    try:
        while not stage.exists() and proc.poll() is None and time.monotonic() < end:
            time.sleep(0.001)
        assert stage.exists(), "the build finished or hung before writing its book"
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    assert lock.exists() and not out.exists()
    done = run("build", path, "-o", out, "--no-cache", "--progress-every", "60",
               cwd=tmp_path, timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[0] == (
        f"note: a build into {out} was stopped before it finished; removed what it left: "
        ".out.new, .out.lock")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kill.yaml", "out"]
    # a clean build says nothing of the kind
    again = run("build", path, "-o", out, "--no-cache", "--progress-every", "60",
                cwd=tmp_path, timeout=HOSTILE)
    assert again.returncode == 0 and "note:" not in again.stderr, again.stderr


def test_the_compile_notice_is_not_repeated_on_a_second_run(tmp_path: Path) -> None:
    """The numba backend: whatever the first run compiles, a second run of the same
    command loads it from the cache and says nothing about compiling."""
    try:
        import numba  # noqa: F401
    except ImportError:
        if in_ci():
            raise
        pytest.skip("numba is not installed")
    path = config(tmp_path / "n.yaml", platform="home", count=2)
    numba_env = {"BOOKGEN_BACKEND": "numba"}
    runs = [run("build", path, "-o", tmp_path / "out", "--no-cache", "--workers", "2",
                "--progress-every", "60", env=numba_env, timeout=900) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    # at most once in the first (never from the workers), never in the second
    assert runs[0].stderr.count("compiling fast kernels") <= 1, runs[0].stderr
    assert "compiling" not in runs[1].stderr, runs[1].stderr


def test_an_installed_package_guards_its_whole_site_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed (not editable), the package sits in site-packages: a run from there would
    put output/ beside it, so the whole folder is refused; an editable install guards only
    the package, since its parent is the project whose output/ is the usual place."""
    from bookgen.book import output
    from bookgen.core.errors import OutputError

    site = tmp_path / "lib" / "site-packages"
    monkeypatch.setattr(output, "__file__", str(site / "bookgen" / "book" / "output.py"))
    with pytest.raises(OutputError, match=r"is inside the installed bookgen package \(.*"
                       r"site-packages\), which an upgrade replaces"):
        output.preflight(site / "output" / "book", 0)
    monkeypatch.setattr(output, "__file__", str(tmp_path / "bookgen" / "book" / "output.py"))
    output.preflight(tmp_path / "output" / "book", 0)
    with pytest.raises(OutputError, match="is inside the installed bookgen package"):
        output.preflight(tmp_path / "bookgen" / "output", 0)
