"""The tools an LLM player may call before answering a decision: card text, rules, the zones the prompt only
counts, its own library as counts, a filter over the options, and a private scratchpad.

Each tool is a plain function of a :class:`ToolContext`; :func:`run_tool` checks the arguments and turns every
mistake into an error text for the model (flagged, so the census can count it), never an exception.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from inspect_ai.tool import ToolInfo, ToolParam, ToolParams

from grimoire.bench.arena.cards import misreading_note, play_name
from grimoire.bench.arena.decks import ArenaDeck
from grimoire.bench.arena.game import Decision, Game, ability_texts
from grimoire.bench.arena.prompt import permanent_text
from grimoire.bench.arena.wording import keyword_text
from grimoire.cards.names import CardNotFoundError
from grimoire.cards.rules import Rulebook
from grimoire.cards.store import CardDB
from grimoire.render.cards import card_summary

MAX_NOTE_CHARS = 500
MAX_NOTES = 30
MAX_RULINGS = 4
RULES_RESULTS = 5
_PLAYERS = {"you": "you", "me": "you", "mine": "you", "yours": "you", "self": "you",
            "opponent": "opponent", "opp": "opponent", "them": "opponent", "theirs": "opponent"}


class ToolArgumentError(ValueError):
    """A tool call the model got wrong; the message tells it what to do instead."""


@dataclass(frozen=True)
class ToolContext:
    """What the tools of one decision may read: the game through the seat's own view, the player's deck, the card
    store, the rules, and the player's scratchpad (a list the tools append to)."""

    game: Game
    seat: int
    decision: Decision
    deck: ArenaDeck
    db: CardDB
    rulebook: Rulebook
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ToolResult:
    """A tool's reply to the model; ``error`` when the call was unusable."""

    text: str
    error: bool = False


# -- the tools ------------------------------------------------------------------------------------------------


def card_details(context: ToolContext, name: str) -> str:
    """The card's text (and rulings), plus where copies of it are visible in this game."""
    name = _required(name, "name", "a card name, e.g. Lightning Bolt")
    seen = [(zone, card) for zone, card in _visible(context) if card["name"].lower() == name.lower()]
    card = context.db.find(name)
    if card is None and not seen:
        try:
            card = context.db.named(name)
        except CardNotFoundError:
            visible = sorted({card["name"] for _, card in _visible(context)})
            suggestions = context.db.suggest(name, 5)
            raise ToolArgumentError(f"no card named {name!r}. Closest names: {', '.join(suggestions) or 'none'}. "
                                    f"Cards in view: {', '.join(visible) or 'none'}.") from None
    lines = [card_summary(card)] if card else [_object_text(context.game, seen[0][1])]
    flaw = misreading_note(card.name if card else seen[0][1]["name"])
    if flaw:
        lines.append(flaw.strip().removeprefix("(").removesuffix(")"))
    rulings = context.db.rulings(card) if card else None
    if rulings:
        lines.append("Rulings:")
        lines.extend(f"- {ruling.comment}" for ruling in rulings[:MAX_RULINGS])
        if len(rulings) > MAX_RULINGS:
            lines.append(f"({len(rulings) - MAX_RULINGS} more rulings not shown)")
    if seen:
        lines.append("In this game: " + "; ".join(f"{zone}: {permanent_text(card)}" for zone, card in seen))
    return "\n".join(lines)


def search_rules(context: ToolContext, query: str) -> str:
    """The Comprehensive Rules for a query (words, a glossary term or a rule number)."""
    query = _required(query, "query", 'words or a rule number, e.g. "first strike" or "702.19"')
    return Rulebook.format(context.rulebook.search(query, RULES_RESULTS))


def view_graveyard(context: ToolContext, player: str) -> str:
    """One graveyard, oldest card first."""
    side = _PLAYERS.get(_required(player, "player", '"you" or "opponent"').lower())
    if side is None:
        raise ToolArgumentError(f'player must be "you" or "opponent", not {player!r}')
    view = context.game.view(context.seat)
    cards = view[side]["graveyard"]
    owner = "Your" if side == "you" else "Your opponent's"
    if not cards:
        return f"{owner} graveyard is empty."
    listed = "\n".join(f"{number}. {_zone_card(card)}" for number, card in enumerate(cards, 1))
    return f"{owner} graveyard ({len(cards)} cards, oldest first):\n{listed}"


def view_exile(context: ToolContext) -> str:
    """Every face-up card in exile, by owner."""
    view = context.game.view(context.seat)
    lines = []
    for label, owner in (("Yours", context.seat), ("Your opponent's", 1 - context.seat)):
        cards = [_zone_card(card) for card in view["exile"] if card.get("owner") == owner]
        lines.append(f"{label} ({len(cards)}): " + (", ".join(cards) if cards else "none"))
    return "Exile:\n" + "\n".join(lines)


