"""Choices and log lines worded as a strong player reads them, in real engine games: the names Cabal Therapy may
name, the stack's targets, where a library search puts its card, the draw dredge replaces, what is left to pay,
play or draw at the mulligan, the public choices the engine does not log (which loyalty ability, the name named, an
unless-cost paid or not, a mulligan, what a transformed card was), Fable's chapter II discard and its misreading,
abilities that decide combat on the board, a token's abilities, searchDeck by type, the effects on a player (The One
Ring's protection) and the mana values and colours Prismatic Ending's converge turns on."""

from __future__ import annotations

import pytest

from grimoire.bench.arena.decks import load_deck
from grimoire.bench.arena.game import Deal, Game, combat_abilities
from grimoire.bench.arena.prompt import turn_log
from grimoire.bench.arena.tools import ToolContext, run_tool
from tests.bench.arena.test_prompt_board import BOLTS, clean, duel, line_of, play, prompt_for

THERAPY = "// Therapy\n30 Swamp\n30 Cabal Therapy\n"


def log_lines(game, seat: int) -> list[str]:
    return [line for entry in turn_log(game, seat) for line in entry.lines]


def test_cabal_therapy_offers_the_opponents_nonland_cards_seen_and_says_the_engine_discards_nothing(tmp_path, db):
    game = duel(tmp_path, db, THERAPY, "// Guides\n30 Mountain\n30 Goblin Guide\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Cabal", "^Target: your opp"],
                    lambda g, d: d.kind == "NamedChoice" and g.turn >= 3,
                    other_wants=["^Keep", "^Play land", "^Cast Goblin"])
    labels = [o.label for o in decision.options]
    assert labels == ["Choose: Goblin Guide"]  # no land name, nor the caster's own Cabal Therapy
    assert "plays Cabal Therapy wrongly: the named card is not discarded" in decision.prompt
    assert decision.prompt.endswith("The names offered are your opponent's nonland cards seen so far.")
    game.choose(decision, decision.options[0])  # the engine takes a name it did not offer
    assert game.waiting_for()["type"] != "NamedChoice"
    assert "You name Goblin Guide" in log_lines(game, 0) and "Opponent names Goblin Guide" in log_lines(game, 1)
    clean(prompt_for(game, game.decision()))


def test_cabal_therapy_names_the_cards_its_reveal_showed_and_says_when_none_was_seen(tmp_path, db):
    """The first Therapy (turn 1) has seen nothing of the opponent's: the engine's names, the caster's own, are
    offered and the prompt says so; the second names what the first revealed."""
    game = duel(tmp_path, db, THERAPY, "// Burn\n20 Mountain\n20 Goblin Guide\n20 Lightning Bolt\n")
    wants = ["^Keep", "^Play land", "^Cast Cabal", "^Target: your opp"]
    first = play(game, wants, lambda g, d: d.kind == "NamedChoice")
    assert [o.label for o in first.options] == ["Choose: Cabal Therapy"]
    assert first.prompt.endswith("No nonland card of your opponent's has been seen yet: the names offered are those "
                                 "of your own deck.")
    game.choose(first, first.options[0])
    second = play(game, wants, lambda g, d: d.kind == "NamedChoice", other_wants=["^Keep"])
    assert [o.label for o in second.options] == ["Choose: Goblin Guide", "Choose: Lightning Bolt"]


# Recorded from these duels, seed 1: phase's SearchChoice holds only the cards, the count and allows_partial_find
# (no source, no destination, and the stack is empty); the resolving ChangeZone is in the state's resolution_frames
# (an AbilityContinuation), with its destination, enter_tapped and the card's description.
@pytest.mark.parametrize(("deck", "wants", "expected"), [
    ("// Grave\n30 Swamp\n20 Unmarked Grave\n10 Narcomoeba\n", ["^Cast Unmarked"],
     "Unmarked Grave: Search your library for a nonlegendary card, put that card into your graveyard, then shuffle. "
     "Choose up to 1 card: it goes into your graveyard."),
    ("// Fetch\n30 Polluted Delta\n30 Island\n", ["^Play land: Polluted", "^Activate Polluted"],
     "Polluted Delta: Search your library for an Island or Swamp card, put it onto the battlefield, then shuffle. "
     "Choose up to 1 card: it goes onto the battlefield untapped."),
    ("// Tutor\n30 Swamp\n30 Demonic Tutor\n", ["^Cast Demonic"],
     "Demonic Tutor: Search your library for a card, put that card into your hand, then shuffle. Choose 1 card: it "
     "goes into your hand."),
])
def test_a_library_search_names_its_source_and_where_the_card_goes(tmp_path, db, deck, wants, expected):
    game = duel(tmp_path, db, deck)
    decision = play(game, ["^Keep", *wants, "^Play land"], lambda g, d: d.kind == "SearchChoice")
    assert decision.prompt == expected
    clean(prompt_for(game, decision))


