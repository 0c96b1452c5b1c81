"""Runs engines over query sets and scores them: per-query nDCG@10, per-set means with intervals,
paired differences, a table shaped like the seed's, a JSON file and a PNG chart."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from tqdm import tqdm

from grimoire.bench.search.dataset import BenchQuery, QuerySet
from grimoire.bench.search.engines import available_engines, filters_from_json
from grimoire.bench.search.metrics import bootstrap_interval, ndcg_at_10, paired_difference
from grimoire.cards.store import CardDB
from grimoire.search.engine import SearchEngine
from grimoire.search.query import QuerySyntaxError

SET_ORDER = ("tags", "handwritten", "paraphrase", "deckneeds")


@dataclass
class BenchResult:
    engines: list[str]
    sets: list[str]
    scores: dict[str, dict[str, float]]  # engine -> query id -> nDCG@10
    queries: dict[str, BenchQuery]
    skipped: dict[str, str] = field(default_factory=dict)  # query id -> why

    def set_scores(self, engine: str, set_name: str) -> list[float]:
        return [self.scores[engine][q] for q, query in self.queries.items()
                if query.set == set_name and q in self.scores[engine]]

    def summary(self) -> dict[str, dict[str, tuple[float, float, float, int]]]:
        out: dict[str, dict[str, tuple[float, float, float, int]]] = {}
        for engine in self.engines:
            out[engine] = {}
            for set_name in self.sets:
                values = self.set_scores(engine, set_name)
                out[engine][set_name] = (*bootstrap_interval(values), len(values))
        return out


def allowed_rows(search: SearchEngine, filters: dict) -> np.ndarray:
    """Cards a query can return: its filters applied, funny cards left out."""
    mask, _ = search.filter_mask(filters_from_json(filters).to_node(), "", include_funny=False)
    return mask


def _to_rows(db: CardDB, items) -> list[int]:
    rows = []
    for item in items:
        if isinstance(item, int | np.integer):
            rows.append(int(item))
        else:
            row = db.find_id(item)
            row = db.names.find(item) if row is None else row
            if row is not None:
                rows.append(row)
    return rows


def run_benchmark(db: CardDB, query_sets: list[QuerySet], engine_names: list[str], *, split: str | None = None,
                  sets: list[str] | None = None, progress: bool = True) -> BenchResult:
    factories = available_engines()
    missing = [name for name in engine_names if name not in factories]
    if missing:
        raise ValueError(f"unknown engines {missing}; available: {', '.join(factories)}")
    queries = [q for qs in query_sets for q in qs.queries
               if (split in (None, "all") or q.split in (None, split)) and (not sets or q.set in sets)]
    search = SearchEngine(db)
    by_id = {q.id: q for q in queries}
    result = BenchResult(engines=list(engine_names), scores={name: {} for name in engine_names},
                         sets=[s for s in SET_ORDER if any(q.set == s for q in queries)]
                         + sorted({q.set for q in queries} - set(SET_ORDER)), queries=by_id)
    ideal: dict[str, dict[int, int]] = {}
    for query in queries:
        try:
            allowed = allowed_rows(search, query.filters)
        except QuerySyntaxError as exc:
            result.skipped[query.id] = f"filters cannot be applied to this store: {exc.message}"
            continue
        gains = {row: grade for row, grade in query.gains.items() if allowed[row]}
        if not gains:
            result.skipped[query.id] = "no labelled card is in this store within the query's filters"
            continue
        ideal[query.id] = gains
    for name in engine_names:
        engine = factories[name](db)
        label = getattr(engine, "name", name)
        for query in tqdm([q for q in queries if q.id in ideal], desc=f"{label:>8}", unit="query",
                          disable=None if progress else True, file=sys.stderr):
            ranked = _to_rows(db, engine.search(query.query, query.filters, 10))
            result.scores[name][query.id] = ndcg_at_10(ranked, ideal[query.id])
        if hasattr(getattr(engine, "engine", None), "late") and "late" in engine.engine.__dict__:
            engine.engine.late.save()
    return result


def format_table(result: BenchResult) -> str:
    """Engine × set table of mean nDCG@10 ×100 with 95% intervals, shaped like the seed's."""
    summary = result.summary()
    width = max(18, *(len(e) for e in result.engines))
    header = f"{'search engine':<{width}}" + "".join(f"{s:>22}" for s in result.sets)
    lines = [header, "-" * len(header)]
    for engine in result.engines:
        cells = []
        for set_name in result.sets:
            mean, low, high, count = summary[engine][set_name]
            cells.append(f"{mean:6.1f} [{low:5.1f}, {high:5.1f}]" if count else "—")
        lines.append(f"{engine:<{width}}" + "".join(f"{c:>22}" for c in cells))
    counts = "  ".join(f"{s}: {summary[result.engines[0]][s][3]}" for s in result.sets)
    lines.append(f"\nnDCG@10 ×100, mean [95% bootstrap interval]; queries per set: {counts}")
    if result.skipped:
        lines.append(f"skipped {len(result.skipped)} queries (see the JSON file for why)")
    return "\n".join(lines)


