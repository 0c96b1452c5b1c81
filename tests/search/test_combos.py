"""Combo partners read from a card's own text: the needs found, the reading, and the partners ranked first."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB
from grimoire.search.combos import combo_needs, partner_query
from grimoire.search.engine import SearchEngine
from grimoire.search.reading import Reader


@pytest.fixture(scope="module")
def db() -> CardDB:
    return CardDB(bundled_store_dir())


@pytest.fixture(scope="module")
def engine() -> SearchEngine:
    return SearchEngine(grimoire.open(bundled_store_dir()))


def needs_of(db: CardDB, name: str) -> list[str]:
    card = db.named(name)
    return [need.needs for need in combo_needs(card.name, card.oracle_text)]


def test_needs_are_read_from_the_cards_own_text(db):
    assert needs_of(db, "Thassa's Oracle") == ["its library emptied"]
    assert needs_of(db, "Laboratory Maniac") == ["its library emptied"]
    assert needs_of(db, "Kiki-Jiki, Mirror Breaker")[0] == "its copy untapped again"
    assert needs_of(db, "Sanguine Bond") == ["life gained"]
    assert needs_of(db, "Ashnod's Altar") == ["creatures to sacrifice"]
    assert needs_of(db, "Blood Artist") == ["creatures dying"]
    assert needs_of(db, "Grizzly Bears") == []
    assert needs_of(db, "Lightning Bolt") == []


def test_a_creature_copier_needs_creature_partners(db):
    card = db.named("Kiki-Jiki, Mirror Breaker")
    wording, syntax, _ = partner_query(combo_needs(card.name, card.oracle_text))
    assert syntax == "t:creature" and "untap target permanent" in wording


@pytest.mark.parametrize("query", ["infinite combo with Thassa's Oracle", "combos with Thassa's Oracle",
                                   "combo pieces for Thassa's Oracle", "Thassa's Oracle combos",
                                   "cards that combo with Thassa's Oracle"])
def test_a_name_in_a_combo_request_is_read_as_combo(db, query):
    reading = Reader(db).read(query)
    assert reading.combo == "Thassa's Oracle" and reading.like is None
    assert reading.line() == 'read as: combo:"Thassa\'s Oracle"'


def test_cards_like_a_name_is_still_similar_not_combo(db):
    reading = Reader(db).read("cards like Thassa's Oracle")
    assert reading.combo is None and reading.like == "Thassa's Oracle"


def _names(page) -> list[str]:
    return [r.card.name for r in page.results]


def test_thassas_oracle_partners_empty_the_library(engine):
    page = engine.search("infinite combo with Thassa's Oracle", limit=10)
    names = _names(page)
    assert "Demonic Consultation" in names and "Thassa's Oracle" not in names
    assert "Master of Waves" not in names  # a card like the Oracle, not a partner
    assert any("its library emptied" in note and "no combo list" in note for note in page.notes)


def test_kiki_jiki_partners_are_creatures_that_untap(engine):
    page = engine.search("combos with Kiki-Jiki", limit=10)
    assert all("Creature" in r.card.types for r in page.results)
    assert {"Deceiver Exarch", "Pestermite"} & set(_names(page))


def test_sanguine_bond_finds_exquisite_blood(engine):
    assert "Exquisite Blood" in _names(engine.search("infinite combo with Sanguine Bond", limit=10))


def test_a_card_whose_text_needs_nothing_gets_no_partners_and_says_so(engine):
    page = engine.search("infinite combo with Grizzly Bears", limit=10)
    assert page.results == [] and any("nothing in Grizzly Bears's text" in note for note in page.notes)


def test_isochron_scepter_and_dramatic_reversal_find_each_other_s_halves(engine, db):
    """The best-known infinite mana: Scepter's partners are cheap instants, those that untap first (it had ranked
    look-alikes: Panoptic Mirror, Spellbinder); Reversal's are mana rocks. "X infinite mana" asks for X's combo."""
    assert needs_of(db, "Isochron Scepter") == ["an instant to copy each turn"]
    scepter = engine.search("isochron scepter combos", limit=5)
    assert "Dramatic Reversal" in _names(scepter)
    assert all("Instant" in r.card.types and r.card.mana_value <= 2 for r in scepter.results)
    assert Reader(db).read("dramatic reversal infinite mana").combo == "Dramatic Reversal"
    reversal = engine.search("dramatic reversal infinite mana", limit=10)
    assert "Sol Ring" in _names(reversal) and "Fireball" not in _names(reversal)


@pytest.mark.parametrize(("request_text", "first", "also"), [
    # what supplies the need outright comes first (Isochron Scepter had been 33rd behind mana rocks, Zealous
    # Conscripts past the top 10 behind Captain of the Mists, Tainted Pact 37th, Walking Ballista past 500th)
    ("infinite mana combos with dramatic reversal", ["Isochron Scepter"], set()),
    ("infinite combo with Kiki-Jiki", ["Deceiver Exarch", "Pestermite"], {"Zealous Conscripts", "Felidar Guardian"}),
    ("combo with Splinter Twin", ["Deceiver Exarch", "Pestermite"], {"Zealous Conscripts"}),
    ("combo pieces for Heliod, Sun-Crowned", [], {"Walking Ballista", "Spike Feeder"}),
    ("cards that combo with Devoted Druid", ["Vizier of Remedies"], set()),
    ("infinite combo with Thassa's Oracle", [], {"Tainted Pact", "Demonic Consultation"}),
])
def test_partners_that_supply_the_need_outright_come_first(engine, request_text, first, also):
    names = _names(engine.search(request_text, limit=10))
    assert names[:len(first)] == first and also <= set(names), names


def test_infinite_mana_combos_are_untappers_not_mana_sinks(engine):
    """"infinite mana combos" asks for what goes infinite (it had listed X spells, what spends it); "infinite mana
    outlets" still asks for the sinks."""
    makers = _names(engine.search("infinite mana combos", limit=5))
    assert "Dramatic Reversal" in makers and not {"Fireball", "Bond of Agony"} & set(makers)
    assert "Bond of Agony" in _names(engine.search("infinite mana outlets", limit=5))
