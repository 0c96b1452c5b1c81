"""The blind relevance grader: a model grades the cards agents returned that no list or earlier run has judged.

Pure logic around a ``complete(prompt) -> reply`` callable, so it needs no LLM library: seeded batches of 15 cards
with hidden random decoys, the seed's instructions verbatim, re-grades for Cohen's kappa, and the qrels rule.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from grimoire.bench.agent.dataset import RANKED_KINDS, AgentTask, GradeRow, Qrels
from grimoire.bench.common import seeded_rng
from grimoire.cards.model import Card
from grimoire.cards.store import CardDB

BATCH_SIZE = 15
RUBRIC = (
    "Grade each card for how well it satisfies the player's request: 2 = clearly satisfies it: the card itself "
    "performs the requested function directly and meets every stated constraint (colour, card type, mana value, "
    "format, cost). 1 = partially satisfies it: a weaker, narrower, conditional or indirect version of the "
    "requested function, or a card a reasonable player would still consider for this request; it must still meet "
    "the stated constraints. 0 = does not satisfy the request, or violates a stated constraint (wrong colour, card "
    "type or mana value, etc.). Judge only from the card text shown. Do not reward popularity or general power "
    "level."
)
COLOR_NAMES = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green", "c": "colourless"}

Complete = Callable[[str], str]


# -- the prompt --------------------------------------------------------------------------------------------------

def describe_constraints(filters: Mapping) -> str:
    """The task's filters in words, as the grader is shown them."""
    parts = []
    identity = filters.get("color_identity")
    if identity:
        colours = [COLOR_NAMES[c] for c in identity.lower() if c in COLOR_NAMES]
        parts.append(f"colour identity within {', '.join(colours) or identity} ({identity.upper()})")
    if filters.get("format"):
        parts.append(f"legal in {filters['format']}")
    types = filters.get("types")
    if types:
        parts.append("card type: " + " or ".join([types] if isinstance(types, str) else types))
    low, high = filters.get("mana_value_min"), filters.get("mana_value_max")
    if low is not None:
        parts.append(f"mana value at least {low:g}")
    if high is not None:
        parts.append(f"mana value at most {high:g}")
    return "; ".join(parts) if parts else "none"


def card_for_grader(card: Card, format_name: str | None = None) -> str:
    """A card as the grader sees it: every face's name, cost, type line, rules text and stats, its mana value,
    colour identity and (when the task names a format) its legality there; no rarity, price or popularity."""
    lines = []
    for face in card.faces:
        head = "  ".join(part for part in (face.name, face.mana_cost, face.type_line) if part)
        lines.append(head)
        lines.extend("  " + text for text in (face.oracle_text or "").splitlines())
        if face.power is not None:
            lines.append(f"  {face.power}/{face.toughness}")
        if face.loyalty is not None:
            lines.append(f"  Loyalty {face.loyalty}")
    mana_value = "unknown" if card.mana_value is None else f"{card.mana_value:g}"
    details = [f"Mana value {mana_value}", f"Colour identity {''.join(card.color_identity) or 'colourless'}"]
    if format_name:
        details.append(f"{format_name}: {(card.legality(format_name) or 'unknown').replace('_', ' ')}")
    lines.append("  " + " · ".join(details))
    return "\n".join(lines)


def build_prompt(task: AgentTask, cards: Sequence[Card]) -> str:
    """One grading call: the instructions, the request with its constraints, and the numbered cards."""
    blocks = "\n\n".join(f"Card {number}: {card_for_grader(card, task.filters.get('format'))}"
                         for number, card in enumerate(cards, start=1))
    return (f"{RUBRIC}\n\n"
            f"The player's request:\n{task.prompt}\n\n"
            f"Stated constraints: {describe_constraints(task.filters)}\n\n"
            f"The cards:\n\n{blocks}\n\n"
            f'Reply with JSON only, in this form: {{"grades": [{{"card": 1, "grade": 2}}, ...]}}, '
            f"one entry for each of the {len(cards)} cards, each grade 0, 1 or 2.")


def parse_grades(reply: str, count: int) -> list[int] | None:
    """Grades for cards 1..count from a reply, or ``None`` when the reply does not grade every card exactly once."""
    match = re.search(r"\{.*\}", reply or "", re.DOTALL)
    if match is None:
        return None
    try:
        data = json.loads(match.group(0))
    except json.JSONDecodeError:
        return None
    items = data.get("grades") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return None
    grades: dict[int, int] = {}
    for item in items:
        if not isinstance(item, dict):
            return None
        number, grade = item.get("card"), item.get("grade")
        if isinstance(number, str) and number.strip().isdecimal():
            number = int(number)
        if isinstance(grade, str) and grade.strip().isdecimal():
            grade = int(grade)
        if not isinstance(number, int) or not isinstance(grade, int) or grade not in (0, 1, 2) \
                or not 1 <= number <= count or number in grades:
            return None
        grades[number] = grade
    if len(grades) != count:
        return None
    return [grades[number] for number in range(1, count + 1)]


