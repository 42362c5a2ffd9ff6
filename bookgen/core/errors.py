"""The exceptions bookgen raises at its edges.

Pure functions inside the package return values (counts, None); only parsing, config,
pipeline, layout, output and the CLI raise these. The CLI prints ``error: <message>`` and
exits 1.
"""


class BookgenError(Exception):
    """Base of every error the CLI reports to the user as one clear message."""


class InputError(BookgenError):
    """A puzzle or grid given by the user is malformed (length, symbol, clash)."""


class ConfigError(BookgenError):
    """A book config or template is wrong; the message lists every problem found."""


class GenerationError(BookgenError):
    """A generation request cannot be met (e.g. a clue target never reached)."""


class LayoutError(BookgenError):
    """A book cannot be laid out with the chosen template (e.g. a font is missing)."""


class OutputError(BookgenError):
    """An output location cannot take the result (not a folder, read-only, full, locked)."""


class MissingExtra(BookgenError):
    """A feature needs an optional dependency that is not installed; the message names the
    pip command that installs it."""
