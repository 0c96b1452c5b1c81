"""Typos in request words and misspelt card names, read over the bundled snapshot's words and names."""

from __future__ import annotations

import pytest

from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB
from grimoire.search import spelling
from grimoire.search.engine import SearchEngine
from grimoire.search.reading import Reader


@pytest.fixture(scope="module")
def reader() -> Reader:
    return Reader(CardDB(bundled_store_dir()))


@pytest.mark.parametrize(("typed", "meant"), [
    ("removel", "removal"),  # not "remodel": English no card uses is never a correction
    ("counterspels", "counterspell"),
    ("reanimaton", "reanimation"),
    ("tutros", "tutors"),  # two letters swapped is one edit
    ("destory", "destroy"),
    ("sacrafice", "sacrifice"),
    ("indestructable", "indestructible"),  # two edits in a long word
    ("graveyeard", "graveyard"),
])
def test_a_typo_is_read_as_the_nearest_word_of_the_game(reader, typed, meant):
    assert reader.speller.correct(typed) == meant


@pytest.mark.parametrize("word", [
    "voltron", "aristocrats", "hatebears", "superfriends", "stompy", "blinkers", "rummagers", "cheapest", "lifegain",
    "landfall", "shockland", "pingers", "wincons", "bord", "stax",
    "multicolor", "multicolour",  # words the reader itself reads
    "precon", "decklist", "playgroup", "lifedrain",  # players' words ("lifedrain" is no typo of "lifegain")
    "pluck", "disposable",  # English the tokenizer splits into pieces ("luck", "disposal" are one edit away)
    "doesnt", "shouldnt", "theyre",  # contractions typed without the apostrophe ("doesnt" was read as "doesn")
    "untargeted", "nontargeted",  # what removal that targets nothing is called
])
def test_known_words_their_inflections_and_short_words_are_left_alone(reader, word):
    assert reader.speller.correct(word) is None


def test_a_corrected_word_keeps_its_place_and_says_so(reader):
    reading = reader.read("removel for my aristocrats deck")
    assert reading.query == "removal for my aristocrats deck"  # the theme still follows the last "for"
    assert reading.notes == ('"removel" read as "removal" (a typo?)',)
    assert reader.read("blakc removal").syntax == "id<=b"  # the corrected word is read like any other


@pytest.mark.parametrize(("typed", "meant"), [
    ("drwa", "draw"), ("rmap", "ramp"), ("mnaa", "mana"), ("lnad", "land"),
])
def test_a_short_word_with_two_letters_swapped_is_read_as_the_phrasings_word(reader, typed, meant):
    """Four letters are too few for the speller's other edits ("bord", "stax" are left alone), but two neighbours
    swapped into a word the tags' phrasings use is the commonest typo of all."""
    assert reader.speller.swapped(typed) == meant
    assert reader.read(f"card {typed}").notes == (f'"{typed}" read as "{meant}" (a typo?)',)


@pytest.mark.parametrize("word", ["bord", "stax", "ramp", "goad", "kiki", "tron", "ooze", "tokn"])
def test_a_short_known_word_or_one_no_swap_mends_is_left_alone(reader, word):
    assert reader.speller.swapped(word) is None


@pytest.mark.parametrize(("query", "expected"), [
    ("tutors in blak", "id<=b"), ("sweepers for mono whit", "id<=w"), ("gren ramp", "id<=g"),
    ("blu counterspells", "id<=u"),
])
def test_a_colour_word_typed_short_is_read_as_the_colour(reader, query, expected):
    """Colour words are below the speller's five letters, and what most requests filter by."""
    reading = reader.read(query)
    assert reading.syntax == expected and reading.notes[0].endswith("(a typo?)")


def test_quoted_words_syntax_and_card_names_are_never_corrected(reader):
    for query in ('"removel"', "o:removel", "Rhystic Study"):
        assert reader.read(query).query == query
    assert reader.read("removel").query == "removal"


