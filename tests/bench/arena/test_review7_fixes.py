"""The seventh strong player's review: the log says whose every destroyed permanent and every targeting spell was,
a token is called one throughout, an abandoned cast's life has its cause, costs follow what they pay for, a spell
countered on resolution is logged, the log stops at the game's end; the prompt's payment notes, damage assignment,
delayed triggers, reveals and rules summary; and the heuristic bot neither harms itself nor dies to The One Ring."""

from __future__ import annotations

from types import SimpleNamespace

from grimoire.bench.arena import players
from grimoire.bench.arena.players import HeuristicBot, _ability_of
from grimoire.bench.arena.prompt import render_stack, system_prompt
from grimoire.bench.arena.wording import ability_words

from .test_prompt_board import duel, play, prompt_for

MOUNTAINS = "// Bolts\n30 Mountain\n30 Lightning Bolt\n"


def _log(game, seat: int) -> list[str]:
    return [text for _, text in game.log_for(seat)]


def test_a_wrath_says_whose_each_permanent_was(tmp_path, db):
    game = duel(tmp_path, db, "// Verdict\n24 Tundra\n36 Supreme Verdict\n", "// Imps\n24 Swamp\n36 Stinkweed Imp\n")
    play(game, ["^Keep", "^Play land", "^Cast Supreme"], lambda g, d: any("is destroyed" in x for x in _log(g, 0)),
         other_wants=["^Keep", "^Play land", "^Cast Stinkweed"])
    # (the Imp, cast and never named on the battlefield, had been "Stinkweed Imp is destroyed": nobody's)
    assert "Your opponent's Stinkweed Imp is destroyed" in _log(game, 0)
    assert "Your Stinkweed Imp is destroyed" in _log(game, 1)


def test_a_token_is_called_a_token_when_it_leaves_as_when_it_was_created(tmp_path, db):
    game = duel(tmp_path, db, "// Verdict\n24 Tundra\n36 Supreme Verdict\n",
                "// Orcs\n24 Swamp\n36 Orcish Bowmasters\n")
    play(game, ["^Keep", "^Play land", "^Cast Supreme"], lambda g, d: any("is destroyed" in x for x in _log(g, 0)),
         other_wants=["^Keep", "^Play land", "^Cast Orcish", "^Target: your opponent$"])
    assert any(line.endswith("Orc Army token is created") for line in _log(game, 0))
    assert "Your opponent's Orc Army token is destroyed" in _log(game, 0)  # ("Your opponent's Orc Army" had read)


def test_the_log_stops_at_the_games_end(tmp_path, db):
    game = duel(tmp_path, db, MOUNTAINS, "// Lands\n40 Island\n20 Brainstorm\n")
    for _ in range(2000):
        decision = game.decision()
        if decision is None:
            break
        wants = ["^Play land", "^Cast Lightning", "^Target: your opponent$", "^Keep"] if decision.seat == 0 else \
            ["^Keep", "^Play land"]
        game.choose(decision, next((o for want in wants for o in decision.options if o.label.startswith(want.strip(
            "^$")) and (not want.endswith("$") or o.label == want.strip("^$"))), decision.options[0]))
    log = _log(game, 0)
    lost = next(n for n, line in enumerate(log) if line.endswith(" loses the game"))
    assert all(" is eliminated" in line or "Game over" in line for line in log[lost + 1:]), log[lost + 1:]


def test_fetching_logs_the_activation_before_its_costs(tmp_path, db):
    game = duel(tmp_path, db, "// Tarns\n30 Scalding Tarn\n30 Island\n")
    play(game, ["^Keep", "^Play land: Scalding", "^Play land", "^Activate Scalding"],
         lambda g, d: any("sacrifices Scalding Tarn" in line for line in _log(g, 0)))
    log = _log(game, 0)
    activates = next(n for n, line in enumerate(log) if "activates ability: Scalding Tarn" in line)
    assert "loses 1 life" in log[activates + 1] and "sacrifices Scalding Tarn" in log[activates + 2], log


def test_the_engines_payment_is_said_at_the_last_target_when_the_cast_triggers_something(tmp_path, db):
    game = duel(tmp_path, db, "// Prowess\n24 Mountain\n18 Monastery Swiftspear\n18 Lightning Bolt\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Monastery", "^Cast Lightning"], lambda g, d: d.seat == 0 and
                    d.kind == "TargetSelection" and any(o["name"] == "Monastery Swiftspear" for o in
                                                        g._game.battlefield()))
    assert "Once the target is chosen, the engine pays {R} by itself: it taps Mountain." in \
        prompt_for(game, decision)


