"""What an LLM player reads and how its answers are read: the system prompt, the per-decision prompt (game log by
turn, board, hand, numbered options), the end-of-turn note request, and ``parse_choice`` for the reply.

Every function here is pure over plain data (an :class:`ArenaDeck`, ``Game.view(seat)``, a :func:`turn_log`),
so the text a model sees can be checked without a model. Only :func:`turn_log` reads a live game, through the
seat's own log and the public life totals.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from grimoire.bench.arena.cards import misreading_note, play_name
from grimoire.bench.arena.decks import ArenaDeck
from grimoire.bench.arena.game import Decision, Game
from grimoire.bench.arena.wording import listed, numbered_runs
from grimoire.render.cards import card_summary

MAX_TOOLS = 3
MAX_ZONE_CHARS = 320  # a graveyard or exile listed on the board: longer ones start "N older (viewGraveyard...)"
FULL_TURNS = 12  # the latest turns shown line by line; older ones by their header and note only
MAX_LINES_PER_TURN = 60  # a long combo turn keeps its latest lines
NOTE_REQUEST = "Write your strategy note for turn"  # scripts key the end-of-turn request on this phrase
# How an option the harness itself holds back reads (the loop guard's), told apart from the engine's refusals
WITHHELD = "withheld by this harness (the engine did not refuse it)"
ANSWER_FORMAT = 'End your reply with a line "Answer: N", where N is the number of the option you choose.'

# Bare step names in the engine log: the turn structure is known, so they only cost tokens.
LOG_NOISE = frozenset({"Untap step", "Upkeep", "Draw step", "First main phase", "Beginning of combat",
                       "Declare attackers", "Declare blockers", "Combat damage", "First strike damage",
                       "End of combat", "Second main phase", "End step", "Cleanup step"})
PHASE_NAMES = {"Untap": "untap step", "Upkeep": "upkeep", "Draw": "draw step", "PreCombatMain": "first main phase",
               "BeginCombat": "beginning of combat", "DeclareAttackers": "declare attackers step",
               "DeclareBlockers": "declare blockers step", "CombatDamage": "combat damage step",
               "FirstStrikeDamage": "first strike damage step", "EndCombat": "end of combat",
               "PostCombatMain": "second main phase", "End": "end step", "Cleanup": "cleanup step"}
_TURN_HEADER = re.compile(r"^Turn (\d+) — (You|Opponent)$")
_YOU_VERB = re.compile(r"\bYou (\w+)\b")
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do"}

_ANSWER = re.compile(r"\banswer(?:\s+is)?[\s:*#=\-]*(?:option[\s:*#]*)?(\d+)", re.IGNORECASE)
# An explicit choice that ends the reply: "3", "**3**", a last line "3", "Option 3.", "I choose 3", "... so I pick
# option 2". A number anywhere else ("I keep mana up for 2 turns.") is no answer.
_FINAL_CHOICE = re.compile(r"(?:^|\n|\b(?:option|choice|choose|chose|pick|select|take)(?:\s+option)?)[\s:*#]*(\d+)"
                           r"[\s*.!)]*$", re.IGNORECASE)
# A choice between numbers ("Answer: 2 or 3", "2/3", "option 2 or option 3") names no one option: it is no answer.
_OR = r"\s*(?:\bor\b|\band\b|/|\||,|&)\s*"
_ALTERNATIVE_AFTER = re.compile(rf"(?:\*\*)?{_OR}(?:option\s*)?\d", re.IGNORECASE)
_ALTERNATIVE_BEFORE = re.compile(rf"\d(?:\*\*)?{_OR}$", re.IGNORECASE)


@dataclass(frozen=True)
class TurnEntry:
    """One turn of the game log as a player reads it: whose turn, both life totals when it began, its lines."""

    turn: int
    active: str  # "you" or "opponent"
    life: tuple[int, int] | None  # (yours, your opponent's) at the start of the turn
    lines: tuple[str, ...]


# -- the game log ---------------------------------------------------------------------------------------------


def turn_log(game: Game, seat: int) -> list[TurnEntry]:
    """The game so far as ``seat`` may read it: one entry per turn, step-name noise dropped, "You" grammatical."""
    lines: dict[int, list[str]] = {}
    for turn, text in game.log_for(seat):
        if text and text not in LOG_NOISE and not _TURN_HEADER.match(text):
            lines.setdefault(turn, []).append(second_person(text))
    entries = []
    for turn in range(1, game.turn + 1):
        life = game.life_at_turn_start.get(turn)
        ordered = None if life is None else (life[seat], life[1 - seat])
        entries.append(TurnEntry(turn, "you" if game.turn_holder(turn) == seat else "opponent", ordered,
                                 tuple(lines.get(turn, ()))))
    return entries


def second_person(text: str) -> str:
    """'You casts X' -> 'You cast X'; 'deals 3 damage to You/Opponent' -> '... to you/your opponent'."""
    text = _YOU_VERB.sub(lambda m: f"You {_conjugate(m[1])}", text)
    text = re.sub(r"(?<=.)(?<![.!?\"] )(?<!\")\bOpponent\b", "your opponent", text)
    # (not at a sentence's or a quotation's start: "... library. you may cast that card" had read)
    return re.sub(r"(?<=.)(?<![.!?\"] )(?<!\")\bYou\b", "you", text)


def _conjugate(word: str) -> str:
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and word.islower():
        return word[:-1]
    return word


def render_log(game_log: list[TurnEntry], notes: Mapping[int, str], full_turns: int = FULL_TURNS) -> str:
    """The log text: the latest ``full_turns`` turns in full, older ones as their header and note."""
    if not game_log:
        return "(the game has not started)"
    out = []
    first_full = game_log[-1].turn - full_turns + 1
    if game_log[0].turn < first_full:
        out.append(f"(turns before {first_full} are shown by their header and your note only)")
    for entry in game_log:
        out.append(turn_header(entry))
        if entry.turn >= first_full:
            lines = list(entry.lines)
            if len(lines) > MAX_LINES_PER_TURN:
                out.append(f"  ({len(lines) - MAX_LINES_PER_TURN} earlier lines of this turn not shown)")
                lines = lines[-MAX_LINES_PER_TURN:]
            out.extend(f"  {line}" for line in lines)
        if entry.turn in notes:
            out.append(f"  Your note: {notes[entry.turn]}")
    return "\n".join(out)


def turn_header(entry: TurnEntry) -> str:
    """'Turn 3 (opponent's turn) — you 18, opponent 20'."""
    whose = "your turn" if entry.active == "you" else "opponent's turn"
    life = "" if entry.life is None else f" — you {entry.life[0]}, opponent {entry.life[1]}"
    return f"Turn {entry.turn} ({whose}){life}"


