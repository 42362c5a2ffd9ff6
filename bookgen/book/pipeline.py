"""The book pipeline: config -> candidates -> rated -> picked -> improved -> Book, then write.

Glossary:
  section seed  f"{book seed}:{section index}"; candidate i of a section is
                generate.make_puzzle(spec, section seed, i), rated with figures and grade;
                for an aimed difficulty (select.aimed: every band but extreme) the dig
                stops before the puzzle gets too hard for it (a 9x9 classic jellyfish
                section's dig is ordered around a drawn fish first: pattern.arranger,
                seeded by f"{section seed}:{i}:pattern"); a technique section's
                candidate whose dig missed its technique is then steered toward it
                (judge.steered, seeded by f"{section seed}:{i}:steer")
  rules         what every puzzle of a section must be (select.Rules): unique, of the
                section's shape (size, symmetry, clue range, minimal) and difficulty;
                random and improved puzzles alike are picked only when they keep them
  layout        a jigsaw section without fixed `regions` draws a fresh region layout for
                every candidate; the candidate, its improvement and its check keep that
                layout, and the book record, manifest and puzzles.txt carry it
  own way      a kind may make and rate its candidates itself (Variant.make_candidate:
                killer cuts a solution into cages drawn for the band and grades it on its
                own scale); a kind that is not improvable (killer) never climbs, and a
                caged kind's book holds no solution grid twice
  round         candidates are made a round at a time in index order (in parallel when
                workers > 1, sent in chunks: improve.chunked) and picked in index order, so
                a book never depends on the number of workers, on round sizes, or on which
                worker finished first
  start         a rated candidate that fell short of the section's difficulty; when random
                candidates do not fill a section within its bound, the nearest starts are
                improved (improve.improve, within the section's shape) towards it, in a
                fixed order; a steered technique section's starts walk toward its
                technique instead (judge.steered)
  cache         with a build cache (cache.py), every candidate and improvement is read
                from it when held and stored as made, keyed by the section's rules and
                seed (and improve budget), so a stopped build continues where it stopped
  Built         the finished Book record plus the manifest and puzzles.txt lines; nothing
                is written until everything is made (write_book writes once, through
                output.py's stage and switch; the manifest records the PDF's sha256)
  built book    a written book read back from its manifest (built_book), for `cover`: its
                puzzles and page count, when the config's hash is the manifest's
  print order   section by section; a daily book's day by day (daily.places), each day
                taking the next puzzle of its band's section, printed under its month and
                labelled with its date (the manifest keeps the date, ISO)
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections.abc import Iterable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, replace
from itertools import islice
from pathlib import Path

from .. import __version__
from ..core.errors import GenerationError, LayoutError
from ..core.grid import SYMBOLS, Geometry, Grid, format_line, geometry
from ..core.model import Band, Book, BookPuzzle, BookSection, Tip, WorkedSolution
from ..core.rules import COVER_PLATFORMS, Variant
from ..grade.rating import Rating, rate
from ..make.cluster import cluster_pool
from ..make.generate import make_puzzle, puzzle_geometry
from ..make.improve import PoolMap, chunked, default_workers, improve, worker_pool
from ..make.judge import Judge, judge, steered, steers
from ..make.pattern import arranger
from ..make.pooltime import PoolLog
from ..make.select import (
    Rules,
    aimed,
    aimed_right,
    ceiling,
    objective,
    order_key,
    pick,
    shortfall,
)
from ..variants.killer.cages import Cages, cages_json, format_cage_map
from .bank import Bank, Taken, banked, keep_book, offers
from .cache import (
    Cache,
    Codec,
    Kind,
    cached_map,
    cages_of_json,
    rating_json,
    rating_of_json,
    section_key,
)
from .config import BookConfig, ImproveSpec, SectionConfig
from .daily import Place, date_text, places
from .hints import puzzle_hint
from .mining import disguised, mine_for, mines, section_grades
from .output import Slot, book_bytes, claim, config_path, stage, switch, write_file
from .progress import Shown, Tally, section_progress
from .tips import book_tips, solution_steps, technique_tip
from .worked import worked_solutions

BATCH = 32
"""Most candidates made and rated in one round. Rounds start as large as what is missing
and double while picks fall short; since picks are made in index order and the scan stops
at exactly the bound, the round sizes change how much is computed, never what is chosen."""

RANDOM_PER_PUZZLE = 60
"""Random candidates tried per wanted puzzle before a section turns to improving."""

RANDOM_PER_PUZZLE_IMPROVING = 20
"""The same bound for a section that asks for improvement in its config: random puzzles
are cheap next to an improvement, so even there they are tried first."""

RANDOM_PER_TECHNIQUE = 300
"""The same bound for a technique section: its candidates are aimed digs steered toward
the technique (about 0.07 CPU s each below the chains, 0.6 s for forcing chains), and
the rarer techniques come 1 in 15 to 1 in 350 of them (bench techniques), while
improving, which climbs the grade alone, seldom lands on one technique."""

STEER_EVALUATIONS = 60
"""Moves a technique section's candidate whose dig missed the technique makes toward it
(judge.steered). More moves a walk give fewer hits a CPU minute (15 CPU s each, X-wing,
naked quad and jellyfish together, when walks also blanked one clue alone or put back
two: 20 moves 7 hits, 60 moves 12, 250 moves 8): a walk
that has not found the technique soon is stuck on a plateau, and a fresh dig is the
better next try."""

DEFAULT_IMPROVE = 600
"""Evaluations per improvement when a section's band is not reached by random puzzles."""