def search_deck(context: ToolContext, query: str = "") -> str:
    """The cards left in the player's own library as counts, alphabetical (the order stays hidden), optionally only
    those whose name, type or text contains ``query``, or with ``t:instant`` (Scryfall's spelling) those whose type
    line says it; the answer says which it matched ("instant" had counted Delver of Secrets for its rules text)."""
    remaining = library_contents(context.game, context.seat, context.deck)
    total = sum(remaining.values())
    wanted = (query or "").strip().lower()
    typed = re.fullmatch(r"(?:t|type):\s*(.+)", wanted)
    if typed:
        wanted = typed[1].strip()
        texts = {play_name(card): card.type_line.lower() for card in context.deck.cards}
        said = f"with {wanted!r} in their type line"
    else:
        texts = {play_name(card): card_summary(card).lower() for card in context.deck.cards}
        said = f"with {wanted!r} in their name, type line or rules text (t:{wanted} counts by type only)"
    matches = {name: count for name, count in remaining.items()
               if not wanted or (not typed and wanted in name.lower()) or wanted in texts.get(name, "")}
    head = f"Your library: {total} cards (order hidden)"
    if not matches:
        return f"{head}; none {said}."
    listed = "\n".join(f"{count} {name}" for name, count in sorted(matches.items()))
    matched = f"; {sum(matches.values())} {said}" if wanted else ""
    return f"{head}{matched}:\n{listed}"


def search_options(context: ToolContext, query: str) -> str:
    """The current options whose text contains every word of ``query``, with their numbers."""
    words = _required(query, "query", 'words from the options, e.g. "Bolt" or "attack"').lower().split()
    found = [option for option in context.decision.options if all(w in option.label.lower() for w in words)]
    if not found:
        return f"No option matches {query!r} ({len(context.decision.options)} options in all)."
    return "\n".join(f"{option.number}. {option.label}" for option in found)


def save_note(context: ToolContext, text: str) -> str:
    """Add a note to the player's scratchpad (the oldest goes once it holds ``MAX_NOTES``)."""
    text = " ".join(_required(text, "text", "the note to keep").split())
    if len(text) > MAX_NOTE_CHARS:
        raise ToolArgumentError(f"a note holds at most {MAX_NOTE_CHARS} characters; this one has {len(text)}")
    context.notes.append(f"turn {context.game.turn}: {text}")
    del context.notes[:-MAX_NOTES]
    return f"Saved. Your scratchpad holds {len(context.notes)} note(s)."


def read_notes(context: ToolContext) -> str:
    if not context.notes:
        return "Your scratchpad is empty."
    return "\n".join(f"{number}. {note}" for number, note in enumerate(context.notes, 1))


# -- the player's own library, from what it can see -----------------------------------------------------------


def library_contents(game: Game, seat: int, deck: ArenaDeck) -> Counter:
    """The seat's library as counts: its decklist less every card of its own it can see elsewhere (hand, battlefield,
    graveyard, exile, spells on the stack, cards being exiled by delve). Tokens and copies are no cards (a token
    copy of Solitude had been taken out of the library). Built from the seat's view only, so no order or hidden card
    leaks."""
    by_face = {}
    for card in deck.cards:
        for face_name in (card.name, *(face.name for face in card.faces)):
            by_face[face_name] = play_name(card)
    view = game.view(seat)
    cards = [*view["you"]["hand"], *view["you"]["graveyard"], *view["you"].get("delving", []),
             *(card for card in view["battlefield"] + view["exile"] if card.get("owner") == seat)]
    mine = {card["id"]: card["name"] for card in cards if not card.get("token")}
    for entry in view["stack"]:  # a spell being cast is listed in the hand and on the stack: count it once
        if entry.get("controller") == seat and entry.get("kind") == "Spell" and not entry.get("copy"):
            mine.setdefault(entry["id"], entry["source"])
    seen = Counter(by_face.get(name) for name in mine.values())
    remaining = Counter(deck.names)
    remaining.subtract({name: count for name, count in seen.items() if name in remaining})
    return +remaining


# -- helpers --------------------------------------------------------------------------------------------------


