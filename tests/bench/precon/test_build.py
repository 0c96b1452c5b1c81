"""Building the precon dataset offline: MTGJSON files in tmp_path and EDHREC pages on a local HTTP server."""

from __future__ import annotations

import copy
import hashlib
import json

import pyarrow.parquet as pq
import pytest

import grimoire
from grimoire.bench.precon.build import build_dataset, commander_decks, exclude_reason, precon_id, split_of
from grimoire.bench.precon.dataset import load_dataset
from grimoire.bench.precon.edhrec import PageError, slug_of
from grimoire.bench.precon.mtgjson_files import MtgjsonFiles
from grimoire.bench.precon.schema import DECK_COLUMNS, LeakageError
from tests.bench.precon.fixtures_data import (
    BUILD_ID,
    CUTOFF,
    INDEX,
    PAGES,
    SNAPSHOT,
    FakeClock,
    FixtureServer,
    edhrec_routes,
    edhrec_server,
    make_fetcher,
    make_fixture_dataset,
    next_data_html,
    write_mtgjson,
)


@pytest.fixture(scope="module")
def db():
    return grimoire.open()


@pytest.fixture(scope="module")
def built(tmp_path_factory, db):
    """One full build (with a 429 on one page), shared by the tests that only read it."""
    tmp = tmp_path_factory.mktemp("precon")
    mtgjson_dir = write_mtgjson(tmp / "mtgjson", db)
    clock = FakeClock()
    with edhrec_server(fail_once={"/precon/gamma-court"}) as server:
        with make_fetcher(tmp / "cache", server.url, clock) as fetcher:
            manifest = build_dataset(tmp / "out", snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db,
                                     fetcher=fetcher, cutoff=CUTOFF)
        requests = list(server.requests)
    return {"tmp": tmp, "out": tmp / "out", "manifest": manifest, "requests": requests, "clock": clock,
            "mtgjson_dir": mtgjson_dir, "dataset": load_dataset(tmp / "out")}


def _by_name(dataset) -> dict:
    return {dataset.precon(pid)["deck_name"]: pid for pid in dataset.precon_ids}


def test_precons_are_commander_decks_without_collectors_editions(built):
    names = set(_by_name(built["dataset"]))
    assert names == {"Grave Alpha", "Blood Beta", "Gamma Court", "Online Theme Deck", "Party of Two",
                     "Necron Dynasties"}


def test_precon_id_is_sha1_of_the_mtgjson_file_name(built):
    expected = "pc-" + hashlib.sha1(b"GraveAlpha_AAC").hexdigest()[:10]
    assert precon_id("GraveAlpha_AAC") == expected
    assert _by_name(built["dataset"])["Grave Alpha"] == expected
    ds = built["dataset"]
    for table in (ds.labels_table, ds.splits_table, ds.commanders_table):
        assert set(table.column("precon_id").to_pylist()) <= set(ds.precon_ids)


def test_decks_hold_only_the_allow_listed_columns(built):
    table = pq.read_table(built["out"] / "decks.parquet")
    assert tuple(table.column_names) == DECK_COLUMNS
    deck = built["dataset"].deck(_by_name(built["dataset"])["Grave Alpha"])
    assert deck.commander_names == ("Meren of Clan Nel Toth",)
    assert deck.color_identity == ("B", "G")
    assert deck.n_cards == 1 + 9 + 8
    forest = next(card for card in deck.cards if card.name == "Forest")
    assert (forest.qty, forest.is_land, forest.is_basic, forest.is_commander) == (4, True, True, False)


def test_a_leaky_decks_config_fails_the_load(built, tmp_path):
    table = pq.read_table(built["out"] / "decks.parquet")
    for name in ("labels", "precons", "commanders", "splits"):
        (tmp_path / f"{name}.parquet").write_bytes((built["out"] / f"{name}.parquet").read_bytes())
    pq.write_table(table.append_column("set_code", table.column("precon_id")), tmp_path / "decks.parquet")
    with pytest.raises(LeakageError):
        load_dataset(tmp_path)


