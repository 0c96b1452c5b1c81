"""Play one game between two players and keep a record that can be replayed from the deal and the actions.

A decision with a single option is applied for the player (counted as ``auto_pass``; a choice the rules force,
such as a lone division of combat damage, has the outcome ``forced``).
An option the engine refuses is reported to the player, who is asked again; after ``MAX_ATTEMPTS`` refusals or
an unusable answer the first remaining option is taken and recorded as a fallback, never silently. A choice
repeated ``LOOP_LIMIT`` times at the same decision in one turn is withheld (``loop_guard``) so no game spins;
passing priority never is (it is how the game moves on: a dredge turn passes a dozen Bridge from Below triggers).
"""

from __future__ import annotations

import re
import time
import uuid
from collections import Counter
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from grimoire.bench.arena.cards import CardData
from grimoire.bench.arena.decks import ArenaDeck
from grimoire.bench.arena.game import ActionRejected, Deal, Decision, Game, IllegalCombat
from grimoire.bench.arena.players import Census, Player
from grimoire.bench.arena.prompt import WITHHELD

MAX_ATTEMPTS = 3
# The same choice at the same decision this many times in one turn is a loop (cast, cancel, cast...): that option
# is then withheld for the rest of the turn, and the census says so. Passing priority is never withheld: it always
# moves the game on (seven Bridge from Below triggers resolve by seven passes at a decision that reads the same), and
# withholding it had forced a spell to be cast.
LOOP_LIMIT = 12
LOOP_WITHHELD = f"{WITHHELD}: you chose it {LOOP_LIMIT} times at this same decision this turn, and the game looked " \
                "like a loop"
MAX_TURNS = 40
MAX_DECISIONS = 6000


class PlayerStartError(RuntimeError):
    """A player could not start (a missing provider package or key, a bad script); nothing was played."""


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _list_of(check: Any, length: int | None = None) -> Any:
    return lambda value: isinstance(value, list) and (length is None or len(value) == length) and \
        all(check(item) for item in value)


def _shape_of(value: Any) -> str:
    return "null" if value is None else f"{type(value).__name__} {str(value)[:40]!r}"


# What each field of a stored record holds, checked as it is read: a hand-edited or damaged games.jsonl ("actions": 5,
# "first": 7, "trace": "x") had been an HTTP 500 in the replay viewer, a Rust panic for "first"
_SEATS = 2
_FIELD_SHAPES: dict[str, tuple[Any, str]] = {
    **{name: (lambda v: isinstance(v, str), "text") for name in ("game_id", "harness_version", "deal", "end", "kind")},
    **{name: (_integer, "a whole number") for name in ("seed", "turns", "decisions")},
    "first": (lambda v: _integer(v) and 0 <= v < _SEATS, "the first seat, 0 or 1"),
    **{name: (_list_of(lambda v: isinstance(v, str), _SEATS), "a list of two texts")
       for name in ("players", "kinds", "decks")},
    "winner": (lambda v: v is None or _integer(v) and 0 <= v < _SEATS, "the winning seat, 0 or 1, or null"),
    "actions": (_list_of(lambda v: isinstance(v, list) and len(v) == 2 and _integer(v[0]) and 0 <= v[0] < _SEATS
                         and isinstance(v[1], dict)), "a list of [seat, action object] pairs"),
    "census": (lambda v: isinstance(v, dict), "an object"),
    "usage": (_list_of(lambda v: v is None or isinstance(v, dict)), "a list of objects per seat"),
    "cost_usd": (lambda v: v is None or _number(v), "a number or null"),
    "seconds": (_number, "a number"),
    "notes": (_list_of(_list_of(lambda v: isinstance(v, str))), "a list of lists of texts per seat"),
    "log": (lambda v: isinstance(v, list), "a list"),
    "trace": (_list_of(_list_of(lambda v: isinstance(v, dict))), "a list of lists of objects per seat"),
    "auto_passes": (lambda v: v is None or _list_of(_integer)(v), "a list of step numbers or null"),
}


