"""The LLM player's prompts: replies read as option numbers, the game log by turn with life totals, the board and
the options, and no hidden information (the opponent's hand, any library order)."""

from __future__ import annotations

import re

import pytest

from grimoire.bench.arena.decks import card_data_for
from grimoire.bench.arena.game import Deal, Game
from grimoire.bench.arena.players import HeuristicBot
from grimoire.bench.arena.prompt import (
    NOTE_REQUEST,
    TurnEntry,
    decision_prompt,
    note_prompt,
    parse_choice,
    render_log,
    second_person,
    system_prompt,
    turn_log,
)

SEED = 11


def new_game(decks, seed: int = SEED, first: int = 0) -> Game:
    return Game(card_data_for(list(decks)), Deal((list(decks[0].names), list(decks[1].names)), seed=seed,
                                                  first=first))


def play_until(game: Game, turn: int, max_decisions: int = 2000) -> None:
    """Advance with two heuristic bots until ``turn`` begins and a player other than an auto-pass must decide."""
    bots = [HeuristicBot("a"), HeuristicBot("b")]
    for seat, bot in enumerate(bots):
        bot.start(game, seat, None, None, None)
    for _ in range(max_decisions):
        decision = game.decision()
        if decision is None or (game.turn >= turn and len(decision.options) > 1):
            return
        game.choose(decision, decision.option(bots[decision.seat].decide(game, decision, {}).number))
    raise AssertionError(f"the game did not reach turn {turn}")


@pytest.fixture(scope="module")
def mid_game(decks):
    game = new_game(decks)
    play_until(game, 6)
    return game


@pytest.mark.parametrize(("text", "n", "expected"), [
    ("3", 5, 3),
    ("Option 3", 5, 3),
    ("Answer: 3", 5, 3),
    ("**3**", 5, 3),
    ("I choose 3.", 5, 3),
    ("**Answer:** 2", 5, 2),
    ("Bolt deals 3 damage, so I pick option 2", 5, 2),
    ("Options 1 and 4 look fine. Answer: 4", 5, 4),
    ("answer is option 5", 5, 5),
    ("Cast it for {2}{U}: it makes a 2/2.\nAnswer: 1", 3, 1),
    ("Answer: 7", 5, None),  # an explicit answer out of range is not replaced by another number
    ("7", 5, None),
    ("0", 5, None),
    ("", 5, None),
    ("I am not sure what to do.", 5, None),
    ("Reasoning first.\n**2**", 5, 2),
    ("I would rather not pass here, I keep mana up for 2 turns.", 5, None),  # a number in passing is no answer
    ("Bolt the Delver for 3, then attack with 2", 5, None),
])
def test_parse_choice(text, n, expected):
    assert parse_choice(text, n) == expected


def test_the_decision_prompt_shows_the_log_by_turn_with_life_totals_and_the_numbered_options(mid_game):
    seat = mid_game.decision().seat
    decision = mid_game.decision()
    log = turn_log(mid_game, seat)
    prompt = decision_prompt(mid_game.view(seat), log, {1: "Keep counters up."}, decision, {})
    assert [entry.turn for entry in log] == list(range(1, mid_game.turn + 1))
    for turn, (life0, life1) in mid_game.life_at_turn_start.items():
        mine, theirs = (life0, life1) if seat == 0 else (life1, life0)
        assert re.search(rf"^Turn {turn} \((your|opponent's) turn\) — you {mine}, opponent {theirs}$", prompt, re.M)
    first_turn = "your turn" if seat == 0 else "opponent's turn"  # seat 0 went first
    assert f"Turn 1 ({first_turn})" in prompt
    assert "Your note: Keep counters up." in prompt
    for option in decision.options:
        assert f"\n{option.number}. {option.label}\n" in prompt
    assert decision.prompt in prompt and f"({decision.category})" in prompt
    assert "\nUpkeep\n" not in prompt and "Draw step" not in prompt  # step names are noise
    assert f"{mid_game.life(seat)} life" in prompt
    assert "refused" not in prompt


def test_a_refused_option_is_reported_with_its_label_and_reason(mid_game):
    decision = mid_game.decision()
    seat = decision.seat
    prompt = decision_prompt(mid_game.view(seat), turn_log(mid_game, seat), {}, decision, {1: "not enough mana"})
    assert f"The engine refused option 1 ({decision.options[0].label}): not enough mana" in prompt
    assert "Choose a different option." in prompt


