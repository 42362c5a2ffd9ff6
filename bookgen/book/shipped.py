"""The files that ship inside the package, found through importlib.resources, so every
install layout (a checkout, a wheel, `pip install --target`, a zip) finds them.

Glossary:
  template   a page-layout preset: bookgen/templates/<name>.yaml
  example    a book config: bookgen/examples/<name>.yaml; `starter` is the commented one
             `bookgen init` writes, the others are the example books (configs/ in a checkout
             is a link to this folder)
  schema     the JSON Schema of a book config (bookgen.schema.json) and of a template file
             (template.schema.json), each beside the files it describes so that their
             `# yaml-language-server: $schema=...` lines work; generated from the reader's
             tables (config.reference) and checked equal to them by the tests
  resource   a Traversable: a pathlib.Path in every install but a zip
"""

from __future__ import annotations

import sys
from importlib.resources import files
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

TEMPLATES = "templates"
EXAMPLES = "examples"

CONFIG_SCHEMA = "bookgen.schema.json"
"""The config schema's file name, beside the example configs (and a config `init` writes)."""

TEMPLATE_SCHEMA = "template.schema.json"
"""The template schema's file name, beside the shipped templates."""

STARTER = "starter"
"""The example `bookgen init` writes when no other is asked for."""


def folder(name: str) -> Traversable:
    """A folder of shipped files: TEMPLATES or EXAMPLES."""
    return files("bookgen").joinpath(name)


def yaml_names(name: str) -> list[str]:
    """The stems of the .yaml files of a shipped folder, sorted."""
    return sorted(f.name[: -len(".yaml")] for f in folder(name).iterdir()
                  if f.name.endswith(".yaml") and f.is_file())


def resource(name: str, file: str) -> Traversable | None:
    """A shipped file, or None when there is none of that name."""
    found = folder(name).joinpath(file)
    return found if found.is_file() else None
