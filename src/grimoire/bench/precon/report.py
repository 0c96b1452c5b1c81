"""The precon benchmark's report: a Markdown table of systems by split (with bootstrap intervals), a bar chart
with interval whiskers, and JSON of every episode's scores so a run can be re-read without re-scoring.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from grimoire.bench.precon.scorer import EpisodeScore, Interval, PairedRow, SummaryRow

TABLE_COLUMNS: dict[str, str] = {
    "add_score": "add score",
    "cut_score": "cut score",
    "add_score_syn": "add score (gain_syn)",
    "add_hits_at_10": "add hits@10",
    "cut_hits_at_10": "cut hits@10",
    "add_invalid": "add invalid",
    "cut_invalid": "cut invalid",
    "deck_fit": "deck-fit",
}
CHART_METRICS = ("add_score", "cut_score", "add_score_syn")
SPLIT_ORDER = ("train", "dev", "gap", "test")


def format_interval(interval: Interval, digits: int = 3) -> str:
    if math.isnan(interval.mean):
        return "–"
    return f"{interval.mean:.{digits}f} [{interval.low:.{digits}f}, {interval.high:.{digits}f}]"


def _split_key(row: SummaryRow) -> tuple:
    rank = SPLIT_ORDER.index(row.split) if row.split in SPLIT_ORDER else len(SPLIT_ORDER)
    return (rank, row.split, row.system, row.slice != "all", row.slice, row.value)


def summary_table(rows: Sequence[SummaryRow], *, slices: bool = False,
                  columns: dict[str, str] = TABLE_COLUMNS) -> str:
    """A Markdown table, one line per (split, system): means with 95% bootstrap intervals and the number of
    episodes. With ``slices``, the slice lines (n_colors, is_universes_beyond, ...) follow each system's line."""
    chosen = sorted((r for r in rows if slices or r.slice == "all"), key=_split_key)
    header = ["split", "system", "slice", "n", *columns.values()]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in chosen:
        n = max((interval.n for interval in row.metrics.values()), default=0)
        label = "all" if row.slice == "all" else f"{row.slice}={row.value}"
        cells = [row.split, row.system, label, str(n),
                 *(format_interval(row.metrics[m]) if m in row.metrics else "–" for m in columns)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def paired_table(rows: Sequence[PairedRow]) -> str:
    """A Markdown table of paired differences (system minus reference) with 95% bootstrap intervals over precons;
    an interval that excludes 0 is a difference the benchmark can see."""
    if not rows:
        return "No two systems ran the same precons: nothing to pair.\n"
    ordered = sorted(rows, key=lambda r: (SPLIT_ORDER.index(r.split) if r.split in SPLIT_ORDER else 9, r.split,
                                          r.metric, r.system, r.reference))
    lines = ["| split | metric | system − reference | n | difference [95% CI] |", "|---|---|---|---|---|"]
    for row in ordered:
        name = TABLE_COLUMNS.get(row.metric, row.metric)
        lines.append(f"| {row.split} | {name} | {row.system} − {row.reference} | {row.difference.n} | "
                     f"{format_interval(row.difference)} |")
    return "\n".join(lines) + "\n"


def plot_summary(rows: Sequence[SummaryRow], path: str | Path, *,
                 metrics: Sequence[str] = CHART_METRICS) -> Path:
    """A PNG of grouped bars (one group per split and metric, one bar per system) with interval whiskers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    overall = sorted((r for r in rows if r.slice == "all"), key=_split_key)
    systems = sorted({r.system for r in overall})
    splits = list(dict.fromkeys(r.split for r in overall))
    by_key = {(r.split, r.system): r for r in overall}
    groups = [(split, metric) for split in splits for metric in metrics]
    width = 0.8 / max(len(systems), 1)
    figure, axes = plt.subplots(figsize=(max(6.0, 1.2 * len(groups) + 2), 4.5))
    for index, system in enumerate(systems):
        means, lower, upper = [], [], []
        for split, metric in groups:
            row = by_key.get((split, system))
            interval = row.metrics.get(metric) if row else None
            if interval is None or math.isnan(interval.mean):
                means.append(0.0)
                lower.append(0.0)
                upper.append(0.0)
                continue
            means.append(interval.mean)
            lower.append(interval.mean - interval.low)
            upper.append(interval.high - interval.mean)
        positions = [g + (index - (len(systems) - 1) / 2) * width for g in range(len(groups))]
        axes.bar(positions, means, width, yerr=[lower, upper], capsize=3, label=system)
    axes.set_xticks(range(len(groups)))
    axes.set_xticklabels([f"{split}\n{TABLE_COLUMNS.get(metric, metric)}" for split, metric in groups], fontsize=8)
    axes.set_ylabel("normalised gain (95% bootstrap CI)")
    axes.set_title("Commander precon cut/add benchmark")
    if systems:
        axes.legend(fontsize=8)
    figure.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def _finite(value):
    """JSON has no NaN: unscorable values become null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


@dataclass(frozen=True)
class ReportFiles:
    table: Path
    chart: Path
    episodes: Path
    summary: Path


def write_report(scores: Sequence[EpisodeScore], rows: Sequence[SummaryRow], folder: str | Path,
                 paired: Sequence[PairedRow] = ()) -> ReportFiles:
    """Write ``report.md`` (overall table, paired differences, then slices), ``report.png``, ``episodes.json``
    (per-episode scores with every pick's verdict) and ``summary.json`` (every metric of every row) into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    table = folder / "report.md"
    table.write_text("# Commander precon cut/add benchmark\n\n" + summary_table(rows) +
                     "\n## Paired differences\n\n" + paired_table(paired) +
                     "\n## Slices\n\n" + summary_table(rows, slices=True), encoding="utf-8")
    chart = plot_summary(rows, folder / "report.png")
    episodes = folder / "episodes.json"
    episodes.write_text(json.dumps(_finite([s.to_dict() for s in scores]), indent=1), encoding="utf-8")
    summary = folder / "summary.json"
    summary.write_text(json.dumps(_finite([asdict(r) for r in rows]), indent=1), encoding="utf-8")
    return ReportFiles(table, chart, episodes, summary)
