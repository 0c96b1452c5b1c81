"""The servers in several worker processes: ``--workers N`` forks N workers over one loaded engine, answers under
concurrent load are the ones a lone client gets (never a 500), a dead worker is replaced, and SIGTERM stops all."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import anyio
import httpx
import psutil
import pytest
from mcp import Client

from grimoire.serve.pool import worker_pool
from grimoire.serve.workers import ListenError, bind
from tests.serve.conftest import OFFLINE, start_server

GRIMOIRE = [sys.executable, "-m", "grimoire"]
SEARCHES = [{"q": "draw a card whenever a creature dies", "id": "bg"},
            {"q": "counter target spell", "type": "instant", "mv_max": "2"},
            {"q": "t:instant id<=r mv<=1 o:\"damage to any target\""},
            {"q": "o:/draws? \\w+ cards?/"},
            {"q": "create a treasure token", "role": "ramp"},
            {"q": "destroy all creatures", "format": "commander"}]
WORKERS = 2


def _server(command: list[str], home: Path, log_name: str) -> tuple[subprocess.Popen, int]:
    return start_server([*GRIMOIRE, *command], home / log_name, {**os.environ, **OFFLINE, "GRIMOIRE_HOME": str(home)},
                        timeout=60)


def _workers(process: subprocess.Popen, count: int, timeout: float = 60.0) -> list[psutil.Process]:
    """The server's worker processes, once there are ``count`` of them."""
    deadline = time.monotonic() + timeout
    while True:
        children = psutil.Process(process.pid).children()
        if len(children) == count or time.monotonic() > deadline:
            return children
        time.sleep(0.1)


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    process.wait(timeout=30)


@pytest.fixture(scope="module")
def web(grimoire_home: Path) -> Iterator[tuple[subprocess.Popen, str]]:
    process, port = _server(["serve", "web", "--workers", str(WORKERS)], grimoire_home, "web-workers.log")
    try:
        yield process, f"http://127.0.0.1:{port}"
    finally:
        _stop(process)


def _search(base: str, params: dict) -> tuple[int, str]:
    answer = httpx.get(f"{base}/api/search", params=params, timeout=120)
    return answer.status_code, answer.text


def test_the_workers_option_forks_that_many_workers(web):
    process, base = web
    assert _search(base, SEARCHES[0])[0] == 200  # the workers have started and answer
    assert len(_workers(process, WORKERS)) == WORKERS


def test_connections_are_spread_over_the_workers(web):
    process, base = web
    clients = [httpx.Client(base_url=base, timeout=120) for _ in range(16)]
    try:
        assert all(client.get("/api/search", params=SEARCHES[0]).status_code == 200 for client in clients)
        held = [sum(c.status == psutil.CONN_ESTABLISHED for c in worker.net_connections("tcp"))
                for worker in _workers(process, WORKERS)]
    finally:
        for client in clients:
            client.close()
    # the kernel hashes each connection to a worker's socket: all 16 on one worker has odds of 1 in 32,768
    assert sum(held) == 16 and min(held) >= 1


def test_answers_under_concurrent_load_are_the_lone_clients_and_never_a_500(web):
    _, base = web
    alone = [_search(base, params) for params in SEARCHES]
    assert {status for status, _ in alone} == {200}
    with ThreadPoolExecutor(max_workers=24) as executor:
        loaded = list(executor.map(lambda i: _search(base, SEARCHES[i % len(SEARCHES)]), range(36)))
    assert [status for status, _ in loaded] == [200] * 36
    assert [text for _, text in loaded] == [alone[i % len(SEARCHES)][1] for i in range(36)]


def test_a_dead_worker_is_replaced(web):
    process, base = web
    victim = _workers(process, WORKERS)[0]
    time.sleep(max(0.0, victim.create_time() + 6 - time.time()))  # past the start-up window that stops a crash loop
    victim.send_signal(signal.SIGKILL)
    victim.wait(timeout=10)
    deadline = time.monotonic() + 60
    while {w.pid for w in _workers(process, WORKERS, timeout=1)} & {victim.pid} or \
            len(_workers(process, WORKERS, timeout=1)) < WORKERS:
        assert time.monotonic() < deadline, "no worker replaced the killed one"
        time.sleep(0.2)
    assert all(_search(base, SEARCHES[1])[0] == 200 for _ in range(6))


@pytest.mark.parametrize("bad", ["0", "-2", "many"])
def test_a_bad_worker_count_is_refused_with_its_range(bad: str, grimoire_home: Path):
    done = subprocess.run([*GRIMOIRE, "serve", "web", "--workers", bad], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "GRIMOIRE_HOME": str(grimoire_home)})
    assert done.returncode == 2 and "--workers takes a whole number from 1 to 64" in done.stderr


