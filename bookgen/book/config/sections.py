"""A book's sections: their schema, the checks across their keys, and their records.

Glossary:
  section     a run of puzzles under one heading: a count, a difficulty, the dig spec
  difficulty  a band of the SE scale and/or inclusive ranges on rating figures (Figure)
  dig spec    what every puzzle of the section must look like: size, variant (and a fixed
              jigsaw layout), symmetry, clue range, minimal (model.DigSpec); generation,
              improvement and selection all obey it
  variant     classic, x, hyper or jigsaw (rules.Variant), each in its own sizes; a jigsaw
              section without `regions` gets a fresh random layout for every puzzle
  orbit       the cells a symmetry maps onto each other; clues are placed orbit by orbit

Bounds the checks enforce, and why:
  clues       at least rules.min_clues(n, variant) and at most n*n - 1 (a puzzle has a
              blank); with a symmetry the count must be a sum of orbit sizes (180-degree
              rotation of an even grid: even counts only)
  count       at most MAX_PUZZLES (a whole book too); a classic 4x4 section asks no more
              puzzles than exist (rules.SHIDOKU_PUZZLES)
  improve     at most MAX_EVALUATIONS evaluations or MAX_SECONDS seconds a puzzle
  size        one of the variant's sizes (Variant.sizes: jigsaw 5 to 9, hyper 9 only)
  regions     jigsaw only: n*n labels, n different ones, each on n connected cells
  trace       sections above rules.TRACE_MAX_SIZE ask nothing of the trace figures
  symbols     letters and shapes on 4x4 and 6x6 grids only (model.SYMBOL_SIZES): six icons
              stay easy to tell apart, and past 9 a grid's letters already stand for 10, 11, ...
  killer      9x9 cages and sums (generate.make_killer): no symmetry, clue range, minimal
              or improve (the cages carry the puzzle, and improving knows no cages), no
              trace figures (the trace knows no cages); `cages` sets cage sizes and givens
"""

from __future__ import annotations

import math
import re
from typing import Any

import yaml

from ...core.errors import InputError
from ...core.grid import geometry
from ...core.lang import Texts
from ...core.model import (
    BANDS,
    MAX_CAGE,
    SYMBOL_SIZES,
    Band,
    CageSpec,
    ClueTarget,
    Difficulty,
    DigSpec,
    ImproveSpec,
    SectionConfig,
    Symbols,
)
from ...core.rules import (
    DEFAULT_OBJECTIVE,
    MIN_CLUES,
    SHIDOKU_PUZZLES,
    SIZES,
    TRACE_MAX_SIZE,
    Figure,
    Symmetry,
    Variant,
    clue_counts,
    fits,
    grade_ceiling,
    grid_name,
    min_clues,
    orbit_sizes,
    traced,
)
from ...grade.scale import Technique
from ...grade.target import AIMABLE, aimed_at, window
from .reader import (
    At,
    Key,
    Map,
    Read,
    Typed,
    Wrong,
    accepts,
    close_match,
    read_choice,
    read_flag,
    read_int_between,
    read_kind,
    read_line,
    read_node,
    read_positive_int,
    read_positive_number,
    read_range,
    scalar_of,
    span,
)

# ---------------------------------------------------------------- readers


_ANY_SIZE = tuple(sorted({n for kind in Variant for n in kind.sizes}))
"""Every size some variant has (checked against the section's variant later)."""
_JIGSAW_ONLY = ", ".join(str(n) for n in _ANY_SIZE if n not in SIZES)
_SIZE_WORDS = f"a grid size: one of {', '.join(map(str, SIZES))} (a jigsaw also {_JIGSAW_ONLY})"


@accepts(f"{_SIZE_WORDS}, or NxN",
         {"anyOf": [{"type": "integer", "enum": list(_ANY_SIZE)},
                    {"type": "string", "enum": [f"{n}x{n}" for n in _ANY_SIZE]}]})
