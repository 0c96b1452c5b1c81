"""Cost accounting against hand-computed prices, unknown models, and the run budget."""

from __future__ import annotations

import pytest
from inspect_ai.model import ModelUsage

from grimoire.llm.cost import Budget, cost_of, load_prices, total_cost


def test_cost_matches_a_hand_computation():
    # claude-sonnet-4-5: $3 in, $15 out, $0.30 cache read, $3.75 cache write per million tokens
    usage = ModelUsage(input_tokens=10_000, output_tokens=2_000, input_tokens_cache_read=50_000,
                       input_tokens_cache_write=4_000, total_tokens=66_000)
    expected = (10_000 * 3 + 2_000 * 15 + 50_000 * 0.30 + 4_000 * 3.75) / 1_000_000
    assert cost_of("anthropic/claude-sonnet-4-5", usage) == pytest.approx(expected)
    assert cost_of("anthropic/claude-sonnet-4-5-20250929", usage) == pytest.approx(expected)
    assert cost_of("openrouter/anthropic/claude-sonnet-4.5", usage) == pytest.approx(expected)


def test_the_longest_matching_name_wins():
    usage = {"input_tokens": 1_000_000, "output_tokens": 1_000_000}
    assert cost_of("openai/gpt-4o", usage) == pytest.approx(2.5 + 10.0)
    assert cost_of("openai/gpt-4o-mini", usage) == pytest.approx(0.15 + 0.6)
    assert cost_of("openai/gpt-5-mini-2025-08-07", usage) == pytest.approx(0.25 + 2.0)


def test_unknown_models_cost_none_and_scripted_ones_nothing():
    usage = {"input_tokens": 1000, "output_tokens": 10}
    assert cost_of("ollama/llama3.1", usage) is None
    assert cost_of("scripted/some/file.jsonl", usage) == 0.0
    assert total_cost([0.5, None]) is None and total_cost([0.5, 0.25]) == 0.75


def test_price_table_records_its_date_and_source():
    table = load_prices()
    assert table.date and len(table.models) >= 10


def test_budget_is_exhausted_once_spend_reaches_the_cap():
    budget = Budget(0.05)
    budget.charge(0.02)
    assert not budget.exhausted
    budget.charge(None)
    budget.charge(0.03)
    assert budget.exhausted and budget.unknown_calls == 1
    assert not Budget(None).exhausted
