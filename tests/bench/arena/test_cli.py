"""The arena commands as a user runs them: play a game (scripted "LLM" included), rate its log, print the board,
and refuse bad decks."""

from __future__ import annotations

import json

import pytest

from tests.test_cli import run


def test_play_rate_and_leaderboard(home, tmp_path):
    games = tmp_path / "games.jsonl"
    for players, decks, seed in ((["scripted", "cpu"], ["jeskai", "burn"], "1"),
                                 (["heuristic", "random"], ["delver", "dredge"], "2")):
        result = run("arena", "play", "--players", *players, "--decks", *decks, "--seed", seed, "--max-turns", "6",
                     "--out", str(games), env_home=home)
        assert result.returncode == 0, result.stderr
        assert "won" in result.stdout or "turn limit" in result.stdout
        assert "census:" in result.stdout
    records = [json.loads(line) for line in games.read_text().splitlines()]
    assert [r["players"] for r in records] == [["scripted", "cpu"], ["heuristic", "random"]]
    assert records[0]["usage"][0]["calls"] > 0 and records[0]["notes"][0]
    rated = run("arena", "rate", str(games), "--draws", "100", "--tune", "100", env_home=home)
    assert rated.returncode == 0, rated.stderr
    assert "Elo relative to the CPU" in rated.stdout
    board = run("arena", "leaderboard", str(tmp_path), env_home=home)
    assert board.returncode == 0 and "heuristic" in board.stdout
    assert (tmp_path / "leaderboard.png").exists() and (tmp_path / "leaderboard.html").exists()


def test_a_bad_deck_is_refused_by_name(home, tmp_path):
    deck = tmp_path / "bad.txt"
    deck.write_text("4 Kaito Shizuki\n56 Island\n")
    result = run("arena", "play", "--decks", str(deck), "burn", env_home=home)
    assert result.returncode == 1
    assert "Kaito Shizuki" in result.stderr and "cannot be played" in result.stderr


def test_rate_says_what_to_do_when_no_game_fits(home, tmp_path):
    games = tmp_path / "games.jsonl"
    games.write_text("not json\n")
    result = run("arena", "rate", str(games), env_home=home)
    assert result.returncode == 1 and "games.jsonl:1" in result.stderr
    assert run("arena", "leaderboard", str(tmp_path / "none"), env_home=home).returncode == 1


@pytest.mark.slow  # the league and simulate are tested as library calls by default (test_league, test_simulate)
def test_league_and_simulate_commands(home, tmp_path):
    out = tmp_path / "league"
    league = run("arena", "league", "--games", "2", "--workers", "2", "--max-turns", "8", "--draws", "100",
                 "--tune", "100", "--out", str(out), env_home=home)
    assert league.returncode == 0, league.stderr
    assert "games/hour" in league.stdout and "Elo relative to the CPU" in league.stdout
    assert len((out / "games.jsonl").read_text().splitlines()) >= 2
    assert (out / "leaderboard.html").read_text().count("<svg") == 1
    chart = tmp_path / "calibration.png"
    simulated = run("arena", "simulate", "--leagues", "1", "--league-players", "2", "--deals", "3", "--draws", "100",
                    "--tune", "100", "--plot", str(chart), env_home=home)
    assert simulated.returncode == 0, simulated.stderr
    assert "90% interval coverage" in simulated.stdout and "contain the true skill" in simulated.stdout
    assert "deal luck" in simulated.stdout and chart.stat().st_size > 0


def test_league_refuses_an_unpriced_model_and_says_how_to_price_it(tmp_path):
    refused = run("arena", "league", "--players", "openai/not-a-listed-model", "cpu", "--games", "2",
                  "--out", str(tmp_path / "league"))
    assert refused.returncode == 1 and "--price openai/not-a-listed-model=INPUT,OUTPUT" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert "games played so far" not in refused.stderr  # refused before any game: no file to point at
    bad = run("arena", "league", "--price", "openai/x=cheap", "--games", "2", "--out", str(tmp_path / "league"))
    assert bad.returncode == 2 and "INPUT,OUTPUT" in bad.stderr