def _size(node: yaml.Node, at: At) -> int:
    """A grid size: 9 or '9x9'."""
    value = scalar_of(node, at)
    if isinstance(value, str) and re.fullmatch(r"(\d+)x\1", value.strip()):
        value = int(value.strip().split("x")[0])
    if isinstance(value, bool) or value not in _ANY_SIZE:
        raise Wrong(_SIZE_WORDS)
    return int(value)


@accepts("a jigsaw region layout: n*n labels, row by row",
         {"type": ["string", "integer"]})
def _regions(node: yaml.Node, at: At) -> str:
    """A jigsaw layout: n*n region labels, row-major; spaces and line breaks are ignored,
    so rows may stand on lines of their own (checked against the size later)."""
    value = scalar_of(node, at)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)  # a layout of digits only reads as a number
    if not isinstance(value, str) or not "".join(value.split()):
        raise Wrong("a jigsaw region layout: n*n labels, row by row, e.g. 1122...")
    return "".join(value.split())


_band = read_choice("band", Band)

_TECHNIQUES = tuple(t.label for t in AIMABLE)
_TECHNIQUE_WORDS = "a technique name as `bookgen explain` prints it (any case; spaces or hyphens)"


def _technique_named(node: yaml.Node, at: At) -> Technique:
    """A technique of the classic ladder by its name; an unknown one gets the nearest."""
    value = scalar_of(node, at)
    if not isinstance(value, str):
        raise Wrong(f"{_TECHNIQUE_WORDS}, e.g. x-wing")
    technique = aimed_at(value)
    if technique is None:
        lower = {name.lower(): name for name in _TECHNIQUES}
        near = close_match(value.lower(), lower)
        hint = f"did you mean {lower[near]!r}? " if near else ""
        raise Wrong(f"unknown technique {value!r}; {hint}expected one of "
                    f"{', '.join(_TECHNIQUES)}", whole=True)
    return technique


_TECHNIQUE_SCHEMA = {"type": "string"}
"""Any string: the names match in any case, with spaces or hyphens, which an enum cannot
say (the reader names the accepted ones)."""


@accepts(_TECHNIQUE_WORDS, _TECHNIQUE_SCHEMA)
def _technique(node: yaml.Node, at: At) -> Technique:
    return _technique_named(node, at)


@accepts(f"a list of technique names (or one name): {_TECHNIQUE_WORDS}",
         {"anyOf": [_TECHNIQUE_SCHEMA, {"type": "array", "minItems": 1,
                                        "items": _TECHNIQUE_SCHEMA}]})
def _needs(node: yaml.Node, at: At) -> tuple[Technique, ...]:
    """Techniques every solution must use: a list of names, or one name."""
    if isinstance(node, yaml.ScalarNode):
        return (_technique_named(node, at),)
    if not isinstance(node, yaml.SequenceNode) or not node.value:
        raise Wrong(f"a non-empty list of technique names: {_TECHNIQUE_WORDS}")
    # each name is read at its own place in the list, so every bad one is reported
    read = [read_node(_technique_named, item, at.index(i, item))
            for i, item in enumerate(node.value)]
    return tuple(dict.fromkeys(t for ok, t in read if ok))

_FIGURE_HELP = {
    Figure.GRADE: "The human grade on the Sudoku Explainer scale.",
    Figure.WAY_COMPLEXITY: "The trace's way complexity: the sum over its branch steps of the "
                           "candidates squared.",
    Figure.LEVEL: "Branch steps on the trace's way to the solution.",
    Figure.MAXLEVEL: "The deepest level the trace's search reaches.",
    Figure.CAND_SUM: "Sum of the candidate counts of the empty cells.",
    Figure.CAND_SQ: "Sum of the squares of those counts.",
    Figure.CLUES: "The number of givens.",
}
_BAND_HELP = ("A band of the grade: " + ", ".join(
    f"{b.value} [{lo:g}, {hi:g})" for b, (lo, hi) in BANDS.items()).replace(", inf)", " and up)")
    + ".")

