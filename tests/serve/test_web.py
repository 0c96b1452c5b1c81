"""The web page: its JSON API through FastAPI's TestClient, and the page itself in headless Chromium."""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from fastapi.testclient import TestClient

from grimoire.serve.web import create_app
from tests.serve.conftest import served_in_thread

FIXTURES = Path(__file__).parent.parent / "fixtures"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def client(app) -> TestClient:
    return TestClient(app)


# -- the API ---------------------------------------------------------------------------------------------------


def test_search_ranks_and_pages_like_the_cli(client: TestClient):
    first = client.get("/api/search", params={"q": "whenever a creature you control dies, draw a card id<=bg",
                                              "limit": 5}).json()
    assert first["total"] > 5 and first["has_more"] and [r["rank"] for r in first["results"]] == [1, 2, 3, 4, 5]
    assert first["filters_applied"] == ["id<=bg"]
    for card in first["results"]:
        assert set(card["color_identity"]) <= {"B", "G"}
        assert {"name", "mana_cost", "type_line", "oracle_text", "roles", "faces", "why"} <= set(card)
    second = client.get("/api/search", params={"q": "whenever a creature you control dies, draw a card id<=bg",
                                               "limit": 5, "page": 2}).json()
    assert [r["rank"] for r in second["results"]] == [6, 7, 8, 9, 10]
    assert not {r["name"] for r in first["results"]} & {r["name"] for r in second["results"]}


def test_search_filters_are_hard_constraints(client: TestClient):
    data = client.get("/api/search", params={"q": "destroy target creature", "id": "wb", "format": "commander",
                                             "type": "instant", "mv_min": 2, "mv_max": 3, "role": "removal",
                                             "limit": 10}).json()
    assert data["results"]
    for card in data["results"]:
        assert set(card["color_identity"]) <= {"W", "B"}
        assert card["legalities"]["commander"] == "legal"
        assert "Instant" in card["type_line"] and 2 <= card["mana_value"] <= 3 and "removal" in card["roles"]


def test_search_gives_the_reading_of_player_words(client: TestClient):
    body = client.get("/api/search", params={"q": "white removal instant", "limit": 5}).json()
    assert body["readings"][0]["syntax"] == "id<=w t:instant"
    # the query that ran, without the blanks that opened it where "white" stood
    assert body["readings"][0]["query"] == body["readings"][0]["query"].strip() != ""
    assert all(set(card["color_identity"]) <= {"W"} for card in body["results"])
    literal = client.get("/api/search", params={"q": "white removal instant", "literal": "true"}).json()
    assert literal["readings"][0]["chips"] == []


def test_bad_query_is_a_400_with_its_position(client: TestClient):
    response = client.get("/api/search", params={"q": "t:creature (o:draw"})
    assert response.status_code == 400
    body = response.json()
    assert body["query"] == "t:creature (o:draw" and body["position"] == 11 and "parenthesis" in body["error"]
    bad_filter = client.get("/api/search", params={"q": "draw", "format": "nonsense"})
    assert bad_filter.status_code == 400 and "format" in bad_filter.json()["error"]


def test_card_has_every_face_roles_legality_and_similar_cards(client: TestClient):
    card = client.get("/api/card/Fire // Ice").json()
    assert card["name"] == "Fire // Ice" and [f["name"] for f in card["faces"]] == ["Fire", "Ice"]
    assert card["legalities"]["commander"] == "legal" and "similar" in card and "roles" in card
    bolt = client.get("/api/card/lightning bolt").json()
    assert bolt["name"] == "Lightning Bolt" and "burn" in bolt["roles"] and bolt["similar"]
    assert "Lightning Bolt" not in {c["name"] for c in bolt["similar"]}


def test_unknown_card_is_a_404_with_suggestions(client: TestClient):
    response = client.get("/api/card/Lightning")
    assert response.status_code == 404
    body = response.json()
    assert body["suggestions"] and any("Lightning" in name for name in body["suggestions"])


def test_deck_check_reports_lines_violations_and_analysis(client: TestClient):
    text = (FIXTURES / "decks" / "broken_commander.txt").read_text()
    body = client.post("/api/deck/check", json={"text": text, "format": "commander", "bracket": 2}).json()
    assert not body["legal"]
    assert [(p["line_number"], p["text"]) for p in body["problems"]] == [(30, "1 Notacard Xyz")]
    rules = {v["rule"] for v in body["violations"]}
    assert {"deck size", "singleton", "partner"} <= rules
    messages = " ".join(v["message"] for v in body["violations"])
    assert "Lightning Bolt" in messages or any("Lightning Bolt" in v["cards"] for v in body["violations"])
    analysis = body["analysis"]
    assert sum(analysis["curve"].values()) > 50 and analysis["roles"]["ramp"] > 5
    assert any(t["search"] for t in analysis["targets"])


def test_deck_check_rejects_an_unknown_format(client: TestClient):
    response = client.post("/api/deck/check", json={"text": "1 Sol Ring", "format": "nonsense"})
    assert response.status_code == 400 and "nonsense" in response.json()["error"]


def test_deck_check_reads_a_null_format_as_the_default(client: TestClient):
    """``"format": null`` had been a 400, though the field has a default (MCP's validate_deck reads it alike)."""
    response = client.post("/api/deck/check", json={"deck": "1 Sol Ring", "format": None})
    assert response.status_code == 200 and response.json()["format"] == "commander"


