"""A book's files rather than its puzzles: the starter config `init` writes and the
shipped templates `templates` lists (the commands are in cli/cmd_project.py).

Glossary:
  starter   the commented config `init` writes (shipped.STARTER), or a shipped example book
            with --example; it is written as book.yaml with the config schema beside it, so
            the `$schema` line on its first line works in an editor

Every error is a BookgenError, which the CLI prints as one line with exit code 1.
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import InputError, OutputError
from . import shipped

CONFIG_NAME = "book.yaml"
"""The config file `init` writes."""


# ---------------------------------------------------------------- init


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
