"""Serve an ASGI app from several worker processes forked after the engine is loaded, one per core.

The search work holds Python's GIL, so one process uses at most one core. The parent binds the port, loads the
engine once and forks; the workers share the engine's memory pages (copy-on-write), each accepting connections
on a socket of its own on the port, which the kernel spreads between them. A worker that dies is replaced;
SIGTERM or Ctrl-C stops them all.
"""

from __future__ import annotations

import gc
import json
import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from grimoire.search.query import MAX_QUERY_LENGTH
from grimoire.serve.library import Library, warm
from grimoire.serve.pool import WorkPool, json_error, shared_slow_gate, worker_pool

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
BACKLOG = 2048
STOP_GRACE_S = 10.0
# A worker that dies sooner than this after its start is not replaced again and again: the server stops.
MIN_WORKER_LIFE_S = 5.0
# A connection that has not sent a whole request line and headers this long after it opened, or after its last
# answer, is closed with a 408: a client trickling its headers a byte at a time (slowloris) held one open for ever.
HEADER_TIMEOUT_S = 10.0
# An idle keep-alive connection is closed after this long (uvicorn's default), and every answer that leaves its
# connection open says so in a Keep-Alive header, so a client's pool drops it first instead of reusing it as it
# closes (and getting a reset).
KEEP_ALIVE_S = 5


def _closing_answer(status: str, message: str) -> bytes:
    """A whole HTTP answer closing the connection, its body the JSON error shape of the web API
    (``{"error": ...}``), written as it stands where h11 has read no request to answer."""
    body = json.dumps({"error": message}).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\nconnection: close\r\n"
            f"content-length: {len(body)}\r\n\r\n").encode() + body


_TIMED_OUT = _closing_answer("408 Request Timeout",
                             f"the request's headers did not all come within {HEADER_TIMEOUT_S:.0f} s")
# what uvicorn answers a request h11 cannot read (a request line past h11's 16 KiB buffer as it came, a raw space
# or a NUL in it, a bad Content-Length): it had been the plain text "Invalid HTTP request received."
_BAD_REQUEST = _closing_answer(
    "400 Bad Request", "the HTTP request could not be read: its request line and headers must be valid HTTP/1.1 "
    "(a URL percent-encoded, with no raw spaces or control characters; a numeric Content-Length) and at most 16 KiB "
    f"together; a longer query cannot be a search (queries are at most {MAX_QUERY_LENGTH:,} characters)")
PARENT_CHECK_S = 1.0
LINGER_S = 2.0  # how long a connection answered 400 by uvicorn's h11 reads on before it closes


class ListenError(OSError):
    """The port cannot be listened on (in use, or not allowed); the message says which and what to do."""


class WorkersFailed(RuntimeError):
    """The workers kept dying as they started; the server stopped (the log says why)."""


