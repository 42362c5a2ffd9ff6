"""The command line: `bookgen <command> ...`, one module per command (or small group).

Glossary:
  app        the parser of every command and main, the entry point of the `bookgen` script
  options    the shared options, how puzzles are read (PUZZLE|FILE|-) and where data goes
  skeleton   the loop of the commands that read puzzles: read, show each, write whole
  formats    the --format table: format name -> what it writes of a result
  signals    SIGTERM and SIGINT stop a command as Ctrl-C does
  cmd_*      one module per command: build, cover, validate (cmd_build); rate; solve;
             hints; explain; create; improve; generate; bank; bench; init, templates,
             schema (cmd_project); plot draws the histogram of `bank stats --plot`
"""

from .app import build_parser, main

__all__ = ["build_parser", "main"]