def test_the_log_names_the_loyalty_ability_activated(tmp_path, db):
    """The engine logs "Player 1 activates ability: Jace, the Mind Sculptor" and nothing of which ability."""
    game = duel(tmp_path, db, "// Jace\n24 Island\n36 Jace, the Mind Sculptor\n", "// Lands\n60 Mountain\n")
    play(game, ["^Keep", "^Play land", "^Cast Jace", r"^Activate Jace.*\[0\]"],
         lambda g, d: any(" activates " in line for line in log_lines(g, 1)))
    said = "activates Jace, the Mind Sculptor's ability \"[0]: Draw three cards, then put two cards from your hand " \
           "on top of your library in any order.\""
    assert f"Opponent {said}" in log_lines(game, 1) and f"You {said.replace('activates', 'activate', 1)}" in \
        log_lines(game, 0)


def test_the_log_says_whether_an_unless_cost_was_paid(tmp_path, db):
    game = duel(tmp_path, db, "// Bolts\n30 Mountain\n30 Lightning Bolt\n", "// Daze\n30 Island\n30 Daze\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: d.kind == "UnlessPayment",
                    other_wants=["^Keep", "^Play land", "^Cast Daze", "^Yes", "^Target: "])
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Do not pay")))
    assert "Opponent does not pay {1} for Daze" in log_lines(game, 1)
    assert "You do not pay {1} for Daze" in log_lines(game, 0)


# Recorded from this duel, seed 1, turn 13: with several dredge cards in the graveyard phase first asks which to
# consider (ReplacementChoice of kind Order, one candidate per card, no "decline"), then accept or decline it (kind
# OptionalBranch), declining asking again about the others.
def test_dredge_says_the_draw_it_replaces_and_that_drawing_normally_comes_next(tmp_path, db):
    game = duel(tmp_path, db, "// Dredge\n20 Swamp\n20 Stinkweed Imp\n20 Golgari Grave-Troll\n",
                "// Lands\n60 Mountain\n")
    which = play(game, ["^Keep", "^Draw normally"], lambda g, d: d.kind == "ReplacementChoice" and len(
        {c["source_name"] for c in g.waiting_for()["data"]["candidates"]}) > 1)
    library = game.view(0)["you"]["library_count"]
    assert which.prompt.startswith(f"You are about to draw a card (your draw step; {library} cards in your library)")
    assert "the next step asks whether to dredge with it or draw normally" in which.prompt
    assert "Stinkweed Imp (dredge 5: mill 5 cards and return it to your hand instead of drawing)" in \
        [o.label for o in which.options]
    game.choose(which, next(o for o in which.options if o.label.startswith("Stinkweed Imp")))
    accept = game.decision()
    assert accept.prompt.endswith("dredge may replace the draw: dredge instead, or draw normally?")
    assert [o.label for o in accept.options][-1] == "Draw normally (do not dredge Stinkweed Imp)"
    clean(prompt_for(game, accept))


def petal_payment(tmp_path, db):
    game = duel(tmp_path, db, "// Petals\n20 Mountain\n20 Lotus Petal\n20 Ponder\n", "// Lands\n60 Island\n")
    return game, play(game, ["^Keep", "^Play land", "^Cast Lotus", "^Cast Ponder"],
                      lambda g, d: d.kind == "ManaPayment")


def make_mana(game, decision, colour: str):
    """Activate a Lotus Petal in a payment and make ``colour``: the payment's next decision."""
    game.choose(decision, next(o for o in decision.options if o.label.startswith("Activate Lotus")))
    colours = game.decision()
    game.choose(colours, next(o for o in colours.options if colour in o.label))
    return game.decision()


def test_finishing_a_payment_says_what_pays_and_a_pool_that_covers_the_cost_says_so(tmp_path, db):
    game, decision = petal_payment(tmp_path, db)
    # the engine pays the rest with a Lotus Petal where the lands cannot (Ponder with a Mountain and two Petals)
    assert "Finish paying ({U} is paid automatically: it sacrifices Lotus Petal)" in [o.label for o in decision.options]
    covered = make_mana(game, decision, "blue")
    assert covered.prompt == "Pay the mana cost of Ponder, {U}: the mana in your pool pays all of it. Finish paying."
    assert covered.options[0].label == "Finish paying"


