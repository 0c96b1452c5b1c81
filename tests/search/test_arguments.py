"""The one check of a search call's arguments: each bad one is named, in each surface's spelling, with the fix."""

from __future__ import annotations

import math

import pytest

from grimoire.search.arguments import (
    FilterArguments,
    SearchArgumentError,
    run_search,
    run_similar,
    search_filters,
    search_page,
    search_queries,
)
from grimoire.search.engine import Filters


@pytest.mark.parametrize(("filters", "argument", "expected"), [
    ({"mana_value_min": 5, "mana_value_max": 2}, "mana_value_min", "mana_value_min (5) is above mana_value_max (2)"),
    ({"mana_value_max": -1}, "mana_value_max", "mana_value_max must be from 0 to 1,000,000, not -1."),
    ({"mana_value_min": math.nan}, "mana_value_min", "mana_value_min must be a number from 0 to 1,000,000, not nan"),
    ({"mana_value_max": math.inf}, "mana_value_max", "not inf"),
    ({"mana_value_max": 2_000_000}, "mana_value_max", "not 2000000."),
    ({"mana_value_min": 1_000_000.4}, "mana_value_min", "not 1000000.4."),  # (it had been "1e+06", in range)
    ({"mana_value_min": 1e308}, "mana_value_min", "not 1e+308."),  # as sent, not in 309 digits
    ({"color_identity": "purple"}, "color_identity", "color_identity 'purple' is not a colour identity"),
    ({"color_identity": "{x}"}, "color_identity", "color_identity '{x}' is not a colour identity"),
    ({"format": "chess"}, "format", "bad format: unknown format 'chess'"),
    ({"roles": ["dancing"]}, "roles", "bad roles: unknown role 'dancing'"),
    # query syntax in a structured filter had widened the search silently: (f:commander or t:land)
    ({"format": "commander or t:land"}, "format", "'commander or t:land' is not a format's name"),
    ({"roles": ["ramp or t:land"]}, "roles", "'ramp or t:land' is not a function tag's name"),
    ({"format": "modern -t:land"}, "format", "no search syntax"),
    # query syntax as a type had found nothing, silently
    ({"types": ["t:creature"]}, "types", "types 't:creature' is not a type's name"),
    ({"types": ["creature", "elf or goblin)"]}, "types", "'elf or goblin)' is not a type's name"),
    ({"types": ["-land"]}, "types", "(put query syntax such as t:creature in the queries)"),
])
def test_a_bad_filter_is_named_with_the_fix(filters: dict, argument: str, expected: str):
    with pytest.raises(SearchArgumentError) as caught:
        search_filters(**filters)
    assert caught.value.argument == argument and expected in str(caught.value)


def test_each_surface_gets_its_own_spelling_of_the_same_message():
    with pytest.raises(SearchArgumentError) as caught:
        search_filters(mana_value_min=5, mana_value_max=2)
    error = caught.value
    assert error.message({"mana_value_min": "--mv-min", "mana_value_max": "--mv-max"}).startswith(
        "--mv-min (5) is above --mv-max (2)")
    assert error.message({"mana_value_min": "mv_min", "mana_value_max": "mv_max"}).startswith("mv_min (5) is above")


def test_good_filters_are_normalised():
    filters = search_filters(" bg ", " Commander ", ["creature", " "], 0, 3, [" Ramp "])
    assert filters == Filters(color_identity="bg", format="commander", types=("creature",), mana_value_min=0.0,
                              mana_value_max=3.0, roles=("ramp",))
    assert search_filters(types=["Assembly-Worker", "Time Lord", "Urza’s"]).types == \
        ("Assembly-Worker", "Time Lord", "Urza’s")
    zero = search_filters(mana_value_min=-0.0).mana_value_min  # (echoed as mv>=-0)
    assert zero == 0 and math.copysign(1, zero) == 1


