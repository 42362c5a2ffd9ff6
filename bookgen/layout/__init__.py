"""The PDF layout: a finished Book in, a print-ready PDF out (PRINT.md).

geometry.py holds the numbers (page, margins, gutter, pagination, grid slots), draw.py
the canvas calls, render.py the one writer.
"""

from .render import render_book

__all__ = ["render_book"]
