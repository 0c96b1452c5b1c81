"""The precon scorer: gains at the threshold boundaries, gain_syn, each invalid-pick rule, normalisation, hits@k,
and bootstrap summaries by split and slice, all against values computed by hand."""

from __future__ import annotations

import math

import pytest

from grimoire.bench.precon.scorer import (
    Episode,
    check_adds,
    check_cuts,
    gold_from_labels,
    hits_at,
    normalized_gain,
    score_episode,
    score_side,
    summarize,
    summarize_splits,
)
from tests.bench.precon.scorer_fixtures import DECK, facts, label


def _gain(kind: str, rate: float | None, synergy: float = 0.1) -> tuple[int, int]:
    gold = gold_from_labels([label("x", kind, rate, synergy)])["pc-1"]
    return gold.gains[kind]["x"], gold.synergy_gains[kind]["x"]


@pytest.mark.parametrize(("rate", "expected"), [
    (0.50, 3), (0.4999, 2), (0.30, 2), (0.2999, 1), (0.15, 1), (0.1499, 0), (0.0, 0), (None, 0)])
def test_cut_gains_change_exactly_at_the_thresholds(rate, expected):
    assert _gain("cut", rate)[0] == expected
    assert _gain("cut_land", rate)[0] == expected


@pytest.mark.parametrize(("rate", "expected"), [
    (0.30, 3), (0.2999, 2), (0.15, 2), (0.1499, 1), (0.05, 1), (0.0499, 0), (None, 0)])
def test_add_gains_change_exactly_at_the_thresholds(rate, expected):
    assert _gain("add", rate)[0] == expected
    assert _gain("add_land", rate)[0] == expected


def test_thresholds_are_configurable():
    gold = gold_from_labels([label("x", "add", 0.10)], {"cut": (0.5, 0.3, 0.15), "add": (0.1, 0.08, 0.06)})
    assert gold["pc-1"].gains["add"]["x"] == 3


@pytest.mark.parametrize(("kind", "synergy", "expected"), [
    ("add", 0.2, 3), ("add", 0.0, 0), ("add", -0.1, 0), ("add", None, 0), ("cut", -0.5, 3), ("cut", None, 3)])
def test_gain_syn_zeroes_adds_without_positive_synergy_and_keeps_cuts(kind, synergy, expected):
    rate = 0.5
    assert _gain(kind, rate, synergy) == (3, expected)


def test_add_rules_each_reason():
    picks = ["green", "green", "deck1", "blue", "banned", "notlegal", "nonexistent", "unknown_legality"]
    checks = check_adds(picks, DECK, facts)
    assert [c.valid for c in checks] == [True, False, False, False, False, False, False, True]
    assert [c.reason for c in checks[1:7]] == [
        "duplicate pick", "already in the deck", "outside the deck's colour identity", "banned in Commander",
        "not legal in Commander", "unknown card"]
    assert checks[7].note == "Commander legality unknown"


def test_game_changer_limit_counts_the_deck_and_keeps_the_first_in_rank_order():
    # the deck already holds one Game Changer, so two more fit and the third (in rank order) is invalid
    checks = check_adds(["gc2", "green", "gc1", "gc3"], DECK, facts)
    assert [c.valid for c in checks] == [True, True, True, False]
    assert checks[3].reason == "over the Game Changer limit (3)"
    # an invalid Game Changer (already in the deck) does not use up the limit
    checks = check_adds(["deck_gc", "gc1", "gc2"], DECK, facts)
    assert [c.valid for c in checks] == [False, True, True]
    assert [c.valid for c in check_adds(["gc1", "gc2"], DECK, facts, game_changer_limit=2)] == [True, False]


def test_cut_rules_each_reason():
    checks = check_cuts(["deck1", "cmdr", "green", "deck1", "deck2"], DECK)
    assert [c.valid for c in checks] == [True, False, False, False, True]
    assert [c.reason for c in checks if not c.valid] == ["cuts the commander", "not in the deck", "duplicate pick"]


ADD_LABELS = [
    label("green", "add", 0.40),  # 3
    label("black", "add", 0.20, synergy=-0.1),  # 2, gain_syn 0
    label("unknown_legality", "add", 0.06),  # 1
    label("blue", "add", 0.90, in_color_identity=False),  # not achievable: out of the ideal
    label("deck1", "cut", 0.60),  # 3
    label("deck2", "cut", 0.20),  # 1
    label("deck_gc", "cut_land", 0.35),  # 2 (land diagnostic)
]


def test_normalisation_over_the_slots_with_invalid_and_missing_picks():
    gold = gold_from_labels(ADD_LABELS)["pc-1"]
    assert "blue" not in gold.gains["add"]
    assert normalized_gain(check_adds(["black", "green"], DECK, facts), gold.gains["add"], 2) == 1.0
    assert normalized_gain(check_adds(["unknown_legality", "blue"], DECK, facts), gold.gains["add"], 2) == 0.2
    assert normalized_gain(check_adds(["green"], DECK, facts), gold.gains["add"], 3) == 0.5
    # picks past the slots are not counted
    assert normalized_gain(check_adds(["blue", "black", "green"], DECK, facts), gold.gains["add"], 2) == 2 / 5
    assert math.isnan(normalized_gain([], {}, 20))


