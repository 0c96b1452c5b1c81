"""The fourth strong player's review: passing priority is never withheld; blocks respect "three or more creatures";
what the engine gets wrong is said where it is decided (Chain Lightning's copy, Price of Progress, Cabal Therapy,
a transformed card's mana value, Orcish Bowmasters and a declined dredge, Prismatic Ending's automatic payment);
spectacle, stack items, trigger ordering, Ichorid's exile, replicate and the mana colour read as what they are;
searchDeck counts only cards."""

from __future__ import annotations

from collections import Counter

import phase
import pytest

from grimoire.bench.arena.decks import load_deck
from grimoire.bench.arena.game import Decision, IllegalCombat, Option, block_options, validate_blocks
from grimoire.bench.arena.play import LOOP_LIMIT, _decide
from grimoire.bench.arena.players import Census, Choice
from grimoire.bench.arena.prompt import decision_prompt, grammar_slips, render_stack, system_prompt
from grimoire.bench.arena.tools import ToolContext, card_details, library_contents
from grimoire.bench.arena.wording import effect_sentence

from .test_prompt_board import duel, line_of, play, prompt_for
from .test_wording_fixes import prismatic_ending_targets

PASS = Option(1, "Pass priority (let the top of the stack resolve)", {"type": "PassPriority"})
BOLT = Option(2, "Cast Lightning Bolt {R}", {"type": "CastSpell", "data": {"object_id": 7}})


class Applied:
    """A game stand-in that records the options applied."""

    def __init__(self):
        self.chosen: list[str] = []

    def choose(self, decision, option):
        self.chosen.append(option.label)


class Always:
    """Answers the same option every time it is asked, and keeps what it was told was withheld."""

    name, kind = "always", "test"

    def __init__(self, number: int):
        self.number, self.told = number, []

    def decide(self, game, decision, rejected):
        self.told.append(dict(rejected))
        number = self.number if self.number not in rejected else next(
            o.number for o in decision.options if o.number not in rejected)
        return Choice(number)


def _repeat(player: Always, times: int) -> Applied:
    decision = Decision(seat=0, kind="Priority", category="priority", options=(PASS, BOLT),
                        prompt="You have priority.", turn=25)
    game, census, repeats = Applied(), Census(), Counter()
    for _ in range(times):
        _decide(game, decision, player, census, repeats)
    return game


def test_passing_priority_is_never_withheld_by_the_loop_guard():
    # seven Bridge from Below triggers and a Dread Return: a dozen passes at a decision that reads the same
    player = Always(1)
    game = _repeat(player, LOOP_LIMIT + 8)
    assert game.chosen == [PASS.label] * (LOOP_LIMIT + 8)
    assert not any(player.told)


def test_a_repeated_cast_is_withheld_by_the_harness_and_says_so():
    player = Always(2)
    game = _repeat(player, LOOP_LIMIT + 1)
    assert game.chosen[-1] == PASS.label and game.chosen[:-1] == [BOLT.label] * LOOP_LIMIT
    why = player.told[-1][2]
    decision = Decision(seat=0, kind="Priority", category="priority", options=(PASS, BOLT), prompt="You have priority.")
    view = {"turn": 25, "phase": "PostCombatMain", "active_seat": 1, "battlefield": [], "exile": [], "stack": [],
            "you": {"seat": 0, "life": 5, "hand": [], "library_count": 40, "graveyard": [], "effects": []},
            "opponent": {"seat": 1, "life": 20, "hand_count": 3, "library_count": 40, "graveyard": [], "effects": []}}
    text = decision_prompt(view, [], {}, decision, {2: why})
    assert "Option 2 (Cast Lightning Bolt {R}) is withheld by this harness (the engine did not refuse it): you " \
           f"chose it {LOOP_LIMIT} times" in text
    assert "The engine refused" not in text


# Turn 12 of a Delver-Dredge game: two Insectile Aberrations may block Troll of Khazad-dûm (98), Prized Amalgam (105)
# and Narcomoeba (106); the Troll "can't be blocked except by three or more creatures".
TROLL_BLOCKS = {"player": 0, "valid_blocker_ids": [45, 54],
                "valid_block_targets": {"45": [98, 105, 106], "54": [98, 105, 106]},
                "block_requirements": {"98": {"count": 3, "sources": [98]}}, "block_capacities": {"45": 1, "54": 1}}


