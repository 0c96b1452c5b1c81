"""Requests a Constructed player's review found read poorly: typos that are English words or split keywords, price
words said beside a land cycle, comparisons with a card, and paraphrases of one need."""

from __future__ import annotations

import pytest

from grimoire.cards.home import bundled_store_dir
from grimoire.cards.store import CardDB
from grimoire.search.reading import Reader


@pytest.fixture(scope="module")
def reader() -> Reader:
    """The reader over the bundled snapshot: its card names are what a typo of a name is read against."""
    return Reader(CardDB(bundled_store_dir()))


def test_transpositions_swap_each_pair_of_neighbours():
    from grimoire.search.spelling import transpositions

    assert transpositions("blot") == {"lbot", "bolt", "blto"}
    assert transpositions("book") == {"obok", "boko"}  # (the two o's swapped give the word itself: not a typo)


@pytest.mark.parametrize(("query", "like"), [
    ("lightning blot alternatives", "Lightning Bolt"),  # "blot" is English, so the speller leaves it alone
    ("cards like lightning blot", "Lightning Bolt"),
    ("thoughtsieze budget", "Thoughtseize"),  # the typo fixed, then read as "budget Thoughtseize" is
    ("budget thoughtsieze", "Thoughtseize"),
    ("Thoughtseize budget", "Thoughtseize"),
    ("budget thoughtseize", "Thoughtseize"),  # a word that is only a card's name, in lower case
])
def test_a_misspelt_or_reordered_name_is_still_the_card_compared_with(reader, query, like):
    reading = reader.read(query)
    assert reading.like == like


def test_a_name_with_two_letters_swapped_says_what_it_was_read_as(reader):
    reading = reader.read("lightning blot")
    assert reading.card == "Lightning Bolt"
    assert '"blot" read as "bolt" (a typo?)' in reading.notes
    # and everyday or game words beside a price word stay words
    for query in ("goblin lords", "removal budget", "budget counterspells"):
        reading = reader.read(query)
        assert reading.like is None and reading.card is None, query


@pytest.mark.parametrize(("query", "keywords"), [
    ("fliers with life link", ["kw:lifelink", "kw:flying"]),
    ("creatures with life link", ["kw:lifelink"]),
    ("death touch creatures", ["kw:deathtouch"]),
    ("spells with flash back", ["kw:flashback"]),
    ("Life Link creatures", ["kw:lifelink"]),
])
def test_a_keyword_written_as_two_words_is_the_keyword(reader, query, keywords):
    reading = reader.read(query)
    for keyword in keywords:
        assert keyword in reading.syntax.split()
    assert "lifelink" not in reader.read("life, link").query  # (two words apart are not joined)


@pytest.mark.parametrize("query", ["budget fetchlands", "budget shocklands", "budget dual lands", "affordable removal",
                                   "budget-friendly removal", "low price counterspells", "budget"])
def test_a_price_word_always_notes_that_no_price_was_checked(reader, query):
    assert any("the card data has no prices" in note for note in reader.read(query).notes)


@pytest.mark.parametrize("query", ["budget fetchlands", "cheap fetchlands", "budget shocklands"])
def test_the_dearest_land_cycles_on_a_budget_are_the_lands_doing_their_job(reader, query):
    syntax = reader.read(query).syntax
    assert syntax.startswith("-is:") and "t:land" in syntax.split()
    assert reader.read("modern fetchlands").syntax == "is:fetchland"  # (no price said: the cycle itself)


@pytest.mark.parametrize(("query", "cost"), [("better than Shock", "mv<=1"), ("strictly better Counterspell", "mv<=2")])
def test_better_than_a_card_costs_no_more_than_it(reader, query, cost):
    reading = reader.read(query)
    assert cost in reading.syntax.split()
    assert "mv<2" in reader.read("cheaper version of Counterspell").syntax.split()  # (cheaper: strictly less)
