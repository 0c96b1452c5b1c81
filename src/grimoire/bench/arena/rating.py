"""Bayesian Bradley-Terry rating of arena games: player skill, deck strength, first-player advantage and deal luck.

The CPU with Red Burn is fixed at 0 and every rating is Elo relative to it, with a 90% posterior interval.
"""

from __future__ import annotations

import logging
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

ELO_PER_LOGIT = 400 / math.log(10)
MIN_RANKED_GAMES = 4
INTERVAL = (0.05, 0.95)
MAX_R_HAT = 1.05
SKILL_PRIOR_SD = 2.0  # logits: weakly informative, a 90% prior range of about ±570 Elo


def elo_from_logit(logit: float) -> float:
    """Elo points for a logit (log-odds) difference; arrays work too."""
    return logit * ELO_PER_LOGIT


def logit_from_elo(elo: float) -> float:
    """Logit (log-odds) difference for Elo points; arrays work too."""
    return elo / ELO_PER_LOGIT


def win_probability(elo_diff: float) -> float:
    """Chance that the side ahead by ``elo_diff`` Elo wins: 1 / (1 + 10^(-diff/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo_diff / 400.0))


@dataclass(frozen=True)
class GameResult:
    """One arena game, stored as a line of JSONL.

    ``deal`` is the luck group: games with the same deal had identical shuffles (same seed, same deck in each
    engine seat). ``winner`` is the engine seat that won, or None for a draw or an unfinished game, which is
    counted but not fitted. ``errored`` marks a game the harness itself broke off: it was not played out, so it is
    neither fitted nor counted among the players' games, only reported.
    """

    game_id: str
    deal: str
    players: tuple[str, str]
    decks: tuple[str, str]
    first: int
    winner: int | None
    cost_usd: float = 0.0
    errored: bool = False

    def __post_init__(self) -> None:
        if len(self.players) != 2 or len(self.decks) != 2:
            raise ValueError(f"game {self.game_id}: players and decks need one entry per seat (2 each)")
        if self.first not in (0, 1):
            raise ValueError(f"game {self.game_id}: first must be seat 0 or 1, not {self.first!r}")
        if self.winner not in (0, 1, None):
            raise ValueError(f"game {self.game_id}: winner must be seat 0, seat 1 or None, not {self.winner!r}")

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> GameResult:
        return cls(
            game_id=str(record["game_id"]),
            deal=str(record["deal"]),
            players=(record["players"][0], record["players"][1]),
            decks=(record["decks"][0], record["decks"][1]),
            first=int(record["first"]),
            winner=None if record.get("winner") is None else int(record["winner"]),
            cost_usd=float(record.get("cost_usd", 0.0)),
            errored=bool(record.get("errored", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "deal": self.deal,
            "players": list(self.players),
            "decks": list(self.decks),
            "first": self.first,
            "winner": self.winner,
            "cost_usd": self.cost_usd,
            "errored": self.errored,
        }


@dataclass(frozen=True)
class Estimate:
    """A posterior summary in Elo: the mean and the 90% interval (5% and 95% quantiles)."""

    elo: float
    low: float
    high: float


@dataclass(frozen=True)
class PlayerRating:
    """One player's rating; ``game_ids`` are its games (as stored in the league's games.jsonl), in order."""

    name: str
    elo: float
    low: float
    high: float
    games: int
    wins: int
    ranked: bool
    game_ids: tuple[str, ...] = ()
    draws: int = 0  # of its games, those not fitted (draws and unfinished games): games - wins - draws are losses


@dataclass(frozen=True)
class DeckRating:
    name: str
    elo: float
    low: float
    high: float
    games: int


@dataclass(frozen=True)
class Ratings:
    """The fitted leaderboard. ``players`` holds the ranked players by Elo, best first, then the unranked ones by
    Elo; ``games`` counts the games played, ``draws`` those of them not fitted (draws and unfinished games) and
    ``errors`` the games a harness error broke off, left out of every other count. ``skill_samples`` holds the
    posterior skill draws in logits, one row per name in ``sample_names``, for the scheduler.
    """

    players: tuple[PlayerRating, ...]
    decks: tuple[DeckRating, ...]
    first_advantage: Estimate
    luck_scale: Estimate
    games: int
    draws: int
    notes: tuple[str, ...]
    diagnostics: Mapping[str, float]
    reference_player: str
    reference_deck: str
    sample_names: tuple[str, ...] = ()
    skill_samples: np.ndarray = field(default_factory=lambda: np.zeros((0, 0)), repr=False, compare=False)
    deal_luck: Mapping[str, Estimate] = field(default_factory=dict, repr=False, compare=False)
    errors: int = 0

    def player(self, name: str) -> PlayerRating | None:
        return next((rating for rating in self.players if rating.name == name), None)


@dataclass(frozen=True)
class _Design:
    """The decided games as index arrays for the model; index 0 of players and decks is the fixed reference."""

    players: tuple[str, ...]
    decks: tuple[str, ...]
    deals: tuple[str, ...]
    seat0_player: np.ndarray
    seat1_player: np.ndarray
    seat0_deck: np.ndarray
    seat1_deck: np.ndarray
    first_sign: np.ndarray
    deal: np.ndarray
    seat0_won: np.ndarray


@dataclass(frozen=True)
class _Posterior:
    skill: np.ndarray  # (free players, samples), logits
    deck: np.ndarray  # (free decks, samples), logits
    first_advantage: np.ndarray  # (samples,)
    luck_scale: np.ndarray  # (samples,)
    luck: np.ndarray | None  # (deals, samples), logits: each decided deal's luck effect; None if not estimated
    max_r_hat: float
    divergences: int


def _anchored_names(names: Iterable[str], reference: str) -> tuple[str, ...]:
    """The reference first (its effect is the fixed 0), then the rest sorted, so indices are stable."""
    return (reference, *sorted(set(names) - {reference}))


def _split_self_play(results: Iterable[GameResult]) -> tuple[list[GameResult], list[GameResult]]:
    """(games to rate, games whose two seats are one player). A player against itself wins exactly what it loses:
    such a game says nothing of its skill, and counted it had read as a game played and won (``play --players
    heuristic heuristic``); ``heuristic#2`` is the independent second instance that is rated."""
    rated: list[GameResult] = []
    self_play: list[GameResult] = []
    for game in results:
        (self_play if game.players[0] == game.players[1] else rated).append(game)
    return rated, self_play


