"""Scoring of precon cut/add episodes against EDHREC labels: pick validity, gains, normalised scores, hits@k,
and per-split means with bootstrap intervals, sliced by precon and label attributes. Pure functions.

Rules follow the dataset card: invalid picks count 0, a pick's gain is re-graded from its label's ``rate``
(``schema.gain``, thresholds like ``schema.GAIN_THRESHOLDS``), ``gain_syn`` zeroes adds with synergy <= 0, and
headline rows are kinds ``cut`` and ``add`` (``cut_land`` / ``add_land`` give diagnostic land scores).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass, replace

from grimoire.bench.common import bootstrap_interval, paired_difference
from grimoire.bench.precon.dataset import PreconDataset
from grimoire.bench.precon.schema import GAIN_THRESHOLDS, LABEL_KINDS, gain, gain_syn
from grimoire.cards.store import CardDB

SLOTS = 20
HITS_AT = (5, 10, 20)
GAME_CHANGER_LIMIT = 3  # bracket 3
ADD_KINDS = ("add", "add_land")
SLICES = ("n_colors", "is_universes_beyond", "is_secret_lair")
JUDGED_SPLITS = ("dev", "test")


# -- inputs --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Episode:
    """One system's answer for one precon: oracle ids to cut and to add, best first."""

    precon_id: str
    cuts: tuple[str, ...]
    adds: tuple[str, ...]
    system: str = ""


@dataclass(frozen=True)
class CardFacts:
    """What the validity rules need of a card. ``commander_legality`` is None where the store does not say."""

    oracle_id: str
    name: str
    color_identity: str
    commander_legality: str | None
    game_changer: bool | None


@dataclass(frozen=True)
class DeckContext:
    """The precon as the validity rules see it."""

    precon_id: str
    color_identity: str
    card_ids: frozenset[str]
    commander_ids: frozenset[str]
    game_changers: int


def card_facts(db: CardDB) -> Callable[[str], CardFacts | None]:
    """A lookup of :class:`CardFacts` by oracle id over ``db`` (None for a card the store lacks)."""

    def lookup(oracle_id: str) -> CardFacts | None:
        card = db.get(oracle_id)
        if card is None:
            return None
        return CardFacts(oracle_id, card.name, "".join(card.color_identity), card.legality("commander"),
                         card.game_changer)

    return lookup


def as_mapping(record: Mapping | object) -> Mapping:
    """A dataset record (``PreconDeck``, ``Label``) or an Arrow row dict, as a mapping of its columns."""
    return asdict(record) if is_dataclass(record) and not isinstance(record, type) else record  # type: ignore[return-value]


def _identity(value: str | Sequence[str] | None) -> str:
    return "".join(value or ()).upper()


def deck_context(deck: Mapping | object, facts: Callable[[str], CardFacts | None]) -> DeckContext:
    """A :class:`DeckContext` from a ``PreconDeck`` or ``decks`` row (precon_id, commander_oracle_ids,
    color_identity, cards)."""
    deck = as_mapping(deck)
    card_ids = frozenset(card["oracle_id"] for card in deck["cards"])
    commanders = frozenset(deck.get("commander_oracle_ids") or
                           [card["oracle_id"] for card in deck["cards"] if card.get("is_commander")])
    game_changers = 0
    for oracle_id in card_ids:
        found = facts(oracle_id)
        game_changers += bool(found and found.game_changer)
    return DeckContext(deck["precon_id"], _identity(deck.get("color_identity")), card_ids, commanders,
                       game_changers)


# -- validity ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PickCheck:
    """One pick's verdict; ``reason`` says why an invalid pick scores 0, ``note`` flags a doubt (valid)."""

    oracle_id: str
    valid: bool
    reason: str | None = None
    note: str | None = None


