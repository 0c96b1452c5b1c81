"""The heuristic bot plays like a beginner, not a saboteur: it keeps after two London mulligans, never counters
its own spells or triggers, never Wastelands its own land, fetches the colour its hand needs, does not pay
replicate on and on and does not feed its hand to Psychic Frog. Each is played out on the real engine with small
decks built from the shipped decks' cards."""

from __future__ import annotations

from grimoire.bench.arena.decks import ArenaDeck
from grimoire.bench.arena.game import Deal, Game
from grimoire.bench.arena.play import play_game
from grimoire.bench.arena.players import Census, HeuristicBot, _counters


def deck(name: str, counts: dict[str, int]) -> ArenaDeck:
    names = tuple(card for card, n in counts.items() for _ in range(n))
    return ArenaDeck(name, name, names, ())


def new_game(cards, decks: tuple[ArenaDeck, ArenaDeck], seed: int, first: int = 0) -> Game:
    return Game(cards, Deal((list(decks[0].names), list(decks[1].names)), seed=seed, first=first))


class Watched(HeuristicBot):
    """The heuristic bot, with every decision it made and the board it saw kept for the test to read."""

    def __init__(self, name: str = "heuristic"):
        super().__init__(name)
        self.seen: list[tuple] = []

    def decide(self, game, decision, rejected):
        view = game.view(decision.seat, whole_state=False)
        choice = super().decide(game, decision, rejected)
        self.seen.append((decision, view, decision.option(choice.number), game.waiting_for()))
        return choice


def play_out(cards, decks, seed: int, *, turns: int = 12, first: int = 0) -> tuple[Watched, Watched, Game]:
    game = new_game(cards, decks, seed, first)
    bots = (Watched(), Watched("heuristic#2"))
    for seat, bot in enumerate(bots):
        bot.start(game, seat, None, None, Census())
    for _ in range(150 * turns):  # a game that spins (cast, take back, cast...) fails here instead of hanging
        if game.over or game.turn > turns:
            return bots[0], bots[1], game
        decision = game.decision()
        game.choose(decision, decision.option(bots[decision.seat].decide(game, decision, {}).number))
    raise AssertionError(f"the bots made {150 * turns} decisions before turn {turns} ended: a loop")


TEMPO = {"Volcanic Island": 22, "Delver of Secrets": 8, "Consign to Memory": 8, "Counterspell": 8, "Daze": 5,
         "Force of Will": 4, "Lightning Bolt": 5}
COUNTERS = ("Cast Counterspell", "Cast Daze", "Cast Consign to Memory", "Cast Force of Will")


def test_the_bot_never_counters_its_own_spells_or_triggers(arena_cards):
    decks = (deck("tempo", TEMPO), deck("tempo", TEMPO))
    tempted = 0
    for seed in (1, 2):
        for bot in play_out(arena_cards, decks, seed)[:2]:
            seat = bot.seat
            for decision, view, chosen, _ in bot.seen:
                stack = view["stack"]
                counters_offered = [o for o in decision.options if o.label.startswith(COUNTERS)]
                only_mine = stack and all(entry["controller"] == seat for entry in stack)
                if only_mine and counters_offered:
                    tempted += 1
                    assert not chosen.label.startswith(COUNTERS), chosen
                target = (chosen.action.get("data") or {}).get("target") or {}
                if chosen.action.get("type") == "ChooseTarget" and "Object" in target:
                    aimed = next((e for e in stack if e["id"] == target["Object"]), None)
                    assert aimed is None or aimed["controller"] != seat, (decision.prompt, chosen.label)
    assert tempted > 0  # its own spell or Delver trigger sat on the stack with a counter in hand


def test_the_bot_never_wastelands_its_own_land(arena_cards):
    lands = deck("lands", {"Wasteland": 30, "Volcanic Island": 30})
    basics, duals = deck("basics", {"Mountain": 60}), deck("duals", {"Mountain": 40, "Underground Sea": 20})
    me, _, game = play_out(arena_cards, (lands, basics), seed=3, turns=8)
    offered = [d for d, _, _, _ in me.seen if any(o.label.startswith("Activate Wasteland") for o in d.options)]
    assert offered, "Wasteland's ability was never on offer"
    assert not any(chosen.label.startswith("Activate Wasteland") for _, _, chosen, _ in me.seen)
    assert not [c["name"] for c in game.view(0)["you"]["graveyard"]]  # nothing of its own destroyed
    _, _, game = play_out(arena_cards, (lands, duals), seed=3, turns=8)
    assert "Underground Sea" in [c["name"] for c in game.view(0)["opponent"]["graveyard"]]
    assert "Volcanic Island" not in [c["name"] for c in game.view(0)["you"]["graveyard"]]


