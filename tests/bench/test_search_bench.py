"""The search benchmark: the metric against hand-computed values, the loader, the labels, the runner."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from grimoire.bench.search.dataset import QueryFileError, load_queries
from grimoire.bench.search.labels import LabelRule, apply_rule
from grimoire.bench.search.metrics import (
    bootstrap_interval,
    dcg,
    ndcg_at_10,
    paired_difference,
    precision_at_10,
    staples_at_10,
)
from grimoire.bench.search.runner import format_table, paired_table, plot, run_benchmark, write_json


def test_ndcg_matches_hand_computation():
    gains = {1: 2, 3: 1, 4: 1}
    expected_dcg = 2 / math.log2(2) + 0 + 1 / math.log2(4)
    expected_ideal = 2 / math.log2(2) + 1 / math.log2(3) + 1 / math.log2(4)
    assert dcg([2, 0, 1]) == pytest.approx(expected_dcg)
    assert ndcg_at_10([1, 2, 3], gains) == pytest.approx(100 * expected_dcg / expected_ideal)
    assert ndcg_at_10([1, 3, 4], gains) == pytest.approx(100.0)
    assert ndcg_at_10([], gains) == 0.0
    assert ndcg_at_10([1], {}) == 0.0


def test_ndcg_counts_only_the_first_ten_and_duplicates_once():
    gains = {11: 1}
    assert ndcg_at_10(list(range(10)) + [11], gains) == 0.0
    assert ndcg_at_10([11, 11, 11], gains) == pytest.approx(100.0)
    assert ndcg_at_10([0, 11], gains) == pytest.approx(100 / math.log2(3))


def test_precision_and_staples_at_10_match_hand_computation():
    gains = {1: 2, 2: 2, 3: 1, 4: 2, 5: 1}
    assert precision_at_10([1, 9, 3, 3, 8], gains) == pytest.approx(0.2)  # duplicates once, empty slots miss
    assert precision_at_10(list(range(1, 6)), gains) == pytest.approx(0.5)
    assert staples_at_10([1, 9, 3, 4], gains) == pytest.approx(2 / 3)
    assert staples_at_10(list(range(20, 30)) + [1, 2, 4], gains) == 0.0  # beyond the first 10
    assert staples_at_10([3, 5], {3: 1, 5: 1}) is None  # no staples: undefined, left out of the mean
    many = {row: 2 for row in range(100, 130)}
    assert staples_at_10(list(range(100, 110)), many) == 1.0  # out of min(10, 30)


def test_bootstrap_and_paired_difference():
    mean, low, high = bootstrap_interval([10, 20, 30, 40])
    assert mean == 25 and low < 25 < high
    assert bootstrap_interval([5, 5, 5]) == (5, 5, 5)
    diff, low, high = paired_difference([50, 60, 70], [40, 50, 60])
    assert (diff, low, high) == (10, 10, 10)
    with pytest.raises(ValueError):
        paired_difference([1], [1, 2])


QUERIES = [
    {"set": "handwritten", "id": "q1", "query": "deals damage to any target", "relevant": [], "graded": [],
     "filters": "{}", "origin": None, "source": "test", "labeling_rule": "",
     "relevant_names": ["Lightning Bolt", "Fire // Ice", "Boros Charm"], "graded_names": ["Lightning Bolt"],
     "split": "test"},
    {"set": "paraphrase", "id": "q1-casual", "query": "zap something", "relevant": [], "graded": [],
     "filters": "{}", "origin": "q1", "source": "test", "labeling_rule": "",
     "relevant_names": ["Lightning Bolt", "Fire // Ice", "Boros Charm"], "graded_names": ["Lightning Bolt"],
     "split": "test"},
    {"set": "deckneeds", "id": "q2", "query": "creatures that make mana", "relevant": [], "graded": [],
     "filters": json.dumps({"color_identity": "g", "types": ["Creature"]}), "origin": None, "source": "test",
     "labeling_rule": "", "relevant_names": ["Llanowar Elves", "Birds of Paradise", "Sol Ring", "No Such Card"],
     "graded_names": [], "split": "dev"},
]


@pytest.fixture
def jsonl_file(tmp_path):
    path = tmp_path / "queries.jsonl"
    path.write_text("".join(json.dumps(q) + "\n" for q in QUERIES))
    return path


def test_loader_reads_jsonl_and_reports_unknown_names(small_db, jsonl_file):
    query_set = load_queries(jsonl_file, small_db)
    assert [q.id for q in query_set.queries] == ["q1", "q1-casual", "q2"]
    q1 = query_set.queries[0]
    assert q1.gains[small_db.names.find("Lightning Bolt")] == 2
    assert q1.gains[small_db.names.find("Boros Charm")] == 1
    assert query_set.queries[2].unknown == ("No Such Card",)
    assert any("q2: 1 of 4" in w for w in query_set.warnings)


def test_loader_reads_the_published_parquet_layout_with_oracle_ids(small_db, tmp_path):
    bolt, crypt = small_db.find("Lightning Bolt"), small_db.find("Mana Crypt")
    table = pa.Table.from_pylist([{
        "set": "tags", "id": "t1", "query": "burn", "relevant": [bolt.oracle_id, crypt.oracle_id, "not-an-id"],
        "graded": [{"oracle_id": bolt.oracle_id, "grade": 2}], "filters": "{}", "origin": None, "source": "x",
        "labeling_rule": "tag"}])
    path = tmp_path / "queries.parquet"
    pq.write_table(table, path)
    query = load_queries(path, small_db).queries[0]
    assert query.gains == {small_db.row_of(bolt.oracle_id): 2, small_db.row_of(crypt.oracle_id): 1}
    assert query.unknown == ("not-an-id",)


def test_loader_errors_name_the_file_and_row(small_db, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(QUERIES[0]) + "\n{not json\n")
    with pytest.raises(QueryFileError, match="bad.jsonl:2"):
        load_queries(bad, small_db)
    bad.write_text(json.dumps({**QUERIES[0], "filters": '{"colour": "r"}'}) + "\n")
    with pytest.raises(QueryFileError, match="unknown filter keys"):
        load_queries(bad, small_db)


def test_label_rules_rebuild_relevant_and_graded_cards(small_db):
    rule = LabelRule.from_json({"any": [r"deals \d+ damage"], "types": ["Instant"], "graded": ["any target"],
                                "remove": ["Boros Charm"], "add": ["Shivan Dragon"]})
    relevant, graded = apply_rule(small_db, rule)
    assert relevant == ["Lightning Bolt", "Shivan Dragon", "Fire // Ice"]
    assert graded == ["Lightning Bolt"]
    tilde, _ = apply_rule(small_db, LabelRule.from_json({"any": ["^~ deals"]}))
    assert set(tilde) == {"Lightning Bolt", "Fire // Ice"}
    with pytest.raises(ValueError, match="unknown labeling rule fields"):
        LabelRule.from_json({"regex": "x"})


class ListEngine:
    """A plugged-in engine that returns card names."""

    name = "fixed"

    def __init__(self, db):
        self.db = db

    def search(self, query, filters, k=10):
        return ["Lightning Bolt", "Boros Charm", "Fire // Ice"][:k]


def test_runner_scores_engines_side_by_side(small_db, jsonl_file, tmp_path):
    from grimoire.bench.search.engines import register_engine

    register_engine("fixed", ListEngine)
    result = run_benchmark(small_db, [load_queries(jsonl_file, small_db)], ["bm25", "fixed"], split="all",
                           progress=False)
    assert result.sets == ["handwritten", "paraphrase", "deckneeds"]
    assert result.scores["fixed"]["q1"]["ndcg@10"] == pytest.approx(100.0)
    assert result.scores["fixed"]["q1"]["p@10"] == pytest.approx(0.3)
    assert result.scores["fixed"]["q1"]["staples@10"] == 1.0
    assert result.scores["fixed"]["q2"]["ndcg@10"] == 0.0  # filters: none of its cards is a green creature
    assert result.scores["fixed"]["q2"]["staples@10"] is None  # q2 has no grade-2 card
    assert 0 <= result.scores["bm25"]["q1"]["ndcg@10"] <= 100
    table = format_table(result)
    assert "handwritten" in table and "fixed" in table and "P@10" in table and "staples@10" in table
    write_json(result, tmp_path / "scores.json")
    written = json.loads((tmp_path / "scores.json").read_text())
    assert written["per_query"][0]["scores"]["fixed"] == pytest.approx(100)
    assert written["per_query"][0]["p@10"]["fixed"] == pytest.approx(0.3)
    assert written["summaries"]["staples@10"]["fixed"]["handwritten"]["queries"] == 1
    plot(result, tmp_path / "chart.png")
    assert (tmp_path / "chart.png").read_bytes()[:4] == b"\x89PNG"
    assert paired_table(result) == ""  # no hybrid in this run
    test_only = run_benchmark(small_db, [load_queries(jsonl_file, small_db)], ["fixed"], split="dev",
                              progress=False)
    assert list(test_only.scores["fixed"]) == ["q2"]


class UnfilteredEngine:
    """A plugged-in engine that ignores the query's filters and returns a funny card first."""

    name = "unfiltered"

    def __init__(self, db):
        self.db = db

    def search(self, query, filters, k=10):
        return ["Blacker Lotus", "Sol Ring", "Llanowar Elves", "Birds of Paradise", "Lightning Bolt"][:k]