# -- the board ------------------------------------------------------------------------------------------------


def render_state(view: dict[str, Any], game_log: list[TurnEntry], scratchpad_size: int = 0, *,
                 mulligans: bool = False) -> str:
    """Life, the effects on each player, zone sizes, both graveyards and exile by name, both sides' permanents, the
    stack and the hand, from ``Game.view(seat)``. ``mulligans``: the game has not begun (its first line says so)."""
    you, them = view["you"], view["opponent"]
    seat = you["seat"]
    active = game_log[-1].active if game_log else ""
    whose = {"you": " (your turn)", "opponent": " (your opponent's turn)"}.get(active, "")
    phase = PHASE_NAMES.get(view.get("phase", ""), str(view.get("phase", "")))
    exiled = Counter(card.get("owner") for card in view.get("exile", []))
    lines = [f"Turn {view['turn']}{whose}, {phase}."]
    if mulligans:  # before the first turn begins (CR 103.5): "Turn 1, untap step" had stamped them
        first = {"you": " (you take the first turn)",
                 "opponent": " (your opponent takes the first turn)"}.get(active, "")
        lines = [f"Before the first turn{first}: mulligans."]
    lines.append(_player_line("You", you, len(you["hand"]), exiled[seat]))
    lines.append(_player_line("Opponent", them, them["hand_count"], exiled[1 - seat]))
    for label, side in (("Effects on you", you), ("Effects on your opponent", them)):
        if side.get("effects"):  # protection from everything (The One Ring) and other continuous effects on a player
            lines.append(f"{label}: {'; '.join(side['effects'])}.")
    lines.extend(zone_lines(view))
    for label, controller in (("Your permanents", seat), ("Opponent's permanents", 1 - seat)):
        mine = [card for card in view.get("battlefield", []) if card.get("controller") == controller]
        lines.append(f"{label}:" + ("" if mine else " none"))
        # summoning sickness matters only to the creatures' controller and on its controller's turn (attacking):
        # shown on the other side's creatures it had read as "cannot block"
        lines.extend(_permanent_groups(mine, sick_shown=controller in (seat, view.get("active_seat"))))
    for who, side in (("Your", you), ("Your opponent's", them)):
        if side.get("mana_pool"):
            lines.append(f"{who} mana pool: {side['mana_pool']}")
    lines.append(render_stack(view.get("stack", []), seat))
    if view.get("combat"):
        lines.append(render_combat(view["combat"]))
    hand = [card["name"] for card in you["hand"]]
    lines.append("Your hand: " + (listed(hand) if hand else "empty"))
    if scratchpad_size:
        lines.append(f"Your scratchpad holds {scratchpad_size} note(s) (readNotes shows them).")
    return "\n".join(lines)


