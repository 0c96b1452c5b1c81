"""A real Grimoire MCP server in a subprocess, reached over stdio or streamable HTTP with the SDK's client; the
helpers that start the serve tests' servers on ports no other test worker holds."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

from grimoire.serve.web import serve_in_thread

SERVER = [sys.executable, "-m", "grimoire", "serve", "mcp"]
# Deck sites at a closed local port: the tests never reach the network, and see what an offline user sees.
OFFLINE = {"GRIMOIRE_MOXFIELD_API": "http://127.0.0.1:9", "GRIMOIRE_ARCHIDEKT_API": "http://127.0.0.1:9"}


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def grimoire_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty GRIMOIRE_HOME for the server process, so no test reads or writes the user's data."""
    return tmp_path_factory.mktemp("grimoire-home")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerExited(RuntimeError):
    """The server process ended before it listened."""


def _wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerExited(f"the HTTP server exited with code {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


def start_server(command: list[str], log: Path, env: dict[str, str], timeout: float = 30.0) -> tuple[
        subprocess.Popen, int]:
    """``command --port P`` on a free port P, once it listens, and P. The CLI cannot report a port it chose, so P
    is found free first; when another test worker takes it before the server binds, a new port is tried."""
    for _ in range(3):
        port = _free_port()
        with open(log, "w") as output:
            process = subprocess.Popen([*command, "--port", str(port)], stdout=output, stderr=output, env=env)
        try:
            _wait_for_port(port, process, timeout)
            return process, port
        except ServerExited:
            if "Address already in use" not in log.read_text():
                raise
    raise ServerExited(f"three free ports were all taken before the server could bind them (see {log})")


@contextlib.contextmanager
def served_in_thread(app: FastAPI) -> Iterator[str]:
    """``app`` on 127.0.0.1 at a port the system picks (so test workers never collide), from a thread; its URL."""
    server = serve_in_thread(app, 0)
    try:
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True


@pytest.fixture(scope="module", params=["stdio", "http"])
async def client(request: pytest.FixtureRequest, grimoire_home: Path) -> AsyncIterator[Client]:
    """An SDK client connected to ``grimoire serve mcp`` over stdio, then over HTTP."""
    if request.param == "stdio":
        env = {**OFFLINE, "GRIMOIRE_HOME": str(grimoire_home), "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
        with open(grimoire_home / "stdio-server.log", "w") as errlog:
            params = StdioServerParameters(command=SERVER[0], args=SERVER[1:], env=env)
            async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=60) as connected:
                yield connected
        return
    process, port = start_server([*SERVER, "--http"], grimoire_home / "http-server.log",
                                 {**os.environ, **OFFLINE, "GRIMOIRE_HOME": str(grimoire_home)})
    try:
        async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=60) as connected:
            yield connected
    finally:
        process.terminate()
        process.wait(timeout=10)
