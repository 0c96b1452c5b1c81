"""Pseudo-relevance feedback for the hybrid ranker: the function tags that the embedding list's first cards share.

A good dense ranker knows what a request means even when no tag phrasing matches its words or its meaning. The
tags over-represented among its first cards, against each tag's share of all cards, say it: they join the tag
matches as weaker ones, and a tag matched by meaning alone must be borne out there (see :class:`Weights`).
"""

from __future__ import annotations

import numpy as np

from grimoire.search.ranking import TagMatch, Weights
from grimoire.search.tags import TAG_INDEX, TAG_PARENTS

_CHILDREN: dict[int, frozenset[int]] = {}
for _child, _parent in TAG_PARENTS.items():
    _CHILDREN[TAG_INDEX[_parent]] = _CHILDREN.get(TAG_INDEX[_parent], frozenset()) | {TAG_INDEX[_child]}


def base_rates(strengths: np.ndarray) -> np.ndarray:
    """Each tag's share of all cards (cards × tags strengths), at least one card's worth so no share is zero."""
    count = max(len(strengths), 1)
    return np.maximum((strengths > 0).sum(axis=0), 1) / count


def head_shares(ranked: np.ndarray, strengths: np.ndarray, weights: Weights) -> np.ndarray:
    """Each tag's share of the first ``feedback_depth`` cards of the dense list ``ranked`` (rows, best first),
    the card at rank r weighing ``1 / (feedback_k + r)``: all zeros for an empty list."""
    head = ranked[: weights.feedback_depth]
    if not len(head):
        return np.zeros(strengths.shape[1])
    by_rank = 1.0 / (weights.feedback_k + np.arange(1, len(head) + 1))
    return by_rank @ (strengths[head] > 0) / by_rank.sum()


def feedback_tags(shares: np.ndarray, rates: np.ndarray, weights: Weights, matched: frozenset[int] = frozenset()
                  ) -> list[TagMatch]:
    """The tags the dense list's head is made of that the query's phrasings did not find (not in ``matched``):
    those holding at least ``feedback_share`` of the head and ``feedback_lift`` times their base rate, strongest
    evidence first (share times log of share over base rate; a broader tag gives way to a narrower one already
    taken), at most ``feedback_tags``, each weighing ``feedback_weight`` times its share."""
    if not weights.feedback_tags or not shares.any():
        return []
    lift = shares / rates
    chosen = np.flatnonzero((shares >= weights.feedback_share) & (lift >= weights.feedback_lift))
    evidence = shares[chosen] * np.log(lift[chosen])
    found: list[TagMatch] = []
    taken = set(matched)
    for index in chosen[np.argsort(-evidence, kind="stable")].tolist():
        if index in taken or not _CHILDREN.get(index, frozenset()).isdisjoint(taken):
            continue
        found.append(TagMatch(index, weights.feedback_weight * float(shares[index]), "dense"))
        taken.add(index)
        if len(found) == weights.feedback_tags:
            break
    return found
