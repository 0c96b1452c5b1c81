"""The LLM player end to end with scripted models: a whole game through the real prompt and tool path, unusable
replies counted and fallen back from (never silently), refusals reported back, usage and cost counted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inspect_ai.model import ModelOutput

import grimoire.bench.arena.llm_player as llm_player
from grimoire.bench.arena.decks import card_data_for
from grimoire.bench.arena.llm_player import LLMPlayer, ModelCallError
from grimoire.bench.arena.play import play_game
from grimoire.bench.arena.players import Census, HeuristicBot
from grimoire.bench.arena.prompt import NOTE_REQUEST
from tests.bench.arena.test_prompt import new_game, play_until

SHIPPED_SCRIPT = Path(llm_player.__file__).parent / "scripts" / "scripted_player.jsonl"


@pytest.fixture(scope="module")
def game(decks):
    game = new_game(decks)
    play_until(game, 4)
    return game


def script(tmp_path: Path, turns: list) -> str:
    path = tmp_path / "script.jsonl"
    path.write_text("".join(json.dumps(turn) + "\n" for turn in turns))
    return f"scripted/{path}"


def recorded(player: LLMPlayer) -> list[list]:
    """Wrap the player's model so every request's messages are kept."""
    requests: list[list] = []
    generate = player._model.generate

    async def spy(messages, **kwargs):
        requests.append([*messages])
        return await generate(messages, **kwargs)

    player._model.generate = spy
    return requests


def started(model: str, game, decks, db, rulebook, census=None, **options) -> LLMPlayer:
    seat = game.decision().seat
    player = LLMPlayer(model, db=db, rulebook=rulebook, **options)
    player.start(game, seat, decks[seat], decks[1 - seat], census or Census())
    return player


def test_a_scripted_model_plays_a_whole_game_through_prompts_and_tools(decks, db, rulebook):
    player = LLMPlayer(f"scripted/{SHIPPED_SCRIPT}", name="scripted", db=db, rulebook=rulebook)
    record = play_game(card_data_for(list(decks)), decks, (player, HeuristicBot("bot")), seed=11, first=0,
                       max_turns=20)
    assert record.end.split(":")[0] in ("win", "turn limit")
    usage = record.usage[0]
    assert usage["calls"] > 20 and usage["tool_calls"] >= 3 * 10
    assert usage["input_tokens"] > usage["calls"] * 1000 and usage["output_tokens"] > 0
    assert usage["cost_usd"] == 0.0 and record.cost_usd == 0.0  # scripted models are free, not unknown
    assert record.notes[0] and record.notes[0][0].startswith("turn ")
    assert all(note.split(": ", 1)[1].startswith("keep making land drops") for note in record.notes[0])
    counts = record.census["counts"]
    assert not any(key.startswith(("fallback", "invalid_reply", "tool_error", "timeout", "engine_structure",
                                   "grammar_slip")) for key in counts), counts
    assert record.census["outcomes"].get("chosen/0", 0) > 0


def test_every_prompt_sent_is_checked_for_slips_and_engine_structures(tmp_path, game, decks, db, rulebook):
    census = Census()
    player = started(script(tmp_path, [{"text": "Answer: 1"}]), game, decks, db, rulebook, census=census)
    player._check("Stack: 1. Brainstorm (yours spell)\nTarmogoyf (P1P1 counter, Choice [type=Composite])", "priority")
    kinds = [example["kind"] for example in census.examples]
    assert kinds.count("grammar_slip") == 2 and "engine_structure" in kinds
    assert all(example["category"] == "priority" for example in census.examples)
    player.decide(game, game.decision(), {})
    assert census.total("grammar_slip") == 2  # a real prompt adds none
    player.close()


def test_each_decision_is_a_fresh_request_with_at_most_three_tools(tmp_path, game, decks, db, rulebook):
    model = script(tmp_path, [{"tool": "readNotes"}, {"tool": "searchOptions", "arguments": {"query": "pass"}},
                              {"tool": "viewExile"}, {"tool": "readNotes"}, "Answer: 1"])
    player = started(model, game, decks, db, rulebook)
    requests = recorded(player)
    decision = game.decision()
    assert player.decide(game, decision, {}).number == 1
    assert player.decide(game, decision, {}).number == 1
    player.close()
    first = [[m.role for m in request] for request in requests]
    assert first[0] == ["system", "user"] and len(first) == 2 * 5  # 3 tools, a 4th refused, the answer
    assert first[5] == ["system", "user"]  # the second decision starts afresh
    assert [m.role for m in requests[4]][-3:] == ["assistant", "tool", "user"]  # the 4th call refused, corrected
    assert "all your tool calls" in requests[4][-1].text
    assert player.usage.tool_calls == 6
    assert requests[0][0].text == player._system and "Your decklist (60 cards)" in player._system


def test_an_unusable_reply_is_corrected_once_then_falls_back_on_the_record(tmp_path, game, decks, db,
                                                                         rulebook):
    census = Census()
    player = started(script(tmp_path, ["I am not sure.", "Still thinking about it."]), game, decks, db, rulebook,
                     census)
    requests = recorded(player)
    decision = game.decision()
    choice = player.decide(game, decision, {})
    player.close()
    assert choice.number == 1 and "2 unusable replies" in choice.fallback_reason
    assert census.total("invalid_reply") == 2
    correction = requests[1][-1]
    assert correction.role == "user" and f"from 1 to {len(decision.options)}" in correction.text


def test_a_number_inside_the_reasoning_is_not_an_answer(tmp_path, game, decks, db, rulebook):
    """A reply with no answer line is corrected, then falls back on the record; its "2 turns" is never option 2."""
    census = Census()
    reasoning = "Opponent is at 20 life and has 3 cards; I would rather not pass here, I keep mana up for 2 turns."
    player = started(script(tmp_path, [reasoning, reasoning]), game, decks, db, rulebook, census)
    requests = recorded(player)
    decision = game.decision()
    choice = player.decide(game, decision, {})
    player.close()
    assert choice.fallback_reason and "2 unusable replies" in choice.fallback_reason
    assert census.total("invalid_reply") == 2
    assert "no answer line" in requests[1][-1].text


def test_a_game_of_unusable_replies_records_every_fallback(tmp_path, decks, db, rulebook):
    player = LLMPlayer(script(tmp_path, ["no idea"]), db=db, rulebook=rulebook)
    record = play_game(card_data_for(list(decks)), decks, (player, HeuristicBot("bot")), seed=11, first=0,
                       max_turns=2)
    counts = record.census["counts"]
    assert counts["fallback/0"] > 0 and counts["invalid_reply/0"] >= 2 * counts["fallback/0"]
    assert record.census["silent_fallbacks"] == 0


def test_a_refused_option_is_reported_in_the_next_prompt(tmp_path, game, decks, db, rulebook):
    census = Census()
    decision = game.decision()
    player = started(script(tmp_path, ["Answer: 1", "Answer: 2"]), game, decks, db, rulebook, census)
    requests = recorded(player)
    choice = player.decide(game, decision, {1: "not enough mana"})
    player.close()
    assert choice.number == 2 and choice.fallback_reason is None
    assert f"The engine refused option 1 ({decision.options[0].label}): not enough mana" in requests[0][1].text
    assert "Option 1 was refused by the engine (not enough mana)" in requests[1][-1].text
    assert census.total("invalid_reply") == 1


def test_the_note_request_gets_the_note_and_decisions_get_answers(tmp_path, game, decks, db, rulebook):
    model = script(tmp_path, [{"when": NOTE_REQUEST, "text": "Note: hold Counterspell for their burn."},
                              "Answer: 1"])
    player = started(model, game, decks, db, rulebook)
    player.end_turn(game, 3)
    assert player.decide(game, game.decision(), {}).number == 1
    player.close()
    assert player.notes == ["turn 3: hold Counterspell for their burn."]


def test_two_players_of_one_model_share_nothing(tmp_path, game, decks, db, rulebook):
    model = script(tmp_path, [{"tool": "saveNote", "arguments": {"text": "mine only"}}, "Answer: 1"])
    first = started(model, game, decks, db, rulebook)
    second = started(model, game, decks, db, rulebook)
    first.decide(game, game.decision(), {})
    assert first.scratchpad and not second.scratchpad
    assert first._model is not second._model
    first.close()
    second.close()


def test_usage_counts_cache_tokens_and_cost(tmp_path, game, decks, db, rulebook, monkeypatch):
    usage = {"input_tokens": 10, "output_tokens": 2, "input_tokens_cache_read": 100,
             "input_tokens_cache_write": 5, "total_tokens": 117}
    model = script(tmp_path, [{"text": "Answer: 1", "usage": usage}])
    monkeypatch.setattr(llm_player, "cost_of", lambda name, usage, price=None: 0.25)
    player = started(model, game, decks, db, rulebook)
    assert player.config.cache_prompt is True
    player.decide(game, game.decision(), {})
    player.decide(game, game.decision(), {})
    assert (player.usage.calls, player.usage.input_tokens, player.usage.output_tokens) == (2, 230, 4)
    assert (player.usage.cache_read_tokens, player.usage.cache_write_tokens) == (200, 10)
    assert player.usage.cost_usd == pytest.approx(0.5)
    monkeypatch.setattr(llm_player, "cost_of", lambda name, usage, price=None: None)
    player.decide(game, game.decision(), {})
    player.close()
    assert player.usage.cost_usd is None  # one unpriced call makes the total unknown


def test_a_price_the_user_passed_prices_the_calls(tmp_path, game, decks, db, rulebook):
    from grimoire.llm.cost import Price

    usage = {"input_tokens": 10, "output_tokens": 2, "input_tokens_cache_read": 100,
             "input_tokens_cache_write": 5, "total_tokens": 117}
    model = script(tmp_path, [{"text": "Answer: 1", "usage": usage}])
    player = started(model, game, decks, db, rulebook, price=Price(1.0, 4.0, 0.1, 1.25))
    player.decide(game, game.decision(), {})
    player.close()
    # 10 x $1 + 2 x $4 + 100 x $0.1 + 5 x $1.25 per million tokens (a scripted model alone would cost nothing)
    assert player.usage.cost_usd == pytest.approx((10 + 8 + 10 + 6.25) / 1e6)


def test_a_timeout_is_counted_and_falls_back(tmp_path, game, decks, db, rulebook):
    census = Census()
    player = started(script(tmp_path, ["Answer: 1"]), game, decks, db, rulebook, census)

    async def slow(messages, **kwargs) -> ModelOutput:
        raise TimeoutError

    player._model.generate = slow
    choice = player.decide(game, game.decision(), {})
    player.close()
    assert choice.fallback_reason and census.total("timeout") == 1


def test_a_provider_error_ends_the_game_without_leaking_a_key(tmp_path, game, decks, db, rulebook):
    player = started(script(tmp_path, ["Answer: 1"]), game, decks, db, rulebook)

    async def broken(messages, **kwargs) -> ModelOutput:
        raise RuntimeError("401 invalid x-api-key sk-ant-api03-abcdefghijklmnopqrstuvwxyz")

    player._model.generate = broken
    with pytest.raises(ModelCallError) as error:
        player.decide(game, game.decision(), {})
    player.close()
    assert "sk-ant-api03" not in str(error.value) and "[REDACTED]" in str(error.value)


def test_a_paid_call_without_usage_is_priced_by_a_conservative_estimate(tmp_path, game, decks, db, rulebook):
    from grimoire.llm.cost import ASSUMED_REPLY_TOKENS, Price

    price = Price(3.0, 15.0, 0.3, 3.75)
    player = started(script(tmp_path, ["Answer: 1"]), game, decks, db, rulebook, price=price)
    sent: list[str] = []

    async def no_usage(messages, **kwargs) -> ModelOutput:
        sent.append("".join(m.text for m in messages))
        return ModelOutput.from_content(model="my/model", content="Answer: 1")

    player._model.generate = no_usage
    player.decide(game, game.decision(), {})
    assert player.usage.estimated_calls == 1 and player.usage.cost_usd > 0
    # at 2 characters a token the prompt alone is billed at more than a 4-character tokenizer would count
    assert player.usage.input_tokens > len(sent[0]) / 4
    assert player.usage.cost_usd >= (len(sent[0]) / 4 * 3.0 + len("Answer: 1") / 4 * 15.0) / 1e6
    answered = player.usage.cost_usd

    async def slow(messages, **kwargs) -> ModelOutput:
        raise TimeoutError

    player._model.generate = slow
    player.decide(game, game.decision(), {})
    player.close()
    # a timed-out call may be billed too: its prompt plus a reply as long as the limit
    assert player.usage.estimated_calls == 2
    assert player.usage.cost_usd - answered >= ASSUMED_REPLY_TOKENS * 15.0 / 1e6
