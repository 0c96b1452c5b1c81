"""Choices worded as a strong player reads them, in real engine games: the names Cabal Therapy may name, Solitude's
evoke, Ichorid's cost, the stack's targets and the alternative-cost questions."""

from __future__ import annotations

from tests.bench.arena.test_prompt_board import clean, duel, play, prompt_for


def test_cabal_therapy_offers_the_opponents_nonland_cards_seen_and_says_the_engine_discards_nothing(tmp_path, db):
    game = duel(tmp_path, db, "// Therapy\n30 Swamp\n30 Cabal Therapy\n",
                "// Guides\n30 Mountain\n30 Goblin Guide\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Cabal", "^Target: your opp"],
                    lambda g, d: d.kind == "NamedChoice" and g.turn >= 3,
                    other_wants=["^Keep", "^Play land", "^Cast Goblin"])
    labels = [o.label for o in decision.options]
    assert labels == ["Choose: Cabal Therapy", "Choose: Goblin Guide"]  # no land name, the opponent's creature
    assert "plays Cabal Therapy wrongly: the named card is not discarded" in decision.prompt
    game.choose(decision, decision.options[1])  # the engine takes a name it did not offer
    assert game.waiting_for()["type"] != "NamedChoice"
    clean(prompt_for(game, game.decision()))


def test_a_spell_on_the_stack_is_named_by_whose_it_is_on_the_one_stack(tmp_path, db):
    game = duel(tmp_path, db, "// Bolts\n30 Mountain\n30 Lightning Bolt\n", "// Daze\n30 Island\n30 Daze\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: d.kind == "UnlessPayment",
                    other_wants=["^Keep", "^Play land", "^Cast Daze", "^Yes", "^Target: "])
    assert "targeting your Lightning Bolt (on the stack))" in decision.prompt
    assert "stack)" not in decision.prompt.replace("(on the stack)", "")
    clean(prompt_for(game, decision))
