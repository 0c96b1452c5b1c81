"""What a card's layout settles about a face the bundled data lacks, and when the "cards left out" note is given."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def snapshot_engine():
    import grimoire
    from grimoire.search.engine import SearchEngine

    return SearchEngine(grimoire.open())


def _names(engine, query: str) -> set[str]:
    mask, _ = engine.filter_mask(engine._parse(query, None)[0], query, include_funny=False)
    return {engine.db.columns.name[row] for row in mask.nonzero()[0]}


def _left_out(engine, *queries: str) -> list[str]:
    return [note for note in engine.search(list(queries), limit=1).notes if "left out" in note]


def test_an_adventure_is_not_french_vanilla(snapshot_engine):
    """The adventure half (Mesmeric Glare counters a spell) has rules text: Hypnotic Sprite had been French vanilla,
    and left out of -is:frenchvanilla, the two terms disagreeing."""
    assert "Hypnotic Sprite // Mesmeric Glare" not in _names(snapshot_engine, "is:frenchvanilla")
    assert {"Hypnotic Sprite // Mesmeric Glare", "Foulmire Knight // Profane Insight"} <= \
        _names(snapshot_engine, "-is:frenchvanilla")


def test_a_modal_card_with_an_unknown_back_is_neither_french_vanilla_nor_not(snapshot_engine):
    assert "Akoum Warrior // Akoum Teeth" not in _names(snapshot_engine, "is:frenchvanilla")
    assert "Akoum Warrior // Akoum Teeth" not in _names(snapshot_engine, "-is:frenchvanilla")


@pytest.mark.parametrize("query", ["is:split -t:creature", "is:split mv>=0", "is:split -t:elf", "is:split -pow>=1"])
def test_a_split_cards_missing_half_is_an_instant_or_sorcery(snapshot_engine, query):
    """is:split -t:creature and is:split mv>=0 had found no card ("133 cards left out")."""
    assert {"Fire // Ice", "Dusk // Dawn", "Bottomless Pool // Locker Room"} <= _names(snapshot_engine, query)


def test_a_rooms_missing_half_is_a_room(snapshot_engine):
    assert "Bottomless Pool // Locker Room" in _names(snapshot_engine, "-t:instant -t:sorcery t:room")
    assert "Fire // Ice" in _names(snapshot_engine, "is:split -t:room")


def test_a_split_cards_mana_value_is_at_least_its_known_halfs(snapshot_engine):
    """Fire's {1}{R} is 2, and Ice adds to it (rule 709.4)."""
    assert "Fire // Ice" in _names(snapshot_engine, "mv>=2")
    assert "Fire // Ice" in _names(snapshot_engine, "-mv<2")


@pytest.mark.parametrize("query", ["mv=-1", "t:🔥", "is:split t:dragon", "is:adventure pow>=99999999999999999999"])
def test_no_note_where_no_missing_face_could_match(snapshot_engine, query):
    assert not _left_out(snapshot_engine, query)


def test_the_note_is_given_once_for_several_queries(snapshot_engine):
    assert len(_left_out(snapshot_engine, "o:/(x+x+)+y/", "o:/(x+x+)+y/", "t:dragon")) == 1
