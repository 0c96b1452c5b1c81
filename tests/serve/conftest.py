"""A real Grimoire MCP server in a subprocess, reached over stdio or streamable HTTP with the SDK's client."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client

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


def _wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the HTTP server exited with code {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


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
    port = _free_port()
    with open(grimoire_home / "http-server.log", "w") as errlog:
        process = subprocess.Popen([*SERVER, "--http", "--port", str(port)], stdout=errlog, stderr=errlog,
                                   env={**os.environ, **OFFLINE, "GRIMOIRE_HOME": str(grimoire_home)})
        try:
            _wait_for_port(port, process)
            async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=60) as connected:
                yield connected
        finally:
            process.terminate()
            process.wait(timeout=10)
