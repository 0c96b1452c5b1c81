"""The 81st outside review's arena findings: a player against itself is not rated, the leaderboard has a draws
column, and bad play and simulate arguments are refused by name instead of ending in a traceback."""

from __future__ import annotations

import pytest

from grimoire.bench.arena.game import Deal
from grimoire.bench.arena.leaderboard import table, to_json
from grimoire.bench.arena.rating import GameResult, fit_laplace
from grimoire.cli import build_parser


def _game(number: int, players: tuple[str, str], winner: int | None) -> GameResult:
    return GameResult(f"g{number}", f"d{number}", players, ("delver", "burn"), number % 2, winner)


def test_a_player_against_itself_is_left_out_of_games_and_wins_with_a_note():
    # the reviewer's file: two heuristic-heuristic games, a loss to the CPU and a turn-limit draw
    results = [_game(1, ("heuristic", "heuristic"), 0), _game(2, ("heuristic", "heuristic"), 1),
               _game(3, ("heuristic", "cpu"), 1), _game(4, ("heuristic", "cpu"), None)]
    ratings = fit_laplace(results, samples=200)
    heuristic = ratings.player("heuristic")
    assert (heuristic.games, heuristic.wins, heuristic.draws) == (2, 0, 1)
    assert ratings.games == 2
    assert any("2 games of a player against itself left out (heuristic)" in note and "heuristic#2" in note
               for note in ratings.notes)


def test_the_leaderboard_counts_each_players_draws():
    results = [_game(1, ("heuristic", "cpu"), 1), _game(2, ("heuristic", "cpu"), None),
               _game(3, ("random", "cpu"), 1)]
    ratings = fit_laplace(results, samples=200)
    header, *rows = [line.split() for line in table(ratings).splitlines()[2:6]]
    assert header[-2:] == ["wins", "draws"]
    heuristic = next(row for row in rows if "heuristic" in row)
    assert heuristic[-3:] == ["2", "0", "1"]  # games, wins, draws: the draw is no longer a hidden loss
    assert {p["name"]: p["draws"] for p in to_json(ratings)["players"]}["heuristic"] == 1


@pytest.mark.parametrize("seed", [-5, 2**64])
def test_a_deal_seed_outside_the_engines_range_is_a_value_error(seed):
    with pytest.raises(ValueError, match=r"0 to 18,446,744,073,709,551,615"):
        Deal(([], []), seed=seed)


@pytest.mark.parametrize(("argv", "named"), [
    (["arena", "play", "--players", "random", "random", "--seed", "-5"], "--seed"),
    (["arena", "play", "--seed", "99999999999999999999999"], "--seed"),
    (["arena", "simulate", "--leagues", "0"], "--leagues"),
    (["arena", "simulate", "--leagues", "-1"], "--leagues"),
    (["arena", "play", "--max-turns", "-1"], "--max-turns"),
    (["arena", "play", "--max-turns", "0"], "--max-turns"),
    (["arena", "census", "--cpu-timeout", "0"], "--cpu-timeout"),
])
def test_bad_arena_arguments_are_refused_by_name(argv, named, capsys):
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(argv)
    assert exit_.value.code == 2
    assert f"argument {named}:" in capsys.readouterr().err


def test_simulate_refuses_no_league_as_a_library_call():
    from grimoire.bench.arena.simulate import simulate

    with pytest.raises(ValueError, match="league"):
        simulate(leagues=0)


def test_a_mulligan_prompt_is_stamped_before_the_first_turn(decks):
    from grimoire.bench.arena.decks import card_data_for
    from grimoire.bench.arena.game import Game
    from grimoire.bench.arena.prompt import decision_prompt, turn_log

    game = Game(card_data_for(list(decks)), Deal((list(decks[0].names), list(decks[1].names)), seed=3, first=1))
    decision = game.decision()
    assert decision.category == "mulligan"
    prompt = decision_prompt(game.view(decision.seat), turn_log(game, decision.seat), {}, decision, {})
    now = prompt.split("\nNOW\n")[1].splitlines()[0]
    # mulligans come before the first turn begins (CR 103.5); it had read "Turn 1 (...), untap step."
    first = "you take" if decision.seat == 1 else "your opponent takes"
    assert now == f"Before the first turn ({first} the first turn): mulligans."
