"""Runs engines over query sets and scores them: per-query nDCG@10, P@10 and staples@10, per-set means with
intervals, paired differences, a table shaped like the seed's, a JSON file and a PNG chart."""

from __future__ import annotations

import hashlib
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from tqdm import tqdm

from grimoire.bench.search.dataset import BenchQuery, QuerySet
from grimoire.bench.search.engines import available_engines, filters_from_json, resolved_engine
from grimoire.bench.search.metrics import (
    bootstrap_interval,
    ndcg_at_10,
    paired_difference,
    precision_at_10,
    staples_at_10,
)
from grimoire.cards.store import CardDB
from grimoire.search.engine import SearchEngine
from grimoire.search.query import QuerySyntaxError

SET_ORDER = ("tags", "handwritten", "paraphrase", "deckneeds", "players")
METRICS = ("ndcg@10", "p@10", "staples@10")
METRIC_TITLES = {"ndcg@10": "nDCG@10 ×100", "p@10": "P@10", "staples@10": "staples@10"}
DEPTH = 50  # results asked of an engine, so that dropping funny or filter-violating ones still leaves 10


@dataclass
class BenchResult:
    engines: list[str]
    sets: list[str]
    scores: dict[str, dict[str, dict[str, float | None]]]  # engine -> query id -> metric -> value
    queries: dict[str, BenchQuery]
    skipped: dict[str, str] = field(default_factory=dict)  # query id -> why
    fingerprints: dict[str, str] = field(default_factory=dict)  # query id -> label_fingerprint
    dropped: dict[str, int] = field(default_factory=dict)  # engine -> results dropped (funny or outside filters)

    def values(self, engine: str, set_name: str, metric: str = "ndcg@10") -> dict[str, float]:
        """Query id -> value of one metric, for the set's scored queries where the metric is defined."""
        return {q: scores[metric] for q, scores in self.scores[engine].items()
                if self.queries[q].set == set_name and scores[metric] is not None}

    def summary(self, metric: str = "ndcg@10") -> dict[str, dict[str, tuple[float, float, float, int]]]:
        out: dict[str, dict[str, tuple[float, float, float, int]]] = {}
        for engine in self.engines:
            out[engine] = {}
            for set_name in self.sets:
                values = list(self.values(engine, set_name, metric).values())
                out[engine][set_name] = (*bootstrap_interval(values), len(values))
        return out

    def paired(self, reference: str, engine: str, set_name: str,
               metric: str = "ndcg@10") -> tuple[float, float, float, int] | None:
        """reference minus engine on the queries both scored, with a bootstrap interval; None when there are none."""
        return paired_by_query(self.values(reference, set_name, metric), self.values(engine, set_name, metric))


def paired_by_query(ours: dict[str, float], theirs: dict[str, float | None]) -> tuple[float, float, float, int] | None:
    """``ours`` minus ``theirs`` on the query ids both scored (a ``None`` score counts as not scored), with a
    bootstrap interval and the number of queries; None when they share no query."""
    ids = [q for q in ours if theirs.get(q) is not None]
    if not ids:
        return None
    return (*paired_difference([ours[q] for q in ids], [theirs[q] for q in ids]), len(ids))


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


