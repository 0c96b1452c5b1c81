"""What a run costs: a price table (``data/prices.json``), the cost of one call's token usage, and a run budget.

Prices are USD per million tokens. A price belongs to one model name: it matches that name exactly, or the name with
a release date (``claude-sonnet-4-5-20250929``, ``gpt-4o-2024-08-06``), never another model that starts the same
(``gpt-5-pro`` is not ``gpt-5``). A model missing from the table costs ``None`` (unknown), never 0.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from inspect_ai.model import ModelOutput, ModelUsage

PRICES_FILE = Path(__file__).resolve().parent.parent / "data" / "prices.json"
PER_TOKENS = 1_000_000
# What may follow a listed name and still be the same model: a release date (``-20250929``, ``-2024-08-06``,
# Vertex's ``@20250929``) or Anthropic's alias for the newest one (``claude-3-5-haiku-latest``), then a provider's
# version tag (Bedrock's ``-v1:0``).
_DATED = r"(?:[-@](?:\d{8}|\d{4}-\d{2}-\d{2})|-latest)?(?:-v\d+(?::\d+)?)?"
# Bedrock names carry the vendor, "anthropic.<model>", and serve the Claude 4 models on demand only through a
# cross-region inference profile, whose id puts the region group first: "us.anthropic.claude-sonnet-4-5-...",
# "eu.", "apac.", "global." (AWS's Bedrock user guide, "Supported Regions and models for inference profiles").
_BEDROCK_VENDOR = re.compile(r"^(?:[a-z]{2,6}(?:-[a-z]{2,6})?\.)?anthropic\.")


@dataclass(frozen=True)
class Price:
    """USD per million tokens."""

    input: float
    output: float
    cached_input: float
    cache_write: float
    source: str = ""

    @classmethod
    def parse(cls, text: str) -> Price:
        """``INPUT,OUTPUT`` or ``INPUT,OUTPUT,CACHED_INPUT,CACHE_WRITE`` in USD per million tokens, as a user
        passes a price the table lacks (cache prices default to the input price)."""
        try:
            values = [float(part) for part in text.split(",")]
        except ValueError:
            values = []
        if len(values) not in (2, 4) or any(v < 0 for v in values):
            raise ValueError(f"--price {text!r}: give INPUT,OUTPUT (or INPUT,OUTPUT,CACHED_INPUT,CACHE_WRITE) in USD "
                             "per million tokens, e.g. --price 3,15")
        cached, write = (values[2], values[3]) if len(values) == 4 else (values[0], values[0])
        return cls(values[0], values[1], cached, write, source="passed by the user")


@dataclass(frozen=True)
class PriceTable:
    models: dict[str, Price]
    free_providers: frozenset[str]
    date: str

    def price_of(self, model: str) -> Price | None:
        """The price of ``model`` (``anthropic/claude-sonnet-4-5-20250929``, ``openrouter/openai/gpt-4o``, ...):
        the table key that is its bare name, with or without a release date; free for scripted, replay and mock
        models; ``None`` for any other name."""
        provider = model.split("/", 1)[0]
        if provider in self.free_providers:
            return Price(0.0, 0.0, 0.0, 0.0, source="no model is called")
        bare = model.rsplit("/", 1)[-1].lower()
        bare = _BEDROCK_VENDOR.sub("", bare).replace(".", "-")
        return next((price for key, price in self.models.items() if re.fullmatch(re.escape(key) + _DATED, bare)),
                    None)


@cache
def load_prices(path: Path = PRICES_FILE) -> PriceTable:
    data = json.loads(Path(path).read_text())
    sources = data.get("sources", {})
    models = {key.replace(".", "-"): Price(**{"source": sources.get(value.get("source", ""), ""),
                                              **{k: v for k, v in value.items() if k != "source"}})
              for key, value in data["models"].items()}
    return PriceTable(models=models, free_providers=frozenset(data.get("free_providers", ())), date=data["date"])


def _get(usage: Any, name: str) -> int:
    value = usage.get(name) if isinstance(usage, dict) else getattr(usage, name, None)
    return int(value or 0)


def billed_model(active: str, output_model: str | None) -> str:
    """The model a call is priced as: the active one, except that a replayed run (``replay/<log>``) costs what the
    recorded model's calls cost (its outputs name that model)."""
    return output_model if active.startswith("replay/") and output_model else active


def cost_of(model: str, usage: Any, prices: PriceTable | None = None, *, price: Price | None = None) -> float | None:
    """USD for one call's token usage (an inspect ``ModelUsage`` or a dict with its field names); ``None``
    when the model has no price. ``price`` (one the user passed) wins over the table. ``input_tokens`` excludes
    cache reads and writes, as in inspect."""
    price = price or (prices or load_prices()).price_of(model)
    if price is None:
        return None
    return (_get(usage, "input_tokens") * price.input + _get(usage, "output_tokens") * price.output
            + _get(usage, "input_tokens_cache_read") * price.cached_input
            + _get(usage, "input_tokens_cache_write") * price.cache_write) / PER_TOKENS


# A call whose provider reports no token usage is still billed, so it is priced from its text as if every 2
# characters were a token (English runs about 4 to a token, JSON and card text about 3) and, when no reply came
# back (a timeout), as if the reply had used ``ASSUMED_REPLY_TOKENS``: an estimate that errs high, never 0.
CONSERVATIVE_CHARS_PER_TOKEN = 2
ASSUMED_REPLY_TOKENS = 4096


def conservative_tokens(text: str) -> int:
    """Tokens to bill for ``text`` when the provider reported none: more than any tokenizer would count."""
    return -(-len(text) // CONSERVATIVE_CHARS_PER_TOKEN)


def reply_text(output: ModelOutput) -> str:
    """A reply as billed: its text and the arguments of its tool calls."""
    calls = output.message.tool_calls or []
    return output.message.text + "".join(json.dumps(call.arguments) for call in calls)


def estimated_usage(sent: str, reply: str | None, reply_limit: int | None = None) -> ModelUsage:
    """What a call that reported no token usage is billed as: the request's text ``sent`` (tools included) and
    the ``reply`` text, or, when no reply came back, the reply limit (``reply_limit`` or ``ASSUMED_REPLY_TOKENS``),
    counted by :func:`conservative_tokens` and all at the uncached price."""
    written = (reply_limit or ASSUMED_REPLY_TOKENS) if reply is None else conservative_tokens(reply)
    read = conservative_tokens(sent)
    return ModelUsage(input_tokens=read, output_tokens=written, total_tokens=read + written)


def total_cost(costs: list[float | None]) -> float | None:
    """The sum of per-call or per-task costs; ``None`` (unknown) if any part is unknown."""
    return None if any(c is None for c in costs) else sum(costs)  # type: ignore[arg-type]


class Budget:
    """A spending cap for a whole run: ``charge`` each call's cost; once the spend reaches ``max_cost``,
    ``exhausted`` is true and the harness starts no new model call (running episodes end, the rest are skipped)."""

    def __init__(self, max_cost: float | None = None, *, price: Price | None = None):
        self.max_cost = max_cost
        self.price = price
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
