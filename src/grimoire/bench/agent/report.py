"""The agent benchmark's dashboard files: ``agent_summary.json`` (one entry per run label, merged across runs)
and ``agent_p10.png`` (P@10 on deck+attr tasks per run, with 95% interval whiskers).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path

from grimoire.bench.agent.metrics import COLUMNS, paired_differences

SUMMARY_NAME = "agent_summary.json"
CHART_NAME = "agent_p10.png"


def _number(value: float) -> float | None:
    """JSON has no NaN: an unknown value (e.g. the cost of an unpriced model) becomes null."""
    value = float(value)
    return None if math.isnan(value) else value


def run_entry(label: str, summary: Mapping[str, tuple[float, float, float, int]], *, ungraded: int = 0,
              tasks: Mapping[str, Mapping] | None = None) -> dict:
    """One run's entry: its label, whether it is provisional (returned cards left ungraded), its columns and its
    per-task scores (``metrics.per_task``, for paired differences with other runs)."""
    return {"label": label, "provisional": ungraded > 0, "ungraded": ungraded,
            "summary": {column: {"mean": _number(mean), "low": _number(low), "high": _number(high), "n": int(n)}
                        for column, (mean, low, high, n) in summary.items() if column in COLUMNS},
            "per_task": dict(tasks or {})}


def write_agent_summary(entry: dict, folder: str | Path) -> tuple[Path, Path]:
    """Merge ``entry`` into ``folder/agent_summary.json`` (replacing the run with the same label), recompute the
    paired differences between every two runs in it, then redraw ``folder/agent_p10.png``. Returns both paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / SUMMARY_NAME
    runs: list[dict] = []
    if path.is_file():
        try:
            runs = list(json.loads(path.read_text(encoding="utf-8")).get("runs", []))
        except (ValueError, AttributeError):
            runs = []
    replaced = False
    for index, run in enumerate(runs):
        if run.get("label") == entry["label"]:
            runs[index] = entry
            replaced = True
    if not replaced:
        runs.append(entry)
    paired = [{k: _number(v) if k in ("mean", "low", "high") else v for k, v in row.items()}
              for row in paired_differences(runs)]
    path.write_text(json.dumps({"runs": runs, "paired": paired}, indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")
    return path, plot_p10(runs, folder / CHART_NAME)


def read_paired(path: str | Path) -> list[dict]:
    """The paired differences stored in an ``agent_summary.json``."""
    return list(json.loads(Path(path).read_text(encoding="utf-8")).get("paired", []))


def plot_p10(runs: list[dict], path: str | Path) -> Path:
    """Bar chart of P@10 (deck+attr) per run label with 95% interval whiskers (provisional runs hatched)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cells = [run["summary"].get("deck+attr") or {} for run in runs]
    means = [c.get("mean") or 0.0 for c in cells]
    pairs = list(zip(means, cells, strict=True))
    lower = [max(0.0, m - (c["low"] if c.get("low") is not None else m)) for m, c in pairs]
    upper = [max(0.0, (c["high"] if c.get("high") is not None else m) - m) for m, c in pairs]
    fig, ax = plt.subplots(figsize=(max(6, 1.6 * len(runs) + 2), 4.2))
    bars = ax.bar(range(len(runs)), means, 0.6, yerr=[lower, upper], capsize=3)
    for bar, run in zip(bars, runs, strict=True):
        if run.get("provisional"):
            bar.set_hatch("//")
            bar.set_alpha(0.6)
    ax.set_xticks(range(len(runs)),
                  [run["label"] + ("\n(provisional)" if run.get("provisional") else "") for run in runs], fontsize=8)
    ax.set_xlim(-0.5 - 0.4 * (len(runs) < 3), len(runs) - 0.5 + 0.4 * (len(runs) < 3))
    ax.set_ylabel("P@10, deck+attr tasks")
    ax.set_ylim(0, 1)
    ax.set_title("Agent search tasks")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