STARTS_PER_PUZZLE = 4
"""Improvement starts tried per still-missing puzzle before a section gives up."""

STARTS_PER_TECHNIQUE = 40
"""The same for a steered technique section: a start's walk of DEFAULT_IMPROVE moves
costs about 0.4 CPU s below the chains, and 1 in 30 swordfish starts reached one."""


@dataclass(frozen=True)
class Candidate:
    """A made and rated puzzle with its grid's layout."""

    rating: Rating
    """Its figures and grade."""
    regions: str | None
    """Jigsaw: the region layout it was made on (its own when the section draws a fresh
    layout per puzzle); None for the other variants."""
    cages: Cages = ()
    """Killer: its cages; () for the other variants."""


CANDIDATE = Codec(
    lambda c: {"rating": rating_json(c.rating), "regions": c.regions,
               "cages": [(cage.total, cage.cells) for cage in c.cages]},
    lambda d: Candidate(rating_of_json(d["rating"]),
                        None if d["regions"] is None else str(d["regions"]),
                        cages_of_json(d["cages"])),
)
"""How a candidate is kept in the build cache."""

IMPROVED = Codec(rating_json, rating_of_json)
"""How an improvement is kept in the build cache."""


@dataclass(frozen=True)
class Chosen:
    """A puzzle picked for the book, with where it came from."""

    rating: Rating
    """Its figures and grade."""
    origin: str
    """How to make it again: 'random <section seed>:<index>' or 'improved ...'."""
    regions: str | None = None
    """Jigsaw: its region layout (Candidate.regions)."""
    cages: Cages = ()
    """Killer: its cages (Candidate.cages)."""


@dataclass(frozen=True)
class Built:
    """A finished book, ready to be written."""

    book: Book
    manifest: dict[str, object]
    lines: tuple[str, ...]
    """puzzles.txt: one puzzle per line with a '#' comment saying number and section."""
    config: Path
    """The config file it was built from; the manifest names it by its path from the
    book's folder (output.config_path), written with it."""


def _rules(section: SectionConfig, regions: str | None = None) -> Rules:
    """The section's rules; with `regions`, for a puzzle on that jigsaw layout (a section
    that draws a layout per puzzle holds each of its puzzles to the puzzle's own)."""
    shape = section.dig
    if regions is not None and shape.regions is None:
        shape = replace(shape, regions=regions)
    return Rules(shape, section.difficulty)


