"""One library, three surfaces: the same inputs through the CLI, the MCP server (the SDK's stdio client talking to
a real ``grimoire serve mcp`` process) and the web API give the same cards in the same order, the same name
corrections and the same errors. Each error is the library's one message, in each surface's argument spelling.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from grimoire.cli import main
from grimoire.cli.search import SPELLING as CLI_SPELLING
from grimoire.search.arguments import FilterArguments, SearchArgumentError, run_search
from grimoire.serve.web import SPELLING as WEB_SPELLING
from grimoire.serve.web import create_app

pytestmark = pytest.mark.anyio

FUZZY_DECK = "Commander\n1 Meren of Clan Nel Toth\n\nDeck\n1 Sol Ring\n1 Llanowar Elvs\n1 Notacard Xyz\n"


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def surface_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One empty GRIMOIRE_HOME for all three surfaces: each reads the bundled snapshot."""
    return tmp_path_factory.mktemp("grimoire-home")


@pytest.fixture(scope="module")
async def mcp(surface_home: Path) -> AsyncIterator[Client]:
    env = {"GRIMOIRE_HOME": str(surface_home), "PYTHONPATH": os.environ.get("PYTHONPATH", ""),
           "GRIMOIRE_MOXFIELD_API": "http://127.0.0.1:9", "GRIMOIRE_ARCHIDEKT_API": "http://127.0.0.1:9"}
    params = StdioServerParameters(command=sys.executable, args=["-m", "grimoire", "serve", "mcp"], env=env)
    with open(surface_home / "mcp-server.log", "w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=60) as connected:
            yield connected


@pytest.fixture(scope="module")
def web(surface_home: Path) -> TestClient:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(surface_home))
        app = create_app()
        app.state.library.engine  # noqa: B018 - open the store while GRIMOIRE_HOME points at it
    return TestClient(app)


@pytest.fixture
def cli(surface_home: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch):
    """Run ``grimoire ARGS`` in this process: ``(exit code, stdout, stderr)``."""
    monkeypatch.setenv("GRIMOIRE_HOME", str(surface_home))

    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run


@pytest.fixture(scope="module")
def engine(surface_home: Path):
    """The library's engine over the same store, for what the surfaces should say."""
    import grimoire
    from grimoire.search.engine import SearchEngine

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(surface_home))
        return SearchEngine(grimoire.open())


def _library_error(engine, queries, **filters) -> SearchArgumentError:
    """The error the library raises for a search, to compare each surface's words with."""
    with pytest.raises(SearchArgumentError) as caught:
        run_search(engine, queries, FilterArguments(**filters))
    return caught.value


def _text(result) -> str:
    return "\n".join(block.text for block in result.content)


# -- the same cards in the same order -----------------------------------------------------------------------

SEARCHES = [
    # (MCP arguments, CLI arguments, web parameters)
    ({"queries": ["whenever a creature you control dies, draw a card"], "color_identity": "bg",
      "format": "commander", "limit": 5},
     ["search", "whenever a creature you control dies, draw a card", "--id", "bg", "--format", "commander", "-n", "5"],
     {"q": "whenever a creature you control dies, draw a card", "id": "bg", "format": "commander", "limit": 5}),
    ({"queries": ["counter target spell", "destroy all creatures"], "color_identity": "wu", "limit": 6},
     ["search", "counter target spell", "destroy all creatures", "--id", "wu", "-n", "6"],
     {"q": ["counter target spell", "destroy all creatures"], "id": "wu", "limit": 6}),
    ({"queries": ["t:creature c:g pow>=8"], "limit": 4, "page": 2},
     ["search", "t:creature c:g pow>=8", "-n", "4", "-p", "2"],
     {"q": "t:creature c:g pow>=8", "limit": 4, "page": 2}),
    ({"queries": ["add one mana"], "types": ["creature"], "mana_value_max": 1, "roles": ["manadork"], "limit": 5},
     ["search", "add one mana", "--type", "creature", "--mv-max", "1", "--role", "manadork", "-n", "5"],
     {"q": "add one mana", "type": "creature", "mv_max": 1, "role": "manadork", "limit": 5}),
]


@pytest.mark.parametrize(("mcp_args", "cli_args", "web_params"), SEARCHES)
async def test_the_same_search_gives_the_same_page_everywhere(mcp: Client, web: TestClient, cli, mcp_args,
                                                               cli_args, web_params):
    from_mcp = (await mcp.call_tool("search_cards", mcp_args)).structured_content
    code, out, _ = cli(*cli_args, "--json")
    from_cli = json.loads(out)
    from_web = web.get("/api/search", params=web_params).json()
    assert code == 0 and from_mcp["results"]
    for page in (from_cli, from_web):
        assert [r["name"] for r in page["results"]] == [r["name"] for r in from_mcp["results"]]
        assert [r["rank"] for r in page["results"]] == [r["rank"] for r in from_mcp["results"]]
        assert page.keys() == from_mcp.keys()  # one JSON shape
        assert {k: page[k] for k in ("total", "page", "limit", "has_more", "filters_applied", "queries")} == \
            {k: from_mcp[k] for k in ("total", "page", "limit", "has_more", "filters_applied", "queries")}


