"""Per-encoder fusion weights: each encoder gets its own, MiniLM's are the historic ones, and every weight
reaches the ranking it names (on the bundled snapshot, with the shipped static model)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import grimoire
from grimoire.search import ranking
from grimoire.search.engine import RRF_K, SearchEngine
from grimoire.search.tags import TAG_INDEX


@pytest.fixture(scope="module")
def db():
    return grimoire.open()


@pytest.fixture(scope="module")
def static(db) -> SearchEngine:
    return SearchEngine(db, encoder="static")


def names(engine: SearchEngine, query: str, mode: str = "hybrid", n: int = 10) -> list[str]:
    return [r.card.name for r in engine.search(query, limit=n, mode=mode, literal=True).results]


def test_each_encoder_gets_its_own_weights_and_minilm_keeps_the_historic_ones(db):
    minilm = ranking.weights_for("minilm")
    assert (minilm.rrf_k, minilm.lexical, minilm.dense, minilm.dense_literal, minilm.tags) == (RRF_K, 1, 1, 1, 1)
    assert (minilm.meaning_threshold, minilm.meaning_full, minilm.meaning_literal) == (0.62, 1.0, True)
    assert (minilm.relevance_mix, minilm.dense_mix) == (0.35, 0.0)
    assert SearchEngine(db, encoder="minilm").weights == minilm
    assert SearchEngine(db, encoder="static").weights == ranking.ENCODER_WEIGHTS["static"] != minilm
    assert ranking.weights_for("an-encoder-never-tuned") == ranking.Weights()


def test_a_ranker_weighted_zero_leaves_the_other_ranking(db):
    plain = SearchEngine(db, encoder="static", tag_ranking=False)
    query = "destroy target artifact"
    plain.weights = ranking.Weights(lexical=0.0, dense_literal=1.0)
    assert names(plain, query) == names(plain, query, mode="dense")
    plain.weights = ranking.Weights(dense=0.0, dense_literal=0.0)
    assert names(plain, query) == names(plain, query, mode="bm25")
    plain.weights = ranking.Weights()
    mixed = names(plain, query)
    assert mixed != names(plain, query, mode="dense") or mixed != names(plain, query, mode="bm25")


def test_the_dense_weight_for_rules_text_wording_is_its_own(db):
    assert ranking.is_literal("put -1/-1 counters on target creature")
    assert not ranking.is_literal("cheap ways to protect my commander")
    assert not ranking.is_literal("burn that hits any target")  # players say "any target" too
    assert ranking.is_literal("deals 2 damage to target creature")
    # words players use too say rules text only together: one alone is a player's sentence
    assert not ranking.is_literal("return an instant from my graveyard to my hand")
    assert not ranking.is_literal("give a creature hexproof until end of turn")
    assert ranking.is_literal("return it to the battlefield until end of turn")
    assert not ranking.is_literal("burn that hits each opponent")
    assert ranking.is_literal("each opponent loses 1 life and you gain 1 life")
    # two of them in the player's own voice ("my", "I") are still a player's sentence: rules text says "your"
    assert not ranking.is_literal("draw a card when a creature enters under my control")
    assert ranking.is_literal("draw a card when a creature enters")
    plain = SearchEngine(db, encoder="static", tag_ranking=False)
    query = "exile target creature"
    plain.weights = ranking.Weights(lexical=0.0, dense=0.0, dense_literal=1.0)  # literal: the dense list counts
    assert names(plain, query) == names(plain, query, mode="dense")


def test_meaning_matches_follow_the_encoders_cosine_scale(static):
    matcher, query = static.tag_matcher, "force their creatures to attack someone else"
    vector = static.encoder.encode_query(query)
    cosine = float((matcher.vectors @ vector).max())
    wide = {m.name: m for m in matcher.match(query, vector, weights=ranking.Weights(meaning_full=1.0))}
    steep = {m.name: m for m in matcher.match(query, vector, weights=ranking.Weights(meaning_full=cosine))}
    assert wide["goad"].by == steep["goad"].by == "meaning"
    assert steep["goad"].weight == pytest.approx(1.0) and wide["goad"].weight < 0.9
    above = ranking.Weights(meaning_threshold=cosine + 1e-3)
    assert all(m.by == "words" for m in matcher.match(query, vector, weights=above))


def test_a_tag_asked_for_in_words_stays_asked_when_its_meaning_matches_weaker_than_the_best(static):
    """The words of "permanents that draw me extra cards each turn" ask for repeatable-draw, in part; a meaning
    match of it stronger than the words' one but short of the best tag's (0.8 of it) must not drop it."""
    matcher, query = static.tag_matcher, "permanents that draw me extra cards each turn"
    words_only = {m.name: m.weight for m in matcher.match(query, None, weights=static.weights)}
    assert ranking.MIN_WEIGHT <= words_only["repeatable-draw"] < 1
    # a query vector between a card-draw phrasing and a repeatable-draw one, nearer the first
    index = {text: i for i, text in enumerate(matcher.texts)}
    draw, engine = matcher.vectors[index["draw cards"]], matcher.vectors[index["draw each turn"]]
    vector = 0.8 * draw + 0.2 * engine
    vector /= np.linalg.norm(vector)
    cosines = matcher.vectors @ vector
    top = float(cosines.max())
    owned = np.asarray(matcher.owners) == TAG_INDEX["repeatable-draw"]
    nearest_engine = float(cosines[owned].max())
    assert top > nearest_engine
    # full weight at the best phrasing's cosine; at repeatable-draw's, a weight above the words' and under 0.8 of 1.0
    wanted = (words_only["repeatable-draw"] + ranking.MEANING_SHARE) / 2
    threshold = (nearest_engine - wanted ** 2 * top) / (1 - wanted ** 2)
    weights = replace(static.weights, meaning_threshold=threshold, meaning_full=top)
    found = {m.name: m for m in matcher.match(query, vector, weights=weights)}
    assert found["repeatable-draw"].weight == pytest.approx(wanted, abs=1e-6)
    # beside it, a tag found by meaning alone is likelier its neighbour: discounted as the weights say
    assert found["card-draw"].weight <= weights.meaning_beside_words + 1e-6


def test_rules_text_wording_can_skip_matching_by_meaning(static):
    query = "return target creature card from your graveyard to the battlefield"
    vector = static.encoder.encode_query(query)
    loose = ranking.Weights(meaning_threshold=0.3)
    found = static.tag_matcher.match(query, vector, weights=loose)
    assert any(m.by == "meaning" for m in found)
    skipped = static.tag_matcher.match(query, vector, weights=replace(loose, meaning_literal=False))
    assert all(m.by == "words" for m in skipped)


def test_the_embedding_cosine_reorders_a_tags_cards_only_when_weighted():
    rows, direct = np.array([5, 6, 7]), np.array([1.0, 1.0, 0.9])
    fused = np.zeros(10)
    similarity = np.full(10, -np.inf)
    similarity[[5, 6, 7]] = [0.1, 0.2, 0.9]
    none = ranking.Weights(dense_mix=0.0)
    assert ranking.tag_order(rows, direct, fused, 1.0, 3, none, similarity).tolist() == [5, 6, 7]
    some = ranking.Weights(dense_mix=0.05)
    assert ranking.tag_order(rows, direct, fused, 1.0, 3, some, similarity).tolist() == [6, 5, 7]
    much = ranking.Weights(dense_mix=0.5)
    assert ranking.tag_order(rows, direct, fused, 1.0, 3, much, similarity).tolist() == [7, 6, 5]
    # a card the depth would cut reaches the list when its cosine makes up the gap
    assert ranking.tag_order(rows, direct, fused, 1.0, 2, much, similarity).tolist() == [7, 6]
    assert ranking.tag_order(rows, direct, fused, 1.0, 2, none, similarity).tolist() == [5, 6]


def test_the_rrf_constant_and_tag_scale_change_the_fused_scores(static):
    query = "mana rocks"
    base = static.rank(query, np.ones(len(static.db), dtype=bool), "hybrid")
    static.weights = replace(ranking.ENCODER_WEIGHTS["static"], rrf_k=10, tags=2.0)
    try:
        changed = static.rank(query, np.ones(len(static.db), dtype=bool), "hybrid")
    finally:
        static.weights = ranking.ENCODER_WEIGHTS["static"]
    assert changed[1][0] > base[1][0]