def test_a_literal_search_reads_no_typo(tmp_path):
    engine = SearchEngine(CardDB(bundled_store_dir()), encoder="static")
    assert engine.search("removel", limit=1, literal=True).readings[0].notes == ()
    assert engine.search("removel", limit=1).readings[0].query == "removal"


def test_a_long_query_of_unknown_words_looks_up_a_bounded_number(reader, monkeypatch):
    calls = []
    original = reader.speller.correct
    monkeypatch.setattr(reader.speller, "correct", lambda word: calls.append(word) or original(word))
    reader.read(" ".join(f"zqxv{chr(97 + i % 26)}{chr(97 + i // 26)}" for i in range(100)))  # 699 characters
    assert len(calls) == spelling.MAX_LOOKUPS


@pytest.mark.parametrize(("typed", "name"), [
    ("Rhystic Studdy", "Rhystic Study"),
    ("lightnig bolt", "Lightning Bolt"),
    ("doubling seasn", "Doubling Season"),
])
def test_a_misspelt_name_as_the_whole_query_is_that_card(reader, typed, name):
    reading = reader.read(typed)
    assert reading.query == name and reading.notes == (f'"{typed}" read as the card {name}',)


def test_a_misspelt_name_after_cards_like_is_the_card_asked_about(reader):
    reading = reader.read("cards like rhystic studdy")
    assert reading.like == "Rhystic Study" and [c.syntax for c in reading.chips] == ['like:"Rhystic Study"']
    cheaper = reader.read("cheaper version of smothering tihte")
    assert cheaper.like == "Smothering Tithe" and "mv<4" in cheaper.syntax


def test_requests_near_a_name_are_not_names(reader):
    for query in ("goblin lords", "board wipe", "mana rock", "powerstone cards"):  # "Goblin Lore", Powerstone Shard
        assert not any("read as the card" in note for note in reader.read(query).notes)
    # a whole request a little less sure than a lookup (88, the next name far behind) is the card it is closest to
    assert reader.read("sol rnig").query == "Sol Ring"


def test_the_engine_puts_the_misspelt_card_first():
    engine = SearchEngine(CardDB(bundled_store_dir()), encoder="static")
    page = engine.search("Rhystic Studdy", limit=3)
    assert page.results[0].card.name == "Rhystic Study"
    assert any("read as the card Rhystic Study" in note for note in page.notes)


def test_es_makes_no_plural_of_a_word_it_cannot_follow(reader):
    """"whipes" passed as a plural of "whip" and was left as typed ("board whipes" found no board wipe)."""
    assert reader.speller.correct("whipes") == "wipes"
    assert reader.read("board whipes").query == "board wipes"
    assert all(reader.speller.knows(word) for word in ("boxes", "wishes", "heroes", "lashes"))  # true "es" forms


def test_an_s_makes_no_plural_of_a_word_short_of_its_e(reader):
    """"engins" passed as a plural of "engine" (its "e" put back as for "rummaging") and was left as typed."""
    assert reader.speller.correct("engins") in ("engine", "engines")
    assert all(reader.speller.knows(word) for word in ("rummaging", "blinked", "engines", "wiper"))


def test_chat_spellings_too_short_for_the_speller_are_read(reader):
    reading = reader.read("xtra combats")
    assert reading.query.startswith("extra combats") and any('"xtra" read as "extra"' in n for n in reading.notes)
    # (a review's "mana rox under 3" had read mv<3 alone, and ranked mana dorks; "cheep card drw in green" had no
    # cost limit)
    assert reader.read("mana rox under 3").syntax == "mv<3 t:artifact"
    cheap = reader.read("cheep card drw in green")
    assert cheap.syntax == "id<=g mv<=2" and cheap.query.split() == ["card", "draw", "id<=g", "mv<=2"]
    assert reader.read("burn that does 3 dmg").query.startswith("burn that does 3 damage")
    assert reader.read("drow cards").query == "draw cards"  # (it had ranked bestow cards)
