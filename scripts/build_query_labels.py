"""Rebuild the labels of Grimoire's query sets (src/grimoire/bench/search/queries/*.jsonl) from the current card store.

Each query's ``labeling_rule`` is applied (see grimoire.bench.search.labels); ``relevant_names``,
``graded_names`` and ``split`` are rewritten; paraphrases take their origin's labels and split.
Usage: python scripts/build_query_labels.py [FILES...]   (default: every shipped set)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import grimoire
from grimoire.bench.search.labels import LabelRule, apply_rule

QUERY_DIR = Path(__file__).resolve().parent.parent / "src" / "grimoire" / "bench" / "search" / "queries"
ORDER = ("handwritten.jsonl", "deckneeds.jsonl", "paraphrase.jsonl")
DEV_SHARE = 4  # of 10: queries whose origin hashes below this are dev (tuning), the rest test


def split_of(origin_id: str) -> str:
    return "dev" if int(hashlib.sha1(origin_id.encode()).hexdigest(), 16) % 10 < DEV_SHARE else "test"


def main(paths: list[Path]) -> int:
    db = grimoire.open()
    labelled: dict[str, dict] = {}
    for path in paths:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for row in rows:
            if row.get("origin"):
                source = labelled[row["origin"]]
                row["relevant_names"], row["graded_names"] = source["relevant_names"], source["graded_names"]
                row["split"] = source["split"]
            else:
                relevant, graded = apply_rule(db, LabelRule.from_json(row["labeling_rule"]))
                row["relevant_names"], row["graded_names"] = relevant, graded
                row["split"] = split_of(row["id"])
            row.setdefault("relevant", [])
            row.setdefault("graded", [])
            labelled[row["id"]] = row
            print(f"{row['id']:<10} {row['split']:<5} {len(row['relevant_names']):>5} relevant "
                  f"{len(row['graded_names']):>4} graded  {row['query'][:60]}")
        path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    given = [Path(p) for p in sys.argv[1:]]
    sys.exit(main(given or [QUERY_DIR / name for name in ORDER if (QUERY_DIR / name).exists()]))
