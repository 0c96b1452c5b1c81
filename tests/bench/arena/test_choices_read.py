"""A strong player's second review, played out on the real engine: modal spells' modes, Fact or Fiction's piles,
blocks on attackers of one name, Expressive Iteration's bottom, Chandra's +1, the legend rule, divided damage,
protection's quality, the opponent's rules text on the board, shock lands, a cancelled alternative cost, sources
named in every prompt, and the deck check's reason for split cards. Each test plays the decision and checks what
the engine then does."""

from __future__ import annotations

import itertools

import pytest

from grimoire.bench.arena.cards import DeckCheckError
from grimoire.bench.arena.decks import load_deck
from grimoire.bench.arena.game import Game, block_options
from grimoire.bench.arena.prompt import render_state, turn_log

from .test_prompt_board import clean, duel, line_of, play, prompt_for

GOBLINS = "// Goblins\n30 Mountain\n30 Goblin Guide\n"
LANDS = "// Lands\n60 Island\n"


def choose(game: Game, start: str) -> None:
    """Seat to move takes the option starting with ``start``."""
    decision = game.decision()
    game.choose(decision, next(o for o in decision.options if o.label.startswith(start)))


def pass_until(game: Game, until) -> None:
    """Every player passes (or takes its first option) until ``until(game)`` holds."""
    for _ in range(60):
        if until(game):
            return
        decision = game.decision()
        game.choose(decision, next((o for o in decision.options if o.label.startswith("Pass")), decision.options[0]))
    raise AssertionError("never reached")


def drive(game: Game, pick, until, limit: int = 800):
    """Play on, ``pick(game, decision)`` choosing (a label's start, or None for the first option), until
    ``until(game, decision)`` holds; returns that decision."""
    for _ in range(limit):
        decision = game.decision()
        assert decision is not None, "the game ended first"
        if until(game, decision):
            return decision
        start = pick(game, decision)
        game.choose(decision, next((o for o in decision.options if start and o.label.startswith(start)),
                                   decision.options[0]))
    raise AssertionError("the position was never reached")


def on_battlefield(game: Game, name: str, seat: int) -> list[dict]:
    return [o for o in game._game.battlefield() if o["name"] == name and o["controller"] == seat]


# -- modes ------------------------------------------------------------------------------------------------------


def test_a_modal_spell_names_its_modes_in_the_engines_order_and_each_target_says_its_mode(tmp_path, db):
    """Kolaghan's Command had read "select modes: indices [1, 3]"; its 2 damage to "any target" had offered lands,
    which the engine takes and the damage is lost (CR 115.4: a creature, player, planeswalker or battle)."""
    game = duel(tmp_path, db, "// Command\n24 Badlands\n36 Kolaghan's Command\n", GOBLINS)
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and on_battlefield(g, "Goblin Guide", 1)
                    and any(o.label.startswith("Cast Kolaghan") for o in d.options) and g._game.player(1)["hand"],
                    other_wants=["^Keep", "^Play land", "^Cast Goblin"])
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Cast Kolaghan")))
    modes = game.decision()
    oracle = game.card_data.faces["kolaghan's command"]["oracle_text"]
    bullets = [line.removeprefix("• ") for line in oracle.splitlines() if line.startswith("• ")]
    assert [f'"{bullet}"' in modes.prompt for bullet in bullets] == [True] * 4  # the card's bullets, in order
    assert modes.prompt.startswith("Kolaghan's Command: choose two — ")
    labels = [o.label for o in modes.options if not o.label.startswith("Cancel")]
    assert 'Modes: "Target player discards a card." and "Kolaghan\'s Command deals 2 damage to any target."' in labels
    clean(prompt_for(game, modes))
    hand, guides = len(game._game.player(1)["hand"]), len(on_battlefield(game, "Goblin Guide", 1))
    choose(game, 'Modes: "Target player discards a card." and')
    discard = game.decision()
    assert discard.prompt == "Choose a target for Kolaghan's Command, for its mode \"Target player discards a card.\""
    choose(game, "Target: your opponent")
    damage = game.decision()
    # (then what the automatic payment taps)
    assert damage.prompt.split(" Once the target")[0].endswith(
        "for its mode \"Kolaghan's Command deals 2 damage to any target.\"")
    assert not [o.label for o in damage.options if "Mountain" in o.label or "Badlands" in o.label]
    # (the engine offers lands there: the harness leaves them out)
    assert {"Mountain", "Badlands"} & {game.name_of(t["Object"]) for t in damage_targets(game)}
    choose(game, "Target: Goblin Guide")
    pass_until(game, lambda g: not g._game.stack() and g.waiting_for()["type"] == "Priority")
    assert len(game._game.player(1)["hand"]) == hand - 1  # the modes are those the labels said
    assert len(on_battlefield(game, "Goblin Guide", 1)) == guides - 1


