"""The fifth strong player's review: a target the engine picks by itself is shown, where it can be known before the
cast and on the stack while the cast goes on; what the automatic payment taps or sacrifices is said; attacks with
many attackers can be built; a spell cast by flashback is on the stack while it resolves; and the log, the board
and the wording say what happened."""

from __future__ import annotations

import pytest

from grimoire.bench.arena.game import LONE_TARGET
from grimoire.bench.arena.players import HeuristicBot
from grimoire.bench.arena.prompt import render_stack

from .test_prompt_board import duel, line_of, play, prompt_for

BOLTS_AND_LANDS = "// Bolts\n30 Mountain\n30 Lightning Bolt\n"
FORCE = "// Blue\n24 Island\n18 Brainstorm\n18 Force of Will\n"


@pytest.fixture(scope="module")
def own_brainstorm(tmp_path_factory, db):
    """Seat 0 has cast Brainstorm with its only Island and holds Force of Will: Brainstorm is its only target."""
    game = duel(tmp_path_factory.mktemp("force"), db, FORCE, seed=1)
    decision = play(game, ["^Keep", "^Play land", "^Cast Brainstorm"], lambda g, d: d.seat == 0 and any(
        o.label.startswith("Cast Force") for o in d.options))
    return game, decision


def test_a_lone_target_the_engine_picks_is_named_in_the_cast_option(own_brainstorm):
    game, decision = own_brainstorm
    force = next(o for o in decision.options if o.label.startswith("Cast Force"))
    assert force.label.endswith(f"({LONE_TARGET}your Brainstorm, stack item 1)")
    player = HeuristicBot(seed=1)
    assert player.decide(game, decision, {}).number != force.number  # the bot no longer counters its own spell


def test_the_spell_being_cast_shows_the_target_the_engine_picked(own_brainstorm, tmp_path, db):
    game, _ = own_brainstorm
    replayed = duel(tmp_path, db, FORCE, seed=1)
    for seat, action in game.history:
        replayed.apply(seat, action)
    decision = replayed.decision()
    replayed.choose(decision, next(o for o in decision.options if o.label.startswith("Cast Force")))
    decision = replayed.decision()
    assert decision.kind == "OptionalCostChoice"
    stack = render_stack(replayed.view(0)["stack"], 0)
    assert "1. Force of Will (your spell, targeting your Brainstorm (stack item 2))" in stack
    replayed.choose(decision, next(o for o in decision.options if o.label.startswith("Yes")))
    decision = replayed.decision()  # the blue card to exile: the target still shows
    assert decision.prompt == "Pay the cost of Force of Will: choose 1 card to exile from your hand."
    assert "Force of Will (your spell, targeting your Brainstorm" in line_of(prompt_for(replayed, decision), "Stack")


def test_finishing_the_payment_says_it_sacrifices_the_spells_own_target(tmp_path, db):
    # Island and Lotus Petal: Prismatic Ending aimed at the Petal, whose mana is the only white there is
    game = duel(tmp_path, db, "// Petal\n20 Island\n20 Lotus Petal\n20 Prismatic Ending\n", seed=1)
    decision = play(game, ["^Keep", "^Play land", "^Cast Lotus", "^Cast Prismatic", "^Target: Lotus"],
                    lambda g, d: d.seat == 0 and d.kind == "ChooseXValue")
    # the payment is asked at a step of its own here: the X note says so, and no X claims colours it cannot know
    assert "once X is chosen you pay at a payment step" in decision.prompt
    assert "pays by itself as soon as X is chosen" not in decision.prompt
    assert [o.label for o in decision.options if o.label.startswith("X")] == ["X = 0", "X = 1", "X = 2"]
    game.choose(decision, decision.options[1])
    decision = game.decision()
    assert decision.kind == "ManaPayment"
    assert decision.options[0].label == "Finish paying ({W} is paid automatically: it sacrifices Lotus Petal (the " \
                                        "target of Prismatic Ending, which then loses that target))"


def test_the_last_target_says_which_lands_the_automatic_payment_taps(tmp_path, db):
    game = duel(tmp_path, db, "// Helix\n20 Volcanic Island\n20 Plateau\n20 Lightning Helix\n", seed=1)
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning"],
                    lambda g, d: d.seat == 0 and d.kind == "TargetSelection")
    said = decision.prompt.split("the engine pays {R}{W} by itself: it taps ")[1].rstrip(".")
    game.choose(decision, next(o for o in decision.options if o.label == "Target: your opponent"))
    tapped = sorted(o["name"] for o in game._game.battlefield() if o["controller"] == 0 and o.get("tapped"))
    assert said == "Plateau x2" and tapped == ["Plateau", "Plateau"]