def test_the_bot_fetches_the_basic_its_hand_needs(arena_cards):
    fetches = deck("fetches", {"Flooded Strand": 24, "Island": 8, "Plains": 8, "Swords to Plowshares": 10,
                               "Counterspell": 10})
    seen = [s for seed in (3, 4) for s in play_out(arena_cards, (fetches, deck("basics", {"Mountain": 60})),
                                                    seed=seed, turns=8)[0].seen]
    needs = {"Swords to Plowshares": "Plains", "Counterspell": "Island"}
    judged = 0
    for decision, view, chosen, _ in seen:
        if decision.kind != "SearchChoice":
            continue
        in_play = {card["name"] for card in view["battlefield"] if card["controller"] == 0}
        missing = {needs[card["name"]] for card in view["you"]["hand"] if card["name"] in needs} - in_play
        if len(missing) == 1:  # the hand needs exactly one basic the lands in play lack: that one is fetched
            judged += 1
            assert chosen.label == f"Choose: {missing.pop()}", (in_play, chosen.label)
    assert judged >= 2
    assert any(chosen.label == "Choose: Plains" for d, _, chosen, _ in seen if d.kind == "SearchChoice")


def test_the_heuristic_bot_keeps_after_two_mulligans_under_the_london_rule(arena_cards, arena_decks):
    game = Game(arena_cards, Deal((list(arena_decks["dredge"].names), list(arena_decks["burn"].names)), seed=2))
    bot = HeuristicBot()
    bot.start(game, 0, None, None, Census())
    for _ in range(2):
        decision = game.decision()
        while decision.seat != 0:  # the other seat keeps
            game.choose(decision, decision.options[0])
            decision = game.decision()
        game.choose(decision, next(o for o in decision.options if o.label.startswith("Mulligan")))
    decision = game.decision()
    while decision.seat != 0 or decision.kind != "MulliganDecision":
        game.choose(decision, decision.options[0])
        decision = game.decision()
    lands = sum(1 for card in game.view(0)["you"]["hand"] if "Land" in card.get("types", []))
    assert len(game.view(0)["you"]["hand"]) == 7 and not 2 <= lands <= 5  # a hand it would not keep on its own
    assert decision.option(bot.decide(game, decision, {}).number).label == "Keep this hand"


def test_the_bot_does_not_pay_replicate_on_and_on_nor_feed_its_hand_to_psychic_frog(arena_cards):
    frogs = deck("frogs", {"Underground Sea": 24, "Psychic Frog": 12, "Consign to Memory": 12, "Daze": 12})
    tempo = deck("tempo", TEMPO)
    me, _, game = play_out(arena_cards, (frogs, tempo), seed=4, turns=14)
    replicate = [(chosen.label, waiting) for d, _, chosen, waiting in me.seen if d.kind == "OptionalCostChoice"]
    assert replicate, "Consign to Memory's replicate cost never came up"
    # phase offers no "No" once a replicate is paid, and declining then is refused when the copies cannot be
    # paid for: the bot never pays it, so neither the cost guard nor the loop guard is what stops it
    repeatable = [label for label, waiting in replicate if "'repeatable': True" in str(waiting["data"]["cost"])]
    assert repeatable and set(repeatable) == {"No"}
    frog_options = [d for d, _, _, _ in me.seen if any(o.label.startswith("Activate Psychic Frog")
                                                       for o in d.options)]
    assert frog_options, "Psychic Frog's abilities were never on offer"
    assert not any(chosen.label.startswith("Activate Psychic Frog") for _, _, chosen, _ in me.seen)


def test_the_bot_dredges_and_the_census_sees_it(arena_cards, arena_decks):
    record = play_game(arena_cards, (arena_decks["dredge"], arena_decks["jeskai"]), (HeuristicBot(),
                       HeuristicBot("heuristic#2")), seed=11, first=0, max_turns=12)
    assert record.census["features"].get("dredge", 0) > 0
    assert record.census["counts"].get("loop_guard/0", 0) == 0


def test_counterspells_are_recognised(arena_cards):
    assert _counters(arena_cards.faces["counterspell"]["abilities"])
    assert _counters(arena_cards.faces["force of will"]["abilities"])
    assert not _counters(arena_cards.faces["lightning bolt"]["abilities"])


def test_the_bot_never_aims_lightning_helix_at_its_own_creature(arena_cards):
    """Lightning Helix "deals 3 damage ... and you gain 3 life": the "gain" had made it read as help, and the bot
    had aimed it at its own Goblin Shaman."""
    helix = deck("helix", {"Plateau": 24, "Goblin Guide": 16, "Lightning Helix": 20})
    lands = deck("lands", {"Mountain": 60})
    aimed = 0
    for seed in (1, 2):
        me, _, _ = play_out(arena_cards, (helix, lands), seed, turns=6)
        for decision, _, chosen, _ in me.seen:
            if decision.kind == "TargetSelection" and "Lightning Helix" in decision.prompt:
                offered_mine = [o for o in decision.options if "(your battlefield)" in o.label]
                aimed += bool(offered_mine)
                assert "(your battlefield)" not in chosen.label, chosen.label
    assert aimed > 0  # its own creature was on offer
