"""The search benchmark's published table (seed: kasper-cbx/mtg-search-bench v1.1, EXP-001), set beside a run.

The published figures were measured on the published queries and the card snapshot of the search index; the
comparison says so whenever this run's queries or cards differ.
"""

from __future__ import annotations

from grimoire.hub import PINNED, SEARCH_BENCH, SEARCH_INDEX

PUBLISHED_SETS = ("tags", "handwritten", "paraphrase", "deckneeds")
# nDCG@10 x100, funny cards excluded and filters applied (the seed's "Results recorded with this benchmark").
PUBLISHED_NDCG = {
    "mLateOn (late interaction)": {"tags": 60.5, "handwritten": 70.7, "paraphrase": 11.9, "deckneeds": 21.1},
    "dense, embeddinggemma-2": {"tags": 42.8, "handwritten": 36.7, "paraphrase": 9.1, "deckneeds": 17.9},
    "BM25": {"tags": 36.4, "handwritten": 61.1, "paraphrase": 2.5, "deckneeds": 8.5},
}
PUBLISHED_SNAPSHOT = f"hf:{SEARCH_INDEX}@{PINNED[SEARCH_INDEX]}"
PUBLISHED_CARDS = 34_646


def same_snapshot(manifest: dict) -> bool:
    """Whether the store was loaded from the index snapshot the published figures were measured on."""
    return str(manifest.get("source_detail", "")).startswith(PUBLISHED_SNAPSHOT)


def compare_table(summary: dict[str, dict[str, tuple]], *, manifest: dict, card_count: int,
                  published_queries: bool, unresolved: dict[str, tuple[int, int]]) -> str:
    """Published engines and this run's engines, one row each, per published set (nDCG@10 x100)."""
    sets = [s for s in PUBLISHED_SETS if any(s in by_set for by_set in summary.values())] or list(PUBLISHED_SETS)
    header = f"{'engine':<34}" + "".join(f"{s:>13}" for s in sets)
    lines = [header, "-" * len(header)]
    for engine, by_set in PUBLISHED_NDCG.items():
        lines.append(f"{engine + ' (published)':<34}" + "".join(f"{by_set[s]:>13.1f}" for s in sets))
    for engine, by_set in summary.items():
        cells = [f"{by_set[s][0]:>13.1f}" if s in by_set else f"{'-':>13}" for s in sets]
        lines.append(f"{'grimoire ' + engine + ' (this run)':<34}" + "".join(cells))
    notes = []
    if not same_snapshot(manifest):
        notes.append(f"* card snapshots differ: the published figures use {PUBLISHED_SNAPSHOT} ({PUBLISHED_CARDS:,} "
                     f"cards); this run uses {manifest.get('source')} ({card_count:,} cards). Load the same cards "
                     f"with: grimoire data load {PUBLISHED_SNAPSHOT}")
    if not published_queries:
        notes.append(f"* queries differ: the published figures are on hf:{SEARCH_BENCH}@{PINNED[SEARCH_BENCH]}; "
                     f"pass --queries hf:{SEARCH_BENCH} to run the same queries")
    missing = {s: counts for s, counts in unresolved.items() if counts[0]}
    if missing:
        notes.append("* labels not in this store (scored as absent): " + ", ".join(
            f"{s} {m:,} of {n:,}" for s, (m, n) in sorted(missing.items())))
    return "\n".join(lines + notes)
