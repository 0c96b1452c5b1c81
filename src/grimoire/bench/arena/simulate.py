"""Calibration check of the arena rating: simulate leagues with known skills, fit each, count interval coverage.

Run ``python -m grimoire.bench.arena.simulate`` to print the coverage of the 90% skill intervals.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from tqdm import tqdm

from grimoire.bench.arena.rating import GameResult, elo_from_logit, fit

REFERENCE_PLAYER = "cpu"
REFERENCE_DECK = "burn"


@dataclass(frozen=True)
class Truth:
    """The true effects of one simulated league, in logits."""

    skills: dict[str, float]
    decks: dict[str, float]
    first_advantage: float
    luck_scale: float


@dataclass(frozen=True)
class LeagueCoverage:
    league: int
    games: int
    intervals: int
    covered: int
    mean_interval_width_elo: float


@dataclass(frozen=True)
class Coverage:
    """How often the 90% intervals of the non-reference players' skills contained the true skill."""

    leagues: int
    intervals: int
    covered: int
    rate: float
    per_league: tuple[LeagueCoverage, ...]
    mean_interval_width_elo: float


def draw_truth(rng: np.random.Generator, players: int, decks: int) -> Truth:
    """Skills ~ Normal(0, 1) (models are closer than the weak prior allows), decks ~ Normal(0, 0.5),
    first-player advantage ~ Normal(0, 0.25) and luck scale ~ HalfNormal(1) as in the model."""
    skills = {REFERENCE_PLAYER: 0.0} | {f"model{i + 1}": float(rng.normal(0.0, 1.0)) for i in range(players)}
    strengths = {REFERENCE_DECK: 0.0} | {f"deck{i + 1}": float(rng.normal(0.0, 0.5)) for i in range(decks)}
    return Truth(skills, strengths, float(rng.normal(0.0, 0.25)), float(abs(rng.normal(0.0, 1.0))))


def play_league(rng: np.random.Generator, truth: Truth, deals: int, league: int = 0) -> list[GameResult]:
    """Games with the arena's structure: even deals are CPU deals (a model on one of its decks against the CPU on
    the reference deck, played with each side going first), odd deals are battles (two models on two fixed
    decks, each model in each seat, each seat going first). Models take turns so every one of them plays."""
    models = [name for name in truth.skills if name != REFERENCE_PLAYER]
    model_decks = [name for name in truth.decks if name != REFERENCE_DECK]
    pairs = list(itertools.combinations(models, 2))
    rng.shuffle(pairs)
    games: list[GameResult] = []
    for deal in range(deals):
        luck = truth.luck_scale * rng.normal()
        if deal % 2 == 0 or not pairs:
            model = models[(deal // 2) % len(models)]
            seatings = [((model, REFERENCE_PLAYER), (str(rng.choice(model_decks)), REFERENCE_DECK))]
        else:
            first, second = pairs[(deal // 2) % len(pairs)]
            deck_pair = rng.choice(model_decks, size=2, replace=len(model_decks) < 2)
            decks = (str(deck_pair[0]), str(deck_pair[1]))
            seatings = [((first, second), decks), ((second, first), decks)]
        for (seat0, seat1), (deck0, deck1) in seatings:
            for first_seat in (0, 1):
                logit = (
                    truth.skills[seat0]
                    - truth.skills[seat1]
                    + truth.decks[deck0]
                    - truth.decks[deck1]
                    + truth.first_advantage * (1 if first_seat == 0 else -1)
                    + luck
                )
                seat0_won = rng.random() < 1.0 / (1.0 + np.exp(-logit))
                games.append(
                    GameResult(
                        game_id=f"L{league}-{len(games)}",
                        deal=f"L{league}-deal{deal}",
                        players=(seat0, seat1),
                        decks=(deck0, deck1),
                        first=first_seat,
                        winner=0 if seat0_won else 1,
                    )
                )
    return games


def simulate(
    leagues: int = 20,
    players: int = 5,
    decks: int = 3,
    deals_per_league: int = 20,
    seed: int = 0,
    draws: int = 1000,
    tune: int = 1000,
    chains: int = 2,
    progress: bool = False,
) -> Coverage:
    """Simulate ``leagues`` leagues of ``players`` models (besides the CPU) and ``decks`` model decks (besides
    Red Burn), fit each one and count how often the 90% skill intervals contain the true skills. The default
    20 deals make 60 games a league (10 CPU deals of 2 games, 10 battle deals of 4)."""
    if players < 1 or decks < 1 or deals_per_league < 1:
        raise ValueError("simulate needs a deal, a model and a model deck besides the CPU and its deck")
    rng = np.random.default_rng(seed)
    results = []
    for league in tqdm(range(leagues), desc="leagues", disable=not progress):
        truth = draw_truth(rng, players, decks)
        games = play_league(rng, truth, deals_per_league, league)
        ratings = fit(
            games,
            reference_player=REFERENCE_PLAYER,
            reference_deck=REFERENCE_DECK,
            draws=draws,
            tune=tune,
            chains=chains,
            seed=seed + league,
        )
        rated = [player for player in ratings.players if player.name != REFERENCE_PLAYER]
        covered = sum(player.low <= elo_from_logit(truth.skills[player.name]) <= player.high for player in rated)
        widths = [player.high - player.low for player in rated]
        results.append(LeagueCoverage(league, len(games), len(rated), covered, float(np.mean(widths))))
    intervals = sum(league.intervals for league in results)
    covered = sum(league.covered for league in results)
    width = sum(league.mean_interval_width_elo * league.intervals for league in results) / max(1, intervals)
    return Coverage(leagues, intervals, covered, covered / max(1, intervals), tuple(results), width)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leagues", type=int, default=20)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--decks", type=int, default=3)
    parser.add_argument("--deals", type=int, default=20, help="deals per league")
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--tune", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    coverage = simulate(
        leagues=args.leagues,
        players=args.players,
        decks=args.decks,
        deals_per_league=args.deals,
        seed=args.seed,
        draws=args.draws,
        tune=args.tune,
        progress=True,
    )
    print(
        f"90% interval coverage: {coverage.covered}/{coverage.intervals} = {coverage.rate:.1%} "
        f"over {coverage.leagues} leagues; mean interval width {coverage.mean_interval_width_elo:.0f} Elo; "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
