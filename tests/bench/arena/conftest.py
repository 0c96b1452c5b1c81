"""The arena tests' card store, decks and engine card data, built once per session."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.bench.arena.decks import card_data_for, load_deck


@pytest.fixture(scope="session")
def arena_db():
    return grimoire.open()


@pytest.fixture(scope="session")
def arena_decks(arena_db):
    return {name: load_deck(name, arena_db) for name in ("burn", "delver", "dredge", "jeskai")}


@pytest.fixture(scope="session")
def arena_cards(arena_decks):
    return card_data_for(list(arena_decks.values()))
