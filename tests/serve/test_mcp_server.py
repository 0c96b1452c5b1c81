"""The MCP server as an agent meets it: the real ``grimoire serve mcp`` process, driven by the SDK's client."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time

import httpx
import pytest
from mcp import Client

from grimoire.search.tags import TAGS

pytestmark = pytest.mark.anyio

TOOLS = {"search_cards", "get_card", "find_similar", "get_deck", "validate_deck", "analyze_deck"}


def text_of(result) -> str:
    return "\n".join(block.text for block in result.content)


async def call_ok(client: Client, tool: str, arguments: dict):
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, text_of(result)
    return result


async def call_error(client: Client, tool: str, arguments: dict) -> str:
    result = await client.call_tool(tool, arguments)
    assert result.is_error, f"{tool}({arguments}) should fail: {text_of(result)[:300]}"
    return text_of(result)


async def test_lists_every_tool_with_a_description_and_schema(client: Client):
    tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert set(tools) == TOOLS
    search = tools["search_cards"]
    assert "exclude" in search.description and "page" in search.description
    properties = search.input_schema["properties"]
    assert {"queries", "color_identity", "format", "types", "mana_value_min", "mana_value_max", "roles",
            "exclude", "limit", "page"} <= set(properties)
    assert properties["limit"]["maximum"] == 50
    roles = properties["roles"]["description"]
    assert "mana-rock" in roles and "sweeper" in roles and f"any of {len(TAGS)}" in roles  # the function tags of today
    assert tools["get_card"].input_schema["required"] == ["name"]


async def test_search_ranks_by_words_and_obeys_filters(client: Client):
    result = await call_ok(client, "search_cards", {
        "queries": ["whenever a creature you control dies, draw a card"], "color_identity": "bg",
        "format": "commander", "limit": 5})
    data = result.structured_content
    assert data["page"] == 1 and data["limit"] == 5 and data["total"] > 5 and data["has_more"]
    assert len(data["results"]) == 5
    for card in data["results"]:
        assert set(card["color_identity"]) <= {"B", "G"}
        assert card["legalities"].get("commander") == "legal"
    text = text_of(result)
    first = data["results"][0]
    assert f"1. {first['name']}" in text and "more: page=2" in text and "filters applied: id<=bg f:commander" in text
    assert "roles:" in text and "legal: commander" in text and "mv " in text and "identity " in text


async def test_search_fuses_queries_mixes_syntax_and_pages(client: Client):
    arguments = {"queries": ["t:instant counter target spell", "t:instant mv<=2 o:counter"], "limit": 3}
    first = (await call_ok(client, "search_cards", arguments)).structured_content
    second = (await call_ok(client, "search_cards", {**arguments, "page": 2})).structured_content
    assert [r["rank"] for r in second["results"]] == [4, 5, 6]
    assert not {r["name"] for r in first["results"]} & {r["name"] for r in second["results"]}
    assert all("Instant" in r["type_line"] for r in first["results"] + second["results"])


async def test_search_shows_how_player_words_were_read_and_literal_turns_it_off(client: Client):
    result = await call_ok(client, "search_cards", {"queries": ["white removal instant"], "limit": 5})
    assert "read as: id<=w t:instant" in text_of(result)
    reading = result.structured_content["readings"][0]
    assert reading["syntax"] == "id<=w t:instant"
    assert {"words": "white", "syntax": "id<=w", "kind": "colour"} in reading["chips"]
    assert all(set(card["color_identity"]) <= {"W"} for card in result.structured_content["results"])
    literal = await call_ok(client, "search_cards", {"queries": ["white removal instant"], "literal": True})
    assert "read as:" not in text_of(literal) and literal.structured_content["readings"][0]["chips"] == []


async def test_search_structured_filters_and_exclude(client: Client):
    arguments = {"queries": ["add one mana of any color"], "types": ["creature"], "mana_value_max": 2,
                 "roles": ["manadork"], "color_identity": "g", "limit": 5}
    data = (await call_ok(client, "search_cards", arguments)).structured_content
    names = [r["name"] for r in data["results"]]
    assert names and all(r["mana_value"] <= 2 and "Creature" in r["type_line"] for r in data["results"])
    again = await call_ok(client, "search_cards", {**arguments, "exclude": [names[0], "Not A Real Card"]})
    assert names[0] not in [r["name"] for r in again.structured_content["results"]]
    assert "no card named 'Not A Real Card'" in text_of(again)


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"queries": ["draw"], "limit": 0}, "limit must be 1 to 50"),
    ({"queries": ["a", "b", "c", "d", "e", "f"]}, "1 to 4"),
    ({"queries": ["draw"], "page": 0}, "page must be 1 or more"),
    ({"queries": ["draw"], "color_identity": "purple"}, "not a colour identity"),
    ({"queries": ["draw"], "format": "chess"}, "unknown format 'chess'"),
    ({"queries": ["draw"], "roles": ["dancing"]}, "unknown role 'dancing'"),
    ({"queries": ["draw"], "mana_value_min": 5, "mana_value_max": 2}, "above mana_value_max"),
    ({"queries": ["draw"], "mana_value_max": -1}, "mana_value_max must be from 0 to 1,000,000, not -1"),
    ({"queries": ["draw"], "mana_value_min": "NaN"}, "mana_value_min must be a number"),
    ({"queries": ["draw"], "mana_value_min": "inf"}, "mana_value_min must be a number"),
    ({"queries": [""]}, "every query is empty"),
    ({"queries": ["draw"], "bogus_arg": 1}, "unknown argument 'bogus_arg' for search_cards. Its arguments are: "
                                            "queries, color_identity"),
    ({"queries": ["draw"], "limit": "ten"}, "bad argument limit for search_cards: Input should be a valid integer"),
    ({"queries": ["draw"], "types": ["t:creature"]}, "types 't:creature' is not a type's name"),
    # true is no number (it had been read as 1)
    ({"queries": ["draw"], "limit": True}, "bad argument limit for search_cards: Value error, a number is needed, not "
                                           "true (got True)"),
    ({"queries": ["draw"], "mana_value_max": False}, "bad argument mana_value_max for search_cards: Value error, a "
                                                     "number is needed, not false"),
])
async def test_search_bad_arguments_say_how_to_fix_them(client: Client, arguments: dict, expected: str):
    assert expected in await call_error(client, "search_cards", arguments)


async def test_null_optional_arguments_are_their_defaults(client: Client):
    """"limit": null, "page": null and find_similar's "query": null had been refused ("a valid integer (got None)")
    while "format": null and "bracket": null were the defaults."""
    plain = await client.call_tool("search_cards", {"queries": ["draw a card"]})
    nulls = await client.call_tool("search_cards", {"queries": ["draw a card"], "limit": None, "page": None})
    assert not nulls.is_error and text_of(nulls) == text_of(plain)
    similar = await client.call_tool("find_similar", {"name": "Sol Ring", "query": None, "limit": None})
    assert not similar.is_error and len(similar.structured_content["results"]) == 10


@pytest.mark.parametrize(("tool", "arguments"), [("search_cards", {"queries": ["draw"], "format": "modern"}),
                                                 ("find_similar", {"name": "Sol Ring", "format": "modern"})])
async def test_a_format_the_card_data_lacks_is_the_format_argument_s_error(client: Client, tool: str,
                                                                           arguments: dict):
    """The bundled snapshot knows only commander legality: the error names format (it had named the query)."""
    result = await client.call_tool(tool, arguments)
    assert result.is_error and result.structured_content["argument"] == "format"
    assert text_of(result).startswith("bad format: the loaded card data has no modern legality")


@pytest.mark.parametrize(("arguments", "argument"), [({"queries": ["draw"], "limit": "ten"}, "limit"),
                                                     ({"queries": ["draw"], "types": 5}, "types")])
async def test_a_badly_typed_argument_is_named_in_the_structured_error_too(client: Client, arguments: dict,
                                                                            argument: str):
    """Range errors named the argument in the structured answer, type errors only in words."""
    result = await client.call_tool("search_cards", arguments)
    assert result.is_error and result.structured_content["argument"] == argument


async def test_a_badly_typed_argument_is_told_once(client: Client):
    """A fuzzer's "types": [5] had been told twice, once for each shape the argument takes (a list, a text)."""
    for arguments in ({"queries": ["draw"], "types": [5]}, {"queries": ["draw"], "exclude": [5]}):
        said = await call_error(client, "search_cards", arguments)
        assert said.count("bad argument") == 1, said