def test_pages_match_by_commander_oracle_ids_or_by_jaccard(built):
    ds = built["dataset"]
    ids = _by_name(ds)
    alpha, beta, theme = (ds.precon(ids[n]) for n in ("Grave Alpha", "Blood Beta", "Online Theme Deck"))
    assert alpha["match_method"] == "commanders+jaccard" and alpha["edhrec_slug"] == "grave-alpha"
    assert alpha["edhrec_group"] == "Alpha Commander" and alpha["parent_set_code"] == "AAA"
    assert beta["match_method"] == "jaccard" and beta["edhrec_deck_jaccard"] >= 0.7
    assert theme["edhrec_url"] is None and theme["match_method"] is None


def test_a_partner_pair_matches_and_both_partners_are_the_precon_commanders(built):
    ds = built["dataset"]
    pid = _by_name(ds)["Party of Two"]
    assert ds.precon(pid)["match_method"] == "commanders+jaccard"
    rows = {row["name"]: row for row in ds.commanders(pid)}
    pir, toothy = rows["Pir, Imaginative Rascal"], rows["Toothy, Imaginary Friend"]
    assert pir["is_precon_commander"] and toothy["is_precon_commander"]
    assert pir["num_decks"] == 640 and toothy["num_decks"] == 675
    assert ds.deck(pid).commander_names == ("Pir, Imaginative Rascal", "Toothy, Imaginary Friend")


def test_universes_beyond_add_maps_by_the_flavor_name_a_deck_card_carries(built):
    # MTGJSON's Card (Atomic) has no flavorName: the fixture's AtomicCards carries none, as the real file.
    atomic = json.loads((built["mtgjson_dir"] / "AtomicCards.json").read_text(encoding="utf-8"))
    assert not [name for name, faces in atomic["data"].items() if any("flavorName" in face for face in faces)]
    ds = built["dataset"]
    pid = _by_name(ds)["Necron Dynasties"]
    assert ds.precon(pid)["is_universes_beyond"] and not ds.precon(_by_name(ds)["Grave Alpha"])["is_universes_beyond"]
    adds = {label.name: label for label in ds.labels(pid, "add")}
    assert adds["Zilortha, Strength Incarnate"].rate == pytest.approx(0.1)
    assert not adds["Zilortha, Strength Incarnate"].in_precon


def test_a_flavor_name_printed_in_no_deck_read_stays_unmapped(db, tmp_path):
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    deck_file = mtgjson_dir / "decks" / "GammaCourt_CCC.json"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace(', "flavorName": "Godzilla, King of the '
                                                                       'Monsters"', ""), encoding="utf-8")
    with edhrec_server() as server, make_fetcher(tmp_path / "cache", server.url) as fetcher:
        build_dataset(tmp_path / "out", snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db, fetcher=fetcher,
                      cutoff=CUTOFF)
    unmapped = json.loads((tmp_path / "out" / "unmapped.json").read_text())["edhrec"]
    assert unmapped == ["Godzilla, King of the Monsters", "Not A Real Card Xyz"]


def test_a_build_from_the_json_host_reads_the_same_pages(built, db, tmp_path):
    with edhrec_server() as server, make_fetcher(tmp_path / "cache", server.url + "/pages") as fetcher:
        manifest = build_dataset(tmp_path / "out", snapshot=SNAPSHOT, mtgjson=built["mtgjson_dir"], db=db,
                                 fetcher=fetcher, cutoff=CUTOFF)
    paths = [path for path, _ in server.requests]
    assert paths[:3] == ["/robots.txt", "/pages/precon.json", "/pages/precon/grave-alpha.json"]
    assert "/pages/precon/private/hidden-deck.json" not in paths and manifest["counts"]["matched"] == 5
    for name in ("labels", "commanders"):
        assert pq.read_table(tmp_path / "out" / f"{name}.parquet").equals(
            pq.read_table(built["out"] / f"{name}.parquet"))
    ds = load_dataset(tmp_path / "out")
    gamma = ds.precon(_by_name(ds)["Gamma Court"])
    assert gamma["edhrec_slug"] == "gamma-court"
    assert gamma["edhrec_url"] == server.url + "/pages/precon/gamma-court.json"
    assert manifest["snapshot"]["edhrec_build_id"] is None  # page JSON carries no Next.js buildId