def test_no_block_is_offered_on_an_attacker_that_needs_more_blockers_than_it_gets():
    look = {45: "Insectile Aberration 3/2", 54: "Insectile Aberration 3/2", 98: "Troll", 105: "Amalgam",
            106: "Narcomoeba"}.get
    offered = [a["data"]["assignments"] for a in block_options(TROLL_BLOCKS, look=look)]
    assert [] in offered and [[45, 105], [54, 106]] in offered
    assert not any(attacker == 98 for blocks in offered for _, attacker in blocks)
    assert len(offered) == 6  # none; each of two alike blockers on 105 or 106; both on 105, 106 or one each
    with pytest.raises(IllegalCombat, match="three|3 or more"):
        validate_blocks(TROLL_BLOCKS, {"type": "DeclareBlockers", "data": {"assignments": [[45, 98], [54, 98]]}})
    three = dict(TROLL_BLOCKS, valid_blocker_ids=[45, 54, 60], valid_block_targets={
        "45": [98], "54": [98], "60": [98]}, block_capacities={})
    assert [a["data"]["assignments"] for a in block_options(three)] == [[], [[45, 98], [54, 98], [60, 98]]]


def test_chain_lightnings_copy_is_not_offered_since_the_engine_never_makes_it(tmp_path, db, rulebook):
    game = duel(tmp_path, db, "// Chains\n30 Mountain\n30 Chain Lightning\n", "// Lands\n60 Mountain\n")
    # seat 0 waits until the opponent has two Mountains to pay {R}{R} with, then aims Chain Lightning at it
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: g.turn >= 5 and d.seat == 0 and any(
        o.label.startswith("Cast Chain") for o in d.options), other_wants=["^Keep", "^Play land"])
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Cast Chain")))
    decision = play(game, ["^Target: your opponent"], lambda g, d: d.kind == "OptionalEffectChoice")
    assert decision.seat == 1 and "Chain Lightning" in decision.prompt
    assert game.can_pay(1, {"type": "Cost", "generic": 0, "shards": ["Red", "Red"]})
    assert [o.label for o in decision.options] == ["No"]  # paying {R}{R} would only tap two Mountains
    deck = load_deck(tmp_path / "deck0.txt", db)
    details = card_details(ToolContext(game, 0, decision, deck, db, rulebook, []), "Chain Lightning")
    assert "the copy is never made" in details


def test_a_spell_cast_by_spectacle_says_so(tmp_path, db):
    game = duel(tmp_path, db, "// Skewer\n30 Mountain\n15 Lightning Bolt\n15 Skewer the Critics\n",
                "// Lands\n60 Island\n", seed=2)
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: d.seat == 0 and any(o.label.startswith("Cast Skewer") for o in d.options))
    option = next(o for o in decision.options if o.label.startswith("Cast Skewer"))
    assert option.label == "Cast Skewer the Critics by spectacle: {R} (your opponent lost life this turn; {2}{R} is " \
                           "more than your untapped mana sources can pay)"
    game.choose(decision, option)
    assert "Skewer the Critics" in game.decision().prompt  # its target: it is being cast, for {R}


@pytest.mark.parametrize(("deck", "wants", "card", "flaw"), [
    ("// PoP\n30 Mountain\n30 Price of Progress\n", ["^Keep", "^Play land"], "Price of Progress", "it deals no damage"),
    ("// Therapy\n30 Swamp\n30 Cabal Therapy\n", ["^Keep", "^Play land"], "Cabal Therapy",
     "the named card is not discarded"),
])
def test_a_misread_cards_cast_option_decklist_and_details_say_what_the_engine_gets_wrong(tmp_path, db, rulebook,
                                                                                           deck, wants, card, flaw):
    game = duel(tmp_path, db, deck, "// Lands\n60 Island\n")
    decision = play(game, wants, lambda g, d: d.seat == 0 and any(o.label.startswith(f"Cast {card}")
                                                                  for o in d.options))
    label = next(o.label for o in decision.options if o.label.startswith(f"Cast {card}"))
    assert f"(This rules engine plays {card} wrongly: {flaw}" in label
    own = load_deck(tmp_path / "deck0.txt", db)
    assert f"(This rules engine plays {card} wrongly: {flaw}" in system_prompt(own, "Lands")
    assert "enforces every rule;" not in system_prompt(own, "Lands")
    details = card_details(ToolContext(game, 0, decision, own, db, rulebook, []), card)
    assert f"This rules engine plays {card} wrongly: {flaw}" in details


