"""Grading a new system from the published qrels: every published label kept, only unseen cards graded, list cards
on request; the scripted grader answers whatever batch it is given."""

from __future__ import annotations

import json
import re

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from grimoire.bench.agent.dataset import load_tasks
from grimoire.bench.agent.grading import grade_run
from grimoire.bench.common import grader_fn


class Recorder:
    """Wraps a grader and records the card names of every batch it was asked about."""

    def __init__(self, complete):
        self.complete = complete
        self.asked: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.asked += re.findall(r"^Card \d+: (.+?)  ", prompt, re.MULTILINE)
        return self.complete(prompt)


@pytest.fixture
def published(tmp_path, spark_db):
    # The published qrels config's columns (task_id, oracle_id, name, relevance, source: list | grader), as the
    # kasper-cbx/mtg-search-bench dataset card documents them; Spark 30 is a grader-sourced label (like Dissipate).
    rows = [{"task_id": "t-burn", "oracle_id": spark_db.find(name).oracle_id, "name": name, "relevance": rel,
             "source": source} for name, rel, source in (("Spark 01", 2, "list"), ("Spark 02", 1, "list"),
                                                         ("Spark 03", 1, "list"), ("Spark 30", 1, "grader"))]
    path = tmp_path / "qrels.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def _grader(tmp_path, default=0, grades=None):
    path = tmp_path / "grades.json"
    path.write_text(json.dumps({"default": default, "grades": grades or {}}), encoding="utf-8")
    return Recorder(grader_fn(f"scripted-grades/{path}"))


def _run(spark_db, tasks_file, tmp_path, grader, published, **kwargs):
    tasks = load_tasks(tasks_file, spark_db).tasks
    row = spark_db.names.find
    returned = {"t-burn": [row(n) for n in ("Spark 01", "Spark 30", "Spark 31", "Spark 32")]}
    return grade_run(tasks, returned, spark_db, grader, out=tmp_path / "out", grader_model="scripted",
                     experiment="EXP-T", published=published, regrade_share=0, **kwargs)


def test_published_labels_are_kept_and_only_unseen_cards_graded(spark_db, tasks_file, tmp_path, published):
    grader = _grader(tmp_path, default=0, grades={"Spark 31": 2})
    outcome = _run(spark_db, tasks_file, tmp_path, grader, published)
    assert {"Spark 31", "Spark 32"} <= set(grader.asked)  # unseen: graded (with two hidden decoys)
    assert len(grader.asked) == 4 and "Spark 30" not in grader.asked and "Spark 01" not in grader.asked
    burn = {spark_db.columns.name[r]: rel for r, rel in outcome.qrels["t-burn"].items()}
    assert burn["Spark 30"] == 1 and burn["Spark 31"] == 2 and "Spark 32" not in burn
    rows = [json.loads(line) for line in outcome.qrels_path.read_text().splitlines()]
    assert any(r["name"] == "Spark 30" and r["source"] == "grader" for r in rows) and not outcome.left


def test_list_cards_can_be_graded_too_and_are_never_removed(spark_db, tasks_file, tmp_path, published):
    grader = _grader(tmp_path, default=0)
    outcome = _run(spark_db, tasks_file, tmp_path, grader, published, include_listed=True)
    assert "Spark 01" in grader.asked and "Spark 30" not in grader.asked
    burn = {spark_db.columns.name[r] for r in outcome.qrels["t-burn"]}
    assert {"Spark 01", "Spark 02", "Spark 03", "Spark 30"} <= burn


def test_the_scripted_grader_answers_any_batch(tmp_path):
    grade = _grader(tmp_path, default=1, grades={"Shock": 2})
    reply = json.loads(grade("Card 1: Shock  {R}\nCard 2: Opt  {U}\nCard 3: Ponder  {U}\n"))
    assert reply == {"grades": [{"card": 1, "grade": 2}, {"card": 2, "grade": 1}, {"card": 3, "grade": 1}]}
    deck_fit = json.loads(grade("Candidate 1: Shock  {R}"))
    assert deck_fit == {"grades": [{"card": 1, "grade": 2}]}
    (tmp_path / "bad.json").write_text("[1, 2]")
    with pytest.raises(ValueError, match="scripted-grades"):
        grader_fn(f"scripted-grades/{tmp_path / 'bad.json'}")
