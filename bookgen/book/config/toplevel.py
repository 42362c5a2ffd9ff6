"""The book config: its top-level schema, the print checks that need the whole book, the
config hash, and load_config.

Glossary:
  config       a book config (configs/*.yaml): title, seed, template, layout, front, sections
               (or daily: daily.py), cover, language, text, publication (text.py: the
               book's words)
  print check  the page count and digit sizes the book will get, asked of the layout's own
               pure geometry (layout.geometry.plan_pages) on a book of blank grids, so the
               config refuses exactly what the layout could not print
  config hash  sha256 of the effective settings in canonical JSON; it goes into the manifest
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from ...core import lang, model
from ...core.errors import ConfigError, InputError, LayoutError
from ...core.kinds import Variant
from ...core.rules import (
    COVER_PLATFORMS,
    LARGE_PRINT_ANSWER_PT,
    LARGE_PRINT_DIGIT_PT,
    MIN_CELL_PT,
    MIN_TEXT_PT,
)
from ...grade.techniques import families_below
from ...render import fonts
from ...render.geometry import (
    Plan,
    cage_problem,
    check_page_limit,
    page_count,
    plan_pages,
)
from ...render.symbols import LETTERS
from ..daily import date_text, day_counts, places
from .cover_block import COVER, cover_record
from .daily import DAILY, daily_sections
from .reader import (
    At,
    Key,
    Map,
    Read,
    Wrong,
    accepts,
    compose,
    got,
    integer_of,
    is_auto,
    raise_problems,
    read_flag,
    read_node,
    read_optional_text,
    read_seed,
    read_text,
    scalar_of,
)
from .sections import MAX_PUZZLES, SectionConfig, read_sections, section_record
from .templates import DEFAULT_TEMPLATE, PRINT, TEMPLATE, book_template, named_page_sizes
from .text import PUBLICATION, TEXT, check_glyphs, publication_record, read_language, texts_record


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
    cover: model.CoverSpec
    """The cover's blurb, accent colour and puzzles."""
    config_hash: str
    """sha256 of the effective settings in canonical JSON (workers excluded: they do not
    change the book; font files enter by their content hash)."""
    bank: Path | None = None
    """The puzzle bank (bank.py) the build draws from first and stores into, or None;
    a relative path is taken from the config file's folder."""
    series: str = ""
    """The series the book belongs to: the bank's ledger keeps its books from sharing a
    puzzle or an isomorph of one; '' for none (needs a bank)."""
    texts: lang.Texts = dataclasses.field(default_factory=lang.Texts)
    """The book's language with the config's `text:` overrides."""
    publication: model.Publication | None = None
    """The copyright page's fields (`publication:`), or None."""
    daily: model.Daily | None = None
    """A daily book's days and week (`daily:`; its sections are one per band of the week),
    or None for a book of sections."""

    def section_key(self, i: int) -> str:
        """Where a message places section i: 'sections[2]', or in a daily book the days of
        its band, 'daily.week (hard days)'."""
        band = self.sections[i].difficulty.band
        return f"sections[{i}]" if self.daily is None or band is None else \
            f"daily.week ({band.value} days)"
    hints: bool = False
    """A hints section between the puzzles and the answers (book.hints)."""
    worked: model.WorkedSpec = model.WorkedSpec()
    """The puzzles of the worked-solutions appendix (`worked:`); none by default."""


MAX_WORKERS = 1024
"""Most worker processes a config may name; a build uses at most one per usable core
anyway (the rest would only queue for the same cores and cost memory)."""


@accepts(f"a positive integer up to {MAX_WORKERS}, or 'auto'",
         {"anyOf": [{"type": "integer", "minimum": 1, "maximum": MAX_WORKERS},
                    {"enum": ["auto", None]}]})
def _workers(node: yaml.Node, at: At) -> int | None:
    if scalar_of(node, at) is None or is_auto(node, at):
        return None
    value = integer_of(node, at)
    if value is None or value < 1:
        raise Wrong("a positive integer or 'auto'")
    if value > MAX_WORKERS:
        raise Wrong(f"expected at most {MAX_WORKERS} workers (a build lowers them to the "
                    f"usable cores anyway), got {value:,}", whole=True)
    return value