_DIFFICULTY = Map(
    {"band": Key(_band, help=_BAND_HELP),
     **{f.value: Key(read_range(f.counts), help=_FIGURE_HELP[f]
                     + (f" Up to {TRACE_MAX_SIZE}x{TRACE_MAX_SIZE} only." if f.traced else ""))
        for f in Figure}},
    what="a band name or a mapping of ranges, e.g. {way_complexity: [40, 200]}",
    help="What every puzzle of the section must rate: a band, inclusive [lo, hi] ranges on "
         "rating figures, or both.",
)


@accepts("a band name, or a mapping of a band and ranges on figures",
         {"anyOf": [_band.schema, _DIFFICULTY.schema]}, (_DIFFICULTY,))
def _difficulty(node: yaml.Node, at: At) -> Read:
    """A band name, or a mapping with an optional band and ranges on figures."""
    if isinstance(node, yaml.ScalarNode):
        return Read(at, {"band": _band(node, at)}, {"band": at})
    read = _DIFFICULTY(node, at)
    if not read.where:
        raise Wrong("a band name or at least one range, e.g. {clues: [24, 30]}")
    return read


MAX_PUZZLES = 10_000
"""Most puzzles a section, and a whole book, may ask for: a paperback of the most pages
a printer takes (828) at 6 puzzles a page, with its answer key, holds about 3,300. The
count sizes the work and the memory of every later step, so a larger one is refused
before any of them."""

MAX_EVALUATIONS = 1_000_000
"""Most evaluations `improve` may spend on one puzzle (the examples spend 2,000)."""

MAX_SECONDS = 3600.0
"""Most seconds `improve` may spend on one puzzle."""


def _at_most(typed: Typed, most: float, what: str) -> Typed:
    """`typed` bounded above by `most` (of `what`), its words and schema saying so."""

    def read(node: yaml.Node, at: At) -> Any:
        value = typed(node, at)
        if value > most:
            raise Wrong(f"expected at most {_big(most)} {what}, got {_big(value)}", whole=True)
        return value

    return Typed(read, f"{typed.words} up to {_big(most)}", {**typed.schema, "maximum": most})


def _big(value: float) -> str:
    """A bound or a value as people read it: 10,000; 3,600; 2.5."""
    return f"{value:,}" if isinstance(value, int) else f"{value:,g}"


_IMPROVE = Map(
    {
        "evaluations": Key(_at_most(read_positive_int, MAX_EVALUATIONS,
                                    "evaluations a puzzle"),
                           help="Puzzles evaluated per improved puzzle (the same book for any "
                                f"number of workers); at most {MAX_EVALUATIONS:,}."),
        "seconds": Key(_at_most(read_positive_number, MAX_SECONDS,
                                "seconds a puzzle"),
                       help="Seconds of search per improved puzzle (the best found in that "
                            f"time); at most {_big(MAX_SECONDS)}."),
        "objective": Key(read_choice("objective", Figure), default=DEFAULT_OBJECTIVE,
                         help="The figure to raise."),
    },
    help="Search each puzzle for a harder one of the same solution, within the section's "
         "shape; exactly one budget: evaluations or seconds.",
)


@accepts("a mapping with evaluations or seconds", {**_IMPROVE.schema, "oneOf": [
    {"required": ["evaluations"]}, {"required": ["seconds"]}]}, (_IMPROVE,))
def _improve(node: yaml.Node, at: At) -> Read:
    read = _IMPROVE(node, at)
    budgets = [k for k in ("evaluations", "seconds") if k in read.where]
    if len(budgets) != 1:
        got = "both" if budgets else "neither"
        raise Wrong(f"expected exactly one budget, evaluations or seconds, got {got}",
                    whole=True)
    return read


_CLUES = read_range(True)


@accepts(_CLUES.words, _CLUES.schema)
def _clue_range(node: yaml.Node, at: At) -> tuple[int, int]:
    lo, hi = _CLUES(node, at)
    return int(lo), int(hi)


@accepts(f"a list of {MAX_CAGE} non-negative weights, not all 0",
         {"type": "array", "items": {"type": "integer", "minimum": 0},
          "minItems": MAX_CAGE, "maxItems": MAX_CAGE})
