"""Mutation testing of one bookgen module with mutmut: a developer tool, not run in CI.

    python tools/mutation.py MODULE          # e.g. core/grid, render/geometry
    python tools/mutation.py MODULE --again  # only the last run's survivors, current tests
    python tools/mutation.py MODULE --again --only 'bookgen.core.grid.x_parse__*'
    python tools/mutation.py MODULE --resume # go on with a stopped run, in its work folder
    python tools/mutation.py --list          # the modules and the tests each one runs

Glossary: a *module* is a key of MODULES (its path under bookgen/ without ``.py``); its
*tests* are the test files that exercise it, the only ones run against its mutants so a
run takes minutes; the *work folder* is .mutmut/MODULE/, a fresh copy of the checkout in
which mutmut writes its ``mutants/`` folder. The shared mutmut settings live in
pyproject.toml ``[tool.mutmut]``; this script adds the per-module keys
(``only_mutate`` and ``pytest_add_cli_args_test_selection``, and for the mutants of
functions that cache what they build a second run, each in a fresh process) to the
copy's pyproject.

mutmut runs with one child process under ``nice``, because the machine is shared. The
kernels (bookgen/engine/kernels/) are never mutated: numba compiles them, and the pure-Python
reference is pinned against the numba one by tests/test_kernels.py already.
The last line printed is the module's row of the table in docs/mutation.md.

``--again`` is for tests added after a run: it runs only that run's survivors (and the
mutants no selected test reached, which a new test may reach) against the current tests,
in a fresh work folder, and keeps every other verdict of the earlier run (a killed
mutant stays killed when tests are only added). Every mutant of a function
that changed since (mutmut keeps a hash per function) is run again too, and the earlier
verdicts of that function are dropped. ``--only GLOB`` (repeatable) narrows the survivors
to those a new test aims at; the others keep their verdict. ``--resume`` runs the
mutants a stopped run (full or ``--again``) left unchecked, with the tests its work folder
holds, and keeps every verdict it has.
"""

from __future__ import annotations

import argparse
import fnmatch
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
    """The test files (or ids, file::name) run against its mutants (files that do not
    exist are skipped)."""
    fresh: tuple[str, ...] = ()
    """Mutant names (globs) of functions whose results are cached (functools.cache,
    built-once tables), and of what only they call. Every mutant first runs in a process
    forked from one that already ran the tests, fast, but these would reuse what the
    unmutated run built; those of them that survive are run again, each in a process that
    has imported nothing of bookgen (mutmut's fork server), and that verdict is kept."""


TECHNIQUES = "tests/test_grade_techniques.py"
PRINT_CHECKS = tuple(f"tests/test_print.py::test_{name}" for name in (
    "validate_refuses_a_margin_that_crowds_the_page_number",
    "a_template_file_with_a_crowded_footer_is_named",
    "the_shipped_templates_name_their_platform", "home_books_are_not_padded",
    "on_demand_books_are_padded_to_an_even_count_of_at_least_24", "page_limit_by_trim_and_paper",
    "validate_refuses_a_book_over_the_page_limit", "home_books_have_no_page_limit",
    "pages_without_bleed_have_no_extra_boxes", "parts_start_on_right_hand_pages_on_demand",
    "recto_starts_follow_the_config", "the_band_word_appears_once_near_each_grid",
    "large_print_refuses_small_answer_digits", "page_count_of_a_config_is_the_pdf_page_count",
    "shipped_fonts_keep_inside_the_room_for_type", "a_font_that_reaches_deeper_is_refused"))
