"""Variant puzzles through the one CLI grammar: records (JSON lines) and the array fast path,
the topology fields of every JSON output, and the words tips use for variant units.

Conventions: parse_batches serves classic one-line text as arrays and hands anything else
to parse_many; both must give the same puzzles, lines and geometries. Every generated
puzzle is checked unique by the exact-cover solver (tests/exact_cover.py).
"""

from __future__ import annotations

import json

import pytest
from exact_cover import solutions_exact

from bookgen.book.tips import unit
from bookgen.cli import main
from bookgen.core.errors import InputError
from bookgen.core.grid import format_line, geometry, parse_batches, parse_many
from bookgen.core.lang import Texts
from bookgen.core.model import DigSpec
from bookgen.core.rules import Variant
from bookgen.grade.scale import Technique
from bookgen.grade.techniques import FAMILIES
from bookgen.make.generate import make_puzzle


@pytest.fixture(scope="module")
def made():
    out = {}
    for variant, n in ((Variant.CLASSIC, 9), (Variant.X, 9), (Variant.HYPER, 9),
                       (Variant.JIGSAW, 6)):
        p = make_puzzle(DigSpec(n, variant=variant, minimal=True), "records", 0)
        assert solutions_exact(p.puzzle, p.geo, 2) == [p.solution]
        out[variant] = p
    return out


def _record(p) -> str:
    fields = {"puzzle": format_line(p.puzzle), "variant": p.variant.value}
    if p.regions is not None:
        fields["regions"] = p.regions
    return json.dumps(fields)


def _flat(batches):
    return [(int(line), tuple(row), b.geo) for b in batches
            for line, row in zip(b.lines.tolist(), b.grids.tolist(), strict=True)]


def test_batches_read_what_parse_many_reads(made):
    classic = made[Variant.CLASSIC]
    text = "\n".join([
        format_line(classic.puzzle) + "  # a comment",
        _record(made[Variant.X]) + "  # a record may end in a comment, as bank export writes",
        "",
        _record(made[Variant.JIGSAW]),
        json.dumps({"puzzle": format_line(classic.puzzle)}),
        _record(made[Variant.HYPER]),
    ])
    want = list(parse_many(text, "f"))
    assert [g.variant for _, _, g in want] == [Variant.CLASSIC, Variant.X, Variant.JIGSAW,
                                             Variant.CLASSIC, Variant.HYPER]
    assert want[2][2].region_layout == made[Variant.JIGSAW].regions
    got = _flat(parse_batches(text, "f"))
    assert got == want


def test_classic_text_takes_the_array_path_and_agrees(made):
    line = format_line(made[Variant.CLASSIC].puzzle)
    text = f"{line}\n\n{json.dumps({'puzzle': line, 'variant': 'classic'})}\n{line}  # x\n"
    batches = parse_batches(text, "f")
    assert len(batches) == 1 and len(batches[0].grids) == 3
    assert _flat(batches) == list(parse_many(text, "f"))


def test_a_variant_asked_for_must_agree_with_every_record(made):
    text = _record(made[Variant.X])
    assert _flat(parse_batches(text, "f", Variant.X)) == list(parse_many(text, "f", "x"))
    for asked in (Variant.CLASSIC, Variant.HYPER):
        with pytest.raises(InputError, match=f"f: line 1: the puzzle's variant is x, but "
                                             f"{asked.value} was asked for"):
            parse_batches(text, "f", asked)


def test_x_text_with_variant_is_checked_on_the_diagonals():
    # r1c1 and r4c4 both 1: no row, column or box clash, only the main diagonal's
    text = "1" + "." * 29 + "1" + "." * 50
    assert len(_flat(parse_batches(text, "f"))) == 1
    with pytest.raises(InputError, match="diagonal 1"):
        parse_batches(text, "f", Variant.X)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_outputs_carry_the_topology(capsys, made, tmp_path):
    jig = made[Variant.JIGSAW]
    path = tmp_path / "in.jsonl"
    path.write_text(_record(made[Variant.CLASSIC]) + "\n" + _record(jig) + "\n")
    code, out, err = run(capsys, "rate", str(path), "--format", "json", "--no-grade")
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["variant"] for r in rows] == ["classic", "jigsaw"]
    assert "regions" not in rows[0] and rows[1]["regions"] == jig.regions
    # rate's output reads back into solve, which keeps the layout
    rated = tmp_path / "rated.jsonl"
    rated.write_text(out)
    code, out, err = run(capsys, "solve", str(rated), "--format", "json")
    assert code == 0, err
    solved = [json.loads(line) for line in out.splitlines()]
    assert solved[1] == {"puzzle": format_line(jig.puzzle), "count": 1,
                         "solutions": [format_line(jig.solution)], "variant": "jigsaw",
                         "regions": jig.regions}
    code, out, _ = run(capsys, "solve", str(rated))
    assert out.splitlines() == [format_line(made[Variant.CLASSIC].solution),
                                format_line(jig.solution), jig.regions]


def test_generate_json_of_a_random_jigsaw_reads_back(capsys, tmp_path):
    out_path = tmp_path / "j.jsonl"
    code, _, err = run(capsys, "generate", "-n", "3", "--variant", "jigsaw", "--size", "5",
                       "--format", "json", "--workers", "1", "-q", "-o", str(out_path))
    assert code == 0, err
    rows = [json.loads(line) for line in out_path.read_text().splitlines()]
    assert len(rows) == 3 and all(r["variant"] == "jigsaw" for r in rows)
    for row, (_, values, geo) in zip(rows, parse_many(out_path.read_text()), strict=True):
        assert geo.region_layout == row["regions"]
        assert [format_line(s) for s in solutions_exact(values, geo, 2)] == [row["solution"]]
        assert row["count"] == 1 and row["level"] is not None  # figures of its own layout


def test_every_technique_has_a_tips_family():
    assert [t for t in Technique if t not in FAMILIES] == []


@pytest.mark.parametrize(("code", "window", "region"), [
    ("en", "window 1", "region 1"), ("de", "Fenster 1", "Gebiet 1"),
    ("ja", "窓1", "領域1")])
def test_tips_name_windows_and_regions(code, window, region):
    texts = Texts(code)
    hyper = geometry(9, Variant.HYPER)
    first_window = hyper.unit_names.index("window 1")
    assert unit(first_window, hyper, texts) == window
    jig = geometry(5, Variant.JIGSAW, "1112211322433324435544555")
    assert unit(jig.unit_names.index("region 1"), jig, texts) == region
