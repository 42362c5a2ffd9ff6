"""Page templates: the shipped presets (bookgen/templates/*.yaml), their schema, and the merge of a
config's `layout` overrides onto them.

Glossary:
  template    a page-layout preset read into model.Template; a config names one (or a path
              to a .yaml file) and may override any of its keys under `layout`
  page size   a named trim size (letter, a4, 6x9, ...) or WxH in inches; or page_width and
              page_height as lengths
  font        a TrueType font that ships with reportlab (Vera, VeraBd, ...), an installed
              font's family name found with fontconfig ('DejaVu Sans', 'DejaVu Sans:bold'),
              the path of a .ttf or .otf file with TrueType outlines, or of a .ttc
              collection with the face's index: 'fonts.ttc#1' or {file: fonts.ttc,
              index: 1} (render/fonts.py)
  difficulty  what a puzzle's label shows of its difficulty: none, band (its section's
              name), stars or grade; time_target and solved_box add a line under the grid
  marks       how variant grids show their extra units: x_style (X diagonals as a tint or
              thin lines) and region_tint (jigsaw regions in alternating light grays)
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from ...core import model
from ...core.errors import ConfigError
from ...core.rules import (
    ANSWERS_PER_PAGE,
    DIGIT_SCALE,
    KDP_GUTTERS,
    LARGE_PRINT_ANSWER_PT,
    LARGE_PRINT_DIGIT_PT,
    LARGE_PRINT_PER_PAGE,
    LARGE_PRINT_TEXT_PT,
    MAX_ANSWER_GRAY,
    MAX_PAGES,
    MIN_LINE_PT,
    MIN_MARGIN_PT,
    PAGE_SIDE_PT,
    PER_PAGE,
    Paper,
    Platform,
)
from ...render import fonts
from ...render.geometry import (
    auto_gutter,
    content_box,
    footer_problem,
    footer_room,
    glyph_problem,
)
from .. import shipped
from .reader import (
    LENGTH_SCHEMA,
    At,
    Ctx,
    Key,
    Map,
    Read,
    Wrong,
    accepts,
    check_fields,
    close_match,
    compose,
    is_auto,
    length_schema,
    one_line,
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

if TYPE_CHECKING:
    from ..shipped import Traversable

DEFAULT_TEMPLATE = "letter-4up"
"""The template of a config that names none."""

BUNDLED_FONTS = fonts.BUNDLED
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


def named_page_sizes() -> dict[str, tuple[float, float]]:
    """The named trim sizes, (width, height) in points, in the order configs list them."""
    return {name: (w * 72, h * 72) for name, (w, h) in _PAGE_SIZES_IN.items()}

_LABEL_FIELDS = ("number", "difficulty")
"""What a puzzle label may fill in."""


_SIDE_WORDS = (f"a page side from {PAGE_SIDE_PT[0] / 72:g}in to {PAGE_SIDE_PT[1] / 72:g}in, "
               "e.g. 6in, 152.4mm, 432")


@accepts(_SIDE_WORDS, {"anyOf": [{"type": "number", "minimum": PAGE_SIDE_PT[0],
                                  "maximum": PAGE_SIDE_PT[1]}, LENGTH_SCHEMA]})
def _page_side(node: yaml.Node, at: At) -> float:
    lo, hi = PAGE_SIDE_PT
    pts = points_of(scalar_of(node, at))
    if pts is None or not lo <= pts <= hi:
        raise Wrong(_SIDE_WORDS)
    return pts


_SIZE_WORDS = f"one of {', '.join(_PAGE_SIZES_IN)}, or WxH in inches"


@accepts(_SIZE_WORDS, {"anyOf": [
    {"type": "string", "enum": list(_PAGE_SIZES_IN)},
    {"type": "string", "pattern": r"^\s*\d+(\.\d+)?\s*[xX]\s*\d+(\.\d+)?\s*(in)?\s*$"},
]})
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


@accepts(f"'auto' or a length of at least {MIN_MARGIN_PT / 72:g}in",
         {"anyOf": [{"const": "auto"}, length_schema(MIN_MARGIN_PT)]})
def _gutter(node: yaml.Node, at: At) -> float | None:
    if is_auto(node, at):
        return None
    pts = points_of(scalar_of(node, at))
    if pts is None or pts < MIN_MARGIN_PT:
        raise Wrong(f"'auto' or a length of at least {MIN_MARGIN_PT / 72:g}in")
    return pts


_FONT_WORDS = (", ".join(BUNDLED_FONTS) + ", an installed font's family name or the path of "
               "a .ttf, .otf or .ttc font file")
"""What a font may be, as a problem says it."""

_FONT_FILE = Map({"file": Key(read_text, help="A .ttc collection (or any font file)."),
                  "index": Key(read_int_between(0, 255), default=0,
                               help="The face in the collection, from 0.")},
                 what="a font name or path, or a mapping of file and index",
                 help="One face of a font collection.")


@accepts(f"one of {', '.join(BUNDLED_FONTS)}, an installed font's family name (found with "
         "fontconfig), a path to a .ttf, .otf (TrueType outlines) or .ttc file ('x.ttc#1' picks "
         "a face), or a mapping of file and index",
         {"anyOf": [{"type": "string", "minLength": 1},
                    {"type": "object", "properties": {"file": {"type": "string"},
                                                      "index": {"type": "integer",
                                                                "minimum": 0}},
                     "required": ["file"], "additionalProperties": False}]},
         blocks=(_FONT_FILE,))
def _font(node: yaml.Node, at: At) -> str:
    """A bundled font name, an installed family (fonts.family), or a font file (relative
    to the file) as an absolute spec: .ttf, .otf with TrueType outlines, or a .ttc face
    ('x.ttc#1' or {file, index})."""
    if isinstance(node, yaml.MappingNode):
        read = _FONT_FILE(node, at)
        if "file" not in read.where:
            raise Wrong("a mapping with the font's file (and its index in a collection)")
        if not read.where.keys() <= read.values.keys():
            return BUNDLED_FONTS[0]  # its problem is noted: the config fails with it
        name, index = read.values["file"], read.get("index", 0)
    else:
        name = read_text(node, at)
        if name in BUNDLED_FONTS:
            return name
        if fonts.is_family(name):
            found = fonts.family(name)
            if not isinstance(found, str):
                return _font_file(*found)
            if close_match(name, BUNDLED_FONTS) is None:
                raise Wrong(found, whole=True)
            raise Wrong(unknown("font", name, BUNDLED_FONTS, _FONT_WORDS), whole=True)
        file, index = fonts.source(name)
        name = str(file)
    if not name.lower().endswith(fonts.SUFFIXES):
        raise Wrong(unknown("font", name, BUNDLED_FONTS, _FONT_WORDS), whole=True)
    path = (at.ctx.base / Path(name).expanduser()).resolve()
    if not path.exists():
        raise Wrong(f"font file not found: {path}", whole=True)
    if not path.is_file():  # a folder, a device or a pipe (which a read would wait on)
        raise Wrong(f"{path} is not a regular file: expected a font file", whole=True)
    if index and path.suffix.lower() != ".ttc":
        raise Wrong(f"{path} is a single font, not a .ttc collection: it takes no index",
                    whole=True)
    return _font_file(path, index)


def _font_file(path: Path, index: int) -> str:
    """The spec of face `index` of a font file that reportlab can embed, whose metrics
    fit the layout and whose characters can be listed; Wrong naming the file otherwise."""
    why = fonts.problem(path, index)
    if why:
        raise Wrong(why, whole=True)
    from reportlab.pdfbase.ttfonts import TTFont  # loaded only for a font file

    spec = fonts.spec_of(path, index)
    try:
        face = TTFont(str(path), str(path), subfontIndex=index).face
        fonts.coverage(spec)
    # A damaged file fails inside reportlab's or fontTools' parser in any of many ways
    # (TTFError, struct.error, IndexError, ...): each means the same to the user.
    except Exception as e:
        raise Wrong(f"not a usable TrueType font (damaged or cut short?): {path}: "
                    f"{e or type(e).__name__}",
                    whole=True) from None
    problem = glyph_problem(face.ascent / 1000, -face.descent / 1000)
    if problem:
        raise Wrong(f"{path}: {problem}", whole=True)
    return spec


@accepts("a text on one line using only {number} and {difficulty} (no format spec)",
         {"type": ["string", "null"]})
def _label(node: yaml.Node, at: At) -> str:
    return check_fields(one_line(read_optional_text(node, at)), _LABEL_FIELDS)


_D = model.Template
"""The record whose field defaults are the template keys' defaults."""

