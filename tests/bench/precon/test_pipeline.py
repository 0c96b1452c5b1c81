"""The precon benchmark end to end, offline: build from fixtures -> run the heuristic baseline and a scripted
model -> score -> judge with a scripted grader -> report (the CLI for run, score and report)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import grimoire
from grimoire.bench.precon.dataset import load_dataset
from grimoire.bench.precon.episodes import baseline_rows, read_episodes, read_rows, write_rows
from grimoire.bench.precon.harness import run_precon_bench
from grimoire.bench.precon.judge import deck_fit_rows, judge_adds
from grimoire.bench.precon.report import write_report
from grimoire.bench.precon.scorer import precon_slices, score_dataset, scored_splits, summarize_splits
from tests.bench.precon.fixtures_data import make_fixture_dataset
from tests.bench.precon.harness_fixtures import script
from tests.bench.precon.test_judge import Grader


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "grimoire", "precon", *args], capture_output=True, text=True,
                          timeout=300)


@pytest.mark.slow  # test_end_to_end.py runs the same commands on the dataset built from real-shaped sources
def test_build_run_score_judge_report_offline(tmp_path):
    db = grimoire.open()
    folder = make_fixture_dataset(tmp_path, db)
    dataset = load_dataset(folder)
    decks = [dataset.deck(i) for i in dataset.precon_ids]

    baseline = write_rows(baseline_rows("role_balance", decks, db), tmp_path / "role_balance.episodes.jsonl")
    first = decks[0]
    deck_names = [card.name for card in first.cards if not card.is_commander][:3]
    turns = [{"tool": "search", "arguments": {"query": "draw a card"}},
             {"tool": "submit", "arguments": {"cuts": deck_names, "adds": ["Lightning Greaves", "Sol Ring"]}}]
    model = run_precon_bench(dataset, db, script(tmp_path / "agent.jsonl", turns), log_dir=tmp_path / "logs",
                             search_mode="bm25")

    rows = read_rows([baseline, model.episodes_path])
    scores = score_dataset(dataset, read_episodes(rows), db)
    assert {s.system for s in scores} == {"role_balance", rows[-1]["model"]}
    summary = summarize_splits(scores, scored_splits(dataset), precon_slices(dataset))
    files = write_report(scores, summary, tmp_path / "report")
    assert files.chart.read_bytes()[:4] == b"\x89PNG" and "role_balance" in files.table.read_text()

    report = judge_adds(dataset, rows, db, Grader({"Lightning Greaves": 2}), seed=3, grader_model="scripted",
                        grading_run="e2e")
    assert report.rows and "random controls" in report.summary()
    fit = deck_fit_rows(dataset, rows, report.grades(), db)
    assert fit and all(0 <= row.metrics["deck_fit"].mean <= 1 for row in fit)

    result = cli("run", "--data", str(folder), "--model", "random_legal", "--log-dir", str(tmp_path / "cli"))
    assert result.returncode == 0, result.stderr
    episodes = tmp_path / "cli" / "random_legal.episodes.jsonl"
    assert len(episodes.read_text().splitlines()) == len(decks)
    scored = cli("score", "--data", str(folder), "--run", str(episodes), "--run", str(baseline))
    assert scored.returncode == 0, scored.stderr
    assert "random_legal" in scored.stdout and "role_balance" in scored.stdout
    reported = cli("report", "--data", str(folder), "--run", str(episodes), "--out", str(tmp_path / "out"))
    assert reported.returncode == 0, reported.stderr
    assert (tmp_path / "out" / "report.png").exists()
    assert json.loads((tmp_path / "out" / "summary.json").read_text())


def test_cli_recomputes_splits_for_another_cutoff(tmp_path):
    db = grimoire.open()
    folder = make_fixture_dataset(tmp_path, db)
    before = {row.precon_id: row.split for row in load_dataset(folder).split_rows()}
    result = cli("build", "--snapshot", "2026-10-14", "--out", str(folder), "--splits-only", "--cutoff", "2020-01-01")
    assert result.returncode == 0, result.stderr
    after = {row.precon_id: row.split for row in load_dataset(folder).split_rows()}
    assert before.keys() == after.keys() and set(after.values()) == {"test"} != set(before.values())
    missing = cli("build", "--snapshot", "2026-10-14", "--out", str(tmp_path / "new"), "--offline",
                  "--cache", str(tmp_path / "cache"))
    assert missing.returncode == 1 and "DeckList.json" in missing.stderr and "--offline" in missing.stderr
