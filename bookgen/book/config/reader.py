"""The line-tracking YAML reader: nodes -> values, every problem collected with its place.

Glossary:
  node        a composed YAML node; it keeps its line (merge keys and anchors work)
  reader      a function (node, At) -> value that raises Wrong when the value does not fit
  Map / Key   a declarative mapping schema: known keys, each with its reader, its default
              and a line of help, in the manner of mkdocs' config/base.py; anything else is
              reported with a did-you-mean. These tables are the one home of the config's
              keys: the reference (docs/config.md) and the JSON Schemas are generated from
              them (reference.py), so a new key is one Key line plus
              `BOOKGEN_REFRESH_DOCS=1 pytest tests/test_reference.py`
  Typed       a reader with what it accepts, in words and as a JSON Schema fragment
  Read        a mapping as read: the valid values, and where every key was
  key path    where a value sits: 'sections[2].count', 'layout.margins.top'
  problem     one line '<key path>: expected ..., got ... (line N)'; every problem of a file
              is collected first, then all are raised at once as one ConfigError
  length      PDF points as a bare number (72 = 1 in) or a string with a unit:
              '0.5in', '12.7mm', '1.27cm', '36pt'
"""

from __future__ import annotations

import difflib
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

from ...core import lang
from ...core.errors import ConfigError, InputError
from ...core.grid import decode_text
from ...core.rules import MIN_LINE_PT, Variant

if TYPE_CHECKING:
    from ..shipped import Traversable

E = TypeVar("E", bound=Enum)

UNITS = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54}
"""Points per unit of a length."""


class Wrong(Exception):
    """A value does not fit: `expected` is what was wanted (or, if whole, the full text)."""

    def __init__(self, expected: str, whole: bool = False) -> None:
        super().__init__(expected)
        self.expected = expected
        self.whole = whole


@dataclass
class Ctx:
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
class At:
    """A location: key path and line, in a given read."""

    ctx: Ctx
    path: str
    line: int

    def key(self, name: str, node: yaml.Node) -> At:
        return At(self.ctx, f"{self.path}.{name}" if self.path else name, line_of(node))

    def index(self, i: int, node: yaml.Node) -> At:
        return At(self.ctx, f"{self.path}[{i}]", line_of(node))

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


