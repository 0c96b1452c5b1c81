"""The agent benchmark's loaders: tasks, qrels and grades from JSONL and Parquet, by name or by oracle id."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import grimoire
from grimoire.bench.agent.dataset import (
    SHIPPED_TASKS,
    GradeRow,
    list_qrels,
    load_grades,
    load_qrels,
    load_returned,
    load_tasks,
    qrels_rows,
    write_jsonl,
)
from grimoire.bench.search.dataset import QueryFileError
from tests.bench.agent.conftest import TASK_ROWS


def test_tasks_from_jsonl_resolve_names_and_report_unknown(spark_db, tasks_file):
    task_set = load_tasks(tasks_file, spark_db)
    tasks = task_set.by_id()
    row = spark_db.names.find
    assert tasks["t-burn"].gains == {row("Spark 01"): 2, row("Spark 02"): 1, row("Spark 03"): 1}
    assert tasks["t-burn"].filters == {"color_identity": "r", "types": ["instant"]}
    assert tasks["t-deck"].unknown == ("No Such Card",)
    assert any("t-deck" in warning and "No Such Card" in warning for warning in task_set.warnings)
    assert tasks["t-known"].target == row("Grove Beast 1") and tasks["t-known"].popular is False
    assert tasks["t-burn"].target is None and tasks["t-deck"].split == "test"


def test_tasks_from_parquet_with_oracle_ids(spark_db, tmp_path):
    # the published agent_tasks config's columns (kasper-cbx/mtg-search-bench dataset card)
    spark = spark_db.find("Spark 07")
    beast = spark_db.find("Grove Beast 2")
    rows = [{"id": "p-1", "prompt": "burn", "kind": "attr", "source": "otag:burn", "relevant": [spark.oracle_id],
             "graded": json.dumps([{"oracle_id": spark.oracle_id, "grade": 2}]), "filters": "{}", "popular": None},
            {"id": "p-2", "prompt": "that beast", "kind": "known", "source": "edhrec_rank=5",
             "relevant": [beast.oracle_id], "graded": "[]", "filters": "{}", "popular": True}]
    path = tmp_path / "agent_tasks.parquet"
    pq.write_table(pa.Table.from_pylist(rows), path)
    tasks = load_tasks(path, spark_db).by_id()
    assert tasks["p-1"].gains == {spark_db.names.find("Spark 07"): 2}
    assert tasks["p-2"].target == spark_db.names.find("Grove Beast 2") and tasks["p-2"].popular is True


def test_bad_kind_is_refused(spark_db, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({**TASK_ROWS[0], "kind": "combo"}) + "\n")
    with pytest.raises(QueryFileError, match="kind"):
        load_tasks(path, spark_db)


def test_qrels_round_trip_and_parquet_with_ids(spark_db, tasks_file, tmp_path):
    tasks = load_tasks(tasks_file, spark_db).tasks
    qrels = list_qrels(tasks)
    extra = spark_db.names.find("Spark 09")
    qrels["t-burn"][extra] = 1
    rows = qrels_rows(qrels, tasks, spark_db)
    assert {r["source"] for r in rows if r["name"] == "Spark 09"} == {"grader"}
    assert {r["source"] for r in rows if r["name"] == "Spark 01"} == {"list"}
    write_jsonl(tmp_path / "qrels.jsonl", rows)
    loaded, warnings = load_qrels(tmp_path / "qrels.jsonl", spark_db)
    assert loaded == qrels and not warnings

    # the published qrels config's columns (task_id, oracle_id, name, relevance, source), per its dataset card
    by_id = [{"task_id": "x", "oracle_id": spark_db.find("Spark 10").oracle_id, "name": "renamed since",
              "relevance": 2, "source": "list"},
             {"task_id": "x", "oracle_id": "not-an-id", "name": "Gone Card", "relevance": 1, "source": "grader"}]
    pq.write_table(pa.Table.from_pylist(by_id), tmp_path / "qrels.parquet")
    loaded, warnings = load_qrels(tmp_path / "qrels.parquet", spark_db)
    assert loaded == {"x": {spark_db.names.find("Spark 10"): 2}}
    assert warnings and "Gone Card" in warnings[0]


def test_grades_round_trip(spark_db, tmp_path):
    card = spark_db.find("Spark 11")
    grade = GradeRow(experiment="EXP-1", grading_run="run-1", task_id="t-burn", oracle_id=card.oracle_id,
                     name=card.name, grade=2, on_list=False, kind="pool", pass_number=1, grader_model="m",
                     row=spark_db.names.find("Spark 11"))
    write_jsonl(tmp_path / "grades.jsonl", [grade])
    assert json.loads((tmp_path / "grades.jsonl").read_text())["pass"] == 1
    loaded, warnings = load_grades(tmp_path / "grades.jsonl", spark_db)
    assert loaded == [grade] and not warnings
    pq.write_table(pa.Table.from_pylist([{**grade.to_json(), "oracle_id": "unknown", "name": "Nope"}]),
                   tmp_path / "grades.parquet")
    loaded, warnings = load_grades(tmp_path / "grades.parquet", spark_db)
    assert loaded == [] and "Nope" in warnings[0]


def test_returned_cards_pool_episodes_and_skip_known_tasks(spark_db, tasks_file, tmp_path):
    tasks = load_tasks(tasks_file, spark_db).tasks
    episodes = [{"task_id": "t-burn", "model": "a", "submitted": ["Spark 01", "Nonsense"],
                 "valid": ["Spark 01", "Spark 20"]},
                {"task_id": "t-burn", "model": "b", "submitted": ["Spark 21", "Spark 01"]},
                {"task_id": "t-known", "model": "a", "submitted": ["Grove Beast 1"]},
                {"task_id": "t-nope", "model": "a", "submitted": []}]
    write_jsonl(tmp_path / "episodes.jsonl", episodes)
    returned, warnings = load_returned(tmp_path / "episodes.jsonl", tasks, spark_db)
    row = spark_db.names.find
    assert returned == {"t-burn": [row("Spark 01"), row("Spark 20"), row("Spark 21")]}
    assert any("t-nope" in w for w in warnings)


def test_shipped_tasks_load_against_the_bundled_store():
    task_set = load_tasks(SHIPPED_TASKS, grimoire.open())
    kinds = [task.kind for task in task_set.tasks]
    assert len(kinds) >= 84 and kinds.count("deck") >= 50 and kinds.count("attr") >= 15
    known = [task for task in task_set.tasks if task.kind == "known"]
    assert len(known) >= 20 and all(task.target is not None for task in known)
    assert sum(task.popular for task in known) * 2 == len(known)
    assert not task_set.warnings
    assert all(task.split in ("dev", "test") for task in task_set.tasks)
