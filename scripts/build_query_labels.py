"""Rebuild the labels of Grimoire's query sets (src/grimoire/bench/search/queries/*.jsonl) from the current card store.

Each query's ``labeling_rule`` is applied (see grimoire.bench.search.labels); ``relevant`` / ``graded`` (the
store's oracle ids, in the seed's schema), their parallel ``relevant_names`` / ``graded_names`` and ``split``
are rewritten; paraphrases take their origin's labels and split. A staple (``graded_names`` in the rule) that
the rule does not make relevant stops the build: the rule and the staple disagree.
Usage: python scripts/build_query_labels.py [FILES...]   (default: every shipped set)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import grimoire
from grimoire.bench.search.labels import LabelRule, apply_rule

QUERY_DIR = Path(__file__).resolve().parent.parent / "src" / "grimoire" / "bench" / "search" / "queries"
ORDER = ("handwritten.jsonl", "deckneeds.jsonl", "paraphrase.jsonl", "players.jsonl", "tags.jsonl")
DEV_SHARE = 4  # of 10: queries whose origin hashes below this are dev (tuning), the rest test


def split_of(origin_id: str) -> str:
    return "dev" if int(hashlib.sha1(origin_id.encode()).hexdigest(), 16) % 10 < DEV_SHARE else "test"


def _oracle_id(db, name: str) -> str:
    return db.card_at(db.names.find(name)).oracle_id


def label(row: dict, db, labelled: dict[str, dict]) -> None:
    """Fill one row's labels from its rule (or from its origin's, for a paraphrase)."""
    if row.get("origin"):
        source = labelled[row["origin"]]
        for key in ("relevant", "graded", "relevant_names", "graded_names", "split"):
            row[key] = source[key]
        return
    rule = LabelRule.from_json(row["labeling_rule"])
    relevant, graded = apply_rule(db, rule)
    stray = sorted(set(rule.graded_names) - set(relevant))
    if stray:
        raise SystemExit(f"{row['id']}: staples the rule does not make relevant: {stray}")
    row["relevant_names"], row["graded_names"] = relevant, graded
    row["relevant"] = [_oracle_id(db, name) for name in relevant]
    row["graded"] = [{"oracle_id": _oracle_id(db, name), "grade": 2} for name in graded]
    row["split"] = split_of(row["id"])


def main(paths: list[Path]) -> int:
    db = grimoire.open()
    labelled: dict[str, dict] = {}
    for path in paths:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for row in rows:
            label(row, db, labelled)
            labelled[row["id"]] = row
            print(f"{row['id']:<24} {row['split']:<5} {len(row['relevant_names']):>5} relevant "
                  f"{len(row['graded_names']):>4} graded  {row['query'][:60]}")
        path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path,
                        help="query set files (.jsonl) to relabel in place (default: every shipped set)")
    given = parser.parse_args().files
    sys.exit(main(given or [QUERY_DIR / name for name in ORDER if (QUERY_DIR / name).exists()]))