def damage_targets(game: Game) -> list[dict]:
    return [t for t in game.waiting_for()["data"]["selection"]["current_legal_targets"] if "Object" in t]


def test_an_abilitys_modes_and_its_cost_read_as_the_card_says(tmp_path, db):
    """Umezawa's Jitte had read "Activate Umezawa's Jitte: remove counter: generic effect", then "Ability mode choice"
    with "select modes: indices [0]"."""
    game = duel(tmp_path, db, "// Jitte\n24 Plains\n18 Umezawa's Jitte\n18 Thraben Inspector\n", LANDS)
    wants = ["^Keep", "^Play land", "^Cast Thraben", "^Cast Umezawa", "^Activate Umezawa.*Equip", "^Target: Thraben",
             "^Attack with Thraben"]
    decision = play(game, wants, lambda g, d: d.seat == 0 and any("charge counter" in o.label for o in d.options))
    activate = next(o for o in decision.options if "charge counter" in o.label)
    assert activate.label == "Activate Umezawa's Jitte: Remove a charge counter from it: Choose one — Equipped " \
                             "creature gets +2/+2 until end of turn; Target creature gets -1/-1 until end of turn; " \
                             "You gain 2 life."
    game.choose(decision, activate)
    modes = game.decision()
    assert modes.prompt.startswith("Umezawa's Jitte: choose one — \"Equipped creature gets +2/+2 until end of turn.\"")
    assert [o.label for o in modes.options][1:] == ['Mode: "Equipped creature gets +2/+2 until end of turn."',
                                                   'Mode: "Target creature gets -1/-1 until end of turn."',
                                                   'Mode: "You gain 2 life."']
    clean(prompt_for(game, modes))
    life = game.life(0)
    choose(game, 'Mode: "You gain 2 life."')
    pass_until(game, lambda g: not g._game.stack())
    assert game.life(0) == life + 2


# -- Fact or Fiction --------------------------------------------------------------------------------------------


def test_fact_or_fiction_offers_every_split_by_name_and_names_each_pile(tmp_path, db):
    """The separator had been offered four splits as bare ids ("submit pile partition: pile a [65, 67]") and the
    caster "choose pile: pile a"; the engine takes every one of the 32 splits."""
    import phase

    game = duel(tmp_path, db, "// FoF\n24 Island\n12 Fact or Fiction\n8 Opt\n8 Counterspell\n8 Brainstorm\n", LANDS)
    split = play(game, ["^Keep", "^Play land", "^Cast Fact"], lambda g, d: d.kind == "SeparatePilesPartition")
    assert split.seat == 1
    revealed = [game.name_of(c) for c in game.waiting_for()["data"]["eligible"]]
    assert split.prompt == f"Fact or Fiction: separate the revealed cards ({', '.join(revealed)}) into two piles; " \
                           "your opponent chooses one pile to put into their hand; the other pile goes into their " \
                           "graveyard."
    ways = {tuple(sorted([tuple(sorted(first)), tuple(sorted(rest))]))
            for size in range(6) for picked in itertools.combinations(range(5), size)
            for first, rest in [([revealed[i] for i in picked], [revealed[i] for i in range(5) if i not in picked])]}
    assert len(split.options) == len(ways) >= 2  # one per split a player can tell apart
    state = game._game.state()
    for option in split.options:
        assert option.label.startswith("Piles: ") and all(name in option.label for name in revealed)
        game._engine.load_game(state).apply(1, phase.GameAction.from_dict(option.action))
    clean(prompt_for(game, split))
    game.choose(split, split.options[1])  # one card against four
    pick = game.decision()
    assert pick.seat == 0 and pick.prompt.endswith("you choose one pile to put into your hand; the other pile goes "
                                                   "into your graveyard. Choose a pile.")
    piles = game.waiting_for()["data"]["current"]
    take = pick.options[1]  # pile B
    assert take.label.startswith("Pile B (") and "into your hand, pile A (" in take.label
    hand, graveyard = set(game._game.player(0)["hand"]), set(game._game.player(0)["graveyard"])
    game.choose(pick, take)
    assert set(piles["pile_b"]) <= set(game._game.player(0)["hand"]) - hand
    assert set(piles["pile_a"]) <= set(game._game.player(0)["graveyard"]) - graveyard


# -- combat -----------------------------------------------------------------------------------------------------


