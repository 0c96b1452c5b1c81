"""Every part of the query language, run against the small hand-made store."""

from __future__ import annotations

import pytest

from grimoire.search.query import QuerySyntaxError


def names(engine, query: str, **kwargs) -> set[str]:
    page = engine.search(query, limit=100, mode="bm25", **kwargs)
    return {r.card.name for r in page.results}


@pytest.mark.parametrize(("query", "expected"), [
    ("t:instant mv<=1", {"Lightning Bolt", "Swords to Plowshares"}),
    ('o:"damage to any target"', {"Lightning Bolt"}),
    ('o:"~ deals"', {"Lightning Bolt", "Boros Charm", "Fire // Ice"}),
    ("o:/add \\{[wubrgc]\\}/", {"Llanowar Elves", "Sol Ring", "Mana Crypt", "Emeria's Call // Emeria, Shattered "
                                                                          "Skyclave"}),
    ('fo:"draw a card"', {"Fire // Ice"}),
    ("name:dragon", {"Shivan Dragon"}),
    ("name:/^s/ t:creature", {"Serra Angel", "Shivan Dragon"}),
    ('!"lightning bolt"', {"Lightning Bolt"}),
    ("!Counterspell", {"Counterspell"}),
    ("t:legendary t:creature", {"Atraxa, Praetors' Voice", "Thrasios, Triton Hero", "Reaper King"}),
    ("t:/^land/", {"Command Tower", "Hallowed Fountain"}),
])
def test_text_type_and_name_filters(engine, query, expected):
    assert names(engine, query) == expected


@pytest.mark.parametrize(("query", "expected"), [
    ("c:w t:creature", {"Serra Angel", "Atraxa, Praetors' Voice", "Reaper King"}),
    ("c=rw", {"Boros Charm"}),
    ("c:ur", {"Fire // Ice", "Reaper King"}),
    ("c:m t:instant", {"Fire // Ice", "Boros Charm"}),
    ("c:c t:artifact", {"Sol Ring", "Mana Crypt"}),
    ("id<=wu t:land", {"Command Tower", "Hallowed Fountain", "Emeria's Call // Emeria, Shattered Skyclave"}),
    ("id:azorius -t:land", {"Counterspell", "Wrath of God", "Serra Angel", "Delver of Secrets // Insectile Aberration",
                            "Jace, the Mind Sculptor", "Swords to Plowshares", "Sol Ring", "Mana Crypt"}),
    ("id>=wubg", {"Atraxa, Praetors' Voice", "Reaper King"}),
    ("id=wubrg", {"Reaper King"}),
    ("id!=c t:artifact", {"Reaper King"}),
    ("id<g", {"Sol Ring", "Mana Crypt", "Command Tower"}),
    ("id>g t:creature", {"Atraxa, Praetors' Voice", "Thrasios, Triton Hero", "Reaper King"}),
])
def test_colour_and_identity_comparisons(engine, query, expected):
    assert names(engine, query) == expected


@pytest.mark.parametrize(("query", "expected"), [
    ("mv>=6", {"Shivan Dragon", "Emeria's Call // Emeria, Shattered Skyclave", "Reaper King"}),
    ("cmc=4 t:instant", {"Fire // Ice"}),
    ("mv!=1 t:instant", {"Counterspell", "Fire // Ice", "Boros Charm"}),
    ("pow>=5", {"Shivan Dragon", "Reaper King"}),
    ("tou<=1 t:creature c:g", {"Llanowar Elves", "Birds of Paradise", "Tarmogoyf"}),
    ("pow>2 t:human", {"Delver of Secrets // Insectile Aberration"}),
    ("loy>=3", {"Jace, the Mind Sculptor"}),
    ("mv:even t:creature c:g", {"Grizzly Bears", "Tarmogoyf", "Thrasios, Triton Hero", "Atraxa, Praetors' Voice",
                                "Reaper King"}),
])
def test_numeric_filters(engine, query, expected):
    assert names(engine, query) == expected


@pytest.mark.parametrize(("query", "expected"), [
    ("m:{R}{R}", {"Shivan Dragon"}),
    ("m:www", {"Emeria's Call // Emeria, Shattered Skyclave"}),
    ("m:{W}{W} t:sorcery", {"Wrath of God", "Emeria's Call // Emeria, Shattered Skyclave"}),
    ("kw:haste", {"Goblin Guide"}),
    ("kw:flying t:dragon", {"Shivan Dragon"}),
    ("produces:c", {"Sol Ring", "Mana Crypt"}),
    ("produces=wu", {"Hallowed Fountain"}),
    ("f:modern t:artifact", {"Reaper King"}),
    ("legal:vintage t:artifact", {"Sol Ring", "Mana Crypt", "Reaper King"}),
    ("banned:commander", {"Mana Crypt"}),
    ("banned:legacy", {"Sol Ring"}),
    ("restricted:vintage", {"Sol Ring", "Mana Crypt"}),
    ("r:mythic t:artifact", {"Mana Crypt"}),
    ("r>=rare t:creature c:g", {"Birds of Paradise", "Tarmogoyf", "Atraxa, Praetors' Voice", "Reaper King"}),
    ("year<1995", {"Lightning Bolt"}),
])
def test_mana_keyword_produces_format_rarity_year(engine, query, expected):
    assert names(engine, query) == expected


