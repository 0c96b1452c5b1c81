"""A small league end to end (games in worker processes, refits, leaderboard files) and the census."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

from grimoire.bench.arena.census import run_census, summarise
from grimoire.bench.arena.league import candidates, cost_per_game, deal_tasks, load_games, run_league, write_leaderboard
from grimoire.bench.arena.play import GameRecord
from grimoire.bench.arena.schedule import Candidate

FAST_FIT = {"draws": 150, "tune": 150, "chains": 2}


def test_candidates_cover_every_deck_against_the_cpu_and_every_battle_pair():
    found = candidates(["random", "heuristic", "cpu", "model-a"])
    cpu_games = [c for c in found if c.kind == "cpu"]
    assert len(cpu_games) == 3 * 3 and all(c.decks[1] == "burn" and c.players[1] == "cpu" for c in cpu_games)
    battles = [c for c in found if c.kind == "battle"]
    assert len(battles) == 3 and all(c.decks == ("delver", "jeskai") for c in battles)


def test_a_battle_deal_is_played_four_ways_and_a_cpu_deal_from_both_seats():
    battle = deal_tasks(Candidate(("a", "b"), ("delver", "jeskai"), "battle"), 7, "v")
    assert {(t.players, t.first) for t in battle} == {(("a", "b"), 0), (("a", "b"), 1), (("b", "a"), 0),
                                                      (("b", "a"), 1)}
    assert {t.decks for t in battle} == {("delver", "jeskai")} and {t.seed for t in battle} == {7}
    cpu = deal_tasks(Candidate(("a", "cpu"), ("dredge", "burn"), "cpu"), 8, "v")
    assert [t.first for t in cpu] == [0, 1] and len({t.game_id for t in cpu}) == 2


def test_a_league_plays_rates_and_writes_the_leaderboard(tmp_path):
    report = run_league(["random", "heuristic", "cpu"], tmp_path, games=4, workers=2, fit_options=FAST_FIT,
                        max_turns=12, executor=ThreadPoolExecutor(max_workers=2))
    kept, _ = load_games(tmp_path / "games.jsonl")
    assert report.games == len(kept) >= 4
    assert all(g.harness_version and g.census["silent_fallbacks"] == 0 for g in kept)
    assert {p.name for p in report.ratings.players} <= {"random", "heuristic", "cpu"}
    assert report.games_per_hour > 0 and "games/hour" in report.summary()
    paths = write_leaderboard(report.ratings, tmp_path)
    assert all(p.exists() and p.stat().st_size > 0 for p in paths)
    board = json.loads((tmp_path / "leaderboard.json").read_text())
    assert board


def test_costs_come_from_the_games_played(tmp_path):
    record = GameRecord(game_id="g", harness_version="v", deal="1:a:b", seed=1, first=0, players=["m", "cpu"],
                        kinds=["llm", "cpu"], decks=["delver", "burn"], winner=0, end="win", turns=5, decisions=9,
                        actions=[], census={}, usage=[{"cost_usd": 0.5}, {"cost_usd": 0.0}], cost_usd=0.5,
                        seconds=1.0)
    costs = cost_per_game([record], ["m", "other/model", "random", "cpu"])
    assert costs["m"] == 0.5 and costs["random"] == 0.0 and costs["cpu"] == 0.0 and costs["other/model"] > 0


def test_the_census_plays_every_matchup_and_finds_no_silent_fallback():
    report, records = run_census("random", workers=2, max_turns=6)
    assert report.games == len(records) == 3 * 2 + 4
    assert {tuple(r.decks) for r in records} == {("delver", "burn"), ("dredge", "burn"), ("jeskai", "burn"),
                                                  ("delver", "jeskai")}
    assert report.silent_fallbacks == 0 and not report.errors
    text = report.text()
    assert "silent fallbacks" in text and "rejected_action" in text
    assert summarise(records).decisions == report.decisions