# json.edhrec.com answers a moved page with HTTP 200 and {"redirect": "<page path>"}; public clients follow it to
# https://json.edhrec.com/pages<path>.json (stainedhat/pyedhrec pull request #3 "follow redirects for out-of-order
# partner combos"; a JavaScript client's fetchCards checks json.redirect), or skip it (mtgjson/mtgjson issue #1290).
MOVED = {"party-time": "/precon/party-of-two", "loop": "/precon/loop", "twice": "/precon/once-more",
         "once-more": "/precon/grave-alpha", "renamed-alpha": "/precon/grave-alpha",
         "hidden-now": "/precon/private/hidden-deck", "elsewhere": "https://example.com/precon/grave-alpha"}


def _json_host_with_moved_pages() -> dict[str, str]:
    """The JSON host's routes, Party of Two listed only under its old slug, plus the moved pages of MOVED."""
    routes = edhrec_routes()
    index = copy.deepcopy(INDEX)
    cardlists = index["container"]["json_dict"]["cardlists"]
    next(view for c in cardlists for view in c["cardviews"] if view["name"] == "Party of Two")["url"] = \
        "/precon/party-time"
    cardlists.append({"tag": "moved", "header": "Moved", "cardviews": [
        {"name": slug, "url": f"/precon/{slug}"} for slug in MOVED if slug not in ("party-time", "once-more")]})
    routes["/pages/precon.json"] = json.dumps(index)
    routes.update({f"/pages/precon/{slug}.json": json.dumps({"redirect": target}) for slug, target in MOVED.items()})
    return routes


def test_a_redirect_answer_is_followed_once_on_the_same_host_and_logged(db, tmp_path):
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    with FixtureServer(_json_host_with_moved_pages()) as server, \
            make_fetcher(tmp_path / "cache", server.url + "/pages") as fetcher:
        manifest = build_dataset(tmp_path / "out", snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db, fetcher=fetcher,
                                 cutoff=CUTOFF)
    pages = server.url + "/pages/precon/"
    ds = load_dataset(tmp_path / "out")
    party = ds.precon(_by_name(ds)["Party of Two"])
    assert party["edhrec_slug"] == "party-of-two" and party["edhrec_url"] == pages + "party-of-two.json"
    assert party["edhrec_group"] == "Pair Commander" and manifest["counts"]["matched"] == 5
    status = {(slug_of(e["url"]), e["status"]) for e in manifest["fetch"]["log"] if isinstance(e["status"], str)}
    assert ("party-time", f"redirected to {pages}party-of-two.json: following it once") in status
    assert ("renamed-alpha", f"{pages}grave-alpha.json was already read for another index entry") in status
    unreadable = {slug_of(e["url"]): e["status"] for e in _unreadable(manifest)}
    assert "a redirect loop" in unreadable["loop"] and "only one redirect is followed" in unreadable["twice"]
    assert "off this host: not followed" in unreadable["elsewhere"]
    # The target of a redirect is checked against robots.txt like any page, and never requested when disallowed.
    assert {"url": pages + "private/hidden-deck.json", "status": "robots-disallowed"} in manifest["fetch"]["log"]
    assert "/pages/precon/private/hidden-deck.json" not in [path for path, _ in server.requests]


# EDHREC answers a renamed precon's old path with an HTTP 308 to the new one (the reviewer's case:
# /precon/world-shaper-old to /precon/world-shaper, whose own href was Szarel's, not deck.commander[0] Hearthhull's).
# Blood Beta stands for it in the fixture's page shape: deck.commander names the box's face commander, Edgar Markov,
# whose href is /precon/blood-beta/edgar-markov; the page's own path /precon/blood-beta is Bloodline Keeper's.
def _blood_beta_moved_by_http() -> dict[str, str]:
    routes = edhrec_routes()
    page = copy.deepcopy(PAGES["/precon/blood-beta"])
    page["deck"]["commander"] = ["Edgar Markov"]
    page["deck"]["cards"]["Creature"] = [["Bloodline Keeper", 1], ["Blood Artist", 1]]
    routes["/precon/blood-beta"] = next_data_html(page)
    index = copy.deepcopy(INDEX)
    cardlists = index["container"]["json_dict"]["cardlists"]
    next(view for c in cardlists for view in c["cardviews"] if view["name"] == "Blood Beta")["url"] = \
        "/precon/blood-beta-old"
    cardlists.append({"tag": "moved", "header": "Moved", "cardviews": [
        {"name": "Blood Beta", "url": "/precon/blood-beta"}]})
    routes["/precon"] = next_data_html(index)
    return routes


