"""The sixth strong player's review: the engine's zero mana value for a transformed permanent is said wherever
Fatal Push meets one; a stack item whose source was sacrificed keeps its name and text; the log names a permanent
as it was on the battlefield, with whose it is; and the wording slips it found."""

from __future__ import annotations

from grimoire.bench.arena.cards import ENGINE_MISREADINGS
from grimoire.bench.arena.players import engine_structures
from grimoire.bench.arena.prompt import decklist_text, turn_log

from .test_prompt_board import duel, line_of, play, prompt_for

DELVERS = "// Delver\n20 Island\n20 Delver of Secrets\n20 Brainstorm\n"


def test_fatal_push_says_the_engine_counts_a_transformed_permanent_as_zero(tmp_path, db, arena_decks):
    game = duel(tmp_path, db, "// Push\n24 Swamp\n36 Fatal Push\n", DELVERS)
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and any(
        o.label.startswith("Cast Fatal Push") for o in d.options) and any(
        o["name"] == "Insectile Aberration" for o in g._game.battlefield()),
        other_wants=["^Keep", "^Play land", "^Cast Delver", "^Cast Brainstorm", "^Yes"])
    push = next(o for o in decision.options if o.label.startswith("Cast Fatal Push"))
    assert push.label.endswith("(This rules engine counts a transformed permanent's mana value as 0 for Fatal Push: "
                               "your opponent's Insectile Aberration (mana value 1).)")
    game.choose(decision, push)
    decision = play(game, ["^Target: Insectile"], lambda g, d: d.seat == 1 and d.kind == "Priority")
    stack = line_of(prompt_for(game, decision), "Stack")
    assert "Fatal Push (your opponent's spell, targeting your Insectile Aberration (mana value 1, which this rules " \
           "engine counts as 0))" in stack
    # the system prompt's decklist marks the card, as it marks the other cards the engine misreads
    assert "This rules engine plays Fatal Push wrongly" in decklist_text(arena_decks["delver"])
    assert "Fatal Push" in ENGINE_MISREADINGS and "Prismatic Ending" in ENGINE_MISREADINGS


def test_an_ability_whose_source_was_sacrificed_keeps_its_name_and_text_on_the_stack(tmp_path, db):
    game = duel(tmp_path, db, "// Clues\n24 Plains\n36 Thraben Inspector\n")
    decision = play(game, ["^Keep", "^Play land", "^Activate Clue", "^Cast Thraben"], lambda g, d: any(
        (e.get("kind") or {}).get("type") == "ActivatedAbility" for e in g._game.stack()))
    assert line_of(prompt_for(game, decision, 0), "Stack") == \
        'Stack (top first, resolves first): 1. Clue (your activated ability): "{2}, Sacrifice this artifact: Draw a ' \
        'card."'
    assert line_of(prompt_for(game, decision, 1), "Stack") == \
        'Stack (top first, resolves first): 1. Clue (your opponent\'s activated ability): "{2}, Sacrifice this ' \
        'artifact: Draw a card."'
    # (had it still read "object 122", the census would have counted it as an engine structure)
    assert engine_structures("1. object 122 (your activated ability)") == ["object 122"]


def _log(game, seat: int) -> list[str]:
    return [text for _, text in game.log_for(seat)]


def test_the_log_names_a_transformed_permanent_as_it_was_and_whose_it_is(tmp_path, db):
    game = duel(tmp_path, db, DELVERS, "// Bolts\n30 Mountain\n30 Lightning Bolt\n")
    play(game, ["^Keep", "^Play land", "^Cast Delver", "^Cast Brainstorm", "^Yes"],
         lambda g, d: any(line.endswith("Insectile Aberration (Delver of Secrets) is destroyed") or
                          "Insectile Aberration (Delver of Secrets) dies" in line for line in _log(g, 1)),
         other_wants=["^Keep", "^Play land", "^Target: Insectile", "^Cast Lightning"])
    said = [line for line in _log(game, 1) if "(Delver of Secrets)" in line]
    assert said[0].startswith("Your opponent's Insectile Aberration (Delver of Secrets) ")  # (it had read "Delver of
    assert any(line.startswith("Your Insectile Aberration (Delver of Secrets) ") for line in _log(game, 0))  # Secrets")
    assert "Your opponent's Insectile Aberration is targeted by your Lightning Bolt" in _log(game, 1)


def test_the_log_says_a_token_is_a_copy_and_whose_it_is_and_a_sagas_count(tmp_path, db):
    game = duel(tmp_path, db, "// Fable\n24 Mountain\n18 Fable of the Mirror-Breaker\n18 Goblin Guide\n")
    play(game, ["^Keep", "^Play land", "^Activate Reflection", "^Cast Fable", "^Cast Goblin", "^Target: Goblin",
                "^Discard nothing"], lambda g, d: any("sacrifices Goblin Guide" in line for line in _log(g, 1)))
    log = _log(game, 1)
    assert "Your opponent's Goblin Shaman token is created" in log
    assert "Your opponent's Goblin Guide token copy is created" in log
    assert "Opponent sacrifices Goblin Guide (token copy)" in log  # it had read as the real Goblin Guide
    assert "You sacrifice Goblin Guide (token copy)" in turn_log_lines(game, 0)
    # a Saga's lore counter says the count it now has ("1 lore counter on ..." had read so at its second)
    assert "Your opponent's Fable of the Mirror-Breaker gets a lore counter (its 2nd, chapter II)" in log
    assert "Fable of the Mirror-Breaker moves from the battlefield to exile" in " ".join(log)  # its chapter III
    assert "Reflection of Kiki-Jiki (Fable of the Mirror-Breaker) moves" not in " ".join(log)  # (as it was then)


