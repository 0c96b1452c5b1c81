"""What a model sees of the board, in real engine games: keywords, summoning sickness, counters, attachments,
loyalty once, stack targets, the mana pool, the cards its effects let it look at and the order it puts them back
in, and no grammar slip or engine structure anywhere."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest

from grimoire.bench.arena.census import CensusReport
from grimoire.bench.arena.decks import card_data_for, load_deck
from grimoire.bench.arena.game import Deal, Decision, Game
from grimoire.bench.arena.play import is_auto_pass
from grimoire.bench.arena.players import engine_structures
from grimoire.bench.arena.prompt import (
    decision_prompt,
    grammar_slips,
    permanent_text,
    render_stack,
    render_state,
    turn_log,
)
from grimoire.bench.arena.wording import keyword_text, mana_pool_text

BOLTS = "// Bolts\n30 Mountain\n30 Lightning Bolt\n"


def duel(tmp_path: Path, db, first_deck: str, second_deck: str = BOLTS, seed: int = 1) -> Game:
    """A game between two decklists (written as deck files and checked like the shipped ones), seat 0 first."""
    decks = []
    for number, text in enumerate((first_deck, second_deck)):
        path = tmp_path / f"deck{number}.txt"
        path.write_text(text, encoding="utf-8")
        decks.append(load_deck(path, db))
    return Game(card_data_for(decks), Deal((list(decks[0].names), list(decks[1].names)), seed=seed, first=0))


def play(game: Game, wants: Sequence[str], until, other_wants: Sequence[str] = (), max_decisions: int = 600
         ) -> Decision:
    """Seat 0 takes the first option matching the first of ``wants`` that matches anything, seat 1 likewise with
    ``other_wants``, else option 1 (keep, pass, no attack). Stops at the first decision for which
    ``until(game, decision)`` holds."""
    for _ in range(max_decisions):
        decision = game.decision()
        assert decision is not None, "the game ended first"
        if until(game, decision):
            return decision
        patterns = wants if decision.seat == 0 else other_wants
        option = next((o for want in patterns for o in decision.options if re.search(want, o.label)),
                      decision.options[0])
        game.choose(decision, option)
    raise AssertionError("the position was never reached")


def prompt_for(game: Game, decision: Decision, seat: int | None = None) -> str:
    seat = decision.seat if seat is None else seat
    return decision_prompt(game.view(seat), turn_log(game, seat), {}, decision, {})


def clean(text: str) -> None:
    assert not engine_structures(text), engine_structures(text)
    assert not grammar_slips(text), grammar_slips(text)


def line_of(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(start))


@pytest.fixture(scope="module")
def aura_game(tmp_path_factory, db):
    game = duel(tmp_path_factory.mktemp("aura"), db,
                "// Auras\n22 Forest\n10 Rancor\n14 Servant of the Scale\n14 Bonesplitter\n", seed=3)
    wants = ["^Keep", "^Play land", "^Cast Rancor", "^Activate Bonesplitter", "^Cast Servant", "^Cast Bonesplitter",
             "^Target: Servant"]
    play(game, wants, lambda g, d: g.turn >= 9 and d.seat == 0 and d.kind == "Priority")
    return game


def test_permanents_show_keywords_counters_and_attachments(aura_game):
    decision = aura_game.decision()
    text = render_state(aura_game.view(0), turn_log(aura_game, 0))
    creatures = line_of(text, "Creatures:")
    assert "trample" in creatures and "enchanted by Rancor" in creatures and "+1/+1 counter" in creatures
    assert "equipped by Bonesplitter" in creatures
    others = line_of(text, "Other:")
    assert "Rancor (enchant creature; enchanting Servant of the Scale)" in others
    assert "Bonesplitter (equipping Servant of the Scale)" in others
    assert "P1P1" not in text
    clean(prompt_for(aura_game, decision))


def test_every_engine_keyword_reads_as_words():
    assert keyword_text("Flying") == "flying" and keyword_text("FirstStrike") == "first strike"
    assert keyword_text({"Dredge": 5}) == "dredge 5"
    assert keyword_text({"Enchant": {"type": "Typed", "type_filters": ["Creature"], "controller": None,
                                     "properties": []}}) == "enchant creature"
    assert keyword_text({"Ward": {"type": "Cost", "generic": 2, "shards": []}}) == "ward {2}"


def test_summoning_sickness_is_the_engines_for_every_creature_through_a_game(tmp_path, db):
    """Hasty Goblin Guides and Servants of the Scale against Delvers: at every decision, the creatures each seat
    is shown as summoning sick are exactly those the engine marks."""
    game = duel(tmp_path, db, "// Creatures\n12 Mountain\n12 Forest\n18 Goblin Guide\n18 Servant of the Scale\n",
                "// Delver\n24 Island\n36 Delver of Secrets\n")
    seen = Counter()

    def check(game: Game, decision: Decision) -> bool:
        if len(decision.options) == 1:  # reading the whole engine state is slow: check where a player chooses
            return False
        engine = (game._game.state().get("state") or {}).get("objects") or {}
        for card in game.view(decision.seat)["battlefield"]:
            if "Creature" in (card.get("types") or []):
                marked = bool((engine.get(str(card["id"])) or {}).get("has_summoning_sickness"))
                assert bool(card.get("summoning_sick")) == marked, (game.turn, card)
                seen[card["name"], marked] += 1
        return game.turn > 8

    play(game, ["^Play land", "^Cast Goblin", "^Cast Servant"], check, other_wants=["^Play land", "^Cast Delver"])
    assert {name for name, sick in seen if sick} == {"Servant of the Scale", "Delver of Secrets"}
    assert ("Goblin Guide", False) in seen and ("Servant of the Scale", False) in seen


def test_a_planeswalker_shows_its_loyalty_once(tmp_path, db):
    game = duel(tmp_path, db, "// Jace\n24 Island\n36 Jace, the Mind Sculptor\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Jace"],
                    lambda g, d: d.kind == "Priority" and any("[+2]" in o.label for o in d.options))
    text = prompt_for(game, decision)
    assert "Planeswalkers: Jace, the Mind Sculptor, loyalty 3" in text
    assert "loyalty counter" not in text.split("\nNOW\n", 1)[1]  # the log may say "3 loyalty counters on ..."
    clean(text)


def test_the_stack_names_each_items_controller_and_targets(tmp_path, db):
    game = duel(tmp_path, db, BOLTS, "// Delver\n24 Island\n36 Delver of Secrets\n")
    decision = play(game, ["^Play land", "^Target: Delver", "^Target: your opponent", "^Cast Lightning"],
                    lambda g, d: d.kind == "Priority" and "Delver" in str([e["targets"] for e in g.view(0)["stack"]]),
                    other_wants=["^Play land", "^Cast Delver"])
    mine, theirs = prompt_for(game, decision, 0), prompt_for(game, decision, 1)
    assert "1. Lightning Bolt (your spell, targeting your opponent's Delver of Secrets)" in mine
    assert "1. Lightning Bolt (your opponent's spell, targeting your Delver of Secrets)" in theirs
    clean(mine)
    clean(theirs)


def test_the_mana_pool_is_shown_to_both_players_when_it_is_not_empty(tmp_path, db):
    game = duel(tmp_path, db, "// Rituals\n30 Swamp\n30 Dark Ritual\n")
    before = play(game, ["^Keep", "^Play land", "^Cast Dark Ritual"],
                  lambda g, d: d.seat == 0 and any("Dark Ritual" in o.label for o in d.options))
    assert "mana pool" not in prompt_for(game, before)
    decision = play(game, ["^Keep", "^Cast Dark Ritual"],
                    lambda g, d: d.kind == "Priority" and not g.view(0)["stack"] and g.view(0)["you"]["mana_pool"])
    assert "Your mana pool: {B}{B}{B}" in prompt_for(game, decision, 0)
    assert "Your opponent's mana pool: {B}{B}{B}" in prompt_for(game, decision, 1)
    assert mana_pool_text({"mana": []}) == ""


def test_jaces_plus_two_shows_the_card_it_looks_at_and_nothing_more(tmp_path, db):
    game = duel(tmp_path, db, "// Jace\n24 Island\n36 Jace, the Mind Sculptor\n")
    decision = play(game, ["^Keep", "^Play land", r"\[\+2\]", "^Cast Jace", "^Target: your opponent"],
                    lambda g, d: d.kind == "OptionalEffectChoice" and "[+2]" in d.prompt)
    library = [game.name_of(card) for card in game._game.player(1)["library"]]
    text = prompt_for(game, decision)
    assert f"(You look at: {library[0]}, from the top of your opponent's library.) Yes means: put it on the bottom " \
           "of its owner's library." in text
    assert text.count("from the top of") == 1
    clean(text)
    logged = len(game.log)
    # to the bottom of the library; the option itself says so
    game.choose(decision, next(o for o in decision.options if o.label == "Yes: put it on the bottom of its owner's "
                               "library"))
    play(game, [], lambda g, d: d.seat == 1 and len(d.options) > 1)
    assert library[0] not in "\n".join(text for _, text in game.log_for(1)[logged:])  # the owner is not shown it
    assert "You look at" not in prompt_for(game, game.decision())
    assert game.name_of(game._game.player(1)["library"][-1]) == library[0]


def test_delvers_look_shows_the_top_card_and_the_reveal_is_public(tmp_path, db):
    game = duel(tmp_path, db, "// Delver\n24 Island\n20 Delver of Secrets\n16 Ponder\n", BOLTS)
    trigger = play(game, ["^Keep", "^Play land", "^Cast Delver"],
                   lambda g, d: any(e["kind"] == "TriggeredAbility" for e in g.view(1)["stack"]))
    assert ("1. Delver of Secrets (your opponent's triggered ability): \"At the beginning of your upkeep, look at the "
            "top card of your library.") in prompt_for(game, trigger, 1)
    decision = play(game, ["^Keep", "^Play land", "^Cast Delver"],
                    lambda g, d: d.kind == "OptionalEffectChoice" and "reveal that card" in d.prompt)
    top = game.name_of(game._game.player(0)["library"][0])
    assert f"(You look at: {top}, from the top of your library.) Yes means: reveal it." in prompt_for(game, decision)
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Yes: reveal it")))
    assert f"You reveal: {top}" in "\n".join(line for entry in turn_log(game, 0) for line in entry.lines)
    assert f"Opponent reveals: {top}" in "\n".join(line for entry in turn_log(game, 1) for line in entry.lines)


@pytest.mark.parametrize(("spell", "kind"), [("Brainstorm", "EffectZoneChoice"), ("Ponder", "DigChoice")])
def test_brainstorm_and_ponder_put_cards_back_in_the_order_the_player_chose(tmp_path, db, spell, kind):
    game = duel(tmp_path, db, f"// Cantrips\n24 Island\n18 {spell}\n18 Delver of Secrets\n")
    decision = play(game, ["^Keep", "^Play land", f"^Cast {spell}"], lambda g, d: d.kind == kind)
    text = prompt_for(game, decision)
    assert "top first" in text
    clean(text)
    orders = [o for o in decision.options if o.label.startswith("Put on top of your library, top first: ")]
    chosen = next(o for o in reversed(orders) if len(set(o.label.split(": ", 1)[1].split(", "))) > 1)
    game.choose(decision, chosen)
    wanted = chosen.label.split(": ", 1)[1].split(", ")
    assert [game.name_of(card) for card in game._game.player(0)["library"][:len(wanted)]] == wanted


def test_the_slips_the_prompt_once_made_are_caught():
    for slip in ("1. Brainstorm (yours spell)", "Tarmogoyf (P1P1 counter)", "Jace (loyalty 3) (loyalty counter x3)",
                 "You casts Lightning Bolt", "you has priority", "choose 1 cards"):
        assert grammar_slips(slip), slip
    for fine in ("You pass priority", "you focus", "Your opponent reveals: Ponder", "you cast Ponder"):
        assert not grammar_slips(fine), fine
    stack = [{"source": "Brainstorm", "controller": 0, "kind": "Spell", "targets": []}]
    assert render_stack(stack, 0) == "Stack (top first, resolves first): 1. Brainstorm (your spell)"
    assert permanent_text({"name": "Jace, the Mind Sculptor", "loyalty": 3, "counters": {"loyalty": 3}}) \
        == "Jace, the Mind Sculptor, loyalty 3"


def test_the_census_fails_on_a_grammar_slip_or_engine_structure():
    assert not CensusReport(games=1, decisions=10).failed
    for kind in ("grammar_slip", "engine_structure"):
        report = CensusReport(games=1, decisions=10)
        report.counts[kind] += 1
        assert report.failed


def test_brainstorm_names_the_three_cards_it_drew(tmp_path, db):
    game = duel(tmp_path, db, "// Cantrips\n24 Island\n18 Brainstorm\n18 Delver of Secrets\n")
    play(game, ["^Keep", "^Play land", "^Cast Brainstorm"],
         lambda g, d: d.kind == "Priority" and any(e["source"] == "Brainstorm" for e in g.view(0)["stack"]))
    top = [game.name_of(card) for card in game._game.player(0)["library"][:3]]
    decision = play(game, [], lambda g, d: d.kind == "EffectZoneChoice")
    assert f"Brainstorm: you drew {', '.join(top)}; choose 2 cards from your hand" in prompt_for(game, decision)


def test_ponders_optional_shuffle_says_what_yes_does(tmp_path, db):
    game = duel(tmp_path, db, "// Cantrips\n24 Island\n36 Ponder\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Ponder"],
                    lambda g, d: d.kind == "OptionalEffectChoice" and "You may shuffle" in d.prompt)
    assert decision.prompt.endswith("You may shuffle. Draw a card. Yes means: shuffle your library.")
    assert [o.label for o in decision.options] == ["No", "Yes: shuffle your library"]


def test_a_token_ability_texts_and_zone_moves_read_as_a_player_reads_them():
    from grimoire.bench.arena.wording import ability_text, optional_effect_text

    # a token said so (the Orc Army of Orcish Bowmasters had read as a card)
    assert permanent_text({"name": "Orc Army", "power": 1, "toughness": 1, "token": True,
                           "counters": {"P1P1": 1}}) == "Orc Army 1/1 (token, +1/+1 counter)"
    # an ordering prompt's trigger text as the engine sends it (a recorded game): no rule number, no "~"
    assert ability_text("CR 702.74a: When ~ enters, draw a card.", "Elvish Visionary") == \
        "When Elvish Visionary enters, draw a card."
    # Creeping Chill's "you may exile it" had read "Yes means: change zone."
    assert optional_effect_text({"type": "ChangeZone", "origin": "Graveyard", "destination": "Exile"}) == "exile it"


# -- what a strong player found wrong in 1,639 bot-game prompts ---------------------------------------------------


def test_summoning_sickness_shows_only_on_creatures_that_it_stops_attacking(tmp_path, db):
    """The opponent's new Delver on your turn may block: it had read "summoning sick" (260 times), as if it could
    not. It shows on your own creatures and on those of the player whose turn it is."""
    game = duel(tmp_path, db, "// Lands\n60 Mountain\n", "// Delver\n24 Island\n36 Delver of Secrets\n")
    theirs = play(game, ["^Play land"], lambda g, d: g.turn == 2 and d.seat == 1 and d.kind == "Priority"
                  and any(c["name"] == "Delver of Secrets" for c in g.view(1)["battlefield"]),
                  other_wants=["^Play land", "^Cast Delver"])
    assert "Delver of Secrets 1/1 (can't attack or {T} yet)" in prompt_for(game, theirs, 0)
    mine = play(game, ["^Play land"], lambda g, d: g.turn == 3 and d.seat == 0 and d.kind == "Priority")
    board = line_of(prompt_for(game, mine, 0), "Creatures:").strip()  # (then the opponent's Delver's rules text)
    assert board.partition(' — "')[0] == "Creatures: Delver of Secrets 1/1"
    assert "Delver of Secrets 1/1 (can't attack or {T} yet)" in prompt_for(game, mine, 1)
    assert "summoning sick" not in prompt_for(game, mine, 1)


def test_a_permanent_shows_no_keyword_that_only_casts_it(tmp_path, db):
    """Nethergoyf on the battlefield had read "(escape {2}{B} and exile other cards from your graveyard)" from the
    other seat: escape only casts it from a graveyard, and "your" was the wrong player's."""
    game = duel(tmp_path, db, "// Goyf\n24 Swamp\n36 Nethergoyf\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Nethergoyf"],
                    lambda g, d: d.seat == 1 and any(c["name"] == "Nethergoyf" for c in g.view(1)["battlefield"]))
    creatures = line_of(prompt_for(game, decision, 1), "Creatures:").strip()
    shown, _, rules = creatures.partition(' — "')  # the quoted rules text says "your graveyard", as printed
    assert shown.startswith("Creatures: Nethergoyf") and "escape" not in creatures and "your" not in shown
    assert rules.startswith("Nethergoyf's power is equal to the number of card types among cards in your graveyard")


