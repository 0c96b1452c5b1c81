"""Candidates for fuzzy name matching: a trigram index and a sorted prefix list over folded names.

A typo is scored against the few hundred names that share the most letter triples with it (and the names it
begins), not against all 34,000, so an unknown decklist line costs about a millisecond whatever its length.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

import numpy as np

# Longer than any card name (the longest is 141 characters): the rest of a longer query cannot help.
MAX_QUERY_CHARS = 200
CANDIDATES = 256
PREFIX_CANDIDATES = 64
_NO_MATCH = -(10**9)


def trigrams(text: str) -> set[str]:
    """The letter triples of ``text`` padded with spaces, so short words and word starts count too."""
    padded = f"  {text} "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


class CandidateIndex:
    """Picks, for a folded query, the positions of the choices worth scoring."""

    def __init__(self, choices: Sequence[str]):
        self._count = len(choices)
        self._lengths = np.array([len(c) for c in choices], dtype=np.int32)
        postings: dict[str, list[int]] = {}
        for position, choice in enumerate(choices):
            for gram in trigrams(choice):
                postings.setdefault(gram, []).append(position)
        self._postings = {gram: np.array(rows, dtype=np.int32) for gram, rows in postings.items()}
        self._sorted = sorted((choice, position) for position, choice in enumerate(choices))

    def candidates(self, query: str) -> list[int]:
        """Positions of the choices to score for ``query`` (all of them when there are few)."""
        if self._count <= CANDIDATES:
            return list(range(self._count))
        query = query[:MAX_QUERY_CHARS]
        found = dict.fromkeys(self._prefixed(query))
        lists = [self._postings[g] for g in trigrams(query) if g in self._postings]
        if lists:
            shared = np.bincount(np.concatenate(lists), minlength=self._count)
            closeness = np.minimum(np.abs(self._lengths - len(query)), 999)
            rank = np.where(shared > 0, shared.astype(np.int64) * 1000 - closeness, _NO_MATCH)
            top = np.argpartition(-rank, CANDIDATES)[:CANDIDATES]
            top = top[rank[top] > _NO_MATCH]
            found.update(dict.fromkeys(int(p) for p in top[np.argsort(-rank[top], kind="stable")]))
        return list(found)

    def _prefixed(self, query: str) -> list[int]:
        """Positions of choices that begin with ``query`` (at most :data:`PREFIX_CANDIDATES`)."""
        if len(query) < 3:
            return []
        start = bisect.bisect_left(self._sorted, (query, -1))
        out = []
        for choice, position in self._sorted[start:start + PREFIX_CANDIDATES]:
            if not choice.startswith(query):
                break
            out.append(position)
        return out
