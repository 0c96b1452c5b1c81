"""Files of the agent search tasks in the seed's schemas (Parquet or JSONL): agent_tasks, qrels, relevance_grades,
and the episodes a harness writes. Cards are resolved to store rows by oracle id or, where ids are synthetic, by name.

agent_tasks columns: id, prompt, kind (deck|attr|known), source, relevant, graded, filters (JSON), popular, and
Grimoire's ``relevant_names`` / ``graded_names`` / ``split`` / ``labeling_rule``.
qrels columns: task_id, oracle_id, name, relevance (1|2), source (list|grader).
relevance_grades columns: experiment, grading_run, task_id, oracle_id, name, grade, on_list,
kind (pool|decoy_random), pass, grader_model.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from grimoire.bench.search.dataset import QueryFileError, parse_filters, read_rows, resolve_labels
from grimoire.cards.store import CardDB
from grimoire.hub import search_bench_file

KINDS = ("deck", "attr", "known")
RANKED_KINDS = ("deck", "attr")  # scored by P@10; known tasks by whether the target was found
SHIPPED_TASKS = Path(__file__).resolve().parent / "tasks" / "tasks.jsonl"

Qrels = dict[str, dict[int, int]]  # task id -> store row -> relevance (1 or 2)


@dataclass(frozen=True)
class AgentTask:
    id: str
    prompt: str
    kind: str  # deck, attr or known
    filters: dict
    gains: dict[int, int]  # store row -> 2 (core answer) or 1 (other relevant card): the automatic list
    target: int | None = None  # the one card of a known task
    source: str = ""
    popular: bool | None = None  # for known tasks: whether the target is a widely played card
    split: str | None = None
    unknown: tuple[str, ...] = ()  # listed ids or names the store does not have
    labelled: int = 0  # how many cards the file lists


@dataclass
class TaskSet:
    tasks: list[AgentTask]
    path: str
    warnings: list[str] = field(default_factory=list)
    source: dict = field(default_factory=dict)  # where the file came from: a path, or a Hub reference and commit

    def by_id(self) -> dict[str, AgentTask]:
        return {task.id: task for task in self.tasks}


@dataclass(frozen=True)
class GradeRow:
    """One grade from the relevance grader; ``row`` is the card's store row (not a column of the file)."""

    experiment: str
    grading_run: str
    task_id: str
    oracle_id: str
    name: str
    grade: int
    on_list: bool
    kind: str  # pool (an agent returned it) or decoy_random (a hidden check on the grader)
    pass_number: int  # the file's ``pass`` column: 1, or 2 for a re-grade
    grader_model: str
    row: int

    def to_json(self) -> dict:
        return {"experiment": self.experiment, "grading_run": self.grading_run, "task_id": self.task_id,
                "oracle_id": self.oracle_id, "name": self.name, "grade": self.grade, "on_list": self.on_list,
                "kind": self.kind, "pass": self.pass_number, "grader_model": self.grader_model}


def _resolve_card(db: CardDB, oracle_id: str | None, name: str | None) -> int | None:
    row = db.find_id(oracle_id) if oracle_id else None
    if row is None and name:
        row = db.names.find(name)
    return row


def load_tasks(path: str | Path, db: CardDB) -> TaskSet:
    """Read an agent_tasks file (or the config of a ``hf:`` reference) and resolve each task's cards to store
    rows, reporting what cannot be resolved."""
    source = search_bench_file(path, "agent_tasks")
    path, names = source.path, source.names
    tasks, warnings = [], []
    for number, row in enumerate(read_rows(path), start=1):
        where = f"{path.name} row {number} ({row.get('id')})"
        for key in ("id", "prompt", "kind"):
            if not row.get(key):
                raise QueryFileError(f"{where}: missing {key!r}")
        if row["kind"] not in KINDS:
            raise QueryFileError(f"{where}: kind {row['kind']!r} is not one of {', '.join(KINDS)}")
        gains, unknown, labelled = resolve_labels(row, db, names)
        if unknown:
            warnings.append(f"{row['id']}: {len(unknown)} of {labelled} labelled cards are not in this store "
                            f"(e.g. {unknown[0]})")
        target = None
        if row["kind"] == "known":
            if len(gains) > 1:
                raise QueryFileError(f"{where}: a known task names one card, not {len(gains)}")
            target = next(iter(gains), None)
        popular = row.get("popular")
        tasks.append(AgentTask(id=row["id"], prompt=row["prompt"], kind=row["kind"],
                               filters=parse_filters(row.get("filters"), where), gains=gains, target=target,
                               source=row.get("source") or "", popular=None if popular is None else bool(popular),
                               split=row.get("split"), unknown=tuple(unknown), labelled=labelled))
    return TaskSet(tasks=tasks, path=str(path), warnings=warnings, source=source.describe())


def list_qrels(tasks: Iterable[AgentTask]) -> Qrels:
    """Qrels from the tasks' automatic lists alone (before any card was graded)."""
    return {task.id: dict(task.gains) for task in tasks}