def _self_play_note(self_play: Sequence[GameResult]) -> tuple[str, ...]:
    if not self_play:
        return ()
    names = sorted({game.players[0] for game in self_play})
    return (f"{len(self_play)} game{'s' if len(self_play) != 1 else ''} of a player against itself left out "
            f"({', '.join(names)}): such a game says nothing of its skill; name the second seat "
            f"{names[0]}#2 for an independent instance",)


def _design(results: Sequence[GameResult], reference_player: str, reference_deck: str) -> _Design:
    decided = [game for game in results if game.winner is not None]
    players = _anchored_names((name for game in results for name in game.players), reference_player)
    decks = _anchored_names((name for game in results for name in game.decks), reference_deck)
    deals = tuple(sorted({game.deal for game in decided}))
    player_index = {name: i for i, name in enumerate(players)}
    deck_index = {name: i for i, name in enumerate(decks)}
    deal_index = {name: i for i, name in enumerate(deals)}

    def column(values: Iterable[int]) -> np.ndarray:
        return np.fromiter(values, dtype=np.int64, count=len(decided))

    return _Design(
        players=players,
        decks=decks,
        deals=deals,
        seat0_player=column(player_index[game.players[0]] for game in decided),
        seat1_player=column(player_index[game.players[1]] for game in decided),
        seat0_deck=column(deck_index[game.decks[0]] for game in decided),
        seat1_deck=column(deck_index[game.decks[1]] for game in decided),
        first_sign=column(1 if game.first == 0 else -1 for game in decided),
        deal=column(deal_index[game.deal] for game in decided),
        seat0_won=column(int(game.winner == 0) for game in decided),
    )


