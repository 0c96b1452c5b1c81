"""Fetching decks over HTTP, against a real server on 127.0.0.1 that answers like Moxfield and Archidekt."""

from __future__ import annotations

import json
import socket

import pytest

from grimoire.decks.fetch import DeckFetchError, fetch_deck
from tests.http_server import LocalServer, QuietHandler

# The two sites' deck answers, cut to the fields Grimoire reads. Neither site documents its API; the shapes are
# those public clients read, e.g. GrahamIrwin/MTG_Vec2Search's worker/deck-link.js: Moxfield's
# GET api2.moxfield.com/v3/decks/all/<id> gives `name` and `boards.<board>.cards.<key>.{quantity, card.name}`
# for the boards commanders, mainboard, sideboard and maybeboard; Archidekt's GET archidekt.com/api/decks/<id>/
# gives `categories[].{name, includedInDeck}` and `cards[].{quantity, categories, card.oracleCard.name}`.
MOXFIELD_DECK = {
    "name": "Meren Test",
    "boards": {
        "commanders": {"count": 1, "cards": {"a1": {"quantity": 1, "card": {"name": "Meren of Clan Nel Toth"}}}},
        "mainboard": {"count": 3, "cards": {
            "b1": {"quantity": 1, "card": {"name": "Sol Ring"}},
            "b2": {"quantity": 2, "card": {"name": "Forest"}},
            "b3": {"quantity": 1, "card": {"name": "Notacard Xyz"}},
        }},
        "sideboard": {"count": 1, "cards": {"c1": {"quantity": 1, "card": {"name": "Duress"}}}},
        "maybeboard": {"count": 1, "cards": {"d1": {"quantity": 1, "card": {"name": "Mana Crypt"}}}},
    },
}
ARCHIDEKT_DECK = {
    "name": "Archidekt Test",
    "categories": [{"name": "Commander", "includedInDeck": True}, {"name": "Ramp", "includedInDeck": True},
                   {"name": "Maybeboard", "includedInDeck": False}, {"name": "Sideboard", "includedInDeck": False},
                   {"name": "Considering", "includedInDeck": False}],
    "cards": [
        {"quantity": 1, "categories": ["Commander"], "card": {"oracleCard": {"name": "Meren of Clan Nel Toth"}}},
        {"quantity": 1, "categories": ["Ramp"], "card": {"oracleCard": {"name": "Sol Ring"}}},
        {"quantity": 3, "categories": [], "card": {"oracleCard": {"name": "Swamp"}}},
        {"quantity": 1, "categories": ["Maybeboard"], "card": {"oracleCard": {"name": "Mana Crypt"}}},
        {"quantity": 1, "categories": ["Considering"], "card": {"oracleCard": {"name": "Mana Vault"}}},
        {"quantity": 1, "categories": ["Sideboard"], "card": {"oracleCard": {"name": "Duress"}}},
    ],
}
# The same shapes with values of the wrong kind where a card or its name should be, as a broken mirror or a
# changed API might answer: each such card is an unread line, the others are read
MOXFIELD_ODD = {"name": 7, "boards": {
    "mainboard": {"cards": {"x": "Sol Ring", "y": {"quantity": 1, "card": {"name": 5}},
                            "z": {"quantity": 1, "card": {"name": "Forest"}}}},
    "sideboard": "none", "commanders": {"cards": ["Meren of Clan Nel Toth"]}}}
ARCHIDEKT_ODD = {"name": "Odd", "categories": [5, {"name": None}], "cards": [
    5, {"quantity": 1, "categories": [5, "Ramp"], "card": {"oracleCard": {"name": "Sol Ring"}}},
    {"quantity": 1, "categories": "Ramp", "card": {"oracleCard": "Forest"}}]}