def paired_table(result: BenchResult, reference: str = "hybrid") -> str:
    if reference not in result.engines:
        return ""
    lines = [f"Paired difference, {reference} minus each engine (same queries), mean [95% interval]:"]
    for engine in result.engines:
        if engine == reference:
            continue
        cells = []
        for set_name in result.sets:
            ids = [q for q, query in result.queries.items() if query.set == set_name
                   and q in result.scores[reference] and q in result.scores[engine]]
            if not ids:
                cells.append(f"{set_name} —")
                continue
            mean, low, high = paired_difference([result.scores[reference][q] for q in ids],
                                                [result.scores[engine][q] for q in ids])
            cells.append(f"{set_name} {mean:+.1f} [{low:+.1f}, {high:+.1f}]")
        lines.append(f"  vs {engine:<8} " + "   ".join(cells))
    return "\n".join(lines)


def write_json(result: BenchResult, path: Path, *, sources: list[dict] | None = None) -> None:
    """Per-query scores and the summary; ``sources`` records where the queries came from (Hub commits)."""
    summary = result.summary()
    payload = {
        "metric": "nDCG@10 x100, funny cards excluded, query filters applied",
        "engines": result.engines, "sets": result.sets,
        "summary": {e: {s: {"mean": m, "low": lo, "high": hi, "queries": n} for s, (m, lo, hi, n) in sets.items()}
                    for e, sets in summary.items()},
        "per_query": [{"id": q.id, "set": q.set, "split": q.split, "query": q.query, "origin": q.origin,
                       "scores": {e: result.scores[e].get(q.id) for e in result.engines}}
                      for q in result.queries.values()],
        "skipped": result.skipped,
        "sources": sources or [],
    }
    path.write_text(json.dumps(payload, indent=1, ensure_ascii=False), encoding="utf-8")


def plot(result: BenchResult, path: Path, title: str = "Search benchmark") -> None:
    """Grouped bar chart of nDCG@10 per set and engine, with 95% interval whiskers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summary = result.summary()
    x = np.arange(len(result.sets))
    width = 0.8 / max(1, len(result.engines))
    fig, ax = plt.subplots(figsize=(max(6, 2.2 * len(result.sets)), 4.2))
    for index, engine in enumerate(result.engines):
        means = np.array([summary[engine][s][0] for s in result.sets])
        lows = np.array([summary[engine][s][1] for s in result.sets])
        highs = np.array([summary[engine][s][2] for s in result.sets])
        ax.bar(x + (index - (len(result.engines) - 1) / 2) * width, means, width, label=engine,
               yerr=[means - lows, highs - means], capsize=3)
    ax.set_xticks(x, result.sets)
    ax.set_ylabel("nDCG@10 ×100")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    ax.legend(ncols=min(len(result.engines), 5), fontsize=8, loc="upper right")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
