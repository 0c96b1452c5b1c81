"""One game of Magic on the phase engine: the pending decision as a numbered list of options, apply, and a
per-seat view that keeps hidden information hidden.

Modelled on python-chess's ``Board``: ``decision()`` is the legal-move list, ``choose()`` the push, ``view(seat)``
what one player may see. Everything a player is shown is built here from public accessors, never from the
engine's omniscient ``state()``.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.bench.arena.cards import MANA_VALUE_SPELLS, MISREAD_WHEN_CAST, CardData, misreading_note
from grimoire.bench.arena.deals import check_seed
from grimoire.bench.arena.wording import (
    ability_text,
    ability_words,
    cost_text,
    effect_sentence,
    filter_text,
    humanise,
    keyword_text,
    listed,
    mana_left_to_pay,
    mana_needed,
    mana_pool_text,
    numbered_runs,
    optional_cost_answer,
    optional_cost_question,
    optional_effect_text,
    render_cost,
)

MAX_COMBAT_OPTIONS = 64
MAX_REPEATED_COST = 8  # a repeatable optional cost (replicate, multikicker) is offered this many times at most
# How each engine prompt reads to a player: the decision types of the census and the prompt.
CATEGORIES = {
    "Priority": "priority",
    "MulliganDecision": "mulligan",
    "TargetSelection": "targets",
    "TriggerTargetSelection": "targets",
    "DeclareAttackers": "attackers",
    "DeclareBlockers": "blockers",
    "ModeChoice": "modes",
    "ModalChoice": "modes",
    "ChooseXValue": "x",
    "AssignCombatDamage": "damage assignment",
    "OptionalEffectChoice": "optional",
    "OptionalCostChoice": "optional",
    "TriggerOrder": "ordering",
    "PendingTriggerOrder": "ordering",
    "OrderCards": "ordering",
}
# The keywords that cast a card from its owner's graveyard, for another cost than its own
_GRAVEYARD_CASTS = frozenset({"Escape", "Flashback", "Retrace", "Jumpstart", "Disturb"})
# Keywords that act only while a card is cast or in another zone: noise on a permanent (and their costs say "your
# graveyard", which read wrong from the other seat: "Nethergoyf 4/5 (escape {2}{B} and exile ... your graveyard)")
_CAST_ONLY_KEYWORDS = _GRAVEYARD_CASTS | frozenset({
    "Suspend", "Kicker", "Multikicker", "Madness", "Evoke", "Cycling", "Buyback", "Replicate", "Overload", "Splice",
    "Delve", "Convoke", "Emerge", "Spectacle", "Surge", "Prowl", "Miracle", "Foretell", "Cascade", "Dash", "Blitz",
    "Unearth", "Ninjutsu", "Plot", "Bestow", "Mutate", "Embalm", "Eternalize", "Encore", "Typecycling",
    "Landcycling",
    "Dredge", "Flash"})  # (dredge replaces a draw from the graveyard, flash casts: noise on a permanent)
# The waits of a spell's mana payment: they name no spell, the engine's pending cast does
_PAYMENT_WAITS = frozenset({"ManaPayment", "ManaSourceSelection", "ChooseManaColor"})
_ROMAN = ("I", "II", "III", "IV", "V", "VI")
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
_COMBAT_WORDS = re.compile(r"\b(?:attacks?|attacking|blocks?|blocked|blocking|combat damage)\b", re.IGNORECASE)
LONE_TARGET = "its only legal target: "  # how a cast option names the target the engine will pick by itself
_NOTHING_LEFT = "{0}"  # a mana cost with nothing left to pay, as render_cost writes it
# Where a card found by a library search goes, as the search prompt says it
_FOUND_CARD_GOES = {"Hand": "into your hand", "Graveyard": "into your graveyard", "Battlefield": "onto the battlefield",
                    "Exile": "into exile"}
# The moves between zones the engine logs only as details that a player needs told (see Game._public_move)
_TOLD_MOVES = frozenset({("Library", "Graveyard"), ("Library", "Battlefield"), ("Library", "Exile"),
                         ("Hand", "Exile"), ("Graveyard", "Exile"), ("Graveyard", "Hand"), ("Graveyard", "Battlefield"),
                         ("Battlefield", "Exile"), ("Battlefield", "Hand"), ("Battlefield", "Library"),
                         ("Exile", "Battlefield"), ("Exile", "Hand")})
_ZONE_NAMES = {"Hand": "hand", "Battlefield": "battlefield", "Graveyard": "graveyard", "Exile": "exile",
               "Library": "library", "Stack": "stack", "Command": "command zone"}


class ActionRejected(RuntimeError):
    """The engine refused an action (even one it listed); the state is unchanged and the player is asked again."""


class IllegalCombat(ValueError):
    """A combat declaration that does not fit the pending attack or block prompt."""


@dataclass(frozen=True)
class Option:
    """One legal choice: ``number`` as shown to the player (1-based), a label, and the engine action."""

    number: int
    label: str
    action: dict[str, Any]


@dataclass(frozen=True)
class Decision:
    """What the engine waits for: the seat that must act, the prompt type and the numbered options."""

    seat: int
    kind: str
    category: str
    options: tuple[Option, ...]
    prompt: str = ""
    turn: int = 0

    def option(self, number: int) -> Option:
        if not 1 <= number <= len(self.options):
            raise IndexError(f"option {number} is not between 1 and {len(self.options)}")
        return self.options[number - 1]


@dataclass
class Deal:
    """Who plays what: the two decks (card names, engine seat order), the shuffle seed and who goes first."""

    decks: tuple[list[str], list[str]]
    seed: int
    first: int = 0

    def __post_init__(self) -> None:
        check_seed(self.seed)


def _card_id(segment: dict[str, Any]) -> int | None:
    """The object id a log segment names a card by; ``None`` for a segment that names no card."""
    value = segment.get("value")
    if segment.get("type") == "CardName" and isinstance(value, dict) and "object_id" in value:
        return value["object_id"]
    return None


def _player_of(segment: dict[str, Any]) -> int | None:
    """The seat a log segment names a player by; ``None`` for a segment that names no player."""
    value = segment.get("value")
    return value.get("player_id") if segment.get("type") == "PlayerName" and isinstance(value, dict) else None


def _data_of(action: dict[str, Any]) -> dict[str, Any]:
    """An action's ``data``, ``{}`` where it has none (``PassPriority``)."""
    data = action.get("data")
    return data if isinstance(data, dict) else {}


def _stack_ability(entry: dict[str, Any]) -> dict[str, Any]:
    """The ability of a stack entry as phase serialises it (``kind.data.ability``), ``{}`` where it has none."""
    kind = entry.get("kind") or {}
    return ((kind.get("data") or {}).get("ability") or {}) if isinstance(kind, dict) else {}


def _targeting_source(segments: list[dict[str, Any]]) -> int | None:
    """The object id of Y in a log line "X is targeted by Y"; ``None`` for any other line."""
    for index, segment in enumerate(segments[:-1]):
        if segment.get("type") == "Text" and segment.get("value") == " is targeted by " and \
                (source := _card_id(segments[index + 1])) is not None:
            return source
    return None


def _card_ids(segments: list[dict[str, Any]]) -> list[int]:
    return [found for segment in segments if (found := _card_id(segment)) is not None]


def _says(segments: list[dict[str, Any]], *texts: str) -> bool:
    """Whether a log line holds one of ``texts`` as a text segment."""
    return any(s.get("type") == "Text" and s.get("value") in texts for s in segments)


# "... casts Lightning Bolt", "... activates ability: Scalding Tarn", and the harness's "... activates Jace, the Mind
# Sculptor's ability ..." (see Game._reworded)
_PUTS_ON_STACK = (" casts ", " activates ability: ", " activates ")
_PASSES_PRIORITY = (" passes priority",)
# what an activation's costs log before it: "loses 1 life", "sacrifices Scalding Tarn", "1 loyalty counter on ...",
# "3 loyalty counters removed from ..." (and the harness's "... gets 1 loyalty counter (4 now)")
_COSTS = (" loses ", " sacrifices ", " counter on ", " counters on ", " loyalty counter", " removed from ",
          " discards ", " pays ")
# what a cast's costs log before it: an alternative cost's life and exiled card (Force of Will), evoke's exiled card,
# delve's, Daze's returned Island, Fireblast's sacrificed Mountains, and the mana abilities activated to pay it
_CAST_COSTS = (" loses ", " moves from ", " sacrifices ", " activates", " pays ")
_GAME_ENDS = (" loses the game", " is eliminated", "Game over", " wins")  # the lines of a game's end
# lines that name a card for what it did or what befell it before it died, not for its death ("1 +1/+1 counter
# removed from ...", "activates ability: Golgari Grave-Troll")
_NOT_ITS_DEATH = (" damage", " removed from ", *_PUTS_ON_STACK)


def _mentions(segments: list[dict[str, Any]], *words: str) -> bool:
    """Whether a log line's text segments hold one of ``words``."""
    return any(s.get("type") == "Text" and any(w in str(s.get("value")) for w in words) for s in segments)


@dataclass
class LogLine:
    """One engine log entry: its turn, its segments (text, player and card references) and visibility."""

    turn: int
    segments: list[dict[str, Any]]
    visibility: str = "Public"