def _cage_weights(node: yaml.Node, at: At) -> tuple[int, ...]:
    """Weights of cage sizes 1 .. MAX_CAGE, e.g. [1, 5, 5, 3, 1]."""
    words = f"a list of {MAX_CAGE} non-negative weights of cage sizes 1 to {MAX_CAGE}, not all 0"
    if not isinstance(node, yaml.SequenceNode) or len(node.value) != MAX_CAGE:
        raise Wrong(words)
    weights = [scalar_of(item, at) for item in node.value]
    if any(isinstance(w, bool) or not isinstance(w, int) or w < 0 for w in weights) or not any(
            weights):
        raise Wrong(words)
    return tuple(weights)


MAX_KILLER_GIVENS = 20
"""Most givens a killer section may ask for (a killer book's easiest puzzles have a few)."""

_CAGES = Map(
    {
        "sizes": Key(_cage_weights, default=CageSpec.weights,
                     default_words="drawn for the band",
                     help=f"Relative weights of cage sizes 1 to {MAX_CAGE} cells; by "
                          "default the mix measured to give the section's band, with "
                          "no single-cell cages asked for."),
        "givens": Key(read_int_between(0, MAX_KILLER_GIVENS), default=CageSpec.givens,
                      help="Most givens placed before the cages make the solution unique; "
                           "0: cages alone."),
    },
    help="Killer sections only: how the cages are made.",
)
_KILLER_FREE = ("symmetry", "clues", "minimal", "improve", "regions")
"""Section keys a killer section refuses: its cages carry the puzzle."""

_SPEC = DigSpec
"""The record whose field defaults are the section shape's defaults."""

_SECTION = Map(
    {
        "name": Key(read_line, default_words="the technique's name, else the band, in the "
                                             "book's language",
                    help="The heading, e.g. Easy; unique in the book. Needed when the "
                         "section has neither a band nor a technique."),
        "count": Key(_at_most(read_positive_int, MAX_PUZZLES,
                              "puzzles (the most a book holds)"),
                     required=True, help=f"Puzzles in the section; at most {MAX_PUZZLES:,} "
                                         "in a book."),
        "difficulty": Key(_difficulty, default_words="the grades of `technique`",
                          help="What the puzzles must rate; required unless the section "
                               "has a technique."),
        "technique": Key(_technique, help="Every puzzle's hardest step is this technique "
                                          "(the names `bookgen explain` prints, any case, "
                                          "spaces or hyphens: x-wing, xy-wing, swordfish, "
                                          "unique rectangle, ...), so it grades as that "
                                          "technique; a technique page teaching it opens "
                                          "the section. A band or grade range given too "
                                          "must hold the technique's grades. Not for "
                                          "killer sections."),
        "needs": Key(_needs, help="Techniques every puzzle's solution uses on the way (a "
                                  "list of names, as for technique)."),
        "symmetry": Key(read_choice("symmetry", Symmetry), default=_SPEC.symmetry,
                        help="Symmetry of the clue pattern: " + "; ".join(
                            f"{s.value}: {s.description}" for s in Symmetry) + "."),
        "size": Key(_size, default=_SPEC.size, help="The grid: 4, 6, 9, 12 or 16 symbols a "
                                                    "row; a jigsaw grid 5 to 9."),
        "variant": Key(read_kind(), default=_SPEC.variant,
                       help="The units besides rows and columns: classic (boxes), x (boxes "
                            "and both main diagonals), hyper (boxes and four 3x3 windows; "
                            "9x9 only) or jigsaw (irregular regions instead of boxes)."),
        "regions": Key(_regions, default_words="a fresh random layout for every puzzle",
                       help="Jigsaw only: a fixed region layout, n*n labels row by row (one "
                            "label per region); without it every puzzle gets its own random "
                            "layout."),
        "clues": Key(_clue_range, help="Clue count [lo, hi] (or one number); with a "
                                       "symmetry, a sum of its orbit sizes."),
        "minimal": Key(read_flag, default=_SPEC.minimal,
                       help="Minimal puzzles: no clue (or group of symmetric clues) can go."),
        "interlocked": Key(read_flag, default=_SPEC.interlocked,
                           help="Samurai and twin only: no grid of the board can be solved "
                                "from its own givens alone."),
        "improve": Key(_improve, help="Search for harder puzzles."),
        "cages": Key(_CAGES, help="Killer only: cage sizes and givens."),
        "symbols": Key(read_choice("symbols", Symbols), default=Symbols.DIGITS,
                       help="What the grids print: digits, letters (A-D, A-F) or shapes "
                            "(drawn icons, no text); letters and shapes on 4x4 and 6x6 "
                            "grids only. The puzzles' data keeps its digits."),
    },
    what="a mapping with name, count, difficulty, ...",
    help="A run of puzzles under one heading.",
)


