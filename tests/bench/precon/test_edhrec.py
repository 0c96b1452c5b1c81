"""The EDHREC page parser on the real page shape: __NEXT_DATA__ HTML or the JSON endpoint, the index, a precon page
(whose tables describe the commander whose href is the page's own path), and clear errors."""

from __future__ import annotations

import json

import pytest

from grimoire.bench.precon.edhrec import PageError, page_data, pair_parts, parse_index, parse_precon, slug_of
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


@pytest.mark.parametrize(("body", "message"), [
    ("<html>Just a moment...</html>", "__NEXT_DATA__"),
    ("{not json", "not valid JSON"),
    (json.dumps({"header": "x", "container": {"json_dict": {"cardlists": []}}}), "deck.commander"),
    (next_data_html({"header": "x", "deck": {"commander": ["A"], "cards": {}}}), "container.json_dict.cardlists"),
])
def test_a_page_of_another_shape_says_what_is_missing(body, message):
    with pytest.raises(PageError, match=message):
        parse_precon(body, "https://edhrec.com/precon/x")
