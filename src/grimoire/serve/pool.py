"""Bounded work for the servers: as many requests at work as there are cores, the rest wait in a queue.

Requests come in two lanes. Searches and card lookups take the fast lane; deck requests, late-interaction
searches and searches holding a regular expression (:func:`search_lane`) take the slow lane, which has slots
of its own, so a big deck, a costly re-ranking or a regex never holds a slot a search is waiting for. Forked
worker processes share one slow-lane gate (:class:`FairGate`), so all together run no more decks at once than half
the cores, each in its turn. Every request shares its process's one engine. When the queue is full a request is
refused at once with "busy, retry" rather than left to time out. Request bodies are read whole before a slot is
taken (:class:`RequestBodies`), within a deadline and a cap on the bytes all of a process's requests hold.
"""

from __future__ import annotations

import ctypes
import functools
import json
import multiprocessing
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import anyio.to_thread

from grimoire.search.engine import MAX_QUERIES
from grimoire.search.query import MAX_QUERY_LENGTH, Filter, Not, QuerySyntaxError, parse

FAST, SLOW = "fast", "slow"
# A request whose body the middleware reads whole but whose route takes its own slot, once its cheap checks pass (a
# deck check refused for its bracket had waited behind every costly search in the slow lane: 39 s)
BODY_ONLY = "body only"
MAX_WAITING = 512
# The web API's request bodies (a pasted decklist) are read whole, up to this size, before a slot is taken, so
# a client that sends slowly holds no slot.
MAX_BODY_BYTES = 4 << 20
# The bytes all of one process's requests may hold in bodies at once, read or waiting for a slot: 150 clients
# that each sent all but the end of a 4 MB body and stalled had held 600 MB for as long as they liked.
MAX_BUFFERED_BYTES = 32 << 20
# A body must all come within this long of its first read: a client that stalls mid-body had held its connection
# and the part it sent for ever.
BODY_TIMEOUT_S = 30.0
GATE_POLL_S = 0.005
GATE_QUEUE = 1024  # requests that may wait at the shared slow-lane gate, all processes together


def search_lane(queries: Iterable[object]) -> str:
    """The lane of a search of ``queries``: slow when one holds a /regex/ (o:/.../, name:/.../, t:/.../, a bare
    /.../), whose matching may take its whole time budget (seconds of CPU), fast otherwise. Ten such searches had
    held every fast slot, and a plain search behind them waited tens of seconds.

    Each query is read by the search's own parser, so a regex counts however it is written (full-width
    ``ｏ：/…/``, after a quoted phrase or a ``)``, after an en dash); a text pattern had missed those. A query the
    parser refuses is fast: its error comes back at once, and had waited behind the regexes in the slow lane.
    What cannot be told (a value that is no text, a parser failure) is slow."""
    queries = list(queries)
    if len(queries) > MAX_QUERIES:  # refused by the argument check before any is parsed
        return FAST
    return SLOW if any(_query_lane(query) == SLOW for query in queries) else FAST


def _query_lane(query: object) -> str:
    if query is None:
        return FAST
    if not isinstance(query, str):
        return SLOW
    if len(query) > MAX_QUERY_LENGTH:  # refused before a regex is read
        return FAST
    try:
        node = parse(query)
    except QuerySyntaxError:
        return FAST
    except Exception:  # noqa: BLE001 - whatever the parser cannot read, the search may still run: slow to be safe
        return SLOW
    return SLOW if _holds_regex(node) else FAST


def _holds_regex(node: object) -> bool:
    if isinstance(node, Filter):
        return node.regex
    children = (node.child,) if isinstance(node, Not) else getattr(node, "children", ())
    return any(_holds_regex(child) for child in children)


class ServerBusy(RuntimeError):
    """The queue is full; the client should retry in a moment."""


class WorkPool:
    """Slots for concurrent work: ``workers`` in the fast lane (default: the machine's cores) and
    ``slow_workers`` in the slow lane (default: half as many, at least one); up to ``max_waiting`` requests
    wait in each lane, first come first served. A slow request also holds ``slow_gate`` (one of
    :func:`shared_slow_gate`'s slots, shared by the worker processes), when given."""

    def __init__(self, workers: int | None = None, slow_workers: int | None = None,
                 max_waiting: int = MAX_WAITING, slow_gate: FairGate | None = None):
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
             busy: Callable[[ServerBusy], Any],
             refused: Callable[[dict[str, Any]], Any] | None = None) -> Callable[..., Awaitable[Any]]:
        """An async version of ``function`` (same name, signature and docstring, for tool registries) that
        runs in ``lane`` (or in the lane ``lane(arguments)`` names for each call); a full queue returns
        ``busy(error)``. ``refused(arguments)``, where given, is asked first, taking no slot: what it returns other
        than ``None`` is the answer (an argument that cannot be right, answered at once)."""

        @functools.wraps(function)
        async def bound(**kwargs: Any) -> Any:
            if refused is not None and (answer := refused(kwargs)) is not None:
                return answer
            try:
                return await self.run(lane if isinstance(lane, str) else lane(kwargs), function, **kwargs)
            except ServerBusy as exc:
                return busy(exc)

        return bound


