"""The LLM player's tools: each answers from what its seat may see, and a bad call comes back as an error text
(counted as a tool error in the census), never an exception."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from grimoire.bench.arena.decks import load_deck
from grimoire.bench.arena.llm_player import LLMPlayer
from grimoire.bench.arena.players import Census, HeuristicBot
from grimoire.bench.arena.tools import TOOL_INFOS, TOOLS, ToolContext, library_contents, run_tool
from tests.bench.arena.test_prompt import new_game, play_until


@pytest.fixture(scope="module")
def game(decks):
    game = new_game(decks)
    play_until(game, 8)
    return game


@pytest.fixture
def context(game, decks, db, rulebook):
    decision = game.decision()
    return ToolContext(game, decision.seat, decision, decks[decision.seat], db, rulebook, [])


def call(context, tool, /, **arguments):
    result = run_tool(context, tool, arguments)
    assert not result.error, result.text
    return result.text


def test_every_tool_is_described_to_the_model():
    assert [info.name for info in TOOL_INFOS] == ["cardDetails", "searchRules", "viewGraveyard", "viewExile",
                                                  "searchDeck", "searchOptions", "saveNote", "readNotes"]
    assert TOOLS["viewGraveyard"].info.parameters.properties["player"].enum == ["you", "opponent"]
    assert TOOLS["searchDeck"].info.parameters.required == []


def test_card_details_gives_card_text_and_where_visible_copies_are(context):
    assert "Lightning Bolt deals 3 damage to any target." in call(context, "cardDetails", name="Lightning Bolt")
    assert "Lightning Bolt" in call(context, "cardDetails", name="lightning bolt")
    view = context.game.view(context.seat)
    on_board = view["battlefield"][0]["name"]
    assert "In this game:" in call(context, "cardDetails", name=on_board)


def test_search_rules_finds_rules_by_words_and_number(context):
    assert "702.7" in call(context, "searchRules", query="first strike")
    assert call(context, "searchRules", query="117.1").startswith("117.1")


def test_view_graveyard_lists_either_side_in_order(context):
    view = context.game.view(context.seat)
    for player, side in (("you", "you"), ("opponent", "opponent")):
        text = call(context, "viewGraveyard", player=player)
        names = [card["name"] for card in view[side]["graveyard"]]
        if names:
            assert all(name in text for name in names) and f"({len(names)} cards" in text
        else:
            assert "is empty" in text


def test_view_exile_lists_each_owner(context):
    text = call(context, "viewExile")
    assert text.startswith("Exile:") and "Yours (" in text and "Your opponent's (" in text


def test_search_deck_shows_only_the_own_library_as_sorted_counts(context, decks):
    game, seat = context.game, context.seat
    truth = Counter(game.name_of(i) for i in game._game.player(seat)["library"])
    text = call(context, "searchDeck")
    lines = text.splitlines()[1:]
    assert lines == sorted(lines, key=lambda line: line.split(" ", 1)[1])
    assert {line.split(" ", 1)[1]: int(line.split(" ", 1)[0]) for line in lines} == dict(truth)
    assert f"{sum(truth.values())} cards (order hidden)" in text
    opponent_only = set(decks[1 - seat].names) - set(decks[seat].names)
    assert opponent_only and not any(name in text for name in opponent_only)
    islands = call(context, "searchDeck", query="island")
    assert all("island" in line.lower() or "Tundra" in line or "Volcanic" in line or "Strand" in line
               or "Tarn" in line or "Verge" in line for line in islands.splitlines()[1:])
    assert "none with 'zzzz' in their name, type line or rules text" in call(context, "searchDeck", query="zzzz")


def test_the_library_counts_match_the_engine_through_a_whole_game(db):
    delver_burn = load_deck("delver", db), load_deck("burn", db)  # transforms, tokens, fetches, spells cast
    game = new_game(delver_burn, seed=1)
    bots = [HeuristicBot("a"), HeuristicBot("b")]
    checked = 0
    while not game.over and game.turn <= 8:
        decision = game.decision()
        if len(decision.options) > 1:
            for seat in (0, 1):
                truth = Counter(game.name_of(i) for i in game._game.player(seat)["library"])
                assert library_contents(game, seat, delver_burn[seat]) == truth
            checked += 1
        choice = bots[decision.seat].decide(game, decision, {})
        game.choose(decision, decision.option(choice.number))
    assert checked > 30


def test_search_options_keeps_option_numbers(context):
    decision = context.decision
    last = decision.options[-1]
    text = call(context, "searchOptions", query=last.label)
    assert f"{last.number}. {last.label}" in text
    assert "No option matches" in call(context, "searchOptions", query="zzzz qqqq")


def test_notes_persist_in_the_players_own_scratchpad(context):
    assert call(context, "readNotes") == "Your scratchpad is empty."
    assert "1 note" in call(context, "saveNote", text="Opponent holds burn; keep life above 6.")
    assert "keep life above 6" in call(context, "readNotes")
    assert context.notes == [f"turn {context.game.turn}: Opponent holds burn; keep life above 6."]


@pytest.mark.parametrize(("name", "arguments", "message"), [
    ("cardDetails", {"name": "Qwxzy Flumph of Nowhere"}, "no card named"),
    ("cardDetails", {"name": ""}, "name must be"),
    ("cardDetails", {}, "missing: name"),
    ("searchRules", {"query": "first strike", "limit": 3}, "unknown: limit"),
    ("viewGraveyard", {"player": "bob"}, 'player must be "you" or "opponent"'),
    ("viewGraveyard", {"player": 3}, "player must be"),
    ("saveNote", {"text": "x" * 600}, "at most 500 characters"),
    ("searchOptions", {"query": "   "}, "query must be"),
    ("peekLibrary", {}, "there is no tool 'peekLibrary'"),
])
def test_bad_calls_come_back_as_error_text(context, name, arguments, message):
    result = run_tool(context, name, arguments)
    assert result.error and result.text.startswith("Error:") and message in result.text


def test_arguments_that_are_not_an_object_are_an_error(context):
    assert run_tool(context, "searchRules", "first strike").error


def test_a_bad_tool_call_is_counted_as_a_tool_error_and_the_model_is_told(tmp_path, game, decks, db, rulebook):
    script = tmp_path / "bad_tool.jsonl"
    script.write_text("\n".join(json.dumps(turn) for turn in [
        {"tool": "viewGraveyard", "arguments": {"player": "bob"}},
        {"text": "Answer: 1"}]) + "\n")
    decision = game.decision()
    player = LLMPlayer(f"scripted/{script}", db=db, rulebook=rulebook)
    census = Census()
    player.start(game, decision.seat, decks[decision.seat], decks[1 - decision.seat], census)
    told = []
    generate = player._model.generate

    async def spy(messages, **kwargs):
        told.extend(m.text for m in messages if m.role == "tool")
        return await generate(messages, **kwargs)

    player._model.generate = spy
    try:
        assert player.decide(game, decision, {}).number == 1
    finally:
        player.close()
    assert census.total("tool_error", decision.seat) == 1
    assert census.examples[0]["kind"] == "tool_error" and "bob" in census.examples[0]["detail"]
    assert any(text.startswith("Error: player must be") for text in told)
    assert player.usage.tool_calls == 1