def _candidate(job: tuple[Rules, str, int]) -> Candidate:
    """Make and rate candidate `index` of a section (runs in a worker process)."""
    rules, seed, index = job
    spec, difficulty = rules.shape, rules.difficulty
    own = spec.variant.make_candidate(spec, difficulty, seed, index)
    if own is not None:  # a kind that makes its puzzles its own way (killer: cages)
        rating, regions, cages = own
        return Candidate(rating, regions, cages)
    judges: Judge = (None, None)
    if aimed(difficulty):
        # The judge rates on the puzzle's own grid: for a section that draws a jigsaw
        # layout per puzzle, that layout is drawn here first, and make_puzzle draws the
        # same one again from the same seed.
        judges = judge(difficulty, puzzle_geometry(spec, seed, index)[0])
    # a rare fish's dig digs around one place of it first (measured on 9x9 classic)
    arrange = arranger(difficulty.technique) \
        if judges[1] is not None and spec.size == 9 and spec.variant is Variant.CLASSIC \
        else None
    made = make_puzzle(spec, seed, index, too_hard=judges[0], on_target=judges[1],
                       arrange=arrange)
    rating = rate(made.puzzle, made.geo)
    if steers(rules) and not aimed_right(rating, difficulty):
        # a technique section's dig that missed: steer it toward the technique
        rating = steered(rating, made.geo, rules, f"{seed}:{index}:steer", STEER_EVALUATIONS)
    return Candidate(rating, made.regions)


def _improved(job: tuple[Grid, Rules, ImproveSpec, str]) -> Rating:
    """Improve one start towards the difficulty, within the shape (its jigsaw layout
    too), and rate the result (in a worker); a steered technique section's start walks
    its evaluations toward the technique instead (an anytime budget in seconds climbs)."""
    puzzle, rules, spec, seed = job
    shape = rules.shape
    if steers(rules) and spec.evaluations is not None:
        # climbing the grade seldom lands on one technique: a longer walk toward it does
        return steered(rate(puzzle, shape.geo), shape.geo, rules, seed, spec.evaluations)
    best = improve(
        puzzle, shape.geo, evaluations=spec.evaluations, seconds=spec.seconds,
        objective=spec.objective, seed=seed, workers=1, spec=shape,
        ceiling=ceiling(rules.difficulty, spec.objective),
    )
    return rate(best.puzzle, shape.geo)


def _section(
    si: int, section: SectionConfig, seed: int, taken: set[Grid], pmap: PoolMap, bar: Tally,
    offered: Iterable[tuple[Rating, str]] = (), cache: Cache | None = None,
) -> list[Chosen]:
    """The section's puzzles, easier first; GenerationError when they cannot be found.
    The `offered` puzzles (from a bank, with their origins) are tried first, in order."""
    rules = _rules(section)
    section_seed = f"{seed}:{si}"
    key = section_key(Kind.RANDOM, rules, section_seed)
    per = (RANDOM_PER_TECHNIQUE if section.difficulty.technique is not None
           else RANDOM_PER_PUZZLE_IMPROVING if section.improve else RANDOM_PER_PUZZLE)
    bound = max(BATCH, per * section.count)
    chosen: list[Chosen] = []
    for r, origin in offered:
        if len(chosen) == section.count:
            break
        if pick([r], rules, 1, taken):
            chosen.append(Chosen(r, origin))
            bar.update(1)
    starts: list[tuple[float, int, Candidate]] = []
    index, size = 0, max(2, section.count)
    while len(chosen) < section.count and index < bound:
        end = min(bound, index + min(BATCH, size))
        jobs = [(i, (rules, section_seed, i)) for i in range(index, end)]
        size *= 2
        for i, made in enumerate(cached_map(cache, key, pmap, _candidate, jobs, CANDIDATE),
                                 start=index):
            r = made.rating
            if len(chosen) < section.count and pick([r], _rules(section, made.regions), 1,
                                                     taken):
                chosen.append(Chosen(r, f"random {section_seed}:{i}", made.regions,
                                     made.cages))
                bar.update(1)
            elif r.count == 1:
                starts.append((shortfall(r, section.difficulty), i, made))
        index = end
    improvable = section.dig.variant.improvable
    if len(chosen) < section.count and improvable:
        chosen += _improve_section(
            section, section_seed, starts, taken, pmap, bar, section.count - len(chosen), cache
        )
    if len(chosen) < section.count:
        if not improvable:
            advice = f" ({section.dig.variant.value} puzzles are not improved); widen the "
            advice += "difficulty, change the cage sizes or lower the count"
        elif section.difficulty.technique is not None:
            advice = (f": {section.difficulty.technique.label!r} is rare in random digs "
                      "(bookgen bench techniques); lower the count, give the section a larger "
                      "improve budget or choose a commoner technique")
        elif any(gap != float("inf") for gap, _, _ in starts):
            advice = "; widen the difficulty, lower the count or give the section a larger "
            advice += "improve budget"
        else:
            # Improving only climbs: a larger budget cannot help this section.
            advice = ": the other candidates were all harder than asked, and improving "
            advice += "only makes puzzles harder; widen the difficulty"
            advice += ", drop minimal" if section.dig.minimal else ""
            advice += " or lower the count"
        raise GenerationError(
            f"sections[{si}] '{section.name}': found {len(chosen)} of {section.count} "
            f"puzzles in its difficulty from {index} random candidates and the "
            f"improvement of the nearest{advice}"
        )
    return sorted(chosen, key=lambda c: order_key(c.rating))