def _required(value: Any, name: str, example: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ToolArgumentError(f"{name} must be {example}")
    return value.strip()


def _visible(context: ToolContext) -> list[tuple[str, dict[str, Any]]]:
    """(zone, card) for every card the seat can see."""
    view = context.game.view(context.seat)
    seat = context.seat

    def whose(card: dict[str, Any], key: str) -> str:
        return "your" if card.get(key) == seat else "opponent's"

    found = [("your hand", card) for card in view["you"]["hand"]]
    found += [(f"{whose(card, 'controller')} battlefield", card) for card in view["battlefield"]]
    found += [("your graveyard", card) for card in view["you"]["graveyard"]]
    found += [("opponent's graveyard", card) for card in view["opponent"]["graveyard"]]
    found += [(f"{whose(card, 'owner')} exile", card) for card in view["exile"]]
    found += [(f"stack ({whose(entry, 'controller')})", {"name": entry["source"], "id": None})
              for entry in view["stack"]]
    return [(zone, card) for zone, card in found if card.get("name") != "face-down card"]


def _zone_card(card: dict[str, Any]) -> str:
    types = "/".join(card.get("types") or [])
    return f"{card['name']} ({types})" if types else str(card["name"])


def _object_text(game: Game, card: dict[str, Any]) -> str:
    """A visible object the card store does not know (a token): its name, types, P/T and ability texts."""
    obj = (game.object(card["id"]) if card.get("id") is not None else None) or {}
    types = obj.get("card_types") or {}
    type_line = " ".join([*types.get("supertypes", []), *types.get("core_types", [])])
    if types.get("subtypes"):
        type_line += " — " + " ".join(types["subtypes"])
    text = f"{card['name']} — {type_line or 'object'}"
    if obj.get("power") is not None:
        text += f" {obj['power']}/{obj.get('toughness')}"
    abilities = [str(a.get("description")) for a in obj.get("abilities") or [] if a.get("description")]
    abilities = [text.replace("~", card["name"]) for text in [*abilities, *ability_texts(obj)]]
    keywords = [keyword_text(k) for k in obj.get("keywords") or []]
    details = [*keywords, *abilities]
    # (a token's abilities had been left out: "Goblin Shaman — Creature — Goblin Shaman 2/2", with no trigger)
    where = "a token: its abilities as the rules engine holds them" if obj.get("is_token") else \
        "not a card in the card store"
    return text + (": " + " / ".join(details) if details else "") + f" ({where})"


# -- the tool table -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolSpec:
    """One tool: what the model is told about it and the function that answers it."""

    info: ToolInfo
    function: Callable[..., str]


def _tool(tool_name: str, description: str, function: Callable[..., str], optional: tuple[str, ...] = (),
          /, **params: ToolParam) -> ToolSpec:
    required = [p for p in params if p not in optional]
    return ToolSpec(ToolInfo(name=tool_name, description=description,
                             parameters=ToolParams(properties=params, required=required)), function)


def _string(description: str, enum: list[str] | None = None) -> ToolParam:
    return ToolParam(type="string", description=description, enum=enum)


TOOLS = {spec.info.name: spec for spec in (
    _tool("cardDetails", "Full text and rulings of a card: any Magic card by name, or a card or token you can see "
          "in this game (also says where it is).", card_details, name=_string("The card's name, e.g. Lightning Bolt")),
    _tool("searchRules", "Search the Magic Comprehensive Rules by words, a glossary term or a rule number.",
          search_rules, query=_string('e.g. "first strike", "priority" or "702.19"')),
    _tool("viewGraveyard", "List the cards in your graveyard or your opponent's, oldest first.", view_graveyard,
          player=_string("Whose graveyard", ["you", "opponent"])),
    _tool("viewExile", "List the face-up cards in exile, by owner.", view_exile),
    _tool("searchDeck", "Which cards are left in your own library, as counts (the order is hidden); optionally only "
          "cards whose name, type line or rules text contains the query, or with t:<type> only cards of that type.",
          search_deck, ("query",),
          query=_string('e.g. "Island", "t:instant" or "t:creature"; leave out for every card')),
    _tool("searchOptions", "The options of the current decision whose text contains every word of the query, with "
          "their numbers.", search_options, query=_string('e.g. "Lightning Bolt" or "attack"')),
    _tool("saveNote", "Save a note to your private scratchpad; it lasts between decisions.", save_note,
          text=_string("The note")),
    _tool("readNotes", "Read the notes in your private scratchpad.", read_notes),
)}
TOOL_INFOS = [tool.info for tool in TOOLS.values()]


def run_tool(context: ToolContext, name: str, arguments: Any) -> ToolResult:
    """Call a tool by name with the model's arguments; any mistake comes back as an error text."""
    tool = TOOLS.get(name)
    if tool is None:
        return ToolResult(f"Error: there is no tool {name!r}; the tools are {', '.join(TOOLS)}.", error=True)
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        return ToolResult(f"Error: {name} takes named arguments, got {arguments!r}.", error=True)
    params = tool.info.parameters
    unknown = sorted(set(arguments) - set(params.properties))
    missing = [p for p in params.required or [] if p not in arguments]
    if unknown or missing:
        expected = ", ".join(params.properties) or "no arguments"
        return ToolResult(f"Error: {name} takes {expected}"
                          + (f"; unknown: {', '.join(unknown)}" if unknown else "")
                          + (f"; missing: {', '.join(missing)}" if missing else "") + ".", error=True)
    try:
        return ToolResult(tool.function(context, **arguments))
    except ToolArgumentError as error:
        return ToolResult(f"Error: {error}", error=True)
    except Exception as error:  # a tool fault must not end the game; the census counts it as a tool error
        return ToolResult(f"Error: {name} failed ({type(error).__name__}: {error}).", error=True)