def render_combat(combat: dict[str, Any]) -> str:
    """'Combat: Goblin Guide attacks you (blocked by Snapcaster Mage)'; attackers of one name numbered as the blocks
    offered name them ('Knight #2'). Blockers are matched to their attacker by object (grouped by name, two Goblins
    had each shown the blockers of both)."""
    blocked_by: dict[Any, list[str]] = {}
    for blocker in combat.get("blockers", []):
        for attacker in blocker.get("blocks", []):
            blocked_by.setdefault(attacker, []).append(blocker["name"])
    parts = []
    for attacker in combat.get("attackers", []):
        blockers = blocked_by.get(attacker.get("id"))
        status = f" (blocked by {', '.join(blockers)})" if blockers else (" (blocked)" if attacker["blocked"] else "")
        parts.append(f"{attacker['name']} attacks {attacker['attacks']}{status}")
    return "Combat: " + "; ".join(parts)


def zone_lines(view: dict[str, Any]) -> list[str]:
    """Both graveyards and the face-up exile by name, for delirium, delve, dredge and flashback: 'Your graveyard:
    Lightning Bolt x2, Ponder'; 'Exile: Rift Bolt (yours, suspended: 1 time counter)'. Empty zones are left out."""
    seat = view["you"]["seat"]
    lines = []
    for label, side in (("Your graveyard", view["you"]), ("Your opponent's graveyard", view["opponent"])):
        if side.get("graveyard"):
            lines.append(f"{label}: {_bounded([card['name'] for card in side['graveyard']], 'viewGraveyard')}")
    exiled = [_exiled_text(card, seat) for card in view.get("exile", [])]
    if exiled:
        lines.append(f"Exile: {_bounded(exiled, 'viewExile')}")
    return lines


def _exiled_text(card: dict[str, Any], seat: int) -> str:
    time = next((n for counter, n in (card.get("counters") or {}).items() if counter.lower() == "time"), 0)
    whose = "yours" if card.get("owner") == seat else "your opponent's"
    suspended = f", suspended: {time} time counter{'s' if time != 1 else ''}" if time else ""
    if card.get("suspending"):  # its suspend is still on the stack: the counters come as it resolves
        coming = card["suspending"]
        suspended = f", being suspended: gets {coming} time counter{'s' if coming != 1 else ''} as its suspend " \
                    "resolves"
    exiled_by = f", exiled by {card['exiled_by']}" if card.get("exiled_by") else ""
    return f"{card['name']} ({whose}{suspended}{exiled_by})"