def default_workers() -> int:
    """Worker processes for this machine: the cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def bind(port: int, count: int = 1, host: str = HOST) -> list[socket.socket]:
    """``count`` listening TCP sockets on ``host:port``, one per worker; connections wait in their backlogs
    until a worker accepts them.

    Several workers get sockets of their own on one port (``SO_REUSEPORT``), so the kernel spreads new
    connections evenly between them; on one shared socket the first worker to wake can take a whole burst of
    connections (asyncio accepts many at each wake-up) while the others idle. Raises :class:`ListenError` when
    the port is taken, by any program."""
    spread = count > 1 and hasattr(socket, "SO_REUSEPORT")
    first = _listen(host, port, reuse_port=False)
    if not spread:
        return [first]
    port = first.getsockname()[1]  # the port the system chose, when asked for port 0
    first.close()  # it proved the port free: one that merely allowed port sharing would not tell
    return [_listen(host, port, reuse_port=True) for _ in range(count)]


def _listen(host: str, port: int, reuse_port: bool) -> socket.socket:
    # IPPROTO_TCP named, not left 0: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on connections whose
    # socket says it is TCP, and with Nagle on, each answer after a connection's first waited ~40 ms for the
    # client's delayed ACK.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ListenError(f"cannot listen on {host}:{port} ({exc.strerror}); pick another --port") from exc
    sock.listen(BACKLOG)
    sock.set_inheritable(True)
    return sock


def serve_library(app_of: Callable[[Library, WorkPool], Any], *, port: int, store: Path | None = None,
                  workers: int | None = None, announce: str = "", encoder: str | None = None) -> None:
    """Serve ``app_of(library, pool)`` on 127.0.0.1:``port`` in ``workers`` processes (default: one per core):
    bind the port, print ``announce`` (its ``{port}`` is the port bound), load the library once (then print
    "ready"), and fork workers that share it, each warming itself (so the pages a search touches become its own
    before its first request) with a pool of its share of the cores and the one slow-lane gate."""
    processes = (workers or default_workers()) if hasattr(os, "fork") else 1  # no fork (Windows): one process
    sockets = bind(port, processes)  # a client that connects during the warm-up waits instead of being refused
    if announce:  # with the port bound, so that --port 0 says which port the system chose
        print(announce.format(port=sockets[0].getsockname()[1]), flush=True)
    library = Library(store, encoder)
    engine = library.engine
    if announce:
        print(f"ready: {processes} worker process{'es' if processes > 1 else ''}", flush=True)
    gate = shared_slow_gate()

    def worker_app() -> Any:
        if processes > 1:  # a fork: warm again here (one process was warmed by loading)
            warm(engine)
        return app_of(library, worker_pool(processes, gate))

    serve_app(worker_app, sockets, processes)


def serve_app(make_app: Callable[[], Any], sockets: list[socket.socket], workers: int,
              log_level: str = "warning") -> None:
    """Serve ``make_app()`` on ``sockets``: in this process when ``workers`` is 1, else in that many forked
    workers, worker i on ``sockets[i]`` (or all on one shared socket). Each worker builds its own app, so no
    event-loop object crosses a fork.

    Each process does its numpy work on one BLAS thread: the cores already serve concurrent requests, and a
    second BLAS thread only waited and spun (measured: 10.9 against 22.6 ms of CPU per search on 2 cores)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1)  # set before the fork, inherited by every worker
    if workers <= 1:
        _run_worker(make_app, sockets[0], log_level)
        return
    gc.collect()
    gc.freeze()  # the engine's objects move out of the collector's sight, so no worker copies their pages
    _Supervisor(make_app, sockets, workers, log_level).run()


def _run_worker(make_app: Callable[[], Any], sock: socket.socket, log_level: str) -> None:
    import uvicorn

    server = uvicorn.Server(server_config(make_app(), log_level=log_level, timeout_graceful_shutdown=5))
    server.run(sockets=[sock])


def server_config(app: Any, **settings: Any) -> Any:
    """uvicorn's settings for ``app``, with its HTTP/1.1 connections bounded in time while they send headers, idle
    ones closed after :data:`KEEP_ALIVE_S` as their answers say (:func:`_keep_alive_told`), and requests in HTTP
    versions other than 1.0 and 1.1 refused (:func:`_versions_checked`)."""
    import uvicorn

    return uvicorn.Config(_keep_alive_told(_versions_checked(app)), http=_header_deadline_protocol(),
                          timeout_keep_alive=KEEP_ALIVE_S, **settings)