def test_each_worker_gets_its_share_of_the_cores(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert [worker_pool(n).workers for n in (1, 2, 8, 16)] == [8, 4, 1, 1]


@pytest.mark.anyio
async def test_mcp_over_http_in_workers_answers_concurrent_sessions_alike_and_sigterm_stops_all(grimoire_home: Path):
    process, port = _server(["serve", "mcp", "--http", "--workers", str(WORKERS)], grimoire_home, "mcp-workers.log")
    url = f"http://127.0.0.1:{port}/mcp"
    arguments = [{"queries": [s["q"]]} for s in SEARCHES]
    workers = _workers(process, WORKERS)
    try:
        assert len(workers) == WORKERS
        async with Client(url, read_timeout_seconds=120) as alone:
            expected = [(await alone.call_tool("search_cards", a)).content[0].text for a in arguments]
        seen: list[list[str]] = []

        async def session() -> None:
            async with Client(url, read_timeout_seconds=120) as client:
                seen.append([(await client.call_tool("search_cards", a)).content[0].text for a in arguments])

        async with anyio.create_task_group() as group:
            for _ in range(8):
                group.start_soon(session)
        assert seen == [expected] * 8
    finally:
        _stop(process)
    _, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive and process.returncode == 0


@pytest.mark.parametrize("command", [["serve", "web"], ["serve", "mcp", "--http"]])
def test_a_port_in_use_is_a_one_line_error(command: list[str], grimoire_home: Path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([*GRIMOIRE, *command, "--port", str(port)], capture_output=True, text=True,
                              timeout=120, env={**os.environ, "GRIMOIRE_HOME": str(grimoire_home)})
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"cannot listen on 127.0.0.1:{port} (Address already in use); pick another --port" in done.stderr


def test_workers_get_sockets_of_their_own_on_one_port_and_a_taken_port_is_refused():
    sockets = bind(0)
    port = sockets[0].getsockname()[1]
    try:
        with pytest.raises(ListenError, match=f"cannot listen on 127.0.0.1:{port}"):
            bind(port, 2)  # the plain bind that proves the port free finds it taken
    finally:
        for sock in sockets:
            sock.close()
    spread, chosen = bind(port, 3), bind(0, 2)  # port 0: the system picks one port, the same for every worker
    try:
        assert [sock.getsockname()[1] for sock in spread] == [port] * 3
        assert len({sock.getsockname()[1] for sock in chosen}) == 1
    finally:
        for sock in spread + chosen:
            sock.close()


CRASHING_WORKERS = """
from grimoire.serve.workers import WorkersFailed, bind, serve_app

def broken_app():
    raise RuntimeError("this worker cannot start")

try:
    serve_app(broken_app, bind(0, 2), 2)
except WorkersFailed as exc:
    print(exc)
"""


def test_workers_that_die_at_start_stop_the_server_instead_of_a_fork_loop():
    done = subprocess.run([sys.executable, "-c", CRASHING_WORKERS], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "s after its start (see the messages above); the server stopped" in done.stdout
    assert "this worker cannot start" in done.stderr


def test_workers_stop_when_their_parent_is_killed(grimoire_home: Path):
    process, _ = _server(["serve", "web", "--workers", str(WORKERS)], grimoire_home, "web-orphans.log")
    workers = _workers(process, WORKERS)
    assert len(workers) == WORKERS
    process.kill()  # SIGKILL: the parent cannot stop its workers itself
    process.wait(timeout=10)
    _, alive = psutil.wait_procs(workers, timeout=20)
    assert not alive, "workers kept serving the port after their parent died"


def test_one_worker_serves_in_the_process_itself(grimoire_home: Path):
    process, port = _server(["serve", "web", "--workers", "1"], grimoire_home, "web-one.log")
    try:
        status, text = _search(f"http://127.0.0.1:{port}", SEARCHES[2])
        assert status == 200 and '"results"' in text
        assert psutil.Process(process.pid).children() == []
    finally:
        _stop(process)


def test_connections_to_the_bound_sockets_send_without_nagles_delay():
    """asyncio turns Nagle's algorithm off only on TCP-labelled sockets; without it, every answer after a kept-alive
    connection's first waited ~40 ms for the client's delayed ACK (64 ms a search instead of 18)."""
    import asyncio

    async def accepted_nodelay() -> int:
        listening = bind(0)[0]
        port = listening.getsockname()[1]
        seen: list[int] = []

        def made(transport: asyncio.Transport) -> None:
            seen.append(transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

        protocol = type("Probe", (asyncio.Protocol,), {"connection_made": lambda self, t: made(t)})
        server = await asyncio.get_running_loop().create_server(protocol, sock=listening)
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(100):
            if seen:
                break
            await asyncio.sleep(0.01)
        writer.close()
        server.close()
        return seen[0]

    assert asyncio.run(accepted_nodelay()) != 0


def _slow_app():
    from fastapi import FastAPI

    app = FastAPI()

    @app.get("/slow")
    async def slow() -> dict[str, bool]:
        await anyio.sleep(1.0)  # longer than the header deadline: a slow answer is not a slow client
        return {"done": True}

    return app


def test_a_client_trickling_its_headers_is_answered_408_and_closed(monkeypatch: pytest.MonkeyPatch):
    """A slowloris client (a byte of header now and then) held its connection open for ever; one that sends its
    request in time, then waits for a slow answer or idles between requests, is not cut."""
    import grimoire.serve.workers as workers
    from tests.serve.conftest import served_in_thread

    monkeypatch.setattr(workers, "HEADER_TIMEOUT_S", 0.4)
    with served_in_thread(_slow_app()) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(b"GET /slow HTTP/1.1\r\n")
            start = time.monotonic()
            for _ in range(3):  # each byte comes before the deadline, the whole headers after it
                time.sleep(0.2)
                try:
                    sock.sendall(b"X")
                except OSError:
                    break
            answer = b""
            while chunk := sock.recv(4096):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 408 ")
            assert b"headers did not all come" in answer
            assert time.monotonic() - start < 3
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:  # one that sends nothing: no answer
            assert sock.recv(4096) == b""
        with httpx.Client(base_url=url, timeout=10) as http:  # one keep-alive connection, reused
            assert http.get("/slow").json() == {"done": True}
            time.sleep(0.2)
            assert http.get("/slow").json() == {"done": True}


@pytest.mark.parametrize("request_head", [
    b"GET /slow?q=" + b"a" * 150_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",  # past h11's buffer, as a load test sent it
    b"GET /sl ow HTTP/1.1\r\nHost: x\r\n\r\n",  # a raw space in the request line
    b"POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
])
def test_a_request_h11_cannot_read_is_a_json_400_saying_what_a_request_must_be(request_head: bytes):
    """uvicorn had answered "Invalid HTTP request received." as plain text, whatever was wrong."""
    from tests.serve.conftest import served_in_thread

    with served_in_thread(_slow_app()) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            try:
                sock.sendall(request_head)
            except OSError:  # (the server may close before the rest of a long request is sent)
                pass
            answer = b""
            while chunk := sock.recv(4096):
                answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ") and b"content-type: application/json" in head
    assert "must be valid HTTP/1.1" in json.loads(body)["error"]


def _answer_after(request: bytes, half_close: bool = False) -> tuple[bytes, float]:
    """What a server of :func:`_slow_app` answers ``request`` (read to the end), and how long the answer took."""
    from tests.serve.conftest import served_in_thread

    with served_in_thread(_slow_app()) as url, \
            socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1])), timeout=8) as sock:
        sock.sendall(request)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        start, answer = time.monotonic(), b""
        while chunk := sock.recv(4096):
            answer += chunk
        return answer, time.monotonic() - start


