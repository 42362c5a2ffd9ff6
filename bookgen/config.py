"""Book configs and layout templates: YAML -> validated, typed, frozen records.

Glossary:
  config      a book config (configs/*.yaml): title, seed, template, layout, front, sections
  template    a page-layout preset (templates/*.yaml), read into model.Template
  layout      the config's per-book overrides of template keys (same schema, nothing required)
  length      PDF points as a bare number (72 = 1 in) or a string with a unit:
              '0.5in', '12.7mm', '1.27cm', '36pt'
  key path    where a value sits: 'sections[2].count', 'layout.margins.top'
  problem     one line '<key path>: expected ..., got ... (line N)'; every problem of a file
              is collected first, then all are raised at once as one ConfigError
  band        a named grade interval of the SE scale (BANDS)
  figure      a rating number that a difficulty range may bound (FIGURES)
  orbit       the cells a symmetry maps onto each other; clues are placed orbit by orbit

Bounds the checks enforce, and why:
  clues       at least MIN_CLUES[n] (4x4: 4, 6x6: 8, 9x9: 17 are proven minimums for a unique
              puzzle; 12x12 and 16x16 have none proven, so n - 1 is used: a unique puzzle
              shows at least n - 1 different symbols, else two missing ones could be swapped)
              and at most n*n - 1 (a puzzle has a blank); with a symmetry the count must be a
              sum of orbit sizes (180-degree rotation of an even grid: even counts only)
  count       a 4x4 section asks no more puzzles than exist (SHIDOKU_PUZZLES); a book fits
              print-on-demand limits: at most MAX_PAGES pages
  print       PRINT.md: margins >= 0.25 in, lines >= 0.75 pt, digits 0.55-0.65 of a cell,
              text >= 7 pt (large print: digits >= 16 pt, <= 2 puzzles a page); digit sizes
              are judged on an upper bound of the grid side, so only what cannot fit is
              flagged (the layout has the final word)

The YAML is composed into nodes (which keep their line numbers; merge keys and anchors
work) and read with a small declarative schema (_Map of _Key), in the manner of mkdocs'
config/base.py.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import math
import re
import string
import sysconfig
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import model
from .errors import ConfigError
from .model import BANDS

SIZES = (4, 6, 9, 12, 16)
"""Grid sizes a section may ask for."""

FIGURES = ("grade", "way_complexity", "level", "maxlevel", "cand_sum", "cand_sq", "clues")
"""Rating figures a difficulty range may bound."""

SYMMETRIES: dict[str, str] = {
    "none": "no symmetry",
    "rotational": "180-degree rotation",
    "rotational90": "90-degree rotation",
    "mirror": "left-right mirror",
    "flip": "top-bottom mirror",
    "diagonal": "mirror in the main diagonal",
    "antidiagonal": "mirror in the anti-diagonal",
    "dihedral": "all rotations and mirrors",
}
"""Clue-pattern symmetries a section may ask for, with what each means."""

TRACE_MAX_SIZE = 12
"""Largest grid size that gets the seed's trace figures: the trace's fixed branching order
can search for hours on a sparse 16x16 puzzle."""

TRACE_FIGURES = ("level", "maxlevel", "way_complexity", "cand_sum", "cand_sq")
"""The figures only the trace gives."""

OBJECTIVES = FIGURES
"""Figures an improve section may maximize: any rating figure (grade, the seed's
way_complexity by default, ...)."""

MIN_CLUES = {4: 4, 6: 8, 9: 17, 12: 11, 16: 15}
"""Fewest clues a unique puzzle can have (see the module docstring for 12 and 16)."""

PER_PAGE = (1, 2, 4, 6)
"""Allowed puzzles_per_page."""

ANSWERS_PER_PAGE = (4, 12)
"""Allowed answers_per_page, inclusive."""

MAX_PAGES = 828
"""The most pages a print-on-demand book may have (KDP paperback)."""

MIN_TEXT_PT = 7.0
"""Smallest text allowed anywhere, answer-key digits included."""

LARGE_PRINT_DIGIT_PT = 16.0
"""Smallest puzzle digit in a large-print book."""

_MIN_LINE_PT = 0.75
_MIN_MARGIN_PT = 18.0
_PAGE_SIDE_PT = (216.0, 1224.0)
"""Smallest and largest page side accepted: 3 in to 17 in."""
_DIGIT_SCALE = (0.55, 0.65)
_MAX_ANSWER_GRAY = 0.4
_BUNDLED_FONTS = ("Vera", "VeraBd", "VeraIt", "VeraBI")
"""TrueType fonts that ship inside reportlab, usable by name."""

_UNITS = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54}
_PAGE_SIZES_IN = {
    "letter": (8.5, 11.0),
    "8.5x11": (8.5, 11.0),
    "a4": (595.28 / 72, 841.89 / 72),
    "a5": (419.53 / 72, 595.28 / 72),
    "6x9": (6.0, 9.0),
    "5x8": (5.0, 8.0),
    "5.5x8.5": (5.5, 8.5),
    "8x10": (8.0, 10.0),
}
"""Named trim sizes in inches; any other 'WxH' is read as inches too."""

_KDP_GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (MAX_PAGES, 0.875))
"""(most pages, inside margin in inches), PRINT.md."""

_LABEL_FIELDS = ("number", "difficulty")
_LABEL_ROOM_PT = 14.4
"""Least height of the label line above a grid (9 pt type, 1.6 leading)."""

DEFAULT_TEMPLATE = "letter-4up"


# ---------------------------------------------------------------- records


@dataclass(frozen=True)
class Difficulty:
    """What a section's puzzles must rate: a band, ranges on figures, or both."""

    band: str | None
    """'easy' | 'medium' | 'hard' | 'expert' | 'extreme' (BANDS), or None."""
    ranges: tuple[tuple[str, float, float], ...]
    """(figure, lo, hi), inclusive; figure is one of FIGURES."""


