import copy
import gzip
import json
from collections import Counter
from pathlib import Path

import pytest

from grimoire.cards import scryfall
from grimoire.cards.loading import SourceError
from grimoire.cards.store import CardDB, Ruling, write_store

FIXTURES = Path(__file__).parent.parent / "fixtures" / "scryfall"
CARDS_FILE = FIXTURES / "oracle_cards.json"
RULINGS_FILE = FIXTURES / "rulings.json"
BOLT_ID = "4457ed35-7c10-48c8-9776-456485fdf070"


@pytest.fixture(scope="module")
def result():
    return scryfall.load(CARDS_FILE, RULINGS_FILE)


@pytest.fixture(scope="module")
def cards(result):
    return {card.name: card for card in result.cards}


@pytest.fixture(scope="module")
def records():
    return json.loads(CARDS_FILE.read_text(encoding="utf-8"))


def record_named(records, name):
    return copy.deepcopy(next(r for r in records if r["name"] == name))


def write_json(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_loads_the_deck_cards_and_counts_what_it_drops(result, cards):
    assert result.source == scryfall.SOURCE == "scryfall"
    assert sorted(cards) == sorted([
        "Lightning Bolt", "Fire // Ice", "Delver of Secrets // Insectile Aberration",
        "Brazen Borrower // Petty Theft", "Sol Ring", "Rhystic Study", "Mana Crypt", "Blacker Lotus",
        "Saw in Half", "Bitterblossom", "Plains",
    ])
    assert result.dropped == Counter({
        "non-deck layout token": 1, "non-deck layout art_series": 1, "non-deck layout vanguard": 1,
        "Alchemy rebalanced (A-)": 1, "duplicate oracle_id": 1,
    })
    assert result.field_notes["is_funny"]
    assert result.data_date is None


def test_a_duplicate_oracle_id_keeps_the_first_printing(cards):
    bolt = cards["Lightning Bolt"]
    assert bolt.oracle_id == BOLT_ID
    assert (bolt.rarity, bolt.released_at) == ("uncommon", "2020-08-07")


def test_every_face_is_kept_with_its_text(cards):
    fire_ice = cards["Fire // Ice"]
    assert fire_ice.layout == "split"
    assert [(f.name, f.mana_cost, f.oracle_text) for f in fire_ice.faces] == [
        ("Fire", "{1}{R}", "Fire deals 2 damage divided as you choose among one or two targets."),
        ("Ice", "{1}{U}", "Tap target permanent.\nDraw a card."),
    ]
    assert fire_ice.mana_cost == "{1}{R} // {1}{U}"

    delver, insect = cards["Delver of Secrets // Insectile Aberration"].faces
    assert (delver.name, delver.mana_cost, delver.power, delver.toughness) == ("Delver of Secrets", "{U}", "1", "1")
    assert "transform Delver of Secrets" in delver.oracle_text
    assert (insect.name, insect.mana_cost, insect.oracle_text, insect.power) == (
        "Insectile Aberration", None, "Flying", "3")

    borrower = cards["Brazen Borrower // Petty Theft"]
    assert borrower.face_names() == ["Brazen Borrower", "Petty Theft"]
    assert borrower.faces[0].oracle_text == "Flash\nFlying\nBrazen Borrower can block only creatures with flying."
    assert borrower.faces[1].type_line == "Instant — Adventure"
    assert "Return target nonland permanent" in borrower.faces[1].oracle_text


def test_numbers_and_colours_come_through(cards):
    assert cards["Fire // Ice"].mana_value == 4.0
    assert cards["Fire // Ice"].colors == ("U", "R")
    assert cards["Mana Crypt"].mana_value == 0.0
    # Delver has colours only on its faces.
    delver = cards["Delver of Secrets // Insectile Aberration"]
    assert delver.colors == ("U",)
    assert delver.color_identity == ("U",)
    assert delver.keywords == ("Flying", "Transform")
    assert cards["Sol Ring"].colors == ()


def test_type_lines_become_supertypes_types_and_subtypes(cards):
    plains = cards["Plains"]
    assert (plains.supertypes, plains.types, plains.subtypes) == (("Basic",), ("Land",), ("Plains",))
    borrower = cards["Brazen Borrower // Petty Theft"]
    assert borrower.types == ("Creature", "Instant")
    assert borrower.subtypes == ("Faerie", "Rogue", "Adventure")
    assert cards["Delver of Secrets // Insectile Aberration"].subtypes == ("Human", "Wizard", "Insect")
    assert scryfall.parse_type_line("Legendary Snow Creature — Time Lord Doctor") == (
        ("Legendary", "Snow"), ("Creature",), ("Time Lord", "Doctor"))


def test_legalities_and_game_changers_come_through(cards):
    sol_ring, crypt, study = cards["Sol Ring"], cards["Mana Crypt"], cards["Rhystic Study"]
    assert sol_ring.legality("commander") == "legal"
    assert sol_ring.legality("Vintage") == "restricted"
    assert crypt.legality("commander") == "banned"
    assert len(crypt.legalities) == 21
    assert (sol_ring.game_changer, study.game_changer) == (False, True)
    assert sol_ring.reserved is False


def test_game_changer_is_unknown_in_files_that_lack_it(tmp_path, records):
    old = record_named(records, "Rhystic Study")
    del old["game_changer"]
    [card] = scryfall.load(write_json(tmp_path / "old.json", [old])).cards
    assert card.game_changer is None


def test_produced_mana(cards, records, tmp_path):
    assert cards["Plains"].produced_mana == ("W",)
    assert cards["Blacker Lotus"].produced_mana == tuple("WUBRG")
    assert cards["Lightning Bolt"].produced_mana == ()
    # A file from before Scryfall had the field says nothing about any card.
    old = [record_named(records, name) for name in ("Plains", "Lightning Bolt")]
    del old[0]["produced_mana"]
    assert [c.produced_mana for c in scryfall.load(write_json(tmp_path / "old.json", old)).cards] == [None, None]


def test_funny_cards_are_flagged_but_eternal_legal_unfinity_cards_are_not(cards, records, tmp_path):
    assert cards["Blacker Lotus"].is_funny is True
    assert cards["Saw in Half"].is_funny is False
    assert cards["Lightning Bolt"].is_funny is False
    stamped = record_named(records, "Saw in Half")
    stamped["security_stamp"] = "acorn"
    stamped["set_type"] = "box"
    [card] = scryfall.load(write_json(tmp_path / "acorn.json", [stamped])).cards
    assert card.is_funny is True


def test_playtest_and_silver_bordered_printings_are_funny(records, tmp_path):
    # Scryfall's card object: promo_types lists "playtest" for the Mystery Booster playtest cards, whose
    # Mystery Booster 2 set is not of set type "funny"; border_color "silver" marks the Un-sets
    # (https://scryfall.com/docs/api/cards).
    playtest = record_named(records, "Lightning Bolt")
    playtest.update(name="Gleemox", oracle_id="00000000-0000-4000-8000-000000000002", set_type="masters",
                    promo_types=["playtest"],
                    legalities=dict.fromkeys(playtest["legalities"], "not_legal"))
    silver = record_named(records, "Lightning Bolt")
    silver.update(name="Silver Bolt", oracle_id="00000000-0000-4000-8000-000000000001", set_type="box",
                  border_color="silver")
    plain = record_named(records, "Lightning Bolt")
    plain.update(promo_types=["boosterfun"])
    loaded = scryfall.load(write_json(tmp_path / "p.json", [playtest, silver, plain])).cards
    found = {c.name: c.is_funny for c in loaded}
    assert found == {"Gleemox": True, "Silver Bolt": True, "Lightning Bolt": False}


def test_reversible_card_takes_its_oracle_id_from_its_faces(cards, records):
    bitterblossom = cards["Bitterblossom"]
    assert bitterblossom.layout == "reversible_card"
    front = record_named(records, "Bitterblossom // Bitterblossom")["card_faces"][0]
    assert bitterblossom.oracle_id == front["oracle_id"]
    assert bitterblossom.face_names() == ["Bitterblossom"]
    assert (bitterblossom.mana_value, bitterblossom.colors) == (2.0, ("B",))
    assert bitterblossom.types == ("Kindred", "Enchantment")


def test_non_deck_types_are_dropped(records, tmp_path):
    dungeon = record_named(records, "Lightning Bolt")
    dungeon.update(name="Lost Mine of Phandelver", type_line="Dungeon",
                   oracle_id="2b9e4f5e-0c4e-4d0d-9b0a-d1c1f5a8e001")
    result = scryfall.load(write_json(tmp_path / "dungeon.json", [dungeon]))
    assert result.cards == []
    assert result.dropped == Counter({"non-deck type": 1})


def test_rulings_are_attached_by_oracle_id(result, cards):
    fire_ice = cards["Fire // Ice"].oracle_id
    assert [r.published_at for oid, r in result.rulings if oid == fire_ice] == ["2004-10-04", "2021-03-19"]
    assert (BOLT_ID, Ruling("2023-09-01", "wotc", "Lightning Bolt can target a battle; if it does, its damage "
                                                  "removes that many defense counters.")) in result.rulings
    # The Goblin token's ruling goes with the token.
    assert {oid for oid, _ in result.rulings} <= {card.oracle_id for card in result.cards}
    assert len(result.rulings) == 4


def test_reads_gzip_compressed_bulk_files(tmp_path):
    packed = tmp_path / "oracle-cards.json.gz"
    packed.write_bytes(gzip.compress(CARDS_FILE.read_bytes()))
    assert len(scryfall.load(packed).cards) == 11


def test_a_file_that_is_not_an_array_is_an_error(tmp_path):
    # one Card object (scryfall.com/docs/api/cards) saved in place of the bulk file (an error object: test_review_81)
    path = write_json(tmp_path / "card.json", {"object": "card", "name": "Sol Ring", "layout": "normal"})
    with pytest.raises(SourceError, match="expected a JSON array") as error:
        scryfall.load(path)
    assert str(path) in str(error.value)


def test_a_truncated_file_is_an_error(tmp_path):
    path = tmp_path / "truncated.json"
    path.write_text(CARDS_FILE.read_text(encoding="utf-8")[:5000], encoding="utf-8")
    with pytest.raises(SourceError, match="not a readable JSON file") as error:
        scryfall.load(path)
    assert str(path) in str(error.value)


def test_a_card_without_oracle_id_is_an_error_naming_the_record(records, tmp_path):
    broken = [record_named(records, "Sol Ring"), record_named(records, "Lightning Bolt")]
    del broken[1]["oracle_id"]
    path = write_json(tmp_path / "cards.json", broken)
    with pytest.raises(SourceError, match="oracle_id") as error:
        scryfall.load(path)
    assert error.value.path == str(path)
    assert "(record 1, 'Lightning Bolt')" in str(error.value)


def test_a_card_without_a_name_is_an_error(records, tmp_path):
    nameless = record_named(records, "Sol Ring")
    del nameless["name"]
    with pytest.raises(SourceError, match="'name'.*missing"):
        scryfall.load(write_json(tmp_path / "cards.json", [nameless]))


def test_a_ruling_without_oracle_id_is_an_error(tmp_path):
    rulings = json.loads(RULINGS_FILE.read_text(encoding="utf-8"))
    del rulings[2]["oracle_id"]
    path = write_json(tmp_path / "rulings.json", rulings)
    with pytest.raises(SourceError, match="oracle_id") as error:
        scryfall.load(CARDS_FILE, path)
    assert str(error.value).startswith(f"{path} (record 2)")


def test_swapped_files_say_so(tmp_path):
    with pytest.raises(SourceError, match="rulings file"):
        scryfall.load(RULINGS_FILE)
    with pytest.raises(SourceError, match="cards file"):
        scryfall.load(CARDS_FILE, CARDS_FILE)


def test_a_store_written_from_scryfall_reads_back(result, tmp_path):
    write_store(tmp_path / "store", result.cards, {"source": result.source}, result.rulings)
    db = CardDB(tmp_path / "store")
    assert len(db) == len(result.cards)
    delver = db.named("delver of secrets")
    assert delver.name == "Delver of Secrets // Insectile Aberration"
    assert delver.colors == ("U",)
    assert db.rulings(delver) == [
        Ruling("2011-09-22", "wotc", "Revealing the card is optional, even if it's an instant or sorcery card.")]
    fire_ice = db.named("Fire // Ice")
    assert fire_ice.mana_value == 4.0
    assert len(db.rulings(fire_ice)) == 2
    assert db.rulings(db.named("Sol Ring")) == []
    assert db.get(BOLT_ID).legality("modern") == "legal"


def test_a_saved_api_list_answer_reads_its_card_objects(records, tmp_path):
    """A saved `/cards/search` or `/cards/collection` answer had been refused: it is a List object (Scryfall's API
    docs, scryfall.com/docs/api/lists: `object` "list", `has_more`, `data`) whose `data` holds the same Card objects
    as the bulk file. A page with more after it says that only its cards were read."""
    whole = scryfall.load(CARDS_FILE)
    page = {"object": "list", "total_cards": len(records), "has_more": False, "data": records}
    answer = scryfall.load(write_json(tmp_path / "search.json", page))
    assert answer.cards == whole.cards and answer.field_notes == whole.field_notes
    first = scryfall.load(write_json(tmp_path / "page1.json", {
        **page, "has_more": True, "next_page": "https://api.scryfall.com/cards/search?page=2&q=c%3Ar"}))
    assert first.field_notes["cards"].startswith(f"one page of a Scryfall API answer with more pages (has_more): "
                                                 f"only its {len(records)} card objects were read")
