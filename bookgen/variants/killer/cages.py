"""Killer sudoku cages: the record every stage shares, its checks and its text forms.

Glossary:
  cage     a set of cells, joined through shared edges, whose digits sum to the cage's
           total; no digit repeats inside a cage
  total    the sum printed at the cage's top-left cell
  cells    row-major cell indices from 0, ascending; the first is the cage's top-left cell
           (the cell where the sum is printed: smallest row, then smallest column)
  cages    a tuple of Cage covering every cell of the grid exactly once, ordered by first
           cell
  cage map the compact text form: a line of n*n cage labels, row-major (cells with the
           same label form one cage), then a line of the totals, separated by spaces, in
           the order the labels first appear. Written labels are CAGE_LABELS in order
           (A-Z, a-z, 0-9: 62 cages at most; a puzzle with more is written as JSON);
           read labels may be any characters but whitespace and '#'
  record   the JSON form: {"puzzle": ..., "variant": "killer", "cages": [{"sum": S,
           "cells": [...]}]}
  bounds   k distinct digits of 1..n sum to between k(k+1)/2 and k(2n-k+1)/2

The checks raise ValueError with the words of the problem; readers put where in front.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from ...core.grid import connected, gathered

KILLER_SIZE = 9
"""Killer grids are 9x9."""

CAGE_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
"""The labels a cage map is written with, one per cage in order of first cell."""


@dataclass(frozen=True)
class Cage:
    """One cage of a killer puzzle."""

    total: int
    """The sum of the cage's digits."""
    cells: tuple[int, ...]
    """Row-major cell indices, ascending; cells[0] is where the sum is printed."""

    def __post_init__(self) -> None:
        if tuple(sorted(self.cells)) != self.cells or not self.cells:
            raise ValueError(f"cage cells must be a non-empty ascending tuple: {self.cells}")

    def __repr__(self) -> str:
        return f"Cage({self.total}: {', '.join(map(str, self.cells))})"


Cages = tuple[Cage, ...]
"""A killer puzzle's cages, covering every cell once (ordered by their first cell)."""


def sum_bounds(size: int, n: int = KILLER_SIZE) -> tuple[int, int]:
    """Least and greatest sum of `size` distinct digits 1..n."""
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


@cache
def combination_count(total: int, size: int, n: int = KILLER_SIZE) -> int:
    """How many sets of `size` distinct digits 1..n sum to `total` (a cage with one is
    read at sight; 0 when none does)."""
    return sum(1 for combo in combinations(range(1, n + 1), size) if sum(combo) == total)


def _label(cell: int, n: int) -> str:
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


def make_cages(groups: Sequence[tuple[int, Sequence[int]]], n: int = KILLER_SIZE) -> Cages:
    """Cages from (total, cells) pairs, checked and ordered by first cell; ValueError naming
    the first problem: a cell off the grid or in two cages, cells not covered, a cage not
    connected, more than n cells, or a total no distinct digits of its size reach."""
    owner: dict[int, int] = {}
    cages = []
    for i, (total, cells) in enumerate(groups):
        ordered = tuple(sorted(cells))
        if not ordered:
            raise ValueError(f"cage {i + 1} has no cells")
        for c in ordered:
            if not 0 <= c < n * n:
                raise ValueError(f"cage {i + 1}: cell {c} is off the grid (0 to {n * n - 1})")
            if c in owner:
                raise ValueError(f"cell {c} ({_label(c, n)}) is in cages {owner[c] + 1} and "
                                 f"{i + 1}")
            owner[c] = i
        where = f"cage {i + 1} at {_label(ordered[0], n)}"
        if len(ordered) > n:
            raise ValueError(f"{where} has {len(ordered)} cells: at most {n}, since no digit "
                             "repeats in a cage")
        if not connected(ordered, n):
            raise ValueError(f"{where} is not connected: its cells must join through edges")
        lo, hi = sum_bounds(len(ordered), n)
        if not lo <= total <= hi:
            raise ValueError(f"{where}: sum {total} is impossible for {len(ordered)} cells "
                             f"(distinct digits give {lo} to {hi})")
        cages.append(Cage(total, ordered))
    missing = [c for c in range(n * n) if c not in owner]
    if missing:
        raise ValueError(f"the cages do not cover the grid: {len(missing)} cells in no cage, "
                         f"the first {_label(missing[0], n)}")
    return tuple(sorted(cages, key=lambda cage: cage.cells[0]))


