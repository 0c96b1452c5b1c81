"""Cost accounting against hand-computed prices, unknown models, and the run budget."""

from __future__ import annotations

import pytest
from inspect_ai.model import ModelUsage

from grimoire.bench.common import run_budget
from grimoire.llm.cost import Budget, Price, cost_of, load_prices, total_cost


def test_cost_matches_a_hand_computation():
    # claude-sonnet-4-5: $3 in, $15 out, $0.30 cache read, $3.75 cache write per million tokens
    usage = ModelUsage(input_tokens=10_000, output_tokens=2_000, input_tokens_cache_read=50_000,
                       input_tokens_cache_write=4_000, total_tokens=66_000)
    expected = (10_000 * 3 + 2_000 * 15 + 50_000 * 0.30 + 4_000 * 3.75) / 1_000_000
    assert cost_of("anthropic/claude-sonnet-4-5", usage) == pytest.approx(expected)
    assert cost_of("anthropic/claude-sonnet-4-5-20250929", usage) == pytest.approx(expected)
    assert cost_of("openrouter/anthropic/claude-sonnet-4.5", usage) == pytest.approx(expected)


def test_a_name_matches_its_own_price_or_its_dated_snapshot():
    usage = {"input_tokens": 1_000_000, "output_tokens": 1_000_000}
    assert cost_of("openai/gpt-4o", usage) == pytest.approx(2.5 + 10.0)
    assert cost_of("openai/gpt-4o-mini", usage) == pytest.approx(0.15 + 0.6)
    assert cost_of("openai/gpt-5-mini-2025-08-07", usage) == pytest.approx(0.25 + 2.0)
    assert cost_of("openai/gpt-4o-2024-08-06", usage) == pytest.approx(2.5 + 10.0)
    assert cost_of("bedrock/anthropic.claude-3-5-haiku-20241022-v1:0", usage) == pytest.approx(0.8 + 4.0)


@pytest.mark.parametrize("model", ["openai/gpt-5-pro", "openai/o3-pro", "openai/o3-mini", "openai/gpt-4.1-nano",
                                   "anthropic/claude-opus-4-6", "openai/gpt-5-codex", "openai/o3-deep-research"])
def test_another_model_never_inherits_a_shorter_names_price(model):
    assert load_prices().price_of(model) is None
    assert cost_of(model, {"input_tokens": 1000, "output_tokens": 10}) is None


def test_a_price_the_user_passes_is_used_and_checked():
    price = Price.parse("15,120")
    assert cost_of("openai/gpt-5-pro", {"input_tokens": 1_000_000, "output_tokens": 1_000_000},
                   price=price) == pytest.approx(135.0)
    assert price.cached_input == 15 and price.source == "passed by the user"
    with pytest.raises(ValueError, match="--price"):
        Price.parse("cheap")


def test_max_cost_refuses_a_model_with_no_price_unless_one_is_passed():
    with pytest.raises(ValueError, match="--price"):
        run_budget("openai/gpt-5-pro", 1.0)
    assert run_budget("openai/gpt-5-pro", 1.0, Price.parse("15,120")).price.output == 120
    assert run_budget("openai/gpt-5-pro", None).max_cost is None
    assert run_budget("anthropic/claude-sonnet-4-5", 1.0).price is None


def test_unknown_models_cost_none_and_scripted_ones_nothing():
    usage = {"input_tokens": 1000, "output_tokens": 10}
    assert cost_of("ollama/llama3.1", usage) is None
    assert cost_of("scripted/some/file.jsonl", usage) == 0.0
    assert total_cost([0.5, None]) is None and total_cost([0.5, 0.25]) == 0.75


def test_price_table_records_its_date_and_each_prices_source():
    table = load_prices()
    assert table.date == "2025-10-01" and len(table.models) >= 10
    assert all(price.source.startswith("https://") for price in table.models.values())
    assert "anthropic.com" in table.price_of("anthropic/claude-sonnet-4-5").source


def test_budget_is_exhausted_once_spend_reaches_the_cap():
    budget = Budget(0.05)
    budget.charge(0.02)
    assert not budget.exhausted
    budget.charge(None)
    budget.charge(0.03)
    assert budget.exhausted and budget.unknown_calls == 1
    assert not Budget(None).exhausted
