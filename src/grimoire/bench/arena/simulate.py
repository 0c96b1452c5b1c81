"""Calibration check of the arena rating: simulate leagues with known effects, fit each, count interval coverage.

Coverage is counted per kind of parameter (skills, decks, first-player advantage, each deal's luck, the luck
scale) and drawn as a chart; ``grimoire arena simulate`` (or ``python -m grimoire.bench.arena.simulate``) runs it.
"""

from __future__ import annotations

import argparse
import io
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tqdm import tqdm

from grimoire.bench.arena.rating import Estimate, GameResult, Ratings, elo_from_logit, fit
from grimoire.cards import atomic

REFERENCE_PLAYER = "cpu"
REFERENCE_DECK = "burn"
KINDS = ("skills", "decks", "first player", "deal luck", "luck scale")
SEED_SKILL_COVERAGE = 0.93  # what the seed's (XMage-based) benchmark reports for its 90% skill intervals


@dataclass(frozen=True)
class Truth:
    """The true effects of one simulated league, in logits."""

    skills: dict[str, float]
    decks: dict[str, float]
    first_advantage: float
    luck_scale: float


@dataclass(frozen=True)
class KindCoverage:
    """How many of one kind's 90% intervals contained the true value."""

    kind: str
    intervals: int
    covered: int

    @property
    def rate(self) -> float:
        return self.covered / self.intervals if self.intervals else float("nan")


@dataclass(frozen=True)
class LeagueCoverage:
    league: int
    games: int
    intervals: int  # skill intervals (non-reference players)
    covered: int
    mean_interval_width_elo: float
    by_kind: tuple[KindCoverage, ...] = ()


@dataclass(frozen=True)
class Coverage:
    """How often the 90% intervals contained the truth: ``intervals``, ``covered`` and ``rate`` are the
    non-reference players' skills (the figure the seed reports), ``by_kind`` every kind of parameter."""

    leagues: int
    intervals: int
    covered: int
    rate: float
    per_league: tuple[LeagueCoverage, ...]
    mean_interval_width_elo: float
    by_kind: tuple[KindCoverage, ...] = ()

    def text(self) -> str:
        """The per-kind table, beside the seed's figure for skills."""
        lines = [f"90% interval coverage over {self.leagues} simulated leagues "
                 f"(the seed's benchmark reports {SEED_SKILL_COVERAGE:.0%} for skills):",
                 f"{'kind':<13} {'intervals':>9} {'covered':>7} {'rate':>6}"]
        lines += [f"{k.kind:<13} {k.intervals:>9} {k.covered:>7} {k.rate:>6.1%}" for k in self.by_kind]
        lines.append(f"{self.intervals} skill intervals: {self.covered} contain the true skill ({self.rate:.0%}); "
                     f"mean interval width {self.mean_interval_width_elo:.0f} Elo")
        return "\n".join(lines)


def draw_truth(rng: np.random.Generator, players: int, decks: int) -> Truth:
    """Skills ~ Normal(0, 1) (models are closer than the weak prior allows), decks ~ Normal(0, 0.5),
    first-player advantage ~ Normal(0, 0.25) and luck scale ~ HalfNormal(1) as in the model."""
    skills = {REFERENCE_PLAYER: 0.0} | {f"model{i + 1}": float(rng.normal(0.0, 1.0)) for i in range(players)}
    strengths = {REFERENCE_DECK: 0.0} | {f"deck{i + 1}": float(rng.normal(0.0, 0.5)) for i in range(decks)}
    return Truth(skills, strengths, float(rng.normal(0.0, 0.25)), float(abs(rng.normal(0.0, 1.0))))


def play_league(rng: np.random.Generator, truth: Truth, deals: int,
                league: int = 0) -> tuple[list[GameResult], dict[str, float]]:
    """Games with the arena's structure, and each deal's true luck (logits): even deals are CPU deals (a model on
    one of its decks against the CPU on the reference deck, played with each side going first), odd deals are
    battles (two models on two fixed decks, each model in each seat, each seat going first). Models take turns
    so every one of them plays."""
    models = [name for name in truth.skills if name != REFERENCE_PLAYER]
    model_decks = [name for name in truth.decks if name != REFERENCE_DECK]
    pairs = list(itertools.combinations(models, 2))
    rng.shuffle(pairs)
    games: list[GameResult] = []
    luck_by_deal: dict[str, float] = {}
    for deal in range(deals):
        luck = truth.luck_scale * rng.normal()
        luck_by_deal[f"L{league}-deal{deal}"] = luck
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
    return games, luck_by_deal


def _contains(estimate: Estimate, truth_logit: float) -> bool:
    return estimate.low <= elo_from_logit(truth_logit) <= estimate.high


