"""A second commander asked for ("partners for thrasios", "backgrounds for karlach"): what the named commander's text
lets share command with it, in any colours (a Commander player's review had found the commander's colours and
filler: red Backgrounds for Karlach, blue and green cards for Thrasios, Rowan Kenrith for Karlach)."""

from __future__ import annotations

import pytest

from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB
from grimoire.search.engine import SearchEngine
from grimoire.search.reading import Reader


@pytest.fixture(scope="module")
def db() -> CardDB:
    return CardDB(bundled_store_dir())


@pytest.fixture(scope="module")
def reader(db) -> Reader:
    return Reader(db)


@pytest.mark.parametrize(("query", "syntax"), [
    # plain Partner: the other plain Partner commanders, not "Partner with" (Rowan Kenrith) nor a variant
    ("partners for thrasios", 'kw:partner -o:"partner with" -o:"partner—" -!"Thrasios, Triton Hero"'),
    ("partner for tymna", 'kw:partner -o:"partner with" -o:"partner—" -!"Tymna the Weaver"'),
    # Choose a Background, however the second commander is called
    ("backgrounds for karlach", "t:background"),
    ("partners for karlach fury of avernus", "t:background"),
    ("karlach partner options", "t:background"),
    # Partner with: the one card named
    ("who can partner with rowan kenrith", '!"Will Kenrith"'),
    # a variant pairs within its kind
    ("partners for ellie brick master", 'o:"partner—survivors" -!"Ellie, Brick Master"'),
])
def test_a_second_commander_is_what_the_named_one_can_share_command_with(reader, query, syntax):
    reading = reader.read(query)
    assert reading.syntax == syntax
    assert not any(chip.startswith("id<=") for chip in reading.syntax.split())  # no colour filter: it adds its own


@pytest.mark.parametrize(("query", "syntax"), [
    # CR 702.124m: a Doctor's companion shares command with a legendary Time Lord Doctor, and the Doctor with it
    ("partners for the thirteenth doctor", 'o:"doctor\'s companion"'),  # it read "cannot share command"
    ("partners for clara oswald", 't:legendary t:"time lord doctor"'),
    # Amy Pond has both: Partner with Rory Williams, and Doctor's companion
    ("partners for amy pond", '(!"Rory Williams" or (t:legendary t:"time lord doctor"))'),
])
def test_a_doctor_and_a_doctors_companion_share_command(reader, query, syntax):
    reading = reader.read(query)
    assert reading.syntax == syntax
    assert not any("cannot share command" in note for note in reading.notes)


def test_a_commander_that_cannot_share_command_keeps_its_colours_and_says_so(reader):
    reading = reader.read("partners for atraxa")
    assert "id<=wubg" in reading.syntax.split()
    assert any("cannot share command" in note for note in reading.notes)


def test_the_answers_are_the_cards_that_can_pair(db):
    engine = SearchEngine(db)
    names = [result.card.name for result in engine.search("partners for thrasios", limit=100).results]
    assert "Tymna the Weaver" in names and "Thrasios, Triton Hero" not in names
    assert "Rowan Kenrith" not in names and "Will Kenrith" not in names  # Partner with pairs with its one card
    backgrounds = [result.card for result in engine.search("backgrounds for karlach", limit=50).results]
    assert backgrounds and all("Background" in card.type_line for card in backgrounds)
    assert {card.color_identity for card in backgrounds} - {("R",), ()}  # not red alone: any colour pairs


@pytest.mark.parametrize(("query", "keyword"), [
    ("cascade enablers", "cascade"),  # by meaning alone: the stax tag (Rule of Law, Prison Term)
    ("discover enablers", "discover"),
    ("cascade deck", "cascade"),  # it read nothing
    ("cascade decks", "cascade"),
])
def test_enablers_of_a_free_spell_keyword_are_its_cards_or_those_giving_it(reader, query, keyword):
    # Maelstrom Nexus, "the first spell you cast each turn has cascade", enables cascade as Bloodbraid Elf does
    assert reader.read(query).syntax == f"(kw:{keyword} or o:/\\b(?:have|has|gain|gains) [^.]*\\b{keyword}\\b/)"
    assert reader.read(f"{keyword} cards").syntax == f"kw:{keyword}"  # the cards with the keyword only


