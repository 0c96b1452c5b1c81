"""How far tag matching reaches beyond its phrasings: each phrasing, held out, is asked as a query.

A phrasing the matcher has not seen stands for a player asking for a function in words the list does not
hold. Phrasings with the same content words (a plural, another word order) are held out together, so one
cannot answer for the other; a tag's own name always stays. The check tunes nothing on any query set.

The static model was trained on these phrasings (scripts/train_embedder.py), so a phrasing held out from the
matcher is still one the model learned: :func:`cross_validated` retrains it without each fold's phrasings and
asks those with the model that never saw them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from grimoire.bench.search.metrics import ndcg_at_10
from grimoire.cards.store import CardDB
from grimoire.search.engine import SearchEngine
from grimoire.search.ranking import TagMatcher, words
from grimoire.search.tags import TAG_INDEX, TAGS

FOLDS = 5
TagsFor = Callable[[str, TagMatcher], Iterable[str]]  # a held-out text and matcher -> the tags matched, best first
Progress = Callable[[list], Iterable]


@dataclass(frozen=True)
class HeldOut:
    """One held-out phrasing: its text, the tag it belongs to, the tags matched without it (best first) and, when
    asked, the nDCG@10 ×100 of the dense list for it against the cards carrying that tag."""

    text: str
    tag: str
    matched: tuple[str, ...]
    dense: float | None = None

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


def fold_of(text: str, folds: int = FOLDS) -> int:
    """The fold of a held-out group, from a hash of its first text: the same on every machine and run."""
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest(), 16) % folds


def by_words(text: str, matcher: TagMatcher) -> list[str]:
    """The tags a matcher finds in a text's words alone (no embeddings)."""
    return [m.name for m in matcher.match(text)]


def held_out_search(matcher: TagMatcher, groups: list[list[int]], tags_for: TagsFor,
                    dense: SearchEngine | None = None, progress: Progress | None = None) -> list[HeldOut]:
    """Each group held out in turn from ``matcher`` and its first text asked: ``tags_for`` names the tags found
    without it, and ``dense`` (a plain engine: no slang, tags or phrases, as the search benchmark's ``dense``)
    ranks the cards for it, scored against every card carrying the group's tag."""
    results = []
    for group in progress(groups) if progress else groups:
        text, tag = matcher.texts[group[0]], TAGS[matcher.owners[group[0]]].name
        score = None
        if dense is not None:
            rows = [result.row for result in dense.search(text, mode="dense", limit=10).results]
            carrying = np.flatnonzero(dense.tag_strengths[:, TAG_INDEX[tag]] > 0)
            score = ndcg_at_10(rows, dict.fromkeys(carrying.tolist(), 1))
        results.append(HeldOut(text, tag, tuple(tags_for(text, matcher.held_out(group))), score))
    return results


def engine_search(db: CardDB, encoder: str, groups: list[list[int]] | None = None, model=None,
                  progress: Progress | None = None) -> list[HeldOut]:
    """The held-out check of a whole engine (``encoder``'s, or ``model``'s, see :class:`SearchEngine`): its tags
    for each held-out phrasing as hybrid search picks them (words, meaning, and the dense list's head), and its
    dense list's nDCG@10. ``groups`` default to every group of :func:`held_out_groups`."""
    engine = SearchEngine(db, encoder=encoder, model=model)
    plain = SearchEngine(db, slang=False, tag_ranking=False, phrases=False, encoder=encoder, model=model)
    matcher = engine.tag_matcher
    return held_out_search(matcher, held_out_groups(matcher) if groups is None else groups,
                           lambda text, held: [m.name for m in engine.tags_for(text, held)], plain, progress)


def cross_validated(db: CardDB, train: Callable[[frozenset[str]], object], folds: int = FOLDS,
                    progress: Progress | None = None) -> list[HeldOut]:
    """The static model's honest check: for each of ``folds`` folds of the held-out groups, ``train`` gets the
    fold's phrasings and returns a static model trained without them (scripts/train_embedder.py), and the fold's
    phrasings are asked of an engine over that model (:func:`engine_search`)."""
    matcher = TagMatcher(encoder_name="static")
    groups = held_out_groups(matcher)
    results: list[HeldOut] = []
    for fold in range(folds):
        chosen = [group for group in groups if fold_of(matcher.texts[group[0]], folds) == fold]
        model = train(frozenset(matcher.texts[i] for group in chosen for i in group))
        results += engine_search(db, "static", chosen, model, progress)
    return results


def summary(results: list[HeldOut]) -> dict[str, float]:
    """Share of held-out phrasings whose tag is the first match, among the matches, or not matched at all, and
    the dense lists' mean nDCG@10 ×100 when they were asked."""
    count = max(len(results), 1)
    figures = {"phrasings": len(results), "first": sum(r.first for r in results) / count,
               "found": sum(r.found for r in results) / count,
               "unmatched": sum(not r.matched for r in results) / count}
    scored = [r.dense for r in results if r.dense is not None]
    if scored:
        figures["dense"] = float(np.mean(scored))
    return figures
