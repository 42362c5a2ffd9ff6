"""`bookgen build`, `cover` and `validate`: the commands that take a book config.

Glossary:
  book options  CONFIG, -o DIR, --seed, --workers, -q, --backend (_book_options); the
                config's own seed and workers count unless given, workers at most one per
                usable core; CONFIG may be a folder holding exactly one book config
  output folder -o DIR, default output/<config name>/: checked and locked before any work
                (output.claim), written whole or not at all; a book another config built
                there is replaced only with --force
  note          a line on standard error (none with -q): what a killed build left and was
                removed, a cover made without a built book
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..book.progress import EVERY, Lines, Shown
from .options import (
    AUTO,
    add_options,
    capped_workers,
    counted,
    folder,
    positive_seconds,
    usable_cores,
)

if TYPE_CHECKING:
    from pathlib import Path

    from ..book.cache import Cache
    from ..book.config import BookConfig
    from ..book.output import Slot
    from ..book.pipeline import Built

__all__ = [
    "add_build", "add_cover", "add_validate", "run_build",
    "run_cover", "run_validate",
]


def _config_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", metavar="CONFIG",
                   help="a book config, e.g. configs/quick.yaml, or a folder holding exactly "
                        "one (a .yaml file with sections)")


def _book_options(p: argparse.ArgumentParser) -> None:
    """CONFIG, -o, --seed, --workers, -q: the options of the commands that make a book."""
    _config_argument(p)
    p.add_argument("-o", "--output", metavar="DIR", type=folder,
                   help="output folder (default: output/<config name>)")
    add_options(p, "seed", "workers", "quiet", "backend",
                seed=dict(default=None, help="book seed (default: the config's)"),
                workers=dict(default=None, help="worker processes; auto: one per core "
                             "(default: the config's, else auto)"))
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor keep the build cache (.<folder>.cache beside the "
                   "output folder), from which a stopped build continues")
    p.add_argument("--progress-every", type=positive_seconds, default=EVERY, metavar="SECONDS",
                   help="seconds between two progress lines when standard error is not a "
                   f"terminal (default {EVERY:g})")
    p.add_argument("--force", action="store_true",
                   help="replace the book in the output folder even when another config "
                   "built it (the same config may always replace its own book)")


def _note(args: argparse.Namespace) -> Callable[[str], None]:
    """How a book command says a note: on standard error, unless -q."""

    def note(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr)

    return note


@contextmanager
def _book_cache(args: argparse.Namespace, slot: Slot) -> Iterator[Cache | None]:
    """The build cache of the output folder (None with --no-cache); its notes go to
    standard error unless -q."""
    from ..book.cache import Cache
    from ..book.output import cache_path

    if args.no_cache:
        yield None
        return
    with Cache(cache_path(slot), _note(args)) as cache:
        yield cache


def _made(args: argparse.Namespace, cfg: BookConfig, slot: Slot) -> Built:
    """Every puzzle of the book made (through the build cache unless --no-cache), showing
    progress as the options ask."""
    from ..book.pipeline import build_book

    with _book_cache(args, slot) as cache:
        return build_book(cfg, progress=_shown(args), cluster=args.cluster, cache=cache)


def _shown(args: argparse.Namespace) -> Shown:
    """How a book command shows progress: a bar on a terminal, plain lines elsewhere,
    nothing with -q."""
    if args.quiet:
        return False
    return True if sys.stderr.isatty() else Lines(args.progress_every, sys.stderr)


def _config_file(args: argparse.Namespace) -> Path:
    """The config file CONFIG names: a folder stands for the one book config in it
    (config.config_file), which is named on stderr unless -q."""
    from pathlib import Path

    from ..book.config import config_file

    path = config_file(args.config)
    if Path(args.config).is_dir() and not args.quiet:
        print(f"note: {args.config} is a folder: using its book config {path}",
              file=sys.stderr)
    return path


def _book_config(args: argparse.Namespace) -> tuple[BookConfig, Path]:
    """The config the book options name (workers capped at the cores) and its folder."""
    import dataclasses
    from pathlib import Path

    from ..book.config import load_config

    workers = usable_cores() if args.workers == AUTO else args.workers
    cfg = load_config(_config_file(args), seed=args.seed, workers=workers)
    cfg = dataclasses.replace(cfg, workers=capped_workers(cfg.workers, "workers"))
    return cfg, Path(args.output) if args.output else Path("output") / cfg.name


def add_build(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "build",
        help="build a book: config -> book.pdf, manifest.json, puzzles.txt",
        description="Validate the config, make, rate, select and improve its puzzles, and "
        "write book.pdf, manifest.json and puzzles.txt into the output folder (default "
        "output/<config name>/). Nothing is written unless the whole book is made.",
    )
    _book_options(p)
    add_options(p, "cluster")
    p.set_defaults(func=run_build)


def run_build(args: argparse.Namespace) -> int:
    import time

    from ..book.output import book_bytes, claim
    from ..book.pipeline import write_book
    from ..core.rules import COVER_PLATFORMS

    t0 = time.perf_counter()
    cfg, out = _book_config(args)
    if not args.quiet:
        print(_estimate(cfg)[0], flush=True)
    # The folder is checked and locked before any work: a build that cannot be written
    # stops now, not after every puzzle has been made.
    covered = cfg.template.print.platform in COVER_PLATFORMS
    with claim(out, book_bytes(sum(s.count for s in cfg.sections), covered),
               _owner(args, cfg), _note(args)) as slot:
        built = _made(args, cfg, slot)
        pages = write_book(built, slot)
    puzzles = sum(len(s.puzzles) for s in built.book.sections)
    cover = "cover.pdf, " if covered else ""
    print(f"wrote {out / 'book.pdf'} ({pages} pages, {puzzles} puzzles), {cover}manifest.json "
          f"and puzzles.txt in {time.perf_counter() - t0:.1f} s")
    return 0


def _owner(args: argparse.Namespace, cfg: BookConfig) -> Path | None:
    """The config whose book alone the output folder may hold (output.claim); None with
    --force."""
    return None if args.force else cfg.path


def add_cover(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "cover",
        help="make a book's full-wrap cover: config -> cover.pdf",
        description="Write the full-wrap cover (back, spine, front, with bleed) of a "
        "print-on-demand book (print.platform kdp or ingram) as cover.pdf into the output "
        "folder (default output/<config name>/). The puzzles and page count are read from "
        "the book built there from the config as it is now; without one they are made as "
        "build does. The spine width follows the page count and the paper of the config's "
        "print block.",
    )
    _book_options(p)
    add_options(p, "cluster")
    p.set_defaults(func=run_cover)


def run_cover(args: argparse.Namespace) -> int:
    from ..book.output import COVER_BYTES, claim
    from ..book.pipeline import built_book
    from ..core.errors import ConfigError, OutputError
    from ..core.rules import COVER_PLATFORMS
    from ..render.cover import render_cover
    from ..render.geometry import plan_book

    cfg, out = _book_config(args)
    platform = cfg.template.print.platform
    if platform not in COVER_PLATFORMS:
        # PRINT.md: the full wrap is for print-on-demand; a home printer binds no spine.
        raise ConfigError(
            f"{args.config}: print.platform is {platform.value}: a book printed at home has no "
            "full-wrap cover; set print.platform to kdp or ingram (print: {platform: kdp}) "
            "to make one")
    note = _note(args)
    with claim(out, COVER_BYTES, _owner(args, cfg), note) as slot:
        found = built_book(cfg, slot.target)
        if isinstance(found, str):
            note(f"note: {found}: making its puzzles as build does (a build writes the "
                 "cover with the book)")
            book = _made(args, cfg, slot).book
            pages = len(plan_book(book).pages)
        else:
            book, pages = found
        try:
            slot.target.mkdir(exist_ok=True)
        except OSError as e:
            raise OutputError(f"{out}: cannot create the folder: {e.strerror or e}") from None
        plan = render_cover(book, pages, slot.target / "cover.pdf")
    (tw, th), (ww, wh) = ((round(v / 72, 4) for v in pair) for pair in (plan.trim, plan.size))
    print(f"wrote {out / 'cover.pdf'}: {tw:g} x {th:g} in trim, {plan.pages} pages on "
          f"{plan.paper.value} paper, spine {plan.spine_width / 72:.4f} in, "
          f"wrap {ww:g} x {wh:g} in")
    return 0


def add_validate(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "validate",
        help="check a book config without building it",
        description="Check a book config and its template: every problem is listed at once, "
        "each with its key path and line; then that the output folder (default "
        "output/<config name>/) could take the book. Sections whose puzzles random digs "
        "rarely give are warned about on stderr. Prints 'ok: ...' and exits 0 when the "
        "config is sound, else exits 1.",
    )
    _config_argument(p)
    p.add_argument("-o", "--output", metavar="DIR", type=folder,
                   help="the output folder a build would use (default output/<config name>)")
    add_options(p, "quiet", quiet=dict(help="only the 'ok:' line, warnings and errors: no "
                                            "estimate or notes"))
    p.set_defaults(func=run_validate)


def run_validate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..book.config import load_config
    from ..book.feasible import rare_sections
    from ..book.output import book_bytes, preflight
    from ..core.rules import COVER_PLATFORMS

    cfg = load_config(_config_file(args))
    capped_workers(cfg.workers, "workers", quiet=args.quiet)
    puzzles = sum(s.count for s in cfg.sections)
    covered = cfg.template.print.platform in COVER_PLATFORMS
    preflight(Path(args.output) if args.output else Path("output") / cfg.name,
              book_bytes(puzzles, covered))
    line, slow = _estimate(cfg)
    for warning in rare_sections(cfg) + slow:
        print(f"warning: {warning}", file=sys.stderr)
    # a daily book's sections are made from its week: its days say more
    parts = counted(len(cfg.sections), "section") if cfg.daily is None else \
        f"daily from {cfg.daily.start}"
    print(f"ok: {cfg.title}: {parts}, {counted(puzzles, 'puzzle')}, "
          f"template {cfg.template.name}")
    if not args.quiet:
        print(line)
    return 0


def _estimate(cfg: BookConfig) -> tuple[str, list[str]]:
    """The book's time estimate from the measured band rates, and the slow sections."""
    from ..book.bandrates import book_estimate

    return book_estimate(cfg, cfg.workers or usable_cores())
