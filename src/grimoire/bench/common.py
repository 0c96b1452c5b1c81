"""Machinery every benchmark shares: a seeded generator per purpose, bootstrap intervals and paired differences,
and the one way a benchmark runs an inspect task (price check, the run, a clean error).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from grimoire.llm.cost import Budget, Price, load_prices
from grimoire.llm.keys import redact, redact_inspect_logging, redact_log_file
from grimoire.llm.models import complete_fn

SCRIPTED_GRADES = "scripted-grades/"
# The numbered items of both graders' prompts: "Card 3: Name  ..." (relevance) and "Candidate 3: Name  ..." (deck-fit).
_NUMBERED = re.compile(r"^(?:Card|Candidate) (\d+): (.+?)(?:  |$)", re.MULTILINE)


def seeded_rng(seed: int, *parts: str) -> np.random.Generator:
    """A generator fixed by ``seed`` and a purpose (``"deck-fit", precon_id``), independent of call order."""
    digest = hashlib.sha256(":".join([str(seed), *parts]).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def bootstrap_interval(values: Sequence[float], *, resamples: int = 2000, seed: int = 0,
                       level: float = 0.95) -> tuple[float, float, float]:
    """Mean and a percentile bootstrap interval of the mean."""
    data = np.asarray(values, dtype=float)
    if len(data) == 0:
        return float("nan"), float("nan"), float("nan")
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, len(data), size=(resamples, len(data)))].mean(axis=1)
    tail = (1 - level) / 2 * 100
    return float(data.mean()), float(np.percentile(means, tail)), float(np.percentile(means, 100 - tail))


def paired_difference(a: Sequence[float], b: Sequence[float], **kwargs) -> tuple[float, float, float]:
    """Mean of a - b over the same items (queries, tasks, episodes), with a bootstrap interval over the items."""
    if len(a) != len(b):
        raise ValueError("paired scores must cover the same items")
    return bootstrap_interval(np.asarray(a, dtype=float) - np.asarray(b, dtype=float), **kwargs)


def run_budget(model: str, max_cost: float | None, price: Price | None = None) -> Budget:
    """The budget of a run; refuses a cap it cannot enforce (a model with no listed price and none passed)."""
    if max_cost is not None and price is None and load_prices().price_of(model) is None:
        raise ValueError(f"no price for {model} in data/prices.json (prices match a model's exact name), so "
                         "--max-cost cannot be enforced; pass its price with --price INPUT,OUTPUT (USD per million "
                         "tokens) or drop --max-cost")
    return Budget(max_cost, price=price)


def run_inspect(task: Any, *, model: str, epochs: int = 1, limit: int | None = None, log_dir: str = "logs",
                max_samples: int | None = None) -> Any:
    """Run one inspect task and return its log; a failed run raises ``RuntimeError`` with the key redacted. What
    inspect writes (the trace file, the ``.eval`` log) is redacted too, even when a provider echoes the key."""
    from inspect_ai import eval as inspect_eval

    import grimoire.llm.models  # noqa: F401 - registers the scripted and replay models with inspect

    redact_inspect_logging()
    log = inspect_eval(task, model=model, epochs=epochs, limit=limit, log_dir=log_dir, display="none",
                       max_samples=max_samples)[0]
    redact_log_file(log.location)
    if log.status != "success":
        raise RuntimeError(f"the run failed: {redact(str(log.error.message if log.error else log.status))}")
    return log


def grader_fn(model: str) -> Callable[[str], str]:
    """The ``prompt -> reply`` function of a grader: any model :func:`complete_fn` knows, or
    ``scripted-grades/<file.json>`` (``{"default": 0, "grades": {"Card Name": 2}}``), an offline grader that
    answers whatever batch it is given, so a test need not know the batches in advance."""
    if not model.startswith(SCRIPTED_GRADES):
        return complete_fn(model)
    path = Path(model[len(SCRIPTED_GRADES):])
    try:
        rules = json.loads(path.read_text(encoding="utf-8"))
        default, grades = int(rules.get("default", 0)), {str(k): int(v) for k, v in rules.get("grades", {}).items()}
    except (OSError, ValueError, AttributeError) as exc:
        raise ValueError(f"{model}: expected a JSON file {{\"default\": 0, \"grades\": {{\"Card Name\": 2}}}} "
                         f"({exc})") from exc

    def reply(prompt: str) -> str:
        items = _NUMBERED.findall(prompt)
        return json.dumps({"grades": [{"card": int(n), "grade": grades.get(name, default)} for n, name in items]})

    return reply


def write_episodes(episodes: list[dict], path: Path) -> None:
    """An EPISODES JSONL file (one row per episode), with anything shaped like an API key redacted."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(redact(json.dumps(e, ensure_ascii=False)) + "\n" for e in episodes), encoding="utf-8")