def test_a_format_the_loaded_card_data_lacks_is_the_format_s_error(engine, small_db):
    """The small store knows four formats' legality, as the bundled snapshot knows only commander's: a format
    filter for another is the format argument's error (it had blamed the query, with a caret under it)."""
    assert small_db.columns.knows_legality("modern") and not small_db.columns.knows_legality("pauper")
    found = run_search(engine, "counter target spell", FilterArguments(format="modern")).page.results
    assert found and "Counterspell" not in {result.card.name for result in found}  # (not legal in modern)
    for call in (lambda: run_search(engine, "counter target spell", FilterArguments(format="pauper")),
                 lambda: run_search(engine, "", FilterArguments(format="Pauper")),
                 lambda: run_similar(engine, "Counterspell", "", FilterArguments(format="pauper"))):
        with pytest.raises(SearchArgumentError) as caught:
            call()
        assert caught.value.argument == "format"
        assert caught.value.message({"format": "--format"}) == (
            "bad --format: the loaded card data has no pauper legality (it knows commander, modern, legacy, vintage; "
            "run grimoire data update). Leave --format out.")
    with pytest.raises(SearchArgumentError) as caught:  # the same in the query is the query's
        run_search(engine, "counter target spell f:pauper")
    assert caught.value.argument == "queries" and "no pauper legality" in str(caught.value)


def test_an_empty_query_needs_a_filter_and_one_to_four_queries():
    with pytest.raises(SearchArgumentError, match="every query is empty"):
        search_queries(["", "  "], Filters())
    assert search_queries("", Filters(roles=("ramp",))) == [""]
    with pytest.raises(SearchArgumentError, match="1 to 4 queries, not 5"):
        search_queries(["a"] * 5, Filters())


def test_a_limit_above_the_maximum_is_capped_with_a_note_and_below_one_is_an_error():
    assert search_page(500, 2, 50) == (50, 2, ["500 results per page is above the maximum; showing 50 per page "
                                                "(ask for the next page for more)"])
    assert search_page(10, 1, 50) == (10, 1, [])
    for limit, page, argument in ((0, 1, "limit"), (10, 0, "page")):
        with pytest.raises(SearchArgumentError) as caught:
            search_page(limit, page, 50)
        assert caught.value.argument == argument


def test_a_syntax_error_says_which_query_and_where(engine):
    with pytest.raises(SearchArgumentError) as caught:
        run_search(engine, ["draw a card", 't:instant o:"draw'], FilterArguments())
    message = str(caught.value)
    assert message.startswith("bad query #2: unclosed quote (at character 13):\nt:instant o:\"draw\n            ^\n")
    assert caught.value.details["position"] == 12


def test_excluded_names_that_match_no_card_are_a_note(engine):
    call = run_search(engine, "deals 3 damage", exclude=["Lightning Bolt", "Not A Real Card"], limit=5)
    assert call.page.results and "Lightning Bolt" not in [r.card.name for r in call.page.results]
    assert call.notes == ["exclude: no card named 'Not A Real Card' (left in the search)"]


def test_many_unknown_excluded_names_are_counted_not_all_listed(engine):
    """10,000 unknown names had made a 259 KB note: ten are listed, the rest counted."""
    call = run_search(engine, "deals 3 damage", exclude=[f"Not A Card {i}" for i in range(10_000)], limit=5)
    [note] = call.notes
    assert note.endswith("'Not A Card 9' and 9990 more (left in the search)") and len(note) < 400


def test_a_huge_argument_is_quoted_short(engine):
    """A 1 MB excluded name had been quoted whole (an answer of 2 MB), and a 401-digit limit or page whole."""
    [note] = run_search(engine, "deals 3 damage", exclude=["x" * 1_000_000], limit=5).notes
    assert len(note) < 300 and "(1,000,000 characters)" in note
    [capped] = search_page(10 ** 400, 1, 50)[2]
    assert len(capped) < 300 and "(401 characters)" in capped
    for limit, page in ((-(10 ** 400), 1), (10, -(10 ** 5000))):
        with pytest.raises(SearchArgumentError) as caught:
            search_page(limit, page, 50)
        assert len(str(caught.value)) < 300


def test_a_huge_query_s_error_shows_the_part_near_the_caret(engine):
    """A 60,000-character query had come back whole, twice, in the error (121 KB of HTTP 400)."""
    with pytest.raises(SearchArgumentError) as caught:
        run_search(engine, "x" * 60_000)
    assert len(caught.value.message()) < 600 and "query too long: it has 60,000 characters" in caught.value.message()
    assert "syntax" not in caught.value.message()  # (it had advised fixing the syntax, under a caret 1,000 spaces in)
    assert len(caught.value.details["query"]) == 1001  # cut at the length limit, marked
