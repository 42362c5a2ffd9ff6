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

Each name is imported when it is first used (_API): `bookgen --version` or `bookgen solve`
loads none of the grader, the book pipeline or the PDF writer. The puzzle kinds are
registered when a kind is first asked for (core.kinds).
"""

# First of all: from here until the command line can catch it (__main__.run), a Ctrl-C
# ends the command line quietly (launch).
from . import launch  # noqa: F401

__version__ = "0.1.0"

import sys  # noqa: E402
from importlib import import_module  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import TYPE_CHECKING, Any  # noqa: E402

if TYPE_CHECKING:
    from .api import Record, build, generate
    from .core.grid import Geometry, geometry, parse
    from .engine.trace import count_solutions, hints, solve, trace
    from .grade import grade
    from .grade.rating import rate

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

_API = {
    "Record": ".api", "build": ".api", "generate": ".api",
    "Geometry": ".core.grid", "geometry": ".core.grid", "parse": ".core.grid",
    "count_solutions": ".engine.trace", "hints": ".engine.trace", "solve": ".engine.trace",
    "trace": ".engine.trace",
    "grade": ".grade", "rate": ".grade.rating",
}
"""Every name of the API but the version: the module it is imported from when first used."""


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})


class _Package(ModuleType):
    """The package's module: `bookgen.grade` stays the function when the subpackage of that
    name is imported (Python binds a submodule on its package; import bookgen.grade.x still
    finds it in sys.modules)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and name in _API:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