def test_a_permanent_shows_no_dredge(tmp_path, db):
    """Stinkweed Imp on the battlefield had read "(flying, dredge 5; ...)": dredge acts from the graveyard only."""
    game = duel(tmp_path, db, "// Imps\n24 Swamp\n36 Stinkweed Imp\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Stinkweed"],
                    lambda g, d: d.seat == 1 and any(c["name"] == "Stinkweed Imp" for c in g.view(1)["battlefield"]))
    creatures = line_of(prompt_for(game, decision, 1), "Creatures:").strip()
    assert creatures.startswith("Creatures: Stinkweed Imp") and "dredge" not in creatures.lower()


def test_both_graveyards_are_listed_by_name(tmp_path, db):
    game = duel(tmp_path, db, BOLTS, "// Lands\n60 Island\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: d.kind == "Priority" and len(g.view(0)["you"]["graveyard"]) >= 2,
                    other_wants=["^Play land"])
    bolts = len(game.view(0)["you"]["graveyard"])
    assert line_of(prompt_for(game, decision, 0), "Your graveyard:") == f"Your graveyard: Lightning Bolt x{bolts}"
    assert f"Your opponent's graveyard: Lightning Bolt x{bolts}" in prompt_for(game, decision, 1)
    assert "Your opponent's graveyard" not in prompt_for(game, decision, 0)  # an empty zone is left out


