"""Killer puzzles for the tests, made and checked without bookgen's code.

Glossary:
  solution   a random full 9x9 grid: a fixed valid grid with its digits, rows inside bands,
             bands, columns inside stacks and stacks shuffled
  partition  cages grown from random seed cells into random neighbours, 1 to `most` cells,
             never repeating a digit of the solution
  count      solutions of the cage sums (no givens) by plain backtracking written here from
             the rules: each row, column and box holds 1-9 once, each cage sums to its total
             with no digit twice
A puzzle is made by splitting, while the count is above one, the cage of a cell where two
solutions differ; then merging neighbouring cages while the count stays one (`merges`
tries), which makes it harder.
"""

from __future__ import annotations

import random

from bookgen.variants.killer.cages import Cage

Cells = list[list[int]]


def random_solution(rng: random.Random) -> list[int]:
    base = [[(3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    bands = rng.sample(range(3), 3)
    rows = [3 * b + i for b in bands for i in rng.sample(range(3), 3)]
    stacks = rng.sample(range(3), 3)
    cols = [3 * s + i for s in stacks for i in rng.sample(range(3), 3)]
    relabel = [0] + rng.sample(range(1, 10), 9)
    return [relabel[base[r][c]] for r in rows for c in cols]


def _neighbours(cell: int) -> list[int]:
    r, c = divmod(cell, 9)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < 9 and 0 <= c + dc < 9:
            out.append((r + dr) * 9 + c + dc)
    return out


def random_partition(sol: list[int], rng: random.Random, most: int) -> Cells:
    owner = [-1] * 81
    cages: Cells = []
    for start in rng.sample(range(81), 81):
        if owner[start] != -1:
            continue
        size = rng.randint(1, most)
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < size:
            digits = {sol[c] for c in cage}
            free = [n for c in cage for n in _neighbours(c)
                    if owner[n] == -1 and sol[n] not in digits]
            if not free:
                break
            pick = rng.choice(free)
            owner[pick] = len(cages)
            cage.append(pick)
        cages.append(cage)
    return cages


def count(cages: Cells, totals: list[int], limit: int = 2) -> list[list[int]]:
    """Up to `limit` solutions of the cages and their totals, by backtracking."""
    cage_of = [0] * 81
    for i, cage in enumerate(cages):
        for c in cage:
            cage_of[c] = i
    grid = [0] * 81
    left = list(totals)
    empty = [len(cage) for cage in cages]
    row = [0] * 9
    col = [0] * 9
    box = [0] * 9
    inside = [0] * len(cages)
    found: list[list[int]] = []

    def options(c: int) -> list[int]:
        r, k = divmod(c, 9)
        b = r // 3 * 3 + k // 3
        i = cage_of[c]
        used = row[r] | col[k] | box[b] | inside[i]
        out = []
        for d in range(1, 10):
            if used >> d & 1:
                continue
            rest, n = left[i] - d, empty[i] - 1
            # the other empty cells of the cage need n distinct digits summing to rest
            if n == 0:
                if rest != 0:
                    continue
            else:
                free = [x for x in range(1, 10) if x != d and not inside[i] >> x & 1]
                if len(free) < n or sum(free[:n]) > rest or sum(free[-n:]) < rest:
                    continue
            out.append(d)
        return out

    def search() -> bool:
        best, best_opts = -1, list(range(10))
        for c in range(81):
            if not grid[c]:
                opts = options(c)
                if len(opts) < len(best_opts):
                    best, best_opts = c, opts
                    if len(opts) <= 1:
                        break
        if best < 0:
            found.append(list(grid))
            return len(found) >= limit
        r, k = divmod(best, 9)
        b = r // 3 * 3 + k // 3
        i = cage_of[best]
        for d in best_opts:
            bit = 1 << d
            grid[best] = d
            row[r] |= bit
            col[k] |= bit
            box[b] |= bit
            inside[i] |= bit
            left[i] -= d
            empty[i] -= 1
            stop = search()
            grid[best] = 0
            row[r] ^= bit
            col[k] ^= bit
            box[b] ^= bit
            inside[i] ^= bit
            left[i] += d
            empty[i] += 1
            if stop:
                return True
        return False

    search()
    return found


def _split(cage: list[int], cell: int) -> Cells:
    """The cage without `cell` as its connected pieces, and `cell` alone."""
    rest = [c for c in cage if c != cell]
    pieces: Cells = [[cell]]
    while rest:
        piece = [rest.pop()]
        grew = True
        while grew:
            grew = False
            for c in list(rest):
                if any(n in piece for n in _neighbours(c)):
                    piece.append(c)
                    rest.remove(c)
                    grew = True
        pieces.append(piece)
    return pieces


def make_killer(seed: int, most: int = 4, merges: int = 0
                ) -> tuple[tuple[Cage, ...], list[int]]:
    """A killer puzzle with one solution: its cages (bookgen records) and the solution."""
    rng = random.Random(seed)
    sol = random_solution(rng)
    cages = random_partition(sol, rng, most)
    while True:
        sols = count(cages, [sum(sol[c] for c in cage) for cage in cages])
        if len(sols) == 1:
            break
        other = sols[0] if sols[0] != sol else sols[1]
        cell = rng.choice([c for c in range(81) if other[c] != sol[c]])
        # a one-cell cage fixes its cell, so the cell's cage has two cells or more
        i = next(i for i, cage in enumerate(cages) if cell in cage)
        cages[i:i + 1] = _split(cages[i], cell)
    for _ in range(merges):
        i = rng.randrange(len(cages))
        digits = {sol[c] for c in cages[i]}
        near = {j for j, cage in enumerate(cages) if j != i
                and any(n in cage for c in cages[i] for n in _neighbours(c))
                and not digits & {sol[c] for c in cage}}
        if not near:
            continue
        j = rng.choice(sorted(near))
        trial = [cage for k, cage in enumerate(cages) if k not in (i, j)]
        trial.append(cages[i] + cages[j])
        if len(count(trial, [sum(sol[c] for c in cage) for cage in trial])) == 1:
            cages = trial
    records = tuple(sorted(
        (Cage(sum(sol[c] for c in cage), tuple(sorted(cage))) for cage in cages),
        key=lambda cage: cage.cells[0],
    ))
    return records, sol
