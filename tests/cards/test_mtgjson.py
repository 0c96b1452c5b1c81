from __future__ import annotations

import gzip
import json

import pytest

from grimoire.cards import mtgjson
from grimoire.cards.loading import SourceError
from grimoire.cards.store import CardDB, write_store
from tests.conftest import FIXTURES

ATOMIC = FIXTURES / "mtgjson" / "AtomicCards.json"
BRISELA = "Brisela, Voice of Nightmares"
BRUNA_ENTRY = "Bruna, the Fading Light // Brisela, Voice of Nightmares"
GISELA_ENTRY = "Gisela, the Broken Blade // Brisela, Voice of Nightmares"


@pytest.fixture(scope="module")
def result():
    return mtgjson.load(ATOMIC)


@pytest.fixture(scope="module")
def by_name(result):
    return {card.name: card for card in result.cards}


def _document() -> dict:
    return json.loads(ATOMIC.read_text(encoding="utf-8"))


def _write(tmp_path, document) -> object:
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _oracle_id(entry: str, face: int = 0) -> str:
    return _document()["data"][entry][face]["identifiers"]["scryfallOracleId"]


def test_counts_and_drop_reasons(result, by_name):
    assert result.source == mtgjson.SOURCE == "mtgjson"
    assert result.dropped == {"non-deck layout vanguard": 1, "Alchemy rebalanced (A-)": 1, "duplicate oracle id": 1}
    assert len(result.cards) == 11
    assert "Gix" not in by_name and "A-Cosmos Elixir" not in by_name
    assert "Sol Ring" in by_name and "Sol Ring // Sol Ring" not in by_name  # the reversible printing repeats it
    assert result.data_date == "2026-05-02"


def test_oracle_ids_come_from_identifiers(by_name):
    assert by_name["Lightning Bolt"].oracle_id == _oracle_id("Lightning Bolt")
    assert by_name["Lightning Bolt"].has_scryfall_id
    assert len({card.oracle_id for card in by_name.values()}) == len(by_name)


def test_split_card_keeps_both_halves(by_name):
    fire_ice = by_name["Fire // Ice"]
    assert fire_ice.layout == "split"
    assert fire_ice.face_names() == ["Fire", "Ice"]
    assert fire_ice.faces[0].oracle_text == "Fire deals 2 damage divided as you choose among one or two targets."
    assert fire_ice.faces[1].oracle_text == "Tap target permanent.\nDraw a card."
    assert fire_ice.mana_cost == "{1}{R} // {1}{U}"
    assert fire_ice.mana_value == 4
    assert fire_ice.colors == ("U", "R") and fire_ice.color_identity == ("U", "R")


def test_transform_card_has_its_back_face(by_name):
    delver = by_name["Delver of Secrets // Insectile Aberration"]
    front, back = delver.faces
    assert (front.name, front.mana_cost, front.power, front.toughness) == ("Delver of Secrets", "{U}", "1", "1")
    assert (back.name, back.mana_cost, back.oracle_text, back.power) == ("Insectile Aberration", None, "Flying", "3")
    assert delver.mana_value == 1 and delver.colors == ("U",)
    assert delver.subtypes == ("Human", "Wizard", "Insect")
    assert delver.keywords == ("Transform", "Flying")


def test_adventure_card_has_its_adventure(by_name):
    borrower = by_name["Brazen Borrower // Petty Theft"]
    assert borrower.face_names() == ["Brazen Borrower", "Petty Theft"]
    assert borrower.faces[1].type_line == "Instant — Adventure"
    assert "Return target nonland permanent" in borrower.faces[1].oracle_text
    assert borrower.types == ("Creature", "Instant")
    assert borrower.mana_value == 3
    assert not borrower.missing


def test_meld_parts_and_melded_card_are_separate_cards(result, by_name):
    assert [card.name for card in result.cards].count(BRISELA) == 1
    bruna = by_name["Bruna, the Fading Light"]
    assert bruna.face_names() == ["Bruna, the Fading Light"]
    assert BRISELA not in bruna.oracle_text
    assert bruna.mana_value == 7
    brisela = by_name[BRISELA]
    assert brisela.layout == "meld"
    assert brisela.face_names() == [BRISELA]
    assert brisela.mana_value == 11  # the two fronts' total
    assert (brisela.faces[0].power, brisela.faces[0].toughness) == ("9", "10")
    assert by_name["Gisela, the Broken Blade"].face_names() == ["Gisela, the Broken Blade"]


def test_melded_card_listed_as_a_later_side_of_each_part(tmp_path):
    """Some files list the melded card as side "c" of both parts instead of as its own entry."""
    document = _document()
    brisela = document["data"].pop(BRISELA)[0]
    for entry in (BRUNA_ENTRY, GISELA_ENTRY):
        document["data"][entry].append({**brisela, "name": entry, "side": "c"})
    result = mtgjson.load(_write(tmp_path, document))
    by_name = {card.name: card for card in result.cards}
    assert [card.name for card in result.cards].count(BRISELA) == 1
    assert by_name[BRISELA].oracle_id == _oracle_id(BRISELA)
    assert by_name[BRISELA].mana_value == 11
    assert by_name["Bruna, the Fading Light"].face_names() == ["Bruna, the Fading Light"]
    assert by_name["Bruna, the Fading Light"].oracle_id == _oracle_id(BRUNA_ENTRY)
    assert result.dropped == {"non-deck layout vanguard": 1, "Alchemy rebalanced (A-)": 1, "duplicate oracle id": 1}