def line_of(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def got(node: yaml.Node, quote: bool = True) -> str:
    """What a node is, for a message: its value when `quote`, else only its kind."""
    if isinstance(node, yaml.MappingNode):
        return "a mapping" if node.value else "an empty mapping"
    if isinstance(node, yaml.SequenceNode):
        items = [v for v in node.value if isinstance(v, yaml.ScalarNode)]
        if node.value and len(items) == len(node.value) and len(items) <= 4:
            return f"[{', '.join(got(v) for v in node.value)}]"  # short lists show their values
        return "a list" if node.value else "an empty list"
    if node.tag == "tag:yaml.org,2002:null":
        return "nothing"
    if not quote:
        return "a text"
    if node.tag == "tag:yaml.org,2002:str":
        return repr(node.value)
    return str(node.value)


def close_match(word: str, choices: Iterable[str]) -> str | None:
    found = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return found[0] if found else None


def unknown(kind: str, value: str, choices: Iterable[str], listed: str = "") -> str:
    """"unknown <kind> 'x'; did you mean 'y'? expected one of a, b, c"."""
    options = list(choices)
    close = close_match(value, options)
    hint = f"did you mean {close!r}? " if close else ""
    return f"unknown {kind} {value!r}; {hint}expected one of {listed or ', '.join(options)}"


Reader = Callable[[yaml.Node, At], Any]


@dataclass(frozen=True)
class Typed:
    """A reader and what it accepts, for the reference: in words and as a JSON Schema."""

    read: Reader
    words: str
    """What it accepts, as a problem says it: 'a positive integer'."""
    schema: Mapping[str, Any]
    """The same as a JSON Schema fragment (what an editor can check; the reader may check
    more, e.g. the smallest length written with a unit)."""
    blocks: tuple[Map, ...] = ()
    """Mappings it reads (in place of a scalar, or as list items), each documented as a
    block of its own."""

    def __call__(self, node: yaml.Node, at: At) -> Any:
        return self.read(node, at)


def accepts(words: str, schema: Mapping[str, Any],
            blocks: tuple[Map, ...] = ()) -> Callable[[Reader], Typed]:
    """Decorate a reader function with what it accepts (Typed)."""

    def wrap(read: Reader) -> Typed:
        return Typed(read, words, schema, blocks)

    return wrap


def read_node(reader: Reader, node: yaml.Node, at: At) -> tuple[bool, Any]:
    """(ok, value): run a reader, turning Wrong into a problem at `at`."""
    try:
        return True, reader(node, at)
    except Wrong as e:
        # A whole file that is no mapping may be no config at all: its text is not quoted.
        shown = got(node, quote=bool(at.path))
        at.fail(e.expected if e.whole else f"expected {e.expected}, got {shown}")
        return False, None


NO_DEFAULT: Any = object()
"""A Key without a default: absent, the key is simply not set."""


@dataclass
class Read:
    """A mapping as read: the values that were valid and where each key was."""

    at: At
    """The mapping itself."""
    values: dict[str, Any] = field(default_factory=dict)
    """Valid values by key; nested mappings are Read too."""
    where: dict[str, At] = field(default_factory=dict)
    """Location of each key present, valid or not."""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """What an absent key means (the Map's Key.default)."""

    def get(self, key: str, default: Any = NO_DEFAULT) -> Any:
        """The key's value; when absent, `default` if given, else the schema's default
        (None when it has none)."""
        if key in self.values:
            return self.values[key]
        return self.defaults.get(key) if default is NO_DEFAULT else default

    def at_key(self, key: str) -> At:
        return self.where.get(key, self.at)


@dataclass(frozen=True)
class Key:
    """One key of a mapping schema: how it is read and what the reference says of it."""

    reader: Typed | Map
    required: bool = False
    help: str = ""
    """One or two sentences for the reference and an editor's hover."""
    default: Any = NO_DEFAULT
    """The value an absent key means: Read.get returns it (a model record's own default
    is given here as that record's field, so it keeps one home)."""
    default_words: str = ""
    """The default in words when it depends on other keys (shown instead of `default`)."""


@dataclass(frozen=True)
class Map:
    """A mapping schema: known keys, each with its reader; anything else is an error."""

    keys: dict[str, Key]
    what: str = "a mapping"
    help: str = ""
    """What the block is, for the reference."""

    @property
    def words(self) -> str:
        return "a mapping"

    @property
    def blocks(self) -> tuple[Map, ...]:
        return (self,)

    @property
    def schema(self) -> dict[str, Any]:
        """The mapping as a JSON Schema object: every key, its help and default."""
        props: dict[str, Any] = {}
        for name, key in self.keys.items():
            prop = dict(key.reader.schema)
            if key.help:
                prop["description"] = key.help
            if key.default is not NO_DEFAULT and key.default is not None:
                prop["default"] = plain(key.default)
            props[name] = prop
        out: dict[str, Any] = {"type": "object", "properties": props,
                               "additionalProperties": False}
        required = [name for name, key in self.keys.items() if key.required]
        if required:
            out["required"] = required
        return out

    def __call__(self, node: yaml.Node, at: At) -> Read:
        if not isinstance(node, yaml.MappingNode):
            raise Wrong(self.what)
        out = Read(at, defaults={k: v.default for k, v in self.keys.items()
                                 if v.default is not NO_DEFAULT})
        meant: set[str] = set()  # keys suggested for unknown ones: not also reported missing
        own = {id(k) for k, _ in node.value}
        try:  # YAML merge keys (<<: *defaults) bring their pairs in first
            at.ctx.loader.flatten_mapping(node)
        except yaml.YAMLError as e:
            raise Wrong(f"a mapping, but its merge key is wrong: {e}") from None
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
                close = close_match(name, self.keys)
                meant.add(close or "")
                kat.fail(f"unknown key; did you mean {close!r}?" if close else
                         f"unknown key; expected one of {', '.join(self.keys)}")
                continue
            ok, value = read_node(spec.reader, vnode, kat)
            if ok:
                out.values[name] = value
        for name, spec in self.keys.items():
            if spec.required and name not in out.where and name not in meant:
                at.key(name, node).fail("required key missing")
        return out


def plain(value: Any) -> Any:
    """A default as a config would write it: enums by their value."""
    return value.value if isinstance(value, (Enum, Variant)) else value


def scalar_of(node: yaml.Node, at: At) -> Any:
    """The node's value if it is a scalar, else a list (which no scalar reader accepts)."""
    return at.value(node) if isinstance(node, yaml.ScalarNode) else []


def is_auto(node: yaml.Node, at: At) -> bool:
    """Whether the node says 'auto' (a name, so in any case)."""
    value = scalar_of(node, at)
    return isinstance(value, str) and value.lower() == "auto"


_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                           "\u2066\u2067\u2068\u2069")
"""Marks that reorder the text around them: printed they do nothing visible, but they make
what is printed differ from what the config seems to say."""


