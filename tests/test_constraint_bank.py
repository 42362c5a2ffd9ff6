"""Canonical forms and the bank for the constraint kinds.

The isomorphs are made here: a motion of the kind's group moves the cells (checked to
map the test's own units and pair rules onto themselves, exact_cover), then the digits
are renamed (non-consecutive: only reversed, d -> 10 - d, which keeps digits one apart
one apart). A row swap inside a band is a classic motion no kind here keeps.
"""

from __future__ import annotations

import json
import random

import pytest
from exact_cover import APART_STEPS, DIFFERENT_STEPS, bound_pairs, count_exact, variant_units

from bookgen.book.bank import Bank, Taken
from bookgen.cli import main
from bookgen.core.grid import geometry
from bookgen.core.model import DigSpec
from bookgen.core.rules import Symmetry, Variant, fits, is_symmetric
from bookgen.engine.canon import canonical_key, variant_motions
from bookgen.make.generate import make_puzzle

KINDS = ("anti-knight", "anti-king", "non-consecutive", "disjoint-groups", "asterisk",
         "center-dot", "girandola")
PAIRED = ("anti-knight", "anti-king", "non-consecutive")


def renamed(values: tuple[int, ...], kind: str, rng: random.Random) -> tuple[int, ...]:
    """The digits renamed as the kind allows: any renaming, or non-consecutive's reversal."""
    if kind == "non-consecutive":
        return tuple(10 - v if v else 0 for v in values) if rng.random() < 0.5 else values
    names = list(range(1, 10))
    rng.shuffle(names)
    return tuple(names[v - 1] if v else 0 for v in values)


def image(values: tuple[int, ...], motion: tuple[int, ...]) -> tuple[int, ...]:
    """Image cell i takes source cell motion[i]."""
    return tuple(values[i] for i in motion)


@pytest.mark.parametrize("kind", KINDS)
def test_the_group_keeps_the_rules(kind: str) -> None:
    units = {frozenset(u) for u in variant_units(9, kind)}
    pairs = {frozenset(p) for steps in (DIFFERENT_STEPS, APART_STEPS)
             for p in bound_pairs(9, steps.get(kind, ()))}
    motions = variant_motions(9, Variant.parse(kind))
    assert len(motions) > 1 and len(set(motions)) == len(motions)
    for m in motions:
        assert {frozenset(m[i] for i in u) for u in units} == units
        assert {frozenset(m[i] for i in p) for p in pairs} == pairs


@pytest.mark.parametrize("kind", KINDS)
def test_isomorphs_share_a_form_and_other_motions_do_not(kind: str) -> None:
    rng = random.Random(kind)
    geo = geometry(9, kind)
    p = make_puzzle(DigSpec(9, variant=Variant.parse(kind)), "canon", 0)
    key = canonical_key(p.puzzle, geo)
    assert key.startswith(f"{kind}:")
    motions = variant_motions(9, Variant.parse(kind))
    taken = Taken()
    taken.add(p.puzzle)
    for _ in range(6):
        iso = renamed(image(p.puzzle, rng.choice(motions)), kind, rng)
        if kind not in PAIRED:  # a minimal pair-rule puzzle takes exact cover too long
            assert count_exact(iso, geo) == 1
        assert canonical_key(iso, geo) == key
        assert iso in taken  # a series never repeats a puzzle, moved or renamed
    swap = tuple(9 + c if c < 9 else c - 9 if c < 18 else c for c in range(81))
    assert swap not in motions
    assert canonical_key(image(p.puzzle, swap), geo) != key
    if kind != "non-consecutive":
        # relabelling breaks non-consecutive's rule, so it is not in its group
        assert canonical_key(tuple(v % 9 + 1 if v else 0 for v in p.puzzle), geo) == key
    else:
        assert canonical_key(tuple(v % 9 + 1 if v else 0 for v in p.puzzle), geo) != key


def test_bank_fill_export_and_stats_on_the_command_line(tmp_path, capsys) -> None:
    path = str(tmp_path / "b.db")
    # two unit kinds: a bank grades every puzzle, and a minimal pair-rule puzzle grades
    # slowly until the grader knows the pair rules
    for kind in ("center-dot", "girandola"):
        assert main(["bank", "fill", path, "-n", "3", "--variant", kind, "--seed", "2",
                     "--workers", "1", "--quiet"]) == 0
        assert "3 puzzles of this run" in capsys.readouterr().out
    with Bank(path) as bank:
        rows = list(bank.rows())
    assert sorted(r["variant"] for r in rows) == ["center-dot"] * 3 + ["girandola"] * 3
    for r in rows:
        geo = geometry(9, r["variant"])
        values = tuple(int(ch) if ch != "." else 0 for ch in r["givens"])
        assert count_exact(values, geo) == 1
        assert r["canon"] == canonical_key(values, geo)
    assert main(["bank", "stats", path]) == 0
    stats = capsys.readouterr().out
    assert "center-dot" in stats and "girandola" in stats
    out = tmp_path / "export.txt"
    assert main(["bank", "export", path, "-o", str(out)]) == 0
    records = [json.loads(line.split("  #")[0]) for line in out.read_text().splitlines()
               if line.startswith("{")]
    assert sorted(r["variant"] for r in records) == ["center-dot"] * 3 + ["girandola"] * 3
    # filling again with the same seed finds every puzzle already stored
    assert main(["bank", "fill", path, "-n", "3", "--variant", "girandola", "--seed", "2",
                 "--workers", "1", "--quiet"]) == 0
    with Bank(path) as bank:
        assert len(list(bank.rows())) == 6


TURNS = {
    Symmetry.ROTATIONAL: lambda r, c: (8 - r, 8 - c),
    Symmetry.ROTATIONAL90: lambda r, c: (c, 8 - r),
    Symmetry.MIRROR: lambda r, c: (r, 8 - c),
    Symmetry.FLIP: lambda r, c: (8 - r, c),
    Symmetry.DIAGONAL: lambda r, c: (c, r),
    Symmetry.ANTIDIAGONAL: lambda r, c: (8 - c, 8 - r),
}
"""Each clue symmetry's motion of a 9x9 grid (dihedral: the group of two of them)."""


@pytest.mark.parametrize("kind", KINDS)
def test_every_clue_symmetry_fits_and_keeps_the_rules(kind: str) -> None:
    """The seven kinds' units and pair rules are unchanged by every turn and mirror of
    the square, so every symmetry fits them, and a symmetric dig gives a symmetric puzzle."""
    units = {frozenset(u) for u in variant_units(9, kind)}
    pairs = {frozenset(p) for steps in (DIFFERENT_STEPS, APART_STEPS)
             for p in bound_pairs(9, steps.get(kind, ()))}
    variant = Variant.parse(kind)
    for symmetry, turn in TURNS.items():
        to = [(lambda rc: rc[0] * 9 + rc[1])(turn(*divmod(c, 9))) for c in range(81)]
        assert {frozenset(to[c] for c in u) for u in units} == units
        assert {frozenset(to[c] for c in p) for p in pairs} == pairs
        assert fits(symmetry, 9, variant)
    made = make_puzzle(DigSpec(9, variant=variant, symmetry=Symmetry.ROTATIONAL), "sym", 0)
    assert is_symmetric(made.puzzle, 9, Symmetry.ROTATIONAL, variant)
