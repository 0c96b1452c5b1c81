"""Example budgets of the hostile-input suites: 2,000 generated inputs in all in the default run, 50,000 in
the slow run (``-m slow``)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

EXAMPLES = {"decklist": 1000, "mtgjson": 300, "web": 450, "mcp": 250}
SLOW_EXAMPLES = {"decklist": 25_000, "mtgjson": 7_500, "web": 11_250, "mcp": 6_250}
assert sum(EXAMPLES.values()) == 2_000 and sum(SLOW_EXAMPLES.values()) == 50_000


def budget(kind: str, slow: bool) -> settings:
    """Hypothesis settings for ``kind``: no deadline (the machine is shared), derandomised so a failure
    reproduces, and the example count of the default or the slow run."""
    count = (SLOW_EXAMPLES if slow else EXAMPLES)[kind]
    return settings(max_examples=count, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])