@pytest.mark.parametrize(("query", "expected"), [
    ("is:commander", {"Atraxa, Praetors' Voice", "Thrasios, Triton Hero", "Reaper King"}),
    ("is:partner", {"Thrasios, Triton Hero"}),
    ("is:gamechanger", {"Demonic Tutor"}),
    ("is:split", {"Fire // Ice"}),
    ("is:dfc", {"Delver of Secrets // Insectile Aberration", "Emeria's Call // Emeria, Shattered Skyclave"}),
    ("is:mdfc", {"Emeria's Call // Emeria, Shattered Skyclave"}),
    ("is:transform", {"Delver of Secrets // Insectile Aberration"}),
    ("is:vanilla", {"Grizzly Bears"}),
    ("is:frenchvanilla", {"Serra Angel", "Goblin Guide"}),
    ("is:permanent t:artifact c:c", {"Sol Ring", "Mana Crypt"}),
    ("is:spell t:land", {"Emeria's Call // Emeria, Shattered Skyclave"}),
    ("is:modal", {"Boros Charm", "Emeria's Call // Emeria, Shattered Skyclave"}),
    ("is:hybrid", {"Reaper King"}),
    ("is:multicolor t:creature", {"Atraxa, Praetors' Voice", "Thrasios, Triton Hero", "Reaper King"}),
    ("is:funny", {"Blacker Lotus"}),
    ("not:funny t:artifact c:c", {"Sol Ring", "Mana Crypt"}),
])
def test_is_values(engine, query, expected):
    assert names(engine, query) == expected


@pytest.mark.parametrize(("query", "expected"), [
    ("t:instant -c:r", {"Counterspell", "Swords to Plowshares"}),
    ("t:instant -o:damage", {"Counterspell", "Swords to Plowshares"}),
    ("(t:angel or t:dragon) c:w", {"Serra Angel", "Atraxa, Praetors' Voice"}),
    ("t:angel OR t:ape", {"Serra Angel", "Atraxa, Praetors' Voice", "Kird Ape"}),
    ("t:creature and c:r and pow>=2", {"Shivan Dragon", "Goblin Guide", "Reaper King"}),
    ("-(t:creature or t:land or t:instant or t:sorcery)", {"Sol Ring", "Mana Crypt", "Jace, the Mind Sculptor"}),
    ("t:instant (flying or c:w)", {"Swords to Plowshares", "Boros Charm"}),
    ("t:creature -flying c:g", {"Llanowar Elves", "Grizzly Bears", "Tarmogoyf", "Thrasios, Triton Hero",
                                "Reaper King"}),
])
def test_negation_or_and_parentheses(engine, query, expected):
    assert names(engine, query) == expected


def test_roles_filter_and_show(engine):
    assert names(engine, "role:ramp") >= {"Llanowar Elves", "Sol Ring", "Birds of Paradise"}
    assert names(engine, "role:boardwipe") == {"Wrath of God"}
    assert names(engine, "role:removal t:instant") == {"Lightning Bolt", "Swords to Plowshares", "Fire // Ice"}
    page = engine.search("!\"Sol Ring\"", mode="bm25")
    assert "manarock" in page.results[0].roles


def test_funny_cards_are_left_out_unless_asked(engine):
    assert "Blacker Lotus" not in names(engine, "t:artifact")
    assert "Blacker Lotus" in names(engine, "t:artifact", include_funny=True)


def test_unknown_data_matches_neither_a_filter_nor_its_negation(tmp_path):
    from grimoire.cards.store import CardDB, write_store
    from grimoire.search.engine import SearchEngine
    from tests.search.conftest import CARDS, card

    unknown = card("Mystery Card", "", "Instant", "Do something.", colors=())
    unknown = type(unknown)(**{**unknown.__dict__, "colors": None, "mana_value": None})
    write_store(tmp_path, [*CARDS, unknown], {"source": "test"})
    engine = SearchEngine(CardDB(tmp_path))
    assert "Mystery Card" not in names(engine, "t:instant c:c")
    assert "Mystery Card" not in names(engine, "t:instant -c:c")
    assert "Mystery Card" not in names(engine, "t:instant mv<10")
    assert "Mystery Card" not in names(engine, "t:instant -mv<10")


@pytest.mark.parametrize(("query", "message", "position"), [
    ("f:pauper t:instant", "no pauper legality", 0),
    ("t:instant r:rare", None, None),
])
def test_filter_on_data_the_store_lacks_says_so(small_db, query, message, position):
    from grimoire.search.engine import SearchEngine

    engine = SearchEngine(small_db)
    if message is None:
        engine.search(query, mode="bm25")
        return
    with pytest.raises(QuerySyntaxError, match=message) as caught:
        engine.search(query, mode="bm25")
    assert caught.value.position == position


def test_bundled_snapshot_says_it_has_no_modern_legality():
    import grimoire
    from grimoire.search.engine import SearchEngine

    with pytest.raises(QuerySyntaxError, match="no modern legality") as caught:
        SearchEngine(grimoire.open()).search("t:instant f:modern", mode="bm25")
    assert caught.value.position == 10


def test_paging_and_structured_filters(engine):
    from grimoire.search.engine import Filters

    first = engine.search("t:creature", limit=3, page=1, mode="bm25")
    second = engine.search("t:creature", limit=3, page=2, mode="bm25")
    assert first.total == second.total >= 6
    assert [r.rank for r in second.results] == [4, 5, 6]
    assert not {r.card.name for r in first.results} & {r.card.name for r in second.results}
    filtered = engine.search("", filters=Filters(color_identity="g", types=("creature",), mana_value_max=1),
                             mode="bm25", limit=50)
    assert {r.card.name for r in filtered.results} == {"Llanowar Elves", "Birds of Paradise"}


def test_free_text_ranks_and_filters_stay_hard(engine):
    page = engine.search("damage to any target t:instant", mode="bm25", limit=50)
    assert page.results[0].card.name == "Lightning Bolt"
    assert all("Instant" in r.card.type_line for r in page.results)
    assert page.results[0].lexical_rank == 1 and "t:instant" in page.results[0].matched