def label_fingerprint(oracle_ids: list[str], query: BenchQuery) -> str:
    """A short hash of a query's text, filters and labels (oracle id and grade of each labelled card, by the
    store's row order ``oracle_ids``): two runs compare a query only when its fingerprint is the same in both."""
    labels = sorted((oracle_ids[row], grade) for row, grade in query.gains.items())
    blob = json.dumps([query.query, query.filters, labels], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


def score_query(ranked: list[int], gains: dict[int, int]) -> dict[str, float | None]:
    return {"ndcg@10": ndcg_at_10(ranked, gains), "p@10": precision_at_10(ranked, gains),
            "staples@10": staples_at_10(ranked, gains)}


def run_benchmark(db: CardDB, query_sets: list[QuerySet], engine_names: list[str], *, split: str | None = None,
                  sets: list[str] | None = None, progress: bool = True) -> BenchResult:
    """Score every engine on the chosen queries. An engine's results outside the query's filters, and funny
    cards, are dropped before scoring (the seed's "funny cards excluded, filters applied")."""
    factories = available_engines()
    missing = [name for name in engine_names if name not in factories]
    if missing:
        raise ValueError(f"unknown engines {missing}; available: {', '.join(factories)}")
    queries = [q for qs in query_sets for q in qs.queries
               if (split in (None, "all") or q.split in (None, split)) and (not sets or q.set in sets)]
    search = SearchEngine(db)
    result = BenchResult(engines=list(engine_names), scores={name: {} for name in engine_names},
                         sets=[s for s in SET_ORDER if any(q.set == s for q in queries)]
                         + sorted({q.set for q in queries} - set(SET_ORDER)), queries={q.id: q for q in queries})
    allowed: dict[str, np.ndarray] = {}
    oracle_ids = db.oracle_ids
    ideal: dict[str, dict[int, int]] = {}
    for query in queries:
        try:
            allowed[query.id] = allowed_rows(search, query.filters)
        except QuerySyntaxError as exc:
            result.skipped[query.id] = f"filters cannot be applied to this store: {exc.message}"
            continue
        gains = {row: grade for row, grade in query.gains.items() if allowed[query.id][row]}
        if not gains:
            result.skipped[query.id] = "no labelled card is in this store within the query's filters"
            continue
        ideal[query.id] = gains
        result.fingerprints[query.id] = label_fingerprint(oracle_ids, query)
    scored = [q for q in queries if q.id in ideal]
    # tqdm draws nothing when stderr is no terminal (a log, CI): there a plain line per engine and set says it runs.
    plain = progress and not sys.stderr.isatty()
    for name in engine_names:
        started = time.perf_counter()
        engine = factories[name](db)
        label = getattr(engine, "name", name)
        result.dropped[name] = 0
        for index, query in enumerate(tqdm(scored, desc=f"{label:>8}", unit="query",
                                           disable=None if progress else True, file=sys.stderr)):
            if plain and (index == 0 or scored[index - 1].set != query.set):
                count = sum(q.set == query.set for q in scored)
                _progress_line(f"{label} on {query.set} ({count} quer{'y' if count == 1 else 'ies'}), "
                               f"{time.perf_counter() - started:.0f} s in")
            returned = _to_rows(db, engine.search(query.query, query.filters, DEPTH))
            ranked = [row for row in returned if allowed[query.id][row]]
            result.dropped[name] += len(set(returned[:10]) - set(ranked))
            result.scores[name][query.id] = score_query(ranked, ideal[query.id])
        if hasattr(getattr(engine, "engine", None), "keep_late_vectors"):
            engine.engine.keep_late_vectors()
        if plain:
            _progress_line(f"{label} done in {time.perf_counter() - started:.0f} s")
    return result


def _progress_line(text: str) -> None:
    print(f"bench search: {text}", file=sys.stderr, flush=True)


def _cell(metric: str, mean: float, low: float, high: float) -> str:
    if metric == "ndcg@10":
        return f"{mean:5.1f} [{low:5.1f}, {high:5.1f}]"
    return f"{mean:4.2f} [{low:4.2f}, {high:4.2f}]"


def format_table(result: BenchResult) -> str:
    """Engine × set tables of mean nDCG@10 ×100, P@10 and staples@10 with 95% intervals, shaped like the seed's."""
    width = max(18, *(len(e) for e in result.engines))
    lines = []
    for metric in METRICS:
        summary = result.summary(metric)
        header = f"{'search engine':<{width}}" + "".join(f"{s:>22}" for s in result.sets)
        lines += [METRIC_TITLES[metric], header, "-" * len(header)]
        for engine in result.engines:
            cells = [_cell(metric, *summary[engine][s][:3]) if summary[engine][s][3] else "—" for s in result.sets]
            lines.append(f"{engine:<{width}}" + "".join(f"{c:>22}" for c in cells))
        lines.append("")
    counts = "  ".join(f"{s}: {result.summary()[result.engines[0]][s][3]}" for s in result.sets)
    lines.append(f"mean [95% bootstrap interval]; queries per set: {counts}")
    lines.append("P@10: relevant cards in the top 10 / 10; staples@10: grade-2 cards in the top 10 / min(10, "
                 "grade-2 cards), over queries that have any")
    dropped = ", ".join(f"{e} {n}" for e, n in result.dropped.items() if n)
    if dropped:
        lines.append(f"results dropped before scoring (funny or outside the query's filters), in the top 10: {dropped}")
    if result.skipped:
        lines.append(f"skipped {len(result.skipped)} queries (see the JSON file for why)")
    return "\n".join(lines)


def paired_table(result: BenchResult, reference: str = "hybrid") -> str:
    """Each engine's paired difference from ``reference``; "" where there is no other engine to pair (a header
    over empty rows had been printed for --engines hybrid)."""
    if reference not in result.engines or len(result.engines) < 2:
        return ""
    lines = [f"Paired difference, {reference} minus each engine (same queries), mean [95% interval]:"]
    for metric in METRICS:
        lines.append(f" {METRIC_TITLES[metric]}")
        for engine in result.engines:
            if engine == reference:
                continue
            cells = []
            for set_name in result.sets:
                paired = result.paired(reference, engine, set_name, metric)
                if paired is None:
                    cells.append(f"{set_name} —")
                    continue
                mean, low, high, _ = paired
                digits = 1 if metric == "ndcg@10" else 2
                cells.append(f"{set_name} {mean:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]")
            lines.append(f"  vs {engine:<8} " + "   ".join(cells))
    return "\n".join(lines)


@dataclass
class BaselineComparison:
    """This run minus an earlier run's ``search_scores.json``, per engine both have, on the queries both scored
    with identical labels (paired, with bootstrap intervals)."""
    source: str
    differences: dict[str, dict[str, dict[str, tuple[float, float, float, int]]]]  # metric -> engine -> set -> …
    relabelled: list[str]  # query ids scored in both runs whose labels differ: left out
    unchecked: bool  # the baseline records no label fingerprints, so identical labels are assumed


def read_baseline(path: Path) -> dict:
    """An earlier run's ``search_scores.json``; a clear error when it is not one."""
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"--baseline {path}: cannot read it ({exc})") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("per_query"), list):
        raise ValueError(f"--baseline {path}: not a search_scores.json written by grimoire bench search "
                         "(no per_query list)")
    return payload


