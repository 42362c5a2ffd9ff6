"""Complete, dig and create: every puzzle checked by the independent exact-cover solver."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from exact_cover import count_exact
from shapes import image, minimal, symmetric

from bookgen.core.errors import GenerationError
from bookgen.core.grid import find_clash, format_line, geometry, parse
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import Symmetry, symmetry_groups
from bookgen.make.generate import complete_board, create, dig, make_puzzle, misfit


def _check_puzzle(puzzle, solution, geo, symmetry="none"):
    """Unique by the exact-cover solver, consistent with its solution, symmetric."""
    assert count_exact(puzzle, geo) == 1
    assert count_exact(solution, geo) == 1 and all(solution)
    assert all(p in (0, s) for p, s in zip(puzzle, solution, strict=True))
    assert symmetric(puzzle, symmetry, geo.n)


@pytest.mark.parametrize(
    ("n", "symmetry", "orbits"),
    [(9, "none", 81), (9, "rotational", 41), (9, "rotational90", 21), (9, "mirror", 45),
     (9, "flip", 45), (9, "diagonal", 45), (9, "antidiagonal", 45), (9, "dihedral", 15),
     (4, "dihedral", 3), (6, "rotational90", 9), (16, "rotational", 128)],
)
def test_symmetry_groups_are_orbits(n, symmetry, orbits):
    groups = symmetry_groups(n, Symmetry(symmetry))
    assert len(groups) == orbits
    assert sorted(c for g in groups for c in g) == list(range(n * n))
    where = {c: i for i, g in enumerate(groups) for c in g}
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for r2, c2 in image(symmetry, n, r, c):
            assert where[r2 * n + c2] == where[cell]


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
def test_complete_board_is_a_solution(n):
    geo = geometry(n)
    board = complete_board(geo, random.Random(n))
    assert all(board) and find_clash(board, geo) is None


def test_complete_board_depends_on_the_generator_only():
    geo = geometry(9)
    assert complete_board(geo, random.Random(5)) == complete_board(geo, random.Random(5))
    assert complete_board(geo, random.Random(5)) != complete_board(geo, random.Random(6))


@pytest.mark.parametrize("symmetry", [s.value for s in Symmetry])
def test_make_puzzle_symmetry(symmetry):
    spec = DigSpec(9, Symmetry(symmetry), minimal=True)
    geo = geometry(9)
    for index in range(2):
        p = make_puzzle(spec, 11, index)
        _check_puzzle(p.puzzle, p.solution, geo, symmetry)
        assert p.clues == sum(1 for v in p.puzzle if v)


@pytest.mark.parametrize(
    ("n", "index", "symmetry"),
    [(4, 0, "none"), (4, 1, "none"), (6, 0, "none"), (6, 1, "none"), (9, 0, "none"),
     (9, 1, "none"), (9, 0, "rotational"), (9, 1, "dihedral")],
)
def test_minimal_puzzles_lose_uniqueness_without_any_clue(n, index, symmetry):
    geo = geometry(n)
    spec = DigSpec(n, Symmetry(symmetry), minimal=True)
    p = make_puzzle(spec, 3, index)
    _check_puzzle(p.puzzle, p.solution, geo, symmetry)
    assert minimal(p.puzzle, symmetry, geo)
    assert misfit(p.puzzle, spec) is None


# ---------------------------------------------------------------- aimed digs and misfits


def _recording(judge):
    """judge, and the list of the puzzles it was asked about, in order."""
    calls = []

    def record(puzzle):
        calls.append(puzzle)
        return judge(puzzle)

    return record, calls


def _within(small, big):
    """Every clue of small is a clue of big."""
    return all(v in (0, w) for v, w in zip(small, big, strict=True))


@pytest.mark.parametrize(
    ("symmetry", "clues", "index"),
    [("none", None, 0), ("none", None, 1), ("rotational", None, 0), ("none", "24-40", 2)],
)
def test_aimed_dig_stops_before_the_first_step_too_hard(symmetry, clues, index):
    """The judge sees the dig's puzzles in order, each one step (an orbit) further, and the
    dig stops at the one before the first it calls too hard."""
    from bookgen.grade.rating import rate

    geo = geometry(9)
    spec = DigSpec(9, Symmetry(symmetry), ClueTarget.parse(clues, 9) if clues else None)
    plain = make_puzzle(spec, 4, index)
    judge, calls = _recording(lambda p: rate(p, geo).grade >= 1.5)
    aimed = make_puzzle(spec, 4, index, too_hard=judge)
    assert aimed.solution == plain.solution
    _check_puzzle(aimed.puzzle, aimed.solution, geo, symmetry)
    assert rate(aimed.puzzle, geo).grade < 1.5 <= rate(plain.puzzle, geo).grade
    assert aimed.puzzle == calls[-2] and aimed.clues == sum(1 for v in aimed.puzzle if v)
    assert sum(1 for v in calls[0] if v) <= spec.target.hi
    for before, after in zip(calls, calls[1:], strict=False):
        assert _within(after, before) and after != before
        assert symmetric(before, symmetry, 9) and _within(plain.puzzle, before)
    assert _within(plain.puzzle, calls[-1])


def test_aimed_dig_keeps_the_plain_dig_when_no_step_is_too_hard_or_the_first_is():
    spec = DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(26, 30))
    plain = make_puzzle(spec, 6, 0)
    never, calls = _recording(lambda p: False)
    assert make_puzzle(spec, 6, 0, too_hard=never) == plain
    assert calls[-1] == plain.puzzle and all(sum(1 for v in p if v) <= 30 for p in calls)
    always, calls = _recording(lambda p: True)
    assert make_puzzle(spec, 6, 0, too_hard=always) == plain and len(calls) == 1


def test_minimal_digs_are_not_aimed():
    spec = DigSpec(9, minimal=True)
    judge, calls = _recording(lambda p: True)
    assert make_puzzle(spec, 6, 1, too_hard=judge) == make_puzzle(spec, 6, 1) and not calls


def test_aimed_digs_are_the_same_on_both_backends():
    spec = DigSpec(9, Symmetry.MIRROR)
    few = lambda p: sum(1 for v in p if v) < 40  # noqa: E731
    puzzles = [make_puzzle(spec, 8, 0, backend, too_hard=few) for backend in ("python", "numba")]
    assert puzzles[0] == puzzles[1] and puzzles[0].clues in (40, 41)


def test_misfit_names_what_is_wrong():
    geo = geometry(9)
    spec = DigSpec(9, Symmetry.ROTATIONAL, ClueTarget(20, 40), minimal=True)
    p = make_puzzle(spec, 2, 0)
    assert misfit(p.puzzle, spec) is None
    assert misfit(p.puzzle, DigSpec(9, Symmetry.MIRROR)) == (
        "its clues are not symmetric under mirror left-right"
    )
    assert misfit(p.puzzle, DigSpec(9, clues=ClueTarget(40, 45))) == (
        f"it has {p.clues} clues, expected 40-45"
    )
    blank = next(c for c, v in enumerate(p.puzzle) if not v)
    more = list(p.puzzle)
    more[blank], more[80 - blank] = p.solution[blank], p.solution[80 - blank]
    assert not minimal(more, "rotational", geo)
    message = misfit(tuple(more), spec)
    assert message is not None and message.startswith("it is not minimal: the clues at r")
    assert misfit(tuple(more), DigSpec(9, Symmetry.ROTATIONAL)) is None


@pytest.mark.parametrize("n", [12, pytest.param(16, marks=pytest.mark.slow)])
def test_large_sizes(n):
    geo = geometry(n)
    p = make_puzzle(DigSpec(n, Symmetry.ROTATIONAL, ClueTarget(0, n * n)), 1, 0)
    _check_puzzle(p.puzzle, p.solution, geo, "rotational")


@pytest.mark.parametrize(
    ("clues", "symmetry", "minimal"),
    [("30", "none", False), ("24-26", "none", False), ("27-29", "rotational", False),
     ("22-25", "none", True), ("40", "dihedral", False)],
)
def test_clue_targets(clues, symmetry, minimal):
    target = ClueTarget.parse(clues, 9)
    spec = DigSpec(9, Symmetry(symmetry), target, minimal)
    for index in range(3):
        p = make_puzzle(spec, 7, index)
        _check_puzzle(p.puzzle, p.solution, geometry(9), symmetry)
        assert target.lo <= p.clues <= target.hi


def test_unreachable_target_says_what_was_reached():
    spec = DigSpec(9, clues=ClueTarget(17, 17), max_tries=5)
    with pytest.raises(GenerationError, match=r"after 5 tries the clue counts reached were "
                                              r"\d+(-\d+)?, target 17"):
        make_puzzle(spec, 0, 0)


@pytest.mark.parametrize(
    ("text", "n", "message"),
    [("10-12", 9, "impossible for a 9x9 grid: a unique puzzle needs at least 17"),
     ("3", 4, "needs at least 4"), ("90", 9, "only 81 cells"), ("30-20", 9, "range is empty"),
     ("abc", 9, "expected a number or a range"), ("1-2-3", 9, "expected a number")],
)
def test_bad_clue_targets(text, n, message):
    with pytest.raises(GenerationError, match=message):
        ClueTarget.parse(text, n)


def test_clue_target_forms():
    assert ClueTarget.parse("24-30", 9) == ClueTarget(24, 30)
    assert ClueTarget.parse(25, 9) == ClueTarget(25, 25)
    assert ClueTarget.parse(None, 9) == ClueTarget(0, 81)


def test_unknown_symmetry():
    with pytest.raises(GenerationError, match="unknown symmetry 'spiral': expected one of none"):
        Symmetry.parse("spiral")


@pytest.mark.parametrize(
    ("n", "symmetry", "clues", "minimal"),
    [(4, "none", None, True), (6, "mirror", None, True), (9, "none", None, True),
     (9, "rotational", "26-30", False), (9, "dihedral", None, False)],
)
def test_backends_give_the_same_puzzles(n, symmetry, clues, minimal):
    target = ClueTarget.parse(clues, n) if clues else None
    spec = DigSpec(n, Symmetry(symmetry), target, minimal)
    for index in range(2):
        assert make_puzzle(spec, 5, index, "python") == make_puzzle(spec, 5, index, "numba")


def test_dig_from_a_start_keeps_the_solution():
    geo = geometry(9)
    solution = complete_board(geo, random.Random(1))
    puzzle = dig(solution, geo, random.Random(2))
    _check_puzzle(puzzle, solution, geo)
    again = dig(solution, geo, random.Random(3), start=puzzle,
                groups=[(c,) for c, v in enumerate(puzzle) if v])
    assert again == puzzle  # a minimal puzzle has nothing left to dig


# ---------------------------------------------------------------- create

MANY = ".....7...1.......3.5.48........7....9.2...831......9.2.1......87.564.3.....3....5"
GOLDEN = ".....73...6.......3..2.51.757..2...............3..6.1.4.....7....156..3....8....5"


@pytest.mark.parametrize("text", [MANY, "." * 81, "." * 16, "." * 36, "." * 144, GOLDEN])
def test_create_makes_a_unique_puzzle(text):
    values, geo = parse(text)
    made = create(values, geo, random.Random(0))
    _check_puzzle(made.puzzle, made.solution, geo)
    for change in made.changes:
        assert change.action == "added"
        assert values[change.cell] == 0 and made.puzzle[change.cell] == change.value
    if count_exact(values, geo) == 1:
        assert made.puzzle == values and not made.changes


def test_create_drops_clashes_then_fixes_no_solution():
    values, geo = parse("11" + "." * 79, check=False)
    made = create(values, geo, random.Random(0))
    assert made.changes[0].describe(geo) == "dropped r1c2=1: clashes with r1c1 in row 1"
    _check_puzzle(made.puzzle, made.solution, geo)
    # Two givens that clash with no cell in common still leave no candidate for r1c9.
    dead, geo = parse("12345678." + "........9" + "." * 63)
    made = create(dead, geo, random.Random(0))
    assert any(c.action == "removed" for c in made.changes)
    _check_puzzle(made.puzzle, made.solution, geo)


def test_create_names_changes_by_symbol():
    values, geo = parse("." * 256)
    made = create(values, geo, random.Random(0))
    assert count_exact(made.puzzle, geo) == 1
    big = next(c for c in made.changes if c.value > 9)
    assert f"={'ABCDEFG'[big.value - 10]}: " in big.describe(geo)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bookgen", *args], capture_output=True,
                          text=True, timeout=120)


def test_cli_create_prints_puzzle_and_changes():
    out = _cli("create", "11" + "." * 79)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    values, geo = parse(lines[0])
    assert count_exact(values, geo) == 1
    assert lines[1] == "# dropped r1c2=1: clashes with r1c1 in row 1"
    assert all(line.startswith("# added ") for line in lines[2:])
    assert format_line(values)[0] == "1"
