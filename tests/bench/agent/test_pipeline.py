"""The whole agent pipeline offline, on the shipped tasks and the bundled cards:
tasks -> episodes (no-key baseline agent) -> blind grades (scripted grader) -> qrels -> table."""

from __future__ import annotations

from pathlib import Path

import grimoire
from grimoire.bench.agent.dataset import list_qrels, load_returned, load_tasks
from grimoire.bench.agent.grader import grade_cards, rebuild_qrels, ungraded
from grimoire.bench.agent.harness import run_agent_bench
from grimoire.bench.agent.metrics import format_table, score_task, summarize
from tests.bench.agent.test_grader import Grader

SHIPPED_TASKS = Path(grimoire.__file__).parent / "bench" / "agent" / "tasks" / "tasks.jsonl"


def test_baseline_episodes_are_graded_into_qrels_and_scored(tmp_path):
    db = grimoire.open()
    task_set = load_tasks(SHIPPED_TASKS, db)
    assert len(task_set.tasks) >= 80 and not task_set.warnings
    tasks = [t for t in task_set.tasks if t.kind == "deck"][:3]
    run = run_agent_bench(tasks, db, model="baseline", log_dir=tmp_path)
    assert run.log_path.exists() and run.episodes_path.exists()

    returned, warnings = load_returned(run.episodes_path, tasks, db)
    assert not warnings and all(len(rows) == 20 for rows in returned.values())
    qrels = list_qrels(tasks)
    before = ungraded(returned, qrels, [])
    assert sum(map(len, before.values())) > 0  # the baseline found cards no list holds: they must be graded

    grader = Grader(rule=lambda name: 1 if "Treasure" not in name else 0)
    report = grade_cards(tasks, returned, qrels, grader, db=db, seed=1, grader_model="scripted", experiment="E2E")
    assert report.rows and grader.prompts
    assert not ungraded(returned, qrels, report.rows)
    rebuilt = rebuild_qrels(tasks, qrels, report.rows)
    for task in tasks:
        assert set(qrels[task.id]) <= set(rebuilt[task.id])  # a grade never removes a list card

    scores = [score_task(t, returned[t.id], rebuilt[t.id]) for t in tasks]
    table = format_table({"baseline · search": summarize(scores)})
    assert "baseline · search" in table
    assert all(s.value == 1.0 for s in scores)  # the scripted grader accepted every non-Treasure card


def test_cli_marks_a_run_with_ungraded_cards_as_provisional(tmp_path):
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "grimoire", "bench", "agent", "--model", "baseline", "--tools",
                             "search", "--limit", "2", "--log-dir", str(tmp_path)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "PROVISIONAL" in result.stdout and "grimoire bench grade" in result.stdout