def test_storm_enablers_are_not_storm_cards(reader):
    assert "kw:storm" not in reader.read("storm enablers").syntax


def test_flyers_going_over_the_player_ask_for_the_answer(reader):
    for query in ("my opponent keeps flying over me", "their dragons fly over my blockers"):
        syntax = reader.read(query).syntax
        assert "kw:reach" in syntax and "kw:flying" not in syntax.replace("creatures? with flying", ""), query


@pytest.mark.parametrize(("query", "syntax"), [
    ("spells my opponent cant respond to", 'kw:"split second" (t:instant or t:sorcery)'),
    ("spells my opponent can't respond to", 'kw:"split second" (t:instant or t:sorcery)'),
    ("instants that can't be responded to", 'kw:"split second" t:instant'),
])
def test_a_spell_no_one_can_respond_to_has_split_second(reader, query, syntax):
    """Only the words had ranked split second: Forgotten Lore and Cosmotronic Wave were among the answers."""
    assert reader.read(query).syntax == syntax
    # an uncounterable spell can still be answered in response: it stays what it was
    assert reader.read("uncounterable spells").syntax == 'o:"can\'t be countered" (t:instant or t:sorcery)'


def test_spells_the_opponent_cannot_respond_to_are_split_second(db):
    engine = SearchEngine(db)
    for query in ("spells my opponent cant respond to", "cards my opponent can't respond to"):
        top = [result.card for result in engine.search(query, limit=5).results]
        assert sum("Split second" in card.oracle_text for card in top) >= 4, query


@pytest.mark.parametrize("query", ["burn that hits each opponent", "burn all my opponents", "burn each opponent"])
def test_burn_for_the_whole_table_is_damage_to_each_opponent(reader, query):
    """Single-target burn had led (Lightning Bolt), and "burn each opponent" had read the drain tag."""
    assert 'o:"damage to each opponent"' in reader.read(query).syntax


def test_rules_text_words_for_it_still_rank_as_typed(reader):
    assert reader.read("damage to each opponent").syntax == ""


@pytest.mark.parametrize("query", ["sacrifice a creature at no cost", "sac my creatures for free",
                                   "sacrifice creatures whenever i want"])
def test_a_sac_outlet_said_as_what_it_lets_me_do_finds_sac_outlets(db, query):
    """"sacrifice a creature at no cost" had ranked pitch spells (Flare of Malice), whose cost a creature pays."""
    top = [result for result in SearchEngine(db).search(query, limit=6).results]
    assert sum("sac-outlet" in result.tags for result in top) >= 5, [r.card.name for r in top]


@pytest.mark.parametrize(("query", "identity"), [
    ("partner pair Tymna Thrasios good card draw", "id<=wubg"),  # the pair's deck, not a third commander
    ("Rograkh and Silas partner commander upgrades", "id<=r"),
])
def test_a_partner_pair_named_keeps_its_deck(reader, query, identity):
    syntax = reader.read(query).syntax
    assert "kw:partner" not in syntax and identity in syntax.split()


def test_ping_each_opponent_is_left_to_rank(reader):
    """"ping" is as often a drain (Zulaport Cutthroat's life lost) as damage."""
    assert "damage to each opponent" not in reader.read("whenever something of mine dies, ping each opponent").syntax


@pytest.mark.parametrize(("query", "damage"), [("better than shock", "[2-9]"), ("better than lightning bolt", "[3-9]")])
def test_better_than_a_burn_spell_deals_at_least_its_damage(reader, query, damage):
    """"better than Shock" had led with Gut Shot, one damage, worded as Shock is."""
    assert f"o:/deals? (?:{damage}|[1-9]\\d+|x) damage/" in reader.read(query).syntax


def test_better_than_shock_answers_deal_two_or_more(db):
    top = [result.card for result in SearchEngine(db).search("better than shock", limit=10).results]
    assert top and "Gut Shot" not in [card.name for card in top]
