"""``grimoire search``: search cards by words and Scryfall syntax, and find cards similar to one.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
import json
import sys

from grimoire.cli._common import (
    EXIT_ERROR,
    EXIT_OK,
    _add_result_options,
    _err,
    _open_db,
)


def _filters(args: argparse.Namespace):
    from grimoire.search.engine import Filters

    return Filters(color_identity=args.id, format=args.format, types=tuple(args.type or ()),
                   mana_value_min=args.mv_min, mana_value_max=args.mv_max, roles=tuple(args.role or ()))


def _print_page(page, as_json: bool, query: str) -> None:
    from grimoire.cards.render import result_json, result_text

    if as_json:
        print(json.dumps({"query": query, "total": page.total, "page": page.page, "limit": page.limit,
                          "mode": page.mode, "notes": page.notes,
                          "readings": [reading.as_json() for reading in page.readings],
                          "results": [result_json(r) for r in page.results]}, indent=1, ensure_ascii=False))
        return
    for reading in page.readings:
        if reading.line():
            print(reading.line() + "   (--literal to search the words as typed)")
    for note in page.notes:
        print(f"note: {note}", file=sys.stderr)
    if not page.results:
        print(f"No cards match {query!r}." if page.total == 0 else f"No results on page {page.page}.")
        return
    first, last = page.results[0].rank, page.results[-1].rank
    print(f"{first}-{last} of {page.total} ({page.mode})\n")
    print("\n\n".join(result_text(r) for r in page.results))


def _search_error(exc: Exception) -> int:
    from grimoire.search.query import QuerySyntaxError

    if isinstance(exc, QuerySyntaxError):
        print(f"grimoire: bad query: {exc.message} (at character {exc.position + 1})\n  "
              + exc.caret().replace("\n", "\n  "), file=sys.stderr)
        return EXIT_ERROR
    return _err(str(exc))


def cmd_search(args: argparse.Namespace) -> int:
    from grimoire.search.engine import SearchEngine
    from grimoire.search.query import QuerySyntaxError

    engine = SearchEngine(_open_db())
    queries = args.query
    try:
        page = engine.search(queries if len(queries) > 1 else queries[0], filters=_filters(args), page=args.page,
                             limit=args.limit, mode=args.mode, include_funny=args.include_funny,
                             literal=args.literal)
    except (QuerySyntaxError, ValueError) as exc:
        return _search_error(exc)
    _print_page(page, args.json, " | ".join(queries))
    return EXIT_OK


def cmd_similar(args: argparse.Namespace) -> int:
    from grimoire.cards.names import CardNotFoundError
    from grimoire.search.engine import SearchEngine
    from grimoire.search.query import QuerySyntaxError

    engine = SearchEngine(_open_db())
    name = " ".join(args.name)
    try:
        page = engine.similar_to(name, query=args.query or "", filters=_filters(args), page=args.page,
                                 limit=args.limit, include_funny=args.include_funny)
    except CardNotFoundError as exc:
        return _err(str(exc))
    except (QuerySyntaxError, ValueError) as exc:
        return _search_error(exc)
    _print_page(page, args.json, f"similar to {name}")
    return EXIT_OK


def add_commands(commands) -> None:
    search = commands.add_parser(
        "search", help="find cards by what they do, in plain words and/or Scryfall syntax",
        description="Plain words rank (BM25 + MiniLM embeddings, fused); Scryfall syntax (t:, o:, id<=, mv>=, f:, "
                    "is:, role:, ...) filters. Several queries are ranked together.")
    search.add_argument("query", nargs="+", help="one to four queries (quote each)")
    _add_result_options(search)
    search.add_argument("--mode", choices=("hybrid", "bm25", "dense"), default="hybrid")
    search.add_argument("--literal", action="store_true",
                        help="search the words as typed: do not read colour, type, cost or format words as filters "
                             "(quoting words does the same for those words)")
    search.set_defaults(run=cmd_search)

    similar = commands.add_parser("similar", help="cards whose rules text is closest to a card's")
    similar.add_argument("name", nargs="+")
    similar.add_argument("-q", "--query", help="extra filters in query syntax, e.g. 'mv<=3 -t:creature'")
    _add_result_options(similar)
    similar.set_defaults(run=cmd_similar)

