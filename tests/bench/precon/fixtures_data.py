"""Small fixtures for the precon benchmark tests: MTGJSON files, EDHREC pages on a local HTTP server, a built dataset.

``make_fixture_dataset(tmp_path, db)`` builds a tiny dataset (3 scored precons: 1 dev, 2 test) for other tests.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from grimoire.bench.precon.build import build_dataset
from grimoire.bench.precon.fetch import Fetcher
from grimoire.cards.store import CardDB

SNAPSHOT = "2026-10-14"
CUTOFF = "2025-11-01"
ROBOTS = "User-agent: *\nDisallow: /precon/private\n"

# MTGJSON decks: file name -> (deck name, set code, release date, commanders, main board [(name, count)]).
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
        ("Swords to Plowshares", 1), ("Path of Ancestry", 1), ("Forest", 2), ("Island", 2)]),
    "GammaCourtCollectorsEdition_CCC": ("Gamma Court (Collector's Edition)", "CCC", "2026-03-06",
                                        ["Kenrith, the Returned King"], [("Sol Ring", 1), ("Forest", 4)]),
    "ThemeDeck_TD0": ("Online Theme Deck", "TD0", "2014-06-01", ["Atraxa, Praetors' Voice"], [
        ("Sol Ring", 1), ("Command Tower", 1), ("Forest", 4)]),
}
SETS = [
    {"code": "AAC", "name": "Alpha Commander", "releaseDate": "2025-03-07", "type": "commander", "parentCode": "AAA"},
    {"code": "AAA", "name": "Alpha", "releaseDate": "2025-03-07", "type": "expansion"},
    {"code": "BBC", "name": "Beta Commander", "releaseDate": "2026-02-06", "type": "commander"},
    {"code": "CCC", "name": "Gamma Commander", "releaseDate": "2026-03-06", "type": "commander"},
    {"code": "TD0", "name": "Magic Online Theme Decks", "releaseDate": "2014-06-01", "type": "box"},
]


def _cardview(name: str, **values) -> dict:
    return {"name": name, "sanitized": name.lower().replace(" ", "-"), **values}


def _cardlists(cuts, land_cuts, adds, land_adds, potential: int) -> list[dict]:
    def views(rows, cut: bool):
        if cut:
            return [_cardview(n, unpopularity=u, num_decks=int(u * potential), potential_decks=potential)
                    for n, u in rows]
        return [_cardview(n, num_decks=d, potential_decks=potential, synergy=s, lift=1.5) for n, d, s in rows]
    return [{"header": "Cards to Cut", "tag": "cardstocut", "cardviews": views(cuts, True)},
            {"header": "Lands to Cut", "tag": "landstocut", "cardviews": views(land_cuts, True)},
            {"header": "Cards to Add", "tag": "cardstoadd", "cardviews": views(adds, False)},
            {"header": "Lands to Add", "tag": "landstoadd", "cardviews": views(land_adds, False)},
            {"header": "Top Cards", "tag": "topcards", "cardviews": [_cardview("Sol Ring", num_decks=1)]}]


# EDHREC precon pages: path -> props.pageProps.data
PAGES = {
    "/precon/grave-alpha": {
        "set": "aac", "commanders": ["Meren of Clan Nel Toth"], "potential_decks": 1000,
        "precon_commander_counts": [{"name": "Meren of Clan Nel Toth", "num_decks": 900}],
        "deck": ["1 Meren of Clan Nel Toth", "1 Sol Ring", "1 Viscera Seer"],
        "container": {"json_dict": {"cardlists": _cardlists(
            cuts=[("Blood Artist", 0.55), ("Viscera Seer", 0.35), ("Sakura-Tribe Elder", 0.2),
                  ("Eternal Witness", 0.1)],
            land_cuts=[("Bojuka Bog", 0.4)],
            adds=[("Skullclamp", 400, 0.1), ("Phyrexian Arena", 200, -0.05), ("Reanimate", 60, 0.2),
                  ("Demonic Tutor", 20, 0.3), ("Delver of Secrets // Not Its Back Face", 100, 0.0),
                  ("Not A Real Card Xyz", 50, 0.1)],
            land_adds=[("Exotic Orchard", 300, 0.0)], potential=1000)}},
    },
    "/precon/blood-beta": {
        # The page names the wrong commander: it is matched by card overlap (Jaccard) within its set code.
        "set": "BBC", "commanders": ["Bloodline Keeper"], "potential_decks": 450,
        "precon_commander_counts": [{"name": "Edgar Markov", "num_decks": 400},
                                    {"name": "Bloodline Keeper", "num_decks": 50}],
        "deck": ["Edgar Markov", "Sol Ring", "Arcane Signet", "Command Tower", "Bloodline Keeper", "Blood Artist",
                 "Anguished Unmaking", "Path to Exile", "Chaos Warp", "Plains", "Swamp", "Mountain"],
        "container": {"json_dict": {"cardlists": _cardlists(
            cuts=[("Chaos Warp", 0.6), ("Path to Exile", 0.16)], land_cuts=[],
            adds=[("Smothering Tithe", 180, 0.05), ("Vampiric Tutor", 40, 0.1)], land_adds=[], potential=450)}},
    },
    "/precon/gamma-court": {
        "set": "CCC", "commanders": ["Kenrith, the Returned King"], "potential_decks": 320,
        "deck": ["Kenrith, the Returned King", "Sol Ring", "Cultivate"],
        "container": {"json_dict": {"cardlists": _cardlists(
            cuts=[("Counterspell", 0.31)], land_cuts=[("Path of Ancestry", 0.5)],
            adds=[("Rhystic Study", 160, 0.2), ("Kodama's Reach", 100, 0.1)], land_adds=[], potential=320)}},
    },
    "/precon/private/hidden-deck": {"set": "ZZZ", "commanders": ["Atraxa, Praetors' Voice"]},
}
INDEX = {"precons": [
    {"url": "/precon/grave-alpha", "name": "Grave Alpha", "set": "aac", "group": "Alpha Commander"},
    {"url": "/precon/blood-beta", "name": "Blood Beta", "set": "bbc", "group": "Beta Commander"},
    {"url": "/precon/gamma-court", "name": "Gamma Court", "set": "ccc", "group": "Gamma Commander"},
    {"url": "/precon/private/hidden-deck", "name": "Hidden", "set": "zzz", "group": None},
]}


def next_data_html(data: dict) -> str:
    """A page as Next.js serves it: the data in ``<script id="__NEXT_DATA__">``."""
    document = {"props": {"pageProps": {"data": data}}, "buildId": "test-build"}
    return (f'<!DOCTYPE html><html><head></head><body><div id="__next"></div>'
            f'<script id="__NEXT_DATA__" type="application/json">{json.dumps(document)}</script></body></html>')


def edhrec_routes() -> dict[str, str]:
    routes = {"/robots.txt": ROBOTS, "/precon": next_data_html(INDEX)}
    routes.update({path: next_data_html(data) for path, data in PAGES.items()})
    return routes


def _mtgjson_card(db: CardDB, name: str, count: int, *, use_store_id: bool) -> dict:
    card = db.find(name)
    assert card is not None, name
    oracle_id = card.oracle_id if use_store_id else "00000000-0000-4000-8000-000000000000"  # not in the store
    return {"name": name, "count": count, "identifiers": {"scryfallOracleId": oracle_id}, "isFoil": False}


def write_mtgjson(folder: Path, db: CardDB, *, include_theme_deck: bool = True) -> Path:
    """DeckList.json, SetList.json and per-deck files in ``folder/AllDeckFiles``; returns ``folder``."""
    (folder / "AllDeckFiles").mkdir(parents=True, exist_ok=True)
    entries = [{"code": "XYZ", "fileName": "IntroPack_XYZ", "name": "Not A Commander Deck",
                "releaseDate": "2020-01-01", "type": "Intro Pack"}]
    for file_name, (name, code, released, commanders, main) in DECKS.items():
        if code == "TD0" and not include_theme_deck:
            continue
        entries.append({"code": code, "fileName": file_name, "name": name, "releaseDate": released,
                        "type": "Commander Deck"})
        # Commanders carry the store's id (matched by id); the rest carry an unknown id (matched by name).
        deck = {"code": code, "name": name, "releaseDate": released, "type": "Commander Deck",
                "commander": [_mtgjson_card(db, n, 1, use_store_id=True) for n in commanders],
                "mainBoard": [_mtgjson_card(db, n, c, use_store_id=False) for n, c in main], "sideBoard": []}
        (folder / "AllDeckFiles" / f"{file_name}.json").write_text(json.dumps({"data": deck}), encoding="utf-8")
    meta = {"date": "2026-10-13", "version": "5.3.0+20261013"}
    (folder / "DeckList.json").write_text(json.dumps({"meta": meta, "data": entries}), encoding="utf-8")
    (folder / "SetList.json").write_text(json.dumps({"meta": meta, "data": SETS}), encoding="utf-8")
    return folder


class FixtureServer:
    """A local HTTP server on 127.0.0.1 serving fixed pages; ``fail_once`` paths answer 429 the first time."""

    def __init__(self, routes: dict[str, str], fail_once: set[str] | None = None):
        self.routes = routes
        self.fail_once = set(fail_once or ())
        self.requests: list[tuple[str, str]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                server.requests.append((self.path, self.headers.get("User-Agent", "")))
                if self.path in server.fail_once:
                    server.fail_once.discard(self.path)
                    self._send(429, "slow down", {"Retry-After": "1"})
                elif self.path in server.routes:
                    self._send(200, server.routes[self.path])
                else:
                    self._send(404, "not found")

            def _send(self, status: int, body: str, headers: dict | None = None) -> None:
                data = body.encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_: object) -> None:
                pass

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self) -> FixtureServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()


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
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db, include_theme_deck=False)
    out = tmp_path / "precon-dataset"
    with edhrec_server() as server:
        fetcher = make_fetcher(tmp_path / "edhrec-cache", server.base_url)
        with fetcher:
            build_dataset(out, snapshot=SNAPSHOT, mtgjson_dir=mtgjson_dir, db=db, fetcher=fetcher, cutoff=CUTOFF)
    return out
