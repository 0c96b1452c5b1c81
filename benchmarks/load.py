"""Load on the servers: throughput, p50/p95 and server memory for many concurrent clients, beside one client.

Starts ``grimoire serve mcp --http`` and ``grimoire serve web`` on 127.0.0.1 (free ports; all traffic stays on
this machine) with ``--workers`` processes, waits for their warm-up and sends every search and a deck through a
few connections per worker, then for each server measures, in one run:

* one client making ``--single`` searches one after another (throughput and p50/p95 per call);
* closed loop: ``--clients`` clients (default 50) making ``--calls`` searches each (default 20) all at once,
  each sending its next call when the last is answered;
* the same with half the calls while ``--deck-clients`` more (default 2) keep sending a slow request (a 150-line
  deck of unknown names), to show what decks do to searches;
* open loop: ``--open-calls`` searches arriving at random (Poisson) at ``--open-load`` (default 80%) of the
  closed loop's throughput; latency counts from each call's planned arrival, so a late server cannot hide it;
* the memory of all the server's processes (PSS: a page shared by n processes counts 1/n in each) after
  warm-up and after the load, the CPU the server and this load generator used, and whether every answer under
  load was the one a lone client got.

The clients are cheap on purpose, so they take little CPU from the server: plain JSON-RPC over one httpx
connection each for MCP (the streamable HTTP transport of the MCP specification, revision 2025-06-18,
https://modelcontextprotocol.io/specification/2025-06-18/basic/transports, as the ``mcp`` SDK's server speaks
it), plain GETs for the web API.

Goals (issue #18): closed-loop throughput >= 80% of cores x single-client throughput; p95 <= 10 x single-client
p50; memory growth < 50 MB. With C closed-loop clients the mean latency is C / throughput (Little's law), so
the p95 goal can only be met by the open loop. Figures are noisy on a shared machine: run it on a quiet one.
Run: ``python benchmarks/load.py [--workers 1 2] [--plot load.png --json load.json]``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import httpx
import psutil

SEARCHES: list[dict] = [
    {"queries": ["draw a card whenever a creature dies"], "color_identity": "bg"},
    {"queries": ["counter target spell"], "types": ["instant"], "mana_value_max": 2},
    {"queries": ["destroy all creatures"], "format": "commander"},
    {"queries": ["t:instant id<=r mv<=1 o:\"damage to any target\""]},
    {"queries": ["role:ramp t:creature id:g mv<=2"]},
    {"queries": ["o:/draws? \\w+ cards?/"]},
    {"queries": ["search your library for a land card and put it onto the battlefield"], "color_identity": "g"},
    {"queries": ["create a treasure token"], "roles": ["ramp"]},
    {"queries": ["exile target creature"], "mana_value_max": 2, "color_identity": "w"},
    {"queries": ["return target creature card from your graveyard to your hand"]},
]
SLOW_DECK = "\n".join(f"1 Unknown Card Number {i}" for i in range(150))
DECK_ERROR = "no card found"  # the answer to SLOW_DECK: a deck error that names its unreadable lines
REQUEST_TIMEOUT_S = 120.0
MCP_PROTOCOL = "2025-06-18"
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


@dataclass
class Phase:
    """Latencies (seconds) of one phase, how long it took as a whole, and the answers it got."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    elapsed: float = 0.0
    first_errors: list[str] = field(default_factory=list)
    answers: dict[int, set[str]] = field(default_factory=dict)  # search index -> digests of its answers
    server_cpu_s: float = 0.0
    generator_cpu_s: float = 0.0

    def throughput(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if ordered else float("nan")

    def summary(self) -> dict:
        return {"calls": len(self.latencies), "errors": self.errors, "qps": self.throughput(),
                "p50_ms": 1000 * self.percentile(0.5), "p95_ms": 1000 * self.percentile(0.95),
                "server_cpu_s": self.server_cpu_s, "generator_cpu_s": self.generator_cpu_s}


@dataclass
class Figures:
    surface: str
    workers: int
    single: Phase
    loaded: Phase
    with_decks: Phase
    slow: Phase
    open: Phase
    open_rate: float
    memory_before_mb: float
    memory_after_mb: float
    processes: int

    def changed_answers(self) -> int:
        """Searches whose answer under load differed from the lone client's."""
        return sum(1 for phase in (self.loaded, self.with_decks, self.open) for index, seen in phase.answers.items()
                   if seen - self.single.answers.get(index, set()))


# -- the servers -------------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _start(command: list[str], port: int, log: Path) -> subprocess.Popen:
    with log.open("w") as out:
        process = subprocess.Popen([sys.executable, "-m", "grimoire", *command, "--port", str(port)],
                                   stdout=out, stderr=out, env=os.environ.copy())
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{' '.join(command)} exited with {process.returncode}; see {log}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"{' '.join(command)} did not listen on 127.0.0.1:{port} in 120 s")


