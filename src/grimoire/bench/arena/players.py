"""Who makes the decisions: the player protocol, the census each player reports into, and the two bots.

The CPU (phase's own AI, in a subprocess) is in :mod:`grimoire.bench.arena.cpu` and the LLM player in
:mod:`grimoire.bench.arena.llm_player`; all of them answer a :class:`Decision` with an option number.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from grimoire.bench.arena.game import LONE_TARGET, Decision, Game, Option

# Census event kinds. A fallback is a decision the player did not make itself; every one is recorded.
EVENT_KINDS = ("rejected_action", "invalid_reply", "fallback", "timeout", "tool_error", "loop_guard", "auto_pass",
               "engine_structure", "grammar_slip")
# Raw engine structures that must never reach a player: serialised fields ("type=", "index=", "{'"), choice
# reprs, bare ids ("object 62", "Planeswalker 62", "pile a [65, 67]"), engine type names ("SurveilChoice",
# "PayLife") and the field names of actions worded by no rule ("select modes: indices [1, 3]", "distribution [[",
# "submit pile partition", "cascade choice: choice cast", "remove counter: generic effect").
ENGINE_STRUCTURE = re.compile(r"\w=|Choice \[|\{'|\[\{|\b(?:[Oo]bject|Planeswalker|Battle|Player|Card) \d+\b"
                              r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b|\[\d+(?:, \d+)+\]|\bindices \[|\bdistribution \["
                              r"|\bpile partition\b|\bchoose pile\b|\bchoice (?:cast|decline)\b|\bgeneric effect\b")


def engine_structures(text: str) -> list[str]:
    """The raw engine structures in ``text`` (empty when a player may be shown it)."""
    return [match.group(0) for match in ENGINE_STRUCTURE.finditer(text)]


@dataclass
class Census:
    """Counts and examples of everything that went wrong (or was decided for a player) in a game."""

    counts: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)  # (how a decision was settled, seat) -> count
    decisions: Counter = field(default_factory=Counter)  # decision type (Decision.category) -> count
    features: Counter = field(default_factory=Counter)  # mechanics seen in play ("transform", "dredge") -> count
    examples: list[dict[str, Any]] = field(default_factory=list)
    max_examples: int = 50

    def record(self, kind: str, seat: int, detail: str, **extra: Any) -> None:
        if kind not in EVENT_KINDS:
            raise ValueError(f"unknown census event {kind!r}")
        self.counts[(kind, seat)] += 1
        if kind != "auto_pass" and len(self.examples) < self.max_examples:
            self.examples.append({"kind": kind, "seat": seat, "detail": detail[:500], **extra})

    def check_text(self, seat: int, text: str, category: str) -> None:
        """Record an ``engine_structure`` event for each raw engine structure in text a player is shown."""
        for found in dict.fromkeys(engine_structures(text)):
            line = next((line for line in text.splitlines() if found in line), "")
            self.record("engine_structure", seat, f"{found!r} in: {line[:300]}", category=category)

    def outcome(self, seat: int, how: str) -> None:
        """A decision was applied: ``how`` is "chosen" (by the player), "auto_pass", "forced" or "fallback"."""
        self.outcomes[(how, seat)] += 1

    def silent_fallbacks(self) -> int:
        """Decisions settled by a fallback with no fallback event recorded for them (must be 0)."""
        return max(0, sum(n for (how, _), n in self.outcomes.items() if how == "fallback") - self.total("fallback"))

    def total(self, kind: str, seat: int | None = None) -> int:
        return sum(n for (k, s), n in self.counts.items() if k == kind and (seat is None or s == seat))

    def to_dict(self) -> dict[str, Any]:
        return {"counts": {f"{k}/{s}": n for (k, s), n in sorted(self.counts.items())},
                "outcomes": {f"{k}/{s}": n for (k, s), n in sorted(self.outcomes.items())},
                "decisions": dict(sorted(self.decisions.items())), "features": dict(sorted(self.features.items())),
                "silent_fallbacks": self.silent_fallbacks(), "examples": self.examples}


@dataclass(frozen=True)
class Choice:
    """A player's answer: the option number, and why when the player did not choose it itself. ``action`` is a
    hand-built combat declaration outside the listed combinations (the game validates it against the prompt)."""

    number: int
    fallback_reason: str | None = None
    action: dict[str, Any] | None = None


@dataclass
class Usage:
    """What a player spent on a game: model calls, tokens and cost (None when a price is unknown)."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cost_usd: float | None = 0.0
    tool_calls: int = 0
    estimated_calls: int = 0  # calls that reported no usage, priced by a conservative estimate from their text

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class Player(Protocol):
    """Anything that can play a seat."""

    name: str
    kind: str  # "random", "heuristic", "cpu", "llm"
    usage: Usage

    def start(self, game: Game, seat: int, deck: Any, opponent_deck: Any, census: Census) -> None:
        """A new game begins; ``deck``/``opponent_deck`` are :class:`~grimoire.bench.arena.decks.ArenaDeck`."""

    def decide(self, game: Game, decision: Decision, rejected: dict[int, str]) -> Choice:
        """Pick an option of ``decision``; ``rejected`` maps options the engine refused this time to why."""

    def end_turn(self, game: Game, turn: int) -> None:
        """The player's own turn ``turn`` has ended (the LLM writes its strategy note here)."""

    def close(self) -> None:
        """The game is over: release processes or connections."""