def compare_baseline(result: BenchResult, baseline: dict, source: str) -> BaselineComparison:
    rows = {row["id"]: row for row in baseline["per_query"] if isinstance(row, dict) and "id" in row}
    unchecked = not any(row.get("labels") for row in rows.values())
    relabelled = sorted(q for q, row in rows.items() if q in result.fingerprints and not unchecked
                        and row.get("labels") != result.fingerprints[q])
    differences: dict = {}
    for metric in METRICS:
        differences[metric] = {}
        for engine in result.engines:
            for set_name in result.sets:
                ours = result.values(engine, set_name, metric)
                column = "scores" if metric == "ndcg@10" else metric
                theirs = {q: (rows[q].get(column) or {}).get(engine) for q in ours if q in rows and q not in relabelled}
                paired = paired_by_query(ours, theirs)
                if paired is not None:
                    differences[metric].setdefault(engine, {})[set_name] = paired
    return BaselineComparison(source=source, differences=differences, relabelled=relabelled, unchecked=unchecked)


def baseline_table(comparison: BaselineComparison) -> str:
    lines = [f"Paired difference, this run minus the baseline {comparison.source} (same queries, same labels), "
             "mean [95% interval] (queries):"]
    for metric in METRICS:
        lines.append(f" {METRIC_TITLES[metric]}")
        for engine, sets in comparison.differences[metric].items():
            digits = 1 if metric == "ndcg@10" else 2
            cells = [f"{s} {m:+.{digits}f} [{lo:+.{digits}f}, {hi:+.{digits}f}] ({n})"
                     for s, (m, lo, hi, n) in sets.items()]
            lines.append(f"  {engine:<8} " + "   ".join(cells))
    if not any(comparison.differences.values()):
        lines.append("  no engine and query in common with the baseline")
    if comparison.relabelled:
        lines.append(f"left out, labels differ from the baseline's: {len(comparison.relabelled)} queries "
                     f"({', '.join(comparison.relabelled[:8])}{', …' if len(comparison.relabelled) > 8 else ''})")
    if comparison.unchecked:
        lines.append("the baseline records no label fingerprints (written before they existed): "
                     "its labels are assumed to be this run's")
    return "\n".join(lines)


def _baseline_json(comparison: BaselineComparison) -> dict:
    return {"source": comparison.source, "relabelled": comparison.relabelled, "unchecked": comparison.unchecked,
            "differences": {metric: {e: {s: _interval_json(v) for s, v in sets.items()} for e, sets in engines.items()}
                            for metric, engines in comparison.differences.items()}}


def encoder_pairs(result: BenchResult) -> list[tuple[str, str]]:
    """(engine, its MiniLM twin) for each engine run beside one: ``hybrid`` or ``hybrid-static`` with
    ``hybrid-minilm``, ``dense`` or ``dense-static`` with ``dense-minilm``."""
    pairs = []
    for engine in result.engines:
        mode = engine.removesuffix("-static")
        twin = f"{mode}-minilm"
        if resolved_engine(engine) != twin and twin in result.engines and mode in ("dense", "hybrid"):
            pairs.append((engine, twin))
    return pairs


def encoder_table(result: BenchResult) -> str:
    """Paired differences of each engine minus its MiniLM twin (same queries), per set and metric."""
    pairs = encoder_pairs(result)
    if not pairs:
        return ""
    lines = ["Paired difference by embedding model, engine minus its MiniLM twin (same queries), mean [95% interval]:"]
    for metric in METRICS:
        lines.append(f" {METRIC_TITLES[metric]}")
        digits = 1 if metric == "ndcg@10" else 2
        for engine, twin in pairs:
            cells = []
            for set_name in result.sets:
                paired = result.paired(engine, twin, set_name, metric)
                cells.append(f"{set_name} —" if paired is None else
                             f"{set_name} {paired[0]:+.{digits}f} [{paired[1]:+.{digits}f}, {paired[2]:+.{digits}f}]")
            lines.append(f"  {engine} - {twin}: " + "   ".join(cells))
    return "\n".join(lines)