def _stop(process: subprocess.Popen) -> None:
    """Stop a server; say so when it was still busy (work left running after its clients were gone)."""
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        print("  the server was still busy 30 s after SIGTERM; killed", flush=True)
        process.kill()
        process.wait(timeout=30)


def _tree(process: subprocess.Popen) -> list[psutil.Process]:
    root = psutil.Process(process.pid)
    return [root, *root.children(recursive=True)]


def _memory_mb(process: subprocess.Popen) -> float:
    """The server's memory: the PSS of all its processes (shared pages split between them)."""
    return sum(p.memory_full_info().pss for p in _tree(process)) / 2**20


def _cpu_s(processes: list[psutil.Process]) -> float:
    total = 0.0
    for p in processes:
        try:
            times = p.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


# -- the clients -------------------------------------------------------------------------------------------


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class McpCaller:
    """JSON-RPC over streamable HTTP: ``initialize`` once per connection, then ``tools/call`` requests."""

    def __init__(self, port: int):
        self.url = f"http://127.0.0.1:{port}/mcp"

    async def session(self, connections: int = 1) -> httpx.AsyncClient:
        client = httpx.AsyncClient(timeout=REQUEST_TIMEOUT_S, headers=MCP_HEADERS,
                                   limits=httpx.Limits(max_connections=connections))
        answer = await client.post(self.url, json={
            "jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": MCP_PROTOCOL, "capabilities": {},
                       "clientInfo": {"name": "grimoire-load", "version": "1"}}})
        answer.raise_for_status()
        headers = {"mcp-protocol-version": MCP_PROTOCOL}
        if "mcp-session-id" in answer.headers:  # a stateful server: every later request names the session
            headers["mcp-session-id"] = answer.headers["mcp-session-id"]
        client.headers.update(headers)
        await client.post(self.url, json={"jsonrpc": "2.0", "method": "notifications/initialized"})
        return client

    async def call(self, client: httpx.AsyncClient, tool: str, arguments: dict) -> tuple[bool, str]:
        """(is_error, text) of one tool call."""
        answer = await client.post(self.url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                                   "params": {"name": tool, "arguments": arguments}})
        if answer.status_code != 200:
            return True, f"HTTP {answer.status_code}: {answer.text[:200]}"
        message = _jsonrpc_message(answer)
        if "error" in message:
            return True, json.dumps(message["error"])[:200]
        result = message["result"]
        return bool(result.get("isError")), result["content"][0]["text"]

    async def search(self, client: httpx.AsyncClient, arguments: dict) -> tuple[str | None, str]:
        is_error, text = await self.call(client, "search_cards", arguments)
        return (text if is_error else None), text

    async def slow(self, client: httpx.AsyncClient) -> str | None:
        is_error, text = await self.call(client, "get_deck", {"deck": SLOW_DECK})
        return None if is_error and DECK_ERROR in text else text


def _jsonrpc_message(answer: httpx.Response) -> dict:
    """The JSON-RPC message of an answer sent as JSON or as an event stream (its last ``data:`` line)."""
    if answer.headers.get("content-type", "").startswith("text/event-stream"):
        data = [line[5:].strip() for line in answer.text.splitlines() if line.startswith("data:")]
        return json.loads(data[-1])
    return answer.json()