class _Bot:
    kind = "bot"

    def __init__(self, name: str, seed: int = 0):
        self.name = name
        self.seed = seed
        self.usage = Usage()
        self.rng = random.Random(seed)
        self.seat = 0

    def start(self, game: Game, seat: int, deck: Any, opponent_deck: Any, census: Census) -> None:
        self.seat = seat
        # the name too: "random" and "random#2" are independent players, not one player twice
        self.rng = random.Random(f"{self.name}/{self.seed}/{game.deal.seed}/{seat}")

    def end_turn(self, game: Game, turn: int) -> None:
        return None

    def close(self) -> None:
        return None


class RandomBot(_Bot):
    """Picks uniformly among the options it has not had rejected."""

    kind = "random"

    def __init__(self, name: str = "random", seed: int = 0):
        super().__init__(name, seed)

    def decide(self, game: Game, decision: Decision, rejected: dict[int, str]) -> Choice:
        open_options = [o.number for o in decision.options if o.number not in rejected]
        return Choice(self.rng.choice(open_options))


class HeuristicBot(_Bot):
    """A simple, fast, deterministic player: keeps hands with two to five lands (any hand after two London
    mulligans) and bottoms toward a balanced hand, plays a land, casts its most expensive castable spell, fetches
    the land whose colours its hand lacks, dredges, points harm at the opponent, attacks when it is safe or lethal
    and blocks when the blocker survives or the damage would kill. It never counters its own spells or triggers,
    never harms its own permanents, pays no repeatable cost (replicate), pays no ability cost in cards from its hand or
    graveyard, and does not retry a spell or ability it took back until the turn or the stack changes."""

    kind = "heuristic"

    def __init__(self, name: str = "heuristic", seed: int = 0):
        super().__init__(name, seed)
        self._attempt: tuple | None = None  # the spell or ability being cast, and the stack it was cast onto
        self._abandoned: set[tuple] = set()

    def start(self, game: Game, seat: int, deck: Any, opponent_deck: Any, census: Census) -> None:
        super().start(game, seat, deck, opponent_deck, census)
        self._attempt, self._abandoned = None, set()

    def decide(self, game: Game, decision: Decision, rejected: dict[int, str]) -> Choice:
        options = [o for o in decision.options if o.number not in rejected]
        # once per decision: every option scored on the same board
        view = game.view(decision.seat, whole_state=False)
        scored = [(self._score(game, decision, o, view), -o.number, o) for o in options]
        chosen = max(scored, key=lambda t: (t[0], t[1]))[2]
        self._remember(chosen.action, view)
        return Choice(chosen.number)

    def _remember(self, action: dict[str, Any], view: dict[str, Any]) -> None:
        """Note what is being cast; once taken back, it is not tried again until the turn or the stack changes
        (Wasteland with only its own lands to hit, a removal spell with no target worth it)."""
        if action.get("type") in ("CastSpell", "ActivateAbility"):
            self._attempt = (_source_key(action), _context(view))
        elif action.get("type") == "CancelCast" and self._attempt is not None:
            self._abandoned.add(self._attempt)

    def _score(self, game: Game, decision: Decision, option: Option, view: dict[str, Any]) -> float:
        action = option.action
        kind = action.get("type")
        data = action.get("data") or {}
        if kind in ("CastSpell", "ActivateAbility") and (_source_key(action), _context(view)) in self._abandoned:
            return -1.0
        if kind == "MulliganDecision":
            return _mulligan_score(game, decision.seat, view, data)
        if kind == "CancelCast":
            return -10.0
        if kind == "PlayLand":
            return 100.0
        if kind == "CastSpell":
            if _OWN_LONE_TARGET.search(option.label):  # the engine would aim it at the bot's own spell
                return -1.0
            return self._cast_score(game, decision.seat, view, data)
        if kind == "ActivateAbility":
            source = game.object(data.get("source_id")) or {}
            if not _has_opposing_target(game, _ability_of(source, data.get("ability_index")), view):
                return -1.0
            if _burden_too_heavy(source, _ability_of(source, data.get("ability_index")), view["you"]["life"]):
                return -1.0
            return _ability_score(source, data.get("ability_index"), view)
        if kind == "PassPriority":
            return 0.0
        if kind == "ChooseTarget":
            return self._target_score(game, decision, data.get("target"), decision.seat, view)
        if kind == "DeclareAttackers":
            return self._attack_score(view, decision.seat, data.get("attacks") or [])
        if kind == "DeclareBlockers":
            return self._block_score(game, view, data.get("assignments") or [])
        if kind == "SelectCards":
            return _cards_score(game, view, data.get("cards") or [])
        if kind == "ChooseReplacement":
            dredges = option.label.startswith("Dredge ") or "(dredge " in option.label  # (or which to consider)
            return 1.0 if dredges and view["you"]["library_count"] > 10 else 0.0
        return _answer_score(game, decision.seat, kind, data)

    def _cast_score(self, game: Game, seat: int, view: dict[str, Any], data: dict[str, Any]) -> float:
        obj = game.object(data.get("object_id")) or {}
        if _counters(obj.get("abilities")) and not any(entry.get("controller") != seat for entry in view["stack"]):
            return -1.0  # a counterspell with no opposing spell to counter: keep it
        if not _has_opposing_target(game, _ability_of(obj, None), view):
            return -1.0  # removal with nothing of the opponent's to hit (the engine picks a lone target itself)
        if _evoked_for_nothing(game, seat, obj, view):
            return -1.0  # Solitude evoked with no creature of the opponent's to exile: a card thrown away
        cost = obj.get("mana_cost") or {}
        return 50.0 + int(cost.get("generic") or 0) + len(cost.get("shards") or [])

    def _target_score(self, game: Game, decision: Decision, target: Any, seat: int, view: dict[str, Any]) -> float:
        helpful = _helps(decision.prompt)
        if isinstance(target, dict) and "Player" in target:
            mine = target["Player"] == seat
            if mine and not helpful:
                return -20.0  # nor harm itself (a Lightning Bolt with the opponent out of reach): cancelling is better
            return 2.0 if mine == helpful else 0.0
        if isinstance(target, dict) and "Object" in target:
            on_stack = {entry["id"]: entry for entry in view["stack"]}
            obj = on_stack.get(target["Object"]) or game.object(target["Object"]) or {}
            mine = obj.get("controller") == seat
            if mine and (target["Object"] in on_stack or obj.get("zone") == "Stack"):
                return -20.0  # never counter or redirect its own spell or trigger: cancelling is better
            if mine and not helpful:
                return -20.0  # nor destroy, exile or bounce its own permanent (Wasteland on its own land)
            size = float(obj.get("power") or 0) + float(obj.get("toughness") or 0) / 10
            return (3.0 + size / 10) if mine == helpful else -1.0
        return 0.0

    def _attack_score(self, view: dict[str, Any], seat: int, attacks: list) -> float:
        theirs = [c for c in view["battlefield"] if c["controller"] != seat and c.get("power") is not None
                  and not c.get("tapped")]
        power = {c["id"]: int(c.get("power") or 0) for c in view["battlefield"]}
        toughness = {c["id"]: int(c.get("toughness") or 0) for c in view["battlefield"]}
        total = sum(power.get(a, 0) for a, target in attacks if (target or {}).get("type", "Player") == "Player")
        if total >= view["opponent"]["life"]:  # (what attacks a planeswalker deals the player nothing)
            return 1000.0 + len(attacks)
        biggest_blocker = max((int(c.get("power") or 0) for c in theirs), default=0)
        safe = [a for a, _ in attacks if not theirs or toughness.get(a, 0) > biggest_blocker]
        unsafe = len(attacks) - len(safe)
        return sum(power.get(a, 0) for a in safe) - 5.0 * unsafe

    def _block_score(self, game: Game, view: dict[str, Any], blocks: list) -> float:
        power = {c["id"]: int(c.get("power") or 0) for c in view["battlefield"]}
        toughness = {c["id"]: int(c.get("toughness") or 0) for c in view["battlefield"]}
        attackers = {a for _, a in blocks}
        score = 0.0
        for blocker, attacker in blocks:
            survives = toughness.get(blocker, 0) > power.get(attacker, 0)
            kills = power.get(blocker, 0) >= toughness.get(attacker, 0)
            score += (2.0 if survives else 0.0) + (1.5 if kills else 0.0) - (0.0 if survives or kills else 2.5)
        incoming = self._incoming_damage(game) - sum(power.get(a, 0) for a in attackers)
        if incoming >= view["you"]["life"]:
            score -= 100.0
        return score

    def _incoming_damage(self, game: Game) -> int:
        waiting = game.waiting_for().get("data") or {}
        attackers = {a for targets in (waiting.get("valid_block_targets") or {}).values() for a in targets}
        return sum(int((game.object(a) or {}).get("power") or 0) for a in attackers)