def test_blocks_tell_attackers_of_one_name_apart_and_the_combat_line_follows_each(tmp_path, db):
    """Three Knight tokens attacking had been "Knight" in every block offered, only double blocks of one of them
    fitting in the options; the combat line had shown both Goblins blocked when one was."""
    game = duel(tmp_path, db, "// Bears\n24 Forest\n36 Grizzly Bears\n", GOBLINS)

    def pick(game, decision):
        if decision.kind == "DeclareAttackers" and decision.seat == 1:
            return max(decision.options, key=lambda o: len(o.action["data"]["attacks"])).label
        return {"MulliganDecision": "Keep"}.get(decision.kind) or \
            next((want for want in ("Play land", "Cast") if any(o.label.startswith(want) for o in decision.options)),
                 None)

    decision = drive(game, pick, lambda g, d: d.kind == "DeclareBlockers" and d.seat == 0 and len(
        g.waiting_for()["data"]["valid_blocker_ids"]) >= 2 and g._whole_state()["combat"]["attackers"].__len__() >= 2)
    attackers = sorted(a["object_id"] for a in game._whole_state()["combat"]["attackers"])
    assert line_of(prompt_for(game, decision), "Combat:") == "Combat: " + "; ".join(
        f"Goblin Guide #{n} attacks you" for n in range(1, len(attackers) + 1))
    labels = [o.label for o in decision.options]
    apart = next(o for o in decision.options if o.label == "Block: Grizzly Bears #1 blocks Goblin Guide #1, Grizzly "
                                                          "Bears #2 blocks Goblin Guide #2")
    assert "Block: Grizzly Bears #1 blocks Goblin Guide #1, Grizzly Bears #2 blocks Goblin Guide #1" in labels
    assert len(labels) == len(set(labels)) and "Block: Grizzly Bears #1 blocks Goblin Guide #2" not in labels
    assert len(labels) < len(block_options(game.waiting_for()["data"]))  # ids alike on the board are one choice
    clean(prompt_for(game, decision))
    game.choose(decision, apart)  # the engine takes it: two Goblin Guides blocked, one bear each
    combat = line_of(render_state(game.view(0), turn_log(game, 0)), "Combat:")
    assert "Goblin Guide #1 attacks you (blocked by Grizzly Bears)" in combat
    assert "Goblin Guide #2 attacks you (blocked by Grizzly Bears)" in combat
    blocked = {a["object_id"] for a in game._whole_state()["combat"]["attackers"] if a.get("blocked")}
    assert blocked == set(attackers[:2])


def test_block_options_count_alike_blockers_and_attackers_once():
    """The shape of phase's DeclareBlockers prompt, recorded from a Boros mirror (review game g23, turn 14): three
    Knight tokens attack; Young Pyromancer, Thraben Inspector and two Elemental tokens may block each. Every
    assignment a player can tell apart fits: 35 of them (the first 64 by id had held blocks of one Knight only)."""
    knights, elementals = [134, 135, 136], [13, 17]
    prompt = {"valid_blocker_ids": [11, 12, *elementals], "valid_block_targets": {
        str(b): knights for b in [11, 12, *elementals]}}
    look = {11: "Young Pyromancer 2/1", 12: "Thraben Inspector 1/2", 13: "Elemental 1/1 (token)",
            17: "Elemental 1/1 (token)", **{k: "Knight 4/3 (vigilance; token)" for k in knights}}.get
    options = [o["data"]["assignments"] for o in block_options(prompt, look=look)]
    assert len(options) == 35 and options[0] == []
    assert [sum(1 for o in options if len(o) == size) for size in range(5)] == [1, 3, 8, 13, 10]
    assert sum(1 for o in options if len(o) == 2 and len({a for _, a in o}) == 2) == 4  # two Knights, two blockers
    assert [[11, 134], [12, 135], [13, 136]] in options  # three blockers, one on each Knight


def test_attacks_alike_but_for_which_creature_is_which_are_offered_once(tmp_path, db):
    """Two Noble Hierarchs attacking the player and Ajani Vengeant had been offered both ways round (review game g04,
    turn 11: options 11 and 12 were the same attack)."""
    game = duel(tmp_path, db, "// Walker\n24 Mountain\n36 Chandra, Torch of Defiance\n",
                "// Goblins\n40 Mountain\n20 Goblin Guide\n")

    def pick(game, decision):
        if decision.seat == 0:
            wants = ("Keep", "Play land", "Cast Chandra", "Activate Chandra, Torch of Defiance: [+1]: Add")
            return next((want for want in wants if any(o.label.startswith(want) for o in decision.options)), None)
        goblins = len(on_battlefield(game, "Goblin Guide", 1))
        return next((want for want in ("Keep", "Play land", "Cast Goblin" if goblins < 2 else "Pass")
                     if any(o.label.startswith(want) for o in decision.options)), None)

    decision = drive(game, pick, lambda g, d: d.kind == "DeclareAttackers" and d.seat == 1 and len(
        on_battlefield(g, "Goblin Guide", 1)) == 2 and on_battlefield(g, "Chandra, Torch of Defiance", 0))
    labels = [o.label for o in decision.options]
    both = [label for label in labels if label.count("Goblin Guide") == 2 and "-> your opponent;" in label + ";"
            and "-> Chandra" in label]
    assert both == ["Attack with Goblin Guide -> your opponent; Goblin Guide -> Chandra, Torch of Defiance (your "
                    "opponent's planeswalker)"]
    assert len(labels) == 6  # each Goblin Guide stays home or attacks the player or Chandra: 6 attacks, not 9