def _improve_section(
    section: SectionConfig,
    section_seed: str,
    starts: list[tuple[float, int, Candidate]],
    taken: set[Grid],
    pmap: PoolMap,
    bar: Tally,
    missing: int,
    cache: Cache | None = None,
) -> list[Chosen]:
    """Improve the starts nearest the difficulty, in that fixed order, until `missing` fit."""
    spec = section.improve or ImproveSpec(DEFAULT_IMPROVE, None, objective(section))
    key = section_key(Kind.IMPROVED, _rules(section), section_seed, spec)
    near = sorted(
        ((gap, i, r) for gap, i, r in starts if gap != float("inf")), key=lambda s: s[:2]
    )[: (STARTS_PER_TECHNIQUE if steers(_rules(section)) else STARTS_PER_PUZZLE) * missing]
    chosen: list[Chosen] = []
    k = 0
    while k < len(near) and len(chosen) < missing:
        # Rounds as large as what is still missing: results are picked in start order, so
        # the round size changes only how much is computed, never what is chosen.
        batch = near[k : k + max(2, missing - len(chosen))]
        k += len(batch)
        jobs = [(m.rating.puzzle, _rules(section, m.regions), spec,
                 f"{section_seed}:improve:{i}") for _, i, m in batch]
        made = cached_map(cache, key, pmap, _improved,
                          [(i, job) for (_, i, _), job in zip(batch, jobs, strict=True)], IMPROVED)
        for (_, i, m), job, r in zip(batch, jobs, made, strict=True):
            if len(chosen) < missing and pick([r], job[1], 1, taken):
                chosen.append(Chosen(r, f"improved {section_seed}:improve:{i}", m.regions))
                bar.update(1)
    return chosen


def build_book(cfg: BookConfig, progress: Shown = True, cluster: str | None = None,
               cache: Cache | None = None, log: PoolLog | None = None) -> Built:
    """Make every puzzle of the book and the Book record; writes nothing but, with a bank,
    the puzzles it made and (with a series) its picks into the bank, and, with a build
    `cache`, what it made into the cache (and, when done, only this book's). With `cluster`
    (a Dask scheduler's address or local:N, cluster.py) the puzzles are made and improved
    there instead of in cfg.workers processes: the same book either way. `progress` is a
    tqdm bar per section (True), plain lines (progress.Lines) or nothing (False). With a
    `log` (and no cluster), the worker pool's tasks are timed into it (pooltime.py)."""
    if cfg.bank is not None:
        with Bank(cfg.bank) as bank:
            built = _build(cfg, progress, bank, cluster, cache, log)
            # the bank keys a bare grid by its cell count: classic's group, or a board's; a
            # puzzle of another kind is not one without its units
            keep_book(bank, cfg.series, cfg.title, cfg.config_hash, [
                (number, c.rating, c.origin)
                for number, (section, c, _) in enumerate(_in_order(cfg, built[1]), 1)
                if banked(section.dig.variant)])
            return built[0]
    return _build(cfg, progress, None, cluster, cache, log)[0]