def test_a_delayed_return_of_a_card_that_left_its_zone_says_it_will_do_nothing(tmp_path, db):
    game = duel(tmp_path, db, "// Amalgams\n24 Swamp\n36 Prized Amalgam\n")
    play(game, ["^Keep"], lambda g, d: d.kind == "Priority")
    amalgam = next(o for o in game._game.hand(0) if o["name"] == "Prized Amalgam")
    ability = {"effect": {"type": "ChangeZone", "origin": "Graveyard", "destination": "Battlefield",
                          "target": {"type": "SelfRef"}, "enter_tapped": True}, "targets": [],
               "source_id": amalgam["id"],
               "trigger_source": {"identity": {"reference": {"object_id": amalgam["id"], "incarnation": 1},
                                               "expected_zone": "Graveyard"}, "lki": {"name": "Prized Amalgam"}}}
    entry = {"id": 999, "source_id": amalgam["id"], "controller": 1,
             "kind": {"type": "TriggeredAbility", "data": {"source_id": amalgam["id"], "ability": ability}}}
    item = game._stack_entry(entry, 0)
    assert render_stack([item], 0) == 'Stack (top first, resolves first): 1. Prized Amalgam (your opponent\'s ' \
        'triggered ability): "Return Prized Amalgam from the graveyard to the battlefield tapped." (the Prized ' \
        'Amalgam it would return has left the graveyard: it will do nothing)'


def test_damage_assignment_says_the_blockers_are_the_opponents(tmp_path, db):
    amalgams = "// Amalgams\n24 Swamp\n36 Prized Amalgam\n"
    game = duel(tmp_path, db, amalgams, amalgams)
    play(game, ["^Keep"], lambda g, d: d.kind == "Priority", other_wants=["^Keep"])
    mine, theirs = (next(o["id"] for o in game._game.hand(seat) if o["name"] == "Prized Amalgam") for seat in (0, 1))
    data = {"attacker_id": mine, "total_damage": 3, "blockers": [{"blocker_id": theirs, "lethal_minimum": 3}]}
    text = game.describe_prompt("AssignCombatDamage", data, 0)
    assert f"is blocked by your opponent's {game.name_of(theirs)}" in text


def test_a_treasures_ability_reads_as_oracle_text():
    treasure = {"kind": "Activated", "cost": {"type": "Composite", "costs": [{"type": "Tap"}, {
        "type": "Sacrifice", "count": 1, "target": {"type": "SelfRef"}}]},
                "effect": {"type": "Mana", "produced": {"type": "AnyOneColor", "color_options": []}}}
    assert ability_words(treasure, "this artifact") == "{T}, Sacrifice this artifact: Add one mana of any color."


def test_the_rules_summary_gives_the_maximum_hand_size(decks):
    assert "Maximum hand size: seven. In your cleanup step you discard down to seven cards." in \
        system_prompt(decks[0], "burn")


def test_delvers_reveal_of_a_card_that_cannot_transform_it_says_so(tmp_path, db):
    game = duel(tmp_path, db, "// Delvers\n30 Island\n30 Delver of Secrets\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Delver"], lambda g, d: d.seat == 0 and any(
        o.label.startswith("Yes: reveal it") for o in d.options))
    reveal = next(o for o in decision.options if o.label.startswith("Yes: reveal it"))
    assert reveal.label.endswith("is no instant or sorcery card: revealing it only shows it to your opponent)")


def test_the_heuristic_bot_would_rather_cancel_than_aim_harm_at_itself():
    bot = HeuristicBot()
    decision = SimpleNamespace(prompt="Choose a target for Lightning Bolt: Lightning Bolt deals 3 damage to any "
                                      "target.")
    at_itself = bot._target_score(None, decision, {"Player": 0}, 0, {"stack": []})
    assert at_itself < -10.0  # (Cancel scores -10)


def test_the_heuristic_bot_stops_drawing_with_the_one_ring_before_the_burden_kills_it(tmp_path, db):
    game = duel(tmp_path, db, "// Ring\n24 Island\n36 The One Ring\n")
    ring = dict(next(o for o in game._game.hand(0) if o["name"] == "The One Ring"))
    draw, too_heavy = _ability_of(ring, 0), players._burden_too_heavy
    assert not too_heavy({**ring, "counters": {"burden": 1}}, draw, 20)
    assert too_heavy({**ring, "counters": {"burden": 4}}, draw, 17)
    assert too_heavy({**ring, "counters": {}}, draw, 3)


