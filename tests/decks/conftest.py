"""The bundled card snapshot and the decklists under tests/fixtures/decks/."""

from __future__ import annotations

from pathlib import Path

import pytest

import grimoire
from grimoire.cards.store import CardDB
from grimoire.decks import ParsedDeck, parse_decklist

DECKS = Path(__file__).parent.parent / "fixtures" / "decks"


@pytest.fixture(scope="session")
def db() -> CardDB:
    return grimoire.open()


@pytest.fixture(scope="session")
def read_deck(db):
    def read(name: str) -> ParsedDeck:
        return parse_decklist((DECKS / name).read_text(encoding="utf-8"), db)

    return read
