"""A real Grimoire MCP server in a subprocess, reached over stdio or streamable HTTP with the SDK's client; the
helpers that start the serve tests' servers on ports no other test worker holds."""

from __future__ import annotations

import contextlib
import os
import re
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

from grimoire.serve.web import create_app, serve_in_thread

SERVER = [sys.executable, "-m", "grimoire", "serve", "mcp"]
# Deck sites at a closed local port: the tests never reach the network, and see what an offline user sees.
OFFLINE = {"GRIMOIRE_MOXFIELD_API": "http://127.0.0.1:9", "GRIMOIRE_ARCHIDEKT_API": "http://127.0.0.1:9"}


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory):
    """The web app over the bundled snapshot (an empty GRIMOIRE_HOME, so no test reads the user's data); a module
    may define its own ``app`` (the arena replay tests add a league)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_HOME", str(tmp_path_factory.mktemp("grimoire-home")))
        application = create_app()
        application.state.library.engine  # noqa: B018 - open the store while GRIMOIRE_HOME points at it
    return application


@pytest.fixture(scope="module")
def grimoire_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty GRIMOIRE_HOME for the server process, so no test reads or writes the user's data."""
    return tmp_path_factory.mktemp("grimoire-home")


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
    """``command --port 0`` once it listens, and the port the system chose, read from the line the server
    prints as soon as it has bound it ("... http://127.0.0.1:PORT/ ...")."""
    with open(log, "w") as output:
        process = subprocess.Popen([*command, "--port", "0"], stdout=output, stderr=output, env=env)
    deadline = time.monotonic() + timeout
    while (found := re.search(r"http://127\.0\.0\.1:(\d+)/", log.read_text())) is None:
        if process.poll() is not None:
            raise ServerExited(f"the HTTP server exited with code {process.returncode} (see {log})")
        if time.monotonic() > deadline:
            raise TimeoutError(f"the server announced no port after {timeout} s (see {log})")
        time.sleep(0.1)
    port = int(found.group(1))
    _wait_for_port(port, process, max(deadline - time.monotonic(), 1.0))
    return process, port


@contextlib.contextmanager
def served_in_thread(app: FastAPI) -> Iterator[str]:
    """``app`` on 127.0.0.1 at a port the system picks (so test workers never collide), from a thread; its URL."""
    server = serve_in_thread(app, 0)
    try:
        yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True


@contextlib.asynccontextmanager
async def stdio_server(grimoire_home: Path, *arguments: str, log: str = "stdio-server.log"
                       ) -> AsyncIterator[Client]:
    """An SDK client connected over stdio to ``grimoire serve mcp`` started with ``arguments``, offline, its
    errors written to ``log`` in ``grimoire_home``."""
    env = {**OFFLINE, "GRIMOIRE_HOME": str(grimoire_home), "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    with open(grimoire_home / log, "w") as errlog:
        params = StdioServerParameters(command=SERVER[0], args=[*SERVER[1:], *arguments], env=env)
        async with Client(stdio_client(params, errlog=errlog), read_timeout_seconds=60) as connected:
            yield connected


@pytest.fixture(scope="module")
def mcp_http_url(grimoire_home: Path) -> Iterator[str]:
    """The address of a ``grimoire serve mcp --http`` process, offline, for the module's tests."""
    process, port = start_server([*SERVER, "--http"], grimoire_home / "http-server.log",
                                 {**os.environ, **OFFLINE, "GRIMOIRE_HOME": str(grimoire_home)})
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module", params=["stdio", "http"])
async def client(request: pytest.FixtureRequest, grimoire_home: Path) -> AsyncIterator[Client]:
    """An SDK client connected to ``grimoire serve mcp`` over stdio, then over HTTP."""
    if request.param == "stdio":
        async with stdio_server(grimoire_home) as connected:
            yield connected
        return
    async with Client(request.getfixturevalue("mcp_http_url"), read_timeout_seconds=60) as connected:
        yield connected