SOFT_HYPHEN = "\u00ad"
"""A break hint the PDF writer does not honour: it would print as a hyphen mid-word."""


def _printable(value: str) -> str:
    """The text, when every character prints as the config shows it (line breaks
    allowed); Wrong otherwise."""
    if SOFT_HYPHEN in value:
        raise Wrong(f"expected text without soft hyphens (U+00AD), which would print as "
                    f"hyphens; got one at character {value.index(SOFT_HYPHEN) + 1}",
                    whole=True)
    for i, ch in enumerate(value):
        if ch != "\n" and (unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn")
                           or ch in _BIDI_CONTROLS):
            raise Wrong(f"expected text without control characters, got U+{ord(ch):04X} at "
                        f"character {i + 1}", whole=True)
    return value


def one_line(value: str) -> str:
    """The text, when it has no line break: a heading, name or label is set on one line,
    where a break would print as nothing or a missing-glyph box; Wrong otherwise."""
    if "\n" in value:
        raise Wrong(f"expected one line of text, got a line break at character "
                    f"{value.index(chr(10)) + 1}", whole=True)
    return value


@accepts("a non-empty text on one line", {"type": "string", "minLength": 1,
                                          "pattern": "^[^\\n]*$"})
def read_line(node: yaml.Node, at: At) -> str:
    return one_line(read_text(node, at))


@accepts("a non-empty text", {"type": "string", "minLength": 1})
def read_text(node: yaml.Node, at: At) -> str:
    value = scalar_of(node, at)
    if not isinstance(value, str) or not value.strip():
        raise Wrong("a non-empty text")
    return _printable(value.strip())


@accepts("a text, may be empty", {"type": ["string", "null"]})
def read_optional_text(node: yaml.Node, at: At) -> str:
    value = scalar_of(node, at)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Wrong("a text")
    return _printable(value.strip())


def check_fields(text: str, allowed: Iterable[str]) -> str:
    """The text, when its {fields} are plain names among `allowed` (lang.fill fills in
    nothing else); Wrong naming what was found and what may be used otherwise."""
    may = ", ".join(f"{{{f}}}" for f in sorted(allowed)) or "none"
    try:
        used, dressed = lang.fields(text), lang.dressed(text)
    except ValueError:
        raise Wrong("a text whose braces are paired: {field}, or {{ and }} for a brace "
                    "itself") from None
    if dressed:
        wanted = f"plain {{name}} fields from {may}" if may != "none" else "no {fields}"
        raise Wrong(f"expected {wanted}, got {dressed!r}: a field takes no format spec or "
                    "conversion (':...', '!r'); write {{ and }} for a brace itself", whole=True)
    extra = sorted(used - set(allowed))
    if extra:
        raise Wrong(f"unknown field {{{extra[0]}}} in the text; fields it may use: {may}",
                    whole=True)
    return text


@accepts("true or false", {"type": "boolean"})
def read_flag(node: yaml.Node, at: At) -> bool:
    value = scalar_of(node, at)
    if not isinstance(value, bool):
        raise Wrong("true or false")
    return value


def integer_of(node: yaml.Node, at: At) -> int | None:
    """The node's int value (never a bool), or None when it is not one."""
    value = scalar_of(node, at)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def number_of(node: yaml.Node, at: At) -> float | None:
    """The node's finite number value, or None when it is not one."""
    value = scalar_of(node, at)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


@accepts("a positive integer", {"type": "integer", "minimum": 1})
def read_positive_int(node: yaml.Node, at: At) -> int:
    value = integer_of(node, at)
    if value is None or value < 1:
        raise Wrong("a positive integer")
    return value


@accepts("a non-negative integer", {"type": "integer", "minimum": 0})
def read_seed(node: yaml.Node, at: At) -> int:
    value = integer_of(node, at)
    if value is None or value < 0:
        raise Wrong("a non-negative integer")
    return value


@accepts("a positive number", {"type": "number", "exclusiveMinimum": 0})
def read_positive_number(node: yaml.Node, at: At) -> float:
    value = number_of(node, at)
    if value is None or value <= 0:
        raise Wrong("a positive number")
    return value


def read_between(lo: float, hi: float) -> Typed:
    words = f"a number from {lo:g} to {hi:g}"

    def read(node: yaml.Node, at: At) -> float:
        value = number_of(node, at)
        if value is None or not lo <= value <= hi:
            raise Wrong(words)
        return value

    return Typed(read, words, {"type": "number", "minimum": lo, "maximum": hi})