def cages_of(solution: Sequence[int], groups: Sequence[Sequence[int]]) -> Cages:
    """The cages of cell groups over a full grid: each total is its digits' sum."""
    return make_cages([(sum(solution[c] for c in g), g) for g in groups],
                      round(len(solution) ** 0.5))


def check_against(cages: Cages, solution: Sequence[int]) -> str | None:
    """Why a full grid breaks the cages (a repeat or a wrong sum), or None."""
    n = round(len(solution) ** 0.5)
    for cage in cages:
        digits = [solution[c] for c in cage.cells]
        if len(set(digits)) != len(digits):
            return f"the cage at {_label(cage.cells[0], n)} repeats a digit"
        if sum(digits) != cage.total:
            return f"the cage at {_label(cage.cells[0], n)} sums to {sum(digits)}, not {cage.total}"
    return None


def cage_of_cell(cages: Cages, ncells: int) -> tuple[int, ...]:
    """For each cell, the index of its cage."""
    owner = [0] * ncells
    for i, cage in enumerate(cages):
        for c in cage.cells:
            owner[c] = i
    return tuple(owner)


# ---------------------------------------------------------------- text forms


def format_cage_map(cages: Cages, ncells: int) -> str:
    """The cage map: the label line, a newline, the totals line; ValueError beyond 62
    cages."""
    if len(cages) > len(CAGE_LABELS):
        raise ValueError(f"{len(cages)} cages: the cage map writes at most "
                         f"{len(CAGE_LABELS)}; use the JSON form")
    owner = cage_of_cell(cages, ncells)
    return ("".join(CAGE_LABELS[i] for i in owner) + "\n"
            + " ".join(str(cage.total) for cage in cages))


def parse_cage_map(labels: str, totals: str, n: int = KILLER_SIZE) -> Cages:
    """Cages from a cage map's two lines; ValueError naming the problem."""
    text = "".join(labels.split())
    if len(text) != n * n:
        raise ValueError(f"cage map: {len(text)} labels, expected {n * n} ({n}x{n})")
    order: dict[str, list[int]] = {}
    for c, ch in enumerate(text):
        order.setdefault(ch, []).append(c)
    words = totals.split()
    names = list(order)
    for j, word in enumerate(words):
        if not word.isdigit():
            whose = f"the sum of cage {names[j]!r}" if j < len(names) else "a sum too many"
            raise ValueError(f"cage sums: number {j + 1} on the line, {whose}, is {word!r}: "
                             "a cage's sum is a whole number")
    if len(words) != len(order):
        cages = f"{len(order)} cage{'s' if len(order) > 1 else ''}"
        raise ValueError(f"cage sums: {len(words)} numbers for {cages} "
                         "(one per label, in the order the labels first appear)")
    groups = list(zip((int(w) for w in words), order.values(), strict=True))
    for (_, cells), name in zip(groups, order, strict=True):
        if not connected(cells, n):
            raise ValueError(f"cage {name!r} is not connected: its cells must join through "
                             "edges (a label names one cage)")
    return make_cages(groups, n)


def cages_json(cages: Cages) -> list[dict[str, Any]]:
    """The cages as the JSON record's list."""
    return [{"sum": cage.total, "cells": list(cage.cells)} for cage in cages]


