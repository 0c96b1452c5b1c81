from __future__ import annotations

import json

import pytest

from grimoire.cards import corpus
from grimoire.cards.loading import SourceError


@pytest.fixture(scope="module")
def cards(request):
    from tests.conftest import FIXTURES

    result = corpus.load(FIXTURES / "oracle_corpus_sample.json")
    return {card.name: card for card in result.cards}, result


def test_non_deck_alchemy_and_duplicate_cards_are_dropped(cards):
    by_name, result = cards
    assert result.dropped == {
        "non-deck layout vanguard": 1, "non-deck layout planar": 1, "non-deck layout scheme": 1,
        "Alchemy rebalanced (A-)": 1, "non-deck type": 1, "duplicate reversible printing": 1,
    }
    assert not any(name.startswith("A-") for name in by_name)
    assert "Sol Ring" in by_name and "Sol Ring // Sol Ring" not in by_name
    assert "Insectile Aberration" not in by_name  # merged into its front


def test_back_faces_are_merged_into_their_fronts(cards):
    delver = cards[0]["Delver of Secrets // Insectile Aberration"]
    assert [f.name for f in delver.faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert "Flying" in delver.faces[1].oracle_text
    assert delver.faces[1].power == "3"
    assert "Insect" in delver.subtypes and "Wizard" in delver.subtypes
    assert delver.mana_value == 1 and delver.colors == ("U",)
    assert not delver.missing


def test_split_and_adventure_halves_are_named_and_marked_missing(cards):
    fire_ice = cards[0]["Fire // Ice"]
    assert [f.name for f in fire_ice.faces] == ["Fire", "Ice"]
    assert fire_ice.faces[1].oracle_text is None
    assert fire_ice.mana_value is None  # the halves add up; Ice's cost is unknown
    assert any("Ice" in note for note in fire_ice.missing)
    borrower = cards[0]["Brazen Borrower // Petty Theft"]
    assert borrower.mana_value == 3
    assert any("Petty Theft" in note for note in borrower.missing)


def test_meld_result_stays_its_own_card(cards):
    by_name = cards[0]
    assert "Phyrexian Dragon Engine" in by_name
    assert "Mishra, Lost to Phyrexia" in by_name
    assert by_name["Mishra, Lost to Phyrexia"].mana_value is None


def test_synthetic_ids_are_stable_and_marked(cards):
    bolt = cards[0]["Lightning Bolt"]
    assert bolt.oracle_id == corpus.synthetic_id("Lightning Bolt")
    assert bolt.oracle_id.startswith("syn:") and not bolt.has_scryfall_id
    assert len({c.oracle_id for c in cards[0].values()}) == len(cards[0])


def test_commander_legality_and_game_changers_come_from_the_shipped_lists(cards):
    by_name = cards[0]
    assert by_name["Mana Crypt"].legality("commander") == "banned"
    assert by_name["Contract from Below"].legality("commander") == "banned"
    assert by_name["Lightning Bolt"].legality("commander") == "legal"
    assert by_name["Lightning Bolt"].legality("modern") is None  # unknown, not legal
    assert by_name["Rhystic Study"].game_changer is True
    assert by_name["Sol Ring"].game_changer is False


def test_funny_and_digital_only_cards_are_not_commander_legal(cards):
    by_name = cards[0]
    assert by_name["Little Girl"].is_funny is True
    assert by_name["Little Girl"].legality("commander") == "not_legal"
    assert by_name["Brazen Boarding"].legality("commander") == "not_legal"  # conjure: Alchemy only
    assert by_name["Lightning Bolt"].is_funny is False


def test_colours_are_derived_or_left_unknown(cards):
    by_name = cards[0]
    assert by_name["Transguild Courier"].colors == tuple("WUBRG")  # "is all colors"
    assert by_name["Ruination Guide"].colors == ()  # devoid
    assert by_name["Ancestral Vision"].colors is None  # no cost: a colour indicator may apply
    assert by_name["Pact of Negation"].colors is None
    assert by_name["Forest"].colors == ()
    assert by_name["Forest"].produced_mana == ("G",)
    assert by_name["Sol Ring"].produced_mana == ("C",)


def test_malformed_record_names_file_and_record(tmp_path):
    bad = tmp_path / "corpus.json"
    bad.write_text(json.dumps([{"name": "Ok", "layout": "normal", "type": "Instant"}, {"name": "Broken"}]))
    with pytest.raises(SourceError, match=r"corpus.json \(record 1, 'Broken'\).*'layout'"):
        corpus.load(bad)


def test_unparseable_file_is_a_source_error(tmp_path):
    bad = tmp_path / "corpus.json"
    bad.write_text('[{"name": "Lightning Bolt", "layo')
    with pytest.raises(SourceError, match="corpus.json: not a readable JSON file"):
        corpus.load(bad)