async def test_a_limit_above_the_maximum_is_capped_with_a_note(client: Client):
    result = await call_ok(client, "search_cards", {"queries": ["draw"], "limit": 500})
    assert result.structured_content["limit"] == 50 and len(result.structured_content["results"]) == 50
    assert "note: 500 results per page is above the maximum; showing 50 per page" in text_of(result)


async def test_search_syntax_error_points_at_the_character(client: Client):
    result = await client.call_tool("search_cards", {"queries": ['t:instant o:"draw a card']})
    assert result.is_error
    assert "unclosed quote (at character 13)" in text_of(result)
    assert 't:instant o:"draw a card\n            ^' in text_of(result)
    assert result.structured_content["position"] == 12


async def test_get_card_shows_every_face_roles_legality_and_rulings_note(client: Client):
    result = await call_ok(client, "get_card", {"name": "delver of secrets"})
    text, data = text_of(result), result.structured_content
    assert "[Delver of Secrets]" in text and "[Insectile Aberration]" in text and "Legal: commander legal" in text
    assert "Rulings: no rulings in this card data" in text  # the bundled snapshot has none
    assert data["name"] == "Delver of Secrets // Insectile Aberration" and len(data["faces"]) == 2
    assert data["rulings_in_data"] is False and data["rulings"] is None and data["exact"] is True
    bolt = await call_ok(client, "get_card", {"name": "Lightnig Bolt"})
    assert text_of(bolt).startswith("note: no card is named 'Lightnig Bolt'; showing the closest match, "
                                    "Lightning Bolt\n")
    assert "Roles: removal, burn" in text_of(bolt)
    assert bolt.structured_content["exact"] is False and bolt.structured_content["query"] == "Lightnig Bolt"


async def test_unknown_card_names_return_the_closest_matches(client: Client):
    result = await client.call_tool("get_card", {"name": "jace"})
    assert result.is_error and "Did you mean" in text_of(result)
    assert any(name.startswith("Jace") for name in result.structured_content["suggestions"])
    assert "Did you mean" in await call_error(client, "find_similar", {"name": "Smotherin Tythe Zzz"})


