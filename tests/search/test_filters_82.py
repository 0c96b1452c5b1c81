"""Tarkir: Dragonstorm's Omens beside the Adventures: the bundled corpus gives both the adventure layout and no second
half, so t:adventure and t:omen must tell them apart (review 82)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def snapshot_engine():
    import grimoire
    from grimoire.search.engine import SearchEngine

    return SearchEngine(grimoire.open())


def _names(engine, query: str) -> set[str]:
    page = engine.search(query, limit=200, mode="bm25")
    return {r.card.name for r in page.results}


def test_an_omen_is_no_adventure(snapshot_engine):
    adventures = _names(snapshot_engine, "t:adventure")
    assert "Marang River Regent // Coil and Catch" not in adventures
    assert "Twinmaw Stormbrood // Charring Bite" not in adventures
    assert "Bonecrusher Giant // Stomp" in adventures
    # settled, not unknown: the Omen is in the negation, the Adventure is not
    assert "Marang River Regent // Coil and Catch" in _names(snapshot_engine, "-t:adventure t:dragon o:return")
    assert "Bonecrusher Giant // Stomp" not in _names(snapshot_engine, "-t:adventure t:giant")


def test_t_omen_finds_the_omens_and_only_them(snapshot_engine):
    omens = _names(snapshot_engine, "t:omen")
    assert {"Marang River Regent // Coil and Catch", "Scavenger Regent // Exude Toxin",
            "Sagu Wildling // Roost Seek"} <= omens
    assert "Bonecrusher Giant // Stomp" not in omens
    assert "Bonecrusher Giant // Stomp" in _names(snapshot_engine, "-t:omen t:giant")
    # an Omen half is still an instant or a sorcery, which one unknown: neither t:instant nor its negation
    assert "Marang River Regent // Coil and Catch" not in _names(snapshot_engine, "t:instant t:dragon")
    assert "Marang River Regent // Coil and Catch" not in _names(snapshot_engine, "-t:instant t:dragon o:return")