def test_cabal_therapys_flashback_says_the_named_card_is_not_discarded(tmp_path, db):
    game = duel(tmp_path, db, "// Therapy\n30 Swamp\n20 Cabal Therapy\n10 Memnite\n", "// Lands\n60 Island\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Memnite", "^Cast Cabal Therapy", "^Choose:"],
                    lambda g, d: d.seat == 0 and any("by flashback" in o.label for o in d.options))
    label = next(o.label for o in decision.options if "by flashback" in o.label)
    assert label.startswith("Cast Cabal Therapy from graveyard by flashback: sacrifice")
    assert "(This rules engine plays Cabal Therapy wrongly: the named card is not discarded" in label


def stack_line(game, decision, seat=None) -> str:
    return next(line for line in prompt_for(game, decision, seat).splitlines() if line.startswith("Stack"))


def test_a_keywords_trigger_on_the_stack_shows_the_keywords_text(tmp_path, db):
    game = duel(tmp_path, db, "// Swift\n30 Mountain\n15 Monastery Swiftspear\n15 Lightning Bolt\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Monastery", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: any(e["kind"] == "TriggeredAbility" for e in g.view(0)["stack"]))
    line = stack_line(game, decision, 0)
    assert "Monastery Swiftspear (your triggered ability)" in line
    assert ': "Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)"' in line


def test_no_rule_number_reaches_the_stack_and_the_census_catches_one_anywhere(tmp_path, db):
    game = duel(tmp_path, db, "// Rift\n30 Mountain\n30 Rift Bolt\n")
    decision = play(game, ["^Keep", "^Play land", "^Suspend Rift Bolt"], lambda g, d: any(
        "last time counter" in e["text"] for e in g.view(0)["stack"]))
    line = stack_line(game, decision, 0)
    assert 'Rift Bolt (your triggered ability): "When the last time counter' in line and "CR 7" not in line
    assert grammar_slips('1. Solitude (your triggered ability): "CR 702.74a: When Solitude enters, ..."')


def test_alike_stack_items_are_shown_once_with_their_numbers_and_count():
    bridge = {"source": "Bridge from Below", "controller": 1, "kind": "TriggeredAbility", "targets": [],
              "text": "Whenever a nontoken creature is put into your graveyard from the battlefield, if this card is "
                      "in your graveyard, create a 2/2 black Zombie creature token."}
    dread = {"source": "Dread Return", "controller": 1, "kind": "Spell", "text": "",
             "targets": ["Troll of Khazad-dûm in your opponent's graveyard"]}
    assert render_stack([dread, *[bridge] * 7], 0) == (
        "Stack (top first, resolves first): 1-7. Bridge from Below (your opponent's triggered ability) x7: "
        f"\"{bridge['text']}\"; 8. Dread Return (your opponent's spell, targeting Troll of Khazad-dûm in your "
        "opponent's graveyard)")


# Recorded from the review's games: Prized Amalgam's delayed trigger on the stack and in the trigger order holds no
# text, only its ability {"effect": {"type": "ChangeZone", "origin": "Graveyard", "destination": "Battlefield",
# "target": {"type": "SelfRef"}, "enter_tapped": true, ...}}; Reflection of Kiki-Jiki's sacrifice {"type":
# "Sacrifice", "target": {"type": "LastCreated"}, "count": ...}.
def test_a_delayed_trigger_without_text_says_what_it_does():
    back = {"type": "ChangeZone", "origin": "Graveyard", "destination": "Battlefield", "target": {"type": "SelfRef"},
            "owner_library": False, "enter_transformed": False, "enter_tapped": True, "enters_attacking": False}
    assert effect_sentence(back, "Prized Amalgam") == \
        "Return Prized Amalgam from the graveyard to the battlefield tapped."
    sacrifice = {"type": "Sacrifice", "target": {"type": "LastCreated"}, "count": {"type": "Fixed", "value": 1}}
    assert effect_sentence(sacrifice, "Reflection of Kiki-Jiki") == "Sacrifice the token it created."


def test_a_cycling_ability_is_not_shown_on_the_permanent(tmp_path, db):
    game = duel(tmp_path, db, "// Lands\n60 Island\n", "// Troll\n40 Swamp\n20 Troll of Khazad-dûm\n")
    decision = play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and any(
        o["name"] == "Troll of Khazad-dûm" for o in g._game.battlefield()), other_wants=["^Keep", "^Play land",
                                                                                         "^Cast Troll"])
    board = line_of(prompt_for(game, decision, 0), "Creatures:")
    assert "Troll of Khazad-dûm 6/5 (can't attack or {T} yet) — \"Troll of Khazad-dûm can't be blocked except by " \
           "three or more creatures.\"" in board
    assert "discard" not in board and "search" not in board