@contextmanager
def _quiet_pymc() -> Iterator[None]:
    """PyMC logs each sampling step's plan; a leaderboard refit after every game should not."""
    logger = logging.getLogger("pymc")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _sample(
    design: _Design,
    *,
    skill_sd: float,
    draws: int,
    tune: int,
    chains: int,
    cores: int | None,
    seed: int,
    progressbar: bool,
) -> _Posterior:
    # PyMC takes seconds to import; importing it here keeps GameResult cheap for the game runner.
    import arviz as az
    import pymc as pm
    import pytensor.tensor as pt

    free_players = len(design.players) - 1
    free_decks = len(design.decks) - 1
    with pm.Model():
        skill = pm.Normal("skill", 0.0, skill_sd, shape=free_players)
        deck = pm.Normal("deck", 0.0, 1.0, shape=free_decks)
        first_advantage = pm.Normal("first_advantage", 0.0, 0.5)
        luck_scale = pm.HalfNormal("luck_scale", 1.0)
        # Non-centred: the sampler moves a standard normal per deal, so small luck scales don't form a funnel.
        luck_raw = pm.Normal("luck_raw", 0.0, 1.0, shape=len(design.deals))
        skill_all = pt.concatenate([pt.zeros(1), skill])
        deck_all = pt.concatenate([pt.zeros(1), deck])
        logit = (
            skill_all[design.seat0_player]
            - skill_all[design.seat1_player]
            + deck_all[design.seat0_deck]
            - deck_all[design.seat1_deck]
            + first_advantage * design.first_sign
            + luck_scale * luck_raw[design.deal]
        )
        pm.Bernoulli("seat0_won", logit_p=logit, observed=design.seat0_won)
        with _quiet_pymc():
            idata = pm.sample(
                draws=draws,
                tune=tune,
                chains=chains,
                cores=cores,
                random_seed=seed,
                progressbar=progressbar,
                # Above PyMC's 0.8: with two to four games a deal the luck scale is weakly identified, and the
                # smaller steps this buys remove most divergences for about a fifth more sampling time.
                target_accept=0.9,
                compute_convergence_checks=False,
            )
    posterior = idata.posterior

    def flat(name: str, size: int = 1) -> np.ndarray:
        values = posterior[name].values  # (chain, draw) or (chain, draw, size)
        return values.reshape(chains * draws, size).T

    r_hat = float("nan")
    if chains > 1:
        # Free variables of size 0 (no other players, no deals) have no r-hat to report.
        sizes = {"skill": free_players, "deck": free_decks, "luck_raw": len(design.deals)}
        names = [name for name in ("skill", "deck", "first_advantage", "luck_scale", "luck_raw") if sizes.get(name, 1)]
        per_variable = az.rhat(idata, var_names=names)
        r_hat = float(np.nanmax([np.nanmax(per_variable[name].values) for name in names]))
    return _Posterior(
        skill=flat("skill", free_players),
        deck=flat("deck", free_decks),
        first_advantage=flat("first_advantage")[0],
        luck_scale=flat("luck_scale")[0],
        luck=flat("luck_scale")[0] * flat("luck_raw", len(design.deals)),
        max_r_hat=r_hat,
        divergences=int(idata.sample_stats["diverging"].values.sum()),
    )


def _estimate(samples_logit: np.ndarray) -> Estimate:
    elo = elo_from_logit(samples_logit)
    low, high = np.quantile(elo, INTERVAL)
    return Estimate(float(elo.mean()), float(low), float(high))


def _notes(
    results: Sequence[GameResult], posterior: _Posterior, reference_player: str, reference_deck: str
) -> tuple[str, ...]:
    notes = []
    played = {name for game in results for name in game.players}
    if reference_player not in played:
        notes.append(f"reference player {reference_player!r} has no games: skills are anchored by the prior only")
    used = {name for game in results for name in game.decks}
    if reference_deck not in used:
        notes.append(f"reference deck {reference_deck!r} has no games: deck strengths are anchored by the prior only")
    decided = {name for game in results if game.winner is not None for name in game.players}
    for name in sorted(played - decided):
        notes.append(f"{name} has no decided games: its rating is the prior")
    return (*notes, *diagnostic_notes(posterior.max_r_hat, posterior.divergences))


