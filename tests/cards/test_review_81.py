"""Card data files of the wrong kind are named as what they are, and a file of printings keeps a deliberate printing
of each card (review 81)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from grimoire.cards import mtgjson, scryfall
from grimoire.cards.loading import SourceError

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_file_of_printings_keeps_the_english_printing_and_says_what_the_file_is(tmp_path):
    # Scryfall's All Cards file holds every printing in every language, one Card object each, with the English
    # name in "name", the printed one in "printed_name" and its language in "lang" (https://scryfall.com/docs/api/
    # cards, https://scryfall.com/docs/api/bulk-data): here a Japanese printing of Sol Ring comes first
    cards = json.loads((FIXTURES / "scryfall" / "oracle_cards.json").read_text(encoding="utf-8"))
    english = next(card for card in cards if card["name"] == "Sol Ring")
    japanese = {**copy.deepcopy(english), "id": "0b4d9e9c-5bd1-4a3e-9d3a-6f3b2b1c0a11", "lang": "ja",
                "printed_name": "太陽の指輪", "set": "cmr", "set_name": "Commander Legends", "rarity": "common",
                "released_at": "2020-11-20"}
    loaded = scryfall.load(_write(tmp_path / "all-cards.json", [japanese, *cards]))
    sol_ring = next(card for card in loaded.cards if card.name == "Sol Ring")
    assert (sol_ring.rarity, sol_ring.released_at) == (english["rarity"], english["released_at"])
    assert "a file of printings, such as Scryfall's Default Cards or All Cards" in loaded.field_notes["printings"]


def test_a_scryfall_error_object_is_quoted(tmp_path):
    # Scryfall's Error object (https://scryfall.com/docs/api/errors), saved in place of the cards
    path = _write(tmp_path / "error.json", {"object": "error", "code": "not_found", "status": 404,
                                             "details": "No cards found matching your query"})
    with pytest.raises(SourceError, match="this is a Scryfall error object, not cards: 'No cards found matching "
                                          "your query'"):
        scryfall.load(path)


@pytest.mark.parametrize(("data", "named"), [
    # AllPrintings: set objects keyed by set code, each with its "cards" (https://mtgjson.com/data-models/set/)
    ({"LEA": {"code": "LEA", "name": "Limited Edition Alpha", "type": "core", "releaseDate": "1993-08-05",
              "cards": [], "tokens": []}}, "MTGJSON's AllPrintings"),
    # a deck file: one deck, with its commander and mainBoard lists (https://mtgjson.com/data-models/deck/)
    ({"code": "C21", "name": "Lorehold Legacies", "type": "Commander Deck", "releaseDate": "2021-04-23",
      "commander": [], "mainBoard": [], "sideBoard": []}, "an MTGJSON deck file"),
])
def test_another_mtgjson_file_is_named_and_atomiccards_suggested(tmp_path, data, named):
    path = _write(tmp_path / "file.json", {"meta": {"date": "2025-10-01", "version": "5.2.2+20251001"}, "data": data})
    with pytest.raises(SourceError, match=f"this is {named}.*not AtomicCards: pass AtomicCards.json"):
        mtgjson.load(path)