def test_a_payment_the_sources_cannot_finish_says_so(tmp_path, db):
    """Both Petals made red: phase then offers only to cancel (no "finish paying")."""
    game, decision = petal_payment(tmp_path, db)
    while any(o.label.startswith("Activate Lotus") for o in decision.options):
        decision = make_mana(game, decision, "red")
    assert decision.prompt == "Pay the mana cost of Ponder, {U}: still to pay {U}, more than your untapped mana " \
                              "sources can pay (finishing is not offered)."


def test_the_mulligan_says_play_or_draw_and_the_opponents_mulligans_are_logged(tmp_path, db):
    game = duel(tmp_path, db, BOLTS, "// Delver\n30 Island\n30 Delver of Secrets\n")
    first = game.decision()
    assert first.seat == 0 and first.prompt.endswith("You are on the play (you go first and skip your first draw).")
    game.choose(first, first.options[0])  # keep
    second = game.decision()
    assert second.seat == 1 and second.prompt.endswith("You are on the draw (your opponent goes first).")
    game.choose(second, second.options[1])  # mulligan, then keep and put one card on the bottom
    for _ in range(2):
        decision = game.decision()
        game.choose(decision, decision.options[0])
    assert game.waiting_for()["type"] != "MulliganDecision"
    assert log_lines(game, 0) == ["Opponent takes a mulligan",
                                  "Opponent keeps 6 cards, having put 1 on the bottom of the library"]


def test_a_transformation_names_both_faces(tmp_path, db):
    game = duel(tmp_path, db, "// Delver\n20 Island\n20 Delver of Secrets\n20 Brainstorm\n",
                "// Bolts\n60 Lightning Bolt\n", seed=2)
    play(game, ["^Keep", "^Play land", "^Cast Delver", "^Yes"],
         lambda g, d: any("transforms" in line for line in log_lines(g, 1)))
    assert "Delver of Secrets transforms into Insectile Aberration" in log_lines(game, 1)


def test_a_spell_on_the_stack_is_named_by_whose_it_is_on_the_one_stack(tmp_path, db):
    game = duel(tmp_path, db, "// Bolts\n30 Mountain\n30 Lightning Bolt\n", "// Daze\n30 Island\n30 Daze\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: d.kind == "UnlessPayment",
                    other_wants=["^Keep", "^Play land", "^Cast Daze", "^Yes", "^Target: "])
    assert "targeting your Lightning Bolt (on the stack))" in decision.prompt
    assert "stack)" not in decision.prompt.replace("(on the stack)", "")
    clean(prompt_for(game, decision))


# Recorded from this duel, seed 1, turn 7: chapter II is an OptionalEffectChoice whose resolving ability is a Discard
# of count UpTo 2 with a Draw sub-ability, then a DiscardChoice with count 2 and up_to true whose first action
# selects no card; the engine drew one card after discarding none, one and two alike.
def test_fable_chapter_two_says_up_to_two_discard_nothing_and_the_engines_one_card_draw(tmp_path, db):
    game = duel(tmp_path, db, "// Fable\n24 Mountain\n36 Fable of the Mirror-Breaker\n")
    optional = play(game, ["^Keep", "^Play land", "^Cast Fable"],
                    lambda g, d: d.kind == "OptionalEffectChoice" and "chapter" in d.prompt.lower())
    misreading = "(This rules engine plays Fable of the Mirror-Breaker wrongly: chapter II draws one card however " \
                 "many were discarded, none included.)"
    assert optional.prompt.endswith("Yes means: choose up to 2 cards to discard (the next step asks which; none is a "
                                    f"choice), then draw that many. {misreading}")
    game.choose(optional, next(o for o in optional.options if o.label.startswith("Yes: choose up to 2")))
    discard = game.decision()
    assert discard.prompt == f"Fable of the Mirror-Breaker: choose up to 2 cards to discard, then draw that many. " \
                             f"{misreading}"
    assert discard.options[0].label == "Discard nothing" and discard.options[0].action["data"]["cards"] == []
    clean(prompt_for(game, discard))
    hand = len(game._game.player(0)["hand"])
    game.choose(discard, discard.options[0])
    assert len(game._game.player(0)["hand"]) == hand + 1  # the misreading the prompt states