async def test_find_similar_honours_filters_and_pages(client: Client):
    arguments = {"name": "Llanowar Elves", "query": "t:creature", "mana_value_max": 1, "limit": 4}
    result = await call_ok(client, "find_similar", arguments)
    data = result.structured_content
    assert data["card"] == "Llanowar Elves" and len(data["results"]) == 4
    assert "Llanowar Elves" not in [r["name"] for r in data["results"]]
    assert all(r["mana_value"] <= 1 and "Creature" in r["type_line"] for r in data["results"])
    assert text_of(result).startswith("similar to Llanowar Elves: cards 1-4 of")
    page_two = (await call_ok(client, "find_similar", {**arguments, "page": 2})).structured_content
    assert page_two["results"][0]["rank"] == 5


async def test_find_similar_bad_arguments(client: Client):
    assert "at character" in await call_error(client, "find_similar", {"name": "Sol Ring", "query": "mv<=x"})
    assert "limit must be 1 to 50" in await call_error(client, "find_similar", {"name": "Sol Ring", "limit": 0})


DECK = """Commander
1 Atraxa, Praetors' Voice

Deck
1 Sol Ring
1 Llanowar Elves
1 Counterspell
1 Lightning Bolt
30 Forest
1 Grizly Bearz
"""


async def test_get_deck_reads_sections_and_reports_unknown_lines(client: Client):
    result = await call_ok(client, "get_deck", {"deck": DECK})
    text, data = text_of(result), result.structured_content
    assert [e["name"] for e in data["commanders"]] == ["Atraxa, Praetors' Voice"]
    assert {"Sol Ring", "Forest"} <= {e["name"] for e in data["main"]} and data["card_count"] == 35
    assert "commanders (1):" in text and "30 Forest" in text
    assert "line 10: '1 Grizly Bearz'" in text and "Grizzly Bears" in text


async def test_get_deck_reports_each_corrected_name_with_its_line(client: Client):
    result = await call_ok(client, "get_deck", {"deck": "1 Sol Ring\n1 Llanowar Elvs"})
    assert "line 2: 'Llanowar Elvs' read as Llanowar Elves" in text_of(result)
    assert result.structured_content["corrections"] == [
        {"line_number": 2, "written": "Llanowar Elvs", "name": "Llanowar Elves",
         "message": "line 2: 'Llanowar Elvs' read as Llanowar Elves"}]


async def test_get_deck_reads_mtgjson_json(client: Client):
    payload = {"data": {"name": "Elves", "mainBoard": [{"name": "Llanowar Elves", "count": 4},
                                                       {"name": "Forest", "count": 20}]}}
    data = (await call_ok(client, "get_deck", {"deck": json.dumps(payload)})).structured_content
    assert data["name"] == "Elves" and data["card_count"] == 24


async def test_validate_and_analyze_deck(client: Client):
    result = await call_ok(client, "validate_deck", {"deck": DECK, "format": "commander"})
    data = result.structured_content
    assert data["legal"] is False
    rules = {v["rule"] for v in data["violations"]}
    assert "deck size" in rules and "color identity" in rules
    assert "Lightning Bolt" in text_of(result)
    stats = await call_ok(client, "analyze_deck", {"deck": DECK})
    assert stats.structured_content["land_count"] == 30 and stats.structured_content["format"] == "commander"
    assert "Mana curve" in text_of(stats)


@pytest.mark.parametrize(("tool", "arguments", "expected"), [
    ("get_deck", {"deck": "   "}, "Pass a decklist as text"),
    ("get_deck", {"deck": "hello world"}, "no card found"),
    ("get_deck", {"deck": "{not json"}, "does not parse"),
    ("get_deck", {"deck": '{"data": {"mainBoard": [1, 2]}}'}, "mainBoard card 1 should be an object"),
    ("get_deck", {"deck": '{"data": {"mainBoard": [{"name": "Sol Ring", "count": "x"}]}}'},
     "count should be a whole number"),
    ("get_deck", {"deck": "/etc/passwd"}, "no card found"),
    ("get_deck", {"deck": "https://example.com/decks/1"}, "moxfield.com"),
    ("get_deck", {"deck": "https://www.moxfield.com/decks/abc123"}, "could not reach moxfield.com"),
    ("validate_deck", {"deck": DECK, "format": "chess"}, "unknown format 'chess'"),
    ("validate_deck", {"deck": DECK, "bracket": 9}, "bracket must be 1 to 5"),
    ("analyze_deck", {"deck": DECK, "format": "chess"}, "unknown format 'chess'"),  # (it had been accepted)
])
async def test_deck_tools_bad_arguments(client: Client, tool: str, arguments: dict, expected: str):
    assert expected in await call_error(client, tool, arguments)


async def test_the_server_ranks_with_the_encoder_it_was_started_with(grimoire_home):
    """``grimoire serve mcp --encoder static`` answers with Grimoire's static model: the library's own ranking
    for that model, not MiniLM's (the two differ on this player request)."""
    import grimoire
    from grimoire.search.engine import SearchEngine

    from .conftest import stdio_server

    query = "mana dorks"
    db = grimoire.open()
    expected = {encoder: [r.card.name for r in SearchEngine(db, encoder=encoder).search(query, limit=10).results]
                for encoder in ("static", "minilm")}
    assert expected["static"] != expected["minilm"]
    async with stdio_server(grimoire_home, "--encoder", "static", log="static-server.log") as static_client:
        result = await call_ok(static_client, "search_cards", {"queries": [query], "limit": 10})
    assert [card["name"] for card in result.structured_content["results"]] == expected["static"]


