"""Generated web parameters and MCP tool arguments against the real servers in-process: the web API through
FastAPI's TestClient, MCP through the SDK's in-memory client. No 500, no traceback, no bare error; a deck
that cannot be read names its lines.

Cases of issue #18 that belong to other work (the query parser's deep negation, NaN and out-of-range
filters, unknown MCP arguments) are listed at the end as expected failures until that work lands.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import anyio.from_thread
import pytest
from fastapi.testclient import TestClient
from hypothesis import example, given
from hypothesis import strategies as st
from mcp import Client

from grimoire.serve.mcp_server import Library, build_server
from grimoire.serve.web import create_app
from tests.fuzz.budgets import budget
from tests.fuzz.strategies import decklists, json_values, mtgjson_decks, real_names

ISSUE_DECKS = ["1" + "0" * 400 + " Sol Ring\n1 Forest", "1" + "0" * 5000 + " Sol Ring\n1 Forest",
               "-4 Sol Ring\n1 Forest", "1 Sol\x0cRing\n1 Forest\u2028\n1 Notacard", "1 " + "x" * 1_000_000,
               "\n".join(f"1 Unknown Card Number {i}" for i in range(150))]
RAW_PYTHON = ("Traceback", "invalid literal for int()", "Exceeds the limit", "OverflowError", "object has no "
              "attribute", "NoneType")


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(tmp_path_factory.mktemp("home")))
        with TestClient(create_app(), raise_server_exceptions=False) as client:
            yield client


@pytest.fixture(scope="module")
def mcp(tmp_path_factory):
    """An in-memory MCP client session, driven from the test thread through an anyio portal."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(tmp_path_factory.mktemp("home")))
        with anyio.from_thread.start_blocking_portal() as portal:
            session = Client(build_server(Library()), raise_exceptions=False)
            with portal.wrap_async_context_manager(session) as client:
                yield lambda tool, arguments: portal.call(client.call_tool, tool, arguments)


def _check_web_answer(answer) -> dict:
    assert answer.status_code < 500, answer.text[:300]
    body = answer.json()
    if answer.status_code >= 400:
        message = body.get("error") or body.get("detail")
        assert message, body
        assert not any(raw in json.dumps(message) for raw in RAW_PYTHON), body
    return body


# -- web -------------------------------------------------------------------------------------------------

text_params = st.one_of(st.none(), st.text(max_size=30), st.sampled_from(["nan", "inf", "-1", "1e400", "3",
                                                                          "bg", "commander", "ramp"]))
web_search = st.fixed_dictionaries({}, optional={
    "q": st.one_of(st.text(max_size=80), real_names, st.sampled_from(["t:creature id<=bg", "o:\"draw a card\"",
                                                                      "-t:land mv<=3", "(a or b", "pow>=x"])),
    "id": text_params, "format": text_params, "type": text_params, "role": text_params,
    "mv_min": text_params, "mv_max": text_params, "page": text_params, "limit": text_params})
web_deck = st.fixed_dictionaries({"text": st.one_of(decklists, st.sampled_from(ISSUE_DECKS))}, optional={
    "format": st.one_of(st.text(max_size=12), st.sampled_from(["commander", "modern", "pauper"])),
    "bracket": st.one_of(st.none(), st.integers(-3, 8), json_values)})


def check_web(web, search: dict, deck: dict) -> None:
    _check_web_answer(web.get("/api/search", params={k: v for k, v in search.items() if v is not None}))
    # serialised here, not by the client: httpx refuses NaN and Infinity, which a lax JSON encoder still sends
    body = _check_web_answer(web.post("/api/deck/check", content=json.dumps(deck),
                                      headers={"content-type": "application/json"}))
    for problem in body.get("problems", []):
        assert problem["line_number"] >= 1 and problem["reason"]


@budget("web", slow=False)
@given(search=web_search, deck=web_deck)
@example(search={"q": "draw a card"}, deck={"text": ISSUE_DECKS[0]})
@example(search={"q": "x"}, deck={"text": ISSUE_DECKS[1]})
@example(search={"q": "x"}, deck={"text": ISSUE_DECKS[4]})
def test_web_parameters(web, search, deck):
    check_web(web, search, deck)


@pytest.mark.slow
@budget("web", slow=True)
@given(search=web_search, deck=web_deck)
def test_web_parameters_slow(web, search, deck):
    check_web(web, search, deck)


@pytest.mark.parametrize("name", ["Llanowar Elvs", "x" * 5000, "\x1f", "../../etc/passwd", "%00", "-4 Sol Ring",
                                  "Sol Ring\u2028", "1" + "0" * 5000])
def test_web_card_names(web, name):
    _check_web_answer(web.get(f"/api/card/{quote(name, safe='')}"))


@pytest.mark.parametrize("text", ISSUE_DECKS)
def test_web_issue_decks_answer_with_line_problems(web, text):
    body = _check_web_answer(web.post("/api/deck/check", json={"text": text}))
    assert body["problems"] and all(p["line_number"] >= 1 for p in body["problems"])