# Recorded from this duel, seed 1: Daze's stack entry targets {"Object": <Lightning Bolt's id>}, the Bolt itself an
# entry of the one stack (its "id" and "source_id" the card's).
def test_a_target_on_the_stack_is_named_by_whose_it_is_and_its_stack_item(tmp_path, db):
    game = duel(tmp_path, db, "// Bolts\n30 Mountain\n30 Lightning Bolt\n", "// Daze\n30 Island\n30 Daze\n")
    decision = play(game, ["^Keep", "^Play land", "^Cast Lightning", "^Target: your opponent"],
                    lambda g, d: len(g._game.stack()) == 2 and d.kind == "Priority",
                    other_wants=["^Keep", "^Play land", "^Cast Daze", "^Yes", "^Target: "])
    assert line_of(prompt_for(game, decision, 1), "Stack") == "Stack (top first, resolves first): 1. Daze (your " \
        "spell, targeting your opponent's Lightning Bolt (stack item 2)); 2. Lightning Bolt (your opponent's spell, " \
        "targeting you)"
    assert "targeting your Lightning Bolt (stack item 2)" in line_of(prompt_for(game, decision, 0), "Stack")


# Recorded from this duel, seed 1: Narcomoeba's trigger on the stack holds "targets": [{"Object": <Narcomoeba>}]
# (its effect moves the ParentTarget) though its text targets nothing.
def test_a_trigger_that_targets_nothing_shows_no_target(tmp_path, db):
    game = duel(tmp_path, db, "// Grave\n30 Swamp\n20 Unmarked Grave\n10 Narcomoeba\n")
    decision = play(game, ["^Keep", "^Cast Unmarked", "Narcomoeba", "^Play land"],
                    lambda g, d: any(g.name_of(e.get("source_id")) == "Narcomoeba" for e in g._game.stack()))
    assert line_of(prompt_for(game, decision), "Stack") == "Stack (top first, resolves first): 1. Narcomoeba (your " \
        "triggered ability): \"When this card is put into your graveyard from your library, you may put it onto the " \
        "battlefield.\""


IMPS = "// Imps\n20 Swamp\n20 Stinkweed Imp\n20 Troll of Khazad-dûm\n"


# Recorded from this duel, seed 1, turn 6: the engine's objects hold their abilities' texts in trigger_definitions
# ("Whenever ~ deals combat damage to a creature, destroy that creature.", the Goblin Shaman token's "Whenever ~
# attacks, create a Treasure token.") and static_definitions (Troll of Khazad-dûm's "~ can't be blocked except by
# three or more creatures.", with mode CantBeBlockedExceptBy); the token's granting static has no description.
def test_the_board_shows_abilities_that_decide_combat_and_a_tokens_abilities_can_be_looked_up(tmp_path, db,
                                                                                                rulebook):
    game = duel(tmp_path, db, "// Fable\n24 Mountain\n36 Fable of the Mirror-Breaker\n", IMPS)
    decision = play(game, ["^Keep", "^Play land", "^Cast Fable"], lambda g, d: {"Goblin Shaman", "Stinkweed Imp"} <= {
        o["name"] for o in g._game.battlefield()}, other_wants=["^Keep", "^Play land", "^Cast Stinkweed"])
    board = prompt_for(game, decision, 0)
    assert "Goblin Shaman 2/2 (whenever it attacks, create a Treasure token; token" in board
    # (the opponent's permanent shows its whole rules text; the player's own, the parts that decide combat)
    assert 'Stinkweed Imp 1/2 (flying; can\'t attack or {T} yet) — "Whenever Stinkweed Imp deals combat damage to a ' \
        'creature, destroy that creature."' in board
    troll = next(o for o in game._game.hand(1) if o["name"] == "Troll of Khazad-dûm")
    assert combat_abilities(troll) == ["can't be blocked except by three or more creatures"]
    assert combat_abilities(next(o for o in game._game.battlefield() if o["name"].startswith("Fable"))) == []
    clean(board)
    deck = load_deck(tmp_path / "deck0.txt", db)
    context = ToolContext(game, 0, decision, deck, db, rulebook, [])
    details = run_tool(context, "cardDetails", {"name": "Goblin Shaman"}).text
    assert details.startswith("Goblin Shaman — Creature — Goblin Shaman 2/2: Whenever Goblin Shaman attacks, create a "
                              "Treasure token. (a token: its abilities as the rules engine holds them)")


