"""The --format table: one function per format name, for every command that has --format.

Glossary:
  shown       one result of a command (a puzzle rated, solved, made ...) as it can be
              written: a Shown, whose methods are the formats
  grids       the grids a result prints in the grid formats: line, grid and seed are
              grid.format_as's forms of each, one after another, then the result's notes
  record      the keys of the result's JSON line (--format json), topology included
  topology    the keys that say what a puzzle is beyond its cells: "variant", a jigsaw's
              "regions", a killer's "cages" (topology and topology_words)
  FORMATTERS  format name -> the function that writes a Shown in it; a command's --format
              choices are names of this table, and a Shown answers the ones it offers

Each formatter returns whole lines, each ending in a newline.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from operator import methodcaller
from typing import TYPE_CHECKING, Any

from ..core.grid import format_as, topology_fields

if TYPE_CHECKING:
    from ..core.grid import Geometry, Grid
    from ..variants.killer.cages import Cages

__all__ = ["FORMATTERS", "Formatter", "Shown", "topology", "topology_words"]


class Shown:
    """A result as the formats write it. A subclass gives what its command offers: grids
    (line, grid, seed), a record (json) or its own text; it overrides a format whose words
    are its own (rate's and hints' seed, generate's line)."""

    geo: Geometry
    """The geometry the grids are written in."""

    def grids(self) -> Sequence[Grid]:
        """The grids written by line, grid and seed."""
        return ()

    def notes(self) -> Sequence[str]:
        """Lines written after the grids ('# ...')."""
        return ()

    def record(self) -> dict[str, Any]:
        """The keys of the JSON line."""
        raise NotImplementedError

    def report(self) -> str:
        """The command's own text (--format text), without the final newline."""
        raise NotImplementedError

    def problem(self) -> str | None:
        """What is wrong with the puzzle without stopping the command (solve: 'no
        solution'), or None."""
        return None

    def _grids_as(self, fmt: str) -> str:
        return ("".join(format_as(g, self.geo, fmt) + "\n" for g in self.grids())
                + "".join(f"{note}\n" for note in self.notes()))

    def line(self) -> str:
        return self._grids_as("line")

    def grid(self) -> str:
        return self._grids_as("grid")

    def seed(self) -> str:
        return self._grids_as("seed")

    def json(self) -> str:
        return json.dumps(self.record()) + "\n"

    def text(self) -> str:
        return self.report() + "\n"


Formatter = Callable[[Shown], str]

FORMATTERS: dict[str, Formatter] = {
    name: methodcaller(name) for name in ("line", "grid", "seed", "json", "text")
}
"""Every --format by name: what it writes of a result (the Shown method of that name, as
the result's class gives it)."""


def topology(geo: Geometry, cages: Cages | None = None) -> dict[str, Any]:
    """The topology keys of a puzzle's JSON line: variant and a jigsaw's regions, or
    variant killer and the cages."""
    if cages is None:
        return topology_fields(geo)
    from ..variants.killer.cages import cages_json

    return {"variant": "killer", "cages": cages_json(cages)}


def topology_words(fields: dict[str, Any]) -> str:
    """The topology in a text line: '  variant x', '  regions ...', '  cages 30' (nothing
    for a classic puzzle)."""
    words = ""
    if fields["variant"] != "classic":
        words += f"  variant {fields['variant']}"
    if "regions" in fields:
        words += f"  regions {fields['regions']}"
    if "cages" in fields:
        words += f"  cages {len(fields['cages'])}"
    return words