def _build(cfg: BookConfig, progress: Shown, bank: Bank | None, cluster: str | None,
           cache: Cache | None, log: PoolLog | None
           ) -> tuple[Built, list[tuple[SectionConfig, list[Chosen]]]]:
    # with a bank, a puzzle is taken when any isomorph is, in this book or another of the
    # series; the bank offers its puzzles first
    taken = Taken(bank.placed_elsewhere(cfg.series, cfg.config_hash) if bank else ())
    # other variants' puzzles are compared as grids: a bare grid's canonical form is
    # classic's, or a board's (bank.banked)
    variant_taken: set[Grid] = set()
    sections: list[tuple[SectionConfig, list[Chosen]]] = []
    with ExitStack() as stack:
        pool = stack.enter_context(cluster_pool(cluster) if cluster is not None
                                   else worker_pool(cfg.workers, log=log))
        pmap = pool if cluster is not None else chunked(pool, cfg.workers or default_workers())
        scratch: list[Bank] = []  # the mining sections' bank when the config names none
        for si, section in enumerate(cfg.sections):
            known = banked(section.dig.variant)  # kinds the bank's canonical forms know
            source = bank
            if mines(section):
                if bank is None and not scratch:
                    folder = stack.enter_context(tempfile.TemporaryDirectory())
                    scratch.append(stack.enter_context(Bank(Path(folder) / "mine.db")))
                source = bank or scratch[0]
                _mine_section(cfg, section, source, taken, pmap, cluster is not None)
            offered: Iterable[tuple[Rating, str]] = () if source is None or not known else offers(
                source, section.dig.size, section_grades(section), cfg.series,
                cfg.config_hash,
                (section.dig.clues.lo, section.dig.clues.hi) if section.dig.clues else None,
                section.dig.variant)
            if source is not bank:  # the scratch bank goes with the build: its rows are not
                offered = ((r, "mined, scratch " + o) for r, o in offered)
            if mines(section):
                offered = ((disguised(r, cfg.seed), o) for r, o in offered)
            with section_progress(progress, section.name, section.count) as bar:
                chosen = _section(si, section, cfg.seed, taken if known else variant_taken,
                                  pmap, bar, offered, cache)
            sections.append((section, chosen))
    if cache is not None:
        cache.keep_used()
    return _assemble(cfg, sections), sections


def _mine_section(cfg: BookConfig, section: SectionConfig, bank: Bank, taken: Taken,
                  pmap: PoolMap, remote: bool) -> None:
    """Mine into the bank until it offers the section enough puzzles not taken (mining.py:
    section)."""
    grades = section_grades(section)
    clues = (section.dig.clues.lo, section.dig.clues.hi) if section.dig.clues else None

    def enough() -> bool:
        rows = bank.candidates(9, grades, cfg.series, cfg.config_hash, clues)
        free = (row for row in rows if row["canon"] not in taken.canons)
        return len(list(islice(free, section.count))) == section.count

    mine_for(bank, grades, cfg.seed, pmap, enough,
             remote or (cfg.workers or default_workers()) > 1)


def _in_order(cfg: BookConfig, sections: list[tuple[SectionConfig, list[Chosen]]]
              ) -> list[tuple[SectionConfig, Chosen, Place]]:
    """Every chosen puzzle with its section and place, in print order."""
    return [(sections[p.section][0], sections[p.section][1][p.index], p)
            for p in places(cfg.sections, cfg.daily, cfg.texts)]