SHAPE = {k: _SECTION.keys[k] for k in ("size", "variant", "symbols", "regions", "symmetry",
                                       "clues", "minimal", "interlocked", "improve",
                                       "cages")}
"""The section keys that shape its grids: a daily book gives them once for all its days."""


@accepts("a non-empty list of sections", {"type": "array", "minItems": 1,
                                          "items": _SECTION.schema}, (_SECTION,))
def read_sections(node: yaml.Node, at: At) -> list[Read]:
    """The `sections` list, each section read (not yet checked across its keys)."""
    if not isinstance(node, yaml.SequenceNode) or not node.value:
        raise Wrong("a non-empty list of sections")
    return [_SECTION(item, at.index(i, item)) for i, item in enumerate(node.value)]


# ---------------------------------------------------------------- checks across keys


def _check_clues(lo: int, hi: int, n: int, symmetry: Symmetry, variant: Variant,
                 at: At) -> bool:
    """Whether a clue range can be met on size n of a variant with `symmetry` (else a
    problem is noted)."""
    cells, least = variant.cell_count(n), min_clues(n, variant)
    grid = grid_name(n, variant)
    counts = clue_counts(n, symmetry, variant)
    if lo > cells - 1:
        at.fail(f"expected at most {cells - 1} clues on a {grid} grid ({cells} cells), "
                f"got {span(lo, hi)}")
    elif hi < least:
        at.fail(f"expected at least {least} clues: no {grid} puzzle with fewer has a unique "
                f"solution, got {span(lo, hi)}")
    elif not any(lo <= k <= hi for k in counts):
        near = [max((k for k in counts if k < lo), default=None),
                min((k for k in counts if k > hi), default=None)]
        groups = " and ".join(map(str, sorted(set(orbit_sizes(n, symmetry, variant)))))
        at.fail(f"no clue count in {span(lo, hi)} is possible with symmetry "
                f"{symmetry.value!r} on a {grid} grid (it places clues in groups of "
                f"{groups}); nearest possible: "
                f"{' or '.join(str(k) for k in near if k is not None)}")
    else:
        return True
    return False


def _check_4x4_supply(read: Read, clues: tuple[int, int] | None, at: At) -> None:
    """A 4x4 section asks no more puzzles than exist (SHIDOKU_PUZZLES)."""
    symmetry, count = read.get("symmetry"), read.get("count", 0)
    lo, hi = clues or (MIN_CLUES[4], 15)
    table, least = SHIDOKU_PUZZLES[symmetry], MIN_CLUES[4]
    # the range may reach past the table's clue counts (up to a full grid, or far beyond)
    supply = sum(table[k - least] for k in range(max(lo, least),
                                                 min(hi, least + len(table) - 1) + 1))
    having = f"{span(lo, hi)} clues and " if clues else ""
    if supply == 0:
        at.fail(f"no 4x4 puzzle with {having}symmetry {symmetry.value!r} has a unique solution")
    elif count > supply:
        read.at_key("count").fail(
            f"expected at most {supply}: only {supply} different 4x4 puzzles have {having}"
            f"symmetry {symmetry.value!r}, got {count}")