@accepts("a list of puzzle numbers, or 'hardest'",
         {"anyOf": [{"type": "array", "items": {"type": "integer", "minimum": 1},
                     "minItems": 1, "uniqueItems": True},
                    {"enum": [p.value for p in model.WorkedPick]}]})
def _worked(node: yaml.Node, at: At) -> model.WorkedSpec:
    if isinstance(node, yaml.ScalarNode):
        value = scalar_of(node, at)
        names = [p.value for p in model.WorkedPick]
        if isinstance(value, str) and value.lower() in names:
            return model.WorkedSpec(pick=model.WorkedPick(value.lower()))
        raise Wrong("a list of puzzle numbers such as [2, 7], or 'hardest'")
    if not isinstance(node, yaml.SequenceNode) or not node.value:
        raise Wrong("a list of puzzle numbers such as [2, 7], or 'hardest'")
    numbers = []
    for item in node.value:
        number = integer_of(item, at)
        if number is None or number < 1:
            raise Wrong(f"expected puzzle numbers (positive integers), got {got(item)} in "
                        f"{got(node)}", whole=True)
        if number in numbers:
            raise Wrong(f"expected each puzzle once, got {number} twice", whole=True)
        numbers.append(number)
    return model.WorkedSpec(tuple(numbers))


def _check_worked(raw: Read, total: int) -> None:
    """Every puzzle number `worked:` lists is one of the book's `total` puzzles."""
    spec = raw.get("worked")
    for number in spec.numbers if spec else ():
        if number > total:
            raw.at_key("worked").fail(
                f"puzzle {number} is not in the book: expected puzzle numbers from 1 to "
                f"{total} (the book's puzzles)")


_FRONT_HELP = {
    "title_page": "A title page (title, subtitle, author; the copyright line on its back).",
    "how_to_play": "A page on how to play.",
    "belongs_to": 'A "This book belongs to" page after the title leaf.',
    "tips": "Solving tips: each technique the book's puzzles need, with an example step.",
    "scale": "The difficulty scale: the bands, their grades and what each asks.",
    "contents": "The contents, by section.",
}
_FRONT = Map(
    {f.name: Key(read_flag, default=f.default, help=_FRONT_HELP[f.name])
     for f in dataclasses.fields(model.FrontMatter)},
    help="Which front pages the book has.",
)

_CONFIG = Map(
    {
        "title": Key(read_text, default_words="the language's own title",
                     help="The book's title: title page, cover, PDF metadata."),
        "subtitle": Key(read_optional_text, default="", help="Below the title."),
        "author": Key(read_optional_text, default="", help="The author line."),
        "copyright": Key(read_optional_text, default="",
                         help="Copyright line on the back of the title page; empty for none."),
        "seed": Key(read_seed, default=1, help="The book seed: the same config and seed give "
                                              "a byte-identical book. `--seed` overrides it."),
        "workers": Key(_workers, default=None, default_words="auto",
                       help="Worker processes; auto uses every core, and more than the "
                            "cores are lowered to them. The book does not depend on it. "
                            "`--workers` overrides it."),
        "template": Key(read_text, default=DEFAULT_TEMPLATE,
                        help="A shipped template by name (`bookgen templates` lists them), or "
                             "the path of a .yaml template file, relative to the config."),
        "layout": Key(TEMPLATE, help="Template keys to override for this book."),
        "print": Key(PRINT, help="How the book is printed; wins over the template's."),
        "front": Key(_FRONT, help="Which front pages the book has."),
        "hints": Key(read_flag, default=False,
                     help="A hints section between the puzzles and the answers: for each "
                          "puzzle, where to look for its first step beyond singles, and the "
                          "technique, without giving away a symbol to write in."),
        "sections": Key(read_sections,
                        help="The sections, in print order: easier first (a daily book "
                             "has none: its `daily` block stands for them)."),
        "daily": Key(DAILY, help="A daily book: one puzzle a day, dated, its band by its "
                                 "weekday, in place of sections."),
        "cover": Key(COVER, help="The full-wrap cover of a print-on-demand book."),
        "bank": Key(read_text, help="A puzzle bank (`bookgen bank`), relative to the config: "
                                    "its puzzles are used first, and new ones are stored."),
        "series": Key(read_text, help="A series name: no two books of the series share a "
                                      "puzzle or an isomorph of one (needs bank)."),
        "language": Key(read_language, default="en",
                        help="The language of every text the book prints (en, de, fr, es, "
                             "it, nl, pt, ja)."),
        "text": Key(TEXT, help="Overrides of single texts of the language, by key "
                               "(heading.answers, band.easy, ...)."),
        "publication": Key(PUBLICATION, help="The copyright page's fields: year, rights, "
                                             "edition, imprint, isbn."),
        "worked": Key(_worked, default=None, default_words="none",
                      help="Worked solutions: an appendix after the answers solving these "
                           "puzzles step by step (a list of puzzle numbers), or the "
                           "book's hardest puzzle (hardest)."),
    },
    what="a mapping of book settings",
    help="The top level of a book config.",
)