def _assemble(cfg: BookConfig, sections: list[tuple[SectionConfig, list[Chosen]]]) -> Built:
    parts: dict[str, list[BookPuzzle]] = {}
    entries: list[dict[str, object]] = []
    lines = []
    solved = []
    heading: dict[str, SectionConfig] = {}  # the section each part's puzzles are of
    for number, (section, c, place) in enumerate(_in_order(cfg, sections), 1):
        variant = section.dig.variant
        r = c.rating
        assert r.solution is not None and r.band is not None and r.grade is not None
        # tips, hints and worked solutions name cells and units on the puzzle's own grid
        # (its jigsaw layout too)
        geo = geometry(section.dig.size, variant, c.regions or section.dig.regions)
        hint = _hint(cfg, r, geo, c.cages)
        parts.setdefault(place.heading, []).append(replace(_printed(
            cfg, section, place, number, r.puzzle, r.solution, r.band, r.grade, c.regions,
            c.cages), hint=hint))
        solved.append((number, r, geo, c.cages))
        heading[place.heading] = section
        entry: dict[str, object] = {"id": number, "section": place.heading}
        if place.day is not None:
            entry["date"] = place.day.isoformat()
        entry.update(r.as_dict(geo))  # a board as its whole square, '-' outside the grids
        del entry["seconds"]  # timing differs run to run; the manifest must not
        entry.update(
            givens=entry.pop("puzzle"), variant=variant.value, seed=c.origin,
            generator=f"bookgen {__version__}", config_hash=cfg.config_hash,
        )
        if c.regions is not None:
            entry["regions"] = c.regions
        if c.cages:
            entry["cages"] = cages_json(c.cages)
        if cfg.hints:
            entry["hint"] = hint
        entries.append(entry)
        lines += _text_lines(number, place.day.isoformat() if place.day else section.name, r,
                             geo, c.regions, c.cages)
    book_sections = []
    for name, printed in parts.items():
        numbers = {p.number for p in printed}
        book_sections.append(BookSection(name, tuple(printed), _technique_page(
            cfg, heading[name], [x for x in solved if x[0] in numbers])))
    book = _book(cfg, book_sections, _tips(cfg, solved) if cfg.front.tips else (),
                 worked_solutions(cfg.worked, solved, cfg.texts,
                                  {p.number: p.date for s in book_sections for p in s.puzzles}))
    manifest: dict[str, object] = {
        "title": cfg.title,
        "config": cfg.path.name,
        "config_hash": cfg.config_hash,
        "seed": cfg.seed,
        "generator": f"bookgen {__version__}",
        "template": cfg.template.name,
        "puzzles": entries,
    }
    return Built(book, manifest, tuple(lines), cfg.path)


def _printed(cfg: BookConfig, section: SectionConfig, place: Place, number: int,
             puzzle: Grid, solution: Grid, band: Band, grade: float, regions: str | None,
             cages: Cages) -> BookPuzzle:
    """Puzzle `number` of the book as it is printed, at its place."""
    return BookPuzzle(number, place.heading, cfg.texts(f"band.{band.value}"),
                      *section.dig.box_shape, puzzle, solution, band, grade,
                      variant=section.dig.variant, regions=regions, cages=cages,
                      symbols=section.symbols,
                      date=date_text(cfg.texts, place.day) if place.day else "")


def _hint(cfg: BookConfig, r: Rating, geo: Geometry, cages: Cages) -> str:
    """A puzzle's hint in the book's language ('' without book hints or an empty cell)."""
    if not cfg.hints:
        return ""
    assert r.solution is not None
    hint = puzzle_hint(solution_steps(r, geo, cages), r.solution, geo, cfg.texts)
    return hint.text if hint else ""


def _technique_page(cfg: BookConfig, section: SectionConfig,
                    solved: Sequence[tuple[int, Rating, Geometry, Cages]]) -> Tip | None:
    """A technique section's page: its technique with a step from its own puzzles."""
    technique = section.difficulty.technique
    if technique is None:
        return None
    from ..render.geometry import tip_fits  # loads reportlab's font metrics
    return technique_tip(solved, technique, cfg.texts, tip_fits(cfg.template, cfg.texts))


def _tips(cfg: BookConfig, solved: Sequence[tuple[int, Rating, Geometry, Cages]]
          ) -> tuple[Tip, ...]:
    """The book's tips, each with an example step whose diagram fits its pages."""
    from ..render.geometry import tip_fits  # loads reportlab's font metrics
    return book_tips(solved, cfg.texts, tip_fits(cfg.template, cfg.texts))


def _book(cfg: BookConfig, sections: Iterable[BookSection], tips: tuple[Tip, ...],
          worked: tuple[WorkedSolution, ...] = ()) -> Book:
    """The Book record of the config with these sections, tips and worked solutions."""
    return Book(
        title=cfg.title, subtitle=cfg.subtitle, author=cfg.author, copyright=cfg.copyright,
        sections=tuple(sections), template=cfg.template, front=cfg.front, cover=cfg.cover,
        texts=cfg.texts, publication=cfg.publication, tips=tips, hints=cfg.hints,
        worked=worked,
    )


