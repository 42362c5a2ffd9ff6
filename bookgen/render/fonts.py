"""Font files: which reportlab can embed, where a spec points, and which characters a
font has.

Glossary:
  spec       Template.font / font_bold: a bundled name ('Vera', 'VeraBd', ...: TrueType
             files that ship with reportlab), the path of a .ttf or .otf file, or
             'PATH.ttc#N' for face N (from 0) of a TrueType collection
  outlines   glyph shapes: TrueType ('glyf' table) embed in the PDF; CFF (PostScript, the
             'CFF ' table of most .otf files) reportlab cannot embed
  coverage   the characters a font maps to glyphs (its cmap), read with fontTools
  missing    the characters of a text that a font has no glyph for (spaces and line
             breaks need none)
"""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path
from typing import BinaryIO

import reportlab

BUNDLED = ("Vera", "VeraBd", "VeraIt", "VeraBI")
"""TrueType fonts that ship inside reportlab, usable by name."""

SUFFIXES = (".ttf", ".otf", ".ttc")
"""The font files a spec may name."""

_NO_GLYPH_NEEDED = frozenset("\n\t")


def source(spec: str) -> tuple[Path, int]:
    """(file, face index) of a spec; a bundled name is its file in reportlab's fonts."""
    if spec in BUNDLED:
        return Path(reportlab.__file__).parent / "fonts" / f"{spec}.ttf", 0
    head, sep, tail = spec.rpartition("#")
    if sep and head.lower().endswith(".ttc") and tail.isdigit():
        return Path(head), int(tail)
    return Path(spec), 0


def spec_of(path: Path, index: int) -> str:
    """The spec of face `index` of a font file (the index only for a collection)."""
    return f"{path}#{index}" if path.suffix.lower() == ".ttc" else str(path)


def shown(spec: str) -> str:
    """A spec as messages name it: a bundled name, else the file name (and face)."""
    path, index = source(spec)
    if spec in BUNDLED:
        return spec
    return f"{path.name}#{index}" if path.suffix.lower() == ".ttc" else path.name


_MAGIC = (b"\x00\x01\x00\x00", b"true", b"OTTO", b"ttcf")
"""How TrueType, OpenType (CFF) and collection files begin."""


def problem(path: Path, index: int = 0) -> str | None:
    """Why reportlab cannot embed face `index` of the file, or None when it can."""
    try:
        with open(path, "rb") as f:
            return _problem(f, path, index)
    except OSError as e:
        return f"cannot read {path}: {e.strerror or e}"


def _problem(f: BinaryIO, path: Path, index: int) -> str | None:
    from fontTools.ttLib import TTCollection, TTFont, TTLibError

    magic = f.read(4)
    f.seek(0)
    if magic not in _MAGIC:
        return f"not a TrueType font: {path}"
    try:
        if magic == b"ttcf":
            faces = len(TTCollection(f, lazy=True).fonts)
            if not 0 <= index < faces:
                return (f"{path} holds {faces} font{'s' if faces > 1 else ''}: expected an "
                        f"index from 0 to {faces - 1}, got {index}")
            f.seek(0)
        elif index:
            return f"{path} is a single font, not a collection: it takes no index"
        font = TTFont(f, fontNumber=index if magic == b"ttcf" else -1, lazy=True)
        cff = "CFF " in font or "CFF2" in font
        glyf = "glyf" in font
    except (TTLibError, AssertionError, ValueError, KeyError, struct.error):
        return f"not a TrueType font: {path}"
    if cff:
        return (f"{path} has CFF (PostScript) outlines, which reportlab cannot embed: "
                "expected a font with TrueType outlines (a .ttf file, or an .otf or .ttc "
                "built with TrueType outlines)")
    if not glyf:
        return f"{path} has no TrueType outlines (no glyf table): expected a TrueType font"
    return None


@cache
def coverage(spec: str) -> frozenset[int]:
    """The code points the font maps to a glyph."""
    from fontTools.ttLib import TTFont

    path, index = source(spec)
    with open(path, "rb") as f:
        font = TTFont(f, fontNumber=index if path.suffix.lower() == ".ttc" else -1, lazy=True)
        return frozenset(font.getBestCmap() or {})


def missing(text: str, spec: str) -> list[str]:
    """The distinct characters of `text` the font lacks, in order of first use."""
    have = coverage(spec)
    out: list[str] = []
    for ch in text:
        if ord(ch) not in have and ch not in _NO_GLYPH_NEEDED and ch not in out:
            out.append(ch)
    return out
