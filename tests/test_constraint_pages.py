"""What the seven constraint kinds show on the page: the shapes' cells tinted, disjoint
groups' cells told apart by where their dot sits (the same marks on puzzle, answer and
how-to grids and in exported images), the rule of anti-knight, anti-king and
non-consecutive in their sections' headings in every language, and the example book
(bookgen init --example constraints): it validates, in Japanese too, and a small build of
it prints every kind with its how-to page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
import yaml
from test_constraint_howto import BOXES, KINDS, PAIRED, SHAPES

from bookgen.book import shipped
from bookgen.book.config import load_config, load_template
from bookgen.book.pipeline import build_book, write_book
from bookgen.book.tips import unit
from bookgen.cli.app import main
from bookgen.core.grid import geometry
from bookgen.core.lang import Texts, languages
from bookgen.core.model import Book, BookPuzzle, BookSection, XStyle
from bookgen.core.rules import TINT_GRAYS, Variant
from bookgen.render.geometry import PageKind, plan_book
from bookgen.render.howto import guide, unit_text
from bookgen.render.image import ImageStyle, puzzle_svg
from bookgen.render.marks import DOT_GRAY, UNIT_TINT, grid_marks
from bookgen.render.teaching import WORKED_TINT

EXAMPLE = shipped.resource(shipped.EXAMPLES, "constraints.yaml")
JAPANESE_NAMES = ("アンチナイト", "アンチキング", "非連続", "ディスジョイント", "アスタリスク",
                  "センタードット", "ジランドラ")


def _marks(kind: str):  # type: ignore[no-untyped-def]
    return grid_marks(9, Variant.parse(kind), None, XStyle.TINT, False)


def _tinted(kind: str) -> set[int]:
    cells = set()
    for _, x, y, w, h in _marks(kind).tints:
        cells |= {(int(y) + i) * 9 + int(x) + j for i in range(int(h)) for j in range(int(w))}
    return cells


# ---------------------------------------------------------------- marks


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_a_shape_tints_its_cells(kind: str) -> None:
    marks = _marks(kind)
    assert _tinted(kind) == {(r - 1) * 9 + c - 1 for r, c in SHAPES[kind]}
    assert {t[0] for t in marks.tints} == {UNIT_TINT}
    assert not marks.dots and not marks.diagonals


@pytest.mark.parametrize("kind", PAIRED)
def test_a_pair_rule_draws_nothing(kind: str) -> None:
    marks = _marks(kind)
    assert not marks.tints and not marks.dots and not marks.diagonals


def _signatures() -> dict[int, tuple[object, ...]]:
    """Each cell's disjoint-groups mark: its dots' places in the cell, and its tint."""
    marks = _marks("disjoint-groups")
    tinted = _tinted("disjoint-groups")
    out: dict[int, list[object]] = {cell: [cell in tinted] for cell in range(81)}
    for x, y, radius in marks.dots:
        col, row = int(x), int(y)
        assert col < x - radius and x + radius < col + 1, "a dot inside its cell"
        assert row < y - radius and y + radius < row + 1
        # clear of the digit: beside or above or below its middle part
        assert max(abs(x - col - 0.5), abs(y - row - 0.5)) > 0.3
        out[row * 9 + col].append((round(x - col, 3), round(y - row, 3)))
    return {cell: tuple(sig) for cell, sig in out.items()}


def test_disjoint_groups_marks_tell_the_nine_groups_apart() -> None:
    signature = _signatures()
    groups = [[box[k] for box in BOXES] for k in range(9)]
    # every cell of a group looks the same, and no two groups look alike
    assert all(len({signature[c] for c in group}) == 1 for group in groups)
    assert len({signature[group[0]] for group in groups}) == 9
    # a dot (or, at the box centres, a tint) in every cell; the dot is dark enough to
    # print apart from the lightest tint and the paper
    assert all(signature[c] != (False,) for c in range(81))
    assert DOT_GRAY <= TINT_GRAYS[0] - 0.3


@pytest.mark.parametrize("answers", [False, True])
def test_exported_images_draw_the_group_dots(answers: bool) -> None:
    example = guide(Variant.parse("disjoint-groups"), 9)
    assert example is not None
    svg = puzzle_svg(example.example, ImageStyle(load_template("letter-4up"), 288.0, answers))
    dots = [d for d in re.findall(r'<path d="([^"]*)"', svg) if d.count("M") == 72]
    assert len(dots) == 1


# ---------------------------------------------------------------- headings


def _section(kind: str, name: str) -> BookSection:
    p = BookPuzzle(1, name, "Easy", 3, 3, (0,) * 81, (0,) * 81, variant=Variant.parse(kind))
    return BookSection(name, (p,))


@pytest.mark.parametrize("code", languages())
def test_headings_state_the_pair_rules(code: str) -> None:
    from bookgen.render.geometry import section_heading

    texts = Texts(code)
    rules = set()
    for kind in KINDS:
        heading = section_heading(_section(kind, "Name"), texts)
        if kind in PAIRED:
            rule = texts(f"rule.{kind}")
            assert heading.startswith("Name") and rule in heading and rule != "Name"
            rules.add(rule)
        else:
            assert heading == "Name"
    assert len(rules) == 3
    if code != "en":
        assert rules.isdisjoint(Texts("en")(f"rule.{k}") for k in PAIRED)


@pytest.mark.parametrize("code", languages())
def test_tips_and_how_to_pages_name_the_added_units(code: str) -> None:
    texts = Texts(code)
    named = {}
    for kind in KINDS[3:]:
        geo = geometry(9, Variant.parse(kind))
        for u in range(27, len(geo.units)):
            named[kind, u] = unit(u, geo, texts)
            assert named[kind, u] == unit_text(geo.unit_names[u], texts)
    assert None not in named.values()
    assert len(set(named.values())) == len(named)  # nine groups and three shapes
    if code != "en":
        english = Texts("en")
        assert all(unit(u, geometry(9, Variant.parse(kind)), english) != words
                   for (kind, u), words in named.items())


@pytest.mark.parametrize("variant", ["classic", "anti-king"])
def test_validate_measures_the_heading_with_its_rule(tmp_path: Path, capsys, variant: str
                                                     ) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "book.yaml"
    name = "Touching cells for the patient and careful solver, part 1"  # alone it fits
    path.write_text(f"title: T\ntemplate: a5-2up\nsections:\n  - name: {name}\n"
                    f"    variant: {variant}\n    count: 2\n    difficulty: easy\n")
    done = main(["validate", str(path)])
    err = capsys.readouterr().err
    assert done == (1 if variant in PAIRED else 0), err
    if done:
        assert "sections[0].name: too long for one heading line at 7 pt" in err


# ---------------------------------------------------------------- the example book


def test_the_example_is_offered_and_validates_in_japanese_too(tmp_path: Path) -> None:
    assert "constraints" in shipped.yaml_names(shipped.EXAMPLES)
    assert main(["validate", str(EXAMPLE)]) == 0
    config = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    config["language"] = "ja"
    gothic = "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"
    config["layout"] = {"fonts": {"regular": gothic, "bold": gothic}}
    for section, name in zip(config["sections"], JAPANESE_NAMES, strict=True):
        section["name"] = name
    path = tmp_path / "ja.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    assert main(["validate", str(path)]) == 0


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Book, Path]:
    """The example book, one puzzle a section."""
    config = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    for section in config["sections"]:
        section["count"] = 1
    tmp = tmp_path_factory.mktemp("constraints")
    path = tmp / "constraints.yaml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    result = build_book(load_config(path, workers=1), progress=False)
    write_book(result, tmp / "out")
    return result.book, tmp / "out" / "book.pdf"


def test_the_book_has_every_kind_and_its_page(built: tuple[Book, Path]) -> None:
    book, _ = built
    assert [s.puzzles[0].variant.value for s in book.sections] == list(KINDS)
    plan = plan_book(book)
    explained = [p.variant.value for p in plan.pages
                 if p.kind is PageKind.HOW_TO_PLAY and p.variant is not None]
    assert explained == list(KINDS)


def test_the_printed_book_shows_the_rules_and_marks(built: tuple[Book, Path]) -> None:
    book, pdf_path = built
    plan = plan_book(book)
    texts = Texts()
    with pdfplumber.open(pdf_path) as pdf:
        for page in plan.pages:
            sheet = pdf.pages[page.number - 1]
            dots = [c for c in sheet.curves if c.get("fill")
                    and c["non_stroking_color"] in ((DOT_GRAY,), [DOT_GRAY], DOT_GRAY)]
            grids = page.puzzles if page.kind in (PageKind.PUZZLES, PageKind.ANSWERS) else ()
            kinds = [p.variant.value for p in grids]
            if page.kind is PageKind.HOW_TO_PLAY and page.variant is not None:
                kinds = [page.variant.value] * 2  # the example and its solution
                # a pair rule's deciding row, column or box is shaded: no mark shows it
                shaded = [r for r in sheet.rects if r.get("fill") and r["non_stroking_color"]
                          in ((WORKED_TINT,), [WORKED_TINT], WORKED_TINT)]
                assert len(shaded) == (9 if kinds[0] in PAIRED else 0), page.number
            assert len(dots) == 72 * kinds.count("disjoint-groups"), page.number
            if page.kind is PageKind.PUZZLES:
                line = " ".join(sheet.extract_text().split())
                kind = kinds[0]
                # the heading states the rule after the section's name, on pair-rule
                # kinds only
                stated = [k for k in PAIRED if texts(f"rule.{k}") in line]
                assert stated == ([kind] if kind in PAIRED else [])