_TIME_TARGETS = Map(
    {b.value: Key(read_int_between(1, 999), default=m, help=f"Minutes for {b.value} puzzles.")
     for b, m in model.TIME_TARGETS.items()},
    what="a mapping of bands to minutes",
    help="The time target of each band, in minutes (a band left out keeps its default).",
)
_TIME_WORDS = "true, false, or a mapping of bands to minutes"


@accepts(_TIME_WORDS, {"anyOf": [{"type": "boolean"}, _TIME_TARGETS.schema]},
         (_TIME_TARGETS,))
def _time_target(node: yaml.Node, at: At) -> tuple[int, ...] | None:
    """The minutes of each band in Band order: true gives the defaults, false none."""
    if isinstance(node, yaml.MappingNode):
        read = _TIME_TARGETS(node, at)
        return tuple(read.get(b.value) for b in model.Band)
    if read_flag(node, at):
        return tuple(model.TIME_TARGETS[b] for b in model.Band)
    return None

_MARGIN_SIDES = ("outside", "top", "bottom")
_MARGIN_HELP = {
    "outside": "Outside margin: right on odd pages, left on even pages.",
    "top": "Top margin.",
    "bottom": "Bottom margin; the page number sits inside it.",
}
_MARGINS = Map(
    {**{k: Key(read_length(MIN_MARGIN_PT), help=_MARGIN_HELP[k],
               default=getattr(_D, f"margin_{k}")) for k in _MARGIN_SIDES},
     "gutter": Key(_gutter, default=_D.gutter, default_words="auto",
                   help="Inside margin; 'auto' takes KDP's gutter for the book's page count "
                        f"({KDP_GUTTERS[0][1] / 72:g}in up to {KDP_GUTTERS[0][0]} pages ... "
                        f"{KDP_GUTTERS[-1][1] / 72:g}in up to {KDP_GUTTERS[-1][0]}), and "
                        "never less than the outside margin.")},
    what="one length or a mapping of outside, top, bottom, gutter",
    help="The page margins (0.25in at least; 0.5in keeps every printer happy). Bare numbers "
         "are points (72 = 1in).",
)


