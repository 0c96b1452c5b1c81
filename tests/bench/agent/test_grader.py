"""The blind relevance grader with a scripted model: batches, seeded order, the prompt, decoys, kappa, qrels."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grimoire.bench.agent.dataset import GradeRow, list_qrels, load_tasks
from grimoire.bench.agent.grader import (
    BATCH_SIZE,
    cohen_kappa,
    grade_cards,
    parse_grades,
    rebuild_qrels,
    ungraded,
)

# The seed's grader instructions, copied verbatim from the dataset card into the repo (tests/fixtures/seeds/README.md).
SEED_RUBRIC = (Path(__file__).parents[2] / "fixtures" / "seeds" / "agent_relevance_grader.txt").read_text(
    encoding="utf-8").strip()


class Grader:
    """A scripted model: grades each card in the prompt with ``rule(name)``, recording every prompt."""

    def __init__(self, rule=lambda name: 1, junk: int = 0):
        self.rule = rule
        self.junk = junk  # how many replies to botch first
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.junk:
            self.junk -= 1
            return "I think these are all great cards!"
        names = re.findall(r"^Card (\d+): (.+?)  ", prompt, re.MULTILINE)
        return "Here you go:\n```json\n" + json.dumps(
            {"grades": [{"card": int(n), "grade": self.rule(name)} for n, name in names]}) + "\n```"


def cards_in(prompt: str) -> list[str]:
    return [name for _, name in re.findall(r"^Card (\d+): (.+?)  ", prompt, re.MULTILINE)]


@pytest.fixture
def setup(spark_db, tasks_file):
    tasks = load_tasks(tasks_file, spark_db).tasks
    row = spark_db.names.find
    returned = {"t-burn": [row(f"Spark {n:02d}") for n in range(1, 21)],  # 3 on the list, 17 to grade
                "t-known": [row("Grove Beast 1"), row("Grove Beast 2")]}
    return tasks, returned, list_qrels(tasks)


def run(spark_db, setup, grader, **kwargs):
    tasks, returned, qrels = setup
    options = {"seed": 7, "grader_model": "scripted", "experiment": "EXP-T", **kwargs}
    return grade_cards(tasks, returned, qrels, grader, db=spark_db, **options)


def test_batches_of_15_with_decoys_in_a_reproducible_order(spark_db, setup):
    grader = Grader()
    report = run(spark_db, setup, grader, regrade_share=0)
    first_pass = [cards_in(p) for p in grader.prompts]
    assert [len(batch) for batch in first_pass] == [BATCH_SIZE, 4]  # 17 returned + 2 decoys
    graded = [name for batch in first_pass for name in batch]
    assert not {"Spark 01", "Spark 02", "Spark 03"} & set(graded)  # on the list: not re-graded
    assert not any(name.startswith("Grove Beast") for name in graded)  # known tasks are not graded
    decoys = [r for r in report.rows if r.kind == "decoy_random"]
    assert len(decoys) == 2 and all(int(d.name.split()[1]) > 20 for d in decoys)
    assert report.decoys_total == 2 and report.decoys_accepted == 2
    assert len(report.pool_rows) == 17 and all(not r.on_list for r in report.pool_rows)
    again = Grader()
    run(spark_db, setup, again, regrade_share=0)
    assert [cards_in(p) for p in again.prompts] == first_pass
    other = Grader()
    run(spark_db, setup, other, regrade_share=0, seed=8)
    assert [cards_in(p) for p in other.prompts] != first_pass


def test_prompt_shows_request_constraints_and_text_but_not_agents_list_or_popularity(spark_db, setup):
    grader = Grader()
    run(spark_db, setup, grader, regrade_share=0)
    prompt = grader.prompts[0]
    assert SEED_RUBRIC in prompt
    assert "A one-mana red burn instant." in prompt
    assert "colour identity within red" in prompt and "card type: instant" in prompt
    assert "damage to any target" in prompt
    for hidden in ("scripted", "EXP-T", "agent", "on the list", "EDHREC", "rank", "Rarity", "Game Changer",
                   "decoy", "Spark 01 "):
        assert hidden not in prompt


def test_decoys_rejected_are_counted(spark_db, setup):
    tasks, returned, _ = setup
    chosen = {spark_db.columns.name[r] for r in returned["t-burn"]}
    report = run(spark_db, setup, Grader(lambda name: 1 if name in chosen else 0), regrade_share=0)
    assert report.decoys_total == 2 and report.decoys_accepted == 0
    assert "decoys accepted (grade >= 1): 0 of 2" in report.summary()


def test_regrade_reports_kappa(spark_db, setup):
    grader = Grader(lambda name: int(name.split()[1]) % 3)
    report = run(spark_db, setup, grader, regrade_share=0.5)
    assert len(grader.prompts) == 3
    regraded = [r for r in report.rows if r.pass_number == 2]
    assert report.regraded == len(regraded) > 0
    assert report.kappa == 1.0
    first = next(p for p in grader.prompts[:2] if set(cards_in(p)) == set(cards_in(grader.prompts[2])))
    assert cards_in(first) != cards_in(grader.prompts[2])  # a new order


def test_unparseable_reply_is_retried_then_reported(spark_db, setup):
    report = run(spark_db, setup, Grader(junk=1), regrade_share=0)
    assert not report.failed and report.calls == 3 and len(report.pool_rows) == 17
    report = run(spark_db, setup, Grader(junk=2), regrade_share=0)
    assert len(report.failed) == 1 and report.calls == 3
    assert "FAILED" in report.summary()
    tasks, returned, qrels = setup
    missing = ungraded(returned | {"t-known": []}, qrels, report.rows)
    assert sum(len(rows) for rows in missing.values()) == len(report.failed[0][1])


def test_parse_grades():
    assert parse_grades('{"grades": [{"card": 2, "grade": 0}, {"card": 1, "grade": "2"}]}', 2) == [2, 0]
    assert parse_grades("no json here", 1) is None
    assert parse_grades('{"grades": [{"card": 1, "grade": 3}]}', 1) is None
    assert parse_grades('{"grades": [{"card": 1, "grade": 1}]}', 2) is None
    assert parse_grades('{"grades": [{"card": 1, "grade": 1}, {"card": 1, "grade": 1}]}', 2) is None
    assert parse_grades('{"grades": [{"card": 1, "grade": 1}', 1) is None
    # a model's "²" is a digit to str.isdigit() but no number: an unusable reply, not a ValueError
    assert parse_grades('{"grades": [{"card": "²", "grade": "1"}]}', 1) is None
    assert parse_grades('{"grades": [{"card": "1", "grade": "²"}]}', 1) is None


def test_cohen_kappa_by_hand():
    assert cohen_kappa([True, False, True], [True, False, True]) == 1.0
    assert cohen_kappa([1, 1, 1], [1, 1, 1]) == 1.0
    # 2x2 table: both yes 20, a yes/b no 5, a no/b yes 10, both no 15 -> po 0.7, pe 0.5 -> kappa 0.4
    a = [1] * 20 + [1] * 5 + [0] * 10 + [0] * 15
    b = [1] * 20 + [0] * 5 + [1] * 10 + [0] * 15
    assert cohen_kappa(a, b) == pytest.approx(0.4)
    with pytest.raises(ValueError):
        cohen_kappa([1], [1, 0])


def grade(task_id, row, value, run="r1", kind="pool", pass_number=1):
    return GradeRow(experiment="E", grading_run=run, task_id=task_id, oracle_id="", name="", grade=value,
                    on_list=False, kind=kind, pass_number=pass_number, grader_model="m", row=row)


def test_rebuild_qrels_rule(spark_db, tasks_file):
    tasks = load_tasks(tasks_file, spark_db).tasks
    row = spark_db.names.find
    listed, earlier, new, zero = row("Spark 01"), row("Spark 30"), row("Spark 31"), row("Spark 32")
    qrels = list_qrels(tasks)
    qrels["t-burn"][earlier] = 2  # graded relevant by an earlier run
    grades = [grade("t-burn", listed, 0), grade("t-burn", new, 1), grade("t-burn", zero, 2),
              grade("t-burn", zero, 0, run="r2"), grade("t-burn", new, 0, pass_number=2),
              grade("t-burn", row("Spark 33"), 2, kind="decoy_random")]
    rebuilt = rebuild_qrels(tasks, qrels, grades)
    burn = rebuilt["t-burn"]
    assert burn[listed] == 2  # a 0 never removes a list card
    assert burn[earlier] == 2 and burn[new] == 1  # a re-grade (pass 2) does not change labels
    assert zero not in burn  # the latest run's 0 wins over an earlier 2
    assert row("Spark 33") not in burn  # decoys only check the grader
    assert rebuilt["t-known"] == {row("Grove Beast 1"): 2}


def test_ungraded_cards_are_reported(spark_db):
    qrels = {"t": {1: 2}}
    returned = {"t": [1, 2, 3, 2], "u": [4]}
    assert ungraded(returned, qrels, [grade("t", 2, 0)]) == {"t": [3], "u": [4]}
    assert ungraded({"t": [1]}, qrels, []) == {}


def test_bench_grade_command(home, tmp_path):
    import subprocess
    import sys

    episodes = tmp_path / "episodes.jsonl"
    episodes.write_text(json.dumps({"task_id": "aa-001", "model": "m", "arm": "search", "prompt_variant": "minimal",
                                    "submitted": ["Lightning Bolt", "Counterspell", "Giant Growth", "Llanowar Elves"],
                                    "valid": ["Lightning Bolt", "Counterspell", "Giant Growth", "Llanowar Elves"],
                                    "flagged": [], "input_tokens": 10, "output_tokens": 5, "cost": 0.0}) + "\n")
    reply = json.dumps({"grades": [{"card": n, "grade": 1} for n in range(1, 6)]})
    script = tmp_path / "grader.jsonl"
    script.write_text(json.dumps({"text": reply}) + "\n" + json.dumps({"text": reply}) + "\n")
    out = tmp_path / "grades"

    def grade(model: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "grimoire", "bench", "grade", "--model", model,
                               "--run", str(episodes), "--out", str(out), "--seed", "3"],
                              capture_output=True, text=True, timeout=120)

    result = grade(f"scripted/{script}")
    assert result.returncode == 0, result.stderr
    assert "decoys accepted (grade >= 1): 2 of 2" in result.stdout
    rows = [json.loads(line) for line in (out / "relevance_grades.jsonl").read_text().splitlines()]
    assert len(rows) == 10 and {r["pass"] for r in rows} == {1, 2}
    assert {r["name"] for r in rows if r["kind"] == "pool"} == {"Counterspell", "Giant Growth", "Llanowar Elves"}
    qrels = [json.loads(line) for line in (out / "qrels.jsonl").read_text().splitlines()]
    assert {"task_id": "aa-001", "name": "Counterspell", "source": "grader", "relevance": 1} \
        .items() <= next(q for q in qrels if q["name"] == "Counterspell").items()
    assert any(q["name"] == "Lightning Bolt" and q["source"] == "list" for q in qrels)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert grade(f"scripted/{empty}").returncode == 0  # everything is judged already: no call is made
