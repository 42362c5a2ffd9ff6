"""A histogram as a PNG file, with the standard library alone (zlib and struct).

Glossary:
  bar     one count drawn as a dark column, scaled so the largest bar fills the height
  pixel   one gray byte, 0 black, 255 white; the image is grayscale, 8 bits, no filter

Used by `bank stats --plot`: a picture of the grades' spread without a plotting library.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

__all__ = ["histogram_png"]

BAR_WIDTH = 6
"""Pixels of one bar."""
GAP = 2
"""Pixels between bars."""
HEIGHT = 200
"""Pixels of the tallest bar."""
MARGIN = 10
"""White pixels around the bars."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def histogram_png(counts: Sequence[int]) -> bytes:
    """A PNG of one bar per count, left to right, bottoms aligned."""
    top = max(counts, default=0) or 1
    width = 2 * MARGIN + len(counts) * (BAR_WIDTH + GAP) - (GAP if counts else 0)
    height = 2 * MARGIN + HEIGHT
    heights = [round(HEIGHT * c / top) for c in counts]
    rows = []
    for y in range(height):
        level = height - MARGIN - y  # bar pixels have level 1..its height
        row = bytearray([255] * width)
        for i, h in enumerate(heights):
            if 0 < level <= h:
                x = MARGIN + i * (BAR_WIDTH + GAP)
                row[x:x + BAR_WIDTH] = bytes(BAR_WIDTH)
        rows.append(b"\0" + bytes(row))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _chunk(b"IEND", b""))