def test_the_trigger_order_shows_each_triggers_text_and_alike_ones_once(tmp_path, db):
    game = duel(tmp_path, db, "// Prowess\n24 Mountain\n12 Monastery Swiftspear\n12 Eidolon of the Great Revel\n"
                              "12 Lightning Bolt\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Monastery", "^Cast Eidolon", "^Cast Lightning",
                           "^Target: your opponent"], lambda g, d: d.seat == 0 and d.kind == "OrderTriggers")
    assert "Monastery Swiftspear: Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until " \
           "end of turn.)" in decision.prompt
    assert "Swiftspear: Prowess 2." not in decision.prompt  # (the keyword alone had been its text)


def test_replicate_is_asked_once_as_replicate_after_the_target(tmp_path, db):
    game = duel(tmp_path, db, "// Consign\n30 Island\n30 Consign to Memory\n", "// Memnite\n30 Mountain\n30 Memnite\n")
    asked = []
    decision = play(game, ["^Keep", "^Play land", "^Cast Consign", "^Target: your opponent's Memnite"],
                    lambda g, d: d.seat == 0 and d.kind == "OptionalCostChoice" and len(d.options) > 1 or
                    asked.append([o.label for o in d.options]) and False,
                    other_wants=["^Keep", "^Play land", "^Cast Memnite"])
    assert ["No"] in asked  # the first ask, before the target: its payments copy nothing, so it is declined
    assert decision.prompt == "Replicate Consign to Memory: pay {1} for one more copy of it when it is cast?"
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Yes")))
    again = game.decision()
    assert again.prompt.endswith("(paid once so far)"), again.prompt


def test_ichorids_exile_says_what_it_exiles_and_why(tmp_path, db):
    game = duel(tmp_path, db, "// Ichorid\n24 Island\n18 Careful Study\n9 Ichorid\n9 Stinkweed Imp\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Careful", "^Discard: Ichorid, Stinkweed Imp", "^Yes",
                           "^Draw normally", "^Discard"], lambda g, d: d.kind == "EffectZoneChoice")
    assert decision.prompt.startswith("Ichorid: At the beginning of your upkeep, if this card is in your graveyard, "
                                      "you may exile a black creature card other than this card from your "
                                      "graveyard. If you do, return this card to the battlefield.")
    assert decision.prompt.endswith("Choose 1 card to exile from your graveyard.")
    assert "Exile: Stinkweed Imp (from your graveyard)" in [o.label for o in decision.options]


def test_the_mana_colour_names_its_source_and_what_it_pays_for(tmp_path, db):
    game = duel(tmp_path, db, "// Petals\n30 Lotus Petal\n30 Lightning Bolt\n", "// Lands\n60 Island\n")
    decision = play(game, ["^Keep", "^Cast Lotus", "^Cast Lightning", "^Target: your opponent", "^Tap Lotus",
                           "^Activate Lotus Petal"], lambda g, d: d.seat == 0 and d.kind == "ChooseManaColor")
    assert decision.prompt == "Lotus Petal makes mana of the colour you choose, for Lightning Bolt (still to pay " \
                              "{R}): choose the colour."


def test_a_token_in_a_cost_choice_says_it_is_a_token_with_its_power_and_toughness(tmp_path, db):
    game = duel(tmp_path, db, "// Goblins\n24 Mountain\n18 Mogg War Marshal\n18 Goblin Bombardment\n",
                "// Lands\n60 Island\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Goblin Bomb", "^Cast Mogg", "^Activate Goblin Bomb"],
                    lambda g, d: d.kind == "PayCost" and any(o.get("is_token") for o in g._game.battlefield()),
                    max_decisions=1500)
    assert any(o.label.startswith("Sacrifice: Goblin 1/1 (token") for o in decision.options), decision.options


def test_the_rules_summary_says_loyalty_abilities_are_sorcery_speed(decks):
    assert "except a planeswalker's loyalty abilities: one a turn for each planeswalker, in your main phase with an " \
           "empty stack" in " ".join(system_prompt(decks[0], "Red Burn").split())


