"""Decks: read decklists (text, MTGJSON files, Moxfield and Archidekt URLs), check them against a format's
rules, and count what they hold (curve, colours, lands, roles).

``read_deck(source, db)`` reads any of those sources and ``check_deck(deck, format)`` returns the one
deck-check record; the modules hold the parts: ``read``, ``parse``, ``fetch``, ``validate``, ``analyze``,
``check`` and ``render``.
"""

from __future__ import annotations

from grimoire.decks.analyze import DeckStats, analyze_deck
from grimoire.decks.check import DeckCheck, check_deck
from grimoire.decks.parse import Correction, DeckEntry, LineProblem, ParsedDeck, load_mtgjson_deck, parse_decklist
from grimoire.decks.read import DeckInputError, read_deck
from grimoire.decks.validate import Violation, validate_deck

__all__ = ["Correction", "DeckCheck", "DeckEntry", "DeckInputError", "DeckStats", "LineProblem", "ParsedDeck",
           "Violation", "analyze_deck", "check_deck", "load_mtgjson_deck", "parse_decklist",
           "read_deck", "validate_deck"]
