"""Rebuild the labels of Grimoire's agent search tasks (src/grimoire/bench/agent/tasks/tasks.jsonl) from the card store.

Deck and attribute tasks: the ``labeling_rule`` is applied (see grimoire.bench.search.labels) and
``relevant_names`` / ``graded_names`` are rewritten. Known tasks keep their one card, which must exist.
Every task gets a ``split`` (dev/test, hashed from its id). The table shows each list within the task's filters.
Usage: python scripts/build_agent_task_labels.py [FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import grimoire
from build_query_labels import split_of
from grimoire.bench.agent.dataset import SHIPPED_TASKS
from grimoire.bench.search.labels import LabelRule, apply_rule
from grimoire.bench.search.runner import allowed_rows
from grimoire.search.engine import SearchEngine


def main(path: Path) -> int:
    db = grimoire.open()
    search = SearchEngine(db)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    problems = []
    for row in rows:
        filters = json.loads(row["filters"]) if isinstance(row["filters"], str) else row["filters"]
        if row["kind"] == "known":
            relevant = list(row["relevant_names"])
            graded = list(relevant)
            if len(relevant) != 1 or db.names.find(relevant[0]) is None:
                problems.append(f"{row['id']}: a known task needs one card that is in the store: {relevant}")
        else:
            relevant, graded = apply_rule(db, LabelRule.from_json(row["labeling_rule"]))
        row["relevant_names"], row["graded_names"] = relevant, graded
        row.setdefault("relevant", [])
        row.setdefault("graded", [])
        row["split"] = split_of(row["id"])
        allowed = allowed_rows(search, filters)
        inside = [name for name in relevant if (found := db.names.find(name)) is not None and allowed[found]]
        core = [name for name in graded if name in set(inside)]
        if row["kind"] != "known" and not 10 <= len(inside) <= 400:
            problems.append(f"{row['id']}: {len(inside)} relevant cards within the filters (want 10-400)")
        if row["kind"] == "known" and len(inside) != 1:
            problems.append(f"{row['id']}: the target is outside the task's filters")
        print(f"{row['id']:<9} {row['kind']:<5} {row['split']:<5} {len(relevant):>5} relevant "
              f"{len(inside):>4} within filters {len(core):>3} core  {row['prompt'][:58]}")
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    for problem in problems:
        print("PROBLEM", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, default=SHIPPED_TASKS,
                        help="agent tasks file (.jsonl) to relabel in place (default: the shipped tasks.jsonl)")
    sys.exit(main(parser.parse_args().file))