def turn_log_lines(game, seat: int) -> list[str]:
    return [line for entry in turn_log(game, seat) for line in entry.lines]


def test_nethergoyfs_escape_asks_for_up_to_its_count_and_says_the_engine_exiles_none(tmp_path, db):
    game = duel(tmp_path, db, "// Goyf\n24 Swamp\n36 Nethergoyf\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Nethergoyf"],
                    lambda g, d: d.prompt.startswith("Pay the cost of Nethergoyf"),
                    other_wants=["^Keep", "^Play land", "^Target: Nethergoyf", "^Cast Lightning"])
    assert decision.options[0].label == "Choose: nothing"  # (it had read "choose 2 cards" beside this option)
    assert decision.prompt == "Pay the cost of Nethergoyf: choose up to 2 cards to exile from your graveyard. (This " \
                              "rules engine plays Nethergoyf wrongly: its escape exiles no other cards from the " \
                              "graveyard (that part of the cost is not paid).)"


def test_a_keyword_granted_until_end_of_turn_is_said_once(tmp_path, db):
    game = duel(tmp_path, db, "// Adanto\n24 Plains\n36 Adanto Vanguard\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Adanto"], lambda g, d: any(
        o.label.startswith("Activate Adanto") for o in d.options))
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Activate Adanto")))
    play(game, [], lambda g, d: any("indestructible until end of turn" in str(c.get("effects"))
                                    for c in g.view(0)["battlefield"]))
    creatures = line_of(prompt_for(game, game.decision(), 0), "Creatures:")
    assert creatures.count("indestructible") == 1, creatures


def test_rancors_target_prompt_keeps_its_lines_apart(tmp_path, db):
    game = duel(tmp_path, db, "// Rancor\n24 Forest\n36 Rancor\n", DELVERS)
    decision = play(game, ["^Keep", "^Play land", "^Cast Rancor"], lambda g, d: d.kind == "TargetSelection",
                    other_wants=["^Keep", "^Play land", "^Cast Delver"])
    assert decision.prompt.startswith("Choose a target for Rancor: Enchant creature. Enchanted creature gets +2/+0")


def test_the_opponents_activated_ability_reads_as_a_sentence(tmp_path, db):
    game = duel(tmp_path, db, "// Jitte\n24 Plains\n36 Umezawa's Jitte\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Umezawa"], lambda g, d: d.seat == 1 and any(
        c["name"] == "Umezawa's Jitte" for c in g.view(1)["battlefield"]))
    other = line_of(prompt_for(game, decision), "Other:")
    assert '"Remove a charge counter from it: ' in other and '"remove a' not in other, other


def test_a_shock_land_being_played_is_not_in_the_hand_while_its_life_is_asked(tmp_path, db):
    game = duel(tmp_path, db, "// Shock\n24 Sacred Foundry\n36 Lightning Bolt\n")
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: d.kind == "ReplacementChoice")
    hand = line_of(prompt_for(game, decision), "Your hand")
    assert hand.count("Sacred Foundry") == sum(1 for o in game._game.hand(0) if o["name"] == "Sacred Foundry") - 1


def test_your_own_creatures_combat_text_is_whole(tmp_path, db):
    game = duel(tmp_path, db, "// Guides\n30 Mountain\n30 Goblin Guide\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Goblin"], lambda g, d: d.seat == 0 and any(
        c["name"] == "Goblin Guide" for c in g.view(0)["battlefield"]))
    creatures = line_of(prompt_for(game, decision), "Creatures:")
    assert "If it's a land card, that player puts it into their hand" in creatures and "…" not in creatures


def test_stoneforges_ability_says_it_does_nothing_without_an_equipment_in_hand(tmp_path, db):
    game = duel(tmp_path, db, "// SFM\n24 Plains\n36 Stoneforge Mystic\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Stoneforge"], lambda g, d: d.seat == 0 and any(
        o.label.startswith("Activate Stoneforge") for o in d.options))
    activate = next(o for o in decision.options if o.label.startswith("Activate Stoneforge"))
    assert activate.label.endswith("(you have no Equipment card in your hand: it does nothing)")
    game.choose(decision, activate)
    decision = play(game, [], lambda g, d: d.kind == "OptionalEffectChoice")
    assert decision.options[1].label == "Yes: put an Equipment card from your hand onto the battlefield (you have no " \
                                        "Equipment card in your hand: it does nothing)"


def test_fireball_at_x_0_says_why_no_target_was_asked(tmp_path, db):
    game = duel(tmp_path, db, "// Fireball\n24 Mountain\n36 Fireball\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Fireball", "^X = 0"],
                    lambda g, d: "no damage is dealt" in d.prompt)
    assert decision.prompt == "Fireball: there is no damage to divide, so the engine asked for no target, and no " \
                              "damage is dealt."