def test_a_page_reached_by_an_http_redirect_is_read_as_the_page_that_served_it(db, tmp_path):
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    with FixtureServer(_blood_beta_moved_by_http(), redirects={"/precon/blood-beta-old": "/precon/blood-beta"},
                       redirect_status=308) as server:
        def build(name: str) -> dict:
            with make_fetcher(tmp_path / "cache", server.url) as fetcher:
                return build_dataset(tmp_path / name, snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db,
                                     fetcher=fetcher, cutoff=CUTOFF)

        first = build("first")
        requests = len(server.requests)
        again = build("again")
    # the cache remembers where the old path led: the second build asks only for robots.txt (for the page it disallows)
    assert [path for path, _ in server.requests[requests:]] == ["/robots.txt"]
    for name, manifest in (("first", first), ("again", again)):
        ds = load_dataset(tmp_path / name)
        pid = _by_name(ds)["Blood Beta"]
        assert ds.precon(pid)["edhrec_url"] == server.url + "/precon/blood-beta"
        assert {row["name"]: row["is_precon_commander"] for row in ds.commanders(pid)} == {
            "Edgar Markov": False, "Bloodline Keeper // Lord of Lineage": True}
        log = manifest["fetch"]["log"]
        assert not [e for e in log if "no precon_commander_counts href" in str(e.get("status"))]
        # the duplicate check compares the URLs that served the pages, so the second index entry is not read again
        assert {"url": server.url + "/precon/blood-beta",
                "status": f"{server.url}/precon/blood-beta was already read for another index entry"} in log


def test_manifest_records_the_next_js_build_id(built):
    assert built["manifest"]["snapshot"]["edhrec_build_id"] == BUILD_ID


def test_edhrec_names_map_by_face_name_and_front_half(built, db):
    ds = built["dataset"]
    ids = _by_name(ds)
    beta_commanders = {row["name"]: row for row in ds.commanders(ids["Blood Beta"])}
    assert beta_commanders["Bloodline Keeper // Lord of Lineage"]["is_precon_commander"]  # the page's main one
    assert beta_commanders["Edgar Markov"]["num_decks"] == 400
    delver = [label for label in ds.labels(ids["Grave Alpha"]) if label.name.startswith("Delver of Secrets")]
    assert delver and delver[0].in_color_identity is False
    assert json.loads((built["out"] / "unmapped.json").read_text())["edhrec"] == ["Not A Real Card Xyz"]


def test_labels_carry_rates_gains_and_flags(built):
    ds = built["dataset"]
    labels = {(label.name, label.kind): label for label in ds.labels(_by_name(ds)["Grave Alpha"])}
    assert {kind for _, kind in labels} == {"cut", "cut_land", "add", "add_land"}
    assert [labels[("Blood Artist", "cut")].gain, labels[("Viscera Seer", "cut")].gain,
            labels[("Sakura-Tribe Elder", "cut")].gain, labels[("Eternal Witness", "cut")].gain] == [3, 2, 1, 0]
    skullclamp, arena = labels[("Skullclamp", "add")], labels[("Phyrexian Arena", "add")]
    assert skullclamp.rate == pytest.approx(0.4) and skullclamp.gain == 3 and skullclamp.gain_syn == 3
    assert arena.gain == 2 and arena.gain_syn == 0  # negative synergy: a generic staple
    assert labels[("Reanimate", "add")].gain == 1 and labels[("Demonic Tutor", "add")].gain == 0
    assert labels[("Blood Artist", "cut")].in_precon and not skullclamp.in_precon
    assert skullclamp.headline and not labels[("Exotic Orchard", "add_land")].headline
    assert labels[("Bojuka Bog", "cut_land")].is_land and skullclamp.commander_legal
    assert skullclamp.list_rank == 1 and skullclamp.potential_decks == 1000 and skullclamp.num_decks == 400