def test_a_lone_surrogate_over_stdio_is_answered_and_the_session_goes_on(grimoire_home):
    """A JSON string may escape half a UTF-16 pair ("\\ud800"): the SDK's parser refused the whole line and the
    call was never answered. The raw lines an agent's client may send, read back raw (JSON-RPC over stdio is one
    message per line: the MCP specification's stdio transport)."""
    lines = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": HELLO},
             {"jsonrpc": "2.0", "method": "notifications/initialized"},
             {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
              "params": {"name": "search_cards", "arguments": {"queries": ["draw \ud800 card"], "limit": 1}}},
             {"jsonrpc": "2.0", "id": 3, "method": "tools/call",
              "params": {"name": "get_card", "arguments": {"name": "Sol Ring"}}}]
    sent = [json.dumps(line) for line in lines]  # (ASCII: the surrogate as the escape \ud800)
    assert "\\ud800" in sent[2]
    session = RawSession(grimoire_home)  # (kept open: the replies are read while the session runs)
    try:
        replies = {reply["id"]: reply for reply in session.send_and_collect(*sent, count=3)}
    finally:
        session.close()
    assert set(replies) == {1, 2, 3}
    assert replies[2]["result"]["structuredContent"]["queries"] == ["draw \ufffd card"]
    assert replies[3]["result"]["structuredContent"]["name"] == "Sol Ring"


def test_every_line_the_transport_cannot_read_is_answered_and_the_session_goes_on(grimoire_home):
    """Lines the SDK's stdio transport only logged, so the client waited forever: no JSON, JSON nested or numbered
    past what the parser reads, JSON that is no JSON-RPC message. Each gets a JSON-RPC 2.0 error (specification
    section 5.1: -32700 parse error, -32600 invalid request) with its id where it can be read."""
    call = ('{{"jsonrpc": "2.0", "id": {}, "method": "tools/call", '
            '"params": {{"name": "search_cards", "arguments": {}}}}}')
    lines = [json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": HELLO}),
             json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
             call.format(2, '{"queries": "draw", "page": ' + "9" * 5000 + "}"),
             call.format(3, '{"queries": ' + "[" * 100_000 + "]" * 100_000 + "}"),
             '{"jsonrpc": "2.0", "id": 4}',
             "hello",
             json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                         "params": {"name": "get_card", "arguments": {"name": "Sol Ring"}}})]
    session = RawSession(grimoire_home)
    try:
        replies = session.send_and_collect(*lines, count=6)
    finally:
        session.close()
    errors = {reply["id"]: reply["error"] for reply in replies if "error" in reply}
    assert errors[2]["code"] == errors[3]["code"] == -32700
    assert errors[4]["code"] == -32600 and "method" in errors[4]["message"]
    assert errors[None]["code"] == -32700
    assert len(errors[2]["message"]) < 400
    assert next(r for r in replies if r["id"] == 5)["result"]["structuredContent"]["name"] == "Sol Ring"


class RawSession:
    """``grimoire serve mcp`` in a subprocess, spoken to in raw lines (JSON-RPC over stdio is one message a line:
    the MCP specification's stdio transport), its answers read back raw by a thread."""

    def __init__(self, grimoire_home):
        from .conftest import OFFLINE, SERVER

        env = {**os.environ, **OFFLINE, "GRIMOIRE_HOME": str(grimoire_home)}
        self.process = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env)
        self.replies: queue.Queue[dict] = queue.Queue()
        self.before_initialize: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.replies.put(json.loads(line))

    def send(self, *lines: str | bytes) -> None:
        self.process.stdin.write(b"".join((line if isinstance(line, bytes) else line.encode()) + b"\n"
                                          for line in lines))
        self.process.stdin.flush()

    def send_and_collect(self, *lines: str | bytes, count: int, timeout: float = 120) -> list[dict]:
        """Send ``lines``, then read ``count`` answers, in the order they come (a reader thread takes every line:
        select on a buffered pipe had missed a second answer that came in the same read as the first)."""
        self.send(*lines)
        deadline = time.monotonic() + timeout
        return [self.replies.get(timeout=max(deadline - time.monotonic(), 0.1)) for _ in range(count)]

    def exchange(self, *lines: str | bytes, until, timeout: float = 120) -> list[dict]:
        """Send ``lines``, then read every answer up to the one whose id is ``until`` (not included)."""
        self.send(*lines)
        answers, deadline = [], time.monotonic() + timeout
        while (reply := self.replies.get(timeout=max(deadline - time.monotonic(), 0.1)))["id"] != until:
            answers.append(reply)
        return answers

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


HELLO = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}


def ping(request_id: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "ping"})


def call_line(request_id, tool: str = "get_card", arguments: dict | None = None) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
                       "params": {"name": tool, "arguments": arguments or {"name": "Sol Ring"}}})


@pytest.fixture(scope="module")
def raw(grimoire_home):
    """A raw session, opened as a careless client would: a tool call before ``initialize`` (its answer kept in
    ``before_initialize``), then the handshake."""
    session = RawSession(grimoire_home)
    try:
        session.before_initialize = session.exchange(call_line("early"), ping("opened"), until="opened")
        session.exchange(json.dumps({"jsonrpc": "2.0", "id": "hello", "method": "initialize", "params": HELLO}),
                         until="hello")
        session.exchange(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}), ping("ready"),
                         until="ready")
        yield session
    finally:
        session.close()