def _blank_book(t: model.Template, sections: list[SectionConfig],
                front: model.FrontMatter, raw: Read | None = None,
                daily: model.Daily | None = None) -> model.Book:
    """The book with blank grids in place of puzzles: what the layout needs to count pages,
    size slots and fit the texts (those of `raw`, the config as read). Its tips are those
    its sections' difficulties may need, one page or more as the book's own may take."""
    text = raw.values if raw else {}
    texts = texts_record(raw) if raw else lang.Texts()
    grids: dict[str, list[model.BookPuzzle]] = {}
    for number, place in enumerate(places(sections, daily, texts), 1):
        s = sections[place.section]
        blank = (0,) * s.dig.variant.cell_count(s.dig.size)
        grids.setdefault(place.heading, []).append(model.BookPuzzle(
            number, place.heading, "", *s.dig.box_shape, blank, blank, variant=s.dig.variant,
            regions=s.dig.regions, symbols=s.symbols,
            date=date_text(texts, place.day) if place.day else ""))
    # a technique section's page, as a blank book's tips: the tallest diagram
    pages = {s.name: model.Tip(s.difficulty.technique.family, 0, "",
                               technique=s.difficulty.technique.key)
             for s in sections if s.difficulty.technique is not None}
    parts = [model.BookSection(name, tuple(ps), pages.get(name)) for name, ps in grids.items()]
    tips = tuple(model.Tip(f, 0, "") for f in families_below(_hardest(sections))) \
        if front.tips else ()
    return model.Book(title=text.get("title", texts("title")), subtitle=text.get("subtitle", ""),
                      author=text.get("author", ""), copyright=text.get("copyright", ""),
                      sections=tuple(parts), template=t, front=front, texts=texts,
                      publication=publication_record(text.get("publication")), tips=tips,
                      hints=bool(text.get("hints", False)))


def _hardest(sections: list[SectionConfig]) -> float:
    """The highest grade the sections' puzzles may have."""
    top = 0.0
    for s in sections:
        hi = s.difficulty.band.bounds[1] if s.difficulty.band else float("inf")
        for figure, _, b in s.difficulty.ranges:
            if figure.value == "grade":
                hi = min(hi, b + 0.05)
        top = max(top, hi)
    return top


