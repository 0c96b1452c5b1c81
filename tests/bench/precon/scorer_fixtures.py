"""Small hand-built precon data for the scorer, baseline and report tests: a Golgari deck context, card facts and
label rows whose gains are easy to compute by hand."""

from __future__ import annotations

from pathlib import Path

from grimoire.bench.precon.scorer import CardFacts, DeckContext
from grimoire.cards.store import CardDB
from grimoire.decks import parse_decklist

FIXTURE_DECK = Path(__file__).parents[2] / "fixtures" / "decks" / "golgari_commander.txt"

FACTS = {
    "cmdr": CardFacts("cmdr", "Commander", "BG", "legal", False),
    "deck1": CardFacts("deck1", "Deck One", "G", "legal", False),
    "deck2": CardFacts("deck2", "Deck Two", "B", "legal", False),
    "deck_gc": CardFacts("deck_gc", "Deck Game Changer", "B", "legal", True),
    "green": CardFacts("green", "Green Card", "G", "legal", False),
    "black": CardFacts("black", "Black Card", "B", "legal", False),
    "blue": CardFacts("blue", "Blue Card", "U", "legal", False),
    "banned": CardFacts("banned", "Banned Card", "G", "banned", False),
    "notlegal": CardFacts("notlegal", "Not Legal Card", "", "not_legal", False),
    "unknown_legality": CardFacts("unknown_legality", "Unknown Legality", "G", None, False),
    "gc1": CardFacts("gc1", "Game Changer 1", "G", "legal", True),
    "gc2": CardFacts("gc2", "Game Changer 2", "B", "legal", True),
    "gc3": CardFacts("gc3", "Game Changer 3", "", "legal", True),
}


def facts(oracle_id: str) -> CardFacts | None:
    return FACTS.get(oracle_id)


DECK = DeckContext("pc-1", "BG", frozenset({"cmdr", "deck1", "deck2", "deck_gc"}), frozenset({"cmdr"}), 1)


def label(oracle_id: str, kind: str, rate: float, synergy: float = 0.1, precon_id: str = "pc-1", **extra) -> dict:
    return {"precon_id": precon_id, "oracle_id": oracle_id, "name": oracle_id, "kind": kind, "rate": rate,
            "synergy": synergy, "headline": kind in ("cut", "add"), **extra}


def deck_row(db: CardDB, precon_id: str = "pc-golgari") -> dict:
    """The Golgari fixture deck as a ``decks`` row built from the bundled store's real cards."""
    parsed = parse_decklist(FIXTURE_DECK.read_text(encoding="utf-8"), db)
    cards = [{"oracle_id": e.card.oracle_id, "name": e.card.name, "qty": e.quantity, "is_land": "Land" in e.card.types,
              "is_basic": "Basic" in e.card.supertypes, "is_commander": commander}
             for commander, entries in ((True, parsed.commanders), (False, parsed.main)) for e in entries]
    return {"precon_id": precon_id, "commander_oracle_ids": [e.card.oracle_id for e in parsed.commanders],
            "commander_names": [e.card.name for e in parsed.commanders], "color_identity": ["B", "G"],
            "cards": cards, "n_cards": sum(c["qty"] for c in cards)}
