"""The servers' bounded work: at most the cores' worth of requests at work, a slow lane that cannot starve
searches, a shared slow-lane gate that serves the workers in turn, a refused (not hung) request when the queue is
full, and request bodies read before a slot is taken, within a size, a deadline and a cap on all held at once."""

from __future__ import annotations

import contextlib
import functools
import inspect
import json
import multiprocessing
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator

import anyio
import httpx
import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient

from grimoire.serve import pool as work
from grimoire.serve.pool import FAST, SLOW, FairGate, PoolMiddleware, RequestBodies, ServerBusy, WorkPool
from tests.serve.conftest import served_in_thread


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Gauge:
    """Counts the jobs at work at once, from worker threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.now = self.peak = 0

    def job(self, seconds: float = 0.02) -> str:
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
        time.sleep(seconds)
        with self.lock:
            self.now -= 1
        return "done"


@pytest.mark.anyio
async def test_no_more_than_the_workers_run_at_once():
    pool, gauge = WorkPool(workers=3), Gauge()
    results = []

    async def one():
        results.append(await pool.run(FAST, gauge.job))

    async with anyio.create_task_group() as group:
        for _ in range(30):
            group.start_soon(one)
    assert results == ["done"] * 30 and gauge.peak == 3


@pytest.mark.anyio
async def test_a_stuck_slow_request_does_not_block_fast_ones():
    pool, release = WorkPool(workers=2, slow_workers=1), threading.Event()
    finished = []

    async def slow():
        await pool.run(SLOW, release.wait, timeout=10)
        finished.append("slow")

    async with anyio.create_task_group() as group:
        group.start_soon(slow)
        group.start_soon(slow)  # queued behind the first in the slow lane
        await anyio.sleep(0.05)
        for _ in range(5):
            finished.append(await pool.run(FAST, lambda: "fast"))
        assert finished == ["fast"] * 5 and pool.waiting(SLOW) == 1
        release.set()
    assert finished.count("slow") == 2


@pytest.mark.anyio
async def test_a_full_queue_refuses_at_once():
    pool, release = WorkPool(workers=1, max_waiting=1), threading.Event()
    async with anyio.create_task_group() as group:
        group.start_soon(lambda: pool.run(FAST, release.wait, timeout=10))
        group.start_soon(lambda: pool.run(FAST, release.wait, timeout=10))
        await anyio.sleep(0.05)
        with pytest.raises(ServerBusy, match="retry"):
            await pool.run(FAST, lambda: None)
        busy = pool.bind(lambda: "ran", FAST, busy=lambda exc: f"busy: {exc}")
        assert (await busy()).startswith("busy: the server is busy")
        release.set()


@pytest.mark.anyio
async def test_bind_keeps_the_name_signature_and_docstring():
    def search_cards(queries: list[str], limit: int = 10) -> str:
        """Find cards."""
        return f"{queries} {limit}"

    bound = WorkPool().bind(search_cards, FAST, busy=str)
    assert bound.__name__ == "search_cards" and bound.__doc__ == "Find cards."
    assert list(inspect.signature(bound).parameters) == ["queries", "limit"]
    assert await bound(queries=["a"], limit=3) == "['a'] 3"


def _app(pool: WorkPool, release: threading.Event, bodies: RequestBodies | None = None,
         received: list[bytes] | None = None) -> FastAPI:
    """A deck route (slow, it waits for ``release``; each body it is given is put in ``received``) and a search
    route (fast) behind :class:`PoolMiddleware`."""
    app = FastAPI()

    @app.post("/api/deck/check")
    async def deck(request: Request):
        body = await request.body()
        if received is not None:
            received.append(body)
        await anyio.to_thread.run_sync(release.wait, 10)
        return {"size": len(json.loads(body).get("text", ""))}

    @app.get("/api/search")
    def search():
        return {"ok": True}

    app.add_middleware(PoolMiddleware, pool=pool, lane_of=lambda path, _: SLOW if "deck" in path else FAST,
                       bodies=bodies)
    return app


def test_web_body_over_the_limit_is_413_and_bodies_reach_the_app(monkeypatch):
    monkeypatch.setattr(work, "MAX_BODY_BYTES", 1000)
    release = threading.Event()
    release.set()
    with TestClient(_app(WorkPool(workers=1), release)) as client:
        assert client.post("/api/deck/check", json={"text": "x" * 500}).json() == {"size": 500}
        answer = client.post("/api/deck/check", json={"text": "x" * 5000})
        assert answer.status_code == 413 and "smaller deck" in answer.json()["error"]
        # a search takes no body: "send a smaller deck" had answered one over the limit there too
        searched = client.request("GET", "/api/search", content=b"x" * 5000)
        assert searched.status_code == 413 and "deck" not in searched.json()["error"]
        assert "GET /api/search takes no body" in searched.json()["error"]


def test_web_full_queue_is_503_with_retry_after():
    release = threading.Event()
    with TestClient(_app(WorkPool(workers=1, slow_workers=1, max_waiting=1), release)) as client:
        threads = [threading.Thread(target=client.post, args=("/api/deck/check",), kwargs={"json": {}})
                   for _ in range(2)]
        for thread in threads:
            thread.start()
            time.sleep(0.2)
        refused = client.post("/api/deck/check", json={})
        assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
        assert "busy" in refused.json()["error"]
        assert client.get("/api/search").json() == {"ok": True}  # the fast lane still answers
        release.set()
        for thread in threads:
            thread.join(10)


@pytest.mark.anyio
async def test_the_shared_slow_gate_bounds_slow_work_across_pools_and_frees_a_cancelled_wait():
    gate = FairGate(1)  # what shared_slow_gate makes, with one slot
    pools, gauge = [WorkPool(workers=2, slow_workers=2, slow_gate=gate) for _ in range(2)], Gauge()

    async def slow(pool: WorkPool) -> None:
        await pool.run(SLOW, gauge.job, seconds=0.02)

    async with anyio.create_task_group() as group:
        for index in range(8):
            group.start_soon(slow, pools[index % 2])
        assert await pools[0].run(FAST, lambda: "fast") == "fast"  # the gate never holds the fast lane
    assert gauge.peak == 1
    with anyio.move_on_after(0.05):  # a wait given up (its client left) ...
        async with pools[0].slot(SLOW), pools[1].slot(SLOW):
            pass
    assert gate.waiting() == 0 and gate.take(gate.join()) is not None  # ... leaves the slot free, and no place


async def _until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    with anyio.fail_after(timeout):
        while not condition():
            await anyio.sleep(0.01)


@pytest.mark.anyio
async def test_the_shared_slow_gate_serves_the_workers_in_turn():
    """A worker that released the shared slot took it again at once for its own next request, while the other
    worker's request polled: under load one client had 3 answers in 40 s, and the others 23 each."""
    gate = FairGate(1)
    busy, quiet = (WorkPool(workers=1, slow_workers=1, slow_gate=gate) for _ in range(2))
    started, may_end, order = threading.Event(), threading.Event(), []

    def job(label: str) -> None:
        if label == "busy 1":
            started.set()
            may_end.wait(10)
        order.append(label)

    async with anyio.create_task_group() as group:
        for label in ("busy 1", "busy 2", "busy 3"):
            group.start_soon(functools.partial(busy.run, SLOW, job, label=label))
        await _until(lambda: started.is_set() and busy.waiting(SLOW) == 2)
        group.start_soon(functools.partial(quiet.run, SLOW, job, label="quiet"))
        await _until(lambda: gate.waiting() == 1)  # the quiet worker's request waits at the gate
        may_end.set()
    assert order == ["busy 1", "quiet", "busy 2", "busy 3"]