# -- where cards go ---------------------------------------------------------------------------------------------


def test_expressive_iteration_says_its_card_goes_to_the_bottom_and_the_other_into_exile(tmp_path, db):
    """Its second step had read "choose 1 card(s) from your hand to put back on top of your library" where the engine
    puts one of the cards looked at on the bottom and exiles the other, playable this turn."""
    game = duel(tmp_path, db, "// Iteration\n24 Volcanic Island\n12 Expressive Iteration\n12 Opt\n12 Counterspell\n",
                LANDS)
    dig = play(game, ["^Keep", "^Play land", "^Cast Expressive"], lambda g, d: d.kind == "DigChoice")
    assert "; 1 is put into your hand. (Expressive Iteration: Look at the top three cards" in dig.prompt
    game.choose(dig, dig.options[0])
    bottom = game.decision()
    looked = [game.name_of(c) for c in game.waiting_for()["data"]["cards"]]
    assert bottom.prompt == f"Expressive Iteration: choose 1 card of {', '.join(looked)} (from the top of your " \
                            "library) to put on the bottom of your library; the other goes into exile, and you may " \
                            "play it this turn."
    assert sorted(o.label for o in bottom.options) == sorted(f"Put {name} on the bottom of your library"
                                                             for name in set(looked))
    clean(prompt_for(game, bottom))
    cards = game.waiting_for()["data"]["cards"]
    game.choose(bottom, bottom.options[0])
    put = next(c for c in cards if bottom.options[0].label == f"Put {game.name_of(c)} on the bottom of your library")
    assert game._game.player(0)["library"][-1] == put
    assert [o["id"] for o in game._game.exile()] == [c for c in cards if c != put]


# -- Chandra, Torch of Defiance ---------------------------------------------------------------------------------

CHANDRA = "// Chandra\n24 Mountain\n12 Chandra, Torch of Defiance\n24 Lightning Bolt\n"
PLUS_ONE = r"^Activate Chandra.*Exile the top"


def exiled_by_chandra(game: Game) -> dict:
    return game.object(game.waiting_for()["data"]["decision_subject_id"]) or {}


def test_chandras_plus_one_names_the_card_and_its_cost_and_its_cast_lasts_one_decision(tmp_path, db):
    """The engine's Yes casts nothing and deals no damage, and leaves the card castable from exile for good (replayed:
    "Cast Lightning Bolt {R} from exile" on later turns); the prompt had named neither the card nor its cost."""
    game = duel(tmp_path, db, CHANDRA, LANDS)
    offer = play(game, ["^Keep", "^Play land", PLUS_ONE, "^Cast Chandra"],
                 lambda g, d: d.kind == "OptionalEffectChoice" and exiled_by_chandra(g).get("name") == "Lightning Bolt"
                 and len(d.options) == 2)
    assert "(The exiled card: Lightning Bolt {R}.)" in offer.prompt
    assert "(This rules engine plays Chandra, Torch of Defiance wrongly: its first +1 casts nothing" in offer.prompt
    assert [o.label for o in offer.options] == ["No", "Yes: no damage; you may cast Lightning Bolt from exile, paying "
                                                "its cost, at your next decision only (after this ability resolves)"]
    bolt, life = exiled_by_chandra(game)["id"], game.life(1)
    said = [line for entry in turn_log(game, 0) for line in entry.lines if "[+1]: Exile" in line]
    assert said and "Exile the top card of your library. You may cast that card." in said[-1]  # ("library. you may")
    game.choose(offer, offer.options[1])
    assert game.life(1) == life  # Yes deals no damage
    after = game.decision()
    assert "Cast Lightning Bolt {R} from exile" in [o.label for o in after.options]
    game.choose(after, after.options[0])  # pass: the chance is gone, though the engine still offers the cast
    later = play(game, [], lambda g, d: d.seat == 0 and g.turn > offer.turn and d.kind == "Priority")
    assert game.object(bolt)["zone"] == "Exile"
    assert "Cast Lightning Bolt {R} from exile" not in [o.label for o in later.options]


