"""The arena replay viewer: its API through FastAPI's TestClient, and the page in headless Chromium, over real
stored games (a scripted-LLM battle and a bot battle played by the league's worker function)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from grimoire.bench.arena.league import append_game
from grimoire.serve.web import create_app
from tests.arena_games import play_bot_game, play_stored_game
from tests.serve.conftest import served_in_thread
from tests.serve.test_web import launched_chromium


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("league")
    llm_game, _ = play_stored_game(folder)
    bot_game = play_bot_game(folder)
    return folder, llm_game, bot_game


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, league):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(tmp_path_factory.mktemp("grimoire-home")))
        application = create_app(arena=league[0])
        application.state.library.engine  # noqa: B018 - open the store while GRIMOIRE_HOME points at it
    return application


@pytest.fixture(scope="module")
def client(app) -> TestClient:
    return TestClient(app, raise_server_exceptions=False)


def test_the_game_list_and_its_player_filter(client: TestClient, league):
    _, llm_game, bot_game = league
    every = client.get("/api/arena/games").json()
    assert [g["game_id"] for g in every["games"]] == [llm_game.game_id, bot_game.game_id]
    assert every["players"] == ["heuristic", "random", "scripted"]
    mine = client.get("/api/arena/games", params={"player": "scripted"}).json()["games"]
    assert [g["game_id"] for g in mine] == [llm_game.game_id]
    assert mine[0]["decks"] == ["delver", "jeskai"] and mine[0]["steps"] == len(llm_game.actions)


def test_the_game_list_comes_in_pages(client: TestClient, league):
    second = client.get("/api/arena/games", params={"limit": 1, "page": 2}).json()
    assert [g["game_id"] for g in second["games"]] == [league[2].game_id]
    assert (second["total"], second["has_more"]) == (2, False)
    assert client.get("/api/arena/games", params={"limit": 1}).json()["has_more"] is True
    for params, argument in (({"limit": 0}, "limit"), ({"limit": 5000}, "limit"), ({"page": 0}, "page")):
        answer = client.get("/api/arena/games", params=params)
        assert answer.status_code == 400 and answer.json()["argument"] == argument
        assert argument in answer.json()["error"]


def test_a_game_and_a_step_through_the_api(client: TestClient, league):
    llm_game = league[1]
    outline = client.get(f"/api/arena/games/{llm_game.game_id}").json()
    assert outline["steps"] == len(outline["step_list"]) and outline["turn_starts"][0]["step"] == 0
    entry = next(e for e in llm_game.trace[0] if e["calls"] and not e.get("note"))
    step = client.get(f"/api/arena/games/{llm_game.game_id}/steps/{entry['step']}").json()
    assert step["player"] == "scripted" and step["chosen"] == entry["choice"]
    assert "DECISION" in step["prompt"] and step["model"][0]["calls"] == entry["calls"]
    assert step["model"][0]["cost_usd"] > 0


def test_a_model_name_with_a_slash_or_hash_is_one_id(tmp_path: Path, home: Path, league):
    record = league[1].to_dict() | {"game_id": "3-delver-jeskai-openai/gpt-4o-random#2-f0"}
    append_game(tmp_path / "games.jsonl", record)
    client = TestClient(create_app(arena=tmp_path))
    answer = client.get("/api/arena/games/3-delver-jeskai-openai%2Fgpt-4o-random%232-f0/steps/0")
    assert answer.status_code == 200 and answer.json()["index"] == 0


HOSTILE = ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "%2e%2e%2f%2e%2e%2fgames.jsonl", "%2Fetc%2Fpasswd",
           "nope", "a%00b", "x" * 500, "%C0%AE%C0%AE%2F", "games.jsonl", "..", "%2e%2e"]


@pytest.mark.parametrize("game_id", HOSTILE)
def test_a_bad_game_id_is_a_404_that_names_no_server_path(client: TestClient, league, game_id: str):
    for url in (f"/api/arena/games/{game_id}", f"/api/arena/games/{game_id}/steps/0"):
        answer = client.get(url)
        # (an overlong UTF-8 encoding of "." is no UTF-8 at all: refused, saying where, before any route)
        assert answer.status_code == (400 if "%C0" in game_id else 404), (url, answer.text)
        assert str(league[0]) not in answer.text and "/tmp" not in answer.text


@pytest.mark.parametrize(("step", "status", "message"), [("-1", 404, "step -1 is not in this game"),
                                                         ("99999", 404, "step 99999 is not in this game"),
                                                         ("x", 400, "bad parameter number"),
                                                         ("1e9999", 400, "bad parameter number")])
def test_a_bad_step_names_what_is_wrong(client: TestClient, league, step: str, status: int, message: str):
    answer = client.get(f"/api/arena/games/{league[1].game_id}/steps/{step}")
    assert answer.status_code == status and message in answer.json()["error"]


def test_no_games_yet_says_which_commands_make_them(tmp_path: Path, home: Path):
    answer = TestClient(create_app(arena=tmp_path / "no-league")).get("/api/arena/games")
    assert answer.status_code == 404 and "grimoire arena league" in answer.json()["error"]
    assert str(tmp_path) not in answer.text


# -- the page in Chromium ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def base_url(app) -> Iterator[str]:
    with served_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def page(base_url: str):
    with launched_chromium() as chromium:
        context = chromium.new_context(base_url=base_url, viewport={"width": 1100, "height": 900})
        context.set_default_timeout(30_000)
        yield context.new_page()


def test_browser_leaderboard_links_to_a_players_games(page):
    from playwright.sync_api import expect

    page.goto("/#/dashboard")
    page.locator("#arena-table a", has_text="heuristic").click()
    expect(page).to_have_url(re.compile(r"#/arena\?player=heuristic$"))
    expect(page.locator("#arena-player")).to_have_value("heuristic")
    expect(page.locator("#arena-games .game-link")).to_have_count(2)
    expect(page.locator("#arena-count")).to_have_text("1–2 of 2 games")


def test_browser_steps_through_a_game_with_the_keyboard(page, league):
    from playwright.sync_api import expect

    llm_game = league[1]
    page.goto("/#/arena?player=scripted")
    page.locator("#arena-games .game-link").click()
    expect(page.locator("#replay-title")).to_have_text(llm_game.game_id)
    expect(page.locator("#replay-position")).to_have_text(f"step 1 of {len(llm_game.actions)}")
    expect(page.locator("#step-prompt")).to_contain_text("Your hand:")
    expect(page.locator("#step-options li.chosen")).to_have_count(1)
    expect(page.locator("#step-model")).to_contain_text("searchOptions")  # the script's tool calls
    expect(page.locator("#step-model")).to_contain_text("input tokens")
    expect(page.locator("#step-model")).to_contain_text("$0.0")
    expect(page.locator("#replay-usage")).to_contain_text("seat 0 (scripted)")
    next_asked = next(n for n in range(1, len(llm_game.actions)) if n not in llm_game.auto_passes)
    expect(page.locator("#step-note + .usage")).to_contain_text("output tokens")  # what the turn's note cost
    page.keyboard.press("ArrowRight")  # to the next decision a player was asked
    expect(page.locator("#replay-position")).to_have_text(f"step {next_asked + 1} of {len(llm_game.actions)}")
    assert page.url.endswith(f"?step={next_asked}")
    expect(page.locator("#step-head")).not_to_contain_text("applied without asking")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-position")).to_have_text(f"step 1 of {len(llm_game.actions)}")
    page.select_option("#replay-filter", "all")
    page.locator("#replay-next").click()
    expect(page.locator("#replay-position")).to_have_text(f"step 2 of {len(llm_game.actions)}")
    page.locator("#replay-turns button.turn", has_text="2").click()
    expect(page.locator("#step-head")).to_contain_text("Turn 2")
    expect(page.locator("#replay-turns button.turn.active")).to_have_text("2")
    page.locator("body").press("Shift+ArrowRight")  # the next turn's first step
    expect(page.locator("#replay-turns button.turn.active")).to_have_text("3")
    page.locator("body").press("Shift+ArrowLeft")
    expect(page.locator("#replay-turns button.turn.active")).to_have_text("2")


def test_browser_a_bot_step_and_a_bad_address(page, league):
    from playwright.sync_api import expect

    bot_game = league[2]
    seat_one = next(n for n, (seat, _) in enumerate(bot_game.actions) if seat == 1)
    page.goto(f"/#/arena/game/{bot_game.game_id}?step={seat_one}")
    expect(page.locator("#step-head")).to_contain_text("seat 1")
    expect(page.locator("#step-model")).to_contain_text("bot")
    page.goto("/#/arena/game/..%2F..%2Fetc%2Fpasswd")
    expect(page.locator("#arena-error")).to_contain_text("is not an arena game id")


def test_browser_an_unknown_player_a_page_past_the_end_and_a_missing_game_are_said_so(page, league):
    """An unknown player had shown "0 games" under "everyone", a page past the last had said nothing, and a missing
    game had pointed the user at an API path."""
    from playwright.sync_api import expect

    page.goto("/#/arena?player=nobody")
    expect(page.locator("#arena-player")).to_have_value("nobody")
    expect(page.locator("#arena-empty")).to_contain_text("no stored game has a player named nobody")
    page.goto("/#/arena?page=99")
    expect(page.locator("#arena-empty")).to_contain_text("page 99 is past the last page")
    page.goto("/#/arena/game/no-such-game")
    expect(page.locator("#arena-error")).to_contain_text("pick one from the list of games")
    assert "/api/" not in page.locator("#arena-error").inner_text()


def test_browser_the_viewer_fits_a_phone(page, league):
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 390, "height": 844})
    try:
        for address in ("/#/arena", f"/#/arena/game/{league[1].game_id}?step=5"):
            page.goto(address)
            expect(page.locator("#arena-games, #step-prompt").first).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, address
    finally:
        page.set_viewport_size({"width": 1100, "height": 900})
