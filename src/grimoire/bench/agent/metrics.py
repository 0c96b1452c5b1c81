"""Scores of the agent search tasks: P@10 for deck and attribute tasks, found-or-not for known-card tasks,
and a summary table shaped like the seed's, with bootstrap 95% intervals.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from grimoire.bench.common import bootstrap_interval, paired_difference

CUTOFF = 10
COLUMNS = ("deck+attr", "deck", "attr", "known", "tokens", "cost")


def precision_at_10(ranked_rows: Sequence[int], relevant: Collection[int], cutoff: int = CUTOFF) -> float:
    """Share of the first ``cutoff`` cards of the deduplicated list that are relevant; empty slots are misses."""
    top = list(dict.fromkeys(ranked_rows))[:cutoff]
    return sum(row in relevant for row in top) / cutoff


def found_in_list(ranked_rows: Sequence[int], target: int | None) -> bool:
    """Whether the one card of a known task is anywhere in the final list."""
    return target is not None and target in ranked_rows


@dataclass(frozen=True)
class TaskScore:
    """One episode's score: P@10 (deck, attr) or 1.0/0.0 for found (known), with its token use and cost."""

    task_id: str
    kind: str
    value: float
    tokens: int = 0
    cost: float = 0.0


def score_task(task, ranked_rows: Sequence[int], relevant: Mapping[int, int] | Collection[int], *,
               tokens: int = 0, cost: float = 0.0) -> TaskScore:
    """Score one episode of an :class:`~grimoire.bench.agent.dataset.AgentTask` against its qrels."""
    value = float(found_in_list(ranked_rows, task.target)) if task.kind == "known" \
        else precision_at_10(ranked_rows, relevant)
    return TaskScore(task_id=task.id, kind=task.kind, value=value, tokens=tokens, cost=cost)


def summarize(results: Sequence[TaskScore], *, seed: int = 0) -> dict[str, tuple[float, float, float, int]]:
    """Column -> (mean, low, high, count): P@10 over deck+attr, deck and attr, found over known, and tokens and
    cost per task over every task; intervals are percentile bootstraps over tasks."""
    groups = {
        "deck+attr": [r.value for r in results if r.kind in ("deck", "attr")],
        "deck": [r.value for r in results if r.kind == "deck"],
        "attr": [r.value for r in results if r.kind == "attr"],
        "known": [r.value for r in results if r.kind == "known"],
        "tokens": [float(r.tokens) for r in results],
        "cost": [float(r.cost) for r in results],
    }
    return {column: (*bootstrap_interval(values, seed=seed), len(values)) for column, values in groups.items()}


def _cell(column: str, mean: float, low: float, high: float, count: int) -> str:
    if not count:
        return "—"
    if column == "tokens":
        return f"{mean / 1000:.1f}k [{low / 1000:.1f}, {high / 1000:.1f}]"
    if column == "cost":
        return f"${mean:.3f} [{low:.3f}, {high:.3f}]"
    return f"{mean:.3f} [{low:.3f}, {high:.3f}]"


def format_table(summaries: Mapping[str, Mapping[str, tuple[float, float, float, int]]]) -> str:
    """System × column table (one row per agent, tools and prompt), like the seed's agent results table."""
    if not summaries:
        return "no results"
    first = next(iter(summaries.values()))
    headers = {"deck+attr": f"P@10 deck+attr ({first['deck+attr'][3]})", "deck": f"deck ({first['deck'][3]})",
               "attr": f"attr ({first['attr'][3]})", "known": f"found ({first['known'][3]})",
               "tokens": "tokens / task", "cost": "cost / task"}
    width = max(24, *(len(name) for name in summaries))
    cells = {name: [_cell(c, *summary[c]) for c in COLUMNS] for name, summary in summaries.items()}
    widths = [max(len(headers[c]), *(len(row[i]) for row in cells.values())) + 2 for i, c in enumerate(COLUMNS)]
    header = f"{'system':<{width}}" + "".join(f"{headers[c]:>{w}}" for c, w in zip(COLUMNS, widths, strict=True))
    lines = [header, "-" * len(header)]
    for name, row in cells.items():
        lines.append(f"{name:<{width}}" + "".join(f"{c:>{w}}" for c, w in zip(row, widths, strict=True)))
    lines.append("\nmean [95% bootstrap interval over tasks]; P@10 and found use the qrels "
                 "(list cards plus graded cards)")
    return "\n".join(lines)


def per_task(results: Sequence[TaskScore]) -> dict[str, dict[str, float | str]]:
    """task id -> its kind and its mean score over the run's epochs (what paired differences compare)."""
    values: dict[str, list[float]] = {}
    kinds: dict[str, str] = {}
    for result in results:
        values.setdefault(result.task_id, []).append(result.value)
        kinds[result.task_id] = result.kind
    return {task_id: {"kind": kinds[task_id], "value": sum(v) / len(v)} for task_id, v in values.items()}


PAIRED_COLUMNS = {"deck+attr": ("deck", "attr"), "known": ("known",)}


def paired_differences(runs: Sequence[Mapping], *, seed: int = 0) -> list[dict]:
    """Every run against every other on the tasks both ran: the mean per-task difference of P@10 (deck+attr) and
    of found (known), with a bootstrap interval over tasks. ``runs`` are summary entries with ``per_task``."""
    rows = []
    for index, run in enumerate(runs):
        for other in runs[index + 1:]:
            for column, kinds in PAIRED_COLUMNS.items():
                mine, theirs = run.get("per_task") or {}, other.get("per_task") or {}
                common = sorted(t for t in set(mine) & set(theirs) if mine[t]["kind"] in kinds)
                if not common:
                    continue
                mean, low, high = paired_difference([mine[t]["value"] for t in common],
                                                    [theirs[t]["value"] for t in common], seed=seed)
                rows.append({"system": run["label"], "reference": other["label"], "column": column,
                             "mean": mean, "low": low, "high": high, "n": len(common)})
    return rows


def format_paired(rows: Sequence[Mapping]) -> str:
    """The paired differences as text lines: system − reference, column, mean [95% CI], tasks."""
    if not rows:
        return "paired differences: no two runs share tasks yet"
    lines = ["paired differences (system − reference, mean over shared tasks [95% bootstrap interval]):"]
    for row in rows:
        lines.append(f"  {row['system']} − {row['reference']}, {row['column']}: {row['mean']:+.3f} "
                     f"[{row['low']:+.3f}, {row['high']:+.3f}] over {row['n']} tasks")
    return "\n".join(lines)
