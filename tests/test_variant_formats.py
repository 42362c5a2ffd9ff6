"""Variant puzzles as text and JSON lines, and --variant on the command line.

Conventions: a jigsaw puzzle in any text form is followed by its region line; JSON lines
carry "variant" (and "regions" for jigsaw); a --variant given must agree with a JSON
line's own. Puzzles are made by the generator and checked unique by the exact-cover
solver (units written out in tests/exact_cover.py).
"""

import json

import pytest
from exact_cover import solutions_exact

from bookgen.cli import main
from bookgen.core.errors import InputError
from bookgen.core.grid import FORMATS, format_as, format_line, parse, parse_many
from bookgen.core.model import DigSpec
from bookgen.core.rules import Symmetry, Variant
from bookgen.make.generate import make_puzzle

SPECS = {
    "x9": DigSpec(9, variant=Variant.X, minimal=True),
    "x6": DigSpec(6, variant=Variant.X, minimal=True),
    "hyper": DigSpec(9, variant=Variant.HYPER, minimal=True),
    "jigsaw5": DigSpec(5, variant=Variant.JIGSAW, minimal=True),
    "jigsaw7": DigSpec(7, Symmetry.ROTATIONAL, variant=Variant.JIGSAW, minimal=True),
    "jigsaw8": DigSpec(8, variant=Variant.JIGSAW),
}


@pytest.fixture(scope="module")
def made():
    out = {}
    for name, spec in SPECS.items():
        p = make_puzzle(spec, "formats", 0)
        assert solutions_exact(p.puzzle, p.geo, 2) == [p.solution]
        out[name] = p
    return out


@pytest.mark.parametrize("name", sorted(SPECS))
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_form_reads_back(made, name, fmt):
    p = made[name]
    text = format_as(p.puzzle, p.geo, fmt)
    values, geo = parse(text, variant=p.variant)
    assert values == p.puzzle
    assert geo is p.geo
    if p.regions:
        assert text.splitlines()[-1] == p.regions  # the region line follows the puzzle


def test_a_file_of_jigsaw_puzzles_with_comments_and_blank_lines(made):
    a, b = made["jigsaw5"], made["jigsaw8"]
    text = (f"# two jigsaws\n{format_line(a.puzzle)}  # first\n\n{a.regions}\n"
            f"{format_as(b.puzzle, b.geo, 'grid')}\n")
    found = list(parse_many(text, "f.txt", "jigsaw"))
    assert [(line, v, g.region_layout) for line, v, g in found] == [
        (2, a.puzzle, a.regions), (5, b.puzzle, b.regions)]


def test_json_lines_carry_their_variant(made):
    lines = []
    for p in made.values():
        obj = {"puzzle": format_line(p.puzzle), "variant": p.variant.value}
        if p.regions:
            obj["regions"] = p.regions
        lines.append(json.dumps(obj))
    lines.append(json.dumps({"puzzle": format_line(made["x9"].puzzle)}))  # classic
    found = list(parse_many("\n".join(lines), "f.jsonl", check=False))
    kinds = [(g.n, g.variant, g.region_layout) for _, _, g in found]
    assert kinds == [(p.geo.n, p.variant, p.regions) for p in made.values()] + [
        (9, Variant.CLASSIC, None)]


@pytest.mark.parametrize(("text", "variant", "message"), [
    ("." * 25, None, "line 1: a 5x5 grid exists only as a jigsaw (variant jigsaw, with its "
                     "region line)"),
    ("." * 36, "hyper", "line 1: 36 symbols: expected 81 (a 9x9 grid)"),
    ("." * 16, "jigsaw", "line 1: 16 symbols: expected 25, 36, 49, 64 or 81 (a 5x5, 6x6, "
                         "7x7, 8x8 or 9x9 grid)"),
    ("." * 25, "jigsaw", "line 1: a jigsaw puzzle needs its region line after it: 25 region "
                         "labels, row-major"),
    ("." * 25 + "\n" + "1" * 25, "jigsaw", "line 2: jigsaw regions: 1 different labels, "
                                           "expected 5"),
    ("." * 25 + "\n" + "11122" "11322" "43332" "44355" "45545", "jigsaw",
     "line 2: jigsaw region '4' is not connected"),
    ('{"puzzle": "' + "." * 81 + '", "variant": "x"}', "hyper",
     "line 1: the puzzle's variant is x, but hyper was asked for"),
    ('{"puzzle": "' + "." * 81 + '", "variant": "windoku"}', None,
     "line 1: unknown variant 'windoku': expected one of classic, x, hyper, jigsaw, killer"),
    ('{"puzzle": "' + "." * 25 + '", "variant": "jigsaw"}', None,
     "line 1: a jigsaw grid needs its regions"),
    ('{"puzzle": "' + "." * 81 + '", "regions": "' + "1" * 81 + '"}', None,
     "line 1: regions belong to jigsaw grids, not classic"),
    ('{"givens": "1"}', None, 'line 1: expected a JSON object with a "puzzle" key holding'),
    ('{"puzzle": ', None, "line 1: not a JSON object"),
])
def test_bad_variant_input_is_named(text, variant, message):
    with pytest.raises(InputError) as e:
        list(parse_many(text, "f.txt", variant))
    assert str(e.value).startswith("f.txt: " + message)


