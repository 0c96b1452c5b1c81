"""The default test suite's wall time in one process and on every core (pytest-xdist), measured back to back.

The house budget is under 10 minutes on 2 cores. Each run prints pytest's own progress; the figures come last,
with the load average before and after each run (the machine may be shared). Run:
``python benchmarks/suite_time.py [--plot suite_time.png] [-- PYTEST ARGS...]`` (default: the whole default suite).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = {"one process (-p no:xdist)": ["-p", "no:xdist"], "every core (pytest-xdist)": []}
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


@dataclass(frozen=True)
class Timing:
    label: str
    seconds: float
    load_before: float
    load_after: float
    exit_code: int


def _timed(label: str, options: list[str], pytest_args: list[str]) -> Timing:
    before = os.getloadavg()[0]
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options, *pytest_args],
                          cwd=ROOT)
    return Timing(label, time.perf_counter() - started, before, os.getloadavg()[0], done.returncode)


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{seconds % 60:04.1f}"


def _plot(timings: list[Timing], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 2.4))
    axes.barh([t.label for t in timings], [t.seconds / 60 for t in timings], color=["#888", "#2a7"])
    axes.axvline(10, color="#c33", linestyle="--", label="budget: 10 min")
    axes.set_xlabel(f"minutes on {CORES} cores")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plot", type=Path, help="also draw the two wall times as a bar chart (PNG)")
    parser.add_argument("pytest_args", nargs="*", help="after --: what pytest runs (default: the default suite)")
    args = parser.parse_args()
    timings = [_timed(label, options, args.pytest_args) for label, options in RUNS.items()]
    print(f"\n{'run':<28}{'wall':>9}  load average before -> after  result")
    for t in timings:
        result = "passed" if t.exit_code == 0 else f"exit {t.exit_code}"
        print(f"{t.label:<28}{_minutes(t.seconds):>9}  {t.load_before:>6.2f} -> {t.load_after:<19.2f}  {result}")
    print(f"speed-up: {timings[0].seconds / timings[1].seconds:.2f}x on {CORES} cores")
    if args.plot:
        _plot(timings, args.plot)
        print(f"chart: {args.plot}")


if __name__ == "__main__":
    main()
