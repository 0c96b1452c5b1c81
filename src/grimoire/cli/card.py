"""``grimoire card``: show one card by name.

Parses arguments, calls the library and prints; a corrected name is a note on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys

from grimoire.cli._common import EXIT_OK, OneNameHelp, _err, _open_db, _print_text, command_line_text


def cmd_card(args: argparse.Namespace) -> int:
    from grimoire.cards.names import CardNotFoundError
    from grimoire.render.cards import card_view, lookup_json
    from grimoire.search.engine import SearchEngine

    engine = SearchEngine(_open_db())
    try:
        found = engine.lookup(" ".join(args.name))
    except CardNotFoundError as exc:
        return _err(str(exc))
    if found.correction:
        print(f"note: {found.correction}", file=sys.stderr)
    roles = engine.roles_of(found.match.row)
    rulings = engine.db.rulings(found.card)
    if args.json:
        print(json.dumps(lookup_json(found, roles, rulings), indent=1, ensure_ascii=False))
    else:
        _print_text(card_view(found.card, roles, rulings))
    return EXIT_OK


def add_commands(commands) -> None:
    card = commands.add_parser("card", help="show one card by name (fuzzy)", formatter_class=OneNameHelp)
    card.add_argument("name", nargs="+", metavar="NAME", type=command_line_text,
                      help="the card's name, quoted or not: its words are joined into one name (grimoire card sol "
                           "ring); any case, a face's name, a nickname or a close misspelling")
    card.add_argument("--json", action="store_true", help="print the card record as JSON")
    card.set_defaults(run=cmd_card)
