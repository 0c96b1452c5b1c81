"""nDCG@10, P@10, staples@10 and bootstrap intervals: pure functions over ranked lists and gains.

Gains are linear (grade 2 for core answers, 1 for other relevant cards), discounted by log2(rank + 1),
as trec_eval's ndcg_cut does; the ideal ranking is built from the relevant cards the query can return.
P@10 is the seed's agent-task measure (relevant cards in the first 10, empty slots count as misses);
staples@10 is the share of a query's grade-2 cards that reach the first 10, out of as many as could fit.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

CUTOFF = 10


def dcg(gains: Sequence[float], cutoff: int = CUTOFF) -> float:
    values = np.asarray(list(gains)[:cutoff], dtype=float)
    return float((values / np.log2(np.arange(2, len(values) + 2))).sum())


def ndcg_at_10(ranked: Sequence[int], gains: dict[int, int], cutoff: int = CUTOFF) -> float:
    """nDCG@cutoff × 100 of a ranked list of card rows; 0 when nothing is relevant."""
    ideal = dcg(sorted(gains.values(), reverse=True), cutoff)
    if ideal == 0:
        return 0.0
    seen = list(dict.fromkeys(ranked))[:cutoff]
    return 100.0 * dcg([gains.get(row, 0) for row in seen], cutoff) / ideal


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
    """Mean of a - b over the same queries, with a bootstrap interval (resampling queries)."""
    if len(a) != len(b):
        raise ValueError("paired scores must cover the same queries")
    return bootstrap_interval(np.asarray(a, dtype=float) - np.asarray(b, dtype=float), **kwargs)


def precision_at_10(ranked: Sequence[int], gains: dict[int, int], cutoff: int = CUTOFF) -> float:
    """P@cutoff: relevant cards among the first ``cutoff`` distinct results, over ``cutoff`` (empty slots miss)."""
    seen = list(dict.fromkeys(ranked))[:cutoff]
    return sum(1 for row in seen if gains.get(row, 0) > 0) / cutoff


def staples_at_10(ranked: Sequence[int], gains: dict[int, int], cutoff: int = CUTOFF) -> float | None:
    """staples@cutoff: grade-2 cards among the first ``cutoff`` distinct results, over min(cutoff, grade-2 cards);
    None when the query has no grade-2 card (it is then left out of the mean)."""
    staples = {row for row, grade in gains.items() if grade >= 2}
    if not staples:
        return None
    seen = set(list(dict.fromkeys(ranked))[:cutoff])
    return len(staples & seen) / min(cutoff, len(staples))
