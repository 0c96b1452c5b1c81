"""Arena throughput: bot games per hour in one process and in parallel worker processes, side by side.

Plays the same set of deals (heuristic and random bots against the CPU and each other, on every deck) once with
one worker and once with ``--workers`` processes, and prints games per hour for each and the speed-up; then
bot-against-bot games alone (no CPU) in one process, as games per hour per core; with ``--ray``, the first games
once more as Ray tasks on a local Ray instance with ``--workers`` CPUs.
Run: ``python benchmarks/arena_throughput.py [--games 8] [--workers 2] [--ray]``.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from tqdm import tqdm

from grimoire.bench.arena.decks import BATTLE_DECKS
from grimoire.bench.arena.executors import make_executor
from grimoire.bench.arena.league import candidates, deal_tasks, run_task
from grimoire.bench.arena.schedule import Candidate
from grimoire.bench.arena.version import harness_version

BOT_PAIRS = [Candidate(pair, BATTLE_DECKS, "battle") for pair in
             (("heuristic", "random"), ("heuristic", "heuristic#2"), ("random", "random#2"))]


def tasks(games: int, pairings: list[Candidate] | None = None):
    version = harness_version()
    found = []
    pairings = pairings or candidates(["random", "heuristic", "cpu"])
    for seed, candidate in enumerate(pairings * games, start=500_000):
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray", action="store_true", help="also play the games as Ray tasks (the ray extra)")
    args = parser.parse_args()
    serial, serial_decisions = games_per_hour(1, args.games)
    parallel, parallel_decisions = games_per_hour(args.workers, args.games)
    print(f"1 worker:  {serial:6.0f} games/hour ({serial_decisions:.0f} decisions/s)")
    print(f"{args.workers} workers: {parallel:6.0f} games/hour ({parallel_decisions:.0f} decisions/s)")
    print(f"speed-up: {parallel / serial:.2f}x on the same {args.games} games")
    bots, bot_decisions = games_per_hour(1, args.games, BOT_PAIRS)
    print(f"bot against bot (no CPU), 1 worker: {bots:6.0f} games/hour per core ({bot_decisions:.0f} decisions/s)")
    if args.ray:
        on_ray, ray_decisions = games_per_hour(args.workers, args.games, executor="ray")
        print(f"{args.workers} Ray CPUs: {on_ray:6.0f} games/hour ({ray_decisions:.0f} decisions/s), "
              f"{on_ray / parallel:.2f}x the local pool")


if __name__ == "__main__":
    main()