def _bounded(texts: list[str], tool: str) -> str:
    """Texts (oldest first) counted ('Lightning Bolt x2') and cut to ``MAX_ZONE_CHARS``: the newest are kept (the
    cut had dropped them), saying how many older ones the tool shows."""
    counts = Counter(texts)
    kept: list[str] = []
    for text in reversed(counts):  # newest first, by a name's first appearance
        n = counts[text]
        item = text if n == 1 else f"{text} x{n}"
        if kept and len(listed([item, *kept])) > MAX_ZONE_CHARS:
            rest = sum(counts.values()) - sum(counts[t] for t in list(counts)[-len(kept):])
            return f"{rest} older ({tool} lists them all), then {listed(kept)}"
        kept.insert(0, item)
    return listed(kept)


def _player_line(who: str, side: dict[str, Any], hand_size: int, exiled: int) -> str:
    poison = f", {side['poison']} poison" if side.get("poison") else ""
    cards = "card" if hand_size == 1 else "cards"
    return (f"{who}: {side['life']} life{poison}; {hand_size} {cards} in hand, {side['library_count']} in library, "
            f"{len(side['graveyard'])} in graveyard, {exiled} in exile.")


SUMMONING_SICK = "can't attack or {T} yet"  # ("summoning sick" had been read as "cannot block" too)
_GROUPS = (("Creatures", "Creature"), ("Planeswalkers", "Planeswalker"), ("Lands", "Land"))


def _permanent_groups(cards: list[dict[str, Any]], sick_shown: bool = True) -> list[str]:
    groups: dict[str, list[str]] = {}
    for card in cards:
        types = card.get("types") or []
        group = next((label for label, kind in _GROUPS if kind in types), "Other")
        groups.setdefault(group, []).append(permanent_text(card, sick_shown=sick_shown))
    order = [label for label, _ in _GROUPS[:2]] + ["Other", "Lands"]
    return [f"  {label}: {_counted(groups[label])}" for label in order if label in groups]


def _counted(texts: list[str]) -> str:
    """Permanents shown alike counted once ('Goblin 1/1 (haste; token) x2'), the count before any rules text."""
    counts = Counter(texts)
    return listed(text if n == 1 else _times(text, n) for text, n in counts.items())


def _times(text: str, count: int) -> str:
    head, rules, tail = text.partition(' — "')
    return f"{head} x{count}{rules}{tail}"


def permanent_text(card: dict[str, Any], *, sick_shown: bool = True, with_text: bool = True) -> str:
    """'Delver of Secrets 1/1 (flying; tapped, can't attack or {T} yet, +1/+1 counter x2, equipped by Bonesplitter)';
    a token says so ('Orc Army 1/1 (token, +1/+1 counter)'); the opponent's permanents end with their rules text
    ('Dark Confidant 2/1 — "At the beginning of your upkeep, ..."'), left out with ``with_text=False``.
    ``sick_shown=False`` leaves summoning sickness out (a creature that may still block)."""
    text = str(card.get("name"))
    if card.get("power") is not None and card.get("toughness") is not None:
        text += f" {card['power']}/{card['toughness']}"
    if card.get("loyalty") is not None:
        text += f", loyalty {card['loyalty']}"
    status = ["token copy"] if card.get("token_copy") else ["token"] if card.get("token") else []
    if card.get("tapped"):
        status.append("tapped")
    if card.get("summoning_sick") and sick_shown:
        status.append(SUMMONING_SICK)
    if card.get("damage_marked"):
        status.append(f"{card['damage_marked']} damage")
    for counter, count in (card.get("counters") or {}).items():
        if counter.lower() != "loyalty" or card.get("loyalty") is None:  # loyalty is shown once, as a number
            status.append(f"{counter_name(counter)} counter" + (f" x{count}" if count != 1 else ""))
    if card.get("attached_to") is not None:
        verb = {"Aura": "enchanting", "Equipment": "equipping"}.get(card.get("attachment_kind"), "attached to")
        status.append(f"{verb} {card['attached_to']}")
    attachments = Counter((attachment.get("kind"), attachment.get("name")) for attachment in card.get("attachments")
                          or [])
    for (kind, name), count in attachments.items():
        verb = {"Aura": "enchanted by", "Equipment": "equipped by"}.get(kind, "with attached")
        status.append(f"{verb} {name}" + (f" x{count}" if count != 1 else ""))
    status += [f"exiling {exiled}" for exiled in card.get("exiling") or []]
    status += card.get("effects") or []
    keywords = ", ".join(card.get("keywords") or [])
    details = "; ".join(part for part in (keywords, *(card.get("abilities") or []), ", ".join(status)) if part)
    rules = " ".join(f'"{line}"' for line in card.get("text") or []) if with_text else ""
    return text + (f" ({details})" if details else "") + (f" — {rules}" if rules else "")


