"""Pattern-first digs (make.pattern): a jellyfish section digs each board around one drawn
fish first, so its sections fill; the order is the same for the same seed and keeps every
cell of the board in it once."""

from __future__ import annotations

import random
from pathlib import Path

from exact_cover import count_exact

from bookgen.book.config import load_config
from bookgen.book.pipeline import build_book
from bookgen.book.techrates import technique_rules
from bookgen.core.grid import geometry
from bookgen.core.rules import symmetry_groups
from bookgen.grade import grade
from bookgen.grade.scale import Technique
from bookgen.make.generate import make_puzzle
from bookgen.make.pattern import arranger

GEO = geometry(9)


def test_a_one_puzzle_jellyfish_section_fills(tmp_path: Path):
    path = tmp_path / "book.yaml"
    path.write_text("title: Fish\ntemplate: letter-4up\nseed: 9\nsections:\n"
                    "  - {name: J, count: 1, technique: jellyfish}\n", encoding="utf-8")
    built = build_book(load_config(path, workers=1), progress=False)
    (entry,) = built.manifest["puzzles"]
    givens = tuple(int(v) for v in entry["givens"].replace(".", "0"))
    assert count_exact(givens, GEO) == 1
    g = grade(givens, GEO)
    assert g.technique is Technique.JELLYFISH


def test_the_fish_order_digs_the_digit_first_and_its_base_lines_last():
    rules = technique_rules(Technique.JELLYFISH)
    solution = make_puzzle(rules.shape, "pattern", 0).solution
    orbits = symmetry_groups(9, rules.shape.symmetry)
    arrange = arranger(Technique.JELLYFISH)
    assert arrange is not None and arranger(Technique.SWORDFISH) is None
    order = arrange(solution, orbits, random.Random(3))
    assert sorted(order) == list(range(len(orbits)))
    assert order == arrange(solution, orbits, random.Random(3))
    cells = [orbits[g][0] for g in order]
    # first: the fish's digit everywhere (9 cells) and the base lines on the cover lines
    # (16, 4 of them the digit's), whose other digits come at most 4 times each
    head = [solution[c] for c in cells[:21]]
    assert max(head.count(d) for d in range(1, 10)) == 9
    # the last cells (the base lines off the cover lines) lie in four lines of one way
    tail = cells[-20:]
    lines = {c // 9 for c in tail}, {c % 9 for c in tail}
    assert 4 in (len(lines[0]), len(lines[1]))