def _check_print(t: model.Template, sections: list[tuple[Read, SectionConfig]],
                 front: model.FrontMatter, raw: Read, daily: model.Daily | None) -> None:
    """Page count and digit sizes, for each grid size the book uses, as the layout gets
    them, and whether every text fits its place (layout.fit) at the print minimum."""
    at = raw.at_key("daily" if daily else "sections")
    book = _blank_book(t, [s for _, s in sections], front, raw, daily)
    try:
        plan = plan_pages(book)
        check_page_limit(plan)
    except LayoutError as e:
        at.fail(str(e))
        return
    _check_text(book, plan, sections, raw)
    _check_cages(plan, sections)
    checked: set[tuple[int, int]] = set()
    for read, s in sections:
        n = s.dig.size
        board = s.dig.variant.board
        across = board.side if board else n
        if (n, across) in checked:
            continue
        checked.add((n, across))
        if board and _board_problem(book, plan, s.dig.variant, read):
            continue
        large = t.large_print
        for what, slots, per_page, least in (
            ("grids", plan.board_slots if board else plan.puzzle_slots,
             1 if board else t.puzzles_per_page,
             LARGE_PRINT_DIGIT_PT if large else MIN_TEXT_PT),
            ("answer grids", plan.board_answer_slots if board else plan.answer_slots,
             len(plan.board_answer_slots) if board else t.answers_per_page,
             LARGE_PRINT_ANSWER_PT if large else MIN_TEXT_PT),
        ):
            cell = slots[0].grid.width / across
            pt = t.digit_scale * cell
            if what == "grids" and cell < MIN_CELL_PT:
                read.at_key("size").fail(
                    f"{n}x{n} grids at {per_page} a page get {cell / 72:.2f} in cells with "
                    f"template {t.name!r}; expected at least {MIN_CELL_PT / 72:g} in to write "
                    "in (fewer puzzles_per_page under layout, or a larger page)")
            elif pt < least and board:  # as few a page as boards go: only the page helps
                read.at_key("variant").fail(
                    f"{s.dig.variant.value} boards get {pt:.1f} pt digits "
                    f"{'in the answer key ' if what != 'grids' else ''}at {per_page} a page "
                    f"with template {t.name!r}; expected at least {least:g} pt (a larger "
                    "page_size or digit_scale under layout)")
            elif pt < least:
                read.at_key("size").fail(
                    f"{n}x{n} {what} at {per_page} a page get {pt:.1f} pt digits "
                    f"with template {t.name!r}; expected at least {least:g} pt "
                    f"(fewer {'puzzles' if what == 'grids' else 'answers'}_per_page under layout, "
                    "or a larger page)")


def _board_problem(book: model.Book, plan: Plan, kind: Variant, read: Read) -> bool:
    """Whether a multi-grid kind's board (one a page) gets cells under MIN_CELL_PT on the
    template's page (the problem is noted, naming the trims whose pages give enough)."""
    board = kind.board
    assert board is not None
    t = plan.template
    cell = plan.board_slots[0].grid.width / board.side
    if cell >= MIN_CELL_PT - 1e-9:
        return False
    fitting = [name for name, (w, h) in named_page_sizes().items()
               if plan_pages(dataclasses.replace(book, template=dataclasses.replace(
                   t, page_width=w, page_height=h))).board_slots[0].grid.width
               >= MIN_CELL_PT * board.side - 1e-9]
    where = (f"a page_size it fits on: {', '.join(fitting)}" if fitting
             else "narrower margins on a larger page")
    read.at_key("variant").fail(
        f"a {kind.value} board ({board.side} cells across, one a page) gets "
        f"{cell / 72:.2f} in cells on the {_inches(t.page_width)} x "
        f"{_inches(t.page_height)} in page of template {t.name!r}; expected at least "
        f"{MIN_CELL_PT / 72:g} in to write in: {where}")
    return True


def _inches(pt: float) -> str:
    return f"{round(pt / 72, 2):g}"


def _check_cages(plan: Plan, sections: list[tuple[Read, SectionConfig]]) -> None:
    """Killer grids hold their cage sums, dashes and digits legibly in the template's slots
    (layout.geometry.cage_problem, the layout's own check)."""
    told: set[int] = set()
    for read, s in sections:
        n = s.dig.size
        if s.dig.variant.caged and n not in told:
            told.add(n)
            problem = cage_problem(plan, n)
            if problem:
                read.at_key("variant").fail(problem)