def test_legalities_use_grimoire_vocabulary_and_omitted_formats_are_not_legal(by_name):
    sol_ring = by_name["Sol Ring"]
    assert sol_ring.legality("commander") == "legal"
    assert sol_ring.legality("vintage") == "restricted"
    assert sol_ring.legality("legacy") == "banned"
    assert sol_ring.legality("modern") == "not_legal"  # MTGJSON leaves the format out
    assert by_name["Mana Crypt"].legality("commander") == "banned"
    assert set(by_name["Little Girl"].legalities.values()) == {"not_legal"}


def test_flags(by_name):
    assert by_name["Little Girl"].is_funny is True
    assert by_name["Lightning Bolt"].is_funny is False
    assert by_name["Sol Ring"].reserved is False
    assert by_name["Demonic Tutor"].game_changer is True
    assert by_name["Sol Ring"].game_changer is False  # MTGJSON writes the flag only when true
    assert by_name["Sol Ring"].produced_mana == ("C",)
    assert by_name["Lightning Bolt"].rarity is None and by_name["Lightning Bolt"].released_at is None


def test_game_changer_is_unknown_in_a_file_without_the_flag(tmp_path):
    document = _document()
    for faces in document["data"].values():
        for face in faces:
            face.pop("isGameChanger", None)
    result = mtgjson.load(_write(tmp_path, document))
    assert {card.game_changer for card in result.cards} == {None}


def test_field_notes_say_what_is_derived_or_unknown(result):
    assert "rules text" in result.field_notes["produced_mana"]
    assert "per printing" in result.field_notes["rarity, released_at"]


def test_rulings_are_attached_by_oracle_id(result, by_name):
    borrower = by_name["Brazen Borrower // Petty Theft"]
    comments = [r.comment for oracle_id, r in result.rulings if oracle_id == borrower.oracle_id]
    assert len(comments) == 2  # both faces carry the same rulings; each is kept once
    assert all(r.source == "wotc" for _, r in result.rulings)
    assert any(oracle_id == by_name[BRISELA].oracle_id for oracle_id, _ in result.rulings)


def test_gzip_file_loads(tmp_path, result):
    packed = tmp_path / "AtomicCards.json.gz"
    packed.write_bytes(gzip.compress(ATOMIC.read_bytes()))
    assert [card.name for card in mtgjson.load(packed).cards] == [card.name for card in result.cards]


def test_round_trip_through_the_store(tmp_path, result):
    write_store(tmp_path / "store", result.cards, {"source": result.source, "data_date": result.data_date},
                result.rulings)
    db = CardDB(tmp_path / "store")
    borrower = db.named("brazen borrower")
    assert borrower.name == "Brazen Borrower // Petty Theft"
    assert borrower.faces[1].name == "Petty Theft"
    assert borrower.legality("standard") == "not_legal"
    assert len(db.rulings(borrower)) == 2
    assert db.named("Brisela, Voice of Nightmares").mana_value == 11


def test_file_that_is_a_list_is_a_source_error(tmp_path):
    path = tmp_path / "AtomicCards.json"
    path.write_text("[]")
    with pytest.raises(SourceError, match=r'AtomicCards.json: expected a JSON object with a "data" object'):
        mtgjson.load(path)


def test_truncated_file_is_a_source_error(tmp_path):
    path = tmp_path / "AtomicCards.json"
    path.write_text(ATOMIC.read_text(encoding="utf-8")[:500])
    with pytest.raises(SourceError, match="AtomicCards.json: not a readable JSON file"):
        mtgjson.load(path)


def test_a_card_without_oracle_id_is_left_out_and_counted(tmp_path):
    # MTGJSON has published AtomicCards with cards lacking identifiers.scryfallOracleId (mtgjson/mtgjson issue #651;
    # pull request #1001 set it "even for weird cards"): the rest of the file still loads.
    document = _document()
    del document["data"]["Lightning Bolt"][0]["identifiers"]["scryfallOracleId"]
    result = mtgjson.load(_write(tmp_path, document))
    assert result.dropped["no identifiers.scryfallOracleId"] == 1
    assert "Lightning Bolt" not in {card.name for card in result.cards} and len(result.cards) == 10


def test_card_entry_that_is_not_a_list_of_faces_names_file_and_card(tmp_path):
    document = _document()
    document["data"]["Sol Ring"] = {"name": "Sol Ring"}
    with pytest.raises(SourceError, match=r"AtomicCards.json \(record Sol Ring\): expected a non-empty list"):
        mtgjson.load(_write(tmp_path, document))
