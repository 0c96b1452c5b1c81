from __future__ import annotations

import json

from grimoire.decks import ParsedDeck, analyze_deck
from grimoire.decks.analyze import COMMANDER_TARGETS
from grimoire.decks.render import check_text, stats_text
from grimoire.decks.validate import validate_deck
from grimoire.search.query import parse


def test_commander_stats(read_deck):
    stats = analyze_deck(read_deck("golgari_commander.txt"))
    assert stats.format == "commander" and stats.card_count == 100
    assert stats.land_count == 37
    assert sum(stats.curve.values()) == 100 - 37  # every nonland card, the commander included
    assert stats.curve["7+"] == 1  # Woodfall Primus
    assert 2 < stats.average_mana_value < 3.5
    assert stats.color_identity == "BG" and set(stats.pips) == {"B", "G"}
    assert stats.sources["G"] >= 12 + 4 and stats.sources["B"] >= 12  # basics, duals, fetches, dorks
    assert stats.roles["ramp"] >= 10 and stats.roles["removal"] >= 8
    assert {t.role for t in stats.targets} == set(COMMANDER_TARGETS)
    assert all(t.status == "ok" and t.search is None for t in stats.targets)


def test_colours_asked_for_outside_the_commander_s_identity_are_shown_with_their_sources(db):
    """A deck of Atraxa holding Lightning Bolt had shown no red at all; Command Tower makes only Atraxa's colours."""
    from grimoire.decks import parse_decklist

    deck = parse_decklist("Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n1 Lightning Bolt\n1 Fireball\n"
                          "1 Command Tower\n1 Mountain\n", db)
    stats = analyze_deck(deck)
    assert stats.color_identity == "WUBG" and stats.pips["R"] == 2 and stats.sources["R"] == 1  # the Mountain
    assert stats.sources["G"] == 1  # Command Tower


def test_roles_come_from_the_store_s_tag_matrix_and_agree_with_each_card_s_text(read_deck, monkeypatch):
    """A deck read in a store takes its cards' roles from the store's cached tags (each card's rules had run
    again, about 2 ms a card, twice for a check: 46 s for a 10,000-line list), with the same answer."""
    import dataclasses

    from grimoire.search import roles

    deck = read_deck("golgari_commander.txt")
    by_text = analyze_deck(dataclasses.replace(deck, store=None))

    def no_rules(*args):
        raise AssertionError("a card's tag rules ran again")

    monkeypatch.setattr(roles, "card_strengths", no_rules)
    assert analyze_deck(deck) == by_text


def test_short_roles_get_a_search_that_parses(read_deck):
    deck = read_deck("golgari_commander.txt")
    without_lands = ParsedDeck(commanders=deck.commanders, main=[e for e in deck.main if "Land" not in e.card.types])
    stats = analyze_deck(without_lands)
    lands = next(t for t in stats.targets if t.role == "lands")
    assert lands.status == "short" and lands.search == "t:land id<=bg f:commander"
    few = ParsedDeck(commanders=deck.commanders, main=deck.main[:5])
    short = {t.role: t.search for t in analyze_deck(few).targets if t.status == "short"}
    assert short["removal"] == "role:removal id<=bg f:commander -t:land"
    for search in short.values():
        parse(search)


def test_constructed_stats_have_no_commander_targets(read_deck):
    stats = analyze_deck(read_deck("modern_burn.txt"))
    assert stats.format == "constructed" and stats.card_count == 60 and stats.land_count == 22
    assert stats.targets == [] and stats.color_identity == "WR"
    assert stats.curve["1"] == 16 and stats.curve["3"] == 8  # Rift Bolt and Skewer count their full cost
    assert stats.sources["R"] == 22 and stats.sources["W"] == 11  # fetch lands make what they find


def test_renderers_and_json(read_deck):
    deck = read_deck("broken_commander.txt")
    stats = analyze_deck(deck)
    text = stats_text(stats)
    assert "Mana curve" in text and "target 36-38" in text
    json.dumps(stats.to_dict())
    violations = validate_deck(deck, bracket=3)
    check = check_text(deck, violations, "commander")
    assert "error [banned] banned in commander" in check and "Mana Crypt" in check
    assert json.loads(json.dumps([v.to_dict() for v in violations]))[0]["severity"] == "error"
