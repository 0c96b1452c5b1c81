"""The replay of stored games: each step rebuilt as the deciding seat saw it, with the model's calls and cost."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from grimoire.bench.arena.decks import load_deck
from grimoire.bench.arena.league import append_game
from grimoire.bench.arena.play import GameRecord
from grimoire.bench.arena.replay import (
    GameNotFound,
    Replay,
    ReplayError,
    ReplayLibrary,
    StepNotFound,
    valid_game_id,
)
from tests.arena_games import play_bot_game, play_stored_game


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameRecord, list[str]]:
    """A league folder holding the scripted-LLM battle and a short bot game."""
    folder = tmp_path_factory.mktemp("league")
    record, sent = play_stored_game(folder)
    play_bot_game(folder)
    return folder, record, sent


@pytest.fixture(scope="module")
def library(league, arena_db) -> ReplayLibrary:
    return ReplayLibrary(league[0], arena_db)


@pytest.fixture(scope="module")
def replay(library, league) -> Replay:
    return library.replay(league[1].game_id)


def _asked(record: GameRecord, seat: int = 0) -> list[dict]:
    return [entry for entry in record.trace[seat] if not entry.get("note")]


def test_each_step_shows_the_prompt_the_model_was_sent(league, replay):
    _, record, sent = league
    asked = _asked(record)
    assert len(asked) == len(sent) > 5
    first_asks = {}
    for entry, prompt in zip(asked, sent, strict=True):
        first_asks.setdefault(entry["step"], prompt)  # a re-ask after a refusal shows the refusal too
    for step, prompt in first_asks.items():
        assert replay.step(step).prompt == prompt


def test_a_first_ask_with_options_withheld_shows_them_as_the_model_read_them(league, library, replay):
    record = copy.deepcopy(league[1])
    entry = next(e for e in _asked(record) if not e["refused"] and len(replay.step(e["step"]).options) >= 2)
    entry["refused"] = [[2, "chosen 12 times at this same decision this turn; the game was looping"]]
    step = library.open(record).step(entry["step"])
    assert f"The engine refused option 2 ({step.options[1]}): chosen 12 times" in step.prompt


def test_a_step_has_the_options_the_choice_and_the_model_calls(league, replay):
    record = league[1]
    entry = next(e for e in _asked(record) if e["calls"])
    step = replay.step(entry["step"])
    assert step.player == "scripted" and step.seat == 0
    assert step.chosen == entry["choice"]
    assert step.options[step.chosen - 1] == step.chosen_label
    model = step.model[0]
    assert [call["function"] for call in model["calls"]] == [call["function"] for call in entry["calls"]]
    assert all(call["result"] for call in model["calls"])  # each call's answer, as the model read it
    assert model["input_tokens"] > 0 and model["output_tokens"] > 0 and model["cost_usd"] > 0
    assert "Answer:" in model["reply"]


def test_decisions_cost_what_the_game_cost(league):
    record = league[1]
    traced = sum(entry["cost_usd"] for entry in record.trace[0])
    assert traced == pytest.approx(record.usage[0]["cost_usd"])
    assert sum(entry["input_tokens"] for entry in record.trace[0]) == record.usage[0]["input_tokens"]
    assert any(entry.get("note") for entry in record.trace[0])  # the end-of-turn note is a traced call too


def test_a_seat_never_sees_the_other_seats_hand(league, replay, library, arena_db):
    record = league[1]
    jeskai = set(load_deck("jeskai", arena_db).names)
    omniscient = library.open(record)
    checked = 0
    for number in [n for n, (seat, _) in enumerate(record.actions) if seat == 1][:10]:
        step = replay.step(number)
        assert step.player == "heuristic" and step.model == []
        live = omniscient.game_at(number)
        own = {card["name"] for card in live.view(1)["you"]["hand"]}
        hidden = {card["name"] for card in live.view(0)["you"]["hand"]} - jeskai
        shown = json.dumps(step.to_dict())
        assert all(name in shown for name in own)
        assert not [name for name in hidden if name in shown]
        checked += bool(hidden)
    assert checked  # the Delver seat held cards the Jeskai deck has not

def test_steps_read_the_same_forwards_and_after_a_jump_back(league, library, arena_db):
    record = league[1]
    forwards = library.replay(record.game_id)
    jumping = library.open(record)
    late, early = min(forwards.steps - 1, 60), 12
    expected = {n: forwards.step(n).to_dict() for n in range(late + 1)}
    assert jumping.step(late).to_dict() == expected[late]
    assert jumping.step(early).to_dict() == expected[early]  # the engine restarted from the deal


def test_the_outline_gives_turns_and_steps_without_rebuilding_them(replay, league):
    record = league[1]
    outline = replay.outline()
    assert outline["steps"] == len(record.actions) == len(outline["step_list"])
    assert [t["turn"] for t in outline["turn_starts"]] == sorted({s["turn"] for s in outline["step_list"]})
    assert outline["turn_starts"][0] == {"turn": 1, "step": 0, "seat": record.first}
    assert {t["seat"] for t in outline["turn_starts"]} == {0, 1}
    assert outline["same_version"] and outline["problem"] is None
    assert outline["notes"][0] and outline["notes"][0][0].startswith("turn 1: ")
    assert outline["note_costs"][0][1]["output_tokens"] > 0 and outline["note_costs"][1] == {}


def test_steps_applied_without_asking_are_marked(league, replay):
    record = league[1]
    outline = replay.outline()
    unasked = [n for n, step in enumerate(outline["step_list"]) if step["asked"] is False]
    assert unasked == record.auto_passes and unasked
    assert all(replay.step(n).auto_pass for n in unasked[:15])
    asked_by_model = {entry["step"] for entry in _asked(record)}
    assert asked_by_model.isdisjoint(unasked)
    assert not any(replay.step(n).auto_pass for n in sorted(asked_by_model)[:15])


def test_a_record_the_engine_departs_from_stops_with_the_step_and_why(league, library):
    record = copy.deepcopy(league[1])
    broken = next(n for n, (_, action) in enumerate(record.actions) if action.get("type") == "PlayLand")
    record.actions[broken][1]["data"]["object_id"] = 999_999
    replay = library.open(record)
    assert replay.steps == broken
    assert f"departs from the record at step {broken}" in replay.problem
    with pytest.raises(StepNotFound, match=f"step {broken} is not in this game.*departs"):
        replay.step(broken)


def test_a_malformed_record_is_refused_or_cut_where_it_breaks(league, library):
    record = copy.deepcopy(league[1])
    record.actions[5] = [0, "not an action"]
    assert library.open(record).steps == 5
    record.seed = "twelve"
    with pytest.raises(ReplayError, match="this game record cannot be replayed"):
        library.open(record)


def test_steps_outside_the_game_are_refused(replay):
    for number in (-1, replay.steps):
        with pytest.raises(StepNotFound, match=f"step {number} is not in this game: it has steps 0 to"):
            replay.step(number)


def test_the_game_list_filters_by_player(library, league):
    assert [g["game_id"] for g in library.games("scripted")] == [league[1].game_id]
    assert len(library.games("heuristic")) == 2
    assert library.games("nobody") == []
    assert {"players", "decks", "winner", "end", "turns", "steps", "cost_usd"} <= set(library.games()[0])


@pytest.mark.parametrize("game_id", ["../games", "/etc/passwd", "a/../../b", "", "x" * 400, "a\x00b", "..",
                                     ".hidden", "a b"])
def test_ids_that_are_not_arena_ids_are_refused(library, game_id):
    assert not valid_game_id(game_id)
    with pytest.raises(GameNotFound, match="is not an arena game id") as error:
        library.record(game_id)
    assert str(library.arena_dir) not in str(error.value)


def test_arena_ids_are_accepted(library):
    for game_id in ("123-delver-jeskai-anthropic/claude-sonnet-4-5-random#2-f0", "7-dredge-burn-openai/gpt-4o-cpu-f1"):
        assert valid_game_id(game_id)
    with pytest.raises(GameNotFound, match="no stored game has the id"):
        library.record("123-delver-jeskai-random-cpu-f0")


def test_a_missing_or_damaged_game_log_says_so_without_the_servers_path(tmp_path, arena_db, league):
    empty = ReplayLibrary(tmp_path / "nothing-here", arena_db)
    with pytest.raises(GameNotFound, match="no arena games yet") as missing:
        empty.games()
    assert str(tmp_path) not in str(missing.value)
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    good = (league[0] / "games.jsonl").read_text(encoding="utf-8").splitlines()[0]
    (damaged / "games.jsonl").write_text(good + "\n{\"game_id\": \"half a li\n", encoding="utf-8")
    with pytest.raises(ReplayError, match="games.jsonl:2: not a game record") as broken:
        ReplayLibrary(damaged, arena_db).games()
    assert str(tmp_path) not in str(broken.value)
    # a line that is JSON but no record names what it lacks, not Python's constructor
    (damaged / "games.jsonl").write_text(good + '\n{"game_id": "x"}\n[1, 2]\n', encoding="utf-8")
    with pytest.raises(ReplayError, match=r"games.jsonl:2: not a game record \(missing [a-z_]+, ") as lacking:
        ReplayLibrary(damaged, arena_db).games()
    assert "__init__" not in str(lacking.value) and "positional" not in str(lacking.value)


@pytest.mark.parametrize(("change", "said"), [
    ({"actions": 5}, "actions should be a list of [seat, action object] pairs, not int"),
    ({"players": None}, "players should be a list of two texts, not null"),
    ({"first": 7}, "first should be the first seat, 0 or 1, not int"),  # (a Rust panic in the engine)
    ({"trace": "x"}, "trace should be a list of lists of objects per seat, not str"),
    ({"auto_passes": 5}, "auto_passes should be a list of step numbers or null, not int"),
])
def test_a_record_whose_fields_hold_the_wrong_kind_is_a_damaged_line(tmp_path, league, arena_db, change, said):
    """A load test's hand-edited games.jsonl: each of these had been an HTTP 500 in the replay viewer (TypeError,
    AttributeError, a PanicException from the engine), where a damaged line is a 409 naming it."""
    append_game(tmp_path / "games.jsonl", league[1].to_dict() | change)
    with pytest.raises(ReplayError, match=re.escape(f"games.jsonl:1: not a game record ({said}")):
        ReplayLibrary(tmp_path, arena_db).games()


def test_a_game_departing_at_its_first_step_says_no_step_replays(tmp_path, league, arena_db):
    """It had said "it has steps 0 to -1"."""
    append_game(tmp_path / "games.jsonl", league[1].to_dict() | {"actions": [[0, {"type": "noSuchAction"}]]})
    replay = ReplayLibrary(tmp_path, arena_db).replay(league[1].game_id)
    with pytest.raises(StepNotFound, match="no step of it replays; the engine departs from the record at step 0"):
        replay.step(0)


def test_a_game_on_a_deck_that_is_not_shipped_is_not_replayed(tmp_path, league, arena_db):
    record = league[1].to_dict() | {"decks": ["../../somewhere/deck", "jeskai"], "game_id": "1-x"}
    append_game(tmp_path / "games.jsonl", record)
    with pytest.raises(ReplayError, match="is not one of the arena's decks"):
        ReplayLibrary(tmp_path, arena_db).replay("1-x")