def test_search_deck_does_not_count_cards_being_delved_as_in_the_library(tmp_path, db):
    game = duel(tmp_path, db, "// Murktide\n24 Island\n18 Ponder\n18 Murktide Regent\n")
    play(game, ["^Keep", "^Play land", "^Cast Murktide", "^Cast Ponder", "^Exile"],
         lambda g, d: d.kind == "ManaPayment" and g._pending_cast().get("delved_cards"))
    deck = load_deck(tmp_path / "deck0.txt", db)
    assert sum(library_contents(game, 0, deck).values()) == len(game._game.player(0)["library"])


class Seen:
    """A game stand-in whose view is given: a card and a token copy of it, and a card being delved."""

    def __init__(self, view):
        self._view = view

    def view(self, seat):
        return self._view


def test_search_deck_does_not_take_a_token_copy_out_of_the_library(tmp_path, db):
    (tmp_path / "deck.txt").write_text("// Tempo\n20 Island\n20 Snapcaster Mage\n20 Ponder\n", encoding="utf-8")
    deck = load_deck(tmp_path / "deck.txt", db)
    snapcaster = {"id": 5, "name": "Snapcaster Mage", "owner": 0, "controller": 0}
    view = {"you": {"hand": [], "graveyard": [], "delving": [{"id": 9, "name": "Ponder", "owner": 0}]},
            "battlefield": [snapcaster, {**snapcaster, "id": 77, "token": True}], "exile": [], "stack": []}
    assert library_contents(Seen(view), 0, deck) == Counter({"Island": 20, "Snapcaster Mage": 19, "Ponder": 19})


def test_a_transformed_permanents_mana_value_is_its_front_faces_and_the_engines_zero_is_said(tmp_path, db):
    game = duel(tmp_path, db, "// PE\n12 Plains\n12 Island\n36 Prismatic Ending\n",
                "// Delver\n20 Island\n20 Delver of Secrets\n20 Brainstorm\n")
    play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and any(
        o.label.startswith("Cast Prismatic") for o in d.options) and any(
        o["name"] == "Insectile Aberration" for o in g._game.battlefield()),
        other_wants=["^Keep", "^Play land", "^Cast Delver", "^Cast Brainstorm", "^Yes"])
    targets = play(game, ["^Cast Prismatic"], lambda g, d: d.kind == "TargetSelection")
    aberration = next(o for o in targets.options if "Insectile Aberration" in o.label)
    assert aberration.label == "Target: Insectile Aberration (opponent's battlefield; mana value 1, which this rules " \
                               "engine counts as 0)"
    game.choose(targets, aberration)
    assert game.decision().prompt.endswith("Mana value of the target: Insectile Aberration 1, which this rules engine "
                                           "counts as 0.")


def test_prismatic_endings_x_says_the_colours_the_automatic_payment_spends(tmp_path, db):
    game, targets = prismatic_ending_targets(tmp_path, db)
    game.choose(targets, next(o for o in targets.options if "Jace" in o.label))
    x = game.decision()
    assert "this rules engine pays by itself as soon as X is chosen, and each X says the colours its payment " \
           "spends" in x.prompt
    spell = game.waiting_for()["data"]["pending_cast"]["object_id"]
    for option in (o for o in x.options if o.action.get("type") == "ChooseX"):
        copy = game._engine.load_game(game._game.state())  # what the engine's own payment spends at that X
        copy.apply(0, phase.GameAction.from_dict(option.action))
        spent = [c for c in ("white", "blue", "black", "red", "green")
                 if copy.object(spell)["colors_spent_to_cast"].get(c)]
        assert option.label == f"X = {option.action['data']['value']} (the automatic payment spends {len(spent)} " \
                               f"colour{'' if len(spent) == 1 else 's'}: {', '.join(spent)})"


def test_a_dredge_choice_facing_orcish_bowmasters_says_the_engine_does_not_trigger_it(tmp_path, db):
    game = duel(tmp_path, db, "// Dredge\n24 Island\n18 Careful Study\n18 Stinkweed Imp\n",
                "// Bowmasters\n30 Swamp\n30 Orcish Bowmasters\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Careful", "^Discard: Stinkweed Imp", "^Draw normally"],
                    lambda g, d: d.seat == 0 and d.kind == "ReplacementChoice" and g.phase != "Draw" and any(
                        o["name"] == "Orcish Bowmasters" for o in g._game.battlefield()) and "normally?" in d.prompt,
                    other_wants=["^Keep", "^Play land", "^Cast Orcish", "^Target: your opponent"], max_decisions=1500)
    assert decision.prompt.endswith("dredge instead, or draw normally? (This rules engine does not trigger your "
                                    "opponent's Orcish Bowmasters on a card you draw normally here.)")
