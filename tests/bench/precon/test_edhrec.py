"""The EDHREC page parser on the real page shape: __NEXT_DATA__ HTML or the JSON endpoint, the index, a precon page
(whose tables describe the commander whose href is the page's own path), and clear errors."""

from __future__ import annotations

import copy
import json

import pytest

from grimoire.bench.precon.edhrec import (
    PageError,
    page_data,
    pair_parts,
    parse_index,
    parse_precon,
    redirect_of,
    slug_of,
)
from tests.bench.precon.fixtures_data import BUILD_ID, INDEX, PAGES, next_data_html


def test_html_and_json_endpoint_give_the_same_page_object():
    page = PAGES["/precon/blood-beta"]
    from_html, build_id = page_data(next_data_html(page))
    from_json, no_build_id = page_data(json.dumps(page))
    assert from_html == from_json == page
    assert build_id == BUILD_ID and no_build_id is None


def test_the_index_lists_every_precon_with_its_set_group():
    entries = parse_index(next_data_html(INDEX))
    assert [e.slug for e in entries][:3] == ["grave-alpha", "blood-beta", "gamma-court"]
    pair = next(e for e in entries if e.slug == "party-of-two")
    assert pair.name == "Party of Two" and pair.group == "Pair Commander" and pair.url == "/precon/party-of-two"


def test_a_precon_page_reads_deck_counts_and_the_four_lists():
    page = parse_precon(next_data_html(PAGES["/precon/blood-beta"]), "https://edhrec.com/precon/blood-beta")
    assert page.slug == "blood-beta" and page.header == "Blood Beta Precon"
    assert page.commanders == ["Bloodline Keeper"] and "Edgar Markov" in page.deck and "Plains" in page.deck
    # the tables are Bloodline Keeper's (href == own path), though Edgar Markov is built more often
    assert page.main_commander == "Bloodline Keeper"
    assert page.commander_counts == [("Edgar Markov", 400), ("Bloodline Keeper", 50)]
    kinds = {card.kind for card in page.cards}
    assert kinds == {"cut", "add"}  # topcommanders is no label; the land lists are empty here
    cut = next(card for card in page.cards if card.name == "Chaos Warp")
    assert cut.unpopularity == 0.6 and cut.num_decks is None and cut.potential_decks is None
    add = next(card for card in page.cards if card.name == "Smothering Tithe")
    assert (add.num_decks, add.potential_decks, add.list_rank) == (180, 450, 1)
    assert page.potential_decks == 450


def test_partner_pairs_and_slugs():
    assert pair_parts("Pir, Imaginative Rascal // Toothy, Imaginary Friend") == [
        "Pir, Imaginative Rascal", "Toothy, Imaginary Friend"]
    assert slug_of("https://edhrec.com/precon/world-shaper") == "world-shaper"
    assert slug_of("/precon/world-shaper/hearthhull-the-worldseed") == "world-shaper"
    assert slug_of("https://json.edhrec.com/pages/precon/world-shaper.json") == "world-shaper"
    assert slug_of("https://json.edhrec.com/pages/precon/world-shaper/hearthhull-the-worldseed.json") == "world-shaper"


def test_a_redirect_answer_names_the_page_it_moved_to():
    # json.edhrec.com answers a moved page with HTTP 200 and {"redirect": "<page path>"} (see test_build's MOVED).
    assert redirect_of(json.dumps({"redirect": "/precon/world-shaper"})) == "/precon/world-shaper"
    assert redirect_of(json.dumps(PAGES["/precon/blood-beta"])) is None
    assert redirect_of(next_data_html(PAGES["/precon/blood-beta"])) is None


@pytest.mark.parametrize(("body", "message"), [
    ("<html>Just a moment...</html>", "__NEXT_DATA__"),
    ("{not json", "not valid JSON"),
    (json.dumps({"header": "x", "container": {"json_dict": {"cardlists": []}}}), "deck.commander"),
    (next_data_html({"header": "x", "deck": {"commander": ["A"], "cards": {}}}), "container.json_dict.cardlists"),
])
def test_a_page_of_another_shape_says_what_is_missing(body, message):
    with pytest.raises(PageError, match=message):
        parse_precon(body, "https://edhrec.com/precon/x")


def _variant(change) -> str:
    """Blood Beta's page (the real shape, whose sources fixtures_data names) as HTML, changed by ``change``."""
    page = copy.deepcopy(PAGES["/precon/blood-beta"])
    change(page)
    return next_data_html(page)