def counter_name(counter: str) -> str:
    """'P1P1' -> '+1/+1', 'M1M1' -> '-1/-1', 'Lore' -> 'lore': a counter as printed on cards."""
    found = re.fullmatch(r"([PM])(\d+)([PM])(\d+)", counter)
    if found:
        sign = {"P": "+", "M": "-"}
        return f"{sign[found[1]]}{found[2]}/{sign[found[3]]}{found[4]}"
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", counter).lower()


_STACK_KINDS = {"Spell": "spell", "TriggeredAbility": "triggered ability", "ActivatedAbility": "activated ability",
                "Suspend": "suspend"}


def render_stack(stack: list[dict[str, Any]], seat: int) -> str:
    """The stack, top first (the engine lists it bottom first), each item with whose it is and its targets; alike
    items next to each other once, with their numbers and count ('1-7. Bridge from Below (your opponent's triggered
    ability) x7: "..."')."""
    if not stack:
        return "Stack: empty."
    items = []
    for entry in reversed(stack):
        owner = "your" if entry.get("controller") == seat else "your opponent's"
        kind = _STACK_KINDS.get(entry.get("kind"), "ability")
        targets = entry.get("targets") or []
        aimed = f", targeting {' and '.join(targets)}" if targets else ""
        text = f': "{entry["text"]}"' if entry.get("text") and kind != "spell" else ""  # a spell's text: cardDetails
        text += f" {entry['note']}" if entry.get("note") else ""  # (what it will do now, beside the text as printed)
        resolving = ", resolving now" if entry.get("resolving") else ""
        items.append((f"{entry.get('source')} ({owner} {kind}{aimed}{resolving})", text))
    return "Stack (top first, resolves first): " + "; ".join(
        f"{numbers}. {head}{f' x{count}' if count > 1 else ''}{text}"
        for numbers, (head, text), count in numbered_runs(items))


# Slips the prompt once made ("yours spell", "P1P1 counter", loyalty twice, "You casts", "1 are put", "a Equipment
# card", "library. you may", "exalted; exalted", a rule number such as "CR 702.62a:" from the engine's text); the
# census checks every prompt for them, beside the raw engine structures.
GRAMMAR_SLIP = re.compile(r"\byours (?:spell|ability)\b|\b[PM]\d[PM]\d\b|\bloyalty \d+[^\n]*\bloyalty counter\b"
                          r"|\b(?:You|you) (?:is|has|was|(?!focus\b)[a-z]+[^s\W]s)\b|\b1 cards\b|\b1 are\b"
                          r"|\ba [aeiouAEIOU]\w* card\b|[.!?] you\b|\(([a-z]+); \1\b|\bCR \d")


def grammar_slips(text: str) -> list[str]:
    """The grammar slips in text a player is shown (empty when it reads right)."""
    return [match.group(0) for match in GRAMMAR_SLIP.finditer(text)]


# -- prompts --------------------------------------------------------------------------------------------------


def archetype(title: str) -> str:
    """A deck's archetype name from its title: 'Red Burn: the CPU's deck' -> 'Red Burn'."""
    return title.split(":", 1)[0].strip()


def decklist_text(deck: ArenaDeck) -> str:
    """One line per card: its count and real text, with what the engine plays wrongly about it (Price of Progress's
    text promises damage the engine never deals)."""
    counts = Counter(deck.names)
    by_name = {play_name(card): card for card in deck.cards}
    lines = []
    for name, count in counts.items():
        card = by_name.get(name)
        lines.append(f"{count} {card_summary(card) if card else name}{misreading_note(name)}")
    return "\n".join(lines)


