"""Careless and hostile arguments to the MCP tools and the web API: always an answer in words, never a crash.

Generated calls (hypothesis) go to the MCP server in process and to the web app through FastAPI's client: every
answer is a result or a refusal that says what was wrong; none is a bare "Error executing tool", a Python
message or an HTTP 500.
"""

from __future__ import annotations

import asyncio
import math

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grimoire.serve.library import Library
from grimoire.serve.mcp_server import build_server
from grimoire.serve.web import create_app

TEXT = st.text(alphabet=st.characters(max_codepoint=0x2100), max_size=40) | st.sampled_from(
    ["draw a card", "t:creature", 'o:"draw', "id<=bg", "(((", "-" * 50, "mv<=x", "/(a+)+$/", "", " "])
NUMBER = st.none() | st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10**6, 10**6) | TEXT
SEARCH_ARGUMENTS = st.fixed_dictionaries({}, optional={
    "queries": st.lists(TEXT, max_size=6) | TEXT | st.integers(), "color_identity": st.none() | TEXT,
    "format": st.none() | TEXT, "types": st.none() | st.lists(TEXT, max_size=3), "mana_value_min": NUMBER,
    "mana_value_max": NUMBER, "roles": st.none() | st.lists(TEXT, max_size=3), "exclude": st.lists(TEXT, max_size=3),
    "limit": NUMBER, "page": NUMBER, "bogus_arg": st.integers()})
RAW_PYTHON = ("Traceback", "invalid literal", "Error executing tool", "object has no attribute", "NoneType")
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(tmp_path_factory.mktemp("grimoire-home")))
        library = Library()
        library.engine  # noqa: B018 - open the store while GRIMOIRE_HOME points at it
        yield library


@pytest.fixture(scope="module")
def server(home):
    return build_server(home)


@pytest.fixture(scope="module")
def web(home):
    app = create_app()
    app.state.library = home
    return TestClient(app)


def _json_safe(arguments: dict) -> dict:
    """What a JSON client can send: NaN and infinity become the strings a lax client would write."""
    return {key: (str(value) if isinstance(value, float) and not math.isfinite(value) else value)
            for key, value in arguments.items()}


@FAST
@given(arguments=SEARCH_ARGUMENTS)
def test_search_cards_answers_every_call_in_words(server, arguments: dict):
    result = asyncio.run(server.call_tool("search_cards", _json_safe(arguments)))
    text = "\n".join(block.text for block in result.content)
    assert text and not any(marker in text for marker in RAW_PYTHON), text[:300]
    if "bogus_arg" in arguments:
        assert result.is_error and "unknown argument 'bogus_arg'" in text


@FAST
@given(deck=TEXT | st.sampled_from(['{"data": {"mainBoard": [1]}}', '{"data": []}', "[1, 2]", "{}",
                                     '{"data": {"mainBoard": [{"name": 3}]}}', "1 Sol Ring\n" * 3]),
       tool=st.sampled_from(["get_deck", "validate_deck", "analyze_deck"]))
def test_deck_tools_answer_every_deck_in_words(server, deck: str, tool: str):
    result = asyncio.run(server.call_tool(tool, {"deck": deck}))
    text = "\n".join(block.text for block in result.content)
    assert text and not any(marker in text for marker in RAW_PYTHON), text[:300]


@FAST
@given(params=st.dictionaries(st.sampled_from(["q", "id", "format", "type", "mv_min", "mv_max", "role", "page",
                                               "limit", "mode", "include_funny"]), TEXT, max_size=6))
def test_the_web_search_answers_every_parameter_with_a_result_or_a_400(web: TestClient, params: dict):
    response = web.get("/api/search", params=params)
    assert response.status_code in (200, 400), response.text[:300]
    body = response.json()
    assert ("results" in body) if response.status_code == 200 else body["error"]
