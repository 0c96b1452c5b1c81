"""Load on the servers: throughput, p50/p95 and server memory for many concurrent clients, beside one client.

Starts ``grimoire serve mcp --http`` and ``grimoire serve web`` on 127.0.0.1 (free ports; all traffic stays on
this machine), waits for their warm-up, then for each server measures, in one run:

* one client making ``--single`` searches one after another (throughput and p50/p95 per call);
* ``--clients`` clients (default 50) making ``--calls`` searches each (default 20) all at once, while
  ``--deck-clients`` more (default 2) keep sending a slow request: a 150-line deck of unknown names;
* the server's RSS after warm-up and after the load.

Goals (issue #18): throughput at 50 clients >= 80% of cores x single-client throughput; p95 at 50 clients <=
10 x single-client p50; RSS growth < 50 MB. Figures are noisy on a shared machine: run it on a quiet one.
Run: ``python benchmarks/load.py [--clients 50 --calls 20] [--plot load.png]``.
"""

from __future__ import annotations

import argparse
import json
import os
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
from mcp import Client

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
REQUEST_TIMEOUT_S = 120.0


@dataclass
class Phase:
    """Latencies (seconds) of one phase and how long it took as a whole."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    elapsed: float = 0.0
    first_errors: list[str] = field(default_factory=list)

    def throughput(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if ordered else float("nan")


@dataclass
class Figures:
    surface: str
    single: Phase
    loaded: Phase
    slow: Phase
    rss_before_mb: float
    rss_after_mb: float


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


def _rss_mb(process: subprocess.Popen) -> float:
    return psutil.Process(process.pid).memory_info().rss / 2**20


class McpCaller:
    """One MCP client session over streamable HTTP."""

    def __init__(self, port: int):
        self.url = f"http://127.0.0.1:{port}/mcp"

    def session(self):
        return Client(self.url, read_timeout_seconds=REQUEST_TIMEOUT_S)

    @staticmethod
    async def search(client, arguments: dict) -> str | None:
        result = await client.call_tool("search_cards", arguments)
        return result.content[0].text if result.is_error else None

    @staticmethod
    async def slow(client) -> str | None:
        result = await client.call_tool("get_deck", {"deck": SLOW_DECK})
        text = result.content[0].text
        return None if result.is_error and "no cards found" in text else text  # that error is the answer


class WebCaller:
    """One HTTP client of the web API."""

    def __init__(self, port: int):
        self.base = f"http://127.0.0.1:{port}"

    def session(self):
        return httpx.AsyncClient(base_url=self.base, timeout=REQUEST_TIMEOUT_S)

    @staticmethod
    async def search(client, arguments: dict) -> str | None:
        params: dict = {"q": " ".join(arguments["queries"])}
        for key, name in (("color_identity", "id"), ("format", "format"), ("mana_value_max", "mv_max")):
            if key in arguments:
                params[name] = arguments[key]
        if "types" in arguments:
            params["type"] = arguments["types"]
        if "roles" in arguments:
            params["role"] = arguments["roles"]
        answer = await client.get("/api/search", params=params)
        return None if answer.status_code == 200 else f"HTTP {answer.status_code}: {answer.text[:200]}"

    @staticmethod
    async def slow(client) -> str | None:
        answer = await client.post("/api/deck/check", json={"text": SLOW_DECK})
        return None if answer.status_code == 200 else f"HTTP {answer.status_code}: {answer.text[:200]}"


async def _timed(phase: Phase, call) -> None:
    start = time.perf_counter()
    try:
        error = await call()
    except Exception as exc:  # noqa: BLE001 - a failed call is counted, the benchmark goes on
        error = f"{type(exc).__name__}: {exc}"
    phase.latencies.append(time.perf_counter() - start)
    if error is not None:
        phase.errors += 1
        if len(phase.first_errors) < 3:
            phase.first_errors.append(error[:200])


async def _single(caller, calls: int) -> Phase:
    phase = Phase()
    async with caller.session() as client:
        start = time.perf_counter()
        for index in range(calls):
            await _timed(phase, lambda i=index: caller.search(client, SEARCHES[i % len(SEARCHES)]))
        phase.elapsed = time.perf_counter() - start
    return phase


async def _loaded(caller, clients: int, calls: int, deck_clients: int) -> tuple[Phase, Phase]:
    loaded, slow = Phase(), Phase()
    done = anyio.Event()

    async def searcher(offset: int) -> None:
        async with caller.session() as client:
            for index in range(calls):
                await _timed(loaded, lambda i=index: caller.search(client, SEARCHES[(offset + i) % len(SEARCHES)]))

    async def decker() -> None:
        async with caller.session() as client:
            while not done.is_set():
                await _timed(slow, lambda: caller.slow(client))

    async with anyio.create_task_group() as group:
        for _ in range(deck_clients):
            group.start_soon(decker)
        start = time.perf_counter()
        async with anyio.create_task_group() as searchers:
            for offset in range(clients):
                searchers.start_soon(searcher, offset)
        loaded.elapsed = time.perf_counter() - start
        done.set()
    slow.elapsed = loaded.elapsed
    return loaded, slow


async def _measure(surface: str, caller, process: subprocess.Popen, args: argparse.Namespace) -> Figures:
    warm = Phase()
    async with caller.session() as client:  # the first call waits for the server's warm-up
        for arguments in SEARCHES:
            await _timed(warm, lambda a=arguments: caller.search(client, a))
    rss_before = _rss_mb(process)
    single = await _single(caller, args.single)
    loaded, slow = await _loaded(caller, args.clients, args.calls, args.deck_clients)
    return Figures(surface, single, loaded, slow, rss_before, _rss_mb(process))


def _report(figures: Figures, cores: int, clients: int) -> list[str]:
    single, loaded, slow = figures.single, figures.loaded, figures.slow
    goal_throughput = 0.8 * cores * single.throughput()
    goal_p95 = 10 * single.percentile(0.5)
    growth = figures.rss_after_mb - figures.rss_before_mb
    lines = [
        f"{figures.surface}",
        f"  1 client : {single.throughput():7.1f} q/s  p50 {1000 * single.percentile(0.5):7.1f} ms  "
        f"p95 {1000 * single.percentile(0.95):7.1f} ms  ({len(single.latencies)} calls, {single.errors} errors)",
        f"  {clients} clients: {loaded.throughput():7.1f} q/s  p50 {1000 * loaded.percentile(0.5):7.1f} ms  "
        f"p95 {1000 * loaded.percentile(0.95):7.1f} ms  ({len(loaded.latencies)} calls, {loaded.errors} errors)",
        f"  slow deck requests alongside: {len(slow.latencies)} answered, p50 {1000 * slow.percentile(0.5):.0f} ms, "
        f"{slow.errors} errors",
        *(f"  error: {message}" for message in loaded.first_errors + slow.first_errors),
        f"  RSS {figures.rss_before_mb:.0f} MB -> {figures.rss_after_mb:.0f} MB ({growth:+.0f} MB)",
        f"  goal throughput >= {goal_throughput:.1f} q/s (80% x {cores} cores x 1 client): "
        f"{'met' if loaded.throughput() >= goal_throughput else 'MISSED'}",
        f"  goal p95 <= {1000 * goal_p95:.0f} ms (10 x 1-client p50): "
        f"{'met' if loaded.percentile(0.95) <= goal_p95 else 'MISSED'}",
        f"  goal RSS growth < 50 MB: {'met' if growth < 50 else 'MISSED'}",
    ]
    return lines


def _plot(all_figures: list[Figures], clients: int, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.6))
    labels = [f.surface for f in all_figures]
    positions = range(len(labels))
    width = 0.38
    left.bar([p - width / 2 for p in positions], [f.single.throughput() for f in all_figures], width, label="1 client")
    left.bar([p + width / 2 for p in positions], [f.loaded.throughput() for f in all_figures], width,
             label=f"{clients} clients")
    left.set_xticks(list(positions), labels)
    left.set_ylabel("searches per second")
    left.legend()
    for offset, (name, phase_of) in enumerate((("1 client", lambda f: f.single),
                                               (f"{clients} clients", lambda f: f.loaded))):
        right.bar([p + (offset - 0.5) * width for p in positions],
                  [1000 * phase_of(f).percentile(0.95) for f in all_figures], width, label=f"p95, {name}")
    right.set_xticks(list(positions), labels)
    right.set_ylabel("ms")
    right.set_yscale("log")
    right.legend()
    fig.suptitle("Grimoire servers under load (127.0.0.1)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--calls", type=int, default=20, help="searches per client under load (default 20)")
    parser.add_argument("--single", type=int, default=60, help="searches by the lone client (default 60)")
    parser.add_argument("--deck-clients", type=int, default=2, help="clients sending slow decks meanwhile")
    parser.add_argument("--surface", choices=("mcp", "web", "both"), default="both")
    parser.add_argument("--plot", type=Path, help="write a PNG of the figures here")
    parser.add_argument("--json", type=Path, help="write the figures as JSON here")
    args = parser.parse_args()
    os.environ.setdefault("GRIMOIRE_HOME", tempfile.mkdtemp(prefix="grimoire-load-"))
    logs = Path(tempfile.mkdtemp(prefix="grimoire-load-logs-"))
    servers = {"mcp": (["serve", "mcp", "--http"], McpCaller), "web": (["serve", "web"], WebCaller)}
    chosen = list(servers) if args.surface == "both" else [args.surface]
    cores = os.cpu_count() or 1
    print(f"{cores} cores; {args.clients} clients x {args.calls} searches, {args.deck_clients} slow deck clients; "
          f"server logs in {logs}")
    results = []
    for surface in chosen:
        command, caller_type = servers[surface]
        port = _free_port()
        process = _start(command, port, logs / f"{surface}.log")
        try:
            figures = anyio.run(_measure, surface, caller_type(port), process, args)
            results.append(figures)
            print("\n".join(_report(figures, cores, args.clients)), flush=True)
        finally:
            _stop(process)
    if args.plot:
        _plot(results, args.clients, args.plot)
        print(f"plot: {args.plot}")
    if args.json:
        args.json.write_text(json.dumps([{
            "surface": f.surface, "cores": cores, "clients": args.clients,
            "single": {"qps": f.single.throughput(), "p50_ms": 1000 * f.single.percentile(0.5),
                       "p95_ms": 1000 * f.single.percentile(0.95)},
            "loaded": {"qps": f.loaded.throughput(), "p50_ms": 1000 * f.loaded.percentile(0.5),
                       "p95_ms": 1000 * f.loaded.percentile(0.95), "errors": f.loaded.errors},
            "rss_mb": [f.rss_before_mb, f.rss_after_mb]} for f in results], indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