def hidden_from(game, seat: int, deck) -> set[str]:
    """The names in the opponent's hand that nothing ``seat`` may see shows (board, zones, log, own decklist)."""
    view = game.view(seat)
    public = {card["name"] for zone in (view["battlefield"], view["exile"], view["you"]["hand"],
                                        view["you"]["graveyard"], view["opponent"]["graveyard"]) for card in zone}
    public |= set(deck.names)
    logged = "\n".join(text for _, text in game.log_for(seat))
    hand = {o["name"] for o in game._game.hand(1 - seat)}
    return {name for name in hand - public if name not in logged}


def test_the_opponents_hand_and_library_order_never_appear(decks, mid_game):
    seat = mid_game.decision().seat
    view = mid_game.view(seat)
    log = turn_log(mid_game, seat)
    prompt = decision_prompt(view, log, {}, mid_game.decision(), {})
    system = system_prompt(decks[seat], decks[1 - seat].title)
    hidden = hidden_from(mid_game, seat, decks[seat])
    assert hidden, "the test needs an opponent's card that nothing shows"
    for name in hidden:
        assert name not in prompt and name not in system
    other = 1 - seat  # the waiting side's note request, with its board details, hides this seat's hand alike
    other_hidden = hidden_from(mid_game, other, decks[other])
    assert other_hidden, "the test needs a card of this seat's hand that nothing shows the other"
    note = note_prompt(mid_game.view(other), turn_log(mid_game, other), {}, mid_game.turn)
    for name in other_hidden:
        assert name not in note
    assert "You look at" not in prompt + note  # nothing of a library is named outside the effect that looks
    for side in (seat, 1 - seat):
        library = [mid_game.name_of(i) for i in mid_game._game.player(side)["library"]]
        assert ", ".join(library[:3]) not in prompt
    assert set(re.findall(r"(\d+) in library", prompt)) <= {str(view["you"]["library_count"]),
                                                            str(view["opponent"]["library_count"])}


def test_the_system_prompt_has_the_rules_the_tools_and_the_decklist_not_the_opponents(decks):
    jeskai, burn = decks
    text = system_prompt(jeskai, burn.title)
    assert "you play Jeskai Control; your opponent plays Red Burn." in text
    assert "4 Swords to Plowshares {W} — Instant: Exile target creature." in text
    assert "up to 3 tools per decision" in text
    assert all(tool in text for tool in ("cardDetails", "searchRules", "viewGraveyard", "viewExile", "searchDeck",
                                         "searchOptions", "saveNote", "readNotes"))
    assert "Goblin Guide" not in text and "CPU" not in text
    assert 'Answer: N' in text


def test_old_turns_keep_only_their_header_and_note_and_long_turns_are_cut():
    log = [TurnEntry(turn, "you" if turn % 2 else "opponent", (20, 20), (f"line of turn {turn}",))
           for turn in range(1, 21)]
    log[-1] = TurnEntry(20, "opponent", (3, 4), tuple(f"combo step {i}" for i in range(100)))
    text = render_log(log, {3: "Race them."}, full_turns=12)
    assert "Turn 3 (your turn) — you 20, opponent 20" in text and "Your note: Race them." in text
    assert "line of turn 3" not in text and "line of turn 9" in text
    assert "Turn 20 (opponent's turn) — you 3, opponent 4" in text
    assert "combo step 99" in text and "combo step 0\n" not in text and "40 earlier lines" in text


def test_log_lines_read_in_the_second_person():
    assert second_person("You casts Lightning Bolt") == "You cast Lightning Bolt"
    assert second_person("Game over — You wins!") == "Game over — you win!"
    assert second_person("Eidolon deals 2 damage to Opponent") == "Eidolon deals 2 damage to your opponent"
    assert second_person("You is targeted by Chain Lightning") == "You are targeted by Chain Lightning"
    assert second_person("You searches your library") == "You search your library"


def test_the_note_prompt_asks_for_this_turns_note(mid_game):
    seat = mid_game.decision().seat
    text = note_prompt(mid_game.view(seat), turn_log(mid_game, seat), {}, 5)
    assert f"{NOTE_REQUEST} 5:" in text and "GAME LOG" in text
    assert NOTE_REQUEST not in decision_prompt(mid_game.view(seat), turn_log(mid_game, seat), {},
                                               mid_game.decision(), {})