def read_int_between(lo: int, hi: int) -> Typed:
    words = f"an integer from {lo} to {hi}"

    def read(node: yaml.Node, at: At) -> int:
        value = integer_of(node, at)
        if value is None or not lo <= value <= hi:
            raise Wrong(words)
        return value

    return Typed(read, words, {"type": "integer", "minimum": lo, "maximum": hi})


def read_choice(kind: str, options: type[E]) -> Typed:
    """A member of the enum `options` by its value, case-insensitive; an unknown name gets a
    did-you-mean."""
    names = tuple(str(o.value) for o in options)

    def read(node: yaml.Node, at: At) -> E:
        value = scalar_of(node, at)
        if not isinstance(value, str):
            raise Wrong(f"a {kind}: one of {', '.join(names)}")
        if value.lower() not in names:
            raise Wrong(unknown(kind, value, names), whole=True)
        return options(value.lower())

    return Typed(read, f"one of {', '.join(names)}", {"type": "string", "enum": list(names)})


def read_kind() -> Typed:
    """A puzzle kind by its name, case-insensitive, among the kinds registered when the
    config is read (a plug-in's kind too); an unknown name gets a did-you-mean."""

    def names() -> tuple[str, ...]:
        return tuple(kind.name for kind in Variant)

    def read(node: yaml.Node, at: At) -> Variant:
        value = scalar_of(node, at)
        if not isinstance(value, str):
            raise Wrong(f"a variant: one of {', '.join(names())}")
        if value.lower() not in names():
            raise Wrong(unknown("variant", value, names()), whole=True)
        return Variant.parse(value)

    return Typed(read, f"one of {', '.join(names())}", {"type": "string", "enum": list(names())})


def read_int_choice(options: tuple[int, ...]) -> Typed:
    words = f"one of {', '.join(map(str, options))}"

    def read(node: yaml.Node, at: At) -> int:
        value = integer_of(node, at)
        if value not in options:
            raise Wrong(words)
        return value

    return Typed(read, words, {"type": "integer", "enum": list(options)})


_LENGTH_TEXT = r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(pt|in|mm|cm)?\s*"
"""A length written as text (lower-cased first): a number and an optional unit."""

LENGTH_SCHEMA = {"type": "string", "pattern": _LENGTH_TEXT.join("^$").replace(
    "pt|in|mm|cm", "[pP][tT]|[iI][nN]|[mM][mM]|[cC][mM]")}
"""A length with a unit, as a JSON Schema: the units in either case."""


