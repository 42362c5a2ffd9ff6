"""Generation for the variants: jigsaw layouts, X, hyper and jigsaw puzzles, clue minimums.

Every puzzle made here is checked unique by the exact-cover solver, whose units are built
in the test code (exact_cover.variant_units), not taken from bookgen's Geometry.
"""

import random

import pytest
from exact_cover import (
    APART_STEPS,
    DIFFERENT_STEPS,
    bound_pairs,
    count_exact,
    solutions_exact,
    units_of,
    variant_units,
)
from shapes import minimal, symmetric

from bookgen.core.errors import GenerationError
from bookgen.core.grid import find_clash, geometry
from bookgen.core.model import ClueTarget, DigSpec
from bookgen.core.rules import JIGSAW_SIZES, MIN_CLUES, Symmetry, Variant, clue_counts, min_clues
from bookgen.make.generate import make_puzzle, misfit, puzzle_geometry, random_layout
from bookgen.variants.jigsaw import layouts as jigsaw

JIGSAW6 = "122222" "113324" "113334" "155634" "555644" "566664"


def regions_ok(labels: str, n: int) -> bool:
    """n labels, n cells each, each region one piece through shared edges (checked here)."""
    if len(labels) != n * n or len(set(labels)) != n:
        return False
    for label in set(labels):
        cells = {c for c, ch in enumerate(labels) if ch == label}
        if len(cells) != n:
            return False
        seen, todo = set(), [min(cells)]
        while todo:
            c = todo.pop()
            if c in seen:
                continue
            seen.add(c)
            r, k = divmod(c, n)
            todo += [x for x in (c - n if r else -1, c + n if r < n - 1 else -1,
                                 c - 1 if k else -1, c + 1 if k < n - 1 else -1)
                     if x in cells]
        if seen != cells:
            return False
    return True


