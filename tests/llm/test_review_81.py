"""Model names as Bedrock's cross-region inference profiles and Anthropic's aliases write them are priced
(review 81)."""

from __future__ import annotations

import pytest

from grimoire.llm.cost import load_prices


@pytest.mark.parametrize(("model", "listed"), [
    # Bedrock inference profile ids, as AWS's Bedrock user guide lists them ("Supported Regions and models for
    # inference profiles"): the region group, then the model id
    ("bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("bedrock/global.anthropic.claude-sonnet-4-5-20250929-v1:0", "claude-sonnet-4-5"),
    ("bedrock/eu.anthropic.claude-haiku-4-5-20251001-v1:0", "claude-haiku-4-5"),
    ("bedrock/apac.anthropic.claude-sonnet-4-20250514-v1:0", "claude-sonnet-4"),
    # Anthropic's aliases, as its models overview page names them
    ("anthropic/claude-3-5-haiku-latest", "claude-3-5-haiku"),
    ("anthropic/claude-3-7-sonnet-latest", "claude-3-7-sonnet"),
])
def test_bedrock_profiles_and_latest_aliases_have_the_base_models_price(model, listed):
    prices = load_prices()
    assert prices.price_of(model) == prices.models[listed]

