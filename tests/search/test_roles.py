"""Role rules on real cards' rules text (from the bundled snapshot)."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.search.roles import ROLE_TAGS, card_roles


@pytest.fixture(scope="module")
def db():
    return grimoire.open()


@pytest.mark.parametrize(("name", "present", "absent"), [
    ("Sol Ring", {"ramp", "manarock"}, {"manadork"}),
    ("Llanowar Elves", {"ramp", "manadork"}, {"manarock"}),
    ("Cultivate", {"ramp"}, {"tutor"}),
    ("Evolving Wilds", set(), {"ramp"}),
    ("Smothering Tithe", {"ramp", "tokens"}, set()),
    ("Rhystic Study", {"draw"}, set()),
    ("Demonic Tutor", {"tutor"}, {"draw"}),
    ("Swords to Plowshares", {"removal"}, {"boardwipe"}),
    ("Cyclonic Rift", {"removal"}, set()),
    ("Wrath of God", {"boardwipe"}, {"removal"}),
    ("Blasphemous Act", {"boardwipe"}, set()),
    ("Counterspell", {"counterspell"}, set()),
    ("Ashnod's Altar", {"sacoutlet"}, set()),
    ("Eternal Witness", {"recursion"}, set()),
    ("Reanimate", {"recursion"}, set()),
    ("Heroic Intervention", {"protection"}, set()),
    ("Lightning Greaves", {"protection"}, set()),
    ("Swiftfoot Boots", {"protection"}, set()),
    ("Lightning Bolt", {"removal", "burn"}, set()),
    ("Time Warp", {"extraturn"}, set()),
    ("Rest in Peace", {"graveyardhate"}, set()),
    ("Glorious Anthem", {"anthem"}, set()),
    ("Grizzly Bears", set(), set(ROLE_TAGS)),
])
def test_roles_of_known_cards(db, name, present, absent):
    card = db.named(name)
    roles = set(card_roles(card.name, card.type_line, card.oracle_text))
    assert present <= roles, roles
    assert not (absent & roles), roles


def test_reminder_text_does_not_give_roles():
    assert card_roles("Test", "Creature — Test", "Flying (This creature can't be blocked except by creatures with "
                                                  "flying or reach.)") == []
