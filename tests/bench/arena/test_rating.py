"""The Bradley-Terry rating recovers known skills, keeps the CPU with Red Burn at 0, and counts what it skips."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from grimoire.bench.arena.rating import (
    GameResult,
    Ratings,
    diagnostic_notes,
    elo_from_logit,
    fit,
    fit_laplace,
    logit_from_elo,
    win_probability,
)

TRUE_SKILL = {"cpu": 0.0, "strong": 2.0, "middling": 0.8, "weak": -1.2}
TRUE_DECK = {"burn": 0.0, "delver": 0.3, "jeskai": -0.2}
SAMPLER = {"draws": 300, "tune": 300, "chains": 2, "seed": 0}


def _games(rng: np.random.Generator, skills: dict[str, float], deals: int, prefix: str) -> list[GameResult]:
    """Deals between random pairs, each played with both seats going first, with some deal luck."""
    names = list(skills)
    games = []
    for deal in range(deals):
        seat0, seat1 = rng.choice(names, size=2, replace=False)
        deck0, deck1 = rng.choice(list(TRUE_DECK), size=2)
        luck = rng.normal(0.0, 0.5)
        for first in (0, 1):
            logit = skills[seat0] - skills[seat1] + TRUE_DECK[deck0] - TRUE_DECK[deck1] + 0.2 * (1 - 2 * first) + luck
            seat0_won = rng.random() < 1 / (1 + math.exp(-logit))
            games.append(
                GameResult(
                    f"{prefix}{deal}-{first}",
                    f"{prefix}{deal}",
                    (str(seat0), str(seat1)),
                    (str(deck0), str(deck1)),
                    first,
                    0 if seat0_won else 1,
                )
            )
    return games


def _league() -> list[GameResult]:
    games = _games(np.random.default_rng(7), TRUE_SKILL, deals=75, prefix="d")
    newcomer = [GameResult(f"n{i}", f"n{i}", ("newcomer", "cpu"), ("delver", "burn"), i % 2, i % 2) for i in range(3)]
    unfinished = [
        GameResult("u1", "u1", ("strong", "middling"), ("delver", "jeskai"), 0, None),
        GameResult("u2", "u2", ("drawer", "cpu"), ("jeskai", "burn"), 1, None),
    ]
    return games + newcomer + unfinished


@pytest.fixture(scope="module")
def league() -> list[GameResult]:
    return _league()


@pytest.fixture(scope="module")
def ratings(league: list[GameResult]) -> Ratings:
    return fit(league, **SAMPLER)


def test_fit_recovers_the_true_order_within_the_intervals(ratings: Ratings) -> None:
    rated = {player.name: player for player in ratings.players}
    order = [player.name for player in ratings.players if player.name in TRUE_SKILL]
    assert order == sorted(TRUE_SKILL, key=TRUE_SKILL.get, reverse=True)
    for name, skill in TRUE_SKILL.items():
        assert rated[name].low <= elo_from_logit(skill) <= rated[name].high, name
    for ranked in (True, False):  # the ranked players first, then the unranked, each by Elo
        elos = [player.elo for player in ratings.players if player.ranked == ranked]
        assert elos == sorted(elos, reverse=True)


def test_reference_player_and_deck_are_exactly_zero(ratings: Ratings) -> None:
    cpu = ratings.player("cpu")
    burn = next(deck for deck in ratings.decks if deck.name == "burn")
    assert (cpu.elo, cpu.low, cpu.high) == (0.0, 0.0, 0.0)
    assert (burn.elo, burn.low, burn.high) == (0.0, 0.0, 0.0)
    assert not ratings.skill_samples[ratings.sample_names.index("cpu")].any()


def test_players_with_few_games_are_shown_but_not_ranked(ratings: Ratings) -> None:
    newcomer = ratings.player("newcomer")
    assert (newcomer.games, newcomer.wins, newcomer.ranked) == (3, 2, False)
    assert ratings.player("weak").ranked


def test_draws_are_counted_but_not_fitted(league: list[GameResult], ratings: Ratings) -> None:
    assert ratings.draws == 2
    assert ratings.games == len(league)
    assert ratings.player("strong").games == sum("strong" in game.players for game in league)
    # A player whose only game was a draw keeps the prior: about ±1.645 * 2 logits, 1140 Elo wide.
    drawer = ratings.player("drawer")
    assert (drawer.games, drawer.wins) == (1, 0)
    assert drawer.high - drawer.low > 900
    assert any("drawer" in note for note in ratings.notes)


def test_summary_fields_are_filled(ratings: Ratings) -> None:
    assert ratings.luck_scale.low < ratings.luck_scale.elo < ratings.luck_scale.high
    assert ratings.first_advantage.low < ratings.first_advantage.high
    # Short test chains: r-hat is only checked to be computed and sane, not below the 1.05 of a real fit.
    assert 0.99 < ratings.diagnostics["max_r_hat"] < 1.2
    assert ratings.diagnostics["divergences"] >= 0
    assert ratings.skill_samples.shape == (len(ratings.players), 600)
    assert ratings.sample_names == tuple(player.name for player in ratings.players)


def test_reference_stays_put_when_a_player_is_added(league: list[GameResult], ratings: Ratings) -> None:
    arrival = [
        GameResult(f"a{i}", f"a{i // 2}", ("arrival", "cpu"), ("jeskai", "burn"), i % 2, i % 3 % 2) for i in range(8)
    ]
    grown = fit(league + arrival, **SAMPLER)
    cpu = grown.player("cpu")
    assert (cpu.elo, cpu.low, cpu.high) == (0.0, 0.0, 0.0)
    assert grown.player("arrival").games == 8
    assert abs(grown.player("strong").elo - ratings.player("strong").elo) < 60


def test_missing_reference_is_noted_not_fatal() -> None:
    games = [GameResult(f"g{i}", f"d{i // 2}", ("a", "b"), ("delver", "jeskai"), i % 2, i % 3 % 2) for i in range(6)]
    ratings = fit(games, draws=100, tune=100, chains=1)
    assert {player.name for player in ratings.players} == {"a", "b"}
    assert {deck.name for deck in ratings.decks} == {"delver", "jeskai"}
    assert any("'cpu'" in note for note in ratings.notes)
    assert any("'burn'" in note for note in ratings.notes)


def test_failed_sampler_checks_become_notes() -> None:
    assert diagnostic_notes(1.01, 0) == ()
    assert diagnostic_notes(float("nan"), 0) == ()
    assert "r-hat 1.200" in diagnostic_notes(1.2, 0)[0]
    assert "3 divergent" in diagnostic_notes(1.0, 3)[0]


def test_elo_and_logit_conversions() -> None:
    assert elo_from_logit(math.log(10)) == pytest.approx(400.0)
    assert logit_from_elo(elo_from_logit(0.7)) == pytest.approx(0.7)
    assert win_probability(0.0) == 0.5
    assert win_probability(400.0) == pytest.approx(10 / 11)
    assert win_probability(elo_from_logit(1.3)) == pytest.approx(1 / (1 + math.exp(-1.3)))


@pytest.mark.parametrize("winner", [0, 1, None])
def test_game_result_round_trips_through_json(winner: int | None) -> None:
    game = GameResult("g1", "seed-42", ("gpt", "cpu"), ("delver", "burn"), 1, winner, cost_usd=0.37)
    assert GameResult.from_dict(json.loads(json.dumps(game.to_dict()))) == game


def test_game_result_rejects_a_bad_seat() -> None:
    with pytest.raises(ValueError, match="winner"):
        GameResult("g1", "d1", ("a", "b"), ("x", "y"), 0, 2)


def test_the_quick_fit_agrees_with_the_sampler(league: list[GameResult], ratings: Ratings) -> None:
    quick = fit_laplace(league)
    assert [p.name for p in quick.players if p.ranked] == [p.name for p in ratings.players if p.ranked]
    for sampled in (*ratings.players, *ratings.decks):
        approx = quick.player(sampled.name) or next(d for d in quick.decks if d.name == sampled.name)
        width = sampled.high - sampled.low
        if width:  # the references are exactly 0 in both
            assert abs(approx.elo - sampled.elo) < 0.1 * width, sampled.name
            assert 0.8 < (approx.high - approx.low) / width < 1.2, sampled.name
    assert quick.skill_samples.shape == (len(quick.players), 2000) and quick.deal_luck == {}
    assert quick.luck_scale.low < ratings.luck_scale.elo < quick.luck_scale.high


def test_each_player_lists_its_games(league: list[GameResult], ratings: Ratings) -> None:
    newcomer = ratings.player("newcomer")
    assert newcomer.game_ids == ("n0", "n1", "n2")
    assert all(len(p.game_ids) == p.games for p in ratings.players)