def check_adds(adds: Sequence[str], deck: DeckContext, facts: Callable[[str], CardFacts | None], *,
               game_changer_limit: int = GAME_CHANGER_LIMIT, cuts: Sequence[PickCheck] = ()) -> list[PickCheck]:
    """Verdicts in rank order. Game Changers count against the limit with those left in the deck after the valid
    ``cuts`` (see :func:`check_cuts`), so the first ones in rank order are kept and the rest are invalid: a Game
    Changer cut makes room for one added (swapping one for a better one had scored the add 0)."""
    checks: list[PickCheck] = []
    seen: set[str] = set()
    game_changers = deck.game_changers - sum(
        bool(cut.valid and (found := facts(cut.oracle_id)) and found.game_changer) for cut in cuts)
    allowed = set(deck.color_identity)
    for oracle_id in adds:
        found = facts(oracle_id)
        reason = note = None
        if oracle_id in seen:
            reason = "duplicate pick"
        elif found is None:
            reason = "unknown card"
        elif oracle_id in deck.card_ids:
            reason = "already in the deck"
        elif not set(found.color_identity) <= allowed:
            reason = "outside the deck's colour identity"
        elif found.commander_legality in ("not_legal", "banned"):
            reason = f"{found.commander_legality.replace('_', ' ')} in Commander"
        elif found.game_changer and game_changers >= game_changer_limit:
            reason = f"over the Game Changer limit ({game_changer_limit})"
        if found is not None and reason is None:
            if found.commander_legality is None:
                note = "Commander legality unknown"
            game_changers += bool(found.game_changer)
        seen.add(oracle_id)
        checks.append(PickCheck(oracle_id, reason is None, reason, note))
    return checks


def check_cuts(cuts: Sequence[str], deck: DeckContext) -> list[PickCheck]:
    """Verdicts in rank order: a cut must be a card of the deck, not a commander, and not repeated."""
    checks: list[PickCheck] = []
    seen: set[str] = set()
    for oracle_id in cuts:
        reason = None
        if oracle_id in seen:
            reason = "duplicate pick"
        elif oracle_id not in deck.card_ids:
            reason = "not in the deck"
        elif oracle_id in deck.commander_ids:
            reason = "cuts the commander"
        seen.add(oracle_id)
        checks.append(PickCheck(oracle_id, reason is None, reason))
    return checks


# -- gold ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Gold:
    """One precon's graded labels: per kind, oracle id -> gain and -> gain_syn, and the ids new in product."""

    precon_id: str
    gains: dict[str, dict[str, int]]
    synergy_gains: dict[str, dict[str, int]]
    new_in_product: frozenset[str] = frozenset()


def _achievable(row: Mapping) -> bool:
    """Whether a label could be a valid pick: an add that is legal, in identity and not in the deck; a cut that
    is in the deck. Columns the labels lack are taken as fine."""
    if row["kind"] in ADD_KINDS:
        return not row.get("in_precon", False) and row.get("in_color_identity", True) is not False \
            and row.get("commander_legal", True) is not False
    return row.get("in_precon", True) is not False


def gold_from_labels(rows: Iterable[Mapping | object],
                     thresholds: Mapping[str, tuple[float, ...]] = GAIN_THRESHOLDS) -> dict[str, Gold]:
    """:class:`Gold` per precon from ``labels`` rows (precon_id, oracle_id, kind, rate, synergy, ...), with
    gains recomputed from ``rate``: ``{"cut": (u for 3, 2, 1), "add": (r for 3, 2, 1)}``."""
    gains: dict[str, dict[str, dict[str, int]]] = {}
    synergy: dict[str, dict[str, dict[str, int]]] = {}
    new: dict[str, set[str]] = {}
    for record in rows:
        row = as_mapping(record)
        precon_id, kind = row["precon_id"], row["kind"]
        gains.setdefault(precon_id, {k: {} for k in LABEL_KINDS})
        synergy.setdefault(precon_id, {k: {} for k in LABEL_KINDS})
        new.setdefault(precon_id, set())
        if not _achievable(row):
            continue
        graded = gain(kind, row.get("rate"), dict(thresholds))
        gains[precon_id][kind][row["oracle_id"]] = graded
        synergy[precon_id][kind][row["oracle_id"]] = gain_syn(kind, graded, row.get("synergy"))
        if row.get("is_new_in_product"):
            new[precon_id].add(row["oracle_id"])
    return {pid: Gold(pid, gains[pid], synergy[pid], frozenset(new[pid])) for pid in gains}