# -- the same errors --------------------------------------------------------------------------------------

ERRORS = [
    # (library call, MCP arguments, CLI arguments, web parameters)
    ((["draw a card"],), {"mana_value_min": 5, "mana_value_max": 2},
     {"queries": ["draw a card"], "mana_value_min": 5, "mana_value_max": 2},
     ["search", "draw a card", "--mv-min", "5", "--mv-max", "2"], {"q": "draw a card", "mv_min": 5, "mv_max": 2}),
    (([""],), {}, {"queries": [""]}, ["search", ""], {"q": ""}),
    ((["draw"],), {"mana_value_max": float("nan")}, {"queries": ["draw"], "mana_value_max": "NaN"},
     ["search", "draw", "--mv-max", "nan"], {"q": "draw", "mv_max": "nan"}),
    ((["draw"],), {"mana_value_min": -1}, {"queries": ["draw"], "mana_value_min": -1},
     ["search", "draw", "--mv-min", "-1"], {"q": "draw", "mv_min": -1}),
    ((['t:instant o:"draw'],), {}, {"queries": ['t:instant o:"draw']}, ["search", 't:instant o:"draw'],
     {"q": 't:instant o:"draw'}),
    ((["draw"],), {"color_identity": "purple"}, {"queries": ["draw"], "color_identity": "purple"},
     ["search", "draw", "--id", "purple"], {"q": "draw", "id": "purple"}),
    ((["draw"],), {"format": "chess"}, {"queries": ["draw"], "format": "chess"},
     ["search", "draw", "--format", "chess"], {"q": "draw", "format": "chess"}),
]


@pytest.mark.parametrize(("library_args", "library_filters", "mcp_args", "cli_args", "web_params"), ERRORS)
async def test_the_same_bad_search_gives_the_same_error_everywhere(mcp: Client, web: TestClient, cli, engine,
                                                                   library_args, library_filters, mcp_args, cli_args,
                                                                   web_params):
    expected = _library_error(engine, *library_args, **library_filters)
    from_mcp = await mcp.call_tool("search_cards", mcp_args)
    code, out, err = cli(*cli_args)
    response = web.get("/api/search", params=web_params)
    assert from_mcp.is_error and _text(from_mcp) == expected.message()
    assert from_mcp.structured_content["argument"] == expected.argument
    assert code == 1 and not out and err == f"grimoire: {expected.message(CLI_SPELLING)}\n"
    assert response.status_code == 400 and response.json()["error"] == expected.message(WEB_SPELLING)
    assert response.json()["argument"] == WEB_SPELLING[expected.argument]


async def test_an_unknown_card_is_the_same_error_with_the_same_suggestions(mcp: Client, web: TestClient, cli):
    from_mcp = await mcp.call_tool("get_card", {"name": "Bolt Ligtning Dragonz"})
    code, _, err = cli("card", "Bolt Ligtning Dragonz")
    response = web.get("/api/card/Bolt Ligtning Dragonz")
    assert from_mcp.is_error and code == 1 and response.status_code == 404
    message = response.json()["error"]
    assert message.startswith("No card named 'Bolt Ligtning Dragonz'. Did you mean: ")
    assert _text(from_mcp).startswith(message) and err == f"grimoire: {message}\n"
    assert from_mcp.structured_content["suggestions"] == response.json()["suggestions"]


# -- the same corrections -----------------------------------------------------------------------------------

async def test_a_fuzzy_card_name_is_corrected_and_said_so_everywhere(mcp: Client, web: TestClient, cli):
    correction = "no card is named 'lightnig bolt'; showing the closest match, Lightning Bolt"
    from_mcp = await mcp.call_tool("get_card", {"name": "lightnig bolt"})
    code, out, err = cli("card", "lightnig bolt", "--json")
    from_web = web.get("/api/card/lightnig bolt").json()
    assert _text(from_mcp).startswith(f"note: {correction}\n")
    assert err == f"note: {correction}\n" and code == 0
    for record in (from_mcp.structured_content, json.loads(out), from_web):
        assert record["name"] == "Lightning Bolt" and record["exact"] is False
        assert record["correction"] == correction
    exact = web.get("/api/card/Lightning Bolt").json()
    assert exact["exact"] is True and exact["correction"] is None
    _, _, quiet = cli("card", "Lightning Bolt")
    assert quiet == ""