def _difficulty_record(read: Read, technique: Technique | None,
                       needs: tuple[Technique, ...], at: At, needs_at: At) -> Difficulty:
    """The difficulty of a section (read: its `difficulty` block); a technique adds its
    grades (target.window) as a grade range, which a band or grade range must overlap
    (`at`: where the technique was given), and each of `needs` (given at `needs_at`) must
    be able to stay below."""
    band: Band | None = read.get("band")
    ranges = tuple((f, *read.values[f.value]) for f in Figure if f.value in read.values)
    if technique is not None:
        lo, top = window(technique)
        hi = round(top - 0.1, 1)  # grades have one decimal; ranges are inclusive
        _check_technique_grades(technique, lo, hi, band, ranges, at)
        ranges = ((Figure.GRADE, lo, hi), *ranges)
    # a needed step rated at or above every grade the section allows can never be taken
    allowed = min(([band.bounds[1]] if band else []) + [
        round(b + 0.1, 1) for f, _, b in ranges if f is Figure.GRADE], default=math.inf)
    for need in needs:
        if window(need)[0] >= allowed:
            needs_at.fail(f"needs {need.label!r} (grade {window(need)[0]:g} or more), but "
                          f"the section's puzzles grade below {allowed:g}")
    if band is not None and "grade" in read.values:
        lo, hi = read.values["grade"]
        blo, bhi = BANDS[band]
        if not (lo < bhi and hi >= blo):
            read.where["grade"].fail(
                f"grade range {span(lo, hi)} lies outside band {band.value!r} "
                f"(grade {blo:g} up to {bhi:g})")
    return Difficulty(band=band, ranges=ranges, technique=technique, needs=needs)


def _check_technique_grades(technique: Technique, lo: float, hi: float, band: Band | None,
                            ranges: tuple[tuple[Figure, float, float], ...], at: At) -> None:
    """Report a band or grade range no puzzle whose hardest step is `technique` (grades
    lo to hi) can meet."""
    grades = f"grade {lo:g}" if lo == hi else f"grades {lo:g} to {hi:g}"
    if band is not None:
        blo, bhi = band.bounds
        if not (lo < bhi and hi >= blo):
            inside = [b.value for b in Band if lo < b.bounds[1] and hi >= b.bounds[0]]
            at.fail(f"technique {technique.label!r} ({grades}) lies outside band "
                    f"{band.value!r}: use band {' or '.join(inside)} or drop the band "
                    "(the technique sets the grades)")
    for figure, a, b in ranges:
        if figure is Figure.GRADE and not (a <= hi and b >= lo):
            at.fail(f"technique {technique.label!r} ({grades}) lies outside grade range "
                    f"{span(a, b)}: drop the grade range (the technique sets the grades)")


def _section_clues(read: Read, diff: Read, variant: Variant) -> tuple[int, int] | None:
    """The section's clue range: its own `clues` narrowed by its difficulty's, checked
    against the size and symmetry."""
    clues, at = read.get("clues"), read.at_key("clues")
    if "clues" in diff.values:
        dlo, dhi = diff.values["clues"]
        implied = (math.ceil(dlo), math.floor(dhi))
        if clues is None:
            clues, at = implied, diff.where["clues"]
        elif max(clues[0], implied[0]) > min(clues[1], implied[1]):
            at.fail(f"clues {span(*clues)} and difficulty clues {span(dlo, dhi)} "
                    "do not overlap")
            return None
        else:
            clues = (max(clues[0], implied[0]), min(clues[1], implied[1]))
    if not all(k in read.values or k not in read.where for k in ("size", "symmetry")):
        return clues
    size = read.get("size")
    if size not in variant.sizes:
        return clues  # _variant reports it
    possible = clues is None or _check_clues(
        clues[0], clues[1], size, read.get("symmetry"), variant, at)
    if possible and size == 4 and variant is Variant.CLASSIC:
        _check_4x4_supply(read, clues, at if clues else read.at_key("symmetry"))
    return clues