def test_funny_and_filter_violating_results_are_dropped_before_scoring(small_db, jsonl_file):
    from grimoire.bench.search.engines import register_engine

    register_engine("unfiltered", UnfilteredEngine)
    result = run_benchmark(small_db, [load_queries(jsonl_file, small_db)], ["unfiltered"], split="all",
                           progress=False)
    green_creatures = result.scores["unfiltered"]["q2"]  # Sol Ring and Lightning Bolt break its filters
    assert green_creatures["ndcg@10"] == pytest.approx(100.0) and green_creatures["p@10"] == pytest.approx(0.2)
    burn = result.scores["unfiltered"]["q1"]  # Blacker Lotus is funny: Lightning Bolt counts as the first result
    ideal = 2 + 1 / math.log2(3) + 1 / math.log2(4)
    assert burn["ndcg@10"] == pytest.approx(100 * (2 / math.log2(5)) / ideal)  # rank 4 of what is left, not 5
    assert result.dropped["unfiltered"] == 1 + 1 + 3  # Blacker Lotus in each query; Sol Ring and Bolt too in q2
    assert "dropped before scoring" in format_table(result)


def test_cli_bench_search_on_a_seed_schema_file(tmp_path):
    queries = tmp_path / "q.jsonl"
    queries.write_text("".join(json.dumps({**q, "relevant_names": ["Lightning Bolt", "Chain Lightning"],
                                           "graded_names": ["Lightning Bolt"], "filters": "{}"}) + "\n"
                               for q in QUERIES[:2]))
    result = subprocess.run([sys.executable, "-m", "grimoire", "bench", "search", "--queries", str(queries),
                             "--engines", "bm25,hybrid", "--out", str(tmp_path / "out")],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "search engine" in result.stdout and "hybrid" in result.stdout and "Paired difference" in result.stdout
    scores = json.loads((tmp_path / "out" / "search_scores.json").read_text())
    assert scores["summary"]["hybrid"]["handwritten"]["queries"] == 1
    # one engine: no paired block of empty rows; a bad plugin, query file or set is one line naming it
    alone = subprocess.run([sys.executable, "-m", "grimoire", "bench", "search", "--queries", str(queries),
                            "--engines", "bm25"], capture_output=True, text=True, timeout=300)
    assert alone.returncode == 0 and "Paired difference" not in alone.stdout
    for options, said in ((["--plugin", "nosuchmodule:make"], "cannot import 'nosuchmodule'"),
                          (["--queries", str(tmp_path / "absent.parquet")], "absent.parquet is not there"),
                          (["--queries", str(queries), "--sets", "nosuch"], "--sets: no query set named 'nosuch'")):
        refused = subprocess.run([sys.executable, "-m", "grimoire", "bench", "search", "--engines", "bm25", *options],
                                 capture_output=True, text=True, timeout=300)
        assert refused.returncode == 1 and refused.stderr.startswith("grimoire: ") and said in refused.stderr
        assert "Traceback" not in refused.stderr
    assert (tmp_path / "out" / "search_ndcg.png").exists()


def test_label_rebuild_script_fills_labels_from_the_rules(tmp_path):
    """scripts/build_query_labels.py recomputes relevant and graded cards, and paraphrases follow their origin."""
    from pathlib import Path

    import grimoire

    rule = {"any": [r"counter target spell"], "types": ["Instant"], "graded": [r"^counter target spell\.$"]}
    rows = [{"set": "handwritten", "id": "t-1", "query": "counter target spell", "filters": "{}", "origin": None,
             "source": "test", "labeling_rule": json.dumps(rule), "relevant_names": ["stale"]},
            {"set": "paraphrase", "id": "t-1-casual", "query": "say no to their magic", "filters": "{}",
             "origin": "t-1", "source": "test", "labeling_rule": ""}]
    handwritten, paraphrase = tmp_path / "handwritten.jsonl", tmp_path / "paraphrase.jsonl"
    handwritten.write_text(json.dumps(rows[0]) + "\n")
    paraphrase.write_text(json.dumps(rows[1]) + "\n")
    script = Path(__file__).resolve().parents[2] / "scripts" / "build_query_labels.py"
    result = subprocess.run([sys.executable, str(script), str(handwritten), str(paraphrase)], capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    rebuilt = json.loads(handwritten.read_text())
    expected, graded = apply_rule(grimoire.open(), LabelRule.from_json(rule))
    assert rebuilt["relevant_names"] == expected and "Counterspell" in expected and "stale" not in expected
    assert rebuilt["graded_names"] == graded and "Counterspell" in graded
    assert rebuilt["split"] in ("dev", "test")
    follower = json.loads(paraphrase.read_text())
    assert follower["relevant_names"] == expected and follower["split"] == rebuilt["split"]


def test_names_parallel_to_ids_are_the_fallback_for_ids_the_store_lacks(small_db, tmp_path):
    bolt = small_db.find("Lightning Bolt")
    row = {"set": "players", "id": "p1", "query": "red burn", "filters": "{}", "origin": None, "source": "x",
           "labeling_rule": "", "relevant": [bolt.oracle_id, "syn:0000", "syn:1111"],
           "relevant_names": ["Lightning Bolt", "Shivan Dragon", "No Such Card"],
           "graded": [{"oracle_id": "syn:0000", "grade": 2}], "graded_names": ["Shivan Dragon"]}
    path = tmp_path / "players.jsonl"
    path.write_text(json.dumps(row) + "\n")
    query_set = load_queries(path, small_db)
    query = query_set.queries[0]
    assert query.gains == {small_db.names.find("Lightning Bolt"): 1, small_db.names.find("Shivan Dragon"): 2}
    assert query.unknown == ("syn:1111",) and query.labelled == 3
    assert query_set.warnings == ["p1: 1 of 3 labelled cards are not in this store (e.g. syn:1111)"]


class FirstCardEngine:
    """A plugged-in engine that only ever returns Lightning Bolt."""

    name = "bolt"

    def __init__(self, db):
        self.db = db

    def search(self, query, filters, k=10):
        return ["Lightning Bolt"]


def test_baseline_comparison_pairs_only_queries_with_identical_labels(small_db, jsonl_file, tmp_path):
    from grimoire.bench.search.engines import register_engine
    from grimoire.bench.search.runner import baseline_table, compare_baseline, read_baseline

    register_engine("fixed", ListEngine)
    register_engine("bolt", FirstCardEngine)
    before = run_benchmark(small_db, [load_queries(jsonl_file, small_db)], ["fixed"], split="all", progress=False)
    write_json(before, tmp_path / "before.json")
    # The same engine name now returns less; q1-casual's labels change between the runs.
    changed = [dict(q) for q in QUERIES]
    changed[1]["relevant_names"] = ["Lightning Bolt"]
    relabelled = tmp_path / "relabelled.jsonl"
    relabelled.write_text("".join(json.dumps(q) + "\n" for q in changed))
    register_engine("fixed", FirstCardEngine)
    after = run_benchmark(small_db, [load_queries(relabelled, small_db)], ["fixed"], split="all", progress=False)
    comparison = compare_baseline(after, read_baseline(tmp_path / "before.json"), "before.json")
    assert comparison.relabelled == ["q1-casual"] and not comparison.unchecked
    mean, low, high, count = comparison.differences["p@10"]["fixed"]["handwritten"]
    assert count == 1 and mean == pytest.approx(0.1 - 0.3)  # Bolt alone: 1 of 10 against 3 of 10
    assert "paraphrase" not in comparison.differences["p@10"]["fixed"]  # its only query was relabelled
    assert "labels differ" in baseline_table(comparison)
    write_json(after, tmp_path / "after.json", baseline=comparison)
    assert json.loads((tmp_path / "after.json").read_text())["baseline"]["relabelled"] == ["q1-casual"]
    (tmp_path / "not-scores.json").write_text('{"engines": []}')
    with pytest.raises(ValueError, match="--baseline .*not a search_scores.json"):
        read_baseline(tmp_path / "not-scores.json")


def test_a_shipped_query_file_is_recorded_without_this_machines_folders(small_db):
    from grimoire.cli._common import SHIPPED_QUERIES

    source = load_queries(SHIPPED_QUERIES / "tags.jsonl", small_db).source
    assert source["source"] == "grimoire/bench/search/queries/tags.jsonl"
    assert len(source["sha256"]) == 64