_BASIC_COLOURS = {"Plains": "White", "Island": "Blue", "Swamp": "Black", "Mountain": "Red", "Forest": "Green"}
_COLOURS = tuple(_BASIC_COLOURS.values())
LAND_SHARE = 3 / 7  # the share of lands the bot keeps when it puts cards on the bottom after a mulligan


def _source_key(action: dict[str, Any]) -> tuple:
    data = action.get("data") or {}
    return action.get("type"), data.get("object_id", data.get("source_id")), data.get("ability_index")


def _context(view: dict[str, Any]) -> tuple:
    return view["turn"], tuple(entry["id"] for entry in view["stack"])


def _is_land(obj: dict[str, Any]) -> bool:
    return "Land" in ((obj.get("card_types") or {}).get("core_types") or obj.get("types") or [])


def _mulligan_score(game: Game, seat: int, view: dict[str, Any], data: dict[str, Any]) -> float:
    """Keep two to five lands; under the London mulligan the hand is always seven cards, so after two mulligans
    (counted from the prompt, not the hand size) any hand is kept."""
    lands = sum(1 for card in view["you"]["hand"] if _is_land(card))
    keep = (data.get("choice") or {}).get("type") == "Keep"
    pending = (game.waiting_for().get("data") or {}).get("pending") or []
    taken = next((int(p.get("mulligan_count") or 0) for p in pending if p.get("player") == seat), 0)
    return 1.0 if keep == (2 <= lands <= 5 or taken >= 2) else 0.0