# Recorded from these duels, seed 1: phase accepts the payment answered yes with no way to pay it and goes on as
# if it were declined (no copy of Chain Lightning, Daze counters the Lightning Bolt), so it is not offered; nor is
# Chain Lightning's where it can be paid, since the engine never makes the copy (test_review4_fixes).
def test_chain_lightnings_copy_offer_says_the_engines_misreading_and_is_declined_when_it_cannot_be_paid(tmp_path, db):
    game = duel(tmp_path, db, "// Chain\n30 Mountain\n30 Chain Lightning\n", "// Lands\n60 Island\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Chain", "^Target: your opponent"],
                    lambda g, d: d.seat == 1 and d.kind == "OptionalEffectChoice", other_wants=["^Keep", "^Play land"])
    assert decision.prompt.endswith("Yes means: pay {R}{R}. You cannot pay it, so Yes is not offered. (This rules "
                                    "engine plays Chain Lightning wrongly: the copy is never made (a player who pays "
                                    "{R}{R} gets none, so this harness does not offer that payment).)")
    assert [o.label for o in decision.options] == ["No"] and is_auto_pass(decision)
    clean(prompt_for(game, decision))


def test_dazes_payment_is_not_offered_when_every_land_is_tapped(tmp_path, db):
    game = duel(tmp_path, db, BOLTS, "// Daze\n30 Island\n30 Daze\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: d.kind == "UnlessPayment" and "you have 0 untapped lands" in d.prompt,
                    other_wants=["^Keep", "^Play land", "^Cast Daze", "^Yes", "^Target: Lightning"])
    assert decision.prompt.endswith("(you have 0 untapped lands: you cannot pay, so paying is not offered)")
    assert [o.label for o in decision.options] == ["Do not pay {1}"] and is_auto_pass(decision)


