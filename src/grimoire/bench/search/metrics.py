"""nDCG@10, P@10, staples@10 and bootstrap intervals: pure functions over ranked lists and gains.

Gains are linear (grade 2 for core answers, 1 for other relevant cards), discounted by log2(rank + 1),
as trec_eval's ndcg_cut does; the ideal ranking is built from the relevant cards the query can return.
P@10 is the seed's agent-task measure (relevant cards in the first 10, empty slots count as misses);
staples@10 is the share of a query's grade-2 cards that reach the first 10, out of as many as could fit.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from grimoire.bench.common import bootstrap_interval, paired_difference  # noqa: F401 - the search runner's

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
