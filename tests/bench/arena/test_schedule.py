"""The scheduler spends on uncertain players and unsettled pairs, per dollar, and never on foregone results."""

from __future__ import annotations

import numpy as np
import pytest

from grimoire.bench.arena.rating import DeckRating, Estimate, PlayerRating, Ratings, elo_from_logit
from grimoire.bench.arena.schedule import Candidate, expected_gain, next_game


def _ratings(skills: dict[str, tuple[float, float]], decks: dict[str, float] | None = None) -> Ratings:
    """Ratings whose skill posterior for each player is Normal(mean, sd) in logits; 'cpu' is exactly 0.
    ``decks`` gives deck strengths in logits."""
    rng = np.random.default_rng(0)
    samples = {name: rng.normal(mean, sd, 2000) for name, (mean, sd) in skills.items()} | {"cpu": np.zeros(2000)}
    names = sorted(samples, key=lambda name: -samples[name].mean())
    players = tuple(
        PlayerRating(
            name,
            elo_from_logit(float(samples[name].mean())),
            elo_from_logit(float(np.quantile(samples[name], 0.05))),
            elo_from_logit(float(np.quantile(samples[name], 0.95))),
            games=10,
            wins=5,
            ranked=True,
        )
        for name in names
    )
    return Ratings(
        players=players,
        decks=tuple(
            DeckRating(name, elo_from_logit(logit), elo_from_logit(logit), elo_from_logit(logit), games=10)
            for name, logit in (decks or {}).items()
        ),
        first_advantage=Estimate(30.0, 0.0, 60.0),
        luck_scale=Estimate(100.0, 50.0, 150.0),
        games=50,
        draws=0,
        notes=(),
        diagnostics={"max_r_hat": 1.0, "divergences": 0},
        reference_player="cpu",
        reference_deck="burn",
        sample_names=tuple(names),
        skill_samples=np.vstack([samples[name] for name in names]),
    )


def _against_cpu(name: str, deck: str = "delver") -> Candidate:
    return Candidate((name, "cpu"), (deck, "burn"), "cpu")


def test_an_uncertain_player_is_preferred_over_a_settled_one() -> None:
    ratings = _ratings({"settled": (0.5, 0.1), "uncertain": (0.5, 1.0)})
    candidates = [_against_cpu("settled"), _against_cpu("uncertain")]
    assert next_game(ratings, candidates, {"settled": 0.1, "uncertain": 0.1}) == _against_cpu("uncertain")


def test_a_foregone_win_over_the_cpu_loses_to_a_close_pair() -> None:
    ratings = _ratings({"frontier": (3.0, 0.4), "model_a": (1.0, 0.4), "model_b": (1.1, 0.4)})
    mismatch = _against_cpu("frontier")
    close = Candidate(("model_a", "model_b"), ("delver", "jeskai"), "battle")
    costs = {"frontier": 0.1, "model_a": 0.1, "model_b": 0.1}
    assert expected_gain(ratings, close) > 5 * expected_gain(ratings, mismatch)
    assert next_game(ratings, [mismatch, close], costs) == close


def test_an_unsettled_order_is_preferred_over_an_equally_informative_settled_one() -> None:
    # Both games are coin flips (the settled pair's gap is cancelled by the decks), so only the order differs.
    skills = {"even_a": (1.0, 0.5), "even_b": (1.0, 0.5), "ahead": (2.5, 0.5), "behind": (0.0, 0.5)}
    ratings = _ratings(skills, decks={"fair": 0.0, "weak_deck": -2.5})
    unsettled = Candidate(("even_a", "even_b"), ("fair", "fair"), "battle")
    settled = Candidate(("ahead", "behind"), ("weak_deck", "fair"), "battle")
    assert next_game(ratings, [settled, unsettled], {}) == unsettled


def test_the_cheaper_of_two_equally_uncertain_models_is_chosen() -> None:
    ratings = _ratings({"pricey": (0.5, 0.8), "cheap": (0.5, 0.8)})
    pricey, cheap = _against_cpu("pricey"), _against_cpu("cheap")
    assert expected_gain(ratings, pricey) == pytest.approx(expected_gain(ratings, cheap), rel=0.1)
    assert next_game(ratings, [pricey, cheap], {"pricey": 4.0, "cheap": 0.05}) == cheap


def test_unrated_players_come_first() -> None:
    ratings = _ratings({"model_a": (0.0, 0.9), "model_b": (0.1, 0.9)})
    newcomer = _against_cpu("newcomer")
    close = Candidate(("model_a", "model_b"), ("delver", "jeskai"), "battle")
    assert expected_gain(ratings, newcomer) > expected_gain(ratings, close)
    assert next_game(ratings, [close, newcomer], {"model_a": 0.1, "model_b": 0.1, "newcomer": 0.1}) == newcomer


def test_ties_are_broken_the_same_way_whatever_the_order() -> None:
    ratings = _ratings({"model_a": (0.2, 0.5)})
    candidates = [_against_cpu("model_a", "jeskai"), _against_cpu("model_a", "delver")]
    assert next_game(ratings, candidates, {}) == next_game(ratings, candidates[::-1], {}) == candidates[1]


def test_no_candidates_is_an_error() -> None:
    with pytest.raises(ValueError, match="no candidate"):
        next_game(_ratings({}), [], {})



def test_an_unplayed_deck_is_scheduled_before_a_well_measured_one() -> None:
    ratings = _ratings({"bot": (-1.0, 0.3)}, decks={"delver": 0.2})
    ratings = Ratings(**{**ratings.__dict__, "decks": (DeckRating("delver", 35.0, 20.0, 50.0, games=40),)})
    chosen = next_game(ratings, [_against_cpu("bot", "delver"), _against_cpu("bot", "dredge")], {})
    assert chosen == _against_cpu("bot", "dredge")