def system_prompt(deck: ArenaDeck, opponent_deck_name: str, max_tools: int = MAX_TOOLS) -> str:
    """The rules of play through this harness, the matchup and the player's full decklist with card text."""
    return f"""You are playing a game of Magic: The Gathering (Legacy format) against one opponent. A rules engine \
runs the game and enforces the rules, except that it plays a few cards wrongly: each is marked "This rules \
engine plays ... wrongly" in your decklist, in cardDetails and in the options and prompts where it matters. At each \
decision it lists your legal options and you choose one.

Matchup: you play {archetype(deck.title)}; your opponent plays {archetype(opponent_deck_name)}. You know your own \
decklist (below), not the opponent's list.

How a turn runs: untap, upkeep, draw (the player who goes first skips the first draw), first main phase, combat \
(beginning, declare attackers, declare blockers, combat damage, end of combat), second main phase, end step, cleanup.
- One land per turn, in your own main phase with an empty stack. Creatures, sorceries and other non-instant \
spells: only in your main phase with an empty stack, unless the card has flash. Instants, spells with flash and \
activated abilities: whenever you have priority, except a planeswalker's loyalty abilities: one a turn for each \
planeswalker, in your main phase with an empty stack.
- Priority and the stack: spells and abilities go on the stack, last in first out. When both players pass \
priority in a row, the top object resolves; with an empty stack the game moves to the next step. You may respond \
to your opponent's spells while they are on the stack. Passing priority is how you let things resolve and move on.
- Combat: the attacker declares all attackers at once (each attack option is a whole attack); the defender then \
declares all blocks at once. Unblocked attackers deal damage to the defending player; blocked attackers and \
their blockers deal damage to each other. A creature cannot attack unless you have controlled it since the start \
of your turn (unless it has haste). Tapped creatures cannot block. Damage on creatures wears off at end of turn.
- Maximum hand size: seven. In your cleanup step you discard down to seven cards.
- A player at 0 or less life, or who must draw from an empty library, loses.
- Mulligans: keep your opening seven or shuffle and draw seven new cards; after keeping, put one card on the \
bottom of your library for each mulligan taken.
- Costs: mana is paid for you from your untapped mana sources. The engine chooses which lands to tap, and may \
sacrifice a Lotus Petal or a Treasure; you cannot choose the lands. Where it can be read ahead, the prompt says \
what the payment will tap or sacrifice (at the last target of a spell, or on the option that finishes paying). A \
Lotus Petal or Treasure may be offered for you to activate before finishing, to choose the colour it makes; a \
cast you cannot pay is refused. You may be asked which colour to make, or which cards to pay a cost with.

Each request shows the game log (one entry per turn, headed by both life totals at the start of that turn, with \
your own strategy notes), the board, your hand and every legal option as a numbered list. Choose exactly one \
option and answer with its number. Keep your reasoning short. {ANSWER_FORMAT} If the engine refuses an option, \
you are told why and asked again.

Tools: before answering you may call up to {max_tools} tools per decision; after that, answer.
- cardDetails(name): the full text of a card (any card, or a card you can see in this game)
- searchRules(query): the Comprehensive Rules, by words or rule number
- viewGraveyard(player): the cards in "you" or "opponent"'s graveyard, in order
- viewExile(): the face-up cards in exile
- searchDeck(query): which cards remain in your own library (counts only; its order is hidden); a query \
matches name, type line or rules text, "t:instant" the type line only
- searchOptions(query): the numbered options whose text contains the query
- saveNote(text) and readNotes(): a scratchpad of your own that lasts between decisions
At the end of each of your turns you are asked for a one- or two-sentence strategy note for yourself; later \
requests show it in the game log.

Hidden information: you see your own hand, both battlefields, both graveyards, exile, the stack, both life \
totals, any mana in either pool and how many cards each player holds in hand and library. You never see your \
opponent's hand or the order of any library; when an effect lets you look at a card in a library, the decision \
that uses it names the card.

The board lists each permanent with its power/toughness, keywords and state: "can't attack or {{T}} yet" marks \
a creature that has not been under its controller's control since that player's turn began (summoning sickness), \
shown on your creatures and on those of the player whose turn it is; it may still block. Your opponent's nonland \
permanents end with their rules text in quotes, as printed: there "you" and "your" mean your opponent. Both \
graveyards and exile are listed by name (suspended cards with their time counters).

Your decklist (60 cards):
{decklist_text(deck)}"""


