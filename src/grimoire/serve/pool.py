"""Bounded work for the servers: as many requests at work as there are cores, the rest wait in a queue.

Requests come in two lanes. Searches and card lookups take the fast lane; deck requests, late-interaction
searches and searches holding a regular expression (:func:`search_lane`) take the slow lane, which has slots
of its own, so a big deck, a costly re-ranking or a regex never holds a slot a search is waiting for. Forked
worker processes share one slow-lane gate, so all together run no more decks at once than half the cores.
Every request shares its process's one engine. When the queue is full a request is refused at once with
"busy, retry" rather than left to time out.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import anyio.to_thread

FAST, SLOW = "fast", "slow"
MAX_WAITING = 512
# The web API's request bodies (a pasted decklist) are read whole, up to this size, before a slot is taken, so
# a client that sends slowly holds no slot.
MAX_BODY_BYTES = 4 << 20
GATE_POLL_S = 0.005


def _regex_term() -> re.Pattern[str]:
    from grimoire.search.query import ALL_KEYS

    keys = sorted((name for name, key in ALL_KEYS.items() if key in ("name", "oracle", "fulloracle", "type")),
                  key=len, reverse=True)
    # a term starting with "/" (bare, or after one of the keywords a /regex/ follows), not the prose "/" or the
    # split card's "//" (query.py reads those as words)
    return re.compile(rf"(?:^|(?<=[\s(\-]))(?:(?:{'|'.join(keys)})(?:[:=]|!=))?/(?!/?(?:\s|$))", re.IGNORECASE)


_REGEX_TERM = _regex_term()


def search_lane(queries: Iterable[object]) -> str:
    """The lane of a search of ``queries``: slow when one holds a /regex/ (o:/.../, name:/.../, t:/.../, a bare
    /.../), whose matching may take its whole time budget (seconds of CPU), fast otherwise. Ten such searches had
    held every fast slot, and a plain search behind them waited tens of seconds."""
    return SLOW if any(isinstance(query, str) and _REGEX_TERM.search(query) for query in queries) else FAST


class ServerBusy(RuntimeError):
    """The queue is full; the client should retry in a moment."""


class WorkPool:
    """Slots for concurrent work: ``workers`` in the fast lane (default: the machine's cores) and
    ``slow_workers`` in the slow lane (default: half as many, at least one); up to ``max_waiting`` requests
    wait in each lane, first come first served. A slow request also holds ``slow_gate`` (one of
    :func:`shared_slow_gate`'s slots, shared by the worker processes), when given."""

    def __init__(self, workers: int | None = None, slow_workers: int | None = None,
                 max_waiting: int = MAX_WAITING, slow_gate: Any = None):
        self.workers = workers or os.cpu_count() or 1
        self.slow_workers = slow_workers or max(1, self.workers // 2)
        self.max_waiting = max_waiting
        self.slow_gate = slow_gate
        self._limiters: dict[str, anyio.CapacityLimiter] = {}

    def _limiter(self, lane: str) -> anyio.CapacityLimiter:
        if lane not in self._limiters:  # made on first use, inside the server's event loop
            self._limiters[lane] = anyio.CapacityLimiter(self.workers if lane == FAST else self.slow_workers)
        return self._limiters[lane]

    def waiting(self, lane: str = FAST) -> int:
        return self._limiter(lane).statistics().tasks_waiting

    @asynccontextmanager
    async def slot(self, lane: str = FAST) -> AsyncIterator[None]:
        """Hold one slot of ``lane`` for the body of the ``async with``; raises :class:`ServerBusy`."""
        limiter = self._limiter(lane)
        if limiter.available_tokens == 0 and limiter.statistics().tasks_waiting >= self.max_waiting:
            raise ServerBusy(f"the server is busy ({self.max_waiting} requests waiting); retry in a moment")
        async with limiter:
            if lane == SLOW and self.slow_gate is not None:
                async with _held(self.slow_gate):
                    yield
            else:
                yield

    async def run(self, lane: str, function: Callable[..., Any], /, **kwargs: Any) -> Any:
        """``function(**kwargs)`` on a worker thread, once a slot of ``lane`` is free."""
        async with self.slot(lane):
            return await anyio.to_thread.run_sync(functools.partial(function, **kwargs))

    def bind(self, function: Callable[..., Any], lane: str | Callable[[dict[str, Any]], str],
             busy: Callable[[ServerBusy], Any]) -> Callable[..., Awaitable[Any]]:
        """An async version of ``function`` (same name, signature and docstring, for tool registries) that
        runs in ``lane`` (or in the lane ``lane(arguments)`` names for each call); a full queue returns
        ``busy(error)``."""

        @functools.wraps(function)
        async def bound(**kwargs: Any) -> Any:
            try:
                return await self.run(lane if isinstance(lane, str) else lane(kwargs), function, **kwargs)
            except ServerBusy as exc:
                return busy(exc)

        return bound


def shared_slow_gate() -> Any:
    """Slow-lane slots for all the worker processes forked after it is made: half the cores, at least one."""
    return multiprocessing.get_context("fork").BoundedSemaphore(max(1, (os.cpu_count() or 1) // 2))


def worker_pool(processes: int, slow_gate: Any = None) -> WorkPool:
    """The pool of one of ``processes`` worker processes: the cores shared out between them (a process uses at
    most one core for Python work, so more threads would only take turns), one slow slot, and ``slow_gate``."""
    return WorkPool(workers=max(1, (os.cpu_count() or 1) // processes), slow_workers=1, slow_gate=slow_gate)


@asynccontextmanager
async def _held(gate: Any) -> AsyncIterator[None]:
    """Hold a process-shared semaphore. It is polled, never waited on in a thread, so a cancelled request (its
    client left) cannot take a slot after it is gone."""
    while not gate.acquire(block=False):
        await anyio.sleep(GATE_POLL_S)
    try:
        yield
    finally:
        gate.release()


class PoolMiddleware:
    """ASGI middleware that runs each HTTP request the ``lane_of(path, query)`` function names in that lane of
    ``pool`` (``None``: no slot, e.g. static files). The body is read first, up to :data:`MAX_BODY_BYTES`."""

    def __init__(self, app: Callable, pool: WorkPool, lane_of: Callable[[str, str], str | None]):
        self.app = app
        self.pool = pool
        self.lane_of = lane_of

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        query = scope.get("query_string", b"").decode("latin-1")
        lane = self.lane_of(scope.get("path", ""), query) if scope["type"] == "http" else None
        if lane is None:
            await self.app(scope, receive, send)
            return
        body = await read_body(receive)
        if body is None:
            await _json_error(send, 413, f"request body over {MAX_BODY_BYTES >> 20} MiB; send a smaller deck")
            return
        replay = replay_body(body, receive)
        try:
            async with self.pool.slot(lane):
                await self.app(scope, replay, send)
        except ServerBusy as exc:
            await _json_error(send, 503, str(exc), {b"retry-after": b"1"})


async def read_body(receive: Callable) -> bytes | None:
    """The whole request body, or ``None`` when it is over the limit."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks)
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def replay_body(body: bytes, receive: Callable) -> Callable[[], Awaitable[dict]]:
    sent = False

    async def replay() -> dict:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: wait for the disconnect, as the server would send it

    return replay


async def _json_error(send: Callable, status: int, message: str, headers: dict[bytes, bytes] | None = None) -> None:
    payload = json.dumps({"error": message}).encode("utf-8")
    extra = list((headers or {}).items())
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            *extra]})
    await send({"type": "http.response.body", "body": payload})