def test_chandras_plus_one_offers_no_yes_for_a_card_that_cannot_be_paid(tmp_path, db):
    """Yes with a card its untapped sources cannot pay casts nothing and deals no damage (replayed: Adanto Vanguard
    with every land tapped), where No deals the 2 damage the rules deal; so only No is offered. (A land exiled asks
    nothing: the engine deals the damage.)"""
    game = duel(tmp_path, db, "// Chandra\n40 Mountain\n20 Chandra, Torch of Defiance\n", LANDS)
    offer = play(game, ["^Keep", "^Play land", PLUS_ONE, "^Cast Chandra"],
                 lambda g, d: d.kind == "OptionalEffectChoice" and len(d.options) == 1)
    assert "(The exiled card: Chandra, Torch of Defiance {2}{R}{R}.)" in offer.prompt
    assert "You cannot pay it, so Yes is not offered." in offer.prompt and [o.label for o in offer.options] == ["No"]
    life = game.life(1)
    game.choose(offer, offer.options[0])
    assert game.life(1) == life - 2


def test_the_legend_rule_tells_the_two_legends_apart(tmp_path, db):
    """Two Chandras (loyalty 5 and 4) had been one option, "Keep Chandra, Torch of Defiance"."""
    game = duel(tmp_path, db, CHANDRA, LANDS)
    decision = play(game, ["^Keep", "^Play land", r"^Activate Chandra.*Add", "^Cast Chandra"],
                    lambda g, d: d.kind == "ChooseLegend")
    old, new = sorted(game.waiting_for()["data"]["candidates"], key=lambda c: game.object(c)["timestamp"])
    assert decision.prompt == "Legend rule: you control two or more legendary permanents named Chandra, Torch of " \
                              "Defiance. Choose the one to keep."
    loyalty = {c: game.object(c)["loyalty"] for c in (old, new)}
    assert sorted(o.label for o in decision.options) == sorted([
        f"Keep Chandra, Torch of Defiance, loyalty {loyalty[old]} (the one already in play); the other goes to the "
        "graveyard",
        f"Keep Chandra, Torch of Defiance, loyalty {loyalty[new]} (the one that just entered); the other goes to the "
        "graveyard"])
    game.choose(decision, next(o for o in decision.options if "just entered" in o.label))
    assert game.object(new)["zone"] == "Battlefield" and game.object(old)["zone"] == "Graveyard"


# -- divided damage ---------------------------------------------------------------------------------------------


def test_divided_damage_reads_as_amounts_to_named_targets(tmp_path, db):
    """Electrolyze had offered "distribute among: distribution [[player 0, 1], [player 1, 1]]"."""
    game = duel(tmp_path, db, "// Electrolyze\n24 Volcanic Island\n36 Electrolyze\n", GOBLINS)
    play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and on_battlefield(g, "Goblin Guide", 1) and any(
        o.label.startswith("Cast Electrolyze") for o in d.options), other_wants=["^Keep", "^Play land", "^Cast Goblin"])
    for start in ("Cast Electrolyze", "Target: Goblin Guide", "Target: your opponent"):
        choose(game, start)
    divide = game.decision()
    assert divide.prompt == "Electrolyze: divide 2 damage among your opponent's Goblin Guide and your opponent; each " \
                            "target gets at least 1."
    assert [o.label for o in divide.options][1:] == ["Divide: 1 to your opponent's Goblin Guide, 1 to your opponent"]
    assert len(game.view(0)["you"]["hand"]) == len(game._game.player(0)["hand"]) - 1  # on the stack, not in hand
    clean(prompt_for(game, divide))
    life, guides = game.life(1), len(on_battlefield(game, "Goblin Guide", 1))
    game.choose(divide, divide.options[1])
    pass_until(game, lambda g: not g._game.stack())
    assert game.life(1) == life - 1 and len(on_battlefield(game, "Goblin Guide", 1)) == guides  # 1 to a 2/2


