"""``grimoire deck``: check a decklist against a format, or show its statistics.

Parses arguments, calls the library and prints.
"""

from __future__ import annotations

import argparse
import json
import sys

from grimoire.cli._common import (
    EXIT_ERROR,
    EXIT_OK,
    _err,
    _open_db,
)


def _load_deck(source: str):
    """The deck named on the command line (``-`` reads a decklist from standard input), or an error message."""
    from grimoire.decks import load_deck, parse_decklist
    from grimoire.decks.fetch import DeckFetchError

    db = _open_db()
    try:
        if source == "-":
            return parse_decklist(sys.stdin.read(), db), None
        return load_deck(source, db), None
    except (DeckFetchError, OSError, ValueError) as exc:
        return None, str(exc)


def _print_problems(deck) -> None:
    from grimoire.decks.render import problems_text

    if deck.problems:
        print(f"{len(deck.problems)} line(s) could not be read:\n{problems_text(deck)}", file=sys.stderr)


def cmd_deck_check(args: argparse.Namespace) -> int:
    from grimoire.decks import validate_deck
    from grimoire.decks.render import check_text

    deck, error = _load_deck(args.file)
    if deck is None:
        return _err(error)
    try:
        violations = validate_deck(deck, args.format, args.bracket)
    except ValueError as exc:
        return _err(str(exc))
    if args.json:
        print(json.dumps({"format": args.format, "bracket": args.bracket, "legal": not any(
            v.is_error for v in violations), "violations": [v.to_dict() for v in violations],
            "deck": deck.to_dict()}, indent=1, ensure_ascii=False))
    else:
        _print_problems(deck)
        print(check_text(deck, violations, args.format))
    return EXIT_ERROR if any(v.is_error for v in violations) else EXIT_OK


def cmd_deck_stats(args: argparse.Namespace) -> int:
    from grimoire.decks import analyze_deck
    from grimoire.decks.render import deck_summary, stats_text

    deck, error = _load_deck(args.file)
    if deck is None:
        return _err(error)
    stats = analyze_deck(deck, args.format)
    if args.json:
        print(json.dumps({"stats": stats.to_dict(), "problems": [p.to_dict() for p in deck.problems]},
                         indent=1, ensure_ascii=False))
    else:
        _print_problems(deck)
        print(deck_summary(deck))
        print(stats_text(stats))
    return EXIT_OK


def add_commands(commands) -> None:
    from grimoire.decks.validate import FORMATS as DECK_FORMATS

    deck = commands.add_parser("deck", help="check a decklist against a format, or show its statistics")
    deck_commands = deck.add_subparsers(dest="deck_command", required=True)
    deck_source = "decklist file (Arena, MTGO, Moxfield or plain text; - for stdin), MTGJSON deck .json, " \
                  "or a Moxfield/Archidekt deck URL"
    check = deck_commands.add_parser("check", help="deck legality: size, copies, commanders, identity, bans",
                                     description="Exits 1 when the deck breaks a rule of the format.")
    check.add_argument("file", help=deck_source)
    check.add_argument("--format", "-f", default="commander", choices=DECK_FORMATS)
    check.add_argument("--bracket", type=int, choices=range(1, 6), help="Commander bracket: limits Game Changers")
    check.add_argument("--json", action="store_true")
    check.set_defaults(run=cmd_deck_check)
    stats = deck_commands.add_parser("stats", help="mana curve, colours, lands and roles against common targets")
    stats.add_argument("file", help=deck_source)
    stats.add_argument("--format", "-f", help="commander compares with deck-building targets (default: commander "
                       "when the list names one)")
    stats.add_argument("--json", action="store_true")
    stats.set_defaults(run=cmd_deck_stats)