# -- scores --------------------------------------------------------------------------------------------------


def normalized_gain(checks: Sequence[PickCheck], gains: Mapping[str, int], slots: int = SLOTS) -> float:
    """Sum of the gains of the valid picks in the first ``slots`` ranks over the best sum ``slots`` labels
    could reach; NaN when no label has a gain (the episode says nothing)."""
    ideal = sum(sorted(gains.values(), reverse=True)[:slots])
    if ideal == 0:
        return float("nan")
    return sum(gains.get(c.oracle_id, 0) for c in checks[:slots] if c.valid) / ideal


def hits_at(checks: Sequence[PickCheck], gains: Mapping[str, int], k: int) -> int:
    """Valid picks in the first ``k`` ranks whose gain is at least 1."""
    return sum(1 for c in checks[:k] if c.valid and gains.get(c.oracle_id, 0) > 0)


@dataclass(frozen=True)
class SideScore:
    """Scores of one side (cuts or adds) of an episode. ``land_score`` grades the same picks against the land
    labels; ``score_new`` / ``score_not_new`` use only labels that are / are not new in the product."""

    score: float
    score_syn: float
    hits: dict[int, int]
    hits_syn: dict[int, int]
    invalid: int
    land_score: float
    score_new: float
    score_not_new: float
    checks: tuple[PickCheck, ...] = ()


def score_side(checks: Sequence[PickCheck], gold: Gold, kind: str, *, slots: int = SLOTS,
               hits_k: Sequence[int] = HITS_AT) -> SideScore:
    """Score ranked picks of ``kind`` ("cut" or "add") against the precon's labels."""
    checks = list(checks[:slots])
    gains, syn = gold.gains[kind], gold.synergy_gains[kind]
    new = {o: g for o, g in gains.items() if o in gold.new_in_product}
    old = {o: g for o, g in gains.items() if o not in gold.new_in_product}
    return SideScore(
        score=normalized_gain(checks, gains, slots), score_syn=normalized_gain(checks, syn, slots),
        hits={k: hits_at(checks, gains, k) for k in hits_k}, hits_syn={k: hits_at(checks, syn, k) for k in hits_k},
        invalid=sum(not c.valid for c in checks),
        land_score=normalized_gain(checks, gold.gains[f"{kind}_land"], slots),
        score_new=normalized_gain(checks, new, slots), score_not_new=normalized_gain(checks, old, slots),
        checks=tuple(checks),
    )


@dataclass(frozen=True)
class EpisodeScore:
    precon_id: str
    system: str
    add: SideScore
    cut: SideScore
    deck_fit: float = math.nan

    def to_dict(self) -> dict:
        return asdict(self)


def score_episode(episode: Episode, deck: DeckContext, gold: Gold, facts: Callable[[str], CardFacts | None], *,
                  slots: int = SLOTS, game_changer_limit: int = GAME_CHANGER_LIMIT) -> EpisodeScore:
    """Check and score both sides of an episode."""
    cuts = check_cuts(list(episode.cuts)[:slots], deck)
    adds = check_adds(list(episode.adds)[:slots], deck, facts, game_changer_limit=game_changer_limit, cuts=cuts)
    return EpisodeScore(episode.precon_id, episode.system, add=score_side(adds, gold, "add", slots=slots),
                        cut=score_side(cuts, gold, "cut", slots=slots))