def _ability_of(obj: dict[str, Any], index: int | None) -> dict[str, Any]:
    """An object's activated ability by index, or (``index`` None) the spell ability it is cast for."""
    abilities = obj.get("abilities") or []
    if index is None:
        return next((a for a in abilities if a.get("kind") == "Spell"), {})
    return abilities[index] if isinstance(index, int) and 0 <= index < len(abilities) else {}


_HARM = {"Destroy", "DealDamage", "Bounce", "ChangeZone"}
_HELP_WORDS = ("gets +", "gain", "return target", "untap")
_OWN_LONE_TARGET = re.compile(rf"\({LONE_TARGET}your (?!opponent)")
_HARM_WORDS = re.compile(r"damage|destroy|exile (?:up to \w+ )?(?:other |another )?target|gets -|counter target"
                         r"|sacrifice|to its owner's hand")


def _helps(prompt: str) -> bool:
    """Whether a target prompt's effect helps what it targets: harm outweighs help, so Lightning Helix ("deals 3
    damage to any target and you gain 3 life") is harm (its "gain" had aimed it at the bot's own Goblin Shaman),
    and so is Solitude ("exile up to one other target creature. That creature's controller gains life ...")."""
    text = prompt.lower()
    return any(word in text for word in _HELP_WORDS) and not _HARM_WORDS.search(text)


