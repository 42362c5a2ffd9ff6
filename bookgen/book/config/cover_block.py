"""The `cover:` block of a book config: the front's style, the back-cover blurb and price,
the accent colour and its ink, the badges and which puzzles the cover shows.

Glossary:
  style     the front's design: typographic, puzzle or pattern (model.CoverStyle)
  blurb     the back cover's text; a blank line starts a new paragraph
  accent    the cover's one colour, '#rrggbb' (quoted: an unquoted # starts a YAML comment);
            without it the cover is grayscale
  ink       how the colours are written: rgb, or cmyk for printers that ask for it
  badges    the front's puzzle count, band range and 'answers included'
  puzzle    a number through the whole book, 1 to the book's puzzle count
"""

from __future__ import annotations

import re

import yaml

from ...core import model
from .reader import (
    At,
    Key,
    Map,
    Read,
    Wrong,
    accepts,
    read_choice,
    read_flag,
    read_line,
    read_optional_text,
    read_positive_int,
    scalar_of,
)


@accepts("a colour '#rrggbb' in quotes (an unquoted # starts a YAML comment)",
         {"type": "string", "pattern": "^\\s*#[0-9a-fA-F]{6}\\s*$"})
def _colour(node: yaml.Node, at: At) -> model.Colour:
    value = scalar_of(node, at)
    m = re.fullmatch(r"#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})", str(value).strip().lower())
    if not isinstance(value, str) or not m:
        raise Wrong("a colour '#rrggbb' in quotes (an unquoted # starts a YAML comment)")
    red, green, blue = (int(h, 16) / 255 for h in m.groups())
    return model.Colour(red, green, blue)


COVER = Map(
    {
        "style": Key(read_choice("cover style", model.CoverStyle),
                     default=model.CoverSpec.style,
                     help="The front's design: typographic (the title set large on the accent "
                          "colour), puzzle (one of the book's puzzles large as the art) or "
                          "pattern (a pattern of the book's own grids behind the title)."),
        "blurb": Key(read_optional_text, default=model.CoverSpec.blurb,
                     help="The back cover's text; a blank line starts a new paragraph."),
        "accent": Key(_colour, default=model.CoverSpec.accent,
                      default_words="none: a grayscale cover",
                      help="The cover's one colour, the band behind the title."),
        "ink": Key(read_choice("ink", model.CoverInk), default=model.CoverSpec.ink,
                   help="rgb, or cmyk: every colour of the cover as CMYK, for printers that "
                        "ask for it (print.pdfx always gives cmyk)."),
        "badges": Key(read_flag, default=model.CoverSpec.badges,
                      help="Badges on the front: the puzzle count, the range of bands and "
                           "'answers included', in the book's language."),
        "price": Key(read_line, default=model.CoverSpec.price, default_words="none",
                     help="A price line on the back above the barcode area, as written: "
                          "'$9.99'."),
        "front_puzzle": Key(read_positive_int, default=model.CoverSpec.front_puzzle,
                            default_words="the last puzzle",
                            help="The number of the puzzle drawn on the front."),
        "back_puzzle": Key(read_positive_int, default=model.CoverSpec.back_puzzle,
                           default_words="the first puzzle",
                           help="The number of the sample puzzle on the back."),
    },
    what="a mapping of style, blurb, accent, ink, badges, price, front_puzzle, back_puzzle",
    help="What the full-wrap cover (cover.pdf, print-on-demand only) shows beyond title, "
         "subtitle and author.",
)
"""The `cover:` block of a config."""


def cover_record(read: Read, puzzles: int | None) -> model.CoverSpec:
    """The CoverSpec the block describes; a puzzle number beyond the book's `puzzles` is a
    problem (None: the sections are unsound, so the count is unknown)."""
    for key in ("front_puzzle", "back_puzzle"):
        number = read.get(key)
        if number is not None and puzzles is not None and number > puzzles:
            read.at_key(key).fail(
                f"expected a puzzle number from 1 to {puzzles} (the book's puzzles), got {number}"
            )
    return model.CoverSpec(
        blurb=read.get("blurb", ""),
        accent=read.get("accent"),
        style=read.get("style", model.CoverSpec.style),
        badges=read.get("badges", model.CoverSpec.badges),
        price=read.get("price", model.CoverSpec.price),
        ink=read.get("ink", model.CoverSpec.ink),
        front_puzzle=read.get("front_puzzle"),
        back_puzzle=read.get("back_puzzle"),
    )