def test_a_deck_with_a_lone_surrogate_is_read_and_the_line_reported_as_mcp_reads_it(client: TestClient):
    """One unpaired surrogate escape (\\ud800) had refused the whole deck as "not valid Unicode text", naming no
    line, while MCP's validate_deck read it with U+FFFD in its place and reported the line."""
    body = '{"deck": "1 Sol Ring\\n2 Lightning Bolt\\ud800\\n1 Forest"}'
    response = client.post("/api/deck/check", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 200, response.text
    corrections = response.json()["corrections"]
    assert [(c["line_number"], c["name"]) for c in corrections] == [(2, "Lightning Bolt")], corrections


def test_options_say_which_formats_the_loaded_data_knows(client: TestClient):
    """The page lists only these in its Format select (modern had been offered, and refused when chosen)."""
    options = client.get("/api/options").json()
    known = {f["name"]: f["known"] for f in options["formats"]}
    assert known["commander"] and not known["modern"] and not known["pauper"]  # the bundled snapshot
    assert options["max_query_length"] == 1000 and options["mana_value_max"] == 1_000_000


def test_a_syntax_error_carries_its_caret_block_apart(client: TestClient):
    body = client.get("/api/search", params={"q": 't:instant o:"draw a card'}).json()
    assert body["problem"] == "unclosed quote" and body["caret"] == 't:instant o:"draw a card\n' + " " * 12 + "^"
    long = client.get("/api/search", params={"q": "x" * 1200}).json()
    assert max(len(line) for line in long["caret"].split("\n")) < 200  # a window round the caret, not 1,000 spaces


@pytest.mark.parametrize(("body", "expected"), [
    # a body that is JSON but no object says what it is (each had been pydantic's "Input should be a valid
    # dictionary or object to extract fields from")
    ('"1 Sol Ring"', "the body must be a JSON object, not a string"),
    ('["1 Sol Ring"]', "the body must be a JSON object, not an array"),
    ("null", "the body must be a JSON object, not null"),
    ("", "the body must be a JSON object, not empty"),
    ("{}", "bad parameter deck: Field required"),  # the deck is "deck" (it had been named "text")
    # (a load test's bodies, each of which had been pydantic's words alone)
    ('{"deck": "1 Sol Ring", "text": "1 Forest"}', "bad parameter text: the deck was sent twice, as deck and as text"),
    ('{"deck": "1 Sol Ring", "colour": "g"}', "bad parameter colour: unknown; the body takes deck (or text)"),
])
def test_deck_check_says_what_the_body_is(client: TestClient, body: str, expected: str):
    response = client.post("/api/deck/check", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"].startswith(expected), response.text


def test_a_deck_body_sent_as_a_form_names_the_content_type(client: TestClient):
    """curl's --data sends application/x-www-form-urlencoded: the JSON in it had been "text that is no JSON"."""
    response = client.post("/api/deck/check", content='{"deck": "1 Sol Ring"}',
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 400 and response.json()["error"].startswith(
        "the body must be sent as JSON, with the header Content-Type: application/json (it came as "
        "application/x-www-form-urlencoded)")


def test_bench_results_and_chart(client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    scores = client.get("/api/bench/search").json()
    assert {"engines", "sets", "summary"} <= set(scores) and scores["chart"]
    chart = client.get(scores["chart"])
    assert chart.status_code == 200 and chart.content.startswith(b"\x89PNG")
    monkeypatch.setenv("GRIMOIRE_BENCH_DIR", str(tmp_path))
    assert client.get("/api/bench/search").status_code == 404


AGENT_SUMMARY = {"runs": [{"label": "baseline · search", "provisional": True, "ungraded": 3, "summary": {
    "deck+attr": {"mean": 0.5, "low": 0.4, "high": 0.6, "n": 4}, "deck": {"mean": 0.5, "low": 0.4, "high": 0.6, "n": 2},
    "attr": {"mean": 0.5, "low": 0.4, "high": 0.6, "n": 2}, "known": {"mean": 1.0, "low": 1.0, "high": 1.0, "n": 1},
    "tokens": {"mean": 0.0, "low": 0.0, "high": 0.0, "n": 5},
    "cost": {"mean": None, "low": None, "high": None, "n": 5}}}]}


def test_bench_agent_results_and_chart(client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    import json

    monkeypatch.setenv("GRIMOIRE_BENCH_DIR", str(tmp_path))
    assert client.get("/api/bench/agent").status_code == 404
    assert client.get("/api/bench/agent_p10.png").status_code == 404
    (tmp_path / "agent_summary.json").write_text(json.dumps(AGENT_SUMMARY), encoding="utf-8")
    body = client.get("/api/bench/agent").json()
    assert body["runs"] == AGENT_SUMMARY["runs"] and body["chart"] is None


def test_bench_arena_leaderboard_and_chart(client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    board = client.get("/api/bench/arena").json()
    assert board["reference"] == {"player": "cpu", "deck": "burn"}
    assert {p["name"] for p in board["players"]} >= {"cpu", "heuristic", "random"}
    assert client.get(board["chart"]).content.startswith(b"\x89PNG")
    monkeypatch.setenv("GRIMOIRE_BENCH_DIR", str(tmp_path))
    missing = client.get("/api/bench/arena")
    assert missing.status_code == 404 and "grimoire arena league" in missing.json()["error"]


@pytest.mark.parametrize(("name", "route", "content", "said"), [
    ("search_scores.json", "search", b"[1, 2]", "search_scores.json in the benchmark results cannot be read: a "
                                                "list, not an object (run: grimoire bench search"),
    ("agent_summary.json", "agent", b"[" * 100_000 + b"]" * 100_000, "nested too deeply (run: grimoire bench agent"),
    ("arena_leaderboard.json", "arena", b'{"a":\xff}', "not UTF-8 (byte 0xFF at 5)"),
    ("precon/summary.json", "precon", b'{"rows": []}', "an object, not a list"),
])
def test_an_unreadable_bench_result_is_a_409_naming_it(client: TestClient, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch, name, route, content, said):
    """A fuzzer's hand-made result files: each had been an HTTP 500 in plain text, with a traceback in the log."""
    monkeypatch.setenv("GRIMOIRE_BENCH_DIR", str(tmp_path))
    (tmp_path / name).parent.mkdir(exist_ok=True)
    (tmp_path / name).write_bytes(content)
    answer = client.get(f"/api/bench/{route}")
    assert answer.status_code == 409 and said in answer.json()["error"], answer.text
    assert str(tmp_path) not in answer.text


def test_bench_precon_is_a_404_until_a_report_is_placed(client: TestClient, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GRIMOIRE_BENCH_DIR", str(tmp_path))
    response = client.get("/api/bench/precon")
    assert response.status_code == 404 and "grimoire precon report" in response.json()["error"]
    assert str(tmp_path) not in response.text  # never a server path


def test_agent_summary_merges_by_label_and_draws_the_chart(tmp_path: Path):
    import json
    import math

    from grimoire.bench.agent.report import run_entry, write_agent_summary

    cell = (0.5, 0.4, 0.6, 4)
    summary = {c: cell for c in ("deck+attr", "deck", "attr", "known", "tokens")} | {"cost": (math.nan,) * 3 + (4,)}
    summary_path, chart = write_agent_summary(run_entry("a", summary, ungraded=2), tmp_path)
    write_agent_summary(run_entry("b", summary), tmp_path)
    write_agent_summary(run_entry("a", {**summary, "deck+attr": (0.7, 0.6, 0.8, 4)}), tmp_path)
    runs = json.loads(summary_path.read_text())["runs"]
    assert [r["label"] for r in runs] == ["a", "b"]
    assert runs[0]["summary"]["deck+attr"] == {"mean": 0.7, "low": 0.6, "high": 0.8, "n": 4}
    assert not runs[0]["provisional"] and runs[0]["ungraded"] == 0
    assert runs[1]["summary"]["cost"]["mean"] is None
    assert chart.name == "agent_p10.png" and chart.read_bytes().startswith(b"\x89PNG")


def test_results_say_why_they_matched_and_the_api_takes_what_the_cli_takes(client: TestClient):
    data = client.get("/api/search", params={"q": "draw a card", "limit": 100}).json()
    assert len(data["results"]) == 100 and not data["notes"]
    assert data["results"][0]["why"]["text"].startswith(("words #", "meaning #"))
    fused = client.get("/api/search", params=[("q", "counter target spell"), ("q", "destroy all creatures")]).json()
    assert fused["queries"] == ["counter target spell", "destroy all creatures"]
    assert client.get("/api/search", params={"q": "draw", "mode": "bm25"}).json()["mode"] == "bm25"


@pytest.mark.parametrize(("params", "expected"), [
    ({"q": "draw", "mv_min": "nan"}, "mv_min must be a number"),
    ({"q": "draw", "mv_max": "-1"}, "mv_max must be from 0"),
    ({"q": "draw", "mv_min": "abc"}, "bad parameter mv_min"),
    ({"q": "draw", "limit": "0"}, "limit must be 1 to 100"),
    ({"q": "draw", "page": "x"}, "bad parameter page"),
    ({"q": "draw", "mode": "fast"}, "mode must be one of hybrid"),
    ({"q": "-" * 5000}, "query too long: it has 5,000 characters"),  # (no syntax to fix)
    ({"q": "(" * 400 + "draw"}, "bad query"),
    ({"q": "draw", "type": "t:creature"}, "type 't:creature' is not a type's name"),
    ({"q": "draw", "format": "modern"}, "bad format: the loaded card data has no modern legality"),
])
def test_every_bad_search_parameter_is_a_400_that_names_it(client: TestClient, params: dict, expected: str):
    response = client.get("/api/search", params=params)
    assert response.status_code == 400 and expected in response.json()["error"]
    # the parameter by name too (a badly typed one had lacked it)
    assert response.json()["argument"] in params and response.json()["argument"] in response.json()["error"]


@pytest.mark.parametrize(("address", "expected"), [
    ("/api/search?q=elves&limt=5", "unknown parameter 'limt'; did you mean 'limit'? known: q, id, format"),
    ("/api/search?q=x&exclude=Sol+Ring", "unknown parameter 'exclude'; known: q, id,"),
    ("/api/arena/games?plyer=a", "unknown parameter 'plyer'; did you mean 'player'? known: player, page, limit."),
    ("/api/card/Sol%20Ring?limit=3", "unknown parameter 'limit'; this address takes no parameters."),
])
def test_an_unknown_parameter_is_a_400_naming_it_and_the_known_ones(client: TestClient, address: str,
                                                                     expected: str):
    """They had been ignored: ``limt=5`` gave the default 20 results, and no word said why."""
    response = client.get(address)
    assert response.status_code == 400 and response.json()["error"].startswith(expected), response.text
    assert response.json()["argument"] in expected


def test_a_parameter_of_one_value_given_twice_is_a_400(client: TestClient):
    """A fuzzer's "id=w&id=b" had searched black alone, unsaid (FastAPI keeps the last); the same value twice, and
    the parameters that take a list (q, type, role), are fine."""
    response = client.get("/api/search?q=bolt&id=w&id=b")
    assert response.status_code == 400 and response.json() == {
        "error": "id takes one value, and was given 2: 'w', 'b'; give id once.", "argument": "id"}
    assert client.get("/api/search?q=bolt&page=1&page=2").json()["argument"] == "page"
    for fine in ("/api/search?q=bolt&id=w&id=w", "/api/search?q=bolt&type=creature&type=elf", "/api/search?q=a&q=b"):
        assert client.get(fine).status_code == 200, fine


def test_a_regex_search_waits_in_the_slow_lane_so_a_plain_search_answers_first(app):
    """Regular expressions may take a search's whole CPU budget (seconds each): in the fast lane, two of them held
    its one slot and a plain search waited for both."""
    import threading
    import time

    import httpx

    from grimoire.serve.pool import WorkPool

    slow_query = "o:/./ " * 150  # runs until the regex budget refuses it
    served = create_app(library=app.state.library, pool=WorkPool(workers=1, slow_workers=1))
    finished: list[str] = []

    def get(label: str, query: str) -> None:
        httpx.get(f"{url}/api/search", params={"q": query}, timeout=120)
        finished.append(label)

    with served_in_thread(served) as url:
        regexes = [threading.Thread(target=get, args=(f"regex {n}", slow_query)) for n in range(2)]
        for thread in regexes:
            thread.start()
        time.sleep(0.3)  # both regex searches are in (one running, one waiting)
        get("plain", "sol ring")
        for thread in regexes:
            thread.join(timeout=120)
    assert finished[0] == "plain", finished


def test_a_deck_check_refused_for_its_bracket_does_not_wait_for_the_slow_lane(app):
    """A bracket of 9 had waited 39 s for its 400 behind regex searches holding the slow lane: the format and the
    bracket are checked before the deck's work takes a slot."""
    import threading
    import time

    import httpx

    from grimoire.serve.pool import WorkPool

    slow_query = "o:/./ " * 150  # runs until the regex budget refuses it
    served = create_app(library=app.state.library, pool=WorkPool(workers=1, slow_workers=1))
    finished: list[str] = []
    refused: list[httpx.Response] = []

    def get(label: str) -> None:
        httpx.get(f"{url}/api/search", params={"q": slow_query}, timeout=120)
        finished.append(label)

    with served_in_thread(served) as url:
        regexes = [threading.Thread(target=get, args=(f"regex {n}",)) for n in range(2)]
        for thread in regexes:
            thread.start()
        time.sleep(0.3)  # both regex searches are in (one running, one waiting)
        refused.append(httpx.post(f"{url}/api/deck/check", json={"deck": "1 Sol Ring", "bracket": 9}, timeout=120))
        finished.append("deck")
        for thread in regexes:
            thread.join(timeout=120)
    assert finished[0] == "deck", finished
    assert refused[0].status_code == 400 and refused[0].json()["argument"] == "bracket"
    assert refused[0].json()["error"].startswith("bracket must be 1 to 5")


def test_a_card_pages_similar_cards_are_find_similars(client: TestClient):
    """The page had ranked its own peers by function, so it and find_similar / grimoire similar gave two answers
    to one question (Smothering Tithe's had held Heap Gate, a land)."""
    from grimoire.serve.web import SIMILAR_LIMIT

    engine = client.app.state.library.engine
    tithe = client.get("/api/card/Smothering Tithe").json()
    names = [card["name"] for card in tithe["similar"]]
    assert len(names) == SIMILAR_LIMIT and "Heap Gate" not in names
    bolt = client.get("/api/card/Lightning Bolt").json()
    assert all({"removal", "burn"} & set(card["roles"]) for card in bolt["similar"])
    assert names == [r.card.name for r in engine.similar_to("Smothering Tithe", limit=SIMILAR_LIMIT).results]


def test_deck_check_reads_mtgjson_json_and_reports_bad_input_as_400(client: TestClient):
    payload = {"data": {"name": "Elves", "mainBoard": [{"name": "Llanowar Elves", "count": 4}]}}
    body = client.post("/api/deck/check", json={"deck": json.dumps(payload), "format": "modern"}).json()
    assert body["card_count"] == 4 and body["deck"]["name"] == "Elves"
    for deck, expected in (("", "the deck is empty"), ('{"data": 3}', "not an MTGJSON deck"),
                           ("/etc/passwd", "no card found")):
        response = client.post("/api/deck/check", json={"deck": deck})
        assert response.status_code == 400 and expected in response.json()["error"], response.text
    extra = client.post("/api/deck/check", json={"deck": "1 Sol Ring", "colour": "red"})
    assert extra.status_code == 400 and "colour" in extra.json()["error"]


def test_card_image_comes_from_scryfalls_cdn_when_the_store_has_one(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch):
    from grimoire.cards import scryfall
    from grimoire.cards.store import write_store

    monkeypatch.setenv("GRIMOIRE_HOME", str(tmp_path / "home"))
    loaded = scryfall.load(FIXTURES / "scryfall" / "oracle_cards.json")
    write_store(tmp_path / "store", loaded.cards, {"source": "scryfall"})
    client = TestClient(create_app(tmp_path / "store"))
    fire_ice = client.get("/api/card/Fire // Ice").json()
    assert fire_ice["image_url"].startswith("https://cards.scryfall.io/normal/front/")


def test_page_and_static_files_are_served(client: TestClient):
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    for name in ("app.js", "app.css"):
        assert client.get(f"/static/{name}").status_code == 200


# -- the page in a browser -------------------------------------------------------------------------------------


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def base_url(app) -> Iterator[str]:
    with served_in_thread(app) as url:
        yield url


@contextlib.contextmanager
def launched_chromium():
    """Debian's chromium through playwright; skipped (failed under CI) where either is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install playwright)")
    if not CHROMIUM.exists():
        _missing(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect

    # an expectation waits as long as an action does (30 s, set on each context): on a loaded 2-core machine a
    # click's navigation once took longer than expect's default 5 s
    expect.set_options(timeout=30_000)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser, base_url: str):
    context = browser.new_context(base_url=base_url, viewport={"width": 1100, "height": 900})
    context.set_default_timeout(30_000)
    tab = context.new_page()
    yield tab
    context.close()


def test_browser_card_page_shows_a_text_frame_offline_and_the_correction(page):
    from playwright.sync_api import expect

    page.goto("/#/card/lightnig%20bolt")
    expect(page.locator("#card-name")).to_contain_text("Lightning Bolt")
    expect(page.locator("#card-correction")).to_contain_text("no card is named 'lightnig bolt'")
    expect(page.locator("#card-frame")).to_be_visible()  # the bundled snapshot has no images
    assert page.locator("#card-image").count() == 0
    expect(page.locator("#card-view")).to_contain_text("more like this")


def test_browser_dashboard_fits_a_phone(browser, base_url: str, tmp_path: Path):
    from playwright.sync_api import expect

    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844}, device_scale_factor=1)
    phone = context.new_page()
    phone.goto("/#/dashboard")
    expect(phone.locator("#bench-table")).to_contain_text("hybrid")
    expect(phone.locator("#arena-table")).to_contain_text("cpu")
    phone.screenshot(path=tmp_path / "dashboard-390.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    from PIL import Image

    assert Image.open(tmp_path / "dashboard-390.png").width == 390
    context.close()


def test_browser_search_pages_and_opens_a_card(page):
    from playwright.sync_api import expect

    page.goto("/")
    page.fill("#q", "whenever a creature you control dies, draw a card id<=bg")
    page.press("#q", "Enter")
    results = page.locator("#results .result")
    expect(results.first).to_be_visible()
    assert results.count() == 20
    expect(page.locator("#search-status")).to_contain_text("1–20 of")
    first_page = results.locator(".name").all_inner_texts()
    page.click("#next-page")
    expect(page.locator("#page-number")).to_contain_text("Page 2")
    expect(page.locator("#results .rank").first).to_have_text("21.")
    assert not set(first_page) & set(results.locator(".name").all_inner_texts())
    assert page.locator("#results .ms").count() > 0  # mana symbols drawn as badges
    expect(page.locator("#results .why").first).to_contain_text("why: ")
    name = results.first.locator(".name").inner_text()
    results.first.locator(".name").click()
    expect(page.locator("#card-name")).to_contain_text(name)
    expect(page.locator("#card-view")).to_contain_text("Legality")
    expect(page.locator("#card-view .similar li").first).to_be_visible()


def test_browser_reading_chips_can_be_removed(page):
    from playwright.sync_api import expect

    page.goto("/")
    page.fill("#q", "white removal instant")
    page.press("#q", "Enter")
    chips = page.locator("#reading .chip")
    expect(chips).to_have_count(2)
    assert chips.all_text_contents() == ["id<=w×", "t:instant×"]
    page.click('#reading .chip-remove[aria-label*="instant"]')  # search the word "instant" as typed
    expect(page.locator("#q")).to_have_value('white removal "instant"')
    expect(chips).to_have_count(1)
    expect(chips.first).to_contain_text("id<=w")
    page.click("#reading-literal")  # every word as typed
    expect(page.locator("#reading")).to_be_hidden()
    page.fill("#q", 'like:"Sol Ring" mv<=2')  # the syntax a reading prints, typed: its chip removes it
    page.press("#q", "Enter")
    expect(chips).to_have_count(1)
    assert chips.all_text_contents() == ['like:"Sol Ring"×']
    page.click("#reading .chip-remove")
    expect(page.locator("#q")).to_have_value("mv<=2")
    expect(page.locator("#reading")).to_be_hidden()
    expect(page.locator("#results .result").first).to_be_visible()


def test_browser_filters_constrain_results(page):
    from playwright.sync_api import expect

    page.goto("/")
    page.fill("#q", "destroy target creature")
    page.fill("#f-id", "wb")
    page.fill("#f-type", "instant")
    page.press("#q", "Enter")
    expect(page.locator("#results .result").first).to_be_visible()
    types = page.locator("#results .type").all_inner_texts()
    assert types and all("Instant" in t for t in types)
    expect(page.locator("#search-status")).to_contain_text("id<=wb")


def test_browser_shows_a_syntax_error_with_a_caret(page):
    from playwright.sync_api import expect

    page.goto("/")
    page.fill("#q", "t:creature (o:draw")
    page.press("#q", "Enter")
    error = page.locator("#search-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("parenthesis")
    expect(error).to_contain_text("character 12")
    assert page.locator("#search-error pre").inner_text() == "t:creature (o:draw\n" + " " * 11 + "^"
    assert page.locator("#results .result").count() == 0


def test_browser_checks_a_pasted_deck(page):
    from playwright.sync_api import expect

    page.goto("/#/deck")
    page.fill("#deck-text", (FIXTURES / "decks" / "broken_commander.txt").read_text())
    page.click("#deck-form button[type=submit]")
    expect(page.locator(".problems")).to_contain_text("line 30")
    expect(page.locator(".problems")).to_contain_text("Notacard Xyz")
    expect(page.locator(".violations")).to_contain_text("Sol Ring")
    expect(page.locator("#deck-legal")).to_have_text("not legal")
    assert page.locator("#curve .bar").count() == 8
    suggestion = page.locator("a.suggested").first
    query = suggestion.inner_text()
    suggestion.click()
    expect(page.locator("#q")).to_have_value(query)
    expect(page.locator("#results .result").first).to_be_visible()


def test_browser_dashboard_shows_the_benchmark(page):
    from playwright.sync_api import expect

    page.goto("/#/dashboard")
    table = page.locator("#bench-table")
    expect(table).to_contain_text("hybrid")
    expect(table).to_contain_text("handwritten")
    chart = page.locator("#bench-chart")
    expect(chart).to_be_visible()
    # visible comes before loaded: wait for the image itself (a broken one never gets a width and times out)
    page.wait_for_function("() => { const chart = document.getElementById('bench-chart'); "
                           "return chart.complete && chart.naturalWidth > 100; }")
    assert re.search(r"\d+\.\d", table.inner_text())
    agent = page.locator("#agent-table")
    expect(agent).to_contain_text("baseline")
    expect(agent).to_contain_text("P@10 deck+attr")
    expect(page.locator("#agent-chart")).to_be_visible()
    expect(page.locator("#dashboard-view")).to_contain_text("Precon cut/add")
    arena = page.locator("#arena-table")
    expect(arena).to_contain_text("heuristic")
    expect(arena).to_contain_text("cpu")
    expect(page.locator("#arena-chart")).to_be_visible()


# -- the page: what a review found (each test failed before its fix) ------------------------------------------


@contextlib.contextmanager
def phone_page(browser, base_url: str) -> Iterator:
    """A 375 x 800 px tab."""
    context = browser.new_context(base_url=base_url, viewport={"width": 375, "height": 800}, device_scale_factor=1)
    context.set_default_timeout(30_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def _page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def _held(page, routes: list) -> None:
    """Wait until the page has sent the request that ``routes`` holds."""
    while not routes:
        page.wait_for_timeout(50)


def test_browser_deck_check_says_when_legality_was_not_checked(page):
    """Modern on the bundled snapshot (which has no modern legality) had shown a green "legal · modern"."""
    from playwright.sync_api import expect

    page.goto("/#/deck")
    page.fill("#deck-text", "4 Lightning Bolt\n4 Counterspell\n52 Island")
    page.select_option("#deck-format", "modern")
    page.click("#deck-form button[type=submit]")
    expect(page.locator("#deck-legal")).to_have_text("legality unknown")
    expect(page.locator("#deck-legal")).not_to_have_class(re.compile(r"\bok\b"))
    expect(page.locator(".summary")).to_contain_text("modern · not checked")


def test_browser_deck_check_waits_and_keeps_unreadable_lines_as_text(page):
    """The last error had stayed on screen while a new check ran, the button could be pressed again, and each
    unreadable line was a link to a card page that does not exist."""
    from playwright.sync_api import expect

    page.goto("/#/deck")
    button = page.locator("#deck-form button[type=submit]")
    button.click()  # an empty deck
    expect(page.locator("#deck-error")).to_be_visible()
    held: list = []
    page.route("**/api/deck/check", lambda route: held.append(route))
    page.fill("#deck-text", "1 Sol Ring\n1 Grizly Bearz")
    button.click()
    _held(page, held)
    expect(button).to_be_disabled()
    expect(page.locator("#deck-error")).to_be_hidden()
    held[0].continue_()
    expect(button).to_be_enabled()
    unreadable = page.locator(".violations li", has_text="unreadable lines")
    expect(unreadable).to_contain_text("1 Grizly Bearz")
    assert unreadable.locator("a").count() == 0
    expect(page.locator(".problems a", has_text="Grizzly Bears")).to_be_visible()  # suggestions stay links


def test_browser_only_the_latest_search_is_shown_and_a_select_searches_once(page):
    """A slow answer for role:ramp had replaced the role:draw one asked after it; each arrow key on a select had
    sent a search and left a history entry."""
    from playwright.sync_api import expect

    page.goto("/#/search?q=white+removal+instant")
    expect(page.locator("#results .result").first).to_be_visible()
    held: list = []
    page.route("**/api/search?*role=ramp*", lambda route: held.append(route))
    with page.expect_request(lambda request: "role=ramp" in request.url):
        page.select_option("#f-role", "ramp")
    page.select_option("#f-role", "draw")
    expect(page.locator("#search-status")).to_contain_text("role:draw")
    with page.expect_response(lambda response: "role=ramp" in response.url):
        held[0].continue_()
    page.wait_for_timeout(300)
    expect(page.locator("#search-status")).to_contain_text("role:draw")
    assert "role:ramp" not in page.inner_text("#search-status")
    searches: list[str] = []
    page.on("request", lambda request: searches.append(request.url) if "/api/search" in request.url else None)
    entries = page.evaluate("history.length")
    page.focus("#f-role")
    for _ in range(4):
        page.keyboard.press("ArrowDown")  # draw -> removal, boardwipe, counterspell, tutor
    expect(page.locator("#search-status")).to_contain_text("role:tutor")
    page.wait_for_timeout(800)
    assert len(searches) == 1 and page.evaluate("history.length") == entries + 1


def test_browser_a_syntax_error_is_one_message_and_one_caret_block(page):
    """It had read "Bad query: bad query: unclosed quote (at character 13): t:instant o:"draw a card ^ Fix the
    syntax… (at character 13)" above the caret block."""
    from playwright.sync_api import expect

    page.goto("/#/search?" + urlencode({"q": 't:instant o:"draw a card'}))
    error = page.locator("#search-error")
    expect(error).to_contain_text("Query syntax: unclosed quote")
    text = error.inner_text()
    assert text.count("unclosed quote") == 1 and text.count("character 13") == 1 and "bad query" not in text.lower()
    assert page.locator("#search-error pre").count() == 1
    assert page.locator("#search-error pre").inner_text() == 't:instant o:"draw a card\n' + " " * 12 + "^"
    expect(page).to_have_title(re.compile(r"^t:instant o:\"draw a card"))


@pytest.mark.parametrize(("params", "label", "field"), [
    ({"q": "ramp", "mv_min": "5", "mv_max": "2"}, "Mana value:", "#f-mv-min"),
    ({"q": "ramp", "id": "purple"}, "Colour identity:", "#f-id"),
    ({"q": "ramp", "format": "modern"}, "Format:", "#f-format"),
])
def test_browser_an_error_is_labelled_by_the_field_at_fault(page, params: dict, label: str, field: str):
    """Every error had been labelled "Bad query:", with no field marked."""
    from playwright.sync_api import expect

    page.goto("/#/search?" + urlencode(params))
    error = page.locator("#search-error")
    expect(error).to_contain_text(label)
    assert "Bad query" not in error.inner_text()
    expect(page.locator(field)).to_have_attribute("aria-invalid", "true")
    expect(page.locator(field)).to_be_focused()
    expect(page.locator(field)).to_have_value(params.get("format", params.get("id", params.get("mv_min"))))


def test_browser_format_select_offers_only_formats_the_data_knows(page):
    """Pioneer, modern, pauper... had been offered on the bundled snapshot, each refused when chosen."""
    from playwright.sync_api import expect

    page.goto("/")
    select = page.locator("#f-format")
    expect(select.locator("option[disabled]")).to_contain_text("data update")
    assert select.locator("option:not([disabled])").all_inner_texts() == ["any", "commander"]


def test_browser_search_as_typed_is_a_toggle_kept_with_the_filters(page):
    """Once on, "search as typed" had shown nowhere, and a filter change turned it off."""
    from playwright.sync_api import expect

    page.goto("/#/search?q=white+removal+instant")
    expect(page.locator("#reading .chip")).to_have_count(2)
    page.click("#reading-literal")
    expect(page.locator("#f-literal")).to_be_checked()
    expect(page.locator("#reading")).to_be_hidden()
    page.fill("#f-type", "instant")
    page.press("#f-type", "Enter")
    expect(page.locator("#search-status")).to_contain_text("t:instant")
    assert "literal=true" in page.url and page.locator("#f-literal").is_checked()
    expect(page.locator("#reading")).to_be_hidden()
    page.uncheck("#f-literal")
    expect(page.locator("#reading .chip").first).to_be_visible()
    assert "literal" not in page.url


def test_browser_a_malformed_card_address_says_so(page):
    """#/card/%E0%A4%A had thrown "URI malformed" and left the last card on screen."""
    from playwright.sync_api import expect

    page.goto("/#/card/Sol%20Ring")
    expect(page.locator("#card-name")).to_contain_text("Sol Ring")
    page.goto("/#/card/%E0%A4%A")
    expect(page.locator("#card-error")).to_contain_text("not percent-encoded")
    expect(page.locator("#card-name")).to_have_count(0)


def test_browser_the_page_speaks_to_screen_readers_and_keeps_focus(page):
    from playwright.sync_api import expect

    page.goto("/")
    assert page.get_attribute("#search-status", "role") == "status"
    assert page.get_attribute("#search-error", "role") == "alert"
    for field in ("deck-text", "f-mv-min", "f-mv-max"):
        assert page.evaluate(f"(e => e.labels.length || e.getAttribute('aria-label'))($('{field}'))"), field
    expect(page.get_by_role("heading", level=1, name="Card search")).to_have_count(1)
    page.fill("#q", "whenever a creature you control dies, draw a card")
    page.press("#q", "Enter")
    expect(page).to_have_title(re.compile(r"^whenever a creature you control dies"))
    page.click("#next-page")
    expect(page.locator("#page-number")).to_contain_text("Page 2")
    expect(page.locator("#results-heading")).to_be_focused()  # not lost on a button that was replaced
    page.goto("/#/search?q=white+removal+instant")
    page.locator("#reading .chip-remove").first.press("Enter")
    expect(page.locator("#reading .chip")).to_have_count(1)
    expect(page.locator("#results-heading")).to_be_focused()
    page.goto("/#/card/Kitchen%20Finks")
    expect(page).to_have_title(re.compile(r"^Kitchen Finks"))
    expect(page.locator("#card-name .ms-hybrid").first).to_have_attribute("aria-label", "green or white mana")


def test_browser_mana_value_takes_what_the_api_takes(page):
    """max=20 and step=1 had silently refused 25 and 2.5, which the API takes."""
    from playwright.sync_api import expect

    page.goto("/")
    page.fill("#q", "ramp")
    page.fill("#f-mv-min", "2.5")
    page.fill("#f-mv-max", "25")
    page.press("#q", "Enter")
    expect(page.locator("#search-status")).to_contain_text("mv>=2.5 mv<=25")


def test_browser_long_text_and_a_bare_card_fit_a_phone(browser, base_url: str):
    """A 1,200-character query had made the page 9,179 px wide (a caret line of 1,000 spaces) and advised
    fixing the syntax; a long card name and an 80-character deck line had overflowed; a card with no image
    had filled the first screen with an empty frame."""
    from playwright.sync_api import expect

    with phone_page(browser, base_url) as phone:
        phone.goto("/#/search?" + urlencode({"q": "draw a card " * 100}))
        error = phone.locator("#search-error")
        expect(error).to_contain_text("Query too long")
        assert "syntax" not in error.inner_text().lower() and _page_width(phone) <= 375
        phone.goto("/#/card/Asmoranomardicadaistinaculdacar")
        expect(phone.locator("#card-name")).to_contain_text("Asmoranomardicadaistinaculdacar")
        assert _page_width(phone) <= 375
        assert phone.locator("#card-frame").bounding_box()["height"] < 200
        phone.goto("/#/deck")
        phone.fill("#deck-text", "1 Sol Ring\n1 " + "Z" * 80)
        phone.click("#deck-form button[type=submit]")
        expect(phone.locator(".problems")).to_contain_text("Z" * 20)
        assert _page_width(phone) <= 375


# -- careless and hostile requests, sent raw over HTTP ----------------------------------------------------------


def _raw(base: str, method: str, target: str, body: bytes | None = None) -> tuple[int, dict, bytes]:
    """One request as written (http.client sends the target's bytes as they are); status, headers, body."""
    import http.client

    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    headers = {"content-type": "application/json"} if body is not None else {}
    connection.request(method, target, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, dict(response.getheaders()), response.read()


@pytest.mark.parametrize(("target", "where"), [
    ("/api/search?q=draw%ff", "byte 0xFF at character 5"),
    ("/api/search?q=%c0%af", "byte 0xC0 at character 1"),
    ("/api/search?q=ab%ed%a0%80", "byte 0xED at character 3"),
    ("/api/search?q=%", "'%' at character 1 starts no percent escape"),
    ("/api/card/Sol%ffRing", "byte 0xFF at character 14"),
])
def test_text_that_is_not_utf8_is_refused_saying_where(app, target: str, where: str):
    """Starlette made each bad byte U+FFFD, and the search then listed every card (200, total 33,344)."""
    with served_in_thread(app) as base:
        status, _, body = _raw(base, "GET", target)
    answer = json.loads(body)
    assert status == 400 and where in answer["error"] and "UTF-8" in answer["error"]


@pytest.mark.parametrize(("query", "lane"), [
    ("mode=late", "slow"), ("mode=%6Cate", "slow"), ("%6D%6F%64%65=late", "slow"), ("q=draw&mode=late", "slow"),
    ("q=mode%3Dlate", "fast"), ("mode=hybrid", "fast"), ("mode=%ff", "fast")])
def test_a_late_search_takes_the_slow_lane_however_it_is_encoded(query, lane):
    """"mode=%6Cate" had run a late search in the fast lane: 8 of them held a card page for 5 s."""
    from grimoire.serve.pool import FAST, SLOW
    from grimoire.serve.web import _lane

    assert _lane("/api/search", query) == {"slow": SLOW, "fast": FAST}[lane]


def test_every_refusal_has_the_api_s_shape_and_head_works_where_get_does(app):
    with served_in_thread(app) as base:
        not_json = _raw(base, "POST", "/api/deck/check", b'{"deck": 1 Sol Ring}')
        unreadable = [_raw(base, "POST", "/api/deck/check", body) for body in (
            b'{"deck": "1 Sol Ring\xff"}', b'{"deck": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            b'{"deck": "1 Sol Ring", "bracket": ' + b"9" * 5000 + b"}")]
        unknown, wrong_method = _raw(base, "GET", "/api/nothing"), _raw(base, "DELETE", "/api/search")
        post_only = _raw(base, "GET", "/api/deck/check")  # (the message said "use GET" whatever the route took)
        heads = [_raw(base, "HEAD", target) for target in ("/", "/api/search?q=draw")]
    status, _, body = not_json
    assert status == 400 and json.loads(body)["argument"] == "body" and "not JSON" in json.loads(body)["error"]
    for status, _, body in unreadable:
        assert status in (400, 422) and json.loads(body)["argument"] in ("body", "bracket"), body[:200]
    assert unknown[0] == 404 and "/api/docs" in json.loads(unknown[2])["error"]
    assert wrong_method[0] == 405 and "use GET" in json.loads(wrong_method[2])["error"]
    assert post_only[0] == 405 and "use POST" in json.loads(post_only[2])["error"]
    for status, headers, body in heads:
        assert status == 200 and body == b"" and int(headers["content-length"]) > 0


@pytest.mark.parametrize(("bracket", "format_name", "expected"), [
    (True, "commander", "a number is needed, not true"),
    (2, "modern", "bracket applies to Commander"),
])
def test_the_deck_check_refuses_a_truth_value_bracket_and_a_bracket_outside_commander(
        client: TestClient, bracket, format_name: str, expected: str):
    response = client.post("/api/deck/check", json={"deck": "1 Sol Ring", "format": format_name, "bracket": bracket})
    assert response.status_code == 400 and expected in response.json()["error"]
    assert response.json()["argument"] == "bracket"


def test_repeated_filters_count_once_and_an_applied_filter_is_reported_on_an_empty_page(client: TestClient):
    repeated = client.get("/api/search", params=[("q", "draw"), *[("role", "ramp")] * 5000])
    assert repeated.status_code == 200 and repeated.json()["filters_applied"].count("role:ramp") == 1
    many = client.get("/api/search", params=[("q", "draw"), *[("type", f"t{chr(97 + i % 26) * (1 + i)}")
                                                              for i in range(40)]])
    assert many.status_code == 400 and many.json()["argument"] == "type" and "at most 20" in many.json()["error"]
    empty = client.get("/api/search", params={"q": "draw", "type": "zzzyx", "id": "w"}).json()
    assert empty["total"] == 0 and empty["filters_applied"] == ["id<=w", "t:zzzyx"]


def test_long_values_are_quoted_short_in_errors(client: TestClient):
    """A 100 kB name had come back twice in a 200 kB 404 (httpx sends at most 64 kB of address)."""
    card = client.get("/api/card/" + "x" * 60_000)
    assert card.status_code == 404 and len(card.content) < 2000 and "60,000 characters" in card.text
    deck = client.post("/api/deck/check", json={"deck": "1 Sol Ring", "format": "x" * 10_000})
    assert deck.status_code == 400 and len(deck.content) < 2000
    for params in ({"q": "draw", "format": "x" * 60_000}, {"q": "draw", "id": "x" * 60_000}):
        answer = client.get("/api/search", params=params)
        assert answer.status_code == 400 and len(answer.content) < 2000 and "60,000 characters" in answer.text


def test_deck_check_checks_a_site_deck_in_its_own_format(client: TestClient):
    """A saved Moxfield answer declaring Modern had been checked as Commander when no format was sent (the page's
    "the deck's own" choice sends null); a format sent wins."""
    from tests.decks.test_fetch import MOXFIELD_MODERN

    deck = json.dumps(MOXFIELD_MODERN)
    body = client.post("/api/deck/check", json={"deck": deck, "format": None}).json()
    assert body["format"] == "modern" and body["format_reason"].startswith("the deck's own format: moxfield.com")
    assert client.post("/api/deck/check", json={"deck": deck, "format": "commander"}).json()["format"] == "commander"