def _has_opposing_target(game: Game, ability: dict[str, Any], view: dict[str, Any]) -> bool:
    """False for harm aimed at a permanent (Wasteland, Swords to Plowshares) when no permanent of the opponent's
    fits its target: with a lone legal target the engine picks it, and that would be the bot's own."""
    effect = ability.get("effect") or {}
    target = effect.get("target")
    if effect.get("type") not in _HARM or not isinstance(target, dict) or target.get("type") not in ("Typed", "Or"):
        return True
    filters = target.get("filters") if target.get("type") == "Or" else [target]
    if any(f.get("controller") == "You" or any(p.get("type") == "InZone" for p in f.get("properties") or [])
           for f in filters):
        return True  # its own cards, or cards in another zone (Dread Return): not harm to a permanent
    seat = view["you"]["seat"]
    theirs = [game.object(card["id"]) or {} for card in view["battlefield"] if card["controller"] != seat]
    return any(_fits(obj, f) for obj in theirs for f in filters)


def _evoked_for_nothing(game: Game, seat: int, obj: dict[str, Any], view: dict[str, Any]) -> bool:
    """Whether casting a creature would evoke it (its mana cost out of reach) while no enter trigger of its finds a
    permanent of the opponent's to harm: evoked, its worth is only that trigger."""
    evoke = any(isinstance(k, dict) and "Evoke" in k for k in obj.get("keywords") or [])
    if not evoke or game.can_pay(seat, obj.get("mana_cost")):
        return False
    triggers = [t.get("definition") or {} for t in obj.get("trigger_definitions") or []]
    enters = [t.get("execute") or {} for t in triggers if t.get("destination") == "Battlefield"]
    harmful = [ability for ability in enters if (ability.get("effect") or {}).get("type") in _HARM]
    return bool(harmful) and not any(_has_opposing_target(game, ability, view) for ability in harmful)


def _fits(obj: dict[str, Any], target: dict[str, Any]) -> bool:
    """Whether a permanent fits a typed target's types and supertype conditions (other conditions: assumed met)."""
    types = obj.get("card_types") or {}
    core, supertypes = set(types.get("core_types") or []), set(types.get("supertypes") or [])
    for wanted in target.get("type_filters") or []:
        if isinstance(wanted, dict) and wanted.get("Non") in core:
            return False
        if isinstance(wanted, str) and wanted not in ("Permanent", "Card") and wanted not in core:
            return False
    return not any(p.get("type") == "NotSupertype" and p.get("value") in supertypes
                   for p in target.get("properties") or [])


def _ability_score(obj: dict[str, Any], index: int | None, view: dict[str, Any]) -> float:
    """Activate abilities, except those paid in cards (discarding another card, exiling its graveyard: Psychic
    Frog would eat its whole hand) or in more life than it can spare (Griselbrand at low life)."""
    for cost in _cost_parts(_ability_of(obj, index).get("cost")):
        if cost.get("type") == "Discard" and not cost.get("self_ref"):
            return -1.0
        if cost.get("type") == "Exile" and cost.get("zone") == "Graveyard":
            return -1.0
        if cost.get("type") == "PayLife":
            amount = int((cost.get("amount") or {}).get("value") or 0)
            if view["you"]["life"] - amount < 5 + amount // 2:
                return -1.0
    return 10.0


def _burden_too_heavy(obj: dict[str, Any], ability: dict[str, Any], life: int) -> bool:
    """Whether an ability puts on its source another counter of a kind that its controller loses life for each
    upkeep (The One Ring's burden) when that loss would then be more than a quarter of ``life``: tapping the Ring
    every turn had drained the bot to death."""
    effect = ability.get("effect") or {}
    if effect.get("type") != "PutCounter" or (effect.get("target") or {}).get("type") != "SelfRef":
        return False
    kind = effect.get("counter_type")
    drains = any((t.get("definition") or {}).get("phase") == "Upkeep" and
                 '"LoseLife"' in (text := json.dumps((t.get("definition") or {}).get("execute"))) and
                 f'"counter_type": "{kind}"' in text for t in obj.get("trigger_definitions") or [])
    return drains and (int((obj.get("counters") or {}).get(kind) or 0) + 1) * 4 > life