def built_book(cfg: BookConfig, folder: Path) -> tuple[Book, int] | str:
    """The Book record (without tips: the cover needs none) and the page count of the book
    that `folder` holds, read from its manifest, when that book was built from this config
    as it is now (the same config hash); else why not, in words."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"{folder} holds no book yet"
    except (OSError, ValueError) as e:
        return f"{folder / 'manifest.json'} cannot be read ({e})"
    if not isinstance(manifest, dict) or manifest.get("config_hash") != cfg.config_hash:
        return f"the book in {folder} was not built from {cfg.path} as it is now"
    try:
        entries = iter(manifest["puzzles"])
        parts: dict[str, list[BookPuzzle]] = {}
        for place in places(cfg.sections, cfg.daily, cfg.texts):
            section, p = cfg.sections[place.section], next(entries)
            if p["section"] != place.heading or p["variant"] != section.dig.variant.value:
                raise ValueError(f"puzzle {p['id']} is not one of {place.heading!r}")
            parts.setdefault(place.heading, []).append(_printed(
                cfg, section, place, int(p["id"]), _values(p["givens"]),
                _values(p["solution"]), Band(p["band"]), float(p["grade"]), p.get("regions"),
                cages_of_json([(c["sum"], c["cells"]) for c in p.get("cages", ())])))
        sections = [BookSection(name, tuple(printed)) for name, printed in parts.items()]
        pages = int(manifest["pages"])
    except (KeyError, TypeError, ValueError, StopIteration) as e:
        return f"{folder / 'manifest.json'} does not hold the book's puzzles ({e!r})"
    return _book(cfg, sections, ()), pages


def _values(line: str) -> Grid:
    """A grid from its one-line form (grid.format_line; a board's positions outside its
    grids, '-', left out)."""
    return tuple(0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in line if ch != "-")


def _text_lines(number: int, name: str, r: Rating, geo: Geometry,
                regions: str | None, cages: Cages) -> list[str]:
    """A puzzle's puzzles.txt lines: the givens (a board as its whole square) with a
    comment saying number, section, grade and (besides classic) the variant; a jigsaw
    puzzle's region line follows it, a killer puzzle's cage map (its label line and sums
    line: `bookgen solve` reads it)."""
    variant = geo.variant
    kind = "" if variant is Variant.CLASSIC else f" {variant.value}"
    lines = [f"{format_line(r.puzzle, geo)}  # {number} {name} {r.grade:.1f}{kind}"]
    if regions is not None:
        lines.append(f"{regions}  # regions of {number}")
    if cages:
        labels, sums = format_cage_map(cages, len(r.puzzle)).split("\n")
        lines += [f"{labels}  # cages of {number}", f"{sums}  # cage sums of {number}"]
    return lines


def write_book(built: Built, out: Path | Slot, extra: tuple[tuple[str, str], ...] = ()) -> int:
    """Write book.pdf, manifest.json and puzzles.txt into the output folder, and cover.pdf
    for a print-on-demand platform (rules.COVER_PLATFORMS), all or nothing; returns the
    page count. `extra`: more (file name, text) to write with them (the API's config).

    `out` is a folder, or a Slot claimed before the work (output.claim). The whole book is
    written into a stage folder beside the target, then switched with the target in one
    step, so a failed, interrupted or killed build leaves the previous book, never a mix.
    """
    from ..render.cover import render_cover
    from ..render.writer import render_book

    if isinstance(out, Path):
        covered = built.book.template.print.platform in COVER_PLATFORMS
        with claim(out, book_bytes(len(built.lines), covered)) as slot:
            return write_book(built, slot, extra)
    folder = stage(out)
    try:
        pages = render_book(built.book, folder / "book.pdf")
        cover = None
        if built.book.template.print.platform in COVER_PLATFORMS:
            cover = render_cover(built.book, pages, folder / "cover.pdf").manifest()
    except LayoutError as e:
        # The writers name the file they were writing: say where the book goes instead.
        raise LayoutError(str(e).replace(str(folder), str(out.target), 1)) from None
    digest = hashlib.sha256((folder / "book.pdf").read_bytes()).hexdigest()
    manifest = dict(built.manifest, config_path=config_path(built.config, out.target),
                    pages=pages, cover=cover, book_sha256=digest)
    write_file(out, "manifest.json", json.dumps(manifest, indent=1) + "\n")
    write_file(out, "puzzles.txt", "\n".join(built.lines) + "\n")
    for name, text in extra:
        write_file(out, name, text)
    switch(out)
    return pages
