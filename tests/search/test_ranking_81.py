"""Rankings two reviews (a Commander player's, a Constructed player's) found wrong on the bundled snapshot: flash
creatures led by what gives other spells flash, a commander's text ranking "rocks", and cards no deck holds among
the cards like a real one."""

from __future__ import annotations

import pytest

from grimoire.search import ranking


@pytest.fixture(scope="module")
def snapshot_engine():
    import grimoire
    from grimoire.search.engine import SearchEngine

    return SearchEngine(grimoire.open())


def _cards(engine, query: str, count: int = 10) -> list:
    return [result.card for result in engine.search(query, limit=count).results]


def _top(engine, query: str, count: int = 10) -> list[str]:
    return [card.name for card in _cards(engine, query, count)]


def test_flash_creatures_lead_with_cards_that_only_have_flash(snapshot_engine):
    """Quick Sliver, Shimmer Myr and the two Teferis give other spells flash: the words naming flash twice had put
    them first, before the creatures that have it."""
    top = _cards(snapshot_engine, "flash creatures", 5)
    assert not {"Quick Sliver", "Shimmer Myr", "Teferi, Druid of Argoth", "Teferi, Mage of Zhalfir"} & \
        {card.name for card in top}
    assert not any(ranking.FLASH_GIVEN.search(card.oracle_text or "") for card in top)


def test_creatures_i_can_cast_at_instant_speed_have_flash(snapshot_engine):
    """The creatures asked for are cast at instant speed themselves (CR 702.8a): Tidal Barracuda and Rootwater
    Shaman, which let other spells be cast so, had come second and fourth."""
    top = _cards(snapshot_engine, "creatures i can cast at instant speed")
    assert not {"Tidal Barracuda", "Rootwater Shaman", "Mai and Zuko"} & {card.name for card in top}
    assert all("Flash" in card.keywords for card in top)


def test_what_gives_flash_is_still_asked_in_its_own_words(snapshot_engine):
    """"cards that let me play creatures at instant speed" asks for the permission itself."""
    assert not ranking.asks_own_flash("cards that let me play creatures at instant speed")
    assert ranking.asks_own_flash("creatures i can cast at instant speed")
    assert "Quick Sliver" in _top(snapshot_engine, "cards that let me play creatures at instant speed")


def test_rocks_for_a_commander_are_mana_rocks(snapshot_engine):
    """"rocks" is read as t:artifact; the Urzas' text (thopters, constructs) had ranked Simulacrum Synthesizer and
    Thopter Shop, as if the player had asked for nothing but artifacts."""
    top = _top(snapshot_engine, "rocks for my urza deck")
    assert top[0] == "Sol Ring"
    assert "Thopter Shop" not in top and "Simulacrum Synthesizer" not in top


def test_cards_like_a_real_card_leave_out_cards_no_deck_holds(snapshot_engine):
    """"cheaper Path to Exile" keeps mv<1: a Conspiracy (Sovereign's Realm) and the oversized Garruk the Slayer had
    filled the page, where real zero-mana cards can be shown."""
    top = _top(snapshot_engine, "cheaper Path to Exile")
    assert not {"Sovereign's Realm", "Garruk the Slayer"} & set(top)
    assert not {"Xenagos's Strike", "Torn Between Heads", "Garruk the Slayer"} & set(
        _top(snapshot_engine, "cheaper version of Lightning Bolt"))
