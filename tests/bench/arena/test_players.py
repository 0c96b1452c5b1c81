"""The heuristic bot plays like a beginner, not a saboteur: it keeps after two London mulligans and never
counters its own spells."""

from __future__ import annotations

from grimoire.bench.arena.game import Deal, Game
from grimoire.bench.arena.players import Census, HeuristicBot, _counters


def test_the_heuristic_bot_keeps_after_two_mulligans_under_the_london_rule(arena_cards, arena_decks):
    game = Game(arena_cards, Deal((list(arena_decks["dredge"].names), list(arena_decks["burn"].names)), seed=1))
    bot = HeuristicBot()
    bot.start(game, 0, None, None, Census())
    for _ in range(2):
        decision = game.decision()
        while decision.seat != 0:  # the other seat keeps
            game.choose(decision, decision.options[0])
            decision = game.decision()
        game.choose(decision, next(o for o in decision.options if o.label.startswith("Mulligan")))
    decision = game.decision()
    while decision.seat != 0 or decision.kind != "MulliganDecision":
        game.choose(decision, decision.options[0])
        decision = game.decision()
    assert decision.option(bot.decide(game, decision, {}).number).label == "Keep this hand"


def test_counterspells_are_recognised_and_never_aimed_at_the_bots_own_stack(arena_cards):
    assert _counters(arena_cards.faces["counterspell"]["abilities"])
    assert _counters(arena_cards.faces["force of will"]["abilities"])
    assert not _counters(arena_cards.faces["lightning bolt"]["abilities"])
