"""Decklists in, a :class:`ParsedDeck` out: Arena, MTGO, Moxfield and plain text, and MTGJSON deck files.

Names resolve the way ``grimoire card`` finds them; a line that names no card becomes a :class:`LineProblem`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from grimoire.cards.model import Card
from grimoire.cards.names import CardNotFoundError
from grimoire.cards.store import CardDB

SECTIONS = ("commanders", "main", "sideboard", "companion")

# Header words of every export we know, folded to lower case; ``None`` means "skip the cards below".
_HEADERS = {
    "commander": "commanders", "commanders": "commanders", "command zone": "commanders",
    "deck": "main", "main": "main", "maindeck": "main", "main deck": "main", "mainboard": "main",
    "sideboard": "sideboard", "side": "sideboard", "side board": "sideboard", "sb": "sideboard",
    "companion": "companion", "companions": "companion",
    "maybeboard": None, "maybe": None, "considering": None, "tokens": None, "attractions": None,
    "stickers": None,
}
_HEADER = re.compile(r"^(?://|#)?\s*([a-z ]+?)\s*(?:\(\d+\))?\s*:?$", re.IGNORECASE)
_QUANTITY = re.compile(r"^(\d+)\s*[xX]?\s+(.+)$")
# What exporters put after the name: "(CMR) 472", "[CMR]", "*F*", "#tag", "^tag^"; all ignored.
_SET_AND_NUMBER = re.compile(r"\s+[(\[][A-Za-z0-9_]{2,6}[)\]](?:\s+[A-Za-z0-9★†\-]+)?(?=\s|$)")
_MARKERS = re.compile(r"\s+(?:\*[A-Za-z]+\*|#\S+|\^[^^]*\^)")


@dataclass(frozen=True)
class DeckEntry:
    """One resolved line: ``quantity`` copies of ``card``, as written on ``line_number`` (1-based)."""

    quantity: int
    card: Card
    line_number: int
    raw_name: str

    def to_dict(self) -> dict:
        return {"quantity": self.quantity, "name": self.card.name, "line_number": self.line_number,
                "raw_name": self.raw_name}


@dataclass(frozen=True)
class LineProblem:
    """A line that could not be read; ``reason`` says why and names the closest cards where there are any."""

    line_number: int
    text: str
    reason: str
    suggestions: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {**asdict(self), "suggestions": list(self.suggestions)}


@dataclass
class ParsedDeck:
    """A decklist by section. Cards appear as written: the same card on two lines is two entries."""

    commanders: list[DeckEntry] = field(default_factory=list)
    main: list[DeckEntry] = field(default_factory=list)
    sideboard: list[DeckEntry] = field(default_factory=list)
    companion: list[DeckEntry] = field(default_factory=list)
    problems: list[LineProblem] = field(default_factory=list)
    name: str | None = None

    def section(self, name: str) -> list[DeckEntry]:
        if name not in SECTIONS:
            raise ValueError(f"unknown deck section {name!r}; sections are {', '.join(SECTIONS)}")
        return getattr(self, name)

    def count(self, *sections: str) -> int:
        """Number of cards in these sections (all four when none are named)."""
        return sum(e.quantity for s in sections or SECTIONS for e in self.section(s))

    def to_dict(self) -> dict:
        return {"name": self.name,
                **{s: [e.to_dict() for e in self.section(s)] for s in SECTIONS},
                "problems": [p.to_dict() for p in self.problems]}


def resolve_name(name: str, db: CardDB) -> Card:
    """The card a decklist means by ``name``: the store's lookup, then the front of "Front/Back" spellings.

    Raises :class:`CardNotFoundError` with the closest names.
    """
    try:
        return db.named(name)
    except CardNotFoundError as first_error:
        # Some exporters write double-faced cards as "Front/Back" or "Front /// Back".
        front = re.split(r"\s*/{1,3}\s*", name)[0]
        if front and front != name:
            found = db.find(front)
            if found is not None:
                return found
        raise first_error


def deck_from_rows(rows: Iterable[tuple[str, int, str, int, str]], db: CardDB,
                   name: str | None = None) -> ParsedDeck:
    """Build a deck from ``(section, quantity, card name, line number, line text)`` rows, resolving names.

    The fetchers and the MTGJSON loader use this, so every source resolves names the same way.
    """
    deck = ParsedDeck(name=name)
    for section, quantity, card_name, line_number, text in rows:
        _add(deck, section, quantity, card_name, line_number, text, db)
    return deck


def _add(deck: ParsedDeck, section: str, quantity: int, card_name: str, line_number: int, text: str,
         db: CardDB, card: Card | None = None) -> None:
    if quantity < 1:
        deck.problems.append(LineProblem(line_number, text, f"quantity {quantity} is not a positive number"))
        return
    if card is None:
        try:
            card = resolve_name(card_name, db)
        except CardNotFoundError as exc:
            reason = f"no card named {card_name!r}"
            deck.problems.append(LineProblem(line_number, text, reason, tuple(exc.suggestions)))
            return
    deck.section(section).append(DeckEntry(quantity, card, line_number, card_name))


def _header(line: str) -> tuple[bool, str | None]:
    """``(True, section)`` when the line is a section header (section ``None``: cards to skip)."""
    match = _HEADER.match(line)
    if not match:
        return False, None
    word = " ".join(match.group(1).lower().split())
    if word in _HEADERS:
        return True, _HEADERS[word]
    return False, None


def _split_line(line: str) -> tuple[int, str]:
    """``(quantity, name)`` of a card line, with set codes, collector numbers and markers removed."""
    quantity, rest = 1, line
    match = _QUANTITY.match(line)
    if match:
        quantity, rest = int(match.group(1)), match.group(2)
    rest = _MARKERS.sub("", rest)
    rest = _SET_AND_NUMBER.sub("", rest)
    return quantity, rest.strip()


def _blocks_are_mtgo(lines: list[str]) -> bool:
    """An MTGO-style list without headers: a main deck, one blank line, then at most 15 sideboard cards."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        stripped = line.strip()
        if not stripped:
            if blocks[-1]:
                blocks.append([])
        elif not stripped.startswith(("//", "#")):
            blocks[-1].append(stripped)
    blocks = [b for b in blocks if b]
    if len(blocks) != 2:
        return False
    return sum(_split_line(line)[0] for line in blocks[1]) <= 15


