"""The deck-fit judge (EXP-017): a blind model grades whether the cards agents proposed to add would upgrade the deck,
mixed with hidden controls, and the deck-fit score of an episode from those grades.

Pure logic around a ``complete(prompt) -> reply`` callable (``grimoire.llm.complete_fn`` gives one): per precon, the
pooled adds plus hidden controls (``random``, ``top_label``, ``in_deck``) are shuffled with the seed and sent 15 at a
time with rubric v3 verbatim; a seeded 10% of the batches is graded again in a new order for Cohen's kappa.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grimoire.bench.agent.grader import Complete, card_for_grader, cohen_kappa, parse_grades
from grimoire.bench.common import seeded_rng
from grimoire.bench.precon.episodes import read_episodes
from grimoire.bench.precon.harness import COMMANDER_FORMAT, deck_cards, deck_identity, precon_decks, resolve_ids
from grimoire.bench.precon.scorer import (
    SummaryRow,
    judged_precons,
    score_dataset,
    scored_splits,
    summarize_splits,
    with_deck_fit,
)
from grimoire.bench.search.runner import allowed_rows
from grimoire.cards.model import Card
from grimoire.cards.store import CardDB
from grimoire.search.engine import SearchEngine

RUBRIC = "v3"
BATCH_SIZE = 15
REGRADE_SHARE = 0.10
SLOTS = 20
CONTROLS = {"random": 6, "top_label": 3, "in_deck": 3}  # per precon; the seed's checks imply 6 random, 3 in-deck
KINDS = ("pool", "random", "top_label", "in_deck")
GAME_CHANGER_LIMIT = 3
RUBRIC_V3 = (
    "Grade each candidate for whether you would add it to this deck as an upgrade. An added card takes the place of "
    "one of the deck's weakest cards. Most legal cards would not improve a given Commander deck, so a card with no "
    "specific reason to be in this deck gets 0. 2 = a clear upgrade: it directly supports the commander or the "
    "deck's plan, or fills a role the list is short of (such as ramp, card draw, removal or interaction), and does "
    "so better than the deck's weakest cards. 1 = a reasonable but low-priority upgrade: it has a specific reason "
    "to be in this deck (it supports the plan or fills a gap) and is about as good as the deck's weakest cards. "
    "0 = not an upgrade: no specific reason to be in this deck, filler, weaker than the cards it would replace, or "
    "works against the plan; or it breaks a deck-building rule. Judge only from the card text shown and the deck "
    "list. Do not reward a card for being widely played; judge what its text does for this deck."
)
YOUR_COMMANDER = "your commander"


# -- records ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class DeckFitRow:
    """One grade, with the deck_fit config's columns (``pass_number`` is the ``pass`` column: 0, or 1 for a
    re-grade)."""

    precon_id: str
    split: str | None
    oracle_id: str
    name: str
    kind: str
    grade: int
    pass_number: int
    rubric: str
    grader_model: str
    grading_run: str
    proposed_by: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"precon_id": self.precon_id, "split": self.split, "oracle_id": self.oracle_id, "name": self.name,
                "kind": self.kind, "proposed_by": list(self.proposed_by), "grade": self.grade,
                "pass": self.pass_number, "rubric": self.rubric, "grader_model": self.grader_model,
                "grading_run": self.grading_run}


@dataclass(frozen=True)
class Candidate:
    oracle_id: str
    kind: str
    proposed_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class Batch:
    precon_id: str
    candidates: tuple[Candidate, ...]


@dataclass
class JudgeReport:
    rows: list[DeckFitRow]
    batches: list[Batch] = field(default_factory=list)
    calls: int = 0
    failed: list[tuple[str, list[str]]] = field(default_factory=list)  # (precon id, oracle ids) never graded
    regraded_batches: int = 0
    kappa: float = float("nan")  # Cohen's kappa on grade >= 1, first pass against re-grade
    regraded: int = 0  # cards graded twice
    kappa_by_split: dict[str, float] = field(default_factory=dict)

    def first_pass(self, kind: str | None = None, split: str | None = None) -> list[DeckFitRow]:
        return [r for r in self.rows if r.pass_number == 0 and (kind is None or r.kind == kind)
                and (split is None or r.split == split)]

    def grades(self) -> dict[tuple[str, str], int]:
        """(precon id, oracle id) -> first-pass grade, for ``deck_fit_score``."""
        return {(r.precon_id, r.oracle_id): r.grade for r in self.first_pass()}

    def checks(self) -> dict[str, dict[str, tuple[int, int]]]:
        """Per split (and ``all``): for each control kind, (graded >= 1, graded)."""
        splits = ["all", *sorted({r.split or "" for r in self.first_pass()})]
        out = {}
        for split in splits:
            rows = [r for r in self.first_pass() if split == "all" or (r.split or "") == split]
            out[split] = {kind: (sum(r.grade >= 1 for r in rows if r.kind == kind),
                                 sum(r.kind == kind for r in rows)) for kind in KINDS}
        return out

    def summary(self) -> str:
        lines = []
        titles = {"test": "Test decks", "dev": "Tuning decks", "all": "All decks"}
        for split, counts in self.checks().items():
            pool_ok, pool_n = counts["pool"]
            rand_ok, rand_n = counts["random"]
            deck_ok, deck_n = counts["in_deck"]
            top_ok, top_n = counts["top_label"]
            top = f"{100 * top_ok / top_n:.0f}% of top EDHREC adds ({top_ok}/{top_n})" if top_n else \
                "no top EDHREC adds"
            title = titles.get(split) or f"{split or 'Unsplit'} decks"
            lines.append(f"{title}: {rand_ok}/{rand_n} random controls "
                         f"graded ≥ 1, {deck_ok}/{deck_n} in-deck cards, {top}; pool {pool_ok}/{pool_n} graded ≥ 1.")
        if self.regraded:
            per_split = ", ".join(f"{split or 'unsplit'} {kappa:.2f}" for split, kappa in self.kappa_by_split.items())
            lines.append(f"Re-grading consistency: κ(≥ 1) {self.kappa:.2f} over {self.regraded} cards in "
                         f"{self.regraded_batches} batches ({per_split}).")
        else:
            lines.append("Re-grading consistency: no batch was re-graded.")
        lines.append(f"{len(self.batches)} batches, {self.calls} calls.")
        if self.failed:
            cards = sum(len(ids) for _, ids in self.failed)
            lines.append(f"FAILED: {len(self.failed)} batches ({cards} cards) got no usable reply after a retry; "
                         "they stay ungraded.")
        return "\n".join(lines)


# -- the prompt ---------------------------------------------------------------------------------------------------

def _self_names(card: Card) -> list[str]:
    """The names a card's text may use for itself: full name, face names, the part before a comma."""
    names = {card.name, *card.face_names()}
    names |= {name.split(",")[0] for name in list(names) if "," in name}
    return sorted(names, key=len, reverse=True)


