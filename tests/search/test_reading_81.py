"""Requests two players' reviews (a Commander and a Constructed player) found read poorly: a commander's short name
that Alchemy cards share, a colour count before a need, a partner asked for, lands counted, a legality question
and "cheaper" beside a card."""

from __future__ import annotations

import pytest

from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB
from grimoire.search.reading import Reader


@pytest.fixture(scope="module")
def reader() -> Reader:
    """The reader over the bundled snapshot: its commanders, Alchemy cards and all, are what a short name means."""
    return Reader(CardDB(bundled_store_dir()))


@pytest.mark.parametrize(("query", "identity"), [
    ("cards for my hamza deck", "id<=wg"),  # not Hamza, Might of the Yathan's black (Alchemy: not legal)
    ("ramp for my wilson deck", "id<=g"),  # six Alchemy Wilsons had made it all five colours
    ("ramp for my karlach deck", "id<=r"),
])
def test_a_short_commander_name_means_the_commanders_a_deck_can_have(reader, query, identity):
    reading = reader.read(query)
    assert identity in reading.syntax.split()
    assert not any("may be any of" in note for note in reading.notes)


@pytest.mark.parametrize(("query", "identity"), [
    ("five color ramp", "id<=wubrg"),  # a five-colour deck's ramp, as "ramp for five color" is
    ("5 color ramp", "id<=wubrg"),
    ("five color removal", "id<=wubrg"),
    ("5c card draw", "id<=wubrg"),
])
def test_a_five_colour_need_is_what_a_five_colour_deck_plays(reader, query, identity):
    assert reader.read(query).syntax.split()[0] == identity
    # the cards' own colours, commanders' and lands' stay as they were
    assert reader.read("five color cards").syntax == "c=5"
    assert reader.read("five color commanders").syntax == "is:commander id=wubrg"
    assert reader.read("five color lands").syntax == "produces:wubrg t:land"


@pytest.mark.parametrize("query", [
    "cards that care about the number of lands",
    "cards that care about how many lands i control",
    "cards that care about the number of lands in play",
])
def test_caring_about_the_number_of_lands_is_what_counts_them(reader, query):
    assert reader.read(query).syntax == "o:/(?:for each land|number of lands) you control/"
    assert reader.read("cards that care about lands").syntax == ""  # lands matter, landfall too: the words rank


@pytest.mark.parametrize(("query", "name"), [
    ("cheaper Path to Exile", "Path to Exile"),  # it read mv<1: Slaughter Pact, Black Tulip
    ("cheaper version of Lightning Bolt", "Lightning Bolt"),
])
def test_cheaper_than_a_one_mana_card_is_cards_like_it_at_no_more_mana(reader, query, name):
    reading = reader.read(query)
    assert reading.syntax == f'like:"{name}" mv<=1 -t:land'
    assert any(note.startswith("cheaper: the card data has no prices") for note in reading.notes)


def test_cheaper_than_a_dearer_card_still_costs_less_mana_and_says_so(reader):
    reading = reader.read("Rhystic Study but cheaper")
    assert reading.syntax == 'like:"Rhystic Study" mv<3 -t:land'
    assert "cheaper: the card data has no prices, so read as less mana than Rhystic Study (mv<3)" in reading.notes


def test_a_legality_question_with_a_short_name_finds_the_card_players_mean(reader):
    reading = reader.read("is oko banned in legacy")  # it read the words "is oko": every Oko but Thief of Crowns
    assert reading.card == "Oko, Thief of Crowns"


@pytest.mark.parametrize(("typed", "name"), [
    ("oko", "Oko, Thief of Crowns"),  # it listed Oko, the Trickster and Oko, the Ringleader first
    ("bop", "Birds of Paradise"),
    ("birds", "Birds of Paradise"),  # the one card whose name begins with the word
    ("tarmogoif", "Tarmogoyf"),  # one letter off: it scored 89, under the confident 90
])
def test_a_card_players_name_so_is_found(reader, typed, name):
    found = reader.db.names.match(typed)
    assert found.name == name and found.correction


@pytest.mark.parametrize(("typed", "others"), [
    ("sheoldred", ["Sheoldred, the Apocalypse", "Sheoldred, Whispering One"]),
    ("elesh norn", ["Elesh Norn, Grand Cenobite", "Elesh Norn, Mother of Machines"]),
])
def test_a_face_name_other_cards_begin_with_names_them_in_its_note(reader, typed, others):
    found = reader.db.names.match(typed)
    assert found.exact and all(other in found.correction for other in others)
    assert reader.db.names.match("Lightning Bolt").correction is None