def score_episodes(episodes: Iterable[Episode], decks: Mapping[str, DeckContext], gold: Mapping[str, Gold],
                   facts: Callable[[str], CardFacts | None], *, slots: int = SLOTS,
                   game_changer_limit: int = GAME_CHANGER_LIMIT) -> list[EpisodeScore]:
    """Score every episode whose precon has a deck and labels (others are skipped: they cannot be graded)."""
    return [score_episode(e, decks[e.precon_id], gold[e.precon_id], facts, slots=slots,
                          game_changer_limit=game_changer_limit)
            for e in episodes if e.precon_id in decks and e.precon_id in gold]


def score_dataset(dataset: PreconDataset, episodes: Iterable[Episode], db: CardDB, *,
                  thresholds: Mapping[str, tuple[float, ...]] = GAIN_THRESHOLDS, slots: int = SLOTS,
                  game_changer_limit: int = GAME_CHANGER_LIMIT) -> list[EpisodeScore]:
    """Score episodes against a loaded dataset, with card facts from ``db``."""
    facts = card_facts(db)
    episodes = list(episodes)
    wanted = {e.precon_id for e in episodes} & set(dataset.precon_ids)
    decks = {pid: deck_context(dataset.deck(pid), facts) for pid in wanted}
    gold = gold_from_labels((label for pid in wanted for label in dataset.labels(pid)), thresholds)
    return score_episodes(episodes, decks, gold, facts, slots=slots, game_changer_limit=game_changer_limit)


def scored_splits(dataset: PreconDataset) -> dict[str, str]:
    """precon_id -> split of the scored precons (the ``splits`` argument of :func:`summarize_splits`)."""
    return {row.precon_id: row.split for row in dataset.split_rows(scored=True)}


def judged_precons(dataset: PreconDataset) -> set[str]:
    """The precons the deck-fit judge grades and deck-fit is reported on: the scored dev and test decks."""
    return {row.precon_id for row in dataset.split_rows(scored=True) if row.split in JUDGED_SPLITS}


def deck_fit_of(score: EpisodeScore, grades: Mapping[tuple[str, str], int], *, slots: int = SLOTS) -> float:
    """The seed's deck-fit score: the mean grade/2 over the ADD slots; invalid picks (the scorer's rules), missing
    slots and ungraded cards count 0."""
    total = sum(grades.get((score.precon_id, check.oracle_id), 0) / 2
                for check in score.add.checks[:slots] if check.valid)
    return total / slots


def with_deck_fit(scores: Sequence[EpisodeScore], grades: Mapping[tuple[str, str], int],
                  judged: set[str]) -> list[EpisodeScore]:
    """The scores with ``deck_fit`` set on the judged precons' episodes (NaN, so left out, elsewhere)."""
    return [replace(s, deck_fit=deck_fit_of(s, grades)) if s.precon_id in judged else s for s in scores]


def deck_fit_grades(rows: Iterable[Mapping]) -> dict[tuple[str, str], int]:
    """(precon_id, oracle_id) -> grade of the first pass of ``deck_fit`` rows (re-grades are for consistency only)."""
    return {(row["precon_id"], row["oracle_id"]): int(row["grade"]) for row in rows if not row.get("pass")}


def precon_slices(dataset: PreconDataset) -> dict[str, dict]:
    """precon_id -> its ``precons`` row (the ``precons`` argument of :func:`summarize_splits`)."""
    return {row["precon_id"]: row for row in dataset.precons_table.to_pylist()}


# -- aggregation ---------------------------------------------------------------------------------------------

METRICS: dict[str, Callable[[EpisodeScore], float]] = {
    "add_score": lambda s: s.add.score,
    "cut_score": lambda s: s.cut.score,
    "add_score_syn": lambda s: s.add.score_syn,
    **{f"add_hits_at_{k}": (lambda s, k=k: s.add.hits[k]) for k in HITS_AT},
    **{f"cut_hits_at_{k}": (lambda s, k=k: s.cut.hits[k]) for k in HITS_AT},
    **{f"add_hits_syn_at_{k}": (lambda s, k=k: s.add.hits_syn[k]) for k in HITS_AT},
    "add_invalid": lambda s: s.add.invalid,
    "cut_invalid": lambda s: s.cut.invalid,
    "add_land_score": lambda s: s.add.land_score,
    "cut_land_score": lambda s: s.cut.land_score,
    "add_score_new_in_product": lambda s: s.add.score_new,
    "add_score_not_new_in_product": lambda s: s.add.score_not_new,
    "deck_fit": lambda s: s.deck_fit,
}
PAIRED_METRICS = ("add_score", "cut_score", "deck_fit")


