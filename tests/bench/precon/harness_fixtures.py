"""A tiny precon dataset for the harness and judge tests: the Golgari fixture deck (Meren and 99 real cards from the
bundled store) as one precon, with a few labels, written as Parquet configs and read back with ``load_dataset``."""

from __future__ import annotations

import json
from pathlib import Path

import grimoire
from grimoire.bench.precon.dataset import PreconDataset, load_dataset, write_config
from grimoire.cards.store import CardDB
from grimoire.decks import parse_decklist

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "decks" / "golgari_commander.txt"
PRECON_ID = "pc-golgari001"
PRODUCT = "Secret Graveyard Product"
DECK_NAME = "Grave Secrets Deck"
RELEASE = "2031-07-04"
TOP_ADDS = ["Ramunap Excavator", "Izoni, Thousand-Eyed", "Deathrite Shaman", "Ashnod's Altar"]


def bundled_db() -> CardDB:
    return grimoire.open()


def deck_row(db: CardDB) -> dict:
    parsed = parse_decklist(FIXTURE.read_text(encoding="utf-8"), db)
    cards = []
    for entry, is_commander in [(e, True) for e in parsed.commanders] + [(e, False) for e in parsed.main]:
        card = entry.card
        cards.append({"oracle_id": card.oracle_id, "name": card.name, "qty": entry.quantity,
                      "is_land": "Land" in card.type_line, "is_basic": "Basic" in card.type_line,
                      "is_commander": is_commander})
    # pad the deck to 100 with Swamps, as a real precon would be
    total = sum(c["qty"] for c in cards)
    swamp = next((c for c in cards if c["name"] == "Swamp"), None)
    if swamp is not None:
        swamp["qty"] += 100 - total
    commander = parsed.commanders[0].card
    return {"precon_id": PRECON_ID, "commander_oracle_ids": [commander.oracle_id],
            "commander_names": [commander.name], "color_identity": list(commander.color_identity),
            "cards": cards, "n_cards": 100}


def build_dataset(folder: Path, db: CardDB) -> PreconDataset:
    deck = deck_row(db)
    in_deck = {c["oracle_id"] for c in deck["cards"]}
    labels = []
    for rank, name in enumerate(TOP_ADDS, 1):
        card = db.named(name)
        assert card.oracle_id not in in_deck, name
        labels.append({"precon_id": PRECON_ID, "oracle_id": card.oracle_id, "name": card.name, "kind": "add",
                       "list_rank": rank, "rate": 0.5 - rank / 100, "gain": 3, "gain_syn": 3, "headline": True,
                       "in_precon": False, "in_color_identity": True, "commander_legal": True})
    cut = next(c for c in deck["cards"] if not c["is_commander"] and not c["is_land"])
    labels.append({"precon_id": PRECON_ID, "oracle_id": cut["oracle_id"], "name": cut["name"], "kind": "cut",
                   "list_rank": 1, "rate": 0.6, "gain": 3, "gain_syn": 3, "headline": True, "in_precon": True})
    write_config(folder, "decks", [deck])
    write_config(folder, "labels", labels)
    write_config(folder, "precons", [{"precon_id": PRECON_ID, "deck_name": DECK_NAME, "product": PRODUCT,
                                      "release_date": RELEASE, "commander_names": deck["commander_names"]}])
    write_config(folder, "commanders", [{"precon_id": PRECON_ID, "oracle_id": deck["commander_oracle_ids"][0],
                                         "name": deck["commander_names"][0], "num_decks": 1000,
                                         "is_precon_commander": True}])
    write_config(folder, "splits", [{"precon_id": PRECON_ID, "release_date": RELEASE, "split": "test",
                                     "scored": True, "cutoff": "2025-11-01"}])
    return load_dataset(folder)


def script(path: Path, turns: list) -> str:
    """A ``scripted/<path>`` model playing these turns."""
    path.write_text("".join(json.dumps(turn) + "\n" for turn in turns), encoding="utf-8")
    return f"scripted/{path}"
