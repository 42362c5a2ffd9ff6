"""bookgen: YAML book config -> print-ready PDF of graded sudoku puzzles with answer key.

The Python API in one place (see README.md):
  parse(text) -> (values, geometry)      any accepted puzzle form
  count_solutions(values, geo, limit=2)  solutions up to limit (1 = unique)
  solve(values, geo) -> (count, solutions)
  trace(values, geo) -> Trace            seed 000's figures: level, way, complexities
  hints(values, geo)                     candidates of every empty cell, fewest first
  rate(values, geo) -> Rating            the figures plus the human grade
  grade(values, geo) -> Grading          the logical solve, step by step, on the SE scale
  generate(n, size=9, variant=..., difficulty=..., technique=..., seed=0) -> [Record]
                                         puzzles made to order, as a book section makes them
  build(config, output_dir) -> [Path]    a book built from a config file or mapping
"""

# First of all: from here until the command line can catch it (__main__.run), a Ctrl-C
# ends the command line quietly (launch).
from . import launch  # noqa: F401

__version__ = "0.1.0"

# After the version: the modules below read it. The puzzle kinds come first: every other
# module may name them. `rate` and `grade` are bound after their submodules are imported,
# so the names mean the functions, not the modules.
from . import variants  # noqa: E402, F401
from .api import Record, build, generate  # noqa: E402
from .core.grid import Geometry, geometry, parse  # noqa: E402
from .engine.trace import count_solutions, hints, solve, trace  # noqa: E402
from .grade import grade  # noqa: E402
from .grade.rating import rate  # noqa: E402

__all__ = [
    "Geometry",
    "Record",
    "__version__",
    "build",
    "count_solutions",
    "generate",
    "geometry",
    "grade",
    "hints",
    "parse",
    "rate",
    "solve",
    "trace",
]
