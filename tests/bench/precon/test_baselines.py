"""The no-key baselines on a real-shaped precon (the Golgari fixture deck, real cards of the bundled store):
both give full, valid episodes that the scorer accepts."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.bench.precon.baselines import random_legal, role_balance, run_baseline
from grimoire.bench.precon.scorer import card_facts, check_adds, check_cuts, deck_context
from grimoire.decks.analyze import COMMANDER_TARGETS
from grimoire.search.engine import SearchEngine
from grimoire.search.roles import card_roles
from tests.bench.precon.scorer_fixtures import deck_row


@pytest.fixture(scope="module")
def db():
    return grimoire.open()


@pytest.fixture(scope="module")
def deck(db):
    return deck_row(db)


@pytest.fixture(scope="module")
def engine(db):
    return SearchEngine(db)


def _assert_valid(episode, deck, db):
    facts = card_facts(db)
    context = deck_context(deck, facts)
    adds = check_adds(episode.adds, context, facts)
    cuts = check_cuts(episode.cuts, context)
    assert [c for c in adds if not c.valid] == []
    assert [c for c in cuts if not c.valid] == []
    assert len(episode.adds) == 20 and len(episode.cuts) == 20


def test_role_balance_gives_a_valid_episode(deck, db, engine):
    episode = role_balance(deck, engine, mode="bm25")
    assert episode.system == "role_balance" and episode.precon_id == "pc-golgari"
    _assert_valid(episode, deck, db)
    lands = {c["oracle_id"] for c in deck["cards"] if c["is_land"]}
    land_count = sum(c["qty"] for c in deck["cards"] if c["is_land"])
    if land_count <= COMMANDER_TARGETS["lands"][1]:
        assert not lands & set(episode.cuts)
    assert all(db.get(o).legality("commander") == "legal" for o in episode.adds)


def test_role_balance_respects_the_game_changer_limit(deck, db, engine):
    episode = role_balance(deck, engine, mode="bm25", game_changer_limit=0)
    assert not any(db.get(o).game_changer for o in episode.adds)


def _roles(db, oracle_id):
    card = db.get(oracle_id)
    return card_roles(card.name, card.type_line, card.oracle_text)


def test_role_balance_adds_the_role_the_deck_lacks_most_first(db, engine, deck):
    # with every removal spell dropped, removal is the largest deficit and leads the adds
    kept = [c for c in deck["cards"] if c["is_commander"] or "removal" not in _roles(db, c["oracle_id"])]
    episode = role_balance({**deck, "cards": kept}, engine, mode="bm25")
    assert "removal" in _roles(db, episode.adds[0])


def test_random_legal_is_valid_and_seeded(deck, db):
    episode = random_legal(deck, db, seed=3)
    _assert_valid(episode, deck, db)
    assert random_legal(deck, db, seed=3) == episode
    assert random_legal(deck, db, seed=4) != episode
    assert not set(deck["commander_oracle_ids"]) & set(episode.cuts)


def test_run_baseline_names_the_systems(deck, db):
    assert [e.system for e in run_baseline("random_legal", [deck, deck], db)] == ["random_legal"] * 2
    with pytest.raises(ValueError, match="unknown baseline"):
        run_baseline("oracle", [deck], db)