def kind_coverage(ratings: Ratings, truth: Truth, luck_by_deal: dict[str, float]) -> tuple[KindCoverage, ...]:
    """Each kind's count of 90% intervals that contain the truth, for one fitted league (references left out:
    they are exactly 0 by construction)."""
    hits = {
        "skills": [_contains(Estimate(p.elo, p.low, p.high), truth.skills[p.name])
                   for p in ratings.players if p.name != ratings.reference_player],
        "decks": [_contains(Estimate(d.elo, d.low, d.high), truth.decks[d.name])
                  for d in ratings.decks if d.name != ratings.reference_deck],
        "first player": [_contains(ratings.first_advantage, truth.first_advantage)],
        "deal luck": [_contains(estimate, luck_by_deal[deal]) for deal, estimate in ratings.deal_luck.items()],
        "luck scale": [_contains(ratings.luck_scale, truth.luck_scale)],
    }
    return tuple(KindCoverage(kind, len(hits[kind]), sum(hits[kind])) for kind in KINDS)


def _total(kinds: Sequence[tuple[KindCoverage, ...]]) -> tuple[KindCoverage, ...]:
    return tuple(KindCoverage(kind, sum(k[i].intervals for k in kinds), sum(k[i].covered for k in kinds))
                 for i, kind in enumerate(KINDS))


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
    if leagues < 1:  # (0 had printed nan% coverage, then a TypeError)
        raise ValueError(f"simulate needs a league to fit, not {leagues}: pass 1 or more")
    if players < 1 or decks < 1 or deals_per_league < 1:
        raise ValueError("simulate needs a deal, a model and a model deck besides the CPU and its deck")
    rng = np.random.default_rng(seed)
    results = []
    for league in tqdm(range(leagues), desc="leagues", disable=not progress):
        truth = draw_truth(rng, players, decks)
        games, luck_by_deal = play_league(rng, truth, deals_per_league, league)
        ratings = fit(
            games,
            reference_player=REFERENCE_PLAYER,
            reference_deck=REFERENCE_DECK,
            draws=draws,
            tune=tune,
            chains=chains,
            seed=seed + league,
        )
        kinds = kind_coverage(ratings, truth, luck_by_deal)
        widths = [player.high - player.low for player in ratings.players if player.name != REFERENCE_PLAYER]
        results.append(LeagueCoverage(league, len(games), kinds[0].intervals, kinds[0].covered,
                                      float(np.mean(widths)), kinds))
    intervals = sum(league.intervals for league in results)
    covered = sum(league.covered for league in results)
    width = sum(league.mean_interval_width_elo * league.intervals for league in results) / max(1, intervals)
    return Coverage(leagues, intervals, covered, covered / max(1, intervals), tuple(results), width,
                    _total([league.by_kind for league in results]))


def _png(coverage: Coverage) -> bytes:
    # The Figure API draws with Agg without touching pyplot's global backend.
    from matplotlib.figure import Figure
    from scipy.stats import beta

    kinds = [k for k in coverage.by_kind if k.intervals]
    # a 90% (Jeffreys) interval for each rate, so a short simulation's noise is visible
    bounds = [beta.ppf([0.05, 0.95], k.covered + 0.5, k.intervals - k.covered + 0.5) for k in kinds]
    figure = Figure(figsize=(8, 1.8 + 0.5 * len(kinds)), layout="constrained")
    axes = figure.add_subplot()
    for row, (kind, (low, high)) in enumerate(zip(kinds, bounds, strict=True)):
        y = len(kinds) - 1 - row
        axes.plot([100 * low, 100 * high], [y, y], color="#1f5fa8", linewidth=3, solid_capstyle="butt")
        axes.plot([100 * kind.rate], [y], "o", color="#1f5fa8", markersize=7)
        axes.annotate(f"{kind.covered}/{kind.intervals}", (100 * kind.rate, y), textcoords="offset points",
                      xytext=(0, 8), ha="center", fontsize=8)
    axes.axvline(90, color="#444444", linestyle="--", linewidth=1, label="nominal 90%")
    skills_row = next((len(kinds) - 1 - i for i, k in enumerate(kinds) if k.kind == "skills"), None)
    if skills_row is not None:
        axes.plot([100 * SEED_SKILL_COVERAGE], [skills_row], "D", color="#c0392b", markersize=6,
                  label=f"seed's benchmark, skills ({SEED_SKILL_COVERAGE:.0%})")
    axes.set_yticks(range(len(kinds)), [k.kind for k in reversed(kinds)])
    axes.set_ylim(-0.7, len(kinds) - 0.3)
    axes.set_xlim(min(50.0, *(100 * low - 2 for low, _ in bounds)), 101)
    axes.set_xlabel("% of 90% intervals containing the true value (bars: 90% interval of that rate)")
    axes.set_title(f"Arena rating calibration, {coverage.leagues} simulated leagues")
    figure.legend(loc="outside lower center", ncols=2, fontsize=8)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=120)
    return buffer.getvalue()


def plot(coverage: Coverage, png_path: str | Path) -> None:
    """Draw each kind's coverage with its uncertainty, the nominal 90% and the seed's figure, as a PNG."""
    atomic.write_bytes(Path(png_path), _png(coverage))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leagues", type=int, default=20)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--decks", type=int, default=3)
    parser.add_argument("--deals", type=int, default=20, help="deals per league")
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--tune", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", help="also draw the coverage chart to this PNG")
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
    print(coverage.text())
    print(f"{time.perf_counter() - start:.0f} s")
    if args.plot:
        plot(coverage, args.plot)


if __name__ == "__main__":
    main()