def test_delve_and_mana_payment_say_what_is_left_to_pay_and_finishing(tmp_path, db):
    """Delve's exiled cards are named by the payment (not shown as floating {C} nor still in the graveyard), and
    finishing says the untapped mana sources pay the rest; before enough is delved for them to pay it, the prompt
    says finishing is not offered (five Islands for {4}{U}{U})."""
    game = duel(tmp_path, db, "// Murktide\n24 Island\n18 Ponder\n18 Murktide Regent\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Murktide", "^Cast Ponder", "^Exile"],
                    lambda g, d: d.kind == "ManaPayment" and any(o.label.startswith("Exile") for o in d.options)
                    and g._game.player(0)["mana_pool"]["mana"])
    delved = game._pending_cast()["delved_cards"]
    assert decision.prompt == f"Pay the mana cost of Murktide Regent, {{5}}{{U}}{{U}} (exiled by delve so far: " \
                              f"{', '.join(game.name_of(c) for c in delved)}): still to pay " \
                              f"{{{5 - len(delved)}}}{{U}}{{U}}, more than your untapped mana sources can pay " \
                              "(finishing is not offered)."
    view = game.view(0)
    assert not view["you"]["mana_pool"] and not {c["id"] for c in view["you"]["graveyard"]} & set(delved)
    assert len(view["you"]["graveyard"]) == len(game._game.graveyard(0)) - len(delved)
    assert "mana pool" not in prompt_for(game, decision)
    assert any(o.label.endswith("from your graveyard to pay {1} of the cost (delve)") for o in decision.options)
    finish = play(game, ["^Exile"], lambda g, d: d.kind == "ManaPayment" and
                  any(o.action["type"] == "PassPriority" for o in d.options))
    left = finish.prompt.split("still to pay ")[1].split(".")[0]
    islands = sum(1 for o in game._game.battlefield() if o["controller"] == 0 and o["name"] == "Island" and
                  not o.get("tapped"))
    assert f"Finish paying ({left} is paid automatically: it taps Island x{islands})" in \
        [o.label for o in finish.options]
    assert not any(o.label.startswith("Pass priority") for o in finish.options)