def diagnostic_notes(max_r_hat: float, divergences: int) -> tuple[str, ...]:
    """Warnings for a leaderboard reader when the sampler's own checks fail (a NaN r-hat, from one chain, is
    not a failure)."""
    notes = []
    if max_r_hat > MAX_R_HAT:
        notes.append(f"r-hat {max_r_hat:.3f} > {MAX_R_HAT}: the chains disagree, sample longer (more draws and tune)")
    if divergences:
        notes.append(f"{divergences} divergent transitions: the intervals may be unreliable")
    return tuple(notes)


def _summarise(
    results: Sequence[GameResult], design: _Design, posterior: _Posterior, reference_player: str, reference_deck: str,
    self_play: Sequence[GameResult] = (),
) -> Ratings:
    samples = posterior.first_advantage.size
    errors = sum(game.errored for game in results)
    results = [game for game in results if not game.errored]  # broken off by the harness: not played out
    games = Counter(name for game in results for name in set(game.players))
    wins = Counter(game.players[game.winner] for game in results if game.winner is not None)
    draws = Counter(name for game in results if game.winner is None for name in game.players)
    deck_games = Counter(name for game in results for name in set(game.decks))
    skill = np.vstack([np.zeros((1, samples)), posterior.skill])
    deck = np.vstack([np.zeros((1, samples)), posterior.deck])

    present = [i for i, name in enumerate(design.players) if games[name]]
    players = []
    for i in present:
        name = design.players[i]
        estimate = _estimate(skill[i])
        rating = PlayerRating(
            name, estimate.elo, estimate.low, estimate.high, games[name], wins[name], games[name] >= MIN_RANKED_GAMES,
            tuple(game.game_id for game in results if name in game.players), draws[name],
        )
        players.append(rating)
    # an unranked player (a game or two) after the ranked ones: above rank 1 it had read as the leader
    order = sorted(range(len(players)), key=lambda k: (not players[k].ranked, -players[k].elo, players[k].name))
    decks = []
    for i, name in enumerate(design.decks):
        if deck_games[name]:
            estimate = _estimate(deck[i])
            decks.append(DeckRating(name, estimate.elo, estimate.low, estimate.high, deck_games[name]))
    decks.sort(key=lambda rating: (-rating.elo, rating.name))

    skill_samples = skill[[present[k] for k in order]]
    skill_samples.setflags(write=False)
    return Ratings(
        players=tuple(players[k] for k in order),
        decks=tuple(decks),
        first_advantage=_estimate(posterior.first_advantage),
        luck_scale=_estimate(posterior.luck_scale),
        games=len(results),
        draws=sum(game.winner is None for game in results),
        notes=(*_self_play_note(self_play), *_notes(results, posterior, reference_player, reference_deck)),
        diagnostics={"max_r_hat": posterior.max_r_hat, "divergences": posterior.divergences},
        reference_player=reference_player,
        reference_deck=reference_deck,
        sample_names=tuple(players[k].name for k in order),
        skill_samples=skill_samples,
        deal_luck={} if posterior.luck is None else {deal: _estimate(posterior.luck[i])
                                                      for i, deal in enumerate(design.deals)},
        errors=errors,
    )


def fit(
    results: Iterable[GameResult],
    *,
    reference_player: str = "cpu",
    reference_deck: str = "burn",
    skill_sd: float = SKILL_PRIOR_SD,
    draws: int = 1000,
    tune: int = 1000,
    chains: int = 2,
    cores: int | None = None,
    seed: int = 0,
    progressbar: bool = False,
) -> Ratings:
    """Fit all games together in one Bayesian Bradley-Terry model and summarise it in Elo.

    For a decided game with player a and deck x in seat 0, player b and deck y in seat 1:
    ``logit P(seat 0 wins) = skill[a] - skill[b] + deck[x] - deck[y] ± first_advantage + luck[deal]``
    (+ when seat 0 went first). The reference player's skill and the reference deck's strength are exactly 0;
    other skills ~ Normal(0, skill_sd), decks ~ Normal(0, 1), first_advantage ~ Normal(0, 0.5) and
    luck[deal] ~ Normal(0, luck_scale) with luck_scale ~ HalfNormal(1), all in logits. ``cores`` defaults to
    PyMC's choice (one process per chain, at most 4). With no decided games the ratings are the prior.
    """
    results, self_play = _split_self_play(results)
    design = _design(results, reference_player, reference_deck)
    posterior = _sample(
        design,
        skill_sd=skill_sd,
        draws=draws,
        tune=tune,
        chains=chains,
        cores=cores,
        seed=seed,
        progressbar=progressbar,
    )
    return _summarise(results, design, posterior, reference_player, reference_deck, self_play)