def test_fireball_says_what_each_target_beyond_the_first_costs_and_why_only_cancel_is_left(tmp_path, db):
    """With two targets Fireball costs {1} more; the engine then listed Cancel alone, unexplained, and the Fireball
    being cast was still in the hand ("Your hand: Fireball, Stoneforge Mystic, Fireball")."""
    game = duel(tmp_path, db, "// Fireball\n24 Mountain\n36 Fireball\n", GOBLINS)
    play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and len(on_battlefield(g, "Goblin Guide", 1)) >= 2
         and len(on_battlefield(g, "Mountain", 0)) == 3 and any(o.label.startswith("Cast Fireball") for o in d.options),
         other_wants=["^Keep", "^Play land", "^Cast Goblin"])
    for start in ("Cast Fireball", "X = 2", "Target: Goblin Guide"):
        choose(game, start)
    second = game.decision()
    assert second.prompt.endswith("(Fireball costs {1} more for each target beyond the first; 1 chosen so far.)")
    choose(game, "Target: Goblin Guide")
    divide = game.decision()
    assert [o.label for o in divide.options] == ["Cancel (take back the spell or ability being cast)"]
    assert divide.prompt == "Fireball: 2 damage divided evenly, rounded down, among your opponent's Goblin Guide and " \
                            "your opponent's Goblin Guide: 1 to each. Fireball costs {1} more for each target beyond " \
                            "the first: {3}{R} in all. Your untapped mana sources cannot pay it, so only Cancel is " \
                            "offered."
    view = game.view(0)
    assert len(view["you"]["hand"]) == len(game._game.player(0)["hand"]) - 1  # the Fireball is on the stack only


# -- what the board and the prompts say -------------------------------------------------------------------------


def test_protection_says_from_what(tmp_path, db):
    """Sword of Fire and Ice's creature had read "(protection, protection; ...)"."""
    game = duel(tmp_path, db, "// Sword\n24 Plains\n18 Sword of Fire and Ice\n18 Thraben Inspector\n", LANDS)
    wants = ["^Keep", "^Play land", "^Cast Thraben", "^Cast Sword", "^Activate Sword.*Equip", "^Target: Thraben"]
    decision = play(game, wants, lambda g, d: any(o["name"] == "Thraben Inspector" and o.get("attachments")
                                                  for o in g._game.battlefield()))
    creatures = line_of(prompt_for(game, decision), "Creatures:")
    assert "Thraben Inspector 3/4 (protection from red, protection from blue; equipped by Sword of Fire and Ice)" in \
        creatures


def test_the_opponents_permanents_show_their_rules_text_and_the_effects_on_them(tmp_path, db):
    """Liliana's -2/-1 had shown as "Goblin Guide 0/1" with no source nor duration, and her loyalty abilities (the
    opponent's: not in the player's decklist) not at all."""
    game = duel(tmp_path, db, "// Liliana\n24 Swamp\n36 Liliana, the Last Hope\n", GOBLINS)
    decision = play(game, ["^Keep", "^Play land", "^Cast Liliana", r"^Activate Liliana.*\[\+1\]", "^Target: Goblin"],
                    lambda g, d: d.seat == 1 and any(e["source_name"] == "Liliana, the Last Hope" for e in
                                                     g._whole_state()["transient_continuous_effects"]),
                    other_wants=["^Keep", "^Play land", "^Cast Goblin"])
    text = prompt_for(game, decision, 1)
    assert "Goblin Guide 0/1 (haste; whenever it attacks, defending player reveals the top card of their library. " \
           "If it's a land card, that player puts it into their hand; -2/-1 until your opponent's next turn " \
           "(Liliana, the Last Hope))" in line_of(text, "Creatures:")
    assert line_of(text, "Planeswalkers:").strip().startswith(
        'Planeswalkers: Liliana, the Last Hope, loyalty 4 — "[+1]: Up to one target creature gets -2/-1 until your '
        'next turn." "[−2]: Mill two cards, then you may return a creature card')
    assert "— \"" not in line_of(prompt_for(game, decision, 0), "Planeswalkers:")  # her own: in its decklist
    clean(text)


def test_kitesail_freebooters_exiled_card_is_linked_and_its_reveal_names_its_source(tmp_path, db):
    game = duel(tmp_path, db, "// Freebooter\n24 Swamp\n36 Kitesail Freebooter\n")
    reveal = play(game, ["^Keep", "^Play land", "^Cast Kitesail", "^Target: your opp"],
                  lambda g, d: d.kind == "RevealChoice")
    assert reveal.prompt.startswith("Kitesail Freebooter: When Kitesail Freebooter enters, target opponent reveals")
    assert reveal.prompt.endswith("Choose a noncreature, nonland card from your opponent's revealed hand (Lightning "
                                  "Bolt, Lightning Bolt, Lightning Bolt, Lightning Bolt, Lightning Bolt).")
    game.choose(reveal, reveal.options[0])
    text = prompt_for(game, play(game, [], lambda g, d: d.seat == 1), 1)
    assert line_of(text, "Exile:") == "Exile: Lightning Bolt (yours, exiled by your opponent's Kitesail Freebooter " \
                                      "until it leaves the battlefield)"
    assert "exiling Lightning Bolt until it leaves the battlefield) — \"When Kitesail Freebooter enters" in \
        line_of(text, "Creatures:")