def test_the_rules_summary_tells_the_truth_about_payment_and_flash(decks):
    from grimoire.bench.arena.prompt import system_prompt

    text = " ".join(system_prompt(decks[0], decks[1].title).split())
    assert "Before finishing you may activate a mana source yourself" not in text
    assert "you cannot choose the lands" in text
    assert "unless the card has flash" in text and "Instants, spells with flash and activated abilities" in text


def test_a_spell_cast_by_flashback_is_on_the_stack_while_it_resolves_not_in_exile(tmp_path, db):
    game = duel(tmp_path, db, "// Looting\n30 Mountain\n30 Faithless Looting\n", seed=1)
    decision = play(game, ["^Keep", "^Play land", "by flashback", "^Cast Faithless"], lambda g, d: d.kind == "Discard"
                    "Choice" and any(entry["kind"] == "Spell" for entry in g.view(0)["stack"]) and any(
                        o["name"] == "Faithless Looting" for o in g._game.exile()))
    text = prompt_for(game, decision)
    assert line_of(text, "Stack") == "Stack (top first, resolves first): 1. Faithless Looting (your spell, resolving " \
                                     "now)"
    assert "0 in exile" in line_of(text, "You:") and not any(line.startswith("Exile:") for line in text.splitlines())


def test_one_card_reads_as_one_card_and_a_tapped_land_as_tapped(tmp_path, db):
    game = duel(tmp_path, db, BOLTS_AND_LANDS, seed=2)
    mulligan = {0: ["^Mulligan"], 1: ["^Keep"]}
    for _ in range(6):
        decision = game.decision()
        if decision.seat == 0 and "put on the bottom" in decision.prompt:
            break
        want = mulligan[decision.seat][0]
        game.choose(decision, next(o for o in decision.options if o.label.startswith(want[1:])))
        mulligan[0] = ["^Keep"]
    assert "choose 1 card to put on the bottom" in decision.prompt
    game._objects[9001] = {"id": 9001, "name": "Underground Sea", "zone": "Battlefield"}
    game._board_text = lambda object_id, seat, combat=False: "Underground Sea (tapped)"
    assert game._which({"type": "ChooseTarget", "data": {"target": {"Object": 9001}}}, 0) == "tapped"
    assert game.describe_prompt("PayCost", {"kind": {"type": "ExileFromZone", "zone": "Hand"}, "count": 2}, 0) == \
        "Pay the cost of this spell: choose 2 cards to exile from your hand."


def test_a_countered_chapter_is_logged_as_the_chapter_not_the_saga(tmp_path, db):
    game = duel(tmp_path, db, BOLTS_AND_LANDS)
    card = {"type": "CardName", "value": {"name": "Consign to Memory", "object_id": 70}}
    fable = {"type": "CardName", "value": {"name": "Fable of the Mirror-Breaker", "object_id": 40}}
    line = [card, {"type": "Text", "value": " counters "}, fable]
    chapter = {"id": 90, "source_id": 40, "controller": 1, "kind": {"type": "TriggeredAbility", "data": {
        "source_id": 40, "ability": {"description": "Chapter 2", "targets": []}}}}
    game._stack_before = [chapter, {"id": 70, "source_id": 70, "controller": 0, "kind": {"type": "Spell"}}]
    text = "".join(str(s["value"] if s["type"] == "Text" else s["value"]["name"]) for s in game._reworded(line))
    assert text == "Consign to Memory counters the chapter II ability of Fable of the Mirror-Breaker"
    game._stack_before = [{"id": 40, "source_id": 40, "controller": 1, "kind": {"type": "Spell"}}]
    assert game._reworded(line) == line  # a spell countered reads as before


# g17's attack: nine possible attackers, three Prized Amalgams, three Ichorids, Griselbrand and two Zombie tokens
NINE = {"valid_attacker_ids": list(range(1, 10)), "valid_attack_targets": [{"Player": 1}], "attacker_constraints": {}}
LOOKS = {1: "Prized Amalgam 3/3", 2: "Prized Amalgam 3/3", 3: "Prized Amalgam 3/3", 4: "Ichorid 3/1 (haste)",
         5: "Ichorid 3/1 (haste)", 6: "Ichorid 3/1 (haste)", 7: "Griselbrand 7/7", 8: "Zombie 2/2 (token)",
         9: "Zombie 2/2 (token)"}


