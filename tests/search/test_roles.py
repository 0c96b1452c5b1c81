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


def test_a_block_of_rows_gets_each_cards_roles_from_its_tags(db):
    """Roles for a page of results come from one product over the rows: a role is there exactly when one of its
    tags is, and a single row reads the same."""
    from grimoire.search.engine import SearchEngine
    from grimoire.search.roles import roles_of_row, roles_of_rows
    from grimoire.search.tags import tags_of_row

    strengths = SearchEngine(db).tag_strengths[::7]
    found = roles_of_rows(strengths)
    expected = [[role for role, tags in ROLE_TAGS.items() if set(tags) & set(tags_of_row(row))] for row in strengths]
    assert found == expected and sum(map(len, found)) > 1000
    assert roles_of_row(strengths[3]) == expected[3] and roles_of_rows(strengths[:0]) == []