@accepts("one length for outside, top and bottom, or a mapping of outside, top, bottom, "
         "gutter", {"anyOf": [length_schema(MIN_MARGIN_PT), _MARGINS.schema]}, (_MARGINS,))
def _margins(node: yaml.Node, at: At) -> Read:
    """{outside, top, bottom, gutter}, or one length for outside, top and bottom."""
    if isinstance(node, yaml.ScalarNode):
        pts = read_length(MIN_MARGIN_PT)(node, at)
        return Read(at, dict.fromkeys(_MARGIN_SIDES, pts), dict.fromkeys(_MARGIN_SIDES, at))
    return _MARGINS(node, at)


_P = model.PrintSpec

PRINT = Map(
    {
        "platform": Key(read_choice("platform", Platform), default=_P.platform,
                        help="kdp or ingram: a print-on-demand paperback (24+ pages, an even "
                             "count, the trim's page limit, a cover.pdf); home: printed as it "
                             "is."),
        "paper": Key(read_choice("paper", Paper), default=_P.paper,
                     help="Interior paper: sets the page limit and the spine width."),
        "bleed": Key(read_flag, default=_P.bleed,
                     help="Pages 0.125in larger at the outside edge, top and bottom; the PDF "
                          "marks the trim."),
        "recto_starts": Key(read_flag, default=_P.recto_starts,
                            default_words="true on kdp and ingram, false at home",
                            help="Sections and the answer key open on a right-hand page."),
        "pdfx": Key(read_flag, default=_P.pdfx,
                    help="Write book.pdf and cover.pdf as PDF/X-1a:2003 (output intent CGATS "
                         "TR 001, TrimBox on every page, the cover in CMYK), for printers "
                         "that ask for it."),
    },
    what="a mapping of platform, paper, bleed, recto_starts, pdfx",
    help="How the book is printed; in a template, or at the top of a config (where it wins "
         "over the template's).",
)
"""The `print:` block of a template or config."""