"""test_print.py's tests of the config's print checks, without those that render and
inspect whole books."""
MODULES: dict[str, Module] = {
    "core/grid": Module(
        ("tests/test_grid.py", "tests/test_grid_rules.py"),
        fresh=("bookgen.core.grid.x__geometry__*", "bookgen.core.grid.xǁGeometryǁarrays__*"),
    ),
    "grade/scale": Module((TECHNIQUES, "tests/test_grade_scale.py", "tests/test_grade_rules.py")),
    "grade/techniques/subsets": Module((TECHNIQUES, "tests/test_grade_subsets.py")),
    "grade/techniques/fish": Module((TECHNIQUES, "tests/test_grade_fish.py")),
    # _order keeps its tables per geometry in a module dict (_ORDER)
    "grade/techniques/chains": Module((TECHNIQUES, "tests/test_grade_chains.py",
                            "tests/test_grade_chain_links.py",
                            "tests/test_grade_chain_rules.py",
                            "tests/test_grade_chain_branches.py",
                            "tests/test_grade_chain_offers.py"),
                           fresh=("bookgen.grade.techniques.chains.x__order__*",)),
    "render/geometry": Module(("tests/test_layout.py", "tests/test_geometry_rules.py")),
    "core/rules": Module(
        ("tests/test_rules.py",),
        fresh=tuple(f"bookgen.core.rules.x_{name}__*"
                    for name in ("symmetry_groups", "_motions", "clue_counts")),
    ),
    "make/generate": Module(
        ("tests/test_generate.py", "tests/test_generate_digs.py"),
        fresh=tuple(f"bookgen.make.generate.x_{name}__*"
                    for name in ("_symmetry_arrays", "_group_arrays")),
    ),
    "make/select": Module(("tests/test_pipeline.py", "tests/test_select_rules.py")),
    # In-process tests on small grids by id: not the 9x9 walks of test_improve.py (seconds
    # each: a surviving mutant of run_chain ran them all, and a run took hours), the slow
    # tests, nor the command-line tests (a subprocess: mutmut cannot tell what they reach).
    "make/improve": Module((
        "tests/test_improve_fast.py", "tests/test_improve_search.py",
        "tests/test_improve_ceiling.py", "tests/test_improve_pool.py",
        *(f"tests/test_improve.py::test_{name}" for name in (
            "generate_count_must_be_positive", "chain_budgets", "improve_bad_options",
            "improve_needs_a_unique_start", "improve_needs_a_start_of_the_shape")),
    )),
    # The print block and the checks of the whole book are tested in test_print.py, by id:
    # not its tests that render whole books and look at the PDF (50 s a run; a surviving
    # mutant of load_config ran them all), nor its command-line one.
    # The reader's typed readers are built when the config modules are imported (a closure per
    # key), so their mutants only take effect in a fresh process.
    **{
        f"book/config/{part}": Module(("tests/test_config.py", "tests/test_config_cli.py",
                                  "tests/test_config_sections.py", "tests/test_config_readers.py",
                                  "tests/test_config_hostile.py", "tests/test_config_depth.py",
                                  "tests/test_template_keys.py", "tests/test_template_checks.py",
                                  *extra), fresh=fresh)
        for part, extra, fresh in (
            ("reader", (), tuple(f"bookgen.book.config.reader.x_{name}__*" for name in (
                "accepts", "read_between", "read_int_between", "read_choice",
                "read_int_choice", "length_schema", "read_length", "read_range"))),
            ("sections", (), ()),
            ("templates", PRINT_CHECKS, ()),
            ("toplevel", (*PRINT_CHECKS, "tests/test_config_hash.py", "tests/test_config_book.py"),
             ()))
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
    """The module's test files (or test ids, file::name) whose file exists."""
    return [t for t in MODULES[module].tests if (ROOT / t.split("::")[0]).is_file()]


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


def meta_path(module: str, work: Path) -> Path:
    """mutmut's record of the module's mutants: exit code by mutant, function hashes."""
    return work / "mutants" / "bookgen" / f"{module}.py.meta"


UNDETECTED = (0, 33)
"""mutmut's exit codes of a mutant that survived (0) or that no selected test reached (33)."""


def survivors(module: str) -> tuple[list[str], dict]:
    """The mutants that survived the module's last run or that none of its tests reached,
    and that run's record."""
    path = meta_path(module, WORK / module.replace("/", "-"))
    if not path.is_file():
        sys.exit(f"error: no earlier run of {module} to take the survivors of ({path} is "
                 "absent); run it in full first")
    old = json.loads(path.read_text())
    return [k for k, code in old["exit_code_by_key"].items() if code in UNDETECTED], old


def changed(module: str, work: Path, old: dict) -> list[str]:
    """The mutants of the functions whose code differs from the earlier run's (or is new)."""
    new = json.loads(meta_path(module, work).read_text())
    then, now = old["hash_by_function_name"], new["hash_by_function_name"]
    functions = {f for f, h in now.items() if then.get(f) != h}
    prefix = f"bookgen.{module.replace('/', '.')}."
    return [k for k in new["exit_code_by_key"]
            if k.removeprefix(prefix).split("__mutmut_")[0] in functions]


def keep_verdicts(module: str, work: Path, old: dict, rerun: list[str]) -> None:
    """Put the earlier run's verdicts back for every mutant that was not run again."""
    path = meta_path(module, work)
    new = json.loads(path.read_text())
    again = set(rerun)
    for key in ("exit_code_by_key", "durations_by_key"):
        new[key] = {**{k: v for k, v in old[key].items()
                       if k not in again and k in new["exit_code_by_key"]},
                    **{k: v for k, v in new[key].items() if k in again}}
    path.write_text(json.dumps(new, indent=4))


def row_of(module: str, meta: dict) -> str:
    """A table row from a module's record alone (the exit codes): killed / mutants."""
    codes = list(meta["exit_code_by_key"].values())
    killed, survived = codes.count(1) + codes.count(3), codes.count(0)  # 3: pytest broke
    rate = 100.0 * killed / len(codes) if codes else 0.0
    return (f"| {module} | {len(codes)} | {killed} | {survived} | "
            f"{len(codes) - killed - survived} | {rate:.1f}% |")


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
    parser.add_argument("--again", action="store_true",
                        help="run only the last run's survivors, with the current tests")
    parser.add_argument("--only", action="append", default=[], metavar="GLOB",
                        help="with --again: only the survivors whose names match")
    parser.add_argument("--resume", action="store_true",
                        help="run the mutants a stopped run left unchecked, in its work folder")
    args = parser.parse_args()
    if args.list or not args.module:
        for module, spec in MODULES.items():
            again = f" (again in a fresh process: {' '.join(spec.fresh)})" if spec.fresh else ""
            print(f"{module}: {' '.join(spec.tests)}{again}")
        return
    if args.resume:
        work = WORK / args.module.replace("/", "-")
        if not meta_path(args.module, work).is_file():
            sys.exit(f"error: no stopped run of {args.module} in {work}")
        (work / "pyproject.toml").write_text(  # the fresh-process pass may have changed it
            module_pyproject(args.module, tests_of(args.module), fresh=False), encoding="utf-8"
        )
        os.environ.setdefault("BOOKGEN_BACKEND", "python")
        mutmut(work, "run", "--max-children", "1")  # mutmut skips the mutants it has checked
        finish(args.module, work)
        return
    rerun, old = survivors(args.module) if args.again else ([], {})
    if args.only:
        rerun = [k for k in rerun if any(fnmatch.fnmatchcase(k, g) for g in args.only)]
    if args.again:
        print(f"running {len(rerun)} survivors again; the last run: {row_of(args.module, old)}")
        if not rerun:
            return
    work = prepare(args.module)
    if args.again:  # the earlier record, kept should this run stop half-way
        (work / "earlier-run.json").write_text(json.dumps(old), encoding="utf-8")
    # The pure-Python kernels: the copy's numba cache starts empty, and each fresh
    # process would first compile the kernels (about 15 s) for a few milliseconds of use.
    os.environ.setdefault("BOOKGEN_BACKEND", "python")
    mutmut(work, "run", "--max-children", "1", *rerun)
    if args.again and (edited := [k for k in changed(args.module, work, old) if k not in rerun]):
        print(f"running the {len(edited)} mutants of functions changed since")
        mutmut(work, "run", "--max-children", "1", *edited)
        rerun += edited
    if args.again:
        keep_verdicts(args.module, work, old, rerun)
    finish(args.module, work)


def finish(module: str, work: Path) -> None:
    """The fresh-process pass of the cached functions' survivors, then the module's row."""
    # A kill in a forked process stands (the mutant itself failed a test); only the
    # survivors among the cached functions' mutants may have met a table built unmutated.
    globs = MODULES[module].fresh
    fresh = [k for k, code in json.loads(meta_path(module, work).read_text())[
        "exit_code_by_key"].items() if code == 0 and any(fnmatch.fnmatchcase(k, g) for g in globs)]
    if fresh:
        (work / "pyproject.toml").write_text(
            module_pyproject(module, tests_of(module), fresh=True), encoding="utf-8"
        )
        mutmut(work, "run", "--max-children", "1", *fresh)
    mutmut(work, "export-cicd-stats")
    mutmut(work, "results")
    print(row(module, work))


if __name__ == "__main__":
    main()
