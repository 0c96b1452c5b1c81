"""``read_deck``: one reader for a path, ``-``, pasted text, MTGJSON JSON and a deck URL, with clear refusals."""

from __future__ import annotations

import io
import json

import pytest

from grimoire.decks import read as deck_reader
from grimoire.decks.check import check_deck
from grimoire.decks.read import DeckInputError
from tests.decks.conftest import DECKS

# MTGJSON's Deck file (https://mtgjson.com/data-models/deck/): {"data": {"name", "commander", "mainBoard", ...}}
MTGJSON_DECK = {"meta": {"version": "5.2.2"}, "data": {
    "name": "Elves", "commander": [], "sideBoard": [],
    "mainBoard": [{"name": "Llanowar Elves", "count": 4, "identifiers": {}}, {"name": "Forest", "count": 20}]}}


def test_a_path_a_json_file_stdin_and_pasted_text_read_the_same_deck(db, tmp_path):
    text = (DECKS / "golgari_commander.txt").read_text(encoding="utf-8")
    from_path = deck_reader.read_deck(DECKS / "golgari_commander.txt", db)
    from_stdin = deck_reader.read_deck("-", db, stdin=io.StringIO(text))
    pasted = deck_reader.read_deck(text, db, files=False)
    assert from_path.to_dict() == from_stdin.to_dict() == pasted.to_dict() and from_path.count() == 100
    json_file = tmp_path / "elves.json"
    json_file.write_text(json.dumps(MTGJSON_DECK), encoding="utf-8")
    from_file = deck_reader.read_deck(str(json_file), db)
    from_text = deck_reader.read_deck(json.dumps(MTGJSON_DECK), db, files=False)
    assert from_file.to_dict() == from_text.to_dict() and from_file.name == "Elves" and from_file.count() == 24


@pytest.mark.parametrize(("source", "expected"), [
    ("", "the deck is empty"),
    ("   \n  ", "the deck is empty"),
    ("{not json", "looks like JSON but does not parse"),
    ('{"data": {"mainBoard": {"name": "Sol Ring"}}}', "mainBoard should be a list"),
    ('{"data": {"mainBoard": [{"name": "Sol Ring", "count": "4"}]}}', "count should be a whole number"),
    ('{"cards": []}', "expected an MTGJSON deck file"),
    ("hello world\nnot a card", "no card found in the deck"),
    ('{"a":' + "[" * 1000 + "]" * 1000 + "}", "nests more than 64 deep"),  # RecursionError: an HTTP 500
    ('{"a":' + "[" * 65 + "]" * 65 + "}", "nests more than 64 deep"),  # whatever the recursion limit
    ("https://moxfield.com/decks/" + "a" * 70000, "too long"),  # httpx's InvalidURL: a traceback
    ("Maybeboard\n1 Forest\n1 Sol Ring", "The 2 lines under a Maybeboard"),  # it listed no line, said nothing
])
def test_unreadable_decks_say_what_was_wrong(db, source: str, expected: str):
    with pytest.raises(DeckInputError, match=expected):
        deck_reader.read_deck(source, db, files=False)


def test_a_server_never_reads_a_path_but_the_cli_says_a_missing_file_is_missing(db, tmp_path):
    with pytest.raises(DeckInputError, match="no card found") as caught:
        deck_reader.read_deck(str(DECKS / "golgari_commander.txt"), db, files=False)
    assert caught.value.problems[0]["line_number"] == 1
    with pytest.raises(DeckInputError, match="no deck file at"):
        deck_reader.read_deck(str(tmp_path / "missing.txt"), db)


def test_a_deck_url_offline_says_so(db, monkeypatch):
    monkeypatch.setenv("GRIMOIRE_MOXFIELD_API", "http://127.0.0.1:9")
    with pytest.raises(DeckInputError, match="moxfield.com"):
        deck_reader.read_deck("https://www.moxfield.com/decks/abc123", db, files=False)


def test_corrected_names_are_reported_with_line_and_both_names(db):
    deck = deck_reader.read_deck("Commander\n1 Meren of Clan Nel Toth\nDeck\n1 Llanowar Elvs\n1 Fire/Ice\n1 Delver "
                                 "of Secrets\n1 sol ring", db, files=False)
    assert [(c.line_number, c.written, c.name) for c in deck.corrections] == [
        (4, "Llanowar Elvs", "Llanowar Elves")]  # a face name, "Front/Back" and case are not corrections
    check = check_deck(deck, "Commander")
    assert check.format == "commander" and not check.legal
    assert check.to_dict()["corrections"] == [{"line_number": 4, "written": "Llanowar Elvs", "name": "Llanowar Elves",
                                                "message": "line 4: 'Llanowar Elvs' read as Llanowar Elves"}]


def test_json_depth_leaves_brackets_inside_strings_out():
    assert deck_reader._json_depth('{"data": {"name": "[[[[{{{{", "mainBoard": [{"name": "Sol Ring"}]}}') == 4
    assert deck_reader._json_depth("[") == 1 and deck_reader._json_depth("") == 0
