"""Arena replay speed: how long the replay viewer takes to open a stored game and to show its steps, beside the
time the game took to play.

Plays one seeded bot battle (random against heuristic by default: their games run long), then times, on that
record: opening it (one pass over every action), showing each step in order (what "next" costs), and jumping back
to an early step and forward again uncached (what a jump costs: the engine restarts from the deal).
Run: ``python benchmarks/arena_replay.py [--players random heuristic] [--seed 3] [--max-turns 40]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from tqdm import tqdm

import grimoire
from grimoire.bench.arena.league import GameTask, run_task
from grimoire.bench.arena.play import GameRecord
from grimoire.bench.arena.replay import ReplayLibrary
from grimoire.bench.arena.version import harness_version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--players", nargs=2, default=["random", "heuristic"])
    parser.add_argument("--decks", nargs=2, default=["delver", "jeskai"])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--max-turns", type=int, default=40)
    args = parser.parse_args()
    task = GameTask("bench-replay", tuple(args.players), tuple(args.decks), args.seed, 0, "battle", harness_version(),
                    max_turns=args.max_turns)
    started = time.perf_counter()
    record = GameRecord.from_dict(run_task(task))
    played = time.perf_counter() - started
    library = ReplayLibrary(Path("arena-league"), grimoire.open())  # open() replays a record: no folder is read
    library.open(record)  # engine card data built once, as a server does on its first game
    started = time.perf_counter()
    replay = library.open(record)
    opened = time.perf_counter() - started
    steps = []
    for number in tqdm(range(replay.steps), desc="steps", unit="step"):
        started = time.perf_counter()
        replay.step(number)
        steps.append(time.perf_counter() - started)
    fresh = library.open(record)
    fresh.step(replay.steps - 1)
    started = time.perf_counter()
    fresh.step(min(10, replay.steps - 1))
    jump = time.perf_counter() - started
    print(f"game: {' vs '.join(args.players)} on {' vs '.join(args.decks)}, seed {args.seed}: {record.turns} turns, "
          f"{len(record.actions)} steps, played in {played:.1f} s")
    print(f"open (index pass):          {opened:.2f} s")
    print(f"next step, mean / p95 / max: {1000 * statistics.mean(steps):.0f} / "
          f"{1000 * sorted(steps)[int(0.95 * (len(steps) - 1))]:.0f} / {1000 * max(steps):.0f} ms")
    print(f"jump back from the end to step 10 (uncached): {jump:.2f} s")


if __name__ == "__main__":
    main()
