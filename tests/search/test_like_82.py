"""Cards like a burn spell deal what it deals: an embedding reads "deals 1 damage" as "deals 3 damage" (a
Constructed player's review found Gut Shot and Hornet Sting, one damage each, near the top of Lightning Bolt's
alikes, ahead of Searing Spear)."""

from __future__ import annotations

import pytest

import grimoire
from grimoire.search.engine import SearchEngine


@pytest.fixture(scope="module")
def engine() -> SearchEngine:
    return SearchEngine(grimoire.open())


def _names(engine: SearchEngine, query: str, count: int = 10) -> list[str]:
    return [result.card.name for result in engine.search(query, limit=count).results]


def test_a_burn_spells_alikes_deal_its_damage_first(engine):
    names = _names(engine, "cards like lightning bolt")
    assert "Hornet Sting" not in names
    assert "Lightning Strike" in names and "Searing Spear" in names
    if "Gut Shot" in names:
        assert names.index("Gut Shot") > max(names.index("Lightning Strike"), names.index("Searing Spear"))


def test_damage_read_from_the_text_in_digits_or_words(engine):
    dealt = engine._damage_dealt
    names = engine.db.names
    assert dealt[names.find("Lightning Bolt")] == 3 and dealt[names.find("Gut Shot")] == 1
    assert dealt[names.find("Fireball")] != dealt[names.find("Fireball")]  # X damage: no number (NaN)
    assert dealt[names.find("Sol Ring")] != dealt[names.find("Sol Ring")]