def test_suspend_reads_as_suspend_and_its_cards_show_in_exile(tmp_path, db):
    game = duel(tmp_path, db, "// Rift\n30 Mountain\n30 Rift Bolt\n")
    decision = play(game, ["^Keep", "^Play land"],
                    lambda g, d: d.seat == 0 and any(o.label.startswith("Suspend") for o in d.options))
    assert "Suspend Rift Bolt: pay {R}, exile it with 1 time counter" in [o.label for o in decision.options]
    suspended = play(game, ["^Suspend"],
                     lambda g, d: d.seat == 1 and any(c.get("counters") for c in g.view(1)["exile"]))
    assert "Exile: Rift Bolt (your opponent's, suspended: 1 time counter)" in prompt_for(game, suspended, 1)
    free = play(game, ["^Play land"], lambda g, d: d.kind == "OptionalEffectChoice")
    assert "CR 7" not in free.prompt and free.prompt.startswith("Rift Bolt: When the last time counter")
    labels = [o.label for o in free.options]
    assert "Yes: cast it without paying its mana cost" in labels
    assert "Yes, and answer Yes for this card's trigger from now on without asking you" in labels
    clean(prompt_for(game, free))


def test_choices_of_cards_are_offered_once_and_one_card_scries_read_plainly(tmp_path, db):
    game = duel(tmp_path, db, "// Spikes\n30 Mountain\n30 Lava Spike\n")
    first = play(game, [], lambda g, d: d.seat == 0 and d.kind == "MulliganDecision")
    game.choose(first, next(o for o in first.options if o.label.startswith("Mulligan")))
    bottom = play(game, ["^Keep"], lambda g, d: d.seat == 0 and "put on the bottom" in d.prompt)
    assert all(o.label.startswith("Put on the bottom of your library: ") for o in bottom.options)
    chosen = [o.label.removeprefix("Put on the bottom of your library: ") for o in bottom.options]
    assert chosen == sorted(set(chosen)) and all(c == ", ".join(sorted(c.split(", "))) for c in chosen)
    game = duel(tmp_path, db, "// Opt\n24 Island\n36 Opt\n")
    scry = play(game, ["^Keep", "^Play land", "^Cast Opt"], lambda g, d: d.kind == "ScryChoice")
    top = game.name_of(game.waiting_for()["data"]["cards"][0])
    assert sorted(o.label for o in scry.options) == [f"Keep {top} on top", f"Put {top} on the bottom of your library"]


def test_a_saga_chapter_names_its_card_and_text(tmp_path, db):
    game = duel(tmp_path, db, "// Fable\n24 Mountain\n36 Fable of the Mirror-Breaker\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Fable"],
                    lambda g, d: d.kind == "OptionalEffectChoice" and "chapter" in d.prompt.lower())
    assert decision.prompt.startswith("Fable of the Mirror-Breaker, chapter II: You may discard up to two cards.")