def _check_untraced(size: int, variant: Variant, diff: Read, improve: Read | None,
                    read: Read) -> None:
    """A section too large for the trace asks nothing of the trace figures."""
    why = (f"the trace figures are not computed for {grid_name(size, variant)} puzzles "
           f"(only up to {TRACE_MAX_SIZE}x{TRACE_MAX_SIZE}); use a band, "
           "grade or clues")
    for f in Figure:
        if f.traced and f.value in diff.where:
            diff.where[f.value].fail(why)
    if improve is not None:
        objective = improve.get("objective")
        if objective.traced:
            at = improve.where.get("objective") or read.at_key("improve")
            at.fail(f"objective {objective.value!r}: {why}")


def _variant(read: Read) -> tuple[Variant, str | None] | None:
    """The section's variant and fixed jigsaw layout, checked against its size; None if
    they do not fit (the problem is reported)."""
    variant: Variant = read.get("variant")
    size: int = read.get("size")
    regions: str | None = read.get("regions")
    if "variant" in read.where and "variant" not in read.values:
        return None
    if variant.caged and not _killer_keys(read):
        return None
    if "cages" in read.where and not variant.caged:
        read.at_key("cages").fail(f"cages belong to killer sections, not {variant.value}; "
                                  "add variant: killer or drop cages")
        return None
    if size not in variant.sizes:
        sizes = ", ".join(map(str, variant.sizes))
        read.at_key("size").fail(f"a {variant.value} grid has no size {size}: expected one of "
                                 f"{sizes}")
        return None
    symmetry: Symmetry = read.get("symmetry")
    if not fits(symmetry, size, variant):
        fitting = ", ".join(s.value for s in Symmetry if fits(s, size, variant))
        read.at_key("symmetry").fail(f"symmetry {symmetry.value!r} does not map the "
                                     f"{variant.value} board onto itself: expected one of "
                                     f"{fitting}")
        return None
    if "regions" in read.where and variant.boxes:
        read.at_key("regions").fail(f"regions belong to jigsaw sections, not {variant.value}; "
                                    "add variant: jigsaw or drop regions")
        return None
    if regions is not None:
        try:
            regions = geometry(size, variant, regions).region_labels
        except InputError as e:
            grid = f"{size}x{size}"
            read.at_key("regions").fail(str(e) if grid in str(e) else f"{e} for a {grid} grid")
            return None
    return variant, regions


def _killer_keys(read: Read) -> bool:
    """Whether a killer section asks nothing killer puzzles cannot do (else the problems
    are reported)."""
    ok = True
    for key in _KILLER_FREE:
        if key in read.where:
            read.at_key(key).fail(f"{key} does not apply to killer sections: their cages "
                                  "carry the puzzle")
            ok = False
    diff = read.values.get("difficulty")
    for f in Figure:
        if f is not Figure.GRADE and diff is not None and f.value in diff.where:
            diff.where[f.value].fail(f"killer sections are chosen by grade only, not by "
                                     f"{f.value}: use a band or a grade range")
            ok = False
    return ok


