"""bookgen as users install it: a wheel in a fresh virtual environment, and a
`pip install --target` folder. Each builds a book from a config outside the repository,
finding the templates, example configs and schemas inside the package.

The wheel is installed without its dependencies; the fresh environment sees the test
environment's (numpy, reportlab, ...) through a .pth file, and the kernels run as pure
Python, so no download and no compile is needed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

SKIP = shutil.ignore_patterns(".git", ".venv", "venv", "output", "build", "dist",
                              "*.egg-info", "__pycache__", ".mutmut", "mutants", ".*_cache")


def run(*cmd: str | Path, cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True,
                         timeout=timeout, env=env)
    assert out.returncode == 0, f"{cmd}:\n{out.stdout}\n{out.stderr}"
    return out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the checkout (the checkout itself stays clean)."""
    work = tmp_path_factory.mktemp("wheel")
    shutil.copytree(ROOT, work / "src", symlinks=True, ignore=SKIP)
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", work / "dist",
        work / "src", cwd=work)
    [built] = (work / "dist").glob("bookgen-*.whl")
    return built


def test_the_wheel_carries_the_package_data_and_no_share_folder(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    templates = sorted(p.name for p in (ROOT / "bookgen" / "templates").glob("*.yaml"))
    examples = sorted(p.name for p in (ROOT / "bookgen" / "examples").glob("*.yaml"))
    assert templates and examples
    for name in templates:
        assert f"bookgen/templates/{name}" in names
    for name in examples:
        assert f"bookgen/examples/{name}" in names
    for name in ("bookgen/py.typed", "bookgen/examples/bookgen.schema.json",
                 "bookgen/templates/template.schema.json"):
        assert name in names
    assert not [n for n in names if ".data/" in n], "data files outside the package"
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "License: MIT" in text or "License-Expression: MIT" in text
    assert "Requires-Dist: numba" in text
    assert "Requires-Dist: reportlab==" in text


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**env, "BOOKGEN_BACKEND": "python", **extra}


def _user_session(bookgen: list[str | Path], home: Path, env: dict[str, str],
                  build: bool = True) -> None:
    """What a new user does, in a folder of their own: init, validate, build, templates,
    schema; every file the package ships must be found."""
    run(*bookgen, "init", "mybook", cwd=home, env=env)
    config = home / "mybook" / "book.yaml"
    assert config.read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=bookgen.schema.json\n")
    schema = json.loads((home / "mybook" / "bookgen.schema.json").read_text(encoding="utf-8"))
    assert schema["title"] == "bookgen book config"
    run(*bookgen, "validate", config, cwd=home, env=env)
    if build:
        built = run(*bookgen, "build", config, "-q", cwd=home, env=env)
        assert built.stdout.startswith("wrote output/book/book.pdf (")
        assert (home / "output" / "book" / "book.pdf").read_bytes().startswith(b"%PDF")
    listed = run(*bookgen, "templates", cwd=home, env=env).stdout.splitlines()
    shipped = sorted(p.stem for p in (ROOT / "bookgen" / "templates").glob("*.yaml"))
    assert [line.split()[0] for line in listed[1:]] == shipped
    if build:
        out = run(*bookgen, "schema", "--template", cwd=home, env=env).stdout
        assert out == (ROOT / "bookgen" / "templates" / "template.schema.json").read_text(
            encoding="utf-8")


def test_a_wheel_in_a_fresh_virtual_environment_builds_a_book(wheel, tmp_path):
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "-q",
        wheel, cwd=tmp_path)
    site = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                    cwd=tmp_path).stdout.strip())
    (site / "test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    where = run(python, "-c", "import bookgen; print(bookgen.__file__)", cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(venv)
    home = tmp_path / "home"
    home.mkdir()
    _user_session([venv / "bin" / "bookgen"], home, _env())


def test_a_target_install_finds_its_templates(wheel, tmp_path):
    target = tmp_path / "target"
    run(sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", target, wheel,
        cwd=tmp_path)
    env = _env(PYTHONPATH=str(target))
    where = run(sys.executable, "-c", "import bookgen; print(bookgen.__file__)", cwd=tmp_path,
                env=env)
    assert Path(where.stdout.strip()).is_relative_to(target)
    home = tmp_path / "home"
    home.mkdir()
    # the venv test builds a book; here the point is that the package data is found
    _user_session([sys.executable, "-m", "bookgen"], home, env, build=False)
