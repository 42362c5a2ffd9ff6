"""`bookgen init`, `templates` and `schema`: the commands about a book's files.

Glossary:
  starter   the config `init` writes (project.init): the commented starter, or a shipped
            example book with --example, as book.yaml with the config schema beside it
  schema    the JSON Schema of a book config, or of a template file with --template, made
            from the config reader's own tables (config.reference)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..book import project, shipped

__all__ = ["add_init", "add_schema", "add_templates", "run_init", "run_schema", "run_templates"]


def add_init(sub: argparse._SubParsersAction) -> None:
    examples = [n for n in shipped.yaml_names(shipped.EXAMPLES) if n != shipped.STARTER]
    p = sub.add_parser(
        "init",
        help="write a starter book config (book.yaml) into a folder",
        description=f"Write {project.CONFIG_NAME}, a commented config with every common key, "
        f"into DIR (default: the current folder; created if missing), and "
        f"{shipped.CONFIG_SCHEMA} beside it for editors. An existing {project.CONFIG_NAME} is "
        "never overwritten.",
    )
    p.add_argument("dir", metavar="DIR", nargs="?", default=".",
                   help="the folder to write into (default: the current folder)")
    p.add_argument("--example", choices=examples, default=None,
                   help="start from this example book instead of the starter")
    p.set_defaults(func=run_init)


def run_init(args: argparse.Namespace) -> int:
    written = project.init(Path(args.dir), args.example or shipped.STARTER)
    print(f"wrote {written} (and {shipped.CONFIG_SCHEMA} beside it, for editors); check it "
          f"with `bookgen validate {written}`, build it with `bookgen build {written}`")
    return 0


def add_templates(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "templates",
        help="list the shipped page templates",
        description="One line per shipped template: its name (for `template:` in a config), "
        "page size, puzzles and answer grids a page, and where it is printed.",
    )
    p.set_defaults(func=run_templates)


def run_templates(args: argparse.Namespace) -> int:
    head = ("template", "page", "puzzles/page", "answers/page", "platform")
    rows = [head, *project.template_rows()]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


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

    from ..book.config.manual import schema_text

    sys.stdout.write(schema_text("template" if args.template else "config"))
    return 0
