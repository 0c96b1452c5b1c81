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


def _variance_reduction(variance: float, information: float) -> float:
    """How much one observation with this Fisher information shrinks a normal posterior variance:
    v - 1/(1/v + i) = v² i / (1 + v i), which is 0 for a fixed (v = 0) effect."""
    return variance * variance * information / (1.0 + variance * information)


def expected_gain(ratings: Ratings, candidate: Candidate) -> float:
    """Expected narrowing of the leaderboard from one more game of ``candidate``, in logits².

    With a, b the two players' posterior skill draws (the reference is 0; an unrated player gets prior draws):

    - d = a - b, and the seat-0 win chance p = mean(sigmoid(d + deck[seat 0] - deck[seat 1])), using posterior
      mean deck strengths and leaving out the first-player advantage, which the two seats share over a deal;
    - one Bernoulli game carries Fisher information i = p (1 - p): a near-certain result says little;
    - each player's variance v shrinks by r(v) = v - 1/(1/v + i);
    - the pair's order is unsettled by u = min(P(d > 0), P(d < 0)), between 0 and 1/2.

    gain = r(var a) + r(var b) + 2 u r(var d) + r(var x) + r(var y): each player's own uncertainty, plus the
    difference's uncertainty in full when the order is a coin flip and not at all when it is settled, plus the
    two decks' (x, y; their variance read from the 90% intervals, an unplayed deck at the prior's), so every
    deck gets played.
    """
    seat0, seat1 = (_skill_samples(ratings, name) for name in candidate.players)
    size = min(seat0.size, seat1.size)
    difference = seat0[:size] - seat1[:size]
    deck_difference = _deck_logit(ratings, candidate.decks[0]) - _deck_logit(ratings, candidate.decks[1])
    p = float(np.mean(1.0 / (1.0 + np.exp(-(difference + deck_difference)))))
    information = p * (1.0 - p)
    unsettled = min(float(np.mean(difference > 0)), float(np.mean(difference < 0)))
    return (
        _variance_reduction(float(seat0.var()), information)
        + _variance_reduction(float(seat1.var()), information)
        + 2.0 * unsettled * _variance_reduction(float(difference.var()), information)
        + sum(_variance_reduction(_deck_variance(ratings, deck), information) for deck in candidate.decks)
    )


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