@dataclass(frozen=True)
class Interval:
    """A mean over ``n`` episodes with its bootstrap 95% interval (NaN when there are none)."""

    mean: float
    low: float
    high: float
    n: int


def summarize(scores: Sequence[EpisodeScore], *, resamples: int = 2000, seed: int = 0) -> dict[str, Interval]:
    """Every metric of :data:`METRICS` over the episodes; episodes where a metric is NaN are left out of it."""
    out = {}
    for name, metric in METRICS.items():
        values = [float(metric(s)) for s in scores]
        values = [v for v in values if not math.isnan(v)]
        out[name] = Interval(*bootstrap_interval(values, resamples=resamples, seed=seed), n=len(values))
    return out


@dataclass(frozen=True)
class SummaryRow:
    """Metrics of one system on one split, over all its precons (slice "all") or one slice value."""

    system: str
    split: str
    slice: str
    value: str
    metrics: dict[str, Interval] = field(default_factory=dict)


def summarize_splits(scores: Sequence[EpisodeScore], splits: Mapping[str, str],
                     precons: Mapping[str, Mapping] | None = None, *, slices: Sequence[str] = SLICES,
                     resamples: int = 2000, seed: int = 0) -> list[SummaryRow]:
    """Rows per (system, split), then per slice value of each ``precons`` column in ``slices``.

    ``splits`` maps precon_id to its split (pass only scored precons); episodes of other precons are left out.
    """
    groups: dict[tuple[str, str, str, str], list[EpisodeScore]] = {}
    for score in scores:
        split = splits.get(score.precon_id)
        if split is None:
            continue
        groups.setdefault((score.system, split, "all", "all"), []).append(score)
        meta = (precons or {}).get(score.precon_id, {})
        for column in slices:
            if column in meta:
                groups.setdefault((score.system, split, column, str(meta[column])), []).append(score)
    return [SummaryRow(*key, metrics=summarize(members, resamples=resamples, seed=seed))
            for key, members in sorted(groups.items())]


@dataclass(frozen=True)
class PairedRow:
    """``system`` minus ``reference`` on one split and metric, over the precons both ran (epochs averaged)."""

    split: str
    metric: str
    system: str
    reference: str
    difference: Interval


def paired_differences(scores: Sequence[EpisodeScore], splits: Mapping[str, str], *,
                       metrics: Sequence[str] = PAIRED_METRICS, seed: int = 0) -> list[PairedRow]:
    """Every system against every other, per split and metric: the mean paired difference per precon with a
    bootstrap interval over precons (as the search benchmark pairs queries)."""
    per: dict[tuple[str, str, str], dict[str, list[float]]] = {}
    for score in scores:
        split = splits.get(score.precon_id)
        if split is None:
            continue
        for metric in metrics:
            value = float(METRICS[metric](score))
            if not math.isnan(value):
                per.setdefault((split, metric, score.system), {}).setdefault(score.precon_id, []).append(value)
    rows = []
    for (split, metric, system), values in sorted(per.items()):
        for (other_split, other_metric, reference), others in sorted(per.items()):
            if (other_split, other_metric) != (split, metric) or reference <= system:
                continue
            common = sorted(set(values) & set(others))
            if not common:
                continue
            a = [sum(values[p]) / len(values[p]) for p in common]
            b = [sum(others[p]) / len(others[p]) for p in common]
            rows.append(PairedRow(split, metric, system, reference,
                                  Interval(*paired_difference(a, b, seed=seed), n=len(common))))
    return rows