@dataclass(frozen=True)
class ImproveSpec:
    """Search each puzzle of a section for a harder one; exactly one budget is set."""

    evaluations: int | None
    """Puzzles evaluated per improved puzzle (deterministic), or None."""
    seconds: float | None
    """Wall-clock seconds per improved puzzle (anytime), or None."""
    objective: str
    """What to maximise: 'way_complexity' (default) or 'grade'."""


@dataclass(frozen=True)
class SectionConfig:
    """One section of the book as the config asks for it."""

    name: str
    """Heading, e.g. 'Easy'."""
    count: int
    """Puzzles in the section."""
    difficulty: Difficulty
    """What the puzzles must rate."""
    symmetry: str
    """Clue-pattern symmetry, a key of SYMMETRIES."""
    size: int
    """Grid size n (SIZES)."""
    clues: tuple[int, int] | None
    """Clue count range (lo, hi) inclusive for digging: the section's `clues`, narrowed
    by a `clues` range in its difficulty; None when neither is given."""
    minimal: bool
    """Dig until no clue can be removed (every clue needed for uniqueness)."""
    improve: ImproveSpec | None
    """Search for harder puzzles, or None."""


@dataclass(frozen=True)
class BookConfig:
    """A validated book config; everything the pipeline needs to start."""

    path: Path
    """The config file."""
    name: str
    """The config file's stem; the default output folder is output/<name>/."""
    title: str
    subtitle: str
    author: str
    copyright: str
    """Copyright line; '' for none."""
    seed: int
    """Book seed; every puzzle's generator is derived from it and the puzzle's place."""
    workers: int | None
    """Worker processes; None uses every core."""
    template: model.Template
    """The named template with the config's `layout` overrides applied."""
    front: model.FrontMatter
    sections: tuple[SectionConfig, ...]
    config_hash: str
    """sha256 of the effective settings in canonical JSON (workers excluded: they do not
    change the book; font files enter by their content hash)."""


# ---------------------------------------------------------------- reading nodes


class _Wrong(Exception):
    """A value does not fit: `expected` is what was wanted (or, if whole, the full text)."""

    def __init__(self, expected: str, whole: bool = False) -> None:
        super().__init__(expected)
        self.expected = expected
        self.whole = whole


@dataclass
class _Ctx:
    """Where reading stands: the key path, the file, and the problems found so far."""

    loader: yaml.SafeLoader
    """Constructs scalar values from nodes of the file being read."""
    base: Path
    """Folder that relative paths in the file are resolved against."""
    file: str
    """'' for the config itself, else a name shown with line numbers (a template)."""
    problems: list[tuple[str, int, str]]
    """Every problem found: (file, line, text); '' is the config itself."""