@pytest.mark.parametrize("request_id", ["null", "1.5", "2.0", "true", "1e3", '{"a": 1}', "[1]"])
def test_a_request_whose_id_is_no_id_is_refused_with_a_null_id(raw, request_id: str):
    """JSON-RPC 2.0: an id is a string or a number without a fraction. The SDK read these requests as
    notifications and dropped the id, so the call was never answered; now -32600 with id null (the id cannot be
    echoed), and the tool is not run."""
    line = '{"jsonrpc": "2.0", "id": ' + request_id + ', "method": "tools/call", "params": ' \
           '{"name": "get_card", "arguments": {"name": "Sol Ring"}}}'
    [answer] = raw.exchange(line, ping("after"), until="after", timeout=20)
    assert answer["id"] is None and answer["error"]["code"] == -32600
    assert '"id" must be a string or a whole number' in answer["error"]["message"]


@pytest.mark.parametrize(("line", "expected"), [
    ('{"jsonrpc": "1.0", "id": 20, "method": "ping"}', '"jsonrpc" must be "2.0", not "1.0"'),
    ('{"jsonrpc": 2, "id": 21, "method": "ping"}', '"jsonrpc" must be "2.0", not 2'),
    ('{"id": 22, "method": "ping"}', '"jsonrpc": "2.0" is missing'),
    ('{"jsonrpc": "2.0", "id": 23, "method": 5}', '"method" must be a string, not 5'),
    ('{"jsonrpc": "2.0", "id": 24, "method": "tools/call", "params": 5}', '"params" must be an object'),
    ('{"jsonrpc": "2.0", "id": "x", "method": "tools/call", "params": ["get_card"]}', '"params" must be an object'),
])
def test_an_invalid_request_is_answered_with_its_id_and_what_is_wrong(raw, line: str, expected: str):
    """-32600 had come back with id null whenever the id was readable (it was read from the offending field)."""
    [answer] = raw.exchange(line, ping("after"), until="after")
    assert answer["id"] == json.loads(line)["id"] and answer["error"]["code"] == -32600
    assert expected in answer["error"]["message"]


def test_a_parse_error_says_the_real_nesting_and_digit_limits(raw):
    """The error had said "nested at most a few hundred levels"; the reader stops past 201 levels."""
    deep, allowed = "[" * 202 + "]" * 202, "[" * 200 + "]" * 200
    refused, read = raw.send_and_collect(deep, count=1)[0], raw.send_and_collect(allowed, count=1)[0]
    assert refused["error"]["code"] == -32700
    assert "nested at most 200 levels deep" in refused["error"]["message"] and "at most 4,300 digits" in \
        refused["error"]["message"], refused
    assert read["error"]["code"] == -32600  # read: a batch, refused as one


def test_a_batch_is_refused_as_mcp_has_no_batches(raw):
    """MCP removed JSON-RPC batching in protocol version 2025-06-18 (its changelog, PR #416)."""
    [answer] = raw.exchange(f"[{call_line(1)}, {call_line(2)}]", ping("after"), until="after")
    assert answer["id"] is None and answer["error"]["code"] == -32600
    assert "batch" in answer["error"]["message"] and "not supported" in answer["error"]["message"]


def test_a_byte_order_mark_before_a_message_is_ignored(raw):
    assert raw.exchange(b"\xef\xbb\xbf" + ping("marked").encode(), until="marked") == []


def test_a_message_ended_by_a_carriage_return_alone_is_answered_at_once(raw):
    """Universal newlines, as docs/mcp.md says: a client ending each message with "\\r" alone is answered without
    waiting for a "\\n" that never comes (the server had waited for one, answering nothing)."""
    raw.process.stdin.write(f"{ping('cr-1')}\r{ping('cr-2')}\r".encode())
    raw.process.stdin.flush()
    assert [raw.replies.get(timeout=30)["id"] for _ in range(2)] == ["cr-1", "cr-2"]


_POSTED = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


@pytest.mark.parametrize(("body", "expected"), [
    # the rules of a stdio line, for a body: these had an empty 202, the request never run
    ('{"jsonrpc": "2.0", "id": null, "method": "ping"}', '"id" must be a string or a whole number, not null'),
    ('{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', '"id" must be a string or a whole number, not 1.5'),
    ('{"jsonrpc": "2.0", "id": {}, "method": "ping"}', '"id" must be a string or a whole number, not {}'),
    # and these the SDK's validation dumps
    ("", "the request body is empty"),
    ("null", "a message is a JSON object, not null"),
    ('[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', "a batch (a JSON array of messages) is not supported"),
    # worded for a body, not a stdio line (it had said "the line is not JSON ... one JSON-RPC message per line")
    ('{"jsonrpc": "2.0", "id": 7, "method": ', "Parse error: the request body is not JSON"),
    ('[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', "each message in a request of its own"),
])
def test_over_http_a_body_that_is_no_message_is_refused_with_the_reason(mcp_http_url: str, body: str,
                                                                       expected: str):
    answer = httpx.post(mcp_http_url, content=body, headers=_POSTED, timeout=60)
    assert answer.status_code == 400 and expected in answer.json()["error"]["message"], answer.text