def test_splits_and_the_scored_rule(built):
    ds = built["dataset"]
    ids = _by_name(ds)
    rows = {row.precon_id: row for row in ds.split_rows()}
    assert (rows[ids["Grave Alpha"]].split, rows[ids["Grave Alpha"]].scored) == ("dev", True)
    assert (rows[ids["Blood Beta"]].split, rows[ids["Gamma Court"]].split) == ("test", "test")
    theme = rows[ids["Online Theme Deck"]]
    assert (theme.split, theme.scored, theme.exclude_reason) == ("train", False, "mtgo_theme_deck")
    assert len(ds.split_rows("test", scored=True)) == 2
    assert all(row.cutoff == CUTOFF for row in rows.values())


@pytest.mark.parametrize(("released", "split"), [
    ("2024-10-31", "train"), ("2024-11-01", "dev"), ("2025-10-31", "dev"), ("2025-11-01", "gap"),
    ("2025-12-31", "gap"), ("2026-01-01", "test"),
])
def test_split_boundaries(released, split):
    assert split_of(released, "2025-11-01") == split


def test_a_deck_without_a_release_date_is_in_the_gap_and_not_scored():
    assert split_of(None, "2025-11-01") == "gap"
    assert exclude_reason(split="gap", release_date=None, snapshot=SNAPSHOT, set_code="PPC", has_page=True,
                          potential_decks=600) == "no_release_date"


def test_scored_rule_reasons():
    base = {"split": "test", "release_date": "2026-03-01", "snapshot": SNAPSHOT, "set_code": "CCC",
            "has_page": True, "potential_decks": 300}
    assert exclude_reason(**base) is None
    assert exclude_reason(**{**base, "potential_decks": 299}) == "potential_decks_below_300"
    assert exclude_reason(**{**base, "has_page": False}) == "no_edhrec_page"
    assert exclude_reason(**{**base, "split": "gap"}) == "gap"
    assert exclude_reason(**{**base, "set_code": "TD0"}) == "mtgo_theme_deck"
    assert exclude_reason(**{**base, "release_date": "2026-08-20"}) == "released_within_8_weeks_of_snapshot"
    assert exclude_reason(**{**base, "release_date": "2026-08-19"}) is None


def test_fetching_was_polite_and_robots_respected(built):
    paths = [path for path, _ in built["requests"]]
    assert paths[0] == "/robots.txt" and "/precon/private/hidden-deck" not in paths
    assert paths.count("/precon/gamma-court") == 2  # 429 once, then fetched after backing off
    stats = built["manifest"]["fetch"]["stats"]
    assert stats["rate_limited"] == 1 and stats["robots_disallowed"] == 1 and stats["requests"] == len(paths)
    times = [entry["at"] for entry in built["manifest"]["fetch"]["log"] if "at" in entry]
    assert all(later - earlier >= 5.0 for earlier, later in zip(times, times[1:], strict=False))


def test_manifest_counts_and_file_hashes(built):
    manifest = built["manifest"]
    assert manifest["snapshot"]["edhrec"] == SNAPSHOT and manifest["snapshot"]["mtgjson"] == "5.3.0+20261013"
    assert manifest["counts"]["precons"] == 6 and manifest["counts"]["matched"] == 5
    assert manifest["parameters"]["gain_thresholds"]["cut"] == [0.5, 0.3, 0.15]
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((built["out"] / name).read_bytes()).hexdigest() == digest
    assert "tag_denylist.json" in manifest["files"]


