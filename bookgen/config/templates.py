"""Page templates: the shipped presets (templates/*.yaml), their schema, and the merge of a
config's `layout` overrides onto them.

Glossary:
  template    a page-layout preset read into model.Template; a config names one (or a path
              to a .yaml file) and may override any of its keys under `layout`
  page size   a named trim size (letter, a4, 6x9, ...) or WxH in inches; or page_width and
              page_height as lengths
  font        a TrueType font that ships with reportlab (Vera, VeraBd, ...) or a .ttf path
  marks       how variant grids show their extra units: x_style (X diagonals as a tint or
              thin lines) and region_tint (jigsaw regions in alternating light grays)
"""

from __future__ import annotations

import dataclasses
import re
import string
import sysconfig
from pathlib import Path

import yaml

from .. import model
from ..errors import ConfigError
from ..layout.geometry import content_box, footer_problem, footer_room, glyph_problem
from ..rules import (
    ANSWERS_PER_PAGE,
    DIGIT_SCALE,
    LARGE_PRINT_PER_PAGE,
    MAX_ANSWER_GRAY,
    MAX_PAGES,
    MIN_MARGIN_PT,
    PAGE_SIDE_PT,
    PER_PAGE,
    Paper,
    Platform,
    kdp_gutter,
)
from .reader import (
    At,
    Ctx,
    Key,
    Map,
    Read,
    Wrong,
    close_match,
    compose,
    points_of,
    raise_problems,
    read_between,
    read_choice,
    read_flag,
    read_int_between,
    read_int_choice,
    read_length,
    read_line_weight,
    read_node,
    read_optional_text,
    read_text,
    scalar_of,
    unknown,
)

DEFAULT_TEMPLATE = "letter-4up"
"""The template of a config that names none."""

BUNDLED_FONTS = ("Vera", "VeraBd", "VeraIt", "VeraBI")
"""TrueType fonts that ship inside reportlab, usable by name."""

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

_LABEL_FIELDS = ("number", "difficulty")
"""What a puzzle label may fill in."""


def _page_side(node: yaml.Node, at: At) -> float:
    lo, hi = PAGE_SIDE_PT
    pts = points_of(scalar_of(node, at))
    if pts is None or not lo <= pts <= hi:
        raise Wrong(f"a page side from {lo / 72:g}in to {hi / 72:g}in, e.g. 6in, 152.4mm, 432")
    return pts