def rectangle(cells: set[int], n: int) -> bool:
    rows = {c // n for c in cells}
    cols = {c % n for c in cells}
    return len(rows) * len(cols) == len(cells)


def check_unique(p, n: int) -> None:
    """The exact-cover solver agrees: one solution, the generator's."""
    geo = p.geo
    assert geo.n == n
    found = solutions_exact(p.puzzle, geo, 2)
    assert found == [p.solution]
    assert all(p.puzzle[c] in (0, p.solution[c]) for c in range(n * n))
    for unit in units_of(geo):
        assert sorted(p.solution[c] for c in unit) == list(range(1, n + 1))


def test_the_test_units_match_the_geometry():
    """The independent units and bookgen's describe the same topology (as sets)."""
    for variant in Variant:
        for n in variant.sizes:
            regions = None
            if variant is Variant.JIGSAW:
                regions = jigsaw.random_layout(n, random.Random(n))[0]
            geo = geometry(n, variant, regions)
            mine = {frozenset(u) for u in units_of(geo)}
            assert mine == {frozenset(u) for u in geo.units}
            # the pair rules: the cells each cell sees (unit mates and cells that may not
            # repeat its digit) and its non-consecutive partners
            seen: list[set[int]] = [set() for _ in range(len(geo.peers))]
            for unit in mine:
                for c in unit:
                    seen[c] |= unit - {c}
            near: list[set[int]] = [set() for _ in seen]
            for table, steps in ((seen, DIFFERENT_STEPS), (near, APART_STEPS)):
                for a, b in bound_pairs(n, steps.get(variant.value, ())):
                    table[a].add(b)
                    table[b].add(a)
            assert seen == [set(p) for p in geo.peers], variant
            assert near == [set(p) for p in geo.neighbours], variant


@pytest.mark.parametrize("n", JIGSAW_SIZES)
def test_random_layouts_are_connected_regions_of_n_cells(n):
    rng = random.Random(f"layouts:{n}")
    made = []
    for _ in range(5):
        labels, growths = jigsaw.random_layout(n, rng)
        assert labels is not None and growths >= 1
        assert regions_ok(labels, n)
        assert not any(rectangle({c for c, ch in enumerate(labels) if ch == lab}, n)
                       for lab in set(labels))
        made.append(labels)
    assert len(set(made)) == 5  # random, not one fixed layout


def test_plain_boxes_only_when_asked():
    boxes = "".join(str(geometry(9).box(c) + 1) for c in range(81))
    assert jigsaw.has_plain_box(boxes, 9)
    assert jigsaw.has_plain_box("11111" "22222" "33333" "44444" "55555", 5)  # rows
    assert not jigsaw.has_plain_box(JIGSAW6, 6)
    # allowed, a growth may keep rectangles; never asked, none appears in many layouts
    rng = random.Random(3)
    kept = [jigsaw.random_layout(6, rng, allow_boxes=True)[0] for _ in range(30)]
    assert all(lab is not None and regions_ok(lab, 6) for lab in kept)


def test_layouts_are_reproducible_from_seed_and_index():
    a = random_layout(8, 7, 3)
    assert a == random_layout(8, 7, 3)
    assert a.regions != random_layout(8, 7, 4).regions
    assert a.tried >= 1 and a.growths >= a.tried


def test_usable_layout_counts_rejections():
    calls = []

    def usable(geo):
        calls.append(geo.region_labels)
        return len(calls) == 3  # the first two are "unusable"

    layout = jigsaw.usable_layout(7, random.Random(1), usable)
    assert layout.tried == 3 and layout.regions == calls[-1]
    with pytest.raises(GenerationError, match="no usable 5x5 jigsaw layout in"):
        jigsaw.usable_layout(5, random.Random(1), lambda geo: False)


@pytest.mark.parametrize(("variant", "n", "count"), [
    (Variant.X, 9, 2), (Variant.X, 6, 4), (Variant.X, 4, 4), (Variant.HYPER, 9, 2),
    (Variant.JIGSAW, 5, 3), (Variant.JIGSAW, 6, 3), (Variant.JIGSAW, 7, 2),
    (Variant.JIGSAW, 8, 2),
    # the exact-cover minimality check of a sparse 9x9 jigsaw takes ~20 s
    pytest.param(Variant.JIGSAW, 9, 1, marks=pytest.mark.slow),
])
def test_minimal_puzzles_of_every_variant_are_unique_and_minimal(variant, n, count):
    for index in range(count):
        p = make_puzzle(DigSpec(n, variant=variant, minimal=True), "var", index)
        check_unique(p, n)
        assert p.variant is variant
        assert (p.regions is not None) == (variant is Variant.JIGSAW)
        if variant is Variant.JIGSAW:
            assert regions_ok(p.regions, n) and p.layouts >= 1
        assert minimal(p.puzzle, "none", p.geo)
        assert p.clues >= min_clues(n, variant)


def test_x_puzzles_need_the_diagonals():
    """A minimal X puzzle below 17 clues has several solutions as a classic puzzle."""
    p = next(q for i in range(40)
             if (q := make_puzzle(DigSpec(9, variant=Variant.X, minimal=True), "x", i)).clues
             < MIN_CLUES[9])
    check_unique(p, 9)
    assert count_exact(p.puzzle, geometry(9)) == 2


def test_jigsaw_with_a_fixed_layout_and_symmetry():
    spec = DigSpec(6, Symmetry.ROTATIONAL, variant=Variant.JIGSAW, regions=JIGSAW6,
                   minimal=True)
    for index in range(3):
        p = make_puzzle(spec, 5, index)
        assert p.regions == JIGSAW6 and p.layouts == 0
        check_unique(p, 6)
        assert symmetric(p.puzzle, "rotational", 6)
        assert minimal(p.puzzle, "rotational", p.geo)
        assert misfit(p.puzzle, spec) is None


@pytest.mark.parametrize("symmetry", ["rotational", "diagonal", "rotational90"])
def test_random_jigsaw_layouts_take_any_clue_symmetry(symmetry):
    spec = DigSpec(7, Symmetry(symmetry), variant=Variant.JIGSAW, minimal=True)
    p = make_puzzle(spec, 2, 0)
    check_unique(p, 7)
    assert symmetric(p.puzzle, symmetry, 7)


def test_clue_targets_for_variants():
    spec = DigSpec(9, variant=Variant.HYPER, clues=ClueTarget.parse("26-28", 9))
    p = make_puzzle(spec, 1, 0)
    check_unique(p, 9)
    assert 26 <= p.clues <= 28
    spec = DigSpec(9, Symmetry.ROTATIONAL, ClueTarget.parse("30-34", 9, Variant.JIGSAW),
                   variant=Variant.JIGSAW)
    p = make_puzzle(spec, 1, 1)
    check_unique(p, 9)
    assert 30 <= p.clues <= 34 and symmetric(p.puzzle, "rotational", 9)


def test_generation_is_the_same_on_both_backends():
    for variant, n in ((Variant.X, 6), (Variant.JIGSAW, 7)):
        spec = DigSpec(n, variant=variant, minimal=True)
        assert make_puzzle(spec, 4, 1, "python") == make_puzzle(spec, 4, 1, "numba")


def test_clue_minimums_per_variant():
    assert min_clues(9) == 17 and min_clues(9, Variant.X) == 8
    assert min_clues(7, Variant.JIGSAW) == 6
    assert ClueTarget.parse("12", 9, Variant.X).lo == 12
    with pytest.raises(GenerationError, match="impossible for a 9x9 grid: .* at least 17"):
        ClueTarget.parse("12", 9)
    with pytest.raises(GenerationError, match="impossible for a 9x9 hyper grid: .* least 8"):
        ClueTarget.parse("7", 9, Variant.HYPER)
    assert min(clue_counts(9, Symmetry.NONE, Variant.X)) == 8
    assert min(clue_counts(9, Symmetry.NONE)) == 17


def test_a_layout_without_a_completion_is_refused():
    """A random 5x5 layout that no complete grid fits (11 of 300 random 5x5 layouts are
    such; the exact-cover solver confirms it)."""
    bad = "11112" "31222" "34442" "35544" "33555"
    geo = geometry(5, Variant.JIGSAW, bad)
    assert count_exact([0] * 25, geo, 1) == 0
    with pytest.raises(GenerationError, match="no complete grid found"):
        puzzle_geometry(DigSpec(5, variant=Variant.JIGSAW, regions=bad), 0, 0)


def test_generated_givens_never_clash_on_extra_units():
    for variant in (Variant.X, Variant.HYPER):
        p = make_puzzle(DigSpec(9, variant=variant), 9, 0)
        assert find_clash(p.solution, p.geo) is None
        units = variant_units(9, variant.value)
        assert all(len({p.solution[c] for c in u}) == 9 for u in units)


def test_random_layouts_do_not_depend_on_the_workers():
    from bookgen.make.improve import generate_puzzles

    spec = DigSpec(6, variant=Variant.JIGSAW, minimal=True)
    one = generate_puzzles(52, spec, 8, workers=1)  # two chunks: two workers share them
    two = generate_puzzles(52, spec, 8, workers=2)
    assert one == two
    assert len({p.regions for p in one}) > 40  # a fresh layout per puzzle
    for p in one[::10]:
        check_unique(p, 6)


@pytest.mark.parametrize(("variant", "n"), [(Variant.JIGSAW, 6), (Variant.X, 6)])
def test_improve_keeps_the_variant_and_the_shape(variant, n):
    from bookgen.make.improve import improve

    p = make_puzzle(DigSpec(n, variant=variant, minimal=True), "improve", 0)
    spec = DigSpec(n, Symmetry.NONE, variant=variant, regions=p.regions, minimal=True)
    result = improve(p.solution, p.geo, evaluations=30, workers=1, spec=spec)
    assert result.solution == p.solution
    assert solutions_exact(result.puzzle, p.geo, 2) == [p.solution]
    assert minimal(result.puzzle, "none", p.geo)


@pytest.mark.parametrize("variant, n", [(Variant.JIGSAW, 6), (Variant.HYPER, 9),
                                        (Variant.CLASSIC, 16)])
def test_a_puzzle_comes_back_from_a_worker_as_it_was_made(variant, n):
    """What a pool's worker sends (grids as bytes) unpickles to the same puzzle."""
    import pickle

    made = make_puzzle(DigSpec(n, variant=variant), 3, 0)
    back = pickle.loads(pickle.dumps(made))
    assert back == made
    assert type(back.puzzle) is tuple and back.regions == made.regions