@dataclass
class GameRecord:
    """Everything about a finished game; ``actions`` and the deal replay it exactly."""

    game_id: str
    harness_version: str
    deal: str
    seed: int
    first: int
    players: list[str]
    kinds: list[str]
    decks: list[str]
    winner: int | None
    # "win: <loser> lost (<why>)", "turn limit", "decision limit" or "error: ..."; the kind is the text before ":"
    end: str
    turns: int
    decisions: int
    actions: list[list[Any]]
    census: dict[str, Any]
    usage: list[dict[str, Any]]
    cost_usd: float | None
    seconds: float
    notes: list[list[str]] = field(default_factory=list)
    log: list[list[Any]] = field(default_factory=list)
    kind: str = ""  # "cpu" or "battle" (how the league scheduled it)
    trace: list[list[dict[str, Any]]] = field(default_factory=list)  # per seat: each model decision's calls and cost
    auto_passes: list[int] | None = None  # the steps (action indexes) applied without asking; None in older records

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """A record from its JSON object; ``TypeError`` naming the fields a damaged one lacks (it had said
        ``__init__() missing 16 required positional arguments``)."""
        if not isinstance(data, dict):
            raise TypeError(f"a JSON object was expected, not {type(data).__name__}")
        missing = [f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING and
                   f.name not in data]
        if missing:
            raise TypeError(f"missing {', '.join(missing)}")
        for name, (check, wanted) in _FIELD_SHAPES.items():
            if name in data and not check(data[name]):
                raise TypeError(f"{name} should be {wanted}, not {_shape_of(data[name])}")
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


    def result(self):
        """The rating model's view of this game."""
        from grimoire.bench.arena.rating import GameResult

        return GameResult(game_id=self.game_id, deal=self.deal, players=(self.players[0], self.players[1]),
                          decks=(self.decks[0], self.decks[1]), first=self.first, winner=self.winner,
                          cost_usd=self.cost_usd or 0.0, errored=self.end.startswith("error"))


def deal_key(seed: int, decks: tuple[str, str]) -> str:
    """Games with the same seed and the same deck in each seat had identical shuffles: one luck group."""
    return f"{seed}:{decks[0]}:{decks[1]}"


def play_game(card_data: CardData, decks: tuple[ArenaDeck, ArenaDeck], players: tuple[Player, Player], *,
              seed: int, first: int, harness_version: str = "", max_turns: int = MAX_TURNS,
              max_decisions: int = MAX_DECISIONS, game_id: str | None = None) -> GameRecord:
    """Play a whole game. Seat ``i`` plays ``decks[i]`` as ``players[i]``; ``first`` is the seat that starts."""
    started = time.monotonic()
    census = Census()
    game = Game(card_data, Deal((list(decks[0].names), list(decks[1].names)), seed=seed, first=first))
    for seat, player in enumerate(players):
        try:
            player.start(game, seat, decks[seat], decks[1 - seat], census)
        except Exception as error:  # provider SDKs raise their own types for a missing package or key
            for started in players[:seat]:
                started.close()
            message = re.sub(r"\[/?bold\]", "", str(error))  # inspect's console markup
            raise PlayerStartError(f"{player.name} cannot play: {message}") from error
    decisions = 0
    repeats: Counter = Counter()
    auto_passes: list[int] = []
    end = "win"
    turn = game.turn
    try:
        while not game.over:
            if game.turn > max_turns:
                end = "turn limit"
                break
            if decisions >= max_decisions:
                end = "decision limit"
                break
            decision = game.decision()
            if decision is None:
                break
            if is_auto_pass(decision):
                auto_passes.append(len(game.history))
            decisions += 1
            _decide(game, decision, players[decision.seat], census, repeats)
            if game.turn != turn:
                active = game.turn_holder(turn)
                if active is not None:
                    players[active].end_turn(game, turn)
                turn = game.turn
    except Exception as error:  # an engine fault ends this game only; the league goes on and the record says why
        end = f"error: {type(error).__name__}: {error}"
    finally:
        for player in players:
            player.close()
    if end == "win" and game.winner is not None:
        loser = 1 - game.winner
        end = f"win: {_seat_names(players)[loser]} lost ({game.loss_reason(loser)})"
    # the turn limit stops at the first decision of the turn after it: that turn was not played
    turns = min(game.turn, max_turns) if end == "turn limit" else game.turn
    census.features["transform"] += sum(1 for _, text in game.log_for(None) if " transforms into " in text)
    costs = [p.usage.cost_usd for p in players]
    return GameRecord(
        game_id=game_id or uuid.uuid4().hex[:12], harness_version=harness_version,
        deal=deal_key(seed, (decks[0].name, decks[1].name)), seed=seed, first=first,
        players=[p.name for p in players], kinds=[p.kind for p in players], decks=[d.name for d in decks],
        winner=game.winner if end.startswith("win") else None, end=end, turns=turns, decisions=decisions,
        actions=[[seat, action] for seat, action in game.history], census=census.to_dict(),
        usage=[p.usage.to_dict() for p in players],
        cost_usd=None if any(c is None for c in costs) else sum(c or 0.0 for c in costs),
        seconds=round(time.monotonic() - started, 3),
        notes=[list(getattr(p, "notes", [])) for p in players],
        trace=[list(getattr(p, "trace", [])) for p in players], auto_passes=auto_passes,
        log=[[t, text] for t, text in game.log_for(None, names=_seat_names(players)) if t <= turns])


def _seat_names(players: tuple[Player, Player]) -> tuple[str, str]:
    return (f"{players[0].name} (seat 0)", f"{players[1].name} (seat 1)")