@dataclass
class Game:
    """A live game. ``history`` holds every applied (seat, action), enough to replay it from the deal."""

    card_data: CardData
    deal: Deal
    history: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    life_at_turn_start: dict[int, tuple[int, int]] = field(default_factory=dict)
    turn_holders: dict[int, int] = field(default_factory=dict)  # turn -> the seat whose turn it is
    _engine: Any = None
    _game: Any = None
    _arrived: list[list[int]] = field(default_factory=lambda: [[], []])  # cards new in each hand after the last action
    # Read once per game state (every apply clears them): the prompt, objects by id, and the engine's own action
    # objects behind the listed options, so applying one needs no conversion back from its dict.
    _waiting: dict[str, Any] | None = None
    _objects: dict[int, dict[str, Any] | None] = field(default_factory=dict)
    _native: dict[int, tuple[dict[str, Any], Any]] = field(default_factory=dict)
    _state: dict[str, Any] | None = None  # the engine's whole state (about 20 ms to read)
    _snapshot_read: dict[str, Any] | None = None  # the engine's snapshot of it, to load copies from
    _pending: dict[str, Any] | None = None  # the engine's cast in progress, read from its whole state
    _fighter_names: dict[int, dict[int, str]] = field(default_factory=dict)  # seat -> combat names (see _fighters)
    # the card "you may cast that card" (Chandra's +1) was answered Yes for, castable at the next decision only, and
    # those whose chance has passed (the engine leaves them castable from exile for good)
    _cast_window: int | None = None
    _lapsed_casts: set[int] = field(default_factory=set)
    _life_at_cast: tuple[int, int] | None = None  # (seat, life) when the latest cast or activation began
    _land_played: int | None = None  # the land whose play a replacement (a shock land's 2 life) is deciding
    # "X is targeted by Y" lines held until Y is cast, activated or on the stack (see _record)
    _targeting: dict[int, list[LogLine]] = field(default_factory=dict)
    # the ability each source is activating, until the engine logs the activation (it names only the card)
    _activating: dict[int, int] = field(default_factory=dict)
    # each activated source as it was when activated: a cost can sacrifice it (a Clue), and its ability on the stack
    # had then read "object 122 (your activated ability)", with no name nor text
    _activated_sources: dict[int, dict[str, Any]] = field(default_factory=dict)
    _stack_before: list[dict[str, Any]] = field(default_factory=list)  # the stack as the latest action found it
    # each permanent the log has named, as it was on the battlefield (name, controller, token copy): the engine names
    # one that has left by its card ("Delver of Secrets is destroyed" for an Insectile Aberration) or, a token, not
    # at all (see _whose_permanents)
    _permanents_named: dict[int, dict[str, Any]] = field(default_factory=dict)
    _lost: bool = False  # a player has lost the game: the log stops but for the lines that end it
    # the draw step has begun and its turn-based draw (CR 504.1) is not yet logged: that draw needs no line, the
    # step's header says it; any other draw does (see _drawn)
    _draw_step_draw_due: bool = False
    # the keyword each card cast from a graveyard is cast by, until the engine logs the cast (it says neither)
    _graveyard_casts: dict[int, str] = field(default_factory=dict)
    _cast_began: int | None = None  # the log's length when the latest cast began, until the engine logs the cast

    def __post_init__(self) -> None:
        self._engine = self.card_data.engine()
        self._game = self._engine.new_game(list(self.deal.decks[0]), list(self.deal.decks[1]), seed=self.deal.seed,
                                           format="Legacy", first_player=self.deal.first)
        self.turn_holders[1] = self.deal.first  # the engine logs a header for every turn but the first
        self._note_turn()

    # -- state ----------------------------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return int(self._game.turn)

    @property
    def phase(self) -> str:
        return str(self._game.phase)

    def waiting_for(self) -> dict[str, Any]:
        if self._waiting is None:
            self._waiting = self._game.waiting_for() or {"type": "GameOver", "data": {"winner": None}}
        return self._waiting

    @property
    def over(self) -> bool:
        return self.waiting_for().get("type") == "GameOver"

    @property
    def winner(self) -> int | None:
        waiting = self.waiting_for()
        if waiting.get("type") != "GameOver":
            return None
        winner = (waiting.get("data") or {}).get("winner")
        return None if winner is None else int(winner)

    def life(self, seat: int) -> int:
        return int(self._game.player(seat)["life"])

    def loss_reason(self, seat: int) -> str:
        """Why ``seat`` lost (CR 704.5a-c), read from its player record: 'life total 0', 'drew from an empty
        library', '10 poison counters'; the engine keeps no other reason (a concession)."""
        player = self._game.player(seat)
        if int(player.get("life") or 0) <= 0:
            return f"life total {player.get('life')}"
        if player.get("drew_from_empty_library"):
            return "drew from an empty library"
        if int(player.get("poison_counters") or 0) >= 10:
            return f"{player.get('poison_counters')} poison counters"
        return "eliminated for a reason the engine does not record (a concession)"

    def turn_holder(self, turn: int | None = None) -> int | None:
        """The seat whose turn ``turn`` (default: the current one) is, once the engine has begun it."""
        return self.turn_holders.get(self.turn if turn is None else turn)

    def name_of(self, object_id: int) -> str:
        found = self.object(object_id)
        return str(found.get("name")) if found else f"object {object_id}"

    def object(self, object_id: int) -> dict[str, Any] | None:
        """A game object by id, or None when the engine no longer knows it (a token that left play...)."""
        try:
            key = int(object_id)
        except (ValueError, TypeError):
            return None
        if key not in self._objects:
            try:
                self._objects[key] = self._game.object(key)
            except (ValueError, TypeError):
                self._objects[key] = None
        return self._objects[key]

    # -- decisions ------------------------------------------------------------------------------------------

    def actor(self) -> int | None:
        """The seat the engine waits on, or None once the game is over."""
        waiting = self.waiting_for()
        data = waiting.get("data") or {}
        if waiting.get("type") == "GameOver":
            return None
        if isinstance(data, dict) and "player" in data:
            return int(data["player"])
        if waiting.get("type") == "MulliganDecision":
            # CR 103.5: the players decide in turn order, one round of mulligans at a time; phase takes the
            # pending players in any order, and seat 0 had taken all its mulligans before seat 1's first prompt
            # (which then showed the opponent's final hand size)
            pending = [p for p in data["pending"] if isinstance(p, dict) and p.get("player") in (0, 1)]
            first = min(pending, key=lambda p: (int(p.get("mulligan_count") or 0), (p["player"] - self.deal.first) % 2))
            return int(first["player"])
        return int(self._game.priority_player())

    def decision(self) -> Decision | None:
        """The pending decision with every legal option numbered, or None when the game is over."""
        seat = self.actor()
        if seat is None:
            return None
        waiting = self.waiting_for()
        kind = str(waiting.get("type"))
        data = waiting.get("data") if isinstance(waiting.get("data"), dict) else {}
        if kind == "DeclareAttackers":
            actions = attack_options(data, look=lambda object_id: self._board_text(object_id, seat))
            if unknown_constraints(data):  # requirements the option builder does not know: keep what the engine takes
                actions = self._accepted(seat, actions)
            # one declaration per difference a player can see: two untapped Noble Hierarchs attacking the player and a
            # planeswalker one way or the other are one choice (the two had been listed as mirror images)
            seen = {self._attack_key(a, seat): a for a in reversed(actions)}
            actions = [a for a in actions if seen.get(self._attack_key(a, seat)) is a]
        elif kind == "DeclareBlockers":  # blockers, and attackers, the board cannot tell apart are interchangeable
            actions = block_options(data, look=lambda object_id: self._board_text(object_id, seat, combat=True))
        elif kind == "AssignCombatDamage":
            actions = self._told_apart(damage_options(data, [action.to_dict() for action in self._game.actions()]),
                                       data, seat)
        elif kind == "MulliganDecision":
            actions = self._mulligan_options(data, seat)
        else:
            actions = []
            for action in self._game.actions():
                as_dict = action.to_dict()
                if as_dict not in actions:  # the mulligan prompt lists each choice once per pending player
                    actions.append(as_dict)
                    self._native[id(as_dict)] = (as_dict, action)
        if kind == "NamedChoice" and data.get("choice_type") == "CardName":
            actions = self._card_names(actions, seat)
        if kind == "SeparatePilesPartition":  # the engine lists 4 of the splits and takes any
            actions = self._pile_splits(data) + [a for a in actions if a.get("type") != "SubmitPilePartition"]
        if _ordered_choice(kind, data):  # the order of the chosen cards is the order they go back in: offer each
            actions = [{"type": "SelectCards", "data": {"cards": list(order)}} for a in actions
                       for order in itertools.permutations((a.get("data") or {}).get("cards") or [])]
        if kind in ("TargetSelection", "TriggerTargetSelection") and \
                ((self._target_part(data).get("effect") or {}).get("target") or {}).get("type") == "Any":
            actions = [a for a in actions if not self._not_any_target(a)]
        if kind == "OptionalCostChoice" and int(data.get("times_kicked") or 0) >= MAX_REPEATED_COST:
            actions = [a for a in actions if not (a.get("data") or {}).get("pay")]
        if kind == "OptionalCostChoice" and self._replicate_asked_early(data):
            actions = [a for a in actions if a.get("type") == "DecideOptionalCost" and not _data_of(a).get("pay")]
        actions = [a for a in actions if not self._pays_what_it_cannot(a, seat) and not self._pays_for_nothing(a, seat)
                   ] or actions
        if self._lapsed_casts:
            actions = [a for a in actions if not (a.get("type") == "CastSpell" and _data_of(a).get("object_id") in
                                                  self._lapsed_casts and (self.object(_data_of(a)["object_id"]) or {})
                                                  .get("zone") == "Exile")]
        labelled = [(self.label(a, seat), a) for a in actions]
        if actions and all(a.get("type") == "SelectCards" for a in actions):
            # choices among cards: one option per distinct choice, in name order (never in library order)
            labelled = sorted({label: a for label, a in reversed(labelled)}.items())
        labelled = self._distinct(labelled, seat)
        options = tuple(Option(i + 1, label, a) for i, (label, a) in enumerate(labelled))
        return Decision(seat=seat, kind=kind, category=category_of(kind, actions), options=options,
                        prompt=self.describe_prompt(kind, data, seat), turn=self.turn)

    def _pays_what_it_cannot(self, action: dict[str, Any], seat: int) -> bool:
        """An answer that pays mana ``seat``'s untapped sources and pool cannot make: Daze's "Pay {1}" with every land
        tapped, Chain Lightning's copy for {R}{R} with no red source. The engine accepts it and goes on as if the
        player had declined (Daze counters the spell, no copy is made), so it is not offered."""
        data = _data_of(action)
        if action.get("type") == "PayUnlessCost" and data.get("pay"):
            return not self.can_pay(seat, (self.waiting_for().get("data") or {}).get("cost"))
        if action.get("type") == "DecideOptionalEffect" and data.get("accept"):
            return not self._optional_payable(seat)
        return False

    def _replicate_asked_early(self, data: dict[str, Any]) -> bool:
        """phase asks a replicate cost twice: before the spell's targets (as an optional cost of no keyword), then
        after them as replicate. Only the second ask's payments make copies (replayed with Consign to Memory: {1}
        paid at the first ask taps a land and copies nothing, at the second makes a copy), so the first is declined
        without asking; the second is asked as replicate."""
        pending = data.get("pending_cast") or {}
        card = self.object(pending.get("object_id")) or {}
        return data.get("origin") == "Other" and bool(pending.get("deferred_target_selection")) and \
            _keyword(card, "Replicate") is not None

    def _pays_for_nothing(self, action: dict[str, Any], seat: int) -> bool:
        """A payment the engine takes and gives nothing for: Chain Lightning's "may pay {R}{R}. If the player does,
        they may copy this spell". phase then asks the spell's caster whether to copy it, and makes no copy whatever
        the answer (replayed: both answers deal no more damage), so paying would only tap the payer's mana; it is
        not offered (the card's misreading says so)."""
        if action.get("type") != "DecideOptionalEffect" or not _data_of(action).get("accept"):
            return False
        ability = self._resolving((self.waiting_for().get("data") or {}).get("source_id"), seat)
        then = (ability.get("sub_ability") or {}).get("effect") or {}
        return (ability.get("effect") or {}).get("type") == "PayCost" and then.get("type") == "CopySpell"

    def _optional_payable(self, seat: int) -> bool:
        """Whether ``seat`` can pay what answering yes to the pending optional effect costs (True for no cost); for
        "you may cast that card" (Chandra, Torch of Defiance's +1), whether the card can be cast and paid for: the
        engine's Yes then casts nothing and deals no damage, where its No deals the 2 damage the rules deal."""
        data = self.waiting_for().get("data") or {}
        effect = self._resolving(data.get("source_id"), seat).get("effect") or {}
        if _casts_for_its_cost(effect):
            card = self.object(data.get("decision_subject_id")) or {}
            return bool(card) and not self._is_land(str(card.get("name"))) and self.can_pay(seat, card.get("mana_cost"))
        return effect.get("type") != "PayCost" or self.can_pay(seat, effect.get("cost"))

    def _card_names(self, actions: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
        """The names a player may name (Cabal Therapy's "nonland card name"): the engine offers the caster's own
        deck's names, lands included, but takes any card name; only the opponent's nonland cards can be hit, so
        the names offered are those seen so far, and the engine's nonland names only while none has been seen
        (the caster's deck had filled the list: "Bridge from Below" offered against Burn)."""
        names = self._opponent_names_seen(seat) or sorted(
            {str(choice) for a in actions if (choice := _data_of(a).get("choice")) and not self._is_land(str(choice))})
        return [{"type": "ChooseOption", "data": {"choice": name}} for name in names] or actions

    def _opponent_names_seen(self, seat: int) -> list[str]:
        """The opponent's nonland card names ``seat`` has seen, sorted: in play, in its graveyard, in exile, on the
        stack, named in the public log, or in a hand it revealed (Cabal Therapy's own reveal)."""
        seen = [str(o.get("name")) for o in [*self._game.battlefield(), *self._game.graveyard(1 - seat),
                                              *self._game.exile(), *map(self.object, self._stack_sources())]
                if o and o.get("owner") == 1 - seat and not o.get("face_down")]
        seen += [str(segment["value"].get("name")) for line in self.log if line.visibility == "Public"
                 for segment in line.segments if _card_id(segment) is not None
                 and (self.object(_card_id(segment)) or {}).get("owner") == 1 - seat]
        seen += [name for line in self.log if line.visibility == "Public" for name in self._revealed(line, 1 - seat)]
        return sorted(name for name in set(seen) if not self._is_land(name))

    def _revealed(self, line: LogLine, seat: int) -> list[str]:
        """The card names in a line "<seat> reveals: A, B, C" (the engine writes them as one text): split at the
        commas, a piece that is no card name joined to the next ("Jace, the Mind Sculptor"). Other three-part lines
        start with plain text ("Delver of Secrets transforms into Insectile Aberration"), so the player is read only
        from a player segment (a transform had ended the game at Cabal Therapy's naming: a str has no "get")."""
        segments = line.segments
        if len(segments) != 3 or _player_of(segments[0]) != seat or segments[1].get("value") != " reveals: ":
            return []
        names, piece = [], ""
        for part in str(segments[2].get("value") or "").split(", "):
            piece = f"{piece}, {part}" if piece else part
            if piece.lower() in self.card_data.faces:
                names.append(piece)
                piece = ""
        return names

    def _stack_sources(self) -> list[int]:
        return [entry["source_id"] for entry in self._game.stack() if isinstance(entry.get("source_id"), int)]

    def _is_land(self, name: str) -> bool:
        face = self.card_data.faces.get(name.lower()) or {}
        return "Land" in ((face.get("card_type") or {}).get("core_types") or [])

    def _distinct(self, labelled: list[tuple[str, dict[str, Any]]], seat: int) -> list[tuple[str, dict[str, Any]]]:
        """One option per wording, the same card twice being one choice (two Lightning Bolts in hand); but where
        actions worded alike act on objects a player can tell apart (two Force of Wills on the stack, an untapped
        and a tapped Delver), each wording says which: the stack item's number, or the permanent as the board shows
        it. Two Force of Wills targeted by Daze had been one option, the second unreachable."""
        worded: dict[str, list[dict[str, Any]]] = {}
        for label, action in labelled:
            worded.setdefault(label, []).append(action)
        told: dict[int, str] = {}  # what tells apart each action worded like another (by id: read once per action)
        for alike in worded.values():
            which = [self._which(action, seat) for action in alike] if len(alike) > 1 else []
            if len(set(which)) > 1:
                told.update((id(action), said) for action, said in zip(alike, which, strict=True))
        unique: dict[str, dict[str, Any]] = {}
        for label, action in labelled:
            unique.setdefault(f"{label} [{told[id(action)]}]" if id(action) in told else label, action)
        return list(unique.items())

    def _board_text(self, object_id: Any, seat: int, *, combat: bool = False) -> str:
        """A permanent as the board shows it to ``seat`` ('Grizzly Bears 2/2 (can't attack or {T} yet)'); in
        ``combat`` (blocking, dividing damage) without summoning sickness, which changes nothing there."""
        from grimoire.bench.arena.prompt import permanent_text

        obj = self.object(object_id) or {}
        # summoning sickness as the board shows it: on the seat's own creatures and on those of the player whose
        # turn it is ("Dark Confidant [2/1]" and "[2/1 (can't attack or {T} yet)]" beside "Dark Confidant 2/1 x2")
        sick = not combat and obj.get("controller") in (seat, self.turn_holder())
        card = self._card(obj, seat)
        temporary = self._temporary(obj)
        card.update(temporary, effects=card.get("effects", []) + temporary.get("effects", []))
        return permanent_text(card, sick_shown=sick, with_text=False)

    def _told_apart(self, divisions: list[dict[str, Any]], prompt: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """One division of combat damage per difference a player can see: the same amounts on blockers the board
        cannot tell apart (three untapped Grizzly Bears) are one choice."""
        lethal = {b.get("blocker_id"): b.get("lethal_minimum") for b in prompt.get("blockers") or []
                  if isinstance(b, dict)}
        seen: dict[tuple, dict[str, Any]] = {}
        for action in divisions:
            data = action.get("data") or {}
            shown = sorted((self._board_text(b, seat, combat=True), str(lethal.get(b)), amount)
                           for b, amount in data.get("assignments") or [])
            seen.setdefault((tuple(shown), data.get("trample_damage"), data.get("controller_damage")), action)
        return list(seen.values())

    def _which(self, action: dict[str, Any], seat: int) -> str:
        """What tells apart the objects ``action`` acts on: 'stack item 2', or a permanent as the board shows it
        ('1/1 (flying; tapped)'); '' where nothing does (two cards of one name in hand)."""
        data = action.get("data") or {}
        ids = [data.get(key) for key in ("object_id", "source_id")]
        target = data.get("target")
        if isinstance(target, dict):
            ids.append(target.get("Object", target.get("data") if target.get("type") == "Object" else None))
        ids += [part for pair in data.get("attacks") or data.get("assignments") or [] for part in pair[:2]]
        said = []
        for object_id in ids:
            if not isinstance(object_id, int):
                continue
            number = self._stack_number(object_id)
            obj = self.object(object_id) or {}
            if obj.get("zone") == "Battlefield":  # (a permanent whose trigger is on the stack is told by the board)
                look = self._board_text(object_id, seat).removeprefix(str(obj.get("name"))).strip()
                # ('(tapped)' of a land is its whole look: "[tapped]" beside "[untapped]", not "[(tapped)]")
                said.append(look[1:-1] if look.startswith("(") and look.endswith(")") and look.count("(") == 1
                            else look or "untapped")
            elif number is not None:
                said.append(f"stack item {number}")
        return "; ".join(said)

    def _stack_number(self, object_id: int) -> int | None:
        """Where a spell or ability (or the card it comes from) stands on the stack, 1 for the top; None off it."""
        return next((n for n, entry in enumerate(reversed(self._game.stack()), 1)
                     if object_id in (entry.get("id"), entry.get("source_id"))), None)

    def _accepted(self, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The actions the engine accepts, each tried on a copy of the game (about 50 ms a try, so only where
        a prompt carries requirements the option builder may not fully know)."""
        return [action for action in actions if self._copy(seat, action) is not None] or actions

    def _mulligan_options(self, data: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """The mulligan prompt is simultaneous and phase lists every pending player's actions together: keep only
        the acting seat's (keep/mulligan, or which cards to put on the bottom after keeping)."""
        pending = next((p for p in data.get("pending", []) if p.get("player") == seat), {})
        if (pending.get("phase") or {}).get("type") == "BottomCards":
            hand = {int(o["id"]) for o in self._game.hand(seat)}
            actions = [a.to_dict() for a in self._game.actions()]
            return [a for a in actions if a.get("type") == "SelectCards"
                    and set((a.get("data") or {}).get("cards") or []) <= hand]
        return [{"type": "MulliganDecision", "data": {"choice": {"type": choice}}} for choice in ("Keep", "Mulligan")]

    def choose(self, decision: Decision, option: Option) -> None:
        """Apply ``option`` for the deciding seat. Raises :class:`ActionRejected` (state unchanged) when the engine
        refuses it, and :class:`IllegalCombat` for a combat declaration the prompt does not allow."""
        self.apply(decision.seat, option.action)

    def apply(self, seat: int, action: dict[str, Any]) -> None:
        import phase

        waiting = self.waiting_for()
        data = waiting.get("data") if isinstance(waiting.get("data"), dict) else {}
        if action.get("type") == "DeclareAttackers":
            validate_attack(data, action)
        elif action.get("type") == "DeclareBlockers":
            validate_blocks(data, action)
        hands = [set(self._game.player(side)["hand"]) for side in (0, 1)]
        told = self._announced(seat, waiting, action)
        turn = self.turn
        if action.get("type") == "ActivateAbility" and isinstance((source := _data_of(action).get("source_id")), int):
            self._activating[source] = int(_data_of(action).get("ability_index") or 0)
            self._activated_sources[source] = self.object(source) or {}
        # a card Chandra's +1 lets its controller cast: castable at the next decision only (the engine keeps it
        # castable for good; the rules let it be cast while the ability resolves or not at all)
        if self._cast_window is not None:
            self._lapsed_casts.add(self._cast_window)
        self._cast_window = None
        if waiting.get("type") == "OptionalEffectChoice" and _data_of(action).get("accept") and \
                _casts_for_its_cost(self._resolving(data.get("source_id"), seat).get("effect")):
            self._cast_window = data.get("decision_subject_id")
        if action.get("type") in ("CastSpell", "ActivateAbility"):  # what an alternative cost's life payment takes
            self._life_at_cast = (seat, self.life(seat))
        if action.get("type") == "CastSpell" and isinstance((card := _data_of(action).get("object_id")), int):
            found = self._graveyard_cast(self.object(card) or {}) if (self.object(card) or {}).get("zone") == \
                "Graveyard" else None
            self._graveyard_casts.pop(card, None)
            self._cast_began = len(self.log)
            if found:
                self._graveyard_casts[card] = found[0]
        if action.get("type") == "PlayLand":
            self._land_played = _data_of(action).get("object_id")
        elif action.get("type") != "ChooseReplacement":
            self._land_played = None
        if action.get("type") == "CancelCast" and (casting := self._casting()) is not None:
            # the targets a cast given up had chosen: the same spell cast again before priority passes chooses its
            # own ("Ponder is targeted by Daze" had stayed from a Daze taken back, beside the one cast)
            self._targeting.pop(casting, None)
            self._graveyard_casts.pop(casting, None)
            self._cast_began = None
        self._stack_before = list(self._game.stack())
        try:
            native = self._native.get(id(action))
            engine_action = native[1] if native and native[0] is action else phase.GameAction.from_dict(action)
            result = self._game.apply(seat, engine_action)
        except Exception as error:  # the engine raises ValueError/RuntimeError for actions it will not take
            raise ActionRejected(f"{action.get('type')}: {error}") from error
        finally:
            self._waiting, self._objects, self._native, self._state, self._pending = None, {}, {}, None, None
            self._snapshot_read = None
            self._fighter_names = {}
        self._arrived = [[i for i in self._game.player(side)["hand"] if i not in hands[side]] for side in (0, 1)]
        self.history.append((seat, action))
        self.log.extend(LogLine(turn, segments) for segments in told)
        self._record(result.log_entries or [])
        self._note_turn()

    # -- log and view ---------------------------------------------------------------------------------------

    def _announced(self, seat: int, waiting: dict[str, Any], action: dict[str, Any]) -> list[list[dict[str, Any]]]:
        """Log lines for public choices the engine does not log: a mulligan and how many cards went to the bottom,
        the card named for Cabal Therapy, whether an unless-cost (Daze's {1}) is paid. Each is a line of segments,
        the engine's own shape, so that every reader names the players its own way."""
        kind, data, chosen = waiting.get("type"), waiting.get("data") or {}, _data_of(action)
        player = {"type": "PlayerName", "value": {"name": f"Player {seat + 1}", "player_id": seat}}

        def line(*texts: str) -> list[list[dict[str, Any]]]:
            return [[player, *({"type": "Text", "value": text} for text in texts)]]

        if kind == "MulliganDecision" and action.get("type") == "MulliganDecision":
            return line(" takes a mulligan") if (chosen.get("choice") or {}).get("type") == "Mulligan" else []
        if kind == "MulliganDecision" and action.get("type") == "SelectCards":
            bottom = len(chosen.get("cards") or [])
            kept = len(self._game.player(seat)["hand"]) - bottom
            return line(f" keeps {kept} cards, having put {bottom} on the bottom of the library")
        if kind == "NamedChoice" and action.get("type") == "ChooseOption":
            return line(f" names {chosen.get('choice')}")
        if action.get("type") == "CancelCast" and self._life_at_cast and self._life_at_cast[0] == seat and \
                (paid := self._life_at_cast[1] - self.life(seat)) > 0:
            # an alternative cost's life (Force of Will's), paid and not given back: "loses 1 life" had stood alone
            casting = self._casting()
            what = self.name_of(casting) if casting is not None else "a spell"
            return line(f" started casting {what} (paid {paid} life) and took it back; the engine keeps the life")
        if kind == "UnlessPayment" and action.get("type") == "PayUnlessCost":
            source = self.name_of((data.get("pending_effect") or {}).get("source_id"))
            answer = " chooses to pay " if chosen.get("pay") else " does not pay "
            return line(f"{answer}{cost_text(data.get('cost'))} for {source}")
        if kind == "OptionalEffectChoice" and (owner := self._bottomed_library(data, seat)) is not None:
            # Jace's +2: where the top card went is public, the card is not (a player who knew its top card after
            # a Brainstorm had not been told that it was gone)
            accept = chosen.get("accept") if action.get("type") == "DecideOptionalEffect" else \
                (chosen.get("choice") or {}).get("type") == "Accept"
            whose = [{"type": "Owner", "value": owner}, {"type": "Text", "value": " library"}]
            return [[player, {"type": "Text", "value": " puts the top card of "}, *whose,
                     {"type": "Text", "value": " on the bottom"}]] if accept else \
                [[player, {"type": "Text", "value": " leaves the top card of "}, *whose,
                  {"type": "Text", "value": " on top"}]]
        return []

    def _bottomed_library(self, data: dict[str, Any], seat: int) -> int | None:
        """Whose library an optional "put that card on the bottom" would take the top card of (Jace, the Mind
        Sculptor's +2); None for any other optional effect."""
        ability = self._resolving(data.get("source_id"), seat)
        effect = ability.get("effect") or {}
        if effect.get("type") != "PutAtLibraryPosition" or (effect.get("position") or {}).get("type") != "Bottom":
            return None
        looked = [obj for t in ability.get("targets") or [] if isinstance(t, dict) and "Object" in t and
                  (obj := self.object(t["Object"])) and obj.get("zone") == "Library"]
        return looked[0].get("owner") if len(looked) == 1 and looked[0].get("owner") in (0, 1) else None

    def _reworded(self, segments: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """An engine log line with what it leaves out: which ability an activation is, where the card has more than
        one ('Opponent activates Jace, the Mind Sculptor's ability "[0]: Draw three cards, ..."'; the engine logs
        only the card), and what a transforming card was ("Delver of Secrets transforms into Insectile Aberration";
        the engine names only the new face)."""
        ids = _card_ids(segments)
        if _says(segments, " casts ") and ids and (how := self._cast_variant(ids[0])):
            return [*segments, {"type": "Text", "value": how}]
        if _says(segments, " activates ability: ") and ids and (index := self._activating.pop(ids[0], None)) \
                is not None:
            obj = self.object(ids[0]) or {}
            abilities = [a for a in obj.get("abilities") or [] if isinstance(a, dict)]
            activated = [a for a in abilities if a.get("kind") == "Activated"]
            if len(activated) > 1 and 0 <= index < len(abilities) and abilities[index].get("description"):
                text = ability_text(abilities[index]["description"], obj.get("name"))
                card = next(s for s in segments if _card_id(s) == ids[0])
                return [segments[0], {"type": "Text", "value": " activates "}, card,
                        {"type": "Text", "value": f"'s ability \"{text}\""}]
        if len(ids) == 2 and _says(segments, " counters ") and (ability := self._countered_ability(ids[1])):
            # the engine names the card whose ability was countered ("Consign to Memory counters Fable of the
            # Mirror-Breaker" for its chapter II trigger: Fable stayed)
            return [*segments[:1], {"type": "Text", "value": f" counters the {ability} of "}, *segments[2:]]
        if [s.get("value") for s in segments[1:4]] == [" ", "lore", " counter on "] and ids and \
                (lore := ((self.object(ids[0]) or {}).get("counters") or {}).get("lore")):
            # the count it now has: "1 lore counter on History of Benalia" had read, at its second, as if it had one
            return [segments[4], {"type": "Text", "value": f" gets a lore counter ({_ordinal(int(lore))})"}]
        if len(segments) == 5 and segments[1].get("value") == " " and ids == [_card_id(segments[4])] and \
                segments[3].get("value") in (" counter on ", " counters on ") and \
                str(segments[0].get("value")).isdigit():
            # "2 loyalty counters on Jace, the Mind Sculptor" had read as its total after a +2 that took it to 5
            kind, added = str(segments[2].get("value")), int(segments[0]["value"])
            now = ((self.object(ids[0]) or {}).get("counters") or {}).get(kind)
            now = (self.object(ids[0]) or {}).get("loyalty") if kind == "loyalty" and now is None else now
            total = f" ({now} now)" if isinstance(now, int) else ""
            return [segments[4], {"type": "Text", "value": f" gets {added} {kind} counter{'' if added == 1 else 's'}"
                                                            f"{total}"}]
        if len(segments) == 2 and ids and segments[1].get("value") == " transforms":
            before = ((self.object(ids[0]) or {}).get("back_face") or {}).get("name")
            if before:
                return [{"type": "Text", "value": str(before)}, {"type": "Text", "value": " transforms into "},
                        segments[0]]
        return segments

    def _cast_variant(self, card: int) -> str:
        """' by flashback (it will be exiled)' or ' by evoke (sacrificed as it enters)' for a spell cast so: the engine
        logs a plain "casts" ("You cast Brainstorm" from a graveyard, "You cast Solitude" beside the card it
        exiled, and only the later sacrifice had told an evoke); '' for a spell cast for its mana cost."""
        keyword = self._graveyard_casts.pop(card, None)
        if keyword:
            return f" by {keyword.lower()}" + (" (it will be exiled)" if keyword == "Flashback" else "")
        variant = next((((entry.get("kind") or {}).get("data") or {}).get("casting_variant")
                        for entry in self._game.stack() if entry.get("id") == card and
                        isinstance((entry.get("kind") or {}).get("data"), dict)), None)
        return " by evoke (sacrificed as it enters)" if variant == "Evoke" else ""

    def _countered_ability(self, source: int) -> str:
        """'triggered ability', 'chapter II ability' or 'activated ability' where what was countered, as the
        stack stood before the latest action, was an ability of ``source`` and no spell of it; '' otherwise."""
        kinds = {str((e.get("kind") or {}).get("type")): e for e in self._stack_before
                 if source in (e.get("id"), e.get("source_id")) and isinstance(e.get("kind"), dict)}
        if not kinds or "Spell" in kinds:
            return ""
        kind, entry = next(iter(kinds.items()))
        chapter = re.fullmatch(r"Chapter (\d+)\.?", str(_stack_ability(entry).get("description") or "").strip())
        if chapter and 1 <= int(chapter[1]) <= len(_ROMAN):
            return f"chapter {_ROMAN[int(chapter[1]) - 1]} ability"
        return {"TriggeredAbility": "triggered ability"}.get(kind, "activated ability")

    def _note_turn(self) -> None:
        if self.turn not in self.life_at_turn_start:
            self.life_at_turn_start[self.turn] = (self.life(0), self.life(1))

    def _record(self, entries: list[dict[str, Any]]) -> None:
        """The engine's log entries, less its details. The engine logs a target when it is chosen, before the
        spell is cast, and again for each try: "Ponder is targeted by Daze" four times for a Daze never cast. So
        a targeting line waits for its source: it follows the line that casts or activates it (deduplicated),
        joins the log when priority passes with its source on the stack (a triggered ability's), and is dropped
        when priority passes without it (a cast given up)."""
        # the cards the batch's other lines name ("sacrifices Ichorid"): their move needs no line of its own
        told = {found for entry in entries if (entry.get("presentation") or {}).get("importance") != "Detail"
                and not _mentions(entry.get("segments") or [], *_NOT_ITS_DEATH) for found in _card_ids(
                    entry.get("segments") or [])}
        left: set[int] = set()  # permanents named as they were, gone from the battlefield by the batch's end
        start = len(self.log)
        self._left_battlefield(entries)
        for index, entry in enumerate(entries):
            presentation = entry.get("presentation") or {}
            segments = entry.get("segments") or []
            if presentation.get("importance") != "Detail":
                self._draw_step_draw_due = [s.get("value") for s in segments] == ["Draw step"]
            if self._targeting and _says(segments, *_PASSES_PRIORITY):
                self._settle_targeting()
            if self._lost and not _mentions(segments, *_GAME_ENDS):
                continue  # a player has lost: the engine empties its zones ("Tundra moves from the battlefield to ...")
            if _says(segments, " loses the game"):
                self._lost = True
            if presentation.get("importance") == "Detail":
                drawn = self._drawn(entry, entries[index + 1:])
                segments = drawn or self._public_move(entry) or self._death(entry, entries, told) or \
                    self._fizzled(entry, entries)
                if segments is None or (drawn and self._more_drawn(drawn, start)):
                    continue
                if drawn:  # that a card was drawn is public; the line names no card drawn
                    presentation = {**presentation, "visibility": "Public"}
            visibility = presentation.get("visibility")
            visibility = visibility if isinstance(visibility, str) else "Private"
            turn = int(entry.get("turn", self.turn))
            if entry.get("category") == "Turn" and presentation.get("importance") == "Essential":
                holder = next((found for s in segments if (found := _player_of(s)) is not None), None)
                if holder is not None:
                    self.turn_holders[turn] = int(holder)
            if self._replayed_land(segments):
                continue
            line = LogLine(turn, self._whose_permanents(self._reworded(segments), left), visibility)
            source = _targeting_source(segments)
            if source is not None:
                waiting = self._targeting.setdefault(source, [])
                if all(held.segments != line.segments for held in waiting):
                    waiting.append(line)
                continue
            self.log.append(line)
            self.log.extend(LogLine(turn, moved) for moved in self._revealed_to_hand(line, entries[index + 1:]))
            self._cause_first(start)
            self._cast_first()
            if _says(line.segments, *_PUTS_ON_STACK):
                # its targets right after it, above the costs it was moved above (CR 601.2c, 602.2b: targets are
                # chosen before costs are paid; Jace's +2 had read "gets 2 loyalty counters" before its target)
                at = next(place for place in range(len(self.log) - 1, -1, -1) if self.log[place] is line) + 1
                for object_id in _card_ids(line.segments):
                    held = self._targeting.pop(object_id, [])
                    self.log[at:at] = held
                    at += len(held)
        for object_id in left:
            self._permanents_named.pop(object_id, None)

    def _cause_first(self, start: int) -> None:
        """The log's last line moved above the lines of its batch (from ``start``) that the engine logs before it
        though they follow from it: an activation above its costs ("Opponent activates ability: Scalding Tarn /
        loses 1 life / sacrifices Scalding Tarn" had read in the reverse order), damage above the loyalty it removes
        ("Rift Bolt deals 3 damage to your Teferi, Time Raveler / 3 loyalty counters removed from ...")."""
        last = self.log[-1].segments
        if _mentions(last, " activates"):
            effects = _COSTS
        elif _mentions(last, " damage to ") and _mentions(last, " deals "):
            effects = (" removed from ",)
        else:
            return
        hit = set(_card_ids(last)[1:]) if effects != _COSTS else set()
        place = len(self.log) - 1
        while place > start and _mentions(self.log[place - 1].segments, *effects) and \
                (not hit or hit & set(_card_ids(self.log[place - 1].segments))):
            place -= 1
        if place < len(self.log) - 1:
            self.log.insert(place, self.log.pop())

    def _cast_first(self) -> None:
        """The log's last line, a cast, moved above its costs (CR 601.2b-h: a spell is announced, then its costs
        paid), as an activation is: "You lose 1 life / Snapcaster Mage moves from your hand to exile / You cast
        Force of Will" had read as if the exile were an event of its own. The engine logs the costs as they are
        paid, in the batches of the cast's choices."""
        if not _says(self.log[-1].segments, " casts "):
            return
        began, self._cast_began = self._cast_began, None
        if began is None or began >= len(self.log) - 1 or \
                not all(_mentions(line.segments, *_CAST_COSTS) for line in self.log[began:-1]):
            return
        self.log.insert(began, self.log.pop())

    def _left_battlefield(self, entries: list[dict[str, Any]]) -> None:
        """The permanents the batch's details move off the battlefield that no line had named there (a creature
        cast and destroyed by a Supreme Verdict: "Stinkweed Imp is destroyed" had said nobody's): whose they were,
        their owner's (the one the card goes back to; these decks take no control of another's permanent)."""
        for entry in entries:
            segments = entry.get("segments") or []
            if len(segments) != 5 or segments[1].get("value") != " moves from " or \
                    segments[2].get("value") != "Battlefield" or (card := _card_id(segments[0])) is None or \
                    card in self._permanents_named:
                continue
            obj = self.object(card) or {}
            if obj.get("owner") in (0, 1):
                self._permanents_named[card] = {"name": str(segments[0]["value"].get("name")),
                                                "controller": obj["owner"]}

    def _whose_permanents(self, segments: list[dict[str, Any]], left: set[int]) -> list[dict[str, Any]]:
        """A log line's permanents as they were on the battlefield, with whose they are and whether a token is a
        copy: "Your opponent's Insectile Aberration (Delver of Secrets) is destroyed", "Opponent sacrifices Snapcaster
        Mage (token copy)", "Your opponent's Stinkweed Imp is destroyed" (the engine had named the Aberration by its
        card, beside a second Delver still in play, a Kiki-Jiki copy as the real Snapcaster Mage, and whose Imp of
        two decks' never). A player's own permanent in a line that the player leads ("You sacrifice Clue") is not
        said to be theirs again. The ids of those no longer on the battlefield go into ``left``."""
        # a transformation names both faces, and a move between a player's zone and the battlefield whose zone it
        # is ("Volcanic Island moves from your library to the battlefield"): said once is enough
        plain = _says(segments, " transforms", " transforms into ") or any(s.get("type") == "Owner" for s in segments)
        leader = _player_of(segments[0]) if segments else None
        marked, said = [], None
        targeting = _targeting_source(segments) is not None  # "X is targeted by Y": each says whose
        for segment in segments:
            if segment.get("type") == "Text" and str(segment.get("value")).startswith(" token") and marked and \
                    isinstance(marked[-1].get("value"), dict):
                marked[-1]["value"].pop("token", None)  # the line says it ("Zombie token is created")
                if marked[-1]["value"].pop("token_copy", None):
                    # "Snapcaster Mage token copy is created" ("Snapcaster Mage (token copy) token" had read)
                    segment = {"type": "Text", "value": " token copy" + str(segment["value"])[len(" token"):]}
            object_id = _card_id(segment) if segment.get("type") == "CardName" else None
            obj = self.object(object_id) if object_id is not None else None
            known = self._permanents_named.get(object_id) if object_id is not None else None
            if object_id is not None and obj and obj.get("zone") == "Battlefield":
                name = str(obj.get("name"))
                known = {"name": name, "controller": obj.get("controller"),
                         **({"token_copy": True} if obj.get("is_token") and name.lower() in self.card_data.faces
                            else {"token": True} if obj.get("is_token") else {})}
                if name == segment["value"].get("name"):
                    self._permanents_named[object_id] = known
                else:  # back already, as the other face: the line was logged before (Fable's chapter III exile)
                    known["name"] = segment["value"].get("name")
            if not known and targeting and obj and obj.get("controller", obj.get("owner")) in (0, 1):
                # whose spell aims at whose, on the stack or still being cast ("Swords to Plowshares is targeted by
                # Force of Will" twice had not said that each Force was another player's)
                value = dict(segment["value"], controller=obj.get("controller", obj.get("owner")))
                marked.append({"type": "CardName", "value": value})
                continue
            if not known:
                marked.append(segment)
                continue
            if not obj or obj.get("zone") != "Battlefield":
                left.add(object_id)
            value = dict(segment["value"], **known)
            if known["name"] != segment["value"].get("name"):
                value["card"] = segment["value"].get("name")  # the card a transformed permanent is
            # (said once for a run of one player's: "Your Psychic Frog, Nethergoyf and Insectile Aberration attack")
            if known["controller"] in (leader, said) and not targeting:
                del value["controller"]
            said = known["controller"]
            marked.append({"type": "CardName", "value": value})
        return segments if plain else marked

    def _drawn(self, entry: dict[str, Any], later: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        """'Opponent draws a card (Psychic Frog)' for a draw outside the draw step's own (CR 504.1), with what made it
        where the batch or the stack says: the engine logs every draw as a hidden detail, and a Frog's draws had
        shown only as the opponent's hand count rising. The card drawn stays hidden. None for any other detail."""
        segments = entry.get("segments") or []
        if len(segments) != 2 or _player_of(segments[0]) not in (0, 1) or segments[1].get("value") != " draws a card":
            return None
        if self._draw_step_draw_due and _player_of(segments[0]) == self.turn_holder():
            self._draw_step_draw_due = False
            return None
        # the effect that drew: it is logged as resolving after its draws, or (a resolution that stops for a
        # choice, Brainstorm's put-back) it is what the latest pass of priority began to resolve
        resolving = next((found for later_entry in later if _says(found_in := later_entry.get("segments") or [],
                                                                  "'s effect resolves")
                          and (found := _card_id(found_in[0])) is not None), None)
        if resolving is None and self._stack_before and self.history and \
                self.history[-1][1].get("type") == "PassPriority":
            resolving = self._stack_before[-1].get("source_id")
        name = self.name_of(resolving) if isinstance(resolving, int) else ""
        card = {"type": "CardName", "value": {"name": name, "object_id": resolving}}
        source = [{"type": "Text", "value": " ("}, card, {"type": "Text", "value": ")"}] \
            if name and not name.startswith("object ") else []
        return [segments[0], segments[1], *source]

    def _revealed_to_hand(self, line: LogLine, later: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
        """'Volcanic Island moves from your library to your hand' for a revealed card that the action put into its
        owner's hand (Goblin Guide's land): the engine logs the reveal and no move, and the land had shown only as
        the hand count rising. A reveal that a later draw of the batch may explain (Delver's, then the draw step)
        is left alone."""
        player = _player_of(line.segments[0]) if line.segments else None
        if player not in (0, 1) or any(_player_of((e.get("segments") or [{}])[0]) == player and
                                       _says(e.get("segments") or [], " draws a card") for e in later):
            return []
        arrived = {self.name_of(card): card for card in self._arrived[player]}
        zone = [{"type": "Owner", "value": player}, {"type": "Text", "value": " "}]
        return [[{"type": "CardName", "value": {"name": name, "object_id": arrived[name]}},
                 {"type": "Text", "value": " moves from "}, *zone, {"type": "Zone", "value": "Library"},
                 {"type": "Text", "value": " to "}, *zone, {"type": "Zone", "value": "Hand"}]
                for name in self._revealed(line, player) if name in arrived]

    def _more_drawn(self, segments: list[dict[str, Any]], start: int) -> bool:
        """Whether a draw line is one more of the batch's last line, now said as one: 'You draw 3 cards (Brainstorm)'
        for three lines 'You draw a card (Brainstorm)'."""
        if len(segments) < 2 or segments[1].get("value") != " draws a card" or len(self.log) <= start:
            return False
        last = self.log[-1].segments
        drawn = re.fullmatch(r" draws (a card|(\d+) cards)", str(last[1].get("value"))) if len(last) >= 2 else None
        if not drawn or _player_of(last[0]) != _player_of(segments[0]) or \
                _card_ids(last) != _card_ids(segments):
            return False
        count = int(drawn[2] or 1) + 1
        last[1] = {"type": "Text", "value": f" draws {count} cards"}
        return True

    def _replayed_land(self, segments: list[dict[str, Any]]) -> bool:
        """The engine's second "plays" line for a land whose play asked a replacement (a shock land's 2 life): it
        logs the play before the choice and again after it ("You play Sacred Foundry / You lose 2 life / You play
        Sacred Foundry")."""
        played = self._land_played if self.history and self.history[-1][1].get("type") == "ChooseReplacement" else None
        if played is None or not _says(segments, " plays ") or played not in _card_ids(segments):
            return False
        self._land_played = None
        return True

    def _public_move(self, entry: dict[str, Any]) -> list[dict[str, Any]] | None:
        """A public move between zones that only the engine's details say and a player needs, with whose zones
        they are ("Cabal Therapy moves from your library to your graveyard"): what dredge or a mill put in a
        graveyard, the card a Force of Will pitched, the land a fetch land found, what was exiled or bounced.
        None for any other detail (a cast's move to the stack, a land played, a creature dying: the log says those)."""
        segments = entry.get("segments") or []
        if (entry.get("presentation") or {}).get("visibility") != "Public" or len(segments) != 5 or \
                [s.get("type") for s in segments] != ["CardName", "Text", "Zone", "Text", "Zone"] or \
                segments[1].get("value") != " moves from " or segments[3].get("value") != " to " or \
                (segments[2].get("value"), segments[4].get("value")) not in _TOLD_MOVES:
            return None
        value = segments[0].get("value")
        obj = self.object(value.get("object_id")) if isinstance(value, dict) else None
        owner = (obj or {}).get("owner")
        if owner not in (0, 1):
            return None
        def zone(segment: dict[str, Any]) -> list[dict[str, Any]]:  # a player's own zone says whose
            shared = {"Battlefield": "the ", "Exile": ""}.get(segment.get("value"))
            before = {"type": "Owner", "value": owner} if shared is None else {"type": "Text", "value": shared}
            return [before, {"type": "Text", "value": " "}, segment] if shared is None else [before, segment]

        return [segments[0], segments[1], *zone(segments[2]), segments[3], *zone(segments[4])]

    def _death(self, entry: dict[str, Any], entries: list[dict[str, Any]], told: set[int]
               ) -> list[dict[str, Any]] | None:
        """'Golgari Grave-Troll dies (its toughness fell to 0 as a counter was removed)' for a creature's move from
        the battlefield to a graveyard that no other line of the batch tells (the engine logs a sacrifice, not a
        creature with 0 toughness or lethal damage: the Grave-Troll's last counter removed had left only "Player 1
        activates ability"); the cause where the batch says it. None for any other detail."""
        segments = entry.get("segments") or []
        if (entry.get("presentation") or {}).get("visibility") != "Public" or len(segments) != 5 or \
                segments[1].get("value") != " moves from " or \
                (segments[2].get("value"), segments[4].get("value")) != ("Battlefield", "Graveyard"):
            return None
        card = _card_id(segments[0])
        obj = self.object(card) if card is not None else None
        if card in told or not obj or "Creature" not in ((obj.get("card_types") or {}).get("core_types") or []):
            return None
        said = [e.get("segments") or [] for e in entries if card in _card_ids(e.get("segments") or [])]
        cause = " (lethal damage)" if any(_mentions(line, " damage") for line in said) else \
            " (its toughness fell to 0 as a counter was removed)" if any(
                _mentions(line, " removed from ") for line in said) else ""
        return [segments[0], {"type": "Text", "value": f" dies{cause}"}]

    def _fizzled(self, entry: dict[str, Any], entries: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        """"Your opponent's Force of Will is countered on resolution: no legal target is left" for a spell that leaves
        the stack for a graveyard with neither its effect resolving nor a counter in the batch (CR 608.2b; a second
        Force of Will aimed at a spell the first had countered had vanished from the log, and so had a Prismatic
        Ending whose X fell short of its target's mana value). None for any other detail."""
        segments = entry.get("segments") or []
        if len(segments) != 5 or segments[1].get("value") != " moves from " or \
                (segments[2].get("value"), segments[4].get("value")) != ("Stack", "Graveyard") or \
                (card := _card_id(segments[0])) is None:
            return None
        if any(card in _card_ids(said := e.get("segments") or []) and
               _mentions(said, "'s effect resolves", " counters ") for e in entries) or self._resolution_waits(card):
            return None
        owner = (self.object(card) or {}).get("owner")
        value = dict(segments[0]["value"], **({"controller": owner} if owner in (0, 1) else {}))
        return [{"type": "CardName", "value": value},
                {"type": "Text", "value": " is countered on resolution: no legal target is left"}]

    def _resolution_waits(self, card: int) -> bool:
        """Whether the engine, having moved ``card`` to its graveyard, waits on a choice its resolution asks (Daze's
        "unless its controller pays {1}": every Daze had been logged as countered on resolution, then "Daze counters
        Solitude" a batch later)."""
        data = self.waiting_for().get("data")
        data = data if isinstance(data, dict) else {}
        pending = data.get("pending_effect") if isinstance(data.get("pending_effect"), dict) else {}
        return card in (data.get("source_id"), pending.get("source_id"))

    def _settle_targeting(self) -> None:
        """Priority passes: targets of what is on the stack join the log; those of a cast given up are dropped."""
        on_stack = {entry.get("source_id") for entry in self._game.stack()}
        for source in list(self._targeting):
            held = self._targeting.pop(source)
            if source in on_stack:
                self.log.extend(held)

    def log_for(self, seat: int | None, names: tuple[str, str] | None = None) -> list[tuple[int, str]]:
        """The log as ``seat`` may read it: (turn, text), hidden card names withheld. ``seat=None`` with ``names``
        is the spectator's log for game records."""
        return [(line.turn, render_segments(line.segments, seat, hide_cards=line.visibility != "Public", names=names))
                for line in self.log]

    def view(self, seat: int, *, whole_state: bool = True) -> dict[str, Any]:
        """What ``seat`` may see: both life totals and the effects on each player, its own hand, counts of hidden
        zones, the battlefield, graveyards, face-up exile, the stack and combat. Library order and the opponent's
        hand never appear. ``whole_state=False`` leaves out the parts read from the engine's whole state (slow; the
        bots do not need them): the effects on players and the combat record."""
        other = 1 - seat
        me, them = self._game.player(seat), self._game.player(other)
        # a spell being cast is the engine's hand card until the cast completes: it is shown on the stack, not in
        # the hand too ("5 cards in hand: Fireblast, ..." held the Fireblast being cast)
        casting = self._casting()
        if casting is None and self._land_played is not None and self.waiting_for().get("type") == "ReplacementChoice":
            # a land being played whose replacement (a shock land's 2 life) is asked: played, though the engine
            # holds it in the hand until then ("Your hand: Sacred Foundry, ..." had shown beside "You play it")
            casting = self._land_played
        # a spell resolving is still on the stack (CR 608.2n puts it in the graveyard last); the engine has put it
        # there already ("Your graveyard: ..., Thoughtseize" beside "Stack: empty" while its choice was made)
        resolving = self._resolving_spell() if whole_state else None
        gone = {resolving.get("id")} if resolving and resolving["moved"] else set()
        stack = [self._stack_entry(e, seat) for e in self._game.stack()] + ([resolving] if resolving else [])
        suspending = {e["suspending"]: e["time_counters"] for e in stack if e.get("suspending") is not None}
        return {
            "turn": self.turn,
            "phase": self.phase,
            "active_seat": self.turn_holder(),
            "you": {"seat": seat, "life": me["life"], "poison": me.get("poison_counters", 0),
                    "effects": self._player_effects(seat, seat) if whole_state else [],
                    "mana_pool": mana_pool_text(me.get("mana_pool")),
                    "hand": [self._card(o, seat) for o in self._game.hand(seat) if o.get("id") != casting],
                    "library_count": len(me.get("library") or []),
                    "graveyard": [self._card(o, seat) for o in self._graveyard(seat) if o.get("id") not in gone],
                    "delving": self._delving(seat)},
            "opponent": {"seat": other, "life": them["life"], "poison": them.get("poison_counters", 0),
                         "effects": self._player_effects(other, seat) if whole_state else [],
                         "mana_pool": mana_pool_text(them.get("mana_pool")),
                         "hand_count": len([card for card in them.get("hand") or [] if card != casting]),
                         "library_count": len(them.get("library") or []),
                         "graveyard": [self._card(o, seat) for o in self._graveyard(other) if o.get("id") not in gone]},
            "battlefield": [self._card(o, seat, whole_state) for o in self._game.battlefield()],
            "exile": [{**self._card(o, seat, whole_state), **({"suspending": suspending[o["id"]]}
                                                               if o.get("id") in suspending else {})}
                      for o in self._game.exile() if o.get("id") not in gone],
            "stack": stack,
            "combat": self._combat(seat) if whole_state else None,
        }

    def _whole_state(self) -> dict[str, Any]:
        """The engine's omniscient state, read once per game state: only its public parts may reach a player."""
        if self._state is None:
            self._state = self._snapshot().get("state") or {}
        return self._state

    def _snapshot(self) -> dict[str, Any]:
        """The engine's snapshot of the game, read once per game state."""
        if self._snapshot_read is None:
            self._snapshot_read = self._game.state()
        return self._snapshot_read

    def _copy(self, seat: int, action: dict[str, Any]) -> Any:
        """A copy of the game with ``action`` applied for ``seat`` (about 80 ms), to read what it would do; None
        where the engine refuses it."""
        import phase

        try:
            copy = self._engine.load_game(self._snapshot())
            copy.apply(seat, phase.GameAction.from_dict(action))
        except Exception:  # the engine's refusal (ValueError/RuntimeError)
            return None
        return copy

    def _player_effects(self, player: int, seat: int) -> list[str]:
        """The continuous effects on ``player`` as ``seat`` reads them: 'protection from everything until your next
        turn (The One Ring)'. The board showed only the card that made them (a player under The One Ring's
        protection had looked open to burn and attacks)."""
        effects = []
        for effect in self._whole_state().get("transient_continuous_effects") or []:
            affected = effect.get("affected") or {}
            if affected.get("type") != "SpecificPlayer" or affected.get("id") != player:
                continue
            effects.append(self._effect_text(effect, player, seat))
        return effects

    def _duration_text(self, duration: Any, controller: Any, player: int | None, seat: int) -> str:
        """'until your next turn' (a ``{"UntilNextTurnOf": {"player": {"type": "Controller"}}}`` duration, seen on
        The One Ring's protection), 'until end of turn'; the next turn's player named as ``seat`` reads it."""
        for key in ("UntilNextTurnOf", "UntilNextStepOf"):  # (the step: Ajani Vengeant's "next untap step")
            if isinstance(duration, dict) and key in duration:
                named = (duration[key] or {}).get("player") or {}
                whose = "a player's" if named.get("type") != "Controller" else "your" if controller == seat else \
                    "their" if controller == player else "your opponent's"
                step = humanise((duration[key] or {}).get("step") or "")
                return f"until {whose} next {step + ' step' if key == 'UntilNextStepOf' else 'turn'}"
        return humanise(duration) if isinstance(duration, str) else ""

    def _resolving_spell(self) -> dict[str, Any] | None:
        """What is resolving while its choice is made, where the engine no longer shows it on the stack, as a stack
        item marked ``resolving``: an instant or sorcery the engine has already put into its owner's graveyard
        (``moved`` then holds its card, shown on the stack and not in the graveyard), or an ability of a card in a
        graveyard (a fetch land's search after its sacrifice, Ichorid's upkeep trigger), whose card stays there.
        None otherwise. A fetch land's search had read "Polluted Delta (your spell, resolving now)" with the land
        gone from the graveyard, and Brainstorm's put-back "Stack: empty" beside it in the graveyard."""
        for frame in (self._whole_state().get("resolution_frames") or {}).get("frames") or []:
            data = frame.get("data") or {}
            part = ((data.get("pending") or {}).get("chain")) or data.get("ability") or {}
            obj = self.object(part.get("source_id")) or {}
            # (a spell cast by flashback goes to exile instead: "Stack: empty" beside "Exile: Brainstorm (yours)")
            if obj.get("zone") == "Exile" and _is_spell_card(obj) and not _ability_part(part):
                return self._resolving_item(obj, "Spell", moved=True)
            if obj.get("zone") != "Graveyard":
                continue
            if _is_spell_card(obj) and not _ability_part(part):
                return self._resolving_item(obj, "Spell", moved=True)
            name, kind = str(obj.get("name")), _ability_part(part) or "ActivatedAbility"
            text = self._ability_words(part.get("description"), part, name, kind)
            return self._resolving_item(obj, kind, text=text)
        data = self.waiting_for().get("data")
        data = data if isinstance(data, dict) else {}
        # its last part: no frame is left (a card name's prompt names its spell as the prompt's source)
        source = data.get("source_id", (((data.get("source") or {}).get("prompt") or {}).get("identity") or {}).get(
            "reference", {}).get("object_id"))
        obj = self.object(source) if source is not None else None
        if obj and obj.get("zone") in ("Graveyard", "Exile") and _is_spell_card(obj):
            return self._resolving_item(obj, "Spell", moved=True)
        return None

    @staticmethod
    def _resolving_item(obj: dict[str, Any], kind: str, *, text: str = "", moved: bool = False) -> dict[str, Any]:
        return {"id": obj.get("id"), "source": obj.get("name"), "controller": obj.get("controller", obj.get("owner")),
                "kind": kind, "text": text, "targets": [], "resolving": True, "moved": moved}

    def _graveyard(self, seat: int) -> list[dict[str, Any]]:
        """``seat``'s graveyard as it stands: no token (a sacrificed Treasure ceases to exist, CR 111.7), nor the
        cards a payment in progress has exiled by delve (the engine moves them when the payment ends)."""
        delved = set(self._pending_cast().get("delved_cards") or []) if self._casting() is not None else set()
        return [o for o in self._game.graveyard(seat) if not o.get("is_token") and o.get("id") not in delved]

    def _delving(self, seat: int) -> list[dict[str, Any]]:
        """``seat``'s cards a payment in progress has exiled by delve: out of the graveyard, not yet in exile."""
        if self._casting() is None:
            return []
        cards = [self.object(card) for card in self._pending_cast().get("delved_cards") or []]
        return [self._card(card, seat) for card in cards if card and card.get("owner") == seat]

    def _mana_at_hand(self, seat: int) -> str:
        """What ``seat`` has to pay with, as a player counts it before answering an unless-cost: 'you have 2
        untapped lands' (Daze's "Pay {1}" had been offered with every land tapped, and paid nothing), and its
        other mana sources by name ('and Lotus Petal')."""
        sources = self._mana_sources(seat)
        lands = sum(1 for obj, _ in sources if "Land" in ((obj.get("card_types") or {}).get("core_types") or []))
        others = Counter(str(obj.get("name")) for obj, _ in sources
                         if "Land" not in ((obj.get("card_types") or {}).get("core_types") or []))
        pool = mana_pool_text(self._game.player(seat).get("mana_pool"))
        extra = [f"{listed(n if c == 1 else f'{n} x{c}' for n, c in others.items())} to make mana"] if others else []
        extra += [f"{pool} in your mana pool"] if pool else []
        return f"you have {lands} untapped land{'' if lands == 1 else 's'}" + "".join(f" and {e}" for e in extra)

    def _choosing_targets_for(self) -> int | None:
        """The source whose triggered ability's targets the pending prompt chooses, else None."""
        waiting = self.waiting_for()
        data = waiting.get("data")
        source = data.get("source_id") if waiting.get("type") == "TriggerTargetSelection" and \
            isinstance(data, dict) else None
        return source if isinstance(source, int) else None

    def _trigger_text(self, data: dict[str, Any]) -> str:
        """A pending trigger's rules text, read from the stack entry of its source."""
        for entry in self._game.stack():
            if entry.get("source_id") == data.get("source_id"):
                return str(_stack_ability(entry).get("description") or "")
        return ""

    def _casting(self) -> int | None:
        """The object id of the spell a pending cast is casting (its targets or costs being chosen), else None."""
        waiting = self.waiting_for()
        data = waiting.get("data")
        if not isinstance(data, dict):
            return None
        if waiting.get("type") in _PAYMENT_WAITS | {"DistributeAmong"}:  # it names no spell: the pending cast does
            pending = self._pending_cast()
            card = pending.get("card_id", pending.get("object_id"))
            return card if isinstance(card, int) else None
        pending = data.get("pending_cast")
        # a cost being paid (PayCost): {"type": "SpellCost", "Spell": {"object_id": ...}} (Fireblast's sacrifice; the
        # type had been read as "Spell" only, so the card showed in the hand and on the stack at once)
        resume = data.get("resume")
        if not isinstance(pending, dict) and isinstance(resume, dict):
            pending = resume.get("Spell")
        object_id = pending.get("object_id") if isinstance(pending, dict) else None
        return object_id if isinstance(object_id, int) else None

    def _combat(self, seat: int) -> dict[str, Any] | None:
        """Attackers (with what they attack) and blockers: public, read from the engine's combat record."""
        if not any(word in self.phase for word in ("Combat", "Attack", "Block", "Damage")):
            return None
        combat = self._whole_state().get("combat") or {}
        names = self._fighters(seat)
        attackers = [{"id": a.get("object_id"), "name": names.get(a.get("object_id"), self.name_of(a.get("object_id"))),
                      "attacks": self._target_label(a.get("attack_target"), seat),
                      "blocked": bool(a.get("blocked"))} for a in combat.get("attackers") or []]
        blockers = []
        for blocker, attacked in (combat.get("blocker_to_attacker") or combat.get("blockers") or {}).items():
            targets = attacked if isinstance(attacked, list) else [attacked]
            blockers.append({"id": int(blocker), "name": self.name_of(int(blocker)),
                             "blocks": [t for t in targets if isinstance(t, int)]})
        return {"attackers": attackers, "blockers": blockers} if attackers else None

    def _fighters(self, seat: int) -> dict[int, str]:
        """What each attacker and each possible blocker is called in combat where another of its side has its name:
        'Knight #1', 'Knight #2' (numbered by object, the same in the blocks offered and the combat line), with its
        board text where the board tells them apart ('Goblin Guide #2 [3/3 (haste; +1/+1 counter)]'). Three Knight
        tokens attacking had been one "Knight" in every block offered."""
        if seat not in self._fighter_names:
            combat = self._whole_state().get("combat") or {}
            waiting = self.waiting_for()
            data = waiting.get("data") if isinstance(waiting.get("data"), dict) else {}
            attackers = [a.get("object_id") for a in combat.get("attackers") or []]
            blockers = [int(b) for b in (combat.get("blocker_to_attacker") or combat.get("blockers") or {})]
            if waiting.get("type") == "DeclareBlockers":
                blockers = [int(b) for b in data.get("valid_blocker_ids") or []]
            self._fighter_names[seat] = {**self._numbered(blockers, seat), **self._numbered(attackers, seat)}
        return self._fighter_names[seat]

    def _numbered(self, ids: list[Any], seat: int) -> dict[int, str]:
        """Names for objects of which several share a name, numbered in object order ('Knight #2'), with the board
        text where theirs differ."""
        by_name: dict[str, list[int]] = {}
        for object_id in sorted({i for i in ids if isinstance(i, int)}):
            by_name.setdefault(self.name_of(object_id), []).append(object_id)
        names = {}
        for name, alike in by_name.items():
            if len(alike) < 2:
                continue
            looks = {i: self._board_text(i, seat, combat=True).removeprefix(name).strip() for i in alike}
            differ = len(set(looks.values())) > 1
            for number, object_id in enumerate(alike, 1):
                names[object_id] = f"{name} #{number}" + (f" [{looks[object_id]}]" if differ and looks[object_id]
                                                          else "")
        return names

    def _attack_key(self, action: dict[str, Any], seat: int) -> tuple:
        """What a player sees of an attack declaration: each attacker as the board shows it, with what it attacks."""
        return tuple(sorted((self._board_text(a, seat), repr(t)) for a, t in _data_of(action).get("attacks") or []))

    def _card(self, obj: dict[str, Any], seat: int, whole_state: bool = False) -> dict[str, Any]:
        """An object as ``seat`` sees it; ``whole_state`` adds what only the engine's whole state holds (what a
        permanent exiles, the effects on it)."""
        hidden = obj.get("face_down") and obj.get("controller") != seat
        card: dict[str, Any] = {"id": obj.get("id"), "name": "face-down card" if hidden else obj.get("name"),
                                "controller": obj.get("controller"), "owner": obj.get("owner")}
        on_battlefield = obj.get("zone") == "Battlefield"
        if on_battlefield or obj.get("power") is not None:
            card.update({k: obj.get(k) for k in ("power", "toughness", "loyalty") if obj.get(k) is not None})
        for key in ("tapped", "damage_marked"):
            if obj.get(key):
                card[key] = obj[key]
        if obj.get("is_token"):
            card["token"] = True
        if obj.get("counters"):
            card["counters"] = obj["counters"]
        types = (obj.get("card_types") or {}).get("core_types")
        if types and not hidden:
            card["types"] = types
        if on_battlefield and not hidden:
            card.update(self._permanent_details(obj, seat))
        if whole_state and not hidden:
            linked = self._linked_details(obj, seat)
            card.update(linked, effects=card.get("effects", []) + linked.get("effects", []))
            if not card["effects"]:
                del card["effects"]
            # a keyword an effect grants is said by the effect, with until when and from what ("indestructible;
            # ...; indestructible until end of turn (Adanto Vanguard)" had said it twice)
            granted = {k for k in card.get("keywords") or [] for effect in card.get("effects") or []
                       if effect.startswith(f"{k} until ")}
            if granted:
                card["keywords"] = [k for k in card["keywords"] if k not in granted]
                if not card["keywords"]:
                    del card["keywords"]
        return card

    def _linked_details(self, obj: dict[str, Any], seat: int) -> dict[str, Any]:
        """What the engine's whole state links to an object: the card a permanent exiles until it leaves (Kitesail
        Freebooter's), the permanent that exiles a card, and the effects on a permanent ('-2/-1 until your next turn
        (Liliana, the Last Hope)'; the board had shown "Stoneforge Mystic -1/1" and no why)."""
        details: dict[str, Any] = {}
        state = self._whole_state()
        for link in state.get("exile_links") or []:
            until = " until it leaves the battlefield" if "UntilSourceLeaves" in (link.get("kind") or {}) else ""
            if link.get("source_id") == obj.get("id") and obj.get("zone") == "Battlefield":
                details.setdefault("exiling", []).append(f"{self.name_of(link.get('exiled_id'))}{until}")
            if link.get("exiled_id") == obj.get("id") and obj.get("zone") == "Exile":
                source = self.object(link.get("source_id")) or {}
                whose = "your" if source.get("controller") == seat else "your opponent's"
                details["exiled_by"] = f"{whose} {source.get('name')}{until}"
        if obj.get("zone") == "Battlefield":
            effects = [self._effect_text(effect, None, seat) for effect in state.get("transient_continuous_effects")
                       or [] if (effect.get("affected") or {}) == {"type": "SpecificObject", "id": obj.get("id")}]
            temporary = self._temporary(obj)
            effects += temporary.pop("effects", [])
            details.update(temporary)
            if effects:  # (Adanto Vanguard's indestructibility paid for three times is one effect to read)
                details["effects"] = list(dict.fromkeys(effects))
        return details

    def _temporary(self, obj: dict[str, Any]) -> dict[str, Any]:
        """A permanent's fate where a delayed trigger will sacrifice or exile it, as board details: Reflection of
        Kiki-Jiki's copy reads "token copy, sacrificed at the beginning of the next end step (Reflection of
        Kiki-Jiki)" (it had read as a lasting 2/2 token); {} for any other permanent."""
        doomed = self._doomed(obj)
        if not doomed:
            return {}
        source = str((self.card_data.faces.get(doomed.rsplit(" (", 1)[-1].rstrip(")").lower()) or {})
                     .get("oracle_text") or "")
        return {"effects": [doomed], **({"token_copy": True} if obj.get("is_token") and "copy" in source.lower()
                                        else {})}

    def _doomed(self, obj: dict[str, Any]) -> str:
        """'sacrificed at the beginning of the next end step (Reflection of Kiki-Jiki)'; '' where no delayed trigger
        will sacrifice or exile the permanent."""
        for delayed in self._whole_state().get("delayed_triggers") or []:
            ability = delayed.get("ability") or {}
            effect = ability.get("effect") or {}
            aimed = [t.get("Object") for t in ability.get("targets") or [] if isinstance(t, dict)]
            if obj.get("id") not in aimed:
                continue
            if effect.get("type") == "Sacrifice":
                fate = "sacrificed"
            elif effect.get("type") == "ChangeZone" and effect.get("destination") == "Exile":
                fate = "exiled"
            else:
                continue
            condition = delayed.get("condition") or {}
            phase = humanise(str(condition.get("phase") or "")).lower()
            when = f" at the beginning of the next {phase} step" if condition.get("type") == "AtNextPhase" and phase \
                else ""
            source = (ability.get("trigger_source") or {}).get("lki", {}).get("name") or \
                self.name_of(delayed.get("source_id"))
            return f"{fate}{when} ({source})"
        return ""

    def _effect_text(self, effect: dict[str, Any], player: int | None, seat: int) -> str:
        """A continuous effect as ``seat`` reads it: what it changes, until when, and its source."""
        what = listed(_modification_text(m, player == seat) for m in _merged_pump(effect.get("modifications") or []))
        until = self._duration_text(effect.get("duration"), effect.get("controller"), player, seat)
        return f"{what}{' ' + until if until else ''} ({effect.get('source_name')})"

    def _permanent_details(self, obj: dict[str, Any], seat: int) -> dict[str, Any]:
        """What every player sees of a permanent beyond its name: keywords, summoning sickness, attachments, and of
        the opponent's nonland permanents their rules text (the player's own are in its decklist)."""
        details: dict[str, Any] = {}
        keywords = [keyword_text(k) for k in obj.get("keywords") or [] if _keyword_name(k) not in _CAST_ONLY_KEYWORDS]
        if keywords:
            details["keywords"] = keywords
        if obj.get("controller") != seat and "Land" not in ((obj.get("card_types") or {}).get("core_types") or []):
            texts = self._rules_texts(obj)
            if texts:
                details["text"] = texts
        else:
            combat = combat_abilities(obj)
            if combat:
                details["abilities"] = combat
        if self._summoning_sick(obj):
            details["summoning_sick"] = True
        # a regeneration shield is a replacement on the permanent (Golgari Grave-Troll's had been invisible)
        shields = sum(1 for r in obj.get("replacement_definitions") or [] if isinstance(r, dict) and
                      r.get("shield_kind") == "Regeneration")
        if shields:
            details["effects"] = [f"regeneration shield{f' x{shields}' if shields > 1 else ''} until end of turn"]
        host = obj.get("attached_to")
        host = host.get("data") if isinstance(host, dict) else host  # {"type": "Object", "data": id}
        if isinstance(host, int):
            details["attached_to"] = self.name_of(host)
            details["attachment_kind"] = _attachment_kind(obj)
        attachments = [self.object(a) or {} for a in obj.get("attachments") or []]
        if attachments:
            details["attachments"] = [{"name": a.get("name"), "kind": _attachment_kind(a)} for a in attachments]
        return details

    def _rules_texts(self, obj: dict[str, Any]) -> list[str]:
        """A permanent's abilities beyond its keywords as the engine holds them, with its name: triggered, static and
        activated ones (Dark Confidant's upkeep, Adanto Vanguard's "Pay 4 life", a planeswalker's loyalty
        abilities), a Saga's chapters as printed."""
        name = str(obj.get("name"))
        keywords = {humanise(_keyword_name(k)) for k in obj.get("keywords") or []}
        texts = []
        # (an ability used from the hand, cycling, is no ability of the permanent: Troll of Khazad-dûm had shown
        # "{1}, discard 1 card: search library" on the battlefield)
        activated = [a for a in obj.get("abilities") or [] if isinstance(a, dict) and a.get("kind") == "Activated"
                     and a.get("activation_zone") in (None, "Battlefield")]
        for text in [*ability_texts(obj), *[a.get("description") or ability_words(a, _this(obj)) for a in activated]]:
            text = ability_text(text, name).strip()
            text = text[:1].upper() + text[1:]  # as printed ("remove a charge counter from it: ..." had read)
            chapter = re.fullmatch(r"Chapter (\d+)\.?", text)
            if chapter:
                text = self._chapter_text(text, name).split(": ", 1)[-1]
                text = f"{_ROMAN[int(chapter[1]) - 1]} — {text}" if int(chapter[1]) <= len(_ROMAN) else text
            if text and text not in texts and not _restates_keyword(text, keywords):
                texts.append(text)
        return texts

    def _summoning_sick(self, obj: dict[str, Any]) -> bool:
        """A creature that cannot attack or use {T} abilities yet (CR 302.6): it has not been under its
        controller's control since the start of that player's latest turn, and has no haste."""
        if "Creature" not in ((obj.get("card_types") or {}).get("core_types") or []) or "Haste" in (
                obj.get("keywords") or []):
            return False
        entered = obj.get("entered_battlefield_turn")
        latest = max((t for t, holder in self.turn_holders.items() if holder == obj.get("controller")
                      and t <= self.turn), default=None)
        return entered is not None and (latest is None or int(entered) >= latest)

    def _stack_entry(self, entry: dict[str, Any], seat: int) -> dict[str, Any]:
        source = entry.get("source_id")
        kind = entry.get("kind") or {}
        ability = _stack_ability(entry)
        # a delayed trigger's source as it was (Reflection of Kiki-Jiki's sacrifice, its card since turned back into
        # Fable of the Mirror-Breaker in the graveyard)
        known = (self.object(source) or self._activated_sources.get(source) or {}) if source is not None else {}
        name = ((ability.get("trigger_source") or {}).get("lki") or {}).get("name") or known.get("name") or \
            (self.name_of(source) if source is not None else "?")
        if (time := _suspend_counters(ability)) is not None:  # phase puts suspend on the stack (a special action)
            return {"id": entry.get("id"), "source": name, "controller": entry.get("controller"), "kind": "Suspend",
                    "text": f"{name} gets {time} time counter{'s' if time != 1 else ''} in exile as this resolves",
                    "targets": [], "suspending": source, "time_counters": time}
        described = ability.get("description") or ((kind.get("data") or {}).get("description") if
                                                    isinstance(kind, dict) and kind.get("type") != "Spell" else "")
        if not described and isinstance(kind, dict) and kind.get("type") == "ActivatedAbility":
            # the ability's line as its source held it, as the option that activated it read: the engine's stack
            # item has none
            held, index = known.get("abilities") or [], ability.get("ability_index")
            if isinstance(index, int) and 0 <= index < len(held) and isinstance(held[index], dict):
                described = held[index].get("description") or ability_words(held[index], _this(known))
        text = self._ability_words(described, ability, name, str(kind.get("type"))) if isinstance(kind, dict) and \
            kind.get("type") != "Spell" else ability_text(described, name)
        if re.fullmatch(r"Chapter \d+\.?", text.strip()):  # a Saga's chapter: its text as printed
            text = self._chapter_text(text, name).split(": ", 1)[-1]
        note = self._gone_note(ability, name)
        # a trigger holds its own source as a placeholder target while its targets are being chosen, and for good
        # where its text targets nothing (Narcomoeba's "you may put it onto the battlefield": "targeting Narcomoeba
        # in your graveyard" had been shown)
        placeholder = source == self._choosing_targets_for() or (bool(text) and "target" not in text.lower())
        if not ability.get("targets") and entry.get("id") is not None and entry.get("id") == self._casting():
            # the spell being cast holds its targets in the pending cast: one the engine picked by itself (its only
            # legal target) had never been shown ("Force of Will (your spell)" went on to counter its caster's own
            # Brainstorm)
            ability = self._cast_ability()
        targets = []
        reads_mana_value = name in MANA_VALUE_SPELLS and isinstance(kind, dict) and kind.get("type") == "Spell"
        while ability:  # a spell's targets, then those of each later part of it ("Then ...")
            targets += [self._aimed_at(t, seat) + (self._engine_mana_value(t) if reads_mana_value else "")
                        for t in ability.get("targets") or []
                        if not (placeholder and isinstance(t, dict) and t.get("Object") == source)]
            ability = ability.get("sub_ability") or {}
        # (a copy of a spell is no card: replicate's copies, say)
        copy = kind.get("type") == "Spell" and entry.get("id") != source if isinstance(kind, dict) else False
        return {"id": entry.get("id"), "source": name, "controller": entry.get("controller"),
                "kind": kind.get("type") if isinstance(kind, dict) else kind, "text": text,
                "targets": list(dict.fromkeys(targets)), **({"copy": True} if copy else {}),
                **({"note": note} if note else {})}

    def _gone_note(self, ability: dict[str, Any], name: str) -> str:
        """'(the Prized Amalgam it would return has left the graveyard: it will do nothing)' for a trigger that moves
        its own source from a zone the source has left since (a new object, CR 400.7: both Amalgams were on the
        battlefield, the stack promising the return of one); '' otherwise."""
        effect = ability.get("effect") or {}
        identity = (ability.get("trigger_source") or {}).get("identity") or {}
        reference, zone = identity.get("reference") or {}, identity.get("expected_zone")
        if effect.get("type") != "ChangeZone" or (effect.get("target") or {}).get("type") != "SelfRef" or \
                effect.get("origin") != zone or not zone or reference.get("object_id") is None:
            return ""
        now = self.object(reference["object_id"]) or {}
        if now.get("zone") == zone and now.get("incarnation") == reference.get("incarnation"):
            return ""
        return f"(the {name} it would return has left the {_ZONE_NAMES.get(zone, str(zone).lower())}: it will do " \
               "nothing)"

    def _engine_mana_value(self, target: Any) -> str:
        """' (mana value 3, which this rules engine counts as 0)' for a transformed permanent aimed at by a spell that
        reads mana values (the defender had been shown "Fatal Push (..., targeting your Reflection of Kiki-Jiki)"
        and passed, sure a 3-drop was safe; the engine destroyed it); '' for any other target."""
        obj = self.object(target.get("Object")) if isinstance(target, dict) else None
        if not obj or obj.get("zone") != "Battlefield" or _mana_value(obj) == _cost_value(obj.get("mana_cost")):
            return ""
        return f" (mana value {_mana_value_text(obj)})"

    def _ability_words(self, description: Any, ability: dict[str, Any], name: str,
                       kind: str = "TriggeredAbility") -> str:
        """An ability's text as a player reads it, with no rule number ("CR 702.62a: When the last time counter
        ..." had reached the stack): the engine's description; for a keyword's trigger, which the engine describes
        by the keyword alone ("Prowess"), the card's line for it with its reminder text; for a delayed trigger, which
        the engine holds with no text (Prized Amalgam's return, Reflection of Kiki-Jiki's sacrifice), what its effect
        does ("Prized Amalgam:" had been all the trigger ordering said); for a cycling ability, which holds none
        either, the card's cycling line."""
        text = ability_text(description, name).strip()
        if text and " " not in text:  # a keyword: "Prowess (Whenever you cast a noncreature spell, ...)"
            oracle = str((self.card_data.faces.get(name.lower()) or {}).get("oracle_text") or "")
            return next((line for line in oracle.splitlines() if line.lower().startswith(text.lower() + " (")), text)
        if text or kind != "TriggeredAbility":
            return text or self._cycling_line(self.object(ability.get("source_id")) or {}, {"activation_zone": "Hand"})
        return effect_sentence(ability.get("effect"), name)

    # -- labels ---------------------------------------------------------------------------------------------

    def label(self, action: dict[str, Any], seat: int) -> str:
        """A one-line description of an action, card names resolved."""
        kind = action.get("type")
        data = action.get("data") or {}
        name = self._names
        if kind == "PassPriority":
            if self.waiting_for().get("type") == "ManaPayment":  # passing here ends the payment, not the priority
                left = self._left_to_pay(seat)
                if not left or left == _NOTHING_LEFT:
                    return "Finish paying"
                # (offered only where the engine can pay the rest: from any untapped source, a Treasure sacrificed
                # too, so "your lands are tapped automatically" had been wrong beside a Mountain and a Treasure)
                return f"Finish paying ({left} is paid automatically{self._automatic_payment(action, seat)})"
            return "Pass priority" + (" (let the top of the stack resolve)" if self._game.stack() else "")
        if kind == "PlayLand":
            return f"Play land: {name(data.get('object_id'))}"
        if kind == "CastSpell":
            return f"Cast {self._cast_label(data.get('object_id'), seat)}{self._lone_target_note(action, seat)}"
        if kind == "ActivateAbility":
            suspend = self._suspend_label(data.get("source_id"), data.get("ability_index"))
            activate = f"Activate {self._ability_label(data.get('source_id'), data.get('ability_index'))}"
            return suspend or activate + self._none_in_hand(activate, seat)
        if kind == "ChooseTarget":  # with its mana value where that decides the spell (Prismatic Ending's converge)
            ability = ((self.waiting_for().get("data") or {}).get("pending_cast") or {}).get("ability")
            return f"Target: {self._target_label(data.get('target'), seat, mana_value=_has_part(ability, 'Cmc'))}"
        if kind == "DeclareAttackers":
            attacks = data.get("attacks") or []
            if not attacks:
                return "Attack with nothing"
            # alike attackers counted, by what they attack ("Prized Amalgam x3, Ichorid x3 -> your opponent"; each
            # attacker had been listed with its target, nine times over)
            by_target: dict[str, Counter] = {}
            for attacker, target in attacks:
                by_target.setdefault(self._target_label(target, seat), Counter())[name(attacker)] += 1
            return "Attack with " + "; ".join(
                ", ".join(n if c == 1 else f"{n} x{c}" for n, c in names.items()) + f" -> {target}"
                for target, names in by_target.items())
        if kind == "DeclareBlockers":
            blocks = data.get("assignments") or []
            if not blocks:
                return "No blocks"
            fighters = self._fighters(seat)
            return "Block: " + ", ".join(f"{fighters.get(b, name(b))} blocks {fighters.get(a, name(a))}"
                                         for b, a in blocks)
        if kind == "MulliganDecision":
            return {"Keep": "Keep this hand", "Mulligan": "Mulligan (shuffle and draw a new hand)"}.get(
                (data.get("choice") or {}).get("type"), str(data))
        if kind == "SelectCards":
            said, lost = self._select_label(self._cards_told_apart(data.get("cards") or [], seat)), \
                self._trigger_lost(data.get("cards") or [])
            # "Exile: Ichorid (from your graveyard; its own trigger, stack item 2, then does nothing)"
            return f"{said[:-1]}; {lost[2:]}" if lost and said.endswith(")") else said + lost
        if kind == "ChooseX":
            spent = self._converge_spent(action, seat)
            paid = f" (the automatic payment spends {len(spent)} colour{'' if len(spent) == 1 else 's'}: " \
                   f"{listed(spent)})" if spent else ""
            return f"X = {data.get('value')}{paid}"
        if kind == "DecideOptionalCost" and (waiting := self.waiting_for()).get("type") == "OptionalCostChoice":
            return optional_cost_answer((waiting.get("data") or {}).get("cost"), bool(data.get("pay")))
        if kind == "DecideOptionalEffect":
            return self._optional_answer(bool(data.get("accept")), seat)
        if kind == "DecideOptionalCost":
            return "Yes" if data.get("pay") else "No"
        if kind == "DecideOptionalEffectAndRemember":  # the engine then answers this card's trigger by itself
            answer = "Yes" if (data.get("choice") or {}).get("type") == "Accept" else "No"
            ability = self._resolving((self.waiting_for().get("data") or {}).get("source_id"), seat)
            anyway = self._declined_reveal(ability) if answer == "No" else ""
            return f"{answer}, and answer {answer} for this card's trigger from now on without asking you{anyway}"
        if kind == "CancelCast":
            lost = []
            if self.waiting_for().get("type") in _PAYMENT_WAITS:  # the engine refunds neither
                lost.append("mana already made and Treasures or other permanents already sacrificed for it are lost")
            paid = self._life_at_cast[1] - self.life(seat) if self._life_at_cast and self._life_at_cast[0] == seat \
                else 0
            if paid > 0:  # an alternative cost's life (Force of Will's): the engine does not give it back (replayed)
                lost.append(f"the {paid} life already paid for it is not given back")
            return "Cancel (take back the spell or ability being cast" + "".join(f"; {what}" for what in lost) + ")"
        if kind == "TapForConvoke":
            obj = self.object(data.get("object_id")) or {}
            if obj.get("zone") == "Graveyard":  # delve pays by exiling graveyard cards through the same action
                return f"Exile {obj.get('name')} from your graveyard to pay {{1}} of the cost (delve)"
            return f"Tap {name(data.get('object_id'))} to help pay ({humanise(data.get('mana_type'))} mana)"
        if kind == "PayUnlessCost":
            cost = (self.waiting_for().get("data") or {}).get("cost")
            words = cost_text(cost) if cost else "the cost"
            return f"Pay {words}" if data.get("pay") else f"Do not pay {words}"
        if kind == "ChooseReplacement":
            return self._replacement_label(int(data.get("index") or 0))
        if kind == "KeepAllCopyTargets":
            return "Keep the copy's current targets"
        if kind == "ChooseManaColor":
            choice = data.get("choice") or {}
            colour = choice.get("data", choice)
            return f"Make {data.get('count', 1)} {humanise(colour) if isinstance(colour, str) else colour} mana"
        if kind == "ChooseLegend":
            return self._legend_label(data.get("keep"), seat)
        if kind == "CascadeChoice":
            offer = (self.waiting_for().get("data") or {}).get("kind") or {}
            hit = self.name_of(offer.get("hit_card")) if offer.get("hit_card") is not None else "the card"
            return f"Cast {hit} without paying its mana cost" if (data.get("choice") or {}).get("type") == "Cast" \
                else f"Do not cast {hit} (it goes to the bottom of your library)"
        if kind == "ChooseAlternativeCast":
            prompt = self.waiting_for().get("data") or {}
            if (data.get("choice") or {}).get("type") == "Normal":
                normal = prompt.get("normal_cost")
                return "Cast it normally" + (f" ({cost_text(normal)})" if normal else "")
            keyword = humanise((prompt.get("keyword") or {}).get("type") or "alternative cost")
            costs = [cost_text(c) for c in (prompt.get("alternative_cost"), prompt.get("alternative_additional_cost"))
                     if c]
            return f"Cast it by {keyword}" + (f" ({' and '.join(costs)})" if costs else "")
        if kind == "AssignCombatDamage":
            lethal = {int(b["blocker_id"]): int(b.get("lethal_minimum") or 0)
                      for b in (self.waiting_for().get("data") or {}).get("blockers") or []
                      if isinstance(b, dict) and "blocker_id" in b}
            assigned = data.get("assignments") or []
            names = [name(target) for target, _ in assigned]
            # blockers of one name each as the board shows it (a summoning-sick Grizzly Bears and two others)
            shown = [self._board_text(target, seat, combat=True) if names.count(said) > 1 else said
                     for (target, _), said in zip(assigned, names, strict=True)]
            parts = [f"{amount} to your opponent's {said}" +
                     (" (lethal)" if amount and amount >= lethal.get(target, 1 << 30) else "")
                     for (target, amount), said in zip(assigned, shown, strict=True)]
            for key, who in (("trample_damage", "the defending player (trample)"), ("controller_damage", "its "
                                                                                     "controller")):
                if data.get(key):
                    parts.append(f"{data[key]} to {who}")
            return "Assign combat damage: " + (", ".join(parts) or "none")
        if kind == "OrderTriggers":
            triggers = (self.waiting_for().get("data") or {}).get("triggers") or []
            # a trigger is numbered only where another of its name does something else: identical triggers (two
            # Narcomoebas') in either order are one choice, so it is made without asking
            texts: dict[Any, set[str]] = {}
            for trigger in triggers:
                texts.setdefault(trigger.get("source_name"), set()).add(str(trigger.get("description")))
            names = [(f"{triggers[i].get('source_name')}" + (f" (trigger {i + 1})" if len(
                texts[triggers[i].get("source_name")]) > 1 else "")) if i < len(triggers) else str(i + 1)
                for i in data.get("order") or []]
            return "Put on the stack first " + ", then ".join(names)
        if kind == "SelectModes":
            return self._modes_label(data.get("indices") or [])
        if kind == "DistributeAmong":
            parts = [f"{amount} to {self._aimed_at(target, seat)}" for target, amount in data.get("distribution")
                     or [] if isinstance(amount, int)]
            unit = "damage" if "Damage" in str(((self.waiting_for().get("data") or {}).get("unit") or {}).get(
                "type")) else ""
            return f"Divide: {', '.join(parts)}" if parts else f"Deal no {unit or 'amount'} (there is no target)"
        if kind == "SubmitPilePartition":
            eligible = (self.waiting_for().get("data") or {}).get("eligible") or []
            first = data.get("pile_a") or []
            # the smaller pile first, whichever the engine calls pile A: the same split reads the same either way
            piles = sorted([first, [c for c in eligible if c not in first]],
                           key=lambda pile: (len(pile), sorted(self.name_of(c) for c in pile)))
            return f"Piles: {self._pile_text(piles[0])} and {self._pile_text(piles[1])}"
        if kind == "ChoosePile":
            prompt = self.waiting_for().get("data") or {}
            current = prompt.get("current") or {}
            side = str((data.get("pile") or {}).get("type") or "A")
            other = "B" if side == "A" else "A"
            into = [_ZONE_NAMES.get(((prompt.get(key) or {}).get("effect") or {}).get("destination"), "another zone")
                    for key in ("chosen_pile_effect", "unchosen_pile_effect")]
            return f"Pile {side} ({self._pile_text(current.get(f'pile_{side.lower()}') or [])}) into your " \
                   f"{into[0]}, pile {other} ({self._pile_text(current.get(f'pile_{other.lower()}') or [])}) into " \
                   f"your {into[1]}"
        if kind == "ChooseOption":
            return f"Choose: {data.get('choice')}"
        if kind == "BackToManaPayment":
            return "Back to paying the mana cost"
        return f"{humanise(kind)}: {self._generic(data)}" if data else humanise(kind).capitalize()

    def _distribution_text(self, data: dict[str, Any], seat: int) -> str:
        """A spell's amount divided among its targets ('Electrolyze: divide 2 damage among your opponent and you;
        each target gets at least 1.'), with what more targets cost (Fireball's {1} for each target beyond the first)
        and, where the engine lists only Cancel because that cost cannot be paid, why (it had read "Distribute
        among" with options "distribution [[player 0, 1], [player 1, 1]]" or Cancel alone)."""
        pending = self._pending_cast()
        spell = self.name_of(pending.get("card_id")) if pending.get("card_id") is not None else "This spell"
        targets = [self._aimed_at(t, seat) for t in data.get("targets") or []]
        total = int(data.get("total") or 0)
        even = (data.get("unit") or {}).get("type") == "EvenSplitDamage"
        if not targets:  # (Fireball at X = 0: the engine skips the target step; "no target is chosen" had read as
            # if the player had been asked)
            why = "there is no damage to divide, so " if total == 0 else ""
            text = f"{spell}: {why}the engine asked for no target, and no damage is dealt."
        elif even:
            text = f"{spell}: {total} damage divided evenly, rounded down, among {_both(targets)}: " \
                   f"{total // len(targets)} to each."
        else:
            unit = "damage" if "Damage" in str((data.get("unit") or {}).get("type")) else ""
            text = f"{spell}: divide {total}{' ' + unit if unit else ''} among {_both(targets)}; each target gets " \
                   "at least 1."
        extra = self._extra_target_cost(spell)
        if extra and len(targets) > 1 and isinstance(pending.get("cost"), dict):
            cost = dict(pending["cost"], generic=int(pending["cost"].get("generic") or 0) + extra * (len(targets) - 1))
            text += f" {spell} costs {{{extra}}} more for each target beyond the first: {render_cost(cost)} in all."
            if not self.can_pay(seat, cost):
                text += " Your untapped mana sources cannot pay it, so only Cancel is offered."
        return text

    def _extra_target_cost(self, name: str) -> int:
        """The generic mana a spell costs more for each target beyond the first (Fireball's {1}), read from its text;
        0 for any other spell."""
        oracle = str((self.card_data.faces.get(name.lower()) or {}).get("oracle_text") or "")
        found = re.search(r"costs \{(\d+)\} more to cast for each target beyond the first", oracle)
        return int(found[1]) if found else 0

    def _reveal_text(self, data: dict[str, Any], seat: int) -> str:
        """A choice from a revealed hand, with the spell that asks it and its text (Thoughtseize's; the prompt had
        read "Reveal choice" alone)."""
        part = next(iter(self._resolving_parts()), {})
        source = self.name_of(part["source_id"]) if part.get("source_id") is not None else "This spell"
        text = ability_text(part.get("description") or "", source)
        owner = (self.object(next(iter(data.get("cards") or []), None)) or {}).get("owner")
        whose = "your" if owner == seat else "your opponent's"
        cards = listed(self.name_of(c) for c in data.get("cards") or [])
        noun = filter_text(data.get("filter"))
        noun = noun if noun.endswith("card") else f"{noun} card"
        return f"{source}: {text} Choose a {noun} from {whose} revealed hand ({cards})."

    def _legend_label(self, keep: Any, seat: int) -> str:
        """'Keep Chandra, Torch of Defiance, loyalty 5 (the one already in play); the other goes to the graveyard':
        each candidate as the board shows it, the newest (the engine's latest timestamp) said to have just entered.
        The two had been one option, "Keep Chandra, Torch of Defiance"."""
        candidates = [c for c in (self.waiting_for().get("data") or {}).get("candidates") or [] if isinstance(c, int)]
        newest = max(candidates, key=lambda c: int((self.object(c) or {}).get("timestamp") or 0), default=None)
        which = "the one that just entered" if keep == newest else "the one already in play"
        others = "the others go" if len(candidates) > 2 else "the other goes"
        return f"Keep {self._board_text(keep, seat)} ({which}); {others} to the graveyard"

    def _mode_texts(self) -> tuple[str, list[str]]:
        """The pending modal choice's source and its modes' texts in the engine's index order, read from the prompt's
        ``mode_descriptions`` (the card's bullet lines: Kolaghan's Command's four, Umezawa's Jitte's three)."""
        data = self.waiting_for().get("data") or {}
        source = (data.get("pending_cast") or {}).get("object_id", data.get("source_id"))
        name = self.name_of(source) if source is not None else "this spell"
        return name, [ability_text(text, name) for text in (data.get("modal") or {}).get("mode_descriptions") or []]

    def _modes_label(self, indices: list[int]) -> str:
        """'Modes: "Target player discards a card." and "Kolaghan's Command deals 2 damage to any target."' for the
        engine's ``SelectModes`` (it had read "select modes: indices [1, 3]")."""
        _, texts = self._mode_texts()
        chosen = [f'"{texts[i]}"' if isinstance(i, int) and 0 <= i < len(texts) else f"mode {i}" for i in indices]
        return ("Modes: " if len(chosen) > 1 else "Mode: ") + " and ".join(chosen)

    def _modes_text(self, data: dict[str, Any]) -> str:
        """The modal choice: how many modes, each mode's text, and those not offered (no legal target now)."""
        name, texts = self._mode_texts()
        modal = data.get("modal") or {}
        low, high = int(modal.get("min_choices") or 1), int(modal.get("max_choices") or 1)
        count = _NUMBER_WORDS.get(low, str(low)) if low == high else f"{low} to {high}"
        unavailable = set(data.get("unavailable_modes") or [])
        modes = "; ".join(f'"{text}"' + (" (not offered: nothing it could act on now)" if i in unavailable else "")
                          for i, text in enumerate(texts))
        repeat = " (a mode may be chosen more than once)" if modal.get("allow_repeat_modes") else ""
        return f"{name}: choose {count}{repeat} — {modes}"

    def _target_part(self, data: dict[str, Any]) -> dict[str, Any]:
        """The part of the pending spell the target being chosen is for: with several target slots (a modal spell's
        modes), the part of the spell's chain whose effect is the current slot's, slot by slot; else the spell."""
        ability = (data.get("pending_cast") or {}).get("ability") or {}
        slots = [slot for slot in data.get("target_slots") or [] if isinstance(slot, dict)]
        current = (data.get("selection") or {}).get("current_slot")
        if not slots or not isinstance(current, int) or not 0 <= current < len(slots):
            return ability
        parts, part = [], ability
        while isinstance(part, dict) and part:
            parts.append(part)
            part = part.get("sub_ability") or {}
        index, found = 0, {}
        for slot in slots[:current + 1]:
            while index < len(parts) and (parts[index].get("effect") or {}).get("type") != slot.get("effect_kind"):
                index += 1
            if index == len(parts):  # a part with several targets (Fireball's) fills slot after slot
                if not found.get("multi_target"):
                    return {}
                continue
            found, index = parts[index], index + 1
        return found

    def _target_mode(self, data: dict[str, Any]) -> str:
        """The text of the mode the target being chosen is for, '' where the spell is not modal."""
        ability = (data.get("pending_cast") or {}).get("ability") or {}
        labels = ability.get("selected_mode_labels") or data.get("mode_labels") or []
        ordinal = self._target_part(data).get("modal_instruction_ordinal")
        return str(labels[ordinal]) if isinstance(ordinal, int) and 0 <= ordinal < len(labels) else ""

    def _not_any_target(self, action: dict[str, Any]) -> bool:
        """A target the engine offers for "any target" that is not one: any target is a creature, player,
        planeswalker or battle (CR 115.4); the engine offers lands for a modal spell's later mode (Kolaghan's
        Command's 2 damage) and takes them, and the damage is lost."""
        target = _data_of(action).get("target")
        if action.get("type") != "ChooseTarget" or not isinstance(target, dict) or "Object" not in target:
            return False
        obj = self.object(target["Object"]) or {}
        types = set((obj.get("card_types") or {}).get("core_types") or [])
        return obj.get("zone") != "Battlefield" or not types & {"Creature", "Planeswalker", "Battle"}

    def _pile_splits(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """Every way to separate the revealed cards into two piles (Fact or Fiction), once per split a player can
        tell apart: the piles are unordered and cards of one name alike, so five different cards give 16 splits.
        The engine lists four and accepts every one of the 32 (tested)."""
        cards = [int(c) for c in data.get("eligible") or []]
        splits: dict[tuple, list[int]] = {}
        for size in range(len(cards) + 1):
            for first in itertools.combinations(cards, size):
                piles = sorted(tuple(sorted(self.name_of(c) for c in pile))
                               for pile in (first, [c for c in cards if c not in first]))
                splits.setdefault(tuple(piles), list(first))
        return [{"type": "SubmitPilePartition", "data": {"pile_a": first}} for first in splits.values()]

    def _pile_text(self, cards: list[Any]) -> str:
        return f'"{listed(sorted(self.name_of(c) for c in cards))}"' if cards else "an empty pile"

    def _piles_text(self, kind: str, data: dict[str, Any], seat: int) -> str:
        """Fact or Fiction's two steps: one player separates the revealed cards into two piles, the other chooses
        one pile for the zone the spell says (the chosen pile into its caster's hand, the other into the
        graveyard), read from the prompt's pile effects."""
        source = self.name_of(data.get("source_id")) if data.get("source_id") is not None else "This spell"
        chooser = data.get("chooser", seat) if kind == "SeparatePilesPartition" else seat
        who = "you" if chooser == seat else "your opponent"
        chosen, unchosen = (_ZONE_NAMES.get(((data.get(key) or {}).get("effect") or {}).get("destination"), "another")
                            for key in ("chosen_pile_effect", "unchosen_pile_effect"))
        whose = "your" if chooser == seat else "their"
        fate = f"{who} choose{'' if who == 'you' else 's'} one pile to put into {whose} {chosen}; the other pile " \
               f"goes into {whose} {unchosen}"
        if kind == "SeparatePilesPartition":
            cards = [self.name_of(c) for c in data.get("eligible") or []]
            return f"{source}: separate the revealed cards ({listed(cards)}) into two piles; {fate}."
        return f"{source}: your opponent has separated the revealed cards into two piles; {fate}. Choose a pile."

    def _cards_told_apart(self, cards: list[Any], seat: int) -> list[str]:
        """The names of chosen cards, a permanent as the board shows it wherever another the choice offers has its
        name but not its look: Fireblast's sacrifice reads "Mountain (tapped), Mountain" (a tapped and an untapped
        Mountain had both been "Mountain", and the option kept sacrificed the two untapped ones)."""
        data = self.waiting_for().get("data") or {}
        offered = [c for key in ("choices", "cards", "eligible") for c in data.get(key) or [] if isinstance(c, int)]
        looks: dict[str, set[str]] = {}
        for card in dict.fromkeys([*offered, *cards]):
            if (self.object(card) or {}).get("zone") == "Battlefield":
                looks.setdefault(self.name_of(card), set()).add(self._permanent_look(card, seat))
        # (a token reads as the board shows it: "Zombie 2/2 (token)", where Dread Return's sacrifice had read "Zombie")
        return [self._permanent_look(c, seat) if len(looks.get(self.name_of(c), ())) > 1 or
                (self.object(c) or {}).get("is_token") and (self.object(c) or {}).get("zone") == "Battlefield"
                else self.name_of(c) for c in cards]

    def _permanent_look(self, object_id: Any, seat: int) -> str:
        """A permanent as the board shows it, an untapped land with nothing on it said to be so ("Mountain
        (untapped)"), since its bare name beside "Mountain (tapped)" reads as either."""
        text = self._board_text(object_id, seat)
        return f"{text} (untapped)" if text == self.name_of(object_id) else text

    def _trigger_lost(self, cards: list[Any]) -> str:
        """' (its own trigger, stack item 2, then does nothing)' where a card chosen to leave its zone is the source
        of a trigger still on the stack below the one resolving, that needs it where it is (Ichorid exiled for the
        other Ichorid's return: its upkeep trigger then returns nothing)."""
        stack = list(reversed(self._game.stack()))  # top first, as the prompt numbers it
        waiting = self.waiting_for().get("data") or {}
        resolving = waiting.get("source_id") if isinstance(waiting, dict) else None
        found = [number for number, entry in enumerate(stack, 1) if entry.get("source_id") in cards and
                 entry.get("source_id") != resolving and (entry.get("kind") or {}).get("type") == "TriggeredAbility"
                 and (self.object(entry["source_id"]) or {}).get("zone") == "Graveyard"]
        if not found:
            return ""
        shown = 1 if self._resolving_spell() else 0  # the prompt shows the one resolving as item 1
        items = " and ".join(str(n + shown) for n in found)
        return f" (its own trigger, stack item {items}, then does nothing)"

    def _select_label(self, names: list[str]) -> str:
        """A choice of cards, worded for what the chosen cards do (kept on top, put back in order, ...)."""
        waiting = self.waiting_for()
        kind, data = waiting.get("type"), waiting.get("data") or {}
        chosen = listed(names)
        if kind in ("ScryChoice", "SurveilChoice"):
            rest = "on the bottom of your library" if kind == "ScryChoice" else "into your graveyard"
            looked = [self.name_of(c) for c in data.get("cards") or []]
            if len(looked) == 1:  # one card: keep it or not ("Keep on top (top first): X; the rest ..." read oddly)
                return f"Keep {looked[0]} on top" if names else f"Put {looked[0]} {rest}"
            return f"Keep on top (top first): {chosen}; put the rest {rest}" if names else f"Put them all {rest}"
        if _ordered_choice(kind, data):
            return f"Put on top of your library, top first: {chosen}"
        if kind == "EffectZoneChoice" and data.get("effect_kind") == "PutAtLibraryPosition":
            return f"Put {listed(sorted(names))} on the bottom of your library" if names else "Choose nothing"
        chosen = listed(sorted(names))  # an unordered choice: "Mountain, Lava Spike" is "Lava Spike, Mountain"
        if kind == "DiscardToHandSize" or (kind == "DiscardChoice"):
            return f"Discard: {chosen}" if chosen else "Discard nothing"
        if kind == "MulliganDecision":  # the cards a kept hand puts back
            return f"Put on the bottom of your library: {chosen}" if chosen else "Put nothing on the bottom"
        if kind == "EffectZoneChoice" and data.get("effect_kind") == "ChangeZone" and chosen:
            verb, _, zone = self._zone_move(data, self.actor() or 0).partition(" from ")
            return f"{verb[:1].upper()}{verb[1:]}: {chosen}" + (f" (from {zone})" if zone else "")
        if kind == "PayCost" and chosen:  # "Sacrifice: Mountain (tapped), Mountain (untapped)"
            what = humanise((data.get("kind") or {}).get("type") or "choose").replace(" from zone", "")
            return f"{what[:1].upper()}{what[1:]}: {chosen}"
        return "Choose: " + (chosen or "nothing")

    def _replacement_label(self, index: int) -> str:
        """'Dredge 5 with Stinkweed Imp: ...' or 'Draw normally ...' for a replacement effect's candidates."""
        candidates = (self.waiting_for().get("data") or {}).get("candidates") or []
        if not 0 <= index < len(candidates):
            return f"Replacement effect {index + 1}"
        candidate = candidates[index]
        source, description = candidate.get("source_name"), str(candidate.get("description") or "")
        dredge = self._dredge_of(candidate.get("source_id"))
        if dredge is not None:
            if description == "Decline":
                return f"Draw normally (do not dredge {source})"
            if ((self.waiting_for().get("data") or {}).get("kind") or {}).get("type") == "Order":  # which to consider
                return f"{source} (dredge {dredge}: mill {dredge} cards and return it to your hand instead of drawing)"
            return f"Dredge {dredge} with {source}: mill {dredge} cards and return {source} to your hand instead " \
                   "of drawing"
        may_cost = self._may_cost(candidate.get("source_id"))
        if may_cost:  # a shock land's "you may pay 2 life. If you don't, it enters tapped"
            cost, declined = may_cost
            if description == "Decline":
                return f"Do not {cost}: {source} {declined}" if declined else f"Do not {cost}"
            return f"{source}: {cost}" + (" (it enters untapped)" if declined == "enters tapped" else "")
        if description in ("Accept", "Decline"):
            return f"{'Apply' if description == 'Accept' else 'Do not apply'} {source}'s replacement effect"
        return f"{source}: {description}"

    def _may_cost(self, source_id: Any) -> tuple[str, str] | None:
        """For a replacement that asks for a payment (a shock land's ``MayCost``: pay 2 life, or it enters tapped),
        the payment and what declining does ('enters tapped'); None for any other."""
        for definition in (self.object(source_id) or {}).get("replacement_definitions") or []:
            mode = (definition or {}).get("mode") or {}
            if mode.get("type") == "MayCost":
                effect = (mode.get("decline") or {}).get("effect") or {}
                tapped = effect.get("type") == "SetTapState" and (effect.get("state") or {}).get("type") == "Tap"
                cost = cost_text(mode.get("cost"))
                return (cost if cost.startswith("pay ") else f"pay {cost}"), ("enters tapped" if tapped else "")
        return None

    def _dredge_of(self, source_id: Any) -> int | None:
        """The dredge number of a card (Stinkweed Imp's 5), None for a card without dredge."""
        keywords = (self.object(source_id) or {}).get("keywords") or []
        return next((k["Dredge"] for k in keywords if isinstance(k, dict) and "Dredge" in k), None)

    def _replacement_text(self, data: dict[str, Any], seat: int) -> str:
        """The replacement prompt, for dredge the draw it replaces. phase asks in steps: with several dredge cards
        which one to consider first (no "draw normally" there), then dredge with it or draw normally, declining
        one asking again about the others; the first step had read "choose whether it does" with no way to say no."""
        candidates = data.get("candidates") or []
        source = candidates[0].get("source_id") if candidates else None
        if candidates and self._may_cost(source):
            name = self.name_of(source)
            text = next((d.get("description") for d in (self.object(source) or {}).get("replacement_definitions") or []
                         if ((d or {}).get("mode") or {}).get("type") == "MayCost"), "")
            return f"{name}: {ability_text(text, name)}" if text else f"{name} asks for a payment as it enters."
        if not candidates or any(self._dredge_of(c.get("source_id")) is None for c in candidates):
            return "A replacement effect may apply to this event: choose whether it does."
        library = len(self._game.player(seat).get("library") or [])
        step = "your draw step; " if self.phase == "Draw" else ""
        draw = f"You are about to draw a card ({step}{library} cards in your library), and dredge may replace the draw"
        if (data.get("kind") or {}).get("type") == "OptionalBranch":
            return f"{draw}: dredge instead, or draw normally?{self._bowmasters_note(seat)}"
        return f"{draw}. Choose which card's dredge to consider: the next step asks whether to dredge with it or " \
               "draw normally (declining it asks again about any other dredge card)."

    def _bowmasters_note(self, seat: int) -> str:
        """Where an opponent's Orcish Bowmasters would trigger on the draw a player makes by declining to dredge (any
        draw but the first of its own draw step), that the engine does not trigger it (replayed: Careful Study's two
        draws made so put no trigger on the stack; Brainstorm's draws do)."""
        first_draw = self.phase == "Draw" and self.turn_holder() == seat
        if first_draw or not any(o.get("name") == "Orcish Bowmasters" and o.get("controller") == 1 - seat
                                 for o in self._game.battlefield()):
            return ""
        return " (This rules engine does not trigger your opponent's Orcish Bowmasters on a card you draw normally " \
               "here.)"

    def _optional_answer(self, accept: bool, seat: int) -> str:
        """'No', or 'Yes: <what it does>' for an optional effect ('Yes: shuffle your library')."""
        data = self.waiting_for().get("data") or {}
        ability = self._resolving(data.get("source_id"), seat)
        if not accept:
            return "No" + self._declined_reveal(ability)
        meaning = self._optional_meaning(ability)
        return "Yes" + (f": {meaning}{self._none_in_hand(meaning, seat)}{self._reveal_for_nothing(ability)}"
                        if meaning else "")

    def _revealed_reward(self, ability: dict[str, Any]) -> tuple[str, str, bool] | None:
        """For a reveal whose reward needs a card type ("If an instant or sorcery card is revealed this way"): that
        type, the name of the one library card looked at and whether it has the type; None for any other ability."""
        wanted = re.search(r"[Ii]f an? ([\w ]+?) card is revealed", str(ability.get("description") or ""))
        looked = [obj for t in ability.get("targets") or [] if isinstance(t, dict) and "Object" in t and
                  (obj := self.object(t["Object"])) and obj.get("zone") == "Library"]
        if not wanted or len(looked) != 1:
            return None
        types = {t.lower() for t in (looked[0].get("card_types") or {}).get("core_types") or []}
        return wanted[1], str(looked[0].get("name")), bool(types & set(wanted[1].lower().split(" or ")))

    def _reveal_for_nothing(self, ability: dict[str, Any]) -> str:
        """' (Polluted Delta is no instant or sorcery card: revealing it only shows it to your opponent)' for a reveal
        whose reward needs a card type that the card looked at lacks (Delver of Secrets' upkeep: it will not
        transform); '' otherwise."""
        reward = self._revealed_reward(ability)
        if reward is None or reward[2]:
            return ""
        return f" ({reward[1]} is no {reward[0]} card: revealing it only shows it to your opponent)"

    def _declined_reveal(self, ability: dict[str, Any]) -> str:
        """' (this rules engine transforms it anyway, as Ponder is an instant or sorcery card; ...)' for a reveal
        declined where the card looked at has the type the reward needs: the engine applies the reward on the card's
        type, revealed or not (replayed: Delver of Secrets with Ponder on top transformed after No; the Oracle text
        transforms only "if an instant or sorcery card is revealed this way"). '' otherwise."""
        reward = self._revealed_reward(ability)
        if reward is None or not reward[2] or "transform" not in str(ability.get("description") or ""):
            return ""
        article = "an" if reward[0][:1].lower() in "aeiou" else "a"
        return f" (this rules engine transforms it anyway, as {reward[1]} is {article} {reward[0]} card; your " \
               "opponent sees the transform, not the card)"

    def _none_in_hand(self, text: str, seat: int) -> str:
        """' (you have no Equipment card in your hand: it does nothing)' where ``text`` puts a card of a type from
        the hand onto the battlefield and the hand holds none (Stoneforge Mystic's ability and its Yes had been offered
        beside a hand of Thraben Inspector, unsaid); '' otherwise."""
        wanted = re.search(r"\bput an? (\w+) card from your hand onto the battlefield", text, re.IGNORECASE)
        if not wanted:
            return ""
        kind = wanted[1].lower()
        held = [{t.lower() for part in ("core_types", "subtypes") for t in (o.get("card_types") or {}).get(part) or []}
                for o in self._game.hand(seat)]
        return "" if any(kind in types for types in held) else \
            f" (you have no {wanted[1]} card in your hand: it does nothing)"

    def _optional_meaning(self, ability: dict[str, Any]) -> str:
        """What answering yes to an optional effect does ('shuffle your library'; Fable's discard 'choose up to 2
        cards to discard ..., then draw that many'); for Chandra's "you may cast that card", what the engine does: no
        damage, and the card castable afterwards."""
        card = self.object((self.waiting_for().get("data") or {}).get("decision_subject_id"))
        if _casts_for_its_cost(ability.get("effect")) and card:
            return f"no damage; you may cast {card.get('name')} from exile, paying its cost, at your next decision " \
                   "only (after this ability resolves)"
        meaning = optional_effect_text(ability.get("effect"))
        then = (ability.get("sub_ability") or {}).get("effect") or {}
        if (ability.get("effect") or {}).get("type") == "Discard" and then.get("type") == "Draw":
            meaning += ", then draw that many"
        return meaning

    def colours_left_to_pay(self, seat: int) -> set[str]:
        """The colours ('Red') the pending spell's mana cost still needs after the pool; empty where none is."""
        cost = self._pending_cast().get("cost")
        if not isinstance(cost, dict):
            return set()
        pool = [str(unit.get("color")) for unit in (self._game.player(seat).get("mana_pool") or {}).get("mana") or []
                if isinstance(unit, dict)]
        return {shard for shard in mana_left_to_pay(cost, pool).get("shards") or [] if isinstance(shard, str)}

    def can_pay(self, seat: int, cost: Any) -> bool:
        """Whether ``seat`` may be able to pay ``cost``: False only where its untapped mana sources and pool cannot
        make the mana, colour by colour (Daze's {1} with every land tapped, Chain Lightning's {R}{R} with no red
        source). Costs other than mana are assumed payable."""
        needed = mana_needed(cost)
        if needed is None:
            return True
        pool = [str(unit.get("color")) for unit in (self._game.player(seat).get("mana_pool") or {}).get("mana") or []
                if isinstance(unit, dict)]
        left = mana_left_to_pay(needed, pool)
        sources = [colours for _, colours in self._mana_sources(seat)]
        shards = [shard for shard in left.get("shards") or [] if isinstance(shard, str)]
        if len(sources) < int(left.get("generic") or 0) + len(left.get("shards") or []):
            return False
        return all(sum(1 for colours in sources if shard in colours) >= shards.count(shard) for shard in shards)

    def _mana_sources(self, seat: int) -> list[tuple[dict[str, Any], set[str]]]:
        """``seat``'s untapped permanents that can make mana now, each with the colours it makes: lands by the
        engine's pips (City of Brass's "one of" five colours), the rest by their mana abilities (Lotus Petal and
        Treasure sacrificed, a mana creature tapped once it is no longer summoning sick)."""
        found = []
        for obj in self._game.battlefield():
            if obj.get("controller") != seat or obj.get("tapped"):
                continue
            colours = set().union(*[_pip_colours(pip) for pip in obj.get("available_mana_pips") or []])
            if not colours and not self._summoning_sick(obj):
                colours = set().union(*[_ability_colours(ability) for ability in obj.get("abilities") or []])
            if colours:
                found.append((obj, colours))
        return found

    def _suspend_label(self, source_id: Any, index: Any) -> str:
        """'Suspend Rift Bolt: pay {R}, exile it with 1 time counter' for suspend as phase offers it (an ability
        of the card in hand that puts time counters on it); '' for any other ability."""
        obj = self.object(source_id) if isinstance(source_id, int) else None
        abilities = (obj or {}).get("abilities") or []
        ability = abilities[index] if isinstance(index, int) and 0 <= index < len(abilities) else {}
        effect = ability.get("effect") or {}
        if ability.get("activation_zone") != "Hand" or effect.get("type") != "PutCounter" or \
                str(effect.get("counter_type")).lower() != "time":
            return ""
        counters = int((effect.get("count") or {}).get("value") or 1)
        mana = [part for part in (ability.get("cost") or {}).get("costs") or [] if mana_needed(part) is not None]
        pay = f"pay {cost_text(mana[0])}, " if mana else ""
        return f"Suspend {obj.get('name')}: {pay}exile it with {counters} time counter{'s' if counters != 1 else ''}"

    def _names(self, object_id: Any) -> str:
        return self.name_of(object_id) if isinstance(object_id, int) else str(object_id)

    def _cast_label(self, object_id: int | None, seat: int) -> str:
        """'Lightning Bolt {R}', or the cost the engine casts it for where that is not its mana cost, with any
        engine misreading of the card that bears on casting it (Price of Progress deals no damage)."""
        obj = self.object(object_id) if object_id is not None else None
        if not obj:
            return f"object {object_id}"
        flaw = misreading_note(obj.get("name")) if obj.get("name") in MISREAD_WHEN_CAST else ""
        return self._cast_cost_label(obj, seat) + flaw + self._transformed_note(obj, seat)

    def _transformed_note(self, obj: dict[str, Any], seat: int) -> str:
        """" (This rules engine counts a transformed permanent's mana value as 0 for Fatal Push: your opponent's
        Reflection of Kiki-Jiki (mana value 3).)" for a spell that reads mana values while a transformed permanent is
        on the battlefield; '' otherwise. Fatal Push without revolt had destroyed Reflection of Kiki-Jiki, its lone
        target picked by the engine, with no word of it (only a target prompt had said so)."""
        if obj.get("name") not in MANA_VALUE_SPELLS:
            return ""
        turned = [o for o in self._game.battlefield() if _mana_value(o) != _cost_value(o.get("mana_cost"))]
        if not turned:
            return ""
        said = [f"{_whose(o, seat)} {o.get('name')} (mana value {_mana_value(o)})" for o in turned]
        return f" (This rules engine counts a transformed permanent's mana value as 0 for {obj.get('name')}: " \
               f"{listed(said)}.)"

    def _lone_target_note(self, action: dict[str, Any], seat: int) -> str:
        """' (its only legal target: your Brainstorm, stack item 2)' for a spell that targets a spell or ability on
        the stack, which the engine aims at its only legal target by itself, read by casting it on a copy of the game
        (Force of Will, cast with its caster's own Brainstorm the only spell on the stack, had countered it with no
        word of a target); '' otherwise. Only such spells are tried (about 80 ms each): the stack is where a lone
        target is common and the spell's own."""
        obj = self.object(_data_of(action).get("object_id")) or {}
        aims = [repr((ability.get("effect") or {}).get("target")) for ability in obj.get("abilities") or []
                if ability.get("kind") == "Spell"]
        if not self._game.stack() or not any("'Stack" in aim for aim in aims):
            return ""
        spells = [e for e in self._game.stack() if (e.get("kind") or {}).get("type") == "Spell"]
        if aims == ["{'type': 'StackSpell'}"]:  # "target spell" (Force of Will, Daze): read off the stack, no copy
            return self._lone_target_text([{"Object": spells[0].get("id")}], seat) if len(spells) == 1 else ""
        copy = self._copy(seat, action)
        if copy is None:
            return ""
        waiting = copy.waiting_for() or {}
        data = waiting.get("data") if isinstance(waiting.get("data"), dict) else {}
        pending = data.get("pending_cast") or (data.get("resume") or {}).get("Spell") or {}
        ability = pending.get("ability") or {}
        if not pending:  # cast in full: the spell is on the copy's stack
            top = (copy.stack() or [{}])[-1]
            ability = _stack_ability(top) if top.get("id") == obj.get("id") else {}
        if waiting.get("type") in ("TargetSelection", "MultiTargetSelection") or not ability.get("targets"):
            return ""
        return self._lone_target_text(ability["targets"], seat)

    def _lone_target_text(self, targets: list[Any], seat: int) -> str:
        """' (its only legal target: your Brainstorm, stack item 2)'."""
        aimed = [re.sub(r" \((stack item \d+)\)$", r", \1", self._aimed_at(t, seat)) for t in targets]
        return f" ({LONE_TARGET}{listed(aimed)})"

    def _cast_cost_label(self, obj: dict[str, Any], seat: int) -> str:
        cost = render_cost(obj.get("mana_cost"))
        zone = obj.get("zone")
        out_of_reach = zone == "Hand" and not self.can_pay(seat, obj.get("mana_cost"))
        evoke = _keyword(obj, "Evoke")
        if evoke is not None and out_of_reach:
            # the engine evokes by itself when the mana cost is out of reach ("Cast Solitude {3}{W}{W}" had hid it)
            return f"{obj.get('name')} by evoke ({cost_text(evoke)}; it is sacrificed when it enters)"
        spectacle = _keyword(obj, "Spectacle")
        if spectacle is not None and out_of_reach:
            # offered only after the opponent lost life this turn, the engine then casting it for its spectacle cost
            # ("Cast Skewer the Critics {2}{R}" had been offered and cast with one untapped Mountain)
            return f"{obj.get('name')} by spectacle: {cost_text(spectacle)} (your opponent lost life this turn; " \
                   f"{cost} is more than your untapped mana sources can pay)"
        alternative = next((option.get("cost") for option in obj.get("casting_options") or []
                            if isinstance(option, dict) and option.get("kind") == "AlternativeCost"), None)
        if alternative and out_of_reach:
            # only the alternative cost can be paid ("Cast Fireblast {4}{R}{R}" had been offered beside two Mountains)
            return f"{obj.get('name')} by its alternative cost: {cost_text(alternative)} ({cost} is more than your " \
                   "untapped mana sources can pay)"
        where = "" if zone in (None, "Hand") else f" from {_ZONE_NAMES.get(zone, zone)}"
        if zone == "Graveyard" and (found := self._graveyard_cast(obj)):  # that keyword's cost, not the printed one
            name, value, granter = found
            paid = cost if cost and cost_text(value) == "its mana cost" else cost_text(value)
            notes = [f"{name.lower()} granted by {granter}" if granter else "",
                     "it is exiled after" if name == "Flashback" else ""]  # CR 702.34a
            said = "; ".join(note for note in notes if note)
            return f"{obj.get('name')}{where} by {name.lower()}: {paid}" + (f" ({said})" if said else "")
        return f"{obj.get('name')}{' ' + cost if cost else ''}{where}"

    def _graveyard_cast(self, obj: dict[str, Any]) -> tuple[str, dict[str, Any], str] | None:
        """How a card in a graveyard is cast: its keyword (escape, flashback...), that keyword's cost, and the card
        that granted it, '' for the card's own. Snapcaster Mage's flashback lives in the engine's effects, not on
        the card ("Cast Brainstorm {U} from graveyard" had said neither flashback nor that it is exiled after)."""
        for keyword in obj.get("keywords") or []:
            if isinstance(keyword, dict) and len(keyword) == 1 and next(iter(keyword)) in _GRAVEYARD_CASTS:
                name, value = next(iter(keyword.items()))
                return name, value if isinstance(value, dict) else {"value": value}, ""
        for effect in self._whole_state().get("transient_continuous_effects") or []:
            if (effect.get("affected") or {}).get("id") != obj.get("id"):
                continue
            for modification in effect.get("modifications") or []:
                keyword = modification.get("keyword") if modification.get("type") == "AddKeyword" else None
                if isinstance(keyword, dict) and len(keyword) == 1 and next(iter(keyword)) in _GRAVEYARD_CASTS:
                    name, value = next(iter(keyword.items()))
                    return name, value if isinstance(value, dict) else {}, str(effect.get("source_name") or "")
        return None

    def _ability_label(self, source_id: int | None, index: int | None) -> str:
        obj = self.object(source_id) if source_id is not None else None
        if not obj:
            return f"ability of object {source_id}"
        abilities = obj.get("abilities") or []
        text = ""
        if index is not None and 0 <= index < len(abilities):
            ability = abilities[index] or {}
            text = ability.get("description") or self._cycling_line(obj, ability) or ability_words(ability, _this(obj))
        return f"{obj.get('name')}: {text}".rstrip(": ").replace("~", str(obj.get("name")))

    def _cycling_line(self, obj: dict[str, Any], ability: dict[str, Any]) -> str:
        """A cycling ability's line of the card's text ('Swampcycling {1} ({1}, Discard this card: Search your library
        for a Swamp card, ...)'): the engine holds none ("{1} and discard 1 card: search library" had read)."""
        if ability.get("activation_zone") != "Hand" or not any("cycling" in _keyword_name(k).lower()
                                                                for k in obj.get("keywords") or []):
            return ""
        oracle = str((self.card_data.faces.get(str(obj.get("name")).lower()) or {}).get("oracle_text") or "")
        return next((line for line in oracle.splitlines() if "cycling" in line.lower()), "")

    def _target_label(self, target: Any, seat: int, *, mana_value: bool = False) -> str:
        """'you', "Delver of Secrets (opponent's battlefield)"; ``mana_value`` adds a permanent's ('; mana value
        4')."""
        if isinstance(target, dict):
            if "Player" in target or target.get("type") == "Player":
                player = target.get("Player", target.get("data"))
                return "you" if player == seat else "your opponent"
            if "Object" in target or target.get("type") == "Object":
                object_id = target.get("Object", target.get("data"))
                obj = self.object(object_id)
                if obj and obj.get("zone") == "Stack":  # one stack, shared: "your opponent's Fireblast (on the stack)"
                    whose = "your" if obj.get("controller") == seat else "your opponent's"
                    return f"{whose} {obj.get('name')} (on the stack)"
                if obj:
                    owner = "your" if obj.get("controller") == seat else "opponent's"
                    worth = f"; mana value {_mana_value_text(obj)}" if mana_value else ""
                    return f"{obj.get('name')} ({owner} {_ZONE_NAMES.get(obj.get('zone'), obj.get('zone'))}{worth})"
                return self._stack_item_name(object_id, seat)
            if target.get("type") in ("Planeswalker", "Battle"):
                obj = self.object(target.get("data")) or {}
                owner = "your" if obj.get("controller") == seat else "your opponent's"
                return f"{obj.get('name', 'a ' + target['type'].lower())} ({owner} {target['type'].lower()})"
        if target is None:
            return "no target"
        return self._generic(target)

    def _aimed_at(self, target: Any, seat: int) -> str:
        """A stack item's target as a sentence reads it: 'you', "your opponent's Delver of Secrets", 'Lightning
        Bolt in your graveyard', "your opponent's Solitude (stack item 2)" (not "Solitude in your opponent's
        stack": there is one stack)."""
        object_id = target.get("Object") if isinstance(target, dict) else None
        obj = self.object(object_id) if object_id is not None else None
        if not obj:
            return self._target_label(target, seat)
        whose = "your" if obj.get("controller") == seat else "your opponent's"
        if obj.get("zone") == "Battlefield":
            return f"{whose} {obj.get('name')}"
        if obj.get("zone") == "Stack":
            item = self._stack_number(object_id)
            return f"{whose} {obj.get('name')}" + (f" (stack item {item})" if item else " (on the stack)")
        return f"{obj.get('name')} in {whose} {_ZONE_NAMES.get(obj.get('zone'), str(obj.get('zone')).lower())}"

    def _stack_item_name(self, item_id: Any, seat: int) -> str:
        """A spell or ability on the stack named by its stack id (a copy, an ability: no card object), as what it is
        ("the triggered ability of your opponent's Narcomoeba (stack item 2)"; it had read "Narcomoeba (your
        opponent's spell or ability on the stack)"); an object that is gone says so (a token copy already
        sacrificed had read "a spell or ability on the stack")."""
        for number, entry in enumerate(reversed(self._game.stack()), 1):
            if entry.get("id") == item_id:
                owner = "your" if entry.get("controller") == seat else "your opponent's"
                kind = (entry.get("kind") or {}).get("type") if isinstance(entry.get("kind"), dict) else None
                name = self.name_of(entry.get("source_id"))
                what = {"TriggeredAbility": "triggered ability", "ActivatedAbility": "activated ability"}.get(kind)
                said = f"the {what} of {owner} {name}" if what else f"{owner} {name}"
                return f"{said} (stack item {number})"
        return "an object that has left its zone"

    def _generic(self, value: Any) -> str:
        if isinstance(value, dict) and value.get("type") == "Cost":
            return render_cost(value)
        if isinstance(value, dict) and set(value) <= {"type", "data"} and "type" in value:
            inner = value.get("data")
            return humanise(value["type"]) + ("" if inner is None else f" {self._generic(inner)}")
        if isinstance(value, dict):
            parts = []
            for key, item in value.items():
                label = humanise(key.removesuffix("_id")).replace("_", " ")
                if key.endswith("_id") or key in ("object", "Object"):
                    parts.append(f"{label} {self._names(item)}")
                elif key == "cards" and isinstance(item, list):
                    parts.append(f"cards {', '.join(self._names(c) for c in item)}")
                else:
                    parts.append(f"{label} {self._generic(item)}")
            return ", ".join(parts)
        if isinstance(value, list):
            return "[" + ", ".join(self._generic(v) for v in value) + "]"
        return str(value)

    def describe_prompt(self, kind: str, data: dict[str, Any], seat: int) -> str:
        """A sentence on what the engine asks, from the prompt's own description where it has one."""
        if kind == "Priority":
            return "You have priority."
        if kind == "MulliganDecision":
            pending = next((p for p in data.get("pending", []) if p.get("player") == seat), {})
            phase = pending.get("phase") or {}
            if phase.get("type") == "BottomCards":
                return f"You kept after mulligans: choose {_cards(phase.get('count'))} to put on the bottom."
            play_or_draw = "on the play (you go first and skip your first draw)" if self.deal.first == seat else \
                "on the draw (your opponent goes first)"
            return f"Keep or mulligan (mulligans taken so far: {pending.get('mulligan_count', 0)}). You are " \
                   f"{play_or_draw}."
        if kind in ("TargetSelection", "TriggerTargetSelection"):
            # (a trigger's prompt has no pending cast: its source and text are the prompt's own)
            ability = (data.get("pending_cast") or {}).get("ability") or {}
            text = str(ability.get("description") or data.get("description") or self._trigger_text(data) or "")
            source = (data.get("pending_cast") or {}).get("object_id", data.get("source_id"))
            source_name = self.name_of(source) if source is not None else "the ability"
            what = " (its triggered ability)" if kind == "TriggerTargetSelection" else ""
            mode = self._target_mode(data)
            oracle = str((self.card_data.faces.get(source_name.lower()) or {}).get("oracle_text") or "")
            if kind == "TargetSelection" and ability.get("kind") == "Spell" and not mode and oracle:
                # a spell's whole text: the engine's holds only its first paragraph (Fatal Push's revolt was lost)
                # (each line a sentence: "Enchant creature Enchanted creature gets +2/+0" had run Rancor's together)
                text = " ".join(line if line[-1] in ".!?)\"" else line + "." for line in
                                (" ".join(raw.split()) for raw in oracle.splitlines()) if line)
            if mode:  # a modal spell's target: for which of the chosen modes (its ability holds no text)
                what += f", for its mode \"{ability_text(mode, source_name)}\""
            extra = self._extra_target_cost(source_name) if kind == "TargetSelection" else 0
            chosen = len((data.get("selection") or {}).get("selected_slots") or ability.get("targets") or [])
            more = f" ({source_name} costs {{{extra}}} more for each target beyond the first; {chosen} chosen so " \
                   "far.)" if extra else ""
            paid = self._payment_after_target(seat) if kind == "TargetSelection" else ""
            return f"Choose a target for {source_name}{what}: {text.replace('~', source_name)}".strip(" :") + more \
                + paid
        if kind in ("ModeChoice", "AbilityModeChoice"):
            return self._modes_text(data)
        if kind == "DeclareAttackers":
            return "Declare attackers."
        if kind == "DeclareBlockers":
            return "Declare blockers."
        if kind == "ChooseXValue":
            return f"Choose X (from {data.get('min')} to {data.get('max')})." + self._x_notes(data, seat)
        if kind == "OptionalCostChoice":
            source = (data.get("pending_cast") or {}).get("object_id")
            kicked = int(data.get("times_kicked") or 0)
            obj = self.object(source) if source is not None else None
            payable = self.can_pay(seat, (obj or {}).get("mana_cost"))
            return optional_cost_question(self.name_of(source) if source is not None else "this spell",
                                          data.get("cost"), kicked, payable, str(data.get("origin") or ""))
        return self._describe_choice(kind, data, seat)

    def _describe_choice(self, kind: str, data: dict[str, Any], seat: int) -> str:
        """The sentence for the engine's other prompts: what is being chosen, for which card, how many."""
        cards = [self.name_of(c) for c in data.get("cards") or []]
        source = self.name_of(data["source_id"]) if data.get("source_id") is not None else None
        count = data.get("count")
        if kind in ("ScryChoice", "SurveilChoice"):
            verb, rest = ("Scry", "to the bottom") if kind == "ScryChoice" else ("Surveil", "into your graveyard")
            if len(cards) == 1:  # one card has no order ("Choose which to keep on top, and in which order" read oddly)
                return f"{verb} 1: you look at {cards[0]} on top of your library. Keep it on top, or put it " + \
                    ("on the bottom of your library." if kind == "ScryChoice" else "into your graveyard.")
            return f"{verb} {len(cards)}: you look at {listed(cards)} on top of your library. Choose which to " \
                   f"keep on top, and in which order; the rest go {rest}."
        if kind == "DigChoice":
            where = "put back on top of your library in the order you choose" if _ordered_choice(kind, data) \
                else f"put into your {_ZONE_NAMES.get(data.get('kept_destination'), 'hand')}"
            keep = int(data.get("keep_count") or 0)
            # where the rest goes is a later step (Expressive Iteration's bottom and exile): the card's text says it
            later = next((str(part["description"]) for part in self._resolving_parts() if part.get("description")),
                         "") if data.get("rest_destination") is None else ""
            return f"{source}: you look at {listed(cards)} from the top of your library; " \
                   f"{'up to ' if data.get('up_to') else ''}{keep} {'is' if keep == 1 else 'are'} {where}." + \
                   (f" ({source}: {ability_text(later, source)})" if later else "")
        if kind == "EffectZoneChoice" and data.get("effect_kind") == "PutAtLibraryPosition":
            return self._library_position_text(data, source, seat)
        if kind == "SearchChoice":
            return self._search_text(data, seat)
        if kind == "EffectZoneChoice" and data.get("effect_kind") == "ChangeZone" and source:
            return self._zone_move_text(data, source, seat)
        if kind == "DiscardToHandSize":
            return f"Your hand is over its maximum size: choose {_cards(count)} to discard."
        if kind == "DiscardChoice":
            return self._discard_text(data, source)
        if kind == "PayCost":
            spell = ((data.get("resume") or {}).get("Spell") or {}).get("object_id")
            what = humanise((data.get("kind") or {}).get("type") or "pay")
            zone = _ZONE_NAMES.get((data.get("kind") or {}).get("zone"), "")
            name = self.name_of(spell) if spell is not None else "this spell"
            # the sets the engine offers: Nethergoyf's escape had read "choose 4 cards" beside "Choose: nothing" and
            # sets of 1 to 4
            offered = self._game.actions() if self.waiting_for().get("type") == kind else []
            sizes = {len(_data_of(a).get("cards") or []) for a in (action.to_dict() for action in offered)
                     if a.get("type") == "SelectCards"}
            up_to = "up to " if sizes and isinstance(count, int) and min(sizes) < count else ""
            return f"Pay the cost of {name}: choose {up_to}{_cards(count)} to {what.replace(' from zone', '')}" \
                   f"{' from your ' + zone if zone else ''}.{misreading_note(name)}"
        if kind == "NamedChoice":
            named = ((data.get("source") or {}).get("prompt") or {}).get("display_name") or "this effect"
            warning = misreading_note(named)
            if data.get("choice_type") == "CardName":
                warning += " The names offered are your opponent's nonland cards seen so far." if \
                    self._opponent_names_seen(seat) else " No nonland card of your opponent's has been seen yet: " \
                    "the names offered are those of your own deck."
            return f"{named}: name a {humanise(data.get('choice_type') or 'card name').replace('card name', 'card')}." \
                   + warning
        if kind == "OrderTriggers":
            abilities = self._pending_triggers()
            texts = []
            for index, trigger in enumerate(data.get("triggers") or []):
                name = str(trigger.get("source_name"))
                ability = abilities[index] if index < len(abilities) and \
                    abilities[index].get("source_id") == trigger.get("source_id") else {}
                text = self._chapter_text(self._ability_words(trigger.get("description"), ability, name), name)
                texts.append(text if text.startswith(name) else f"{name}: {text}")
            return "Several of your abilities trigger at once. Choose the order to put them on the stack (the last " \
                   "one put on the stack resolves first): " + " ".join(
                       f"{numbers}. {text}" + (f" (x{count})" if count > 1 else "") for numbers, text, count in
                       numbered_runs(texts))
        if kind == "UnlessPayment":
            effect = data.get("pending_effect") or {}
            source_id = effect.get("source_id")
            source = self.object(source_id) or {}
            whose = "your" if source.get("controller") == seat else "your opponent's"
            what = "spell" if effect.get("kind") == "Spell" else "ability"  # ("Daze (your, targeting ..." had read)
            targets = [self._target_label(t, seat) for t in effect.get("targets") or []]
            aimed = f", targeting {', '.join(targets)}" if targets else ""
            unpayable = "" if self.can_pay(seat, data.get("cost")) else ": you cannot pay, so paying is not offered"
            return f"{self.name_of(source_id)} ({whose} {what}{aimed}): \"{data.get('effect_description')}\" Pay " \
                   f"{cost_text(data.get('cost'))} to stop it? ({self._mana_at_hand(seat)}{unpayable})"
        if kind in ("SeparatePilesPartition", "SeparatePilesChoice"):
            return self._piles_text(kind, data, seat)
        if kind == "DistributeAmong":
            return self._distribution_text(data, seat)
        if kind == "RevealChoice":
            return self._reveal_text(data, seat)
        if kind == "EffectZoneChoice" and data.get("effect_kind") == "Sacrifice" and source:
            part = next((p for p in self._resolving_parts() if p.get("description")), {})
            lore = ((self.object(data.get("source_id")) or {}).get("counters") or {}).get("lore")
            # (a Saga's chapter leaves no frame to read: its lore counters say which chapter it is)
            said = ability_text(part.get("description") or (f"Chapter {lore}" if lore else ""), source)
            said = self._chapter_text(said, source)
            said = said if said.startswith(source) else f"{source}: {said}".rstrip(": ")
            number = int(count or 1)
            return f"{said} Choose {number} permanent{'' if number == 1 else 's'} you control to sacrifice."
        if kind == "AssignCombatDamage":
            attacker = self._fighters(seat).get(data.get("attacker_id")) or self._names(data.get("attacker_id"))
            # (the blockers are the defending player's: "blocked by Troll of Khazad-dûm and Prized Amalgam" had read
            # as if the attacker's own Amalgam blocked it)
            blockers = [f"your opponent's {self._names(b.get('blocker_id'))}" for b in data.get("blockers") or []
                        if isinstance(b, dict)]
            over = " (trample: once each blocker has lethal damage, the rest may go to the player or planeswalker " \
                   "it attacks)" if data.get("trample") else ""
            return f"Your {attacker} ({data.get('total_damage')} damage) is blocked by {_both(blockers)}: divide " \
                   f"its combat damage among them{over}." if blockers else "Assign combat damage."
        if kind == "CastOffer" and (data.get("kind") or {}).get("type") == "Cascade":
            cascade = data["kind"]
            hit = self.object(cascade.get("hit_card")) or {}
            misses = [self.name_of(c) for c in cascade.get("exiled_misses") or []]
            return f"{self.name_of(cascade.get('source_id'))}'s cascade (mana value {cascade.get('source_mv')}) " \
                   f"exiled {listed([*misses, str(hit.get('name'))])}: you may cast {hit.get('name')} (mana value " \
                   f"{_mana_value(hit)}) without paying its mana cost; the cards exiled and not cast go to the " \
                   "bottom of your library in a random order."
        if kind == "ChooseLegend":
            return f"Legend rule: you control two or more legendary permanents named {data.get('legend_name')}. " \
                   "Choose the one to keep."
        if kind == "AlternativeCastChoice":
            return f"Cast {self.name_of(data.get('object_id'))} normally or by " \
                   f"{humanise((data.get('keyword') or {}).get('type') or 'its alternative cost')}?"
        if kind == "ChooseManaColor":
            return self._mana_colour_text(data, seat)
        if kind == "ManaPayment":
            return self._payment_text(seat)
        if kind == "ManaSourceSelection":
            return "Pay the mana cost: choose a mana source, or go on."
        if kind == "CopyRetarget":
            return f"You may choose new targets for the copy ({humanise(data.get('effect_kind') or 'copy')})."
        if kind == "ReplacementChoice":
            return self._replacement_text(data, seat)
        if kind == "OptionalEffectChoice":
            text = " ".join(ability_text(data.get("description") or "Apply this effect?", source).split())
            text = self._chapter_text(text, source) if source else text
            if source and source not in text:  # "When the last time counter is removed from this card ..."
                text = f"{source}: {text}"
            ability = self._resolving(data.get("source_id"), seat)
            text += "" if text.endswith((".", "?", "!", ")", '"')) else "."
            seen = self._looked_at(ability, seat)
            text += f" (You look at: {seen}.)" if seen else ""
            aimed = [self._aimed_at(t, seat) for t in ability.get("targets") or [] if isinstance(t, dict)
                     and (self.object(t.get("Object")) or {}).get("zone") == "Battlefield"]
            text += f" (Its target: {listed(aimed)}.)" if aimed else ""  # Arcbound Ravager's modular had named none
            optional = self._optional_meaning(ability)
            card = self.object(data.get("decision_subject_id")) if _casts_for_its_cost(ability.get("effect")) else None
            if card:  # the card exiled to be cast (Chandra's +1): the prompt named neither it nor its cost
                cost = render_cost(card.get("mana_cost"))
                text += f" (The exiled card: {card.get('name')}{' ' + cost if cost else ''}.)"
            unpayable = "" if self._optional_payable(seat) else " You cannot pay it, so Yes is not offered."
            return text + (f" Yes means: {optional}." if optional else "") + unpayable + misreading_note(source)
        if data.get("description"):
            return str(data["description"]).replace("~", source or "this card")
        parts = [humanise(data.get("effect_kind") or kind).capitalize()]
        if source:
            parts.append(f"for {source}")
        if count is not None:
            parts.append(f"(choose {'up to ' if data.get('up_to') else ''}{count})")
        return " ".join(parts)

    def _pending_triggers(self) -> list[dict[str, Any]]:
        """The abilities of the triggers waiting to be ordered, in the prompt's order, from the engine's state (the
        prompt holds no text for a delayed trigger: Prized Amalgam's return had read "Prized Amalgam: ")."""
        groups = (self._whole_state().get("pending_trigger_order") or {}).get("groups") or []
        return [((trigger.get("pending") or {}).get("ability") or {}) for group in groups
                for trigger in group.get("triggers") or []]

    def _zone_move_text(self, data: dict[str, Any], source: str, seat: int) -> str:
        """A choice of cards an effect moves, with the effect's text: 'Ichorid: At the beginning of your upkeep, ...
        you may exile a black creature card other than this card from your graveyard. If you do, return this card to
        the battlefield. Choose 1 card to exile from your graveyard.' (it had read "Change zone for Ichorid (choose
        1)" with options "Choose: Griselbrand")."""
        part = next((p for p in self._resolving_parts() if p.get("description")), {})
        text = ability_text(part.get("description"), source)
        count = int(data.get("count") or 1)
        return f"{source}: {text + ' ' if text else ''}Choose {'up to ' if data.get('up_to') else ''}{count} " \
               f"card{'' if count == 1 else 's'} to {self._zone_move(data, seat)}."

    def _zone_move(self, data: dict[str, Any], seat: int) -> str:
        """What a move of cards from a zone does, as a verb phrase: 'exile from your graveyard'."""
        cards = [self.object(c) or {} for c in data.get("cards") or []]
        owners = {card.get("owner") for card in cards}
        whose = "your" if owners == {seat} else "your opponent's" if owners == {1 - seat} else "a"
        zone = f" from {whose} {_ZONE_NAMES.get(data.get('zone'), 'zone')}" if data.get("zone") in _ZONE_NAMES else ""
        verb = {"Exile": "exile", "Hand": "put into its owner's hand", "Battlefield": "put onto the battlefield",
                "Graveyard": "put into its owner's graveyard", "Library": "put into its owner's library"}.get(
            data.get("destination"), "move")
        return f"{verb}{zone}"

    def _library_position_text(self, data: dict[str, Any], source: str | None, seat: int) -> str:
        """Cards put back on the library, worded from the engine's zone and position: Brainstorm's two cards from
        the hand on top, in order, naming the cards it drew; Expressive Iteration's card from the cards looked at on
        the bottom, with what happens to the rest (it had read "from your hand ... on top of your library")."""
        count = int(data.get("count") or 0)
        cards = f"{count} card{'' if count == 1 else 's'}"
        bottom = (data.get("library_position") or {}).get("type") == "Bottom"
        where = "on the bottom of your library" if bottom else "on top of your library"
        if data.get("zone") == "Hand":
            drawn = [self.name_of(card) for card in self._arrived[seat]]  # the draws of the effect now resolving
            drew = f"you drew {listed(drawn)}; " if drawn else ""
            order = "" if bottom else ", in the order you choose (the first is the new top card)"
            return f"{source}: {drew}choose {cards} from your hand to put back {where}{order}."
        looked = listed(self.name_of(card) for card in data.get("cards") or [])
        rest = self._rest_of_effect()
        return f"{source}: choose {cards} of {looked} (from the top of your library) to put {where}{rest}."

    def _rest_of_effect(self) -> str:
        """What the resolving effect does next with the cards left, from the engine's resolution frames: '; the
        other is exiled, and you may play it this turn' (Expressive Iteration)."""
        parts = self._resolving_parts()
        effects = [(part.get("effect") or {}) for part in parts]
        said = ""
        if effects and effects[0].get("type") == "ChangeZone" and effects[0].get("destination") in _FOUND_CARD_GOES:
            said = f"; the other goes {_FOUND_CARD_GOES[effects[0]['destination']]}"
        if said and any(e.get("type") == "GrantCastingPermission" and (e.get("permission") or {}).get("type") ==
                        "PlayFromExile" for e in effects[1:]):
            until = humanise((next(e for e in effects[1:] if e.get("type") == "GrantCastingPermission").get(
                "permission") or {}).get("duration") or "")
            said += ", and you may play it" + (" this turn" if until == "until end of turn" else f" ({until})")
        return said

    def _x_notes(self, data: dict[str, Any], seat: int) -> str:
        """What bears on X beyond the mana: for converge, the most colours ``seat``'s untapped sources and pool can
        spend; where a target's mana value decides the spell, that mana value. Prismatic Ending had offered X = 4
        against a mana value 4 planeswalker with lands of three colours, and showed no mana value."""
        ability = (data.get("pending_cast") or {}).get("ability") or {}
        notes = ""
        if _has_part(ability, "DistinctColors"):
            pool = [{str(unit.get("color"))} for unit in (self._game.player(seat).get("mana_pool") or {}).get("mana")
                    or [] if isinstance(unit, dict)]
            colours = _most_colours([colours for _, colours in self._mana_sources(seat)] + pool)
            named = f" ({listed(colour.lower() for colour in colours)})" if colours else ""
            spell = self.name_of(data["pending_cast"]["object_id"])
            notes += f" {spell} counts the colours of mana spent to cast it: your untapped mana sources can spend at " \
                     f"most {len(colours)} colour{'' if len(colours) == 1 else 's'}{named}, " + (
                         "but this rules engine pays by itself as soon as X is chosen, and each X says the colours "
                         "its payment spends." if self._pays_at_once(seat) else "and once X is chosen you pay at a "
                         "payment step (you hold a mana source such as a Lotus Petal or Treasure), where you may "
                         "activate it yourself to choose its colour before finishing; the option that finishes paying "
                         "says what the engine taps or sacrifices for the rest.")
        if _has_part(ability, "Cmc"):
            targets = [self.object(t["Object"]) for t in ability.get("targets") or [] if isinstance(t, dict) and
                       "Object" in t]
            worth = [f"{obj.get('name')} {_mana_value_text(obj)}" for obj in targets if obj]
            notes += f" Mana value of the target: {listed(worth)}." if worth else ""
        return notes

    def _pays_at_once(self, seat: int) -> bool:
        """Whether the engine pays a spell's X cost by itself as soon as X is chosen, read by choosing the first X
        on a copy of the game; with a Lotus Petal or Treasure it asks at a payment step instead (the converge note
        had said it pays at once beside bare X options, and the next step asked for the payment)."""
        first = self._first_action("ChooseX")
        copy = self._copy(seat, first) if first else None
        return copy is not None and (copy.waiting_for() or {}).get("type") not in _PAYMENT_WAITS

    def _first_action(self, kind: str) -> dict[str, Any] | None:
        """The first legal action of type ``kind`` the engine lists now, as a dict; None where it lists none."""
        return next((found for action in self._game.actions() if (found := action.to_dict()).get("type") == kind),
                    None)

    def _converge_spent(self, action: dict[str, Any], seat: int) -> list[str]:
        """For an X of a spell that counts the colours of mana spent to cast it (converge), the colours the engine's
        automatic payment spends at that X, read by applying it to a copy of the game: the engine pays as soon as X
        is chosen, offers no mana ability to tap first, and spends as few colours as it may (Prismatic Ending at X =
        3 paid white, white, white, blue from two Tundras, a Plateau and a Volcanic Island, and Teferi, Time Raveler
        stayed). [] for any other choice, or where the copy does not pay at once."""
        data = self.waiting_for().get("data") or {}
        pending = data.get("pending_cast") or {}
        if not _has_part(pending.get("ability"), "DistinctColors") or pending.get("object_id") is None:
            return []
        copy = self._copy(seat, action)
        spent = ((copy.object(pending["object_id"]) or {}).get("colors_spent_to_cast") or {}) if copy else {}
        return [colour.lower() for colour in _COLOURS if spent.get(colour.lower())]

    def _discard_text(self, data: dict[str, Any], source: str | None) -> str:
        """A discard as its effect says it: 'Fable of the Mirror-Breaker: choose up to 2 cards to discard, then draw
        that many.', with any engine misreading of the card (it had read "choose 2 card(s)" where none, one or two
        may be chosen, and not said that the engine draws one card whatever the number)."""
        count = int(data.get("count") or 0)
        cards = f"{'up to ' if data.get('up_to') else ''}{count} card{'' if count == 1 else 's'}"
        then = ", then draw that many" if any((part.get("effect") or {}).get("type") == "Draw"
                                              for part in self._resolving_parts()) else ""
        if not source:
            return f"Choose {cards} to discard{then}."
        return f"{source}: choose {cards} to discard{then}.{misreading_note(source)}"

    def _search_text(self, data: dict[str, Any], seat: int) -> str:
        """A library search as the card says it, with where the found card goes, read from the effect the engine is
        resolving: 'Unmarked Grave: Search your library for a nonlegendary card, put that card into your graveyard,
        then shuffle. Choose up to 1 card: it goes into your graveyard.' The prompt names no source nor destination,
        and the stack is empty by then, so a search for the graveyard had read like a tutor to the hand."""
        whose = "your" if data.get("library_owner", seat) == seat else "your opponent's"
        count = data.get("count")
        choose = f"{'up to ' if data.get('allows_partial_find') else ''}{count} card{'' if count == 1 else 's'}"
        search = self._resolving_search()
        effect = search.get("effect") or {}
        destination = effect.get("destination")
        if destination not in _FOUND_CARD_GOES:
            return f"Search {whose} library: choose {choose} (the rest of {whose} library is then shuffled)."
        source = self.name_of(search.get("source_id"))
        text = self._chapter_text(ability_text(search.get("description"), source), source)
        if text.startswith(f"{source}, chapter "):  # Urza's Saga's "Chapter 3" had been the whole text
            text = text.split(": ", 1)[-1]
        elif not text:  # a cycling search (Troll of Khazad-dûm's swampcycling) holds no text: the card's cycling line
            obj = self.object(search.get("source_id")) or {}
            text = self._cycling_line(obj, {"activation_zone": "Hand"})
        elif "ability_index" in search:  # an activated ability's description starts with its cost: "{T}, Pay 1 life"
            text = text.split(": ", 1)[-1]
        goes = _FOUND_CARD_GOES[destination]
        if destination == "Battlefield":
            goes += " tapped" if effect.get("enter_tapped") else " untapped"
        return f"{source}: {text} Choose {choose}: {'it goes' if count == 1 else 'they go'} {goes}."

    def _resolving_search(self) -> dict[str, Any]:
        """The part of the ability being resolved that moves the found card out of the library (its ``ChangeZone``
        from ``Library``), from the engine's resolution frames; ``{}`` where none is found."""
        for part in self._resolving_parts():
            effect = part.get("effect") or {}
            if effect.get("type") == "ChangeZone" and effect.get("origin") == "Library":
                return part
        return {}

    def _resolving_parts(self) -> list[dict[str, Any]]:
        """The parts of the abilities being resolved that are still to come (each frame's pending chain, then its
        sub-abilities), from the engine's resolution frames."""
        frames = (self._whole_state().get("resolution_frames") or {}).get("frames") or []
        parts = []
        for frame in frames:
            part = (((frame.get("data") or {}).get("pending") or {}).get("chain")) or {}
            while isinstance(part, dict) and part:
                parts.append(part)
                part = part.get("sub_ability") or {}
        return parts

    def _resolving(self, source_id: Any, seat: int) -> dict[str, Any]:
        """The optional effect of ``source_id`` that ``seat`` is deciding on, from the engine's resolution frames:
        its own, else another player's that asks it (Chain Lightning's "that player ... may pay {R}{R}")."""
        frames = (self._whole_state().get("resolution_frames") or {}).get("frames") or []
        abilities = [(frame.get("data") or {}).get("ability") or {} for frame in frames]
        mine = [a for a in abilities if a.get("source_id") == source_id and a.get("controller") == seat]
        return next(iter(mine or [a for a in abilities if a.get("source_id") == source_id]), {})

    def _chapter_text(self, text: str, source: str) -> str:
        """'Chapter 2' as the Saga prints it: 'Fable of the Mirror-Breaker, chapter II: You may discard up to two
        cards. If you do, draw that many cards.' (the engine's description names neither card nor text)."""
        found = re.fullmatch(r"Chapter (\d+)\.?", text.strip())
        if not found or not 1 <= int(found[1]) <= len(_ROMAN):
            return text
        numeral = _ROMAN[int(found[1]) - 1]
        oracle = str((self.card_data.faces.get(source.lower()) or {}).get("oracle_text") or "")
        line = next((line for line in oracle.splitlines() if " — " in line and numeral in
                     line.split(" — ", 1)[0].split(", ")), "")  # ("I, II — ..." is chapters I and II)
        return f"{source}, chapter {numeral}: {line.split(' — ', 1)[1]}" if line else f"{source}, chapter {numeral}."

    def _cast_ability(self) -> dict[str, Any]:
        """The spell ability of the cast in progress, with the targets chosen so far (the prompt's own pending cast
        where it carries one, else the engine's)."""
        data = self.waiting_for().get("data")
        data = data if isinstance(data, dict) else {}
        # (a cost being paid holds it as {"resume": {"type": "Spell", "Spell": {...}}})
        pending = data.get("pending_cast") or (data.get("resume") or {}).get("Spell") or self._pending_cast()
        ability = pending.get("ability") if isinstance(pending, dict) else None
        return ability if isinstance(ability, dict) else {}

    def _pending_cast(self) -> dict[str, Any]:
        """The engine's cast in progress (its card, cost, delved cards), ``{}`` where none is."""
        if self._pending is None:
            pending = self._whole_state().get("pending_cast")
            self._pending = pending if isinstance(pending, dict) else {}
        return self._pending

    def _mana_colour_text(self, data: dict[str, Any], seat: int) -> str:
        """'Lotus Petal makes mana of the colour you choose, for Lightning Bolt (still to pay {R}): choose the
        colour.' (it had read "Choose the colour of the mana." with neither the source nor what the mana pays for)."""
        context = (data.get("context") or {}).get("data") or {}
        source = self.name_of(context["source_id"]) if context.get("source_id") is not None else "The mana source"
        pending = self._pending_cast()
        paying = "ManaPayment" in (context.get("resume") or {}) and pending.get("card_id") is not None
        left = self._left_to_pay(seat) if paying else ""
        spell = f", for {self.name_of(pending['card_id'])}" + (f" (still to pay {left})" if left else "") if paying \
            else ""
        return f"{source} makes mana of the colour you choose{spell}: choose the colour."

    def _payment_text(self, seat: int) -> str:
        """The mana payment prompt with the spell's cost and what is still to pay after the pool (delve's exiled
        cards pay into it): 'Pay the mana cost of Murktide Regent, {5}{U}{U}: still to pay {3}{U}{U}. ...'."""
        pending = self._pending_cast()
        cost = pending.get("cost")
        ask = "Choose a mana source, or finish paying."
        if not isinstance(cost, dict):
            return f"Pay the mana cost. {ask}"
        left = self._left_to_pay(seat)
        name = self.name_of(pending.get("card_id")) if pending.get("card_id") is not None else "the spell"
        delved = [self.name_of(card) for card in pending.get("delved_cards") or []]
        exiled = f" (exiled by delve so far: {listed(delved)})" if delved else ""
        paying = f"Pay the mana cost of {name}, {render_cost(cost)}{exiled}"
        if left == _NOTHING_LEFT:  # ("still to pay {0}" had read oddly beside "Your mana pool: {U}")
            return f"{paying}: the mana in your pool pays all of it. Finish paying."
        if self._first_action("PassPriority") is None:
            # the engine offers to finish only where it can pay the rest
            return f"{paying}: still to pay {left}, more than your untapped mana sources can pay (finishing is not " \
                   "offered)."
        offered = [action.to_dict() for action in self._game.actions()]
        if all(action.get("type") in ("PassPriority", "CancelCast") for action in offered):
            ask = "Finish paying, or cancel."  # no source to choose by hand: the engine pays the rest itself
        elif all(action.get("type") in ("PassPriority", "CancelCast") or (action.get("type") == "TapForConvoke" and (
                self.object(_data_of(action).get("object_id")) or {}).get("zone") == "Graveyard")
                 for action in offered):
            # only delve's exiles: "Choose a mana source" had stood beside no mana source (Murktide Regent's {U}{U})
            ask = "Exile a card from your graveyard for {1} (delve), finish paying, or cancel."
        return f"{paying}: still to pay {left}. {ask}"

    def _automatic_payment(self, action: dict[str, Any], seat: int) -> str:
        """What the engine's automatic payment taps and sacrifices, read by applying ``action`` (the one that ends
        the payment) to a copy of the game: ': it taps Volcanic Island and Tundra', ': it sacrifices Treasure (the
        target of Prismatic Ending, which then loses that target)'. The engine chooses the sources itself (it had
        sacrificed the Treasure that Prismatic Ending targeted, and the spell did nothing, beside "paid automatically
        from your untapped mana sources"); ' from your untapped mana sources' where the copy does not tell."""
        copy = self._copy(seat, action)
        if copy is None:
            return " from your untapped mana sources"
        said = self._paid_with(copy, seat)
        return f": it {said}" if said else " from the mana in your pool"

    def _paid_with(self, copy: Any, seat: int) -> str:
        """'taps Volcanic Island and Tundra and sacrifices Treasure': what ``seat`` has tapped or lost in ``copy``,
        a copy of the game a step on, with any target of the spell being cast among them said so."""
        before = {o["id"]: o for o in self._game.battlefield() if o.get("controller") == seat}
        after = {o["id"]: o for o in copy.battlefield()}
        tapped = [i for i, o in before.items() if not o.get("tapped") and (after.get(i) or {}).get("tapped")]
        gone = [i for i in before if i not in after]
        targets = {t.get("Object") for t in self._cast_ability().get("targets") or [] if isinstance(t, dict)}
        spell = self.name_of(self._casting()) if self._casting() is not None else "the spell"

        def named(ids: list[int]) -> str:
            names = Counter(str(before[i].get("name")) + (f" (the target of {spell}, which then loses that target)"
                                                          if i in targets and i in gone else
                                                          f" (the target of {spell})" if i in targets else "")
                            for i in ids)
            return _both([name if count == 1 else f"{name} x{count}" for name, count in names.items()])

        said = [f"taps {named(tapped)}"] if tapped else []
        said += [f"sacrifices {named(gone)}"] if gone else []
        return " and ".join(said)

    def _payment_after_target(self, seat: int) -> str:
        """For a spell's last target, what the engine's payment then does by itself, read by choosing the first
        target on a copy of the game: ' Once the target is chosen, the engine pays {R}{W} by itself: it taps
        Volcanic Island and Tundra.' (Lightning Helix had tapped the only two blue sources, leaving no {U}{U} for
        Counterspell, with no word of which lands). '' where the cast does not end there."""
        first = self._first_action("ChooseTarget")
        casting = self._casting()
        copy = self._copy(seat, first) if first and casting is not None else None
        # the cast is over where the spell is on the stack and no payment or target waits; a trigger of the cast
        # (Dragon's Rage Channeler's surveil, Swiftspear's prowess) can stand above it or wait for its own choice
        if copy is None or (copy.waiting_for() or {}).get("type") in (*_PAYMENT_WAITS, "TargetSelection") or \
                casting not in {entry.get("id") for entry in copy.stack()}:
            return ""
        said = self._paid_with(copy, seat)
        cost = render_cost((self.object(casting) or {}).get("mana_cost"))
        return f" Once the target is chosen, the engine pays {cost} by itself: it {said}." if said else ""

    def _left_to_pay(self, seat: int) -> str:
        """What of the pending spell's mana cost the pool leaves unpaid ('{1}{U}{U}'), '' where none is pending."""
        cost = self._pending_cast().get("cost")
        if not isinstance(cost, dict):
            return ""
        pool = [str(unit.get("color")) for unit in (self._game.player(seat).get("mana_pool") or {}).get("mana") or []
                if isinstance(unit, dict)]
        return render_cost(mana_left_to_pay(cost, pool))

    def _looked_at(self, ability: dict[str, Any], seat: int) -> str:
        """The library cards a resolving effect lets ``seat`` look at (Jace's +2, Delver's upkeep look): the
        effect's own targets, so nothing else of the library shows."""
        seen = []
        for target in ability.get("targets") or []:
            obj = self.object(target["Object"]) if isinstance(target, dict) and "Object" in target else None
            if obj and obj.get("zone") == "Library":
                whose = "your" if obj.get("owner") == seat else "your opponent's"
                seen.append(f"{obj.get('name')}, from the top of {whose} library")
        return "; ".join(seen)


_COLOURS = ("White", "Blue", "Black", "Red", "Green")


def _pip_colours(pip: Any) -> set[str]:
    """The colours one of the engine's ``available_mana_pips`` makes: ``{"type": "Color", "data": "Red"}``,
    ``{"type": "OneOfColors", "data": [...]}`` (City of Brass), any colour, or colourless."""
    if not isinstance(pip, dict):
        return set()
    data = pip.get("data")
    if pip.get("type") == "AnyColor":
        return set(_COLOURS)
    if isinstance(data, list):
        return {str(colour) for colour in data}
    if pip.get("type") == "Colorless" or data == "Colorless":
        return {"Colorless"}
    return {str(data)} if data else set()


def _ability_colours(ability: Any) -> set[str]:
    """The colours a mana ability paid with {T} and/or sacrificing its permanent makes (Llanowar Elves, Lotus
    Petal, Treasure); empty for any other ability (one that costs mana makes none more)."""
    effect = (ability or {}).get("effect") or {} if isinstance(ability, dict) else {}
    if effect.get("type") != "Mana":
        return set()
    cost = ability.get("cost") or {}
    parts = cost.get("costs") or [] if cost.get("type") == "Composite" else [cost]
    if not parts or any(part.get("type") not in ("Tap", "Sacrifice") for part in parts if isinstance(part, dict)) \
            or any(part.get("type") == "Sacrifice" and (part.get("target") or {}).get("type") != "SelfRef"
                   for part in parts if isinstance(part, dict)):
        return set()
    produced = effect.get("produced") or {}
    if produced.get("type") == "Fixed":
        return {str(colour) for colour in produced.get("colors") or []} or {"Colorless"}
    return {str(colour) for colour in produced.get("color_options") or _COLOURS}


def ability_texts(obj: dict[str, Any]) -> list[str]:
    """An object's triggered and static abilities as the engine holds them (a token's too: it has no card text),
    '~' for its name, without a rule number; those without a description (a granted trigger's copy) left out."""
    texts = []
    for key in ("trigger_definitions", "static_definitions"):
        for definition in obj.get(key) or []:
            definition = definition.get("definition", definition) if isinstance(definition, dict) else {}
            text = ability_text(definition.get("description"), "~").strip()
            if text and text not in texts:
                texts.append(text)
    return texts


def combat_abilities(obj: dict[str, Any]) -> list[str]:
    """A creature's abilities beyond keywords that bear on combat, each its whole text with 'it' for its name:
    "whenever it deals combat damage to a creature, destroy that creature" (Stinkweed Imp), "can't be blocked except
    by three or more creatures" (Troll of Khazad-dûm), "whenever it attacks, create a Treasure token" (the Goblin
    Shaman token). The board had shown only keywords, and then only a first sentence ("whenever it attacks,
    defending player reveals the top card of their library …" had lost where Goblin Guide's land goes)."""
    if "Creature" not in ((obj.get("card_types") or {}).get("core_types") or []):
        return []
    found = []
    keywords = {humanise(_keyword_name(k)) for k in obj.get("keywords") or []}
    for text in ability_texts(obj):
        if not _COMBAT_WORDS.search(text) or _restates_keyword(text, keywords):
            continue
        whole = text.rstrip(".").removeprefix("~ ").replace("~", "it")
        found.append(whole[:1].lower() + whole[1:])
    return found


def _suspend_counters(ability: dict[str, Any]) -> int | None:
    """The time counters a suspend ability on the stack puts on its card in exile (phase's suspend: an activated
    ability that puts time counters on its own card), else None."""
    effect = ability.get("effect") or {}
    if ability.get("kind") != "Activated" or effect.get("type") != "PutCounter" or \
            str(effect.get("counter_type")).lower() != "time" or (effect.get("target") or {}).get("type") != "SelfRef":
        return None
    return int((effect.get("count") or {}).get("value") or 1)


def _is_spell_card(obj: dict[str, Any]) -> bool:
    """An instant or sorcery card: the only cards whose own resolution leaves them in a graveyard."""
    return bool({"Instant", "Sorcery"} & set((obj.get("card_types") or {}).get("core_types") or []))


def _ability_part(part: dict[str, Any]) -> str:
    """'TriggeredAbility' or 'ActivatedAbility' for a resolving part that comes from an ability (the engine marks
    every resolving part "Spell"), '' for a spell's own part."""
    if any(key in part for key in ("trigger_definition_ref", "may_trigger_origin")):
        return "TriggeredAbility"
    return "ActivatedAbility" if "ability_index" in part else ""


def _cards(count: Any) -> str:
    """'1 card', '2 cards' (it had read "choose 1 card(s)")."""
    return f"{count} card{'' if count == 1 else 's'}"


def _both(items: list[str]) -> str:
    """'A and B', 'A, B and C' (semicolons where a name holds a comma)."""
    return items[0] if len(items) == 1 else f"{listed(items[:-1])} and {items[-1]}"


def _casts_for_its_cost(effect: Any) -> bool:
    """An optional effect that lets a player cast a card paying its cost ("You may cast that card": Chandra, Torch
    of Defiance's +1), as opposed to a free cast (suspend's last time counter)."""
    return isinstance(effect, dict) and effect.get("type") == "CastFromZone" and \
        not effect.get("without_paying_mana_cost")


def _restates_keyword(text: str, keywords: set[str]) -> bool:
    """Whether an ability's text is a keyword's own ("Exalted — whenever ...": Noble Hierarch had shown "exalted;
    exalted — whenever a creature you control attacks alone, ...")."""
    return any(text.lower().startswith(f"{keyword} —") for keyword in keywords)


def _most_colours(sources: list[set[str]]) -> list[str]:
    """The largest set of colours that ``sources`` (each one mana of any colour it lists) can make at once: a
    matching of colours to sources, found by Hall's condition over the five colours' subsets."""
    for size in range(len(_COLOURS), 0, -1):
        for colours in itertools.combinations(_COLOURS, size):
            if all(sum(1 for made in sources if made & set(group)) >= len(group)
                   for n in range(1, size + 1) for group in itertools.combinations(colours, n)):
                return list(colours)
    return []


def _ordinal(count: int) -> str:
    """'its 2nd, chapter II' for a Saga's lore counters."""
    suffix = "th" if 10 <= count % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(count % 10, "th")
    chapter = f", chapter {_ROMAN[count - 1]}" if 1 <= count <= len(_ROMAN) else ""
    return f"its {count}{suffix}{chapter}"


def _this(obj: dict[str, Any]) -> str:
    """How Oracle text names a permanent in its own cost: 'this artifact' (a Treasure's "Sacrifice this artifact")."""
    types = (obj.get("card_types") or {}).get("core_types") or []
    return next((f"this {kind.lower()}" for kind in ("Artifact", "Creature", "Land", "Enchantment") if kind in types),
                "it")


def _whose(obj: dict[str, Any], seat: int) -> str:
    """'your' or "your opponent's", by a permanent's controller."""
    return "your" if obj.get("controller") == seat else "your opponent's"


def _mana_value(obj: dict[str, Any]) -> int:
    """An object's mana value: generic plus one per coloured symbol, X counted as 0; a transformed permanent's is its
    front face's (CR 712.8e: Insectile Aberration's is 1, Reflection of Kiki-Jiki's 3)."""
    front = obj.get("back_face") or {} if obj.get("transformed") else {}
    return _cost_value(front.get("mana_cost") or obj.get("mana_cost"))


def _cost_value(cost: Any) -> int:
    cost = cost if isinstance(cost, dict) else {}
    return int(cost.get("generic") or 0) + sum(1 for shard in cost.get("shards") or [] if shard != "X")


def _mana_value_text(obj: dict[str, Any]) -> str:
    """'3', or where the engine's own checks read another value '3, which this rules engine counts as 0': a transformed
    permanent has no mana cost in the engine, so Prismatic Ending with one colour exiles Reflection of Kiki-Jiki
    (replayed) and its mana value had been shown as 0."""
    value, engine = _mana_value(obj), _cost_value(obj.get("mana_cost"))
    return f"{value}" if value == engine else f"{value}, which this rules engine counts as {engine}"


def _has_part(value: Any, kind: str) -> bool:
    """Whether an engine shape holds a part of type ``kind`` at any depth: a ``Cmc`` filter property, a
    ``DistinctColors`` metric (converge)."""
    if isinstance(value, dict):
        return value.get("type") == kind or any(_has_part(item, kind) for item in value.values())
    if isinstance(value, list):
        return any(_has_part(item, kind) for item in value)
    return False


def _modification_text(modification: dict[str, Any], to_you: bool = False) -> str:
    """One change a continuous effect makes: 'protection from everything' (``{"type": "AddKeyword", "keyword":
    {"Protection": "Everything"}}``), '-2/-1', 'may cast sorcery spells as though they had flash' (Teferi, Time
    Raveler's +1; it had read "grant static ability"), else its kind in words."""
    kind = modification.get("type")
    if kind == "AddKeyword":
        return keyword_text(modification.get("keyword"))
    if kind == "PowerToughness":  # (see _merged_pump)
        return f"{modification['power']:+d}/{modification['toughness']:+d}"
    definition = modification.get("definition") or {}
    cast_with = ((definition.get("mode") or {}).get("CastWithKeyword") or {}) if isinstance(definition.get("mode"),
                                                                                             dict) else {}
    if kind == "AddStaticMode" and isinstance(modification.get("mode"), str):  # Ajani Vengeant's {"mode": "CantUntap"}
        return humanise(modification["mode"]).replace("cant ", "can't ")
    if kind == "GrantStaticAbility" and definition.get("description"):
        return ability_text(definition["description"], "this permanent")
    if kind == "GrantStaticAbility" and cast_with.get("keyword"):
        spells = " or ".join(str(t).lower() for t in (definition.get("affected") or {}).get("type_filters") or []
                             if isinstance(t, str)) or "the"
        subject = "you" if to_you else "they"
        return f"{subject} may cast {spells} spells as though they had {humanise(cast_with['keyword'])}"
    return humanise(kind or "an effect")


def _merged_pump(modifications: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An effect's changes with its power and toughness changes as one ('-2/-1', not "add power, add toughness")."""
    power = sum(int(m.get("value") or 0) for m in modifications if m.get("type") == "AddPower")
    toughness = sum(int(m.get("value") or 0) for m in modifications if m.get("type") == "AddToughness")
    rest = [m for m in modifications if m.get("type") not in ("AddPower", "AddToughness")]
    pumped = any(m.get("type") in ("AddPower", "AddToughness") for m in modifications)
    return ([{"type": "PowerToughness", "power": power, "toughness": toughness}] if pumped else []) + rest


def _keyword_name(keyword: Any) -> str:
    """'Flying' for "Flying", 'Escape' for ``{"Escape": {...}}``."""
    return next(iter(keyword)) if isinstance(keyword, dict) and keyword else str(keyword)


def _attachment_kind(obj: dict[str, Any]) -> str | None:
    """'Aura', 'Equipment', or None for another permanent attached to something."""
    subtypes = (obj.get("card_types") or {}).get("subtypes") or []
    return next((kind for kind in ("Aura", "Equipment") if kind in subtypes), None)


def _ordered_choice(kind: str, data: dict[str, Any]) -> bool:
    """A choice of cards whose order is the order they go back on top of the library (Brainstorm, Ponder)."""
    if kind == "EffectZoneChoice":
        return data.get("effect_kind") == "PutAtLibraryPosition" and int(data.get("count") or 0) <= 3 and \
            (data.get("library_position") or {}).get("type") != "Bottom"
    return kind == "DigChoice" and data.get("kept_destination") == "Library" and int(data.get("keep_count") or 0) <= 3


# -- combat -----------------------------------------------------------------------------------------------------


def attack_options(prompt: dict[str, Any], look: Callable[[int], str] = str) -> list[dict[str, Any]]:
    """Real attack combinations: every way the possible attackers may attack (each creature staying home or
    attacking one of its legal targets, the player or a planeswalker or battle, so that several may attack one
    planeswalker together) while that fits in ``MAX_COMBAT_OPTIONS``, fewest attackers first; for more, attacks on
    the player built from groups of creatures that look alike (``look``: the board text; see
    :func:`_attacking_groups`), then each alone at each planeswalker or battle and all who may at each. phase itself
    lists only none, each single creature, or all. A creature that must attack (CR 508.1d: "attacks each combat if
    able") is in every combination."""
    barred = {int(a) for a, c in (prompt.get("attacker_constraints") or {}).items() if c.get("kind") == "CantAttack"}
    attackers = [int(a) for a in prompt.get("valid_attacker_ids") or [] if int(a) not in barred]
    by_attacker = prompt.get("valid_attack_targets_by_attacker") or {}
    default_targets = prompt.get("valid_attack_targets") or []
    forced = forced_attackers(prompt)

    def targets(attacker: int) -> list[Any]:
        legal = by_attacker.get(str(attacker)) or by_attacker.get(attacker) or default_targets
        required = [t for t in legal if t in (forced.get(attacker) or [])]
        return required or legal

    def declare(picks: Sequence[tuple[int, Any]]) -> dict[str, Any]:
        return {"type": "DeclareAttackers", "data": {"attacks": [[a, t] for a, t in picks], "bands": []}}

    # each attacker's choices: home (None) or one of its targets; one that must attack has no home
    every = [(a, ([] if a in forced and targets(a) else [None]) + list(targets(a))) for a in attackers]
    if math.prod(len(choices) for _, choices in every) <= MAX_COMBAT_OPTIONS:
        combos = itertools.product(*[[(a, t) for t in choices] for a, choices in every])
        picked = [[(a, t) for a, t in combo if t is not None] for combo in combos]
        # fewest attackers first, then in the attackers' order, each at its first target first (the player)
        order = {a: i for i, a in enumerate(attackers)}
        picked.sort(key=lambda p: (len(p), [order[a] for a, _ in p], [targets(a).index(t) for a, t in p]))
        return [declare(p) for p in picked]

    def attack(group: Sequence[int]) -> dict[str, Any]:
        chosen = [a for a in attackers if a in forced or a in group]
        return declare([(a, targets(a)[0]) for a in chosen if targets(a)])

    optional = [a for a in attackers if a not in forced]
    options = [attack(g) for g in _attacking_groups(optional, look)]
    others = [(a, targets(a)[0]) for a in forced if targets(a)]
    for attacker in attackers:  # planeswalkers and battles as targets: one more attack for each
        for target in targets(attacker)[1:]:
            options.append(declare([(attacker, target), *[(a, t) for a, t in others if a != attacker]]))
    for target in {repr(t): t for a in attackers for t in targets(a)[1:]}.values():  # all who may, at each one
        able = [a for a in optional if target in targets(a)]
        if len(able) > 1:
            options.append(declare([*[(a, target) for a in able], *[(a, t) for a, t in others if a not in able]]))
    return options


def _attacking_groups(optional: list[int], look: Callable[[int], str]) -> list[tuple[int, ...]]:
    """Which creatures attack, where every way is too many: creatures that look alike (Ichorid 3/1 (haste) x3) are
    interchangeable, so each number of each alike group (every count of Prized Amalgams with every count of
    Ichorids ...) while that fits in half of ``MAX_COMBAT_OPTIONS``; else every set of whole groups, and all but one
    creature of each group; else none, each alone, all, all but one and all but each group. Nine attackers in four
    groups had been offered ten attacks (none, each alone, all, all but one)."""
    room = MAX_COMBAT_OPTIONS // 2  # (the rest for attacks on planeswalkers and battles)
    classes: dict[str, list[int]] = {}
    for attacker in optional:
        classes.setdefault(look(attacker), []).append(attacker)
    groups = list(classes.values())
    if math.prod(len(group) + 1 for group in groups) <= room:
        picks = [tuple(a for group, n in zip(groups, counts, strict=True) for a in group[:n])
                 for counts in itertools.product(*[range(len(group) + 1) for group in groups])]
    elif 2 ** len(groups) + len(groups) <= room:
        picks = [tuple(a for group, taken in zip(groups, chosen, strict=True) if taken for a in group)
                 for chosen in itertools.product((False, True), repeat=len(groups))]
        picks += [tuple(a for a in optional if a != group[0]) for group in groups if len(group) > 1]
    else:
        everyone = tuple(optional)
        picks = [(), *[(a,) for a in optional], everyone, *[tuple(x for x in everyone if x != a) for a in optional],
                 *[tuple(x for x in everyone if x not in group) for group in groups if len(group) > 1]]
    order = {a: i for i, a in enumerate(optional)}
    return sorted(dict.fromkeys(picks), key=lambda pick: (len(pick), [order[a] for a in pick]))


def damage_options(prompt: dict[str, Any], listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ways to divide a blocked attacker's combat damage among its blockers, as its controller chooses (CR 510.1c;
    the 2024 rules have no damage assignment order): for each set of blockers the damage can give lethal damage
    (the prompt's ``lethal_minimum``, which counts deathtouch and damage already marked), most first, the rest on
    one blocker that survives, or, with trample, once every blocker has lethal damage, on the player or
    planeswalker attacked (CR 702.19c); then the engine's own listing. phase lists one division only."""
    blockers = [(int(b["blocker_id"]), max(0, int(b.get("lethal_minimum") or 0)))
                for b in prompt.get("blockers") or [] if isinstance(b, dict) and "blocker_id" in b]
    total = int(prompt.get("total_damage") or 0)
    if "Normal" not in (prompt.get("assignment_modes") or ["Normal"]) or not blockers or total <= 0:
        return listed
    trample = bool(prompt.get("trample"))
    found: list[dict[str, Any]] = []

    def add(assigned: dict[int, int], over: int) -> None:
        action = {"type": "AssignCombatDamage",
                  "data": {"mode": "Normal", "assignments": [[b, assigned.get(b, 0)] for b, _ in blockers],
                           "trample_damage": over, "controller_damage": 0}}
        if action not in found:
            found.append(action)

    for size in range(len(blockers), -1, -1):
        for killed in itertools.combinations(blockers, size):
            rest = total - sum(lethal for _, lethal in killed)
            if rest < 0:
                continue
            assigned = dict(killed)
            survivors = [b for b, _ in blockers if b not in assigned]
            if not survivors:
                if trample:
                    add(assigned, rest)
                else:  # the rest on the first blocker (more than lethal changes nothing)
                    first = blockers[0][0]
                    add({**assigned, first: assigned[first] + rest}, 0)
            for survivor in survivors:
                add({**assigned, survivor: rest}, 0)
    found += [action for action in listed if action not in found]
    return found[:MAX_COMBAT_OPTIONS]


def unknown_constraints(prompt: dict[str, Any]) -> bool:
    """Whether the attack prompt carries a requirement or restriction other than "must attack"/"can't attack"."""
    kinds = {c.get("kind") for c in (prompt.get("attacker_constraints") or {}).values()}
    return bool(kinds - {"MustAttack", "CantAttack"})


def forced_attackers(prompt: dict[str, Any]) -> dict[int, list[Any]]:
    """The creatures that must attack this combat (phase's ``attacker_constraints`` of kind ``MustAttack``), each
    with the targets it must attack if the requirement names them (empty: any target)."""
    attackers = {int(a) for a in prompt.get("valid_attacker_ids") or []}
    forced = {}
    for attacker, constraint in (prompt.get("attacker_constraints") or {}).items():
        if isinstance(constraint, dict) and constraint.get("kind") == "MustAttack" and int(attacker) in attackers:
            forced[int(attacker)] = list(constraint.get("defenders") or [])
    return forced


def block_options(prompt: dict[str, Any], look: Callable[[int], str] = str) -> list[dict[str, Any]]:
    """Real block combinations: each blocker blocks nothing or one attacker it may block, fewest blocks first, up to
    ``MAX_COMBAT_OPTIONS`` distinct ones (phase itself lists only single blocker-attacker pairs). Objects that look
    alike (``look``: the board text) are interchangeable: two Elemental tokens blocking one Knight each, or Inspector
    blocking one of three identical Knight tokens, are one choice however the ids are paired, so the cap is spent
    on choices a player can tell apart (three Knights had left room only for blocks of one Knight). An attacker that
    can't be blocked except by N or more creatures (menace; Troll of Khazad-dûm's three, the prompt's
    ``block_requirements``) is blocked by none or by N or more: one or two blockers on the Troll had been offered,
    and the engine refused them."""
    allowed = prompt.get("valid_block_targets") or {}
    targets = {int(b): [int(a) for a in (allowed.get(str(b)) or allowed.get(b) or [])]
               for b in prompt.get("valid_blocker_ids") or []}
    needed = _blockers_needed(prompt)
    classes: dict[tuple, list[int]] = {}  # blockers that look alike and may block the same attackers
    for blocker, able in targets.items():
        if able:
            classes.setdefault((look(blocker), tuple(able)), []).append(blocker)
    groups = list(classes.values())
    found: list[list[list[int]]] = []
    seen: set[tuple] = set()
    for size in range(sum(len(group) for group in groups) + 1):
        for blocks in _blocks_of_size(groups, targets, size):
            key = _block_key(blocks, look)
            if key in seen or _too_few_blockers(blocks, needed) is not None:
                continue
            seen.add(key)
            found.append(blocks)
            if len(found) >= MAX_COMBAT_OPTIONS:
                return [{"type": "DeclareBlockers", "data": {"assignments": f}} for f in found]
    return [{"type": "DeclareBlockers", "data": {"assignments": f}} for f in found]


def _blockers_needed(prompt: dict[str, Any]) -> dict[int, int]:
    """The attackers that can't be blocked except by a number of creatures or more, with that number."""
    return {int(attacker): int((requirement or {}).get("count") or 0)
            for attacker, requirement in (prompt.get("block_requirements") or {}).items()}


def _too_few_blockers(blocks: list[list[int]], needed: dict[int, int]) -> int | None:
    """An attacker that ``blocks`` blocks with fewer creatures than it requires, else None."""
    counts = Counter(attacker for _, attacker in blocks)
    return next((attacker for attacker, count in counts.items() if count < needed.get(attacker, 0)), None)


def _blocks_of_size(groups: list[list[int]], targets: dict[int, list[int]], size: int) -> Iterator[list[list[int]]]:
    """Every block assignment with ``size`` blocks, once per choice of attackers for each group of interchangeable
    blockers (its first blockers block, each a multiset of the attackers they may block)."""
    if not groups:
        if size == 0:
            yield []
        return
    group, rest = groups[0], groups[1:]
    for count in range(min(size, len(group)) + 1):
        for picked in itertools.combinations_with_replacement(targets[group[0]], count):
            for others in _blocks_of_size(rest, targets, size - count):
                yield [[blocker, attacker] for blocker, attacker in zip(group, picked, strict=False)] + others


def _block_key(blocks: list[list[int]], look: Callable[[int], str]) -> tuple:
    """What a player sees of a block assignment: each blocked attacker as it looks, with how its blockers look."""
    by_attacker: dict[int, list[str]] = {}
    for blocker, attacker in blocks:
        by_attacker.setdefault(attacker, []).append(look(blocker))
    return tuple(sorted((look(attacker), tuple(sorted(seen))) for attacker, seen in by_attacker.items()))


def validate_attack(prompt: dict[str, Any], action: dict[str, Any]) -> None:
    """Raise :class:`IllegalCombat` unless every attacker may attack, once, at a target it may attack."""
    attackers = {int(a) for a in prompt.get("valid_attacker_ids") or []}
    by_attacker = prompt.get("valid_attack_targets_by_attacker") or {}
    default_targets = prompt.get("valid_attack_targets") or []
    seen: set[int] = set()
    for pair in (action.get("data") or {}).get("attacks") or []:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise IllegalCombat(f"an attack must be [attacker, target], got {pair!r}")
        attacker, target = int(pair[0]), pair[1]
        if attacker not in attackers:
            raise IllegalCombat(f"object {attacker} cannot attack now")
        if attacker in seen:
            raise IllegalCombat(f"object {attacker} is declared as an attacker twice")
        seen.add(attacker)
        legal = by_attacker.get(str(attacker)) or by_attacker.get(attacker) or default_targets
        if target not in legal:
            raise IllegalCombat(f"object {attacker} cannot attack {target!r}")


def validate_blocks(prompt: dict[str, Any], action: dict[str, Any]) -> None:
    """Raise :class:`IllegalCombat` unless every block pairs a legal blocker with an attacker it may block, within
    its blocking capacity."""
    allowed = prompt.get("valid_block_targets") or {}
    capacity = prompt.get("block_capacities") or {}
    used: dict[int, int] = {}
    pairs: set[tuple[int, int]] = set()
    for pair in (action.get("data") or {}).get("assignments") or []:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise IllegalCombat(f"a block must be [blocker, attacker], got {pair!r}")
        blocker, attacker = int(pair[0]), int(pair[1])
        legal = [int(a) for a in (allowed.get(str(blocker)) or allowed.get(blocker) or [])]
        if not legal:
            raise IllegalCombat(f"object {blocker} cannot block now")
        if attacker not in legal:
            raise IllegalCombat(f"object {blocker} cannot block object {attacker}")
        if (blocker, attacker) in pairs:
            raise IllegalCombat(f"object {blocker} blocks object {attacker} twice")
        pairs.add((blocker, attacker))
        used[blocker] = used.get(blocker, 0) + 1
        limit = int(capacity.get(str(blocker), capacity.get(blocker, 1)) or 1)
        if used[blocker] > limit:
            raise IllegalCombat(f"object {blocker} can block at most {limit} attacker(s)")
    short = _too_few_blockers([list(pair) for pair in pairs], _blockers_needed(prompt))
    if short is not None:
        raise IllegalCombat(f"object {short} can't be blocked except by {_blockers_needed(prompt)[short]} or more "
                            "creatures")


# -- text -------------------------------------------------------------------------------------------------------


def category_of(kind: str, actions: list[dict[str, Any]]) -> str:
    """The decision type a prompt belongs to, for the prompt text and the census."""
    if kind in CATEGORIES:
        return CATEGORIES[kind]
    types = {a.get("type") for a in actions}
    if "SelectCards" in types:
        return "choose cards"
    if "ChooseX" in types:
        return "x"
    if "ChooseTarget" in types:
        return "targets"
    if any("Mode" in str(t) for t in types):
        return "modes"
    if any("Order" in str(t) for t in types):
        return "ordering"
    return "other"


def render_segments(segments: list[dict[str, Any]], seat: int | None, *, hide_cards: bool = False,
                    names: tuple[str, str] | None = None) -> str:
    """An engine log entry as text for ``seat``: players become "You"/"Opponent"; card names are withheld from
    entries the engine marks as hidden information."""
    text = []
    for segment in segments:
        kind, value = segment.get("type"), segment.get("value")
        if kind == "PlayerName":
            player = value.get("player_id")
            if names is not None and player in (0, 1):
                text.append(names[player])
            else:
                text.append("You" if player == seat else "Opponent")
        elif kind == "CardName" and hide_cards:
            text.append("a card")
        elif kind == "CardName":
            whose = value.get("controller")
            said = "" if whose not in (0, 1) else f"{names[whose]}'s " if names is not None else \
                "your " if whose == seat else "your opponent's "
            notes = [note for note in (value.get("card"), "token copy" if value.get("token_copy") else "") if note]
            if said and names is None and str(value.get("name")).startswith("The "):
                # "The One Ring (yours)": "your The One Ring" had read
                notes.insert(0, "yours" if whose == seat else "your opponent's")
                said = ""
            if said and not text and names is None:  # the line's first words
                said = said[0].upper() + said[1:]
            text.append(f"{said}{value.get('name')}" + (" token" if value.get("token") else "") +
                        (f" ({', '.join(notes)})" if notes else ""))
        elif kind == "Owner":  # (the harness's own segment: whose zone a detail's move is in)
            text.append(f"{names[value]}'s" if names is not None and value in (0, 1) else
                        "your" if value == seat else "your opponent's")
        elif kind == "Zone":
            text.append(_ZONE_NAMES.get(value, str(value)))
        else:
            text.append(str(value if not isinstance(value, dict) else value.get("name", value)))
    return "".join(text)


def _keyword(obj: dict[str, Any], keyword: str) -> Any:
    """The value of an object's keyword with a value (Evoke's cost), None where it has no such keyword."""
    return next((k[keyword] for k in obj.get("keywords") or [] if isinstance(k, dict) and keyword in k), None)
