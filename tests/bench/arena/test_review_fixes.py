"""A strong player's review, played out on the real engine: the heuristic bot aims and evokes Solitude only at the
opponent's creatures and makes the colour its spell needs; prompts say when a mana cost cannot be paid, what
Ichorid exiles, that Solitude is evoked, what cancelling a payment loses; one-card scry and surveil read plainly;
a long graveyard keeps its newest cards."""

from __future__ import annotations

import pytest

from grimoire.bench.arena.players import Census, HeuristicBot, _helps
from grimoire.bench.arena.prompt import MAX_ZONE_CHARS, zone_lines
from grimoire.bench.arena.wording import optional_effect_text

from .test_players import deck, play_out
from .test_prompt_board import duel, play

SOLITUDE_PROMPT = "Choose a target for Solitude (its triggered ability): When Solitude enters, exile up to one other " \
                  "target creature. That creature's controller gains life equal to its power."


def test_solitudes_exile_is_harm_though_its_target_gains_life():
    assert not _helps(SOLITUDE_PROMPT)
    assert not _helps("Exile another target creature. Its controller gains 2 life.")
    assert _helps("Target creature gets +2/+2 and you gain 2 life.")


def solitude_games(arena_cards, opponent, seeds=(1, 2, 3)):
    white = deck("white", {"Plains": 20, "Solitude": 20, "Goblin Guide": 20})
    return [play_out(arena_cards, (white, opponent), seed, turns=6)[0] for seed in seeds]


def test_the_bot_evokes_solitude_only_with_a_creature_of_the_opponents_to_exile(arena_cards):
    for me in solitude_games(arena_cards, deck("lands", {"Mountain": 60})):
        offered = [d for d, _, _, _ in me.seen if any(o.label.startswith("Cast Solitude by evoke") for o in d.options)]
        assert offered, "Solitude was never castable by evoke"
        assert not any(chosen.label.startswith("Cast Solitude by evoke") for _, _, chosen, _ in me.seen)
    for me in solitude_games(arena_cards, deck("goblins", {"Mountain": 24, "Goblin Guide": 36})):
        assert any(chosen.label.startswith("Cast Solitude by evoke") for _, _, chosen, _ in me.seen)
        for decision, _, chosen, _ in me.seen:
            if decision.kind == "TargetSelection" and "Solitude" in decision.prompt:
                assert "(your battlefield)" not in chosen.label, chosen.label


def test_the_evoke_cast_is_labelled_and_cancelling_a_payment_warns_of_what_is_lost(tmp_path, db):
    game = duel(tmp_path, db, "// White\n30 Plains\n30 Solitude\n", "// Goblins\n30 Mountain\n30 Goblin Guide\n")
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and any(
        o.label.startswith("Cast Solitude") for o in d.options), other_wants=["^Keep", "^Play land", "^Cast Goblin"])
    labels = [o.label for o in decision.options if o.label.startswith("Cast Solitude")]
    assert labels == ["Cast Solitude by evoke (exile 1 white card from your hand; it is sacrificed when it enters)"]


def lotus_game(tmp_path, db):
    game = duel(tmp_path, db, "// Petals\n30 Lotus Petal\n30 Lightning Bolt\n", "// Lands\n60 Island\n")
    return game, play(game, ["^Keep", "^Cast Lotus", "^Cast Lightning", "^Target: your opponent", "^Tap Lotus",
                             "^Activate Lotus Petal"], lambda g, d: d.seat == 0 and d.kind == "ChooseManaColor")


def test_the_bot_makes_the_colour_the_spell_being_paid_for_needs(tmp_path, db):
    game, decision = lotus_game(tmp_path, db)
    bot = HeuristicBot()
    bot.start(game, 0, None, None, Census())
    assert decision.option(bot.decide(game, decision, {}).number).label == "Make 1 red mana"


def test_cancelling_during_a_payment_warns_that_mana_made_is_lost(tmp_path, db):
    game, decision = lotus_game(tmp_path, db)
    game.choose(decision, next(o for o in decision.options if "red" in o.label))
    payment = game.decision()
    cancel = [o.label for o in payment.options if o.label.startswith("Cancel")]
    assert cancel and all("lost" in label for label in cancel), [o.label for o in payment.options]


def test_an_alternative_cost_says_when_the_mana_cost_cannot_be_paid(tmp_path, db):
    game = duel(tmp_path, db, "// Fireblast\n30 Mountain\n30 Fireblast\n", "// Lands\n60 Island\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Fireblast"],
                    lambda g, d: d.seat == 0 and d.kind == "OptionalCostChoice")
    assert decision.prompt.endswith("No: pay its mana cost, {4}{R}{R} (you cannot pay its mana cost)."), decision.prompt


def test_ichorids_yes_names_the_other_card_it_exiles(arena_cards):
    upkeep = next(t for t in arena_cards.faces["ichorid"]["triggers"] if t.get("phase") == "Upkeep")
    assert optional_effect_text(upkeep["execute"]["effect"]) == \
        "exile another black creature card from your graveyard"
    assert optional_effect_text({"type": "ChangeZone", "destination": "Exile", "target": {"type": "SelfRef"}}) == \
        "exile it"


@pytest.mark.parametrize(("card", "verb", "rest"), [("Opt", "Scry", "on the bottom of your library"),
                                                     ("Consider", "Surveil", "into your graveyard")])
def test_a_one_card_scry_or_surveil_asks_plainly(tmp_path, db, card, verb, rest):
    game = duel(tmp_path, db, f"// Look\n24 Island\n36 {card}\n")
    decision = play(game, ["^Keep", "^Play land", f"^Cast {card}"], lambda g, d: d.kind == f"{verb}Choice")
    top = game.name_of(game.waiting_for()["data"]["cards"][0])
    assert decision.prompt == f"{verb} 1: you look at {top} on top of your library. Keep it on top, or put it {rest}."


def test_a_long_graveyard_keeps_its_newest_cards():
    view = {"you": {"seat": 0, "graveyard": [{"name": f"Card number {n}"} for n in range(60)]},
            "opponent": {"seat": 1, "graveyard": []}, "exile": []}
    [line] = zone_lines(view)
    assert len(line) < MAX_ZONE_CHARS + 80 and line.endswith("Card number 59")
    shown = line.count("Card number")
    assert line.startswith(f"Your graveyard: {60 - shown} older (viewGraveyard lists them all), then Card number")