# The quick fit averages over this many luck scales: the HalfNormal(1) prior's quantiles at (j + 1/2) / n, so
# each carries the same prior weight; each deal's luck is integrated out with this many Gauss-Hermite nodes.
LUCK_SCALE_GRID = 12
LUCK_NODES = 20


def _design_matrix(design: _Design) -> np.ndarray:
    """One row per decided game, one column per free skill and deck and one for the first-player advantage, so
    that the game's logit, luck aside, is the row times the effects; the references have no column (they are 0)."""
    rows = np.arange(design.seat0_won.size)
    free_players, free_decks = len(design.players) - 1, len(design.decks) - 1
    matrix = np.zeros((rows.size, free_players + free_decks + 1))
    for index, offset, sign in ((design.seat0_player, 0, 1.0), (design.seat1_player, 0, -1.0),
                                (design.seat0_deck, free_players, 1.0), (design.seat1_deck, free_players, -1.0)):
        free = index > 0
        np.add.at(matrix, (rows[free], offset + index[free] - 1), sign)
    matrix[:, free_players + free_decks] = design.first_sign
    return matrix


@dataclass(frozen=True)
class _Marginal:
    """The decided games with each deal's luck to be integrated out: the design, the outcomes, the deal of each
    game and every pair of games that share a deal (both orders, and each game with itself)."""

    matrix: np.ndarray
    won: np.ndarray
    deal: np.ndarray
    deals: int
    pairs: tuple[np.ndarray, np.ndarray]

    @classmethod
    def of(cls, design: _Design) -> _Marginal:
        order = np.argsort(design.deal, kind="stable")
        groups = np.split(order, np.flatnonzero(np.diff(design.deal[order])) + 1)
        pairs = (np.concatenate([np.repeat(g, g.size) for g in groups]),
                 np.concatenate([np.tile(g, g.size) for g in groups]))
        return cls(_design_matrix(design), design.seat0_won.astype(float), design.deal, len(design.deals), pairs)

    def log_likelihood(self, effects: np.ndarray, luck_scale: float) -> tuple[float, np.ndarray, np.ndarray]:
        """log p(games | effects, luck scale) with every deal's luck integrated out (the games of one deal share
        it), its gradient and its negative Hessian in the effects."""
        from scipy.special import logsumexp

        nodes, weights = np.polynomial.hermite_e.hermegauss(LUCK_NODES)
        logit = (self.matrix @ effects)[:, None] + luck_scale * nodes[None, :]  # (games, nodes)
        per_game = self.won[:, None] * logit - np.logaddexp(0.0, logit)
        per_deal = np.zeros((self.deals, LUCK_NODES))
        np.add.at(per_deal, self.deal, per_game)
        per_deal += np.log(weights / math.sqrt(2 * math.pi))
        deal_likelihood = logsumexp(per_deal, axis=1)
        node_weight = np.exp(per_deal - deal_likelihood[:, None])[self.deal]  # each game's deal's node posterior
        chance = 1.0 / (1.0 + np.exp(-logit))
        residual = self.won[:, None] - chance
        gradient = (node_weight * residual).sum(axis=1)
        first, second = self.pairs
        curvature = ((node_weight[first] * residual[first] * residual[second]).sum(axis=1)
                     - gradient[first] * gradient[second]
                     - np.where(first == second, (node_weight[first] * chance[first] * (1 - chance[first])).sum(1), 0))
        information = -(self.matrix[first].T * curvature) @ self.matrix[second]
        return float(deal_likelihood.sum()), self.matrix.T @ gradient, information


