"""Cold-load benchmark: a new Python process imports grimoire and opens the bundled snapshot.

Prints min / median / max wall seconds over N runs (target: <= 1 s on 2 cores) and the snapshot's size.
Usage: python benchmarks/cold_load.py [RUNS]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from grimoire.cards.home import bundled_store_dir

OPEN = "import grimoire; db = grimoire.open(); db.named('Lightning Bolt')"
BARE = "pass"


def timed(code: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs + 1):  # the first run warms the file cache and is not counted
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env={"GRIMOIRE_HOME": "/nonexistent-grimoire-home"})
        times.append(time.perf_counter() - start)
    return times[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=10,
                        help="timed runs of each process, after one warm-up run (default 10)")
    runs = parser.parse_args().runs
    bare, opened = timed(BARE, runs), timed(OPEN, runs)
    size = sum(p.stat().st_size for p in bundled_store_dir().iterdir())
    print(f"snapshot size: {size / 1e6:.2f} MB (target <= 10 MB)")
    for label, values in (("python -c pass", bare), ("import + open + lookup", opened)):
        print(f"{label:<24} min {min(values):.3f}  median {statistics.median(values):.3f}  max {max(values):.3f} s")
    extra = [o - b for o, b in zip(opened, bare, strict=True)]
    print(f"{'grimoire cost':<24} median {statistics.median(extra):.3f} s (target <= 1 s)")


if __name__ == "__main__":
    main()