def _keep_alive_told(app: Any) -> Any:
    """``app`` with ``Keep-Alive: timeout=N`` on each HTTP/1.1 answer that leaves its connection open: the servers
    closed an idle connection after 5 s unsaid, and a client reusing it just then got a broken pipe."""
    told = (b"keep-alive", f"timeout={KEEP_ALIVE_S}".encode())

    async def telling(scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["http_version"] != "1.1" or \
                (b"connection", b"close") in [(k.lower(), v.lower()) for k, v in scope["headers"]]:
            await app(scope, receive, send)
            return

        async def sent(message: dict) -> None:
            if message["type"] == "http.response.start" and \
                    (b"connection", b"close") not in [(k.lower(), v.lower()) for k, v in message.get("headers", [])]:
                message = {**message, "headers": [*message.get("headers", []), told]}
            await send(message)

        await app(scope, receive, sent)

    return telling


HTTP_VERSIONS = ("1.0", "1.1")


def _versions_checked(app: Any) -> Any:
    """``app`` answering a request in an HTTP version it does not speak with a 505, closing the connection: h11
    reads any ``HTTP/x.y``, and ``GET / HTTP/9.9`` had been served the page as HTTP/1.1."""

    async def checked(scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["http_version"] in HTTP_VERSIONS:
            await app(scope, receive, send)
            return
        await json_error(send, 505, f"HTTP/{scope['http_version']} is not a version this server speaks; send the "
                                    "request as HTTP/1.1 (or HTTP/1.0)", {b"connection": b"close"})

    return checked


def _header_deadline_protocol() -> type:
    """uvicorn's h11 connection, closed when its next request's headers are not all in within
    :data:`HEADER_TIMEOUT_S`, with a 408 when part of them came (uvicorn times out idle keep-alive connections only
    once data stops, and a client sending a byte now and then never stops)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderDeadline(H11Protocol):
        _deadline = None
        _discarding = False
        _half_closed = False

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self._half_closed:  # the client sends nothing more: the connection ends with its answer
                self.transport.close()
            else:
                self._arm()

        def eof_received(self) -> bool | None:
            # a client that half-closes once its request is all sent (shutdown(SHUT_WR), nc -N) still reads the
            # answer (RFC 9112 section 9.6): the connection stays open for it (uvicorn closed it at once, and the
            # request was answered with nothing). One cut short, or none, closes the connection as before.
            if self.cycle is not None and not self.cycle.response_complete and \
                    self.conn.their_state in (h11.DONE, h11.MUST_CLOSE):
                self._half_closed = True
                return True
            return None

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:  # the request line and headers are in
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:  # (uvicorn's h11 error: see _BAD_REQUEST)
            # a lingering close: the rest of the request is read and dropped for a moment, as closing with it unread
            # resets the connection, and the client lost the answer (a 150 KB request line came in several reads)
            self._discarding = True
            self.transport.write(_BAD_REQUEST)
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(LINGER_S, self.transport.close)

        def data_received(self, data: bytes) -> None:
            if not self._discarding:
                super().data_received(data)

        def _arm(self) -> None:
            self._disarm()
            if not self.transport.is_closing():
                self._deadline = self.loop.call_later(HEADER_TIMEOUT_S, self._expire)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expire(self) -> None:
            self._deadline = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                if self.conn.trailing_data[0]:  # part of a request came: say why it is dropped
                    self.transport.write(_TIMED_OUT)  # written as it stands: h11 answers only a request it has read
                self.transport.close()

    return HeaderDeadline


class _Supervisor:
    """Forks the workers, replaces one that dies, and stops them all on SIGTERM/SIGINT."""

    def __init__(self, make_app: Callable[[], Any], sockets: list[socket.socket], workers: int, log_level: str):
        self.make_app, self.sockets, self.workers, self.log_level = make_app, sockets, workers, log_level
        self.started: dict[int, tuple[int, float]] = {}  # pid -> (worker number, start time)
        self.stopping = False

    def run(self) -> None:
        previous = {sig: signal.signal(sig, self._stop) for sig in (signal.SIGTERM, signal.SIGINT)}
        try:
            for number in range(self.workers):
                self._fork(number)
            failure = self._watch()
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            self._terminate()
        if failure:
            raise WorkersFailed(failure)

    def _stop(self, *_: object) -> None:
        self.stopping = True

    def _fork(self, number: int) -> None:
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                for sig in (signal.SIGTERM, signal.SIGINT):
                    signal.signal(sig, signal.SIG_DFL)
                threading.Thread(target=_stop_with, args=(parent,), name="grimoire-parent-watch", daemon=True).start()
                _run_worker(self.make_app, self.sockets[number % len(self.sockets)], self.log_level)
            except BaseException:  # noqa: BLE001 - a worker reports its crash and exits; the parent replaces it
                log.exception("worker %d failed", os.getpid())
                code = 1
            finally:
                os._exit(code)
        self.started[pid] = (number, time.monotonic())

    def _watch(self) -> str | None:
        """Replace workers that die until asked to stop; the reason, when the workers die as they start."""
        while not self.stopping and self.started:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return None
            if pid == 0:
                time.sleep(0.2)
                continue
            number, start = self.started.pop(pid, (0, 0.0))
            lived = time.monotonic() - start
            if self.stopping:
                return None
            log.warning("worker %d exited (status %d) after %.0f s", pid, status, lived)
            if lived < MIN_WORKER_LIFE_S:
                return f"a worker died {lived:.1f} s after its start (see the messages above); the server stopped"
            self._fork(number)
        return None

    def _terminate(self) -> None:
        for pid in self.started:
            _signal(pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_S
        while self.started and time.monotonic() < deadline:
            for pid in list(self.started):
                if _reaped(pid):
                    del self.started[pid]
            time.sleep(0.05)
        for pid in self.started:
            _signal(pid, signal.SIGKILL)
            _reaped(pid, block=True)


def _stop_with(parent: int) -> None:
    """Stop this worker (as SIGTERM would) once its parent is gone, e.g. killed with SIGKILL, so no orphan keeps
    serving the port."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os.kill(os.getpid(), signal.SIGTERM)


def _signal(pid: int, sig: signal.Signals) -> None:
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass


def _reaped(pid: int, block: bool = False) -> bool:
    try:
        done, _ = os.waitpid(pid, 0 if block else os.WNOHANG)
    except ChildProcessError:
        return True
    return done == pid
