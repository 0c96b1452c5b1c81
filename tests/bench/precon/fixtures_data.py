"""Small fixtures for the precon benchmark tests: MTGJSON files, EDHREC pages on a local HTTP server, a built dataset.

``make_fixture_dataset(tmp_path, db)`` builds a tiny dataset (3 scored precons: 1 dev, 2 test) for other tests.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from grimoire.bench.precon.build import build_dataset
from grimoire.bench.precon.fetch import Fetcher
from grimoire.cards.store import CardDB
from tests.http_server import LocalServer, QuietHandler

SNAPSHOT = "2026-10-14"
CUTOFF = "2025-11-01"
ROBOTS = "User-agent: *\nDisallow: /precon/private\nDisallow: /pages/precon/private\n"
BUILD_ID = "PdCFALsQSMQepvm3iBv87"  # the seed's snapshot buildId; Next.js puts it at the top of __NEXT_DATA__

# MTGJSON decks: file name -> (deck name, set code, release date, commanders, main board [(name, count)]).
# Shapes follow MTGJSON's documented models: DeckList entries {code, fileName, name, releaseDate, type}, a deck file
# {meta, data: {code, name, releaseDate, type, commander: [card], mainBoard: [card], sideBoard}}, each card a
# Card (Deck) with count and identifiers.scryfallOracleId (https://mtgjson.com/data-models/deck/,
# https://mtgjson.com/data-models/deck-list/, https://mtgjson.com/data-models/card/card-deck/).
DECKS = {
    "GraveAlpha_AAC": ("Grave Alpha", "AAC", "2025-03-07", ["Meren of Clan Nel Toth"], [
        ("Sol Ring", 1), ("Arcane Signet", 1), ("Command Tower", 1), ("Viscera Seer", 1), ("Blood Artist", 1),
        ("Sakura-Tribe Elder", 1), ("Eternal Witness", 1), ("Golgari Rot Farm", 1), ("Bojuka Bog", 1),
        ("Swamp", 4), ("Forest", 4)]),
    "BloodBeta_BBC": ("Blood Beta", "BBC", "2026-02-06", ["Edgar Markov"], [
        ("Sol Ring", 1), ("Arcane Signet", 1), ("Command Tower", 1), ("Bloodline Keeper", 1), ("Blood Artist", 1),
        ("Anguished Unmaking", 1), ("Path to Exile", 1), ("Chaos Warp", 1), ("Exotic Orchard", 1),
        ("Plains", 3), ("Swamp", 3), ("Mountain", 3)]),
    "GammaCourt_CCC": ("Gamma Court", "CCC", "2026-03-06", ["Kenrith, the Returned King"], [
        ("Sol Ring", 1), ("Arcane Signet", 1), ("Command Tower", 1), ("Cultivate", 1), ("Counterspell", 1),
        ("Swords to Plowshares", 1), ("Path of Ancestry", 1), ("Forest", 2), ("Island", 2),
        ("Zilortha, Strength Incarnate", 1)]),
    "GammaCourtCollectorsEdition_CCC": ("Gamma Court (Collector's Edition)", "CCC", "2026-03-06",
                                        ["Kenrith, the Returned King"], [("Sol Ring", 1), ("Forest", 4)]),
    "ThemeDeck_TD0": ("Online Theme Deck", "TD0", "2014-06-01", ["Atraxa, Praetors' Voice"], [
        ("Sol Ring", 1), ("Command Tower", 1), ("Forest", 4)]),
}
# Two more, only in the full build: a partner pair and a Universes Beyond deck (its commander's securityStamp is
# "triangle", as MTGJSON marks Universes Beyond printings).
EXTRA_DECKS = {
    "PartyOfTwo_PPC": ("Party of Two", "PPC", "2023-06-09", ["Pir, Imaginative Rascal", "Toothy, Imaginary Friend"], [
        ("Sol Ring", 1), ("Command Tower", 1), ("Simic Growth Chamber", 1), ("Brainstorm", 1), ("Ponder", 1),
        ("Cultivate", 1), ("Kodama's Reach", 1), ("Forest", 3), ("Island", 3)]),
    "NecronDynasties_40K": ("Necron Dynasties", "40K", "2022-10-07", ["Szarekh, the Silent King"], [
        ("Sol Ring", 1), ("Command Tower", 1), ("Imotekh the Stormlord", 1), ("Anrakyr the Traveller", 1),
        ("Canoptek Scarab Swarm", 1), ("Necron Overlord", 1), ("Skorpekh Destroyer", 1), ("Biotransference", 1),
        ("Swamp", 6)]),
}
UNIVERSES_BEYOND = {"Szarekh, the Silent King"}
# SetList entries {code, name, releaseDate, type, parentCode} (https://mtgjson.com/data-models/set-list/).
SETS = [
    {"code": "AAC", "name": "Alpha Commander", "releaseDate": "2025-03-07", "type": "commander", "parentCode": "AAA"},
    {"code": "AAA", "name": "Alpha", "releaseDate": "2025-03-07", "type": "expansion"},
    {"code": "BBC", "name": "Beta Commander", "releaseDate": "2026-02-06", "type": "commander"},
    {"code": "CCC", "name": "Gamma Commander", "releaseDate": "2026-03-06", "type": "commander"},
    {"code": "TD0", "name": "Magic Online Theme Decks", "releaseDate": "2014-06-01", "type": "box"},
    {"code": "PPC", "name": "Pair Commander", "releaseDate": "2023-06-09", "type": "commander"},
    {"code": "40K", "name": "Warhammer 40,000 Commander", "releaseDate": "2022-10-07", "type": "commander"},
]
# A printing's in-universe name: MTGJSON writes it as flavorName on set and deck cards (CardPrintingBase in
# mtgjson/mtgjson mtgjson5/models/cards.py; Card (Deck), https://mtgjson.com/data-models/card/card-deck/), never in
# AtomicCards (CardAtomic has no such field). Gamma Court's deck card carries it; Necron Dynasties' page lists the
# card as an add under this name, which then maps although that deck does not hold the card.
FLAVOR_NAMES = {"Zilortha, Strength Incarnate": "Godzilla, King of the Monsters"}


# ---- EDHREC, in the shape public readers of these pages agree on (cited in docs/precon-benchmark.md) ---------------
# Learned from the design note "Precon Upgrade Tools" of Kautiontape/mystic-forge
# (docs/superpowers/specs/2026-07-09-precon-upgrade-tools-design.md, "verified against live endpoints"), which names
# the top-level keys of json.edhrec.com/pages/precon/<slug>.json (archidekt, deck, precon_image,
# precon_commander_counts, header, panels, description, container) and of /pages/precon.json; corroborated by a
# public Go client (ParsePreconPage: deck.cards as [name, count] pairs by type) and a public Python reader (partner
# precons in the index list their commanders under "cards"; pairs in precon_commander_counts read as "A // B").
# A precon page object: header, deck {commander: [names], cards: {type: [[name, count]]}} (commanders are not in
# deck.cards), precon_commander_counts [{value, count, href}], and container.json_dict.cardlists [{tag, header,
# cardviews}], the cut/add tags cardstocut, landstocut, cardstoadd, landstoadd (and topcommanders, not a label).
# Add cardviews carry name, num_decks, inclusion, potential_decks and synergy; cut cardviews carry unpopularity
# with num_decks 0 and potential_decks 0.

def _cardview(name: str, **values) -> dict:
    return {"name": name, "sanitized": name.lower().replace(",", "").replace(" ", "-"), **values}


def _cardlists(cuts, land_cuts, adds, land_adds, potential: int, commanders=()) -> list[dict]:
    def cut_views(rows):
        return [_cardview(n, unpopularity=u, inclusion=0, num_decks=0, potential_decks=0) for n, u in rows]

    def add_views(rows):
        return [_cardview(n, inclusion=d, num_decks=d, potential_decks=potential, synergy=s) for n, d, s in rows]
    return [{"tag": "topcommanders", "header": "Top Commanders",
             "cardviews": [_cardview(n, num_decks=potential) for n in commanders]},
            {"tag": "cardstoadd", "header": "Cards to Add", "cardviews": add_views(adds)},
            {"tag": "landstoadd", "header": "Lands to Add", "cardviews": add_views(land_adds)},
            {"tag": "cardstocut", "header": "Cards to Cut", "cardviews": cut_views(cuts)},
            {"tag": "landstocut", "header": "Lands to Cut", "cardviews": cut_views(land_cuts)}]


def _deck(commanders: list[str], cards: dict[str, list[tuple[str, int]]]) -> dict:
    return {"commander": commanders, "cards": {kind: [[n, c] for n, c in rows] for kind, rows in cards.items()}}


def _page(header: str, deck: dict, counts: list[tuple[str, int, str]], cardlists: list[dict]) -> dict:
    return {"header": header, "description": "", "archidekt": [], "panels": {}, "precon_image": "", "deck": deck,
            "precon_commander_counts": [{"value": v, "count": c, "href": h} for v, c, h in counts],
            "container": {"json_dict": {"cardlists": cardlists}}}


PAGES = {
    "/precon/grave-alpha": _page(
        "Grave Alpha Precon", _deck(["Meren of Clan Nel Toth"], {
            "Creature": [("Viscera Seer", 1), ("Blood Artist", 1), ("Sakura-Tribe Elder", 1), ("Eternal Witness", 1)],
            "Artifact": [("Sol Ring", 1), ("Arcane Signet", 1)],
            "Land": [("Command Tower", 1), ("Golgari Rot Farm", 1), ("Bojuka Bog", 1), ("Swamp", 4), ("Forest", 4)]}),
        [("Meren of Clan Nel Toth", 900, "/precon/grave-alpha")],
        _cardlists(cuts=[("Blood Artist", 0.55), ("Viscera Seer", 0.35), ("Sakura-Tribe Elder", 0.2),
                         ("Eternal Witness", 0.1)],
                   land_cuts=[("Bojuka Bog", 0.4)],
                   adds=[("Skullclamp", 400, 0.1), ("Phyrexian Arena", 200, -0.05), ("Reanimate", 60, 0.2),
                         ("Demonic Tutor", 20, 0.3), ("Delver of Secrets // Not Its Back Face", 100, 0.0),
                         ("Not A Real Card Xyz", 50, 0.1)],
                   land_adds=[("Exotic Orchard", 300, 0.0)], potential=1000, commanders=["Meren of Clan Nel Toth"])),
    # The page names another commander than the MTGJSON deck: it is matched by card overlap (Jaccard) alone.
    "/precon/blood-beta": _page(
        "Blood Beta Precon", _deck(["Bloodline Keeper"], {
            "Creature": [("Edgar Markov", 1), ("Blood Artist", 1)],
            "Artifact": [("Sol Ring", 1), ("Arcane Signet", 1)],
            "Instant": [("Anguished Unmaking", 1), ("Path to Exile", 1), ("Chaos Warp", 1)],
            "Land": [("Command Tower", 1), ("Plains", 3), ("Swamp", 3), ("Mountain", 3)]}),
        [("Edgar Markov", 400, "/precon/blood-beta/edgar-markov"), ("Bloodline Keeper", 50, "/precon/blood-beta")],
        _cardlists(cuts=[("Chaos Warp", 0.6), ("Path to Exile", 0.16)], land_cuts=[],
                   adds=[("Smothering Tithe", 180, 0.05), ("Vampiric Tutor", 40, 0.1)], land_adds=[],
                   potential=450)),
    "/precon/gamma-court": _page(
        "Gamma Court Precon", _deck(["Kenrith, the Returned King"], {
            "Artifact": [("Sol Ring", 1), ("Arcane Signet", 1)], "Sorcery": [("Cultivate", 1)],
            "Instant": [("Counterspell", 1), ("Swords to Plowshares", 1)],
            "Land": [("Command Tower", 1), ("Path of Ancestry", 1), ("Forest", 2), ("Island", 2)]}),
        [("Kenrith, the Returned King", 320, "/precon/gamma-court")],
        _cardlists(cuts=[("Counterspell", 0.31)], land_cuts=[("Path of Ancestry", 0.5)],
                   adds=[("Rhystic Study", 160, 0.2), ("Kodama's Reach", 100, 0.1)], land_adds=[], potential=320)),
    # A partner pair: the deck names one partner; precon_commander_counts names the pair as "A // B".
    "/precon/party-of-two": _page(
        "Party of Two Precon", _deck(["Pir, Imaginative Rascal"], {
            "Creature": [("Toothy, Imaginary Friend", 1)], "Artifact": [("Sol Ring", 1)],
            "Instant": [("Brainstorm", 1)], "Sorcery": [("Ponder", 1), ("Cultivate", 1), ("Kodama's Reach", 1)],
            "Land": [("Command Tower", 1), ("Simic Growth Chamber", 1), ("Forest", 3), ("Island", 3)]}),
        [("Pir, Imaginative Rascal // Toothy, Imaginary Friend", 640, "/precon/party-of-two"),
         ("Toothy, Imaginary Friend", 35, "/precon/party-of-two/toothy-imaginary-friend")],
        _cardlists(cuts=[("Ponder", 0.52)], land_cuts=[("Simic Growth Chamber", 0.33)],
                   adds=[("Rhystic Study", 300, 0.25), ("Mystic Remora", 120, 0.15)], land_adds=[],
                   potential=675)),
    # Universes Beyond: an add under its in-universe name (an MTGJSON flavorName).
    "/precon/necron-dynasties": _page(
        "Necron Dynasties Precon", _deck(["Szarekh, the Silent King"], {
            "Creature": [("Imotekh the Stormlord", 1), ("Anrakyr the Traveller", 1), ("Canoptek Scarab Swarm", 1),
                         ("Necron Overlord", 1), ("Skorpekh Destroyer", 1)],
            "Artifact": [("Sol Ring", 1)], "Sorcery": [("Biotransference", 1)],
            "Land": [("Command Tower", 1), ("Swamp", 6)]}),
        [("Szarekh, the Silent King", 2100, "/precon/necron-dynasties")],
        _cardlists(cuts=[("Biotransference", 0.61)], land_cuts=[],
                   adds=[("Godzilla, King of the Monsters", 210, 0.02), ("Skullclamp", 500, 0.12)], land_adds=[],
                   potential=2100)),
    "/precon/private/hidden-deck": _page("Hidden", _deck(["Atraxa, Praetors' Voice"], {}), [], []),
}
# The index: one cardlist per set group, each cardview a precon {name, url}; partner precons list their commanders
# under "cards".
INDEX = {"header": "Precon Upgrade Guide", "container": {"json_dict": {"cardlists": [
    {"tag": "alphacommander", "header": "Alpha Commander", "cardviews": [
        {"name": "Grave Alpha", "url": "/precon/grave-alpha"}]},
    {"tag": "betacommander", "header": "Beta Commander", "cardviews": [
        {"name": "Blood Beta", "url": "/precon/blood-beta"}]},
    {"tag": "gammacommander", "header": "Gamma Commander", "cardviews": [
        {"name": "Gamma Court", "url": "/precon/gamma-court"},
        {"name": "Hidden", "url": "/precon/private/hidden-deck"}]},
    {"tag": "paircommander", "header": "Pair Commander", "cardviews": [
        {"name": "Party of Two", "url": "/precon/party-of-two",
         "cards": [{"name": "Pir, Imaginative Rascal"}, {"name": "Toothy, Imaginary Friend"}]}]},
    {"tag": "warhammer40000commander", "header": "Warhammer 40,000 Commander", "cardviews": [
        {"name": "Necron Dynasties", "url": "/precon/necron-dynasties"}]},
]}}}
# The static JSON host serves the same page objects at their root, at <page path>.json under /pages: the index at
# /pages/precon.json and a precon at /pages/precon/<slug>.json (Kautiontape/mystic-forge's design note, "verified
# against live endpoints"; Guibod/mightstone's EdhRecStatic.base_url https://json.edhrec.com/pages). A build whose
# base is <server>/pages reads these; an unknown path there is HTTP 403, as the design note says EDHREC answers.
JSON_ENDPOINT_PAGES = {"/pages/precon.json": INDEX, **{f"/pages{path}.json": data for path, data in PAGES.items()}}


def next_data_html(data: dict) -> str:
    """A page as Next.js serves it: the page object at props.pageProps.data in <script id="__NEXT_DATA__">."""
    document = {"props": {"pageProps": {"data": data}, "__N_SSG": True}, "page": "/precon/[...precon]",
                "query": {}, "buildId": BUILD_ID, "isFallback": False, "gsp": True, "scriptLoader": []}
    return (f'<!DOCTYPE html><html><head></head><body><div id="__next"></div>'
            f'<script id="__NEXT_DATA__" type="application/json">{json.dumps(document)}</script></body></html>')


def edhrec_routes() -> dict[str, str]:
    """Both hosts on one server: __NEXT_DATA__ HTML at /precon/... (edhrec.com) and page JSON under /pages."""
    routes = {"/robots.txt": ROBOTS, "/precon": next_data_html(INDEX)}
    routes.update({path: next_data_html(data) for path, data in PAGES.items()})
    routes.update({path: json.dumps(data) for path, data in JSON_ENDPOINT_PAGES.items()})
    return routes


def _mtgjson_card(db: CardDB, name: str, count: int, *, use_store_id: bool) -> dict:
    card = db.find(name)
    assert card is not None, name
    oracle_id = card.oracle_id if use_store_id else "00000000-0000-4000-8000-000000000000"  # not in the store
    stamp = {"securityStamp": "triangle"} if name in UNIVERSES_BEYOND else {}
    flavor = {"flavorName": FLAVOR_NAMES[name]} if name in FLAVOR_NAMES else {}
    return {"name": name, "count": count, "identifiers": {"scryfallOracleId": oracle_id}, "isFoil": False, **stamp,
            **flavor}


def _atomic(db: CardDB) -> dict:
    """AtomicCards {meta, data: {name: [face]}} for the fixture's cards (https://mtgjson.com/data-models/card/card-atomic/).

    Only Card (Atomic) fields: no printing fields such as flavorName (AtomicCardsAssembler in mtgjson/mtgjson
    mtgjson5/build/assemble.py builds each face as a CardAtomic).
    """
    names = {n for decks in (DECKS, EXTRA_DECKS) for _, _, _, commanders, main in decks.values()
             for n in [*commanders, *(m for m, _ in main)]}
    data = {}
    for name in sorted(names):
        card = db.find(name)
        data[card.name] = [{"name": card.name, "identifiers": {"scryfallOracleId": card.oracle_id},
                            "layout": "normal", "colorIdentity": list(card.color_identity), "type": card.type_line,
                            "firstPrinting": "LEA"}]
    return {"meta": {"date": "2026-10-13", "version": "5.3.0+20261013"}, "data": data}


def write_mtgjson(folder: Path, db: CardDB, *, include_theme_deck: bool = True, include_extra: bool = True) -> Path:
    """DeckList.json, SetList.json, AtomicCards.json and the deck files in ``folder/decks``; returns ``folder``."""
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    entries = [{"code": "XYZ", "fileName": "IntroPack_XYZ", "name": "Not A Commander Deck",
                "releaseDate": "2020-01-01", "type": "Intro Pack"}]
    decks = {**DECKS, **(EXTRA_DECKS if include_extra else {})}
    meta = {"date": "2026-10-13", "version": "5.3.0+20261013"}
    for file_name, (name, code, released, commanders, main) in decks.items():
        if code == "TD0" and not include_theme_deck:
            continue
        entries.append({"code": code, "fileName": file_name, "name": name, "releaseDate": released,
                        "type": "Commander Deck"})
        # Commanders carry the store's id (matched by id); the rest carry an unknown id (matched by name).
        deck = {"code": code, "name": name, "releaseDate": released, "type": "Commander Deck",
                "commander": [_mtgjson_card(db, n, 1, use_store_id=True) for n in commanders],
                "mainBoard": [_mtgjson_card(db, n, c, use_store_id=False) for n, c in main], "sideBoard": []}
        (folder / "decks" / f"{file_name}.json").write_text(json.dumps({"meta": meta, "data": deck}),
                                                            encoding="utf-8")
    (folder / "DeckList.json").write_text(json.dumps({"meta": meta, "data": entries}), encoding="utf-8")
    (folder / "SetList.json").write_text(json.dumps({"meta": meta, "data": SETS}), encoding="utf-8")
    (folder / "AtomicCards.json").write_text(json.dumps(_atomic(db)), encoding="utf-8")
    return folder


def mtgjson_routes(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` at ``/<path>``, with MTGJSON's ``<path>.sha256`` (a bare hex digest) beside it."""
    routes: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*.json")):
        body = path.read_bytes()
        url = "/" + path.relative_to(folder).as_posix()
        routes[url] = body
        routes[url + ".sha256"] = hashlib.sha256(body).hexdigest().encode()
    return routes