def test_clashes_count_on_the_extra_units():
    def givens(*cells):
        return "".join("1" if c in cells else "." for c in range(81))

    diagonal = givens(0, 30)  # r1c1, r4c4: only the diagonal holds both
    parse(diagonal)
    parse(diagonal, variant="hyper")
    with pytest.raises(InputError, match="r1c1 and r4c4 both hold 1 in diagonal 1"):
        parse(diagonal, variant="x")
    window = givens(10, 30)  # r2c2, r4c4: window 1 (and the diagonal)
    with pytest.raises(InputError, match="r2c2 and r4c4 both hold 1 in window 1"):
        parse(window, variant="hyper")


# ---------------------------------------------------------------- the command line


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_and_read_back_every_variant(capsys, tmp_path):
    for variant, size in (("x", 6), ("hyper", 9), ("jigsaw", 7)):
        path = tmp_path / f"{variant}.txt"
        code, _, err = run(capsys, "generate", "-n", "2", "--variant", variant, "--size",
                           str(size), "--minimal", "--quiet", "--seed", "4", "-o", str(path))
        assert code == 0, err
        code, out, _ = run(capsys, "rate", str(path), "--variant", variant, "--format",
                           "json", "--no-grade")
        assert code == 0
        rows = [json.loads(line) for line in out.splitlines()]
        assert len(rows) == 2
        for row in rows:
            assert row["count"] == 1 and row["variant"] == variant
            assert ("regions" in row) == (variant == "jigsaw")
            values, geo = parse(json.dumps(row))
            assert solutions_exact(values, geo, 2) == [parse(
                json.dumps(row | {"puzzle": row["solution"]}))[0]]


def test_generate_json_lines_feed_solve_without_variant(capsys, tmp_path):
    path = tmp_path / "j.jsonl"
    code, _, _ = run(capsys, "generate", "-n", "1", "--variant", "jigsaw", "--size", "6",
                     "--minimal", "--quiet", "--format", "json", "-o", str(path))
    assert code == 0
    row = json.loads(path.read_text())
    code, out, _ = run(capsys, "solve", str(path))
    assert code == 0
    assert out.splitlines() == [row["solution"], row["regions"]]
    code, out, err = run(capsys, "solve", str(path), "--variant", "x")
    assert code == 1 and out == ""
    assert err == (f"error: {path}: line 1: the puzzle's variant is jigsaw, but x was "
                   "asked for\n")


def test_a_fixed_layout_on_the_command_line(capsys, made):
    regions = made["jigsaw5"].regions
    code, out, _ = run(capsys, "generate", "-n", "3", "--variant", "jigsaw", "--size", "5",
                       "--regions", regions, "--quiet")
    assert code == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[1::2]] == [regions] * 3
    for _, values, geo in parse_many(out, variant="jigsaw"):
        assert geo.region_layout == regions and len(solutions_exact(values, geo, 2)) == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["generate", "-n", "1", "--variant", "hyper", "--size", "6"],
     "error: --size 6 --variant hyper: unsupported grid size 6 for hyper: expected one of 9"),
    (["generate", "-n", "1", "--variant", "jigsaw", "--size", "4"],
     "error: --size 4: jigsaw grids have sizes 5, 6, 7, 8, 9"),
    (["generate", "-n", "1", "--size", "7"],
     "error: --size 7 --variant classic: unsupported grid size 7 for classic"),
    (["generate", "-n", "1", "--variant", "x", "--regions", "1" * 81],
     "error: --size 9 --variant x: regions belong to jigsaw grids, not x"),
    (["generate", "-n", "1", "--variant", "x", "--clues", "7"],
     "error: clue target 7 is impossible for a 9x9 x grid: a unique puzzle needs at least 8"),
    (["rate", "." * 49], "error: puzzle: line 1: a 7x7 grid exists only as a jigsaw"),
    (["hints", "." * 49, "--variant", "jigsaw"],
     "error: puzzle: line 1: a jigsaw puzzle needs its region line"),
])
def test_variant_errors_exit_1_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv, "--quiet") if argv[0] == "generate" else run(
        capsys, *argv)
    assert code == 1
    assert err.startswith(message) and err.count("\n") == 1


def test_unknown_variant_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as e:
        main(["solve", "." * 81, "--variant", "windoku"])
    assert e.value.code == 1
    assert "'windoku': expected one of classic, x, hyper, jigsaw" in capsys.readouterr().err


def test_every_puzzle_verb_takes_variant(capsys, made):
    p = made["hyper"]
    line = format_line(p.puzzle)
    for verb in ("rate", "solve", "hints", "explain", "create"):
        code, out, err = run(capsys, verb, line, "--variant", "hyper")
        assert code == 0, (verb, err)
        assert out
    code, out, err = run(capsys, "solve", line)  # as a classic puzzle it has more solutions
    assert code == 1 and "more than one solution" in err and len(out.splitlines()) == 2
    code, out, _ = run(capsys, "create", line, "--variant", "hyper", "--format", "json")
    assert json.loads(out) == {"puzzle": line, "solution": format_line(p.solution),
                               "changes": [], "variant": "hyper"}
    code, out, _ = run(capsys, "improve", format_line(p.solution), "--variant", "hyper",
                       "--evaluations", "20", "--workers", "1", "--quiet", "--format", "json")
    got = json.loads(out)
    assert got["variant"] == "hyper" and got["solution"] == format_line(p.solution)
    values, geo = parse(got["puzzle"], variant="hyper")
    assert solutions_exact(values, geo, 2) == [p.solution]
