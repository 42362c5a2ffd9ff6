"""Compact reprs of the records people print: Geometry, Trace, Rating and Grading fit on
one line and say what matters (not every unit, peer or step)."""

from conftest import SMALL_PUZZLES

from bookgen import geometry, grade, parse, rate, trace

GOLDEN = SMALL_PUZZLES[9][0]


def test_geometry_repr():
    assert repr(geometry(9)) == "Geometry(9x9, boxes 3x3)"
    assert repr(geometry(6)) == "Geometry(6x6, boxes 2x3)"
    assert repr(geometry(9, "x")) == "Geometry(9x9, boxes 3x3, x)"


def test_trace_rating_and_grading_reprs_are_one_short_line():
    values, geo = parse(GOLDEN)
    assert repr(trace(values, geo)) == (
        "Trace(count 1, level 15/20, complexity 102/263/1229, way of 15 steps)")
    r = repr(rate(values, geo))
    assert r.startswith(f"Rating({GOLDEN!r}, count 1, level 15/20, complexity 102/263/1229, "
                        "clues 22, grade ")
    assert r.endswith(" ms)") and "\n" not in r and len(r) < 200
    g = grade(values, geo)
    assert repr(g) == (f"Grading({g.grade:.1f} {g.band.value}, hardest {g.hardest!r}, "
                       f"{len(g.steps)} steps)")
    unrated = repr(rate(values, geo, with_grade=False))
    assert "grade" not in unrated