def _check_text(book: model.Book, plan: Plan, sections: list[tuple[Read, SectionConfig]],
                raw: Read) -> None:
    """Every title and name fits its place at the print minimum or more (layout.fit)."""
    from ...render.fit import unfit  # loads reportlab's font metrics
    from ...render.writer import register_fonts

    try:
        fonts = register_fonts(book.template)
    except LayoutError as e:  # a font file reportlab cannot use
        raw.at_key("template").fail(str(e))
        return
    for key, problem in unfit(book, fonts.bold, fonts.regular, plan):
        if isinstance(key, int):
            sections[key][0].at_key("name").fail(problem)
            continue
        # A label is the template's (layout.label), else the text block's.
        path = ("layout", key) if key.endswith("per_page") or (
            key == "label" and book.template.label) else \
            ("text", key.removeprefix("text.")) if key.startswith("text.") or key == "label" \
            else (key,)
        _at(raw, path, raw.at_key("template" if path[0] == "layout" else path[0])).fail(problem)


def _at(raw: Read, path: tuple[str, ...], absent: At) -> At:
    """Where the value at `path` was given in the config, else the block of it that was
    (`layout:`), else `absent` (a value the template or the language gave)."""
    node: Any = raw
    at = absent
    for part in path:
        if not isinstance(node, Read) or part not in node.where:
            break
        at, node = node.at_key(part), node.values.get(part)
    return at


def _check_glyphs(t: model.Template, texts: lang.Texts,
                  sections: list[tuple[Read, SectionConfig]], raw: Read) -> None:
    """Every character the book will print is in both of its fonts (text.check_glyphs);
    the sections with problems of their own are left out."""
    words = [(raw.at_key(k), raw.values[k]) for k in ("title", "subtitle", "author",
                                                        "copyright") if raw.get(k)]
    for name in ("publication", "cover"):
        block = raw.get(name)
        if isinstance(block, Read):
            words += [(block.at_key(k), v) for k, v in block.values.items()
                      if isinstance(v, str)]
    if t.label:
        words.append((raw.at_key("layout") if "layout" in raw.where
                      else raw.at_key("template"), t.label))
    sizes = []
    for read, s in sections:
        words.append((read.at_key("name"), s.name))
        sizes.append((read.at_key("size"), s.dig.size))
        if s.symbols is model.Symbols.LETTERS:
            words.append((read.at_key("symbols"), LETTERS[:s.dig.size]))
    check_glyphs(t, texts, words, sizes, raw)


def _check_cover(book: model.Book, raw: Read) -> None:
    """A print-on-demand book gets a cover: its back must hold the barcode area and a
    sample, and every text must fit its area."""
    if book.template.print.platform not in COVER_PLATFORMS:
        return
    from ...render.cover import cover_problems  # loads reportlab: only for covers

    try:
        pages = page_count(book)
        problems = cover_problems(book, pages)
    except LayoutError as e:  # a font file reportlab cannot use
        problems = [("template", str(e))]
    for key, text in problems:
        head, _, rest = key.partition(".")
        at = raw.at_key(head)
        if rest and isinstance(raw.get(head), Read):
            at = raw.get(head).at_key(rest)
        elif head == "template" and "cover" in raw.where:
            at = raw.at_key("cover")
        at.fail(text)


def _font_key(font: str) -> str:
    """A font as it enters the hash: bundled by name, a file by its content (and face)."""
    if font in fonts.BUNDLED:
        return font
    path, index = fonts.source(font)
    digest = "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
    return f"{digest}#{index}" if index else digest


def _section_key(s: SectionConfig) -> dict[str, object]:
    """A section as it enters the hash; digits (the default) are left out, so the books
    made before sections had symbols keep their hash, and with it their bank placements."""
    key = dataclasses.asdict(s)
    if s.symbols is model.Symbols.DIGITS:
        del key["symbols"]
    return key


