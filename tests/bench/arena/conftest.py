"""The arena tests' card store, decks and engine card data, built once per session."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.bench.arena.decks import card_data_for, load_deck
from grimoire.cards.rules import load_rulebook


@pytest.fixture(scope="session")
def arena_db():
    return grimoire.open()


@pytest.fixture(scope="session")
def arena_decks(arena_db):
    return {name: load_deck(name, arena_db) for name in ("burn", "delver", "dredge", "jeskai")}


@pytest.fixture(scope="session")
def arena_cards(arena_decks):
    return card_data_for(list(arena_decks.values()))


@pytest.fixture(scope="session")
def db(arena_db):
    return arena_db


@pytest.fixture(scope="session")
def decks(arena_decks):
    """Jeskai in seat 0 against Burn in seat 1: the prompt, tool and LLM-player tests' game."""
    return arena_decks["jeskai"], arena_decks["burn"]


@pytest.fixture(scope="session")
def rulebook():
    return load_rulebook()
