"""Choose the next arena game: the pairing expected to narrow the leaderboard most per dollar.

Reads the rating posterior's skill samples and each model's cost per game; refit after every game and ask again.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from grimoire.bench.arena.rating import SKILL_PRIOR_SD, Ratings, logit_from_elo

_UNKNOWN_SAMPLES = 2000


@dataclass(frozen=True)
class Candidate:
    """A game that could be played next: player and deck in engine seat 0 and seat 1."""

    players: tuple[str, str]
    decks: tuple[str, str]
    kind: str  # "cpu" or "battle"; informational


def _skill_samples(ratings: Ratings, name: str) -> np.ndarray:
    """Posterior skill draws in logits; the reference is exactly 0, and a player not yet rated gets seeded draws
    from the skill prior, so it is scheduled before anyone rated (seeded by name, so the choice is repeatable and
    two new players are independent)."""
    size = ratings.skill_samples.shape[1] if ratings.skill_samples.size else _UNKNOWN_SAMPLES
    if name in ratings.sample_names:
        return ratings.skill_samples[ratings.sample_names.index(name)]
    if name == ratings.reference_player:
        return np.zeros(size)
    return np.random.default_rng(zlib.crc32(name.encode())).normal(0.0, SKILL_PRIOR_SD, size)


def _deck_logit(ratings: Ratings, name: str) -> float:
    """A deck's posterior mean strength in logits; an unrated deck counts as 0."""
    return next((logit_from_elo(deck.elo) for deck in ratings.decks if deck.name == name), 0.0)


DECK_PRIOR_SD = 1.0
_Z90 = 1.6448536269514722  # a 90% interval spans 2 * 1.645 standard deviations


def _deck_variance(ratings: Ratings, name: str) -> float:
    """A deck's posterior variance in logits², from its 90% interval; the reference deck's is 0 and an unplayed
    deck has the prior's."""
    if name == ratings.reference_deck:
        return 0.0
    deck = next((d for d in ratings.decks if d.name == name), None)
    if deck is None:
        return DECK_PRIOR_SD**2
    return (logit_from_elo(deck.high - deck.low) / (2 * _Z90)) ** 2


def expected_gain(ratings: Ratings, candidate: Candidate) -> float:
    """Expected narrowing of the leaderboard from one more game of ``candidate``, in logits².

    One game observes η = a - b + deck[x] - deck[y] (a, b the two skills; the reference's is 0; an unrated player
    gets prior draws; decks independent, with the variance of their 90% intervals and the prior's if unplayed):

    - the seat-0 win chance is p = mean(sigmoid(η)) over the skill draws (deck means added, the first-player
      advantage left out as the two seats share it over a deal); one Bernoulli game carries Fisher information
      i = p (1 - p), so a near-certain result says little;
    - to first order a game shrinks any quantity k's variance by cov(k, η)² i / (1 + var(η) i); with the joint
      skill draws this credits a battle only with what it tells about each player relative to the CPU;
    - the pair's order is unsettled by u = min(P(a > b), P(a < b)), between 0 and 1/2.

    gain = Σ_k cov(skill k, η)² s + var(x)² s + var(y)² s + 2 u var(a - b)² s, with s = i / (1 + var(η) i), the
    sum over every rated player and the two in the game: every skill and deck the game would sharpen, plus the
    pair's difference in full when its order is a coin flip.
    """
    seat0, seat1 = (_skill_samples(ratings, name) for name in candidate.players)
    size = min(seat0.size, seat1.size)
    difference = seat0[:size] - seat1[:size]
    deck_difference = _deck_logit(ratings, candidate.decks[0]) - _deck_logit(ratings, candidate.decks[1])
    deck_variances = [_deck_variance(ratings, deck) for deck in candidate.decks]
    p = float(np.mean(1.0 / (1.0 + np.exp(-(difference + deck_difference)))))
    information = p * (1.0 - p)
    shrink = information / (1.0 + (float(difference.var()) + sum(deck_variances)) * information)
    centred = difference - difference.mean()
    skills = {name: ratings.skill_samples[i] for i, name in enumerate(ratings.sample_names)}
    for name, draws in zip(candidate.players, (seat0, seat1), strict=True):
        skills.setdefault(name, draws)
    gain = sum(float(np.mean((draws[:size] - draws[:size].mean()) * centred)) ** 2 for draws in skills.values())
    gain += sum(variance**2 for variance in deck_variances)
    unsettled = min(float(np.mean(difference > 0)), float(np.mean(difference < 0)))
    gain += 2.0 * unsettled * float(difference.var()) ** 2
    return gain * shrink


def game_cost(candidate: Candidate, cost_per_game: Mapping[str, float]) -> float:
    """What the game costs: both players' cost per game; players missing from the mapping (the CPU) are free."""
    return sum(cost_per_game.get(name, 0.0) for name in candidate.players)


def ranked(
    ratings: Ratings,
    candidates: Iterable[Candidate],
    cost_per_game: Mapping[str, float],
    min_cost: float = 0.001,
) -> list[Candidate]:
    """Candidates by expected gain per dollar, gain / max(min_cost, cost of the game), best first.

    ``min_cost`` keeps free games (bots, the CPU) from dividing by zero. Ties go to the candidate first in
    (players, decks, kind) order, whatever order the candidates came in.
    """
    scored = [
        (expected_gain(ratings, candidate) / max(min_cost, game_cost(candidate, cost_per_game)), candidate)
        for candidate in candidates
    ]
    return [c for _, c in sorted(scored, key=lambda pair: (-pair[0], pair[1].players, pair[1].decks, pair[1].kind))]


def next_game(
    ratings: Ratings,
    candidates: Iterable[Candidate],
    cost_per_game: Mapping[str, float],
    min_cost: float = 0.001,
) -> Candidate:
    """The candidate with the most expected gain per dollar (see :func:`ranked`)."""
    order = ranked(ratings, candidates, cost_per_game, min_cost)
    if not order:
        raise ValueError("no candidate games to choose from: list the pairings that can be played")
    return order[0]