def test_a_saga_chapter_on_the_stack_and_a_cascade_say_what_they_do(tmp_path, db):
    game = duel(tmp_path, db, "// Saga\n24 Plains\n36 History of Benalia\n", LANDS)
    decision = play(game, ["^Keep", "^Play land", "^Cast History"], lambda g, d: any(
        e["source"] == "History of Benalia" and e["kind"] != "Spell" for e in g.view(0)["stack"]))
    assert line_of(prompt_for(game, decision), "Stack") == "Stack (top first, resolves first): 1. History of Benalia " \
        "(your triggered ability): \"Create a 2/2 white Knight creature token with vigilance.\""  # (not "Chapter 1")
    game = duel(tmp_path, db, "// Cascade\n24 Taiga\n18 Bloodbraid Elf\n18 Lightning Bolt\n", LANDS)
    offer = play(game, ["^Keep", "^Play land", "^Cast Bloodbraid"], lambda g, d: d.kind == "CastOffer")
    assert offer.prompt.startswith("Bloodbraid Elf's cascade (mana value 4) exiled ")  # it had read "Cast offer"
    assert [o.label for o in offer.options] == ["Cast Lightning Bolt without paying its mana cost",
                                                "Do not cast Lightning Bolt (it goes to the bottom of your library)"]
    game.choose(offer, offer.options[0])
    assert game.decision().prompt.startswith("Choose a target for Lightning Bolt")  # cast: it is the Bolt's targets


def test_an_effect_on_a_player_reads_as_what_it_lets_them_do(tmp_path, db):
    """Teferi, Time Raveler's +1 had read "Effects on you: grant static ability until your next turn"."""
    game = duel(tmp_path, db, "// Teferi\n24 Tundra\n36 Teferi, Time Raveler\n", LANDS)
    decision = play(game, ["^Keep", "^Play land", "^Cast Teferi", r"^Activate Teferi.*\[\+1\]"],
                    lambda g, d: g._whole_state().get("transient_continuous_effects"))
    assert line_of(prompt_for(game, decision, 0), "Effects on") == "Effects on you: you may cast sorcery spells as " \
        "though they had flash until your next turn (Teferi, Time Raveler)."
    assert line_of(prompt_for(game, decision, 1), "Effects on") == "Effects on your opponent: they may cast sorcery " \
        "spells as though they had flash until their next turn (Teferi, Time Raveler)."


def test_a_shock_land_says_it_enters_tapped_and_its_play_is_logged_once(tmp_path, db):
    """"Do not apply Sacred Foundry's replacement effect" had said nothing of the land entering tapped, and the log
    had read "You play Sacred Foundry / You lose 2 life / You play Sacred Foundry"."""
    game = duel(tmp_path, db, "// Shock\n24 Sacred Foundry\n36 Lightning Bolt\n", LANDS)
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: d.kind == "ReplacementChoice")
    assert decision.prompt == "Sacred Foundry: As Sacred Foundry enters, you may pay 2 life. If you don't, it enters " \
                              "tapped."
    assert [o.label for o in decision.options] == ["Sacred Foundry: pay 2 life (it enters untapped)",
                                                   "Do not pay 2 life: Sacred Foundry enters tapped"]
    game.choose(decision, decision.options[0])
    lines = [line for entry in turn_log(game, 0) for line in entry.lines]
    assert lines.count("You play Sacred Foundry") == 1 and "You lose 2 life" in lines
    foundry = on_battlefield(game, "Sacred Foundry", 0)
    assert len(foundry) == 1 and not foundry[0]["tapped"] and game.life(0) == 18
    second = play(game, ["^Play land"], lambda g, d: d.kind == "ReplacementChoice")
    game.choose(second, second.options[1])
    assert sorted(o["tapped"] for o in on_battlefield(game, "Sacred Foundry", 0)) == [False, True]
    assert game.life(0) == 18


def test_cancel_after_an_alternative_costs_life_says_the_life_is_not_given_back(tmp_path, db):
    game = duel(tmp_path, db, "// Force\n20 Island\n20 Force of Will\n20 Brainstorm\n", seed=2)
    play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and g._game.stack() and any(
        o.label.startswith("Cast Force") for o in d.options), other_wants=["^Keep", "^Play land", "^Cast Lightning",
                                                                            "^Target: your opp"])
    choose(game, "Cast Force")
    choose(game, "Yes: pay 1 life")
    pitch = game.decision()
    cancel = next(o for o in pitch.options if o.label.startswith("Cancel"))
    assert cancel.label == "Cancel (take back the spell or ability being cast; the 1 life already paid for it is not " \
                           "given back)"
    game.choose(pitch, cancel)
    assert game.life(0) == 19 and game.waiting_for()["type"] == "Priority"  # the engine keeps the life paid


