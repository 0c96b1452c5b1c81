"""``grimoire data``: the card data in use: info, update, load, embed, reset.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
import json
import warnings
from pathlib import Path

from grimoire.cli._common import (
    EXIT_OK,
    _err,
    _open_db,
)


def cmd_data_info(args: argparse.Namespace) -> int:
    from grimoire.cards.home import RESET_FIX, StoreWarning, pointer_problem

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", StoreWarning)  # said below, in the report
        db = _open_db()
    problem = pointer_problem()
    manifest = db.manifest
    if args.json:
        print(json.dumps({**manifest, "path": str(db.directory), **({"problem": f"{problem}; {RESET_FIX}"}
                                                                      if problem else {})},
                         indent=1, ensure_ascii=False))
        return EXIT_OK
    if problem:
        print(f"Problem:   {problem}; the bundled snapshot is in use ({RESET_FIX})")
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

    _check_encoder(args.encoder)
    try:
        if args.source == "scryfall":
            db = update.update_scryfall(rulings=not args.no_rulings, min_cards=args.min_cards)
        else:
            db = update.update_mtgjson(min_cards=args.min_cards)
    except Exception as exc:  # noqa: BLE001 - any failure leaves the current store in place; say so
        return _err(f"update failed, the current store is unchanged: {exc}")
    print(f"Installed {len(db):,} cards from {db.manifest.get('source')} in {db.directory}")
    return _prepare(db, embeddings=not args.no_embed, encoder=args.encoder)


def _check_encoder(encoder: str | None) -> None:
    """An unknown ``GRIMOIRE_ENCODER`` stops the command before anything is downloaded or built (the CLI's
    ``main`` prints the :class:`EncoderError`); ``--encoder`` is checked by argparse."""
    from grimoire.search.embed import encoder_name

    if encoder != "all":
        encoder_name(encoder)


def _prepare(db, *, embeddings: bool, encoder: str | None) -> int:
    from grimoire.search.embed import ENCODERS
    from grimoire.search.prepare import prepare_store
    from grimoire.search.vectors import CardVectors

    encoders = ENCODERS if encoder == "all" else [encoder]
    try:
        stats = prepare_store(db, embeddings=embeddings, encoders=encoders)
    except Exception as exc:  # noqa: BLE001 - the store is installed; say what is left to do
        return _err(f"the cards are installed, but preparing search failed: {exc}. Run: grimoire data embed")
    for name, counts in stats.items():
        print(f"Embeddings ({name}): {counts['reused']:,} reused, {counts['encoded']:,} encoded")
    for name in (n for n in ENCODERS if stats and n not in stats):
        missing = CardVectors(db, name).missing  # this run left it alone: the store may hold it already
        if missing:
            print(f"{missing:,} of {len(db):,} cards have no {name} embedding (searches with --encoder {name} rank "
                  f"them by words only until: grimoire data embed --encoder {name})")
    return EXIT_OK


def cmd_data_embed(args: argparse.Namespace) -> int:
    _check_encoder(args.encoder)
    db = _open_db()
    code = _prepare(db, embeddings=True, encoder=args.encoder)
    if code == EXIT_OK and args.late:
        from grimoire.search.late import LateReranker

        encoded = LateReranker(db).fill()
        print(f"Late-interaction token vectors: {encoded:,} card texts encoded, every card cached (--mode late)")
    return code


def cmd_data_load(args: argparse.Namespace) -> int:
    from grimoire.cards import update
    from grimoire.hub import is_ref

    _check_encoder(args.encoder)
    hub_ref = is_ref(args.source)
    if hub_ref and (args.file is not None or args.rulings is not None):
        return _err("a hf: reference names its own card file: give no FILE or --rulings with it")
    if not hub_ref and args.file is None:
        return _err(f"data load {args.source} needs the FILE to read")
    try:
        if hub_ref:
            db = update.load_hub(args.source, min_cards=args.min_cards)
        else:
            db = update.load_file(args.source, args.file, rulings=args.rulings, min_cards=args.min_cards)
    except Exception as exc:  # noqa: BLE001 - any failure leaves the current store in place; say so
        return _err(f"load failed, the current store is unchanged: {exc}")
    print(f"Installed {len(db):,} cards from {args.file or db.manifest.get('source_detail')} in {db.directory}")
    if page := (db.manifest.get("field_notes") or {}).get("cards"):  # (one page of a Scryfall API answer)
        print(f"Note: {page}")
    return _prepare(db, embeddings=not args.no_embed, encoder=args.encoder)


def cmd_data_reset(args: argparse.Namespace) -> int:
    from grimoire.cards.home import grimoire_home, reset

    removed = reset()
    late = grimoire_home() / "late"
    kept = f" The late-interaction cache ({late}) is kept: delete that folder to free its space." \
        if late.is_dir() else ""
    # (it had said it removed stores from a folder that never existed)
    done = f"Removed built stores under {grimoire_home()}" if removed else \
        f"No built store under {grimoire_home()} to remove"
    print(f"{done}; the bundled snapshot is in use.{kept}")
    return EXIT_OK


def add_commands(commands) -> None:
    from grimoire.cards.home import MIN_FULL_STORE

    data = commands.add_parser("data", help="the card data in use: info, update, load, embed, reset")
    data_commands = data.add_subparsers(dest="data_command", required=True)
    info = data_commands.add_parser("info", help="which card data is loaded and what it lacks")
    info.add_argument("--json", action="store_true", help="print the store's manifest and path as JSON")
    info.set_defaults(run=cmd_data_info)
    upd = data_commands.add_parser("update", help="download current card data and switch to it")
    upd.add_argument("--source", choices=("scryfall", "mtgjson"), default="scryfall",
                     help="scryfall: bulk oracle cards and rulings (default); mtgjson: AtomicCards, sha256-checked")
    upd.add_argument("--no-rulings", action="store_true", help="skip Scryfall's rulings file")
    upd.add_argument("--min-cards", type=int, default=MIN_FULL_STORE,
                     help=f"refuse downloads with fewer cards (default {MIN_FULL_STORE})")
    upd.add_argument("--no-embed", action="store_true", help="skip computing card embeddings (grimoire data embed)")
    _add_embed_encoder(upd)
    upd.set_defaults(run=cmd_data_update)
    load = data_commands.add_parser("load", help="build the store from a local file, or from a Hub repository's "
                                    "card table")
    load.add_argument("source", help="scryfall, mtgjson or corpus (then FILE), or hf:owner/name[@revision][/path], "
                      "e.g. hf:kasper-cbx/mtg-search-index (pinned to scryfall-20261014090155)")
    load.add_argument("file", type=Path, nargs="?", help="the card file to read (not with a hf: reference)")
    load.add_argument("--rulings", type=Path, help="Scryfall rulings bulk file")
    load.add_argument("--min-cards", type=int, default=MIN_FULL_STORE,
                      help=f"refuse files with fewer cards (default {MIN_FULL_STORE})")
    load.add_argument("--no-embed", action="store_true", help="skip computing card embeddings (grimoire data embed)")
    _add_embed_encoder(load)
    load.set_defaults(run=cmd_data_load)
    embed = data_commands.add_parser("embed", help="index and embed the current store's cards (only new texts)")
    _add_embed_encoder(embed)
    embed.add_argument("--late", action="store_true",
                       help="also encode every card's MiniLM token vectors for --mode late (about 0.55 GB and 8 "
                            "minutes on 2 cores for the bundled snapshot; without it each late query encodes the "
                            "cards it reaches that are not cached yet)")
    embed.set_defaults(run=cmd_data_embed)
    rst = data_commands.add_parser("reset", help="delete every built store (from update or load) and go back to "
                                   "the bundled snapshot")
    rst.set_defaults(run=cmd_data_reset)


def _add_embed_encoder(parser: argparse.ArgumentParser) -> None:
    from grimoire.search.embed import DEFAULT_ENCODER, ENCODER_VARIABLE, ENCODERS

    parser.add_argument("--encoder", choices=(*ENCODERS, "all"), default=None,
                        help=f"which model embeds the cards: static (every card in seconds), minilm (about a second "
                             f"for every 20 texts the bundled snapshot lacks) or all (default: ${ENCODER_VARIABLE}, "
                             f"else {DEFAULT_ENCODER}: the one searches use)")