class WebCaller:
    """Plain HTTP requests to the web API."""

    def __init__(self, port: int):
        self.base = f"http://127.0.0.1:{port}"

    async def session(self, connections: int = 1) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base, timeout=REQUEST_TIMEOUT_S,
                                 limits=httpx.Limits(max_connections=connections))

    @staticmethod
    async def search(client: httpx.AsyncClient, arguments: dict) -> tuple[str | None, str]:
        params: dict = {"q": " ".join(arguments["queries"])}
        for key, name in (("color_identity", "id"), ("format", "format"), ("mana_value_max", "mv_max")):
            if key in arguments:
                params[name] = arguments[key]
        if "types" in arguments:
            params["type"] = arguments["types"]
        if "roles" in arguments:
            params["role"] = arguments["roles"]
        answer = await client.get("/api/search", params=params)
        error = None if answer.status_code == 200 else f"HTTP {answer.status_code}: {answer.text[:200]}"
        return error, answer.text

    @staticmethod
    async def slow(client: httpx.AsyncClient) -> str | None:
        answer = await client.post("/api/deck/check", json={"text": SLOW_DECK})
        if answer.status_code == 400 and DECK_ERROR in answer.text:
            return None
        return f"HTTP {answer.status_code}: {answer.text[:200]}"


# -- the phases --------------------------------------------------------------------------------------------


def _record(phase: Phase, started: float, error: str | None) -> None:
    phase.latencies.append(time.perf_counter() - started)
    if error is not None:
        phase.errors += 1
        if len(phase.first_errors) < 3:
            phase.first_errors.append(error[:200])


async def _search(phase: Phase, caller, client, index: int, started: float | None = None) -> None:
    started = time.perf_counter() if started is None else started
    try:
        error, text = await caller.search(client, SEARCHES[index])
        phase.answers.setdefault(index, set()).add(_digest(text))
    except Exception as exc:  # noqa: BLE001 - a failed call is counted, the benchmark goes on
        error = f"{type(exc).__name__}: {exc}"
    _record(phase, started, error)


async def _slow(phase: Phase, caller, client) -> None:
    started = time.perf_counter()
    try:
        error = await caller.slow(client)
    except Exception as exc:  # noqa: BLE001
        error = f"{type(exc).__name__}: {exc}"
    _record(phase, started, error)


class _Meter:
    """CPU seconds of the server's processes and of this generator over one phase."""

    def __init__(self, server: list[psutil.Process]):
        self.server, self.me = server, [psutil.Process()]

    def start(self) -> None:
        self.origin = (_cpu_s(self.server), _cpu_s(self.me), time.perf_counter())

    def close(self, phase: Phase) -> None:
        server, me, start = self.origin
        phase.server_cpu_s = _cpu_s(self.server) - server
        phase.generator_cpu_s = _cpu_s(self.me) - me
        phase.elapsed = time.perf_counter() - start


async def _single(caller, calls: int, meter: _Meter) -> Phase:
    phase = Phase()
    client = await caller.session()
    meter.start()
    for index in range(calls):
        await _search(phase, caller, client, index % len(SEARCHES))
    meter.close(phase)
    await client.aclose()
    return phase


async def _closed(caller, clients: int, calls: int, deck_clients: int, meter: _Meter) -> tuple[Phase, Phase]:
    loaded, slow = Phase(), Phase()
    done = anyio.Event()
    sessions: list[httpx.AsyncClient] = []

    async def connect() -> None:
        sessions.append(await caller.session())

    async with anyio.create_task_group() as group:  # at once: a connection left idle for long would be closed
        for _ in range(clients + deck_clients):
            group.start_soon(connect)

    async def searcher(client, offset: int) -> None:
        for index in range(calls):
            await _search(loaded, caller, client, (offset + index) % len(SEARCHES))

    async def decker(client) -> None:
        while not done.is_set():
            await _slow(slow, caller, client)

    async with anyio.create_task_group() as group:
        for client in sessions[clients:]:
            group.start_soon(decker, client)
        meter.start()
        async with anyio.create_task_group() as searchers:
            for offset, client in enumerate(sessions[:clients]):
                searchers.start_soon(searcher, client, offset)
        meter.close(loaded)
        done.set()
    slow.elapsed = loaded.elapsed
    for client in sessions:
        await client.aclose()
    return loaded, slow


