"""The PDF layout: a finished Book in, a print-ready PDF out (PRINT.md).

geometry.py holds the numbers (page, margins, gutter, pagination, grid slots), marks.py
and cage_outlines.py those of a grid's variant marks and killer cages, draw.py the canvas calls
(killer_grid.py those of a killer puzzle grid),
writer.py the one writer (writer.render_book). The full-wrap cover has its numbers in
cover_geometry.py and its drawing in cover.py (cover.render_cover), which reuses draw.py's
grids and writer.py's fonts and atomic write. The package imports
nothing itself, so the pure geometry can be asked for page estimates without loading
reportlab.
"""
