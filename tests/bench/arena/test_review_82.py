"""The 82nd outside review's arena findings: a draw outside the draw step and a revealed land put into a hand are
logged, a flashback or evoke cast says so in its option and its log line, and a cast or activation is logged above
its costs with its targets right after it."""

from __future__ import annotations

from .test_prompt_board import BOLTS, duel, play


def _log(game, seat: int) -> list[str]:
    return [text for _, text in game.log_for(seat)]


def test_a_draw_outside_the_draw_step_is_logged_for_both_seats_and_the_draw_steps_own_is_not(tmp_path, db):
    game = duel(tmp_path, db, "// Brainstorm\n30 Island\n30 Brainstorm\n", seed=2)
    play(game, ["^Keep", "^Play land", "^Cast Brainstorm"], lambda g, d: "draws 3 cards" in " ".join(_log(g, 1)))
    assert "Opponent draws 3 cards (Brainstorm)" in _log(game, 1)  # the hand count had risen with no word
    assert "You draws 3 cards (Brainstorm)" in _log(game, 0)  # (turn_log makes it "You draw")
    assert not [line for line in _log(game, 1) if "draws a card" in line]  # the draw steps' draws stay unsaid


def test_a_revealed_land_goblin_guide_puts_into_a_hand_is_logged(tmp_path, db):
    game = duel(tmp_path, db, "// Guides\n30 Mountain\n30 Goblin Guide\n", "// Lands\n60 Island\n", seed=1)
    play(game, ["^Keep", "^Play land", "^Cast Goblin Guide", "^Attack with Goblin Guide"],
         lambda g, d: any("reveals: Island" in line for line in _log(g, 0)))
    log = _log(game, 0)
    revealed = next(number for number, line in enumerate(log) if line == "Opponent reveals: Island")
    assert log[revealed + 1] == "Island moves from your opponent's library to your opponent's hand"


def test_a_flashback_cast_says_flashback_and_exile_in_its_option_and_its_log_line(tmp_path, db):
    game = duel(tmp_path, db, "// Looting\n30 Mountain\n30 Faithless Looting\n", seed=1)
    decision = play(game, ["^Keep", "^Play land", "^Cast Faithless"],
                    lambda g, d: d.seat == 0 and any("by flashback" in o.label for o in d.options))
    option = next(o for o in decision.options if "by flashback" in o.label)
    assert option.label == "Cast Faithless Looting from graveyard by flashback: {2}{R} (it is exiled after)"
    game.choose(decision, option)
    play(game, [], lambda g, d: any("by flashback" in line for line in _log(g, 1)))
    assert "Opponent casts Faithless Looting by flashback (it will be exiled)" in _log(game, 1)


def test_snapcasters_flashback_is_named_with_its_granter(tmp_path, db):
    game = duel(tmp_path, db, "// Snap\n24 Island\n18 Brainstorm\n18 Snapcaster Mage\n", seed=1)
    decision = play(game, ["^Keep", "^Play land", "^Cast Brainstorm", "^Cast Snapcaster", "Brainstorm"],
                    lambda g, d: d.seat == 0 and any("from graveyard" in o.label for o in d.options), max_decisions=900)
    label = next(o.label for o in decision.options if "from graveyard" in o.label)
    # it had read "Cast Brainstorm {U} from graveyard", neither flashback nor the exile said
    assert label == "Cast Brainstorm from graveyard by flashback: {U} (flashback granted by Snapcaster Mage; it is " \
                    "exiled after)"


def test_an_evoked_solitude_is_logged_as_evoked_above_the_card_it_exiled(tmp_path, db):
    game = duel(tmp_path, db, "// Solitude\n30 Plains\n30 Solitude\n", seed=1)
    play(game, ["^Keep", "^Cast Solitude by evoke", "Solitude", "^Play land"],
         lambda g, d: any("sacrifices Solitude" in line for line in _log(g, 1)))
    log = _log(game, 1)
    cast = log.index("Opponent casts Solitude by evoke (sacrificed as it enters)")
    assert log[cast + 1] == "Solitude moves from your opponent's hand to exile"


def test_force_of_will_is_logged_cast_then_its_target_then_its_costs(tmp_path, db):
    game = duel(tmp_path, db, BOLTS, "// Force\n30 Island\n30 Force of Will\n", seed=1)
    play(game, ["^Keep", "^Play land", "^Cast Lightning Bolt"],
         lambda g, d: any("counters Lightning Bolt" in line for line in _log(g, 0)),
         other_wants=["^Keep", "^Cast Force of Will", "^Yes", "Force of Will", "^Play land"])
    log = _log(game, 0)
    bolt = log.index("You is targeted by your Lightning Bolt")
    # it had read "Opponent loses 1 life / Force of Will moves from ... hand to exile / Opponent casts Force of Will"
    assert log[bolt + 1:bolt + 5] == ["Opponent casts Force of Will",
                                      "Your Lightning Bolt is targeted by your opponent's Force of Will",
                                      "Opponent loses 1 life", "Force of Will moves from your opponent's hand to exile"]