def decision_prompt(view: dict[str, Any], game_log: list[TurnEntry], notes: Mapping[int, str], decision: Decision,
                    rejected: Mapping[int, str], scratchpad_size: int = 0) -> str:
    """One decision: the game log, the current state and the numbered options (with any the engine refused)."""
    options = "\n".join(f"{option.number}. {option.label}" for option in decision.options)
    parts = ["GAME LOG", render_log(game_log, notes), "", "NOW",
             render_state(view, game_log, scratchpad_size, mulligans=decision.category == "mulligan"), "",
             f"DECISION ({decision.category}): {decision.prompt}".rstrip(), options]
    if rejected:
        parts += ["", *(refusal_text(decision, number, why) for number, why in sorted(rejected.items())),
                  "Choose a different option."]
    parts += ["", f"Choose one option (1-{len(decision.options)}). {ANSWER_FORMAT}"]
    return "\n".join(parts)


def refusal_text(decision: Decision, number: int, why: str) -> str:
    """'The engine refused option 2 (Cast Lightning Bolt {R}): why', or for an option the harness holds back (the
    loop guard's) 'Option 2 (...) is withheld by this harness ...': the engine had been blamed for those."""
    label = f" ({decision.options[number - 1].label})" if 1 <= number <= len(decision.options) else ""
    if why.startswith(WITHHELD):
        return f"Option {number}{label} is {why}"
    return f"The engine refused option {number}{label}: {why}"


def note_prompt(view: dict[str, Any], game_log: list[TurnEntry], notes: Mapping[int, str], turn: int) -> str:
    """The end-of-turn request for a short strategy note, with the same log and state a decision shows."""
    return "\n".join(["GAME LOG", render_log(game_log, notes), "", "NOW", render_state(view, game_log), "",
                      f"{NOTE_REQUEST} {turn}: one or two sentences on your plan for the coming turns (threats to "
                      "respect, what to hold up, how you intend to win). Reply with the note only."])


def correction_prompt(n_options: int, problem: str) -> str:
    """The re-ask after an unusable reply."""
    return f"{problem} Reply with the number of one option, from 1 to {n_options}. {ANSWER_FORMAT}"


# -- reading the reply ----------------------------------------------------------------------------------------


def parse_choice(text: str, n_options: int) -> int | None:
    """The option a reply chose: its last "Answer: N" (None if out of range), else a choice that ends the reply
    ("3", "Option 3.", "... so I pick option 2"); None when there is neither. A number elsewhere in the reply
    ("I keep mana up for 2 turns.") is never read as a choice, nor is a choice between numbers ("Answer: 2 or 3",
    "2/3"): the reply gets the correction instead."""
    if not text:
        return None
    text = text.strip()
    answers = list(_ANSWER.finditer(text))
    found = answers[-1] if answers else _FINAL_CHOICE.search(text)
    if found is None or _ALTERNATIVE_AFTER.match(text, found.end(1)) or \
            _ALTERNATIVE_BEFORE.search(text, 0, found.start()):
        return None  # "Answer: 2 or 3": neither is chosen (it had been read as 2)
    number = int(found[1])
    return number if 1 <= number <= n_options else None


def clean_note(text: str, max_chars: int = 400) -> str:
    """A strategy note as stored: one line, no 'Note:' prefix, at most ``max_chars``."""
    note = " ".join(text.split())
    note = re.sub(r"^(?:\*\*)?(?:strategy )?note(?: for turn \d+)?:?(?:\*\*)?\s*", "", note, flags=re.IGNORECASE)
    return note if len(note) <= max_chars else note[: max_chars - 1].rstrip() + "…"