def test_a_second_build_makes_no_request(db, tmp_path):
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    with edhrec_server() as server:
        for attempt in ("first", "second"):
            with make_fetcher(tmp_path / "cache", server.url) as fetcher:
                build_dataset(tmp_path / attempt, snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db,
                              fetcher=fetcher, cutoff=CUTOFF)
            if attempt == "first":
                first_requests = len(server.requests)
    # Every page is cached; only the robots-disallowed page is not, so robots.txt is read again (once a build) to
    # see whether it is allowed now.
    assert first_requests > 0 and [path for path, _ in server.requests[first_requests:]] == ["/robots.txt"]
    assert fetcher.stats.requests == 1 and fetcher.stats.cache_hits > 0 and fetcher.stats.robots_disallowed == 1
    assert pq.read_table(tmp_path / "second" / "labels.parquet").equals(
        pq.read_table(tmp_path / "first" / "labels.parquet"))


def test_splits_only_recomputes_splits_for_another_cutoff(built, tmp_path):
    out = tmp_path / "copy"
    out.mkdir()
    for path in built["out"].iterdir():
        (out / path.name).write_bytes(path.read_bytes())
    labels_before = (out / "labels.parquet").read_bytes()
    manifest = build_dataset(out, snapshot=SNAPSHOT, cutoff="2026-03-01", splits_only=True)
    splits = {row.precon_id: row.split for row in load_dataset(out).split_rows()}
    ids = _by_name(built["dataset"])
    assert splits[ids["Blood Beta"]] == "dev" and splits[ids["Gamma Court"]] == "gap"
    assert manifest["parameters"]["cutoff"] == "2026-03-01"
    assert (out / "labels.parquet").read_bytes() == labels_before


def test_published_layout_loads(built, tmp_path):
    (tmp_path / "data").mkdir()
    for name in ("decks", "labels", "precons", "commanders", "splits"):
        (tmp_path / "data" / f"{name}.parquet").write_bytes((built["out"] / f"{name}.parquet").read_bytes())
    assert len(load_dataset(tmp_path)) == 6


def test_make_fixture_dataset_has_three_scored_precons(tmp_path, db):
    ds = load_dataset(make_fixture_dataset(tmp_path, db))
    assert len(ds) == 3
    assert len(ds.split_rows("dev", scored=True)) == 1 and len(ds.split_rows("test", scored=True)) == 2
    assert all(ds.labels(pid) for pid in ds.precon_ids)


def _unreadable(manifest: dict) -> list[dict]:
    return [e for e in manifest["fetch"]["log"] if str(e.get("status", "")).startswith("unreadable page")]


def test_an_unreadable_page_loses_only_its_precon_is_logged_and_is_not_cached(db, tmp_path):
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    routes = edhrec_routes()
    good_index, good_page = routes["/precon"], routes["/precon/gamma-court"]
    # A challenge page answered with HTTP 200: no page object at all (Cloudflare's, titled "Just a moment...",
    # as quoted in VeNoMouS/cloudscraper issue #194).
    routes["/precon"] = routes["/precon/gamma-court"] = "<html><title>Just a moment...</title></html>"
    with FixtureServer(routes) as server:
        def build(name: str) -> dict:
            with make_fetcher(tmp_path / "cache", server.url) as fetcher:
                return build_dataset(tmp_path / name, snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db,
                                     fetcher=fetcher, cutoff=CUTOFF)

        with pytest.raises(PageError, match="__NEXT_DATA__"):
            build("no-index")
        server.routes["/precon"] = good_index
        manifest = build("one-page-unreadable")
        server.routes["/precon/gamma-court"] = good_page
        healed = build("healed")
    assert manifest["counts"]["matched"] == 4
    logged = _unreadable(manifest)
    assert len(logged) == 1 and logged[0]["url"].endswith("/precon/gamma-court")
    assert "__NEXT_DATA__" in logged[0]["status"]
    assert healed["counts"]["matched"] == 5 and not _unreadable(healed)  # neither challenge page was cached


