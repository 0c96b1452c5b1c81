"""A small league end to end (games in worker processes, refits, leaderboard files) and the census."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from grimoire.bench.arena.census import run_census, summarise
from grimoire.bench.arena.league import candidates, cost_per_game, deal_tasks, load_games, run_league, write_leaderboard
from grimoire.bench.arena.play import GameRecord
from grimoire.bench.arena.schedule import Candidate
from grimoire.llm.cost import Price

FAST_FIT = {"draws": 150, "tune": 150, "chains": 2}
PRICE = Price(3.0, 15.0, 0.3, 3.75, source="passed by the user")  # a priced scripted model: its games cost money


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
                        max_turns=6, executor=ThreadPoolExecutor(max_workers=2))
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
    report, records = run_census("random", workers=2, max_turns=3)  # (every matchup plays; no long game needed)
    assert report.games == len(records) == 3 * 2 + 4
    assert {tuple(r.decks) for r in records} == {("delver", "burn"), ("dredge", "burn"), ("jeskai", "burn"),
                                                  ("delver", "jeskai")}
    assert report.silent_fallbacks == 0 and not report.errors
    text = report.text()
    assert "silent fallbacks" in text and "rejected_action" in text
    assert summarise(records).decisions == report.decisions


def _record(players, decks, seed, kind="cpu"):
    return GameRecord(game_id=f"{seed}-{players}", harness_version="v", deal=f"{seed}:{decks[0]}:{decks[1]}",
                      seed=seed, first=0, players=list(players), kinds=["llm", "cpu"], decks=list(decks), winner=0,
                      end="win", turns=5, decisions=9, actions=[], census={}, usage=[{}, {}], cost_usd=0.0,
                      seconds=1.0, kind=kind)


def test_two_models_first_deals_use_the_same_shuffles_from_the_deal_book():
    from grimoire.bench.arena.league import next_deal_seed

    for deck in ("delver", "dredge", "jeskai"):
        a, b = (Candidate((model, "cpu"), (deck, "burn"), "cpu") for model in ("model-a", "model-b"))
        assert next_deal_seed(a, []) == next_deal_seed(b, [])
    first = next_deal_seed(Candidate(("model-a", "cpu"), ("delver", "burn"), "cpu"), [])
    played = [_record(("model-a", "cpu"), ("delver", "burn"), first)]
    # model-a moves on to the book's second deal; model-b, with none played, still gets the first
    second = next_deal_seed(Candidate(("model-a", "cpu"), ("delver", "burn"), "cpu"), played)
    assert second != first
    assert next_deal_seed(Candidate(("model-b", "cpu"), ("delver", "burn"), "cpu"), played) == first
    battle = Candidate(("model-a", "model-b"), ("delver", "jeskai"), "battle")
    assert next_deal_seed(battle, []) == next_deal_seed(Candidate(("x", "y"), ("delver", "jeskai"), "battle"), [])


def test_identical_first_deals_play_identical_opening_hands(arena_cards, arena_decks):
    from grimoire.bench.arena.game import Deal, Game
    from grimoire.bench.arena.league import next_deal_seed

    seeds = [next_deal_seed(Candidate((m, "cpu"), ("delver", "burn"), "cpu"), []) for m in ("model-a", "model-b")]
    names = (list(arena_decks["delver"].names), list(arena_decks["burn"].names))
    hands = [[o["name"] for o in Game(arena_cards, Deal(names, seed=s)).view(0)["you"]["hand"]] for s in seeds]
    assert hands[0] == hands[1] and len(hands[0]) == 7


def test_two_random_bots_of_different_names_play_differently(arena_cards, arena_decks):
    from grimoire.bench.arena.play import play_game
    from grimoire.bench.arena.players import RandomBot

    decks = (arena_decks["delver"], arena_decks["jeskai"])
    one = play_game(arena_cards, decks, (RandomBot("random"), RandomBot("random#2")), seed=3, first=0, max_turns=4)
    swapped = play_game(arena_cards, decks, (RandomBot("random#2"), RandomBot("random")), seed=3, first=0,
                        max_turns=4)
    assert one.actions != swapped.actions


def test_a_priced_model_s_games_are_scheduled_before_free_bot_games(tmp_path):
    from grimoire.bench.arena.league import is_paid

    started = []

    class Recording(ThreadPoolExecutor):
        def submit(self, fn, task, *args, **kwargs):
            started.append(task)
            return super().submit(fn, task, *args, **kwargs)

    report = run_league(["scripted", "random", "heuristic", "cpu"], tmp_path, games=4, workers=2,
                        fit_options=FAST_FIT, max_turns=3, executor=Recording(max_workers=2),
                        prices={"scripted": PRICE})
    # five pairings have the priced model (three decks against the CPU, two battles); the seven free ones wait
    assert len(started) == 4
    assert all("scripted" in task.players for task in started)
    kept, _ = load_games(tmp_path / "games.jsonl")
    assert report.cost_usd == pytest.approx(sum(game.cost_usd for game in kept)) and report.cost_usd > 0
    assert is_paid(Candidate(("scripted", "cpu"), ("delver", "burn"), "cpu"))
    assert not is_paid(Candidate(("random", "cpu"), ("delver", "burn"), "cpu"))


def test_a_model_the_price_table_lacks_is_refused_unless_a_price_is_given(tmp_path):
    from grimoire.bench.arena.league import player_prices
    from grimoire.llm.cost import Price

    with pytest.raises(ValueError, match=r"no price for openai/not-a-listed-model.*--price openai/not-a-listed-model="):
        run_league(["openai/not-a-listed-model", "cpu"], tmp_path, games=2)
    assert not (tmp_path / "games.jsonl").exists()  # refused before any game
    price = Price(2.0, 8.0, 0.5, 2.0, source="passed by the user")
    assert player_prices(["openai/not-a-listed-model#2", "random", "cpu"], {"openai/not-a-listed-model": price}) == {
        "openai/not-a-listed-model#2": price}
    assert player_prices(["anthropic/claude-sonnet-4-5", "scripted", "heuristic"]) == {}  # listed, free, a bot


def test_a_passed_price_travels_with_the_games_that_need_it():
    from grimoire.llm.cost import Price

    price = Price(2.0, 8.0, 2.0, 2.0)
    tasks = deal_tasks(Candidate(("my/model", "cpu"), ("delver", "burn"), "cpu"), 7, "v", prices={"my/model": price})
    assert [dict(task.prices) for task in tasks] == [{"my/model": price}] * 2
    bots = deal_tasks(Candidate(("random", "cpu"), ("delver", "burn"), "cpu"), 7, "v", prices={"my/model": price})
    assert all(task.prices == () for task in bots)


def test_the_scheduler_sees_a_refit_between_two_games_of_one_deal(tmp_path, monkeypatch):
    from grimoire.bench.arena import league

    seen, started = [], []
    only = Candidate(("heuristic", "cpu"), ("delver", "burn"), "cpu")
    monkeypatch.setattr(league, "candidates", lambda players: [only])

    def ranking(ratings, options, costs):
        seen.append(0 if ratings is None else ratings.games)
        return options

    class Recording(ThreadPoolExecutor):
        def submit(self, fn, task, *args, **kwargs):
            started.append((task.seed, task.first, seen[-1]))
            return super().submit(fn, task, *args, **kwargs)

    monkeypatch.setattr(league, "rank_deals", ranking)
    run_league(["heuristic", "cpu"], tmp_path, games=3, workers=1, fit_options=FAST_FIT, max_turns=3,
               executor=Recording(max_workers=1))
    (seed, first_a, fitted_a), (seed_b, first_b, fitted_b), (seed_c, _, fitted_c) = started
    assert seed == seed_b and {first_a, first_b} == {0, 1}  # the two games of one CPU deal...
    assert (fitted_a, fitted_b, fitted_c) == (0, 1, 2)  # ...with a refit on the first before the second is chosen
    assert seed_c != seed  # the deal done, the pairing moves on to the book's next deal


def test_max_cost_counts_the_spend_and_starts_no_game_past_it(tmp_path):
    report = run_league(["scripted", "cpu"], tmp_path, games=6, workers=2, fit_options=FAST_FIT, max_turns=3,
                        executor=ThreadPoolExecutor(max_workers=2), prices={"scripted": PRICE}, max_cost=1e-6)
    # the first game's cost is unknown until it ends (a game in flight counts at the placeholder), then it is over
    assert report.games == 1 and report.cost_usd > 1e-6


def test_a_model_game_whose_spend_is_unknown_stops_the_league(tmp_path, monkeypatch):
    from grimoire.bench.arena import league

    monkeypatch.setattr(league, "run_task", _unpriced_game(league.run_task))
    with pytest.raises(league.UnknownSpendError, match="spend of scripted and cpu is unknown.*--max-cost"):
        run_league(["scripted", "cpu"], tmp_path, games=2, workers=1, fit_options=FAST_FIT, max_turns=2,
                   executor=ThreadPoolExecutor(max_workers=1), prices={"scripted": PRICE}, max_cost=5.0)
    kept, _ = load_games(tmp_path / "games.jsonl")
    assert len(kept) == 1  # the game is kept; no further game was started


def _unpriced_game(run_task):
    """Games as a worker would return them had a model call gone unpriced."""

    def play(task):
        return {**run_task(task), "cost_usd": None}

    return play


def test_a_pairing_with_a_game_in_flight_gives_way_to_the_next_best():
    from grimoire.bench.arena.league import _pick

    delver, jeskai = (Candidate(("m", "cpu"), (deck, "burn"), "cpu") for deck in ("delver", "jeskai"))
    battle = Candidate(("m", "n"), ("delver", "jeskai"), "battle")
    assert _pick([delver, jeskai], []) == delver
    assert _pick([delver, jeskai], deal_tasks(delver, 1, "v")[:1]) == jeskai
    assert _pick([battle, jeskai], deal_tasks(battle, 1, "v")[2:3]) == jeskai  # the seating swapped is the same pair
    assert _pick([delver], deal_tasks(delver, 1, "v")[:1]) == delver  # every pairing busy: the best again
