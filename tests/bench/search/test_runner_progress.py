"""What ``grimoire bench search`` prints while it runs where stderr is no terminal (a log file, CI)."""

from __future__ import annotations

import json
import re

from grimoire.bench.search.dataset import load_queries
from grimoire.bench.search.runner import run_benchmark

QUERIES = [
    {"set": "handwritten", "id": "h1", "query": "deals damage to any target", "relevant_names": ["Lightning Bolt"]},
    {"set": "handwritten", "id": "h2", "query": "counter target spell", "relevant_names": ["Counterspell"]},
    {"set": "paraphrase", "id": "p1", "query": "zap something", "relevant_names": ["Lightning Bolt"]},
]


def test_a_plain_line_per_engine_and_set_when_stderr_is_no_terminal(small_db, tmp_path, capsys):
    path = tmp_path / "queries.jsonl"
    path.write_text("".join(json.dumps({"filters": "{}", "source": "test", **q}) + "\n" for q in QUERIES))
    run_benchmark(small_db, [load_queries(path, small_db)], ["bm25"], split="all")
    lines = [re.sub(r"\d+ s", "N s", line) for line in capsys.readouterr().err.splitlines()]
    assert lines == ["bench search: bm25 on handwritten (2 queries), N s in",
                     "bench search: bm25 on paraphrase (1 query), N s in", "bench search: bm25 done in N s"]


def test_no_progress_lines_when_asked_for_none(small_db, tmp_path, capsys):
    path = tmp_path / "queries.jsonl"
    path.write_text("".join(json.dumps({"filters": "{}", "source": "test", **q}) + "\n" for q in QUERIES))
    run_benchmark(small_db, [load_queries(path, small_db)], ["bm25"], split="all", progress=False)
    assert capsys.readouterr().err == ""
