"""The servers' bounded work: at most the cores' worth of requests at work, a slow lane that cannot starve
searches, a refused (not hung) request when the queue is full, and a body limit read before a slot is taken."""

from __future__ import annotations

import inspect
import multiprocessing
import threading
import time

import anyio
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from grimoire.serve import pool as work
from grimoire.serve.pool import FAST, SLOW, PoolMiddleware, ServerBusy, WorkPool


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


def _app(pool: WorkPool, release: threading.Event) -> FastAPI:
    app = FastAPI()

    @app.post("/api/deck/check")
    def deck(payload: dict):
        release.wait(10)
        return {"size": len(payload.get("text", ""))}

    @app.get("/api/search")
    def search():
        return {"ok": True}

    app.add_middleware(PoolMiddleware, pool=pool, lane_of=lambda path, _: SLOW if "deck" in path else FAST)
    return app


def test_web_body_over_the_limit_is_413_and_bodies_reach_the_app(monkeypatch):
    monkeypatch.setattr(work, "MAX_BODY_BYTES", 1000)
    release = threading.Event()
    release.set()
    with TestClient(_app(WorkPool(workers=1), release)) as client:
        assert client.post("/api/deck/check", json={"text": "x" * 500}).json() == {"size": 500}
        answer = client.post("/api/deck/check", json={"text": "x" * 5000})
        assert answer.status_code == 413 and "smaller deck" in answer.json()["error"]


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
    gate = multiprocessing.get_context("fork").BoundedSemaphore(1)  # what shared_slow_gate makes, with one slot
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
    assert gate.acquire(block=False)  # ... leaves the slot free


@pytest.mark.parametrize(("query", "lane"), [
    ("sol ring", FAST), ("Fire // Ice", FAST), ("creature lands / manlands", FAST), ("a/b", FAST),
    ("o:/./", SLOW), ("/draw/", SLOW), ("-name:/^a/", SLOW), ("T:/elf/", SLOW), ("mv>=3 (fo:/tap/ or x)", SLOW),
])
def test_a_search_holding_a_regex_takes_the_slow_lane(query: str, lane: str):
    from grimoire.serve.pool import search_lane

    assert search_lane(["draw a card", query]) == lane
