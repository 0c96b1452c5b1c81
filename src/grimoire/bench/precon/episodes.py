"""EPISODES files of the precon benchmark: one JSONL row per (system, precon) with ranked cuts and adds.

The harness writes them for models; :func:`baseline_rows` writes the same rows for the no-key baselines, and
:func:`read_episodes` turns any of them into the scorer's :class:`~grimoire.bench.precon.scorer.Episode`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from grimoire.bench.precon.baselines import run_baseline
from grimoire.bench.precon.scorer import Episode
from grimoire.cards.store import CardDB


def _names(db: CardDB, oracle_ids: Iterable[str]) -> list[str]:
    out = []
    for oracle_id in oracle_ids:
        row = db.find_id(oracle_id)
        out.append(db.columns.name[row] if row is not None else oracle_id)
    return out


def baseline_rows(system: str, decks: Iterable, db: CardDB, *, seed: int = 0) -> list[dict]:
    """EPISODES rows of a no-key baseline (``role_balance`` or ``random_legal``)."""
    rows = []
    for episode in run_baseline(system, list(decks), db, seed=seed):
        rows.append({"precon_id": episode.precon_id, "model": system, "cuts": _names(db, episode.cuts),
                     "adds": _names(db, episode.adds), "cut_ids": list(episode.cuts), "add_ids": list(episode.adds),
                     "input_tokens": 0, "output_tokens": 0, "cost": 0.0})
    return rows


def write_rows(rows: Iterable[dict], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def read_rows(paths: Iterable[str | Path]) -> list[dict]:
    rows = []
    for path in paths:
        rows.extend(json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip())
    return rows


def read_episodes(rows: Iterable[dict]) -> list[Episode]:
    """Scorer episodes: oracle ids where the row resolved them, the raw name otherwise (scored as unknown)."""
    episodes = []
    for row in rows:
        if row.get("skipped"):
            continue
        cut_ids = row.get("cut_ids") or [None] * len(row.get("cuts") or [])
        add_ids = row.get("add_ids") or [None] * len(row.get("adds") or [])
        cuts = tuple(i or n for i, n in zip(cut_ids, row.get("cuts") or [], strict=False))
        adds = tuple(i or n for i, n in zip(add_ids, row.get("adds") or [], strict=False))
        episodes.append(Episode(precon_id=row["precon_id"], cuts=cuts, adds=adds, system=row.get("model", "")))
    return episodes