def test_a_cycling_search_and_an_equipment_search_read_as_the_cards_say(tmp_path, db):
    """Troll of Khazad-dûm's swampcycling had read "{1} and discard 1 card: search library" and its search
    "Troll of Khazad-dûm:  Choose up to 1 card"; Stoneforge Mystic's "put a Equipment card"."""
    game = duel(tmp_path, db, "// Troll\n24 Swamp\n36 Troll of Khazad-dûm\n", LANDS)
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: any("cycling" in o.label for o in d.options))
    cycle = next(o for o in decision.options if "cycling" in o.label)
    line = "Swampcycling {1} ({1}, Discard this card: Search your library for a Swamp card, reveal it, put it into " \
           "your hand, then shuffle.)"
    assert cycle.label == f"Activate Troll of Khazad-dûm: {line}"
    game.choose(decision, cycle)
    search = play(game, [], lambda g, d: d.kind == "SearchChoice")
    assert search.prompt == f"Troll of Khazad-dûm: {line} Choose up to 1 card: it goes into your hand."
    game = duel(tmp_path, db, "// Stoneforge\n24 Plains\n18 Stoneforge Mystic\n18 Bonesplitter\n", LANDS)
    offer = play(game, ["^Keep", "^Play land", "^Cast Stone", "^Activate Stoneforge"],
                 lambda g, d: d.kind == "OptionalEffectChoice" and "from your hand" in d.prompt)
    assert [o.label for o in offer.options] == ["No", "Yes: put an Equipment card from your hand onto the battlefield"]


def test_the_board_holds_no_keyword_twice_and_no_flash_and_a_clue_reads_as_its_ability(tmp_path, db):
    """Noble Hierarch had read "(exalted; exalted — whenever ...)", a permanent with flash "(flash)", a Clue's
    ability "{2} and sacrifice it: draw"."""
    game = duel(tmp_path, db, "// Mix\n24 Savannah\n12 Noble Hierarch\n12 Snapcaster Mage\n12 Thraben Inspector\n",
                LANDS)
    decision = play(game, ["^Keep", "^Play land", "^Cast"], lambda g, d: d.seat == 0 and {
        "Noble Hierarch", "Snapcaster Mage", "Clue"} <= {o["name"] for o in g._game.battlefield()} and d.kind ==
        "Priority")
    text = prompt_for(game, decision)
    creatures = line_of(text, "Creatures:")
    assert "Noble Hierarch 0/1 (exalted" in creatures and "exalted;" not in creatures and "flash" not in creatures
    assert "Activate Clue: {2}, Sacrifice this artifact: Draw a card." in [o.label for o in decision.options]
    clean(text)


def test_a_spell_resolving_is_on_the_stack_not_in_the_graveyard(tmp_path, db):
    """Thoughtseize, its card choice waiting, had been listed in its caster's graveyard beside "Stack: empty"."""
    game = duel(tmp_path, db, "// Seize\n24 Swamp\n36 Thoughtseize\n")
    reveal = play(game, ["^Keep", "^Play land", "^Cast Thoughtseize", "^Target: your opp"],
                  lambda g, d: d.kind == "RevealChoice")
    text = prompt_for(game, reveal)
    assert line_of(text, "Stack") == "Stack (top first, resolves first): 1. Thoughtseize (your spell, resolving now)"
    assert "Thoughtseize" not in next((line for line in text.splitlines() if line.startswith("Your graveyard")), "")
    assert reveal.prompt.startswith("Thoughtseize: Target player reveals their hand.")  # it had read "Reveal choice"


def test_the_deck_check_says_why_a_split_or_adventure_card_is_refused(tmp_path, db):
    """Brazen Borrower had been refused with "no rules text in the card store": the bundled data lacks the text of
    its adventure, Petty Theft."""
    path = tmp_path / "borrower.txt"
    path.write_text("4 Brazen Borrower\n56 Island\n", encoding="utf-8")
    with pytest.raises(DeckCheckError) as refused:
        load_deck(path, db)
    why = refused.value.problems["Brazen Borrower // Petty Theft"]
    assert why.startswith("the card store lacks the rules text, cost and type of 'Petty Theft': the bundled card "
                          "data keeps only the first half of split, adventure and modal double-faced cards")
    assert "no rules text in the card store" not in why
