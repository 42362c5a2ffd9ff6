"""The PDF layout: a finished Book in, a print-ready PDF out (PRINT.md).

geometry.py holds the numbers (page, margins, gutter, pagination, grid slots), marks.py
and cage_outlines.py those of a grid's variant marks and killer cages, draw.py the canvas calls
(killer_grid.py those of a killer puzzle grid and its cages), teaching.py the how-to-play and
solving-tips pages (with howto.py, tipsfit.py, diagram.py),
writer.py the one writer (writer.render_book). The full-wrap cover has its numbers in
cover_geometry.py and its drawing in cover.py (cover.render_cover), the front of each style
in cover_front.py, its display type in cover_type.py and its colours in cover_ink.py; it
reuses draw.py's grids and writer.py's fonts and atomic write. pdfx.py marks a book or a
cover as PDF/X-1a. The package imports
nothing itself, so the pure geometry can be asked for page estimates without loading
reportlab.
"""