async def test_a_card_a_search_reads_by_its_short_name_is_found_by_every_lookup(mcp: Client, web: TestClient, cli):
    # ("ragavan" had read as the card in a search, while grimoire card said no card was named so)
    correction = "'ragavan' read as Ragavan, Nimble Pilferer, as players call it"
    from_mcp = await mcp.call_tool("get_card", {"name": "ragavan"})
    code, out, err = cli("card", "ragavan", "--json")
    from_web = web.get("/api/card/ragavan").json()
    assert code == 0 and err == f"note: {correction}\n" and _text(from_mcp).startswith(f"note: {correction}\n")
    for record in (from_mcp.structured_content, json.loads(out), from_web):
        assert record["name"] == "Ragavan, Nimble Pilferer" and record["correction"] == correction
    code, out, err = cli("similar", "sheoldred apocalypse", "-n", "3", "--json")
    assert code == 0 and "'sheoldred apocalypse' read as Sheoldred, the Apocalypse" in err


async def test_a_fuzzy_similar_card_is_corrected_in_the_notes(mcp: Client, cli):
    from_mcp = await mcp.call_tool("find_similar", {"name": "smothering tith", "limit": 3})
    code, out, err = cli("similar", "smothering tith", "-n", "3", "--json")
    correction = "no card is named 'smothering tith'; showing the closest match, Smothering Tithe"
    assert code == 0 and f"note: {correction}\n" in err
    assert from_mcp.structured_content["notes"][0] == correction == json.loads(out)["notes"][0]
    assert [r["name"] for r in json.loads(out)["results"]] == \
        [r["name"] for r in from_mcp.structured_content["results"]]


async def test_a_deck_reads_the_same_and_reports_each_corrected_line(mcp: Client, web: TestClient, cli,
                                                                      tmp_path: Path):
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(FUZZY_DECK, encoding="utf-8")
    from_mcp = await mcp.call_tool("validate_deck", {"deck": FUZZY_DECK})
    code, out, err = cli("deck", "check", str(deck_file), "--json")
    from_web = web.post("/api/deck/check", json={"deck": FUZZY_DECK}).json()
    from_cli = json.loads(out)
    expected = [{"line_number": 6, "written": "Llanowar Elvs", "name": "Llanowar Elves",
                 "message": "line 6: 'Llanowar Elvs' read as Llanowar Elves"}]
    for record in (from_mcp.structured_content, from_cli, from_web):
        assert record["corrections"] == expected
        assert [p["line_number"] for p in record["problems"]] == [7]
        assert record.keys() == from_web.keys()  # one deck-check record
        assert record["violations"] == from_web["violations"]
    assert "line 6: 'Llanowar Elvs' read as Llanowar Elves" in _text(from_mcp)
    assert "line 6: 'Llanowar Elvs' read as Llanowar Elves" in err and code == 1


async def test_a_limit_above_the_maximum_is_capped_and_said_so(web: TestClient, cli):
    code, out, err = cli("search", "draw a card", "-n", "500", "--json")
    from_web = web.get("/api/search", params={"q": "draw a card", "limit": 500}).json()
    note = "500 results per page is above the maximum; showing 100 per page (ask for the next page for more)"
    assert code == 0 and f"note: {note}\n" in err
    assert json.loads(out)["limit"] == from_web["limit"] == 100 and note in from_web["notes"]
    assert web.get("/api/search", params={"q": "draw a card", "limit": 100}).status_code == 200


# -- the agent benchmark measures the tool we ship ------------------------------------------------------------

AGENT_CALLS = [
    ("whenever a creature you control dies, draw a card", {"color_identity": "bg", "format": "commander"}),
    ("t:instant counter target spell", {}),
    ("search your library for a land", {"color_identity": "g", "mana_value_max": 3.0}),
    ("t:creature c:g pow>=8", {"types": ("creature",), "roles": ()}),
    ("lightning", {"roles": ("burn",), "mana_value_min": 1.0}),
]


@pytest.mark.parametrize(("query", "filters"), AGENT_CALLS)
async def test_the_agent_benchmark_search_tool_answers_byte_for_byte_what_mcp_search_cards_does(
        mcp: Client, engine, query: str, filters: dict):
    from grimoire.bench.agent.tools import SEARCH_LIMIT, Episode, search
    from grimoire.search.engine import Filters

    episode = Episode()
    agent_answer = await search(engine, Filters(**filters), episode)(query)
    arguments = {"queries": [query], "limit": SEARCH_LIMIT,
                 **{key: list(value) if isinstance(value, tuple) else value for key, value in filters.items()}}
    from_mcp = await mcp.call_tool("search_cards", arguments)
    assert not from_mcp.is_error and _text(from_mcp) == agent_answer
    assert len(episode.seen) >= len(from_mcp.structured_content["results"])  # the agent saw what it was shown


def test_the_readmes_library_example_runs(surface_home: Path, monkeypatch: pytest.MonkeyPatch, capsys):
    import re

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```", readme, re.DOTALL).group(1)
    assert len(example.strip().splitlines()) <= 6
    monkeypatch.setenv("GRIMOIRE_HOME", str(surface_home))
    exec(compile(example, "README.md", "exec"), {})  # noqa: S102 - the README's own example
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 5 and lines[0].startswith("1 ")
