"""The calibration simulation plays leagues shaped like the arena's and reports interval coverage."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from grimoire.bench.arena.simulate import KINDS, draw_truth, play_league, plot, simulate


def test_leagues_have_the_arena_deal_structure() -> None:
    rng = np.random.default_rng(1)
    truth = draw_truth(rng, players=3, decks=2)
    games, luck_by_deal = play_league(rng, truth, deals=6)
    assert set(luck_by_deal) == {game.deal for game in games}
    per_deal = Counter(game.deal for game in games)
    assert sorted(per_deal.values()) == [2, 2, 2, 4, 4, 4]
    for game in games:
        if "cpu" in game.players:
            assert game.players[1] == "cpu" and game.decks[1] == "burn"
        else:
            assert "burn" not in game.decks
    battle = [game for game in games if game.deal == games[-1].deal]
    assert {(game.players, game.first) for game in battle} == {
        (players, first) for players in {battle[0].players, battle[0].players[::-1]} for first in (0, 1)
    }
    assert len({game.decks for game in battle}) == 1
    assert {name for game in games for name in game.players} == set(truth.skills)


def test_simulate_reports_coverage_of_each_league() -> None:
    coverage = simulate(leagues=1, players=2, decks=2, deals_per_league=4, draws=150, tune=150, seed=3)
    assert coverage.leagues == 1 and len(coverage.per_league) == 1
    assert coverage.intervals == 2
    assert 0 <= coverage.covered <= coverage.intervals
    assert coverage.rate == pytest.approx(coverage.covered / coverage.intervals)
    assert coverage.mean_interval_width_elo > 0
    assert all(league.games == 12 for league in coverage.per_league)


def test_simulate_reports_coverage_per_kind_and_draws_it(tmp_path) -> None:
    coverage = simulate(leagues=2, players=2, decks=2, deals_per_league=4, draws=100, tune=100, seed=5)
    kinds = {k.kind: k for k in coverage.by_kind}
    assert tuple(kinds) == KINDS
    # per league: 2 skills, 2 decks, 1 first-player advantage, 4 deals' luck, 1 luck scale
    assert [kinds[k].intervals for k in KINDS] == [4, 4, 2, 8, 2]
    assert kinds["skills"].covered == coverage.covered and kinds["skills"].intervals == coverage.intervals
    assert all(0 <= k.covered <= k.intervals for k in coverage.by_kind)
    assert sum(league.by_kind[3].covered for league in coverage.per_league) == kinds["deal luck"].covered
    text = coverage.text()
    assert "93%" in text and all(kind in text for kind in KINDS)
    plot(coverage, tmp_path / "calibration.png")
    assert (tmp_path / "calibration.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_kind_s_coverage_counts_the_intervals_that_hold_the_truth() -> None:
    from grimoire.bench.arena.rating import DeckRating, Estimate, PlayerRating, Ratings
    from grimoire.bench.arena.simulate import Truth, kind_coverage

    ratings = Ratings(
        players=(PlayerRating("model1", 100.0, 50.0, 150.0, 8, 4, True), PlayerRating("cpu", 0, 0, 0, 8, 4, True)),
        decks=(DeckRating("deck1", -20.0, -60.0, 20.0, 8), DeckRating("burn", 0, 0, 0, 8)),
        first_advantage=Estimate(30.0, 10.0, 50.0), luck_scale=Estimate(100.0, 40.0, 200.0), games=8, draws=0,
        notes=(), diagnostics={}, reference_player="cpu", reference_deck="burn",
        deal_luck={"d0": Estimate(0.0, -50.0, 50.0), "d1": Estimate(0.0, -50.0, 50.0)})
    elo = 400 / np.log(10)  # Elo per logit
    truth = Truth({"cpu": 0.0, "model1": 120 / elo}, {"burn": 0.0, "deck1": 40 / elo}, 20 / elo, 300 / elo)
    kinds = {k.kind: (k.covered, k.intervals) for k in kind_coverage(ratings, truth, {"d0": 0.1, "d1": 2.0})}
    assert kinds == {"skills": (1, 1), "decks": (0, 1), "first player": (1, 1), "deal luck": (1, 2),
                     "luck scale": (0, 1)}