def cages_from_json(data: Any, n: int = KILLER_SIZE) -> Cages:
    """Cages from a record's "cages" value; ValueError naming the problem."""
    if not isinstance(data, list) or not data:
        raise ValueError('"cages" must be a list of {"sum": S, "cells": [...]}')
    groups = []
    for i, item in enumerate(data):
        total = item.get("sum") if isinstance(item, dict) else None
        if total is not None and (not isinstance(total, int) or isinstance(total, bool)):
            raise ValueError(f"cage {i + 1}: its sum is {json.dumps(total)}: a cage's sum is "
                             "a whole number")
        ok = (isinstance(item, dict) and isinstance(item.get("sum"), int)
              and isinstance(item.get("cells"), list)
              and all(isinstance(c, int) and not isinstance(c, bool) for c in item["cells"]))
        if not ok or isinstance(item.get("sum"), bool):
            raise ValueError(f'cage {i + 1}: expected {{"sum": S, "cells": [...]}} with whole '
                             "numbers (cells row-major from 0)")
        if len(set(item["cells"])) != len(item["cells"]):
            raise ValueError(f"cage {i + 1} names a cell twice")
        groups.append((item["sum"], item["cells"]))
    return make_cages(groups, n)


# ---------------------------------------------------------------- puzzles


@dataclass(frozen=True)
class KillerPuzzle:
    """A killer puzzle as read: givens and cages."""

    givens: tuple[int, ...]
    """n*n values, 0 = blank (usually all blank)."""
    cages: Cages
    """Its cages."""


def _is_sums(line: str) -> bool:
    """Whether a line is meant as a cage map's sums: several words, at least half of them
    whole numbers (parse_cage_map names a word that is not)."""
    words = line.split()
    return len(words) > 1 and 2 * sum(w.isdigit() for w in words) >= len(words)


def _next_lines(lines: Sequence[tuple[int, str]], i: int, count: int
                ) -> list[tuple[int, str]]:
    """Up to `count` lines from lines[i] on that hold more than a comment, comments cut."""
    out: list[tuple[int, str]] = []
    for j in range(i, len(lines)):  # no slice: a copy of the rest for every puzzle
        k, raw = lines[j]
        body = raw.split("#", 1)[0].strip()
        if body:
            out.append((k, body))
            if len(out) == count:
                break
    return out


def _givens(text: str, where: str, n: int = KILLER_SIZE) -> tuple[int, ...]:
    chars = [ch for ch in text if not ch.isspace() and ch not in "|-+="]
    if len(chars) != n * n:
        raise ReadError(where, f"{len(chars)} symbols: expected {n * n} (a {n}x{n} grid)")
    values = []
    for k, ch in enumerate(chars):
        if ch in "._0":
            values.append(0)
        elif ch.isdigit():
            values.append(int(ch))
        else:
            raise ReadError(where, f"position {k + 1}: {ch!r} is not 1-9, or . 0 _ for a "
                                "blank")
    return tuple(values)