class FixtureServer(LocalServer):
    """A local HTTP server on 127.0.0.1 serving fixed pages; ``fail_once`` paths answer 429 the first time and
    ``redirects`` paths answer ``redirect_status`` (301 unless given) with their ``Location``. An unknown path is
    404, or 403 under /pages as on the JSON host."""

    def __init__(self, routes: dict[str, str | bytes], fail_once: set[str] | None = None,
                 redirects: dict[str, str] | None = None, redirect_status: int = 301):
        self.routes = routes
        self.fail_once = set(fail_once or ())
        self.redirects = dict(redirects or {})
        self.redirect_status = redirect_status
        self.requests: list[tuple[str, str]] = []
        server = self

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                server.requests.append((self.path, self.headers.get("User-Agent", "")))
                if self.path in server.fail_once:
                    server.fail_once.discard(self.path)
                    self._send(429, "slow down", {"Retry-After": "1"})
                elif self.path in server.redirects:
                    self._send(server.redirect_status, "moved", {"Location": server.redirects[self.path]})
                elif self.path in server.routes:
                    self._send(200, server.routes[self.path])
                else:
                    self._send(403 if self.path.startswith("/pages/") else 404, "not found")

            def _send(self, status: int, body: str | bytes, headers: dict | None = None) -> None:
                data = body if isinstance(body, bytes) else body.encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

        super().__init__(Handler)


class FakeClock:
    """A clock that only moves when slept on, so polite waits cost no time; ``sleeps`` records each wait."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


def make_fetcher(cache_dir: Path, base_url: str, clock: FakeClock | None = None) -> Fetcher:
    clock = clock or FakeClock()
    return Fetcher(cache_dir, base_url=base_url, clock=clock, sleep=clock.sleep, user_agent="grimoire-test/1.0")


@contextmanager
def edhrec_server(fail_once: set[str] | None = None) -> Iterator[FixtureServer]:
    with FixtureServer(edhrec_routes(), fail_once) as server:
        yield server


def make_fixture_dataset(tmp_path: Path, db: CardDB) -> Path:
    """A tiny built dataset in ``tmp_path/precon-dataset``: 3 scored precons (1 dev, 2 test) with EDHREC labels.

    Built by :func:`build_dataset` against a local server; ``db`` is the bundled store (``grimoire.open()``).
    """
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db, include_theme_deck=False, include_extra=False)
    out = tmp_path / "precon-dataset"
    with edhrec_server() as server:
        fetcher = make_fetcher(tmp_path / "edhrec-cache", server.url)
        with fetcher:
            build_dataset(out, snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db, fetcher=fetcher, cutoff=CUTOFF)
    return out