@pytest.mark.parametrize("path", ["/other", "/", "/sse", "/mcp/x"])
def test_over_http_an_address_other_than_mcp_is_a_404_naming_mcp(mcp_http_url: str, path: str):
    """POST /other had been told its JSON was wrong ('"jsonrpc": "2.0" is missing'), and a valid message sent
    there had been a plain-text "Not Found": a typo in the URL is told as that, with the endpoint."""
    base = mcp_http_url.removesuffix("/mcp")
    for body in ("{}", ping("p")):
        answer = httpx.post(base + path, content=body, headers=_POSTED, timeout=60)
        assert answer.status_code == 404, answer.text
        assert f"the MCP endpoint is /mcp ({mcp_http_url})" in answer.json()["error"]["message"]
    assert httpx.post(mcp_http_url, content=ping("q"), headers=_POSTED, timeout=60).json()["id"] == "q"


def test_over_http_a_get_is_405_not_an_endless_stream(mcp_http_url: str):
    """A stateless server has nothing to stream: a GET had opened an event stream that never ended (a connection
    held for ever per GET); the MCP specification's answer for no stream is 405."""
    for headers in ({"Accept": "text/event-stream"}, {}):
        answer = httpx.get(mcp_http_url, headers=headers, timeout=10)
        assert answer.status_code == 405 and answer.headers["allow"] == "POST", answer.text
        assert "Send JSON-RPC messages with POST" in answer.json()["error"]["message"]


def test_over_http_an_unknown_protocol_version_header_is_named(mcp_http_url: str):
    """The specification's 400 for an unsupported MCP-Protocol-Version, naming the header and the versions (the
    SDK had answered that params._meta must carry an envelope, never naming the header)."""
    answer = httpx.post(mcp_http_url, content=ping("v"), headers={**_POSTED, "MCP-Protocol-Version": "1999-01-01"},
                        timeout=60)
    message = answer.json()["error"]["message"]
    assert answer.status_code == 400 and "MCP-Protocol-Version header '1999-01-01'" in message and "2025-06-18" in \
        message, message
    assert httpx.post(mcp_http_url, content=ping("w"), headers={**_POSTED, "MCP-Protocol-Version": "2025-06-18"},
                      timeout=60).json()["id"] == "w"


def test_over_http_bad_params_name_the_field_and_the_fix(mcp_http_url: str):
    body = call_line(7, arguments=None).replace('{"name": "Sol Ring"}', '"Sol Ring"')
    answer = httpx.post(mcp_http_url, content=body, headers=_POSTED, timeout=60).json()
    assert answer["id"] == 7 and "params.arguments must be an object of the tool's arguments" in \
        answer["error"]["message"], answer  # (it had been the SDK's bare "Invalid request parameters")


_NOT_FINITE = [("1e999", "not inf"), ("Infinity", "not inf"), ("-Infinity", "not -inf"), ("NaN", "not nan")]


def _search_call(request_id, argument: str, number: str) -> str:
    """A search_cards call whose ``argument`` is the JSON number text ``number`` (1e999 is plain JSON; Infinity and
    NaN are extensions Python's reader and the SDK's accept)."""
    return call_line(request_id, "search_cards", {"queries": ["t:creature"], argument: "__NUMBER__"}) \
        .replace('"__NUMBER__"', number)


@pytest.mark.parametrize("argument", ["mana_value_min", "mana_value_max"])
@pytest.mark.parametrize(("number", "expected"), _NOT_FINITE)
def test_a_number_that_is_not_finite_is_refused_alike_over_http_and_stdio(mcp_http_url: str, raw, argument: str,
                                                                           number: str, expected: str):
    """Over HTTP the message had been written out again with such numbers as null: the filter was dropped without
    a word, and the search ran on every card."""
    over_http = httpx.post(mcp_http_url, content=_search_call(8, argument, number), headers=_POSTED,
                           timeout=60).json()["result"]
    request_id = f"finite-{argument}-{number}"
    raw.send(_search_call(request_id, argument, number))
    while (over_stdio := raw.replies.get(timeout=60))["id"] != request_id:
        pass
    assert over_http["isError"], over_http
    message = over_http["content"][0]["text"]
    assert argument in message and expected in message, message
    assert over_stdio["id"] == request_id and over_stdio["result"]["content"][0]["text"] == message


def test_a_limit_of_nan_over_http_says_it_got_nan(mcp_http_url: str):
    answer = httpx.post(mcp_http_url, content=_search_call(9, "limit", "NaN"), headers=_POSTED, timeout=60).json()
    message = answer["result"]["content"][0]["text"]
    assert answer["result"]["isError"] and "limit" in message and "got nan" in message, message


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_over_http_a_wrong_content_type_is_a_json_rpc_error_naming_the_fix(mcp_http_url: str, content_type):
    headers = {"Accept": _POSTED["Accept"], **({"Content-Type": content_type} if content_type else {})}
    answer = httpx.post(mcp_http_url, content=ping("typed"), headers=headers, timeout=60)
    assert answer.status_code == 415 and answer.headers["content-type"] == "application/json", answer.text
    error = answer.json()["error"]
    assert error["code"] == -32600 and "Content-Type: application/json" in error["message"]
    assert (content_type or "no Content-Type header") in error["message"]


def test_blank_lines_are_skipped_silently(raw):
    """As line-delimited JSON readers do; each had been answered with a -32700 parse error and id null."""
    assert raw.exchange("", "   \t", "\r", ping("after"), until="after") == []