def _add_views(page: dict) -> list:
    return next(c for c in page["container"]["json_dict"]["cardlists"] if c["tag"] == "cardstoadd")["cardviews"]


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: _add_views(p).append({"sanitized": "no-name", "num_decks": 3}), r"cardlists\[1\]\.cardviews\[2\]"),
    (lambda p: p["container"]["json_dict"]["cardlists"].append("junk"), r"cardlists\[5\] is not an object"),
    (lambda p: p["precon_commander_counts"].append("junk"), r"precon_commander_counts\[2\] is not an object"),
    (lambda p: p["deck"]["cards"]["Creature"].append({"name": "Sol Ring", "count": 1}),
     r"deck\.cards\.Creature\[2\] is not a \[name, count\] pair"),
    (lambda p: p["deck"]["cards"]["Creature"].append("Sol Ring"), r"deck\.cards\.Creature\[2\]"),
    (lambda p: p["deck"].update(cards=[["Sol Ring", 1]]), r"deck\.cards is not an object"),
], ids=["cardview-without-name", "cardlist-not-an-object", "commander-count-not-an-object", "deck-card-an-object",
        "deck-card-a-string", "deck-cards-a-list"])
def test_an_entry_of_another_shape_is_a_page_error_saying_where(change, message):
    with pytest.raises(PageError, match=message):
        parse_precon(_variant(change), "https://edhrec.com/precon/blood-beta")


@pytest.mark.parametrize("href", ["https://edhrec.com/precon/blood-beta", "/precon/blood-beta/"])
def test_an_absolute_or_slash_ended_href_still_names_the_page_commander(href):
    body = _variant(lambda p: p["precon_commander_counts"][1].update(href=href))
    page = parse_precon(body, "https://edhrec.com/precon/blood-beta")
    assert page.main_commander == "Bloodline Keeper" and page.main_commander_matched


def test_when_no_href_names_the_page_the_first_deck_commander_is_taken_and_said():
    body = _variant(lambda p: p["precon_commander_counts"][1].update(href="/precon/elsewhere"))
    page = parse_precon(body, "https://edhrec.com/precon/blood-beta")
    assert page.main_commander == "Bloodline Keeper" and not page.main_commander_matched


def test_numbers_written_as_text_are_read():
    def as_text(page):
        for view in _add_views(page):
            view.update(num_decks=str(view["num_decks"]), potential_decks=str(view["potential_decks"]),
                        synergy=str(view["synergy"]))
        page["precon_commander_counts"][0]["count"] = "400"
    page = parse_precon(_variant(as_text), "https://edhrec.com/precon/blood-beta")
    tithe = next(card for card in page.cards if card.name == "Smothering Tithe")
    assert (tithe.num_decks, tithe.potential_decks, tithe.synergy) == (180, 450, 0.05)
    assert page.commander_counts[0] == ("Edgar Markov", 400) and page.potential_decks == 450


def test_a_cut_or_add_list_without_a_tag_is_known_by_its_header():
    """A list with its header ("Cards to Cut") and no tag had been dropped without a word; one whose header names
    none of the four lists is an error naming it."""
    page = copy.deepcopy(PAGES["/precon/blood-beta"])
    cardlists = page["container"]["json_dict"]["cardlists"]
    untagged = next(cardlist for cardlist in cardlists if cardlist["tag"] == "cardstocut")
    del untagged["tag"]
    read = parse_precon(json.dumps(page), "https://edhrec.com/precon/blood-beta")
    assert any(card.name == "Chaos Warp" and card.kind == "cut" for card in read.cards)
    untagged["header"] = "Cards We Like"
    with pytest.raises(PageError, match=r"cardlists\[\d\] has no tag, and its header \"Cards We Like\""):
        parse_precon(json.dumps(page), "https://edhrec.com/precon/blood-beta")


@pytest.mark.parametrize("body", ["[1, 2]", "", "  ", "5", '"page"'])
def test_an_answer_that_is_not_a_json_object_says_so(body: str):
    """A JSON answer that is no object (or an empty one) had been called "not JSON"."""
    with pytest.raises(PageError, match=r"not an EDHREC page \(expected a JSON object\)"):
        page_data(body)


def test_the_index_reader_refuses_a_commander_page():
    """A commander's page had been read as an index of one precon, /cards/scourge-of-valkas."""
    commander_page = {"header": "The Ur-Dragon (Commander)", "container": {"json_dict": {"cardlists": [
        {"tag": "highsynergycards", "header": "High Synergy Cards",
         "cardviews": [{"name": "Scourge of Valkas", "url": "/cards/scourge-of-valkas"}]}]}}}
    with pytest.raises(PageError, match="not the precon index: none of its 1 links is a /precon/ page"):
        parse_index(json.dumps(commander_page))


def test_a_slug_leaves_out_a_query_and_a_final_slash():
    assert slug_of("https://edhrec.com/precon/world-shaper?ref=1") == "world-shaper"
    assert slug_of("/precon/world-shaper/?ref=1#top") == "world-shaper"