# -- MCP -------------------------------------------------------------------------------------------------

numbers = st.one_of(st.none(), st.floats(allow_nan=False, allow_infinity=False, min_value=-5, max_value=30),
                    st.integers(-10, 40))
search_arguments = st.fixed_dictionaries({"queries": st.one_of(st.text(max_size=60), st.lists(
    st.text(max_size=40), min_size=1, max_size=4), real_names)}, optional={
    "color_identity": st.one_of(st.none(), st.text(max_size=8), st.sampled_from(["bg", "esper", "c"])),
    "format": st.one_of(st.none(), st.text(max_size=10), st.just("commander")),
    "types": st.one_of(st.none(), st.lists(st.text(max_size=10), max_size=3)),
    "roles": st.one_of(st.none(), st.lists(st.sampled_from(["ramp", "draw", "zzz", ""]), max_size=3)),
    "mana_value_min": numbers, "mana_value_max": numbers, "limit": st.integers(-2, 60),
    "page": st.integers(-1, 10**6), "exclude": st.one_of(st.none(), st.lists(real_names, max_size=3))})
deck_texts = st.one_of(decklists, st.sampled_from(ISSUE_DECKS), mtgjson_decks().map(json.dumps))
tool_calls = st.one_of(
    st.tuples(st.just("search_cards"), search_arguments),
    st.tuples(st.just("get_card"), st.fixed_dictionaries({"name": st.one_of(real_names, st.text(max_size=60))})),
    st.tuples(st.just("find_similar"), st.fixed_dictionaries({"name": st.one_of(real_names, st.text(max_size=30))},
                                                             optional={"query": st.text(max_size=30),
                                                                       "limit": st.integers(-1, 60)})),
    st.tuples(st.sampled_from(["get_deck", "analyze_deck"]), st.fixed_dictionaries({"deck": deck_texts})),
    st.tuples(st.just("validate_deck"), st.fixed_dictionaries({"deck": deck_texts}, optional={
        "format": st.one_of(st.text(max_size=10), st.sampled_from(["commander", "modern"])),
        "bracket": st.one_of(st.none(), st.integers(-2, 7))})),
)


def check_mcp(mcp, tool: str, arguments: dict) -> None:
    result = mcp(tool, arguments)
    text = "\n".join(getattr(c, "text", "") for c in result.content)
    assert text.strip(), (tool, arguments)
    assert not any(raw in text for raw in RAW_PYTHON), text[:500]
    if result.is_error:
        assert text.strip() != f"Error executing tool {tool}", (tool, arguments)


@budget("mcp", slow=False)
@given(call=tool_calls)
@example(call=("analyze_deck", {"deck": ISSUE_DECKS[0]}))
@example(call=("validate_deck", {"deck": ISSUE_DECKS[1]}))
@example(call=("get_deck", {"deck": ISSUE_DECKS[2]}))
@example(call=("get_deck", {"deck": json.dumps({"data": {"mainBoard": "Sol Ring"}})}))
@example(call=("get_deck", {"deck": json.dumps({"data": {"mainBoard": [{"name": "Sol Ring", "count": "x"}]}})}))
def test_mcp_tool_arguments(mcp, call):
    check_mcp(mcp, *call)


@pytest.mark.slow
@budget("mcp", slow=True)
@given(call=tool_calls)
def test_mcp_tool_arguments_slow(mcp, call):
    check_mcp(mcp, *call)


@pytest.mark.parametrize("text", ISSUE_DECKS)
def test_mcp_issue_decks_name_their_lines(mcp, text):
    result = mcp("get_deck", {"deck": text})
    body = "\n".join(c.text for c in result.content)
    assert re.search(r"line \d+: ", body), body[:300]


# -- issue #18's reproductions of bad arguments ---------------------------------------------------------------

def test_deep_negation_is_answered(web):
    # 999 negations of "a" is a valid query (an odd number: the same cards as -a), parsed without recursion.
    odd, once = (web.get("/api/search", params={"q": q}) for q in ("-" * 999 + "a", "-a"))
    assert odd.status_code == once.status_code == 200 and odd.json()["total"] == once.json()["total"]


def test_nan_filter_is_a_400(web):
    answer = web.get("/api/search", params={"q": "draw", "mv_min": "nan"})
    assert answer.status_code == 400


# A NaN float cannot cross the SDK's JSON (it is sent as null); the "NaN" a lax JSON client writes is a string.
@pytest.mark.parametrize("arguments", [{"queries": ["draw"], "bogus_arg": 1},
                                       {"queries": ["draw"], "mana_value_max": -1},
                                       {"queries": ["draw"], "mana_value_max": "NaN"}])
def test_bad_mcp_arguments_are_errors(mcp, arguments):
    assert mcp("search_cards", arguments).is_error