def load_qrels(path: str | Path, db: CardDB) -> tuple[Qrels, list[str]]:
    """Read a qrels file (or ``hf:`` reference): task id -> store row -> relevance, and warnings naming the cards
    the store lacks."""
    path = search_bench_file(path, "qrels").path
    qrels: Qrels = {}
    missing: dict[str, list[str]] = {}
    for number, row in enumerate(read_rows(path), start=1):
        if not row.get("task_id") or int(row.get("relevance") or 0) not in (1, 2):
            raise QueryFileError(f"{path.name} row {number}: needs task_id and a relevance of 1 or 2")
        store_row = _resolve_card(db, row.get("oracle_id"), row.get("name"))
        if store_row is None:
            missing.setdefault(row["task_id"], []).append(row.get("name") or row.get("oracle_id") or "?")
            continue
        cards = qrels.setdefault(row["task_id"], {})
        cards[store_row] = max(cards.get(store_row, 0), int(row["relevance"]))
    warnings = [f"{task_id}: {len(names)} qrels cards are not in this store (e.g. {names[0]})"
                for task_id, names in missing.items()]
    return qrels, warnings


def qrels_rows(qrels: Qrels, tasks: Iterable[AgentTask], db: CardDB) -> list[dict]:
    """Qrels as file rows; ``source`` is ``list`` for a card on the task's automatic list, else ``grader``."""
    lists = {task.id: task.gains for task in tasks}
    oracle_ids = dict(enumerate(db.oracle_ids))
    rows = []
    for task_id in sorted(qrels):
        for store_row, relevance in sorted(qrels[task_id].items()):
            rows.append({"task_id": task_id, "oracle_id": oracle_ids[store_row], "name": db.columns.name[store_row],
                         "relevance": int(relevance),
                         "source": "list" if store_row in lists.get(task_id, {}) else "grader"})
    return rows


def load_grades(path: str | Path, db: CardDB) -> tuple[list[GradeRow], list[str]]:
    """Read a relevance_grades file (or ``hf:`` reference) in file order (later rows are later grades); warns
    about unknown cards."""
    path = search_bench_file(path, "relevance_grades").path
    grades, warnings = [], []
    oracle_ids = dict(enumerate(db.oracle_ids))
    for number, row in enumerate(read_rows(path), start=1):
        store_row = _resolve_card(db, row.get("oracle_id"), row.get("name"))
        if store_row is None:
            warnings.append(f"{path.name} row {number}: card {row.get('name') or row.get('oracle_id')!r} "
                            "is not in this store")
            continue
        try:
            grade = int(row["grade"])
        except (KeyError, TypeError, ValueError):
            raise QueryFileError(f"{path.name} row {number}: needs a grade of 0, 1 or 2") from None
        grades.append(GradeRow(experiment=row.get("experiment") or "", grading_run=row.get("grading_run") or "",
                               task_id=row["task_id"],
                               oracle_id=row.get("oracle_id") or oracle_ids[store_row],
                               name=row.get("name") or db.columns.name[store_row], grade=grade,
                               on_list=bool(row.get("on_list")), kind=row.get("kind") or "pool",
                               pass_number=int(row.get("pass") or 1), grader_model=row.get("grader_model") or "",
                               row=store_row))
    return grades, warnings


def write_jsonl(path: str | Path, rows: Iterable[Mapping], *, append: bool = False) -> None:
    """Write rows (dicts, or records with ``to_json``) as JSON lines."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(row.to_json() if hasattr(row, "to_json") else dict(row), ensure_ascii=False) + "\n"
                   for row in rows)
    with path.open("a" if append else "w", encoding="utf-8") as handle:
        handle.write(text)


def load_returned(path: str | Path, tasks: Iterable[AgentTask], db: CardDB, *,
                  depth: int = 20) -> tuple[dict[str, list[int]], list[str]]:
    """The cards each episode returned (its ``valid`` list, else ``submitted``), pooled per task over every
    model and arm, first-seen order; known tasks are left out (they are scored by their target, not graded)."""
    kinds = {task.id: task.kind for task in tasks}
    returned: dict[str, list[int]] = {}
    warnings: list[str] = []
    for number, episode in enumerate(read_rows(Path(path)), start=1):
        task_id = episode.get("task_id")
        if task_id not in kinds:
            warnings.append(f"episode {number}: unknown task {task_id!r}")
            continue
        if kinds[task_id] not in RANKED_KINDS:
            continue
        names = episode.get("valid")
        names = episode.get("submitted") or [] if names is None else names
        pooled = returned.setdefault(task_id, [])
        for name in list(names)[:depth]:
            store_row = _resolve_card(db, None, name)
            if store_row is None:
                warnings.append(f"episode {number} ({task_id}): {name!r} is not a card in this store")
            elif store_row not in pooled:
                pooled.append(store_row)
    return returned, warnings
