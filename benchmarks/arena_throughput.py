"""Arena throughput: bot games per hour in one process and in parallel worker processes, side by side.

Plays the same set of deals (heuristic and random bots against the CPU and each other, on every deck) once with
one worker and once with ``--workers`` processes, and with ``--ray`` once more as Ray tasks on a local Ray instance
with ``--workers`` CPUs; prints games per hour for each and the speed-up.
Run: ``python benchmarks/arena_throughput.py [--games 8] [--workers 2] [--ray]``.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from tqdm import tqdm

from grimoire.bench.arena.executors import make_executor
from grimoire.bench.arena.league import candidates, deal_tasks, run_task
from grimoire.bench.arena.version import harness_version


def tasks(games: int):
    version = harness_version()
    found = []
    for seed, candidate in enumerate(candidates(["random", "heuristic", "cpu"]) * games, start=500_000):
        found += deal_tasks(candidate, seed, version)
        if len(found) >= games:
            return found[:games]
    return found


def games_per_hour(workers: int, games: int, executor: str = "process") -> tuple[float, float]:
    todo = tasks(games)
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
    if args.ray:
        on_ray, ray_decisions = games_per_hour(args.workers, args.games, "ray")
        print(f"{args.workers} Ray CPUs: {on_ray:6.0f} games/hour ({ray_decisions:.0f} decisions/s), "
              f"{on_ray / parallel:.2f}x the local pool")


if __name__ == "__main__":
    main()