# -- agreement ---------------------------------------------------------------------------------------------------

def cohen_kappa(a: Sequence, b: Sequence) -> float:
    """Cohen's kappa of two raters' labels for the same items; 1.0 for perfect agreement (even on one label),
    NaN for no items."""
    if len(a) != len(b):
        raise ValueError("both raters must label the same items")
    if not a:
        return float("nan")
    total = len(a)
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / total
    labels = set(a) | set(b)
    expected = sum((list(a).count(label) / total) * (list(b).count(label) / total) for label in labels)
    if expected == 1.0:
        return 1.0 if observed == 1.0 else 0.0
    return (observed - expected) / (1 - expected)


# -- grading -----------------------------------------------------------------------------------------------------

@dataclass
class GradingReport:
    rows: list[GradeRow]
    batches: int = 0
    calls: int = 0
    failed: list[tuple[str, list[int]]] = field(default_factory=list)  # (task id, store rows) never graded
    kappa: float = float("nan")  # Cohen's kappa on grade >= 1 between first pass and re-grade
    regraded: int = 0  # cards graded twice
    decoys_accepted: int = 0
    decoys_total: int = 0

    @property
    def pool_rows(self) -> list[GradeRow]:
        return [row for row in self.rows if row.kind == "pool" and row.pass_number == 1]

    def summary(self) -> str:
        pool = self.pool_rows
        lines = [f"graded {len(pool)} returned cards in {self.batches} batches ({self.calls} calls); "
                 f"{sum(r.grade >= 1 for r in pool)} graded relevant"]
        listed = [r for r in pool if r.on_list]
        if listed:
            lines.append(f"cards already on a list graded relevant: {sum(r.grade >= 1 for r in listed)} "
                         f"of {len(listed)}")
        lines.append(f"hidden random decoys accepted (grade >= 1): {self.decoys_accepted} of {self.decoys_total}")
        lines.append(f"re-grade agreement on grade >= 1: Cohen's kappa {self.kappa:.3f} over {self.regraded} cards"
                     if self.regraded else "re-grade agreement: no batch was re-graded")
        if self.failed:
            cards = sum(len(rows) for _, rows in self.failed)
            lines.append(f"FAILED: {len(self.failed)} batches ({cards} cards) got no usable reply after a retry; "
                         "they stay ungraded")
        return "\n".join(lines)


def pick_decoys(allowed: np.ndarray, excluded: set[int], count: int, rng: np.random.Generator) -> list[int]:
    """``count`` random cards among ``allowed`` (the task's filters, funny cards left out), none ``excluded``
    (the relevant, returned and already graded cards)."""
    pool = np.flatnonzero(allowed)
    pool = pool[~np.isin(pool, np.fromiter(excluded, dtype=np.int64, count=len(excluded)))]
    if len(pool) == 0:
        return []
    return [int(row) for row in rng.choice(pool, size=min(count, len(pool)), replace=False)]


def _ask(complete: Complete, prompt: str, count: int) -> tuple[list[int] | None, int]:
    """Grades from one call, retried once when the reply cannot be parsed; also the number of calls made."""
    for attempt in (1, 2):
        grades = parse_grades(complete(prompt), count)
        if grades is not None:
            return grades, attempt
    return None, 2


