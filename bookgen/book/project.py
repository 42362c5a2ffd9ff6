"""The commands about a book's files rather than its puzzles: `init`, `templates`, `schema`.

Glossary:
  starter   the commented config `init` writes (shipped.STARTER), or a shipped example book
            with --example; it is written as book.yaml with the config schema beside it, so
            the `$schema` line on its first line works in an editor
  adder     add_<name>(subparsers) declares a command and sets its `func`, as in cli.py

Every error is a BookgenError, which the CLI prints as one line with exit code 1.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from ..core.errors import InputError, OutputError
from . import shipped

CONFIG_NAME = "book.yaml"
"""The config file `init` writes."""


# ---------------------------------------------------------------- init


def add_init(sub: argparse._SubParsersAction) -> None:
    examples = [n for n in shipped.yaml_names(shipped.EXAMPLES) if n != shipped.STARTER]
    p = sub.add_parser(
        "init",
        help="write a starter book config (book.yaml) into a folder",
        description=f"Write {CONFIG_NAME}, a commented config with every common key, into "
        f"DIR (default: the current folder; created if missing), and "
        f"{shipped.CONFIG_SCHEMA} beside it for editors. An existing {CONFIG_NAME} is never "
        "overwritten.",
    )
    p.add_argument("dir", metavar="DIR", nargs="?", default=".",
                   help="the folder to write into (default: the current folder)")
    p.add_argument("--example", choices=examples, default=None,
                   help="start from this example book instead of the starter")
    p.set_defaults(func=run_init)


def run_init(args: argparse.Namespace) -> int:
    written = init(Path(args.dir), args.example or shipped.STARTER)
    print(f"wrote {written} (and {shipped.CONFIG_SCHEMA} beside it, for editors); check it "
          f"with `bookgen validate {written}`, build it with `bookgen build {written}`")
    return 0


def init(folder: Path, example: str = shipped.STARTER) -> Path:
    """Write the example config as folder/book.yaml (never over an existing file) and the
    config schema beside it; the config's path."""
    from .config.manual import schema_text
    from .output import write_new, write_whole

    source = shipped.resource(shipped.EXAMPLES, f"{example}.yaml")
    if source is None:
        raise InputError(f"no example {example!r}; expected one of "
                         f"{', '.join(shipped.yaml_names(shipped.EXAMPLES))}")
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{folder}: exists and is not a folder")
    target = folder / CONFIG_NAME
    if target.exists() or target.is_symlink():
        raise OutputError(f"{target}: exists; init never overwrites a config: name another "
                          "folder, or move the file away")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"{folder}: cannot create the folder: {e.strerror or e}") from None
    write_new(target, source.read_bytes())
    write_whole(folder / shipped.CONFIG_SCHEMA, schema_text("config"))
    return target


# ---------------------------------------------------------------- templates


def add_templates(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "templates",
        help="list the shipped page templates",
        description="One line per shipped template: its name (for `template:` in a config), "
        "page size, puzzles and answer grids a page, and where it is printed.",
    )
    p.set_defaults(func=run_templates)


def template_rows() -> list[tuple[str, str, str, str, str]]:
    """(name, page size, puzzles a page, answers a page, platform) of every shipped
    template, as read by the config reader."""
    from .config import list_templates, load_template

    rows = []
    for name in list_templates():
        t = load_template(name)
        page = f"{t.page_width / 72:.4g} x {t.page_height / 72:.4g} in"
        per_page = f"{t.puzzles_per_page}" + (" large print" if t.large_print else "")
        rows.append((name, page, per_page, str(t.answers_per_page), t.print.platform.value))
    return rows


def run_templates(args: argparse.Namespace) -> int:
    head = ("template", "page", "puzzles/page", "answers/page", "platform")
    rows = [head, *template_rows()]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


# ---------------------------------------------------------------- schema


def add_schema(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "schema",
        help="print the JSON Schema of a book config",
        description="Print the JSON Schema of a book config (of a template file with "
        "--template), made from the same tables the config reader uses. Editors that read "
        "JSON Schemas check a config whose first line is "
        f"'# yaml-language-server: $schema={shipped.CONFIG_SCHEMA}'.",
    )
    p.add_argument("--template", action="store_true",
                   help="the schema of a template file instead")
    p.set_defaults(func=run_schema)


def run_schema(args: argparse.Namespace) -> int:
    import sys

    from .config.manual import schema_text

    sys.stdout.write(schema_text("template" if args.template else "config"))
    return 0


ADDERS: list[Callable[[argparse._SubParsersAction], None]] = [
    add_init, add_templates, add_schema,
]
"""The commands of this module, for cli._ADDERS."""
