"""Fetching decks over HTTP, against a real server on 127.0.0.1 that answers like Moxfield and Archidekt."""

from __future__ import annotations

import json
import socket

import pytest

from grimoire.decks.fetch import DeckFetchError, fetch_deck
from grimoire.decks.read import read_deck
from tests.http_server import LocalServer, QuietHandler

# The two sites' deck answers, cut to the fields Grimoire reads. Neither site documents its API; the shapes are
# those public clients read, e.g. GrahamIrwin/MTG_Vec2Search's worker/deck-link.js: Moxfield's
# GET api2.moxfield.com/v3/decks/all/<id> gives `name` and `boards.<board>.cards.<key>.{quantity, card.name}`
# for the boards commanders, mainboard, sideboard and maybeboard, and companions and signatureSpells (Oathbreaker's
# signature spells), as z33kz33k/mtg's mtg/deck/scrapers/moxfield.py reads them; `format` is the deck's format, as
# lheyberger/mtg-parser's captured answer (tests/mocks/mock_moxfield_Agzx8zsi5UezWBUX5hMJPQ) writes "commander".
MOXFIELD_DECK = {
    "name": "Meren Test", "format": "commander",
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
# An Oathbreaker deck: its planeswalker among the commanders, its signature spell on the signatureSpells board
MOXFIELD_OATHBREAKER = {
    "name": "Wrenn Oathbreaker", "format": "oathbreaker",
    "boards": {
        "commanders": {"count": 1, "cards": {"a1": {"quantity": 1, "card": {"name": "Wrenn and Six"}}}},
        "signatureSpells": {"count": 1, "cards": {"s1": {"quantity": 1, "card": {"name": "Lightning Bolt"}}}},
        "mainboard": {"count": 1, "cards": {"b1": {"quantity": 1, "card": {"name": "Sol Ring"}}}},
        "maybeboard": {"count": 2, "cards": {"d1": {"quantity": 1, "card": {"name": "Mana Crypt"}},
                                            "d2": {"quantity": 1, "card": {"name": "Mana Vault"}}}},
        "attractions": {"count": 0, "cards": {}},
        "stickers": {"count": 0, "cards": {}},
    },
}


def archidekt_card(name: str, categories: list[str] | None, quantity: int = 1, *, companion: bool = False,
                   deleted_at: str | None = None) -> dict:
    """One entry of an Archidekt deck's `cards`, with the fields linkian209/pyrchidekt's ArchidektCard reads
    (pyrchidekt/cards.py; the values as in its tests/unit/resources/deck.json): `companion` is true for the deck's
    companion, `deletedAt` is when the card was deleted from the deck (null while it is in it), and `categories` may be
    null (SpaceCowMedia/commander-spellbook-backend's backend/website/services/archidekt.py reads it `or []`)."""
    return {"id": 1462788365, "categories": categories, "companion": companion, "flippedDefault": False,
            "label": ",#656565", "modifier": "Normal", "quantity": quantity, "customCmc": None,
            "removedCategories": None, "createdAt": "2023-08-23T22:32:18.118305Z",
            "updatedAt": "2023-09-03T16:27:36.290285Z", "deletedAt": deleted_at,
            "card": {"id": 65311, "collectorNumber": "37", "uid": "a0f7b8b1-f1dc-46a3-8f4a-c6181e8a049f",
                     "displayName": None, "edition": {"editioncode": "ptk", "editionname": "Portal Three Kingdoms"},
                     "oracleCard": {"id": 2064, "name": name, "layout": "normal", "faces": []}}}


# Archidekt's GET archidekt.com/api/decks/<id>/ gives `name`, `categories[].{name, includedInDeck}` and `cards[]`
ARCHIDEKT_DECK = {
    "id": 4242, "name": "Archidekt Test", "deckFormat": 3,
    "categories": [{"id": 1, "name": "Commander", "includedInDeck": True, "includedInPrice": True, "isPremier": True},
                   {"id": 2, "name": "Ramp", "includedInDeck": True, "includedInPrice": True, "isPremier": False},
                   {"id": 3, "name": "Maybeboard", "includedInDeck": False, "includedInPrice": False,
                    "isPremier": False},
                   {"id": 4, "name": "Sideboard", "includedInDeck": False, "includedInPrice": False,
                    "isPremier": False},
                   {"id": 5, "name": "Considering", "includedInDeck": False, "includedInPrice": True,
                    "isPremier": False}],
    "cards": [
        archidekt_card("Meren of Clan Nel Toth", ["Commander"]),
        archidekt_card("Sol Ring", ["Ramp"]),
        archidekt_card("Swamp", [], 3),
        archidekt_card("Golgari Signet", None),
        archidekt_card("Mana Crypt", ["Maybeboard"]),
        archidekt_card("Mana Vault", ["Considering"]),
        archidekt_card("Duress", ["Sideboard"]),
        archidekt_card("Lurrus of the Dream-Den", ["Sideboard"], companion=True),
        archidekt_card("Arcane Signet", ["Ramp"], deleted_at="2023-09-03T16:27:36.290285Z"),
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
# The same shape as ARCHIDEKT_DECK: a card's `categories` list its primary category first (what Archidekt places it
# by); the deck-level `categories` may be null (jessitron/mtg-deck-shuffler's archidektTypes.ts types it
# `Array<{name, isPremier, includedInDeck, ...}> | null`), and a deck may rename its premier command-zone category.
ARCHIDEKT_FIRST_DECIDES = {**ARCHIDEKT_DECK, "id": 4343, "categories": [
    {"id": 9, "name": "Commanders", "includedInDeck": True, "includedInPrice": True, "isPremier": True},
    {"id": 2, "name": "Ramp", "includedInDeck": True, "includedInPrice": True, "isPremier": False}], "cards": [
    archidekt_card("Meren of Clan Nel Toth", ["Commanders"]), archidekt_card("Sol Ring", ["Ramp", "Commander"])]}
ARCHIDEKT_NO_CATEGORIES = {**ARCHIDEKT_DECK, "id": 4444, "categories": None}
# A Modern deck on Moxfield: its answer's `format` says so
MOXFIELD_MODERN = {
    "name": "Burn", "format": "modern",
    "boards": {
        "mainboard": {"count": 2, "cards": {"b1": {"quantity": 4, "card": {"name": "Lightning Bolt"}},
                                            "b2": {"quantity": 56, "card": {"name": "Mountain"}}}},
        "sideboard": {"count": 1, "cards": {"c1": {"quantity": 2, "card": {"name": "Pyroblast"}}}},
    },
}
# Archidekt's `deckFormat` numbers as linkian209/pyrchidekt's Format enum (pyrchidekt/formats.py) names them: 2 is
# Modern, 3 Commander / EDH, 14 Oathbreaker (which deck checks do not cover)
ARCHIDEKT_MODERN = {"id": 4545, "name": "Archidekt Burn", "deckFormat": 2, "categories": [],
                    "cards": [archidekt_card("Lightning Bolt", ["Instant"], 4),
                              archidekt_card("Mountain", ["Land"], 56)]}
ROUTES = {"/v3/decks/all/burn": MOXFIELD_MODERN, "/api/decks/4545/": ARCHIDEKT_MODERN,
          "/v3/decks/all/abc123": MOXFIELD_DECK, "/api/decks/4242/": ARCHIDEKT_DECK,
          "/api/decks/4343/": ARCHIDEKT_FIRST_DECIDES, "/api/decks/4444/": ARCHIDEKT_NO_CATEGORIES,
          "/v3/decks/all/odd": MOXFIELD_ODD, "/api/decks/77/": ARCHIDEKT_ODD,
          "/v3/decks/all/oath1": MOXFIELD_OATHBREAKER}
# Moxfield answers programs it has not allowlisted with HTTP 403 and a Cloudflare page (MarioMH8/moxfield-api issue
# 67 quotes one: "<title>Attention Required! | Cloudflare</title>")
CLOUDFLARE_PATH = "/v3/decks/all/blocked"
CLOUDFLARE_PAGE = b"<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head></html>"


class DeckSites(LocalServer):
    """Both sites' deck APIs on one local server, recording each request's User-Agent."""

    def __init__(self) -> None:
        self.user_agents: list[str] = []
        sites = self

        class Handler(QuietHandler):
            def do_GET(self):  # noqa: N802 - the http.server API
                payload = ROUTES.get(self.path)
                sites.user_agents.append(self.headers.get("User-Agent", ""))
                if self.path == CLOUDFLARE_PATH:
                    status, kind, body = 403, "text/html", CLOUDFLARE_PAGE
                else:
                    status, kind = (200 if payload else 404), "application/json"
                    body = json.dumps(payload or {"error": "not found"}).encode()
                self.send_response(status)
                self.send_header("Content-Type", kind)
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
    assert deck.set_aside == 1  # the maybeboard's card, counted as the text reader counts a Maybeboard's lines


def test_archidekt_deck(db, local_apis):
    deck = fetch_deck("https://archidekt.com/decks/4242/meren_test", db)
    assert deck.name == "Archidekt Test"
    assert names(deck.commanders) == [(1, "Meren of Clan Nel Toth")]
    assert names(deck.main) == [(1, "Sol Ring"), (3, "Swamp"), (1, "Golgari Signet")]
    assert names(deck.sideboard) == [(1, "Duress")]  # the maybeboard and other excluded categories are left out
    assert deck.set_aside == 2  # Maybeboard and Considering: counted, as the text reader counts {noDeck} lines


def test_archidekt_a_cards_first_category_decides(db, local_apis):
    """A Sol Ring in "Ramp, Commander" had been the commander, and the commander in a renamed "Commanders"
    category a main-deck card: the first category decides, as on Archidekt."""
    deck = fetch_deck("https://archidekt.com/decks/4343", db)
    assert names(deck.commanders) == [(1, "Meren of Clan Nel Toth")] and names(deck.main) == [(1, "Sol Ring")]


def test_archidekt_without_category_flags_sets_considering_aside(db, local_apis):
    """With the deck's categories null, a card in Considering had been counted in the main deck; it is set aside as
    under a text Considering header (and Maybeboard as before)."""
    deck = fetch_deck("https://archidekt.com/decks/4444", db)
    assert names(deck.main) == [(1, "Sol Ring"), (3, "Swamp"), (1, "Golgari Signet")]
    assert names(deck.sideboard) == [(1, "Duress")] and deck.set_aside == 2


def test_archidekt_companion_and_deleted_cards(db, local_apis):
    """`companion: true` is the companion (it had been in the sideboard, its category); a card with a `deletedAt`
    was removed from the deck (it had been counted in the main deck)."""
    deck = fetch_deck("https://archidekt.com/decks/4242/meren_test", db)
    assert names(deck.companion) == [(1, "Lurrus of the Dream-Den")]
    assert "Arcane Signet" not in [e.card.name for e in deck.main]
    assert deck.count() == 1 + 5 + 1 + 1


def test_moxfield_signature_spells_are_noted_and_other_boards_set_aside(db, local_apis):
    """Oathbreaker's signatureSpells board has no section here: a note names its cards (they had been dropped
    silently); the maybeboard's cards are set aside and counted."""
    deck = fetch_deck("https://moxfield.com/decks/oath1", db)
    assert names(deck.commanders) == [(1, "Wrenn and Six")] and names(deck.main) == [(1, "Sol Ring")]
    [note] = deck.notes
    assert "signatureSpells" in note and "Lightning Bolt" in note
    assert deck.set_aside == 2
    assert deck.to_dict()["notes"] == [note]


def test_moxfield_refusing_a_program_says_to_pass_the_exported_list(db, local_apis):
    with pytest.raises(DeckFetchError, match=r"moxfield\.com refused an automated request .*HTTP 403.*allowlisted.*"
                                             r"export the list as text.*pass the file"):
        fetch_deck("https://moxfield.com/decks/blocked", db)


@pytest.mark.parametrize("url", ["moxfield.com/decks/abc123", "www.moxfield.com/decks/abc123/",
                                 "archidekt.com/decks/4242/meren_test", "www.archidekt.com/decks/4242"])
def test_a_deck_link_without_its_scheme(db, local_apis, url):
    """A link copied without "https://" is the site's deck (it had been read as a file path: "no deck file at")."""
    deck = read_deck(url, db)
    assert names(deck.commanders) == [(1, "Meren of Clan Nel Toth")]


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


@pytest.mark.parametrize(("url", "answer"), [("https://www.moxfield.com/decks/abc123", MOXFIELD_DECK),
                                             ("https://archidekt.com/decks/4242/meren_test", ARCHIDEKT_DECK),
                                             ("https://www.moxfield.com/decks/odd", MOXFIELD_ODD),
                                             ("https://archidekt.com/decks/77", ARCHIDEKT_ODD)])
def test_a_saved_site_answer_reads_as_its_url_does(db, local_apis, tmp_path, url, answer):
    """Moxfield's or Archidekt's API answer saved to a .json file (the way round Moxfield's 403) had been refused as
    "not an MTGJSON deck"; it reads through the same reader as the deck's URL."""
    (tmp_path / "deck.json").write_text(json.dumps(answer), encoding="utf-8")
    fetched = fetch_deck(url, db).to_dict()
    assert read_deck(str(tmp_path / "deck.json"), db).to_dict() == fetched
    assert read_deck(json.dumps(answer), db, files=False).to_dict() == fetched


def test_an_archidekt_answer_with_categories_of_another_shape_reads_its_cards(db):
    """`categories` as a number, top level or on a card (ARCHIDEKT_ODD's shape otherwise), had raised a TypeError:
    a traceback from the CLI, an HTTP 500 from the web API, an internal error from the MCP server."""
    for payload in ({**ARCHIDEKT_ODD, "categories": 5}, {**ARCHIDEKT_ODD, "categories": 1.5, "cards": [
            {"quantity": 1, "categories": True, "card": {"oracleCard": {"name": "Sol Ring"}}}]}):
        deck = read_deck(json.dumps(payload), db, files=False)
        assert [entry.card.name for entry in deck.main] == ["Sol Ring"]


# Moxfield's older API (api2.moxfield.com/v2/decks/all/<id>), which saved answers and other tools still carry: each
# board at the top level as `{<key>: {quantity, card}}`, as z33k's mtgcards (mtgcards/decks/moxfield.py) read its
# `mainboard`, `sideboard` and `commanders` items; `tokens` is a list
MOXFIELD_V2_DECK = {
    "name": "Meren Test", "format": "commander",
    "commanders": {"Meren of Clan Nel Toth": {"quantity": 1, "card": {"name": "Meren of Clan Nel Toth"}}},
    "mainboard": {"Sol Ring": {"quantity": 1, "card": {"name": "Sol Ring"}},
                  "Forest": {"quantity": 2, "card": {"name": "Forest"}},
                  "Notacard Xyz": {"quantity": 1, "card": {"name": "Notacard Xyz"}}},
    "sideboard": {"Duress": {"quantity": 1, "card": {"name": "Duress"}}},
    "maybeboard": {"Mana Crypt": {"quantity": 1, "card": {"name": "Mana Crypt"}}},
    "tokens": [{"name": "Zombie", "type_line": "Token Creature — Zombie"}],
}


def test_a_saved_moxfield_v2_answer_reads_as_the_v3_one(db, local_apis, tmp_path):
    """An answer of Moxfield's v2 API saved to a file had been refused as "not an MTGJSON deck": it holds the same deck
    as v3's `boards` (the maybeboard set aside, the unknown card reported)."""
    (tmp_path / "deck.json").write_text(json.dumps(MOXFIELD_V2_DECK), encoding="utf-8")
    assert read_deck(str(tmp_path / "deck.json"), db).to_dict() == \
        fetch_deck("https://www.moxfield.com/decks/abc123", db).to_dict()
    # a board of another name at the top level (v3's attractions and stickers boards) is set aside and counted too
    attractions = {"attractions": {"Balloon Stand": {"quantity": 1, "card": {"name": "Balloon Stand"}}}}
    assert read_deck(json.dumps({**MOXFIELD_V2_DECK, **attractions}), db, files=False).set_aside == 2


def test_a_moxfield_companion_repeated_in_the_sideboard_is_the_companion_once(db):
    """A real Moxfield v2 answer lists the companion under `companions` and again under `sideboard`, both entries
    `isCompanion: true` (lheyberger/mtg-parser's tests/mocks/mock_moxfield_Agzx8zsi5UezWBUX5hMJPQ: Kraum and Vial
    Smasher as commanders, Obosh, the Preypiercer in both boards, `sideboardCount` 1). `deck check` had counted "1
    companion, 1 sideboard" and warned that a Commander deck has no sideboard, naming Obosh."""
    from grimoire.decks.check import check_deck

    obosh = {"boardType": "companions", "quantity": 1, "isCompanion": True,
             "card": {"name": "Obosh, the Preypiercer", "set": "iko", "cn": "228"}}
    answer = {"name": "3 Amigos", "format": "commander",
              "commanders": {name: {"boardType": "commanders", "quantity": 1, "card": {"name": name}}
                             for name in ("Kraum, Ludevic's Opus", "Vial Smasher the Fierce")},
              "companions": {"Obosh, the Preypiercer": obosh},
              "mainboard": {"Sol Ring": {"boardType": "mainboard", "quantity": 1, "card": {"name": "Sol Ring"}}},
              "sideboard": {"Obosh, the Preypiercer": {**obosh, "boardType": "sideboard"}}, "sideboardCount": 1,
              "maybeboard": {}, "signatureSpells": {}, "tokens": []}
    deck = read_deck(json.dumps(answer), db, files=False)
    assert names(deck.companion) == [(1, "Obosh, the Preypiercer")] and not deck.sideboard
    assert deck.notes == ["Obosh, the Preypiercer is both the companion and in the sideboard, where a companion "
                          "starts: read once, as the companion"]
    assert not [v for v in check_deck(deck).violations if v.rule == "sideboard"]


def test_a_site_deck_is_checked_in_the_format_it_declares_unless_one_is_asked_for(db, local_apis):
    """A Modern deck from a Moxfield link had been checked as Commander (deck size, singleton, no commander): the
    deck's own format (Moxfield's `format`, Archidekt's `deckFormat`) is checked when none is asked for, and the
    check says why; a format asked for wins, and a format deck checks do not cover leaves the default, said."""
    from grimoire.decks.check import check_deck

    moxfield = fetch_deck("https://moxfield.com/decks/burn", db)
    check = check_deck(moxfield)
    assert check.format == "modern" and check.legal
    assert check.format_reason == "the deck's own format: moxfield.com says the deck is 'modern'"
    assert check.to_dict()["format_reason"] == check.format_reason
    archidekt = check_deck(fetch_deck("https://archidekt.com/decks/4545/burn", db))
    assert (archidekt.format, archidekt.legal) == ("modern", True) and "archidekt.com" in archidekt.format_reason
    asked = check_deck(moxfield, "commander")
    assert asked.format == "commander" and not asked.legal
    assert asked.format_reason == "the format asked for (moxfield.com says the deck is 'modern')"
    oathbreaker = check_deck(read_deck(json.dumps({**ARCHIDEKT_MODERN, "deckFormat": 14}), db, files=False))
    assert oathbreaker.format == "commander" and "'deckFormat 14', which deck checks do not cover" in \
        oathbreaker.format_reason
