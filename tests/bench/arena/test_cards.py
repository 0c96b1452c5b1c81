"""Deck checks: every shipped deck plays; unknown, unimplemented and wrongly sized decks are refused by name."""

from __future__ import annotations

import pytest

from grimoire.bench.arena.cards import ENGINE_MISREADINGS, DeckCheckError, build_card_data, face_problems, play_name
from grimoire.bench.arena.decks import available_decks, load_deck


def test_the_shipped_decks_pass_the_check(arena_decks):
    assert set(available_decks()) >= {"burn", "delver", "dredge", "jeskai"}
    for deck in arena_decks.values():
        assert len(deck.names) == 60
        assert deck.title


def test_card_data_holds_only_the_cards_in_play_with_both_faces(arena_cards, arena_decks):
    names = {name.lower() for deck in arena_decks.values() for name in deck.names}
    assert names <= set(arena_cards.faces)
    assert "insectile aberration" in arena_cards.faces  # Delver's back face
    assert "counterspell" in arena_cards.faces and "lightning bolt" in arena_cards.faces
    assert "llanowar elves" not in arena_cards.faces
    assert len(arena_cards.faces) < 100


def write(tmp_path, text: str):
    path = tmp_path / "deck.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_name_that_does_not_resolve_is_refused_with_its_line(tmp_path, arena_db):
    path = write(tmp_path, "4 Lightning Bolt\n4 Xyzzy Plugh Frobnicator\n52 Mountain\n")
    with pytest.raises(DeckCheckError) as error:
        load_deck(path, arena_db)
    assert "line 2" in error.value.problems
    assert "Xyzzy" in str(error.value)


def test_a_card_the_engine_cannot_implement_is_refused_by_name(tmp_path, arena_db):
    path = write(tmp_path, "4 Kaito Shizuki\n56 Island\n")
    with pytest.raises(DeckCheckError) as error:
        load_deck(path, arena_db)
    assert set(error.value.problems) == {"Kaito Shizuki"}
    assert "phases out" in error.value.problems["Kaito Shizuki"]


def test_a_deck_of_the_wrong_size_is_refused(tmp_path, arena_db):
    with pytest.raises(DeckCheckError, match="59 main-deck cards"):
        load_deck(write(tmp_path, "4 Lightning Bolt\n55 Mountain\n"), arena_db)


def test_a_missing_deck_names_the_shipped_ones(arena_db):
    with pytest.raises(DeckCheckError, match="delver"):
        load_deck("no-such-deck", arena_db)


def test_face_problems_finds_nested_unimplemented_effects_and_blank_faces():
    face = {"name": "X", "oracle_text": "Do a thing.", "card_type": {"core_types": ["Sorcery"]},
            "abilities": [{"effect": {"type": "Draw", "sub_ability": {"effect": {"type": "Unimplemented",
                                                                                  "description": "odd clause"}}}}]}
    assert face_problems(face) == ["unimplemented: odd clause"]
    assert face_problems({"name": "Y", "oracle_text": "", "card_type": {"core_types": ["Instant"]}}) == [
        "no rules text in the card store"]
    assert face_problems({"name": "Bear", "oracle_text": "", "card_type": {"core_types": ["Creature"]}}) == []


def test_split_cards_missing_a_half_in_the_store_are_reported(arena_db):
    _, problems = build_card_data([arena_db.named("Fire // Ice")])
    assert problems == {} or "Fire // Ice" in problems


# Each card with more than one face in the shipped decks, and a seeded bot game (deck, opponent, seed) in which
# it turns into its other face. A new double-faced card in a deck fails the first test until a game is pinned.
TRANSFORMATIONS = {
    "Delver of Secrets // Insectile Aberration": ("delver", "burn", 7),
    "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki": ("jeskai", "burn", 2),
}


def test_every_multi_faced_card_in_the_shipped_decks_has_a_transformation_game(arena_decks, arena_cards):
    multi = {card.name for deck in arena_decks.values() for card in deck.cards if len(card.faces) > 1}
    assert multi == set(TRANSFORMATIONS)
    for name in multi:
        front, back = (face.lower() for face in name.split(" // "))
        ids = {arena_cards.faces[front]["scryfall_oracle_id"], arena_cards.faces[back]["scryfall_oracle_id"]}
        assert len(ids) == 1 and None not in ids  # phase links the two faces by this shared id


@pytest.mark.parametrize("card", sorted(TRANSFORMATIONS))
def test_each_multi_faced_card_transforms_in_its_seeded_game(card, arena_decks, arena_cards):
    from grimoire.bench.arena.play import play_game
    from grimoire.bench.arena.players import HeuristicBot

    deck, opponent, seed = TRANSFORMATIONS[card]
    record = play_game(arena_cards, (arena_decks[deck], arena_decks[opponent]),
                       (HeuristicBot("a"), HeuristicBot("b")), seed=seed, first=0)
    front, back = card.split(" // ")
    assert f"{front} transforms into {back}" in [text for _, text in record.log]


def test_the_engines_known_misreadings_are_cards_a_deck_may_hold(arena_db):
    """Each misreading names a card the deck check accepts (Chandra, Torch of Defiance is in no shipped deck)."""
    from grimoire.decks.parse import parse_decklist

    parsed = parse_decklist("".join(f"1 {name}\n" for name in ENGINE_MISREADINGS), arena_db)
    assert not parsed.problems and [play_name(entry.card) for entry in parsed.main] == list(ENGINE_MISREADINGS)
    assert not build_card_data([entry.card for entry in parsed.main])[1] and all(ENGINE_MISREADINGS.values())