def commander_text(card: Card) -> str:
    """The commander's rules text with its name replaced by "your commander"."""
    pattern = re.compile("|".join(re.escape(name) for name in _self_names(card)))
    lines = []
    for face in card.faces:
        head = "  ".join(part for part in (face.mana_cost, face.type_line) if part)
        lines.append(f"{YOUR_COMMANDER.capitalize()}: {head}" if head else YOUR_COMMANDER.capitalize())
        lines.extend("  " + pattern.sub(YOUR_COMMANDER, text) for text in (face.oracle_text or "").splitlines())
        if face.power is not None:
            lines.append(f"  {face.power}/{face.toughness}")
        if face.loyalty is not None:
            lines.append(f"  Loyalty {face.loyalty}")
    return "\n".join(lines)


def deck_for_grader(deck: Any, db: CardDB) -> str:
    """The deck as the grader sees it: each commander's text (name replaced), then the other 99 card names (basic
    lands with their count; Game Changers marked, since the bracket rule needs them)."""
    commanders, names = [], []
    for item in deck_cards(deck):
        card = db.get(_field(item, "oracle_id")) or db.find(str(_field(item, "name")))
        if _field(item, "is_commander"):
            commanders.append(commander_text(card) if card is not None else YOUR_COMMANDER.capitalize())
            continue
        name = card.name if card is not None else str(_field(item, "name"))
        qty = int(_field(item, "qty") or 1)
        names.append((f"{qty} " if qty > 1 else "") + name + (" (Game Changer)" if card and card.game_changer
                                                                 else ""))
    return "\n\n".join(commanders) + "\n\nThe other cards:\n" + "\n".join(names)


