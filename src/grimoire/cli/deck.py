"""``grimoire deck``: check a decklist against a format, or show its statistics.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
import json
import sys

from grimoire.cards.model import format_named
from grimoire.cli._common import EXIT_ERROR, EXIT_OK, _err, _open_db, _print_text


def _read(source: str):
    """The deck named on the command line (``-`` reads standard input), or ``None`` after printing why not (the
    message lists the unreadable lines itself)."""
    from grimoire.decks.read import DeckInputError, read_deck

    try:
        return read_deck(source, _open_db())
    except DeckInputError as exc:
        _err(str(exc))
        return None


def _print_line_notes(deck, corrections) -> None:
    from grimoire.render.decks import line_notes

    notes = line_notes(deck, corrections)
    if notes:
        print(notes, file=sys.stderr)


def cmd_deck_check(args: argparse.Namespace) -> int:
    from grimoire.decks.check import check_deck
    from grimoire.render.decks import deck_check_text

    deck = _read(args.file)
    if deck is None:
        return EXIT_ERROR
    try:
        check = check_deck(deck, args.format, args.bracket)
    except ValueError as exc:
        return _err(str(exc))
    _print_line_notes(deck, check.corrections)
    if args.json:
        print(json.dumps(check.to_dict(), indent=1, ensure_ascii=False))
    else:
        _print_text(deck_check_text(check))
    return EXIT_OK if check.legal else EXIT_ERROR


def cmd_deck_stats(args: argparse.Namespace) -> int:
    from grimoire.decks import analyze_deck
    from grimoire.render.decks import deck_stats_text

    deck = _read(args.file)
    if deck is None:
        return EXIT_ERROR
    try:
        stats = analyze_deck(deck, args.format)
    except ValueError as exc:
        return _err(str(exc))
    corrections = deck.corrections
    _print_line_notes(deck, corrections)
    if args.json:
        print(json.dumps({"stats": stats.to_dict(), "problems": [p.to_dict() for p in deck.problems],
                          "corrections": [c.to_dict() for c in corrections]}, indent=1, ensure_ascii=False))
    else:
        _print_text(deck_stats_text(deck, stats))
    return EXIT_OK


def add_commands(commands) -> None:
    from grimoire.decks.validate import FORMATS as DECK_FORMATS

    deck = commands.add_parser("deck", help="check a decklist against a format, or show its statistics")
    deck_commands = deck.add_subparsers(dest="deck_command", required=True)
    deck_source = "decklist file (Arena, MTGO, Moxfield, Archidekt, TappedOut or plain text; - for stdin), MTGO " \
                  ".dek, Cockatrice .cod, Forge or XMage .dck, MTGJSON deck .json, a Moxfield/Archidekt answer " \
                  "saved as .json, or a Moxfield/Archidekt deck URL (docs/decks.md)"
    check = deck_commands.add_parser("check", help="deck legality: size, copies, commanders, identity, bans",
                                     description="Exits 1 when the deck breaks a rule of the format.")
    check.add_argument("file", help=deck_source)
    check.add_argument("--format", "-f", choices=DECK_FORMATS, type=format_named,
                       help="the format (Scryfall's shorthand works: edh, c, m, l...); default: the format a "
                       "Moxfield or Archidekt deck declares, else commander")
    check.add_argument("--bracket", type=int, choices=range(1, 6), help="Commander bracket: limits Game Changers")
    check.add_argument("--json", action="store_true", help="print the deck-check record as JSON")
    check.set_defaults(run=cmd_deck_check)
    stats = deck_commands.add_parser("stats", help="mana curve, colours, lands and roles against common targets")
    stats.add_argument("file", help=deck_source)
    stats.add_argument("--format", "-f", help="commander compares with deck-building targets (default: commander "
                       "when the list names one)")
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")
    stats.set_defaults(run=cmd_deck_stats)