def _laplace(games: _Marginal, prior_var: np.ndarray, luck_scale: float,
             start: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """The posterior mode of the effects given the luck scale (Newton's method from ``start``: with the luck
    integrated out the log posterior is still concave), the precision there and the log evidence (Laplace)."""
    effects = start
    for _ in range(100):
        _, gradient, information = games.log_likelihood(effects, luck_scale)
        step = np.linalg.solve(information + np.diag(1.0 / prior_var), gradient - effects / prior_var)
        effects = effects + step
        if np.max(np.abs(step), initial=0.0) < 1e-9:
            break
    log_likelihood, _, information = games.log_likelihood(effects, luck_scale)
    precision = information + np.diag(1.0 / prior_var)
    log_prior = float(-0.5 * np.sum(effects**2 / prior_var + np.log(2 * np.pi * prior_var)))
    log_evidence = log_likelihood + log_prior + 0.5 * effects.size * math.log(2 * np.pi)
    return effects, precision, log_evidence - 0.5 * float(np.linalg.slogdet(precision)[1])


def _laplace_posterior(design: _Design, *, skill_sd: float, samples: int, seed: int) -> _Posterior:
    from scipy.linalg import solve_triangular
    from scipy.stats import halfnorm

    free_players, free_decks = len(design.players) - 1, len(design.decks) - 1
    games = _Marginal.of(design)
    prior_var = np.concatenate([np.full(free_players, skill_sd**2), np.ones(free_decks), [0.25]])
    scales = halfnorm.ppf((np.arange(LUCK_SCALE_GRID) + 0.5) / LUCK_SCALE_GRID)
    fits = []
    for scale in scales:  # each scale starts from the previous one's mode, a few Newton steps away
        fits.append(_laplace(games, prior_var, scale, fits[-1][0] if fits else np.zeros(prior_var.size)))
    evidence = np.array([log_evidence for _, _, log_evidence in fits])
    weights = np.exp(evidence - evidence.max())
    rng = np.random.default_rng(seed)
    counts = rng.multinomial(samples, weights / weights.sum())
    draws = []
    for (mode, precision, _), count in zip(fits, counts, strict=True):
        upper = np.linalg.cholesky(precision).T  # precision = Uᵀ U, so U⁻¹ z has covariance precision⁻¹
        draws.append(mode[:, None] + solve_triangular(upper, rng.standard_normal((mode.size, count))))
    effects = np.concatenate(draws, axis=1)
    return _Posterior(
        skill=effects[:free_players],
        deck=effects[free_players:free_players + free_decks],
        first_advantage=effects[free_players + free_decks],
        luck_scale=np.repeat(scales, counts),
        luck=None,
        max_r_hat=float("nan"),
        divergences=0,
    )


def fit_laplace(
    results: Iterable[GameResult],
    *,
    reference_player: str = "cpu",
    reference_deck: str = "burn",
    skill_sd: float = SKILL_PRIOR_SD,
    samples: int = 2000,
    seed: int = 0,
) -> Ratings:
    """The model of :func:`fit`, approximated in a fraction of a second instead of sampled in seconds (the league
    refits with it after every game; its leaderboard is always a full :func:`fit`).

    Each deal's luck is integrated out exactly (Gauss-Hermite quadrature over its normal prior, shared by the
    deal's games), which leaves a handful of effects (skills, decks, first-player advantage) that every game
    informs, so their posterior given the luck scale is close to normal and is taken as the normal at its mode
    (Laplace). The luck scale is averaged over as in the full model: ``LUCK_SCALE_GRID`` scales at the quantiles
    of its HalfNormal(1) prior, each weighted by its Laplace evidence (the integration INLA uses). ``samples``
    draws from that mixture stand in for the sampler's draws; the quick fit has no per-deal luck estimates.
    """
    results, self_play = _split_self_play(results)
    design = _design(results, reference_player, reference_deck)
    posterior = _laplace_posterior(design, skill_sd=skill_sd, samples=samples, seed=seed)
    return _summarise(results, design, posterior, reference_player, reference_deck, self_play)
