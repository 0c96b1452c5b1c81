"""Deck statistics: mana curve, colour pips against mana sources, lands, roles, and the roles a Commander
deck is short of, each with a Grimoire search that finds candidates.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, field

from grimoire.cards.mana import COLOR_ORDER, symbols
from grimoire.cards.model import Card
from grimoire.decks.parse import DeckEntry, ParsedDeck
from grimoire.decks.validate import deck_format
from grimoire.search.roles import cards_roles

# Community rules of thumb for a 100-card Commander deck (e.g. the "8x8" and command-zone templates), not
# rules of the game: (at least, at most), None where there is no bound.
COMMANDER_TARGETS: dict[str, tuple[int | None, int | None]] = {
    "lands": (36, 38),
    "ramp": (10, None),
    "draw": (10, None),
    "removal": (8, None),
    "boardwipe": (2, None),
    "protection": (3, None),
}
CURVE_BUCKETS = ("0", "1", "2", "3", "4", "5", "6", "7+")
_BASIC_TYPES = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
_LAND_SEARCH = re.compile(r"search your library for ([^.]*?)cards?", re.IGNORECASE)


@dataclass(frozen=True)
class TargetCheck:
    """How the deck compares with one rule-of-thumb target, and a search for more where it falls short."""

    role: str
    count: int
    minimum: int | None
    maximum: int | None
    search: str | None = None

    @property
    def status(self) -> str:
        if self.minimum is not None and self.count < self.minimum:
            return "short"
        if self.maximum is not None and self.count > self.maximum:
            return "over"
        return "ok"

    def to_dict(self) -> dict:
        return {**asdict(self), "status": self.status}


@dataclass(frozen=True)
class DeckStats:
    """Figures over the cards that are played: commanders and main deck (never the sideboard)."""

    format: str
    card_count: int
    land_count: int
    curve: dict[str, int]
    average_mana_value: float | None
    color_identity: str
    pips: dict[str, int]
    sources: dict[str, int]
    roles: dict[str, int]
    targets: list[TargetCheck] = field(default_factory=list)
    unknown_mana_value: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {**asdict(self), "targets": [t.to_dict() for t in self.targets]}


def is_land(card: Card) -> bool:
    """A land on its front face (a modal double-faced spell with a land back is not counted)."""
    return "Land" in card.types


def _pips(card: Card) -> Counter:
    """Coloured symbols in the card's cost; a hybrid or Phyrexian symbol counts for each of its colours."""
    found: Counter = Counter()
    for symbol in symbols(card.mana_cost):
        for letter in set(symbol.upper()) & set(COLOR_ORDER):
            found[letter] += 1
    return found


def _source_colors(card: Card, roles: list[str], deck_colors: str, identity: str | None = None) -> set[str]:
    """Colours a land or mana rock/dork can make; a land that fetches basics makes their colours; one making the
    commander's colours (Command Tower, Arcane Signet) only those of ``identity``."""
    if not is_land(card) and not {"manarock", "manadork"} & set(roles):
        return set()
    colors = set(card.produced_mana or ()) & set(COLOR_ORDER)
    if identity is not None and "commander's color identity" in (card.oracle_text or "").lower():
        colors &= set(identity)
    if not colors and is_land(card):
        for match in _LAND_SEARCH.finditer(card.oracle_text):
            wanted = match.group(1).lower()
            colors |= {c for name, c in _BASIC_TYPES.items() if name in wanted}
            if "basic land" in wanted:
                colors |= set(deck_colors)
    return colors & set(deck_colors)


def _suggested_search(role: str, identity: str) -> str:
    letters = identity.lower() or "c"
    if role == "lands":
        return f"t:land id<={letters} f:commander"
    return f"role:{role} id<={letters} f:commander -t:land"


def analyze_deck(deck: ParsedDeck, format: str | None = None) -> DeckStats:  # noqa: A002
    """Statistics of ``deck``. ``format`` defaults to "commander" when the deck names a commander; Commander
    decks are compared with :data:`COMMANDER_TARGETS`. ``ValueError`` names a format deck checks do not know."""
    format_name = deck_format(format) if format and format.strip() else \
        "commander" if deck.commanders else "constructed"
    entries: list[DeckEntry] = [*deck.commanders, *deck.main]
    curve = dict.fromkeys(CURVE_BUCKETS, 0)
    pips: Counter = Counter()
    roles: Counter = Counter()
    land_count = 0
    total_value, valued = 0.0, 0
    unknown_value = []
    card_roles_of = cards_roles((e.card for e in entries), deck.store)
    for entry in entries:
        card, quantity = entry.card, entry.quantity
        for role in card_roles_of[card.oracle_id]:
            roles[role] += quantity
        if is_land(card):
            land_count += quantity
            continue
        for color, count in _pips(card).items():
            pips[color] += count * quantity
        if card.mana_value is None:
            unknown_value.append(card.name)
            continue
        curve[CURVE_BUCKETS[min(int(card.mana_value), 7)]] += quantity
        total_value += card.mana_value * quantity
        valued += quantity
    if deck.commanders:
        identity_set = set().union(*(e.card.color_identity for e in deck.commanders))
    else:
        identity_set = set(pips) | {c for e in entries for c in e.card.color_identity if not is_land(e.card)}
    identity = "".join(c for c in COLOR_ORDER if c in identity_set)
    # a colour the cards ask for outside the commander's identity is shown too, with its sources: a deck of Atraxa
    # holding Lightning Bolt had shown no red at all
    shown = "".join(c for c in COLOR_ORDER if c in identity_set or pips[c])
    sources: Counter = Counter()
    for entry in entries:
        for color in _source_colors(entry.card, card_roles_of[entry.card.oracle_id], shown, identity):
            sources[color] += entry.quantity
    targets = []
    if format_name == "commander":
        for role, (minimum, maximum) in COMMANDER_TARGETS.items():
            count = land_count if role == "lands" else roles[role]
            check = TargetCheck(role, count, minimum, maximum)
            if check.status == "short":
                check = TargetCheck(role, count, minimum, maximum, _suggested_search(role, identity))
            targets.append(check)
    return DeckStats(
        format=format_name, card_count=sum(e.quantity for e in entries), land_count=land_count, curve=curve,
        average_mana_value=round(total_value / valued, 2) if valued else None, color_identity=identity,
        pips={c: pips[c] for c in shown}, sources={c: sources[c] for c in shown},
        roles=dict(sorted(roles.items(), key=lambda item: (-item[1], item[0]))), targets=targets,
        unknown_mana_value=sorted(set(unknown_value)),
    )
