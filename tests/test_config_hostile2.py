"""Book configs that used to hang, exhaust memory, hide problems or end in a traceback,
run through the command line as a user would (tests/blackbox.py): format specs in texts,
counts that size the work, every problem in one pass, damaged fonts and fonts by family
name, `validate -q`, a folder for CONFIG, and the configs `init` writes.

Glossary:
  BASE      a small sound config (one 9x9 section, printed at home) each case edits
  spec      a format spec or conversion in a {field}: '{number:>400000000}', '{number!r}'
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from blackbox import HOSTILE, bookgen, refused
from conftest import in_ci

from bookgen.book import shipped
from bookgen.book.config.sections import MAX_EVALUATIONS, MAX_PUZZLES, MAX_SECONDS
from bookgen.book.config.toplevel import MAX_WORKERS
from bookgen.core import lang

BASE = """title: Hostile
print: {platform: home}
sections:
  - name: Easy
    count: 2
    difficulty: easy
"""

WIDE = "{number:>400000000}"
"""A label that would print 400 MB of spaces if its spec were obeyed."""

def _write(folder: Path, text: str, name: str = "book.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------- format specs


def _spec_for(fields: frozenset[str]) -> str:
    """A text that uses one allowed field with a spec, another with a conversion."""
    first, *rest = sorted(fields)
    return f"x {{{first}:>400000000}}" + (f" {{{rest[0]}!r}}" if rest else "")


def test_every_fielded_text_refuses_format_specs_at_validate(tmp_path):
    fielded = {k: lang.reference_fields(k) for k in lang.keys() if lang.reference_fields(k)}
    assert len(fielded) > 10  # the case covers the language's texts that take fields
    texts = "".join(f"  {k}: '{_spec_for(f)}'\n" for k, f in fielded.items())
    _write(tmp_path, "label: '{number!s} {difficulty}'\npage_size: letter\n", "tpl.yaml")
    config = _write(tmp_path, BASE + "template: tpl.yaml\n"
                    f"layout:\n  label: '{WIDE}'\ntext:\n{texts}")
    err = refused(bookgen("validate", config, timeout=HOSTILE))
    assert f"layout.label: expected plain {{name}} fields from {{difficulty}}, {{number}}, " \
           f"got '{WIDE}': a field takes no format spec or conversion" in err
    assert "  label: expected plain {name} fields from {difficulty}, {number}, got " \
           "'{number!s}'" in err and "tpl.yaml line 1)" in err
    for key, fields in fielded.items():
        first = sorted(fields)[0]
        assert re.search(rf"  text\.{re.escape(key)}: expected plain \{{name\}} fields from "
                         rf".*, got '\{{{first}:>400000000\}}'.*\(line \d+\)", err), key


def test_a_text_without_fields_refuses_a_conversion_by_name(tmp_path):
    config = _write(tmp_path, BASE + "text:\n  heading.notes: '{title!r}'\n")
    err = refused(bookgen("validate", config))
    assert "text.heading.notes: expected no {fields}, got '{title!r}': a field takes no " \
           "format spec or conversion (':...', '!r'); write {{ and }} for a brace itself " \
           "(line 8)" in err


def test_a_build_with_a_wide_label_stops_before_any_work(tmp_path):
    config = _write(tmp_path, BASE + f"layout:\n  label: 'Puzzle {WIDE}'\n")
    out = tmp_path / "out"
    err = refused(bookgen("build", config, "-o", out, timeout=HOSTILE))
    assert "layout.label:" in err and not out.exists()


def test_plain_fields_fill_as_format_did_and_specs_are_never_obeyed():
    text = "Puzzle {number} ({difficulty}) {{braces}}"
    assert lang.fill(text, number=37, difficulty="hard") == text.format(number=37,
                                                                        difficulty="hard")
    assert lang.dressed(text) is None and lang.dressed(WIDE) == WIDE
    assert lang.dressed("{n!r:>3}") == "{n!r:>3}"
    with pytest.raises(ValueError, match="format spec"):
        lang.fill(WIDE, number=1)


# ---------------------------------------------------------------- numbers that size work


def test_counts_and_budgets_past_their_maximum_are_refused_at_once(tmp_path):
    config = _write(tmp_path, f"workers: {MAX_WORKERS + 1}\n" +
                    BASE.replace("count: 2", "count: 100000000000000000") +
                    "  - name: Hard\n    count: 2\n    difficulty: hard\n"
                    f"    improve: {{evaluations: {MAX_EVALUATIONS + 1}}}\n"
                    "  - name: Harder\n    count: 2\n    difficulty: hard\n"
                    f"    improve: {{seconds: {MAX_SECONDS * 2:g}}}\n")
    err = refused(bookgen("validate", config, timeout=HOSTILE))
    assert (f"sections[0].count: expected at most {MAX_PUZZLES:,} puzzles (the most a book "
            "holds), got 100,000,000,000,000,000 (line 6)") in err
    assert f"workers: expected at most {MAX_WORKERS} workers (a build lowers them to the " \
           f"usable cores anyway), got {MAX_WORKERS + 1:,}" in err
    assert f"improve.evaluations: expected at most {MAX_EVALUATIONS:,} evaluations a " \
           f"puzzle, got {MAX_EVALUATIONS + 1:,}" in err
    assert f"improve.seconds: expected at most {MAX_SECONDS:,g} seconds a puzzle, got " \
           f"{MAX_SECONDS * 2:,g}" in err


def test_a_book_of_more_puzzles_than_the_maximum_is_refused(tmp_path):
    half = MAX_PUZZLES // 2 + 1
    config = _write(tmp_path, BASE.replace("count: 2", f"count: {half}") +
                    f"  - name: More\n    count: {half}\n    difficulty: easy\n")
    err = refused(bookgen("validate", config, timeout=HOSTILE))
    assert f"sections: the sections ask for {2 * half:,} puzzles; expected at most " \
           f"{MAX_PUZZLES:,} in a book (line 3)" in err


def test_a_book_at_the_maximum_validates(tmp_path):
    config = _write(tmp_path, BASE.replace("count: 2", f"count: {MAX_PUZZLES}"))
    done = bookgen("validate", "-q", config, timeout=HOSTILE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"ok: Hostile: 1 section, {MAX_PUZZLES} puzzles, template " \
                          "letter-4up\n"


# ---------------------------------------------------------------- one pass


def test_validate_reports_every_problem_in_one_pass(tmp_path):
    config = _write(tmp_path, """title: One pass