def is_auto_pass(decision: Decision) -> bool:
    """Whether the decision has a single option, applied without asking the player: there is nothing to choose.
    Passing priority, going back to the mana payment, declining a payment the player cannot make (Daze's {1} with
    every land tapped) or one that buys nothing (Chain Lightning's copy, replicate's first ask), or a choice forced
    by the rules (:func:`is_forced`)."""
    return len(decision.options) == 1


def is_forced(decision: Decision) -> bool:
    """A single option that is a choice, not a pass: a blocked creature's one legal division of damage, the order of
    two identical triggers. Recorded as ``forced`` (it had been sent to the model as a one-option question)."""
    return is_auto_pass(decision) and decision.options[0].action.get("type") not in (
        "PassPriority", "BackToManaPayment", "PayUnlessCost", "DecideOptionalEffect", "DecideOptionalCost")


def _decide(game: Game, decision: Decision, player: Player, census: Census, repeats: Counter) -> None:
    """Get the decision made and applied; every way it ends is counted in ``census.outcomes``."""
    census.decisions[decision.category] += 1
    census.check_text(decision.seat, "\n".join([decision.prompt, *(o.label for o in decision.options)]),
                      decision.category)
    if is_auto_pass(decision):
        forced = is_forced(decision)
        census.record("auto_pass", decision.seat, f"forced: {decision.options[0].label}" if forced else "only option")
        game.choose(decision, decision.options[0])
        census.outcome(decision.seat, "forced" if forced else "auto_pass")
        return
    signature = (decision.turn, decision.seat, decision.kind, decision.prompt,
                 tuple(o.label for o in decision.options))
    rejected = {o.number: LOOP_WITHHELD for o in decision.options
                if o.action.get("type") != "PassPriority" and repeats[(signature, o.label)] >= LOOP_LIMIT}
    if len(rejected) == len(decision.options):
        rejected = {}
    for number in rejected:
        census.record("loop_guard", decision.seat, f"withheld {decision.option(number).label!r} "
                      f"at a {decision.kind} decision on turn {decision.turn}", category=decision.category)
    applied = _settle(game, decision, player, census, rejected)
    repeats[(signature, applied)] += 1
    if applied.startswith("Dredge "):
        census.features["dredge"] += 1


def _settle(game: Game, decision: Decision, player: Player, census: Census, rejected: dict[int, str]) -> str:
    """Ask, apply, re-ask on refusal, fall back on the record; returns the label of the option applied."""
    for _ in range(MAX_ATTEMPTS):
        if len(rejected) == len(decision.options):
            break
        choice = player.decide(game, decision, rejected)
        if choice.action is None and choice.number in rejected:
            census.record("invalid_reply", decision.seat, f"chose option {choice.number} again after it was "
                          f"refused ({rejected[choice.number]})", category=decision.category)
            continue
        outcome = "chosen"
        if choice.fallback_reason:
            census.record("fallback", decision.seat, choice.fallback_reason, category=decision.category)
            outcome = "fallback"
        try:
            if choice.action is not None:
                game.apply(decision.seat, choice.action)
                label = str(choice.action)
            else:
                label = decision.option(choice.number).label
                game.choose(decision, decision.option(choice.number))
            census.outcome(decision.seat, outcome)
            return label
        except IndexError as error:
            census.record("invalid_reply", decision.seat, str(error), category=decision.category)
            rejected[choice.number] = str(error)
        except (ActionRejected, IllegalCombat) as error:
            label = decision.option(choice.number).label if choice.action is None else str(choice.action)
            census.record("rejected_action", decision.seat, f"{label}: {error}", category=decision.category)
            rejected[choice.number] = str(error)
    for option in sorted(decision.options, key=lambda o: o.action.get("type") != "PassPriority"):
        if option.number in rejected:
            continue
        census.record("fallback", decision.seat, f"{player.name} gave no usable answer in {MAX_ATTEMPTS} tries; "
                      f"took {option.label!r}", category=decision.category)
        try:
            game.choose(decision, option)
            census.outcome(decision.seat, "fallback")
            return option.label
        except (ActionRejected, IllegalCombat) as error:
            census.record("rejected_action", decision.seat, f"{option.label}: {error}", category=decision.category)
            rejected[option.number] = str(error)
    raise ActionRejected(f"every option of a {decision.kind} decision was refused: {rejected}")


def replay(card_data: CardData, record: GameRecord, deck_names: tuple[list[str], list[str]]) -> Game:
    """Re-apply a record's actions to its deal; the returned game is where the recorded one ended."""
    game = Game(card_data, Deal(deck_names, seed=record.seed, first=record.first))
    for seat, action in record.actions:
        game.apply(int(seat), action)
    return game