def section_record(read: Read, texts: Texts) -> SectionConfig | None:
    """The record of a section, after the checks across its keys; None if it has problems
    (they are reported). A section without a name is named after its band, in the
    language of `texts`."""
    diff = read.get("difficulty", Read(read.at))
    kind = _variant(read)
    clues = _section_clues(read, diff, kind[0] if kind else Variant.CLASSIC)
    technique: Technique | None = read.get("technique")
    needs: tuple[Technique, ...] = read.get("needs", ())
    if kind is not None and kind[0].caged and ("technique" in read.where
                                               or "needs" in read.where):
        key = "technique" if "technique" in read.where else "needs"
        read.at_key(key).fail(f"{key} does not apply to killer sections: they are graded on "
                              "the killer ladder; use a band or a grade range")
        return None
    difficulty = _difficulty_record(diff, technique, needs, read.at_key("technique"),
                                    read.at_key("needs"))
    aimed = "difficulty" in read.values or technique is not None
    if "difficulty" not in read.where and "technique" not in read.where:
        At(read.at.ctx, f"{read.at.path}.difficulty", read.at.line).fail(
            "required key missing: a section needs a difficulty or a technique")
    if "name" not in read.where and technique is not None:
        read.values["name"] = texts(f"name.{technique.key}")
    elif "name" not in read.where and "band" in diff.values:
        read.values["name"] = texts(f"band.{diff.values['band'].value}")
    elif "name" not in read.where and "difficulty" in read.values:
        At(read.at.ctx, f"{read.at.path}.name", read.at.line).fail(
            "required key missing: a section without a band needs a name")
    improve = read.get("improve")
    size = read.get("size")
    sized = "size" in read.values or "size" not in read.where
    if kind is not None and sized and aimed:  # whatever else is wrong
        _check_reachable(kind[0], size, difficulty, read)
        if not traced(size, kind[0]):
            _check_untraced(size, kind[0], diff, improve, read)
    symbols = _symbols(read, size if sized else None)
    if kind is not None and read.get("interlocked") and kind[0].board is None:
        read.at_key("interlocked").fail(f"interlocked applies to multi-grid boards (samurai, "
                                        f"twin), not to {kind[0].name} puzzles: drop it")
        return None
    if not {"name", "count"} <= read.values.keys() or not aimed or kind is None \
            or symbols is None:
        return None
    return SectionConfig(
        name=read.values["name"],
        count=read.values["count"],
        difficulty=difficulty,
        dig=DigSpec(
            size=size,
            symmetry=read.get("symmetry"),
            clues=ClueTarget(*clues) if clues else None,
            minimal=read.get("minimal"),
            interlocked=read.get("interlocked"),
            variant=kind[0],
            regions=kind[1],
            # cages are drawn for the band of a caged kind only
            cages=_cage_spec(read.get("cages"), difficulty.band if kind[0].caged else None),
        ),
        improve=None if improve is None else ImproveSpec(
            evaluations=improve.get("evaluations"),
            seconds=improve.get("seconds"),
            objective=improve.get("objective"),
        ),
        symbols=symbols,
    )


def _symbols(read: Read, size: int | None) -> Symbols | None:
    """The section's symbols, checked against its size when that is known; None if they
    were unreadable or do not fit it (reported)."""
    symbols: Symbols = read.get("symbols")
    if "symbols" in read.where and "symbols" not in read.values:
        return None
    if size is None or symbols.sizes is None or size in symbols.sizes:
        return symbols
    read.at_key("symbols").fail(
        f"{symbols.value} are for {' and '.join(f'{n}x{n}' for n in SYMBOL_SIZES)} grids, "
        f"not {size}x{size}: only a kids' grid has few enough symbols to tell apart as "
        f"drawn shapes or as the letters A to F (past 9, a grid's letters already stand "
        f"for 10, 11, ...); expected size {' or '.join(map(str, SYMBOL_SIZES))}, or "
        f"symbols: digits")
    return None


def _check_reachable(variant: Variant, size: int, difficulty: Difficulty, read: Read) -> None:
    """Report a band or a grade range no puzzle of the size and variant reaches
    (rules.grade_ceiling)."""
    band, top = difficulty.band, grade_ceiling(variant.name, size)
    kind = "" if variant is Variant.CLASSIC else f"{variant.value.upper()} "
    for figure, lo, _ in difficulty.ranges:
        if figure is Figure.GRADE and lo > top:
            read.at_key("difficulty").fail(
                f"{size}x{size} {kind}puzzles cannot grade {lo:g} or more: the hardest "
                f"{size}x{size} {kind}puzzles grade {top:g}; expected a grade range that "
                f"starts at {top:g} or below")
    if band is None or band.bounds[0] <= top:
        return
    within = [b.value for b in Band if b.bounds[0] <= top]
    choose = within[0] if len(within) == 1 else f"{', '.join(within[:-1])} or {within[-1]}"
    read.at_key("difficulty").fail(
        f"{size}x{size} {kind}puzzles cannot be {band.value}: the hardest {size}x{size} "
        f"{kind}puzzles grade {top:g} ({within[-1]} at most); choose {choose}")


def _cage_spec(read: Read | None, band: Band | None) -> CageSpec:
    if read is None:
        return CageSpec(aim=band)
    return CageSpec(weights=read.get("sizes"), givens=read.get("givens"), aim=band)