def test_life_paid_for_a_cast_taken_back_is_logged_with_its_cause(tmp_path, db):
    game = duel(tmp_path, db, "// FoW\n20 Island\n40 Force of Will\n", MOUNTAINS)
    decision = play(game, ["^Keep", "^Play land", "^Cast Force", "^Yes"], lambda g, d: d.seat == 0 and g.life(0) < 20
                    and any(o.label.startswith("Cancel") for o in d.options),
                    other_wants=["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent$"])
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Cancel")))
    assert _log(game, 1)[-2:] == ["Opponent loses 1 life", "Opponent started casting Force of Will (paid 1 life) and "
                                  "took it back; the engine keeps the life"]


def test_a_targeting_line_says_whose_spell_aims_at_whose_permanent(tmp_path, db):
    game = duel(tmp_path, db, MOUNTAINS, "// Guides\n24 Mountain\n36 Goblin Guide\n")
    while not any("is targeted by" in line for line in _log(game, 0)):
        decision = game.decision()
        guide = any(o["name"] == "Goblin Guide" for o in game._game.battlefield())
        wants = ["Keep", "Play land", "Target: Goblin", *(["Cast Lightning"] if guide else [])] \
            if decision.seat == 0 else ["Keep", "Play land", "Cast Goblin"]
        game.choose(decision, next((o for want in wants for o in decision.options if o.label.startswith(want)),
                                   decision.options[0]))
    # (two Forces of Will at one Swords to Plowshares had each read "... is targeted by Force of Will")
    assert "Your opponent's Goblin Guide is targeted by your Lightning Bolt" in _log(game, 0)
    assert "Your Goblin Guide is targeted by your opponent's Lightning Bolt" in _log(game, 1)


def _entry(importance: str, *segments: dict) -> dict:
    return {"turn": 1, "segments": list(segments), "presentation": {"importance": importance, "visibility": "Public"}}


def test_a_spell_that_leaves_the_stack_unresolved_is_logged_countered(tmp_path, db):
    game = duel(tmp_path, db, MOUNTAINS)
    force = {"type": "CardName", "value": {"name": "Force of Will", "object_id": 922}}
    game._objects[922] = {"id": 922, "name": "Force of Will", "zone": "Graveyard", "owner": 1}
    moved = _entry("Detail", force, {"type": "Text", "value": " moves from "}, {"type": "Zone", "value": "Stack"},
                   {"type": "Text", "value": " to "}, {"type": "Zone", "value": "Graveyard"})
    game._record([moved])  # (the second Force of Will, its target countered by the first, had left no line)
    assert _log(game, 0)[-1] == "Your opponent's Force of Will is countered on resolution: no legal target is left"
    before = len(game.log)
    game._record([_entry("Detail", force, {"type": "Text", "value": "'s effect resolves"}), moved])
    assert len(game.log) == before  # one that resolved: no such line


def test_exiling_a_card_whose_own_trigger_waits_on_the_stack_says_that_trigger_then_does_nothing(tmp_path, db):
    game = duel(tmp_path, db, MOUNTAINS)
    ichorids = [{"id": n, "name": "Ichorid", "zone": "Graveyard", "owner": 0} for n in (901, 902)]
    game._objects.update({obj["id"]: obj for obj in ichorids})
    upkeep = [{"id": 990 + n, "source_id": obj["id"], "controller": 0, "kind": {"type": "TriggeredAbility"}}
              for n, obj in enumerate(ichorids)]  # (bottom first, as the engine lists the stack)
    game._waiting = {"type": "EffectZoneChoice", "data": {"source_id": 902, "cards": [901]}}
    game._game, game._state = SimpleNamespace(stack=lambda: upkeep), {}  # (no frame: nothing resolves off the stack)
    assert game._trigger_lost([901]) == " (its own trigger, stack item 2, then does nothing)"
    assert game._trigger_lost([903]) == ""


def test_a_payment_with_no_source_to_choose_asks_to_finish_or_cancel(tmp_path, db):
    game = duel(tmp_path, db, MOUNTAINS)
    bolt = game._game.hand(0)[0]["id"]
    game.name_of(bolt)  # (read now, from the engine the test then replaces)

    def offered(*kinds: str) -> SimpleNamespace:
        return SimpleNamespace(actions=lambda: [SimpleNamespace(to_dict=lambda k=k: {"type": k}) for k in kinds])

    game._pending_cast = lambda: {"cost": {"type": "Cost", "shards": ["Red"], "generic": 0}, "card_id": bolt}
    game._left_to_pay = lambda seat: "{R}"
    game._game = offered("PassPriority", "CancelCast")  # (Murktide Regent's delve done: only Finish and Cancel)
    assert game._payment_text(0).endswith("still to pay {R}. Finish paying, or cancel.")
    game._game = offered("PassPriority", "TapForConvoke", "CancelCast")
    assert game._payment_text(0).endswith("still to pay {R}. Choose a mana source, or finish paying.")