def grade_cards(tasks: Iterable[AgentTask], returned: Mapping[str, Sequence[int]], qrels: Qrels,
                complete: Complete, *, db: CardDB, seed: int, grader_model: str, experiment: str,
                grading_run: str | None = None, decoys_per_task: int = 2, regrade_share: float = 0.10,
                previous: Iterable[GradeRow] = (), include_listed: bool = False,
                batch_size: int = BATCH_SIZE) -> GradingReport:
    """Grade blind every card an agent returned for a deck or attribute task that is not yet judged.

    A card is judged when it is in ``qrels`` (on the list, or graded relevant before) or graded in ``previous``;
    ``include_listed`` grades list cards too (a check on the grader). Per task, the cards and
    ``decoys_per_task`` hidden random decoys (meeting the filters, not relevant) are shuffled with ``seed`` and
    sent ``batch_size`` at a time; a seeded ``regrade_share`` of the batches is graded again in a new order.
    """
    from grimoire.bench.search.runner import allowed_rows
    from grimoire.search.engine import SearchEngine

    run = grading_run or experiment
    previous = list(previous)
    previously = {(g.task_id, g.row) for g in previous}
    search = SearchEngine(db)
    report = GradingReport(rows=[])
    batches: list[tuple[AgentTask, list[tuple[int, str]]]] = []
    for task in tasks:
        if task.kind not in RANKED_KINDS:
            continue
        judged = set(qrels.get(task.id, {}))
        listed = set(task.gains)
        cards = [row for row in dict.fromkeys(returned.get(task.id, ()))
                 if (task.id, row) not in previously and (row not in judged or (include_listed and row in listed))]
        if not cards:
            continue
        rng = seeded_rng(seed, task.id)
        excluded = judged | listed | set(returned.get(task.id, ())) | {g.row for g in previous
                                                                       if g.task_id == task.id}
        decoys = pick_decoys(allowed_rows(search, task.filters), excluded, decoys_per_task, rng)
        items = [(row, "pool") for row in cards] + [(row, "decoy_random") for row in decoys]
        order = rng.permutation(len(items))
        items = [items[i] for i in order]
        for start in range(0, len(items), batch_size):
            batches.append((task, items[start:start + batch_size]))
    report.batches = len(batches)

    def grade_batch(task: AgentTask, items: list[tuple[int, str]], pass_number: int) -> list[GradeRow] | None:
        cards = db.cards_at([row for row, _ in items])
        grades, calls = _ask(complete, build_prompt(task, cards), len(items))
        report.calls += calls
        if grades is None:
            return None
        return [GradeRow(experiment=experiment, grading_run=run, task_id=task.id, oracle_id=card.oracle_id,
                         name=card.name, grade=grade, on_list=row in task.gains, kind=kind,
                         pass_number=pass_number, grader_model=grader_model, row=row)
                for (row, kind), card, grade in zip(items, cards, grades, strict=True)]

    first: dict[int, list[GradeRow]] = {}
    for index, (task, items) in enumerate(batches):
        rows = grade_batch(task, items, 1)
        if rows is None:
            report.failed.append((task.id, [row for row, kind in items if kind == "pool"]))
            continue
        first[index] = rows
        report.rows.extend(rows)
    decoys = [r for r in report.rows if r.kind == "decoy_random"]
    report.decoys_total, report.decoys_accepted = len(decoys), sum(r.grade >= 1 for r in decoys)

    regrade_count = min(len(first), max(1, round(regrade_share * len(batches)))) if regrade_share > 0 else 0
    chosen = sorted(seeded_rng(seed, "regrade").choice(sorted(first), size=regrade_count, replace=False).tolist()) \
        if regrade_count else []
    pairs: list[tuple[bool, bool]] = []
    for index in chosen:
        task, items = batches[index]
        order = seeded_rng(seed, "regrade", str(index)).permutation(len(items))
        again = grade_batch(task, [items[i] for i in order], 2)
        if again is None:
            continue
        report.rows.extend(again)
        before = {row.row: row.grade for row in first[index]}
        pairs.extend((before[row.row] >= 1, row.grade >= 1) for row in again)
    if pairs:
        report.regraded = len(pairs)
        report.kappa = cohen_kappa([a for a, _ in pairs], [b for _, b in pairs])
    return report


# -- qrels -------------------------------------------------------------------------------------------------------

def latest_grades(grades: Iterable[GradeRow]) -> dict[tuple[str, int], int]:
    """(task id, card row) -> the grade of the latest run that graded that returned card (first pass only;
    re-grades measure agreement, and decoys check the grader, so neither changes labels)."""
    latest: dict[tuple[str, int], int] = {}
    for grade in grades:
        if grade.kind == "pool" and grade.pass_number == 1:
            latest[(grade.task_id, grade.row)] = grade.grade
    return latest


def rebuild_qrels(tasks: Iterable[AgentTask], qrels: Qrels, grades: Iterable[GradeRow]) -> Qrels:
    """The seed's rule: a card is relevant if it is on the task's list (with the list's grade) or the latest run
    that graded it gave it >= 1 (relevance = that grade). A 0 never removes a list card; earlier grader cards
    in ``qrels`` stay unless graded again. ``grades`` are in file order (later rows are later runs)."""
    lists = {task.id: task.gains for task in tasks}
    out: Qrels = {task_id: dict(gains) for task_id, gains in lists.items()}
    latest = latest_grades(grades)
    for task_id, cards in qrels.items():
        for row, relevance in cards.items():
            if row not in lists.get(task_id, {}) and (task_id, row) not in latest:
                out.setdefault(task_id, {})[row] = relevance
    for (task_id, row), grade in latest.items():
        if row not in lists.get(task_id, {}) and grade >= 1:
            out.setdefault(task_id, {})[row] = grade
    return {task_id: cards for task_id, cards in out.items() if cards}


def ungraded(returned: Mapping[str, Sequence[int]], qrels: Qrels, grades: Iterable[GradeRow]) -> dict[str, list[int]]:
    """The cards a run returned that are neither in qrels nor graded by any run, per task. A runner must refuse to
    compare a system until these are graded. Pass only deck and attribute tasks (known tasks are not graded)."""
    graded = {(g.task_id, g.row) for g in grades}
    out = {}
    for task_id, rows in returned.items():
        missing = [row for row in dict.fromkeys(rows)
                   if row not in qrels.get(task_id, {}) and (task_id, row) not in graded]
        if missing:
            out[task_id] = missing
    return out