def _cost_parts(cost: Any) -> list[dict[str, Any]]:
    if not isinstance(cost, dict):
        return []
    if cost.get("type") == "Composite":
        return [part for inner in cost.get("costs") or [] for part in _cost_parts(inner)]
    return [cost]


def _cards_score(game: Game, view: dict[str, Any], cards: list[int]) -> float:
    """A choice of cards: after a mulligan, bottom toward a balanced hand (the most expensive spells first); from
    a library search, the land whose colours the hand needs and its lands lack; otherwise no preference."""
    waiting = game.waiting_for().get("type")
    chosen = [game.object(c) or {} for c in cards]
    if waiting == "MulliganDecision":
        kept = [card for card in view["you"]["hand"] if card["id"] not in set(cards)]
        lands = sum(1 for card in kept if _is_land(card))
        spells_mana = sum(_mana_value(c) for c in chosen if not _is_land(c))
        return -10.0 * abs(lands - round(len(kept) * LAND_SHARE)) + spells_mana / 10
    if waiting == "SearchChoice":
        missing = _colours_needed(game, view) - _colours_made(game, view)
        return sum(10.0 * len(_land_colours(c) & missing) + len(_land_colours(c)) for c in chosen if _is_land(c))
    return 0.0


def _mana_value(obj: dict[str, Any]) -> int:
    cost = obj.get("mana_cost") or {}
    return int(cost.get("generic") or 0) + len(cost.get("shards") or [])


def _colours_needed(game: Game, view: dict[str, Any]) -> set[str]:
    shards = [shard for card in view["you"]["hand"]
              for shard in ((game.object(card["id"]) or {}).get("mana_cost") or {}).get("shards") or []]
    return {colour for shard in shards for colour in _COLOURS if colour in str(shard)}


def _colours_made(game: Game, view: dict[str, Any]) -> set[str]:
    seat = view["you"]["seat"]
    lands = [game.object(card["id"]) or {} for card in view["battlefield"]
             if card["controller"] == seat and _is_land(card)]
    return {colour for land in lands for colour in _land_colours(land)}


def _land_colours(obj: dict[str, Any]) -> set[str]:
    """The colours a land makes: its basic land types and its mana abilities' fixed colours (any colour: all)."""
    colours = {_BASIC_COLOURS[t] for t in (obj.get("card_types") or {}).get("subtypes") or [] if t in _BASIC_COLOURS}
    for ability in obj.get("abilities") or []:
        effect = ability.get("effect") or {}
        if effect.get("type") == "Mana":
            produced = effect.get("produced") or {}
            colours |= set(produced.get("colors") or []) if produced.get("type") == "Fixed" else set(_COLOURS)
    return colours & set(_COLOURS)


def _answer_score(game: Game, seat: int, kind: str, data: dict[str, Any]) -> float:
    """Numbers, yes/no answers and payments: the biggest X, a kicker paid but a repeatable cost (replicate,
    multikicker) not, since the bot cannot tell which copies it can afford, optional effects accepted, a cost paid
    to save its spell."""
    if kind == "ChooseX":
        return float(data.get("value") or 0)
    if kind == "DecideOptionalCost":
        prompt = game.waiting_for().get("data") or {}
        if not data.get("pay"):
            return 0.5
        if int(prompt.get("times_kicked") or 0):
            return -20.0  # phase offers no "stop" once a replicate is paid: taking the spell back beats paying on
        inner = (prompt.get("cost") or {}).get("data")
        return 0.0 if isinstance(inner, dict) and inner.get("repeatable") else 1.0
    if kind == "DecideOptionalEffect":
        return 1.0 if data.get("accept") else 0.5
    if kind == "ChooseManaColor":  # Lotus Petal, Treasure: a colour the spell being paid for still needs
        choice = data.get("choice") or {}
        return 1.0 if choice.get("data", choice) in game.colours_left_to_pay(seat) else 0.0
    if kind == "PayUnlessCost":
        return 1.0 if data.get("pay") else 0.5
    return 0.0


def _counters(node: Any) -> bool:
    """Whether a card's abilities counter something (Force of Will, Daze, Counterspell, Consign to Memory)."""
    if isinstance(node, dict):
        return node.get("type") == "Counter" or any(_counters(v) for v in node.values())
    if isinstance(node, list):
        return any(_counters(v) for v in node)
    return False