ROUTES = {"/v3/decks/all/abc123": MOXFIELD_DECK, "/api/decks/4242/": ARCHIDEKT_DECK,
          "/v3/decks/all/odd": MOXFIELD_ODD, "/api/decks/77/": ARCHIDEKT_ODD}


class DeckSites(LocalServer):
    """Both sites' deck APIs on one local server, recording each request's User-Agent."""

    def __init__(self) -> None:
        self.user_agents: list[str] = []
        sites = self

        class Handler(QuietHandler):
            def do_GET(self):  # noqa: N802 - the http.server API
                payload = ROUTES.get(self.path)
                sites.user_agents.append(self.headers.get("User-Agent", ""))
                body = json.dumps(payload or {"error": "not found"}).encode()
                self.send_response(200 if payload else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        super().__init__(Handler)


@pytest.fixture(scope="module")
def server():
    with DeckSites() as sites:
        yield sites


@pytest.fixture
def local_apis(server, monkeypatch):
    monkeypatch.setenv("GRIMOIRE_MOXFIELD_API", server.url)
    monkeypatch.setenv("GRIMOIRE_ARCHIDEKT_API", server.url)
    return server


def names(entries):
    return [(e.quantity, e.card.name) for e in entries]


def test_moxfield_deck(db, local_apis):
    deck = fetch_deck("https://www.moxfield.com/decks/abc123", db)
    assert deck.name == "Meren Test"
    assert names(deck.commanders) == [(1, "Meren of Clan Nel Toth")]
    assert names(deck.main) == [(1, "Sol Ring"), (2, "Forest")]
    assert names(deck.sideboard) == [(1, "Duress")]
    [problem] = deck.problems
    assert problem.text == "mainboard: 1 Notacard Xyz" and problem.line_number == 3
    assert local_apis.user_agents[-1].startswith("grimoire/")


def test_archidekt_deck(db, local_apis):
    deck = fetch_deck("https://archidekt.com/decks/4242/meren_test", db)
    assert deck.name == "Archidekt Test"
    assert names(deck.commanders) == [(1, "Meren of Clan Nel Toth")]
    assert names(deck.main) == [(1, "Sol Ring"), (3, "Swamp")]
    assert names(deck.sideboard) == [(1, "Duress")]  # the maybeboard and other excluded categories are left out


def test_missing_deck_says_so(db, local_apis):
    with pytest.raises(DeckFetchError, match="moxfield.com.*public.*paste the decklist"):
        fetch_deck("https://moxfield.com/decks/nope", db)


def test_offline_says_what_to_do(db, monkeypatch):
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("GRIMOIRE_ARCHIDEKT_API", f"http://127.0.0.1:{port}")
    with pytest.raises(DeckFetchError, match="could not reach archidekt.com: .* paste the decklist instead"):
        fetch_deck("https://archidekt.com/decks/4242/", db)


def test_unknown_site(db):
    with pytest.raises(DeckFetchError, match="moxfield.com/decks/<id> and archidekt.com/decks/<id>"):
        fetch_deck("https://tappedout.net/mtg-decks/some-deck/", db)


def test_an_answer_with_values_of_the_wrong_kind_reports_those_cards(db, local_apis):
    """A card that is a string, a name that is a number, a board that is no object: those cards are unread
    lines (each had raised AttributeError: an HTTP 500 on the web page, an internal error over MCP)."""
    deck = fetch_deck("https://moxfield.com/decks/odd", db)
    assert names(deck.main) == [(1, "Forest")] and deck.name is None
    assert len(deck.problems) == 2
    deck = fetch_deck("https://archidekt.com/decks/77/", db)
    assert names(deck.main) == [(1, "Sol Ring")]
    assert len(deck.problems) == 2


def test_a_link_too_long_to_be_a_deck_s_says_so(db, local_apis):
    with pytest.raises(DeckFetchError, match="too long"):  # httpx's own InvalidURL had escaped as a traceback
        fetch_deck("https://moxfield.com/decks/" + "a" * 70000, db)