def points_of(value: Any) -> float | None:
    """A length (number of points, or text with a unit) in points, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if not isinstance(value, str):
        return None
    m = re.fullmatch(_LENGTH_TEXT, value.lower())
    return float(m.group(1)) * UNITS[m.group(2) or "pt"] if m else None


def length_schema(minimum: float) -> dict[str, Any]:
    """A length of at least `minimum` points: a number, or text with a unit (whose size
    only the reader checks)."""
    return {"anyOf": [{"type": "number", "minimum": minimum}, LENGTH_SCHEMA]}


def read_length(minimum: float) -> Typed:
    """A length in points, at least `minimum` points."""
    words = f"a length of at least {minimum / 72:g}in ({minimum:g} pt), e.g. 0.5in, 12mm, 36"

    def read(node: yaml.Node, at: At) -> float:
        pts = points_of(scalar_of(node, at))
        if pts is None or pts < minimum:
            raise Wrong(words)
        return pts

    return Typed(read, words, length_schema(minimum))


@accepts(f"a line width of at least {MIN_LINE_PT:g} pt", length_schema(MIN_LINE_PT))
def read_line_weight(node: yaml.Node, at: At) -> float:
    pts = points_of(scalar_of(node, at))
    if pts is None or pts < MIN_LINE_PT:
        raise Wrong(f"a line width of at least {MIN_LINE_PT:g} pt")
    return pts


def read_range(integral: bool) -> Typed:
    """[lo, hi] (inclusive, lo <= hi, both >= 0) or one number meaning [x, x]."""
    kind = "integer" if integral else "number"
    words = f"a range [lo, hi] or one {kind}, each >= 0"

    def read(node: yaml.Node, at: At) -> tuple[float, float]:
        parts = node.value if isinstance(node, yaml.SequenceNode) else [node]
        nums = [x for x in (number_of(p, at) for p in parts) if x is not None]
        if len(nums) != len(parts) or not 1 <= len(nums) <= 2 or any(
            x < 0 or (integral and not x.is_integer()) for x in nums
        ):
            raise Wrong(words)
        lo, hi = nums[0], nums[-1]
        if lo > hi:
            raise Wrong(f"expected a range [lo, hi] with lo <= hi, got [{lo:g}, {hi:g}]",
                         whole=True)
        return lo, hi

    one = {"type": kind, "minimum": 0}
    return Typed(read, words, {"anyOf": [one, {"type": "array", "items": one,
                                               "minItems": 1, "maxItems": 2}]})


MAX_FILE_BYTES = 1_000_000
"""Largest config or template file read; real ones are a few KB."""

MAX_DEPTH = 50
"""Deepest nesting of mappings and lists, aliases followed (a config uses 5)."""

MAX_VALUES = 100_000
"""Most values a document may hold with every alias and merge key expanded: a few
aliases can otherwise stand for billions of values."""

_NOT_YAML_TEXT = re.compile("[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD"
                            "\U00010000-\U0010FFFF]")
"""Characters a YAML file may not hold (YAML 1.1's printable set), as PyYAML checks."""


def _file_text(path: Traversable) -> str:
    """The file as text (a UTF-8 byte-order mark dropped); ConfigError naming the problem,
    never quoting the file."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ConfigError(f"{path}: larger than {MAX_FILE_BYTES // 1_000_000} MB; expected a "
                          "YAML file of a few KB")
    try:
        return decode_text(data, str(path))
    except InputError as e:
        raise ConfigError(str(e)) from None


def _bounded(text: str, ctx: Ctx) -> bool:
    """Whether the text nests no deeper than MAX_DEPTH, checked on the parser's events
    (the composer recurses); else a problem is noted."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else 1
                    At(ctx, "", line).fail(
                        f"invalid YAML: nested deeper than {MAX_DEPTH} levels")
                    return False
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        pass  # composing reports it, with its line
    return True


def _expansion_problem(root: yaml.Node) -> tuple[yaml.Node, str] | None:
    """(node, text) when the node graph, aliases followed, loops, nests deeper than
    MAX_DEPTH or holds more than MAX_VALUES values; walked without recursion."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    open_: set[int] = set()
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            kids = _children(node)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            if size[key] > MAX_VALUES:
                return node, (f"invalid YAML: its aliases expand to more than {MAX_VALUES:,} "
                              "values")
            if depth[key] > MAX_DEPTH:
                return node, f"invalid YAML: its aliases nest deeper than {MAX_DEPTH} levels"
            continue
        if key in size:
            continue
        if key in open_:
            return node, "invalid YAML: an alias refers to the value that contains it"
        open_.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node) if id(k) not in size)
    return None


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def compose(
    path: Traversable, file: str, problems: list[tuple[str, int, str]],
    base: Path | None = None,
) -> tuple[yaml.Node | None, Ctx]:
    """The file's root node (None if it could not be parsed) and a context to read it.

    `path` is a file or a shipped resource (shipped.py); relative paths in it are taken
    from `base`, by default its folder, or the current folder for a resource that is no
    file of its own (a zip).
    The file is checked before any value is built from it: size, encoding, characters,
    nesting, and how far its aliases expand."""
    text = _file_text(path)
    bad = _NOT_YAML_TEXT.search(text)
    loader = yaml.SafeLoader("" if bad else text)  # the loader refuses such text at once
    if base is None:
        base = path.parent if isinstance(path, Path) else Path.cwd()
    ctx = Ctx(loader, base, file, problems)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        At(ctx, "", line).fail(f"invalid YAML: the file holds the control character "
                               f"U+{ord(bad.group()):04X}; expected plain text")
        return None, ctx
    if not _bounded(text, ctx):
        return None, ctx
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else 1
        At(ctx, "", line).fail(f"invalid YAML: {e.problem or e.context}")
        return None, ctx
    except (yaml.YAMLError, RecursionError) as e:
        At(ctx, "", 1).fail(f"invalid YAML: {type(e).__name__}")
        return None, ctx
    if node is None:
        return yaml.ScalarNode("tag:yaml.org,2002:null", "", loader.get_mark()), ctx
    found = _expansion_problem(node)
    if found:
        At(ctx, "", line_of(found[0])).fail(found[1])
        return None, ctx
    return node, ctx


def raise_problems(path: Path, problems: list[tuple[str, int, str]]) -> None:
    """Raise one ConfigError listing every problem: the file's own by line, then others'."""
    if problems:
        head = f"{path}: {len(problems)} problem{'s' if len(problems) > 1 else ''}:"
        lines = (f"  {text}" for _, _, text in sorted(problems, key=lambda p: (p[0], p[1])))
        raise ConfigError("\n".join([head, *lines]))




def span(lo: float, hi: float) -> str:
    """A range as people write it: '24' or '[24, 30]'."""
    return f"{lo:g}" if lo == hi else f"[{lo:g}, {hi:g}]"
