"""Decks: read decklists (text, MTGJSON files, Moxfield and Archidekt URLs), check them against a format's
rules, and count what they hold (curve, colours, lands, roles).

``load_deck(source, db)`` reads any of those sources; the modules hold the parts: ``parse``, ``fetch``,
``validate``, ``analyze`` and ``render``.
"""

from __future__ import annotations

from pathlib import Path

from grimoire.cards.store import CardDB
from grimoire.decks.analyze import DeckStats, analyze_deck
from grimoire.decks.parse import DeckEntry, LineProblem, ParsedDeck, load_mtgjson_deck, parse_decklist
from grimoire.decks.validate import Violation, validate_deck

__all__ = ["DeckEntry", "DeckStats", "LineProblem", "ParsedDeck", "Violation", "analyze_deck", "load_deck",
           "load_mtgjson_deck", "parse_decklist", "validate_deck"]


def load_deck(source: str | Path, db: CardDB) -> ParsedDeck:
    """A deck from a Moxfield/Archidekt URL, an MTGJSON deck ``.json`` file, or a decklist text file.

    Raises :class:`~grimoire.decks.fetch.DeckFetchError` for URLs that cannot be read, ``OSError`` for
    unreadable files and ``ValueError`` for a ``.json`` file that is not an MTGJSON deck.
    """
    from grimoire.decks.fetch import fetch_deck, is_deck_url

    if isinstance(source, str) and is_deck_url(source):
        return fetch_deck(source, db)
    path = Path(source)
    if path.suffix.lower() == ".json":
        return load_mtgjson_deck(path, db)
    return parse_decklist(path.read_text(encoding="utf-8-sig"), db)
