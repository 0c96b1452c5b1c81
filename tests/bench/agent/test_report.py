"""The agent benchmark's summary file: runs merged by label, and paired differences between runs over shared tasks."""

from __future__ import annotations

import json

import pytest

from grimoire.bench.agent.metrics import TaskScore, format_paired, per_task, summarize
from grimoire.bench.agent.report import read_paired, run_entry, write_agent_summary


def _entry(label: str, values: dict[str, tuple[str, list[float]]]) -> dict:
    scores = [TaskScore(task_id, kind, value) for task_id, (kind, vals) in values.items() for value in vals]
    return run_entry(label, summarize(scores), tasks=per_task(scores))


def test_paired_differences_over_the_tasks_both_runs_share(tmp_path):
    search = _entry("search", {"d1": ("deck", [1.0, 0.8]), "d2": ("deck", [0.5]), "a1": ("attr", [0.8]),
                               "k1": ("known", [1.0]), "only": ("deck", [0.0])})
    grep = _entry("grep", {"d1": ("deck", [0.5]), "d2": ("deck", [0.5]), "a1": ("attr", [0.4]),
                           "k1": ("known", [0.0])})
    write_agent_summary(search, tmp_path)
    path, chart = write_agent_summary(grep, tmp_path)
    paired = {row["column"]: row for row in read_paired(path)}
    assert paired["deck+attr"]["system"] == "search" and paired["deck+attr"]["reference"] == "grep"
    assert paired["deck+attr"]["n"] == 3  # "only" is not shared
    assert paired["deck+attr"]["mean"] == pytest.approx(((0.9 - 0.5) + 0 + (0.8 - 0.4)) / 3)
    assert paired["deck+attr"]["low"] <= paired["deck+attr"]["mean"] <= paired["deck+attr"]["high"]
    assert paired["known"]["mean"] == pytest.approx(1.0) and paired["known"]["n"] == 1
    assert "search − grep, deck+attr: +0.267" in format_paired(read_paired(path))
    assert chart.read_bytes()[:4] == b"\x89PNG"
    assert [run["label"] for run in json.loads(path.read_text())["runs"]] == ["search", "grep"]


def test_one_run_has_nothing_to_pair_with(tmp_path):
    path, _ = write_agent_summary(_entry("solo", {"d1": ("deck", [1.0])}), tmp_path)
    assert read_paired(path) == [] and "no two runs" in format_paired([])
