"""Paying for a spell, in real engine games: the spell shows on the stack and nowhere else, the mana a player can
make is counted from every source, and the payment's options say what they do."""

from __future__ import annotations

from tests.bench.arena.test_prompt_board import clean, duel, line_of, play, prompt_for

MURKTIDE = "// Murktide\n24 Island\n18 Ponder\n18 Murktide Regent\n"


def delving(tmp_path, db):
    """Seat 0 paying for Murktide Regent with one Ponder exiled by delve so far."""
    game = duel(tmp_path, db, MURKTIDE)
    decision = play(game, ["^Keep", "^Play land", "^Cast Murktide", "^Cast Ponder", "^Exile"],
                    lambda g, d: d.kind == "ManaPayment" and any(o.label.startswith("Exile") for o in d.options)
                    and g._game.player(0).get("mana_pool", {}).get("mana"))
    return game, decision


def test_the_spell_being_paid_for_is_on_the_stack_not_in_the_hand(tmp_path, db):
    game, decision = delving(tmp_path, db)
    casting = game._pending_cast()["card_id"]
    in_hand = [card["id"] for card in game._game.hand(0)]
    assert casting in in_hand  # the engine's hand still holds it while it is paid for
    view = game.view(0)
    assert casting not in [card["id"] for card in view["you"]["hand"]]
    assert game.view(1)["opponent"]["hand_count"] == len(in_hand) - 1
    text = prompt_for(game, decision)
    assert f"{len(in_hand) - 1} cards in hand" in line_of(text, "You:")
    assert line_of(text, "Stack").endswith("1. Murktide Regent (your spell)")
    clean(text)


def red(count: int) -> dict:
    return {"type": "Cost", "generic": 0, "shards": ["Red"] * count}


def test_lotus_petal_and_a_five_colour_land_count_as_red_sources(tmp_path, db):
    game = duel(tmp_path, db, "// Petals\n30 Gemstone Mine\n30 Lotus Petal\n", "// Lands\n60 Island\n")
    play(game, ["^Keep", "^Play land", "^Cast Lotus"],
         lambda g, d: d.seat == 0 and d.kind == "Priority" and not g._game.stack() and
         {o["name"] for o in g._game.battlefield()} == {"Gemstone Mine", "Lotus Petal"})
    petals = sum(1 for o in game._game.battlefield() if o["name"] == "Lotus Petal")
    assert game.can_pay(0, red(1 + petals)) and not game.can_pay(0, red(2 + petals))
    said = "Lotus Petal" if petals == 1 else f"Lotus Petal x{petals}"
    assert game._mana_at_hand(0) == f"you have 1 untapped land and {said} to make mana"


def test_a_mana_creature_counts_once_it_is_no_longer_summoning_sick(tmp_path, db):
    game = duel(tmp_path, db, "// Elves\n30 Forest\n30 Llanowar Elves\n", "// Lands\n60 Island\n")
    sources = []

    def elves_out(g, d) -> bool:
        if d.seat == 0 and d.kind == "Priority" and any(o["name"] == "Llanowar Elves" for o in g._game.battlefield()):
            sources.append((g.turn, {o["name"] for o, _ in g._mana_sources(0)}))
        return g.turn >= 3 and d.seat == 0 and d.kind == "Priority"

    play(game, ["^Keep", "^Cast Llanowar", "^Play land"], elves_out)
    cast_on = sources[0][0]
    assert all("Llanowar Elves" not in names for turn, names in sources if turn == cast_on)
    assert "Llanowar Elves" in {o["name"] for o, _ in game._mana_sources(0)} and game.turn > cast_on


def test_a_lone_way_back_to_the_payment_is_taken_without_asking(tmp_path, db):
    from grimoire.bench.arena.game import Decision, Option
    from grimoire.bench.arena.play import is_auto_pass

    back = Decision(0, "ManaSourceSelection", "other", (Option(1, "Back to paying the mana cost",
                                                                {"type": "BackToManaPayment"}),))
    assert is_auto_pass(back)
    game, decision = delving(tmp_path, db)
    assert not is_auto_pass(decision)
