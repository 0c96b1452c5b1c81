"""What a run costs: a price table (``data/prices.json``), the cost of one call's token usage, and a run budget.

Prices are USD per million tokens. A model missing from the table costs ``None`` (unknown), never 0.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

PRICES_FILE = Path(__file__).resolve().parent.parent / "data" / "prices.json"
PER_TOKENS = 1_000_000


@dataclass(frozen=True)
class Price:
    """USD per million tokens."""

    input: float
    output: float
    cached_input: float
    cache_write: float


@dataclass(frozen=True)
class PriceTable:
    models: dict[str, Price]
    free_providers: frozenset[str]
    date: str

    def price_of(self, model: str) -> Price | None:
        """The price of ``model`` (``anthropic/claude-sonnet-4-5-20250929``, ``openrouter/openai/gpt-4o``, ...):
        the longest table key the bare model name starts with; free for scripted, replay and mock models."""
        provider = model.split("/", 1)[0]
        if provider in self.free_providers:
            return Price(0.0, 0.0, 0.0, 0.0)
        bare = model.rsplit("/", 1)[-1].lower().replace(".", "-")
        matches = [key for key in self.models if bare == key or bare.startswith(key + "-")
                   or bare.startswith(key + "@") or bare.startswith(key + ":")]
        return self.models[max(matches, key=len)] if matches else None


@cache
def load_prices(path: Path = PRICES_FILE) -> PriceTable:
    data = json.loads(Path(path).read_text())
    models = {key.replace(".", "-"): Price(**value) for key, value in data["models"].items()}
    return PriceTable(models=models, free_providers=frozenset(data.get("free_providers", ())), date=data["date"])


def _get(usage: Any, name: str) -> int:
    value = usage.get(name) if isinstance(usage, dict) else getattr(usage, name, None)
    return int(value or 0)


def cost_of(model: str, usage: Any, prices: PriceTable | None = None) -> float | None:
    """USD for one call's token usage (an inspect ``ModelUsage`` or a dict with its field names); ``None``
    when the model has no price. ``input_tokens`` excludes cache reads and writes, as in inspect."""
    price = (prices or load_prices()).price_of(model)
    if price is None:
        return None
    return (_get(usage, "input_tokens") * price.input + _get(usage, "output_tokens") * price.output
            + _get(usage, "input_tokens_cache_read") * price.cached_input
            + _get(usage, "input_tokens_cache_write") * price.cache_write) / PER_TOKENS


def total_cost(costs: list[float | None]) -> float | None:
    """The sum of per-call or per-task costs; ``None`` (unknown) if any part is unknown."""
    return None if any(c is None for c in costs) else sum(costs)  # type: ignore[arg-type]


class Budget:
    """A spending cap for a whole run: ``charge`` each call's cost; once the spend reaches ``max_cost``,
    ``exhausted`` is true and the harness starts no new model call (running episodes end, the rest are skipped)."""

    def __init__(self, max_cost: float | None = None):
        self.max_cost = max_cost
        self.spent = 0.0
        self.unknown_calls = 0
        self._lock = threading.Lock()

    def charge(self, cost: float | None) -> None:
        with self._lock:
            if cost is None:
                self.unknown_calls += 1
            else:
                self.spent += cost

    @property
    def exhausted(self) -> bool:
        return self.max_cost is not None and self.spent >= self.max_cost

    def __repr__(self) -> str:
        cap = "no cap" if self.max_cost is None else f"cap ${self.max_cost:.4f}"
        return f"Budget(spent=${self.spent:.4f}, {cap})"
