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
