"""The ``grimoire`` command: parse arguments, call the library, print.

Subcommands: ``card``, ``search``, ``data info|update|load|reset``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from pathlib import Path

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


def _err(message: str) -> int:
    print(f"grimoire: {message}", file=sys.stderr)
    return EXIT_ERROR


def _open_db():
    import grimoire

    return grimoire.open()


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


def cmd_search(args: argparse.Namespace) -> int:
    from grimoire.cards.render import card_line
    from grimoire.search.text import QueryError, search_text

    db = _open_db()
    query = " ".join(args.query)
    try:
        rows = search_text(db, query, limit=args.limit)
    except QueryError as exc:
        print(f"grimoire: bad query: {exc}\n  {query}\n  {' ' * exc.position}^", file=sys.stderr)
        return EXIT_ERROR
    cards = [db.card_at(row) for row in rows]
    if args.json:
        print(json.dumps([{"oracle_id": c.oracle_id, "name": c.name, "mana_cost": c.mana_cost,
                           "type_line": c.type_line} for c in cards], indent=1, ensure_ascii=False))
    elif not cards:
        print(f"No cards match {query!r}.")
    else:
        print("\n".join(card_line(c) for c in cards))
    return EXIT_OK


def cmd_data_info(args: argparse.Namespace) -> int:
    db = _open_db()
    manifest = db.manifest
    if args.json:
        print(json.dumps({**manifest, "path": str(db.directory)}, indent=1, ensure_ascii=False))
        return EXIT_OK
    print(f"Store:     {db.directory}")
    print(f"Source:    {manifest.get('source')} ({manifest.get('source_detail', '')})")
    print(f"Data date: {manifest.get('data_date') or 'unknown'}   built {manifest.get('built_at')}")
    print(f"Cards:     {manifest.get('card_count'):,}   rulings: {manifest.get('ruling_count', 0):,}")
    if manifest.get("dropped"):
        print("Left out:  " + ", ".join(f"{reason} {count}" for reason, count in manifest["dropped"].items()))
    notes = manifest.get("field_notes") or {}
    if notes:
        print("What this data lacks or derives:")
        for field, note in notes.items():
            print(f"  {field}: {note}")
    return EXIT_OK


def cmd_data_update(args: argparse.Namespace) -> int:
    from grimoire.cards import update

    try:
        if args.source == "scryfall":
            db = update.update_scryfall(rulings=not args.no_rulings, min_cards=args.min_cards)
        else:
            db = update.update_mtgjson(min_cards=args.min_cards)
    except Exception as exc:  # noqa: BLE001 - any failure leaves the current store in place; say so
        return _err(f"update failed, the current store is unchanged: {exc}")
    print(f"Installed {len(db):,} cards from {db.manifest.get('source')} in {db.directory}")
    return EXIT_OK


def cmd_data_load(args: argparse.Namespace) -> int:
    from grimoire.cards import update

    try:
        db = update.load_file(args.source, args.file, rulings=args.rulings, min_cards=args.min_cards)
    except Exception as exc:  # noqa: BLE001 - any failure leaves the current store in place; say so
        return _err(f"load failed, the current store is unchanged: {exc}")
    print(f"Installed {len(db):,} cards from {args.file} in {db.directory}")
    return EXIT_OK


def cmd_data_reset(args: argparse.Namespace) -> int:
    from grimoire.cards.home import grimoire_home, reset

    reset()
    print(f"Removed built stores under {grimoire_home()}; the bundled snapshot is in use.")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    from grimoire import __version__
    from grimoire.cards.home import MIN_FULL_STORE

    parser = argparse.ArgumentParser(prog="grimoire", description="Magic: The Gathering card search, offline.")
    parser.add_argument("--version", action="version", version=f"grimoire {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    card = commands.add_parser("card", help="show one card by name (fuzzy)")
    card.add_argument("name", nargs="+")
    card.add_argument("--json", action="store_true", help="print the card record as JSON")
    card.set_defaults(run=cmd_card)

    search = commands.add_parser("search", help="find cards by words in their name, type or rules text")
    search.add_argument("query", nargs="+")
    search.add_argument("-n", "--limit", type=int, default=20)
    search.add_argument("--json", action="store_true")
    search.set_defaults(run=cmd_search)

    data = commands.add_parser("data", help="the card data in use: info, update, load, reset")
    data_commands = data.add_subparsers(dest="data_command", required=True)
    info = data_commands.add_parser("info", help="which card data is loaded and what it lacks")
    info.add_argument("--json", action="store_true")
    info.set_defaults(run=cmd_data_info)
    upd = data_commands.add_parser("update", help="download current card data and switch to it")
    upd.add_argument("--source", choices=("scryfall", "mtgjson"), default="scryfall")
    upd.add_argument("--no-rulings", action="store_true", help="skip Scryfall's rulings file")
    upd.add_argument("--min-cards", type=int, default=MIN_FULL_STORE,
                     help=f"refuse downloads with fewer cards (default {MIN_FULL_STORE})")
    upd.set_defaults(run=cmd_data_update)
    load = data_commands.add_parser("load", help="build the store from a local file")
    load.add_argument("source", choices=("scryfall", "mtgjson", "corpus"))
    load.add_argument("file", type=Path)
    load.add_argument("--rulings", type=Path, help="Scryfall rulings bulk file")
    load.add_argument("--min-cards", type=int, default=MIN_FULL_STORE,
                      help=f"refuse files with fewer cards (default {MIN_FULL_STORE})")
    load.set_defaults(run=cmd_data_load)
    rst = data_commands.add_parser("reset", help="go back to the bundled snapshot")
    rst.set_defaults(run=cmd_data_reset)
    return parser


def main(argv: list[str] | None = None) -> int:
    from grimoire.cards.store import StoreError

    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except StoreError as exc:
        return _err(str(exc))


if __name__ == "__main__":
    sys.exit(main())