def parse_decklist(text: str, db: CardDB) -> ParsedDeck:
    """Read a decklist in any of the common text formats.

    Sections come from headers ("Commander", "Deck", "Sideboard", "Companion", with or without "//", a
    trailing colon or a count), from ``SB:`` prefixes, or, in a list without headers, from one blank line
    between the main deck and a sideboard of at most 15 cards (MTGO's .txt). Cards under "Maybeboard" or
    "Considering" are skipped. Unreadable lines become :attr:`ParsedDeck.problems`; the rest still loads.
    """
    lines = text.splitlines()
    has_headers = any(_header(line.strip())[0] for line in lines if line.strip())
    blank_starts_sideboard = not has_headers and _blocks_are_mtgo(lines)
    deck = ParsedDeck()
    section: str | None = "main"
    in_about = False
    for number, raw in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            in_about = False
            if blank_starts_sideboard and deck.main:
                section = "sideboard"
            continue
        if line.lower() == "about":  # Arena: "About" then "Name <deck name>"
            in_about = True
            continue
        if line.lower().startswith("name ") and (in_about or not deck.count()):
            deck.name = line[5:].strip()
            continue
        if in_about:
            continue
        is_header, header_section = _header(line)
        if is_header:
            section = header_section
            continue
        if line.startswith(("//", "#")):
            continue
        line_section = section
        if line[:3].upper() == "SB:":
            line_section, line = "sideboard", line[3:].strip()
        if line_section is None:
            continue
        quantity, name = _split_line(line)
        if not name:
            deck.problems.append(LineProblem(number, raw.strip(), "no card name on this line"))
            continue
        _add(deck, line_section, quantity, name, number, raw.strip(), db)
    return deck


_MTGJSON_SECTIONS = {"commander": "commanders", "mainBoard": "main", "sideBoard": "sideboard"}


def load_mtgjson_deck(path_or_dict: str | Path | dict, db: CardDB) -> ParsedDeck:
    """Read an MTGJSON deck file (``{"data": {"name", "commander", "mainBoard", "sideBoard"}}``).

    Cards resolve by ``identifiers.scryfallOracleId`` where the store has Scryfall ids, else by name;
    a problem's ``line_number`` is the card's 1-based position in its list.
    """
    if isinstance(path_or_dict, dict):
        payload = path_or_dict
    else:
        try:
            payload = json.loads(Path(path_or_dict).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot read MTGJSON deck {path_or_dict}: {exc}") from exc
    data = payload.get("data", payload)
    if not isinstance(data, dict) or not any(key in data for key in _MTGJSON_SECTIONS):
        raise ValueError("not an MTGJSON deck: expected {'data': {'mainBoard': [...], ...}}")
    deck = ParsedDeck(name=data.get("name"))
    for key, section in _MTGJSON_SECTIONS.items():
        for position, entry in enumerate(data.get(key) or (), start=1):
            name = entry.get("name", "")
            quantity = int(entry.get("count", 1))
            oracle_id = (entry.get("identifiers") or {}).get("scryfallOracleId")
            card = db.get(oracle_id) if oracle_id else None
            _add(deck, section, quantity, name, position, f"{key}: {quantity} {name}", db, card)
    return deck
