"""Font files: which reportlab can embed, where a spec points, and which characters a
font has.

Glossary:
  spec       Template.font / font_bold: a bundled name ('Vera', 'VeraBd', ...: TrueType
             files that ship with reportlab), the path of a .ttf or .otf file, or
             'PATH.ttc#N' for face N (from 0) of a TrueType collection
  family     an installed font's family name ('DejaVu Sans', 'IPAGothic'; 'DejaVu
             Sans:bold' picks a style), looked up with fontconfig's fc-match and taken
             only when the family fc-match answers is the one asked for (fc-match
             otherwise offers its nearest font): it stands for that font's file
  outlines   glyph shapes: TrueType ('glyf' table) embed in the PDF; CFF (PostScript, the
             'CFF ' table of most .otf files) reportlab cannot embed
  coverage   the characters a font maps to glyphs (its cmap), read with fontTools
  missing    the characters of a text that a font has no glyph for (spaces and line
             breaks need none)
  faux bold  a bold drawn from the regular face (filled and stroked), for a book whose
             bold spec names the regular face itself: a font family without a bold
             weight, as most Japanese ones
"""

from __future__ import annotations

import difflib
import shutil
import struct
import subprocess
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


def same_face(spec: str, other: str) -> bool:
    """Whether two specs name the same face of the same file (links followed)."""
    (a, i), (b, k) = source(spec), source(other)
    return i == k and a.resolve() == b.resolve()


def spec_of(path: Path, index: int) -> str:
    """The spec of face `index` of a font file (the index only for a collection)."""
    return f"{path}#{index}" if path.suffix.lower() == ".ttc" else str(path)


def shown(spec: str) -> str:
    """A spec as messages name it: a bundled name, else the file name (and face)."""
    path, index = source(spec)
    if spec in BUNDLED:
        return spec
    return f"{path.name}#{index}" if path.suffix.lower() == ".ttc" else path.name


FC_SECONDS = 30.0
"""Longest wait for fontconfig (its first run may build its cache)."""


def is_family(name: str) -> bool:
    """Whether a font spec reads as a family name: neither a bundled font nor a path."""
    file = source(name)[0]
    return (name not in BUNDLED and not file.name.lower().endswith(SUFFIXES)
            and "/" not in name and "\\" not in name)


def family(name: str) -> tuple[Path, int] | str:
    """(file, face index) of the installed font of family `name` (a fontconfig pattern:
    'DejaVu Sans' or 'DejaVu Sans:bold'), or why there is none."""
    wanted = name.partition(":")[0]
    exe = shutil.which("fc-match")
    if exe is None:
        return (f"font {name!r}: no bundled font or font file of that name, and fontconfig "
                "(fc-match) is not installed to look it up as a family name; expected the "
                "path of a .ttf, .otf or .ttc file, or fontconfig installed")
    found = _fc(exe, "-f", "%{family}\n%{file}\n%{index}", "--", name).split("\n")
    if len(found) < 3 or not found[1]:
        return f"font {name!r}: fontconfig (fc-match) gave no font for it"
    families = found[0].split(",")
    if _key(wanted) in {_key(f) for f in families}:
        return Path(found[1]), int(found[2]) if found[2].isdigit() else 0
    installed = {f for line in _fc(shutil.which("fc-list") or "fc-list", "--format",
                                   "%{family}\n").splitlines() for f in line.split(",") if f}
    near = difflib.get_close_matches(wanted, sorted(installed), n=3, cutoff=0.5)
    like = (f"installed families like it: {', '.join(near)}" if near else
            "`fc-list : family` lists the installed ones")
    return (f"font {name!r} is not installed (fontconfig would use {families[0]!r} in its "
            f"place); {like}; expected an installed family name or the path of a .ttf, "
            ".otf or .ttc file")


def _key(family: str) -> str:
    """A family name as fontconfig compares them: case and spaces ignored."""
    return "".join(family.split()).casefold()


def _fc(*command: str) -> str:
    """A fontconfig command's output, '' when it cannot run."""
    try:
        done = subprocess.run(command, capture_output=True, timeout=FC_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.decode("utf-8", "replace") if done.returncode == 0 else ""


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
    if have.issuperset(map(ord, text)):  # the usual answer, at C speed
        return []
    out: list[str] = []
    for ch in text:
        if ord(ch) not in have and ch not in _NO_GLYPH_NEEDED and ch not in out:
            out.append(ch)
    return out
