"""Who makes the decisions: the player protocol, the census each player reports into, and the two bots.

The CPU (phase's own AI, in a subprocess) is in :mod:`grimoire.bench.arena.cpu` and the LLM player in
:mod:`grimoire.bench.arena.llm_player`; all of them answer a :class:`Decision` with an option number.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Protocol

from grimoire.bench.arena.game import Decision, Game, Option

# Census event kinds. A fallback is a decision the player did not make itself; every one is recorded.
EVENT_KINDS = ("rejected_action", "invalid_reply", "fallback", "timeout", "tool_error", "loop_guard", "auto_pass",
               "engine_structure", "grammar_slip")
# Raw engine structures that must never reach a player: serialised fields ("type=", "index=", "{'"), choice
# reprs, bare ids ("object 62", "Planeswalker 62") and engine type names ("SurveilChoice", "PayLife").
ENGINE_STRUCTURE = re.compile(r"\w=|Choice \[|\{'|\[\{|\b(?:[Oo]bject|Planeswalker|Battle|Player|Card) \d+\b"
                              r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b")


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
        """A decision was applied: ``how`` is "chosen" (by the player), "auto_pass" or "fallback"."""
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
    """A simple, fast, deterministic player: keeps hands with two to five lands, plays a land, casts its most
    expensive castable spell, points harm at the opponent, attacks when it is safe or lethal and blocks when the
    blocker survives or the damage would kill."""

    kind = "heuristic"

    def __init__(self, name: str = "heuristic", seed: int = 0):
        super().__init__(name, seed)

    def decide(self, game: Game, decision: Decision, rejected: dict[int, str]) -> Choice:
        options = [o for o in decision.options if o.number not in rejected]
        view = game.view(decision.seat)  # once per decision: every option is scored against the same board
        scored = [(self._score(game, decision, o, view), -o.number, o) for o in options]
        return Choice(max(scored, key=lambda t: (t[0], t[1]))[2].number)

    def _score(self, game: Game, decision: Decision, option: Option, view: dict[str, Any]) -> float:
        action = option.action
        kind = action.get("type")
        data = action.get("data") or {}
        seat = decision.seat
        if kind == "MulliganDecision":
            hand = view["you"]["hand"]
            lands = sum(1 for o in hand if "Land" in (o.get("types") or []))
            keep = (data.get("choice") or {}).get("type") == "Keep"
            # London mulligan: the hand is always seven cards, so count the mulligans taken, not the hand size
            pending = (game.waiting_for().get("data") or {}).get("pending") or []
            taken = next((int(p.get("mulligan_count") or 0) for p in pending if p.get("player") == seat), 0)
            return 1.0 if keep == (2 <= lands <= 5 or taken >= 2) else 0.0
        if kind == "CancelCast":
            return -10.0
        if kind == "PlayLand":
            return 100.0
        if kind == "CastSpell":
            obj = game.object(data.get("object_id")) or {}
            if _counters(obj.get("abilities")) and not any(entry.get("controller") != seat for entry in view["stack"]):
                return -1.0  # a counterspell with no opposing spell to counter: keep it
            cost = obj.get("mana_cost") or {}
            return 50.0 + int(cost.get("generic") or 0) + len(cost.get("shards") or [])
        if kind == "ActivateAbility":
            return 10.0
        if kind == "PassPriority":
            return 0.0
        if kind == "ChooseTarget":
            return self._target_score(game, decision, data.get("target"), seat, view)
        if kind == "DeclareAttackers":
            return self._attack_score(view, seat, data.get("attacks") or [])
        if kind == "DeclareBlockers":
            return self._block_score(game, view, data.get("assignments") or [])
        if kind == "ChooseX":
            return float(data.get("value") or 0)
        if kind == "DecideOptionalCost":
            kicked = int((game.waiting_for().get("data") or {}).get("times_kicked") or 0)
            return 1.0 if data.get("pay") and kicked == 0 else 0.5
        if kind == "DecideOptionalEffect":
            return 1.0 if data.get("accept") else 0.5
        return 0.0

    def _target_score(self, game: Game, decision: Decision, target: Any, seat: int, view: dict[str, Any]) -> float:
        helpful = any(word in decision.prompt.lower() for word in ("gets +", "gain", "return target", "untap"))
        if isinstance(target, dict) and "Player" in target:
            mine = target["Player"] == seat
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
        total = sum(power.get(a, 0) for a, _ in attacks)
        if total >= view["opponent"]["life"]:
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


def _counters(node: Any) -> bool:
    """Whether a card's abilities counter something (Force of Will, Daze, Counterspell, Consign to Memory)."""
    if isinstance(node, dict):
        return node.get("type") == "Counter" or any(_counters(v) for v in node.values())
    if isinstance(node, list):
        return any(_counters(v) for v in node)
    return False