_LINE_HELP = {
    "cell": "Thin lines between the cells of a puzzle grid.",
    "box": "Lines between the boxes of a puzzle grid.",
    "border": "The outer border of a puzzle grid.",
    "answer_cell": "Thin lines of an answer-key grid.",
    "answer_box": "Box lines and border of an answer-key grid.",
}
_LINES = Map(
    {f.name: Key(read_line_weight, default=f.default, help=_LINE_HELP[f.name])
     for f in dataclasses.fields(model.LineWeights)},
    help=f"Stroke widths in points (at least {MIN_LINE_PT:g}).",
)
_FONTS = Map(
    {"regular": Key(_font, default=_D.font, help="Labels, page numbers and answer digits."),
     "bold": Key(_font, default=_D.font_bold,
                 help="Givens and headings; the regular font's own file for a family "
                      "without a bold weight, which is then drawn stroked (faux bold).")},
    help="TrueType fonts: one that ships with reportlab by name, an installed font's family "
         "name as fontconfig knows it ('DejaVu Sans', or 'DejaVu Sans:bold' for a style; "
         "`fc-list : family` lists them), or a .ttf, .otf (TrueType outlines) or .ttc font "
         "file (a relative path is taken from the file that names it).",
)

TEMPLATE = Map(
    {
        "page_size": Key(_page_size, help="The trim size; or give page_width and page_height. "
                                          "A template file needs one or the other."),
        "page_width": Key(_page_side, help="Trim width (with page_height, instead of "
                                           "page_size)."),
        "page_height": Key(_page_side, help="Trim height (with page_width)."),
        "margins": Key(_margins, help="Page margins: one length, or each side."),
        "puzzles_per_page": Key(read_int_choice(PER_PAGE), default=_D.puzzles_per_page,
                                help="Puzzles on a body page."),
        "answers_per_page": Key(read_int_between(*ANSWERS_PER_PAGE),
                                default=_D.answers_per_page,
                                help="Answer grids on an answer-key page."),
        "fonts": Key(_FONTS, help="The regular and the bold font."),
        "lines": Key(_LINES, help="Stroke widths of the grids."),
        "digit_scale": Key(read_between(*DIGIT_SCALE), default=_D.digit_scale,
                           help="Digit size as a share of the cell side."),
        "answer_gray": Key(read_between(0.0, MAX_ANSWER_GRAY), default=_D.answer_gray,
                           help="Gray of the filled-in answer digits: 0 is black."),
        "large_print": Key(read_flag, default=_D.large_print,
                           help=f"Large print: puzzle digits at least "
                                f"{LARGE_PRINT_DIGIT_PT:g} pt, answer digits at least "
                                f"{LARGE_PRINT_ANSWER_PT:g} pt, text at least "
                                f"{LARGE_PRINT_TEXT_PT:g} pt, at most {LARGE_PRINT_PER_PAGE} "
                                "puzzles a page."),
        "label": Key(_label, default=_D.label,
                     help="The label above each grid; {number} and {difficulty} are filled "
                          "in; empty for none."),
        "difficulty": Key(read_choice("difficulty display", model.DifficultyDisplay),
                          default=_D.difficulty,
                          help="How each puzzle shows its difficulty beside its label: "
                               + ", ".join(d.value for d in model.DifficultyDisplay)
                               + " (band: the name of its section)."),
        "givens_bold": Key(read_flag, default=_D.givens_bold,
                           help="Puzzle givens in the bold font, as the answer key prints "
                                "them; false: in the regular font."),
        "time_target": Key(_time_target, default=_D.time_target, default_words="false",
                           help="Under each puzzle, the minutes to aim for by its band: "
                                "true for " + ", ".join(f"{b.value} {m}" for b, m
                                                        in model.TIME_TARGETS.items())
                                + ", or a mapping of bands to minutes."),
        "solved_box": Key(read_flag, default=_D.solved_box,
                          help="Under each puzzle, a box to write the solving time in "
                               "('Solved in [   ] min')."),
        "x_style": Key(read_choice("x style", model.XStyle), default=_D.x_style,
                       help="How X grids show their diagonals: " + ", ".join(
                           s.value for s in model.XStyle) + " (a light gray tint of the "
                           "diagonal cells, or thin gray lines through them)."),
        "region_tint": Key(read_flag, default=_D.region_tint,
                           help="Tint jigsaw regions in alternating light grays (neighbours "
                                "differ) besides their thick borders."),
        "print": Key(PRINT, help="How the book is printed."),
    },
    what="a mapping of template keys",
    help="The page layout: a template file's keys, and the keys a config's `layout:` may "
         "override (an absent key keeps the template's value).",
)