@dataclass(frozen=True)
class _At:
    """A location: key path and line, in a given read."""

    ctx: _Ctx
    path: str
    line: int

    def key(self, name: str, node: yaml.Node) -> _At:
        return _At(self.ctx, f"{self.path}.{name}" if self.path else name, _line(node))

    def index(self, i: int, node: yaml.Node) -> _At:
        return _At(self.ctx, f"{self.path}[{i}]", _line(node))

    def fail(self, text: str) -> None:
        where = f"{self.ctx.file} line {self.line}" if self.ctx.file else f"line {self.line}"
        text = f"{self.path or '(top)'}: {text} ({where})"
        self.ctx.problems.append((self.ctx.file, self.line, text))

    def value(self, node: yaml.Node) -> Any:
        try:
            return self.ctx.loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError):
            # e.g. a date-like scalar that is no date: no reader accepts a raw node value
            return object()


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _got(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping" if node.value else "an empty mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list" if node.value else "an empty list"
    if node.tag == "tag:yaml.org,2002:null":
        return "nothing"
    if node.tag == "tag:yaml.org,2002:str":
        return repr(node.value)
    return str(node.value)


def _close(word: str, choices: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return found[0] if found else None


def _unknown(kind: str, value: str, choices: Iterable[str], listed: str = "") -> str:
    """"unknown <kind> 'x'; did you mean 'y'? expected one of a, b, c"."""
    options = list(choices)
    close = _close(value, options)
    hint = f"did you mean {close!r}? " if close else ""
    return f"unknown {kind} {value!r}; {hint}expected one of {listed or ', '.join(options)}"


Reader = Callable[[yaml.Node, _At], Any]


def _read(reader: Reader, node: yaml.Node, at: _At) -> tuple[bool, Any]:
    """(ok, value): run a reader, turning _Wrong into a problem at `at`."""
    try:
        return True, reader(node, at)
    except _Wrong as e:
        at.fail(e.expected if e.whole else f"expected {e.expected}, got {_got(node)}")
        return False, None


@dataclass
class _Read:
    """A mapping as read: the values that were valid and where each key was."""

    at: _At
    """The mapping itself."""
    values: dict[str, Any] = field(default_factory=dict)
    """Valid values by key; nested mappings are _Read too."""
    where: dict[str, _At] = field(default_factory=dict)
    """Location of each key present, valid or not."""

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def at_key(self, key: str) -> _At:
        return self.where.get(key, self.at)


@dataclass(frozen=True)
class _Key:
    """One key of a mapping schema."""

    reader: Reader
    required: bool = False


@dataclass(frozen=True)
class _Map:
    """A mapping schema: known keys, each with its reader; anything else is an error."""

    keys: dict[str, _Key]
    what: str = "a mapping"

    def __call__(self, node: yaml.Node, at: _At) -> _Read:
        if not isinstance(node, yaml.MappingNode):
            raise _Wrong(self.what)
        out = _Read(at)
        meant: set[str] = set()  # keys suggested for unknown ones: not also reported missing
        own = {id(k) for k, _ in node.value}
        try:  # YAML merge keys (<<: *defaults) bring their pairs in first
            at.ctx.loader.flatten_mapping(node)
        except yaml.YAMLError as e:
            raise _Wrong(f"a mapping, but its merge key is wrong: {e}") from None
        merged = set()  # names so far given only by a merge: the mapping's own pair wins
        for knode, vnode in node.value:
            name = str(knode.value)
            kat = at.key(name, knode)
            if name in out.where and name not in merged:
                kat.fail(f"duplicate key; first given on line {out.where[name].line}")
                continue
            merged.discard(name)
            if id(knode) not in own:
                merged.add(name)
            out.values.pop(name, None)
            out.where[name] = kat
            spec = self.keys.get(name)
            if spec is None:
                close = _close(name, self.keys)
                meant.add(close or "")
                kat.fail(f"unknown key; did you mean {close!r}?" if close else
                         f"unknown key; expected one of {', '.join(self.keys)}")
                continue
            ok, value = _read(spec.reader, vnode, kat)
            if ok:
                out.values[name] = value
        for name, spec in self.keys.items():
            if spec.required and name not in out.where and name not in meant:
                at.key(name, node).fail("required key missing")
        return out


# ---------------------------------------------------------------- scalar readers


def _scalar(node: yaml.Node, at: _At) -> Any:
    """The node's value if it is a scalar, else a list (which no scalar reader accepts)."""
    return at.value(node) if isinstance(node, yaml.ScalarNode) else []


def _text(node: yaml.Node, at: _At) -> str:
    value = _scalar(node, at)
    if not isinstance(value, str) or not value.strip():
        raise _Wrong("a non-empty text")
    return value.strip()


def _optional_text(node: yaml.Node, at: _At) -> str:
    value = _scalar(node, at)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _Wrong("a text")
    return value.strip()


def _flag(node: yaml.Node, at: _At) -> bool:
    value = _scalar(node, at)
    if not isinstance(value, bool):
        raise _Wrong("true or false")
    return value


def _integer(node: yaml.Node, at: _At) -> int | None:
    """The node's int value (never a bool), or None when it is not one."""
    value = _scalar(node, at)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _number(node: yaml.Node, at: _At) -> float | None:
    """The node's finite number value, or None when it is not one."""
    value = _scalar(node, at)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _positive_int(node: yaml.Node, at: _At) -> int:
    value = _integer(node, at)
    if value is None or value < 1:
        raise _Wrong("a positive integer")
    return value


def _seed(node: yaml.Node, at: _At) -> int:
    value = _integer(node, at)
    if value is None or value < 0:
        raise _Wrong("a non-negative integer")
    return value


def _workers(node: yaml.Node, at: _At) -> int | None:
    if _scalar(node, at) in (None, "auto"):
        return None
    value = _integer(node, at)
    if value is None or value < 1:
        raise _Wrong("a positive integer or 'auto'")
    return value


def _positive_number(node: yaml.Node, at: _At) -> float:
    value = _number(node, at)
    if value is None or value <= 0:
        raise _Wrong("a positive number")
    return value


def _between(lo: float, hi: float) -> Reader:
    def read(node: yaml.Node, at: _At) -> float:
        value = _number(node, at)
        if value is None or not lo <= value <= hi:
            raise _Wrong(f"a number from {lo:g} to {hi:g}")
        return value

    return read


def _int_between(lo: int, hi: int) -> Reader:
    def read(node: yaml.Node, at: _At) -> int:
        value = _integer(node, at)
        if value is None or not lo <= value <= hi:
            raise _Wrong(f"an integer from {lo} to {hi}")
        return value

    return read


def _choice(kind: str, options: Iterable[str]) -> Reader:
    """A name from `options`, case-insensitive; an unknown one gets a did-you-mean."""
    opts = tuple(options)

    def read(node: yaml.Node, at: _At) -> str:
        value = _scalar(node, at)
        if not isinstance(value, str):
            raise _Wrong(f"a {kind}: one of {', '.join(opts)}")
        if value.lower() not in opts:
            raise _Wrong(_unknown(kind, value, opts), whole=True)
        return value.lower()

    return read


def _int_choice(options: tuple[int, ...]) -> Reader:
    def read(node: yaml.Node, at: _At) -> int:
        value = _integer(node, at)
        if value not in options:
            raise _Wrong(f"one of {', '.join(map(str, options))}")
        return value

    return read


def _size(node: yaml.Node, at: _At) -> int:
    """A grid size: 9 or '9x9'."""
    value = _scalar(node, at)
    if isinstance(value, str) and re.fullmatch(r"(\d+)x\1", value.strip()):
        value = int(value.strip().split("x")[0])
    if isinstance(value, bool) or value not in SIZES:
        raise _Wrong(f"a grid size: one of {', '.join(map(str, SIZES))}")
    return int(value)


def _points(value: Any) -> float | None:
    """A length (number of points, or text with a unit) in points, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if not isinstance(value, str):
        return None
    m = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(pt|in|mm|cm)?\s*", value.lower())
    return float(m.group(1)) * _UNITS[m.group(2) or "pt"] if m else None


def _length(minimum: float) -> Reader:
    """A length in points, at least `minimum` points."""

    def read(node: yaml.Node, at: _At) -> float:
        pts = _points(_scalar(node, at))
        if pts is None or pts < minimum:
            raise _Wrong(
                f"a length of at least {minimum / 72:g}in ({minimum:g} pt), e.g. 0.5in, 12mm, 36"
            )
        return pts

    return read


def _line_weight(node: yaml.Node, at: _At) -> float:
    pts = _points(_scalar(node, at))
    if pts is None or pts < _MIN_LINE_PT:
        raise _Wrong(f"a line width of at least {_MIN_LINE_PT:g} pt")
    return pts


def _page_side(node: yaml.Node, at: _At) -> float:
    lo, hi = _PAGE_SIDE_PT
    pts = _points(_scalar(node, at))
    if pts is None or not lo <= pts <= hi:
        raise _Wrong(f"a page side from {lo / 72:g}in to {hi / 72:g}in, e.g. 6in, 152.4mm, 432")
    return pts


def _page_size(node: yaml.Node, at: _At) -> tuple[float, float]:
    names = ", ".join(_PAGE_SIZES_IN)
    value = _scalar(node, at)
    if not isinstance(value, str):
        raise _Wrong(f"a page size: one of {names}, or WxH in inches")
    key = value.lower().replace(" ", "")
    size = _PAGE_SIZES_IN.get(key)
    if size is None:
        m = re.fullmatch(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(?:in)?", key)
        if not m:
            raise _Wrong(_unknown("page size", value, _PAGE_SIZES_IN, names + ", or WxH in inches"),
                         whole=True)
        size = (float(m.group(1)), float(m.group(2)))
    w, h = round(size[0] * 72, 2), round(size[1] * 72, 2)
    lo, hi = _PAGE_SIDE_PT
    if not (lo <= w <= hi and lo <= h <= hi):
        raise _Wrong(f"a page from {lo / 72:g}in to {hi / 72:g}in a side")
    return w, h


def _gutter(node: yaml.Node, at: _At) -> float | None:
    if _scalar(node, at) == "auto":
        return None
    pts = _points(_scalar(node, at))
    if pts is None or pts < _MIN_MARGIN_PT:
        raise _Wrong(f"'auto' or a length of at least {_MIN_MARGIN_PT / 72:g}in")
    return pts


def _font(node: yaml.Node, at: _At) -> str:
    """A bundled font name, or a .ttf path (relative to the file) made absolute."""
    name = _text(node, at)
    if name in _BUNDLED_FONTS:
        return name
    if not name.lower().endswith(".ttf"):
        raise _Wrong(_unknown("font", name, _BUNDLED_FONTS,
                              ", ".join(_BUNDLED_FONTS) + " or a path to a .ttf file"), whole=True)
    path = (at.ctx.base / Path(name).expanduser()).resolve()
    if not path.is_file():
        raise _Wrong(f"font file not found: {path}", whole=True)
    with open(path, "rb") as f:
        magic = f.read(4)
    if magic not in (b"\x00\x01\x00\x00", b"true"):
        raise _Wrong(f"not a TrueType font: {path}", whole=True)
    return str(path)


def _label(node: yaml.Node, at: _At) -> str:
    text = _optional_text(node, at)
    try:
        names = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError:
        names = {""}
    if not names <= set(_LABEL_FIELDS):
        raise _Wrong("a label using only {number} and {difficulty}")
    return text


# ---------------------------------------------------------------- composite readers


def _band(node: yaml.Node, at: _At) -> str:
    name: str = _choice("band", BANDS)(node, at)
    return name


def _range(integral: bool) -> Reader:
    """[lo, hi] (inclusive, lo <= hi, both >= 0) or one number meaning [x, x]."""
    kind = "integer" if integral else "number"

    def read(node: yaml.Node, at: _At) -> tuple[float, float]:
        parts = node.value if isinstance(node, yaml.SequenceNode) else [node]
        nums = [x for x in (_number(p, at) for p in parts) if x is not None]
        if len(nums) != len(parts) or not 1 <= len(nums) <= 2 or any(
            x < 0 or (integral and not x.is_integer()) for x in nums
        ):
            raise _Wrong(f"a range [lo, hi] or one {kind}, each >= 0")
        lo, hi = nums[0], nums[-1]
        if lo > hi:
            raise _Wrong(f"expected a range [lo, hi] with lo <= hi, got [{lo:g}, {hi:g}]",
                         whole=True)
        return lo, hi

    return read


_COUNT_FIGURES = ("clues", "level", "maxlevel")
"""Figures that count things, so their ranges are whole numbers."""
_DIFFICULTY = _Map(
    {"band": _Key(_band), **{f: _Key(_range(f in _COUNT_FIGURES)) for f in FIGURES}},
    what="a band name or a mapping of ranges, e.g. {way_complexity: [40, 200]}",
)


def _difficulty(node: yaml.Node, at: _At) -> _Read:
    """A band name, or a mapping with an optional band and ranges on FIGURES."""
    if isinstance(node, yaml.ScalarNode):
        return _Read(at, {"band": _band(node, at)}, {"band": at})
    read = _DIFFICULTY(node, at)
    if not read.where:
        raise _Wrong("a band name or at least one range, e.g. {clues: [24, 30]}")
    return read


_IMPROVE = _Map({
    "evaluations": _Key(_positive_int),
    "seconds": _Key(_positive_number),
    "objective": _Key(_choice("objective", OBJECTIVES)),
})


def _improve(node: yaml.Node, at: _At) -> _Read:
    read = _IMPROVE(node, at)
    budgets = [k for k in ("evaluations", "seconds") if k in read.where]
    if len(budgets) != 1:
        got = "both" if budgets else "neither"
        raise _Wrong(f"expected exactly one budget, evaluations or seconds, got {got}",
                     whole=True)
    return read


def _clue_range(node: yaml.Node, at: _At) -> tuple[int, int]:
    lo, hi = _range(True)(node, at)
    return int(lo), int(hi)


_SECTION = _Map(
    {
        "name": _Key(_text, required=True),
        "count": _Key(_positive_int, required=True),
        "difficulty": _Key(_difficulty, required=True),
        "symmetry": _Key(_choice("symmetry", SYMMETRIES)),
        "size": _Key(_size),
        "clues": _Key(_clue_range),
        "minimal": _Key(_flag),
        "improve": _Key(_improve),
    },
    what="a mapping with name, count, difficulty, ...",
)


def _sections(node: yaml.Node, at: _At) -> list[_Read]:
    if not isinstance(node, yaml.SequenceNode) or not node.value:
        raise _Wrong("a non-empty list of sections")
    return [_SECTION(item, at.index(i, item)) for i, item in enumerate(node.value)]


_MARGIN_SIDES = ("outside", "top", "bottom")
_MARGINS = _Map(
    {**{k: _Key(_length(_MIN_MARGIN_PT)) for k in _MARGIN_SIDES}, "gutter": _Key(_gutter)},
    what="one length or a mapping of outside, top, bottom, gutter",
)


def _margins(node: yaml.Node, at: _At) -> _Read:
    """{outside, top, bottom, gutter}, or one length for outside, top and bottom."""
    if isinstance(node, yaml.ScalarNode):
        pts = _length(_MIN_MARGIN_PT)(node, at)
        return _Read(at, dict.fromkeys(_MARGIN_SIDES, pts), dict.fromkeys(_MARGIN_SIDES, at))
    return _MARGINS(node, at)


_LINES = _Map({f.name: _Key(_line_weight) for f in dataclasses.fields(model.LineWeights)})
_FONTS = _Map({"regular": _Key(_font), "bold": _Key(_font)})

_TEMPLATE = _Map(
    {
        "page_size": _Key(_page_size),
        "page_width": _Key(_page_side),
        "page_height": _Key(_page_side),
        "margins": _Key(_margins),
        "puzzles_per_page": _Key(_int_choice(PER_PAGE)),
        "answers_per_page": _Key(_int_between(*ANSWERS_PER_PAGE)),
        "fonts": _Key(_FONTS),
        "lines": _Key(_LINES),
        "digit_scale": _Key(_between(*_DIGIT_SCALE)),
        "answer_gray": _Key(_between(0.0, _MAX_ANSWER_GRAY)),
        "large_print": _Key(_flag),
        "label": _Key(_label),
    },
    what="a mapping of template keys",
)

_CONFIG = _Map(
    {
        "title": _Key(_text, required=True),
        "subtitle": _Key(_optional_text),
        "author": _Key(_optional_text),
        "copyright": _Key(_optional_text),
        "seed": _Key(_seed),
        "workers": _Key(_workers),
        "template": _Key(_text),
        "layout": _Key(_TEMPLATE),
        "front": _Key(_Map({f.name: _Key(_flag) for f in dataclasses.fields(model.FrontMatter)})),
        "sections": _Key(_sections, required=True),
    },
    what="a mapping of book settings",
)


# ---------------------------------------------------------------- files


def _templates_dir() -> Path:
    """The shipped templates: the checkout's templates/ folder, else the installed copy
    (pyproject.toml installs them as data files under <prefix>/share/bookgen/templates)."""
    root = Path(__file__).resolve().parent.parent
    if (root / "pyproject.toml").is_file():
        return root / "templates"
    schemes = (sysconfig.get_default_scheme(), sysconfig.get_preferred_scheme("user"))
    installed = [Path(sysconfig.get_path("data", s)) / "share" / "bookgen" / "templates"
                 for s in schemes]
    return next((d for d in installed if d.is_dir()), installed[0])


def list_templates() -> list[str]:
    """Names of the shipped templates, sorted."""
    return sorted(p.stem for p in _templates_dir().glob("*.yaml"))


def _template_file(name: str, base: Path) -> Path | None:
    """A template name (shipped) or a path to a .yaml file (relative to `base`)."""
    if name.lower().endswith((".yaml", ".yml")) or "/" in name:
        path = (base / Path(name).expanduser()).resolve()
    else:
        path = _templates_dir() / f"{name}.yaml"
    return path if path.is_file() else None


def _compose(
    path: Path, file: str, problems: list[tuple[str, int, str]]
) -> tuple[yaml.Node | None, _Ctx]:
    """The file's root node (None if it could not be parsed) and a context to read it."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ConfigError(f"{path}: cannot read: {e}") from None
    loader = yaml.SafeLoader(text)
    ctx = _Ctx(loader, path.parent, file, problems)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        _At(ctx, "", line).fail(f"invalid YAML: {e.problem or e.context}")
        return None, ctx
    except yaml.YAMLError as e:
        _At(ctx, "", 1).fail(f"invalid YAML: {e}")
        return None, ctx
    return node or yaml.ScalarNode("tag:yaml.org,2002:null", "", loader.get_mark()), ctx


def _raise(path: Path, problems: list[tuple[str, int, str]]) -> None:
    """Raise one ConfigError listing every problem: the file's own by line, then others'."""
    if problems:
        head = f"{path}: {len(problems)} problem{'s' if len(problems) > 1 else ''}:"
        lines = (f"  {text}" for _, _, text in sorted(problems, key=lambda p: (p[0], p[1])))
        raise ConfigError("\n".join([head, *lines]))


# ---------------------------------------------------------------- templates


def gutter_for_pages(pages: int) -> float:
    """The KDP inside margin in points for a book of `pages` pages (PRINT.md)."""
    for most, inches in _KDP_GUTTERS:
        if pages <= most:
            return inches * 72
    return _KDP_GUTTERS[-1][1] * 72


def _page(read: _Read) -> _Read:
    """page_size turned into page_width and page_height (they may not be given with it)."""
    size = read.values.pop("page_size", None)
    if "page_size" in read.where:
        for side in ("page_width", "page_height"):
            if side in read.where:
                read.where[side].fail("give page_size or page_width and page_height, not both")
        if size is not None:
            at = read.where.pop("page_size")
            read.values.update(page_width=size[0], page_height=size[1])
            read.where.update(page_width=at, page_height=at)
    return read


def _clean(read: _Read) -> bool:
    """Whether every key given (nested ones too) was valid."""
    return read.where.keys() <= read.values.keys() and all(
        _clean(v) for v in read.values.values() if isinstance(v, _Read))


def _merge(base: _Read, over: _Read) -> _Read:
    """`over` laid on `base`, key by key, nested mappings merged."""
    out = _Read(base.at, dict(base.values), {**base.where, **over.where})
    for key, value in over.values.items():
        below = out.values.get(key)
        out.values[key] = (_merge(below, value) if isinstance(value, _Read)
                           and isinstance(below, _Read) else value)
    return out


def _template(read: _Read, name: str) -> model.Template | None:
    """The Template the merged keys describe, plus the checks across keys; None if unusable."""
    d = model.Template(name=name, page_width=0.0, page_height=0.0)
    empty = _Read(read.at)
    margins, fonts, lines = (read.get(k, empty) for k in ("margins", "fonts", "lines"))
    if not {"page_size", "page_width", "page_height"} & read.where.keys():
        _At(read.at.ctx, "page_size", read.at.line).fail("required key missing")
    if not {"page_width", "page_height"} <= read.values.keys() or not _clean(read):
        return None
    found = len(read.at.ctx.problems)
    t = model.Template(
        name=name,
        page_width=read.values["page_width"],
        page_height=read.values["page_height"],
        margin_outside=margins.get("outside", d.margin_outside),
        margin_top=margins.get("top", d.margin_top),
        margin_bottom=margins.get("bottom", d.margin_bottom),
        gutter=margins.get("gutter", d.gutter),
        puzzles_per_page=read.get("puzzles_per_page", d.puzzles_per_page),
        answers_per_page=read.get("answers_per_page", d.answers_per_page),
        font=fonts.get("regular", d.font),
        font_bold=fonts.get("bold", d.font_bold),
        lines=dataclasses.replace(d.lines, **lines.values),
        digit_scale=read.get("digit_scale", d.digit_scale),
        answer_gray=read.get("answer_gray", d.answer_gray),
        large_print=read.get("large_print", d.large_print),
        label=read.get("label", d.label),
    )
    if t.large_print and t.puzzles_per_page > 2:
        read.at_key("puzzles_per_page").fail(
            f"large print allows at most 2 puzzles a page, got {t.puzzles_per_page}")
    w, h = _content(t, gutter_for_pages(MAX_PAGES))
    if min(w, h) < 144:
        read.at_key("margins").fail(
            f"margins leave {w / 72:.2g}in x {h / 72:.2g}in for the grids; expected at least 2in "
            f"each way{' (with the widest gutter, 0.875in)' if t.gutter is None else ''}")
    return t if len(read.at.ctx.problems) == found else None


def _content(t: model.Template, gutter: float) -> tuple[float, float]:
    """Width and height inside the margins, in points."""
    inside = t.gutter if t.gutter is not None else gutter
    width = t.page_width - t.margin_outside - inside
    return width, t.page_height - t.margin_top - t.margin_bottom


def _read_template(path: Path, shown: str, problems: list[tuple[str, int, str]]) -> _Read | None:
    """A template file's keys as read (problems noted with `shown` and the line)."""
    node, ctx = _compose(path, shown, problems)
    if node is None:
        return None
    ok, read = _read(_TEMPLATE, node, _At(ctx, "", 1))
    return _page(read) if ok else None


def load_template(name_or_path: str | Path) -> model.Template:
    """A shipped template by name, or a template file; raises ConfigError listing problems."""
    text = str(name_or_path)
    path = _template_file(text, Path.cwd())
    if path is None:
        raise ConfigError(_no_template(text))
    problems: list[tuple[str, int, str]] = []
    read = _read_template(path, str(path), problems)
    t = _template(read, path.stem) if read is not None else None
    _raise(path, problems)
    assert t is not None
    return t


def _no_template(name: str) -> str:
    names = list_templates()
    close = _close(name, names)
    hint = f"; did you mean {close!r}?" if close else ";"
    return f"no template {name!r}{hint} available: {', '.join(names)}"


# ---------------------------------------------------------------- sections


_SYMMETRY_MAPS: dict[str, tuple[Callable[[int, int, int], tuple[int, int]], ...]] = {
    "none": (),
    "rotational": (lambda r, c, n: (n - 1 - r, n - 1 - c),),
    "rotational90": (lambda r, c, n: (c, n - 1 - r),),
    "mirror": (lambda r, c, n: (r, n - 1 - c),),
    "flip": (lambda r, c, n: (n - 1 - r, c),),
    "diagonal": (lambda r, c, n: (c, r),),
    "antidiagonal": (lambda r, c, n: (n - 1 - c, n - 1 - r),),
    "dihedral": ((lambda r, c, n: (c, n - 1 - r)), (lambda r, c, n: (r, n - 1 - c))),
}
"""Generators of each symmetry's group, as maps of (row, col) on an n x n grid."""


def orbit_sizes(n: int, symmetry: str) -> tuple[int, ...]:
    """Sizes of the cell orbits of `symmetry` on an n x n grid, sorted."""
    gens = _SYMMETRY_MAPS[symmetry]
    seen: set[tuple[int, int]] = set()
    sizes = []
    for start in ((r, c) for r in range(n) for c in range(n)):
        if start in seen:
            continue
        orbit, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for g in gens:
                nxt = g(r, c, n)
                if nxt not in orbit:
                    orbit.add(nxt)
                    todo.append(nxt)
        seen |= orbit
        sizes.append(len(orbit))
    return tuple(sorted(sizes))


def clue_counts(n: int, symmetry: str) -> frozenset[int]:
    """Clue counts a puzzle of size n with `symmetry` can have: sums of orbit sizes
    within MIN_CLUES[n] .. n*n - 1."""
    reach = 1
    for size in orbit_sizes(n, symmetry):
        reach |= reach << size
    return frozenset(k for k in range(MIN_CLUES[n], n * n) if reach >> k & 1)


SHIDOKU_PUZZLES: dict[str, tuple[int, ...]] = {
    "none": (25728, 284160, 1041408, 2141184, 2961024, 2958336, 2204928, 1239552, 522624,
             161280, 34560, 4608),
    "rotational": (2208, 0, 12288, 0, 19296, 0, 16128, 0, 8064, 0, 2304, 0),
    "rotational90": (240, 0, 0, 0, 1680, 0, 0, 0, 1152, 0, 0, 0),
    "mirror": (960, 0, 7680, 0, 14112, 0, 13824, 0, 7680, 0, 2304, 0),
    "flip": (960, 0, 7680, 0, 14112, 0, 13824, 0, 7680, 0, 2304, 0),
    "diagonal": (480, 7872, 19776, 32448, 39264, 38976, 33408, 24192, 14976, 8064, 3456, 1152),
    "antidiagonal": (480, 7872, 19776, 32448, 39264, 38976, 33408, 24192, 14976, 8064, 3456,
                     1152),
    "dihedral": (0, 0, 0, 0, 528, 0, 0, 0, 576, 0, 0, 0),
}
"""How many different 4x4 puzzles with a unique solution exist, by symmetry, for 4, 5,
... 15 clues: every clue pattern of every one of the 288 grids, counted once (the tests
count them again by brute force). Larger sizes have far more puzzles than a book needs."""


def _span(lo: float, hi: float) -> str:
    return f"{lo:g}" if lo == hi else f"[{lo:g}, {hi:g}]"


def _check_clues(lo: int, hi: int, n: int, symmetry: str, at: _At) -> bool:
    """Whether a clue range can be met on size n with `symmetry` (else a problem is noted)."""
    cells, least = n * n, MIN_CLUES[n]
    counts = clue_counts(n, symmetry)
    if lo > cells - 1:
        at.fail(f"expected at most {cells - 1} clues on a {n}x{n} grid ({cells} cells), "
                f"got {_span(lo, hi)}")
    elif hi < least:
        at.fail(f"expected at least {least} clues: no {n}x{n} puzzle with fewer has a unique "
                f"solution, got {_span(lo, hi)}")
    elif not any(lo <= k <= hi for k in counts):
        near = [max((k for k in counts if k < lo), default=None),
                min((k for k in counts if k > hi), default=None)]
        groups = " and ".join(map(str, sorted(set(orbit_sizes(n, symmetry)))))
        at.fail(f"no clue count in {_span(lo, hi)} is possible with symmetry {symmetry!r} "
                f"on a {n}x{n} grid (it places clues in groups of {groups}); nearest "
                f"possible: {' or '.join(str(k) for k in near if k is not None)}")
    else:
        return True
    return False


def _check_4x4_supply(read: _Read, clues: tuple[int, int] | None, at: _At) -> None:
    """A 4x4 section asks no more puzzles than exist (SHIDOKU_PUZZLES)."""
    symmetry, count = read.get("symmetry", "none"), read.get("count", 0)
    lo, hi = clues or (MIN_CLUES[4], 15)
    supply = sum(SHIDOKU_PUZZLES[symmetry][k - MIN_CLUES[4]] for k in range(lo, hi + 1))
    having = f"{_span(lo, hi)} clues and " if clues else ""
    if supply == 0:
        at.fail(f"no 4x4 puzzle with {having}symmetry {symmetry!r} has a unique solution")
    elif count > supply:
        read.at_key("count").fail(
            f"expected at most {supply}: only {supply} different 4x4 puzzles have {having}"
            f"symmetry {symmetry!r}, got {count}")


def _difficulty_record(read: _Read) -> Difficulty:
    band = read.get("band")
    ranges = tuple((f, *read.values[f]) for f in FIGURES if f in read.values)
    if band is not None and "grade" in read.values:
        lo, hi = read.values["grade"]
        blo, bhi = BANDS[band]
        if not (lo < bhi and hi >= blo):
            read.where["grade"].fail(
                f"grade range {_span(lo, hi)} lies outside band {band!r} "
                f"(grade {blo:g} up to {bhi:g})")
    return Difficulty(band=band, ranges=ranges)


def _section_clues(read: _Read, diff: _Read) -> tuple[int, int] | None:
    """The section's clue range: its own `clues` narrowed by its difficulty's, checked
    against the size and symmetry."""
    clues, at = read.get("clues"), read.at_key("clues")
    if "clues" in diff.values:
        dlo, dhi = diff.values["clues"]
        implied = (math.ceil(dlo), math.floor(dhi))
        if clues is None:
            clues, at = implied, diff.where["clues"]
        elif max(clues[0], implied[0]) > min(clues[1], implied[1]):
            at.fail(f"clues {_span(*clues)} and difficulty clues {_span(dlo, dhi)} "
                    "do not overlap")
            return None
        else:
            clues = (max(clues[0], implied[0]), min(clues[1], implied[1]))
    if not all(k in read.values or k not in read.where for k in ("size", "symmetry")):
        return clues
    size = read.get("size", 9)
    possible = clues is None or _check_clues(
        clues[0], clues[1], size, read.get("symmetry", "none"), at)
    if possible and size == 4:
        _check_4x4_supply(read, clues, at if clues else read.at_key("symmetry"))
    return clues


def _check_untraced(size: int, diff: _Read, improve: _Read | None, read: _Read) -> None:
    """A section too large for the trace asks nothing of the trace figures."""
    why = (f"the trace figures are not computed for {size}x{size} puzzles (only up to "
           f"{TRACE_MAX_SIZE}x{TRACE_MAX_SIZE}); use a band, grade or clues")
    for f in TRACE_FIGURES:
        if f in diff.where:
            diff.where[f].fail(why)
    if improve is not None:
        objective = improve.get("objective", "way_complexity")
        if objective in TRACE_FIGURES:
            at = improve.where.get("objective") or read.at_key("improve")
            at.fail(f"objective {objective!r}: {why}")


def _section(read: _Read) -> SectionConfig | None:
    """The record of a section, after the checks across its keys; None if it has problems
    (they are reported)."""
    diff = read.get("difficulty", _Read(read.at))
    clues = _section_clues(read, diff)
    difficulty = _difficulty_record(diff)
    if not {"name", "count", "difficulty"} <= read.values.keys():
        return None
    improve = read.get("improve")
    size = read.get("size", 9)
    if size > TRACE_MAX_SIZE:
        _check_untraced(size, diff, improve, read)
    return SectionConfig(
        name=read.values["name"],
        count=read.values["count"],
        difficulty=difficulty,
        symmetry=read.get("symmetry", "none"),
        size=read.get("size", 9),
        clues=clues,
        minimal=read.get("minimal", False),
        improve=None if improve is None else ImproveSpec(
            evaluations=improve.get("evaluations"),
            seconds=improve.get("seconds"),
            objective=improve.get("objective", "way_complexity"),
        ),
    )


# ---------------------------------------------------------------- the book


def _slot_digit(t: model.Template, n: int, per_page: int, gutter: float) -> float:
    """Digit size in points of an n x n grid placed `per_page` to a page, at most: the best
    arrangement in columns and rows of the whole content area, with only a label line
    above each grid (no gaps, no headings), so only what cannot fit is flagged."""
    w, h = _content(t, gutter)
    side = max(
        min(w / cols, h / math.ceil(per_page / cols) - _LABEL_ROOM_PT)
        for cols in range(1, per_page + 1)
    )
    return side / n * t.digit_scale


def _pages(t: model.Template, counts: list[int], front: model.FrontMatter) -> int:
    """Estimated page count: front matter, sections each from a new page, answer key."""
    body = sum(math.ceil(c / t.puzzles_per_page) for c in counts)
    fronts = 2 * front.title_page + front.how_to_play + front.contents
    return fronts + body + math.ceil(sum(counts) / t.answers_per_page)


def _check_print(t: model.Template, sections: list[tuple[_Read, SectionConfig]],
                 front: model.FrontMatter, at: _At) -> None:
    """Page count and digit sizes, for each grid size the book uses."""
    pages = _pages(t, [s.count for _, s in sections], front)
    if pages > MAX_PAGES:
        at.fail(f"the book needs about {pages} pages; expected at most {MAX_PAGES} "
                "(print-on-demand limit): fewer puzzles, or more of them a page")
    gutter = gutter_for_pages(pages)
    checked: set[int] = set()
    for read, s in sections:
        if s.size in checked:
            continue
        checked.add(s.size)
        need = LARGE_PRINT_DIGIT_PT if t.large_print else MIN_TEXT_PT
        for what, per_page, least in (("grids", t.puzzles_per_page, need),
                                      ("answer grids", t.answers_per_page, MIN_TEXT_PT)):
            pt = _slot_digit(t, s.size, per_page, gutter)
            if pt < least:
                read.at_key("size").fail(
                    f"{s.size}x{s.size} {what} at {per_page} a page get about {pt:.1f} pt digits "
                    f"with template {t.name!r}; expected at least {least:g} pt "
                    f"(fewer {'puzzles' if what == 'grids' else 'answers'}_per_page under layout, "
                    "or a larger page)")


def _book_template(raw: _Read, ctx: _Ctx) -> model.Template | None:
    """The config's template with its layout overrides applied, or None if unusable."""
    if "template" in raw.where and "template" not in raw.values:
        return None
    name = raw.get("template", DEFAULT_TEMPLATE)
    path = _template_file(name, ctx.base)
    if path is None:
        raw.at_key("template").fail(_no_template(name))
        return None
    shown = path.name if path.parent == _templates_dir() else name
    base = _read_template(path, shown, ctx.problems)
    if base is None:
        return None
    layout = raw.get("layout")
    return _template(_merge(base, _page(layout)) if layout else base, path.stem)


def _font_key(font: str) -> str:
    """A font as it enters the hash: bundled by name, a file by its content."""
    if font in _BUNDLED_FONTS:
        return font
    return "sha256:" + hashlib.sha256(Path(font).read_bytes()).hexdigest()


def _config_hash(cfg: BookConfig) -> str:
    t = dataclasses.replace(cfg.template, font=_font_key(cfg.template.font),
                            font_bold=_font_key(cfg.template.font_bold))
    data = {
        "title": cfg.title, "subtitle": cfg.subtitle, "author": cfg.author,
        "copyright": cfg.copyright, "seed": cfg.seed,
        "template": dataclasses.asdict(t), "front": dataclasses.asdict(cfg.front),
        "sections": [dataclasses.asdict(s) for s in cfg.sections],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_config(path: str | Path, *, seed: int | None = None,
                workers: int | None = None) -> BookConfig:
    """Read and check a book config; `seed` and `workers` override the file's values.

    Raises ConfigError listing every problem found, one per line, each with its key path
    and line; nothing is returned unless the whole config is sound.
    """
    path = Path(path)
    if not path.is_file():
        raise ConfigError(f"{path}: no such file")
    if seed is not None and seed < 0:
        raise ConfigError(f"seed: expected a non-negative integer, got {seed}")
    if workers is not None and workers < 1:
        raise ConfigError(f"workers: expected a positive integer, got {workers}")
    problems: list[tuple[str, int, str]] = []
    node, ctx = _compose(path, "", problems)
    raw = _read(_CONFIG, node, _At(ctx, "", 1))[1] if node is not None else None
    if raw is None:
        _raise(path, problems)
        raise AssertionError("unreachable: a failed read records a problem")
    template = _book_template(raw, ctx)
    front = model.FrontMatter(**raw.get("front", _Read(raw.at)).values)
    sections: list[tuple[_Read, SectionConfig]] = []
    names: dict[str, str] = {}
    for read in raw.get("sections", []):
        s = _section(read)
        if s is None:
            continue
        if s.name in names:
            read.at_key("name").fail(f"duplicate section name {s.name!r}; first used by "
                                     f"{names[s.name]}")
        names.setdefault(s.name, read.at.path)
        sections.append((read, s))
    if template is not None and len(sections) == len(raw.get("sections", [])):
        _check_print(template, sections, front, raw.at_key("sections"))
    _raise(path, problems)
    assert template is not None
    cfg = BookConfig(
        path=path,
        name=path.stem,
        title=raw.values["title"],
        subtitle=raw.get("subtitle", ""),
        author=raw.get("author", ""),
        copyright=raw.get("copyright", ""),
        seed=raw.get("seed", 1) if seed is None else seed,
        workers=raw.get("workers") if workers is None else workers,
        template=template,
        front=front,
        sections=tuple(s for _, s in sections),
        config_hash="",
    )
    return dataclasses.replace(cfg, config_hash=_config_hash(cfg))