def _config_hash(cfg: BookConfig) -> str:
    t = dataclasses.replace(cfg.template, font=_font_key(cfg.template.font),
                            font_bold=_font_key(cfg.template.font_bold))
    data = {
        "title": cfg.title, "subtitle": cfg.subtitle, "author": cfg.author,
        "copyright": cfg.copyright, "seed": cfg.seed,
        "template": dataclasses.asdict(t), "front": dataclasses.asdict(cfg.front),
        "sections": [_section_key(s) for s in cfg.sections],
        "cover": dataclasses.asdict(cfg.cover),
    }
    if cfg.texts.language != lang.DEFAULT or cfg.texts.overrides:
        data["language"] = cfg.texts.language
        data["text"] = dict(cfg.texts.overrides)
    if cfg.publication is not None:
        data["publication"] = dataclasses.asdict(cfg.publication)
    if cfg.daily is not None:
        data["daily"] = dataclasses.asdict(cfg.daily)
    if cfg.worked.wanted:  # only when asked: books without an appendix keep their hashes
        data["worked"] = dataclasses.asdict(cfg.worked)
    if cfg.series:  # the bank's path is left out: moving the file changes no book
        data["series"] = cfg.series
    if cfg.hints:  # only when asked: the books without hints keep their hash
        data["hints"] = True
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      default=lambda v: v.value if isinstance(v, (Enum, Variant)) else str(v))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


CONFIG_SUFFIXES = (".yaml", ".yml")
"""The files a folder's book config may be."""


def config_file(path: str | Path) -> Path:
    """The book config `path` names: the file itself, or for a folder the one book config
    in it (a YAML file whose top level has `sections`; templates and other YAML files
    beside it do not count); ConfigError when there is none or more than one."""
    path = Path(path)
    if not path.is_dir():
        return path
    try:
        found = sorted(f for f in path.iterdir()
                       if f.suffix.lower() in CONFIG_SUFFIXES and _is_book(f))
    except OSError as e:
        raise ConfigError(f"{path}: cannot read the folder: {e.strerror or e}") from None
    if len(found) == 1:
        return found[0]
    if not found:
        raise ConfigError(f"{path}: a folder with no book config in it; expected a config "
                          "file (a .yaml file with sections), or a folder holding exactly one "
                          f"(`bookgen init {path}` writes one)")
    names = ", ".join(f.name for f in found[:5]) + (" ..." if len(found) > 5 else "")
    raise ConfigError(f"{path}: a folder with {len(found)} book configs ({names}); expected "
                      f"one of them by name, e.g. {found[0]}")


def _is_book(path: Path) -> bool:
    """Whether a file reads as a book config: a YAML mapping with `sections` (or `daily`)
    at its top
    (read with the config reader's own limits; a file it cannot read is none)."""
    if not path.is_file():
        return False
    try:
        node = compose(path, str(path), [])[0]
    except ConfigError:
        return False
    return isinstance(node, yaml.MappingNode) and any(
        isinstance(k, yaml.ScalarNode) and k.value in ("sections", "daily")
        for k, _ in node.value)


