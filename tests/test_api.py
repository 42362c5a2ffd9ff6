"""The public Python API named in the README."""

from exact_cover import solutions_exact

import bookgen
import bookgen.grade
import bookgen.grade.rating  # importing the submodules must not shadow the functions

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_api_round_trip():
    values, geo = bookgen.parse(EASY)
    assert isinstance(geo, bookgen.Geometry) and geo is bookgen.geometry(9)
    truth = solutions_exact(values, geo, 2)
    assert bookgen.count_solutions(values, geo) == 1
    assert bookgen.solve(values, geo) == (1, truth)
    tr = bookgen.trace(values, geo)
    assert tr.solution == truth[0] and tr.level == 0
    r = bookgen.rate(values, geo)
    assert r.as_dict()["solution"] == "".join(map(str, truth[0]))
    assert r.band == bookgen.grade(values, geo).band
    cand_sum, cand_sq, cells = bookgen.hints(values, geo)
    assert cand_sum == sum(len(c) for _, c in cells) and len(cells) == values.count(0)
