"""``grimoire search``: search cards by words and Scryfall syntax, and find cards similar to one.

Parses arguments, calls the library (``grimoire.search.arguments`` checks and runs the search) and prints.
"""

from __future__ import annotations

import argparse
import json
import sys

from grimoire.cli._common import (
    EXIT_OK,
    OneNameHelp,
    _add_result_options,
    _console,
    _err,
    _open_db,
    add_encoder_option,
    command_line_text,
)

# The search arguments by the names of this command's options (for error messages).
SPELLING = {"queries": "query", "color_identity": "--id", "format": "--format", "types": "--type",
            "mana_value_min": "--mv-min", "mana_value_max": "--mv-max", "roles": "--role", "limit": "-n/--limit",
            "page": "-p/--page"}


def _filters(args: argparse.Namespace):
    from grimoire.search.arguments import FilterArguments

    return FilterArguments(args.id, args.format, args.type, args.mv_min, args.mv_max, args.role)


def _print(call, as_json: bool) -> None:
    from grimoire.render.search import print_page, search_json, search_title

    for note in [*call.page.notes, *call.notes]:
        print(f"note: {note}", file=sys.stderr)
    if as_json:
        print(json.dumps(search_json(call), indent=1, ensure_ascii=False))
    else:
        print_page(_console(), call.page, search_title(call),
                   reading_hint="   (--literal to search the words as typed)")


def cmd_search(args: argparse.Namespace) -> int:
    from grimoire.search.arguments import SearchArgumentError, run_search
    from grimoire.search.embed import ModelError
    from grimoire.search.engine import SearchEngine

    engine = SearchEngine(_open_db(), encoder=args.encoder)
    try:
        call = run_search(engine, args.query, _filters(args), limit=args.limit, page=args.page, mode=args.mode,
                          include_funny=args.include_funny, literal=args.literal)
    except SearchArgumentError as exc:
        return _err(exc.message(SPELLING))
    except ModelError as exc:  # the embedding model is missing or not the expected file
        return _err(str(exc))
    engine.keep_late_vectors()  # (--mode late: the next call starts from them)
    _print(call, args.json)
    return EXIT_OK


def cmd_similar(args: argparse.Namespace) -> int:
    from grimoire.cards.names import CardNotFoundError
    from grimoire.search.arguments import SearchArgumentError, run_similar
    from grimoire.search.embed import ModelError
    from grimoire.search.engine import SearchEngine

    engine = SearchEngine(_open_db(), encoder=args.encoder)
    try:
        call = run_similar(engine, " ".join(args.name), args.query or "", _filters(args), limit=args.limit,
                           page=args.page, include_funny=args.include_funny)
    except (CardNotFoundError, ModelError) as exc:
        return _err(str(exc))
    except SearchArgumentError as exc:
        return _err(exc.message(SPELLING))
    _print(call, args.json)
    return EXIT_OK


def add_commands(commands) -> None:
    from grimoire.search.engine import MODES

    search = commands.add_parser(
        "search", help="find cards by what they do, in plain words and/or Scryfall syntax",
        description="Plain words rank (BM25 + embeddings + function tags, fused); Scryfall syntax (t:, o:, id<=, "
                    "mv>=, f:, is:, role:, ...) filters. Several queries are ranked together.")
    search.add_argument("query", nargs="+", help="one to four queries (quote each)")
    _add_result_options(search)
    search.add_argument("--mode", choices=MODES, default="hybrid",
                        help="ranking: hybrid (default), bm25, dense, or late (re-ranks the hybrid top 200)")
    search.add_argument("--literal", action="store_true",
                        help="search the words as typed: do not read colour, type, cost or format words as filters "
                             "(quoting words does the same for those words)")
    add_encoder_option(search)
    search.set_defaults(run=cmd_search)

    similar = commands.add_parser("similar", help="cards whose rules text is closest to a card's",
                                  formatter_class=OneNameHelp)
    similar.add_argument("name", nargs="+", metavar="NAME", type=command_line_text,
                         help="the card to find alikes of, quoted or not: its words are joined into one name (fuzzy, "
                              "as grimoire card)")
    similar.add_argument("-q", "--query", help="extra filters in query syntax, e.g. 'mv<=3 -t:creature'; "
                         "plain words filter too (held anywhere on the card)")
    _add_result_options(similar)
    add_encoder_option(similar)
    similar.set_defaults(run=cmd_similar)