def load_config(path: str | Path, *, seed: int | None = None,
                workers: int | None = None, base: Path | None = None) -> BookConfig:
    """Read and check a book config (a folder's one config: config_file); `seed` and
    `workers` override the file's values; relative paths in it are taken from `base`
    (default: the config's folder).

    Raises ConfigError listing every problem found, one per line, each with its key path
    and line; nothing is returned unless the whole config is sound.
    """
    path = config_file(path)
    if not path.exists():
        raise ConfigError(f"{path}: no such file")
    if not path.is_file():  # a device or a pipe, which a read could wait on for ever
        raise ConfigError(f"{path}: not a regular file; expected a YAML book config")
    if seed is not None and seed < 0:
        raise ConfigError(f"seed: expected a non-negative integer, got {seed}")
    if workers is not None and workers < 1:
        raise ConfigError(f"workers: expected a positive integer, got {workers}")
    problems: list[tuple[str, int, str]] = []
    node, ctx = compose(path, "", problems, base)
    raw = read_node(_CONFIG, node, At(ctx, "", 1))[1] if node is not None else None
    if raw is None:
        raise_problems(path, problems)
        raise AssertionError("unreachable: a failed read records a problem")
    template = book_template(raw, ctx)
    front = model.FrontMatter(**raw.get("front", Read(raw.at)).values)
    texts = texts_record(raw)
    daily, sections, whole = _sections(raw, texts)
    total = sum(s.count for _, s in sections)
    if total > MAX_PUZZLES:
        raw.at_key("sections").fail(f"the sections ask for {total:,} puzzles; expected at most "
                                    f"{MAX_PUZZLES:,} in a book")
        whole = False  # no layout is planned for more
    cover = cover_record(raw.get("cover", Read(raw.at)), total if whole else None)
    if whole:
        _check_worked(raw, total)
    if template is not None:
        _check_glyphs(template, texts, sections, raw)
    if template is not None and sections and whole:
        found = len(problems)
        _check_print(template, sections, front, raw, daily)
        if len(problems) == found:  # the interior can be laid out: so can its cover
            blank = _blank_book(template, [s for _, s in sections], front, raw, daily)
            _check_cover(dataclasses.replace(blank, cover=cover), raw)
    if "series" in raw.values and "bank" not in raw.values:
        raw.at_key("series").fail("a series needs a bank: add bank: PATH")
    if "bank" in raw.values:
        from ..bank import probe  # here: the bank loads the kernels, which solve never needs

        try:  # what the build would meet, found without opening the bank for writing
            probe(ctx.base / raw.values["bank"])
        except InputError as e:
            raw.at_key("bank").fail(str(e))
    raise_problems(path, problems)
    assert template is not None
    cfg = BookConfig(
        path=path,
        name=path.stem,
        title=raw.get("title") or texts("title"),
        subtitle=raw.get("subtitle"),
        author=raw.get("author"),
        copyright=raw.get("copyright"),
        seed=raw.get("seed") if seed is None else seed,
        workers=raw.get("workers") if workers is None else workers,
        template=template,
        front=front,
        sections=tuple(s for _, s in sections),
        cover=cover,
        config_hash="",
        bank=ctx.base / raw.values["bank"] if "bank" in raw.values else None,
        series=raw.get("series", ""),
        texts=texts,
        publication=publication_record(raw.get("publication")),
        daily=daily,
        hints=raw.get("hints", False),
        worked=raw.get("worked") or model.WorkedSpec(),
    )
    return dataclasses.replace(cfg, config_hash=_config_hash(cfg))


def _sections(raw: Read, texts: lang.Texts
              ) -> tuple[model.Daily | None, list[tuple[Read, SectionConfig]], bool]:
    """The daily record (None for a book of sections), the sections without problems, each
    with the read it is reported at, and whether every section is among them."""
    if "daily" in raw.where:
        if "sections" in raw.where:
            raw.at_key("sections").fail(
                "a daily book makes one section per band of its week: drop sections, and "
                "give their size, variant or symmetry under daily; or drop daily")
            return None, [], False
        block = raw.values.get("daily")
        daily, made = daily_sections(block, texts) if block else (None, [])
        return daily, made, daily is not None and len(made) == len(day_counts(daily))
    if "sections" not in raw.where and all(k in _CONFIG.keys for k in raw.where):
        At(raw.at.ctx, "sections", raw.at.line).fail(
            "required key missing: a book needs sections (or daily, for a daily book)")
    sections: list[tuple[Read, SectionConfig]] = []
    names: dict[str, str] = {}
    for read in raw.get("sections", []):
        s = section_record(read, texts)
        name = read.values.get("name")  # a section with other problems has its name checked
        if name in names:
            given = "name" in read.where
            word = " (its technique's family)" if "technique" in read.values else \
                " (its band word)"
            read.at_key("name").fail(
                f"duplicate section name {name!r}{'' if given else word}; "
                f"first used by {names[name]}{'' if given else ': give it a name'}")
        elif name is not None:
            names[name] = read.at.path
        if s is not None:
            sections.append((read, s))
    return None, sections, len(sections) == len(raw.get("sections", []))
