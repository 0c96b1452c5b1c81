"""How far tag matching reaches beyond its phrasings: each phrasing, held out, is asked as a query.

A phrasing the matcher has not seen stands for a player asking for a function in words the list does not
hold. Phrasings with the same content words (a plural, another word order) are held out together, so one
cannot answer for the other; a tag's own name always stays. The check tunes nothing on any query set.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from grimoire.search.ranking import TagMatcher, Weights, words
from grimoire.search.slang import expand
from grimoire.search.tags import TAGS


@dataclass(frozen=True)
class HeldOut:
    """One held-out phrasing: its text, the tag it belongs to and the tags matched without it (best first)."""

    text: str
    tag: str
    matched: tuple[str, ...]

    @property
    def first(self) -> bool:
        return self.matched[:1] == (self.tag,)

    @property
    def found(self) -> bool:
        return self.tag in self.matched


def held_out_groups(matcher: TagMatcher) -> list[list[int]]:
    """Indices of the phrasings to hold out, grouped by their content words (a tag's name is never held out)."""
    names = {tag.name.replace("-", " ") for tag in TAGS}
    groups: dict[frozenset[str], list[int]] = {}
    for index, (text, by_words) in enumerate(zip(matcher.texts, matcher.by_words, strict=True)):
        if by_words and text not in names:
            groups.setdefault(frozenset(words(text)), []).append(index)
    return list(groups.values())


def leave_one_out(matcher: TagMatcher, encoder=None, weights: Weights | None = None,
                  progress=None) -> list[HeldOut]:
    """Every phrasing group held out in turn and matched as a query, by words and (with ``encoder``, the
    matcher's model) by meaning, the query embedded after slang expansion as search does."""
    groups = held_out_groups(matcher)
    if encoder is not None:
        matcher.vectors  # noqa: B018 - computed once here, so the held-out copies share them
    vectors = (np.asarray(encoder.encode([expand(matcher.texts[g[0]]) for g in groups]), dtype=np.float32)
               if encoder is not None else [None] * len(groups))
    results = []
    for group, vector in zip(progress(groups) if progress else groups, vectors, strict=True):
        held = matcher.held_out(group)
        matched = tuple(m.name for m in held.match(matcher.texts[group[0]], vector, weights=weights))
        owners = [TAGS[matcher.owners[i]].name for i in group]
        results.append(HeldOut(matcher.texts[group[0]], owners[0], matched))
    return results


def summary(results: list[HeldOut]) -> dict[str, float]:
    """Share of held-out phrasings whose tag is the first match, among the matches, or not matched at all."""
    count = max(len(results), 1)
    return {"phrasings": len(results), "first": sum(r.first for r in results) / count,
            "found": sum(r.found for r in results) / count,
            "unmatched": sum(not r.matched for r in results) / count}
