"""The command line: `bookgen <command> ...` (app.main)."""

from .app import _build_parser, main

__all__ = ["_build_parser", "main"]