# ---------------------------------------------------------------- files


def list_templates() -> list[str]:
    """Names of the shipped templates, sorted."""
    return shipped.yaml_names(shipped.TEMPLATES)


def _template_file(name: str, base: Path) -> tuple[Traversable, bool] | None:
    """A template name (shipped: True) or a path to a .yaml file (relative to `base`)."""
    if name.lower().endswith((".yaml", ".yml")):
        path = (base / Path(name).expanduser()).resolve()
        return (path, False) if path.is_file() else None
    if "/" in name or "\\" in name:
        return None  # only YAML template files are read: never any other file named here
    found = shipped.resource(shipped.TEMPLATES, f"{name}.yaml")
    return (found, True) if found is not None else None


def _stem(path: Traversable) -> str:
    return Path(path.name).stem


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
    sides = {"page_width", "page_height"} & read.where.keys()
    if not sides and "page_size" not in read.where:
        At(read.at.ctx, "page_size", read.at.line).fail("required key missing")
    elif len(sides) == 1:  # one side alone (page_size, given too, was turned into both)
        given = sides.pop()
        other = "page_height" if given == "page_width" else "page_width"
        At(read.at.ctx, other, read.at.line).fail(
            f"required key missing: {given} needs {other} (or give page_size instead)")
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
        difficulty=read.get("difficulty", d.difficulty),
        x_style=read.get("x_style", d.x_style),
        region_tint=read.get("region_tint", d.region_tint),
        givens_bold=read.get("givens_bold", d.givens_bold),
        time_target=read.get("time_target", d.time_target),
        solved_box=read.get("solved_box", d.solved_box),
        print=dataclasses.replace(d.print, **read.get("print", empty).values),
    )
    if t.large_print and t.puzzles_per_page > LARGE_PRINT_PER_PAGE:
        read.at_key("puzzles_per_page").fail(
            f"large print allows at most {LARGE_PRINT_PER_PAGE} puzzles a page, "
            f"got {t.puzzles_per_page}")
    if t.margin_bottom < footer_room(t) - 1e-9:
        margins.where.get("bottom", read.at_key("margins")).fail(footer_problem(t))
    box = content_box(t, auto_gutter(t, MAX_PAGES), 1)
    widest = f" (with the widest gutter, {auto_gutter(t, MAX_PAGES) / 72:g}in)"
    w, h = box.width, box.height
    if min(w, h) < 144:
        read.at_key("margins").fail(
            f"margins leave {w / 72:.2g}in x {h / 72:.2g}in for the grids; expected at least 2in "
            f"each way{widest if t.gutter is None else ''}")
    return t if len(read.at.ctx.problems) == found else None


def _read_template(
    path: Traversable, shown: str, problems: list[tuple[str, int, str]]
) -> Read | None:
    """A template file's keys as read (problems noted with `shown` and the line)."""
    node, ctx = compose(path, shown, problems)
    if node is None:
        return None
    ok, read = read_node(TEMPLATE, node, At(ctx, "", 1))
    return _page(read) if ok else None


def load_template(name_or_path: str | Path) -> model.Template:
    """A shipped template by name, or a template file; raises ConfigError listing problems."""
    text = str(name_or_path)
    found = _template_file(text, Path.cwd())
    if found is None:
        raise ConfigError(_no_template(text))
    path = found[0]
    shown = str(path)
    problems: list[tuple[str, int, str]] = []
    read = _read_template(path, shown, problems)
    t = _template(read, _stem(path)) if read is not None else None
    raise_problems(Path(shown), problems)
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
    name = raw.get("template")
    found = _template_file(name, ctx.base)
    if found is None:
        raw.at_key("template").fail(_no_template(name))
        return None
    path, is_shipped = found
    shown = path.name if is_shipped else name
    base = _read_template(path, shown, ctx.problems)
    if base is None:
        return None
    read = base
    if raw.get("layout"):
        read = _merge(read, _page(raw.get("layout")))
    if raw.get("print"):  # the config's own print block wins over the template's
        over = Read(raw.at, {"print": raw.get("print")}, {"print": raw.at_key("print")})
        read = _merge(read, over)
    return _template(read, _stem(path))


