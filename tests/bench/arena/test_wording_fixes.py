"""Choices and log lines worded as a strong player reads them, in real engine games: the names Cabal Therapy may
name, the stack's targets, where a library search puts its card, the draw dredge replaces, what is left to pay,
play or draw at the mulligan, and the public choices the engine does not log (which loyalty ability, the name
named, an unless-cost paid or not, a mulligan, what a transformed card was)."""

from __future__ import annotations

import pytest

from grimoire.bench.arena.prompt import turn_log
from tests.bench.arena.test_prompt_board import BOLTS, clean, duel, play, prompt_for

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
    assert "Finish paying ({U} is paid automatically from your untapped mana sources)" in \
        [o.label for o in decision.options]
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
