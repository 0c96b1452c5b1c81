"""The precon report: a Markdown table of systems by split with intervals, a PNG chart and per-episode JSON."""

from __future__ import annotations

import json

from grimoire.bench.precon.report import summary_table, write_report
from grimoire.bench.precon.scorer import Episode, gold_from_labels, score_episode, summarize_splits
from tests.bench.precon.scorer_fixtures import DECK, facts, label


def _scores():
    out = []
    for index, system in enumerate(("random_legal", "role_balance") * 3):
        precon_id = f"pc-{index // 2}"
        gold = gold_from_labels([label("green", "add", 0.4, precon_id=precon_id),
                                 label("deck1", "cut", 0.6, precon_id=precon_id)])[precon_id]
        adds = ("green", "blue") if system == "role_balance" else ("black",)
        out.append(score_episode(Episode(precon_id, ("deck1",), adds, system), DECK, gold, facts, slots=2))
    return out


def _rows(scores):
    splits = {"pc-0": "dev", "pc-1": "dev", "pc-2": "test"}
    precons = {pid: {"n_colors": 2, "is_universes_beyond": False} for pid in splits}
    return summarize_splits(scores, splits, precons, resamples=100)


def test_table_has_a_line_per_system_and_split_with_intervals():
    table = summary_table(_rows(_scores()))
    lines = table.strip().splitlines()
    assert lines[0].startswith("| split | system | slice | n | add score | cut score | add score (gain_syn)")
    assert len(lines) == 2 + 4  # header, rule, 2 systems x 2 splits
    assert "| dev | role_balance | all | 2 | 1.000 [1.000, 1.000]" in table
    assert "| dev | random_legal | all | 2 | 0.000 [0.000, 0.000]" in table
    assert lines[2].startswith("| dev") and lines[-1].startswith("| test")
    assert "n_colors=2" in summary_table(_rows(_scores()), slices=True)


def test_write_report_writes_table_chart_and_json(tmp_path):
    scores = _scores()
    files = write_report(scores, _rows(scores), tmp_path / "out")
    assert files.table.read_text(encoding="utf-8").count("role_balance") >= 2
    assert files.chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    episodes = json.loads(files.episodes.read_text(encoding="utf-8"))
    assert len(episodes) == 6
    assert episodes[1]["add"]["checks"][1]["reason"] == "outside the deck's colour identity"
    summary = json.loads(files.summary.read_text(encoding="utf-8"))
    assert {row["split"] for row in summary} == {"dev", "test"}
    assert summary[0]["metrics"]["add_land_score"]["mean"] is None  # no land labels: null, not NaN
