"""The servers as an outside fuzz and load review found them: an API page that needs no network, idle keep-alive
connections whose timeout the answers tell, MCP's Host and Origin refusals in JSON-RPC, and a deck check body
with a key given twice refused."""

from __future__ import annotations

import http.client
import re
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest

from grimoire.serve.mcp_server import http_app
from grimoire.serve.workers import KEEP_ALIVE_S
from tests.serve.conftest import served_in_thread

_POSTED = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
_PING = '{"jsonrpc": "2.0", "id": 1, "method": "ping"}'


@pytest.fixture(scope="module")
def web_url(app) -> Iterator[str]:
    with served_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def mcp_url(app) -> Iterator[str]:
    """The MCP server's streamable HTTP app over the web app's library, on 127.0.0.1."""
    with served_in_thread(http_app(app.state.library)) as url:
        yield url + "/mcp"


def test_the_api_page_loads_nothing_from_outside_the_server(web_url: str):
    """/api/docs, where every 404 points, had loaded Swagger UI from cdn.jsdelivr.net: a blank page offline."""
    page = httpx.get(f"{web_url}/api/docs", timeout=30)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    loaded = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert loaded and all(address.startswith("/") for address in loaded), loaded
    for address in loaded:
        asset = httpx.get(web_url + address, timeout=30)
        assert asset.status_code == 200, address
        assert not re.search(r"https?://", asset.text), address
    schema = httpx.get(f"{web_url}/api/openapi.json", timeout=30).json()
    assert "/api/search" in schema["paths"] and "/api/docs" not in schema["paths"]


@pytest.mark.parametrize("server", ["web", "mcp"])
def test_an_answer_on_a_kept_connection_tells_its_idle_timeout(server: str, request: pytest.FixtureRequest):
    """The servers close an idle keep-alive connection after 5 s; unsaid, a client's pool reused it as it closed
    and got a broken pipe."""
    url = urlsplit(request.getfixturevalue(f"{server}_url"))
    path, body, headers = ("/api/options", None, {}) if server == "web" else (url.path, _PING, _POSTED)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    try:
        connection.request("POST" if body else "GET", path, body=body, headers=headers)
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200 and answer.getheader("keep-alive") == f"timeout={KEEP_ALIVE_S}"
        connection.request("POST" if body else "GET", path, body=body, headers={**headers, "Connection": "close"})
        closing = connection.getresponse()
        closing.read()
        assert closing.status == 200 and closing.getheader("keep-alive") is None
    finally:
        connection.close()


@pytest.mark.parametrize(("header", "value", "status", "expected"), [
    ("Host", "evil.example:80", 421, "the Host header 'evil.example:80' is not this server's"),
    ("Origin", "http://evil.example", 403, "the Origin header 'http://evil.example' is not allowed"),
])
def test_over_http_a_foreign_host_or_origin_is_a_json_rpc_error(mcp_url: str, header: str, value: str, status: int,
                                                                expected: str):
    """They had been bare text ("Invalid Host header"), where every other MCP HTTP refusal is a JSON-RPC error."""
    answer = httpx.post(mcp_url, content=_PING, headers={**_POSTED, header: value}, timeout=30)
    assert answer.status_code == status and answer.headers["content-type"] == "application/json", answer.text
    error = answer.json()["error"]
    assert error["code"] == -32600 and expected in error["message"] and "DNS rebinding" in error["message"]
    assert httpx.post(mcp_url, content=_PING, headers=_POSTED, timeout=30).json()["id"] == 1


@pytest.mark.parametrize(("body", "repeated"), [
    ('{"deck": "1 Sol Ring", "deck": "2 Sol Ring"}', "deck"),
    ('{"deck": "1 Sol Ring", "format": "commander", "format": "modern"}', "format"),
])
def test_a_deck_check_body_with_a_key_given_twice_is_refused(web_url: str, body: str, repeated: str):
    """``{"deck": a, "deck": b}`` had checked b, unsaid, while deck and text together are refused as sent twice."""
    answer = httpx.post(f"{web_url}/api/deck/check", content=body, headers={"Content-Type": "application/json"},
                        timeout=60)
    assert answer.status_code == 400 and answer.json()["argument"] == repeated, answer.text
    assert f"bad parameter {repeated}: sent twice in the body" in answer.json()["error"]