def _encoder_json(result: BenchResult) -> dict:
    out: dict = {}
    for engine, twin in encoder_pairs(result):
        for metric in METRICS:
            for set_name in result.sets:
                paired = result.paired(engine, twin, set_name, metric)
                if paired is not None:
                    out.setdefault(f"{engine} - {twin}", {}).setdefault(metric, {})[set_name] = _interval_json(paired)
    return out


def _interval_json(value: tuple[float, float, float, int]) -> dict:
    mean, low, high, count = value
    return {"mean": mean, "low": low, "high": high, "queries": count}


def _summary_json(result: BenchResult, metric: str) -> dict:
    return {e: {s: _interval_json(v) for s, v in sets.items()} for e, sets in result.summary(metric).items()}


def _paired_json(result: BenchResult, reference: str) -> dict:
    if reference not in result.engines:
        return {}
    out: dict = {}
    for metric in METRICS:
        out[metric] = {}
        for engine in result.engines:
            if engine == reference:
                continue
            out[metric][engine] = {}
            for set_name in result.sets:
                paired = result.paired(reference, engine, set_name, metric)
                if paired is not None:
                    out[metric][engine][set_name] = _interval_json(paired)
    return out


def write_json(result: BenchResult, path: Path, reference: str = "hybrid", *,
               sources: list[dict] | None = None, baseline: BaselineComparison | None = None) -> None:
    """Per-query scores (with each query's label fingerprint) and per-set summaries; ``summary`` (nDCG@10) keeps
    the shape the web page reads; ``sources`` records where the queries came from (Hub commits); ``baseline``
    the paired differences against an earlier run."""
    payload = {
        "metric": "nDCG@10 x100, funny cards excluded, query filters applied",
        "metrics": {"ndcg@10": "nDCG@10 x100", "p@10": "relevant cards in the top 10 / 10",
                    "staples@10": "grade-2 cards in the top 10 / min(10, grade-2 cards); queries without any left out"},
        "engines": result.engines, "sets": result.sets,
        "summary": _summary_json(result, "ndcg@10"),
        "summaries": {metric: _summary_json(result, metric) for metric in METRICS},
        "paired": {"reference": reference, "differences": _paired_json(result, reference)},
        "paired_by_encoder": _encoder_json(result),
        "per_query": [{"id": q.id, "set": q.set, "split": q.split, "query": q.query, "origin": q.origin,
                       "labels": result.fingerprints.get(q.id),
                       "scores": {e: (result.scores[e].get(q.id) or {}).get("ndcg@10") for e in result.engines},
                       **{metric: {e: (result.scores[e].get(q.id) or {}).get(metric) for e in result.engines}
                          for metric in METRICS[1:]}}
                      for q in result.queries.values()],
        "dropped": result.dropped,
        "skipped": result.skipped,
        "sources": sources or [],
        **({"baseline": _baseline_json(baseline)} if baseline else {}),
    }
    path.write_text(json.dumps(payload, indent=1, ensure_ascii=False), encoding="utf-8")


def plot(result: BenchResult, path: Path, title: str = "Search benchmark") -> None:
    """One panel per metric: bars per set and engine, with 95% interval whiskers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = np.arange(len(result.sets))
    width = 0.8 / max(1, len(result.engines))
    fig, axes = plt.subplots(len(METRICS), 1, figsize=(max(6, 2.2 * len(result.sets)), 3.2 * len(METRICS)))
    for ax, metric in zip(axes, METRICS, strict=True):
        summary = result.summary(metric)
        scale = 1 if metric == "ndcg@10" else 100  # P@10 and staples@10 drawn as percentages
        for index, engine in enumerate(result.engines):
            means, lows, highs = (np.nan_to_num(np.array([summary[engine][s][i] for s in result.sets]) * scale)
                                  for i in range(3))
            ax.bar(x + (index - (len(result.engines) - 1) / 2) * width, means, width, label=engine,
                   yerr=[means - lows, highs - means], capsize=3)
        ax.set_xticks(x, result.sets)
        ax.set_ylabel(METRIC_TITLES[metric] + ("" if scale == 1 else " (%)"))
        ax.set_ylim(0, 100)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_title(title)
    axes[0].legend(ncols=min(len(result.engines), 5), fontsize=8, loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