def test_the_shared_slow_gate_holds_across_processes_and_takes_back_a_dead_holder_s_slot():
    gate, context = FairGate(1), multiprocessing.get_context("fork")
    held, die = context.Event(), context.Event()

    def hold_then_die() -> None:
        gate.take(gate.join())
        held.set()
        die.wait(10)
        os._exit(0)  # never released

    child = context.Process(target=hold_then_die)
    child.start()
    try:
        assert held.wait(10)
        ticket = gate.join()
        assert gate.take(ticket) is None  # the other process holds the one slot
        die.set()
        child.join(10)
        assert gate.take(ticket) is not None
    finally:
        child.kill()


@pytest.mark.parametrize(("query", "lane"), [
    ("sol ring", FAST), ("Fire // Ice", FAST), ("creature lands / manlands", FAST), ("a/b", FAST),
    ("o:/./", SLOW), ("/draw/", SLOW), ("-name:/^a/", SLOW), ("T:/elf/", SLOW), ("mv>=3 (fo:/tap/ or x)", SLOW),
    # what the parser reads as a regex, and a text pattern had not: full-width forms, after a quoted phrase, after
    # a ")", after an en dash
    ("ｏ：/(\\w+) \\1/", SLOW), ('"draw"/(\\w+) \\1/', SLOW), ("(t:creature)o:/(\\w+) \\1/", SLOW),
    ("–o:/(\\w+) \\1/", SLOW), ("t:elf ／draw／", SLOW),
    # what the parser refuses comes back at once: it had waited behind the regexes in the slow lane
    ("o:/(/", FAST), ("o:/unclosed", FAST), ("o:/tap/gi", FAST), ("o:/x/ " * 200, FAST),
])
def test_a_search_holding_a_regex_takes_the_slow_lane(query: str, lane: str):
    from grimoire.serve.pool import search_lane

    assert search_lane(["draw a card", query]) == lane