def test_a_page_of_another_shape_loses_only_its_precon_and_an_unmatched_href_is_logged(db, tmp_path):
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    routes = edhrec_routes()
    gamma = copy.deepcopy(PAGES["/precon/gamma-court"])  # read from the JSON host
    gamma["container"]["json_dict"]["cardlists"][1]["cardviews"].append({"sanitized": "no-name", "num_decks": 3})
    routes["/pages/precon/gamma-court.json"] = json.dumps(gamma)
    routes["/pages/precon/grave-alpha.json"] = routes["/pages/precon/grave-alpha.json"].replace(
        '"href": "/precon/grave-alpha"', '"href": "/precon/grave-alpha/old"')
    with FixtureServer(routes) as server, make_fetcher(tmp_path / "cache", server.url + "/pages") as fetcher:
        manifest = build_dataset(tmp_path / "out", snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db, fetcher=fetcher,
                                 cutoff=CUTOFF)
    assert manifest["counts"]["matched"] == 4
    assert [(slug_of(e["url"]), "has no name" in e["status"]) for e in _unreadable(manifest)] == [
        ("gamma-court", True)]
    unmatched = [e for e in manifest["fetch"]["log"] if "no precon_commander_counts href" in str(e.get("status"))]
    assert [slug_of(e["url"]) for e in unmatched] == ["grave-alpha"]
    # the line names the page's path and the hrefs it has, so a page read under the wrong path shows as such
    assert "Meren of Clan Nel Toth" in unmatched[0]["status"]
    assert "/precon/grave-alpha (the URL that served it)" in unmatched[0]["status"]
    assert "its hrefs: /precon/grave-alpha/old" in unmatched[0]["status"]


def test_a_deck_released_as_no_product_sorts_last_and_is_in_the_gap(db, tmp_path):
    # MTGJSON's Deck model: releaseDate "Returns null if the deck was not formally released as a product"
    # (https://mtgjson.com/data-models/deck/); DeckList entries carry the same field.
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    deck_list = json.loads((mtgjson_dir / "DeckList.json").read_text(encoding="utf-8"))
    next(e for e in deck_list["data"] if e["fileName"] == "PartyOfTwo_PPC")["releaseDate"] = None
    (mtgjson_dir / "DeckList.json").write_text(json.dumps(deck_list), encoding="utf-8")
    deck_file = mtgjson_dir / "decks" / "PartyOfTwo_PPC.json"
    deck_file.write_text(deck_file.read_text(encoding="utf-8").replace('"2023-06-09"', "null"), encoding="utf-8")
    decks, _ = commander_decks(MtgjsonFiles(mtgjson_dir))
    assert decks[-1].file_name == "PartyOfTwo_PPC" and decks[-1].release_date is None
    with edhrec_server() as server, make_fetcher(tmp_path / "cache", server.url) as fetcher:
        build_dataset(tmp_path / "out", snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db, fetcher=fetcher,
                      cutoff=CUTOFF)
    ds = load_dataset(tmp_path / "out")
    pid = _by_name(ds)["Party of Two"]
    row = next(row for row in ds.split_rows() if row.precon_id == pid)
    assert ds.precon(pid)["release_date"] is None and ds.precon(pid)["match_method"] == "commanders+jaccard"
    assert (row.split, row.scored, row.exclude_reason) == ("gap", False, "no_release_date")


def test_a_page_whose_commander_heads_another_product_is_not_matched(db, tmp_path):
    mtgjson_dir = write_mtgjson(tmp_path / "mtgjson", db)
    routes = edhrec_routes()
    page = copy.deepcopy(PAGES["/precon/gamma-court"])
    page["deck"]["cards"] = {"Creature": [["Llanowar Elves", 1], ["Elvish Mystic", 1], ["Fyndhorn Elves", 1]],
                             "Land": [["Forest", 30]]}  # Kenrith, but not this deck's cards
    routes["/precon/gamma-court"] = next_data_html(page)
    with FixtureServer(routes) as server, make_fetcher(tmp_path / "cache", server.url) as fetcher:
        build_dataset(tmp_path / "out", snapshot=SNAPSHOT, mtgjson=mtgjson_dir, db=db, fetcher=fetcher,
                      cutoff=CUTOFF)
    ds = load_dataset(tmp_path / "out")
    gamma = ds.precon(_by_name(ds)["Gamma Court"])
    assert gamma["edhrec_url"] is None and not ds.labels(gamma["precon_id"])
