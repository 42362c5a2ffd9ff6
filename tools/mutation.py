"""Mutation testing of one bookgen module with mutmut: a developer tool, not run in CI.

    python tools/mutation.py MODULE      # e.g. grid, grade/fish, layout/geometry
    python tools/mutation.py --list      # the modules and the tests each one runs

Glossary: a *module* is a key of MODULES (its path under bookgen/ without ``.py``); its
*tests* are the test files that exercise it, the only ones run against its mutants so a
run takes minutes; the *work folder* is .mutmut/MODULE/, a fresh copy of the checkout in
which mutmut writes its ``mutants/`` folder. The shared mutmut settings live in
pyproject.toml ``[tool.mutmut]``; this script adds the per-module keys
(``only_mutate`` and ``pytest_add_cli_args_test_selection``, and for the mutants of
functions that cache what they build a second run, each in a fresh process) to the
copy's pyproject.

mutmut runs with one child process under ``nice``, because the machine is shared. The
kernels (bookgen/kernels/) are never mutated: numba compiles them, and the pure-Python
reference is pinned against the numba one by tests/test_kernels.py already.
The last line printed is the module's row of the table in docs/mutation.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutmut"


@dataclass(frozen=True)
class Module:
    """What one module's run needs besides its name."""

    tests: tuple[str, ...]
    """The test files run against its mutants (files that do not exist are skipped)."""
    fresh: tuple[str, ...] = ()
    """Mutant names (globs) of functions whose results are cached (functools.cache,
    built-once tables), and of what only they call. Every mutant first runs in a process
    forked from one that already ran the tests, fast, but these would reuse what the
    unmutated run built; they are run again, each in a process that has imported
    nothing of bookgen (mutmut's fork server), and that verdict is the one kept."""


TECHNIQUES = "tests/test_grade_techniques.py"
MODULES: dict[str, Module] = {
    "grid": Module(
        ("tests/test_grid.py", "tests/test_grid_rules.py"),
        fresh=("bookgen.grid.x__geometry__*", "bookgen.grid.xǁGeometryǁarrays__*"),
    ),
    "grade/scale": Module((TECHNIQUES, "tests/test_grade_scale.py")),
    "grade/subsets": Module((TECHNIQUES, "tests/test_grade_subsets.py")),
    "grade/fish": Module((TECHNIQUES, "tests/test_grade_fish.py")),
    "grade/chains": Module((TECHNIQUES, "tests/test_grade_chains.py")),
    "layout/geometry": Module(("tests/test_layout.py", "tests/test_geometry_rules.py")),
    "rules": Module(
        ("tests/test_rules.py",),
        fresh=tuple(f"bookgen.rules.x_{name}__*"
                    for name in ("symmetry_groups", "_motions", "clue_counts")),
    ),
    "generate": Module(
        ("tests/test_generate.py",),
        fresh=tuple(f"bookgen.generate.x_{name}__*"
                    for name in ("_symmetry_arrays", "_group_arrays")),
    ),
    "select": Module(("tests/test_pipeline.py", "tests/test_select_rules.py")),
    "improve": Module(("tests/test_improve.py",)),
    **{
        f"config/{part}": Module(("tests/test_config.py", "tests/test_config_cli.py"))
        for part in ("reader", "templates", "sections", "book")
    },
}

COPIED = ["bookgen", "tests", "configs", "pyproject.toml"]
"""What the work folder holds of the checkout: the package, its tests and their inputs."""


def module_pyproject(module: str, tests: list[str], fresh: bool) -> str:
    """pyproject.toml with the module's own mutmut keys added under [tool.mutmut]."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    header = "[tool.mutmut]\n"
    if header not in text:
        sys.exit("error: pyproject.toml has no [tool.mutmut] section")
    keys = (
        f"only_mutate = {json.dumps([f'bookgen/{module}.py'])}\n"
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}\n"
    )
    if fresh:
        keys += 'process_isolation = "forkserver"\nforkserver_warmup = "none"\n'
    return text.replace(header, header + keys, 1)


def tests_of(module: str) -> list[str]:
    return [t for t in MODULES[module].tests if (ROOT / t).is_file()]


def prepare(module: str) -> Path:
    """A fresh work folder for module: the checkout's files and the module's pyproject."""
    work = WORK / module.replace("/", "-")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, work / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, work / name)
    (work / "pyproject.toml").write_text(
        module_pyproject(module, tests_of(module), fresh=False), encoding="utf-8"
    )
    # tests/conftest.py finds the puzzle data at ../shared/data from the folder that holds
    # tests/; under mutmut that folder is the work folder, so point it at the checkout's.
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        (work / "shared").symlink_to(shared.resolve())
    return work


def mutmut(work: Path, *args: str) -> None:
    """Run a mutmut command in the work folder, niced; stop on its failure."""
    exe = Path(sys.executable).with_name("mutmut")
    cmd = ["nice", "-n", "15", str(exe), *args]
    if subprocess.run(cmd, cwd=work, check=False).returncode != 0:
        sys.exit(f"error: {' '.join(cmd[3:])} failed in {work}")


def row(module: str, work: Path) -> str:
    """The module's table row from mutmut's summary: mutants, killed, survived, other, rate."""
    stats = json.loads((work / "mutants" / "mutmut-cicd-stats.json").read_text())
    total, killed, survived = stats["total"], stats["killed"], stats["survived"]
    other = total - killed - survived
    rate = 100.0 * killed / total if total else 0.0
    detail = ", ".join(
        f"{key} {stats[key]}"
        for key in ("timeout", "suspicious", "no_tests", "skipped", "segfault")
        if stats.get(key)
    )
    return f"| {module} | {total} | {killed} | {survived} | {other} {detail} | {rate:.1f}% |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", nargs="?", choices=sorted(MODULES))
    parser.add_argument("--list", action="store_true", help="list the modules and their tests")
    args = parser.parse_args()
    if args.list or not args.module:
        for module, spec in MODULES.items():
            again = f" (again in a fresh process: {' '.join(spec.fresh)})" if spec.fresh else ""
            print(f"{module}: {' '.join(spec.tests)}{again}")
        return
    work = prepare(args.module)
    # The pure-Python kernels: the copy's numba cache starts empty, and each fresh
    # process would first compile the kernels (about 15 s) for a few milliseconds of use.
    os.environ.setdefault("BOOKGEN_BACKEND", "python")
    mutmut(work, "run", "--max-children", "1")
    fresh = MODULES[args.module].fresh
    if fresh:
        (work / "pyproject.toml").write_text(
            module_pyproject(args.module, tests_of(args.module), fresh=True), encoding="utf-8"
        )
        mutmut(work, "run", "--max-children", "1", *fresh)
    mutmut(work, "export-cicd-stats")
    mutmut(work, "results")
    print(row(args.module, work))


if __name__ == "__main__":
    main()
