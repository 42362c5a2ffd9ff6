"""The variant topologies: X diagonals, hyper windows, jigsaw regions (grid.geometry)."""

import pytest

from bookgen.core.errors import InputError
from bookgen.core.grid import geometry
from bookgen.core.kinds import Relation
from bookgen.core.rules import HYPER_WINDOWS, Variant

# A 5x5 jigsaw: five connected regions of five cells.
JIGSAW5 = "AAABB" "AACBB" "DCCCB" "DDCEE" "DDEEE"


def test_every_variant_has_its_units_once():
    for variant in Variant:
        for n in variant.sizes:
            regions = None
            if variant is Variant.JIGSAW:
                regions = "".join(str(c // n + 1) for c in range(n * n))  # rows as regions
            geo = geometry(n, variant, regions)
            extra = len(variant.extra_units(n))
            grids = len(variant.board.origins) if variant.board else 1
            # a board's grids are chained: each past the first shares one box
            assert len(geo.units) == 3 * n * grids - (grids - 1) + extra
            assert all(len(set(u)) == n for u in geo.units)
            first_box = geo.unit_kinds.index("box")
            for c in range(geo.ncells):
                assert geo.units[first_box + geo.box(c)].count(c) == 1
                assert c not in geo.peers[c]
                ruled = {p for rule in variant.pair_rules(n) for p in rule.cells(n, c)
                         if rule.relation is Relation.DIFFERENT}
                assert set(geo.peers[c]) == {p for u in geo.cell_units[c]
                                             for p in geo.units[u]} - {c} | ruled


def test_hyper_windows_add_peers():
    geo = geometry(9, Variant.HYPER)
    assert geo.unit_names[-4:] == ("window 1", "window 2", "window 3", "window 4")
    assert len(geo.peers[1 * 9 + 1]) == 23  # r2c2: three window cells outside its box
    assert len(geo.peers[0]) == 20  # r1c1 is in no window
    assert len(geo.peers[4 * 9 + 4]) == 20  # r5c5, the centre, is in no window
    windows = {c for r0, c0 in HYPER_WINDOWS for c in
               ((r0 + i) * 9 + c0 + j for i in range(3) for j in range(3))}
    assert {c for u in geo.units[-4:] for c in u} == windows


def test_x_diagonals():
    geo = geometry(6, Variant.X)
    assert geo.units[-2] == (0, 7, 14, 21, 28, 35)
    assert geo.units[-1] == (5, 10, 15, 20, 25, 30)


def test_jigsaw_regions_are_relabelled_by_first_appearance():
    geo = geometry(5, Variant.JIGSAW, JIGSAW5)
    assert geo.region_labels == "11122" "11322" "43332" "44355" "44555"
    assert geo.region_layout == geo.region_labels
    assert geo.unit_names[10:15] == tuple(f"region {i}" for i in range(1, 6))
    assert geometry(5, Variant.JIGSAW, JIGSAW5.lower()) is geo  # same layout, one object
    assert geo.box_rows == geo.box_cols == 0
    assert geometry(9).region_layout is None
    assert [geometry(9).box(c) for c in (0, 8, 80)] == [0, 2, 8]


@pytest.mark.parametrize(("n", "variant", "regions", "message"), [
    (9, Variant.HYPER, None, None),
    (6, Variant.HYPER, None, "unsupported grid size 6 for hyper: expected one of 9"),
    (5, Variant.X, None, "unsupported grid size 5 for x: expected one of 4, 6, 9, 12, 16"),
    (7, Variant.CLASSIC, None, "unsupported grid size 7 for classic"),
    (5, Variant.JIGSAW, None, "a jigsaw grid needs its regions"),
    (9, Variant.X, "1" * 81, "regions belong to jigsaw grids, not x"),
    (5, Variant.JIGSAW, JIGSAW5[:-1], "jigsaw regions: 24 labels, expected 25 (5x5)"),
    (5, Variant.JIGSAW, "AAAAB" "BBBBC" "CCCCD" "DDDDE" "EEEEF",
     "jigsaw regions: 6 different labels, expected 5"),
    (5, Variant.JIGSAW, "AAAAA" "BBBBB" "CCCCC" "DDDDE" "EEEED",
     "jigsaw region 'D' is not connected"),
    (5, Variant.JIGSAW, "AAAAA" "ABBBB" "CCCCC" "DDDDD" "EEEEE",
     "jigsaw region 'A' has 6 cells, expected 5"),
    (9, "windoku", None, "unknown variant 'windoku': expected one of classic, x, hyper, jigsaw, killer"),
])
def test_bad_topologies_are_named(n, variant, regions, message):
    if message is None:
        geometry(n, variant, regions)
        return
    with pytest.raises(InputError, match=None) as e:
        geometry(n, variant, regions)
    assert str(e.value).startswith(message)