def test_a_search_s_lane_is_slow_when_it_cannot_be_told_and_fast_for_a_call_refused_unread():
    from grimoire.serve.pool import search_lane

    assert search_lane(["draw", 5]) == SLOW
    assert search_lane(["o:/x/"] * 5) == FAST  # five queries: refused before any runs


# -- request bodies, over a real connection ------------------------------------------------------------------


def _post_head(length: int, path: str = "/api/deck/check") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Accept: application/json, text/event-stream\r\nContent-Length: {length}\r\n\r\n").encode()


def _until_closed(connection: socket.socket) -> bytes:
    """All the server sends until it closes the connection."""
    connection.settimeout(20)
    answer = b""
    while chunk := connection.recv(65536):
        answer += chunk
    return answer


def _wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@contextlib.contextmanager
def _connected(base: str) -> Iterator[socket.socket]:
    host, port = base.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)))
    try:
        yield connection
    finally:
        connection.close()


def test_a_call_its_refusal_answers_takes_no_slot():
    """validate_deck with a bracket of 9 had waited 42 s for its error behind costly searches in the slow lane."""
    pool = WorkPool(workers=1, slow_workers=1)
    bound = pool.bind(lambda **arguments: "ran", SLOW, busy=lambda exc: "busy",
                      refused=lambda arguments: "refused" if arguments["bracket"] > 5 else None)

    async def calls() -> None:
        with anyio.fail_after(5):
            async with pool.slot(SLOW):  # the slow lane is full
                assert await bound(bracket=9) == "refused"
            assert await bound(bracket=3) == "ran"

    anyio.run(calls)


def test_a_body_that_stalls_is_a_408_and_its_connection_is_closed():
    """A client that sent part of a body and stopped had held its connection, and the part it sent, for ever."""
    release = threading.Event()
    release.set()
    received: list[bytes] = []
    bodies = RequestBodies(timeout=0.5)
    with served_in_thread(_app(WorkPool(workers=1), release, bodies, received)) as base, _connected(base) as stalled:
        stalled.sendall(_post_head(1000) + b'{"text": "')
        answer = _until_closed(stalled)
    assert answer.startswith(b"HTTP/1.1 408") and b"did not all come within 0.5 s" in answer
    assert received == [] and bodies.held == 0


def test_a_declared_length_over_the_limit_is_a_413_before_the_body_comes():
    """A Content-Length of 10^20 - 1 with two bytes sent had held the connection for the 30 s deadline, then been a
    408."""
    release = threading.Event()
    release.set()
    received: list[bytes] = []
    bodies = RequestBodies(timeout=20)
    with served_in_thread(_app(WorkPool(workers=1), release, bodies, received)) as base, _connected(base) as client:
        client.sendall(_post_head(10 ** 20 - 1) + b"{}")
        answer = _until_closed(client)
    assert answer.startswith(b"HTTP/1.1 413") and b"request body over 4 MiB" in answer and received == []


def test_a_body_whose_client_leaves_is_dropped_not_run_cut_short():
    """A disconnect had been read as the end of the body, and the request run on the part that came."""
    release = threading.Event()
    release.set()
    received: list[bytes] = []
    bodies = RequestBodies()
    with served_in_thread(_app(WorkPool(workers=1), release, bodies, received)) as base:
        with _connected(base) as leaving:
            leaving.sendall(_post_head(1000) + b'{"text": "' + b"x" * 500)
            _wait_for(lambda: bodies.held > 0)
        _wait_for(lambda: bodies.held == 0)
        assert httpx.post(f"{base}/api/deck/check", json={"text": "whole"}, timeout=20).json() == {"size": 5}
    assert received == [b'{"text":"whole"}']


def test_the_bodies_held_at_once_are_capped_and_freed_when_a_client_leaves():
    """150 stalled 4 MB bodies had held 600 MB of the server's memory."""
    release = threading.Event()
    release.set()
    bodies = RequestBodies(max_buffered=10_000)
    with served_in_thread(_app(WorkPool(workers=1), release, bodies)) as base:
        with _connected(base) as stalled:
            stalled.sendall(_post_head(9000) + b'{"text": "' + b"x" * 7990)
            _wait_for(lambda: bodies.held == 8000)
            refused = httpx.post(f"{base}/api/deck/check", json={"text": "x" * 5000}, timeout=20)
        _wait_for(lambda: bodies.held == 0)
        taken = httpx.post(f"{base}/api/deck/check", json={"text": "x" * 5000}, timeout=20)
    assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
    assert "retry in a moment" in refused.json()["error"] and "10,000 bytes" in refused.json()["error"]
    assert taken.json() == {"size": 5000}
