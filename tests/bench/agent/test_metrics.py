"""Scores of the agent tasks against hand-computed values."""

from __future__ import annotations

import pytest

from grimoire.bench.agent.dataset import AgentTask
from grimoire.bench.agent.metrics import (
    TaskScore,
    format_table,
    found_in_list,
    precision_at_10,
    score_task,
    summarize,
)


def test_precision_counts_empty_slots_as_misses_and_duplicates_once():
    relevant = {1, 2, 3}
    assert precision_at_10([1, 2, 3], relevant) == pytest.approx(0.3)
    assert precision_at_10([1, 1, 1, 2], relevant) == pytest.approx(0.2)
    assert precision_at_10([9, 8, 7, 6, 5, 4, 10, 11, 12, 13, 1, 2], relevant) == 0.0
    assert precision_at_10(list(range(1, 11)), set(range(1, 11))) == 1.0
    assert precision_at_10([], relevant) == 0.0
    assert precision_at_10([5, 1, 5, 2], {1: 2, 2: 1}) == pytest.approx(0.2)


def test_found_anywhere_in_the_list():
    assert found_in_list(list(range(20)), 19)
    assert not found_in_list([1, 2], 3)
    assert not found_in_list([1, 2], None)


def test_score_task_by_kind():
    known = AgentTask(id="k", prompt="", kind="known", filters={}, gains={7: 2}, target=7)
    deck = AgentTask(id="d", prompt="", kind="deck", filters={}, gains={1: 1})
    assert score_task(known, [3, 7], {7: 2}).value == 1.0
    assert score_task(deck, [1, 2], {1: 1, 2: 1}, tokens=900, cost=0.01) == \
        TaskScore("d", "deck", 0.2, 900, 0.01)


def test_summary_columns_and_table():
    results = [TaskScore("a", "deck", 0.5, 1000, 0.01), TaskScore("b", "deck", 0.7, 3000, 0.03),
               TaskScore("c", "attr", 1.0, 2000, 0.02), TaskScore("k", "known", 1.0, 2000, 0.02),
               TaskScore("l", "known", 0.0, 2000, 0.02)]
    summary = summarize(results)
    assert summary["deck+attr"][0] == pytest.approx(2.2 / 3) and summary["deck+attr"][3] == 3
    assert summary["deck"][:1] == (pytest.approx(0.6),) and summary["attr"] == (1.0, 1.0, 1.0, 1)
    assert summary["known"][0] == 0.5 and summary["known"][3] == 2
    assert summary["tokens"][0] == 2000 and summary["cost"][0] == pytest.approx(0.02)
    low, high = summary["deck"][1:3]
    assert 0.5 <= low <= 0.6 <= high <= 0.7
    table = format_table({"search, minimal prompt": summary})
    assert "search, minimal prompt" in table and "P@10 deck+attr (3)" in table and "2.0k" in table
