"""The calibration simulation plays leagues shaped like the arena's and reports interval coverage."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from grimoire.bench.arena.simulate import draw_truth, play_league, simulate


def test_leagues_have_the_arena_deal_structure() -> None:
    rng = np.random.default_rng(1)
    truth = draw_truth(rng, players=3, decks=2)
    games = play_league(rng, truth, deals=6)
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
