"""Arena throughput: bot games per hour in one process and in parallel worker processes, side by side.

Plays the same set of deals (heuristic and random bots against the CPU and each other, on every deck) once with
one worker and once with ``--workers`` processes, and prints games per hour for each and the speed-up; then
bot-against-bot games alone (no CPU) in one process. With ``--baseline REV`` (repeatable) those bot games are
played by this tree's code and by the code at each git revision REV, one process each, taking turns game by
game, and every version's games per hour per core (from its CPU time, so other work on a shared machine counts
less) is printed with whether it played the same games as this tree. With ``--ray``, the first games once more
as Ray tasks on a local Ray instance with ``--workers`` CPUs.
Run: ``python benchmarks/arena_throughput.py [--games 8] [--workers 2] [--bot-games 12] [--baseline REV ...]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from io import BytesIO
from pathlib import Path

from tqdm import tqdm

import grimoire
from grimoire.bench.arena.decks import BATTLE_DECKS
from grimoire.bench.arena.executors import make_executor
from grimoire.bench.arena.league import candidates, deal_tasks, run_task
from grimoire.bench.arena.schedule import Candidate
from grimoire.bench.arena.version import harness_version

BOT_PAIRS = [Candidate(pair, BATTLE_DECKS, "battle") for pair in
             (("heuristic", "random"), ("heuristic", "heuristic#2"), ("random", "random#2"))]
FIRST_SEED = 500_000

# The worker that plays bot-against-bot games for one version of the code (whichever ``grimoire`` its
# PYTHONPATH finds). It uses only functions both versions have, reads a game number a line and answers with that
# game's CPU seconds, wall seconds and a digest of its actions.
_WORKER = """
import hashlib, json, sys, time
from grimoire.bench.arena.decks import BATTLE_DECKS
from grimoire.bench.arena.league import _table, deal_tasks, run_task
from grimoire.bench.arena.schedule import Candidate
pairs = [Candidate(pair, BATTLE_DECKS, "battle") for pair in json.loads(sys.argv[1])]
todo = []
for seed, candidate in enumerate(pairs * int(sys.argv[3]), start=int(sys.argv[2])):
    todo += deal_tasks(candidate, seed, "")
_table()
print("ready", flush=True)
for line in sys.stdin:
    cpu, wall = time.process_time(), time.monotonic()
    record = run_task(todo[int(line)])
    digest = hashlib.sha256(json.dumps(record["actions"], sort_keys=True).encode()).hexdigest()[:16]
    print(json.dumps({"cpu": time.process_time() - cpu, "wall": time.monotonic() - wall, "digest": digest,
                      "decisions": record["decisions"], "turns": record["turns"]}), flush=True)
"""


def tasks(games: int, pairings: list[Candidate] | None = None):
    version = harness_version()
    found = []
    pairings = pairings or candidates(["random", "heuristic", "cpu"])
    for seed, candidate in enumerate(pairings * games, start=FIRST_SEED):
        found += deal_tasks(candidate, seed, version)
        if len(found) >= games:
            return found[:games]
    return found


def games_per_hour(workers: int, games: int, pairings: list[Candidate] | None = None,
                   executor: str = "process") -> tuple[float, float]:
    todo = tasks(games, pairings)
    pool = ProcessPoolExecutor(max_workers=workers) if executor == "process" else make_executor("ray", workers=workers)
    started = time.monotonic()  # Ray's start-up is inside the timing, as a league pays it too
    with pool, tqdm(total=len(todo), desc=f"{workers} worker(s), {executor}", unit="game") as bar:
        decisions = 0
        for record in pool.map(run_task, todo):
            decisions += record["decisions"]
            bar.update(1)
    seconds = time.monotonic() - started
    return 3600 * len(todo) / seconds, decisions / seconds


def _source_at(revision: str, into: Path) -> Path:
    """The ``src`` folder of this repository at ``revision``, unpacked under ``into``."""
    root = Path(__file__).resolve().parents[1]
    archive = subprocess.run(["git", "-C", str(root), "archive", revision, "src"], check=True, capture_output=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _start_worker(source: Path, games: int) -> subprocess.Popen:
    pairs = json.dumps([list(c.players) for c in BOT_PAIRS])
    env = {**os.environ, "PYTHONPATH": str(source)}
    worker = subprocess.Popen([sys.executable, "-c", _WORKER, pairs, str(FIRST_SEED), str(games)], env=env,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    if worker.stdout.readline().strip() != "ready":
        raise RuntimeError(f"the worker for {source} did not start")
    return worker


def side_by_side(revisions: list[str], games: int) -> None:
    """Bot-against-bot games played by the code at each revision and by this tree's, game by game in turn."""
    with tempfile.TemporaryDirectory() as folder:
        sources = {revision: _source_at(revision, Path(folder) / str(n)) for n, revision in enumerate(revisions)}
        sources["this tree"] = Path(grimoire.__file__).parents[1]
        workers = {name: _start_worker(source, games) for name, source in sources.items()}
        results: dict[str, list[dict]] = {name: [] for name in workers}
        for number in tqdm(range(games), desc=f"bot games, {len(workers)} versions", unit="game"):
            for name, worker in workers.items():
                worker.stdin.write(f"{number}\n")
                worker.stdin.flush()
                results[name].append(json.loads(worker.stdout.readline()))
        for worker in workers.values():
            worker.stdin.close()
            worker.wait()
    ours = results["this tree"]
    for name, played in results.items():
        cpu, wall = sum(r["cpu"] for r in played), sum(r["wall"] for r in played)
        same = "" if name == "this tree" else (", the same games as this tree" if [r["digest"] for r in played] ==
                                              [r["digest"] for r in ours] else ", other games than this tree")
        print(f"bot against bot, {name:>12}: {3600 * games / cpu:6.0f} games/hour per core (CPU time), "
              f"{3600 * games / wall:6.0f} by the clock, {sum(r['decisions'] for r in played) / cpu:.0f} "
              f"decisions per CPU second{same}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot-games", type=int, default=12, help="bot-against-bot games for the per-core figure")
    parser.add_argument("--baseline", metavar="REV", action="append", default=[],
                        help="also play the bot games with the code at git revision REV (repeatable)")
    parser.add_argument("--skip-pool", action="store_true", help="only the bot-against-bot figures")
    parser.add_argument("--ray", action="store_true", help="also play the games as Ray tasks (the ray extra)")
    args = parser.parse_args()
    if not args.skip_pool:
        serial, serial_decisions = games_per_hour(1, args.games)
        parallel, parallel_decisions = games_per_hour(args.workers, args.games)
        print(f"1 worker:  {serial:6.0f} games/hour ({serial_decisions:.0f} decisions/s)")
        print(f"{args.workers} workers: {parallel:6.0f} games/hour ({parallel_decisions:.0f} decisions/s)")
        print(f"speed-up: {parallel / serial:.2f}x on the same {args.games} games")
    if args.baseline:
        side_by_side(args.baseline, args.bot_games)
    else:
        bots, bot_decisions = games_per_hour(1, args.bot_games, BOT_PAIRS)
        print(f"bot against bot (no CPU), 1 worker: {bots:6.0f} games/hour ({bot_decisions:.0f} decisions/s)")
    if args.ray and not args.skip_pool:
        on_ray, ray_decisions = games_per_hour(args.workers, args.games, executor="ray")
        print(f"{args.workers} Ray CPUs: {on_ray:6.0f} games/hour ({ray_decisions:.0f} decisions/s), "
              f"{on_ray / parallel:.2f}x the local pool")


if __name__ == "__main__":
    main()
