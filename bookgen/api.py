"""The Python API of whole jobs: puzzles made to order, and books built from a config.

Glossary:
  generate   n puzzles of one size and variant, in a band and/or with a technique as their
             hardest step: a one-section book config made from the arguments and read by
             the config reader (so a bad argument gets the reader's own message), whose
             puzzles are made as `bookgen build` makes a section's, without a page
  record     Record: one made puzzle as typed values, and as_dict() the keys of its
             manifest entry (the keys of `rate --format json`, with givens, variant, seed)
  build      a book config (a path, or a mapping of the same keys) built into a folder, as
             `bookgen build CONFIG -o DIR` does; returns the paths written
  mapping    a config given as a mapping is written to the output folder as config.yaml
             with the book, so the folder holds what it was built from; its relative paths
             (bank, fonts, template files) are taken from the current folder; its problems
             are named by key path, without the line numbers of a file the caller never saw
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from os import PathLike
from pathlib import Path
from typing import Any

import yaml

from .core.errors import ConfigError
from .core.grid import Grid
from .core.model import Band
from .core.rules import COVER_PLATFORMS, Variant
from .variants.killer.cages import Cages

__all__ = ["Record", "build", "generate"]

CONFIG_NAME = "config.yaml"
"""The name a mapping config is written under, in the book's folder."""


@dataclass(frozen=True)
class Record:
    """One puzzle made by generate."""

    givens: Grid
    """The puzzle: n*n values, 0 = blank."""
    solution: Grid
    """Its one solution."""
    grade: float
    """Its grade on the SE scale (killer: on the killer scale)."""
    band: Band
    """The band of the grade."""
    hardest: str
    """The name of the technique its grade rests on ('' when nothing was left to solve)."""
    variant: Variant
    """Its kind."""
    regions: str | None
    """Jigsaw: its region layout, n*n labels row-major; else None."""
    cages: Cages
    """Killer: its cages; else ()."""
    origin: str
    """How to make it again ('random <seed>:<section>:<index>' or 'improved ...')."""
    entry: Mapping[str, Any]
    """Its manifest entry: every key a built book records of a puzzle."""

    @property
    def line(self) -> str:
        """The givens in the one-line form every command reads ('.' for a blank)."""
        return str(self.entry["givens"])

    def as_dict(self) -> dict[str, Any]:
        """The record as JSON-ready keys: its manifest entry."""
        return dict(self.entry)


def generate(n: int, *, size: int = 9, variant: str | Variant = "classic",
             difficulty: str | Mapping[str, Any] | None = None,
             technique: str | None = None, seed: int = 0, workers: int = 1) -> list[Record]:
    """`n` unique puzzles of `size` and `variant`, easiest first, the same for the same
    arguments on any machine and any number of `workers`.

    `difficulty`: a band name ('easy' ... 'extreme') or a mapping as a section's
    `difficulty` takes ({'grade': [3.0, 4.5]}); `technique`: the technique every puzzle's
    hardest step must be (the names `bookgen explain` prints: 'x-wing', 'swordfish').
    Neither: puzzles of any grade. A bad argument raises ConfigError naming it."""
    from .book.pipeline import build_book

    section: dict[str, Any] = {
        "name": "puzzles", "count": n, "size": size,
        "variant": variant.value if isinstance(variant, Variant) else variant,
    }
    if difficulty is not None:
        section["difficulty"] = difficulty
    elif technique is None:
        section["difficulty"] = {"grade": [0.0, 20.0]}
    if technique is not None:
        section["technique"] = technique
    config = {"title": "generated", "seed": seed, "workers": workers,
              "front": {"tips": False}, "sections": [section]}
    with _config_file(config) as path:
        from .book.config import load_config

        cfg = load_config(path, base=Path.cwd())
    built = build_book(cfg, progress=False)
    out = []
    for entry, puzzle in zip(built.manifest["puzzles"],  # type: ignore[call-overload]
                             built.book.sections[0].puzzles, strict=True):
        assert puzzle.band is not None and puzzle.grade is not None
        out.append(Record(
            givens=puzzle.givens, solution=puzzle.solution, grade=puzzle.grade,
            band=puzzle.band, hardest=str(entry.get("hardest") or ""),
            variant=puzzle.variant, regions=puzzle.regions, cages=puzzle.cages,
            origin=str(entry["seed"]), entry=entry))
    return out


def build(config: str | PathLike[str] | Mapping[str, Any], output_dir: str | PathLike[str],
          *, seed: int | None = None, workers: int | None = None,
          force: bool = False) -> list[Path]:
    """Build the book of `config` (a config file, or a mapping of its keys) into the folder
    `output_dir`, all or nothing, as `bookgen build CONFIG -o DIR` does, and return the
    paths written. `seed` and `workers` override the config's; a folder holding a book
    another config built is replaced only with `force`. Raises ConfigError for a bad
    config and the other BookgenError kinds for what the command line reports."""
    from .book.config import load_config
    from .book.output import book_bytes, claim
    from .book.pipeline import build_book, write_book

    out = Path(output_dir)
    extra: tuple[tuple[str, str], ...] = ()
    if isinstance(config, Mapping):
        with _config_file(config) as path:
            cfg = load_config(path, seed=seed, workers=workers, base=Path.cwd())
            extra = ((CONFIG_NAME, path.read_text(encoding="utf-8")),)
        # the book's folder keeps the config it was built from
        cfg = replace(cfg, path=(out / CONFIG_NAME).resolve())
    else:
        cfg = load_config(Path(config), seed=seed, workers=workers)
    covered = cfg.template.print.platform in COVER_PLATFORMS
    with claim(out, book_bytes(sum(s.count for s in cfg.sections), covered),
               None if force else cfg.path) as slot:
        built = build_book(cfg, progress=False)
        write_book(built, slot, extra)
    names = ["book.pdf", *(["cover.pdf"] if covered else []), "manifest.json", "puzzles.txt",
             *(name for name, _ in extra)]
    return [out / name for name in names]


@contextmanager
def _config_file(config: Mapping[str, Any]) -> Iterator[Path]:
    """A mapping config as a YAML file in a temporary folder, for the config reader, which
    reads files (with line numbers for its messages); the reader's messages name it
    'config', not the temporary file."""
    try:
        text = yaml.safe_dump(_plain(config), allow_unicode=True, sort_keys=False)
    except yaml.YAMLError as e:
        raise ConfigError(f"config: expected a mapping of YAML values (strings, numbers, "
                          f"lists, mappings), got {e}") from None
    with tempfile.TemporaryDirectory(prefix="bookgen-") as folder:
        path = Path(folder) / CONFIG_NAME
        path.write_text(text, encoding="utf-8")
        try:
            yield path
        except ConfigError as e:
            # the lines are those of a file the caller never saw
            shown = re.sub(r" \(line \d+\)", "", str(e).replace(str(path), "config"))
            raise ConfigError(shown) from None


def _plain(value: Any) -> Any:
    """A mapping's values as YAML writes them: paths as strings, enums as their values,
    tuples as lists."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, PathLike):
        return str(Path(value))
    if isinstance(value, Band | Variant):
        return value.value
    return value