def _page_size(node: yaml.Node, at: At) -> tuple[float, float]:
    names = ", ".join(_PAGE_SIZES_IN)
    value = scalar_of(node, at)
    if not isinstance(value, str):
        raise Wrong(f"a page size: one of {names}, or WxH in inches")
    key = value.lower().replace(" ", "")
    size = _PAGE_SIZES_IN.get(key)
    if size is None:
        m = re.fullmatch(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(?:in)?", key)
        if not m:
            raise Wrong(unknown("page size", value, _PAGE_SIZES_IN, names + ", or WxH in inches"),
                         whole=True)
        size = (float(m.group(1)), float(m.group(2)))
    w, h = round(size[0] * 72, 2), round(size[1] * 72, 2)
    lo, hi = PAGE_SIDE_PT
    if not (lo <= w <= hi and lo <= h <= hi):
        raise Wrong(f"a page from {lo / 72:g}in to {hi / 72:g}in a side")
    return w, h


def _gutter(node: yaml.Node, at: At) -> float | None:
    if scalar_of(node, at) == "auto":
        return None
    pts = points_of(scalar_of(node, at))
    if pts is None or pts < MIN_MARGIN_PT:
        raise Wrong(f"'auto' or a length of at least {MIN_MARGIN_PT / 72:g}in")
    return pts


def _font(node: yaml.Node, at: At) -> str:
    """A bundled font name, or a .ttf path (relative to the file) made absolute."""
    name = read_text(node, at)
    if name in BUNDLED_FONTS:
        return name
    if not name.lower().endswith(".ttf"):
        raise Wrong(unknown("font", name, BUNDLED_FONTS,
                              ", ".join(BUNDLED_FONTS) + " or a path to a .ttf file"), whole=True)
    path = (at.ctx.base / Path(name).expanduser()).resolve()
    if not path.is_file():
        raise Wrong(f"font file not found: {path}", whole=True)
    with open(path, "rb") as f:
        magic = f.read(4)
    if magic not in (b"\x00\x01\x00\x00", b"true"):
        raise Wrong(f"not a TrueType font: {path}", whole=True)
    from reportlab.pdfbase.ttfonts import TTFError, TTFont  # loaded only for a font file

    try:
        face = TTFont(str(path), str(path)).face
    except (TTFError, OSError) as e:
        raise Wrong(f"not a usable TrueType font: {path}: {e}", whole=True) from None
    problem = glyph_problem(face.ascent / 1000, -face.descent / 1000)
    if problem:
        raise Wrong(f"{path}: {problem}", whole=True)
    return str(path)


def _label(node: yaml.Node, at: At) -> str:
    text = read_optional_text(node, at)
    try:
        names = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError:
        names = {""}
    if not names <= set(_LABEL_FIELDS):
        raise Wrong("a label using only {number} and {difficulty}")
    return text


_MARGIN_SIDES = ("outside", "top", "bottom")
_MARGINS = Map(
    {**{k: Key(read_length(MIN_MARGIN_PT)) for k in _MARGIN_SIDES}, "gutter": Key(_gutter)},
    what="one length or a mapping of outside, top, bottom, gutter",
)


def _margins(node: yaml.Node, at: At) -> Read:
    """{outside, top, bottom, gutter}, or one length for outside, top and bottom."""
    if isinstance(node, yaml.ScalarNode):
        pts = read_length(MIN_MARGIN_PT)(node, at)
        return Read(at, dict.fromkeys(_MARGIN_SIDES, pts), dict.fromkeys(_MARGIN_SIDES, at))
    return _MARGINS(node, at)


PRINT = Map(
    {
        "platform": Key(read_choice("platform", Platform)),
        "paper": Key(read_choice("paper", Paper)),
        "bleed": Key(read_flag),
        "recto_starts": Key(read_flag),
    },
    what="a mapping of platform, paper, bleed, recto_starts",
)
"""The `print:` block of a template or config."""

_LINES = Map({f.name: Key(read_line_weight) for f in dataclasses.fields(model.LineWeights)})
_FONTS = Map({"regular": Key(_font), "bold": Key(_font)})

TEMPLATE = Map(
    {
        "page_size": Key(_page_size),
        "page_width": Key(_page_side),
        "page_height": Key(_page_side),
        "margins": Key(_margins),
        "puzzles_per_page": Key(read_int_choice(PER_PAGE)),
        "answers_per_page": Key(read_int_between(*ANSWERS_PER_PAGE)),
        "fonts": Key(_FONTS),
        "lines": Key(_LINES),
        "digit_scale": Key(read_between(*DIGIT_SCALE)),
        "answer_gray": Key(read_between(0.0, MAX_ANSWER_GRAY)),
        "large_print": Key(read_flag),
        "label": Key(_label),
        "x_style": Key(read_choice("x style", model.XStyle)),
        "region_tint": Key(read_flag),
        "print": Key(PRINT),
    },
    what="a mapping of template keys",
)



# ---------------------------------------------------------------- files


def _templates_dir() -> Path:
    """The shipped templates: the checkout's templates/ folder, else the installed copy
    (pyproject.toml installs them as data files under <prefix>/share/bookgen/templates)."""
    root = Path(__file__).resolve().parents[2]
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
    if name.lower().endswith((".yaml", ".yml")):
        path = (base / Path(name).expanduser()).resolve()
    elif "/" in name or "\\" in name:
        return None  # only YAML template files are read: never any other file named here
    else:
        path = _templates_dir() / f"{name}.yaml"
    return path if path.is_file() else None


# ---------------------------------------------------------------- templates


def _page(read: Read) -> Read:
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


def _clean(read: Read) -> bool:
    """Whether every key given (nested ones too) was valid."""
    return read.where.keys() <= read.values.keys() and all(
        _clean(v) for v in read.values.values() if isinstance(v, Read))


def _merge(base: Read, over: Read) -> Read:
    """`over` laid on `base`, key by key, nested mappings merged."""
    out = Read(base.at, dict(base.values), {**base.where, **over.where})
    for key, value in over.values.items():
        below = out.values.get(key)
        out.values[key] = (_merge(below, value) if isinstance(value, Read)
                           and isinstance(below, Read) else value)
    return out


def _template(read: Read, name: str) -> model.Template | None:
    """The Template the merged keys describe, plus the checks across keys; None if unusable."""
    d = model.Template(name=name, page_width=0.0, page_height=0.0)
    empty = Read(read.at)
    margins, fonts, lines = (read.get(k, empty) for k in ("margins", "fonts", "lines"))
    if not {"page_size", "page_width", "page_height"} & read.where.keys():
        At(read.at.ctx, "page_size", read.at.line).fail("required key missing")
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
        x_style=read.get("x_style", d.x_style),
        region_tint=read.get("region_tint", d.region_tint),
        print=dataclasses.replace(d.print, **read.get("print", empty).values),
    )
    if t.large_print and t.puzzles_per_page > LARGE_PRINT_PER_PAGE:
        read.at_key("puzzles_per_page").fail(
            f"large print allows at most {LARGE_PRINT_PER_PAGE} puzzles a page, "
            f"got {t.puzzles_per_page}")
    if t.margin_bottom < footer_room(t) - 1e-9:
        margins.where.get("bottom", read.at_key("margins")).fail(footer_problem(t))
    box = content_box(t, kdp_gutter(MAX_PAGES) if t.gutter is None else t.gutter, 1)
    w, h = box.width, box.height
    if min(w, h) < 144:
        read.at_key("margins").fail(
            f"margins leave {w / 72:.2g}in x {h / 72:.2g}in for the grids; expected at least 2in "
            f"each way{' (with the widest gutter, 0.875in)' if t.gutter is None else ''}")
    return t if len(read.at.ctx.problems) == found else None


def _read_template(path: Path, shown: str, problems: list[tuple[str, int, str]]) -> Read | None:
    """A template file's keys as read (problems noted with `shown` and the line)."""
    node, ctx = compose(path, shown, problems)
    if node is None:
        return None
    ok, read = read_node(TEMPLATE, node, At(ctx, "", 1))
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
    raise_problems(path, problems)
    assert t is not None
    return t


def _no_template(name: str) -> str:
    names = list_templates()
    if "/" in name or "\\" in name:
        what = "no such file" if name.lower().endswith((".yaml", ".yml")) else \
            "expected a template name or the path of a .yaml template file"
        return f"template {name!r}: {what}; templates available: {', '.join(names)}"
    close = close_match(name, names)
    hint = f"; did you mean {close!r}?" if close else ";"
    return f"no template {name!r}{hint} available: {', '.join(names)}"


def book_template(raw: Read, ctx: Ctx) -> model.Template | None:
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
    read = base
    if raw.get("layout"):
        read = _merge(read, _page(raw.get("layout")))
    if raw.get("print"):  # the config's own print block wins over the template's
        over = Read(raw.at, {"print": raw.get("print")}, {"print": raw.at_key("print")})
        read = _merge(read, over)
    return _template(read, path.stem)