@pytest.mark.parametrize(("params", "expected"), [
    ({"name": "get_card", "arguments": "Sol Ring"}, "params.arguments must be an object of the tool's arguments"),
    ({"name": "get_card", "arguments": ["Sol Ring"]}, "params.arguments must be an object of the tool's arguments"),
    ({"arguments": {"name": "Sol Ring"}}, "params.name must be a tool's name"),
    ({"name": 5, "arguments": {}}, "params.name must be a tool's name"),
    (None, 'tools/call needs params: {"name"'),
])
def test_a_tools_call_with_bad_params_names_the_field_and_the_fix(raw, params, expected: str):
    """The SDK said only -32602 "Invalid request parameters" with empty data."""
    request = {"jsonrpc": "2.0", "id": "bad", "method": "tools/call"} | ({"params": params} if params else {})
    [answer] = raw.exchange(json.dumps(request), ping("after"), until="after")
    assert answer["id"] == "bad" and answer["error"]["code"] == -32602
    assert expected in answer["error"]["message"]


def test_a_call_before_initialize_says_to_initialize_first(raw):
    [answer] = raw.before_initialize
    assert answer["id"] == "early" and answer["error"]["code"] == -32602
    assert "send the initialize request first" in answer["error"]["message"].lower()


def test_a_line_over_the_limit_is_refused_unread_and_the_session_goes_on(raw):
    """A 50 MB line had been read whole (the server grew to about 500 MB); a line over 4 MB, the web API's body
    limit too, is now answered with -32700 saying the limit, and dropped as it is read."""
    line = call_line("huge", arguments={"name": "x" * 5_000_000})
    [answer] = raw.exchange(line, ping("after"), until="after")
    assert answer["id"] == "huge" and answer["error"]["code"] == -32700
    assert "longer than 4 MiB" in answer["error"]["message"]
    assert raw.exchange(call_line("next"), until="next") == []


def test_requests_still_running_at_the_end_of_input_are_all_answered(grimoire_home):
    """A client that pipes its requests and closes standard input at once had an answer to the first alone: the
    end of input cancelled the calls in flight. Every request already received is answered before the exit."""
    from .conftest import OFFLINE, SERVER

    lines = [json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": HELLO}),
             json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}),
             call_line(1), call_line(2, "search_cards", {"queries": ["draw a card", "ramp", "removal"]}),
             call_line(3, "analyze_deck", {"deck": "\n".join(["1 Sol Ring"] * 3000)})]
    finished = subprocess.run(SERVER, input="".join(line + "\n" for line in lines).encode(), capture_output=True,
                              timeout=120, env={**os.environ, **OFFLINE, "GRIMOIRE_HOME": str(grimoire_home)})
    answers = {reply["id"]: reply for reply in map(json.loads, finished.stdout.splitlines())}
    assert set(answers) == {0, 1, 2, 3} and all("result" in answer for answer in answers.values())
    assert finished.returncode == 0


@pytest.mark.parametrize(("tool", "arguments"), [
    ("get_card", {"name": "x" * 200_000}),
    ("find_similar", {"name": "x" * 200_000}),
    ("search_cards", {"queries": "draw", "color_identity": "x" * 100_000}),
    ("validate_deck", {"deck": "1 Sol Ring", "format": "x" * 100_000}),
])
async def test_a_huge_argument_is_quoted_short_in_its_error(client: Client, tool: str, arguments: dict):
    message = await call_error(client, tool, arguments)
    assert len(message) < 1500 and "characters)" in message


@pytest.mark.parametrize(("arguments", "expected"), [
    ({"queries": "draw", "format": "x" * 2000}, "format 'xxx"),
    ({"queries": "draw", "format": "mod\u0000ern"}, "is not a format's name: one word, with no search syntax"),
    ({"queries": "draw", "roles": ["ra\u0007mp"]}, "is not a function tag's name. Give each by its name"),
])
async def test_a_bad_format_or_role_is_that_argument_s_error_with_the_fix(client: Client, arguments: dict,
                                                                          expected: str):
    message = await call_error(client, "search_cards", arguments)
    assert expected in message and "query" not in message


async def test_an_unknown_tool_lists_the_tools(client: Client):
    result = await client.call_tool("no_such_tool", {})
    assert result.is_error and all(tool in text_of(result) for tool in TOOLS)


async def test_unknown_arguments_are_quoted_short_and_ten_at_most_are_listed(client: Client):
    """A 3 MB unknown name had come back whole, three times over (a 9 MB answer), and 100,000 unknown names had
    each been listed (2 MB)."""
    arguments = {"queries": "draw", "a" * 100_000: 1, **{f"k{number}": number for number in range(1000)}}
    result = await client.call_tool("search_cards", arguments)
    message = text_of(result)
    assert result.is_error and len(message) < 2000, message[:300]
    assert "'aaa" in message and "(100,000 characters)" in message and "and 991 more for search_cards" in message
    assert "Its arguments are: queries," in message
    assert len(result.structured_content["argument"]) < 200