@pytest.mark.parametrize("connection", [b"close", b"keep-alive"])
def test_a_client_that_half_closes_after_its_request_still_gets_the_answer(connection: bytes):
    """A whole request, then shutdown(SHUT_WR) (nc -N, socat; RFC 9112 section 9.6 allows it), had been answered
    with nothing: the server closed at the client's end of data. The answer comes, then the connection closes."""
    answer, seconds = _answer_after(b"GET /slow HTTP/1.1\r\nHost: x\r\nConnection: " + connection + b"\r\n\r\n",
                                    half_close=True)
    assert answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(b'{"done":true}'), answer
    assert seconds < 4  # closed with the answer, not after the keep-alive timeout


def test_an_http_version_the_server_does_not_speak_is_a_505_at_once():
    """h11 reads any HTTP/x.y: "GET / HTTP/9.9" had been served as HTTP/1.1."""
    answer, seconds = _answer_after(b"GET /slow HTTP/9.9\r\nHost: x\r\n\r\n")
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 505 ") and seconds < 0.9, answer  # (the route itself takes 1 s)
    assert json.loads(body)["error"].startswith("HTTP/9.9 is not a version this server speaks; send the request as "
                                                "HTTP/1.1")
    assert _answer_after(b"GET /slow HTTP/1.0\r\n\r\n")[0].startswith(b"HTTP/1.1 200 ")