def format_rules(deck: Any) -> str:
    identity = deck_identity(deck).upper()
    return ("Format: Commander. A deck is exactly 100 cards: one copy of each card except basic lands, every card "
            f"legal in Commander and within the commander's colour identity ({identity}). Power level: bracket 3, "
            f"so the deck may hold at most {GAME_CHANGER_LIMIT} Game Changers.")


def candidate_text(card: Card) -> str:
    text = card_for_grader(card, COMMANDER_FORMAT)
    return text + ("\n  Game Changer" if card.game_changer else "")


def build_prompt(deck: Any, db: CardDB, cards: Sequence[Card]) -> str:
    """One grading call: format rules, the deck, rubric v3 verbatim and the numbered candidates."""
    blocks = "\n\n".join(f"Candidate {number}: {candidate_text(card)}" for number, card in enumerate(cards, 1))
    return (f"{format_rules(deck)}\n\n"
            f"The deck:\n{deck_for_grader(deck, db)}\n\n"
            f"{RUBRIC_V3}\n\n"
            f"The candidates:\n\n{blocks}\n\n"
            f'Reply with JSON only, in this form: {{"grades": [{{"card": 1, "grade": 2}}, ...]}}, '
            f"one entry for each of the {len(cards)} candidates, each grade 0, 1 or 2.")


_LINE_GRADE = re.compile(r"^\W*(?:card|candidate)?\s*#?(\d+)\b[^0-9\n]{0,40}?\b([012])\b", re.IGNORECASE | re.MULTILINE)


def parse_fit_grades(reply: str, count: int) -> list[int] | None:
    """Grades for candidates 1..count: the JSON form (``parse_grades``), else one "Candidate 3: 2" line per
    candidate; ``None`` unless every candidate gets exactly one grade."""
    grades = parse_grades(reply, count)
    if grades is not None:
        return grades
    found: dict[int, int] = {}
    for match in _LINE_GRADE.finditer(reply or ""):
        number, grade = int(match.group(1)), int(match.group(2))
        if not 1 <= number <= count or number in found:
            return None
        found[number] = grade
    return [found[n] for n in range(1, count + 1)] if len(found) == count else None


# -- dataset and episodes, read leniently ---------------------------------------------------------------------------

def _field(item: Any, name: str, default: Any = None) -> Any:
    return item.get(name, default) if isinstance(item, Mapping) else getattr(item, name, default)


def load_episodes(path: str | Path) -> list[dict]:
    """The rows of an EPISODES JSONL file."""
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def episode_add_ids(episode: Mapping, db: CardDB | None = None) -> list[str | None]:
    """An episode's adds as oracle ids in rank order (``add_ids``, else resolved from the names)."""
    if episode.get("add_ids") is not None:
        return list(episode["add_ids"])
    adds = list(episode.get("adds") or [])
    return resolve_ids(adds, db) if db is not None else adds


def _judged(dataset: Any) -> set[str] | None:
    """The precons the judge grades: the scored dev and test decks (``None``: a dataset without splits, all)."""
    return judged_precons(dataset) if hasattr(dataset, "split_rows") else None


def _split_of(dataset: Any) -> dict[str, str]:
    if hasattr(dataset, "split_rows"):
        return {row.precon_id: row.split for row in dataset.split_rows()}
    return {}


def _top_adds(dataset: Any, precon_id: str) -> list[str]:
    """The precon's EDHREC adds (kind ``add``) in list order."""
    if not hasattr(dataset, "labels"):
        return []
    labels = sorted(dataset.labels(precon_id, "add"), key=lambda label: label.list_rank or 0)
    return [label.oracle_id for label in labels]