def test_hits_at_k_counts_valid_picks_with_a_gain():
    gold = gold_from_labels(ADD_LABELS)["pc-1"]
    checks = check_adds(["blue", "black", "gc1", "green", "green"], DECK, facts)
    assert [hits_at(checks, gold.gains["add"], k) for k in (1, 2, 4, 5)] == [0, 1, 2, 2]
    assert hits_at(checks, gold.synergy_gains["add"], 5) == 1


def test_episode_scores_both_sides_with_gain_syn_and_land_diagnostics():
    gold = gold_from_labels(ADD_LABELS)["pc-1"]
    episode = Episode("pc-1", cuts=("deck2", "cmdr", "deck_gc"), adds=("black", "blue", "green"), system="s")
    score = score_episode(episode, DECK, gold, facts, slots=3)
    assert score.add.score == 5 / 6
    assert score.add.score_syn == 3 / 4  # ideal gain_syn: green 3 + unknown_legality 1; black's synergy is < 0
    assert score.add.hits == {5: 2, 10: 2, 20: 2}
    assert score.add.invalid == 1
    assert score.cut.score == 1 / 4
    assert score.cut.invalid == 1
    assert score.cut.land_score == 1.0
    assert score.to_dict()["cut"]["checks"][1]["reason"] == "cuts the commander"


def test_new_in_product_slice_scores_each_part_of_the_labels():
    rows = [label("green", "add", 0.40, is_new_in_product=True), label("black", "add", 0.20)]
    gold = gold_from_labels(rows)["pc-1"]
    side = score_side(check_adds(["green"], DECK, facts), gold, "add", slots=1)
    assert (side.score, side.score_new, side.score_not_new) == (1.0, 1.0, 0.0)


def test_labels_of_cards_already_in_the_deck_are_not_achievable_adds():
    gold = gold_from_labels([label("deck1", "add", 0.5, in_precon=True), label("green", "cut", 0.5,
                                                                           in_precon=False)])["pc-1"]
    assert gold.gains["add"] == {} and gold.gains["cut"] == {}


def _fake_score(precon_id: str, system: str, add: float, cut: float):
    gold = gold_from_labels([label("green", "add", 0.4, precon_id=precon_id),
                             label("deck1", "cut", 0.6, precon_id=precon_id)])[precon_id]
    adds = ("green",) if add else ("black",)
    cuts = ("deck1",) if cut else ("deck2",)
    return score_episode(Episode(precon_id, cuts, adds, system), DECK, gold, facts, slots=1)


def test_summary_means_and_bootstrap_interval():
    scores = [_fake_score("a", "s", 1, 0), _fake_score("b", "s", 0, 0), _fake_score("c", "s", 1, 1),
              _fake_score("d", "s", 1, 1)]
    summary = summarize(scores, resamples=500, seed=1)
    assert summary["add_score"].mean == 0.75 and summary["add_score"].n == 4
    assert 0.0 <= summary["add_score"].low <= 0.75 <= summary["add_score"].high <= 1.0
    assert summary["cut_score"].mean == 0.5
    assert summary["add_invalid"].mean == 0.0
    # with no episodes a metric has no mean
    assert summarize([], resamples=10)["add_score"].n == 0


def test_summaries_by_split_and_slice():
    scores = [_fake_score("a", "s", 1, 0), _fake_score("b", "s", 0, 0), _fake_score("c", "s", 1, 1),
              _fake_score("x", "s", 1, 1)]
    splits = {"a": "dev", "b": "dev", "c": "test"}  # x is not scored
    precons = {"a": {"n_colors": 2, "is_universes_beyond": False}, "b": {"n_colors": 3, "is_universes_beyond": False},
               "c": {"n_colors": 2, "is_universes_beyond": True}}
    rows = {(r.split, r.slice, r.value): r for r in summarize_splits(scores, splits, precons, resamples=200)}
    assert rows[("dev", "all", "all")].metrics["add_score"].mean == 0.5
    assert rows[("dev", "all", "all")].metrics["add_score"].n == 2
    assert rows[("test", "all", "all")].metrics["cut_score"].mean == 1.0
    assert rows[("dev", "n_colors", "2")].metrics["add_score"].mean == 1.0
    assert rows[("dev", "n_colors", "3")].metrics["add_score"].mean == 0.0
    assert rows[("dev", "is_universes_beyond", "False")].metrics["add_score"].n == 2
    assert ("test", "is_universes_beyond", "True") in rows
    assert all(r.system == "s" for r in rows.values())
