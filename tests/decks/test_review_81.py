"""Outside formats read as their sources write them, and decks refused for a reason that the answer names
(review 81)."""

from __future__ import annotations

import json

import pytest

from grimoire.decks.read import DeckInputError, read_deck


def _card(name: str, side: str | None = None, face_name: str | None = None) -> dict:
    """One card of an MTGJSON deck file, in the Card (Deck) model's shape (https://mtgjson.com/data-models/card/
    card-deck/): a card object is one face, with the card's whole ``name``, the face's ``faceName`` and ``side``
    ("a" the front, "b" the back) on cards of more than one face."""
    card = {"count": 1, "isFoil": False, "name": name, "setCode": "ISD", "uuid": f"uuid-{face_name or name}",
            "layout": "transform" if side else "normal", "identifiers": {}}
    if side:
        card.update(side=side, faceName=face_name)
    return card


def test_an_mtgjson_deck_counts_a_card_listed_by_both_faces_once(db):
    delver = "Delver of Secrets // Insectile Aberration"
    payload = {"data": {"name": "Spirits", "mainBoard": [
        _card("Island"), _card(delver, "a", "Delver of Secrets"), _card(delver, "b", "Insectile Aberration")]}}
    deck = read_deck(json.dumps(payload), db, files=False)
    assert [(e.quantity, e.card.name) for e in deck.main] == [(1, "Island"), (1, delver)]
    assert deck.notes == [f"mainBoard card 3 ({delver!r}) is the side 'b' face of a card listed with its front: "
                          "read once"]
    # a back face listed alone is the card's only entry, and is read
    alone = read_deck(json.dumps({"data": {"mainBoard": [_card(delver, "b", "Insectile Aberration")]}}), db,
                      files=False)
    assert [(e.quantity, e.card.name) for e in alone.main] == [(1, delver)]


# MTGO's .dek shape, as magefree/mage's DekDeckImporter reads it (<Deck> holding <Cards Quantity="1"
# Sideboard="false" Name="..." />), with a document type declaring entities put in front, as an attacker writes one
_XXE_DEK = ('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE Deck [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
            '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
            '  <Cards CatID="0" Quantity="1" Sideboard="false" Name="&xxe;" />\n</Deck>\n')
_LAUGHS_DEK = ('<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>\n'
               '<Deck>\n  <Cards CatID="0" Quantity="1" Sideboard="false" Name="&b;" />\n'
               '  <Cards CatID="0" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n</Deck>\n')


def test_a_dek_with_entities_says_they_are_not_read(db):
    with pytest.raises(DeckInputError) as caught:
        read_deck(_XXE_DEK, db, files=False)
    message = str(caught.value)
    assert message.startswith("no card found in the deck: 2 lines could not be read.\nline 2: ")
    assert "line 2: '<!DOCTYPE Deck [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>': the file declares a document " \
           "type with entities of its own: DTDs and entities are not read" in message
    assert "the name uses the entity &xxe;: DTDs and entities are not read in .dek and .cod files" in message
    deck = read_deck(_LAUGHS_DEK, db, files=False)  # the rest of the deck is read
    assert [(e.quantity, e.card.name) for e in deck.main] == [(4, "Lightning Bolt")]
    assert [p.line_number for p in deck.problems] == [2, 4]


@pytest.mark.parametrize(("deck", "written", "reason"), [
    # Moxfield's v3 deck answer, as lheyberger/mtg-parser's tests/mocks/mock_moxfield_* captured it: boards by name,
    # each card under an id with its quantity and the card's name
    ({"boards": {"mainboard": {"count": 1, "cards": {"a1": {"quantity": -5, "card": {"name": "Sol Ring"}}}}}},
     "mainboard: -5 Sol Ring", "quantity -5 is out of range"),
    ({"data": {"mainBoard": [{"name": "Sol Ring", "count": "many"}]}}, "mainBoard: 'many' Sol Ring",
     "count should be a whole number from 1 to 999"),
])
def test_a_json_deck_whose_every_card_is_refused_names_the_entry_and_the_reason_first(db, deck, written, reason):
    with pytest.raises(DeckInputError) as caught:
        read_deck(json.dumps(deck), db, files=False)
    first, entry = str(caught.value).split("\n")[:2]
    assert first == "no card found in the deck: 1 line could not be read."
    assert entry.startswith(f"line 1: {written!r}: ") and reason in entry


def test_counts_written_as_words_and_a_count_without_a_name(db):
    deck = read_deck("4 Lightning Bolt\nfour Counterspell\nOne with Nothing\n4x\n", db, files=False)
    assert [(e.quantity, e.card.name) for e in deck.main] == [
        (4, "Lightning Bolt"), (4, "Counterspell"), (1, "One with Nothing")]
    assert deck.notes == ["line 2: the count 'four' is written as a word: read as 4"]
    assert not deck.corrections
    assert [(p.line_number, p.reason) for p in deck.problems] == [
        (4, "a count with no card name: write the card after it, as '4 Lightning Bolt'")]