def _all_add_labels(dataset: Any, precon_id: str) -> set[str]:
    if not hasattr(dataset, "labels"):
        return set()
    return {label.oracle_id for label in dataset.labels(precon_id) if label.kind.startswith("add")}


# -- grading ------------------------------------------------------------------------------------------------------

def candidates_for(deck: Any, pool: Mapping[str, tuple[str, ...]], dataset: Any, db: CardDB, engine: SearchEngine,
                   *, seed: int, controls: Mapping[str, int] = CONTROLS) -> list[Candidate]:
    """One precon's candidates, shuffled with the seed: the pool (oracle id -> who proposed it) and the controls."""
    precon_id = str(_field(deck, "precon_id"))
    rng = seeded_rng(seed, "deck-fit", precon_id)
    in_deck = [_field(c, "oracle_id") for c in deck_cards(deck)]
    chosen = set(pool)
    items = [Candidate(oracle_id, "pool", tuple(who)) for oracle_id, who in pool.items()]
    top = [oid for oid in _top_adds(dataset, precon_id) if oid not in chosen and oid not in in_deck
           and db.get(oid) is not None][: controls.get("top_label", 0)]
    chosen |= set(top)
    items += [Candidate(oid, "top_label") for oid in top]
    others = [c for c in deck_cards(deck) if not _field(c, "is_commander") and not _field(c, "is_basic")
              and db.get(_field(c, "oracle_id")) is not None and _field(c, "oracle_id") not in chosen]
    count = min(controls.get("in_deck", 0), len(others))
    picked = [others[i] for i in sorted(rng.choice(len(others), size=count, replace=False).tolist())] if count else []
    items += [Candidate(_field(c, "oracle_id"), "in_deck") for c in picked]
    chosen |= {c.oracle_id for c in items}
    count = controls.get("random", 0)
    if count:
        allowed = allowed_rows(engine, {"color_identity": deck_identity(deck), "format": COMMANDER_FORMAT})
        excluded = chosen | set(in_deck) | _all_add_labels(dataset, precon_id)
        ids = db.oracle_ids
        rows = [row for row in allowed.nonzero()[0].tolist() if ids[row] not in excluded]
        if rows:
            for index in rng.choice(len(rows), size=min(count, len(rows)), replace=False).tolist():
                items.append(Candidate(ids[rows[index]], "random"))
    return [items[i] for i in rng.permutation(len(items)).tolist()]


def _ask(complete: Complete, prompt: str, count: int) -> tuple[list[int] | None, int]:
    """Grades from one call, retried once when the reply cannot be parsed; also the number of calls made."""
    for attempt in (1, 2):
        grades = parse_fit_grades(complete(prompt), count)
        if grades is not None:
            return grades, attempt
    return None, 2


def pooled_adds(episodes: Iterable[Mapping], db: CardDB) -> dict[str, dict[str, tuple[str, ...]]]:
    """Per precon, every add an episode proposed that names a card: oracle id -> the models that proposed it."""
    pool: dict[str, dict[str, list[str]]] = {}
    for episode in episodes:
        precon = pool.setdefault(str(episode["precon_id"]), {})
        for oracle_id in episode_add_ids(episode, db)[:SLOTS]:
            if oracle_id is not None and db.get(oracle_id) is not None:
                who = precon.setdefault(oracle_id, [])
                model = str(episode.get("model") or "")
                if model and model not in who:
                    who.append(model)
    return {precon_id: {oid: tuple(who) for oid, who in cards.items()} for precon_id, cards in pool.items()}


