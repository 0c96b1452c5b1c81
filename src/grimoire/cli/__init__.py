"""The ``grimoire`` command: parse arguments, call the library, print.

One module per command group (card, search, deck, data, bench, serve, precon, arena), each with an
``add_commands`` that builds its parser; this module puts them together.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings

from grimoire.cli import arena, bench, card, data, deck, precon, search, serve
from grimoire.cli._common import EXIT_ERROR, EXIT_USAGE, Parser, _err

GROUPS = (card, search, deck, data, bench, serve, precon, arena)


def build_parser() -> argparse.ArgumentParser:
    from grimoire import __version__

    parser = Parser(prog="grimoire", description="Magic: The Gathering card search, offline.")
    parser.add_argument("--version", action="version", version=f"grimoire {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for group in GROUPS:
        group.add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    from grimoire.cards.store import StoreError
    from grimoire.hub import HubError
    from grimoire.search.embed import EncoderError

    args = build_parser().parse_args(argv)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _store_warnings_as_lines(warnings.showwarning)
            return args.run(args)
    except (StoreError, HubError) as exc:
        return _err(str(exc))
    except EncoderError as exc:  # GRIMOIRE_ENCODER names no encoder: a bad setting, as a bad option is
        _err(str(exc))
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader left (``grimoire search ... | head``): stop quietly, and keep Python from complaining when
        # it flushes standard output at exit (rich does the same, with the same exit status, for its output).
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_ERROR


def _store_warnings_as_lines(show):
    """``warnings.showwarning`` with a store warning shown as one ``grimoire: warning: ...`` line (Python's format
    adds a file name and a source line); any other warning goes to ``show``."""
    from grimoire.cards.home import StoreWarning

    def shown(message, category, filename, lineno, file=None, line=None) -> None:
        if issubclass(category, StoreWarning):
            print(f"grimoire: warning: {message}", file=sys.stderr)
        else:
            show(message, category, filename, lineno, file, line)

    return shown


if __name__ == "__main__":
    sys.exit(main())
