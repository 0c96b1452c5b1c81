"""Grading a new system's run for the agent benchmark: start from the published qrels, grade blind only the cards
no label judges yet (optionally list cards too), and write the grades and the rebuilt qrels.

The workflow behind ``grimoire bench grade``; every published label is kept, whatever a new run grades.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from grimoire.bench.agent.dataset import (
    AgentTask,
    GradeRow,
    Qrels,
    list_qrels,
    load_grades,
    load_qrels,
    qrels_rows,
    write_jsonl,
)
from grimoire.bench.agent.grader import GradingReport, grade_cards, rebuild_qrels, ungraded
from grimoire.cards.store import CardDB

QRELS_FILE = "qrels.jsonl"
GRADES_FILE = "relevance_grades.jsonl"


@dataclass
class GradingOutcome:
    report: GradingReport
    qrels: Qrels
    grades_path: Path
    qrels_path: Path
    left: dict[str, list[int]]  # returned cards still ungraded (failed batches), per task


def merge_qrels(*sources: Qrels) -> Qrels:
    """One qrels from several: every card of every source, the highest relevance where they differ."""
    out: Qrels = {}
    for qrels in sources:
        for task_id, cards in qrels.items():
            merged = out.setdefault(task_id, {})
            for row, relevance in cards.items():
                merged[row] = max(merged.get(row, 0), relevance)
    return out


def grade_run(tasks: Sequence[AgentTask], returned: Mapping[str, Sequence[int]], db: CardDB,
              complete: Callable[[str], str], *, out: str | Path, grader_model: str, experiment: str, seed: int = 0,
              published: str | Path | None = None, include_listed: bool = False,
              regrade_share: float = 0.10) -> GradingOutcome:
    """Grade the cards of ``returned`` that no label judges, append the grades to ``out/relevance_grades.jsonl``
    and write ``out/qrels.jsonl``: the published qrels (``published``, e.g. the dataset's qrels.parquet), the
    lists, the labels of earlier runs in ``out``, plus the new grades >= 1 of cards none of those held."""
    out = Path(out)
    qrels_path, grades_path = out / QRELS_FILE, out / GRADES_FILE
    kept = load_qrels(published, db)[0] if published else {}
    earlier = load_qrels(qrels_path, db)[0] if qrels_path.exists() else {}
    previous = load_grades(grades_path, db)[0] if grades_path.exists() else []
    start = merge_qrels(list_qrels(tasks), kept, earlier)
    report = grade_cards(tasks, returned, start, complete, db=db, seed=seed, grader_model=grader_model,
                         experiment=experiment, previous=previous, include_listed=include_listed,
                         regrade_share=regrade_share)
    write_jsonl(grades_path, report.rows, append=True)
    grades: list[GradeRow] = [*previous, *report.rows]
    qrels = merge_qrels(rebuild_qrels(tasks, start, grades), kept)
    write_jsonl(qrels_path, qrels_rows(qrels, tasks, db))
    return GradingOutcome(report, qrels, grades_path, qrels_path, ungraded(returned, qrels, grades))