async def test_list_arguments_take_a_bare_string_as_queries_does(client: Client):
    """``"types": "creature"`` and ``"exclude": "Sol Ring"`` had been refused ("Input should be a valid list"),
    while ``queries`` took a bare string."""
    result = await call_ok(client, "search_cards", {"queries": "sol", "types": "artifact", "roles": "ramp",
                                                    "exclude": "Sol Ring", "limit": 50})
    data = result.structured_content
    assert data["filters_applied"] == ["t:artifact", "role:ramp"] and data["results"]
    assert "Sol Ring" not in {card["name"] for card in data["results"]} and "exclude: no card" not in text_of(result)
    similar = await call_ok(client, "find_similar", {"name": "Sol Ring", "types": "artifact"})
    assert all("Artifact" in card["type_line"] for card in similar.structured_content["results"])


async def test_a_string_argument_is_taken_as_written_never_read_as_json(client: Client):
    """The SDK read a string that looked like JSON as that JSON: ``"queries": "null"`` was refused as no list,
    find_similar's ``"query": "null"`` was dropped without a word (all 33,282 cards), ``"format": "null"`` and
    ``"page": "null"`` were their defaults, and ``"types": "[]"`` an empty list."""
    found = await call_ok(client, "search_cards", {"queries": "null", "limit": 50})
    assert "Null Rod" in {card["name"] for card in found.structured_content["results"]}
    similar = (await call_ok(client, "find_similar", {"name": "Sol Ring", "query": "null"})).structured_content
    assert similar["filters_applied"] == ["null"] and similar["total"] < 100
    for wrong, argument in ((("types", "[]"), "types"), (("format", "null"), "format"),
                            (("color_identity", "null"), "color_identity"), (("page", "null"), "page"),
                            (("mana_value_min", "null"), "mana_value_min")):
        result = await client.call_tool("search_cards", {"queries": ["draw"], wrong[0]: wrong[1]})
        assert result.is_error and result.structured_content["argument"] == argument, text_of(result)
    quoted = (await call_ok(client, "search_cards", {"queries": '["draw a card", 5]'})).structured_content
    assert quoted["queries"] == ['["draw a card", 5]']


async def test_validate_deck_reads_a_null_format_as_the_default(client: Client):
    """``"format": null`` had been refused, though the argument has a default."""
    result = await call_ok(client, "validate_deck", {"deck": "1 Sol Ring", "format": None})
    assert result.structured_content["format"] == "commander"


def test_an_unknown_prompt_is_invalid_params(raw, mcp_http_url: str):
    """The SDK's ValueError had reached the client as error code 0."""
    request = {"jsonrpc": "2.0", "id": "prompt", "method": "prompts/get", "params": {"name": "x" * 1000}}
    [over_stdio] = raw.send_and_collect(json.dumps(request), count=1)
    over_http = httpx.post(mcp_http_url, json=request, headers=_POSTED, timeout=60).json()
    for answer in (over_stdio, over_http):
        assert answer["id"] == "prompt" and answer["error"]["code"] == -32602, answer
        assert "unknown prompt 'xxx" in answer["error"]["message"] and "no prompts" in answer["error"]["message"]
        assert len(answer["error"]["message"]) < 500


# -- request bodies over HTTP, read by the middleware before the SDK -------------------------------------------


def _recording_app(received: list[bytes]):
    """An ASGI app behind :class:`_CheckedMessages` that keeps each body it is given and answers {}."""
    from grimoire.serve.mcp_server import _CheckedMessages
    from grimoire.serve.pool import RequestBodies

    async def inner(scope, receive, send):
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
            return
        received.append((await receive())["body"])
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b"{}"})

    bodies = RequestBodies(timeout=0.5)
    return _CheckedMessages(inner, bodies), bodies


def _post_start(base: str, length: int, start: bytes):
    import socket

    host, port = base.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)))
    connection.sendall(f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       f"Content-Length: {length}\r\n\r\n".encode() + start)
    return connection


def test_over_http_a_body_that_stalls_is_a_408_and_one_cut_short_is_never_run():
    """A POST whose body stalled had been held open for ever (240 s and counting), and a disconnect mid-body had
    been read as the end of the body."""
    from tests.serve.conftest import served_in_thread

    received: list[bytes] = []
    app, bodies = _recording_app(received)
    with served_in_thread(app) as base:
        stalled = _post_start(base, 1000, b'{"jsonrpc": "2.0", "id": 1, ')
        stalled.settimeout(20)
        answer = b""
        while chunk := stalled.recv(65536):  # until the server closes the connection
            answer += chunk
        stalled.close()
        left = _post_start(base, 1000, b'{"jsonrpc": "2.0", "id": 2, "method": "ping"}')
        deadline = time.monotonic() + 20
        while bodies.held == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        left.close()
        while bodies.held and time.monotonic() < deadline:
            time.sleep(0.01)
        whole = httpx.post(f"{base}/mcp", content=ping("whole"), headers=_POSTED, timeout=20)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), answer[:300]
    error = json.loads(body)["error"]
    assert error["code"] == -32600 and "did not all come within 0.5 s" in error["message"]
    assert whole.status_code == 200 and [json.loads(item)["id"] for item in received] == ["whole"]


async def test_validate_deck_checks_a_site_deck_in_its_own_format(client: Client):
    """A saved Moxfield answer declaring Modern had been checked as Commander when no format was given."""
    from tests.decks.test_fetch import MOXFIELD_MODERN

    data = (await call_ok(client, "validate_deck", {"deck": json.dumps(MOXFIELD_MODERN)})).structured_content
    assert data["format"] == "modern" and data["format_reason"].startswith("the deck's own format: moxfield.com")