def test_an_attack_with_many_attackers_is_built_from_groups_of_alike_creatures():
    from grimoire.bench.arena.game import MAX_COMBAT_OPTIONS, attack_options

    offered = [sorted(a for a, _ in o["data"]["attacks"]) for o in attack_options(NINE, look=LOOKS.get)]
    assert len(offered) <= MAX_COMBAT_OPTIONS and len(offered) == 19  # had been 10: none, each alone, all, all but one
    assert [4, 5, 6, 7] in offered and [1, 2, 3, 8, 9] in offered  # the Ichorids with Griselbrand; Amalgams, Zombies
    assert [1, 2, 3, 4, 5, 6, 7, 9] in offered and [] in offered and list(range(1, 10)) in offered
    few = dict(NINE, valid_attacker_ids=[1, 2, 3, 4, 5, 6, 7])  # 128 ways, but 4 x 4 x 2 counts of alike creatures
    assert len(attack_options(few, look=LOOKS.get)) == 32


def test_an_attack_label_counts_alike_attackers_by_what_they_attack(tmp_path, db):
    game = duel(tmp_path, db, BOLTS_AND_LANDS)
    for object_id, look in LOOKS.items():
        game._objects[900 + object_id] = {"id": 900 + object_id, "name": look.split(" ")[0] if "Prized" not in look
                                          else "Prized Amalgam", "zone": "Battlefield"}
    attacks = [[900 + a, {"Player": 1}] for a in (1, 4, 2, 7, 5, 3, 6, 8, 9)]
    label = game.label({"type": "DeclareAttackers", "data": {"attacks": attacks}}, 0)
    assert label == "Attack with Prized Amalgam x3, Ichorid x3, Griselbrand, Zombie x2 -> your opponent"


def test_a_regeneration_shield_shows_on_the_permanent(tmp_path, db):
    from grimoire.bench.arena.prompt import permanent_text

    game = duel(tmp_path, db, BOLTS_AND_LANDS)
    troll = {"id": 21, "name": "Golgari Grave-Troll", "zone": "Battlefield", "controller": 0, "owner": 0, "power": 4,
             "toughness": 4, "card_types": {"core_types": ["Creature"]}, "entered_battlefield_turn": 0,
             "replacement_definitions": [{"description": "Regenerate", "shield_kind": "Regeneration",
                                          "expiry": {"type": "EndOfTurn"}}]}
    shown = permanent_text(game._card(troll, 0, whole_state=True), sick_shown=False, with_text=False)
    assert shown == "Golgari Grave-Troll 4/4 (regeneration shield until end of turn)"


def _entry(importance: str, *segments: dict) -> dict:
    return {"turn": 1, "segments": list(segments), "presentation": {"importance": importance, "visibility": "Public"}}


def test_a_creature_that_dies_to_0_toughness_is_logged_with_its_cause(tmp_path, db):
    game = duel(tmp_path, db, BOLTS_AND_LANDS)
    troll = {"type": "CardName", "value": {"name": "Golgari Grave-Troll", "object_id": 922}}
    game._objects[922] = {"id": 922, "name": "Golgari Grave-Troll", "zone": "Graveyard", "owner": 0,
                          "card_types": {"core_types": ["Creature"]}}
    moved = _entry("Detail", troll, {"type": "Text", "value": " moves from "}, {"type": "Zone", "value": "Battlefield"},
                   {"type": "Text", "value": " to "}, {"type": "Zone", "value": "Graveyard"})
    removed = _entry("Essential", {"type": "Text", "value": "1 +1/+1 counter removed from "}, troll)
    game._record([removed, moved])
    assert game.log_for(0)[-1][1] == "Your Golgari Grave-Troll dies (its toughness fell to 0 as a counter was removed)"
    before = len(game.log)
    game._record([moved, _entry("Essential", {"type": "PlayerName", "value": {"name": "Player 1", "player_id": 0}},
                                {"type": "Text", "value": " sacrifices "}, troll)])
    assert len(game.log) == before + 1 and "dies" not in game.log_for(0)[-1][1]  # the sacrifice line says it