def test_search_deck_counts_by_type_with_t_and_says_what_a_plain_query_matched(arena_cards, arena_decks, db,
                                                                               rulebook):
    delver = arena_decks["delver"]
    game = Game(arena_cards, Deal((list(delver.names), list(arena_decks["burn"].names)), seed=1, first=0))
    decision = game.decision()
    context = ToolContext(game, 0, decision, delver, db, rulebook, [])
    library = [game.object(i) for i in game._game.player(0)["library"]]
    instants = sum(1 for o in library if "Instant" in o["card_types"]["core_types"])
    typed = run_tool(context, "searchDeck", {"query": "t:instant"}).text
    assert f"; {instants} with 'instant' in their type line:" in typed and "Delver of Secrets" not in typed
    plain = run_tool(context, "searchDeck", {"query": "instant"}).text
    assert "in their name, type line or rules text (t:instant counts by type only):" in plain
    assert "Delver of Secrets" in plain  # its text says "instant"


def test_an_effect_on_a_player_is_shown_under_the_life_totals_until_it_ends(tmp_path, db):
    """Recorded from this duel, seed 1: after The One Ring's trigger resolves, phase's state holds
    ``transient_continuous_effects`` [{"affected": {"id": 0, "type": "SpecificPlayer"}, "controller": 0, "duration":
    {"UntilNextTurnOf": {"player": {"type": "Controller"}}}, "modifications": [{"keyword": {"Protection":
    "Everything"}, "type": "AddKeyword"}], "source_name": "The One Ring", ...}]; the player has no field for it. The
    engine applies it: the other seat's Lightning Bolt is offered only itself as a target until turn 9."""
    game = duel(tmp_path, db, "// Ring\n30 Mountain\n30 The One Ring\n", BOLTS)
    decision = play(game, ["^Keep", "^Play land", "^Cast The One"],
                    lambda g, d: d.seat == 1 and d.kind == "Priority" and not g._game.stack() and any(
                        o.get("name") == "The One Ring" for o in g._game.battlefield()),
                    other_wants=["^Keep", "^Play land"])
    assert line_of(prompt_for(game, decision), "Effects on your opponent:") == \
        "Effects on your opponent: protection from everything until their next turn (The One Ring)."
    assert line_of(prompt_for(game, decision, seat=0), "Effects on you:") == \
        "Effects on you: protection from everything until your next turn (The One Ring)."
    clean(prompt_for(game, decision))
    later = play(game, [], lambda g, d: g.turn == 9 and d.kind == "Priority", other_wants=["^Keep", "^Play land"])
    assert "Effects on" not in prompt_for(game, later, seat=1)


# Recorded from this duel, seed 1: Prismatic Ending's pending ability has the condition {"type":
# "TargetMatchesFilter", "filter": {... "properties": [{"type": "Cmc", "comparator": "LE", "value": {"type": "Ref",
# "qty": {"type": "ManaSpentToCast", "scope": "SelfObject", "metric": {"type": "DistinctColors"}}}}]}}, and
# ChooseXValue has min 0, max 3 and the pending cast with the chosen target.
def prismatic_ending_targets(tmp_path, db):
    """A duel at Prismatic Ending's target choice: its caster on three colours of land, Jace and Delver across."""
    game = duel(tmp_path, db, "// PE\n8 Plains\n8 Island\n8 Volcanic Island\n36 Prismatic Ending\n",
                "// Jace\n24 Island\n18 Jace, the Mind Sculptor\n18 Delver of Secrets\n")
    play(game, ["^Keep", "^Play land"], lambda g, d: d.seat == 0 and d.kind == "Priority" and g.turn >= 9,
         other_wants=["^Keep", "^Play land", "^Cast Jace", "^Cast Delver"])
    return game, play(game, ["^Cast Prismatic"], lambda g, d: d.kind == "TargetSelection")


def test_prismatic_ending_shows_its_targets_mana_values_and_the_colours_the_lands_can_spend(tmp_path, db):
    game, targets = prismatic_ending_targets(tmp_path, db)
    assert [o.label for o in targets.options][:2] == [
        "Target: Delver of Secrets (opponent's battlefield; mana value 1)",
        "Target: Jace, the Mind Sculptor (opponent's battlefield; mana value 4)"]
    game.choose(targets, targets.options[1])
    x = game.decision()
    assert x.prompt == "Choose X (from 0 to 3). Prismatic Ending counts the colours of mana spent to cast it: your " \
                       "untapped mana sources can spend at most 3 colours (white, blue, red), but this rules engine " \
                       "pays by itself as soon as X is chosen, and each X says the colours its payment spends. Mana " \
                       "value of the target: Jace, the Mind Sculptor 4."
    assert [o.label for o in x.options][-1].startswith("X = 3 (")  # every X the engine takes is still offered
    clean(prompt_for(game, x))
