"""Deck legality: Commander (size, singleton, commanders and pairs, colour identity, bans, brackets) and
60-card constructed formats (size, copies, sideboard, legality where the card data knows it).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from grimoire.cards.commander import can_lead, is_background
from grimoire.cards.model import Card, format_named
from grimoire.cards.names import shown
from grimoire.decks.parse import SECTIONS, DeckEntry, ParsedDeck

CONSTRUCTED_FORMATS = ("standard", "pioneer", "modern", "legacy", "vintage", "pauper")
FORMATS = ("commander", *CONSTRUCTED_FORMATS)
COMMANDER_DECK_SIZE = 100
CONSTRUCTED_MIN_MAIN = 60
CONSTRUCTED_MAX_SIDEBOARD = 15
CONSTRUCTED_MAX_COPIES = 4
# Commander brackets (Wizards of the Coast, 2025): the most Game Changers each bracket allows; None = any.
GAME_CHANGER_LIMITS = {1: 0, 2: 0, 3: 3, 4: None, 5: None}

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10}
_COPY_RULE = re.compile(r"a deck can have (any number of|up to (\w+)|only one) cards? named", re.IGNORECASE)
_REMINDER = re.compile(r"\s*\([^()]*\)")


@dataclass(frozen=True)
class Violation:
    """A broken deck rule (``severity`` "error"), something the check could not decide ("warning") or what a passed
    check counted ("note": a bracket's Game Changers)."""

    rule: str
    message: str
    cards: list[str] = field(default_factory=list)
    severity: str = "error"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    def to_dict(self) -> dict:
        return asdict(self)


def verdict(violations: Sequence[Violation]) -> str:
    """A check's verdict, the same on every surface: "not legal" where a rule is broken; "legality unknown" where
    none is but the card data does not know the format's legality for some card (a warning, not a pass: the CLI
    had said "legal as far as the data shows" of a Modern deck the bundled data cannot check); else "legal"."""
    if any(v.is_error for v in violations):
        return "not legal"
    return "legality unknown" if any(v.rule == "legality unknown" for v in violations) else "legal"


def copy_limit(card: Card, default: int) -> int | None:
    """How many copies of ``card`` a deck may hold: ``None`` for any number (basic lands, Relentless Rats)."""
    if "Basic" in card.supertypes and "Land" in card.types:
        return None
    match = _COPY_RULE.search(card.oracle_text)
    if not match:
        return default
    if match.group(1).lower().startswith("any"):
        return None
    if match.group(2):
        return _NUMBER_WORDS.get(match.group(2).lower(), default)
    return 1


def _names(cards: list[Card]) -> list[str]:
    return [card.name for card in cards]


def _copies(entries: list[DeckEntry]) -> tuple[Counter, dict[str, Card]]:
    counts: Counter = Counter()
    cards: dict[str, Card] = {}
    for entry in entries:
        counts[entry.card.oracle_id] += entry.quantity
        cards[entry.card.oracle_id] = entry.card
    return counts, cards


def _too_many_copies(entries: list[DeckEntry], default: int, rule: str) -> list[Violation]:
    counts, cards = _copies(entries)
    out = []
    for oracle_id, count in counts.items():
        card = cards[oracle_id]
        limit = copy_limit(card, default)
        if limit is not None and count > limit:
            out.append(Violation(rule, f"{count} copies of {card.name}; at most {limit} allowed", [card.name]))
    return out


def _unread_lines(deck: ParsedDeck) -> list[Violation]:
    if not deck.problems:
        return []
    lines = ", ".join(str(p.line_number) for p in deck.problems)
    # (not every such line names an unknown card: past 10,000 lines the rest is not read at all, and it had been
    # listed as an unknown card with no name)
    return [Violation("unreadable lines", f"{len(deck.problems)} line(s) could not be read (line {lines}); the deck "
                      "was checked without them", [p.text or p.reason for p in deck.problems], "warning")]


def _meld_results(deck: ParsedDeck) -> list[Violation]:
    """A meld result on a line (Brisela, Voice of Nightmares): the melded permanent printed on the backs of two
    cards, never a card in a deck (CR 712.4), still less a commander; the message names the two cards to list."""
    parts_of = deck.store.meld_parts if deck.store is not None else {}
    out = []
    for section in SECTIONS:
        for entry in deck.section(section):
            if (parts := parts_of.get(entry.card.name)) is None:
                continue
            role = "the commander" if section == "commanders" else "a card in a deck"
            out.append(Violation("meld result", f"line {entry.line_number}: {entry.card.name} is the melded back "
                                 f"half of {parts[0]} and {parts[1]}, never {role}: list those two cards instead",
                                 [entry.card.name]))
    return out


class DeckRulesError(ValueError):
    """A format or a bracket deck checks do not take; ``argument`` names which ("format" or "bracket"), for the
    surfaces' errors."""

    def __init__(self, message: str, argument: str):
        super().__init__(message)
        self.argument = argument


def deck_format(format: str) -> str:  # noqa: A002 - the word users say
    """``format``'s name as deck checks know it ("edh" is commander); :class:`DeckRulesError` for one they do not."""
    format_name = format_named(format)
    if format_name not in FORMATS:
        raise DeckRulesError(f"unknown format {shown(format)!r}; deck checks support {', '.join(FORMATS)}", "format")
    return format_name


def deck_rules(format: str, bracket: int | None = None) -> str:  # noqa: A002 - the word users say
    """``format``'s name as deck checks know it, once ``bracket`` is one it takes; :class:`DeckRulesError` naming the
    bad one. It needs no deck, so the servers answer a bad format or bracket before a deck's work waits for a slot."""
    format_name = deck_format(format)
    if bracket is not None and (isinstance(bracket, bool) or bracket not in GAME_CHANGER_LIMITS):
        raise DeckRulesError(f"bracket must be 1 to 5 (a whole number), not {shown(str(bracket))}", "bracket")
    if bracket is not None and format_name != "commander":
        raise DeckRulesError(f"bracket applies to Commander decks only, not {format_name}: leave bracket out, or "
                             "check the deck as commander", "bracket")
    return format_name


def validate_deck(deck: ParsedDeck, format: str = "commander", bracket: int | None = None) -> list[Violation]:  # noqa: A002
    """Every rule the deck breaks in ``format``, errors first; warnings say what could not be checked."""
    format_name = deck_rules(format, bracket)
    if format_name == "commander":
        found = _commander_violations(deck, bracket)
    else:
        found = _constructed_violations(deck, format_name)
    found += _meld_results(deck) + _unread_lines(deck)
    return sorted(found, key=lambda v: not v.is_error)


# --- Commander ---------------------------------------------------------------------------------------------

def _rules_lines(card: Card) -> list[str]:
    """Each line of the card's rules text without reminder text, lower case."""
    return [_REMINDER.sub("", line).strip().lower() for line in card.oracle_text.splitlines()]


def can_be_commander(card: Card) -> bool:
    """A card that can lead a deck on its own (see :func:`grimoire.cards.commander.can_lead`)."""
    return can_lead(_front_type_line(card), card.oracle_text)


def _front_type_line(card: Card) -> str:
    return (card.faces[0].type_line or "") if card.faces else card.type_line


def _pair_abilities(card: Card) -> dict[str, str]:
    """The card's pairing abilities: partner, partner with <name>, partner group, background, doctor."""
    found: dict[str, str] = {}
    for line in _rules_lines(card):
        if line == "partner":
            found["partner"] = ""
        elif line.startswith("partner with "):
            found["partner with"] = line[len("partner with "):].strip()
        elif match := re.match(r"partner\s*[—-]\s*(.+)", line):
            found["partner group"] = match.group(1).strip()
        elif line == "friends forever":
            found["partner group"] = "friends forever"
        elif line == "choose a background":
            found["choose a background"] = ""
        elif line.startswith("doctor's companion"):
            found["doctor's companion"] = ""
    return found


def _is_background(card: Card) -> bool:
    return is_background(_front_type_line(card))


def _is_time_lord_doctor(card: Card) -> bool:
    return "Creature" in card.types and {"Time Lord", "Doctor"} <= set(card.subtypes)


def legal_pair(first: Card, second: Card) -> bool:
    """Whether two cards may be commanders together (Partner, Partner with, partner groups such as Friends
    forever, Choose a Background, Doctor's companion)."""
    a, b = _pair_abilities(first), _pair_abilities(second)
    if "partner" in a and "partner" in b:
        return True
    if a.get("partner with") == second.name.lower() and b.get("partner with") == first.name.lower():
        return True
    if "partner group" in a and a.get("partner group") == b.get("partner group"):
        return True
    for abilities, other in ((a, second), (b, first)):
        if "choose a background" in abilities and _is_background(other):
            return True
        if "doctor's companion" in abilities and _is_time_lord_doctor(other):
            return True
    return False


def _commanders(deck: ParsedDeck) -> tuple[list[DeckEntry], list[DeckEntry], list[Violation]]:
    """Commanders and the 99, taking MTGO's convention (commanders alone in the sideboard) into account."""
    if deck.commanders or not deck.sideboard:
        return deck.commanders, deck.main, []
    side = deck.sideboard
    # (a Background never leads alone, but beside the commander that chooses it it is one of the pair: Abdel Adrian
    # and Candlekeep Sage after the last blank line had read as "no commander")
    if deck.count("sideboard") <= 2 and any(can_be_commander(e.card) for e in side) \
            and all(can_be_commander(e.card) or _is_background(e.card) for e in side) \
            and deck.count("main") + deck.count("sideboard") == COMMANDER_DECK_SIZE:
        note = Violation("commander", "no Commander section: took the sideboard as the commander(s), as MTGO "
                         "lists do", _names([e.card for e in side]), "warning")
        return side, deck.main, [note]
    return [], deck.main, []


def _commander_violations(deck: ParsedDeck, bracket: int | None) -> list[Violation]:
    commanders, main, out = _commanders(deck)
    if deck.sideboard and commanders is not deck.sideboard:
        out.append(Violation("sideboard", "a Commander deck has no sideboard: these cards were not checked",
                             _names([e.card for e in deck.sideboard]), "warning"))
    deck_entries = [*commanders, *main]
    size = sum(e.quantity for e in deck_entries)
    if size != COMMANDER_DECK_SIZE:
        out.append(Violation("deck size", f"the deck has {size} cards including commanders; Commander needs "
                             f"exactly {COMMANDER_DECK_SIZE}"))
    out += _too_many_copies(deck_entries, 1, "singleton")
    commander_cards = [e.card for e in commanders]
    out += _commander_choice(commander_cards, sum(e.quantity for e in commanders))
    if commander_cards:
        identity = set().union(*(c.color_identity for c in commander_cards))
        off = [e.card for e in [*main, *deck.companion] if not set(e.card.color_identity) <= identity]
        if off:
            letters = "".join(c for c in "WUBRG" if c in identity) or "colorless"
            out.append(Violation("color identity", f"{len(off)} card(s) outside the commanders' colour identity "
                                 f"({letters})", _names(off)))
    out += _legality([e.card for e in [*deck_entries, *deck.companion]], "commander")
    if bracket is not None:
        out += _game_changers([e.card for e in [*deck_entries, *deck.companion]], bracket)
    return out


def _commander_choice(commanders: list[Card], copies: int) -> list[Violation]:
    if not commanders:
        return [Violation("commander", "no commander: put it under a 'Commander' header (or 'SB:' on MTGO)")]
    out = []
    not_eligible = [c for c in commanders if not can_be_commander(c) and not _is_background(c)]
    if len(commanders) == 1 and _is_background(commanders[0]):
        not_eligible = commanders
    if not_eligible:
        out.append(Violation("commander", "can't be a commander: not a legendary creature and its text does not "
                             "say it can be your commander", _names(not_eligible)))
    if copies > 2:
        out.append(Violation("commander", f"{copies} commanders; a deck has one, or two that can pair",
                             _names(commanders)))
    elif len(commanders) == 2 and not legal_pair(*commanders):
        out.append(Violation("partner", "two commanders need Partner on both, matching 'Partner with', the same "
                             "partner group (e.g. Friends forever), 'Choose a Background' with a Background, or "
                             "'Doctor's companion' with a Time Lord Doctor", _names(commanders)))
    return out


def _game_changers(cards: list[Card], bracket: int) -> list[Violation]:
    """The deck's Game Changers against the bracket's limit: an error over it, else a note with the count, so a
    passing deck shows the bracket was checked (it had said nothing of brackets); the one bracket rule checked."""
    changers = sorted({c.name for c in cards if c.game_changer})
    limit = GAME_CHANGER_LIMITS[bracket]
    allowed = "any number" if limit is None else "none" if limit == 0 else f"at most {limit}"
    counted = f"{len(changers)} Game Changer{'' if len(changers) == 1 else 's'}; bracket {bracket} allows {allowed}"
    if limit is not None and len(changers) > limit:
        return [Violation("game changers", counted, changers)]
    return [Violation("bracket", f"{counted} (the Game Changer count is the bracket rule checked; mass land "
                      "denial, extra turns and two-card combos are not)", changers, "note")]


# --- shared and constructed ------------------------------------------------------------------------------

def _legality(cards: list[Card], format_name: str) -> list[Violation]:
    unique = list({c.oracle_id: c for c in cards}.values())
    banned = [c.name for c in unique if c.legality(format_name) == "banned"]
    not_legal = [c.name for c in unique if c.legality(format_name) == "not_legal"]
    unknown = [c.name for c in unique if c.legality(format_name) is None]
    out = []
    if banned:
        out.append(Violation("banned", f"banned in {format_name}", banned))
    if not_legal:
        out.append(Violation("not legal", f"not legal in {format_name}", not_legal))
    if unknown:
        scope = "any card" if len(unknown) == len(unique) else f"{len(unknown)} of the cards"
        out.append(Violation("legality unknown", f"the loaded card data does not know {format_name} legality for "
                             f"{scope}, so it was not checked (grimoire data update fetches full legality)",
                             unknown, "warning"))
    return out


def _constructed_violations(deck: ParsedDeck, format_name: str) -> list[Violation]:
    main = [*deck.commanders, *deck.main]
    out = []
    main_size = sum(e.quantity for e in main)
    if main_size < CONSTRUCTED_MIN_MAIN:
        out.append(Violation("deck size", f"the main deck has {main_size} cards; {format_name} needs at least "
                             f"{CONSTRUCTED_MIN_MAIN}"))
    # the companion is one of the sideboard's cards (the reader keeps it once, in its own section)
    side_size = deck.count("sideboard", "companion")
    if side_size > CONSTRUCTED_MAX_SIDEBOARD:
        among = " with the companion" if deck.companion else ""
        out.append(Violation("sideboard size", f"the sideboard has {side_size} cards{among}; at most "
                             f"{CONSTRUCTED_MAX_SIDEBOARD} allowed"))
    every = [*main, *deck.sideboard, *deck.companion]
    out += _too_many_copies(every, CONSTRUCTED_MAX_COPIES, "copies")
    counts, cards = _copies(every)
    restricted = [cards[i].name for i, n in counts.items()
                  if cards[i].legality(format_name) == "restricted" and n > 1]
    if restricted:
        out.append(Violation("restricted", f"restricted in {format_name}: at most 1 copy", restricted))
    out += _legality([e.card for e in every], format_name)
    return out
