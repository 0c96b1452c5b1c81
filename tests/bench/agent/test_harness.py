"""The agent harness end to end, offline: scripted models, the no-model baseline, mockllm and replay, over the
small test store. Every run leaves an inspect log and an EPISODES JSONL."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from inspect_ai.model import ModelOutput, ModelUsage

from grimoire.bench.agent.dataset import load_tasks
from grimoire.bench.agent.harness import Arm, episodes_from_log, run_agent_bench
from grimoire.llm import get_model

TASKS = [
    {"id": "burn", "prompt": "a cheap red instant that deals damage", "kind": "attr",
     "filters": json.dumps({"color_identity": "r"}), "relevant_names": ["Lightning Bolt"]},
    {"id": "ramp", "prompt": "creatures that add mana", "kind": "deck", "filters": "{}",
     "relevant_names": ["Llanowar Elves", "Birds of Paradise"]},
    {"id": "bolt", "prompt": "the one-mana red spell that deals 3 damage to any target", "kind": "known",
     "filters": "{}", "relevant_names": ["Lightning Bolt"]},
]
ARM = Arm(tools="search", search_mode="bm25")


@pytest.fixture
def tasks(small_db, tmp_path):
    path = tmp_path / "tasks.jsonl"
    path.write_text("".join(json.dumps(t) + "\n" for t in TASKS))
    return load_tasks(path, small_db).tasks


def script(tmp_path: Path, turns: list, name: str = "script.jsonl") -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps(t) + "\n" for t in turns))
    return f"scripted/{path}"


def by_task(run) -> dict[str, dict]:
    return {e["task_id"]: e for e in run.episodes}


def test_five_call_limit_refuses_further_calls_and_scores_the_list(small_db, tasks, tmp_path):
    turns = [{"tool": "search", "arguments": {"query": "damage"}}] * 7
    turns.append({"tool": "submit", "arguments": {"cards": ["Lightning Bolt"]}})
    run = run_agent_bench(tasks[:1], small_db, model=script(tmp_path, turns), arm=ARM, log_dir=tmp_path / "logs")
    episode = by_task(run)["burn"]
    assert episode["calls_used"] == 5 and episode["refused_calls"] == 2
    assert episode["valid"] == ["Lightning Bolt"] and episode["score"] == pytest.approx(0.1)
    assert run.log_path.exists() and run.episodes_path.exists()


def test_a_list_is_empty_when_the_agent_never_submits(small_db, tasks, tmp_path):
    turns = [{"tool": "search", "arguments": {"query": "damage"}}] * 12
    run = run_agent_bench(tasks[:1], small_db, model=script(tmp_path, turns), arm=ARM, log_dir=tmp_path / "logs")
    episode = by_task(run)["burn"]
    assert episode["never_submitted"] and episode["valid"] == [] and episode["score"] == 0.0


def test_names_never_seen_are_flagged_and_dropped(small_db, tasks, tmp_path):
    turns = [{"tool": "search", "arguments": {"query": "add mana"}},
             {"tool": "submit", "arguments": {"cards": ["Llanowar Elves", "Black Lotus", "Birds of Paradise"]}}]
    run = run_agent_bench(tasks[1:2], small_db, model=script(tmp_path, turns), arm=ARM, log_dir=tmp_path / "logs")
    episode = by_task(run)["ramp"]
    assert episode["flagged"] == ["Black Lotus"]
    assert episode["valid"] == ["Llanowar Elves", "Birds of Paradise"]
    assert episode["submitted"] == ["Llanowar Elves", "Black Lotus", "Birds of Paradise"]
    assert episode["score"] == pytest.approx(0.2)


def test_only_the_first_twenty_names_count(small_db, tasks, tmp_path):
    seen = [c.name for c in small_db.cards_at(list(range(len(small_db))))]
    turns = [{"tool": "search", "arguments": {"query": "f:vintage"}},
             {"tool": "submit", "arguments": {"cards": seen[:25]}}]
    arm = Arm(tools="search", search_mode="bm25")
    run = run_agent_bench(tasks[1:2], small_db, model=script(tmp_path, turns), arm=arm, log_dir=tmp_path / "logs")
    episode = by_task(run)["ramp"]
    assert episode["over_limit"] == 5 and len(episode["submitted"]) == 25
    assert len(episode["valid"]) + len(episode["flagged"]) == 20


def test_baseline_agent_runs_end_to_end(small_db, tasks, tmp_path):
    run = run_agent_bench(tasks, small_db, model="baseline", arm=ARM, log_dir=tmp_path / "logs")
    episodes = by_task(run)
    assert set(episodes) == {"burn", "ramp", "bolt"}
    assert episodes["bolt"]["score"] == 1.0  # the baseline finds Lightning Bolt
    assert all(e["flagged"] == [] and e["calls_used"] == 1 and e["cost"] == 0 for e in episodes.values())
    assert "Lightning Bolt" in episodes["burn"]["valid"]
    rows = [json.loads(line) for line in run.episodes_path.read_text().splitlines()]
    assert {r["task_id"] for r in rows} == {"burn", "ramp", "bolt"}
    assert {"model", "arm", "prompt_variant", "submitted", "valid", "flagged", "input_tokens", "output_tokens",
            "cost"} <= rows[0].keys()
    summary = run.summary()
    assert summary["known"][0] == 1.0 and summary["deck+attr"][3] == 2


def test_mockllm_runs_end_to_end(small_db, tasks, tmp_path):
    usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
    outputs = [ModelOutput.for_tool_call("mockllm/model", "search", {"query": "add mana"}),
               ModelOutput.for_tool_call("mockllm/model", "submit", {"cards": ["Birds of Paradise"]})]
    for output in outputs:
        output.usage = usage
    model = get_model("mockllm/model", custom_outputs=outputs)
    run = run_agent_bench(tasks[1:2], small_db, model=model, arm=ARM, log_dir=tmp_path / "logs")
    episode = by_task(run)["ramp"]
    assert episode["valid"] == ["Birds of Paradise"] and episode["model"] == "mockllm/model"
    assert episode["input_tokens"] == 200 and episode["output_tokens"] == 20 and episode["cost"] == 0


def test_calls_without_token_usage_are_still_counted_and_priced_erring_high(small_db, tasks, tmp_path):
    from grimoire.llm.cost import Price

    turns = [{"tool": "search", "arguments": {"query": "add mana"}, "usage": None},  # a provider reporting none
             {"tool": "submit", "arguments": {"cards": ["Birds of Paradise"]}, "usage": None}]
    run = run_agent_bench(tasks[1:2], small_db, model=script(tmp_path, turns), arm=ARM, log_dir=tmp_path / "logs",
                          price=Price(input=1.0, output=2.0, cached_input=1.0, cache_write=1.0))
    episode = by_task(run)["ramp"]
    assert episode["estimated_calls"] == 2
    # the system prompt and both tools' definitions go out with each call, at 2 characters a token or fewer
    assert episode["input_tokens"] > 2 * 1000 and episode["output_tokens"] >= 10
    assert episode["cost"] == pytest.approx((episode["input_tokens"] * 1.0 + episode["output_tokens"] * 2.0) / 1e6)
    assert run.budget.spent == pytest.approx(episode["cost"])


def test_replay_reproduces_a_recorded_run(small_db, tasks, tmp_path):
    turns = [{"task_id": "burn", "tool": "search", "arguments": {"query": "damage"}},
             {"task_id": "burn", "tool": "submit", "arguments": {"cards": ["Lightning Bolt", "Boros Charm"]}},
             {"task_id": "ramp", "tool": "search", "arguments": {"query": "add mana"}},
             {"task_id": "ramp", "tool": "submit", "arguments": {"cards": ["Birds of Paradise", "Sol Ring"]}}]
    recorded = run_agent_bench(tasks[:2], small_db, model=script(tmp_path, turns), arm=ARM,
                               log_dir=tmp_path / "first")
    replayed = run_agent_bench(tasks[:2], small_db, model=f"replay/{recorded.log_path}", arm=ARM,
                               log_dir=tmp_path / "second")
    for task_id in ("burn", "ramp"):
        assert by_task(replayed)[task_id]["submitted"] == by_task(recorded)[task_id]["submitted"]
        assert by_task(replayed)[task_id]["valid"] == by_task(recorded)[task_id]["valid"]
        assert by_task(replayed)[task_id]["input_tokens"] == by_task(recorded)[task_id]["input_tokens"]
    assert by_task(recorded)["ramp"]["valid"] == ["Birds of Paradise", "Sol Ring"]
    assert episodes_from_log(recorded.log_path) == recorded.episodes


def test_replaying_the_baseline_counts_no_tokens(small_db, tasks, tmp_path):
    recorded = run_agent_bench(tasks[:2], small_db, model="baseline", arm=ARM, log_dir=tmp_path / "first")
    replayed = run_agent_bench(tasks[:2], small_db, model=f"replay/{recorded.log_path}", arm=ARM,
                               log_dir=tmp_path / "second")
    assert [(e["input_tokens"], e["output_tokens"]) for e in replayed.episodes] == [(0, 0), (0, 0)]
    assert [e["submitted"] for e in replayed.episodes] == [e["submitted"] for e in recorded.episodes]


def test_budget_stops_the_run_and_says_so(small_db, tasks, tmp_path, monkeypatch):
    monkeypatch.setattr("grimoire.llm.loop.cost_of", lambda model, usage, price=None: 0.01)
    turns = [{"tool": "search", "arguments": {"query": "damage"}},
             {"tool": "submit", "arguments": {"cards": ["Lightning Bolt"]}}]
    run = run_agent_bench(tasks, small_db, model=script(tmp_path, turns), arm=ARM, max_cost=0.025,
                          log_dir=tmp_path / "logs", max_samples=1)
    episodes = by_task(run)  # one sample at a time, in task order
    assert run.budget.spent == pytest.approx(0.03)
    assert [episodes[t]["skipped"] for t in ("burn", "ramp", "bolt")] == [False, False, True]
    assert episodes["ramp"]["budget_stopped"] and episodes["ramp"]["valid"] == []
    assert run.skipped == 1 and len(run.scored) == 2


def test_budget_refuses_a_model_without_a_price(small_db, tasks, tmp_path):
    with pytest.raises(ValueError, match="no price"):
        run_agent_bench(tasks, small_db, model="ollama/some-local-model", arm=ARM, max_cost=1.0,
                        log_dir=tmp_path / "logs")


def test_grep_arm_sees_only_cards_within_the_filters(small_db, tasks, tmp_path):
    turns = [{"tool": "grep", "arguments": {"pattern": "deals? \\d+ damage"}},
             {"tool": "submit", "arguments": {"cards": ["Lightning Bolt", "Boros Charm"]}}]
    for mode in ("line", "record"):
        arm = Arm(tools="grep", grep_mode=mode, prompt="tuned")
        run = run_agent_bench(tasks[:1], small_db, model=script(tmp_path, turns), arm=arm,
                              log_dir=tmp_path / mode)
        episode = by_task(run)["burn"]
        assert episode["valid"] == ["Lightning Bolt"]  # Boros Charm is outside id<=r, so grep never showed it
        assert episode["flagged"] == ["Boros Charm"] and episode["arm"] == f"grep/{mode}"


def test_api_keys_never_reach_any_file_written(small_db, tasks, tmp_path, monkeypatch):
    secrets = {"ANTHROPIC_API_KEY": "sk-ant-fake-GRIMOIRE-0123456789abcdef",
               "OPENAI_API_KEY": "sk-fake-GRIMOIRE-openai-9876543210fedcba"}
    for name, value in secrets.items():
        monkeypatch.setenv(name, value)
    turns = [{"tool": "search", "arguments": {"query": "damage"}},
             {"tool": "submit", "arguments": {"cards": ["Lightning Bolt"]}}]
    log_dir = tmp_path / "logs"
    run_agent_bench(tasks[:1], small_db, model=script(tmp_path, turns), arm=ARM, log_dir=log_dir)
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.suffix == ".eval" for p in written)
    for path in written:
        contents = [path.read_bytes()]
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                contents.extend(archive.read(member) for member in archive.namelist())
        for blob in contents:
            for value in secrets.values():
                assert value.encode() not in blob, f"{name} leaked into {path}"


def test_cli_runs_the_baseline_and_prints_the_table(tmp_path, capsys, home):
    from grimoire.cli import main

    tasks_file = tmp_path / "tasks.jsonl"
    tasks_file.write_text("".join(json.dumps(t) + "\n" for t in TASKS))
    code = main(["bench", "agent", "--model", "baseline", "--tasks", str(tasks_file), "--log-dir",
                 str(tmp_path / "logs")])
    out = capsys.readouterr().out
    assert code == 0 and "baseline · search" in out and "P@10 deck+attr (2)" in out and "found (1)" in out
    assert list((tmp_path / "logs").glob("*.episodes.jsonl"))


def test_rescoring_a_run_from_its_log_reports_the_cost_it_really_had(small_db, tasks, tmp_path):
    from inspect_ai.log import read_eval_log, write_eval_log

    from grimoire.llm.cost import cost_of

    turns = [{"task_id": "burn", "tool": "search", "arguments": {"query": "damage"}},
             {"task_id": "burn", "tool": "submit", "arguments": {"cards": ["Lightning Bolt"]}}]
    recorded = run_agent_bench(tasks[:1], small_db, model=script(tmp_path, turns), arm=ARM,
                               log_dir=tmp_path / "first")
    log = read_eval_log(str(recorded.log_path))
    log.eval.model = "anthropic/claude-sonnet-4-5"  # as if a priced model had made the recorded calls
    priced = tmp_path / "priced.eval"
    write_eval_log(log, str(priced))
    usages = [event.output.usage for sample in log.samples for event in sample.events
              if getattr(event, "event", None) == "model"]
    expected = sum(cost_of("anthropic/claude-sonnet-4-5", usage) for usage in usages)
    replayed = run_agent_bench(tasks[:1], small_db, model=f"replay/{priced}", arm=ARM, log_dir=tmp_path / "second")
    assert expected > 0
    assert by_task(replayed)["burn"]["cost"] == pytest.approx(expected)