def judge_adds(dataset: Any, episodes: Iterable[Mapping] | str | Path, db: CardDB, complete: Complete, *,
               seed: int, grader_model: str, grading_run: str, controls: Mapping[str, int] = CONTROLS,
               batch_size: int = BATCH_SIZE, regrade_share: float = REGRADE_SHARE,
               precon_ids: Iterable[str] | None = None) -> JudgeReport:
    """Grade blind, per precon, the pooled adds of ``episodes`` (rows or an EPISODES path) with hidden controls.

    Only the scored dev and test precons are graded (train and unscored decks never are), and of those only the
    ones an episode proposed an add for. Candidates are shuffled with ``seed`` and sent
    ``batch_size`` at a time; an unparseable reply is retried once, then the batch is reported as failed. A seeded
    ``regrade_share`` of the batches is graded again (pass 1) in a new order, for kappa on grade >= 1.
    """
    if isinstance(episodes, str | Path):
        episodes = load_episodes(episodes)
    pool = pooled_adds(episodes, db)
    judged = _judged(dataset)
    wanted = judged if precon_ids is None else set(precon_ids) if judged is None else set(precon_ids) & judged
    splits = _split_of(dataset)
    engine = SearchEngine(db)
    decks = {str(_field(deck, "precon_id")): deck for deck in precon_decks(dataset)}
    report = JudgeReport(rows=[])
    for precon_id, deck in decks.items():
        if precon_id not in pool or (wanted is not None and precon_id not in wanted):
            continue
        items = candidates_for(deck, pool[precon_id], dataset, db, engine, seed=seed, controls=controls)
        report.batches.extend(Batch(precon_id, tuple(items[start:start + batch_size]))
                              for start in range(0, len(items), batch_size))

    def grade(batch: Batch, candidates: Sequence[Candidate], pass_number: int) -> list[DeckFitRow] | None:
        cards = [db.get(c.oracle_id) for c in candidates]
        grades, calls = _ask(complete, build_prompt(decks[batch.precon_id], db, cards), len(cards))
        report.calls += calls
        if grades is None:
            return None
        return [DeckFitRow(batch.precon_id, splits.get(batch.precon_id), c.oracle_id, card.name, c.kind, g,
                           pass_number, RUBRIC, grader_model, grading_run, c.proposed_by)
                for c, card, g in zip(candidates, cards, grades, strict=True)]

    first: dict[int, list[DeckFitRow]] = {}
    for index, batch in enumerate(report.batches):
        rows = grade(batch, batch.candidates, 0)
        if rows is None:
            report.failed.append((batch.precon_id, [c.oracle_id for c in batch.candidates]))
            continue
        first[index] = rows
        report.rows.extend(rows)

    count = min(len(first), max(1, round(regrade_share * len(report.batches)))) if regrade_share > 0 else 0
    chosen = sorted(seeded_rng(seed, "deck-fit", "regrade").choice(sorted(first), size=count, replace=False)
                    .tolist()) if count else []
    pairs: dict[str, list[tuple[bool, bool]]] = {}
    for index in chosen:
        batch = report.batches[index]
        order = seeded_rng(seed, "deck-fit", "regrade", str(index)).permutation(len(batch.candidates)).tolist()
        again = grade(batch, [batch.candidates[i] for i in order], 1)
        if again is None:
            continue
        report.regraded_batches += 1
        report.rows.extend(again)
        before = {row.oracle_id: row.grade for row in first[index]}
        split = splits.get(batch.precon_id) or ""
        pairs.setdefault(split, []).extend((before[row.oracle_id] >= 1, row.grade >= 1) for row in again)
    every = [pair for split_pairs in pairs.values() for pair in split_pairs]
    if every:
        report.regraded = len(every)
        report.kappa = cohen_kappa([a for a, _ in every], [b for _, b in every])
        report.kappa_by_split = {split: cohen_kappa([a for a, _ in p], [b for _, b in p])
                                 for split, p in sorted(pairs.items())}
    return report


# -- the deck-fit score ---------------------------------------------------------------------------------------------

def deck_fit_rows(dataset: Any, episodes: Iterable[Mapping], grades: Mapping[tuple[str, str], int], db: CardDB,
                  *, seed: int = 0) -> list[SummaryRow]:
    """Deck-fit per (system, split) over the judged precons (scored dev and test decks) with bootstrap intervals:
    each episode scored by the scorer's rules (invalid picks count 0), then its mean grade/2 over the ADD slots."""
    scores = score_dataset(dataset, read_episodes(episodes), db)
    judged = judged_precons(dataset)
    scored = with_deck_fit(scores, grades, judged)
    splits = {pid: split for pid, split in scored_splits(dataset).items() if pid in judged}
    return summarize_splits(scored, splits, slices=(), seed=seed)