sections:
  - name: Easy
    count: many
    difficulty: easy
  - name: Easy
    size: 4
    count: 2
    difficulty: expert
    colour: red
""")
    err = refused(bookgen("validate", config))
    assert err.startswith(f"error: {config}: 4 problems:\n")
    for line in (
        "sections[0].count: expected a positive integer, got 'many' (line 4)",
        "sections[1].name: duplicate section name 'Easy'; first used by sections[0] (line 6)",
        "sections[1].difficulty: 4x4 puzzles cannot be expert",
        "sections[1].colour: unknown key; expected one of name, count,",
    ):
        assert f"  {line}" in err, line


def test_a_name_taken_from_the_band_is_told_to_be_given(tmp_path):
    config = _write(tmp_path, BASE + "  - count: 2\n    difficulty: easy\n")
    err = refused(bookgen("validate", config))
    assert "sections[1]: duplicate section name 'Easy' (its band word); first used by " \
           "sections[0]: give it a name (line 7)" in err


# ---------------------------------------------------------------- fonts


def _vera() -> Path:
    import reportlab

    return Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


@pytest.mark.parametrize("command", ["validate", "build"])
def test_a_truncated_font_is_named_not_a_traceback(tmp_path, command):
    (tmp_path / "cut.ttf").write_bytes(_vera().read_bytes()[:3000])
    config = _write(tmp_path, BASE + "layout:\n  fonts:\n    bold: cut.ttf\n")
    err = refused(bookgen(command, config, "-o", tmp_path / "out", timeout=HOSTILE))
    assert re.search(r"layout\.fonts\.bold: not a usable TrueType font \(damaged or cut "
                     rf"short\?\): {re.escape(str(tmp_path / 'cut.ttf'))}: .+ \(line 9\)", err)
    assert not (tmp_path / "out").exists()


def _installed_family() -> tuple[str, Path]:
    """An installed TrueType family fc-match answers with itself, and its file; skipped
    when fontconfig is absent (failed under CI, which installs it)."""
    if shutil.which("fc-match") is None:
        if in_ci():
            pytest.fail("fc-match is absent (CI=true: .ci/run installs fontconfig)",
                        pytrace=False)
        pytest.skip("fontconfig (fc-match) is absent")
    listed = subprocess.run(["fc-list", "--format", "%{family[0]}|%{file}\n"],
                            capture_output=True, text=True, check=True).stdout
    for line in sorted(set(listed.splitlines())):
        family, _, file = line.partition("|")
        if not file.endswith(".ttf") or not family:
            continue
        got = subprocess.run(["fc-match", "-f", "%{family[0]}|%{file}", "--", family],
                             capture_output=True, text=True, check=True).stdout
        if got.partition("|")[0] == family:
            return family, Path(got.partition("|")[2])
    pytest.skip("no TrueType family installed")


def test_a_font_may_be_an_installed_family_name(tmp_path):
    from bookgen.book.config import load_config

    family, file = _installed_family()
    config = _write(tmp_path, BASE + f"layout:\n  fonts:\n    regular: '{family}'\n")
    done = bookgen("validate", "-q", config)
    assert done.returncode == 0, done.stderr
    assert load_config(config).template.font == str(file)


def test_a_family_fontconfig_does_not_have_is_refused_with_the_candidates(tmp_path):
    family, _ = _installed_family()
    asked = family[:-1] + "Q" + "x"  # close to an installed name, but none
    config = _write(tmp_path, BASE + f"layout:\n  fonts:\n    regular: '{asked}'\n")
    err = refused(bookgen("validate", config))
    assert f"layout.fonts.regular: font {asked!r} is not installed (fontconfig would use " in err
    assert "expected an installed family name or the path of a .ttf, .otf or .ttc file" in err


def test_a_family_name_without_fontconfig_says_so(tmp_path):
    config = _write(tmp_path, BASE + "layout:\n  fonts:\n    regular: DejaVu Sans\n")
    err = refused(bookgen("validate", config, env={"PATH": str(tmp_path)}))
    assert "layout.fonts.regular: font 'DejaVu Sans': no bundled font or font file of that " \
           "name, and fontconfig (fc-match) is not installed" in err


# ---------------------------------------------------------------- validate -q


def test_validate_quiet_keeps_only_the_verdict(tmp_path):
    config = _write(tmp_path, BASE + "workers: 1000\n")
    loud = bookgen("validate", config)
    assert loud.returncode == 0 and "estimate:" in loud.stdout and "note:" in loud.stderr
    quiet = bookgen("validate", "-q", config)
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stdout == "ok: Hostile: 1 section, 2 puzzles, template letter-4up\n"
    assert quiet.stderr == ""
    bad = _write(tmp_path, BASE.replace("count: 2", "count: 0"), "bad.yaml")
    assert "sections[0].count" in refused(bookgen("validate", "--quiet", bad))


# ---------------------------------------------------------------- a folder for CONFIG


@pytest.mark.parametrize("command", ["build", "validate", "cover"])
def test_a_folder_without_a_config_says_what_was_expected(tmp_path, command):
    _write(tmp_path, "page_size: letter\n", "template.yaml")  # YAML, but no book
    err = refused(bookgen(command, ".", cwd=tmp_path))
    assert err == "error: .: a folder with no book config in it; expected a config file (a " \
                  ".yaml file with sections), or a folder holding exactly one (`bookgen init " \
                  ".` writes one)\n"


def test_a_folder_of_several_configs_names_them(tmp_path):
    for name in ("a.yaml", "b.yml"):
        _write(tmp_path, BASE, name)
    err = refused(bookgen("build", tmp_path))
    assert err == f"error: {tmp_path}: a folder with 2 book configs (a.yaml, b.yml); " \
                  f"expected one of them by name, e.g. {tmp_path / 'a.yaml'}\n"


def test_a_folder_of_one_config_is_built_from_it(tmp_path):
    _write(tmp_path, "page_size: letter\n", "template.yaml")
    _write(tmp_path, BASE.replace("count: 2", "count: 1").replace(
        "    difficulty: easy", "    size: 4\n    difficulty: easy"), "tiny.yaml")
    done = bookgen("build", ".", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "note: . is a folder: using its book config tiny.yaml" in done.stderr
    assert (tmp_path / "output" / "tiny" / "book.pdf").is_file()
    assert bookgen("validate", "-q", ".", cwd=tmp_path).stderr == ""


# ---------------------------------------------------------------- init


REPOSITORY_PATH = re.compile(r"\b(configs|docs|tests|tools|benchmarks|bookgen/[\w.]+)/|\.md\b")
"""A path of bookgen's repository, which a written config cannot rely on."""


@pytest.mark.parametrize("example", shipped.yaml_names(shipped.EXAMPLES))
def test_init_writes_configs_that_name_no_repository_path(tmp_path, example):
    args = ("init", tmp_path / "mine") + (() if example == shipped.STARTER
                                         else ("--example", example))
    done = bookgen(*args)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "mine" / "book.yaml").read_text(encoding="utf-8")
    assert REPOSITORY_PATH.search(text) is None, REPOSITORY_PATH.search(text)
    assert f"{example}.yaml" not in text
    assert text == shipped.resource(shipped.EXAMPLES, f"{example}.yaml").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("auto", ["auto", "AUTO", "Auto"])
def test_auto_is_a_name_in_any_case(tmp_path, auto):
    config = _write(tmp_path, f"workers: {auto}\nlayout: {{margins: {{gutter: {auto}}}}}\n"
                    + BASE)
    done = bookgen("validate", "-q", config)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "ok: Hostile: 1 section, 2 puzzles, template letter-4up\n"