class ReadError(ValueError):
    """A reading problem with its place (FILE: line N) in front."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")


def looks_killer(text: str) -> bool:
    """Whether a text holds a killer puzzle: a record with "variant": "killer", or a line
    of n*n labels followed by a line of sums (no classic form has a sums line there)."""
    import re

    if re.search(r'"variant"\s*:\s*"killer"', text):
        return True
    # a whole file of classic puzzles is passed over at the speed of one scan
    if not re.search(r"^[ \t]*\d+[ \t]+[^\s#]", text, re.M):
        return False
    body = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    body = [line for line in body if line]
    return any(len(a) == KILLER_SIZE ** 2 and " " not in a and _is_sums(b)
               for a, b in zip(body, body[1:], strict=False))


def check_givens(givens: Sequence[int], cages: Cages) -> str | None:
    """Why givens cannot stand (a repeat in a row, column, box or cage, a full cage of
    the wrong sum, a cage's givens over its sum), or None."""
    from ...core.grid import find_clash, geometry

    geo = geometry(KILLER_SIZE)
    clash = find_clash(givens, geo)
    if clash:
        return f"givens clash: {clash.describe(geo)}"
    for cage in cages:
        digits = [givens[c] for c in cage.cells if givens[c]]
        at = geo.label(cage.cells[0])
        if len(set(digits)) != len(digits):
            return f"givens repeat a digit in the cage at {at}"
        if sum(digits) > cage.total or (len(digits) == len(cage.cells)
                                        and sum(digits) != cage.total):
            return f"the givens of the cage at {at} do not fit its sum {cage.total}"
    return None


def parse_killer(
    text: str, source: str = "", bad: list[ValueError] | None = None
) -> list[tuple[int, KillerPuzzle]]:
    """Every killer puzzle of a text: (first line, puzzle). A puzzle is a JSON record on
    one line, or a cage map (its label line and sums line) after an optional puzzle line
    of givens; '#' starts a comment, blank lines are skipped. ValueError naming the line
    and the problem; given a `bad` list, each bad puzzle is added to it instead and
    reading goes on after it."""
    at = f"{source}: " if source else ""
    lines = [(k, raw) for k, raw in enumerate(text.splitlines(), 1)]
    i = 0

    def next_puzzle() -> tuple[int, KillerPuzzle] | None:
        """The puzzle that starts at lines[i] (None for a blank line), i moved past what
        it read."""
        nonlocal i
        k, raw = lines[i]
        where = f"{at}line {k}"
        i += 1
        if raw.lstrip().startswith("{"):
            givens, cages = _record(raw, where)
        else:
            body = raw.split("#", 1)[0].strip()
            if not body:
                return None
            rest = _next_lines(lines, i, 2)
            if rest and _is_sums(rest[0][1]):
                givens, labels, sums = (0,) * KILLER_SIZE ** 2, (k, body), rest[0]
                i = sums[0]  # lines[i] is the line after the sums
            elif len(rest) >= 2 and _is_sums(rest[1][1]):
                labels, sums = rest[0], rest[1]
                i = sums[0]
                givens = _givens(body, where)
            else:
                raise ReadError(where, "expected a killer puzzle: a line of 81 cage "
                                    "labels, then a line of the cage sums (after an optional "
                                    "line of givens), or a JSON record with \"cages\"")
            try:
                cages = parse_cage_map(labels[1], sums[1])
            except ValueError as e:
                line = sums[0] if str(e).startswith("cage sums") else labels[0]
                raise ReadError(f"{at}line {line}", str(e)) from None
        problem = check_givens(givens, cages)
        if problem:
            raise ReadError(where, problem)
        return k, KillerPuzzle(givens, cages)

    return list(gathered(next_puzzle, lambda: i < len(lines), bad, ValueError))


def _record(raw: str, where: str) -> tuple[tuple[int, ...], Cages]:
    """The givens and cages of a killer record line; ReadError naming the problem."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        raise ReadError(where, f"not a JSON object ({e.msg})") from None
    except RecursionError:
        raise ReadError(where, "not a JSON object (nested too deeply)") from None
    if isinstance(data, dict) and "cages" not in data and data.get("variant") != "killer":
        raise ReadError(where, "a record without cages among killer puzzles: killer puzzles "
                            "are read apart from the others: give each kind in a file of its "
                            "own")
    if not isinstance(data, dict) or "cages" not in data:
        raise ReadError(where, 'a killer record needs "puzzle" and "cages": '
                            '{"puzzle": ..., "variant": "killer", "cages": '
                            '[{"sum": S, "cells": [...]}]}')
    if data.get("variant", "killer") != "killer":
        raise ReadError(where, f"the puzzle's variant is {data['variant']!r}, "
                            "but killer was asked for")
    puzzle = data.get("puzzle", "." * KILLER_SIZE ** 2)
    if isinstance(puzzle, list):
        puzzle = "".join(str(v) if isinstance(v, int) and 0 <= v <= 9 else "?"
                         for v in puzzle)
    if not isinstance(puzzle, str):
        raise ReadError(where, '"puzzle" must be a string of 81 symbols')
    givens = _givens(puzzle, where)
    try:
        return givens, cages_from_json(data["cages"])
    except ValueError as e:
        raise ReadError(where, str(e)) from None


def killer_record(givens: Sequence[int], cages: Cages) -> dict[str, Any]:
    """The JSON record's topology keys with the puzzle: puzzle, variant, cages."""
    return {"puzzle": "".join(str(v) if v else "." for v in givens), "variant": "killer",
            "cages": cages_json(cages)}


def format_killer(givens: Sequence[int], cages: Cages) -> str:
    """The text form: the givens line, the label line, the sums line (parse_killer reads
    it back)."""
    return "".join(str(v) if v else "." for v in givens) + "\n" + format_cage_map(
        cages, len(givens))