def shared_slow_gate() -> FairGate:
    """Slow-lane slots for all the worker processes forked after it is made: half the cores, at least one."""
    return FairGate(max(1, (os.cpu_count() or 1) // 2))


def worker_pool(processes: int, slow_gate: FairGate | None = None) -> WorkPool:
    """The pool of one of ``processes`` worker processes: the cores shared out between them (a process uses at
    most one core for Python work, so more threads would only take turns), one slow slot, and ``slow_gate``."""
    return WorkPool(workers=max(1, (os.cpu_count() or 1) // processes), slow_workers=1, slow_gate=slow_gate)


class FairGate:
    """``slots`` slots shared by the processes forked after it is made, handed out first come, first served.

    A request takes a ticket at the back of one queue in shared memory, and takes a slot only when its ticket is
    at the front. A process-shared semaphore had let the worker that released a slot take it again at once for its
    next request, while another worker's request, polling, waited 30 s and more. The queue is polled, never waited
    on in a thread, so a request whose client left (:meth:`leave`) never takes a slot after it is gone; a slot or a
    place held by a process that died is taken back."""

    def __init__(self, slots: int, queue: int = GATE_QUEUE):
        context = multiprocessing.get_context("fork")
        self.slots = slots
        self._lock = context.Lock()
        self._holders = context.RawArray(ctypes.c_long, slots)  # the pid holding each slot; 0: free
        self._queue = context.RawArray(ctypes.c_long, 2 * queue)  # (ticket, pid) of each waiting, oldest first
        self._counts = context.RawArray(ctypes.c_long, 2)  # tickets handed out, requests waiting

    def join(self) -> int:
        """A ticket at the back of the queue; raises :class:`ServerBusy` when the queue is full."""
        with self._lock:
            ticket, waiting = self._counts
            if 2 * waiting >= len(self._queue):
                raise ServerBusy(f"the server is busy ({waiting} requests waiting); retry in a moment")
            self._queue[2 * waiting], self._queue[2 * waiting + 1] = ticket, os.getpid()
            self._counts[0], self._counts[1] = ticket + 1, waiting + 1
            return ticket

    def take(self, ticket: int) -> int | None:
        """The slot ``ticket`` now holds, when it is at the front of the queue and a slot is free; else ``None``."""
        with self._lock:
            self._forget_the_dead()
            if not self._counts[1] or self._queue[0] != ticket:
                return None
            for slot, holder in enumerate(self._holders):
                if holder == 0:
                    self._holders[slot] = os.getpid()
                    self._remove(0)
                    return slot
            return None

    def leave(self, ticket: int) -> None:
        """Give up ``ticket``'s place in the queue (its client left)."""
        with self._lock:
            for place in range(self._counts[1]):
                if self._queue[2 * place] == ticket:
                    self._remove(place)
                    return

    def release(self, slot: int) -> None:
        with self._lock:
            self._holders[slot] = 0

    def waiting(self) -> int:
        """How many requests wait in the queue."""
        with self._lock:
            return self._counts[1]

    def _remove(self, place: int) -> None:
        waiting = self._counts[1]
        self._queue[2 * place: 2 * waiting - 2] = self._queue[2 * place + 2: 2 * waiting]
        self._counts[1] = waiting - 1

    def _forget_the_dead(self) -> None:
        """Free the slots, and the places at the front of the queue, of processes that died (a worker killed while
        it held one would otherwise have held it for ever)."""
        for slot, holder in enumerate(self._holders):
            if holder and not _alive(holder):
                self._holders[slot] = 0
        while self._counts[1] and not _alive(self._queue[1]):
            self._remove(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process has the number now
        return False
    return True


@asynccontextmanager
async def _held(gate: FairGate) -> AsyncIterator[None]:
    """Hold a slot of ``gate`` for the body of the ``async with``, in the order the requests came."""
    ticket = gate.join()
    try:
        while (slot := gate.take(ticket)) is None:
            await anyio.sleep(GATE_POLL_S)
    except BaseException:  # cancelled (its client left): its place goes to the next
        gate.leave(ticket)
        raise
    try:
        yield
    finally:
        gate.release(slot)


class BodyRefused(Exception):
    """A request body that was not read whole; ``status`` is the HTTP answer, the message says why."""

    status = 400
    headers: tuple[tuple[bytes, bytes], ...] = ()


class BodyTooLarge(BodyRefused):
    status = 413


class BodyTooSlow(BodyRefused):
    status = 408


class BodiesFull(BodyRefused):
    status = 503
    headers = ((b"retry-after", b"1"),)


class ClientLeft(Exception):
    """The client closed its connection before its whole body came: the request is dropped, unanswered (a body
    cut short had been run as if it were whole)."""


class RequestBodies:
    """Reads request bodies whole: each at most ``max_body`` bytes, all within ``timeout`` seconds of the first
    read, and at most ``max_buffered`` bytes held by all the requests of this reader together (read, or waiting
    for a slot) until each request ends. The defaults are :data:`MAX_BODY_BYTES`, :data:`BODY_TIMEOUT_S` and
    :data:`MAX_BUFFERED_BYTES`."""

    def __init__(self, max_body: int | None = None, timeout: float | None = None, max_buffered: int | None = None):
        self.max_body = MAX_BODY_BYTES if max_body is None else max_body
        self.timeout = BODY_TIMEOUT_S if timeout is None else timeout
        self.max_buffered = MAX_BUFFERED_BYTES if max_buffered is None else max_buffered
        self.held = 0  # bytes held now, by every request

    @asynccontextmanager
    async def read(self, receive: Callable, scope: dict | None = None) -> AsyncIterator[bytes]:
        """The whole body, held (and counted) until the ``async with`` ends. Raises :class:`BodyTooLarge`,
        :class:`BodyTooSlow`, :class:`BodiesFull` or :class:`ClientLeft`. A Content-Length in ``scope``'s headers
        over the limit is refused before any of the body is read (a declared 10^20 bytes had held the connection
        for the 30 s deadline, then been a 408)."""
        declared = _declared_length(scope)
        if declared is not None and declared > self.max_body:
            raise BodyTooLarge(f"request body over {_mib(self.max_body)}")
        chunks: list[bytes] = []
        size = 0
        try:
            with anyio.move_on_after(self.timeout) as deadline:
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        raise ClientLeft("the client closed the connection before its request body was all sent")
                    chunk = message.get("body", b"")
                    if size + len(chunk) > self.max_body:
                        raise BodyTooLarge(f"request body over {_mib(self.max_body)}")
                    if self.held + len(chunk) > self.max_buffered:
                        raise BodiesFull(f"the server holds as many request bodies as it can ({_mib(self.max_buffered)}"
                                         " in all); retry in a moment")
                    self.held += len(chunk)
                    size += len(chunk)
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        break
            if deadline.cancelled_caught:
                raise BodyTooSlow(f"the request body did not all come within {self.timeout:g} s; send it whole, at "
                                  "once")
            body = b"".join(chunks)
            chunks.clear()
            yield body
        finally:
            self.held -= size


def _declared_length(scope: dict | None) -> int | None:
    """The Content-Length header of an HTTP ``scope``, where it is one number (the server refuses the rest)."""
    for key, value in (scope or {}).get("headers", ()):
        if key.lower() == b"content-length" and value.strip().isdigit():
            return int(value)
    return None


def _mib(size: int) -> str:
    return f"{size >> 20} MiB" if size and size % (1 << 20) == 0 else f"{size:,} bytes"


class PoolMiddleware:
    """ASGI middleware that runs each HTTP request the ``lane_of(path, query)`` function names in that lane of
    ``pool`` (``None``: no slot, e.g. static files). The body is read first, by ``bodies`` (a
    :class:`RequestBodies` with the default limits unless given): one over the limit is a 413, one that does not
    all come in time a 408, one the server has no room for a 503, and one whose client left is dropped."""

    def __init__(self, app: Callable, pool: WorkPool, lane_of: Callable[[str, str], str | None],
                 bodies: RequestBodies | None = None):
        self.app = app
        self.pool = pool
        self.lane_of = lane_of
        self.bodies = bodies or RequestBodies()

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        query = scope.get("query_string", b"").decode("latin-1")
        lane = self.lane_of(scope.get("path", ""), query) if scope["type"] == "http" else None
        if lane is None:
            await self.app(scope, receive, send)
            return
        try:
            async with self.bodies.read(receive, scope) as body:
                if lane == BODY_ONLY:
                    await self.app(scope, replay_body(body, receive), send)
                    return
                async with self.pool.slot(lane):
                    await self.app(scope, replay_body(body, receive), send)
        except ClientLeft:
            return
        except BodyTooLarge as exc:
            await json_error(send, exc.status, f"{exc}; {_smaller(scope)}", {b"connection": b"close"})
        except BodyRefused as exc:
            await json_error(send, exc.status, str(exc), {**dict(exc.headers), b"connection": b"close"})
        except ServerBusy as exc:
            await json_error(send, 503, str(exc), {b"retry-after": b"1"})


def _smaller(scope: dict) -> str:
    """What to send instead of a body over the limit: the API's one body is a deck; a GET's is read by no one."""
    method = scope.get("method", "GET")
    if method in ("GET", "HEAD"):
        return f"{method} {scope.get('path', '')} takes no body: send its parameters in the address, with no body"
    return "send a smaller deck"


def replay_body(body: bytes, receive: Callable) -> Callable[[], Awaitable[dict]]:
    sent = False

    async def replay() -> dict:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: wait for the disconnect, as the server would send it

    return replay


async def json_error(send: Callable, status: int, message: str, headers: dict[bytes, bytes] | None = None) -> None:
    """An ASGI answer of ``status`` whose JSON body is ``{"error": message}``, with ``headers`` beside its own."""
    payload = json.dumps({"error": message}).encode("utf-8")
    extra = list((headers or {}).items())
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            *extra]})
    await send({"type": "http.response.body", "body": payload})
