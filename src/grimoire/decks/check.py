"""The one deck-check result: a read deck, the rules it breaks in a format, its statistics, and the lines whose
card name was corrected. ``grimoire deck check``, MCP ``validate_deck`` and the web's deck check return it.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from grimoire.cards.store import CardDB
from grimoire.decks.analyze import DeckStats, analyze_deck
from grimoire.decks.parse import ParsedDeck
from grimoire.decks.validate import Violation, validate_deck

# "Front/Back" and "Front /// Back" spellings of a double-faced card are a format, not a typo.
_FACE_SPLIT = re.compile(r"\s*/{1,3}\s*")


@dataclass(frozen=True)
class Correction:
    """A decklist line whose name matched a card only fuzzily: what was written and the card it was read as."""

    line_number: int
    written: str
    name: str

    def text(self) -> str:
        return f"line {self.line_number}: read {self.written!r} as {self.name}"


def deck_corrections(deck: ParsedDeck, db: CardDB) -> list[Correction]:
    """Every entry whose written name is not the card's name (nor its face, nor a "Front/Back" spelling)."""
    found = []
    for section in ("commanders", "main", "companion", "sideboard"):
        for entry in deck.section(section):
            written = entry.raw_name
            if db.names.find(written) is None and db.names.find(_FACE_SPLIT.split(written)[0]) is None:
                found.append(Correction(entry.line_number, written, entry.card.name))
    return sorted(found, key=lambda c: c.line_number)


@dataclass(frozen=True)
class DeckCheck:
    """A deck checked against ``format`` (and a Commander ``bracket``), with its statistics."""

    deck: ParsedDeck
    format: str
    bracket: int | None
    violations: list[Violation]
    stats: DeckStats
    corrections: list[Correction]

    @property
    def legal(self) -> bool:
        return not any(v.is_error for v in self.violations)

    def to_dict(self) -> dict:
        return {"format": self.format, "bracket": self.bracket, "legal": self.legal,
                "card_count": self.deck.count(), "violations": [v.to_dict() for v in self.violations],
                "corrections": [asdict(c) for c in self.corrections],
                "problems": [p.to_dict() for p in self.deck.problems], "analysis": self.stats.to_dict(),
                "deck": self.deck.to_dict()}


def check_deck(deck: ParsedDeck, db: CardDB, format: str = "commander",  # noqa: A002 - the word users say
               bracket: int | None = None) -> DeckCheck:
    """Check ``deck`` against ``format``; raises ``ValueError`` naming the bad format or bracket."""
    format_name = format.strip().lower() or "commander"
    violations = validate_deck(deck, format_name, bracket)
    return DeckCheck(deck, format_name, bracket, violations, analyze_deck(deck, format_name),
                     deck_corrections(deck, db))
