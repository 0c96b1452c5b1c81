"""Which lane a search takes, as the servers decide it: a query holding a /regex/ however it is written waits for
the slow lane, MCP's ``find_similar`` query too, and a query the parser refuses is answered while the slow lane is
full. The slow lane is held full by the test, through its shared gate (:class:`FairGate`)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator

import anyio
import httpx
import pytest

from grimoire.serve.library import Library
from grimoire.serve.mcp_server import build_server
from grimoire.serve.pool import FairGate, WorkPool
from grimoire.serve.web import create_app
from tests.serve.conftest import served_in_thread

# a regex that the old text pattern had missed, in each way the parser reads one
# (a cheap pattern: the lane is what is tested, and a backreference over every card, "(\\w+) \\1", ran so near its
# 0.5 s CPU budget that a busy machine refused it, a "too costly" 400 in place of the answer)
HIDDEN_REGEXES = ["ｏ：/draws? a card/", '"draw"/draws? a card/', "(t:creature)o:/draws? a card/", "–o:/draws? a card/"]
REFUSED = ["o:/(/", "o:/unclosed", "o:/tap/gi"]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Library:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(tmp_path_factory.mktemp("grimoire-home")))
        opened = Library()
        opened.engine  # noqa: B018 - open the store while GRIMOIRE_HOME points at it
    return opened


@contextlib.contextmanager
def slow_lane_full(gate: FairGate) -> Iterator[None]:
    """The gate's one slot held, so every slow-lane request waits at it. Taken in turn, as a request takes it: the
    previous test's request may still hold it a moment after its client has the answer (the server releases the slot
    once the response is sent), and a ticket left in the queue would have blocked every later test."""
    ticket = gate.join()
    taken: list[int] = []

    def took() -> bool:
        slot = gate.take(ticket)
        if slot is not None:
            taken.append(slot)
        return slot is not None

    if not _wait_for(took):
        gate.leave(ticket)
        raise AssertionError("the slow lane's slot was never free")
    try:
        yield
    finally:
        gate.release(taken[0])


def _wait_for(condition, timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@pytest.fixture(scope="module")
def web(library: Library) -> Iterator[tuple[str, FairGate]]:
    gate = FairGate(1)
    with served_in_thread(create_app(library=library, pool=WorkPool(workers=1, slow_workers=1,
                                                                     slow_gate=gate))) as base:
        yield base, gate


@pytest.mark.parametrize("query", HIDDEN_REGEXES)
def test_a_web_search_holding_a_regex_however_written_waits_for_the_slow_lane(web, query: str):
    """Eight such searches in the fast lane had kept a plain search waiting 4 to 6 s."""
    base, gate = web
    answers: list[httpx.Response] = []
    with slow_lane_full(gate):
        asking = threading.Thread(target=lambda: answers.append(
            httpx.get(f"{base}/api/search", params={"q": query, "limit": 1}, timeout=60)))
        asking.start()
        waited = _wait_for(lambda: gate.waiting() == 1 or not asking.is_alive())
        assert waited and gate.waiting() == 1 and not answers, "the regex search ran in the fast lane"
        assert httpx.get(f"{base}/api/search", params={"q": "sol ring", "limit": 1}, timeout=20).status_code == 200
    asking.join(60)
    assert answers[0].status_code == 200


@pytest.mark.parametrize("query", REFUSED)
def test_a_web_search_the_parser_refuses_is_answered_while_the_slow_lane_is_full(web, query: str):
    """Its 400 takes a millisecond, and had waited behind every regex search in the slow lane."""
    base, gate = web
    with slow_lane_full(gate):
        answer = httpx.get(f"{base}/api/search", params={"q": query}, timeout=20)
        assert gate.waiting() == 0
    assert answer.status_code == 400 and answer.json()["argument"] == "q"


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "arguments"), [
    ("find_similar", {"name": "Sol Ring", "query": "o:/draws? a card/"}),
    ("find_similar", {"name": "Sol Ring", "query": HIDDEN_REGEXES[0]}),
    ("search_cards", {"queries": [HIDDEN_REGEXES[2]]}),
])
async def test_an_mcp_search_holding_a_regex_waits_for_the_slow_lane(library: Library, tool: str, arguments: dict):
    """find_similar's query had always run in the fast lane, a regex or not."""
    gate = FairGate(1)
    server = build_server(library, WorkPool(workers=1, slow_workers=1, slow_gate=gate))
    results = []

    async def call() -> None:
        results.append(await server.call_tool(tool, arguments))

    slot = gate.take(gate.join())  # the slow lane full
    async with anyio.create_task_group() as group:
        group.start_soon(call)
        with anyio.move_on_after(20):
            while gate.waiting() == 0 and not results:
                await anyio.sleep(0.01)
        assert gate.waiting() == 1 and not results, "the regex search ran in the fast lane"
        plain = await server.call_tool("find_similar", {"name": "Sol Ring", "query": "t:artifact"})
        assert not plain.is_error
        gate.release(slot)  # the slow lane frees: the regex search runs
    assert not results[0].is_error


@pytest.mark.anyio
@pytest.mark.parametrize(("tool", "arguments"), [("find_similar", {"name": "Sol Ring", "query": "o:/(/"}),
                                                 ("search_cards", {"queries": ["draw", "o:/tap/gi"]})])
async def test_an_mcp_search_the_parser_refuses_is_answered_while_the_slow_lane_is_full(
        library: Library, tool: str, arguments: dict):
    gate = FairGate(1)
    server = build_server(library, WorkPool(workers=1, slow_workers=1, slow_gate=gate))
    with slow_lane_full(gate):
        with anyio.fail_after(20):
            result = await server.call_tool(tool, arguments)
    assert result.is_error and "bad query" in result.content[0].text
