"""``grimoire card``: show one card by name.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from grimoire.cli._common import (
    EXIT_OK,
    _err,
    _open_db,
)


def cmd_card(args: argparse.Namespace) -> int:
    from grimoire.cards.names import CardNotFoundError
    from grimoire.cards.render import card_text

    db = _open_db()
    try:
        card = db.named(" ".join(args.name))
    except CardNotFoundError as exc:
        return _err(str(exc))
    rulings = db.rulings(card)
    if args.json:
        payload = asdict(card)
        payload["rulings"] = None if rulings is None else [asdict(r) for r in rulings]
        print(json.dumps(payload, indent=1, ensure_ascii=False))
    else:
        print(card_text(card, rulings))
    return EXIT_OK


def add_commands(commands) -> None:
    card = commands.add_parser("card", help="show one card by name (fuzzy)")
    card.add_argument("name", nargs="+")
    card.add_argument("--json", action="store_true", help="print the card record as JSON")
    card.set_defaults(run=cmd_card)