async def _open(caller, rate: float, calls: int, meter: _Meter, seed: int = 18) -> Phase:
    """``calls`` searches whose arrivals form a Poisson process of ``rate`` per second."""
    phase, draw = Phase(), random.Random(seed)
    client = await caller.session(connections=1000)
    meter.start()
    async with anyio.create_task_group() as group:
        origin, planned = time.perf_counter(), 0.0
        for index in range(calls):
            planned += draw.expovariate(rate)
            await anyio.sleep(max(0.0, origin + planned - time.perf_counter()))
            group.start_soon(_search, phase, caller, client, index % len(SEARCHES), origin + planned)
    meter.close(phase)  # once the last answer is in: the task group waits for them all
    await client.aclose()
    return phase


async def _measure(surface: str, caller, process: subprocess.Popen, workers: int,
                   args: argparse.Namespace) -> Figures:
    client = await caller.session()  # the first call waits for the server's warm-up
    await _search(Phase(), caller, client, 0)
    await client.aclose()
    server = _tree(process)
    meter = _Meter(server)
    # every search and a deck through a few connections per worker, so that each worker has served them once
    await _closed(caller, 4 * workers, len(SEARCHES), 1, meter)
    memory_before = _memory_mb(process)
    single = await _single(caller, args.single, meter)
    loaded, _ = await _closed(caller, args.clients, args.calls, 0, meter)
    with_decks, slow = await _closed(caller, args.clients, max(1, args.calls // 2), args.deck_clients, meter)
    rate = args.open_load * loaded.throughput()
    opened = await _open(caller, rate, args.open_calls, meter)
    return Figures(surface, workers, single, loaded, with_decks, slow, opened, rate, memory_before, _memory_mb(process),
                   len(server))


# -- the report --------------------------------------------------------------------------------------------


def _phase_line(label: str, phase: Phase) -> str:
    calls = len(phase.latencies) or 1
    busy = 100 * phase.generator_cpu_s / phase.elapsed if phase.elapsed else 0.0
    return (f"  {label:<22}{phase.throughput():7.1f} q/s  p50 {1000 * phase.percentile(0.5):7.1f} ms  "
            f"p95 {1000 * phase.percentile(0.95):7.1f} ms  ({len(phase.latencies)} calls, {phase.errors} errors; "
            f"server CPU {1000 * phase.server_cpu_s / calls:4.1f} ms a call, load generator {busy:3.0f}% of a core)")


def _report(figures: Figures, cores: int, clients: int) -> list[str]:
    single, loaded, slow, opened = figures.single, figures.loaded, figures.slow, figures.open
    goal_throughput = 0.8 * cores * single.throughput()
    goal_p95 = 10 * single.percentile(0.5)
    growth = figures.memory_after_mb - figures.memory_before_mb
    littles = clients / loaded.throughput() if loaded.throughput() else float("nan")
    return [
        f"{figures.surface}, {figures.workers} worker process{'es' if figures.workers > 1 else ''}",
        _phase_line("1 client", single),
        _phase_line(f"{clients} clients (closed)", loaded),
        _phase_line(f"{clients} clients + decks", figures.with_decks),
        f"  {'':<22}slow deck requests alongside (their CPU is in the line above): {len(slow.latencies)} "
        f"answered, p50 {1000 * slow.percentile(0.5):.0f} ms, {slow.errors} errors",
        _phase_line(f"open, {figures.open_rate:.0f}/s Poisson", opened),
        *(f"  error: {message}" for phase in (loaded, figures.with_decks, slow, opened)
          for message in phase.first_errors),
        f"  answers under load that differ from the lone client's: {figures.changed_answers()}",
        f"  CPU-bound ceiling, were the {cores} cores ours alone: {_ceiling(loaded, cores):.0f} q/s "
        f"({cores} cores / the server's and the generator's CPU per call in the closed loop)",
        f"  memory (PSS of {figures.processes} processes) {figures.memory_before_mb:.0f} MB -> "
        f"{figures.memory_after_mb:.0f} MB ({growth:+.0f} MB)",
        f"  goal throughput >= {goal_throughput:.1f} q/s (80% x {cores} cores x 1 client): "
        f"{loaded.throughput() / goal_throughput:.0%} of it, {_met(loaded.throughput() >= goal_throughput)}",
        f"  goal p95 <= {1000 * goal_p95:.0f} ms (10 x 1-client p50): closed loop "
        f"{_met(loaded.percentile(0.95) <= goal_p95)} (Little's law: mean latency {1000 * littles:.0f} ms = "
        f"{clients} / throughput), open loop {_met(opened.percentile(0.95) <= goal_p95)}",
        f"  goal memory growth < 50 MB: {_met(growth < 50)}",
    ]


def _ceiling(phase: Phase, cores: int) -> float:
    cpu = (phase.server_cpu_s + phase.generator_cpu_s) / (len(phase.latencies) or 1)
    return cores / cpu if cpu else float("nan")


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def _plot(all_figures: list[Figures], clients: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8))
    labels = [f"{f.surface}\n{f.workers} worker{'s' if f.workers > 1 else ''}" for f in all_figures]
    positions = list(range(len(labels)))
    phases = (("1 client", lambda f: f.single), (f"{clients} clients", lambda f: f.loaded),
              ("open loop", lambda f: f.open))
    width = 0.27
    for offset, (name, phase_of) in enumerate(phases):
        shifted = [p + (offset - 1) * width for p in positions]
        left.bar(shifted, [phase_of(f).throughput() for f in all_figures], width, label=name)
        right.bar(shifted, [1000 * phase_of(f).percentile(0.95) for f in all_figures], width, label=f"p95, {name}")
    left.set_xticks(positions, labels)
    left.set_ylabel("searches per second")
    left.legend(fontsize=8)
    right.set_xticks(positions, labels)
    right.set_ylabel("ms")
    right.set_yscale("log")
    right.legend(fontsize=8)
    fig.suptitle("Grimoire servers under load (127.0.0.1)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def _json(figures: Figures, cores: int, clients: int) -> dict:
    return {"surface": figures.surface, "workers": figures.workers, "cores": cores, "clients": clients,
            "single": figures.single.summary(), "loaded": figures.loaded.summary(),
            "with_decks": figures.with_decks.summary(), "slow_deck": figures.slow.summary(),
            "open": {**figures.open.summary(), "rate": figures.open_rate},
            "changed_answers": figures.changed_answers(), "ceiling_qps": _ceiling(figures.loaded, cores),
            "processes": figures.processes,
            "memory_pss_mb": [figures.memory_before_mb, figures.memory_after_mb]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--calls", type=int, default=20, help="searches per client in the closed loop (default 20)")
    parser.add_argument("--single", type=int, default=60, help="searches by the lone client (default 60)")
    parser.add_argument("--deck-clients", type=int, default=2, help="clients sending slow decks meanwhile")
    parser.add_argument("--open-calls", type=int, default=600, help="searches in the open loop (default 600)")
    parser.add_argument("--open-load", type=float, default=0.8,
                        help="open-loop arrival rate, as a share of the closed loop's throughput (default 0.8)")
    parser.add_argument("--workers", type=int, nargs="+", default=[None],
                        help="server worker processes; several values are measured one after another "
                             "(default: the server's default, one per core)")
    parser.add_argument("--surface", choices=("mcp", "web", "both"), default="both")
    parser.add_argument("--plot", type=Path, help="write a PNG of the figures here")
    parser.add_argument("--json", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    os.environ.setdefault("GRIMOIRE_HOME", tempfile.mkdtemp(prefix="grimoire-load-"))
    logs = Path(tempfile.mkdtemp(prefix="grimoire-load-logs-"))
    servers = {"mcp": ["serve", "mcp", "--http"], "web": ["serve", "web"]}
    callers = {"mcp": McpCaller, "web": WebCaller}
    chosen = list(servers) if args.surface == "both" else [args.surface]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    print(f"{cores} cores; {args.clients} clients x {args.calls} searches, {args.deck_clients} slow deck clients, "
          f"{args.open_calls} open-loop searches; server logs in {logs}", flush=True)
    results = []
    for workers in args.workers:
        count = workers or cores
        for surface in chosen:
            port = _free_port()
            command = [*servers[surface], "--workers", str(count)]
            process = _start(command, port, logs / f"{surface}-{count}.log")
            try:
                figures = anyio.run(_measure, surface, callers[surface](port), process, count, args)
                results.append(figures)
                print("\n".join(_report(figures, cores, args.clients)), flush=True)
            finally:
                _stop(process)
    if args.plot:
        _plot(results, args.clients, args.plot)
        print(f"plot: {args.plot}")
    if args.json:
        args.json.write_text(json.dumps([_json(f, cores, args.clients) for f in results], indent=1),
                             encoding="utf-8")


if __name__ == "__main__":
    main()
