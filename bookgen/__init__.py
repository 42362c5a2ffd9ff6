"""bookgen: YAML book config -> print-ready PDF of graded sudoku puzzles with answer key."""

__version__ = "0.1.0"
